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
#include "acy-window.h"

/* Waits are bounded so that a broken window fails the test instead of
 * hanging it until meson's timeout.
 */
#define WAIT_LIMIT_USEC (10 * G_USEC_PER_SEC)

typedef gboolean (*Condition) (gpointer data);

static void
iterate_until (Condition condition,
               gpointer  data)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_LIMIT_USEC;

  while (!condition (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
widget_is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static gboolean
pointer_is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static gboolean
window_has_file (gpointer data)
{
  return acy_window_get_file (ACY_WINDOW (data)) != NULL;
}

static AcyApplication *
create_application (void)
{
  AcyApplication *app = acy_application_new ();
  g_autoptr(GError) error = NULL;

  /* Never hand our work to an Acyclic the developer is running. */
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  return app;
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
  g_autoptr(AcyApplication) app = create_application ();
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

  /* The placeholder run must be harmless. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));

  close_window (ACY_WINDOW (window));
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

static void
test_window_open_file (void)
{
  static const char contents[] = "C SB\n\n{}\n\nP0(int *x) { WRITE_ONCE(*x, 1); }\n";
  g_autoptr(AcyApplication) app = create_application ();
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
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.load-example", NULL));
  g_assert_null (acy_window_get_file (ACY_WINDOW (window)));

  close_window (ACY_WINDOW (window));
  g_unlink (path);
}

static void
test_window_show_output (void)
{
  g_autoptr(AcyApplication) app = create_application ();
  AcyWindow *window = acy_window_new (app);

  acy_window_show_output (window, "Test MP Allowed\nStates 3\n");
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);

  close_window (window);
}

/* Test machines often have no session bus; GtkApplication copes and only
 * warns, which must not fail the test.  GTK logs through the structured
 * API, where a writer function is the only place to drop one message.
 */
static GLogWriterOutput
drop_missing_session_bus (GLogLevelFlags   log_level,
                          const GLogField *fields,
                          gsize            n_fields,
                          gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_strcmp0 (fields[i].key, "MESSAGE") == 0
        && fields[i].length < 0
        && g_str_has_prefix (fields[i].value, "Unable to acquire session bus"))
      return G_LOG_WRITER_HANDLED;

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_log_set_writer_func (drop_missing_session_bus, NULL, NULL);

  /* Without a display there is nothing to test; 77 tells meson "skipped". */
  if (!gtk_init_check ())
    {
      g_printerr ("No display; skipping widget tests\n");
      return 77;
    }

  g_test_add_func ("/ui/window/example", test_window_example);
  g_test_add_func ("/ui/window/open-file", test_window_open_file);
  g_test_add_func ("/ui/window/show-output", test_window_show_output);

  return g_test_run ();
}
