/* acy-document-machine.c - a document's test run on this machine's CPU
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Run on This Machine": the test's harness built and run on a worker
 * (acy-machine-job.c), its runs shown in the results view's machine
 * bar, its counts in the outcome table's Observed column beside what
 * the model says. The table is the check's: when the result shown is
 * not for this text and model, the check runs too.
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>

#include "acy-document-private.h"
#include "acy-machine-job.h"

/* A run of the harness: this many iterations, then the next run (a new
 * placement of the threads on the cores, and the progress shown) */
#define MACHINE_RUN_SIZE 10000

typedef struct
{
  AcyDocument  *self;
  GCancellable *cancellable;
} MachineData;

static void
machine_progress (guint64  done,
                  guint64  total,
                  gpointer user_data)
{
  AcyDocument *self = user_data;

  acy_machine_bar_set_progress (acy_results_view_get_machine_bar (self->results_view), done, total);
}

static void
machine_done (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  MachineData *data = user_data;
  AcyDocument *self = data->self;
  g_autoptr(GError) error = NULL;
  AcyMachineReport *report = acy_machine_job_run_finish (result, &error);
  gboolean current = data->cancellable == self->machine_cancellable;

  if (current)
    g_clear_object (&self->machine_cancellable);
  if (!current)
    g_clear_pointer (&report, acy_machine_report_free);
  else if (report != NULL)
    acy_results_view_set_machine (self->results_view, report);
  else if (g_error_matches (error, ACY_ERROR, ACY_ERROR_CANCELLED))
    acy_machine_bar_show_failure (acy_results_view_get_machine_bar (self->results_view),
                                  _("The run on this machine was cancelled."));
  else
    {
      /* Translators: %s says why the test could not run on this machine */
      g_autofree char *text = g_strdup_printf (_("The test cannot run on this machine: %s"), error->message);

      acy_machine_bar_show_failure (acy_results_view_get_machine_bar (self->results_view), text);
    }
  /* the job is over: a progress call still queued would come late */
  g_cancellable_cancel (data->cancellable);
  g_object_unref (data->cancellable);
  g_object_unref (data->self);
  g_free (data);
}

/**
 * acy_document_run_machine:
 * @iterations: how many times the test runs
 * @cat_overrides: (nullable): unsaved text of cat files, for the check
 *
 * Runs the test on this machine's CPU, cancelling a run still going;
 * checks it against the model too unless the result shown is for this
 * text and model.
 */
void
acy_document_run_machine (AcyDocument *self,
                          guint64      iterations,
                          GHashTable  *cat_overrides)
{
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  guint64 size = MIN (iterations, MACHINE_RUN_SIZE);
  MachineData *data;

  g_return_if_fail (ACY_IS_DOCUMENT (self));
  g_return_if_fail (self->kind == ACY_DOCUMENT_LITMUS && self->model != NULL);
  g_return_if_fail (iterations > 0);

  text = acy_document_get_text (self);
  name = acy_document_get_source_name (self);
  if (self->ran_text == NULL || !g_str_equal (text, self->ran_text)
      || g_strcmp0 (self->model, self->ran_model) != 0 || acy_document_get_running (self)
      || g_strcmp0 (acy_results_view_get_page (self->results_view), "result") != 0)
    acy_document_run (self, cat_overrides);

  acy_document_cancel_machine (self);
  acy_results_view_set_machine (self->results_view, NULL);
  g_free (self->machine_text);
  self->machine_text = g_strdup (text);
  self->machine_cancellable = g_cancellable_new ();
  data = g_new0 (MachineData, 1);
  data->self = g_object_ref (self);
  data->cancellable = g_object_ref (self->machine_cancellable);
  acy_machine_bar_show_running (acy_results_view_get_machine_bar (self->results_view), iterations / size * size);
  acy_machine_job_run_async (text, name, self->model, size, iterations / size,
                             machine_progress, self, self->machine_cancellable,
                             machine_done, data);
}

void
acy_document_cancel_machine (AcyDocument *self)
{
  g_return_if_fail (ACY_IS_DOCUMENT (self));

  /* the callback still comes, and says so */
  if (self->machine_cancellable != NULL)
    g_cancellable_cancel (self->machine_cancellable);
}

/* A check of another text than the machine ran: its counts are not for
 * the table any more. */
void
acy_document_forget_machine_unless (AcyDocument *self,
                                    const char  *text)
{
  if (self->machine_text == NULL || g_str_equal (self->machine_text, text))
    return;
  acy_document_cancel_machine (self);
  g_clear_pointer (&self->machine_text, g_free);
  acy_results_view_set_machine (self->results_view, NULL);
}

static void
cancel_machine_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  acy_document_cancel_machine (ACY_DOCUMENT (widget));
}

static void
clear_machine_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  AcyDocument *self = ACY_DOCUMENT (widget);

  acy_document_cancel_machine (self);
  g_clear_pointer (&self->machine_text, g_free);
  acy_results_view_set_machine (self->results_view, NULL);
}

void
acy_document_machine_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "document.cancel-machine", NULL, cancel_machine_action);
  gtk_widget_class_install_action (widget_class, "document.clear-machine", NULL, clear_machine_action);
}
