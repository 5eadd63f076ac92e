/* slow-shapes.h - litmus tests that are slow to enumerate on purpose
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the enumerator's cancellation tests, bench/cancel-latency,
 * the results view's tests and bench/results-fill.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @n_reads reads of x whose sum a filter pins to a number it never
 * reaches: every choice of rf fails, but only once the last read has
 * its rf. */
char *slow_shape_sum_pinned (guint n_reads);

/* r(i+1) = ri + ri, @depth deep: each r is used twice and solved twice,
 * so the last takes 2^depth steps, and is solved again at each rf
 * choice, emitting nothing. */
char *slow_shape_doubling (guint depth);

/* An if on a read per step: 2^n_ifs paths through P0, more than the
 * bound on paths kept from n_ifs = 13 on. @tail additions make each path
 * longer to build. */
char *slow_shape_many_paths (guint n_ifs, guint tail);

/* Store buffering around a ring of @n_threads: each thread writes its
 * own x and reads the next thread's. Not slow to enumerate but big in
 * its result: under SC, 2^n - 1 final states (all but every read 0). */
char *slow_shape_sb_ring (guint n_threads);

G_END_DECLS
