/* acy-graph-view.h - a widget showing one execution graph
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "acy-graph-scene.h"

G_BEGIN_DECLS

#define ACY_TYPE_GRAPH_VIEW (acy_graph_view_get_type ())
G_DECLARE_FINAL_TYPE (AcyGraphView, acy_graph_view, ACY, GRAPH_VIEW, GtkWidget)

GtkWidget            *acy_graph_view_new        (void);
/* @scene: (transfer full) (nullable); @grid: (nullable), copied */
void                  acy_graph_view_set_scene  (AcyGraphView       *self,
                                                 AcyGraphScene      *scene,
                                                 const AcyGraphGrid *grid);
const AcyGraphScene  *acy_graph_view_get_scene  (AcyGraphView       *self);
/* Model relations drawn besides po, rf, co and fr. */
void                  acy_graph_view_set_shown  (AcyGraphView       *self,
                                                 const char *const  *names);
const char *const    *acy_graph_view_get_shown  (AcyGraphView       *self);
/* Base relations ("po", "rf", "co", "fr") not drawn. */
void                  acy_graph_view_set_hidden (AcyGraphView       *self,
                                                 const char *const  *names);
const char *const    *acy_graph_view_get_hidden (AcyGraphView       *self);
/* (transfer none) (nullable): laid out on demand */
const AcyGraphLayout *acy_graph_view_get_layout (AcyGraphView       *self);
void                  acy_graph_view_set_zoom   (AcyGraphView       *self,
                                                 double              zoom);
double                acy_graph_view_get_zoom   (AcyGraphView       *self);
void                  acy_graph_view_zoom_step  (AcyGraphView       *self,
                                                 int                 steps);
void                  acy_graph_view_set_fit    (AcyGraphView       *self,
                                                 gboolean            fit);
gboolean              acy_graph_view_get_fit    (AcyGraphView       *self);
/* What a click at (x, y) in widget coordinates does: select and explain
 * an edge, or select an event and emit ::event-activated. Returns what
 * was hit. */
AcyGraphHit           acy_graph_view_activate_at (AcyGraphView      *self,
                                                  double             x,
                                                  double             y);
/* Widget coordinates of a layout point. */
void                  acy_graph_view_layout_to_widget (AcyGraphView *self,
                                                       double        lx,
                                                       double        ly,
                                                       double       *wx,
                                                       double       *wy);
/* The text of the explanation popover, NULL when closed. */
const char           *acy_graph_view_get_explanation (AcyGraphView *self);
/* The derivation shown in the explanation popover (an
 * AcyDerivationView), to look at from tests. */
GtkWidget            *acy_graph_view_get_derivation_view (AcyGraphView *self);
/* Why the selected edge's pair is in @relation: shows its derivation
 * in the popover. FALSE when no edge is selected or the model says no. */
gboolean              acy_graph_view_explain_in (AcyGraphView       *self,
                                                 const char         *relation);
/* The pairs (flat: a0, b0, a1, b1...) of the path drawn for the fact
 * hovered in the derivation; *n_pairs 0 when none. */
const guint          *acy_graph_view_get_path   (AcyGraphView       *self,
                                                 guint              *n_pairs);
/* Describe an event or edge in a sentence (tooltips, accessible labels). */
char                 *acy_graph_view_describe   (AcyGraphView       *self,
                                                 AcyGraphHit         kind,
                                                 guint               index);

G_END_DECLS
