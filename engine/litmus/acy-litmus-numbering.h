/* acy-litmus-numbering.h - herd's numbering of the symbols of C code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acy-litmus-private.h"

G_BEGIN_DECLS

/* herd's numbering of symbols (acy-litmus-numbering.c): over all the
 * paths of a statement, the symbols herd creates and its outcomes. */
typedef struct {
  guint64  vars;
  guint64  outcomes;
  guint64 *suffix_vars;      /* BLOCK: of body[i..], n_body + 1 entries; */
  guint64 *suffix_outcomes;  /* WHILE: of each level of unrolling, unroll + 1 */
} AcyHerdCount;

typedef struct _AcyHerdNumbering AcyHerdNumbering;

AcyHerdNumbering   *acy_herd_numbering_new    (guint unroll);
void                acy_herd_numbering_free   (AcyHerdNumbering *n);
const AcyHerdCount *acy_herd_count_stmt       (AcyHerdNumbering *n, const AcyLitStmt *s);
guint64             acy_herd_expr_vars        (const AcyLitExpr *e);
guint64             acy_herd_cond_vars        (const AcyLitExpr *e);
guint64             acy_herd_cmpxchg_ok_vars  (const AcyLitExpr *e);
gboolean            acy_herd_expr_is_symbolic (const AcyLitExpr *e);
gboolean            acy_herd_cond_adds_test   (const AcyLitExpr *e);
gboolean            acy_herd_op_is_identity   (AcyLitOp op, const AcyLitExpr *a, const AcyLitExpr *b);

G_END_DECLS
