/* acy-window-models.c - the main window's model chooser
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The built-in models, the model menu (the Linux kernel's, built-in,
 * recent, open a file), the model of the selected test and the default
 * one for new tests, kept in the settings.
 *
 * The Linux-kernel model is not ours to ship: the menu lists it first
 * when a kernel tree or a fetched copy has it, and otherwise shows the
 * row of acy-window-kernel.c that fetches it.
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "acyclic.h"
#include "acy-accessible.h"
#include "acy-check-job.h"
#include "acy-window-private.h"

#define FALLBACK_MODEL "coherent-rmo.cat"
#define MAX_RECENT_MODELS 5
#define KERNEL_ROW_ID "kernel-model"

static const struct {
  const char *file;
  const char *name;
} builtin_models[] = {
  { "sc.cat", N_("Sequential Consistency") },
  { "tso.cat", N_("Total Store Order") },
  { "coherent-rmo.cat", N_("Coherent RMO") },
  { "toy-rmo.cat", N_("Toy RMO") },
  { "rc11.cat", N_("RC11 (C11 Atomics)") },
  { "c11-sc.cat", N_("SC for C11") },
  { "c11-ra.cat", N_("Release/Acquire C11") },
  { "x86-tso.cat", N_("x86-TSO") },
  { "armv8.cat", N_("Armv8 (AArch64)") },
};

static char *acy_window_default_model (AcyWindow *self);

/**
 * acy_window_get_builtin_model:
 * @name: a file in the built-in models folder, e.g. "sc.cat"
 *
 * Returns: (transfer full): its path
 */
char *
acy_window_get_builtin_model (const char *name)
{
  return g_build_filename (acy_builtin_models_dir (), name, NULL);
}

/**
 * acy_window_get_builtin_model_info:
 * @n: an index into the built-in models
 * @title: (out) (optional): the model's translated name
 *
 * Returns: (nullable): the file name of the @n-th built-in model, or %NULL
 *   past the last
 */
const char *
acy_window_get_builtin_model_info (guint        n,
                                   const char **title)
{
  if (n >= G_N_ELEMENTS (builtin_models))
    return NULL;
  if (title != NULL)
    *title = _(builtin_models[n].name);
  return builtin_models[n].file;
}

char *
acy_window_model_display_name (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *dir = g_path_get_dirname (path);

  if (g_strcmp0 (dir, acy_builtin_models_dir ()) == 0)
    for (guint i = 0; i < G_N_ELEMENTS (builtin_models); i++)
      if (g_str_equal (base, builtin_models[i].file))
        return g_strdup (_(builtin_models[i].name));
  if (g_str_equal (base, KERNEL_CFG))
    return g_strdup (_("Linux kernel (LKMM)"));
  {
    /* shown, and read out: UTF-8 whatever the file system's bytes */
    g_autofree char *name = acy_model_spec_name (path);

    return g_utf8_make_valid (name, -1);
  }
}

/* Whether @path is a model for C11 programs: ours (RC11, SC and
 * release/acquire for C11) or herd's (rc11.cat, c11_*.cat, simple-c11.cat),
 * which all have "c11" in their names. */
gboolean
acy_window_is_c11_model (const char *path)
{
  g_autofree char *name = path ? g_path_get_basename (path) : NULL;

  return name != NULL && strstr (name, "c11") != NULL;
}

/* For a test that calls the kernel's primitives while the kernel's model
 * is nowhere: a model that reads them, the default if it does. */
char *
acy_window_default_model_for_kernel (AcyWindow *self)
{
  g_autofree char *model = acy_window_default_model (self);

  if (acy_window_is_c11_model (model))
    {
      g_free (model);
      model = acy_window_get_builtin_model (FALLBACK_MODEL);
    }
  return g_steal_pointer (&model);
}

void
acy_window_update_model_button (AcyWindow *self)
{
  const char *model = acy_window_get_model (self);
  g_autofree char *name = model ? acy_window_model_display_name (model) : NULL;

  g_autofree char *accessible_name = NULL;

  gtk_menu_button_set_label (self->model_button, name ? name : _("Model"));
  {
    g_autofree char *shown = model ? g_filename_display_name (model) : NULL;
    g_autoptr(AcyDocument) test = acy_window_get_last_test (self);

    if (self->current != NULL && acy_document_get_kind (self->current) == ACY_DOCUMENT_CAT
        && acy_window_get_tab_model (self->current) != NULL && test != NULL)
      {
        /* Translators: %s is a test's name */
        g_autofree char *tip = g_strdup_printf (_("Run checks “%s” under the model in this tab"),
                                                acy_document_get_title (test));

        gtk_widget_set_tooltip_text (GTK_WIDGET (self->model_button), tip);
      }
    else
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->model_button), shown);
  }
  /* TRANSLATORS: the model chooser as a screen reader reads it */
  accessible_name = g_strdup_printf (_("Memory Model: %s"), name ? name : _("None"));
  acy_accessible_name_menu_button (self->model_button, accessible_name,
                                   _("The model the test is checked against"));
}

const char *
acy_window_get_model (AcyWindow *self)
{
  g_return_val_if_fail (ACY_IS_WINDOW (self), NULL);

  if (self->current != NULL && acy_document_get_kind (self->current) == ACY_DOCUMENT_LITMUS)
    return acy_document_get_model (self->current);
  /* A model in front: the one Run checks the last test under */
  if (self->current != NULL && acy_window_get_tab_model (self->current) != NULL)
    return acy_window_get_tab_model (self->current);
  return self->new_model;
}

/**
 * acy_window_get_tab_model:
 * @document: a model's tab
 *
 * Returns: (nullable): the model file the tab stands for: its file, or
 *   the built-in model an unsaved copy copies; %NULL for a new model
 *   never saved, a .bell, or a test
 */
const char *
acy_window_get_tab_model (AcyDocument *document)
{
  GFile *file = acy_document_get_file (document);
  const char *path = file != NULL ? g_file_peek_path (file) : acy_document_get_copy_of (document);

  if (acy_document_get_kind (document) != ACY_DOCUMENT_CAT || path == NULL
      || !g_str_has_suffix (path, ".cat") || !g_utf8_validate (path, -1, NULL))
    return NULL;
  return path;
}

/**
 * acy_window_get_last_test:
 *
 * Returns: (transfer full) (nullable): the test selected last, which Run
 *   checks while a model is in front
 */
AcyDocument *
acy_window_get_last_test (AcyWindow *self)
{
  return g_weak_ref_get (&self->last_test);
}

/**
 * acy_window_get_model_menu:
 *
 * Returns: (transfer none): the menu of the model chooser
 */
GMenuModel *
acy_window_get_model_menu (AcyWindow *self)
{
  g_return_val_if_fail (ACY_IS_WINDOW (self), NULL);

  return G_MENU_MODEL (self->model_menu);
}

/**
 * acy_window_find_kernel_model:
 *
 * Returns: (transfer full) (nullable): the Linux-kernel model's
 *   linux-kernel.cfg, wherever it is found, or %NULL
 */
char *
acy_window_find_kernel_model (void)
{
  return acy_check_job_find_kernel_model ();
}

/* Puts the row into the menu's placeholder, which each rebuild of the
 * menu makes anew. */
void
acy_window_unplace_kernel_row (AcyWindow *self)
{
  GtkPopover *popover = gtk_menu_button_get_popover (self->model_button);

  if (gtk_widget_get_parent (self->kernel_row) == NULL)
    return;
  if (GTK_IS_POPOVER_MENU (popover))
    gtk_popover_menu_remove_child (GTK_POPOVER_MENU (popover), self->kernel_row);
  if (gtk_widget_get_parent (self->kernel_row) != NULL)
    gtk_widget_unparent (self->kernel_row);
}

static void
acy_window_place_kernel_row (AcyWindow *self)
{
  GtkPopover *popover = gtk_menu_button_get_popover (self->model_button);

  if (self->kernel_model != NULL || !GTK_IS_POPOVER_MENU (popover))
    return;
  gtk_popover_menu_add_child (GTK_POPOVER_MENU (popover), self->kernel_row, KERNEL_ROW_ID);
}

/* Whether @path is a model an earlier section of the menu lists */
static gboolean
listed (GPtrArray  *paths,
        const char *path)
{
  return g_ptr_array_find_with_equal_func (paths, path, g_str_equal, NULL);
}

static void
append_model (GMenu      *section,
              GPtrArray  *paths,
              const char *label,
              const char *path)
{
  g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target_value (item, "win.model", g_variant_new_string (path));
  g_menu_append_item (section, item);
  g_ptr_array_add (paths, g_strdup (path));
}

/* The default of the preferences, as a path; the built-in fallback when
 * the setting names nothing found. */
static char *
acy_window_default_model (AcyWindow *self)
{
  g_autofree char *setting = NULL;
  g_autofree char *found = NULL;

  if (self->settings != NULL)
    setting = g_settings_get_string (self->settings, "default-model");

  if (setting != NULL && setting[0] != '\0')
    {
      if (g_path_is_absolute (setting))
        {
          if (g_file_test (setting, G_FILE_TEST_IS_REGULAR))
            return g_steal_pointer (&setting);
        }
      else if (g_str_equal (setting, KERNEL_CFG))
        {
          /* the kernel's model, wherever it is now (a tree, a fetched copy) */
          if ((found = acy_window_find_kernel_model ()) != NULL)
            return g_steal_pointer (&found);
        }
      /* A name: on the search path of the preferences, else built in */
      else if ((found = acy_check_job_find_model (setting)) != NULL)
        return g_steal_pointer (&found);
    }

  return acy_window_get_builtin_model (FALLBACK_MODEL);
}

/**
 * acy_window_rebuild_model_menu:
 *
 * Makes the model chooser's menu again: the kernel's model (or the row
 * that gets it), the built-in ones, the models open in tabs, the recent
 * ones, each listed once; and which model new tests get.
 */
void
acy_window_rebuild_model_menu (AcyWindow *self)
{
  g_autoptr(GMenu) kernel = g_menu_new ();
  g_autoptr(GMenu) builtins = g_menu_new ();
  g_autoptr(GMenu) open = g_menu_new ();
  g_autoptr(GMenu) recent = g_menu_new ();
  g_autoptr(GMenu) files = g_menu_new ();
  g_autoptr(GMenu) defaults = g_menu_new ();
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) recent_models = NULL;
  g_autofree char *default_model = acy_window_default_model (self);
  g_autofree char *new_name = NULL;
  g_autofree char *new_label = NULL;

  g_free (self->kernel_model);
  self->kernel_model = acy_window_find_kernel_model ();
  if (self->kernel_model != NULL)
    append_model (kernel, paths, _("Linux kernel (LKMM)"), self->kernel_model);
  else
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (NULL, NULL);

      g_menu_item_set_attribute (item, "custom", "s", KERNEL_ROW_ID);
      g_menu_append_item (kernel, item);
    }

  for (guint i = 0; i < G_N_ELEMENTS (builtin_models); i++)
    {
      g_autofree char *path = acy_window_get_builtin_model (builtin_models[i].file);

      append_model (builtins, paths, _(builtin_models[i].name), path);
    }

  /* Models being edited, by the file they are saved to */
  for (guint i = 0; i < acy_window_get_n_documents (self); i++)
    {
      AcyDocument *document = acy_window_get_nth_document (self, i);
      GFile *file = acy_document_get_file (document);
      const char *path = file != NULL ? g_file_peek_path (file) : NULL;

      if (acy_document_get_kind (document) == ACY_DOCUMENT_CAT && path != NULL
          && g_str_has_suffix (path, ".cat") && g_utf8_validate (path, -1, NULL) && !listed (paths, path))
        {
          g_autofree char *name = acy_window_model_display_name (path);

          append_model (open, paths, name, path);
        }
    }

  if (self->settings != NULL)
    recent_models = g_settings_get_strv (self->settings, "recent-models");
  for (guint i = 0; recent_models != NULL && recent_models[i] != NULL; i++)
    if (!listed (paths, recent_models[i]))
      {
        g_autofree char *name = acy_window_model_display_name (recent_models[i]);

        append_model (recent, paths, name, recent_models[i]);
      }

  g_menu_append (files, _("_Open Model File…"), "win.open-model");
  g_menu_append (files, _("_Edit Model"), "win.edit-model");

  /* Which model a new test gets, and where the default is set */
  new_name = acy_window_model_display_name (self->new_model ? self->new_model : default_model);
  if (self->new_model == NULL || g_str_equal (self->new_model, default_model))
    /* Translators: a heading of the model menu; %s is a model's name */
    new_label = g_strdup_printf (_("New tests: %s, the default"), new_name);
  else
    /* Translators: a heading of the model menu; %s is a model's name */
    new_label = g_strdup_printf (_("New tests: %s, chosen here"), new_name);
  g_menu_append (defaults, _("Change the _Default Model…"), "app.preferences");

  acy_window_unplace_kernel_row (self);
  g_menu_remove_all (self->model_menu);
  g_menu_append_section (self->model_menu, _("Linux Kernel"), G_MENU_MODEL (kernel));
  g_menu_append_section (self->model_menu, _("Built-in Models"), G_MENU_MODEL (builtins));
  if (g_menu_model_get_n_items (G_MENU_MODEL (open)) > 0)
    g_menu_append_section (self->model_menu, _("Open in Tabs"), G_MENU_MODEL (open));
  if (g_menu_model_get_n_items (G_MENU_MODEL (recent)) > 0)
    g_menu_append_section (self->model_menu, _("Recent Models"), G_MENU_MODEL (recent));
  g_menu_append_section (self->model_menu, NULL, G_MENU_MODEL (files));
  g_menu_append_section (self->model_menu, new_label, G_MENU_MODEL (defaults));
  acy_window_place_kernel_row (self);
}

/* Opening the menu looks again: the model may have been fetched by
 * acyclic-check, or a kernel tree added, since. */
static void
acy_window_model_menu_shown (AcyWindow *self)
{
  g_autofree char *found = NULL;

  if (self->kernel_fetch != NULL)
    return;
  found = acy_window_find_kernel_model ();
  if (g_strcmp0 (found, self->kernel_model) != 0)
    acy_window_rebuild_model_menu (self);
}

/* Called from the window's dispose. */
void
acy_window_dispose_models (AcyWindow *self)
{
  acy_window_cancel_kernel_fetch (self);
  if (self->kernel_row != NULL)
    acy_window_unplace_kernel_row (self);
  g_clear_object (&self->kernel_row);
  g_clear_pointer (&self->kernel_model, g_free);
}

void
acy_window_add_recent_model (AcyWindow  *self,
                             const char *path)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) old = NULL;
  g_auto(GStrv) updated = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  guint n = 1;

  /* the built-in models and the kernel's are listed anyway */
  if (self->settings == NULL || g_strcmp0 (dir, acy_builtin_models_dir ()) == 0
      || g_strcmp0 (path, self->kernel_model) == 0)
    return;

  old = g_settings_get_strv (self->settings, "recent-models");
  g_strv_builder_add (builder, path);
  for (guint i = 0; old[i] != NULL && n < MAX_RECENT_MODELS; i++)
    if (g_strcmp0 (old[i], path) != 0)
      {
        g_strv_builder_add (builder, old[i]);
        n++;
      }
  updated = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "recent-models", (const char * const *) updated);
}

/**
 * acy_window_set_model:
 * @model_path: a .cat or .cfg file
 *
 * Checks the selected test, and new tests, against @model_path from now.
 */
void
acy_window_set_model (AcyWindow  *self,
                      const char *model_path)
{
  g_return_if_fail (ACY_IS_WINDOW (self));
  g_return_if_fail (model_path != NULL);

  /* The model is the state of the win.model action, and a setting: both
   * hold UTF-8 only (GVariant strings) */
  if (!g_utf8_validate (model_path, -1, NULL))
    {
      g_autofree char *shown = g_filename_display_name (model_path);
      /* Translators: %s is a file's path */
      g_autofree char *message = g_strdup_printf (_("Cannot use the model “%s”: its path is not "
                                                    "UTF-8 text; rename it or its folder"), shown);

      acy_window_toast (self, message);
      return;
    }

  if (self->current != NULL && acy_document_get_kind (self->current) == ACY_DOCUMENT_LITMUS)
    acy_document_set_model (self->current, model_path);
  else if (g_strcmp0 (model_path, acy_window_get_model (self)) != 0)
    {
      /* Chosen with a model in front: for the test Run checks, which
       * comes forward with it (the chooser shows the test's model) */
      g_autoptr(AcyDocument) test = acy_window_get_last_test (self);

      if (test != NULL)
        {
          acy_document_set_model (test, model_path);
          adw_tab_view_set_selected_page (self->tab_view,
                                          adw_tab_view_get_page (self->tab_view, GTK_WIDGET (test)));
        }
    }

  /* Remembered for new tests here; the preferences' default stays */
  if (g_strcmp0 (self->new_model, model_path) != 0)
    {
      g_free (self->new_model);
      self->new_model = g_strdup (model_path);
    }
  acy_window_add_recent_model (self, model_path);
  acy_window_rebuild_model_menu (self);
  acy_window_update_model_button (self);
  g_object_notify (G_OBJECT (self), "model");
}

/* The preferences chose another default: new tests get it from now. */
static void
acy_window_default_model_changed (AcyWindow *self)
{
  g_free (self->new_model);
  self->new_model = acy_window_default_model (self);
  acy_window_rebuild_model_menu (self);
  acy_window_update_model_button (self);
}

/* Follows the settings once the window has them (from acy_window_new()). */
void
acy_window_init_models (AcyWindow *self)
{
  if (self->settings != NULL)
    {
      g_signal_connect_object (self->settings, "changed::recent-models",
                               G_CALLBACK (acy_window_rebuild_model_menu), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::default-model",
                               G_CALLBACK (acy_window_default_model_changed), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::model-search-path",
                               G_CALLBACK (acy_window_rebuild_model_menu), self, G_CONNECT_SWAPPED);
    }
  g_signal_connect_object (gtk_menu_button_get_popover (self->model_button), "show",
                           G_CALLBACK (acy_window_model_menu_shown), self, G_CONNECT_SWAPPED);

  acy_window_build_kernel_row (self);
  self->new_model = acy_window_default_model (self);
  acy_window_rebuild_model_menu (self);
}
