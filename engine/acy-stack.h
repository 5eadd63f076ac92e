/* acy-stack.h - how much of the calling thread's stack is left
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

G_END_DECLS
