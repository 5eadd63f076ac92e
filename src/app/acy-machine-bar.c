/* acy-machine-bar.c - the test run on this machine's CPU: progress, then what it saw
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Above the outcome table: while the harness runs, its runs done and a
 * Cancel; then a sentence on what this machine saw, and, loudly, the
 * final states the model forbids that the CPU showed.
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>

#include "acy-accessible.h"
#include "acy-machine-bar.h"

struct _AcyMachineBar
{
  GtkWidget       parent_instance;

  GtkRevealer    *revealer;
  GtkWidget      *running_box;
  GtkSpinner     *spinner;
  GtkProgressBar *progress_bar;
  GtkLabel       *progress_label;
  GtkWidget      *summary_box;
  GtkImage       *summary_icon;
  GtkLabel       *summary_label;
  GtkWidget      *alarm_box;
  GtkLabel       *alarm_label;

  guint64         iterations;
};

G_DEFINE_FINAL_TYPE (AcyMachineBar, acy_machine_bar, GTK_TYPE_WIDGET)

static void
show (AcyMachineBar *self,
      gboolean       running,
      gboolean       summary,
      gboolean       alarm)
{
  gtk_widget_set_visible (self->running_box, running);
  gtk_spinner_set_spinning (self->spinner, running);
  gtk_widget_set_visible (self->summary_box, summary);
  gtk_widget_set_visible (self->alarm_box, alarm);
  gtk_revealer_set_reveal_child (self->revealer, running || summary || alarm);
}

void
acy_machine_bar_clear (AcyMachineBar *self)
{
  g_return_if_fail (ACY_IS_MACHINE_BAR (self));

  show (self, FALSE, FALSE, FALSE);
}

void
acy_machine_bar_show_running (AcyMachineBar *self,
                              guint64        iterations)
{
  g_return_if_fail (ACY_IS_MACHINE_BAR (self));

  self->iterations = iterations;
  gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
  gtk_label_set_text (self->progress_label, "");
  show (self, TRUE, FALSE, FALSE);
}

void
acy_machine_bar_set_progress (AcyMachineBar *self,
                              guint64        done,
                              guint64        total)
{
  g_autofree char *of = NULL, *all = NULL, *text = NULL;

  g_return_if_fail (ACY_IS_MACHINE_BAR (self));

  if (total == 0)
    return;
  gtk_progress_bar_set_fraction (self->progress_bar, (double) done / (double) total);
  of = g_strdup_printf ("%'" G_GUINT64_FORMAT, self->iterations / total * done);
  all = g_strdup_printf ("%'" G_GUINT64_FORMAT, self->iterations);
  /* Translators: progress of a run on this machine: iterations done, of all */
  text = g_strdup_printf (_("%s of %s runs"), of, all);
  gtk_label_set_text (self->progress_label, text);
}

void
acy_machine_bar_show_result (AcyMachineBar *self,
                             const char    *summary,
                             const char    *alarm)
{
  g_return_if_fail (ACY_IS_MACHINE_BAR (self));

  gtk_label_set_text (self->summary_label, summary);
  gtk_widget_remove_css_class (GTK_WIDGET (self->summary_label), "error");
  gtk_image_set_from_icon_name (self->summary_icon, "computer-symbolic");
  gtk_label_set_text (self->alarm_label, alarm ? alarm : "");
  show (self, FALSE, TRUE, alarm != NULL);
  acy_accessible_announce (GTK_WIDGET (self), alarm ? alarm : summary);
}

void
acy_machine_bar_show_failure (AcyMachineBar *self,
                              const char    *message)
{
  g_return_if_fail (ACY_IS_MACHINE_BAR (self));

  gtk_label_set_text (self->summary_label, message);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "error");
  gtk_image_set_from_icon_name (self->summary_icon, "dialog-error-symbolic");
  show (self, FALSE, TRUE, FALSE);
  acy_accessible_announce (GTK_WIDGET (self), message);
}

gboolean
acy_machine_bar_get_running (AcyMachineBar *self)
{
  g_return_val_if_fail (ACY_IS_MACHINE_BAR (self), FALSE);

  return gtk_revealer_get_reveal_child (self->revealer) && gtk_widget_get_visible (self->running_box);
}

const char *
acy_machine_bar_get_summary (AcyMachineBar *self)
{
  g_return_val_if_fail (ACY_IS_MACHINE_BAR (self), NULL);

  return gtk_widget_get_visible (self->summary_box) ? gtk_label_get_text (self->summary_label) : NULL;
}

const char *
acy_machine_bar_get_alarm (AcyMachineBar *self)
{
  g_return_val_if_fail (ACY_IS_MACHINE_BAR (self), NULL);

  return gtk_widget_get_visible (self->alarm_box) ? gtk_label_get_text (self->alarm_label) : NULL;
}

static void
acy_machine_bar_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ACY_TYPE_MACHINE_BAR);

  G_OBJECT_CLASS (acy_machine_bar_parent_class)->dispose (object);
}

static void
acy_machine_bar_class_init (AcyMachineBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_machine_bar_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-machine-bar.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "acymachinebar");
  gtk_widget_class_bind_template_child (widget_class, AcyMachineBar, revealer);
  gtk_widget_class_bind_template_child (widget_class, AcyMachineBar, running_box);
  gtk_widget_class_bind_template_child (widget_class, AcyMachineBar, spinner);
  gtk_widget_class_bind_template_child (widget_class, AcyMachineBar, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, AcyMachineBar, progress_label);
  gtk_widget_class_bind_template_child (widget_class, AcyMachineBar, summary_box);
  gtk_widget_class_bind_template_child (widget_class, AcyMachineBar, summary_icon);
  gtk_widget_class_bind_template_child (widget_class, AcyMachineBar, summary_label);
  gtk_widget_class_bind_template_child (widget_class, AcyMachineBar, alarm_box);
  gtk_widget_class_bind_template_child (widget_class, AcyMachineBar, alarm_label);
}

static void
acy_machine_bar_init (AcyMachineBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  show (self, FALSE, FALSE, FALSE);
}
