/* acy-error.c - the engine's error domain
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include "acy-error.h"

G_DEFINE_QUARK (acy-error-quark, acy_error)

void
acy_set_error_at (GError     **error,
                  AcyErrorCode code,
                  AcyLoc       loc,
                  const char  *format,
                  ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  if (error == NULL)
    return;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, ACY_ERROR, code, "%s:%u:%u: %s",
               loc.file ? loc.file : "<input>", loc.line, loc.col, msg);
}
