/* acy-preferences-window.c - default model, editor font, model search path
 *
 * Every change is written to GSettings at once, as GNOME apps do; the
 * window follows the settings too, so two copies of it stay in step.
 * The editor font is applied by acy-editor-font.c, the search path by the
 * application, which hands it to the check jobs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>

#include "acyclic.h"
#include "acy-accessible.h"
#include "acy-check-job.h"
#include "acy-preferences-window.h"
#include "acy-window.h"

#define DEFAULT_EDITOR_FONT "Monospace 11"
#define KERNEL_CFG "linux-kernel.cfg"

struct _AcyPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  /* Template children */
  AdwComboRow          *model_row;
  GtkStringList        *model_list;
  GtkSwitch            *custom_font_switch;
  GtkFontButton        *font_button;
  GtkListBox           *folder_list;

  GSettings            *settings;

  /* What each entry of model_list stands for: a built-in model's file
   * name, or the setting itself when it names another model.
   */
  GPtrArray            *model_values;

  /* Set while the window shows the settings, so that it does not write
   * back what it is reading.
   */
  gboolean              updating;
};

G_DEFINE_FINAL_TYPE (AcyPreferencesWindow, acy_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/**
 * acy_preferences_window_new:
 * @parent: (nullable): the window it is for
 * @settings: the application settings
 *
 * Returns: (transfer floating): a new preferences window
 */
AcyPreferencesWindow *
acy_preferences_window_new (GtkWindow *parent,
                            GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (ACY_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       "settings", settings,
                       NULL);
}

/* Default model */

/* The built-in model @value names, as an index, or -1. The setting is a
 * file name, or the path the window wrote when a model was chosen there.
 */
static int
builtin_index (const char *value)
{
  g_autofree char *base = g_path_get_basename (value);

  if (g_path_is_absolute (value))
    {
      g_autofree char *dir = g_path_get_dirname (value);

      if (g_strcmp0 (dir, acy_builtin_models_dir ()) != 0)
        return -1;
    }
  else if (strchr (value, G_DIR_SEPARATOR) != NULL)
    return -1;

  for (guint i = 0; acy_window_get_builtin_model_info (i, NULL) != NULL; i++)
    if (g_str_equal (base, acy_window_get_builtin_model_info (i, NULL)))
      return i;

  return -1;
}

static void
acy_preferences_window_update_model (AcyPreferencesWindow *self)
{
  g_autofree char *value = g_settings_get_string (self->settings, "default-model");
  g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  const char *file;
  const char *title;
  int selected;

  self->updating = TRUE;

  g_ptr_array_set_size (self->model_values, 0);
  for (guint i = 0; (file = acy_window_get_builtin_model_info (i, &title)) != NULL; i++)
    {
      g_ptr_array_add (self->model_values, g_strdup (file));
      g_ptr_array_add (titles, g_strdup (title));
    }

  selected = builtin_index (value);
  /* The kernel's model once found or fetched, by its name: wherever it
   * is kept, the window finds it (acy_window_find_kernel_model) */
  {
    g_autofree char *kernel = acy_check_job_find_kernel_model ();

    if (kernel != NULL)
      {
        if (g_str_equal (value, KERNEL_CFG) || g_str_equal (value, kernel))
          selected = self->model_values->len;
        g_ptr_array_add (self->model_values, g_strdup (KERNEL_CFG));
        g_ptr_array_add (titles, g_strdup (_("Linux kernel (LKMM)")));
      }
  }
  if (selected < 0 && value[0] != '\0')
    {
      /* Another model: shown by its file name, last. */
      g_autofree char *base = g_filename_display_basename (value);

      selected = self->model_values->len;
      g_ptr_array_add (self->model_values, g_strdup (value));
      g_ptr_array_add (titles, g_steal_pointer (&base));
    }
  g_ptr_array_add (titles, NULL);

  gtk_string_list_splice (self->model_list, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->model_list)),
                          (const char * const *) titles->pdata);
  adw_combo_row_set_selected (self->model_row, selected < 0 ? GTK_INVALID_LIST_POSITION : (guint) selected);
  /* The full path of another model */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->model_row),
                               builtin_index (value) < 0 && value[0] != '\0'
                               && !g_str_equal (value, KERNEL_CFG) ? value : NULL);

  self->updating = FALSE;
}

static void
acy_preferences_window_model_selected (AcyPreferencesWindow *self,
                                       GParamSpec           *pspec,
                                       AdwComboRow          *row)
{
  guint selected = adw_combo_row_get_selected (row);
  g_autofree char *current = NULL;
  const char *value;

  if (self->updating || selected == GTK_INVALID_LIST_POSITION || selected >= self->model_values->len)
    return;

  value = g_ptr_array_index (self->model_values, selected);
  current = g_settings_get_string (self->settings, "default-model");
  /* The same built-in model, spelt as a path, is no change. */
  if (builtin_index (current) >= 0 && builtin_index (current) == builtin_index (value))
    return;
  g_settings_set_string (self->settings, "default-model", value);
}

/* Editor font */

static void
acy_preferences_window_update_font (AcyPreferencesWindow *self)
{
  g_autofree char *font = g_settings_get_string (self->settings, "editor-font");

  self->updating = TRUE;
  gtk_switch_set_active (self->custom_font_switch, font[0] != '\0');
  /* Turning the custom font off keeps it in the button, to turn it on again. */
  if (font[0] != '\0')
    gtk_font_chooser_set_font (GTK_FONT_CHOOSER (self->font_button), font);
  self->updating = FALSE;
}

/* The button inside the font button is what takes focus; GTK 4.8 leaves
 * it unnamed. */
static void
acy_preferences_window_name_font_button (AcyPreferencesWindow *self)
{
  g_autofree char *font = gtk_font_chooser_get_font (GTK_FONT_CHOOSER (self->font_button));
  /* TRANSLATORS: the font button as a screen reader reads it */
  g_autofree char *label = g_strdup_printf (_("Editor Font: %s"), font != NULL ? font : "");

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->font_button));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_BUTTON (child))
      gtk_accessible_update_property (GTK_ACCESSIBLE (child),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
}

static void
acy_preferences_window_font_changed (AcyPreferencesWindow *self)
{
  g_autofree char *font = NULL;

  if (self->updating)
    return;

  if (gtk_switch_get_active (self->custom_font_switch))
    font = gtk_font_chooser_get_font (GTK_FONT_CHOOSER (self->font_button));
  g_settings_set_string (self->settings, "editor-font", font != NULL ? font : "");
}

/* Model search path */

static char *
display_path (const char *path)
{
  const char *home = g_get_home_dir ();
  gsize len = strlen (home);

  g_autofree char *shown = g_filename_display_name (path);

  /* ~/models rather than /home/me/models (shown: in UTF-8) */
  if (g_str_has_prefix (path, home) && path[len] == G_DIR_SEPARATOR)
    {
      g_autofree char *rest = g_filename_display_name (path + len);
      return g_strconcat ("~", rest, NULL);
    }
  return g_steal_pointer (&shown);
}

static GtkWidget *
folder_row_new (const char *path)
{
  g_autofree char *name = g_filename_display_basename (path);
  g_autofree char *shown = display_path (path);
  GtkWidget *row;
  GtkWidget *remove;

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), shown);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("folder-symbolic"));

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      GtkWidget *warning = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      gtk_widget_set_tooltip_text (warning, _("This folder does not exist"));
      gtk_widget_add_css_class (warning, "warning");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), warning);
    }

  remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (remove, _("Remove From the Search Path"));
  gtk_widget_add_css_class (remove, "flat");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (remove), "prefs.remove-folder");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (remove), g_variant_new_string (path));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Remove"),
                                  -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);

  return row;
}

static void
acy_preferences_window_update_folders (AcyPreferencesWindow *self)
{
  g_auto(GStrv) folders = g_settings_get_strv (self->settings, "model-search-path");
  GtkListBoxRow *row;

  while ((row = gtk_list_box_get_row_at_index (self->folder_list, 0)) != NULL)
    gtk_list_box_remove (self->folder_list, GTK_WIDGET (row));

  for (guint i = 0; folders[i] != NULL; i++)
    gtk_list_box_append (self->folder_list, folder_row_new (folders[i]));
}

static void
acy_preferences_window_folder_chosen (AcyPreferencesWindow *self,
                                      int                   response,
                                      GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_auto(GStrv) folders = g_settings_get_strv (self->settings, "model-search-path");
      const char *path = folder ? g_file_peek_path (folder) : NULL;

      /* settings hold UTF-8 only */
      if (path != NULL && !g_utf8_validate (path, -1, NULL))
        {
          g_autofree char *shown = g_filename_display_name (path);
          g_warning ("Cannot keep the folder %s among the model folders: its name is not UTF-8", shown);
        }
      else if (path != NULL && !g_strv_contains ((const char * const *) folders, path))
        {
          g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
          g_auto(GStrv) updated = NULL;

          g_strv_builder_addv (builder, (const char **) folders);
          g_strv_builder_add (builder, path);
          updated = g_strv_builder_end (builder);
          g_settings_set_strv (self->settings, "model-search-path", (const char * const *) updated);
        }
    }

  g_object_unref (native);
}

static void
acy_preferences_window_add_folder (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  AcyPreferencesWindow *self = ACY_PREFERENCES_WINDOW (widget);
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Add a Folder to the Search Path"),
                                        GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                        _("_Add"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  /* The response handler drops the chooser. */
  g_signal_connect_object (native, "response",
                           G_CALLBACK (acy_preferences_window_folder_chosen), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
acy_preferences_window_remove_folder (GtkWidget  *widget,
                                      const char *action_name,
                                      GVariant   *parameter)
{
  AcyPreferencesWindow *self = ACY_PREFERENCES_WINDOW (widget);
  const char *path = g_variant_get_string (parameter, NULL);
  g_auto(GStrv) folders = g_settings_get_strv (self->settings, "model-search-path");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) updated = NULL;

  for (guint i = 0; folders[i] != NULL; i++)
    if (!g_str_equal (folders[i], path))
      g_strv_builder_add (builder, folders[i]);
  updated = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "model-search-path", (const char * const *) updated);
}

/* GObject */

static void
acy_preferences_window_constructed (GObject *object)
{
  AcyPreferencesWindow *self = ACY_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (acy_preferences_window_parent_class)->constructed (object);

  g_return_if_fail (G_IS_SETTINGS (self->settings));

  g_signal_connect_object (self->settings, "changed::default-model",
                           G_CALLBACK (acy_preferences_window_update_model), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::editor-font",
                           G_CALLBACK (acy_preferences_window_update_font), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::model-search-path",
                           G_CALLBACK (acy_preferences_window_update_folders), self, G_CONNECT_SWAPPED);

  acy_preferences_window_update_model (self);
  acy_preferences_window_update_font (self);
  acy_preferences_window_update_folders (self);
}

static void
acy_preferences_window_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  AcyPreferencesWindow *self = ACY_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acy_preferences_window_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  AcyPreferencesWindow *self = ACY_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acy_preferences_window_dispose (GObject *object)
{
  AcyPreferencesWindow *self = ACY_PREFERENCES_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ACY_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (acy_preferences_window_parent_class)->dispose (object);
}

static void
acy_preferences_window_finalize (GObject *object)
{
  AcyPreferencesWindow *self = ACY_PREFERENCES_WINDOW (object);

  g_clear_pointer (&self->model_values, g_ptr_array_unref);

  G_OBJECT_CLASS (acy_preferences_window_parent_class)->finalize (object);
}

static void
acy_preferences_window_class_init (AcyPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = acy_preferences_window_constructed;
  object_class->get_property = acy_preferences_window_get_property;
  object_class->set_property = acy_preferences_window_set_property;
  object_class->dispose = acy_preferences_window_dispose;
  object_class->finalize = acy_preferences_window_finalize;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AcyPreferencesWindow, model_row);
  gtk_widget_class_bind_template_child (widget_class, AcyPreferencesWindow, model_list);
  gtk_widget_class_bind_template_child (widget_class, AcyPreferencesWindow, custom_font_switch);
  gtk_widget_class_bind_template_child (widget_class, AcyPreferencesWindow, font_button);
  gtk_widget_class_bind_template_child (widget_class, AcyPreferencesWindow, folder_list);
  gtk_widget_class_bind_template_callback (widget_class, acy_preferences_window_model_selected);
  gtk_widget_class_bind_template_callback (widget_class, acy_preferences_window_font_changed);

  gtk_widget_class_install_action (widget_class, "prefs.add-folder", NULL, acy_preferences_window_add_folder);
  gtk_widget_class_install_action (widget_class, "prefs.remove-folder", "s", acy_preferences_window_remove_folder);
}

static void
acy_preferences_window_init (AcyPreferencesWindow *self)
{
  GtkWidget *placeholder;

  self->model_values = g_ptr_array_new_with_free_func (g_free);

  gtk_widget_init_template (GTK_WIDGET (self));

  placeholder = gtk_label_new (_("No folders: only the built-in models are searched"));
  gtk_label_set_wrap (GTK_LABEL (placeholder), TRUE);
  gtk_widget_set_margin_top (placeholder, 18);
  gtk_widget_set_margin_bottom (placeholder, 18);
  gtk_widget_set_margin_start (placeholder, 12);
  gtk_widget_set_margin_end (placeholder, 12);
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_list_box_set_placeholder (self->folder_list, placeholder);

  gtk_font_chooser_set_font (GTK_FONT_CHOOSER (self->font_button), DEFAULT_EDITOR_FONT);
  g_signal_connect_object (self->font_button, "notify::font",
                           G_CALLBACK (acy_preferences_window_name_font_button),
                           self, G_CONNECT_SWAPPED);
  acy_preferences_window_name_font_button (self);
  acy_accessible_name_search_entries (GTK_WIDGET (self), _("Search Preferences"));
}
