/* acy-results-view.h - the verdict, outcome table and herd7 text of a run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "acy-check-job.h"
#include "acy-execution-browser.h"
#include "acy-fixes-view.h"
#include "acy-machine-bar.h"
#include "acy-machine-job.h"

G_BEGIN_DECLS

#define ACY_TYPE_RESULTS_VIEW (acy_results_view_get_type ())

G_DECLARE_FINAL_TYPE (AcyResultsView, acy_results_view, ACY, RESULTS_VIEW, GtkWidget)

void        acy_results_view_show_empty        (AcyResultsView       *self);
void        acy_results_view_show_running      (AcyResultsView       *self);
void        acy_results_view_set_progress      (AcyResultsView       *self,
                                                const AcyRunProgress *progress);
void        acy_results_view_show_report       (AcyResultsView       *self,
                                                AcyRunReport         *report);
void        acy_results_view_show_failure      (AcyResultsView       *self,
                                                const char           *icon_name,
                                                const char           *title,
                                                const char           *message,
                                                const char           *spoken);
/* Why the result shown no longer matches the document */
typedef enum {
  ACY_STALE_NONE,
  ACY_STALE_EDITED,  /* the test's text changed since the run */
  ACY_STALE_MODEL,   /* the same text, checked against another model */
} AcyStaleReason;

void        acy_results_view_set_stale         (AcyResultsView       *self,
                                                AcyStaleReason        reason);
gboolean    acy_results_view_get_stale         (AcyResultsView       *self);
const char *acy_results_view_get_stale_text    (AcyResultsView       *self);

/* The executions of the run shown (see acy-execution-browser.h) */
void        acy_results_view_set_run           (AcyResultsView       *self,
                                                const AcyTest        *test,
                                                const AcyModel       *model,
                                                AcyRecorder          *recorder,
                                                const AcyGraphGrid   *grid);
void        acy_results_view_select_row        (AcyResultsView       *self,
                                                guint                 row);
AcyExecutionBrowser *acy_results_view_get_execution_browser (AcyResultsView *self);
/* Switch to the Fixes page and return its view; whether the result shown
 * offers Suggest Fixes (its condition is reachable). */
AcyFixesView *acy_results_view_show_fixes      (AcyResultsView       *self);
gboolean    acy_results_view_get_fixes_offered (AcyResultsView       *self);

/* What this machine's CPU saw running the test shown (@report: transfer
 * full, nullable): the table's Observed column, and above it a sentence,
 * loud when the CPU showed a state the model forbids. */
void        acy_results_view_set_machine       (AcyResultsView       *self,
                                                AcyMachineReport     *report);
AcyMachineBar *acy_results_view_get_machine_bar (AcyResultsView      *self);
/* What the Observed column says of @row, *@alarm when the model forbids
 * it and the CPU showed it; NULL when no run on this machine is shown. */
char       *acy_results_view_get_row_observed  (AcyResultsView       *self,
                                                guint                 row,
                                                gboolean             *alarm);

/* For tests and the window */
const char *acy_results_view_get_page          (AcyResultsView       *self);
const char *acy_results_view_get_verdict       (AcyResultsView       *self);
/* The flags and notes under the verdict, or NULL when none shows. */
const char *acy_results_view_get_notes         (AcyResultsView       *self);
guint       acy_results_view_get_n_rows        (AcyResultsView       *self);
guint       acy_results_view_get_n_satisfying  (AcyResultsView       *self);
guint       acy_results_view_get_n_forbidden_rows (AcyResultsView    *self);
const char *acy_results_view_get_row_check     (AcyResultsView       *self,
                                                guint                 row);
const char *acy_results_view_get_herd_text     (AcyResultsView       *self);
const char *acy_results_view_get_expected_text (AcyResultsView       *self);
guint64     acy_results_view_get_progress_candidates (AcyResultsView *self);
gboolean    acy_results_view_get_cost          (AcyResultsView       *self,
                                                guint64              *candidates,
                                                double               *seconds);
const char *acy_results_view_get_progress_text (AcyResultsView *self);

G_END_DECLS
