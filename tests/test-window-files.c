/* test-window-files.c - the main window's documents and their files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Closing with unsaved work, new tabs' names, examples opened twice, a
 * file changed on disk by another program. ACY_SHOT_DIR=DIR saves what
 * the tests show.
 */

#define G_LOG_DOMAIN "test-window-files"

#include "config.h"

#include <glib/gstdio.h>
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

/* As a user would: an edit, undoable, that marks the buffer modified. */
static void
type_text (AcyDocument *document,
           const char  *text)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (document));

  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_insert_at_cursor (buffer, text, -1);
  gtk_text_buffer_end_user_action (buffer);
}

static char *
write_test (const char *dir,
            const char *name,
            const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

static gboolean
document_has_file (gpointer data)
{
  return acy_document_get_file (data) != NULL;
}

/* The message dialogs in front of @window */
static GPtrArray *
message_dialogs (GtkWindow *window)
{
  GPtrArray *found = g_ptr_array_new ();
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == window
          && gtk_widget_get_visible (GTK_WIDGET (w)))
        g_ptr_array_add (found, w);
    }
  return found;
}

static gboolean
has_message_dialog (gpointer data)
{
  g_autoptr(GPtrArray) dialogs = message_dialogs (data);

  return dialogs->len > 0;
}

/* As a click on one of its buttons: the answer, then the dialog goes. */
static void
answer (gpointer    dialog,
        const char *response)
{
  adw_message_dialog_response (dialog, response);
  gtk_window_close (dialog);
}

static gboolean
has_no_message_dialog (gpointer data)
{
  return !has_message_dialog (data);
}

static guint
count_check_buttons (GtkWidget *widget)
{
  guint n = GTK_IS_CHECK_BUTTON (widget) ? 1 : 0;

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    n += count_check_buttons (c);
  return n;
}

static GtkCheckButton *
nth_check_button (GtkWidget *widget,
                  guint     *n)
{
  if (GTK_IS_CHECK_BUTTON (widget) && (*n)-- == 0)
    return GTK_CHECK_BUTTON (widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkCheckButton *found = nth_check_button (c, n);

      if (found)
        return found;
    }
  return NULL;
}

/* Closing the window with three modified documents asks once, in one
 * list; the ticked ones are saved, the others discarded, and the
 * window goes. It asked once per document, each in turn. */
static void
test_files_close_asks_once (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *dir = g_dir_make_tmp ("acyclic-close-XXXXXX", NULL);
  g_autofree char *a_path = write_test (dir, "A.litmus", "C A\n{ }\nP0(int *x) { WRITE_ONCE(*x, 1); }\nexists (x=1)\n");
  g_autofree char *b_path = write_test (dir, "B.litmus", "C B\n{ }\nP0(int *x) { WRITE_ONCE(*x, 2); }\nexists (x=2)\n");
  g_autoptr(GFile) a_file = g_file_new_for_path (a_path);
  g_autoptr(GFile) b_file = g_file_new_for_path (b_path);
  g_autoptr(GPtrArray) dialogs = NULL;
  g_autofree char *a_text = NULL, *b_text = NULL;
  GtkWidget *body;
  AcyWindow *window = create_window (app);
  AcyDocument *a, *b, *untitled;
  guint n;

  acy_window_load_file (window, a_file);
  a = acy_window_get_document (window);
  iterate_until (document_has_file, a);
  acy_window_new_document (window, ACY_DOCUMENT_LITMUS);
  acy_window_load_file (window, b_file);
  b = acy_window_get_document (window);
  iterate_until (document_has_file, b);
  untitled = acy_window_new_document (window, ACY_DOCUMENT_LITMUS);
  /* and one unmodified tab, which is not listed */
  acy_window_new_document (window, ACY_DOCUMENT_LITMUS);
  g_assert_cmpuint (acy_window_get_n_documents (window), ==, 4);
  type_text (a, "(* a *)\n");
  type_text (b, "(* b *)\n");
  type_text (untitled, "(* untitled *)\n");

  gtk_window_close (GTK_WINDOW (window));
  iterate_until (has_message_dialog, window);
  dialogs = message_dialogs (GTK_WINDOW (window));
  g_assert_cmpuint (dialogs->len, ==, 1);
  body = adw_message_dialog_get_extra_child (dialogs->pdata[0]);
  g_assert_nonnull (body);
  g_assert_cmpuint (count_check_buttons (body), ==, 3);
  ui_test_save_shot (dialogs->pdata[0], "31-item13-close-list");
  /* untick the untitled one (listed last): it is not to be saved */
  n = 2;
  gtk_check_button_set_active (nth_check_button (body, &n), FALSE);
  answer (dialogs->pdata[0], "save");

  /* the window goes without another question */
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  iterate_until (pointer_is_null, &window);
  g_file_get_contents (a_path, &a_text, NULL, NULL);
  g_file_get_contents (b_path, &b_text, NULL, NULL);
  g_assert_true (g_str_has_prefix (a_text, "(* a *)\nC A"));
  g_assert_true (g_str_has_prefix (b_text, "(* b *)\nC B"));

  g_unlink (a_path);
  g_unlink (b_path);
  g_rmdir (dir);
}

/* Cancel keeps the window and every document as it was. */
static void
test_files_close_cancel (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window = create_window (app);
  g_autoptr(GPtrArray) dialogs = NULL;

  type_text (acy_window_get_document (window), "(* one *)\n");
  type_text (acy_window_new_document (window, ACY_DOCUMENT_LITMUS), "(* two *)\n");
  gtk_window_close (GTK_WINDOW (window));
  iterate_until (has_message_dialog, window);
  dialogs = message_dialogs (GTK_WINDOW (window));
  g_assert_cmpuint (dialogs->len, ==, 1);
  answer (dialogs->pdata[0], "cancel");
  iterate_until (has_no_message_dialog, window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpuint (acy_window_get_n_documents (window), ==, 2);
  g_assert_true (acy_document_get_modified (acy_window_get_nth_document (window, 0)));
  g_assert_true (acy_document_get_modified (acy_window_get_nth_document (window, 1)));

  /* Discard All closes it without saving */
  gtk_window_close (GTK_WINDOW (window));
  iterate_until (has_message_dialog, window);
  g_clear_pointer (&dialogs, g_ptr_array_unref);
  dialogs = message_dialogs (GTK_WINDOW (window));
  answer (dialogs->pdata[0], "discard");
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  iterate_until (pointer_is_null, &window);
}

/* New tabs are numbered by kind, each with a name no other tab has. */
static void
test_files_untitled_names (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window = create_window (app);
  AcyDocument *second, *recovered;

  g_assert_cmpstr (acy_document_get_title (acy_window_get_document (window)), ==, "Untitled Test 1");
  second = acy_window_new_document (window, ACY_DOCUMENT_LITMUS);
  g_assert_cmpstr (acy_document_get_title (second), ==, "Untitled Test 2");
  /* models counted apart: the first is 1, not 3 */
  g_assert_cmpstr (acy_document_get_title (acy_window_new_document (window, ACY_DOCUMENT_CAT)), ==,
                   "Untitled Model 1");
  g_assert_cmpstr (acy_document_get_title (acy_window_new_document (window, ACY_DOCUMENT_CAT)), ==,
                   "Untitled Model 2");
  /* a recovered copy keeps its name: a new tab does not take it again */
  recovered = acy_window_new_document (window, ACY_DOCUMENT_LITMUS);
  acy_document_set_text (recovered, "C T\n{ }\nP0(int *x) { WRITE_ONCE(*x, 1); }\nexists (x=1)\n", -1,
                         "Untitled Test 4", TRUE);
  g_assert_cmpstr (acy_document_get_title (acy_window_new_document (window, ACY_DOCUMENT_LITMUS)), ==,
                   "Untitled Test 3");
  g_assert_cmpstr (acy_document_get_title (acy_window_new_document (window, ACY_DOCUMENT_LITMUS)), ==,
                   "Untitled Test 5");
  acy_document_discard_autosave (recovered);
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (acy_document_get_buffer (recovered)), FALSE);
  /* a name freed by a closed tab is given again */
  {
    AdwTabView *tabs = ADW_TAB_VIEW (gtk_widget_get_ancestor (GTK_WIDGET (second), ADW_TYPE_TAB_VIEW));

    adw_tab_view_close_page (tabs, adw_tab_view_get_page (tabs, GTK_WIDGET (second)));
  }
  iterate_a_little ();
  g_assert_cmpstr (acy_document_get_title (acy_window_new_document (window, ACY_DOCUMENT_LITMUS)), ==,
                   "Untitled Test 2");

  destroy_window (window);
}

static gboolean
changed_on_disk (gpointer data)
{
  return acy_document_get_changed_on_disk (data);
}

static gboolean
not_changed_on_disk (gpointer data)
{
  return !acy_document_get_changed_on_disk (data);
}

static gboolean
text_is_reloaded (gpointer data)
{
  g_autofree char *text = acy_document_get_text (data);

  /* the loader writes as it reads: done once it marks the text saved */
  return g_str_has_prefix (text, "C Other") && !acy_document_get_modified (data);
}

/* Another program writes the open file: a bar says so and reloads it on
 * request. The document's own save is no such change. */
static void
test_files_changed_on_disk (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *dir = g_dir_make_tmp ("acyclic-watch-XXXXXX", NULL);
  g_autofree char *path = write_test (dir, "W.litmus", "C W\n{ }\nP0(int *x) { WRITE_ONCE(*x, 1); }\nexists (x=1)\n");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  AcyWindow *window = create_window (app);
  AcyDocument *document;
  gint64 end;

  acy_window_load_file (window, file);
  document = acy_window_get_document (window);
  iterate_until (document_has_file, document);
  g_assert_false (acy_document_get_changed_on_disk (document));

  /* Saved here: no bar, however long one waits for the file's events */
  type_text (document, "(* mine *)\n");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  end = g_get_monotonic_time () + G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    iterate_a_little ();
  g_assert_false (acy_document_get_modified (document));
  g_assert_false (acy_document_get_changed_on_disk (document));

  /* Written by another program */
  g_assert_true (g_file_set_contents (path, "C Other\n{ }\nP0(int *x) { WRITE_ONCE(*x, 2); }\nexists (x=2)\n",
                                      -1, NULL));
  iterate_until (changed_on_disk, document);
  ui_test_save_shot (GTK_WIDGET (window), "31-item13-changed-on-disk");
  acy_document_reload (document);
  iterate_until (text_is_reloaded, document);
  g_assert_false (acy_document_get_changed_on_disk (document));
  g_assert_false (acy_document_get_modified (document));

  /* Deleted: said too */
  g_unlink (path);
  iterate_until (changed_on_disk, document);
  /* written back by a save, the bar goes */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  iterate_until (not_changed_on_disk, document);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  destroy_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 77;
  g_test_add_func ("/ui/files/close-asks-once", test_files_close_asks_once);
  g_test_add_func ("/ui/files/close-cancel", test_files_close_cancel);
  g_test_add_func ("/ui/files/untitled-names", test_files_untitled_names);
  g_test_add_func ("/ui/files/changed-on-disk", test_files_changed_on_disk);
  return g_test_run ();
}
