/* acy-outcome-list.h - the rows of the outcome table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "acyclic.h"
#include "acy-check-job.h"

G_BEGIN_DECLS

/* One row of the outcome table: a final state of allowed executions,
 * or, after them, one that only forbidden executions reach. An allowed
 * state is read from its list (@list, @state); a forbidden one has its
 * own @values. */
#define ACY_TYPE_OUTCOME (acy_outcome_get_type ())
G_DECLARE_FINAL_TYPE (AcyOutcome, acy_outcome, ACY, OUTCOME, GObject)

#define ACY_TYPE_OUTCOME_LIST (acy_outcome_list_get_type ())
G_DECLARE_FINAL_TYPE (AcyOutcomeList, acy_outcome_list, ACY, OUTCOME_LIST, GObject)


struct _AcyOutcome
{
  GObject         parent_instance;
  char          **values;
  guint64         count;
  gboolean        satisfies;
  gboolean        forbidden;
  const char     *check;     /* forbidden: the model's check that fails */
  guint           record;    /* forbidden: its first recorded execution */
  guint           index;     /* its place in its section: the allowed
                              * states, or the others after them */
  gboolean        machine_only; /* a state only this machine's run saw (no execution recorded) */
  AcyOutcomeList *list;      /* allowed: the list it is a state of */
  const AcyState *state;
};


/* The allowed states' model: the final states of a report, read where
 * they are. A result can have hundreds of thousands of states (a
 * store-buffering ring of 18 threads has 262,143); the column view asks
 * only for the rows it shows, so nothing is made per row up front, and
 * the whole table arrives in one items-changed. */
struct _AcyOutcomeList
{
  GObject         parent_instance;
  AcyCheckResult *result;       /* nullable: empty */
  GHashTable     *value_text;   /* AcyValue * -> char * */
  GStrv           observed;
  guint           n_observed;
  guint           n_states;
  guint           n_shown;      /* the first n_shown states are items */
};

/* A state's value in @column, as the table shows it */
const char     *acy_outcome_get_value        (AcyOutcome     *self,
                                              guint           column);
/* A list of @report's states, taken from it, showing the first @n_shown */
AcyOutcomeList *acy_outcome_list_new         (AcyRunReport   *report,
                                              guint           n_shown);
void            acy_outcome_list_set_n_shown (AcyOutcomeList *self,
                                              guint           n_shown);

G_END_DECLS
