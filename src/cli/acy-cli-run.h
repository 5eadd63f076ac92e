/* acy-cli-run.h - acyclic-check --run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acyclic.h"
#include "acy-cli.h"

G_BEGIN_DECLS

/* Runs each test on this machine (o->run_*) and prints litmus7's
 * output; @macros (nullable) as a check would read the tests, or, with
 * no -conf or -cat, -macros FILE's or the macros that fit each test. Returns the
 * exit status: 1 when a test could not run. */
int acy_cli_machine_run (const AcyCliOptions *o,
                         const AcyMacros     *macros,
                         const char *const   *args,
                         guint                n_args);

/* litmus7's option @name (-a, -i, -st, -p, -affinity, -barrier, -mem,
 * -preload, -mode) or --run-timeout, with @value, as options of the
 * harness (NULL-terminated; empty for what changes nothing here); NULL
 * with the reason in @why for a value refused. */
char **acy_cli_run_harness_option (const char *name,
                                   const char *value,
                                   char      **why);

G_END_DECLS
