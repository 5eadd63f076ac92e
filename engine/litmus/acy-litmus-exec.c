/* acy-litmus-exec.c - the semantics of C litmus code, as herd7 gives it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the statements and expressions of a C thread do when it runs:
 * the events of plain accesses, of the kernel's core operations (the
 * macros' __load, __store, __xchg, ... and locks) and of the C11
 * atomics, their dependencies, herd's numbering of symbols, and loops
 * unrolled -unroll times. The run itself (choice points, symbols,
 * events, paths into traces) is the core's (acy-trace-run.c).
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-litmus-numbering.h"
#include "acy-trace-run.h"

/* Rounds of loops a thread's paths may run in all: nested loops whose
 * conditions are constants make no choices, but each level runs the one
 * inside it -unroll + 1 times (490 levels would take 3^490 rounds) */
#define MAX_ROUNDS (1u << 21)
#define ROUNDS_PER_LOOK 4096

/* A C thread's run: the shared run (its first member) and what C's
 * statements, RMWs and herd's numbering of C add to it */
typedef struct {
  AcyRun              r;
  const AcyLitThread *th;
  /* the kernel RMWs' writes of the statement being run */
  gint                stmt_rmw_writes[ACY_LIT_MAX_THREAD_EVENTS];
  guint               n_stmt_rmw_writes;
  guint               unroll;       /* herd's -unroll */
  /* herd's Exit, the result of a loop cut off: a block ({ ... }) drops
   * it and goes on with its next statement, as herd's lists do; the
   * thread's own list stops there (exited) */
  gboolean            exiting;
  gboolean            exited;
  guint64             rounds;       /* of loops, over all the thread's paths */

  gint                tag_once;
  gint                tag_mb;
  gboolean            rmw_tags_both;   /* lkmmv2 (AcyEnumerateOptions) */

  /* herd's numbering of symbols (see acy-litmus-numbering.c) */
  AcyHerdNumbering   *numbering;
  guint64             hout;         /* outcome of the last statement in herd's list */
  guint64             eout;         /* outcome of the statement being run, by its alternatives */
} Exec;

static gint
find_tag (const AcyTest *test, const char *name)
{
  for (guint i = 0; i < test->tag_names->len; i++)
    if (strcmp (g_ptr_array_index (test->tag_names, i), name) == 0)
      return (gint) i;
  return -1;
}

/* One of the two alternatives herd builds for an instruction (a
 * cmpxchg that succeeds or fails, ...), 0 the first it builds. What
 * follows the statement is built once per outcome, in the order of
 * herd's list of them, and its symbols are numbered in that order; the
 * bind that gives the value to the statement lists them in reverse. */
static guint
choose_alternative (Exec *x)
{
  guint c = acy_run_choose (&x->r, 2);

  x->eout = x->eout * 2 + (1 - c);
  return c;
}

static gboolean eval (Exec *x, const AcyLitExpr *e, AcyVal *out);

/* One plain access instruction through the address @addr_expr, tagged
 * @tag: a read, its value in @out, or, when @value_expr is given, a write
 * of that value. FALSE when an operand fails; else *@ev is the event (-1
 * when the path died). */
static gboolean
plain_access (Exec *x, const AcyLitExpr *addr_expr, const AcyLitExpr *value_expr,
              gint tag, AcyLoc at, AcyVal *out, gint *ev)
{
  AcyVal a, v;
  gint loc;

  if (!eval (x, addr_expr, &a) || (value_expr && !eval (x, value_expr, &v)))
    return FALSE;
  loc = value_expr ? acy_run_store_loc (&x->r, &a, at) : acy_run_load_loc (&x->r, &a, at);
  if (loc == -2)
    {
      *ev = -2;   /* a store to the address of no location: nothing happens */
      x->r.n_instrs++;
      return TRUE;
    }
  if (loc == -1)
    return FALSE;
  if (value_expr)
    *ev = acy_run_write (&x->r, ACY_EV_W, loc, &v, tag, &a, at);
  else
    *ev = acy_run_read (&x->r, ACY_EV_R, loc, NULL, tag, &a, TRUE, at);
  x->r.n_instrs++;
  if (value_expr == NULL)
    *out = acy_val_of_read (&x->r, *ev);
  return TRUE;
}

/* ---- expressions ---- */

static gboolean eval_c11 (Exec *x, const AcyLitExpr *e, AcyVal *out);

/* A read-modify-write instruction on one location: the tags of its read
 * and its write, and the fences around it. */
typedef struct {
  gint        loc;
  const AcyVal  *addr;
  AcyLoc      at;
  gint        read_tag, write_tag;
  gboolean    fenced;       /* between two fences tagged fence_tag */
  gint        fence_tag;
} Rmw;

/* An RMW annotated @tag, as herd's C semantics (below) make it;
 * @fenced: with @tag fences around it (under lkmmv1 only). */
static Rmw
rmw_plan (Exec *x, gint loc, const AcyVal *addr, gint tag, gboolean fenced, AcyLoc at)
{
  Rmw m = {
    .loc = loc, .addr = addr, .at = at,
    .read_tag = x->tag_once, .write_tag = x->tag_once,
    .fenced = fenced, .fence_tag = tag,
  };

  if (x->rmw_tags_both)
    {
      /* lkmmv2: the annotation on both, no fences */
      m.read_tag = m.write_tag = tag;
      m.fenced = FALSE;
    }
  return m;
}

/* The leading fence and the read of @m. */
static gint
rmw_read (Exec *x, const Rmw *m)
{
  if (m->fenced)
    acy_run_fence (&x->r, ACY_EV_F, m->fence_tag, m->at);
  return acy_run_read (&x->r, ACY_EV_R | ACY_EV_RMW, m->loc, NULL, m->read_tag, m->addr, TRUE, m->at);
}

/* The write of @value, the partner of read @r, which ends the instruction;
 * then the trailing fence. @from_read: @value was computed from the read,
 * so it depends on it too. */
static gint
rmw_write (Exec *x, const Rmw *m, gint r, const AcyVal *value, gboolean from_read)
{
  gint w = acy_run_write (&x->r, ACY_EV_W | ACY_EV_RMW, m->loc, value, m->write_tag, m->addr, m->at);

  if (w >= 0 && from_read)
    acy_dep_add (&x->r.events[w].vdep, (guint) r);
  acy_run_link_rmw (&x->r, r, w);
  x->r.n_instrs++;
  if (w >= 0 && x->n_stmt_rmw_writes < G_N_ELEMENTS (x->stmt_rmw_writes))
    x->stmt_rmw_writes[x->n_stmt_rmw_writes++] = m->fenced ? -1 - w : w;
  if (m->fenced)
    acy_run_fence (&x->r, ACY_EV_F, m->fence_tag, m->at);
  return w;
}

/* The lone read of a failed conditional RMW (cmpxchg, atomic_add_unless):
 * a ONCE read (under lkmmv2 tagged @tag), still in the RMW set, and the
 * whole instruction. */
static gint
rmw_lone_read (Exec *x, gint loc, const AcyVal *addr, gint tag, AcyLoc at)
{
  gint r = acy_run_read (&x->r, ACY_EV_R | ACY_EV_RMW, loc, NULL,
                      x->rmw_tags_both ? tag : x->tag_once, addr, TRUE, at);

  x->r.n_instrs++;
  return r;
}

/* The RMW primitives follow herd7 7.58's C semantics. Under lkmmv2 the
 * annotation tags both the read and the write. Under lkmmv1 (no variant)
 * xchg, cmpxchg and the value-returning atomics are a ONCE read and
 * write whatever their annotation (acquire, release and mb alike), with
 * no fences; atomic_add_unless alone is between two mb fences (measured
 * with the oracle: tests/herd7 case rmw-lkmmv1). A failed cmpxchg or
 * atomic_add_unless is a lone ONCE read. */
static gboolean
eval_core (Exec *x, const AcyLitExpr *e, AcyVal *out)
{
  gint t = e->tag_index;
  AcyVal a, v, o;
  gint loc, r, w;
  Rmw m;

  *out = acy_val_const (&x->r, 0);
  switch (e->core)
    {
    case ACY_CORE_LOAD:
      return plain_access (x, e->args[0]->a, NULL, t, e->loc, out, &r) && r >= 0;

    case ACY_CORE_STORE:
      return plain_access (x, e->args[0]->a, e->args[1], t, e->loc, NULL, &w) && !x->r.dead;

    case ACY_CORE_FENCE:
      acy_run_fence (&x->r, ACY_EV_F, t, e->loc);
      return !x->r.dead;

    case ACY_CORE_XCHG:
      if (!eval (x, e->args[0], &a) || !eval (x, e->args[1], &v)
          || (loc = acy_run_load_loc (&x->r, &a, e->loc)) == -1)
        return FALSE;
      m = rmw_plan (x, loc, &a, t, FALSE, e->loc);
      r = rmw_read (x, &m);
      rmw_write (x, &m, r, &v, FALSE);
      *out = acy_val_of_read (&x->r, r);
      return !x->r.dead;

    case ACY_CORE_CMPXCHG:
      {
        guint64 base = x->r.hc;
        gboolean success;

        if (!eval (x, e->args[0], &a) || !eval (x, e->args[1], &o)
            || (loc = acy_run_load_loc (&x->r, &a, e->loc)) == -1)
          return FALSE;
        success = choose_alternative (x) == 0;

        if (success)
          {
            if (!eval (x, e->args[2], &v))
              return FALSE;
            m = rmw_plan (x, loc, &a, t, FALSE, e->loc);
            r = rmw_read (x, &m);
            rmw_write (x, &m, r, &v, FALSE);
          }
        else
          {
            /* a failed cmpxchg is a lone read, still in the RMW set; herd
             * builds it after the successful one */
            x->r.hc = base + acy_herd_cmpxchg_ok_vars (e) + acy_herd_expr_vars (e->args[0])
                    + acy_herd_expr_vars (e->args[1]);
            r = rmw_lone_read (x, loc, &a, t, e->loc);
            acy_run_herd_symbol (&x->r, NULL);   /* the comparison */
          }
        if (r >= 0 && success)
          acy_run_constrain_equal (&x->r, r, o.s);
        else if (r >= 0)
          acy_run_constrain (&x->r, acy_run_op (&x->r, ACY_LOP_EQ, x->r.events[r].sym, o.s), FALSE);
        *out = acy_val_of_read (&x->r, r);
        return !x->r.dead;
      }

    case ACY_CORE_ATOMIC_OP:
    case ACY_CORE_ATOMIC_OP_RETURN:
    case ACY_CORE_ATOMIC_FETCH_OP:
      if (!eval (x, e->args[2], &v) || !eval (x, e->args[0], &a)
          || (loc = acy_run_load_loc (&x->r, &a, e->loc)) == -1)
        return FALSE;
      {
        AcyVal nv;

        if (e->core == ACY_CORE_ATOMIC_OP)
          {
            /* herd: the read keeps the annotation (NORETURN), the write is ONCE */
            m = rmw_plan (x, loc, &a, t, FALSE, e->loc);
            m.read_tag = t;
            m.write_tag = x->rmw_tags_both ? t : x->tag_once;
          }
        else
          m = rmw_plan (x, loc, &a, t, FALSE, e->loc);
        r = rmw_read (x, &m);
        if (r < 0)
          return FALSE;
        nv.s = acy_run_op (&x->r, e->args[1]->op, x->r.events[r].sym, v.s);
        nv.d = v.d;
        acy_run_herd_symbol (&x->r, nv.s);
        rmw_write (x, &m, r, &nv, TRUE);
        *out = acy_val_of_read (&x->r, r);
        if (e->core == ACY_CORE_ATOMIC_OP_RETURN)
          {
            out->s = nv.s;
            acy_dep_union (&out->d, &v.d);
          }
        return !x->r.dead;
      }

    case ACY_CORE_ADD_UNLESS:
      if (!eval (x, e->args[0], &a) || !eval (x, e->args[2], &o)
          || (loc = acy_run_load_loc (&x->r, &a, e->loc)) == -1)
        return FALSE;
      if (choose_alternative (x) == 0)
        {
          AcyVal nv;

          if (!eval (x, e->args[1], &v))
            return FALSE;
          m = rmw_plan (x, loc, &a, x->rmw_tags_both ? t : x->tag_mb, TRUE, e->loc);
          r = rmw_read (x, &m);
          if (r < 0)
            return FALSE;
          acy_run_constrain (&x->r, acy_run_op (&x->r, ACY_LOP_NE, x->r.events[r].sym, o.s), TRUE);
          nv.s = acy_run_op (&x->r, ACY_LOP_ADD, x->r.events[r].sym, v.s);
          nv.d = v.d;
          rmw_write (x, &m, r, &nv, TRUE);
          *out = acy_val_const (&x->r, 1);
        }
      else
        {
          r = rmw_lone_read (x, loc, &a, t, e->loc);
          if (r < 0)
            return FALSE;
          acy_run_constrain_equal (&x->r, r, o.s);
          *out = acy_val_const (&x->r, 0);
        }
      return !x->r.dead;

    case ACY_CORE_LOCK:
    case ACY_CORE_TRYLOCK:
      if (!eval (x, e->args[0], &a) || (loc = acy_run_addr_loc (&x->r, &a, e->loc)) < 0)
        return FALSE;
      if (e->core == ACY_CORE_TRYLOCK && choose_alternative (x) == 1)
        {
          AcyValue one = 1;

          acy_run_read (&x->r, ACY_EV_LF, loc, &one, -1, &a, FALSE, e->loc);
          x->r.n_instrs++;
          *out = acy_val_const (&x->r, 0);
          return !x->r.dead;
        }
      {
        AcyValue zero = 0;
        AcyVal one = acy_val_const (&x->r, 1);

        r = acy_run_read (&x->r, ACY_EV_LKR, loc, &zero, -1, &a, FALSE, e->loc);
        w = acy_run_write (&x->r, ACY_EV_LKW, loc, &one, -1, &a, e->loc);
        acy_run_link_rmw (&x->r, r, w);
        x->r.n_instrs++;
        *out = acy_val_const (&x->r, 1);
        return !x->r.dead;
      }

    case ACY_CORE_C11_LOCK:
      /* herd's one event for a C11 lock, never a successful one (see
       * acy-litmus-c11.c) */
      if (!eval (x, e->args[0], &a) || (loc = acy_run_addr_loc (&x->r, &a, e->loc)) < 0)
        return FALSE;
      acy_run_event (&x->r, ACY_EV_LKC, loc, acy_run_const (&x->r, 0), -1, &a, e->loc);
      x->r.n_instrs++;
      return !x->r.dead;

    case ACY_CORE_UNLOCK:
      if (!eval (x, e->args[0], &a) || (loc = acy_run_addr_loc (&x->r, &a, e->loc)) < 0)
        return FALSE;
      v = acy_val_const (&x->r, 0);
      acy_run_write (&x->r, ACY_EV_UL, loc, &v, -1, &a, e->loc);
      x->r.n_instrs++;
      return !x->r.dead;

    case ACY_CORE_ISLOCKED:
      if (!eval (x, e->args[0], &a) || (loc = acy_run_addr_loc (&x->r, &a, e->loc)) < 0)
        return FALSE;
      {
        AcyValue one = 1, zero = 0;

        if (choose_alternative (x) == 0)
          {
            acy_run_read (&x->r, ACY_EV_RL, loc, &one, -1, &a, FALSE, e->loc);
            *out = acy_val_const (&x->r, 1);
          }
        else
          {
            acy_run_read (&x->r, ACY_EV_RU, loc, &zero, -1, &a, FALSE, e->loc);
            *out = acy_val_const (&x->r, 0);
          }
      }
      x->r.n_instrs++;
      return !x->r.dead;

    case ACY_CORE_SRCU:
      if (!eval (x, e->args[0], &a) || (loc = acy_run_addr_loc (&x->r, &a, e->loc)) < 0)
        return FALSE;
      v = acy_val_const (&x->r, 0);
      if (e->n_args > 1 && !eval (x, e->args[1], &v))
        return FALSE;
      acy_run_write (&x->r, ACY_EV_SRCU, loc, &v, t, &a, e->loc);
      x->r.n_instrs++;
      return !x->r.dead;

    case ACY_CORE_C11_LOAD:
    case ACY_CORE_C11_STORE:
    case ACY_CORE_C11_FENCE:
    case ACY_CORE_C11_EXCHANGE:
    case ACY_CORE_C11_FETCH:
    case ACY_CORE_C11_CAS:
      return eval_c11 (x, e, out);

    case ACY_CORE_NONE:
      break;
    }
  return FALSE;
}

/* ---- C11 atomics (see acy-litmus-c11.c) ---- */

/* A C11 read-modify-write: one event, read and write, whose written
 * value @value may use what it reads (@read, made beforehand by
 * c11_rmw_read with the index the event will have). */
static const AcySym *
c11_rmw_read (Exec *x)
{
  AcySym *s = acy_arena_new0 (x->r.arena, AcySym);

  s->kind = ACY_SYM_RFVAL;
  s->read = x->r.n_events;
  acy_run_herd_symbol (&x->r, s);
  return s;
}

static gint
c11_rmw_event (Exec *x, AcyLitMemOrder mo, gint loc, const AcyVal *value, const AcyVal *addr, AcyLoc at)
{
  gint i = acy_run_write (&x->r, ACY_EV_R | ACY_EV_W | ACY_EV_RMW | ACY_EV_A | mo, loc, value, -1, addr, at);

  /* through no address: herd's NoSymbol, its read from nowhere */
  if (i >= 0)
    {
      x->r.events[i].nowhere = loc == ACY_LOC_NOWHERE;
      x->r.events[i].needs_rf = loc != ACY_LOC_NOWHERE;
    }
  x->r.n_instrs++;
  return i;
}

static gboolean
eval_c11 (Exec *x, const AcyLitExpr *e, AcyVal *out)
{
  AcyVal a, v, ea;
  gint loc, r, w;

  *out = acy_val_const (&x->r, 0);
  switch (e->core)
    {
    case ACY_CORE_C11_LOAD:
      if (!eval (x, e->args[0], &a) || (loc = acy_run_load_loc (&x->r, &a, e->loc)) == -1)
        return FALSE;
      r = acy_run_read (&x->r, ACY_EV_R | ACY_EV_A | e->c11_mo, loc, NULL, -1, &a, TRUE, e->loc);
      x->r.n_instrs++;
      *out = acy_val_of_read (&x->r, r);
      return r >= 0;

    case ACY_CORE_C11_STORE:
      /* through a value that is no address, a constant or read from
       * memory, it writes where a plain store does (store_loc) */
      if (!eval (x, e->args[0], &a) || !eval (x, e->args[1], &v)
          || (loc = acy_run_store_loc (&x->r, &a, e->loc)) == -1)
        return FALSE;
      if (loc == -2)
        {
          x->r.n_instrs++;   /* the address of no location: nothing happens */
          return TRUE;
        }
      w = acy_run_write (&x->r, ACY_EV_W | ACY_EV_A | e->c11_mo, loc, &v, -1, &a, e->loc);
      x->r.n_instrs++;
      return w >= 0;

    case ACY_CORE_C11_FENCE:
      acy_run_event (&x->r, ACY_EV_F | e->c11_mo, -1, acy_run_const (&x->r, 0), -1, NULL, e->loc);
      x->r.n_instrs++;
      return !x->r.dead;

    case ACY_CORE_C11_EXCHANGE:
    case ACY_CORE_C11_FETCH:
      if (!eval (x, e->args[1], &v) || !eval (x, e->args[0], &a)
          || (loc = acy_run_load_loc (&x->r, &a, e->loc)) == -1)
        return FALSE;
      {
        const AcySym *old = c11_rmw_read (x);
        AcyVal nv = v;

        if (e->core == ACY_CORE_C11_FETCH)
          {
            nv.s = acy_run_op (&x->r, e->op, old, v.s);
            acy_run_herd_symbol (&x->r, nv.s);
          }
        r = c11_rmw_event (x, e->c11_mo, loc, &nv, &a, e->loc);
        if (r < 0)
          return FALSE;
        out->s = old;
        acy_dep_add (&out->d, (guint) r);
      }
      return !x->r.dead;

    case ACY_CORE_C11_CAS:
      /* herd: the address of "expected", then of the object */
      if (!eval (x, e->args[1], &ea) || !eval (x, e->args[0], &a))
        return FALSE;
      {
        gint eloc = acy_run_addr_loc (&x->r, &ea, e->loc), ex;
        const AcySym *expected;

        if ((loc = acy_run_addr_loc (&x->r, &a, e->loc)) < 0 || eloc < 0)
          return FALSE;
        ex = acy_run_read (&x->r, ACY_EV_R, eloc, NULL, -1, &ea, TRUE, e->loc);
        if (ex < 0)
          return FALSE;
        expected = x->r.events[ex].sym;
        if (choose_alternative (x) == 0)
          {
            /* failure: an atomic read, whose value goes to "expected"
             * (herd records no dependency on it) */
            AcyVal got;

            r = acy_run_read (&x->r, ACY_EV_R | ACY_EV_A | e->c11_fail_mo, loc, NULL, -1, &a, TRUE, e->loc);
            if (r < 0)
              return FALSE;
            if (e->c11_strong)
              acy_run_constrain (&x->r, acy_run_op (&x->r, ACY_LOP_NE, x->r.events[r].sym, expected), TRUE);
            got = acy_val_const (&x->r, 0);
            got.s = x->r.events[r].sym;
            acy_run_write (&x->r, ACY_EV_W, eloc, &got, -1, &ea, e->loc);
            x->r.n_instrs++;
            *out = acy_val_const (&x->r, 0);
          }
        else
          {
            /* success: one RMW that reads the expected value */
            const AcySym *old;

            if (!eval (x, e->args[2], &v))
              return FALSE;
            old = c11_rmw_read (x);
            r = c11_rmw_event (x, e->c11_mo, loc, &v, &a, e->loc);
            if (r < 0)
              return FALSE;
            acy_run_constrain (&x->r, acy_run_op (&x->r, ACY_LOP_EQ, old, expected), TRUE);
            *out = acy_val_const (&x->r, 1);
          }
      }
      return !x->r.dead;

    default:
      break;
    }
  x->r.dead = TRUE;
  return FALSE;
}

static gboolean eval (Exec *x, const AcyLitExpr *e, AcyVal *out);

/* A binary operation. Its left operand is walked by a loop, not by
 * recursion: 1+1+...+1 is a left-deep tree as deep as it is long (999
 * levels within the parser's bound), and eval's frames under ASan
 * overflowed a 1 MiB stack there. */
static gboolean
eval_binary (Exec *x, const AcyLitExpr *e, AcyVal *out)
{
  const AcyLitExpr *small[32];
  g_autofree const AcyLitExpr **big = NULL;
  const AcyLitExpr **spine = small;
  const AcyLitExpr *leaf;
  guint n = 0, first = x->r.n_events;
  AcyVal acc;

  for (leaf = e; leaf->kind == ACY_LEXPR_BINARY; leaf = leaf->a)
    n++;
  if (n > G_N_ELEMENTS (small))
    spine = big = g_new (const AcyLitExpr *, n);
  n = 0;
  for (leaf = e; leaf->kind == ACY_LEXPR_BINARY; leaf = leaf->a)
    spine[n++] = leaf;
  if (!eval (x, leaf, &acc))
    return FALSE;
  /* from the innermost operation out; every left operand starts at the
   * same event, @first */
  while (n-- > 0)
    {
      const AcyLitExpr *op = spine[n];
      guint middle = x->r.n_events;
      AcyVal b;

      if (!eval (x, op->b, &b))
        return FALSE;
      /* herd evaluates the operands side by side: their events are
       * not ordered by po */
      if (first < middle && middle < x->r.n_events)
        {
          guint t[3] = { first, middle, x->r.n_events };

          g_array_append_vals (x->r.unordered, t, 3);
        }
      acy_dep_union (&acc.d, &b.d);
      x->r.at = op->loc;
      {
        const AcySym *a = acc.s;

        acc.s = acy_run_op (&x->r, op->op, a, b.s);
        if (acy_herd_expr_is_symbolic (op) && !acy_herd_op_is_identity (op->op, op->a, op->b))
          {
            /* an operand folded away (a register holding 0): herd still
             * makes a variable for the result */
            if (!x->r.dead && acc.s->kind != ACY_SYM_CONST && (acc.s == a || acc.s == b.s))
              acc.s = acy_run_copy (&x->r, acc.s);
            acy_run_herd_symbol (&x->r, acc.s);
          }
      }
      if (x->r.dead)
        return FALSE;
    }
  *out = acc;
  return TRUE;
}

static gboolean
eval (Exec *x, const AcyLitExpr *e, AcyVal *out)
{
  AcyVal a;

  if (x->r.dead)
    return FALSE;
  /* right operands and prefix operators still recurse, as deep as the
   * parser allows (ACY_LIT_MAX_DEPTH): a stack smaller than that needs
   * is an error, not an overflow */
  if (acy_run_stack_too_low (&x->r, e->loc, "expression nested too deeply for the stack"))
    return FALSE;
  switch (e->kind)
    {
    case ACY_LEXPR_INT:
    case ACY_LEXPR_ADDROF:
      *out = acy_val_const (&x->r, e->value);
      return TRUE;
    case ACY_LEXPR_NAME:
      out->s = x->r.regs[e->reg];
      out->d = x->r.regd[e->reg];
      acy_run_herd_register_read (&x->r, out->s);
      return TRUE;
    case ACY_LEXPR_DEREF:
      {
        gint r;

        /* `*p` as a value: a plain (untagged) read */
        return plain_access (x, e->a, NULL, -1, e->loc, out, &r) && r >= 0;
      }
    case ACY_LEXPR_UNARY:
      if (!eval (x, e->a, &a))
        return FALSE;
      out->d = a.d;
      out->s = acy_run_op (&x->r, e->op, a.s, NULL);
      if (acy_herd_expr_is_symbolic (e->a))
        acy_run_herd_symbol (&x->r, out->s);
      return !x->r.dead;
    case ACY_LEXPR_BINARY:
      return eval_binary (x, e, out);
    case ACY_LEXPR_CALL:
      return eval_core (x, e, out);
    case ACY_LEXPR_OPARG:
      break;
    }
  x->r.dead = TRUE;
  return FALSE;
}

/* ---- statements ---- */

static gboolean exec_stmt (Exec *x, const AcyLitStmt *s);

/* Runs the statements of a block; returns the rank of the path among
 * the outcomes herd lists for it. The rest after body[i] is built once
 * per outcome of body[i], in order, and herd's list of the whole is the
 * reverse of the concatenation:
 *   rank(i) = suffix_outcomes[i] - 1 - (o[i] * suffix_outcomes[i + 1] + rank(i + 1))
 * folded from the end, so that a long block uses no stack. */
static guint64
exec_list (Exec *x, const AcyLitStmt *block, const AcyHerdCount *c, gboolean *ok)
{
  guint64 small[32];
  g_autofree guint64 *big = block->n_body > G_N_ELEMENTS (small) ? g_new (guint64, block->n_body) : NULL;
  guint64 *outs = big ? big : small;
  guint64 rank = 0;

  for (guint i = 0; i < block->n_body; i++)
    {
      guint64 base = x->r.hc;

      if (!exec_stmt (x, block->body[i]))
        {
          *ok = FALSE;
          return 0;
        }
      if (x->exiting)
        {
          /* the thread's own statements stop at an Exit; a block's go on */
          if (block == x->th->body)
            x->exited = TRUE;
          x->exiting = FALSE;
        }
      outs[i] = x->hout;
      x->r.hc = base + acy_herd_count_stmt (x->numbering, block->body[i])->vars
              + outs[i] * c->suffix_vars[i + 1];
    }
  for (guint i = block->n_body; i-- > 0;)
    rank = c->suffix_outcomes[i] - 1 - (outs[i] * c->suffix_outcomes[i + 1] + rank);
  return rank;
}

/* The statement (or condition) that started at x->r.stmt_first ends:
 * herd7 orders the events of one statement by the values they pass
 * (iico), and nothing takes a value from an RMW's write, so that write
 * is in no po with what the statement does after it (a store of
 * xchg(x,1)'s result to x may come before it in co, as in herd7). An
 * RMW between fences (atomic_add_unless under lkmmv1) keeps its order,
 * and a write of its location after it in the statement is refused. */
static void
end_stmt (Exec *x)
{
  for (guint k = 0; k < x->n_stmt_rmw_writes; k++)
    {
      guint w;

      if (x->stmt_rmw_writes[k] < 0)
        {
          /* between fences: herd7 orders it otherwise, which is not
           * followed here; refused when it matters, a write of the
           * same location later in the statement */
          const AcyTraceEvent *rw = &x->r.events[-1 - x->stmt_rmw_writes[k]];

          for (guint j = (guint) (-1 - x->stmt_rmw_writes[k]) + 1; j < x->r.n_events; j++)
            if ((x->r.events[j].ev.kind & ACY_EV_W) && x->r.events[j].ev.loc == rw->ev.loc
                && x->r.error == NULL)
              {
                AcyLoc at = { x->r.test->filename, x->r.events[j].ev.line, x->r.events[j].ev.col };

                acy_set_error_at (&x->r.error, ACY_ERROR_UNSUPPORTED, at,
                                  "this write and the read-modify-write between fences at line %u, "
                                  "column %u (lkmmv1) both write %s in one statement: not supported "
                                  "(herd7 orders their events in a way not followed here)",
                                  rw->ev.line, rw->ev.col,
                                  (const char *) g_ptr_array_index (x->r.test->loc_names, rw->ev.loc));
                x->r.dead = TRUE;
              }
          continue;
        }
      w = (guint) x->stmt_rmw_writes[k];
      if (w + 1 < x->r.n_events)
        {
          guint t[3] = { w, w + 1, x->r.n_events };

          g_array_append_vals (x->r.unordered, t, 3);
        }
    }
  x->n_stmt_rmw_writes = 0;
}

/* The condition of an if or a while: evaluated, its symbols counted
 * past @base, its reads made a control dependency of what follows (the
 * caller ends it), and decided (a choice point when not constant). */
static gboolean
branch_on (Exec *x, const AcyLitExpr *e, guint64 *base, gboolean *taken)
{
  AcyVal v;

  x->r.stmt_first = x->r.n_events;
  x->r.stmt_number++;
  x->n_stmt_rmw_writes = 0;
  if (!eval (x, e, &v))
    return FALSE;
  end_stmt (x);
  *base += acy_herd_cond_vars (e);
  acy_dep_union (&x->r.ctrl, &v.d);
  *taken = acy_run_decide (&x->r, v.s);
  return TRUE;
}

/* while (e) s at level @k of its unrolling: herd's if (e) { s; <level
 * k + 1> }, and at level -unroll, if (e) <cut off>: the candidates of
 * the path are left out (herd's CutOff), and the loop's result is Exit,
 * which stops the thread when the loop is one of its own statements (see
 * Exec.exiting). The recursion is as deep as -unroll. */
static gboolean
exec_while (Exec *x, const AcyLitStmt *s, guint k)
{
  AcyDepSet outer = x->r.ctrl;
  const AcyHerdCount *c, *b;
  guint64 base = x->r.hc;
  gboolean both, ok = TRUE, taken;

  /* cut off in the body: the thread has stopped */
  x->hout = 0;
  if (x->exited)
    return TRUE;
  /* each level of each loop nests a call: deep nesting under a small
   * stack (1 MiB, with ASan's frames) ends here, at the loop */
  if (acy_run_stack_too_low (&x->r, s->loc, "loops nested too deeply for the stack near 'while'"))
    return FALSE;
  if (++x->rounds > MAX_ROUNDS)
    {
      acy_run_limit_at (&x->r, s->loc, "the loops of P%u run more than %u rounds in all (nested loops, "
                "each unrolled -unroll times) near 'while'", x->r.thread, MAX_ROUNDS);
      return FALSE;
    }
  if (x->rounds % ROUNDS_PER_LOOK == 0 && x->r.error == NULL
      && acy_lit_halted (x->r.test->filename, x->r.cancellable, x->r.deadline, &x->r.error))
    {
      x->r.dead = TRUE;
      return FALSE;
    }
  c = acy_herd_count_stmt (x->numbering, s);
  b = acy_herd_count_stmt (x->numbering, s->then_s);
  both = acy_herd_expr_is_symbolic (s->expr);
  /* the body, and the levels after it, depend on the condition */
  if (!branch_on (x, s->expr, &base, &taken))
    return FALSE;
  if (taken)
    {
      guint64 then_outcomes = k == x->unroll ? 1 : b->outcomes * c->suffix_outcomes[k + 1];
      guint64 rank = 0;

      x->r.hc = base;
      if (k == x->unroll)
        {
          if (!x->r.cut)
            x->r.cut_at = s->loc;
          x->r.cut = TRUE;
          x->exiting = TRUE;
        }
      else
        {
          guint64 o1;

          ok = exec_stmt (x, s->then_s);
          /* the body's result is dropped: the next level's is the loop's */
          x->exiting = FALSE;
          o1 = x->hout;
          x->r.hc = base + b->vars + o1 * c->suffix_vars[k + 1];
          ok = ok && exec_while (x, s, k + 1);
          /* the rank of a list of two, as in exec_list */
          rank = c->suffix_outcomes[k + 1] - 1 - x->hout;
          rank = then_outcomes - 1 - (o1 * c->suffix_outcomes[k + 1] + rank);
        }
      x->hout = (both ? 1 : 0) + then_outcomes - 1 - rank;
    }
  else
    x->hout = 0;
  x->r.ctrl = outer;
  return ok;
}

static gboolean
exec_stmt_body (Exec *x, const AcyLitStmt *s)
{
  AcyVal v;

  if (x->r.dead)
    return FALSE;
  x->hout = 0;
  x->eout = 0;
  if (x->exited)
    return TRUE;
  x->r.stmt_first = x->r.n_events;
  x->r.stmt_number++;
  x->n_stmt_rmw_writes = 0;
  switch (s->kind)
    {
    case ACY_LSTMT_EXPR:
      if (!eval (x, s->expr, &v))
        return FALSE;
      end_stmt (x);
      x->hout = x->eout;
      return TRUE;
    case ACY_LSTMT_ASSIGN:
    case ACY_LSTMT_DECL:
      if (s->expr == NULL)
        return TRUE;
      if (!eval (x, s->expr, &v))
        return FALSE;
      end_stmt (x);
      acy_run_set_reg (&x->r, s->reg, v);
      x->hout = x->eout;
      return TRUE;
    case ACY_LSTMT_STORE:
      {
        gint w;

        if (!plain_access (x, s->lhs->a, s->expr, -1, s->loc, NULL, &w) || x->r.dead)
          return FALSE;
        end_stmt (x);
        x->hout = x->eout;
        return TRUE;
      }
    case ACY_LSTMT_IF:
      {
        AcyDepSet outer = x->r.ctrl;
        guint64 base = x->r.hc;
        const AcyHerdCount *tc = acy_herd_count_stmt (x->numbering, s->then_s);
        const AcyHerdCount *ec = s->else_s ? acy_herd_count_stmt (x->numbering, s->else_s) : NULL;
        guint64 e_outcomes = ec ? ec->outcomes : 1;
        gboolean both = acy_herd_expr_is_symbolic (s->expr);
        gboolean ok;

        gboolean taken;

        /* As in herd, the events of the branches depend on the reads of
         * the condition, and the dependency ends with the if statement:
         * what follows it is not control-dependent. */
        if (!branch_on (x, s->expr, &base, &taken))
          return FALSE;
        /* herd builds the then branch, then the else branch, and lists
         * their outcomes in reverse: else's first */
        if (taken)
          {
            x->r.hc = base;
            ok = exec_stmt (x, s->then_s);
            x->hout = (both ? e_outcomes : 0) + tc->outcomes - 1 - x->hout;
          }
        else if (s->else_s == NULL)
          {
            ok = TRUE;
            x->hout = 0;
          }
        else
          {
            x->r.hc = base + (both ? tc->vars : 0);
            ok = exec_stmt (x, s->else_s);
            x->hout = ec->outcomes - 1 - x->hout;
          }
        x->r.ctrl = outer;
        return ok;
      }
    case ACY_LSTMT_BLOCK:
      {
        gboolean ok = TRUE;

        x->hout = exec_list (x, s, acy_herd_count_stmt (x->numbering, s), &ok);
        return ok;
      }
    case ACY_LSTMT_WHILE:
      return exec_while (x, s, 0);
    }
  return TRUE;
}

static gboolean
exec_stmt (Exec *x, const AcyLitStmt *s)
{
  guint64 base = x->r.hc;
  gboolean ok = exec_stmt_body (x, s);

  x->r.hc = base + acy_herd_count_stmt (x->numbering, s)->vars;
  return ok;
}

static gboolean
run_path (AcyRun *r, gpointer data)
{
  Exec *x = (Exec *) r;

  (void) data;
  x->exiting = x->exited = FALSE;
  return exec_stmt (x, x->th->body);
}

gboolean
acy_lit_run_threads (const AcyTest *test, gboolean rmw_tags_both, guint unroll,
                     AcyTraceSet *set, GCancellable *cancellable, gint64 deadline,
                     GError **error)
{
  AcyHerdNumbering *numbering = acy_herd_numbering_new (unroll);
  guint64 herd_base = 0;
  gboolean ok = TRUE;

  /* herd builds the threads in order: each one's symbols follow those of
   * the threads before it */
  for (guint t = 0; t < test->n_threads && ok; t++)
    {
      Exec *x = g_new0 (Exec, 1);

      acy_run_init (&x->r, test, t, set->arena, cancellable, deadline);
      x->th = &test->threads[t];
      x->tag_once = find_tag (test, "ONCE");
      x->tag_mb = find_tag (test, "MB");
      x->rmw_tags_both = rmw_tags_both;
      x->unroll = unroll;
      x->numbering = numbering;
      ok = acy_run_paths (&x->r, herd_base, run_path, NULL, &set->threads[t], error);
      acy_run_clear (&x->r);
      g_free (x);
      herd_base += acy_herd_count_stmt (numbering, test->threads[t].body)->vars;
    }
  acy_herd_numbering_free (numbering);
  return ok;
}
