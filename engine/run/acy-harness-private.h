/* acy-harness-private.h - what the harness's analysis and writer share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acy-harness.h"
#include "acy-litmus-private.h"

G_BEGIN_DECLS

#define ACY_HARNESS_MAX_LOCS    64
#define ACY_HARNESS_MAX_THREADS 64

/* What a value may be: an integer, and/or the address of one of the
 * locations in @ptrs. */
typedef struct {
  gboolean may_int;
  guint64  ptrs;
} AcyHarnessAbs;

typedef struct {
  const AcyTest *test;
  AcyHarnessArch arch;
  AcyHarnessAbs  *locs;
  gboolean      *wide;        /* per location: a 64-bit cell (else 32) */
  guint8        *sizes;       /* per location: the sizes its accesses have, in bytes, or-ed (AArch64) */
  AcyHarnessAbs **regs;
  gboolean       changed;
  gboolean       checking;    /* the last walk: refuse what cannot run */
  GError        *error;       /* the first refusal */
  guint          thread;
  /* writing */
  GString       *out;
  guint          temps;
  guint          indent;
  gboolean      *assigned;    /* registers of the thread written by its code */
} AcyHarnessGen;

/* acy-harness-check.c: runs the abstract interpretation of the test's
 * threads to its fixpoint (g->locs, g->regs), then once more with
 * g->checking set, which refuses what cannot run; FALSE with the first
 * refusal. */
gboolean acy_harness_analyse (AcyHarnessGen *g, GError **error);
/* What @e may be, in thread g->thread (after the analysis: no change). */
AcyHarnessAbs acy_harness_abs_expr (AcyHarnessGen *g, const AcyLitExpr *e);
/* Refuses, at @at, what cannot run (only while g->checking; the first
 * refusal is kept in g->error). */
void     acy_harness_refuse (AcyHarnessGen *g, AcyLoc at, const char *format, ...) G_GNUC_PRINTF (3, 4);
void     acy_harness_gen_clear (AcyHarnessGen *g);

/* acy-harness-x86.c: an X86 or X86_64 test. Refuses what cannot run as
 * herd7 means it (the first refusal, FALSE), sets g->wide. */
gboolean acy_harness_x86_check  (AcyHarnessGen *g, GError **error);
/* Writes thread @t as a function of the harness into g->out. */
void     acy_harness_x86_thread (AcyHarnessGen *g, guint t);
/* acy-harness-aarch64.c: an AArch64 test, as acy_harness_x86_check and
 * acy_harness_x86_thread do an x86 one. */
gboolean acy_harness_aarch64_check  (AcyHarnessGen *g, GError **error);
void     acy_harness_aarch64_thread (AcyHarnessGen *g, guint t);
/* acy-harness.c: closes an assembly thread's asm statement and function
 * (see there). */
void     acy_harness_asm_thread_end (AcyHarnessGen *g, guint t, const char *outputs, const char *inputs,
                                     const gboolean *used, const gboolean *narrow);
/* Whether binary @e, its operands @a and @b, moves an address by an
 * integer (x + k, k + x, x - k): the harness's acy_padd(). */
gboolean acy_harness_pointer_move (const AcyLitExpr *e, AcyHarnessAbs a, AcyHarnessAbs b);

G_END_DECLS
