/* acy-compare-window-private.h - what the parts of the compare window share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acy-compare-window.h"
#include "acy-wrap-box.h"

G_BEGIN_DECLS

struct _AcyCompareWindow
{
  AdwWindow             parent_instance;

  AdwViewSwitcherTitle *switcher_title;
  AdwViewStack         *view_stack;
  AcyCompareView       *view;
  AcyWrapBox           *models_box;      /* the chips, then add_model_button */
  GtkWidget            *add_model_button;
  GtkWidget            *compare_button;
  GtkWidget            *stop_button;
  GtkLabel             *folder_label;
  GtkLabel             *batch_summary;
  GtkProgressBar       *batch_progress;
  GtkStack             *batch_stack;
  GtkColumnView        *batch_view;

  char                 *test_text;
  char                 *test_name;
  char                 *folder;

  GListStore           *batch_items;
  GtkSortListModel     *batch_sorted;
  GCancellable         *batch_cancellable;
  guint                 batch_generation;
  guint                 batch_total;
  guint                 batch_done;
  guint                 batch_differ;
  gboolean              batch_running;
  guint                 toggle_serial;   /* models are in the order chosen */

  /* Find Tests: the tests that tell the first two models apart */
  GtkLabel             *search_summary;
  GtkProgressBar       *search_progress;
  GtkStack             *search_stack;
  GtkListBox           *search_list;
  GtkSpinButton        *search_threads;
  GtkSpinButton        *search_accesses;
  GCancellable         *search_cancellable;
  guint                 search_generation;
  gboolean              search_running;
  GPtrArray            *search_found;     /* AcyDiyFound, as listed */
  char                 *search_specs[2];
  guint                 search_max_threads;
  guint                 search_max_accesses;

  /* Until the first Compare: what the test's last check cost */
  gboolean              started;
  guint64               cost_candidates;
  double                cost_seconds;
};

/* acy-compare-window.c */
void       acy_compare_window_update_actions   (AcyCompareWindow *self);
GtkWidget *acy_compare_window_find_toggle      (AcyCompareWindow *self,
                                                const char       *spec);

/* acy-compare-window-search.c */
void       acy_compare_window_init_search       (AcyCompareWindow *self);
void       acy_compare_window_dispose_search    (AcyCompareWindow *self);
void       acy_compare_window_finalize_search   (AcyCompareWindow *self);
void       acy_compare_window_class_init_search (GtkWidgetClass   *widget_class);

/* acy-compare-window-batch.c */
void       acy_compare_window_init_batch       (AcyCompareWindow *self);
void       acy_compare_window_class_init_batch (GtkWidgetClass   *widget_class);

G_END_DECLS
