/* acy-document-private.h - what the parts of a document share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * acy-document.c (the editor page), acy-document-run.c (checking) and
 * acy-document-save.c (loading, saving, autosave) see the one struct.
 */
#pragma once

#include "acy-document.h"

G_BEGIN_DECLS

struct _AcyDocument
{
  GtkWidget         parent_instance;

  /* Template children */
  GtkRevealer      *error_revealer;
  GtkLabel         *error_label;
  GtkPaned         *paned;
  GtkSourceView    *source_view;
  GtkSourceBuffer  *buffer;
  AcyResultsView   *results_view;

  AcyDocumentKind   kind;
  char             *id;
  GFile            *file;
  char             *title;
  char             *model;
  GtkTextTag       *error_tag;
  GtkTextMark      *error_mark;   /* where the last error is, to scroll to */

  /* The last error: where it is (in this file or another) and what */
  char             *error_file;
  char             *error_message;
  guint             error_line;
  guint             error_col;
  gboolean          error_marked;
  gboolean          error_scroll;  /* scroll to error_mark once the bar is in */

  /* An untitled copy of a model that is not to be edited in place
   * (a built-in one): the path it copies, until saved elsewhere */
  char             *copy_of;

  /* Still the skeleton of a new test, untouched: as good as empty */
  gboolean          skeleton;

  /* Loads under way into this document: it is not empty for another
   * file to be opened in (`acyclic A B` loaded both into one tab) */
  guint             loading;

  /* The file on disk as this document last loaded or saved it (its
   * modification time in ns and its size): a save first makes sure it
   * is still so, rather than overwrite what another program wrote */
  gboolean          disk_known;
  gint64            disk_mtime;
  gint64            disk_size;

  /* Watching the file for changes by other programs
   * (acy-document-watch.c): the bar that says so, and saves under way,
   * which are not such changes */
  GFileMonitor     *monitor;
  guint             watch_id;
  GtkWidget        *changed_bar;
  GtkWidget        *changed_label;
  GtkWidget        *reload_button;
  guint             saving;

  GCancellable     *run_cancellable;
  guint             autosave_id;
  /* The copy aside being written on a worker (cancelled when the copy
   * is discarded), and whether another is due once it is done */
  GCancellable     *autosave_writing;
  gboolean          autosave_again;

  /* What the last run checked: the result is stale when either differs */
  char             *ran_text;
  char             *ran_model;

  /* The run on this machine's CPU going (acy-document-machine.c), and
   * the text it ran */
  GCancellable     *machine_cancellable;
  char             *machine_text;

  /* The last run, which the execution graphs show */
  AcyTest          *run_test;
  AcyModel         *run_model;
  AcyRecorder      *run_recorder;
  GtkTextTag       *flash_tag;
  guint             flash_id;
};

typedef enum {
  PROP_0,
  PROP_TITLE,
  PROP_MODIFIED,
  PROP_RUNNING,
  PROP_FILE,
  N_PROPS
} AcyDocumentProp;

/* acy-document.c */
void acy_document_notify (AcyDocument     *self,
                          AcyDocumentProp  prop);

/* acy-document-run.c */
void acy_document_update_stale  (AcyDocument *self);
void acy_document_clear_run     (AcyDocument *self);
void acy_document_suggest_fixes_action (GtkWidget  *widget,
                                        const char *action_name,
                                        GVariant   *parameter);
void acy_document_cancel_action (GtkWidget   *widget,
                                 const char  *action_name,
                                 GVariant    *parameter);

/* acy-document-machine.c */
void acy_document_machine_class_init (GtkWidgetClass *widget_class);
void acy_document_forget_machine_unless (AcyDocument *self,
                                         const char  *text);

/* acy-document-save.c */
void     acy_document_schedule_autosave (AcyDocument *self);
gboolean acy_document_disk_state        (const char  *path,
                                         gint64      *mtime,
                                         gint64      *size);

/* acy-document-watch.c */
void     acy_document_watch_file        (AcyDocument *self);
void     acy_document_unwatch_file      (AcyDocument *self);

G_END_DECLS
