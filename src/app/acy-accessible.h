/* acy-accessible.h - what the windows tell assistive technologies
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void acy_accessible_fix_mnemonics  (GtkWidget   *root);
void acy_accessible_name_drop_down (GtkDropDown *drop_down,
                                    const char  *name);
void acy_accessible_name_menu_button (GtkMenuButton *menu_button,
                                      const char    *name,
                                      const char    *description);
void acy_accessible_name_tab_bar   (GtkWidget   *tab_bar);
void acy_accessible_name_search_entries (GtkWidget *root,
                                         const char *name);
void acy_accessible_set_description (GtkWidget  *widget,
                                     const char *description);
void acy_accessible_announce       (GtkWidget   *status,
                                    const char  *message);

G_END_DECLS
