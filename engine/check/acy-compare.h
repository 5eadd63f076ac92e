/* acy-compare.h - one litmus test under several models, side by side
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "acy-check.h"

G_BEGIN_DECLS

/**
 * AcyStateProbe:
 *
 * Collects, during one check, every final state that candidate
 * executions reach, allowed or not, and for each state the model never
 * allows, the check that rejected the first candidate reaching it. A
 * comparison given probes can then show a state no model allows, and
 * say which check of a stricter model forbids a state a weaker one
 * allows.
 *
 * Pass acy_state_probe_outcome() as AcyCheckOptions.outcome with the
 * probe as outcome_data (which makes the check run on one thread, so
 * "first" is the enumeration order).
 */
typedef struct _AcyStateProbe AcyStateProbe;

AcyStateProbe *acy_state_probe_new     (const AcyTest *test);
void           acy_state_probe_free    (AcyStateProbe *probe);
/* An #AcyCheckOutcomeFunc. Never stops the check. */
gboolean       acy_state_probe_outcome (const AcyCandidate *candidate,
                                        const AcyVerdict   *verdict,
                                        AcyModelEnv        *env,
                                        gpointer            probe);

/**
 * AcyComparison:
 *
 * The final states of one test under N models: one row per state that
 * any model allows (and, with probes, any state a candidate reaches),
 * one column per model. Rows where the models disagree on whether the
 * state is allowed come first; within each group, rows are in herd's
 * state order. Immutable once built.
 */
typedef struct _AcyComparison AcyComparison;

AcyComparison *acy_comparison_new      (const AcyTest               *test,
                                        const AcyCheckResult *const *results,
                                        guint                        n);
/* @probes: (nullable): n probes (entries may be NULL), filled by the
 * checks that gave @results */
AcyComparison *acy_comparison_new_full (const AcyTest               *test,
                                        const AcyCheckResult *const *results,
                                        const AcyStateProbe *const  *probes,
                                        guint                        n);
void           acy_comparison_free     (AcyComparison *comparison);

const AcyTest *acy_comparison_get_test        (const AcyComparison *comparison);
guint          acy_comparison_get_n_models    (const AcyComparison *comparison);
AcyObservation acy_comparison_get_observation (const AcyComparison *comparison,
                                               guint                model);
/* TRUE when the models' observations differ or a row differs. */
gboolean       acy_comparison_differs         (const AcyComparison *comparison);

guint          acy_comparison_get_n_rows      (const AcyComparison *comparison);
/* Rows that differ: they are the first ones. */
guint          acy_comparison_get_n_differing (const AcyComparison *comparison);
/* One value per observed variable of the test. */
const AcyValue *acy_comparison_row_get_values (const AcyComparison *comparison,
                                               guint                row);
/* The state as herd prints it: "1:r1=0; [x]=1;" (free it). */
char          *acy_comparison_row_format      (const AcyComparison *comparison,
                                               guint                row);
/* Whether the condition's proposition holds in this state. */
gboolean       acy_comparison_row_satisfies   (const AcyComparison *comparison,
                                               guint                row);
/* Some models allow the state and some do not. */
gboolean       acy_comparison_row_differs     (const AcyComparison *comparison,
                                               guint                row);
/* Allowed executions of @model ending in this state: 0 when forbidden. */
guint64        acy_comparison_row_get_count   (const AcyComparison *comparison,
                                               guint                row,
                                               guint                model);
gboolean       acy_comparison_row_allowed     (const AcyComparison *comparison,
                                               guint                row,
                                               guint                model);
/* Index of the state among @model's result states, -1 when forbidden. */
gint           acy_comparison_row_get_state   (const AcyComparison *comparison,
                                               guint                row,
                                               guint                model);
/* Whether a candidate of @model reached the state (always TRUE when
 * allowed; known only with a probe, else FALSE when forbidden). */
gboolean       acy_comparison_row_reached     (const AcyComparison *comparison,
                                               guint                row,
                                               guint                model);
/* The check of @model that rejected the first candidate reaching this
 * state, when @model forbids it and had a probe; else NULL. */
const char    *acy_comparison_row_get_failed_check (const AcyComparison *comparison,
                                                    guint                row,
                                                    guint                model);

/* A model as named on `acyclic-check --compare` or in the comparison
 * window: a built-in model by name ("sc", "tso", "toy-rmo",
 * "coherent-rmo", with or without ".cat"), a .cat file, or a herd .cfg
 * (its model, bell, macros and variants). @macros gets the macro file to
 * read tests with: the .cfg's, else the built-in linux-basic.def.
 * @include_dirs (nullable) is searched as herd's -I. */
AcyModel      *acy_comparison_load_model (const char         *spec,
                                          const char *const  *include_dirs,
                                          AcyMacros         **macros,
                                          GError            **error);
/* The names of the built-in models, NULL-terminated. */
const char *const *acy_comparison_get_builtin_models (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyStateProbe, acy_state_probe_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyComparison, acy_comparison_free)

G_END_DECLS
