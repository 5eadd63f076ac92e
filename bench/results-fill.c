/* results-fill.c - how fast a big result shows in the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A store-buffering ring of N threads under SC has 2^N - 1 final states.
 * For each N given (default 14 16 18) the main window checks it RUNS
 * times (default 3) and this prints:
 *   engine  from Run to the check's end (the document stops running)
 *   show    from the check's end to the first frame drawn with the table
 *   show_cpu the main thread's CPU time over that span (wall time on a
 *           loaded machine says more about the load)
 *   stall   the longest the main loop went without dispatching, from Run
 *           to a second after the table was drawn
 *   busy    the most CPU time the main thread spent without dispatching
 *           over that span: the stall less the time other work on a
 *           busy machine took the core away
 *   rss     the process's resident memory after the run
 * and, for the same test, acyclic-check's time and peak memory.
 * Targets (issue 19): show < 1 s at N=18, stall < 50 ms, rss < 3x the
 * command line's and not growing across runs.
 *
 * Needs a display:
 *   xvfb-run -a -s '-screen 0 1400x900x24' _build/bench/results-fill [-r RUNS] [N...]
 * RESULTS_FILL_SHOTS=DIR saves a screenshot after each N's last run.
 * RESULTS_FILL_TRACE=1 prints on stderr each main loop block over 20 ms
 * and each phase of a frame over 5 ms, with the main thread's CPU time
 * (a phase is named by the signal that ends it: "up to layout" is the
 * layout, "up to paint" the drawing: the snapshot and GTK's GL render,
 * waiting for the driver included; see on_phase).
 * RESULTS_FILL_NO_ANIM=1 turns GTK's animations off (the results page's
 * crossfade, CSS transitions), which otherwise ask for a frame after
 * frame for about a second after a result shows.
 */
#define G_LOG_DOMAIN "results-fill"
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "acy-application.h"
#include "acy-document.h"
#include "acy-results-view.h"
#include "acy-window.h"
#include "slow-shapes.h"

extern char **environ;

typedef struct {
  AcyDocument *document;
  gint64       last_tick;
  gint64       max_stall;
  double       last_tick_cpu;
  double       max_busy;    /* the most main-thread CPU between two ticks */
  gint64       done;        /* when the document stopped running */
  gint64       shown;       /* first frame after that */
  double       done_cpu;    /* the main thread's CPU time then */
  double       shown_cpu;
  gboolean     trace;       /* RESULTS_FILL_TRACE: say where the time goes */
  gint64       phase_start; /* when the frame clock's current phase began */
  double       phase_cpu;   /* the main thread's CPU time then */
} Watch;

/* CPU time of the calling thread, in seconds: unlike wall time, it
 * stays meaningful on a machine shared with other work. */
static double
thread_cpu (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static gboolean
on_tick (gpointer data)
{
  Watch *w = data;
  gint64 now = g_get_monotonic_time ();

  double cpu = thread_cpu ();

  if (w->last_tick && now - w->last_tick > w->max_stall)
    w->max_stall = now - w->last_tick;
  if (w->trace && w->last_tick && now - w->last_tick > 20000)
    g_printerr ("  block %6.1f ms (cpu %5.1f), ended at %+8.1f ms from the check's end\n",
                (now - w->last_tick) / 1e3, (cpu - w->last_tick_cpu) * 1e3,
                w->done ? (now - w->done) / 1e3 : 0.0);
  if (w->last_tick && cpu - w->last_tick_cpu > w->max_busy)
    w->max_busy = cpu - w->last_tick_cpu;
  w->last_tick = now;
  w->last_tick_cpu = cpu;
  return G_SOURCE_CONTINUE;
}

static void
on_running (AcyDocument *document, GParamSpec *pspec, Watch *w)
{
  if (!acy_document_get_running (document) && w->done == 0)
    {
      w->done = g_get_monotonic_time ();
      w->done_cpu = thread_cpu ();
    }
}

static void
on_after_paint (GdkFrameClock *clock, Watch *w)
{
  if (w->done && !w->shown)
    {
      w->shown = g_get_monotonic_time ();
      w->shown_cpu = thread_cpu ();
    }
}

/* RESULTS_FILL_TRACE: the frame clock's phases that take over 5 ms,
 * each named by the signal that ends it. A signal's handlers run in the
 * order they were connected, and the window's surface connected its
 * own to "layout" and "paint" before these: the span that ends at
 * "layout" holds the window's layout, the one that ends at "paint" its
 * snapshot and GL render (with llvmpipe, compiling shaders the first
 * time a kind of node is drawn). */
typedef struct {
  Watch      *w;
  const char *name;
} Phase;

static void
on_phase (GdkFrameClock *clock, Phase *phase)
{
  Watch *w = phase->w;
  gint64 now = g_get_monotonic_time ();
  double cpu = thread_cpu ();
  gboolean last = g_str_equal (phase->name, "after-paint");

  if (w->trace && w->phase_start && now - w->phase_start > 5000)
    g_printerr ("    frame: %6.1f ms (cpu %5.1f) up to %s\n", (now - w->phase_start) / 1e3,
                (cpu - w->phase_cpu) * 1e3, phase->name);
  w->phase_start = last ? 0 : now;
  w->phase_cpu = cpu;
}

static void
watch_phase (GdkFrameClock *clock, const char *signal, Watch *w)
{
  Phase *phase = g_new (Phase, 1);

  phase->w = w;
  phase->name = signal;
  /* kept for the life of the process, as the window */
  g_signal_connect (clock, signal, G_CALLBACK (on_phase), phase);
}

static void
iterate_for (gint64 usec)
{
  gint64 end = g_get_monotonic_time () + usec;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
}

static long
rss_kb (void)
{
  g_autofree char *status = NULL;
  const char *p;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return -1;
  p = strstr (status, "VmRSS:");
  return p ? strtol (p + 6, NULL, 10) : -1;
}

static long
peak_kb (pid_t pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", (int) pid);
  g_autofree char *status = NULL;
  const char *p;

  if (!g_file_get_contents (path, &status, NULL, NULL))
    return -1;
  p = strstr (status, "VmHWM:");
  return p ? strtol (p + 6, NULL, 10) : -1;
}

/* acyclic-check's wall time and peak memory on @path. The peak is its
 * VmHWM, read while it runs: the kernel's maxrss of a child spawned
 * from this process counts this process's memory too. */
static void
cli_run (const char *path, double *seconds, long *maxrss_kb)
{
  g_autofree char *model = g_build_filename (SOURCE_MODELSDIR, "sc.cat", NULL);
  g_autofree char *check = g_build_filename (BUILD_ROOT, "src", "cli", "acyclic-check", NULL);
  char *argv[] = { check, (char *) "-model", model, (char *) path, NULL };
  posix_spawn_file_actions_t actions;
  pid_t pid;
  int status;
  gint64 t0 = g_get_monotonic_time ();

  *seconds = -1;
  *maxrss_kb = -1;
  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_addopen (&actions, 1, "/dev/null", O_WRONLY, 0);
  status = posix_spawn (&pid, check, &actions, NULL, argv, environ);
  posix_spawn_file_actions_destroy (&actions);
  if (status != 0)
    {
      g_printerr ("results-fill: %s: %s\n", check, g_strerror (status));
      return;
    }
  while (waitpid (pid, &status, WNOHANG) == 0)
    {
      *maxrss_kb = MAX (*maxrss_kb, peak_kb (pid));
      g_usleep (5000);
    }
  *seconds = (g_get_monotonic_time () - t0) / 1e6;
}

int
main (int argc, char **argv)
{
  g_autoptr(AcyApplication) app = NULL;
  g_autofree char *model = NULL;
  AcyWindow *window;
  AcyDocument *document;
  guint runs = 3;
  GArray *sizes = g_array_new (FALSE, FALSE, sizeof (guint));
  Watch w = { 0 };

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "-r") && i + 1 < argc)
        runs = (guint) atoi (argv[++i]);
      else
        {
          guint n = (guint) atoi (argv[i]);
          g_array_append_val (sizes, n);
        }
    }
  if (sizes->len == 0)
    for (guint n = 14; n <= 18; n += 2)
      g_array_append_val (sizes, n);

  g_setenv ("GSETTINGS_BACKEND", "memory", FALSE);
  if (!gtk_init_check ())
    {
      g_printerr ("results-fill: no display (run it under xvfb-run)\n");
      return 77;
    }
  if (g_getenv ("RESULTS_FILL_NO_ANIM"))
    g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  app = acy_application_new ();
  g_application_set_application_id (G_APPLICATION (app), APP_ID ".ResultsFill");
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  window = acy_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  model = acy_window_get_builtin_model ("sc.cat");
  acy_window_set_model (window, model);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  document = acy_window_get_document (window);
  w.document = document;
  g_signal_connect (document, "notify::running", G_CALLBACK (on_running), &w);
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (on_after_paint), &w);
  w.trace = g_getenv ("RESULTS_FILL_TRACE") != NULL;
  {
    const char *phases[] = { "flush-events", "before-paint", "update", "layout", "paint",
                             "after-paint", "resume-events" };

    for (guint i = 0; i < G_N_ELEMENTS (phases); i++)
      watch_phase (gtk_widget_get_frame_clock (GTK_WIDGET (window)), phases[i], &w);
  }
  g_timeout_add (2, on_tick, &w);
  iterate_for (G_USEC_PER_SEC);

  /* Which renderer draws the window decides most of a frame's time: GL
   * in software (Mesa's llvmpipe, under Xvfb) repaints the whole window
   * every frame; cairo draws only what changed. The application picks
   * cairo where OpenGL is software (src/app/acy-renderer.c); set
   * GSK_RENDERER=gl to measure GL there. */
  g_print ("renderer: %s\n", G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))));
  g_print ("%3s %8s %4s %8s %8s %8s %9s %8s %9s | %8s %9s\n",
           "N", "states", "run", "engine_s", "show_s", "show_cpu", "stall_ms", "busy_ms", "rss_MB",
           "cli_s", "cli_MB");
  for (guint k = 0; k < sizes->len; k++)
    {
      guint n = g_array_index (sizes, guint, k);
      g_autofree char *text = slow_shape_sb_ring (n);
      g_autofree char *dir = g_dir_make_tmp ("results-fill-XXXXXX", NULL);
      g_autofree char *path = g_build_filename (dir, "sb-ring.litmus", NULL);
      double cli_s;
      long cli_kb;

      g_file_set_contents (path, text, -1, NULL);
      cli_run (path, &cli_s, &cli_kb);
      acy_document_set_text (document, text, -1, "SB ring", FALSE);
      iterate_for (G_USEC_PER_SEC / 2);
      for (guint r = 0; r < runs; r++)
        {
          gint64 t0;

          w.done = w.shown = 0;
          w.max_stall = 0;
          w.max_busy = 0;
          w.last_tick = 0;
          t0 = g_get_monotonic_time ();
          gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL);
          while (!w.shown)
            g_main_context_iteration (NULL, TRUE);
          iterate_for (G_USEC_PER_SEC);
          g_print ("%3u %8u %4u %8.2f %8.3f %8.3f %9.1f %8.1f %9.1f | %8.2f %9.1f\n",
                   n, (1u << n) - 1, r + 1, (w.done - t0) / 1e6, (w.shown - w.done) / 1e6,
                   w.shown_cpu - w.done_cpu, w.max_stall / 1e3, w.max_busy * 1e3, rss_kb () / 1024.0,
                   cli_s, cli_kb / 1024.0);
        }
      if (g_getenv ("RESULTS_FILL_SHOTS"))
        {
          /* RESULTS_FILL_SHOTS=DIR: the screen after the last run, with ImageMagick's import */
          g_autofree char *name = g_strdup_printf ("results-fill-%u.png", n);
          g_autofree char *shot = g_build_filename (g_getenv ("RESULTS_FILL_SHOTS"), name, NULL);
          const char *shot_argv[] = { "import", "-window", "root", shot, NULL };

          g_spawn_sync (NULL, (char **) shot_argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                        NULL, NULL, NULL, NULL);
        }
      g_unlink (path);
      g_rmdir (dir);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  g_array_unref (sizes);
  return 0;
}
