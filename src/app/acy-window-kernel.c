/* acy-window-kernel.c - getting the Linux kernel's model from the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model chooser's "Get the Linux Kernel Model" row, shown while the
 * model is nowhere: it fetches the model's files in a GTask (the same
 * acy_model_store_fetch() as acyclic-check --fetch-model), with progress,
 * a Cancel button and the error, if any, in the row; "From a Mirror or
 * Folder..." asks for another address or a folder first, as the command
 * line's --from. About names where the files came from.
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "acyclic.h"
#include "acy-accessible.h"
#include "acy-application.h"
#include "acy-check-job.h"
#include "acy-window-private.h"

/* ---- Fetching the kernel model ---------------------------------------- */

/* Shared by the fetching thread and the main thread: the latest progress,
 * shown by one idle callback at a time. */
typedef struct
{
  GWeakRef          window;
  char             *base_url;
  GMutex            lock;
  AcyFetchProgress  progress;
  gboolean          idle_pending;
} KernelFetch;

static void
kernel_fetch_clear (gpointer data)
{
  KernelFetch *fetch = data;

  g_weak_ref_clear (&fetch->window);
  g_free (fetch->base_url);
  g_mutex_clear (&fetch->lock);
}

static void
kernel_fetch_unref (gpointer data)
{
  g_atomic_rc_box_release_full (data, kernel_fetch_clear);
}

static void
acy_window_kernel_row_set_busy (AcyWindow *self,
                                gboolean   busy)
{
  gtk_widget_set_visible (self->kernel_get_button, !busy);
  gtk_widget_set_visible (self->kernel_from_button, !busy);
  gtk_widget_set_visible (self->kernel_busy_box, busy);
  if (busy)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->kernel_error), FALSE);
      gtk_progress_bar_set_fraction (self->kernel_progress, 0);
      gtk_progress_bar_set_text (self->kernel_progress, _("Connecting…"));
    }
}

static gboolean
kernel_fetch_show_progress (gpointer data)
{
  KernelFetch *fetch = data;
  g_autoptr(AcyWindow) self = g_weak_ref_get (&fetch->window);
  g_autofree char *text = NULL;
  AcyFetchProgress p;
  double fraction;

  g_mutex_lock (&fetch->lock);
  p = fetch->progress;
  fetch->idle_pending = FALSE;
  g_mutex_unlock (&fetch->lock);

  if (self == NULL || self->disposing || self->kernel_fetch == NULL)
    return G_SOURCE_REMOVE;

  switch (p.stage)
    {
    case ACY_FETCH_DOWNLOADING:
      fraction = (p.index + (p.total > 0 ? (double) p.received / p.total : 0.0)) / MAX (p.n_files, 1);
      fraction *= 0.9;
      /* Translators: %s is a file name, then its number among all */
      text = g_strdup_printf (_("Downloading %s (%u of %u)"), p.file, p.index + 1, p.n_files);
      break;
    case ACY_FETCH_VALIDATING:
      fraction = 0.9;
      text = g_strdup (_("Checking the files…"));
      break;
    case ACY_FETCH_INSTALLING:
    default:
      fraction = 0.97;
      text = g_strdup (_("Installing…"));
      break;
    }
  gtk_progress_bar_set_fraction (self->kernel_progress, fraction);
  gtk_progress_bar_set_text (self->kernel_progress, text);
  return G_SOURCE_REMOVE;
}

/* In the fetching thread. */
static void
kernel_fetch_progress (const AcyFetchProgress *progress,
                       gpointer                user_data)
{
  KernelFetch *fetch = user_data;

  g_mutex_lock (&fetch->lock);
  fetch->progress = *progress;
  if (!fetch->idle_pending)
    {
      fetch->idle_pending = TRUE;
      g_idle_add_full (G_PRIORITY_DEFAULT, kernel_fetch_show_progress,
                       g_atomic_rc_box_acquire (fetch), kernel_fetch_unref);
    }
  g_mutex_unlock (&fetch->lock);
}

static void
kernel_fetch_thread (GTask        *task,
                     gpointer      source_object,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  KernelFetch *fetch = task_data;
  AcyFetchSpec spec = { 0 };
  GError *error = NULL;
  char *dir;

  spec.id = ACY_LKMM_ID;
  spec.base_url = fetch->base_url;
  spec.progress = kernel_fetch_progress;
  spec.progress_data = fetch;
  dir = acy_model_store_fetch (&spec, cancellable, &error);
  if (dir == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, dir, g_free);
}

static void
kernel_fetch_done (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  AcyWindow *self = ACY_WINDOW (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *cfg = NULL;

  g_clear_object (&self->kernel_fetch);
  if (self->disposing)
    return;
  acy_window_kernel_row_set_busy (self, FALSE);
  if (dir == NULL)
    {
      if (!g_error_matches (error, ACY_ERROR, ACY_ERROR_CANCELLED))
        {
          gtk_label_set_text (self->kernel_error, error->message);
          gtk_widget_set_visible (GTK_WIDGET (self->kernel_error), TRUE);
          acy_window_toast (self, _("Could not get the Linux kernel model"));
        }
      return;
    }

  acy_window_rebuild_model_menu (self);
  cfg = g_build_filename (dir, KERNEL_CFG, NULL);
  acy_window_set_model (self, cfg);
  acy_window_toast (self, _("The Linux kernel model is installed"));
}

/* The address of the settings ("linux-kernel-model-url"), NULL when
 * none is set: the kernel's git web front. */
static char *
kernel_model_url (AcyWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  /* The application's settings, which the window may not have taken. */
  GSettings *settings = self->settings;
  char *url;

  if (settings == NULL && ACY_IS_APPLICATION (app))
    settings = acy_application_get_settings (ACY_APPLICATION (app));
  if (settings == NULL)
    return NULL;
  url = g_settings_get_string (settings, "linux-kernel-model-url");
  if (url[0] == '\0')
    g_clear_pointer (&url, g_free);
  return url;
}

/**
 * acy_window_fetch_kernel_model:
 *
 * Starts fetching the Linux-kernel model from the address of the
 * settings (by default the kernel's git web front), as the model
 * chooser's row does. Does nothing while a fetch runs.
 */
void
acy_window_fetch_kernel_model (AcyWindow *self)
{
  g_autofree char *url = NULL;

  g_return_if_fail (ACY_IS_WINDOW (self));
  url = kernel_model_url (self);
  acy_window_fetch_kernel_model_from (self, url);
}

/**
 * acy_window_fetch_kernel_model_from:
 * @base_url: (nullable): where the files are: an http, https or file
 *   address of their folder, or a folder; %NULL for the kernel's git
 *   web front
 *
 * Starts fetching the Linux-kernel model from @base_url, as the model
 * chooser's row does (acyclic-check --fetch-model's --from). Does
 * nothing while a fetch runs.
 */
void
acy_window_fetch_kernel_model_from (AcyWindow  *self,
                                    const char *base_url)
{
  g_autoptr(GTask) task = NULL;
  KernelFetch *fetch;

  g_return_if_fail (ACY_IS_WINDOW (self));

  if (self->kernel_fetch != NULL)
    return;
  fetch = g_atomic_rc_box_new0 (KernelFetch);
  g_weak_ref_init (&fetch->window, self);
  g_mutex_init (&fetch->lock);
  /* a folder as the file address of it */
  if (base_url != NULL && strstr (base_url, "://") == NULL)
    {
      g_autofree char *folder = g_canonicalize_filename (base_url, NULL);

      fetch->base_url = g_filename_to_uri (folder, NULL, NULL);
    }
  else
    fetch->base_url = g_strdup (base_url);

  self->kernel_fetch = g_cancellable_new ();
  acy_window_kernel_row_set_busy (self, TRUE);
  task = g_task_new (self, self->kernel_fetch, kernel_fetch_done, NULL);
  g_task_set_source_tag (task, acy_window_fetch_kernel_model);
  /* The engine says itself whether it was cancelled, and what it had
   * installed by then. */
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_task_data (task, fetch, kernel_fetch_unref);
  g_task_run_in_thread (task, kernel_fetch_thread);
}

void
acy_window_cancel_kernel_fetch (AcyWindow *self)
{
  if (self->kernel_fetch != NULL)
    g_cancellable_cancel (self->kernel_fetch);
}

/**
 * acy_window_get_kernel_model_row:
 *
 * Returns: (transfer none): the model chooser's "Get the Linux Kernel
 *   Model" row (in the menu only while the model is not found)
 */
GtkWidget *
acy_window_get_kernel_model_row (AcyWindow *self)
{
  g_return_val_if_fail (ACY_IS_WINDOW (self), NULL);

  return self->kernel_row;
}

/* ---- From a mirror or a folder ------------------------------------------ */

static void
on_kernel_folder_chosen (GtkNativeDialog *chooser,
                         int              response,
                         GtkEntry        *entry)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      g_autofree char *path = folder ? g_file_get_path (folder) : NULL;

      if (path != NULL)
        gtk_editable_set_text (GTK_EDITABLE (entry), path);
    }
  g_object_unref (chooser);
}

static void
on_kernel_choose_folder (GtkButton *button,
                         GtkEntry  *entry)
{
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Folder of the Linux Kernel Model"),
                                 GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (button))),
                                 GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Select"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_kernel_folder_chosen), entry);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_kernel_from_response (AdwMessageDialog *dialog,
                         const char       *response,
                         AcyWindow        *self)
{
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "acy-entry");
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  if (g_str_equal (response, "get"))
    acy_window_fetch_kernel_model_from (self, text[0] != '\0' ? text : NULL);
}

/**
 * acy_window_ask_kernel_model_source:
 *
 * Asks where to get the Linux-kernel model from (a mirror's address or
 * a folder holding the files, as acyclic-check's --from), then fetches
 * it from there.
 *
 * Returns: (transfer none): the dialog, shown
 */
GtkWidget *
acy_window_ask_kernel_model_source (AcyWindow *self)
{
  GtkWidget *dialog;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *choose = gtk_button_new_from_icon_name ("folder-open-symbolic");
  g_autofree char *url = kernel_model_url (self);

  g_return_val_if_fail (ACY_IS_WINDOW (self), NULL);

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Get the Linux Kernel Model From"),
                                   _("A mirror’s address (http, https or file) or a folder "
                                     "with linux-kernel.cfg, .def, .bell, .cat and lock.cat, "
                                     "such as a kernel tree’s tools/memory-model. Empty: the "
                                     "kernel’s git web front."));
  gtk_editable_set_text (GTK_EDITABLE (entry), url ? url : "");
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), "https://…/tools/memory-model/");
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Address or Folder"), -1);
  gtk_widget_set_tooltip_text (choose, _("Choose a Folder…"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (choose), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Choose a Folder"), -1);
  g_signal_connect (choose, "clicked", G_CALLBACK (on_kernel_choose_folder), entry);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), choose);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "get", _("_Get"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "get",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "get");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data (G_OBJECT (dialog), "acy-entry", entry);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_kernel_from_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

void
acy_window_build_kernel_row (AcyWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *busy = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *get = gtk_button_new_with_mnemonic (_("_Get the Linux Kernel Model"));
  GtkWidget *cancel = gtk_button_new_from_icon_name ("process-stop-symbolic");
  GtkWidget *progress = gtk_progress_bar_new ();
  GtkWidget *error = gtk_label_new (NULL);
  GtkWidget *from;
  g_autofree char *tip = NULL;

  /* Translators: %s is a kernel release tag such as v6.15 */
  tip = g_strdup_printf (_("Download linux-kernel.cfg, .def, .bell, .cat and lock.cat "
                           "(GPL-2.0) from the Linux kernel’s git web front, release %s, "
                           "check them and keep them in your data folder"),
                         ACY_LKMM_DEFAULT_VERSION);
  gtk_widget_set_tooltip_text (get, tip);
  acy_accessible_fix_mnemonics (get);
  gtk_widget_add_css_class (get, "flat");
  gtk_widget_set_halign (gtk_button_get_child (GTK_BUTTON (get)), GTK_ALIGN_START);

  gtk_progress_bar_set_show_text (GTK_PROGRESS_BAR (progress), TRUE);
  gtk_progress_bar_set_ellipsize (GTK_PROGRESS_BAR (progress), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (progress, TRUE);
  gtk_widget_set_valign (progress, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (cancel, _("Cancel"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (cancel),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Cancel Getting the Kernel Model"),
                                  -1);
  gtk_widget_add_css_class (cancel, "flat");
  gtk_box_append (GTK_BOX (busy), progress);
  gtk_box_append (GTK_BOX (busy), cancel);
  gtk_widget_set_visible (busy, FALSE);
  gtk_widget_set_margin_start (busy, 6);
  gtk_widget_set_margin_end (busy, 6);

  gtk_label_set_wrap (GTK_LABEL (error), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (error), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (error), 40);
  gtk_label_set_xalign (GTK_LABEL (error), 0);
  gtk_label_set_selectable (GTK_LABEL (error), TRUE);
  gtk_widget_add_css_class (error, "error");
  gtk_widget_add_css_class (error, "caption");
  gtk_widget_set_margin_start (error, 6);
  gtk_widget_set_margin_end (error, 6);
  gtk_widget_set_visible (error, FALSE);

  /* a mirror, or a folder (a kernel tree's tools/memory-model), as the
   * command line's --from */
  from = gtk_button_new_with_mnemonic (_("From a _Mirror or Folder…"));
  gtk_widget_set_tooltip_text (from, _("Get the model’s files from another address, or copy them "
                                       "from a folder"));
  acy_accessible_fix_mnemonics (from);
  gtk_widget_add_css_class (from, "flat");
  gtk_widget_set_halign (gtk_button_get_child (GTK_BUTTON (from)), GTK_ALIGN_START);

  gtk_box_append (GTK_BOX (box), get);
  gtk_box_append (GTK_BOX (box), busy);
  gtk_box_append (GTK_BOX (box), error);
  gtk_box_append (GTK_BOX (box), from);

  g_signal_connect_object (get, "clicked", G_CALLBACK (acy_window_fetch_kernel_model),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (cancel, "clicked", G_CALLBACK (acy_window_cancel_kernel_fetch),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (from, "clicked", G_CALLBACK (acy_window_ask_kernel_model_source),
                           self, G_CONNECT_SWAPPED);

  self->kernel_row = g_object_ref_sink (box);
  self->kernel_get_button = get;
  self->kernel_from_button = from;
  self->kernel_busy_box = busy;
  self->kernel_progress = GTK_PROGRESS_BAR (progress);
  self->kernel_error = GTK_LABEL (error);
}


/* ---- About ------------------------------------------------------------- */

/* The "Copyright" lines of the model's files' headers, without e-mail
 * addresses, each once. */
static char *
kernel_model_copyright (const char *dir)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);

  for (const char *const *f = acy_model_store_files (ACY_LKMM_ID); *f; f++)
    {
      g_autofree char *path = g_build_filename (dir, *f, NULL);
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;

      if (!g_file_get_contents (path, &text, NULL, NULL))
        continue;
      lines = g_strsplit (text, "\n", 40);
      for (guint i = 0; lines[i]; i++)
        {
          char *c = strstr (lines[i], "Copyright");
          char *mail;

          if (c == NULL)
            continue;
          if ((mail = strchr (c, '<')) != NULL)
            *mail = '\0';
          g_strstrip (c);
          if (g_str_has_suffix (c, ","))
            c[strlen (c) - 1] = '\0';
          if (!g_ptr_array_find_with_equal_func (seen, c, g_str_equal, NULL))
            {
              g_ptr_array_add (seen, g_strdup (c));
              g_string_append_printf (out, "%s%s", out->len ? "\n" : "", c);
            }
        }
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/**
 * acy_add_model_legal_sections:
 * @about: the About window
 *
 * Adds a legal section for the Linux-kernel model when Acyclic finds it:
 * whose it is, where it came from, its licence.
 */
void
acy_add_model_legal_sections (AdwAboutWindow *about)
{
  g_autofree char *cfg = acy_window_find_kernel_model ();
  g_autofree char *dir = NULL;
  g_autofree char *copyright = NULL;
  g_autofree char *where = NULL;
  g_autoptr(AcyModelOrigin) origin = NULL;
  GtkLicense license = GTK_LICENSE_GPL_2_0;
  const char *spdx;

  if (cfg == NULL)
    return;
  dir = g_path_get_dirname (cfg);
  origin = acy_model_origin_load (dir, NULL);
  spdx = origin && origin->license ? origin->license : "GPL-2.0+";
  if (strstr (spdx, "only") != NULL)
    license = GTK_LICENSE_GPL_2_0_ONLY;
  else if (!g_str_has_prefix (spdx, "GPL-2.0"))
    license = GTK_LICENSE_CUSTOM;

  if (origin != NULL && origin->version != NULL)
    /* Translators: a URL, a kernel release tag, a date, a folder */
    where = g_strdup_printf (_("Fetched from %s (release %s) on %s; kept in %s."),
                             origin->base_url, origin->version, origin->fetched, dir);
  else if (origin != NULL)
    /* Translators: a URL, a date, a folder */
    where = g_strdup_printf (_("Fetched from %s on %s; kept in %s."),
                             origin->base_url, origin->fetched, dir);
  else
    /* Translators: a folder */
    where = g_strdup_printf (_("Read from %s (a Linux kernel source tree or your own copy)."), dir);

  {
    g_autofree char *names = kernel_model_copyright (dir);
    /* Translators: the first %s is the files' copyright lines, the second where they came from, the third their licence */
    copyright = g_strdup_printf (_("%s\n%s\nNot part of Acyclic; licence %s."),
                                 *names ? names : _("The Linux-kernel memory model’s authors"),
                                 where, spdx);
  }
  adw_about_window_add_legal_section (about, _("Linux-Kernel Memory Model"), copyright, license,
                                      license == GTK_LICENSE_CUSTOM ? spdx : NULL);
}
