/* test-cat-parser.c - the cat parser: precedence, constructs, errors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-test"
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "acy-model.h"
#include "cat/acy-cat-parser.h"

/* Parse @text and return the bracketed form of the first binding. */
static char *
first_binding (const char *text)
{
  g_autoptr(AcyArena) arena = acy_arena_new (4096);
  g_autoptr(GError) error = NULL;
  AcyCatParseCtx ctx;
  AcyCatStmtList list;
  const char *title;
  char *out;

  acy_cat_parse_ctx_init (&ctx, arena, NULL, SOURCE_MODELSDIR);
  g_assert_true (acy_cat_parse (&ctx, "p.cat", text, FALSE, &list, &title, &error));
  g_assert_no_error (error);
  acy_cat_parse_ctx_clear (&ctx);
  g_assert_cmpuint (list.n, >=, 1);
  g_assert_cmpint (list.items[0]->kind, ==, ACY_CAT_S_LET);
  out = acy_cat_expr_to_string (list.items[0]->u.let.b[0].e);
  return out;
}

static void
check_expr (const char *text, const char *expected)
{
  g_autofree char *got = first_binding (text);
  g_assert_cmpstr (got, ==, expected);
}

static void
test_precedence (void)
{
  check_expr ("let a = p | q ; r", "(p | (q ; r))");
  check_expr ("let a = p ; q \\ r", "(p ; (q \\ r))");
  check_expr ("let a = p \\ q & r", "(p \\ (q & r))");
  check_expr ("let a = p & A * B", "(p & (A * B))");
  check_expr ("let a = p \\ q \\ r", "((p \\ q) \\ r)");
  check_expr ("let a = p ; q ; r", "(p ; (q ; r))");
  check_expr ("let a = x ++ s | t", "((x ++ s) | t)");
  check_expr ("let a = p ; q ++ s", "((p ; q) ++ s)");
  check_expr ("let a = ~A | B", "(~A | B)");
  check_expr ("let a = p* ; q+ ; r? ; s^-1", "((p)* ; ((q)+ ; ((r)? ; (s)^-1)))");
  check_expr ("let a = (p ; q)* \n let b = 0", "((p ; q))*");
  check_expr ("let a = loc & (W \\ FW) * FW", "(loc & ((W \\ FW) * FW))");
  check_expr ("let a = [M] ; fencerel(Mb) ; [M]", "([M] ; ((fencerel Mb) ; [M]))");
  check_expr ("let a = f x y", "((f x) y)");
  check_expr ("let a = f (x, y) | z", "((f (x, y)) | z)");
  check_expr ("let a = ~p^-1 | W * R^-1", "(~(p)^-1 | (W * (R)^-1))");
}

static void
test_constructs (void)
{
  check_expr ("let f (a, b) = a | b", "(fun a,b -> (a | b))");
  check_expr ("let f x = x", "(fun x -> x)");
  check_expr ("let a = fun (x, _) -> x", "(fun x,_ -> x)");
  check_expr ("let a = let x = p and y = q in x | y", "(let x = p and y = q in (x | y))");
  check_expr ("let a = let rec x = p | (x ; x) in x", "(let rec x = (p | (x ; x)) in x)");
  check_expr ("let a = match s with || {} -> 0 || e ++ r -> e end",
              "(match s with {} -> 0 || e ++ r -> e)");
  check_expr ("let a = match s with e ++ r -> e || {} -> 0 end",
              "(match s with {} -> 0 || e ++ r -> e)");
  check_expr ("let a = match t with 'a -> p || 'b -> q end", "(match t with 'a -> p 'b -> q)");
  check_expr ("let a = try RL with emptyset", "(try RL with emptyset)");
  check_expr ("let a = if \"v\" then 0 else _", "(if \"v\" then 0 else _)");
  check_expr ("let a = if not \"v\" && (\"w\" || variant \"x\") then 0 else _",
              "(if ((not \"v\") && (\"w\" || \"x\")) then 0 else _)");
  check_expr ("let a = {x, y}", "{x, y}");
  check_expr ("let a = {}", "0");
  check_expr ("let a = ()", "()");
  check_expr ("let a = begin p | q end", "(p | q)");
  check_expr ("(* outer (* nested *) still *) let a = p // line\n", "p");
  check_expr ("Title \"name\" catdep\nlet a = rcu-rscs' | Srcu-lock.x", "(rcu-rscs' | Srcu-lock.x)");
}

static void
test_let_rec (void)
{
  g_autoptr(AcyArena) arena = acy_arena_new (4096);
  g_autoptr(GError) error = NULL;
  AcyCatParseCtx ctx;
  AcyCatStmtList list;
  const char *title;

  acy_cat_parse_ctx_init (&ctx, arena, NULL, NULL);
  g_assert_true (acy_cat_parse (&ctx, "p.cat", "\"T\"\nlet rec a = b | c\nand b = a ; a\nand c = po",
                                FALSE, &list, &title, &error));
  g_assert_no_error (error);
  acy_cat_parse_ctx_clear (&ctx);
  g_assert_cmpstr (title, ==, "T");
  g_assert_cmpuint (list.n, ==, 1);
  g_assert_cmpint (list.items[0]->kind, ==, ACY_CAT_S_LETREC);
  g_assert_cmpuint (list.items[0]->u.let.n, ==, 3);
  g_assert_cmpstr (list.items[0]->u.let.b[2].pat.names[0], ==, "c");
}

static void
test_statements (void)
{
  /* Every statement form loads; show names are collected. */
  static const char *text =
    "\"All statements\"\n"
    "enum Kinds = || 'a || 'b\n"
    "instructions R[Kinds]\n"
    "let r0 = po\n"
    "acyclic po as ok-po\n"
    "irreflexive po\n"
    "~empty id\n"
    "flag ~empty rf as some-rf\n"
    "flag acyclic po as po-acyclic\n"
    "show r0 as r0\n"
    "show po, rf\n"
    "unshow rf\n"
    "procedure p(x, y) = empty x & y end\n"
    "call p(po, po^-1)\n"
    "if \"nope\" let v = 0 else let v = _ end\n"
    "if \"nope\" let w = 0 end\n"
    "forall e in W do empty [e] ; po ; [e] end\n"
    "with s from {po, rf}\n"
    "let t = s\n";
  AcyModelSource src = { .cat_path = "all.cat", .cat_text = text };
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyModel) m = acy_model_load (&src, &error);
  const char *const *shown, *const *defined;

  g_assert_no_error (error);
  g_assert_cmpstr (acy_model_get_name (m), ==, "All statements");
  shown = acy_model_get_shown_names (m);
  g_assert_cmpstr (shown[0], ==, "r0");
  g_assert_cmpstr (shown[1], ==, "po");
  g_assert_null (shown[2]);
  defined = acy_model_get_defined_names (m);
  g_assert_true (g_strv_contains (defined, "r0"));
  g_assert_true (g_strv_contains (defined, "v"));
  g_assert_false (g_strv_contains (defined, "w"));
  g_assert_false (g_strv_contains (defined, "po-loc"));   /* prelude */
}

static void
check_error (const char *text, AcyErrorCode code, const char *message)
{
  AcyModelSource src = { .cat_path = "bad.cat", .cat_text = text };
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyModel) m = acy_model_load (&src, &error);

  g_assert_null (m);
  g_assert_error (error, ACY_ERROR, (gint) code);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_errors (void)
{
  check_error ("let a = po\n(* open (* nested *)\nlet b = 0\n", ACY_ERROR_SYNTAX,
               "bad.cat:2:1: unterminated comment opened here near '(*'");
  /* herd7's grammar: '^' takes -1 only; '~' and a cartesian '*' share
   * the postfix operators' precedence, non-associative; no strings as
   * expressions; no trailing comma among parameters */
  check_error ("let a = rf^+\n", ACY_ERROR_SYNTAX,
               "bad.cat:1:11: syntax error: '^' takes '-1' only (write r* or r+) near '^+'");
  check_error ("let a = ~po*\n", ACY_ERROR_SYNTAX,
               "bad.cat:1:12: syntax error: add parentheses: herd7 reads no '*', '+' or '?' right after "
               "the operand of '~' near '*'");
  check_error ("let a = ~W * R\n", ACY_ERROR_SYNTAX,
               "bad.cat:1:12: syntax error: add parentheses: herd7 reads no '*', '+' or '?' right after "
               "the operand of '~' near '*'");
  check_error ("let a = W * ~R\n", ACY_ERROR_SYNTAX,
               "bad.cat:1:13: syntax error: add parentheses: herd7 reads no '~' right after a cartesian '*' near '~'");
  check_error ("let a = W * R?\n", ACY_ERROR_SYNTAX,
               "bad.cat:1:14: syntax error: add parentheses: herd7 reads no '*', '+' or '?' right after "
               "a cartesian product near '?'");
  check_error ("let a = W * R * M\n", ACY_ERROR_SYNTAX,
               "bad.cat:1:15: syntax error: add parentheses: herd7 reads no '*', '+' or '?' right after "
               "a cartesian product near '*'");
  check_error ("let s = \"foo\"\n", ACY_ERROR_SYNTAX,
               "bad.cat:1:9: syntax error: a string is not an expression (strings name variants after 'if') "
               "near '\"foo\"'");
  check_error ("let f(x,) = x\n", ACY_ERROR_SYNTAX,
               "bad.cat:1:9: syntax error: expected a name after ',' near ')'");
  check_error ("let a = po |\n", ACY_ERROR_SYNTAX,
               "bad.cat:2:1: syntax error: expected an expression near end of file");
  check_error ("let a = (po | rf\nlet b = 0", ACY_ERROR_SYNTAX,
               "bad.cat:2:1: syntax error: expected ')' to close '(' opened at 1:9 near 'let'");
  check_error ("let a = match po with {} -> 0 || e ++ s -> e\n", ACY_ERROR_SYNTAX,
               "bad.cat:2:1: syntax error: expected 'end' to close 'match' opened at 1:9 near end of file");
  /* a check needs its names when the model loads; a let, as in herd7,
   * when its name is read (the interpreter's tests) */
  check_error ("let a = po\nacyclic a | nosuch\n", ACY_ERROR_UNKNOWN_NAME,
               "bad.cat:2:13: unknown name near 'nosuch'");
  check_error ("include \"no-such-file.cat\"\n", ACY_ERROR_UNKNOWN_NAME,
               "bad.cat:1:9: include file not found near '\"no-such-file.cat\"'");
  check_error ("let a = 'untagged\n", ACY_ERROR_UNKNOWN_NAME,
               "bad.cat:1:9: unknown tag near ''untagged'");
  check_error ("let a = po $ rf\n", ACY_ERROR_SYNTAX,
               "bad.cat:1:12: unexpected character near '$'");
  check_error ("procedure p(x) = let y = x\n", ACY_ERROR_SYNTAX,
               "bad.cat:2:1: syntax error: expected 'end' to close 'procedure' opened at 1:1 near end of file");
  check_error ("acyclic\n", ACY_ERROR_SYNTAX,
               "bad.cat:2:1: syntax error: expected an expression near end of file");
  /* herd7 7.58 takes catdep after the title, and no other model option
   * (herdtools7's demo c11.cat, which writes withinit, is refused) */
  check_error ("\"C11\"\nwithinit\nlet a = po\n", ACY_ERROR_SYNTAX,
               "bad.cat:2:1: syntax error: herd7 has no such model option any more (catdep is "
               "its only one) near 'withinit'");
  check_error ("C11 \"t\" withoutco\n", ACY_ERROR_SYNTAX,
               "bad.cat:1:9: syntax error: herd7 has no such model option any more (catdep is "
               "its only one) near 'withoutco'");
}

static void
test_nesting_limit (void)
{
  GString *s = g_string_new ("let a = ");
  AcyModelSource src = { .cat_path = "deep.cat" };
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyModel) m = NULL;

  for (guint i = 0; i < 5000; i++)
    g_string_append_c (s, '(');
  g_string_append (s, "po");
  for (guint i = 0; i < 5000; i++)
    g_string_append_c (s, ')');
  src.cat_text = s->str;
  m = acy_model_load (&src, &error);
  g_assert_null (m);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_LIMIT);
  g_assert_true (g_str_has_prefix (error->message, "deep.cat:1:"));
  g_assert_nonnull (strstr (error->message, "nesting too deep near '('"));
  g_string_free (s, TRUE);
}

static void
test_include_cycle (void)
{
  g_autofree char *dir = g_dir_make_tmp ("acy-cat-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (dir, "a.cat", NULL);
  g_autofree char *b = g_build_filename (dir, "b.cat", NULL);
  g_autofree char *expected = NULL;
  AcyModelSource src = { .cat_path = a };
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyModel) m = NULL;

  g_assert_true (g_file_set_contents (a, "\"A\"\ninclude \"b.cat\"\n", -1, NULL));
  g_assert_true (g_file_set_contents (b, "let x = po\n  include \"a.cat\"\n", -1, NULL));
  m = acy_model_load (&src, &error);
  g_assert_null (m);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_SYNTAX);
  expected = g_strdup_printf ("%s:2:11: include cycle near '\"a.cat\"'", b);
  g_assert_cmpstr (error->message, ==, expected);
  g_unlink (a);
  g_unlink (b);
  g_rmdir (dir);
}

static void
test_include_once_and_search (void)
{
  g_autofree char *dir = g_dir_make_tmp ("acy-cat-XXXXXX", NULL);
  g_autofree char *inc = g_build_filename (dir, "inc", NULL);
  g_autofree char *a = g_build_filename (dir, "a.cat", NULL);
  g_autofree char *b = g_build_filename (inc, "b.cat", NULL);
  const char *dirs[] = { inc, NULL };
  AcyModelSource src = { .cat_path = a, .include_dirs = dirs };
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyModel) m = NULL;

  g_mkdir (inc, 0700);
  g_assert_true (g_file_set_contents (a, "include \"b.cat\"\ninclude \"b.cat\"\nlet y = x\n", -1, NULL));
  g_assert_true (g_file_set_contents (b, "let x = po\n", -1, NULL));
  m = acy_model_load (&src, &error);
  g_assert_no_error (error);
  /* no title: the file's base name */
  g_assert_cmpstr (acy_model_get_name (m), ==, "a");
  g_unlink (a);
  g_unlink (b);
  g_rmdir (inc);
  g_rmdir (dir);
}

/* A model's loading looks at the cancellable and the deadline as a
 * check does; with neither set it loads as before. */
static void
test_load_halts (void)
{
  g_autoptr(GString) text = g_string_new ("\"long\"\n");
  g_autoptr(GCancellable) cancelled = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  AcyModelSource src = { .cat_path = "long.cat" };
  AcyModel *model;

  for (guint i = 0; i < 50000; i++)
    g_string_append_printf (text, "let a%u = po\n", i);
  g_string_append (text, "acyclic po | rf\n");
  src.cat_text = text->str;

  g_cancellable_cancel (cancelled);
  src.cancellable = cancelled;
  model = acy_model_load (&src, &error);
  g_assert_null (model);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_CANCELLED);
  g_clear_error (&error);

  src.cancellable = NULL;
  src.deadline = g_get_monotonic_time () - 1;
  model = acy_model_load (&src, &error);
  g_assert_null (model);
  g_assert_error (error, ACY_ERROR, ACY_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "out of time"));
  g_clear_error (&error);

  src.deadline = g_get_monotonic_time () + 600 * G_USEC_PER_SEC;
  model = acy_model_load (&src, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (acy_model_get_name (model), ==, "long");
  acy_model_free (model);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/cat/parse/precedence", test_precedence);
  g_test_add_func ("/engine/cat/parse/constructs", test_constructs);
  g_test_add_func ("/engine/cat/parse/let-rec", test_let_rec);
  g_test_add_func ("/engine/cat/parse/statements", test_statements);
  g_test_add_func ("/engine/cat/parse/errors", test_errors);
  g_test_add_func ("/engine/cat/parse/nesting-limit", test_nesting_limit);
  g_test_add_func ("/engine/cat/parse/include-cycle", test_include_cycle);
  g_test_add_func ("/engine/cat/parse/include-once-search", test_include_once_and_search);
  g_test_add_func ("/engine/cat/load/halts", test_load_halts);
  return g_test_run ();
}
