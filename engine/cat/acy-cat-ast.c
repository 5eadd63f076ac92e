/* acy-cat-ast.c - printing cat syntax trees, fully bracketed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include "acy-cat-ast.h"

static void
print_expr (GString *s, const AcyCatExpr *e)
{
  static const char *const bin[] = { "|", "++", ";", "\\", "&", "*" };
  static const char *const post[] = { "~", "*", "+", "?", "^-1", "[]" };

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
        {
          if (i)
            g_string_append (s, ", ");
          print_expr (s, e->u.list.items[i]);
        }
      g_string_append (s, e->kind == ACY_CAT_E_SET ? "}" : ")");
      break;
    case ACY_CAT_E_BINOP:
      g_string_append_c (s, '(');
      print_expr (s, e->u.bin.a);
      g_string_append_printf (s, " %s ", bin[e->u.bin.op]);
      print_expr (s, e->u.bin.b);
      g_string_append_c (s, ')');
      break;
    case ACY_CAT_E_UNOP:
      if (e->u.un.op == ACY_CAT_OP_COMP)
        {
          g_string_append (s, "~");
          print_expr (s, e->u.un.a);
        }
      else if (e->u.un.op == ACY_CAT_OP_TOID)
        {
          g_string_append (s, "[");
          print_expr (s, e->u.un.a);
          g_string_append (s, "]");
        }
      else
        {
          g_string_append_c (s, '(');
          print_expr (s, e->u.un.a);
          g_string_append_printf (s, ")%s", post[e->u.un.op]);
        }
      break;
    case ACY_CAT_E_APP:
      g_string_append_c (s, '(');
      print_expr (s, e->u.app.f);
      g_string_append_c (s, ' ');
      print_expr (s, e->u.app.arg);
      g_string_append_c (s, ')');
      break;
    case ACY_CAT_E_FUN:
      g_string_append (s, "(fun ");
      for (guint i = 0; i < e->u.fun.pat.n; i++)
        g_string_append_printf (s, "%s%s", i ? "," : "", e->u.fun.pat.names[i] ? e->u.fun.pat.names[i] : "_");
      g_string_append (s, " -> ");
      print_expr (s, e->u.fun.body);
      g_string_append_c (s, ')');
      break;
    case ACY_CAT_E_LET:
    case ACY_CAT_E_LETREC:
      g_string_append (s, e->kind == ACY_CAT_E_LET ? "(let " : "(let rec ");
      for (guint i = 0; i < e->u.let.n; i++)
        {
          if (i)
            g_string_append (s, " and ");
          g_string_append_printf (s, "%s = ", e->u.let.b[i].pat.names[0] ? e->u.let.b[i].pat.names[0] : "_");
          print_expr (s, e->u.let.b[i].e);
        }
      g_string_append (s, " in ");
      print_expr (s, e->u.let.body);
      g_string_append_c (s, ')');
      break;
    case ACY_CAT_E_MATCH_SET:
      g_string_append (s, "(match ");
      print_expr (s, e->u.mset.e);
      g_string_append (s, " with {} -> ");
      print_expr (s, e->u.mset.if_empty);
      g_string_append_printf (s, " || %s ++ %s -> ", e->u.mset.elt ? e->u.mset.elt : "_",
                              e->u.mset.rest ? e->u.mset.rest : "_");
      print_expr (s, e->u.mset.if_cons);
      g_string_append (s, ")");
      break;
    case ACY_CAT_E_MATCH_TAG:
      g_string_append (s, "(match ");
      print_expr (s, e->u.mtag.e);
      g_string_append (s, " with");
      for (guint i = 0; i < e->u.mtag.n; i++)
        {
          g_string_append_printf (s, " '%s -> ", e->u.mtag.tags[i]);
          print_expr (s, e->u.mtag.cases[i]);
        }
      g_string_append (s, ")");
      break;
    case ACY_CAT_E_TRY:
      g_string_append (s, "(try ");
      print_expr (s, e->u.try_.e);
      g_string_append (s, " with ");
      print_expr (s, e->u.try_.fallback);
      g_string_append (s, ")");
      break;
    case ACY_CAT_E_IF:
      g_string_append (s, "(if ");
      if (e->u.if_.cond == ACY_CAT_COND_VARIANT)
        g_string_append_printf (s, "\"%s\"", e->u.if_.variant);
      else
        {
          print_expr (s, e->u.if_.a);
          g_string_append (s, e->u.if_.cond == ACY_CAT_COND_EQ ? " = "
                           : e->u.if_.cond == ACY_CAT_COND_IN ? " in " : " subset ");
          print_expr (s, e->u.if_.b);
        }
      g_string_append (s, " then ");
      print_expr (s, e->u.if_.then_);
      g_string_append (s, " else ");
      print_expr (s, e->u.if_.else_);
      g_string_append (s, ")");
      break;
    }
}

char *
acy_cat_expr_to_string (const AcyCatExpr *e)
{
  GString *s = g_string_new (NULL);
  print_expr (s, e);
  return g_string_free (s, FALSE);
}
