/* acy-machine.h - building a test's harness with the system's compiler and running it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by acyclic-check --run and the window's "Run on This Machine":
 * the engine writes the harness (acy_harness_write) and reads what it
 * prints (AcyRunResult); this module finds a compiler, builds it in a
 * folder of its own, runs it (under an emulator for another
 * architecture) and passes its lines back. GLib/GIO only.
 */
#pragma once

#include "acyclic.h"

G_BEGIN_DECLS

/**
 * AcyMachineOptions:
 * @arch: the architecture to build for (see acy_harness_host_arch())
 * @cc: (nullable): the compiler: a command, with arguments if wanted
 *   ("clang -O3"); NULL: $CC, else cc, gcc or clang on the PATH (for
 *   another architecture, ARCH-linux-gnu-gcc)
 * @emulator: (nullable): the command that runs a program of @arch when
 *   it is not this machine's; NULL: qemu-ARCH, found on the PATH
 * @size: iterations of one run (litmus7's -s)
 * @runs: runs (litmus7's -r)
 * @harness_args: (nullable): more options for the harness, NULL-terminated
 *   (-a N, -p LIST, -affinity MODE, -i N, -st N, -mem MODE, -line BYTES,
 *   -sync MODE, -preload MODE, -timeout SECS: see harness/runner.c)
 * @keep_dir: (nullable): build in this folder, and leave the harness's
 *   source and program there
 */
typedef struct {
  AcyHarnessArch     arch;
  const char        *cc;
  const char        *emulator;
  guint64            size;
  guint64            runs;
  const char *const *harness_args;
  const char        *keep_dir;
} AcyMachineOptions;

/* Called from the thread running the harness, after each run, with the
 * result so far (its progress and the states counted up to the run
 * before: the harness counts as it goes but prints at the end). */
typedef void (*AcyMachineProgressFunc) (const AcyRunResult *partial,
                                        gpointer            user_data);

/* Builds and runs @test's harness. NULL with an error when the test
 * cannot run (%ACY_ERROR_UNSUPPORTED, at its place), no compiler or
 * emulator is found or the build fails (%ACY_ERROR_IO), the harness
 * stops or reports a fault, or @cancellable is cancelled
 * (%ACY_ERROR_CANCELLED: the harness is killed). */
AcyRunResult *acy_machine_run (const AcyTest            *test,
                               const AcyMachineOptions  *options,
                               AcyMachineProgressFunc    progress,
                               gpointer                  user_data,
                               GCancellable             *cancellable,
                               GError                  **error);

/* The compiler command for @arch (see AcyMachineOptions.cc), as an
 * argument vector; NULL with %ACY_ERROR_IO naming what was searched. */
char        **acy_machine_find_compiler (AcyHarnessArch  arch,
                                         const char     *cc,
                                         GError        **error);

/* This machine in a few words, for saying where a state was seen:
 * "host-name (AMD EPYC, 2 cores)". */
char         *acy_machine_describe (void);

G_END_DECLS
