/* acy-trace.h - thread traces: one run of a thread with chosen values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * As herd does, a thread is run symbolically: a read returns an unknown
 * (a symbol), values are expressions over symbols, and a branch whose
 * condition is not a constant is taken both ways, each path recording
 * the condition as a constraint. A pointer that is not a constant is
 * split over the locations, again under a constraint. Each path is a
 * trace; the enumerator joins traces by reads-from and solves the
 * symbols.
 */
#pragma once

#include "acy-litmus-private.h"

G_BEGIN_DECLS

/* A set of events of one thread (at most ACY_LIT_MAX_THREAD_EVENTS). */
typedef struct {
  guint64 w[ACY_LIT_MAX_THREAD_EVENTS / 64];
} AcyDepSet;

/* A value: a constant, the value of a read, or an operation. */
typedef enum {
  ACY_SYM_CONST,
  ACY_SYM_READ,
  ACY_SYM_OP,
  ACY_SYM_RFVAL,   /* the value a C11 RMW event reads (read: its index);
                    * the event's own value is the one it writes */
} AcySymKind;

typedef struct _AcySym AcySym;
struct _AcySym {
  AcySymKind    kind;
  AcyLitOp      op;
  AcyValue      value;    /* CONST */
  guint         read;     /* READ, RFVAL: thread-local event index */
  const AcySym *a, *b;    /* OP (b is NULL for a unary operator) */
  AcyLoc        at;       /* OP: the operator, for messages */
  /* herd names the symbolic values of a run S1, S2, ... in the order its
   * per-thread semantics creates them: herd is the number of this read's
   * or operation's own symbol. herd_name is the number of the first of
   * the symbols that are mere copies of it (register reads), else herd:
   * herd solves registers first, and names the class of a symbol and its
   * copies by that one. */
  guint64       herd;
  guint64       herd_name;
  /* A value herd keeps as a variable of its own although it is another
   * value (r1 | r0 with r1 holding 0: herd's S9 := S7|S8 leaves S9 := S8
   * for the solver): @copy_of is that value, which this one evaluates
   * as. NULL for others. */
  const AcySym *copy_of;
};

/* A value that herd leaves unsolved: it depends on itself through
 * reads-from (out of thin air). Equal only to itself. */
#define ACY_LIT_VALUE_UNSOLVED G_MININT64

/* A final value left unsolved, named as herd names it (S<n>). */
#define ACY_LIT_VALUE_SYMBOL_BASE (G_MININT64 + 16)
#define ACY_LIT_VALUE_SYMBOL(n) (ACY_LIT_VALUE_SYMBOL_BASE + (AcyValue) (n))
#define ACY_LIT_VALUE_IS_SYMBOL(v) \
  ((v) >= ACY_LIT_VALUE_SYMBOL_BASE && (v) < ACY_LIT_VALUE_SYMBOL_BASE + ((AcyValue) 1 << 48))
#define ACY_LIT_VALUE_SYMBOL_NUMBER(v) ((guint) ((v) - ACY_LIT_VALUE_SYMBOL_BASE))

typedef struct {
  const AcySym *cond;
  gboolean      want;     /* the path needs cond != 0 (TRUE) or == 0 */
  const AcySym *addr;     /* for `addr == &loc` of an access: the address, else NULL */
  AcyLoc        at;       /* with @addr: the access */
  /* An equation in herd's sense, made by a successful cmpxchg or a
   * failed atomic_add_unless: cond is read == value (want TRUE), and it
   * can give the read its value when reads-from cannot (a value out of
   * thin air). The read's thread-local event index, else -1. */
  gint          pin;
  /* The path's access at @at goes through @addr, a value that is none
   * of the test's addresses (an integer read from memory; in herd7 a
   * location of its own): ACY_THROUGH_INT_STORE for a store, which
   * writes there; ACY_THROUGH_INT_LOAD for a load or an RMW, whose read
   * reads from nowhere (herd's NoSymbol). 0 for other constraints. */
  guint         through_int;
  /* An `addr == &loc` of a load whose thread has a path through no
   * address for it too (herd's NoSymbol): when this one fails for an
   * integer, that path stands for it */
  gboolean      nowhere_too;
} AcyConstraint;

#define ACY_THROUGH_INT_STORE 1
#define ACY_THROUGH_INT_LOAD  2

/* While a thread runs: the location of an access through a value that
 * is no address (its event has location -1) */
#define ACY_LOC_NOWHERE (-3)

typedef struct {
  AcyEvent  ev;          /* thread-local po_index; instr local to the trace */
  const AcySym *sym;     /* value read (a READ symbol) or written */
  AcyDepSet addr;        /* reads the address depends on */
  AcyDepSet data;        /* reads the written value depends on */
  AcyDepSet ctrl;        /* reads a branch before this event depends on */
  AcyDepSet vdep;        /* reads the value or address needs: data | addr | RMW input */
  gint      rmw_partner; /* write part of an RMW (on its read part), else -1 */
  gboolean  needs_rf;    /* a read the enumerator gives an rf source */
  /* A read through a value that is no address (herd's NoSymbol): it
   * reads from nowhere, and its value is unknown */
  gboolean  nowhere;
  /* The statement (or condition) run that made it, numbered along the
   * path: herd7's instruction, within which no read reads from a write
   * whose value or address it feeds */
  guint     stmt;
  /* An assembly test's instruction that made it, as herd prints it
   * (AcyExecution.instr_texts), else NULL */
  const char *instr_text;
  /* herd's intra-instruction causality: the events of the same
   * instruction before this one in iico_data, iico_ctrl, iico_order
   * (AcyExecution.iico_data ...) */
  AcyDepSet iico_data;
  AcyDepSet iico_ctrl;
  AcyDepSet iico_order;
} AcyTraceEvent;

typedef struct {
  guint          n_events;
  AcyTraceEvent *events;
  const AcySym **regs;       /* final value of each register */
  /* the statement (AcyTraceEvent.stmt) that last wrote each register,
   * 0 for none */
  guint         *reg_stmt;
  /* Some read of the path ends in no register the final state shows:
   * its statement (herd's instruction) writes none that is not written
   * again after it. herd7's -restrict observed leaves its candidates
   * out. Set by acy_trace_set_mark_unobserved(), else FALSE. */
  gboolean       unobserved;
  guint          n_instrs;
  guint          n_constraints;
  AcyConstraint *constraints;
  guint          n_ops;
  const AcySym **ops;        /* the operations of the path: herd's equations */
  /* Some op divides (/ or a remainder) by a value not known when the path
   * ran: herd7 solves every equation of a candidate, and stops on a
   * division by zero whether or not the value is looked at after */
  gboolean       may_fault;
  /* Every op of the path is solved for its faults, not only divisions:
   * an assembly test's operation on an address ('<' on x and 2) makes
   * herd7 refuse the test whether or not the value is used */
  gboolean       all_ops_fault;
  /* Events herd leaves unordered: the two operands of a binary operator
   * are evaluated side by side, so the events of [a, b) and of [b, c)
   * are not in po. Triples a, b, c. */
  guint          n_unordered;
  guint         *unordered;
  /* The values of the path that are copies (AcySym.copy_of), in the
   * order made: herd's equations copy := value, left to the end. */
  guint          n_copies;
  const AcySym **copies;
  /* The path went past -unroll at the loop at @cut_at: herd leaves its
   * candidates out, and says so ("Loop" before its verdict). */
  gboolean       cut;
  AcyLoc         cut_at;
  /* Some event has iico (AcyTraceEvent.iico_data ...) */
  gboolean       has_iico;
} AcyTrace;

typedef struct {
  guint      n_traces;
  AcyTrace **traces;
} AcyThreadTraces;

typedef struct _AcyTraceSet AcyTraceSet;
struct _AcyTraceSet {
  AcyArena        *arena;
  guint            n_threads;
  AcyThreadTraces *threads;
};

/* Runs every path of every thread, until cancelled (%ACY_ERROR_CANCELLED)
 * or past @deadline (monotonic time, 0 = none; then %ACY_ERROR_LIMIT). */
AcyTraceSet *acy_trace_set_build (const AcyTest *test, gboolean rmw_tags_both,
                                  guint unroll, GCancellable *cancellable,
                                  gint64 deadline, GError **error);
void         acy_trace_set_free  (AcyTraceSet *set);
/* Sets AcyTrace.unobserved of every trace of @set, @test's. */
void         acy_trace_set_mark_unobserved (AcyTraceSet *set, const AcyTest *test);

/* Whether to stop now, with @error set: @cancellable was cancelled
 * (%ACY_ERROR_CANCELLED), or @deadline (monotonic time, 0 = none) has
 * come (%ACY_ERROR_LIMIT). */
gboolean     acy_lit_halted      (const char *filename, GCancellable *cancellable,
                                  gint64 deadline, GError **error);

static inline void
acy_dep_add (AcyDepSet *s, guint i)
{
  s->w[i >> 6] |= (guint64) 1 << (i & 63);
}

static inline gboolean
acy_dep_has (const AcyDepSet *s, guint i)
{
  return (s->w[i >> 6] >> (i & 63)) & 1;
}

static inline void
acy_dep_union (AcyDepSet *d, const AcyDepSet *a)
{
  for (guint i = 0; i < G_N_ELEMENTS (d->w); i++)
    d->w[i] |= a->w[i];
}

/* The refusal of an access through @v, an address that arithmetic
 * moved (x+1): herd7 takes it for a location of its own. @thread >= 0:
 * the value was read by that thread's run. */
char        *acy_lit_moved_access_message (const AcyTest *test, AcyValue v, gint thread);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyTraceSet, acy_trace_set_free)

G_END_DECLS
