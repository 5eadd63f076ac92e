/* test-fuzz-grammar.c - the grammar-aware fuzz mode writes what the parsers accept
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/fuzz/fuzz-grammar.c turns a fuzzer's bytes into a litmus test or
 * a cat model. If the generator drifts from the grammar, the fuzzer
 * only exercises the parsers' first error again: these tests check that
 * most generated texts parse, that the rest fail with a positioned
 * error, that no input (however long) makes the generator itself blow
 * up, and that the long runs it is there for are reachable.
 */
#define G_LOG_DOMAIN "acyclic-test"
#include "config.h"

#include <string.h>

#include "acyclic.h"
#include "fuzz/fuzz-targets.h"

#define N_INPUTS 300

static AcyMacros *
default_macros (void)
{
  g_autofree char *path = g_build_filename (acy_builtin_models_dir (), "linux-basic.def", NULL);
  AcyMacros *macros = acy_macros_load (path, NULL);

  g_assert_nonnull (macros);
  return macros;
}

/* Random bytes below 0xff: no long runs, so that the loop stays quick. */
static GBytes *
short_input (GRand *rand)
{
  guint len = g_rand_int_range (rand, 0, 96);
  guint8 *b = g_malloc (len + 1);

  for (guint i = 0; i < len; i++)
    b[i] = (guint8) g_rand_int_range (rand, 0, 0xff);
  return g_bytes_new_take (b, len);
}

static gboolean
litmus_parses (const char *text, AcyMacros *macros, char **message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyTest) test = acy_test_parse (text, -1, "fuzz.litmus", macros, &error);

  if (test == NULL)
    *message = g_strdup (error->message);
  return test != NULL;
}

static gboolean
cat_parses (const char *text, char **message)
{
  g_autoptr(GError) error = NULL;
  AcyModelSource src = { .cat_path = "fuzz.cat", .cat_text = text };
  AcyModel *model = acy_model_load (&src, &error);

  if (model == NULL)
    *message = g_strdup (error->message);
  acy_model_free (model);
  return model != NULL;
}

static void
test_empty_input (void)
{
  g_autoptr(AcyMacros) macros = default_macros ();
  g_autofree char *lit = acy_fuzz_grammar_litmus (NULL, 0);
  g_autofree char *cat = acy_fuzz_grammar_cat (NULL, 0);
  g_autofree char *message = NULL;

  /* No bytes: every choice the first and smallest, a valid text. */
  if (!litmus_parses (lit, macros, &message))
    g_error ("%s\n%s", message, lit);
  if (!cat_parses (cat, &message))
    g_error ("%s\n%s", message, cat);
}

static void
test_mostly_valid (gconstpointer data)
{
  gboolean is_cat = GPOINTER_TO_INT (data);
  g_autoptr(AcyMacros) macros = default_macros ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (13);
  guint ok = 0;

  for (guint i = 0; i < N_INPUTS; i++)
    {
      g_autoptr(GBytes) in = short_input (rand);
      gsize len;
      const guint8 *b = g_bytes_get_data (in, &len);
      g_autofree char *text = is_cat ? acy_fuzz_grammar_cat (b, len) : acy_fuzz_grammar_litmus (b, len);
      g_autofree char *message = NULL;
      const char *file = is_cat ? "fuzz.cat:" : "fuzz.litmus:";

      if (is_cat ? cat_parses (text, &message) : litmus_parses (text, macros, &message))
        {
          ok++;
          continue;
        }
      /* A refusal names its place: in the text, or in an included model. */
      if (!g_str_has_prefix (message, file) && strstr (message, ".cat:") == NULL)
        g_error ("unpositioned error: %s\n%s", message, text);
    }
  g_test_message ("%u of %u generated %s parse", ok, N_INPUTS, is_cat ? "models" : "tests");
  g_assert_cmpuint (ok, >=, N_INPUTS / 2);
}

/* Byte 0xff chooses a long run: the texts are large, and each still
 * ends, in a result or an error, in bounded time. */
static void
test_long_runs (gconstpointer data)
{
  gboolean is_cat = GPOINTER_TO_INT (data);
  g_autoptr(GRand) rand = g_rand_new_with_seed (31);
  gsize longest = 0;

  for (guint i = 0; i < 12; i++)
    {
      guint8 b[48];
      g_autofree char *text = NULL;
      gint64 start = g_get_monotonic_time ();

      for (guint j = 0; j < sizeof b; j++)
        b[j] = (guint8) (g_rand_int_range (rand, 0, 4) == 0 ? 0xff : g_rand_int_range (rand, 0, 256));
      text = is_cat ? acy_fuzz_grammar_cat (b, sizeof b) : acy_fuzz_grammar_litmus (b, sizeof b);
      longest = MAX (longest, strlen (text));
      /* the generator's budget: under a MiB */
      g_assert_cmpuint (strlen (text), <, 1024 * 1024);
      if (is_cat)
        acy_fuzz_cat_grammar (b, sizeof b);
      else
        acy_fuzz_litmus_grammar (b, sizeof b);
      g_assert_cmpfloat ((g_get_monotonic_time () - start) / 1e6, <, g_getenv ("ACY_SLOW_BUILD") ? 120.0 : 20.0);
    }
  g_test_message ("longest generated text: %" G_GSIZE_FORMAT " bytes", longest);
  g_assert_cmpuint (longest, >, 100000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/fuzz/grammar/empty-input", test_empty_input);
  g_test_add_data_func ("/engine/fuzz/grammar/litmus/mostly-valid", GINT_TO_POINTER (FALSE), test_mostly_valid);
  g_test_add_data_func ("/engine/fuzz/grammar/cat/mostly-valid", GINT_TO_POINTER (TRUE), test_mostly_valid);
  g_test_add_data_func ("/engine/fuzz/grammar/litmus/long-runs", GINT_TO_POINTER (FALSE), test_long_runs);
  g_test_add_data_func ("/engine/fuzz/grammar/cat/long-runs", GINT_TO_POINTER (TRUE), test_long_runs);
  return g_test_run ();
}
