/* test-window-open.c - the main window's first example, and files opened in it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Out of test-window.c, which had passed 1,500 lines: the example a new
 * window shows, a file opened from the menu or the command line, and
 * files it must refuse (binary, a FIFO) or show by another name.
 */

#define G_LOG_DOMAIN "test-window-open"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "acy-application.h"
#include "acy-document.h"
#include "acy-results-view.h"
#include "acy-window.h"
#include "ui-test-support.h"
#include "ui-app-support.h"

static gboolean
document_is_idle (gpointer data)
{
  return !acy_document_get_running (ACY_DOCUMENT (data));
}

static gboolean
window_has_file (gpointer data)
{
  return acy_window_get_file (ACY_WINDOW (data)) != NULL;
}

static char *
buffer_text (AcyWindow *window)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (acy_window_get_buffer (window));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, TRUE);
}

static void
test_window_example (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autoptr(GBytes) example = NULL;
  g_autofree char *text = NULL;
  GtkWindow *window;

  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (ACY_IS_WINDOW (window));
  iterate_until (widget_is_mapped, window);

  example = g_resources_lookup_data ("/org/acyclic/Acyclic/examples/MP.litmus",
                                     G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_assert_nonnull (example);
  /* The buffer holds the final newline implicitly. */
  text = buffer_text (ACY_WINDOW (window));
  g_assert_cmpmem (text, strlen (text),
                   g_bytes_get_data (example, NULL), g_bytes_get_size (example) - 1);
  g_assert_true (g_str_has_prefix (text, "C MP\n"));
  g_assert_nonnull (strstr (text, "exists (1:r0=1 /\\ 1:r1=0)"));
  g_assert_null (acy_window_get_file (ACY_WINDOW (window)));
  g_assert_false (gtk_text_buffer_get_modified (GTK_TEXT_BUFFER (acy_window_get_buffer (ACY_WINDOW (window)))));

  /* Activating again must reuse the window, not stack up new ones. */
  g_application_activate (G_APPLICATION (app));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);

  /* Run must be reachable from the keyboard while the editor has focus,
   * which only an application accelerator is.
   */
  {
    g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.run");

    g_assert_true (g_strv_contains ((const char * const *) accels, "<Control>Return"));
  }

  /* The example runs and agrees with its Result: comment. */
  {
    AcyDocument *document = acy_window_get_document (ACY_WINDOW (window));
    AcyResultsView *results = acy_document_get_results_view (document);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
    g_assert_true (acy_document_get_running (document));
    iterate_until (document_is_idle, document);
    g_assert_cmpstr (acy_results_view_get_page (results), ==, "result");
    g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Never");
    g_assert_nonnull (strstr (acy_results_view_get_expected_text (results), "Agrees"));
  }

  destroy_window (ACY_WINDOW (window));
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

static void
test_window_open_file (void)
{
  static const char contents[] = "C SB\n\n{}\n\nP0(int *x) { WRITE_ONCE(*x, 1); }\n";
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  GtkWindow *window;
  int fd;

  fd = g_file_open_tmp ("test-window-XXXXXX.litmus", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (path);

  g_application_open (G_APPLICATION (app), &file, 1, "");
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (ACY_IS_WINDOW (window));
  iterate_until (window_has_file, window);

  g_assert_true (g_file_equal (acy_window_get_file (ACY_WINDOW (window)), file));
  text = buffer_text (ACY_WINDOW (window));
  g_assert_cmpmem (text, strlen (text), contents, strlen (contents) - 1);

  /* Back to the example forgets the file. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.load-example", "s", "MP"));
  /* in a tab of its own, beside the file */
  g_assert_cmpuint (acy_window_get_n_documents (ACY_WINDOW (window)), ==, 2);
  g_assert_null (acy_window_get_file (ACY_WINDOW (window)));

  destroy_window (ACY_WINDOW (window));
  g_unlink (path);
}

static gboolean
is_label_containing (GtkWidget    *widget,
                     gconstpointer text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL;
}

static gboolean
open_error_shown (gpointer data)
{
  return find_widget (GTK_WIDGET (data), is_label_containing, "Could not open") != NULL;
}

/* Opens @path as `acyclic FILE` does: into a new window's untitled tab.
 * Returns the window once @until holds. */
static GtkWindow *
open_as_argument (AcyApplication *app, const char *path, Condition until)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWindow *window;

  g_application_open (G_APPLICATION (app), &file, 1, "");
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (ACY_IS_WINDOW (window));
  iterate_until (until, window);
  return window;
}

/* A file that is not text (here with NUL bytes, as any binary has) is
 * not opened: the toast names the file and why, and the tab it would
 * have gone into keeps what it had, rather than the loader's half. */
static void
test_window_open_binary (void)
{
  static const char binary[] = "C x\n\0\1\2\3\377\376 not text";
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-window-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "blob.litmus", NULL);
  g_autofree char *text = NULL;
  GtkWindow *window;
  AcyDocument *document;
  GtkWidget *label;

  g_file_set_contents (path, binary, sizeof binary - 1, &error);
  g_assert_no_error (error);
  window = open_as_argument (app, path, open_error_shown);

  label = find_widget (GTK_WIDGET (window), is_label_containing, "Could not open");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==,
                   "Could not open “blob.litmus”: it is not a text file");
  document = acy_window_get_document (ACY_WINDOW (window));
  g_assert_null (acy_window_get_file (ACY_WINDOW (window)));
  text = buffer_text (ACY_WINDOW (window));
  g_assert_null (strstr (text, "not text"));
  g_assert_true (acy_document_is_pristine (document));

  destroy_window (ACY_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

/* A named pipe is refused before it is read: the loader would wait on
 * it for ever, the tab empty and nothing said. */
static void
test_window_open_fifo (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *dir = g_dir_make_tmp ("test-window-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "pipe.litmus", NULL);
  GtkWindow *window;
  GtkWidget *label;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  window = open_as_argument (app, path, open_error_shown);

  label = find_widget (GTK_WIDGET (window), is_label_containing, "Could not open");
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)),
                            "cannot read a named pipe (FIFO) as an input file"));
  g_assert_null (acy_window_get_file (ACY_WINDOW (window)));
  g_assert_true (acy_document_is_pristine (acy_window_get_document (ACY_WINDOW (window))));

  destroy_window (ACY_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

/* A file whose name is not UTF-8 (here Latin-1's é) opens, with a
 * title GTK can show and read out: it crashed the window, in the title
 * given to the accessibility tree. */
static void
test_window_open_latin1_name (void)
{
  static const char contents[] = "C SB\n\n{}\n\nP0(int *x) { WRITE_ONCE(*x, 1); }\n\nexists (x=1)\n";
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-window-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "caf\xe9.litmus", NULL);
  g_autofree char *model = NULL;
  const char *title;
  GtkWindow *window;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  window = open_as_argument (app, path, window_has_file);

  title = acy_document_get_title (acy_window_get_document (ACY_WINDOW (window)));
  g_assert_true (g_utf8_validate (title, -1, NULL));
  g_assert_true (g_str_has_prefix (title, "caf"));
  g_assert_true (g_str_has_suffix (title, ".litmus"));
  g_assert_true (g_utf8_validate (gtk_window_get_title (window), -1, NULL));

  /* a model so named: the chooser shows it, and screen readers read it */
  {
    g_autofree char *sc = acy_window_get_builtin_model ("sc.cat");
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (sc, &text, NULL, NULL));
    g_clear_pointer (&model, g_free);
    model = g_build_filename (dir, "mod\xe8le.cat", NULL);
    g_assert_true (g_file_set_contents (model, text, -1, NULL));
    /* not taken, with a word: the action's state and the setting that
     * would hold it take UTF-8 only */
    acy_window_set_model (ACY_WINDOW (window), model);
    iterate_a_little ();
    g_assert_nonnull (find_widget (GTK_WIDGET (window), is_label_containing, "its path is not UTF-8 text"));
    g_assert_cmpstr (acy_window_get_model (ACY_WINDOW (window)), !=, model);
  }

  destroy_window (ACY_WINDOW (window));
  g_unlink (path);
  g_unlink (model);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/ui/window/example", test_window_example);
  g_test_add_func ("/ui/window/open-file", test_window_open_file);
  g_test_add_func ("/ui/window/open-binary", test_window_open_binary);
  g_test_add_func ("/ui/window/open-fifo", test_window_open_fifo);
  g_test_add_func ("/ui/window/open-latin1-name", test_window_open_latin1_name);
  return g_test_run ();
}
