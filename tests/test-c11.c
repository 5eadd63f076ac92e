/* test-c11.c - herd's C11 dialect: events, sets, verdicts and the models
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The expected answers of the probes were given by herd7 7.58 (the
 * oracle): each probe model flags what it finds in the executions, and
 * the flags herd7 raised are the ones expected here.
 */
#define G_LOG_DOMAIN "test-c11"
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "acyclic.h"

static AcyModel *
model_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  AcyModelSource src = { .cat_path = "probe.cat", .cat_text = text };
  AcyModel *m = acy_model_load (&src, &error);

  g_assert_no_error (error);
  return m;
}

static AcyModel *
model_file (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (SOURCE_MODELSDIR, name, NULL);
  AcyModelSource src = { .cat_path = path };
  AcyModel *m = acy_model_load (&src, &error);

  g_assert_no_error (error);
  return m;
}

/* herd's output for @litmus under @model, without the Time line. */
static char *
run (const char *litmus, const AcyModel *model)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyTest) test = acy_test_parse (litmus, -1, "t.litmus", NULL, &error);
  g_autoptr(AcyCheckResult) result = NULL;
  GString *out = g_string_new (NULL);

  g_assert_no_error (error);
  result = acy_check_run (test, model, NULL, NULL, &error);
  g_assert_no_error (error);
  acy_check_result_format_herd (result, out, FALSE);
  return g_string_free (out, FALSE);
}

/* The Flag lines of @litmus under @model, joined by spaces. */
static char *
flags (const char *litmus, const AcyModel *model)
{
  g_autofree char *out = run (litmus, model);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GString *f = g_string_new (NULL);

  for (guint i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "Flag "))
      g_string_append_printf (f, "%s%s", f->len ? " " : "", lines[i] + 5);
  return g_string_free (f, FALSE);
}

static const char cas_fail[] =
  "C cas\n{ x = 1; }\n\n"
  "P0 (atomic_int* x, int* e0) {\n"
  "  int t0 = atomic_compare_exchange_strong_explicit(x, e0, 2, memory_order_acquire, memory_order_relaxed);\n"
  "}\n\nexists (0:t0=0)\n";

static const char cas_ok[] =
  "C cas2\n{ x = 0; y = 0; }\n\n"
  "P0 (atomic_int* x, int* e0, atomic_int* y) {\n"
  "  int t0 = atomic_compare_exchange_strong_explicit(x, e0, 2, memory_order_acquire, memory_order_relaxed);\n"
  "  int r1 = atomic_fetch_add_explicit(y, 1, memory_order_relaxed);\n"
  "  atomic_thread_fence(memory_order_seq_cst);\n"
  "}\n\nexists (0:t0=1)\n";

/* A failed compare-exchange: a plain read of "expected", an atomic
 * relaxed read, a plain write of "expected", in po. */
static void
test_cas_failure_events (void)
{
  g_autoptr(AcyModel) m = model_text (
    "\"probe\"\n"
    "let sameinstr = (M * M) & int & ~id & ~po & ~(po^-1)\n"
    "flag ~empty sameinstr as notpo\n"
    "flag ~empty (po & (R*W) & loc) as poRWloc\n"
    "flag ~empty (po & (W*R)) as poWR\n"
    "flag ~empty (NA & F) as naF\n"
    "flag ~empty (NA & IW) as naIW\n"
    "flag ~empty (R & W) as RandW\n"
    "flag ~empty (RMW) as rmwset\n"
    "flag ~empty (rmw) as rmwrel\n"
    "flag ~empty (X) as xset\n"
    "flag ~empty (A & R & ~W) as pureAread\n"
    "flag ~empty (RLX & R) as rlxR\n"
    "flag ~empty (data) as data\n"
    "flag ~empty (ctrl) as ctrl\n"
    "flag ~empty (addr) as addr\n");
  g_autofree char *got = flags (cas_fail, m);

  g_assert_cmpstr (got, ==, "naIW poRWloc pureAread rlxR");
}

/* A successful compare-exchange and a fetch-add are single events, both
 * R and W, in RMW (= X), with their memory order; rmw is empty; a fence
 * is in NA. */
static void
test_rmw_one_event (void)
{
  g_autoptr(AcyModel) m = model_text (
    "\"probe\"\n"
    "flag ~empty (po & (R*W) & loc) as poRWloc\n"
    "flag ~empty (NA & F) as naF\n"
    "flag ~empty (R & W) as RandW\n"
    "flag ~empty (RMW) as rmwset\n"
    "flag ~empty (rmw) as rmwrel\n"
    "flag ~empty (X) as xset\n"
    "flag ~empty (A & F) as aF\n"
    "flag ~empty (SC & F) as scF\n"
    "flag ~empty (ACQ & R & W) as acqRMW\n"
    "flag ~empty (RLX & R & W) as rlxRMW\n"
    "flag ~empty (data) as data\n"
    "flag ~empty (ctrl) as ctrl\n"
    "flag ~empty (addr) as addr\n"
    "flag ~empty (CON) as con\n"
    "flag ~empty (annot) as annot\n");
  g_autofree char *got = flags (cas_ok, m);
  g_autofree char *out = run (cas_ok, m);

  g_assert_cmpstr (got, ==, "RandW acqRMW naF rlxRMW rmwset scF xset");
  g_assert_nonnull (strstr (out, "States 1\n0:t0=1;\n"));
}

/* The operands of a binary operator are evaluated side by side: herd
 * leaves their events unordered by po. */
static void
test_operands_unordered (void)
{
  g_autoptr(AcyModel) m = model_text (
    "\"probe\"\n"
    "flag ~empty ((M*M) & ~po & ~(po^-1) & ~id & int) as unordered\n"
    "flag ~empty ((M*M) & po & ~loc) as ponoloc\n");
  const char *sum =
    "C p\n{ x = 1; }\n\nP0 (atomic_int* x, atomic_int* y) {\n"
    "  int r = atomic_load_explicit(x, memory_order_relaxed) + atomic_load_explicit(y, memory_order_relaxed);\n"
    "}\n\nexists (x=5)\n";
  const char *data =
    "C p\n{ x = 1; }\n\nP0 (atomic_int* x, int* y) {\n"
    "  atomic_store_explicit(x, *y, memory_order_relaxed);\n"
    "}\n\nexists (x=5)\n";
  g_autofree char *got_sum = flags (sum, m);
  g_autofree char *got_data = flags (data, m);

  g_assert_cmpstr (got_sum, ==, "unordered");
  g_assert_cmpstr (got_data, ==, "ponoloc");
}

/* undefined_unless: a data race makes the verdict Undef and raises the
 * flag *undef*, as herd7 prints them. */
static void
test_undef (void)
{
  g_autoptr(AcyModel) m = model_file ("rc11.cat");
  const char *race =
    "C race\n{ x = 0; }\n\n"
    "P0 (int* x) {\n  *x = 1;\n}\n\n"
    "P1 (int* x) {\n  int r0 = *x;\n}\n\nexists (1:r0=1)\n";
  g_autofree char *out = run (race, m);

  g_assert_nonnull (strstr (out, "\nUndef\nWitnesses\nPositive: 1 Negative: 1\nFlag *undef*\n"));
}

typedef struct {
  const char *shape;
  const char *litmus;
  /* observations under rc11.cat, c11-sc.cat, c11-ra.cat */
  const char *rc11, *sc, *ra;
} Shape;

static const Shape shapes[] = {
  { "SB seq_cst",
    "C SB\n{}\nP0 (atomic_int* x, atomic_int* y) {\n"
    "  atomic_store_explicit(x, 1, memory_order_seq_cst);\n"
    "  int r0 = atomic_load_explicit(y, memory_order_seq_cst);\n}\n"
    "P1 (atomic_int* x, atomic_int* y) {\n"
    "  atomic_store_explicit(y, 1, memory_order_seq_cst);\n"
    "  int r0 = atomic_load_explicit(x, memory_order_seq_cst);\n}\n"
    "exists (0:r0=0 /\\ 1:r0=0)\n",
    "Never", "Never", "Sometimes" },
  { "SB release/acquire",
    "C SB\n{}\nP0 (atomic_int* x, atomic_int* y) {\n"
    "  atomic_store_explicit(x, 1, memory_order_release);\n"
    "  int r0 = atomic_load_explicit(y, memory_order_acquire);\n}\n"
    "P1 (atomic_int* x, atomic_int* y) {\n"
    "  atomic_store_explicit(y, 1, memory_order_release);\n"
    "  int r0 = atomic_load_explicit(x, memory_order_acquire);\n}\n"
    "exists (0:r0=0 /\\ 1:r0=0)\n",
    "Sometimes", "Never", "Sometimes" },
  { "MP relaxed",
    "C MP\n{}\nP0 (atomic_int* x, atomic_int* y) {\n"
    "  atomic_store_explicit(x, 1, memory_order_relaxed);\n"
    "  atomic_store_explicit(y, 1, memory_order_relaxed);\n}\n"
    "P1 (atomic_int* x, atomic_int* y) {\n"
    "  int r0 = atomic_load_explicit(y, memory_order_relaxed);\n"
    "  int r1 = atomic_load_explicit(x, memory_order_relaxed);\n}\n"
    "exists (1:r0=1 /\\ 1:r1=0)\n",
    "Sometimes", "Never", "Never" },
  { "LB relaxed",
    "C LB\n{}\nP0 (atomic_int* x, atomic_int* y) {\n"
    "  int r0 = atomic_load_explicit(x, memory_order_relaxed);\n"
    "  atomic_store_explicit(y, 1, memory_order_relaxed);\n}\n"
    "P1 (atomic_int* x, atomic_int* y) {\n"
    "  int r0 = atomic_load_explicit(y, memory_order_relaxed);\n"
    "  atomic_store_explicit(x, 1, memory_order_relaxed);\n}\n"
    "exists (0:r0=1 /\\ 1:r0=1)\n",
    "Never", "Never", "Never" },
  { "CAS is atomic",
    "C CAS\n{}\nP0 (atomic_int* x, int* e0) {\n"
    "  int t = atomic_compare_exchange_strong_explicit(x, e0, 1, memory_order_relaxed, memory_order_relaxed);\n}\n"
    "P1 (atomic_int* x, int* e1) {\n"
    "  int t = atomic_compare_exchange_strong_explicit(x, e1, 1, memory_order_relaxed, memory_order_relaxed);\n}\n"
    "exists (0:t=1 /\\ 1:t=1)\n",
    "Never", "Never", "Never" },
};

static void
test_models (void)
{
  g_autoptr(AcyModel) rc11 = model_file ("rc11.cat");
  g_autoptr(AcyModel) sc = model_file ("c11-sc.cat");
  g_autoptr(AcyModel) ra = model_file ("c11-ra.cat");

  for (guint i = 0; i < G_N_ELEMENTS (shapes); i++)
    {
      const AcyModel *models[] = { rc11, sc, ra };
      const char *want[] = { shapes[i].rc11, shapes[i].sc, shapes[i].ra };

      for (guint k = 0; k < G_N_ELEMENTS (models); k++)
        {
          g_autofree char *out = run (shapes[i].litmus, models[k]);
          g_autofree char *needle = g_strdup_printf (" %s ", want[k]);
          const char *obs = strstr (out, "\nObservation ");

          g_test_message ("%s under %s", shapes[i].shape, acy_model_get_name (models[k]));
          g_assert_nonnull (obs);
          g_assert_nonnull (strstr (obs, needle));
        }
    }
}

/* Memory orders are checked; the forms herd7 does not know are unknown
 * functions, as in herd7. */
static void
test_bad_calls (void)
{
  struct { const char *body; const char *message; } bad[] = {
    { "int r = atomic_load_explicit(x, memory_order_fast);", "needs a memory order" },
    { "int r = atomic_load_explicit(x);", "takes 2 arguments" },
    { "atomic_store(x, 1);", "unknown macro or function 'atomic_store'" },
    { "atomic_signal_fence(memory_order_seq_cst);", "atomic_signal_fence" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = g_strdup_printf ("C bad\n{}\nP0 (atomic_int* x) {\n  %s\n}\nexists (x=1)\n",
                                               bad[i].body);
      g_autoptr(AcyTest) t = acy_test_parse (text, -1, "bad.litmus", NULL, &error);

      g_assert_null (t);
      g_assert_nonnull (error);
      if (strstr (error->message, bad[i].message) == NULL || strstr (error->message, "bad.litmus:4:") == NULL)
        g_error ("expected 'bad.litmus:4:...%s' in '%s'", bad[i].message, error->message);
    }
}

/* models/c11.def gives the forms without a memory order: seq_cst. */
static void
test_seq_cst_forms (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *def = g_build_filename (SOURCE_MODELSDIR, "c11.def", NULL);
  g_autoptr(AcyMacros) macros = acy_macros_load (def, &error);
  g_autoptr(AcyModel) rc11 = model_file ("rc11.cat");
  g_autoptr(AcyTest) test = NULL;
  g_autoptr(AcyCheckResult) result = NULL;
  const char *sb =
    "C SB\n{}\nP0 (atomic_int* x, atomic_int* y) {\n"
    "  atomic_store(x, 1);\n  int r0 = atomic_load(y);\n}\n"
    "P1 (atomic_int* x, atomic_int* y) {\n"
    "  atomic_store(y, 1);\n  int r0 = atomic_fetch_add(x, 0);\n}\n"
    "exists (0:r0=0 /\\ 1:r0=0)\n";

  g_assert_no_error (error);
  test = acy_test_parse (sb, -1, "sb.litmus", macros, &error);
  g_assert_no_error (error);
  result = acy_check_run (test, rc11, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (acy_check_result_get_observation (result), ==, ACY_OBSERVATION_NEVER);
  g_assert_cmpuint (acy_check_result_get_negative (result), ==, 3);
}

/* With no model, herd7's default for C tests is looked for in $HERDLIB. */
static void
test_default_model (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acy-c11-XXXXXX", &error);
  g_autofree char *cat = g_build_filename (dir, ACY_DEFAULT_C_MODEL, NULL);
  g_auto(AcySetupPaths) paths = { 0 };
  g_auto(AcySetupPaths) none = { 0 };
  AcySetupSpec spec = { 0 };

  g_assert_no_error (error);
  g_unsetenv ("HERDLIB");
  g_assert_false (acy_setup_resolve (&spec, &none, &error));
  g_assert_nonnull (strstr (error->message, ACY_DEFAULT_C_MODEL));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (cat, "\"C++11\"\nacyclic po | rf\n", -1, NULL));
  g_setenv ("HERDLIB", dir, TRUE);
  g_assert_true (acy_setup_resolve (&spec, &paths, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (paths.cat_path, ==, cat);
  g_unsetenv ("HERDLIB");
  g_remove (cat);
  g_rmdir (dir);
}

/* The built-in C11 models read tests with c11.def: a kernel primitive is
 * an unknown function under them, a clear error of that model alone. */
static void
test_c11_model_macros (void)
{
  g_autoptr(GError) error = NULL;
  g_auto(AcySetupPaths) rc11 = { 0 };
  g_auto(AcySetupPaths) sc = { 0 };
  AcySetupSpec rc11_spec = { .cat = "rc11" }, sc_spec = { .cat = "sc" };
  g_autoptr(AcyModel) model = NULL;
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyTest) test = NULL;

  g_assert_true (acy_setup_resolve (&rc11_spec, &rc11, &error));
  g_assert_true (g_str_has_suffix (rc11.macros_path, ACY_C11_MACROS));
  g_assert_true (acy_setup_resolve (&sc_spec, &sc, &error));
  g_assert_true (g_str_has_suffix (sc.macros_path, ACY_DEFAULT_MACROS));

  g_assert_true (acy_setup_load (&rc11_spec, &model, &macros, &error));
  test = acy_test_parse ("C k\n{}\nP0 (int* x) {\n  WRITE_ONCE(*x, 1);\n  smp_mb();\n}\nexists (x=1)\n",
                         -1, "k.litmus", macros, &error);
  g_assert_null (test);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME);
  g_assert_nonnull (strstr (error->message, "k.litmus:4:3: unknown macro or function 'WRITE_ONCE'"));
}

/* ---- C11 mutexes ---- */

static const char mutex_probe_test[] =
  "C probe\n\n{ p = m; }\n\n"
  "P0(int *x, mtx_t **p) {\n"
  "  mtx_t *r1 = *p;\n"
  "  mtx_lock(r1);\n"
  "  *x = 1;\n"
  "  mtx_unlock(r1);\n"
  "}\n\n"
  "P1(int *x, mtx_t *m) {\n"
  "  lock(m);\n"
  "  int r0 = *x;\n"
  "  unlock(m);\n"
  "}\n\nexists (1:r0=1)\n";

/* herd7 makes one event of mtx_lock, in LK and LF (never LS: herd builds
 * no successful C11 lock) and one of mtx_unlock, in UL; both NA, located
 * at the mutex, reached by an address dependency, outside M, R, W, A and
 * the memory orders, read by nothing. */
static void
test_mutex_events (void)
{
  g_autoptr(AcyModel) m = model_text (
    "\"probe\"\n"
    "flag ~empty LK as lk\n"
    "flag ~empty LF as lf\n"
    "flag ~empty LS as ls\n"
    "flag ~empty UL as ul\n"
    "flag ~empty ((LK | UL) & M) as lockM\n"
    "flag ~empty ((LK | UL) & (R | W)) as lockRW\n"
    "flag ~empty (LK & NA) as lkNA\n"
    "flag ~empty (UL & NA) as ulNA\n"
    "flag ~empty ((LK | UL) & (A | RMW | F)) as lockA\n"
    "flag ~empty ((LK | UL) & (LKR | LKW)) as lockLKRW\n"
    "flag ~empty ((LK | UL) & (RLX | ACQ | REL | ACQ_REL | SC | CON)) as lockMO\n"
    "flag ~empty ((LK | UL) & annot) as lockAnnot\n"
    "flag ~empty (loc & (LK * UL)) as locLKUL\n"
    "flag ~empty (loc & (IW * LK)) as iwLK\n"
    "flag ~empty (po & (LK * UL)) as poLKUL\n"
    "flag ~empty (po & (LK * W)) as poLKW\n"
    "flag ~empty (ext & (LK * LK)) as extLK\n"
    "flag ~empty (rf & ((LK | UL) * _)) as rfLock\n"
    "flag ~empty (rf & (_ * (LK | UL))) as rfToLock\n"
    "flag ~empty (addr & (_ * (LK | UL))) as addrLock\n");
  g_autofree char *got = flags (mutex_probe_test, m);

  /* herd7's flags, in its order */
  g_assert_cmpstr (got, ==, "addrLock extLK iwLK lf lk lkNA locLKUL poLKUL poLKW ul ulNA");
}

static char *
read_mutex_test (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "herd7", "c11-mutex", name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* Our RC11 gives the mutexes C11's meaning (models/rc11.cat): herd's
 * RC11 has no rule for them, so these answers are ours, not herd7's. */
static void
test_mutex_rc11 (void)
{
  g_autoptr(AcyModel) rc11 = model_file ("rc11.cat");
  static const struct { const char *test; const char *observation; const char *flags; } cases[] = {
    /* a critical section excludes the other: no lost increment */
    { "mtx-incr.litmus", " Never 0 2", "" },
    { "mtx-keywords.litmus", " Always 2 0", "" },
    { "mtx-mp.litmus", " Never 0 2", "" },
    { "mtx-sb.litmus", " Never 0 2", "" },
    { "mtx-nested.litmus", " Never 0 2", "" },
    /* one mutex each: no exclusion, a data race */
    { "mtx-two-mutexes.litmus", " Sometimes 2 2", "*undef*" },
    { "mtx-half-locked.litmus", " Sometimes 1 3", "*undef*" },
    /* an unlock of a mutex the thread does not hold is undefined */
    { "mtx-unlock-only.litmus", " Sometimes 2 2", "*undef*" },
    /* the second lock waits forever: no complete execution */
    { "mtx-no-unlock.litmus", " Never 0 0", "" },
    { "mtx-double-lock.litmus", " Never 0 0", "" },
    { "mtx-three-threads.litmus", " Sometimes 1 5", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = read_mutex_test (cases[i].test);
      g_autofree char *out = run (text, rc11);
      g_autofree char *got = flags (text, rc11);
      const char *obs = strstr (out, "\nObservation ");

      g_test_message ("%s", cases[i].test);
      g_assert_nonnull (obs);
      if (strstr (obs, cases[i].observation) == NULL)
        g_error ("%s: expected '%s' in '%s'", cases[i].test, cases[i].observation, obs + 1);
      g_assert_cmpstr (got, ==, cases[i].flags);
    }
}

/* An unlock synchronises with the later locks: a thread that saw the
 * first critical section end (through release/acquire) takes the lock
 * after it and sees its write. */
static void
test_mutex_rc11_order (void)
{
  g_autoptr(AcyModel) rc11 = model_file ("rc11.cat");
  g_autofree char *out = run (
    "C order\n\n{ }\n\n"
    "P0(int *x, atomic_int *y, mtx_t *m) {\n"
    "  mtx_lock(m);\n  *x = 1;\n  mtx_unlock(m);\n"
    "  atomic_store_explicit(y, 1, memory_order_release);\n}\n\n"
    "P1(int *x, atomic_int *y, mtx_t *m) {\n"
    "  int r0 = atomic_load_explicit(y, memory_order_acquire);\n"
    "  mtx_lock(m);\n  int r1 = *x;\n  mtx_unlock(m);\n}\n\n"
    "exists (1:r0=1 /\\ 1:r1=0)\n", rc11);

  g_assert_nonnull (strstr (out, "Observation order Never 0 3"));
  g_assert_null (strstr (out, "Flag"));
}

/* Misuses herd7 refuses are refused at their place. */
static void
test_mutex_misuse (void)
{
  struct { const char *body; const char *where; const char *message; } bad[] = {
    { "int r0 = mtx_lock(m);", "bad.litmus:4:12:", "a mutex operation is a statement" },
    { "if (mtx_unlock(m)) { *x = 1; }", "bad.litmus:4:7:", "a mutex operation is a statement" },
    { "mtx_lock(m, x);", "bad.litmus:4:13:", "expected ')'" },
    { "mtx_lock(&m);", "bad.litmus:4:12:", "not its address" },
    { "mtx_lock{once}(m);", "bad.litmus:4:11:", "expected '('" },
    { "int lock = 1;", "bad.litmus:4:7:", "not a name" },
    { "int r0 = mtx_trylock(m);", "bad.litmus:4:12:", "unknown macro or function 'mtx_trylock'" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = g_strdup_printf ("C bad\n{}\nP0 (int* x, mtx_t* m) {\n  %s\n}\nexists (x=1)\n",
                                               bad[i].body);
      g_autoptr(AcyTest) t = acy_test_parse (text, -1, "bad.litmus", NULL, &error);

      g_assert_null (t);
      g_assert_nonnull (error);
      if (strstr (error->message, bad[i].message) == NULL || !g_str_has_prefix (error->message, bad[i].where))
        g_error ("expected '%s ...%s' in '%s'", bad[i].where, bad[i].message, error->message);
    }
  /* a test with mutexes is a C11 test for the window */
  g_assert_true (acy_test_text_uses_c11 ("C m\n{}\nP0 (mtx_t* m) {\n  mtx_lock(m);\n}\nexists (m=0)\n", -1));
  g_assert_false (acy_test_text_uses_c11 ("C lock\n{}\nP0 (int* x) {\n  *x = 1;\n}\nexists (x=1)\n", -1));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AcyTest) t = acy_test_parse ("C bad\n{ mtx_t m; }\nP0 (mtx_t* m) {\n  mtx_lock(m);\n}\nexists (m=0)\n",
                                           -1, "bad.litmus", NULL, &error);

    g_assert_null (t);
    g_assert_nonnull (strstr (error->message, "bad.litmus:2:3: herd7 cannot size a mtx_t"));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/c11/cas-failure-events", test_cas_failure_events);
  g_test_add_func ("/engine/c11/rmw-one-event", test_rmw_one_event);
  g_test_add_func ("/engine/c11/operands-unordered", test_operands_unordered);
  g_test_add_func ("/engine/c11/undef", test_undef);
  g_test_add_func ("/engine/c11/models", test_models);
  g_test_add_func ("/engine/c11/bad-calls", test_bad_calls);
  g_test_add_func ("/engine/c11/seq-cst-forms", test_seq_cst_forms);
  g_test_add_func ("/engine/c11/default-model", test_default_model);
  g_test_add_func ("/engine/c11/c11-model-macros", test_c11_model_macros);
  g_test_add_func ("/engine/c11/mutex-events", test_mutex_events);
  g_test_add_func ("/engine/c11/mutex-rc11", test_mutex_rc11);
  g_test_add_func ("/engine/c11/mutex-rc11-order", test_mutex_rc11_order);
  g_test_add_func ("/engine/c11/mutex-misuse", test_mutex_misuse);
  return g_test_run ();
}
