/* ui-app-support.c - the application object of the window tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <unistd.h>

#include "ui-app-support.h"
#include "ui-test-support.h"

/* Non-unique, so that it never hands its work to an Acyclic the
 * developer is running; and an id of its own, because even a non-unique
 * GApplication exports org.gtk.Application on the session bus at the
 * path its id names, and a test that opens a second application while
 * the first is still alive (its windows hold it) would find that path
 * taken. */
AcyApplication *
ui_test_create_application (void)
{
  static guint serial;
  AcyApplication *app = acy_application_new ();
  g_autofree char *id = g_strdup_printf ("%s.Test.P%dN%u", APP_ID, (int) getpid (), ++serial);
  g_autoptr(GError) error = NULL;

  g_application_set_application_id (G_APPLICATION (app), id);
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);
  return app;
}

static gboolean
document_is_idle (gpointer data)
{
  return !acy_document_get_running (ACY_DOCUMENT (data));
}

AcyDocument *
ui_test_run (AcyWindow *window)
{
  AcyDocument *document = acy_window_get_document (window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  iterate_until (document_is_idle, document);
  return document;
}

AcyDocument *
ui_test_run_example (AcyWindow  *window,
                     const char *name)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.load-example", "s", name));
  return ui_test_run (window);
}
