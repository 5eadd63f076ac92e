/* acy-cycle-window.c - New Test from a Cycle: a cycle of edges typed, checked
 * as it is typed, its execution drawn, the test diy writes for it opened
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The cycle is parsed on every change (quick, on the main thread): an
 * edge diy does not know or directions that do not meet are shown at
 * once, the word underlined. Once it parses, a worker writes the test and
 * checks it with every candidate allowed, to draw the execution that
 * reaches its final state: the cycle, before the test is written.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "acyclic.h"
#include "acy-cycle-window.h"
#include "acy-graph-view.h"
#include "acy-window.h"

#define SKETCH_DELAY_MS 150

struct _AcyCycleWindow
{
  AdwWindow       parent_instance;

  GtkEntry       *entry;
  GtkCheckButton *one_loc_check;
  GtkBox         *examples_box;
  GtkLabel       *status_label;
  AcyGraphView   *graph;
  GtkTextView    *text_view;
  GtkWidget      *create_button;

  guint           sketch_id;
  guint           generation;
  GCancellable   *cancellable;
  AcyDiySketch   *sketch;       /* the one drawn */
};

G_DEFINE_FINAL_TYPE (AcyCycleWindow, acy_cycle_window, ADW_TYPE_WINDOW)

static const struct {
  const char *name;
  const char *cycle;
  gboolean    one_loc;
} examples[] = {
  { "SB", "PodWR Fre PodWR Fre" },
  { "MP", "PodWW Rfe PodRR Fre" },
  { "LB", "PodRW Rfe PodRW Rfe" },
  { "MP+po+addr", "PodWW Rfe DpAddrdR Fre" },
  { "IRIW", "Rfe PodRR Fre Rfe PodRR Fre" },
  { "2+2W", "PodWW Coe PodWW Coe" },
  { "CoRR", "Rfe PosRR Fre", TRUE },
};

/* ---- the worker ----------------------------------------------------------- */

typedef struct {
  char    *text;
  gboolean one_loc;
  guint    generation;
} Job;

static void
job_free (Job *job)
{
  g_free (job->text);
  g_free (job);
}

static void
sketch_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  GError *error = NULL;
  g_autoptr(AcyDiyCycle) cycle = acy_diy_cycle_parse (ACY_DIY_ARCH_C, job->text, "<cycle>", &error);
  AcyDiyOptions o = { ACY_DIY_ARCH_C, NULL, job->one_loc, NULL };
  AcyDiySketch *sketch = cycle ? acy_diy_cycle_sketch (cycle, &o, NULL, cancellable, &error) : NULL;

  if (sketch == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, sketch, (GDestroyNotify) acy_diy_sketch_free);
}

/* ---- showing --------------------------------------------------------------- */

/* "<cycle>:1:7: message near 'Frx'": the message without the file, and
 * the bytes of the word to underline. */
static char *
split_error (const char *message, guint *start, guint *end)
{
  const char *p = g_str_has_prefix (message, "<cycle>:") ? message + strlen ("<cycle>:") : message;
  const char *near = g_strrstr (p, " near '");
  guint line = 0, col = 0;

  *start = *end = 0;
  if (sscanf (p, "%u:%u:", &line, &col) == 2 && col > 0)
    {
      *start = col - 1;
      if (near != NULL)
        *end = *start + strlen (near + strlen (" near '")) - 1;
      p = strchr (strchr (p, ':') + 1, ':') + 1;
      while (*p == ' ')
        p++;
    }
  /* TRANSLATORS: the place of an error in the cycle typed, then what is wrong */
  return col > 0 ? g_strdup_printf (_("Column %u: %.*s"), col, near ? (int) (near - p) : (int) strlen (p), p)
                 : g_strdup (p);
}

static void
show_error (AcyCycleWindow *self, const char *message)
{
  guint start, end;
  g_autofree char *text = split_error (message, &start, &end);
  PangoAttrList *attrs = pango_attr_list_new ();

  if (end > start)
    {
      PangoAttribute *u = pango_attr_underline_new (PANGO_UNDERLINE_ERROR);

      u->start_index = start;
      u->end_index = end;
      pango_attr_list_insert (attrs, u);
    }
  gtk_entry_set_attributes (self->entry, attrs);
  pango_attr_list_unref (attrs);
  gtk_label_set_text (self->status_label, text);
  gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
  gtk_widget_set_sensitive (GTK_WIDGET (self->graph), FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "cycle.create", FALSE);
}

static void
sketch_done (GObject *source, GAsyncResult *result, gpointer data)
{
  AcyCycleWindow *self = ACY_CYCLE_WINDOW (source);
  guint generation = GPOINTER_TO_UINT (data);
  g_autoptr(GError) error = NULL;
  AcyDiySketch *sketch = g_task_propagate_pointer (G_TASK (result), &error);
  AcyGraphScene *scene;
  g_autofree char *status = NULL;

  if (generation != self->generation)
    {
      acy_diy_sketch_free (sketch);
      return;
    }
  if (sketch == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
          && !g_error_matches (error, ACY_ERROR, ACY_ERROR_CANCELLED))
        show_error (self, error->message);
      return;
    }
  scene = acy_graph_scene_new (sketch->recorder, sketch->record, NULL, &error);
  if (scene == NULL)
    {
      acy_diy_sketch_free (sketch);
      show_error (self, error->message);
      return;
    }
  /* the scene reads the sketch's recorder: drop the old one after */
  acy_graph_view_set_scene (self->graph, scene, NULL);
  g_clear_pointer (&self->sketch, acy_diy_sketch_free);
  self->sketch = sketch;
  gtk_widget_set_sensitive (GTK_WIDGET (self->graph), TRUE);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text_view), sketch->text, -1);
  /* TRANSLATORS: %s is the test's name (SB, MP+po+addr...) */
  status = g_strdup_printf (_("%s: the graph is the execution the cycle describes; the test asks whether its final state can be reached."),
                            sketch->name);
  gtk_label_set_text (self->status_label, status);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "cycle.create", TRUE);
}

static gboolean
start_sketch (gpointer data)
{
  AcyCycleWindow *self = ACY_CYCLE_WINDOW (data);
  g_autoptr(GTask) task = NULL;
  Job *job = g_new0 (Job, 1);

  self->sketch_id = 0;
  job->text = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry)));
  job->one_loc = gtk_check_button_get_active (self->one_loc_check);
  job->generation = self->generation;
  task = g_task_new (self, self->cancellable, sketch_done, GUINT_TO_POINTER (self->generation));
  g_task_set_source_tag (task, start_sketch);
  g_task_set_name (task, "[acyclic] cycle sketch");
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  g_task_run_in_thread (task, sketch_thread);
  return G_SOURCE_REMOVE;
}

static void
on_entry_changed (AcyCycleWindow *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyDiyCycle) cycle = NULL;

  self->generation++;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  g_clear_handle_id (&self->sketch_id, g_source_remove);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "cycle.create", FALSE);
  if (*text == '\0')
    {
      gtk_entry_set_attributes (self->entry, NULL);
      gtk_label_set_text (self->status_label, "");
      gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
      return;
    }
  cycle = acy_diy_cycle_parse (ACY_DIY_ARCH_C, text, "<cycle>", &error);
  if (cycle == NULL)
    {
      show_error (self, error->message);
      return;
    }
  gtk_entry_set_attributes (self->entry, NULL);
  gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
  gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
  gtk_label_set_text (self->status_label, _("Writing the test…"));
  self->sketch_id = g_timeout_add (SKETCH_DELAY_MS, start_sketch, self);
}

static void
create_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  AcyCycleWindow *self = ACY_CYCLE_WINDOW (widget);
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  g_autofree char *title = NULL;
  AcyDocument *document;

  if (self->sketch == NULL || !ACY_IS_WINDOW (parent))
    return;
  title = g_strconcat (self->sketch->name, ".litmus", NULL);
  document = acy_window_new_document (ACY_WINDOW (parent), ACY_DOCUMENT_LITMUS);
  acy_document_set_text (document, self->sketch->text, -1, title, TRUE);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
on_entry_activate (AcyCycleWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "cycle.create", NULL);
}

static void
on_example_clicked (GtkButton *button, AcyCycleWindow *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "acy-example"));

  gtk_check_button_set_active (self->one_loc_check, examples[i].one_loc);
  gtk_editable_set_text (GTK_EDITABLE (self->entry), examples[i].cycle);
}

/* ---- the object ----------------------------------------------------------- */

AcyCycleWindow *
acy_cycle_window_new (GtkWindow *parent, const char *cycle)
{
  AcyCycleWindow *self = g_object_new (ACY_TYPE_CYCLE_WINDOW, "transient-for", parent, NULL);

  if (cycle != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->entry), cycle);
  return self;
}

void
acy_cycle_window_set_cycle (AcyCycleWindow *self, const char *cycle, gboolean one_loc)
{
  g_return_if_fail (ACY_IS_CYCLE_WINDOW (self));

  gtk_check_button_set_active (self->one_loc_check, one_loc);
  gtk_editable_set_text (GTK_EDITABLE (self->entry), cycle);
}

const char *
acy_cycle_window_get_status (AcyCycleWindow *self)
{
  return gtk_label_get_text (self->status_label);
}

const char *
acy_cycle_window_get_test_name (AcyCycleWindow *self)
{
  return self->sketch ? self->sketch->name : NULL;
}

static void
acy_cycle_window_dispose (GObject *object)
{
  AcyCycleWindow *self = ACY_CYCLE_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->sketch_id, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), ACY_TYPE_CYCLE_WINDOW);
  G_OBJECT_CLASS (acy_cycle_window_parent_class)->dispose (object);
}

static void
acy_cycle_window_finalize (GObject *object)
{
  AcyCycleWindow *self = ACY_CYCLE_WINDOW (object);

  g_clear_object (&self->cancellable);
  /* after the graph view, which read it, went with the template */
  g_clear_pointer (&self->sketch, acy_diy_sketch_free);
  G_OBJECT_CLASS (acy_cycle_window_parent_class)->finalize (object);
}

static void
acy_cycle_window_class_init (AcyCycleWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_cycle_window_dispose;
  object_class->finalize = acy_cycle_window_finalize;
  g_type_ensure (ACY_TYPE_GRAPH_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-cycle-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AcyCycleWindow, entry);
  gtk_widget_class_bind_template_child (widget_class, AcyCycleWindow, one_loc_check);
  gtk_widget_class_bind_template_child (widget_class, AcyCycleWindow, examples_box);
  gtk_widget_class_bind_template_child (widget_class, AcyCycleWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, AcyCycleWindow, graph);
  gtk_widget_class_bind_template_child (widget_class, AcyCycleWindow, text_view);
  gtk_widget_class_bind_template_child (widget_class, AcyCycleWindow, create_button);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activate);
  gtk_widget_class_install_action (widget_class, "cycle.create", NULL, create_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "cycle.create", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
acy_cycle_window_init (AcyCycleWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      GtkWidget *b = gtk_button_new_with_label (examples[i].name);

      gtk_widget_add_css_class (b, "flat");
      gtk_widget_set_tooltip_text (b, examples[i].cycle);
      g_object_set_data (G_OBJECT (b), "acy-example", GUINT_TO_POINTER (i));
      g_signal_connect (b, "clicked", G_CALLBACK (on_example_clicked), self);
      gtk_box_append (self->examples_box, b);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "cycle.create", FALSE);
  acy_graph_view_set_fit (self->graph, TRUE);
}
