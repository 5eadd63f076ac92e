/* exec-fixture.h - a litmus test checked under a model, every outcome recorded
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acyclic.h"

G_BEGIN_DECLS

/* The article's Litmus Test #1, C-MP+o-mb-o+o-mb-o: under
 * coherent-rmo.cat three executions are allowed, and the one with
 * 1:r1=1 /\ 1:r2=0 fails "acyclic rmo-order". */
extern const char exec_fixture_mp_mb[];
/* C-CO+o-o+o-o: can P1, reading x twice, see 4 and then 3, against the
 * order of P0's two writes? */
extern const char exec_fixture_co_rr[];

typedef struct {
  AcyMacros      *macros;
  AcyModel       *model;
  AcyTest        *test;
  AcyCheckResult *result;
  AcyRecorder    *recorder;
} ExecFixture;

/* Parses @litmus with linux-basic.def, checks it under @model_file from
 * the models directory and records its executions (at most @max_records,
 * 0 for the recorder's default), their final states resolved. */
void exec_fixture_run   (ExecFixture *f,
                         const char  *litmus,
                         const char  *model_file,
                         guint        max_records);
void exec_fixture_clear (ExecFixture *f);

G_END_DECLS
