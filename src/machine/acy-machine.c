/* acy-machine.c - building a test's harness with the system's compiler and running it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-machine"
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "acy-machine.h"

/* A program found on the PATH (or given with a folder), or NULL. */
static char *
find_program (const char *name)
{
  if (strchr (name, G_DIR_SEPARATOR) != NULL)
    return g_file_test (name, G_FILE_TEST_IS_EXECUTABLE) ? g_strdup (name) : NULL;
  return g_find_program_in_path (name);
}

/* @command split as a shell would, its program looked up: NULL if the
 * program is not there. */
static char **
command_argv (const char *command)
{
  g_auto(GStrv) argv = NULL;
  char *path;

  if (!g_shell_parse_argv (command, NULL, &argv, NULL) || argv[0] == NULL)
    return NULL;
  path = find_program (argv[0]);
  if (path == NULL)
    return NULL;
  g_free (argv[0]);
  argv[0] = path;
  return g_steal_pointer (&argv);
}

char **
acy_machine_find_compiler (AcyHarnessArch arch, const char *cc, GError **error)
{
  AcyHarnessArch host;
  gboolean native = acy_harness_host_arch (&host) && host == arch;
  g_autofree char *cross = g_strdup_printf ("%s-linux-gnu-gcc", acy_harness_arch_name (arch));
  const char *env = g_getenv ("CC");
  const char *const natives[] = { "cc", "gcc", "clang", NULL };
  const char *const crosses[] = { cross, NULL };
  const char *const *names = native ? natives : crosses;
  g_autofree char *searched = NULL;
  char **argv;

  if (cc != NULL || (native && env != NULL && *env != '\0'))
    {
      const char *given = cc != NULL ? cc : env;

      argv = command_argv (given);
      if (argv == NULL)
        g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "the C compiler '%s'%s is not there",
                     given, cc != NULL ? "" : " ($CC)");
      return argv;
    }
  for (guint i = 0; names[i] != NULL; i++)
    if ((argv = command_argv (names[i])) != NULL)
      return argv;
  searched = g_strjoinv (", ", (char **) names);
  if (native)
    g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                 "no C compiler to build the test's harness: none of %s is on the PATH "
                 "(install gcc, or give one with --cc or $CC)", searched);
  else
    g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                 "no C compiler for %s to build the test's harness: %s is not on the PATH "
                 "(on Debian: apt install gcc-%s-linux-gnu; or give one with --cc)",
                 acy_harness_arch_name (arch), searched,
                 arch == ACY_HARNESS_AARCH64 ? "aarch64" : "x86-64");
  return NULL;
}

static char **
find_emulator (AcyHarnessArch arch, const char *emulator, GError **error)
{
  g_autofree char *name = g_strdup_printf ("qemu-%s", acy_harness_arch_name (arch));
  g_autofree char *name_static = g_strconcat (name, "-static", NULL);
  char **argv;

  if (emulator != NULL)
    {
      argv = command_argv (emulator);
      if (argv == NULL)
        g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "the emulator '%s' is not there", emulator);
      return argv;
    }
  if ((argv = command_argv (name)) != NULL || (argv = command_argv (name_static)) != NULL)
    return argv;
  g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
               "no emulator to run a program for %s on this machine: %s is not on the PATH "
               "(on Debian: apt install qemu-user)", acy_harness_arch_name (arch), name);
  return NULL;
}

/* Runs @argv to its end; FALSE with its output in the error when it fails. */
static gboolean
build (char **argv, GCancellable *cancellable, GError **error)
{
  g_autoptr(GSubprocess) proc = NULL;
  g_autofree char *output = NULL;
  GError *local = NULL;

  proc = g_subprocess_newv ((const char *const *) argv,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE, &local);
  if (proc == NULL)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "cannot start the C compiler %s: %s", argv[0], local->message);
      g_error_free (local);
      return FALSE;
    }
  if (!g_subprocess_communicate_utf8 (proc, NULL, cancellable, &output, NULL, &local))
    {
      g_subprocess_force_exit (proc);
      if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_set_error_literal (error, ACY_ERROR, ACY_ERROR_CANCELLED, "cancelled");
      else
        g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "the C compiler %s: %s", argv[0], local->message);
      g_error_free (local);
      return FALSE;
    }
  if (!g_subprocess_get_successful (proc))
    {
      /* never the test's fault: the harness is ours, so say what the
       * compiler said, briefly */
      g_autofree char *head = g_strndup (output ? output : "", 2000);

      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "the C compiler %s failed on the harness:\n%s", argv[0], head);
      return FALSE;
    }
  return TRUE;
}

static void
kill_on_cancel (GCancellable *cancellable, gpointer data)
{
  g_subprocess_force_exit (data);
}

/* Runs the harness, its lines into @result as they come. */
static gboolean
run (char **argv, const char *stderr_path, AcyRunResult *result, AcyMachineProgressFunc progress,
     gpointer user_data, GCancellable *cancellable, GError **error)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr(GSubprocess) proc = NULL;
  g_autoptr(GDataInputStream) in = NULL;
  GError *local = NULL;
  gulong handler = 0;
  gboolean ok = TRUE;

  g_subprocess_launcher_set_stderr_file_path (launcher, stderr_path);
  proc = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv, &local);
  if (proc == NULL)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "cannot start the harness: %s", local->message);
      g_error_free (local);
      return FALSE;
    }
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (kill_on_cancel), g_object_ref (proc), g_object_unref);
  in = g_data_input_stream_new (g_subprocess_get_stdout_pipe (proc));
  for (;;)
    {
      g_autofree char *line = g_data_input_stream_read_line (in, NULL, NULL, &local);

      if (line == NULL)
        break;
      if (ok && !acy_run_result_add_line (result, line, error))
        {
          ok = FALSE;
          g_subprocess_force_exit (proc);
        }
      else if (ok && progress != NULL && g_str_has_prefix (line, "progress "))
        progress (result, user_data);
    }
  g_subprocess_wait (proc, NULL, NULL);
  if (handler != 0)
    g_cancellable_disconnect (cancellable, handler);
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_clear_error (error);
      g_clear_error (&local);
      g_set_error_literal (error, ACY_ERROR, ACY_ERROR_CANCELLED, "cancelled");
      return FALSE;
    }
  if (local != NULL)
    {
      if (ok)
        g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "reading the harness's output: %s", local->message);
      g_error_free (local);
      return FALSE;
    }
  if (ok && g_subprocess_get_if_signaled (proc))
    {
      g_autofree char *said = NULL;

      g_file_get_contents (stderr_path, &said, NULL, NULL);
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "the harness was killed by signal %d%s%.500s",
                   g_subprocess_get_term_sig (proc), said && *said ? ": " : "", said ? said : "");
      return FALSE;
    }
  if (ok && g_subprocess_get_exit_status (proc) != 0)
    {
      g_autofree char *said = NULL;

      g_file_get_contents (stderr_path, &said, NULL, NULL);
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "the harness failed (exit status %d)%s%.500s",
                   g_subprocess_get_exit_status (proc), said && *said ? ": " : "", said ? said : "");
      return FALSE;
    }
  return ok;
}

static void
remove_dir (const char *dir)
{
  static const char *const files[] = { "harness.c", "harness", "stderr.txt" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i], NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

AcyRunResult *
acy_machine_run (const AcyTest            *test,
                 const AcyMachineOptions  *options,
                 AcyMachineProgressFunc    progress,
                 gpointer                  user_data,
                 GCancellable             *cancellable,
                 GError                  **error)
{
  g_autoptr(AcyRunResult) result = NULL;
  g_autoptr(GPtrArray) cc_argv = NULL;
  g_autoptr(GPtrArray) run_argv = NULL;
  g_auto(GStrv) cc = NULL;
  g_auto(GStrv) emulator = NULL;
  g_autofree char *source = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *src_path = NULL;
  g_autofree char *exe_path = NULL;
  g_autofree char *err_path = NULL;
  AcyHarnessArch host;
  gboolean native = acy_harness_host_arch (&host) && host == options->arch;
  gboolean ok;

  g_return_val_if_fail (test != NULL && options != NULL, NULL);

  source = acy_harness_write (test, options->arch, error);
  if (source == NULL)
    return NULL;
  cc = acy_machine_find_compiler (options->arch, options->cc, error);
  if (cc == NULL)
    return NULL;
  if (!native && (emulator = find_emulator (options->arch, options->emulator, error)) == NULL)
    return NULL;

  if (options->keep_dir != NULL)
    {
      if (g_mkdir_with_parents (options->keep_dir, 0755) != 0)
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: cannot make this folder", options->keep_dir);
          return NULL;
        }
      dir = g_strdup (options->keep_dir);
    }
  else if ((dir = g_dir_make_tmp ("acyclic-run-XXXXXX", NULL)) == NULL)
    {
      g_set_error_literal (error, ACY_ERROR, ACY_ERROR_IO, "cannot make a temporary folder to build the harness in");
      return NULL;
    }
  src_path = g_build_filename (dir, "harness.c", NULL);
  exe_path = g_build_filename (dir, "harness", NULL);
  err_path = g_build_filename (dir, "stderr.txt", NULL);

  ok = g_file_set_contents (src_path, source, -1, NULL);
  if (!ok)
    g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: cannot write the harness", src_path);

  if (ok)
    {
      cc_argv = g_ptr_array_new ();
      for (guint i = 0; cc[i] != NULL; i++)
        g_ptr_array_add (cc_argv, cc[i]);
      g_ptr_array_add (cc_argv, "-O2");
      g_ptr_array_add (cc_argv, "-pthread");
      /* under an emulator, no loader or libraries of the target's */
      if (!native)
        g_ptr_array_add (cc_argv, "-static");
      g_ptr_array_add (cc_argv, "-o");
      g_ptr_array_add (cc_argv, exe_path);
      g_ptr_array_add (cc_argv, src_path);
      g_ptr_array_add (cc_argv, NULL);
      ok = build ((char **) cc_argv->pdata, cancellable, error);
    }

  if (ok)
    {
      g_autofree char *size = g_strdup_printf ("%" G_GUINT64_FORMAT, options->size);
      g_autofree char *runs = g_strdup_printf ("%" G_GUINT64_FORMAT, options->runs);

      run_argv = g_ptr_array_new ();
      for (guint i = 0; emulator != NULL && emulator[i] != NULL; i++)
        g_ptr_array_add (run_argv, emulator[i]);
      g_ptr_array_add (run_argv, exe_path);
      g_ptr_array_add (run_argv, "-s");
      g_ptr_array_add (run_argv, size);
      g_ptr_array_add (run_argv, "-r");
      g_ptr_array_add (run_argv, runs);
      g_ptr_array_add (run_argv, "-progress");
      for (guint i = 0; options->harness_args != NULL && options->harness_args[i] != NULL; i++)
        g_ptr_array_add (run_argv, (gpointer) options->harness_args[i]);
      g_ptr_array_add (run_argv, NULL);
      result = acy_run_result_new (test);
      ok = run ((char **) run_argv->pdata, err_path, result, progress, user_data, cancellable, error)
           && acy_run_result_finish (result, options->size * options->runs, error);
    }

  if (options->keep_dir == NULL)
    remove_dir (dir);
  return ok ? g_steal_pointer (&result) : NULL;
}

char *
acy_machine_describe (void)
{
  g_autofree char *cpuinfo = NULL;
  g_autofree char *model = NULL;

  if (g_file_get_contents ("/proc/cpuinfo", &cpuinfo, NULL, NULL))
    {
      g_auto(GStrv) lines = g_strsplit (cpuinfo, "\n", -1);

      for (guint i = 0; lines[i] != NULL && model == NULL; i++)
        if (g_str_has_prefix (lines[i], "model name") && strchr (lines[i], ':') != NULL)
          model = g_strstrip (g_strdup (strchr (lines[i], ':') + 1));
    }
  return g_strdup_printf ("%s (%s%s%ld cores)", g_get_host_name (), model ? model : "",
                          model ? ", " : "", sysconf (_SC_NPROCESSORS_ONLN));
}
