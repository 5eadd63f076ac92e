/* acy-execution-browser.c - step through the executions of a check
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Self-contained: give it a recorder (acy_execution_browser_set_run) and
 * connect ::event-activated. Every execution of a run is laid out on one
 * grid, so events keep their places while stepping.
 */
#define G_LOG_DOMAIN "acyclic-graph"
#include "config.h"

#include <glib/gi18n.h>

#include "acy-execution-browser.h"
#include "acy-graph-render.h"

/* Measuring every label of every execution would take long for large
 * runs; the grid is fitted to this many distinct event structures and
 * later labels, if wider, grow around their column's centre. */
#define GRID_SAMPLE 400

struct _AcyExecutionBrowser {
  GtkWidget        parent_instance;

  GtkWidget       *toolbar;
  GtkWidget       *header_label;
  GtkWidget       *filter_dropdown;
  GtkWidget       *relations_button;
  GtkWidget       *relations_box;
  GtkWidget       *export_button;
  GtkWidget       *note_label;
  GtkWidget       *scroller;
  AcyGraphView    *view;

  const AcyTest   *test;
  const AcyModel  *model;
  AcyRecorder     *recorder;
  AcyGraphGrid     grid;
  GArray          *list;          /* guint record indices passing the filter */
  guint            pos;
  AcyBrowseFilter  filter;
  guint            state_index;
  GPtrArray       *shown;         /* char*, NULL-terminated */
  char            *header;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (AcyExecutionBrowser, acy_execution_browser, GTK_TYPE_WIDGET)

enum {
  SIGNAL_EVENT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
update_actions (AcyExecutionBrowser *self)
{
  gboolean any = self->list->len > 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "browser.previous", any && self->pos > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "browser.next", any && self->pos + 1 < self->list->len);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "browser.export", any);
}

static void
set_header (AcyExecutionBrowser *self, const char *text)
{
  g_free (self->header);
  self->header = g_strdup (text);
  gtk_label_set_text (GTK_LABEL (self->header_label), text);
}

static void
show_current (AcyExecutionBrowser *self)
{
  g_autoptr(GError) error = NULL;
  AcyGraphScene *scene;
  const AcyRecord *r;
  g_autofree char *header = NULL;
  guint index;

  update_actions (self);
  if (self->recorder == NULL || self->list->len == 0)
    {
      acy_graph_view_set_scene (self->view, NULL, NULL);
      set_header (self, self->recorder ? _("No execution matches") : _("No executions"));
      return;
    }
  index = g_array_index (self->list, guint, self->pos);
  r = acy_recorder_get_record (self->recorder, index);
  scene = acy_graph_scene_new (self->recorder, index, self->model, &error);
  if (scene == NULL)
    {
      /* The model may have been edited since the run: still draw. */
      g_debug ("explaining execution %u: %s", index, error->message);
      scene = acy_graph_scene_new (self->recorder, index, NULL, NULL);
    }
  acy_graph_view_set_scene (self->view, scene, &self->grid);
  if (r->allowed)
    /* TRANSLATORS: "Execution 3 of 12 — allowed" */
    header = g_strdup_printf (_("Execution %u of %u — allowed"), self->pos + 1, self->list->len);
  else
    /* TRANSLATORS: "Execution 3 of 12 — forbidden by happens-before"; the last %s is the failing check */
    header = g_strdup_printf (_("Execution %u of %u — forbidden by %s"), self->pos + 1,
                              self->list->len, r->failed_check ? r->failed_check : "?");
  set_header (self, header);
}

static void
rebuild_list (AcyExecutionBrowser *self)
{
  g_array_set_size (self->list, 0);
  self->pos = 0;
  for (guint i = 0; self->recorder && i < acy_recorder_get_n_records (self->recorder); i++)
    {
      const AcyRecord *r = acy_recorder_get_record (self->recorder, i);
      gboolean keep = self->filter == ACY_BROWSE_ALL ||
                      (self->filter == ACY_BROWSE_ALLOWED && r->allowed) ||
                      (self->filter == ACY_BROWSE_STATE && r->allowed && r->state == (gint) self->state_index);
      if (keep)
        g_array_append_val (self->list, i);
    }
  show_current (self);
}

static void
on_relation_toggled (GtkCheckButton *button, AcyExecutionBrowser *self)
{
  const char *name = g_object_get_data (G_OBJECT (button), "relation");
  gboolean active = gtk_check_button_get_active (button);
  guint i;

  /* The list ends with NULL; drop it, edit, put it back. */
  g_ptr_array_remove_index (self->shown, self->shown->len - 1);
  for (i = 0; i < self->shown->len; i++)
    if (g_str_equal (self->shown->pdata[i], name))
      break;
  if (active && i == self->shown->len)
    g_ptr_array_add (self->shown, g_strdup (name));
  else if (!active && i < self->shown->len)
    g_ptr_array_remove_index (self->shown, i);
  g_ptr_array_add (self->shown, NULL);
  acy_graph_view_set_shown (self->view, (const char *const *) self->shown->pdata);
}

static void
rebuild_relations (AcyExecutionBrowser *self)
{
  GtkWidget *child;
  const char *const *names = NULL;
  g_autoptr(AcyGraphScene) scene = NULL;

  while ((child = gtk_widget_get_first_child (self->relations_box)))
    gtk_box_remove (GTK_BOX (self->relations_box), child);
  g_ptr_array_set_size (self->shown, 0);
  if (self->model)
    {
      const char *const *show = acy_model_get_shown_names (self->model);
      for (guint i = 0; show && show[i]; i++)
        g_ptr_array_add (self->shown, g_strdup (show[i]));
    }
  g_ptr_array_add (self->shown, NULL);
  acy_graph_view_set_shown (self->view, (const char *const *) self->shown->pdata);

  /* The relations a model defines do not depend on the execution. */
  if (self->recorder && self->model && acy_recorder_get_n_records (self->recorder) > 0)
    scene = acy_graph_scene_new (self->recorder, 0, self->model, NULL);
  if (scene)
    names = acy_graph_scene_get_relation_names (scene);
  for (guint i = 0; names && names[i]; i++)
    {
      GtkWidget *check = gtk_check_button_new_with_label (names[i]);
      gboolean on = FALSE;

      for (guint k = 0; k + 1 < self->shown->len; k++)
        on |= g_str_equal (self->shown->pdata[k], names[i]);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), on);
      g_object_set_data_full (G_OBJECT (check), "relation", g_strdup (names[i]), g_free);
      g_signal_connect_object (check, "toggled", G_CALLBACK (on_relation_toggled), self, 0);
      gtk_box_append (GTK_BOX (self->relations_box), check);
    }
  gtk_widget_set_sensitive (self->relations_button, names && names[0]);
}

/* ---- API ------------------------------------------------------------------ */

GtkWidget *
acy_execution_browser_new (void)
{
  return g_object_new (ACY_TYPE_EXECUTION_BROWSER, NULL);
}

void
acy_execution_browser_set_run (AcyExecutionBrowser *self,
                               const AcyTest       *test,
                               const AcyModel      *model,
                               AcyRecorder         *recorder)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  guint64 dropped;

  g_return_if_fail (ACY_IS_EXECUTION_BROWSER (self));

  self->test = test;
  self->model = model;
  self->recorder = recorder;
  self->grid = (AcyGraphGrid) { 0 };
  for (guint i = 0; recorder && i < acy_recorder_get_n_records (recorder); i++)
    {
      const AcyRecord *r = acy_recorder_get_record (recorder, i);
      if (g_hash_table_size (seen) >= GRID_SAMPLE || g_hash_table_contains (seen, r->x.events))
        continue;
      g_hash_table_add (seen, (gpointer) r->x.events);
      acy_graph_grid_add (&self->grid, &r->x);
    }
  dropped = recorder ? acy_recorder_get_n_dropped (recorder) : 0;
  if (dropped)
    {
      g_autofree char *note =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                      "%lu more execution was not kept (too many to keep).",
                                      "%lu more executions were not kept (too many to keep).",
                                      (gulong) dropped), (gulong) dropped);
      gtk_label_set_text (GTK_LABEL (self->note_label), note);
    }
  gtk_widget_set_visible (self->note_label, dropped > 0);
  rebuild_relations (self);
  rebuild_list (self);
}

void
acy_execution_browser_set_filter (AcyExecutionBrowser *self, AcyBrowseFilter filter)
{
  g_return_if_fail (ACY_IS_EXECUTION_BROWSER (self));

  self->filter = filter;
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (self->filter_dropdown)) != (guint) filter)
    gtk_drop_down_set_selected (GTK_DROP_DOWN (self->filter_dropdown), filter);
  rebuild_list (self);
}

void
acy_execution_browser_show_state (AcyExecutionBrowser *self, guint state_index)
{
  g_return_if_fail (ACY_IS_EXECUTION_BROWSER (self));

  self->state_index = state_index;
  acy_execution_browser_set_filter (self, ACY_BROWSE_STATE);
}

/* Step through every candidate, starting at record @record_index. */
void
acy_execution_browser_show_record (AcyExecutionBrowser *self, guint record_index)
{
  g_return_if_fail (ACY_IS_EXECUTION_BROWSER (self));

  acy_execution_browser_set_filter (self, ACY_BROWSE_ALL);
  /* With every record listed, the position is the record's index. */
  if (record_index < self->list->len && self->pos != record_index)
    {
      self->pos = record_index;
      show_current (self);
    }
}

gboolean
acy_execution_browser_next (AcyExecutionBrowser *self)
{
  if (self->pos + 1 >= self->list->len)
    return FALSE;
  self->pos++;
  show_current (self);
  return TRUE;
}

gboolean
acy_execution_browser_previous (AcyExecutionBrowser *self)
{
  if (self->pos == 0 || self->list->len == 0)
    return FALSE;
  self->pos--;
  show_current (self);
  return TRUE;
}

guint
acy_execution_browser_get_position (AcyExecutionBrowser *self)
{
  return self->pos;
}

guint
acy_execution_browser_get_n_shown (AcyExecutionBrowser *self)
{
  return self->list->len;
}

const AcyRecord *
acy_execution_browser_get_record (AcyExecutionBrowser *self)
{
  if (self->recorder == NULL || self->list->len == 0)
    return NULL;
  return acy_recorder_get_record (self->recorder, g_array_index (self->list, guint, self->pos));
}

const char *
acy_execution_browser_get_header (AcyExecutionBrowser *self)
{
  return self->header;
}

AcyGraphView *
acy_execution_browser_get_view (AcyExecutionBrowser *self)
{
  return self->view;
}

/* ---- actions and callbacks ------------------------------------------------ */

static void
on_event_activated (AcyExecutionBrowser *self, guint line, guint col)
{
  g_signal_emit (self, signals[SIGNAL_EVENT_ACTIVATED], 0, line, col);
}

static void
on_filter_changed (AcyExecutionBrowser *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->filter_dropdown));

  if (selected != GTK_INVALID_LIST_POSITION && selected != (guint) self->filter)
    {
      self->filter = (AcyBrowseFilter) selected;
      rebuild_list (self);
    }
}

static void
previous_action (GtkWidget *widget, const char *name, GVariant *param)
{
  acy_execution_browser_previous (ACY_EXECUTION_BROWSER (widget));
}

static void
next_action (GtkWidget *widget, const char *name, GVariant *param)
{
  acy_execution_browser_next (ACY_EXECUTION_BROWSER (widget));
}

/**
 * acy_execution_browser_set_fit:
 * @fit: whether the graph is zoomed to fit the view (the default)
 */
void
acy_execution_browser_set_fit (AcyExecutionBrowser *self,
                               gboolean             fit)
{
  g_return_if_fail (ACY_IS_EXECUTION_BROWSER (self));

  acy_graph_view_set_fit (self->view, fit);
}

gboolean
acy_execution_browser_get_fit (AcyExecutionBrowser *self)
{
  g_return_val_if_fail (ACY_IS_EXECUTION_BROWSER (self), FALSE);

  return acy_graph_view_get_fit (self->view);
}

static void
zoom_action (GtkWidget *widget, const char *name, GVariant *param)
{
  AcyExecutionBrowser *self = ACY_EXECUTION_BROWSER (widget);
  AcyGraphView *view = self->view;
  double z = acy_graph_view_get_zoom (view);

  if (g_str_equal (name, "browser.zoom-fit"))
    {
      acy_execution_browser_set_fit (self, TRUE);
      return;
    }
  acy_graph_view_set_zoom (view, g_str_equal (name, "browser.zoom-in") ? z * 1.25 : z / 1.25);
}

static void
on_export_response (GtkNativeDialog *dialog, int response, AcyExecutionBrowser *self)
{
  const AcyGraphLayout *layout = acy_graph_view_get_layout (self->view);
  AcyGraphFormat format = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "format"));

  if (response == GTK_RESPONSE_ACCEPT && layout)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (file);
      g_autoptr(GError) error = NULL;

      /* In the light palette whatever the style, as acyclic-check
       * draws it: exported graphs mostly end up on white pages. */
      if (path && !acy_graph_export (layout, format, path, &error))
        {
          gtk_label_set_text (GTK_LABEL (self->note_label), error->message);
          gtk_widget_set_visible (self->note_label, TRUE);
        }
    }
  g_clear_object (&self->chooser);
}

static void
export_action (GtkWidget *widget, const char *name, GVariant *param)
{
  AcyExecutionBrowser *self = ACY_EXECUTION_BROWSER (widget);
  const char *ext = g_variant_get_string (param, NULL);
  GtkRoot *root = gtk_widget_get_root (widget);
  AcyGraphFormat format;
  g_autofree char *suggested = NULL;

  if (!acy_graph_format_from_string (ext, &format))
    return;
  suggested = g_strdup_printf ("%s-%u.%s", self->test ? acy_test_get_name (self->test) : "execution",
                               self->pos + 1, ext);
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Export the Graph"),
                                               GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), suggested);
  g_object_set_data (G_OBJECT (self->chooser), "format", GINT_TO_POINTER (format));
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (on_export_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
acy_execution_browser_dispose (GObject *object)
{
  AcyExecutionBrowser *self = ACY_EXECUTION_BROWSER (object);

  g_clear_object (&self->chooser);
  gtk_widget_dispose_template (GTK_WIDGET (self), ACY_TYPE_EXECUTION_BROWSER);
  G_OBJECT_CLASS (acy_execution_browser_parent_class)->dispose (object);
}

static void
acy_execution_browser_finalize (GObject *object)
{
  AcyExecutionBrowser *self = ACY_EXECUTION_BROWSER (object);

  g_clear_pointer (&self->list, g_array_unref);
  g_clear_pointer (&self->shown, g_ptr_array_unref);
  g_free (self->header);
  G_OBJECT_CLASS (acy_execution_browser_parent_class)->finalize (object);
}

static void
acy_execution_browser_class_init (AcyExecutionBrowserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_execution_browser_dispose;
  object_class->finalize = acy_execution_browser_finalize;

  /**
   * AcyExecutionBrowser::event-activated:
   * @line: source line of the event (0 for initial writes)
   * @col: its column
   */
  signals[SIGNAL_EVENT_ACTIVATED] =
    g_signal_new ("event-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  g_type_ensure (ACY_TYPE_GRAPH_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/acyclic/Acyclic/acy-execution-browser.ui");
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, toolbar);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, header_label);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, filter_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, relations_button);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, relations_box);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, export_button);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, note_label);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, scroller);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, view);
  gtk_widget_class_bind_template_callback (widget_class, on_event_activated);

  gtk_widget_class_install_action (widget_class, "browser.previous", NULL, previous_action);
  gtk_widget_class_install_action (widget_class, "browser.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "browser.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "browser.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "browser.zoom-fit", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "browser.export", "s", export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "browser.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "browser.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "browser.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "browser.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "browser.zoom-fit", NULL);
}

static void
acy_execution_browser_init (AcyExecutionBrowser *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->list = g_array_new (FALSE, FALSE, sizeof (guint));
  self->shown = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->shown, NULL);
  g_signal_connect_object (self->filter_dropdown, "notify::selected",
                           G_CALLBACK (on_filter_changed), self, G_CONNECT_SWAPPED);
  update_actions (self);
  acy_execution_browser_set_fit (self, TRUE);
}
