/* acy-cli-fetch.h - acyclic-check --fetch-model: getting a model we may not ship
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Fetches model @id (see acy_model_store_fetch()); @from and @version may
 * be NULL, @timeout 0 for the default. Ctrl+C cancels cleanly. Returns
 * the process exit status. */
int acy_cli_fetch_model (const char *id,
                         const char *from,
                         const char *version,
                         guint       timeout,
                         gboolean    quiet);

G_END_DECLS
