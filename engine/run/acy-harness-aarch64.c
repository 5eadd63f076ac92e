/* acy-harness-aarch64.c - an AArch64 test's threads as inline assembly in a harness
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each thread of an AArch64 test becomes one asm statement written from
 * the instructions the engine parsed (engine/arch/aarch64), never from
 * the test's text: every instruction printed anew from this file's own
 * tables, the test's registers operands the compiler allocates (%w[g3],
 * %x[g3]: the thread's register 3), a register the init block points at
 * a location (0:X1=x) an operand holding the address of that location's
 * cell in this iteration, the labels numbered (.Lacy%=_7: line 7 of the
 * thread), immediates an instruction cannot encode operands of their own.
 *
 * herd7's AArch64 is not always the CPU's, and a harness must count the
 * final states the model speaks of. What would make them differ is
 * refused with the reason, at its place:
 * - herd7 keeps what an instruction on W registers computes as a 32-bit
 *   signed value (MOV W0,#-1 leaves X0=-1), a CPU zeroes the upper half:
 *   a register written in 32 bits and read or shown in 64 is refused;
 * - herd7's addresses are symbols: an address may only be the base of
 *   an access, from a register the code never writes, with no offset
 *   (an index register only when every write of it makes 0, herd's
 *   address dependency `EOR W2,W0,W0`); an address in memory, in a
 *   computation or in the final state is refused;
 * - accesses of 8 or 16 bits, or of two sizes to one location (herd7's
 *   mixed-size tests);
 * - conditions other than EQ and NE (herd7's flags after arithmetic that
 *   overflows are not a CPU's), shifts by a register, a loop (it might
 *   not end on a CPU: herd7 unrolls it).
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-harness-private.h"
#include "acy-aarch64.h"

typedef AcyHarnessGen Gen;

/* The registers the compiler can give a thread's operands: x0-x30 less
 * the stack and frame pointers, the link and platform registers, and
 * one to spare. */
#define MAX_OPERANDS 25

typedef struct {
  Gen               *g;
  const AcyTest     *test;
  guint              thread;
  const AcyAsmCode  *code;
  gboolean          *used;      /* per register: an operand of the code */
  gint              *points;    /* per register: the location it holds the address of, -1 none */
  gboolean          *written;   /* per register: written by the code */
  gboolean          *written_w; /* per register: written in 32 bits */
  gboolean          *read_x;    /* per register: read in 64 bits (or its final value shown) */
  gboolean          *not_zero;  /* per register: some write of it may not be 0 */
  guint              n_consts;  /* immediates given as operands */
  gboolean           lse;       /* CAS, SWP, LDADD...: ARMv8.1's atomics */
  gboolean           rcpc;      /* LDAPR: ARMv8.3's */
} Thread;

static const AcyA64Instr *
instr_at (const Thread *th, guint line)
{
  return th->code->lines[line].instr;
}

static void
thread_init (Thread *th, Gen *g, guint t)
{
  const AcyLitThread *lt = &g->test->threads[t];
  guint n_regs = MAX (lt->n_regs, 1);

  memset (th, 0, sizeof *th);
  th->g = g;
  th->test = g->test;
  th->thread = t;
  th->code = lt->asm_code;
  th->used = g_new0 (gboolean, n_regs);
  th->points = g_new (gint, n_regs);
  th->written = g_new0 (gboolean, n_regs);
  th->written_w = g_new0 (gboolean, n_regs);
  th->read_x = g_new0 (gboolean, n_regs);
  th->not_zero = g_new0 (gboolean, n_regs);
  for (guint r = 0; r < n_regs; r++)
    {
      AcyValue v = r < lt->n_regs ? lt->reg_init[r] : 0;

      th->points[r] = ACY_VALUE_IS_PTR (v) && ACY_VALUE_PTR_OFFSET (v) == 0
                      && (guint) ACY_VALUE_PTR_LOC (v) < g->test->loc_names->len
                      ? ACY_VALUE_PTR_LOC (v) : -1;
      th->not_zero[r] = v != 0;
    }
}

static void
thread_clear (Thread *th)
{
  g_free (th->used);
  g_free (th->points);
  g_free (th->written);
  g_free (th->written_w);
  g_free (th->read_x);
  g_free (th->not_zero);
}

static const char *
reg_name (const Thread *th, gint r)
{
  return th->test->threads[th->thread].reg_names[r];
}

/* The line a branch goes to, -1 when no line has its label. */
static gint
jump_target (const Thread *th, const char *label)
{
  for (guint k = 0; label != NULL && k < th->code->n_lines; k++)
    if (th->code->lines[k].label != NULL && strcmp (th->code->lines[k].label, label) == 0)
      return (gint) k;
  return -1;
}

/* ---- what runs ---- */

/* Register @o read by the code (in 64 bits when @o is an X register). */
static void
read_reg (Thread *th, const AcyA64Reg *o, AcyLoc at)
{
  if (o->reg == ACY_A64_ZR)
    return;
  th->used[o->reg] = TRUE;
  if (th->points[o->reg] >= 0)
    acy_harness_refuse (th->g, at, "%s holds the address of %s, used here as a value (herd7's "
                        "symbolic addresses have no numbers on a CPU)", reg_name (th, o->reg),
                        (const char *) g_ptr_array_index (th->test->loc_names, th->points[o->reg]));
  if (o->wide)
    th->read_x[o->reg] = TRUE;
}

/* Register @o written by the code; @zero: with 0, whatever it reads. */
static void
write_reg (Thread *th, const AcyA64Reg *o, gboolean zero)
{
  if (o->reg == ACY_A64_ZR)
    return;
  th->used[o->reg] = TRUE;
  th->written[o->reg] = TRUE;
  if (!o->wide)
    th->written_w[o->reg] = TRUE;
  if (!zero)
    th->not_zero[o->reg] = TRUE;
}

/* An access of @size bytes at @a. */
static void
check_addr (Thread *th, const AcyA64Addr *a, guint size, AcyLoc at)
{
  gint base = a->base.reg;
  gint l;

  if (base == ACY_A64_ZR || th->points[base] < 0)
    {
      acy_harness_refuse (th->g, at, "an access through %s, which the init block does not point at "
                          "a location", base == ACY_A64_ZR ? "XZR" : reg_name (th, base));
      return;
    }
  l = th->points[base];
  th->used[base] = TRUE;
  if (a->post || a->offset != 0)
    acy_harness_refuse (th->g, at, "an access at an offset from %s (herd7's symbolic addresses have "
                        "no numbers on a CPU)", reg_name (th, base));
  if (a->has_index)
    {
      if (a->index.reg == ACY_A64_ZR)
        ;
      else
        {
          th->used[a->index.reg] = TRUE;
          if (a->index.wide)
            th->read_x[a->index.reg] = TRUE;
        }
    }
  if (size != 4 && size != 8)
    acy_harness_refuse (th->g, at, "an access of %u bits (herd7's mixed-size accesses; a harness "
                        "has cells of 32 or 64)", size * 8);
  th->g->sizes[l] |= (guint8) size;
}

/* An immediate operand of @i that goes as an operand of its own when
 * the instruction cannot encode it. */
static gboolean
imm_inline (const AcyA64Instr *i)
{
  gint64 k = i->src.imm;

  switch (i->op)
    {
    case ACY_A64_MOV:
      return k >= 0 && k <= 65535;
    case ACY_A64_ALU:
    case ACY_A64_CMP:
      if (i->alu == ACY_A64_ADD || i->alu == ACY_A64_SUB)
        return k >= 0 && k <= 4095 && (i->src.ext == ACY_A64_X_NONE
                                        || (i->src.ext == ACY_A64_X_LSL && (i->src.shift == 0
                                                                            || i->src.shift == 12)));
      return i->alu == ACY_A64_LSL || i->alu == ACY_A64_LSR || i->alu == ACY_A64_ASR;
    default:
      return TRUE;
    }
}

static gboolean
zeroing (const AcyA64Instr *i)
{
  if (i->op == ACY_A64_MOV || i->op == ACY_A64_MOVZ)
    return i->src.is_imm && i->src.imm == 0;
  /* EOR W2,W0,W0 and SUB W2,W0,W0: herd's address dependency */
  return i->op == ACY_A64_ALU && !i->src.is_imm && i->src.ext == ACY_A64_X_NONE
         && (i->alu == ACY_A64_EOR || i->alu == ACY_A64_SUB) && i->rn.reg == i->src.reg.reg
         && i->rn.reg != ACY_A64_ZR;
}

static void
check_instr (Thread *th, guint pc)
{
  const AcyA64Instr *i = instr_at (th, pc);
  AcyLoc at = th->code->lines[pc].loc;
  guint width = i->rd.wide ? 64 : 32;

  switch (i->op)
    {
    case ACY_A64_NOP:
    case ACY_A64_FENCE:
      return;
    case ACY_A64_MOV:
    case ACY_A64_MOVZ:
    case ACY_A64_MOVK:
      if (i->op != ACY_A64_MOV && (i->src.imm < 0 || i->src.imm > 65535 || i->src.shift % 16 != 0
                                   || i->src.shift >= width))
        acy_harness_refuse (th->g, at, "%s of #%" G_GINT64_FORMAT " shifted by %u does not fit the "
                            "instruction", i->op == ACY_A64_MOVZ ? "MOVZ" : "MOVK", i->src.imm,
                            i->src.shift);
      if (i->op == ACY_A64_MOVK)
        read_reg (th, &i->rd, at);
      if (!i->src.is_imm)
        read_reg (th, &i->src.reg, at);
      else if (!imm_inline (i))
        th->n_consts++;
      write_reg (th, &i->rd, zeroing (i));
      return;
    case ACY_A64_ALU:
    case ACY_A64_CMP:
      if ((i->alu == ACY_A64_LSL || i->alu == ACY_A64_LSR || i->alu == ACY_A64_ASR)
          && (!i->src.is_imm || i->src.imm < 0 || i->src.imm >= (gint64) (i->rn.wide ? 64 : 32)))
        acy_harness_refuse (th->g, at, "a shift by a register, or by as many bits as the value has or "
                            "more (a CPU counts modulo 32 or 64, herd7 does not)");
      read_reg (th, &i->rn, at);
      if (!i->src.is_imm)
        read_reg (th, &i->src.reg, at);
      else if (!imm_inline (i))
        th->n_consts++;
      if (i->op == ACY_A64_ALU)
        write_reg (th, &i->rd, zeroing (i));
      return;
    case ACY_A64_UNARY:
      read_reg (th, &i->src.reg, at);
      write_reg (th, &i->rd, FALSE);
      return;
    case ACY_A64_CSEL:
      if (i->cond != ACY_A64_EQ && i->cond != ACY_A64_NE)
        acy_harness_refuse (th->g, at, "a condition other than EQ or NE (herd7's flags after an "
                            "overflow are not a CPU's)");
      read_reg (th, &i->rn, at);
      read_reg (th, &i->src.reg, at);
      write_reg (th, &i->rd, FALSE);
      return;
    case ACY_A64_LDR:
      if (i->order == ACY_A64_ACQ_PC)
        th->rcpc = TRUE;
      if (i->sign)
        acy_harness_refuse (th->g, at, "a sign-extending load (herd7's mixed-size accesses)");
      check_addr (th, &i->addr, i->size, at);
      write_reg (th, &i->rd, FALSE);
      return;
    case ACY_A64_STR:
      read_reg (th, &i->rd, at);
      check_addr (th, &i->addr, i->size, at);
      return;
    case ACY_A64_STXR:
      read_reg (th, &i->rd, at);
      check_addr (th, &i->addr, i->size, at);
      write_reg (th, &i->rs, FALSE);
      return;
    case ACY_A64_CAS:
    case ACY_A64_SWP:
    case ACY_A64_LDOP:
      th->lse = TRUE;
      read_reg (th, &i->rs, at);
      if (i->op == ACY_A64_CAS)
        read_reg (th, &i->rd, at);
      check_addr (th, &i->addr, i->size, at);
      write_reg (th, i->op == ACY_A64_CAS ? &i->rs : &i->rd, FALSE);
      return;
    case ACY_A64_B:
    case ACY_A64_BCOND:
    case ACY_A64_CBZ:
    case ACY_A64_TBZ:
      {
        gint to = jump_target (th, i->label);

        if (i->op == ACY_A64_BCOND && i->cond != ACY_A64_EQ && i->cond != ACY_A64_NE)
          acy_harness_refuse (th->g, at, "a condition other than EQ or NE (herd7's flags after an "
                              "overflow are not a CPU's)");
        if (i->op == ACY_A64_CBZ || i->op == ACY_A64_TBZ)
          read_reg (th, &i->rn, at);
        if (to < 0)
          acy_harness_refuse (th->g, at, "no line has the label %s", i->label);
        else if ((guint) to <= pc)
          acy_harness_refuse (th->g, at, "a loop might not end on a CPU (herd7 unrolls it -unroll "
                              "times; a harness would wait for ever)");
      }
      return;
    default:
      acy_harness_refuse (th->g, at, "no harness writes %s yet", i->mnemonic);
      return;
    }
}

static void
check_thread (Thread *th)
{
  const AcyTest *test = th->test;
  const AcyLitThread *lt = &test->threads[th->thread];
  guint n_operands = th->n_consts;

  for (guint pc = 0; pc < th->code->n_lines; pc++)
    if (instr_at (th, pc) != NULL)
      check_instr (th, pc);
  /* the final state: a register shown as herd7 prints it */
  for (guint k = 0; k < test->n_tracked; k++)
    if (test->tracked[k].thread == (gint) th->thread && (guint) test->tracked[k].index < lt->n_regs)
      {
        guint r = (guint) test->tracked[k].index;

        if (th->points[r] >= 0 && !th->written[r])
          acy_harness_refuse (th->g, lt->loc, "the final value of %s is an address (herd7's symbolic "
                              "addresses have no numbers on a CPU)", lt->reg_names[r]);
      }
  for (guint r = 0; r < lt->n_regs; r++)
    {
      if (th->points[r] >= 0 && th->written[r])
        acy_harness_refuse (th->g, lt->loc, "%s holds an address and the code writes it (herd7's "
                            "symbolic addresses have no numbers on a CPU)", lt->reg_names[r]);
      if (ACY_VALUE_IS_PTR (lt->reg_init[r]) && th->points[r] < 0 && th->used[r])
        acy_harness_refuse (th->g, lt->loc, "%s starts with an address inside a location",
                            lt->reg_names[r]);
      if (th->written_w[r] && th->read_x[r])
        acy_harness_refuse (th->g, lt->loc, "%s is written in 32 bits and read in 64: herd7 keeps a "
                            "32-bit result signed, a CPU zeroes the upper half", lt->reg_names[r]);
      n_operands += th->used[r];
    }
  /* an index must be 0 on the CPU as in herd7: every write of it makes 0 */
  for (guint pc = 0; pc < th->code->n_lines; pc++)
    {
      const AcyA64Instr *i = instr_at (th, pc);

      if (i != NULL && (i->op == ACY_A64_LDR || i->op == ACY_A64_STR || i->op == ACY_A64_STXR
                        || i->op == ACY_A64_CAS || i->op == ACY_A64_SWP || i->op == ACY_A64_LDOP)
          && i->addr.has_index && i->addr.index.reg != ACY_A64_ZR && th->not_zero[i->addr.index.reg])
        acy_harness_refuse (th->g, th->code->lines[pc].loc, "an index (%s) that may not be 0: the "
                            "address would be another than herd7's", reg_name (th, i->addr.index.reg));
    }
  if (n_operands > MAX_OPERANDS)
    acy_harness_refuse (th->g, lt->loc, "P%u uses %u registers and constants, more than the %u a "
                        "harness has registers for", th->thread, n_operands, MAX_OPERANDS);
}

gboolean
acy_harness_aarch64_check (Gen *g, GError **error)
{
  const AcyTest *test = g->test;
  guint n_locs = test->loc_names->len;

  g->checking = TRUE;
  g->sizes = g_new0 (guint8, MAX (n_locs, 1));
  for (guint l = 0; l < n_locs && g->error == NULL; l++)
    if (ACY_VALUE_IS_PTR (g_array_index (test->loc_init, AcyValue, l)))
      {
        AcyLoc at = { test->filename, 1, 1 };

        acy_harness_refuse (g, at, "%s starts with an address (herd7's symbolic addresses have no "
                            "numbers on a CPU)", (const char *) g_ptr_array_index (test->loc_names, l));
      }
  for (guint t = 0; t < test->n_threads && g->error == NULL; t++)
    {
      Thread th;

      thread_init (&th, g, t);
      check_thread (&th);
      thread_clear (&th);
    }
  for (guint l = 0; l < n_locs && g->error == NULL; l++)
    {
      guint sizes = g->sizes[l];
      guint bits = acy_asm_loc_type_bits (test, l) & ~ACY_LIT_UNSIGNED;
      AcyLoc at = { test->filename, 1, 1 };

      /* an int location (the default) takes the size its accesses have */
      if ((sizes & 4) && (sizes & 8))
        acy_harness_refuse (g, at, "%s is accessed in 32 and in 64 bits (herd7's mixed-size accesses)",
                            (const char *) g_ptr_array_index (test->loc_names, l));
      else if (bits == 64 && (sizes & 4))
        acy_harness_refuse (g, at, "%s is a location of 64 bits accessed in 32 (herd7's mixed-size "
                            "accesses)", (const char *) g_ptr_array_index (test->loc_names, l));
      g->wide[l] = (sizes & 8) || (bits == 64 && sizes == 0);
    }
  if (g->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&g->error));
      return FALSE;
    }
  return TRUE;
}

/* ---- writing ---- */

static const char *const cond_names[] = {
  "eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "al",
};
static const char *const fence_options[] = {
  "sy", "st", "ld", "ish", "ishst", "ishld", "nsh", "nshst", "nshld", "osh", "oshst", "oshld",
};
static const char *const exts[] = { "", "sxtw", "uxtw", "lsl", "sxtx", "lsr", "asr" };
static const char *const alu_names[] = {
  "add", "sub", "eor", "and", "orr", "lsl", "lsr", "asr", "mul", "neg", "mvn", "sxtw",
};

static void
put_reg (GString *s, const AcyA64Reg *o, gboolean wide)
{
  if (o->reg == ACY_A64_ZR)
    g_string_append (s, wide ? "xzr" : "wzr");
  else
    g_string_append_printf (s, "%%%c[g%d]", wide ? 'x' : 'w', o->reg);
}

static void
put_addr (GString *s, const AcyA64Addr *a)
{
  g_string_append (s, "[");
  put_reg (s, &a->base, TRUE);
  if (a->has_index)
    {
      g_string_append_c (s, ',');
      put_reg (s, &a->index, a->index.wide);
      if (a->ext != ACY_A64_X_NONE && a->ext < G_N_ELEMENTS (exts))
        {
          g_string_append_printf (s, ",%s", exts[a->ext]);
          if (a->shift)
            g_string_append_printf (s, " #%u", a->shift);
        }
    }
  g_string_append (s, "]");
}

/* A second operand: #k, the constant operand k@n, or a register with
 * its extension or shift. */
static void
put_opnd (GString *s, const AcyA64Instr *i, gboolean wide, guint *konst)
{
  const AcyA64Opnd *o = &i->src;

  if (o->is_imm && imm_inline (i))
    {
      g_string_append_printf (s, "#%" G_GINT64_FORMAT, o->imm);
      if (o->ext == ACY_A64_X_LSL && o->shift)
        g_string_append_printf (s, ",lsl #%u", o->shift);
      return;
    }
  if (o->is_imm)
    {
      g_string_append_printf (s, "%%%c[k%u]", wide ? 'x' : 'w', (*konst)++);
      return;
    }
  put_reg (s, &o->reg, o->reg.wide);
  if (o->ext != ACY_A64_X_NONE && o->ext < G_N_ELEMENTS (exts))
    {
      g_string_append_printf (s, ",%s", exts[o->ext]);
      if (o->shift)
        g_string_append_printf (s, " #%u", o->shift);
    }
}

/* A load's or store's mnemonic from its fields: LDR LDAR LDAPR LDXR
 * LDAXR STR STLR STXR STLXR, with B or H. */
static void
put_access (GString *s, const AcyA64Instr *i)
{
  const char *size = i->size == 1 ? "b" : i->size == 2 ? "h" : "";

  if (i->op == ACY_A64_LDR)
    g_string_append_printf (s, "%s%s", i->exclusive ? (i->order == ACY_A64_ACQ ? "ldaxr" : "ldxr")
                            : i->order == ACY_A64_ACQ ? "ldar" : i->order == ACY_A64_ACQ_PC ? "ldapr"
                            : "ldr", size);
  else if (i->op == ACY_A64_STXR)
    g_string_append_printf (s, "%s%s", i->order == ACY_A64_REL ? "stlxr" : "stxr", size);
  else
    g_string_append_printf (s, "%s%s", i->order == ACY_A64_REL ? "stlr" : "str", size);
}

/* CAS SWP LDADD LDEOR LDSET LDCLR (STADD...), with A, L or AL, B or H. */
static void
put_atomic (GString *s, const AcyA64Instr *i)
{
  static const char *const ldops[] = { "add", "eor", "set", "clr" };
  const char *order = i->order == ACY_A64_ACQ_REL ? "al" : i->order == ACY_A64_ACQ ? "a"
                      : i->order == ACY_A64_REL ? "l" : "";
  const char *size = i->size == 1 ? "b" : i->size == 2 ? "h" : "";

  if (i->op == ACY_A64_CAS)
    g_string_append (s, "cas");
  else if (i->op == ACY_A64_SWP)
    g_string_append (s, "swp");
  else
    g_string_append_printf (s, "%s%s", i->rd.reg == ACY_A64_ZR ? "st" : "ld",
                            ldops[MIN ((guint) i->alu, G_N_ELEMENTS (ldops) - 1)]);
  g_string_append_printf (s, "%s%s ", order, size);
}

/* Line @pc's instruction, into @s (no text of the test's: registers,
 * labels and immediates are operands and numbers). */
static void
put_instr (GString *s, const Thread *th, guint pc, guint *konst)
{
  const AcyA64Instr *i = instr_at (th, pc);
  gboolean w = i->rd.wide;

  switch (i->op)
    {
    case ACY_A64_NOP:
      g_string_append (s, "nop");
      break;
    case ACY_A64_FENCE:
      if (i->fence == ACY_A64_T_ISB)
        g_string_append (s, "isb");
      else
        g_string_append_printf (s, "%s %s", i->fence - ACY_A64_T_DMB_SY >= 12 ? "dsb" : "dmb",
                                fence_options[(i->fence - ACY_A64_T_DMB_SY) % 12]);
      break;
    case ACY_A64_MOV:
    case ACY_A64_MOVZ:
    case ACY_A64_MOVK:
      g_string_append (s, i->op == ACY_A64_MOVK ? "movk " : i->op == ACY_A64_MOVZ ? "movz " : "mov ");
      put_reg (s, &i->rd, w);
      g_string_append_c (s, ',');
      put_opnd (s, i, w, konst);
      break;
    case ACY_A64_ALU:
      g_string_append_printf (s, "%s%s ", alu_names[i->alu], i->flags ? "s" : "");
      put_reg (s, &i->rd, w);
      g_string_append_c (s, ',');
      put_reg (s, &i->rn, i->rn.wide);
      g_string_append_c (s, ',');
      put_opnd (s, i, i->rn.wide, konst);
      break;
    case ACY_A64_CMP:
      g_string_append (s, i->alu == ACY_A64_SUB ? "cmp " : "tst ");
      put_reg (s, &i->rn, i->rn.wide);
      g_string_append_c (s, ',');
      put_opnd (s, i, i->rn.wide, konst);
      break;
    case ACY_A64_UNARY:
      g_string_append_printf (s, "%s ", alu_names[i->alu]);
      put_reg (s, &i->rd, w);
      g_string_append_c (s, ',');
      put_reg (s, &i->src.reg, i->alu == ACY_A64_SXTW ? FALSE : w);
      break;
    case ACY_A64_CSEL:
      {
        static const char *const sels[] = { "csel", "csinc", "csinv", "csneg" };

        g_string_append_printf (s, "%s ", sels[i->sel]);
        put_reg (s, &i->rd, w);
        g_string_append_c (s, ',');
        put_reg (s, &i->rn, w);
        g_string_append_c (s, ',');
        put_reg (s, &i->src.reg, w);
        g_string_append_printf (s, ",%s", cond_names[i->cond]);
      }
      break;
    case ACY_A64_LDR:
    case ACY_A64_STR:
      put_access (s, i);
      g_string_append_c (s, ' ');
      put_reg (s, &i->rd, w);
      g_string_append_c (s, ',');
      put_addr (s, &i->addr);
      break;
    case ACY_A64_STXR:
      put_access (s, i);
      g_string_append_c (s, ' ');
      put_reg (s, &i->rs, FALSE);
      g_string_append_c (s, ',');
      put_reg (s, &i->rd, w);
      g_string_append_c (s, ',');
      put_addr (s, &i->addr);
      break;
    case ACY_A64_CAS:
    case ACY_A64_SWP:
    case ACY_A64_LDOP:
      put_atomic (s, i);
      put_reg (s, &i->rs, w);
      g_string_append_c (s, ',');
      if (!(i->op == ACY_A64_LDOP && i->rd.reg == ACY_A64_ZR))
        {
          put_reg (s, &i->rd, w);
          g_string_append_c (s, ',');
        }
      put_addr (s, &i->addr);
      break;
    case ACY_A64_B:
      g_string_append_printf (s, "b .Lacy%%=_%d", jump_target (th, i->label));
      break;
    case ACY_A64_BCOND:
      g_string_append_printf (s, "b.%s .Lacy%%=_%d", cond_names[i->cond], jump_target (th, i->label));
      break;
    case ACY_A64_CBZ:
      g_string_append (s, i->nz ? "cbnz " : "cbz ");
      put_reg (s, &i->rn, i->rn.wide);
      g_string_append_printf (s, ",.Lacy%%=_%d", jump_target (th, i->label));
      break;
    case ACY_A64_TBZ:
      g_string_append (s, i->nz ? "tbnz " : "tbz ");
      put_reg (s, &i->rn, i->rn.wide);
      g_string_append_printf (s, ",#%u,.Lacy%%=_%d", i->bit, jump_target (th, i->label));
      break;
    default:
      g_string_append (s, "udf #0");   /* refused by the check */
      break;
    }
}

/* Thread @t as a function of the harness: its registers as C
 * variables, its code one asm statement. */
void
acy_harness_aarch64_thread (Gen *g, guint t)
{
  const AcyTest *test = g->test;
  const AcyLitThread *lt = &test->threads[t];
  g_autoptr(GString) outputs = g_string_new (NULL), inputs = g_string_new (NULL);
  g_autoptr(GString) code = g_string_new (NULL);
  guint konst = 0;
  Thread th;

  thread_init (&th, g, t);
  g->checking = FALSE;
  for (guint pc = 0; pc < th.code->n_lines; pc++)
    if (instr_at (&th, pc) != NULL)
      check_instr (&th, pc);

  g_string_append_printf (g->out, "\nstatic void\nacy_p%u (void *const *locs, acy_val *out)\n{\n", t);
  for (guint r = 0; r < lt->n_regs; r++)
    if (th.used[r])
      {
        if (th.points[r] >= 0)
          g_string_append_printf (g->out, "  uint64_t g%u = (uint64_t) (uintptr_t) locs[%d];\n", r,
                                  th.points[r]);
        else
          g_string_append_printf (g->out, "  uint64_t g%u = (uint64_t) INT64_C (%" G_GINT64_FORMAT ");\n",
                                  r, lt->reg_init[r]);
        g_string_append_printf (outputs, "%s[g%u] \"+r\" (g%u)", outputs->len ? ", " : "", r, r);
      }
  if (th.lse)
    g_string_append (code, "    \".arch_extension lse\\n\\t\"\n");
  if (th.rcpc)
    g_string_append (code, "    \".arch_extension rcpc\\n\\t\"\n");
  for (guint pc = 0; pc < th.code->n_lines; pc++)
    {
      const AcyA64Instr *i = instr_at (&th, pc);

      if (th.code->lines[pc].label != NULL)
        g_string_append_printf (code, "    \".Lacy%%=_%u:\\n\"\n", pc);
      if (i != NULL)
        {
          guint first = konst;

          g_string_append (code, "    \"");
          put_instr (code, &th, pc, &konst);
          g_string_append (code, "\\n\\t\"\n");
          if (konst > first)
            {
              /* ADD's #k, LSL #12 is k << 12 */
              guint64 k = (guint64) i->src.imm << (i->src.ext == ACY_A64_X_LSL ? i->src.shift : 0);

              g_string_append_printf (g->out, "  const uint64_t k%u = UINT64_C (%" G_GUINT64_FORMAT
                                      ");\n", first, k);
              g_string_append_printf (inputs, "%s[k%u] \"r\" (k%u)", inputs->len ? ", " : "", first, first);
            }
        }
    }
  g_string_append (g->out, "  (void) locs;\n  (void) out;\n  __asm__ __volatile__ (\n");
  g_string_append (g->out, code->str);
  /* herd7 keeps a 32-bit result signed */
  acy_harness_asm_thread_end (g, t, outputs->str, inputs->str, th.used, th.written_w);
  thread_clear (&th);
}
