/* acy-compare-view.h - one litmus test under several models, side by side
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "acyclic.h"

G_BEGIN_DECLS

#define ACY_TYPE_COMPARE_VIEW (acy_compare_view_get_type ())
G_DECLARE_FINAL_TYPE (AcyCompareView, acy_compare_view, ACY, COMPARE_VIEW, GtkWidget)

GtkWidget           *acy_compare_view_new            (void);
/* The test's text (what the editor holds) and a name for messages. */
void                 acy_compare_view_set_test       (AcyCompareView     *self,
                                                      const char         *text,
                                                      const char         *name);
/* Among the models, a column for this machine's CPU: the test run on it
 * (src/machine), read with the macros of the first model, its counts
 * beside the models' verdicts. */
#define ACY_COMPARE_MACHINE_SPEC "this-machine"
/* How many times the test runs there */
#define ACY_COMPARE_MACHINE_RUNS 100000

/* Models as acy_comparison_load_model() names them, NULL-terminated
 * (and ACY_COMPARE_MACHINE_SPEC). */
void                 acy_compare_view_set_models     (AcyCompareView     *self,
                                                      const char *const  *specs);
/* The test model @model (of those set last) checks, when not the view's
 * own: the same shape written for the model's architecture (an X86_64
 * MP beside a C one). Its final states share the table's rows, mapped
 * variable by variable in the order herd prints them: each thread's
 * registers in order, locations by name. Cleared by set_models. */
void                 acy_compare_view_set_model_test (AcyCompareView     *self,
                                                      guint               model,
                                                      const char         *text,
                                                      const char         *name);
/* Checks the test under every model, each on its own worker thread
 * with its own GCancellable; the table is built when all have ended. */
void                 acy_compare_view_run            (AcyCompareView     *self);
void                 acy_compare_view_cancel         (AcyCompareView     *self);
void            acy_compare_view_show_intro     (AcyCompareView     *self,
                                                 const char         *description);
const char     *acy_compare_view_get_intro      (AcyCompareView     *self);
gboolean             acy_compare_view_get_running    (AcyCompareView     *self);

/* What the table shows (for tests and the window). */
const AcyComparison *acy_compare_view_get_comparison (AcyCompareView     *self);
guint                acy_compare_view_get_n_rows     (AcyCompareView     *self);
const char          *acy_compare_view_get_row_state  (AcyCompareView     *self,
                                                      guint               row);
gboolean             acy_compare_view_get_row_differs (AcyCompareView    *self,
                                                       guint              row);
/* What the cell of the machine's column says of @row; NULL without one. */
const char          *acy_compare_view_get_row_machine (AcyCompareView    *self,
                                                       guint              row);
/* The verdict shown at the head of model @model's column. */
const char          *acy_compare_view_get_verdict    (AcyCompareView     *self,
                                                      guint               model);
/* Select a row: the paired graphs below show its execution. */
void                 acy_compare_view_select_row     (AcyCompareView     *self,
                                                      guint               row);
/* The title of the paired graph of @model for the selected row. */
/* Why the models allowing the selected state do, where another forbids
 * it by a cycle; NULL when nothing to say. */
const char          *acy_compare_view_get_why        (AcyCompareView     *self);
const char          *acy_compare_view_get_pair_title (AcyCompareView     *self,
                                                      guint               model);

G_END_DECLS
