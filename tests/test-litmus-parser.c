/* test-litmus-parser.c - parsing C litmus tests: structure, conditions, errors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-test"
#include "config.h"

#include <string.h>

#include "acy-test.h"
#include "shared-dir.h"

#define BASIC_DEF SOURCE_MODELSDIR "/linux-basic.def"

static const char mp_text[] =
  "C C-MP+o-mb-o+o-mb-o\n"
  "\n"
  "{\n"
  "}\n"
  "\n"
  "P0(int *x, int *y)\n"
  "{\n"
  "  WRITE_ONCE(*y, 1);\n"
  "  smp_mb();\n"
  "  WRITE_ONCE(*x, 1);\n"
  "}\n"
  "\n"
  "P1(int *x, int *y)\n"
  "{\n"
  "  int r1;\n"
  "  int r2;\n"
  "\n"
  "  r1 = READ_ONCE(*x);\n"
  "  smp_mb();\n"
  "  r2 = READ_ONCE(*y);\n"
  "}\n"
  "\n"
  "exists\n"
  "(1:r1=1 /\\ 1:r2=0)\n";

static AcyMacros *
basic_macros (void)
{
  g_autoptr (GError) error = NULL;
  AcyMacros *m = acy_macros_load (BASIC_DEF, &error);

  g_assert_no_error (error);
  return m;
}

static AcyTest *
parse_ok (const char *text, const AcyMacros *macros)
{
  g_autoptr (GError) error = NULL;
  AcyTest *t = acy_test_parse (text, -1, "test.litmus", macros, &error);

  g_assert_no_error (error);
  g_assert_nonnull (t);
  return t;
}

static void
assert_parse_error (const char *text, const AcyMacros *macros, AcyErrorCode code, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (AcyTest) t = acy_test_parse (text, -1, "bad.litmus", macros, &error);

  g_assert_null (t);
  g_assert_error (error, ACY_ERROR, (gint) code);
  if (strstr (error->message, message) == NULL)
    g_error ("expected '%s' in '%s'", message, error->message);
}

static void
test_article (void)
{
  g_autoptr (AcyMacros) m = basic_macros ();
  g_autoptr (AcyTest) t = parse_ok (mp_text, m);

  g_assert_cmpstr (acy_test_get_name (t), ==, "C-MP+o-mb-o+o-mb-o");
  g_assert_cmpstr (acy_test_get_arch (t), ==, "C");
  g_assert_null (acy_test_get_expected_result (t));
  g_assert_cmpint (acy_test_get_quantifier (t), ==, ACY_QUANT_EXISTS);
  g_assert_cmpstr (acy_test_get_condition_text (t), ==, "exists (1:r1=1 /\\ 1:r2=0)");
  g_assert_cmpuint (acy_test_get_n_observed (t), ==, 2);
  g_assert_cmpstr (acy_test_get_observed (t, 0), ==, "1:r1");
  g_assert_cmpstr (acy_test_get_observed (t, 1), ==, "1:r2");
}

static void
test_init_block (void)
{
  g_autoptr (AcyMacros) m = basic_macros ();
  g_autoptr (AcyTest) t = parse_ok (
    "C init+block\n"
    "{\n"
    "  int *p=y; x = 1; int z; int w = -2; 0:r2=a; int *q = &x;\n"
    "}\n"
    "P0(int *x, int **p) { int *r2; int r3; r3 = READ_ONCE(*r2); }\n"
    "locations [x; 0:r2; q;]\n"
    "exists (p=y /\\ [w]=-2 \\/ 0:r3=0:r2)\n", m);
  g_autofree char *addr = NULL;

  g_assert_cmpstr (acy_test_get_condition_text (t), ==,
                   "exists ([p]=y /\\ [w]=-2 \\/ 0:r3=0:r2)");
  /* registers first (thread, then name), then locations by name */
  g_assert_cmpuint (acy_test_get_n_observed (t), ==, 6);
  g_assert_cmpstr (acy_test_get_observed (t, 0), ==, "0:r2");
  g_assert_cmpstr (acy_test_get_observed (t, 1), ==, "0:r3");
  g_assert_cmpstr (acy_test_get_observed (t, 2), ==, "[p]");
  g_assert_cmpstr (acy_test_get_observed (t, 3), ==, "[q]");
  g_assert_cmpstr (acy_test_get_observed (t, 4), ==, "[w]");
  g_assert_cmpstr (acy_test_get_observed (t, 5), ==, "[x]");
  addr = acy_test_format_value (t, ACY_VALUE_ADDR_BASE + 1);
  g_assert_cmpstr (addr, ==, "y");
}

static void
test_expected_result (void)
{
  g_autoptr (AcyMacros) m = basic_macros ();
  g_autoptr (AcyTest) t = parse_ok (
    "C result\n"
    "(*\n * Result: Sometimes DATARACE\n *\n * (* nested *) comment\n *)\n"
    "{ }\n"
    "P0(int *x) { *x = 3; } // plain store\n"
    "~exists (x=3)\n", m);

  g_assert_cmpstr (acy_test_get_expected_result (t), ==, "Sometimes DATARACE");
  g_assert_cmpint (acy_test_get_quantifier (t), ==, ACY_QUANT_NOT_EXISTS);
  g_assert_cmpstr (acy_test_get_condition_text (t), ==, "~exists ([x]=3)");
}

static void
test_condition_printing (void)
{
  g_autoptr (AcyMacros) m = basic_macros ();
  g_autoptr (AcyTest) t = parse_ok (
    "C print\n{}\nP0(int *x) { int r0; r0 = READ_ONCE(*x); }\n"
    "forall (0:r0=0 /\\ (x=1 \\/ ~(0:r0=2 /\\ x=0)) \\/ (true /\\ ~false))\n", m);

  g_assert_cmpstr (acy_test_get_condition_text (t), ==,
                   "forall (0:r0=0 /\\ ([x]=1 \\/ not (0:r0=2 /\\ [x]=0)) \\/ true /\\ not (false))");
}

static void
test_errors (void)
{
  g_autoptr (AcyMacros) m = basic_macros ();
  g_autoptr (GString) deep = g_string_new ("C deep\n{}\nP0(int *x) { int r; r = ");

  assert_parse_error ("C u\n{}\nP0(int *x) {\n  spin_lock(x);\n}\nexists (x=0)\n", m,
                      ACY_ERROR_UNKNOWN_NAME,
                      "bad.litmus:4:3: unknown macro or function 'spin_lock' (not defined in "
                      BASIC_DEF ") near 'spin_lock'");
  assert_parse_error ("C u\n{}\nP0(int *x) {\n  WRITE_ONCE(*x, 1);\n}\nexists (x=0)\n", NULL,
                      ACY_ERROR_UNKNOWN_NAME, "no macro file is loaded (give -macros FILE.def or -conf FILE.cfg); herd7: Procedure call WRITE_ONCE in CSem");
  assert_parse_error ("C c\n(* Result: Never\n{}\n", m, ACY_ERROR_SYNTAX,
                      "bad.litmus:2:1: unterminated comment '(*' opened here");
  assert_parse_error ("C b\n{}\nP0(int *x) {\n  if (1) {\n    *x = 1;\n", m, ACY_ERROR_SYNTAX,
                      "expected '}' to close the '{' opened at 4:10 near 'end of file'");
  /* herd7 reads a name no thread declares as a register holding 0: so
   * does the parser, with a warning at the name, once per thread */
  {
    g_autoptr (AcyTest) t = parse_ok ("C r\n{}\nP0(int *x) {\n  *x = r9 + 1;\n  *x = r9;\n}\nexists (x=0)\n", m);
    const AcyTestWarning *w;

    g_assert_cmpuint (acy_test_get_n_warnings (t), ==, 1);
    w = acy_test_get_warning (t, 0);
    g_assert_cmpuint (w->at.line, ==, 4);
    g_assert_cmpuint (w->at.col, ==, 8);
    g_assert_cmpstr (w->message, ==, "'r9' is not declared in P0: it is read as a register holding 0, as herd7 reads it");
  }
  assert_parse_error ("C d\n{}\nP0(int *x) { smp_mb(); }\nP0(int *x) { smp_mb(); }\nexists (x=0)\n", m,
                      ACY_ERROR_SYNTAX, "bad.litmus:4:1: duplicate thread P0 (first defined at 3:1)");
  assert_parse_error ("C g\n{}\nP0(int *x) { smp_mb(); }\nP2(int *x) { smp_mb(); }\nexists (x=0)\n", m,
                      ACY_ERROR_SYNTAX, "expected P1 near 'P2'");
  assert_parse_error ("C n\n{}\nP0(int *x) { smp_mb(); }\nexists (3:r0=0)\n", m,
                      ACY_ERROR_UNKNOWN_NAME, "no thread P3");
  /* herd7 checks a test with no condition as `forall (true)`; anything
   * else where the condition goes is an error */
  {
    g_autoptr (AcyTest) t = parse_ok ("C q\n{}\nP0(int *x) { smp_mb(); }\n", m);

    g_assert_cmpint (acy_test_get_quantifier (t), ==, ACY_QUANT_FORALL);
    g_assert_cmpstr (acy_test_get_condition_text (t), ==, "forall (true)");
  }
  assert_parse_error ("C q\n{}\nP0(int *x) { smp_mb(); }\nexist (x=0)\n", m, ACY_ERROR_SYNTAX,
                      "expected the final condition");
  /* herd7's only loop is while (unrolled: tests/herd7 loop-*) */
  assert_parse_error ("C w\n{}\nP0(int *x) { int r0; for (r0 = 0; r0 < 2; r0++) { } }\nexists (x=0)\n", m,
                      ACY_ERROR_UNSUPPORTED, "its only loop is 'while'");
  assert_parse_error ("C w\n{}\nP0(int *x) { while 1 { } }\nexists (x=0)\n", m,
                      ACY_ERROR_SYNTAX, "after 'while'");
  assert_parse_error ("C a\n{}\nP0(int *x) { smp_mb(1); }\nexists (x=0)\n", m,
                      ACY_ERROR_SYNTAX, "macro 'smp_mb' takes 0 arguments, given 1");

  for (guint i = 0; i < 1500; i++)
    g_string_append_c (deep, '(');
  g_string_append (deep, "1");
  for (guint i = 0; i < 1500; i++)
    g_string_append_c (deep, ')');
  g_string_append (deep, "; }\nexists (x=0)\n");
  assert_parse_error (deep->str, m, ACY_ERROR_LIMIT, "nesting too deep");
}

/* ---- the conformance corpus ---- */

static void
collect_litmus (const char *dir, GPtrArray *out)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_litmus (path, out);
      else if (g_str_has_suffix (name, ".litmus"))
        g_ptr_array_add (out, g_steal_pointer (&path));
    }
}

static void
test_corpus (void)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (AcyMacros) m = NULL;
  g_autoptr (GError) error = NULL;
  guint checked = 0;
  g_autofree char *corpus = test_conformance_path (NULL);
  g_autofree char *def = g_build_filename (corpus, "lkmm", "linux-kernel.def", NULL);

  if (!g_file_test (def, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no conformance corpus");
      return;
    }
  m = acy_macros_load (def, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 3; i++)
    {
      static const char *const folders[] = { "tests", "heavy-unfinished", "article" };
      g_autofree char *dir = g_build_filename (corpus, folders[i], NULL);
      collect_litmus (dir, files);
    }
  g_assert_cmpuint (files->len, >, 0);

  for (guint i = 0; i < files->len; i++)
    {
      const char *path = files->pdata[i];
      g_autoptr (AcyTest) t = acy_test_load (path, m, &error);
      g_autofree char *expected_path = g_strconcat (path, ".expected", NULL);
      g_autofree char *expected = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (t);
      if (g_file_get_contents (expected_path, &expected, NULL, NULL))
        {
          const char *line = strstr (expected, "\nCondition ");
          g_autofree char *want = NULL;

          g_assert_nonnull (line);
          line += strlen ("\nCondition ");
          want = g_strndup (line, strcspn (line, "\n"));
          g_assert_cmpstr (acy_test_get_condition_text (t), ==, want);
          checked++;
        }
    }
  g_test_message ("%u tests parsed, %u conditions compared", files->len, checked);
}

/* herd7's Hash= of tests, as herd7 7.58 prints them: the initial state
 * with its types sorted by location, the threads' text as written
 * (comments included), the parameter types without their outer `*`, and
 * the locations of `locations` and of the condition (not the filter). */
static const char hash_typed[] =
  "C hash-typed\n"
  "{\n"
  "\tint x = 1;\n"
  "\tint *p = &x;\n"
  "\tatomic_t a = ATOMIC_INIT(2);\n"
  "\t0:r9 = 3;\n"
  "\ty;\n"
  "}\n"
  "\n"
  "P0(int *x, volatile int *y, int **p)\n"
  "{\n"
  "\tint r1; /* a comment { with a brace } */\n"
  "\tr1 = READ_ONCE(*x);\n"
  "\tWRITE_ONCE(*y, r1);\n"
  "}\n"
  "\n"
  "P1(atomic_t *a, int *y) {\n"
  "\tint r0 = READ_ONCE(*a); // line comment\n"
  "\tsmp_mb();\n"
  "\tr0 = READ_ONCE(*y);\n"
  "}\n"
  "\n"
  "locations [x; 1:r0]\n"
  "filter (0:r1=1 \\/ 1:r0=0)\n"
  "~exists (1:r0=1 /\\ [y]=2 /\\ 0:r1=1:r0)\n";

static void
test_herd_hash (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) m = basic_macros ();
  g_autoptr(AcyTest) test = acy_test_parse (hash_typed, -1, "hash-typed.litmus", m, &error);
  g_autoptr(AcyTest) given = NULL;
  g_autoptr(AcyTest) other = NULL;
  g_autofree char *changed = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (acy_test_get_hash (test), ==, "7eb0f3f3397f6b6295ebe1d9444f7c99");

  /* A Hash= header line is used as it is. */
  given = acy_test_parse ("C hash-given\nHash=0123456789abcdef0123456789abcdef\n{}\n"
                          "P0(int *x) { *x = 1; }\nforall (x=1)\n", -1, "g.litmus", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (acy_test_get_hash (given), ==, "0123456789abcdef0123456789abcdef");

  /* So does a comment of a body, as in herd7. */
  changed = g_strdup (hash_typed);
  *strstr (changed, "line comment") = 'L';
  other = acy_test_parse (changed, -1, "hash-typed.litmus", m, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (acy_test_get_hash (other), !=, acy_test_get_hash (test));
}

/* A test of @n statements in one thread. */
static GString *
long_test (guint n)
{
  GString *text = g_string_new ("C long\n{\n}\n\nP0(int *x)\n{\n  int r0;\n");

  for (guint i = 0; i < n; i++)
    g_string_append (text, "  *x = 1;\n  r0 = *x;\n");
  g_string_append (text, "}\n\nexists (0:r0=1)\n");
  return text;
}

static gpointer
cancel_soon (gpointer data)
{
  g_usleep (20 * 1000);
  g_cancellable_cancel (data);
  return NULL;
}

/* Loading looks at the cancellable and the deadline as enumeration
 * does: a Cancel while a long test loads stops it promptly with
 * ACY_ERROR_CANCELLED; a deadline gone by stops it with ACY_ERROR_LIMIT;
 * with neither, the test loads as before. */
static void
test_load_halts (void)
{
  g_autoptr(GString) big = long_test (300000);
  g_autoptr(GString) small = long_test (20000);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GCancellable) cancelled = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  AcyTest *test;
  GThread *canceller;
  gint64 t0, waited;

  g_cancellable_cancel (cancelled);
  test = acy_test_parse_full (big->str, (gssize) big->len, "long.litmus", NULL, NULL,
                              cancelled, 0, &error);
  g_assert_null (test);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_CANCELLED);
  g_clear_error (&error);

  test = acy_test_parse_full (big->str, (gssize) big->len, "long.litmus", NULL, NULL,
                              NULL, g_get_monotonic_time () - 1, &error);
  g_assert_null (test);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "long.litmus: out of time"));
  g_clear_error (&error);

  /* cancelled from another thread while it loads, as the window does */
  canceller = g_thread_new ("cancel", cancel_soon, cancellable);
  t0 = g_get_monotonic_time ();
  test = acy_test_parse_full (big->str, (gssize) big->len, "long.litmus", NULL, NULL,
                              cancellable, 0, &error);
  waited = g_get_monotonic_time () - t0;
  g_thread_join (canceller);
  g_assert_null (test);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_CANCELLED);
  g_test_message ("cancelled after %.3f s", waited / 1e6);
  g_assert_cmpint (waited, <, G_USEC_PER_SEC / 2);
  g_clear_error (&error);

  g_cancellable_reset (cancellable);
  test = acy_test_parse_full (small->str, (gssize) small->len, "long.litmus", NULL, NULL,
                              cancellable, g_get_monotonic_time () + 600 * G_USEC_PER_SEC,
                              &error);
  g_assert_no_error (error);
  g_assert_nonnull (test);
  g_assert_cmpstr (acy_test_get_name (test), ==, "long");
  acy_test_free (test);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/litmus/parse/article", test_article);
  g_test_add_func ("/engine/litmus/parse/init-block", test_init_block);
  g_test_add_func ("/engine/litmus/parse/expected-result", test_expected_result);
  g_test_add_func ("/engine/litmus/parse/condition-printing", test_condition_printing);
  g_test_add_func ("/engine/litmus/parse/errors", test_errors);
  g_test_add_func ("/engine/litmus/parse/herd-hash", test_herd_hash);
  g_test_add_func ("/engine/litmus/parse/corpus", test_corpus);
  g_test_add_func ("/engine/litmus/load/halts", test_load_halts);
  return g_test_run ();
}
