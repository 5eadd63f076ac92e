/* acy-window-close.c - closing a tab, or the window, with unsaved work
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A tab with unsaved changes asks before it goes. The window asks once,
 * with one list of every modified document (each ticked to be saved, as
 * GNOME Text Editor does), then closes their tabs one by one, saving or
 * discarding each as answered, and stops at the first save that fails
 * or is cancelled.
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>

#include "acy-accessible.h"
#include "acy-window-private.h"

/* What the window's question decided for a document it listed. */
#define CLOSE_SAVE    GINT_TO_POINTER (1)
#define CLOSE_DISCARD GINT_TO_POINTER (2)

/* A close that waited on a save goes ahead, or not. */
void
acy_window_finish_close (AcyWindow  *self,
                         AdwTabPage *page,
                         gboolean    confirm)
{
  if (page == NULL)
    return;

  if (!confirm)
    acy_window_stop_closing (self);
  adw_tab_view_close_page_finish (self->tab_view, page, confirm);
}

/* The window stays: a question was cancelled, or a save failed. */
void
acy_window_stop_closing (AcyWindow *self)
{
  self->closing = FALSE;
  g_clear_pointer (&self->close_plan, g_hash_table_unref);
}

typedef struct
{
  AcyWindow  *self;
  AdwTabPage *page;
} CloseData;

static void
acy_window_unsaved_response (AdwMessageDialog *dialog,
                             const char       *response,
                             CloseData        *data)
{
  AcyWindow *self = data->self;
  AcyDocument *document = ACY_DOCUMENT (adw_tab_page_get_child (data->page));

  if (g_str_equal (response, "save"))
    acy_window_save_document (self, document, FALSE, data->page);
  else if (g_str_equal (response, "discard"))
    {
      acy_document_discard_autosave (document);
      acy_window_finish_close (self, data->page, TRUE);
    }
  else
    acy_window_finish_close (self, data->page, FALSE);

  g_object_unref (data->page);
  g_object_unref (data->self);
  g_free (data);
}

/* Asks before a tab with unsaved changes goes, unless the window's
 * question answered for it already. */
gboolean
acy_window_close_page_cb (AcyWindow  *self,
                          AdwTabPage *page,
                          AdwTabView *tab_view)
{
  AcyDocument *document = ACY_DOCUMENT (adw_tab_page_get_child (page));
  gpointer decided = self->close_plan ? g_hash_table_lookup (self->close_plan, document) : NULL;
  CloseData *data;
  GtkWidget *dialog;

  if (!acy_document_get_modified (document) || decided == CLOSE_DISCARD)
    {
      acy_document_cancel_run (document);
      acy_document_discard_autosave (document);
      adw_tab_view_close_page_finish (tab_view, page, TRUE);
      return GDK_EVENT_STOP;
    }
  if (decided == CLOSE_SAVE)
    {
      acy_window_save_document (self, document, FALSE, page);
      return GDK_EVENT_STOP;
    }

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"), NULL);
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("“%s” has unsaved changes. Changes which are not saved will be permanently lost."),
                                  acy_document_get_title (document));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");

  data = g_new0 (CloseData, 1);
  data->self = g_object_ref (self);
  data->page = g_object_ref (page);
  g_signal_connect (dialog, "response", G_CALLBACK (acy_window_unsaved_response), data);
  gtk_window_present (GTK_WINDOW (dialog));

  return GDK_EVENT_STOP;
}

static AcyDocument *
first_modified_document (AcyWindow *self)
{
  for (guint i = 0; i < acy_window_get_n_documents (self); i++)
    {
      AcyDocument *document = acy_window_get_nth_document (self, i);

      if (acy_document_get_modified (document))
        return document;
    }

  return NULL;
}

/**
 * acy_window_continue_closing:
 *
 * While the window closes, closes the next modified tab (saved or
 * discarded as the window's question decided), and the window once none
 * is left.
 */
void
acy_window_continue_closing (AcyWindow *self)
{
  AcyDocument *document;
  AdwTabPage *page;

  if (!self->closing)
    return;

  document = first_modified_document (self);
  if (document == NULL)
    {
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }

  page = adw_tab_view_get_page (self->tab_view, GTK_WIDGET (document));
  adw_tab_view_set_selected_page (self->tab_view, page);
  adw_tab_view_close_page (self->tab_view, page);
}

/* ---- the window's question --------------------------------------------- */

typedef struct
{
  AcyWindow *self;
  GPtrArray *documents;   /* AcyDocument, modified, as listed */
  GPtrArray *checks;      /* GtkCheckButton, one per document */
} QuitData;

static void
quit_data_free (QuitData *data)
{
  g_ptr_array_unref (data->documents);
  g_ptr_array_unref (data->checks);
  g_object_unref (data->self);
  g_free (data);
}

static void
acy_window_quit_response (AdwMessageDialog *dialog,
                          const char       *response,
                          QuitData         *data)
{
  g_autoptr(AcyWindow) self = g_object_ref (data->self);
  gboolean save = g_str_equal (response, "save");

  /* answered once: the list goes with the answer */
  g_signal_handlers_disconnect_by_data (dialog, data);
  if (!save && !g_str_equal (response, "discard"))
    {
      quit_data_free (data);
      return;
    }

  g_clear_pointer (&self->close_plan, g_hash_table_unref);
  self->close_plan = g_hash_table_new_full (g_direct_hash, g_direct_equal, g_object_unref, NULL);
  for (guint i = 0; i < data->documents->len; i++)
    {
      AcyDocument *document = g_ptr_array_index (data->documents, i);
      gboolean ticked = gtk_check_button_get_active (g_ptr_array_index (data->checks, i));

      g_hash_table_insert (self->close_plan, g_object_ref (document),
                           save && ticked ? CLOSE_SAVE : CLOSE_DISCARD);
    }
  self->closing = TRUE;
  quit_data_free (data);
  acy_window_continue_closing (self);
}

/* One row of the list: the document's title, where it is kept, and
 * whether to save it. */
static GtkWidget *
quit_row_new (AcyDocument *document,
              GtkWidget  **check)
{
  GtkWidget *row = adw_action_row_new ();
  GFile *file = acy_document_get_file (document);
  g_autofree char *where = file ? g_file_get_parse_name (file) : g_strdup (_("Not saved yet"));

  *check = gtk_check_button_new ();
  gtk_check_button_set_active (GTK_CHECK_BUTTON (*check), TRUE);
  gtk_widget_set_valign (*check, GTK_ALIGN_CENTER);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), acy_document_get_title (document));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), where);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), *check);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), *check);
  /* TRANSLATORS: a document's tick in the list of those to save */
  {
    g_autofree char *label = g_strdup_printf (_("Save %s"), acy_document_get_title (document));

    gtk_accessible_update_property (GTK_ACCESSIBLE (*check), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  }
  return row;
}

/**
 * acy_window_ask_to_close:
 *
 * Asks once what to do with every document that has unsaved changes:
 * save those ticked (all, to begin with) or discard them all; then
 * closes the window. Returns the dialog, or %NULL when nothing is
 * modified (the window may close at once).
 */
GtkWidget *
acy_window_ask_to_close (AcyWindow *self)
{
  QuitData *data = g_new0 (QuitData, 1);
  GtkWidget *dialog;
  GtkWidget *list;
  guint n;

  data->self = g_object_ref (self);
  data->documents = g_ptr_array_new_with_free_func (g_object_unref);
  data->checks = g_ptr_array_new ();
  for (guint i = 0; i < acy_window_get_n_documents (self); i++)
    {
      AcyDocument *document = acy_window_get_nth_document (self, i);

      if (acy_document_get_modified (document))
        g_ptr_array_add (data->documents, g_object_ref (document));
    }
  n = data->documents->len;
  if (n == 0)
    {
      quit_data_free (data);
      return NULL;
    }

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"), NULL);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog),
                               g_dngettext (GETTEXT_PACKAGE,
                                            "A document has unsaved changes. Changes which are not saved will be permanently lost.",
                                            "Open documents have unsaved changes. Changes which are not saved will be permanently lost.",
                                            n));
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Documents with Unsaved Changes"), -1);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *check;

      gtk_list_box_append (GTK_LIST_BOX (list), quit_row_new (g_ptr_array_index (data->documents, i), &check));
      g_ptr_array_add (data->checks, check);
    }
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), list);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", n > 1 ? _("_Discard All") : _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (acy_window_quit_response), data);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}
