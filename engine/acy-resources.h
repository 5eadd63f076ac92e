/* acy-resources.h - stack and memory left to the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Private to the engine.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE when the calling thread is near the end of its stack. */
gboolean acy_stack_low (void);

/* Bytes of memory the process has in use now (resident), 0 if unknown. */
guint64  acy_memory_in_use (void);

/* The default memory bound: half of the physical memory (1 GiB when
 * unknown). */
guint64  acy_memory_default_bound (void);

G_END_DECLS
