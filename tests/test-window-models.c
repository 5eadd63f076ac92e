/* test-window-models.c - the model chooser, the default model, and
 * which model a test is checked under
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In a HOME of its own (store-test-support.c), so that no kernel model
 * of the user's is found; the tests that need one install a copy of
 * ../shared/conformance/lkmm there, and skip without it.
 */

#define G_LOG_DOMAIN "test-window-models"

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "acyclic.h"
#include "acy-application.h"
#include "acy-check-job.h"
#include "acy-document.h"
#include "acy-preferences-window.h"
#include "acy-results-view.h"
#include "acy-window.h"
#include "store-test-support.h"
#include "ui-test-support.h"
#include "ui-app-support.h"

/* The memory backend keeps values for the whole process. */
static void
reset_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  g_settings_reset (settings, "default-model");
  g_settings_reset (settings, "recent-models");
}

static AcyWindow *
create_window (AcyApplication *app)
{
  AcyWindow *window = acy_window_new (app);

  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_is_mapped, window);
  return window;
}

static gboolean
document_has_file (gpointer data)
{
  return acy_document_get_file (data) != NULL;
}

/* The targets of the menu's win.model items, and of its sections' */
static void
collect_targets (GMenuModel *menu,
                 GPtrArray  *targets,
                 GPtrArray  *headings)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (menu, i, G_MENU_LINK_SECTION);
      g_autofree char *target = NULL;
      g_autofree char *label = NULL;

      if (section != NULL)
        {
          if (headings && g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
            g_ptr_array_add (headings, g_steal_pointer (&label));
          collect_targets (section, targets, headings);
        }
      else if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_TARGET, "s", &target))
        g_ptr_array_add (targets, g_steal_pointer (&target));
    }
}

static guint
count_in_menu (AcyWindow  *window,
               const char *path)
{
  g_autoptr(GPtrArray) targets = g_ptr_array_new_with_free_func (g_free);
  guint n = 0;

  collect_targets (acy_window_get_model_menu (window), targets, NULL);
  for (guint i = 0; i < targets->len; i++)
    n += g_str_equal (targets->pdata[i], path);
  return n;
}

static gboolean
menu_has_heading (AcyWindow  *window,
                  const char *heading)
{
  g_autoptr(GPtrArray) targets = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) headings = g_ptr_array_new_with_free_func (g_free);

  collect_targets (acy_window_get_model_menu (window), targets, headings);
  for (guint i = 0; i < headings->len; i++)
    if (g_str_equal (headings->pdata[i], heading))
      return TRUE;
  return FALSE;
}

static char *
write_file (const char *dir,
            const char *name,
            const char *text)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

/* A copy of the kernel's model in the store, as a fetch leaves it */
static char *
install_kernel_model (void)
{
  static const char *const files[] = {
    "linux-kernel.cfg", "linux-kernel.def", "linux-kernel.bell", "linux-kernel.cat", "lock.cat",
  };
  g_autofree char *dir = g_build_filename (store_parent (), "linux-kernel", NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *from = g_build_filename (fixtures, files[i], NULL);
      g_autofree char *to = g_build_filename (dir, files[i], NULL);
      g_autofree char *text = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (from, &text, &len, NULL));
      g_assert_true (g_file_set_contents (to, text, len, NULL));
    }
  return acy_check_job_find_kernel_model ();
}

/* Run on a model's tab checks the last test under that model, which the
 * test keeps; a model chosen with a model's tab in front is the test's;
 * the models open in tabs are in the chooser, once. */
static void
test_models_run_on_model_tab (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *dir = g_dir_make_tmp ("acyclic-models-XXXXXX", NULL);
  g_autofree char *strict = write_file (dir, "strict.cat",
                                        "\"Strict\"\ninclude \"cos.cat\"\n"
                                        "acyclic po | rf | co | fr as sequential\n");
  g_autofree char *coherent = acy_window_get_builtin_model ("coherent-rmo.cat");
  g_autofree char *sc = acy_window_get_builtin_model ("sc.cat");
  g_autoptr(GFile) file = g_file_new_for_path (strict);
  AcyWindow *window;
  AcyDocument *test, *model;
  AcyResultsView *results;

  reset_settings ();
  window = create_window (app);
  acy_window_load_example (window, "C-MP+o-o+o-o");
  test = acy_window_get_document (window);
  results = acy_document_get_results_view (test);
  g_assert_cmpstr (acy_document_get_model (test), ==, coherent);
  ui_test_run (window);
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Sometimes");

  acy_window_load_file (window, file);
  model = acy_window_get_document (window);
  iterate_until (document_has_file, model);
  g_assert_true (acy_document_get_kind (model) == ACY_DOCUMENT_CAT);
  /* listed among the models open in tabs, once */
  g_assert_true (menu_has_heading (window, "Open in Tabs"));
  g_assert_cmpuint (count_in_menu (window, strict), ==, 1);
  /* what Run checks under with the model in front */
  g_assert_cmpstr (acy_window_get_model (window), ==, strict);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  g_assert_true (acy_window_get_document (window) == test);
  while (acy_document_get_running (test))
    iterate_a_little ();
  g_assert_cmpstr (acy_document_get_model (test), ==, strict);
  g_assert_cmpstr (acy_results_view_get_page (results), ==, "result");
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Never");
  g_assert_cmpstr (acy_window_get_model (window), ==, strict);

  /* Chosen with the model in front: the test's from now, brought forward */
  {
    AdwTabView *tabs = ADW_TAB_VIEW (gtk_widget_get_ancestor (GTK_WIDGET (model), ADW_TYPE_TAB_VIEW));

    adw_tab_view_set_selected_page (tabs, adw_tab_view_get_page (tabs, GTK_WIDGET (model)));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.model", "s", sc));
  g_assert_cmpstr (acy_document_get_model (test), ==, sc);
  g_assert_true (acy_window_get_document (window) == test);
  g_assert_cmpstr (acy_window_get_model (window), ==, sc);

  /* Once closed, not listed as open */
  {
    AdwTabView *tabs = ADW_TAB_VIEW (gtk_widget_get_ancestor (GTK_WIDGET (model), ADW_TYPE_TAB_VIEW));

    adw_tab_view_close_page (tabs, adw_tab_view_get_page (tabs, GTK_WIDGET (model)));
  }
  iterate_a_little ();
  g_assert_false (menu_has_heading (window, "Open in Tabs"));

  destroy_window (window);
  g_unlink (strict);
  g_rmdir (dir);
}

static gboolean
document_is_saved (gpointer data)
{
  return !acy_document_get_modified (data);
}

/* A model saved in the window is in the chooser once its tab is closed;
 * Run on a new model never saved asks to save it. */
static void
test_models_saved_in_chooser (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *dir = g_dir_make_tmp ("acyclic-models-XXXXXX", NULL);
  g_autofree char *mine = write_file (dir, "mine.cat", "\"Mine\"\nacyclic po | rf as mine\n");
  g_autoptr(GFile) file = g_file_new_for_path (mine);
  AcyWindow *window;
  AcyDocument *test, *model, *untitled;
  GtkTextBuffer *buffer;

  reset_settings ();
  window = create_window (app);
  test = acy_window_get_document (window);
  acy_window_load_file (window, file);
  model = acy_window_get_document (window);
  iterate_until (document_has_file, model);
  buffer = GTK_TEXT_BUFFER (acy_document_get_buffer (model));
  gtk_text_buffer_insert_at_cursor (buffer, "(* edited *)\n", -1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL));
  iterate_until (document_is_saved, model);
  {
    AdwTabView *tabs = ADW_TAB_VIEW (gtk_widget_get_ancestor (GTK_WIDGET (model), ADW_TYPE_TAB_VIEW));

    adw_tab_view_close_page (tabs, adw_tab_view_get_page (tabs, GTK_WIDGET (model)));
  }
  iterate_a_little ();
  g_assert_true (menu_has_heading (window, "Recent Models"));
  g_assert_cmpuint (count_in_menu (window, mine), ==, 1);

  /* A new model, never saved: Run says to save it, and checks nothing */
  untitled = acy_window_new_document (window, ACY_DOCUMENT_CAT);
  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (acy_document_get_buffer (untitled)), "acyclic po as p\n", -1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.run", NULL));
  g_assert_false (acy_document_get_running (test));
  g_assert_true (acy_window_get_document (window) == untitled);
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (acy_document_get_buffer (untitled)), FALSE);

  destroy_window (window);
  g_unlink (mine);
  g_rmdir (dir);
}

/* The chooser changes the window's tests, never the default of the
 * preferences; the window says which model new tests get. */
static void
test_models_default_only_in_preferences (void)
{
  g_autoptr(AcyApplication) app = ui_test_create_application ();
  g_autofree char *coherent = acy_window_get_builtin_model ("coherent-rmo.cat");
  g_autofree char *sc = acy_window_get_builtin_model ("sc.cat");
  g_autofree char *toy = acy_window_get_builtin_model ("toy-rmo.cat");
  GSettings *settings = NULL;
  g_autofree char *value = NULL;
  AcyWindow *window, *other;

  reset_settings ();
  window = create_window (app);
  settings = acy_application_get_settings (app);
  g_assert_nonnull (settings);
  g_assert_true (menu_has_heading (window, "New tests: Coherent RMO, the default"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.model", "s", sc));
  value = g_settings_get_string (settings, "default-model");
  g_assert_cmpstr (value, ==, "coherent-rmo.cat");
  /* the window keeps it for its new tests, and says so */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL));
  g_assert_cmpstr (acy_document_get_model (acy_window_get_document (window)), ==, sc);
  g_assert_true (menu_has_heading (window, "New tests: Sequential Consistency, chosen here"));

  /* another window starts from the default */
  other = create_window (app);
  g_assert_cmpstr (acy_document_get_model (acy_window_get_document (other)), ==, coherent);
  destroy_window (other);

  /* the preferences change it: new tests follow */
  g_settings_set_string (settings, "default-model", "toy-rmo.cat");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL));
  g_assert_cmpstr (acy_document_get_model (acy_window_get_document (window)), ==, toy);
  g_assert_true (menu_has_heading (window, "New tests: Toy RMO, the default"));

  destroy_window (window);
  reset_settings ();
}

/* Once found, the kernel's model can be the default; it is listed once
 * in the chooser, whatever the recent models say. */
static void
test_models_kernel_default (void)
{
  g_autoptr(AcyApplication) app = NULL;
  g_autofree char *kernel = NULL;
  g_autofree char *value = NULL;
  AcyPreferencesWindow *prefs;
  AdwComboRow *row;
  GListModel *list;
  AcyWindow *window;
  guint i, n;

  if (!need_fixtures ())
    return;
  clear_store ();
  reset_settings ();
  app = ui_test_create_application ();
  window = create_window (app);

  /* not found: not offered */
  prefs = acy_preferences_window_new (GTK_WINDOW (window), acy_application_get_settings (app));
  row = ADW_COMBO_ROW (find_widget_of_type (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW));
  list = adw_combo_row_get_model (row);
  for (i = 0; i < g_list_model_get_n_items (list); i++)
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (list), i), !=, "Linux kernel (LKMM)");
  destroy_window (prefs);

  kernel = install_kernel_model ();
  g_assert_nonnull (kernel);
  prefs = acy_preferences_window_new (GTK_WINDOW (window), acy_application_get_settings (app));
  row = ADW_COMBO_ROW (find_widget_of_type (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW));
  list = adw_combo_row_get_model (row);
  n = g_list_model_get_n_items (list);
  for (i = 0; i < n; i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (list), i), "Linux kernel (LKMM)"))
      break;
  g_assert_cmpuint (i, <, n);
  adw_combo_row_set_selected (row, i);
  value = g_settings_get_string (acy_application_get_settings (app), "default-model");
  g_assert_cmpstr (value, ==, "linux-kernel.cfg");
  if (g_getenv ("ACY_SHOT_DIR") != NULL)
    {
      gtk_window_present (GTK_WINDOW (prefs));
      iterate_until (widget_is_mapped, prefs);
      ui_test_save_shot (GTK_WIDGET (prefs), "31-item7-kernel-default");
    }
  destroy_window (prefs);
  /* new tests get it */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL));
  g_assert_cmpstr (acy_document_get_model (acy_window_get_document (window)), ==, kernel);

  /* Listed once, with one radio on, even where an older session left it
   * among the recent models */
  {
    const char *const recent[] = { kernel, NULL };

    g_settings_set_strv (acy_application_get_settings (app), "recent-models", recent);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.model", "s", kernel));
  g_assert_cmpuint (count_in_menu (window, kernel), ==, 1);

  destroy_window (window);
  clear_store ();
  reset_settings ();
}

static gboolean
document_is_idle (gpointer data)
{
  return !acy_document_get_running (data);
}

/* A test that calls the kernel's primitives, opened after C11 work, is
 * checked under a model that reads them: the kernel's when found, else
 * a built-in one (with a button that gets the kernel's). It failed with
 * "unknown macro WRITE_ONCE (not defined in c11.def)". */
static void
test_models_kernel_primitives (void)
{
  g_autoptr(AcyApplication) app = NULL;
  g_autofree char *rc11 = acy_window_get_builtin_model ("rc11.cat");
  g_autofree char *coherent = acy_window_get_builtin_model ("coherent-rmo.cat");
  g_autofree char *kernel = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acyclic-models-XXXXXX", NULL);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/org/acyclic/Acyclic/examples/C-MP+o-mb-o+o-mb-o.litmus",
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  AcyWindow *window;
  AcyDocument *document;
  AcyResultsView *results;

  clear_store ();
  reset_settings ();
  app = ui_test_create_application ();
  window = create_window (app);

  /* the tutorial's C11 steps leave RC11 chosen */
  acy_window_set_model (window, rc11);
  acy_window_load_example (window, "C-MP+o-mb-o+o-mb-o");
  document = acy_window_get_document (window);
  g_assert_cmpstr (acy_document_get_model (document), ==, coherent);
  results = acy_document_get_results_view (document);
  ui_test_run (window);
  g_assert_cmpstr (acy_results_view_get_page (results), ==, "result");
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Never");
  ui_test_save_shot (GTK_WIDGET (window), "31-item8-kernel-primitives-fallback");

  /* a C11 test is still left under RC11 */
  acy_window_load_example (window, "C11-MP+rel+acq");
  g_assert_cmpstr (acy_document_get_model (acy_window_get_document (window)), ==, rc11);

  if (fixtures != NULL)
    {
      kernel = install_kernel_model ();
      /* opened from a file, under RC11 */
      acy_window_set_model (window, rc11);
      path = write_file (dir, "MP+mb.litmus", g_bytes_get_data (bytes, NULL));
      file = g_file_new_for_path (path);
      acy_window_new_document (window, ACY_DOCUMENT_LITMUS);
      acy_window_load_file (window, file);
      document = acy_window_get_document (window);
      iterate_until (document_has_file, document);
      g_assert_cmpstr (acy_document_get_model (document), ==, kernel);
      ui_test_run (window);
      iterate_until (document_is_idle, document);
      results = acy_document_get_results_view (document);
      g_assert_cmpstr (acy_results_view_get_page (results), ==, "result");
      g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Never");
      g_unlink (path);
    }
  else
    g_test_message ("no ../shared/conformance/lkmm: the kernel model's case is not tried");

  destroy_window (window);
  g_rmdir (dir);
  clear_store ();
  reset_settings ();
}

/* An AArch64 test opened from a file under the window's default, a
 * model for C tests, is checked under Armv8, and says so; one chosen
 * for it by file is kept. */
static void
test_models_assembly_file (void)
{
  g_autoptr(AcyApplication) app = NULL;
  g_autofree char *armv8 = acy_window_get_builtin_model ("armv8.cat");
  g_autofree char *dir = g_dir_make_tmp ("acyclic-models-XXXXXX", NULL);
  g_autofree char *path = NULL;
  g_autofree char *own = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GBytes) bytes = g_resources_lookup_data ("/org/acyclic/Acyclic/examples/AArch64-MP.litmus",
                                                     G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  AcyWindow *window;
  AcyDocument *document;
  AcyResultsView *results;

  clear_store ();
  reset_settings ();
  app = ui_test_create_application ();
  window = create_window (app);

  path = write_file (dir, "MP.litmus", g_bytes_get_data (bytes, NULL));
  file = g_file_new_for_path (path);
  acy_window_new_document (window, ACY_DOCUMENT_LITMUS);
  acy_window_load_file (window, file);
  document = acy_window_get_document (window);
  iterate_until (document_has_file, document);
  g_assert_cmpstr (acy_document_get_model (document), ==, armv8);
  ui_test_run (window);
  iterate_until (document_is_idle, document);
  results = acy_document_get_results_view (document);
  g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Sometimes");

  /* a model file of the user's own is left chosen */
  own = write_file (dir, "my-arm.cat", "AArch64 \"mine\"\ninclude \"armv8.cat\"\n");
  acy_window_set_model (window, own);
  acy_window_new_document (window, ACY_DOCUMENT_LITMUS);
  acy_window_load_file (window, file);
  document = acy_window_get_document (window);
  iterate_until (document_has_file, document);
  g_assert_cmpstr (acy_document_get_model (document), ==, own);

  destroy_window (window);
  g_unlink (path);
  g_unlink (own);
  g_rmdir (dir);
  clear_store ();
  reset_settings ();
}

int
main (int argc, char **argv)
{
  int status;

  /* Before GTK and GLib read them */
  store_test_init ("acy-window-models-XXXXXX");
  if (!ui_test_init (&argc, &argv))
    {
      store_test_clear ();
      return 77;
    }
  g_test_add_func ("/ui/models/run-on-model-tab", test_models_run_on_model_tab);
  g_test_add_func ("/ui/models/saved-in-chooser", test_models_saved_in_chooser);
  g_test_add_func ("/ui/models/default-only-in-preferences", test_models_default_only_in_preferences);
  g_test_add_func ("/ui/models/kernel-default", test_models_kernel_default);
  g_test_add_func ("/ui/models/kernel-primitives", test_models_kernel_primitives);
  g_test_add_func ("/ui/models/assembly-file", test_models_assembly_file);
  status = g_test_run ();
  store_test_clear ();
  return status;
}
