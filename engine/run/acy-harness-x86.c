/* acy-harness-x86.c - an X86 or X86_64 test's threads as inline assembly in a harness
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each thread of an assembly test becomes one asm statement written from
 * the instructions the engine parsed (engine/arch/x86), never from the
 * test's text: every instruction printed anew in AT&T syntax with its
 * size, the test's registers operands the compiler allocates (%k[g3]:
 * the thread's register 3 by its low 32 bits; rax a register of class a
 * where cmpxchg reads it), each location an operand holding the address
 * of its cell in this iteration, the labels numbered (.Lacy%=_7: line 7
 * of the thread).
 *
 * herd7's x86 is not always the CPU's, and a harness must count the
 * final states the model speaks of. What would make them differ is
 * refused with the reason, at its place:
 * - herd7 writes a register's 8- or 16-bit part over the whole register
 *   (a CPU keeps the other bits), and leaves in a register the whole
 *   value an instruction of 32 bits computed (a CPU zeroes the upper
 *   half): the latter only matters when the register is then read in
 *   64 bits, or its final value is;
 * - herd7's SF is a > b and its CF always 0: only je and jne run (on ZF,
 *   which herd7 and a CPU agree on after cmp, cmpxchg and an operation
 *   whose result both compute alike); cmovc and setnb do not;
 * - a shift by as many bits as the value has or more (a CPU counts
 *   modulo 32 or 64), an immediate wider than its instruction;
 * - an access of another size than its location's (herd7's mixed-size
 *   accesses), an address computed from registers, an address held in
 *   a register or location, a loop (it might not end: herd7 unrolls it).
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-harness-private.h"
#include "acy-x86.h"

typedef AcyHarnessGen Gen;

/* Registers the compiler needs for itself (the stack pointer) and one
 * to spare: a thread may use the other 14 for its registers and
 * locations. */
#define MAX_OPERANDS 14

typedef struct {
  Gen               *g;
  const AcyTest     *test;
  guint              thread;
  const AcyAsmCode  *code;
  gboolean           wide;        /* X86_64, else X86 (32-bit registers) */
  gboolean          *used;        /* per register: an operand of the code */
  gboolean          *class_a;     /* per register: cmpxchg's rax */
  gboolean          *class_q;     /* per register: its %ah part is named */
  gboolean          *upper;       /* per register: its upper half may be herd7's, not the CPU's */
  gboolean          *wide_read;   /* per register: read in 64 bits */
  guint64            locs;        /* locations the code accesses */
} Thread;

static const AcyX86Instr *
instr_at (const Thread *th, guint line)
{
  return th->code->lines[line].instr;
}

static guint
part_bits (AcyX86Part part)
{
  switch (part)
    {
    case ACY_X86_PART_8L: case ACY_X86_PART_8H: return 8;
    case ACY_X86_PART_16: return 16;
    case ACY_X86_PART_32: return 32;
    case ACY_X86_PART_64: case ACY_X86_PART_WHOLE: break;
    }
  return 64;
}

/* The bits an instruction operates on: its suffix, else its register
 * operand's part (X86: 32), else the location's (@loc_bits). */
static guint
instr_bits (const Thread *th, const AcyX86Instr *i, guint loc_bits)
{
  const AcyX86Opnd *ops[2] = { &i->ea, &i->src };

  switch (i->size)
    {
    case ACY_X86_SZ_B: return 8;
    case ACY_X86_SZ_W: return 16;
    case ACY_X86_SZ_L: return 32;
    case ACY_X86_SZ_Q: return 64;
    case ACY_X86_SZ_NONE: break;
    }
  if (!th->wide)
    return 32;
  for (guint k = 0; k < 2; k++)
    if (ops[k]->kind == ACY_X86_OPND_REG)
      return part_bits (ops[k]->part);
  return loc_bits;
}

/* The bits of location @l's cells: its type's (X86_64), else 32. */
static guint
loc_bits (const Thread *th, gint l)
{
  return th->g->wide[l] ? 64 : 32;
}

/* The location an instruction accesses (at most one on x86), -1 none. */
static gint
instr_loc (const AcyX86Instr *i)
{
  if (i->ea.kind == ACY_X86_OPND_ABS)
    return i->ea.loc;
  if (i->src.kind == ACY_X86_OPND_ABS)
    return i->src.loc;
  return -1;
}

static guint
bits_of (const Thread *th, const AcyX86Instr *i)
{
  gint l = instr_loc (i);

  return instr_bits (th, i, l >= 0 ? loc_bits (th, l) : 64);
}

static gboolean
is_imm (const AcyX86Opnd *o)
{
  return o->kind == ACY_X86_OPND_IMM;
}

/* Whether herd7's value of what @i computes is the CPU's, all 64 bits
 * of it (X86: its 32 bits, as herd7's values wrap there): a value read
 * is masked to the instruction's size in both; an immediate herd7 never
 * masks, and a sum it does not wrap below 64 bits. */
static gboolean
exact_result (const Thread *th, const AcyX86Instr *i)
{
  guint bits = bits_of (th, i);
  gboolean small_imm = is_imm (&i->src) && i->src.value >= 0
                       && (bits == 64 || i->src.value < (G_GINT64_CONSTANT (1) << bits));

  if (!th->wide || bits == 64)
    return TRUE;
  switch (i->op)
    {
    case ACY_X86_MOV: case ACY_X86_OR: case ACY_X86_XOR:
      return !is_imm (&i->src) || small_imm;
    case ACY_X86_AND: case ACY_X86_XCHG: case ACY_X86_UXCH: case ACY_X86_CMPXCHG:
    case ACY_X86_CMP:
      return TRUE;
    default:
      return FALSE;
    }
}

static const char *
op_name (AcyX86Op op)
{
  switch (op)
    {
    case ACY_X86_MOV: return "mov";
    case ACY_X86_ADD: return "add";
    case ACY_X86_OR: return "or";
    case ACY_X86_XOR: return "xor";
    case ACY_X86_AND: return "and";
    case ACY_X86_SHL: return "shl";
    case ACY_X86_CMP: return "cmp";
    case ACY_X86_DEC: return "dec";
    case ACY_X86_INC: return "inc";
    case ACY_X86_XCHG: case ACY_X86_UXCH: return "xchg";
    case ACY_X86_CMPXCHG: return "cmpxchg";
    case ACY_X86_MOVNTI: return "movnti";
    case ACY_X86_NOP: return "nop";
    case ACY_X86_MFENCE: return "mfence";
    case ACY_X86_SFENCE: return "sfence";
    case ACY_X86_LFENCE: return "lfence";
    default: return NULL;
    }
}

/* ---- what runs ---- */

/* A register operand @o that @i reads (@read) or writes (@written). */
static void
check_reg (Thread *th, const AcyX86Instr *i, const AcyX86Opnd *o, gboolean read, gboolean written,
           AcyLoc at)
{
  const char *name = th->test->threads[th->thread].reg_names[o->reg];

  if (th->wide ? o->part == ACY_X86_PART_WHOLE : acy_x86_reg_rank (name) >= 8)
    {
      acy_harness_refuse (th->g, at, "%s is no register the code may use on a CPU near '%s'", name, o->reg_text);
      return;
    }
  th->used[o->reg] = TRUE;
  if (o->part == ACY_X86_PART_8H)
    th->class_q[o->reg] = TRUE;
  if (read && o->part == ACY_X86_PART_64)
    th->wide_read[o->reg] = TRUE;
  if (written && th->wide && (o->part == ACY_X86_PART_8L || o->part == ACY_X86_PART_8H || o->part == ACY_X86_PART_16))
    acy_harness_refuse (th->g, at, "a write of %%%s: herd7 writes it over the whole of %s, a CPU keeps "
                        "the other bits near '%s'", o->reg_text, name, o->reg_text);
  if (written && th->wide && o->part == ACY_X86_PART_32 && !exact_result (th, i))
    th->upper[o->reg] = TRUE;
}

static void
check_opnd (Thread *th, const AcyX86Instr *i, const AcyX86Opnd *o, gboolean read, gboolean written,
            AcyLoc at)
{
  guint bits = bits_of (th, i);

  switch (o->kind)
    {
    case ACY_X86_OPND_NONE:
      break;
    case ACY_X86_OPND_REG:
      if (th->wide && o->part != ACY_X86_PART_WHOLE && part_bits (o->part) != bits)
        acy_harness_refuse (th->g, at, "%%%s in an instruction of %u bits", o->reg_text, bits);
      check_reg (th, i, o, read, written, at);
      break;
    case ACY_X86_OPND_IMM:
      {
        gint64 lo = bits == 64 ? G_MININT32 : -(G_GINT64_CONSTANT (1) << (bits - 1));
        gint64 hi = bits == 64 ? G_MAXINT32 : (G_GINT64_CONSTANT (1) << bits) - 1;

        /* movq $k,%reg takes 64 bits (movabsq) */
        if (i->op == ACY_X86_MOV && bits == 64 && i->ea.kind == ACY_X86_OPND_REG)
          break;
        if (o->value < lo || o->value > hi)
          acy_harness_refuse (th->g, at, "$%" G_GINT64_FORMAT " does not fit an instruction of %u bits (a "
                              "CPU would take other bits than herd7)", o->value, bits);
      }
      break;
    case ACY_X86_OPND_ABS:
      {
        guint lb = loc_bits (th, o->loc);

        th->locs |= G_GUINT64_CONSTANT (1) << o->loc;
        if (bits != lb)
          acy_harness_refuse (th->g, at, "an access of %u bits to %s, a location of %u (herd7's mixed-size "
                              "accesses) near '%s'", bits, o->name, lb, o->name);
      }
      break;
    case ACY_X86_OPND_ABS_NUM:
      acy_harness_refuse (th->g, at, "an access to the number %" G_GINT64_FORMAT " as an address",
                          o->value);
      break;
    case ACY_X86_OPND_DEREF:
    case ACY_X86_OPND_SCALED:
      acy_harness_refuse (th->g, at, "an address computed from a register (herd7's symbolic "
                          "addresses have no numbers on a CPU) near '%s'", o->reg_text);
      break;
    }
}

static void
check_instr (Thread *th, const AcyX86Instr *i, AcyLoc at)
{
  gboolean reads_ea = i->op != ACY_X86_MOV && i->op != ACY_X86_MOVNTI;
  gboolean writes_ea = i->op != ACY_X86_CMP;

  if (!th->wide && i->size != ACY_X86_SZ_NONE && i->size != ACY_X86_SZ_L)
    {
      acy_harness_refuse (th->g, at, "an access of other than 32 bits (X86's registers and locations "
                          "have 32)");
      return;
    }
  switch (i->op)
    {
    case ACY_X86_NOP: case ACY_X86_MFENCE: case ACY_X86_SFENCE: case ACY_X86_LFENCE:
    case ACY_X86_JMP:
      return;
    case ACY_X86_JCC:
      if (i->cond != ACY_X86_C_EQ && i->cond != ACY_X86_C_NE)
        acy_harness_refuse (th->g, at, "herd7 branches on flags of its own here (its SF is a > b, not "
                            "a CPU's sign): only je and jne run");
      return;
    case ACY_X86_RET:
      if (!th->test->telechat)
        acy_harness_refuse (th->g, at, "herd7 runs ret only under its variant telechat near 'ret'");
      return;
    case ACY_X86_CMOVC: case ACY_X86_SETNB:
      acy_harness_refuse (th->g, at, "herd7's carry flag is always 0, a CPU's is not: %s does not run",
                          i->op == ACY_X86_CMOVC ? "cmovc" : "setnb");
      return;
    case ACY_X86_SHL:
      if (!is_imm (&i->src) || i->src.value < 0 || i->src.value >= (gint64) bits_of (th, i))
        acy_harness_refuse (th->g, at, "a shift by a register, or by as many bits as the value has or "
                            "more (a CPU counts modulo 32 or 64, herd7 does not)");
      break;
    case ACY_X86_CMPXCHG:
      {
        guint bits = bits_of (th, i);

        th->used[i->rax] = th->class_a[i->rax] = TRUE;
        if (bits == 64)
          th->wide_read[i->rax] = TRUE;
        if (th->wide && bits < 32)
          acy_harness_refuse (th->g, at, "a cmpxchg of %u bits writes %s of rax on a CPU, all of it in "
                              "herd7", bits, bits == 8 ? "%al" : "%ax");
      }
      break;
    default:
      break;
    }
  if (i->ea.kind == ACY_X86_OPND_ABS && i->src.kind == ACY_X86_OPND_ABS)
    acy_harness_refuse (th->g, at, "two memory operands in one instruction");
  check_opnd (th, i, &i->ea, reads_ea, writes_ea, at);
  check_opnd (th, i, &i->src, TRUE,
              i->op == ACY_X86_XCHG || i->op == ACY_X86_UXCH, at);
}

/* The line jump @i goes to, -1 when no line has its label. */
static gint
jump_target (const Thread *th, const AcyX86Instr *i)
{
  for (guint k = 0; k < th->code->n_lines; k++)
    if (th->code->lines[k].label != NULL && strcmp (th->code->lines[k].label, i->label) == 0)
      return (gint) k;
  return -1;
}

/* The lines control may go to from line @pc, in @next: the next line
 * first, then a jump's target; none after ret. */
static guint
successors (const Thread *th, guint pc, gint *next)
{
  const AcyX86Instr *i = instr_at (th, pc);
  guint n = 0;

  if (i != NULL && i->op == ACY_X86_RET)
    return 0;
  if (i == NULL || i->op != ACY_X86_JMP)
    next[n++] = (gint) pc + 1;
  if (i != NULL && (i->op == ACY_X86_JMP || i->op == ACY_X86_JCC) && jump_target (th, i) >= 0)
    next[n++] = jump_target (th, i);
  return n;
}

/* A loop (a cycle of jumps) might not end: the line of the jump that
 * closes one, found by a walk that marks the lines on its path; -1 when
 * there is none. */
static gint
find_loop (const Thread *th, guint pc, guint8 *state)
{
  gint next[2];
  guint n;

  if (pc >= th->code->n_lines || state[pc] == 2)
    return -1;
  state[pc] = 1;
  n = successors (th, pc, next);
  for (guint k = 0; k < n; k++)
    {
      gint found;

      if ((guint) next[k] < th->code->n_lines && state[next[k]] == 1)
        return (gint) pc;
      if ((found = find_loop (th, (guint) next[k], state)) >= 0)
        return found;
    }
  state[pc] = 2;
  return -1;
}

/* ZF before each line, as herd7 and a CPU agree on it: set by cmp,
 * cmpxchg or an operation both compute alike, on every path to it (the
 * join of two paths is the worse). */
enum { ZF_AGREED, ZF_UNSET, ZF_DIFFERS };

static guint8
zf_after (const Thread *th, const AcyX86Instr *i, guint8 before)
{
  if (i == NULL)
    return before;
  switch (i->op)
    {
    case ACY_X86_CMP: case ACY_X86_CMPXCHG:
      return ZF_AGREED;
    case ACY_X86_ADD: case ACY_X86_OR: case ACY_X86_XOR: case ACY_X86_AND: case ACY_X86_SHL:
    case ACY_X86_INC: case ACY_X86_DEC:
      return exact_result (th, i) ? ZF_AGREED : ZF_DIFFERS;
    default:
      return before;
    }
}

static void
check_flags (Thread *th)
{
  guint n = th->code->n_lines;
  g_autofree guint8 *zf = g_new0 (guint8, n + 1);
  g_autofree gboolean *reached = g_new0 (gboolean, n + 1);
  gboolean changed = TRUE;

  /* to the fixpoint: a jump may go back (without a loop) */
  zf[0] = ZF_UNSET;
  reached[0] = TRUE;
  while (changed)
    {
      changed = FALSE;
      for (guint pc = 0; pc < n; pc++)
        {
          gint next[2];
          guint m;

          if (!reached[pc])
            continue;
          m = successors (th, pc, next);
          for (guint k = 0; k < m; k++)
            {
              guint to = (guint) next[k];
              guint8 after = zf_after (th, instr_at (th, pc), zf[pc]);
              guint8 joined = reached[to] ? MAX (zf[to], after) : after;

              if (!reached[to] || joined != zf[to])
                changed = TRUE;
              zf[to] = joined;
              reached[to] = TRUE;
            }
        }
    }
  for (guint pc = 0; pc < n; pc++)
    {
      const AcyX86Instr *i = instr_at (th, pc);

      if (reached[pc] && i != NULL && i->op == ACY_X86_JCC && zf[pc] != ZF_AGREED)
        acy_harness_refuse (th->g, th->code->lines[pc].loc, "a branch on ZF that %s", zf[pc] == ZF_UNSET
                            ? "no instruction before it sets on every path (a CPU's flags are not "
                              "herd7's 0)"
                            : "an instruction sets otherwise in herd7 than on a CPU (a sum of 32 "
                              "bits herd7 does not wrap, an immediate it does not mask)");
    }
}

static gboolean
is_flag (const Thread *th, guint reg)
{
  const char *name = th->test->threads[th->thread].reg_names[reg];

  return g_ascii_strcasecmp (name, "zf") == 0 || g_ascii_strcasecmp (name, "sf") == 0
         || g_ascii_strcasecmp (name, "cf") == 0;
}

static void
thread_init (Thread *th, Gen *g, guint t)
{
  guint n_regs = MAX (g->test->threads[t].n_regs, 1);

  memset (th, 0, sizeof *th);
  th->g = g;
  th->test = g->test;
  th->thread = t;
  th->code = g->test->threads[t].asm_code;
  th->wide = g->test->wide_values;
  th->used = g_new0 (gboolean, n_regs);
  th->class_a = g_new0 (gboolean, n_regs);
  th->class_q = g_new0 (gboolean, n_regs);
  th->upper = g_new0 (gboolean, n_regs);
  th->wide_read = g_new0 (gboolean, n_regs);
}

static void
thread_clear (Thread *th)
{
  g_free (th->used);
  g_free (th->class_a);
  g_free (th->class_q);
  g_free (th->upper);
  g_free (th->wide_read);
}

/* Checks thread @t, its registers' uses in @th (to clear). */
static void
check_thread (Thread *th, Gen *g, guint t)
{
  const AcyTest *test = g->test;
  const AcyLitThread *lt = &test->threads[t];
  g_autofree guint8 *state = g_new0 (guint8, MAX (th->code->n_lines, 1));
  AcyLoc at = lt->loc;
  guint n_operands = 0;
  gint loop;

  for (guint pc = 0; pc < th->code->n_lines; pc++)
    if (instr_at (th, pc) != NULL)
      check_instr (th, instr_at (th, pc), th->code->lines[pc].loc);
  for (guint pc = 0; pc < th->code->n_lines; pc++)
    {
      const AcyX86Instr *i = instr_at (th, pc);

      if (i != NULL && (i->op == ACY_X86_JMP || i->op == ACY_X86_JCC) && jump_target (th, i) < 0)
        acy_harness_refuse (g, th->code->lines[pc].loc, "no line has the label %s", i->label);
    }
  if ((loop = find_loop (th, 0, state)) >= 0)
    acy_harness_refuse (g, th->code->lines[loop].loc, "a loop might not end on a CPU (herd7 unrolls it "
                        "-unroll times; a harness would wait for ever)");
  check_flags (th);
  for (guint r = 0; r < lt->n_regs; r++)
    {
      if (ACY_VALUE_IS_PTR (lt->reg_init[r]))
        acy_harness_refuse (g, at, "%s starts with an address (herd7's symbolic addresses have no "
                            "numbers on a CPU)", lt->reg_names[r]);
      n_operands += th->used[r];
    }
  for (guint k = 0; k < test->n_tracked; k++)
    if (test->tracked[k].thread == (gint) t && (guint) test->tracked[k].index < lt->n_regs)
      {
        guint r = (guint) test->tracked[k].index;
        guint8 bits = test->tracked_bits ? test->tracked_bits[k] & ~ACY_LIT_UNSIGNED : 32;

        if (is_flag (th, r))
          acy_harness_refuse (g, at, "the final value of a flag (%s): herd7's flags are not a CPU's",
                              lt->reg_names[r]);
        if (bits == 0 || bits == 64)
          th->wide_read[r] = TRUE;
      }
  for (guint r = 0; r < lt->n_regs; r++)
    if (th->upper[r] && th->wide_read[r])
      acy_harness_refuse (g, at, "%s is read in 64 bits after an instruction of 32 wrote it: herd7 keeps "
                          "the upper half of what it computed, a CPU zeroes it", lt->reg_names[r]);
  n_operands += (guint) __builtin_popcountll (th->locs);
  if (n_operands > MAX_OPERANDS)
    acy_harness_refuse (g, at, "P%u uses %u registers and locations, more than the %u a harness has "
                        "registers for", t, n_operands, MAX_OPERANDS);
}

gboolean
acy_harness_x86_check (Gen *g, GError **error)
{
  const AcyTest *test = g->test;

  g->checking = TRUE;
  for (guint l = 0; l < test->loc_names->len && g->error == NULL; l++)
    {
      guint8 code = acy_asm_loc_type_bits (test, l);
      guint bits = code & ~ACY_LIT_UNSIGNED;
      AcyLoc at = { test->filename, 1, 1 };

      if (ACY_VALUE_IS_PTR (g_array_index (test->loc_init, AcyValue, l)))
        acy_harness_refuse (g, at, "%s starts with an address (herd7's symbolic addresses have no "
                            "numbers on a CPU)", (const char *) g_ptr_array_index (test->loc_names, l));
      else if (bits == 8 || bits == 16)
        acy_harness_refuse (g, at, "%s is a location of %u bits; a harness has cells of 32 or 64",
                            (const char *) g_ptr_array_index (test->loc_names, l), bits);
      g->wide[l] = test->wide_values && (bits == 0 || bits == 64);
    }
  for (guint t = 0; t < test->n_threads && g->error == NULL; t++)
    {
      Thread th;

      thread_init (&th, g, t);
      check_thread (&th, g, t);
      thread_clear (&th);
    }
  if (g->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&g->error));
      return FALSE;
    }
  return TRUE;
}

/* ---- writing ---- */

static void
append_opnd (GString *s, const Thread *th, const AcyX86Opnd *o)
{
  switch (o->kind)
    {
    case ACY_X86_OPND_IMM:
      g_string_append_printf (s, "$%" G_GINT64_FORMAT, o->value);
      break;
    case ACY_X86_OPND_REG:
      {
        char mod = 'k';

        if (th->wide)
          switch (o->part)
            {
            case ACY_X86_PART_8L: mod = 'b'; break;
            case ACY_X86_PART_8H: mod = 'h'; break;
            case ACY_X86_PART_16: mod = 'w'; break;
            case ACY_X86_PART_64: mod = 'q'; break;
            default: break;
            }
        g_string_append_printf (s, "%%%c[g%d]", mod, o->reg);
      }
      break;
    case ACY_X86_OPND_ABS:
      g_string_append_printf (s, "(%%[l%d])", o->loc);
      break;
    default:
      break;
    }
}

static const char *
suffix (guint bits)
{
  return bits == 8 ? "b" : bits == 16 ? "w" : bits == 32 ? "l" : "q";
}

/* Line @pc's instruction in AT&T syntax, into @s (no text of the
 * test's: its registers, locations and labels are numbers). */
static void
append_instr (GString *s, const Thread *th, guint pc)
{
  const AcyX86Instr *i = instr_at (th, pc);
  guint bits = bits_of (th, i);

  switch (i->op)
    {
    case ACY_X86_NOP: case ACY_X86_MFENCE: case ACY_X86_SFENCE: case ACY_X86_LFENCE:
      g_string_append (s, op_name (i->op));
      return;
    case ACY_X86_RET:
      g_string_append (s, "jmp .Lacy%=_end");
      return;
    case ACY_X86_JMP:
    case ACY_X86_JCC:
      g_string_append_printf (s, "%s .Lacy%%=_%d",
                              i->op == ACY_X86_JMP ? "jmp" : i->cond == ACY_X86_C_EQ ? "je" : "jne",
                              jump_target (th, i));
      return;
    default:
      break;
    }
  if (i->lock)
    g_string_append (s, "lock; ");
  if (i->op == ACY_X86_MOV && bits == 64 && is_imm (&i->src) && i->ea.kind == ACY_X86_OPND_REG
      && (i->src.value < G_MININT32 || i->src.value > G_MAXINT32))
    g_string_append (s, "movabs");
  else
    g_string_append (s, op_name (i->op));
  /* movnti takes its size from its register */
  if (i->op != ACY_X86_MOVNTI)
    g_string_append (s, suffix (bits));
  g_string_append_c (s, ' ');
  if (i->op != ACY_X86_INC && i->op != ACY_X86_DEC)
    {
      append_opnd (s, th, &i->src);
      g_string_append_c (s, ',');
    }
  append_opnd (s, th, &i->ea);
}

/* Thread @t as a function of the harness: its registers as C
 * variables, its code one asm statement. */
void
acy_harness_x86_thread (Gen *g, guint t)
{
  const AcyTest *test = g->test;
  const AcyLitThread *lt = &test->threads[t];
  g_autoptr(GString) outputs = g_string_new (NULL), inputs = g_string_new (NULL);
  g_autofree gboolean *narrow = NULL;
  Thread th;

  thread_init (&th, g, t);
  g->checking = FALSE;
  for (guint pc = 0; pc < th.code->n_lines; pc++)
    if (instr_at (&th, pc) != NULL)
      check_instr (&th, instr_at (&th, pc), th.code->lines[pc].loc);

  g_string_append_printf (g->out, "\nstatic void\nacy_p%u (void *const *locs, acy_val *out)\n{\n", t);
  for (guint r = 0; r < lt->n_regs; r++)
    if (th.used[r])
      {
        g_string_append_printf (g->out, "  uint64_t g%u = (uint64_t) INT64_C (%" G_GINT64_FORMAT ");\n", r,
                                lt->reg_init[r]);
        g_string_append_printf (outputs, "%s[g%u] \"+%s\" (g%u)", outputs->len ? ", " : "", r,
                                th.class_a[r] ? "a" : th.class_q[r] ? "Q" : "r", r);
      }
  for (guint l = 0; l < MIN (test->loc_names->len, 64); l++)
    if (th.locs & (G_GUINT64_CONSTANT (1) << l))
      g_string_append_printf (inputs, "%s[l%u] \"r\" (locs[%u])", inputs->len ? ", " : "", l, l);
  g_string_append (g->out, "  (void) locs;\n  (void) out;\n  __asm__ __volatile__ (\n");
  for (guint pc = 0; pc < th.code->n_lines; pc++)
    {
      if (th.code->lines[pc].label != NULL)
        g_string_append_printf (g->out, "    \".Lacy%%=_%u:\\n\"\n", pc);
      if (instr_at (&th, pc) != NULL)
        {
          g_string_append (g->out, "    \"");
          append_instr (g->out, &th, pc);
          g_string_append (g->out, "\\n\\t\"\n");
        }
    }
  /* X86's values are 32-bit ones that wrap, as herd7's */
  narrow = g_new (gboolean, MAX (lt->n_regs, 1));
  for (guint r = 0; r < lt->n_regs; r++)
    narrow[r] = !th.wide;
  acy_harness_asm_thread_end (g, t, outputs->str, inputs->str, th.used, narrow);
  thread_clear (&th);
}
