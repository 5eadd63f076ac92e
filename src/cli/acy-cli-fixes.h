/* acy-cli-fixes.h - acyclic-check --suggest-fixes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acyclic.h"
#include "acy-cli.h"

G_BEGIN_DECLS

/* Returns the process exit status. */
int acy_cli_suggest_fixes (const AcyCliOptions *opts,
                           AcyModel            *model,
                           AcyMacros           *macros,
                           const char *const   *args,
                           guint                n_args);

G_END_DECLS
