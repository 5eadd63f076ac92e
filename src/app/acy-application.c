/* acy-application.c - the Acyclic application object
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "acy-application.h"
#include "acy-check-job.h"
#include "acy-editor-font.h"
#include "acy-renderer.h"
#include "acy-preferences-window.h"
#include "acy-tutorial.h"
#include "acy-window.h"

struct _AcyApplication
{
  AdwApplication  parent_instance;

  /* NULL when the schema is neither installed nor in the build tree;
   * the app then forgets its state between runs.
   */
  GSettings      *settings;

  /* Unsaved work left by a crash is offered back once, in the first window. */
  gboolean        recovery_offered;
};

G_DEFINE_FINAL_TYPE (AcyApplication, acy_application, ADW_TYPE_APPLICATION)

AcyApplication *
acy_application_new (void)
{
  return g_object_new (ACY_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/org/acyclic/Acyclic",
                       NULL);
}

/**
 * acy_application_get_settings:
 * @self: an #AcyApplication
 *
 * Returns: (transfer none) (nullable): the application settings, or %NULL
 *   when the GSettings schema is not installed
 */
GSettings *
acy_application_get_settings (AcyApplication *self)
{
  g_return_val_if_fail (ACY_IS_APPLICATION (self), NULL);

  return self->settings;
}

static void
acy_application_quit_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  AcyApplication *self = user_data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));

  /* Closing rather than quitting lets each window ask about unsaved
   * changes; the application ends with its last window.
   */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static void
acy_application_about_action (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  AcyApplication *self = user_data;
  static const char *developers[] = { "The Acyclic developers", NULL };
  GtkWindow *parent;
  GtkWidget *about;

  parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", parent,
                        "modal", TRUE,
                        "application-icon", APP_ID,
                        "application-name", _("Acyclic"),
                        "developer-name", _("The Acyclic developers"),
                        "version", VERSION,
                        "comments", _("A workbench for memory models: write litmus tests "
                                      "and cat models, and check them the way herd7 does."),
                        "developers", developers,
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "copyright", _("© 2026 The Acyclic developers"),
                        "translator-credits", _("translator-credits"),
                        NULL);
  acy_add_model_legal_sections (ADW_ABOUT_WINDOW (about));
  gtk_window_present (GTK_WINDOW (about));
}

static void
acy_application_preferences_action (GSimpleAction *action,
                                    GVariant      *parameter,
                                    gpointer       user_data)
{
  AcyApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));

  gtk_window_present (GTK_WINDOW (acy_preferences_window_new (parent, self->settings)));
}

static void
acy_application_tutorial_action (GSimpleAction *action,
                                 GVariant      *parameter,
                                 gpointer       user_data)
{
  AcyApplication *self = user_data;

  /* The tutorial opens its examples in a main window: the most recently
   * used one, which the list has first.
   */
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (ACY_IS_WINDOW (l->data))
      {
        gtk_window_present (GTK_WINDOW (acy_tutorial_new (l->data)));
        return;
      }
}

/* Check jobs search the folders of the preferences for models. */
static void
acy_application_search_path_changed (AcyApplication *self)
{
  g_auto(GStrv) dirs = g_settings_get_strv (self->settings, "model-search-path");

  acy_check_job_set_search_path ((const char * const *) dirs);
}

/* README's run command starts the program in the build tree. */
static gboolean
running_from_build_tree (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  return exe != NULL && g_str_has_prefix (exe, BUILD_ROOT G_DIR_SEPARATOR_S);
}

/* The settings, from the installed schema; run from the build tree,
 * from the schema compiled there, kept in a key file of their own
 * ($XDG_CONFIG_HOME/acyclic/build-tree.ini) unless GSETTINGS_BACKEND
 * says otherwise: the installed app's settings are not a developer
 * build's, and dconf keeps nothing without a session bus. NULL when no
 * schema is found.
 */
static GSettings *
acy_application_open_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchemaSource) built = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;

  if (!running_from_build_tree ())
    {
      if (source != NULL)
        schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
      if (schema == NULL)
        {
          g_warning ("Schema %s is not installed; settings will not be kept", APP_ID);
          return NULL;
        }
      return g_settings_new_full (schema, NULL, NULL);
    }

  if (g_file_test (BUILD_SCHEMADIR G_DIR_SEPARATOR_S "gschemas.compiled", G_FILE_TEST_IS_REGULAR))
    built = g_settings_schema_source_new_from_directory (BUILD_SCHEMADIR, source, FALSE, NULL);
  if (built != NULL)
    schema = g_settings_schema_source_lookup (built, APP_ID, FALSE);
  if (schema == NULL && source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  if (schema == NULL)
    {
      g_warning ("Schema %s is missing from %s; run meson compile", APP_ID, BUILD_SCHEMADIR);
      return NULL;
    }

  if (g_getenv ("GSETTINGS_BACKEND") == NULL)
    {
      g_autofree char *dir = g_build_filename (g_get_user_config_dir (), "acyclic", NULL);
      g_autofree char *file = g_build_filename (dir, "build-tree.ini", NULL);

      /* The key file is writable only in a folder that exists. */
      g_mkdir_with_parents (dir, 0700);
      backend = g_keyfile_settings_backend_new (file, g_settings_schema_get_path (schema), "acyclic");
    }
  return g_settings_new_full (schema, backend, NULL);
}

/* The main window's keyboard shortcuts */
static const struct {
  const char *action;
  const char *accels[3];
} window_accels[] = {
  { "win.run", { "<Control>Return", "<Control>KP_Enter", NULL } },
  { "win.run-machine", { "<Control><Shift>Return", "<Control><Shift>KP_Enter", NULL } },
  { "win.cancel", { "<Control>period", NULL } },
  { "win.compare", { "<Control>m", NULL } },
  { "win.graph('next')", { "<Alt>Page_Down", NULL } },
  { "win.graph('previous')", { "<Alt>Page_Up", NULL } },
  { "win.graph('zoom-in')", { "<Control>plus", "<Control>equal", NULL } },
  { "win.graph('zoom-out')", { "<Control>minus", NULL } },
  { "win.graph('zoom-fit')", { "<Control>0", NULL } },
};

static const GActionEntry app_actions[] = {
  { "quit", acy_application_quit_action },
  { "about", acy_application_about_action },
  { "preferences", acy_application_preferences_action },
  { "tutorial", acy_application_tutorial_action },
};

static void
acy_application_startup (GApplication *app)
{
  AcyApplication *self = ACY_APPLICATION (app);
  GtkSourceLanguageManager *languages;
  const char * const quit_accels[] = { "<Control>q", NULL };
  const char * const preferences_accels[] = { "<Control>comma", NULL };

  G_APPLICATION_CLASS (acy_application_parent_class)->startup (app);

  acy_renderer_choose (gdk_display_get_default ());
  gtk_source_init ();

  /* Language definitions shipped in our GResource take part in the
   * normal lookup, after the user's and the system's.
   */
  languages = gtk_source_language_manager_get_default ();
  gtk_source_language_manager_append_search_path (languages,
                                                  "resource:///org/acyclic/Acyclic/language-specs/");

  self->settings = acy_application_open_settings ();

  g_action_map_add_action_entries (G_ACTION_MAP (self),
                                   app_actions, G_N_ELEMENTS (app_actions),
                                   self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences", preferences_accels);
  /* Preferences are kept in GSettings; without the schema there is
   * nothing to keep them in.
   */
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "preferences")),
                               self->settings != NULL);
  if (self->settings != NULL)
    {
      g_signal_connect_object (self->settings, "changed::model-search-path",
                               G_CALLBACK (acy_application_search_path_changed), self, G_CONNECT_SWAPPED);
      acy_application_search_path_changed (self);
      acy_editor_font_install (self->settings, gdk_display_get_default ());
    }
  /* Application accelerators are seen before the focused widget, so
   * these work from inside the editor, which would otherwise insert a
   * newline for Ctrl+Return. Each is listed in gtk/help-overlay.ui.
   */
  for (guint i = 0; i < G_N_ELEMENTS (window_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self), window_accels[i].action,
                                           window_accels[i].accels);
}

static AcyWindow *
acy_application_ensure_window (AcyApplication *self,
                               gboolean        with_example)
{
  GtkWindow *window;

  window = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (window == NULL)
    {
      window = GTK_WINDOW (acy_window_new (self));
      if (with_example)
        acy_window_load_example (ACY_WINDOW (window), NULL);
    }

  if (!self->recovery_offered)
    {
      self->recovery_offered = TRUE;
      acy_window_offer_recovery (ACY_WINDOW (window));
    }

  return ACY_WINDOW (window);
}

static void
acy_application_activate (GApplication *app)
{
  AcyWindow *window = acy_application_ensure_window (ACY_APPLICATION (app), TRUE);

  gtk_window_present (GTK_WINDOW (window));
}

/* `acyclic FILE...`: each file in a tab of the active window */
static void
acy_application_open (GApplication  *app,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  AcyWindow *window = acy_application_ensure_window (ACY_APPLICATION (app), FALSE);

  for (int i = 0; i < n_files; i++)
    acy_window_load_file (window, files[i]);
  gtk_window_present (GTK_WINDOW (window));
}

static void
acy_application_dispose (GObject *object)
{
  AcyApplication *self = ACY_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (acy_application_parent_class)->dispose (object);
}

static void
acy_application_class_init (AcyApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = acy_application_dispose;

  app_class->startup = acy_application_startup;
  app_class->activate = acy_application_activate;
  app_class->open = acy_application_open;
}

static void
acy_application_init (AcyApplication *self)
{
}
