/* acy-outcome-list.c - the rows of the outcome table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An allowed state is read in place from the check's result; a state
 * only forbidden executions reach (or only this machine saw) carries
 * its values. The results view's table shows both, the allowed first.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include "acy-outcome-list.h"

G_DEFINE_FINAL_TYPE (AcyOutcome, acy_outcome, G_TYPE_OBJECT)

static void
acy_outcome_finalize (GObject *object)
{
  g_strfreev (ACY_OUTCOME (object)->values);
  g_clear_object (&ACY_OUTCOME (object)->list);
  G_OBJECT_CLASS (acy_outcome_parent_class)->finalize (object);
}

static void
acy_outcome_class_init (AcyOutcomeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acy_outcome_finalize;
}

static void
acy_outcome_init (AcyOutcome *self)
{
}

const char *
acy_outcome_get_value (AcyOutcome *self,
                       guint       column)
{
  const char *text;

  if (self->values)
    return column < g_strv_length (self->values) ? self->values[column] : "";
  if (self->list == NULL || column >= self->list->n_observed)
    return "";
  text = g_hash_table_lookup (self->list->value_text, &self->state->values[column]);
  return text ? text : "?";
}

static GType
acy_outcome_list_get_item_type (GListModel *model)
{
  return ACY_TYPE_OUTCOME;
}

static guint
acy_outcome_list_get_n_items (GListModel *model)
{
  return ACY_OUTCOME_LIST (model)->n_shown;
}

static gpointer
acy_outcome_list_get_item (GListModel *model,
                           guint       position)
{
  AcyOutcomeList *self = ACY_OUTCOME_LIST (model);
  AcyOutcome *outcome;

  if (position >= self->n_shown)
    return NULL;
  outcome = g_object_new (ACY_TYPE_OUTCOME, NULL);
  outcome->list = g_object_ref (self);
  outcome->state = acy_check_result_get_state (self->result, position);
  outcome->index = position;
  outcome->count = outcome->state->count;
  outcome->satisfies = outcome->state->satisfies;
  return outcome;
}

static void
acy_outcome_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = acy_outcome_list_get_item_type;
  iface->get_n_items = acy_outcome_list_get_n_items;
  iface->get_item = acy_outcome_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (AcyOutcomeList, acy_outcome_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, acy_outcome_list_model_init))

static void
acy_outcome_list_finalize (GObject *object)
{
  AcyOutcomeList *self = ACY_OUTCOME_LIST (object);

  if (self->result)
    acy_free_in_thread (g_steal_pointer (&self->result), (GDestroyNotify) acy_check_result_free);
  g_clear_pointer (&self->value_text, g_hash_table_unref);
  g_clear_pointer (&self->observed, g_strfreev);
  G_OBJECT_CLASS (acy_outcome_list_parent_class)->finalize (object);
}

static void
acy_outcome_list_class_init (AcyOutcomeListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acy_outcome_list_finalize;
}

static void
acy_outcome_list_init (AcyOutcomeList *self)
{
}

/* A list of @report's states, taken from it, showing the first
 * @n_shown. Each report gets a list of its own: rows made from an older
 * one keep that one, and its states, alive. */
AcyOutcomeList *
acy_outcome_list_new (AcyRunReport *report,
                      guint         n_shown)
{
  AcyOutcomeList *self = g_object_new (ACY_TYPE_OUTCOME_LIST, NULL);

  if (report && report->result)
    {
      self->result = g_steal_pointer (&report->result);
      self->value_text = g_steal_pointer (&report->value_text);
      self->observed = g_strdupv (report->observed);
      self->n_observed = g_strv_length (report->observed);
      self->n_states = acy_check_result_get_n_states (self->result);
      self->n_shown = MIN (n_shown, self->n_states);
    }
  return self;
}

/* Shows the first @n_shown states (at most all), telling the views. */
void
acy_outcome_list_set_n_shown (AcyOutcomeList *self,
                              guint           n_shown)
{
  guint old = self->n_shown;

  n_shown = MIN (n_shown, self->n_states);
  if (n_shown == old)
    return;
  self->n_shown = n_shown;
  if (n_shown > old)
    g_list_model_items_changed (G_LIST_MODEL (self), old, 0, n_shown - old);
  else
    g_list_model_items_changed (G_LIST_MODEL (self), n_shown, old - n_shown, 0);
}
