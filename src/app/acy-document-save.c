/* acy-document-save.c - loading, saving and autosaving a document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loads files through GtkSourceFileLoader, saves them atomically, and
 * copies unsaved text aside (acy-autosave.c) a few seconds after the
 * last edit.
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "acyclic.h"
#include "acy-autosave.h"
#include "acy-document-private.h"

/* Seconds after the last edit before an unsaved buffer is copied aside. */
#define AUTOSAVE_DELAY_SECONDS 3

static gboolean acy_document_autosave_cb (gpointer user_data);

/* The modification time (ns) and size of the file at @path, through links */
gboolean
acy_document_disk_state (const char *path,
                         gint64     *mtime,
                         gint64     *size)
{
  GStatBuf st;

  if (path == NULL || g_stat (path, &st) != 0)
    return FALSE;
  *mtime = (gint64) st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
  *size = (gint64) st.st_size;
  return TRUE;
}

static void
note_disk_state (AcyDocument *self,
                 GFile       *file)
{
  g_autofree char *path = g_file_get_path (file);

  self->disk_known = acy_document_disk_state (path, &self->disk_mtime, &self->disk_size);
}

void
acy_document_forget_disk_state (AcyDocument *self)
{
  g_return_if_fail (ACY_IS_DOCUMENT (self));

  self->disk_known = FALSE;
}

/**
 * acy_document_set_skeleton:
 *
 * Starts an untitled test from a skeleton that runs as it is (two
 * threads and an exists clause); until edited, it counts as empty.
 */
void
acy_document_set_skeleton (AcyDocument *self)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize len;
  const char *text;

  g_return_if_fail (ACY_IS_DOCUMENT (self));
  g_return_if_fail (self->kind == ACY_DOCUMENT_LITMUS);

  bytes = g_resources_lookup_data ("/org/acyclic/Acyclic/templates/new-test.litmus",
                                   G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_return_if_fail (bytes != NULL);
  text = g_bytes_get_data (bytes, &len);
  acy_document_set_text (self, text, len, NULL, FALSE);
  self->skeleton = TRUE;
}

static void
acy_document_loaded (AcyDocument *self)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start;

  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
  acy_document_clear_error (self);
  acy_results_view_show_empty (self->results_view);
}

/**
 * acy_document_set_text:
 * @title: (nullable): the new title, e.g. an example's name
 * @modified: whether the text differs from the file (a recovered copy)
 */
void
acy_document_set_text (AcyDocument *self,
                       const char  *text,
                       gssize       len,
                       const char  *title,
                       gboolean     modified)
{
  GtkTextBuffer *buffer;

  g_return_if_fail (ACY_IS_DOCUMENT (self));

  if (len < 0)
    len = strlen (text);
  /* The buffer keeps the final newline implicit, as the file loader does. */
  if (len > 0 && text[len - 1] == '\n')
    len--;

  self->skeleton = FALSE;
  buffer = GTK_TEXT_BUFFER (self->buffer);
  /* Loading is not an edit the user could want to undo. */
  gtk_text_buffer_begin_irreversible_action (buffer);
  gtk_text_buffer_set_text (buffer, text, len);
  gtk_text_buffer_end_irreversible_action (buffer);
  gtk_text_buffer_set_modified (buffer, modified);

  if (title != NULL)
    {
      g_free (self->title);
      self->title = g_strdup (title);
      acy_document_notify (self, PROP_TITLE);
    }
  acy_document_loaded (self);

  /* Recovered text is copied aside at once: a second crash must not
   * lose it.
   */
  if (modified)
    {
      g_clear_handle_id (&self->autosave_id, g_source_remove);
      acy_document_autosave_cb (self);
    }
}

/* A local save, on a worker */
typedef struct
{
  GBytes   *bytes;
  gboolean  check;        /* the file must still be as last seen: */
  gint64    mtime, size;
  gboolean  known;        /* out: the file as written */
} LocalSave;

static void
local_save_free (gpointer data)
{
  LocalSave *save = data;

  g_bytes_unref (save->bytes);
  g_free (save);
}

/* Ends a load (@saved FALSE) or a save of @file, taking @task and
 * @error: on success the document is @file's text, unmodified, and
 * knows how the file on disk is now (@local: as a local save left it;
 * NULL after a save through GIO, which does not say). */
static void
acy_document_io_done (GTask           *task_in,
                      GFile           *file,
                      GError          *error,
                      gboolean         saved,
                      const LocalSave *local)
{
  g_autoptr(GTask) task = task_in;
  AcyDocument *self = g_task_get_source_object (task);

  if (!saved && self->loading > 0)
    self->loading--;
  if (saved && self->saving > 0)
    self->saving--;
  if (error != NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  acy_document_set_file (self, file);
  if (!saved)
    note_disk_state (self, file);
  else
    {
      self->disk_known = local != NULL && local->known;
      self->disk_mtime = local ? local->mtime : 0;
      self->disk_size = local ? local->size : 0;
    }
  gtk_text_buffer_set_modified (GTK_TEXT_BUFFER (self->buffer), FALSE);
  if (saved)
    acy_document_discard_autosave (self);
  else
    acy_document_loaded (self);
  /* as it is on disk now, and again if another program changes it */
  acy_document_watch_file (self);
  g_task_return_boolean (task, TRUE);
}

/* What a document held before a load, put back if the load fails: the
 * loader writes into the buffer as it reads, so a file that turns out
 * not to be text (or to be unreadable half way) would otherwise be left
 * half shown in a tab that is not that file's. */
typedef struct
{
  char     *text;
  gboolean  modified;
  gboolean  skeleton;
} BeforeLoad;

static void
before_load_free (gpointer data)
{
  BeforeLoad *before = data;

  g_free (before->text);
  g_free (before);
}

static void
acy_document_load_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      task)
{
  GtkSourceFileLoader *loader = GTK_SOURCE_FILE_LOADER (object);
  AcyDocument *self = g_task_get_source_object (task);
  GError *error = NULL;

  if (!gtk_source_file_loader_load_finish (loader, result, &error))
    {
      BeforeLoad *before = g_task_get_task_data (task);
      GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);

      gtk_text_buffer_begin_irreversible_action (buffer);
      gtk_text_buffer_set_text (buffer, before->text, -1);
      gtk_text_buffer_end_irreversible_action (buffer);
      gtk_text_buffer_set_modified (buffer, before->modified);
      self->skeleton = before->skeleton;
      if (g_error_matches (error, GTK_SOURCE_FILE_LOADER_ERROR,
                           GTK_SOURCE_FILE_LOADER_ERROR_CONVERSION_FALLBACK)
          || g_error_matches (error, GTK_SOURCE_FILE_LOADER_ERROR,
                              GTK_SOURCE_FILE_LOADER_ERROR_ENCODING_AUTO_DETECTION_FAILED))
        {
          /* GtkSourceView's words are about its fallback characters */
          g_clear_error (&error);
          g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("it is not a text file"));
        }
    }
  acy_document_io_done (task, gtk_source_file_loader_get_location (loader), error, FALSE, NULL);
}

void
acy_document_load_async (AcyDocument         *self,
                         GFile               *file,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GtkSourceFile) source_file = NULL;
  g_autoptr(GtkSourceFileLoader) loader = NULL;
  BeforeLoad *before;
  GTask *task;

  g_return_if_fail (ACY_IS_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, acy_document_load_async);
  before = g_new0 (BeforeLoad, 1);
  before->text = acy_document_get_text (self);
  before->modified = acy_document_get_modified (self);
  before->skeleton = self->skeleton;
  g_task_set_task_data (task, before, before_load_free);
  self->loading++;

  /* a FIFO would hold the loader for ever, a device never end */
  {
    g_autofree char *path = g_file_get_path (file);
    GError *error = NULL;

    if (path != NULL && !acy_file_check_input (path, &error))
      {
        acy_document_io_done (task, file, error, FALSE, NULL);
        return;
      }
  }

  source_file = gtk_source_file_new ();
  gtk_source_file_set_location (source_file, file);
  loader = gtk_source_file_loader_new (self->buffer, source_file);
  gtk_source_file_loader_load_async (loader, G_PRIORITY_DEFAULT, cancellable,
                                     NULL, NULL, NULL,
                                     acy_document_load_cb, task);
}

gboolean
acy_document_load_finish (AcyDocument   *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

void
acy_document_discard_autosave (AcyDocument *self)
{
  g_return_if_fail (ACY_IS_DOCUMENT (self));

  g_clear_handle_id (&self->autosave_id, g_source_remove);
  /* a copy being written is removed by its worker once written */
  if (self->autosave_writing != NULL)
    g_cancellable_cancel (self->autosave_writing);
  self->autosave_again = FALSE;
  acy_autosave_remove (self->id);
}

static void
acy_document_save_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      task)
{
  GError *error = NULL;

  if (G_IS_TASK (result))
    {
      g_task_propagate_boolean (G_TASK (result), &error);
      acy_document_io_done (task, G_FILE (object), error, TRUE, g_task_get_task_data (G_TASK (result)));
      return;
    }
  g_file_replace_contents_finish (G_FILE (object), result, NULL, &error);
  acy_document_io_done (task, G_FILE (object), error, TRUE, NULL);
}

static void
save_local_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  const char *path = g_file_peek_path (G_FILE (source_object));
  LocalSave *save = task_data;
  gsize len;
  const char *data = g_bytes_get_data (save->bytes, &len);
  gint64 mtime, size;
  GError *error = NULL;

  /* Another program wrote it since: saving would lose what it wrote. A
   * file gone since is only written again. */
  if (save->check && acy_document_disk_state (path, &mtime, &size)
      && (mtime != save->mtime || size != save->size))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG, "%s",
                               _("it changed on disk since it was opened or last saved here"));
      return;
    }
  if (!acy_file_write (path, data, len, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  save->known = acy_document_disk_state (path, &save->mtime, &save->size);
  g_task_return_boolean (task, TRUE);
}

/**
 * acy_document_save_async:
 * @file: (nullable): where to save, or %NULL for the document's file
 *
 * Saves atomically: a local file through acy_file_write() (a new file
 * renamed over the old one, which stays as it was when that fails, a full
 * disk included), another through GIO.
 */
void
acy_document_save_async (AcyDocument         *self,
                         GFile               *file,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autofree char *text = NULL;
  g_autoptr(GBytes) bytes = NULL;
  GString *contents;
  GTask *task;

  g_return_if_fail (ACY_IS_DOCUMENT (self));
  g_return_if_fail (file != NULL || self->file != NULL);

  if (file == NULL)
    file = self->file;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, acy_document_save_async);
  self->saving++;

  text = acy_document_get_text (self);
  contents = g_string_new (text);
  g_string_append_c (contents, '\n');
  bytes = g_string_free_to_bytes (contents);
  if (g_file_peek_path (file) != NULL)
    {
      g_autoptr(GTask) save = g_task_new (file, cancellable, acy_document_save_cb, task);
      LocalSave *local = g_new0 (LocalSave, 1);

      local->bytes = g_bytes_ref (bytes);
      /* over the file it was loaded from or saved to, as it was then */
      local->check = self->disk_known && self->file != NULL && g_file_equal (file, self->file);
      local->mtime = self->disk_mtime;
      local->size = self->disk_size;
      g_task_set_source_tag (save, save_local_thread);
      g_task_set_task_data (save, local, local_save_free);
      g_task_run_in_thread (save, save_local_thread);
      return;
    }
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE,
                                       cancellable, acy_document_save_cb, task);
}

gboolean
acy_document_save_finish (AcyDocument   *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
acy_document_is_autosaving (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), FALSE);

  return self->autosave_writing != NULL;
}

/* On a worker: the copy is written there, its fsync included, which
 * could hold the main loop for as long as a busy disk takes. A copy the
 * document discarded meanwhile is removed again once written. */
static void
autosave_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  const AcyAutosave *autosave = task_data;
  GError *error = NULL;

  if (!acy_autosave_write (autosave, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (g_cancellable_is_cancelled (cancellable))
    acy_autosave_remove (autosave->id);
  g_task_return_boolean (task, TRUE);
}

static void
autosave_done (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  AcyDocument *self = ACY_DOCUMENT (object);
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    g_warning ("Could not keep a copy of unsaved changes: %s", error->message);
  g_clear_object (&self->autosave_writing);
  if (self->autosave_again)
    {
      self->autosave_again = FALSE;
      acy_document_autosave_cb (self);
    }
}

static gboolean
acy_document_autosave_cb (gpointer user_data)
{
  AcyDocument *self = user_data;
  AcyAutosave *autosave;
  g_autoptr(GTask) task = NULL;

  self->autosave_id = 0;

  if (!acy_document_get_modified (self))
    {
      acy_autosave_remove (self->id);
      return G_SOURCE_REMOVE;
    }
  /* one copy at a time, the newest last */
  if (self->autosave_writing != NULL)
    {
      self->autosave_again = TRUE;
      return G_SOURCE_REMOVE;
    }

  autosave = g_new0 (AcyAutosave, 1);
  autosave->id = g_strdup (self->id);
  autosave->uri = self->file ? g_file_get_uri (self->file) : NULL;
  autosave->title = g_strdup (self->title);
  autosave->is_cat = self->kind == ACY_DOCUMENT_CAT;
  autosave->model = g_strdup (self->model);
  autosave->text = acy_document_get_text (self);
  self->autosave_writing = g_cancellable_new ();
  task = g_task_new (self, self->autosave_writing, autosave_done, NULL);
  g_task_set_source_tag (task, acy_document_autosave_cb);
  g_task_set_task_data (task, autosave, (GDestroyNotify) acy_autosave_free);
  /* the copy must be written or fail, never be dropped half way */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_check_cancellable (task, FALSE);
  g_task_run_in_thread (task, autosave_thread);

  return G_SOURCE_REMOVE;
}

/* Called on every edit of a modified buffer: the copy is made once the
 * user pauses.
 */
void
acy_document_schedule_autosave (AcyDocument *self)
{
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  self->autosave_id = g_timeout_add_seconds (AUTOSAVE_DELAY_SECONDS,
                                             acy_document_autosave_cb, self);
}
