/* acy-error.h - the engine's error domain
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ACY_ERROR (acy_error_quark ())

/**
 * AcyErrorCode:
 * @ACY_ERROR_SYNTAX: the input does not follow the grammar
 * @ACY_ERROR_UNKNOWN_NAME: a name (macro, cat binding, register, file) is not defined
 * @ACY_ERROR_TYPE: a cat value has the wrong type (e.g. a relation where a set is expected)
 * @ACY_ERROR_UNSUPPORTED: a construct that Acyclic does not implement
 * @ACY_ERROR_LIMIT: a bound was exceeded (nesting, events, candidates, iterations)
 * @ACY_ERROR_CANCELLED: the operation was cancelled
 * @ACY_ERROR_IO: a file could not be read
 * @ACY_ERROR_NON_ADDRESS: herd7 refuses the test, "Non symbolic address:
 *   [V]": a load or an RMW goes through V, which is not an address, in
 *   an execution the model allows (the message starts with the place
 *   of the access, then herd7's words)
 * @ACY_ERROR_FATAL: herd7 fails on this input with an error of its own
 *   ("Fatal: File \"T.litmus\" Adios": a division by zero, an init block
 *   giving a location twice) and stops the whole run there, exit status 2
 *
 * Error codes of the %ACY_ERROR domain. Every error a user can cause has a
 * message of the form `file:line:col: message`.
 */
typedef enum {
  ACY_ERROR_SYNTAX,
  ACY_ERROR_UNKNOWN_NAME,
  ACY_ERROR_TYPE,
  ACY_ERROR_UNSUPPORTED,
  ACY_ERROR_LIMIT,
  ACY_ERROR_CANCELLED,
  ACY_ERROR_IO,
  ACY_ERROR_NON_ADDRESS,
  ACY_ERROR_FATAL,
} AcyErrorCode;

GQuark acy_error_quark (void);

/**
 * AcyLoc:
 * A position in a source file. @file is not owned (it points into a
 * string that outlives the AST: the file name table of the parse).
 */
typedef struct {
  const char *file;
  guint line;   /* 1-based */
  guint col;    /* 1-based */
} AcyLoc;

void acy_set_error_at (GError     **error,
                       AcyErrorCode code,
                       AcyLoc       loc,
                       const char  *format,
                       ...) G_GNUC_PRINTF (4, 5);

G_END_DECLS
