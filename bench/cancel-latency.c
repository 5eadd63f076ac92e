/* cancel-latency.c - how long acy_check_run takes to return once cancelled
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs a heavy check, cancels it from another thread at several moments
 * after the start and prints how long the check took to return after
 * g_cancellable_cancel(): median and max over several runs, in ms. Also
 * times cancelling during model loading and test parsing, and during
 * enumerations that emit no candidate for a long time (a search whose
 * every branch fails, one value slow to solve, paths that all die),
 * where the model never runs; for those, how long past a -timeout of
 * 200 ms the check returns, and how soon 2^18 paths that all die meet
 * the bound on paths run. A benchmark: it prints numbers and asserts
 * nothing.
 *
 *   meson compile -C BUILD && BUILD/bench/cancel-latency [RUNS]
 * Uses the conformance corpus when present (tests/shared-dir.h: ../shared
 * beside the source tree, or $ACYCLIC_SHARED_DIR).
 */
#define G_LOG_DOMAIN "cancel-latency"
#include "config.h"

#include <gio/gio.h>
#include <stdlib.h>
#include <string.h>

#include "acyclic.h"
#include "acy-check.h"
#include "acy-setup.h"
#include "shared-dir.h"
#include "slow-shapes.h"

/* Used when the shared conformance files are absent. */
static const char builtin_test[] =
  "C builtin-4-thread-heavy\n"
  "{}\n"
  "P0(int *x, int *y) { WRITE_ONCE(*x, 1); WRITE_ONCE(*x, 2); int r0 = READ_ONCE(*y); int r1 = READ_ONCE(*x); }\n"
  "P1(int *x, int *y) { WRITE_ONCE(*y, 1); WRITE_ONCE(*y, 2); int r0 = READ_ONCE(*x); int r1 = READ_ONCE(*y); }\n"
  "P2(int *x, int *y) { WRITE_ONCE(*x, 3); WRITE_ONCE(*y, 3); int r0 = READ_ONCE(*x); int r1 = READ_ONCE(*y); }\n"
  "P3(int *x, int *y) { WRITE_ONCE(*y, 4); WRITE_ONCE(*x, 4); int r0 = READ_ONCE(*y); int r1 = READ_ONCE(*x); }\n"
  "exists (0:r0=0 /\\ 1:r0=0)\n";

typedef struct {
  GCancellable *cancellable;
  gint64        start;
  gint64        delay_us;
  gint64        cancelled_at;
} Canceller;

static gpointer
canceller_main (gpointer data)
{
  Canceller *c = data;
  gint64 wait = c->start + c->delay_us - g_get_monotonic_time ();

  if (wait > 0)
    g_usleep (wait);
  c->cancelled_at = g_get_monotonic_time ();
  g_cancellable_cancel (c->cancellable);
  return NULL;
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void
report (const char *what, double *ms, guint n, guint finished, guint ignored)
{
  if (n == 0)
    {
      g_print ("%-40s finished before the %s in all %u runs\n", what,
               strstr (what, "timeout") ? "timeout" : "cancel", finished);
      return;
    }
  qsort (ms, n, sizeof *ms, compare_double);
  g_print ("%-40s median %8.2f ms   max %8.2f ms   (%u runs%s%s)\n",
           what, ms[n / 2], ms[n - 1], n,
           finished ? ", some finished first" : "",
           ignored ? ", some ignored the cancel" : "");
}

static gboolean
load (const AcySetupSpec *spec, const char *test_path,
      AcyModel **model, AcyMacros **macros, AcyTest **test, GError **error)
{
  if (!acy_setup_load (spec, model, macros, error))
    return FALSE;
  if (test_path)
    *test = acy_test_load (test_path, *macros, error);
  else
    *test = acy_test_parse (builtin_test, -1, "builtin.litmus", *macros, error);
  return *test != NULL;
}

/* Cancel checks of @test at each delay, @runs times each, and report. */
static void
time_cancels (const char *what, const AcyTest *test, const AcyModel *model, guint runs)
{
  static const gint64 delays_ms[] = { 50, 200, 1000 };
  double *ms = g_new0 (double, runs);

  for (guint d = 0; d < G_N_ELEMENTS (delays_ms); d++)
    {
      guint n = 0, finished = 0, ignored = 0;
      char label[64];

      for (guint r = 0; r < runs; r++)
        {
          Canceller c = { 0 };
          AcyCheckOptions options = { 0 };
          AcyCheckResult *result;
          GThread *thread;
          GError *run_error = NULL;
          gint64 end;

          c.cancellable = g_cancellable_new ();
          c.delay_us = delays_ms[d] * 1000;
          c.start = g_get_monotonic_time ();
          thread = g_thread_new ("cancel", canceller_main, &c);
          result = acy_check_run (test, model, &options, c.cancellable, &run_error);
          end = g_get_monotonic_time ();
          g_thread_join (thread);
          if (c.cancelled_at == 0 || end < c.cancelled_at)
            finished++;
          else
            {
              /* a result after the cancel: it ran to the end regardless */
              ignored += result != NULL;
              ms[n++] = (end - c.cancelled_at) / 1000.0;
            }
          g_clear_pointer (&result, acy_check_result_free);
          g_clear_error (&run_error);
          g_object_unref (c.cancellable);
        }
      g_snprintf (label, sizeof label, "%s, cancel at %4" G_GINT64_FORMAT " ms:", what, delays_ms[d]);
      report (label, ms, n, finished, ignored);
    }
  g_free (ms);
}

/* Check @test with a timeout of 200 ms, @runs times, and report how long
 * past it the check returned. */
static void
time_timeout (const char *what, const AcyTest *test, const AcyModel *model, guint runs)
{
  double *ms = g_new0 (double, runs);
  guint n = 0, finished = 0, other = 0;
  char label[64];

  for (guint r = 0; r < runs; r++)
    {
      AcyCheckOptions options = { .timeout = 0.2 };
      AcyCheckResult *result;
      GError *run_error = NULL;
      gint64 start = g_get_monotonic_time (), end;

      result = acy_check_run (test, model, &options, NULL, &run_error);
      end = g_get_monotonic_time ();
      if (result != NULL)
        finished++;
      else if (strstr (run_error->message, "timed out") == NULL)
        other++;
      else
        ms[n++] = (end - start) / 1000.0 - 200;
      g_clear_pointer (&result, acy_check_result_free);
      g_clear_error (&run_error);
    }
  g_snprintf (label, sizeof label, "%s, timeout of 200 ms:", what);
  if (other > 0)
    g_print ("%-40s %u runs ended in another error\n", label, other);
  report (label, ms, n, finished, 0);
  g_free (ms);
}

/* How long a check of @test takes to fail, and with what. */
static void
time_error (const char *what, const AcyTest *test, const AcyModel *model)
{
  AcyCheckOptions options = { 0 };
  AcyCheckResult *result;
  g_autoptr(GError) run_error = NULL;
  gint64 start = g_get_monotonic_time ();

  result = acy_check_run (test, model, &options, NULL, &run_error);
  g_print ("%-40s %8.2f ms: %s\n", what, (g_get_monotonic_time () - start) / 1000.0,
           result ? "finished" : run_error->message);
  g_clear_pointer (&result, acy_check_result_free);
}

int
main (int argc, char **argv)
{
  guint runs = argc > 1 ? (guint) atoi (argv[1]) : 10;
  g_autofree char *heavy_test = test_conformance_path ("heavy-unfinished/C-ManfredSpraul-L1G2xchg.litmus");
  g_autofree char *heavy_conf = test_conformance_path ("lkmm/linux-kernel.cfg");
  gboolean heavy = g_file_test (heavy_test, G_FILE_TEST_EXISTS) &&
                   g_file_test (heavy_conf, G_FILE_TEST_EXISTS);
  AcySetupSpec spec = { 0 };
  const char *test_path = NULL;
  AcyModel *model = NULL;
  AcyMacros *macros = NULL;
  AcyTest *test = NULL;
  g_autoptr(GError) error = NULL;
  /* each takes seconds to enumerate, emitting nothing; 2^15 paths of
   * 4000 operations stay under the bound on paths run (2^16) */
  g_autofree char *search_text = slow_shape_sum_pinned (11);
  g_autofree char *solver_text = slow_shape_doubling (28);
  g_autofree char *paths_text = slow_shape_many_paths (15, 4000);
  g_autofree char *many_paths_text = slow_shape_many_paths (18, 0);
  const char *const enum_texts[] = { search_text, solver_text, paths_text };
  const char *const enum_labels[] = { "search, no candidate", "solving one value",
                                      "paths" };
  gint64 t0;

  if (heavy)
    {
      spec.conf = heavy_conf;
      test_path = heavy_test;
    }
  else
    spec.cat = "tso";   /* built-in model, built-in linux-basic.def */

  t0 = g_get_monotonic_time ();
  if (!load (&spec, test_path, &model, &macros, &test, &error))
    {
      g_printerr ("cancel-latency: %s\n", error->message);
      return 1;
    }
  g_print ("test: %s (%s)\n", acy_test_get_name (test), heavy ? test_path : "built-in");
  g_print ("model loading + parsing: %.2f ms (takes no cancellable: latency = its duration)\n",
           (g_get_monotonic_time () - t0) / 1000.0);
  time_cancels ("check", test, model, runs);
  acy_test_free (test);

  for (guint i = 0; i < G_N_ELEMENTS (enum_texts); i++)
    {
      test = acy_test_parse (enum_texts[i], -1, "enumeration.litmus", macros, &error);
      if (test == NULL)
        {
          g_printerr ("cancel-latency: %s\n", error->message);
          return 1;
        }
      g_print ("test: %s (built-in)\n", acy_test_get_name (test));
      time_cancels (enum_labels[i], test, model, runs);
      time_timeout (enum_labels[i], test, model, runs);
      acy_test_free (test);
    }

  test = acy_test_parse (many_paths_text, -1, "enumeration.litmus", macros, &error);
  if (test == NULL)
    {
      g_printerr ("cancel-latency: %s\n", error->message);
      return 1;
    }
  time_error ("2^18 paths, uncancelled:", test, model);
  acy_test_free (test);

  acy_macros_free (macros);
  acy_model_free (model);
  return 0;
}
