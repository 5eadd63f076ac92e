/* acy-files.h - reading input files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one way input files are read, by the engine and by the command
 * line alike (tests, models, index and name lists), and the one way a
 * file the user names is written whole (a saved test or model, the
 * command line's outputs).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ACY_MAX_INPUT_FILE (64 * 1024 * 1024)

/* Reads the regular file @path whole. A directory, a device, a FIFO or a
 * socket is refused by name before it is opened (a FIFO would block, a
 * device such as /dev/zero never end), and so is a file larger than
 * ACY_MAX_INPUT_FILE. Errors are in ACY_ERROR, code ACY_ERROR_IO (too
 * large: ACY_ERROR_LIMIT) and start with the path. */
/* What acy_file_read() checks before it reads: that @path, if it exists,
 * is a regular file no larger than ACY_MAX_INPUT_FILE (same errors). For
 * a reader of its own, such as the window's editor. */
gboolean acy_file_check_input (const char  *path,
                               GError     **error);

gboolean acy_file_read (const char  *path,
                        char       **contents,
                        gsize       *len,
                        GError     **error);

/* Writes @len bytes of @data as the whole content of the file @path,
 * never leaving it half written: into a new file beside it, made durable,
 * then renamed over it. If @path is a symbolic link, the file it points to
 * is replaced and the link stays; an existing file keeps its permissions
 * (and, where allowed, its owner). When the new file cannot be made (a
 * full disk, a folder that cannot be written to) or written, @path is
 * left as it was, and the error, in G_FILE_ERROR, gives the reason (the
 * caller names the file). (GIO's g_file_replace() falls back to rewriting the file in
 * place when it cannot make the new file, and on a full disk leaves it
 * empty.) A hard link is not kept: the name gets a file of its own. */
gboolean acy_file_write (const char  *path,
                         const char  *data,
                         gsize        len,
                         GError     **error);

G_END_DECLS
