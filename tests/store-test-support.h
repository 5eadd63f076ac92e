/* store-test-support.h - a model store of the test's own, in a temporary HOME
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Set by store_test_init. */
extern char *home;        /* HOME; XDG_DATA_HOME is home/data */
extern char *corpus;      /* the conformance corpus, as shared-dir.h finds it */
extern char *fixtures;    /* corpus/lkmm, or NULL when it is absent */

/* Points HOME and XDG_DATA_HOME at a new temporary folder named after
 * @tmpl (as g_dir_make_tmp takes it) and unsets LINUX_SRC: call it
 * before GLib or GTK reads them. */
void         store_test_init   (const char *tmpl);
/* Removes the temporary folder and frees what store_test_init set. */
void         store_test_clear  (void);

void         remove_tree       (const char *path);
/* The folder the store installs models in: home/data/acyclic/models. */
const char  *store_parent      (void);
/* Each test starts with no copy installed. */
void         clear_store       (void);
/* The names in the store's folder, sorted and joined with spaces:
 * "linux-kernel" when a copy is installed and nothing is left over. */
char        *store_listing     (void);
/* FALSE, with the test skipped, when the kernel model's files are absent. */
gboolean     need_fixtures     (void);

G_END_DECLS
