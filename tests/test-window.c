/* test-window.c - widget tests of the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-window"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
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

/* Destroys the window and checks that nothing else keeps it alive. */
static void
close_window (AcyWindow *window)
{
  gpointer weak = window;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_until (pointer_is_null, &weak);
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

  close_window (ACY_WINDOW (window));
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

  close_window (ACY_WINDOW (window));
  g_unlink (path);
}

/* A window with no example, its model set to a built-in one. */
static AcyWindow *
create_window (AcyApplication *app,
               const char     *model)
{
  AcyWindow *window = acy_window_new (app);
  g_autofree char *path = acy_window_get_builtin_model (model);

  acy_window_set_model (window, path);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  return window;
}

/* As a user would: gtk_text_buffer_set_text() can leave a freshly
 * loaded buffer unmodified.
 */
static void
set_text (AcyDocument *document,
          const char  *text)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (document));
  GtkTextIter start, end;

  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_delete (buffer, &start, &end);
  gtk_text_buffer_insert (buffer, &start, text, -1);
  gtk_text_buffer_end_user_action (buffer);
}

static void
run_and_wait (AcyWindow *window)
{
  AcyDocument *document = acy_window_get_document (window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  iterate_until (document_is_idle, document);
}

/* The article's Litmus Test #2 under its Coherent RMO model */
static void
test_window_run_article (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window = create_window (app, "coherent-rmo.cat");
  AcyDocument *document;
  AcyResultsView *results;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.load-example", "s", "C-MP+o-o+o-o"));
  document = acy_window_get_document (window);
  g_assert_cmpuint (acy_window_get_n_documents (window), ==, 1);
  g_assert_cmpstr (acy_document_get_title (document), ==, "C-MP+o-o+o-o.litmus");
  results = acy_document_get_results_view (document);
  g_assert_cmpstr (acy_results_view_get_page (results), ==, "empty");

  run_and_wait (window);
  g_assert_cmpstr (acy_results_view_get_page (results), ==, "result");
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Sometimes");
  g_assert_cmpuint (acy_results_view_get_n_rows (results), ==, 4);
  g_assert_cmpuint (acy_results_view_get_n_satisfying (results), ==, 1);
  g_assert_nonnull (strstr (acy_results_view_get_herd_text (results),
                            "Observation C-MP+o-o+o-o Sometimes 1 3"));
  g_assert_false (acy_results_view_get_stale (results));

  /* An edit makes the verdict stale until the next run. */
  gtk_text_buffer_insert_at_cursor (GTK_TEXT_BUFFER (acy_document_get_buffer (document)), " ", 1);
  g_assert_true (acy_results_view_get_stale (results));

  /* Under Toy RMO with barriers the outcome goes away. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.load-example", "s", "C-MP+o-mb-o+o-mb-o"));
  g_assert_cmpuint (acy_window_get_n_documents (window), ==, 2);
  run_and_wait (window);
  results = acy_document_get_results_view (acy_window_get_document (window));
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Never");
  g_assert_cmpuint (acy_results_view_get_n_rows (results), ==, 3);
  g_assert_cmpuint (acy_results_view_get_n_satisfying (results), ==, 0);

  close_window (window);
}

/* Many candidates: 4 threads of 4 accesses to two locations */
static const char heavy_test[] =
  "C heavy\n\n{\n}\n\n"
  "P0(int *x, int *y)\n{\n  WRITE_ONCE(*x, 1);\n  WRITE_ONCE(*y, 1);\n  WRITE_ONCE(*x, 2);\n  WRITE_ONCE(*y, 2);\n}\n\n"
  "P1(int *x, int *y)\n{\n  int r1; int r2; int r3; int r4;\n  r1 = READ_ONCE(*x);\n  r2 = READ_ONCE(*y);\n"
  "  r3 = READ_ONCE(*x);\n  r4 = READ_ONCE(*y);\n}\n\n"
  "P2(int *x, int *y)\n{\n  int r1; int r2;\n  WRITE_ONCE(*y, 3);\n  r1 = READ_ONCE(*x);\n  WRITE_ONCE(*x, 3);\n  r2 = READ_ONCE(*y);\n}\n\n"
  "P3(int *x, int *y)\n{\n  int r1; int r2;\n  WRITE_ONCE(*x, 4);\n  r1 = READ_ONCE(*y);\n  WRITE_ONCE(*y, 4);\n  r2 = READ_ONCE(*x);\n}\n\n"
  "exists (1:r1=2 /\\ 1:r2=0)\n";

static gboolean
progress_reported (gpointer data)
{
  return acy_results_view_get_progress_candidates (data) > 0;
}

static gboolean
progress_or_done (gpointer data)
{
  return !acy_document_get_running (data)
         || acy_results_view_get_progress_candidates (acy_document_get_results_view (data)) > 0;
}

static void
test_window_cancel (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window = create_window (app, "coherent-rmo.cat");
  AcyDocument *document = acy_window_get_document (window);
  AcyResultsView *results = acy_document_get_results_view (document);
  gint64 cancelled_at;

  set_text (document, heavy_test);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  g_assert_cmpstr (acy_results_view_get_page (results), ==, "running");
  /* Progress arrives while the main loop keeps turning. */
  iterate_until (progress_or_done, document);
  g_assert_cmpstr (acy_document_get_error_message (document), ==, NULL);
  g_assert_true (acy_document_get_running (document));
  g_assert_true (acy_document_get_running (document));

  cancelled_at = g_get_monotonic_time ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel", NULL));
  iterate_until (document_is_idle, document);
  g_assert_cmpint (g_get_monotonic_time () - cancelled_at, <, 5 * G_USEC_PER_SEC);
  g_assert_cmpstr (acy_results_view_get_page (results), ==, "failed");

  /* Running again replaces a run still going. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  iterate_until (progress_reported, results);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.load-example", "s", "MP"));
  document = acy_window_get_document (window);
  results = acy_document_get_results_view (document);
  run_and_wait (window);
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Never");

  /* Back to the heavy test, run twice: the second replaces the first. */
  adw_tab_view_set_selected_page (ADW_TAB_VIEW (gtk_widget_get_ancestor (GTK_WIDGET (document), ADW_TYPE_TAB_VIEW)),
                                  adw_tab_view_get_nth_page (ADW_TAB_VIEW (gtk_widget_get_ancestor (GTK_WIDGET (document), ADW_TYPE_TAB_VIEW)), 0));
  document = acy_window_get_document (window);
  set_text (document, "C tiny\n\n{\n}\n\nP0(int *x)\n{\n  WRITE_ONCE(*x, 1);\n}\n\nexists (x=1)\n");
  run_and_wait (window);
  results = acy_document_get_results_view (document);
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Always");

  close_window (window);
}

static void
test_window_error_line (void)
{
  static const char text[] =
    "C bad\n"                       /* 1 */
    "\n"                            /* 2 */
    "{\n"                           /* 3 */
    "}\n"                           /* 4 */
    "\n"                            /* 5 */
    "P0(int *x)\n"                  /* 6 */
    "{\n"                           /* 7 */
    "  WRITE_ONCE(*x, 1);\n"        /* 8 */
    "  frobnicate_once(x);\n"       /* 9 */
    "}\n"                           /* 10 */
    "\n"
    "exists (x=1)\n";
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window = create_window (app, "sc.cat");
  AcyDocument *document = acy_window_get_document (window);
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (document));
  GtkTextIter cursor;
  guint line = 0;

  set_text (document, text);
  run_and_wait (window);

  g_assert_cmpstr (acy_results_view_get_page (acy_document_get_results_view (document)), ==, "failed");
  g_assert_true (acy_document_get_error_line (document, &line));
  g_assert_cmpuint (line, ==, 9);
  g_assert_nonnull (acy_document_get_error_message (document));
  g_assert_nonnull (strstr (acy_document_get_error_message (document), "frobnicate_once"));
  g_assert_nonnull (strstr (acy_document_get_error_message (document), "line 9"));

  /* Clicking the message moves the cursor to the error. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (document), "document.goto-error", NULL));
  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  g_assert_cmpint (gtk_text_iter_get_line (&cursor), ==, 8);

  /* Any edit takes the underline away. */
  gtk_text_buffer_insert_at_cursor (buffer, " ", 1);
  g_assert_false (acy_document_get_error_line (document, NULL));

  /* Nonsense must fail cleanly too. */
  set_text (document, "}{ exists exists (((( \xe2\x82\xac");
  run_and_wait (window);
  g_assert_cmpstr (acy_results_view_get_page (acy_document_get_results_view (document)), ==, "failed");
  set_text (document, "");
  run_and_wait (window);
  g_assert_cmpstr (acy_results_view_get_page (acy_document_get_results_view (document)), ==, "failed");

  close_window (window);
}

static gboolean
document_has_file (gpointer data)
{
  return acy_document_get_file (data) != NULL;
}

static gboolean
document_count_is_two (gpointer data)
{
  return acy_window_get_n_documents (data) == 2;
}

/* A C11 example opens with RC11, whatever the window's model: relaxed
 * message passing is allowed there. */
static void
test_window_c11_example (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window = create_window (app, "sc.cat");
  AcyDocument *test;

  acy_window_load_example (window, "C11-MP+rlx+rlx");
  test = acy_window_get_document (window);
  g_assert_true (g_str_has_suffix (acy_document_get_model (test), "rc11.cat"));
  run_and_wait (window);
  g_assert_cmpstr (acy_results_view_get_verdict (acy_document_get_results_view (test)), ==, "Sometimes");
}

/* A model edited in its tab is used unsaved; its errors land in it. */
static void
test_window_model_edited (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *dir = g_dir_make_tmp ("test-window-model-XXXXXX", NULL);
  g_autofree char *cat_path = g_build_filename (dir, "mine.cat", NULL);
  g_autofree char *coherent = NULL;
  g_autofree char *toy_path = NULL;
  g_autofree char *toy = NULL;
  g_autoptr(GFile) cat_file = NULL;
  g_autoptr(GError) error = NULL;
  AcyWindow *window;
  AcyDocument *test, *model;
  AcyResultsView *results;
  guint line = 0;

  coherent = acy_window_get_builtin_model ("coherent-rmo.cat");
  g_file_get_contents (coherent, &toy, NULL, &error);
  g_assert_no_error (error);
  g_file_set_contents (cat_path, toy, -1, &error);
  g_assert_no_error (error);
  g_clear_pointer (&toy, g_free);
  toy_path = acy_window_get_builtin_model ("toy-rmo.cat");
  g_file_get_contents (toy_path, &toy, NULL, &error);
  g_assert_no_error (error);

  window = create_window (app, "sc.cat");
  acy_window_set_model (window, cat_path);
  acy_window_load_example (window, "C-CO+o-o");
  test = acy_window_get_document (window);
  results = acy_document_get_results_view (test);
  run_and_wait (window);
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Never");

  /* Edit Model opens the model's file in a tab of its own. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-model", NULL));
  iterate_until (document_count_is_two, window);
  model = acy_window_get_document (window);
  iterate_until (document_has_file, model);
  g_assert_cmpint (acy_document_get_kind (model), ==, ACY_DOCUMENT_CAT);
  cat_file = g_file_new_for_path (cat_path);
  g_assert_true (g_file_equal (acy_document_get_file (model), cat_file));

  /* Without coherence the outcome is allowed: the unsaved text counts.
   * Run from the model's tab checks the last test.
   */
  set_text (model, toy);
  g_assert_true (acy_document_get_modified (model));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  g_assert_true (acy_window_get_document (window) == test);
  iterate_until (document_is_idle, test);
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Sometimes");

  /* An error in the model is underlined in the model's tab. */
  set_text (model, "\"Broken\"\n\nlet x = po |\nacyclic x\n");
  run_and_wait (window);
  g_assert_cmpstr (acy_results_view_get_page (results), ==, "failed");
  g_assert_true (acy_document_get_error_line (model, &line));
  g_assert_cmpuint (line, >=, 3);
  g_assert_cmpuint (line, <=, 4);
  g_assert_nonnull (acy_document_get_error_message (test));
  g_assert_nonnull (strstr (acy_document_get_error_message (test), "mine.cat"));

  close_window (window);
  g_unlink (cat_path);
  g_rmdir (dir);
}

static gboolean
document_is_saved (gpointer data)
{
  return acy_document_get_file (data) != NULL && !acy_document_get_modified (data);
}

static void
test_window_save (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *dir = g_dir_make_tmp ("test-window-save-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "saved.litmus", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  AcyWindow *window = create_window (app, "sc.cat");
  AcyDocument *document = acy_window_get_document (window);

  set_text (document, "C saved\n\n{\n}\n\nP0(int *x)\n{\n  WRITE_ONCE(*x, 1);\n}\n\nexists (x=1)");
  g_assert_true (acy_document_get_modified (document));
  acy_document_save_async (document, file, NULL, NULL, NULL);
  iterate_until (document_is_saved, document);

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (contents, "C saved\n"));
  g_assert_true (g_str_has_suffix (contents, "exists (x=1)\n"));
  g_assert_cmpstr (acy_document_get_title (document), ==, "saved.litmus");

  close_window (window);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_window_languages (void)
{
  GtkSourceLanguageManager *languages;
  g_autoptr(AcyApplication) app = ui_test_create_application ();

  /* startup adds our resource folder to the search path */
  g_application_activate (G_APPLICATION (app));
  languages = gtk_source_language_manager_get_default ();
  g_assert_nonnull (gtk_source_language_manager_get_language (languages, "litmus"));
  g_assert_nonnull (gtk_source_language_manager_get_language (languages, "cat"));
  close_window (ACY_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app))));
}

int
main (int   argc,
      char *argv[])
{

  if (!ui_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/ui/window/example", test_window_example);
  g_test_add_func ("/ui/window/open-file", test_window_open_file);
  g_test_add_func ("/ui/window/run-article", test_window_run_article);
  g_test_add_func ("/ui/window/cancel", test_window_cancel);
  g_test_add_func ("/ui/window/error-line", test_window_error_line);
  g_test_add_func ("/ui/window/model-edited", test_window_model_edited);
  g_test_add_func ("/ui/window/c11-example", test_window_c11_example);
  g_test_add_func ("/ui/window/save", test_window_save);
  g_test_add_func ("/ui/window/languages", test_window_languages);

  return g_test_run ();
}
