/* acy-machine-job.h - a litmus test run on this machine's CPU, on a worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "acyclic.h"

G_BEGIN_DECLS

/**
 * AcyMachineReport:
 * What a run on this machine saw: the final states and their counts
 * (@result, which reads @test), where it ran and with which mapping of
 * the primitives.
 */
typedef struct
{
  AcyTest      *test;
  AcyRunResult *result;
  char         *machine;      /* acy_machine_describe() */
  char         *mapping;      /* "linux-x86_64" */
  char         *mapping_text; /* acy_harness_mapping_description() */
} AcyMachineReport;

void acy_machine_report_free (AcyMachineReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyMachineReport, acy_machine_report_free)

/* Called on the main thread, coalesced: runs done of @total. */
typedef void (*AcyMachineJobProgress) (guint64  done,
                                       guint64  total,
                                       gpointer user_data);

/* Runs @test_text (read with the macros @model_path's check would use)
 * @runs times @size iterations on this machine's CPU, on a worker
 * thread; cancelling kills the harness. */
void              acy_machine_job_run_async  (const char            *test_text,
                                              const char            *test_name,
                                              const char            *model_path,
                                              guint64                size,
                                              guint64                runs,
                                              AcyMachineJobProgress  progress,
                                              gpointer               progress_data,
                                              GCancellable          *cancellable,
                                              GAsyncReadyCallback    callback,
                                              gpointer               user_data);
AcyMachineReport *acy_machine_job_run_finish (GAsyncResult          *result,
                                              GError               **error);

G_END_DECLS
