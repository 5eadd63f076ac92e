/* test-idle.c - an idle window uses next to no CPU
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The main window, after a run of the article's Litmus Test #1, is left
 * alone for a few seconds: with nothing open, with a header button
 * focused, and with an edge's explanation open. A widget that asks for a
 * frame on every frame (a redraw or resize queued from snapshot or
 * allocation, a popover presented again each frame, a tick callback
 * never removed) shows as frames run while nothing changes, and as CPU
 * time. The CPU bound is generous (a tenth of a core, where an idle
 * window needs well under a hundredth), so that a slow or shared machine
 * does not fail it; the frame count is what catches a loop whose frames
 * are cheap (the run's progress bar, left pulsing on a hidden page,
 * cost 2-5% of a core, and an open popover, presented again on every
 * frame, 10-95%).
 */
#define G_LOG_DOMAIN "test-idle"
#include "config.h"

#include <adwaita.h>
#include <string.h>
#include <sys/resource.h>

#include "acy-application.h"
#include "acy-document.h"
#include "acy-execution-browser.h"
#include "acy-results-view.h"
#include "acy-window.h"
#include "ui-app-support.h"
#include "ui-test-support.h"

#define IDLE_SECONDS 3
#define MAX_CPU_SHARE 0.10
/* In IDLE_SECONDS. A frame loop runs 60 a second, 180 in all; a
 * one-off CSS transition a dozen. */
#define MAX_FRAMES 30

typedef struct {
  AcyApplication *app;
  AcyWindow      *window;
  AcyGraphView   *view;
} Fixture;

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

/* Runs the main loop for @msec, sleeping in poll() when there is
 * nothing to do, as the application's own loop does. */
static void
run_loop_for (guint msec)
{
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);

  g_timeout_add (msec, quit_loop, loop);
  g_main_loop_run (loop);
}

static double
cpu_seconds (void)
{
  struct rusage ru;

  g_assert_cmpint (getrusage (RUSAGE_SELF, &ru), ==, 0);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
         ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

/* Idles the main loop and measures what the window cost meanwhile:
 * the share of one core the process (every thread of it, renderer's
 * included) used, and how many frames the window's frame clock ran. */
static void
measure_idle (Fixture *f, const char *what, guint settle_ms)
{
  /* ACY_IDLE_SECONDS=60: time to attach a debugger or profiler. */
  const char *env = g_getenv ("ACY_IDLE_SECONDS");
  guint seconds = env ? (guint) g_ascii_strtoull (env, NULL, 10) : IDLE_SECONDS;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (f->window));
  GdkFrameClock *popover_clock = NULL;
  gint64 t0, frames;
  double c0, share;

  /* Let what was just opened settle: drawing the window the first time
   * takes a while in software rendering, and an animation may run. */
  run_loop_for (settle_ms);
  /* An open explanation is a surface of its own, with its own clock. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (f->view)); child;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child) && gtk_widget_get_mapped (child) &&
        gtk_widget_get_frame_clock (child) != clock)
      popover_clock = gtk_widget_get_frame_clock (child);
  t0 = g_get_monotonic_time ();
  c0 = cpu_seconds ();
  frames = gdk_frame_clock_get_frame_counter (clock);
  if (popover_clock)
    frames += gdk_frame_clock_get_frame_counter (popover_clock);
  run_loop_for (seconds * 1000);
  share = (cpu_seconds () - c0) / ((g_get_monotonic_time () - t0) / (double) G_USEC_PER_SEC);
  frames = gdk_frame_clock_get_frame_counter (clock) - frames;
  if (popover_clock)
    frames += gdk_frame_clock_get_frame_counter (popover_clock);
  g_test_message ("idle, %s: %.1f%% of a core, %" G_GINT64_FORMAT " frames in %u s",
                  what, share * 100, frames, seconds);
  g_assert_cmpfloat (share, <, MAX_CPU_SHARE);
  g_assert_cmpint (frames, <=, MAX_FRAMES * seconds / IDLE_SECONDS);
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autofree char *model = acy_window_get_builtin_model ("coherent-rmo.cat");
  AcyDocument *document;
  AcyResultsView *results;

  /* The editor's blinking cursor draws two frames a second, for ten
   * seconds after the last key press (gtk-cursor-blink-timeout): GTK's
   * doing and the user's setting, and under software GL each of those
   * frames costs a lot. Measure what the window's own widgets do. */
  g_object_set (gtk_settings_get_default (), "gtk-cursor-blink", FALSE, NULL);
  f->app = ui_test_create_application ();
  f->window = acy_window_new (f->app);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 800);
  acy_window_set_model (f->window, model);
  gtk_window_present (GTK_WINDOW (f->window));
  iterate_until (widget_is_mapped, f->window);

  document = ui_test_run_example (f->window, "C-MP+o-mb-o+o-mb-o");
  results = acy_document_get_results_view (document);
  g_assert_cmpuint (acy_results_view_get_n_rows (results), ==, 3);
  f->view = acy_execution_browser_get_view (acy_results_view_get_execution_browser (results));
  iterate_until (widget_is_mapped, f->view);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  destroy_window (f->window);
  g_clear_object (&f->app);
}

static void
test_nothing_open (Fixture *f, gconstpointer data)
{
  measure_idle (f, "nothing open", 2000);
}

/* A mapped, sensitive widget of @type. */
static gboolean
is_live (GtkWidget *widget, gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type))
         && gtk_widget_get_mapped (widget) && gtk_widget_get_sensitive (widget);
}

static void
test_header_button_focused (Fixture *f, gconstpointer data)
{
  GtkWidget *header = find_widget (GTK_WIDGET (f->window), is_live, GSIZE_TO_POINTER (ADW_TYPE_HEADER_BAR));
  GtkWidget *button;

  g_assert_nonnull (header);
  button = find_widget (header, is_live, GSIZE_TO_POINTER (GTK_TYPE_BUTTON));
  g_assert_nonnull (button);
  /* As after Tab: the focus ring shows. */
  gtk_window_set_focus_visible (GTK_WINDOW (f->window), TRUE);
  g_assert_true (gtk_widget_grab_focus (button));
  g_assert_true (gtk_widget_has_focus (button));
  /* Past the fading of the focus ring, 3 s after focusing. */
  measure_idle (f, "a header button focused", 4000);
}

static void
test_explanation_open (Fixture *f, gconstpointer data)
{
  const AcyGraphLayout *layout = acy_graph_view_get_layout (f->view);
  double wx = 0, wy = 0;
  guint i;

  for (i = 0; i < layout->edges->len; i++)
    if (g_array_index (layout->edges, AcyGraphEdge, i).witness)
      break;
  g_assert_cmpuint (i, <, layout->edges->len);
  {
    const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
    acy_graph_view_layout_to_widget (f->view, e->mx, e->my, &wx, &wy);
  }
  g_assert_cmpint (acy_graph_view_activate_at (f->view, wx, wy), ==, ACY_GRAPH_HIT_EDGE);
  run_loop_for (200);
  g_assert_nonnull (acy_graph_view_get_explanation (f->view));
  measure_idle (f, "an edge's explanation open", 2000);
  /* Still open: the measure was of an open popover. */
  g_assert_nonnull (acy_graph_view_get_explanation (f->view));
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 77;
  g_test_add ("/ui/idle/nothing-open", Fixture, NULL, fixture_setup, test_nothing_open, fixture_teardown);
  g_test_add ("/ui/idle/header-button-focused", Fixture, NULL, fixture_setup,
              test_header_button_focused, fixture_teardown);
  g_test_add ("/ui/idle/explanation-open", Fixture, NULL, fixture_setup, test_explanation_open,
              fixture_teardown);
  return g_test_run ();
}
