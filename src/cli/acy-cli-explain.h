/* acy-cli-explain.h - acyclic-check --eval EXPR and --why REL:E1,E2
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acyclic.h"
#include "acy-cli.h"

G_BEGIN_DECLS

/* Returns the process exit status. */
int acy_cli_explain (const AcyCliOptions *opts,
                     AcyModel            *model,
                     AcyMacros           *macros,
                     const char *const   *args,
                     guint                n_args);

G_END_DECLS
