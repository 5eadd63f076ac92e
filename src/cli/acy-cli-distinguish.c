/* acy-cli-distinguish.c - acyclic-check --distinguish: the tests that tell
 * two models apart, smallest first
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test found is printed as soon as every smaller one has been
 * checked, with both verdicts, the check of the model that forbids its
 * final state, and its cycle (the execution that reaches the state, edge
 * by edge). --part K/N checks one share of the cycles and marks its
 * output so that --distinguish-merge can put the shares back in order
 * (build-aux/acyclic-check-batch runs the shares on several machines).
 */
#define G_LOG_DOMAIN "acyclic-check"
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acyclic.h"
#include "acy-cli-distinguish.h"

#define PART_MARK "#@ "     /* a found test's place, in a share's output */
#define SUMMARY_MARK "#@summary "

typedef struct {
  AcyDiySearchOptions search;
  const char *models[2];
  GPtrArray  *include_dirs;
  const char *out_dir;
  gboolean    part_mode;
} Cli;

static void
print_found (FILE *out, const Cli *cli, const AcyDiyFound *f, gboolean marked)
{
  if (marked)
    fprintf (out, "%s%" G_GUINT64_FORMAT "\n", PART_MARK, f->index);
  fprintf (out, "%s (%u threads, %u accesses)\n", f->name, f->threads, f->accesses);
  fprintf (out, "  cycle: %s\n", f->cycle);
  for (guint m = 0; m < 2; m++)
    {
      fprintf (out, "  %s: %s %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT, cli->models[m],
               acy_observation_to_string (f->observation[m]), f->positive[m], f->negative[m]);
      if (m == f->stronger)
        fprintf (out, ", forbidden by %s", f->check ? f->check : "the model");
      fprintf (out, "\n");
    }
}

static void
found_cb (const AcyDiyFound *f, gpointer data)
{
  const Cli *cli = data;

  print_found (stdout, cli, f, cli->part_mode);
  if (cli->out_dir != NULL)
    {
      g_autofree char *file = g_strconcat (f->name, ".litmus", NULL);
      g_autofree char *path = g_build_filename (cli->out_dir, file, NULL);
      g_autofree char *text = g_strconcat (f->text, "\n", NULL);
      g_autoptr(GError) error = NULL;

      if (!g_file_set_contents (path, text, -1, &error))
        fprintf (stderr, "acyclic-check: %s\n", error->message);
    }
  fflush (stdout);
}

static void
print_header (const Cli *cli)
{
  printf ("Tests that tell %s and %s apart (%s; up to %u threads, %u accesses):\n",
          cli->models[0], cli->models[1], acy_diy_arch_get_name (cli->search.arch),
          cli->search.max_threads, cli->search.max_accesses);
}

static void
print_summary (const Cli *cli, const AcyDiySearchProgress *p)
{
  /* a blank line after the tests found, one after the header */
  if (p->found > 0)
    printf ("\n");
  if (p->found == 0 && p->complete)
    printf ("No test tells them apart with up to %u threads and %u accesses", cli->search.max_threads,
            cli->search.max_accesses);
  else
    printf ("%" G_GUINT64_FORMAT " test%s tell%s them apart", p->found, p->found == 1 ? "" : "s",
            p->found == 1 ? "s" : "");
  printf (" (%" G_GUINT64_FORMAT " tests checked, %" G_GUINT64_FORMAT " cycles diy makes no test of, %.2f s)",
          p->tests, p->refused, p->elapsed);
  if (p->complete)
    printf (": every cycle checked.\n");
  else
    printf (": stopped %s, every cycle of up to %u accesses checked.\n",
            p->timed_out ? "at the time limit" : "at the count asked for", p->done_accesses);
}

static void
print_part_summary (const AcyDiySearchProgress *p)
{
  printf ("%scycles=%" G_GUINT64_FORMAT " tests=%" G_GUINT64_FORMAT " refused=%" G_GUINT64_FORMAT
          " found=%" G_GUINT64_FORMAT " done=%u complete=%d timed_out=%d elapsed=%.3f\n",
          SUMMARY_MARK, p->cycles, p->tests, p->refused, p->found, p->done_accesses,
          p->complete, p->timed_out, p->elapsed);
}

static gboolean
parse_uint (const char *option, const char *value, guint min, guint max, guint *out)
{
  guint64 n;

  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, min, max, &n, NULL))
    {
      fprintf (stderr, "acyclic-check: %s needs a number from %u to %u, not '%s'\n", option, min, max,
               value ? value : "");
      return FALSE;
    }
  *out = n;
  return TRUE;
}

static int
run (Cli *cli)
{
  g_autoptr(GError) error = NULL;
  AcyModel *models[2] = { NULL, NULL };
  AcyMacros *macros[2] = { NULL, NULL };
  AcyDiySearchProgress summary = { 0 };
  gboolean ok;

  g_ptr_array_add (cli->include_dirs, NULL);
  for (guint m = 0; m < 2; m++)
    {
      models[m] = acy_comparison_load_model (cli->models[m], (const char *const *) cli->include_dirs->pdata,
                                             &macros[m], &error);
      if (models[m] == NULL)
        {
          fprintf (stderr, "acyclic-check: %s\n", error->message);
          for (guint k = 0; k < m; k++)
            {
              acy_model_free (models[k]);
              acy_macros_free (macros[k]);
            }
          return 2;
        }
    }
  if (cli->out_dir != NULL && g_mkdir_with_parents (cli->out_dir, 0755) != 0)
    {
      fprintf (stderr, "acyclic-check: cannot make %s: %s\n", cli->out_dir, g_strerror (errno));
      return 2;
    }
  print_header (cli);
  printf ("\n");
  ok = acy_diy_search ((const AcyModel *const *) models, macros[0], &cli->search, found_cb, NULL, cli,
                       &summary, NULL, &error);
  for (guint m = 0; m < 2; m++)
    {
      acy_model_free (models[m]);
      acy_macros_free (macros[m]);
    }
  if (!ok)
    {
      fprintf (stderr, "acyclic-check: %s\n", error->message);
      return 2;
    }
  if (cli->part_mode)
    print_part_summary (&summary);
  else
    print_summary (cli, &summary);
  return 0;
}

/* ---- --distinguish-merge: the shares back in order ---- */

typedef struct {
  guint64 index;
  char   *block;
} Block;

static int
compare_blocks (gconstpointer a, gconstpointer b)
{
  const Block *x = a, *y = b;

  return x->index < y->index ? -1 : x->index > y->index;
}

static int
merge (int argc, char **argv, int first)
{
  g_autoptr(GArray) blocks = g_array_new (FALSE, FALSE, sizeof (Block));
  AcyDiySearchProgress total = { 0 };
  g_autofree char *header = NULL;
  guint max_threads = 0, max_accesses = 0;
  gboolean all_complete = TRUE;
  int n = 0;

  total.done_accesses = G_MAXUINT;
  for (int i = first; i < argc; i++, n++)
    {
      g_autofree char *content = NULL;
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) lines = NULL;
      Block *cur = NULL;
      gboolean summary = FALSE;

      if (!g_file_get_contents (argv[i], &content, NULL, &error))
        {
          fprintf (stderr, "acyclic-check: %s\n", error->message);
          return 2;
        }
      lines = g_strsplit (content, "\n", -1);
      for (guint k = 0; lines[k]; k++)
        {
          const char *l = lines[k];

          if (header == NULL && g_str_has_prefix (l, "Tests that tell "))
            {
              header = g_strdup (l);
              sscanf (strstr (l, "; up to ") ? strstr (l, "; up to ") : "", "; up to %u threads, %u accesses",
                      &max_threads, &max_accesses);
            }
          else if (g_str_has_prefix (l, SUMMARY_MARK))
            {
              AcyDiySearchProgress p = { 0 };
              int complete = 0, timed_out = 0;

              if (sscanf (l + strlen (SUMMARY_MARK),
                          "cycles=%" G_GUINT64_FORMAT " tests=%" G_GUINT64_FORMAT " refused=%" G_GUINT64_FORMAT
                          " found=%" G_GUINT64_FORMAT " done=%u complete=%d timed_out=%d elapsed=%lf",
                          &p.cycles, &p.tests, &p.refused, &p.found, &p.done_accesses,
                          &complete, &timed_out, &p.elapsed) == 8)
                {
                  summary = TRUE;
                  total.tests += p.tests;
                  total.refused += p.refused;
                  total.found += p.found;
                  total.done_accesses = MIN (total.done_accesses, p.done_accesses);
                  total.timed_out |= timed_out;
                  total.elapsed = MAX (total.elapsed, p.elapsed);
                  all_complete &= complete != 0;
                }
              cur = NULL;
            }
          else if (g_str_has_prefix (l, PART_MARK))
            {
              Block b = { g_ascii_strtoull (l + strlen (PART_MARK), NULL, 10), NULL };

              g_array_append_val (blocks, b);
              cur = &g_array_index (blocks, Block, blocks->len - 1);
            }
          else if (cur != NULL && *l)
            {
              char *joined = g_strconcat (cur->block ? cur->block : "", l, "\n", NULL);

              g_free (cur->block);
              cur->block = joined;
            }
        }
      if (!summary)
        {
          fprintf (stderr, "acyclic-check: %s is not the whole output of a --distinguish --part run\n", argv[i]);
          return 2;
        }
    }
  if (n == 0 || header == NULL)
    {
      fprintf (stderr, "acyclic-check: --distinguish-merge needs the outputs of --distinguish --part runs\n");
      return 2;
    }
  g_array_sort (blocks, compare_blocks);
  printf ("%s\n\n", header);
  for (guint k = 0; k < blocks->len; k++)
    {
      Block *b = &g_array_index (blocks, Block, k);

      printf ("%s", b->block ? b->block : "");
      g_free (b->block);
    }
  total.complete = all_complete;
  {
    Cli cli = { 0 };

    cli.search.max_threads = max_threads;
    cli.search.max_accesses = max_accesses;
    print_summary (&cli, &total);
  }
  return 0;
}

int
acy_cli_distinguish_main (int argc, char **argv, int at)
{
  Cli cli = { 0 };
  g_autoptr(GPtrArray) include_dirs = g_ptr_array_new ();
  guint n_models = 0;

  if (g_str_equal (argv[at], "--distinguish-merge"))
    return merge (argc, argv, at + 1);
  cli.include_dirs = include_dirs;
  cli.search.arch = ACY_DIY_ARCH_C;
  cli.search.max_threads = 4;
  cli.search.max_accesses = 6;
  cli.search.n_parts = 1;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      const char *next = i + 1 < argc ? argv[i + 1] : NULL;

      if (i == at)
        continue;
      if (g_str_equal (a, "-arch"))
        {
          if (next == NULL || !acy_diy_arch_from_name (next, &cli.search.arch))
            {
              fprintf (stderr, "acyclic-check: -arch takes C, not '%s'\n", next ? next : "");
              return 2;
            }
          i++;
        }
      else if (g_str_equal (a, "--max-threads"))
        {
          if (!parse_uint (a, next, 2, 16, &cli.search.max_threads))
            return 2;
          i++;
        }
      else if (g_str_equal (a, "--max-accesses"))
        {
          if (!parse_uint (a, next, 2, 16, &cli.search.max_accesses))
            return 2;
          i++;
        }
      else if (g_str_equal (a, "--count"))
        {
          if (!parse_uint (a, next, 1, G_MAXUINT, &cli.search.max_found))
            return 2;
          i++;
        }
      else if (g_str_equal (a, "-j") || g_str_equal (a, "--jobs"))
        {
          if (!parse_uint (a, next, 1, 1024, &cli.search.n_workers))
            return 2;
          i++;
        }
      else if (g_str_equal (a, "--edges") || g_str_equal (a, "--annotations"))
        {
          if (next == NULL)
            {
              fprintf (stderr, "acyclic-check: %s needs a list\n", a);
              return 2;
            }
          if (a[2] == 'e')
            cli.search.edges = next;
          else
            cli.search.annotations = next;
          i++;
        }
      else if (g_str_equal (a, "-timeout") || g_str_equal (a, "--timeout"))
        {
          char *end = NULL;

          cli.search.timeout = next ? g_ascii_strtod (next, &end) : -1;
          if (next == NULL || end == next || *end != '\0' || !(cli.search.timeout >= 0))
            {
              fprintf (stderr, "acyclic-check: %s needs a number of seconds\n", a);
              return 2;
            }
          i++;
        }
      else if (g_str_equal (a, "--part"))
        {
          guint k, n;
          char tail;

          if (next == NULL || sscanf (next, "%u/%u%c", &k, &n, &tail) != 2 || n == 0 || k >= n)
            {
              fprintf (stderr, "acyclic-check: --part takes K/N, 0 <= K < N\n");
              return 2;
            }
          cli.search.part = k;
          cli.search.n_parts = n;
          cli.part_mode = TRUE;
          i++;
        }
      else if (g_str_equal (a, "-I"))
        {
          if (next == NULL)
            {
              fprintf (stderr, "acyclic-check: -I needs a folder\n");
              return 2;
            }
          g_ptr_array_add (include_dirs, (gpointer) next);
          i++;
        }
      else if (g_str_equal (a, "-o"))
        {
          if (next == NULL)
            {
              fprintf (stderr, "acyclic-check: -o needs a folder\n");
              return 2;
            }
          cli.out_dir = next;
          i++;
        }
      else if (a[0] == '-' && a[1] != '\0')
        {
          fprintf (stderr, "acyclic-check: option '%s' does not go with --distinguish (see --help)\n", a);
          return 2;
        }
      else if (n_models < 2)
        cli.models[n_models++] = a;
      else
        {
          fprintf (stderr, "acyclic-check: --distinguish compares two models, not more ('%s')\n", a);
          return 2;
        }
    }
  if (n_models < 2)
    {
      fprintf (stderr, "acyclic-check: --distinguish needs two models, e.g. --distinguish sc tso\n");
      return 2;
    }
  return run (&cli);
}
