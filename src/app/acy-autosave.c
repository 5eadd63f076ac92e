/* acy-autosave.c - copies of unsaved buffers that survive a crash
 *
 * Each document with unsaved changes is copied, a few seconds after the
 * last edit, to a key file in $XDG_STATE_HOME/acyclic/autosave/ named by
 * the document's id. Saving, closing or discarding removes the copy, so
 * any file left there at start-up was left by a crash.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "acy-autosave.h"

#define GROUP "Autosave"
#define SUFFIX ".autosave"

void
acy_autosave_free (AcyAutosave *autosave)
{
  if (autosave == NULL)
    return;

  g_free (autosave->id);
  g_free (autosave->uri);
  g_free (autosave->title);
  g_free (autosave->model);
  g_free (autosave->text);
  g_free (autosave);
}

char *
acy_autosave_get_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "acyclic", "autosave", NULL);
}

static char *
autosave_path (const char *id)
{
  g_autofree char *dir = acy_autosave_get_dir ();
  g_autofree char *name = g_strconcat (id, SUFFIX, NULL);

  return g_build_filename (dir, name, NULL);
}

/* Small and local, so written synchronously: a write that finished
 * after a later remove would resurrect a stale copy.
 */
gboolean
acy_autosave_write (const AcyAutosave  *autosave,
                    GError            **error)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autofree char *dir = acy_autosave_get_dir ();
  g_autofree char *path = autosave_path (autosave->id);
  g_autofree char *data = NULL;
  gsize len;

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }

  if (autosave->uri != NULL)
    g_key_file_set_string (key_file, GROUP, "uri", autosave->uri);
  g_key_file_set_string (key_file, GROUP, "title", autosave->title ? autosave->title : "");
  g_key_file_set_string (key_file, GROUP, "kind", autosave->is_cat ? "cat" : "litmus");
  if (autosave->model != NULL)
    g_key_file_set_string (key_file, GROUP, "model", autosave->model);
  g_key_file_set_string (key_file, GROUP, "text", autosave->text ? autosave->text : "");

  data = g_key_file_to_data (key_file, &len, NULL);
  return g_file_set_contents_full (path, data, len, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

void
acy_autosave_remove (const char *id)
{
  g_autofree char *path = autosave_path (id);

  g_unlink (path);
}

static AcyAutosave *
autosave_read (const char *path,
               const char *name)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(AcyAutosave) autosave = g_new0 (AcyAutosave, 1);
  g_autofree char *kind = NULL;

  if (!g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, NULL))
    return NULL;

  autosave->text = g_key_file_get_string (key_file, GROUP, "text", NULL);
  if (autosave->text == NULL)
    return NULL;

  autosave->id = g_strndup (name, strlen (name) - strlen (SUFFIX));
  autosave->uri = g_key_file_get_string (key_file, GROUP, "uri", NULL);
  autosave->title = g_key_file_get_string (key_file, GROUP, "title", NULL);
  autosave->model = g_key_file_get_string (key_file, GROUP, "model", NULL);
  kind = g_key_file_get_string (key_file, GROUP, "kind", NULL);
  autosave->is_cat = g_strcmp0 (kind, "cat") == 0;

  return g_steal_pointer (&autosave);
}

static void
list_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  g_autofree char *dir_path = acy_autosave_get_dir ();
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_autosave_free);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      AcyAutosave *autosave;

      if (!g_str_has_suffix (name, SUFFIX))
        continue;
      path = g_build_filename (dir_path, name, NULL);
      autosave = autosave_read (path, name);
      if (autosave != NULL)
        g_ptr_array_add (list, autosave);
    }

  g_task_return_pointer (task, g_steal_pointer (&list), (GDestroyNotify) g_ptr_array_unref);
}

void
acy_autosave_list_async (GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, acy_autosave_list_async);
  g_task_run_in_thread (task, list_thread);
}

/**
 * acy_autosave_list_finish:
 *
 * Returns: (transfer container): the copies left behind, of #AcyAutosave
 */
GPtrArray *
acy_autosave_list_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
