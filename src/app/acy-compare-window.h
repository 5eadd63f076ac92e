/* acy-compare-window.h - compare models on a test or a folder of tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "acy-compare-view.h"

G_BEGIN_DECLS

#define ACY_TYPE_COMPARE_WINDOW (acy_compare_window_get_type ())
G_DECLARE_FINAL_TYPE (AcyCompareWindow, acy_compare_window, ACY, COMPARE_WINDOW, AdwWindow)

/* @model: the model the test is checked with (a .cat or .cfg path, or a
 * built-in name), chosen along with one to compare it with; nullable. */
AcyCompareWindow *acy_compare_window_new        (GtkWindow         *parent,
                                                 const char        *test_text,
                                                 const char        *test_name,
                                                 const char        *model);
/* Choose exactly these models (built-in names or paths). */
void              acy_compare_window_set_models (AcyCompareWindow  *self,
                                                 const char *const *specs);
/* The chosen models, NULL-terminated (free with g_strfreev). */
char            **acy_compare_window_get_models (AcyCompareWindow  *self);
/* Compare what the visible page shows: the test, or the folder. */
void              acy_compare_window_run        (AcyCompareWindow  *self);
void              acy_compare_window_set_cost   (AcyCompareWindow  *self,
                                                 guint64            candidates,
                                                 double             seconds);
/* Compare every test under @folder and show the folder page. */
void              acy_compare_window_run_folder (AcyCompareWindow  *self,
                                                 const char        *folder);
AcyCompareView   *acy_compare_window_get_view   (AcyCompareWindow  *self);
/* The folder table: rows shown (differences first), their test names,
 * marks ("≠", "~" or "") and cells. */
guint             acy_compare_window_get_n_batch_rows (AcyCompareWindow *self);
const char       *acy_compare_window_get_batch_test   (AcyCompareWindow *self,
                                                       guint             row);
const char       *acy_compare_window_get_batch_mark   (AcyCompareWindow *self,
                                                       guint             row);
const char       *acy_compare_window_get_batch_cell   (AcyCompareWindow *self,
                                                       guint             row,
                                                       guint             model);
gboolean          acy_compare_window_get_batch_running (AcyCompareWindow *self);
/* Find Tests: search for the tests that tell the first two chosen models
 * apart and show that page; the tests found so far, in order. */
void              acy_compare_window_run_search        (AcyCompareWindow *self);
gboolean          acy_compare_window_get_search_running (AcyCompareWindow *self);
guint             acy_compare_window_get_n_found       (AcyCompareWindow *self);
const AcyDiyFound *acy_compare_window_get_found        (AcyCompareWindow *self,
                                                        guint             i);
const char       *acy_compare_window_get_search_summary (AcyCompareWindow *self);

G_END_DECLS
