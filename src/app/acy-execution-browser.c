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
#include <string.h>

#include "acy-accessible.h"
#include "acy-execution-browser.h"
#include "acy-graph-render.h"
#include "acy-relation-console.h"


struct _AcyExecutionBrowser {
  GtkWidget        parent_instance;

  GtkWidget       *toolbar;
  GtkWidget       *header_label;
  GtkWidget       *cycle_label;
  GtkWidget       *filter_dropdown;
  GtkWidget       *relations_button;
  AcyRelationConsole *console;
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
  char            *header;
  char            *cycle;       /* diy's edges, NULL when acyclic */
  gboolean         dropped_note;  /* the note says some executions were not kept */
  char            *dropped_text;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (AcyExecutionBrowser, acy_execution_browser, GTK_TYPE_WIDGET)

enum {
  SIGNAL_EVENT_ACTIVATED,
  SIGNAL_LOCATION_ACTIVATED,
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

/* What the console draws that the model does not define (po-loc, typed
 * expressions) is evaluated on this execution; where the model stopped
 * before a name they use, they cannot be, and the note says so. */
static void
add_expressions (AcyExecutionBrowser *self, AcyGraphScene *scene)
{
  const char *const *shown = acy_relation_console_get_shown (self->console);
  const char *const *names = acy_graph_scene_get_relation_names (scene);
  g_autoptr(GPtrArray) texts = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) note = g_string_new (NULL);
  char **errors;

  for (guint i = 0; shown && shown[i]; i++)
    if (!g_strv_contains (names, shown[i]))
      g_ptr_array_add (texts, (gpointer) shown[i]);
  g_ptr_array_add (texts, NULL);
  errors = g_new0 (char *, texts->len);
  if (!acy_graph_scene_add_expressions (scene, (const char *const *) texts->pdata, errors, &error))
    g_string_append (note, error->message);
  for (guint i = 0; i + 1 < texts->len; i++)
    if (errors[i])
      {
        if (note->len)
          g_string_append_c (note, '\n');
        const char *text = texts->pdata[i];

        if (strpbrk (text, " ;|&\\()[]*+?~^") == NULL)
          /* TRANSLATORS: a relation of the model, not drawn on a forbidden execution */
          g_string_append_printf (note, _("“%s” is not drawn on this execution: the model stopped at its failing check before defining it"),
                                  text);
        else
          /* TRANSLATORS: an expression of the relation console, and why it is not drawn */
          g_string_append_printf (note, _("“%s” is not drawn on this execution: %s"), text, errors[i]);
        g_free (errors[i]);
      }
  g_free (errors);
  if (note->len)
    gtk_label_set_text (GTK_LABEL (self->note_label), note->str);
  else if (self->dropped_note)
    gtk_label_set_text (GTK_LABEL (self->note_label), self->dropped_text);
  gtk_widget_set_visible (self->note_label, note->len > 0 || self->dropped_note);
}

/* The execution's cycle in diy's words, for a learner to name what the
 * graph shows (and type it into New Test from a Cycle). */
static void
show_cycle (AcyExecutionBrowser *self, const AcyRecord *r)
{
  g_autofree char *cycle = r ? acy_diy_execution_cycle (&r->x, r->co, r->fr) : NULL;
  g_autofree char *text = NULL;

  g_free (self->cycle);
  self->cycle = g_strdup (cycle);
  if (r == NULL)
    text = g_strdup ("");
  else if (cycle != NULL)
    /* TRANSLATORS: %s is a cycle of diy's edges, e.g. "PodWR Fre PodWR Fre" */
    text = g_strdup_printf (_("This cycle as diy edges: %s"), cycle);
  else
    text = g_strdup (_("No cycle of program order and communications: this execution is sequentially consistent"));
  gtk_label_set_text (GTK_LABEL (self->cycle_label), text);
  gtk_widget_set_visible (self->cycle_label, r != NULL);
}

typedef struct {
  const char *text;
  GError     *error;
} TypeCheck;

static void
on_type_check (const AcyExecution *x, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  TypeCheck *c = data;
  g_autoptr(GError) error = NULL;
  const AcyWord *bits = NULL;

  if (acy_model_env_eval (env, c->text, &bits, &error) != ACY_MODEL_VALUE_OTHER)
    return;
  if (error == NULL)
    c->error = g_error_new (ACY_ERROR, ACY_ERROR_TYPE,
                            ACY_EXPRESSION_FILE ":1:1: not a set of events or a relation near '%s'",
                            c->text);
  else if (g_error_matches (error, ACY_ERROR, ACY_ERROR_TYPE))
    c->error = g_steal_pointer (&error);
}

/* The console's check of a new expression: evaluated on the shown
 * execution, a type error ("po & W") is refused in the field, where it
 * was listed and then never drawn. A name the model had not yet bound
 * where it stopped is no reason: another execution may draw it. */
static gboolean
check_expression (const char *text, GError **error, gpointer data)
{
  AcyExecutionBrowser *self = data;
  TypeCheck c = { text, NULL };

  if (self->recorder == NULL || self->model == NULL || self->list->len == 0
      || !acy_recorder_explain (self->recorder, self->model,
                                g_array_index (self->list, guint, self->pos),
                                on_type_check, &c, NULL))
    return TRUE;
  if (c.error == NULL)
    return TRUE;
  g_propagate_error (error, c.error);
  return FALSE;
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
      if (self->recorder && self->filter == ACY_BROWSE_STATE &&
          acy_recorder_get_n_allowed_dropped (self->recorder) > 0)
        {
          /* The state's count says it was reached: say why it has
           * nothing to show rather than that nothing matches. */
          guint kept = acy_recorder_get_n_records (self->recorder);
          g_autofree char *text =
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "This state’s executions were not kept: only the first %u execution of the run is kept, to save memory",
                                          "This state’s executions were not kept: only the first %u executions of the run are kept, to save memory",
                                          kept), kept);
          set_header (self, text);
        }
      else
        set_header (self, self->recorder ? _("No execution matches") : _("No executions"));
      show_cycle (self, NULL);
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
  else
    add_expressions (self, scene);
  acy_graph_view_set_shown (self->view, acy_relation_console_get_shown (self->console));
  acy_graph_view_set_hidden (self->view, acy_relation_console_get_hidden (self->console));
  acy_graph_view_set_scene (self->view, scene, &self->grid);
  if (r->allowed)
    /* TRANSLATORS: "Execution 3 of 12 — allowed" */
    header = g_strdup_printf (_("Execution %u of %u — allowed"), self->pos + 1, self->list->len);
  else
    /* TRANSLATORS: "Execution 3 of 12 — forbidden by happens-before"; the last %s is the failing check */
    header = g_strdup_printf (_("Execution %u of %u — forbidden by %s"), self->pos + 1,
                              self->list->len, r->failed_check ? r->failed_check : "?");
  set_header (self, header);
  show_cycle (self, r);
}

static void
rebuild_list (AcyExecutionBrowser *self)
{
  g_array_set_size (self->list, 0);
  self->pos = 0;
  for (guint i = 0; self->recorder && i < acy_recorder_get_n_records (self->recorder); i++)
    {
      const AcyRecord *r = acy_recorder_peek_record (self->recorder, i);
      gboolean keep = self->filter == ACY_BROWSE_ALL ||
                      (self->filter == ACY_BROWSE_ALLOWED && r->allowed) ||
                      (self->filter == ACY_BROWSE_STATE && r->allowed && r->state == (gint) self->state_index);
      if (keep)
        g_array_append_val (self->list, i);
    }
  show_current (self);
}

static void
on_console_changed (AcyExecutionBrowser *self)
{
  /* Expressions are evaluated per execution: the scene is made again. */
  show_current (self);
}

static void
rebuild_relations (AcyExecutionBrowser *self)
{
  const char *const *names = NULL;
  g_autoptr(AcyGraphScene) scene = NULL;

  /* The relations a model defines do not depend on the execution. */
  if (self->recorder && self->model && acy_recorder_get_n_records (self->recorder) > 0)
    scene = acy_graph_scene_new (self->recorder, 0, self->model, NULL);
  if (scene)
    names = acy_graph_scene_get_relation_names (scene);
  acy_relation_console_set_model (self->console, scene ? self->model : NULL, names,
                                  self->model ? acy_model_get_shown_names (self->model) : NULL);
  /* Without a model the base relations can still be hidden. */
  gtk_widget_set_sensitive (self->relations_button, self->recorder != NULL);
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
  acy_execution_browser_set_run_with_grid (self, test, model, recorder, NULL);
}

void
acy_execution_browser_set_run_with_grid (AcyExecutionBrowser *self,
                                         const AcyTest       *test,
                                         const AcyModel      *model,
                                         AcyRecorder         *recorder,
                                         const AcyGraphGrid  *grid)
{
  guint64 dropped;

  g_return_if_fail (ACY_IS_EXECUTION_BROWSER (self));

  self->test = test;
  self->model = model;
  self->recorder = recorder;
  self->grid = (AcyGraphGrid) { 0 };
  /* Each costs a Pango layout per event: 400 execution structures of an
   * 18-thread test took a third of a second on the main thread. */
  if (grid != NULL)
    self->grid = *grid;
  else if (recorder != NULL)
    acy_graph_grid_add_run (&self->grid, recorder, ACY_EXECUTION_BROWSER_GRID_SAMPLE);
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
  self->dropped_note = dropped > 0;
  g_clear_pointer (&self->dropped_text, g_free);
  if (dropped)
    self->dropped_text = g_strdup (gtk_label_get_text (GTK_LABEL (self->note_label)));
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
acy_execution_browser_get_cycle (AcyExecutionBrowser *self)
{
  g_return_val_if_fail (ACY_IS_EXECUTION_BROWSER (self), NULL);
  return self->cycle;
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

GtkWidget *
acy_execution_browser_get_console (AcyExecutionBrowser *self)
{
  return GTK_WIDGET (self->console);
}

const char *
acy_execution_browser_get_note (AcyExecutionBrowser *self)
{
  if (!gtk_widget_get_visible (self->note_label))
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->note_label));
}

/* ---- actions and callbacks ------------------------------------------------ */

static void
on_event_activated (AcyExecutionBrowser *self, guint line, guint col)
{
  g_signal_emit (self, signals[SIGNAL_EVENT_ACTIVATED], 0, line, col);
}

static void
on_location_activated (AcyExecutionBrowser *self, const char *file, guint line, guint col)
{
  g_signal_emit (self, signals[SIGNAL_LOCATION_ACTIVATED], 0, file, line, col);
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

  if (g_str_equal (name, "browser.zoom-fit"))
    acy_execution_browser_set_fit (self, TRUE);
  else
    acy_graph_view_zoom_step (self->view, g_str_equal (name, "browser.zoom-in") ? 1 : -1);
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
  g_free (self->header);
  g_free (self->cycle);
  g_free (self->dropped_text);
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

  /**
   * AcyExecutionBrowser::location-activated:
   * @file: a model file, @line and @col where a relation is defined
   */
  signals[SIGNAL_LOCATION_ACTIVATED] =
    g_signal_new ("location-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT);

  g_type_ensure (ACY_TYPE_GRAPH_VIEW);
  g_type_ensure (ACY_TYPE_RELATION_CONSOLE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/acyclic/Acyclic/acy-execution-browser.ui");
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, toolbar);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, header_label);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, cycle_label);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, filter_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, relations_button);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, console);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, export_button);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, note_label);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, scroller);
  gtk_widget_class_bind_template_child (widget_class, AcyExecutionBrowser, view);
  gtk_widget_class_bind_template_callback (widget_class, on_event_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_location_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_console_changed);

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
  acy_accessible_name_drop_down (GTK_DROP_DOWN (self->filter_dropdown), _("Executions to Show"));
  self->list = g_array_new (FALSE, FALSE, sizeof (guint));
  acy_relation_console_set_check (self->console, check_expression, self);
  g_signal_connect_object (self->filter_dropdown, "notify::selected",
                           G_CALLBACK (on_filter_changed), self, G_CONNECT_SWAPPED);
  update_actions (self);
  acy_execution_browser_set_fit (self, TRUE);
}
