/* acy-fixes.h - the single changes to a test that forbid its condition
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "acy-check.h"
#include "acy-model.h"
#include "acy-test.h"

G_BEGIN_DECLS

/**
 * AcyTextEdit:
 * One change to the test's text: the bytes [@offset, @offset + @length)
 * become @text (@length 0: an insertion before @offset).
 * @line, @column: where @offset is, 1-based, the column in characters
 * @end_line, @end_column: where @offset + @length is
 */
typedef struct {
  guint  offset;
  guint  length;
  guint  line;
  guint  column;
  guint  end_line;
  guint  end_column;
  char  *text;
} AcyTextEdit;

typedef enum {
  ACY_FIX_FENCE,     /* smp_mb(), smp_rmb() or smp_wmb() between two events;
                      * in a C11 test atomic_thread_fence(memory_order_seq_cst) */
  ACY_FIX_RELEASE,   /* smp_store_release() in place of WRITE_ONCE(); in a
                      * C11 test memory_order_release for relaxed */
  ACY_FIX_ACQUIRE,   /* smp_load_acquire() in place of READ_ONCE(); in a
                      * C11 test memory_order_acquire for relaxed */
  ACY_FIX_SEQ_CST,   /* a C11 access made memory_order_seq_cst */
} AcyFixKind;

/**
 * AcyFix:
 * One change (or, when no single change does it, two) to a test.
 * @kind: of the first edit
 * @label: for people: "smp_mb() between lines 5 and 6 of P0"
 * @thread: the thread of the first edit
 * @edits: @n_edits (1 or 2) edits, in order of offset, not overlapping
 * @check: once checked and when it forbids the state, the model's check
 *   that forbids it ("happens-before"; several joined by ", ")
 */
typedef struct {
  AcyFixKind   kind;
  char        *label;
  guint        thread;
  guint        n_edits;
  AcyTextEdit  edits[2];
  char        *check;
} AcyFix;

/* Called from the checking thread after each change is checked. */
typedef void (*AcyFixProgressFunc) (guint       done,
                                    guint       total,
                                    const char *label,
                                    gpointer    user_data);

/**
 * AcyFixOptions:
 * @max_pairs: when no single change forbids the state, how many pairs of
 *   changes to try at most (0: none)
 * @timeout: seconds each check may take (0: none)
 */
typedef struct {
  guint               max_pairs;
  gdouble             timeout;
  AcyFixProgressFunc  progress;
  gpointer            progress_data;
} AcyFixOptions;

typedef enum {
  ACY_FIXES_SINGLE,             /* single changes forbid the state */
  ACY_FIXES_PAIRS,              /* no single change does; pairs of them do */
  ACY_FIXES_NONE,               /* nothing tried forbids it */
  ACY_FIXES_ALREADY_FORBIDDEN,  /* the model never reaches the state */
  ACY_FIXES_NO_FENCES,          /* the macros offer no fence or ordering */
} AcyFixesStatus;

typedef struct _AcyFixReport AcyFixReport;

/* The changes the macros offer, unchecked (element-type AcyFix, freed
 * with the array): at each gap between two events of a thread a fence,
 * and a release store or acquire load in place of a plain one. */
GPtrArray      *acy_fixes_candidates (const char      *text,
                                      gssize           len,
                                      const AcyMacros *macros);

AcyFixReport   *acy_fixes_suggest    (const char           *text,
                                      gssize                len,
                                      const char           *filename,
                                      const AcyMacros      *macros,
                                      const AcyModel       *model,
                                      const AcyFixOptions  *options,
                                      GCancellable         *cancellable,
                                      GError              **error);
/* acy_fixes_suggest() on the test in file @path, read as every input file
 * is (a directory, device or FIFO is refused by name, not opened). */
AcyFixReport   *acy_fixes_suggest_file (const char          *path,
                                        const AcyMacros     *macros,
                                        const AcyModel      *model,
                                        const AcyFixOptions *options,
                                        GCancellable        *cancellable,
                                        GError             **error);
void            acy_fix_report_free  (AcyFixReport *report);

AcyFixesStatus  acy_fix_report_get_status  (const AcyFixReport *report);
/* The changes that forbid the state: singles, or pairs when no single does. */
guint           acy_fix_report_get_n_fixes (const AcyFixReport *report);
const AcyFix   *acy_fix_report_get_fix     (const AcyFixReport *report, guint i);
/* Changes checked: singles, and pairs. */
guint           acy_fix_report_get_n_tried (const AcyFixReport *report);
guint           acy_fix_report_get_n_pairs_tried (const AcyFixReport *report);
/* The state the condition names, as herd prints the condition. */
const char     *acy_fix_report_get_condition (const AcyFixReport *report);
/* One sentence saying what was found ("No single change forbids ..."). */
char           *acy_fix_report_describe    (const AcyFixReport *report);

/* @text with @fix's edits made. */
char           *acy_fix_apply              (const char *text, const AcyFix *fix);
void            acy_fix_free               (AcyFix *fix);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyFixReport, acy_fix_report_free)

G_END_DECLS
