/* acy-preferences-window.h - default model, editor font, model search path
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ACY_TYPE_PREFERENCES_WINDOW (acy_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (AcyPreferencesWindow, acy_preferences_window, ACY, PREFERENCES_WINDOW, AdwPreferencesWindow)

AcyPreferencesWindow *acy_preferences_window_new (GtkWindow *parent,
                                                  GSettings *settings);

G_END_DECLS
