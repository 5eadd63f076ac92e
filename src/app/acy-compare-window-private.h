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
  GtkWidget            *forms_bar;
  AcyWrapBox           *forms_box;       /* a chip per form of the test */
  GtkWidget            *compare_button;
  GtkWidget            *stop_button;
  GtkLabel             *folder_label;
  GtkLabel             *batch_summary;
  GtkProgressBar       *batch_progress;
  GtkStack             *batch_stack;
  GtkColumnView        *batch_view;

  char                 *test_text;
  char                 *test_name;
  char                 *test_arch;       /* its first word ("C", "X86_64"); NULL without a test */
  GPtrArray            *forms;           /* AcyCompareForm*: the test for other archs */
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

/* acy-compare-window-forms.c */
typedef struct _AcyCompareForm AcyCompareForm;

void        acy_compare_window_init_forms   (AcyCompareWindow *self);
void        acy_compare_window_free_forms   (AcyCompareWindow *self);
/* Shows the chips of the models for the architectures in play (the
 * test's and its chosen forms'), the others hidden and unchosen. */
void        acy_compare_window_update_chips (AcyCompareWindow *self);
/* A test checked in the main window under a model of another
 * architecture's tests (an AArch64 one under Coherent RMO): the first
 * model offered for its own is chosen. */
void        acy_compare_window_choose_test_model (AcyCompareWindow *self);
/* Whether @arch is among the architectures of the model chip @toggle. */
gboolean    acy_compare_window_chip_has_arch (GtkWidget        *toggle,
                                              const char       *arch);
/* Gives each model of the view that checks another form of the test
 * than the window's (x86-TSO the X86_64 one) its form. */
void        acy_compare_window_set_view_forms (AcyCompareWindow *self,
                                               const char *const *specs);

/* acy-compare-window.c */
void       acy_compare_window_update_actions   (AcyCompareWindow *self);
/* A chip's checked state, for a screen reader (GTK 4.8 reads a toggle
 * button as a push button) */
void       acy_compare_window_chip_update_state (GtkToggleButton *toggle);
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
