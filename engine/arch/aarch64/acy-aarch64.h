/* acy-aarch64.h - herd's AArch64: instructions, registers, event sets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An instruction as acy-aarch64-parse.c reads it from a cell of the
 * code table (herd's syntax: `LDR W0,[X1,#4]`, `STLR X2,[X3]`,
 * `CAS W0,W1,[X2]`, `DMB ISH`, `B.EQ L0`) and prints it back as herd
 * prints it (for Hash= and graphs); acy-aarch64-exec.c runs it as herd7's
 * AArch64 semantics do, with herd's register events (herd's aarch64.cat
 * computes the dependencies from them itself: catdep).
 */
#pragma once

#include "acy-asm.h"

G_BEGIN_DECLS

typedef enum {
  ACY_A64_NOP,
  ACY_A64_MOV,        /* MOV rd, #k | rs ; MOVZ rd, #k (herd's I_MOV, I_MOVZ) */
  ACY_A64_MOVZ,
  ACY_A64_MOVK,       /* MOVK rd, #k[, LSL #s]: k into bits s.. of rd */
  ACY_A64_ALU,        /* ADD SUB EOR AND ORR ORN EON BIC (and ADDS SUBS ANDS BICS), LSL LSR ASR, MUL:
                       * rd, rn, #k[, LSL #s] | rm[, ext or shift] */
  ACY_A64_UNARY,      /* NEG, MVN, SXTW, ABS rd, rm */
  ACY_A64_CMP,        /* CMP rn, #k | rm: SUBS ZR; TST: ANDS ZR */
  ACY_A64_CSEL,       /* CSEL CSINC CSINV CSNEG rd, rn, rm, cond; CSET CSETM rd, cond */
  ACY_A64_LDR,        /* LDR LDRB LDRH LDRSB LDRSH LDRSW LDUR; LDAR LDAPR LDXR LDAXR (and B/H) */
  ACY_A64_STR,        /* STR STRB STRH; STLR (and B/H) */
  ACY_A64_STXR,       /* STXR STLXR ws, rt, [xn] */
  ACY_A64_CAS,        /* CAS CASA CASL CASAL rs, rt, [xn] */
  ACY_A64_SWP,        /* SWP SWPA SWPL SWPAL rs, rt, [xn] */
  ACY_A64_LDOP,       /* LDADD LDEOR LDSET LDCLR (A, L, AL) rs, rt, [xn]; STADD ... rs, [xn] */
  ACY_A64_FENCE,      /* DMB, DSB, ISB */
  ACY_A64_B,
  ACY_A64_BCOND,
  ACY_A64_CBZ,        /* CBZ, CBNZ */
  ACY_A64_TBZ,        /* TBZ, TBNZ rt, #bit, label */
  ACY_A64_MADD,       /* MADD MSUB rd, rn, rm, ra; MNEG rd, rn, rm (ra ZR) */
} AcyA64Op;

/* herd's conditions, in the encoding order */
typedef enum {
  ACY_A64_EQ, ACY_A64_NE, ACY_A64_CS, ACY_A64_CC, ACY_A64_MI, ACY_A64_PL, ACY_A64_VS,
  ACY_A64_VC, ACY_A64_HI, ACY_A64_LS, ACY_A64_GE, ACY_A64_LT, ACY_A64_GT, ACY_A64_LE,
  ACY_A64_AL,
} AcyA64Cond;

typedef enum {
  ACY_A64_ADD, ACY_A64_SUB, ACY_A64_EOR, ACY_A64_AND, ACY_A64_ORR,
  ACY_A64_LSL, ACY_A64_LSR, ACY_A64_ASR, ACY_A64_MUL,
  ACY_A64_NEG, ACY_A64_MVN, ACY_A64_SXTW, ACY_A64_ABS,
  ACY_A64_ORN, ACY_A64_EON, ACY_A64_BIC,   /* a | ~b, a ^ ~b, a & ~b */
} AcyA64AluOp;

/* an operand's extension or shift: none, SXTW, UXTW, LSL, SXTX, LSR, ASR,
 * SXTB, SXTH, UXTB, UXTH */
enum { ACY_A64_X_NONE, ACY_A64_X_SXTW, ACY_A64_X_UXTW, ACY_A64_X_LSL, ACY_A64_X_SXTX,
       ACY_A64_X_LSR, ACY_A64_X_ASR, ACY_A64_X_SXTB, ACY_A64_X_SXTH, ACY_A64_X_UXTB,
       ACY_A64_X_UXTH };
typedef enum { ACY_A64_SEL, ACY_A64_SINC, ACY_A64_SINV, ACY_A64_SNEG } AcyA64SelOp;

/* A load's or store's ordering: herd's annotations */
typedef enum {
  ACY_A64_PLAIN, ACY_A64_ACQ, ACY_A64_ACQ_PC, ACY_A64_REL, ACY_A64_ACQ_REL,
} AcyA64Order;

/* The register of a thread an operand names: its index in the thread's
 * registers, or ZR (WZR, XZR: reads 0, writes nothing) */
#define ACY_A64_ZR (-1)
/* AcyA64Reg.num of the stack pointer, SP */
#define ACY_A64_SP 31

typedef struct {
  gint     reg;        /* thread register, or ACY_A64_ZR */
  gint     num;        /* n of Xn */
  gboolean wide;       /* X (64 bits), else W */
} AcyA64Reg;

/* An address: [xn], [xn,#k], [xn,rm], [xn,wm,SXTW|UXTW], [xn,xm,LSL #s] */
typedef struct {
  AcyA64Reg base;
  gboolean  has_index;
  AcyA64Reg index;
  gint64    offset;     /* immediate, when no index */
  guint     ext;        /* ACY_A64_X_... */
  guint     shift;
  gboolean  post;       /* [xn],#k: post-indexed, xn += k after */
} AcyA64Addr;

/* A second operand: #k, or a register with an optional extension (for
 * ADD X0,X1,W2,SXTW) */
typedef struct {
  gboolean  is_imm;
  gint64    imm;
  AcyA64Reg reg;
  guint     ext;        /* ACY_A64_X_...; an immediate's LSL #s too */
  guint     shift;
} AcyA64Opnd;

typedef struct {
  AcyA64Op     op;
  const char  *mnemonic;     /* as herd prints it: "LDAR", "STLRB", "CASAL"... */
  guint        size;         /* bytes accessed in memory: 1, 2, 4, 8 */
  gboolean     sign;         /* LDRSB LDRSH LDRSW: sign-extended */
  AcyA64Order  order;
  gboolean     exclusive;    /* LDXR, LDAXR, STXR, STLXR */
  gboolean     flags;        /* ADDS, SUBS, ANDS, CMP, TST: writes NZCV */
  gboolean     imm_form;     /* MOV #k, ALU #k */
  AcyA64AluOp  alu;
  AcyA64SelOp  sel;
  AcyA64Cond   cond;
  guint        fence;        /* the barrier: a tag of acy_a64_event_sets */
  AcyA64Reg    rd, rn, rs;   /* destination, first source, status (STXR) or compare (CAS) */
  AcyA64Opnd   src;          /* MOV's source, ALU's second operand */
  AcyA64Addr   addr;
  const char  *label;        /* B, B.cond, CBZ */
  gboolean     nz;           /* CBNZ, TBNZ */
  guint        bit;          /* TBZ, TBNZ */
  /* NZCV, the reservation register (herd's Res): thread registers */
  gint         flag_n, flag_z, flag_c, flag_v, res;
} AcyA64Instr;

/* The event sets of AArch64 events, as tags (AcyAsmArch.event_sets) */
enum {
  ACY_A64_T_RREG, ACY_A64_T_WREG, ACY_A64_T_ADDR, ACY_A64_T_DATA, ACY_A64_T_B,
  ACY_A64_T_BCC, ACY_A64_T_PRED, ACY_A64_T_Q, ACY_A64_T_L, ACY_A64_T_EX, ACY_A64_T_NORET,
  ACY_A64_T_DMB_SY,   /* then DMB.ST ... DSB.OSHLD in the order of acy_a64_event_sets */
  ACY_A64_T_ISB = ACY_A64_T_DMB_SY + 24,
};

extern const char *const acy_a64_event_sets[];

/* acy-aarch64-parse.c */
gconstpointer acy_a64_parse_instr   (AcyAsmParse *ps, const AcyAsmToken *toks, guint n,
                                     GError **error);
char         *acy_a64_dump_instr    (gconstpointer instr, GHashTable *labels);
const char   *acy_a64_jump_label    (gconstpointer instr);
const char   *acy_a64_reg_canonical (const char *name);
guint         acy_a64_reg_rank      (const char *canonical);

/* acy-aarch64-exec.c */
gboolean      acy_a64_exec_instr    (AcyRun *run, gconstpointer instr, AcyLoc at, AcyAsmNext *next);

G_END_DECLS
