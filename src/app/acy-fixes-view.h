/* acy-fixes-view.h - the changes that forbid the test's condition, as a list to apply
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ACY_TYPE_FIXES_VIEW (acy_fixes_view_get_type ())

G_DECLARE_FINAL_TYPE (AcyFixesView, acy_fixes_view, ACY, FIXES_VIEW, GtkWidget)

/* Check, on a worker thread, the changes to @buffer's text that the
 * model @model_path offers; cancels a search still going. */
void        acy_fixes_view_run             (AcyFixesView  *self,
                                            GtkTextBuffer *buffer,
                                            const char    *test_name,
                                            const char    *model_path,
                                            GHashTable    *cat_overrides);
void        acy_fixes_view_cancel          (AcyFixesView  *self);
/* Back to the view before any search (a new check's result came: the
 * list and "Applied: ..." were about the text before). */
void        acy_fixes_view_reset           (AcyFixesView  *self);
gboolean    acy_fixes_view_get_running     (AcyFixesView  *self);
/* Make fix @i's edits in the buffer, as one undoable action. FALSE when
 * the text changed since the search. */
gboolean    acy_fixes_view_apply           (AcyFixesView  *self,
                                            guint          i);

/* For tests */
guint       acy_fixes_view_get_n_fixes     (AcyFixesView  *self);
const char *acy_fixes_view_get_fix_label   (AcyFixesView  *self,
                                            guint          i);
const char *acy_fixes_view_get_fix_check   (AcyFixesView  *self,
                                            guint          i);
const char *acy_fixes_view_get_status_text (AcyFixesView  *self);
GtkWidget  *acy_fixes_view_get_row         (AcyFixesView  *self,
                                            guint          i);

G_END_DECLS
