/* acy-cycle-window.h - New Test from a Cycle
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ACY_TYPE_CYCLE_WINDOW (acy_cycle_window_get_type ())
G_DECLARE_FINAL_TYPE (AcyCycleWindow, acy_cycle_window, ACY, CYCLE_WINDOW, AdwWindow)

/* @parent: the main window the test opens in; @cycle (nullable): typed
 * in already */
AcyCycleWindow *acy_cycle_window_new           (GtkWindow      *parent,
                                                const char     *cycle);
void            acy_cycle_window_set_cycle     (AcyCycleWindow *self,
                                                const char     *cycle,
                                                gboolean        one_loc);
/* What the window says under the cycle: the error, or what it is. */
const char     *acy_cycle_window_get_status    (AcyCycleWindow *self);
/* The name of the test drawn, NULL until one is. */
const char     *acy_cycle_window_get_test_name (AcyCycleWindow *self);

G_END_DECLS
