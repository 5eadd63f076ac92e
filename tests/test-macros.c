/* test-macros.c - herd macro files and their expansion to core operations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-test"
#include "config.h"

#include <string.h>

#include "acy-test.h"
#include "shared-dir.h"

/* A small macro file in the kernel's style, written for these tests. */
static const char defs[] =
  "// comment\n"
  "READ_ONCE(X) __load{ONCE}(X)\n"
  "WRITE_ONCE(X,V) { __store{ONCE}(X,V); }\n"
  "smp_load_acquire(X) __load{ACQUIRE}(*X)\n"
  "smp_mb() { __fence{MB}; }\n"
  "rcu_read_lock() { __fence{rcu-lock}; }\n"
  "xchg(X,V) __xchg{MB}(X,V)\n"
  "cmpxchg_acquire(X,V,W) __cmpxchg{ACQUIRE}(X,V,W)\n"
  "atomic_read(X) READ_ONCE(*X)\n"
  "atomic_inc(X) { __atomic_op{NORETURN}(X,+,1); }\n"
  "atomic_andnot(V,X) { __atomic_op{NORETURN}(X,&~,V); }\n"
  "atomic_dec_and_test(X) __atomic_op_return{MB}(X,-,1) == 0\n"
  "spin_lock(X) { __lock(X); }\n"
  "spin_unlock(X) { __unlock(X); }\n"
  "spin_trylock(X) __trylock(X)\n"
  "srcu_read_lock(X) __load{srcu-lock}(*X)\n"
  "srcu_read_unlock(X,Y) { __store{srcu-unlock}(*X,Y); }\n"
  "synchronize_srcu(X) { __srcu{sync-srcu}(X); }\n"
  "twice(X) { WRITE_ONCE(*X, 1); WRITE_ONCE(*X, 2); }\n"
  "loop(X) loop(X)\n";

typedef struct {
  GString *first;     /* events of the first candidate */
  guint    n;
} Collect;

static const char *
tag_list (const AcyExecution *x, guint64 tags, GString *s)
{
  g_string_truncate (s, 0);
  for (guint i = 0; i < x->n_tags; i++)
    if (tags & ((guint64) 1 << i))
      g_string_append_printf (s, "%s%s", s->len ? "," : "", x->tag_names[i]);
  return s->str;
}

static gboolean
collect (const AcyCandidate *c, gpointer data)
{
  Collect *col = data;
  g_autoptr (GString) tags = g_string_new (NULL);

  if (col->n++ > 0)
    return TRUE;
  for (guint i = 0; i < c->x->n_events; i++)
    {
      const AcyEvent *e = &c->x->events[i];
      const char *kind = (e->kind & ACY_EV_IW) ? "IW" : (e->kind & ACY_EV_R) ? "R"
                         : (e->kind & ACY_EV_W) ? "W" : (e->kind & ACY_EV_F) ? "F"
                         : (e->kind & ACY_EV_LKR) ? "LKR" : (e->kind & ACY_EV_LKW) ? "LKW"
                         : (e->kind & ACY_EV_UL) ? "UL" : (e->kind & ACY_EV_LF) ? "LF"
                         : (e->kind & ACY_EV_SRCU) ? "SRCU" : "?";

      if (e->kind & ACY_EV_IW)
        continue;
      g_string_append_printf (col->first, "%s%s%s[%s]%s", col->first->len ? " " : "", kind,
                              (e->kind & ACY_EV_RMW) ? "*" : "",
                              tag_list (c->x, e->tags, tags),
                              e->loc >= 0 ? c->x->loc_names[e->loc] : "");
    }
  return TRUE;
}

/* The events of the first candidate of a one-thread test with body @code. */
static char *
events_of (const AcyMacros *m, const char *code)
{
  g_autofree char *text = g_strdup_printf (
    "C t\n{}\nP0(int *x, int *y, spinlock_t *s, struct srcu_struct *ss) {\n%s\n}\nexists (x=0)\n",
    code);
  g_autoptr (GError) error = NULL;
  g_autoptr (AcyTest) t = acy_test_parse (text, -1, "t.litmus", m, &error);
  Collect col = { g_string_new (NULL), 0 };

  g_assert_no_error (error);
  g_assert_true (acy_test_enumerate (t, NULL, collect, &col, NULL, &error));
  g_assert_no_error (error);
  return g_string_free (col.first, FALSE);
}

static AcyMacros *
load_defs (void)
{
  g_autoptr (GError) error = NULL;
  AcyMacros *m = acy_macros_parse (defs, -1, "test.def", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (acy_macros_get_filename (m), ==, "test.def");
  return m;
}

#define ASSERT_EVENTS(m, code, want) \
  G_STMT_START { g_autofree char *got_ = events_of ((m), (code)); \
                 g_assert_cmpstr (got_, ==, (want)); } G_STMT_END

static void
test_expand_basic (void)
{
  g_autoptr (AcyMacros) m = load_defs ();

  ASSERT_EVENTS (m, "int r1; r1 = READ_ONCE(*x); WRITE_ONCE(*y, r1);", "R[ONCE]x W[ONCE]y");
  ASSERT_EVENTS (m, "int r1; r1 = smp_load_acquire(y); smp_mb(); rcu_read_lock();",
                 "R[ACQUIRE]y F[MB] F[rcu-lock]");
  ASSERT_EVENTS (m, "int r; r = *x; *y = 2;", "R[]x W[]y");
  ASSERT_EVENTS (m, "twice(x);", "W[ONCE]x W[ONCE]x");
}

static void
test_expand_nested (void)
{
  g_autoptr (AcyMacros) m = load_defs ();

  /* atomic_read(X) is READ_ONCE(*X) is __load{ONCE}(*X) */
  ASSERT_EVENTS (m, "int r; r = atomic_read(y);", "R[ONCE]y");
}

static void
test_expand_rmw (void)
{
  g_autoptr (AcyMacros) m = load_defs ();

  /* herd7 7.58 without -variant lkmmv2: every RMW but atomic_add_unless
   * is a ONCE read and write, whatever its annotation, with no fences */
  ASSERT_EVENTS (m, "int r; r = xchg(x, 1);", "R*[ONCE]x W*[ONCE]x");
  ASSERT_EVENTS (m, "atomic_inc(y);", "R*[NORETURN]y W*[ONCE]y");
  ASSERT_EVENTS (m, "atomic_andnot(3, y);", "R*[NORETURN]y W*[ONCE]y");
  ASSERT_EVENTS (m, "int r; r = atomic_dec_and_test(y);", "R*[ONCE]y W*[ONCE]y");
  /* the first path of cmpxchg is the successful one */
  ASSERT_EVENTS (m, "int r; r = cmpxchg_acquire(x, 0, 1);", "R*[ONCE]x W*[ONCE]x");
}

static void
test_expand_locks (void)
{
  g_autoptr (AcyMacros) m = load_defs ();

  ASSERT_EVENTS (m, "spin_lock(s); spin_unlock(s);", "LKR[]s LKW[]s UL[]s");
  ASSERT_EVENTS (m, "int r; r = srcu_read_lock(ss); srcu_read_unlock(ss, r); synchronize_srcu(ss);",
                 "R[srcu-lock]ss W[srcu-unlock]ss SRCU[sync-srcu]ss");
}

static void
assert_error (const AcyMacros *m, const char *code, AcyErrorCode ecode, const char *msg)
{
  g_autofree char *text = g_strdup_printf ("C e\n{}\nP0(int *x) {\n%s\n}\nexists (x=0)\n", code);
  g_autoptr (GError) error = NULL;
  g_autoptr (AcyTest) t = acy_test_parse (text, -1, "e.litmus", m, &error);

  g_assert_null (t);
  g_assert_error (error, ACY_ERROR, (gint) ecode);
  if (strstr (error->message, msg) == NULL)
    g_error ("expected '%s' in '%s'", msg, error->message);
}

static void
test_expand_errors (void)
{
  g_autoptr (AcyMacros) m = load_defs ();
  g_autoptr (GError) error = NULL;
  g_autoptr (AcyMacros) bad = NULL;

  assert_error (m, "int r; r = READ_ONCE(*x, 1);", ACY_ERROR_SYNTAX,
                "e.litmus:4:12: macro 'READ_ONCE' takes 1 argument, given 2");
  /* as herd7: a call in an expression is an expression macro's */
  assert_error (m, "int r; r = twice(x);", ACY_ERROR_UNKNOWN_NAME,
                "unknown macro or function 'twice' in an expression");
  assert_error (m, "(void)smp_mb();", ACY_ERROR_UNKNOWN_NAME,
                "unknown macro or function 'smp_mb' in an expression");
  assert_error (m, "int r; r = loop(x);", ACY_ERROR_LIMIT, "macro expansion deeper");
  /* as herd7: a macro with a value is not a statement */
  assert_error (m, "int r; READ_ONCE(*x);", ACY_ERROR_UNKNOWN_NAME,
                "e.litmus:4:8: unknown macro or function 'READ_ONCE' as a statement");
  assert_error (m, "smp_wmb();", ACY_ERROR_UNKNOWN_NAME,
                "e.litmus:4:1: unknown macro or function 'smp_wmb' (not defined in test.def)");

  bad = acy_macros_parse ("A(X) { __fence{x};\n", -1, "bad.def", &error);
  g_assert_null (bad);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "opened at 1:6"));
  g_clear_error (&error);
  /* a macro defined again: herd7 keeps the later one */
  bad = acy_macros_parse ("A() { __fence{mb}; }\nA() { __fence{wmb}; }\n", -1, "bad.def", &error);
  g_assert_no_error (error);
  g_clear_pointer (&bad, acy_macros_free);
  /* herd7's macro grammar: parentheses, commas, a statement in braces,
   * C comments only */
  {
    static const char *const refused[][2] = {
      { "A __fence{mb}\n", "bad.def:1:3: unexpected '__fence' (in macros)" },
      { "A(X Y) { __fence{mb}; }\n", "bad.def:1:5: unexpected 'Y' (in macros)" },
      { "A(X,) { __fence{mb}; }\n", "bad.def:1:5: unexpected ')' (in macros)" },
      { "A() { }\n", "bad.def:1:7: herd7 wants at least one statement" },
      { "A() { {} }\n", "bad.def:1:8: herd7 wants at least one statement" },
      { "A() { ; }\n", "bad.def:1:7: herd7's C has no empty statement" },
      { "(* note *) A() { __fence{mb}; }\n", "bad.def:1:1: unexpected '(' (in macros)" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
      {
        bad = acy_macros_parse (refused[i][0], -1, "bad.def", &error);
        g_assert_null (bad);
        g_assert_error (error, ACY_ERROR, ACY_ERROR_SYNTAX);
        if (strstr (error->message, refused[i][1]) == NULL)
          g_error ("%s: got '%s'", refused[i][0], error->message);
        g_clear_error (&error);
      }
  }
}

/* `(void)e;`, herd7's CastExpr: e's events, its value dropped, its calls
 * expression macros */
static void
test_void_cast (void)
{
  g_autoptr (AcyMacros) m = load_defs ();

  ASSERT_EVENTS (m, "(void)READ_ONCE(*x);", "R[ONCE]x");
  ASSERT_EVENTS (m, "(void) xchg(x, 1) ; (void)atomic_dec_and_test(y);",
                 "R*[ONCE]x W*[ONCE]x R*[ONCE]y W*[ONCE]y");
  ASSERT_EVENTS (m, "int r = 0; (void)r; (void)(r + 1); (void)-1; (void)(int)r; WRITE_ONCE(*x, 1);",
                 "W[ONCE]x");
  /* one cast, before an expression only */
  assert_error (m, "(void)(void)READ_ONCE(*x);", ACY_ERROR_SYNTAX, "e.litmus:4:12:");
  assert_error (m, "int r; (void)r = 1;", ACY_ERROR_SYNTAX, "e.litmus:4:16: expected ';'");
}

/* herd7 expands the code's macros before it reads the condition, and
 * sizes the init block's types once it has read the whole test: an
 * unknown macro is what it reports first. */
static void
test_unknown_macro_first (void)
{
  g_autoptr (AcyMacros) m = load_defs ();
  static const char *const tests[][2] = {
    { "spinlock_t s;", "exists (x=0)" },     /* a type herd7 cannot size */
    { "u32 y = 0;", "exists (x=0)" },
    { "x = 0; x = 1;", "exists (x=0)" },     /* given twice: herd7 stops, later */
    { "", "exists (x=)" },                   /* a syntax error in the condition */
    { "", "exists (x=0 /\\ z=1)" },          /* a location the test never mentions */
    { "", "exists (3:r0=0)" },               /* a thread the test lacks */
  };

  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    {
      g_autofree char *text = g_strdup_printf ("C e\n{ %s }\nP0(int *x) {\nspin_unlock_wait(x);\n}\n%s\n",
                                               tests[i][0], tests[i][1]);
      g_autoptr (GError) error = NULL;
      g_autoptr (AcyTest) t = acy_test_parse (text, -1, "e.litmus", m, &error);

      g_assert_null (t);
      g_assert_error (error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME);
      if (strstr (error->message, "e.litmus:4:1: unknown macro or function 'spin_unlock_wait'") == NULL)
        g_error ("%s %s: got '%s'", tests[i][0], tests[i][1], error->message);
    }
}

static void
test_linux_basic (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (AcyMacros) m = acy_macros_load (SOURCE_MODELSDIR "/linux-basic.def", &error);

  g_assert_no_error (error);
  ASSERT_EVENTS (m, "int r1; r1 = READ_ONCE(*x); smp_rmb(); r1 = smp_load_acquire(y);",
                 "R[ONCE]x F[rmb] R[ACQUIRE]y");
  ASSERT_EVENTS (m, "WRITE_ONCE(*x, 1); smp_wmb(); smp_store_release(y, 1); smp_mb();",
                 "W[ONCE]x F[wmb] W[RELEASE]y F[MB]");
}

static void
test_kernel_def (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (AcyMacros) m = NULL;
  g_autofree char *path = test_conformance_path ("lkmm/linux-kernel.def");

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no conformance corpus");
      return;
    }
  m = acy_macros_load (path, &error);
  g_assert_no_error (error);
  ASSERT_EVENTS (m, "int r; r = atomic_add_unless(x, 1, 5);", "F[MB] R*[ONCE]x W*[ONCE]x F[MB]");
  ASSERT_EVENTS (m, "int r; r = xchg_release(x, 1);", "R*[ONCE]x W*[ONCE]x");
}

/* Which macro a test calls that another macro file lacks: the kernel's
 * primitives in a test opened under a C11 model. */
static void
test_find_call (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) kernel = acy_macros_parse (defs, -1, "defs", &error);
  g_autoptr(AcyMacros) c11 = acy_macros_parse ("atomic_load(X) atomic_load_explicit(X,memory_order_seq_cst)\n"
                                               "atomic_read(X) atomic_load_explicit(X,memory_order_relaxed)\n",
                                               -1, "c11", &error);
  static const char mp[] =
    "C MP\n(* WRITE_ONCE in a comment does not count *)\n{ }\n"
    "P0(int *x) { // smp_mb() neither\n  int r0 = atomic_read(x);\n  smp_mb();\n}\n"
    "exists (0:r0=0)\n";
  g_autofree char *big = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (acy_test_text_find_macro_call (mp, -1, kernel, NULL), ==, "atomic_read");
  /* what the other file defines does not count */
  g_assert_cmpstr (acy_test_text_find_macro_call (mp, -1, kernel, c11), ==, "smp_mb");
  /* a name not called (no parenthesis) does not count either */
  g_assert_null (acy_test_text_find_macro_call ("C T\n{ }\nP0(int *smp_mb) { *smp_mb = 1; }\nexists (0:r0=0)\n",
                                                -1, kernel, NULL));
  g_assert_null (acy_test_text_find_macro_call ("C T\n{ }\nP0(atomic_int *x) { atomic_store_explicit(x, 1, "
                                                "memory_order_relaxed); }\nexists (x=1)\n", -1, kernel, c11));
  /* nor anything that does not lex, nor past the first 256 KiB */
  g_assert_null (acy_test_text_find_macro_call ("C T\n{ \"never closed", -1, kernel, NULL));
  big = g_strdup_printf ("C T\n(*%*s*)\n{ }\nP0(int *x) { smp_mb(); }\nexists (x=0)\n", 300 * 1024, "");
  g_assert_null (acy_test_text_find_macro_call (big, -1, kernel, NULL));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/litmus/macros/expand-basic", test_expand_basic);
  g_test_add_func ("/engine/litmus/macros/expand-nested", test_expand_nested);
  g_test_add_func ("/engine/litmus/macros/expand-rmw", test_expand_rmw);
  g_test_add_func ("/engine/litmus/macros/expand-locks", test_expand_locks);
  g_test_add_func ("/engine/litmus/macros/errors", test_expand_errors);
  g_test_add_func ("/engine/litmus/macros/void-cast", test_void_cast);
  g_test_add_func ("/engine/litmus/macros/unknown-macro-first", test_unknown_macro_first);
  g_test_add_func ("/engine/litmus/macros/linux-basic", test_linux_basic);
  g_test_add_func ("/engine/litmus/macros/kernel-def", test_kernel_def);
  g_test_add_func ("/engine/litmus/macros/find-call", test_find_call);
  return g_test_run ();
}
