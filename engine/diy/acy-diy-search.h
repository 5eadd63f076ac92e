/* acy-diy-search.h - the tests that tell two models apart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cycles of edges are enumerated smallest first (fewest accesses, then
 * fewest threads), each written as a test as diy writes it and checked
 * under two models; a test whose final state one model allows and the
 * other forbids tells them apart. memalloy asks a SAT solver for such
 * executions; here the cycles are few enough at the sizes that matter
 * to check them one by one.
 */
#pragma once

#include <gio/gio.h>

#include "acy-diy.h"
#include "acy-model.h"
#include "acy-test.h"
#include "acy-check.h"

G_BEGIN_DECLS

/**
 * AcyDiySearchOptions:
 * @arch: the tests' language
 * @max_threads: cycles with at most this many threads (external edges)
 * @max_accesses: cycles with at most this many accesses (edges)
 * @edges: (nullable): the vocabulary, diy's edge names separated by
 *   commas or blanks, in the order to try them; NULL: the arch's
 *   default (acy_diy_search_default_edges())
 * @annotations: (nullable): annotations each access may take (C: Rlx,
 *   Acq, Rel, Sc...): every cycle is tried with each annotation on all
 *   its accesses first, then, once every cycle of its size has been,
 *   with every mix; NULL: plain accesses
 * @timeout: stop after this many seconds (0: none)
 * @max_found: stop once this many tests were found (0: no bound)
 * @part, @n_parts: check only the cycles whose place in the enumeration
 *   is @part modulo @n_parts (one machine's share; 0 and 1 for all)
 * @n_workers: threads checking tests at once (0 or 1: the caller's)
 */
typedef struct {
  AcyDiyArch  arch;
  guint       max_threads;
  guint       max_accesses;
  const char *edges;
  const char *annotations;
  gdouble     timeout;
  guint       max_found;
  guint       part;
  guint       n_parts;
  guint       n_workers;
} AcyDiySearchOptions;

/**
 * AcyDiyFound:
 * A test that tells the models apart.
 * @index: its cycle's place in the enumeration
 * @accesses, @threads: its size
 * @cycle: the cycle, as diy prints its edges: the execution that reaches
 *   the test's final state, one edge after another
 * @name, @text: the test diy writes for it
 * @observation, @positive, @negative: each model's verdict on the
 *   condition, as herd's Observation line
 * @stronger: the model that forbids the state (0 or 1)
 * @check: (nullable): the check of that model that forbids it
 */
typedef struct {
  guint64        index;
  guint          accesses;
  guint          threads;
  char          *cycle;
  char          *name;
  char          *text;
  AcyObservation observation[2];
  guint64        positive[2];
  guint64        negative[2];
  guint          stronger;
  char          *check;
} AcyDiyFound;

/**
 * AcyDiySearchProgress:
 * @cycles: cycles enumerated (in this share)
 * @tests: tests checked under both models
 * @refused: cycles diy makes no test of
 * @found: tests found
 * @accesses, @threads: the size being checked
 * @done_accesses: every cycle with this many accesses or fewer was
 *   checked (within the thread bound)
 * @complete: every cycle within the bounds was checked
 * @timed_out: stopped at the time limit
 * @elapsed: seconds
 */
typedef struct {
  guint64  cycles;
  guint64  tests;
  guint64  refused;
  guint64  found;
  guint    accesses;
  guint    threads;
  guint    done_accesses;
  gboolean complete;
  gboolean timed_out;
  gdouble  elapsed;
} AcyDiySearchProgress;

/* Called from the thread that runs acy_diy_search(), in the order of
 * the enumeration. */
typedef void (*AcyDiyFoundFunc)    (const AcyDiyFound *found, gpointer data);
typedef void (*AcyDiyProgressFunc) (const AcyDiySearchProgress *progress, gpointer data);

/* Runs the search under @models (two, the same @macros read the tests).
 * Returns FALSE with @error when the vocabulary does not parse, or on
 * cancellation; @summary gets how far it got either way. */
gboolean acy_diy_search (const AcyModel *const *models,
                         const AcyMacros       *macros,
                         const AcyDiySearchOptions *options,
                         AcyDiyFoundFunc        found,
                         AcyDiyProgressFunc     progress,
                         gpointer               data,
                         AcyDiySearchProgress  *summary,
                         GCancellable          *cancellable,
                         GError               **error);

AcyDiyFound *acy_diy_found_copy (const AcyDiyFound *found);
void         acy_diy_found_free (AcyDiyFound *found);

/* The edges searched by default for @arch, as a list. */
const char  *acy_diy_search_default_edges (AcyDiyArch arch);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyDiyFound, acy_diy_found_free)

G_END_DECLS
