/* acy-cat-parser.h - cat source text to syntax tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "acy-arena.h"
#include "acy-cat-ast.h"
#include "acy-resources.h"

G_BEGIN_DECLS

#define ACY_CAT_MAX_NESTING 1000

/* State shared by a file and everything it includes. */
typedef struct {
  AcyArena           *arena;          /* AST, names and file names live here */
  const char *const  *include_dirs;   /* nullable */
  const char         *builtin_dir;    /* the prelude directory */
  GPtrArray          *stack;          /* canonical paths being parsed */
  GHashTable         *included;       /* canonical paths parsed once */
  AcyHalt            *halt;           /* nullable: looked at every few thousand tokens */
  /* The first word of the last top-level file's title (arena), NULL
   * for none: herd takes it for the architecture the model is for */
  const char         *arch_word;
} AcyCatParseCtx;

void     acy_cat_parse_ctx_init  (AcyCatParseCtx     *ctx,
                                  AcyArena           *arena,
                                  const char *const  *include_dirs,
                                  const char         *builtin_dir);
void     acy_cat_parse_ctx_clear (AcyCatParseCtx *ctx);

/* Parse a model file. @text may be NULL (then @path is read). @title
 * receives the model's leading title (nullable; arena-owned). Includes
 * are parsed recursively and appear as ACY_CAT_S_INCLUDE statements. */
gboolean acy_cat_parse (AcyCatParseCtx *ctx,
                        const char     *path,
                        const char     *text,
                        gboolean        prelude,
                        AcyCatStmtList *out,
                        const char    **title,
                        GError        **error);

/* Parse one expression standing alone (@text to its end), positions
 * from 1:1 of @text, named @path in messages. */
gboolean acy_cat_parse_expression (AcyCatParseCtx *ctx,
                                   const char     *path,
                                   const char     *text,
                                   AcyCatExpr    **out,
                                   GError        **error);

/* Where `include "name"` from a file in @from_dir resolves to, or NULL. */
char    *acy_cat_find_include (AcyCatParseCtx *ctx,
                               const char     *from_dir,
                               const char     *name,
                               gboolean       *prelude);

G_END_DECLS
