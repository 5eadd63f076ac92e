/* acy-graph-scene.h - one recorded outcome with the model's relations on it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Ties a record to what the model says about it (via
 * acy_recorder_explain): the relations it defines, what to label the
 * witness edges, which named relations hold a pair, why a pair is in one,
 * and any cat expression evaluated on it. GTK-free, shared by the graph
 * widget and acyclic-check. The recorder and model must outlive it.
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
/* The relation the failed check tests, as the model writes it ("hb ;
 * eco?" of "irreflexive hb ; eco? as coherence"); NULL when the outcome
 * is allowed or there is no model. */
const char        *acy_graph_scene_get_tested (const AcyGraphScene *scene);
/* The model the scene was made with, NULL without one. */
const AcyModel    *acy_graph_scene_get_model  (const AcyGraphScene *scene);
/* Why (@a, @b) is in @relation (a name the model binds, or any cat
 * expression) on this outcome: the model runs on it again. NULL with
 * @error when the pair is not there, the expression is wrong or there
 * is no model. */
AcyDerivation     *acy_graph_scene_explain    (const AcyGraphScene *scene,
                                               const char          *relation,
                                               guint                a,
                                               guint                b,
                                               GError             **error);
/* Evaluates each of @texts (cat expressions) on this outcome, in one run
 * of the model, and keeps the relations under their text, to be drawn
 * like the model's own through @shown. Sets are drawn as [S]. An
 * expression that fails here is left out, its message in
 * @errors[i] (nullable, else an array of @texts' length set to NULL or a
 * message the caller frees). Returns FALSE with @error only when the
 * model could not be run. */
gboolean           acy_graph_scene_add_expressions (AcyGraphScene     *scene,
                                                    const char *const *texts,
                                                    char             **errors,
                                                    GError           **error);
/* The model's relations (and the expressions added) holding (src, dst),
 * smallest first; NULL-terminated, free with g_strfreev. */
char             **acy_graph_scene_holding    (const AcyGraphScene *scene, guint src, guint dst);
/* Lay out with po, rf, co, fr, the relations @shown (names; unknown ones
 * are skipped) and the witness of a forbidden outcome. */
AcyGraphLayout    *acy_graph_scene_layout     (const AcyGraphScene *scene,
                                               const char *const   *shown,
                                               const char          *title,
                                               const AcyGraphGrid  *grid,
                                               PangoContext        *context);

/* As acy_graph_scene_layout, leaving out the base relations named in
 * @hidden ("po", "rf", "co", "fr"; nullable), the legend beside the
 * graph when @legend_beside. */
AcyGraphLayout    *acy_graph_scene_layout_hiding (const AcyGraphScene *scene,
                                                  const char *const   *shown,
                                                  const char *const   *hidden,
                                                  const char          *title,
                                                  const AcyGraphGrid  *grid,
                                                  gboolean             legend_beside,
                                                  PangoContext        *context);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyGraphScene, acy_graph_scene_free)

G_END_DECLS
