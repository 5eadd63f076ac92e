/* acy-resources.h - stack, memory and time left to the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Private to the engine.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The lowest address the calling thread may reach before giving up;
 * 0 until found, 1 when unknown (never low). */
extern __thread guintptr acy_stack_floor;
guintptr acy_stack_find_floor (void);

/* TRUE when the calling thread is near the end of its stack. Inline:
 * evaluation asks at every step. */
static inline gboolean
acy_stack_low (void)
{
  if (G_UNLIKELY (acy_stack_floor == 0))
    acy_stack_floor = acy_stack_find_floor ();
  /* the frame, not a local: sanitizers may move locals off the stack */
  return (guintptr) __builtin_frame_address (0) < acy_stack_floor;
}

/* Bytes of memory the process has in use now (resident), 0 if unknown. */
guint64  acy_memory_in_use (void);

/* The default memory bound: half of the physical memory (1 GiB when
 * unknown). */
guint64  acy_memory_default_bound (void);

/* What may stop a long load early: the same cancellable and deadline
 * the check looks at. The lexers, parsers and lowering call
 * acy_halt_tick() once per token or statement; it looks only every
 * ACY_HALT_TICKS_PER_LOOK calls, so that they pay almost nothing. */
#define ACY_HALT_TICKS_PER_LOOK 4096

typedef struct {
  GCancellable *cancellable;  /* nullable */
  gint64        deadline;     /* monotonic time; 0: none */
  const char   *filename;     /* for the message */
  guint         ticks;
} AcyHalt;

/* Whether to stop now, with @error set: @cancellable was cancelled
 * (%ACY_ERROR_CANCELLED), or @deadline (monotonic time, 0 = none) has
 * come (%ACY_ERROR_LIMIT, "FILENAME: out of time (past the deadline)"). */
gboolean acy_halt_now  (const char *filename, GCancellable *cancellable, gint64 deadline,
                        GError **error);
/* As acy_halt_now() for @halt (nullable: never), every
 * ACY_HALT_TICKS_PER_LOOK calls. */
gboolean acy_halt_tick (AcyHalt *halt, GError **error);

G_END_DECLS
