/* acy-enumerate.c - candidate executions: thread traces joined by rf, final writes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A candidate is one trace (path) per thread (see acy-litmus-exec.c), a
 * write for every read to read from (any write to its location; lock
 * reads are left to the model), and the final write of each location the
 * final state looks at. Reads-from gives each read symbol the value of
 * its write; a candidate is kept when the constraints of its paths hold.
 * As in herd, a value that depends on itself through reads-from stays
 * unsolved (out of thin air) rather than killing the candidate.
 *
 * Reads get their rf in order and the search stops below a choice as
 * soon as no candidate under it can be kept: a constraint already fails,
 * or the choice closed a cycle that an operation needs, which herd
 * cannot solve (each if on such a value would otherwise double a search
 * that ends in nothing).
 *
 * A search can run long and emit nothing (every branch fails), and one
 * value can take long to solve (a symbol used twice is solved twice, so
 * r = r + r doubles the work), so cancellation and the deadline are
 * looked for every so many steps of the search and of the solver, not
 * per candidate.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-enumerate-private.h"

G_GNUC_NO_INLINE gboolean
acy_enum_look_for_halt (Enum *en)
{
  if (!en->halted && en->error == NULL)
    en->halted = acy_lit_halted (en->test->filename, en->cancellable, en->deadline, &en->error);
  /* once halted, every step says so, and the search unwinds at once */
  en->steps_left = en->halted ? 1 : STEPS_PER_LOOK;
  return en->halted;
}


/* ---- solving ---- */

static gboolean feeds_own_write (Combo *c, guint r, guint w);
static AcyValue event_value (Combo *c, guint g);

/* A value solved to a number or an address. */
static inline gboolean
is_plain (AcyValue v)
{
  return v != VALUE_UNKNOWN && v != VALUE_FAULT && v != ACY_LIT_VALUE_UNSOLVED && !ACY_LIT_VALUE_IS_SYMBOL (v);
}

/* Is @g a read (its value is what it reads)? */
static gboolean
is_read (Combo *c, guint g)
{
  const AcyTraceEvent *te = c->tev[g];

  return te != NULL && te->sym->kind == ACY_SYM_READ && c->offset[c->events[g].thread] + te->sym->read == g;
}

static AcyValue
sym_value (Combo *c, const AcySym *s, guint thread)
{
  AcyValue a, b, r;

  switch (s->kind)
    {
    case ACY_SYM_CONST:
      /* a number that reads as the marker (see thin_air_is_certain) */
      c->saw_unknown |= s->value == VALUE_UNKNOWN;
      return s->value;
    case ACY_SYM_READ:
      return event_value (c, c->offset[thread] + s->read);
    case ACY_SYM_RFVAL:
      {
        gint w = c->rf_of[c->offset[thread] + s->read];

        if (w < 0)
          {
            c->saw_unknown = TRUE;
            return VALUE_UNKNOWN;
          }
        return event_value (c, (guint) w);
      }
    case ACY_SYM_OP:
      /* operations are not remembered, reads are: count those. When
       * halted, unknown: the caller sees en->halted */
      if (halted_after (c->en, 1))
        return VALUE_UNKNOWN;
      if (G_UNLIKELY (c->n_op_pins > 0))
        for (guint i = 0; i < c->n_op_pins; i++)
          if (c->op_pin_sym[i] == s)
            return c->op_pin_value[i];
      a = sym_value (c, s->a, thread);
      b = s->b ? sym_value (c, s->b, thread) : 0;
      if (a == VALUE_UNKNOWN || b == VALUE_UNKNOWN)
        return VALUE_UNKNOWN;
      if (a == ACY_LIT_VALUE_UNSOLVED || b == ACY_LIT_VALUE_UNSOLVED)
        return ACY_LIT_VALUE_UNSOLVED;
      if (a == VALUE_FAULT || b == VALUE_FAULT)
        return VALUE_FAULT;
      if (!acy_lit_binop (c->en->test, s->op, a, b, &r))
        {
          /* herd7 stops on a division by zero (Division_by_zero), and so
           * do we on any undefined operation, rather than leave a symbol
           * in the final state: when a candidate needs it (fault_raise) */
          if (ACY_LIT_VALUE_IS_SYMBOL (a) || ACY_LIT_VALUE_IS_SYMBOL (b))
            return ACY_LIT_VALUE_UNSOLVED;
          if (!c->saw_fault)
            {
              c->fault_op = s;
              c->fault_a = a;
              c->fault_b = b;
              c->fault_thread = thread;
            }
          c->saw_fault = TRUE;
          return VALUE_FAULT;
        }
      c->saw_unknown |= r == VALUE_UNKNOWN;
      return r;
    }
  return ACY_LIT_VALUE_UNSOLVED;
}

/* The value of event @g: for a read, that of the write it reads from. */
/* Whether write @w of read @r's own statement takes its value or
 * address from @r: herd7 orders an instruction's events by the values
 * they pass and finds no candidate where @r reads from @w
 * (WRITE_ONCE(*x, READ_ONCE(*x)) never reads its own write; across two
 * statements it may, a value out of thin air). */
static gboolean
feeds_own_write (Combo *c, guint r, guint w)
{
  const AcyTraceEvent *tr = c->tev[r], *tw = c->tev[w];

  return tr != NULL && tw != NULL && tr->ev.thread == tw->ev.thread && tr->stmt == tw->stmt
         && acy_dep_has (&tw->vdep, tr->ev.po_index);
}

static AcyValue
event_value (Combo *c, guint g)
{
  const AcyTraceEvent *te = c->tev[g];
  AcyValue v;

  if (te == NULL)
    {
      c->saw_unknown |= c->events[g].value == VALUE_UNKNOWN;
      return c->events[g].value;
    }
  if (c->state[g] == 2)
    return c->value[g];
  if (c->state[g] != 0)
    return ACY_LIT_VALUE_UNSOLVED;   /* a value that needs itself */
  c->state[g] = 1;
  /* herd solves read == value as an equation: the reads of a class that
   * one pins have the value, whatever they read from (pins_hold checks
   * that the writes they read from agree) */
  if (G_UNLIKELY (c->pin != NULL) && c->pin_set[c->pin_root[g]] && is_read (c, g))
    v = c->pin_value[c->pin_root[g]];
  else if (te->sym->kind == ACY_SYM_READ && c->offset[c->events[g].thread] + te->sym->read == g)
    v = c->rf_of[g] < 0 ? (te->needs_rf || te->nowhere ? VALUE_UNKNOWN : te->ev.value)
                        : event_value (c, (guint) c->rf_of[g]);
  else
    v = sym_value (c, te->sym, c->events[g].thread);   /* not te's: see acy_enum_image_values */
  c->state[g] = 2;
  c->value[g] = v;
  c->saw_unknown |= v == VALUE_UNKNOWN;
  c->saw_unsolved |= v == ACY_LIT_VALUE_UNSOLVED;
  return v;
}

static guint
pin_find (Combo *c, guint g)
{
  while (c->pin_root[g] != g)
    g = c->pin_root[g] = c->pin_root[c->pin_root[g]];
  return g;
}

static void
pin_union (Combo *c, guint g, guint h)
{
  guint a = pin_find (c, g), b = pin_find (c, h);

  if (a != b)
    c->pin_root[MAX (a, b)] = MIN (a, b);
}

static void
solver_clear (Combo *c)
{
  memset (c->state, 0, c->n);
  c->saw_unknown = FALSE;
  c->saw_unsolved = FALSE;
  c->saw_fault = FALSE;
}

/* herd's variables for the value of a read and for the value of the
 * write it reads from are one class (its equation read := written), and
 * so are a write's and the read whose value it writes. An equation that
 * gives one read a value (a successful cmpxchg's read == old) gives it
 * to every read of the class, even when reads-from alone leaves them
 * out of thin air; pins_hold then checks that what the writes of the
 * class write agrees. Two such values that differ have no solution
 * (pin_contradiction). */
static G_GNUC_NO_INLINE void
pins_propagate (Combo *c)
{
  guint n_locs = c->x.n_locs;

  c->pin_contradiction = FALSE;
  for (guint g = 0; g < c->n; g++)
    {
      c->pin_root[g] = g;
      c->pin_set[g] = FALSE;
    }
  for (guint g = n_locs; g < c->n; g++)
    {
      gint w = c->rf_of[g];
      const AcySym *ws;

      if (w < (gint) n_locs || !is_read (c, g))
        continue;
      pin_union (c, g, (guint) w);
      ws = c->tev[w]->sym;
      if (ws->kind == ACY_SYM_READ)
        pin_union (c, (guint) w, c->offset[c->tev[w]->ev.thread] + ws->read);
    }
  for (guint g = n_locs; g < c->n; g++)
    if (c->pin[g] != NULL)
      {
        AcyValue v;
        guint r = pin_find (c, g);

        /* the read itself is not known while its pin is computed */
        c->state[g] = 1;
        v = sym_value (c, c->pin[g]->cond->b, c->tev[g]->ev.thread);
        c->state[g] = 0;
        if (!is_plain (v))
          continue;
        if (c->pin_set[r] && c->pin_value[r] != v)
          c->pin_contradiction = TRUE;
        c->pin_set[r] = TRUE;
        c->pin_value[r] = v;
        c->pin_from[r] = c->pin[g];
      }
  for (guint g = 0; g < c->n; g++)
    c->pin_root[g] = pin_find (c, g);
  solver_clear (c);
}

/* A fresh solving pass: nothing is known yet. */
static void
solver_reset (Combo *c)
{
  solver_clear (c);
  if (G_UNLIKELY (c->pin != NULL))
    pins_propagate (c);
}

/* An access's address constraint failed for an address that is no
 * address at all (not merely another location's, which another path of
 * the thread takes), and no path of the thread goes through no address
 * for it (a lock, an SRCU or a C11 access: herd7's NoSymbol is not
 * measured there). herd7 would keep that candidate, and refuse the test
 * if the model allows it; the test is refused here. */
static G_GNUC_NO_INLINE void
through_unmeasured (Enum *en, const AcyConstraint *k, AcyValue a)
{
  g_autofree char *text = NULL;

  if (!is_plain (a) || ACY_VALUE_IS_PTR (a) || k->nowhere_too)
    return;
  if (en->error == NULL)
    {
      text = acy_test_format_value (en->test, a);
      acy_set_error_at (&en->error, ACY_ERROR_UNSUPPORTED, k->at,
                        "this access goes through %s, which is not an address, in some candidate: "
                        "not supported for this primitive (herd7 keeps such a candidate, and refuses "
                        "the test if the model allows it)", text);
      en->halted = TRUE;
      en->steps_left = 1;
    }
}

static inline void
note_non_address (Enum *en, Combo *c, guint t, const AcyConstraint *k)
{
  if (!k->nowhere_too)
    through_unmeasured (en, k, sym_value (c, k->addr, t));
}

/* An access goes through an address that arithmetic moved (x+1), a
 * location of its own in herd7 that the test's locations here do not
 * include: the test is refused at the access (the lowering does the
 * same for a constant one). */
static G_GNUC_NO_INLINE gboolean
through_moved_pointer (Enum *en, Combo *c, guint t, const AcyConstraint *k)
{
  AcyValue a = sym_value (c, k->addr, t);
  g_autofree char *text = NULL;

  if (!ACY_VALUE_IS_PTR (a) || ACY_VALUE_PTR_OFFSET (a) == 0)
    return FALSE;
  if (en->error == NULL)
    {
      text = acy_lit_moved_access_message (en->test, a, (gint) t);
      acy_set_error_at (&en->error, ACY_ERROR_UNSUPPORTED, k->at, "%s", text);
      en->halted = TRUE;
      en->steps_left = 1;
    }
  return TRUE;
}

/* A read that an equation gave its value (event_value) reads it from
 * the write: herd has both equations, read == value and read == what
 * the write writes, and no solution when they disagree. */
static G_GNUC_NO_INLINE gboolean
pins_hold (Combo *c)
{
  if (c->pin_contradiction)
    return FALSE;
  for (guint i = 0; i < c->n_op_pins; i++)
    {
      const AcySym *s = c->op_pin_sym[i];
      AcyValue a, b, r;

      /* the operation computed from its operands, with the pins (its own
       * too, where an operand goes round through reads-from to it) */
      a = sym_value (c, s->a, c->op_pin_thread[i]);
      b = s->b ? sym_value (c, s->b, c->op_pin_thread[i]) : 0;
      if (is_plain (a) && is_plain (b) && acy_lit_binop (c->en->test, s->op, a, b, &r)
          && r != c->op_pin_value[i])
        return FALSE;
    }
  for (guint g = c->x.n_locs; g < c->n; g++)
    if (c->pin_set[c->pin_root[g]] && c->rf_of[g] >= 0 && is_read (c, g))
      {
        AcyValue w = event_value (c, (guint) c->rf_of[g]);
        const AcyConstraint *k = c->pin_from[c->pin_root[g]];

        if (!is_plain (w) || w == c->pin_value[c->pin_root[g]])
          continue;
        /* an access's address pinned the class, and the read reads what
         * is no address (see through_unmeasured) */
        if (k->addr != NULL)
          through_unmeasured (c->en, k, w);
        return FALSE;
      }
  return TRUE;
}

/* Do the constraints of every path hold, as far as they are known? */
static gboolean
constraints_hold (Enum *en, Combo *c)
{
  solver_reset (c);
  for (guint t = 0; t < en->test->n_threads; t++)
    {
      const AcyTrace *tr = en->chosen[t];

      for (guint i = 0; i < tr->n_constraints; i++)
        {
          AcyValue v = sym_value (c, tr->constraints[i].cond, t);

          if (v == VALUE_UNKNOWN || v == ACY_LIT_VALUE_UNSOLVED || v == VALUE_FAULT)
            continue;
          if (tr->constraints[i].addr != NULL && through_moved_pointer (en, c, t, &tr->constraints[i]))
            return FALSE;
          if ((v != 0) != tr->constraints[i].want)
            {
              if (tr->constraints[i].addr != NULL)
                note_non_address (en, c, t, &tr->constraints[i]);
              return FALSE;
            }
        }
    }
  if (G_UNLIKELY (c->pin != NULL) && !pins_hold (c))
    return FALSE;
  c->fault_pending = c->saw_fault;
  return TRUE;
}

/* herd unifies a symbol that only copies itself through reads-from
 * (out of thin air) with all its copies and keeps it; an operation or a
 * branch condition on such a symbol is an equation herd cannot solve,
 * and it drops the candidate. */
static gboolean
thin_air_is_solvable (Enum *en, Combo *c)
{
  for (guint t = 0; t < en->test->n_threads; t++)
    {
      const AcyTrace *tr = en->chosen[t];

      for (guint i = 0; i < tr->n_ops; i++)
        if (sym_value (c, tr->ops[i], t) == ACY_LIT_VALUE_UNSOLVED)
          return FALSE;
      for (guint i = 0; i < tr->n_constraints; i++)
        if (sym_value (c, tr->constraints[i].cond, t) == ACY_LIT_VALUE_UNSOLVED)
          return FALSE;
    }
  return TRUE;
}

/* Will emit_finals drop every candidate below this point, whatever the
 * remaining reads read from? Yes when an operation or a branch
 * condition is unsolved now and so is an event it needs, and further rf
 * choices cannot change that: all they need is known (no read without
 * rf, which a later choice could reach) and no number among them reads
 * as VALUE_UNKNOWN (the one case where the order of solving matters).
 * The first look, in a shared pass, only picks whom to solve afresh. */
static gboolean
thin_air_is_certain (Enum *en, Combo *c)
{
  /* an rf chosen later can join an unsolved class to one an equation
   * pins (pins_propagate), and so solve it */
  if (c->pin != NULL)
    return FALSE;
  solver_reset (c);
  for (guint t = 0; t < en->test->n_threads; t++)
    {
      const AcyTrace *tr = en->chosen[t];

      for (guint i = 0; i < tr->n_ops + tr->n_constraints; i++)
        {
          const AcySym *s = i < tr->n_ops ? tr->ops[i] : tr->constraints[i - tr->n_ops].cond;

          if (sym_value (c, s, t) != ACY_LIT_VALUE_UNSOLVED)
            continue;
          solver_reset (c);
          if (sym_value (c, s, t) == ACY_LIT_VALUE_UNSOLVED && c->saw_unsolved && !c->saw_unknown)
            return TRUE;
        }
    }
  return FALSE;
}

/* Union-find over herd's variable numbers, as herd's own: union by
 * rank, the first argument's root winning a tie. */
typedef struct {
  GHashTable *index;   /* number -> 1 + slot */
  GArray     *parent;  /* slot -> slot */
  GArray     *rank;
  GArray     *number;  /* slot -> number */
} HerdVars;

static guint
herd_var (HerdVars *hv, guint64 number)
{
  guint slot = GPOINTER_TO_UINT (g_hash_table_lookup (hv->index, &number));

  if (slot == 0)
    {
      guint64 *key = g_new (guint64, 1);
      guint self = hv->parent->len, zero = 0;

      *key = number;
      slot = self + 1;
      g_hash_table_insert (hv->index, key, GUINT_TO_POINTER (slot));
      g_array_append_val (hv->parent, self);
      g_array_append_val (hv->rank, zero);
      g_array_append_val (hv->number, number);
    }
  return slot - 1;
}

static guint
herd_var_find (HerdVars *hv, guint i)
{
  guint *parent = (guint *) hv->parent->data;
  guint root = i;

  /* as herd's Partition: every node on the way then points at the root */
  while (parent[root] != root)
    root = parent[root];
  while (parent[i] != root)
    {
      guint next = parent[i];

      parent[i] = root;
      i = next;
    }
  return root;
}

/* herd's union of the classes of @x and @y: by rank, @x's root winning
 * a tie. */
static void
herd_var_union (HerdVars *hv, guint64 x, guint64 y)
{
  guint a = herd_var_find (hv, herd_var (hv, x));
  guint b = herd_var_find (hv, herd_var (hv, y));
  guint *rank = (guint *) hv->rank->data;

  if (a == b)
    return;
  if (rank[a] < rank[b])
    g_array_index (hv->parent, guint, a) = b;
  else
    {
      g_array_index (hv->parent, guint, b) = a;
      if (rank[a] == rank[b])
        rank[a]++;
    }
}

/* The name herd gives an unsolved value @s0. Its variables are the
 * reads' and the operations' own, each replaced first by its first
 * register copy (herd_name: herd solves registers first). Then each
 * read, from the last, is unified with the value of the write it reads
 * from (read := written), and the class is named as herd substitutes
 * it: by the variable's parent in the union-find. */
static AcyValue
thin_air_symbol (Combo *c, const AcySym *s0)
{
  HerdVars hv;
  guint64 name;
  guint root;

  if (s0->herd_name == 0)
    return ACY_LIT_VALUE_UNSOLVED;
  hv.index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  hv.parent = g_array_new (FALSE, FALSE, sizeof (guint));
  hv.rank = g_array_new (FALSE, FALSE, sizeof (guint));
  hv.number = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint g = c->n; g-- > c->x.n_locs && !halted_after (c->en, 1);)
    {
      const AcySym *r = c->tev[g]->sym, *w;

      if (c->rf_of[g] < (gint) c->x.n_locs || r->kind != ACY_SYM_READ)
        continue;
      w = c->tev[c->rf_of[g]]->sym;
      if (w->kind == ACY_SYM_CONST || r->herd_name == 0 || w->herd_name == 0 || r->herd_name == w->herd_name)
        continue;
      herd_var_union (&hv, r->herd_name, w->herd_name);
    }
  /* then what the register phase left unsolved: copy := value */
  for (guint t = 0; t < c->en->test->n_threads; t++)
    {
      const AcyTrace *tr = c->en->chosen[t];

      for (guint i = 0; tr != NULL && i < tr->n_copies; i++)
        {
          const AcySym *m = tr->copies[i];

          if (m->herd_name != 0 && m->copy_of->herd_name != 0 && m->herd_name != m->copy_of->herd_name)
            herd_var_union (&hv, m->herd_name, m->copy_of->herd_name);
        }
    }
  /* herd substitutes each variable by its parent, not its root: a
   * variable whose root was later put under another root keeps the old
   * one's name */
  root = herd_var (&hv, s0->herd_name);
  root = g_array_index (hv.parent, guint, root);
  name = g_array_index (hv.number, guint64, root);
  g_hash_table_unref (hv.index);
  g_array_unref (hv.parent);
  g_array_unref (hv.rank);
  g_array_unref (hv.number);
  return ACY_LIT_VALUE_SYMBOL (name);
}


/* A candidate with a path cut off at -unroll has come this far: herd
 * leaves it out and says so ("Loop"); one is enough to say it, so the
 * rest of the combination is skipped (FALSE, with combo_done). */
static gboolean
note_loop_cut (Enum *en)
{
  for (guint t = 0; t < en->test->n_threads && !en->loop_cut->seen; t++)
    if (en->chosen[t]->cut)
      {
        en->loop_cut->seen = TRUE;
        en->loop_cut->at = en->chosen[t]->cut_at;
        en->loop_cut->unroll = en->unroll;
      }
  en->combo_done = TRUE;
  return FALSE;
}

/* The refusal for the operation that faulted (Combo.fault_op), as herd7
 * says it (Division_by_zero, "Illegal operation"), into @error. */
static void
fault_error (Enum *en, Combo *c, GError **error)
{
  const AcySym *s = c->fault_op;
  g_autofree char *why = NULL;
  AcyErrorCode code = ACY_ERROR_UNSUPPORTED;

  why = acy_lit_binop_fault (en->test, s->op, c->fault_a, c->fault_b);
  code = acy_lit_binop_fault_code (en->test, s->op, c->fault_a, c->fault_b);
  if (why == NULL || ((s->op == ACY_LOP_DIV || s->op == ACY_LOP_MOD) && c->fault_b == 0))
    {
      why = (g_free (why), g_strdup ("division by zero"));
      code = ACY_ERROR_FATAL;   /* herd7's Division_by_zero ends its run */
    }
  if (s->at.file != NULL)
    acy_set_error_at (error, code, s->at, "%s (P%u, with a value it read)", why, c->fault_thread);
  else
    g_set_error (error, ACY_ERROR, code,
                 "%s: P%u: %s (with a value it read)", en->test->filename, c->fault_thread, why);
}

/* Refuse the test for the operation that faulted, as herd7 does. */
static G_GNUC_NO_INLINE gboolean
fault_raise (Enum *en, Combo *c)
{
  if (en->error == NULL && c->fault_op != NULL)
    fault_error (en, c, &en->error);
  en->halted = TRUE;
  en->steps_left = 1;
  return FALSE;
}

/* An assembly test's candidate with a faulting operation: herd7 finds
 * it once the model has allowed the candidate, and refuses the test
 * then only (AcyCandidate.fault): the candidate goes on, with the
 * message. */
static char *
fault_deferred (Enum *en, Combo *c)
{
  g_autoptr(GError) error = NULL;

  if (c->fault_op == NULL)
    return g_strdup ("an operation herd7 cannot do on this execution's values");
  fault_error (en, c, &error);
  return g_strdup (error->message);
}

/* The accesses of a solved candidate that go through a value that is
 * no address (AcyConstraint.through_int): the first load or RMW among
 * them makes it herd's NoSymbol candidate (Combo.nonsym), which the
 * model judges and the caller refuses the test for when allowed. herd7
 * takes the integer for a location of its own: two accesses through
 * the same one are related there (loc, rf, co), which is not built
 * here, so the test is refused at the second. FALSE when refused. */
static G_GNUC_NO_INLINE gboolean
through_int_check (Enum *en, Combo *c)
{
  c->nonsym = NULL;
  for (guint t = 0; t < en->test->n_threads; t++)
    {
      const AcyTrace *tr = en->chosen[t];

      for (guint i = 0; i < tr->n_constraints; i++)
        {
          const AcyConstraint *k = &tr->constraints[i];
          AcyValue a;

          if (k->through_int == 0)
            continue;
          a = sym_value (c, k->addr, t);
          /* unknown: it depends on what a read from nowhere read, and
           * that read's own address is an integer */
          if (!is_plain (a) || ACY_VALUE_IS_PTR (a))
            continue;
          if (k->through_int == ACY_THROUGH_INT_LOAD && c->nonsym == NULL)
            {
              c->nonsym = k;
              c->nonsym_value = a;
            }
          for (guint u = 0; u <= t; u++)
            for (guint j = 0; j < (u == t ? i : en->chosen[u]->n_constraints); j++)
              {
                const AcyConstraint *o = &en->chosen[u]->constraints[j];
                g_autofree char *text = NULL;

                if (o->through_int == 0 || sym_value (c, o->addr, u) != a)
                  continue;
                if (en->error == NULL)
                  {
                    text = acy_test_format_value (en->test, a);
                    acy_set_error_at (&en->error, ACY_ERROR_UNSUPPORTED, k->at,
                                      "this access and the one at line %u, column %u both go through %s, "
                                      "which is not an address, in some candidate: not supported (herd7 "
                                      "takes %s for a location of its own)",
                                      o->at.line, o->at.col, text, text);
                  }
                en->halted = TRUE;
                en->steps_left = 1;
                return FALSE;
              }
        }
    }
  return TRUE;
}

/* The final values of the image of the candidate in which thread
 * en->img_to[t] runs as thread t does (acy_enum_group_images), into
 * @out. When no thread of an image class has constants of its own,
 * those of the candidate with the registers of each thread moved;
 * else solved again, the events of thread t taken from the path of
 * thread img_to[t] (alike but for constants, which feed values only),
 * and the candidate's own values solved afresh after. */
void
acy_enum_image_values (Enum *en, Combo *c, AcyValue *out)
{
  const AcyTest *test = en->test;
  guint n = test->n_threads;
  const AcyTraceEvent **own = c->tev;

  if (!en->consts_differ)
    {
      for (guint v = 0; v < test->n_tracked; v++)
        {
          gint u = test->tracked[v].thread, w = -1;

          if (u >= 0 && u < (gint) n)
            w = en->img_var[v * n + en->img_from[u]];
          out[v] = c->values[w >= 0 ? (guint) w : v];
        }
      return;
    }
  if (c->tev_image == NULL)
    c->tev_image = acy_arena_newv (en->arena, const AcyTraceEvent *, c->n);
  memcpy (c->tev_image, c->tev, c->n * sizeof *c->tev);
  for (guint i = 0; i < en->n_img_threads; i++)
    {
      guint t = en->img_threads[i], u = en->img_to[t];
      const AcyTrace *tr = en->set->threads[u].traces[en->chosen_index[t]];

      for (guint e = 0; u != t && e < tr->n_events; e++)
        c->tev_image[c->offset[t] + e] = &tr->events[e];
    }
  c->tev = c->tev_image;
  solver_clear (c);
  for (guint v = 0; v < test->n_tracked; v++)
    {
      const AcyLitVar *var = &test->tracked[v];

      out[v] = 0;   /* a thread the test lacks: herd7 reads 0 */
      if (var->thread >= 0 && var->thread < (gint) n)
        {
          guint t = en->img_from[var->thread];
          const AcyTrace *tr = en->set->threads[var->thread].traces[en->chosen_index[t]];

          out[v] = sym_value (c, tr->regs[var->index], t);
        }
      else if (var->thread < 0)
        for (guint f = 0; f < c->n_fw; f++)
          if (c->fw_loc[f] == var->index)
            out[v] = event_value (c, c->fw_cands[f][c->fw_choice[f]]);
    }
  c->tev = own;
  solver_clear (c);
  for (guint g = 0; g < c->n; g++)
    (void) event_value (c, g);
}

/* A candidate as emit_finals hands it out, with what its images are
 * found from (AcyCandidate.find_images). */
typedef struct {
  AcyCandidate cand;
  Enum        *en;
  Combo       *c;
} Emitted;

static void
find_group_images (const AcyCandidate *cand)
{
  Emitted *em = (Emitted *) cand;   /* emit_finals's own, not const there */

  acy_enum_group_images (em->en, em->c, &em->cand);
  em->cand.find_images = NULL;
}

/* Every choice of final writes for one solved candidate. */
static gboolean
emit_finals (Enum *en, Combo *c)
{
  const AcyTest *test = en->test;
  guint words = ACY_WORDS (c->n);

  gboolean thin_air = FALSE;
  guint rot_period = 0;

  /* Without thin air, a candidate that is not the first of its orbit
   * under the rotation goes before its values are solved */
  if (en->rot_early && c->n_lock_ev == 0 && (rot_period = acy_enum_rotation_period (en, c)) == 0)
    return TRUE;

  /* values of all events, then the registers */
  solver_reset (c);
  for (guint g = 0; g < c->n; g++)
    {
      c->events[g].value = event_value (c, g);
      thin_air |= c->events[g].value == ACY_LIT_VALUE_UNSOLVED;
    }
  if (thin_air && !thin_air_is_solvable (en, c))
    return TRUE;
  if (G_UNLIKELY (c->has_through_int) && !through_int_check (en, c))
    return FALSE;
  /* herd7 solves every equation of a candidate: a division by zero stops
   * it even where nothing reads the quotient */
  if (G_UNLIKELY (c->may_fault))
    {
      for (guint t = 0; t < test->n_threads && !c->saw_fault; t++)
        for (guint i = 0; en->chosen[t]->may_fault && i < en->chosen[t]->n_ops; i++)
          if (en->chosen[t]->all_ops_fault || en->chosen[t]->ops[i]->op == ACY_LOP_DIV
              || en->chosen[t]->ops[i]->op == ACY_LOP_MOD)
            (void) sym_value (c, en->chosen[t]->ops[i], t);
      if (c->saw_fault && test->asm_arch == NULL)
        return fault_raise (en, c);
    }

  memset (c->fw_choice, 0, c->n_fw * sizeof (guint));
  for (;;)
    {
      Emitted em;
      AcyCandidate *cand = &em.cand;
      g_autofree char *fault = NULL;

      acy_bits_clear (words, c->fw);
      for (guint f = 0; f < c->n_fw; f++)
        acy_bits_add (c->fw, c->fw_cands[f][c->fw_choice[f]]);
      for (guint v = 0; v < test->n_tracked; v++)
        {
          const AcyLitVar *var = &test->tracked[v];

          const AcySym *sym = NULL;

          if (var->thread >= (gint) test->n_threads)
            c->values[v] = 0;   /* a thread the test lacks: herd7 reads 0 */
          else if (var->thread >= 0)
            {
              sym = en->chosen[var->thread]->regs[var->index];
              c->values[v] = sym_value (c, sym, (guint) var->thread);
            }
          else
            for (guint f = 0; f < c->n_fw; f++)
              if (c->fw_loc[f] == var->index)
                {
                  guint w = c->fw_cands[f][c->fw_choice[f]];

                  c->values[v] = c->events[w].value;
                  sym = c->tev[w] ? c->tev[w]->sym : NULL;
                }
          if (c->values[v] == ACY_LIT_VALUE_UNSOLVED && sym != NULL)
            c->values[v] = thin_air_symbol (c, sym);
        }
      /* a candidate whose path conditions hold needs a faulting value */
      if ((c->fault_pending || c->saw_fault) && test->asm_arch == NULL)
        return fault_raise (en, c);
      if (G_UNLIKELY (c->fault_pending || c->saw_fault))
        fault = fault_deferred (en, c);

      /* also when halted while solving: the values are not to be used */
      if (halted_after (en, STEPS_PER_LOOK / 256))
        return FALSE;
      /* a candidate with a path past -unroll: herd leaves it out, and
       * says so; one is enough to say it */
      if (G_UNLIKELY (en->cut_probe))
        {
          /* herd checks the filter on the final state first */
          if (test->filter != NULL && !acy_lit_prop_eval (test->filter, test, c->values))
            goto next;
          return note_loop_cut (en);
        }
      en->count++;
      if (en->max_candidates > 0 && en->count > en->max_candidates)
        {
          g_set_error (&en->error, ACY_ERROR, ACY_ERROR_LIMIT,
                       "%s: more than %" G_GUINT64_FORMAT " candidate executions",
                       test->filename, en->max_candidates);
          return FALSE;
        }

      cand->x = &c->x;
      cand->final = c->values;
      cand->condition = acy_lit_prop_eval (test->cond, test, c->values);
      cand->filter = test->filter == NULL || acy_lit_prop_eval (test->filter, test, c->values);
      cand->images = NULL;
      cand->image_weights = NULL;
      cand->find_images = NULL;
      cand->image_conditions = NULL;
      cand->n_images = 0;
      cand->weight = c->weight;
      cand->non_address_at = c->nonsym ? &c->nonsym->at : NULL;
      cand->non_address_value = c->nonsym ? c->nonsym_value : 0;
      cand->fault = fault;
      cand->claimed = c->claim_depth <= c->n_reads;
      cand->unobserved = en->unobserved;
      /* Of a candidate and its distinct image under the swap, the first
       * stands for both. Unsolved values are named after the threads
       * that made them: those candidates stand for themselves. */
      if (en->sym_a >= 0 && !thin_air)
        {
          gint order = acy_enum_mirror_order (en, c);

          if (order > 0)
            goto next;
          if (order < 0)
            {
              for (guint v = 0; v < test->n_tracked; v++)
                en->mirror[v] = c->values[en->sym_var[v]];
              en->mirror_condition = acy_lit_prop_eval (test->cond, test, en->mirror);
              cand->images = (const AcyValue *const *) &en->mirror;
              cand->image_conditions = &en->mirror_condition;
              cand->n_images = 1;
            }
        }
      /* Of a class's permutations, the first stands for all; those of
       * image classes have states of their own, found when the model
       * allows it */
      else if (en->n_img_classes > 0)
        {
          em.en = en;
          em.c = c;
          cand->find_images = find_group_images;
        }
      /* Of the candidates of one orbit of the rotation, the first
       * stands for all (thin air as for the swap; with rot_early there
       * is none that survives, and the others of its orbit are gone
       * already) */
      else if (en->rot_n > 1 && (!thin_air || rot_period > 0) && c->n_lock_ev == 0)
        {
          guint period = rot_period ? rot_period : acy_enum_rotation_period (en, c);

          if (period == 0)
            goto next;
          acy_enum_rotation_images (en, c, period);
          cand->n_images = period - 1;
          cand->images = en->rot_images + 1;
          cand->image_conditions = en->rot_conditions + 1;
        }
      en->co_hint_used = FALSE;
      if (!en->func (cand, en->user_data))
        {
          en->stop = TRUE;
          return FALSE;
        }

    next:
      {
        gint f = (gint) c->n_fw - 1;

        while (f >= 0 && ++c->fw_choice[f] >= c->n_fw_cands[f])
          c->fw_choice[f--] = 0;
        if (f < 0)
          return TRUE;
      }
    }
}

/* Whether the caller rules out every candidate the rf chosen for reads
 * before @next leads to. Asked while two or more reads are left (the
 * last ones are quicker to try than to judge), but, where the enumerator
 * chose the order of writes taken in turn, down to the last read and
 * after it: there the model rules out at once every rf but one of most
 * reads, where a candidate would cost it a search of coherence orders
 * (bench/gen-litmus's counter-distinct 5 took a quarter of the
 * instructions it took without, seqlock 4 two thirds, the corpus 1.5%
 * fewer). */
gboolean
acy_enum_rf_hopeless (Enum *en, Combo *c, guint next)
{
  if (en->prune == NULL || en->cut_probe || next + (c->n_lock_ev > 0 ? 0 : 2) > c->n_reads)
    return FALSE;
  memcpy (c->rf_hi, c->rf, acy_rel_words (c->n) * sizeof (AcyWord));
  for (guint j = next; j < c->n_reads; j++)
    for (guint i = 0; i < c->n_rf_cands[j]; i++)
      acy_rel_add (c->rf_hi, c->n, c->rf_cands[j][i], c->reads[j]);
  return en->prune (&c->x, c->rf, c->rf_hi, next,
                    en->claim != NULL && next < c->claim_depth, en->prune_data);
}

/* Where workers sharing the enumeration out (AcyEnumerateOptions.claim)
 * claim parts of it: after the first reads whose choices number at
 * least CLAIM_PARTS, so that each combination is dealt out in that many
 * parts or more (fewer only when it has fewer candidates), and the
 * choices above, which every worker makes, stay few. The same in every
 * worker: it depends on the combination only. */
#define CLAIM_PARTS 32

static guint
claim_depth (Enum *en, Combo *c)
{
  guint64 parts = 1;
  guint d;

  c->part_size = 1;
  if (en->claim == NULL || en->cut_probe || c->n_reads == 0)
    return G_MAXUINT;
  for (d = 0; d < c->n_reads && parts < CLAIM_PARTS; d++)
    parts *= MAX (c->n_rf_cands[d], 1);
  for (guint k = d; k < c->n_reads; k++)
    c->part_size = MIN (c->part_size * MAX (c->n_rf_cands[k], 1), G_MAXUINT32);
  return d;
}

/* Rotation, read by read: once read @k, the last of its thread, has its
 * rf, whether no candidate to come is the first of its orbit. */
static gboolean
rotation_done_hopeless (Enum *en, Combo *c, guint k)
{
  guint t = c->events[c->reads[k]].thread;

  if (k + 1 < c->n_reads && c->events[c->reads[k + 1]].thread == t)
    return FALSE;
  if (c->n_lock_ev > 0)
    return FALSE;
  /* the threads before the next read's have all their reads' rf */
  return acy_enum_rotation_hopeless (en, c, k + 1 < c->n_reads
                                   ? (guint) c->events[c->reads[k + 1]].thread - 1
                                   : en->test->n_threads - 1);
}

/* Give reads k.. an rf source each, pruning as soon as a path constraint
 * is known to fail, or the candidates are known to be thin air that
 * herd drops. @thin_air: an event was seen unsolved on the way here. */
gboolean
acy_enum_assign_rf (Enum *en, Combo *c, guint k, gboolean thin_air)
{
  guint r;

  if (k == c->n_reads)
    return emit_finals (en, c);
  r = c->reads[k];
  for (guint i = 0; i < c->n_rf_cands[k]; i++)
    {
      guint w = c->rf_cands[k][i], from = c->events[w].thread;
      guint weight = 1;

      if (halted_after (en, 1))
        return FALSE;
      if (en->group != NULL)
        {
          weight = fresh_weight (en, c, c->events[r].thread, w);
          if (weight == 0)
            continue;
          c->weight *= weight;
          if (from != ACY_THREAD_INIT)
            {
              image_choice (en, c, from, c->events[r].thread + 1, weight);
              c->used[from]++;
            }
        }
      c->rf_of[r] = (gint) w;
      acy_rel_add (c->rf, c->n, w, r);
      if (constraints_hold (en, c))
        {
          /* thin air takes a cycle through reads-from: one this choice
           * closes goes through r, one a branch condition reaches shows
           * in the pass of constraints_hold; below, keep looking */
          gboolean thin = thin_air || c->saw_unsolved
                          || event_value (c, r) == ACY_LIT_VALUE_UNSOLVED;

          if (!(thin && thin_air_is_certain (en, c))
              && !(en->rot_early && rotation_done_hopeless (en, c, k))
              /* another worker takes what this choice leads to */
              && !(k + 1 == c->claim_depth && !en->claim (c->part_size, en->claim_data))
              && !(c->n_rf_cands[k] > 1 && acy_enum_rf_hopeless (en, c, k + 1))
              && !acy_enum_assign_rf (en, c, k + 1, thin))
            return FALSE;
        }
      acy_bits_remove (acy_rel_row (c->rf, c->n, w), r);
      if (en->group != NULL)
        {
          c->weight /= weight;
          if (from != ACY_THREAD_INIT)
            {
              c->used[from]--;
              image_choice_undo (en, c, from, weight);
            }
        }
    }
  c->rf_of[r] = -1;
  return TRUE;
}

static void
pins_alloc (Combo *c, AcyArena *a)
{
  if (c->pin != NULL)
    return;
  c->pin = acy_arena_newv0 (a, const AcyConstraint *, c->n);
  c->pin_from = acy_arena_newv0 (a, const AcyConstraint *, c->n);
  c->pin_root = acy_arena_newv (a, guint, c->n);
  c->pin_set = acy_arena_newv0 (a, gboolean, c->n);
  c->pin_value = acy_arena_newv (a, AcyValue, c->n);
}

/* herd7 makes each `register = number` of a filter's top-level
 * conjunction an equation on the register's final value, solved with
 * the others: it gives a value out of thin air the number (filter
 * (0:r0=2) keeps r0 == 2 where r0 reads the store of r0 after it). */
static void
filter_pins (Enum *en, Combo *c, const AcyLitProp *p, AcyArena *a)
{
  while (p->kind == ACY_LPROP_AND)
    {
      filter_pins (en, c, p->a, a);
      p = p->b;
    }
  if (p->kind == ACY_LPROP_ATOM && !p->rhs_is_var && p->lhs.thread >= 0
      && p->lhs.thread < (gint) en->test->n_threads)
    {
      const AcySym *r = en->chosen[p->lhs.thread]->regs[p->lhs.index];
      AcySym *value, *eq;
      AcyConstraint *k;
      guint g;

      if (r != NULL && r->kind == ACY_SYM_OP)
        {
          /* at most a few: one per atom of the filter */
          if (c->n_op_pins % 8 == 0)
            {
              const AcySym **syms = acy_arena_newv (a, const AcySym *, c->n_op_pins + 8);
              AcyValue *values = acy_arena_newv (a, AcyValue, c->n_op_pins + 8);
              guint *threads = acy_arena_newv (a, guint, c->n_op_pins + 8);

              if (c->n_op_pins > 0)
                {
                  memcpy (syms, c->op_pin_sym, c->n_op_pins * sizeof *syms);
                  memcpy (values, c->op_pin_value, c->n_op_pins * sizeof *values);
                  memcpy (threads, c->op_pin_thread, c->n_op_pins * sizeof *threads);
                }
              c->op_pin_sym = syms;
              c->op_pin_value = values;
              c->op_pin_thread = threads;
            }
          c->op_pin_sym[c->n_op_pins] = r;
          c->op_pin_value[c->n_op_pins] = p->rhs_value;
          c->op_pin_thread[c->n_op_pins] = (guint) p->lhs.thread;
          c->n_op_pins++;
          pins_alloc (c, a);
          return;
        }
      if (r == NULL || r->kind != ACY_SYM_READ)
        return;
      g = c->offset[p->lhs.thread] + r->read;
      pins_alloc (c, a);
      if (c->pin[g] != NULL)
        return;
      value = acy_arena_new0 (a, AcySym);
      value->kind = ACY_SYM_CONST;
      value->value = p->rhs_value;
      eq = acy_arena_new0 (a, AcySym);
      eq->kind = ACY_SYM_OP;
      eq->op = ACY_LOP_EQ;
      eq->a = r;
      eq->b = value;
      k = acy_arena_new0 (a, AcyConstraint);
      k->cond = eq;
      k->want = TRUE;
      k->pin = (gint) r->read;
      c->pin[g] = k;
    }
}

static gboolean
run_combination (Enum *en)
{
  const AcyTest *test = en->test;
  AcyArena *a = en->arena;
  guint n_locs = test->loc_names->len;
  guint n = n_locs, k = 0, instr_base = 0;
  Combo c;
  gsize rw;

  memset (&c, 0, sizeof c);
  c.en = en;
  c.offset = acy_arena_newv (a, guint, MAX (test->n_threads, 1));
  for (guint t = 0; t < test->n_threads; t++)
    {
      c.offset[t] = n;
      n += en->chosen[t]->n_events;
    }
  if (n > ACY_MAX_EVENTS)
    {
      /* point at the thread with the most events, and say where the
       * rest come from (initial writes, one per location) */
      guint big = 0;

      for (guint t = 1; t < test->n_threads; t++)
        if (en->chosen[t]->n_events > en->chosen[big]->n_events)
          big = t;
      acy_set_error_at (&en->error, ACY_ERROR_LIMIT, test->threads[big].loc,
                        "more than %d events in an execution (limit): %u initial write(s), one "
                        "per location, and %u in threads, most (%u) in P%u", ACY_MAX_EVENTS, n_locs, n - n_locs,
                        en->chosen[big]->n_events, big);
      return FALSE;
    }
  /* setting a combination up takes a few passes over its events */
  if (halted_after (en, n))
    return FALSE;
  c.n = n;
  rw = acy_rel_words (n);
  c.events = acy_arena_newv0 (a, AcyEvent, n);
  c.tev = acy_arena_newv0 (a, const AcyTraceEvent *, n);
  c.rf_of = acy_arena_newv (a, gint, n);
  c.state = acy_arena_newv0 (a, guint8, n);
  c.value = acy_arena_newv0 (a, AcyValue, n);
  c.po = acy_arena_newv0 (a, AcyWord, rw);
  c.addr = acy_arena_newv0 (a, AcyWord, rw);
  c.data = acy_arena_newv0 (a, AcyWord, rw);
  c.ctrl = acy_arena_newv0 (a, AcyWord, rw);
  c.rmw = acy_arena_newv0 (a, AcyWord, rw);
  c.iico_data = c.iico_ctrl = c.iico_order = NULL;
  for (guint t = 0; t < test->n_threads && c.iico_data == NULL; t++)
    if (en->chosen[t]->has_iico)
      {
        c.iico_data = acy_arena_newv0 (a, AcyWord, rw);
        c.iico_ctrl = acy_arena_newv0 (a, AcyWord, rw);
        c.iico_order = acy_arena_newv0 (a, AcyWord, rw);
      }
  c.rf = acy_arena_newv0 (a, AcyWord, rw);
  c.rf_hi = acy_arena_newv (a, AcyWord, rw);
  c.fw = acy_arena_newv0 (a, AcyWord, ACY_WORDS (n));
  c.used = acy_arena_newv0 (a, guint, MAX (test->n_threads, 1));
  c.weight = en->combo_weight;
  c.img_weight = en->combo_img_weight;
  if (en->n_img_classes > 0)
    {
      /* one choice per read and lock write at most */
      c.img_took = acy_arena_newv (a, guint, n);
      c.img_n_alts = acy_arena_newv (a, guint, n);
      c.img_alts = acy_arena_newv (a, guint, (gsize) n * IMAGE_CLASS_MAX);
    }
  for (guint g = 0; g < n; g++)
    c.rf_of[g] = -1;
  c.pin = NULL;
  c.n_op_pins = 0;
  c.has_through_int = FALSE;
  c.nonsym = NULL;
  c.may_fault = FALSE;
  for (guint t = 0; t < test->n_threads; t++)
    c.may_fault |= en->chosen[t]->may_fault;
  for (guint t = 0; t < test->n_threads; t++)
    for (guint i = 0; i < en->chosen[t]->n_constraints; i++)
      {
        const AcyConstraint *k = &en->chosen[t]->constraints[i];

        c.has_through_int |= k->through_int != 0;

        if (k->pin < 0 || k->cond->kind != ACY_SYM_OP || k->cond->op != ACY_LOP_EQ)
          continue;
        pins_alloc (&c, a);
        c.pin[c.offset[t] + (guint) k->pin] = k;
      }
  if (test->filter != NULL)
    filter_pins (en, &c, test->filter, a);

  for (guint l = 0; l < n_locs; l++)
    {
      AcyEvent *e = &c.events[l];

      e->thread = ACY_THREAD_INIT;
      e->kind = ACY_EV_W | ACY_EV_IW;
      e->loc = (gint32) l;
      e->instr = -1;
      e->value = g_array_index (test->loc_init, AcyValue, l);
    }

  for (guint t = 0; t < test->n_threads; t++)
    {
      const AcyTrace *tr = en->chosen[t];
      guint base = c.offset[t];

      for (guint i = 0; i < tr->n_events; i++)
        {
          const AcyTraceEvent *te = &tr->events[i];
          AcyEvent *e = &c.events[base + i];

          *e = te->ev;
          c.tev[base + i] = te;
          e->instr = te->ev.instr + (gint32) instr_base;
          for (guint j = i + 1; j < tr->n_events; j++)
            acy_rel_add (c.po, n, base + i, base + j);
          for (guint u = 0; u < tr->n_unordered; u++)
            {
              const guint *t = &tr->unordered[3 * u];

              if (i >= t[0] && i < t[1])
                for (guint j = t[1]; j < t[2]; j++)
                  acy_bits_remove (acy_rel_row (c.po, n, base + i), base + j);
            }
          for (guint j = 0; j < i; j++)
            {
              if (acy_dep_has (&te->addr, j))
                acy_rel_add (c.addr, n, base + j, base + i);
              if (acy_dep_has (&te->data, j))
                acy_rel_add (c.data, n, base + j, base + i);
              if (acy_dep_has (&te->ctrl, j))
                acy_rel_add (c.ctrl, n, base + j, base + i);
            }
          if (tr->has_iico)
            for (guint j = 0; j < tr->n_events; j++)
              {
                if (acy_dep_has (&te->iico_data, j))
                  acy_rel_add (c.iico_data, n, base + j, base + i);
                if (acy_dep_has (&te->iico_ctrl, j))
                  acy_rel_add (c.iico_ctrl, n, base + j, base + i);
                if (acy_dep_has (&te->iico_order, j))
                  acy_rel_add (c.iico_order, n, base + j, base + i);
              }
          if (te->rmw_partner >= 0)
            acy_rel_add (c.rmw, n, base + i, base + (guint) te->rmw_partner);
          if (te->needs_rf)
            k++;
        }
      instr_base += tr->n_instrs;
    }

  /* rf candidates: every write to the read's location */
  c.n_reads = k;
  c.reads = acy_arena_newv (a, guint, MAX (k, 1));
  c.rf_cands = acy_arena_newv (a, guint *, MAX (k, 1));
  c.n_rf_cands = acy_arena_newv0 (a, guint, MAX (k, 1));
  k = 0;
  for (guint g = n_locs; g < n; g++)
    {
      guint m = 0;

      if (!c.tev[g]->needs_rf)
        continue;
      c.reads[k] = g;
      c.rf_cands[k] = acy_arena_newv (a, guint, n);
      for (guint w = 0; w < n; w++)
        /* A C11 RMW, both read and write, does not read from itself, and
         * as in herd7 the read of a kernel RMW never reads from that
         * RMW's own write (a model without atomicity would allow it). */
        if ((c.events[w].kind & ACY_EV_W) && c.events[w].loc == c.events[g].loc && w != g
            && !acy_rel_has (c.rmw, n, g, w) && !feeds_own_write (&c, g, w))
          c.rf_cands[k][m++] = w;
      c.n_rf_cands[k++] = m;
    }

  /* final writes of the locations the final state (or filter) reads */
  c.fw_loc = acy_arena_newv (a, gint, MAX (test->n_tracked, 1));
  c.fw_cands = acy_arena_newv (a, guint *, MAX (test->n_tracked, 1));
  c.n_fw_cands = acy_arena_newv0 (a, guint, MAX (test->n_tracked, 1));
  c.fw_choice = acy_arena_newv0 (a, guint, MAX (test->n_tracked, 1));
  c.values = acy_arena_newv0 (a, AcyValue, MAX (test->n_tracked, 1));
  for (guint v = 0; v < test->n_tracked; v++)
    {
      gint loc = test->tracked[v].index;
      guint m = 0;

      if (test->tracked[v].thread >= 0)
        continue;
      c.fw_loc[c.n_fw] = loc;
      c.fw_cands[c.n_fw] = acy_arena_newv (a, guint, n);
      for (guint w = n_locs; w < n; w++)
        if ((c.events[w].kind & ACY_EV_W) && c.events[w].loc == loc)
          c.fw_cands[c.n_fw][m++] = w;
      if (m == 0)
        c.fw_cands[c.n_fw][m++] = (guint) loc;
      c.n_fw_cands[c.n_fw++] = m;
    }

  c.x.n_events = n;
  c.x.events = c.events;
  /* Every candidate of this combination of traces shares the events and
   * the relations but rf and fw: models may reuse work keyed on this. */
  c.x.structure_id = ++en->n_structures;
  c.x.n_threads = test->n_threads;
  c.x.n_locs = n_locs;
  c.x.loc_names = (const char *const *) test->loc_names->pdata;
  c.x.n_tags = test->tag_names->len;
  c.x.tag_names = (const char *const *) test->tag_names->pdata;
  if (test->asm_arch != NULL)
    {
      const char **texts = acy_arena_newv0 (a, const char *, n);

      for (guint g = n_locs; g < n; g++)
        texts[g] = c.tev[g]->instr_text;
      c.x.instr_texts = texts;
    }
  c.x.po = c.po;
  c.x.addr = c.addr;
  c.x.data = c.data;
  c.x.ctrl = c.ctrl;
  c.x.rmw = c.rmw;
  c.x.iico_data = c.iico_data;
  c.x.iico_ctrl = c.iico_ctrl;
  c.x.iico_order = c.iico_order;
  c.x.rf = c.rf;
  c.x.fw = c.fw;

  c.claim_depth = claim_depth (en, &c);
  if (!constraints_hold (en, &c))
    return TRUE;
  if (en->order_locks && acy_enum_setup_lock_order (en, &c))
    return acy_enum_choose_lock_order (en, &c, 0);
  if (acy_enum_rf_hopeless (en, &c, 0))
    return TRUE;
  return acy_enum_assign_rf (en, &c, 0, FALSE);
}

/* Every combination of one path per thread, the last thread's path
 * changing fastest. An odometer, not a recursion per thread: 20,000
 * threads overflowed a 1 MiB stack under ASan. */
static gboolean
choose_traces (Enum *en)
{
  guint n = en->test->n_threads;

  for (guint t = 0; t < n; t++)
    {
      if (en->set->threads[t].n_traces == 0)
        return TRUE;
      en->chosen_index[t] = 0;
      en->chosen[t] = en->set->threads[t].traces[0];
    }
  for (;;)
    {
      AcyArenaMark mark = acy_arena_mark (en->arena);
      gboolean ok = TRUE, advanced = FALSE;
      guint from = n;

      /* a path cut off at -unroll: only to find whether some candidate
       * has it, until one has */
      en->cut_probe = FALSE;
      for (guint t = 0; t < n && !en->cut_probe; t++)
        en->cut_probe = en->chosen[t]->cut;
      en->unobserved = FALSE;
      for (guint t = 0; t < n && en->observed_only && !en->unobserved; t++)
        en->unobserved = en->chosen[t]->unobserved;
      /* of the arrangements of paths over a class's threads, the first
       * stands for all */
      en->combo_weight = en->combo_img_weight = 1;
      if (en->group != NULL)
        en->combo_weight = acy_enum_class_arrangements (en);
      if (en->combo_weight > 0 && (from = acy_enum_values_hopeless_from (en)) == n
          && (!en->cut_probe || (en->loop_cut != NULL && !en->loop_cut->seen)))
        ok = run_combination (en);
      if (!ok && en->combo_done && !en->halted && en->error == NULL)
        ok = TRUE;
      en->combo_done = FALSE;
      acy_arena_release (en->arena, mark);
      if (!ok)
        return FALSE;
      /* none that keeps the paths of threads up to @from has a candidate */
      for (guint t = from + 1; t < n; t++)
        en->chosen_index[t] = en->set->threads[t].n_traces - 1;
      for (guint t = n; t-- > 0 && !advanced;)
        {
          const AcyThreadTraces *tt = &en->set->threads[t];

          if (++en->chosen_index[t] < tt->n_traces)
            advanced = TRUE;
          else
            en->chosen_index[t] = 0;
          en->chosen[t] = tt->traces[en->chosen_index[t]];
        }
      if (!advanced)
        return TRUE;
    }
}

gboolean
acy_test_enumerate (const AcyTest              *test,
                    const AcyEnumerateOptions  *options,
                    AcyCandidateFunc            func,
                    gpointer                    user_data,
                    GCancellable               *cancellable,
                    GError                    **error)
{
  g_autoptr (AcyTraceSet) set = NULL;
  guint unroll = options ? options->unroll : ACY_DEFAULT_UNROLL;
  Enum en;
  gboolean ok;

  g_return_val_if_fail (test != NULL && func != NULL, FALSE);

  if (unroll > ACY_MAX_UNROLL)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_LIMIT,
                   "loops unrolled %u times: at most %u are taken (-unroll)",
                   unroll, ACY_MAX_UNROLL);
      return FALSE;
    }

  set = acy_trace_set_build (test, options && options->rmw_tags_both, unroll, cancellable,
                             options ? options->deadline : 0, error);
  if (set == NULL)
    return FALSE;
  if (options && options->observed_only)
    {
      g_return_val_if_fail (!options->symmetry, FALSE);
      acy_trace_set_mark_unobserved (set, test);
    }

  memset (&en, 0, sizeof en);
  en.test = test;
  en.set = set;
  en.max_candidates = options ? options->max_candidates : 0;
  en.prune = options ? options->prune_rf : NULL;
  en.prune_data = options ? options->prune_data : NULL;
  if (options && options->claim && options->max_candidates == 0)
    {
      en.claim = options->claim;
      en.claim_data = options->claim_data;
    }
  en.func = func;
  en.user_data = user_data;
  en.cancellable = cancellable;
  en.deadline = options ? options->deadline : 0;
  en.steps_left = 1;   /* look before the first step */
  en.chosen = g_new0 (const AcyTrace *, MAX (test->n_threads, 1));
  en.chosen_index = g_new0 (guint, MAX (test->n_threads, 1));
  en.arena = acy_arena_new (1 << 16);
  en.sym_a = en.sym_b = -1;
  en.values_unseen = options && options->values_unseen;
  en.observed_only = options && options->observed_only;
  acy_enum_values_setup (&en, set);
  if (options && options->symmetry && !acy_enum_find_interchangeable (&en))
    {
      acy_enum_find_symmetry (&en);
      if (en.sym_a < 0)
        acy_enum_find_rotation (&en);
    }
  if (en.consts_differ && options->permuted_constants)
    *options->permuted_constants = TRUE;
  en.order_locks = options && options->order_locks;
  en.loop_cut = options ? options->loop_cut : NULL;
  en.unroll = unroll;

  /* a halt seen in the solver may let the search end "normally" */
  ok = choose_traces (&en) && !en.halted;
  if (!ok && en.stop)
    ok = TRUE;
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&en.error));
  g_clear_error (&en.error);

  g_free (en.chosen);
  g_free (en.chosen_index);
  acy_enum_symmetry_free (&en);
  acy_enum_values_free (en.vals);
  acy_arena_free (en.arena);
  return ok;
}
