/* acy-aarch64-parse.c - reading and printing AArch64 instructions as herd does
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A cell's tokens (acy-asm-test.c) to an AcyA64Instr, and back to the
 * text herd prints for it (`LDR W0,[X1]`: operands without spaces,
 * immediates with '#', a zero offset left out), from which Hash= is
 * computed. Registers are herd's: X0..X30 and their 32-bit halves
 * W0..W30 (one register: herd prints X0 in states), XZR/WZR.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "acy-aarch64.h"

const char *const acy_a64_event_sets[] = {
  "Rreg", "Wreg", "ADDR", "DATA", "B", "BCC", "PRED", "Q", "L", "EX", "NoRet",
  "DMB.SY", "DMB.ST", "DMB.LD", "DMB.ISH", "DMB.ISHST", "DMB.ISHLD",
  "DMB.NSH", "DMB.NSHST", "DMB.NSHLD", "DMB.OSH", "DMB.OSHST", "DMB.OSHLD",
  "DSB.SY", "DSB.ST", "DSB.LD", "DSB.ISH", "DSB.ISHST", "DSB.ISHLD",
  "DSB.NSH", "DSB.NSHST", "DSB.NSHLD", "DSB.OSH", "DSB.OSHST", "DSB.OSHLD",
  "ISB",
  NULL
};

static const char *const cond_names[] = {
  "EQ", "NE", "CS", "CC", "MI", "PL", "VS", "VC", "HI", "LS", "GE", "LT", "GT", "LE", "AL",
};

/* The barrier options in the order of acy_a64_event_sets after DMB. */
static const char *const fence_options[] = {
  "SY", "ST", "LD", "ISH", "ISHST", "ISHLD", "NSH", "NSHST", "NSHLD", "OSH", "OSHST", "OSHLD",
};

/* herd's names of registers: X0..X30 (W0..W30 are their halves) */
static gint
reg_number (const char *name, gboolean *wide)
{
  char *end;
  long n;

  if ((name[0] != 'X' && name[0] != 'W' && name[0] != 'x' && name[0] != 'w')
      || !g_ascii_isdigit (name[1]))
    return -1;
  n = strtol (name + 1, &end, 10);
  if (*end != '\0' || n < 0 || n > 30 || (name[1] == '0' && name[2] != '\0'))
    return -1;
  if (wide)
    *wide = name[0] == 'X' || name[0] == 'x';
  return (gint) n;
}

const char *
acy_a64_reg_canonical (const char *name)
{
  static const char *const names[] = {
    "X0", "X1", "X2", "X3", "X4", "X5", "X6", "X7", "X8", "X9", "X10", "X11", "X12", "X13",
    "X14", "X15", "X16", "X17", "X18", "X19", "X20", "X21", "X22", "X23", "X24", "X25",
    "X26", "X27", "X28", "X29", "X30",
  };
  gint n = reg_number (name, NULL);

  /* a condition may name the zero register (0:XZR=0), which holds 0 */
  if (g_ascii_strcasecmp (name, "XZR") == 0 || g_ascii_strcasecmp (name, "WZR") == 0)
    return "XZR";
  if (g_ascii_strcasecmp (name, "SP") == 0)
    return "SP";
  return n >= 0 ? names[n] : NULL;
}

/* herd's order of registers in a state: XZR, X0, X1, ... */
guint
acy_a64_reg_rank (const char *canonical)
{
  gint n = reg_number (canonical, NULL);

  if (strcmp (canonical, "XZR") == 0)
    return 0;
  if (strcmp (canonical, "SP") == 0)
    return 32;
  return n >= 0 ? (guint) n + 1 : 1000;
}

typedef struct {
  AcyAsmParse       *ps;
  const AcyAsmToken *toks;
  guint              n, pos;
  GError           **error;
} Cur;

static const AcyAsmToken *
cur (Cur *c)
{
  static const AcyAsmToken end = { ACY_ATOK_EOF, "end of the instruction", 0, { NULL, 0, 0 } };

  return c->pos < c->n ? &c->toks[c->pos] : &end;
}

static gboolean
fail (Cur *c, const AcyAsmToken *t, const char *what)
{
  AcyLoc at = t->kind == ACY_ATOK_EOF ? c->toks[c->n - 1].loc : t->loc;

  acy_set_error_at (c->error, ACY_ERROR_SYNTAX, at, "%s near '%s'", what, t->text);
  return FALSE;
}

static gboolean
punct (Cur *c, const char *p)
{
  if (!acy_asm_tok_is (cur (c), p))
    return fail (c, cur (c), "unexpected token (in prog)");
  c->pos++;
  return TRUE;
}

static gboolean
at_punct (Cur *c, const char *p)
{
  return acy_asm_tok_is (cur (c), p);
}

/* reg: Xn | Wn | XZR | WZR */
static gboolean
reg (Cur *c, AcyA64Reg *r)
{
  const AcyAsmToken *t = cur (c);
  gint n;

  if (t->kind != ACY_ATOK_NAME)
    return fail (c, t, "unexpected token (in prog)");
  if (g_ascii_strcasecmp (t->text, "XZR") == 0 || g_ascii_strcasecmp (t->text, "WZR") == 0)
    {
      r->reg = ACY_A64_ZR;
      r->wide = g_ascii_toupper (t->text[0]) == 'X';
    }
  else if (g_ascii_strcasecmp (t->text, "SP") == 0)
    {
      /* the stack pointer: a register of its own (herd's SP) */
      r->reg = acy_asm_thread_reg (c->ps, "SP");
      r->num = ACY_A64_SP;
      r->wide = TRUE;
    }
  else if ((n = reg_number (t->text, &r->wide)) >= 0)
    {
      r->reg = acy_asm_thread_reg (c->ps, acy_a64_reg_canonical (t->text));
      r->num = n;
    }
  else if ((t->text[0] == 'C' || t->text[0] == 'c') && g_ascii_isdigit (t->text[1]))
    {
      acy_set_error_at (c->error, ACY_ERROR_UNSUPPORTED, t->loc,
                        "capability registers (%s, herd's -variant morello) are not supported "
                        "near '%s'", t->text, t->text);
      return FALSE;
    }
  else
    return fail (c, t, "unexpected token (in prog)");
  c->pos++;
  return TRUE;
}

/* An immediate: herd's '#' before it is optional (`MOV W0,2`) */
static gboolean
is_imm (const AcyAsmToken *t)
{
  return t->kind == ACY_ATOK_IMM || t->kind == ACY_ATOK_NUM;
}

static gboolean
imm (Cur *c, gint64 *k)
{
  const AcyAsmToken *t = cur (c);

  if (!is_imm (t))
    return fail (c, t, "unexpected token (in prog)");
  *k = t->value;
  c->pos++;
  return TRUE;
}

static const char *const ext_names[] = {
  NULL, "SXTW", "UXTW", "LSL", "SXTX", "LSR", "ASR", "SXTB", "SXTH", "UXTB", "UXTH",
};

/* ext: SXTW | UXTW | SXTX | LSL #k | LSR #k | ASR #k (after a ','; the
 * '#' may be left out), 0 when none */
static gboolean
ext (Cur *c, guint *kind, guint *shift)
{
  const AcyAsmToken *t;
  const char *const *names = ext_names;

  *kind = 0;
  *shift = 0;
  if (!at_punct (c, ","))
    return TRUE;
  c->pos++;
  t = cur (c);
  for (guint i = 1; i < G_N_ELEMENTS (ext_names); i++)
    if (t->kind == ACY_ATOK_NAME && g_ascii_strcasecmp (t->text, names[i]) == 0)
      {
        gint64 k = 0;

        *kind = i;
        c->pos++;
        if (is_imm (cur (c)) && !imm (c, &k))
          return FALSE;
        if (k < 0 || k > 63)
          return fail (c, &c->toks[c->pos - 1], "unexpected token (in prog)");
        *shift = (guint) k;
        return TRUE;
      }
  return fail (c, t, "unexpected token (in prog)");
}

/* addr: '[' reg (',' (#k | reg ext?))? ']' */
static gboolean
addr (Cur *c, AcyA64Addr *a)
{
  memset (a, 0, sizeof *a);
  if (!punct (c, "[") || !reg (c, &a->base))
    return FALSE;
  if (at_punct (c, ","))
    {
      c->pos++;
      if (is_imm (cur (c)))
        {
          if (!imm (c, &a->offset))
            return FALSE;
        }
      else
        {
          a->has_index = TRUE;
          if (!reg (c, &a->index) || !ext (c, &a->ext, &a->shift))
            return FALSE;
        }
    }
  if (!punct (c, "]"))
    return FALSE;
  /* [xn],#k: post-indexed */
  if (!a->has_index && a->offset == 0 && at_punct (c, ",") && c->pos + 1 < c->n
      && is_imm (&c->toks[c->pos + 1]))
    {
      c->pos++;
      a->post = TRUE;
      return imm (c, &a->offset);
    }
  return TRUE;
}

/* opnd: #k | reg ext? */
static gboolean
opnd (Cur *c, AcyA64Opnd *o)
{
  memset (o, 0, sizeof *o);
  if (is_imm (cur (c)))
    {
      o->is_imm = TRUE;
      if (!imm (c, &o->imm) || !ext (c, &o->ext, &o->shift))
        return FALSE;
      if (o->ext != ACY_A64_X_NONE && o->ext != ACY_A64_X_LSL)
        return fail (c, &c->toks[c->pos - 1], "unexpected token (in prog)");
      return TRUE;
    }
  return reg (c, &o->reg) && ext (c, &o->ext, &o->shift);
}

static gboolean
label (Cur *c, const char **l)
{
  const AcyAsmToken *t = cur (c);

  if (t->kind != ACY_ATOK_NAME && t->kind != ACY_ATOK_PROC && t->kind != ACY_ATOK_NUM)
    return fail (c, t, "unexpected token (in prog)");
  *l = t->text;
  c->pos++;
  return TRUE;
}

static gboolean
comma (Cur *c)
{
  return punct (c, ",");
}

static gint
find_cond (const char *s)
{
  for (guint i = 0; i < G_N_ELEMENTS (cond_names); i++)
    if (g_ascii_strcasecmp (s, cond_names[i]) == 0)
      return (gint) i;
  return -1;
}

static gboolean
cond (Cur *c, AcyA64Cond *out)
{
  const AcyAsmToken *t = cur (c);
  gint k = t->kind == ACY_ATOK_NAME ? find_cond (t->text) : -1;

  if (k < 0)
    return fail (c, t, "unexpected token (in prog)");
  *out = (AcyA64Cond) k;
  c->pos++;
  return TRUE;
}

/* A load's mnemonic: LDR LDRB LDRH LDRSW LDAR LDARB LDARH LDAPR LDXR
 * LDAXR (and B/H forms): its size, ordering and exclusivity */
static gboolean
load_form (const char *m, AcyA64Instr *i)
{
  static const struct { const char *name; AcyA64Order order; gboolean ex; } forms[] = {
    { "LDR", ACY_A64_PLAIN, FALSE }, { "LDUR", ACY_A64_PLAIN, FALSE }, { "LDAR", ACY_A64_ACQ, FALSE },
    { "LDAPR", ACY_A64_ACQ_PC, FALSE }, { "LDXR", ACY_A64_PLAIN, TRUE },
    { "LDAXR", ACY_A64_ACQ, TRUE },
  };

  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    {
      gsize len = strlen (forms[f].name);

      if (strncmp (m, forms[f].name, len) != 0)
        continue;
      i->order = forms[f].order;
      i->exclusive = forms[f].ex;
      i->size = 0;
      if (m[len] == '\0')
        return TRUE;
      if (strcmp (m + len, "B") == 0)
        i->size = 1;
      else if (strcmp (m + len, "H") == 0)
        i->size = 2;
      else if (f == 0 && strcmp (m + len, "SW") == 0)
        i->size = 4, i->sign = TRUE;
      else if (f == 0 && (strcmp (m + len, "SB") == 0 || strcmp (m + len, "SH") == 0))
        i->size = m[len + 1] == 'B' ? 1 : 2, i->sign = TRUE;
      else
        continue;
      return TRUE;
    }
  return FALSE;
}

static gboolean
store_form (const char *m, AcyA64Instr *i)
{
  static const struct { const char *name; AcyA64Order order; } forms[] = {
    { "STR", ACY_A64_PLAIN }, { "STLR", ACY_A64_REL },
  };

  for (guint f = 0; f < G_N_ELEMENTS (forms); f++)
    {
      gsize len = strlen (forms[f].name);

      if (strncmp (m, forms[f].name, len) != 0)
        continue;
      i->order = forms[f].order;
      i->size = 0;
      if (m[len] == '\0')
        return TRUE;
      if (strcmp (m + len, "B") == 0)
        i->size = 1;
      else if (strcmp (m + len, "H") == 0)
        i->size = 2;
      else
        continue;
      return TRUE;
    }
  return FALSE;
}

/* The A, L, AL suffix of an atomic's mnemonic after @stem, then B/H */
static gboolean
atomic_suffix (const char *m, const char *stem, AcyA64Instr *i)
{
  gsize len = strlen (stem);
  const char *s = m + len;

  if (strncmp (m, stem, len) != 0)
    return FALSE;
  i->order = ACY_A64_PLAIN;
  if (strncmp (s, "AL", 2) == 0)
    i->order = ACY_A64_ACQ_REL, s += 2;
  else if (*s == 'A')
    i->order = ACY_A64_ACQ, s++;
  else if (*s == 'L')
    i->order = ACY_A64_REL, s++;
  i->size = 0;
  if (*s == '\0')
    return TRUE;
  if (strcmp (s, "B") == 0)
    return (i->size = 1), TRUE;
  if (strcmp (s, "H") == 0)
    return (i->size = 2), TRUE;
  return FALSE;
}

static const char *const ldop_stems[] = { "ADD", "EOR", "SET", "CLR" };

static gboolean
parse (Cur *c, AcyA64Instr *i)
{
  const AcyAsmToken *t = cur (c);
  g_autofree char *m = NULL;

  if (t->kind != ACY_ATOK_NAME)
    return fail (c, t, "unexpected token (in prog)");
  m = g_ascii_strup (t->text, -1);
  i->mnemonic = acy_arena_strdup (c->ps->arena, m);
  c->pos++;
  i->flag_n = i->flag_z = i->flag_c = i->flag_v = i->res = -1;

  if (strcmp (m, "NOP") == 0)
    i->op = ACY_A64_NOP;
  else if (strcmp (m, "MOV") == 0 || strcmp (m, "MOVZ") == 0)
    {
      i->op = m[3] == 'Z' ? ACY_A64_MOVZ : ACY_A64_MOV;
      if (!reg (c, &i->rd) || !comma (c) || !opnd (c, &i->src))
        return FALSE;
      if (i->op == ACY_A64_MOVZ && !i->src.is_imm)
        return fail (c, cur (c), "unexpected token (in prog)");
    }
  else if (strcmp (m, "ADD") == 0 || strcmp (m, "SUB") == 0 || strcmp (m, "EOR") == 0
           || strcmp (m, "AND") == 0 || strcmp (m, "ORR") == 0 || strcmp (m, "ADDS") == 0
           || strcmp (m, "SUBS") == 0 || strcmp (m, "ANDS") == 0 || strcmp (m, "ORN") == 0
           || strcmp (m, "EON") == 0 || strcmp (m, "BIC") == 0 || strcmp (m, "BICS") == 0)
    {
      static const struct { const char *name; AcyA64AluOp op; } alus[] = {
        { "ADD", ACY_A64_ADD }, { "SUB", ACY_A64_SUB }, { "EOR", ACY_A64_EOR },
        { "AND", ACY_A64_AND }, { "ORR", ACY_A64_ORR }, { "ORN", ACY_A64_ORN },
        { "EON", ACY_A64_EON }, { "BIC", ACY_A64_BIC },
      };

      i->op = ACY_A64_ALU;
      for (guint k = 0; k < G_N_ELEMENTS (alus); k++)
        if (strncmp (m, alus[k].name, 3) == 0)
          i->alu = alus[k].op;
      i->flags = m[3] == 'S';
      if (!reg (c, &i->rd) || !comma (c) || !reg (c, &i->rn) || !comma (c) || !opnd (c, &i->src))
        return FALSE;
    }
  else if (strcmp (m, "LSL") == 0 || strcmp (m, "LSR") == 0 || strcmp (m, "ASR") == 0
           || strcmp (m, "MUL") == 0)
    {
      i->op = ACY_A64_ALU;
      i->alu = m[0] == 'M' ? ACY_A64_MUL : m[1] == 'S' && m[2] == 'L' ? ACY_A64_LSL
               : m[0] == 'L' ? ACY_A64_LSR : ACY_A64_ASR;
      if (!reg (c, &i->rd) || !comma (c) || !reg (c, &i->rn) || !comma (c) || !opnd (c, &i->src))
        return FALSE;
      if (i->src.ext != ACY_A64_X_NONE || (i->alu == ACY_A64_MUL && i->src.is_imm))
        return fail (c, &c->toks[c->pos - 1], "unexpected token (in prog)");
    }
  else if (strcmp (m, "MADD") == 0 || strcmp (m, "MSUB") == 0 || strcmp (m, "MNEG") == 0)
    {
      i->op = ACY_A64_MADD;
      i->alu = m[1] == 'A' ? ACY_A64_ADD : ACY_A64_SUB;
      if (!reg (c, &i->rd) || !comma (c) || !reg (c, &i->rn) || !comma (c) || !reg (c, &i->src.reg))
        return FALSE;
      if (m[1] == 'N')
        i->rs.reg = ACY_A64_ZR, i->rs.wide = i->rd.wide;
      else if (!comma (c) || !reg (c, &i->rs))
        return FALSE;
    }
  else if (strcmp (m, "NEG") == 0 || strcmp (m, "MVN") == 0 || strcmp (m, "SXTW") == 0
           || strcmp (m, "ABS") == 0)
    {
      i->op = ACY_A64_UNARY;
      i->alu = m[0] == 'N' ? ACY_A64_NEG : m[0] == 'M' ? ACY_A64_MVN
               : m[0] == 'A' ? ACY_A64_ABS : ACY_A64_SXTW;
      if (!reg (c, &i->rd) || !comma (c) || !reg (c, &i->src.reg))
        return FALSE;
      /* NEG W2,W1,LSL #2 */
      if ((i->alu == ACY_A64_NEG || i->alu == ACY_A64_MVN) && !ext (c, &i->src.ext, &i->src.shift))
        return FALSE;
    }
  else if (strcmp (m, "MOVK") == 0)
    {
      i->op = ACY_A64_MOVK;
      if (!reg (c, &i->rd) || !comma (c) || !opnd (c, &i->src))
        return FALSE;
      if (!i->src.is_imm)
        return fail (c, cur (c), "unexpected token (in prog)");
    }
  else if (strcmp (m, "TBZ") == 0 || strcmp (m, "TBNZ") == 0)
    {
      gint64 b;

      i->op = ACY_A64_TBZ;
      i->nz = m[2] == 'N';
      if (!reg (c, &i->rn) || !comma (c) || !imm (c, &b) || !comma (c) || !label (c, &i->label))
        return FALSE;
      if (b < 0 || b > 63)
        return fail (c, &c->toks[c->pos - 3], "unexpected token (in prog)");
      i->bit = (guint) b;
    }
  else if (strcmp (m, "CMP") == 0 || strcmp (m, "TST") == 0)
    {
      i->op = ACY_A64_CMP;
      i->alu = m[0] == 'C' ? ACY_A64_SUB : ACY_A64_AND;
      i->flags = TRUE;
      if (!reg (c, &i->rn) || !comma (c) || !opnd (c, &i->src))
        return FALSE;
      i->rd.reg = ACY_A64_ZR;
      i->rd.wide = i->rn.wide;
    }
  else if (strcmp (m, "CSEL") == 0 || strcmp (m, "CSINC") == 0 || strcmp (m, "CSINV") == 0
           || strcmp (m, "CSNEG") == 0)
    {
      i->op = ACY_A64_CSEL;
      i->sel = strcmp (m, "CSEL") == 0 ? ACY_A64_SEL : strcmp (m, "CSINC") == 0 ? ACY_A64_SINC
               : strcmp (m, "CSINV") == 0 ? ACY_A64_SINV : ACY_A64_SNEG;
      if (!reg (c, &i->rd) || !comma (c) || !reg (c, &i->rn) || !comma (c) || !reg (c, &i->src.reg)
          || !comma (c) || !cond (c, &i->cond))
        return FALSE;
    }
  else if (strcmp (m, "CSET") == 0 || strcmp (m, "CSETM") == 0)
    {
      /* herd's CSINC rd, ZR, ZR, !cond (CSINV for CSETM) */
      i->op = ACY_A64_CSEL;
      i->sel = m[4] == 'M' ? ACY_A64_SINV : ACY_A64_SINC;
      if (!reg (c, &i->rd) || !comma (c) || !cond (c, &i->cond))
        return FALSE;
      i->cond ^= 1;
      i->rn.reg = i->src.reg.reg = ACY_A64_ZR;
      i->rn.wide = i->src.reg.wide = i->rd.wide;
    }
  else if (load_form (m, i))
    {
      i->op = ACY_A64_LDR;
      if (!reg (c, &i->rd) || !comma (c) || !addr (c, &i->addr))
        return FALSE;
      if (i->order != ACY_A64_PLAIN || i->exclusive)
        {
          if (i->addr.has_index || i->addr.offset != 0 || i->addr.post)
            return fail (c, &c->toks[c->pos - 1], "unexpected token (in prog)");
        }
    }
  else if (store_form (m, i))
    {
      i->op = ACY_A64_STR;
      if (!reg (c, &i->rd) || !comma (c) || !addr (c, &i->addr))
        return FALSE;
      if (i->order != ACY_A64_PLAIN && (i->addr.has_index || i->addr.offset != 0 || i->addr.post))
        return fail (c, &c->toks[c->pos - 1], "unexpected token (in prog)");
    }
  else if (strcmp (m, "STXR") == 0 || strcmp (m, "STLXR") == 0 || strcmp (m, "STXRB") == 0
           || strcmp (m, "STXRH") == 0 || strcmp (m, "STLXRB") == 0 || strcmp (m, "STLXRH") == 0)
    {
      const char *last = m + strlen (m) - 1;

      i->op = ACY_A64_STXR;
      i->exclusive = TRUE;
      i->order = m[2] == 'L' ? ACY_A64_REL : ACY_A64_PLAIN;
      i->size = *last == 'B' ? 1 : *last == 'H' ? 2 : 0;
      if (!reg (c, &i->rs) || !comma (c) || !reg (c, &i->rd) || !comma (c) || !addr (c, &i->addr))
        return FALSE;
    }
  else if (atomic_suffix (m, "CAS", i) || atomic_suffix (m, "SWP", i))
    {
      i->op = m[0] == 'C' ? ACY_A64_CAS : ACY_A64_SWP;
      if (!reg (c, &i->rs) || !comma (c) || !reg (c, &i->rd) || !comma (c) || !addr (c, &i->addr))
        return FALSE;
    }
  else if (strncmp (m, "LD", 2) == 0 || strncmp (m, "ST", 2) == 0)
    {
      gboolean found = FALSE;
      char stem[8];

      for (guint k = 0; k < G_N_ELEMENTS (ldop_stems) && !found; k++)
        {
          g_snprintf (stem, sizeof stem, "%c%c%s", m[0], m[1], ldop_stems[k]);
          if (atomic_suffix (m, stem, i))
            found = TRUE, i->alu = (AcyA64AluOp) k;
        }
      if (!found || (m[0] == 'S' && (i->order == ACY_A64_ACQ || i->order == ACY_A64_ACQ_REL)))
        {
          acy_set_error_at (c->error, ACY_ERROR_UNSUPPORTED, t->loc,
                            "instruction %s is not supported near '%s'", m, t->text);
          return FALSE;
        }
      i->op = ACY_A64_LDOP;
      if (!reg (c, &i->rs) || !comma (c))
        return FALSE;
      if (m[0] == 'S')
        i->rd.reg = ACY_A64_ZR;
      else if (!reg (c, &i->rd) || !comma (c))
        return FALSE;
      if (!addr (c, &i->addr))
        return FALSE;
      i->rd.wide = i->rs.wide;
    }
  else if (strcmp (m, "DMB") == 0 || strcmp (m, "DSB") == 0)
    {
      const AcyAsmToken *o = cur (c);
      gint k = -1;

      i->op = ACY_A64_FENCE;
      for (guint f = 0; f < G_N_ELEMENTS (fence_options) && o->kind == ACY_ATOK_NAME; f++)
        if (g_ascii_strcasecmp (o->text, fence_options[f]) == 0)
          k = (gint) f;
      if (k < 0)
        return fail (c, o, "unexpected token (in prog)");
      c->pos++;
      i->fence = ACY_A64_T_DMB_SY + (m[1] == 'S' ? 12 : 0) + (guint) k;
    }
  else if (strcmp (m, "ISB") == 0)
    {
      i->op = ACY_A64_FENCE;
      i->fence = ACY_A64_T_ISB;
    }
  else if (strcmp (m, "B") == 0)
    {
      i->op = ACY_A64_B;
      if (!label (c, &i->label))
        return FALSE;
    }
  else if (strncmp (m, "B.", 2) == 0 && find_cond (m + 2) >= 0)
    {
      i->op = ACY_A64_BCOND;
      i->cond = (AcyA64Cond) find_cond (m + 2);
      if (!label (c, &i->label))
        return FALSE;
    }
  else if (strcmp (m, "CBZ") == 0 || strcmp (m, "CBNZ") == 0)
    {
      i->op = ACY_A64_CBZ;
      i->nz = m[2] == 'N';
      if (!reg (c, &i->rn) || !comma (c) || !label (c, &i->label))
        return FALSE;
    }
  else
    {
      acy_set_error_at (c->error, ACY_ERROR_UNSUPPORTED, t->loc,
                        "instruction %s is not supported near '%s'", m, t->text);
      return FALSE;
    }
  if (c->pos < c->n)
    return fail (c, cur (c), "unexpected token (in prog)");

  /* the sizes: of a load or store, its register's unless B, H, SW */
  if (i->size == 0)
    i->size = i->rd.wide ? 8 : 4;
  if (i->op == ACY_A64_CMP || i->op == ACY_A64_ALU || i->op == ACY_A64_CSEL)
    {
      i->flag_n = acy_asm_thread_reg (c->ps, "PSTATE.N");
      i->flag_z = acy_asm_thread_reg (c->ps, "PSTATE.Z");
      i->flag_c = acy_asm_thread_reg (c->ps, "PSTATE.C");
      i->flag_v = acy_asm_thread_reg (c->ps, "PSTATE.V");
    }
  if (i->op == ACY_A64_BCOND)
    {
      i->flag_n = acy_asm_thread_reg (c->ps, "PSTATE.N");
      i->flag_z = acy_asm_thread_reg (c->ps, "PSTATE.Z");
      i->flag_c = acy_asm_thread_reg (c->ps, "PSTATE.C");
      i->flag_v = acy_asm_thread_reg (c->ps, "PSTATE.V");
    }
  if (i->exclusive)
    i->res = acy_asm_thread_reg (c->ps, "Res");
  return TRUE;
}

gconstpointer
acy_a64_parse_instr (AcyAsmParse *ps, const AcyAsmToken *toks, guint n, GError **error)
{
  AcyA64Instr *i = acy_arena_new0 (ps->arena, AcyA64Instr);
  Cur c = { ps, toks, n, 0, error };

  if (!parse (&c, i))
    return NULL;
  return i;
}

const char *
acy_a64_jump_label (gconstpointer instr)
{
  const AcyA64Instr *i = instr;

  return i->op == ACY_A64_B || i->op == ACY_A64_BCOND || i->op == ACY_A64_CBZ
         || i->op == ACY_A64_TBZ ? i->label : NULL;
}

/* ---- printing, as herd does ---- */

static void
put_reg (GString *s, const AcyA64Reg *r, gboolean wide)
{
  if (r->reg == ACY_A64_ZR)
    g_string_append (s, wide ? "XZR" : "WZR");
  else if (r->num == ACY_A64_SP)
    g_string_append (s, wide ? "SP" : "WSP");
  else
    g_string_append_printf (s, "%c%d", wide ? 'X' : 'W', r->num);
}

/* herd prints a shift by 0 not at all, an extension (SXTW) without
 * its shift when that is 0 */
static void
put_ext (GString *s, guint ext, guint shift)
{
  if (ext == ACY_A64_X_NONE)
    return;
  if ((ext == ACY_A64_X_LSL || ext == ACY_A64_X_LSR || ext == ACY_A64_X_ASR) && shift == 0)
    return;
  g_string_append_printf (s, ",%s", ext_names[ext]);
  if (shift != 0)
    g_string_append_printf (s, " #%u", shift);
}

static void
put_addr (GString *s, const AcyA64Addr *a)
{
  g_string_append_c (s, '[');
  put_reg (s, &a->base, TRUE);
  if (a->has_index)
    {
      g_string_append_c (s, ',');
      put_reg (s, &a->index, a->index.wide);
      put_ext (s, a->ext, a->shift);
    }
  else if (a->offset != 0 && !a->post)
    g_string_append_printf (s, ",#%" G_GINT64_FORMAT, a->offset);
  g_string_append_c (s, ']');
  /* herd's printing for Hash= (its "compat" one): no comma */
  if (a->post)
    g_string_append_printf (s, "#%" G_GINT64_FORMAT, a->offset);
}

static void
put_opnd (GString *s, const AcyA64Opnd *o, gboolean wide)
{
  if (o->is_imm)
    {
      g_string_append_printf (s, "#%" G_GINT64_FORMAT, o->imm);
      put_ext (s, o->ext, o->shift);
    }
  else
    {
      put_reg (s, &o->reg, o->ext == ACY_A64_X_SXTW || o->ext == ACY_A64_X_UXTW
                           || o->ext >= ACY_A64_X_SXTB ? FALSE : wide);
      put_ext (s, o->ext, o->shift);
    }
}

char *
acy_a64_dump_instr (gconstpointer instr, GHashTable *labels)
{
  const AcyA64Instr *i = instr;
  GString *s = g_string_new (NULL);
  const char *label = i->label;

  if (label && labels && g_hash_table_lookup (labels, label))
    label = g_hash_table_lookup (labels, label);
  switch (i->op)
    {
    case ACY_A64_NOP:
      g_string_append (s, "NOP");
      break;
    case ACY_A64_MOV:
      g_string_append_printf (s, "%s ", i->mnemonic);
      put_reg (s, &i->rd, i->rd.wide);
      g_string_append_c (s, ',');
      put_opnd (s, &i->src, i->rd.wide);
      break;
    case ACY_A64_MOVZ:
    case ACY_A64_MOVK:
      /* herd prints MOVZ's and MOVK's shift after two commas */
      g_string_append_printf (s, "%s ", i->mnemonic);
      put_reg (s, &i->rd, i->rd.wide);
      g_string_append_printf (s, ",#%" G_GINT64_FORMAT, i->src.imm);
      if (i->src.ext == ACY_A64_X_LSL)
        g_string_append_printf (s, ",,LSL #%u", i->src.shift);
      break;
    case ACY_A64_MADD:
      /* herd prints MSUB with ZR as MNEG (and MADD with ZR as MUL) */
      g_string_append_printf (s, "%s ", i->rs.reg == ACY_A64_ZR ? (i->alu == ACY_A64_ADD ? "MUL" : "MNEG")
                                                             : i->mnemonic);
      put_reg (s, &i->rd, i->rd.wide);
      g_string_append_c (s, ',');
      put_reg (s, &i->rn, i->rd.wide);
      g_string_append_c (s, ',');
      put_reg (s, &i->src.reg, i->rd.wide);
      if (i->rs.reg != ACY_A64_ZR)
        {
          g_string_append_c (s, ',');
          put_reg (s, &i->rs, i->rd.wide);
        }
      break;
    case ACY_A64_UNARY:
      if (i->alu == ACY_A64_NEG)
        {
          /* herd reads NEG as SUB from the zero register, and prints it so */
          g_string_append (s, "SUB ");
          put_reg (s, &i->rd, i->rd.wide);
          g_string_append (s, i->rd.wide ? ",XZR," : ",WZR,");
          put_reg (s, &i->src.reg, i->rd.wide);
          put_ext (s, i->src.ext, i->src.shift);
          break;
        }
      g_string_append_printf (s, "%s ", i->mnemonic);
      put_reg (s, &i->rd, i->rd.wide);
      g_string_append_c (s, ',');
      put_reg (s, &i->src.reg, i->alu == ACY_A64_SXTW ? FALSE : i->rd.wide);
      put_ext (s, i->src.ext, i->src.shift);
      break;
    case ACY_A64_TBZ:
      g_string_append_printf (s, "%s ", i->mnemonic);
      put_reg (s, &i->rn, i->rn.wide);
      g_string_append_printf (s, ",#%u,%s", i->bit, label);
      break;
    case ACY_A64_ALU:
    case ACY_A64_CMP:
      /* herd prints SUBS and ANDS to the zero register as CMP and TST */
      if (i->op == ACY_A64_ALU && i->flags && i->rd.reg == ACY_A64_ZR
          && (i->alu == ACY_A64_SUB || i->alu == ACY_A64_AND))
        g_string_append (s, i->alu == ACY_A64_SUB ? "CMP " : "TST ");
      else
        g_string_append_printf (s, "%s ", i->mnemonic);
      if (i->op == ACY_A64_ALU && !(i->flags && i->rd.reg == ACY_A64_ZR
                                    && (i->alu == ACY_A64_SUB || i->alu == ACY_A64_AND)))
        {
          put_reg (s, &i->rd, i->rd.wide);
          g_string_append_c (s, ',');
        }
      put_reg (s, &i->rn, i->rn.wide);
      g_string_append_c (s, ',');
      put_opnd (s, &i->src, i->rn.wide);
      break;
    case ACY_A64_CSEL:
      if (strncmp (i->mnemonic, "CSET", 4) == 0)
        {
          g_string_append_printf (s, "%s ", i->mnemonic);
          put_reg (s, &i->rd, i->rd.wide);
          g_string_append_printf (s, ",%s", cond_names[i->cond ^ 1]);
          break;
        }
      g_string_append_printf (s, "%s ", i->mnemonic);
      put_reg (s, &i->rd, i->rd.wide);
      g_string_append_c (s, ',');
      put_reg (s, &i->rn, i->rd.wide);
      g_string_append_c (s, ',');
      put_reg (s, &i->src.reg, i->rd.wide);
      g_string_append_printf (s, ",%s", cond_names[i->cond]);
      break;
    case ACY_A64_LDR:
    case ACY_A64_STR:
      if (strcmp (i->mnemonic, "LDUR") == 0)
        {
          /* herd prints LDUR with a space after the comma */
          g_string_append (s, "LDUR ");
          put_reg (s, &i->rd, i->rd.wide);
          g_string_append (s, ", ");
          put_addr (s, &i->addr);
          break;
        }
      g_string_append_printf (s, "%s ", i->mnemonic);
      put_reg (s, &i->rd, i->rd.wide);
      g_string_append_c (s, ',');
      put_addr (s, &i->addr);
      break;
    case ACY_A64_STXR:
      g_string_append_printf (s, "%s ", i->mnemonic);
      put_reg (s, &i->rs, FALSE);
      g_string_append_c (s, ',');
      put_reg (s, &i->rd, i->rd.wide);
      g_string_append_c (s, ',');
      put_addr (s, &i->addr);
      break;
    case ACY_A64_CAS:
    case ACY_A64_SWP:
    case ACY_A64_LDOP:
      g_string_append_printf (s, "%s ", i->mnemonic);
      put_reg (s, &i->rs, i->rd.wide);
      g_string_append_c (s, ',');
      if (i->mnemonic[0] != 'S' || i->op != ACY_A64_LDOP)
        {
          put_reg (s, &i->rd, i->rd.wide);
          g_string_append_c (s, ',');
        }
      put_addr (s, &i->addr);
      break;
    case ACY_A64_FENCE:
      if (i->fence == ACY_A64_T_ISB)
        g_string_append (s, "ISB");
      else
        {
          guint k = (i->fence - ACY_A64_T_DMB_SY) % 12;

          g_string_append_printf (s, "%s %s", i->fence - ACY_A64_T_DMB_SY >= 12 ? "DSB" : "DMB",
                                  fence_options[k]);
        }
      break;
    case ACY_A64_B:
      g_string_append_printf (s, "B %s", label);
      break;
    case ACY_A64_BCOND:
      g_string_append_printf (s, "B.%s %s", cond_names[i->cond], label);
      break;
    case ACY_A64_CBZ:
      g_string_append_printf (s, "%s ", i->mnemonic);
      put_reg (s, &i->rn, i->rn.wide);
      g_string_append_printf (s, ",%s", label);
      break;
    }
  return g_string_free (s, FALSE);
}
