/* acy-compare-window.c - compare models on a test or a folder of tests
 *
 * The "This Test" page is an AcyCompareView. The "Folder of Tests" page
 * checks every test of a folder under every chosen model on one worker
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

#include "acy-compare-window.h"

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

/* ---- the window ----------------------------------------------------------- */

struct _AcyCompareWindow
{
  AdwWindow             parent_instance;

  AdwViewSwitcherTitle *switcher_title;
  AdwViewStack         *view_stack;
  AcyCompareView       *view;
  GtkBox               *models_box;
  GtkWidget            *compare_button;
  GtkWidget            *stop_button;
  GtkLabel             *folder_label;
  GtkLabel             *batch_summary;
  GtkProgressBar       *batch_progress;
  GtkStack             *batch_stack;
  GtkColumnView        *batch_view;

  char                 *test_text;
  char                 *test_name;
  char                 *folder;

  GListStore           *batch_items;
  GtkSortListModel     *batch_sorted;
  GCancellable         *batch_cancellable;
  guint                 batch_generation;
  guint                 batch_total;
  guint                 batch_done;
  guint                 batch_differ;
  gboolean              batch_running;
  guint                 toggle_serial;   /* models are in the order chosen */
};

G_DEFINE_FINAL_TYPE (AcyCompareWindow, acy_compare_window, ADW_TYPE_WINDOW)

static const struct {
  const char *spec;
  const char *name;
} builtin_models[] = {
  { "sc", N_("Sequential Consistency") },
  { "tso", N_("Total Store Order") },
  { "coherent-rmo", N_("Coherent RMO") },
  { "toy-rmo", N_("Toy RMO") },
};

/* The built-in model a path or name stands for, or NULL. */
static const char *
builtin_spec (const char *spec)
{
  g_autofree char *base = g_path_get_basename (spec);
  g_autofree char *dir = g_path_get_dirname (spec);
  char *dot = strrchr (base, '.');

  if (strchr (spec, G_DIR_SEPARATOR) != NULL && g_strcmp0 (dir, acy_builtin_models_dir ()) != 0)
    return NULL;
  if (dot != NULL && g_str_equal (dot, ".cat"))
    *dot = '\0';
  for (guint i = 0; i < G_N_ELEMENTS (builtin_models); i++)
    if (g_str_equal (base, builtin_models[i].spec))
      return builtin_models[i].spec;
  return NULL;
}

/* ---- choosing models ------------------------------------------------------ */

static void update_actions (AcyCompareWindow *self);

static void
model_toggled (AcyCompareWindow *self, GtkToggleButton *toggle)
{
  if (gtk_toggle_button_get_active (toggle))
    g_object_set_data (G_OBJECT (toggle), "acy-serial", GUINT_TO_POINTER (++self->toggle_serial));
  update_actions (self);
}

static int
by_serial (gconstpointer a, gconstpointer b)
{
  guint sa = GPOINTER_TO_UINT (g_object_get_data (*(GObject *const *) a, "acy-serial"));
  guint sb = GPOINTER_TO_UINT (g_object_get_data (*(GObject *const *) b, "acy-serial"));

  return sa < sb ? -1 : sa > sb;
}

static GtkWidget *
find_toggle (AcyCompareWindow *self, const char *spec)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->models_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (child), "acy-spec"), spec) == 0)
      return child;
  return NULL;
}

static GtkWidget *
add_toggle (AcyCompareWindow *self, const char *spec)
{
  const char *builtin = builtin_spec (spec);
  g_autofree char *label = NULL;
  GtkWidget *toggle;

  if (builtin != NULL)
    spec = builtin;
  toggle = find_toggle (self, spec);
  if (toggle != NULL)
    return toggle;

  if (builtin != NULL)
    {
      for (guint i = 0; i < G_N_ELEMENTS (builtin_models); i++)
        if (g_str_equal (builtin, builtin_models[i].spec))
          label = g_strdup (_(builtin_models[i].name));
    }
  else
    label = g_path_get_basename (spec);
  toggle = gtk_toggle_button_new_with_label (label);
  gtk_widget_set_tooltip_text (toggle, builtin ? label : spec);
  g_object_set_data_full (G_OBJECT (toggle), "acy-spec", g_strdup (spec), g_free);
  g_signal_connect_object (toggle, "toggled", G_CALLBACK (model_toggled), self, G_CONNECT_SWAPPED);
  gtk_box_append (self->models_box, toggle);
  return toggle;
}

char **
acy_compare_window_get_models (AcyCompareWindow *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) active = g_ptr_array_new ();

  g_return_val_if_fail (ACY_IS_COMPARE_WINDOW (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->models_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child)))
      g_ptr_array_add (active, child);
  g_ptr_array_sort (active, by_serial);
  for (guint i = 0; i < active->len; i++)
    g_strv_builder_add (builder, g_object_get_data (active->pdata[i], "acy-spec"));
  return g_strv_builder_end (builder);
}

void
acy_compare_window_set_models (AcyCompareWindow *self, const char *const *specs)
{
  g_return_if_fail (ACY_IS_COMPARE_WINDOW (self));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->models_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), FALSE);
  for (guint i = 0; specs != NULL && specs[i] != NULL; i++)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (add_toggle (self, specs[i])), TRUE);
  update_actions (self);
}

static void
add_model_response (AcyCompareWindow *self, int response, GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (g_file_peek_path (file) != NULL)
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (add_toggle (self, g_file_peek_path (file))), TRUE);
    }
  g_object_unref (native);
}

static void
add_model_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  AcyCompareWindow *self = ACY_COMPARE_WINDOW (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Add Model"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Add"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (filter, _("Cat Models and herd Configurations"));
  gtk_file_filter_add_pattern (filter, "*.cat");
  gtk_file_filter_add_pattern (filter, "*.cfg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  g_signal_connect_object (native, "response", G_CALLBACK (add_model_response), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
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
      test = acy_test_load (file, macros[m], &error);
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
      g_autofree char *base = g_path_get_basename (file);
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
  update_actions (self);
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
      GtkWidget *toggle = find_toggle (self, specs[m]);
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
  name = g_path_get_basename (item->path);
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

/* ---- running -------------------------------------------------------------- */

static void
update_actions (AcyCompareWindow *self)
{
  g_auto(GStrv) specs = acy_compare_window_get_models (self);
  gboolean running = acy_compare_view_get_running (self->view) || self->batch_running;
  const char *page = adw_view_stack_get_visible_child_name (self->view_stack);
  gboolean can_run = g_strv_length (specs) >= 1
                     && (g_strcmp0 (page, "folder") != 0 || self->folder != NULL)
                     && (g_strcmp0 (page, "folder") == 0 || self->test_text != NULL);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.run", can_run);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.stop", running);
  gtk_widget_set_visible (self->stop_button, running);
}

static void
on_running_changed (AcyCompareWindow *self)
{
  update_actions (self);
}

static void
on_page_changed (AcyCompareWindow *self)
{
  update_actions (self);
}

void
acy_compare_window_run (AcyCompareWindow *self)
{
  g_auto(GStrv) specs = NULL;

  g_return_if_fail (ACY_IS_COMPARE_WINDOW (self));

  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "folder") == 0)
    {
      acy_compare_window_run_folder (self, NULL);
      return;
    }
  specs = acy_compare_window_get_models (self);
  acy_compare_view_set_test (self->view, self->test_text, self->test_name);
  acy_compare_view_set_models (self->view, (const char *const *) specs);
  acy_compare_view_run (self->view);
}

static void
run_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  acy_compare_window_run (ACY_COMPARE_WINDOW (widget));
}

static void
stop_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  AcyCompareWindow *self = ACY_COMPARE_WINDOW (widget);

  acy_compare_view_cancel (self->view);
  g_cancellable_cancel (self->batch_cancellable);
}

/* ---- the rest ------------------------------------------------------------- */

/* The model to set beside @spec by default: the article's pairs. */
static const char *
partner_of (const char *spec)
{
  const char *builtin = spec ? builtin_spec (spec) : NULL;

  if (builtin == NULL)
    return "sc";
  if (g_str_equal (builtin, "sc"))
    return "tso";
  if (g_str_equal (builtin, "tso"))
    return "sc";
  if (g_str_equal (builtin, "toy-rmo"))
    return "coherent-rmo";
  return "toy-rmo";
}

AcyCompareWindow *
acy_compare_window_new (GtkWindow  *parent,
                        const char *test_text,
                        const char *test_name,
                        const char *model)
{
  AcyCompareWindow *self = g_object_new (ACY_TYPE_COMPARE_WINDOW,
                                         "transient-for", parent,
                                         NULL);
  const char *specs[3] = { model ? model : "sc", partner_of (model), NULL };

  self->test_text = g_strdup (test_text);
  self->test_name = g_strdup (test_name);
  adw_view_switcher_title_set_subtitle (self->switcher_title, test_name);
  acy_compare_window_set_models (self, specs);
  return self;
}

AcyCompareView *
acy_compare_window_get_view (AcyCompareWindow *self)
{
  g_return_val_if_fail (ACY_IS_COMPARE_WINDOW (self), NULL);
  return self->view;
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

static void
acy_compare_window_dispose (GObject *object)
{
  AcyCompareWindow *self = ACY_COMPARE_WINDOW (object);

  g_cancellable_cancel (self->batch_cancellable);
  self->batch_generation++;
  gtk_widget_dispose_template (GTK_WIDGET (self), ACY_TYPE_COMPARE_WINDOW);
  G_OBJECT_CLASS (acy_compare_window_parent_class)->dispose (object);
}

static void
acy_compare_window_finalize (GObject *object)
{
  AcyCompareWindow *self = ACY_COMPARE_WINDOW (object);

  g_clear_object (&self->batch_cancellable);
  g_clear_object (&self->batch_items);
  g_clear_object (&self->batch_sorted);
  g_free (self->test_text);
  g_free (self->test_name);
  g_free (self->folder);
  G_OBJECT_CLASS (acy_compare_window_parent_class)->finalize (object);
}

static void
acy_compare_window_class_init (AcyCompareWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_compare_window_dispose;
  object_class->finalize = acy_compare_window_finalize;

  g_type_ensure (ACY_TYPE_COMPARE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-compare-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, view);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, models_box);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, compare_button);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, stop_button);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, folder_label);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, batch_summary);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, batch_progress);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, batch_stack);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, batch_view);
  gtk_widget_class_bind_template_callback (widget_class, on_running_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_page_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_batch_activate);

  gtk_widget_class_install_action (widget_class, "compare.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "compare.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "compare.add-model", NULL, add_model_action);
  gtk_widget_class_install_action (widget_class, "compare.choose-folder", NULL, choose_folder_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "compare.run", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "compare.stop", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
acy_compare_window_init (AcyCompareWindow *self)
{
  g_autoptr(GtkSingleSelection) selection = NULL;
  GtkCustomSorter *sorter;

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < G_N_ELEMENTS (builtin_models); i++)
    add_toggle (self, builtin_models[i].spec);

  self->batch_items = g_list_store_new (ACY_TYPE_COMPARE_BATCH_ITEM);
  sorter = gtk_custom_sorter_new (batch_order, NULL, NULL);
  self->batch_sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->batch_items)),
                                                GTK_SORTER (sorter));
  selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->batch_sorted)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_column_view_set_model (self->batch_view, GTK_SELECTION_MODEL (selection));
  update_actions (self);
}
