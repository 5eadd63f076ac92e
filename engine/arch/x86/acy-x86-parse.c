/* acy-x86-parse.c - reading and printing x86 instructions as herd does
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * X86 (herd's Intel syntax, destination first):
 *   instr := MNEMONIC ea ',' operand | ('DEC' | 'INC' | 'SETNB') ea
 *          | 'XCHG' ea ',' ea | 'CMOVC' reg ',' ea | ('JMP' | 'JE' | 'JNE') NAME
 *          | 'LOCK' ';'? instr | 'MFENCE' | 'SFENCE' | 'LFENCE'
 *   ea := REG | '[' REG ']' | '(' REG ')' | '[' NAME ']' | '[' NUM ']'
 *   operand := ea | NUM | '$' NUM
 * with upper-case registers (EAX ... EIP); a mnemonic in lower or upper
 * case (mov, MOV), as herd's lexer.
 *
 * X86_64 (AT&T syntax, source first):
 *   instr := MNEMONIC operand ',' ea | ('dec' | 'inc' | 'setnb' | 'nopl' | 'nopw') ea
 *          | 'xchg' ea ',' ea | 'cmpxchg' ea ',' reg | 'cmovc' reg ',' ea
 *          | 'movnti' reg ',' ea | 'jmp' NAME | 'jCC' NAME
 *          | 'lock' ';'? instr | 'mfence' | 'sfence' | 'lfence' | 'nop' | 'ret' | 'endbr64'
 *   ea := reg | '(' reg ')' | '[' reg ']' | k '(' reg ')' | k '[' reg ']'
 *       | k? '(' reg ',' reg ',' k ')' | reg ':' k '(' reg ',' reg ',' k ')'
 *       | '(' NAME ')' | '[' NAME ']' | '[' NUM ']'
 *   operand := ea | k | '$' NUM
 * registers %rax or rax, by part (%eax, %ax, %al, %ah), any case.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-x86.h"

/* ---- registers ---- */

typedef struct {
  const char *name;
  const char *base;    /* the register's name in a state */
  AcyX86Part  part;
} Reg;

static const Reg x64_regs[] = {
#define GPR(q, d, w, b) \
  { q, q, ACY_X86_PART_64 }, { d, q, ACY_X86_PART_32 }, { w, q, ACY_X86_PART_16 }, { b, q, ACY_X86_PART_8L }
  GPR ("rax", "eax", "ax", "al"), GPR ("rbx", "ebx", "bx", "bl"),
  GPR ("rcx", "ecx", "cx", "cl"), GPR ("rdx", "edx", "dx", "dl"),
  GPR ("rsi", "esi", "si", "sil"), GPR ("rdi", "edi", "di", "dil"),
  GPR ("rbp", "ebp", "bp", "bpl"), GPR ("rsp", "esp", "sp", "spl"),
  GPR ("r8", "r8d", "r8w", "r8b"), GPR ("r9", "r9d", "r9w", "r9b"),
  GPR ("r10", "r10d", "r10w", "r10b"), GPR ("r11", "r11d", "r11w", "r11b"),
  GPR ("r12", "r12d", "r12w", "r12b"), GPR ("r13", "r13d", "r13w", "r13b"),
  GPR ("r14", "r14d", "r14w", "r14b"), GPR ("r15", "r15d", "r15w", "r15b"),
#undef GPR
  { "ah", "rax", ACY_X86_PART_8H }, { "bh", "rbx", ACY_X86_PART_8H },
  { "ch", "rcx", ACY_X86_PART_8H }, { "dh", "rdx", ACY_X86_PART_8H },
  { "rip", "rip", ACY_X86_PART_WHOLE }, { "cs", "cs", ACY_X86_PART_WHOLE },
};

static const char *const x86_regs[] = {
  "EAX", "EBX", "ECX", "EDX", "ESI", "EDI", "EBP", "ESP", "EIP", "ZF", "SF", "CF",
};

/* herd compares X86_64's registers rip, cs, then rax, rbx, ... r15 (by
 * its type's order), X86's in the order of x86_regs */
guint
acy_x86_64_reg_rank (const char *canonical)
{
  if (strcmp (canonical, "rip") == 0)
    return 0;
  if (strcmp (canonical, "cs") == 0)
    return 1;
  for (guint i = 0; i < G_N_ELEMENTS (x64_regs); i++)
    if (x64_regs[i].part == ACY_X86_PART_64 && strcmp (x64_regs[i].name, canonical) == 0)
      return 2 + i;
  return G_MAXUINT;
}

guint
acy_x86_reg_rank (const char *canonical)
{
  for (guint i = 0; i < G_N_ELEMENTS (x86_regs); i++)
    if (strcmp (x86_regs[i], canonical) == 0)
      return i;
  return G_MAXUINT;
}

static const Reg *
x64_reg (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (x64_regs); i++)
    if (g_ascii_strcasecmp (x64_regs[i].name, name) == 0)
      return &x64_regs[i];
  return NULL;
}

const char *
acy_x86_64_reg_canonical (const char *name)
{
  const Reg *r = x64_reg (name);

  /* a state names the 64-bit registers, rip and cs only */
  return r && (r->part == ACY_X86_PART_64 || r->part == ACY_X86_PART_WHOLE) ? r->base : NULL;
}

const char *
acy_x86_reg_canonical (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (x86_regs); i++)
    if (strcmp (x86_regs[i], name) == 0)
      return x86_regs[i];
  return NULL;
}

/* ---- mnemonics ---- */

typedef enum {
  FORM_OPND_EA,   /* X86_64: operand ',' ea; X86: ea ',' operand */
  FORM_EA,        /* ea */
  FORM_EA_EA,     /* ea ',' ea */
  FORM_EA_REG,    /* ea ',' reg */
  FORM_REG_EA,    /* reg ',' ea */
  FORM_LABEL,     /* NAME */
  FORM_NONE,
  FORM_NOP_EA,    /* nopl, nopw: an operand that does nothing */
  FORM_LOCK,
  FORM_REFUSED,   /* herd7 reads it but has no semantics for it */
} Form;

typedef struct {
  const char *name;
  AcyX86Op    op;
  AcyX86Size  size;
  Form        form;
  AcyX86Cond  cond;
} Mnemonic;

#define SIZED(n, op, form) \
  { n, op, ACY_X86_SZ_NONE, form, 0 }, { n "b", op, ACY_X86_SZ_B, form, 0 }, \
  { n "w", op, ACY_X86_SZ_W, form, 0 }, { n "l", op, ACY_X86_SZ_L, form, 0 }, \
  { n "q", op, ACY_X86_SZ_Q, form, 0 }

static const Mnemonic x64_mnemonics[] = {
  SIZED ("add", ACY_X86_ADD, FORM_OPND_EA), SIZED ("xor", ACY_X86_XOR, FORM_OPND_EA),
  SIZED ("or", ACY_X86_OR, FORM_OPND_EA), SIZED ("mov", ACY_X86_MOV, FORM_OPND_EA),
  SIZED ("cmp", ACY_X86_CMP, FORM_OPND_EA), SIZED ("dec", ACY_X86_DEC, FORM_EA),
  SIZED ("inc", ACY_X86_INC, FORM_EA), SIZED ("xchg", ACY_X86_XCHG, FORM_EA_EA),
  SIZED ("uxch", ACY_X86_UXCH, FORM_EA_EA), SIZED ("cmpxchg", ACY_X86_CMPXCHG, FORM_EA_REG),
  SIZED ("cmovc", ACY_X86_CMOVC, FORM_REG_EA),
  { "and", ACY_X86_AND, ACY_X86_SZ_NONE, FORM_OPND_EA, 0 },
  { "shl", ACY_X86_SHL, ACY_X86_SZ_NONE, FORM_OPND_EA, 0 },
  { "setnb", ACY_X86_SETNB, ACY_X86_SZ_NONE, FORM_EA, 0 },
  { "movnti", ACY_X86_MOVNTI, ACY_X86_SZ_NONE, FORM_REG_EA, 0 },
  { "movntil", ACY_X86_MOVNTI, ACY_X86_SZ_L, FORM_REG_EA, 0 },
  { "movntiq", ACY_X86_MOVNTI, ACY_X86_SZ_Q, FORM_REG_EA, 0 },
  { "ret", ACY_X86_RET, ACY_X86_SZ_NONE, FORM_NONE, 0 },
  { "retq", ACY_X86_RET, ACY_X86_SZ_NONE, FORM_NONE, 0 },
  { "jmp", ACY_X86_JMP, ACY_X86_SZ_NONE, FORM_LABEL, 0 },
  { "je", ACY_X86_JCC, ACY_X86_SZ_NONE, FORM_LABEL, ACY_X86_C_EQ },
  { "jne", ACY_X86_JCC, ACY_X86_SZ_NONE, FORM_LABEL, ACY_X86_C_NE },
  { "jle", ACY_X86_JCC, ACY_X86_SZ_NONE, FORM_LABEL, ACY_X86_C_LE },
  { "jlt", ACY_X86_JCC, ACY_X86_SZ_NONE, FORM_LABEL, ACY_X86_C_LT },
  { "jgt", ACY_X86_JCC, ACY_X86_SZ_NONE, FORM_LABEL, ACY_X86_C_GT },
  { "jge", ACY_X86_JCC, ACY_X86_SZ_NONE, FORM_LABEL, ACY_X86_C_GE },
  { "js", ACY_X86_JCC, ACY_X86_SZ_NONE, FORM_LABEL, ACY_X86_C_S },
  { "jns", ACY_X86_JCC, ACY_X86_SZ_NONE, FORM_LABEL, ACY_X86_C_NS },
  { "lock", ACY_X86_NOP, ACY_X86_SZ_NONE, FORM_LOCK, 0 },
  { "mfence", ACY_X86_MFENCE, ACY_X86_SZ_NONE, FORM_NONE, 0 },
  { "lfence", ACY_X86_LFENCE, ACY_X86_SZ_NONE, FORM_NONE, 0 },
  { "sfence", ACY_X86_SFENCE, ACY_X86_SZ_NONE, FORM_NONE, 0 },
  { "nopl", ACY_X86_NOP, ACY_X86_SZ_NONE, FORM_NOP_EA, 0 },
  { "nopw", ACY_X86_NOP, ACY_X86_SZ_NONE, FORM_NOP_EA, 0 },
  { "nop", ACY_X86_NOP, ACY_X86_SZ_NONE, FORM_NONE, 0 },
  { "movd", ACY_X86_NOP, ACY_X86_SZ_NONE, FORM_REFUSED, 0 },
  { "movntdqa", ACY_X86_NOP, ACY_X86_SZ_NONE, FORM_REFUSED, 0 },
  { "clflush", ACY_X86_NOP, ACY_X86_SZ_NONE, FORM_REFUSED, 0 },
  { "clflushopt", ACY_X86_NOP, ACY_X86_SZ_NONE, FORM_REFUSED, 0 },
};

static const Mnemonic x86_mnemonics[] = {
  { "add", ACY_X86_ADD, ACY_X86_SZ_NONE, FORM_OPND_EA, 0 },
  { "xor", ACY_X86_XOR, ACY_X86_SZ_NONE, FORM_OPND_EA, 0 },
  { "or", ACY_X86_OR, ACY_X86_SZ_NONE, FORM_OPND_EA, 0 },
  { "mov", ACY_X86_MOV, ACY_X86_SZ_NONE, FORM_OPND_EA, 0 },
  { "movb", ACY_X86_MOV, ACY_X86_SZ_B, FORM_OPND_EA, 0 },
  { "movw", ACY_X86_MOV, ACY_X86_SZ_W, FORM_OPND_EA, 0 },
  { "movl", ACY_X86_MOV, ACY_X86_SZ_L, FORM_OPND_EA, 0 },
  { "movq", ACY_X86_MOV, ACY_X86_SZ_Q, FORM_OPND_EA, 0 },
  { "movt", ACY_X86_NOP, ACY_X86_SZ_NONE, FORM_REFUSED, 0 },
  { "movsd", ACY_X86_NOP, ACY_X86_SZ_NONE, FORM_REFUSED, 0 },
  { "dec", ACY_X86_DEC, ACY_X86_SZ_NONE, FORM_EA, 0 },
  { "cmp", ACY_X86_CMP, ACY_X86_SZ_NONE, FORM_OPND_EA, 0 },
  { "cmovc", ACY_X86_CMOVC, ACY_X86_SZ_NONE, FORM_REG_EA, 0 },
  { "inc", ACY_X86_INC, ACY_X86_SZ_NONE, FORM_EA, 0 },
  { "jmp", ACY_X86_JMP, ACY_X86_SZ_NONE, FORM_LABEL, 0 },
  { "je", ACY_X86_JCC, ACY_X86_SZ_NONE, FORM_LABEL, ACY_X86_C_EQ },
  { "jne", ACY_X86_JCC, ACY_X86_SZ_NONE, FORM_LABEL, ACY_X86_C_NE },
  { "lock", ACY_X86_NOP, ACY_X86_SZ_NONE, FORM_LOCK, 0 },
  { "xchg", ACY_X86_XCHG, ACY_X86_SZ_NONE, FORM_EA_EA, 0 },
  { "cmpxchg", ACY_X86_CMPXCHG, ACY_X86_SZ_NONE, FORM_REFUSED, 0 },
  { "lfence", ACY_X86_LFENCE, ACY_X86_SZ_NONE, FORM_NONE, 0 },
  { "sfence", ACY_X86_SFENCE, ACY_X86_SZ_NONE, FORM_NONE, 0 },
  { "mfence", ACY_X86_MFENCE, ACY_X86_SZ_NONE, FORM_NONE, 0 },
  { "setnb", ACY_X86_SETNB, ACY_X86_SZ_NONE, FORM_EA, 0 },
};

/* herd's lexers know a mnemonic in lower case or all in upper case */
static const Mnemonic *
find_mnemonic (const Mnemonic *table, guint n, const char *word)
{
  g_autofree char *lower = g_ascii_strdown (word, -1);
  g_autofree char *upper = g_ascii_strup (word, -1);

  if (strcmp (word, lower) != 0 && strcmp (word, upper) != 0)
    return NULL;
  for (guint i = 0; i < n; i++)
    if (strcmp (table[i].name, lower) == 0)
      {
        /* endbr64 is known in lower case only; it is a nop */
        return &table[i];
      }
  return NULL;
}

/* ---- the cursor over a cell's tokens ---- */

typedef struct {
  AcyAsmParse       *ps;
  const AcyAsmToken *toks;
  guint              n, pos;
  gboolean           att;
  GError           **error;
} Cur;

/* The token @k after the current one (-1: the one before). */
static const AcyAsmToken *
cur_peek (Cur *c, gint k)
{
  static const AcyAsmToken end = { ACY_ATOK_EOF, "end of the instruction", 0, { NULL, 0, 0 } };
  gint i = (gint) c->pos + k;

  return i >= 0 && (guint) i < c->n ? &c->toks[i] : &end;
}

static gboolean
fail (Cur *c, const AcyAsmToken *t, const char *what)
{
  AcyLoc at = t->kind == ACY_ATOK_EOF ? c->toks[c->n - 1].loc : t->loc;
  g_autofree char *near = t->kind == ACY_ATOK_REG ? g_strdup_printf ("%%%s", t->text) : g_strdup (t->text);

  acy_set_error_at (c->error, ACY_ERROR_SYNTAX, at, "%s near '%s'", what, near);
  return FALSE;
}

static gboolean
expect (Cur *c, const char *punct, const char *what)
{
  if (!acy_asm_tok_is (cur_peek (c, 0), punct))
    return fail (c, cur_peek (c, 0), what);
  c->pos++;
  return TRUE;
}

/* Whether the token is a register, and which: X86_64 takes %name and a
 * bare register name, X86 an upper-case name. */
static gboolean
token_reg (Cur *c, const AcyAsmToken *t, AcyX86Opnd *o)
{
  if (c->att)
    {
      const Reg *r;

      if (t->kind != ACY_ATOK_REG && t->kind != ACY_ATOK_NAME)
        return FALSE;
      r = x64_reg (t->text);
      if (r == NULL)
        return FALSE;
      o->reg = acy_asm_thread_reg (c->ps, r->base);
      o->part = r->part;
      o->reg_text = r->name;
      return TRUE;
    }
  if (t->kind != ACY_ATOK_NAME || acy_x86_reg_canonical (t->text) == NULL)
    return FALSE;
  o->reg = acy_asm_thread_reg (c->ps, t->text);
  o->part = ACY_X86_PART_WHOLE;
  o->reg_text = acy_x86_reg_canonical (t->text);
  return TRUE;
}

static gboolean
parse_reg (Cur *c, gint *reg, AcyX86Part *part, const char **text)
{
  const AcyAsmToken *t = cur_peek (c, 0);
  AcyX86Opnd o = { 0 };

  if (t->kind == ACY_ATOK_REG && !token_reg (c, t, &o))
    return fail (c, t, "symbolic registers (a %name that is no register) are not supported");
  if (!token_reg (c, t, &o))
    return fail (c, t, "expected a register");
  c->pos++;
  *reg = o.reg;
  *part = o.part;
  *text = o.reg_text;
  return TRUE;
}

/* k? '(' reg ',' reg ',' k ')' once the offset is read */
static gboolean
parse_scaled (Cur *c, AcyX86Opnd *o, gint64 offset)
{
  o->kind = ACY_X86_OPND_SCALED;
  o->value = offset;
  if (!parse_reg (c, &o->reg, &o->part, &o->reg_text) || !expect (c, ",", "expected ','")
      || !parse_reg (c, &o->reg2, &o->part2, &o->reg2_text) || !expect (c, ",", "expected ','"))
    return FALSE;
  if (cur_peek (c, 0)->kind != ACY_ATOK_NUM)
    return fail (c, cur_peek (c, 0), "expected the scale, a number");
  o->scale = cur_peek (c, 0)->value;
  c->pos++;
  return expect (c, ")", "expected ')'");
}

static gboolean
parse_ea (Cur *c, AcyX86Opnd *o)
{
  const AcyAsmToken *t = cur_peek (c, 0), *u = cur_peek (c, 1);

  memset (o, 0, sizeof *o);
  o->reg = o->reg2 = -1;
  if (token_reg (c, t, o))
    {
      c->pos++;
      if (c->att && acy_asm_tok_is (cur_peek (c, 0), ":"))
        {
          /* a segment, %cs:0(%rax,%rbx,1): herd reads it and drops it */
          c->pos++;
          if (cur_peek (c, 0)->kind != ACY_ATOK_NUM || !acy_asm_tok_is (cur_peek (c, 1), "("))
            return fail (c, cur_peek (c, 0), "expected an offset and '(' after a segment");
          c->pos += 2;
          return parse_scaled (c, o, cur_peek (c, -2)->value);
        }
      o->kind = ACY_X86_OPND_REG;
      return TRUE;
    }
  if (t->kind == ACY_ATOK_REG)
    return fail (c, t, "symbolic registers (a %name that is no register) are not supported");
  if (c->att && t->kind == ACY_ATOK_NUM && (acy_asm_tok_is (u, "(") || acy_asm_tok_is (u, "[")))
    {
      gboolean paren = acy_asm_tok_is (u, "(");

      c->pos += 2;
      if (paren && acy_asm_tok_is (cur_peek (c, 1), ","))
        return parse_scaled (c, o, t->value);
      o->kind = ACY_X86_OPND_DEREF;
      o->value = t->value;
      return parse_reg (c, &o->reg, &o->part, &o->reg_text) && expect (c, paren ? ")" : "]", "expected a closing bracket");
    }
  if (acy_asm_tok_is (t, "(") || acy_asm_tok_is (t, "["))
    {
      const char *close = acy_asm_tok_is (t, "(") ? ")" : "]";
      AcyX86Opnd r = { 0 };

      c->pos++;
      t = cur_peek (c, 0);
      if (token_reg (c, t, &r))
        {
          if (c->att && *close == ')' && acy_asm_tok_is (cur_peek (c, 1), ","))
            return parse_scaled (c, o, 0);
          c->pos++;
          o->kind = ACY_X86_OPND_DEREF;
          o->reg = r.reg;
          o->part = r.part;
          o->reg_text = r.reg_text;
          return expect (c, close, "expected a closing bracket");
        }
      if (t->kind == ACY_ATOK_NAME)
        {
          c->pos++;
          o->kind = ACY_X86_OPND_ABS;
          o->name = t->text;
          o->loc = acy_asm_location (c->ps, t->text);
          return expect (c, close, "expected a closing bracket");
        }
      if (t->kind == ACY_ATOK_NUM && *close == ']')
        {
          c->pos++;
          o->kind = ACY_X86_OPND_ABS_NUM;
          o->value = t->value;
          return expect (c, close, "expected ']'");
        }
      return fail (c, t, "expected a register or a location");
    }
  return fail (c, t, "expected a register or a memory operand");
}

static gboolean
parse_operand (Cur *c, AcyX86Opnd *o)
{
  const AcyAsmToken *t = cur_peek (c, 0);

  if ((t->kind == ACY_ATOK_IMM && t->text[0] == '$')
      || (t->kind == ACY_ATOK_NUM && !(c->att && (acy_asm_tok_is (cur_peek (c, 1), "(")
                                                  || acy_asm_tok_is (cur_peek (c, 1), "[")))))
    {
      memset (o, 0, sizeof *o);
      o->kind = ACY_X86_OPND_IMM;
      o->value = t->value;
      if (g_str_has_prefix (t->text + (t->text[0] == '$'), "0x")
          || g_str_has_prefix (t->text + (t->text[0] == '$'), "-0x"))
        return fail (c, t, "herd7 reads no hexadecimal number in x86 code");
      c->pos++;
      return TRUE;
    }
  return parse_ea (c, o);
}

static gboolean
is_reg_opnd (const AcyX86Opnd *o)
{
  return o->kind == ACY_X86_OPND_REG;
}

/* herd7 takes the lock prefix on these only ("Illegal lock prefix") */
static gboolean
lock_allowed (const AcyX86Instr *i)
{
  switch (i->op)
    {
    case ACY_X86_XCHG: case ACY_X86_UXCH: case ACY_X86_ADD: case ACY_X86_XOR:
    case ACY_X86_DEC: case ACY_X86_INC:
      return TRUE;
    case ACY_X86_CMPXCHG:
      return i->att;
    default:
      return FALSE;
    }
}

static gboolean parse_instr (Cur *c, AcyX86Instr *i);

static gboolean
parse_body (Cur *c, AcyX86Instr *i, const Mnemonic *m, const AcyAsmToken *word)
{
  i->op = m->op;
  i->size = m->size;
  i->cond = m->cond;
  i->written_size = !c->att && m->size != ACY_X86_SZ_NONE;
  switch (m->form)
    {
    case FORM_OPND_EA:
      if (c->att)
        return parse_operand (c, &i->src) && expect (c, ",", "expected ','") && parse_ea (c, &i->ea);
      return parse_ea (c, &i->ea) && expect (c, ",", "expected ','") && parse_operand (c, &i->src);
    case FORM_EA:
      return parse_ea (c, &i->ea);
    case FORM_EA_EA:
      return parse_ea (c, &i->ea) && expect (c, ",", "expected ','") && parse_ea (c, &i->src);
    case FORM_EA_REG:
      if (!parse_ea (c, &i->ea) || !expect (c, ",", "expected ','") || !parse_ea (c, &i->src))
        return FALSE;
      return is_reg_opnd (&i->src) || fail (c, cur_peek (c, -1), "expected a register");
    case FORM_REG_EA:
      if (!parse_ea (c, &i->src))
        return FALSE;
      if (!is_reg_opnd (&i->src))
        return fail (c, cur_peek (c, -1), "expected a register");
      return expect (c, ",", "expected ','") && parse_ea (c, &i->ea);
    case FORM_LABEL:
      if (cur_peek (c, 0)->kind != ACY_ATOK_NAME)
        return fail (c, cur_peek (c, 0), "expected a label");
      i->label = cur_peek (c, 0)->text;
      c->pos++;
      return TRUE;
    case FORM_NONE:
      return TRUE;
    case FORM_NOP_EA:
      {
        AcyX86Opnd ignored;

        return parse_ea (c, &ignored);
      }
    case FORM_LOCK:
      c->pos += acy_asm_tok_is (cur_peek (c, 0), ";");
      if (!parse_instr (c, i))
        return FALSE;
      if (i->lock || !lock_allowed (i))
        {
          acy_set_error_at (c->error, ACY_ERROR_SYNTAX, word->loc,
                            "herd7 takes no lock prefix on this instruction "
                            "(Illegal lock prefix) near '%s'", word->text);
          return FALSE;
        }
      i->lock = TRUE;
      return TRUE;
    case FORM_REFUSED:
      {
        g_autofree char *msg = g_strdup_printf ("%s is not supported: herd7 reads it but has no "
                                                "semantics for it", word->text);

        acy_set_error_at (c->error, ACY_ERROR_UNSUPPORTED, word->loc, "%s near '%s'", msg, word->text);
        return FALSE;
      }
    }
  return FALSE;
}

static gboolean
parse_instr (Cur *c, AcyX86Instr *i)
{
  const AcyAsmToken *t = cur_peek (c, 0);
  const Mnemonic *m = NULL;

  if (t->kind == ACY_ATOK_NAME)
    {
      if (c->att && strcmp (t->text, "endbr64") == 0)
        {
          c->pos++;
          i->op = ACY_X86_NOP;
          return TRUE;
        }
      m = c->att ? find_mnemonic (x64_mnemonics, G_N_ELEMENTS (x64_mnemonics), t->text)
                 : find_mnemonic (x86_mnemonics, G_N_ELEMENTS (x86_mnemonics), t->text);
    }
  if (m == NULL)
    {
      g_autofree char *msg = g_strdup_printf ("expected an instruction of %s",
                                              c->att ? "X86_64 (AT&T syntax)" : "X86 (Intel syntax)");
      return fail (c, t, msg);
    }
  c->pos++;
  return parse_body (c, i, m, t);
}

static gconstpointer
parse_cell (AcyAsmParse *ps, const AcyAsmToken *toks, guint n, gboolean att, GError **error)
{
  AcyX86Instr *i = acy_arena_new0 (ps->arena, AcyX86Instr);
  Cur c = { ps, toks, n, 0, att, error };

  i->att = att;
  i->ea.reg = i->ea.reg2 = i->src.reg = i->src.reg2 = -1;
  if (!parse_instr (&c, i))
    return NULL;
  if (c.pos < n)
    {
      fail (&c, cur_peek (&c, 0), "unexpected text after the instruction");
      return NULL;
    }
  i->zf = acy_asm_thread_reg (ps, att ? "zf" : "ZF");
  i->sf = acy_asm_thread_reg (ps, att ? "sf" : "SF");
  i->cf = acy_asm_thread_reg (ps, att ? "cf" : "CF");
  i->rax = i->op == ACY_X86_CMPXCHG ? acy_asm_thread_reg (ps, "rax") : -1;
  return i;
}

gconstpointer
acy_x86_parse_instr (AcyAsmParse *ps, const AcyAsmToken *toks, guint n, GError **error)
{
  return parse_cell (ps, toks, n, FALSE, error);
}

gconstpointer
acy_x86_64_parse_instr (AcyAsmParse *ps, const AcyAsmToken *toks, guint n, GError **error)
{
  return parse_cell (ps, toks, n, TRUE, error);
}

const char *
acy_x86_jump_label (gconstpointer instr)
{
  const AcyX86Instr *i = instr;

  return i->op == ACY_X86_JMP || i->op == ACY_X86_JCC ? i->label : NULL;
}

/* ---- printing, as herd's dump_instruction ---- */

static void
dump_offset (GString *s, gint64 v)
{
  if (v != 0)
    g_string_append_printf (s, "%" G_GINT64_FORMAT, v);
}

static void
dump_reg (GString *s, gboolean att, const char *text)
{
  g_string_append_printf (s, "%s%s", att ? "%" : "", text);
}

static void
dump_opnd (GString *s, gboolean att, const AcyX86Opnd *o)
{
  switch (o->kind)
    {
    case ACY_X86_OPND_NONE:
      break;
    case ACY_X86_OPND_IMM:
      g_string_append_printf (s, "$%" G_GINT64_FORMAT, o->value);
      break;
    case ACY_X86_OPND_REG:
      dump_reg (s, att, o->reg_text);
      break;
    case ACY_X86_OPND_ABS:
      g_string_append_printf (s, att ? "(%s)" : "[%s]", o->name);
      break;
    case ACY_X86_OPND_ABS_NUM:
      g_string_append_printf (s, att ? "(%" G_GINT64_FORMAT ")" : "[%" G_GINT64_FORMAT "]", o->value);
      break;
    case ACY_X86_OPND_DEREF:
      if (att)
        {
          dump_offset (s, o->value);
          g_string_append (s, "(");
          dump_reg (s, att, o->reg_text);
          g_string_append (s, ")");
        }
      else
        g_string_append_printf (s, "[%s]", o->reg_text);
      break;
    case ACY_X86_OPND_SCALED:
      dump_offset (s, o->value);
      g_string_append (s, "(");
      dump_reg (s, att, o->reg_text);
      g_string_append (s, ", ");
      dump_reg (s, att, o->reg2_text);
      g_string_append (s, ",");
      dump_offset (s, o->scale);
      g_string_append (s, ")");
      break;
    }
}

static const char *
op_name (const AcyX86Instr *i)
{
  static const char *const names[] = {
    [ACY_X86_NOP] = "nop", [ACY_X86_MOV] = "mov", [ACY_X86_ADD] = "add", [ACY_X86_OR] = "or",
    [ACY_X86_XOR] = "xor", [ACY_X86_AND] = "and", [ACY_X86_SHL] = "shl", [ACY_X86_CMP] = "cmp",
    [ACY_X86_DEC] = "dec", [ACY_X86_INC] = "inc", [ACY_X86_SETNB] = "setnb",
    [ACY_X86_XCHG] = "xchg", [ACY_X86_UXCH] = "uxch", [ACY_X86_CMPXCHG] = "cmpxchg",
    [ACY_X86_CMOVC] = "cmovc", [ACY_X86_JMP] = "jmp", [ACY_X86_JCC] = "j", [ACY_X86_RET] = "ret",
    [ACY_X86_MFENCE] = "mfence", [ACY_X86_SFENCE] = "sfence", [ACY_X86_LFENCE] = "lfence",
    [ACY_X86_MOVNTI] = "movnti",
  };

  return names[i->op];
}

static void
dump (GString *s, const AcyX86Instr *i, GHashTable *labels)
{
  static const char *const sizes = " bwlq";
  static const char *const att_conds[] = { "e", "ne", "le", "l", "g", "ge", "s", "ns" };
  static const char *const intel_conds[] = { "E", "NE", "LE", "L", "G", "GE", "S", "NS" };
  const char *label = i->label && labels ? g_hash_table_lookup (labels, i->label) : i->label;
  g_autofree char *name = NULL;

  if (i->lock)
    g_string_append (s, i->att ? "lock; " : "LOCK; ");
  if (i->op == ACY_X86_NOP)
    {
      g_string_append (s, "NOP");
      return;
    }
  if (i->att)
    name = i->size == ACY_X86_SZ_NONE ? g_strdup (op_name (i))
                                      : g_strdup_printf ("%s%c", op_name (i), sizes[i->size]);
  else
    {
      name = g_ascii_strup (i->op == ACY_X86_UXCH ? "unlocked xchg" : op_name (i), -1);
      if (i->written_size)
        {
          char *sized = g_strdup_printf ("%s%c", name, g_ascii_toupper (sizes[i->size]));

          g_free (name);
          name = sized;
        }
    }
  switch (i->op)
    {
    case ACY_X86_JMP:
      g_string_append_printf (s, "%s %s", name, label);
      return;
    case ACY_X86_JCC:
      g_string_append_printf (s, "%s%s %s", name, (i->att ? att_conds : intel_conds)[i->cond], label);
      return;
    case ACY_X86_RET: case ACY_X86_MFENCE: case ACY_X86_SFENCE: case ACY_X86_LFENCE:
      g_string_append (s, name);
      return;
    case ACY_X86_DEC: case ACY_X86_INC: case ACY_X86_SETNB:
      /* herd prints X86's "DEC " and "INC " with their space, then one more */
      g_string_append_printf (s, "%s%s ", name, !i->att && i->op != ACY_X86_SETNB ? " " : "");
      dump_opnd (s, i->att, &i->ea);
      return;
    case ACY_X86_XCHG: case ACY_X86_UXCH: case ACY_X86_CMPXCHG:
      g_string_append_printf (s, "%s ", name);
      dump_opnd (s, i->att, &i->ea);
      g_string_append (s, ",");
      dump_opnd (s, i->att, &i->src);
      return;
    case ACY_X86_CMOVC: case ACY_X86_MOVNTI:
      g_string_append_printf (s, "%s ", name);
      dump_opnd (s, i->att, &i->src);
      g_string_append (s, ",");
      dump_opnd (s, i->att, &i->ea);
      return;
    default:
      /* AT&T: op src,dst; Intel: OP dst,src (and "CMP " with its space) */
      g_string_append_printf (s, "%s%s ", name, !i->att && i->op == ACY_X86_CMP ? " " : "");
      dump_opnd (s, i->att, i->att ? &i->src : &i->ea);
      g_string_append (s, ",");
      dump_opnd (s, i->att, i->att ? &i->ea : &i->src);
      return;
    }
}

char *
acy_x86_dump_instr (gconstpointer instr, GHashTable *labels)
{
  GString *s = g_string_new (NULL);

  dump (s, instr, labels);
  return g_string_free (s, FALSE);
}
