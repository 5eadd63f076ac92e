/* acy-diy-sketch.c - the execution a cycle describes, before any model
 * judges it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The test diy writes for a cycle asks whether its final state can be
 * reached; the execution that reaches it is the cycle itself: its
 * accesses, program order and communications. Checked with a model that
 * allows every candidate (coherence orders enumerated, nothing
 * forbidden), the candidate reaching the state is recorded, for the
 * window to draw while the user types the cycle.
 */
#define G_LOG_DOMAIN "acyclic-diy"
#include "config.h"

#include "acy-error.h"
#include "acy-diy-private.h"
#include "acy-diy-sketch.h"

void
acy_diy_sketch_free (AcyDiySketch *sketch)
{
  if (sketch == NULL)
    return;
  g_clear_pointer (&sketch->recorder, acy_recorder_free);
  g_clear_pointer (&sketch->test, acy_test_free);
  g_free (sketch->text);
  g_free (sketch->name);
  g_free (sketch);
}

AcyDiySketch *
acy_diy_cycle_sketch (const AcyDiyCycle *cycle, const AcyDiyOptions *options, const AcyMacros *macros,
                      GCancellable *cancellable, GError **error)
{
  static const char *const all_allowed = "\"Every candidate\"\ninclude \"cos.cat\"\n";
  AcyModelSource src = { "<cycle>.cat", all_allowed };
  g_autoptr(AcyDiySketch) sketch = g_new0 (AcyDiySketch, 1);
  g_autoptr(AcyModel) model = NULL;
  g_autoptr(AcyCheckResult) result = NULL;
  AcyCheckOptions o = { 0 };

  sketch->text = acy_diy_cycle_write_test (cycle, options, &sketch->name, error);
  if (sketch->text == NULL)
    return NULL;
  sketch->test = acy_test_parse (sketch->text, -1, sketch->name, macros, error);
  model = sketch->test != NULL ? acy_model_load (&src, error) : NULL;
  if (model == NULL)
    return NULL;
  sketch->recorder = acy_recorder_new (sketch->test);
  o.n_threads = 1;
  o.max_candidates = 100000;
  o.outcome = acy_recorder_add_outcome;
  o.outcome_data = sketch->recorder;
  result = acy_check_run (sketch->test, model, &o, cancellable, error);
  if (result == NULL)
    return NULL;
  for (guint i = 0; i < acy_recorder_get_n_records (sketch->recorder); i++)
    if (acy_recorder_peek_record (sketch->recorder, i)->condition)
      {
        sketch->record = i;
        return g_steal_pointer (&sketch);
      }
  g_set_error (error, ACY_ERROR, ACY_ERROR_FATAL, "no execution of %s reaches its final state", sketch->name);
  return NULL;
}
