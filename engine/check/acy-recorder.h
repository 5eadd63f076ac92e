/* acy-recorder.h - keep the outcomes of a check, to draw and explain them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "acy-check.h"

G_BEGIN_DECLS

/**
 * AcyRecord:
 * One model outcome, deep-copied. Arrays are owned by the recorder and
 * shared between records that hold equal data (every candidate of one
 * event structure shares its events and po, every outcome of one
 * candidate its rf).
 * @x: the candidate execution as the model saw it (structure_id is 0)
 * @rf_model: rf as the model bound it: x.rf, plus what the model itself
 *   decides (reads of locks)
 * @co, @fr: the model's co and fr; NULL when it binds none
 * @allowed, @failed_check, @failed_kind, @failed_relation: the verdict
 * @final: the final value of each observed variable
 * @condition: whether the condition's proposition holds in this state
 * @candidate: index of its candidate among those the model judged
 * @outcome: this is the @outcome-th outcome of its candidate (0-based)
 * @state: index of its final state in the result (see
 *   acy_recorder_resolve_states), -1 when not (yet) known or forbidden
 */
typedef struct {
  AcyExecution    x;
  const AcyWord  *rf_model;
  const AcyWord  *co;
  const AcyWord  *fr;
  gboolean        allowed;
  const char     *failed_check;
  const char     *failed_kind;
  const AcyWord  *failed_relation;
  const AcyValue *final;
  gboolean        condition;
  guint64         candidate;
  guint           outcome;
  gint            state;
} AcyRecord;

typedef struct _AcyRecorder AcyRecorder;

#define ACY_RECORDER_DEFAULT_MAX_RECORDS 20000
#define ACY_RECORDER_DEFAULT_MAX_BYTES   (256u * 1024 * 1024)

AcyRecorder     *acy_recorder_new          (const AcyTest *test);
void             acy_recorder_free         (AcyRecorder   *recorder);
/* Records beyond either bound are counted but not kept (0: no bound). */
void             acy_recorder_set_limits   (AcyRecorder   *recorder,
                                            guint          max_records,
                                            gsize          max_bytes);

/* An #AcyCheckOutcomeFunc: pass it as AcyCheckOptions.outcome with the
 * recorder as outcome_data. Never stops the check. */
gboolean         acy_recorder_add_outcome  (const AcyCandidate *candidate,
                                            const AcyVerdict   *verdict,
                                            AcyModelEnv        *env,
                                            gpointer            recorder);

guint            acy_recorder_get_n_records  (const AcyRecorder *recorder);
const AcyRecord *acy_recorder_get_record     (const AcyRecorder *recorder,
                                              guint              index);
/* The same without its events, rf and fr (x.events, x.rf, rf_model and
 * fr NULL unless got before): for scanning many records by verdict,
 * state, final values or candidate. */
const AcyRecord *acy_recorder_peek_record    (const AcyRecorder *recorder,
                                              guint              index);
/* Outcomes seen but not kept because a bound was reached. */
guint64          acy_recorder_get_n_dropped  (const AcyRecorder *recorder);
guint64          acy_recorder_get_n_allowed_dropped (const AcyRecorder *recorder);
/* Bytes held by the records and their shared data. */
gsize            acy_recorder_get_memory     (const AcyRecorder *recorder);
guint            acy_recorder_get_n_observed (const AcyRecorder *recorder);

/* Fill each allowed record's @state with the index of its final state
 * among @result's states (the order of the herd output). */
void             acy_recorder_resolve_states (AcyRecorder          *recorder,
                                              const AcyCheckResult *result);

/**
 * AcyExplainFunc:
 * Called once by acy_recorder_explain with the recorded outcome as the
 * model computes it again: look up any relation the model defines in
 * @env (valid during the call only).
 */
typedef void (*AcyExplainFunc) (const AcyExecution *x,
                                 const AcyVerdict   *verdict,
                                 AcyModelEnv        *env,
                                 gpointer            user_data);

/* Judge record @index again under @model (the model it was recorded
 * with) and call @func on the same outcome. Returns FALSE with @error
 * on a model error or when the outcome cannot be found again. */
gboolean         acy_recorder_explain        (const AcyRecorder *recorder,
                                              const AcyModel    *model,
                                              guint              index,
                                              AcyExplainFunc     func,
                                              gpointer           user_data,
                                              GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyRecorder, acy_recorder_free)

G_END_DECLS
