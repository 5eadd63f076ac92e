/* acy-cli-graphs.h - what acyclic-check draws, from a module of its own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drawing needs cairo and Pango, whose libraries (with fontconfig,
 * FreeType, HarfBuzz and X11's) took half of the start-up of every
 * acyclic-check run, graphs or not. So what draws, --graph, --dot, -o
 * DIR, --eval and --why (which names events as the graphs do), is built
 * as a module, acyclic-check-graphs, opened the first time one of them
 * is asked for. The module's code calls the engine in acyclic-check
 * itself, which exports it (export_dynamic): one copy of the engine.
 */
#pragma once

#include "acyclic.h"
#include "acy-cli.h"

G_BEGIN_DECLS

typedef struct {
  /* Writes TEST-N.EXT into --graph DIR and TEST-N.dot into --dot DIR
   * for the executions --graph-all/-show select. FALSE after reporting
   * an error on standard error. */
  gboolean (*write_graphs)   (const AcyCliOptions *o,
                              const AcyTest       *test,
                              const AcyModel      *model,
                              AcyRecorder         *recorder);
  /* herd7's -o DIR: FILE.dot with the executions -show selects. */
  gboolean (*write_herd_dot) (const AcyCliOptions *o,
                              const char          *file,
                              const AcyTest       *test,
                              const AcyModel      *model,
                              AcyRecorder         *recorder);
  /* --eval EXPR and --why REL:E1,E2; returns the exit status. */
  int      (*explain)        (const AcyCliOptions *o,
                              AcyModel            *model,
                              AcyMacros           *macros,
                              const char *const   *args,
                              guint                n_args);
} AcyCliGraphs;

/* The module's entry points, opened once; NULL after saying on standard
 * error why the module could not be opened. @self: the path of the
 * running acyclic-check (the module is looked for in $ACYCLIC_PKGLIBDIR,
 * else beside it in the build tree, else in the installed PKGLIBDIR). */
const AcyCliGraphs *acy_cli_graphs (const char *self);

G_END_DECLS
