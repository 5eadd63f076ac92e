/* acy-cat-ast.c - printing cat syntax trees, fully bracketed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include "acy-cat-ast.h"

static const char *const binop_names[] = {
  [ACY_CAT_OP_UNION] = " | ", [ACY_CAT_OP_ADD] = " ++ ", [ACY_CAT_OP_SEQ] = " ; ",
  [ACY_CAT_OP_DIFF] = " \\ ", [ACY_CAT_OP_INTER] = " & ", [ACY_CAT_OP_CART] = " * ",
};

/* What goes before and after the operand of each unary operator. */
static const struct {
  const char *open, *close;
} unop_brackets[] = {
  [ACY_CAT_OP_COMP] = { "~", "" },
  [ACY_CAT_OP_STAR] = { "(", ")*" },
  [ACY_CAT_OP_PLUS] = { "(", ")+" },
  [ACY_CAT_OP_OPT] = { "(", ")?" },
  [ACY_CAT_OP_INV] = { "(", ")^-1" },
  [ACY_CAT_OP_TOID] = { "[", "]" },
};

static const char *const cond_names[] = {
  [ACY_CAT_COND_EQ] = " = ", [ACY_CAT_COND_SUBSET] = " subset ", [ACY_CAT_COND_IN] = " in ",
};

static void print_expr (GString *s, const AcyCatExpr *e);

/* Most constructs print as text and subexpressions in turn. */
static void
print_after (GString *s, const char *text, const AcyCatExpr *e)
{
  g_string_append (s, text);
  print_expr (s, e);
}

/* The bracketed pair @open @a @mid @b ")": operators, application, try. */
static void
print_pair (GString *s, const char *open, const AcyCatExpr *a, const char *mid,
            const AcyCatExpr *b)
{
  print_after (s, open, a);
  print_after (s, mid, b);
  g_string_append_c (s, ')');
}

static const char *
name_or_wildcard (const char *name)
{
  return name ? name : "_";
}

static void
print_vcond (GString *s, const AcyCatVariantCond *c)
{
  switch (c->kind)
    {
    case ACY_CAT_VCOND_NAME:
      g_string_append_printf (s, "\"%s\"", c->name);
      break;
    case ACY_CAT_VCOND_NOT:
      g_string_append (s, "(not ");
      print_vcond (s, c->a);
      g_string_append_c (s, ')');
      break;
    case ACY_CAT_VCOND_AND:
    case ACY_CAT_VCOND_OR:
      g_string_append_c (s, '(');
      print_vcond (s, c->a);
      g_string_append (s, c->kind == ACY_CAT_VCOND_AND ? " && " : " || ");
      print_vcond (s, c->b);
      g_string_append_c (s, ')');
      break;
    }
}

static void
print_expr (GString *s, const AcyCatExpr *e)
{
  switch (e->kind)
    {
    case ACY_CAT_E_EMPTY: g_string_append (s, "0"); break;
    case ACY_CAT_E_UNIV: g_string_append (s, "_"); break;
    case ACY_CAT_E_VAR: g_string_append (s, e->u.var.name); break;
    case ACY_CAT_E_UNBOUND: g_string_append (s, e->u.str); break;
    case ACY_CAT_E_TAG: g_string_append_printf (s, "'%s", e->u.str); break;
    case ACY_CAT_E_STRING: g_string_append_printf (s, "\"%s\"", e->u.str); break;
    case ACY_CAT_E_SET:
    case ACY_CAT_E_TUPLE:
      g_string_append (s, e->kind == ACY_CAT_E_SET ? "{" : "(");
      for (guint i = 0; i < e->u.list.n; i++)
        print_after (s, i ? ", " : "", e->u.list.items[i]);
      g_string_append (s, e->kind == ACY_CAT_E_SET ? "}" : ")");
      break;
    case ACY_CAT_E_BINOP:
      print_pair (s, "(", e->u.bin.a, binop_names[e->u.bin.op], e->u.bin.b);
      break;
    case ACY_CAT_E_UNOP:
      print_after (s, unop_brackets[e->u.un.op].open, e->u.un.a);
      g_string_append (s, unop_brackets[e->u.un.op].close);
      break;
    case ACY_CAT_E_APP:
      print_pair (s, "(", e->u.app.f, " ", e->u.app.arg);
      break;
    case ACY_CAT_E_FUN:
      g_string_append (s, "(fun ");
      for (guint i = 0; i < e->u.fun.pat.n; i++)
        g_string_append_printf (s, "%s%s", i ? "," : "", name_or_wildcard (e->u.fun.pat.names[i]));
      print_after (s, " -> ", e->u.fun.body);
      g_string_append_c (s, ')');
      break;
    case ACY_CAT_E_LET:
    case ACY_CAT_E_LETREC:
      g_string_append (s, e->kind == ACY_CAT_E_LET ? "(let " : "(let rec ");
      for (guint i = 0; i < e->u.let.n; i++)
        {
          g_string_append_printf (s, "%s%s = ", i ? " and " : "", name_or_wildcard (e->u.let.b[i].pat.names[0]));
          print_expr (s, e->u.let.b[i].e);
        }
      print_after (s, " in ", e->u.let.body);
      g_string_append_c (s, ')');
      break;
    case ACY_CAT_E_MATCH_SET:
      print_after (s, "(match ", e->u.mset.e);
      print_after (s, " with {} -> ", e->u.mset.if_empty);
      g_string_append_printf (s, " || %s ++ %s -> ", name_or_wildcard (e->u.mset.elt),
                              name_or_wildcard (e->u.mset.rest));
      print_expr (s, e->u.mset.if_cons);
      g_string_append_c (s, ')');
      break;
    case ACY_CAT_E_MATCH_TAG:
      print_after (s, "(match ", e->u.mtag.e);
      g_string_append (s, " with");
      for (guint i = 0; i < e->u.mtag.n; i++)
        {
          g_string_append_printf (s, " '%s -> ", e->u.mtag.tags[i]);
          print_expr (s, e->u.mtag.cases[i]);
        }
      g_string_append_c (s, ')');
      break;
    case ACY_CAT_E_TRY:
      print_pair (s, "(try ", e->u.try_.e, " with ", e->u.try_.fallback);
      break;
    case ACY_CAT_E_IF:
      g_string_append (s, "(if ");
      if (e->u.if_.cond == ACY_CAT_COND_VARIANT)
        print_vcond (s, e->u.if_.vcond);
      else
        {
          print_expr (s, e->u.if_.a);
          print_after (s, cond_names[e->u.if_.cond], e->u.if_.b);
        }
      print_pair (s, " then ", e->u.if_.then_, " else ", e->u.if_.else_);
      break;
    }
}

gboolean
acy_cat_variant_cond_holds (const AcyCatVariantCond *c, char **variants)
{
  /* the parser bounds the depth (ACY_CAT_MAX_NESTING) */
  switch (c->kind)
    {
    case ACY_CAT_VCOND_NAME:
      return variants && g_strv_contains ((const char *const *) variants, c->name);
    case ACY_CAT_VCOND_NOT:
      return !acy_cat_variant_cond_holds (c->a, variants);
    case ACY_CAT_VCOND_AND:
      return acy_cat_variant_cond_holds (c->a, variants) && acy_cat_variant_cond_holds (c->b, variants);
    case ACY_CAT_VCOND_OR:
      return acy_cat_variant_cond_holds (c->a, variants) || acy_cat_variant_cond_holds (c->b, variants);
    }
  return FALSE;
}

char *
acy_cat_expr_to_string (const AcyCatExpr *e)
{
  GString *s = g_string_new (NULL);
  print_expr (s, e);
  return g_string_free (s, FALSE);
}
