/* acy-setup.c - what to check with: a model and its macros, as herd7's options say
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-asm.h"
#include "acy-config.h"
#include "acy-model-store.h"
#include "acy-setup.h"

char *
acy_setup_builtin_model (const char *name)
{
  g_autofree char *file = NULL;
  char *path;

  if (name == NULL || strchr (name, G_DIR_SEPARATOR) != NULL)
    return NULL;
  file = g_str_has_suffix (name, ".cat") ? g_strdup (name) : g_strconcat (name, ".cat", NULL);
  path = g_build_filename (acy_builtin_models_dir (), file, NULL);
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    g_clear_pointer (&path, g_free);
  return path;
}

/* Whether @cat_path is one of Acyclic's own models */
static gboolean
is_builtin_model (const char *cat_path)
{
  g_autofree char *dir = g_path_get_dirname (cat_path);
  g_autofree char *builtin = g_canonicalize_filename (acy_builtin_models_dir (), NULL);
  g_autofree char *canonical = g_canonicalize_filename (dir, NULL);

  return g_strcmp0 (canonical, builtin) == 0;
}

/* The built-in models of C11 read C11 tests: given no macro file, they
 * take c11.def (the seq_cst forms) rather than the kernel primitives of
 * linux-basic.def, so that a kernel test under one of them is an unknown
 * primitive, not kernel fences silently read as plain ones. */
static gboolean
is_builtin_c11_model (const char *cat_path)
{
  static const char *const c11_models[] = { "rc11.cat", "c11-sc.cat", "c11-ra.cat" };
  g_autofree char *base = g_path_get_basename (cat_path);

  if (!is_builtin_model (cat_path))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (c11_models); i++)
    if (g_str_equal (base, c11_models[i]))
      return TRUE;
  return FALSE;
}

const char *
acy_setup_default_model (const char *arch)
{
  const AcyAsmArch *a;

  if (arch == NULL || g_str_equal (arch, "C"))
    return ACY_DEFAULT_C_MODEL;
  a = acy_asm_arch_find (arch);
  return a ? a->default_model : NULL;
}

/* @name in herd's library: its path, its folder then searched for what
 * it includes (put in @dirs, before their final NULL), or NULL */
static char *
find_in_herd_lib (const char *name, GPtrArray *dirs)
{
  g_auto(GStrv) herd = acy_model_store_herd_dirs ((const char *const *) dirs->pdata);

  for (guint i = 0; herd[i]; i++)
    {
      char *path = g_build_filename (herd[i], name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          g_ptr_array_insert (dirs, dirs->len - 1, g_strdup (herd[i]));
          return path;
        }
      g_free (path);
    }
  return NULL;
}

void
acy_setup_paths_clear (AcySetupPaths *paths)
{
  g_clear_pointer (&paths->conf_path, g_free);
  g_clear_pointer (&paths->cat_path, g_free);
  g_clear_pointer (&paths->bell_path, g_free);
  g_clear_pointer (&paths->macros_path, g_free);
  g_clear_pointer (&paths->include_dirs, g_strfreev);
  g_clear_pointer (&paths->variants, g_strfreev);
}

char *
acy_setup_find_conf (const char         *conf,
                     const char *const  *include_dirs,
                     GError            **error)
{
  char *path = acy_config_resolve (conf, include_dirs, NULL);
  const char *const *lkmm = acy_model_store_files (ACY_LKMM_ID);
  g_autofree char *base = NULL;

  if (path != NULL)
    return path;
  base = g_path_get_basename (conf);
  if (g_strv_contains (lkmm, base))
    {
      g_autofree char *user_dir = acy_model_store_user_dir (ACY_LKMM_ID);
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                   "%s: configuration file not found (searched the working directory, "
                   "-I directories, $LINUX_SRC, kernel source trees and %s); "
                   "get the Linux-kernel model with: acyclic-check --fetch-model %s",
                   conf, user_dir, ACY_LKMM_ID);
    }
  else
    g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                 "%s: configuration file not found (searched the working directory and -I directories)",
                 conf);
  return NULL;
}

gboolean
acy_setup_resolve (const AcySetupSpec *spec,
                   AcySetupPaths      *paths,
                   GError            **error)
{
  g_autoptr(AcyConfig) loaded = NULL;
  const AcyConfig *config = spec->config;
  g_autoptr(GPtrArray) dirs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) variants = g_ptr_array_new_with_free_func (g_free);
  g_auto(AcySetupPaths) out = { 0 };
  const char *conf = spec->conf;
  const char *cat = spec->cat;
  const char *cat_name, *bell_name, *macros_name;
  const char *const *search;

  if (cat != NULL && conf == NULL && g_str_has_suffix (cat, ".cfg"))
    {
      conf = cat;
      cat = NULL;
    }

  for (guint i = 0; spec->include_dirs && spec->include_dirs[i]; i++)
    if (spec->include_dirs[i][0] != '\0')
      g_ptr_array_add (dirs, g_strdup (spec->include_dirs[i]));
  g_ptr_array_add (dirs, NULL);
  search = (const char *const *) dirs->pdata;

  if (config == NULL && conf != NULL)
    {
      out.conf_path = acy_setup_find_conf (conf, search, error);
      if (out.conf_path == NULL)
        return FALSE;
      config = loaded = acy_config_load (out.conf_path, error);
      if (config == NULL || !acy_config_refuse_settings (config, error))
        return FALSE;
    }
  else if (config != NULL)
    out.conf_path = g_strdup (config->path);
  if (config != NULL)
    {
      /* the .cfg's `include` folders after -I's, then the .cfg's own
       * folder: files named by a .cfg are also looked for beside it */
      for (guint i = 0; config->include_dirs[i]; i++)
        g_ptr_array_insert (dirs, dirs->len - 1, g_strdup (config->include_dirs[i]));
      g_ptr_array_insert (dirs, dirs->len - 1, g_path_get_dirname (out.conf_path));
      search = (const char *const *) dirs->pdata;
      /* herd7 reads its pictures' header when it starts, and stops when
       * it cannot find it (Cannot find file) */
      if (config->dotheader != NULL)
        {
          g_autofree char *header = acy_config_resolve_at (config->dotheader, search,
                                                           config->dotheader_loc.file,
                                                           "dotheader", &config->dotheader_loc, error);
          if (header == NULL)
            return FALSE;
        }
    }

  if (cat && spec->conf_model_wins && config && config->model)
    cat = NULL;
  cat_name = cat ? cat : config ? config->model : NULL;
  bell_name = spec->bell ? spec->bell : config ? config->bell : NULL;
  macros_name = spec->macros ? spec->macros : config && config->macros ? config->macros : ACY_DEFAULT_MACROS;

  if (cat_name == NULL && config == NULL)
    {
      /* herd7's model for the tests' architecture, given none. Acyclic
       * does not ship herd's files: they are looked for where herd7
       * looks, the working directory, the -I directories, then herd's
       * library ($HERDLIB, a fetched copy, a herdtools7 install). */
      const char *name = acy_setup_default_model (spec->arch);

      if (name == NULL)
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED,
                       "There is no default model for architecture %s: use -model MODEL.cat",
                       spec->arch);
          return FALSE;
        }
      out.cat_path = acy_config_resolve (name, search, NULL);
      if (out.cat_path == NULL)
        out.cat_path = find_in_herd_lib (name, dirs);
      search = (const char *const *) dirs->pdata;
      if (out.cat_path == NULL)
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                       "no model given, and herd7's default model for %s tests, %s, is not in "
                       "the working directory, the -I directories, $HERDLIB or a copy of herd's "
                       "library (get one with: acyclic-check --fetch-model " ACY_HERDLIB_ID "): "
                       "use -model MODEL.cat or -conf FILE.cfg",
                       spec->arch ? spec->arch : "C", name);
          return FALSE;
        }
    }
  else if (cat_name == NULL)
    {
      if (config)
        g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: the configuration names no model", out.conf_path);
      else
        g_set_error_literal (error, ACY_ERROR, ACY_ERROR_IO,
                             "no model given: use -cat MODEL.cat or -conf FILE.cfg");
      return FALSE;
    }
  /* A name given as @cat may also be a built-in model's short name
   * ("sc"); a name from a .cfg is reported at its line there. */
  /* A name from a .cfg is looked for beside the file that names it. */
  if (out.cat_path == NULL)
    out.cat_path = acy_config_resolve (cat_name, search, cat ? out.conf_path : config->model_loc.file);
  if (out.cat_path == NULL && cat != NULL)
    out.cat_path = acy_setup_builtin_model (cat);
  /* as herd7 finds x86tso.cat in its library */
  if (out.cat_path == NULL && cat != NULL && strchr (cat, G_DIR_SEPARATOR) == NULL)
    {
      out.cat_path = find_in_herd_lib (cat, dirs);
      search = (const char *const *) dirs->pdata;
    }
  if (out.cat_path == NULL)
    out.cat_path = acy_config_resolve_at (cat_name, search,
                                          cat ? out.conf_path : config->model_loc.file,
                                          "model", cat ? NULL : &config->model_loc, error);
  if (out.cat_path == NULL)
    return FALSE;
  if (bell_name)
    {
      out.bell_path = acy_config_resolve_at (bell_name, search,
                                             spec->bell ? out.conf_path : config->bell_loc.file,
                                             "bell", spec->bell ? NULL : &config->bell_loc, error);
      if (out.bell_path == NULL)
        return FALSE;
    }
  if (macros_name == (const char *) ACY_DEFAULT_MACROS && is_builtin_c11_model (out.cat_path))
    macros_name = ACY_C11_MACROS;
  else if (macros_name == (const char *) ACY_DEFAULT_MACROS && spec->herd_macros
           && !is_builtin_model (out.cat_path))
    macros_name = NULL;   /* none, as herd7: out.macros_path stays NULL */
  if (macros_name != NULL)
    {
      GError *local = NULL;

      gboolean from_config = !spec->macros && config && config->macros;

      out.macros_path = acy_config_resolve_at (macros_name, search,
                                               from_config ? config->macros_loc.file
                                                           : out.conf_path,
                                               "macro", from_config ? &config->macros_loc : NULL,
                                               &local);
      if (out.macros_path == NULL)
        {
          g_propagate_error (spec->macros_error ? spec->macros_error : error, local);
          if (spec->macros_error == NULL)
            return FALSE;
        }
    }

  if (config)
    for (guint i = 0; config->variants[i]; i++)
      g_ptr_array_add (variants, g_strdup (config->variants[i]));
  for (guint i = 0; spec->variants && spec->variants[i]; i++)
    g_ptr_array_add (variants, g_strdup (spec->variants[i]));
  g_ptr_array_add (variants, NULL);
  out.variants = (char **) g_ptr_array_steal (variants, NULL);
  out.include_dirs = (char **) g_ptr_array_steal (dirs, NULL);

  *paths = out;
  memset (&out, 0, sizeof out);
  return TRUE;
}

gboolean
acy_setup_load (const AcySetupSpec  *spec,
                AcyModel           **model,
                AcyMacros          **macros,
                GError             **error)
{
  g_auto(AcySetupPaths) paths = { 0 };
  g_autoptr(AcyMacros) m = NULL;
  g_autofree char *canonical = NULL;
  AcyModelSource src = { 0 };

  g_return_val_if_fail (model != NULL && macros != NULL, FALSE);

  if (!acy_setup_resolve (spec, &paths, error))
    return FALSE;
  /* no macro file at all (AcySetupSpec.herd_macros): the test's calls
   * are then builtins or unknown */
  if (paths.macros_path != NULL
      && (m = acy_macros_load (paths.macros_path, spec->macros_error ? spec->macros_error : error)) == NULL
      && spec->macros_error == NULL)
    return FALSE;

  src.cat_path = paths.cat_path;
  if (spec->cat_texts != NULL)
    {
      canonical = g_canonicalize_filename (paths.cat_path, NULL);
      src.cat_text = g_hash_table_lookup (spec->cat_texts, canonical);
    }
  src.bell_path = paths.bell_path;
  src.include_dirs = (const char *const *) paths.include_dirs;
  src.variants = (const char *const *) paths.variants;
  src.skip_checks = spec->skip_checks;
  src.through = spec->through;
  src.strict_skip = spec->strict_skip;
  src.cancellable = spec->cancellable;
  src.deadline = spec->deadline;
  {
    GError *local = NULL;

    *model = acy_model_load (&src, &local);
    if (*model == NULL)
      {
        if (spec->model_error
            && (g_error_matches (local, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME)
                || g_error_matches (local, ACY_ERROR, ACY_ERROR_TYPE)))
          g_propagate_error (spec->model_error, local);
        else
          {
            g_propagate_error (error, local);
            return FALSE;
          }
      }
  }
  *macros = g_steal_pointer (&m);
  return TRUE;
}
