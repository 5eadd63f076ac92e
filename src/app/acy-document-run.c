/* acy-document-run.c - checking a document's test and keeping its last run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs the test against the model on a worker (acy-check-job.c), shows
 * progress and the report in the results view, and keeps the run for
 * the execution graphs until the next one.
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>

#include "acy-check-job.h"
#include "acy-document-private.h"

/* The results view is told first: it must let go before they are freed. */
void
acy_document_clear_run (AcyDocument *self)
{
  if (self->results_view != NULL)
    acy_results_view_set_run (self->results_view, NULL, NULL, NULL, NULL);
  acy_free_in_thread (g_steal_pointer (&self->run_recorder), (GDestroyNotify) acy_recorder_free);
  acy_free_in_thread (g_steal_pointer (&self->run_test), (GDestroyNotify) acy_test_free);
  acy_free_in_thread (g_steal_pointer (&self->run_model), (GDestroyNotify) acy_model_free);
}

/**
 * acy_document_update_stale:
 *
 * Tells the results view whether its result still belongs to the text
 * and model of the document: an edit undone, or the model chosen back,
 * makes it current again.
 */
void
acy_document_update_stale (AcyDocument *self)
{
  AcyStaleReason reason = ACY_STALE_NONE;

  if (self->results_view == NULL
      || g_strcmp0 (acy_results_view_get_page (self->results_view), "result") != 0)
    return;

  if (self->ran_text != NULL)
    {
      g_autofree char *text = acy_document_get_text (self);

      if (!g_str_equal (text, self->ran_text))
        reason = ACY_STALE_EDITED;
      else if (g_strcmp0 (self->model, self->ran_model) != 0)
        reason = ACY_STALE_MODEL;
    }
  acy_results_view_set_stale (self->results_view, reason);
}

static void
acy_document_progress (const AcyRunProgress *progress,
                       gpointer              user_data)
{
  AcyDocument *self = user_data;

  acy_results_view_set_progress (self->results_view, progress);
}

typedef struct
{
  AcyDocument  *self;
  GCancellable *cancellable;
} RunData;

static void
acy_document_run_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  RunData *data = user_data;
  AcyDocument *self = data->self;
  g_autoptr(GError) error = NULL;
  AcyRunReport *report;
  gboolean current;

  report = acy_check_job_run_finish (result, &error);
  current = data->cancellable == self->run_cancellable;

  if (current)
    {
      g_clear_object (&self->run_cancellable);
      acy_document_notify (self, PROP_RUNNING);
    }

  /* A run replaced by a newer one, or one whose document went away */
  if (!current || g_cancellable_is_cancelled (data->cancellable))
    {
      if (current)
        acy_results_view_show_failure (self->results_view, "process-stop-symbolic",
                                       _("Check Cancelled"),
                                       _("Run the test again when you are ready"), NULL);
      g_clear_pointer (&report, acy_run_report_free);
    }
  else if (report != NULL)
    {
      /* The document keeps the run for the graphs until the next one. */
      AcyGraphGrid grid = report->grid;

      acy_document_clear_run (self);
      acy_run_report_steal_run (report, &self->run_test, &self->run_model, &self->run_recorder);
      acy_results_view_show_report (self->results_view, report);
      acy_results_view_set_run (self->results_view, self->run_test, self->run_model,
                                self->run_recorder, &grid);
      /* Edited, or given another model, while it ran */
      acy_document_update_stale (self);
    }
  else
    {
      acy_results_view_show_failure (self->results_view, "dialog-error-symbolic",
                                     _("The Check Failed"),
                                     _("See the message above the editor"),
                                     error->message);
      acy_document_show_error (self, error->message);
    }

  g_object_unref (data->cancellable);
  g_object_unref (data->self);
  g_free (data);
}

/**
 * acy_document_run:
 * @cat_overrides: (nullable): unsaved text of cat files, by canonical path
 *
 * Checks the test against the document's model on a worker thread,
 * cancelling any run still going.
 */
void
acy_document_run (AcyDocument *self,
                  GHashTable  *cat_overrides)
{
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  RunData *data;

  g_return_if_fail (ACY_IS_DOCUMENT (self));
  g_return_if_fail (self->kind == ACY_DOCUMENT_LITMUS);
  g_return_if_fail (self->model != NULL);

  acy_document_cancel_run (self);
  acy_document_clear_error (self);

  text = acy_document_get_text (self);
  name = acy_document_get_source_name (self);
  acy_document_forget_machine_unless (self, text);
  self->run_cancellable = g_cancellable_new ();
  g_free (self->ran_text);
  self->ran_text = g_strdup (text);
  g_free (self->ran_model);
  self->ran_model = g_strdup (self->model);

  data = g_new0 (RunData, 1);
  data->self = g_object_ref (self);
  data->cancellable = g_object_ref (self->run_cancellable);

  acy_results_view_show_running (self->results_view);
  /* The last run's executions are out of sight from now on: freed
   * while this one runs rather than when it ends (see
   * acy_results_view_table_step). */
  acy_document_clear_run (self);
  acy_check_job_run_async (text, name, self->model, cat_overrides,
                           acy_document_progress, self,
                           self->run_cancellable,
                           acy_document_run_cb, data);
  acy_document_notify (self, PROP_RUNNING);
}

void
acy_document_cancel_run (AcyDocument *self)
{
  g_return_if_fail (ACY_IS_DOCUMENT (self));

  /* The callback still comes, and shows the cancellation. */
  if (self->run_cancellable != NULL)
    g_cancellable_cancel (self->run_cancellable);
}

void
acy_document_cancel_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  acy_document_cancel_run (ACY_DOCUMENT (widget));
}

/* Search, on a worker thread, the single changes that forbid the state
 * the test's condition names, under the model the result shown is for;
 * the list is in the results view's Fixes page. */
void
acy_document_suggest_fixes_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  AcyDocument *self = ACY_DOCUMENT (widget);
  g_autofree char *name = acy_document_get_source_name (self);
  const char *model = self->ran_model ? self->ran_model : self->model;
  AcyFixesView *view;

  if (self->kind != ACY_DOCUMENT_LITMUS || model == NULL)
    return;
  view = acy_results_view_show_fixes (self->results_view);
  acy_fixes_view_run (view, GTK_TEXT_BUFFER (self->buffer), name, model, NULL);
}
