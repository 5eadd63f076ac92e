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

/* The picture without hover, selection or focus: what a viewer caches
 * (as a render node) and redraws only when the layout changes. */
void acy_graph_render_base    (cairo_t *cr, const AcyGraphLayout *layout);
/* Hover, selection and focus, drawn over the base picture. */
void acy_graph_render_overlay (cairo_t                   *cr,
                               const AcyGraphLayout      *layout,
                               const AcyGraphRenderState *state);

/* Base and overlay: draws @layout at the origin of @cr in layout units (the caller scales
 * and translates for zoom and pan). @state: nullable. */
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

/* Writes @layout to @path. PNG is drawn at twice the layout's size. */
gboolean acy_graph_export (const AcyGraphLayout *layout,
                           AcyGraphFormat        format,
                           const char           *path,
                           GError              **error);

G_END_DECLS
