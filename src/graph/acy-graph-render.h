/* acy-graph-render.h - draw an execution graph with cairo, and export it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "acy-graph-layout.h"

G_BEGIN_DECLS

/* What the viewer adds on top of the layout; -1 for none. */
typedef struct {
  gint     selected_node;
  gint     selected_edge;
  gint     focus_node;
  gint     focus_edge;
  gint     hover_node;
  gint     hover_edge;
} AcyGraphRenderState;

#define ACY_GRAPH_RENDER_STATE_INIT { -1, -1, -1, -1, -1, -1 }

/* The colours of everything but the relations, whose hues the layout
 * chooses; on a dark palette they are brightened until they stand out
 * from the background, keeping their hue. Components are 0 to 1. */
typedef struct {
  gboolean dark;
  double   background[3];
  double   ink[3];              /* the title and the events' text */
  double   thread_ink[3];       /* "P0", "P1" above the columns */
  double   legend_ink[3];
  double   node_fill[3];
  double   init_fill[3];        /* initial writes, a step back */
  double   node_border[3];
  double   hover_fill[3];       /* an event under the pointer or selected */
  double   selected_border[3];
  double   focus[3];            /* focus rings, and a selected edge's halo */
  double   focus_halo_alpha;
  double   witness_halo[4];     /* under the edges of the cycle (RGBA) */
  double   witness_ink[3];      /* the caption naming the failed check */
  double   faded_edge_alpha;    /* edges off the cycle, when one is shown */
  double   faded_label_alpha;
} AcyGraphPalette;

/* For white paper and the light style: what exports always use. */
const AcyGraphPalette *acy_graph_palette_light (void);
/* For the dark style: a background like a dark view's. */
const AcyGraphPalette *acy_graph_palette_dark  (void);

/* The picture without hover, selection or focus: what a viewer caches
 * (as a render node) and redraws only when the layout or palette
 * changes. @palette: nullable, light when %NULL. */
void acy_graph_render_base    (cairo_t               *cr,
                               const AcyGraphLayout  *layout,
                               const AcyGraphPalette *palette);
/* Hover, selection and focus, drawn over the base picture. */
void acy_graph_render_overlay (cairo_t                   *cr,
                               const AcyGraphLayout      *layout,
                               const AcyGraphRenderState *state,
                               const AcyGraphPalette     *palette);

/* A derivation's facts over the picture: for each pair (@pairs[2k],
 * @pairs[2k+1]) of events, the drawn edge between them if there is one,
 * else a curve of its own; a pair (e, e) marks event e. Drawn in the
 * focus colour, thick, so the path stands out from every relation. */
void acy_graph_render_path    (cairo_t               *cr,
                               const AcyGraphLayout  *layout,
                               const guint           *pairs,
                               guint                  n_pairs,
                               const AcyGraphPalette *palette);

/* Base and overlay in the light palette: draws @layout at the origin of
 * @cr in layout units (the caller scales and translates for zoom and
 * pan). @state: nullable. */
void acy_graph_render (cairo_t                   *cr,
                       const AcyGraphLayout      *layout,
                       const AcyGraphRenderState *state);

typedef enum {
  ACY_GRAPH_FORMAT_PNG,
  ACY_GRAPH_FORMAT_SVG,
  ACY_GRAPH_FORMAT_PDF,
} AcyGraphFormat;

/* "png", "svg", "pdf" (case-insensitive); FALSE when unknown. */
gboolean    acy_graph_format_from_string (const char *name, AcyGraphFormat *format);
const char *acy_graph_format_extension   (AcyGraphFormat format);

/* Writes @layout to @path, in the light palette (files usually end up
 * on white pages). PNG is drawn at twice the layout's size. */
gboolean acy_graph_export (const AcyGraphLayout *layout,
                           AcyGraphFormat        format,
                           const char           *path,
                           GError              **error);

G_END_DECLS
