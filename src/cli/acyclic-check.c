/* acyclic-check.c - herd7-compatible command-line checker
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Speaks herd7's options and output so existing scripts (the kernel's
 * tools/memory-model/scripts among them) can call it in herd7's place.
 */
#define G_LOG_DOMAIN "acyclic-check"
#include "config.h"

#include <locale.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acyclic.h"
#include "acy-cli.h"
#include "acy-cli-compare.h"
#include "acy-cli-fetch.h"

static void
usage (FILE *out)
{
  fprintf (out,
           "Usage: acyclic-check [OPTION]... FILE...\n"
           "Check litmus tests against a cat memory model; output as herd7's.\n"
           "\n"
           "herd7-compatible options:\n"
           "  -conf FILE       read settings (macros, bell, model, variant) from FILE\n"
           "  -cat FILE        the cat model (also -model)\n"
           "  -bell FILE       the bell file\n"
           "  -macros FILE     the macro file defining the primitives\n"
           "  -I DIR           search DIR for models, includes and config files\n"
           "  -variant NAMES   comma-separated variants (e.g. lkmmv2)\n"
           "  -timeout SECS    give up on a test after SECS seconds\n"
           "  -v, -q           more or less chatter on standard error\n"
           "Acyclic options:\n"
           "  --json           write events, relations and every candidate's verdict as JSON\n"
           "  --judge          compare each test's verdict with its 'Result:' comment\n"
           "  --max-candidates N  give up on a test beyond N candidates\n"
           "  --graph DIR      draw each allowed execution into DIR as TEST-N.svg\n"
           "  --graph-format F svg (default), png or pdf\n"
           "  --graph-all      draw every candidate, forbidden ones with their witness\n"
           "                   (as herd7's -show all; -show prop|neg also work)\n"
           "  --dot DIR        write each execution as Graphviz dot text, TEST-N.dot\n"
           "  --eval EXPR      print the pairs of the cat expression EXPR in each execution\n"
           "  --why REL:E1,E2  print why events E1, E2 (as the graph names them: a, b...,\n"
           "                   init:x) are in relation REL, for the first execution that\n"
           "                   has them (every one with --graph-all)\n"
           "  --suggest-fixes  for a test whose condition the model reaches, list the single\n"
           "                   changes (smp_mb(), smp_rmb(), smp_wmb() between two events\n"
           "                   of a thread, smp_store_release() or smp_load_acquire() for a\n"
           "                   plain access) after which it never does, each with the\n"
           "                   check that forbids it; pairs when no single change does\n"
           "  --compare MODEL... --\n"
           "                   check each test under every MODEL (sc, tso, toy-rmo,\n"
           "                   coherent-rmo, a .cat or a .cfg file) and print a table\n"
           "                   of tests x models, marking the tests they differ on\n"
           "  --markdown       print the --compare table in Markdown\n"
           "  --fetch-model linux-kernel [--from BASE_URL] [--version TAG] [--fetch-timeout SECS]\n"
           "                   download the Linux-kernel memory model (from the kernel's git\n"
           "                   web front at release TAG, default " ACY_LKMM_DEFAULT_VERSION ", or BASE_URL/FILE),\n"
           "                   check it and install it in $XDG_DATA_HOME/acyclic/models;\n"
           "                   then -conf linux-kernel.cfg works from any folder\n"
           "  -h, --help       show this help\n"
           "  --version        show the version\n"
           "Arguments may be litmus files or directories (searched for *.litmus).\n");
}

/* herd7 options that take an argument and do not change the verdicts
 * (graph output and the like): accepted and ignored. */
static const char *const ignored_with_arg[] = {
  "-gv", "-o", "-graph", "-showevents", "-showinitrf",
  "-showinitwrites", "-showfinalrf", "-squished", "-mono", "-dotmode",
  "-dotcom", "-view", "-doshow", "-unshow", "-showraw", "-through",
  "-skipchecks", "-speedcheck", "-suffix", "-nshow", "-showflag",
  "-initwrites", "-optace", "-machine", "-set-libdir", "-dumpes",
  "-badexecs", "-badflag", "-restrict", "-conds", "-names", "-excl",
  "-hexa", "-unroll", "-debug", "-kinds", "-statelessrc11", "-jobs", "-j",
  NULL
};

static const char *const ignored_flags[] = {
  "-nonames", "-noshow", "-showthread", "-showlegend", "-obs", "-canonical",
  "-auto", "-strictskip", "-dumplem", "-dumptex",
  NULL
};

int
main (int argc, char **argv)
{
  g_autoptr(AcyCliOptions) opts = acy_cli_options_new ();
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) compare = NULL;   /* --compare MODEL... -- */
  gboolean markdown = FALSE;
  g_autofree char *fetch_model = NULL;
  g_autofree char *fetch_from = NULL;
  g_autofree char *fetch_version = NULL;
  guint fetch_timeout = 0;
  gboolean fetching = FALSE;   /* then --version takes a tag */

  setlocale (LC_ALL, "");
#ifdef __GLIBC__
  /* Each test's check allocates its arenas (some 100 kB to MBs) and
   * frees them. By default glibc gives that memory back to the system
   * and faults it in again for the next test, which took longer than
   * the checks themselves on a corpus of small tests: keep it. */
  mallopt (M_TRIM_THRESHOLD, 256 << 20);
  mallopt (M_MMAP_THRESHOLD, 32 << 20);
#endif

  for (int i = 1; i < argc; i++)
    if (g_str_equal (argv[i], "--fetch-model"))
      fetching = TRUE;

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      const char *next = i + 1 < argc ? argv[i + 1] : NULL;

#define NEED_ARG() \
      G_STMT_START { if (next == NULL) { fprintf (stderr, "acyclic-check: option %s needs an argument\n", a); return 2; } i++; } G_STMT_END

      if (g_str_equal (a, "-h") || g_str_equal (a, "--help") || g_str_equal (a, "-help"))
        {
          usage (stdout);
          return 0;
        }
      else if ((g_str_equal (a, "--version") && !fetching) || g_str_equal (a, "-version"))
        {
          printf ("acyclic-check %s\n", VERSION);
          return 0;
        }
      else if (g_str_equal (a, "-conf"))
        { NEED_ARG (); g_free (opts->conf); opts->conf = g_strdup (next); }
      else if (g_str_equal (a, "-cat") || g_str_equal (a, "-model"))
        { NEED_ARG (); g_free (opts->cat); opts->cat = g_strdup (next); }
      else if (g_str_equal (a, "-bell"))
        { NEED_ARG (); g_free (opts->bell); opts->bell = g_strdup (next); }
      else if (g_str_equal (a, "-macros"))
        { NEED_ARG (); g_free (opts->macros); opts->macros = g_strdup (next); }
      else if (g_str_equal (a, "-I"))
        { NEED_ARG (); g_ptr_array_add (opts->include_dirs, g_strdup (next)); }
      else if (g_str_has_prefix (a, "-I") && a[2] != '\0')
        g_ptr_array_add (opts->include_dirs, g_strdup (a + 2));
      else if (g_str_equal (a, "-variant"))
        {
          g_auto(GStrv) parts = NULL;
          NEED_ARG ();
          parts = g_strsplit (next, ",", -1);
          for (guint k = 0; parts[k]; k++)
            if (*parts[k])
              g_ptr_array_add (opts->variants, g_strdup (parts[k]));
        }
      else if (g_str_equal (a, "-timeout"))
        {
          char *end = NULL;
          NEED_ARG ();
          opts->timeout = g_ascii_strtod (next, &end);
          if (end == next || *end != '\0' || opts->timeout < 0)
            {
              fprintf (stderr, "acyclic-check: -timeout needs a number of seconds, not '%s'\n", next);
              return 2;
            }
        }
      else if (g_str_equal (a, "--max-candidates"))
        {
          NEED_ARG ();
          opts->max_candidates = g_ascii_strtoull (next, NULL, 10);
        }
      else if (g_str_equal (a, "-v"))
        opts->verbose++;
      else if (g_str_equal (a, "-q"))
        opts->quiet = TRUE;
      else if (g_str_equal (a, "--compare"))
        {
          compare = g_ptr_array_new_with_free_func (g_free);
          /* The models run up to the next option, usually --. */
          while (i + 1 < argc && argv[i + 1][0] != '-')
            g_ptr_array_add (compare, g_strdup (argv[++i]));
          if (compare->len < 2)
            {
              fprintf (stderr, "acyclic-check: --compare needs two models or more, then --, then the tests\n");
              return 2;
            }
        }
      else if (g_str_equal (a, "--"))
        {
          while (++i < argc)
            g_ptr_array_add (files, g_strdup (argv[i]));
        }
      else if (g_str_equal (a, "--fetch-model"))
        { NEED_ARG (); g_free (fetch_model); fetch_model = g_strdup (next); }
      else if (g_str_equal (a, "--from"))
        { NEED_ARG (); g_free (fetch_from); fetch_from = g_strdup (next); }
      else if (g_str_equal (a, "--version"))
        { NEED_ARG (); g_free (fetch_version); fetch_version = g_strdup (next); }
      else if (g_str_equal (a, "--fetch-timeout"))
        {
          guint64 secs;
          NEED_ARG ();
          if (!g_ascii_string_to_unsigned (next, 10, 1, 3600, &secs, NULL))
            {
              fprintf (stderr, "acyclic-check: --fetch-timeout needs a number of seconds (1 to 3600), not '%s'\n", next);
              return 2;
            }
          fetch_timeout = secs;
        }
      else if (g_str_equal (a, "--markdown"))
        markdown = TRUE;
      else if (g_str_equal (a, "--json"))
        opts->json = TRUE;
      else if (g_str_equal (a, "--judge"))
        opts->judge = TRUE;
      else if (g_str_equal (a, "--graph"))
        { NEED_ARG (); g_free (opts->graph_dir); opts->graph_dir = g_strdup (next); }
      else if (g_str_equal (a, "--graph-format"))
        {
          NEED_ARG ();
          if (!g_str_equal (next, "svg") && !g_str_equal (next, "png") && !g_str_equal (next, "pdf"))
            {
              fprintf (stderr, "acyclic-check: --graph-format is svg, png or pdf, not '%s'\n", next);
              return 2;
            }
          g_free (opts->graph_format);
          opts->graph_format = g_strdup (next);
        }
      else if (g_str_equal (a, "--graph-all"))
        { g_free (opts->graph_show); opts->graph_show = g_strdup ("all"); }
      else if (g_str_equal (a, "-show"))
        { NEED_ARG (); g_free (opts->graph_show); opts->graph_show = g_strdup (next); }
      else if (g_str_equal (a, "--eval"))
        { NEED_ARG (); g_free (opts->eval_expr); opts->eval_expr = g_strdup (next); }
      else if (g_str_equal (a, "--suggest-fixes"))
        opts->suggest_fixes = TRUE;
      else if (g_str_equal (a, "--why"))
        { NEED_ARG (); g_free (opts->why); opts->why = g_strdup (next); }
      else if (g_str_equal (a, "--dot"))
        { NEED_ARG (); g_free (opts->dot_dir); opts->dot_dir = g_strdup (next); }
      else if (g_strv_contains (ignored_with_arg, a))
        NEED_ARG ();
      else if (g_strv_contains (ignored_flags, a))
        ;
      else if (a[0] == '-' && a[1] != '\0')
        {
          fprintf (stderr, "acyclic-check: unknown option '%s' (see --help)\n", a);
          return 2;
        }
      else
        g_ptr_array_add (files, g_strdup (a));
#undef NEED_ARG
    }

  if (fetch_model != NULL)
    {
      if (files->len > 0)
        {
          fprintf (stderr, "acyclic-check: --fetch-model takes no tests; run them afterwards\n");
          return 2;
        }
      if (acy_model_store_files (fetch_model) == NULL)
        {
          fprintf (stderr, "acyclic-check: --fetch-model: unknown model '%s' (known: %s)\n",
                   fetch_model, ACY_LKMM_ID);
          return 2;
        }
      return acy_cli_fetch_model (fetch_model, fetch_from, fetch_version, fetch_timeout, opts->quiet);
    }
  if (fetch_from != NULL || fetch_version != NULL || fetch_timeout != 0)
    {
      fprintf (stderr, "acyclic-check: --from, --version TAG and --fetch-timeout go with --fetch-model\n");
      return 2;
    }

  if (files->len == 0)
    {
      usage (stderr);
      return 2;
    }

  if (compare != NULL)
    return acy_cli_compare (opts, (const char *const *) compare->pdata, compare->len,
                            (const char *const *) files->pdata, files->len, markdown);
  return acy_cli_run (opts, (const char *const *) files->pdata, files->len);
}
