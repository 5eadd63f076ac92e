/* test-preferences.c - widget tests of the preferences, the editor font,
 * the model search path, the tutorial and the French translation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-preferences"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "acyclic.h"
#include "acy-application.h"
#include "acy-check-job.h"
#include "acy-document.h"
#include "acy-editor-font.h"
#include "acy-examples.h"
#include "acy-preferences-window.h"
#include "acy-tutorial.h"
#include "acy-window.h"
#include "ui-test-support.h"
#include "ui-app-support.h"

/* The memory backend keeps values for the whole process. */
static GSettings *
fresh_settings (void)
{
  GSettings *settings = g_settings_new (APP_ID);

  g_settings_reset (settings, "default-model");
  g_settings_reset (settings, "editor-font");
  g_settings_reset (settings, "model-search-path");
  return settings;
}

static char *
make_file (const char *dir,
           const char *name,
           const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* Editor font */

static void
test_editor_font_css (void)
{
  g_autofree char *empty = acy_editor_font_to_css ("");
  g_autofree char *none = acy_editor_font_to_css (NULL);
  g_autofree char *bold = acy_editor_font_to_css ("DejaVu Sans Mono Bold 13");
  g_autofree char *quoted = acy_editor_font_to_css ("Odd\"Name 10");
  g_autofree char *pixels = acy_editor_font_to_css ("Monospace 14px");

  g_assert_cmpstr (empty, ==, "");
  g_assert_cmpstr (none, ==, "");
  g_assert_true (g_str_has_prefix (bold, "textview.sourceview {"));
  g_assert_nonnull (strstr (bold, "font-family: \"DejaVu Sans Mono\";"));
  g_assert_nonnull (strstr (bold, "font-size: 13pt;"));
  g_assert_nonnull (strstr (bold, "font-weight: 700;"));
  g_assert_nonnull (strstr (quoted, "\"Odd\\\"Name\""));
  g_assert_nonnull (strstr (pixels, "font-size: 14px;"));
}

/* Model search path */

static void
test_search_path_find (void)
{
  g_autofree char *dir = g_dir_make_tmp ("acy-search-XXXXXX", NULL);
  g_autofree char *mine = make_file (dir, "mine.cat", "\"Mine\"\ninclude \"cos.cat\"\n");
  g_autofree char *sc = NULL;
  g_autofree char *found = NULL;
  const char *path[] = { "", "/nonexistent-acyclic-folder", dir, NULL };

  g_assert_null (acy_check_job_find_model ("mine.cat"));
  sc = acy_check_job_find_model ("sc.cat");
  g_assert_nonnull (sc);
  g_assert_true (g_str_has_prefix (sc, acy_builtin_models_dir ()));

  acy_check_job_set_search_path (path);
  found = acy_check_job_find_model ("mine.cat");
  g_assert_cmpstr (found, ==, mine);

  acy_check_job_set_search_path (NULL);
  g_clear_pointer (&found, g_free);
  found = acy_check_job_find_model ("mine.cat");
  g_assert_null (found);

  g_unlink (mine);
  g_rmdir (dir);
}

typedef struct
{
  gboolean      done;
  AcyRunReport *report;
  GError       *error;
} RunResult;

static void
run_done (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  RunResult *run = user_data;

  run->report = acy_check_job_run_finish (result, &run->error);
  run->done = TRUE;
}

static gboolean
run_is_done (gpointer data)
{
  return ((RunResult *) data)->done;
}

static void
ignore_progress (const AcyRunProgress *progress,
                 gpointer              user_data)
{
}

static void
run_check (const char *test_text,
           const char *model_path,
           RunResult  *run)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  memset (run, 0, sizeof *run);
  acy_check_job_run_async (test_text, "test.litmus", model_path, NULL, ignore_progress, NULL,
                           cancellable, run_done, run);
  iterate_until (run_is_done, run);
}

/* A model includes a file that only the search path has. */
static void
test_search_path_include (void)
{
  g_autofree char *model_dir = g_dir_make_tmp ("acy-model-XXXXXX", NULL);
  g_autofree char *lib_dir = g_dir_make_tmp ("acy-lib-XXXXXX", NULL);
  g_autofree char *model = make_file (model_dir, "uses-helper.cat",
                                      "\"Uses helper\"\ninclude \"helper.cat\"\n");
  g_autofree char *coherent = g_build_filename (acy_builtin_models_dir (), "coherent-rmo.cat", NULL);
  g_autofree char *coherent_text = NULL;
  g_autofree char *helper = NULL;
  g_autoptr(GBytes) example = NULL;
  g_autofree char *test_text = NULL;
  const char *path[] = { lib_dir, NULL };
  RunResult run;

  g_assert_true (g_file_get_contents (coherent, &coherent_text, NULL, NULL));
  helper = make_file (lib_dir, "helper.cat", coherent_text);
  example = acy_example_load (acy_examples_find ("C-CO+o-o"), NULL);
  g_assert_nonnull (example);
  test_text = g_strndup (g_bytes_get_data (example, NULL), g_bytes_get_size (example));

  run_check (test_text, model, &run);
  g_assert_null (run.report);
  g_assert_nonnull (run.error);
  g_assert_nonnull (strstr (run.error->message, "helper.cat"));
  g_clear_error (&run.error);

  acy_check_job_set_search_path (path);
  run_check (test_text, model, &run);
  acy_check_job_set_search_path (NULL);
  g_assert_no_error (run.error);
  g_assert_cmpstr (run.report->observation, ==, "Never");
  acy_run_report_free (run.report);

  g_unlink (model);
  g_unlink (helper);
  g_rmdir (model_dir);
  g_rmdir (lib_dir);
}

/* Preferences window */

static GtkWidget *
find_nth_widget (GtkWidget *root,
                 GType      type,
                 guint      skip)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        {
          if (skip == 0)
            return child;
          skip--;
        }
      found = find_nth_widget (child, type, skip);
      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
has_remove_button (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if ((GTK_IS_BUTTON (child)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), "prefs.remove-folder") == 0)
        || has_remove_button (child))
      return TRUE;

  return FALSE;
}

/* Rows of the search path: those with a remove button */
static guint
count_folder_rows (GtkWidget *root)
{
  guint n = 0;

  if (GTK_IS_LIST_BOX_ROW (root) && has_remove_button (root))
    return 1;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_folder_rows (child);

  return n;
}

static void
test_preferences_default_model (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  AcyPreferencesWindow *prefs = acy_preferences_window_new (NULL, settings);
  AdwComboRow *row = ADW_COMBO_ROW (find_nth_widget (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, 0));
  GListModel *model = adw_combo_row_get_model (row);
  g_autofree char *value = NULL;
  guint n_builtin = 0;
  guint sc_index = G_MAXUINT;

  while (acy_window_get_builtin_model_info (n_builtin, NULL) != NULL)
    {
      if (g_str_equal (acy_window_get_builtin_model_info (n_builtin, NULL), "sc.cat"))
        sc_index = n_builtin;
      n_builtin++;
    }
  g_assert_cmpuint (n_builtin, >=, 4);
  g_assert_cmpuint (sc_index, <, n_builtin);

  /* The schema's default is a built-in model, shown by its name. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n_builtin);
  g_assert_cmpstr (acy_window_get_builtin_model_info (adw_combo_row_get_selected (row), NULL),
                   ==, "coherent-rmo.cat");

  adw_combo_row_set_selected (row, sc_index);
  value = g_settings_get_string (settings, "default-model");
  g_assert_cmpstr (value, ==, "sc.cat");

  /* The main window writes the path of the model chosen there: still a
   * built-in one.
   */
  {
    g_autofree char *path = g_build_filename (acy_builtin_models_dir (), "toy-rmo.cat", NULL);

    g_settings_set_string (settings, "default-model", path);
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, n_builtin);
    g_assert_cmpstr (acy_window_get_builtin_model_info (adw_combo_row_get_selected (row), NULL),
                     ==, "toy-rmo.cat");
  }

  /* Another model gets an entry of its own, last. */
  g_settings_set_string (settings, "default-model", "/somewhere/else/my-model.cat");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n_builtin + 1);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, n_builtin);
  g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), n_builtin), ==, "my-model.cat");

  destroy_window (prefs);
}

static void
test_preferences_font (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  AcyPreferencesWindow *prefs = acy_preferences_window_new (NULL, settings);
  GtkSwitch *custom = GTK_SWITCH (find_nth_widget (GTK_WIDGET (prefs), GTK_TYPE_SWITCH, 0));
  GtkFontChooser *button = GTK_FONT_CHOOSER (find_nth_widget (GTK_WIDGET (prefs), GTK_TYPE_FONT_BUTTON, 0));
  g_autofree char *font = NULL;
  g_autofree char *shown = NULL;

  g_assert_false (gtk_switch_get_active (custom));

  g_settings_set_string (settings, "editor-font", "Monospace 14");
  g_assert_true (gtk_switch_get_active (custom));
  shown = gtk_font_chooser_get_font (button);
  g_assert_cmpstr (shown, ==, "Monospace 14");

  gtk_switch_set_active (custom, FALSE);
  font = g_settings_get_string (settings, "editor-font");
  g_assert_cmpstr (font, ==, "");

  gtk_switch_set_active (custom, TRUE);
  g_clear_pointer (&font, g_free);
  font = g_settings_get_string (settings, "editor-font");
  g_assert_cmpstr (font, ==, "Monospace 14");

  destroy_window (prefs);
}

static void
test_preferences_search_path (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  AcyPreferencesWindow *prefs = acy_preferences_window_new (NULL, settings);
  g_autofree char *dir = g_dir_make_tmp ("acy-prefs-XXXXXX", NULL);
  const char *folders[] = { dir, "/nonexistent-acyclic-folder", NULL };
  g_auto(GStrv) left = NULL;

  g_assert_cmpuint (count_folder_rows (GTK_WIDGET (prefs)), ==, 0);

  g_settings_set_strv (settings, "model-search-path", folders);
  g_assert_cmpuint (count_folder_rows (GTK_WIDGET (prefs)), ==, 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (prefs), "prefs.remove-folder", "s", dir));
  left = g_settings_get_strv (settings, "model-search-path");
  g_assert_cmpuint (g_strv_length (left), ==, 1);
  g_assert_cmpstr (left[0], ==, "/nonexistent-acyclic-folder");
  g_assert_cmpuint (count_folder_rows (GTK_WIDGET (prefs)), ==, 1);

  destroy_window (prefs);
  g_rmdir (dir);
}

/* The application applies the search path and opens its windows. */
static void
test_application_actions (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  GSettings *settings;
  GtkWindow *window;
  g_autofree char *dir = g_dir_make_tmp ("acy-app-XXXXXX", NULL);
  g_autofree char *mine = make_file (dir, "mine.cat", "\"Mine\"\ninclude \"cos.cat\"\n");
  g_autofree char *found = NULL;
  const char *folders[] = { dir, NULL };
  GList *windows;
  const char * const *accels;
  g_auto(GStrv) prefs_accels = NULL;

  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (ACY_IS_WINDOW (window));
  settings = acy_application_get_settings (app);
  g_assert_nonnull (settings);

  g_settings_set_strv (settings, "model-search-path", folders);
  found = acy_check_job_find_model ("mine.cat");
  g_assert_cmpstr (found, ==, mine);
  g_settings_reset (settings, "model-search-path");

  prefs_accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.preferences");
  accels = (const char * const *) prefs_accels;
  g_assert_true (g_strv_contains (accels, "<Control>comma"));

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (app), "tutorial", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);

  windows = gtk_window_list_toplevels ();
  {
    gboolean prefs = FALSE, tutorial = FALSE, about = FALSE;

    for (GList *l = windows; l != NULL; l = l->next)
      {
        prefs |= ACY_IS_PREFERENCES_WINDOW (l->data);
        tutorial |= ACY_IS_TUTORIAL (l->data);
        if (ADW_IS_ABOUT_WINDOW (l->data))
          {
            about = TRUE;
            g_assert_cmpstr (adw_about_window_get_version (l->data), ==, VERSION);
            g_assert_cmpstr (adw_about_window_get_application_icon (l->data), ==, APP_ID);
            g_assert_cmpint (adw_about_window_get_license_type (l->data), ==, GTK_LICENSE_GPL_3_0);
          }
      }
    g_assert_true (prefs);
    g_assert_true (tutorial);
    g_assert_true (about);
  }
  for (GList *l = windows; l != NULL; l = l->next)
    if (l->data != window)
      gtk_window_destroy (l->data);
  g_list_free (windows);

  destroy_window (window);
  g_unlink (mine);
  g_rmdir (dir);
}

/* Tutorial */

static void
test_tutorial_steps (void)
{
  guint n = acy_tutorial_get_n_steps ();

  g_assert_cmpuint (n, >=, 5);
  for (guint i = 0; i < n; i++)
    {
      const char *model = NULL;
      const char *example = acy_tutorial_get_step (i, &model);
      g_autofree char *path = acy_window_get_builtin_model (model);

      g_assert_nonnull (acy_examples_find (example));
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
  g_assert_null (acy_tutorial_get_step (n, NULL));
}

static gboolean
tutorial_at_last_step (gpointer data)
{
  return acy_tutorial_get_position (data) + 1 == acy_tutorial_get_n_steps ();
}

static void
test_tutorial_open_example (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window;
  AcyTutorial *tutorial;
  AcyDocument *document;
  g_autofree char *model_base = NULL;
  g_autofree char *first_model_base = NULL;
  guint n_tabs;

  g_application_activate (G_APPLICATION (app));
  window = ACY_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  tutorial = acy_tutorial_new (window);
  gtk_window_present (GTK_WINDOW (tutorial));

  /* Step 5: C-CO+o-o under Toy RMO */
  n_tabs = acy_window_get_n_documents (window);
  acy_tutorial_open_example (tutorial, 4);
  document = acy_window_get_document (window);
  g_assert_cmpstr (acy_document_get_title (document), ==, "C-CO+o-o.litmus");
  model_base = g_path_get_basename (acy_window_get_model (window));
  g_assert_cmpstr (model_base, ==, "toy-rmo.cat");
  /* The message-passing example of the first window is kept. */
  g_assert_cmpuint (acy_window_get_n_documents (window), ==, n_tabs + 1);

  /* Step 1, in a new tab: the example tab is not empty */
  acy_tutorial_open_example (tutorial, 0);
  g_assert_cmpuint (acy_window_get_n_documents (window), ==, n_tabs + 2);
  g_assert_cmpstr (acy_document_get_title (acy_window_get_document (window)), ==,
                   "C-MP+o-mb-o+o-mb-o.litmus");
  first_model_base = g_path_get_basename (acy_window_get_model (window));
  g_assert_cmpstr (first_model_base, ==, "coherent-rmo.cat");

  /* Open This Example again: the tab it opened, not a copy; step 5's
   * tab again, with step 5's model */
  acy_tutorial_open_example (tutorial, 0);
  g_assert_cmpuint (acy_window_get_n_documents (window), ==, n_tabs + 2);
  acy_tutorial_open_example (tutorial, 4);
  g_assert_cmpuint (acy_window_get_n_documents (window), ==, n_tabs + 2);
  g_assert_cmpstr (acy_document_get_title (acy_window_get_document (window)), ==, "C-CO+o-o.litmus");
  g_clear_pointer (&model_base, g_free);
  model_base = g_path_get_basename (acy_window_get_model (window));
  g_assert_cmpstr (model_base, ==, "toy-rmo.cat");
  /* the same from the gallery */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.load-example", "s", "C-MP+o-mb-o+o-mb-o"));
  g_assert_cmpuint (acy_window_get_n_documents (window), ==, n_tabs + 2);
  g_assert_cmpstr (acy_document_get_title (acy_window_get_document (window)), ==,
                   "C-MP+o-mb-o+o-mb-o.litmus");
  /* an edited copy stays as it is: the example opens anew beside it */
  gtk_text_buffer_insert_at_cursor (GTK_TEXT_BUFFER (acy_document_get_buffer (acy_window_get_document (window))),
                                    " ", 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.load-example", "s", "C-MP+o-mb-o+o-mb-o"));
  g_assert_cmpuint (acy_window_get_n_documents (window), ==, n_tabs + 3);
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (acy_document_get_buffer (acy_window_get_nth_document (window, n_tabs + 1))),
                                FALSE);

  /* Next steps through to the end, where it becomes Finish */
  for (guint i = 0; i + 1 < acy_tutorial_get_n_steps (); i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tutorial), "tutorial.next", NULL));
  iterate_until (tutorial_at_last_step, tutorial);

  destroy_window (tutorial);
  destroy_window (window);
}

/* Each step that promises a verdict promises one, in bold: the one its example gets
 * under its model in the window (step 10 promised "Undef", which is a
 * flag, where the headline says Sometimes). */
static void
test_tutorial_verdicts (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  AcyWindow *window;
  AcyTutorial *tutorial;

  g_application_activate (G_APPLICATION (app));
  window = ACY_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  tutorial = acy_tutorial_new (window);
  for (guint i = 0; i < acy_tutorial_get_n_steps (); i++)
    {
      const char *text = acy_tutorial_get_text (i);
      const char *bold = strstr (text, "<b>");
      g_autofree char *promised = NULL;
      AcyResultsView *results;
      AcyDocument *document;

      /* a step may promise no verdict (the ladder of models) */
      if (bold == NULL)
        continue;
      promised = g_strndup (bold + 3, strcspn (bold + 3, "<"));
      /* one verdict a step */
      g_assert_null (strstr (bold + 3, "<b>"));
      acy_tutorial_open_example (tutorial, i);
      document = ui_test_run (window);
      results = acy_document_get_results_view (document);
      g_test_message ("step %u, %s: promised %s, got %s", i + 1,
                      acy_document_get_title (document), promised,
                      acy_results_view_get_verdict (results));
      g_assert_cmpstr (acy_results_view_get_verdict (results), ==, promised);
      /* and a race is flagged where the text says it is */
      if (strstr (text, "<tt>Flags: *undef*</tt>"))
        {
          g_assert_cmpstr (acy_results_view_get_notes (results), ==, "Flags: *undef*");
          if (g_getenv ("ACY_SHOT_DIR"))
            {
              gtk_window_present (GTK_WINDOW (tutorial));
              iterate_until (widget_is_mapped, tutorial);
              for (guint k = 0; k < i; k++)
                g_assert_true (gtk_widget_activate_action (GTK_WIDGET (tutorial), "tutorial.next", NULL));
              /* the carousel scrolls there; the picture only waits */
              for (gint64 end = g_get_monotonic_time () + 2 * G_USEC_PER_SEC; g_get_monotonic_time () < end;)
                if (!g_main_context_iteration (NULL, FALSE))
                  g_usleep (5000);
              ui_test_save_shot (GTK_WIDGET (window), "31-item13-tutorial-race-window");
              ui_test_save_shot (GTK_WIDGET (tutorial), "31-item13-tutorial-race-step");
            }
        }
    }
  destroy_window (tutorial);
  destroy_window (window);
}

/* French */

static void
test_french (void)
{
  g_autoptr(GSettings) settings = NULL;
  AcyPreferencesWindow *prefs;
  GtkWidget *row;

  if (!g_str_has_prefix (g_getenv ("LANGUAGE") ? g_getenv ("LANGUAGE") : "", "fr"))
    {
      g_test_skip ("run with LANGUAGE=fr");
      return;
    }

  /* Strings from C, from a template, and from the shortcuts window's context */
  g_assert_cmpstr (_("_Run"), ==, "_Lancer");
  g_assert_cmpstr (g_dpgettext2 (GETTEXT_PACKAGE, "shortcut window", "Preferences"), ==, "Préférences");

  settings = fresh_settings ();
  prefs = acy_preferences_window_new (NULL, settings);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (prefs)), ==, "Préférences");
  row = find_nth_widget (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW, 0);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Modèle par _défaut");
  destroy_window (prefs);
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("ACYCLIC_LOCALEDIR");

  /* As main.c does, with the catalogues of the build tree */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (!ui_test_init (&argc, &argv))
    return 77;
  adw_init ();

  g_test_add_func ("/ui/preferences/editor-font-css", test_editor_font_css);
  g_test_add_func ("/ui/preferences/search-path/find", test_search_path_find);
  g_test_add_func ("/ui/preferences/search-path/include", test_search_path_include);
  g_test_add_func ("/ui/preferences/default-model", test_preferences_default_model);
  g_test_add_func ("/ui/preferences/font", test_preferences_font);
  g_test_add_func ("/ui/preferences/search-path/window", test_preferences_search_path);
  g_test_add_func ("/ui/preferences/application", test_application_actions);
  g_test_add_func ("/ui/tutorial/steps", test_tutorial_steps);
  g_test_add_func ("/ui/tutorial/open-example", test_tutorial_open_example);
  g_test_add_func ("/ui/tutorial/verdicts", test_tutorial_verdicts);
  g_test_add_func ("/ui/i18n/french", test_french);

  return g_test_run ();
}
