/* test-prune.c - skipping hopeless coherence orders changes no answer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Without an outcome callback, a check skips every coherence order whose
 * first writes already fail a check, and every candidate whose rf, as far
 * as chosen, already does (acy-cat-bounds.c); of two threads that run
 * alike, it judges one of each candidate and its mirror image
 * (AcyEnumerateOptions.symmetry). Each test here runs the same test and
 * model twice, with the skipping (no callback) and without it (a
 * counting callback), and wants the same states, counts, flags and
 * verdict, and, where the model has something to cut, fewer outcomes
 * judged.
 */
#define G_LOG_DOMAIN "acyclic-test"
#include "config.h"

#include <string.h>

#include "acyclic.h"

/* Primitives in herd's macro format, enough for lock-style tests. */
static const char macros_text[] =
  "READ_ONCE(X) __load{once}(X)\n"
  "WRITE_ONCE(X,V) { __store{once}(X,V); }\n"
  "smp_store_release(X,V) { __store{release}(*X,V); }\n"
  "smp_load_acquire(X) __load{acquire}(*X)\n"
  "xchg(X,V) __xchg{mb}(X,V)\n"
  "xchg_acquire(X,V) __xchg{acquire}(X,V)\n"
  "smp_mb() { __fence{mb}; }\n"
  "spin_lock(X) { __lock(X); }\n"
  "spin_unlock(X) { __unlock(X); }\n";

/* A model in the LKMM's shape: coherence orders from cos-opt.cat, then
 * coherence, atomicity of read-modify-writes, and an order built from
 * them with fences and release/acquire, plus a flag that only allowed
 * outcomes may raise. */
static const char model_text[] =
  "\"prune test\"\n"
  "include \"cos-opt.cat\"\n"
  "let com = rf | co | fr\n"
  "acyclic po-loc | com as coherence\n"
  "empty rmw & (fre ; coe) as atomic\n"
  "enum Annotations = 'once || 'acquire || 'release || 'mb\n"
  "let ord = ([Acquire | Mb] ; po) | (po ; [Release | Mb]) | fencerel(Mb)\n"
  "let hb = ord | rfe | ((co | fr) & ext)\n"
  "acyclic hb as order\n"
  "flag ~empty (rf & int) as reads-own\n";

/* Three threads take a lock with xchg_acquire and release it: the
 * writes to sl have thousands of orders, most breaking atomicity. */
static const char lock_test[] =
  "C three-lockers\n"
  "{ }\n"
  "P0(int *sl, int *x) { int r0; int r1;\n"
  "  r0 = xchg_acquire(sl, 1); r1 = READ_ONCE(*x); WRITE_ONCE(*x, 1);\n"
  "  smp_store_release(sl, 0); }\n"
  "P1(int *sl, int *x) { int r0; int r1;\n"
  "  r0 = xchg_acquire(sl, 1); r1 = READ_ONCE(*x); WRITE_ONCE(*x, 2);\n"
  "  smp_store_release(sl, 0); }\n"
  "P2(int *sl, int *x) { int r0; int r1;\n"
  "  r0 = xchg_acquire(sl, 1); r1 = READ_ONCE(*x); WRITE_ONCE(*x, 3);\n"
  "  smp_store_release(sl, 0); }\n"
  "exists (0:r0=0 /\\ 1:r0=0 /\\ 2:r0=0)\n";

/* Four writes to one location and no read-modify-write. */
static const char writes_test[] =
  "C four-writers\n"
  "{ }\n"
  "P0(int *x, int *y) { int r0; WRITE_ONCE(*x, 1); smp_mb(); r0 = READ_ONCE(*y); WRITE_ONCE(*x, 2); }\n"
  "P1(int *x, int *y) { int r0; WRITE_ONCE(*y, 1); smp_mb(); r0 = READ_ONCE(*x); WRITE_ONCE(*x, 3); }\n"
  "P2(int *x) { int r0; int r1; r0 = READ_ONCE(*x); r1 = READ_ONCE(*x); }\n"
  "exists (0:r0=0 /\\ 1:r0=0)\n";

static gboolean
count_outcome (const AcyCandidate *c, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  (*(guint64 *) data)++;
  return TRUE;
}

static AcyCheckResult *
run (const AcyTest *test, const AcyModel *model, gboolean prune, guint n_threads)
{
  g_autoptr(GError) error = NULL;
  guint64 seen = 0;
  AcyCheckOptions opts = { .n_threads = n_threads };
  AcyCheckResult *r;

  if (!prune)
    {
      opts.outcome = count_outcome;
      opts.outcome_data = &seen;
    }
  r = acy_check_run (test, model, &opts, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  if (!prune)
    g_assert_cmpuint (seen, ==, acy_check_result_get_stats (r)->outcomes);
  return r;
}

/* herd7's output and how many executions reach each state. */
static void
assert_same_result (AcyCheckResult *a, AcyCheckResult *b)
{
  g_autoptr(GString) ta = g_string_new (NULL);
  g_autoptr(GString) tb = g_string_new (NULL);

  acy_check_result_format_herd (a, ta, FALSE);
  acy_check_result_format_herd (b, tb, FALSE);
  g_assert_cmpstr (ta->str, ==, tb->str);
  g_assert_cmpuint (acy_check_result_get_n_states (a), ==, acy_check_result_get_n_states (b));
  for (guint i = 0; i < acy_check_result_get_n_states (a); i++)
    g_assert_cmpuint (acy_check_result_get_state (a, i)->count, ==,
                      acy_check_result_get_state (b, i)->count);
}

/* Both runs agree on everything herd7 prints, and so does a skipping
 * run with two workers (which deal out the candidates, so both must
 * skip alike); returns the outcomes judged and the candidates
 * enumerated, with and without skipping. */
typedef struct {
  guint64 outcomes, candidates;
} Judged;

static void
compare_runs (const AcyTest *test, const AcyModel *model, Judged *pruned, Judged *full)
{
  g_autoptr(AcyCheckResult) a = run (test, model, TRUE, 1);
  g_autoptr(AcyCheckResult) b = run (test, model, FALSE, 1);
  g_autoptr(AcyCheckResult) two = run (test, model, TRUE, 2);

  assert_same_result (a, b);
  assert_same_result (two, b);
  g_assert_cmpuint (acy_check_result_get_stats (a)->allowed, ==,
                    acy_check_result_get_stats (b)->allowed);
  /* (some candidates are skipped whole, by part of their rf; but with
   * locks, a skipping run has one candidate per lock order and rf) */
  pruned->outcomes = acy_check_result_get_stats (a)->outcomes;
  full->outcomes = acy_check_result_get_stats (b)->outcomes;
  pruned->candidates = acy_check_result_get_stats (a)->candidates;
  full->candidates = acy_check_result_get_stats (b)->candidates;
  g_assert_cmpuint (pruned->outcomes, <=, full->outcomes);
}

static AcyMacros *
macros (void)
{
  g_autoptr(GError) error = NULL;
  AcyMacros *m = acy_macros_parse (macros_text, -1, "prune.def", &error);

  g_assert_no_error (error);
  return m;
}

static AcyModel *
model (void)
{
  AcyModelSource src = { .cat_path = "prune.cat", .cat_text = model_text };
  g_autoptr(GError) error = NULL;
  AcyModel *m = acy_model_load (&src, &error);

  g_assert_no_error (error);
  return m;
}

static AcyTest *
parse (const char *text, AcyMacros *m)
{
  g_autoptr(GError) error = NULL;
  AcyTest *t = acy_test_parse (text, -1, "prune.litmus", m, &error);

  g_assert_no_error (error);
  return t;
}

/* compare_runs on @litmus under the test's model and macros. */
static void
compare_litmus (const char *litmus, Judged *pruned, Judged *full)
{
  g_autoptr(AcyMacros) mac = macros ();
  g_autoptr(AcyModel) mod = model ();
  g_autoptr(AcyTest) test = parse (litmus, mac);

  compare_runs (test, mod, pruned, full);
}

static void
test_locks (void)
{
  Judged pruned, full;

  compare_litmus (lock_test, &pruned, &full);
  g_test_message ("locks: %" G_GUINT64_FORMAT " outcomes judged instead of %" G_GUINT64_FORMAT
                  ", %" G_GUINT64_FORMAT " candidates instead of %" G_GUINT64_FORMAT,
                  pruned.outcomes, full.outcomes, pruned.candidates, full.candidates);
  /* Most orders of sl break atomicity after two writes... */
  g_assert_cmpuint (pruned.outcomes * 3, <, full.outcomes * 2);
  /* ...and two xchgs reading the same write do whatever the order is. */
  g_assert_cmpuint (pruned.candidates, <, full.candidates);
}

static void
test_writes (void)
{
  Judged pruned, full;

  compare_litmus (writes_test, &pruned, &full);
  g_assert_cmpuint (pruned.outcomes, <, full.outcomes);
}

/* Three lockers, two of which run alike (P1 and P2 are swapped): the
 * states, and how many executions reach each, as without symmetry, also
 * under a condition that tells the two apart. With the registers of only
 * one of them in the state there is no symmetry; with both, about half
 * as many candidates are judged. */
static void
test_symmetry (void)
{
  static const char *const conds[] = {
    "exists (0:r0=0 /\\ 1:r0=0 /\\ 2:r0=0)",
    "exists (1:r0=0 /\\ 1:r1=2 /\\ 2:r0=1 /\\ 2:r1=0)",
    "exists (0:r1=2 /\\ [x]=1)",
    "exists (1:r1=1)",
  };
  guint64 candidates[G_N_ELEMENTS (conds)];

  for (guint i = 0; i < G_N_ELEMENTS (conds); i++)
    {
      g_autofree char *text = g_strdup_printf (
        "C alike\n{ }\n"
        "P0(int *sl, int *x) { int r0; int r1; r0 = xchg_acquire(sl, 1);\n"
        "  r1 = READ_ONCE(*x); WRITE_ONCE(*x, 2); smp_store_release(sl, 0); }\n"
        "P1(int *sl, int *x) { int r0; int r1; r0 = xchg_acquire(sl, 1);\n"
        "  if (r0 == 0) { r1 = READ_ONCE(*x); WRITE_ONCE(*x, 1); } smp_store_release(sl, 0); }\n"
        "P2(int *sl, int *x) { int r0; int r1; r0 = xchg_acquire(sl, 1);\n"
        "  if (r0 == 0) { r1 = READ_ONCE(*x); WRITE_ONCE(*x, 1); } smp_store_release(sl, 0); }\n"
        "%s\n", conds[i]);
      Judged pruned, full;

      compare_litmus (text, &pruned, &full);
      g_test_message ("%s: %" G_GUINT64_FORMAT " candidates instead of %" G_GUINT64_FORMAT,
                      conds[i], pruned.candidates, full.candidates);
      candidates[i] = pruned.candidates;
    }
  /* the same rfs for the first two conditions and the last */
  g_assert_cmpuint (candidates[0] * 3, <, candidates[3] * 2);
  g_assert_cmpuint (candidates[1] * 3, <, candidates[3] * 2);
}

/* Threads that run alike and show no register are interchangeable:
 * reading from one nothing involves yet stands for reading from any
 * other (AcyCandidate.weight). Three lockers increment x, each following
 * one of two paths (it got the lock or not), beside a fourth thread that
 * differs and shows its register: the same states and counts as without
 * symmetry, under conditions on x and on the fourth thread, with far
 * fewer candidates judged. */
static void
test_interchangeable (void)
{
  static const char *const conds[] = {
    "exists (x=3)",
    "exists (x=2 /\\ 3:r0=1)",
    "exists (3:r0=0)",
  };
  static const char locker[] =
    "P%u(int *sl, int *x) { int r0; int r1; r0 = xchg_acquire(sl, 1);\n"
    "  if (r0 == 0) { r1 = READ_ONCE(*x); WRITE_ONCE(*x, r1 + 1); } smp_store_release(sl, 0); }\n";

  for (guint i = 0; i < G_N_ELEMENTS (conds); i++)
    {
      g_autoptr(GString) text = g_string_new ("C interchangeable\n{ }\n");
      g_autoptr(AcyMacros) mac = macros ();
      g_autoptr(AcyModel) mod = model ();
      g_autoptr(AcyTest) test = NULL;
      Judged pruned, full;

      for (guint t = 0; t < 3; t++)
        g_string_append_printf (text, locker, t);
      g_string_append_printf (text, "P3(int *x) { int r0; r0 = READ_ONCE(*x); }\n%s\n", conds[i]);
      test = parse (text->str, mac);
      compare_runs (test, mod, &pruned, &full);
      g_test_message ("%s: %" G_GUINT64_FORMAT " candidates instead of %" G_GUINT64_FORMAT,
                      conds[i], pruned.candidates, full.candidates);
      g_assert_cmpuint (pruned.candidates * 3, <, full.candidates);
    }
}

/* A ring of three threads (AcyCandidate.images): thread t writes x<t> and
 * reads x<t+1>, the third reading x0, so turning the ring with its
 * locations maps a candidate to one the model judges alike. The same
 * states and counts as without symmetry, under a condition every turn
 * keeps, one it does not, and with the registers of some threads only
 * (no rotation then); with all of them in the state, a fraction of the
 * candidates is judged. A ring whose locations start apart is no ring.
 * The same ring with the accesses under a lock taken with xchg_acquire:
 * the same answers, by the rotation where every register is shown, and
 * by choosing the order of the xchg writes where it is not. */
static void
test_rotation (void)
{
  static const char *const states[] = {
    "exists (0:r0=0 /\\ 0:r1=0 /\\ 1:r0=0 /\\ 1:r1=0 /\\ 2:r0=0 /\\ 2:r1=0)",
    "exists (0:r0=0 /\\ 0:r1=1 /\\ 1:r0=1 /\\ 1:r1=0 /\\ 2:r0=0 /\\ 2:r1=1)",
    "exists (0:r1=0 /\\ 2:r1=0)",
  };
  static const char *const inits[] = { "{ }", "{ x1=1; }" };

  for (guint k = 0; k < 2; k++)
    for (guint j = 0; j < G_N_ELEMENTS (inits); j++)
      {
        guint64 candidates[G_N_ELEMENTS (states)];

        for (guint i = 0; i < G_N_ELEMENTS (states); i++)
          {
            g_autoptr(GString) text = g_string_new ("C ring\n");
            g_autoptr(AcyMacros) mac = macros ();
            g_autoptr(AcyModel) mod = model ();
            g_autoptr(AcyTest) test = NULL;
            Judged pruned, full;

            g_string_append_printf (text, "%s\n", inits[j]);
            for (guint t = 0; t < 3; t++)
              if (k == 0)
                g_string_append_printf (text,
                                        "P%u(int *x%u, int *x%u) { int r0; int r1; r0 = READ_ONCE(*x%u);\n"
                                        "  WRITE_ONCE(*x%u, 1); smp_mb(); r1 = READ_ONCE(*x%u); }\n",
                                        t, t, (t + 1) % 3, t, t, (t + 1) % 3);
              else
                g_string_append_printf (text,
                                        "P%u(int *sl, int *x%u, int *x%u) { int r0; int r1; r0 = xchg_acquire(sl, 1);\n"
                                        "  WRITE_ONCE(*x%u, 1); r1 = READ_ONCE(*x%u); smp_store_release(sl, 0); }\n",
                                        t, t, (t + 1) % 3, t, (t + 1) % 3);
            g_string_append_printf (text, "%s\n", states[i]);
            test = parse (text->str, mac);
            compare_runs (test, mod, &pruned, &full);
            g_test_message ("%s %s: %" G_GUINT64_FORMAT " candidates instead of %" G_GUINT64_FORMAT,
                            inits[j], states[i], pruned.candidates, full.candidates);
            candidates[i] = pruned.candidates;
          }
        /* the last state shows only some threads: no rotation */
        for (guint i = 0; k == 0 && i + 1 < G_N_ELEMENTS (states); i++)
          if (j == 0)
            g_assert_cmpuint (candidates[i] * 2, <, candidates[G_N_ELEMENTS (states) - 1]);
          else
            g_assert_cmpuint (candidates[i], ==, candidates[G_N_ELEMENTS (states) - 1]);
      }
}

/* Sequential consistency with spinlocks, in the manner of the kernel's
 * lock.cat: lock writes are ordered with the other writes, an unlock
 * comes right after its lock in co, and a lock reads from the write
 * just before its own. */
static const char lock_model_text[] =
  "\"lock prune test\"\n"
  "let W = W | LKW\n"
  "include \"cos-opt.cat\"\n"
  "let W = W | UL\n"
  "let crit = ([LKW] ; po-loc ; [UL]) \\ (po-loc ; [LKW | UL] ; po-loc)\n"
  "let co = (co | crit | (crit^-1 ; co))+\n"
  "let lk-rmw = ([LKR] ; po-loc ; [LKW]) \\ (po ; po)\n"
  "let rf = rf | ([IW | UL] ; (co \\ (co ; co)) ; lk-rmw^-1)\n"
  "let fr = (rf^-1 ; co) \\ id\n"
  "acyclic po | rf | co | fr as sc\n";

/* Lock orders chosen by the enumerator (AcyExecution.co_hint): four
 * threads increment x under one spinlock, the last one showing what it
 * read, so three are interchangeable; and two locks taken in opposite
 * orders. The same states and counts as enumerating rf alone and
 * letting the model order the lock writes, and far fewer candidates. */
static void
test_lock_orders (void)
{
  static const char locker[] =
    "P%u(spinlock_t *l, int *x) { int r0; spin_lock(l); r0 = READ_ONCE(*x);\n"
    "  WRITE_ONCE(*x, r0 + 1); spin_unlock(l); }\n";
  static const char abba[] =
    "C abba\n{ }\n"
    "P0(spinlock_t *a, spinlock_t *b, int *x) { int r0; spin_lock(a); spin_lock(b);\n"
    "  r0 = READ_ONCE(*x); WRITE_ONCE(*x, r0 + 1); spin_unlock(b); spin_unlock(a); }\n"
    "P1(spinlock_t *a, spinlock_t *b, int *x) { int r0; spin_lock(b); spin_lock(a);\n"
    "  r0 = READ_ONCE(*x); WRITE_ONCE(*x, r0 + 2); spin_unlock(a); spin_unlock(b); }\n"
    "P2(spinlock_t *a, int *x) { int r0; spin_lock(a); r0 = READ_ONCE(*x);\n"
    "  WRITE_ONCE(*x, r0 + 4); spin_unlock(a); }\n"
    "exists (x=7)\n";
  AcyModelSource src = { .cat_path = "lock.cat", .cat_text = lock_model_text };
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyModel) mod = acy_model_load (&src, &error);
  g_autoptr(AcyMacros) mac = macros ();
  g_autoptr(GString) text = g_string_new ("C counter\n{ }\n");
  g_autoptr(AcyTest) counter = NULL;
  g_autoptr(AcyTest) two = NULL;
  Judged pruned, full;

  g_assert_no_error (error);
  for (guint t = 0; t < 4; t++)
    g_string_append_printf (text, locker, t);
  g_string_append (text, "exists (x=4 /\\ 3:r0=0)\n");
  counter = parse (text->str, mac);
  compare_runs (counter, mod, &pruned, &full);
  g_test_message ("counter: %" G_GUINT64_FORMAT " outcomes judged instead of %" G_GUINT64_FORMAT
                  ", %" G_GUINT64_FORMAT " candidates instead of %" G_GUINT64_FORMAT,
                  pruned.outcomes, full.outcomes, pruned.candidates, full.candidates);
  g_assert_cmpuint (pruned.candidates, <, full.candidates);
  g_assert_cmpuint (pruned.outcomes * 4, <, full.outcomes);

  two = parse (abba, mac);
  compare_runs (two, mod, &pruned, &full);
  g_test_message ("abba: %" G_GUINT64_FORMAT " outcomes judged instead of %" G_GUINT64_FORMAT
                  ", %" G_GUINT64_FORMAT " candidates instead of %" G_GUINT64_FORMAT,
                  pruned.outcomes, full.outcomes, pruned.candidates, full.candidates);
}

/* Threads that run alike but for the registers the state shows of each,
 * or the constants they add (image classes, AcyCandidate.find_images):
 * four threads add to x under one spinlock, each 1 or each its own
 * number, shown by P0's read, x, or every read. A candidate stands for
 * its images under the permutations of the threads, whose states it
 * works out: the same states and counts as enumerating every lock order
 * and rf, with fewer candidates judged than there are executions. */
static void
test_image_classes (void)
{
  AcyModelSource src = { .cat_path = "lock.cat", .cat_text = lock_model_text };
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyModel) mod = acy_model_load (&src, &error);
  g_autoptr(AcyMacros) mac = macros ();

  g_assert_no_error (error);
  for (guint own = 0; own < 2; own++)
    for (guint all = 0; all < 2; all++)
      {
        g_autoptr(GString) text = g_string_new ("C adders\n{ }\n");
        g_autoptr(AcyTest) test = NULL;
        g_autoptr(AcyCheckResult) r = NULL;
        guint sum = 0;
        Judged pruned, full;

        for (guint t = 0; t < 4; t++)
          {
            g_string_append_printf (text,
                                    "P%u(spinlock_t *l, int *x) { int r0; spin_lock(l); r0 = READ_ONCE(*x);\n"
                                    "  WRITE_ONCE(*x, r0 + %u); spin_unlock(l); }\n",
                                    t, own ? t + 1 : 1);
            sum += own ? t + 1 : 1;
          }
        if (all)
          g_string_append (text, "exists (0:r0=0 /\\ 1:r0=0 /\\ 2:r0=0 /\\ 3:r0=0)\n");
        else
          g_string_append_printf (text, "exists (0:r0=0 /\\ ~x=%u)\n", sum);
        test = parse (text->str, mac);
        compare_runs (test, mod, &pruned, &full);
        r = run (test, mod, TRUE, 1);
        g_test_message ("own %u, every read shown %u: %" G_GUINT64_FORMAT " candidates instead of %"
                        G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT " allowed", own, all, pruned.candidates,
                        full.candidates, acy_check_result_get_stats (r)->allowed);
        g_assert_cmpuint (pruned.candidates * 6, <=, acy_check_result_get_stats (r)->allowed);
      }
}

/* A model that reads values (different-values) tells apart threads that
 * differ in the constants they write: no permutation of them then
 * (acy_model_runner_read_values). P1, P2 and P3 write 1, 2 and 3 to x,
 * which starts at 1, and P0 reads x twice; the model wants the first
 * write after the initial one to write 1 (P1's): one execution of the
 * condition in 20, as herd7 answers, where taking P1 for any of the
 * three writers made it 2 in 26. */
static void
test_values_read (void)
{
  static const char litmus[] =
    "C first-same\n{ x=1; }\n"
    "P0(int *x) { int r0; int r1; r0 = READ_ONCE(*x); r1 = READ_ONCE(*x); }\n"
    "P1(int *x) { WRITE_ONCE(*x, 1); }\n"
    "P2(int *x) { WRITE_ONCE(*x, 2); }\n"
    "P3(int *x) { WRITE_ONCE(*x, 3); }\n"
    "exists (0:r0=2 /\\ 0:r1=3)\n";
  AcyModelSource src = {
    .cat_path = "first-same.cat",
    .cat_text = "\"first-same\"\ninclude \"cos-opt.cat\"\n"
                "acyclic po-loc | rf | co | fr as coherence\n"
                "let first = [IW] ; (co \\ (co ; co))\n"
                "empty different-values(first) as first-same\n",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyModel) mod = acy_model_load (&src, &error);
  g_autoptr(AcyMacros) mac = macros ();
  g_autoptr(AcyTest) test = parse (litmus, mac);
  g_autoptr(AcyCheckResult) r = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  Judged pruned, full;

  g_assert_no_error (error);
  compare_runs (test, mod, &pruned, &full);
  r = run (test, mod, TRUE, 1);
  acy_check_result_format_herd (r, text, FALSE);
  g_assert_nonnull (strstr (text->str, "Positive: 1 Negative: 19"));
}

/* A pruning run takes the blocks of writes with the most orders first
 * (here lk, then h, then a, which comes first by location): the same
 * answers as the run that takes every order in location order, and,
 * with the lock variable's orders judged first, fewer outcomes judged. */
static void
test_most_orders_first (void)
{
  static const char blocks_test[] =
    "C big-blocks-first\n"
    "{ }\n"
    "P0(int *a, int *lk, int *h) { int r0; int r1; int r2;\n"
    "  r0 = xchg_acquire(lk, 1); r1 = READ_ONCE(*a); WRITE_ONCE(*h, 1);\n"
    "  smp_store_release(lk, 0); r2 = READ_ONCE(*h); }\n"
    "P1(int *a, int *lk, int *h) { int r0; int r1;\n"
    "  r0 = xchg_acquire(lk, 1); WRITE_ONCE(*a, 1); WRITE_ONCE(*h, 2);\n"
    "  smp_store_release(lk, 0); r1 = READ_ONCE(*h); }\n"
    "P2(int *a, int *lk, int *h) { int r0;\n"
    "  WRITE_ONCE(*a, 2); r0 = xchg_acquire(lk, 1); WRITE_ONCE(*h, 3);\n"
    "  smp_store_release(lk, 0); }\n"
    "exists (0:r0=0 /\\ 1:r0=0 /\\ 2:r0=0 /\\ 0:r2=2)\n";
  Judged pruned, full;

  compare_litmus (blocks_test, &pruned, &full);
  g_test_message ("most orders first: %" G_GUINT64_FORMAT " outcomes judged instead of %"
                  G_GUINT64_FORMAT, pruned.outcomes, full.outcomes);
  g_assert_cmpuint (pruned.outcomes, <, full.outcomes);
}

/* A let of co's level whose value turned out not to depend on co (the
 * empty side of `(co | coi) ; (po \\ po)`, looked at first, kept it
 * from reading co, as in lock.cat's rf in a test without locks) is read
 * as it stands when prefixes of co are judged, and so is such a
 * subexpression of a statement. Neither `if` can be judged on bounds at
 * all: only the kept value lets the walk see that `late` fails whatever
 * the order (co orders x's writes as po does, k the other way), and the
 * orders of all but the first candidates are skipped. */
static void
test_settled (void)
{
  static const char *const models[] = {
    /* a name */
    "\"settled\"\ninclude \"cos-opt.cat\"\n"
    "let k = if 0 = 0 then (po-loc & (W * W)) | ((co | coi) ; (po \\ po)) else 0\n"
    "acyclic k^-1 | co as late\n",
    /* a subexpression */
    "\"settled\"\ninclude \"cos-opt.cat\"\n"
    "acyclic (if 0 = 0 then (po-loc & (W * W)) | ((co | coi) ; (po \\ po)) else 0)^-1 | co as late\n",
  };
  g_autoptr(AcyMacros) mac = macros ();
  g_autoptr(AcyTest) test = parse (writes_test, mac);

  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    {
      AcyModelSource src = { .cat_path = "settled.cat", .cat_text = models[i] };
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyModel) mod = acy_model_load (&src, &error);
      Judged pruned, full;

      g_assert_no_error (error);
      compare_runs (test, mod, &pruned, &full);
      g_test_message ("settled %u: %" G_GUINT64_FORMAT " outcomes judged instead of %"
                      G_GUINT64_FORMAT, i, pruned.outcomes, full.outcomes);
      g_assert_cmpuint (pruned.outcomes * 2, <, full.outcomes);
    }
}

/* The shipped models on every example: same answers. */
static void
test_examples (void)
{
  static const char *const models[] = { "sc.cat", "tso.cat", "toy-rmo.cat", "coherent-rmo.cat" };
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", "ui", "examples", NULL);
  g_autofree char *def = g_build_filename (SOURCE_MODELSDIR, "linux-basic.def", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) mac = acy_macros_load (def, &error);
  g_autoptr(GDir) d = g_dir_open (dir, 0, &error);
  const char *name;
  guint n = 0;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(AcyTest) test = NULL;

      if (!g_str_has_suffix (name, ".litmus"))
        continue;
      /* The RCU example needs the kernel's primitives. */
      if (!(test = acy_test_load (path, mac, &error)))
        {
          g_test_message ("skipped %s: %s", name, error->message);
          g_clear_error (&error);
          continue;
        }
      for (guint i = 0; i < G_N_ELEMENTS (models); i++)
        {
          g_autofree char *mpath = g_build_filename (SOURCE_MODELSDIR, models[i], NULL);
          AcyModelSource src = { .cat_path = mpath };
          g_autoptr(AcyModel) mod = acy_model_load (&src, &error);
          Judged pruned, full;

          g_assert_no_error (error);
          compare_runs (test, mod, &pruned, &full);
          n++;
        }
    }
  g_assert_cmpuint (n, >=, 40);
}

/* Nested withs multiply: three coherence orders inside one another on
 * the writes to x make 2 + 2^2 + 2^3 choices per candidate (its
 * last write is fixed by the condition), past a bound of 10. */
static void
test_branch_limit (void)
{
  static const char nested[] =
    "\"nested\"\n"
    "include \"cos-opt.cat\"\n"
    "include \"cos-opt.cat\"\n"
    "include \"cos-opt.cat\"\n";
  static const char writes[] =
    "C three-writes\n{ }\n"
    "P0(int *x) { WRITE_ONCE(*x, 1); }\n"
    "P1(int *x) { WRITE_ONCE(*x, 2); }\n"
    "P2(int *x) { WRITE_ONCE(*x, 3); }\n"
    "exists (x=1)\n";
  g_autoptr(AcyMacros) mac = macros ();
  g_autoptr(AcyTest) test = parse (writes, mac);
  AcyModelSource src = { .cat_path = "nested.cat", .cat_text = nested };
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyModel) mod = acy_model_load (&src, &error);
  AcyCheckOptions opts = { .n_threads = 1, .max_branches = 10 };
  g_autoptr(AcyCheckResult) r = NULL;

  g_assert_no_error (error);
  r = acy_check_run (test, mod, &opts, NULL, &error);
  g_assert_null (r);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "more than 10 choices of with"));
  g_clear_error (&error);

  /* and within the default bound it runs */
  opts.max_branches = 0;
  r = acy_check_run (test, mod, &opts, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
}

/* A walk works out only the sides of each bound a check needs: the
 * lower side, and the upper one under a difference's right operand or a
 * complement, which swap them. Atomicity written with two complements,
 * or two differences, or on coherence closed again, prunes the three
 * lockers as written plainly, and gives the same answers as no
 * pruning. */
static void
test_sides (void)
{
  static const char *const atomics[] = {
    "empty rmw & (fre ; coe) as atomic\n",
    "empty rmw & ~(~(fre ; coe)) as atomic\n",
    "empty rmw & (fre ; (coe \\ (coe \\ coe))) as atomic\n",
    "let r = fre ; coe\nlet s = r \\ (r \\ r)\nempty rmw & (s \\ (s \\ s)) as atomic\n",
    /* closed again, as lock.cat does (the lower side of a prefix is
     * transitive: its closure is itself) */
    "let co2 = (co | 0)+\nempty rmw & (((rf^-1 ; co2) & ext) ; (co2 & ext)) as atomic\n",
  };
  g_autoptr(AcyMacros) mac = macros ();
  g_autoptr(AcyTest) test = parse (lock_test, mac);

  for (guint i = 0; i < G_N_ELEMENTS (atomics); i++)
    {
      g_autofree char *text = g_strconcat ("\"sides\"\ninclude \"cos-opt.cat\"\n", atomics[i], NULL);
      AcyModelSource src = { .cat_path = "sides.cat", .cat_text = text };
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyModel) mod = acy_model_load (&src, &error);
      Judged pruned, full;

      g_assert_no_error (error);
      compare_runs (test, mod, &pruned, &full);
      g_test_message ("%s: %" G_GUINT64_FORMAT " outcomes judged instead of %" G_GUINT64_FORMAT,
                      atomics[i], pruned.outcomes, full.outcomes);
      g_assert_cmpuint (pruned.outcomes * 3, <, full.outcomes * 2);
    }
}

/* The three lockers beside 30 locations one thread writes once: over
 * 64 events, where relations take several words a row (their own paths
 * for a prefix's bounds and for acyclicity). Same answers as no
 * pruning, and atomicity still cuts most orders. */
static void
test_wide (void)
{
  g_autoptr(GString) text = g_string_new ("C wide-lockers\n{ }\n");
  g_autoptr(AcyMacros) mac = macros ();
  g_autoptr(AcyModel) mod = model ();
  g_autoptr(AcyTest) test = NULL;
  Judged pruned, full;

  for (guint t = 0; t < 3; t++)
    {
      g_string_append_printf (text, "P%u(int *sl, int *x", t);
      if (t == 0)
        for (guint k = 0; k < 30; k++)
          g_string_append_printf (text, ", int *a%u", k);
      g_string_append_printf (text, ") { int r0; int r1;\n"
                              "  r0 = xchg_acquire(sl, 1); r1 = READ_ONCE(*x); WRITE_ONCE(*x, %u);\n"
                              "  smp_store_release(sl, 0);\n", t + 1);
      if (t == 0)
        for (guint k = 0; k < 30; k++)
          g_string_append_printf (text, "  WRITE_ONCE(*a%u, 1);\n", k);
      g_string_append (text, "}\n");
    }
  g_string_append (text, "exists (0:r0=0 /\\ 1:r0=0 /\\ 2:r0=0)\n");
  test = parse (text->str, mac);
  compare_runs (test, mod, &pruned, &full);
  g_test_message ("wide: %" G_GUINT64_FORMAT " outcomes judged instead of %" G_GUINT64_FORMAT,
                  pruned.outcomes, full.outcomes);
  g_assert_cmpuint (pruned.outcomes * 3, <, full.outcomes * 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/prune/locks", test_locks);
  g_test_add_func ("/prune/writes", test_writes);
  g_test_add_func ("/prune/symmetry", test_symmetry);
  g_test_add_func ("/prune/interchangeable", test_interchangeable);
  g_test_add_func ("/prune/rotation", test_rotation);
  g_test_add_func ("/prune/lock-orders", test_lock_orders);
  g_test_add_func ("/prune/image-classes", test_image_classes);
  g_test_add_func ("/prune/values-read", test_values_read);
  g_test_add_func ("/prune/most-orders-first", test_most_orders_first);
  g_test_add_func ("/prune/settled", test_settled);
  g_test_add_func ("/prune/examples", test_examples);
  g_test_add_func ("/prune/branch-limit", test_branch_limit);
  g_test_add_func ("/prune/sides", test_sides);
  g_test_add_func ("/prune/wide", test_wide);
  return g_test_run ();
}
