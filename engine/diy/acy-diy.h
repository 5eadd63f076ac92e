/* acy-diy.h - litmus tests from cycles of edges, as herd's diy writes them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A cycle such as "PodWR Fre PodWR Fre" (a write then a read of another
 * location in program order, a from-read to the other thread, and the
 * same again) describes the shape of a test: here store buffering. The
 * calls below write the test herd's diyone7 writes for the cycle, with
 * its name ("SB"), threads, initial state and final condition, and
 * diycross7's families (every choice of the edges given as lists).
 */
#pragma once

#include <glib.h>

#include "acy-execution.h"

G_BEGIN_DECLS

/**
 * AcyDiyArch:
 * @ACY_DIY_ARCH_C: C11 atomics, diy's `-arch C`
 *
 * The language of the tests written.
 */
typedef enum {
  ACY_DIY_ARCH_C,
} AcyDiyArch;

#define ACY_DIY_N_ARCHS 1

/* "C"; parses the names -arch takes */
const char *acy_diy_arch_get_name (AcyDiyArch arch);
gboolean    acy_diy_arch_from_name (const char *name, AcyDiyArch *arch);

/**
 * AcyDiyOptions:
 * @arch: the language
 * @name: (nullable): the test's name (diyone7's -name); NULL: diy's name
 *   for the family and edges
 * @one_loc: accept a cycle on one location (diyone7's -oneloc)
 * @generator: (nullable): what the Generator= line says
 */
typedef struct {
  AcyDiyArch  arch;
  const char *name;
  gboolean    one_loc;
  const char *generator;
} AcyDiyOptions;

/**
 * AcyDiyCycle:
 * One cycle of edges, parsed from its text. Errors in the text (an
 * edge diy does not know, a choice where one cycle is wanted, a cycle
 * whose directions do not close) are positioned `file:1:col`.
 */
typedef struct _AcyDiyCycle AcyDiyCycle;

AcyDiyCycle *acy_diy_cycle_parse     (AcyDiyArch   arch,
                                      const char  *text,
                                      const char  *filename,
                                      GError     **error);
void         acy_diy_cycle_free      (AcyDiyCycle *cycle);

/* The test, as diyone7 writes it (without a final newline, as diy).
 * @name: (out) (optional): its name. */
char        *acy_diy_cycle_write_test (const AcyDiyCycle   *cycle,
                                       const AcyDiyOptions *options,
                                       char               **name,
                                       GError             **error);

/**
 * AcyDiyFamily:
 * The tests of diycross7's cross product of lists of edges, in diycross's
 * order, duplicates (the same cycle turned) left out.
 */
typedef struct {
  char *name;
  char *text;
} AcyDiyFamilyTest;

/* @args: the segments (diycross7's arguments: "PodWR,FenceScdWR", "Fre",
 * ...). Returns a GPtrArray of AcyDiyFamilyTest. @skipped (optional):
 * how many cycles were left out (duplicates, cycles diy cannot make a
 * test of). */
GPtrArray *acy_diy_cross (const AcyDiyOptions *options,
                          const char *const   *args,
                          guint                n_args,
                          guint               *skipped,
                          GError             **error);
void       acy_diy_family_test_free (AcyDiyFamilyTest *test);

/* The arch's vocabulary as diy's -show prints it: @what is "edges"
 * (every edge, sorted), "annotations" or "fences". */
GPtrArray *acy_diy_list_vocabulary (AcyDiyArch arch, const char *what);

/* The shortest cycle of program order and communications (@co and @fr
 * as the model built them, nullable) between the execution's accesses,
 * as diy's edges ("PodWR Fre PodWR Fre"), from a thread's first access;
 * annotated with C11 memory orders when the test uses them. NULL when
 * there is none: the execution is sequentially consistent. */
char *acy_diy_execution_cycle (const AcyExecution *x, const AcyWord *co, const AcyWord *fr);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyDiyCycle, acy_diy_cycle_free)

G_END_DECLS
