/* acy-graph-dot.h - execution graphs as Graphviz dot text, as herd7 writes them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acy-graph-scene.h"

G_BEGIN_DECLS

/* One `digraph` for the scene's execution: a cluster per thread, events
 * pinned in program order, po, rf, co, fr, the relations @shown and the
 * witness of a forbidden outcome. */
char *acy_graph_dot (const AcyGraphScene *scene,
                     const char *const   *shown,
                     const char          *title);

G_END_DECLS
