/* ui-test-support.h - what every widget test needs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef gboolean (*Condition) (gpointer data);

/* g_test_init, autosaves in a fresh XDG_STATE_HOME (never the user's),
 * the session-bus filter and GTK. Returns FALSE when there is no display:
 * the test should then exit with 77, meson's "skipped". */
gboolean ui_test_init (int *argc, char ***argv);

/* Run the main context until @condition holds; fails the test after 30 s
 * so that a broken window fails instead of hanging until meson's timeout. */
void     iterate_until            (Condition condition,
                                   gpointer  data);
/* The same with a limit of @seconds: for what builds and runs a program
 * (Run on This Machine), which a busy machine slows down many times. */
void     iterate_until_within     (Condition condition,
                                   gpointer  data,
                                   guint     seconds);
gboolean widget_is_mapped         (gpointer data);
gboolean pointer_is_null          (gpointer data);

/* Runs what is pending in the main context, twenty times over 40 ms:
 * for what takes a frame or two to happen (a popover, a relayout). */
void     iterate_a_little         (void);

/* Destroys @window and runs the main context until it is finalized. */
void     destroy_window           (gpointer  window);

typedef gboolean (*WidgetMatch) (GtkWidget    *widget,
                                 gconstpointer data);

/* The first widget under @root, @root included, depth first, that
 * @match accepts; NULL when there is none. */
GtkWidget *find_widget            (GtkWidget    *root,
                                   WidgetMatch   match,
                                   gconstpointer data);
/* The same for the first one that is a @type. */
GtkWidget *find_widget_of_type    (GtkWidget    *root,
                                   GType         type);

/* A GLogWriterFunc that drops GTK's warning about a missing session bus
 * (test machines often have none; GtkApplication copes) and passes
 * everything else on. */
GLogWriterOutput drop_missing_session_bus (GLogLevelFlags   log_level,
                                           const GLogField *fields,
                                           gsize            n_fields,
                                           gpointer         user_data);

/* ACY_GRAPH_SCREENSHOT_PAUSE=SECS keeps the window up that long, to look
 * at it; without it, returns at once. */
void     ui_test_pause_for_screenshot (void);

/* ACY_SHOT_DIR=DIR saves what @widget shows as DIR/NAME.png; without
 * it, does nothing. */
void     ui_test_save_shot            (GtkWidget  *widget,
                                       const char *name);

/* Presses @keys (xdotool's names: "ctrl+Home") in @window through the X
 * server, the way a user does. FALSE when that cannot be done here (no
 * xdotool, not X11): the test should skip. */
gboolean ui_test_press_keys           (GtkWidget  *window,
                                       const char *keys);

G_END_DECLS
