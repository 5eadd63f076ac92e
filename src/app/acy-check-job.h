/* acy-check-job.h - one check of a litmus test, run on a worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "acyclic.h"
#include "acy-graph-layout.h"

G_BEGIN_DECLS

/**
 * AcyRunReport:
 * Everything the window shows about a finished check. It is plain data,
 * formatted on the worker thread, except for the test, model and
 * recorder, which the execution graphs need: the report owns them until
 * a tab takes them (acy_run_report_steal_run), and nothing changes them
 * once the check is done, so the main thread may read them.
 */
typedef struct
{
  char       *test_name;
  char       *model_name;
  char      **observed;      /* names of the observed variables */
  /* The final states reached by allowed executions, in the herd
   * output's order (acy_check_result_get_state). Not formatted row by
   * row: a result may have hundreds of thousands; @value_text holds the
   * text of each distinct value they take. Nothing of @result but its
   * states is read once the report is made. */
  AcyCheckResult *result;
  GHashTable     *value_text;  /* AcyValue * -> char * */
  char       *observation;   /* "Never", "Sometimes", "Always" */
  gboolean    ok;
  guint64     positive;
  guint64     negative;
  char      **flags;
  char       *left_out;      /* notes: names read as herd7 reads them, candidates left out; or NULL */
  char       *expected;      /* the test's Result: comment, or NULL */
  char       *herd_text;
  /* herd_text as the view shows it: a long list of states cut short */
  char       *herd_shown;
  guint64     candidates;
  gdouble     elapsed;

  /* The run, for the execution graphs; acy_recorder_resolve_states done */
  AcyTest     *test;
  AcyModel    *model;
  AcyRecorder *recorder;
  /* The graphs' grid for @recorder, measured on the worker */
  AcyGraphGrid grid;
} AcyRunReport;

/* On a worker thread about to check: let the window's main thread and
 * the display server go first (nice 10 on this thread). On a machine
 * with few cores they otherwise wait behind the check for their share,
 * and frames stall (bench/results-fill). */
void acy_check_job_yield_to_window (void);

void acy_run_report_free      (AcyRunReport  *report);
void acy_run_report_steal_run (AcyRunReport  *report,
                               AcyTest      **test,
                               AcyModel     **model,
                               AcyRecorder  **recorder);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyRunReport, acy_run_report_free)

typedef struct
{
  guint64 candidates;
  guint64 allowed;
  gdouble elapsed;
} AcyRunProgress;

typedef void (*AcyRunProgressFunc) (const AcyRunProgress *progress,
                                    gpointer              user_data);

/* @model_path is a .cat or a .cfg file; @cat_overrides maps cat file paths
 * to unsaved editor text used instead of the file. @progress is called on
 * the main thread, coalesced.
 */
void          acy_check_job_run_async  (const char          *test_text,
                                        const char          *test_name,
                                        const char          *model_path,
                                        GHashTable          *cat_overrides,
                                        AcyRunProgressFunc   progress,
                                        gpointer             progress_data,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
AcyRunReport *acy_check_job_run_finish (GAsyncResult        *result,
                                        GError             **error);

/* The model and macros @model_path names, found as a check finds them;
 * callable from any thread. */
gboolean      acy_check_job_load_model (const char  *model_path,
                                        GHashTable  *cat_overrides,
                                        AcyModel   **model,
                                        AcyMacros  **macros,
                                        GError     **error);

/* Folders searched for models and included files before the built-in
 * ones; see acy_check_job_set_search_path().
 */
void          acy_check_job_set_search_path (const char * const *dirs);
char         *acy_check_job_find_model      (const char         *name);
char         *acy_check_job_find_kernel_model (void);

/* Finds the cat file a model path names (itself, or a .cfg's `model`). */
void          acy_check_job_resolve_cat_async  (const char          *model_path,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
char         *acy_check_job_resolve_cat_finish (GAsyncResult        *result,
                                                GError             **error);

/* Splits "file:line:col: message"; FALSE when @text has no position. */
gboolean      acy_parse_error_location (const char  *text,
                                        char       **file,
                                        guint       *line,
                                        guint       *col,
                                        char       **message);

/* Calls @destroy on @data on a worker thread: what a big run leaves
 * (a recorder of 20,000 executions, hundreds of thousands of states)
 * takes a tenth of a second or more to free, on a main thread that has
 * a new result to show. */
void          acy_free_in_thread (gpointer       data,
                                  GDestroyNotify destroy);

G_END_DECLS
