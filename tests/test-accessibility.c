/* test-accessibility.c - what a screen reader is told about each window
 *
 * Walks the accessible tree of the main, compare and preferences windows
 * and computes every interactive element's accessible name the way GTK
 * 4.8's AT-SPI backend does (gtk_at_context_get_name, which is private):
 * its label property, then the label of each widget it is labelled by;
 * with neither, the type name ("GtkImage", "GtkButton"). An element whose
 * name is empty, is or contains a type name, or reads its mnemonic twice
 * ("_Open Open") fails the test.
 *
 * The values come from the public test API: gtk_test_accessible_check_*
 * return the actual value when it differs from the one asked for, and a
 * reference list prints as "Type<0xaddress>…"; an address is only used
 * when it is one of the widgets walked.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-accessibility"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "acy-application.h"
#include "acy-compare-view.h"
#include "acy-compare-window.h"
#include "acy-document.h"
#include "acy-graph-view.h"
#include "acy-preferences-window.h"
#include "acy-results-view.h"
#include "acy-tutorial.h"
#include "acy-window.h"
#include "ui-app-support.h"
#include "ui-test-support.h"

#define NOT_A_VALUE "\x01not a value"

static gboolean
is_structural_role (GtkAccessibleRole role)
{
  switch ((int) role)
    {
    case GTK_ACCESSIBLE_ROLE_FORM:
    case GTK_ACCESSIBLE_ROLE_GROUP:
    case GTK_ACCESSIBLE_ROLE_GENERIC:
    case GTK_ACCESSIBLE_ROLE_LANDMARK:
    case GTK_ACCESSIBLE_ROLE_LIST_ITEM:
    case GTK_ACCESSIBLE_ROLE_REGION:
    case GTK_ACCESSIBLE_ROLE_SEARCH:
    case GTK_ACCESSIBLE_ROLE_SEPARATOR:
      return TRUE;
    default:
      return FALSE;
    }
}

/* The roles a user operates. Scroll bars and pane separators, which GTK
 * itself leaves unnamed, are not in the list. */
static gboolean
is_interactive_role (GtkAccessibleRole role)
{
  switch ((int) role)
    {
    case GTK_ACCESSIBLE_ROLE_BUTTON:
    case GTK_ACCESSIBLE_ROLE_CHECKBOX:
    case GTK_ACCESSIBLE_ROLE_COMBO_BOX:
    case GTK_ACCESSIBLE_ROLE_LINK:
    case GTK_ACCESSIBLE_ROLE_MENU_ITEM:
    case GTK_ACCESSIBLE_ROLE_MENU_ITEM_CHECKBOX:
    case GTK_ACCESSIBLE_ROLE_MENU_ITEM_RADIO:
    case GTK_ACCESSIBLE_ROLE_RADIO:
    case GTK_ACCESSIBLE_ROLE_SEARCH_BOX:
    case GTK_ACCESSIBLE_ROLE_SLIDER:
    case GTK_ACCESSIBLE_ROLE_SPIN_BUTTON:
    case GTK_ACCESSIBLE_ROLE_SWITCH:
    case GTK_ACCESSIBLE_ROLE_TAB:
    case GTK_ACCESSIBLE_ROLE_TEXT_BOX:
      return TRUE;
    default:
      return FALSE;
    }
}

/* Each widget under @widget maps to whether it can be shown: a hidden
 * widget's subtree is not presented to AT-SPI, whereas a stack's other
 * pages (merely not child-visible) are checked, as they will be shown. */
static void
collect_widgets (GtkWidget  *widget,
                 gboolean    shown,
                 GHashTable *widgets)
{
  shown = shown && (gtk_widget_get_visible (widget) || GTK_IS_NATIVE (widget));
  g_hash_table_insert (widgets, widget, GINT_TO_POINTER (shown));
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_widgets (child, shown, widgets);
}

/* Widgets a user reaches with the keyboard or activates whatever their
 * role: list rows, table rows, the graph, selectable labels, pane
 * handles. Containers that pass focus on (scrolled windows, lists) and
 * what is inside a button (focus never goes there) are not. */
static gboolean
is_operated (GtkWidget *widget)
{
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
    if (GTK_IS_BUTTON (up))
      return FALSE;

  if (GTK_IS_LIST_BOX_ROW (widget))
    return gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (widget))
           || gtk_list_box_row_get_selectable (GTK_LIST_BOX_ROW (widget));

  if (!gtk_widget_get_focusable (widget) || !gtk_widget_get_can_focus (widget))
    return FALSE;
  switch ((int) gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)))
    {
    /* a focusable group reads as a "panel" (a tree expander, which
     * takes the focus to fold and unfold); a scrolled window is a group
     * that passes the focus on */
    case GTK_ACCESSIBLE_ROLE_GROUP:
      return !GTK_IS_SCROLLED_WINDOW (widget);
    case GTK_ACCESSIBLE_ROLE_GRID_CELL:
    case GTK_ACCESSIBLE_ROLE_IMG:
    case GTK_ACCESSIBLE_ROLE_LABEL:
    case GTK_ACCESSIBLE_ROLE_ROW:
    case GTK_ACCESSIBLE_ROLE_WIDGET:
      return TRUE;
    default:
      return FALSE;
    }
}

static void
name_accumulate (GtkAccessible *accessible,
                 GHashTable    *widgets,
                 GPtrArray     *names,
                 gboolean       recurse)
{
  if (gtk_test_accessible_has_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL))
    g_ptr_array_add (names, gtk_test_accessible_check_property (accessible,
                                                                GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                                NOT_A_VALUE));

  if (recurse && gtk_test_accessible_has_relation (accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    {
      g_autofree char *refs = gtk_test_accessible_check_relation (accessible,
                                                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                                                  NULL);
      const char *p = refs;

      while (p != NULL && (p = strstr (p, "<0x")) != NULL)
        {
          gpointer address = GSIZE_TO_POINTER (g_ascii_strtoull (p + 1, NULL, 16));

          p++;
          if (g_hash_table_contains (widgets, address))
            name_accumulate (GTK_ACCESSIBLE (address), widgets, names, FALSE);
          else
            g_ptr_array_add (names, g_strdup ("(labelled by a widget not in the window)"));
        }
    }

  if (gtk_test_accessible_has_state (accessible, GTK_ACCESSIBLE_STATE_HIDDEN))
    {
      g_autofree char *hidden = gtk_test_accessible_check_state (accessible,
                                                                 GTK_ACCESSIBLE_STATE_HIDDEN,
                                                                 FALSE);
      if (hidden != NULL)
        return;
    }

  if (names->len == 0
      && !is_structural_role (gtk_accessible_get_accessible_role (accessible)))
    g_ptr_array_add (names, g_strdup (G_OBJECT_TYPE_NAME (accessible)));
}

/* The accessible name as GTK 4.8 computes it for AT-SPI. */
static char *
accessible_name (GtkAccessible *accessible,
                 GHashTable    *widgets)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  name_accumulate (accessible, widgets, names, TRUE);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static gboolean
is_type_name (const char *word)
{
  static const char *const prefixes[] = { "Gtk", "Adw", "Acy", NULL };

  for (guint i = 0; prefixes[i] != NULL; i++)
    if (g_str_has_prefix (word, prefixes[i])
        && g_ascii_isupper (word[strlen (prefixes[i])]))
      return TRUE;
  return FALSE;
}

/* Why @name would not do, or NULL. */
static const char *
name_fault (const char *name)
{
  g_auto(GStrv) words = g_strsplit (name, " ", -1);
  g_autofree char *plain = NULL;
  gsize half;

  if (name[strspn (name, " ")] == '\0')
    return "no name";
  for (guint i = 0; words[i] != NULL; i++)
    if (is_type_name (words[i]))
      return "a type name";

  /* "_Open Open": the raw label followed by its mnemonic label. */
  plain = g_strdup (name);
  {
    char *to = plain;

    for (const char *from = name; *from; from++)
      if (*from != '_')
        *to++ = *from;
    *to = '\0';
  }
  half = strlen (plain) / 2;
  if (strchr (name, '_') != NULL && strlen (plain) % 2 == 1 && plain[half] == ' '
      && strncmp (plain, plain + half + 1, half) == 0)
    return "its mnemonic read twice";

  return NULL;
}

static char *
widget_path (GtkWidget *widget)
{
  g_autoptr(GString) path = g_string_new (NULL);

  for (GtkWidget *w = widget; w != NULL; w = gtk_widget_get_parent (w))
    {
      const char *id = gtk_buildable_get_buildable_id (GTK_BUILDABLE (w));

      g_string_prepend (path, id ? id : G_OBJECT_TYPE_NAME (w));
      if (gtk_widget_get_parent (w) != NULL)
        g_string_prepend (path, " > ");
    }
  return g_string_free (g_steal_pointer (&path), FALSE);
}

/* Every interactive element of @window has a name a user can understand;
 * each fault is printed, then the count is checked. */
static guint
check_window (GtkWidget *window)
{
  g_autoptr(GHashTable) widgets = g_hash_table_new (NULL, NULL);
  GHashTableIter iter;
  gpointer key, shown;
  guint faults = 0, checked = 0;

  collect_widgets (window, TRUE, widgets);
  g_hash_table_iter_init (&iter, widgets);
  while (g_hash_table_iter_next (&iter, &key, &shown))
    {
      GtkWidget *widget = key;
      GtkAccessibleRole role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget));
      g_autofree char *name = NULL;
      const char *fault;

      if (!shown || !(is_interactive_role (role) || is_operated (widget)))
        continue;
      checked++;
      name = accessible_name (GTK_ACCESSIBLE (widget), widgets);
      fault = name_fault (name);
      if (fault != NULL)
        {
          g_autofree char *path = widget_path (widget);

          g_test_message ("%s (role %d): \"%s\": %s", path, role, name, fault);
          faults++;
        }
    }
  g_test_message ("%s: %u interactive elements, %u faults",
                  G_OBJECT_TYPE_NAME (window), checked, faults);
  g_assert_cmpuint (checked, >, 0);
  return faults;
}

static char *
name_of (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autoptr(GHashTable) widgets = g_hash_table_new (NULL, NULL);

  collect_widgets (GTK_WIDGET (root), TRUE, widgets);
  return accessible_name (GTK_ACCESSIBLE (widget), widgets);
}

static GtkWidget *
find_by_id (GtkWidget  *widget,
            const char *id)
{
  if (g_strcmp0 (gtk_buildable_get_buildable_id (GTK_BUILDABLE (widget)), id) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_id (child, id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
first_child_of_type (GtkWidget *widget,
                     GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (g_type_is_a (G_OBJECT_TYPE (child), type))
      return child;
  return NULL;
}

static GtkWidget *
find_by_type_name (GtkWidget  *widget,
                   const char *type_name)
{
  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), type_name))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_type_name (child, type_name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_by_role (GtkWidget         *widget,
              GtkAccessibleRole  role)
{
  if (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) == role)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_by_role (child, role);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A key press as GTK delivers it to the focus widget: the key controllers
 * of its ancestors in the capture phase, then its own and its ancestors'
 * in the bubble phase; unhandled, Tab moves focus as the window's
 * binding does. Returns whether a controller handled it. */
static gboolean
press_key (GtkWindow       *window,
           guint            keyval,
           GdkModifierType  state)
{
  GtkWidget *focus = gtk_window_get_focus (window);
  g_autoptr(GPtrArray) chain = g_ptr_array_new ();
  gboolean handled = FALSE;

  for (GtkWidget *w = focus; w != NULL; w = gtk_widget_get_parent (w))
    g_ptr_array_insert (chain, 0, w);

  for (int pass = 0; pass < 2 && !handled; pass++)
    for (guint k = 0; k < chain->len && !handled; k++)
      {
        GtkWidget *w = chain->pdata[pass == 0 ? k : chain->len - 1 - k];
        g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (w);

        for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
          {
            g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);
            GtkPropagationPhase phase = gtk_event_controller_get_propagation_phase (controller);

            if (!GTK_IS_EVENT_CONTROLLER_KEY (controller)
                || phase != (pass == 0 ? GTK_PHASE_CAPTURE : GTK_PHASE_BUBBLE))
              continue;
            g_signal_emit_by_name (controller, "key-pressed", keyval, 0, state, &handled);
          }
      }

  if (!handled && (keyval == GDK_KEY_Tab || keyval == GDK_KEY_ISO_Left_Tab))
    gtk_widget_child_focus (GTK_WIDGET (window),
                            keyval == GDK_KEY_ISO_Left_Tab ? GTK_DIR_TAB_BACKWARD : GTK_DIR_TAB_FORWARD);
  return handled;
}

static gboolean
focus_is_in (GtkWindow *window,
             GtkWidget *widget)
{
  GtkWidget *focus = gtk_window_get_focus (window);

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* The self-test: the walker sees what GTK 4.8 says of unlabelled widgets. */
static void
test_walker (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *icon = gtk_button_new_from_icon_name ("tab-new-symbolic");
  GtkWidget *mnemonic = gtk_button_new_with_mnemonic ("_Open");
  GtkWidget *labelled = gtk_button_new_from_icon_name ("tab-new-symbolic");
  GtkWidget *menu = gtk_menu_button_new ();
  g_autofree char *icon_name = NULL;
  g_autofree char *mnemonic_name = NULL;
  g_autofree char *labelled_name = NULL;

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu), "open-menu-symbolic");
  gtk_accessible_update_property (GTK_ACCESSIBLE (labelled),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, "New", -1);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), mnemonic);
  gtk_box_append (GTK_BOX (box), labelled);
  gtk_box_append (GTK_BOX (box), menu);
  gtk_window_set_child (GTK_WINDOW (window), box);

  icon_name = name_of (icon);
  mnemonic_name = name_of (mnemonic);
  labelled_name = name_of (labelled);
  g_assert_cmpstr (icon_name, ==, "GtkImage");
  g_assert_cmpstr (mnemonic_name, ==, "_Open Open");
  g_assert_cmpstr (name_fault (icon_name), ==, "a type name");
  g_assert_cmpstr (name_fault (mnemonic_name), ==, "its mnemonic read twice");
  g_assert_cmpstr (labelled_name, ==, "New");
  g_assert_null (name_fault ("Run Again"));
  g_assert_null (name_fault ("Memory Model: Sequential Consistency"));
  g_assert_cmpuint (check_window (window), ==, 4);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* One application for every test: a second one registered in the same
 * process on a session bus would clash with the first. */
static AcyApplication *
shared_application (void)
{
  static AcyApplication *app;

  if (app == NULL)
    app = ui_test_create_application ();
  return app;
}

static AcyWindow *
main_window_after_a_run (AcyApplication *app)
{
  GtkWindow *window;

  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  iterate_until (widget_is_mapped, window);
  acy_window_load_example (ACY_WINDOW (window), "MP");
  ui_test_run (ACY_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  return ACY_WINDOW (window);
}

static void
test_main_window (void)
{
  AcyApplication *app = shared_application ();
  AcyWindow *window = main_window_after_a_run (app);
  AcyDocument *document = acy_window_get_document (window);
  GtkWidget *model_button = find_by_id (GTK_WIDGET (window), "model_button");

  g_assert_cmpuint (check_window (GTK_WIDGET (window)), ==, 0);

  /* The model chooser says what it chooses. */
  {
    g_autofree char *expected = g_strdup_printf ("Memory Model: %s",
                                                 gtk_menu_button_get_label (GTK_MENU_BUTTON (model_button)));
    g_autofree char *name = name_of (first_child_of_type (model_button, GTK_TYPE_TOGGLE_BUTTON));

    g_assert_cmpstr (name, ==, expected);
  }

  /* The examples have names, and each section's heading comes before
   * its first example, in the order a screen reader reads them. */
  {
    GtkWidget *list = find_by_id (GTK_WIDGET (window), "examples_list");
    guint rows = 0, headings = 0;

    g_assert_nonnull (list);
    for (GtkWidget *child = gtk_widget_get_first_child (list);
         child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_LIST_BOX_ROW (child))
        {
          GtkWidget *header = gtk_list_box_row_get_header (GTK_LIST_BOX_ROW (child));
          g_autofree char *name = name_of (child);

          g_assert_null (name_fault (name));
          if (header != NULL)
            {
              g_assert_true (gtk_widget_get_prev_sibling (child) == header);
              headings++;
            }
          rows++;
        }
    g_assert_cmpuint (rows, >=, 15);
    g_assert_cmpuint (headings, >=, 2);
  }

  /* The verdict is announced: it names the status label and describes
   * the widget that had focus, and the table is described by it. */
  {
    static const char spoken[] = "Never: No execution the model allows satisfies the condition.";
    AcyResultsView *results = acy_document_get_results_view (document);
    GtkWidget *verdict = find_by_id (GTK_WIDGET (results), "verdict_label");
    GtkWidget *table = find_by_id (GTK_WIDGET (results), "column_view");
    GtkWidget *editor = GTK_WIDGET (acy_document_get_view (document));
    g_autofree char *verdict_name = name_of (verdict);
    g_autofree char *editor_description = gtk_test_accessible_check_property (GTK_ACCESSIBLE (editor),
                                                                              GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                                              spoken);

    g_assert_cmpstr (verdict_name, ==, spoken);
    g_assert_cmpstr (editor_description, ==, NULL);
    g_assert_true (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (table),
                                                     GTK_ACCESSIBLE_RELATION_DESCRIBED_BY));

    /* Once focus moves on, the editor is the editor again. */
    gtk_widget_grab_focus (table);
    g_clear_pointer (&editor_description, g_free);
    editor_description = gtk_test_accessible_check_property (GTK_ACCESSIBLE (editor),
                                                             GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                             "Tab indents; Ctrl+Tab or F6 moves out of the editor");
    g_assert_cmpstr (editor_description, ==, NULL);
  }

  /* Outcome rows say which column each value is in; the table is one
   * Tab stop. */
  {
    AcyResultsView *results = acy_document_get_results_view (document);
    GtkWidget *table = find_by_id (GTK_WIDGET (results), "column_view");
    GtkWidget *rows = find_by_type_name (table, "GtkColumnListView");
    GtkWidget *row = find_by_role (rows, GTK_ACCESSIBLE_ROLE_ROW);
    g_autofree char *name = name_of (row);

    g_test_message ("outcome row: %s", name);
    g_assert_nonnull (strstr (name, "1:r0 = "));
    g_assert_nonnull (strstr (name, "1:r1 = "));
    g_assert_nonnull (strstr (name, "execution"));

    g_assert_cmpuint (acy_results_view_get_n_rows (results), >, 1);
    gtk_widget_grab_focus (table);
    g_assert_true (focus_is_in (GTK_WINDOW (window), table));
    press_key (GTK_WINDOW (window), GDK_KEY_Tab, 0);
    g_assert_false (focus_is_in (GTK_WINDOW (window), table));
    press_key (GTK_WINDOW (window), GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK);
    g_assert_true (focus_is_in (GTK_WINDOW (window), table));
    press_key (GTK_WINDOW (window), GDK_KEY_ISO_Left_Tab, GDK_SHIFT_MASK);
    g_assert_false (focus_is_in (GTK_WINDOW (window), table));
  }

  /* The graph is one Tab stop; the arrow keys walk it and its
   * description says where they are. */
  {
    GtkWidget *graph = find_by_type_name (GTK_WIDGET (acy_document_get_results_view (document)),
                                          "AcyGraphView");
    g_autofree char *description = NULL;

    g_assert_nonnull (graph);
    gtk_widget_grab_focus (graph);
    g_assert_true (focus_is_in (GTK_WINDOW (window), graph));
    g_assert_true (press_key (GTK_WINDOW (window), GDK_KEY_Right, 0));
    g_assert_true (press_key (GTK_WINDOW (window), GDK_KEY_Right, 0));
    description = gtk_test_accessible_check_property (GTK_ACCESSIBLE (graph),
                                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                      NOT_A_VALUE);
    g_test_message ("graph: %s", description);
    g_assert_true (g_str_has_prefix (description, "2 of "));
    press_key (GTK_WINDOW (window), GDK_KEY_Tab, 0);
    g_assert_false (focus_is_in (GTK_WINDOW (window), graph));
  }

  /* The window's title names the test and says when it is modified. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "MP.litmus — Acyclic");
  gtk_text_buffer_insert_at_cursor (GTK_TEXT_BUFFER (acy_document_get_buffer (document)), " ", 1);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• MP.litmus — Acyclic");

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
compare_idle (gpointer data)
{
  return !acy_compare_view_get_running (acy_compare_window_get_view (data));
}

static gboolean
batch_idle (gpointer data)
{
  return !acy_compare_window_get_batch_running (data);
}

static void
test_compare_window (void)
{
  AcyApplication *app = shared_application ();
  AcyWindow *window = main_window_after_a_run (app);
  g_autofree char *text = acy_document_get_text (acy_window_get_document (window));
  const char *const models[] = { "sc", "coherent-rmo", NULL };
  AcyCompareWindow *compare;

  compare = acy_compare_window_new (GTK_WINDOW (window), text, "MP.litmus",
                                    acy_window_get_model (window));
  acy_compare_window_set_models (compare, models);
  gtk_window_present (GTK_WINDOW (compare));
  iterate_until (widget_is_mapped, compare);
  acy_compare_window_run (compare);
  iterate_until (compare_idle, compare);
  acy_compare_view_select_row (acy_compare_window_get_view (compare), 0);
  while (g_main_context_iteration (NULL, FALSE))
    ;

  g_assert_cmpuint (check_window (GTK_WIDGET (compare)), ==, 0);

  /* The model chips are check boxes, checked when chosen, their names
   * read once (no tooltip repeating them as a description). */
  {
    GtkWidget *chips = find_by_id (GTK_WIDGET (compare), "models_box");
    guint n_chips = 0, n_checked = 0;

    for (GtkWidget *chip = gtk_widget_get_first_child (chips); chip != NULL; chip = gtk_widget_get_next_sibling (chip))
      {
        gboolean active;
        g_autofree char *name = NULL;
        g_autofree char *checked = NULL;
        g_autofree char *description = NULL;

        if (!GTK_IS_TOGGLE_BUTTON (chip))
          continue;   /* "Add Model File…", last */
        active = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (chip));
        name = name_of (chip);
        g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (chip)), ==, GTK_ACCESSIBLE_ROLE_CHECKBOX);
        checked = gtk_test_accessible_check_state (GTK_ACCESSIBLE (chip), GTK_ACCESSIBLE_STATE_CHECKED,
                                                   active ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE);
        g_assert_cmpstr (checked, ==, NULL);
        g_assert_null (name_fault (name));
        if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (chip), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION))
          {
            description = gtk_test_accessible_check_property (GTK_ACCESSIBLE (chip),
                                                              GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, name);
            g_test_message ("chip %s: %s", name, description ? description : "(its name again)");
            g_assert_nonnull (description);
          }
        n_chips++;
        n_checked += active;
      }
    g_assert_cmpuint (n_chips, >=, 7);
    g_assert_cmpuint (n_checked, ==, 2);
    /* and the state follows a click */
    {
      GtkWidget *chip = gtk_widget_get_first_child (chips);
      gboolean active = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (chip));
      g_autofree char *checked = NULL;

      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (chip), !active);
      checked = gtk_test_accessible_check_state (GTK_ACCESSIBLE (chip), GTK_ACCESSIBLE_STATE_CHECKED,
                                                 active ? GTK_ACCESSIBLE_TRISTATE_FALSE : GTK_ACCESSIBLE_TRISTATE_TRUE);
      g_assert_cmpstr (checked, ==, NULL);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (chip), active);
    }
  }

  /* An edge's popover opened from the keyboard: the relation chooser
   * it focuses and each row of the derivation have names. */
  {
    GtkWidget *graph = find_by_type_name (find_by_id (GTK_WIDGET (compare), "pairs_box"), "AcyGraphView");
    const AcyGraphLayout *layout = acy_graph_view_get_layout (ACY_GRAPH_VIEW (graph));
    GtkWidget *derivation = acy_graph_view_get_derivation_view (ACY_GRAPH_VIEW (graph));
    GtkWidget *dropdown = find_by_type_name (gtk_widget_get_parent (derivation), "GtkDropDown");
    g_autofree char *name = NULL;
    g_autofree char *row = NULL;
    GtkWidget *expander;

    gtk_widget_grab_focus (graph);
    for (guint i = 0; i < layout->nodes->len; i++)
      press_key (GTK_WINDOW (compare), GDK_KEY_Right, 0);
    /* the first edge the model's relations hold: its popover explains it */
    for (guint i = 0; i < layout->edges->len && !gtk_widget_is_visible (derivation); i++)
      {
        press_key (GTK_WINDOW (compare), GDK_KEY_Right, 0);
        press_key (GTK_WINDOW (compare), GDK_KEY_Return, 0);
        iterate_a_little ();
      }
    g_assert_nonnull (acy_graph_view_get_explanation (ACY_GRAPH_VIEW (graph)));
    g_assert_true (gtk_widget_is_visible (derivation));
    name = name_of (first_child_of_type (dropdown, GTK_TYPE_TOGGLE_BUTTON));
    g_test_message ("relation chooser: %s", name);
    g_assert_true (g_str_has_prefix (name, "Relation to Explain: "));
    /* each row's expander takes the focus: the walk below checks them
     * all, this one says what they read */
    expander = find_by_type_name (derivation, "GtkTreeExpander");
    g_assert_nonnull (expander);
    g_assert_true (gtk_widget_get_focusable (expander));
    row = name_of (expander);
    g_test_message ("derivation row: %s", row);
    g_assert_null (name_fault (row));
    g_assert_cmpuint (check_window (GTK_WIDGET (compare)), ==, 0);
    press_key (GTK_WINDOW (compare), GDK_KEY_Escape, 0);
  }

  /* A folder of tests: the rows of its table name the test and each
   * model's verdict. */
  {
    g_autofree char *folder = g_dir_make_tmp ("acyclic-a11y-XXXXXX", NULL);
    const char *const names[] = { "MP", "SB", NULL };
    GtkWidget *table = find_by_id (GTK_WIDGET (compare), "batch_view");
    GtkWidget *rows, *row;
    g_autofree char *name = NULL;

    for (guint i = 0; names[i] != NULL; i++)
      {
        g_autofree char *resource = g_strdup_printf ("/org/acyclic/Acyclic/examples/%s.litmus", names[i]);
        g_autofree char *path = g_strdup_printf ("%s/%s.litmus", folder, names[i]);
        g_autoptr(GBytes) bytes = g_resources_lookup_data (resource, 0, NULL);

        g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
      }
    acy_compare_window_run_folder (compare, folder);
    iterate_until (batch_idle, compare);
    while (g_main_context_iteration (NULL, FALSE))
      ;
    g_assert_cmpuint (acy_compare_window_get_n_batch_rows (compare), ==, 2);
    g_assert_cmpuint (check_window (GTK_WIDGET (compare)), ==, 0);
    rows = find_by_type_name (table, "GtkColumnListView");
    row = find_by_role (rows, GTK_ACCESSIBLE_ROLE_ROW);
    g_assert_nonnull (row);
    name = name_of (row);
    g_test_message ("folder row: %s", name);
    g_assert_nonnull (strstr (name, "Sequential"));
    g_assert_nonnull (strstr (name, "Coherent RMO: "));
    for (guint i = 0; names[i] != NULL; i++)
      {
        g_autofree char *path = g_strdup_printf ("%s/%s.litmus", folder, names[i]);
        g_unlink (path);
      }
    g_rmdir (folder);
  }

  /* Each graph is named after its model. */
  {
    GtkWidget *pairs = find_by_id (GTK_WIDGET (compare), "pairs_box");
    guint graphs = 0;

    g_assert_nonnull (pairs);
    for (GtkWidget *card = gtk_widget_get_first_child (pairs); card != NULL; card = gtk_widget_get_next_sibling (card))
      {
        GtkWidget *graph = find_by_type_name (card, "AcyGraphView");
        g_autofree char *name = NULL;

        if (graph == NULL)
          continue;
        name = name_of (graph);
        g_test_message ("compare graph: %s", name);
        g_assert_true (g_str_has_prefix (name, "Execution graph under "));
        graphs++;
      }
    g_assert_cmpuint (graphs, ==, 2);
  }
  gtk_window_destroy (GTK_WINDOW (compare));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A failed check is announced with its error. */
static void
test_failed_check (void)
{
  AcyWindow *window = main_window_after_a_run (shared_application ());
  AcyDocument *document = acy_window_get_document (window);
  GtkWidget *editor = GTK_WIDGET (acy_document_get_view (document));
  GtkWidget *failure = find_by_id (GTK_WIDGET (acy_document_get_results_view (document)), "failure_page");
  g_autofree char *name = NULL;
  g_autofree char *description = NULL;

  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (acy_document_get_buffer (document)),
                            "C broken\n\n{}\n\nP0(int *x) { frobnicate_once(x); }\n\nexists (x=1)\n", -1);
  gtk_widget_grab_focus (editor);
  ui_test_run (window);
  g_assert_cmpstr (acy_results_view_get_page (acy_document_get_results_view (document)), ==, "failed");

  name = name_of (failure);
  g_test_message ("failure: %s", name);
  g_assert_true (g_str_has_prefix (name, "The Check Failed: "));
  g_assert_nonnull (strstr (name, "frobnicate_once"));
  description = gtk_test_accessible_check_property (GTK_ACCESSIBLE (editor),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, name);
  g_assert_cmpstr (description, ==, NULL);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_tutorial_window (void)
{
  AcyWindow *window = main_window_after_a_run (shared_application ());
  AcyTutorial *tutorial = acy_tutorial_new (window);

  gtk_window_present (GTK_WINDOW (tutorial));
  iterate_until (widget_is_mapped, tutorial);
  g_assert_cmpuint (check_window (GTK_WIDGET (tutorial)), ==, 0);
  /* The last step's button says Finish, read once too. */
  {
    AdwCarousel *carousel = ADW_CAROUSEL (find_by_id (GTK_WIDGET (tutorial), "carousel"));

    acy_tutorial_set_position (tutorial, adw_carousel_get_n_pages (carousel) - 1);
    g_assert_nonnull (strstr (gtk_button_get_label (GTK_BUTTON (find_by_id (GTK_WIDGET (tutorial), "next_button"))),
                              "Finish"));
  }
  g_assert_cmpuint (check_window (GTK_WIDGET (tutorial)), ==, 0);
  gtk_window_destroy (GTK_WINDOW (tutorial));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_preferences_window (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.acyclic.Acyclic");
  AcyPreferencesWindow *prefs = acy_preferences_window_new (NULL, settings);

  gtk_window_present (GTK_WINDOW (prefs));
  iterate_until (widget_is_mapped, prefs);
  g_assert_cmpuint (check_window (GTK_WIDGET (prefs)), ==, 0);
  gtk_window_destroy (GTK_WINDOW (prefs));
}

int
main (int argc, char **argv)
{
  if (!ui_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/ui/a11y/walker", test_walker);
  g_test_add_func ("/ui/a11y/main-window", test_main_window);
  g_test_add_func ("/ui/a11y/compare-window", test_compare_window);
  g_test_add_func ("/ui/a11y/failed-check", test_failed_check);
  g_test_add_func ("/ui/a11y/preferences-window", test_preferences_window);
  g_test_add_func ("/ui/a11y/tutorial-window", test_tutorial_window);
  return g_test_run ();
}
