/* acy-autosave.h - copies of unsaved buffers that survive a crash
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct
{
  char     *id;
  char     *uri;     /* the document's file, or NULL when untitled */
  char     *title;
  gboolean  is_cat;
  char     *model;
  char     *text;
} AcyAutosave;

void       acy_autosave_free         (AcyAutosave         *autosave);
char      *acy_autosave_get_dir      (void);
gboolean   acy_autosave_write        (const AcyAutosave   *autosave,
                                      GError             **error);
void       acy_autosave_remove       (const char          *id);
void       acy_autosave_list_async   (GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
GPtrArray *acy_autosave_list_finish  (GAsyncResult        *result,
                                      GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyAutosave, acy_autosave_free)

G_END_DECLS
