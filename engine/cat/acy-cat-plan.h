/* acy-cat-plan.h - the checks under the innermost `with`, run without the interpreter
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Private to engine/cat: exec runs a plan's checks, in order, on each
 * choice of the innermost `with` (see acy-cat-plan.c). It sits beside
 * bounds: it calls the interpreter for what it does not do itself.
 */
#pragma once

#include "acy-cat-eval.h"

G_BEGIN_DECLS

typedef struct _AcyCatPlan AcyCatPlan;

typedef enum {
  ACY_CAT_PLAN_HOLDS,     /* the check passes (negation applied) */
  ACY_CAT_PLAN_FAILS,     /* it fails (acy_cat_plan_relation()) */
  ACY_CAT_PLAN_GAVE_UP,   /* the interpreter must run it */
} AcyCatPlanResult;

/* A plan for the plain checks and flags after the with @items[with_index], of
 * level @wlevel, or NULL when none would be worth it. @slot_def: per
 * root slot, the statement binding it (AcyCatCache.slot_def). */
AcyCatPlan      *acy_cat_plan_new         (const AcyModel *model, const guint *slot_def,
                                           AcyCatStmt *const *items, guint n,
                                           guint with_index, guint wlevel);
void             acy_cat_plan_free        (AcyCatPlan *plan);
/* Before the checks of each choice. */
void             acy_cat_plan_start       (AcyCatPlan *plan);
/* The plain checks and the flags after the with, in order: their
 * statement indices; the index of statement @stmt's (G_MAXUINT: none). */
guint            acy_cat_plan_n_checks    (const AcyCatPlan *plan);
guint            acy_cat_plan_check_stmt  (const AcyCatPlan *plan, guint k);
guint            acy_cat_plan_find        (const AcyCatPlan *plan, guint stmt);
/* Runs the k-th check on ev's choice, with ev->reached and ev->arena as
 * the interpreter would have them for it. */
AcyCatPlanResult acy_cat_plan_check       (AcyCatPlan *plan, AcyCatEval *ev, guint k);
/* After acy_cat_plan_check() said FAILS: the relation tested, as the
 * interpreter gives it with the verdict (in ev's arena), or NULL. */
AcyWord         *acy_cat_plan_relation    (AcyCatPlan *plan, AcyCatEval *ev, guint k);
/* As acy_cat_plan_check(), with the with's name bound to a lower bound
 * of its relation (every completion of a prefix has its pairs): FAILS
 * then means the check fails for every completion. GAVE_UP when the
 * plan cannot tell: a negated check, or one where something does not
 * grow with the with's relation (r \ s with s depending on it, a
 * complement, a value the interpreter works out from it); the plan
 * then judges no more. */
AcyCatPlanResult acy_cat_plan_judge       (AcyCatPlan *plan, AcyCatEval *ev, guint k);
gboolean         acy_cat_plan_can_judge   (const AcyCatPlan *plan);
/* Adds the checks run so far, and those given up on, to the counts. */
void             acy_cat_plan_counts      (const AcyCatPlan *plan, guint64 *runs, guint64 *gave_up);
/* FALSE once the plan gives up too often to be worth trying. */
gboolean         acy_cat_plan_worth       (const AcyCatPlan *plan);

G_END_DECLS
