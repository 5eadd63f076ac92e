/* acy-x86-exec.c - what x86 instructions do, as herd7 gives it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * herd7's X86Sem and X86_64Sem, event for event: memory reads and
 * writes, fences (MFENCE, SFENCE, LFENCE) and, for a locked instruction
 * or an exchange with memory, an atomic read and write (herd's X set,
 * related by rmw). Registers and flags are values of the run, as in the
 * C front end: herd's register events never reach the model, only the
 * dependencies they carry (addr, data, ctrl).
 *
 * Some of herd's choices, followed here as they are:
 * - X86_64 reads a register by its part (%eax is rax & 0xffffffff) and
 *   a value read for an instruction by its size (movl masks to 32
 *   bits), but writes a part over the whole register (movl $-1,%eax
 *   leaves rax = -1; movb $1,%al leaves rax = 1; %ah's value goes 8
 *   bits up, over the old %ah); an immediate is never masked.
 * - The flags after an operation: ZF = (a == b), SF = (a > b), CF = 0;
 *   jl jumps on ZF | !SF, jle on !SF, jge on ZF | SF, jg on SF.
 * - An exchange with memory is atomic with or without lock; inc and
 *   dec set SF and ZF only.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-x86.h"

typedef struct {
  AcyRun            *r;
  const AcyX86Instr *i;
  AcyLoc             at;
  gboolean           wide;   /* X86_64: registers by parts, values masked by size */
} Ctx;

/* A place an instruction reads or writes: a register, or memory at an
 * address */
typedef struct {
  gboolean   is_reg;
  gint       reg;
  AcyX86Part part;
  AcyVal     addr;
  gint       loc;     /* once resolved, else -1 */
} Lval;

static AcyVal
op2 (Ctx *c, AcyLitOp op, AcyVal a, AcyVal b)
{
  return acy_val_op (c->r, c->at, op, a, b);
}

static AcyVal
op_const (Ctx *c, AcyLitOp op, AcyVal a, AcyValue k)
{
  return op2 (c, op, a, acy_val_const (c->r, k));
}

/* herd's mask_from_reg_part: the bits of @part, shifted down */
static AcyVal
mask_part (Ctx *c, AcyVal v, AcyX86Part part)
{
  if (!c->wide)
    return v;
  switch (part)
    {
    case ACY_X86_PART_8L: return op_const (c, ACY_LOP_AND, v, 0xff);
    case ACY_X86_PART_8H: return op_const (c, ACY_LOP_AND, op_const (c, ACY_LOP_SHR, v, 8), 0xff);
    case ACY_X86_PART_16: return op_const (c, ACY_LOP_AND, v, 0xffff);
    case ACY_X86_PART_32: return op_const (c, ACY_LOP_AND, v, 0xffffffff);
    case ACY_X86_PART_64: case ACY_X86_PART_WHOLE: break;
    }
  return v;
}

static AcyX86Part
size_part (AcyX86Size size)
{
  switch (size)
    {
    case ACY_X86_SZ_B: return ACY_X86_PART_8L;
    case ACY_X86_SZ_W: return ACY_X86_PART_16;
    case ACY_X86_SZ_L: return ACY_X86_PART_32;
    case ACY_X86_SZ_Q: case ACY_X86_SZ_NONE: break;
    }
  return ACY_X86_PART_64;
}

static AcyVal
read_reg (Ctx *c, gint reg, AcyX86Part part)
{
  AcyVal v;

  v.s = c->r->regs[reg];
  v.d = c->r->regd[reg];
  return mask_part (c, v, part);
}

/* herd's write_reg keeps, of the register, the bits its part does not
 * name, taken from the part as it reads it (shifted down, masked):
 * none of them for %al, %ax, %eax, %rax, so those are written over
 * the whole register; %ah's old byte lands in the low byte, under the
 * new value shifted into place. */
static void
write_reg (Ctx *c, gint reg, AcyX86Part part, AcyVal v)
{
  if (c->wide && part == ACY_X86_PART_8H)
    v = op2 (c, ACY_LOP_OR, read_reg (c, reg, ACY_X86_PART_8H), op_const (c, ACY_LOP_SHL, v, 8));
  acy_run_set_reg (c->r, (guint) reg, v);
}

/* herd's lval_ea: the place an operand names, its address computed
 * from registers (an address dependency) */
static gboolean
lval (Ctx *c, const AcyX86Opnd *o, Lval *l)
{
  memset (l, 0, sizeof *l);
  l->loc = -1;
  switch (o->kind)
    {
    case ACY_X86_OPND_REG:
      l->is_reg = TRUE;
      l->reg = o->reg;
      l->part = o->part;
      return TRUE;
    case ACY_X86_OPND_ABS:
      l->addr = acy_val_const (c->r, ACY_VALUE_ADDR_BASE + o->loc);
      return TRUE;
    case ACY_X86_OPND_ABS_NUM:
      l->addr = acy_val_const (c->r, o->value);
      return TRUE;
    case ACY_X86_OPND_DEREF:
      l->addr = op_const (c, ACY_LOP_ADD, read_reg (c, o->reg, o->part), o->value);
      return !c->r->dead;
    case ACY_X86_OPND_SCALED:
      l->addr = op2 (c, ACY_LOP_ADD, op_const (c, ACY_LOP_ADD, read_reg (c, o->reg, o->part), o->value),
                     op_const (c, ACY_LOP_MUL, read_reg (c, o->reg2, o->part2), o->scale));
      return !c->r->dead;
    case ACY_X86_OPND_IMM: case ACY_X86_OPND_NONE:
      break;
    }
  acy_run_limit_at (c->r, c->at, "this operand names no place to read or write");
  return FALSE;
}

/* herd's read_loc_gen: a register, or a memory read (atomic for a
 * locked instruction or an exchange), masked by the instruction's size */
static gboolean
read_place (Ctx *c, Lval *l, gboolean atomic, AcyVal *out, gint *ev)
{
  *ev = -1;
  if (l->is_reg)
    *out = read_reg (c, l->reg, l->part);
  else
    {
      if (l->loc < 0 && (l->loc = acy_run_load_loc (c->r, &l->addr, c->at)) == -1)
        return FALSE;
      *ev = acy_run_read (c->r, ACY_EV_R | (atomic ? ACY_EV_RMW : 0), l->loc, NULL, -1, &l->addr,
                          TRUE, c->at);
      if (*ev < 0)
        return FALSE;
      *out = acy_val_of_read (c->r, *ev);
    }
  *out = mask_part (c, *out, size_part (c->i->size));
  return !c->r->dead;
}

static gboolean
write_place (Ctx *c, Lval *l, gboolean atomic, AcyVal v, gint tag, gint *ev)
{
  *ev = -1;
  if (l->is_reg)
    {
      write_reg (c, l->reg, l->part, v);
      return !c->r->dead;
    }
  if (l->loc < 0 && (l->loc = acy_run_store_loc (c->r, &l->addr, c->at)) == -1)
    return FALSE;
  if (l->loc == -2)
    return TRUE;   /* the address of no location of the test: nothing happens */
  *ev = acy_run_write (c->r, ACY_EV_W | (atomic ? ACY_EV_RMW : 0), l->loc, &v, tag, &l->addr, c->at);
  return *ev >= 0;
}

/* herd's rval_op: an immediate, or what an operand's place holds */
static gboolean
rval (Ctx *c, const AcyX86Opnd *o, AcyVal *out)
{
  Lval l;
  gint ev;

  if (o->kind == ACY_X86_OPND_IMM)
    {
      *out = acy_val_const (c->r, o->value);
      return TRUE;
    }
  return lval (c, o, &l) && read_place (c, &l, FALSE, out, &ev);
}

static void
set_flag (Ctx *c, gint flag, AcyLitOp op, AcyVal a, AcyVal b)
{
  acy_run_set_reg (c->r, (guint) flag, op2 (c, op, a, b));
}

/* herd's write_all_flags: ZF = (a == b), SF = (a > b), and CF = 0 */
static void
set_flags (Ctx *c, AcyVal a, AcyVal b)
{
  set_flag (c, c->i->zf, ACY_LOP_EQ, a, b);
  set_flag (c, c->i->sf, ACY_LOP_GT, a, b);
  acy_run_set_reg (c->r, (guint) c->i->cf, acy_val_const (c->r, 0));
}

static AcyVal
flag (Ctx *c, gint reg)
{
  return read_reg (c, reg, ACY_X86_PART_WHOLE);
}

static AcyVal
flip (Ctx *c, AcyVal v)
{
  return op_const (c, ACY_LOP_XOR, v, 1);
}

/* The branch condition of jCC, from the flags as herd reads them */
static AcyVal
condition (Ctx *c)
{
  switch (c->i->cond)
    {
    case ACY_X86_C_EQ: return flag (c, c->i->zf);
    case ACY_X86_C_NE: return flip (c, flag (c, c->i->zf));
    case ACY_X86_C_LE: return flip (c, flag (c, c->i->sf));
    case ACY_X86_C_LT: return op2 (c, ACY_LOP_OR, flag (c, c->i->zf), flip (c, flag (c, c->i->sf)));
    case ACY_X86_C_GE: return op2 (c, ACY_LOP_OR, flag (c, c->i->zf), flag (c, c->i->sf));
    case ACY_X86_C_GT: case ACY_X86_C_S: return flag (c, c->i->sf);
    case ACY_X86_C_NS: return flip (c, flag (c, c->i->sf));
    }
  return flag (c, c->i->zf);
}

static gint
tag (Ctx *c, const char *name)
{
  for (guint t = 0; t < c->r->test->tag_names->len; t++)
    if (strcmp (g_ptr_array_index (c->r->test->tag_names, t), name) == 0)
      return (gint) t;
  return -1;
}

/* add, or, xor, and, shl, inc, dec: read, operate, write back; atomic
 * (read and write related by rmw) when locked */
static gboolean
read_modify_write (Ctx *c, AcyLitOp op, gboolean inc_dec)
{
  const AcyX86Instr *i = c->i;
  Lval l;
  AcyVal v, operand, result;
  gint r, w;

  if (!lval (c, &i->ea, &l))
    return FALSE;
  if (!l.is_reg && (l.loc = acy_run_load_loc (c->r, &l.addr, c->at)) == -1)
    return FALSE;
  if (!read_place (c, &l, i->lock, &v, &r))
    return FALSE;
  if (inc_dec)
    operand = acy_val_const (c->r, 1);
  else if (!rval (c, &i->src, &operand))
    return FALSE;
  result = op2 (c, op, v, operand);
  if (!write_place (c, &l, i->lock, result, -1, &w))
    return FALSE;
  if (i->lock)
    acy_run_link_rmw (c->r, r, w);
  if (inc_dec)
    {
      AcyVal zero = acy_val_const (c->r, 0);

      set_flag (c, i->sf, ACY_LOP_GT, result, zero);
      set_flag (c, i->zf, ACY_LOP_EQ, result, zero);
    }
  else
    set_flags (c, result, acy_val_const (c->r, 0));
  return !c->r->dead;
}

/* xchg: both places read, then each written with the other's value;
 * memory atomically, related by rmw */
static gboolean
exchange (Ctx *c)
{
  Lval a, b;
  AcyVal va, vb;
  gint ra, rb, wa, wb;

  if (!lval (c, &c->i->ea, &a) || !lval (c, &c->i->src, &b))
    return FALSE;
  if ((!a.is_reg && (a.loc = acy_run_load_loc (c->r, &a.addr, c->at)) == -1)
      || (!b.is_reg && (b.loc = acy_run_load_loc (c->r, &b.addr, c->at)) == -1))
    return FALSE;
  if (!read_place (c, &a, !a.is_reg, &va, &ra) || !read_place (c, &b, !b.is_reg, &vb, &rb)
      || !write_place (c, &a, !a.is_reg, vb, -1, &wa) || !write_place (c, &b, !b.is_reg, va, -1, &wb))
    return FALSE;
  acy_run_link_rmw (c->r, ra, wa);
  acy_run_link_rmw (c->r, rb, wb);
  return !c->r->dead;
}

/* cmpxchg ea,r: compares ea with rax; equal, ea := r, else rax := ea */
static gboolean
compare_exchange (Ctx *c)
{
  const AcyX86Instr *i = c->i;
  Lval l, rax = { TRUE, i->rax, ACY_X86_PART_64, { NULL, { { 0 } } }, -1 };
  AcyVal v, expected, nv;
  gint r, w;

  if (!lval (c, &i->ea, &l))
    return FALSE;
  if (!l.is_reg && (l.loc = acy_run_load_loc (c->r, &l.addr, c->at)) == -1)
    return FALSE;
  if (!read_place (c, &l, i->lock, &v, &r) || !read_place (c, &rax, FALSE, &expected, &w))
    return FALSE;
  set_flag (c, i->zf, ACY_LOP_EQ, v, expected);
  if (!rval (c, &i->src, &nv))
    return FALSE;
  if (acy_run_decide (c->r, op2 (c, ACY_LOP_EQ, v, expected).s))
    {
      if (!write_place (c, &l, i->lock, nv, -1, &w))
        return FALSE;
      if (i->lock)
        acy_run_link_rmw (c->r, r, w);
    }
  else
    write_reg (c, rax.reg, ACY_X86_PART_64, v);
  return !c->r->dead;
}

gboolean
acy_x86_exec_instr (AcyRun *run, gconstpointer instr, AcyLoc at, AcyAsmNext *next)
{
  const AcyX86Instr *i = instr;
  Ctx c = { run, i, at, run->test->wide_values };
  Lval l;
  AcyVal v;
  gint ev;

  next->flow = ACY_ASM_NEXT;
  switch (i->op)
    {
    case ACY_X86_NOP:
      return TRUE;
    case ACY_X86_MOV:
      return lval (&c, &i->ea, &l) && rval (&c, &i->src, &v) && write_place (&c, &l, FALSE, v, -1, &ev);
    case ACY_X86_MOVNTI:
      return lval (&c, &i->ea, &l) && rval (&c, &i->src, &v)
             && write_place (&c, &l, FALSE, v, tag (&c, "NT"), &ev);
    case ACY_X86_ADD: return read_modify_write (&c, ACY_LOP_ADD, FALSE);
    case ACY_X86_OR: return read_modify_write (&c, ACY_LOP_OR, FALSE);
    case ACY_X86_XOR: return read_modify_write (&c, ACY_LOP_XOR, FALSE);
    case ACY_X86_AND: return read_modify_write (&c, ACY_LOP_AND, FALSE);
    case ACY_X86_SHL: return read_modify_write (&c, ACY_LOP_SHL, FALSE);
    case ACY_X86_INC: return read_modify_write (&c, ACY_LOP_ADD, TRUE);
    case ACY_X86_DEC: return read_modify_write (&c, ACY_LOP_SUB, TRUE);
    case ACY_X86_CMP:
      {
        AcyVal a;

        if (!rval (&c, &i->ea, &a) || !rval (&c, &i->src, &v))
          return FALSE;
        set_flags (&c, a, v);
        return !run->dead;
      }
    case ACY_X86_XCHG: case ACY_X86_UXCH:
      return exchange (&c);
    case ACY_X86_CMPXCHG:
      return compare_exchange (&c);
    case ACY_X86_CMOVC:
      if (acy_run_decide (run, flag (&c, i->cf).s))
        {
          if (!rval (&c, &i->ea, &v))
            return FALSE;
          write_reg (&c, i->src.reg, i->src.part, v);
        }
      return !run->dead;
    case ACY_X86_SETNB:
      if (!lval (&c, &i->ea, &l))
        return FALSE;
      v = flip (&c, flag (&c, i->cf));
      if (l.is_reg)
        {
          /* herd writes the whole register */
          acy_run_set_reg (run, (guint) l.reg, v);
          return !run->dead;
        }
      return write_place (&c, &l, FALSE, v, -1, &ev);
    case ACY_X86_JMP:
      next->flow = ACY_ASM_JUMP;
      next->label = i->label;
      return TRUE;
    case ACY_X86_JCC:
      next->flow = ACY_ASM_BRANCH;
      next->label = i->label;
      next->cond = condition (&c);
      return !run->dead;
    case ACY_X86_RET:
      if (!run->test->telechat)
        {
          acy_set_error_at (&run->error, ACY_ERROR_SYNTAX, at,
                            "herd7 runs ret only under its variant telechat (a Variant=telechat "
                            "line in the test): it is not implemented otherwise near 'ret'");
          run->dead = TRUE;
          return FALSE;
        }
      next->flow = ACY_ASM_EXIT;
      return TRUE;
    case ACY_X86_MFENCE:
      acy_run_fence (run, ACY_EV_F, tag (&c, "MFENCE"), at);
      return !run->dead;
    case ACY_X86_SFENCE:
      acy_run_fence (run, ACY_EV_F, tag (&c, "SFENCE"), at);
      return !run->dead;
    case ACY_X86_LFENCE:
      acy_run_fence (run, ACY_EV_F, tag (&c, "LFENCE"), at);
      return !run->dead;
    }
  return FALSE;
}

/* ---- the architectures ---- */

static const char *const x86_event_sets[] = { "MFENCE", "SFENCE", "LFENCE", NULL };
static const char *const x86_64_event_sets[] = { "MFENCE", "SFENCE", "LFENCE", "NT", NULL };
static const char *const x86_prefixes[] = { "lock", "LOCK", NULL };

const AcyAsmArch acy_x86_arch = {
  .name = "X86",
  .default_model = "x86tso.cat",
  .wide_values = FALSE,
  .reg_canonical = acy_x86_reg_canonical,
  .reg_rank = acy_x86_reg_rank,
  .parse_instr = acy_x86_parse_instr,
  .prefixes = x86_prefixes,
  .dump_instr = acy_x86_dump_instr,
  .jump_label = acy_x86_jump_label,
  .exec_instr = acy_x86_exec_instr,
  .event_sets = x86_event_sets,
};

const AcyAsmArch acy_x86_64_arch = {
  .name = "X86_64",
  .default_model = "x86tso-mixed.cat",
  .wide_values = TRUE,
  .reg_canonical = acy_x86_64_reg_canonical,
  .reg_rank = acy_x86_64_reg_rank,
  .parse_instr = acy_x86_64_parse_instr,
  .prefixes = x86_prefixes,
  .dump_instr = acy_x86_dump_instr,
  .jump_label = acy_x86_jump_label,
  .exec_instr = acy_x86_exec_instr,
  .event_sets = x86_64_event_sets,
};
