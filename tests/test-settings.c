/* test-settings.c - the settings of an app run from the build tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run without GSETTINGS_SCHEMA_DIR or GSETTINGS_BACKEND, as README's run
 * command does: the schema comes from the build tree, the values from a
 * key file under XDG_CONFIG_HOME (a folder of the build tree here), and
 * they outlive the application.
 */

#define G_LOG_DOMAIN "test-settings"

#include "config.h"

#include <glib/gstdio.h>

#include "acy-application.h"
#include "acy-document.h"
#include "acy-window.h"
#include "ui-test-support.h"
#include "ui-app-support.h"

static gboolean
menu_has_section (GMenuModel *menu,
                  const char *label)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *text = NULL;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &text)
          && g_strcmp0 (text, label) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
test_settings_build_tree (void)
{
  g_autofree char *ini = g_build_filename (g_get_user_config_dir (), "acyclic", "build-tree.ini", NULL);
  g_autofree char *dir = g_dir_make_tmp ("test-settings-XXXXXX", NULL);
  g_autofree char *mine = g_build_filename (dir, "mine.cat", NULL);
  g_autofree char *toy = acy_window_get_builtin_model ("toy-rmo.cat");
  g_autofree char *sc = acy_window_get_builtin_model ("sc.cat");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  AcyApplication *app;
  GSettings *settings;
  AcyWindow *window;
  GAction *preferences;

  g_unlink (ini);
  g_file_get_contents (toy, &text, NULL, &error);
  g_assert_no_error (error);
  g_file_set_contents (mine, text, -1, &error);
  g_assert_no_error (error);

  /* Preferences work: the schema is found. */
  app = ui_test_create_application ();
  settings = acy_application_get_settings (app);
  g_assert_nonnull (settings);
  preferences = g_action_map_lookup_action (G_ACTION_MAP (app), "preferences");
  g_assert_true (g_action_get_enabled (preferences));

  /* The default model of the preferences is the one new tests get. */
  g_settings_set_string (settings, "default-model", "sc.cat");
  window = acy_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  g_assert_cmpstr (acy_window_get_model (window), ==, sc);
  g_assert_cmpstr (acy_document_get_model (acy_window_get_document (window)), ==, sc);
  g_settings_set_string (settings, "default-model", "toy-rmo.cat");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL));
  g_assert_cmpstr (acy_document_get_model (acy_window_get_document (window)), ==, toy);

  /* A model chosen from a file is recent; the default stays the
   * preferences' (only they change it). */
  g_assert_false (menu_has_section (acy_window_get_model_menu (window), "Recent Models"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.model", "s", mine));
  g_assert_true (menu_has_section (acy_window_get_model_menu (window), "Recent Models"));
  ui_test_save_shot (GTK_WIDGET (window), "item-2-settings-window");
  destroy_window (window);
  g_object_unref (app);

  /* Restarted, the app remembers the default and the recent model. */
  g_assert_true (g_file_test (ini, G_FILE_TEST_IS_REGULAR));
  app = ui_test_create_application ();
  window = acy_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  g_assert_cmpstr (acy_window_get_model (window), ==, toy);
  g_assert_cmpstr (acy_document_get_model (acy_window_get_document (window)), ==, toy);
  g_assert_true (menu_has_section (acy_window_get_model_menu (window), "Recent Models"));
  destroy_window (window);
  g_object_unref (app);

  g_unlink (ini);
  g_unlink (mine);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  /* As README's run command has them, whatever the test runner sets */
  g_unsetenv ("GSETTINGS_BACKEND");
  g_unsetenv ("GSETTINGS_SCHEMA_DIR");

  if (!ui_test_init (&argc, &argv))
    return 77;

  g_test_add_func ("/ui/settings/build-tree", test_settings_build_tree);

  return g_test_run ();
}
