/* acy-asm-exec.c - running an assembly thread's code into traces
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A thread runs its cells in order, each instruction making its events
 * through the architecture's semantics (AcyAsmArch.exec_instr) on the
 * core's run (acy-trace-run.h). As in herd7:
 * - the events of one instruction are in no po with each other (herd's
 *   po leaves out the pairs of one instance of an instruction; what
 *   orders them is intra-instruction causality, which a read reading
 *   from its own instruction's write would contradict: the enumerator
 *   never lets it);
 * - a branch on a value not known when the thread runs is a choice, its
 *   condition a constraint, and the reads it depends on the control
 *   dependencies of every event after it;
 * - a jump back (to the jump's own cell or before it) counts the times
 *   its target is reached that way; past -unroll the path is cut off
 *   (herd's "loop unrolling limit", its candidates left out and "Loop"
 *   said). herd counts a conditional branch unless its condition is
 *   known when the code is built (AcyAsmNext.known), which on x86 it
 *   never is: herd keeps no values of x86 registers while it builds the
 *   code, as it does for AArch64's.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-asm.h"

/* Instructions a path may run: a loop on a known value is not counted
 * against -unroll (as in herd7, which never ends on `L: jmp L` made of
 * a branch on a constant) */
#define MAX_STEPS 100000

typedef struct {
  AcyRun             r;   /* first: the path function gets the AcyRun */
  const AcyAsmArch  *arch;
  const AcyAsmCode  *code;
  guint              unroll;
  guint             *seen;   /* per line: back jumps that reached it on this path */
  gint              *target; /* per line: the line its jump goes to, -1 none */
} AsmRun;

static gint
find_label (const AcyAsmCode *code, const char *label)
{
  for (guint i = 0; i < code->n_lines; i++)
    if (code->lines[i].label && strcmp (code->lines[i].label, label) == 0)
      return (gint) i;
  return -1;
}

/* Leaves the events [from, to) of one instruction out of po with each
 * other (AcyTrace.unordered). */
static void
unorder (AcyRun *r, guint from, guint to)
{
  for (guint k = from + 1; k < to; k++)
    {
      guint t[3] = { from, k, k + 1 };

      g_array_append_vals (r->unordered, t, 3);
    }
}

/* Within an instruction, herd orders its writes after its reads (the
 * value written, or the choice to write, comes from them): a read never
 * reads from a write of its own instruction, which the enumerator sees
 * as a write depending on the read (AcyTraceEvent.vdep). */
static void
iico (AcyRun *r, guint from, guint to)
{
  for (guint w = from; w < to; w++)
    if (r->events[w].ev.kind & ACY_EV_W)
      for (guint k = from; k < w; k++)
        if (r->events[k].ev.kind & ACY_EV_R)
          acy_dep_add (&r->events[w].vdep, k);
}

/* Whether the jump from line @pc to line @to may go on: a back jump
 * counted past -unroll cuts the path off there. */
static gboolean
jump_ok (AsmRun *x, guint pc, guint to, gboolean counted)
{
  if (!counted || to > pc)
    return TRUE;
  if (++x->seen[to] <= x->unroll)
    return TRUE;
  if (!x->r.cut)
    x->r.cut_at = x->code->lines[to].loc;
  x->r.cut = TRUE;
  return FALSE;
}

static gboolean
run_path (AcyRun *r, gpointer data)
{
  AsmRun *x = (AsmRun *) r;
  guint pc = 0, steps = 0;

  (void) data;
  memset (x->seen, 0, MAX (x->code->n_lines, 1) * sizeof (guint));
  r->regs_unknown = 0;
  while (pc < x->code->n_lines)
    {
      const AcyAsmLine *line = &x->code->lines[pc];
      AcyAsmNext next = { ACY_ASM_NEXT, NULL, { NULL, { { 0 } } }, FALSE };
      guint first = r->n_events;
      gboolean taken;

      if (line->instr == NULL)
        {
          pc++;
          continue;
        }
      if (++steps > MAX_STEPS)
        {
          acy_run_limit_at (r, line->loc, "P%u runs more than %u instructions on one path "
                            "(a loop on a value known when it runs)", r->thread, MAX_STEPS);
          return FALSE;
        }
      r->stmt_first = r->n_events;
      r->stmt_number++;
      r->instr_text = line->text;
      if (!x->arch->exec_instr (r, line->instr, line->loc, &next) || r->dead)
        return FALSE;
      unorder (r, first, r->n_events);
      iico (r, first, r->n_events);
      r->n_instrs++;
      switch (next.flow)
        {
        case ACY_ASM_NEXT:
          pc++;
          break;
        case ACY_ASM_EXIT:
          return TRUE;
        case ACY_ASM_JUMP:
          if (!jump_ok (x, pc, (guint) x->target[pc], TRUE))
            return TRUE;
          pc = (guint) x->target[pc];
          break;
        case ACY_ASM_BRANCH:
          taken = acy_run_decide (r, next.cond.s);
          if (r->dead)
            return FALSE;
          acy_dep_union (&r->ctrl, &next.cond.d);
          if (!taken)
            pc++;
          else if (!jump_ok (x, pc, (guint) x->target[pc], !next.known))
            return TRUE;
          else
            pc = (guint) x->target[pc];
          break;
        }
    }
  return TRUE;
}

/* Whether some register or location starts with an address: only then
 * may an operation of the code meet one */
static gboolean
has_addresses (const AcyTest *test)
{
  for (guint l = 0; l < test->loc_init->len; l++)
    if (ACY_VALUE_IS_PTR (g_array_index (test->loc_init, AcyValue, l)))
      return TRUE;
  for (guint t = 0; t < test->n_threads; t++)
    for (guint r = 0; r < test->threads[t].n_regs; r++)
      if (ACY_VALUE_IS_PTR (test->threads[t].reg_init[r]))
        return TRUE;
  return FALSE;
}

gboolean
acy_asm_run_threads (const AcyTest *test, guint unroll, AcyTraceSet *set,
                     GCancellable *cancellable, gint64 deadline, GError **error)
{
  gboolean ok = TRUE, addresses = has_addresses (test);

  for (guint t = 0; t < test->n_threads && ok; t++)
    {
      AsmRun *x = g_new0 (AsmRun, 1);
      const AcyAsmCode *code = test->threads[t].asm_code;

      acy_run_init (&x->r, test, t, set->arena, cancellable, deadline);
      /* herd7 solves every operation of the code, and refuses the test
       * on one it cannot do ('<' on an address and 2) */
      x->r.lazy_faults = TRUE;
      x->r.all_ops_fault = addresses;
      x->arch = test->asm_arch;
      x->code = code;
      x->unroll = unroll;
      x->seen = g_new0 (guint, MAX (code->n_lines, 1));
      x->target = g_new (gint, MAX (code->n_lines, 1));
      for (guint i = 0; i < code->n_lines; i++)
        {
          const char *label = code->lines[i].instr ? x->arch->jump_label (code->lines[i].instr) : NULL;

          x->target[i] = label ? find_label (code, label) : -1;
        }
      ok = acy_run_paths (&x->r, 0, run_path, NULL, &set->threads[t], error);
      acy_run_clear (&x->r);
      g_free (x->seen);
      g_free (x->target);
      g_free (x);
    }
  return ok;
}
