/* acy-compare-window-batch.c - the compare window's folder of tests
 *
 * Checks every test of a folder under every chosen model on one worker
 * thread and hands each finished test to the main thread; rows where the
 * models differ sort first, as they arrive. Activating a row opens that
 * test on the first page.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "acy-check-job.h"
#include "acy-compare-window-private.h"

/* ---- one row of the folder table ----------------------------------------- */

#define ACY_TYPE_COMPARE_BATCH_ITEM (acy_compare_batch_item_get_type ())
G_DECLARE_FINAL_TYPE (AcyCompareBatchItem, acy_compare_batch_item, ACY, COMPARE_BATCH_ITEM, GObject)

struct _AcyCompareBatchItem
{
  GObject  parent_instance;
  guint    order;       /* position in the folder */
  char    *path;
  char    *test;
  char    *mark;        /* "≠" observations differ, "~" states only, "" */
  char   **cells;       /* per model: "Sometimes", "Error", ... */
  char   **tooltips;    /* per model: counts or the error */
};

G_DEFINE_FINAL_TYPE (AcyCompareBatchItem, acy_compare_batch_item, G_TYPE_OBJECT)

static void
acy_compare_batch_item_finalize (GObject *object)
{
  AcyCompareBatchItem *item = ACY_COMPARE_BATCH_ITEM (object);

  g_free (item->path);
  g_free (item->test);
  g_free (item->mark);
  g_strfreev (item->cells);
  g_strfreev (item->tooltips);
  G_OBJECT_CLASS (acy_compare_batch_item_parent_class)->finalize (object);
}

static void
acy_compare_batch_item_class_init (AcyCompareBatchItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acy_compare_batch_item_finalize;
}

static void
acy_compare_batch_item_init (AcyCompareBatchItem *item)
{
}

/* ---- the folder ----------------------------------------------------------- */

typedef struct {
  char  **specs;
  char   *folder;
  AcyCompareWindow *self;   /* only touched on the main thread */
  guint   generation;
} BatchJob;

typedef struct {
  AcyCompareWindow    *self;
  guint                generation;
  guint                total;       /* set once, before any item */
  AcyCompareBatchItem *item;        /* NULL: the count of tests */
} BatchPush;

static gboolean
batch_push_idle (gpointer data)
{
  BatchPush *push = data;
  AcyCompareWindow *self = push->self;

  if (push->generation == self->batch_generation)
    {
      g_autofree char *summary = NULL;

      if (push->item == NULL)
        self->batch_total = push->total;
      else
        {
          self->batch_done++;
          if (push->item->mark[0] != '\0')
            self->batch_differ++;
          g_list_store_append (self->batch_items, push->item);
        }
      if (self->batch_total > 0)
        gtk_progress_bar_set_fraction (self->batch_progress, (double) self->batch_done / self->batch_total);
      /* TRANSLATORS: "3 of 40 tests differ" */
      summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u test differs", "%u of %u tests differ",
                                              self->batch_done),
                                 self->batch_differ, self->batch_done);
      gtk_label_set_text (self->batch_summary, summary);
    }
  g_clear_object (&push->item);
  g_object_unref (push->self);
  g_free (push);
  return G_SOURCE_REMOVE;
}

static void
batch_push (BatchJob *job, guint total, AcyCompareBatchItem *item)
{
  BatchPush *push = g_new0 (BatchPush, 1);

  /* The window is kept alive by the task until it ends; a push holds
   * its own reference for the idle callback. */
  push->self = g_object_ref (job->self);
  push->generation = job->generation;
  push->total = total;
  push->item = item;
  g_idle_add (batch_push_idle, push);
}

static void
batch_job_free (BatchJob *job)
{
  g_strfreev (job->specs);
  g_free (job->folder);
  g_free (job);
}

static AcyCompareBatchItem *
batch_check_file (const char *file, char **specs, AcyModel **models, AcyMacros **macros,
                  char **model_errors, guint n, guint order, GCancellable *cancellable)
{
  AcyCompareBatchItem *item = g_object_new (ACY_TYPE_COMPARE_BATCH_ITEM, NULL);
  g_autoptr(GPtrArray) tests = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_test_free);
  g_autoptr(GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_check_result_free);
  gboolean complete = TRUE;

  item->order = order;
  item->path = g_strdup (file);
  item->cells = g_new0 (char *, n + 1);
  item->tooltips = g_new0 (char *, n + 1);
  for (guint m = 0; m < n; m++)
    {
      g_autoptr(GError) error = NULL;
      AcyTest *test = NULL;
      AcyCheckResult *result = NULL;

      if (models[m] == NULL)
        {
          item->cells[m] = g_strdup (_("Error"));
          item->tooltips[m] = g_strdup (model_errors[m]);
          complete = FALSE;
          continue;
        }
      test = acy_test_load_full (file, macros[m], NULL, cancellable, 0, &error);
      if (test != NULL)
        {
          g_ptr_array_add (tests, test);
          if (item->test == NULL)
            item->test = g_strdup (acy_test_get_name (test));
          result = acy_check_run (test, models[m], NULL, cancellable, &error);
        }
      if (result == NULL)
        {
          item->cells[m] = g_strdup (g_cancellable_is_cancelled (cancellable) ? _("Stopped")
                                     : g_error_matches (error, ACY_ERROR, ACY_ERROR_LIMIT) ? _("Timed out")
                                     : _("Error"));
          item->tooltips[m] = g_strdup (error->message);
          complete = FALSE;
          continue;
        }
      g_ptr_array_add (results, result);
      switch (acy_check_result_get_observation (result))
        {
        case ACY_OBSERVATION_NEVER: item->cells[m] = g_strdup (_("Never")); break;
        case ACY_OBSERVATION_SOMETIMES: item->cells[m] = g_strdup (_("Sometimes")); break;
        default: item->cells[m] = g_strdup (_("Always")); break;
        }
      /* TRANSLATORS: herd's counts of allowed executions satisfying the condition or not */
      item->tooltips[m] = g_strdup_printf (_("%lu positive, %lu negative"),
                                           (gulong) acy_check_result_get_positive (result),
                                           (gulong) acy_check_result_get_negative (result));
    }
  if (item->test == NULL)
    {
      g_autofree char *base = g_filename_display_basename (file);
      if (g_str_has_suffix (base, ".litmus"))
        base[strlen (base) - strlen (".litmus")] = '\0';
      item->test = g_strdup (base);
    }

  item->mark = g_strdup ("");
  if (complete && n > 1)
    {
      g_autoptr(AcyComparison) cmp = acy_comparison_new (tests->pdata[0],
                                                         (const AcyCheckResult *const *) results->pdata, n);
      gboolean observations = FALSE;

      for (guint m = 1; m < n; m++)
        if (acy_comparison_get_observation (cmp, m) != acy_comparison_get_observation (cmp, 0))
          observations = TRUE;
      g_free (item->mark);
      item->mark = g_strdup (observations ? "≠" : acy_comparison_differs (cmp) ? "~" : "");
    }
  return item;
}

static void
batch_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  BatchJob *job = data;
  guint n = g_strv_length (job->specs);
  g_autofree AcyModel **models = g_new0 (AcyModel *, n);
  g_autofree AcyMacros **macros = g_new0 (AcyMacros *, n);
  g_auto(GStrv) errors = g_new0 (char *, n + 1);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

  acy_check_job_yield_to_window ();
  for (guint m = 0; m < n; m++)
    {
      g_autoptr(GError) error = NULL;

      models[m] = acy_comparison_load_model (job->specs[m], NULL, &macros[m], &error);
      if (models[m] == NULL)
        errors[m] = g_strdup (error->message);
    }
  acy_test_collect_files (job->folder, files, cancellable);
  batch_push (job, files->len, NULL);
  for (guint i = 0; i < files->len && !g_cancellable_is_cancelled (cancellable); i++)
    batch_push (job, files->len,
                batch_check_file (files->pdata[i], job->specs, models, macros, errors, n, i, cancellable));
  for (guint m = 0; m < n; m++)
    {
      g_clear_pointer (&models[m], acy_model_free);
      g_clear_pointer (&macros[m], acy_macros_free);
    }
  g_task_return_boolean (task, TRUE);
}

static void
set_batch_running (AcyCompareWindow *self, gboolean running)
{
  self->batch_running = running;
  gtk_widget_set_visible (GTK_WIDGET (self->batch_progress), running);
  acy_compare_window_update_actions (self);
}

static gboolean
batch_done_idle (gpointer data)
{
  BatchPush *push = data;

  /* After the pushes, which were queued before it. */
  if (push->generation == push->self->batch_generation)
    set_batch_running (push->self, FALSE);
  g_object_unref (push->self);
  g_free (push);
  return G_SOURCE_REMOVE;
}

static void
batch_done (GObject *source, GAsyncResult *result, gpointer data)
{
  BatchPush *push = data;

  g_idle_add (batch_done_idle, push);
}

/* Columns follow the models of the run: rebuilt each time. */
static void
setup_label (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_list_item_set_child (list_item, label);
}

/* GTK 4.8 names no row of a column view: a screen reader read the cells
 * ("≠ MP Never Sometimes") without the models they belong to. The row of
 * @label gets "MP: Sequential Consistency: Never, …" from the column
 * titles (models from the third column on, see rebuild_columns). */
static void
name_row (GtkWidget *label, AcyCompareBatchItem *item)
{
  GtkWidget *cell = gtk_widget_get_parent (label);
  GtkWidget *row = cell ? gtk_widget_get_parent (cell) : NULL;
  GtkWidget *view = gtk_widget_get_ancestor (label, GTK_TYPE_COLUMN_VIEW);
  GListModel *columns;
  g_autoptr(GString) name = NULL;

  if (row == NULL || view == NULL
      || gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (row)) != GTK_ACCESSIBLE_ROLE_ROW)
    return;
  columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (view));
  name = g_string_new (item->test);
  for (guint m = 0; item->cells[m] != NULL && m + 2 < g_list_model_get_n_items (columns); m++)
    {
      g_autoptr(GtkColumnViewColumn) col = g_list_model_get_item (columns, m + 2);

      g_string_append_printf (name, "; %s: %s", gtk_column_view_column_get_title (col), item->cells[m]);
    }
  if (g_str_equal (item->mark, "≠"))
    g_string_append_printf (name, "; %s", _("The models give different verdicts"));
  else if (item->mark[0] != '\0')
    g_string_append_printf (name, "; %s", _("Same verdict, but different allowed states"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name->str, -1);
}

static void
bind_label (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  AcyCompareBatchItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);
  gint column = GPOINTER_TO_INT (data);
  const char *text;

  gtk_widget_remove_css_class (label, "compare-mark");
  gtk_widget_remove_css_class (label, "dim-label");
  gtk_widget_remove_css_class (label, "error");
  gtk_widget_set_tooltip_text (label, NULL);
  if (column == -2)
    {
      text = item->mark;
      gtk_widget_add_css_class (label, "compare-mark");
      if (text[0] != '\0')
        gtk_widget_set_tooltip_text (label, g_str_equal (text, "≠") ? _("The models give different verdicts")
                                                                   : _("Same verdict, but different allowed states"));
    }
  else if (column == -1)
    {
      text = item->test;
      gtk_widget_set_tooltip_text (label, item->path);
      name_row (label, item);
    }
  else
    {
      text = item->cells[column];
      gtk_widget_set_tooltip_text (label, item->tooltips[column]);
      if (g_str_equal (text, _("Never")))
        gtk_widget_add_css_class (label, "dim-label");
      else if (g_str_equal (text, _("Error")) || g_str_equal (text, _("Timed out")))
        gtk_widget_add_css_class (label, "error");
    }
  gtk_label_set_text (GTK_LABEL (label), text);
}

static void
add_column (AcyCompareWindow *self, const char *title, gint column, gboolean expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *col;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_label), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_label), GINT_TO_POINTER (column));
  col = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (col, expand);
  gtk_column_view_column_set_resizable (col, column != -2);
  gtk_column_view_append_column (self->batch_view, col);
  g_object_unref (col);
}

static void
rebuild_columns (AcyCompareWindow *self, char **specs)
{
  GListModel *columns = gtk_column_view_get_columns (self->batch_view);

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) col = g_list_model_get_item (columns, 0);
      gtk_column_view_remove_column (self->batch_view, col);
    }
  add_column (self, "", -2, FALSE);
  add_column (self, _("Test"), -1, TRUE);
  for (guint m = 0; specs[m] != NULL; m++)
    {
      GtkWidget *toggle = acy_compare_window_find_toggle (self, specs[m]);
      add_column (self, toggle ? gtk_button_get_label (GTK_BUTTON (toggle)) : specs[m], (gint) m, TRUE);
    }
}

void
acy_compare_window_run_folder (AcyCompareWindow *self, const char *folder)
{
  g_auto(GStrv) specs = NULL;
  g_autoptr(GTask) task = NULL;
  BatchJob *job;
  BatchPush *done;

  g_return_if_fail (ACY_IS_COMPARE_WINDOW (self));

  if (folder != NULL && folder != self->folder)
    {
      g_free (self->folder);
      self->folder = g_strdup (folder);
      gtk_label_set_text (self->folder_label, folder);
    }
  adw_view_stack_set_visible_child_name (self->view_stack, "folder");
  if (self->folder == NULL)
    return;

  g_cancellable_cancel (self->batch_cancellable);
  g_clear_object (&self->batch_cancellable);
  self->batch_cancellable = g_cancellable_new ();
  self->batch_generation++;
  self->batch_total = self->batch_done = self->batch_differ = 0;
  g_list_store_remove_all (self->batch_items);
  gtk_label_set_text (self->batch_summary, "");
  gtk_progress_bar_set_fraction (self->batch_progress, 0);

  specs = acy_compare_window_get_models (self);
  {
    /* a folder is not run on this machine (ACY_COMPARE_MACHINE_RUNS
     * times each test): models only */
    g_autoptr(GStrvBuilder) models = g_strv_builder_new ();

    for (guint i = 0; specs[i] != NULL; i++)
      if (!g_str_equal (specs[i], ACY_COMPARE_MACHINE_SPEC))
        g_strv_builder_add (models, specs[i]);
    g_strfreev (specs);
    specs = g_strv_builder_end (models);
  }
  rebuild_columns (self, specs);
  gtk_stack_set_visible_child_name (self->batch_stack, "table");

  job = g_new0 (BatchJob, 1);
  job->specs = g_strdupv (specs);
  job->folder = g_strdup (self->folder);
  job->self = self;
  job->generation = self->batch_generation;
  done = g_new0 (BatchPush, 1);
  done->self = g_object_ref (self);
  done->generation = self->batch_generation;

  task = g_task_new (self, self->batch_cancellable, batch_done, done);
  g_task_set_source_tag (task, acy_compare_window_run_folder);
  g_task_set_name (task, "[acyclic] compare folder");
  g_task_set_task_data (task, job, (GDestroyNotify) batch_job_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, batch_thread);
  set_batch_running (self, TRUE);
}

static void
choose_folder_response (AcyCompareWindow *self, int response, GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (g_file_peek_path (file) != NULL)
        acy_compare_window_run_folder (self, g_file_peek_path (file));
    }
  g_object_unref (native);
}

static void
choose_folder_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  AcyCompareWindow *self = ACY_COMPARE_WINDOW (widget);
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Choose a Folder of Tests"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Choose"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect_object (native, "response", G_CALLBACK (choose_folder_response), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* A row of the folder opens its test on the first page. */
static void
on_batch_activate (AcyCompareWindow *self, guint position, GtkColumnView *view)
{
  g_autoptr(AcyCompareBatchItem) item = g_list_model_get_item (G_LIST_MODEL (self->batch_sorted), position);
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;

  if (item == NULL || !g_file_get_contents (item->path, &text, NULL, NULL))
    return;
  name = g_filename_display_basename (item->path);
  g_free (self->test_text);
  self->test_text = g_steal_pointer (&text);
  g_free (self->test_name);
  self->test_name = g_steal_pointer (&name);
  adw_view_switcher_title_set_subtitle (self->switcher_title, self->test_name);
  adw_view_stack_set_visible_child_name (self->view_stack, "test");
  acy_compare_window_run (self);
}

static int
batch_order (gconstpointer a, gconstpointer b, gpointer data)
{
  const AcyCompareBatchItem *ia = a, *ib = b;
  gboolean da = ia->mark[0] != '\0', db = ib->mark[0] != '\0';

  if (da != db)
    return da ? GTK_ORDERING_SMALLER : GTK_ORDERING_LARGER;
  return ia->order < ib->order ? GTK_ORDERING_SMALLER : ia->order > ib->order ? GTK_ORDERING_LARGER
                                                                             : GTK_ORDERING_EQUAL;
}

guint
acy_compare_window_get_n_batch_rows (AcyCompareWindow *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->batch_sorted));
}

static AcyCompareBatchItem *
batch_row (AcyCompareWindow *self, guint row)
{
  AcyCompareBatchItem *item = g_list_model_get_item (G_LIST_MODEL (self->batch_sorted), row);

  /* The store keeps it alive. */
  if (item != NULL)
    g_object_unref (item);
  return item;
}

const char *
acy_compare_window_get_batch_test (AcyCompareWindow *self, guint row)
{
  AcyCompareBatchItem *item = batch_row (self, row);
  return item ? item->test : NULL;
}

const char *
acy_compare_window_get_batch_mark (AcyCompareWindow *self, guint row)
{
  AcyCompareBatchItem *item = batch_row (self, row);
  return item ? item->mark : NULL;
}

const char *
acy_compare_window_get_batch_cell (AcyCompareWindow *self, guint row, guint model)
{
  AcyCompareBatchItem *item = batch_row (self, row);
  return item && model < g_strv_length (item->cells) ? item->cells[model] : NULL;
}

gboolean
acy_compare_window_get_batch_running (AcyCompareWindow *self)
{
  return self->batch_running;
}

void
acy_compare_window_init_batch (AcyCompareWindow *self)
{
  g_autoptr(GtkSingleSelection) selection = NULL;
  GtkCustomSorter *sorter;

  self->batch_items = g_list_store_new (ACY_TYPE_COMPARE_BATCH_ITEM);
  sorter = gtk_custom_sorter_new (batch_order, NULL, NULL);
  self->batch_sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->batch_items)),
                                                GTK_SORTER (sorter));
  selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->batch_sorted)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_column_view_set_model (self->batch_view, GTK_SELECTION_MODEL (selection));
}

void
acy_compare_window_class_init_batch (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_batch_activate);
  gtk_widget_class_install_action (widget_class, "compare.choose-folder", NULL, choose_folder_action);
}
