/* acy-window-private.h - what the parts of the main window share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "acy-window.h"

G_BEGIN_DECLS

struct _AcyWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template children */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  AdwTabView           *tab_view;
  AdwTabBar            *tab_bar;
  GtkMenuButton        *model_button;
  GtkWidget            *machine_button;
  GtkMenuButton        *examples_button;
  GtkListBox           *examples_list;
  GMenu                *recent_menu;

  GSettings            *settings;
  GMenu                *model_menu;

  /* The document of the selected tab, and the last test selected, which
   * Run checks when a model is in front.
   */
  AcyDocument          *current;
  GWeakRef              last_test;

  /* The model for new tests in this window: the last one chosen here,
   * at first the default of the preferences (which only the preferences
   * change) */
  char                 *new_model;

  /* How many times Run on This Machine runs the test */
  guint                 machine_iterations;

  /* The model chooser's "Get the Linux Kernel Model" row, shown while
   * the kernel model is nowhere to be found (acy-window-models.c)
   */
  GtkWidget            *kernel_row;
  GtkWidget            *kernel_get_button;
  GtkWidget            *kernel_from_button;
  GtkWidget            *kernel_busy_box;
  GtkProgressBar       *kernel_progress;
  GtkLabel             *kernel_error;
  GCancellable         *kernel_fetch;
  char                 *kernel_model;   /* its linux-kernel.cfg, or NULL */

  /* Cancelled in dispose so that pending loads never touch a dead window;
   * kept until finalize so their callbacks can still ask it.
   */
  GCancellable         *cancellable;

  /* While the window closes: what its question decided for each
   * modified document (acy-window-close.c) */
  GHashTable           *close_plan;

  guint                 closing : 1;
  guint                 disposing : 1;
};

/* acy-window.c */
void         acy_window_toast               (AcyWindow      *self,
                                             const char     *title);
void         acy_window_open_file           (AcyWindow      *self,
                                             GFile          *file,
                                             guint           goto_line,
                                             guint           goto_col);
AcyDocument *acy_window_find_document       (AcyWindow      *self,
                                             GFile          *file);
AdwTabPage  *acy_window_add_document        (AcyWindow      *self,
                                             AcyDocument    *document);
void         acy_window_rebuild_recent_files (AcyWindow     *self);

/* acy-window-models.c */
void         acy_window_init_models         (AcyWindow      *self);
void         acy_window_dispose_models      (AcyWindow      *self);
void         acy_window_unplace_kernel_row  (AcyWindow      *self);

/* acy-window-kernel.c; the kernel model's configuration, by which it is known */
#define KERNEL_CFG "linux-kernel.cfg"
void         acy_window_build_kernel_row    (AcyWindow      *self);
void         acy_window_cancel_kernel_fetch (AcyWindow      *self);
char        *acy_window_find_kernel_model   (void);
void         acy_window_update_model_button (AcyWindow      *self);
void         acy_window_add_recent_model    (AcyWindow      *self,
                                             const char     *path);
void         acy_window_rebuild_model_menu  (AcyWindow      *self);
AcyDocument *acy_window_get_last_test       (AcyWindow      *self);
const char  *acy_window_get_tab_model       (AcyDocument    *document);
char        *acy_window_model_display_name  (const char     *path);
gboolean     acy_window_is_c11_model        (const char     *path);
char        *acy_window_default_model_for_kernel (AcyWindow *self);

/* acy-window-actions.c */
void         acy_window_class_init_actions  (GtkWidgetClass *widget_class);
void         acy_window_update_actions      (AcyWindow      *self);
void         acy_window_save_document       (AcyWindow      *self,
                                             AcyDocument    *document,
                                             gboolean        save_as,
                                             AdwTabPage     *close_page);
void         acy_window_init_gallery        (AcyWindow      *self);

/* acy-window-close.c */
gboolean     acy_window_close_page_cb       (AcyWindow      *self,
                                             AdwTabPage     *page,
                                             AdwTabView     *tab_view);
void         acy_window_finish_close        (AcyWindow      *self,
                                             AdwTabPage     *page,
                                             gboolean        confirm);
void         acy_window_stop_closing        (AcyWindow      *self);
void         acy_window_continue_closing    (AcyWindow      *self);
GtkWidget   *acy_window_ask_to_close        (AcyWindow      *self);

G_END_DECLS
