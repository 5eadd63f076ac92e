/* store-test-support.c - a model store of the test's own, in a temporary HOME
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "shared-dir.h"
#include "store-test-support.h"

char *home;
char *corpus;
char *fixtures;

void
store_test_init (const char *tmpl)
{
  g_autofree char *data = NULL;
  g_autofree char *lkmm = NULL;

  home = g_dir_make_tmp (tmpl, NULL);
  g_assert_nonnull (home);
  data = g_build_filename (home, "data", NULL);
  g_setenv ("HOME", home, TRUE);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_unsetenv ("LINUX_SRC");

  corpus = test_conformance_path (NULL);
  lkmm = g_build_filename (corpus, "lkmm", NULL);
  if (g_file_test (lkmm, G_FILE_TEST_IS_DIR))
    fixtures = g_strdup (lkmm);
}

void
store_test_clear (void)
{
  remove_tree (home);
  g_clear_pointer (&home, g_free);
  g_clear_pointer (&corpus, g_free);
  g_clear_pointer (&fixtures, g_free);
}

void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *p = g_build_filename (path, name, NULL);
      if (g_file_test (p, G_FILE_TEST_IS_DIR))
        remove_tree (p);
      else
        g_remove (p);
    }
  g_rmdir (path);
}

const char *
store_parent (void)
{
  static char *dir;

  if (dir == NULL)
    dir = g_build_filename (home, "data", "acyclic", "models", NULL);
  return dir;
}

void
clear_store (void)
{
  remove_tree (store_parent ());
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

char *
store_listing (void)
{
  g_autoptr(GDir) dir = g_dir_open (store_parent (), 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

gboolean
need_fixtures (void)
{
  if (fixtures == NULL)
    {
      g_test_skip ("no ../shared/conformance/lkmm: the kernel model's files are not here");
      return FALSE;
    }
  return TRUE;
}
