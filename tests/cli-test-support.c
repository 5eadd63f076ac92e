/* cli-test-support.c - running acyclic-check from a test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <sys/wait.h>

#include "cli-test-support.h"

const char *check_path;
const char *cli_dir;

gboolean
cli_test_init (int *argc, char ***argv)
{
  g_test_init (argc, argv, NULL);
  check_path = g_getenv ("ACYCLIC_CHECK");
  cli_dir = g_getenv ("ACYCLIC_CLI_DATA");
  if (check_path == NULL || cli_dir == NULL)
    {
      g_printerr ("ACYCLIC_CHECK and ACYCLIC_CLI_DATA must be set\n");
      return FALSE;
    }
  return TRUE;
}

void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}

void
run_checkv (Run *r, const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int wait_status = 0;

  g_ptr_array_add (argv, (gpointer) check_path);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (cli_dir, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &r->out, &r->err, &wait_status, &error);
  g_assert_no_error (error);
  r->status = WIFEXITED (wait_status) ? WEXITSTATUS (wait_status) : -1;
}

void
run_check (Run *r, const char *first, ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first);
  for (const char *a = first; a; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  run_checkv (r, (const char *const *) args->pdata);
}
