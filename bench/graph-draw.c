/* graph-draw.c - how long laying out and drawing an execution graph takes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A benchmark, not a test: builds a 60-event execution (6 threads of 9
 * events, 6 initial writes, rf/co/fr and a model relation), then prints
 * milliseconds per frame for drawing a cached layout (what the widget
 * does on every frame) and for layout plus drawing (what stepping to
 * another execution costs). Run: meson test -C BUILD --benchmark graph-draw
 * or BUILD/tests/bench-graph-draw [FRAMES [EXPORT.png [FRAME.png]]].
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "acy-graph-render.h"

/* CPU time, not wall time: the build machines are shared and busy. */
static gint64
cpu_usec (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (gint64) ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

#define THREADS 6
#define PER     9
#define LOCS    6

int
main (int argc, char **argv)
{
  guint n = THREADS * PER + LOCS, frames = argc > 1 ? (guint) atoi (argv[1]) : 200;
  gsize words = acy_rel_words (n);
  AcyEvent *ev = g_new0 (AcyEvent, n);
  AcyWord *po = g_new0 (AcyWord, words), *rf = g_new0 (AcyWord, words);
  AcyWord *co = g_new0 (AcyWord, words), *fr = g_new0 (AcyWord, words);
  AcyWord *hb = g_new0 (AcyWord, words), *empty = g_new0 (AcyWord, words);
  AcyWord *fw = g_new0 (AcyWord, ACY_WORDS (n));
  const char *locs[] = { "x", "y", "z", "u", "v", "w" };
  const char *tags[] = { "once", "acquire", "release", "mb" };
  AcyExecution x = { 0 };
  AcyGraphRelationInput extra = { "hb", hb };
  AcyGraphInput in = { 0 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1400, 900);
  cairo_t *cr = cairo_create (surface);
  AcyGraphLayout *layout;
  gint64 t0;
  double draw_ms, full_ms, layout_ms, overlay_ms;

  g_random_set_seed (42);
  for (guint l = 0; l < LOCS; l++)
    ev[THREADS * PER + l] = (AcyEvent) { ACY_THREAD_INIT, 0, ACY_EV_W | ACY_EV_IW, (gint32) l, -1, 0, 0, 0, 0 };
  for (guint t = 0; t < THREADS; t++)
    for (guint k = 0; k < PER; k++)
      {
        guint i = t * PER + k;
        guint32 kind = k % 4 == 2 ? ACY_EV_F : (k + t) % 2 ? ACY_EV_R : ACY_EV_W;
        ev[i] = (AcyEvent) { (guint16) t, (guint16) k, kind, kind == ACY_EV_F ? -1 : (gint32) ((k + t) % LOCS),
                             -1, kind == ACY_EV_W ? (AcyValue) (t + 1) : 0,
                             kind == ACY_EV_F ? 8 : 1u << (k % 3), 10 + k, 3 };
        for (guint j = 0; j < k; j++)
          acy_rel_add (po, n, t * PER + j, i);
      }
  /* Each read reads from a random write to its location; co orders the
   * writes of a location by thread; fr follows. */
  for (guint i = 0; i < n; i++)
    if (ev[i].kind & ACY_EV_R)
      {
        guint w;
        do
          w = (guint) g_random_int_range (0, (gint32) n);
        while (!(ev[w].kind & ACY_EV_W) || ev[w].loc != ev[i].loc);
        acy_rel_add (rf, n, w, i);
        ev[i].value = ev[w].value;
      }
  for (guint a = 0; a < n; a++)
    for (guint b = 0; b < n; b++)
      if (a != b && (ev[a].kind & ACY_EV_W) && (ev[b].kind & ACY_EV_W) && ev[a].loc == ev[b].loc &&
          ((ev[a].kind & ACY_EV_IW) || (!(ev[b].kind & ACY_EV_IW) && ev[a].thread < ev[b].thread)))
        acy_rel_add (co, n, a, b);
  for (guint r = 0; r < n; r++)
    for (guint w = 0; w < n; w++)
      if (acy_rel_has (rf, n, w, r))
        for (guint w2 = 0; w2 < n; w2++)
          if (acy_rel_has (co, n, w, w2))
            acy_rel_add (fr, n, r, w2);
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      if (acy_rel_has (rf, n, i, j) && ev[i].thread != ev[j].thread)
        acy_rel_add (hb, n, i, j);
  (void) empty;

  x.n_events = n;
  x.events = ev;
  x.n_threads = THREADS;
  x.n_locs = LOCS;
  x.loc_names = locs;
  x.n_tags = G_N_ELEMENTS (tags);
  x.tag_names = tags;
  x.po = po; x.addr = empty; x.data = empty; x.ctrl = empty; x.rmw = empty;
  x.rf = rf;
  x.fw = fw;
  in.x = &x;
  in.co = co;
  in.fr = fr;
  in.extra = &extra;
  in.n_extra = 1;

  layout = acy_graph_layout_new (&in, NULL);
  t0 = cpu_usec ();
  for (guint f = 0; f < frames; f++)
    {
      AcyGraphRenderState st = ACY_GRAPH_RENDER_STATE_INIT;
      st.hover_edge = (gint) (f % layout->edges->len);
      acy_graph_render (cr, layout, &st);
    }
  cairo_surface_flush (surface);
  draw_ms = (cpu_usec () - t0) / 1000.0 / frames;

  /* What the widget does on a frame where only hover or selection
   * changed: its cached base picture plus the overlay. */
  t0 = cpu_usec ();
  for (guint f = 0; f < frames; f++)
    {
      AcyGraphRenderState st = ACY_GRAPH_RENDER_STATE_INIT;
      st.hover_edge = (gint) (f % layout->edges->len);
      st.selected_node = (gint) (f % layout->nodes->len);
      acy_graph_render_overlay (cr, layout, &st, NULL);
    }
  cairo_surface_flush (surface);
  overlay_ms = (cpu_usec () - t0) / 1000.0 / frames;

  t0 = cpu_usec ();
  for (guint f = 0; f < frames / 4 + 1; f++)
    acy_graph_layout_free (acy_graph_layout_new (&in, NULL));
  layout_ms = (cpu_usec () - t0) / 1000.0 / (frames / 4 + 1);
  full_ms = layout_ms + draw_ms;

  printf ("graph-draw: %u events, %u edges, %.0fx%.0f px\n", n, layout->edges->len,
          layout->width, layout->height);
  printf ("full draw (cached layout): %.2f ms/frame (CPU time)\n", draw_ms);
  printf ("hover/selection frame (cached base + overlay): %.3f ms\n", overlay_ms);
  printf ("layout:               %.2f ms\n", layout_ms);
  printf ("layout + full draw:   %.2f ms\n", full_ms);
  if (argc > 2)
    acy_graph_export (layout, ACY_GRAPH_FORMAT_PNG, argv[2], NULL);
  /* The last frame as drawn on screen at scale 1, to compare quality. */
  if (argc > 3)
    cairo_surface_write_to_png (surface, argv[3]);

  acy_graph_layout_free (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_free (ev); g_free (po); g_free (rf); g_free (co); g_free (fr); g_free (hb); g_free (empty); g_free (fw);
  return draw_ms < 16.0 ? 0 : 1;
}
