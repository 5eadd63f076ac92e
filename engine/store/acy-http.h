/* acy-http.h - one HTTP/1.1 GET over GIO, for fetching model files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "acy-error.h"

G_BEGIN_DECLS

/* @total is -1 when the server does not say how long the body is. */
typedef void (*AcyHttpProgressFunc) (goffset  received,
                                     goffset  total,
                                     gpointer user_data);

/* Fetches @url (http://, https:// or file://) and returns its body.
 * Follows up to five redirects. @timeout is the number of seconds the
 * server may stay silent (connecting, or between two reads) before the
 * fetch gives up. A body longer than @max_size is an %ACY_ERROR_LIMIT
 * error; any other failure is an %ACY_ERROR_IO error that names @url, or
 * %ACY_ERROR_CANCELLED. */
GBytes *acy_http_get (const char          *url,
                      guint                timeout,
                      gsize                max_size,
                      AcyHttpProgressFunc  progress,
                      gpointer             progress_data,
                      GCancellable        *cancellable,
                      GError             **error);

G_END_DECLS
