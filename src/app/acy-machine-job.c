/* acy-machine-job.c - a litmus test run on this machine's CPU, on a worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The test is read with the macros its check uses, its harness built
 * and run by src/machine; the runs done reach the main thread through
 * one idle callback at a time.
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include "acy-check-job.h"
#include "acy-machine.h"
#include "acy-machine-job.h"

void
acy_machine_report_free (AcyMachineReport *report)
{
  if (report == NULL)
    return;
  /* the result reads the test: it goes first */
  g_clear_pointer (&report->result, acy_run_result_free);
  g_clear_pointer (&report->test, acy_test_free);
  g_free (report->machine);
  g_free (report->mapping);
  g_free (report->mapping_text);
  g_free (report);
}

/* Shared by the worker and the main thread */
typedef struct {
  GMutex                 mutex;
  guint64                done, total;
  gboolean               pending;     /* an idle is queued */
  AcyMachineJobProgress  func;
  gpointer               data;
  GCancellable          *cancellable; /* once cancelled, no more calls */
} Progress;

static void
progress_clear (Progress *p)
{
  g_mutex_clear (&p->mutex);
  g_clear_object (&p->cancellable);
}

typedef struct {
  char     *test_text;
  char     *test_name;
  char     *model_path;
  guint64   size, runs;
  Progress *progress;
} JobData;

static void
job_data_free (gpointer data)
{
  JobData *job = data;

  g_free (job->test_text);
  g_free (job->test_name);
  g_free (job->model_path);
  g_atomic_rc_box_release_full (job->progress, (GDestroyNotify) progress_clear);
  g_free (job);
}

static gboolean
progress_idle (gpointer data)
{
  Progress *p = data;
  guint64 done, total;

  g_mutex_lock (&p->mutex);
  done = p->done;
  total = p->total;
  p->pending = FALSE;
  g_mutex_unlock (&p->mutex);
  if (!g_cancellable_is_cancelled (p->cancellable) && p->func != NULL)
    p->func (done, total, p->data);
  return G_SOURCE_REMOVE;
}

static void
machine_progress (const AcyRunResult *partial, gpointer data)
{
  Progress *p = data;
  gboolean queue;

  g_mutex_lock (&p->mutex);
  acy_run_result_get_progress (partial, &p->done, &p->total);
  queue = !p->pending;
  p->pending = TRUE;
  g_mutex_unlock (&p->mutex);
  if (queue)
    g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, progress_idle, g_atomic_rc_box_acquire (p),
                     (GDestroyNotify) g_atomic_rc_box_release);
}

static void
machine_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  JobData *job = task_data;
  g_autoptr(AcyModel) model = NULL;
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyMachineReport) report = g_new0 (AcyMachineReport, 1);
  AcyMachineOptions options = { 0 };
  GError *error = NULL;

  acy_check_job_yield_to_window ();
  if (!acy_check_job_load_model (job->model_path, NULL, &model, &macros, &error)
      || (report->test = acy_test_parse (job->test_text, -1, job->test_name, macros, &error)) == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  if (!acy_harness_host_arch (&options.arch))
    {
      g_task_return_new_error (task, ACY_ERROR, ACY_ERROR_UNSUPPORTED,
                               "this machine is neither x86-64 nor arm64: its CPU cannot run the test");
      return;
    }
  options.size = job->size;
  options.runs = job->runs;
  report->result = acy_machine_run (report->test, &options, machine_progress, job->progress,
                                    cancellable, &error);
  if (report->result == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  report->machine = acy_machine_describe ();
  report->mapping = g_strdup (acy_run_result_get_mapping (report->result));
  report->mapping_text = g_strdup (acy_harness_mapping_description (report->mapping));
  g_task_return_pointer (task, g_steal_pointer (&report), (GDestroyNotify) acy_machine_report_free);
}

void
acy_machine_job_run_async (const char            *test_text,
                           const char            *test_name,
                           const char            *model_path,
                           guint64                size,
                           guint64                runs,
                           AcyMachineJobProgress  progress,
                           gpointer               progress_data,
                           GCancellable          *cancellable,
                           GAsyncReadyCallback    callback,
                           gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  JobData *job;

  g_return_if_fail (test_text != NULL && model_path != NULL);
  g_return_if_fail (G_IS_CANCELLABLE (cancellable));

  job = g_new0 (JobData, 1);
  job->test_text = g_strdup (test_text);
  job->test_name = g_strdup (test_name);
  job->model_path = g_strdup (model_path);
  job->size = size;
  job->runs = runs;
  job->progress = g_atomic_rc_box_new0 (Progress);
  g_mutex_init (&job->progress->mutex);
  job->progress->func = progress;
  job->progress->data = progress_data;
  job->progress->cancellable = g_object_ref (cancellable);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, acy_machine_job_run_async);
  g_task_set_name (task, "[acyclic] run on this machine");
  g_task_set_task_data (task, job, job_data_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, machine_thread);
}

AcyMachineReport *
acy_machine_job_run_finish (GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == acy_machine_job_run_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
