/* acy-cli-diy.h - acyclic-check --diy, --diycross
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @at: the index of --diy or --diycross in @argv; diy's options and the
 * edges follow it. Returns the exit status. */
int acy_cli_diy_main (int argc, char **argv, int at);

G_END_DECLS
