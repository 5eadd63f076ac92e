/* acy-cat-bounds.c - judging a choice before it is complete
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * co-orders builds each order position by position. Once some writes are
 * placed, every order that completes the prefix contains the pairs known
 * so far (lo) and lies within those plus the undecided pairs (hi). The
 * statements after the `with` are evaluated here on such bounds: every
 * set or relation r becomes a pair lo <= r <= hi, union, composition,
 * closure and the rest act on both sides, difference and complement swap
 * them. When the lower side of a check already fails (a cycle in lo for
 * acyclic, a pair in lo for empty...), the check fails for every
 * completion, and the caller skips them all.
 *
 * The same walk judges a partial rf for the enumerator, from the start
 * of the model: rf lies between the edges chosen and every edge still
 * possible, the final writes are unknown, and a `with` whose choices are
 * known binds its name to bounds over all of them (coherence orders
 * included), so the walk goes on to the checks after it.
 *
 * A test that takes a lock in every thread has thousands of orders of
 * the lock variable per candidate, nearly all of them failing `atomic`
 * or coherence after two or three writes, and most of its rfs allow no
 * coherence order at all; this finds both early.
 *
 * Whatever is not handled (let rec, match, sets of values...) evaluates
 * to "unknown", which fails no check: the walk can only miss chances to
 * skip, never skip a choice the model would allow. Parts that do not
 * depend on the choice are evaluated exactly, by the ordinary evaluator.
 *
 * Layering (acy-cat-eval.h): bounds sits below exec, which calls it at
 * each prefix, yet calls up into exec in two places: the top-level lets,
 * enums and procedures between the `with` and its checks run through
 * acy_cat_exec_top_stmt, and a name whose let has not run yet through
 * acy_cat_force_slot, so that they run and are cached exactly as exec
 * would run them, rather than by a second copy of that logic.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-eval.h"

#define MAX_BOUND_DEPTH 64   /* function applications nested on bounds */

typedef enum {
  B_UNKNOWN,   /* anything at all */
  B_CONC,      /* exactly this value */
  B_SET,       /* lo <= s <= hi */
  B_REL,       /* lo <= r <= hi */
  B_CLOSURE,   /* a function defined on bounds */
  B_PENDING,   /* a top-level let not evaluated yet (fun: its expression) */
  B_ORDERS,    /* co-orders(S, pco) on a bounded pco: lo <= each order <= hi */
} BKind;

typedef struct _BFrame BFrame;

/* The sides of a bound a walk needs (Ctx.need) or has worked out
 * (Bnd.valid). A check fails for sure when its lower side does, so most
 * of a walk needs lower sides only; an upper side is needed under a
 * difference's right operand or a complement, which swap the sides.
 * A side not worked out is the widest one can be: no pair for a lower
 * side, every pair for an upper one, which still bound every value. */
enum {
  SIDE_LO   = 1,
  SIDE_HI   = 2,
  SIDE_BOTH = SIDE_LO | SIDE_HI,
};

/* The sides an operand in a swapping position (a difference's right
 * side, a complement) must have for its result to have @need. */
static inline guint8
swapped (guint8 need)
{
  return (guint8) (((need & SIDE_LO) << 1) | ((need & SIDE_HI) >> 1));
}

typedef struct {
  guint8            kind;
  guint8            valid;     /* SET, REL: the sides worked out (SIDE_*) */
  guint8            lo_closed; /* REL: the lower side is transitive, its own closure */
  AcyCatValue      *conc;
  AcyWord          *lo, *hi;   /* the same array when exact */
  const AcyCatExpr *fun;
  BFrame           *env;
  const AcyCatExpr *src;       /* SET, REL of a top-level let: its expression */
} Bnd;

/* A frame of bound values over a frame of concrete ones. A slot with no
 * bound value holds its concrete value; the root frame's concrete slots
 * of level >= the with's are stale (they hold the previous order's
 * values) and are never read. */
struct _BFrame {
  BFrame      *parent;
  AcyCatFrame *conc;
  gboolean     own_conc;   /* conc is private to this walk: exact slots are mirrored into it */
  Bnd        **slots;      /* NULL: nothing bound here */
};

typedef struct {
  AcyCatEval *ev;
  guint       wlevel;
  gboolean    use_settled;   /* see settled() */
  guint       depth;
  BFrame     *root;
  AcyCatJudge *judge;   /* which checks to judge */
  guint8      need;     /* the sides wanted of what is evaluated now (SIDE_*) */
  Bnd         unknown;
  /* what the walk changes in ev, put back at its end */
  AcyArena   *saved_arena;
  guint       saved_depth, saved_reached;
} Ctx;

static Bnd *beval (Ctx *c, BFrame *bf, const AcyCatExpr *e);

static BFrame *
frame_at (BFrame *bf, guint depth)
{
  while (depth-- > 0)
    bf = bf->parent;
  return bf;
}

/* Whether root slot @slot holds a value that is the same whatever the
 * choice: its let, though of the with's level or more, turned out to
 * read less (settle_let()), and it ran for this candidate, or, judging
 * a partial rf, for this structure (names whose value went stale are
 * cleared, cache_bump()). Not where two workers judge the same partial
 * rfs and must decide alike (acy_model_runner_rf_hopeless()): what a
 * worker's cache holds depends on the candidates it took. */
static gboolean
settled (Ctx *c, guint slot)
{
  return c->use_settled && c->ev->cache->slot_eff[slot] < c->wlevel
         && c->root->conc->slots[slot] != NULL;
}

/* Whether the variable @e may hold something other than one known value. */
static gboolean
var_bound (Ctx *c, BFrame *bf, const AcyCatExpr *e)
{
  BFrame *f = frame_at (bf, e->u.var.depth);
  Bnd *b = f->slots ? f->slots[e->u.var.slot] : NULL;

  if (b)
    return !(b->kind == B_CONC && f->own_conc);
  return f == c->root && c->ev->model->slot_level[e->u.var.slot] >= c->wlevel
         && !settled (c, e->u.var.slot);
}

/* Whether @e may depend on the order being built; if not, the ordinary
 * evaluator computes it (and its memo keeps it). */
static gboolean
dependent (Ctx *c, BFrame *bf, const AcyCatExpr *e)
{
  switch (e->kind)
    {
    case ACY_CAT_E_EMPTY:
    case ACY_CAT_E_UNIV:
    case ACY_CAT_E_UNBOUND:
    case ACY_CAT_E_TAG:
    case ACY_CAT_E_STRING:
      return FALSE;
    case ACY_CAT_E_VAR:
      return var_bound (c, bf, e);
    default:
      break;
    }
  /* In a statement of the root frame, acy-cat-deps.c gave a memo to the
   * largest subexpressions that depend on less than the statement; any
   * other compound one (a dynamic memo among them) depends on as much. */
  if (bf == c->root)
    {
      const AcyCatExprMemo *m;

      if (!e->memo)
        return TRUE;
      if (!e->memo_dynamic)
        return e->memo_level >= c->wlevel;
      /* a dynamic memo kept below the with's level for this candidate
       * (as for settled(), in a walk over a with's prefixes only) */
      m = &c->ev->cache->expr_memo[e->memo - 1];
      return !(c->use_settled && m->level < c->wlevel && acy_cat_expr_memo_kept (c->ev->cache, m));
    }
  switch (e->kind)
    {
    case ACY_CAT_E_SET:
    case ACY_CAT_E_TUPLE:
      for (guint i = 0; i < e->u.list.n; i++)
        if (dependent (c, bf, e->u.list.items[i]))
          return TRUE;
      return FALSE;
    case ACY_CAT_E_BINOP:
      return dependent (c, bf, e->u.bin.a) || dependent (c, bf, e->u.bin.b);
    case ACY_CAT_E_UNOP:
      return dependent (c, bf, e->u.un.a);
    case ACY_CAT_E_APP:
      return dependent (c, bf, e->u.app.f) || dependent (c, bf, e->u.app.arg);
    default:
      return TRUE;
    }
}

static Bnd *
new_bnd (Ctx *c, BKind kind)
{
  Bnd *b = acy_arena_new0 (c->ev->arena, Bnd);
  b->kind = kind;
  return b;
}

static Bnd *
conc (Ctx *c, AcyCatValue *v)
{
  Bnd *b;

  if (v == NULL || v->kind == ACY_CAT_V_STREAM)
    {
      g_clear_error (c->ev->error);
      return &c->unknown;
    }
  b = new_bnd (c, B_CONC);
  b->conc = v;
  return b;
}

/* A set or relation bound; @exact shares one array for both sides. */
static Bnd *
new_bits (Ctx *c, BKind kind, gboolean exact)
{
  AcyCatEval *ev = c->ev;
  gsize words = MAX (kind == B_SET ? ev->words : ev->rel_words, 1);
  Bnd *b = new_bnd (c, kind);

  b->valid = SIDE_BOTH;
  b->lo = acy_arena_newv (ev->arena, AcyWord, words);
  b->hi = exact ? b->lo : acy_arena_newv (ev->arena, AcyWord, words);
  return b;
}

/* The widest side of a set (@set) or relation: no member for a lower
 * side, every one for an upper one. Kept by the cache for as long as
 * the number of events stays; never written to. */
static AcyWord *
widest (Ctx *c, gboolean set, gboolean upper)
{
  AcyCatEval *ev = c->ev;
  AcyCatCache *cache = ev->cache;

  if (cache->widest_n != ev->n || cache->widest[0] == NULL)
    {
      gsize sw = MAX (ev->words, 1), rw = MAX (ev->rel_words, 1);

      for (guint k = 0; k < G_N_ELEMENTS (cache->widest); k++)
        g_free (cache->widest[k]);
      cache->widest[0] = g_new0 (AcyWord, sw);
      cache->widest[1] = g_new0 (AcyWord, sw);
      cache->widest[2] = g_new0 (AcyWord, rw);
      cache->widest[3] = g_new0 (AcyWord, rw);
      acy_bits_complement (ev->n, cache->widest[1], cache->widest[0]);
      for (guint i = 0; i < ev->n; i++)
        acy_bits_copy (ev->words, acy_rel_row (cache->widest[3], ev->n, i), cache->widest[1]);
      cache->widest_n = ev->n;
    }
  return cache->widest[(set ? 0 : 2) + (upper ? 1 : 0)];
}

/* A set or relation bound with the sides in c->need worked out (into
 * fresh arrays, to be filled by the caller) and the others at their
 * widest; @exact (both operands known exactly) shares one array for
 * both sides, which are then both worked out. */
static Bnd *
new_sided (Ctx *c, BKind kind, gboolean exact)
{
  AcyCatEval *ev = c->ev;
  gboolean set = kind == B_SET;
  gsize words = MAX (set ? ev->words : ev->rel_words, 1);
  Bnd *b;

  if (exact || c->need == SIDE_BOTH)
    return new_bits (c, kind, exact);
  b = new_bnd (c, kind);
  b->valid = c->need;
  b->lo = c->need & SIDE_LO ? acy_arena_newv (ev->arena, AcyWord, words) : widest (c, set, FALSE);
  b->hi = c->need & SIDE_HI ? acy_arena_newv (ev->arena, AcyWord, words) : widest (c, set, TRUE);
  return b;
}

/* Once both sides agree the value is known exactly: what is computed
 * from it is computed once, not twice. */
static Bnd *
settle (Ctx *c, Bnd *b)
{
  gsize words = b->kind == B_SET ? c->ev->words : c->ev->rel_words;

  if (b->valid == SIDE_BOTH && b->lo != b->hi
      && memcmp (b->lo, b->hi, MAX (words, 1) * sizeof (AcyWord)) == 0)
    b->hi = b->lo;
  return b;
}

static AcyCatClass
bclass (const Bnd *b)
{
  switch (b->kind)
    {
    case B_SET: return CLS_SET;
    case B_REL: return CLS_REL;
    case B_CONC: return acy_cat_classify (b->conc);
    default: return CLS_OTHER;
    }
}

/* The sides of @b as a set (@cls CLS_SET) or relation (CLS_REL). */
static gboolean
sides (Ctx *c, Bnd *b, AcyCatClass cls, AcyWord **lo, AcyWord **hi)
{
  AcyCatClass k = bclass (b);

  if (k != cls && !(b->kind == B_CONC && k == CLS_POLY))
    return FALSE;
  if (b->kind == B_CONC)
    {
      *lo = *hi = cls == CLS_SET ? acy_cat_to_set (c->ev, NULL, b->conc)
                                 : acy_cat_to_rel (c->ev, NULL, b->conc);
      return TRUE;
    }
  *lo = b->lo;
  *hi = b->hi;
  return TRUE;
}

/* Whether @b is empty for sure (its upper side is). */
static gboolean
surely_empty (Ctx *c, Bnd *b)
{
  AcyCatEval *ev = c->ev;

  switch (b->kind)
    {
    case B_CONC:
      switch (b->conc->kind)
        {
        case ACY_CAT_V_EMPTY: return TRUE;
        case ACY_CAT_V_SET: return acy_bits_is_empty (ev->words, b->conc->u.bits);
        case ACY_CAT_V_REL: return acy_bits_is_empty ((guint) ev->rel_words, b->conc->u.bits);
        default: return FALSE;
        }
    case B_SET:
      return acy_bits_is_empty (ev->words, b->hi);
    case B_REL:
      return acy_bits_is_empty ((guint) ev->rel_words, b->hi);
    default:
      return FALSE;
    }
}

/* Whether the lower side of the set or relation bound @b is empty. */
static gboolean
lower_empty (Ctx *c, Bnd *b)
{
  if (b->kind == B_SET)
    return acy_bits_is_empty (c->ev->words, b->lo);
  if (b->kind == B_REL)
    return acy_bits_is_empty ((guint) c->ev->rel_words, b->lo);
  return FALSE;
}

static void
set_slot (BFrame *bf, guint slot, Bnd *b)
{
  bf->slots[slot] = b;
  if (bf->own_conc && b->kind == B_CONC)
    bf->conc->slots[slot] = b->conc;
}

static Bnd *
bbinop (Ctx *c, const AcyCatExpr *e, Bnd *a, Bnd *b)
{
  AcyCatEval *ev = c->ev;
  AcyCatBinOp op = e->u.bin.op;
  AcyCatClass ca = bclass (a), cb = bclass (b), cls;
  AcyWord *al, *ah, *bl, *bh;
  gboolean exact, lo, hi;
  Bnd *r;
  guint n = ev->n;

  if (a->kind == B_CONC && b->kind == B_CONC)
    return conc (c, acy_cat_binop (ev, e, a->conc, b->conc));
  switch (op)
    {
    case ACY_CAT_OP_UNION:
    case ACY_CAT_OP_INTER:
    case ACY_CAT_OP_DIFF:
      cls = ca == CLS_REL || cb == CLS_REL ? CLS_REL
            : ca == CLS_SET || cb == CLS_SET ? CLS_SET : CLS_OTHER;
      break;
    case ACY_CAT_OP_SEQ:
      cls = CLS_REL;
      break;
    case ACY_CAT_OP_CART:
      cls = CLS_SET;
      break;
    default:
      return &c->unknown;
    }
  if (cls == CLS_OTHER || !sides (c, a, cls, &al, &ah) || !sides (c, b, cls, &bl, &bh))
    return &c->unknown;
  exact = al == ah && bl == bh;
  r = new_sided (c, cls == CLS_SET && op != ACY_CAT_OP_CART ? B_SET : B_REL, exact);
  lo = !exact && (r->valid & SIDE_LO);
  hi = !exact && (r->valid & SIDE_HI);
  if (exact)
    lo = TRUE;   /* one array for both sides */
  switch (op)
    {
    case ACY_CAT_OP_UNION:
    case ACY_CAT_OP_INTER:
      {
        guint words = (guint) (cls == CLS_SET ? ev->words : ev->rel_words);
        void (*f) (guint, AcyWord *, const AcyWord *, const AcyWord *) =
          op == ACY_CAT_OP_UNION ? acy_bits_union : acy_bits_inter;
        if (lo)
          f (words, r->lo, al, bl);
        if (hi)
          f (words, r->hi, ah, bh);
        break;
      }
    case ACY_CAT_OP_DIFF:
      {
        guint words = (guint) (cls == CLS_SET ? ev->words : ev->rel_words);
        if (lo)
          acy_bits_diff (words, r->lo, al, bh);
        if (hi)
          acy_bits_diff (words, r->hi, ah, bl);
        break;
      }
    case ACY_CAT_OP_SEQ:
      if (lo)
        acy_rel_compose (n, r->lo, al, bl);
      if (hi)
        acy_rel_compose (n, r->hi, ah, bh);
      break;
    case ACY_CAT_OP_CART:
      if (lo)
        acy_rel_cartesian (n, r->lo, al, bl);
      if (hi)
        acy_rel_cartesian (n, r->hi, ah, bh);
      break;
    default:
      g_assert_not_reached ();
    }
  return settle (c, r);
}

static void
complement (AcyCatEval *ev, AcyCatClass cls, AcyWord *d, const AcyWord *s)
{
  if (cls == CLS_SET)
    acy_bits_complement (ev->n, d, s);
  else
    for (guint i = 0; i < ev->n; i++)
      acy_bits_complement (ev->n, acy_rel_row (d, ev->n, i),
                           acy_rel_row ((AcyWord *) s, ev->n, i));
}

static void
rel_unop (AcyCatEval *ev, AcyCatUnOp op, AcyWord *d, const AcyWord *s)
{
  guint n = ev->n;

  switch (op)
    {
    case ACY_CAT_OP_INV:
      acy_rel_transpose (n, d, s);
      return;
    case ACY_CAT_OP_STAR:
      acy_bits_copy ((guint) ev->rel_words, d, s);
      acy_rel_closure_refl (n, d);
      return;
    case ACY_CAT_OP_PLUS:
      acy_bits_copy ((guint) ev->rel_words, d, s);
      acy_rel_closure (n, d);
      return;
    case ACY_CAT_OP_OPT:
      acy_bits_copy ((guint) ev->rel_words, d, s);
      for (guint i = 0; i < n; i++)
        acy_rel_add (d, n, i, i);
      return;
    default:
      g_assert_not_reached ();
    }
}

static Bnd *
bunop (Ctx *c, const AcyCatExpr *e, Bnd *a)
{
  AcyCatEval *ev = c->ev;
  AcyCatUnOp op = e->u.un.op;
  AcyWord *lo, *hi;
  gboolean exact;
  Bnd *r;

  if (a->kind == B_CONC)
    return conc (c, acy_cat_unop (ev, e, a->conc));
  switch (op)
    {
    case ACY_CAT_OP_COMP:
      {
        AcyCatClass cls = bclass (a);
        if ((cls != CLS_SET && cls != CLS_REL) || !sides (c, a, cls, &lo, &hi))
          return &c->unknown;
        r = new_sided (c, cls == CLS_SET ? B_SET : B_REL, lo == hi);
        if (r->valid & SIDE_LO)
          complement (ev, cls, r->lo, hi);
        if (lo != hi && (r->valid & SIDE_HI))
          complement (ev, cls, r->hi, lo);
        return settle (c, r);
      }
    case ACY_CAT_OP_TOID:
      if (!sides (c, a, CLS_SET, &lo, &hi))
        return &c->unknown;
      r = new_sided (c, B_REL, lo == hi);
      if (r->valid & SIDE_LO)
        acy_rel_identity (ev->n, r->lo, lo);
      if (lo != hi && (r->valid & SIDE_HI))
        acy_rel_identity (ev->n, r->hi, hi);
      return settle (c, r);
    default:
      if (!sides (c, a, CLS_REL, &lo, &hi))
        return &c->unknown;
      exact = lo == hi;
      /* r+ of a transitive lower side is that side (a coherence order's
       * prefix: lock.cat closes co at every prefix) */
      if (op == ACY_CAT_OP_PLUS && a->lo_closed && exact)
        return a;
      if (op == ACY_CAT_OP_PLUS && a->lo_closed && !(c->need & SIDE_HI))
        {
          /* (a's upper side is not a+'s: not kept) */
          r = new_bnd (c, B_REL);
          r->valid = SIDE_LO;
          r->lo = lo;
          r->hi = widest (c, FALSE, TRUE);
          r->lo_closed = TRUE;
          return r;
        }
      r = new_sided (c, B_REL, exact);
      if (r->valid & SIDE_LO)
        rel_unop (ev, op, r->lo, lo);
      if (!exact && (r->valid & SIDE_HI))
        rel_unop (ev, op, r->hi, hi);
      r->lo_closed = op == ACY_CAT_OP_PLUS || op == ACY_CAT_OP_STAR;
      return settle (c, r);
    }
}

/* A frame to evaluate, on bounds, the body of a closure made by the
 * ordinary evaluator in @env. */
static BFrame *
wrap (Ctx *c, AcyCatFrame *env)
{
  BFrame *bf;

  if (env == NULL || env == c->root->conc)
    return c->root;
  bf = acy_arena_new0 (c->ev->arena, BFrame);
  bf->conc = env;
  bf->parent = wrap (c, env->parent);
  return bf;
}

/* co-orders(S, pco) with S known and pco bounded (it is built from rf,
 * which the enumerator is still choosing): whatever pco turns out to be,
 * it contains its lower side, so each order it has orders the members
 * of a block (S at one location) as the closure of that side there does,
 * and never the other way round. A cycle there leaves no order at all
 * (none). Used by `with` only; anything else sees it as unknown. */
static Bnd *
orders_bound (Ctx *c, BFrame *bf, const AcyCatExpr *arg)
{
  AcyCatEval *ev = c->ev;
  const AcyExecution *x = ev->x;
  guint n = ev->n;
  Bnd *sb, *pb, *r;
  AcyWord *slo, *shi, *plo, *phi;

  if (arg->kind != ACY_CAT_E_TUPLE || arg->u.list.n != 2)
    return &c->unknown;
  sb = beval (c, bf, arg->u.list.items[0]);
  pb = beval (c, bf, arg->u.list.items[1]);
  if (!sides (c, sb, CLS_SET, &slo, &shi) || slo != shi
      || !sides (c, pb, CLS_REL, &plo, &phi))
    return &c->unknown;
  r = new_bits (c, B_ORDERS, FALSE);
  memset (r->lo, 0, MAX (ev->rel_words, 1) * sizeof (AcyWord));
  memset (r->hi, 0, MAX (ev->rel_words, 1) * sizeof (AcyWord));
  ACY_BITS_FOREACH (a, slo, n)
    ACY_BITS_FOREACH (b, slo, n)
      if (a != b && x->events[a].loc >= 0 && x->events[a].loc == x->events[b].loc)
        {
          acy_rel_add (r->hi, n, a, b);
          if (acy_rel_has (plo, n, a, b))
            acy_rel_add (r->lo, n, a, b);
        }
  /* and so does the order of the lock writes the enumerator chose */
  if (acy_cat_co_hint_applies (ev, slo))
    acy_bits_union ((guint) ev->rel_words, r->lo, r->lo, x->co_hint);
  acy_rel_closure (n, r->lo);
  {
    AcyWord *inv = acy_arena_newv (ev->arena, AcyWord, MAX (ev->rel_words, 1));

    acy_rel_transpose (n, inv, r->lo);
    acy_bits_diff ((guint) ev->rel_words, r->hi, r->hi, inv);
  }
  return r;
}

static Bnd *
bapply (Ctx *c, const AcyCatExpr *e, BFrame *bf, Bnd *f)
{
  AcyCatEval *ev = c->ev;
  const AcyCatExpr *fun, *arg = e->u.app.arg;
  const AcyCatPat *pat;
  BFrame *env, *inner;
  Bnd *r;
  guint8 need;

  if (f->kind == B_CONC && f->conc->kind == ACY_CAT_V_PRIM
      && f->conc == ev->root->slots[ACY_CAT_P_CO_ORDERS])
    return orders_bound (c, bf, arg);
  if (f->kind == B_CONC && f->conc->kind == ACY_CAT_V_PRIM)
    {
      AcyCatValue *const *pre = ev->root->slots;
      Bnd *a = beval (c, bf, arg);
      AcyWord *lo, *hi;
      gboolean dom;

      if (a->kind == B_CONC)
        {
          AcyCatValue *v = acy_cat_force (ev, e, a->conc);
          return conc (c, v ? f->conc->u.prim (ev, e, v) : NULL);
        }
      if (f->conc == pre[ACY_CAT_P_DOMAIN])
        dom = TRUE;
      else if (f->conc == pre[ACY_CAT_P_RANGE])
        dom = FALSE;
      else
        return &c->unknown;
      if (!sides (c, a, CLS_REL, &lo, &hi))
        return &c->unknown;
      r = new_sided (c, B_SET, lo == hi);
      if (r->valid & SIDE_LO)
        (dom ? acy_rel_domain : acy_rel_range) (ev->n, r->lo, lo);
      if (lo != hi && (r->valid & SIDE_HI))
        (dom ? acy_rel_domain : acy_rel_range) (ev->n, r->hi, hi);
      return settle (c, r);
    }
  if (f->kind == B_CONC && f->conc->kind == ACY_CAT_V_CLOSURE)
    {
      fun = f->conc->u.clo.fun;
      env = wrap (c, f->conc->u.clo.env);
    }
  else if (f->kind == B_CLOSURE)
    {
      fun = f->fun;
      env = f->env;
    }
  else
    return &c->unknown;

  if (c->depth >= MAX_BOUND_DEPTH)
    return &c->unknown;
  pat = &fun->u.fun.pat;
  /* the body may read its arguments under a difference: both sides */
  need = c->need;
  c->need = SIDE_BOTH;
  inner = acy_arena_new0 (ev->arena, BFrame);
  inner->parent = env;
  inner->conc = acy_cat_frame_new (ev, env->conc, fun->u.fun.n_slots);
  inner->own_conc = TRUE;
  inner->slots = acy_arena_newv0 (ev->arena, Bnd *, MAX (fun->u.fun.n_slots, 1));
  if (!pat->tuple)
    {
      Bnd *a = beval (c, bf, arg);
      if (pat->n == 1 && pat->names[0])
        set_slot (inner, pat->slots[0], a);
    }
  else if (arg->kind == ACY_CAT_E_TUPLE && arg->u.list.n == pat->n)
    {
      for (guint i = 0; i < pat->n; i++)
        {
          Bnd *a = beval (c, bf, arg->u.list.items[i]);
          if (pat->names[i])
            set_slot (inner, pat->slots[i], a);
        }
    }
  else
    {
      Bnd *a = beval (c, bf, arg);
      if (a->kind != B_CONC
          || !acy_cat_bind_pattern (ev, inner->conc, pat, a->conc, e))
        {
          g_clear_error (ev->error);
          c->need = need;
          return &c->unknown;
        }
    }
  c->need = need;
  c->depth++;
  r = beval (c, inner, fun->u.fun.body);
  c->depth--;
  return r;
}

static Bnd *
beval (Ctx *c, BFrame *bf, const AcyCatExpr *e)
{
  if (!dependent (c, bf, e))
    return conc (c, acy_cat_eval (c->ev, bf->conc, e));
  switch (e->kind)
    {
    case ACY_CAT_E_VAR:
      {
        BFrame *f = frame_at (bf, e->u.var.depth);
        guint slot = e->u.var.slot;

        if (f->slots && f->slots[slot])
          {
            Bnd *b = f->slots[slot];
            const AcyCatExpr *src = NULL;
            guint8 need = c->need;

            /* top-level lets are evaluated when a check needs them, on
             * the sides it needs, and again on both when a later reader
             * needs a side not worked out the first time */
            if (b->kind == B_PENDING)
              src = b->fun;
            else if ((b->kind == B_SET || b->kind == B_REL) && b->src
                     && (b->valid & need) != need)
              {
                src = b->src;
                c->need = SIDE_BOTH;
              }
            if (src)
              {
                /* a let evaluated on bounds costs about what a check
                 * does: the judge counts work in such units */
                if (c->judge)
                  acy_cat_judge_add (c->judge, 1);
                f->slots[slot] = &c->unknown;
                b = beval (c, c->root, src);
                c->need = need;
                if ((b->kind == B_SET || b->kind == B_REL) && b->valid != SIDE_BOTH)
                  {
                    /* (a copy: b may be another name's value) */
                    Bnd *own = new_bnd (c, b->kind);

                    *own = *b;
                    own->src = src;
                    b = own;
                  }
                f->slots[slot] = b;
              }
            return b;
          }
        if (f == c->root && c->ev->model->slot_level[slot] >= c->wlevel && !settled (c, slot))
          return &c->unknown;
        /* up into exec, as the file comment says */
        if (f == c->root && f->conc->slots[slot] == NULL)
          return conc (c, acy_cat_force_slot (c->ev, slot));
        return conc (c, f->conc->slots[slot]);
      }
    case ACY_CAT_E_BINOP:
      {
        AcyCatBinOp op = e->u.bin.op;
        gboolean absorbs = op == ACY_CAT_OP_SEQ || op == ACY_CAT_OP_INTER;
        guint8 need = c->need;
        Bnd *a = NULL, *b = NULL;

        /* An empty side of ; or & empties the result: look at the side
         * known exactly first, and skip the other when it is empty. */
        if (absorbs && !dependent (c, bf, e->u.bin.b))
          {
            b = beval (c, bf, e->u.bin.b);
            if (surely_empty (c, b))
              return b;
          }
        a = beval (c, bf, e->u.bin.a);
        if (absorbs || op == ACY_CAT_OP_DIFF || op == ACY_CAT_OP_CART)
          {
            if (surely_empty (c, a))
              return op == ACY_CAT_OP_CART ? conc (c, acy_cat_new_rel (c->ev)) : a;
            /* only the lower side wanted, and it is empty: so is the
             * result's (its upper side is not wanted) */
            if (need == SIDE_LO && lower_empty (c, a))
              {
                Bnd *r = new_bnd (c, op == ACY_CAT_OP_CART || op == ACY_CAT_OP_SEQ
                                     ? B_REL : (BKind) a->kind);
                r->valid = SIDE_LO;
                r->lo = widest (c, r->kind == B_SET, FALSE);
                r->hi = widest (c, r->kind == B_SET, TRUE);
                return r;
              }
          }
        if (b == NULL)
          {
            /* the right side of a difference on the other side */
            if (op == ACY_CAT_OP_DIFF)
              c->need = swapped (need);
            b = beval (c, bf, e->u.bin.b);
            c->need = need;
          }
        if (a->kind == B_UNKNOWN || b->kind == B_UNKNOWN)
          return &c->unknown;
        /* r | {} is r as it stands (and stays transitive) */
        if (op == ACY_CAT_OP_UNION)
          {
            if ((b->kind == B_SET || b->kind == B_REL) && surely_empty (c, a)
                && (bclass (a) == CLS_POLY || bclass (a) == bclass (b)))
              return b;
            if ((a->kind == B_SET || a->kind == B_REL) && surely_empty (c, b)
                && (bclass (b) == CLS_POLY || bclass (b) == bclass (a)))
              return a;
          }
        return bbinop (c, e, a, b);
      }
    case ACY_CAT_E_UNOP:
      {
        guint8 need = c->need;
        Bnd *a;

        if (e->u.un.op == ACY_CAT_OP_COMP)
          c->need = swapped (need);
        a = beval (c, bf, e->u.un.a);
        c->need = need;
        return a->kind == B_UNKNOWN ? &c->unknown : bunop (c, e, a);
      }
    case ACY_CAT_E_APP:
      return bapply (c, e, bf, beval (c, bf, e->u.app.f));
    case ACY_CAT_E_FUN:
      {
        Bnd *b = new_bnd (c, B_CLOSURE);
        b->fun = e;
        b->env = bf;
        return b;
      }
    case ACY_CAT_E_LET:
      {
        guint8 need = c->need;

        if (bf->slots == NULL)
          return &c->unknown;
        /* the body may read the names anywhere: both sides */
        c->need = SIDE_BOTH;
        for (guint i = 0; i < e->u.let.n; i++)
          {
            const AcyCatPat *pat = &e->u.let.b[i].pat;
            Bnd *b = beval (c, bf, e->u.let.b[i].e);

            for (guint k = 0; k < pat->n; k++)
              if (pat->names[k])
                set_slot (bf, pat->slots[k], pat->tuple ? &c->unknown : b);
          }
        c->need = need;
        return beval (c, bf, e->u.let.body);
      }
    default:
      return &c->unknown;
    }
}

/* Whether the check @st fails whatever the order turns out to be. */
static gboolean
check_fails (Ctx *c, const AcyCatStmt *st)
{
  AcyCatEval *ev = c->ev;
  gboolean negated = st->u.check.negated;
  AcyCatClass cls;
  AcyWord *lo, *hi;
  gboolean surely_holds = FALSE, surely_not = FALSE;
  Bnd *b;

  /* it fails for sure when its lower side fails (its upper side holds,
   * negated) */
  c->need = negated ? SIDE_HI : SIDE_LO;
  b = beval (c, c->root, st->u.check.e);
  c->need = SIDE_BOTH;
  cls = bclass (b);

  if (b->kind == B_UNKNOWN)
    return FALSE;
  if (b->kind == B_CONC && cls == CLS_POLY)
    {
      if (st->u.check.test != ACY_CAT_TEST_EMPTY && b->conc->kind == ACY_CAT_V_UNIV)
        return FALSE;   /* left to the ordinary evaluator */
      surely_holds = surely_not = FALSE;
      if (b->conc->kind == ACY_CAT_V_EMPTY)
        surely_holds = TRUE;
      else
        surely_not = st->u.check.test == ACY_CAT_TEST_EMPTY;
    }
  else if (st->u.check.test == ACY_CAT_TEST_EMPTY)
    {
      if ((cls != CLS_SET && cls != CLS_REL) || !sides (c, b, cls, &lo, &hi))
        return FALSE;
      {
        gsize words = cls == CLS_SET ? ev->words : ev->rel_words;
        if (negated)
          surely_holds = acy_bits_is_empty ((guint) words, hi);
        else
          surely_not = !acy_bits_is_empty ((guint) words, lo);
      }
    }
  else
    {
      gboolean acyclic = st->u.check.test == ACY_CAT_TEST_ACYCLIC;

      if (!sides (c, b, CLS_REL, &lo, &hi))
        return FALSE;
      if (negated)
        surely_holds = acyclic ? acy_rel_is_acyclic (ev->n, hi) : acy_rel_is_irreflexive (ev->n, hi);
      else
        surely_not = acyclic ? !acy_rel_is_acyclic (ev->n, lo) : !acy_rel_is_irreflexive (ev->n, lo);
    }
  return negated ? surely_holds : surely_not;
}

/* The bounds of `with x from S` over all its choices: the intersection
 * and the union of the elements of S, exactly the element when there is
 * one; NULL when S is not a set of sets or relations. *none is set when
 * S has no element at all. */
static Bnd *
choices_bound (Ctx *c, AcyCatValue *v, gboolean *none)
{
  AcyCatEval *ev = c->ev;
  AcyCatClass cls = CLS_POLY;
  Bnd *b;

  *none = FALSE;
  if (v->kind == ACY_CAT_V_EMPTY || (v->kind == ACY_CAT_V_VSET && v->n == 0))
    {
      *none = TRUE;
      return NULL;
    }
  if (v->kind != ACY_CAT_V_VSET)
    return NULL;
  if (v->n == 1)
    return conc (c, v->u.items[0]);
  for (guint i = 0; i < v->n; i++)
    {
      AcyCatClass k = acy_cat_classify (v->u.items[i]);
      if (k == CLS_POLY)
        continue;
      if ((k != CLS_SET && k != CLS_REL) || (cls != CLS_POLY && k != cls))
        return NULL;
      cls = k;
    }
  if (cls == CLS_POLY)
    return NULL;
  b = new_bits (c, cls == CLS_SET ? B_SET : B_REL, FALSE);
  {
    guint words = (guint) MAX (cls == CLS_SET ? ev->words : ev->rel_words, 1);

    memset (b->hi, 0, words * sizeof (AcyWord));
    for (guint w = 0; w < words; w++)
      b->lo[w] = ~(AcyWord) 0;
    for (guint i = 0; i < v->n; i++)
      {
        AcyWord *x = cls == CLS_SET ? acy_cat_to_set (ev, NULL, v->u.items[i])
                                    : acy_cat_to_rel (ev, NULL, v->u.items[i]);
        acy_bits_inter (words, b->lo, b->lo, x);
        acy_bits_union (words, b->hi, b->hi, x);
      }
  }
  return settle (c, b);
}

/* Binding @b of the top-level let @i as not evaluated yet (B_PENDING):
 * the same at every walk, so made once and kept by the cache (beval()
 * replaces it in its slot, never changes it). */
static Bnd *
pending (Ctx *c, guint i, guint b)
{
  AcyCatCache *cache = c->ev->cache;
  const AcyCatStmt *st = g_ptr_array_index (c->ev->model->program, i);
  Bnd *p;

  if (cache->pending == NULL)
    cache->pending = g_new0 (gpointer, MAX (c->ev->model->program->len, 1));
  if ((p = cache->pending[i]) == NULL)
    {
      p = cache->pending[i] = g_new0 (Bnd, st->u.let.n);
      for (guint k = 0; k < st->u.let.n; k++)
        {
          p[k].kind = B_PENDING;
          p[k].fun = st->u.let.b[k].e;
        }
    }
  return &p[b];
}

/* Judges statements @from .. @upto - 1 on the bounds in c->root.
 * Returns 1 + the index of the first check that fails whatever the
 * bounded values are, or 0. With @through_withs, a `with` whose choices
 * are known binds its name to bounds over all of them (and one with no
 * choice at all ends the walk as a failure: there is no outcome);
 * otherwise the walk stops at the first with. */
static guint
walk (Ctx *c, AcyCatStmt *const *items, guint from, guint upto, gboolean through_withs)
{
  AcyCatEval *ev = c->ev;
  const AcyModel *m = ev->model;
  AcyCatFrame *fr = c->root->conc;
  Bnd **slots = c->root->slots;
  gint64 start;

  for (guint i = from; i < upto; i++)
    {
      const AcyCatStmt *st = items[i];
      guint8 level = m->stmt_level[i];

      ev->reached = i;
      if (st->kind == ACY_CAT_S_PROCEDURE)
        {
          /* binds the procedure, runs nothing */
          if (!acy_cat_exec_top_stmt (ev, fr, items, i))
            return 0;
          ev->arena = ev->cache->scratch;
          continue;
        }
      if (level == ACY_CAT_LEVEL_NOCACHE)
        return 0;
      if (st->kind == ACY_CAT_S_WITH)
        {
          AcyCatValue *v = NULL;
          gboolean none;
          Bnd *b;

          if (!through_withs)
            return 0;
          if (level < c->wlevel)
            v = acy_cat_eval (ev, fr, st->u.with.e);
          else
            {
              b = beval (c, c->root, st->u.with.e);
              if (b->kind == B_ORDERS)
                {
                  /* a cycle in what every order contains: no order */
                  if (!acy_rel_is_irreflexive (ev->n, b->lo))
                    return i + 1;
                  b->kind = B_REL;
                  slots[st->u.with.slot] = settle (c, b);
                  continue;
                }
              v = b->kind == B_CONC ? b->conc : NULL;
            }
          if (v == NULL)
            return 0;
          if (v->kind == ACY_CAT_V_STREAM)
            {
              b = new_bits (c, B_REL, FALSE);
              acy_cat_stream_bounds (ev, v->u.stream, b->lo, b->hi);
              slots[st->u.with.slot] = settle (c, b);
              continue;
            }
          b = choices_bound (c, v, &none);
          if (none)
            return i + 1;
          if (b == NULL || b->kind == B_UNKNOWN)
            return 0;
          slots[st->u.with.slot] = b;
          continue;
        }
      if (level < c->wlevel)
        {
          /* Does not depend on what is bounded: computed as the real
           * evaluation would, at its own level, and kept for it. */
          if (st->kind == ACY_CAT_S_CHECK || st->kind == ACY_CAT_S_SHOW
              || st->kind == ACY_CAT_S_UNSHOW || st->kind == ACY_CAT_S_INCLUDE
              || st->kind == ACY_CAT_S_INSTRUCTIONS)
            continue;
          if (st->kind != ACY_CAT_S_LET && st->kind != ACY_CAT_S_LETREC
              && st->kind != ACY_CAT_S_ENUM && st->kind != ACY_CAT_S_PROCEDURE)
            return 0;
          if (!acy_cat_exec_top_stmt (ev, fr, items, i))
            return 0;
          ev->arena = ev->cache->scratch;
          continue;
        }
      switch (st->kind)
        {
        case ACY_CAT_S_LET:
        case ACY_CAT_S_LETREC:
          for (guint b = 0; b < st->u.let.n; b++)
            {
              const AcyCatPat *pat = &st->u.let.b[b].pat;
              Bnd *v = &c->unknown;

              if (st->kind == ACY_CAT_S_LET && !pat->tuple)
                {
                  v = pending (c, i, b);
                  /* its value holds whatever the choice: read as it is */
                  if (st->u.let.n == 1 && pat->n == 1 && pat->names[0]
                      && settled (c, pat->slots[0]))
                    v = NULL;
                }

              for (guint k = 0; k < pat->n; k++)
                if (pat->names[k])
                  slots[pat->slots[k]] = v;
            }
          break;
        case ACY_CAT_S_CHECK:
          if (st->u.check.mode == ACY_CAT_CHECK_PLAIN && acy_cat_judge_wants (c->judge, i, &start))
            {
              gboolean fails = check_fails (c, st);

              acy_cat_judge_ran (c->judge, i, fails, start);
              if (fails)
                return i + 1;
            }
          break;
        case ACY_CAT_S_SHOW:
        case ACY_CAT_S_UNSHOW:
        case ACY_CAT_S_INCLUDE:
        case ACY_CAT_S_INSTRUCTIONS:
          break;
        default:
          return 0;   /* call, forall...: stop here */
        }
    }
  return 0;
}

/* Sets up @c and @root for a walk over the root frame @fr. */
static void
walk_begin (Ctx *c, BFrame *root, AcyCatEval *ev, AcyCatFrame *fr, guint wlevel,
            AcyCatJudge *judge)
{
  c->saved_arena = ev->arena;
  c->saved_depth = ev->depth;
  c->saved_reached = ev->reached;
  acy_arena_reset (ev->cache->scratch);
  ev->arena = ev->cache->scratch;
  c->ev = ev;
  c->wlevel = wlevel;
  c->judge = judge;
  c->need = SIDE_BOTH;
  c->unknown.kind = B_UNKNOWN;
  c->root = root;
  root->conc = fr;
  root->slots = acy_arena_newv0 (ev->arena, Bnd *, MAX (ev->model->n_root_slots, 1));
}

/* Puts back what the walk changed; errors met on the way are dropped
 * (the ordinary evaluation meets them again and reports them). */
static guint
walk_end (Ctx *c, guint failed)
{
  AcyCatEval *ev = c->ev;

  g_clear_error (ev->error);
  ev->arena = c->saved_arena;
  ev->depth = c->saved_depth;
  ev->reached = c->saved_reached;
  return failed;
}

/* A bound on a relation given by its two sides. */
static Bnd *
given_rel (Ctx *c, const AcyWord *lo, const AcyWord *hi)
{
  Bnd *b = new_bnd (c, B_REL);

  b->valid = SIDE_BOTH;
  b->lo = (AcyWord *) lo;
  b->hi = (AcyWord *) hi;
  return b;
}

guint
acy_cat_bounds_fail (AcyCatEval            *ev,
                     AcyCatFrame           *fr,
                     AcyCatStmt *const     *items,
                     guint                  with_index,
                     guint                  upto,
                     guint                  wlevel,
                     AcyCatJudge           *judge,
                     const AcyWord         *lo,
                     const AcyWord         *hi)
{
  Ctx c = { 0 };
  BFrame root = { 0 };

  walk_begin (&c, &root, ev, fr, wlevel, judge);
  c.use_settled = TRUE;
  root.slots[items[with_index]->u.with.slot] = given_rel (&c, lo, hi);
  /* (every member of a block placed before the rest, and pco closed
   * there: acy_cat_stream_iter_bounds()) */
  root.slots[items[with_index]->u.with.slot]->lo_closed = TRUE;
  return walk_end (&c, walk (&c, items, with_index + 1, upto, FALSE));
}

guint
acy_cat_bounds_candidate_fail (AcyCatEval    *ev,
                               const AcyWord *rf_lo,
                               const AcyWord *rf_hi,
                               guint          upto,
                               AcyCatJudge   *judge,
                               gboolean       own)
{
  AcyCatStmt *const *items = (AcyCatStmt *const *) ev->model->program->pdata;
  Ctx c = { 0 };
  BFrame root = { 0 };
  Bnd *fw;

  walk_begin (&c, &root, ev, ev->root, ACY_CAT_LEVEL_CANDIDATE, judge);
  c.use_settled = own;
  root.slots[ACY_CAT_P_RF] = given_rel (&c, rf_lo, rf_hi);
  /* FW: the final writes are chosen with the last rf */
  fw = new_bits (&c, B_SET, FALSE);
  memset (fw->lo, 0, MAX (ev->words, 1) * sizeof (AcyWord));
  acy_bits_copy (ev->words, fw->hi, acy_cat_to_set (ev, NULL, ev->root->slots[ACY_CAT_P_W]));
  root.slots[ACY_CAT_P_FW] = fw;
  return walk_end (&c, walk (&c, items, 0, MIN (upto, ev->model->program->len), TRUE));
}

guint
acy_cat_bounds_last_check (const AcyModel *m, AcyCatStmt *const *items, guint n,
                           guint with_index, guint wlevel)
{
  guint upto = 0;

  for (guint i = with_index + 1; i < n; i++)
    {
      const AcyCatStmt *st = items[i];
      guint8 level = m->stmt_level[i];

      if (level == ACY_CAT_LEVEL_NOCACHE)
        break;
      if (st->kind == ACY_CAT_S_WITH || st->kind == ACY_CAT_S_CALL
          || st->kind == ACY_CAT_S_FORALL)
        break;
      if (st->kind == ACY_CAT_S_CHECK && st->u.check.mode == ACY_CAT_CHECK_PLAIN
          && level >= wlevel)
        upto = i + 1;
    }
  return upto;
}
