/* acy-diy-sketch.h - the execution a cycle describes, for drawing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "acy-diy.h"
#include "acy-test.h"
#include "acy-check.h"
#include "acy-recorder.h"

G_BEGIN_DECLS

/**
 * AcyDiySketch:
 * @text, @name: the test diy writes for the cycle
 * @test: it, parsed
 * @recorder: its candidates, every one allowed
 * @record: the one that reaches the test's final state: the cycle
 */
typedef struct {
  char        *text;
  char        *name;
  AcyTest     *test;
  AcyRecorder *recorder;
  guint        record;
} AcyDiySketch;

/* @macros (nullable) reads the test. Errors are placed in the cycle. */
AcyDiySketch *acy_diy_cycle_sketch (const AcyDiyCycle  *cycle,
                                    const AcyDiyOptions *options,
                                    const AcyMacros    *macros,
                                    GCancellable       *cancellable,
                                    GError            **error);
void          acy_diy_sketch_free  (AcyDiySketch *sketch);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyDiySketch, acy_diy_sketch_free)

G_END_DECLS
