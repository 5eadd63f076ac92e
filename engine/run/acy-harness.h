/* acy-harness.h - a litmus test as a C program that runs it on a real CPU
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What litmus7 does for herd7: the test's threads run millions of times
 * on the machine, and the final states are counted. The engine writes
 * the program (from the parsed test, never from its text) and reads
 * what it prints; building and running it is the caller's (src/machine/).
 */
#pragma once

#include <gio/gio.h>

#include "acy-check.h"
#include "acy-test.h"

G_BEGIN_DECLS

typedef enum {
  ACY_HARNESS_X86_64,
  ACY_HARNESS_AARCH64,
} AcyHarnessArch;

/* The architecture this program was built for, which a harness runs on
 * without an emulator; FALSE when it is neither of the two. */
gboolean    acy_harness_host_arch (AcyHarnessArch *arch);
/* "x86_64", "aarch64" (as `uname -m` says) */
const char *acy_harness_arch_name (AcyHarnessArch arch);
/* From a name: x86_64, x86-64, amd64, aarch64, arm64. */
gboolean    acy_harness_arch_from_name (const char *name, AcyHarnessArch *arch);
/* The mapping an X86 or X86_64 test's harness names: its own
 * instructions; an AArch64 test's. */
#define ACY_HARNESS_MAPPING_ASM "x86_64-asm"
#define ACY_HARNESS_MAPPING_ASM_AARCH64 "aarch64-asm"
/* Whether @mapping is an assembly test's own instructions (no mapping of
 * primitives). */
gboolean    acy_harness_mapping_is_asm (const char *mapping);
/* What the harness's @mapping (AcyRunResult's: "linux-x86_64",
 * "linux-arm64-llsc", ACY_HARNESS_MAPPING_ASM) makes of the kernel's
 * primitives and C11's atomics, or of an assembly test, in a sentence
 * for the output and the window. */
const char *acy_harness_mapping_description (const char *mapping);

/* The C source of a harness running @test on @arch (see
 * engine/run/harness/runner.c for its options and what it prints).
 * NULL with %ACY_ERROR_UNSUPPORTED, at the place in the test, for what
 * it cannot run as the test means it: a loop (which might not end), an
 * RCU grace period, SRCU, arithmetic on an address, an assembly test
 * of another architecture... */
char       *acy_harness_write (const AcyTest   *test,
                               AcyHarnessArch   arch,
                               GError         **error);

/**
 * AcyRunResult:
 * What a harness printed, read back: the final states seen and how
 * often, with the test's condition, as litmus7 reports them.
 */
typedef struct _AcyRunResult AcyRunResult;

AcyRunResult *acy_run_result_new  (const AcyTest *test);
void          acy_run_result_free (AcyRunResult *result);
/* Reads one line the harness printed (without its newline). FALSE with
 * an error for a line that is not the harness's, a fault the test's
 * code ran into, or an error the harness reports. */
gboolean      acy_run_result_add_line (AcyRunResult *result,
                                       const char   *line,
                                       GError      **error);
/* After the harness exited: FALSE with an error unless its output was
 * complete and its counts add up to @iterations (size x runs). */
gboolean      acy_run_result_finish (AcyRunResult *result,
                                     guint64       iterations,
                                     GError      **error);

/* Runs done so far and in all, from the harness's progress lines. */
void          acy_run_result_get_progress (const AcyRunResult *result,
                                           guint64            *done,
                                           guint64            *total);
/* The final states seen (after the test's filter), in litmus7's order;
 * AcyState.count is how often each was seen. */
guint           acy_run_result_get_n_states   (const AcyRunResult *result);
const AcyState *acy_run_result_get_state      (const AcyRunResult *result, guint i);
/* How often @values (one per observed variable) was seen: 0 if never. */
guint64         acy_run_result_count_state    (const AcyRunResult *result, const AcyValue *values);
/* Iterations whose final state satisfies the condition's proposition,
 * and those that do not (herd's Positive and Negative) */
guint64         acy_run_result_get_positive   (const AcyRunResult *result);
guint64         acy_run_result_get_negative   (const AcyRunResult *result);
gboolean        acy_run_result_get_ok         (const AcyRunResult *result);
AcyObservation  acy_run_result_get_observation (const AcyRunResult *result);
/* Iterations run, counted before the filter */
guint64         acy_run_result_get_iterations (const AcyRunResult *result);
gdouble         acy_run_result_get_seconds    (const AcyRunResult *result);
/* The mapping the harness was built with ("linux-x86_64"), NULL before
 * it said. */
const char     *acy_run_result_get_mapping    (const AcyRunResult *result);
/* Cores online, and cores the test's threads were pinned to (0: not
 * pinned: -affinity none, or fewer cores than threads). */
void            acy_run_result_get_cpus       (const AcyRunResult *result,
                                               guint              *online,
                                               guint              *used);

/* The result as litmus7 prints it, from "Test NAME Allowed" to the
 * Time line, so that mcompare7 and scripts read it. */
void            acy_run_result_format_litmus7 (const AcyRunResult *result,
                                               GString            *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyRunResult, acy_run_result_free)

G_END_DECLS
