/* acy-check.h - run a litmus test under a model and report like herd7
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "acy-model.h"
#include "acy-test.h"

G_BEGIN_DECLS

/**
 * AcyCheckProgress:
 * @candidates: candidate executions given to the model so far
 * @outcomes: model outcomes judged (one per coherence order or other `with`
 *   choice); without an outcome callback, orders that fail a check whatever
 *   their last writes are skipped by the prefix and not counted
 * @allowed: outcomes the model allowed, with those a judged one stands
 *   for (see AcyEnumerateOptions.symmetry)
 * @elapsed: seconds since the start
 */
typedef struct {
  guint64 candidates;
  guint64 outcomes;
  guint64 allowed;
  gdouble elapsed;
} AcyCheckProgress;

/* Called from the checking thread, at most every few milliseconds. */
typedef void (*AcyCheckProgressFunc) (const AcyCheckProgress *progress,
                                      gpointer                user_data);

/* Called for every outcome the model gives (allowed or not), from the
 * checking thread: for --json, graphs and explanations. Return FALSE to
 * stop the check early. Setting one turns off the skipping of hopeless
 * coherence orders (acy_model_runner_set_pruning()), so that every
 * forbidden outcome is seen too. */
typedef gboolean (*AcyCheckOutcomeFunc) (const AcyCandidate *candidate,
                                         const AcyVerdict   *verdict,
                                         AcyModelEnv        *env,
                                         gpointer            user_data);

/**
 * AcyCheckOptions:
 * @max_candidates: give up with %ACY_ERROR_LIMIT beyond this many candidates (0: no bound)
 * @timeout: give up with %ACY_ERROR_LIMIT after this many seconds (0: none)
 * @n_threads: worker threads (0: one per core, at most 2 here)
 * @max_branches: choices of `with` per candidate before %ACY_ERROR_LIMIT
 *   (0: the model's default; see acy_model_runner_set_max_branches())
 * @max_memory: give up with %ACY_ERROR_LIMIT when the process has more
 *   than this many bytes of memory in use (0: half the physical memory;
 *   G_MAXUINT64: no bound)
 * @unroll_given, @unroll: herd7's -unroll, how many times a loop may go
 *   round (0 to %ACY_MAX_UNROLL, more is an error); without @unroll_given, herd7's default
 *   (%ACY_DEFAULT_UNROLL)
 * @timeout_from: the monotonic time @timeout counts from (0: the start of
 *   acy_check_run()); a caller that loaded the test with
 *   acy_test_load_full() under the same deadline passes when loading
 *   began, so that one -timeout covers loading and checking
 * @relevant_only: herd7's -speedcheck true: only the candidates whose
 *   final state bears on the condition are judged (where the proposition
 *   holds, for exists and ~exists; where it does not, for forall), as
 *   herd7 leaves the others out before its model runs: the states, counts
 *   and flags are theirs, and the observation cannot be Always (exists,
 *   ~exists) or Never (forall)
 * @observed_only: herd7's -restrict observed: of the candidates the model
 *   allows, those with a read that ends in no register the final state
 *   shows are left out (AcyCandidate.unobserved), not counted, flagged or
 *   given to @outcome
 *
 * The timeout, the cancellable and the memory bound are looked at in
 * every phase, inside one candidate's evaluation too.
 */
typedef struct {
  guint64               max_candidates;
  guint64               max_branches;
  gdouble               timeout;
  guint64               max_memory;
  gint64                timeout_from;
  gboolean              relevant_only;
  gboolean              observed_only;
  gboolean              unroll_given;
  guint                 unroll;
  guint                 n_threads;
  AcyCheckProgressFunc  progress;
  gpointer              progress_data;
  AcyCheckOutcomeFunc   outcome;
  gpointer              outcome_data;
} AcyCheckOptions;

typedef enum {
  ACY_OBSERVATION_NEVER,
  ACY_OBSERVATION_SOMETIMES,
  ACY_OBSERVATION_ALWAYS,
} AcyObservation;

/**
 * AcyState:
 * One final state reached by allowed executions.
 * @values: one value per observed variable (see acy_test_get_observed)
 * @count: allowed executions ending in this state
 * @satisfies: whether the condition's proposition holds in it
 */
typedef struct {
  const AcyValue *values;
  guint64         count;
  gboolean        satisfies;
} AcyState;

typedef struct _AcyCheckResult AcyCheckResult;

/* Runs @test under @model. NULL with @error on a limit, on cancellation,
 * on an error of the test or the model at its place, and with
 * %ACY_ERROR_NON_ADDRESS where herd7 refuses the test because the model
 * allows an execution in which a load or an RMW goes through a value
 * that is no address ("Non symbolic address: [V]"). */
AcyCheckResult *acy_check_run (const AcyTest          *test,
                               const AcyModel         *model,
                               const AcyCheckOptions  *options,
                               GCancellable           *cancellable,
                               GError                **error);
void            acy_check_result_free (AcyCheckResult *result);

const AcyTest  *acy_check_result_get_test        (const AcyCheckResult *result);
/* States in herd's order. */
guint           acy_check_result_get_n_states    (const AcyCheckResult *result);
const AcyState *acy_check_result_get_state       (const AcyCheckResult *result, guint i);
guint64         acy_check_result_get_positive    (const AcyCheckResult *result);
guint64         acy_check_result_get_negative    (const AcyCheckResult *result);
/* "Ok" in herd's output: the test's condition is validated. */
gboolean        acy_check_result_get_ok          (const AcyCheckResult *result);
AcyObservation  acy_check_result_get_observation (const AcyCheckResult *result);
const char     *acy_observation_to_string        (AcyObservation observation);
/* Flags raised by allowed executions, sorted, NULL-terminated. */
const char *const *acy_check_result_get_flags    (const AcyCheckResult *result);
/* Whether some execution is undefined (herd's Undef verdict). */
gboolean           acy_check_result_get_undefined (const AcyCheckResult *result);
const AcyCheckProgress *acy_check_result_get_stats (const AcyCheckResult *result);
/* Where a load or an RMW went through a value that is no address in
 * candidates the model forbade, left out as herd7 leaves them; NULL when
 * none was. (One the model allows fails the check instead, with
 * %ACY_ERROR_NON_ADDRESS.) */
const AcyNonAddress    *acy_check_result_get_non_address (const AcyCheckResult *result);
/* The first loop where candidates going round it more than -unroll
 * times were left out (herd7's "Loop"); NULL when none was. */
const AcyLoopCut       *acy_check_result_get_loop_cut    (const AcyCheckResult *result);

/* herd7's output for this result, Hash= line included when the test
 * has one. @show_time adds the Time line. */
void            acy_check_result_format_herd (const AcyCheckResult *result,
                                              GString              *out,
                                              gboolean              show_time);
/* One state as herd prints it: "1:r1=0; [x]=1;" */
char           *acy_check_format_state       (const AcyTest  *test,
                                              const AcyValue *values);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyCheckResult, acy_check_result_free)

G_END_DECLS
