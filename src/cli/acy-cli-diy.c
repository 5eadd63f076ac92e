/* acy-cli-diy.c - acyclic-check --diy and --diycross: litmus tests from
 * cycles of edges, as herd's diyone7 and diycross7 write them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * --diy takes diyone7's arguments after it (the edges, -arch, -name,
 * -oneloc); --diycross takes diycross7's. Options of theirs that would
 * change the test and are not done here are refused, saying why.
 */
#define G_LOG_DOMAIN "acyclic-check"
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "acyclic.h"
#include "acy-cli-diy.h"

/* diy's options that change the tests written, refused */
static const struct { const char *name; gboolean arg; } refused[] = {
  { "-obs", TRUE }, { "-obstype", TRUE }, { "-cond", TRUE }, { "-unicond", FALSE },
  { "-optcoherence", FALSE }, { "-optcond", FALSE }, { "-nooptcond", FALSE },
  { "-neg", TRUE }, { "-type", TRUE }, { "-variant", TRUE }, { "-hexa", FALSE },
  { "-scopes", TRUE }, { "-bell", TRUE }, { "-moreedges", FALSE }, { "-realdep", FALSE },
  { "-overload", TRUE }, { "-unrollatomic", TRUE }, { "-ua", TRUE }, { "-poll", TRUE },
  { "-check", TRUE }, { "-lowercase", TRUE }, { "-norm", FALSE }, { "-cycleonly", FALSE },
  { "-metadata", TRUE }, { "-info", TRUE }, { "-no", TRUE }, { "-sufname", TRUE },
  { "-num", TRUE }, { "-fmt", TRUE }, { "-addnum", TRUE }, { "-c", TRUE }, { "-varatom", TRUE },
  { "-switch", FALSE }, { "-set-libdir", TRUE }, { "-debug", TRUE },
};

typedef struct {
  AcyDiyOptions diy;
  GPtrArray    *args;      /* the edges, or diycross's segments */
  const char   *out_dir;   /* --diycross -o DIR */
  gboolean      to_stdout;
  const char   *show;      /* -show edges|annotations|fences */
} DiyCli;

/* Parses what follows --diy or --diycross; 2 on a usage error. */
static int
parse_args (int argc, char **argv, int first, gboolean cross, DiyCli *cli)
{
  for (int i = first; i < argc; i++)
    {
      const char *a = argv[i];
      const char *next = i + 1 < argc ? argv[i + 1] : NULL;

      if (g_str_equal (a, "-arch"))
        {
          AcyDiyArch arch;

          if (next == NULL || !acy_diy_arch_from_name (next, &arch))
            {
              fprintf (stderr, "acyclic-check: -arch takes C (the archs --diy writes), not '%s'\n",
                       next ? next : "");
              return 2;
            }
          cli->diy.arch = arch;
          i++;
        }
      else if (g_str_equal (a, "-name") && !cross)
        {
          if (next == NULL)
            {
              fprintf (stderr, "acyclic-check: -name needs a name\n");
              return 2;
            }
          cli->diy.name = next;
          i++;
        }
      else if (g_str_equal (a, "-oneloc"))
        cli->diy.one_loc = TRUE;
      else if (g_str_equal (a, "-stdout"))
        cli->to_stdout = TRUE;
      else if (g_str_equal (a, "-o") && cross)
        {
          if (next == NULL)
            {
              fprintf (stderr, "acyclic-check: -o needs a folder\n");
              return 2;
            }
          cli->out_dir = next;
          i++;
        }
      else if (g_str_equal (a, "-show"))
        {
          if (next == NULL || !(g_str_equal (next, "edges") || g_str_equal (next, "annotations")
                                || g_str_equal (next, "fences")))
            {
              fprintf (stderr, "acyclic-check: -show takes edges, annotations or fences\n");
              return 2;
            }
          cli->show = next;
          i++;
        }
      else if (a[0] == '-' && a[1] != '\0' && !g_ascii_isupper (a[1]))
        {
          for (guint k = 0; k < G_N_ELEMENTS (refused); k++)
            if (g_str_equal (a, refused[k].name))
              {
                fprintf (stderr, "acyclic-check: option '%s' of %s is not supported: the tests are "
                         "written with diy's defaults\n", a, cross ? "diycross7" : "diyone7");
                return 2;
              }
          fprintf (stderr, "acyclic-check: unknown option '%s' for %s (see --help)\n",
                   a, cross ? "--diycross" : "--diy");
          return 2;
        }
      else
        g_ptr_array_add (cli->args, (gpointer) a);
    }
  return 0;
}

static int
show_vocabulary (const DiyCli *cli)
{
  g_autoptr(GPtrArray) words = acy_diy_list_vocabulary (cli->diy.arch, cli->show);

  for (guint i = 0; i < words->len; i++)
    printf (" %s", (const char *) words->pdata[i]);
  printf ("\n");
  return 0;
}

static gboolean
write_file (const char *dir, const char *file, const char *text, gboolean newline)
{
  g_autofree char *path = dir ? g_build_filename (dir, file, NULL) : g_strdup (file);
  g_autofree char *content = g_strconcat (text, newline ? "\n" : "", NULL);
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, content, -1, &error))
    {
      fprintf (stderr, "acyclic-check: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

static int
run_diy (DiyCli *cli)
{
  g_autofree char *text = NULL;
  g_autofree char *joined = NULL;
  g_autofree char *test = NULL;
  g_autofree char *name = NULL;
  g_autoptr(AcyDiyCycle) cycle = NULL;
  g_autoptr(GError) error = NULL;

  if (cli->args->len == 0)
    {
      fprintf (stderr, "acyclic-check: --diy needs a cycle of edges, e.g. --diy PodWR Fre PodWR Fre\n");
      return 2;
    }
  g_ptr_array_add (cli->args, NULL);
  joined = g_strjoinv (" ", (char **) cli->args->pdata);
  g_ptr_array_remove_index (cli->args, cli->args->len - 1);
  cycle = acy_diy_cycle_parse (cli->diy.arch, joined, "<cycle>", &error);
  if (cycle != NULL)
    test = acy_diy_cycle_write_test (cycle, &cli->diy, &name, &error);
  if (test == NULL)
    {
      fprintf (stderr, "acyclic-check: %s\n", error->message);
      return 2;
    }
  /* diyone7 writes NAME.litmus when given -name, unless -stdout */
  if (cli->diy.name != NULL && !cli->to_stdout)
    {
      g_autofree char *file = g_strconcat (name, ".litmus", NULL);

      return write_file (NULL, file, test, TRUE) ? 0 : 2;
    }
  printf ("%s\n", test);
  return 0;
}

static int
run_cross (DiyCli *cli)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) tests = NULL;
  g_autoptr(GString) all = g_string_new (NULL);
  guint skipped = 0;

  if (cli->args->len == 0)
    {
      fprintf (stderr, "acyclic-check: --diycross needs lists of edges, e.g. --diycross PodWR,MFencedWR Fre PodWR Fre\n");
      return 2;
    }
  tests = acy_diy_cross (&cli->diy, (const char *const *) cli->args->pdata, cli->args->len, &skipped, &error);
  if (tests == NULL)
    {
      fprintf (stderr, "acyclic-check: %s\n", error->message);
      return 2;
    }
  if (cli->out_dir != NULL && g_mkdir_with_parents (cli->out_dir, 0755) != 0)
    {
      fprintf (stderr, "acyclic-check: cannot make %s: %s\n", cli->out_dir, g_strerror (errno));
      return 2;
    }
  g_string_append_printf (all, "# acyclic-check --diycross -arch %s", acy_diy_arch_get_name (cli->diy.arch));
  for (guint i = 0; i < cli->args->len; i++)
    g_string_append_printf (all, " %s", (const char *) cli->args->pdata[i]);
  g_string_append_printf (all, "\n# Version %s\n", VERSION);
  for (guint i = 0; i < tests->len; i++)
    {
      const AcyDiyFamilyTest *t = tests->pdata[i];
      g_autofree char *file = g_strconcat (t->name, ".litmus", NULL);

      if (cli->to_stdout)
        printf ("%s\n", t->text);
      else if (!write_file (cli->out_dir, file, t->text, TRUE))
        return 2;
      g_string_append_printf (all, "%s\n", file);
    }
  if (!cli->to_stdout && !write_file (cli->out_dir, "@all", all->str, FALSE))
    return 2;
  /* diycross7 says it on the standard error when the tests go to the
   * standard output */
  fprintf (cli->to_stdout ? stderr : stdout, "Generator produced %u tests\n", tests->len);
  return 0;
}

int
acy_cli_diy_main (int argc, char **argv, int at)
{
  DiyCli cli = { 0 };
  gboolean cross = g_str_equal (argv[at], "--diycross");
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  int status;

  cli.args = args;
  cli.diy.arch = ACY_DIY_ARCH_C;
  for (int i = 1; i < at; i++)
    {
      fprintf (stderr, "acyclic-check: %s takes no option before it ('%s'): give diy's options after it\n",
               argv[at], argv[i]);
      return 2;
    }
  status = parse_args (argc, argv, at + 1, cross, &cli);
  if (status != 0)
    return status;
  if (cli.show != NULL)
    return show_vocabulary (&cli);
  return cross ? run_cross (&cli) : run_diy (&cli);
}
