/* acy-editor-font.h - the editor font of the preferences, applied with CSS
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

char *acy_editor_font_to_css  (const char *font);
void  acy_editor_font_install (GSettings  *settings,
                               GdkDisplay *display);

G_END_DECLS
