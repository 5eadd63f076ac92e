/* acy-fixes-view.c - the changes that forbid the test's condition, as a list to apply
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * acy_fixes_suggest() runs in a GTask worker: it checks the test again
 * once per change, so progress is coalesced under a mutex and shown by
 * one idle callback, as a check's is. Each fix becomes a row; activating
 * it makes its edits in the editor's buffer as one user action, so one
 * undo takes it back. The edits are positions in the text that was
 * searched: once the buffer differs, a row says so instead.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "acyclic.h"
#include "acy-check-job.h"
#include "acy-fixes-view.h"

struct _AcyFixesView
{
  GtkWidget       parent_instance;

  GtkWidget      *box;
  GtkLabel       *status_label;
  GtkWidget      *cancel_button;
  GtkProgressBar *progress_bar;
  GtkListBox     *list;

  GCancellable   *cancellable;
  GtkTextBuffer  *buffer;        /* weak */
  char           *searched_text;
  AcyFixReport   *report;
  GPtrArray      *rows;          /* GtkWidget, by fix */
  char           *idle_text;     /* the status before any search */
};

G_DEFINE_FINAL_TYPE (AcyFixesView, acy_fixes_view, GTK_TYPE_WIDGET)

/* ---- the worker ------------------------------------------------------------ */

typedef struct {
  gatomicrefcount  ref;
  GMutex           mutex;
  guint            done, total;
  guint            idle_id;
  AcyFixesView    *view;         /* main thread only; NULL once let go */
} Progress;

typedef struct {
  char       *text;
  char       *name;
  char       *model_path;
  GHashTable *overrides;
  Progress   *progress;
} Job;

static void
progress_unref (Progress *p)
{
  if (g_atomic_ref_count_dec (&p->ref))
    {
      g_mutex_clear (&p->mutex);
      g_free (p);
    }
}

static void
job_free (gpointer data)
{
  Job *job = data;

  g_free (job->text);
  g_free (job->name);
  g_free (job->model_path);
  g_clear_pointer (&job->overrides, g_hash_table_unref);
  progress_unref (job->progress);
  g_free (job);
}

static gboolean
progress_idle (gpointer data)
{
  Progress *p = data;
  guint done, total;

  g_mutex_lock (&p->mutex);
  done = p->done;
  total = p->total;
  p->idle_id = 0;
  g_mutex_unlock (&p->mutex);
  if (p->view && total > 0)
    {
      g_autofree char *text = g_strdup_printf (_("%u of %u changes checked"), done, total);

      gtk_progress_bar_set_fraction (p->view->progress_bar, (double) done / total);
      gtk_progress_bar_set_text (p->view->progress_bar, text);
    }
  progress_unref (p);
  return G_SOURCE_REMOVE;
}

static void
on_progress (guint done, guint total, const char *label, gpointer data)
{
  Progress *p = data;

  g_mutex_lock (&p->mutex);
  p->done = done;
  p->total = total;
  if (p->idle_id == 0)
    {
      g_atomic_ref_count_inc (&p->ref);
      p->idle_id = g_idle_add (progress_idle, p);
    }
  g_mutex_unlock (&p->mutex);
}

static void
fixes_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  g_autoptr(AcyModel) model = NULL;
  g_autoptr(AcyMacros) macros = NULL;
  GError *error = NULL;
  AcyFixOptions opts = { 200, 60, on_progress, job->progress };
  AcyFixReport *report;

  acy_check_job_yield_to_window ();
  if (!acy_check_job_load_model (job->model_path, job->overrides, &model, &macros, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  report = acy_fixes_suggest (job->text, -1, job->name, macros, model, &opts, cancellable, &error);
  if (report)
    g_task_return_pointer (task, report, (GDestroyNotify) acy_fix_report_free);
  else
    g_task_return_error (task, error);
}

/* ---- the list -------------------------------------------------------------- */

static void
set_running (AcyFixesView *self, gboolean running)
{
  gtk_widget_set_visible (self->cancel_button, running);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), running);
}

static void
clear_list (AcyFixesView *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    gtk_list_box_remove (self->list, g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->list), FALSE);
  g_clear_pointer (&self->report, acy_fix_report_free);
}

static void
show_report (AcyFixesView *self)
{
  g_autofree char *summary = acy_fix_report_describe (self->report);
  guint n = acy_fix_report_get_n_fixes (self->report);

  gtk_label_set_text (self->status_label, summary);
  for (guint i = 0; i < n; i++)
    {
      const AcyFix *fix = acy_fix_report_get_fix (self->report, i);
      g_autofree char *subtitle = g_strdup_printf (_("Forbidden by %s"), fix->check ? fix->check : "?");
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), fix->label);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("document-edit-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_widget_set_tooltip_text (row, _("Make this change in the test (undo takes it back)"));
      gtk_list_box_append (self->list, row);
      g_ptr_array_add (self->rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->list), n > 0);
}

static void
fixes_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr(GError) error = NULL;
  AcyFixReport *report = g_task_propagate_pointer (G_TASK (result), &error);
  AcyFixesView *self;

  self = ACY_FIXES_VIEW (source);
  /* a newer search took over: its own callback will show it */
  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    {
      g_clear_pointer (&report, acy_fix_report_free);
      return;
    }
  set_running (self, FALSE);
  g_clear_object (&self->cancellable);
  if (!report)
    {
      gtk_label_set_text (self->status_label,
                          g_error_matches (error, ACY_ERROR, ACY_ERROR_CANCELLED)
                            ? _("Stopped: no fixes were searched to the end.") : error->message);
      return;
    }
  self->report = report;
  show_report (self);
}

void
acy_fixes_view_run (AcyFixesView  *self,
                    GtkTextBuffer *buffer,
                    const char    *test_name,
                    const char    *model_path,
                    GHashTable    *cat_overrides)
{
  g_autoptr(GTask) task = NULL;
  GtkTextIter start, end;
  Job *job;

  g_return_if_fail (ACY_IS_FIXES_VIEW (self));
  acy_fixes_view_cancel (self);
  clear_list (self);
  g_set_weak_pointer (&self->buffer, buffer);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  g_free (self->searched_text);
  self->searched_text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);

  job = g_new0 (Job, 1);
  job->text = g_strdup (self->searched_text);
  job->name = g_strdup (test_name);
  job->model_path = g_strdup (model_path);
  job->overrides = cat_overrides ? g_hash_table_ref (cat_overrides) : NULL;
  job->progress = g_new0 (Progress, 1);
  g_atomic_ref_count_init (&job->progress->ref);
  g_mutex_init (&job->progress->mutex);
  job->progress->view = self;
  g_atomic_ref_count_inc (&job->progress->ref);   /* the view's */
  g_object_set_data_full (G_OBJECT (self), "acy-fixes-progress", job->progress,
                          (GDestroyNotify) progress_unref);

  self->cancellable = g_cancellable_new ();
  set_running (self, TRUE);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->progress_bar, _("Checking the test as it is"));
  gtk_label_set_text (self->status_label, _("Checking each change the model offers…"));
  task = g_task_new (self, self->cancellable, fixes_done, NULL);
  g_task_set_source_tag (task, acy_fixes_view_run);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, fixes_thread);
}

void
acy_fixes_view_cancel (AcyFixesView *self)
{
  Progress *p = g_object_get_data (G_OBJECT (self), "acy-fixes-progress");

  if (p)
    p->view = NULL;
  g_object_set_data (G_OBJECT (self), "acy-fixes-progress", NULL);
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  set_running (self, FALSE);
}

gboolean
acy_fixes_view_get_running (AcyFixesView *self)
{
  return self->cancellable != NULL;
}

void
acy_fixes_view_reset (AcyFixesView *self)
{
  g_return_if_fail (ACY_IS_FIXES_VIEW (self));
  acy_fixes_view_cancel (self);
  clear_list (self);
  gtk_label_set_text (self->status_label, self->idle_text);
}

static void
on_cancel_clicked (AcyFixesView *self)
{
  acy_fixes_view_cancel (self);
  gtk_label_set_text (self->status_label, _("Stopped: no fixes were searched to the end."));
}

gboolean
acy_fixes_view_apply (AcyFixesView *self, guint i)
{
  g_autofree char *now = NULL;
  const AcyFix *fix;
  GtkTextIter start, end;

  g_return_val_if_fail (self->report && i < acy_fix_report_get_n_fixes (self->report), FALSE);
  fix = acy_fix_report_get_fix (self->report, i);
  if (!self->buffer)
    return FALSE;
  gtk_text_buffer_get_bounds (self->buffer, &start, &end);
  now = gtk_text_buffer_get_text (self->buffer, &start, &end, FALSE);
  if (g_strcmp0 (now, self->searched_text) != 0)
    {
      gtk_label_set_text (self->status_label,
                          _("The test changed since the search: suggest fixes again to apply one."));
      return FALSE;
    }
  gtk_text_buffer_begin_user_action (self->buffer);
  /* the last edit first, so that the first one's position still holds */
  for (guint k = fix->n_edits; k-- > 0; )
    {
      const AcyTextEdit *e = &fix->edits[k];
      GtkTextIter a, b;

      gtk_text_buffer_get_iter_at_line_offset (self->buffer, &a, e->line - 1, e->column - 1);
      gtk_text_buffer_get_iter_at_line_offset (self->buffer, &b, e->end_line - 1, e->end_column - 1);
      gtk_text_buffer_delete (self->buffer, &a, &b);
      gtk_text_buffer_insert (self->buffer, &a, e->text, -1);
    }
  gtk_text_buffer_end_user_action (self->buffer);
  {
    g_autofree char *text = g_strdup_printf (_("Applied: %s. Run the check again to see it forbidden."),
                                             fix->label);
    gtk_label_set_text (self->status_label, text);
  }
  return TRUE;
}

static void
on_row_activated (AcyFixesView *self, GtkListBoxRow *row)
{
  guint i;

  if (g_ptr_array_find (self->rows, row, &i))
    acy_fixes_view_apply (self, i);
}

guint
acy_fixes_view_get_n_fixes (AcyFixesView *self)
{
  return self->report ? acy_fix_report_get_n_fixes (self->report) : 0;
}

const char *
acy_fixes_view_get_fix_label (AcyFixesView *self, guint i)
{
  return acy_fix_report_get_fix (self->report, i)->label;
}

const char *
acy_fixes_view_get_fix_check (AcyFixesView *self, guint i)
{
  return acy_fix_report_get_fix (self->report, i)->check;
}

const char *
acy_fixes_view_get_status_text (AcyFixesView *self)
{
  return gtk_label_get_text (self->status_label);
}

GtkWidget *
acy_fixes_view_get_row (AcyFixesView *self, guint i)
{
  g_return_val_if_fail (i < self->rows->len, NULL);
  return g_ptr_array_index (self->rows, i);
}

/* ---- the widget ------------------------------------------------------------ */

static void
acy_fixes_view_dispose (GObject *object)
{
  AcyFixesView *self = ACY_FIXES_VIEW (object);

  acy_fixes_view_cancel (self);
  g_clear_weak_pointer (&self->buffer);
  g_clear_pointer (&self->report, acy_fix_report_free);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->searched_text, g_free);
  g_clear_pointer (&self->idle_text, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), ACY_TYPE_FIXES_VIEW);
  G_OBJECT_CLASS (acy_fixes_view_parent_class)->dispose (object);
}

static void
acy_fixes_view_class_init (AcyFixesViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_fixes_view_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-fixes-view.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, AcyFixesView, box);
  gtk_widget_class_bind_template_child (widget_class, AcyFixesView, status_label);
  gtk_widget_class_bind_template_child (widget_class, AcyFixesView, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, AcyFixesView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, AcyFixesView, list);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
}

static void
acy_fixes_view_init (AcyFixesView *self)
{
  self->rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  self->idle_text = g_strdup (gtk_label_get_text (self->status_label));
}
