/* acy-results-view-private.h - the results view's state, shared by its files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * acy-results-view.c shows a check's verdict, outcome table, herd7 text
 * and executions; acy-results-view-machine.c adds what this machine's
 * CPU saw running the test.
 */
#pragma once

#include <adwaita.h>

#include "acy-outcome-list.h"
#include "acy-results-view.h"

G_BEGIN_DECLS

struct _AcyResultsView
{
  GtkWidget       parent_instance;

  /* Template children */
  GtkStack       *stack;
  GtkSpinner     *spinner;
  GtkProgressBar *progress_bar;
  GtkLabel       *progress_label;
  AdwStatusPage  *failure_page;
  GtkRevealer    *stale_revealer;
  GtkLabel       *stale_label;
  GtkWidget      *result_box;
  GtkLabel       *verdict_label;
  GtkLabel       *witnesses_label;
  GtkLabel       *summary_label;
  GtkLabel       *flags_label;
  GtkBox         *expected_box;
  GtkImage       *expected_icon;
  GtkLabel       *expected_label;
  GtkColumnView  *column_view;
  GtkTextView    *herd_view;
  AcyExecutionBrowser *browser;
  AcyFixesView   *fixes_view;
  GtkWidget      *fixes_button;
  GtkPaned       *outcomes_paned;
  AcyMachineBar  *machine_bar;

  AcyOutcomeList *outcomes;      /* allowed final states, in herd's order */
  GListStore     *forbidden;     /* then those no allowed execution reaches */
  GListStore     *sections;      /* the two, in the table's model */
  GStrv           observed;      /* the observed variables the columns show */
  GtkSingleSelection *selection;
  AcyRunReport   *report;
  guint64         progress_candidates;
  guint64         progress_allowed;
  gboolean        progress_seen;
  gint64          running_since;
  guint           tick_id;
  AcyStaleReason  stale;
  guint           table_idle;    /* growing or emptying the table */
  GdkFrameClock  *table_clock;   /* growing it once this draws a frame */
  gulong          table_frame_id;
  guint           pending_row;   /* to select once shown, or G_MAXUINT */

  /* The test run on this machine's CPU (acy_results_view_set_machine) */
  AcyMachineReport *machine;
  GHashTable     *machine_seen;   /* a state's values, joined (state_key) -> its count (guint64 *) */
  GtkColumnViewColumn *observed_column;
};

void  acy_results_view_set_css_class   (GtkWidget                *widget,
                                        const char               *css_class,
                                        gboolean                  on);
void  acy_results_view_setup_label     (GtkSignalListItemFactory *factory,
                                        GtkListItem              *item,
                                        gpointer                  user_data);
void  acy_results_view_fit_table       (AcyResultsView           *self);
void  acy_results_view_apply_machine   (AcyResultsView           *self);
char *acy_results_view_observed_text   (AcyResultsView           *self,
                                        AcyOutcome               *outcome,
                                        gboolean                 *alarm);

G_END_DECLS
