/* acy-compare-view-run.c - checking the compare view's test under each model
 *
 * Each model is checked by its own GTask with its own GCancellable, so
 * one slow model can be stopped while the others finish. The workers
 * record every outcome (an AcyStateProbe for the table, an AcyRecorder
 * for the graphs); engine objects come back to the main thread only when
 * a check has ended, and the table (an AcyComparison) is built when all
 * have.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>

#include "acy-check-job.h"
#include "acy-compare-view-private.h"
#include "acy-machine.h"

/* ---- the worker ----------------------------------------------------------- */

static void
outcome_free (Outcome *o)
{
  if (o == NULL)
    return;
  /* Everything refers to the test, the test to the macros. */
  g_clear_pointer (&o->machine_seen, g_hash_table_unref);
  g_clear_pointer (&o->machine, acy_run_result_free);
  g_clear_pointer (&o->result, acy_check_result_free);
  g_clear_pointer (&o->probe, acy_state_probe_free);
  g_clear_pointer (&o->recorder, acy_recorder_free);
  g_clear_pointer (&o->test, acy_test_free);
  g_clear_pointer (&o->model, acy_model_free);
  g_clear_pointer (&o->macros, acy_macros_free);
  g_free (o);
}

typedef struct {
  char     *spec;
  char     *macros_spec;   /* the machine's: the model whose macros read the test */
  char     *text;
  char     *name;
  Progress *progress;
} Job;

static void
job_free (Job *job)
{
  g_free (job->spec);
  g_free (job->macros_spec);
  g_free (job->text);
  g_free (job->name);
  g_atomic_rc_box_release (job->progress);
  g_free (job);
}

typedef struct {
  AcyRecorder   *recorder;
  AcyStateProbe *probe;
} Sinks;

static gboolean
record_outcome (const AcyCandidate *c, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  Sinks *sinks = data;

  acy_state_probe_outcome (c, v, env, sinks->probe);
  acy_recorder_add_outcome (c, v, env, sinks->recorder);
  return TRUE;
}

static void
count_candidates (const AcyCheckProgress *p, gpointer data)
{
  Progress *progress = data;

  __atomic_store_n (&progress->candidates, p->candidates, __ATOMIC_RELAXED);
}

static void
compare_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  Outcome *o = g_new0 (Outcome, 1);
  AcyCheckOptions options = { 0 };
  Sinks sinks;
  GError *error = NULL;

  acy_check_job_yield_to_window ();
  o->model = acy_comparison_load_model (job->spec, NULL, &o->macros, &error);
  if (o->model != NULL)
    o->test = acy_test_parse_full (job->text, -1, job->name, o->macros, NULL, cancellable, 0, &error);
  if (o->test == NULL)
    {
      outcome_free (o);
      g_task_return_error (task, error);
      return;
    }
  o->recorder = acy_recorder_new (o->test);
  o->probe = acy_state_probe_new (o->test);
  sinks.recorder = o->recorder;
  sinks.probe = o->probe;
  options.outcome = record_outcome;
  options.outcome_data = &sinks;
  options.progress = count_candidates;
  options.progress_data = job->progress;
  o->result = acy_check_run (o->test, o->model, &options, cancellable, &error);
  if (o->result == NULL)
    {
      outcome_free (o);
      g_task_return_error (task, error);
      return;
    }
  acy_recorder_resolve_states (o->recorder, o->result);
  g_task_return_pointer (task, o, (GDestroyNotify) outcome_free);
}

static void
count_runs (const AcyRunResult *partial, gpointer data)
{
  Progress *progress = data;
  guint64 done, total;

  acy_run_result_get_progress (partial, &done, &total);
  __atomic_store_n (&progress->candidates, done, __ATOMIC_RELAXED);
}

/* The machine's column: the test read with the first model's macros,
 * run on this CPU (Progress.candidates counts runs). */
static void
machine_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  Outcome *o = g_new0 (Outcome, 1);
  AcyMachineOptions options = { 0 };
  GError *error = NULL;

  acy_check_job_yield_to_window ();
  o->model = acy_comparison_load_model (job->macros_spec, NULL, &o->macros, &error);
  if (o->model != NULL)
    o->test = acy_test_parse_full (job->text, -1, job->name, o->macros, NULL, cancellable, 0, &error);
  if (o->test != NULL && !acy_harness_host_arch (&options.arch))
    g_set_error_literal (&error, ACY_ERROR, ACY_ERROR_UNSUPPORTED,
                         "this machine is neither x86-64 nor arm64: its CPU cannot run the test");
  if (o->test != NULL && error == NULL)
    {
      options.size = ACY_COMPARE_MACHINE_RUNS / 10;
      options.runs = 10;
      o->machine = acy_machine_run (o->test, &options, count_runs, job->progress, cancellable, &error);
    }
  if (o->machine == NULL)
    {
      outcome_free (o);
      g_task_return_error (task, error);
      return;
    }
  o->machine_seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint i = 0; i < acy_run_result_get_n_states (o->machine); i++)
    {
      const AcyState *state = acy_run_result_get_state (o->machine, i);

      g_hash_table_insert (o->machine_seen, acy_check_format_state (o->test, state->values),
                           g_memdup2 (&state->count, sizeof state->count));
    }
  g_task_return_pointer (task, o, (GDestroyNotify) outcome_free);
}

void
acy_compare_view_model_run_free (ModelRun *run)
{
  g_cancellable_cancel (run->cancellable);
  g_clear_object (&run->cancellable);
  g_atomic_rc_box_release (run->progress);
  g_clear_pointer (&run->outcome, outcome_free);
  g_clear_object (&run->size_group);
  g_free (run->spec);
  g_free (run->name);
  g_free (run->error);
  g_free (run->pair_title);
  g_free (run->form);
  g_free (run);
}

/* ---- running -------------------------------------------------------------- */

static gboolean
any_running (AcyCompareView *self)
{
  for (guint i = 0; i < self->runs->len; i++)
    if (((ModelRun *) self->runs->pdata[i])->running)
      return TRUE;
  return FALSE;
}

static gboolean
progress_tick (gpointer data)
{
  AcyCompareView *self = data;

  for (guint i = 0; i < self->runs->len; i++)
    {
      ModelRun *run = self->runs->pdata[i];
      if (run->running)
        acy_compare_view_update_head (self, run);
    }
  return G_SOURCE_CONTINUE;
}

typedef struct {
  AcyCompareView *self;
  guint           generation;
  guint           index;
} Pending;

static void
run_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Pending *p = data;
  g_autoptr(AcyCompareView) self = p->self;
  g_autoptr(GError) error = NULL;
  Outcome *outcome = g_task_propagate_pointer (G_TASK (result), &error);
  ModelRun *run;

  if (p->generation != self->generation || self->runs == NULL)
    {
      outcome_free (outcome);
      g_free (p);
      return;
    }
  run = self->runs->pdata[p->index];
  g_free (p);
  run->running = FALSE;
  run->outcome = outcome;
  if (outcome != NULL && !run->machine)
    {
      g_free (run->name);
      run->name = g_strdup (acy_model_get_name (outcome->model));
    }
  else if (outcome == NULL)
    {
      /* The checker says so with its error, GTask (the run was cancelled) with GIO's. */
      run->cancelled = g_error_matches (error, ACY_ERROR, ACY_ERROR_CANCELLED)
                       || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      run->error = g_strdup (error->message);
    }
  acy_compare_view_update_head (self, run);

  if (!any_running (self))
    {
      g_clear_handle_id (&self->progress_id, g_source_remove);
      acy_compare_view_build_table (self);
      g_object_notify (G_OBJECT (self), "running");
    }
}

void
acy_compare_view_cancel (AcyCompareView *self)
{
  g_return_if_fail (ACY_IS_COMPARE_VIEW (self));

  for (guint i = 0; i < self->runs->len; i++)
    g_cancellable_cancel (((ModelRun *) self->runs->pdata[i])->cancellable);
}

void
acy_compare_view_run (AcyCompareView *self)
{
  gboolean was_running;

  g_return_if_fail (ACY_IS_COMPARE_VIEW (self));

  was_running = any_running (self);
  acy_compare_view_cancel (self);
  self->generation++;
  acy_compare_view_clear_table (self);
  g_ptr_array_set_size (self->runs, 0);
  g_clear_handle_id (&self->progress_id, g_source_remove);

  if (self->test_text == NULL || self->specs == NULL || self->specs[0] == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      if (was_running)
        g_object_notify (G_OBJECT (self), "running");
      return;
    }

  for (guint i = 0; self->specs[i] != NULL; i++)
    {
      ModelRun *run = g_new0 (ModelRun, 1);
      g_autoptr(GTask) task = NULL;
      Job *job = g_new0 (Job, 1);
      Pending *pending = g_new0 (Pending, 1);

      run->spec = g_strdup (self->specs[i]);
      run->machine = g_str_equal (run->spec, ACY_COMPARE_MACHINE_SPEC);
      /* Until the model's own title is known */
      run->name = run->machine ? g_strdup (_("This Machine")) : acy_model_spec_name (run->spec);
      run->cancellable = g_cancellable_new ();
      run->progress = g_atomic_rc_box_new0 (Progress);
      run->running = TRUE;
      run->column = -1;
      run->size_group = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
      g_ptr_array_add (self->runs, run);

      job->spec = g_strdup (run->spec);
      /* the machine reads the test with the first model's macros */
      for (guint k = 0; run->machine && job->macros_spec == NULL && self->specs[k] != NULL; k++)
        if (!g_str_equal (self->specs[k], ACY_COMPARE_MACHINE_SPEC))
          job->macros_spec = g_strdup (self->specs[k]);
      if (run->machine && job->macros_spec == NULL)
        job->macros_spec = g_strdup ("sc");
      if (i < self->model_texts->len && self->model_texts->pdata[i] != NULL && !run->machine)
        {
          /* the model's own form of the test */
          job->text = g_strdup (self->model_texts->pdata[i]);
          job->name = g_strdup (self->model_names->pdata[i]);
          run->form = g_strdup (self->model_names->pdata[i]);
        }
      else
        {
          job->text = g_strdup (self->test_text);
          job->name = g_strdup (self->test_name ? self->test_name : "test.litmus");
        }
      job->progress = g_atomic_rc_box_acquire (run->progress);
      pending->self = g_object_ref (self);
      pending->generation = self->generation;
      pending->index = i;

      task = g_task_new (NULL, run->cancellable, run_done, pending);
      g_task_set_source_tag (task, acy_compare_view_run);
      g_task_set_name (task, "[acyclic] compare");
      g_task_set_task_data (task, job, (GDestroyNotify) job_free);
      /* The engine reports cancellation itself, with its own error. */
      g_task_set_return_on_cancel (task, FALSE);
      g_task_run_in_thread (task, run->machine ? machine_thread : compare_thread);
    }

  acy_compare_view_add_header_row (self);
  gtk_label_set_text (self->summary_label, _("Checking the test under each model…"));
  gtk_label_set_text (self->condition_label, "");
  gtk_stack_set_visible_child_name (self->stack, "table");
  self->progress_id = g_timeout_add (250, progress_tick, self);
  if (!was_running)
    g_object_notify (G_OBJECT (self), "running");
}

/**
 * acy_compare_view_show_intro:
 * @description: what Compare will do, and what it may cost
 *
 * Before the first comparison: nothing runs until asked.
 */
void
acy_compare_view_show_intro (AcyCompareView *self,
                             const char     *description)
{
  g_return_if_fail (ACY_IS_COMPARE_VIEW (self));

  adw_status_page_set_icon_name (self->status_page, "view-dual-symbolic");
  adw_status_page_set_title (self->status_page, _("Ready to Compare"));
  adw_status_page_set_description (self->status_page, description);
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

const char *
acy_compare_view_get_intro (AcyCompareView *self)
{
  g_return_val_if_fail (ACY_IS_COMPARE_VIEW (self), NULL);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "empty") != 0)
    return NULL;
  return adw_status_page_get_description (self->status_page);
}

gboolean
acy_compare_view_get_running (AcyCompareView *self)
{
  g_return_val_if_fail (ACY_IS_COMPARE_VIEW (self), FALSE);
  return any_running (self);
}
