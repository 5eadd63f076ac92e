/* test-graph-render.c - execution graph layout, hit-testing and export
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-graph-render"
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "acyclic.h"
#include "acy-graph-dot.h"
#include "acy-graph-render.h"
#include "acy-graph-scene.h"
#include "exec-fixture.h"
#include "slow-shapes.h"

typedef ExecFixture Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  exec_fixture_run (f, exec_fixture_mp_mb, "coherent-rmo.cat", 0);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  exec_fixture_clear (f);
}

static guint
find_forbidden (Fixture *f)
{
  for (guint i = 0; i < acy_recorder_get_n_records (f->recorder); i++)
    if (!acy_recorder_get_record (f->recorder, i)->allowed)
      return i;
  g_assert_not_reached ();
}

static void
test_layout_places (Fixture *f, gconstpointer data)
{
  g_autoptr(AcyGraphScene) s0 = acy_graph_scene_new (f->recorder, 0, f->model, NULL);
  g_autoptr(AcyGraphScene) s1 = acy_graph_scene_new (f->recorder, 1, f->model, NULL);
  AcyGraphGrid grid = { 0 };
  g_autoptr(AcyGraphLayout) l0 = NULL;
  g_autoptr(AcyGraphLayout) l1 = NULL;

  for (guint i = 0; i < acy_recorder_get_n_records (f->recorder); i++)
    acy_graph_grid_add (&grid, &acy_recorder_get_record (f->recorder, i)->x);
  l0 = acy_graph_scene_layout (s0, NULL, NULL, &grid, NULL);
  l1 = acy_graph_scene_layout (s1, NULL, NULL, &grid, NULL);
  g_assert_cmpuint (l0->nodes->len, ==, l1->nodes->len);
  /* Stepping keeps every event where it was. */
  for (guint i = 0; i < l0->nodes->len; i++)
    {
      const AcyGraphNode *a = &g_array_index (l0->nodes, AcyGraphNode, i);
      const AcyGraphNode *b = &g_array_index (l1->nodes, AcyGraphNode, i);
      g_assert_cmpfloat (a->x + a->w / 2, ==, b->x + b->w / 2);
      g_assert_cmpfloat (a->y, ==, b->y);
    }
  /* No two nodes overlap, nor two labels. */
  for (guint i = 0; i < l0->nodes->len; i++)
    for (guint j = i + 1; j < l0->nodes->len; j++)
      {
        const AcyGraphNode *a = &g_array_index (l0->nodes, AcyGraphNode, i);
        const AcyGraphNode *b = &g_array_index (l0->nodes, AcyGraphNode, j);
        g_assert_false (a->x < b->x + b->w && b->x < a->x + a->w &&
                        a->y < b->y + b->h && b->y < a->y + a->h);
      }
  for (guint i = 0; i < l0->edges->len; i++)
    for (guint j = i + 1; j < l0->edges->len; j++)
      {
        const AcyGraphEdge *a = &g_array_index (l0->edges, AcyGraphEdge, i);
        const AcyGraphEdge *b = &g_array_index (l0->edges, AcyGraphEdge, j);
        g_assert_false (a->lx < b->lx + b->lw && b->lx < a->lx + a->lw &&
                        a->ly < b->ly + b->lh && b->ly < a->ly + a->lh);
      }
}

static void
test_hit (Fixture *f, gconstpointer data)
{
  g_autoptr(AcyGraphScene) scene = acy_graph_scene_new (f->recorder, 0, f->model, NULL);
  g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout (scene, NULL, NULL, NULL, NULL);
  guint index = G_MAXUINT;

  g_assert_cmpuint (layout->edges->len, >, 0);
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      g_assert_cmpint (acy_graph_layout_hit (layout, e->mx, e->my, &index), ==, ACY_GRAPH_HIT_EDGE);
      /* At the midpoint sits this edge's label or line, or a crossing edge. */
      if (index != i)
        {
          const AcyGraphEdge *o = &g_array_index (layout->edges, AcyGraphEdge, index);
          g_assert_true (e->mx >= o->lx && e->mx <= o->lx + o->lw);
        }
    }
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
      g_assert_cmpint (acy_graph_layout_hit (layout, n->x + 4, n->y + n->h / 2, &index), ==, ACY_GRAPH_HIT_NODE);
      g_assert_cmpuint (index, ==, i);
    }
  g_assert_cmpint (acy_graph_layout_hit (layout, -50, -50, &index), ==, ACY_GRAPH_HIT_NONE);
}

static void
test_witness (Fixture *f, gconstpointer data)
{
  guint idx = find_forbidden (f);
  const AcyRecord *r = acy_recorder_get_record (f->recorder, idx);
  g_autoptr(AcyGraphScene) scene = acy_graph_scene_new (f->recorder, idx, f->model, NULL);
  g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout (scene, NULL, NULL, NULL, NULL);
  guint n_witness = 0;
  gboolean saw_rfe = FALSE, saw_fr = FALSE;

  g_assert_cmpstr (r->failed_check, ==, "acyclic rmo-order");
  g_assert_true (layout->has_witness);
  g_assert_nonnull (strstr (layout->witness_text, "rmo-order"));
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      if (!e->witness)
        continue;
      n_witness++;
      /* rmo-order is "fence | rfe | co | fr": its own names */
      saw_rfe |= g_str_equal (e->label, "rfe");
      saw_fr |= g_str_equal (e->label, "fr");
      g_assert_true (g_str_equal (e->label, "fence") || g_str_equal (e->label, "rfe")
                     || g_str_equal (e->label, "co") || g_str_equal (e->label, "fr"));
    }
  g_assert_cmpuint (n_witness, ==, 4);
  g_assert_true (saw_rfe);
  g_assert_true (saw_fr);
  {
    /* The explanation names the model's relations holding a pair. */
    const AcyGraphEdge *e = NULL;
    g_autofree char *holds = NULL;
    for (guint i = 0; i < layout->edges->len && !e; i++)
      if (g_str_equal (g_array_index (layout->edges, AcyGraphEdge, i).label, "rfe"))
        e = &g_array_index (layout->edges, AcyGraphEdge, i);
    holds = acy_graph_scene_containing (scene, e->src, e->dst);
    g_assert_nonnull (holds);
    g_assert_nonnull (strstr (holds, "rfe ⊆"));
    g_assert_nonnull (strstr (holds, "rmo-order"));
  }
}

static void
test_export (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acy-graph-XXXXXX", &error);
  guint idx = find_forbidden (f);
  g_autoptr(AcyGraphScene) scene = acy_graph_scene_new (f->recorder, idx, f->model, NULL);
  g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout (scene, NULL, "MP", NULL, NULL);
  const char *const exts[] = { "png", "svg", "pdf" };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (exts); i++)
    {
      AcyGraphFormat format;
      g_autofree char *name = g_strdup_printf ("g.%s", exts[i]);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *contents = NULL;
      gsize len = 0;

      g_assert_true (acy_graph_format_from_string (exts[i], &format));
      g_assert_true (acy_graph_export (layout, format, path, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &contents, &len, &error));
      g_assert_no_error (error);
      if (format == ACY_GRAPH_FORMAT_PNG)
        g_assert_true (len > 8 && memcmp (contents, "\x89PNG\r\n\x1a\n", 8) == 0);
      else if (format == ACY_GRAPH_FORMAT_PDF)
        g_assert_true (len > 5 && memcmp (contents, "%PDF-", 5) == 0);
      else
        {
          GMarkupParser parser = { 0 };
          g_autoptr(GMarkupParseContext) ctx = g_markup_parse_context_new (&parser, 0, NULL, NULL);
          g_assert_nonnull (strstr (contents, "<svg"));
          g_assert_true (g_markup_parse_context_parse (ctx, contents, (gssize) len, &error));
          g_assert_true (g_markup_parse_context_end_parse (ctx, &error));
          g_assert_no_error (error);
        }
      g_remove (path);
    }
  g_rmdir (dir);
}

/* Independent reads of independent writes: four threads, so each base
 * relation has several edges in every execution. */
static const char iriw[] =
  "C IRIW\n{\n}\n"
  "P0(int *x)\n{\n  WRITE_ONCE(*x, 1);\n}\n"
  "P1(int *x, int *y)\n{\n  int r0;\n  int r1;\n\n"
  "  r0 = READ_ONCE(*x);\n  smp_mb();\n  r1 = READ_ONCE(*y);\n}\n"
  "P2(int *y)\n{\n  WRITE_ONCE(*y, 1);\n}\n"
  "P3(int *x, int *y)\n{\n  int r0;\n  int r1;\n\n"
  "  r0 = READ_ONCE(*y);\n  smp_mb();\n  r1 = READ_ONCE(*x);\n}\n"
  "exists (1:r0=1 /\\ 1:r1=0 /\\ 3:r0=1 /\\ 3:r1=0)\n";

static gboolean
pixel_is (cairo_surface_t *surface, double scale, double x, double y, const double rgb[3])
{
  int px = (int) floor (x * scale), py = (int) floor (y * scale);
  int stride = cairo_image_surface_get_stride (surface);
  const guint32 *row;
  guint32 v;

  if (px < 0 || py < 0 || px >= cairo_image_surface_get_width (surface) ||
      py >= cairo_image_surface_get_height (surface))
    return FALSE;
  row = (const guint32 *) (cairo_image_surface_get_data (surface) + py * stride);
  v = row[px];
  return ABS ((int) ((v >> 16) & 0xff) - (int) lround (rgb[0] * 255)) <= 8 &&
         ABS ((int) ((v >> 8) & 0xff) - (int) lround (rgb[1] * 255)) <= 8 &&
         ABS ((int) (v & 0xff) - (int) lround (rgb[2] * 255)) <= 8;
}

/* Draws execution @index and counts the edges with no arrowhead in
 * their relation's colour at their end. It looks just behind the tip,
 * a little off the centre line: the line itself stops short of the tip,
 * so only the head paints there. */
static guint
count_headless_edges (Fixture *f, guint index, guint *n_edges)
{
  const double scale = 2;
  g_autoptr(AcyGraphScene) scene = acy_graph_scene_new (f->recorder, index, f->model, NULL);
  g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout (scene, NULL, NULL, NULL, NULL);
  cairo_surface_t *surface;
  cairo_t *cr;
  guint headless = 0;
  /* Edges off the cycle drawn at full strength, to find their heads: the
   * cycle's edges, drawn over them, must not hide them. */
  AcyGraphPalette opaque = *acy_graph_palette_light ();

  opaque.faded_edge_alpha = 1.0;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (layout->width * scale),
                                        (int) ceil (layout->height * scale));
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  acy_graph_render_base (cr, layout, &opaque);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, e->rel);
      double dx = e->p[6] - e->p[4], dy = e->p[7] - e->p[5], len = hypot (dx, dy);
      double ux, uy;
      /* Along the axis back from the tip, and across it: the head is
       * 10 long and 9 wide at its base. */
      const double at[][2] = { { 4.5, 0 }, { 6, 1.5 }, { 6, -1.5 } };
      guint hits = 0;

      if (len < 1e-6)
        {
          dx = e->p[6] - e->p[0];
          dy = e->p[7] - e->p[1];
          len = hypot (dx, dy);
        }
      ux = dx / len;
      uy = dy / len;
      for (guint k = 0; k < G_N_ELEMENTS (at); k++)
        hits += pixel_is (surface, scale, e->p[6] - ux * at[k][0] - uy * at[k][1],
                          e->p[7] - uy * at[k][0] + ux * at[k][1], info->rgb);
      /* Another edge may cross a head, but not all of it. */
      if (hits < 2)
        {
          g_test_message ("edge %u (%s %u -> %u) has no arrowhead (%u of 3 at %.0f,%.0f)", i, e->label, e->src, e->dst, hits, e->p[6], e->p[7]);
          headless++;
        }
    }
  *n_edges = layout->edges->len;
  cairo_surface_destroy (surface);
  return headless;
}

static void
test_arrowheads (Fixture *f, gconstpointer data)
{
  guint n_allowed = 0;

  /* MP+mb's forbidden execution: two edges of its cycle end at a and
   * at f, where po and rf edges end too */
  exec_fixture_run (f, exec_fixture_mp_mb, "coherent-rmo.cat", 0);
  for (guint i = 0; i < acy_recorder_get_n_records (f->recorder); i++)
    {
      guint n_edges = 0;
      g_assert_cmpuint (count_headless_edges (f, i, &n_edges), ==, 0);
    }
  exec_fixture_clear (f);

  exec_fixture_run (f, iriw, "sc.cat", 0);
  g_assert_cmpuint (acy_recorder_get_n_records (f->recorder), >, 0);
  for (guint i = 0; i < acy_recorder_get_n_records (f->recorder); i++)
    {
      guint n_edges = 0;

      n_allowed += acy_recorder_get_record (f->recorder, i)->allowed;
      g_assert_cmpuint (count_headless_edges (f, i, &n_edges), ==, 0);
      /* po, rf, co and fr each have several edges in IRIW. */
      g_assert_cmpuint (n_edges, >=, 10);
    }
  g_assert_cmpuint (n_allowed, ==, 15);
}

/* Four threads in a ring of message passing, each reading one location
 * and writing the next: edges between columns two and three apart. */
static const char ring4[] =
  "C W-ring4\n{\n}\n"
  "P0(int *a, int *b)\n{\n  int r0;\n\n  r0 = READ_ONCE(*a);\n  WRITE_ONCE(*b, 1);\n  WRITE_ONCE(*a, 2);\n}\n"
  "P1(int *b, int *c)\n{\n  int r0;\n\n  r0 = READ_ONCE(*b);\n  WRITE_ONCE(*c, 1);\n  WRITE_ONCE(*b, 2);\n}\n"
  "P2(int *c, int *d)\n{\n  int r0;\n\n  r0 = READ_ONCE(*c);\n  WRITE_ONCE(*d, 1);\n  WRITE_ONCE(*c, 2);\n}\n"
  "P3(int *d, int *a)\n{\n  int r0;\n\n  r0 = READ_ONCE(*d);\n  WRITE_ONCE(*a, 1);\n  WRITE_ONCE(*d, 2);\n}\n"
  "exists (0:r0=1 /\\ 1:r0=1 /\\ 2:r0=1 /\\ 3:r0=1)\n";

/* The edges of execution @index whose curve runs through the box of an
 * event other than its two ends. */
static guint
count_edges_through_boxes (Fixture *f, guint index)
{
  g_autoptr(AcyGraphScene) scene = acy_graph_scene_new (f->recorder, index, f->model, NULL);
  g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout (scene, NULL, NULL, NULL, NULL);
  guint through = 0;

  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      gboolean hit = FALSE;
      const char *through = NULL;

      for (guint n = 0; n < layout->nodes->len && !hit; n++)
        {
          const AcyGraphNode *nd = &g_array_index (layout->nodes, AcyGraphNode, n);

          if (nd->event == e->src || nd->event == e->dst)
            continue;
          for (guint q = 1; q < 64 && !hit; q++)
            {
              double t = q / 64.0, u = 1 - t;
              double x = u * u * u * e->p[0] + 3 * u * u * t * e->p[2] + 3 * u * t * t * e->p[4] + t * t * t * e->p[6];
              double y = u * u * u * e->p[1] + 3 * u * u * t * e->p[3] + 3 * u * t * t * e->p[5] + t * t * t * e->p[7];

              hit = x > nd->x + 1 && x < nd->x + nd->w - 1 && y > nd->y + 1 && y < nd->y + nd->h - 1;
              through = nd->label;
            }
        }
      if (hit)
        {
          const AcyGraphNode *a = &g_array_index (layout->nodes, AcyGraphNode, layout->node_of_event[e->src]);
          const AcyGraphNode *b = &g_array_index (layout->nodes, AcyGraphNode, layout->node_of_event[e->dst]);

          g_test_message ("execution %u: edge %s %s -> %s runs through %s", index, e->label, a->label, b->label,
                          through);
          through++;
        }
    }
  return through;
}

/* Edges go round the events they do not join, in every execution. */
static void
test_edges_round_boxes (Fixture *f, gconstpointer data)
{
  const char *const tests[] = { iriw, ring4 };

  for (guint t = 0; t < G_N_ELEMENTS (tests); t++)
    {
      guint through = 0, n = 0;

      exec_fixture_run (f, tests[t], "coherent-rmo.cat", 0);
      n = acy_recorder_get_n_records (f->recorder);
      g_assert_cmpuint (n, >, 10);
      for (guint i = 0; i < n; i++)
        through += count_edges_through_boxes (f, i);
      g_test_message ("test %u: %u executions, %u edges through boxes", t, n, through);
      g_assert_cmpuint (through, ==, 0);
      exec_fixture_clear (f);
    }
}

static gboolean
boxes_overlap (double ax, double ay, double aw, double ah, double bx, double by, double bw, double bh)
{
  return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

static void
curve_point (const double p[8], double t, double *x, double *y)
{
  double u = 1 - t;

  *x = u * u * u * p[0] + 3 * u * u * t * p[2] + 3 * u * t * t * p[4] + t * t * t * p[6];
  *y = u * u * u * p[1] + 3 * u * u * t * p[3] + 3 * u * t * t * p[5] + t * t * t * p[7];
}

/* What would make @layout hard to read, each said in a message: labels
 * on each other, on an event or on a thread's name; anything drawn past
 * the picture's edges; an edge or a label reaching into the caption and
 * legend. Returns how many. */
static guint
count_illegible (const AcyGraphLayout *layout, const char *what)
{
  double legend_top = G_MAXDOUBLE;
  guint faults = 0;

  if (!layout->legend_beside)
    {
      for (guint r = 0; r < layout->relations->len; r++)
        legend_top = MIN (legend_top, ((AcyGraphRelationInfo *) g_ptr_array_index (layout->relations, r))->ly);
      if (layout->witness_caption)
        legend_top = MIN (legend_top, layout->witness_y);
    }
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);

      for (guint j = i + 1; j < layout->edges->len; j++)
        {
          const AcyGraphEdge *o = &g_array_index (layout->edges, AcyGraphEdge, j);
          if (boxes_overlap (e->lx, e->ly, e->lw, e->lh, o->lx, o->ly, o->lw, o->lh))
            {
              g_test_message ("%s: labels %s and %s overlap", what, e->label, o->label);
              faults++;
            }
        }
      for (guint n = 0; n < layout->nodes->len; n++)
        {
          const AcyGraphNode *nd = &g_array_index (layout->nodes, AcyGraphNode, n);
          if (boxes_overlap (e->lx, e->ly, e->lw, e->lh, nd->x, nd->y, nd->w, nd->h))
            {
              g_test_message ("%s: label %s covers event %s", what, e->label, nd->label);
              faults++;
            }
        }
      for (guint n = 0; n < layout->headers->len; n++)
        {
          const AcyGraphHeader *h = &g_array_index (layout->headers, AcyGraphHeader, n);
          if (boxes_overlap (e->lx, e->ly, e->lw, e->lh, h->x, h->y, h->w, h->h))
            {
              g_test_message ("%s: label %s covers P%d", what, e->label, h->thread);
              faults++;
            }
        }
      if (e->lx < 0 || e->ly < 0 || e->lx + e->lw > layout->width || e->ly + e->lh > legend_top - 2
          || e->ly + e->lh > layout->height)
        {
          g_test_message ("%s: label %s at %.0f,%.0f is outside the graph (%.0fx%.0f, legend at %.0f)",
                          what, e->label, e->lx, e->ly, layout->width, layout->height, legend_top);
          faults++;
        }
      for (guint q = 0; q <= 32; q++)
        {
          double x, y;

          curve_point (e->p, q / 32.0, &x, &y);
          if (x < 0 || y < 0 || x > layout->width || y > layout->height || y > legend_top - 2)
            {
              g_test_message ("%s: edge %s %u -> %u reaches %.0f,%.0f, outside the graph (%.0fx%.0f, legend at %.0f)",
                              what, e->label, e->src, e->dst, x, y, layout->width, layout->height, legend_top);
              faults++;
              break;
            }
        }
    }
  return faults;
}

static guint
count_illegible_executions (Fixture *f, const char *what)
{
  guint faults = 0;

  for (guint i = 0; i < acy_recorder_get_n_records (f->recorder); i++)
    {
      g_autoptr(AcyGraphScene) scene = acy_graph_scene_new (f->recorder, i, f->model, NULL);
      g_autofree char *name = g_strdup_printf ("%s, execution %u", what, i + 1);

      for (int beside = 0; beside < 2; beside++)
        {
          g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout_hiding (scene, NULL, NULL, "T", NULL,
                                                                            beside, NULL);
          g_assert_cmpint (layout->legend_beside, ==, beside);
          faults += count_illegible (layout, name);
        }
    }
  return faults;
}

/* Labels clear of one another, of events and of thread names; nothing
 * under the legend (IRIW's fr edge bowed down across it); nothing past
 * the picture's edges (a ring's last edge going round its threads). */
static void
test_legible (Fixture *f, gconstpointer data)
{
  g_autofree char *ring = slow_shape_sb_ring (6);
  const struct { const char *name, *litmus, *model; } cases[] = {
    { "MP+mb", exec_fixture_mp_mb, "coherent-rmo.cat" },
    { "CoRR", exec_fixture_co_rr, "sc.cat" },
    { "IRIW", iriw, "coherent-rmo.cat" },
    { "ring4", ring4, "sc.cat" },
    { "SB-ring-6", ring, "sc.cat" },
  };
  guint faults = 0;

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      exec_fixture_run (f, cases[c].litmus, cases[c].model, 40);
      faults += count_illegible_executions (f, cases[c].name);
      exec_fixture_clear (f);
    }
  g_assert_cmpuint (faults, ==, 0);
}

/* The edges of a failed check go by the names the model gives them in
 * it: sc's "po | com" with com "rf | co | fr"; a cycle of writes the
 * coherence order cannot place (ConsCo) is one of co. */
static void
test_model_names (Fixture *f, gconstpointer data)
{
  const struct { const char *litmus; const char *const names[5]; } cases[] = {
    { exec_fixture_mp_mb, { "po", "rf", "co", "fr", NULL } },
    { exec_fixture_co_rr, { "po", "rf", "co", "fr", NULL } },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      guint n_witness = 0;

      exec_fixture_run (f, cases[c].litmus, "sc.cat", 0);
      for (guint i = 0; i < acy_recorder_get_n_records (f->recorder); i++)
        {
          g_autoptr(AcyGraphScene) scene = acy_graph_scene_new (f->recorder, i, f->model, NULL);
          g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout (scene, NULL, NULL, NULL, NULL);

          for (guint k = 0; k < layout->edges->len; k++)
            {
              const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, k);

              if (!e->witness)
                continue;
              n_witness++;
              if (!g_strv_contains (cases[c].names, e->label))
                g_error ("execution %u (%s): a cycle edge named %s", i + 1,
                         acy_recorder_get_record (f->recorder, i)->failed_check, e->label);
            }
        }
      g_assert_cmpuint (n_witness, >, 0);
      exec_fixture_clear (f);
    }
}

/* co from the initial writes is drawn in every execution: also where the
 * model judged it before choosing a coherence order (cos-opt.cat's
 * ConsCo: CoRR's first reads seeing 4 then 3 leave no order to choose). */
static void
test_initial_co (Fixture *f, gconstpointer data)
{
  guint unbound = 0;

  exec_fixture_run (f, exec_fixture_co_rr, "sc.cat", 0);
  for (guint i = 0; i < acy_recorder_get_n_records (f->recorder); i++)
    {
      const AcyRecord *r = acy_recorder_get_record (f->recorder, i);
      g_autoptr(AcyGraphScene) scene = acy_graph_scene_new (f->recorder, i, f->model, NULL);
      g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout (scene, NULL, NULL, NULL, NULL);

      unbound += r->co == NULL;
      for (guint e = 0; e < r->x.n_events; e++)
        {
          gboolean drawn = FALSE;

          if (!(r->x.events[e].kind & ACY_EV_IW))
            continue;
          for (guint k = 0; k < layout->edges->len && !drawn; k++)
            {
              const AcyGraphEdge *edge = &g_array_index (layout->edges, AcyGraphEdge, k);
              const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, edge->rel);

              drawn = edge->src == e && (edge->witness || g_str_equal (info->name, "co"));
            }
          if (!drawn)
            g_error ("execution %u (%s): no co from the initial write", i + 1,
                     r->allowed ? "allowed" : r->failed_check);
        }
    }
  g_assert_cmpuint (unbound, >, 0);
}

/* Sixteen threads wrap into bands no wider than a screen, laid out
 * whole (the ring's last edge included); every execution keeps the
 * same places. */
static void
test_wide (Fixture *f, gconstpointer data)
{
  g_autofree char *ring = slow_shape_sb_ring (16);
  AcyGraphGrid grid = { 0 };
  double places[2 * 64];

  exec_fixture_run (f, ring, "sc.cat", 3);
  acy_graph_grid_add_run (&grid, f->recorder, 10);
  g_assert_cmpuint (acy_recorder_get_n_records (f->recorder), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(AcyGraphScene) scene = acy_graph_scene_new (f->recorder, i, f->model, NULL);
      g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout (scene, NULL, NULL, &grid, NULL);

      g_assert_cmpuint (layout->columns, >=, 4);
      g_assert_cmpuint (layout->columns, <=, 8);
      g_assert_cmpuint (layout->headers->len, ==, 16);
      g_assert_cmpfloat (layout->width, <, 1400);
      g_assert_cmpfloat (layout->width, <, layout->height * 2.5);
      g_assert_cmpuint (count_illegible (layout, "SB-ring-16"), ==, 0);
      if (i == 0)
        for (guint k = 0; k < layout->nodes->len; k++)
          {
            const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, k);
            places[2 * k] = n->x;
            places[2 * k + 1] = n->y;
          }
      for (guint k = 0; k < layout->nodes->len; k++)
        {
          const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, k);
          g_assert_cmpfloat (n->x, ==, places[2 * k]);
          g_assert_cmpfloat (n->y, ==, places[2 * k + 1]);
        }
    }
}

/* An expression typed into the console is named in the legend, its
 * edges by a short tag: not the whole expression on every edge. */
static void
test_expression_tags (Fixture *f, gconstpointer data)
{
  g_autoptr(AcyGraphScene) scene = acy_graph_scene_new (f->recorder, 0, f->model, NULL);
  const char *const texts[] = { "(po | rf)+", "po", NULL };
  g_autoptr(AcyGraphLayout) layout = NULL;
  guint tagged = 0, plain = 0;

  g_assert_true (acy_graph_scene_add_expressions (scene, texts, NULL, NULL));
  layout = acy_graph_scene_layout (scene, texts, NULL, NULL, NULL);
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, e->rel);

      g_assert_null (strstr (e->label, "rf)"));
      tagged += g_str_equal (info->name, "(po | rf)+") && g_str_equal (e->label, "#1");
      plain += g_str_equal (info->name, "po") && info->overlay && g_str_equal (e->label, "po");
    }
  g_assert_cmpuint (tagged, >, 1);
  g_assert_cmpuint (plain, >, 0);
  for (guint r = 0; r < layout->relations->len; r++)
    {
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, r);
      if (g_str_equal (info->name, "(po | rf)+"))
        g_assert_cmpstr (pango_layout_get_text (info->text), ==, "#1  (po | rf)+");
    }
}

/* Assembly tests drawn as herd draws them: the accesses and fences
 * only (none of an AArch64 test's register events), po between them
 * reduced, and a forbidden execution's witness the cycle of edges
 * between them, each named (not the events related to themselves by an
 * irreflexive check of ob). */
static const char aarch64_mp_addr[] =
  "AArch64 MP+dmb.ish+addr\n"
  "{\n0:X1=x; 0:X3=y;\n1:X1=y; 1:X3=x;\n}\n"
  " P0          | P1                    ;\n"
  " MOV W0,#1   | LDR W0,[X1]           ;\n"
  " STR W0,[X1] | EOR W4,W0,W0          ;\n"
  " DMB ISH     | LDR W2,[X3,W4,SXTW]   ;\n"
  " MOV W2,#1   |                       ;\n"
  " STR W2,[X3] |                       ;\n"
  "exists (1:X0=1 /\\ 1:X2=0)\n";

static const char x86_mp[] =
  "X86_64 MP\n{\n}\n"
  " P0          | P1            ;\n"
  " movl $1,(x) | movl (y),%eax ;\n"
  " movl $1,(y) | movl (x),%ebx ;\n"
  "exists (1:rax=1 /\\ 1:rbx=0)\n";

/* Checks every execution's layout; returns the forbidden one's witness
 * edges' labels in cycle order, its caption into @caption. */
static GStrv
check_asm_layouts (Fixture *f, char **caption, guint *hidden)
{
  GStrvBuilder *labels = g_strv_builder_new ();
  GStrv out;

  for (guint i = 0; i < acy_recorder_get_n_records (f->recorder); i++)
    {
      const AcyRecord *r = acy_recorder_get_record (f->recorder, i);
      const AcyExecution *x = &r->x;
      g_autoptr(AcyGraphScene) scene = acy_graph_scene_new (f->recorder, i, f->model, NULL);
      g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout (scene, NULL, NULL, NULL, NULL);
      guint n = x->n_events, po_edges = 0, accesses = 0, addr_edges = 0, addr_pairs = 0;
      gint from = -1;

      for (guint e = 0; e < n; e++)
        {
          gboolean init = (x->events[e].kind & ACY_EV_IW) != 0;
          gboolean access = !init && x->events[e].reg == 0 && (x->events[e].kind & (ACY_EV_R | ACY_EV_W | ACY_EV_F));

          *hidden += !access && !init;
          accesses += access;
          g_assert_cmpint (layout->node_of_event[e] >= 0, ==, access || init);
        }
      /* the address dependency drawn where the witness does not stand for it */
      for (guint a = 0; x->addr && a < n; a++)
        for (guint b = 0; b < n; b++)
          addr_pairs += layout->node_of_event[a] >= 0 && layout->node_of_event[b] >= 0 && acy_rel_has (x->addr, n, a, b);
      for (guint k = 0; k < layout->edges->len; k++)
        {
          const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, k);
          const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, e->rel);

          g_assert_false (e->self_loop);
          if (info->base && g_str_equal (info->name, "po"))
            {
              /* reduced: no shown event between the two */
              for (guint m = 0; m < n; m++)
                g_assert_false (layout->node_of_event[m] >= 0 && acy_rel_has (x->po, n, e->src, m)
                                && acy_rel_has (x->po, n, m, e->dst));
            }
          if (info->base && g_str_equal (info->name, "addr"))
            addr_edges++;
          if (!e->witness)
            continue;
          addr_pairs -= x->addr && acy_rel_has (x->addr, n, e->src, e->dst);
          /* the witness's edges join up, each from where the last ended */
          g_assert_true (from < 0 || (guint) from == e->src);
          from = (gint) e->dst;
          g_strv_builder_add (labels, e->label);
          if (caption && *caption == NULL)
            *caption = g_strdup (layout->witness_text);
        }
      for (guint k = 0; k < layout->relations->len; k++)
        {
          const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, k);
          if (info->base && g_str_equal (info->name, "po"))
            po_edges = info->n_edges;
        }
      g_assert_cmpuint (addr_edges, ==, addr_pairs);
      /* one po edge less than the events of each of the two threads */
      g_assert_cmpuint (po_edges, ==, accesses - 2);
    }
  out = g_strv_builder_end (labels);
  g_strv_builder_unref (labels);
  return out;
}

static void
test_asm_events (Fixture *f, gconstpointer data)
{
  g_autofree char *caption = NULL;
  g_autofree char *joined = NULL;
  g_auto(GStrv) labels = NULL;
  guint hidden = 0;

  exec_fixture_run (f, aarch64_mp_addr, "armv8.cat", 0);
  labels = check_asm_layouts (f, &caption, &hidden);
  g_assert_cmpuint (hidden, >, 0);
  joined = g_strjoinv (" ", labels);
  /* W x=1 -bob-> W y=1 -rfe-> R y=1 -addr-> R x=0 -fre-> W x=1 */
  g_assert_cmpstr (joined, ==, "bob rfe addr fre");
  g_assert_cmpstr (caption, ==, "Forbidden by external: cycle: a → c → d → e → a");
  exec_fixture_clear (f);

  exec_fixture_run (f, x86_mp, "x86-tso.cat", 0);
  g_clear_pointer (&caption, g_free);
  g_clear_pointer (&labels, g_strfreev);
  labels = check_asm_layouts (f, &caption, &hidden);
  g_assert_cmpuint (g_strv_length (labels), ==, 4);
  g_assert_nonnull (strstr (caption, "cycle: a → b → c → d → a"));
}

static void
test_dot (Fixture *f, gconstpointer data)
{
  g_autoptr(AcyGraphScene) scene = acy_graph_scene_new (f->recorder, find_forbidden (f), f->model, NULL);
  g_autofree char *dot = acy_graph_dot (scene, NULL, "MP");

  g_assert_true (g_str_has_prefix (dot, "digraph G {"));
  g_assert_nonnull (strstr (dot, "cluster_proc1"));
  g_assert_nonnull (strstr (dot, "label=\"rfe\""));
  g_assert_nonnull (strstr (dot, "penwidth"));
  g_assert_true (g_str_has_suffix (dot, "}\n"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/graph/layout/places", Fixture, NULL, fixture_setup, test_layout_places, fixture_teardown);
  g_test_add ("/graph/layout/hit", Fixture, NULL, fixture_setup, test_hit, fixture_teardown);
  g_test_add ("/graph/layout/witness", Fixture, NULL, fixture_setup, test_witness, fixture_teardown);
  g_test_add ("/graph/render/arrowheads", Fixture, NULL, NULL, test_arrowheads, fixture_teardown);
  g_test_add ("/graph/render/export", Fixture, NULL, fixture_setup, test_export, fixture_teardown);
  g_test_add ("/graph/layout/round-boxes", Fixture, NULL, NULL, test_edges_round_boxes, fixture_teardown);
  g_test_add ("/graph/layout/legible", Fixture, NULL, NULL, test_legible, fixture_teardown);
  g_test_add ("/graph/layout/model-names", Fixture, NULL, NULL, test_model_names, fixture_teardown);
  g_test_add ("/graph/layout/wide", Fixture, NULL, NULL, test_wide, fixture_teardown);
  g_test_add ("/graph/layout/initial-co", Fixture, NULL, NULL, test_initial_co, fixture_teardown);
  g_test_add ("/graph/layout/expression-tags", Fixture, NULL, fixture_setup, test_expression_tags,
              fixture_teardown);
  g_test_add ("/graph/dot", Fixture, NULL, fixture_setup, test_dot, fixture_teardown);
  g_test_add ("/graph/layout/asm-events", Fixture, NULL, NULL, test_asm_events, fixture_teardown);
  return g_test_run ();
}
