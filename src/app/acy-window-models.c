/* acy-window-models.c - the main window's model chooser
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The built-in models, the model menu (built-in, recent, open a file),
 * the model of the selected test and the default one for new tests,
 * kept in the settings.
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>

#include "acyclic.h"
#include "acy-accessible.h"
#include "acy-check-job.h"
#include "acy-window-private.h"

#define FALLBACK_MODEL "coherent-rmo.cat"
#define MAX_RECENT_MODELS 5

static const struct {
  const char *file;
  const char *name;
} builtin_models[] = {
  { "sc.cat", N_("Sequential Consistency") },
  { "tso.cat", N_("Total Store Order") },
  { "coherent-rmo.cat", N_("Coherent RMO") },
  { "toy-rmo.cat", N_("Toy RMO") },
};

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

static char *
model_display_name (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *dir = g_path_get_dirname (path);

  if (g_strcmp0 (dir, acy_builtin_models_dir ()) == 0)
    for (guint i = 0; i < G_N_ELEMENTS (builtin_models); i++)
      if (g_str_equal (base, builtin_models[i].file))
        return g_strdup (_(builtin_models[i].name));
  return acy_model_spec_name (path);
}

void
acy_window_update_model_button (AcyWindow *self)
{
  const char *model = acy_window_get_model (self);
  g_autofree char *name = model ? model_display_name (model) : NULL;

  g_autofree char *accessible_name = NULL;

  gtk_menu_button_set_label (self->model_button, name ? name : _("Model"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->model_button), model);
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
  return self->default_model;
}

static void
acy_window_rebuild_model_menu (AcyWindow *self)
{
  g_autoptr(GMenu) builtins = g_menu_new ();
  g_autoptr(GMenu) recent = g_menu_new ();
  g_autoptr(GMenu) files = g_menu_new ();
  g_auto(GStrv) recent_models = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (builtin_models); i++)
    {
      g_autofree char *path = acy_window_get_builtin_model (builtin_models[i].file);
      g_autoptr(GMenuItem) item = g_menu_item_new (_(builtin_models[i].name), NULL);

      g_menu_item_set_action_and_target_value (item, "win.model", g_variant_new_string (path));
      g_menu_append_item (builtins, item);
    }

  if (self->settings != NULL)
    recent_models = g_settings_get_strv (self->settings, "recent-models");
  for (guint i = 0; recent_models != NULL && recent_models[i] != NULL; i++)
    {
      g_autofree char *name = model_display_name (recent_models[i]);
      g_autoptr(GMenuItem) item = g_menu_item_new (name, NULL);

      g_menu_item_set_action_and_target_value (item, "win.model", g_variant_new_string (recent_models[i]));
      g_menu_append_item (recent, item);
    }

  g_menu_append (files, _("_Open Model File…"), "win.open-model");
  g_menu_append (files, _("_Edit Model"), "win.edit-model");

  g_menu_remove_all (self->model_menu);
  g_menu_append_section (self->model_menu, _("Built-in Models"), G_MENU_MODEL (builtins));
  if (g_menu_model_get_n_items (G_MENU_MODEL (recent)) > 0)
    g_menu_append_section (self->model_menu, _("Recent Models"), G_MENU_MODEL (recent));
  g_menu_append_section (self->model_menu, NULL, G_MENU_MODEL (files));
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

  if (self->settings == NULL || g_strcmp0 (dir, acy_builtin_models_dir ()) == 0)
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

  if (self->current != NULL && acy_document_get_kind (self->current) == ACY_DOCUMENT_LITMUS)
    acy_document_set_model (self->current, model_path);

  if (g_strcmp0 (self->default_model, model_path) != 0)
    {
      g_free (self->default_model);
      self->default_model = g_strdup (model_path);
      if (self->settings != NULL)
        g_settings_set_string (self->settings, "default-model", model_path);
    }
  acy_window_add_recent_model (self, model_path);
  acy_window_update_model_button (self);
  g_object_notify (G_OBJECT (self), "model");
}

/* The setting holds a path, or a name in the built-in models folder. */
static char *
acy_window_initial_model (AcyWindow *self)
{
  g_autofree char *setting = NULL;
  g_autofree char *builtin = NULL;

  if (self->settings != NULL)
    setting = g_settings_get_string (self->settings, "default-model");

  if (setting != NULL && setting[0] != '\0')
    {
      if (g_path_is_absolute (setting))
        {
          if (g_file_test (setting, G_FILE_TEST_IS_REGULAR))
            return g_steal_pointer (&setting);
        }
      else
        {
          /* A name: on the search path of the preferences, else built in */
          builtin = acy_check_job_find_model (setting);
          if (builtin != NULL)
            return g_steal_pointer (&builtin);
        }
    }

  return acy_window_get_builtin_model (FALLBACK_MODEL);
}

/* The preferences chose another model for new tests. */
static void
acy_window_default_model_changed (AcyWindow *self)
{
  g_free (self->default_model);
  self->default_model = acy_window_initial_model (self);
  acy_window_update_model_button (self);
}

/* Follows the settings once the window has them (in constructed). */
void
acy_window_init_models (AcyWindow *self)
{
  if (self->settings != NULL)
    {
      g_signal_connect_object (self->settings, "changed::recent-models",
                               G_CALLBACK (acy_window_rebuild_model_menu), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::default-model",
                               G_CALLBACK (acy_window_default_model_changed), self, G_CONNECT_SWAPPED);
    }

  self->default_model = acy_window_initial_model (self);
  acy_window_rebuild_model_menu (self);
}
