/* acy-trace-run.c - running a thread of any input language into traces
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each run of a thread follows one path: every choice point (a branch on
 * a value that is not a constant, a pointer that is not a constant, the
 * outcome of cmpxchg, spin_trylock, ...) takes the option recorded for
 * this run. Runs are replayed: the next run increments the last choice
 * that has options left, like an odometer, so no state is ever copied.
 * The front ends' semantics (acy-litmus-exec.c for C) make the events
 * of a path through the functions here (acy-trace-run.h).
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-resources.h"
#include "acy-trace-run.h"

/* Each if doubles the paths of a thread: 12 ifs in a row take a fraction
 * of a second to trace, 20 would take minutes and gigabytes.
 * A path costs some 10 kB, twice (once per checking thread). */
#define MAX_TRACES  (1u << 12)
/* A path that has no execution (a store through an integer at its end)
 * is dropped, but it took as long to run as one kept, a few us or more:
 * the paths run are bounded too (18 ifs, whose 2^18 paths all died, ran
 * for seconds). */
#define MAX_RUNS    (1u << 16)
/* Paths run between looks at the cancellable and the clock: a look
 * costs less than a hundredth of the shortest path. */
#define RUNS_PER_LOOK 4

/* ---- choice points ---- */

guint
acy_run_choose (AcyRun *x, guint n_options)
{
  guint c;

  if (x->pos >= ACY_RUN_MAX_CHOICES)
    {
      if (x->error == NULL)
        g_set_error (&x->error, ACY_ERROR, ACY_ERROR_LIMIT,
                     "%s: P%u makes more than %d choices", x->test->filename, x->thread, ACY_RUN_MAX_CHOICES);
      x->dead = TRUE;
      return 0;
    }
  if (x->pos < x->n_choices)
    c = x->choices[x->pos];
  else
    {
      c = 0;
      x->choices[x->pos] = 0;
      x->n_choices = x->pos + 1;
    }
  x->n_options[x->pos] = n_options;
  x->pos++;
  return c;
}

/* Move to the next combination of choices; FALSE when all were run. */
static gboolean
next_choices (AcyRun *x)
{
  x->n_choices = x->pos;
  while (x->n_choices > 0)
    {
      guint i = x->n_choices - 1;

      if (x->choices[i] + 1 < x->n_options[i])
        {
          x->choices[i]++;
          return TRUE;
        }
      x->n_choices--;
    }
  return FALSE;
}

/* ---- symbols ---- */

const AcySym *
acy_run_const (AcyRun *x, AcyValue v)
{
  AcySym *s = acy_arena_new0 (x->arena, AcySym);

  s->kind = ACY_SYM_CONST;
  s->value = v;
  return s;
}

static const AcySym *
sym_read (AcyRun *x, guint ev)
{
  AcySym *s = acy_arena_new0 (x->arena, AcySym);

  s->kind = ACY_SYM_READ;
  s->read = ev;
  return s;
}

/* The run stops at a limit: the first error (file:line:col) is kept,
 * and the path ends. */
void
acy_run_limit_at (AcyRun *x, AcyLoc at, const char *format, ...)
{
  if (x->error == NULL)
    {
      va_list args;
      g_autofree char *message = NULL;

      va_start (args, format);
      message = g_strdup_vprintf (format, args);
      va_end (args);
      acy_set_error_at (&x->error, ACY_ERROR_LIMIT, at, "%s", message);
    }
  x->dead = TRUE;
}

/* Whether the stack is too low to go deeper: then the path ends with
 * @message at @at, an error rather than an overflow. */
gboolean
acy_run_stack_too_low (AcyRun *x, AcyLoc at, const char *message)
{
  if (!acy_stack_low ())
    return FALSE;
  acy_run_limit_at (x, at, "%s", message);
  return TRUE;
}

/* Fold constants; an undefined operation (division by 0) kills the path. */
const AcySym *
acy_run_op (AcyRun *x, AcyLitOp op, const AcySym *a, const AcySym *b)
{
  AcySym *s;

  if (a->kind == ACY_SYM_CONST && (b == NULL || b->kind == ACY_SYM_CONST))
    {
      AcyValue v;

      if (!acy_lit_binop (x->test, op, a->value, b ? b->value : 0, &v) && x->lazy_faults)
        goto unfolded;
      if (!acy_lit_binop (x->test, op, a->value, b ? b->value : 0, &v))
        {
          /* herd7 stops on a division by zero (Division_by_zero): so do
           * we on any undefined operation, rather than drop the path */
          if (x->error == NULL)
            {
              g_autofree char *why = acy_lit_binop_fault (x->test, op, a->value, b ? b->value : 0);

              acy_set_error_at (&x->error,
                                acy_lit_binop_fault_code (x->test, op, a->value, b ? b->value : 0),
                                x->at, "%s near '%s'", why, acy_lit_op_text (op));
            }
          x->dead = TRUE;
          return a;
        }
      return acy_run_const (x, v);
    }
  /* herd's symbolic simplifications: v ^ v is 0, v == v is 1, v != v is
   * 0, v + 0 and v | 0 are v; a value that is one of these stays
   * solvable when v is out of thin air */
  if (op == ACY_LOP_XOR && a == b)
    return acy_run_const (x, 0);
  if ((op == ACY_LOP_EQ || op == ACY_LOP_NE) && a == b)
    return acy_run_const (x, op == ACY_LOP_EQ);
  if ((op == ACY_LOP_ADD || op == ACY_LOP_OR) && b != NULL)
    {
      if (a->kind == ACY_SYM_CONST && a->value == 0)
        return b;
      if (b->kind == ACY_SYM_CONST && b->value == 0)
        return a;
    }
unfolded:
  s = acy_arena_new0 (x->arena, AcySym);
  s->kind = ACY_SYM_OP;
  s->op = op;
  s->a = a;
  s->b = b;
  s->at = x->at;
  g_ptr_array_add (x->ops, s);
  return s;
}

/* A variable of herd's own for @s (see AcySym.copy_of). */
const AcySym *
acy_run_copy (AcyRun *x, const AcySym *s)
{
  AcySym *m = acy_arena_new0 (x->arena, AcySym);

  *m = *s;
  m->herd = m->herd_name = 0;
  m->copy_of = s;
  g_ptr_array_add (x->copies, m);
  return m;
}

void
acy_run_constrain (AcyRun *x, const AcySym *cond, gboolean want)
{
  AcyConstraint c = { cond, want, NULL, { 0 }, -1, 0, FALSE };

  g_array_append_val (x->constraints, c);
}

/* herd's equation read == @value (its `assign`, in a successful cmpxchg
 * and a failed atomic_add_unless): a constraint that can also give the
 * read @r its value, where reads-from leaves it out of thin air. */
void
acy_run_constrain_equal (AcyRun *x, gint r, const AcySym *value)
{
  const AcySym *read = x->events[r].sym;
  AcyConstraint c = { acy_run_op (x, ACY_LOP_EQ, read, value), TRUE, NULL, { 0 },
                      read->kind == ACY_SYM_READ ? (gint) read->read : -1, 0, FALSE };

  g_array_append_val (x->constraints, c);
}

/* Is @s non-zero? Decided now when constant, else a choice point whose
 * options become constraints. */
gboolean
acy_run_decide (AcyRun *x, const AcySym *s)
{
  gboolean taken;

  if (s->kind == ACY_SYM_CONST)
    return s->value != 0;
  taken = acy_run_choose (x, 2) == 0;
  acy_run_constrain (x, s, taken);
  return taken;
}

/* The next symbol herd creates, given to @s if it is a value of ours. */
void
acy_run_herd_symbol (AcyRun *x, const AcySym *s)
{
  x->hc++;
  if (s != NULL && s->kind != ACY_SYM_CONST && s->herd == 0)
    {
      AcySym *m = (AcySym *) s;

      m->herd = m->herd_name = x->hc;
    }
}

/* herd reads a register into a new symbol, a copy of its value. */
void
acy_run_herd_register_read (AcyRun *x, const AcySym *s)
{
  x->hc++;
  if (s->kind != ACY_SYM_CONST)
    {
      AcySym *m = (AcySym *) s;

      if (m->herd_name == m->herd)
        m->herd_name = x->hc;
    }
}

/* ---- events ---- */

/* Two read-modify-writes of one location in one statement
 * (`xchg(x,1) + xchg(x,2)`, also through a pointer that turns out to
 * be x) are not one after the other in herd7, which pairs each read
 * with the write of the same location in the instruction: with the
 * kernel's RMWs (a read and a write) it stops on an assertion of its
 * own, so the test is refused here; with C11's (one event) it finds no
 * execution of that path, so the path is left out. A failed cmpxchg,
 * a lone read, counts as one. FALSE when the event is not to be made. */
static gboolean
rmw_alone (AcyRun *x, guint32 kind, gint loc, AcyLoc at)
{
  guint32 c11 = kind & ACY_EV_W;

  for (guint i = x->stmt_first; i < x->n_events; i++)
    {
      const AcyTraceEvent *o = &x->events[i];

      if (!(o->ev.kind & ACY_EV_RMW) || !(o->ev.kind & ACY_EV_R) || o->ev.loc != loc
          || (o->ev.kind & ACY_EV_W) != c11)
        continue;
      if (c11)
        x->dead = TRUE;
      else
        {
          if (x->error == NULL)
            acy_set_error_at (&x->error, ACY_ERROR_UNSUPPORTED, at,
                              "this read-modify-write and the one at line %u, column %u both access %s "
                              "in one statement: herd7 stops on an assertion of its own (refused)",
                              o->ev.line, o->ev.col,
                              (const char *) g_ptr_array_index (x->test->loc_names, loc));
          x->dead = TRUE;
        }
      return FALSE;
    }
  return TRUE;
}

/* An event; an access to memory through address @addr (NULL for a
 * fence) depends on the reads that made it, and so does its value. */
gint
acy_run_event (AcyRun *x, guint32 kind, gint loc, const AcySym *value, gint tag,
               const AcyVal *addr, AcyLoc at)
{
  AcyTraceEvent *e;

  if (x->n_events >= ACY_LIT_MAX_THREAD_EVENTS)
    {
      acy_run_limit_at (x, at, "P%u has more than %d events near 'P%u'", x->thread,
                ACY_LIT_MAX_THREAD_EVENTS, x->thread);
      return -1;
    }
  if ((kind & ACY_EV_RMW) && (kind & ACY_EV_R) && loc >= 0 && !rmw_alone (x, kind, loc, at))
    return -1;
  e = &x->events[x->n_events];
  memset (e, 0, sizeof *e);
  e->ev.thread = (guint16) x->thread;
  e->ev.po_index = (guint16) x->n_events;
  e->ev.kind = kind;
  e->ev.loc = loc == ACY_LOC_NOWHERE ? -1 : loc;
  e->ev.instr = (gint32) x->n_instrs;
  e->ev.tags = tag >= 0 ? (guint64) 1 << tag : 0;
  e->ev.line = at.line;
  e->ev.col = at.col;
  e->ctrl = x->ctrl;
  e->rmw_partner = -1;
  e->stmt = x->stmt_number;
  e->instr_text = x->instr_text;
  if (addr)
    e->addr = e->vdep = addr->d;
  e->sym = value ? value : sym_read (x, x->n_events);
  if (value && value->kind == ACY_SYM_CONST)
    e->ev.value = value->value;
  return (gint) x->n_events++;
}

char *
acy_lit_moved_access_message (const AcyTest *test, AcyValue v, gint thread)
{
  g_autofree char *text = acy_test_format_value (test, v);
  g_autofree char *read = thread >= 0 ? g_strdup_printf ("; P%d, with a value it read", thread) : NULL;

  return g_strdup_printf ("an access through %s, an address moved by arithmetic, is not supported "
                          "(herd7 takes it for a location of its own%s)", text, read ? read : "");
}

/* An access through an address that arithmetic moved (x+1): herd7 takes
 * x+1 for a location of its own, which the locations of a test here do
 * not include, so the test is refused at the access rather than answered
 * wrongly. */
static gboolean
moved_pointer (AcyRun *x, AcyValue v, AcyLoc at)
{
  g_autofree char *text = NULL;

  if (!ACY_VALUE_IS_PTR (v) || ACY_VALUE_PTR_OFFSET (v) == 0)
    return FALSE;
  if (x->error == NULL)
    {
      text = acy_lit_moved_access_message (x->test, v, -1);
      acy_set_error_at (&x->error, ACY_ERROR_UNSUPPORTED, at, "%s", text);
    }
  x->dead = TRUE;
  return TRUE;
}

/* The location a constant address @v names: -1 when it is a moved one
 * (the path is dead, with the error), -2 when it names no location. */
static gint
const_loc (AcyRun *x, AcyValue v, AcyLoc at)
{
  if (moved_pointer (x, v, at))
    return -1;
  if (!ACY_VALUE_IS_ADDR (v) || (guint) ACY_VALUE_ADDR_LOC (v) >= x->test->loc_names->len)
    return -2;
  return ACY_VALUE_ADDR_LOC (v);
}

/* A path on which the access at @at goes through @a, a value that is
 * none of the test's addresses: in herd7 an integer is a location of
 * its own. The enumerator refuses the test when the value turns out to
 * be a moved address (see moved_pointer), and sees what the access does
 * there by @kind (AcyConstraint.through_int). */
static void
through_int (AcyRun *x, const AcyVal *a, AcyLoc at, guint kind)
{
  guint n_locs = x->test->loc_names->len;
  AcyConstraint c = { acy_run_const (x, 1), TRUE, a->s, at, -1, kind, FALSE };

  for (guint l = 0; l < n_locs; l++)
    acy_run_constrain (x, acy_run_op (x, ACY_LOP_NE, a->s, acy_run_const (x, ACY_VALUE_ADDR_BASE + l)), TRUE);
  g_array_append_val (x->constraints, c);
}

/* The location an address points to, for an access at @at. herd7
 * refuses a test that accesses memory through a constant that is no
 * address ("Non symbolic address: [5]"), and so do we. An unknown
 * address is split over the locations, under a constraint; with
 * @nowhere, a load or an RMW, also over herd's NoSymbol: a path where
 * the address is none of them, and the read reads from nowhere
 * (ACY_LOC_NOWHERE). herd7 keeps such a candidate when the address is
 * an integer, and refuses the test if the model allows it (it answers
 * C-PPO000-019, whose model forbids them all). */
static gint
access_loc (AcyRun *x, const AcyVal *a, AcyLoc at, gboolean nowhere)
{
  guint n_locs = x->test->loc_names->len;
  gint loc;

  if (x->dead)
    return -1;
  if (a->s->kind == ACY_SYM_CONST)
    {
      loc = const_loc (x, a->s->value, at);
      if (loc == -2)
        {
          if (x->error == NULL && !ACY_VALUE_IS_ADDR (a->s->value))
            acy_set_error_at (&x->error, ACY_ERROR_UNSUPPORTED, at,
                              "an access to memory through %" G_GINT64_FORMAT ", which is not an address",
                              a->s->value);
          x->dead = TRUE;
          return -1;
        }
      return loc;
    }
  loc = (gint) acy_run_choose (x, n_locs + (nowhere ? 1 : 0));
  if (loc == (gint) n_locs)
    {
      through_int (x, a, at, ACY_THROUGH_INT_LOAD);
      return x->dead ? -1 : ACY_LOC_NOWHERE;
    }
  {
    AcyConstraint c = { acy_run_op (x, ACY_LOP_EQ, a->s, acy_run_const (x, ACY_VALUE_ADDR_BASE + loc)),
                        TRUE, a->s, at, a->s->kind == ACY_SYM_READ ? (gint) a->s->read : -1, 0, nowhere };

    g_array_append_val (x->constraints, c);
  }
  return loc;
}

/* The location of a lock, an unlock, an SRCU event or a C11
 * compare-exchange: herd7's NoSymbol is not measured for them, so a
 * candidate where the address is an integer has no such path; the
 * enumerator refuses the test if one comes that far (note_non_address). */
gint
acy_run_addr_loc (AcyRun *x, const AcyVal *a, AcyLoc at)
{
  return access_loc (x, a, at, FALSE);
}

/* A load or an RMW, kernel or C11 (but compare-exchange): with herd's
 * NoSymbol path (see access_loc). */
gint
acy_run_load_loc (AcyRun *x, const AcyVal *a, AcyLoc at)
{
  return access_loc (x, a, at, TRUE);
}

/* The location a store goes to. herd7 lets a store through a value
 * that is no address (an integer read from memory, or a constant such
 * as `int *r0 = 0;`) write to that integer, a location of its own: a
 * write the model sees (herd7 gives `Always` for `r0 = READ_ONCE(*x);
 * WRITE_ONCE(*r0, 1); exists (x=0)`, and `Never` where that write,
 * ordered by smp_wmb, closes a cycle). ACY_LOC_NOWHERE: that path;
 * -1: the path is dead; -2: the address of no location of the test,
 * where nothing happens. */
gint
acy_run_store_loc (AcyRun *x, const AcyVal *a, AcyLoc at)
{
  guint n_locs = x->test->loc_names->len;
  guint loc;

  if (x->dead)
    return -1;
  if (a->s->kind == ACY_SYM_CONST)
    {
      gint l = const_loc (x, a->s->value, at);
      AcyConstraint c = { acy_run_const (x, 1), TRUE, a->s, at, -1, ACY_THROUGH_INT_STORE, FALSE };

      if (l != -2 || ACY_VALUE_IS_ADDR (a->s->value))
        return l;
      /* the enumerator sees it (through_int_check) */
      g_array_append_val (x->constraints, c);
      return ACY_LOC_NOWHERE;
    }
  loc = acy_run_choose (x, n_locs + 1);
  if (loc < n_locs)
    {
      const AcySym *is = acy_run_op (x, ACY_LOP_EQ, a->s, acy_run_const (x, ACY_VALUE_ADDR_BASE + loc));
      AcyConstraint c = { is, TRUE, NULL, { 0 },
                          a->s->kind == ACY_SYM_READ ? (gint) a->s->read : -1, 0, FALSE };

      g_array_append_val (x->constraints, c);
      return (gint) loc;
    }
  through_int (x, a, at, ACY_THROUGH_INT_STORE);
  return x->dead ? -1 : ACY_LOC_NOWHERE;
}

/* A read of @loc, its address depending on @addr. Its value is a new
 * symbol unless @value is given (lock reads have fixed values). */
gint
acy_run_read (AcyRun *x, guint32 kind, gint loc, AcyValue *value, gint tag,
              const AcyVal *addr, gboolean needs_rf, AcyLoc at)
{
  gint i = acy_run_event (x, kind, loc, value ? acy_run_const (x, *value) : NULL, tag, addr, at);

  if (i < 0)
    return -1;
  if (value == NULL)
    acy_run_herd_symbol (x, x->events[i].sym);
  /* through no address: herd's NoSymbol, a read from nowhere */
  x->events[i].nowhere = loc == ACY_LOC_NOWHERE;
  x->events[i].needs_rf = needs_rf && loc != ACY_LOC_NOWHERE;
  return i;
}

gint
acy_run_write (AcyRun *x, guint32 kind, gint loc, const AcyVal *value, gint tag,
               const AcyVal *addr, AcyLoc at)
{
  gint i = acy_run_event (x, kind, loc, value->s, tag, addr, at);

  if (i < 0)
    return -1;
  x->events[i].data = value->d;
  acy_dep_union (&x->events[i].vdep, &value->d);
  return i;
}

void
acy_run_fence (AcyRun *x, guint32 kind, gint tag, AcyLoc at)
{
  acy_run_event (x, kind, -1, acy_run_const (x, 0), tag, NULL, at);
  x->n_instrs++;
}

void
acy_run_link_rmw (AcyRun *x, gint r, gint w)
{
  if (r >= 0 && w >= 0)
    x->events[r].rmw_partner = w;
}

AcyVal
acy_val_const (AcyRun *x, AcyValue v)
{
  AcyVal r;

  memset (&r, 0, sizeof r);
  r.s = acy_run_const (x, v);
  return r;
}

void
acy_run_set_reg (AcyRun *x, guint reg, AcyVal v)
{
  x->regs[reg] = v.s;
  x->regd[reg] = v.d;
  x->reg_stmt[reg] = x->stmt_number;
}

AcyVal
acy_val_op (AcyRun *x, AcyLoc at, AcyLitOp op, AcyVal a, AcyVal b)
{
  x->at = at;
  a.s = acy_run_op (x, op, a.s, b.s);
  acy_dep_union (&a.d, &b.d);
  return a;
}

AcyVal
acy_val_of_read (AcyRun *x, gint ev)
{
  AcyVal r;

  memset (&r, 0, sizeof r);
  if (ev < 0)
    {
      r.s = acy_run_const (x, 0);
      return r;
    }
  r.s = x->events[ev].sym;
  acy_dep_add (&r.d, (guint) ev);
  return r;
}

static AcyTrace *
save_trace (AcyRun *x)
{
  AcyTrace *t = acy_arena_new0 (x->arena, AcyTrace);
  guint n_regs = x->test->threads[x->thread].n_regs;

  t->n_events = x->n_events;
  t->events = acy_arena_newv (x->arena, AcyTraceEvent, MAX (x->n_events, 1));
  if (x->n_events > 0)
    memcpy (t->events, x->events, x->n_events * sizeof (AcyTraceEvent));
  t->regs = acy_arena_newv (x->arena, const AcySym *, MAX (n_regs, 1));
  t->reg_stmt = acy_arena_newv (x->arena, guint, MAX (n_regs, 1));
  if (n_regs > 0)
    {
      memcpy (t->regs, x->regs, n_regs * sizeof (gpointer));
      memcpy (t->reg_stmt, x->reg_stmt, n_regs * sizeof (guint));
    }
  t->n_instrs = x->n_instrs;
  t->n_ops = x->ops->len;
  t->ops = acy_arena_newv (x->arena, const AcySym *, MAX (x->ops->len, 1));
  if (x->ops->len > 0)
    memcpy (t->ops, x->ops->pdata, x->ops->len * sizeof (gpointer));
  t->all_ops_fault = x->all_ops_fault && t->n_ops > 0;
  t->may_fault = t->all_ops_fault;
  for (guint i = 0; i < t->n_ops && !t->may_fault; i++)
    t->may_fault = t->ops[i]->op == ACY_LOP_DIV || t->ops[i]->op == ACY_LOP_MOD;
  t->cut = x->cut;
  t->cut_at = x->cut_at;
  t->has_iico = x->has_iico;
  t->n_copies = x->copies->len;
  t->copies = acy_arena_newv (x->arena, const AcySym *, MAX (x->copies->len, 1));
  if (x->copies->len > 0)
    memcpy (t->copies, x->copies->pdata, x->copies->len * sizeof (gpointer));
  t->n_unordered = x->unordered->len / 3;
  t->unordered = acy_arena_newv (x->arena, guint, MAX (x->unordered->len, 1));
  if (x->unordered->len > 0)
    memcpy (t->unordered, x->unordered->data, x->unordered->len * sizeof (guint));
  t->n_constraints = x->constraints->len;
  t->constraints = acy_arena_newv (x->arena, AcyConstraint, MAX (x->constraints->len, 1));
  if (x->constraints->len > 0)
    memcpy (t->constraints, x->constraints->data, x->constraints->len * sizeof (AcyConstraint));
  return t;
}

gboolean
acy_lit_halted (const char *filename, GCancellable *cancellable, gint64 deadline, GError **error)
{
  return acy_halt_now (filename, cancellable, deadline, error);
}

void
acy_run_init (AcyRun *x, const AcyTest *test, guint thread, AcyArena *arena,
              GCancellable *cancellable, gint64 deadline)
{
  guint n_regs = test->threads[thread].n_regs;

  x->test = test;
  x->thread = thread;
  x->arena = arena;
  x->regs = g_new0 (const AcySym *, MAX (n_regs, 1));
  x->regd = g_new0 (AcyDepSet, MAX (n_regs, 1));
  x->reg_stmt = g_new0 (guint, MAX (n_regs, 1));
  x->constraints = g_array_new (FALSE, FALSE, sizeof (AcyConstraint));
  x->cancellable = cancellable;
  x->deadline = deadline;
  x->ops = g_ptr_array_new ();
  x->copies = g_ptr_array_new ();
  x->unordered = g_array_new (FALSE, FALSE, sizeof (guint));
}

void
acy_run_clear (AcyRun *x)
{
  g_clear_pointer (&x->constraints, g_array_unref);
  g_clear_pointer (&x->ops, g_ptr_array_unref);
  g_clear_pointer (&x->copies, g_ptr_array_unref);
  g_clear_pointer (&x->unordered, g_array_unref);
  g_clear_pointer (&x->regs, g_free);
  g_clear_pointer (&x->regd, g_free);
  g_clear_pointer (&x->reg_stmt, g_free);
  g_clear_error (&x->error);
}

gboolean
acy_run_paths (AcyRun *x, guint64 herd_base, AcyRunPathFunc path, gpointer data,
               AcyThreadTraces *out, GError **error)
{
  const AcyLitThread *th = &x->test->threads[x->thread];
  GPtrArray *traces = g_ptr_array_new ();
  gboolean ok = TRUE;
  guint runs = 0;   /* paths run, kept or not */

  do
    {
      AcyArenaMark mark;

      /* counted by paths run: those that die leave no trace behind */
      if (runs % RUNS_PER_LOOK == 0 && acy_lit_halted (x->test->filename, x->cancellable, x->deadline, error))
        {
          ok = FALSE;
          break;
        }
      if (runs++ == MAX_RUNS)
        {
          acy_set_error_at (error, ACY_ERROR_LIMIT, th->loc,
                            "P%u has more than %u paths through its ifs and loops, counting those "
                            "with no execution (limit)", th->number, MAX_RUNS);
          ok = FALSE;
          break;
        }
      mark = acy_arena_mark (x->arena);
      x->pos = 0;
      x->n_events = 0;
      x->stmt_first = 0;
      x->stmt_number = 0;
      x->n_instrs = 0;
      x->dead = FALSE;
      x->cut = FALSE;
      g_array_set_size (x->constraints, 0);
      g_ptr_array_set_size (x->ops, 0);
      g_ptr_array_set_size (x->copies, 0);
      g_array_set_size (x->unordered, 0);
      x->hc = herd_base;
      memset (&x->ctrl, 0, sizeof x->ctrl);
      for (guint r = 0; r < th->n_regs; r++)
        x->regs[r] = acy_run_const (x, th->reg_init[r]);
      memset (x->regd, 0, th->n_regs * sizeof (AcyDepSet));
      memset (x->reg_stmt, 0, th->n_regs * sizeof (guint));

      path (x, data);
      if (x->error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&x->error));
          ok = FALSE;
          break;
        }
      if (x->dead)
        acy_arena_release (x->arena, mark);
      else
        {
          if (traces->len >= MAX_TRACES)
            {
              acy_set_error_at (error, ACY_ERROR_LIMIT, th->loc,
                                "P%u has more than %u paths through its ifs and loops (limit)",
                                th->number, MAX_TRACES);
              ok = FALSE;
              break;
            }
          g_ptr_array_add (traces, save_trace (x));
        }
    }
  while (next_choices (x));

  out->n_traces = traces->len;
  out->traces = acy_arena_newv (x->arena, AcyTrace *, MAX (traces->len, 1));
  if (traces->len > 0)
    memcpy (out->traces, traces->pdata, traces->len * sizeof (gpointer));
  g_ptr_array_free (traces, TRUE);
  return ok;
}

AcyTraceSet *
acy_trace_set_build (const AcyTest *test, gboolean rmw_tags_both, guint unroll,
                     GCancellable *cancellable, gint64 deadline,
                     GError **error)
{
  g_autoptr (AcyTraceSet) set = g_new0 (AcyTraceSet, 1);

  set->n_threads = test->n_threads;
  set->threads = g_new0 (AcyThreadTraces, MAX (test->n_threads, 1));
  set->arena = acy_arena_new (1 << 16);
  if (test->asm_arch != NULL
      ? !acy_asm_run_threads (test, unroll, set, cancellable, deadline, error)
      : !acy_lit_run_threads (test, rmw_tags_both, unroll, set, cancellable, deadline, error))
    return NULL;
  return g_steal_pointer (&set);
}

void
acy_trace_set_free (AcyTraceSet *set)
{
  if (set == NULL)
    return;
  g_free (set->threads);
  if (set->arena)
    acy_arena_free (set->arena);
  g_free (set);
}

/* herd7's -restrict observed: a read is observed when its statement (its
 * instruction, in an assembly test) is the last to write a register the
 * final state shows (the condition, `locations`, the filter); a lock's
 * read, a failed trylock's and spin_is_locked's are no memory loads to
 * herd. */
void
acy_trace_set_mark_unobserved (AcyTraceSet *set, const AcyTest *test)
{
  const guint32 not_loads = ACY_EV_LKR | ACY_EV_LF | ACY_EV_RL | ACY_EV_RU;

  for (guint t = 0; t < set->n_threads; t++)
    for (guint k = 0; k < set->threads[t].n_traces; k++)
      {
        AcyTrace *tr = set->threads[t].traces[k];

        tr->unobserved = FALSE;
        for (guint i = 0; i < tr->n_events && !tr->unobserved; i++)
          {
            const AcyEvent *e = &tr->events[i].ev;
            gboolean seen = FALSE;

            if (!(e->kind & ACY_EV_R) || (e->kind & not_loads))
              continue;
            for (guint v = 0; v < test->n_tracked && !seen; v++)
              seen = test->tracked[v].thread == (gint) t && test->tracked[v].index >= 0
                     && tr->reg_stmt[test->tracked[v].index] != 0
                     && tr->reg_stmt[test->tracked[v].index] == tr->events[i].stmt;
            tr->unobserved = !seen;
          }
      }
}
