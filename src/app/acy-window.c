/* acy-window.c - the main window: tabs of litmus tests and cat models
 *
 * This file keeps the tabs and the routing of errors between documents;
 * acy-window-models.c has the model chooser, acy-window-actions.c what
 * the user can do, and acy-window-recovery.c offers back the work a
 * crash left unsaved.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "acyclic.h"
#include "acy-accessible.h"
#include "acy-check-job.h"
#include "acy-examples.h"
#include "acy-window-private.h"

#define MAX_RECENT_FILES 8

enum {
  PROP_0,
  PROP_MODEL,
  PROP_MACHINE_ITERATIONS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AcyWindow, acy_window, ADW_TYPE_APPLICATION_WINDOW)

static void acy_window_set_up (AcyWindow *self);

AcyWindow *
acy_window_new (AcyApplication *application)
{
  AcyWindow *self;

  g_return_val_if_fail (ACY_IS_APPLICATION (application), NULL);

  self = g_object_new (ACY_TYPE_WINDOW,
                       "application", application,
                       NULL);
  acy_window_set_up (self);
  return self;
}
/* Says @title in a toast now: each answers something the user just did
 * (a save that failed, a model fetched...), so it does not wait behind a
 * toast that stays until answered (the recovery one, which comes back
 * after it). */
void
acy_window_toast (AcyWindow  *self,
                  const char *title)
{
  AdwToast *toast = adw_toast_new (title);

  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* Documents */

AcyDocument *
acy_window_get_document (AcyWindow *self)
{
  g_return_val_if_fail (ACY_IS_WINDOW (self), NULL);

  return self->current;
}

guint
acy_window_get_n_documents (AcyWindow *self)
{
  g_return_val_if_fail (ACY_IS_WINDOW (self), 0);

  return adw_tab_view_get_n_pages (self->tab_view);
}

AcyDocument *
acy_window_get_nth_document (AcyWindow *self,
                             guint      n)
{
  g_return_val_if_fail (ACY_IS_WINDOW (self), NULL);

  return ACY_DOCUMENT (adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, n)));
}

GtkSourceBuffer *
acy_window_get_buffer (AcyWindow *self)
{
  g_return_val_if_fail (ACY_IS_WINDOW (self), NULL);

  return self->current ? acy_document_get_buffer (self->current) : NULL;
}

GFile *
acy_window_get_file (AcyWindow *self)
{
  g_return_val_if_fail (ACY_IS_WINDOW (self), NULL);

  return self->current ? acy_document_get_file (self->current) : NULL;
}

static AdwTabPage *
page_of (AcyWindow   *self,
         AcyDocument *document)
{
  return adw_tab_view_get_page (self->tab_view, GTK_WIDGET (document));
}

AcyDocument *
acy_window_find_document (AcyWindow *self,
                          GFile     *file)
{
  for (guint i = 0; i < acy_window_get_n_documents (self); i++)
    {
      AcyDocument *document = acy_window_get_nth_document (self, i);
      GFile *other = acy_document_get_file (document);

      if (other != NULL && g_file_equal (other, file))
        return document;
    }

  return NULL;
}

static gboolean
is_example_title (const char *title)
{
  g_autofree char *id = NULL;

  if (!g_str_has_suffix (title, ".litmus"))
    return FALSE;
  id = g_strndup (title, strlen (title) - strlen (".litmus"));
  return acy_examples_find (id) != NULL;
}

static void
acy_window_update_page (AcyWindow   *self,
                        GParamSpec  *pspec,
                        AcyDocument *document)
{
  AdwTabPage *page = page_of (self, document);
  g_autofree char *title = NULL;
  GFile *file;

  if (page == NULL)
    return;

  /* Translators: a tab title with unsaved changes */
  title = acy_document_get_modified (document)
          ? g_strdup_printf (_("• %s"), acy_document_get_title (document))
          : g_strdup (acy_document_get_title (document));
  adw_tab_page_set_title (page, title);
  adw_tab_page_set_loading (page, acy_document_get_running (document));
  file = acy_document_get_file (document);
  if (file != NULL)
    {
      /* markup: a file named a&b.litmus is text */
      g_autofree char *parse_name = g_file_get_parse_name (file);
      g_autofree char *tooltip = g_markup_escape_text (parse_name, -1);

      adw_tab_page_set_tooltip (page, tooltip);
    }
  else
    adw_tab_page_set_tooltip (page, NULL);

  if (document != self->current)
    return;

  adw_window_title_set_title (self->window_title, title);
  {
    /* The window's own title: what the window list and screen readers
     * read. Translators: the window title, a document's title then the
     * application's name */
    g_autofree char *window_title = g_strdup_printf (_("%s — Acyclic"), title);

    gtk_window_set_title (GTK_WINDOW (self), window_title);
  }
  if (file != NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (file);
      g_autofree char *dir = parent ? g_file_get_parse_name (parent) : NULL;
      const char *home = g_get_home_dir ();

      /* ~/tests rather than /home/me/tests, as Text Editor does */
      if (dir != NULL && g_str_has_prefix (dir, home) && dir[strlen (home)] == G_DIR_SEPARATOR)
        {
          g_autofree char *short_dir = g_strconcat ("~", dir + strlen (home), NULL);
          adw_window_title_set_subtitle (self->window_title, short_dir);
        }
      else
        adw_window_title_set_subtitle (self->window_title, dir);
    }
  else if (!acy_document_get_modified (document) && is_example_title (acy_document_get_title (document)))
    adw_window_title_set_subtitle (self->window_title, _("Example"));
  else
    adw_window_title_set_subtitle (self->window_title, _("Not saved"));
}

static void
acy_window_error_elsewhere (AcyWindow   *self,
                            const char  *path,
                            guint        line,
                            guint        col,
                            AcyDocument *source)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  AcyDocument *document = acy_window_find_document (self, file);

  if (document != NULL)
    acy_document_mark_error (document, line, col);
}

static void
acy_window_location_activated (AcyWindow   *self,
                               const char  *path,
                               guint        line,
                               guint        col,
                               AcyDocument *source)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  acy_window_open_file (self, file, line, col);
}

/* A copy of a built-in model was saved: the tests on that model, and
 * the default for new ones, use the saved file from now. */
static void
acy_window_copy_saved (AcyWindow   *self,
                       GParamSpec  *pspec,
                       AcyDocument *document)
{
  g_autofree char *original = g_strdup (acy_document_get_copy_of (document));
  GFile *file = acy_document_get_file (document);
  const char *saved;

  if (original == NULL || file == NULL || g_file_peek_path (file) == NULL)
    return;
  saved = g_file_peek_path (file);
  acy_document_set_copy_of (document, NULL);

  for (guint i = 0; i < acy_window_get_n_documents (self); i++)
    {
      AcyDocument *test = acy_window_get_nth_document (self, i);

      if (acy_document_get_kind (test) == ACY_DOCUMENT_LITMUS
          && g_strcmp0 (acy_document_get_model (test), original) == 0)
        acy_document_set_model (test, saved);
    }
  if (g_strcmp0 (self->new_model, original) == 0)
    {
      g_free (self->new_model);
      self->new_model = g_strdup (saved);
    }
  acy_window_update_model_button (self);
  g_object_notify (G_OBJECT (self), "model");
}

/* A model's tab got a file: the chooser lists it, and Run checks under it. */
static void
acy_window_model_tab_changed (AcyWindow *self)
{
  acy_window_rebuild_model_menu (self);
  acy_window_update_model_button (self);
}

AdwTabPage *
acy_window_add_document (AcyWindow   *self,
                         AcyDocument *document)
{
  AdwTabPage *page;

  if (acy_document_get_model (document) == NULL)
    acy_document_set_model (document, self->new_model);

  page = adw_tab_view_append (self->tab_view, GTK_WIDGET (document));
  g_signal_connect_object (document, "notify::title", G_CALLBACK (acy_window_update_page), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::modified", G_CALLBACK (acy_window_update_page), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::running", G_CALLBACK (acy_window_update_page), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::file", G_CALLBACK (acy_window_update_page), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::file", G_CALLBACK (acy_window_copy_saved), self, G_CONNECT_SWAPPED);
  if (acy_document_get_kind (document) == ACY_DOCUMENT_CAT)
    /* the chooser lists the models open in tabs, by their files */
    g_signal_connect_object (document, "notify::file", G_CALLBACK (acy_window_model_tab_changed),
                             self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "error-elsewhere", G_CALLBACK (acy_window_error_elsewhere), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "location-activated", G_CALLBACK (acy_window_location_activated), self, G_CONNECT_SWAPPED);
  adw_tab_view_set_selected_page (self->tab_view, page);
  acy_window_update_page (self, NULL, document);
  gtk_widget_grab_focus (GTK_WIDGET (document));

  return page;
}

/* "Untitled Test 2": the first number no tab of the window has for its
 * kind, so that two tabs never share a name and tests and models are
 * counted apart (a new model after five tests was "Untitled Model 6"). */
static char *
untitled_name (AcyWindow       *self,
               AcyDocumentKind  kind)
{
  for (guint n = 1;; n++)
    {
      g_autofree char *name = kind == ACY_DOCUMENT_CAT
                              /* Translators: the name of a new cat model; %u counts them */
                              ? g_strdup_printf (_("Untitled Model %u"), n)
                              /* Translators: the name of a new litmus test; %u counts them */
                              : g_strdup_printf (_("Untitled Test %u"), n);
      gboolean taken = FALSE;

      for (guint i = 0; i < acy_window_get_n_documents (self) && !taken; i++)
        taken = g_strcmp0 (acy_document_get_title (acy_window_get_nth_document (self, i)), name) == 0;
      if (!taken)
        return g_steal_pointer (&name);
    }
}

AcyDocument *
acy_window_new_document (AcyWindow       *self,
                         AcyDocumentKind  kind)
{
  g_autofree char *name = NULL;
  AcyDocument *document;

  g_return_val_if_fail (ACY_IS_WINDOW (self), NULL);

  name = untitled_name (self, kind);
  document = acy_document_new (kind, name);
  if (kind == ACY_DOCUMENT_LITMUS)
    acy_document_set_skeleton (document);
  acy_window_add_document (self, document);
  return document;
}

/* The selected document if it is an empty untitled one, else a new one. */
static AcyDocument *
acy_window_reusable_document (AcyWindow       *self,
                              AcyDocumentKind  kind)
{
  if (self->current != NULL
      && acy_document_get_kind (self->current) == kind
      && acy_document_is_pristine (self->current))
    return self->current;

  return acy_window_new_document (self, kind);
}

static void acy_window_choose_model_for_text (AcyWindow   *self,
                                              AcyDocument *document);

/**
 * acy_window_load_example:
 * @id: (nullable): an example of the gallery, or %NULL for message passing
 *
 * Shows the example in the selected tab if it is empty, else in a new
 * tab; selects its tab if it is open already and unchanged.
 */
void
acy_window_load_example (AcyWindow  *self,
                         const char *id)
{
  const AcyExample *example;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  AcyDocument *document;
  gsize len;
  const char *text;

  g_return_if_fail (ACY_IS_WINDOW (self));

  example = acy_examples_find (id ? id : "MP");
  g_return_if_fail (example != NULL);

  bytes = acy_example_load (example, &error);
  if (bytes == NULL)
    {
      g_critical ("Built-in example is missing: %s", error->message);
      return;
    }

  name = acy_example_file_name (example);
  /* The example open already, untouched: its tab, not a second copy */
  for (guint i = 0; i < acy_window_get_n_documents (self); i++)
    {
      AcyDocument *open = acy_window_get_nth_document (self, i);

      if (acy_document_get_kind (open) == ACY_DOCUMENT_LITMUS && acy_document_get_file (open) == NULL
          && !acy_document_get_modified (open) && g_strcmp0 (acy_document_get_title (open), name) == 0)
        {
          adw_tab_view_set_selected_page (self->tab_view, page_of (self, open));
          return;
        }
    }

  document = acy_window_reusable_document (self, ACY_DOCUMENT_LITMUS);
  text = g_bytes_get_data (bytes, &len);
  acy_document_set_text (document, text, len, name, FALSE);
  if (example->kernel_model)
    {
      g_autofree char *kernel = acy_window_find_kernel_model ();

      if (kernel != NULL)
        acy_document_set_model (document, kernel);
      else
        acy_window_toast (self, _("This example needs the Linux kernel model: get it from the model menu"));
    }
  else if (example->model != NULL)
    {
      g_autofree char *model = acy_window_get_builtin_model (example->model);

      acy_document_set_model (document, model);
    }
  else
    acy_window_choose_model_for_text (self, document);
  acy_window_update_page (self, NULL, document);
  acy_window_update_model_button (self);
}

typedef struct
{
  AcyWindow   *self;
  AcyDocument *document;
  GFile       *file;
  gboolean     is_new;
  guint        line;
  guint        col;
} OpenData;

/* The built-in macro file @name, or the kernel's beside its model. */
static AcyMacros *
load_macros (const char *dir,
             const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  AcyMacros *macros = acy_macros_load (path, &error);

  if (macros == NULL)
    g_debug ("%s", error->message);
  return macros;
}

/* The first of the Linux kernel's primitives (READ_ONCE, smp_mb...) that
 * @text calls and a C11 model's macros do not define, or NULL. */
static char *
kernel_primitive_called (const char *text,
                         const char *kernel_cfg)
{
  g_autoptr(AcyMacros) c11 = load_macros (acy_builtin_models_dir (), ACY_C11_MACROS);
  g_autoptr(AcyMacros) basic = load_macros (acy_builtin_models_dir (), ACY_DEFAULT_MACROS);
  g_autoptr(AcyMacros) kernel = NULL;
  const char *name = NULL;

  if (basic != NULL)
    name = acy_test_text_find_macro_call (text, -1, basic, c11);
  if (name == NULL && kernel_cfg != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (kernel_cfg);

      /* the kernel's own: its locks, RCU, atomic_t... */
      if ((kernel = load_macros (dir, "linux-kernel.def")) != NULL)
        name = acy_test_text_find_macro_call (text, -1, kernel, c11);
    }
  return g_strdup (name);
}

/* The project's model for the tests of an assembly architecture, as
 * the examples open under */
static const struct {
  const char *arch;
  const char *model;
} arch_models[] = {
  { "X86", "x86-tso.cat" },
  { "X86_64", "x86-tso.cat" },
  { "AArch64", "armv8.cat" },
};

/* An assembly test opened under a model for C tests (the kernel's or a
 * built-in one: the window's default) gets its architecture's model,
 * which is said; a model file chosen for it (herd's aarch64.cat) is
 * kept. Returns whether the test is an assembly one. */
static gboolean
choose_arch_model (AcyWindow *self, AcyDocument *document, const char *text, const char *model)
{
  g_autofree char *arch = NULL;
  g_autofree char *dir = model ? g_path_get_dirname (model) : NULL;
  g_autofree char *base = model ? g_path_get_basename (model) : NULL;

  text += strspn (text, " \t\r\n");
  arch = g_strndup (text, strcspn (text, " \t\r\n"));
  for (guint i = 0; i < G_N_ELEMENTS (arch_models); i++)
    {
      g_autofree char *path = NULL;
      g_autofree char *name = NULL;
      g_autofree char *note = NULL;

      if (!g_str_equal (arch, arch_models[i].arch))
        continue;
      if (model != NULL && (g_str_equal (base, arch_models[i].model)
                            || (g_strcmp0 (dir, acy_builtin_models_dir ()) != 0
                                && !g_str_equal (base, "linux-kernel.cfg"))))
        return TRUE;
      path = acy_window_get_builtin_model (arch_models[i].model);
      name = acy_window_model_display_name (path);
      acy_document_set_model (document, path);
      /* Translators: a file name, its architecture (AArch64, X86_64), a model's name */
      note = g_strdup_printf (_("“%s” is an %s test: it is checked under %s"),
                              acy_document_get_title (document), arch, name);
      acy_window_toast (self, note);
      if (document == self->current)
        acy_window_update_model_button (self);
      return TRUE;
    }
  return FALSE;
}

/* Each test is checked under a model that can read it:
 * - an assembly test, under its architecture's (choose_arch_model);
 * - one that uses C11 atomics, opened under a model for the kernel's
 *   primitives or a toy one, would be checked without the memory orders
 *   that make its point (Coherent RMO allows MP with release/acquire):
 *   RC11, as the C11 examples are;
 * - one that calls the kernel's primitives, opened under a C11 model
 *   (after the tutorial's C11 steps), would fail with "unknown macro
 *   WRITE_ONCE (not defined in c11.def)": the kernel's model, or until it
 *   is got, a built-in one that reads them, with a button that gets it.
 * Either is said. */
static void
acy_window_choose_model_for_text (AcyWindow   *self,
                                  AcyDocument *document)
{
  g_autofree char *text = NULL;
  g_autofree char *note = NULL;
  g_autofree char *primitive = NULL;
  g_autofree char *kernel = NULL;
  const char *model = acy_document_get_model (document);

  if (acy_document_get_kind (document) != ACY_DOCUMENT_LITMUS)
    return;
  text = acy_document_get_text (document);
  if (choose_arch_model (self, document, text, model))
    return;
  if (!acy_window_is_c11_model (model))
    {
      g_autofree char *rc11 = NULL;

      if (!acy_test_text_uses_c11 (text, -1))
        return;
      rc11 = acy_window_get_builtin_model ("rc11.cat");
      acy_document_set_model (document, rc11);
      /* Translators: %s is a file name */
      note = g_strdup_printf (_("“%s” uses C11 atomics or mutexes: it is checked under RC11"),
                              acy_document_get_title (document));
      acy_window_toast (self, note);
    }
  else
    {
      kernel = acy_window_find_kernel_model ();
      if ((primitive = kernel_primitive_called (text, kernel)) == NULL)
        return;
      if (kernel != NULL)
        {
          acy_document_set_model (document, kernel);
          /* Translators: a function of the Linux kernel such as smp_mb */
          note = g_strdup_printf (_("Uses the kernel’s %s(): checked under the Linux kernel model"),
                                  primitive);
          acy_window_toast (self, note);
        }
      else
        {
          g_autofree char *fallback = acy_window_default_model_for_kernel (self);
          g_autofree char *fallback_name = acy_window_model_display_name (fallback);
          AdwToast *toast;

          acy_document_set_model (document, fallback);
          /* Translators: a function of the Linux kernel such as smp_mb, then a model's name */
          note = g_strdup_printf (_("Uses the kernel’s %s(): checked under %s"), primitive, fallback_name);
          toast = adw_toast_new (note);
          adw_toast_set_button_label (toast, _("_Get the Kernel Model"));
          adw_toast_set_action_name (toast, "win.get-kernel-model");
          adw_toast_set_timeout (toast, 0);
          adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
          adw_toast_overlay_add_toast (self->toast_overlay, toast);
        }
    }
  if (document == self->current)
    acy_window_update_model_button (self);
}

static void
acy_window_open_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  AcyDocument *document = ACY_DOCUMENT (object);
  OpenData *data = user_data;
  AcyWindow *self = data->self;
  g_autoptr(GError) error = NULL;

  if (!acy_document_load_finish (document, result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *title = NULL;
          g_autofree char *parse_name = g_file_get_parse_name (data->file);
          g_autofree char *name = g_path_get_basename (parse_name);

          /* the file's name: the document keeps its own (Untitled...) */
          /* Translators: the first %s is a file name, the second why it failed */
          title = g_strdup_printf (_("Could not open “%s”: %s"), name, error->message);
          acy_window_toast (self, title);
          if (data->is_new && page_of (self, document) != NULL)
            adw_tab_view_close_page (self->tab_view, page_of (self, document));
        }
    }
  else
    {
      GFile *file = acy_document_get_file (document);
      g_autofree char *uri = g_file_get_uri (file);

      gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
      if (data->line > 0)
        acy_document_goto (document, data->line, data->col);
      acy_window_choose_model_for_text (self, document);
    }

  g_object_unref (data->document);
  g_object_unref (data->file);
  g_object_unref (data->self);
  g_free (data);
}

static AcyDocumentKind
kind_of_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  if (g_str_has_suffix (name, ".cat") || g_str_has_suffix (name, ".bell"))
    return ACY_DOCUMENT_CAT;
  return ACY_DOCUMENT_LITMUS;
}

/**
 * acy_window_open_file:
 * @goto_line: a line to move the cursor to once loaded, or 0
 *
 * Selects the tab of @file if it is open, else loads it into a tab.
 */
void
acy_window_open_file (AcyWindow *self,
                      GFile     *file,
                      guint      goto_line,
                      guint      goto_col)
{
  AcyDocument *document;
  OpenData *data;
  AcyDocumentKind kind;

  g_return_if_fail (ACY_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  document = acy_window_find_document (self, file);
  if (document != NULL)
    {
      adw_tab_view_set_selected_page (self->tab_view, page_of (self, document));
      if (goto_line > 0)
        acy_document_goto (document, goto_line, goto_col);
      return;
    }

  kind = kind_of_file (file);
  data = g_new0 (OpenData, 1);
  data->self = g_object_ref (self);
  data->is_new = !(self->current != NULL
                   && acy_document_get_kind (self->current) == kind
                   && acy_document_is_pristine (self->current));
  data->document = g_object_ref (acy_window_reusable_document (self, kind));
  data->file = g_object_ref (file);
  data->line = goto_line;
  data->col = goto_col;
  acy_document_load_async (data->document, file, self->cancellable, acy_window_open_cb, data);
}

void
acy_window_load_file (AcyWindow *self,
                      GFile     *file)
{
  acy_window_open_file (self, file, 0, 0);
}

/* Running */

/* Every open model's text, so that a run uses what the user sees. */
static GHashTable *
acy_window_collect_overrides (AcyWindow *self)
{
  GHashTable *overrides = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; i < acy_window_get_n_documents (self); i++)
    {
      AcyDocument *document = acy_window_get_nth_document (self, i);
      GFile *file = acy_document_get_file (document);
      const char *path = file != NULL ? g_file_peek_path (file) : acy_document_get_copy_of (document);

      /* An unsaved copy of a built-in model stands for it. */
      if (acy_document_get_kind (document) != ACY_DOCUMENT_CAT || path == NULL)
        continue;
      g_hash_table_insert (overrides,
                           g_canonicalize_filename (path, NULL),
                           acy_document_get_text (document));
    }

  return overrides;
}

/* The selected test, or, when a model is in front, the last test that
 * was; NULL, said in a toast, when none is. */
static AcyDocument *
test_to_run (AcyWindow  *self,
             const char *none)
{
  AcyDocument *test;

  if (self->current != NULL && acy_document_get_kind (self->current) == ACY_DOCUMENT_LITMUS)
    test = g_object_ref (self->current);
  else
    test = acy_window_get_last_test (self);
  if (test == NULL)
    acy_window_toast (self, none);
  return test;
}

/* @test's tab selected, to show its result */
static void
bring_forward (AcyWindow   *self,
               AcyDocument *test)
{
  if (test != self->current)
    adw_tab_view_set_selected_page (self->tab_view, page_of (self, test));
}

/**
 * acy_window_run:
 *
 * Checks the selected test, or, when a model is in front, the last test
 * that was under that model, so that a model can be edited and tried at
 * once.
 */
void
acy_window_run (AcyWindow *self)
{
  g_autoptr(GHashTable) overrides = NULL;
  g_autoptr(AcyDocument) test = NULL;

  g_return_if_fail (ACY_IS_WINDOW (self));

  test = test_to_run (self, _("Open a litmus test to check it against this model"));
  if (test == NULL)
    return;

  if (test != self->current && self->current != NULL
      && acy_document_get_kind (self->current) == ACY_DOCUMENT_CAT)
    {
      AcyDocument *model = self->current;
      const char *path = acy_window_get_tab_model (model);
      g_autofree char *note = NULL;

      if (path == NULL && !g_str_has_suffix (acy_document_get_title (model), ".bell"))
        {
          /* Translators: %s is the name of a new model */
          g_autofree char *title = g_strdup_printf (_("Save “%s” to check tests against it"),
                                                    acy_document_get_title (model));
          AdwToast *toast = adw_toast_new (title);

          adw_toast_set_button_label (toast, _("Save _As…"));
          adw_toast_set_action_name (toast, "win.save-as");
          adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
          adw_toast_overlay_add_toast (self->toast_overlay, toast);
          return;
        }
      if (path != NULL)
        {
          /* the test keeps it: the chooser shows it there */
          acy_document_set_model (test, path);
          /* Translators: a test's name, then a model's */
          note = g_strdup_printf (_("“%s” checked under “%s”, the model in the tab you were editing"),
                                  acy_document_get_title (test), acy_document_get_title (model));
          acy_window_toast (self, note);
        }
    }

  bring_forward (self, test);

  overrides = acy_window_collect_overrides (self);
  acy_document_run (test, overrides);
}

/**
 * acy_window_run_machine:
 *
 * Runs the test acy_window_run() would check on this machine's CPU,
 * machine-iterations times, beside the model's verdict.
 */
void
acy_window_run_machine (AcyWindow *self)
{
  g_autoptr(GHashTable) overrides = NULL;
  g_autoptr(AcyDocument) test = NULL;

  g_return_if_fail (ACY_IS_WINDOW (self));

  test = test_to_run (self, _("Open a litmus test to run it on this machine"));
  if (test == NULL)
    return;
  bring_forward (self, test);
  overrides = acy_window_collect_overrides (self);
  acy_document_run_machine (test, self->machine_iterations, overrides);
}

/* Tabs */

static void
acy_window_selected_page_changed (AcyWindow  *self,
                                  GParamSpec *pspec,
                                  AdwTabView *tab_view)
{
  AdwTabPage *page = adw_tab_view_get_selected_page (tab_view);

  self->current = page ? ACY_DOCUMENT (adw_tab_page_get_child (page)) : NULL;
  if (self->current != NULL)
    {
      if (acy_document_get_kind (self->current) == ACY_DOCUMENT_LITMUS)
        g_weak_ref_set (&self->last_test, self->current);
      acy_window_update_page (self, NULL, self->current);
    }
  else
    {
      adw_window_title_set_title (self->window_title, _("Acyclic"));
      adw_window_title_set_subtitle (self->window_title, NULL);
      gtk_window_set_title (GTK_WINDOW (self), _("Acyclic"));
    }

  acy_window_update_model_button (self);
  acy_window_update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

static gboolean
acy_window_close_request (GtkWindow *window)
{
  AcyWindow *self = ACY_WINDOW (window);

  /* Asked once, with every modified document listed */
  if (self->closing || acy_window_ask_to_close (self) != NULL)
    return TRUE;
  return GTK_WINDOW_CLASS (acy_window_parent_class)->close_request (window);
}

static gboolean
acy_window_continue_closing_idle (gpointer data)
{
  acy_window_continue_closing (data);
  return G_SOURCE_REMOVE;
}

static void
acy_window_n_pages_changed (AcyWindow  *self,
                            GParamSpec *pspec,
                            AdwTabView *tab_view)
{
  if (self->disposing)
    return;

  if (self->closing)
    {
      /* Let the tab view finish the close first. */
      g_idle_add_full (G_PRIORITY_DEFAULT, acy_window_continue_closing_idle,
                       g_object_ref (self), g_object_unref);
      return;
    }

  /* A window always has a tab to type in. */
  if (adw_tab_view_get_n_pages (tab_view) == 0)
    acy_window_new_document (self, ACY_DOCUMENT_LITMUS);
  acy_window_rebuild_model_menu (self);
}

/* Recent files */

void
acy_window_rebuild_recent_files (AcyWindow *self)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  GList *items = gtk_recent_manager_get_items (manager);
  guint n = 0;

  g_menu_remove_all (self->recent_menu);
  for (GList *l = items; l != NULL && n < MAX_RECENT_FILES; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autoptr(GMenuItem) item = NULL;

      if (!(g_str_has_suffix (uri, ".litmus") || g_str_has_suffix (uri, ".cat")
            || g_str_has_suffix (uri, ".bell"))
          || !gtk_recent_info_exists (info))
        continue;

      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target_value (item, "win.open-uri", g_variant_new_string (uri));
      g_menu_append_item (self->recent_menu, item);
      n++;
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

/* GObject */

static void
acy_window_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  AcyWindow *self = ACY_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_string (value, acy_window_get_model (self));
      break;
    case PROP_MACHINE_ITERATIONS:
      g_value_set_uint (value, self->machine_iterations);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
acy_window_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  AcyWindow *self = ACY_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      acy_window_set_model (self, g_value_get_string (value));
      break;
    case PROP_MACHINE_ITERATIONS:
      if (self->machine_iterations != g_value_get_uint (value))
        {
          self->machine_iterations = g_value_get_uint (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* GObject sets GtkWindow:application only after constructed, so what
 * needs the application's settings waits until acy_window_new() has it.
 */
static void
acy_window_set_up (AcyWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (ACY_IS_APPLICATION (app) && acy_application_get_settings (ACY_APPLICATION (app)) != NULL)
    self->settings = g_object_ref (acy_application_get_settings (ACY_APPLICATION (app)));

  if (self->settings != NULL)
    {
      g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
    }

  acy_window_init_models (self);
  acy_window_new_document (self, ACY_DOCUMENT_LITMUS);
}

static void
acy_window_dispose (GObject *object)
{
  AcyWindow *self = ACY_WINDOW (object);

  self->disposing = TRUE;
  g_cancellable_cancel (self->cancellable);
  acy_window_dispose_models (self);
  self->current = NULL;
  g_weak_ref_set (&self->last_test, NULL);

  gtk_widget_dispose_template (GTK_WIDGET (self), ACY_TYPE_WINDOW);

  g_clear_object (&self->model_menu);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->close_plan, g_hash_table_unref);

  G_OBJECT_CLASS (acy_window_parent_class)->dispose (object);
}

static void
acy_window_finalize (GObject *object)
{
  AcyWindow *self = ACY_WINDOW (object);

  g_clear_object (&self->cancellable);
  g_weak_ref_clear (&self->last_test);
  g_free (self->new_model);

  G_OBJECT_CLASS (acy_window_parent_class)->finalize (object);
}

static void
acy_window_class_init (AcyWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->get_property = acy_window_get_property;
  object_class->set_property = acy_window_set_property;
  object_class->dispose = acy_window_dispose;
  object_class->finalize = acy_window_finalize;
  window_class->close_request = acy_window_close_request;

  properties[PROP_MODEL] =
    g_param_spec_string ("model", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* How many times Run on This Machine runs the test */
  properties[PROP_MACHINE_ITERATIONS] =
    g_param_spec_uint ("machine-iterations", NULL, NULL, 1000, 100000000, 1000000,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ACY_TYPE_DOCUMENT);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, tab_view);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, machine_button);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, tab_bar);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, model_button);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, examples_button);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, examples_list);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, recent_menu);
  gtk_widget_class_bind_template_callback (widget_class, acy_window_close_page_cb);

  acy_window_class_init_actions (widget_class);
}

static void
acy_window_init (AcyWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  acy_accessible_fix_mnemonics (GTK_WIDGET (self));
  acy_accessible_name_tab_bar (GTK_WIDGET (self->tab_bar));
  /* libadwaita 1.2 leaves the arrow of a split button unnamed */
  for (GtkWidget *child = gtk_widget_get_first_child (self->machine_button);
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_MENU_BUTTON (child))
      acy_accessible_name_menu_button (GTK_MENU_BUTTON (child), _("How Many Times to Run It on This Machine"),
                                       NULL);
  /* The tab view's shortcuts are global: they run before the editor
   * sees a key. Ctrl+Home and Ctrl+End (with Shift, to select) belong
   * to the text there, as in GNOME Text Editor; Ctrl+Page Up/Down and
   * Alt+digits still switch tabs. */
  adw_tab_view_remove_shortcuts (self->tab_view,
                                 ADW_TAB_VIEW_SHORTCUT_CONTROL_HOME
                                 | ADW_TAB_VIEW_SHORTCUT_CONTROL_END
                                 | ADW_TAB_VIEW_SHORTCUT_CONTROL_SHIFT_HOME
                                 | ADW_TAB_VIEW_SHORTCUT_CONTROL_SHIFT_END);

  self->cancellable = g_cancellable_new ();
  g_weak_ref_init (&self->last_test, NULL);
  self->machine_iterations = 1000000;

  self->model_menu = g_menu_new ();
  gtk_menu_button_set_menu_model (self->model_button, G_MENU_MODEL (self->model_menu));

  g_signal_connect_object (self->tab_view, "notify::selected-page",
                           G_CALLBACK (acy_window_selected_page_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tab_view, "notify::n-pages",
                           G_CALLBACK (acy_window_n_pages_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_recent_manager_get_default (), "changed",
                           G_CALLBACK (acy_window_rebuild_recent_files), self, G_CONNECT_SWAPPED);
  acy_window_rebuild_recent_files (self);
  acy_window_init_gallery (self);
}
