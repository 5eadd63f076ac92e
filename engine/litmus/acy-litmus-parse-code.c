/* acy-litmus-parse-code.c - the code of a litmus test's threads: expressions and statements
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * expr  := unary (BINOP unary)*         by precedence (acy_lit_op_text)
 * unary := ('!' | '~' | '*' | '-') unary | '(' expr ')' | call | primary
 *          ('&' and '+' too in a macro file)
 * stmt  := '{' stmt* '}' | decl | 'if' '(' expr ')' stmt ('else' stmt)?
 *        | expr ('=' expr)? ';'
 *
 * Loops and jumps are refused. In a test's threads (ps->herd_c) only
 * what herd7's C parser takes is taken; a macro file's bodies (.def)
 * may use the whole of it.
 *
 * The test around the threads is read by acy-litmus-parser.c, which
 * calls acy_lit_parse_block_body for each thread's body.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-litmus-private.h"
#include "acy-trace.h"

/* ---- expressions ---- */

static gboolean
enter (AcyLitParser *ps, GError **error)
{
  if (++ps->depth > ACY_LIT_MAX_DEPTH || acy_stack_low ())
    {
      acy_lit_error_near (ps, error, ACY_ERROR_LIMIT, peek (ps), "nesting too deep (more than 1000 levels)");
      return FALSE;
    }
  /* every statement and operand passes here: a long thread or a long
   * list stops at the deadline too */
  return !acy_halt_tick (ps->halt, error);
}

typedef struct {
  const char *text;
  AcyLitOp    op;
  guint       prec;
  gboolean    macros_only;  /* herd7's C refuses it in a test; .def bodies may use it */
} BinOp;

static const BinOp binops[] = {
  { "||", ACY_LOP_LOR, 1, TRUE },
  { "&&", ACY_LOP_LAND, 2, TRUE },
  { "|", ACY_LOP_OR, 3, FALSE },
  { "^", ACY_LOP_XOR, 4, FALSE },
  { "&", ACY_LOP_AND, 5, FALSE },
  { "==", ACY_LOP_EQ, 6, FALSE }, { "!=", ACY_LOP_NE, 6, FALSE },
  { "<", ACY_LOP_LT, 7, FALSE }, { "<=", ACY_LOP_LE, 7, FALSE },
  { ">", ACY_LOP_GT, 7, FALSE }, { ">=", ACY_LOP_GE, 7, FALSE },
  { "<<", ACY_LOP_SHL, 8, TRUE }, { ">>", ACY_LOP_SHR, 8, TRUE },
  { "+", ACY_LOP_ADD, 9, FALSE }, { "-", ACY_LOP_SUB, 9, FALSE },
  { "*", ACY_LOP_MUL, 10, FALSE }, { "/", ACY_LOP_DIV, 10, FALSE },
  { "%", ACY_LOP_MOD, 10, TRUE },
};

static gboolean
is_comparison (const BinOp *op)
{
  return op->prec == 6 || op->prec == 7;
}

/* How @op is written: the binary operators' table, and the others. */
const char *
acy_lit_op_text (AcyLitOp op)
{
  for (guint i = 0; i < G_N_ELEMENTS (binops); i++)
    if (binops[i].op == op)
      return binops[i].text;
  switch (op)
    {
    case ACY_LOP_ANDNOT: return "&~";
    case ACY_LOP_NOT: return "!";
    case ACY_LOP_NEG: return "-";
    case ACY_LOP_BNOT: return "~";
    default: return "?";
    }
}

static const BinOp *
binop_of (const AcyLitToken *t)
{
  if (t->kind != ACY_LTOK_PUNCT)
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (binops); i++)
    if (strcmp (binops[i].text, t->text) == 0)
      return &binops[i];
  return NULL;
}

static AcyLitExpr *parse_binary (AcyLitParser *ps, guint min_prec, GError **error);
static AcyLitExpr *parse_unary (AcyLitParser *ps, GError **error);
static gboolean is_type_word (const AcyLitToken *t);

/* An operator passed to a macro, as in `__atomic_op(X,&~,V)`: a run of
 * operator tokens directly followed by ',' or ')'. */
static AcyLitExpr *
try_parse_oparg (AcyLitParser *ps)
{
  guint k = 0;
  GString *s;
  AcyLitExpr *e;

  while (peek_at (ps, k)->kind == ACY_LTOK_PUNCT
         && (binop_of (peek_at (ps, k)) || acy_lit_tok_is (peek_at (ps, k), "~")))
    k++;
  if (k == 0 || k > 2
      || !(acy_lit_tok_is (peek_at (ps, k), ",") || acy_lit_tok_is (peek_at (ps, k), ")")))
    return NULL;

  e = acy_lit_expr_new (ps->arena, ACY_LEXPR_OPARG, peek (ps)->loc);
  s = g_string_new (NULL);
  for (guint i = 0; i < k; i++)
    g_string_append (s, advance (ps)->text);
  e->name = acy_arena_strdup (ps->arena, s->str);
  if (strcmp (s->str, "&~") == 0)
    e->op = ACY_LOP_ANDNOT;
  else
    {
      for (guint i = 0; i < G_N_ELEMENTS (binops); i++)
        if (strcmp (binops[i].text, s->str) == 0)
          e->op = binops[i].op;
    }
  g_string_free (s, TRUE);
  return e;
}

/* call := IDENT{tag}? ('(' (arg (',' arg)*)? ')')? */
static AcyLitExpr *
parse_call (AcyLitParser *ps, const AcyLitToken *name, GError **error)
{
  AcyLitExpr *e = acy_lit_expr_new (ps->arena, ACY_LEXPR_CALL, name->loc);
  GPtrArray *args;
  const AcyLitToken *open;

  e->name = name->text;
  e->tag = name->tag;
  open = peek (ps);
  if (!acy_lit_accept (ps, "("))
    return e;
  e->call_parens = TRUE;
  args = g_ptr_array_new ();
  if (!acy_lit_tok_is (peek (ps), ")"))
    for (;;)
      {
        AcyLitExpr *arg = try_parse_oparg (ps);

        if (arg == NULL)
          arg = acy_lit_parse_expr (ps, error);
        if (arg == NULL)
          {
            g_ptr_array_free (args, TRUE);
            return NULL;
          }
        g_ptr_array_add (args, arg);
        if (!acy_lit_accept (ps, ","))
          break;
      }
  if (!acy_lit_expect_close (ps, ")", open, error))
    {
      g_ptr_array_free (args, TRUE);
      return NULL;
    }
  e->n_args = args->len;
  e->args = acy_arena_newv (ps->arena, AcyLitExpr *, MAX (args->len, 1));
  if (args->len > 0)
    memcpy (e->args, args->pdata, args->len * sizeof (gpointer));
  g_ptr_array_free (args, TRUE);
  return e;
}

/* herd7's C lexer reads P and digits as a thread's name wherever it is
 * (unexpected 'P1'): no parameter, register or call has such a name */
gboolean
acy_lit_check_not_thread_word (AcyLitParser *ps, const AcyLitToken *t, GError **error)
{
  const char *p = t->text;

  if (t->kind != ACY_LTOK_IDENT || p[0] != 'P' || p[1] == '\0')
    return TRUE;
  for (p++; *p; p++)
    if (!g_ascii_isdigit (*p))
      return TRUE;
  acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t,
                      "herd7 reads this word as a thread's name, not as a name in the code; "
                      "rename it");
  return FALSE;
}

/* primary := INT | IDENT | call | '(' expr ')' */
static AcyLitExpr *
parse_primary (AcyLitParser *ps, GError **error)
{
  const AcyLitToken *t = peek (ps);

  if (t->kind == ACY_LTOK_INT)
    {
      AcyLitExpr *e = acy_lit_expr_new (ps->arena, ACY_LEXPR_INT, t->loc);

      advance (ps);
      e->value = t->value;
      return e;
    }
  if (t->kind == ACY_LTOK_IDENT)
    {
      if (ps->herd_c && !acy_lit_check_not_thread_word (ps, t, error))
        return NULL;
      if (acy_lit_c11_is_mutex_word (t->text))
        {
          /* herd7: "unexpected 'mtx_lock' (in prog)" */
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t,
                              "a mutex operation is a statement of its own, with no value");
          return NULL;
        }
      advance (ps);
      if (t->tag != NULL || acy_lit_tok_is (peek (ps), "("))
        return parse_call (ps, t, error);
      {
        AcyLitExpr *e = acy_lit_expr_new (ps->arena, ACY_LEXPR_NAME, t->loc);

        e->name = t->text;
        return e;
      }
    }
  if (acy_lit_tok_is (t, "(") && acy_lit_is_foreign_type_word (peek_at (ps, 1))
      && (acy_lit_tok_is (peek_at (ps, 2), ")") || acy_lit_tok_is (peek_at (ps, 2), "*")))
    {
      guint k = 2;

      while (acy_lit_tok_is (peek_at (ps, k), "*"))
        k++;
      /* (u32) x stops at x, (u32 *) x at the ')' */
      if (k == 2)
        k++;
      acy_lit_foreign_type_error (ps, peek_at (ps, 1), peek_at (ps, k), error);
      return NULL;
    }
  if (acy_lit_tok_is (t, "(") && is_type_word (peek_at (ps, 1)))
    {
      /* a cast such as `(char **)x`: values carry no C type here */
      guint after, stars;

      if (!acy_lit_check_c_type (ps, 1, &after, &stars, error))
        return NULL;
      ps->pos += after;
      if (!acy_lit_expect_close (ps, ")", t, error))
        return NULL;
      return parse_unary (ps, error);
    }
  if (acy_lit_tok_is (t, "("))
    {
      AcyLitExpr *e;

      advance (ps);
      e = acy_lit_parse_expr (ps, error);
      if (e == NULL || !acy_lit_expect_close (ps, ")", t, error))
        return NULL;
      return e;
    }
  acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t, "expected an expression");
  return NULL;
}

/* unary := ('!' | '-' | '~' | '*' | '&' | '+') unary | primary
 * ('&' and '+' in macro files only) */
static AcyLitExpr *
parse_unary (AcyLitParser *ps, GError **error)
{
  const AcyLitToken *t = peek (ps);
  AcyLitExpr *e = NULL, *a;

  if (!enter (ps, error))
    return NULL;

  if (t->kind == ACY_LTOK_PUNCT
      && (acy_lit_tok_is (t, "!") || acy_lit_tok_is (t, "-") || acy_lit_tok_is (t, "~")
          || acy_lit_tok_is (t, "*") || acy_lit_tok_is (t, "&") || acy_lit_tok_is (t, "+")))
    {
      /* herd7: "unexpected '&' (in prog)" */
      if (ps->herd_c && t->text[0] == '&')
        {
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t,
                              "herd7's C has no address-of '&' in a thread's code; pass the "
                              "location as a parameter or set a pointer in the init block");
          goto out;
        }
      advance (ps);
      /* herd7 reads '-' only as part of a number written right after it */
      if (ps->herd_c && t->text[0] == '-'
          && !(peek (ps)->kind == ACY_LTOK_INT && peek (ps)->loc.line == t->loc.line
               && peek (ps)->loc.col == t->loc.col + 1))
        {
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t,
                      "herd7 allows unary '-' only right before a number; write '(0 - ...)'");
          goto out;
        }
      /* herd7's grammar dereferences a name or a bracketed expression,
       * not another dereference: `**pp` must be written `*(*pp)` */
      if (t->text[0] == '*' && acy_lit_tok_is (peek (ps), "*"))
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, peek (ps)->loc,
                            "unexpected '*': write '*(*p)' to dereference twice near '*'");
          goto out;
        }
      a = parse_unary (ps, error);
      if (a == NULL)
        goto out;
      switch (t->text[0])
        {
        case '+':
          if (ps->herd_c)
            {
              acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t, "herd7 has no unary '+' operator");
              e = NULL;
              goto out;
            }
          e = a;
          break;
        case '*':
          e = acy_lit_expr_new (ps->arena, ACY_LEXPR_DEREF, t->loc);
          e->a = a;
          break;
        case '&':
          if (a->kind != ACY_LEXPR_NAME)
            {
              acy_set_error_at (error, ACY_ERROR_SYNTAX, t->loc,
                                "'&' needs the name of a shared location near '&'");
              goto out;
            }
          e = acy_lit_expr_new (ps->arena, ACY_LEXPR_ADDROF, t->loc);
          e->name = a->name;
          break;
        case '-':
          if (a->kind == ACY_LEXPR_INT)
            {
              a->value = -a->value;
              a->loc = t->loc;
              e = a;
              break;
            }
          G_GNUC_FALLTHROUGH;
        case '!':
        case '~':
          if (ps->herd_c)
            {
              /* herd7's C lexer has no `!` (only `!=`), and its parser
               * no unary '-' but on a number, no unary '~' */
              acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t,
                          t->text[0] == '!' ? "herd7 has no '!' operator; write '(... == 0)'"
                          : t->text[0] == '-' ? "herd7 allows unary '-' only right before a number; write '(0 - ...)'"
                          : "herd7 has no unary '~' operator");
              e = NULL;
              goto out;
            }
          G_GNUC_FALLTHROUGH;
        default:
          e = acy_lit_expr_new (ps->arena, ACY_LEXPR_UNARY, t->loc);
          e->op = t->text[0] == '!' ? ACY_LOP_NOT : t->text[0] == '-' ? ACY_LOP_NEG : ACY_LOP_BNOT;
          e->a = a;
          break;
        }
    }
  else
    e = parse_primary (ps, error);

out:
  ps->depth--;
  if (e != NULL && !acy_lit_expr_seal (e, acy_lit_token_describe (t), error))
    return NULL;
  return e;
}

static AcyLitExpr *
parse_binary (AcyLitParser *ps, guint min_prec, GError **error)
{
  AcyLitExpr *lhs;
  const BinOp *op;

  if (!enter (ps, error))
    return NULL;
  lhs = parse_unary (ps, error);
  while (lhs != NULL && (op = binop_of (peek (ps))) != NULL && op->prec >= min_prec)
    {
      const AcyLitToken *t = advance (ps);
      AcyLitExpr *rhs, *e;

      if (ps->herd_c && op->macros_only)
        {
          /* herd7's C lexer and parser refuse these in a test (a lex
           * error for '%', "unexpected" for the others) */
          g_autofree char *msg =
            op->op == ACY_LOP_LAND || op->op == ACY_LOP_LOR
              ? g_strdup_printf ("herd7's C has no '%s'; nest 'if' statements or use '%c' on 0/1 values",
                                 op->text, op->text[0])
              : g_strdup_printf ("herd7's C has no '%s' operator", op->text);

          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t, msg);
          lhs = NULL;
          break;
        }
      /* herd7's comparisons are of one level and do not chain: neither
       * `a == b == c` nor `a == b < c` */
      rhs = parse_binary (ps, ps->herd_c && is_comparison (op) ? 8 : op->prec + 1, error);
      if (rhs == NULL)
        {
          lhs = NULL;
          break;
        }
      e = acy_lit_expr_new (ps->arena, ACY_LEXPR_BINARY, t->loc);
      e->op = op->op;
      e->a = lhs;
      e->b = rhs;
      lhs = acy_lit_expr_seal (e, t->text, error) ? e : NULL;
      if (lhs != NULL && ps->herd_c && is_comparison (op) && binop_of (peek (ps)) != NULL
          && is_comparison (binop_of (peek (ps))))
        {
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, peek (ps),
                              "herd7's comparisons do not chain: write '(a == b) == c'");
          lhs = NULL;
        }
    }
  ps->depth--;
  return lhs;
}

/* expr := unary (binop unary)*, C precedences */
AcyLitExpr *
acy_lit_parse_expr (AcyLitParser *ps, GError **error)
{
  return parse_binary (ps, 1, error);
}

/* ---- statements ---- */

/* The type words of herd7's C (7.58), and its qualifiers */
static const char *const type_words[] = {
  "int", "long", "char", "intptr_t", "uintptr_t", "atomic_t", "spinlock_t", "void",
  "const", "volatile", "struct", "int8_t", "int16_t", "int32_t", "int64_t",
  "uint8_t", "uint16_t", "uint32_t", "uint64_t",
  /* herd's C11 and wide types */
  "atomic_int", "_Atomic", "mtx_t", "__int128_t", "__uint128_t", "__int128", "__uint128",
};

/* C's and the kernel's type words that herd7's C does not know: it reads
 * them as names, and stops at the word after (`u32 r0`) */
static const char *const foreign_type_words[] = {
  "short", "unsigned", "signed", "bool", "_Bool", "size_t", "u8", "u16", "u32", "u64",
  "s8", "s16", "s32", "s64", "union", "atomic_long_t", "float", "double", NULL
};

gboolean
acy_lit_is_foreign_type_word (const AcyLitToken *t)
{
  return t->kind == ACY_LTOK_IDENT && t->tag == NULL && g_strv_contains (foreign_type_words, t->text);
}

gboolean
acy_lit_foreign_type_error (AcyLitParser *ps, const AcyLitToken *type, const AcyLitToken *at,
                            GError **error)
{
  g_autofree char *msg = g_strdup_printf ("herd7's C has no type '%s' (it knows int, char, long, "
                                          "intptr_t, uintptr_t, int8_t to uint64_t, atomic_t, "
                                          "atomic_int, spinlock_t, mtx_t)", type->text);

  acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, at, msg);
  return FALSE;
}

static gboolean
is_type_word (const AcyLitToken *t)
{
  if (t->kind != ACY_LTOK_IDENT || t->tag != NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (type_words); i++)
    if (strcmp (type_words[i], t->text) == 0)
      return TRUE;
  return FALSE;
}

static AcyLitStmt *parse_stmt (AcyLitParser *ps, GError **error);

static AcyLitStmt *
make_block (AcyLitParser *ps, AcyLoc loc, GPtrArray *stmts)
{
  AcyLitStmt *b = acy_lit_stmt_new (ps->arena, ACY_LSTMT_BLOCK, loc);

  b->n_body = stmts->len;
  b->body = acy_arena_newv (ps->arena, AcyLitStmt *, MAX (stmts->len, 1));
  if (stmts->len > 0)
    memcpy (b->body, stmts->pdata, stmts->len * sizeof (gpointer));
  return b;
}

static gboolean
is_qualifier (const AcyLitToken *t)
{
  return t->kind == ACY_LTOK_IDENT && (strcmp (t->text, "const") == 0 || strcmp (t->text, "volatile") == 0
                                       || strcmp (t->text, "_Atomic") == 0);
}

/* type := ('const' | 'volatile' | '_Atomic')? base ('const' | 'volatile' | '*')*
 * base := int | long | char | intptr_t | ... | void | 'struct' 'srcu_struct'
 * as herd7's C (7.58) reads a type: a declaration's, a parameter's or a
 * cast's, from the token @k on. Sets *@after to the token after it and
 * *@stars to its stars; refused at the first token that does not fit
 * (`long long`, `const const int`, `int _Atomic`, `struct foo`). */
gboolean
acy_lit_check_c_type (AcyLitParser *ps, guint k, guint *after, guint *stars, GError **error)
{
  const AcyLitToken *t = peek_at (ps, k);
  const AcyLitToken *base;

  *stars = 0;
  if (is_qualifier (t))
    t = peek_at (ps, ++k);
  base = t;
  if (acy_lit_tok_is_ident (t, "struct"))
    {
      t = peek_at (ps, ++k);
      if (!acy_lit_tok_is_ident (t, "srcu_struct"))
        {
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t,
                              "herd7's C knows one struct type, 'struct srcu_struct'");
          return FALSE;
        }
    }
  else if (!is_type_word (t) || is_qualifier (t))
    {
      if (acy_lit_is_foreign_type_word (t))
        return acy_lit_foreign_type_error (ps, t, t, error);
      acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t,
                          "expected a type word (int, char, long, intptr_t...), after at most "
                          "one of const, volatile, _Atomic");
      return FALSE;
    }
  for (t = peek_at (ps, ++k);; t = peek_at (ps, ++k))
    {
      if (acy_lit_tok_is (t, "*"))
        (*stars)++;
      else if (!acy_lit_tok_is_ident (t, "const") && !acy_lit_tok_is_ident (t, "volatile"))
        break;
    }
  if (is_type_word (t))
    {
      acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t,
                          "herd7's C takes one type word (int, long, char...), then const, "
                          "volatile or '*' only");
      return FALSE;
    }
  if (acy_lit_tok_is_ident (base, "void") && *stars == 0)
    {
      acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t, "herd7's C takes 'void' in 'void *' only");
      return FALSE;
    }
  *after = k;
  return TRUE;
}

/* decl := type ('*'* IDENT ('=' expr)?) ';' -- herd7's C declares one
 * name at a time */
static AcyLitStmt *
parse_decl (AcyLitParser *ps, GError **error)
{
  const AcyLitToken *first = peek (ps);
  GPtrArray *decls = g_ptr_array_new ();
  AcyLitStmt *result = NULL;
  guint after, stars;

  if (!acy_lit_check_c_type (ps, 0, &after, &stars, error))
    goto out;
  ps->pos += after;
  for (;;)
    {
      const AcyLitToken *name;
      AcyLitStmt *d;

      name = peek (ps);
      if (name->kind != ACY_LTOK_IDENT || name->tag != NULL)
        {
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, name, "expected a variable name in a declaration");
          goto out;
        }
      if (ps->herd_c && !acy_lit_check_not_thread_word (ps, name, error))
        goto out;
      if (acy_lit_c11_is_mutex_word (name->text))
        {
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, name,
                              "herd7's C takes this word for a mutex operation, not a name");
          goto out;
        }
      advance (ps);
      d = acy_lit_stmt_new (ps->arena, ACY_LSTMT_DECL, name->loc);
      d->name = name->text;
      if (acy_lit_accept (ps, "="))
        {
          d->expr = acy_lit_parse_expr (ps, error);
          if (d->expr == NULL)
            goto out;
        }
      g_ptr_array_add (decls, d);
      if (acy_lit_tok_is (peek (ps), ","))
        {
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, peek (ps),
                              "herd7's C declares one name at a time: 'int r0; int r1;'");
          goto out;
        }
      break;
    }
  if (!acy_lit_expect (ps, ";", "after a declaration", error))
    goto out;
  result = decls->len == 1 ? decls->pdata[0] : make_block (ps, first->loc, decls);
out:
  g_ptr_array_free (decls, TRUE);
  return result;
}

/* What can only come after the threads: seeing it inside a body means a
 * '}' is missing, which is the error worth reporting (with where the
 * body was opened), rather than whatever the condition fails to parse as. */
static gboolean
starts_outside_thread (AcyLitParser *ps)
{
  const AcyLitToken *t = peek (ps);
  const AcyLitToken *u = peek_at (ps, 1);

  if (acy_lit_tok_is (t, "~"))
    {
      t = u;
      u = peek_at (ps, 2);
    }
  if (t->kind != ACY_LTOK_IDENT)
    return FALSE;
  if ((g_str_equal (t->text, "exists") || g_str_equal (t->text, "forall")
       || g_str_equal (t->text, "filter")) && acy_lit_tok_is (u, "("))
    return TRUE;
  return g_str_equal (t->text, "locations") && acy_lit_tok_is (u, "[");
}

gboolean
acy_lit_parse_block_body (AcyLitParser *ps, const AcyLitToken *open,
                          AcyLitStmt ***body, guint *n_body, GError **error)
{
  GPtrArray *stmts = g_ptr_array_new ();

  while (!acy_lit_tok_is (peek (ps), "}"))
    {
      AcyLitStmt *s;

      if (peek (ps)->kind == ACY_LTOK_EOF || starts_outside_thread (ps))
        {
          acy_lit_expect_close (ps, "}", open, error);
          g_ptr_array_free (stmts, TRUE);
          return FALSE;
        }
      s = parse_stmt (ps, error);
      if (s == NULL)
        {
          g_ptr_array_free (stmts, TRUE);
          return FALSE;
        }
      g_ptr_array_add (stmts, s);
    }
  if (stmts->len == 0 && (ps->herd_c || ps->macro_file))
    {
      /* herd7's C grammar wants one instruction or declaration at
       * least in a thread's body and in every block */
      acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, peek (ps),
                  "herd7 wants at least one statement between braces");
      g_ptr_array_free (stmts, TRUE);
      return FALSE;
    }
  *n_body = stmts->len;
  *body = acy_arena_newv (ps->arena, AcyLitStmt *, MAX (stmts->len, 1));
  if (stmts->len > 0)
    memcpy (*body, stmts->pdata, stmts->len * sizeof (gpointer));
  g_ptr_array_free (stmts, TRUE);
  return TRUE;
}

/* mutex := ('mtx_lock' | 'lock' | 'mtx_unlock' | 'unlock') '(' expr ')' ';'
 * herd's C has these as statements with one argument, the mutex, and
 * no value; the call made here is lowered as a C11 builtin. */
static AcyLitStmt *
parse_mutex (AcyLitParser *ps, GError **error)
{
  const AcyLitToken *t = advance (ps), *open = peek (ps);
  AcyLitExpr *e = acy_lit_expr_new (ps->arena, ACY_LEXPR_CALL, t->loc);
  AcyLitStmt *s;

  /* the lexer gives tags to `__` names only: `mtx_lock{x}` stops at '{' */
  if (!acy_lit_expect (ps, "(", "after a mutex operation", error))
    return NULL;
  if (acy_lit_tok_is (peek (ps), "&"))
    {
      /* herd7: "unexpected '&' (in prog)" */
      acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, peek (ps),
                          "a mutex operation takes the mutex pointer itself ('m' for an "
                          "'mtx_t *m' parameter), not its address");
      return NULL;
    }
  e->name = t->text;
  e->call_parens = TRUE;
  e->n_args = 1;
  e->args = acy_arena_newv (ps->arena, AcyLitExpr *, 1);
  e->args[0] = acy_lit_parse_expr (ps, error);
  if (e->args[0] == NULL || !acy_lit_expect_close (ps, ")", open, error)
      || !acy_lit_expect (ps, ";", "after a statement", error))
    return NULL;
  s = acy_lit_stmt_new (ps->arena, ACY_LSTMT_EXPR, t->loc);
  s->expr = e;
  return s;
}

/* stmt := '{' stmt* '}' | ';' | decl | mutex
 *       | 'if' '(' expr ')' stmt ('else' stmt)?
 *       | '(' 'void' ')' expr ';'
 *       | expr ('=' expr)? ';' */
static AcyLitStmt *
parse_stmt_inner (AcyLitParser *ps, GError **error)
{
  const AcyLitToken *t = peek (ps);
  AcyLitStmt *s;

  if (acy_lit_tok_is (t, "{"))
    {
      advance (ps);
      s = acy_lit_stmt_new (ps->arena, ACY_LSTMT_BLOCK, t->loc);
      if (!acy_lit_parse_block_body (ps, t, &s->body, &s->n_body, error))
        return NULL;
      advance (ps);
      return s;
    }
  if (acy_lit_tok_is (t, ";"))
    {
      if (ps->herd_c || ps->macro_file)
        {
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t, "herd7's C has no empty statement");
          return NULL;
        }
      advance (ps);
      return acy_lit_stmt_new (ps->arena, ACY_LSTMT_BLOCK, t->loc);
    }
  if (is_type_word (t))
    return parse_decl (ps, error);
  if (acy_lit_is_foreign_type_word (t) && peek_at (ps, 1)->kind == ACY_LTOK_IDENT)
    {
      acy_lit_foreign_type_error (ps, t, peek_at (ps, 1), error);
      return NULL;
    }
  if (t->kind == ACY_LTOK_IDENT && acy_lit_c11_is_mutex_word (t->text))
    return parse_mutex (ps, error);
  if (acy_lit_tok_is_ident (t, "if") || acy_lit_tok_is_ident (t, "while"))
    {
      /* if (e) s [else s], while (e) s; herd7 unrolls a while (-unroll):
       * see the thread runner */
      gboolean is_if = acy_lit_tok_is_ident (t, "if");
      const AcyLitToken *open;

      advance (ps);
      s = acy_lit_stmt_new (ps->arena, is_if ? ACY_LSTMT_IF : ACY_LSTMT_WHILE, t->loc);
      open = peek (ps);
      if (!acy_lit_expect (ps, "(", is_if ? "after 'if'" : "after 'while'", error))
        return NULL;
      s->expr = acy_lit_parse_expr (ps, error);
      if (s->expr == NULL || !acy_lit_expect_close (ps, ")", open, error))
        return NULL;
      s->then_s = parse_stmt (ps, error);
      if (s->then_s == NULL)
        return NULL;
      if (is_if && acy_lit_tok_is_ident (peek (ps), "else"))
        {
          advance (ps);
          s->else_s = parse_stmt (ps, error);
          if (s->else_s == NULL)
            return NULL;
        }
      return s;
    }
  if (acy_lit_tok_is_ident (t, "return") && acy_lit_tok_is (peek_at (ps, 1), ";"))
    {
      /* herd7 reads `return;` and goes on with what follows: a statement
       * that does nothing (`return 0;` it refuses at the value) */
      advance (ps);
      advance (ps);
      return acy_lit_stmt_new (ps->arena, ACY_LSTMT_BLOCK, t->loc);
    }
  if (acy_lit_tok_is_ident (t, "for") || acy_lit_tok_is_ident (t, "do")
      || acy_lit_tok_is_ident (t, "goto"))
    {
      acy_lit_error_near (ps, error, ACY_ERROR_UNSUPPORTED, t,
                          "herd7's C has no for, do or goto: its only loop is 'while'");
      return NULL;
    }
  if (acy_lit_tok_is_ident (t, "return"))
    {
      acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, peek_at (ps, 1),
                          "herd7's C reads 'return;' only, which does nothing");
      return NULL;
    }
  if (acy_lit_tok_is (t, "(") && acy_lit_tok_is_ident (peek_at (ps, 1), "void")
      && acy_lit_tok_is (peek_at (ps, 2), ")"))
    {
      /* `(void)e;`, herd7's CastExpr: e evaluated for its events and its
       * value dropped, its calls expression macros, as in `(e);` */
      advance (ps);
      advance (ps);
      advance (ps);
      s = acy_lit_stmt_new (ps->arena, ACY_LSTMT_EXPR, t->loc);
      s->value = TRUE;
      s->expr = acy_lit_parse_expr (ps, error);
      if (s->expr == NULL || !acy_lit_expect (ps, ";", "after a statement", error))
        return NULL;
      return s;
    }

  {
    AcyLitExpr *e = acy_lit_parse_expr (ps, error);

    if (e == NULL)
      return NULL;
    if (acy_lit_tok_is (peek (ps), ";") && acy_lit_tok_is (t, "("))
      {
        /* `(e);`: herd7 reads e as an expression, its calls as
         * expression macros: (READ_ONCE(*x)); is taken, (smp_mb()); not */
        s = acy_lit_stmt_new (ps->arena, ACY_LSTMT_EXPR, e->loc);
        s->expr = e;
        s->value = TRUE;
      }
    else if (acy_lit_tok_is (peek (ps), "="))
      {
        const AcyLitToken *eq = advance (ps);

        if (e->kind == ACY_LEXPR_NAME)
          s = acy_lit_stmt_new (ps->arena, ACY_LSTMT_ASSIGN, e->loc);
        else if (e->kind == ACY_LEXPR_DEREF)
          s = acy_lit_stmt_new (ps->arena, ACY_LSTMT_STORE, e->loc);
        else
          {
            acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, eq,
                        "the left of '=' must be a register or '*pointer'");
            return NULL;
          }
        s->lhs = e;
        s->expr = acy_lit_parse_expr (ps, error);
        if (s->expr == NULL)
          return NULL;
      }
    else
      {
        s = acy_lit_stmt_new (ps->arena, ACY_LSTMT_EXPR, e->loc);
        s->expr = e;
      }
    if (!acy_lit_expect (ps, ";", "after a statement", error))
      return NULL;
    return s;
  }
}

static AcyLitStmt *
parse_stmt (AcyLitParser *ps, GError **error)
{
  AcyLitStmt *s;

  if (!enter (ps, error))
    return NULL;
  s = parse_stmt_inner (ps, error);
  ps->depth--;
  return s;
}
