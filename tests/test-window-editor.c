/* test-window-editor.c - the editor of a tab: keys, errors in view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Keys are pressed through the X server (ui_test_press_keys), so they
 * take the path a user's do, the window's global shortcuts first.
 * ACY_SHOT_DIR=DIR saves what the tests show.
 */

#define G_LOG_DOMAIN "test-window-editor"

#include "config.h"

#include <string.h>

#include "acy-application.h"
#include "acy-document.h"
#include "acy-window.h"
#include "ui-test-support.h"
#include "ui-app-support.h"

static AcyWindow *
create_window (AcyApplication *app)
{
  AcyWindow *window = acy_window_new (app);
  g_autofree char *path = acy_window_get_builtin_model ("sc.cat");

  acy_window_set_model (window, path);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  return window;
}

static gboolean
document_is_idle (gpointer data)
{
  return !acy_document_get_running (ACY_DOCUMENT (data));
}

static const char *
language_id (AcyDocument *document)
{
  GtkSourceLanguage *language = gtk_source_buffer_get_language (acy_document_get_buffer (document));

  return language ? gtk_source_language_get_id (language) : NULL;
}

static int
cursor_line (AcyDocument *document)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (document));
  GtkTextIter cursor;

  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  return gtk_text_iter_get_line (&cursor);
}

typedef struct {
  AcyDocument *document;
  int          line;
  AcyWindow   *window;
} CursorWait;

static gboolean
document_is_selected (gpointer data)
{
  CursorWait *w = data;

  return acy_window_get_document (w->window) == w->document;
}

static gboolean
cursor_is_at (gpointer data)
{
  CursorWait *w = data;

  return cursor_line (w->document) == w->line;
}

/* Ctrl+Home and Ctrl+End move in the text, in the second tab as in the
 * first: the tab view's own Ctrl+Home/End (first and last tab) took
 * them before the editor saw them. */
static void
test_editor_ctrl_home_end (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window = create_window (app);
  AcyDocument *first = acy_window_get_document (window);
  AcyDocument *second;
  GtkTextBuffer *buffer;
  GtkTextIter middle;
  CursorWait w;

  acy_window_load_example (window, "MP");
  second = acy_window_new_document (window, ACY_DOCUMENT_LITMUS);
  g_assert_true (second != first);
  buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (second));
  gtk_text_buffer_set_text (buffer, "C T\n{ }\nP0(int *x) { WRITE_ONCE(*x, 1); }\nexists (x=1)\n", -1);
  gtk_text_buffer_get_iter_at_line (buffer, &middle, 2);
  gtk_text_buffer_place_cursor (buffer, &middle);
  gtk_widget_grab_focus (GTK_WIDGET (acy_document_get_view (second)));
  iterate_a_little ();

  if (!ui_test_press_keys (GTK_WIDGET (window), "ctrl+Home"))
    {
      g_test_skip ("cannot press keys here (needs X11 and xdotool)");
      destroy_window (window);
      return;
    }
  w = (CursorWait) { second, 0, window };
  iterate_until (cursor_is_at, &w);
  g_assert_true (acy_window_get_document (window) == second);

  g_assert_true (ui_test_press_keys (GTK_WIDGET (window), "ctrl+End"));
  w.line = gtk_text_buffer_get_line_count (buffer) - 1;
  iterate_until (cursor_is_at, &w);
  g_assert_true (acy_window_get_document (window) == second);

  /* In the first tab too: Ctrl+End there went to the last tab. */
  {
    AdwTabView *tabs = ADW_TAB_VIEW (gtk_widget_get_ancestor (GTK_WIDGET (first), ADW_TYPE_TAB_VIEW));

    adw_tab_view_set_selected_page (tabs, adw_tab_view_get_page (tabs, GTK_WIDGET (first)));
  }
  g_assert_true (acy_window_get_document (window) == first);
  buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (first));
  gtk_text_buffer_get_start_iter (buffer, &middle);
  gtk_text_buffer_place_cursor (buffer, &middle);
  gtk_widget_grab_focus (GTK_WIDGET (acy_document_get_view (first)));
  iterate_a_little ();
  g_assert_true (ui_test_press_keys (GTK_WIDGET (window), "ctrl+End"));
  w = (CursorWait) { first, gtk_text_buffer_get_line_count (buffer) - 1, window };
  iterate_until (cursor_is_at, &w);
  g_assert_true (acy_window_get_document (window) == first);
  /* Ctrl+Page Down still goes to the next tab. */
  g_assert_true (ui_test_press_keys (GTK_WIDGET (window), "ctrl+Next"));
  w = (CursorWait) { second, 0, window };
  iterate_until (document_is_selected, &w);

  destroy_window (window);
}

typedef struct {
  GtkTextView *view;
  int          line;
} LineInView;

static gboolean
line_in_view (gpointer data)
{
  LineInView *w = data;
  GtkTextIter iter;
  GdkRectangle visible;
  int y, height;

  gtk_text_buffer_get_iter_at_line (gtk_text_view_get_buffer (w->view), &iter, w->line);
  gtk_text_view_get_line_yrange (w->view, &iter, &y, &height);
  gtk_text_view_get_visible_rect (w->view, &visible);
  return y >= visible.y && y + height <= visible.y + visible.height;
}

static gboolean
revealer_in (gpointer data)
{
  return gtk_revealer_get_child_revealed (data);
}

/* An error a few lines below the editor's view is scrolled into it, and
 * is still in view once the error bar has slid in above the editor: it
 * ended under the editor's bottom edge, the bar having taken its
 * height after the scroll. */
static void
test_editor_error_in_view (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window = create_window (app);
  AcyDocument *document = acy_window_get_document (window);
  GtkTextView *view = GTK_TEXT_VIEW (acy_document_get_view (document));
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (document));
  GtkRevealer *bar = GTK_REVEALER (find_widget_of_type (GTK_WIDGET (document), GTK_TYPE_REVEALER));
  g_autoptr(GString) text = g_string_new ("C long\n");
  g_autofree char *own = NULL, *message = NULL;
  GdkRectangle visible;
  GtkTextIter iter;
  LineInView in_view;
  int line;

  for (guint i = 0; i < 200; i++)
    g_string_append_printf (text, "(* line %u *)\n", i + 2);
  gtk_text_buffer_set_text (buffer, text->str, -1);
  gtk_text_buffer_get_start_iter (buffer, &iter);
  gtk_text_buffer_place_cursor (buffer, &iter);
  gtk_text_view_scroll_to_iter (view, &iter, 0, TRUE, 0, 0);
  iterate_a_little ();
  g_assert_false (gtk_revealer_get_child_revealed (bar));
  /* the line three below the last one in view */
  gtk_text_view_get_visible_rect (view, &visible);
  gtk_text_view_get_line_at_y (view, &iter, visible.y + visible.height - 1, NULL);
  line = gtk_text_iter_get_line (&iter) + 3;
  own = acy_document_get_source_name (document);
  message = g_strdup_printf ("%s:%d:3: syntax error near 'line'", own, line + 1);
  acy_document_show_error (document, message);
  iterate_until (revealer_in, bar);
  /* the view scrolls smoothly, over a few frames, which a loaded
   * machine may take a while to draw; without the fix the line stays
   * under the editor's bottom edge, and this gives up after 30 s */
  in_view.view = view;
  in_view.line = line;
  iterate_until (line_in_view, &in_view);
  iterate_a_little ();
  g_assert_true (line_in_view (&in_view));
  ui_test_save_shot (GTK_WIDGET (window), "31-item13-error-in-view");
  destroy_window (window);
}

/* An x86 example: highlighted as x86 assembly, run under the
 * project's x86-TSO, its registers named as herd names them; the
 * highlighting follows the first line when it names another
 * architecture. */
static void
test_editor_x86 (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window = create_window (app);
  AcyDocument *test;
  AcyResultsView *results;
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  acy_window_load_example (window, "X86_64-SB");
  test = acy_window_get_document (window);
  results = acy_document_get_results_view (test);
  g_assert_cmpstr (language_id (test), ==, "litmus-x86");
  g_assert_true (g_str_has_suffix (acy_document_get_model (test), "x86-tso.cat"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  iterate_until (document_is_idle, test);
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Sometimes");
  g_assert_cmpuint (acy_results_view_get_n_rows (results), ==, 4);
  g_assert_nonnull (strstr (acy_results_view_get_herd_text (results), "\n0:rax=0; 1:rax=0;\n"));
  ui_test_save_shot (GTK_WIDGET (window), "33-x86-sb");

  /* the first line says C: C's highlighting */
  buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (test));
  gtk_text_buffer_get_start_iter (buffer, &start);
  end = start;
  gtk_text_iter_forward_chars (&end, strlen ("X86_64"));
  gtk_text_buffer_delete (buffer, &start, &end);
  gtk_text_buffer_insert (buffer, &start, "C", -1);
  g_assert_cmpstr (language_id (test), ==, "litmus");
  destroy_window (window);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 77;
  g_test_add_func ("/ui/editor/ctrl-home-end", test_editor_ctrl_home_end);
  g_test_add_func ("/ui/editor/error-in-view", test_editor_error_in_view);
  g_test_add_func ("/ui/editor/x86", test_editor_x86);
  return g_test_run ();
}
