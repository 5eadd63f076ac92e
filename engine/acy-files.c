/* acy-files.c - finding litmus tests on disk; names of event kinds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "acy-error.h"
#include "acy-execution.h"
#include "acy-files.h"
#include "acy-test.h"

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static const char *
file_kind (const GStatBuf *st)
{
  if (S_ISDIR (st->st_mode))
    return "a directory";
#ifdef S_ISFIFO
  if (S_ISFIFO (st->st_mode))
    return "a named pipe (FIFO)";
#endif
#ifdef S_ISSOCK
  if (S_ISSOCK (st->st_mode))
    return "a socket";
#endif
  if (S_ISCHR (st->st_mode) || S_ISBLK (st->st_mode))
    return "a device";
  return "not a regular file";
}

gboolean
acy_file_read (const char *path, char **contents, gsize *len, GError **error)
{
  g_autoptr(GError) local = NULL;
  GStatBuf st;

  if (g_stat (path, &st) == 0)
    {
      if (!S_ISREG (st.st_mode))
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: cannot read %s as an input file",
                       path, file_kind (&st));
          return FALSE;
        }
      if (st.st_size > ACY_MAX_INPUT_FILE)
        {
          g_autofree char *size = g_format_size ((guint64) st.st_size);

          g_set_error (error, ACY_ERROR, ACY_ERROR_LIMIT, "%s: too large for an input file (%s; at most %d MiB)",
                       path, size, ACY_MAX_INPUT_FILE / (1024 * 1024));
          return FALSE;
        }
    }
  if (!g_file_get_contents (path, contents, len, &local))
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s", local->message);
      return FALSE;
    }
  return TRUE;
}

#define MAX_DIR_DEPTH 64

/* Each directory and file once, by device and inode, however links
 * reach it: a link to `.` would otherwise loop for ever, or give every
 * test again under another name. */
static gboolean
first_visit (GHashTable *seen, const char *path)
{
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    return FALSE;
  return g_hash_table_add (seen, g_strdup_printf ("%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT,
                                                  (guint64) st.st_dev, (guint64) st.st_ino));
}

static void
collect (const char *path, guint depth, GHashTable *seen, GPtrArray *out, GCancellable *cancellable)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = NULL;
  const char *name;

  if (depth > MAX_DIR_DEPTH || g_cancellable_is_cancelled (cancellable) || !first_visit (seen, path))
    return;
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_ptr_array_add (out, g_strdup (path));
      return;
    }
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
        collect (p, depth + 1, seen, out, cancellable);
    }
}

void
acy_test_collect_files (const char   *path,
                        GPtrArray    *out,
                        GCancellable *cancellable)
{
  g_autoptr(GHashTable) seen = NULL;

  /* a file named on its own is taken as given (and reported if missing) */
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_ptr_array_add (out, g_strdup (path));
      return;
    }
  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  collect (path, 0, seen, out, cancellable);
}

const char *
acy_event_kind_name (guint32 kind)
{
  if (kind & ACY_EV_LKR) return "LKR";
  if (kind & ACY_EV_LKW) return "LKW";
  if (kind & ACY_EV_LKC) return "LK";
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
