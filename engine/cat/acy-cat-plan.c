/* acy-cat-plan.c - the checks under the innermost `with`, without the interpreter's overhead
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under the innermost `with` (the coherence order, in the kernel's
 * model), every choice runs the same checks on relations built by the
 * same few operators. The interpreter walks each check's tree again for
 * every choice, allocating a value per node and looking after its
 * caches. A plan is a check's expression turned once into a graph of
 * those operators, the top-level lets of the with's level it reads
 * inlined; each node has its own bit array, made once.
 *
 * Each node keeps its value with the level it depends on (the highest
 * level of what it read), as the interpreter keeps a let's: a node of a
 * lower level than the with's holds for all its choices, and only what
 * depends on the choice is worked out again. A check's first walk under
 * new outer choices notes the leaves it finds stale (its inputs, and
 * the lets it works out itself); each choice after that takes those
 * leaves again and runs the stale operators, without a walk, until a
 * leaf comes otherwise than it came (refresh()).
 *
 * A plan also judges a prefix of the with's choices (exec's
 * prune_prefix()), in place of the bounds walk (acy-cat-bounds.c):
 * with the with's name bound to the pairs every completion has, a check
 * made of operators that grow with their operands fails for every
 * completion when it fails there. Each node notes whether its value
 * may not grow so (`loose`: r \ s or ~s with s depending on the choice,
 * a value the interpreter works out from it); a failure on such a
 * value is left to the bounds walk.
 *
 * What a plan does not do itself, it asks the interpreter for (an
 * input): names of lower levels, subexpressions kept by a memo,
 * function applications, anything that is not a set or relation
 * operator. A plan gives the same answer as the interpreter or gives
 * up, and then exec runs the check in the interpreter:
 *   - the inputs of a check are all evaluated before any operator runs,
 *     so the plan evaluates at least what the interpreter would (which
 *     skips the other side of `r ; s` when r is empty): an input that
 *     fails makes the plan give up, and the interpreter raises the same
 *     error where it would;
 *   - the class of each node (set of events, relation, or empty of no
 *     type) follows from the kinds of its inputs, as the interpreter
 *     types values; where the interpreter could meet a set and a
 *     relation together (a type error, or no error when one side turns
 *     out empty), or an input is not a set or relation, the plan gives
 *     up;
 *   - a let's name already bound (the interpreter ran it for this
 *     choice, or kept it from a lower level) is read as bound, as the
 *     interpreter reads it; one that turns out not to depend on the
 *     choice is left to the interpreter, which keeps it at its level.
 * The operators are pure, so nothing else can differ.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-eval.h"
#include "acy-cat-plan.h"
#include "acy-resources.h"

typedef enum {
  N_INPUT,      /* the interpreter's value of e */
  N_LETREF,     /* a top-level let of the with's level: its slot if bound, else node a */
  N_MEMO,       /* a subexpression whose memo learns its level: the memo's if kept, else node a */
  N_ZERO_REL,   /* 0 */
  N_ZERO_POLY,  /* {} */
  N_UNION,
  N_INTER,
  N_DIFF,
  N_SEQ,        /* a ; b, either side maybe [S] (dom, ran: S's node) */
  N_CART,
  N_COMP,
  N_STAR,
  N_PLUS,
  N_OPT,
  N_INV,
  N_TOID,
} NodeKind;

typedef enum { C_POLY, C_SET, C_REL, C_CONFLICT } Class;

#define NONE G_MAXUINT
/* Beyond these, what is left is read through the interpreter. (The
 * walks recurse along paths of the graph: at most MAX_NODES deep.) */
#define MAX_NODES 2048
#define MAX_DEPTH 400
/* The bit arrays of a plan: beyond this, no plan. */
#define MAX_PLAN_BYTES (64u << 20)

typedef struct {
  guint8             kind;
  guint8             cls;      /* this choice's class */
  guint              a, b;     /* operands */
  guint              dom, ran; /* N_SEQ: the set of a [S] operand, else NONE */
  const AcyCatExpr  *e;        /* N_INPUT */
  guint              slot;     /* N_LETREF: root slot; N_MEMO: expression memo */
  guint64            seen;     /* choice walked */
  guint64            mark;     /* refresh() that took it */
  guint64            done;     /* choice whose value was worked out */
  guint64            stamp;    /* cache tick its value was made at, 0: none */
  guint8             level;    /* the level its value depends on */
  gboolean           fresh;    /* to be worked out this choice (not kept) */
  gboolean           closed;   /* its value is known transitive (AcyCatValue.closed) */
  gint8              empty;    /* its value is empty: 1, is not: 0, not looked at: -1 */
  gboolean           inline_;  /* N_LETREF, N_MEMO: found to depend on the choice: worked out here */
  gboolean           loose;    /* judging: its value may not be a lower bound of the real one */
  const AcyWord     *val;
  AcyWord           *reg;
} Node;

typedef struct {
  guint     node;
  guint8    mode;      /* LeafMode */
  guint8    cls;
} Leaf;

typedef struct {
  guint     stmt;
  guint     root;      /* NONE: not planned */
  AcyWord  *order;     /* acyclic: the order kept (acy_rel_is_acyclic_in) */
  GArray   *leaves;    /* Leaf: what its last walk reached first and found not kept */
  guint64   walked;    /* cache tick of that walk, 0: none */
} Check;

struct _AcyCatPlan {
  GArray           *nodes;     /* Node */
  GHashTable       *by_expr;   /* const AcyCatExpr * -> 1 + node */
  GHashTable       *by_slot;   /* slot -> 1 + node (N_LETREF) */
  Check            *checks;
  guint             n_checks;
  guint             wlevel;
  guint64           choice;
  guint             n;         /* events the arrays are made for */
  gsize             rel_words;
  AcyWord          *zero;
  AcyWord          *ident;     /* id on all events */
  AcyWord          *regs;
  guint64           runs, gave_up;
  const AcyModel   *model;
  const guint      *slot_def;
  guint             depth;     /* of compile() */
  guint64           marks;
  guint             with_slot;
  gboolean          judging;   /* acy_cat_plan_judge(): the with's name is a lower bound */
  guint64           judged, loose_fails;
  gboolean          no_judging;
};

static guint
add_node (AcyCatPlan *p, NodeKind kind, guint a, guint b)
{
  Node nd = { 0 };

  nd.kind = kind;
  nd.a = a;
  nd.b = b;
  nd.dom = nd.ran = NONE;
  nd.slot = NONE;
  g_array_append_val (p->nodes, nd);
  return p->nodes->len - 1;
}

static guint
input_node (AcyCatPlan *p, const AcyCatExpr *e)
{
  gpointer v = g_hash_table_lookup (p->by_expr, e);
  guint k;

  if (v)
    return GPOINTER_TO_UINT (v) - 1;
  k = add_node (p, N_INPUT, NONE, NONE);
  g_array_index (p->nodes, Node, k).e = e;
  g_hash_table_insert (p->by_expr, (gpointer) e, GUINT_TO_POINTER (k + 1));
  return k;
}

static guint compile (AcyCatPlan *p, const AcyCatExpr *e);

/* A root name: a plain top-level let of the with's level is inlined. */
static guint
compile_var (AcyCatPlan *p, const AcyCatExpr *e)
{
  guint slot = e->u.var.slot, def, k, body;
  const AcyCatStmt *st;
  gpointer v;

  if (e->u.var.depth != 0 || slot >= p->model->n_root_slots
      || p->model->slot_level[slot] != p->wlevel || (def = p->slot_def[slot]) == G_MAXUINT)
    return input_node (p, e);
  if ((v = g_hash_table_lookup (p->by_slot, GUINT_TO_POINTER (slot))))
    return GPOINTER_TO_UINT (v) - 1;
  st = g_ptr_array_index (p->model->program, def);
  if (st->kind != ACY_CAT_S_LET || st->u.let.n != 1 || st->u.let.b[0].pat.tuple
      || st->u.let.b[0].pat.n != 1 || !st->u.let.b[0].pat.names[0]
      || st->u.let.b[0].pat.slots[0] != slot)
    return input_node (p, e);
  body = compile (p, st->u.let.b[0].e);
  k = add_node (p, N_LETREF, body, NONE);
  g_array_index (p->nodes, Node, k).slot = slot;
  g_array_index (p->nodes, Node, k).e = e;
  g_hash_table_insert (p->by_slot, GUINT_TO_POINTER (slot), GUINT_TO_POINTER (k + 1));
  return k;
}

static gboolean
is_toid (const AcyCatExpr *e)
{
  return e->kind == ACY_CAT_E_UNOP && e->u.un.op == ACY_CAT_OP_TOID;
}

static guint compile_node (AcyCatPlan *p, const AcyCatExpr *e);

static guint
compile (AcyCatPlan *p, const AcyCatExpr *e)
{
  guint k;

  if (p->nodes->len >= MAX_NODES || p->depth >= MAX_DEPTH || (e->memo && !e->memo_dynamic))
    return input_node (p, e);
  p->depth++;
  k = compile_node (p, e);
  p->depth--;
  if (e->memo)
    {
      guint m = add_node (p, N_MEMO, k, NONE);
      g_array_index (p->nodes, Node, m).slot = e->memo - 1;
      g_array_index (p->nodes, Node, m).e = e;
      return m;
    }
  return k;
}

static guint
compile_node (AcyCatPlan *p, const AcyCatExpr *e)
{
  guint a, b, k;

  switch (e->kind)
    {
    case ACY_CAT_E_EMPTY:
      return add_node (p, e->near[0] == '0' ? N_ZERO_REL : N_ZERO_POLY, NONE, NONE);
    case ACY_CAT_E_VAR:
      return compile_var (p, e);
    case ACY_CAT_E_BINOP:
      switch (e->u.bin.op)
        {
        case ACY_CAT_OP_SEQ:
          {
            guint dom = NONE, ran = NONE;

            a = is_toid (e->u.bin.a) ? NONE : compile (p, e->u.bin.a);
            if (a == NONE)
              dom = compile (p, e->u.bin.a->u.un.a);
            b = is_toid (e->u.bin.b) ? NONE : compile (p, e->u.bin.b);
            if (b == NONE)
              ran = compile (p, e->u.bin.b->u.un.a);
            k = add_node (p, N_SEQ, a, b);
            g_array_index (p->nodes, Node, k).dom = dom;
            g_array_index (p->nodes, Node, k).ran = ran;
            return k;
          }
        case ACY_CAT_OP_UNION:
        case ACY_CAT_OP_INTER:
        case ACY_CAT_OP_DIFF:
        case ACY_CAT_OP_CART:
          a = compile (p, e->u.bin.a);
          b = compile (p, e->u.bin.b);
          return add_node (p, e->u.bin.op == ACY_CAT_OP_UNION ? N_UNION
                              : e->u.bin.op == ACY_CAT_OP_INTER ? N_INTER
                              : e->u.bin.op == ACY_CAT_OP_DIFF ? N_DIFF : N_CART, a, b);
        default:
          return input_node (p, e);
        }
    case ACY_CAT_E_UNOP:
      {
        static const guint8 kinds[] = {
          [ACY_CAT_OP_COMP] = N_COMP, [ACY_CAT_OP_STAR] = N_STAR, [ACY_CAT_OP_PLUS] = N_PLUS,
          [ACY_CAT_OP_OPT] = N_OPT, [ACY_CAT_OP_INV] = N_INV, [ACY_CAT_OP_TOID] = N_TOID,
        };
        a = compile (p, e->u.un.a);
        return add_node (p, kinds[e->u.un.op], a, NONE);
      }
    default:
      return input_node (p, e);
    }
}

AcyCatPlan *
acy_cat_plan_new (const AcyModel *model, const guint *slot_def, AcyCatStmt *const *items,
                  guint n, guint with_index, guint wlevel)
{
  AcyCatPlan *p = g_new0 (AcyCatPlan, 1);
  guint planned = 0;

  p->with_slot = items[with_index]->u.with.slot;
  p->nodes = g_array_new (FALSE, FALSE, sizeof (Node));
  p->by_expr = g_hash_table_new (NULL, NULL);
  p->by_slot = g_hash_table_new (NULL, NULL);
  p->model = model;
  p->slot_def = slot_def;
  p->wlevel = wlevel;
  p->checks = g_new0 (Check, n - with_index);
  for (guint i = with_index + 1; i < n; i++)
    {
      const AcyCatStmt *st = items[i];
      Check *c;

      /* plain checks, and flags (raised by exec for allowed outcomes) */
      if (st->kind != ACY_CAT_S_CHECK || st->u.check.mode == ACY_CAT_CHECK_REQUIRES)
        continue;
      c = &p->checks[p->n_checks++];
      c->stmt = i;
      c->root = NONE;
      c->leaves = g_array_new (FALSE, FALSE, sizeof (Leaf));
      if (model->stmt_level[i] != wlevel)
        continue;
      c->root = compile (p, st->u.check.e);
      /* a check that is one input saves nothing */
      if (g_array_index (p->nodes, Node, c->root).kind != N_INPUT)
        planned++;
    }
  g_hash_table_destroy (p->by_expr);
  g_hash_table_destroy (p->by_slot);
  p->by_expr = p->by_slot = NULL;
  if (planned == 0)
    {
      acy_cat_plan_free (p);
      return NULL;
    }
  return p;
}

void
acy_cat_plan_free (AcyCatPlan *p)
{
  if (p == NULL)
    return;
  for (guint i = 0; i < p->n_checks; i++)
    {
      g_free (p->checks[i].order);
      g_array_free (p->checks[i].leaves, TRUE);
    }
  g_free (p->checks);
  if (p->by_expr)
    g_hash_table_destroy (p->by_expr);
  if (p->by_slot)
    g_hash_table_destroy (p->by_slot);
  g_array_free (p->nodes, TRUE);
  g_free (p->zero);
  g_free (p->ident);
  g_free (p->regs);
  g_free (p);
}

/* The arrays for @n events: one per node, and the empty one. */
static gboolean
size_for (AcyCatPlan *p, AcyCatEval *ev)
{
  guint count = p->nodes->len;

  if (p->regs && p->n == ev->n)
    return TRUE;
  if ((guint64) (count + 1) * ev->rel_words * sizeof (AcyWord) > MAX_PLAN_BYTES)
    return FALSE;
  g_free (p->regs);
  g_free (p->zero);
  g_free (p->ident);
  p->n = ev->n;
  p->rel_words = ev->rel_words;
  p->zero = g_new0 (AcyWord, MAX (p->rel_words, 1));
  p->ident = g_new0 (AcyWord, MAX (p->rel_words, 1));
  acy_rel_identity (ev->n, p->ident, NULL);
  p->regs = g_new (AcyWord, MAX ((gsize) count * p->rel_words, 1));
  for (guint k = 0; k < count; k++)
    {
      Node *nd = &g_array_index (p->nodes, Node, k);
      nd->reg = p->regs + (gsize) k * p->rel_words;
      nd->stamp = 0;
    }
  return TRUE;
}

static Class
class_of_value (const AcyCatValue *v)
{
  switch (v->kind)
    {
    case ACY_CAT_V_EMPTY: return C_POLY;
    case ACY_CAT_V_SET: return C_SET;
    case ACY_CAT_V_REL: return C_REL;
    default: return C_CONFLICT;   /* _, events, pairs, streams...: the interpreter's */
    }
}

static Class
join (Class a, Class b)
{
  if (a == C_CONFLICT || b == C_CONFLICT)
    return C_CONFLICT;
  if (a == C_POLY)
    return b;
  if (b == C_POLY || a == b)
    return a;
  return C_CONFLICT;
}

static gboolean
rel_or_poly (Class c)
{
  return c == C_REL || c == C_POLY;
}

static gboolean
set_or_poly (Class c)
{
  return c == C_SET || c == C_POLY;
}

static guint
words_of (const AcyCatPlan *p, const AcyCatEval *ev, Class c)
{
  return c == C_SET ? ev->words : (guint) p->rel_words;
}

/* Whether node @nd's value still holds: nothing at or below the level
 * it depends on changed since it was worked out. */
static gboolean
kept (const AcyCatCache *c, const Node *nd)
{
  return nd->stamp != 0 && nd->level < c->n_levels && nd->stamp > c->epoch[nd->level];
}

/* Node @nd takes the interpreter's value @v, of @level, copied into its
 * own array (the arena it is in may go first). */
static void
take (AcyCatPlan *p, AcyCatEval *ev, Node *nd, const AcyCatValue *v, guint level)
{
  nd->cls = class_of_value (v);
  nd->closed = v->kind != ACY_CAT_V_REL || v->closed;
  nd->empty = v->kind == ACY_CAT_V_EMPTY ? 1 : -1;
  if (nd->cls == C_SET || nd->cls == C_REL)
    {
      acy_bits_copy (words_of (p, ev, nd->cls), nd->reg, v->u.bits);
      nd->val = nd->reg;
    }
  else
    nd->val = p->zero;
  nd->level = (guint8) MIN (level, ACY_CAT_LEVEL_NOCACHE);
  nd->stamp = ++ev->cache->tick;
}

/* The interpreter's value of @e, and the level it read. */
static const AcyCatValue *
interpret (AcyCatEval *ev, const AcyCatExpr *e, guint *level)
{
  guint8 outer = ev->read_level;
  const AcyCatValue *v;

  ev->read_level = ACY_CAT_LEVEL_STRUCTURE;
  v = acy_cat_eval (ev, ev->root, e);
  *level = ev->read_level;
  ev->read_level = MAX (outer, ev->read_level);
  if (v == NULL)
    g_clear_error (ev->error);
  return v;
}

typedef enum { LEAF_FAILED, LEAF_TAKEN, LEAF_INLINE } LeafMode;

/* An input, or a name or memo that may be the interpreter's: takes its
 * value (LEAF_TAKEN), or says it is worked out here (LEAF_INLINE). */
static LeafMode
leaf (AcyCatPlan *p, AcyCatEval *ev, Node *nd)
{
  AcyCatCache *cache = ev->cache;
  const AcyCatValue *v;
  guint level;

  if (nd->kind == N_INPUT)
    {
      if (!(v = interpret (ev, nd->e, &level)))
        return LEAF_FAILED;
    }
  else
    {
      /* Bound, or kept: read as the interpreter would (good for this
       * choice). Else the interpreter works it out, until it turns out
       * to depend on the choice: most lets of the with's level do not
       * (the kernel model's rf, which lock.cat extends with a term
       * empty without locks), nor do many of their parts, and the
       * interpreter then keeps them at a lower level. */
      if (nd->kind == N_LETREF)
        {
          v = ev->root->slots[nd->slot];
          level = cache->slot_eff[nd->slot];
        }
      else
        {
          const AcyCatExprMemo *m = &cache->expr_memo[nd->slot];
          v = acy_cat_expr_memo_kept (cache, m) ? m->value : NULL;
          level = m->level;
        }
      /* (judging, the plan works it out, to see that it grows with
       * the lower bound) */
      if (v == NULL && !nd->inline_ && !p->judging)
        {
          if (!(v = interpret (ev, nd->e, &level)))
            return LEAF_FAILED;
          if (nd->kind == N_LETREF ? (level = cache->slot_eff[nd->slot]) >= p->wlevel
                                   : level >= p->wlevel)
            nd->inline_ = TRUE;
        }
      if (v == NULL)
        {
          nd->fresh = TRUE;
          return LEAF_INLINE;
        }
    }
  take (p, ev, nd, v, level);
  nd->fresh = FALSE;
  /* judging on a lower bound: of what the plan does not work out, only
   * the with's name itself is one; the interpreter's value of anything
   * else that depends on it may be anything */
  nd->loose = p->judging && nd->level >= p->wlevel && nd->empty != 1
              && !(nd->kind == N_INPUT && nd->e->kind == ACY_CAT_E_VAR && nd->e->u.var.depth == 0
                   && nd->e->u.var.slot == p->with_slot);
  return LEAF_TAKEN;
}

/* After a check's walk, the leaves under it that the next choice may
 * find stale: every one reached through nodes not kept (an earlier
 * check may have walked them first this choice, and the judge of a
 * prefix may run this check without it), but those of a lower level
 * than the with's, which hold until the outer choices change, and the
 * list with them (refresh()). */
static void
collect (AcyCatPlan *p, Check *c, guint k, guint64 mark)
{
  Node *nd = &g_array_index (p->nodes, Node, k);
  Leaf l = { k, LEAF_TAKEN, 0 };

  if (nd->mark == mark)
    return;
  nd->mark = mark;
  switch ((NodeKind) nd->kind)
    {
    case N_INPUT:
    case N_LETREF:
    case N_MEMO:
      l.mode = nd->kind != N_INPUT && nd->fresh ? LEAF_INLINE : LEAF_TAKEN;
      l.cls = nd->cls;
      /* one taken at a lower level holds as long as the list does */
      if (l.mode == LEAF_TAKEN && nd->level < p->wlevel)
        return;
      g_array_append_val (c->leaves, l);
      if (l.mode == LEAF_INLINE)
        collect (p, c, nd->a, mark);
      return;
    case N_ZERO_REL:
    case N_ZERO_POLY:
      return;
    default:
      if (!nd->fresh)
        return;
      if (nd->kind == N_SEQ)
        {
          collect (p, c, nd->a != NONE ? nd->a : nd->dom, mark);
          collect (p, c, nd->b != NONE ? nd->b : nd->ran, mark);
        }
      else
        {
          collect (p, c, nd->a, mark);
          if (nd->b != NONE)
            collect (p, c, nd->b, mark);
        }
    }
}

/* Makes node @k ready for this choice: evaluates the inputs under it
 * that are not kept (each once), and works out each node's class.
 * FALSE: give up (an input failed, or classes clash). */
static gboolean
walk (AcyCatPlan *p, AcyCatEval *ev, guint k)
{
  Node *nd = &g_array_index (p->nodes, Node, k);
  AcyCatCache *cache = ev->cache;
  Class c, ca, cb;

  if (nd->seen == p->choice)
    return nd->cls != C_CONFLICT;
  nd->seen = p->choice;
  if (kept (cache, nd))
    {
      nd->fresh = FALSE;
      return TRUE;
    }
  nd->fresh = TRUE;
  nd->stamp = 0;
  nd->cls = C_CONFLICT;
  switch ((NodeKind) nd->kind)
    {
    case N_INPUT:
    case N_LETREF:
    case N_MEMO:
      switch (leaf (p, ev, nd))
        {
        case LEAF_FAILED:
          return FALSE;
        case LEAF_TAKEN:
          return nd->cls != C_CONFLICT;
        default:
          break;
        }
      if (!walk (p, ev, nd->a))
        return FALSE;
      c = g_array_index (p->nodes, Node, nd->a).cls;
      break;
    case N_ZERO_REL:
    case N_ZERO_POLY:
      nd->cls = nd->kind == N_ZERO_REL ? C_REL : C_POLY;
      nd->val = p->zero;
      nd->closed = TRUE;
      nd->empty = 1;
      nd->level = ACY_CAT_LEVEL_STRUCTURE;
      nd->stamp = ++cache->tick;
      nd->fresh = FALSE;
      return TRUE;
    case N_SEQ:
      if ((nd->a != NONE ? !walk (p, ev, nd->a) : !walk (p, ev, nd->dom))
          || (nd->b != NONE ? !walk (p, ev, nd->b) : !walk (p, ev, nd->ran)))
        return FALSE;
      ca = g_array_index (p->nodes, Node, nd->a != NONE ? nd->a : nd->dom).cls;
      cb = g_array_index (p->nodes, Node, nd->b != NONE ? nd->b : nd->ran).cls;
      c = ((nd->a != NONE ? rel_or_poly (ca) : set_or_poly (ca))
           && (nd->b != NONE ? rel_or_poly (cb) : set_or_poly (cb))) ? C_REL : C_CONFLICT;
      break;
    case N_UNION:
    case N_INTER:
    case N_DIFF:
    case N_CART:
      if (!walk (p, ev, nd->a) || !walk (p, ev, nd->b))
        return FALSE;
      ca = g_array_index (p->nodes, Node, nd->a).cls;
      cb = g_array_index (p->nodes, Node, nd->b).cls;
      if (nd->kind == N_CART)
        c = set_or_poly (ca) && set_or_poly (cb) ? C_REL : C_CONFLICT;
      else
        c = join (ca, cb);
      break;
    default:   /* unary */
      if (!walk (p, ev, nd->a))
        return FALSE;
      ca = g_array_index (p->nodes, Node, nd->a).cls;
      switch ((NodeKind) nd->kind)
        {
        case N_COMP:   /* ~{} is _, of no type: the interpreter's */
          c = ca == C_SET || ca == C_REL ? ca : C_CONFLICT;
          break;
        case N_STAR:
        case N_OPT:
          c = rel_or_poly (ca) ? C_REL : C_CONFLICT;
          break;
        case N_PLUS:
        case N_INV:
          c = rel_or_poly (ca) ? ca : C_CONFLICT;
          break;
        case N_TOID:
          c = set_or_poly (ca) ? C_REL : C_CONFLICT;
          break;
        default:
          g_assert_not_reached ();
        }
    }
  nd->cls = c;
  return c != C_CONFLICT;
}

/* Whether the value of node @nd, worked out, is empty (looked at once). */
static gboolean
node_empty (const AcyCatPlan *p, const AcyCatEval *ev, Node *nd)
{
  if (nd->empty < 0)
    nd->empty = acy_bits_is_empty (words_of (p, ev, nd->cls), nd->val);
  return nd->empty;
}

/* The value of node @k this choice (walked first); a node of class
 * C_POLY is empty. Sets the level of what it read: only the operands
 * it needed (`r ; s` with r empty does not depend on s). */
static const AcyWord *compute (AcyCatPlan *p, AcyCatEval *ev, guint k);

/* [A] ; [B]. Out of line: its scratch array would cost every node a
 * stack protector. */
static void __attribute__ ((noinline))
identity_of_both (const AcyCatEval *ev, AcyWord *d, const AcyWord *a, const AcyWord *b)
{
  AcyWord both[ACY_WORDS (ACY_MAX_EVENTS)];

  acy_bits_inter (ev->words, both, a, b);
  acy_rel_identity (ev->n, d, both);
}

/* (most operands are kept or done: no call for them) */
static inline const AcyWord *
value (AcyCatPlan *p, AcyCatEval *ev, guint k)
{
  const Node *nd = &g_array_index (p->nodes, Node, k);

  if (!nd->fresh || nd->done == p->choice)
    return nd->val;
  return compute (p, ev, k);
}

static const AcyWord *
compute (AcyCatPlan *p, AcyCatEval *ev, guint k)
{
  Node *nd = &g_array_index (p->nodes, Node, k);
  const Node *na = nd->a != NONE ? &g_array_index (p->nodes, Node, nd->a) : NULL;
  const AcyWord *x, *y;
  guint n = ev->n, w;
  guint8 level;
  gboolean loose = FALSE;   /* an operand it used is loose (see Node) */

  nd->done = p->choice;
  nd->seen = p->choice;   /* (a later check's walk must not take it for kept) */
  nd->closed = FALSE;
  nd->empty = -1;
  w = words_of (p, ev, nd->cls);
  /* (the operands' levels are read after value() of each) */
#define LEVEL_OF(i) (g_array_index (p->nodes, Node, (i)).level)
#define EMPTY_OF(i) node_empty (p, ev, &g_array_index (p->nodes, Node, (i)))
#define LOOSE_OF(i) (g_array_index (p->nodes, Node, (i)).loose)
  switch ((NodeKind) nd->kind)
    {
    case N_LETREF:
    case N_MEMO:
      nd->val = value (p, ev, nd->a);
      nd->closed = na->closed;
      nd->empty = na->empty;
      loose = na->loose;
      level = na->level;
      break;
    case N_UNION:
      /* r | {} is r, as the interpreter has it, still transitive */
      x = value (p, ev, nd->a);
      y = value (p, ev, nd->b);
      level = MAX (LEVEL_OF (nd->a), LEVEL_OF (nd->b));
      loose = LOOSE_OF (nd->a) || LOOSE_OF (nd->b);
      if (EMPTY_OF (nd->b))
        {
          nd->val = x;
          nd->closed = na->closed;
          nd->empty = na->empty;
        }
      else if (EMPTY_OF (nd->a))
        {
          nd->val = y;
          nd->closed = g_array_index (p->nodes, Node, nd->b).closed;
          nd->empty = 0;
        }
      else
        {
          acy_bits_union (w, nd->reg, x, y);
          nd->val = nd->reg;
          nd->empty = 0;
        }
      break;
    case N_INTER:
    case N_DIFF:
      x = value (p, ev, nd->a);
      if (EMPTY_OF (nd->a))
        {
          nd->val = p->zero;
          nd->closed = TRUE;
          nd->empty = 1;
          level = LEVEL_OF (nd->a);
          break;
        }
      y = value (p, ev, nd->b);
      if (nd->kind == N_INTER)
        acy_bits_inter (w, nd->reg, x, y);
      else
        {
          acy_bits_diff (w, nd->reg, x, y);
          /* r \ s shrinks as s grows */
          loose = LEVEL_OF (nd->b) >= p->wlevel;
        }
      loose = loose || LOOSE_OF (nd->a) || LOOSE_OF (nd->b);
      nd->val = nd->reg;
      level = MAX (LEVEL_OF (nd->a), LEVEL_OF (nd->b));
      break;
    case N_SEQ:
      {
        guint l = nd->a != NONE ? nd->a : nd->dom, r = nd->b != NONE ? nd->b : nd->ran;
        const AcyWord *dom = NULL, *ran = NULL;

        x = value (p, ev, l);
        if (EMPTY_OF (l))
          {
            nd->val = p->zero;
            nd->closed = TRUE;
            nd->empty = 1;
            level = LEVEL_OF (l);
            break;
          }
        y = value (p, ev, r);
        level = MAX (LEVEL_OF (l), LEVEL_OF (r));
        if (EMPTY_OF (r))
          {
            nd->val = p->zero;
            nd->closed = TRUE;
            nd->empty = 1;
            level = LEVEL_OF (r);
            break;
          }
        if (nd->a == NONE)
          dom = x, x = NULL;
        if (nd->b == NONE)
          ran = y, y = NULL;
        loose = LOOSE_OF (l) || LOOSE_OF (r);
        if (x && y)
          acy_rel_compose (n, nd->reg, x, y);
        else if (x || y)
          acy_rel_restrict (n, nd->reg, x ? x : y, dom, ran);
        else
          identity_of_both (ev, nd->reg, dom, ran);
        nd->val = nd->reg;
        break;
      }
    case N_CART:
      x = value (p, ev, nd->a);
      y = value (p, ev, nd->b);
      acy_rel_cartesian (n, nd->reg, x, y);
      nd->val = nd->reg;
      loose = LOOSE_OF (nd->a) || LOOSE_OF (nd->b);
      level = MAX (LEVEL_OF (nd->a), LEVEL_OF (nd->b));
      break;
    case N_COMP:
      x = value (p, ev, nd->a);
      loose = na->level >= p->wlevel;   /* ~s shrinks as s grows */
      if (nd->cls == C_SET)
        acy_bits_complement (n, nd->reg, x);
      else
        for (guint i = 0; i < n; i++)
          acy_bits_complement (n, acy_rel_row (nd->reg, n, i), acy_rel_row ((AcyWord *) x, n, i));
      nd->val = nd->reg;
      level = na->level;
      break;
    case N_STAR:
      acy_bits_copy ((guint) p->rel_words, nd->reg, value (p, ev, nd->a));
      acy_rel_closure_refl (n, nd->reg);
      nd->val = nd->reg;
      nd->closed = TRUE;
      loose = na->loose;
      level = na->level;
      break;
    case N_PLUS:
      /* a transitive relation is its own r+ */
      x = value (p, ev, nd->a);
      nd->closed = TRUE;
      if (na->closed || EMPTY_OF (nd->a))
        {
          nd->val = x;
          nd->empty = na->empty;
        }
      else
        {
          acy_bits_copy ((guint) p->rel_words, nd->reg, x);
          acy_rel_closure (n, nd->reg);
          nd->val = nd->reg;
        }
      loose = na->loose;
      level = na->level;
      break;
    case N_OPT:
      acy_bits_union ((guint) p->rel_words, nd->reg, value (p, ev, nd->a), p->ident);
      nd->val = nd->reg;
      loose = na->loose;
      level = na->level;
      break;
    case N_INV:
      x = value (p, ev, nd->a);
      if (nd->cls == C_POLY)
        nd->val = p->zero;
      else
        {
          acy_rel_transpose (n, nd->reg, x);
          nd->val = nd->reg;
        }
      loose = na->loose;
      level = na->level;
      break;
    case N_TOID:
      acy_rel_identity (n, nd->reg, value (p, ev, nd->a));
      nd->val = nd->reg;
      loose = na->loose;
      level = na->level;
      break;
    default:   /* inputs and zeros are made by walk() */
      g_assert_not_reached ();
    }
#undef LEVEL_OF
#undef EMPTY_OF
#undef LOOSE_OF
  nd->level = level;
  /* (what does not depend on the with's relation, or is empty, is a
   * lower bound of what it is with more) */
  nd->loose = G_UNLIKELY (p->judging)
               && loose && level >= p->wlevel && !(nd->empty == 1 || nd->val == p->zero);
  nd->stamp = ++ev->cache->tick;
  /* below the with's level, it holds until a walk finds it stale */
  if (level < p->wlevel)
    nd->fresh = FALSE;
  return nd->val;
}

void
acy_cat_plan_start (AcyCatPlan *p)
{
  p->choice++;
}

guint
acy_cat_plan_n_checks (const AcyCatPlan *p)
{
  return p->n_checks;
}

guint
acy_cat_plan_check_stmt (const AcyCatPlan *p, guint k)
{
  return p->checks[k].stmt;
}

guint
acy_cat_plan_find (const AcyCatPlan *p, guint stmt)
{
  for (guint k = 0; k < p->n_checks; k++)
    if (p->checks[k].stmt == stmt)
      return k;
  return G_MAXUINT;
}

/* Within the choices of one `with` under the same outer choices, the
 * nodes a check's walk finds stale are the same each time, and so are
 * their classes, as long as its leaves come as they came: their values
 * are taken again, and the walk is left out. LEAF_TAKEN: done;
 * LEAF_INLINE: walk; LEAF_FAILED: give up. */
static LeafMode
refresh (AcyCatPlan *p, AcyCatEval *ev, Check *c)
{
  AcyCatCache *cache = ev->cache;
  guint64 mark = ++p->marks;

  if (c->walked == 0 || c->walked <= cache->epoch[p->wlevel - 1])
    return LEAF_INLINE;
  for (guint i = 0; i < c->leaves->len; i++)
    {
      const Leaf *l = &g_array_index (c->leaves, Leaf, i);
      Node *nd = &g_array_index (p->nodes, Node, l->node);
      LeafMode mode;

      if (nd->seen == p->choice)
        continue;
      nd->seen = p->choice;
      nd->mark = mark;
      /* a let or memo worked out here, still not the interpreter's:
       * worked out again (what is under it and kept stays so) */
      if (l->mode == LEAF_INLINE && nd->inline_
          && (nd->kind == N_LETREF ? ev->root->slots[nd->slot] == NULL
                                   : !acy_cat_expr_memo_kept (cache, &cache->expr_memo[nd->slot])))
        {
          nd->fresh = TRUE;
          continue;
        }
      if (kept (cache, nd))
        continue;
      mode = leaf (p, ev, nd);
      if (mode == LEAF_FAILED)
        return LEAF_FAILED;
      if (mode != l->mode || (mode == LEAF_TAKEN && nd->cls != l->cls))
        {
          /* the walk does again what this took, and what is under it
           * (not what an earlier check did this choice) */
          for (guint j = 0; j <= i; j++)
            {
              Node *m = &g_array_index (p->nodes, Node, g_array_index (c->leaves, Leaf, j).node);
              if (m->mark == mark)
                m->seen = 0;
            }
          return LEAF_INLINE;
        }
    }
  return LEAF_TAKEN;
}

AcyCatPlanResult
acy_cat_plan_check (AcyCatPlan *p, AcyCatEval *ev, guint k)
{
  Check *c = &p->checks[k];
  const AcyCatStmt *st = g_ptr_array_index (p->model->program, c->stmt);
  const Node *root;
  const AcyWord *x;
  gboolean holds;

  if (c->root == NONE)
    return ACY_CAT_PLAN_GAVE_UP;
  p->runs++;
  if (ev->n > ACY_MAX_EVENTS || !size_for (p, ev))
    {
      p->gave_up++;
      return ACY_CAT_PLAN_GAVE_UP;
    }
  switch (refresh (p, ev, c))
    {
    case LEAF_FAILED:
      p->gave_up++;
      return ACY_CAT_PLAN_GAVE_UP;
    case LEAF_TAKEN:
      break;
    default:
      /* walk again, and note the leaves */
      c->walked = 0;
      if (!walk (p, ev, c->root))
        {
          p->gave_up++;
          return ACY_CAT_PLAN_GAVE_UP;
        }
      g_array_set_size (c->leaves, 0);
      collect (p, c, c->root, ++p->marks);
      c->walked = ++ev->cache->tick;
    }
  root = &g_array_index (p->nodes, Node, c->root);
  switch (st->u.check.test)
    {
    case ACY_CAT_TEST_ACYCLIC:
    case ACY_CAT_TEST_IRREFLEXIVE:
      if (!rel_or_poly (root->cls))
        {
          p->gave_up++;
          return ACY_CAT_PLAN_GAVE_UP;   /* the interpreter's type error */
        }
      if (root->cls == C_POLY)
        holds = TRUE;
      else
        {
          x = value (p, ev, c->root);
          if (st->u.check.test == ACY_CAT_TEST_IRREFLEXIVE)
            holds = acy_rel_is_irreflexive (ev->n, x);
          else if (ev->n <= 64)
            {
              if (c->order == NULL)
                c->order = g_new0 (AcyWord, 64);
              holds = acy_rel_is_acyclic_in (ev->n, x, c->order);
            }
          else
            holds = acy_rel_is_acyclic (ev->n, x);
        }
      break;
    case ACY_CAT_TEST_EMPTY:
    default:
      value (p, ev, c->root);
      holds = node_empty (p, ev, &g_array_index (p->nodes, Node, c->root));
      break;
    }
  if (st->u.check.negated)
    holds = !holds;
  return holds ? ACY_CAT_PLAN_HOLDS : ACY_CAT_PLAN_FAILS;
}

AcyWord *
acy_cat_plan_relation (AcyCatPlan *p, AcyCatEval *ev, guint k)
{
  const Check *c = &p->checks[k];
  const AcyCatStmt *st = g_ptr_array_index (p->model->program, c->stmt);
  Node *root = &g_array_index (p->nodes, Node, c->root);
  AcyWord *rel;

  /* as eval_check(): none for {} (of no type), nor for an empty one
   * under `empty`; [S] for a set */
  if (root->cls == C_POLY
      || (st->u.check.test == ACY_CAT_TEST_EMPTY && node_empty (p, ev, root)))
    return NULL;
  rel = acy_cat_new_rel_raw (ev)->u.bits;
  if (root->cls == C_SET)
    acy_rel_identity (ev->n, rel, root->val);
  else
    acy_bits_copy ((guint) ev->rel_words, rel, root->val);
  return rel;
}

AcyCatPlanResult
acy_cat_plan_judge (AcyCatPlan *p, AcyCatEval *ev, guint k)
{
  const AcyCatStmt *st = g_ptr_array_index (p->model->program, p->checks[k].stmt);
  AcyCatPlanResult r;

  if (p->no_judging)
    return ACY_CAT_PLAN_GAVE_UP;
  /* ~empty r holds on r's lower bound and may not on more */
  if (st->u.check.negated)
    {
      p->no_judging = TRUE;
      return ACY_CAT_PLAN_GAVE_UP;
    }
  p->judging = TRUE;
  r = acy_cat_plan_check (p, ev, k);
  p->judging = FALSE;
  p->judged++;
  /* failing on what may not be a lower bound says nothing; the bounds
   * walk judges the prefix, and the plan no more if that is frequent */
  if (r == ACY_CAT_PLAN_FAILS && g_array_index (p->nodes, Node, p->checks[k].root).loose)
    {
      if (++p->loose_fails > 64 && p->loose_fails * 4 > p->judged)
        p->no_judging = TRUE;
      return ACY_CAT_PLAN_GAVE_UP;
    }
  return r;
}

gboolean
acy_cat_plan_can_judge (const AcyCatPlan *p)
{
  return !p->no_judging;
}

void
acy_cat_plan_counts (const AcyCatPlan *p, guint64 *runs, guint64 *gave_up)
{
  *runs += p->runs;
  *gave_up += p->gave_up;
}

gboolean
acy_cat_plan_worth (const AcyCatPlan *p)
{
  /* a plan that mostly gives up costs its walks for nothing */
  return p->runs < 256 || p->gave_up * 4 < p->runs;
}
