/* acy-test.h - litmus tests (herd's C format) and their candidate executions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "acy-error.h"
#include "acy-execution.h"

G_BEGIN_DECLS

/**
 * AcyMacros:
 * A macro file in herd's `-macros` format (e.g. `WRITE_ONCE(X,V) {
 * __store{once}(X,V); }`), mapping primitives to core operations.
 */
typedef struct _AcyMacros AcyMacros;

AcyMacros *acy_macros_load   (const char *path, GError **error);
AcyMacros *acy_macros_parse  (const char *text, gssize len, const char *filename, GError **error);
void       acy_macros_free   (AcyMacros *macros);
const char *acy_macros_get_filename (const AcyMacros *macros);

/**
 * AcyTest:
 * A parsed litmus test. Immutable after parsing.
 */
typedef struct _AcyTest AcyTest;

/* @macros may be NULL (then only the core operations `__load{t}(X)`,
 * `__store{t}(X,V)`, `__fence{t}`, ... and plain `*x` accesses exist). */
AcyTest    *acy_test_parse     (const char      *text,
                                gssize           len,
                                const char      *filename,
                                const AcyMacros *macros,
                                GError         **error);
AcyTest    *acy_test_load      (const char      *path,
                                const AcyMacros *macros,
                                GError         **error);
void        acy_test_free      (AcyTest *test);

typedef enum {
  ACY_QUANT_EXISTS,       /* exists P */
  ACY_QUANT_NOT_EXISTS,   /* ~exists P */
  ACY_QUANT_FORALL,       /* forall P */
} AcyQuantifier;

/**
 * AcyTestOverride:
 * What herd7's `-conds` and `-kinds` change in a test, by its name.
 * @condition: (nullable): replaces the final condition (quantifier and
 *   proposition, e.g. "exists (1:r0=1)"); the `Hash=` stays the one of
 *   the test as written, as in herd7
 * @set_quantifier: replace the quantifier by @quantifier, keeping the
 *   proposition (`Allowed` is exists, `Forbidden` ~exists, `Required`
 *   forall)
 * @variants: (nullable): herd7's -variant tags the test is checked with
 *   (NULL-terminated): with S128 (or the test's own `Variant=S128`) a
 *   location of a 128-bit type is taken; a tag of the test's `Variant=`
 *   line must be among them, or S128
 */
typedef struct {
  const char        *condition;
  gboolean           set_quantifier;
  AcyQuantifier      quantifier;
  const char *const *variants;
} AcyTestOverride;

AcyTest    *acy_test_parse_override (const char             *text,
                                     gssize                  len,
                                     const char             *filename,
                                     const AcyMacros        *macros,
                                     const AcyTestOverride  *override,
                                     GError                **error);

/* As acy_test_parse_override() and acy_test_load(), stopping early:
 * with %ACY_ERROR_CANCELLED when @cancellable (nullable) is cancelled,
 * with %ACY_ERROR_LIMIT once g_get_monotonic_time() has reached
 * @deadline (0: none). The lexer, parser and lowering look every few
 * thousand tokens or statements, so that a long test is no longer out
 * of reach of -timeout or the window's Cancel. @override is nullable. */
AcyTest    *acy_test_parse_full (const char             *text,
                                 gssize                  len,
                                 const char             *filename,
                                 const AcyMacros        *macros,
                                 const AcyTestOverride  *override,
                                 GCancellable           *cancellable,
                                 gint64                  deadline,
                                 GError                **error);
AcyTest    *acy_test_load_full  (const char             *path,
                                 const AcyMacros        *macros,
                                 const AcyTestOverride  *override,
                                 GCancellable           *cancellable,
                                 gint64                  deadline,
                                 GError                **error);

/* Whether litmus @text calls one of herd7's C11 atomics
 * (atomic_load_explicit, atomic_thread_fence, mtx_lock, ...) outside
 * comments, in its first 256 KiB (quick enough for a main thread): a
 * test for the C11 models, which the kernel's macros cannot read. */
gboolean    acy_test_text_uses_c11 (const char *text, gssize len);
/* The first macro of @macros that litmus @text calls (outside comments,
 * in its first 256 KiB) and @except does not define: a test that uses
 * the kernel's primitives, say, which a C11 model's macros do not
 * define. NULL when none. */
const char *acy_test_text_find_macro_call (const char      *text,
                                           gssize           len,
                                           const AcyMacros *macros,
                                           const AcyMacros *except);

/* The architecture a litmus test's first line names ("C", "X86_64"),
 * read from the start of the file at @path; NULL when it cannot be read. */
char       *acy_test_file_arch (const char *path);

/* Something the test is read as that its author may not mean, where
 * herd7 reads it so without a word (a name no thread declares reads as
 * a register holding 0). */
typedef struct {
  AcyLoc      at;
  const char *message;   /* without the position: "'z' is not declared in P0: ..." */
} AcyTestWarning;

guint                 acy_test_get_n_warnings (const AcyTest *test);
const AcyTestWarning *acy_test_get_warning    (const AcyTest *test, guint i);

const char *acy_test_get_name  (const AcyTest *test);   /* "C-MP+o-mb-o+o-mb-o" */
const char *acy_test_get_arch  (const AcyTest *test);   /* "C", "X86_64" */
const char *acy_test_get_filename (const AcyTest *test);   /* as given to the parser */
/* The digest herd7 prints as `Hash=` (32 hex digits), computed from the
 * test's text as herd7 does; NULL when it cannot be (then herd7 would
 * not have read the test either). */
const char *acy_test_get_hash (const AcyTest *test);
/* The `Result:` comment's word if present ("Never", "Sometimes",
 * "Always"; with " DATARACE" appended when it says so), else NULL. */
const char *acy_test_get_expected_result (const AcyTest *test);


AcyQuantifier acy_test_get_quantifier (const AcyTest *test);
/* The condition as herd prints it after "Condition ": e.g.
 * "exists (1:r1=1 /\ 1:r2=0)" or "forall (...)", locations in brackets. */
const char   *acy_test_get_condition_text (const AcyTest *test);
/* What herd7 -speedcheck true refuses of @test's condition: an `exists`
 * whose conjunction of atoms wants a variable at two values (it reads the
 * values wanted from them, before it runs the test). FALSE and @error at
 * the atom then. */
gboolean      acy_test_check_speedcheck (const AcyTest *test, GError **error);
/* What herd7 appends to each state for the fault(...) atoms of the
 * condition (" ~Fault(P1,x); ~Fault(P0);": none ever happens in a C
 * test), or NULL. */
const char   *acy_test_get_fault_text (const AcyTest *test);

/* The observed variables, in the order herd prints them in a state:
 * registers and locations of the condition, `locations [...]` and filter.
 * Each name is printed as herd does: "1:r1", "[x]". */
guint        acy_test_get_n_observed  (const AcyTest *test);
const char  *acy_test_get_observed    (const AcyTest *test, guint i);
/* Format a value of observed variable i ("1", "-3", "x" for an address). */
char        *acy_test_format_value    (const AcyTest *test, AcyValue v);
/* The value of observed variable @i as herd7 prints and orders it: a
 * location declared `atomic_t` in the init block holds an unsigned
 * 32-bit number (atomic_dec from 0 gives 4294967295). */
AcyValue     acy_test_observed_value  (const AcyTest *test, guint i, AcyValue v);
/* The final value @v of observed variable @i as herd7 prints it in a
 * state (acy_test_observed_value(), a uint64_t one unsigned). */
char        *acy_test_format_observed (const AcyTest *test, guint i, AcyValue v);
/* Order two final states of @n observed values as herd lists them:
 * value by value, numbers by value, then addresses by name. */
int          acy_test_compare_states  (const AcyTest *test, const AcyValue *a,
                                       const AcyValue *b, guint n);

/**
 * AcyCandidate:
 * @x: the candidate execution (valid during the callback only)
 * @final: the final value of each observed variable
 * @condition: whether the condition's proposition holds in this final state
 * @filter: whether the test's `filter` holds (TRUE when it has none)
 * @images: (nullable): with symmetry on, the final values of the other
 *   candidates this one stands for that have final states of their own
 *   (not enumerated): its image under the swap of two threads that run
 *   alike, or its distinct images under the turns of a ring of threads
 *   (see AcyEnumerateOptions.symmetry); NULL when there are none
 * @image_conditions: whether the condition holds in each of @images
 * @n_images: how many arrays @images has
 * @weight: how many candidates this one stands for, all with its final
 *   state: with symmetry on, itself and its images under permutations of
 *   threads that run alike and none of whose registers the state shows,
 *   which were not enumerated (1 otherwise). Each of @images counts
 *   once more, or as often as @image_weights says.
 * @image_weights: (nullable): how many candidates each of @images stands
 *   for (NULL: one each)
 * @find_images: (nullable): with symmetry on, when the candidate stands
 *   for the permutations of threads that run alike whose final states
 *   differ (the state shows their registers, or they compute with
 *   constants of their own): call it once, before reading @weight and
 *   the images, which it sets (it goes through every permutation, so
 *   call it only for a candidate the model allows). NULL otherwise.
 * @non_address_at: (nullable): herd7's NoSymbol candidate: a load or an
 *   RMW at this place goes through @non_address_value, an integer that
 *   is no address, and reads from nowhere (no rf; its value, and what
 *   follows from it, is unknown: %NULL otherwise). herd7 judges such a
 *   candidate and refuses the test ("Non symbolic address") when the
 *   model allows it; its final state is never an outcome.
 * @non_address_value: that integer
 * @fault: (nullable): an assembly test's candidate on whose values an
 *   operation of the code is one herd7 cannot do (an address or'd with
 *   1): herd7 refuses the test when the model allows it ("Illegal
 *   operation"), as for @non_address_at; the message, with its place.
 *   Never an outcome: a value of it is unknown.
 * @claimed: it lies below a choice the claim function granted
 *   (AcyEnumerateOptions.claim): no other enumeration sharing the test
 *   sees it
 * @unobserved: with AcyEnumerateOptions.observed_only, some read of it
 *   ends in no register the final state shows (herd7's -restrict
 *   observed leaves it out once its model allowed it); of this candidate
 *   only, not of its images (so not with symmetry). FALSE otherwise.
 */
typedef struct _AcyCandidate AcyCandidate;
struct _AcyCandidate {
  const AcyExecution *x;
  const AcyValue     *final;
  gboolean            condition;
  gboolean            filter;
  const AcyValue *const *images;
  const gboolean     *image_conditions;
  guint               n_images;
  guint64             weight;
  const guint64      *image_weights;
  void              (*find_images) (const AcyCandidate *candidate);
  const AcyLoc       *non_address_at;
  AcyValue            non_address_value;
  const char         *fault;
  gboolean            claimed;
  gboolean            unobserved;
};

typedef gboolean (*AcyCandidateFunc) (const AcyCandidate *candidate,
                                      gpointer            user_data);

/* Called with part of the rf chosen (@rf_lo: the edges chosen, @rf_hi:
 * those and every edge still possible; @depth reads have an rf) and the
 * structure of @x set (its rf and final writes are not): TRUE to skip
 * every candidate it leads to. @shared: the choice lies above the claim
 * depth (AcyEnumerateOptions.claim), so every enumeration sharing the
 * test makes it, and must decide alike. */
typedef gboolean (*AcyRfPruneFunc) (const AcyExecution *x,
                                    const AcyWord      *rf_lo,
                                    const AcyWord      *rf_hi,
                                    guint               depth,
                                    gboolean            shared,
                                    gpointer            user_data);

/* Asked by an enumeration that shares a test out with others running
 * alike: TRUE when this one takes what the choice just made leads to
 * (about @size candidates: the product of the numbers of choices left).
 * Every enumeration asks at the same choices in the same order. */
typedef gboolean (*AcyClaimFunc) (guint64 size, gpointer user_data);

/**
 * AcyEnumerateOptions:
 * @max_candidates: stop with %ACY_ERROR_LIMIT beyond this many candidates (0 = no bound)
 * @prune_rf: (nullable): asked, while two or more reads are left to choose
 *   an rf for, whether to skip what the choices so far lead to
 * @deadline: stop with %ACY_ERROR_LIMIT once g_get_monotonic_time() has
 *   reached this (0 = never); looked at as often as the cancellable, also
 *   while no candidate comes out
 * @symmetry: when two threads run alike (the same paths, the same
 *   accesses to the same locations) and the final state shows the
 *   registers of both or neither, of each candidate and its image with
 *   the two swapped only one comes out, with the image's final values
 *   in @images. Only for callers that count outcomes: a model judges a
 *   candidate and its image alike, but the image's events are not there
 *   to draw. No filter, and candidates with unsolved values come out
 *   as they are. When threads that run alike show none of their
 *   registers in the final state (and no write copies a read as it is,
 *   so no value is unsolved), they are interchangeable, two or more:
 *   reading from one that nothing involves yet stands for reading from
 *   any other such one, and a candidate comes out once for all its
 *   images under permutations of them, with their number in @weight.
 *   When neither holds but the threads form a ring (thread t + 1 runs
 *   as thread t does, on locations of its own in the places of t's,
 *   the last as the first), the state shows registers only, of every
 *   thread or none, no value is a pointer and no thread takes a lock,
 *   a candidate comes out once for its orbit under the turns of the
 *   ring, with the final values of its distinct images in @images.
 * @values_unseen: take it that the caller's model reads no value: with
 *   @symmetry, threads that run alike but for constants that reach
 *   values only (no branch, address or division) are permuted too, their
 *   images solved again (AcyCandidate.find_images). Whether the model did
 *   read some (acy_model_runner_read_values()) is for the caller to see:
 *   then, where *@permuted_constants was set, enumerate again without.
 * @permuted_constants: (nullable): set to TRUE when @values_unseen made
 *   a difference
 * @order_locks: choose the order in which each lock is taken (of its
 *   LKW events) before rf, as AcyExecution.co_hint, and cut orders the
 *   prune function rules out; with @symmetry, interchangeable threads
 *   take a lock in one order for all their permutations. Only for a
 *   model that builds co with co-orders over the lock writes: the
 *   caller sees *co_hint_used and enumerates again without it when not.
 * @rmw_tags_both: herd's C semantics under variant lkmmv2: the annotation
 *   of an RMW (mb, acquire, release, ...) tags both its read and its
 *   write, and a fully ordered one has no fences around it; else (lkmmv1)
 *   mb RMWs are a ONCE read and write between two mb fences, acquire
 *   tags the read only and release the write only.
 * @unroll: herd7's -unroll: how many times a loop may go round, 0 to
 *   %ACY_MAX_UNROLL (more is an %ACY_ERROR_LIMIT error; with options
 *   NULL, %ACY_DEFAULT_UNROLL)
 * @loop_cut: where to note that candidates going round a loop more often
 *   were left out (NULL: not noted, and no time spent finding one)
 * @claim: (nullable): for enumerations that share a test out (a worker
 *   each, all enumerating alike): at one depth of the rf choices, the
 *   same in all of them (where the choices so far number some tens),
 *   asked after each choice whether this enumeration takes what it leads
 *   to; when not, it skips it. What comes out below a granted choice has
 *   @claimed set; a candidate of a structure with no read to choose an
 *   rf for comes out in all, unclaimed. Not with @max_candidates (each
 *   enumeration would count only its own).
 * @claim_data: passed to @claim
 * @observed_only: set AcyCandidate.unobserved (see
 *   acy_trace_set_mark_unobserved); not with @symmetry
 */
/**
 * AcyNonAddress:
 * Where a load or RMW took a value that is no address (an integer read
 * from memory) as its address, in a candidate the model forbade (herd7
 * refuses the test when the model allows one, and answers without them
 * otherwise: C-PPO000-019). The first such candidate judged.
 * @seen: one was judged, and forbidden
 * @at: the access
 * @value: the value it used as an address
 */
typedef struct {
  gboolean seen;
  AcyLoc   at;
  AcyValue value;
} AcyNonAddress;

/**
 * AcyLoopCut:
 * A loop that some candidate went round more than -unroll times. herd7
 * leaves such candidates out and prints "Loop" before its verdict; the
 * enumerator does the same and notes the first loop here.
 * @seen: some candidate was left out
 * @at: the loop (its `while`)
 * @unroll: the -unroll it was cut off at
 */
typedef struct {
  gboolean seen;
  AcyLoc   at;
  guint    unroll;
} AcyLoopCut;

/* herd7's default for -unroll */
#define ACY_DEFAULT_UNROLL 2
/* the largest -unroll taken (the thread runner recurses once a level) */
#define ACY_MAX_UNROLL 100

typedef struct {
  guint64         max_candidates;
  AcyRfPruneFunc  prune_rf;
  gpointer        prune_data;
  gint64          deadline;
  gboolean        symmetry;
  gboolean        rmw_tags_both;
  gboolean        order_locks;
  gboolean        values_unseen;
  gboolean       *permuted_constants;
  guint           unroll;
  AcyLoopCut     *loop_cut;
  AcyClaimFunc    claim;
  gpointer        claim_data;
  gboolean        observed_only;
} AcyEnumerateOptions;

/* Enumerate every candidate execution (per thread paths, rf, final writes)
 * and call @func for each. Returns FALSE with @error on a limit (also the
 * deadline), on cancellation (%ACY_ERROR_CANCELLED) or a semantic error in
 * the test (with file:line:col); TRUE otherwise, also when @func stopped
 * early. */
gboolean    acy_test_enumerate (const AcyTest              *test,
                                const AcyEnumerateOptions  *options,
                                AcyCandidateFunc            func,
                                gpointer                    user_data,
                                GCancellable               *cancellable,
                                GError                    **error);

/* Add @path to @out (newly allocated strings) if it is a file, or every
 * `*.litmus` file below it, in name order, if it is a directory: each
 * file and directory once however links reach it, at most 64 levels
 * down. */
void        acy_test_collect_files (const char   *path,
                                    GPtrArray    *out,
                                    GCancellable *cancellable);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyMacros, acy_macros_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyTest, acy_test_free)

G_END_DECLS
