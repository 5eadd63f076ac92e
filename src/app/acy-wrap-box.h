/* acy-wrap-box.h - children side by side, wrapping into lines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ACY_TYPE_WRAP_BOX (acy_wrap_box_get_type ())
G_DECLARE_FINAL_TYPE (AcyWrapBox, acy_wrap_box, ACY, WRAP_BOX, GtkWidget)

GtkWidget *acy_wrap_box_new    (void);
void       acy_wrap_box_append (AcyWrapBox *self,
                                GtkWidget  *child);
void       acy_wrap_box_insert_before (AcyWrapBox *self,
                                       GtkWidget  *child,
                                       GtkWidget  *sibling);

G_END_DECLS
