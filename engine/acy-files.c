/* acy-files.c - finding litmus tests on disk; names of event kinds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-execution.h"
#include "acy-test.h"

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

void
acy_test_collect_files (const char   *path,
                        GPtrArray    *out,
                        GCancellable *cancellable)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_ptr_array_add (out, g_strdup (path));
      return;
    }
  if (g_cancellable_is_cancelled (cancellable))
    return;
  dir = g_dir_open (path, 0, NULL);
  if (dir == NULL)
    return;
  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_build_filename (path, name, NULL));
  g_ptr_array_sort (names, compare_paths);
  for (guint i = 0; i < names->len; i++)
    {
      const char *p = names->pdata[i];
      if (g_file_test (p, G_FILE_TEST_IS_DIR) || g_str_has_suffix (p, ".litmus"))
        acy_test_collect_files (p, out, cancellable);
    }
}

const char *
acy_event_kind_name (guint32 kind)
{
  if (kind & ACY_EV_LKR) return "LKR";
  if (kind & ACY_EV_LKW) return "LKW";
  if (kind & ACY_EV_UL) return "UL";
  if (kind & ACY_EV_LF) return "LF";
  if (kind & ACY_EV_RL) return "RL";
  if (kind & ACY_EV_RU) return "RU";
  if (kind & ACY_EV_SRCU) return "SRCU";
  if ((kind & ACY_EV_R) && (kind & ACY_EV_W)) return "RMW";
  if (kind & ACY_EV_R) return "R";
  if (kind & ACY_EV_W) return "W";
  if (kind & ACY_EV_F) return "F";
  return "?";
}
