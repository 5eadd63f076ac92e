/* acy-machine-bar.h - the test run on this machine's CPU: progress, then what it saw
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ACY_TYPE_MACHINE_BAR (acy_machine_bar_get_type ())

G_DECLARE_FINAL_TYPE (AcyMachineBar, acy_machine_bar, ACY, MACHINE_BAR, GtkWidget)

/* Hidden, until a run starts */
void        acy_machine_bar_clear         (AcyMachineBar *self);
void        acy_machine_bar_show_running  (AcyMachineBar *self,
                                           guint64        iterations);
void        acy_machine_bar_set_progress  (AcyMachineBar *self,
                                           guint64        done,
                                           guint64        total);
/* What the run saw, in a sentence; @alarm (nullable): the states the
 * model forbids that the CPU showed, said loudly */
void        acy_machine_bar_show_result   (AcyMachineBar *self,
                                           const char    *summary,
                                           const char    *alarm);
void        acy_machine_bar_show_failure  (AcyMachineBar *self,
                                           const char    *message);

/* For tests: whether a run is going, the sentence shown, the alarm (NULL if none) */
gboolean    acy_machine_bar_get_running   (AcyMachineBar *self);
const char *acy_machine_bar_get_summary   (AcyMachineBar *self);
const char *acy_machine_bar_get_alarm     (AcyMachineBar *self);

G_END_DECLS
