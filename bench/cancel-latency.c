/* cancel-latency.c - how long acy_check_run takes to return once cancelled
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs a heavy check, cancels it from another thread at several moments
 * after the start and prints how long the check took to return after
 * g_cancellable_cancel(): median and max over several runs, in ms. Also
 * times cancelling during model loading and test parsing. A benchmark:
 * it prints numbers and asserts nothing.
 *
 *   meson compile -C BUILD && BUILD/bench/cancel-latency [RUNS]
 * Run from the source tree; uses ../shared/conformance when present.
 */
#include <gio/gio.h>
#include <stdlib.h>

#include "acyclic.h"
#include "acy-check.h"
#include "acy-setup.h"

#define HEAVY_TEST "../shared/conformance/heavy-unfinished/C-ManfredSpraul-L1G2xchg.litmus"
#define HEAVY_CONF "../shared/conformance/lkmm/linux-kernel.cfg"

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
report (const char *what, double *ms, guint n, guint finished)
{
  if (n == 0)
    {
      g_print ("%-28s finished before the cancel in all %u runs\n", what, finished);
      return;
    }
  qsort (ms, n, sizeof *ms, compare_double);
  g_print ("%-28s median %8.2f ms   max %8.2f ms   (%u runs%s)\n",
           what, ms[n / 2], ms[n - 1], n,
           finished ? ", some finished first" : "");
}

static gboolean
load (const AcySetupSpec *spec, const char *test_path,
      AcyModel **model, AcyTest **test, GError **error)
{
  g_autoptr(AcyMacros) macros = NULL;

  if (!acy_setup_load (spec, model, &macros, error))
    return FALSE;
  if (test_path)
    *test = acy_test_load (test_path, macros, error);
  else
    *test = acy_test_parse (builtin_test, -1, "builtin.litmus", macros, error);
  return *test != NULL;
}

int
main (int argc, char **argv)
{
  static const gint64 delays_ms[] = { 50, 200, 1000 };
  guint runs = argc > 1 ? (guint) atoi (argv[1]) : 10;
  gboolean heavy = g_file_test (HEAVY_TEST, G_FILE_TEST_EXISTS) &&
                   g_file_test (HEAVY_CONF, G_FILE_TEST_EXISTS);
  AcySetupSpec spec = { 0 };
  const char *test_path = NULL;
  AcyModel *model = NULL;
  AcyTest *test = NULL;
  g_autoptr(GError) error = NULL;
  double *ms = g_new0 (double, runs);
  gint64 t0;

  if (heavy)
    {
      spec.conf = HEAVY_CONF;
      test_path = HEAVY_TEST;
    }
  else
    spec.cat = "tso";   /* built-in model, built-in linux-basic.def */

  t0 = g_get_monotonic_time ();
  if (!load (&spec, test_path, &model, &test, &error))
    {
      g_printerr ("cancel-latency: %s\n", error->message);
      return 1;
    }
  g_print ("test: %s (%s)\n", acy_test_get_name (test), heavy ? test_path : "built-in");
  g_print ("model loading + parsing: %.2f ms (takes no cancellable: latency = its duration)\n",
           (g_get_monotonic_time () - t0) / 1000.0);

  for (guint d = 0; d < G_N_ELEMENTS (delays_ms); d++)
    {
      guint n = 0, finished = 0;
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
          if (result != NULL || c.cancelled_at == 0 || end < c.cancelled_at)
            finished++;
          else
            ms[n++] = (end - c.cancelled_at) / 1000.0;
          g_clear_pointer (&result, acy_check_result_free);
          g_clear_error (&run_error);
          g_object_unref (c.cancellable);
        }
      g_snprintf (label, sizeof label, "check, cancel at %4" G_GINT64_FORMAT " ms:", delays_ms[d]);
      report (label, ms, n, finished);
    }

  acy_test_free (test);
  acy_model_free (model);
  g_free (ms);
  return 0;
}
