/* acy-aarch64-exec.c - what AArch64 instructions do, as herd7 gives it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * herd7's AArch64 semantics, event for event, register events included:
 * herd's aarch64.cat computes addr, data and ctrl itself (catdep) from
 * the register reads and writes (Rreg, Wreg), the ports of the reads
 * (ADDR, DATA) and the intra-instruction causality between an
 * instruction's events (iico_data, iico_ctrl, iico_order). So each
 * instruction here makes the events herd7 makes, related as herd7
 * relates them; the values still flow through the run's registers (the
 * core's own addr, data and ctrl come from them, for the other models).
 *
 * herd's choices, followed as they are:
 * - LDR: the address registers' reads -> the memory read -> the write
 *   of the destination; STR: the address reads (ADDR) and the data
 *   read (DATA) -> the memory write.
 * - CMP and the S forms write the four flags (PSTATE.N, Z, C, V), each
 *   from the operands' reads; a condition reads the flags it needs.
 * - CSEL reads its condition's flags into a branch (PRED), which
 *   controls the read of the register it selects: a choice, as herd.
 * - LDXR also writes the reservation register (Res) with the address;
 *   STXR reads it, and either succeeds (the address is the reserved
 *   one: the write, Res cleared, the status 0) or fails (Res cleared,
 *   status 1); herd7 lets a store-exclusive fail whenever it may.
 * - CAS succeeds (memory held the expected value: an atomic read and
 *   write), or fails with a write of the value read back (atomic too),
 *   or fails with a plain read only: three paths, as herd7's.
 * - A W register's result is its value's low 32 bits, unsigned (herd's
 *   uxt): an operation's result written to a W register is masked.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-aarch64.h"

typedef struct {
  AcyRun            *r;
  const AcyA64Instr *i;
  AcyLoc             at;
} Ctx;

typedef struct {
  AcyVal v;
  gint   ev;    /* its register read, -1 for ZR */
} Rd;

static void
tag (Ctx *c, gint ev, guint t)
{
  if (ev >= 0)
    c->r->events[ev].ev.tags |= (guint64) 1 << t;
}

static void
iico (Ctx *c, gint from, gint to)
{
  if (from >= 0 && to >= 0)
    acy_dep_add (&c->r->events[to].iico_data, (guint) from);
}

static void
iico_ctrl (Ctx *c, gint from, gint to)
{
  if (from >= 0 && to >= 0)
    acy_dep_add (&c->r->events[to].iico_ctrl, (guint) from);
}

static AcyVal
op2 (Ctx *c, AcyLitOp op, AcyVal a, AcyVal b)
{
  return acy_val_op (c->r, c->at, op, a, b);
}

static AcyVal
op1 (Ctx *c, AcyLitOp op, AcyVal a)
{
  c->r->at = c->at;
  a.s = acy_run_op (c->r, op, a.s, NULL);
  return a;
}

static AcyVal
op_k (Ctx *c, AcyLitOp op, AcyVal a, AcyValue k)
{
  return op2 (c, op, a, acy_val_const (c->r, k));
}

/* A register event of the thread's register @reg */
static gint
reg_event (Ctx *c, gint reg, guint t, const AcySym *value)
{
  gint ev = acy_run_event (c->r, 0, -1, value, -1, NULL, c->at);

  if (ev >= 0)
    {
      c->r->events[ev].ev.reg = (guint32) reg + 1;
      tag (c, ev, t);
    }
  return ev;
}

/* herd's read_reg: an event (port @port: ACY_A64_T_ADDR, _DATA, or 0)
 * but for ZR, which reads 0 */
static Rd
read_reg (Ctx *c, const AcyA64Reg *r, guint port)
{
  Rd out = { { NULL, { { 0 } } }, -1 };

  if (r->reg == ACY_A64_ZR)
    {
      out.v = acy_val_const (c->r, 0);
      return out;
    }
  out.v.s = c->r->regs[r->reg];
  out.v.d = c->r->regd[r->reg];
  out.ev = reg_event (c, r->reg, ACY_A64_T_RREG, out.v.s);
  if (port)
    tag (c, out.ev, port);
  return out;
}

static gint
write_reg_raw (Ctx *c, gint reg, AcyVal v)
{
  if (reg < 0)
    return -1;
  if (reg < 64)
    c->r->regs_unknown &= ~((guint64) 1 << reg);
  acy_run_set_reg (c->r, (guint) reg, v);
  return reg_event (c, reg, ACY_A64_T_WREG, v.s);
}

/* herd's write_reg, a W register's value masked to 32 bits */
static gint
write_reg (Ctx *c, const AcyA64Reg *r, AcyVal v)
{
  if (r->reg == ACY_A64_ZR)
    return -1;
  if (!r->wide && v.s->kind == ACY_SYM_CONST && !ACY_VALUE_IS_PTR (v.s->value))
    v.s = acy_run_const (c->r, (AcyValue) (guint32) v.s->value);
  else if (!r->wide && v.s->kind == ACY_SYM_OP)
    v = op_k (c, ACY_LOP_AND, v, 0xffffffff);
  return write_reg_raw (c, r->reg, v);
}

/* An operand's extension or shift: SXTW, UXTW, LSL #s, LSR #s, ASR #s */
static AcyVal
extend (Ctx *c, AcyVal v, guint ext, guint shift)
{
  if ((ext == ACY_A64_X_SXTW || ext == ACY_A64_X_UXTW) && v.s->kind == ACY_SYM_CONST
      && !ACY_VALUE_IS_PTR (v.s->value))
    v.s = acy_run_const (c->r, ext == ACY_A64_X_SXTW ? (AcyValue) (gint32) v.s->value
                                                     : (AcyValue) (guint32) v.s->value);
  else if (ext == ACY_A64_X_UXTW)
    v = op_k (c, ACY_LOP_AND, v, 0xffffffff);
  else if (ext == ACY_A64_X_SXTW)
    v = op_k (c, ACY_LOP_SHR, op_k (c, ACY_LOP_SHL, v, 32), 32);
  else if (ext == ACY_A64_X_SXTB || ext == ACY_A64_X_SXTH)
    {
      AcyValue k = ext == ACY_A64_X_SXTB ? 56 : 48;

      v = op_k (c, ACY_LOP_SHR, op_k (c, ACY_LOP_SHL, v, k), k);
    }
  else if (ext == ACY_A64_X_UXTB || ext == ACY_A64_X_UXTH)
    v = op_k (c, ACY_LOP_AND, v, ext == ACY_A64_X_UXTB ? 0xff : 0xffff);
  if (shift)
    v = op_k (c, ext == ACY_A64_X_LSR || ext == ACY_A64_X_ASR ? ACY_LOP_SHR : ACY_LOP_SHL, v, shift);
  return v;
}

/* The address of an access: its registers read (ADDR), their events
 * in @evs (up to 2) */
static AcyVal
address (Ctx *c, const AcyA64Addr *a, gint evs[2])
{
  Rd b = read_reg (c, &a->base, ACY_A64_T_ADDR);
  AcyVal v = b.v;

  evs[0] = b.ev;
  evs[1] = -1;
  if (a->has_index)
    {
      Rd x = read_reg (c, &a->index, ACY_A64_T_ADDR);

      evs[1] = x.ev;
      v = op2 (c, ACY_LOP_ADD, v, extend (c, x.v, a->ext, a->shift));
    }
  else if (a->offset != 0 && !a->post)
    v = op_k (c, ACY_LOP_ADD, v, a->offset);
  return v;
}

/* A post-indexed access's write back: the base register moved by the
 * offset, from the instruction's register reads (herd's) */
static void
post_index (Ctx *c, const AcyA64Addr *a, AcyVal base, gint from1, gint from2)
{
  gint w;

  if (!a->post)
    return;
  w = write_reg_raw (c, a->base.reg, op_k (c, ACY_LOP_ADD, base, a->offset));
  iico (c, from1, w);
  iico (c, from2, w);
}

/* The kind and tags of a memory access of @order */
static guint32
access_kind (const AcyA64Instr *i, gboolean read, gboolean atomic)
{
  guint32 k = read ? ACY_EV_R : ACY_EV_W;

  if (atomic)
    k |= ACY_EV_RMW;
  if (read && (i->order == ACY_A64_ACQ || i->order == ACY_A64_ACQ_REL))
    k |= ACY_EV_A;
  return k;
}

static void
access_tags (Ctx *c, gint ev, gboolean read)
{
  const AcyA64Instr *i = c->i;

  if (ev < 0)
    return;
  if (i->exclusive)
    tag (c, ev, ACY_A64_T_EX);
  if (read && i->order == ACY_A64_ACQ_PC)
    tag (c, ev, ACY_A64_T_Q);
  if (!read && (i->order == ACY_A64_REL || i->order == ACY_A64_ACQ_REL))
    tag (c, ev, ACY_A64_T_L);
}

/* herd7 without -variant mixed refuses a test whose candidate accesses
 * a location in another size than the location's (its type's, int's when
 * the init block gives none): "Illegal mixed-size test". Acyclic refuses
 * it as soon as a path makes such an access through an address @known
 * when the path runs (herd checks solved candidates only: one through a
 * value read may be on none, A260). */
static gboolean
same_size (Ctx *c, gint loc, gboolean known)
{
  guint bits = acy_asm_loc_type_bits (c->r->test, (guint) loc) & ~ACY_LIT_UNSIGNED;
  guint bytes = bits == 0 ? 8 : bits / 8;

  if (loc < 0 || bytes == c->i->size || !known)
    return TRUE;
  if (c->r->error == NULL)
    acy_set_error_at (&c->r->error, ACY_ERROR_TYPE, c->at,
                      "an access of %u bytes to %s, a location of %u bytes: a mixed-size test, "
                      "which herd7 refuses without -variant mixed (Illegal mixed-size test) "
                      "near '%s'",
                      c->i->size, (const char *) g_ptr_array_index (c->r->test->loc_names, loc),
                      bytes, c->i->mnemonic);
  c->r->dead = TRUE;
  return FALSE;
}

static gint
mem_read (Ctx *c, AcyVal a, gboolean atomic, gint addr_evs[2], guint32 extra)
{
  gboolean known = a.s->kind == ACY_SYM_CONST;
  gint loc = acy_run_load_loc (c->r, &a, c->at);
  gint ev;

  if (loc == -1 || !same_size (c, loc, known))
    return -1;
  ev = acy_run_read (c->r, access_kind (c->i, TRUE, atomic) | extra, loc, NULL, -1, &a, TRUE, c->at);
  if (ev < 0)
    return -1;
  access_tags (c, ev, TRUE);
  iico (c, addr_evs[0], ev);
  iico (c, addr_evs[1], ev);
  return ev;
}

/* -2: the address of no location (nothing happens), -1: dead */
static gint
mem_write (Ctx *c, AcyVal a, AcyVal v, gboolean atomic, gint addr_evs[2])
{
  gboolean known = a.s->kind == ACY_SYM_CONST;
  gint loc = acy_run_store_loc (c->r, &a, c->at);
  gint ev;

  if (loc < 0)
    return loc;
  if (!same_size (c, loc, known))
    return -1;
  ev = acy_run_write (c->r, access_kind (c->i, FALSE, atomic), loc, &v, -1, &a, c->at);
  if (ev < 0)
    return -1;
  access_tags (c, ev, FALSE);
  iico (c, addr_evs[0], ev);
  iico (c, addr_evs[1], ev);
  return ev;
}

/* The value read by @ev; LDRSB's, LDRSH's, LDRSW's sign-extended from
 * their size */
static AcyVal
load_value (Ctx *c, gint ev)
{
  AcyVal v = acy_val_of_read (c->r, ev);
  AcyValue bits = 64 - 8 * (AcyValue) c->i->size;

  if (c->i->sign)
    v = op_k (c, ACY_LOP_SHR, op_k (c, ACY_LOP_SHL, v, bits), bits);
  return v;
}

static gboolean
exec_ldr (Ctx *c)
{
  gint evs[2], r, w;
  AcyVal a = address (c, &c->i->addr, evs);

  if (c->r->dead || (r = mem_read (c, a, FALSE, evs, 0)) < 0)
    return FALSE;
  post_index (c, &c->i->addr, a, evs[0], -1);
  if (c->i->exclusive)
    {
      /* herd's read_mem_reserve: Res gets the address */
      w = write_reg_raw (c, c->i->res, a);
      iico (c, evs[0], w);
    }
  w = write_reg (c, &c->i->rd, load_value (c, r));
  iico (c, r, w);
  return !c->r->dead;
}

static gboolean
exec_str (Ctx *c)
{
  gint evs[2], w;
  AcyVal a = address (c, &c->i->addr, evs);
  Rd d = read_reg (c, &c->i->rd, ACY_A64_T_DATA);

  if (c->r->dead || (w = mem_write (c, a, d.v, FALSE, evs)) == -1)
    return FALSE;
  iico (c, d.ev, w);
  post_index (c, &c->i->addr, a, evs[0], d.ev);
  return !c->r->dead;
}

/* herd's lxsx, in rmw: the store-exclusive @w and the exclusive
 * access before it on the path, when that one is a load */
static void
link_exclusive (Ctx *c, gint w)
{
  guint64 ex = (guint64) 1 << ACY_A64_T_EX;

  if (w < 0)
    return;
  for (gint k = w - 1; k >= 0; k--)
    {
      const AcyEvent *e = &c->r->events[k].ev;

      if ((e->kind & (ACY_EV_R | ACY_EV_W)) && (e->tags & ex))
        {
          if (e->kind & ACY_EV_R)
            acy_run_link_rmw (c->r, k, w);
          return;
        }
    }
}

static gboolean
exec_stxr (Ctx *c)
{
  const AcyA64Instr *i = c->i;
  AcyA64Reg res = { i->res, 0, TRUE };
  Rd rr = read_reg (c, &res, 0);
  Rd d = read_reg (c, &i->rd, 0);
  gint evs[2], w, wres;
  AcyVal a = address (c, &i->addr, evs);
  AcyA64Reg status = i->rs;

  if (c->r->dead)
    return FALSE;
  /* success needs the reservation on this address; herd tries it first */
  if (acy_run_choose (c->r, 2) == 0)
    {
      c->r->at = c->at;
      acy_run_constrain (c->r, acy_run_op (c->r, ACY_LOP_EQ, rr.v.s, a.s), TRUE);
      if (c->r->dead || (w = mem_write (c, a, d.v, FALSE, evs)) == -1)
        return FALSE;
      iico (c, d.ev, w);
      iico_ctrl (c, rr.ev, w);
      iico_ctrl (c, evs[0], w);
      link_exclusive (c, w);
      wres = write_reg_raw (c, i->res, acy_val_const (c->r, 0));
      iico_ctrl (c, rr.ev, wres);
      write_reg (c, &status, acy_val_const (c->r, 0));
    }
  else
    {
      wres = write_reg_raw (c, i->res, acy_val_const (c->r, 0));
      iico_ctrl (c, rr.ev, wres);
      write_reg (c, &status, acy_val_const (c->r, 1));
    }
  /* herd does not keep the status in the registers it knows while it
   * builds the code: a loop back on it is counted (A184) */
  if (status.reg >= 0 && status.reg < 64)
    c->r->regs_unknown |= (guint64) 1 << status.reg;
  return !c->r->dead;
}

/* SWP, LDADD...: an atomic read and write, related by rmw */
static gboolean
exec_amo (Ctx *c)
{
  const AcyA64Instr *i = c->i;
  gint evs[2], r, w, wt;
  AcyVal a = address (c, &i->addr, evs);
  Rd s = read_reg (c, &i->rs, ACY_A64_T_DATA);
  gboolean noret = i->rd.reg == ACY_A64_ZR;
  AcyVal old, nv;

  if (c->r->dead || (r = mem_read (c, a, TRUE, evs, 0)) < 0)
    return FALSE;
  if (noret)
    {
      tag (c, r, ACY_A64_T_NORET);
      c->r->events[r].ev.kind &= ~ACY_EV_A;
    }
  old = load_value (c, r);
  if (i->op == ACY_A64_SWP)
    nv = s.v;
  else
    {
      static const AcyLitOp ops[] = { ACY_LOP_ADD, ACY_LOP_XOR, ACY_LOP_OR, ACY_LOP_ANDNOT };

      nv = op2 (c, ops[i->alu], old, s.v);
    }
  if ((w = mem_write (c, a, nv, TRUE, evs)) == -1)
    return FALSE;
  if (w >= 0)
    {
      acy_run_link_rmw (c->r, r, w);
      iico (c, s.ev, w);
      if (i->op == ACY_A64_SWP)
        acy_dep_add (&c->r->events[w].iico_order, (guint) r);
      else
        iico (c, r, w);
    }
  if (!noret)
    {
      wt = write_reg (c, &i->rd, old);
      iico (c, r, wt);
    }
  return !c->r->dead;
}

static gboolean
exec_cas (Ctx *c)
{
  const AcyA64Instr *i = c->i;
  gint evs[2], r, w = -1, p, ws;
  AcyVal a = address (c, &i->addr, evs);
  Rd s = read_reg (c, &i->rs, ACY_A64_T_DATA);
  /* herd's four: success with Rs's value written back to Rs (its data
   * from the read of Rs) or with the value read (from the memory read),
   * failure with the value read written back to memory, failure with a
   * plain read only */
  guint path = acy_run_choose (c->r, 4);
  gboolean ok = path < 2;
  AcyVal old;
  Rd t = { { NULL, { { 0 } } }, -1 };

  if (c->r->dead)
    return FALSE;
  if (ok)
    t = read_reg (c, &i->rd, ACY_A64_T_DATA);
  if ((r = mem_read (c, a, path != 3, evs, 0)) < 0)
    return FALSE;
  if (i->rs.reg == ACY_A64_ZR)
    {
      tag (c, r, ACY_A64_T_NORET);
      c->r->events[r].ev.kind &= ~ACY_EV_A;
      c->r->events[r].ev.kind |= ACY_EV_RMW;
    }
  old = load_value (c, r);
  c->r->at = c->at;
  acy_run_constrain (c->r, acy_run_op (c->r, ACY_LOP_EQ, old.s, s.v.s), ok);
  if (c->r->dead)
    return FALSE;
  if (path != 3)
    {
      if ((w = mem_write (c, a, ok ? t.v : old, TRUE, evs)) == -1)
        return FALSE;
      if (w >= 0)
        {
          acy_run_link_rmw (c->r, r, w);
          iico (c, ok ? t.ev : r, w);
        }
    }
  ws = write_reg (c, &i->rs, path == 0 ? s.v : old);
  iico (c, path == 0 ? s.ev : r, ws);
  /* herd's branch on the comparison: a PRED event */
  p = acy_run_event (c->r, 0, -1, acy_run_const (c->r, 0), -1, NULL, c->at);
  tag (c, p, ACY_A64_T_B);
  tag (c, p, ACY_A64_T_PRED);
  iico (c, r, p);
  iico (c, s.ev, p);
  iico_ctrl (c, p, w);
  if (path == 0)
    iico_ctrl (c, p, ws);
  return !c->r->dead;
}

/* herd's condition_holds: the flags a condition reads, and its value */
static AcyVal
condition (Ctx *c, AcyA64Cond cond, gint evs[3])
{
  const AcyA64Instr *i = c->i;
  AcyA64Reg n = { i->flag_n, 0, TRUE }, z = { i->flag_z, 0, TRUE };
  AcyA64Reg cf = { i->flag_c, 0, TRUE }, v = { i->flag_v, 0, TRUE };
  Rd a = { { NULL, { { 0 } } }, -1 }, b = a, d = a;
  AcyVal out;
  gboolean neg = cond & 1;

  evs[0] = evs[1] = evs[2] = -1;
  switch (cond & ~1u)
    {
    case ACY_A64_EQ:
      a = read_reg (c, &z, 0);
      out = a.v;
      break;
    case ACY_A64_CS:
      a = read_reg (c, &cf, 0);
      out = a.v;
      break;
    case ACY_A64_MI:
      a = read_reg (c, &n, 0);
      out = a.v;
      break;
    case ACY_A64_VS:
      a = read_reg (c, &v, 0);
      out = a.v;
      break;
    case ACY_A64_HI:
      a = read_reg (c, &cf, 0);
      b = read_reg (c, &z, 0);
      out = op2 (c, ACY_LOP_LAND, a.v, op_k (c, ACY_LOP_EQ, b.v, 0));
      break;
    case ACY_A64_GE:
      a = read_reg (c, &n, 0);
      b = read_reg (c, &v, 0);
      out = op2 (c, ACY_LOP_EQ, a.v, b.v);
      break;
    case ACY_A64_GT:
      a = read_reg (c, &n, 0);
      b = read_reg (c, &z, 0);
      d = read_reg (c, &v, 0);
      out = op2 (c, ACY_LOP_LAND, op2 (c, ACY_LOP_EQ, a.v, d.v), op_k (c, ACY_LOP_EQ, b.v, 0));
      break;
    default:
      return acy_val_const (c->r, neg ? 0 : 1);
    }
  if (neg)
    out = op_k (c, ACY_LOP_EQ, out, 0);
  evs[0] = a.ev;
  evs[1] = b.ev;
  evs[2] = d.ev;
  return out;
}

/* @v at the width of the instruction's registers (W: 32 bits) */
static AcyVal
at_width (Ctx *c, AcyVal v, gboolean wide)
{
  return wide ? v : op_k (c, ACY_LOP_AND, v, 0xffffffff);
}

/* The sign bit of @v at that width, 0 or 1 */
static AcyVal
sign_bit (Ctx *c, AcyVal v, gboolean wide)
{
  if (wide)
    return op_k (c, ACY_LOP_LT, v, 0);
  return op_k (c, ACY_LOP_AND, op_k (c, ACY_LOP_SHR, v, 31), 1);
}

/* @a below @b, unsigned, at that width (W values are zero-extended) */
static AcyVal
below (Ctx *c, AcyVal a, AcyVal b, gboolean wide)
{
  if (!wide)
    return op2 (c, ACY_LOP_LT, a, b);
  return op2 (c, ACY_LOP_LT, op_k (c, ACY_LOP_XOR, a, G_MININT64), op_k (c, ACY_LOP_XOR, b, G_MININT64));
}

/* NZCV of @a @alu @b (SUB for CMP, SUBS; ADD for ADDS; AND for ANDS,
 * TST), as the Arm ARM computes them: N the result's sign, Z whether it
 * is 0, C the carry out (for a subtraction: no borrow), V the signed
 * overflow. Each flag is written from the operands' reads. */
static void
write_flags (Ctx *c, AcyA64AluOp alu, AcyVal a, AcyVal b, gint from[2])
{
  const AcyA64Instr *i = c->i;
  gboolean wide = i->rn.wide;
  AcyVal zero = acy_val_const (c->r, 0);
  AcyVal res, vn, vz, vc, vv;
  gint ev[4];

  a = at_width (c, a, wide);
  b = at_width (c, b, wide);
  switch (alu)
    {
    case ACY_A64_SUB:
      res = at_width (c, op2 (c, ACY_LOP_SUB, a, b), wide);
      vz = op2 (c, ACY_LOP_EQ, a, b);
      vc = op_k (c, ACY_LOP_EQ, below (c, a, b, wide), 0);
      vv = sign_bit (c, op2 (c, ACY_LOP_AND, op2 (c, ACY_LOP_XOR, a, b), op2 (c, ACY_LOP_XOR, a, res)), wide);
      break;
    case ACY_A64_ADD:
      res = at_width (c, op2 (c, ACY_LOP_ADD, a, b), wide);
      vz = op_k (c, ACY_LOP_EQ, res, 0);
      vc = below (c, res, a, wide);
      vv = sign_bit (c, op2 (c, ACY_LOP_AND, op2 (c, ACY_LOP_XOR, a, res), op2 (c, ACY_LOP_XOR, b, res)), wide);
      break;
    default:
      res = op2 (c, alu == ACY_A64_BIC ? ACY_LOP_ANDNOT : ACY_LOP_AND, a, b);
      vz = op_k (c, ACY_LOP_EQ, res, 0);
      vc = vv = zero;
      break;
    }
  vn = sign_bit (c, res, wide);
  if (c->r->dead)
    return;
  ev[0] = write_reg_raw (c, i->flag_n, vn);
  ev[1] = write_reg_raw (c, i->flag_z, vz);
  ev[2] = write_reg_raw (c, i->flag_c, vc);
  ev[3] = write_reg_raw (c, i->flag_v, vv);
  for (guint k = 0; k < 4; k++)
    {
      iico (c, from[0], ev[k]);
      iico (c, from[1], ev[k]);
    }
}

static gboolean
exec_alu (Ctx *c)
{
  const AcyA64Instr *i = c->i;
  static const AcyLitOp ops[] = {
    ACY_LOP_ADD, ACY_LOP_SUB, ACY_LOP_XOR, ACY_LOP_AND, ACY_LOP_OR,
    ACY_LOP_SHL, ACY_LOP_SHR, ACY_LOP_SHR, ACY_LOP_MUL,
  };
  Rd a = read_reg (c, &i->rn, 0), b = { { NULL, { { 0 } } }, -1 };
  AcyVal v;
  gint from[2], w;

  if (i->src.is_imm)
    b.v = acy_val_const (c->r, (AcyValue) ((guint64) i->src.imm << i->src.shift));
  else if (i->src.reg.reg == i->rn.reg && i->src.reg.reg != ACY_A64_ZR && i->src.ext == 0)
    b.v = a.v;   /* herd reads a register once per instruction */
  else
    {
      b = read_reg (c, &i->src.reg, 0);
      b.v = extend (c, b.v, i->src.ext, i->src.shift);
    }
  from[0] = a.ev;
  from[1] = b.ev;
  if (i->op == ACY_A64_CMP)
    {
      write_flags (c, i->alu, a.v, b.v, from);
      return !c->r->dead;
    }
  if (i->alu == ACY_A64_BIC)
    v = op2 (c, ACY_LOP_ANDNOT, a.v, b.v);
  else if (i->alu == ACY_A64_ORN || i->alu == ACY_A64_EON)
    v = op2 (c, i->alu == ACY_A64_ORN ? ACY_LOP_OR : ACY_LOP_XOR, a.v, op1 (c, ACY_LOP_BNOT, b.v));
  else
    v = op2 (c, ops[i->alu], a.v, b.v);
  if (c->r->dead)
    return FALSE;
  w = write_reg (c, &i->rd, v);
  iico (c, a.ev, w);
  iico (c, b.ev, w);
  if (i->flags)
    write_flags (c, i->alu, a.v, b.v, from);
  return !c->r->dead;
}

static gboolean
exec_csel (Ctx *c)
{
  const AcyA64Instr *i = c->i;
  gint evs[3], p, w;
  AcyVal cond = condition (c, i->cond, evs);
  gboolean ok;
  Rd s;
  AcyVal v;

  if (c->r->dead)
    return FALSE;
  ok = acy_run_decide (c->r, cond.s);
  if (c->r->dead)
    return FALSE;
  p = acy_run_event (c->r, 0, -1, acy_run_const (c->r, 0), -1, NULL, c->at);
  tag (c, p, ACY_A64_T_B);
  tag (c, p, ACY_A64_T_PRED);
  for (guint k = 0; k < 3; k++)
    iico (c, evs[k], p);
  s = read_reg (c, ok ? &i->rn : &i->src.reg, 0);
  iico_ctrl (c, p, s.ev);
  v = s.v;
  if (!ok)
    switch (i->sel)
      {
      case ACY_A64_SEL: break;
      case ACY_A64_SINC: v = op_k (c, ACY_LOP_ADD, v, 1); break;
      case ACY_A64_SINV: v = op1 (c, ACY_LOP_BNOT, v); break;
      case ACY_A64_SNEG: v = op2 (c, ACY_LOP_SUB, acy_val_const (c->r, 0), v); break;
      }
  /* the value does not depend on the condition's reads: herd's CSEL
   * controls the read of the register it picks (a "pick" dependency,
   * iico_ctrl), which aarch64.cat keeps apart from addr and data */
  w = write_reg (c, &i->rd, v);
  if (s.ev >= 0)
    iico (c, s.ev, w);
  else
    iico_ctrl (c, p, w);
  return !c->r->dead;
}

/* NEG, MVN, SXTW, ABS: a register read into a register write */
static gboolean
exec_unary (Ctx *c)
{
  const AcyA64Instr *i = c->i;
  Rd a = read_reg (c, &i->src.reg, 0);
  AcyVal v;
  gint w;

  a.v = extend (c, a.v, i->src.ext, i->src.shift);
  v = a.v;
  switch (i->alu)
    {
    case ACY_A64_NEG: v = op2 (c, ACY_LOP_SUB, acy_val_const (c->r, 0), a.v); break;
    case ACY_A64_MVN: v = op1 (c, ACY_LOP_BNOT, a.v); break;
    case ACY_A64_ABS:
      {
        /* |v| at the register's width: (v ^ s) - s, s its sign (0 or -1) */
        AcyValue k = i->rd.wide ? 0 : 32;
        AcyVal x = op_k (c, ACY_LOP_SHR, op_k (c, ACY_LOP_SHL, a.v, k), k);
        AcyVal sgn = op_k (c, ACY_LOP_SHR, x, 63);

        v = op2 (c, ACY_LOP_SUB, op2 (c, ACY_LOP_XOR, x, sgn), sgn);
      }
      break;
    default:
      v = op_k (c, ACY_LOP_SHR, op_k (c, ACY_LOP_SHL, a.v, 32), 32);
      break;
    }
  if (c->r->dead)
    return FALSE;
  w = write_reg (c, &i->rd, v);
  iico (c, a.ev, w);
  return !c->r->dead;
}

/* MADD, MSUB, MNEG: ra + rn * rm, ra - rn * rm (ra ZR for MNEG) */
static gboolean
exec_madd (Ctx *c)
{
  const AcyA64Instr *i = c->i;
  Rd n = read_reg (c, &i->rn, 0), m = read_reg (c, &i->src.reg, 0), a = read_reg (c, &i->rs, 0);
  AcyVal v = op2 (c, i->alu == ACY_A64_ADD ? ACY_LOP_ADD : ACY_LOP_SUB, a.v,
                  op2 (c, ACY_LOP_MUL, n.v, m.v));
  gint w;

  if (c->r->dead)
    return FALSE;
  w = write_reg (c, &i->rd, v);
  iico (c, n.ev, w);
  iico (c, m.ev, w);
  iico (c, a.ev, w);
  return !c->r->dead;
}

/* MOVK: the immediate into 16 bits of the register, the rest kept */
static gboolean
exec_movk (Ctx *c)
{
  const AcyA64Instr *i = c->i;
  Rd a = read_reg (c, &i->rd, 0);
  guint64 mask = (guint64) 0xffff << i->src.shift;
  AcyVal v = op_k (c, ACY_LOP_OR, op_k (c, ACY_LOP_AND, a.v, (AcyValue) ~mask),
                   (AcyValue) (((guint64) i->src.imm << i->src.shift) & mask));
  gint w;

  if (c->r->dead)
    return FALSE;
  w = write_reg (c, &i->rd, v);
  iico (c, a.ev, w);
  return !c->r->dead;
}

/* a branch: herd's commit event (BCC), from the reads of its condition */
static gint
branch_event (Ctx *c, gint evs[3])
{
  gint b = acy_run_event (c->r, 0, -1, acy_run_const (c->r, 0), -1, NULL, c->at);

  tag (c, b, ACY_A64_T_B);
  tag (c, b, ACY_A64_T_BCC);
  for (guint k = 0; k < 3; k++)
    iico (c, evs[k], b);
  return b;
}

static gboolean
exec_instr (AcyRun *run, gconstpointer instr, AcyLoc at, AcyAsmNext *next)
{
  const AcyA64Instr *i = instr;
  Ctx c = { run, i, at };
  gint evs[3] = { -1, -1, -1 }, w;
  Rd a;
  AcyVal v;

  run->has_iico = TRUE;
  switch (i->op)
    {
    case ACY_A64_NOP:
      return TRUE;
    case ACY_A64_MOV:
    case ACY_A64_MOVZ:
      if (i->src.is_imm)
        {
          write_reg (&c, &i->rd, acy_val_const (run, (AcyValue) ((guint64) i->src.imm << i->src.shift)));
          return !run->dead;
        }
      a = read_reg (&c, &i->src.reg, 0);
      w = write_reg (&c, &i->rd, a.v);
      iico (&c, a.ev, w);
      return !run->dead;
    case ACY_A64_ALU:
    case ACY_A64_CMP:
      return exec_alu (&c);
    case ACY_A64_CSEL:
      return exec_csel (&c);
    case ACY_A64_UNARY:
      return exec_unary (&c);
    case ACY_A64_MADD:
      return exec_madd (&c);
    case ACY_A64_MOVK:
      return exec_movk (&c);
    case ACY_A64_TBZ:
      a = read_reg (&c, &i->rn, 0);
      evs[0] = a.ev;
      branch_event (&c, evs);
      next->flow = ACY_ASM_BRANCH;
      next->label = i->label;
      next->cond = op_k (&c, i->nz ? ACY_LOP_NE : ACY_LOP_EQ,
                         op_k (&c, ACY_LOP_AND, op_k (&c, ACY_LOP_SHR, a.v, i->bit), 1), 0);
      return !run->dead;
    case ACY_A64_LDR:
      return exec_ldr (&c);
    case ACY_A64_STR:
      return exec_str (&c);
    case ACY_A64_STXR:
      return exec_stxr (&c);
    case ACY_A64_CAS:
      return exec_cas (&c);
    case ACY_A64_SWP:
    case ACY_A64_LDOP:
      return exec_amo (&c);
    case ACY_A64_FENCE:
      acy_run_fence (run, ACY_EV_F, (gint) i->fence, at);
      return !run->dead;
    case ACY_A64_B:
      next->flow = ACY_ASM_JUMP;
      next->label = i->label;
      return TRUE;
    case ACY_A64_BCOND:
      v = condition (&c, i->cond, evs);
      branch_event (&c, evs);
      next->flow = ACY_ASM_BRANCH;
      next->label = i->label;
      next->cond = v;
      return !run->dead;
    case ACY_A64_CBZ:
      a = read_reg (&c, &i->rn, 0);
      evs[0] = a.ev;
      branch_event (&c, evs);
      next->flow = ACY_ASM_BRANCH;
      next->label = i->label;
      next->cond = op_k (&c, i->nz ? ACY_LOP_NE : ACY_LOP_EQ, a.v, 0);
      return !run->dead;
    }
  return TRUE;
}

gboolean
acy_a64_exec_instr (AcyRun *run, gconstpointer instr, AcyLoc at, AcyAsmNext *next)
{
  const AcyA64Instr *i = instr;
  gboolean ok = exec_instr (run, instr, at, next);

  /* herd builds the code with the values of the registers it knows (a
   * constant moved or computed into one): a branch on them is decided
   * there, and going round a loop that way is not counted (L028) */
  next->known = ok && next->flow == ACY_ASM_BRANCH && next->cond.s != NULL
                && next->cond.s->kind == ACY_SYM_CONST
                && !((i->op == ACY_A64_CBZ || i->op == ACY_A64_TBZ) && i->rn.reg >= 0 && i->rn.reg < 64
                     && (run->regs_unknown & ((guint64) 1 << i->rn.reg)));
  return ok;
}

const AcyAsmArch acy_aarch64_arch = {
  .name = "AArch64",
  .default_model = "aarch64.cat",
  .wide_values = TRUE,
  .reg_canonical = acy_a64_reg_canonical,
  .reg_rank = acy_a64_reg_rank,
  .parse_instr = acy_a64_parse_instr,
  .prefixes = NULL,
  .dump_instr = acy_a64_dump_instr,
  .jump_label = acy_a64_jump_label,
  .exec_instr = acy_a64_exec_instr,
  .event_sets = acy_a64_event_sets,
};
