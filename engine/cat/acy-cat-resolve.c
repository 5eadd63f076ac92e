/* acy-cat-resolve.c - bind every name of a cat model to a frame slot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs once at load time. Includes are inlined, `if "variant"` blocks are
 * decided (variants are fixed per model), and the top level becomes one
 * flat list of statements, so `with x from S` can evaluate "the rest of
 * the model" by index. A name is a (depth, slot) pair: how many function
 * frames to walk out, and the slot in that frame.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-eval.h"

typedef struct _Scope Scope;
struct _Scope {
  Scope      *parent;
  GPtrArray  *names;   /* visible names, latest last */
  GArray     *slots;   /* guint, parallel to names */
  guint       n_slots;
  /* name -> GArray of guint, its positions in names, ascending: a lookup
   * scanned names, quadratic in a model of 66,000 lets (41 s) */
  GHashTable *index;
};

typedef struct {
  AcyModel    *model;
  GError     **error;
  guint        in_try;
  guint        in_top_let;  /* resolving a top-level let's expression */
  Scope       *root;
  GHashTable  *tags;        /* declared tag names */
  GHashTable  *defined;     /* defined_names already listed */
  GHashTable  *shown;
} Resolver;

static gboolean rec_pat_named (Resolver *r, const AcyCatBinding *b);

static Scope *
scope_new (Scope *parent)
{
  Scope *s = g_new0 (Scope, 1);
  s->parent = parent;
  s->names = g_ptr_array_new ();
  s->slots = g_array_new (FALSE, FALSE, sizeof (guint));
  s->index = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify) g_array_unref);
  return s;
}

static void
scope_free (Scope *s)
{
  g_ptr_array_unref (s->names);
  g_array_unref (s->slots);
  g_hash_table_unref (s->index);
  g_free (s);
}

/* Makes @name (which outlives the scope) visible in @s as @slot. */
static void
scope_add_name (Scope *s, const char *name, guint slot)
{
  GArray *at = g_hash_table_lookup (s->index, name);
  guint pos = s->names->len;

  if (at == NULL)
    {
      at = g_array_new (FALSE, FALSE, sizeof (guint));
      g_hash_table_insert (s->index, (gpointer) name, at);
    }
  g_array_append_val (at, pos);
  g_ptr_array_add (s->names, (gpointer) name);
  g_array_append_val (s->slots, slot);
}

static guint
scope_bind (Resolver *r, Scope *s, const char *name)
{
  guint slot = s->n_slots++;

  if (s == r->root)
    {
      guint never = G_MAXUINT;
      g_array_append_val (r->model->slot_valid_from, never);
    }
  if (name)
    scope_add_name (s, name, slot);
  return slot;
}

/* Makes a root binding visible to acy_model_env_lookup from statement
 * @index on. */
static void
publish (Resolver *r, const char *name, guint slot, guint index, gboolean prelude)
{
  GArray *slots;

  g_array_index (r->model->slot_valid_from, guint, slot) = index;
  slots = g_hash_table_lookup (r->model->top_names, name);
  if (!slots)
    {
      slots = g_array_new (FALSE, FALSE, sizeof (guint));
      g_hash_table_insert (r->model->top_names, (gpointer) name, slots);
    }
  g_array_append_val (slots, slot);
  if (!prelude && !g_hash_table_contains (r->defined, name))
    {
      g_hash_table_add (r->defined, (gpointer) name);
      g_ptr_array_add (r->model->defined_names, (gpointer) name);
    }
}

static void
scope_truncate (Scope *s, guint n_names)
{
  for (guint i = s->names->len; i-- > n_names;)
    {
      GArray *at = g_hash_table_lookup (s->index, s->names->pdata[i]);

      g_array_set_size (at, at->len - 1);   /* i is its last position */
    }
  g_ptr_array_set_size (s->names, n_names);
  g_array_set_size (s->slots, n_names);
}

static gboolean
scope_lookup (Scope *s, const char *name, guint *depth, guint *slot)
{
  for (guint d = 0; s; s = s->parent, d++)
    {
      GArray *at = g_hash_table_lookup (s->index, name);

      if (at != NULL && at->len > 0)
        {
          *depth = d;
          *slot = g_array_index (s->slots, guint, g_array_index (at, guint, at->len - 1));
          return TRUE;
        }
    }
  return FALSE;
}

static void
bind_pat (Resolver *r, Scope *s, AcyCatPat *pat)
{
  for (guint i = 0; i < pat->n; i++)
    pat->slots[i] = scope_bind (r, s, pat->names[i]);
}

static gboolean resolve_expr (Resolver *r, Scope *s, AcyCatExpr *e);

static gboolean
resolve_fun (Resolver *r, Scope *s, AcyCatExpr *e)
{
  Scope *inner = scope_new (s);
  gboolean ok;
  guint saved_try = r->in_try;

  /* A function body runs later, outside any enclosing `try`. */
  r->in_try = 0;
  bind_pat (r, inner, &e->u.fun.pat);
  ok = resolve_expr (r, inner, e->u.fun.body);
  e->u.fun.n_slots = inner->n_slots;
  r->in_try = saved_try;
  scope_free (inner);
  return ok;
}

static gboolean
resolve_expr (Resolver *r, Scope *s, AcyCatExpr *e)
{
  switch (e->kind)
    {
    case ACY_CAT_E_EMPTY: case ACY_CAT_E_UNIV: case ACY_CAT_E_STRING: case ACY_CAT_E_UNBOUND:
      return TRUE;
    case ACY_CAT_E_TAG:
      if (!g_hash_table_contains (r->tags, e->u.str))
        {
          acy_set_error_at (r->error, ACY_ERROR_UNKNOWN_NAME, e->loc,
                            "unknown tag near ''%s'", e->u.str);
          return FALSE;
        }
      return TRUE;
    case ACY_CAT_E_VAR:
      if (scope_lookup (s, e->u.var.name, &e->u.var.depth, &e->u.var.slot))
        return TRUE;
      if (r->in_try || r->in_top_let)
        {
          /* herd7 looks a name up when it evaluates it: inside `try`,
           * and in a top-level let, which runs only when its name is
           * read (acy-cat-exec.c), an unknown name is an error then */
          const char *name = e->u.var.name;
          e->kind = ACY_CAT_E_UNBOUND;
          e->u.str = name;
          return TRUE;
        }
      acy_set_error_at (r->error, ACY_ERROR_UNKNOWN_NAME, e->loc,
                        "unknown name near '%s'", e->u.var.name);
      return FALSE;
    case ACY_CAT_E_SET: case ACY_CAT_E_TUPLE:
      for (guint i = 0; i < e->u.list.n; i++)
        if (!resolve_expr (r, s, e->u.list.items[i]))
          return FALSE;
      return TRUE;
    case ACY_CAT_E_BINOP:
      return resolve_expr (r, s, e->u.bin.a) && resolve_expr (r, s, e->u.bin.b);
    case ACY_CAT_E_UNOP:
      return resolve_expr (r, s, e->u.un.a);
    case ACY_CAT_E_APP:
      return resolve_expr (r, s, e->u.app.f) && resolve_expr (r, s, e->u.app.arg);
    case ACY_CAT_E_FUN:
      return resolve_fun (r, s, e);
    case ACY_CAT_E_LET:
    case ACY_CAT_E_LETREC:
      {
        guint mark = s->names->len;
        gboolean ok = TRUE;

        if (e->kind == ACY_CAT_E_LETREC)
          for (guint i = 0; i < e->u.let.n; i++)
            {
              if (!rec_pat_named (r, &e->u.let.b[i]))
                return FALSE;
              bind_pat (r, s, &e->u.let.b[i].pat);
            }
        for (guint i = 0; ok && i < e->u.let.n; i++)
          ok = resolve_expr (r, s, e->u.let.b[i].e);
        if (ok && e->kind == ACY_CAT_E_LET)
          for (guint i = 0; i < e->u.let.n; i++)
            bind_pat (r, s, &e->u.let.b[i].pat);
        ok = ok && resolve_expr (r, s, e->u.let.body);
        scope_truncate (s, mark);
        return ok;
      }
    case ACY_CAT_E_MATCH_SET:
      {
        guint mark = s->names->len;
        gboolean ok = resolve_expr (r, s, e->u.mset.e) && resolve_expr (r, s, e->u.mset.if_empty);
        if (!ok)
          return FALSE;
        e->u.mset.elt_slot = scope_bind (r, s, e->u.mset.elt);
        e->u.mset.rest_slot = scope_bind (r, s, e->u.mset.rest);
        ok = resolve_expr (r, s, e->u.mset.if_cons);
        scope_truncate (s, mark);
        return ok;
      }
    case ACY_CAT_E_MATCH_TAG:
      if (!resolve_expr (r, s, e->u.mtag.e))
        return FALSE;
      for (guint i = 0; i < e->u.mtag.n; i++)
        if (!resolve_expr (r, s, e->u.mtag.cases[i]))
          return FALSE;
      return !e->u.mtag.dflt || resolve_expr (r, s, e->u.mtag.dflt);
    case ACY_CAT_E_TRY:
      {
        gboolean ok;
        r->in_try++;
        ok = resolve_expr (r, s, e->u.try_.e);
        r->in_try--;
        return ok && resolve_expr (r, s, e->u.try_.fallback);
      }
    case ACY_CAT_E_IF:
      if (e->u.if_.a && !resolve_expr (r, s, e->u.if_.a))
        return FALSE;
      if (e->u.if_.b && !resolve_expr (r, s, e->u.if_.b))
        return FALSE;
      return resolve_expr (r, s, e->u.if_.then_) && resolve_expr (r, s, e->u.if_.else_);
    }
  g_assert_not_reached ();
}

static char *
capitalise (AcyArena *arena, const char *s)
{
  char *c = acy_arena_strdup (arena, s);
  c[0] = g_ascii_toupper (c[0]);
  return c;
}

static gboolean resolve_stmts (Resolver *r, Scope *s, const AcyCatStmtList *list,
                               GPtrArray *out, gboolean top, gboolean prelude);

/* A block's statements as resolved, copied into the model's arena. */
static void
set_body (Resolver *r, AcyCatStmtList *list, GPtrArray *body)
{
  list->n = body->len;
  list->items = acy_arena_newv (r->model->arena, AcyCatStmt *, MAX (body->len, 1));
  if (body->len > 0)   /* an empty GPtrArray's pdata is NULL: memcpy from it is undefined */
    memcpy (list->items, body->pdata, body->len * sizeof (gpointer));
}

/* `let rec _ = e` names nothing to iterate on: refused (herd7 takes it
 * and ignores it) rather than iterated with no slot. */
static gboolean
rec_pat_named (Resolver *r, const AcyCatBinding *b)
{
  for (guint j = 0; j < b->pat.n; j++)
    if (b->pat.names[j] == NULL)
      {
        acy_set_error_at (r->error, ACY_ERROR_UNSUPPORTED, b->loc,
                          "a recursive definition binds names, not '_'");
        return FALSE;
      }
  return TRUE;
}

/* A let or let rec statement: its names are bound after (let) or
 * before (let rec) its expressions are resolved. */
static gboolean
resolve_let (Resolver *r, Scope *s, AcyCatStmt *st, GPtrArray *out, gboolean top, gboolean prelude)
{
  if (st->kind == ACY_CAT_S_LET && top && !r->in_try)
    r->in_top_let++;
  if (st->kind == ACY_CAT_S_LETREC)
    for (guint i = 0; i < st->u.let.n; i++)
      {
        if (!rec_pat_named (r, &st->u.let.b[i]))
          return FALSE;
        bind_pat (r, s, &st->u.let.b[i].pat);
      }
  {
    gboolean ok = TRUE;

    for (guint i = 0; ok && i < st->u.let.n; i++)
      ok = resolve_expr (r, s, st->u.let.b[i].e);
    if (st->kind == ACY_CAT_S_LET && top && !r->in_try)
      r->in_top_let--;
    if (!ok)
      return FALSE;
  }
  if (st->kind == ACY_CAT_S_LET)
    for (guint i = 0; i < st->u.let.n; i++)
      bind_pat (r, s, &st->u.let.b[i].pat);
  g_ptr_array_add (out, st);
  if (top)
    for (guint i = 0; i < st->u.let.n; i++)
      for (guint j = 0; j < st->u.let.b[i].pat.n; j++)
        if (st->u.let.b[i].pat.names[j])
          publish (r, st->u.let.b[i].pat.names[j], st->u.let.b[i].pat.slots[j], out->len, prelude);
  return TRUE;
}

static gboolean
resolve_stmt (Resolver *r, Scope *s, AcyCatStmt *st, GPtrArray *out,
              gboolean top, gboolean prelude)
{
  switch (st->kind)
    {
    case ACY_CAT_S_LET:
    case ACY_CAT_S_LETREC:
      return resolve_let (r, s, st, out, top, prelude);

    case ACY_CAT_S_CHECK:
      if (!resolve_expr (r, s, st->u.check.e))
        return FALSE;
      g_ptr_array_add (out, st);
      return TRUE;

    case ACY_CAT_S_SHOW:
      for (guint i = 0; i < st->u.show.n; i++)
        if (!g_hash_table_contains (r->shown, st->u.show.names[i]))
          {
            g_hash_table_add (r->shown, (gpointer) st->u.show.names[i]);
            g_ptr_array_add (r->model->shown_names, (gpointer) st->u.show.names[i]);
          }
      return TRUE;

    case ACY_CAT_S_UNSHOW:
      for (guint i = 0; i < st->u.show.n; i++)
        if (g_hash_table_remove (r->shown, st->u.show.names[i]))
          for (guint j = 0; j < r->model->shown_names->len; j++)
            if (g_str_equal (r->model->shown_names->pdata[j], st->u.show.names[i]))
              {
                g_ptr_array_remove_index (r->model->shown_names, j);
                break;
              }
      return TRUE;

    case ACY_CAT_S_INSTRUCTIONS:
      return TRUE;

    case ACY_CAT_S_INCLUDE:
      if (!top)
        goto unsupported;
      return st->u.include.skipped
             || resolve_stmts (r, s, &st->u.include.body, out, top,
                               prelude || st->u.include.prelude);

    case ACY_CAT_S_IF_VARIANT:
      return resolve_stmts (r, s, acy_cat_variant_cond_holds (st->u.ifv.vcond, r->model->variants)
                                  ? &st->u.ifv.then_ : &st->u.ifv.else_,
                            out, top, prelude);

    case ACY_CAT_S_PROCEDURE:
      {
        Scope *inner;
        g_autoptr(GPtrArray) body = g_ptr_array_new ();
        gboolean ok;

        /* herd7's procedures do not call themselves: the name is bound
         * after the body ("unbound var: p" for a call of p in p) */
        inner = scope_new (s);
        bind_pat (r, inner, &st->u.proc.pat);
        ok = resolve_stmts (r, inner, &st->u.proc.body, body, FALSE, prelude);
        st->u.proc.n_slots = inner->n_slots;
        scope_free (inner);
        if (!ok)
          return FALSE;
        st->u.proc.slot = scope_bind (r, s, st->u.proc.name);
        set_body (r, &st->u.proc.body, body);
        g_ptr_array_add (out, st);
        if (top)
          publish (r, st->u.proc.name, st->u.proc.slot, out->len, TRUE);
        return TRUE;
      }

    case ACY_CAT_S_CALL:
      if (!scope_lookup (s, st->u.call.name, &st->u.call.depth, &st->u.call.slot))
        {
          acy_set_error_at (r->error, ACY_ERROR_UNKNOWN_NAME, st->loc,
                            "unknown procedure near '%s'", st->u.call.name);
          return FALSE;
        }
      if (!resolve_expr (r, s, st->u.call.arg))
        return FALSE;
      g_ptr_array_add (out, st);
      return TRUE;

    case ACY_CAT_S_WITH:
      if (!top)
        goto unsupported;
      if (!resolve_expr (r, s, st->u.with.e))
        return FALSE;
      st->u.with.slot = scope_bind (r, s, st->u.with.var);
      g_ptr_array_add (out, st);
      publish (r, st->u.with.var, st->u.with.slot, out->len, prelude);
      return TRUE;

    case ACY_CAT_S_FORALL:
      {
        g_autoptr(GPtrArray) body = g_ptr_array_new ();
        guint mark = s->names->len;
        gboolean ok;

        if (!resolve_expr (r, s, st->u.forall.e))
          return FALSE;
        st->u.forall.slot = scope_bind (r, s, st->u.forall.var);
        ok = resolve_stmts (r, s, &st->u.forall.body, body, FALSE, prelude);
        scope_truncate (s, mark);
        if (!ok)
          return FALSE;
        set_body (r, &st->u.forall.body, body);
        g_ptr_array_add (out, st);
        return TRUE;
      }

    case ACY_CAT_S_ENUM:
      if (!top)
        goto unsupported;
      for (guint i = 0; i < st->u.enum_.n; i++)
        g_hash_table_add (r->tags, (gpointer) st->u.enum_.tags[i]);
      st->u.enum_.slot = scope_bind (r, s, st->u.enum_.name);
      /* herd7 names the set of a tag's events by the tag with its first
       * letter capitalised ('once gives Once, 'ONCE gives ONCE); the tag
       * as written is no name (`once` is unbound) */
      st->u.enum_.tag_slots = acy_arena_newv (r->model->arena, guint, MAX (st->u.enum_.n, 1));
      for (guint i = 0; i < st->u.enum_.n; i++)
        st->u.enum_.tag_slots[i] = scope_bind (r, s, capitalise (r->model->arena, st->u.enum_.tags[i]));
      g_ptr_array_add (out, st);
      publish (r, st->u.enum_.name, st->u.enum_.slot, out->len, prelude);
      for (guint i = 0; i < st->u.enum_.n; i++)
        publish (r, capitalise (r->model->arena, st->u.enum_.tags[i]),
                 st->u.enum_.tag_slots[i], out->len, TRUE);
      return TRUE;
    }
  g_assert_not_reached ();

unsupported:
  acy_set_error_at (r->error, ACY_ERROR_UNSUPPORTED, st->loc,
                    "this instruction is only supported at the top level of a model near '%s'",
                    st->near);
  return FALSE;
}

static gboolean
resolve_stmts (Resolver *r, Scope *s, const AcyCatStmtList *list,
               GPtrArray *out, gboolean top, gboolean prelude)
{
  for (guint i = 0; i < list->n; i++)
    if (!resolve_stmt (r, s, list->items[i], out, top, prelude))
      return FALSE;
  return TRUE;
}

gboolean
acy_cat_resolve (AcyModel             *model,
                 const AcyCatStmtList *const *files,
                 const gboolean       *file_is_prelude,
                 guint                 n_files,
                 GError              **error)
{
  Resolver r = { 0 };
  gboolean ok = TRUE;

  r.model = model;
  r.error = error;
  r.root = scope_new (NULL);
  r.tags = g_hash_table_new (g_str_hash, g_str_equal);
  r.defined = g_hash_table_new (g_str_hash, g_str_equal);
  r.shown = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < ACY_CAT_N_PREDEF; i++)
    {
      guint slot = scope_bind (&r, r.root, acy_cat_predef_names[i]);
      g_array_index (model->slot_valid_from, guint, slot) = 0;
      publish (&r, acy_cat_predef_names[i], slot, 0, TRUE);
    }
  for (guint f = 0; ok && f < n_files; f++)
    ok = resolve_stmts (&r, r.root, files[f], model->program, TRUE, file_is_prelude[f]);

  model->n_root_slots = r.root->n_slots;
  g_ptr_array_add (model->defined_names, NULL);
  g_ptr_array_add (model->shown_names, NULL);
  scope_free (r.root);
  g_hash_table_unref (r.tags);
  g_hash_table_unref (r.defined);
  g_hash_table_unref (r.shown);
  return ok;
}

static void
collect_tags (GHashTable *tags, const AcyModel *model)
{
  for (guint i = 0; i < model->program->len; i++)
    {
      const AcyCatStmt *st = model->program->pdata[i];

      if (st->kind == ACY_CAT_S_ENUM)
        for (guint t = 0; t < st->u.enum_.n; t++)
          g_hash_table_add (tags, (gpointer) st->u.enum_.tags[t]);
    }
}

/* Resolves @e, an expression standing alone, against the names the model
 * binds at the top level before statement @upto (the latest binding of
 * each). Its own local names get slots of a frame of *@n_slots slots
 * whose parent is the root frame. */
gboolean
acy_cat_resolve_expression (const AcyModel *model,
                            AcyCatExpr     *e,
                            guint           upto,
                            guint          *n_slots,
                            GError        **error)
{
  Resolver r = { 0 };
  GHashTableIter it;
  gpointer key, value;
  Scope *local;
  gboolean ok;

  r.model = (AcyModel *) model;   /* read only: nothing is bound at the root */
  r.error = error;
  r.root = scope_new (NULL);
  r.tags = g_hash_table_new (g_str_hash, g_str_equal);
  collect_tags (r.tags, model);

  g_hash_table_iter_init (&it, model->top_names);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      GArray *slots = value;

      for (guint i = slots->len; i-- > 0;)
        {
          guint slot = g_array_index (slots, guint, i);

          if (g_array_index (model->slot_valid_from, guint, slot) <= upto)
            {
              scope_add_name (r.root, key, slot);
              break;
            }
        }
    }
  r.root->n_slots = model->n_root_slots;
  local = scope_new (r.root);
  ok = resolve_expr (&r, local, e);
  *n_slots = local->n_slots;
  scope_free (local);
  scope_free (r.root);
  g_hash_table_unref (r.tags);
  return ok;
}
