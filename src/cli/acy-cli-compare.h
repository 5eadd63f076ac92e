/* acy-cli-compare.h - acyclic-check --compare: tests × models
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acy-cli.h"

G_BEGIN_DECLS

/* Checks every test under every model in @models (built-in names, .cat
 * or .cfg paths) and prints a table of tests × models with each
 * Observation, marking the tests on which the models differ: plain text,
 * or Markdown with @markdown. Honours -I, -timeout and --max-candidates
 * of @opts. Returns the exit status. */
int acy_cli_compare (const AcyCliOptions *opts,
                     const char *const   *models,
                     guint                n_models,
                     const char *const   *files,
                     guint                n_files,
                     gboolean             markdown);

G_END_DECLS
