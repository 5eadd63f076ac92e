/* acy-execution-browser.h - step through the executions of a check
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "acyclic.h"
#include "acy-graph-view.h"

G_BEGIN_DECLS

#define ACY_TYPE_EXECUTION_BROWSER (acy_execution_browser_get_type ())
G_DECLARE_FINAL_TYPE (AcyExecutionBrowser, acy_execution_browser, ACY, EXECUTION_BROWSER, GtkWidget)

/* Measuring every label of every execution would take long for large
 * runs; the grid is fitted to this many distinct event structures and
 * later labels, if wider, grow around their column's centre. */
#define ACY_EXECUTION_BROWSER_GRID_SAMPLE 64

typedef enum {
  ACY_BROWSE_ALL,
  ACY_BROWSE_ALLOWED,
  ACY_BROWSE_STATE,
} AcyBrowseFilter;

GtkWidget    *acy_execution_browser_new        (void);
/* Show the outcomes kept by @recorder (filled by a check of @test under
 * @model; acy_recorder_resolve_states called). None is copied: they
 * must outlive the browser or the next call. NULLs clear it. */
void          acy_execution_browser_set_run    (AcyExecutionBrowser *self,
                                                const AcyTest       *test,
                                                const AcyModel      *model,
                                                AcyRecorder         *recorder);
/* The same, with the run's grid already measured (nullable: measured
 * here) by acy_graph_grid_add_run (grid, recorder,
 * ACY_EXECUTION_BROWSER_GRID_SAMPLE), on a worker for a big run. */
void          acy_execution_browser_set_run_with_grid (AcyExecutionBrowser *self,
                                                       const AcyTest       *test,
                                                       const AcyModel      *model,
                                                       AcyRecorder         *recorder,
                                                       const AcyGraphGrid  *grid);
/* Step only through allowed executions ending in state @state_index (as
 * numbered in the check's result), and show the first. */
void          acy_execution_browser_show_state (AcyExecutionBrowser *self,
                                                guint                state_index);
/* Step through all candidates, starting at record @record_index. */
void          acy_execution_browser_show_record (AcyExecutionBrowser *self,
                                                 guint                record_index);
void          acy_execution_browser_set_filter (AcyExecutionBrowser *self,
                                                AcyBrowseFilter      filter);
gboolean      acy_execution_browser_next       (AcyExecutionBrowser *self);
gboolean      acy_execution_browser_previous   (AcyExecutionBrowser *self);
/* Position in the filtered list, and its length. */
guint         acy_execution_browser_get_position (AcyExecutionBrowser *self);
guint         acy_execution_browser_get_n_shown  (AcyExecutionBrowser *self);
/* The record shown, or NULL. */
const AcyRecord *acy_execution_browser_get_record (AcyExecutionBrowser *self);
const char   *acy_execution_browser_get_header (AcyExecutionBrowser *self);
/* The shown execution's cycle as diy's edges ("PodWR Fre PodWR Fre"),
 * NULL when it has none (or none is shown). */
const char          *acy_execution_browser_get_cycle  (AcyExecutionBrowser *self);
AcyGraphView *acy_execution_browser_get_view   (AcyExecutionBrowser *self);
/* The Relations popover's content (an AcyRelationConsole). */
GtkWidget    *acy_execution_browser_get_console (AcyExecutionBrowser *self);
/* The note under the header, NULL when hidden. */
const char   *acy_execution_browser_get_note   (AcyExecutionBrowser *self);
void          acy_execution_browser_set_fit    (AcyExecutionBrowser *self,
                                                gboolean             fit);
gboolean      acy_execution_browser_get_fit    (AcyExecutionBrowser *self);

G_END_DECLS
