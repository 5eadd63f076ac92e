/* cli-test-support.h - running acyclic-check from a test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Set by the test's main from $ACYCLIC_CHECK and $ACYCLIC_CLI_DATA. */
extern const char *check_path;
extern const char *cli_dir;

/* g_test_init, then check_path and cli_dir from the environment;
 * FALSE, said on stderr, when either is unset. */
gboolean cli_test_init (int *argc, char ***argv);

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

void run_clear (Run *r);
/* Run acyclic-check in cli_dir with the NULL-terminated arguments. */
void run_check (Run *r, const char *first, ...);
/* The same with a NULL-terminated array of arguments. */
void run_checkv (Run *r, const char *const *args);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

G_END_DECLS
