/* acy-graph-view-private.h - what the graph widget's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acy-graph-render.h"
#include "acy-graph-view.h"
#include "acy-relation-glossary.h"

G_BEGIN_DECLS

struct _AcyGraphView {
  GtkWidget            parent_instance;

  AcyGraphScene       *scene;
  AcyGraphGrid         grid;
  gboolean             have_grid;
  GStrv                shown;
  AcyGraphLayout      *layout;       /* cache: cleared on scene/shown/grid change */
  GskRenderNode       *base;         /* cache: cleared on layout, zoom or palette change */
  const AcyGraphPalette *palette;
  double               zoom;
  AcyGraphRenderState  state;

  GtkWidget           *popover;
  GtkWidget           *popover_label;
  char                *explanation;
  GStrv                hidden;         /* base relations not drawn */
  AcyGlossary         *glossary;       /* of glossary_model */
  const AcyModel      *glossary_model;

  /* acy-graph-view-explain.c: why the clicked edge's pair is in a relation */
  GtkWidget           *why_box;
  GtkWidget           *why_title;
  GtkWidget           *why_dropdown;
  GtkWidget           *why_error;
  GtkWidget           *derivation_view;
  GStrv                why_relations;  /* the dropdown's choices */
  guint                why_src, why_dst;
  gboolean             why_busy;       /* filling the dropdown */
  GArray              *path;           /* guint pairs: the hovered fact's path */
  double               drag_h, drag_v;

  /* Fit: the zoom follows the room of the enclosing scrolled window */
  gboolean             fit;
  gboolean             legend_beside;  /* chosen by fitting: where the graph is bigger */
  guint                fit_id;
  GtkScrolledWindow   *fit_scroller;   /* the one whose room is watched */
};

/* acy-graph-view-explain.c */
void acy_graph_view_init_explain    (AcyGraphView *self);
void acy_graph_view_explain_edge    (AcyGraphView *self,
                                     guint         edge);
void acy_graph_view_dispose_explain (AcyGraphView *self);
void acy_graph_view_draw_path       (AcyGraphView *self,
                                     GtkSnapshot  *snapshot);
/* acy-graph-view.c */
void acy_graph_view_emit_location   (AcyGraphView *self,
                                     const char   *file,
                                     guint         line,
                                     guint         col);
/* The cached picture is drawn again (zoom or palette changed). */
void acy_graph_view_clear_picture   (AcyGraphView *self);

/* acy-graph-view-zoom.c */
#define PAN_STEP 0.2   /* of the visible part, per Ctrl+arrow */
void acy_graph_view_init_zoom       (AcyGraphView *self);
void acy_graph_view_watch_scroller  (AcyGraphView *self);
/* Moves the view by a fraction of what is visible of it. */
void acy_graph_view_pan             (AcyGraphView *self,
                                     double        fx,
                                     double        fy);
/* Scrolls the event or edge the keyboard reached into view. */
void acy_graph_view_scroll_to_focus (AcyGraphView *self);

G_END_DECLS
