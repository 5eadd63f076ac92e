/* acy-window-actions.c - what the user can do in the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>

#include "acy-check-job.h"
#include "acy-compare-window.h"
#include "acy-cycle-window.h"
#include "acy-examples.h"
#include "acy-window-private.h"

static void
add_filter (GtkFileChooser     *chooser,
            const char         *name,
            const char * const *patterns)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; patterns[i] != NULL; i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  gtk_file_chooser_add_filter (chooser, filter);
}

/* Files */

static void
acy_window_new_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);

  acy_window_new_document (self, g_str_equal (action_name, "win.new-model")
                                 ? ACY_DOCUMENT_CAT : ACY_DOCUMENT_LITMUS);
}

static void
acy_window_new_from_cycle_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  AcyCycleWindow *dialog = acy_cycle_window_new (GTK_WINDOW (widget), NULL);

  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
acy_window_open_response (AcyWindow            *self,
                          int                   response,
                          GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (native));

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        {
          g_autoptr(GFile) file = g_list_model_get_item (files, i);

          acy_window_open_file (self, file, 0, 0);
        }
    }

  g_object_unref (native);
}

static void
acy_window_open_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);
  GtkFileChooserNative *native;

  /* Owned by the response handler, which drops it. */
  native = gtk_file_chooser_native_new (_("Open"),
                                        GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Open"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (native), TRUE);
  add_filter (GTK_FILE_CHOOSER (native), _("Litmus Tests and Models"),
              (const char *[]) { "*.litmus", "*.cat", "*.bell", NULL });
  add_filter (GTK_FILE_CHOOSER (native), _("All Files"),
              (const char *[]) { "*", NULL });
  g_signal_connect_object (native, "response",
                           G_CALLBACK (acy_window_open_response),
                           self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
acy_window_open_uri_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  acy_window_open_file (ACY_WINDOW (widget), file, 0, 0);
}

typedef struct
{
  AcyWindow  *self;
  AdwTabPage *close_page;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_clear_object (&data->close_page);
  g_object_unref (data->self);
  g_free (data);
}

static void
acy_window_save_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  AcyDocument *document = ACY_DOCUMENT (object);
  SaveData *data = user_data;
  g_autoptr(GError) error = NULL;

  if (!acy_document_save_finish (document, result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* Translators: the first %s is a file name, the second why saving failed */
          g_autofree char *title = g_strdup_printf (_("Could not save “%s”: %s"),
                                                    acy_document_get_title (document),
                                                    error->message);

          if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
            {
              /* another program wrote the file: the user chooses */
              AdwToast *toast = adw_toast_new (title);

              adw_toast_set_button_label (toast, _("Save _Anyway"));
              adw_toast_set_detailed_action_name (toast, "win.save-anyway");
              adw_toast_set_action_target_value (toast,
                                                 g_variant_new_string (acy_document_get_id (document)));
              adw_toast_set_timeout (toast, 0);
              adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
              adw_toast_overlay_add_toast (data->self->toast_overlay, toast);
            }
          else
            acy_window_toast (data->self, title);
        }
      acy_window_finish_close (data->self, data->close_page, FALSE);
    }
  else
    {
      g_autofree char *uri = g_file_get_uri (acy_document_get_file (document));

      GFile *file = acy_document_get_file (document);

      gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
      /* a model saved here is one to choose from, closed or not */
      if (acy_document_get_kind (document) == ACY_DOCUMENT_CAT && g_file_peek_path (file) != NULL
          && g_str_has_suffix (g_file_peek_path (file), ".cat")
          && g_utf8_validate (g_file_peek_path (file), -1, NULL))
        acy_window_add_recent_model (data->self, g_file_peek_path (file));
      acy_window_finish_close (data->self, data->close_page, TRUE);
    }

  save_data_free (data);
}

static void
acy_window_save_as_response (GtkFileChooserNative *native,
                             int                   response,
                             SaveData             *data)
{
  AcyDocument *document = g_object_get_data (G_OBJECT (native), "acy-document");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      acy_document_save_async (document, file, data->self->cancellable, acy_window_save_cb, data);
    }
  else
    {
      acy_window_finish_close (data->self, data->close_page, FALSE);
      save_data_free (data);
    }

  g_object_unref (native);
}

/**
 * acy_window_save_document:
 * @close_page: (nullable): a page whose closing waits on this save
 */
void
acy_window_save_document (AcyWindow   *self,
                          AcyDocument *document,
                          gboolean     save_as,
                          AdwTabPage  *close_page)
{
  SaveData *data = g_new0 (SaveData, 1);
  GtkFileChooserNative *native;
  g_autofree char *name = NULL;
  const char *title;
  gboolean is_cat = acy_document_get_kind (document) == ACY_DOCUMENT_CAT;

  data->self = g_object_ref (self);
  data->close_page = close_page ? g_object_ref (close_page) : NULL;

  if (!save_as && acy_document_get_file (document) != NULL)
    {
      acy_document_save_async (document, NULL, self->cancellable, acy_window_save_cb, data);
      return;
    }

  native = gtk_file_chooser_native_new (is_cat ? _("Save Model") : _("Save Litmus Test"),
                                        GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Save"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  title = acy_document_get_title (document);
  if (g_str_has_suffix (title, ".litmus") || g_str_has_suffix (title, ".cat")
      || g_str_has_suffix (title, ".bell"))
    name = g_strdup (title);
  else
    name = g_strconcat (title, is_cat ? ".cat" : ".litmus", NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_object_set_data_full (G_OBJECT (native), "acy-document", g_object_ref (document), g_object_unref);
  g_signal_connect (native, "response", G_CALLBACK (acy_window_save_as_response), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* Saves the document with this id over a file another program changed
 * since it was loaded or saved: the user said so. */
static void
acy_window_save_anyway_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);
  const char *id = g_variant_get_string (parameter, NULL);

  for (guint i = 0; i < acy_window_get_n_documents (self); i++)
    {
      AcyDocument *document = acy_window_get_nth_document (self, i);

      if (g_str_equal (acy_document_get_id (document), id))
        {
          acy_document_forget_disk_state (document);
          acy_window_save_document (self, document, FALSE, NULL);
          return;
        }
    }
}

static void
acy_window_save_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);

  if (self->current != NULL)
    acy_window_save_document (self, self->current, g_str_equal (action_name, "win.save-as"), NULL);
}

/* Closing */

static void
acy_window_close_tab_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);

  if (page != NULL)
    adw_tab_view_close_page (self->tab_view, page);
}

/* Checking */

static void
acy_window_run_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  acy_window_run (ACY_WINDOW (widget));
}

static void
acy_window_run_machine_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  acy_window_run_machine (ACY_WINDOW (widget));
}

static void
acy_window_cancel_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);

  for (guint i = 0; i < acy_window_get_n_documents (self); i++)
    {
      acy_document_cancel_run (acy_window_get_nth_document (self, i));
      acy_document_cancel_machine (acy_window_get_nth_document (self, i));
    }
}

/* win.graph('next'|'previous'|'zoom-in'|'zoom-out'|'zoom-fit'): the
 * execution browser of the selected test, from anywhere in the window */
static void
acy_window_graph_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);
  g_autofree char *name = NULL;
  AcyResultsView *results;

  if (self->current == NULL || acy_document_get_kind (self->current) != ACY_DOCUMENT_LITMUS)
    return;
  results = acy_document_get_results_view (self->current);
  name = g_strconcat ("browser.", g_variant_get_string (parameter, NULL), NULL);
  gtk_widget_activate_action (GTK_WIDGET (acy_results_view_get_execution_browser (results)), name, NULL);
}

static void
acy_window_load_example_action (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);

  acy_window_load_example (self, parameter ? g_variant_get_string (parameter, NULL) : NULL);
  gtk_menu_button_popdown (self->examples_button);
}

/* Opens the comparison of models on the selected test, or the last one. */
static void
acy_window_compare_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);
  g_autoptr(AcyDocument) test = NULL;
  g_autofree char *text = NULL;
  AcyCompareWindow *compare;
  guint64 candidates;
  double seconds;

  if (self->current != NULL && acy_document_get_kind (self->current) == ACY_DOCUMENT_LITMUS)
    test = g_object_ref (self->current);
  else
    test = g_weak_ref_get (&self->last_test);
  if (test == NULL)
    {
      acy_window_toast (self, _("Open a litmus test to compare models on it"));
      return;
    }
  text = acy_document_get_text (test);
  compare = acy_compare_window_new (GTK_WINDOW (self), text, acy_document_get_title (test),
                                    acy_document_get_model (test));
  /* Nothing starts before Compare: a comparison can be long. */
  if (acy_results_view_get_cost (acy_document_get_results_view (test), &candidates, &seconds))
    acy_compare_window_set_cost (compare, candidates, seconds);
  gtk_window_present (GTK_WINDOW (compare));
}

/* Models */

static void
acy_window_open_model_response (AcyWindow            *self,
                                int                   response,
                                GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (g_file_peek_path (file) != NULL)
        acy_window_set_model (self, g_file_peek_path (file));
    }

  g_object_unref (native);
}

static void
acy_window_open_model_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Open Model"),
                                        GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Open"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_filter (GTK_FILE_CHOOSER (native), _("Cat Models and herd Configurations"),
              (const char *[]) { "*.cat", "*.cfg", NULL });
  add_filter (GTK_FILE_CHOOSER (native), _("All Files"),
              (const char *[]) { "*", NULL });
  g_signal_connect_object (native, "response",
                           G_CALLBACK (acy_window_open_model_response),
                           self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* The models shipped with Acyclic are not edited in place, even where
 * their folder is writable (a source tree). */
static gboolean
acy_window_is_builtin_model (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *canonical = g_canonicalize_filename (dir, NULL);
  g_autofree char *builtin = g_canonicalize_filename (acy_builtin_models_dir (), NULL);

  return g_str_equal (canonical, builtin);
}

/* An untitled copy of @cat_path in a tab of its own (the one open
 * already, if any). Until saved, runs use its text for @cat_path; once
 * saved, the tests on @cat_path use the saved file. */
static void
acy_window_edit_model_copy (AcyWindow  *self,
                            const char *cat_path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  AcyDocument *copy;
  gsize len;

  for (guint i = 0; i < acy_window_get_n_documents (self); i++)
    {
      AcyDocument *document = acy_window_get_nth_document (self, i);

      if (g_strcmp0 (acy_document_get_copy_of (document), cat_path) == 0)
        {
          adw_tab_view_set_selected_page (self->tab_view,
                                          adw_tab_view_get_page (self->tab_view, GTK_WIDGET (document)));
          return;
        }
    }

  if (!g_file_get_contents (cat_path, &text, &len, &error))
    {
      /* Translators: %s says why the model's file could not be read */
      g_autofree char *message = g_strdup_printf (_("Could not read the model: %s"), error->message);
      acy_window_toast (self, message);
      return;
    }

  name = acy_model_spec_name (cat_path);
  /* Translators: the name of an unsaved copy of a built-in model; %s is its file name without .cat */
  title = g_strdup_printf (_("%s-copy.cat"), name);
  copy = acy_window_new_document (self, ACY_DOCUMENT_CAT);
  acy_document_set_text (copy, text, len, title, FALSE);
  acy_document_set_copy_of (copy, cat_path);
  acy_window_toast (self, _("Built-in models are not changed: this is a copy to save under a name of yours"));
}

static void
acy_window_edit_model_cb (GObject      *object,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  g_autoptr(AcyWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *cat_path = NULL;

  cat_path = acy_check_job_resolve_cat_finish (result, &error);
  if (g_cancellable_is_cancelled (self->cancellable))
    return;

  if (cat_path == NULL)
    {
      /* Translators: %s says why the model's file could not be found */
      g_autofree char *title = g_strdup_printf (_("Could not find the model: %s"), error->message);
      acy_window_toast (self, title);
    }
  else if (acy_window_is_builtin_model (cat_path))
    acy_window_edit_model_copy (self, cat_path);
  else
    {
      g_autoptr(GFile) file = g_file_new_for_path (cat_path);
      acy_window_open_file (self, file, 0, 0);
    }
}

static void
acy_window_edit_model_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);
  const char *model = acy_window_get_model (self);

  if (model != NULL)
    acy_check_job_resolve_cat_async (model, self->cancellable, acy_window_edit_model_cb, g_object_ref (self));
}

/* From a toast: fetch the kernel's model, its progress in the chooser */
static void
acy_window_get_kernel_model_action (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);

  acy_window_fetch_kernel_model (self);
  gtk_menu_button_popup (self->model_button);
}

void
acy_window_update_actions (AcyWindow *self)
{
  gboolean has_document = self->current != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", has_document);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", has_document);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-tab", has_document);
}

/* The example gallery */

static GtkWidget *
gallery_row_new (const AcyExample *example)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *title = gtk_label_new (_(example->title));
  GtkWidget *summary = gtk_label_new (_(example->summary));

  gtk_widget_set_margin_top (box, 9);
  gtk_widget_set_margin_bottom (box, 9);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_label_set_xalign (GTK_LABEL (title), 0.0f);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (summary), 0.0f);
  gtk_label_set_wrap (GTK_LABEL (summary), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (summary), 48);
  gtk_label_set_width_chars (GTK_LABEL (summary), 48);
  gtk_widget_add_css_class (summary, "dim-label");
  gtk_widget_add_css_class (summary, "caption");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), summary);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(example->title),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _(example->summary),
                                  -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.load-example");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (row), g_variant_new_string (example->id));
  g_object_set_data (G_OBJECT (row), "acy-section", (gpointer) example->section);

  return row;
}

static void
gallery_header (GtkListBoxRow *row,
                GtkListBoxRow *before,
                gpointer       user_data)
{
  const char *section = g_object_get_data (G_OBJECT (row), "acy-section");
  const AcyExample *examples;
  g_autofree char *text = NULL;
  GtkWidget *header;
  guint n, count = 0;

  if (before != NULL && g_object_get_data (G_OBJECT (before), "acy-section") == section)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }

  examples = acy_examples_get (&n);
  for (guint i = 0; i < n; i++)
    if (examples[i].section == section)
      count++;
  /* Translators: a topic of the examples, then how many it has */
  text = g_strdup_printf (_("%s · %u"), _(section), count);
  header = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (header), 0.0f);
  gtk_widget_set_margin_top (header, before ? 18 : 6);
  gtk_widget_set_margin_bottom (header, 6);
  gtk_widget_set_margin_start (header, 12);
  gtk_widget_add_css_class (header, "heading");
  gtk_widget_add_css_class (header, "dim-label");
  gtk_list_box_row_set_header (row, header);
}

void
acy_window_init_gallery (AcyWindow *self)
{
  const AcyExample *examples;
  guint n;

  examples = acy_examples_get (&n);
  for (guint i = 0; i < n; i++)
    gtk_list_box_append (self->examples_list, gallery_row_new (&examples[i]));
  gtk_list_box_set_header_func (self->examples_list, gallery_header, NULL, NULL);

  /* GtkListBox adds headers after all its rows, where a screen reader
   * reads them; each goes before its row. The list never changes. */
  for (GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->examples_list, 0);
       row != NULL;
       row = gtk_list_box_get_row_at_index (self->examples_list, gtk_list_box_row_get_index (row) + 1))
    {
      GtkWidget *header = gtk_list_box_row_get_header (row);

      if (header != NULL)
        gtk_widget_insert_before (header, GTK_WIDGET (self->examples_list), GTK_WIDGET (row));
    }
}

void
acy_window_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new", NULL, acy_window_new_action);
  gtk_widget_class_install_action (widget_class, "win.new-model", NULL, acy_window_new_action);
  gtk_widget_class_install_action (widget_class, "win.new-from-cycle", NULL, acy_window_new_from_cycle_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, acy_window_open_action);
  gtk_widget_class_install_action (widget_class, "win.open-uri", "s", acy_window_open_uri_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, acy_window_save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, acy_window_save_action);
  gtk_widget_class_install_action (widget_class, "win.save-anyway", "s", acy_window_save_anyway_action);
  gtk_widget_class_install_action (widget_class, "win.close-tab", NULL, acy_window_close_tab_action);
  gtk_widget_class_install_action (widget_class, "win.run", NULL, acy_window_run_action);
  gtk_widget_class_install_action (widget_class, "win.run-machine", NULL, acy_window_run_machine_action);
  gtk_widget_class_install_property_action (widget_class, "win.machine-iterations", "machine-iterations");
  gtk_widget_class_install_action (widget_class, "win.cancel", NULL, acy_window_cancel_action);
  gtk_widget_class_install_action (widget_class, "win.graph", "s", acy_window_graph_action);
  gtk_widget_class_install_action (widget_class, "win.load-example", "s", acy_window_load_example_action);
  gtk_widget_class_install_action (widget_class, "win.open-model", NULL, acy_window_open_model_action);
  gtk_widget_class_install_action (widget_class, "win.edit-model", NULL, acy_window_edit_model_action);
  gtk_widget_class_install_action (widget_class, "win.compare", NULL, acy_window_compare_action);
  gtk_widget_class_install_action (widget_class, "win.get-kernel-model", NULL,
                                   acy_window_get_kernel_model_action);
  gtk_widget_class_install_property_action (widget_class, "win.model", "model");

  /* Ctrl+Return for win.run is an application accelerator, set in
   * AcyApplication: the editor would take it before a class shortcut.
   * The same holds for the others here that an editor might want.
   */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK, "win.new", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.save-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "win.close-tab", NULL);
}
