/* test-recovery.c - no edit is lost: crash recovery and failed saves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-recovery"

#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "acy-application.h"
#include "acy-autosave.h"
#include "acy-document.h"
#include "acy-window.h"
#include "ui-test-support.h"
#include "ui-app-support.h"

#define TYPED "/* typed before the crash */"

/* The first autosaved copy holding @data (a string), or NULL. */
static char *
find_autosave_with (const char *needle)
{
  g_autofree char *dir = acy_autosave_get_dir ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *contents = NULL;

      if (g_str_has_suffix (name, ".autosave")
          && g_file_get_contents (path, &contents, NULL, NULL)
          && strstr (contents, needle) != NULL)
        return g_steal_pointer (&path);
    }
  return NULL;
}

static gboolean
autosave_written (gpointer data)
{
  g_autofree char *path = find_autosave_with (TYPED);

  return path != NULL;
}

static void
clear_autosaves (void)
{
  g_autofree char *dir = acy_autosave_get_dir ();
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
}

static gboolean
is_button_labelled (GtkWidget    *widget,
                    gconstpointer text)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), text) == 0;
}

static gboolean
is_label_containing (GtkWidget    *widget,
                     gconstpointer text)
{
  return GTK_IS_LABEL (widget)
         && strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL;
}

static gboolean
has_recover_button (gpointer data)
{
  return find_widget (GTK_WIDGET (data), is_button_labelled, "_Recover") != NULL;
}

static gboolean
has_save_error (gpointer data)
{
  return find_widget (GTK_WIDGET (data), is_label_containing, "Could not save") != NULL;
}

static AcyDocument *
document_with_text (AcyWindow  *window,
                    const char *needle)
{
  for (guint i = 0; i < acy_window_get_n_documents (window); i++)
    {
      AcyDocument *document = acy_window_get_nth_document (window, i);
      g_autofree char *text = acy_document_get_text (document);

      if (strstr (text, needle) != NULL)
        return document;
    }
  return NULL;
}

static gboolean
window_has_typed_text (gpointer data)
{
  return document_with_text (ACY_WINDOW (data), TYPED) != NULL;
}

static gboolean
example_loaded (gpointer data)
{
  g_autofree char *text = acy_document_get_text (acy_window_get_document (ACY_WINDOW (data)));

  return g_str_has_prefix (text, "C ");
}

static void
test_recovery_after_crash (void)
{
  g_autofree char *autosave = NULL;
  g_autofree char *contents = NULL;
  AcyApplication *app;
  GtkWindow *window;
  GtkTextBuffer *buffer;
  AcyDocument *document;

  clear_autosaves ();

  /* A session: type, wait for the copy to reach the disk. */
  app = ui_test_create_application ();
  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (ACY_IS_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  /* Typed after the example arrives, which would replace it. */
  iterate_until (example_loaded, window);
  buffer = GTK_TEXT_BUFFER (acy_window_get_buffer (ACY_WINDOW (window)));
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_insert_at_cursor (buffer, TYPED "\n", -1);
  gtk_text_buffer_end_user_action (buffer);
  iterate_until (autosave_written, NULL);

  /* The crash: the window goes without asking, saving or discarding. */
  destroy_window (window);
  g_object_unref (app);

  autosave = find_autosave_with (TYPED);
  g_assert_nonnull (autosave);
  g_file_get_contents (autosave, &contents, NULL, NULL);
  g_assert_nonnull (strstr (contents, "text="));

  /* The next session offers the copy back; taking it restores the text. */
  app = ui_test_create_application ();
  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (ACY_IS_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  g_assert_null (document_with_text (ACY_WINDOW (window), TYPED));
  iterate_until (has_recover_button, window);
  g_signal_emit_by_name (find_widget (GTK_WIDGET (window), is_button_labelled, "_Recover"),
                         "clicked");
  iterate_until (window_has_typed_text, window);

  document = document_with_text (ACY_WINDOW (window), TYPED);
  g_assert_true (acy_document_get_modified (document));
  /* The old copy is gone, a new one keeps the text under the new tab
   * (written at once, on a worker). */
  g_assert_false (g_file_test (autosave, G_FILE_TEST_EXISTS));
  g_clear_pointer (&autosave, g_free);
  iterate_until (autosave_written, NULL);
  autosave = find_autosave_with (TYPED);
  g_assert_nonnull (autosave);

  acy_document_discard_autosave (document);
  destroy_window (window);
  g_object_unref (app);
  clear_autosaves ();
}

static void
test_failed_save (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *dir = g_dir_make_tmp ("test-recovery-save-XXXXXX", NULL);
  g_autofree char *original_path = g_build_filename (dir, "original.litmus", NULL);
  g_autofree char *not_a_dir = g_build_filename (dir, "file-as-dir", NULL);
  /* Its parent is a regular file: this fails even for root. */
  g_autofree char *bad_path = g_build_filename (not_a_dir, "test.litmus", NULL);
  g_autoptr(GFile) original = g_file_new_for_path (original_path);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  static const char original_text[] = "C original\n\n{\n}\n\nP0(int *x)\n{\n  WRITE_ONCE(*x, 1);\n}\n\nexists (x=1)\n";
  g_autofree char *contents = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  AcyWindow *window;
  AcyDocument *document;
  GtkTextBuffer *buffer;

  g_file_set_contents (original_path, original_text, -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (not_a_dir, "a file, not a folder\n", -1, &error);
  g_assert_no_error (error);

  /* Not through activate: no recovery toast to queue behind. */
  window = acy_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  document = acy_window_get_document (window);
  acy_document_set_file (document, original);
  acy_document_set_text (document, original_text, -1, NULL, FALSE);

  buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (document));
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_insert_at_cursor (buffer, "/* an edit */\n", -1);
  gtk_text_buffer_end_user_action (buffer);
  g_assert_true (acy_document_get_modified (document));

  /* The document now points where no file can be written, as after a
   * save-as into a folder that went away; Save must fail loudly. */
  acy_document_set_file (document, bad);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  iterate_until (has_save_error, window);

  /* Nothing lost: the file on disk and the edit in the buffer. */
  g_file_get_contents (original_path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, original_text);
  g_assert_false (g_file_test (bad_path, G_FILE_TEST_EXISTS));
  g_assert_true (acy_document_get_modified (document));
  text = acy_document_get_text (document);
  g_assert_nonnull (strstr (text, "/* an edit */"));

  acy_document_discard_autosave (document);
  destroy_window (window);
  g_unlink (original_path);
  g_unlink (not_a_dir);
  g_rmdir (dir);
}

static gboolean
save_error_shown (gpointer data)
{
  GtkWidget *label = find_widget (GTK_WIDGET (data), is_label_containing, "Could not save");

  return label != NULL && gtk_widget_get_mapped (label);
}

/* A save that fails while writing (here files over 4 KiB are refused,
 * as a full disk refuses them) leaves the file on disk as it was, and
 * says so at once, even while the recovery toast, which stays until it
 * is answered, is up. */
static void
test_save_fails_midway (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *dir = g_dir_make_tmp ("test-recovery-full-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.litmus", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  static const char original_text[] = "C t\n\n{\n}\n\nP0(int *x)\n{\n  WRITE_ONCE(*x, 1);\n}\n\nexists (x=1)\n";
  g_autofree char *big = g_strnfill (16 * 1024, 'x');
  g_autofree char *comment = g_strdup_printf ("(* %s *)\n", big);
  g_autofree char *contents = NULL;
  AcyAutosave pending = { "test-pending", NULL, "pending.litmus", FALSE, NULL, "C pending\n" };
  g_autoptr(GError) error = NULL;
  struct rlimit saved, small;
  GtkWindow *window;
  AcyDocument *document;
  GtkTextBuffer *buffer;

  clear_autosaves ();
  g_assert_true (acy_autosave_write (&pending, &error));
  g_assert_no_error (error);
  g_file_set_contents (path, original_text, -1, &error);
  g_assert_no_error (error);

  /* Through activate: the recovery toast is up */
  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  iterate_until (widget_is_mapped, window);
  iterate_until (has_recover_button, window);

  document = acy_window_get_document (ACY_WINDOW (window));
  acy_document_set_file (document, file);
  acy_document_set_text (document, original_text, -1, NULL, FALSE);
  buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (document));
  gtk_text_buffer_begin_user_action (buffer);
  gtk_text_buffer_insert_at_cursor (buffer, comment, -1);
  gtk_text_buffer_end_user_action (buffer);
  /* no copy aside while files are limited: it would fail too */
  acy_document_discard_autosave (document);

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  small = saved;
  small.rlim_cur = 4096;
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  iterate_until (save_error_shown, window);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, SIG_DFL);

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, original_text);
  g_assert_true (acy_document_get_modified (document));
  g_assert_nonnull (find_widget (GTK_WIDGET (window), is_label_containing,
                                 "the file on disk is unchanged"));

  acy_document_discard_autosave (document);
  destroy_window (window);
  clear_autosaves ();
  g_unlink (path);
  g_rmdir (dir);
}

static gboolean
autosave_idle (gpointer data)
{
  return !acy_document_is_autosaving (ACY_DOCUMENT (data));
}

/* The copy aside is written on a worker: one discarded while it is being
 * written (the document saved, or closed without saving) is removed once
 * written, never left to be offered back. */
static void
test_discard_while_writing (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  static const char text[] = "C discarded\n\n{\n}\n\nP0(int *x)\n{\n  WRITE_ONCE(*x, 1);\n}\n\nexists (x=1)\n";
  AcyWindow *window;
  AcyDocument *document;

  clear_autosaves ();
  window = acy_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  document = acy_window_get_document (window);
  for (guint round = 0; round < 5; round++)
    {
      /* recovered text is copied aside at once: the write starts now */
      acy_document_set_text (document, text, -1, NULL, TRUE);
      g_assert_true (acy_document_is_autosaving (document));
      acy_document_discard_autosave (document);
      iterate_until (autosave_idle, document);
      g_assert_null (find_autosave_with ("C discarded"));
    }

  /* and one left alone is written */
  acy_document_set_text (document, text, -1, NULL, TRUE);
  iterate_until (autosave_idle, document);
  g_assert_nonnull (find_autosave_with ("C discarded"));

  acy_document_discard_autosave (document);
  iterate_until (autosave_idle, document);
  destroy_window (window);
  clear_autosaves ();
}

int
main (int   argc,
      char *argv[])
{

  if (!ui_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/ui/recovery/after-crash", test_recovery_after_crash);
  g_test_add_func ("/ui/recovery/failed-save", test_failed_save);
  g_test_add_func ("/ui/recovery/save-fails-midway", test_save_fails_midway);
  g_test_add_func ("/ui/recovery/discard-while-writing", test_discard_while_writing);

  return g_test_run ();
}
