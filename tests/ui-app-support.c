/* ui-app-support.c - the application object of the window tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <unistd.h>

#include "ui-app-support.h"

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
