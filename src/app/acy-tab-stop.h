/* acy-tab-stop.h - a container that is one Tab stop, however many
 * focusable children it has
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ACY_TYPE_TAB_STOP (acy_tab_stop_get_type ())

G_DECLARE_FINAL_TYPE (AcyTabStop, acy_tab_stop, ACY, TAB_STOP, GtkWidget)

G_END_DECLS
