/* acy-window.h - the main window: tabs of litmus tests and cat models
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <gtksourceview/gtksource.h>

#include "acy-application.h"
#include "acy-document.h"

G_BEGIN_DECLS

#define ACY_TYPE_WINDOW (acy_window_get_type ())

G_DECLARE_FINAL_TYPE (AcyWindow, acy_window, ACY, WINDOW, AdwApplicationWindow)

AcyWindow       *acy_window_new               (AcyApplication *application);
AcyDocument     *acy_window_get_document      (AcyWindow      *self);
guint            acy_window_get_n_documents   (AcyWindow      *self);
AcyDocument     *acy_window_get_nth_document  (AcyWindow      *self,
                                               guint           n);
AcyDocument     *acy_window_new_document      (AcyWindow      *self,
                                               AcyDocumentKind kind);
GtkSourceBuffer *acy_window_get_buffer        (AcyWindow      *self);
GFile           *acy_window_get_file          (AcyWindow      *self);
void             acy_window_load_example      (AcyWindow      *self,
                                               const char     *id);
void             acy_window_load_file         (AcyWindow      *self,
                                               GFile          *file);
const char      *acy_window_get_model         (AcyWindow      *self);
void             acy_window_set_model         (AcyWindow      *self,
                                               const char     *model_path);
char            *acy_window_get_builtin_model (const char     *name);
const char      *acy_window_get_builtin_model_info (guint      n,
                                                    const char **title);
GMenuModel      *acy_window_get_model_menu    (AcyWindow      *self);
void             acy_window_run               (AcyWindow      *self);
void             acy_window_run_machine       (AcyWindow      *self);
void             acy_window_offer_recovery    (AcyWindow      *self);
void             acy_window_fetch_kernel_model (AcyWindow     *self);
void             acy_window_fetch_kernel_model_from (AcyWindow  *self,
                                                     const char *base_url);
GtkWidget       *acy_window_ask_kernel_model_source (AcyWindow *self);
GtkWidget       *acy_window_get_kernel_model_row (AcyWindow   *self);
void             acy_add_model_legal_sections (AdwAboutWindow *about);

G_END_DECLS
