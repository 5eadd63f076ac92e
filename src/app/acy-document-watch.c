/* acy-document-watch.c - noticing that a document's file changed on disk
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GFileMonitor on the document's file; when the file on disk is no
 * longer as this document last loaded or saved it (another editor, git
 * checkout), a bar above the editor says so and offers to reload it, as
 * GNOME Text Editor does. libadwaita 1.2 has no AdwBanner: the bar is a
 * GtkInfoBar. The document's own saves are not taken for changes: the
 * file is compared with what the save left, once it is done.
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>

#include "acy-document-private.h"

/* Events come in bursts (a save is a write, a rename, attribute
 * changes): the file is looked at once they settle. */
#define SETTLE_MSEC 200

enum {
  RESPONSE_RELOAD = 1,
};

static void
acy_document_hide_changed_bar (AcyDocument *self)
{
  if (self->changed_bar != NULL)
    gtk_info_bar_set_revealed (GTK_INFO_BAR (self->changed_bar), FALSE);
}

static void
acy_document_reload_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  AcyDocument *self = ACY_DOCUMENT (object);
  g_autoptr(GError) error = NULL;

  if (!acy_document_load_finish (self, result, &error)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    acy_document_show_error (self, error->message);
}

/**
 * acy_document_reload:
 *
 * Reads the document's file again, its unsaved changes dropped.
 */
void
acy_document_reload (AcyDocument *self)
{
  g_return_if_fail (ACY_IS_DOCUMENT (self));
  g_return_if_fail (self->file != NULL);

  acy_document_hide_changed_bar (self);
  acy_document_load_async (self, self->file, NULL, acy_document_reload_cb, NULL);
}

static void
acy_document_changed_bar_response (AcyDocument *self,
                                   int          response,
                                   GtkInfoBar  *bar)
{
  if (response == RESPONSE_RELOAD)
    acy_document_reload (self);
  else
    {
      acy_document_hide_changed_bar (self);
      /* Kept as it is here: the next save asks before it writes over
       * the other program's version (G_IO_ERROR_WRONG_ETAG). */
    }
}

static void
acy_document_show_changed_bar (AcyDocument *self,
                               gboolean     deleted)
{
  g_autofree char *text = NULL;

  if (self->changed_bar == NULL)
    {
      GtkWidget *box = gtk_widget_get_parent (GTK_WIDGET (self->error_revealer));

      self->changed_bar = gtk_info_bar_new ();
      gtk_info_bar_set_message_type (GTK_INFO_BAR (self->changed_bar), GTK_MESSAGE_WARNING);
      gtk_info_bar_set_show_close_button (GTK_INFO_BAR (self->changed_bar), TRUE);
      self->changed_label = gtk_label_new (NULL);
      gtk_label_set_wrap (GTK_LABEL (self->changed_label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (self->changed_label), 0);
      gtk_widget_set_hexpand (self->changed_label, TRUE);
      gtk_info_bar_add_child (GTK_INFO_BAR (self->changed_bar), self->changed_label);
      self->reload_button = gtk_info_bar_add_button (GTK_INFO_BAR (self->changed_bar),
                                                     _("_Reload"), RESPONSE_RELOAD);
      gtk_info_bar_set_revealed (GTK_INFO_BAR (self->changed_bar), FALSE);
      g_signal_connect_object (self->changed_bar, "response",
                               G_CALLBACK (acy_document_changed_bar_response), self, G_CONNECT_SWAPPED);
      gtk_box_insert_child_after (GTK_BOX (box), self->changed_bar, GTK_WIDGET (self->error_revealer));
    }

  if (deleted)
    /* Translators: %s is a file name */
    text = g_strdup_printf (_("“%s” was deleted or moved on disk. Save it to keep this text."),
                            self->title);
  else if (acy_document_get_modified (self))
    /* Translators: %s is a file name */
    text = g_strdup_printf (_("“%s” changed on disk. Reload it to see the other version, "
                              "losing your unsaved changes here."), self->title);
  else
    /* Translators: %s is a file name */
    text = g_strdup_printf (_("“%s” changed on disk. Reload it to see the new version."), self->title);
  gtk_label_set_text (GTK_LABEL (self->changed_label), text);
  gtk_widget_set_visible (self->reload_button, !deleted);
  gtk_info_bar_set_revealed (GTK_INFO_BAR (self->changed_bar), TRUE);
}

/* Whether the file on disk is still as this document last loaded or
 * saved it; the bar says so when not. */
static gboolean
acy_document_look_at_disk (gpointer user_data)
{
  AcyDocument *self = user_data;
  gint64 mtime, size;
  g_autofree char *path = NULL;

  self->watch_id = 0;
  /* a save or load of our own under way: its end says how the file is */
  if (self->file == NULL || self->saving > 0 || self->loading > 0 || !self->disk_known)
    return G_SOURCE_REMOVE;
  path = g_file_get_path (self->file);
  if (!acy_document_disk_state (path, &mtime, &size))
    acy_document_show_changed_bar (self, TRUE);
  else if (mtime != self->disk_mtime || size != self->disk_size)
    acy_document_show_changed_bar (self, FALSE);
  else
    acy_document_hide_changed_bar (self);
  return G_SOURCE_REMOVE;
}

static void
acy_document_file_event (AcyDocument       *self,
                         GFile             *file,
                         GFile             *other,
                         GFileMonitorEvent  event,
                         GFileMonitor      *monitor)
{
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    case G_FILE_MONITOR_EVENT_RENAMED:
      g_clear_handle_id (&self->watch_id, g_source_remove);
      self->watch_id = g_timeout_add (SETTLE_MSEC, acy_document_look_at_disk, self);
      break;
    default:
      break;
    }
}

/**
 * acy_document_watch_file:
 *
 * Watches the document's file from now (none when it has none, or when
 * it is not local), once it is loaded or saved.
 */
void
acy_document_watch_file (AcyDocument *self)
{
  g_autoptr(GError) error = NULL;

  acy_document_unwatch_file (self);
  acy_document_hide_changed_bar (self);
  if (self->file == NULL || !g_file_is_native (self->file))
    return;
  self->monitor = g_file_monitor_file (self->file, G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
  if (self->monitor == NULL)
    {
      g_debug ("not watching %s: %s", g_file_peek_path (self->file), error->message);
      return;
    }
  g_signal_connect_object (self->monitor, "changed", G_CALLBACK (acy_document_file_event),
                           self, G_CONNECT_SWAPPED);
}

void
acy_document_unwatch_file (AcyDocument *self)
{
  g_clear_handle_id (&self->watch_id, g_source_remove);
  if (self->monitor != NULL)
    {
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
}

/* Whether the bar saying that the file changed on disk is up. */
gboolean
acy_document_get_changed_on_disk (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), FALSE);

  return self->changed_bar != NULL && gtk_info_bar_get_revealed (GTK_INFO_BAR (self->changed_bar));
}
