/* acy-check-job.c - one check of a litmus test, run on a worker thread
 *
 * The worker loads the model (and a .cfg's macros and bell), parses the
 * test and checks it, recording every outcome for the execution graphs,
 * then formats everything the window shows. Only the test, model and
 * recorder leave the thread, finished, for the graphs. Progress from the engine is
 * coalesced under a mutex and handed to the main thread by one idle
 * callback at a time, as Sysprof does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#ifdef __linux__
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "acyclic.h"
#include "acy-check-job.h"
#include "acy-execution-browser.h"


typedef struct
{
  GMutex              mutex;
  AcyRunProgress      latest;
  guint               idle_id;
  AcyRunProgressFunc  func;
  gpointer            data;
  GCancellable       *cancellable;
} Progress;

typedef struct
{
  char       *test_text;
  char       *test_name;
  char       *model_path;
  GHashTable *overrides;
  Progress   *progress;
} JobData;

void
acy_run_report_free (AcyRunReport *report)
{
  if (report == NULL)
    return;

  g_free (report->test_name);
  g_free (report->model_name);
  g_strfreev (report->observed);
  g_clear_pointer (&report->result, acy_check_result_free);
  g_clear_pointer (&report->value_text, g_hash_table_unref);
  g_free (report->observation);
  g_strfreev (report->flags);
  g_free (report->left_out);
  g_free (report->expected);
  g_free (report->herd_text);
  g_free (report->herd_shown);
  g_clear_pointer (&report->recorder, acy_recorder_free);
  g_clear_pointer (&report->test, acy_test_free);
  g_clear_pointer (&report->model, acy_model_free);
  g_free (report);
}

/**
 * acy_run_report_steal_run:
 * @test: (out) (transfer full) (optional)
 * @model: (out) (transfer full) (optional)
 * @recorder: (out) (transfer full) (optional)
 *
 * Takes the checked test, its model and the recorded outcomes out of
 * @report; what is not taken is freed with it.
 */
void
acy_run_report_steal_run (AcyRunReport  *report,
                          AcyTest      **test,
                          AcyModel     **model,
                          AcyRecorder  **recorder)
{
  g_return_if_fail (report != NULL);

  if (test != NULL)
    *test = g_steal_pointer (&report->test);
  if (model != NULL)
    *model = g_steal_pointer (&report->model);
  if (recorder != NULL)
    *recorder = g_steal_pointer (&report->recorder);
}

static void
progress_unref (Progress *progress)
{
  g_mutex_clear (&progress->mutex);
  g_clear_object (&progress->cancellable);
}

static void
progress_release (gpointer data)
{
  g_atomic_rc_box_release_full (data, (GDestroyNotify) progress_unref);
}

static gboolean
progress_idle (gpointer data)
{
  Progress *progress = data;
  AcyRunProgress copy;

  g_mutex_lock (&progress->mutex);
  copy = progress->latest;
  progress->idle_id = 0;
  g_mutex_unlock (&progress->mutex);

  /* The receiver cancels before it goes away. */
  if (!g_cancellable_is_cancelled (progress->cancellable))
    progress->func (&copy, progress->data);

  return G_SOURCE_REMOVE;
}

static void
progress_from_engine (const AcyCheckProgress *engine_progress,
                      gpointer                user_data)
{
  Progress *progress = user_data;

  g_mutex_lock (&progress->mutex);
  progress->latest.candidates = engine_progress->candidates;
  progress->latest.allowed = engine_progress->allowed;
  progress->latest.elapsed = engine_progress->elapsed;
  if (progress->idle_id == 0)
    /* Not a low priority: redraws of the spinner would starve it. The
     * engine reports at most every 50 ms, so this cannot flood the loop.
     */
    progress->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT,
                                         progress_idle,
                                         g_atomic_rc_box_acquire (progress),
                                         progress_release);
  g_mutex_unlock (&progress->mutex);
}

static void
job_data_free (gpointer data)
{
  JobData *job = data;

  g_free (job->test_text);
  g_free (job->test_name);
  g_free (job->model_path);
  g_clear_pointer (&job->overrides, g_hash_table_unref);
  if (job->progress != NULL)
    progress_release (job->progress);
  g_free (job);
}

typedef struct
{
  AcyModel  *model;
  AcyMacros *macros;
} Setup;

/* The model search path of the preferences. The main thread sets it; each
 * worker takes a copy when it starts, so a change never races a check.
 */
static GMutex search_path_mutex;
static char **search_path;

/**
 * acy_check_job_set_search_path:
 * @dirs: (nullable) (array zero-terminated=1): folders searched for
 *   models, bell, macro and included cat files, before the built-in models
 */
void
acy_check_job_set_search_path (const char * const *dirs)
{
  g_mutex_lock (&search_path_mutex);
  g_strfreev (search_path);
  search_path = g_strdupv ((char **) dirs);
  g_mutex_unlock (&search_path_mutex);
}

static char **
search_path_dup (void)
{
  char **copy;

  g_mutex_lock (&search_path_mutex);
  copy = g_strdupv (search_path);
  g_mutex_unlock (&search_path_mutex);

  return copy;
}

/**
 * acy_check_job_find_model:
 * @name: a file name such as "sc.cat"
 *
 * Returns: (transfer full) (nullable): the path of @name in the first
 *   folder of the search path that has it, else in the built-in models
 *   folder, else where models we do not ship are kept (a kernel tree, a
 *   fetched copy), or %NULL
 */
char *
acy_check_job_find_model (const char *name)
{
  g_auto(GStrv) path = search_path_dup ();

  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; path != NULL && path[i] != NULL; i++)
    {
      g_autofree char *file = g_build_filename (path[i], name, NULL);

      if (path[i][0] != '\0' && g_file_test (file, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&file);
    }

  {
    g_autofree char *file = g_build_filename (acy_builtin_models_dir (), name, NULL);

    if (g_file_test (file, G_FILE_TEST_IS_REGULAR))
      return g_steal_pointer (&file);
  }

  /* Last, as acy_config_resolve() does: a kernel tree, a fetched copy. */
  {
    g_auto(GStrv) kept = acy_model_store_search_dirs ((const char * const *) path);

    for (guint i = 0; kept[i] != NULL; i++)
      {
        g_autofree char *file = g_build_filename (kept[i], name, NULL);

        if (g_file_test (file, G_FILE_TEST_IS_REGULAR))
          return g_steal_pointer (&file);
      }
  }

  return NULL;
}

/**
 * acy_check_job_find_kernel_model:
 *
 * Returns: (transfer full) (nullable): the Linux-kernel model's
 *   linux-kernel.cfg: on the search path, else in a kernel tree or a
 *   fetched copy (see acy_model_store_search_dirs()), or %NULL
 */
char *
acy_check_job_find_kernel_model (void)
{
  g_auto(GStrv) path = search_path_dup ();
  g_autofree char *dir = NULL;
  char *cfg = acy_check_job_find_model ("linux-kernel.cfg");

  if (cfg != NULL)
    return cfg;
  dir = acy_model_store_find (ACY_LKMM_ID, (const char * const *) path);
  return dir ? g_build_filename (dir, "linux-kernel.cfg", NULL) : NULL;
}

static void
setup_clear (Setup *setup)
{
  g_clear_pointer (&setup->model, acy_model_free);
  g_clear_pointer (&setup->macros, acy_macros_free);
}

/* The model and macros as the command line would find them: a .cfg's
 * files beside it, the user's search path as -I directories, and the
 * unsaved text of any model open in a tab. */
static gboolean
load_setup (JobData       *job,
            Setup         *setup,
            GCancellable  *cancellable,
            GError       **error)
{
  g_auto(GStrv) search = search_path_dup ();
  AcySetupSpec spec = { 0 };

  /* Cancel reaches a long model while it loads too */
  spec.cancellable = cancellable;

  spec.cat = job->model_path;
  spec.include_dirs = (const char * const *) search;
  spec.cat_texts = job->overrides;
  return acy_setup_load (&spec, &setup->model, &setup->macros, error);
}

gboolean
acy_check_job_load_model (const char  *model_path,
                          GHashTable  *cat_overrides,
                          AcyModel   **model,
                          AcyMacros  **macros,
                          GError     **error)
{
  g_auto(GStrv) search = search_path_dup ();
  AcySetupSpec spec = { 0 };

  spec.cat = model_path;
  spec.include_dirs = (const char * const *) search;
  spec.cat_texts = cat_overrides;
  return acy_setup_load (&spec, model, macros, error);
}

/* herd7's output as the results view shows it, its list of states cut
 * short when long: a text view holding 262,143 lines takes seconds to
 * fill and hundreds of megabytes. NULL when it is shown whole. Done
 * here, not on the main thread: finding the cut reads every line. */
#define HERD_VIEW_MAX_STATES 1000

static char *
cut_herd_text (const char *text,
               guint       n_states)
{
  const char *states, *cut, *rest;
  GString *shown;

  states = n_states > HERD_VIEW_MAX_STATES ? strstr (text, "\nStates ") : NULL;
  if (states == NULL)
    return NULL;
  /* The state lines follow "States N" */
  cut = strchr (states + 1, '\n');
  for (guint i = 0; cut && i < HERD_VIEW_MAX_STATES; i++)
    cut = strchr (cut + 1, '\n');
  rest = cut;
  for (guint i = HERD_VIEW_MAX_STATES; rest && i < n_states; i++)
    rest = strchr (rest + 1, '\n');
  if (cut == NULL || rest == NULL)
    return NULL;
  shown = g_string_new_len (text, cut + 1 - text);
  g_string_append_printf (shown,
                          /* Translators: in herd7's output as shown, in place of the states left out */
                          _("… %u more states (Copy herd7 Output copies them all)"),
                          n_states - HERD_VIEW_MAX_STATES);
  g_string_append (shown, rest);
  return g_string_free (shown, FALSE);
}

static AcyRunReport *
make_report (const AcyTest  *test,
             const AcyModel *model,
             AcyCheckResult *result)
{
  AcyRunReport *report = g_new0 (AcyRunReport, 1);
  g_autoptr(GString) herd = g_string_new (NULL);
  const AcyCheckProgress *stats = acy_check_result_get_stats (result);
  const char * const *flags = acy_check_result_get_flags (result);
  const char *expected = acy_test_get_expected_result (test);
  guint n_observed = acy_test_get_n_observed (test);
  guint n_states = acy_check_result_get_n_states (result);

  report->test_name = g_strdup (acy_test_get_name (test));
  report->model_name = g_strdup (acy_model_get_name (model));
  report->observed = g_new0 (char *, n_observed + 1);
  for (guint i = 0; i < n_observed; i++)
    report->observed[i] = g_strdup (acy_test_get_observed (test, i));

  /* A state's values repeat across states (0s and 1s, mostly): format
   * each distinct one once, here, where the test is at hand. */
  report->value_text = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  for (guint i = 0; i < n_states; i++)
    {
      const AcyState *state = acy_check_result_get_state (result, i);

      for (guint j = 0; j < n_observed; j++)
        if (!g_hash_table_contains (report->value_text, &state->values[j]))
          g_hash_table_insert (report->value_text, g_memdup2 (&state->values[j], sizeof (AcyValue)),
                               acy_test_format_value (test, state->values[j]));
    }

  report->observation = g_strdup (acy_observation_to_string (acy_check_result_get_observation (result)));
  report->ok = acy_check_result_get_ok (result);
  report->positive = acy_check_result_get_positive (result);
  report->negative = acy_check_result_get_negative (result);
  report->flags = g_strdupv ((char **) flags);
  {
    /* what the test was read as where herd7 says nothing, and the
     * candidates left out (herd7 refuses the test when the model allows
     * one that goes through no address; the error says so): never
     * without a word */
    g_autoptr(GString) notes = g_string_new (NULL);

    for (guint i = 0; i < acy_test_get_n_warnings (test); i++)
      {
        const AcyTestWarning *w = acy_test_get_warning (test, i);

        if (notes->len > 0)
          g_string_append_c (notes, '\n');
        /* Translators: a position in the test, then what it is read as */
        g_string_append_printf (notes, _("Line %u, column %u: %s."), w->at.line, w->at.col, w->message);
      }
    if (acy_check_result_get_non_address (result) != NULL)
      {
        const AcyNonAddress *na = acy_check_result_get_non_address (result);
        g_autofree char *v = acy_test_format_value (test, na->value);

        if (notes->len > 0)
          g_string_append_c (notes, '\n');
        /* Translators: the access is a load of the test at that line and column */
        g_string_append_printf (notes, _("Candidates where the access at line %u, column %u goes "
                                         "through %s, which is not an address, were left out: the "
                                         "model forbids them (herd7 leaves them out too)."),
                                na->at.line, na->at.col, v);
      }
    if (acy_check_result_get_loop_cut (result) != NULL)
      {
        const AcyLoopCut *cut = acy_check_result_get_loop_cut (result);

        if (notes->len > 0)
          g_string_append_c (notes, '\n');
        /* Translators: herd7 unrolls loops twice, and so does Acyclic */
        g_string_append_printf (notes, _("The loop at line %u, column %u is unrolled %u times, as "
                                         "herd7 does: executions going round it more often were "
                                         "left out, so allowed outcomes may be missing (herd7 "
                                         "prints “Loop” before its verdict)."),
                                cut->at.line, cut->at.col, cut->unroll);
      }
    report->left_out = notes->len > 0 ? g_strdup (notes->str) : NULL;
  }
  report->expected = g_strdup (expected);
  acy_check_result_format_herd (result, herd, FALSE);
  report->herd_text = g_strdup (herd->str);
  report->herd_shown = cut_herd_text (report->herd_text, n_states);
  report->candidates = stats->candidates;
  report->elapsed = stats->elapsed;
  report->result = result;

  return report;
}

void
acy_check_job_yield_to_window (void)
{
#ifdef __linux__
  /* On Linux nice applies to the calling thread alone. A thread of
   * GLib's pool cannot take it back, so the tasks it runs later (saving,
   * other checks) run at it too, which suits them. */
  if (setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), 10) != 0)
    g_debug ("could not lower the worker's priority: %s", g_strerror (errno));
#endif
}

static void
check_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  JobData *job = task_data;
  Setup setup = { 0 };
  g_autoptr(AcyTest) test = NULL;
  g_autoptr(AcyCheckResult) result = NULL;
  g_autoptr(AcyRecorder) recorder = NULL;
  AcyCheckOptions options = { 0 };
  AcyRunReport *report;
  GError *error = NULL;

  acy_check_job_yield_to_window ();
  if (!load_setup (job, &setup, cancellable, &error))
    {
      setup_clear (&setup);
      g_task_return_error (task, error);
      return;
    }

  /* Cancel reaches a long test while it loads too */
  test = acy_test_parse_full (job->test_text, -1, job->test_name, setup.macros, NULL,
                              cancellable, 0, &error);
  if (test == NULL)
    {
      setup_clear (&setup);
      g_task_return_error (task, error);
      return;
    }

  /* Recording runs the check on one thread; the graphs are worth it. */
  recorder = acy_recorder_new (test);
  options.progress = progress_from_engine;
  options.progress_data = job->progress;
  options.outcome = acy_recorder_add_outcome;
  options.outcome_data = recorder;
  result = acy_check_run (test, setup.model, &options, cancellable, &error);
  if (result == NULL)
    {
      setup_clear (&setup);
      g_task_return_error (task, error);
      return;
    }
  acy_recorder_resolve_states (recorder, result);

  report = make_report (test, setup.model, g_steal_pointer (&result));
  report->test = g_steal_pointer (&test);
  report->model = g_steal_pointer (&setup.model);
  report->recorder = g_steal_pointer (&recorder);
  /* The graphs' labels measured here, not on the main thread */
  acy_graph_grid_add_run (&report->grid, report->recorder, ACY_EXECUTION_BROWSER_GRID_SAMPLE);
  g_task_return_pointer (task, report, (GDestroyNotify) acy_run_report_free);
  g_clear_pointer (&result, acy_check_result_free);
  setup_clear (&setup);
}

/**
 * acy_check_job_run_async:
 *
 * Checks @test_text under the model at @model_path on a worker thread.
 * @test_name names the test in error messages.
 */
void
acy_check_job_run_async (const char          *test_text,
                         const char          *test_name,
                         const char          *model_path,
                         GHashTable          *cat_overrides,
                         AcyRunProgressFunc   progress,
                         gpointer             progress_data,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  JobData *job;

  g_return_if_fail (test_text != NULL);
  g_return_if_fail (model_path != NULL);
  g_return_if_fail (G_IS_CANCELLABLE (cancellable));

  job = g_new0 (JobData, 1);
  job->test_text = g_strdup (test_text);
  job->test_name = g_strdup (test_name);
  job->model_path = g_strdup (model_path);
  if (cat_overrides != NULL)
    job->overrides = g_hash_table_ref (cat_overrides);
  job->progress = g_atomic_rc_box_new0 (Progress);
  g_mutex_init (&job->progress->mutex);
  job->progress->func = progress;
  job->progress->data = progress_data;
  job->progress->cancellable = g_object_ref (cancellable);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, acy_check_job_run_async);
  g_task_set_name (task, "[acyclic] check");
  g_task_set_task_data (task, job, job_data_free);
  /* The engine reports cancellation itself, with its own error. */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, check_thread);
}

AcyRunReport *
acy_check_job_run_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == acy_check_job_run_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
resolve_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  g_auto(AcySetupPaths) paths = { 0 };
  g_auto(GStrv) search = search_path_dup ();
  AcySetupSpec spec = { 0 };
  GError *error = NULL;

  spec.cat = task_data;
  spec.include_dirs = (const char * const *) search;
  if (!acy_setup_resolve (&spec, &paths, &error))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_steal_pointer (&paths.cat_path), g_free);
}

void
acy_check_job_resolve_cat_async (const char          *model_path,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, acy_check_job_resolve_cat_async);
  g_task_set_task_data (task, g_strdup (model_path), g_free);
  g_task_run_in_thread (task, resolve_thread);
}

char *
acy_check_job_resolve_cat_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* The file name may itself hold colons; the position is the last
 * ":line:col:" before the message.
 */
gboolean
acy_parse_error_location (const char  *text,
                          char       **file,
                          guint       *line,
                          guint       *col,
                          char       **message)
{
  g_autoptr(GRegex) regex = NULL;
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *line_str = NULL;
  g_autofree char *col_str = NULL;

  g_return_val_if_fail (text != NULL, FALSE);

  regex = g_regex_new ("^(.+?):([0-9]+):([0-9]+):\\s*(.*)$", G_REGEX_DOTALL, 0, NULL);
  if (!g_regex_match (regex, text, 0, &match))
    return FALSE;

  line_str = g_match_info_fetch (match, 2);
  col_str = g_match_info_fetch (match, 3);
  if (file != NULL)
    *file = g_match_info_fetch (match, 1);
  if (line != NULL)
    *line = (guint) strtoul (line_str, NULL, 10);
  if (col != NULL)
    *col = (guint) strtoul (col_str, NULL, 10);
  if (message != NULL)
    *message = g_match_info_fetch (match, 4);

  return TRUE;
}

typedef struct
{
  gpointer       data;
  GDestroyNotify destroy;
} FreeLater;

static void
free_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  FreeLater *later = task_data;

  later->destroy (later->data);
  g_free (later);
#ifdef __GLIBC__
  /* A big run's memory goes back to the system, not only to this
   * thread's arena, where the next run (on another thread) would not
   * find it: without this the window grows by a run's size each time. */
  malloc_trim (0);
#endif
}

void
acy_free_in_thread (gpointer       data,
                    GDestroyNotify destroy)
{
  g_autoptr(GTask) task = NULL;
  FreeLater *later;

  if (data == NULL)
    return;
  later = g_new (FreeLater, 1);
  later->data = data;
  later->destroy = destroy;
  task = g_task_new (NULL, NULL, NULL, NULL);
  g_task_set_source_tag (task, acy_free_in_thread);
  /* Freed by the thread itself: a task's data is freed where the task
   * is finalized, which may be here. */
  g_task_set_task_data (task, later, NULL);
  g_task_run_in_thread (task, free_thread);
}
