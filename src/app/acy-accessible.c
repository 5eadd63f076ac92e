/* acy-accessible.c - what the windows tell assistive technologies
 *
 * GTK 4.8 names an element by its label property followed by the labels
 * of the widgets it is labelled by, and falls back to its type name
 * ("GtkImage", "GtkMenuButton"). Most names are set in the .ui files;
 * these helpers cover what a .ui file cannot reach: widgets GTK and
 * libadwaita build inside their own (a drop-down's button, a tab's close
 * button), mnemonics, and announcing the end of a run.
 *
 * tests/test-accessibility.c computes the names as GTK does and fails on
 * an interactive element with none.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "acy-accessible.h"

static void
drop_raw_label (GtkButton  *button,
                GParamSpec *pspec,
                gpointer    user_data)
{
  if (gtk_button_get_use_underline (button) && gtk_button_get_label (button) != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

/**
 * acy_accessible_fix_mnemonics:
 * @root: a widget
 *
 * A button made with a mnemonic label ("_Open") gets both its raw label,
 * underscore included, as its label property and its mnemonic label as
 * "labelled by", and reads "_Open Open". This drops the label property of
 * every such button under @root, leaving the mnemonic label's "Open",
 * now and whenever the button's label changes.
 */
void
acy_accessible_fix_mnemonics (GtkWidget *root)
{
  if (GTK_IS_BUTTON (root)
      && gtk_button_get_use_underline (GTK_BUTTON (root))
      && gtk_button_get_label (GTK_BUTTON (root)) != NULL)
    {
      drop_raw_label (GTK_BUTTON (root), NULL, NULL);
      if (g_object_get_data (G_OBJECT (root), "acy-mnemonic-fixed") == NULL)
        {
          g_object_set_data (G_OBJECT (root), "acy-mnemonic-fixed", GINT_TO_POINTER (TRUE));
          g_signal_connect (root, "notify::label", G_CALLBACK (drop_raw_label), NULL);
        }
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    acy_accessible_fix_mnemonics (child);
}

static void
drop_down_selected_cb (GtkDropDown *drop_down,
                       GParamSpec  *pspec,
                       const char  *name)
{
  gpointer item = gtk_drop_down_get_selected_item (drop_down);
  g_autofree char *label = NULL;

  if (GTK_IS_STRING_OBJECT (item))
    /* TRANSLATORS: a drop-down as a screen reader reads it:
     * its name, then what is chosen */
    label = g_strdup_printf (_("%s: %s"), name, gtk_string_object_get_string (item));
  else
    label = g_strdup (name);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop_down));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      gtk_accessible_update_property (GTK_ACCESSIBLE (child),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
}

/**
 * acy_accessible_name_drop_down:
 * @drop_down: a drop-down over a #GtkStringList
 * @name: its name, "Executions to Show"
 *
 * Names @drop_down and the button inside it, which GTK 4.8 leaves
 * unnamed: the button reads "@name: the chosen item".
 */
void
acy_accessible_name_drop_down (GtkDropDown *drop_down,
                               const char  *name)
{
  char *copy = g_strdup (name);

  gtk_accessible_update_property (GTK_ACCESSIBLE (drop_down),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  g_object_set_data_full (G_OBJECT (drop_down), "acy-accessible-name", copy, g_free);
  g_signal_connect (drop_down, "notify::selected-item",
                    G_CALLBACK (drop_down_selected_cb), copy);
  drop_down_selected_cb (drop_down, NULL, copy);
}

/**
 * acy_accessible_name_menu_button:
 * @menu_button: a menu button with a text label
 * @name: what it reads, "Memory Model: Sequential Consistency"
 * @description: (nullable): its description, or %NULL for its tooltip
 *
 * A text menu button reads as its label alone, "Sequential Consistency";
 * this gives it and the button inside it @name instead. Call it again
 * after each gtk_menu_button_set_label(), which labels the inner button
 * anew.
 */
void
acy_accessible_name_menu_button (GtkMenuButton *menu_button,
                                 const char    *name,
                                 const char    *description)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (menu_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  if (description != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (menu_button),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                    -1);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (menu_button));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      {
        gtk_accessible_reset_relation (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
        gtk_accessible_update_property (GTK_ACCESSIBLE (child),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                        -1);
        if (description != NULL)
          {
            gtk_accessible_reset_relation (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY);
            gtk_accessible_update_property (GTK_ACCESSIBLE (child),
                                            GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                            -1);
          }
      }
}

static void
name_tab (GtkWidget  *tab,
          GParamSpec *pspec,
          AdwTabPage *page)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (tab)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, adw_tab_page_get_title (page),
                                  -1);
}

static void
name_tab_buttons (GtkWidget *widget)
{
  const char *id = gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget));

  /* The focusable box around each tab (libadwaita's AdwTab, a private
   * type with a "page" property) reads as "AdwGizmo": name it after the
   * tab's title, and keep it so. */
  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwTab")
      && gtk_widget_get_parent (widget) != NULL
      && g_object_get_data (G_OBJECT (widget), "acy-named") == NULL
      && g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "page") != NULL)
    {
      g_autoptr(AdwTabPage) page = NULL;

      g_object_get (widget, "page", &page, NULL);
      if (page != NULL)
        {
          g_object_set_data (G_OBJECT (widget), "acy-named", GINT_TO_POINTER (TRUE));
          g_signal_connect_object (page, "notify::title", G_CALLBACK (name_tab), widget, G_CONNECT_SWAPPED);
          name_tab (widget, NULL, page);
        }
    }

  if (GTK_IS_BUTTON (widget) && g_strcmp0 (id, "close_btn") == 0)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, _("Close Tab"),
                                    -1);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_tab_buttons (child);
}

static void
page_attached_cb (GtkWidget *tab_bar)
{
  name_tab_buttons (tab_bar);
}

/**
 * acy_accessible_name_tab_bar:
 * @tab_bar: an #AdwTabBar with its view set
 *
 * libadwaita 1.2 leaves the close button of each tab unnamed ("GtkImage");
 * this names those of @tab_bar, now and as tabs are added.
 */
void
acy_accessible_name_tab_bar (GtkWidget *tab_bar)
{
  AdwTabView *view = adw_tab_bar_get_view (ADW_TAB_BAR (tab_bar));

  name_tab_buttons (tab_bar);
  g_signal_connect_object (view, "page-attached", G_CALLBACK (page_attached_cb),
                           tab_bar, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

/**
 * acy_accessible_name_search_entries:
 * @root: a widget
 * @name: the name to give
 *
 * Names the search entries under @root, such as the one libadwaita 1.2
 * builds into a preferences window and leaves unnamed.
 */
void
acy_accessible_name_search_entries (GtkWidget  *root,
                                    const char *name)
{
  if (GTK_IS_SEARCH_ENTRY (root))
    gtk_accessible_update_property (GTK_ACCESSIBLE (root),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                    -1);

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    acy_accessible_name_search_entries (child, name);
}

/**
 * acy_accessible_set_description:
 * @widget: a widget
 * @description: what it tells a screen reader beyond its name
 *
 * Sets @widget's description, which acy_accessible_announce() puts back
 * after borrowing it.
 */
void
acy_accessible_set_description (GtkWidget  *widget,
                                const char *description)
{
  g_object_set_data_full (G_OBJECT (widget), "acy-accessible-description",
                          g_strdup (description), g_free);
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
}

typedef struct
{
  GWeakRef focus;
  gulong handler;
} Announced;

static void
announced_free (gpointer data)
{
  Announced *announced = data;

  g_weak_ref_clear (&announced->focus);
  g_free (announced);
}

/* Gives the widget that had focus at the last announcement back its own
 * description: the one set with acy_accessible_set_description(), or its
 * tooltip; unless it is @next, about to get another message (restoring
 * first would have it read its own description in between). */
static void
forget_announcement (GtkWindow *window,
                     GtkWidget *next)
{
  Announced *announced = g_object_get_data (G_OBJECT (window), "acy-announced");
  g_autoptr(GtkWidget) focus = NULL;

  if (announced == NULL)
    return;
  focus = g_weak_ref_get (&announced->focus);
  if (focus != NULL && focus != next)
    {
      const char *own = g_object_get_data (G_OBJECT (focus), "acy-accessible-description");

      if (own == NULL)
        own = gtk_widget_get_tooltip_text (focus);
      if (own != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (focus),
                                        GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, own,
                                        -1);
      else
        gtk_accessible_reset_property (GTK_ACCESSIBLE (focus),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  g_signal_handler_disconnect (window, announced->handler);
  g_object_set_data (G_OBJECT (window), "acy-announced", NULL);
}

static void
focus_moved_cb (GtkWindow  *window,
                GParamSpec *pspec,
                gpointer    user_data)
{
  Announced *announced = g_object_get_data (G_OBJECT (window), "acy-announced");
  g_autoptr(GtkWidget) focus = g_weak_ref_get (&announced->focus);

  if (focus != gtk_window_get_focus (window))
    forget_announcement (window, NULL);
}

/**
 * acy_accessible_announce:
 * @status: the widget that shows the state @message tells of
 * @message: what to announce, "Never: no execution reaches the state"
 *
 * GTK 4.8 has no gtk_accessible_announce() (GTK 4.14) and emits no AT-SPI
 * announcement or live-region event. What it does emit for a widget that
 * stays in place is a property-change event when its name or description
 * changes, and screen readers such as Orca speak such a change on the
 * widget that has focus. So @message becomes the name of @status, where a
 * user exploring the window finds it, and the description of the widget
 * that has focus (usually the editor, where Ctrl+Return started the run),
 * which is spoken at once; that description reverts to the widget's own
 * when focus moves on.
 */
void
acy_accessible_announce (GtkWidget  *status,
                         const char *message)
{
  GtkRoot *root = gtk_widget_get_root (status);
  GtkWidget *focus;
  Announced *announced;

  /* The message is the whole name: not followed by a title it is
   * labelled by (an AdwStatusPage is). */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (status), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (status),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, message,
                                  -1);
  if (!GTK_IS_WINDOW (root))
    return;

  focus = gtk_window_get_focus (GTK_WINDOW (root));
  forget_announcement (GTK_WINDOW (root), focus);
  if (focus == NULL)
    return;

  gtk_accessible_update_property (GTK_ACCESSIBLE (focus),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message,
                                  -1);
  announced = g_new0 (Announced, 1);
  g_weak_ref_init (&announced->focus, focus);
  announced->handler = g_signal_connect (root, "notify::focus-widget",
                                         G_CALLBACK (focus_moved_cb), NULL);
  g_object_set_data_full (G_OBJECT (root), "acy-announced", announced, announced_free);
}
