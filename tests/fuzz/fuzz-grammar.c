/* fuzz-grammar.c - grammar-aware fuzzing: bytes choose a litmus test or a model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A byte-level fuzzer rarely writes a thread of 100,000 statements or a
 * cat expression nested 3,000 deep, yet those are the inputs that found
 * stack overflows and runaways (issue 13). Here the fuzzer's bytes are
 * read as a stream of choices that drive a generator following the
 * grammar: each byte picks a production, and a few byte values pick a
 * long repetition (long statement lists, long operator chains, deep
 * nesting) from a table around the engine's bounds. When the bytes run
 * out every choice is the first, smallest one, so any input gives a
 * finite text; a budget on the text's size keeps one input under about
 * a second. The generator recurses only a few levels; deep nesting is
 * written by loops.
 */
#define G_LOG_DOMAIN "acyclic-fuzz"
#include "config.h"

#include <string.h>

#include "fuzz-targets.h"

#define GEN_MAX_DEPTH 6           /* the generator's own recursion */
#define GEN_BUDGET (512 * 1024)   /* bytes of text, then every choice is the smallest */

typedef struct {
  const guint8 *data;
  gsize         size;
  gsize         pos;
  GString      *out;
  guint         depth;
  guint         n_names;          /* cat: names a0 .. a(n-1) defined so far */
  gboolean      has_cos;          /* cat: includes cos.cat */
} Gen;

static guint
pick (Gen *g, guint n)
{
  if (g->pos >= g->size || n <= 1)
    return 0;
  return g->data[g->pos++] % n;
}

static gboolean
over_budget (Gen *g)
{
  return g->out->len > GEN_BUDGET;
}

/* How many times to repeat: mostly 0 to 4; byte 0xff and the next byte
 * choose a long run, around the bounds the engine enforces (1000 levels
 * of nesting) and the sizes issue 13 reported. Long runs are rare so
 * that most inputs stay small and quick. */
static guint
count (Gen *g)
{
  static const guint longs[] = { 64, 999, 1000, 1001, 3000, 20000, 100000, 300000 };
  guint b;

  if (g->pos >= g->size)
    return 0;
  b = g->data[g->pos++];
  if (b != 0xff || over_budget (g))
    return b % 5;
  return longs[pick (g, G_N_ELEMENTS (longs))];
}

static void
add (Gen *g, const char *text)
{
  g_string_append (g->out, text);
}

static const char *
one_of (Gen *g, const char *const *words, guint n)
{
  return words[pick (g, n)];
}
#define ONE_OF(g, words) one_of ((g), (words), G_N_ELEMENTS (words))

/* ---- litmus ----------------------------------------------------------- */

static const char *const lit_regs[] = { "r0", "r1", "r2" };
static const char *const lit_locs[] = { "x", "y", "z" };
static const char *const lit_consts[] = {
  "0", "1", "2", "-1", "2147483647", "-2147483648", "0x10", "3",
};
static const char *const lit_unsigned[] = { "0", "1", "2", "3", "2147483647", "0x10" };
static const char *const lit_binops[] = {
  "+", "-", "*", "/", "&", "|", "^", "==", "!=", "<", ">", "<=", ">=",
};

static void lit_expr (Gen *g);

/* atom := CONST | REG | '(' expr ')' | unop atom | READ_ONCE(*LOC) */
static void
lit_atom (Gen *g)
{
  guint n;

  if (g->depth >= GEN_MAX_DEPTH || over_budget (g))
    {
      add (g, ONE_OF (g, lit_regs));
      return;
    }
  g->depth++;
  switch (pick (g, 6))
    {
    case 0: add (g, ONE_OF (g, lit_regs)); break;
    case 1: add (g, ONE_OF (g, lit_consts)); break;
    case 2:
      n = count (g) + 1;   /* nesting, written by a loop */
      for (guint i = 0; i < n; i++)
        add (g, "(");
      lit_expr (g);
      for (guint i = 0; i < n; i++)
        add (g, ")");
      break;
    case 3:
      /* herd7's C has unary '-' only right before a number, and no '!',
       * '~', '%', '<<', '>>', '&&' or '||' in a test */
      add (g, "-");
      add (g, ONE_OF (g, lit_unsigned));
      break;
    case 4:
      add (g, "READ_ONCE(*");
      add (g, ONE_OF (g, lit_locs));
      add (g, ")");
      break;
    default:
      /* now and then a literal herd7 refuses */
      add (g, pick (g, 16) == 0 ? "2147483648" : ONE_OF (g, lit_consts));
      break;
    }
  g->depth--;
}

/* expr := atom {binop atom}   (a chain, written by a loop; one
 * comparison in it at most, as herd7's comparisons do not chain) */
static void
lit_expr (Gen *g)
{
  guint n = count (g);
  gboolean compared = FALSE;

  lit_atom (g);
  for (guint i = 0; i < n && !over_budget (g); i++)
    {
      const char *op = ONE_OF (g, lit_binops);
      gboolean comparison = strchr ("=!<>", op[0]) != NULL;

      if (comparison && compared)
        op = "+";
      compared = compared || comparison;
      g_string_append_printf (g->out, " %s ", op);
      lit_atom (g);
    }
}

static void lit_stmts (Gen *g, guint indent);

static void
lit_indent (Gen *g, guint indent)
{
  for (guint i = 0; i < indent; i++)
    add (g, "  ");
}

/* stmt := REG '=' expr ';' | REG '=' READ_ONCE(*LOC) ';' | WRITE_ONCE(*LOC, expr) ';'
 *       | fence ';' | 'if' '(' expr ')' block ['else' block] | block
 *       | acquire, release, xchg | nested ifs (a loop) */
static void
lit_stmt (Gen *g, guint indent)
{
  guint n;

  lit_indent (g, indent);
  switch (g->depth >= GEN_MAX_DEPTH ? 0 : pick (g, 11))
    {
    case 0:
      g_string_append_printf (g->out, "%s = READ_ONCE(*%s);\n", ONE_OF (g, lit_regs), ONE_OF (g, lit_locs));
      break;
    case 1:
      g_string_append_printf (g->out, "WRITE_ONCE(*%s, ", ONE_OF (g, lit_locs));
      lit_expr (g);
      add (g, ");\n");
      break;
    case 2:
      g_string_append_printf (g->out, "%s = ", ONE_OF (g, lit_regs));
      lit_expr (g);
      add (g, ";\n");
      break;
    case 3:
      add (g, pick (g, 3) == 0 ? "smp_mb();\n" : pick (g, 2) ? "smp_rmb();\n" : "smp_wmb();\n");
      break;
    case 4:
      g->depth++;
      add (g, "if (");
      lit_expr (g);
      add (g, ") {\n");
      lit_stmts (g, indent + 1);
      lit_indent (g, indent);
      if (pick (g, 2))
        {
          add (g, "} else {\n");
          lit_stmts (g, indent + 1);
          lit_indent (g, indent);
        }
      add (g, "}\n");
      g->depth--;
      break;
    case 5:
      g->depth++;
      add (g, "{\n");
      lit_stmts (g, indent + 1);
      lit_indent (g, indent);
      add (g, "}\n");
      g->depth--;
      break;
    case 6:
      g_string_append_printf (g->out, "%s = smp_load_acquire(%s);\n", ONE_OF (g, lit_regs), ONE_OF (g, lit_locs));
      break;
    case 7:
      g_string_append_printf (g->out, "smp_store_release(%s, ", ONE_OF (g, lit_locs));
      lit_expr (g);
      add (g, ");\n");
      break;
    case 8:
      g_string_append_printf (g->out, "%s = __xchg{mb}(%s, ", ONE_OF (g, lit_regs), ONE_OF (g, lit_locs));
      lit_expr (g);
      add (g, ");\n");
      break;
    case 9:
      /* a loop, unrolled as herd7 unrolls it */
      g->depth++;
      add (g, pick (g, 2) ? "while (r0 != 1) {\n" : "while (");
      if (g->out->str[g->out->len - 1] == '(')
        {
          lit_expr (g);
          add (g, ") {\n");
        }
      lit_stmts (g, indent + 1);
      lit_indent (g, indent);
      add (g, "}\n");
      g->depth--;
      break;
    default:
      /* deep nesting of ifs or blocks, by a loop */
      n = count (g) + 1;
      for (guint i = 0; i < n; i++)
        add (g, pick (g, 2) ? "if (r0 == 1) {\n" : "{\n");
      g_string_append_printf (g->out, "WRITE_ONCE(*%s, 1);\n", ONE_OF (g, lit_locs));
      for (guint i = 0; i < n; i++)
        add (g, "}\n");
      break;
    }
}

/* stmts := {stmt}   (at least one; a long list is one repeated stmt) */
static void
lit_stmts (Gen *g, guint indent)
{
  guint n = count (g) + 1;

  for (guint i = 0; i < n && !over_budget (g); i++)
    {
      if (i >= 8 && n > 8)
        {
          /* a long list: the rest repeats what came before */
          gsize start = g->out->len;

          lit_stmt (g, indent);
          {
            g_autofree char *s = g_strdup (g->out->str + start);

            for (i++; i < n && !over_budget (g); i++)
              add (g, s);
          }
          break;
        }
      lit_stmt (g, indent);
    }
}

static const char *const cond_ops[] = { " /\\ ", " \\/ ", " => " };

/* term := T:REG '=' CONST | LOC '=' CONST | '~' term | '(' cond ')' | 'true' */
static void
cond_term (Gen *g, guint n_threads)
{
  guint n;

  switch (g->depth >= GEN_MAX_DEPTH ? 0 : pick (g, 5))
    {
    case 0:
      g_string_append_printf (g->out, "%u:%s=%s", pick (g, n_threads), ONE_OF (g, lit_regs), ONE_OF (g, lit_consts));
      break;
    case 1:
      g_string_append_printf (g->out, "%s=%s", ONE_OF (g, lit_locs), ONE_OF (g, lit_consts));
      break;
    case 2:
      n = count (g) + 1;
      for (guint i = 0; i < n; i++)
        add (g, "~");
      cond_term (g, n_threads);
      break;
    case 3:
      n = count (g) + 1;
      g->depth++;
      for (guint i = 0; i < n; i++)
        add (g, "(");
      {
        guint m = count (g);

        cond_term (g, n_threads);
        for (guint i = 0; i < m && !over_budget (g); i++)
          {
            add (g, ONE_OF (g, cond_ops));
            cond_term (g, n_threads);
          }
      }
      for (guint i = 0; i < n; i++)
        add (g, ")");
      g->depth--;
      break;
    default:
      add (g, pick (g, 2) ? "true" : "0:r0=0");
      break;
    }
}

/* test := 'C' NAME '{' init '}' {thread} quantifier '(' cond ')' */
char *
acy_fuzz_grammar_litmus (const guint8 *data, gsize size)
{
  Gen g = { data, size, 0, g_string_new ("C G\n{\n"), 0, 0, FALSE };
  static const char *const quants[] = { "exists", "forall", "~exists" };
  guint n_threads, n;

  n = count (&g);
  /* each location once: herd7 stops on one given twice */
  for (guint i = 0; i < MIN (n, G_N_ELEMENTS (lit_locs)) && !over_budget (&g); i++)
    g_string_append_printf (g.out, " %s = %s;\n", lit_locs[i], ONE_OF (&g, lit_consts));
  add (&g, "}\n\n");
  n_threads = pick (&g, 4) + 1;
  if (pick (&g, 16) == 15)
    n_threads = count (&g) + 1;   /* many threads */
  for (guint t = 0; t < n_threads && !over_budget (&g); t++)
    {
      g_string_append_printf (g.out, "P%u(int *x, int *y, int *z)\n{\n  int r0;\n  int r1;\n  int r2;\n\n", t);
      lit_stmts (&g, 1);
      add (&g, "}\n\n");
    }
  g_string_append_printf (g.out, "%s (", ONE_OF (&g, quants));
  n = count (&g);
  cond_term (&g, n_threads);
  for (guint i = 0; i < n && !over_budget (&g); i++)
    {
      add (&g, ONE_OF (&g, cond_ops));
      cond_term (&g, n_threads);
    }
  add (&g, ")\n");
  return g_string_free (g.out, FALSE);
}

/* ---- cat -------------------------------------------------------------- */

/* The last five are defined by cos.cat, when the model includes it. */
static const char *const cat_prims[] = {
  "po", "rf", "id", "loc", "int", "ext", "addr", "data", "ctrl", "rmw",
  "R", "W", "M", "F", "_", "0", "emptyset", "IW", "FW",
  "co", "fr", "rfe", "coe", "fre",
};
static const char *const cat_binops[] = { " | ", " ; ", " & ", " \\ ", " ++ ", " * " };
static const char *const cat_postfix[] = { "+", "*", "?", "^-1", "^+", "^*" };
static const char *const cat_checks[] = { "acyclic", "irreflexive", "empty" };

static void cat_expr (Gen *g);

static void
cat_name (Gen *g)
{
  if (g->n_names == 0 || pick (g, 4) == 0)
    add (g, cat_prims[pick (g, G_N_ELEMENTS (cat_prims) - (g->has_cos ? 0 : 5))]);
  else
    g_string_append_printf (g->out, "a%u", pick (g, g->n_names));
}

/* simple := NAME | '(' expr ')' | '[' expr ']' | '~' simple | simple POSTFIX
 *         | NAME '(' expr {',' expr} ')' | 'domain' '(' expr ')'
 *         | '(' 'let' NAME '=' expr 'in' expr ')' | '(' 'let' 'f' '=' 'fun' NAME '->' expr 'in' 'f' '(' NAME ')' ')'
 *         | '(' 'if' NAME ('='|'subset') NAME 'then' expr 'else' expr ')' */
static void
cat_simple (Gen *g)
{
  guint n;

  if (g->depth >= GEN_MAX_DEPTH || over_budget (g))
    {
      cat_name (g);
      return;
    }
  g->depth++;
  switch (pick (g, 10))
    {
    case 0: cat_name (g); break;
    case 1:
      {
        /* nesting by a loop; each level a bracket or begin..end, closed
         * in the mirror order */
        g_autoptr(GByteArray) kinds = g_byte_array_new ();

        n = count (g) + 1;
        for (guint i = 0; i < n; i++)
          {
            guint8 k = pick (g, 2);

            g_byte_array_append (kinds, &k, 1);
            add (g, k ? "begin " : "(");
          }
        cat_expr (g);
        for (guint i = n; i-- > 0;)
          add (g, kinds->data[i] ? " end" : ")");
      }
      break;
    case 2:
      add (g, "[");
      cat_expr (g);
      add (g, "]");
      break;
    case 3:
      n = count (g) + 1;
      for (guint i = 0; i < n; i++)
        add (g, "~");
      cat_name (g);
      break;
    case 4:
      cat_name (g);
      n = count (g) + 1;
      for (guint i = 0; i < n; i++)
        {
          /* "+" "+" would lex as "++" */
          if (i > 0)
            add (g, " ");
          add (g, ONE_OF (g, cat_postfix));
        }
      break;
    case 5:
      g_string_append_printf (g->out, "%s(", pick (g, 2) ? "domain" : "range");
      cat_expr (g);
      add (g, ")");
      break;
    case 6:
      /* application, maybe with many arguments */
      cat_name (g);
      add (g, "(");
      n = count (g);
      cat_expr (g);
      for (guint i = 0; i < n && !over_budget (g); i++)
        {
          add (g, ", ");
          cat_name (g);
        }
      add (g, ")");
      break;
    case 7:
      add (g, "(let b = ");
      cat_expr (g);
      add (g, " in b ; ");
      cat_name (g);
      add (g, ")");
      break;
    case 8:
      add (g, "(let f = fun b -> b | ");
      cat_expr (g);
      add (g, " in f(");
      cat_name (g);
      add (g, "))");
      break;
    default:
      add (g, "(if ");
      cat_name (g);
      add (g, pick (g, 2) ? " = " : " subset ");
      cat_name (g);
      add (g, " then ");
      cat_expr (g);
      add (g, " else ");
      cat_name (g);
      add (g, ")");
      break;
    }
  g->depth--;
}

/* expr := simple {binop simple}   (a chain, written by a loop) */
static void
cat_expr (Gen *g)
{
  guint n = count (g);

  cat_simple (g);
  for (guint i = 0; i < n && !over_budget (g); i++)
    {
      add (g, ONE_OF (g, cat_binops));
      cat_simple (g);
    }
}

static void cat_stmts (Gen *g);

/* stmt := 'let' NAME '=' expr | 'let' 'rec' NAME '=' expr {'and' NAME '=' expr}
 *       | 'let' NAME '(' NAME ')' '=' expr | check expr ['as' NAME]
 *       | 'flag' '~' check expr 'as' NAME | 'show' NAME | 'show' expr 'as' NAME
 *       | 'procedure' NAME '(' NAME ')' '=' stmts 'end' 'call' NAME '(' expr ')'
 *       | 'with' NAME 'from' expr | 'forall' NAME 'in' expr 'do' stmts 'end' */
static void
cat_stmt (Gen *g)
{
  guint n, first;

  switch (g->depth >= GEN_MAX_DEPTH ? 0 : pick (g, 11))
    {
    case 0:
      g_string_append_printf (g->out, "let a%u = ", g->n_names);
      cat_expr (g);
      g->n_names++;
      break;
    case 1:
      first = g->n_names;
      n = count (g) + 1;   /* a let rec of many bindings */
      g->n_names += n;
      for (guint i = 0; i < n && !over_budget (g); i++)
        {
          g_string_append_printf (g->out, "%s a%u = ", i == 0 ? "let rec" : "\n  and", first + i);
          cat_expr (g);
        }
      break;
    case 2:
      g_string_append_printf (g->out, "let f%u(b) = b ; ", g->n_names);
      cat_expr (g);
      g_string_append_printf (g->out, "\nlet a%u = f%u(", g->n_names, g->n_names);
      cat_expr (g);
      add (g, ")");
      g->n_names++;
      break;
    case 3:
    case 4:
      g_string_append_printf (g->out, "%s ", ONE_OF (g, cat_checks));
      cat_expr (g);
      if (pick (g, 2))
        g_string_append_printf (g->out, " as c%u", pick (g, 4));
      break;
    case 5:
      g_string_append_printf (g->out, "flag ~%s ", ONE_OF (g, cat_checks));
      cat_expr (g);
      add (g, " as flagged");
      break;
    case 6:
      if (pick (g, 2))
        {
          add (g, "show ");
          cat_name (g);
        }
      else
        {
          add (g, "show ");
          cat_expr (g);
          add (g, " as shown");
        }
      break;
    case 7:
      g->depth++;
      add (g, "procedure p(b) =\n");
      cat_stmts (g);
      add (g, "\nend\ncall p(");
      cat_expr (g);
      add (g, ")");
      g->depth--;
      break;
    case 8:
      if (g->depth > 0)   /* with: at the top level only */
        {
          add (g, "show po");
          break;
        }
      g_string_append_printf (g->out, "with a%u from ", g->n_names);
      add (g, pick (g, 2) ? "linearisations(M, po)" : "co-orders(");
      if (g->out->str[g->out->len - 1] == '(')
        {
          cat_expr (g);
          add (g, ")");
        }
      g->n_names++;
      break;
    default:
      g->depth++;
      add (g, "forall e in ");
      cat_expr (g);
      add (g, " do\n");
      cat_stmts (g);
      add (g, "\nend");
      g->depth--;
      break;
    }
  add (g, "\n");
}

static void
cat_stmts (Gen *g)
{
  guint n = count (g) + 1;

  for (guint i = 0; i < n && !over_budget (g); i++)
    cat_stmt (g);
}

/* model := STRING ['include' STRING] stmts */
char *
acy_fuzz_grammar_cat (const guint8 *data, gsize size)
{
  Gen g = { data, size, 0, g_string_new ("\"G\"\n"), 0, 0, FALSE };

  if ((g.has_cos = pick (&g, 2)))
    add (&g, "include \"cos.cat\"\n");
  cat_stmts (&g);
  return g_string_free (g.out, FALSE);
}

void
acy_fuzz_litmus_grammar (const guint8 *data, gsize size)
{
  g_autofree char *text = acy_fuzz_grammar_litmus (data, size);

  acy_fuzz_litmus ((const guint8 *) text, strlen (text));
}

void
acy_fuzz_cat_grammar (const guint8 *data, gsize size)
{
  g_autofree char *text = acy_fuzz_grammar_cat (data, size);

  acy_fuzz_interp ((const guint8 *) text, strlen (text));
}
