/* acy-compare-view-why.c - why a weaker model allows what a stronger forbids
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For the state shown in pairs, the compare view has the same candidate
 * execution under each model. Where one model forbids it by an acyclic
 * check and another allows it, this says which check fails, its cycle
 * (each edge named as the graph labels it), and which edges of that
 * cycle the allowing model's relation holding most of the cycle lacks:
 * where its chain breaks. A first version: it does not know which of the
 * weaker model's relations are checked, only which come closest.
 */
#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "acy-compare-view-private.h"
#include "acy-graph-scene.h"

static char *
event_name (const AcyExecution *x, char **names, guint e)
{
  if (names[e][0] == '\0' && x->events[e].loc >= 0)
    return g_strdup_printf ("init:%s", x->loc_names[x->events[e].loc]);
  return g_strdup (names[e]);
}

/* The label the graph gives the witness edge (src, dst): the name the
 * check's relation has for it (coherence-order's (a, b) is po-loc). */
static char *
witness_label (const AcyGraphLayout *layout, guint src, guint dst)
{
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      if (e->witness && e->src == src && e->dst == dst)
        return g_strdup (e->label);
    }
  return NULL;
}

/* One sentence per (forbidding, allowing) pair of models, or NULL. */
static void
explain_pair (GString *out, ModelRun *strong, gint strong_index, ModelRun *weak, gint weak_index)
{
  const AcyRecord *rs = acy_recorder_get_record (strong->outcome->recorder, (guint) strong_index);
  const AcyExecution *x = &rs->x;
  guint n = x->n_events, len = 0, best_count = 0;
  g_autofree guint *cycle = g_new (guint, n + 1);
  g_autoptr(AcyGraphScene) ss = NULL, ws = NULL;
  g_autoptr(AcyGraphLayout) layout = NULL;
  g_auto(GStrv) names = acy_graph_event_names (x);
  g_autoptr(GString) chain = g_string_new (NULL);
  g_autoptr(GString) lacks = g_string_new (NULL);
  const char *const *weak_names;
  const char *best = NULL;
  const AcyWord *best_bits = NULL;

  if (rs->allowed || rs->failed_relation == NULL || g_strcmp0 (rs->failed_kind, "acyclic") != 0
      || !acy_rel_find_cycle (n, rs->failed_relation, cycle, &len) || len == 0)
    return;
  ss = acy_graph_scene_new (strong->outcome->recorder, (guint) strong_index, strong->outcome->model, NULL);
  ws = acy_graph_scene_new (weak->outcome->recorder, (guint) weak_index, weak->outcome->model, NULL);
  if (ss == NULL || ws == NULL)
    return;
  layout = acy_graph_scene_layout (ss, NULL, NULL, NULL, NULL);
  for (guint i = 0; i < len; i++)
    {
      g_autofree char *a = event_name (x, names, cycle[i]);
      g_string_append_printf (chain, "%s → ", a);
    }
  {
    g_autofree char *a = event_name (x, names, cycle[0]);
    g_string_append (chain, a);
  }

  /* The weaker model's relation holding most edges of the cycle. */
  /* Ties go to a relation of the model's own file (not one it
   * includes, such as cos.cat's ca), then to the larger: the model's
   * order more than a part of it. */
  weak_names = acy_graph_scene_get_relation_names (ws);
  {
    guint n_names = weak_names ? g_strv_length ((char **) weak_names) : 0;
    AcyLoc last = { 0 };
    gboolean best_main = FALSE;

    if (n_names > 0)
      acy_model_get_definition (weak->outcome->model, weak_names[n_names - 1], &last);
    for (guint k = 0; k < n_names; k++)
      {
        const AcyWord *bits = acy_graph_scene_lookup (ws, weak_names[k]);
        AcyLoc loc = { 0 };
        gboolean main_file;
        guint count = 0;

        for (guint i = 0; i < len; i++)
          count += acy_rel_has (bits, n, cycle[i], cycle[(i + 1) % len]);
        main_file = acy_model_get_definition (weak->outcome->model, weak_names[k], &loc)
                    && loc.file == last.file;
        if (count == 0 || count < best_count)
          continue;
        if (count == best_count
            && (best_main > main_file
                || (best_main == main_file
                    && acy_bits_count ((guint) acy_rel_words (n), bits)
                       <= acy_bits_count ((guint) acy_rel_words (n), best_bits))))
          continue;
        best_count = count;
        best = weak_names[k];
        best_bits = bits;
        best_main = main_file;
      }
  }
  for (guint i = 0; best && i < len; i++)
    {
      guint a = cycle[i], b = cycle[(i + 1) % len];
      if (!acy_rel_has (best_bits, n, a, b))
        {
          g_autofree char *na = event_name (x, names, a);
          g_autofree char *nb = event_name (x, names, b);
          g_autofree char *label = witness_label (layout, a, b);

          if (lacks->len)
            g_string_append (lacks, ", ");
          g_string_append_printf (lacks, "%s → %s", na, nb);
          if (label)
            g_string_append_printf (lacks, " (%s)", label);
        }
    }

  if (out->len)
    g_string_append_c (out, '\n');
  /* TRANSLATORS: "Coherent RMO forbids it by acyclic coherence-order, cycle a → b → a." */
  g_string_append_printf (out, _("%s forbids it by %s, cycle %s."),
                          strong->name, rs->failed_check, chain->str);
  g_string_append_c (out, ' ');
  if (best == NULL)
    /* TRANSLATORS: the model allowing the state */
    g_string_append_printf (out, _("%s allows it: none of its relations holds an edge of that cycle."),
                            weak->name);
  else if (lacks->len == 0)
    /* TRANSLATORS: the model allowing the state, then its relation */
    g_string_append_printf (out, _("%s allows it although its %s holds the whole cycle: it checks no such cycle."),
                            weak->name, best);
  else
    /* TRANSLATORS: "Toy RMO allows it: its rmo-order, closest to that cycle, lacks a → b (po-loc), so the chain breaks there." */
    g_string_append_printf (out, _("%s allows it: its %s, closest to that cycle, lacks %s, so the chain breaks there."),
                            weak->name, best, lacks->str);
}

/**
 * acy_compare_view_why_text:
 * @records: the record shown for each run (-1: none), same candidate
 *
 * Returns: (transfer full) (nullable): why the models that allow the
 *   state do, where another forbids it by a cycle.
 */
char *
acy_compare_view_why_text (AcyCompareView *self, const gint *records)
{
  GString *out = g_string_new (NULL);

  for (guint s = 0; s < self->runs->len; s++)
    for (guint w = 0; w < self->runs->len; w++)
      {
        ModelRun *strong = self->runs->pdata[s], *weak = self->runs->pdata[w];

        /* the same form of the test: another's events are not these */
        if (s == w || records[s] < 0 || records[w] < 0 || strong->outcome == NULL || weak->outcome == NULL
            || g_strcmp0 (strong->form, weak->form) != 0)
          continue;
        if (!acy_recorder_get_record (weak->outcome->recorder, (guint) records[w])->allowed)
          continue;
        /* the same execution under both: same candidate */
        if (acy_recorder_get_record (weak->outcome->recorder, (guint) records[w])->candidate
            != acy_recorder_get_record (strong->outcome->recorder, (guint) records[s])->candidate)
          continue;
        explain_pair (out, strong, records[s], weak, records[w]);
      }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}
