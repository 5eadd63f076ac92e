/* acy-window-recovery.c - the main window offers back unsaved work
 *
 * Documents copy their unsaved text aside as they change (acy-autosave.c);
 * when the application starts, the first window lists the copies a crash
 * left behind and offers them back in a toast that stays until answered.
 * Recovered documents come back modified, so their copy is kept until
 * they are saved or closed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>

#include "acy-autosave.h"
#include "acy-window-private.h"

static void
acy_window_recover (AcyWindow *self,
                    GPtrArray *autosaves)
{
  for (guint i = 0; i < autosaves->len; i++)
    {
      AcyAutosave *autosave = g_ptr_array_index (autosaves, i);
      AcyDocument *document;

      document = acy_document_new (autosave->is_cat ? ACY_DOCUMENT_CAT : ACY_DOCUMENT_LITMUS,
                                   autosave->title);
      if (autosave->model != NULL)
        acy_document_set_model (document, autosave->model);
      if (autosave->uri != NULL)
        {
          g_autoptr(GFile) file = g_file_new_for_uri (autosave->uri);
          acy_document_set_file (document, file);
        }
      acy_window_add_document (self, document);
      /* Marked modified, so the copy is kept under the new document. */
      acy_document_set_text (document, autosave->text, -1, NULL, TRUE);
      acy_autosave_remove (autosave->id);
    }
}

static void
acy_window_recover_clicked (AdwToast  *toast,
                            GPtrArray *autosaves)
{
  AcyWindow *self = g_object_get_data (G_OBJECT (toast), "acy-window");

  if (self != NULL)
    acy_window_recover (self, autosaves);
}

static void
autosaves_unref (gpointer  data,
                 GClosure *closure)
{
  g_ptr_array_unref (data);
}

static void
acy_window_recovery_listed (GObject      *object,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  g_autoptr(AcyWindow) self = user_data;
  g_autoptr(GPtrArray) autosaves = NULL;
  g_autofree char *title = NULL;
  AdwToast *toast;

  autosaves = acy_autosave_list_finish (result, NULL);
  if (autosaves == NULL || autosaves->len == 0 || g_cancellable_is_cancelled (self->cancellable))
    return;

  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                        "Unsaved work from a previous session was found: %u document",
                                        "Unsaved work from a previous session was found: %u documents",
                                        autosaves->len),
                           autosaves->len);
  toast = adw_toast_new (title);
  adw_toast_set_button_label (toast, _("_Recover"));
  /* Left on screen until answered: ignoring it keeps the copies. */
  adw_toast_set_timeout (toast, 0);
  g_object_set_data (G_OBJECT (toast), "acy-window", self);
  g_signal_connect_data (toast, "button-clicked", G_CALLBACK (acy_window_recover_clicked),
                         g_ptr_array_ref (autosaves), autosaves_unref, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/**
 * acy_window_offer_recovery:
 *
 * Looks for unsaved work a crash left behind and offers it back.
 */
void
acy_window_offer_recovery (AcyWindow *self)
{
  g_return_if_fail (ACY_IS_WINDOW (self));

  acy_autosave_list_async (self->cancellable, acy_window_recovery_listed, g_object_ref (self));
}
