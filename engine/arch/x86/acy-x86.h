/* acy-x86.h - the x86 family: herd's X86 (Intel syntax) and X86_64 (AT&T)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One structure for the instructions of both (acy-x86-parse.c reads and
 * prints them as herd does), one semantics (acy-x86-exec.c), two
 * architectures: X86 has 32-bit registers and values and herd's Intel
 * syntax (`MOV [x],$1`); X86_64 has 64-bit values, registers read and
 * written by parts (%al, %ax, %eax, %rax) and the AT&T syntax
 * (`movl $1,(x)`).
 */
#pragma once

#include "acy-asm.h"

G_BEGIN_DECLS

typedef enum {
  ACY_X86_NOP,
  ACY_X86_MOV, ACY_X86_ADD, ACY_X86_OR, ACY_X86_XOR, ACY_X86_AND, ACY_X86_SHL, ACY_X86_CMP,
  ACY_X86_DEC, ACY_X86_INC, ACY_X86_SETNB,
  ACY_X86_XCHG, ACY_X86_UXCH,       /* both atomic, as in herd */
  ACY_X86_CMPXCHG, ACY_X86_CMOVC,
  ACY_X86_JMP, ACY_X86_JCC, ACY_X86_RET,
  ACY_X86_MFENCE, ACY_X86_SFENCE, ACY_X86_LFENCE,
  ACY_X86_MOVNTI,
} AcyX86Op;

/* The size suffix of an instruction (X86_64's b, w, l, q; none: herd's
 * INSb), X86's MOVB ... MOVQ alike */
typedef enum { ACY_X86_SZ_NONE, ACY_X86_SZ_B, ACY_X86_SZ_W, ACY_X86_SZ_L, ACY_X86_SZ_Q } AcyX86Size;

/* The part of a register an operand names: %al, %ah, %ax, %eax, %rax;
 * WHOLE for X86's registers, flags, rip and cs */
typedef enum {
  ACY_X86_PART_WHOLE, ACY_X86_PART_8L, ACY_X86_PART_8H, ACY_X86_PART_16, ACY_X86_PART_32,
  ACY_X86_PART_64,
} AcyX86Part;

typedef enum {
  ACY_X86_C_EQ, ACY_X86_C_NE, ACY_X86_C_LE, ACY_X86_C_LT, ACY_X86_C_GT, ACY_X86_C_GE,
  ACY_X86_C_S, ACY_X86_C_NS,
} AcyX86Cond;

typedef enum {
  ACY_X86_OPND_NONE,
  ACY_X86_OPND_IMM,       /* value */
  ACY_X86_OPND_REG,       /* reg, part */
  ACY_X86_OPND_ABS,       /* (x), [x]: loc, name */
  ACY_X86_OPND_ABS_NUM,   /* [5]: value */
  ACY_X86_OPND_DEREF,     /* value(reg), [reg] */
  ACY_X86_OPND_SCALED,    /* value(reg, reg2, scale), seg:value(...) */
} AcyX86OpndKind;

typedef struct {
  AcyX86OpndKind kind;
  gint           reg, reg2;        /* the thread's registers */
  AcyX86Part     part, part2;
  const char    *reg_text, *reg2_text;   /* as herd prints them: "eax", "EAX" */
  gint64         value;            /* immediate, offset, number */
  gint64         scale;
  gint           loc;              /* ABS */
  const char    *name;             /* ABS */
} AcyX86Opnd;

typedef struct {
  AcyX86Op    op;
  AcyX86Size  size;
  gboolean    lock;
  gboolean    att;            /* X86_64's AT&T syntax, else X86's Intel */
  gboolean    written_size;   /* X86: MOVL and not MOV (herd prints it) */
  AcyX86Cond  cond;           /* JCC */
  const char *label;          /* JMP, JCC */
  AcyX86Opnd  ea;             /* the destination (or the one operand) */
  AcyX86Opnd  src;            /* the source; XCHG's second; CMPXCHG's and CMOVC's register */
  /* the flags' registers of the thread: zf, sf, cf; and rax (cmpxchg) */
  gint        zf, sf, cf, rax;
} AcyX86Instr;

/* acy-x86-parse.c */
gconstpointer acy_x86_parse_instr   (AcyAsmParse *ps, const AcyAsmToken *toks, guint n,
                                     GError **error);
gconstpointer acy_x86_64_parse_instr (AcyAsmParse *ps, const AcyAsmToken *toks, guint n,
                                      GError **error);
char         *acy_x86_dump_instr    (gconstpointer instr, GHashTable *labels);
const char   *acy_x86_jump_label    (gconstpointer instr);
const char   *acy_x86_reg_canonical    (const char *name);
const char   *acy_x86_64_reg_canonical (const char *name);
guint         acy_x86_reg_rank         (const char *canonical);
guint         acy_x86_64_reg_rank      (const char *canonical);

/* acy-x86-exec.c */
gboolean      acy_x86_exec_instr    (AcyRun *run, gconstpointer instr, AcyLoc at, AcyAsmNext *next);

G_END_DECLS
