/* acy-cat-query.h - one cat expression evaluated on one outcome
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Private to engine/cat: shared by acy-cat-query.c (acy_model_env_eval)
 * and acy-cat-explain.c (acy_model_env_explain).
 */
#pragma once

#include "acy-cat-eval.h"

G_BEGIN_DECLS

typedef struct {
  AcyArena    *arena;     /* the expression's tree */
  AcyCatExpr  *expr;
  guint        n_slots;   /* its frame under the root */
} AcyCatQuery;

/* What acy_cat_query_begin() changes in the evaluator, given back by
 * acy_cat_query_end(). */
typedef struct {
  GError   **error;
  guint      reached;
  guint      depth;
  AcyArena  *arena;
  guint8     read_level;
} AcyCatQueryState;

AcyCatQuery *acy_cat_query_new   (const AcyModel *model, const char *text, guint upto,
                                  GError **error);
void         acy_cat_query_free  (AcyCatQuery *q);
/* Around evaluations on @env's evaluator: errors go to @error. */
void         acy_cat_query_begin (AcyModelEnv *env, AcyCatQueryState *s, GError **error);
void         acy_cat_query_end   (AcyModelEnv *env, AcyCatQueryState *s);
/* The value of @q (a stream forced), NULL after an error; *@frame the
 * frame its locals were bound in. */
AcyCatValue *acy_cat_query_eval  (AcyModelEnv *env, AcyCatQuery *q, AcyCatFrame **frame);

/* Given the value @v of @expr, bound in @frame; reports through @error. */
typedef void (*AcyCatQueryFunc) (AcyModelEnv       *env,
                                 const AcyCatExpr  *expr,
                                 AcyCatFrame       *frame,
                                 AcyCatValue       *v,
                                 gpointer           data,
                                 GError           **error);

/* All of the above: @text parsed against @env's model and evaluated on
 * the outcome; @func called when it has a value. FALSE after an error
 * of either, in @error. */
gboolean     acy_cat_query_run   (AcyModelEnv     *env,
                                  const char      *text,
                                  AcyCatQueryFunc  func,
                                  gpointer         data,
                                  GError         **error);

G_END_DECLS
