/* acy-model.h - cat models: load once, judge candidate executions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "acy-error.h"
#include "acy-execution.h"

G_BEGIN_DECLS

/* The flag of an execution a model leaves undefined (`undefined_unless`),
 * named as herd prints it. */
#define ACY_CHECK_FLAG_UNDEF "*undef*"

/**
 * AcyModel:
 *
 * A parsed cat model together with its bell file (if any) and every file
 * they include (the prelude `stdlib.cat` is included implicitly, as herd
 * does). Immutable once loaded; may be shared between threads, each using
 * its own #AcyModelRunner.
 */
typedef struct _AcyModel AcyModel;

/**
 * AcyModelSource:
 * Where a model comes from. Either @cat_path or @cat_text must be set;
 * @cat_text (with @cat_path naming it in messages, e.g. an unsaved
 * editor buffer) takes precedence. @include_dirs is a NULL-terminated
 * search path for `include "file"` (the directory of the cat file is
 * searched first, then these, then the built-in models directory).
 * @variants is NULL-terminated (herd's `-variant`, tested by
 * `if "name" then ... else ... end`).
 * @skip_checks (herd's `-skipchecks`) is NULL-terminated: the checks and
 * flags named so (`as NAME`) are left out of the model. @through (herd's
 * `-through all` or `invalid`) leaves out every `acyclic`, `irreflexive`
 * and `empty` check (flags and `undefined_unless` stay), so that every
 * candidate is allowed. With @strict_skip (herd's `-strictskip true`) the
 * checks and flags named in @skip_checks stay, turned into checks that
 * must fail (a call named so runs its body as one test that must fail): herd7 then keeps only the outcomes that fail every skipped
 * check; a name no check of the model has is an error (herd7 would keep
 * nothing).
 * @cancellable (nullable) and @deadline (monotonic time, 0: none) stop
 * a long load with %ACY_ERROR_CANCELLED or %ACY_ERROR_LIMIT, as they
 * stop a check.
 */
typedef struct {
  const char         *cat_path;
  const char         *cat_text;
  const char         *bell_path;     /* nullable */
  const char *const  *include_dirs;  /* nullable */
  const char *const  *variants;      /* nullable */
  const char *const  *skip_checks;   /* nullable */
  gboolean            through;
  gboolean            strict_skip;
  GCancellable       *cancellable;   /* nullable */
  gint64              deadline;
} AcyModelSource;

AcyModel    *acy_model_load      (const AcyModelSource *source,
                                  GError              **error);
void         acy_model_free      (AcyModel *model);
/* The model's title: the leading string of the cat file ("Toy RMO"), or
 * the file's base name without extension when it has none. */
const char  *acy_model_get_name  (const AcyModel *model);
/* The architecture herd takes the model to be for: its title's first
 * word when that names one ("X86" for `X86 TSO`), else NULL (any). */
const char  *acy_model_get_arch  (const AcyModel *model);
/* Whether @word is one of herd's architecture names (C, X86, AArch64...). */
gboolean     acy_model_is_arch_name (const char *word);
/* Whether the model was loaded with variant @name (herd's -variant). */
gboolean     acy_model_has_variant (const AcyModel *model, const char *name);

/**
 * AcyVerdict:
 * @allowed: TRUE when every check of the model passed
 * @failed_check: name of the failing check (`as NAME`, else the check as
 *   written, e.g. "acyclic rmo-order"), NULL when allowed
 * @failed_kind: "acyclic", "irreflexive" or "empty" (NULL when allowed);
 *   "call" for a call -strictskip runs as one test
 * @failed_loc: where the failing check is written
 * @failed_text: the failing check as written, without its `as NAME`
 *   ("acyclic po | com"), NULL when allowed or for a call
 * @failed_relation: the relation the failing check tested (n x n bits),
 *   for drawing its cycle / pairs; NULL when allowed
 * @flags: names of the `flag` checks raised, NULL-terminated; a failed
 *   `undefined_unless` raises %ACY_CHECK_FLAG_UNDEF
 */
typedef struct {
  gboolean            allowed;
  const char         *failed_check;
  const char         *failed_kind;
  AcyLoc              failed_loc;
  const char         *failed_text;
  const AcyWord      *failed_relation;
  const char *const  *flags;
  guint               n_flags;
} AcyVerdict;

/* The environment at the end of one model outcome: look up what the model
 * bound (co, fr, hb, ...), for graphs and explanations. Valid only inside
 * the verdict callback. */
typedef struct _AcyModelEnv AcyModelEnv;

typedef enum {
  ACY_MODEL_VALUE_OTHER,
  ACY_MODEL_VALUE_SET,
  ACY_MODEL_VALUE_RELATION,
} AcyModelValueKind;

AcyModelValueKind acy_model_env_lookup (AcyModelEnv    *env,
                                        const char     *name,
                                        const AcyWord **bits);
/* Names bound by the model files themselves (not the prelude), in order
 * of definition, NULL-terminated; owned by the model. */
const char *const *acy_model_get_defined_names (const AcyModel *model);
/* Names listed by `show` in the model, NULL-terminated. */
const char *const *acy_model_get_shown_names   (const AcyModel *model);
/* Where @name is bound at the top level (its last `let` / `let rec`);
 * @loc->file interned. FALSE when nowhere. */
gboolean           acy_model_get_definition    (const AcyModel *model,
                                                const char     *name,
                                                AcyLoc         *loc);

/**
 * AcyVerdictFunc:
 * Called once per outcome of the model on a candidate: a model with
 * `with x from S` yields one outcome per choice (e.g. one per coherence
 * order). Return FALSE to stop the evaluation early.
 */
typedef gboolean (*AcyVerdictFunc) (const AcyExecution *x,
                                    const AcyVerdict   *verdict,
                                    AcyModelEnv        *env,
                                    gpointer            user_data);

/**
 * AcyModelRunner:
 * Per-thread evaluation state (arenas, caches). Not thread-safe; create
 * one per worker thread.
 */
typedef struct _AcyModelRunner AcyModelRunner;

AcyModelRunner *acy_model_runner_new   (const AcyModel *model);
void            acy_model_runner_free  (AcyModelRunner *runner);
/* With pruning on, the runner leaves out outcomes that some check
 * rejects for certain (a coherence order whose first writes already
 * break coherence, say) instead of reporting them one by one: allowed
 * outcomes and their flags are the same, forbidden ones are fewer.
 * Off by default: callers that want every outcome leave it so. */
void            acy_model_runner_set_pruning (AcyModelRunner *runner,
                                              gboolean        prune);
/* With pruning on, the checks under the innermost `with` run from a
 * plan made once rather than through the interpreter (same answers);
 * FALSE turns that off, to compare. On by default. */
void            acy_model_runner_set_plans   (AcyModelRunner *runner,
                                              gboolean        plans);
/* How many checks the runner's plans ran, and gave back to the
 * interpreter, so far (for tests). */
void            acy_model_runner_plan_counts (AcyModelRunner *runner,
                                              guint64        *runs,
                                              guint64        *gave_up);
/* At most @max choices of `with` (and prefixes judged) per candidate,
 * nested withs multiplying, before a limit error; 0 for the default
 * (4 000 000). */
void            acy_model_runner_set_max_branches (AcyModelRunner *runner,
                                                   guint64         max);
/* Evaluation stops with %ACY_ERROR_CANCELLED when @cancellable is
 * cancelled, with %ACY_ERROR_LIMIT past @deadline (monotonic time; 0:
 * none) or with more than @max_memory bytes in use (0: no bound): it
 * looks every few thousand evaluations, at each choice of `with` and at
 * each round of a recursive definition. */
void            acy_model_runner_set_halt (AcyModelRunner *runner,
                                           GCancellable   *cancellable,
                                           gint64          deadline,
                                           guint64         max_memory);
/* With pruning on: whether every candidate of @x's event structure whose
 * rf lies between @rf_lo and @rf_hi (relations; final writes any) is
 * forbidden, so an enumerator may skip them; @depth reads have their rf
 * (what is worth judging depends on it). FALSE when unsure. Only the
 * structure of @x is read. @who says which workers judge the choice. */
typedef enum {
  /* every worker, each seeing every candidate: decided alike */
  ACY_RF_JUDGED_BY_ALL,
  /* every worker, above the parts they deal out (AcyEnumerateOptions.
   * claim): decided alike, whatever each took below, so what is worth
   * judging is learnt apart, from what all of them see (such choices,
   * the candidates outside any part, each part's size:
   * acy_model_runner_rf_part()) */
  ACY_RF_JUDGED_SHARED,
  /* this worker only (in a part it took, or the only one): it may use
   * what its own candidates left */
  ACY_RF_JUDGED_OWN,
} AcyRfJudged;

gboolean        acy_model_runner_rf_hopeless (AcyModelRunner     *runner,
                                              const AcyExecution *x,
                                              const AcyWord      *rf_lo,
                                              const AcyWord      *rf_hi,
                                              guint               depth,
                                              AcyRfJudged         who);
/* Tells the runner that a candidate came out of the choices it judged
 * with acy_model_runner_rf_hopeless(), for it to learn what skipping
 * saves; @shared: every worker sharing the test out sees it (it lies in
 * no part one of them took). Workers that must skip alike must be told
 * alike. */
void            acy_model_runner_rf_chosen   (AcyModelRunner     *runner,
                                              gboolean            shared);
/* Tells the runner that the enumeration came to a part of the test that
 * one worker takes (AcyEnumerateOptions.claim), of about @size
 * candidates: what the shared choices above it lead to. Every worker is
 * told, whichever takes it. */
void            acy_model_runner_rf_part     (AcyModelRunner     *runner,
                                              guint64             size);
/* Whether the model, in some execution @runner judged since it was
 * made, read the values of some events (different-values of a relation
 * that was not empty): if not, the answers would have been
 * the same with other values. */
gboolean        acy_model_runner_read_values (AcyModelRunner *runner);

/* Judge one candidate. Returns FALSE with @error set on a model error
 * (type error, runaway recursion, ...), which carries a file:line:col of
 * the model; TRUE otherwise (also when the callback stopped early). */
gboolean        acy_model_runner_check (AcyModelRunner     *runner,
                                        const AcyExecution *x,
                                        AcyVerdictFunc      func,
                                        gpointer            user_data,
                                        GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyModel, acy_model_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyModelRunner, acy_model_runner_free)

G_END_DECLS
