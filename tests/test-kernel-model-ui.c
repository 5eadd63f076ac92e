/* test-kernel-model-ui.c - the model chooser's "Get the Linux Kernel Model" row
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The row fetches from a server on 127.0.0.1 in this process (the
 * settings point it there), into a temporary XDG_DATA_HOME. The model's
 * files come from ../shared/conformance/lkmm; without them the tests
 * skip with a message.
 */

#define G_LOG_DOMAIN "test-kernel-model-ui"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "acyclic.h"
#include "acy-application.h"
#include "acy-check-job.h"
#include "acy-compare-window.h"
#include "acy-document.h"
#include "acy-results-view.h"
#include "acy-window.h"
#include "http-test-server.h"
#include "store-test-support.h"
#include "ui-test-support.h"
#include "ui-app-support.h"

typedef struct {
  AcyApplication *app;
  AcyWindow      *window;
  TestServer     *server;
  GtkWidget      *row;
  GtkWidget      *get_button;
  GtkWidget      *busy_box;
  GtkWidget      *cancel_button;
  GtkWidget      *error_label;
} Fixture;

/* A window whose settings fetch from a new server; the store empty. */
static gboolean
fixture_set_up (Fixture *f)
{
  g_autoptr(GSettings) settings = NULL;

  if (!need_fixtures ())
    return FALSE;
  clear_store ();
  f->server = test_server_new (fixtures);
  settings = g_settings_new (APP_ID);
  g_settings_set_string (settings, "linux-kernel-model-url", test_server_get_url (f->server));

  f->app = ui_test_create_application ();
  g_application_activate (G_APPLICATION (f->app));
  {
    GSettings *app_settings = acy_application_get_settings (f->app);
    g_autofree char *url = NULL;

    g_assert_nonnull (app_settings);
    url = g_settings_get_string (app_settings, "linux-kernel-model-url");
    g_assert_cmpstr (url, ==, test_server_get_url (f->server));
  }
  f->window = ACY_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (f->app)));
  iterate_until (widget_is_mapped, f->window);

  f->row = acy_window_get_kernel_model_row (f->window);
  g_assert_nonnull (f->row);
  /* In the model menu, since the model is nowhere yet. */
  g_assert_nonnull (gtk_widget_get_ancestor (f->row, GTK_TYPE_POPOVER_MENU));
  f->get_button = gtk_widget_get_first_child (f->row);
  f->busy_box = gtk_widget_get_next_sibling (f->get_button);
  f->cancel_button = gtk_widget_get_last_child (f->busy_box);
  f->error_label = gtk_widget_get_next_sibling (f->busy_box);
  g_assert_true (GTK_IS_BUTTON (f->get_button));
  g_assert_true (GTK_IS_BUTTON (f->cancel_button));
  g_assert_true (GTK_IS_LABEL (f->error_label));
  gtk_popover_popup (GTK_POPOVER (gtk_widget_get_ancestor (f->row, GTK_TYPE_POPOVER_MENU)));
  return TRUE;
}

static void
fixture_tear_down (Fixture *f)
{
  GtkWidget *menu = f->row ? gtk_widget_get_ancestor (f->row, GTK_TYPE_POPOVER_MENU) : NULL;

  /* The menu closed first: a tooltip of it still waiting to show when
   * its surface goes asks GDK for the pointer on a dead surface (a GTK
   * 4.8 critical, seen under Xvfb with the pointer over the menu). */
  if (menu != NULL)
    {
      gtk_popover_popdown (GTK_POPOVER (menu));
      iterate_a_little ();
    }
  if (f->window != NULL)
    destroy_window (f->window);
  g_clear_object (&f->app);
  g_clear_pointer (&f->server, test_server_free);
  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);
    g_settings_reset (settings, "linux-kernel-model-url");
    g_settings_reset (settings, "default-model");
    g_settings_reset (settings, "recent-models");
  }
}

static gboolean
model_is_kernel (gpointer data)
{
  const char *model = acy_window_get_model (ACY_WINDOW (data));

  return model != NULL && g_str_has_suffix (model, "linux-kernel.cfg");
}

static gboolean
fetch_is_over (gpointer data)
{
  Fixture *f = data;

  return model_is_kernel (f->window) || gtk_widget_get_visible (f->error_label);
}

static gboolean
widget_is_visible (gpointer data)
{
  return gtk_widget_get_visible (GTK_WIDGET (data));
}

static gboolean
has_label_containing (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    if (has_label_containing (c, text))
      return TRUE;
  return FALSE;
}

/* The row fetches and installs the model; the chooser then lists it
 * first and uses it; the RCU example opens with it and runs; About names
 * the files' source and licence. */
static void
test_fetch_from_chooser (void)
{
  Fixture f = { 0 };
  g_autofree char *want = NULL;
  g_autofree char *listing = NULL;

  if (!fixture_set_up (&f))
    return;
  g_assert_true (gtk_widget_get_visible (f.get_button));
  g_assert_false (gtk_widget_get_visible (f.busy_box));

  g_signal_emit_by_name (f.get_button, "clicked");
  g_assert_true (gtk_widget_get_visible (f.busy_box));
  iterate_until (fetch_is_over, &f);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (f.error_label)), ==, "");

  want = g_build_filename (store_parent (), "linux-kernel", "linux-kernel.cfg", NULL);
  g_assert_cmpstr (acy_window_get_model (f.window), ==, want);
  listing = store_listing ();
  g_assert_cmpstr (listing, ==, "linux-kernel");
  /* The row leaves the menu: the model is there now. */
  g_assert_null (gtk_widget_get_parent (f.row));
  /* A model named in the settings (default model) is found there too. */
  {
    g_autofree char *found = acy_check_job_find_model ("linux-kernel.cfg");
    g_assert_cmpstr (found, ==, want);
  }
  ui_test_pause_for_screenshot ();

  /* An example that needs the kernel model opens with it, and runs. */
  {
    g_autofree char *sc = g_build_filename (acy_builtin_models_dir (), "sc.cat", NULL);
    acy_window_set_model (f.window, sc);
  }
  acy_window_load_example (f.window, "RCU-MP");
  {
    AcyDocument *document = acy_window_get_document (f.window);
    AcyResultsView *results = acy_document_get_results_view (document);

    g_assert_cmpstr (acy_document_get_model (document), ==, want);
    ui_test_run (f.window);
    g_assert_cmpstr (acy_results_view_get_verdict (results), ==, "Never");
  }

  /* Compare offers it first, by its name, chosen with the document's
   * model when that is the kernel's. */
  {
    AcyCompareWindow *compare = acy_compare_window_new (GTK_WINDOW (f.window), NULL, NULL, want);
    g_auto(GStrv) chosen = acy_compare_window_get_models (compare);

    g_assert_cmpstr (chosen[0], ==, want);
    g_assert_true (has_label_containing (GTK_WIDGET (compare), "Linux kernel (LKMM)"));
    g_assert_false (has_label_containing (GTK_WIDGET (compare), "linux-kernel.cfg"));
    gtk_window_destroy (GTK_WINDOW (compare));
  }

  /* About: the legal section names where the files came from. */
  {
    GListModel *toplevels = gtk_window_get_toplevels ();
    GtkWindow *about = NULL;

    g_action_group_activate_action (G_ACTION_GROUP (f.app), "about", NULL);

    for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
      {
        g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);
        if (ADW_IS_ABOUT_WINDOW (w))
          about = GTK_WINDOW (w);
      }
    g_assert_nonnull (about);
    g_assert_true (has_label_containing (GTK_WIDGET (about), test_server_get_url (f.server)));
    g_assert_true (has_label_containing (GTK_WIDGET (about), "GPL-2.0"));
    gtk_window_destroy (about);
  }

  fixture_tear_down (&f);
}

/* A broken file: the error, with its place, shows in the row; nothing is
 * installed and the row can try again. */
static void
test_fetch_error (void)
{
  Fixture f = { 0 };
  g_autofree char *cat = NULL;
  g_autofree char *broken = NULL;
  g_autofree char *want = NULL;
  g_autofree char *listing = NULL;
  g_autofree char *cat_path = NULL;

  if (!fixture_set_up (&f))
    return;
  cat_path = g_build_filename (fixtures, "linux-kernel.cat", NULL);
  g_assert_true (g_file_get_contents (cat_path, &cat, NULL, NULL));
  broken = g_strconcat (cat, "\nlet broken = (po |\n", NULL);
  test_server_set_body (f.server, "linux-kernel.cat", broken);

  g_signal_emit_by_name (f.get_button, "clicked");
  iterate_until (widget_is_visible, f.error_label);
  want = g_strdup_printf ("%slinux-kernel.cat:", test_server_get_url (f.server));
  g_assert_true (g_str_has_prefix (gtk_label_get_text (GTK_LABEL (f.error_label)), want));
  g_assert_true (gtk_widget_get_visible (f.get_button));
  g_assert_false (gtk_widget_get_visible (f.busy_box));
  g_assert_nonnull (gtk_widget_get_parent (f.row));
  g_assert_false (model_is_kernel (f.window));
  listing = store_listing ();
  g_assert_cmpstr (listing, ==, "");
  ui_test_pause_for_screenshot ();

  fixture_tear_down (&f);
}

/* "From a Mirror or Folder...": a folder holding the files (a kernel
 * tree's tools/memory-model), as the command line's --from; the address
 * of the settings is where the dialog starts, and is not asked. */
static void
test_fetch_from_folder (void)
{
  Fixture f = { 0 };
  GtkWidget *from, *dialog, *entry;
  g_autofree char *want = NULL;
  g_autofree char *listing = NULL;

  if (!fixture_set_up (&f))
    return;
  from = gtk_widget_get_last_child (f.row);
  g_assert_true (GTK_IS_BUTTON (from));
  g_assert_true (gtk_widget_get_visible (from));
  g_assert_nonnull (strstr (gtk_button_get_label (GTK_BUTTON (from)), "Folder"));
  ui_test_save_shot (gtk_widget_get_ancestor (f.row, GTK_TYPE_POPOVER_MENU), "31-item13-kernel-row");
  dialog = acy_window_ask_kernel_model_source (f.window);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  entry = find_widget_of_type (dialog, GTK_TYPE_ENTRY);
  g_assert_nonnull (entry);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, test_server_get_url (f.server));
  gtk_editable_set_text (GTK_EDITABLE (entry), fixtures);
  ui_test_save_shot (dialog, "31-item13-kernel-from-folder");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "get");
  iterate_until (fetch_is_over, &f);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (f.error_label)), ==, "");
  want = g_build_filename (store_parent (), "linux-kernel", "linux-kernel.cfg", NULL);
  g_assert_cmpstr (acy_window_get_model (f.window), ==, want);
  listing = store_listing ();
  g_assert_cmpstr (listing, ==, "linux-kernel");
  /* from the folder: the server was not asked */
  g_assert_cmpuint (test_server_get_n_requests (f.server), ==, 0);
  fixture_tear_down (&f);
}

static gboolean
server_has_request (gpointer data)
{
  return test_server_get_n_requests (data) > 0;
}

/* Cancel while the server stalls: back to the button, nothing installed. */
static void
test_fetch_cancel (void)
{
  Fixture f = { 0 };
  g_autofree char *listing = NULL;

  if (!fixture_set_up (&f))
    return;
  test_server_set_stall (f.server, TRUE);
  g_signal_emit_by_name (f.get_button, "clicked");
  iterate_until (server_has_request, f.server);
  g_assert_true (gtk_widget_get_visible (f.busy_box));
  ui_test_pause_for_screenshot ();
  g_signal_emit_by_name (f.cancel_button, "clicked");
  iterate_until (widget_is_visible, f.get_button);
  g_assert_false (gtk_widget_get_visible (f.busy_box));
  g_assert_false (gtk_widget_get_visible (f.error_label));
  listing = store_listing ();
  g_assert_cmpstr (listing, ==, "");

  fixture_tear_down (&f);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  /* Before GTK and GLib read them. */
  store_test_init ("acy-kernel-ui-XXXXXX");
  if (!ui_test_init (&argc, &argv))
    {
      store_test_clear ();
      return 77;
    }

  g_test_add_func ("/ui/kernel-model/fetch", test_fetch_from_chooser);
  g_test_add_func ("/ui/kernel-model/error", test_fetch_error);
  g_test_add_func ("/ui/kernel-model/cancel", test_fetch_cancel);
  g_test_add_func ("/ui/kernel-model/from-folder", test_fetch_from_folder);

  status = g_test_run ();
  store_test_clear ();
  return status;
}
