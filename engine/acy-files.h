/* acy-files.h - reading input files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one way input files are read, by the engine and by the command
 * line alike (tests, models, index and name lists).
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
gboolean acy_file_read (const char  *path,
                        char       **contents,
                        gsize       *len,
                        GError     **error);

G_END_DECLS
