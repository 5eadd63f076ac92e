/* acy-cli.h - what acyclic-check does, apart from parsing its options
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  char      *conf;
  char      *cat;
  char      *bell;
  char      *macros;
  GPtrArray *include_dirs;   /* char* */
  GPtrArray *variants;       /* char* */
  gdouble    timeout;
  guint64    max_candidates;
  int        verbose;
  gboolean   quiet;
  gboolean   json;
  gboolean   judge;
  char      *graph_dir;      /* --graph DIR: one picture per execution */
  char      *graph_format;   /* --graph-format png|svg|pdf (default svg) */
  char      *dot_dir;        /* --dot DIR: one dot file per execution */
  char      *graph_show;     /* herd's -show: all, prop, neg, none (default: allowed) */
  char      *eval_expr;      /* --eval EXPR: print its pairs per execution */
  char      *why;            /* --why REL:E1,E2: print a derivation of the pair */
  gboolean   suggest_fixes;  /* --suggest-fixes: single changes that forbid the condition */
} AcyCliOptions;

AcyCliOptions *acy_cli_options_new  (void);
void           acy_cli_options_free (AcyCliOptions *opts);
/* Returns the process exit status. */
int            acy_cli_run          (const AcyCliOptions *opts,
                                     const char *const   *files,
                                     guint                n_files);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyCliOptions, acy_cli_options_free)

G_END_DECLS
