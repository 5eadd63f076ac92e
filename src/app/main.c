/* main.c - entry point of the Acyclic application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "acy-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AcyApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = acy_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
