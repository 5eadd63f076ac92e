/* acy-cli-run.c - acyclic-check --run: the tests on this machine's CPU, told as litmus7 tells it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test becomes a harness (the engine writes it), built with the
 * system's compiler and run (src/machine/); what it counts is printed
 * as litmus7 prints it, from "Test NAME Allowed" to the Time line, then
 * the mapping of the primitives and the machine.
 */
#define G_LOG_DOMAIN "acyclic-check"
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "acyclic.h"
#include "acy-cli.h"
#include "acy-cli-run.h"
#include "acy-machine.h"

/* Given no -conf or -cat, a test's primitives are read with -macros
 * FILE, else with the macros that fit it: C11's (c11.def) for a test
 * of C11 atomics, else the kernel's linux-kernel.def where it is found
 * (-I folders, a kernel tree, a fetched copy), else Acyclic's own
 * linux-basic.def. */
static AcyMacros *
default_macros (const AcyCliOptions *o, const char *file, GError **error)
{
  g_autoptr(GPtrArray) dirs = g_ptr_array_new ();
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;
  gsize len = 0;

  for (guint i = 0; i < o->include_dirs->len; i++)
    g_ptr_array_add (dirs, o->include_dirs->pdata[i]);
  g_ptr_array_add (dirs, NULL);
  if (o->macros != NULL)
    {
      path = acy_config_resolve_at (o->macros, (const char *const *) dirs->pdata, NULL, "macro", NULL, error);
      return path ? acy_macros_load (path, error) : NULL;
    }
  if (g_file_get_contents (file, &text, &len, NULL) && acy_test_text_uses_c11 (text, (gssize) len))
    path = acy_config_resolve (ACY_C11_MACROS, (const char *const *) dirs->pdata, NULL);
  if (path == NULL)
    path = acy_config_resolve ("linux-kernel.def", (const char *const *) dirs->pdata, NULL);
  if (path == NULL)
    path = acy_config_resolve (ACY_DEFAULT_MACROS, (const char *const *) dirs->pdata, NULL);
  if (path == NULL)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: macro file not found", ACY_DEFAULT_MACROS);
      return NULL;
    }
  return acy_macros_load (path, error);
}

static char **
words (const char *first, ...)
{
  GPtrArray *w = g_ptr_array_new ();
  va_list args;

  va_start (args, first);
  for (const char *s = first; s != NULL; s = va_arg (args, const char *))
    g_ptr_array_add (w, g_strdup (s));
  va_end (args);
  g_ptr_array_add (w, NULL);
  return (char **) g_ptr_array_free (w, FALSE);
}

static gboolean
is_number (const char *s, guint64 max)
{
  return g_ascii_string_to_unsigned (s, 10, 0, max, NULL, NULL);
}

char **
acy_cli_run_harness_option (const char *name, const char *value, char **why)
{
  if (g_str_equal (name, "-a") || g_str_equal (name, "-i") || g_str_equal (name, "-st")
      || g_str_equal (name, "--run-timeout"))
    {
      gboolean stride = g_str_equal (name, "-st"), timeout = name[1] == '-';

      if (!is_number (value, stride ? 1000000 : timeout ? 1000000 : 1024)
          || ((stride || timeout) && g_str_equal (value, "0")))
        {
          *why = g_strdup_printf ("%s needs a number%s, not '%s'", name,
                                  stride || timeout ? " from 1" : "", value);
          return NULL;
        }
      if (timeout)
        return words ("-timeout", value, NULL);
      if (name[1] == 'i')   /* litmus7: the increment of -affinity incr, 0 for none */
        return g_str_equal (value, "0") ? words ("-affinity", "none", NULL)
               : words ("-affinity", "incr", "-i", value, NULL);
      return words (name, value, NULL);
    }
  if (g_str_equal (name, "-p"))
    {
      if (*value == '\0' || strspn (value, "0123456789,") != strlen (value))
        {
          *why = g_strdup_printf ("-p needs a list of core numbers (0,1,2), not '%s'", value);
          return NULL;
        }
      return words ("-p", value, NULL);
    }
  if (g_str_equal (name, "-affinity"))
    {
      if (g_str_equal (value, "none") || g_str_equal (value, "incr0"))
        return words ("-affinity", "none", NULL);
      if (g_str_equal (value, "random"))
        return words ("-affinity", "random", NULL);
      if (g_str_has_prefix (value, "incr") && is_number (value + 4, 1024))
        return words ("-affinity", "incr", "-i", value + 4, NULL);
      *why = g_strdup_printf ("-affinity %s is not done: none, incrN (each thread N cores after the "
                              "previous one) or random (a new placement at each run)", value);
      return NULL;
    }
  if (g_str_equal (name, "-barrier"))
    {
      static const char *const known[] = { "user", "userfence", "timebase", "pthread", "none", NULL };

      if (g_strv_contains (known, value))
        return words ("-sync", value, NULL);
      *why = g_strdup_printf ("-barrier %s is not done: user, userfence, timebase, pthread or none", value);
      return NULL;
    }
  if (g_str_equal (name, "-mem"))
    {
      /* litmus7's direct memory: each location an array of its values */
      if (g_str_equal (value, "packed") || g_str_equal (value, "direct"))
        return words ("-mem", "packed", NULL);
      if (g_str_equal (value, "lines"))
        return words ("-mem", "lines", NULL);
      *why = g_strdup_printf ("-mem %s is not done: lines (each location of each iteration in a cache "
                              "line of its own) or packed (litmus7's direct: arrays)", value);
      return NULL;
    }
  if (g_str_equal (name, "-preload"))
    {
      if (g_str_equal (value, "none") || g_str_equal (value, "no"))
        return words ("-preload", "none", NULL);
      if (g_str_equal (value, "random") || g_str_equal (value, "all"))
        return words ("-preload", value, NULL);
      *why = g_strdup_printf ("-preload %s is not done: none, random or all", value);
      return NULL;
    }
  if (g_str_equal (name, "-mode"))
    {
      /* one runner does both: a fresh synchronised start at each
       * iteration (std) on a time base (presi) */
      if (g_str_equal (value, "std") || g_str_equal (value, "presi"))
        return words (NULL, NULL);
      *why = g_strdup_printf ("-mode %s is not done: litmus7's kvm mode runs the test in a virtual "
                              "machine of its own; std and presi are what --run does", value);
      return NULL;
    }
  {
    /* litmus7's other knobs, and why they are not taken */
    static const struct { const char *name, *why; } refused[] = {
      { "-launch", "the workers are started once and kept (litmus7's -launch fixed); a new start at each run is not done" },
      { "-alloc", "the memory of all runs is allocated before the first (litmus7's -alloc before)" },
      { "-safer", "the harness checks every count it reads; litmus7's extra checks are not done" },
      { "-mach", "the harness reads the machine it runs on: use -a, -p and --arch" },
      { "-ccopts", "the harness is built with -O2 -pthread; give another compiler command with --cc" },
      { "-gcc", "give the compiler with --cc or $CC" },
      { "-timeloop", "a run is -s iterations, not a time" },
      { "-delay", "iterations start at once on the time-stamp counter (-barrier timebase); no delay is added" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
      if (g_str_equal (name, refused[i].name))
        {
          *why = g_strdup_printf ("litmus7's %s is not done: %s", name, refused[i].why);
          return NULL;
        }
  }
  *why = g_strdup_printf ("%s is not an option of --run", name);
  return NULL;
}

static void
progress (const AcyRunResult *partial, gpointer data)
{
  const AcyCliOptions *o = data;
  guint64 done, total;

  acy_run_result_get_progress (partial, &done, &total);
  if (o->verbose > 0)
    fprintf (stderr, "Run %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT "\r", done, total);
}

int
acy_cli_machine_run (const AcyCliOptions *o, const AcyMacros *macros,
                     const char *const *args, guint n_args)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) harness_args = g_ptr_array_new ();
  g_autofree char *machine = acy_machine_describe ();
  AcyMachineOptions mopts = { 0 };
  AcyHarnessArch host;
  gboolean emulated;
  int status = 0;

  for (guint i = 0; i < o->run_args->len; i++)
    g_ptr_array_add (harness_args, o->run_args->pdata[i]);
  g_ptr_array_add (harness_args, NULL);
  mopts.arch = o->run_arch;
  mopts.cc = o->run_cc;
  mopts.emulator = o->run_emulator;
  mopts.size = o->run_size;
  mopts.runs = o->run_runs;
  mopts.keep_dir = o->run_keep;
  mopts.harness_args = (const char *const *) harness_args->pdata;
  emulated = !acy_harness_host_arch (&host) || host != o->run_arch;
  if (emulated)
    fprintf (stderr, "acyclic-check: the tests run for %s under an emulator, which checks the harness "
             "but shows no weak behaviour of the CPU it emulates (what it shows is this machine's)\n",
             acy_harness_arch_name (o->run_arch));

  for (guint i = 0; i < n_args; i++)
    acy_test_collect_files (args[i], paths, NULL);
  for (guint i = 0; i < paths->len; i++)
    {
      const char *file = paths->pdata[i];
      g_autoptr(GError) error = NULL;
      g_autoptr(AcyMacros) own = NULL;
      g_autoptr(AcyTest) test = NULL;
      g_autoptr(AcyRunResult) result = NULL;
      g_autoptr(GString) out = g_string_new (NULL);

      if (o->config == NULL && o->cat == NULL)
        own = default_macros (o, file, &error);
      if (error == NULL)
        test = acy_test_load (file, macros ? macros : own, &error);
      if (test != NULL)
        result = acy_machine_run (test, &mopts, progress, (gpointer) o, NULL, &error);
      if (result == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          status = 1;
          continue;
        }
      acy_run_result_format_litmus7 (result, out);
      g_string_append_printf (out, "Mapping %s: %s\n", acy_run_result_get_mapping (result),
                              acy_harness_mapping_description (acy_run_result_get_mapping (result)));
      {
        guint online, pinned;

        acy_run_result_get_cpus (result, &online, &pinned);
        g_string_append_printf (out, "Machine %s%s%s\n\n", machine,
                                pinned == 0 ? ", threads not pinned to cores of their own" : "",
                                emulated ? ", under an emulator (no weak behaviour of the emulated CPU)" : "");
      }
      fputs (out->str, stdout);
      fflush (stdout);
    }
  return status;
}
