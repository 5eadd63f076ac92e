/* acy-trace-run.h - running a thread of any input language into traces
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What every front end (C in engine/litmus, each assembly family in
 * engine/arch) shares to run its threads symbolically, as herd does
 * (see acy-trace.h): choice points, symbols, events, the locations an
 * access may reach, and the loop that runs every path of a thread into
 * its traces. A front end's semantics drive an AcyRun along one path:
 * they make symbols and events and ask for a choice wherever a value is
 * not known; acy_run_paths() replays the path with the next choices
 * (an odometer: the last choice with options left moves on) until every
 * combination has run, so no state is ever copied.
 *
 * A front end keeps its own state in a structure whose first member is
 * the AcyRun, and its path function casts back to it.
 */
#pragma once

#include "acy-trace.h"

G_BEGIN_DECLS

#define ACY_RUN_MAX_CHOICES 1024

/* A value as a thread's code computes it: the symbol, and the reads it
 * depends on (for addr, data and ctrl). */
typedef struct {
  const AcySym *s;
  AcyDepSet     d;
} AcyVal;

typedef struct _AcyRun AcyRun;
struct _AcyRun {
  const AcyTest      *test;
  guint               thread;
  AcyArena           *arena;        /* symbols and traces */

  /* choice points */
  guint               choices[ACY_RUN_MAX_CHOICES];
  guint               n_options[ACY_RUN_MAX_CHOICES];
  guint               n_choices;
  guint               pos;

  /* the path run so far */
  AcyTraceEvent       events[ACY_LIT_MAX_THREAD_EVENTS];
  guint               n_events;
  GArray             *constraints;  /* AcyConstraint */
  const AcySym      **regs;         /* each register's value, its dependencies in regd */
  AcyDepSet          *regd;
  guint              *reg_stmt;     /* and the statement that wrote it (AcyTrace.reg_stmt) */
  AcyDepSet           ctrl;         /* the reads branches so far depend on */
  guint               n_instrs;
  guint               stmt_first;   /* the first event of the statement (or instruction) being run */
  guint               stmt_number;  /* of that statement along the path (AcyTraceEvent.stmt) */
  const char         *instr_text;   /* the instruction being run, as herd prints it (assembly), else NULL */
  /* registers (bit i: register i) whose values an assembly front end
   * keeps from herd's own view while it builds the code (AArch64: a
   * store-exclusive's status), cleared at each path's start */
  guint64             regs_unknown;
  gboolean            dead;         /* this path is not an execution */
  gboolean            cut;          /* went past -unroll at the loop at cut_at */
  gboolean            has_iico;     /* the front end gives events iico (AcyTrace.has_iico) */
  AcyLoc              cut_at;
  GCancellable       *cancellable;
  gint64              deadline;
  GError             *error;        /* a run that cannot go on at all */
  AcyLoc              at;           /* the operator acy_run_op works for, for messages */

  /* An undefined operation on constants (a flag comparing an address)
   * is left to the enumerator, which refuses the test only when a
   * candidate needs its value; else the run stops on it at once */
  gboolean            lazy_faults;
  /* ...and every op of a path is then solved for faults (AcyTrace.all_ops_fault) */
  gboolean            all_ops_fault;

  guint64             hc;           /* herd's symbols created so far (herd_symbol) */
  GPtrArray          *ops;          /* operations of the path */
  GPtrArray          *copies;       /* values that are copies (AcySym.copy_of) */
  GArray             *unordered;    /* guint triples, see AcyTrace */
};

/* Runs one path of the thread from its start, its registers holding
 * their initial values; FALSE when it could not (the run's error or
 * dead flag says why). */
typedef gboolean (*AcyRunPathFunc) (AcyRun *run, gpointer data);

/* Prepares @x to run thread @thread of @test; acy_run_clear() frees
 * what it holds (not the arena). */
void     acy_run_init  (AcyRun *x, const AcyTest *test, guint thread, AcyArena *arena,
                        GCancellable *cancellable, gint64 deadline);
void     acy_run_clear (AcyRun *x);
/* Runs @path once per combination of its choices, herd's symbols
 * numbered from @herd_base, and puts the paths that are executions into
 * @out; FALSE with @error on a limit, cancellation, or a path's error. */
gboolean acy_run_paths (AcyRun *x, guint64 herd_base, AcyRunPathFunc path, gpointer data,
                        AcyThreadTraces *out, GError **error);

/* ---- choice points ---- */

/* One of @n_options, the one this path takes. */
guint    acy_run_choose (AcyRun *x, guint n_options);
/* Is @s non-zero? Decided now when constant, else a choice point whose
 * options become constraints. */
gboolean acy_run_decide (AcyRun *x, const AcySym *s);

/* ---- symbols and constraints ---- */

const AcySym *acy_run_const (AcyRun *x, AcyValue v);
/* @a op @b (@b NULL for a unary operator), constants folded; an
 * undefined operation on constants ends the run with an error at
 * x->at (but see AcyRun.lazy_faults). */
const AcySym *acy_run_op    (AcyRun *x, AcyLitOp op, const AcySym *a, const AcySym *b);
/* A variable of herd's own for @s (see AcySym.copy_of). */
const AcySym *acy_run_copy  (AcyRun *x, const AcySym *s);
void          acy_run_constrain (AcyRun *x, const AcySym *cond, gboolean want);
/* herd's equation read == @value (see AcyConstraint.pin), for read
 * event @r. */
void          acy_run_constrain_equal (AcyRun *x, gint r, const AcySym *value);
/* The next symbol herd creates, given to @s if it is a value of ours. */
void          acy_run_herd_symbol (AcyRun *x, const AcySym *s);
/* herd reads a register into a new symbol, a copy of its value. */
void          acy_run_herd_register_read (AcyRun *x, const AcySym *s);

AcyVal        acy_val_const   (AcyRun *x, AcyValue v);
/* Register @reg gets @v, written by the statement being run. */
void          acy_run_set_reg (AcyRun *x, guint reg, AcyVal v);
/* @a op @b at @at, its value depending on
 * what both depend on: an assembly instruction's arithmetic. */
AcyVal        acy_val_op      (AcyRun *x, AcyLoc at, AcyLitOp op, AcyVal a, AcyVal b);
/* The value read by event @ev (0 when @ev < 0), depending on it. */
AcyVal        acy_val_of_read (AcyRun *x, gint ev);

/* ---- limits ---- */

/* The run stops: the first error (file:line:col) is kept, the path ends. */
void     acy_run_limit_at (AcyRun *x, AcyLoc at, const char *format, ...) G_GNUC_PRINTF (3, 4);
/* Whether the stack is too low to go deeper: then the path ends with
 * @message at @at, an error rather than an overflow. */
gboolean acy_run_stack_too_low (AcyRun *x, AcyLoc at, const char *message);

/* ---- where an access goes ---- */

/* The location of an access through address @a at @at, or -1 when the
 * path died. An address not known yet is a choice over the locations,
 * each under a constraint. acy_run_load_loc (a load, an RMW) also
 * chooses herd's NoSymbol, an address that is none of them: the read
 * reads from nowhere (ACY_LOC_NOWHERE). acy_run_store_loc may return
 * ACY_LOC_NOWHERE (a store to an integer: herd7 writes there) and -2
 * (the address of no location of the test: nothing happens).
 * acy_run_addr_loc (locks, SRCU, compare-exchange) has no NoSymbol. */
gint     acy_run_load_loc  (AcyRun *x, const AcyVal *a, AcyLoc at);
gint     acy_run_store_loc (AcyRun *x, const AcyVal *a, AcyLoc at);
gint     acy_run_addr_loc  (AcyRun *x, const AcyVal *a, AcyLoc at);

/* ---- events ---- */

/* An event of @kind at @loc (-1: none; ACY_LOC_NOWHERE: through no
 * address) with @value (NULL: a read's new symbol), tagged @tag (-1:
 * none), its address depending on @addr (NULL for a fence); -1 when
 * the path died. */
gint     acy_run_event (AcyRun *x, guint32 kind, gint loc, const AcySym *value, gint tag,
                        const AcyVal *addr, AcyLoc at);
/* A read of @loc; its value a new symbol of herd's unless @value is
 * given (lock reads have fixed values); @needs_rf: the enumerator gives
 * it an rf source. */
gint     acy_run_read  (AcyRun *x, guint32 kind, gint loc, AcyValue *value, gint tag,
                        const AcyVal *addr, gboolean needs_rf, AcyLoc at);
/* A write of @value, whose data dependencies it keeps. */
gint     acy_run_write (AcyRun *x, guint32 kind, gint loc, const AcyVal *value, gint tag,
                        const AcyVal *addr, AcyLoc at);
/* A fence, an instruction of its own. */
void     acy_run_fence (AcyRun *x, guint32 kind, gint tag, AcyLoc at);
/* Read @r and write @w are the two halves of one RMW. */
void     acy_run_link_rmw (AcyRun *x, gint r, gint w);

/* ---- the front ends: each runs every thread of its tests into @set ---- */

/* C (acy-litmus-exec.c) */
gboolean acy_lit_run_threads (const AcyTest *test, gboolean rmw_tags_both, guint unroll,
                              AcyTraceSet *set, GCancellable *cancellable, gint64 deadline,
                              GError **error);
/* assembly (engine/arch/acy-asm-exec.c) */
gboolean acy_asm_run_threads (const AcyTest *test, guint unroll, AcyTraceSet *set,
                              GCancellable *cancellable, gint64 deadline, GError **error);

G_END_DECLS
