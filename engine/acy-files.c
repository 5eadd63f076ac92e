/* acy-files.c - finding litmus tests on disk; reading and writing files whole; names of event kinds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

  if (!acy_file_check_input (path, error))
    return FALSE;
  if (!g_file_get_contents (path, contents, len, &local))
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s", local->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
acy_file_check_input (const char *path, GError **error)
{
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    return TRUE;   /* reading it says why */
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

static gboolean
write_error (GError **error, int errsv, gboolean making)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errsv),
               making ? "no new file can be made in its folder (%s); the file on disk is unchanged"
                      : "%s; the file on disk is unchanged",
               g_strerror (errsv));
  return FALSE;
}

gboolean
acy_file_write (const char  *path,
                const char  *data,
                gsize        len,
                GError     **error)
{
  g_autofree char *real = NULL, *dir = NULL, *tmp = NULL;
  const char *target = path;
  GStatBuf st;
  gboolean existed;
  int fd, errsv;
  gsize done = 0;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  /* Through a symbolic link (or several) to the file itself */
  if ((real = realpath (path, NULL)) != NULL)
    target = real;
  existed = g_stat (target, &st) == 0;
  if (existed && !S_ISREG (st.st_mode))
    {
      g_set_error (error, G_FILE_ERROR, S_ISDIR (st.st_mode) ? G_FILE_ERROR_ISDIR : G_FILE_ERROR_INVAL,
                   "it is %s", file_kind (&st));
      return FALSE;
    }

  dir = g_path_get_dirname (target);
  tmp = g_build_filename (dir, ".acyclic-save-XXXXXX", NULL);
  fd = g_mkstemp_full (tmp, O_WRONLY | O_CLOEXEC, existed ? (int) (st.st_mode & 07777) : 0666);
  if (fd < 0)
    return write_error (error, errno, TRUE);

  while (done < len)
    {
      gssize n = write (fd, data + done, MIN (len - done, (gsize) G_MAXSSIZE));
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          errsv = n < 0 ? errno : ENOSPC;
          goto fail;
        }
      done += (gsize) n;
    }
  if (existed)
    {
      /* mkstemp's mode went through the umask; the owner is the caller */
      (void) fchmod (fd, st.st_mode & 07777);
      if ((st.st_uid != geteuid () || st.st_gid != getegid ())
          && fchown (fd, st.st_uid, st.st_gid) != 0)
        {
          /* not allowed: the file is the caller's now, as any new file */
        }
    }
  if (fsync (fd) != 0 && errno != EINVAL)
    {
      errsv = errno;
      goto fail;
    }
  if (close (fd) != 0)
    {
      errsv = errno;
      fd = -1;
      goto fail;
    }
  fd = -1;
  if (g_rename (tmp, target) != 0)
    {
      errsv = errno;
      goto fail;
    }
  return TRUE;

fail:
  if (fd >= 0)
    close (fd);
  g_unlink (tmp);
  return write_error (error, errsv, FALSE);
}
