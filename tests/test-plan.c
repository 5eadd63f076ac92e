/* test-plan.c - the checks under the innermost `with`, run from a plan, answer as the interpreter
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With pruning on, the plain checks after the innermost `with` (the
 * coherence order) run from a plan (acy-cat-plan.c), which gives up to
 * the interpreter on what it does not do. Each test feeds every
 * candidate of a litmus test to two runners, one with plans and one
 * without, and wants the same allowed outcomes in the same sequence,
 * with the same flags. (Which forbidden outcomes are reported depends
 * on which prefixes the clock-based judge chose to judge.) It also
 * wants the plan to have run, and, where the model mixes types, to have
 * given up.
 */
#define G_LOG_DOMAIN "acyclic-test"
#include "config.h"

#include <string.h>

#include "acyclic.h"
#include "shared-dir.h"

static const char macros_text[] =
  "READ_ONCE(X) __load{once}(X)\n"
  "WRITE_ONCE(X,V) { __store{once}(X,V); }\n"
  "smp_store_release(X,V) { __store{release}(*X,V); }\n"
  "smp_load_acquire(X) __load{acquire}(*X)\n"
  "xchg_acquire(X,V) __xchg{acquire}(X,V)\n"
  "smp_mb() { __fence{mb}; }\n";

/* Three lockers by xchg_acquire, and a writer beside them. */
static const char lock_test[] =
  "C plan-lockers\n"
  "{ }\n"
  "P0(int *sl, int *x) { int r0; int r1;\n"
  "  r0 = xchg_acquire(sl, 1); r1 = READ_ONCE(*x); WRITE_ONCE(*x, 1);\n"
  "  smp_store_release(sl, 0); }\n"
  "P1(int *sl, int *x) { int r0; int r1;\n"
  "  r0 = xchg_acquire(sl, 1); r1 = READ_ONCE(*x); WRITE_ONCE(*x, 2);\n"
  "  smp_store_release(sl, 0); }\n"
  "P2(int *sl, int *x, int *y) { int r0; int r1;\n"
  "  r0 = xchg_acquire(sl, 1); WRITE_ONCE(*y, 1); smp_mb(); r1 = READ_ONCE(*x);\n"
  "  smp_store_release(sl, 0); }\n"
  "P3(int *x, int *y) { int r0; WRITE_ONCE(*x, 3); r0 = READ_ONCE(*y); }\n"
  "exists (0:r0=0 /\\ 1:r0=0 /\\ 2:r0=0)\n";

/* The lockers alone, for the shipped models (the weak ones allow
 * millions of outcomes of the test above). */
static const char small_test[] =
  "C plan-small\n"
  "{ }\n"
  "P0(int *sl, int *x) { int r0; int r1;\n"
  "  r0 = xchg_acquire(sl, 1); r1 = READ_ONCE(*x); WRITE_ONCE(*x, 1);\n"
  "  smp_store_release(sl, 0); }\n"
  "P1(int *sl, int *x, int *y) { int r0; int r1;\n"
  "  r0 = xchg_acquire(sl, 1); WRITE_ONCE(*y, 1); smp_mb(); r1 = READ_ONCE(*x);\n"
  "  smp_store_release(sl, 0); }\n"
  "P2(int *x, int *y) { int r0; WRITE_ONCE(*x, 3); r0 = READ_ONCE(*y); }\n"
  "exists (0:r0=0 /\\ 1:r0=0)\n";

/* A check per operator the plan does itself, on names of every level:
 * lets of the coherence order's level (inlined), of lower levels and
 * the predefined names (inputs), a function application (an input), a
 * let that depends on the order only in some candidates, sets and
 * relations, 0 and {}, complements, products, closures. */
static const char ops_model[] =
  "\"plan ops\"\n"
  "enum Annotations = 'once || 'acquire || 'release || 'mb\n"
  "include \"cos-opt.cat\"\n"
  "let com = rf | co | fr\n"
  "acyclic po-loc | com as coherence\n"
  "empty rmw & (fre ; coe) as atomic\n"
  "let ord = ([Acquire | Mb] ; po) | (po ; [Release | Mb]) | fencerel(Mb)\n"
  "let lower = ord ; [W]\n"
  "let maybe = (rf ; [Acquire]) ; (co \\ (po^-1))\n"
  "let ow = (co | fr) & ext\n"
  "let prop = [M] ; ow? ; ord* ; rfe? ; [M]\n"
  "let hb = [M] ; (ord | rfe | ((prop \\ id) & int) | maybe) ; [M]\n"
  "acyclic hb as order\n"
  "let twice (r) = r ; r\n"
  "irreflexive twice(hb)+ ; ow as twice\n"
  "acyclic (co ; [W]) | ([R] ; fr) | ((W * R) & loc & rf) | (0 ; co) | ({} | lower) as kinds\n"
  "empty (co & ~(co | {})) | ([W] ; [R]) | ((W & ~W) * M) as complement\n"
  "~empty co* | co+ | (co \\ co) as reflexive\n"
  "empty (fr ; co) & (fr ; co)^-1 & id as inverse\n"
  "flag ~empty (hb & int & (W * W)) as ww\n";

/* Types the plan cannot tell before the values come: a sequence that
 * may be {} (of no type) meeting a set, which the interpreter allows
 * only when it is empty; and the universe. */
static const char mixed_model[] =
  "\"plan mixed\"\n"
  "include \"cos-opt.cat\"\n"
  "let e = (co ; [R]) | W\n"
  "empty e & R as mixed\n"
  "acyclic co | (_ & (W * W) & loc & (co \\ co)) as universe\n"
  "acyclic po | rf | co | fr as sc\n";

typedef struct {
  GString    *log;
  guint       forbidden;
  gboolean    all;         /* note forbidden outcomes too, in failed */
  GHashTable *failed;      /* "candidate co-bits" -> "check kind relation-bits" */
  const guint *candidate;  /* the candidate's number */
} Verdicts;

static guint64
bits_hash (const AcyWord *bits, gsize words)
{
  guint64 h = 1469598103934665603ull;

  for (gsize w = 0; bits && w < words; w++)
    h = (h ^ bits[w]) * 1099511628211ull;
  return h;
}

static gboolean
on_verdict (const AcyExecution *x, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  Verdicts *vs = data;

  if (!v->allowed)
    {
      vs->forbidden++;
      if (vs->all)
        {
          const AcyWord *co = NULL;

          /* which execution: the candidate, and its coherence order
           * (none for a check before the with) */
          if (acy_model_env_lookup (env, "co", &co) != ACY_MODEL_VALUE_RELATION)
            co = NULL;
          g_hash_table_insert (vs->failed,
                               g_strdup_printf ("%u %" G_GUINT64_FORMAT, *vs->candidate,
                                                bits_hash (co, acy_rel_words (x->n_events))),
                               g_strdup_printf ("%s %s %s %" G_GUINT64_FORMAT, v->failed_check,
                                                v->failed_kind, v->failed_relation ? "rel" : "-",
                                                bits_hash (v->failed_relation,
                                                           acy_rel_words (x->n_events))));
        }
      return TRUE;
    }
  g_string_append (vs->log, "allowed");
  for (guint i = 0; i < v->n_flags; i++)
    g_string_append_printf (vs->log, " %s", v->flags[i]);
  g_string_append_c (vs->log, '\n');
  return TRUE;
}

typedef struct {
  AcyModelRunner *with, *without, *every;
  Verdicts        a, b, c;
  guint           candidates;
} Pair;

static gboolean
on_candidate (const AcyCandidate *c, gpointer data)
{
  Pair *p = data;
  g_autoptr(GError) error = NULL;
  gboolean ok_a, ok_b;

  ok_a = acy_model_runner_check (p->with, c->x, on_verdict, &p->a, &error);
  g_assert_no_error (error);
  ok_b = acy_model_runner_check (p->without, c->x, on_verdict, &p->b, &error);
  g_assert_no_error (error);
  g_assert_true (ok_a && ok_b);
  if (p->every)
    {
      g_autoptr(GString) ignored = g_string_new (NULL);
      GString *log = p->c.log;

      /* (its allowed outcomes are the same, in another order) */
      p->c.log = ignored;
      g_assert_true (acy_model_runner_check (p->every, c->x, on_verdict, &p->c, &error));
      g_assert_no_error (error);
      p->c.log = log;
    }
  p->candidates++;
  return TRUE;
}

/* Runs @test under @model with and without plans; wants the same
 * allowed outcomes; adds the plan's counts to *runs, *gave_up. Returns
 * how many outcomes were forbidden (without plans). @all: and each
 * forbidden outcome either reports (which skip those of a prefix a
 * check rejects, judged by the clock) has the check that failed and the
 * relation it tested as a third runner, which skips nothing, has them
 * for that execution. */
/* forbidden outcomes reported with a plan and checked, over the run */
static guint checked_with_plan;

static guint
compare_test_full (const AcyModel *model, const AcyTest *test, gboolean all,
                   guint64 *runs, guint64 *gave_up)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) la = g_string_new (NULL);
  g_autoptr(GString) lb = g_string_new (NULL);
  guint64 r, g;
  Pair p = { 0 };

  p.with = acy_model_runner_new (model);
  p.without = acy_model_runner_new (model);
  acy_model_runner_set_pruning (p.with, TRUE);
  acy_model_runner_set_pruning (p.without, TRUE);
  acy_model_runner_set_plans (p.without, FALSE);
  p.a.log = la;
  p.b.log = lb;
  p.a.all = p.b.all = p.c.all = all;
  p.a.candidate = p.b.candidate = p.c.candidate = &p.candidates;
  if (all)
    {
      p.every = acy_model_runner_new (model);
      p.a.failed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      p.b.failed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      p.c.failed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    }
  g_assert_true (acy_test_enumerate (test, NULL, on_candidate, &p, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (p.candidates, >, 1);
  if (strcmp (la->str, lb->str) != 0)
    {
      /* the first verdict that differs, not thousands of lines */
      g_auto(GStrv) va = g_strsplit (la->str, "\n", -1);
      g_auto(GStrv) vb = g_strsplit (lb->str, "\n", -1);
      guint i = 0;

      while (va[i] && vb[i] && g_str_equal (va[i], vb[i]))
        i++;
      g_test_message ("verdict %u: with a plan '%s', without '%s'", i, va[i] ? va[i] : "(none)",
                      vb[i] ? vb[i] : "(none)");
      g_assert_cmpstr (va[i], ==, vb[i]);
    }
  g_assert_nonnull (strstr (la->str, "allowed"));
  acy_model_runner_plan_counts (p.with, &r, &g);
  *runs += r;
  *gave_up += g;
  acy_model_runner_plan_counts (p.without, &r, &g);
  g_assert_cmpuint (r, ==, 0);
  if (all)
    {
      Verdicts *vs[] = { &p.a, &p.b };

      for (guint k = 0; k < G_N_ELEMENTS (vs); k++)
        {
          GHashTableIter iter;
          gpointer key, value;

          g_hash_table_iter_init (&iter, vs[k]->failed);
          while (g_hash_table_iter_next (&iter, &key, &value))
            g_assert_cmpstr (value, ==, g_hash_table_lookup (p.c.failed, key));
          g_test_message ("%u of %u forbidden executions reported %s a plan",
                          g_hash_table_size (vs[k]->failed), g_hash_table_size (p.c.failed),
                          k == 0 ? "with" : "without");
        }
      checked_with_plan += g_hash_table_size (p.a.failed);
      g_hash_table_destroy (p.a.failed);
      g_hash_table_destroy (p.b.failed);
      g_hash_table_destroy (p.c.failed);
      acy_model_runner_free (p.every);
    }
  acy_model_runner_free (p.with);
  acy_model_runner_free (p.without);
  return p.b.forbidden;
}

static guint
compare_test (const AcyModel *model, const AcyTest *test, guint64 *runs, guint64 *gave_up)
{
  return compare_test_full (model, test, FALSE, runs, gave_up);
}

/* compare_test() on the text of a model and a test. */
static void
compare (const char *cat, const char *litmus, guint64 *runs, guint64 *gave_up)
{
  AcyModelSource src = { .cat_path = "plan.cat", .cat_text = cat };
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) mac = acy_macros_parse (macros_text, -1, "plan.def", &error);
  g_autoptr(AcyModel) model = NULL;
  g_autoptr(AcyTest) test = NULL;

  g_assert_no_error (error);
  model = acy_model_load (&src, &error);
  g_assert_no_error (error);
  test = acy_test_parse (litmus, -1, "plan.litmus", mac, &error);
  g_assert_no_error (error);
  *runs = *gave_up = 0;
  /* (what the test is for: some outcomes go, some stay) */
  g_assert_cmpuint (compare_test (model, test, runs, gave_up), >, 0);
}

/* compare() on the lockers, saying what the plan did. */
static void
compare_lockers (const char *cat, guint64 *runs, guint64 *gave_up)
{
  compare (cat, lock_test, runs, gave_up);
  g_test_message ("plan: %" G_GUINT64_FORMAT " checks run, %" G_GUINT64_FORMAT " given up",
                  *runs, *gave_up);
}

static void
test_operators (void)
{
  guint64 runs, gave_up;

  compare_lockers (ops_model, &runs, &gave_up);
  g_assert_cmpuint (runs, >, 1000);
  g_assert_cmpuint (gave_up, ==, 0);
}

/* Checks that hold for every coherence order and fail for most of its
 * prefixes, as they shrink while the order grows (r \\ co, ~co, a
 * function of co that the interpreter works out): a
 * prefix must not be judged on them, one model each (a plan that finds
 * many such failures judges no more). */
static void
test_lower_bounds (void)
{
  static const char *const shrinking[] = {
    "empty ((W * W) & loc) \\ (co | co^-1 | id) as total\n",
    "empty (W * W) & loc & ~(co | co^-1 | id) as total\n",
    "acyclic (po-loc & (W * W)) | ((W * W) & loc & ~(co | id))^-1 as total\n",
    /* the interpreter's value of a function of co */
    "let unordered (r) = ((W * W) & loc) \\ (r | r^-1 | id)\nempty unordered(co) as total\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (shrinking); i++)
    {
      g_autofree char *cat = g_strconcat ("\"plan shrinking\"\n"
                                          "include \"cos-opt.cat\"\n"
                                          "let com = rf | co | fr\n"
                                          "acyclic po-loc | com as coherence\n",
                                          shrinking[i],
                                          "empty rmw & (fre ; coe) as atomic\n", NULL);
      guint64 runs, gave_up;

      compare_lockers (cat, &runs, &gave_up);
      g_assert_cmpuint (runs, >, 1000);
    }
}

static void
test_mixed_types (void)
{
  guint64 runs, gave_up;

  compare_lockers (mixed_model, &runs, &gave_up);
  /* the first check clashes whenever co ; [R] is not empty */
  g_assert_cmpuint (gave_up, >, 0);
}

/* The shipped models, and the kernel's when ../shared has it, on the lockers. */
static void
test_models (void)
{
  static const char *const names[] = { "sc.cat", "tso.cat", "toy-rmo.cat", "coherent-rmo.cat" };
  guint64 total = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (SOURCE_MODELSDIR, names[i], NULL);
      g_autofree char *text = NULL;
      guint64 runs, gave_up;

      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      compare (text, small_test, &runs, &gave_up);
      g_test_message ("%s: %" G_GUINT64_FORMAT " checks run by the plan, %" G_GUINT64_FORMAT
                      " given up", names[i], runs, gave_up);
      total += runs;
    }
  g_assert_cmpuint (total, >, 1000);
}

/* Two locks taken by xchg_acquire: one thread takes the inner one and,
 * seeing a flag, hands it over for the outer one; two take the outer
 * one, then the inner one. Thousands of coherence orders per
 * candidate, most cut by prefix, where the judge of a prefix runs some
 * checks without those before them. */
static const char handover_test[] =
  "C plan-handover\n"
  "{ }\n"
  "P0(int *flag, int *outer, int *outer_held, int *inner, int *inner_held) {\n"
  "  int a; int b; int c; int d = 0;\n"
  "  a = xchg_acquire(inner, 1);\n"
  "  b = smp_load_acquire(flag);\n"
  "  if (b) { smp_store_release(inner, 0); d = xchg_acquire(outer, 1); smp_store_release(outer, 0); }\n"
  "  c = READ_ONCE(*outer_held);\n"
  "  WRITE_ONCE(*inner_held, 1);\n"
  "  smp_store_release(inner, 0); }\n"
  "P1(int *flag, int *outer, int *outer_held, int *inner, int *inner_held) {\n"
  "  int a; int c; int e;\n"
  "  a = xchg_acquire(outer, 1); WRITE_ONCE(*flag, 1);\n"
  "  e = xchg_acquire(inner, 1); smp_store_release(inner, 0);\n"
  "  c = READ_ONCE(*inner_held); WRITE_ONCE(*outer_held, 1);\n"
  "  smp_store_release(outer, 0); }\n"
  "P2(int *flag, int *outer, int *outer_held, int *inner) {\n"
  "  int a; int e;\n"
  "  a = xchg_acquire(outer, 1); WRITE_ONCE(*outer_held, 2);\n"
  "  e = xchg_acquire(inner, 1); smp_store_release(inner, 0);\n"
  "  smp_store_release(outer, 0); }\n"
  "exists (0:c=1 /\\ 0:a=0 /\\ 1:a=0 /\\ 2:a=0)\n";

/* The kernel's model, loaded unmodified from ../shared, on tests of its
 * corpus with locks and read-modify-writes: its lets of the coherence
 * order's level, lock.cat's rf and co (which depend on the order only
 * with locks), its closures and its flags. */
static void
test_kernel (void)
{
  static const char *const tests[] = {
    "MP+polocks.litmus", "Z6.0+pooncelock+pooncelock+pombonce.litmus", "C-cmpxchg.litmus",
    "LB+unlocklockonceonce+poacquireonce.litmus", "C-SB+l-o-o-u+l-o-o-u-C.litmus",
    "C-LB+cmpxchg-ctrl-o+o-ctrl-o.litmus", "spinlock-is-locked-self.litmus",
    "C-SB+l-o-o-u+l-o-o-u+l-o-o-u-X.litmus",
  };
  g_autofree char *dir = test_conformance_path (NULL);
  g_autofree char *cat = g_build_filename (dir, "lkmm", "linux-kernel.cat", NULL);
  g_autofree char *bell = g_build_filename (dir, "lkmm", "linux-kernel.bell", NULL);
  g_autofree char *def = g_build_filename (dir, "lkmm", "linux-kernel.def", NULL);
  g_autofree char *corpus = g_build_filename (dir, "tests", NULL);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(AcyMacros) mac = NULL;
  g_autoptr(AcyModel) model = NULL;
  g_autoptr(GError) error = NULL;
  AcyModelSource src = { .cat_path = cat, .bell_path = bell,
                         .variants = (const char *const[]) { "lkmmv2", NULL } };
  guint64 runs = 0, gave_up = 0;
  guint found = 0;

  if (!g_file_test (cat, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no ../shared/conformance/lkmm beside the source tree");
      return;
    }
  mac = acy_macros_load (def, &error);
  g_assert_no_error (error);
  model = acy_model_load (&src, &error);
  g_assert_no_error (error);
  acy_test_collect_files (corpus, files, NULL);
  for (guint i = 0; i < files->len; i++)
    for (guint k = 0; k < G_N_ELEMENTS (tests); k++)
      if (g_str_has_suffix (files->pdata[i], tests[k]))
        {
          g_autoptr(AcyTest) test = acy_test_load (files->pdata[i], mac, &error);

          g_assert_no_error (error);
          compare_test (model, test, &runs, &gave_up);
          found++;
        }
  {
    g_autoptr(AcyTest) test = acy_test_parse (handover_test, -1, "plan-handover.litmus", mac, &error);

    g_assert_no_error (error);
    compare_test (model, test, &runs, &gave_up);
  }
  g_test_message ("kernel model, %u tests and the handover: %" G_GUINT64_FORMAT
                  " checks run by the plan, %" G_GUINT64_FORMAT " given up", found, runs, gave_up);
  g_assert_cmpuint (found, >=, G_N_ELEMENTS (tests));
  g_assert_cmpuint (runs, >, 100);
  g_assert_cmpuint (gave_up, ==, 0);
}

/* Each forbidden outcome reported with a plan names the check that
 * failed, and the relation it tested, as the interpreter has them. */
static void
test_failed_checks (void)
{
  static const char *const tests[] = {
    "C plan-sb\n{ }\n"
    "P0(int *x, int *y) { int r0; WRITE_ONCE(*x, 1); smp_mb(); r0 = READ_ONCE(*y); }\n"
    "P1(int *x, int *y) { int r0; WRITE_ONCE(*y, 1); smp_mb(); r0 = READ_ONCE(*x); }\n"
    "exists (0:r0=0 /\\ 1:r0=0)\n",
    "C plan-mp\n{ }\n"
    "P0(int *x, int *y) { WRITE_ONCE(*x, 1); smp_store_release(y, 1); }\n"
    "P1(int *x, int *y) { int r0; int r1; r0 = smp_load_acquire(y); r1 = READ_ONCE(*x);\n"
    "  r1 = READ_ONCE(*x); }\n"
    "exists (1:r0=1 /\\ 1:r1=0)\n",
    "C plan-corr\n{ }\n"
    "P0(int *x, int *y) { WRITE_ONCE(*x, 1); smp_mb(); WRITE_ONCE(*y, 1); }\n"
    "P1(int *x, int *y) { int r0; int r1; int r2; r0 = READ_ONCE(*x); r1 = smp_load_acquire(y);\n"
    "  r2 = READ_ONCE(*x); }\n"
    "P2(int *x, int *y) { int r0; int r1; int r2; r0 = READ_ONCE(*y); r1 = READ_ONCE(*x);\n"
    "  smp_mb(); r2 = READ_ONCE(*x); }\n"
    "exists (1:r1=1 /\\ 1:r2=0)\n",
    "C plan-rmw\n{ }\n"
    "P0(int *x, int *y) { int r0; r0 = xchg_acquire(x, 1); WRITE_ONCE(*y, 1); }\n"
    "P1(int *x, int *y) { int r0; int r1; r0 = READ_ONCE(*y); smp_mb(); r1 = READ_ONCE(*x); }\n"
    "exists (1:r0=1 /\\ 1:r1=0)\n",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) mac = acy_macros_parse (macros_text, -1, "plan.def", &error);
  AcyModelSource src = { .cat_path = "plan.cat", .cat_text = ops_model };
  g_autoptr(AcyModel) model = acy_model_load (&src, &error);
  guint64 runs = 0, gave_up = 0;
  guint forbidden = 0;

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    {
      g_autoptr(AcyTest) test = acy_test_parse (tests[i], -1, "plan.litmus", mac, &error);

      g_assert_no_error (error);
      forbidden += compare_test_full (model, test, TRUE, &runs, &gave_up);
    }
  {
    g_autoptr(AcyTest) test = acy_test_parse (lock_test, -1, "plan.litmus", mac, &error);

    g_assert_no_error (error);
    forbidden += compare_test_full (model, test, TRUE, &runs, &gave_up);
  }
  g_test_message ("%u forbidden outcomes, %u reported with a plan and checked, %" G_GUINT64_FORMAT
                  " checks run by the plan", forbidden, checked_with_plan, runs);
  g_assert_cmpuint (checked_with_plan, >, 100);
  g_assert_cmpuint (runs, >, 10);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plan/operators", test_operators);
  g_test_add_func ("/plan/lower-bounds", test_lower_bounds);
  g_test_add_func ("/plan/failed-checks", test_failed_checks);
  g_test_add_func ("/plan/mixed-types", test_mixed_types);
  g_test_add_func ("/plan/models", test_models);
  g_test_add_func ("/plan/kernel", test_kernel);
  return g_test_run ();
}
