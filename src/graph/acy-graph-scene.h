/* acy-graph-scene.h - one recorded outcome with the model's relations on it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Ties a record to what the model says about it (via
 * acy_recorder_explain): the relations it defines, what to label the
 * witness edges, which named relations hold a pair. GTK-free, shared by
 * the graph widget and acyclic-check.
 */
#pragma once

#include "acy-graph-layout.h"

G_BEGIN_DECLS

typedef struct _AcyGraphScene AcyGraphScene;

/* @model: nullable; without it only base relations are known. */
AcyGraphScene     *acy_graph_scene_new        (const AcyRecorder *recorder,
                                               guint              index,
                                               const AcyModel    *model,
                                               GError           **error);
void               acy_graph_scene_free       (AcyGraphScene *scene);
const AcyRecord   *acy_graph_scene_get_record (const AcyGraphScene *scene);
/* Relations the model defines (not po, rf, co, fr), in its order. */
const char *const *acy_graph_scene_get_relation_names (const AcyGraphScene *scene);
const AcyWord     *acy_graph_scene_lookup     (const AcyGraphScene *scene, const char *name);
/* The named relations holding (src, dst), smallest first, joined with
 * " ⊆ " where one includes the next ("rfe ⊆ hb ⊆ pb"); NULL if none. */
char              *acy_graph_scene_containing (const AcyGraphScene *scene, guint src, guint dst);
/* Lay out with po, rf, co, fr, the relations @shown (names; unknown ones
 * are skipped) and the witness of a forbidden outcome. */
AcyGraphLayout    *acy_graph_scene_layout     (const AcyGraphScene *scene,
                                               const char *const   *shown,
                                               const char          *title,
                                               const AcyGraphGrid  *grid,
                                               PangoContext        *context);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyGraphScene, acy_graph_scene_free)

G_END_DECLS
