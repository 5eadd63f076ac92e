/* acy-document.h - one tab: an editor, its file, its model and its last run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <gtksourceview/gtksource.h>

#include "acy-results-view.h"

G_BEGIN_DECLS

typedef enum
{
  ACY_DOCUMENT_LITMUS,
  ACY_DOCUMENT_CAT,
} AcyDocumentKind;

#define ACY_TYPE_DOCUMENT (acy_document_get_type ())

G_DECLARE_FINAL_TYPE (AcyDocument, acy_document, ACY, DOCUMENT, GtkWidget)

AcyDocument     *acy_document_new                (AcyDocumentKind      kind,
                                                  const char          *untitled_name);
AcyDocumentKind  acy_document_get_kind           (AcyDocument         *self);
GtkSourceBuffer *acy_document_get_buffer         (AcyDocument         *self);
GtkSourceView   *acy_document_get_view           (AcyDocument         *self);
AcyResultsView  *acy_document_get_results_view   (AcyDocument         *self);
const char      *acy_document_get_id             (AcyDocument         *self);
GFile           *acy_document_get_file           (AcyDocument         *self);
void             acy_document_set_file           (AcyDocument         *self,
                                                  GFile               *file);
const char      *acy_document_get_title          (AcyDocument         *self);
char            *acy_document_get_source_name    (AcyDocument         *self);
char            *acy_document_get_text           (AcyDocument         *self);
gboolean         acy_document_get_modified       (AcyDocument         *self);
gboolean         acy_document_is_pristine        (AcyDocument         *self);
const char      *acy_document_get_model          (AcyDocument         *self);
void             acy_document_set_model          (AcyDocument         *self,
                                                  const char          *model_path);
const char      *acy_document_get_copy_of        (AcyDocument         *self);
void             acy_document_set_copy_of        (AcyDocument         *self,
                                                  const char          *path);
gboolean         acy_document_get_running        (AcyDocument         *self);

void             acy_document_set_text           (AcyDocument         *self,
                                                  const char          *text,
                                                  gssize               len,
                                                  const char          *title,
                                                  gboolean             modified);
void             acy_document_set_skeleton       (AcyDocument         *self);
void             acy_document_load_async         (AcyDocument         *self,
                                                  GFile               *file,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
gboolean         acy_document_load_finish        (AcyDocument         *self,
                                                  GAsyncResult        *result,
                                                  GError             **error);
void             acy_document_save_async         (AcyDocument         *self,
                                                  GFile               *file,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data);
gboolean         acy_document_save_finish        (AcyDocument         *self,
                                                  GAsyncResult        *result,
                                                  GError             **error);
/* The next save writes over the file even if another program changed it
 * since this document loaded or saved it (the save fails with
 * G_IO_ERROR_WRONG_ETAG otherwise) */
void             acy_document_forget_disk_state  (AcyDocument         *self);

void             acy_document_run                (AcyDocument         *self,
                                                  GHashTable          *cat_overrides);
void             acy_document_cancel_run         (AcyDocument         *self);
void             acy_document_run_machine        (AcyDocument         *self,
                                                  guint64              iterations,
                                                  GHashTable          *cat_overrides);
void             acy_document_cancel_machine     (AcyDocument         *self);

void             acy_document_show_error         (AcyDocument         *self,
                                                  const char          *message);
void             acy_document_mark_error         (AcyDocument         *self,
                                                  guint                line,
                                                  guint                col);
void             acy_document_clear_error        (AcyDocument         *self);
gboolean         acy_document_get_error_line     (AcyDocument         *self,
                                                  guint               *line);
const char      *acy_document_get_error_message  (AcyDocument         *self);
void             acy_document_goto               (AcyDocument         *self,
                                                  guint                line,
                                                  guint                col);
void             acy_document_show_line          (AcyDocument         *self,
                                                  guint                line,
                                                  guint                col);
void             acy_document_discard_autosave   (AcyDocument         *self);
/* The file changed on disk since this document loaded or saved it: a bar
 * says so and offers to read it again */
gboolean         acy_document_get_changed_on_disk (AcyDocument        *self);
void             acy_document_reload             (AcyDocument         *self);
/* Whether a copy of the unsaved text is being written aside */
gboolean         acy_document_is_autosaving      (AcyDocument         *self);

G_END_DECLS
