/* test-setup.c - turning herd7-style options into a model and macros
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-setup"
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "acyclic.h"

static void
test_builtin_name (void)
{
  g_autoptr(GError) error = NULL;
  g_auto(AcySetupPaths) paths = { 0 };
  AcySetupSpec spec = { .cat = "sc" };

  g_assert_true (acy_setup_resolve (&spec, &paths, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (paths.cat_path, "sc.cat"));
  g_assert_true (g_str_has_suffix (paths.macros_path, ACY_DEFAULT_MACROS));
  g_assert_null (paths.bell_path);
}

static void
test_missing_model (void)
{
  g_autoptr(GError) error = NULL;
  g_auto(AcySetupPaths) paths = { 0 };
  AcySetupSpec spec = { .cat = "no-such-model.cat" };

  g_assert_false (acy_setup_resolve (&spec, &paths, &error));
  g_assert_error (error, ACY_ERROR, ACY_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "no-such-model.cat"));
}

/* A .cfg names its files relative to itself; a name ending in .cfg given
 * as the model is read as the configuration. */
static void
test_cfg (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("acy-setup-XXXXXX", &error);
  g_autofree char *cfg = g_build_filename (dir, "mine.cfg", NULL);
  g_autofree char *cat = g_build_filename (dir, "mine.cat", NULL);
  g_auto(AcySetupPaths) paths = { 0 };
  AcySetupSpec spec = { 0 };

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (cfg, "model mine.cat\nvariant lkmmv2,mixed\ngraph columns\n", -1, NULL));
  g_assert_true (g_file_set_contents (cat, "\"Mine\"\nacyclic po | rf\n", -1, NULL));
  spec.cat = cfg;
  g_assert_true (acy_setup_resolve (&spec, &paths, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (paths.cat_path, ==, cat);
  g_assert_cmpuint (g_strv_length (paths.variants), ==, 2);
  g_assert_cmpstr (paths.variants[1], ==, "mixed");
  g_remove (cfg);
  g_remove (cat);
  g_rmdir (dir);
}

/* An unsaved editor text replaces the file's contents. */
static void
test_cat_text (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *path = acy_setup_builtin_model ("sc");
  AcySetupSpec spec = { .cat = "sc", .cat_texts = texts };
  AcyModel *model = NULL;
  AcyMacros *macros = NULL;

  g_assert_nonnull (path);
  g_hash_table_insert (texts, g_canonicalize_filename (path, NULL), (gpointer) "\"Edited\"\nacyclic po\n");
  g_assert_true (acy_setup_load (&spec, &model, &macros, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (acy_model_get_name (model), ==, "Edited");
  acy_model_free (model);
  acy_macros_free (macros);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/setup/builtin-name", test_builtin_name);
  g_test_add_func ("/engine/setup/missing-model", test_missing_model);
  g_test_add_func ("/engine/setup/cfg", test_cfg);
  g_test_add_func ("/engine/setup/cat-text", test_cat_text);
  return g_test_run ();
}
