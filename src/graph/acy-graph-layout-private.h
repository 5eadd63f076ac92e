/* acy-graph-layout-private.h - what the layout and the edge routing share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * acy-graph-layout.c places the events and collects the edges;
 * acy-graph-route.c routes them and places their labels.
 */
#pragma once

#include "acy-graph-layout.h"

G_BEGIN_DECLS

#define FONT          "Sans 10"
#define SMALL_FONT    "Sans 9"
#define MARGIN        16.0    /* round the picture */

/* acy-graph-layout.c */
PangoLayout *acy_graph_make_text         (PangoContext         *ctx,
                                          const char           *text,
                                          const char           *font,
                                          gboolean              bold);
void         acy_graph_text_size         (PangoLayout          *l,
                                          double               *w,
                                          double               *h);

/* acy-graph-place.c */
/* Places every node of @layout (measured) on the grid, the initial
 * writes on top of the threads; @top: where the first line starts. */
void         acy_graph_place_nodes       (AcyGraphLayout       *layout,
                                          const AcyExecution   *x,
                                          const AcyGraphGrid   *grid,
                                          double                node_w,
                                          double                node_h,
                                          double                init_w,
                                          double                top);
/* "P0" over each thread, into layout->headers. */
void         acy_graph_place_headers     (AcyGraphLayout       *layout);
/* Once the edges are routed: the picture moved to hold everything
 * drawn, its size, and the caption and legend below it or @beside it. */
void         acy_graph_place_caption_and_legend (AcyGraphLayout *layout,
                                                 double          top,
                                                 gboolean        beside);

/* acy-graph-route.c */
/* Edges between the same two events, whichever the direction, are
 * grouped by the pair so that their routes keep apart. */
GHashTable  *acy_graph_edge_groups_new   (void);
void         acy_graph_add_edge          (AcyGraphLayout       *layout,
                                          GHashTable           *groups,
                                          guint                 src,
                                          guint                 dst,
                                          guint                 rel,
                                          gboolean              witness,
                                          const char           *label);
void         acy_graph_route_edges       (AcyGraphLayout       *layout,
                                          const AcyExecution   *x,
                                          GHashTable           *groups);
double       acy_graph_distance_to_curve (const double          p[8],
                                          double                x,
                                          double                y);

G_END_DECLS
