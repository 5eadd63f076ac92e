/* cache-check.c - check that reusing work across candidates changes nothing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Enumerates the candidates of litmus tests under the LKMM and judges
 * each twice: once with a structure id computed here from everything but
 * rf, fw and the values read (so the model may reuse what it computed
 * from the structure), once with structure id 0 (reuse nothing). Every
 * verdict (allowed, failing check, flags) must be the same. Until the
 * enumerator sets structure ids itself, this is what exercises the
 * structure cache on real tests.
 *
 * Build and run (from the source tree, after meson compile -C BUILD):
 *   cc -O2 -o /tmp/cache-check bench/cache-check.c -Iengine -IBUILD \
 *      BUILD/engine/libacyclic.a $(pkg-config --cflags --libs gio-2.0)
 *   /tmp/cache-check LKMM-DIR TEST.litmus...
 */
#include <gio/gio.h>
#include <string.h>

#include "acy-model.h"
#include "acy-test.h"

typedef struct {
  AcyModelRunner *cached, *fresh;
  GString        *a, *b;
  guint64         candidates, hits, last_id;
  gboolean        failed;
} Run;

static guint64
fnv (guint64 h, const void *p, gsize len)
{
  const guint8 *s = p;
  for (gsize i = 0; i < len; i++)
    h = (h ^ s[i]) * 1099511628211ull;
  return h;
}

static guint64
structure_hash (const AcyExecution *x)
{
  guint64 h = 1469598103934665603ull;
  gsize rel = (gsize) x->n_events * ACY_WORDS (x->n_events) * sizeof (AcyWord);
  const AcyWord *rels[] = { x->po, x->addr, x->data, x->ctrl, x->rmw };

  h = fnv (h, &x->n_events, sizeof x->n_events);
  for (guint i = 0; i < x->n_events; i++)
    {
      const AcyEvent *e = &x->events[i];
      h = fnv (h, &e->thread, sizeof e->thread);
      h = fnv (h, &e->po_index, sizeof e->po_index);
      h = fnv (h, &e->kind, sizeof e->kind);
      h = fnv (h, &e->loc, sizeof e->loc);
      h = fnv (h, &e->instr, sizeof e->instr);
      h = fnv (h, &e->tags, sizeof e->tags);
    }
  for (guint r = 0; r < G_N_ELEMENTS (rels); r++)
    if (rels[r])
      h = fnv (h, rels[r], rel);
    else
      h = fnv (h, "-", 1);
  return h ? h : 1;
}

static gboolean
record (const AcyExecution *x, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  GString *s = data;

  (void) x;
  (void) env;
  g_string_append_printf (s, "%d:%s:", v->allowed, v->failed_check ? v->failed_check : "");
  for (guint i = 0; i < v->n_flags; i++)
    g_string_append_printf (s, "%s,", v->flags[i]);
  g_string_append_c (s, ';');
  return TRUE;
}

static gboolean
on_candidate (const AcyCandidate *c, gpointer data)
{
  Run *run = data;
  AcyExecution copy = *c->x;
  g_autoptr(GError) error = NULL;

  if (!c->filter)
    return TRUE;
  copy.structure_id = structure_hash (c->x);
  run->hits += copy.structure_id == run->last_id;
  run->last_id = copy.structure_id;
  run->candidates++;
  g_string_truncate (run->a, 0);
  g_string_truncate (run->b, 0);
  if (!acy_model_runner_check (run->cached, &copy, record, run->a, &error))
    g_error ("%s", error->message);
  copy.structure_id = 0;
  if (!acy_model_runner_check (run->fresh, &copy, record, run->b, &error))
    g_error ("%s", error->message);
  if (!g_str_equal (run->a->str, run->b->str))
    {
      g_printerr ("candidate %" G_GUINT64_FORMAT ": cached %s, fresh %s\n",
                  run->candidates, run->a->str, run->b->str);
      run->failed = TRUE;
      return FALSE;
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autofree char *dir = NULL, *bell = NULL, *cat = NULL, *def = NULL;
  const char *variants[] = { "lkmmv2", NULL };
  const char *incs[2] = { NULL, NULL };
  g_autoptr(GError) error = NULL;
  AcyModelSource src = { 0 };
  AcyModel *model;
  AcyMacros *macros;
  int status = 0;

  if (argc < 3)
    {
      g_printerr ("usage: %s LKMM-DIR TEST.litmus...\n", argv[0]);
      return 2;
    }
  dir = g_strdup (argv[1]);
  incs[0] = dir;
  bell = g_build_filename (dir, "linux-kernel.bell", NULL);
  cat = g_build_filename (dir, "linux-kernel.cat", NULL);
  def = g_build_filename (dir, "linux-kernel.def", NULL);
  src.cat_path = cat;
  src.bell_path = bell;
  src.include_dirs = incs;
  src.variants = variants;
  if (!(model = acy_model_load (&src, &error)) || !(macros = acy_macros_load (def, &error)))
    g_error ("%s", error->message);
  for (int i = 2; i < argc; i++)
    {
      Run run = { 0 };
      AcyTest *test = acy_test_load (argv[i], macros, &error);

      if (!test)
        {
          g_printerr ("%s: %s\n", argv[i], error->message);
          g_clear_error (&error);
          continue;
        }
      run.cached = acy_model_runner_new (model);
      run.fresh = acy_model_runner_new (model);
      run.a = g_string_new (NULL);
      run.b = g_string_new (NULL);
      if (!acy_test_enumerate (test, NULL, on_candidate, &run, NULL, &error))
        {
          g_printerr ("%s: %s\n", argv[i], error->message);
          g_clear_error (&error);
        }
      g_print ("%s %s: %" G_GUINT64_FORMAT " candidates, %" G_GUINT64_FORMAT
               " with the previous one's structure\n",
               run.failed ? "FAIL" : "ok", argv[i], run.candidates, run.hits);
      status |= run.failed;
      acy_model_runner_free (run.cached);
      acy_model_runner_free (run.fresh);
      g_string_free (run.a, TRUE);
      g_string_free (run.b, TRUE);
      acy_test_free (test);
    }
  acy_macros_free (macros);
  acy_model_free (model);
  return status;
}
