/* acy-cli-fixes.c - acyclic-check --suggest-fixes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For each test whose condition the model reaches: the single changes
 * (a fence between two events, a release store or an acquire load) after
 * which it never does, each with the check that then forbids it; pairs
 * when no single change does (at most MAX_PAIRS of them).
 */
#include "config.h"

#include <stdio.h>

#include "acyclic.h"
#include "acy-cli.h"
#include "acy-cli-fixes.h"

#define MAX_PAIRS 200

static void
print_fix (const AcyFix *fix)
{
  printf ("  %s\n    forbidden by %s\n", fix->label, fix->check ? fix->check : "?");
  for (guint i = 0; i < fix->n_edits; i++)
    {
      const AcyTextEdit *e = &fix->edits[i];
      g_autofree char *text = g_strescape (e->text, NULL);

      if (e->length == 0)
        printf ("    insert at %u:%u: \"%s\"\n", e->line, e->column, text);
      else
        printf ("    replace %u:%u-%u:%u with \"%s\"\n", e->line, e->column, e->end_line, e->end_column, text);
    }
}

int
acy_cli_suggest_fixes (const AcyCliOptions *o, AcyModel *model, AcyMacros *macros,
                       const char *const *args, guint n_args)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  int status = 0;

  for (guint i = 0; i < n_args; i++)
    acy_test_collect_files (args[i], paths, NULL);
  for (guint i = 0; i < paths->len; i++)
    {
      const char *file = paths->pdata[i];
      g_autoptr(GError) error = NULL;
      g_autofree char *summary = NULL;
      g_autoptr(AcyFixReport) report = NULL;
      AcyFixOptions fopts = { MAX_PAIRS, o->timeout, NULL, NULL };

      report = acy_fixes_suggest_file (file, macros, model, &fopts, NULL, &error);
      if (!report)
        {
          fprintf (stderr, "%s\n", error->message);
          status = 1;
          continue;
        }
      summary = acy_fix_report_describe (report);
      printf ("%s: %s%s\n", file, summary, acy_fix_report_get_n_fixes (report) ? ":" : ".");
      for (guint k = 0; k < acy_fix_report_get_n_fixes (report); k++)
        print_fix (acy_fix_report_get_fix (report, k));
    }
  return status;
}
