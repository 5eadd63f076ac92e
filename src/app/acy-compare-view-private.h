/* acy-compare-view-private.h - what the parts of the compare view share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "acy-compare-view.h"

G_BEGIN_DECLS

/* Candidates counted by a worker, read by the main thread. */
typedef struct {
  guint64 candidates;   /* atomic */
} Progress;

/* What a worker hands back: everything a model's check made. */
typedef struct {
  AcyMacros      *macros;
  AcyModel       *model;
  AcyTest        *test;
  AcyRecorder    *recorder;
  AcyStateProbe  *probe;
  AcyCheckResult *result;
  /* the machine's column: what the CPU saw, each state's count by its
   * text (acy_check_format_state) */
  AcyRunResult   *machine;
  GHashTable     *machine_seen;
} Outcome;

typedef struct {
  char         *spec;
  char         *name;
  GCancellable *cancellable;
  Progress     *progress;
  gboolean      running;
  gboolean      cancelled;
  char         *error;
  Outcome      *outcome;
  gint          column;        /* in the comparison, -1 without a result */
  gboolean      machine;       /* this machine's CPU, not a model */

  /* its column head */
  GtkWidget    *name_label;
  GtkWidget    *verdict_label;
  GtkWidget    *detail_label;
  GtkWidget    *spinner;
  GtkWidget    *stop_button;
  GtkSizeGroup *size_group;
  char         *pair_title;
  char         *form;          /* the test's form it checks, when not the view's ("X86_64 MP") */
} ModelRun;

struct _AcyCompareView
{
  GtkWidget       parent_instance;

  GtkStack       *stack;
  GtkPaned       *paned;
  GtkWidget      *table_box;
  AdwStatusPage  *status_page;
  GtkLabel       *summary_label;
  GtkLabel       *condition_label;
  GtkListBox     *table;
  GtkLabel       *pair_heading;
  GtkWidget      *why_label;     /* acy-compare-view-why.c's sentence, under the heading */
  GtkBox         *pairs_box;

  char           *test_text;
  char           *test_name;
  GStrv           specs;
  GPtrArray      *model_texts;   /* char *, per model: its own form of the test, or NULL */
  GPtrArray      *model_names;

  GPtrArray      *runs;          /* of ModelRun */
  guint           generation;    /* bumped by each run, to drop stale ends */
  guint           progress_id;
  AcyComparison  *comparison;
  GPtrArray      *row_states;    /* char *, the state column's text */
  GPtrArray      *row_machine;   /* char *, the machine column's text (or NULL) */
  GtkSizeGroup   *mark_group;
  GtkSizeGroup   *state_group;
};

/* acy-compare-view.c */
GtkWidget *acy_compare_view_caption_label  (const char     *text);
void       acy_compare_view_update_head    (AcyCompareView *self,
                                            ModelRun       *run);
void       acy_compare_view_add_header_row (AcyCompareView *self);
void       acy_compare_view_clear_table    (AcyCompareView *self);
void       acy_compare_view_build_table    (AcyCompareView *self);

/* acy-compare-view-run.c */
void       acy_compare_view_model_run_free (ModelRun       *run);

/* acy-compare-view-pairs.c */
void       acy_compare_view_clear_pairs   (AcyCompareView *self);
/* acy-compare-view-why.c */
char      *acy_compare_view_why_text      (AcyCompareView *self,
                                           const gint     *records);
void       acy_compare_view_show_pairs    (AcyCompareView *self,
                                           guint           row);

G_END_DECLS
