/* acy-cli-picture.h - the values herd7's picture options take
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether @value is one herd7 takes for its picture or diagnostics
 * option @option (-graph, -xscale, -initpos, -debug...): FALSE with
 * herd7's reason in *@message (newly allocated) when herd7 refuses it,
 * as it does before reading any test (exit status 2). Options whose
 * value herd7 does not check, and options that are not picture ones,
 * are TRUE. */
gboolean acy_cli_picture_value_ok (const char *option, const char *value, char **message);

G_END_DECLS
