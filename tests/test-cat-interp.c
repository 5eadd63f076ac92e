/* test-cat-interp.c - evaluating cat models on hand-built executions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-test"
#include "config.h"

#include <string.h>

#include "acy-model.h"
#include "shared-dir.h"

#define MAXN 16

/* A small candidate execution built by hand. */
typedef struct {
  AcyExecution x;
  AcyEvent     ev[MAXN];
  AcyWord      po[MAXN], addr[MAXN], data[MAXN], ctrl[MAXN], rmw[MAXN], rf[MAXN];
  AcyWord      fw[1];
  const char  *tags[4];
  const char  *locs[4];
} Exec;

static void
exec_init (Exec *e)
{
  memset (e, 0, sizeof *e);
  e->locs[0] = "x";
  e->locs[1] = "y";
  e->tags[0] = "once";
  e->tags[1] = "mb";
  e->x.events = e->ev;
  e->x.loc_names = e->locs;
  e->x.n_locs = 2;
  e->x.tag_names = e->tags;
  e->x.n_tags = 2;
  e->x.po = e->po;
  e->x.addr = e->addr;
  e->x.data = e->data;
  e->x.ctrl = e->ctrl;
  e->x.rmw = e->rmw;
  e->x.rf = e->rf;
  e->x.fw = e->fw;
}

static guint
add_event (Exec *e, guint thread, guint32 kind, gint loc, AcyValue value, guint64 tags)
{
  guint i = e->x.n_events++;
  AcyEvent *ev = &e->ev[i];

  g_assert_cmpuint (i, <, MAXN);
  ev->thread = thread;
  ev->kind = kind;
  ev->loc = loc;
  ev->value = value;
  ev->tags = tags;
  ev->instr = -1;
  if (thread != ACY_THREAD_INIT)
    {
      /* program order: after every earlier event of the thread */
      for (guint j = 0; j < i; j++)
        if (e->ev[j].thread == thread)
          {
            ev->po_index++;
            acy_rel_add (e->po, MAXN, j, i);
          }
      if (thread + 1 > e->x.n_threads)
        e->x.n_threads = thread + 1;
    }
  return i;
}

/* Relations above are stored with MAXN <= 64 columns, i.e. one word per
 * row, which is exactly the layout for any n <= 64. */

typedef struct {
  guint      outcomes;
  guint      allowed;
  char      *failed;
  GPtrArray *flags;
  const char *lookup;
  AcyWord    bits[MAXN];
  AcyModelValueKind kind;
} Count;

static gboolean
count_cb (const AcyExecution *x, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  Count *c = data;

  c->outcomes++;
  if (v->allowed)
    c->allowed++;
  else if (!c->failed)
    c->failed = g_strdup (v->failed_check);
  for (guint i = 0; i < v->n_flags; i++)
    if (!g_ptr_array_find_with_equal_func (c->flags, v->flags[i], g_str_equal, NULL))
      g_ptr_array_add (c->flags, g_strdup (v->flags[i]));
  if (c->lookup)
    {
      const AcyWord *bits;
      c->kind = acy_model_env_lookup (env, c->lookup, &bits);
      memset (c->bits, 0, sizeof c->bits);
      if (c->kind == ACY_MODEL_VALUE_RELATION)
        memcpy (c->bits, bits, x->n_events * sizeof (AcyWord));
      else if (c->kind == ACY_MODEL_VALUE_SET)
        c->bits[0] = bits[0];
    }
  return TRUE;
}

static void
count_clear (Count *c)
{
  g_free (c->failed);
  g_ptr_array_unref (c->flags);
}

static AcyModel *
load_text (const char *text)
{
  AcyModelSource src = { .cat_path = "test.cat", .cat_text = text };
  g_autoptr(GError) error = NULL;
  AcyModel *m = acy_model_load (&src, &error);

  g_assert_no_error (error);
  g_assert_nonnull (m);
  return m;
}

static AcyModel *
load_file (const char *name)
{
  g_autofree char *path = g_build_filename (SOURCE_MODELSDIR, name, NULL);
  AcyModelSource src = { .cat_path = path };
  g_autoptr(GError) error = NULL;
  AcyModel *m = acy_model_load (&src, &error);

  g_assert_no_error (error);
  g_assert_nonnull (m);
  return m;
}

static void
run (AcyModel *m, Exec *e, Count *c)
{
  g_autoptr(AcyModelRunner) r = acy_model_runner_new (m);
  g_autoptr(GError) error = NULL;

  if (!c->flags)
    c->flags = g_ptr_array_new_with_free_func (g_free);
  g_assert_true (acy_model_runner_check (r, &e->x, count_cb, c, &error));
  g_assert_no_error (error);
}

/* Look up @name after evaluating @text on @e. */
static AcyModelValueKind
eval_name (Exec *e, const char *text, const char *name, AcyWord *out)
{
  g_autoptr(AcyModel) m = load_text (text);
  Count c = { .lookup = name };

  run (m, e, &c);
  g_assert_cmpuint (c.outcomes, ==, 1);
  memcpy (out, c.bits, sizeof c.bits);
  count_clear (&c);
  return c.kind;
}

#define PAIR(r, i, j) (((r)[i] >> (j)) & 1)

/* x=1 ; F ; y=1  ||  r1=y ; F ; r2=x, with r1=1, r2=0 */
static void
build_mp (Exec *e, gboolean fences)
{
  guint ix, iy, wx, wy, ry, rx;

  exec_init (e);
  ix = add_event (e, ACY_THREAD_INIT, ACY_EV_W | ACY_EV_IW, 0, 0, 0);
  iy = add_event (e, ACY_THREAD_INIT, ACY_EV_W | ACY_EV_IW, 1, 0, 0);
  wx = add_event (e, 0, ACY_EV_W, 0, 1, 1);
  if (fences)
    add_event (e, 0, ACY_EV_F, -1, 0, 2);
  wy = add_event (e, 0, ACY_EV_W, 1, 1, 1);
  ry = add_event (e, 1, ACY_EV_R, 1, 1, 1);
  if (fences)
    add_event (e, 1, ACY_EV_F, -1, 0, 2);
  rx = add_event (e, 1, ACY_EV_R, 0, 0, 1);
  acy_rel_add (e->rf, MAXN, wy, ry);
  acy_rel_add (e->rf, MAXN, ix, rx);
  (void) iy;
  (void) wx;
}

static void
test_relations_fencerel (void)
{
  Exec e;
  AcyWord r[MAXN];

  build_mp (&e, TRUE);
  /* events: 0 ix, 1 iy, 2 wx, 3 F, 4 wy, 5 ry, 6 F, 7 rx */
  g_assert_cmpint (eval_name (&e, "let r = fencerel(F)", "r", r), ==, ACY_MODEL_VALUE_RELATION);
  g_assert_cmpuint (r[2], ==, (AcyWord) 1 << 4);
  g_assert_cmpuint (r[5], ==, (AcyWord) 1 << 7);
  g_assert_cmpuint (r[3], ==, 0);
  g_assert_cmpuint (r[4], ==, 0);

  /* po-loc: no two po-related accesses share a location here */
  eval_name (&e, "let r = po-loc", "r", r);
  for (guint i = 0; i < e.x.n_events; i++)
    g_assert_cmpuint (r[i], ==, 0);

  /* tag sets: a declared tag gives the set of its events, named as herd7
   * names it, with its first letter capitalised */
  g_assert_cmpint (eval_name (&e, "enum T = 'mb || 'once\nlet s = Mb", "s", r), ==, ACY_MODEL_VALUE_SET);
  g_assert_cmpuint (r[0], ==, (1u << 3) | (1u << 6));
  eval_name (&e, "enum T = 'mb || 'once\nlet s = Once & R", "s", r);
  g_assert_cmpuint (r[0], ==, (1u << 5) | (1u << 7));
  /* the tag as written is no name (herd7: "unbound var: once"), and an
   * annotation matches a tag exactly: 'ONCE is not the events' "once" */
  {
    AcyModelSource src = { .cat_path = "test.cat", .cat_text = "enum T = 'once\nempty once & R\n" };
    g_autoptr(GError) error = NULL;
    AcyModel *m = acy_model_load (&src, &error);

    g_assert_null (m);
    g_assert_error (error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME);
    g_assert_nonnull (strstr (error->message, "test.cat:2:7: unknown name"));
  }
  eval_name (&e, "enum T = 'ONCE\nlet s = ONCE", "s", r);
  for (guint i = 0; i < e.x.n_events; i++)
    g_assert_cmpuint (r[i], ==, 0);
}

static void
test_relations_closure (void)
{
  Exec e;
  AcyWord r[MAXN];

  build_mp (&e, TRUE);
  /* rf ; po within thread 1: wy -> F, wy -> rx */
  eval_name (&e, "let r = rf ; po", "r", r);
  g_assert_cmpuint (r[4], ==, (1u << 6) | (1u << 7));
  g_assert_cmpuint (r[0], ==, 0);
  /* (fencerel(F) | rfe)+ reaches rx from wx through wy and ry */
  eval_name (&e, "let r = (fencerel(F) | rfe)+", "r", r);
  g_assert_true (PAIR (r, 2, 7));
  g_assert_false (PAIR (r, 7, 2));
  /* r* is reflexive on every event, r? too */
  eval_name (&e, "let r = rfe*", "r", r);
  g_assert_true (PAIR (r, 3, 3));
  eval_name (&e, "let r = (rf^-1)", "r", r);
  g_assert_true (PAIR (r, 5, 4));
  /* cartesian product and identity */
  eval_name (&e, "let r = [IW] ; (W * R) & loc", "r", r);
  g_assert_cmpuint (r[0], ==, 1u << 7);
  g_assert_cmpuint (r[1], ==, 1u << 5);
  /* int/ext: initial writes are internal only to themselves */
  eval_name (&e, "let r = int", "r", r);
  g_assert_cmpuint (r[0], ==, 1u);
  g_assert_true (PAIR (r, 2, 4));
  g_assert_false (PAIR (r, 2, 5));
}

static void
test_let_rec (void)
{
  Exec e;
  AcyWord r[MAXN], s[MAXN];

  build_mp (&e, TRUE);
  /* a least fixpoint equals the transitive closure */
  eval_name (&e, "let base = fencerel(F) | rfe\nlet rec t = base | (t ; t)", "t", r);
  eval_name (&e, "let r = (fencerel(F) | rfe)+", "r", s);
  g_assert_cmpmem (r, sizeof r, s, sizeof s);
  /* mutual recursion with `and`, and a let rec expression */
  eval_name (&e, "let r = let rec a = rfe | (b ; rfe) and b = po ; a in a", "r", r);
  g_assert_true (PAIR (r, 4, 5));
}

/* Two critical sections one after the other: L1 U1 L2 U2. herd
 * evaluates the equations of a let rec in order within each round; with
 * every equation on the previous round's values, L1-U2 would be matched
 * before the unmatched-pairs exclusion can see it, and stay matched. */
static void
test_let_rec_in_order (void)
{
  Exec e;
  AcyWord r[MAXN];
  guint l1, u1, l2, u2;
  const char *model =
    "enum Tags = 'once || 'mb\n"
    "let L = F & Once\n"
    "let U = F & Mb\n"
    "let rscs = let rec\n"
    "    ul = L \\ domain(matched)\n"
    "and uu = U \\ range(matched)\n"
    "and um = ul | uu\n"
    "and upo = [um] ; po ; [um]\n"
    "and ultu = [ul] ; po ; [uu]\n"
    "and matched = matched | (ultu \\ (upo ; upo))\n"
    "in matched\n";

  exec_init (&e);
  l1 = add_event (&e, 0, ACY_EV_F, -1, 0, 1);
  u1 = add_event (&e, 0, ACY_EV_F, -1, 0, 2);
  l2 = add_event (&e, 0, ACY_EV_F, -1, 0, 1);
  u2 = add_event (&e, 0, ACY_EV_F, -1, 0, 2);
  g_assert_cmpint (eval_name (&e, model, "rscs", r), ==, ACY_MODEL_VALUE_RELATION);
  g_assert_true (PAIR (r, l1, u1));
  g_assert_true (PAIR (r, l2, u2));
  g_assert_false (PAIR (r, l1, u2));
}

static void
test_functions (void)
{
  Exec e;
  AcyWord r[MAXN];

  build_mp (&e, FALSE);
  eval_name (&e, "let f (a, b) = a | b\nlet r = f (rf, po)", "r", r);
  g_assert_true (PAIR (r, 3, 4));
  g_assert_true (PAIR (r, 2, 3));
  eval_name (&e, "let g x = fun y -> x & y\nlet r = g po po-loc", "r", r);
  g_assert_cmpuint (r[2], ==, 0);
  eval_name (&e, "let h = fun x -> x ; x\nlet r = h(po)", "r", r);
  g_assert_cmpuint (r[2], ==, 0);
  /* map over a set of events, giving a set of singleton sets */
  eval_name (&e, "let r = try LKW with emptyset", "r", r);
  g_assert_cmpuint (r[0], ==, 0);
  eval_name (&e, "let r = try NoSuchName with W", "r", r);
  g_assert_cmpuint (r[0], ==, 0x0f);
}

static void
test_linearisations (void)
{
  Exec e;
  g_autoptr(AcyModel) m = NULL;
  Count c = { 0 };

  exec_init (&e);
  for (guint i = 0; i < 4; i++)
    add_event (&e, i, ACY_EV_W, 0, i, 0);
  /* 4! orders of 4 unordered writes */
  m = load_text ("with o from linearisations(W, 0)\nacyclic o");
  run (m, &e, &c);
  g_assert_cmpuint (c.outcomes, ==, 24);
  g_assert_cmpuint (c.allowed, ==, 24);
  count_clear (&c);
  g_clear_pointer (&m, acy_model_free);

  /* each order is total and transitive */
  memset (&c, 0, sizeof c);
  m = load_text ("with o from linearisations(W, { })\n"
                 "empty (W * W) \\ id \\ (o | o^-1) as total\n"
                 "empty (o ; o) \\ o as transitive\n");
  run (m, &e, &c);
  g_assert_cmpuint (c.outcomes, ==, 24);
  g_assert_cmpuint (c.allowed, ==, 24);
  count_clear (&c);
}

/* A single thread writes x twice: C-CO+o-o. */
static void
build_co (Exec *e, guint final_write)
{
  guint w3, w4;

  exec_init (e);
  add_event (e, ACY_THREAD_INIT, ACY_EV_W | ACY_EV_IW, 0, 0, 0);
  w3 = add_event (e, 0, ACY_EV_W, 0, 3, 1);
  w4 = add_event (e, 0, ACY_EV_W, 0, 4, 1);
  if (final_write == 3)
    acy_bits_add (e->fw, w3);
  else if (final_write == 4)
    acy_bits_add (e->fw, w4);
}

static void
test_generate_cos (void)
{
  Exec e;
  g_autoptr(AcyModel) m = load_text ("include \"cross.cat\"\nwith co from generate_cos(co0)\n");
  Count c = { 0 };

  /* no observed final write: IW first, then either order of the two */
  build_co (&e, 0);
  run (m, &e, &c);
  g_assert_cmpuint (c.outcomes, ==, 2);
  count_clear (&c);

  /* observing x=3 at the end fixes the order */
  memset (&c, 0, sizeof c);
  build_co (&e, 3);
  run (m, &e, &c);
  g_assert_cmpuint (c.outcomes, ==, 1);
  count_clear (&c);
}

static void
test_cross_locations (void)
{
  Exec e;
  g_autoptr(AcyModel) m = load_text ("include \"cross.cat\"\nwith co from generate_cos(co0)\n");
  Count c = { 0 };

  /* three writes to x (3! orders after IW) and two to y (2 orders) */
  exec_init (&e);
  add_event (&e, ACY_THREAD_INIT, ACY_EV_W | ACY_EV_IW, 0, 0, 0);
  add_event (&e, ACY_THREAD_INIT, ACY_EV_W | ACY_EV_IW, 1, 0, 0);
  for (guint i = 0; i < 3; i++)
    add_event (&e, i, ACY_EV_W, 0, i + 1, 0);
  for (guint i = 0; i < 2; i++)
    add_event (&e, i, ACY_EV_W, 1, i + 1, 0);
  run (m, &e, &c);
  g_assert_cmpuint (c.outcomes, ==, 12);
  count_clear (&c);
}

/* Each order co-orders yields: kept as a key to see that none repeats,
 * and checked to be a strict total order of each location's writes. */
typedef struct {
  GHashTable *seen;
  guint       yielded;
} Orders;

static gboolean
orders_cb (const AcyExecution *x, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  Orders *o = data;
  const AcyWord *bits;
  GString *key = g_string_new (NULL);

  g_assert_true (v->allowed);
  AcyWord ordered = 0;   /* the events of S, those the order involves */

  g_assert_cmpint (acy_model_env_lookup (env, "o", &bits), ==, ACY_MODEL_VALUE_RELATION);
  for (guint i = 0; i < x->n_events; i++)
    ordered |= bits[i] | (bits[i] ? (AcyWord) 1 << i : 0);
  for (guint i = 0; i < x->n_events; i++)
    for (guint j = 0; j < x->n_events; j++)
      {
        gboolean same = x->events[i].loc == x->events[j].loc
                        && ((ordered >> i) & 1) && ((ordered >> j) & 1);
        gboolean ij = acy_rel_has (bits, x->n_events, i, j);

        /* total and irreflexive on each location, nothing across */
        g_assert_true (!ij || (same && i != j));
        if (same && i != j)
          g_assert_true (ij != acy_rel_has (bits, x->n_events, j, i));
        /* transitive */
        if (ij)
          for (guint k = 0; k < x->n_events; k++)
            if (acy_rel_has (bits, x->n_events, j, k))
              g_assert_true (acy_rel_has (bits, x->n_events, i, k));
        g_string_append_c (key, ij ? '1' : '0');
      }
  g_assert_false (g_hash_table_contains (o->seen, key->str));
  g_hash_table_add (o->seen, g_string_free (key, FALSE));
  o->yielded++;
  return TRUE;
}

static guint
count_orders (const char *text, Exec *e)
{
  g_autoptr(AcyModel) m = load_text (text);
  g_autoptr(AcyModelRunner) r = acy_model_runner_new (m);
  g_autoptr(GError) error = NULL;
  Orders o = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL), 0 };

  g_assert_true (acy_model_runner_check (r, &e->x, orders_cb, &o, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (o.seen), ==, o.yielded);
  g_hash_table_unref (o.seen);
  return o.yielded;
}

/* co-orders(S, pco), the native enumeration behind generate_cos: one
 * order at a time, each distinct, total per location and transitive. */
static void
test_co_orders (void)
{
  Exec e;
  guint w[4];
  Count c = { 0 };

  exec_init (&e);
  for (guint i = 0; i < 4; i++)
    w[i] = add_event (&e, i, ACY_EV_W, 0, i, 0);
  g_assert_cmpuint (count_orders ("with o from co-orders(W, 0)", &e), ==, 24);
  /* w0 before w1 halves them; a chain w0, w1, w2 leaves 4 */
  acy_rel_add (e.rf, MAXN, w[0], w[1]);
  g_assert_cmpuint (count_orders ("with o from co-orders(W, rf)", &e), ==, 12);
  acy_rel_add (e.rf, MAXN, w[1], w[2]);
  g_assert_cmpuint (count_orders ("with o from co-orders(W, rf)", &e), ==, 4);
  /* pairs outside S, or across locations, constrain nothing */
  g_assert_cmpuint (count_orders ("with o from co-orders(W \\ domain(rf), rf)", &e), ==, 2);
  /* a cycle: no order at all */
  acy_rel_add (e.rf, MAXN, w[2], w[0]);
  g_assert_cmpuint (count_orders ("with o from co-orders(W, rf)", &e), ==, 0);

  /* three writes to x and two to y: 3! * 2! */
  exec_init (&e);
  for (guint i = 0; i < 3; i++)
    add_event (&e, i, ACY_EV_W, 0, i + 1, 0);
  for (guint i = 0; i < 2; i++)
    add_event (&e, i, ACY_EV_W, 1, i + 1, 0);
  g_assert_cmpuint (count_orders ("with o from co-orders(W, 0)", &e), ==, 12);
  /* no writes: one order, the empty one */
  g_assert_cmpuint (count_orders ("with o from co-orders(R, 0)", &e), ==, 1);

  /* used as a set, it is built: the same orders */
  {
    g_autoptr(AcyModel) m = load_text ("let s = co-orders(W, 0)\n"
                                       "with o from s\n"
                                       "let n = s \\ { o }\n"
                                       "empty n \\ n as built\n"
                                       "flag ~empty o as nonempty\n");
    run (m, &e, &c);
    g_assert_cmpuint (c.outcomes, ==, 12);
    g_assert_cmpuint (c.flags->len, ==, 1);
    count_clear (&c);
  }
}

/* lazy-cross, cross.cat's cross: a stream when the choices involve
 * disjoint pairs, the set without duplicates otherwise. */
static void
test_lazy_cross (void)
{
  Exec e;
  Count c = { 0 };
  static const char defs[] =
    "let sq e = {e} * {e}\n"
    "let A = map sq W\n"
    "let B = map sq R\n";
  g_autoptr(AcyModel) m = NULL;
  g_autofree char *disjoint = g_strconcat (defs, "with r from lazy-cross({A, B})\n", NULL);
  g_autofree char *overlap = g_strconcat (defs, "with r from lazy-cross({A, A | B})\n", NULL);

  exec_init (&e);
  for (guint i = 0; i < 4; i++)
    add_event (&e, i, i < 2 ? ACY_EV_W : ACY_EV_R, 0, i, 0);
  m = load_text (disjoint);
  run (m, &e, &c);
  g_assert_cmpuint (c.outcomes, ==, 4);
  count_clear (&c);
  g_clear_pointer (&m, acy_model_free);

  /* a|a' for a, a' in A, and a|b: 1 + 2 + 4 distinct unions of 8 picks */
  memset (&c, 0, sizeof c);
  m = load_text (overlap);
  run (m, &e, &c);
  g_assert_cmpuint (c.outcomes, ==, 7);
  count_clear (&c);
  g_clear_pointer (&m, acy_model_free);

  /* no choices at all: the empty relation, once */
  memset (&c, 0, sizeof c);
  m = load_text ("with r from lazy-cross({})\nempty r");
  run (m, &e, &c);
  g_assert_cmpuint (c.outcomes, ==, 1);
  g_assert_cmpuint (c.allowed, ==, 1);
  count_clear (&c);
}

static guint count_allowed (AcyModel *m, Exec *e);

/* Each of @models allows one of the two orders of x's writes (build_co). */
static void
each_allows_one_order (const char *const *models, guint n)
{
  Exec e;

  build_co (&e, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AcyModel) m = load_text (models[i]);

      g_assert_cmpuint (count_allowed (m, &e), ==, 1);
    }
}

/* A let rec is kept across coherence orders only when what it read does
 * not change with them: its own name does not count, and neither do
 * names an empty side of ; kept it from reading. Of the two orders of
 * x's writes, po | co is acyclic for one; each model gives 1 however its
 * let rec is kept, and a value kept from the first order for the second
 * would give 0 or 2. */
static void
test_let_rec_kept (void)
{
  static const char *const models[] = {
    /* reads co: worked out again for each order */
    "include \"cross.cat\"\nwith co from generate_cos(co0)\n"
    "let rec r = (r ; r) | co\nacyclic po | r as c\n",
    /* reads only its empty self and 0: kept, and empty */
    "include \"cross.cat\"\nwith co from generate_cos(co0)\n"
    "let rec e = (0 ; co) | (e ; co)\nacyclic po | co | e as c\n",
    /* kept at the candidate's level, then read with co */
    "include \"cross.cat\"\nwith co from generate_cos(co0)\n"
    "let rec e = (0 ; co) | (e ; co)\nlet rec r = e | co | (r ; r)\nacyclic po | r as c\n",
  };

  each_allows_one_order (models, G_N_ELEMENTS (models));
}

/* A subexpression of a statement that reads co keeps its value across
 * coherence orders only when its own evaluation read nothing of co's
 * level (eval_memo()): a name bound to co by a let, a function whose
 * body reads co, a local let of co... all count. Of the two orders of
 * x's writes, po | co is acyclic for one: each model gives 1, and a
 * value kept from the first order for the second would give 0 or 2. */
static void
test_subexpression_kept (void)
{
  static const char *const models[] = {
    /* through a name whose let read co */
    "include \"cross.cat\"\nwith co from generate_cos(co0)\n"
    "let c2 = co | (0 ; rf)\nacyclic po | (c2 | 0) as c\n",
    /* next to a name kept at the candidate's level */
    "include \"cross.cat\"\nwith co from generate_cos(co0)\n"
    "let rf2 = rf | (0 ; co)\nacyclic po | ((rf2 ; 0) | (co | rf2)) as c\n",
    /* through the body of a function */
    "include \"cross.cat\"\nwith co from generate_cos(co0)\n"
    "let f x = x | co\nacyclic po | (f(0) | 0) as c\n",
    /* through a local let */
    "include \"cross.cat\"\nwith co from generate_cos(co0)\n"
    "acyclic po | ((let y = co in y | 0) | 0) as c\n",
  };

  each_allows_one_order (models, G_N_ELEMENTS (models));
}

static guint
count_allowed (AcyModel *m, Exec *e)
{
  Count c = { 0 };
  guint allowed;

  run (m, e, &c);
  allowed = c.allowed;
  count_clear (&c);
  return allowed;
}

/* r+ of a coherence order is the order itself (the stream's orders are
 * marked transitive, and their closure is not worked out again): each
 * order is transitive, its + adds nothing, and a relation made from it
 * is closed for real. Of the two orders of x's writes, po | co is
 * acyclic for one, and every check holds there. */
static void
test_order_closed (void)
{
  static const char *const models[] = {
    "include \"cross.cat\"\nwith co from generate_cos(co0)\n"
    "empty (co ; co) \\ co as transitive\n"
    "empty (co+ \\ co) | (co \\ co+) as own-closure\n"
    "let back = co^-1\nempty (back ; back) \\ back+ as inverse-closed\n"
    "acyclic po | co+ as c\n",
  };

  each_allows_one_order (models, G_N_ELEMENTS (models));
}

static void
test_article_co (void)
{
  g_autoptr(AcyModel) toy = load_file ("toy-rmo.cat");
  g_autoptr(AcyModel) coh = load_file ("coherent-rmo.cat");
  Exec e;
  guint toy_states = 0, coh_states = 0;

  g_assert_cmpstr (acy_model_get_name (toy), ==, "Toy RMO");
  /* herd enumerates the final write of x: x=3 or x=4 */
  for (guint fw = 3; fw <= 4; fw++)
    {
      build_co (&e, fw);
      toy_states += count_allowed (toy, &e) > 0;
      coh_states += count_allowed (coh, &e) > 0;
    }
  g_assert_cmpuint (toy_states, ==, 2);
  g_assert_cmpuint (coh_states, ==, 1);
  /* the surviving coherent state is x=4 */
  build_co (&e, 4);
  g_assert_cmpuint (count_allowed (coh, &e), ==, 1);
}

static void
test_article_mp (void)
{
  g_autoptr(AcyModel) toy = load_file ("toy-rmo.cat");
  g_autoptr(AcyModel) sc = load_file ("sc.cat");
  g_autoptr(AcyModel) tso = load_file ("tso.cat");
  Exec e;
  Count c = { 0 };

  build_mp (&e, FALSE);
  g_assert_cmpuint (count_allowed (toy, &e), ==, 1);
  g_assert_cmpuint (count_allowed (sc, &e), ==, 0);
  g_assert_cmpuint (count_allowed (tso, &e), ==, 0);
  build_mp (&e, TRUE);
  run (toy, &e, &c);
  g_assert_cmpuint (c.allowed, ==, 0);
  g_assert_cmpstr (c.failed, ==, "acyclic rmo-order");
  count_clear (&c);
}

static void
test_flags (void)
{
  Exec e;
  g_autoptr(AcyModel) m = load_text ("flag ~empty rf as has-rf\n"
                                     "flag ~empty rmw as has-rmw\n"
                                     "flag empty rmw as no-rmw\n");
  Count c = { 0 };

  build_mp (&e, FALSE);
  run (m, &e, &c);
  g_assert_cmpuint (c.allowed, ==, 1);
  g_assert_cmpuint (c.flags->len, ==, 2);
  g_assert_cmpstr (c.flags->pdata[0], ==, "has-rf");
  g_assert_cmpstr (c.flags->pdata[1], ==, "no-rmw");
  count_clear (&c);
}

static void
test_procedures_and_variants (void)
{
  Exec e;
  AcyModelSource src = { .cat_path = "v.cat",
                         .cat_text = "procedure must-be-empty(r) = empty r end\n"
                                     "if \"strict\" call must-be-empty(rf) else end\n"
                                     "let v = if \"strict\" then po else rf\n",
                         .variants = (const char *const[]) { "strict", NULL } };
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyModel) m = acy_model_load (&src, &error);
  Count c = { 0 };

  g_assert_no_error (error);
  build_mp (&e, FALSE);
  run (m, &e, &c);
  g_assert_cmpuint (c.allowed, ==, 0);
  g_assert_cmpstr (c.failed, ==, "empty r");
  count_clear (&c);
}

static void
test_runaway_recursion (void)
{
  Exec e;
  g_autoptr(AcyModel) m = load_text ("let rec f x = f x\nlet r = f(po)\n");
  g_autoptr(AcyModelRunner) r = acy_model_runner_new (m);
  g_autoptr(GError) error = NULL;
  Count c = { 0 };

  build_mp (&e, FALSE);
  g_assert_false (acy_model_runner_check (r, &e.x, count_cb, &c, &error));
  g_assert_error (error, ACY_ERROR, ACY_ERROR_LIMIT);
  g_assert_true (g_str_has_prefix (error->message, "test.cat:1:"));
}

static void
test_runtime_type_error (void)
{
  Exec e;
  g_autoptr(AcyModel) m = load_text ("let r = [po]\nlet s = r | rf\nacyclic po\nflag ~empty s as f\n");
  g_autoptr(AcyModel) unread = load_text ("let r = [po]\nlet s = r | rf\nacyclic po\nshow s\n");
  g_autoptr(AcyModelRunner) r = acy_model_runner_new (m);
  g_autoptr(AcyModelRunner) r2 = acy_model_runner_new (unread);
  g_autoptr(GError) error = NULL;
  Count c = { 0 };

  build_mp (&e, FALSE);
  /* raised where a check reads the name, as herd7 does */
  g_assert_false (acy_model_runner_check (r, &e.x, count_cb, &c, &error));
  g_assert_error (error, ACY_ERROR, ACY_ERROR_TYPE);
  g_assert_cmpstr (error->message, ==, "test.cat:1:9: relation where a set of events is expected near '['");
  g_clear_error (&error);
  /* and never when no check reads it: herd7 runs a let when its name is read */
  g_assert_true (acy_model_runner_check (r2, &e.x, count_cb, &c, &error));
  g_assert_no_error (error);
  acy_model_runner_set_pruning (r2, TRUE);
  g_assert_true (acy_model_runner_check (r2, &e.x, count_cb, &c, &error));
  g_assert_no_error (error);
  /* nor in another binding of the same let */
  {
    g_autoptr(AcyModel) both = load_text ("let r = [po] and s = rf\nacyclic s\n");
    g_autoptr(AcyModelRunner) r3 = acy_model_runner_new (both);

    g_assert_true (acy_model_runner_check (r3, &e.x, count_cb, &c, &error));
    g_assert_no_error (error);
    acy_model_runner_set_pruning (r3, TRUE);
    g_assert_true (acy_model_runner_check (r3, &e.x, count_cb, &c, &error));
    g_assert_no_error (error);
  }
}

static void
test_shipped_models (void)
{
  static const char *const names[] = {
    "stdlib.cat", "cross.cat", "cos.cat", "cos-opt.cat",
    "toy-rmo.cat", "coherent-rmo.cat", "sc.cat", "tso.cat",
  };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(AcyModel) m = load_file (names[i]);
      Exec e;
      build_mp (&e, TRUE);
      count_allowed (m, &e);
    }
}

static char *
shared_dir (void)
{
  char *dir = test_conformance_path (NULL);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    g_clear_pointer (&dir, g_free);
  return dir;
}

static void
test_kernel_model (void)
{
  g_autofree char *dir = shared_dir ();
  g_autofree char *cat = NULL, *bell = NULL;
  g_autoptr(AcyModel) m = NULL;
  g_autoptr(GError) error = NULL;
  AcyModelSource src = { 0 };
  Exec e;
  Count c = { 0 };

  if (!dir)
    {
      g_test_skip ("no conformance corpus (../shared/conformance beside the source tree)");
      return;
    }
  cat = g_build_filename (dir, "lkmm", "linux-kernel.cat", NULL);
  bell = g_build_filename (dir, "lkmm", "linux-kernel.bell", NULL);
  src.cat_path = cat;
  src.bell_path = bell;
  src.variants = (const char *const[]) { "lkmmv2", NULL };
  m = acy_model_load (&src, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (acy_model_get_name (m), ==, "Linux-kernel memory consistency model");

  /* MP with smp_mb() on both sides is forbidden; without, allowed. The
   * events carry the tags as linux-kernel.def writes them: the bell's
   * tags match exactly, as in herd7 */
  build_mp (&e, TRUE);
  e.tags[0] = "ONCE";
  e.tags[1] = "MB";
  run (m, &e, &c);
  g_assert_cmpuint (c.outcomes, >=, 1);
  g_assert_cmpuint (c.allowed, ==, 0);
  count_clear (&c);
  memset (&c, 0, sizeof c);
  build_mp (&e, FALSE);
  e.tags[0] = "ONCE";
  e.tags[1] = "MB";
  run (m, &e, &c);
  g_assert_cmpuint (c.allowed, ==, 1);
  g_assert_null (c.failed);
  count_clear (&c);
}

static void
test_article_models (void)
{
  g_autofree char *dir = shared_dir ();
  static const char *const names[] = { "toy-RMO.cat", "coherent-RMO.cat" };

  if (!dir)
    {
      g_test_skip ("no conformance corpus (../shared/conformance beside the source tree)");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, "article", names[i], NULL);
      AcyModelSource src = { .cat_path = path };
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyModel) m = acy_model_load (&src, &error);
      Exec e;
      guint states = 0;

      g_assert_no_error (error);
      for (guint fw = 3; fw <= 4; fw++)
        {
          build_co (&e, fw);
          states += count_allowed (m, &e) > 0;
        }
      g_assert_cmpuint (states, ==, i == 0 ? 2 : 1);
    }
}

/* The deadline and the cancellable are looked at inside one candidate's
 * evaluation: in `with` loops, tail-call loops, recursive definitions.
 * A deadline already past stops each at its first look. */
static void
test_halt_inside_candidate (void)
{
  static const char *const models[] = {
    "let s = {po, rf, po^-1, rf^-1}\n"
    "with a from s\nwith b from s\nwith c from s\nwith d from s\nwith e from s\n"
    "with f from s\nwith g from s\nwith h from s\nwith i from s\nwith j from s\n"
    "acyclic a | b | c | d | e | f | g | h | i | j\n",
    "let rec loop x = loop x\nlet a = loop po\nacyclic a\n",
    "let rec r = r | (r ; po) | po and q = q | r\nacyclic q\n",
  };
  Exec e;

  exec_init (&e);
  build_mp (&e, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    for (guint cancel = 0; cancel < 2; cancel++)
      {
        g_autoptr(AcyModel) m = load_text (models[i]);
        g_autoptr(AcyModelRunner) r = acy_model_runner_new (m);
        g_autoptr(GCancellable) cancellable = g_cancellable_new ();
        g_autoptr(GError) error = NULL;
        Count c = { 0 };

        c.flags = g_ptr_array_new_with_free_func (g_free);
        acy_model_runner_set_max_branches (r, G_MAXUINT64);
        if (cancel)
          g_cancellable_cancel (cancellable);
        acy_model_runner_set_halt (r, cancellable, cancel ? 0 : g_get_monotonic_time () - 1, 0);
        g_assert_false (acy_model_runner_check (r, &e.x, count_cb, &c, &error));
        if (cancel)
          g_assert_error (error, ACY_ERROR, ACY_ERROR_CANCELLED);
        else
          {
            g_assert_error (error, ACY_ERROR, ACY_ERROR_LIMIT);
            g_assert_nonnull (strstr (error->message, "out of time"));
          }
        count_clear (&c);
      }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/cat/interp/fencerel-po-loc-tags", test_relations_fencerel);
  g_test_add_func ("/engine/cat/interp/closure-product", test_relations_closure);
  g_test_add_func ("/engine/cat/interp/let-rec", test_let_rec);
  g_test_add_func ("/engine/cat/interp/let-rec-in-order", test_let_rec_in_order);
  g_test_add_func ("/engine/cat/interp/let-rec-kept", test_let_rec_kept);
  g_test_add_func ("/engine/cat/interp/subexpression-kept", test_subexpression_kept);
  g_test_add_func ("/engine/cat/interp/order-closed", test_order_closed);
  g_test_add_func ("/engine/cat/interp/functions", test_functions);
  g_test_add_func ("/engine/cat/interp/linearisations", test_linearisations);
  g_test_add_func ("/engine/cat/interp/co-orders", test_co_orders);
  g_test_add_func ("/engine/cat/interp/lazy-cross", test_lazy_cross);
  g_test_add_func ("/engine/cat/interp/generate-cos", test_generate_cos);
  g_test_add_func ("/engine/cat/interp/cross-locations", test_cross_locations);
  g_test_add_func ("/engine/cat/interp/article-co", test_article_co);
  g_test_add_func ("/engine/cat/interp/article-mp", test_article_mp);
  g_test_add_func ("/engine/cat/interp/flags", test_flags);
  g_test_add_func ("/engine/cat/interp/procedures-variants", test_procedures_and_variants);
  g_test_add_func ("/engine/cat/interp/runaway-recursion", test_runaway_recursion);
  g_test_add_func ("/engine/cat/interp/type-error", test_runtime_type_error);
  g_test_add_func ("/engine/cat/interp/shipped-models", test_shipped_models);
  g_test_add_func ("/engine/cat/interp/article-models", test_article_models);
  g_test_add_func ("/engine/cat/interp/kernel-model", test_kernel_model);
  g_test_add_func ("/engine/cat/interp/halt-inside-candidate", test_halt_inside_candidate);
  return g_test_run ();
}
