/* acy-relation-glossary.h - what a relation means, in one line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "acyclic.h"

G_BEGIN_DECLS

typedef struct _AcyGlossary AcyGlossary;

/* @model: nullable; its files are read (once) for comments. */
AcyGlossary *acy_glossary_new     (const AcyModel *model);
void         acy_glossary_free    (AcyGlossary    *glossary);
/* One line saying what @name means: the model's comment on its
 * definition, or Acyclic's words for the base relations and the
 * kernel model's main ones (for the kernel model these come first: its
 * comments above a definition are mostly section titles). NULL when
 * nothing is known. */
const char  *acy_glossary_meaning (AcyGlossary    *glossary,
                                   const char     *name);
/* The comment on a definition at @line:@col of @text: the one ending
 * the line (after @col), else the one just above it; NULL if none.
 * Exposed for tests. */
char        *acy_glossary_comment_at (const char  *text,
                                      guint        line,
                                      guint        col);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyGlossary, acy_glossary_free)

G_END_DECLS
