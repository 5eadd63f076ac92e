/* exec-fixture.c - a litmus test checked under a model, every outcome recorded
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "exec-fixture.h"

const char exec_fixture_co_rr[] =
  "C C-CO+o-o+o-o\n"
  "{\n}\n"
  "P0(int *x)\n{\n  WRITE_ONCE(*x, 3);\n  WRITE_ONCE(*x, 4);\n}\n"
  "P1(int *x)\n{\n  int r1;\n  int r2;\n\n  r1 = READ_ONCE(*x);\n  r2 = READ_ONCE(*x);\n}\n"
  "exists\n(1:r1=4 /\\ 1:r2=3)\n";

const char exec_fixture_mp_mb[] =
  "C C-MP+o-mb-o+o-mb-o\n"
  "{\n}\n"
  "P0(int *x, int *y)\n{\n  WRITE_ONCE(*y, 1);\n  smp_mb();\n  WRITE_ONCE(*x, 1);\n}\n"
  "P1(int *x, int *y)\n{\n  int r1;\n  int r2;\n\n  r1 = READ_ONCE(*x);\n  smp_mb();\n  r2 = READ_ONCE(*y);\n}\n"
  "exists\n(1:r1=1 /\\ 1:r2=0)\n";

void
exec_fixture_run (ExecFixture *f, const char *litmus, const char *model_file, guint max_records)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *macros_path = g_build_filename (SOURCE_MODELSDIR, "linux-basic.def", NULL);
  g_autofree char *cat_path = g_build_filename (SOURCE_MODELSDIR, model_file, NULL);
  AcyModelSource src = { .cat_path = cat_path };
  AcyCheckOptions opts = { 0 };

  f->macros = acy_macros_load (macros_path, &error);
  g_assert_no_error (error);
  f->model = acy_model_load (&src, &error);
  g_assert_no_error (error);
  f->test = acy_test_parse (litmus, -1, "test.litmus", f->macros, &error);
  g_assert_no_error (error);
  f->recorder = acy_recorder_new (f->test);
  if (max_records)
    acy_recorder_set_limits (f->recorder, max_records, 0);
  opts.outcome = acy_recorder_add_outcome;
  opts.outcome_data = f->recorder;
  f->result = acy_check_run (f->test, f->model, &opts, NULL, &error);
  g_assert_no_error (error);
  acy_recorder_resolve_states (f->recorder, f->result);
}

void
exec_fixture_clear (ExecFixture *f)
{
  g_clear_pointer (&f->recorder, acy_recorder_free);
  g_clear_pointer (&f->result, acy_check_result_free);
  g_clear_pointer (&f->test, acy_test_free);
  g_clear_pointer (&f->model, acy_model_free);
  g_clear_pointer (&f->macros, acy_macros_free);
}
