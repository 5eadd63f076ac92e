/* acy-tab-stop.c - a container that is one Tab stop, however many
 * focusable children it has
 *
 * GTK 4.8's list and column views take one Tab stop per row: a big
 * outcome table would hold the keyboard for thousands of presses. Inside
 * an AcyTabStop, Tab and Shift+Tab enter the child once and leave it at
 * the next press; the arrow keys move within it as before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "acy-tab-stop.h"

struct _AcyTabStop
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (AcyTabStop, acy_tab_stop, GTK_TYPE_WIDGET)

static gboolean
acy_tab_stop_focus (GtkWidget        *widget,
                    GtkDirectionType  direction)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child == NULL)
    return FALSE;
  /* Focus inside already: Tab leaves. */
  if ((direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD)
      && gtk_widget_get_focus_child (widget) != NULL)
    return FALSE;
  return gtk_widget_child_focus (child, direction);
}

static void
acy_tab_stop_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (acy_tab_stop_parent_class)->dispose (object);
}

static void
acy_tab_stop_class_init (AcyTabStopClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_tab_stop_dispose;
  widget_class->focus = acy_tab_stop_focus;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
acy_tab_stop_init (AcyTabStop *self)
{
}
