/* acy-cli-distinguish.h - acyclic-check --distinguish, --distinguish-merge
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @at: the index of --distinguish or --distinguish-merge in @argv; the
 * other arguments are its own. Returns the exit status. */
int acy_cli_distinguish_main (int argc, char **argv, int at);

G_END_DECLS
