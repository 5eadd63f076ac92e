/* acy-litmus-exec.c - running litmus threads symbolically into traces
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each run of a thread follows one path: every choice point (a branch on
 * a value that is not a constant, a pointer that is not a constant, the
 * outcome of cmpxchg, spin_trylock, ...) takes the option recorded for
 * this run. Runs are replayed: the next run increments the last choice
 * that has options left, like an odometer, so no state is ever copied.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-litmus-trace.h"
#include "acy-resources.h"

#define MAX_CHOICES 1024
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
/* Rounds of loops a thread's paths may run in all: nested loops whose
 * conditions are constants make no choices, but each level runs the one
 * inside it -unroll + 1 times (490 levels would take 3^490 rounds) */
#define MAX_ROUNDS (1u << 21)
#define ROUNDS_PER_LOOK 4096

typedef struct {
  const AcySym *s;
  AcyDepSet     d;
} Val;

typedef struct {
  const AcyTest      *test;
  const AcyLitThread *th;
  guint               thread;
  AcyArena           *arena;        /* symbols and traces */

  guint               choices[MAX_CHOICES];
  guint               n_options[MAX_CHOICES];
  guint               n_choices;
  guint               pos;

  AcyTraceEvent       events[ACY_LIT_MAX_THREAD_EVENTS];
  guint               n_events;
  GArray             *constraints;  /* AcyConstraint */
  const AcySym      **regs;
  AcyDepSet          *regd;
  AcyDepSet           ctrl;
  guint               n_instrs;
  guint               stmt_first;   /* the first event of the statement (or condition) being run */
  guint               stmt_number;  /* of that statement along the path (AcyTraceEvent.stmt) */
  gint                stmt_rmw_writes[ACY_LIT_MAX_THREAD_EVENTS];   /* the kernel RMWs' writes of that statement */
  guint               n_stmt_rmw_writes;
  gboolean            dead;         /* this path is not an execution */
  guint               unroll;       /* herd's -unroll */
  gboolean            cut;          /* went past -unroll at the loop at cut_at */
  AcyLoc              cut_at;
  /* herd's Exit, the result of a loop cut off: a block ({ ... }) drops
   * it and goes on with its next statement, as herd's lists do; the
   * thread's own list stops there (exited) */
  gboolean            exiting;
  gboolean            exited;
  guint64             rounds;       /* of loops, over all the thread's paths */
  GCancellable       *cancellable;
  gint64              deadline;
  GError             *error;        /* a run that cannot go on at all */
  AcyLoc              at;           /* the operator sym_op works for, for messages */

  gint                tag_once;
  gint                tag_mb;
  gboolean            rmw_tags_both;   /* lkmmv2 (AcyEnumerateOptions) */

  /* herd's numbering of symbols (see acy-litmus-numbering.c) */
  AcyHerdNumbering   *numbering;
  guint64             hc;           /* symbols herd created so far */
  guint64             hout;         /* outcome of the last statement in herd's list */
  guint64             eout;         /* outcome of the statement being run, by its alternatives */
  GPtrArray          *ops;          /* operations of the path */
  GPtrArray          *copies;       /* values that are copies (AcySym.copy_of) */
  GArray             *unordered;    /* guint triples, see AcyTrace */
} Exec;

static gint
find_tag (const AcyTest *test, const char *name)
{
  for (guint i = 0; i < test->tag_names->len; i++)
    if (strcmp (g_ptr_array_index (test->tag_names, i), name) == 0)
      return (gint) i;
  return -1;
}

/* ---- choice points ---- */

static guint
choose (Exec *x, guint n_options)
{
  guint c;

  if (x->pos >= MAX_CHOICES)
    {
      if (x->error == NULL)
        g_set_error (&x->error, ACY_ERROR, ACY_ERROR_LIMIT,
                     "%s: P%u makes more than %d choices", x->test->filename, x->thread, MAX_CHOICES);
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
next_choices (Exec *x)
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

static const AcySym *
sym_const (Exec *x, AcyValue v)
{
  AcySym *s = acy_arena_new0 (x->arena, AcySym);

  s->kind = ACY_SYM_CONST;
  s->value = v;
  return s;
}

static const AcySym *
sym_read (Exec *x, guint ev)
{
  AcySym *s = acy_arena_new0 (x->arena, AcySym);

  s->kind = ACY_SYM_READ;
  s->read = ev;
  return s;
}

/* The run stops at a limit: the first error (file:line:col) is kept,
 * and the path ends. */
static void G_GNUC_PRINTF (3, 4)
limit_at (Exec *x, AcyLoc at, const char *format, ...)
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
static gboolean
stack_too_low (Exec *x, AcyLoc at, const char *message)
{
  if (!acy_stack_low ())
    return FALSE;
  limit_at (x, at, "%s", message);
  return TRUE;
}

/* Fold constants; an undefined operation (division by 0) kills the path. */
static const AcySym *
sym_op (Exec *x, AcyLitOp op, const AcySym *a, const AcySym *b)
{
  AcySym *s;

  if (a->kind == ACY_SYM_CONST && (b == NULL || b->kind == ACY_SYM_CONST))
    {
      AcyValue v;

      if (!acy_lit_binop (x->test, op, a->value, b ? b->value : 0, &v))
        {
          /* herd7 stops on a division by zero (Division_by_zero): so do
           * we on any undefined operation, rather than drop the path */
          if (x->error == NULL)
            {
              g_autofree char *why = acy_lit_binop_fault (x->test, op, a->value, b ? b->value : 0);

              /* herd7's Division_by_zero ends its run */
              gboolean by_zero = (op == ACY_LOP_DIV || op == ACY_LOP_MOD) && b && b->value == 0
                                 && !ACY_VALUE_IS_PTR (a->value);

              acy_set_error_at (&x->error, by_zero ? ACY_ERROR_FATAL : ACY_ERROR_UNSUPPORTED, x->at,
                                "%s near '%s'", why, acy_lit_op_text (op));
            }
          x->dead = TRUE;
          return a;
        }
      return sym_const (x, v);
    }
  /* herd's symbolic simplifications: v ^ v is 0, v == v is 1, v != v is
   * 0, v + 0 and v | 0 are v; a value that is one of these stays
   * solvable when v is out of thin air */
  if (op == ACY_LOP_XOR && a == b)
    return sym_const (x, 0);
  if ((op == ACY_LOP_EQ || op == ACY_LOP_NE) && a == b)
    return sym_const (x, op == ACY_LOP_EQ);
  if ((op == ACY_LOP_ADD || op == ACY_LOP_OR) && b != NULL)
    {
      if (a->kind == ACY_SYM_CONST && a->value == 0)
        return b;
      if (b->kind == ACY_SYM_CONST && b->value == 0)
        return a;
    }
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
static const AcySym *
sym_copy (Exec *x, const AcySym *s)
{
  AcySym *m = acy_arena_new0 (x->arena, AcySym);

  *m = *s;
  m->herd = m->herd_name = 0;
  m->copy_of = s;
  g_ptr_array_add (x->copies, m);
  return m;
}

static void
constrain (Exec *x, const AcySym *cond, gboolean want)
{
  AcyConstraint c = { cond, want, NULL, { 0 }, -1, 0, FALSE };

  g_array_append_val (x->constraints, c);
}

/* One of the two alternatives herd builds for an instruction (a
 * cmpxchg that succeeds or fails, ...), 0 the first it builds. What
 * follows the statement is built once per outcome, in the order of
 * herd's list of them, and its symbols are numbered in that order; the
 * bind that gives the value to the statement lists them in reverse. */
static guint
choose_alternative (Exec *x)
{
  guint c = choose (x, 2);

  x->eout = x->eout * 2 + (1 - c);
  return c;
}

/* herd's equation read == @value (its `assign`, in a successful cmpxchg
 * and a failed atomic_add_unless): a constraint that can also give the
 * read @r its value, where reads-from leaves it out of thin air. */
static void
constrain_equal (Exec *x, gint r, const AcySym *value)
{
  const AcySym *read = x->events[r].sym;
  AcyConstraint c = { sym_op (x, ACY_LOP_EQ, read, value), TRUE, NULL, { 0 },
                      read->kind == ACY_SYM_READ ? (gint) read->read : -1, 0, FALSE };

  g_array_append_val (x->constraints, c);
}

/* Is @s non-zero? Decided now when constant, else a choice point whose
 * options become constraints. */
static gboolean
decide (Exec *x, const AcySym *s)
{
  gboolean taken;

  if (s->kind == ACY_SYM_CONST)
    return s->value != 0;
  taken = choose (x, 2) == 0;
  constrain (x, s, taken);
  return taken;
}

/* The next symbol herd creates, given to @s if it is a value of ours. */
static void
herd_symbol (Exec *x, const AcySym *s)
{
  x->hc++;
  if (s != NULL && s->kind != ACY_SYM_CONST && s->herd == 0)
    {
      AcySym *m = (AcySym *) s;

      m->herd = m->herd_name = x->hc;
    }
}

/* herd reads a register into a new symbol, a copy of its value. */
static void
herd_register_read (Exec *x, const AcySym *s)
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
rmw_alone (Exec *x, guint32 kind, gint loc, AcyLoc at)
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
static gint
new_event (Exec *x, guint32 kind, gint loc, const AcySym *value, gint tag,
           const Val *addr, AcyLoc at)
{
  AcyTraceEvent *e;

  if (x->n_events >= ACY_LIT_MAX_THREAD_EVENTS)
    {
      limit_at (x, at, "P%u has more than %d events near 'P%u'", x->thread,
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
moved_pointer (Exec *x, AcyValue v, AcyLoc at)
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
const_loc (Exec *x, AcyValue v, AcyLoc at)
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
through_int (Exec *x, const Val *a, AcyLoc at, guint kind)
{
  guint n_locs = x->test->loc_names->len;
  AcyConstraint c = { sym_const (x, 1), TRUE, a->s, at, -1, kind, FALSE };

  for (guint l = 0; l < n_locs; l++)
    constrain (x, sym_op (x, ACY_LOP_NE, a->s, sym_const (x, ACY_VALUE_ADDR_BASE + l)), TRUE);
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
access_loc (Exec *x, const Val *a, AcyLoc at, gboolean nowhere)
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
  loc = (gint) choose (x, n_locs + (nowhere ? 1 : 0));
  if (loc == (gint) n_locs)
    {
      through_int (x, a, at, ACY_THROUGH_INT_LOAD);
      return x->dead ? -1 : ACY_LOC_NOWHERE;
    }
  {
    AcyConstraint c = { sym_op (x, ACY_LOP_EQ, a->s, sym_const (x, ACY_VALUE_ADDR_BASE + loc)),
                        TRUE, a->s, at, a->s->kind == ACY_SYM_READ ? (gint) a->s->read : -1, 0, nowhere };

    g_array_append_val (x->constraints, c);
  }
  return loc;
}

/* The location of a lock, an unlock, an SRCU event or a C11
 * compare-exchange: herd7's NoSymbol is not measured for them, so a
 * candidate where the address is an integer has no such path; the
 * enumerator refuses the test if one comes that far (note_non_address). */
static gint
addr_loc (Exec *x, const Val *a, AcyLoc at)
{
  return access_loc (x, a, at, FALSE);
}

/* A load or an RMW, kernel or C11 (but compare-exchange): with herd's
 * NoSymbol path (see access_loc). */
static gint
load_loc (Exec *x, const Val *a, AcyLoc at)
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
static gint
store_loc (Exec *x, const Val *a, AcyLoc at)
{
  guint n_locs = x->test->loc_names->len;
  guint loc;

  if (x->dead)
    return -1;
  if (a->s->kind == ACY_SYM_CONST)
    {
      gint l = const_loc (x, a->s->value, at);
      AcyConstraint c = { sym_const (x, 1), TRUE, a->s, at, -1, ACY_THROUGH_INT_STORE, FALSE };

      if (l != -2 || ACY_VALUE_IS_ADDR (a->s->value))
        return l;
      /* the enumerator sees it (through_int_check) */
      g_array_append_val (x->constraints, c);
      return ACY_LOC_NOWHERE;
    }
  loc = choose (x, n_locs + 1);
  if (loc < n_locs)
    {
      AcyConstraint c = { sym_op (x, ACY_LOP_EQ, a->s, sym_const (x, ACY_VALUE_ADDR_BASE + loc)), TRUE, NULL, { 0 },
                          a->s->kind == ACY_SYM_READ ? (gint) a->s->read : -1, 0, FALSE };

      g_array_append_val (x->constraints, c);
      return (gint) loc;
    }
  through_int (x, a, at, ACY_THROUGH_INT_STORE);
  return x->dead ? -1 : ACY_LOC_NOWHERE;
}

/* A read of @loc, its address depending on @addr. Its value is a new
 * symbol unless @value is given (lock reads have fixed values). */
static gint
emit_read (Exec *x, guint32 kind, gint loc, AcyValue *value, gint tag,
           const Val *addr, gboolean needs_rf, AcyLoc at)
{
  gint i = new_event (x, kind, loc, value ? sym_const (x, *value) : NULL, tag, addr, at);

  if (i < 0)
    return -1;
  if (value == NULL)
    herd_symbol (x, x->events[i].sym);
  /* through no address: herd's NoSymbol, a read from nowhere */
  x->events[i].nowhere = loc == ACY_LOC_NOWHERE;
  x->events[i].needs_rf = needs_rf && loc != ACY_LOC_NOWHERE;
  return i;
}

static gint
emit_write (Exec *x, guint32 kind, gint loc, const Val *value, gint tag,
            const Val *addr, AcyLoc at)
{
  gint i = new_event (x, kind, loc, value->s, tag, addr, at);

  if (i < 0)
    return -1;
  x->events[i].data = value->d;
  acy_dep_union (&x->events[i].vdep, &value->d);
  return i;
}

static void
emit_fence (Exec *x, gint tag, AcyLoc at)
{
  new_event (x, ACY_EV_F, -1, sym_const (x, 0), tag, NULL, at);
  x->n_instrs++;
}

static void
link_rmw (Exec *x, gint r, gint w)
{
  if (r >= 0 && w >= 0)
    x->events[r].rmw_partner = w;
}

static Val val_of_read (Exec *x, gint ev);
static gboolean eval (Exec *x, const AcyLitExpr *e, Val *out);

/* One plain access instruction through the address @addr_expr, tagged
 * @tag: a read, its value in @out, or, when @value_expr is given, a write
 * of that value. FALSE when an operand fails; else *@ev is the event (-1
 * when the path died). */
static gboolean
plain_access (Exec *x, const AcyLitExpr *addr_expr, const AcyLitExpr *value_expr,
              gint tag, AcyLoc at, Val *out, gint *ev)
{
  Val a, v;
  gint loc;

  if (!eval (x, addr_expr, &a) || (value_expr && !eval (x, value_expr, &v)))
    return FALSE;
  loc = value_expr ? store_loc (x, &a, at) : load_loc (x, &a, at);
  if (loc == -2)
    {
      *ev = -2;   /* a store to the address of no location: nothing happens */
      x->n_instrs++;
      return TRUE;
    }
  if (loc == -1)
    return FALSE;
  if (value_expr)
    *ev = emit_write (x, ACY_EV_W, loc, &v, tag, &a, at);
  else
    *ev = emit_read (x, ACY_EV_R, loc, NULL, tag, &a, TRUE, at);
  x->n_instrs++;
  if (value_expr == NULL)
    *out = val_of_read (x, *ev);
  return TRUE;
}

static Val
val_const (Exec *x, AcyValue v)
{
  Val r;

  memset (&r, 0, sizeof r);
  r.s = sym_const (x, v);
  return r;
}

static Val
val_of_read (Exec *x, gint ev)
{
  Val r;

  memset (&r, 0, sizeof r);
  if (ev < 0)
    {
      r.s = sym_const (x, 0);
      return r;
    }
  r.s = x->events[ev].sym;
  acy_dep_add (&r.d, (guint) ev);
  return r;
}

/* ---- expressions ---- */

static gboolean eval_c11 (Exec *x, const AcyLitExpr *e, Val *out);

/* A read-modify-write instruction on one location: the tags of its read
 * and its write, and the fences around it. */
typedef struct {
  gint        loc;
  const Val  *addr;
  AcyLoc      at;
  gint        read_tag, write_tag;
  gboolean    fenced;       /* between two fences tagged fence_tag */
  gint        fence_tag;
} Rmw;

/* An RMW annotated @tag, as herd's C semantics (below) make it;
 * @fenced: with @tag fences around it (under lkmmv1 only). */
static Rmw
rmw_plan (Exec *x, gint loc, const Val *addr, gint tag, gboolean fenced, AcyLoc at)
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
    emit_fence (x, m->fence_tag, m->at);
  return emit_read (x, ACY_EV_R | ACY_EV_RMW, m->loc, NULL, m->read_tag, m->addr, TRUE, m->at);
}

/* The write of @value, the partner of read @r, which ends the instruction;
 * then the trailing fence. @from_read: @value was computed from the read,
 * so it depends on it too. */
static gint
rmw_write (Exec *x, const Rmw *m, gint r, const Val *value, gboolean from_read)
{
  gint w = emit_write (x, ACY_EV_W | ACY_EV_RMW, m->loc, value, m->write_tag, m->addr, m->at);

  if (w >= 0 && from_read)
    acy_dep_add (&x->events[w].vdep, (guint) r);
  link_rmw (x, r, w);
  x->n_instrs++;
  if (w >= 0 && x->n_stmt_rmw_writes < G_N_ELEMENTS (x->stmt_rmw_writes))
    x->stmt_rmw_writes[x->n_stmt_rmw_writes++] = m->fenced ? -1 - w : w;
  if (m->fenced)
    emit_fence (x, m->fence_tag, m->at);
  return w;
}

/* The lone read of a failed conditional RMW (cmpxchg, atomic_add_unless):
 * a ONCE read (under lkmmv2 tagged @tag), still in the RMW set, and the
 * whole instruction. */
static gint
rmw_lone_read (Exec *x, gint loc, const Val *addr, gint tag, AcyLoc at)
{
  gint r = emit_read (x, ACY_EV_R | ACY_EV_RMW, loc, NULL,
                      x->rmw_tags_both ? tag : x->tag_once, addr, TRUE, at);

  x->n_instrs++;
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
eval_core (Exec *x, const AcyLitExpr *e, Val *out)
{
  gint t = e->tag_index;
  Val a, v, o;
  gint loc, r, w;
  Rmw m;

  *out = val_const (x, 0);
  switch (e->core)
    {
    case ACY_CORE_LOAD:
      return plain_access (x, e->args[0]->a, NULL, t, e->loc, out, &r) && r >= 0;

    case ACY_CORE_STORE:
      return plain_access (x, e->args[0]->a, e->args[1], t, e->loc, NULL, &w) && !x->dead;

    case ACY_CORE_FENCE:
      emit_fence (x, t, e->loc);
      return !x->dead;

    case ACY_CORE_XCHG:
      if (!eval (x, e->args[0], &a) || !eval (x, e->args[1], &v) || (loc = load_loc (x, &a, e->loc)) == -1)
        return FALSE;
      m = rmw_plan (x, loc, &a, t, FALSE, e->loc);
      r = rmw_read (x, &m);
      rmw_write (x, &m, r, &v, FALSE);
      *out = val_of_read (x, r);
      return !x->dead;

    case ACY_CORE_CMPXCHG:
      {
        guint64 base = x->hc;
        gboolean success;

        if (!eval (x, e->args[0], &a) || !eval (x, e->args[1], &o) || (loc = load_loc (x, &a, e->loc)) == -1)
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
            x->hc = base + acy_herd_cmpxchg_ok_vars (e) + acy_herd_expr_vars (e->args[0])
                    + acy_herd_expr_vars (e->args[1]);
            r = rmw_lone_read (x, loc, &a, t, e->loc);
            herd_symbol (x, NULL);   /* the comparison */
          }
        if (r >= 0 && success)
          constrain_equal (x, r, o.s);
        else if (r >= 0)
          constrain (x, sym_op (x, ACY_LOP_EQ, x->events[r].sym, o.s), FALSE);
        *out = val_of_read (x, r);
        return !x->dead;
      }

    case ACY_CORE_ATOMIC_OP:
    case ACY_CORE_ATOMIC_OP_RETURN:
    case ACY_CORE_ATOMIC_FETCH_OP:
      if (!eval (x, e->args[2], &v) || !eval (x, e->args[0], &a) || (loc = load_loc (x, &a, e->loc)) == -1)
        return FALSE;
      {
        Val nv;

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
        nv.s = sym_op (x, e->args[1]->op, x->events[r].sym, v.s);
        nv.d = v.d;
        herd_symbol (x, nv.s);
        rmw_write (x, &m, r, &nv, TRUE);
        *out = val_of_read (x, r);
        if (e->core == ACY_CORE_ATOMIC_OP_RETURN)
          {
            out->s = nv.s;
            acy_dep_union (&out->d, &v.d);
          }
        return !x->dead;
      }

    case ACY_CORE_ADD_UNLESS:
      if (!eval (x, e->args[0], &a) || !eval (x, e->args[2], &o) || (loc = load_loc (x, &a, e->loc)) == -1)
        return FALSE;
      if (choose_alternative (x) == 0)
        {
          Val nv;

          if (!eval (x, e->args[1], &v))
            return FALSE;
          m = rmw_plan (x, loc, &a, x->rmw_tags_both ? t : x->tag_mb, TRUE, e->loc);
          r = rmw_read (x, &m);
          if (r < 0)
            return FALSE;
          constrain (x, sym_op (x, ACY_LOP_NE, x->events[r].sym, o.s), TRUE);
          nv.s = sym_op (x, ACY_LOP_ADD, x->events[r].sym, v.s);
          nv.d = v.d;
          rmw_write (x, &m, r, &nv, TRUE);
          *out = val_const (x, 1);
        }
      else
        {
          r = rmw_lone_read (x, loc, &a, t, e->loc);
          if (r < 0)
            return FALSE;
          constrain_equal (x, r, o.s);
          *out = val_const (x, 0);
        }
      return !x->dead;

    case ACY_CORE_LOCK:
    case ACY_CORE_TRYLOCK:
      if (!eval (x, e->args[0], &a) || (loc = addr_loc (x, &a, e->loc)) < 0)
        return FALSE;
      if (e->core == ACY_CORE_TRYLOCK && choose_alternative (x) == 1)
        {
          AcyValue one = 1;

          emit_read (x, ACY_EV_LF, loc, &one, -1, &a, FALSE, e->loc);
          x->n_instrs++;
          *out = val_const (x, 0);
          return !x->dead;
        }
      {
        AcyValue zero = 0;
        Val one = val_const (x, 1);

        r = emit_read (x, ACY_EV_LKR, loc, &zero, -1, &a, FALSE, e->loc);
        w = emit_write (x, ACY_EV_LKW, loc, &one, -1, &a, e->loc);
        link_rmw (x, r, w);
        x->n_instrs++;
        *out = val_const (x, 1);
        return !x->dead;
      }

    case ACY_CORE_C11_LOCK:
      /* herd's one event for a C11 lock, never a successful one (see
       * acy-litmus-c11.c) */
      if (!eval (x, e->args[0], &a) || (loc = addr_loc (x, &a, e->loc)) < 0)
        return FALSE;
      new_event (x, ACY_EV_LKC, loc, sym_const (x, 0), -1, &a, e->loc);
      x->n_instrs++;
      return !x->dead;

    case ACY_CORE_UNLOCK:
      if (!eval (x, e->args[0], &a) || (loc = addr_loc (x, &a, e->loc)) < 0)
        return FALSE;
      v = val_const (x, 0);
      emit_write (x, ACY_EV_UL, loc, &v, -1, &a, e->loc);
      x->n_instrs++;
      return !x->dead;

    case ACY_CORE_ISLOCKED:
      if (!eval (x, e->args[0], &a) || (loc = addr_loc (x, &a, e->loc)) < 0)
        return FALSE;
      {
        AcyValue one = 1, zero = 0;

        if (choose_alternative (x) == 0)
          {
            emit_read (x, ACY_EV_RL, loc, &one, -1, &a, FALSE, e->loc);
            *out = val_const (x, 1);
          }
        else
          {
            emit_read (x, ACY_EV_RU, loc, &zero, -1, &a, FALSE, e->loc);
            *out = val_const (x, 0);
          }
      }
      x->n_instrs++;
      return !x->dead;

    case ACY_CORE_SRCU:
      if (!eval (x, e->args[0], &a) || (loc = addr_loc (x, &a, e->loc)) < 0)
        return FALSE;
      v = val_const (x, 0);
      if (e->n_args > 1 && !eval (x, e->args[1], &v))
        return FALSE;
      emit_write (x, ACY_EV_SRCU, loc, &v, t, &a, e->loc);
      x->n_instrs++;
      return !x->dead;

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
  AcySym *s = acy_arena_new0 (x->arena, AcySym);

  s->kind = ACY_SYM_RFVAL;
  s->read = x->n_events;
  herd_symbol (x, s);
  return s;
}

static gint
c11_rmw_event (Exec *x, AcyLitMemOrder mo, gint loc, const Val *value, const Val *addr, AcyLoc at)
{
  gint i = emit_write (x, ACY_EV_R | ACY_EV_W | ACY_EV_RMW | ACY_EV_A | mo, loc, value, -1, addr, at);

  /* through no address: herd's NoSymbol, its read from nowhere */
  if (i >= 0)
    {
      x->events[i].nowhere = loc == ACY_LOC_NOWHERE;
      x->events[i].needs_rf = loc != ACY_LOC_NOWHERE;
    }
  x->n_instrs++;
  return i;
}

static gboolean
eval_c11 (Exec *x, const AcyLitExpr *e, Val *out)
{
  Val a, v, ea;
  gint loc, r, w;

  *out = val_const (x, 0);
  switch (e->core)
    {
    case ACY_CORE_C11_LOAD:
      if (!eval (x, e->args[0], &a) || (loc = load_loc (x, &a, e->loc)) == -1)
        return FALSE;
      r = emit_read (x, ACY_EV_R | ACY_EV_A | e->c11_mo, loc, NULL, -1, &a, TRUE, e->loc);
      x->n_instrs++;
      *out = val_of_read (x, r);
      return r >= 0;

    case ACY_CORE_C11_STORE:
      /* through a value that is no address, a constant or read from
       * memory, it writes where a plain store does (store_loc) */
      if (!eval (x, e->args[0], &a) || !eval (x, e->args[1], &v) || (loc = store_loc (x, &a, e->loc)) == -1)
        return FALSE;
      if (loc == -2)
        {
          x->n_instrs++;   /* the address of no location: nothing happens */
          return TRUE;
        }
      w = emit_write (x, ACY_EV_W | ACY_EV_A | e->c11_mo, loc, &v, -1, &a, e->loc);
      x->n_instrs++;
      return w >= 0;

    case ACY_CORE_C11_FENCE:
      new_event (x, ACY_EV_F | e->c11_mo, -1, sym_const (x, 0), -1, NULL, e->loc);
      x->n_instrs++;
      return !x->dead;

    case ACY_CORE_C11_EXCHANGE:
    case ACY_CORE_C11_FETCH:
      if (!eval (x, e->args[1], &v) || !eval (x, e->args[0], &a) || (loc = load_loc (x, &a, e->loc)) == -1)
        return FALSE;
      {
        const AcySym *old = c11_rmw_read (x);
        Val nv = v;

        if (e->core == ACY_CORE_C11_FETCH)
          {
            nv.s = sym_op (x, e->op, old, v.s);
            herd_symbol (x, nv.s);
          }
        r = c11_rmw_event (x, e->c11_mo, loc, &nv, &a, e->loc);
        if (r < 0)
          return FALSE;
        out->s = old;
        acy_dep_add (&out->d, (guint) r);
      }
      return !x->dead;

    case ACY_CORE_C11_CAS:
      /* herd: the address of "expected", then of the object */
      if (!eval (x, e->args[1], &ea) || !eval (x, e->args[0], &a))
        return FALSE;
      {
        gint eloc = addr_loc (x, &ea, e->loc), ex;
        const AcySym *expected;

        if ((loc = addr_loc (x, &a, e->loc)) < 0 || eloc < 0)
          return FALSE;
        ex = emit_read (x, ACY_EV_R, eloc, NULL, -1, &ea, TRUE, e->loc);
        if (ex < 0)
          return FALSE;
        expected = x->events[ex].sym;
        if (choose_alternative (x) == 0)
          {
            /* failure: an atomic read, whose value goes to "expected"
             * (herd records no dependency on it) */
            Val got;

            r = emit_read (x, ACY_EV_R | ACY_EV_A | e->c11_fail_mo, loc, NULL, -1, &a, TRUE, e->loc);
            if (r < 0)
              return FALSE;
            if (e->c11_strong)
              constrain (x, sym_op (x, ACY_LOP_NE, x->events[r].sym, expected), TRUE);
            got = val_const (x, 0);
            got.s = x->events[r].sym;
            emit_write (x, ACY_EV_W, eloc, &got, -1, &ea, e->loc);
            x->n_instrs++;
            *out = val_const (x, 0);
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
            constrain (x, sym_op (x, ACY_LOP_EQ, old, expected), TRUE);
            *out = val_const (x, 1);
          }
      }
      return !x->dead;

    default:
      break;
    }
  x->dead = TRUE;
  return FALSE;
}

static gboolean eval (Exec *x, const AcyLitExpr *e, Val *out);

/* A binary operation. Its left operand is walked by a loop, not by
 * recursion: 1+1+...+1 is a left-deep tree as deep as it is long (999
 * levels within the parser's bound), and eval's frames under ASan
 * overflowed a 1 MiB stack there. */
static gboolean
eval_binary (Exec *x, const AcyLitExpr *e, Val *out)
{
  const AcyLitExpr *small[32];
  g_autofree const AcyLitExpr **big = NULL;
  const AcyLitExpr **spine = small;
  const AcyLitExpr *leaf;
  guint n = 0, first = x->n_events;
  Val acc;

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
      guint middle = x->n_events;
      Val b;

      if (!eval (x, op->b, &b))
        return FALSE;
      /* herd evaluates the operands side by side: their events are
       * not ordered by po */
      if (first < middle && middle < x->n_events)
        {
          guint t[3] = { first, middle, x->n_events };

          g_array_append_vals (x->unordered, t, 3);
        }
      acy_dep_union (&acc.d, &b.d);
      x->at = op->loc;
      {
        const AcySym *a = acc.s;

        acc.s = sym_op (x, op->op, a, b.s);
        if (acy_herd_expr_is_symbolic (op) && !acy_herd_op_is_identity (op->op, op->a, op->b))
          {
            /* an operand folded away (a register holding 0): herd still
             * makes a variable for the result */
            if (!x->dead && acc.s->kind != ACY_SYM_CONST && (acc.s == a || acc.s == b.s))
              acc.s = sym_copy (x, acc.s);
            herd_symbol (x, acc.s);
          }
      }
      if (x->dead)
        return FALSE;
    }
  *out = acc;
  return TRUE;
}

static gboolean
eval (Exec *x, const AcyLitExpr *e, Val *out)
{
  Val a;

  if (x->dead)
    return FALSE;
  /* right operands and prefix operators still recurse, as deep as the
   * parser allows (ACY_LIT_MAX_DEPTH): a stack smaller than that needs
   * is an error, not an overflow */
  if (stack_too_low (x, e->loc, "expression nested too deeply for the stack"))
    return FALSE;
  switch (e->kind)
    {
    case ACY_LEXPR_INT:
    case ACY_LEXPR_ADDROF:
      *out = val_const (x, e->value);
      return TRUE;
    case ACY_LEXPR_NAME:
      out->s = x->regs[e->reg];
      out->d = x->regd[e->reg];
      herd_register_read (x, out->s);
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
      out->s = sym_op (x, e->op, a.s, NULL);
      if (acy_herd_expr_is_symbolic (e->a))
        herd_symbol (x, out->s);
      return !x->dead;
    case ACY_LEXPR_BINARY:
      return eval_binary (x, e, out);
    case ACY_LEXPR_CALL:
      return eval_core (x, e, out);
    case ACY_LEXPR_OPARG:
      break;
    }
  x->dead = TRUE;
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
      guint64 base = x->hc;

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
      x->hc = base + acy_herd_count_stmt (x->numbering, block->body[i])->vars
              + outs[i] * c->suffix_vars[i + 1];
    }
  for (guint i = block->n_body; i-- > 0;)
    rank = c->suffix_outcomes[i] - 1 - (outs[i] * c->suffix_outcomes[i + 1] + rank);
  return rank;
}

/* The statement (or condition) that started at x->stmt_first ends:
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
          const AcyTraceEvent *rw = &x->events[-1 - x->stmt_rmw_writes[k]];

          for (guint j = (guint) (-1 - x->stmt_rmw_writes[k]) + 1; j < x->n_events; j++)
            if ((x->events[j].ev.kind & ACY_EV_W) && x->events[j].ev.loc == rw->ev.loc && x->error == NULL)
              {
                AcyLoc at = { x->test->filename, x->events[j].ev.line, x->events[j].ev.col };

                acy_set_error_at (&x->error, ACY_ERROR_UNSUPPORTED, at,
                                  "this write and the read-modify-write between fences at line %u, "
                                  "column %u (lkmmv1) both write %s in one statement: not supported "
                                  "(herd7 orders their events in a way not followed here)",
                                  rw->ev.line, rw->ev.col,
                                  (const char *) g_ptr_array_index (x->test->loc_names, rw->ev.loc));
                x->dead = TRUE;
              }
          continue;
        }
      w = (guint) x->stmt_rmw_writes[k];
      if (w + 1 < x->n_events)
        {
          guint t[3] = { w, w + 1, x->n_events };

          g_array_append_vals (x->unordered, t, 3);
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
  Val v;

  x->stmt_first = x->n_events;
  x->stmt_number++;
  x->n_stmt_rmw_writes = 0;
  if (!eval (x, e, &v))
    return FALSE;
  end_stmt (x);
  *base += acy_herd_cond_vars (e);
  acy_dep_union (&x->ctrl, &v.d);
  *taken = decide (x, v.s);
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
  AcyDepSet outer = x->ctrl;
  const AcyHerdCount *c, *b;
  guint64 base = x->hc;
  gboolean both, ok = TRUE, taken;

  /* cut off in the body: the thread has stopped */
  x->hout = 0;
  if (x->exited)
    return TRUE;
  /* each level of each loop nests a call: deep nesting under a small
   * stack (1 MiB, with ASan's frames) ends here, at the loop */
  if (stack_too_low (x, s->loc, "loops nested too deeply for the stack near 'while'"))
    return FALSE;
  if (++x->rounds > MAX_ROUNDS)
    {
      limit_at (x, s->loc, "the loops of P%u run more than %u rounds in all (nested loops, "
                "each unrolled -unroll times) near 'while'", x->thread, MAX_ROUNDS);
      return FALSE;
    }
  if (x->rounds % ROUNDS_PER_LOOK == 0 && x->error == NULL
      && acy_lit_halted (x->test->filename, x->cancellable, x->deadline, &x->error))
    {
      x->dead = TRUE;
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

      x->hc = base;
      if (k == x->unroll)
        {
          if (!x->cut)
            x->cut_at = s->loc;
          x->cut = TRUE;
          x->exiting = TRUE;
        }
      else
        {
          guint64 o1;

          ok = exec_stmt (x, s->then_s);
          /* the body's result is dropped: the next level's is the loop's */
          x->exiting = FALSE;
          o1 = x->hout;
          x->hc = base + b->vars + o1 * c->suffix_vars[k + 1];
          ok = ok && exec_while (x, s, k + 1);
          /* the rank of a list of two, as in exec_list */
          rank = c->suffix_outcomes[k + 1] - 1 - x->hout;
          rank = then_outcomes - 1 - (o1 * c->suffix_outcomes[k + 1] + rank);
        }
      x->hout = (both ? 1 : 0) + then_outcomes - 1 - rank;
    }
  else
    x->hout = 0;
  x->ctrl = outer;
  return ok;
}

static gboolean
exec_stmt_body (Exec *x, const AcyLitStmt *s)
{
  Val v;

  if (x->dead)
    return FALSE;
  x->hout = 0;
  x->eout = 0;
  if (x->exited)
    return TRUE;
  x->stmt_first = x->n_events;
  x->stmt_number++;
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
      x->regs[s->reg] = v.s;
      x->regd[s->reg] = v.d;
      x->hout = x->eout;
      return TRUE;
    case ACY_LSTMT_STORE:
      {
        gint w;

        if (!plain_access (x, s->lhs->a, s->expr, -1, s->loc, NULL, &w) || x->dead)
          return FALSE;
        end_stmt (x);
        x->hout = x->eout;
        return TRUE;
      }
    case ACY_LSTMT_IF:
      {
        AcyDepSet outer = x->ctrl;
        guint64 base = x->hc;
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
            x->hc = base;
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
            x->hc = base + (both ? tc->vars : 0);
            ok = exec_stmt (x, s->else_s);
            x->hout = ec->outcomes - 1 - x->hout;
          }
        x->ctrl = outer;
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
  guint64 base = x->hc;
  gboolean ok = exec_stmt_body (x, s);

  x->hc = base + acy_herd_count_stmt (x->numbering, s)->vars;
  return ok;
}

static AcyTrace *
save_trace (Exec *x)
{
  AcyTrace *t = acy_arena_new0 (x->arena, AcyTrace);

  t->n_events = x->n_events;
  t->events = acy_arena_newv (x->arena, AcyTraceEvent, MAX (x->n_events, 1));
  if (x->n_events > 0)
    memcpy (t->events, x->events, x->n_events * sizeof (AcyTraceEvent));
  t->regs = acy_arena_newv (x->arena, const AcySym *, MAX (x->th->n_regs, 1));
  if (x->th->n_regs > 0)
    memcpy (t->regs, x->regs, x->th->n_regs * sizeof (gpointer));
  t->n_instrs = x->n_instrs;
  t->n_ops = x->ops->len;
  t->ops = acy_arena_newv (x->arena, const AcySym *, MAX (x->ops->len, 1));
  if (x->ops->len > 0)
    memcpy (t->ops, x->ops->pdata, x->ops->len * sizeof (gpointer));
  for (guint i = 0; i < t->n_ops && !t->may_fault; i++)
    t->may_fault = t->ops[i]->op == ACY_LOP_DIV || t->ops[i]->op == ACY_LOP_MOD;
  t->cut = x->cut;
  t->cut_at = x->cut_at;
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

static gboolean
run_thread (const AcyTest *test, guint thread, gboolean rmw_tags_both, guint unroll,
            AcyArena *arena, AcyHerdNumbering *numbering,
            guint64 herd_base, AcyThreadTraces *out, GCancellable *cancellable,
            gint64 deadline, GError **error)
{
  Exec *x = g_new0 (Exec, 1);
  const AcyLitThread *th = &test->threads[thread];
  GPtrArray *traces = g_ptr_array_new ();
  gboolean ok = TRUE;
  guint runs = 0;   /* paths run, kept or not */

  x->test = test;
  x->th = th;
  x->thread = thread;
  x->arena = arena;
  x->regs = g_new0 (const AcySym *, MAX (th->n_regs, 1));
  x->regd = g_new0 (AcyDepSet, MAX (th->n_regs, 1));
  x->constraints = g_array_new (FALSE, FALSE, sizeof (AcyConstraint));
  x->tag_once = find_tag (test, "ONCE");
  x->tag_mb = find_tag (test, "MB");
  x->rmw_tags_both = rmw_tags_both;
  x->unroll = unroll;
  x->cancellable = cancellable;
  x->deadline = deadline;
  x->numbering = numbering;
  x->ops = g_ptr_array_new ();
  x->copies = g_ptr_array_new ();
  x->unordered = g_array_new (FALSE, FALSE, sizeof (guint));

  do
    {
      AcyArenaMark mark;

      /* counted by paths run: those that die leave no trace behind */
      if (runs % RUNS_PER_LOOK == 0 && acy_lit_halted (test->filename, cancellable, deadline, error))
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
      mark = acy_arena_mark (arena);
      x->pos = 0;
      x->n_events = 0;
      x->stmt_first = 0;
      x->stmt_number = 0;
      x->n_instrs = 0;
      x->dead = FALSE;
      x->cut = x->exiting = x->exited = FALSE;
      g_array_set_size (x->constraints, 0);
      g_ptr_array_set_size (x->ops, 0);
      g_ptr_array_set_size (x->copies, 0);
      g_array_set_size (x->unordered, 0);
      x->hc = herd_base;
      memset (&x->ctrl, 0, sizeof x->ctrl);
      for (guint r = 0; r < th->n_regs; r++)
        x->regs[r] = sym_const (x, th->reg_init[r]);
      memset (x->regd, 0, th->n_regs * sizeof (AcyDepSet));

      exec_stmt (x, th->body);
      if (x->error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&x->error));
          ok = FALSE;
          break;
        }
      if (x->dead)
        acy_arena_release (arena, mark);
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
  out->traces = acy_arena_newv (arena, AcyTrace *, MAX (traces->len, 1));
  if (traces->len > 0)
    memcpy (out->traces, traces->pdata, traces->len * sizeof (gpointer));
  g_ptr_array_free (traces, TRUE);
  g_array_free (x->constraints, TRUE);
  g_ptr_array_free (x->ops, TRUE);
  g_ptr_array_free (x->copies, TRUE);
  g_array_free (x->unordered, TRUE);
  g_free (x->regs);
  g_free (x->regd);
  g_free (x);
  return ok;
}

AcyTraceSet *
acy_trace_set_build (const AcyTest *test, gboolean rmw_tags_both, guint unroll,
                     GCancellable *cancellable, gint64 deadline,
                     GError **error)
{
  g_autoptr (AcyTraceSet) set = g_new0 (AcyTraceSet, 1);
  AcyHerdNumbering *numbering;
  guint64 herd_base = 0;

  set->n_threads = test->n_threads;
  set->threads = g_new0 (AcyThreadTraces, MAX (test->n_threads, 1));
  set->arena = acy_arena_new (1 << 16);
  numbering = acy_herd_numbering_new (unroll);
  /* herd builds the threads in order: each one's symbols follow those of
   * the threads before it */
  for (guint t = 0; t < test->n_threads; t++)
    {
      if (!run_thread (test, t, rmw_tags_both, unroll, set->arena, numbering, herd_base, &set->threads[t],
                       cancellable, deadline, error))
        {
          acy_herd_numbering_free (numbering);
          return NULL;
        }
      herd_base += acy_herd_count_stmt (numbering, test->threads[t].body)->vars;
    }
  acy_herd_numbering_free (numbering);
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
