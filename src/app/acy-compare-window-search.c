/* acy-compare-window-search.c - the compare window's Find Tests page: the
 * tests that tell the first two chosen models apart, found as they are
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * acy_diy_search() runs in a GTask worker: cycles of edges smallest
 * first, each written as diy writes it and checked under both models.
 * Each test found comes to the main thread by an idle callback and
 * becomes a row; progress is coalesced in the worker, one idle callback
 * a time. Activating a row shows the test on the first page, compared
 * with both graphs; its button opens it in a tab of the main window.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include <glib/gi18n.h>

#include "acy-compare-window-private.h"
#include "acy-window.h"

typedef struct {
  AcyCompareWindow *self;   /* main thread only */
  guint             generation;
  char             *specs[2];
  guint             max_threads, max_accesses;
  GMutex            lock;
  AcyDiySearchProgress progress;   /* under lock */
  gboolean          progress_queued;
  gatomicrefcount   ref;
} SearchJob;

typedef struct {
  SearchJob   *job;
  AcyDiyFound *found;       /* NULL: the progress */
} SearchPush;

static SearchJob *
job_ref (SearchJob *job)
{
  g_atomic_ref_count_inc (&job->ref);
  return job;
}

static void
job_unref (SearchJob *job)
{
  if (!g_atomic_ref_count_dec (&job->ref))
    return;
  g_object_unref (job->self);
  g_free (job->specs[0]);
  g_free (job->specs[1]);
  g_mutex_clear (&job->lock);
  g_free (job);
}

static const char *
model_label (AcyCompareWindow *self, const char *spec)
{
  GtkWidget *toggle = acy_compare_window_find_toggle (self, spec);

  return toggle ? gtk_button_get_label (GTK_BUTTON (toggle)) : spec;
}

static void
show_progress (AcyCompareWindow *self, const AcyDiySearchProgress *p, gboolean done)
{
  g_autofree char *text = NULL;
  g_autofree char *tests = g_strdup_printf ("%'" G_GUINT64_FORMAT, p->tests);

  if (done && p->found == 0 && p->complete)
    /* TRANSLATORS: no test told the models apart, within the bounds given */
    text = g_strdup_printf (_("No test tells them apart with up to %u threads and %u accesses (%s tests checked)"),
                            self->search_max_threads, self->search_max_accesses, tests);
  else if (done)
    /* TRANSLATORS: %u tests found; %s tests checked; %.1f seconds */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u test tells them apart · %s checked in %.1f s",
                                         "%u tests tell them apart · %s checked in %.1f s", (gulong) p->found),
                            (guint) p->found, tests, p->elapsed);
  else
    /* TRANSLATORS: tests found so far; the size being checked */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u found · %s checked · cycles of %u accesses…",
                                         "%u found · %s checked · cycles of %u accesses…", (gulong) p->found),
                            (guint) p->found, tests, p->accesses);
  gtk_label_set_text (self->search_summary, text);
  gtk_progress_bar_set_fraction (self->search_progress,
                                 self->search_max_accesses > 1
                                 ? (double) (p->done_accesses - 1) / (self->search_max_accesses - 1) : 0);
}

static void
open_in_tab (GtkButton *button, AcyCompareWindow *self)
{
  AcyDiyFound *f = g_object_get_data (G_OBJECT (button), "acy-found");
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  g_autofree char *title = NULL;
  AcyDocument *document;

  if (!ACY_IS_WINDOW (parent))
    return;
  title = g_strconcat (f->name, ".litmus", NULL);
  document = acy_window_new_document (ACY_WINDOW (parent), ACY_DOCUMENT_LITMUS);
  acy_document_set_text (document, f->text, -1, title, TRUE);
  gtk_window_present (parent);
}

static GtkWidget *
found_row (AcyCompareWindow *self, AcyDiyFound *f)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *open = gtk_button_new_from_icon_name ("tab-new-symbolic");
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *forbidden = NULL;

  /* TRANSLATORS: a test's name, then its size */
  title = g_strdup_printf (_("%s — %u threads, %u accesses"), f->name, f->threads, f->accesses);
  forbidden = f->check ? g_strdup_printf (_("forbidden by %s"), f->check) : g_strdup (_("forbidden"));
  /* TRANSLATORS: the cycle; a model and its verdict (forbidden by which check); the other model and its verdict */
  subtitle = g_strdup_printf (_("%s · %s: %s, %s · %s: %s"), f->cycle,
                              model_label (self, self->search_specs[f->stronger]),
                              acy_observation_to_string (f->observation[f->stronger]), forbidden,
                              model_label (self, self->search_specs[1 - f->stronger]),
                              acy_observation_to_string (f->observation[1 - f->stronger]));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_tooltip_text (open, _("Open the Test in a Tab"));
  gtk_widget_set_valign (open, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (open, "flat");
  g_object_set_data (G_OBJECT (open), "acy-found", f);
  g_signal_connect_object (open, "clicked", G_CALLBACK (open_in_tab), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), open);
  g_object_set_data (G_OBJECT (row), "acy-found", f);
  return row;
}

static gboolean
push_idle (gpointer data)
{
  SearchPush *push = data;
  AcyCompareWindow *self = push->job->self;

  if (push->job->generation == self->search_generation)
    {
      if (push->found != NULL)
        {
          g_ptr_array_add (self->search_found, push->found);
          gtk_list_box_append (self->search_list, found_row (self, push->found));
          gtk_stack_set_visible_child_name (self->search_stack, "list");
          push->found = NULL;
        }
      else
        {
          AcyDiySearchProgress p;

          g_mutex_lock (&push->job->lock);
          p = push->job->progress;
          push->job->progress_queued = FALSE;
          g_mutex_unlock (&push->job->lock);
          show_progress (self, &p, FALSE);
        }
    }
  acy_diy_found_free (push->found);
  job_unref (push->job);
  g_free (push);
  return G_SOURCE_REMOVE;
}

static void
on_found (const AcyDiyFound *found, gpointer data)
{
  SearchPush *push = g_new0 (SearchPush, 1);

  push->job = job_ref (data);
  push->found = acy_diy_found_copy (found);
  g_idle_add (push_idle, push);
}

static void
on_progress (const AcyDiySearchProgress *p, gpointer data)
{
  SearchJob *job = data;
  gboolean queue;

  g_mutex_lock (&job->lock);
  job->progress = *p;
  queue = !job->progress_queued;
  job->progress_queued = TRUE;
  g_mutex_unlock (&job->lock);
  if (queue)
    {
      SearchPush *push = g_new0 (SearchPush, 1);

      push->job = job_ref (job);
      g_idle_add (push_idle, push);
    }
}

static void
search_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SearchJob *job = data;
  AcyModel *models[2] = { NULL, NULL };
  AcyMacros *macros[2] = { NULL, NULL };
  AcyDiySearchOptions o = { ACY_DIY_ARCH_C, job->max_threads, job->max_accesses };
  AcyDiySearchProgress *summary = g_new0 (AcyDiySearchProgress, 1);
  GError *error = NULL;
  gboolean ok = TRUE;

  o.n_workers = MIN (g_get_num_processors (), 2);
  for (guint m = 0; m < 2 && ok; m++)
    {
      models[m] = acy_comparison_load_model (job->specs[m], NULL, &macros[m], &error);
      ok = models[m] != NULL;
    }
  if (ok)
    ok = acy_diy_search ((const AcyModel *const *) models, macros[0], &o, on_found, on_progress, job,
                         summary, cancellable, &error);
  for (guint m = 0; m < 2; m++)
    {
      g_clear_pointer (&models[m], acy_model_free);
      g_clear_pointer (&macros[m], acy_macros_free);
    }
  if (!ok)
    {
      g_free (summary);
      g_task_return_error (task, error);
    }
  else
    g_task_return_pointer (task, summary, g_free);
}

static gboolean
done_idle (gpointer data)
{
  GTask *task = data;
  SearchJob *job = g_task_get_task_data (task);
  AcyCompareWindow *self = job->self;
  g_autoptr(GError) error = NULL;
  g_autofree AcyDiySearchProgress *summary = g_task_propagate_pointer (task, &error);

  /* after the pushes, which were queued before it */
  if (job->generation == self->search_generation)
    {
      self->search_running = FALSE;
      gtk_widget_set_visible (GTK_WIDGET (self->search_progress), FALSE);
      if (summary != NULL)
        {
          show_progress (self, summary, TRUE);
          if (summary->found == 0)
            gtk_stack_set_visible_child_name (self->search_stack, "none");
        }
      else if (g_error_matches (error, ACY_ERROR, ACY_ERROR_CANCELLED)
               || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (self->search_summary, _("Stopped"));
      else
        gtk_label_set_text (self->search_summary, error->message);
      acy_compare_window_update_actions (self);
    }
  g_object_unref (task);
  return G_SOURCE_REMOVE;
}

static void
search_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_idle_add (done_idle, g_object_ref (result));
}

void
acy_compare_window_run_search (AcyCompareWindow *self)
{
  g_auto(GStrv) specs = acy_compare_window_get_models (self);
  g_autoptr(GTask) task = NULL;
  GtkWidget *child;
  SearchJob *job;

  g_return_if_fail (ACY_IS_COMPARE_WINDOW (self));

  adw_view_stack_set_visible_child_name (self->view_stack, "search");
  if (g_strv_length (specs) < 2)
    return;
  g_cancellable_cancel (self->search_cancellable);
  g_clear_object (&self->search_cancellable);
  self->search_cancellable = g_cancellable_new ();
  self->search_generation++;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->search_list))) != NULL)
    gtk_list_box_remove (self->search_list, child);
  g_ptr_array_set_size (self->search_found, 0);
  for (guint m = 0; m < 2; m++)
    {
      g_free (self->search_specs[m]);
      self->search_specs[m] = g_strdup (specs[m]);
    }
  self->search_max_threads = gtk_spin_button_get_value_as_int (self->search_threads);
  self->search_max_accesses = gtk_spin_button_get_value_as_int (self->search_accesses);
  gtk_stack_set_visible_child_name (self->search_stack, "list");
  gtk_progress_bar_set_fraction (self->search_progress, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->search_progress), TRUE);
  gtk_label_set_text (self->search_summary, _("Searching…"));

  job = g_new0 (SearchJob, 1);
  g_atomic_ref_count_init (&job->ref);
  g_mutex_init (&job->lock);
  job->self = g_object_ref (self);
  job->generation = self->search_generation;
  job->specs[0] = g_strdup (specs[0]);
  job->specs[1] = g_strdup (specs[1]);
  job->max_threads = self->search_max_threads;
  job->max_accesses = self->search_max_accesses;
  task = g_task_new (self, self->search_cancellable, search_done, NULL);
  g_task_set_source_tag (task, acy_compare_window_run_search);
  g_task_set_name (task, "[acyclic] find distinguishing tests");
  g_task_set_task_data (task, job, (GDestroyNotify) job_unref);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, search_thread);
  self->search_running = TRUE;
  acy_compare_window_update_actions (self);
}

/* A row shows its test on the first page, under the two models. */
static void
on_search_row_activated (AcyCompareWindow *self, GtkListBoxRow *row, GtkListBox *list)
{
  AcyDiyFound *f = g_object_get_data (G_OBJECT (row), "acy-found");
  const char *specs[3] = { self->search_specs[0], self->search_specs[1], NULL };

  if (f == NULL)
    return;
  g_free (self->test_text);
  self->test_text = g_strdup (f->text);
  g_free (self->test_name);
  self->test_name = g_strdup (f->name);
  adw_view_switcher_title_set_subtitle (self->switcher_title, self->test_name);
  acy_compare_window_set_models (self, specs);
  adw_view_stack_set_visible_child_name (self->view_stack, "test");
  acy_compare_window_run (self);
}

static void
find_tests_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  acy_compare_window_run_search (ACY_COMPARE_WINDOW (widget));
}

guint
acy_compare_window_get_n_found (AcyCompareWindow *self)
{
  return self->search_found->len;
}

const AcyDiyFound *
acy_compare_window_get_found (AcyCompareWindow *self, guint i)
{
  return i < self->search_found->len ? self->search_found->pdata[i] : NULL;
}

gboolean
acy_compare_window_get_search_running (AcyCompareWindow *self)
{
  return self->search_running;
}

const char *
acy_compare_window_get_search_summary (AcyCompareWindow *self)
{
  return gtk_label_get_text (self->search_summary);
}

void
acy_compare_window_init_search (AcyCompareWindow *self)
{
  self->search_found = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_diy_found_free);
}

void
acy_compare_window_dispose_search (AcyCompareWindow *self)
{
  g_cancellable_cancel (self->search_cancellable);
  self->search_generation++;
}

void
acy_compare_window_finalize_search (AcyCompareWindow *self)
{
  g_clear_object (&self->search_cancellable);
  g_clear_pointer (&self->search_found, g_ptr_array_unref);
  g_free (self->search_specs[0]);
  g_free (self->search_specs[1]);
}

void
acy_compare_window_class_init_search (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_search_row_activated);
  gtk_widget_class_install_action (widget_class, "compare.find-tests", NULL, find_tests_action);
}
