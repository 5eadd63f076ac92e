/* acy-window.h - the main window: litmus editor beside the results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <gtksourceview/gtksource.h>

#include "acy-application.h"

G_BEGIN_DECLS

#define ACY_TYPE_WINDOW (acy_window_get_type ())

G_DECLARE_FINAL_TYPE (AcyWindow, acy_window, ACY, WINDOW, AdwApplicationWindow)

AcyWindow       *acy_window_new          (AcyApplication *application);
GtkSourceBuffer *acy_window_get_buffer   (AcyWindow      *self);
GFile           *acy_window_get_file     (AcyWindow      *self);
void             acy_window_load_example (AcyWindow      *self);
void             acy_window_load_file    (AcyWindow      *self,
                                          GFile          *file);
void             acy_window_show_output  (AcyWindow      *self,
                                          const char     *text);

G_END_DECLS
