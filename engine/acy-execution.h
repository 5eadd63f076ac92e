/* acy-execution.h - one candidate execution: events and base relations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This is the contract between the litmus side (which builds candidate
 * executions) and the cat interpreter (which judges them). It is plain
 * data: the enumerator fills it, the model reads it.
 */
#pragma once

#include <glib.h>

#include "acy-bitrel.h"

G_BEGIN_DECLS

/* Values are 64-bit integers. The address of shared location L (what a
 * pointer holds, e.g. `int *p = x;` or `1:r0=x` in a condition) is encoded
 * as ACY_VALUE_ADDR_BASE + L, so it compares and prints distinctly. */
typedef gint64 AcyValue;
#define ACY_VALUE_ADDR_BASE ((AcyValue) 1 << 48)
#define ACY_VALUE_IS_ADDR(v) ((v) >= ACY_VALUE_ADDR_BASE && (v) < ACY_VALUE_ADDR_BASE + ((AcyValue) 1 << 32))
#define ACY_VALUE_ADDR_LOC(v) ((gint) ((v) - ACY_VALUE_ADDR_BASE))

/* A pointer that arithmetic moved off its location, herd7's symbolic
 * "x+k": ACY_VALUE_ADDR_BASE + L + k * 2^32, k in [-ACY_VALUE_PTR_MAX_OFFSET,
 * ACY_VALUE_PTR_MAX_OFFSET] (k = 0 is L's address). One with k != 0 is no
 * address: an access through it reaches no location. Values so fall in
 * ranges that cannot meet: integers (32-bit, wrapping, as herd7's),
 * pointers (within 2^47 of ACY_VALUE_ADDR_BASE), and the enumerator's
 * own marks next to G_MININT64. */
#define ACY_VALUE_PTR_MAX_OFFSET 32767
#define ACY_VALUE_PTR(loc, k) \
  (ACY_VALUE_ADDR_BASE + (AcyValue) (loc) + (AcyValue) (k) * ((AcyValue) 1 << 32))
#define ACY_VALUE_IS_PTR(v) \
  ((v) >= ACY_VALUE_ADDR_BASE - ((AcyValue) 1 << 47) && (v) < ACY_VALUE_ADDR_BASE + ((AcyValue) 1 << 47))
#define ACY_VALUE_PTR_LOC(v) ((gint) (((v) - ACY_VALUE_ADDR_BASE) & G_GINT64_CONSTANT (0xffffffff)))
#define ACY_VALUE_PTR_OFFSET(v) ((gint) (((v) - ACY_VALUE_ADDR_BASE) >> 32))

#define ACY_THREAD_INIT 0xffffu

/* Event kinds, as bit flags: an event may be in several of herd's
 * predefined sets. R/W/F partition memory events and fences; the lock and
 * SRCU kinds say which herd primitive produced the event. */
typedef enum {
  ACY_EV_R        = 1u << 0,   /* read (in herd's R) */
  ACY_EV_W        = 1u << 1,   /* write (in herd's W) */
  ACY_EV_F        = 1u << 2,   /* fence (in F) */
  ACY_EV_IW       = 1u << 3,   /* initial write */
  ACY_EV_RMW      = 1u << 4,   /* produced by a read-modify-write instruction (herd's RMW set) */
  ACY_EV_LKR      = 1u << 5,   /* spin_lock / successful spin_trylock, read part */
  ACY_EV_LKW      = 1u << 6,   /* spin_lock / successful spin_trylock, write part */
  ACY_EV_UL       = 1u << 7,   /* spin_unlock */
  ACY_EV_LF       = 1u << 8,   /* failed spin_trylock */
  ACY_EV_RL       = 1u << 9,   /* spin_is_locked returning true */
  ACY_EV_RU       = 1u << 10,  /* spin_is_locked returning false */
  ACY_EV_SRCU     = 1u << 11,  /* __srcu{...} event (synchronize_srcu) */
  /* C11 (herd's C semantics): an access with a memory order, or an
   * atomic read-modify-write, is atomic (herd's A; the rest is NA). A
   * C11 read-modify-write is one event, both R and W, in RMW. The memory
   * order of an access or fence is one of the sets RLX ... SC. */
  ACY_EV_A        = 1u << 12,
  ACY_EV_RLX      = 1u << 13,
  ACY_EV_CON      = 1u << 14,
  ACY_EV_ACQ      = 1u << 15,
  ACY_EV_REL      = 1u << 16,
  ACY_EV_ACQ_REL  = 1u << 17,
  ACY_EV_SC       = 1u << 18,
  /* C11 mtx_lock: herd's Lock(m, LockC11 false), in LK and LF (herd never
   * builds a successful C11 lock, so LS stays empty); mtx_unlock is UL */
  ACY_EV_LKC      = 1u << 19,
} AcyEventKind;

#define ACY_EV_MO_MASK (ACY_EV_RLX | ACY_EV_CON | ACY_EV_ACQ | ACY_EV_REL | ACY_EV_ACQ_REL | ACY_EV_SC)

typedef struct {
  guint16  thread;       /* ACY_THREAD_INIT for initial writes */
  guint16  po_index;     /* position in its thread's program order */
  guint32  kind;         /* AcyEventKind flags */
  gint32   loc;          /* location index, -1 for none (fences) */
  gint32   instr;        /* instruction id: events of one RMW share it; -1 none */
  AcyValue value;        /* value read or written */
  guint64  tags;         /* bit i set = tag i of AcyExecution.tag_names */
  guint32  line;         /* source line of the statement (0 for init) */
  guint32  col;
  /* A register event (herd's Rreg, Wreg: assembly tests under a model
   * that computes dependencies itself): 1 + the register's index in its
   * thread, which is its location; 0 for the others. */
  guint32  reg;
} AcyEvent;

/**
 * AcyExecution:
 *
 * A candidate execution. Relations are n_events x n_events bit matrices
 * (see acy-bitrel.h). rf here is the rf chosen by the enumerator (for
 * the reads it decides; reads of lock/trylock/is_locked are left to the
 * model as herd does). co is not here: the model generates it. FW holds
 * the final write of each location observed by the test's final state.
 */
typedef struct {
  guint            n_events;
  const AcyEvent  *events;

  /* Identifies the event structure (events, po, dependencies, rmw: all
   * but rf and fw). Candidates that share a nonzero structure_id differ
   * only in rf and fw, so a model may reuse what it computed from the
   * structure alone. 0 means unknown: nothing may be reused. */
  guint64          structure_id;

  guint            n_threads;
  guint            n_locs;
  const char *const *loc_names;   /* "x", "y", ... */
  guint            n_tags;
  const char *const *tag_names;   /* "once", "release", "mb", ... as written in the macros */

  const AcyWord   *po;      /* program order (strict, transitive), same thread */
  const AcyWord   *addr;    /* address dependencies */
  const AcyWord   *data;    /* data dependencies */
  const AcyWord   *ctrl;    /* control dependencies */
  const AcyWord   *rmw;     /* read part -> write part of successful RMWs */
  /* herd's intra-instruction causality (iico_data, iico_ctrl,
   * iico_order) between the events of one instruction, register events
   * included; NULL when the test's events have none */
  const AcyWord   *iico_data;
  const AcyWord   *iico_ctrl;
  const AcyWord   *iico_order;
  const AcyWord   *rf;      /* reads-from, as chosen by the enumerator */
  const AcyWord   *fw;      /* set: final writes of observed locations */

  /* An assembly test's: per event, the instruction that made it as herd
   * prints it ("movl $1,(x)"), NULL for an initial write; NULL for a C
   * test. Graphs show it under the event. */
  const char *const *instr_texts;

  /* The order in which locks are taken, when the enumerator chose it
   * (NULL otherwise): a strict order on the lock writes (LKW) of each
   * lock, total there, which every coherence order of this candidate
   * extends; co_hint_set holds those writes. co-orders(S, pco) adds it
   * to pco when S holds them all, and then sets *co_hint_used, which the
   * enumerator clears before each candidate: a model that builds co
   * some other way judges the candidates of every lock order alike, and
   * the caller must enumerate again without one (acy-check.c). */
  const AcyWord   *co_hint;
  const AcyWord   *co_hint_set;
  gboolean        *co_hint_used;
} AcyExecution;

/* "R", "W", "F", "LKR", ...: the kind of an event as herd names it. */
const char *acy_event_kind_name (guint32 kind);

G_END_DECLS
