/* acyclic-check.c - herd7-compatible command-line checker
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Speaks herd7's options and output so existing scripts (the kernel's
 * tools/memory-model/scripts among them) can call it in herd7's place.
 */
#define G_LOG_DOMAIN "acyclic-check"
#include "config.h"

#include <errno.h>
#include <locale.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "acyclic.h"
#include "acy-cli.h"
#include "acy-cli-compare.h"
#include "acy-cli-fetch.h"
#include "acy-cli-run.h"
#include "acy-cli-diy.h"
#include "acy-cli-distinguish.h"

static void
usage (FILE *out)
{
  fprintf (out,
           "Usage: acyclic-check [OPTION]... [FILE|DIR|@INDEX|-]...\n"
           "Check litmus tests against a cat memory model; output, options and exit\n"
           "status as herd7's (herd7 %s). Without a file argument, or for '-', test\n"
           "file names are read from standard input, one a line; an @INDEX file lists\n"
           "them too; a directory stands for its *.litmus files.\n"
           "\n"
           "herd7's options, with herd7's meaning:\n"
           "  -conf FILE       read settings (macros, bell, model, variant) from FILE\n"
           "  -cat FILE        the cat model (also -model)\n"
           "  -bell FILE       the bell file\n"
           "  -macros FILE     the macro file defining the primitives\n"
           "  -I DIR           search DIR for models, includes and config files\n"
           "  -variant NAMES   comma-separated variants (e.g. lkmmv2)\n"
           "  -skipchecks N,.. leave out the checks and flags named so (-skipcheck N cumulates)\n"
           "  -strictskip true keep only the outcomes that fail every skipped check\n"
           "  -through all|invalid|none  all/invalid: every candidate passes the checks\n"
           "  -names FILE, -excl FILE   only the tests named in FILE, not those (first word a line)\n"
           "  -oknames A,B, -nonames A,B  only these tests, not these\n"
           "  -kinds FILE      NAME Allowed|Forbidden|Required lines: the quantifier to use\n"
           "  -conds FILE      NAME \"CONDITION\" lines: the condition to use (Hash= unchanged)\n"
           "  -badflag FLAG    say Undef in place of Ok/No when an execution raises FLAG\n"
           "  -hexa true       values in hexadecimal, as herd7 prints them\n"
           "  -dumpes true     check and print nothing (herd7 dumps event structures to -o)\n"
           "  -show prop|neg|all|none  executions -o draws (default none)\n"
           "  -o DIR           write TEST.dot into DIR for every test, as herd7\n"
           "  -timeout SECS    no result for a test after SECS seconds of wall-clock time\n"
           "                   (herd7 counts CPU time); a note on standard error\n"
           "  -unroll N        a while loop goes round at most N times (default 2), as herd7\n"
           "  -exit true       stop at the first test in error, exit status 1\n"
           "  -v, -q, -version, -libdir, -help\n"
           "  herd7's picture options (-gv, -view, -graph, -fontsize, -xscale, -yscale,\n"
           "  -arrowsize, -splines, -pad, -edgeattr, -movelabel, -showlegend, -showthread,\n"
           "  -squished, -showevents, ...) are accepted with herd7's arguments and do not\n"
           "  change the output; herd7's options that would change it and are not done\n"
           "  here (-speedcheck fast, -badexecs false,\n"
           "  -candidates true, -rename, ...) are refused, saying why.\n"
           "Where acyclic-check reads more than herd7: directories and '-' as arguments.\n"
           "It refuses what herd7 refuses ('!' in code, 'lock' as a name, spinlock_t in\n"
           "the init block, an address without a pointer type there, a condition naming\n"
           "a location nothing else mentions), with the position.\n"
           "\n"
           "Acyclic's own options:\n"
           "  -j N, --jobs N   check N tests at once, each with its share of the cores\n"
           "  --json           write each test's candidates and verdicts as JSON\n"
           "                   (schema: acyclic-check.schema.json)\n"
           "  --judge          judge each verdict by its ' * Result: ' comment as the\n"
           "                   kernel's judgelitmus.sh does: DEADLOCK passes on Never 0 0,\n"
           "                   Maybe always, a word when the Observation line has it\n"
           "                   (DATARACE is not looked at), no comment fails\n"
           "  --max-candidates N  give up on a test beyond N candidates\n"
           "  --max-memory MIB give up when more than MIB MiB of memory are in use\n"
           "                   (default: half the memory of the machine; 0: no bound)\n"
           "  --graph DIR      draw each allowed execution into DIR as TEST-N.svg\n"
           "  --graph-format F svg (default), png or pdf\n"
           "  --graph-all      draw every candidate, forbidden ones with their witness\n"
           "  --dot DIR        write each execution as Graphviz dot text, TEST-N.dot\n"
           "  --eval EXPR      print the pairs of the cat expression EXPR in each execution\n"
           "  --why REL:E1,E2  print why events E1, E2 (as the graph names them: a, b...,\n"
           "                   init:x) are in relation REL, for the first execution that\n"
           "                   has them (every one with --graph-all)\n"
           "  --suggest-fixes  for a test whose condition the model reaches, list the single\n"
           "                   changes (smp_mb(), smp_rmb(), smp_wmb() between two events\n"
           "                   of a thread, smp_store_release() or smp_load_acquire() for a\n"
           "                   plain access; memory orders in a C11 test) after which it\n"
           "                   never does, each with the check that forbids it; pairs\n"
           "                   when no single change does\n"
           "  --compare MODEL... --\n"
           "                   check each test under every MODEL (sc, tso, toy-rmo,\n"
           "                   coherent-rmo, a .cat or a .cfg file) and print a table\n"
           "                   of tests x models, marking the tests they differ on\n"
           "  --markdown       print the --compare table in Markdown\n"
           "  --fetch-model linux-kernel|herd-lib [--from BASE_URL] [--version TAG] [--fetch-timeout SECS]\n"
           "                   download the Linux-kernel memory model (from the kernel's git\n"
           "                   web front at release TAG, default " ACY_LKMM_DEFAULT_VERSION ") or herd's model\n"
           "                   library (from herdtools7's repository at release TAG, default\n"
           "                   " ACY_HERDLIB_DEFAULT_VERSION "), or BASE_URL/FILE; check it and install it in\n"
           "                   $XDG_DATA_HOME/acyclic/models; then -conf linux-kernel.cfg, or\n"
           "                   herd7's default model of an X86, X86_64 or C test, works from any folder\n"
           "  --run            run each test on this machine as litmus7 does (its harness\n"
           "                   built with $CC, else cc, gcc or clang) and print litmus7's\n"
           "                   output; no model is needed. With no -conf, -cat or -macros,\n"
           "                   C11 tests are read with c11.def, others with the kernel's\n"
           "                   linux-kernel.def where found, else linux-basic.def. With --run:\n"
           "    -s N, -r N     N iterations a run (default 100000), N runs (default 10)\n"
           "    -a N, -p LIST  use N cores, or these cores (0,1,2)\n"
           "    -affinity none|incrN|random, -i N  placement of the threads on cores\n"
           "                   (default random: a new one at each run)\n"
           "    -barrier timebase|user|userfence|pthread|none  the start of each iteration\n"
           "                   (default timebase: every thread at the same time)\n"
           "    -mem lines|packed  each location of each iteration in a cache line of its\n"
           "                   own (default), or litmus7's arrays; -st N  stride\n"
           "    -preload random|all|none  cache lines touched before a run (default random)\n"
           "    -mode std|presi  accepted (what --run does); --run-timeout SECS  stop a run\n"
           "                   that waits that long (a lock never released; default 60)\n"
           "    --arch x86_64|aarch64  build for this architecture; another than this\n"
           "                   machine's runs under qemu-ARCH (no weak behaviour of that CPU)\n"
           "    --cc COMMAND, --emulator COMMAND  the compiler, the emulator\n"
           "    --keep DIR     leave the harness's source (harness.c) and program in DIR\n"
           "    litmus7's -launch, -alloc, -safer, -mach, -ccopts, -gcc, -timeloop and\n"
           "                   -delay are refused, saying why\n"
           "  --diy [-arch C] [-name N] [-oneloc] EDGE...\n"
           "                   write the test herd's diyone7 writes for a cycle of edges\n"
           "                   (PodWR Fre PodWR Fre is SB); errors are placed in the cycle\n"
           "                   (-show edges|annotations|fences lists the vocabulary)\n"
           "  --diycross [-arch C] [-o DIR] [-oneloc] LIST...\n"
           "                   write diycross7's family: one test per choice from each\n"
           "                   comma-separated LIST, into DIR, with @all listing them\n"
           "  --distinguish A B [-arch C] [--max-threads N] [--max-accesses N]\n"
           "                   [--edges LIST] [--annotations LIST] [--count N] [-timeout S]\n"
           "                   [-j N] [--part K/N] [-o DIR] [-I DIR]\n"
           "                   the tests that tell models A and B apart, smallest first:\n"
           "                   cycles of --edges (default: po, rf, co, fr, SC fences and\n"
           "                   dependencies) written as diy writes them and checked under\n"
           "                   both; each with both verdicts, the check that forbids it\n"
           "                   and its cycle; -o DIR writes them; --part K/N checks one\n"
           "                   share, --distinguish-merge FILE... puts shares together\n"
           "  -h, --help       show this help\n"
           "  --version        show the version, and the herd7 version followed\n"
           "\n"
           "Exit status: as herd7, 0 also when a test could not be read or herd7 refuses\n"
           "it (Non symbolic address; the error is on standard error); 1 with -exit true,\n"
           "--json or --judge when a test failed;\n"
           "2 on a usage error or a model or configuration that cannot be loaded.\n",
           HERD7_VERSION_FOLLOWED);
}

/* herd7's options, with herd7's arity, and what acyclic-check does with
 * each. */
typedef enum {
  ARG_NONE,     /* -gv */
  ARG_BOOL,     /* true or false */
  ARG_ONE,      /* one word */
} Arity;

typedef enum {
  DO_OWN,       /* handled in main() */
  DO_PICTURE,   /* changes only the pictures (-o, -gv): accepted, not applied */
  DO_QUIET,     /* changes nothing printed on standard output (debugging) */
  DO_DEFAULT,   /* accepted at herd7's default value, refused at any other */
  DO_REFUSE,    /* refused: acyclic-check does not do what it does */
} Action;

typedef struct {
  const char *name;
  Arity       arity;
  Action      action;
  const char *default_value;   /* DO_DEFAULT */
  const char *why;             /* DO_DEFAULT, DO_REFUSE */
} HerdOption;

static const HerdOption herd_options[] = {
  /* setup */
  { "-version", ARG_NONE, DO_OWN },
  { "-libdir", ARG_NONE, DO_OWN },
  { "-set-libdir", ARG_ONE, DO_REFUSE, NULL, "acyclic-check has no library directory of herd7's to move; use -I DIR" },
  { "-v", ARG_NONE, DO_OWN },
  { "-q", ARG_NONE, DO_OWN },
  { "-I", ARG_ONE, DO_OWN },
  { "-exit", ARG_BOOL, DO_OWN },
  { "-conf", ARG_ONE, DO_OWN },
  { "-web", ARG_NONE, DO_REFUSE, NULL, "web.cfg is herd7's own file; give -conf FILE" },
  { "-c11", ARG_NONE, DO_REFUSE, NULL, "cpp11.cfg is herd7's own file; give -conf FILE or -cat FILE" },
  { "-bell", ARG_ONE, DO_OWN },
  { "-macros", ARG_ONE, DO_OWN },
  { "-o", ARG_ONE, DO_OWN },
  { "-view", ARG_ONE, DO_PICTURE },
  { "-gv", ARG_NONE, DO_PICTURE },
  { "-evince", ARG_NONE, DO_PICTURE },
  { "-preview", ARG_NONE, DO_PICTURE },
  { "-dotcom", ARG_ONE, DO_PICTURE },
  { "-debug", ARG_ONE, DO_QUIET },
  /* input */
  { "-kinds", ARG_ONE, DO_OWN },
  { "-conds", ARG_ONE, DO_OWN },
  { "-names", ARG_ONE, DO_OWN },
  { "-oknames", ARG_ONE, DO_OWN },
  { "-excl", ARG_ONE, DO_OWN },
  { "-nonames", ARG_ONE, DO_OWN },
  { "-rename", ARG_ONE, DO_REFUSE, NULL, "renaming tests (and checking their hashes against a map) is not supported" },
  /* output */
  { "-dotheader", ARG_ONE, DO_PICTURE },
  { "-tikz", ARG_BOOL, DO_PICTURE },
  { "-texmacros", ARG_BOOL, DO_PICTURE },
  { "-suffix", ARG_ONE, DO_PICTURE },
  { "-candidates", ARG_BOOL, DO_DEFAULT, "false", "the candidate count line is not printed" },
  { "-outcomereads", ARG_BOOL, DO_DEFAULT, "false", "outcomes list only the condition's and locations' variables" },
  { "-hexa", ARG_BOOL, DO_OWN },
  /* runmode */
  { "-speedcheck", ARG_ONE, DO_OWN },
  { "-variant", ARG_ONE, DO_OWN },
  { "-machsize", ARG_ONE, DO_DEFAULT, "auto", "C tests run with the sizes of their types" },
  { "-endian", ARG_ONE, DO_DEFAULT, "little", "mixed-size accesses are not modelled" },
  { "-timeout", ARG_ONE, DO_OWN },
  { "-unroll", ARG_ONE, DO_OWN },
  { "-optace", ARG_ONE, DO_DEFAULT, "iico", "candidates are always generated as herd7 does by default" },
  { "-maxphantom", ARG_ONE, DO_DEFAULT, "none", "phantom updates are not modelled" },
  { "-archcheck", ARG_BOOL, DO_QUIET },
  { "-switch", ARG_NONE, DO_REFUSE, NULL, "herd7's -switch toggles an unnamed internal setting" },
  { "-restrict", ARG_ONE, DO_OWN },
  /* filter */
  { "-model", ARG_ONE, DO_OWN },
  { "-cat", ARG_ONE, DO_OWN },
  { "-through", ARG_ONE, DO_OWN },
  { "-throughflag", ARG_ONE, DO_DEFAULT, "none", "letting through only the executions with one flag is not supported" },
  { "-skipcheck", ARG_ONE, DO_OWN },
  { "-skipchecks", ARG_ONE, DO_OWN },
  { "-strictskip", ARG_BOOL, DO_OWN },
  { "-show", ARG_ONE, DO_OWN },
  { "-showflag", ARG_ONE, DO_PICTURE },
  { "-badexecs", ARG_BOOL, DO_DEFAULT, "true", "herd7 then stops at the first execution with -badflag, and which one depends on its enumeration order" },
  { "-badflag", ARG_ONE, DO_OWN },
  { "-statelessrc11", ARG_BOOL, DO_DEFAULT, "false", "herd7's stateless RC11 checker is not there" },
  { "-dumpallfaults", ARG_BOOL, DO_DEFAULT, "false", "faults are not modelled" },
  { "-nshow", ARG_ONE, DO_OWN },
  { "-showone", ARG_BOOL, DO_OWN },
  { "-checkfilter", ARG_BOOL, DO_DEFAULT, "true", "the filter always discards outcomes" },
  /* graph content */
  { "-showinitrf", ARG_BOOL, DO_PICTURE },
  { "-showfinalrf", ARG_BOOL, DO_PICTURE },
  { "-doshow", ARG_ONE, DO_PICTURE },
  { "-showpo", ARG_BOOL, DO_PICTURE },
  { "-unshow", ARG_ONE, DO_PICTURE },
  { "-symetric", ARG_ONE, DO_PICTURE },
  { "-noid", ARG_ONE, DO_PICTURE },
  { "-showraw", ARG_ONE, DO_PICTURE },
  { "-oneinit", ARG_BOOL, DO_PICTURE },
  { "-showevents", ARG_ONE, DO_PICTURE },
  { "-showinitwrites", ARG_BOOL, DO_PICTURE },
  { "-cycles", ARG_ONE, DO_PICTURE },
  { "-dumpes", ARG_BOOL, DO_OWN },
  { "-initwrites", ARG_BOOL, DO_DEFAULT, "true", "init writes are always events (IW), as herd7 has them under a cat model unless told false" },
  { "-classes", ARG_ONE, DO_PICTURE },
  /* graph presentation */
  { "-showobserved", ARG_BOOL, DO_PICTURE },
  { "-edgemerge", ARG_BOOL, DO_PICTURE },
  { "-showlegend", ARG_BOOL, DO_PICTURE },
  { "-showkind", ARG_BOOL, DO_PICTURE },
  { "-shortlegend", ARG_BOOL, DO_PICTURE },
  { "-labelinit", ARG_BOOL, DO_PICTURE },
  { "-showthread", ARG_BOOL, DO_PICTURE },
  { "-squished", ARG_BOOL, DO_PICTURE },
  { "-fixedsize", ARG_BOOL, DO_PICTURE },
  { "-extrachars", ARG_ONE, DO_PICTURE },
  { "-brackets", ARG_BOOL, DO_PICTURE },
  { "-initrfpos", ARG_ONE, DO_PICTURE },
  { "-finalrfpos", ARG_ONE, DO_PICTURE },
  { "-initpos", ARG_ONE, DO_PICTURE },
  { "-splines", ARG_ONE, DO_PICTURE },
  { "-margin", ARG_ONE, DO_PICTURE },
  { "-pad", ARG_ONE, DO_PICTURE },
  { "-sep", ARG_ONE, DO_PICTURE },
  { "-fontname", ARG_ONE, DO_PICTURE },
  { "-fontsize", ARG_ONE, DO_PICTURE },
  { "-edgefontsizedelta", ARG_ONE, DO_PICTURE },
  { "-penwidth", ARG_ONE, DO_PICTURE },
  { "-arrowsize", ARG_ONE, DO_PICTURE },
  { "-edgeattr", ARG_ONE, DO_PICTURE },
  { "-overlap", ARG_ONE, DO_PICTURE },
  { "-graph", ARG_ONE, DO_PICTURE },
  { "-dotmode", ARG_ONE, DO_PICTURE },
  { "-mono", ARG_BOOL, DO_PICTURE },
  { "-scale", ARG_ONE, DO_PICTURE },
  { "-xscale", ARG_ONE, DO_PICTURE },
  { "-yscale", ARG_ONE, DO_PICTURE },
  { "-dsiy", ARG_ONE, DO_PICTURE },
  { "-siwidth", ARG_ONE, DO_PICTURE },
  { "-ptscale", ARG_ONE, DO_PICTURE },
  { "-boxscale", ARG_ONE, DO_PICTURE },
  { "-shift", ARG_ONE, DO_PICTURE },
  { "-threadposy", ARG_ONE, DO_PICTURE },
  { "-relabel", ARG_BOOL, DO_PICTURE },
  { "-withbox", ARG_BOOL, DO_PICTURE },
  { "-labelbox", ARG_BOOL, DO_PICTURE },
  { "-movelabel", ARG_BOOL, DO_PICTURE },
  { NULL, 0, 0 }
};

static const HerdOption *
find_herd_option (const char *name)
{
  for (guint i = 0; herd_options[i].name; i++)
    if (g_str_equal (herd_options[i].name, name))
      return &herd_options[i];
  return NULL;
}

/* What the options read so far say, beyond AcyCliOptions */
typedef struct {
  AcyCliOptions          *opts;
  const char             *nshow;       /* -nshow N or -showone true */
  const char             *dotheader;   /* -dotheader FILE */
  const AcyConfigSetting *at;          /* the .cfg line being taken, for messages */
} Cli;

/* An option refused, on standard error: at its line when it comes from
 * a .cfg. */
static void G_GNUC_PRINTF (2, 3)
cli_error (const Cli *cli, const char *format, ...)
{
  g_autofree char *msg = NULL;
  va_list args;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  if (cli->at != NULL)
    fprintf (stderr, "acyclic-check: %s:%u:%u: %s near '%s'\n", cli->at->value_loc.file,
             cli->at->value_loc.line, cli->at->value_loc.col, msg, cli->at->value);
  else
    fprintf (stderr, "acyclic-check: %s\n", msg);
}

/* herd7 reads a boolean as OCaml does: true or false. */
static gboolean
parse_bool (const Cli *cli, const char *option, const char *value, gboolean *out)
{
  if (g_str_equal (value, "true"))
    *out = TRUE;
  else if (g_str_equal (value, "false"))
    *out = FALSE;
  else
    {
      cli_error (cli, "wrong argument '%s'; option '%s' expects a boolean", value, option);
      return FALSE;
    }
  return TRUE;
}

/* Adds the comma-separated words of @value to @set. */
static void
add_words (GHashTable *set, const char *value)
{
  g_auto(GStrv) parts = g_strsplit (value, ",", -1);

  for (guint k = 0; parts[k]; k++)
    if (*parts[k])
      g_hash_table_add (set, g_strdup (parts[k]));
}

/* Output that could not be written (a full disk, > /dev/full, a closed
 * pipe) is a failure: say so and exit non-zero, not 0. */
static void
check_stdout (void)
{
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      int err = errno;

      fprintf (stderr, "acyclic-check: cannot write the standard output: %s\n",
               err ? g_strerror (err) : "write error");
      _exit (2);
    }
}

static gboolean take_setting (Cli *cli, const AcyConfigSetting *s);

/* herd7's option @a (with its argument @value, NULL when none follows):
 * -1 after saying why it is refused, else how many arguments it took. */
static int
take_herd_option (Cli *cli, const char *a, const char *value)
{
  int used = 0;

#define NEED_ARG() \
  G_STMT_START { \
    if (value == NULL) \
      { \
        cli_error (cli, "option %s needs an argument", a); \
        return -1; \
      } \
    used = 1; \
  } G_STMT_END

  if (g_str_equal (a, "-conf"))
    {
      g_autofree char *path = NULL;
      g_autoptr(AcyConfig) config = NULL;
      g_autoptr(GError) error = NULL;

      NEED_ARG ();
      /* read where it stands, as herd7 does: its settings are options at
       * this place, and later options and -conf files override them */
      g_ptr_array_add (cli->opts->include_dirs, NULL);
      path = acy_setup_find_conf (value, (const char *const *) cli->opts->include_dirs->pdata, &error);
      g_ptr_array_set_size (cli->opts->include_dirs, cli->opts->include_dirs->len - 1);
      if (path != NULL)
        config = acy_config_load (path, &error);
      if (config == NULL)
        {
          cli_error (cli, "%s", error->message);
          return -1;
        }
      /* a -conf after -cat sets the model again, if it names one */
      if (config->model != NULL)
        cli->opts->conf_after_cat = cli->opts->cat != NULL;
      for (guint k = 0; k < config->settings->len; k++)
        if (!take_setting (cli, config->settings->pdata[k]))
          return -1;
      if (cli->opts->config == NULL)
        cli->opts->config = g_steal_pointer (&config);
      else
        acy_config_merge (cli->opts->config, config);
      return 1;
    }
  else if (g_str_equal (a, "-cat") || g_str_equal (a, "-model"))
    {
      g_autofree char *builtin = NULL;

      NEED_ARG ();
      /* herd7 takes a FILE.cat (or its cav12); Acyclic's own models
       * also go by their short names, which herd7 has no files for */
      builtin = g_str_has_suffix (value, ".cat") ? NULL : acy_setup_builtin_model (value);
      if (!g_str_has_suffix (value, ".cat") && builtin == NULL)
        {
          cli_error (cli, "bad tag for %s, allowed tag are cav12,<filename>.cat", a);
          return -1;
        }
      g_free (cli->opts->cat);
      cli->opts->cat = g_strdup (value);
      cli->opts->conf_after_cat = FALSE;
    }
  else if (g_str_equal (a, "-bell"))
    { NEED_ARG (); g_free (cli->opts->bell); cli->opts->bell = g_strdup (value); }
  else if (g_str_equal (a, "-macros"))
    { NEED_ARG (); g_free (cli->opts->macros); cli->opts->macros = g_strdup (value); }
  else if (g_str_equal (a, "-I"))
    { NEED_ARG (); g_ptr_array_add (cli->opts->include_dirs, g_strdup (value)); }
  else if (g_str_has_prefix (a, "-I") && a[2] != '\0')
    g_ptr_array_add (cli->opts->include_dirs, g_strdup (a + 2));
  else if (g_str_equal (a, "-variant"))
    {
      g_auto(GStrv) parts = NULL;
      NEED_ARG ();
      parts = g_strsplit (value, ",", -1);
      for (guint k = 0; parts[k]; k++)
        if (*parts[k])
          {
            if (!acy_variant_tag_valid (parts[k]))
              {
                /* herd7's words */
                cli_error (cli, "tag %s for -variant is wrong, allowed tags are %s",
                         parts[k], ACY_VARIANT_TAGS);
                return -1;
              }
            g_ptr_array_add (cli->opts->variants, g_strdup (parts[k]));
          }
    }
  else if (g_str_equal (a, "-timeout"))
    {
      char *end = NULL;
      NEED_ARG ();
      cli->opts->timeout = g_ascii_strtod (value, &end);
      if (end == value || *end != '\0' || !(cli->opts->timeout >= 0) || isinf (cli->opts->timeout))
        {
          cli_error (cli, "-timeout needs a number of seconds, not '%s'", value);
          return -1;
        }
    }
  else if (g_str_equal (a, "-unroll"))
    {
      guint64 n = 0;

      NEED_ARG ();
      if (!g_ascii_string_to_unsigned (value, 10, 0, ACY_MAX_UNROLL, &n, NULL))
        {
          cli_error (cli, "-unroll needs a number of times from 0 to %d, not '%s'",
                   ACY_MAX_UNROLL, value);
          return -1;
        }
      cli->opts->unroll_given = TRUE;
      cli->opts->unroll = (guint) n;
    }
  else if (g_str_equal (a, "-v"))
    cli->opts->verbose++;
  else if (g_str_equal (a, "-q"))
    cli->opts->quiet = TRUE;
  else if (g_str_equal (a, "-show"))
    {
      static const char *const tags[] = { "prop", "all", "neg", "cond", "none", "wit", NULL };
      g_autofree char *tag = NULL;

      NEED_ARG ();
      /* herd7 takes one of its tags, in any case */
      tag = g_ascii_strdown (value, -1);
      if (!g_strv_contains (tags, tag))
        {
          cli_error (cli, "bad tag for -show, allowed tag are prop,all,neg,cond,none,wit");
          return -1;
        }
      g_free (cli->opts->graph_show);
      cli->opts->graph_show = g_steal_pointer (&tag);
    }
  else if (g_str_equal (a, "-speedcheck"))
    {
      g_autofree char *tag = NULL;

      NEED_ARG ();
      tag = g_ascii_strdown (value, -1);
      if (g_str_equal (tag, "fast"))
        {
          cli_error (cli, "option '-speedcheck fast' is not supported: herd7 then stops at the "
                     "first execution that settles the condition, and which one depends on its "
                     "enumeration order; -speedcheck true gives them all");
          return -1;
        }
      if (!g_str_equal (tag, "true") && !g_str_equal (tag, "false"))
        {
          cli_error (cli, "bad tag for -speedcheck, allowed tag are false,true,fast");
          return -1;
        }
      cli->opts->speedcheck = g_str_equal (tag, "true");
    }
  else if (g_str_equal (a, "-restrict"))
    {
      static const char *const tags[] = { "none", "observed", "nonambiguous", "condone", NULL };
      g_autofree char *tag = NULL;

      NEED_ARG ();
      tag = g_ascii_strdown (value, -1);
      for (guint k = 0; tags[k]; k++)
        if (g_str_equal (tag, tags[k]))
          {
            cli->opts->restrict_to = (AcyCliRestrict) k;
            return used;
          }
      cli_error (cli, "bad tag for -restrict, allowed tag are observed,nonambiguous,condone,none");
      return -1;
    }
  else if (g_str_equal (a, "-o"))
    { NEED_ARG (); g_free (cli->opts->out_dir); cli->opts->out_dir = g_strdup (value); }
  else if (g_str_equal (a, "-skipcheck") || g_str_equal (a, "-skipchecks"))
    {
      g_auto(GStrv) parts = NULL;
      NEED_ARG ();
      parts = g_strsplit (value, ",", -1);
      for (guint k = 0; parts[k]; k++)
        if (*parts[k])
          g_ptr_array_add (cli->opts->skip_checks, g_strdup (parts[k]));
    }
  else if (g_str_equal (a, "-through"))
    {
      NEED_ARG ();
      if (g_ascii_strcasecmp (value, "all") == 0 || g_ascii_strcasecmp (value, "invalid") == 0)
        cli->opts->through = TRUE;
      else if (g_ascii_strcasecmp (value, "none") == 0)
        cli->opts->through = FALSE;
      else
        {
          cli_error (cli, "wrong argument '%s'; option '-through' expects all, invalid or none", value);
          return -1;
        }
    }
  else if (g_str_equal (a, "-names") || g_str_equal (a, "-excl"))
    {
      NEED_ARG ();
      g_ptr_array_add (a[1] == 'n' ? cli->opts->names_files : cli->opts->excl_files, g_strdup (value));
    }
  else if (g_str_equal (a, "-oknames"))
    { NEED_ARG (); add_words (cli->opts->oknames, value); }
  else if (g_str_equal (a, "-nonames"))
    { NEED_ARG (); add_words (cli->opts->nonames, value); }
  else if (g_str_equal (a, "-kinds") || g_str_equal (a, "-conds"))
    {
      NEED_ARG ();
      g_ptr_array_add (a[1] == 'k' ? cli->opts->kinds_files : cli->opts->conds_files, g_strdup (value));
    }
  else if (g_str_equal (a, "-nshow") || g_str_equal (a, "-showone"))
    {
      gboolean one = FALSE;
      NEED_ARG ();
      if (g_str_equal (a, "-showone") && !parse_bool (cli, a, value, &one))
        return -1;
      /* herd7 stops counting executions once it has drawn that many */
      if (g_str_equal (a, "-nshow") || one)
        cli->nshow = g_str_equal (a, "-nshow") ? "-nshow" : "-showone";
      if (g_str_equal (a, "-nshow"))
        {
          char *endp = NULL;
          gint64 n = g_ascii_strtoll (value, &endp, 10);

          if (endp == value || *endp != '\0')
            {
              cli_error (cli, "option '-nshow' wants a number, not '%s'", value);
              return -1;
            }
          /* 0 executions drawn is already reached: herd7 stops after
           * the first execution it meets, which one depends on its
           * enumeration order */
          if (n <= 0)
            {
              cli_error (cli, "'-nshow %s' is not supported: herd7 then stops at the "
                       "first execution it meets, which depends on its enumeration order", value);
              return -1;
            }
        }
    }
  else if (g_str_equal (a, "-badflag"))
    {
      NEED_ARG ();
      g_free (cli->opts->badflag);
      cli->opts->badflag = g_str_equal (value, "none") ? NULL : g_strdup (value);
    }
  else if (g_str_equal (a, "-strictskip"))
    {
      NEED_ARG ();
      if (!parse_bool (cli, a, value, &cli->opts->strict_skip))
        return -1;
    }
  else if (g_str_equal (a, "-hexa") || g_str_equal (a, "-dumpes"))
    {
      NEED_ARG ();
      if (!parse_bool (cli, a, value, g_str_equal (a, "-hexa") ? &cli->opts->hexa : &cli->opts->dumpes))
        return -1;
    }
  else if (g_str_equal (a, "-exit"))
    {
      NEED_ARG ();
      if (!parse_bool (cli, a, value, &cli->opts->exit_on_error))
        return -1;
    }
  else if (find_herd_option (a) && find_herd_option (a)->action != DO_OWN)
    {
      const HerdOption *h = find_herd_option (a);

      if (h->arity != ARG_NONE)
        NEED_ARG ();
      else
        value = NULL;
      if (h->arity == ARG_BOOL)
        {
          gboolean b;
          if (!parse_bool (cli, a, value, &b))
            return -1;
        }
      else if (value != NULL)
        {
          g_autofree char *why = NULL;

          /* a value herd7 refuses, refused with its words */
          if (!acy_config_picture_value_ok (a, value, &why))
            {
              cli_error (cli, "%s", why);
              return -1;
            }
        }
      if (h->action == DO_REFUSE
          || (h->action == DO_DEFAULT && g_strcmp0 (value, h->default_value) != 0))
        {
          cli_error (cli, "option '%s%s%s' is not supported: %s",
                     a, value ? " " : "", value ? value : "", h->why);
          return -1;
        }
      if (g_str_equal (a, "-dotheader"))
        cli->dotheader = value;
      if (h->action == DO_PICTURE && (g_str_equal (a, "-gv") || g_str_equal (a, "-evince")
                                      || g_str_equal (a, "-preview") || g_str_equal (a, "-view")))
        cli->opts->viewer = TRUE;
    }
  return used;
#undef NEED_ARG
}

/* A setting of a .cfg, taken as herd7 takes it: as its option, but for
 * "none", which herd7 reads as no value there for unroll and timeout. */
static gboolean
take_setting (Cli *cli, const AcyConfigSetting *s)
{
  g_autofree char *option = g_strconcat ("-", s->key, NULL);
  gboolean ok = TRUE;

  cli->at = s;
  if (g_str_equal (s->value, "none") && g_str_equal (s->key, "unroll"))
    cli->opts->unroll_given = FALSE;
  else if (g_str_equal (s->value, "none") && g_str_equal (s->key, "timeout"))
    cli->opts->timeout = 0;
  else
    ok = take_herd_option (cli, option, s->value) >= 0;
  cli->at = NULL;
  return ok;
}

int
main (int argc, char **argv)
{
  g_autoptr(AcyCliOptions) opts = acy_cli_options_new ();
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) compare = NULL;   /* --compare MODEL... -- */
  gboolean markdown = FALSE;
  Cli cli = { opts };
  g_autofree gboolean *not_for_child = g_new0 (gboolean, argc + 1);
  g_autofree char *fetch_model = NULL;
  g_autofree char *fetch_from = NULL;
  g_autofree char *fetch_version = NULL;
  guint fetch_timeout = 0;
  gboolean fetching = FALSE;   /* then --version takes a tag */
  const char *run_only = NULL;   /* an option that goes with --run */

  setlocale (LC_ALL, "");
  atexit (check_stdout);
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
    else if (g_str_equal (argv[i], "--diy") || g_str_equal (argv[i], "--diycross"))
      return acy_cli_diy_main (argc, argv, i);
    else if (g_str_equal (argv[i], "--distinguish") || g_str_equal (argv[i], "--distinguish-merge"))
      return acy_cli_distinguish_main (argc, argv, i);

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
          printf ("Output and options follow herd7 %s.\n", HERD7_VERSION_FOLLOWED);
          return 0;
        }
      else if (g_str_equal (a, "-libdir"))
        {
          printf ("%s\n", acy_builtin_models_dir ());
          return 0;
        }
      else if (g_str_equal (a, "--max-candidates"))
        {
          char *end = NULL;

          NEED_ARG ();
          opts->max_candidates = g_ascii_strtoull (next, &end, 10);
          if (end == next || *end != '\0' || next[0] == '-')
            {
              fprintf (stderr, "acyclic-check: --max-candidates needs a whole number, not '%s'\n", next);
              return 2;
            }
        }
      else if (g_str_equal (a, "--max-memory"))
        {
          char *end = NULL;
          guint64 mib;

          NEED_ARG ();
          mib = g_ascii_strtoull (next, &end, 10);
          if (end == next || *end != '\0' || next[0] == '-' || mib > G_MAXUINT64 / (1024 * 1024))
            {
              fprintf (stderr, "acyclic-check: --max-memory needs a number of MiB, not '%s'\n", next);
              return 2;
            }
          opts->max_memory = mib == 0 ? G_MAXUINT64 : mib * 1024 * 1024;
        }
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
          not_for_child[i] = TRUE;
          while (++i < argc)
            {
              not_for_child[i] = TRUE;
              g_ptr_array_add (files, g_strdup (argv[i]));
            }
        }
      else if (g_str_equal (a, "-j") || g_str_equal (a, "--jobs") || g_str_equal (a, "--test-threads"))
        {
          char *end = NULL;
          guint64 n;

          NEED_ARG ();
          not_for_child[i - 1] = not_for_child[i] = TRUE;
          n = g_ascii_strtoull (next, &end, 10);
          if (end == next || *end != '\0' || n < 1 || n > 1024)
            {
              fprintf (stderr, "acyclic-check: %s needs a number from 1 to 1024, not '%s'\n", a, next);
              return 2;
            }
          if (a[2] == 't')
            opts->test_threads = (guint) n;
          else
            opts->jobs = (guint) n;
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
      else if (g_str_equal (a, "--run"))
        opts->run = TRUE;
      else if (g_str_equal (a, "-s") || g_str_equal (a, "-r"))
        {
          guint64 n;

          NEED_ARG ();
          run_only = a;
          if (!g_ascii_string_to_unsigned (next, 10, 1, a[1] == 's' ? 100000000 : 1000000000, &n, NULL))
            {
              fprintf (stderr, "acyclic-check: %s needs a number from 1 to %s, not '%s'\n", a,
                       a[1] == 's' ? "100000000" : "1000000000", next);
              return 2;
            }
          if (a[1] == 's')
            opts->run_size = n;
          else
            opts->run_runs = n;
        }
      else if (g_str_equal (a, "-a") || g_str_equal (a, "-i") || g_str_equal (a, "-st")
               || g_str_equal (a, "-p") || g_str_equal (a, "-affinity") || g_str_equal (a, "-barrier")
               || g_str_equal (a, "-mem") || g_str_equal (a, "-preload") || g_str_equal (a, "-mode")
               || g_str_equal (a, "--run-timeout") || g_str_equal (a, "-launch") || g_str_equal (a, "-alloc")
               || g_str_equal (a, "-safer") || g_str_equal (a, "-mach") || g_str_equal (a, "-ccopts")
               || g_str_equal (a, "-gcc") || g_str_equal (a, "-timeloop") || g_str_equal (a, "-delay"))
        {
          g_autofree char *why = NULL;
          g_auto(GStrv) harness = NULL;

          NEED_ARG ();
          run_only = a;
          harness = acy_cli_run_harness_option (a, next, &why);
          if (harness == NULL)
            {
              fprintf (stderr, "acyclic-check: %s\n", why);
              return 2;
            }
          for (guint k = 0; harness[k] != NULL; k++)
            g_ptr_array_add (opts->run_args, g_strdup (harness[k]));
        }
      else if (g_str_equal (a, "--arch"))
        {
          AcyHarnessArch arch;

          NEED_ARG ();
          run_only = a;
          if (!acy_harness_arch_from_name (next, &arch))
            {
              fprintf (stderr, "acyclic-check: --arch is x86_64 or aarch64, not '%s'\n", next);
              return 2;
            }
          opts->run_arch = arch;
        }
      else if (g_str_equal (a, "--cc") || g_str_equal (a, "--emulator") || g_str_equal (a, "--keep"))
        {
          char **field = a[2] == 'c' ? &opts->run_cc : a[2] == 'e' ? &opts->run_emulator : &opts->run_keep;

          NEED_ARG ();
          run_only = a;
          g_free (*field);
          *field = g_strdup (next);
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
      else if (g_str_equal (a, "--eval"))
        { NEED_ARG (); g_free (opts->eval_expr); opts->eval_expr = g_strdup (next); }
      else if (g_str_equal (a, "--suggest-fixes"))
        opts->suggest_fixes = TRUE;
      else if (g_str_equal (a, "--why"))
        { NEED_ARG (); g_free (opts->why); opts->why = g_strdup (next); }
      else if (g_str_equal (a, "--dot"))
        { NEED_ARG (); g_free (opts->dot_dir); opts->dot_dir = g_strdup (next); }
      else if (find_herd_option (a) || (g_str_has_prefix (a, "-I") && a[2] != '\0'))
        {
          int used = take_herd_option (&cli, a, next);

          if (used < 0)
            return 2;
          i += used;
        }
      else if (a[0] == '-' && a[1] != '\0')
        {
          fprintf (stderr, "acyclic-check: unknown option '%s' (see --help)\n", a);
          return 2;
        }
      else
        {
          not_for_child[i] = TRUE;
          g_ptr_array_add (files, g_strdup (a));
        }
#undef NEED_ARG
    }

  /* herd7 reads the header of its pictures when it starts: a file it
   * cannot find stops it (Cannot find file), in the working directory
   * or the -I folders */
  if (cli.dotheader != NULL && (*cli.dotheader == '\0' || !g_file_test (cli.dotheader, G_FILE_TEST_EXISTS)))
    {
      gboolean found = FALSE;

      for (guint k = 0; !found && *cli.dotheader && !g_path_is_absolute (cli.dotheader) && k < opts->include_dirs->len; k++)
        {
          g_autofree char *path = g_build_filename (opts->include_dirs->pdata[k], cli.dotheader, NULL);

          found = g_file_test (path, G_FILE_TEST_EXISTS);
        }
      if (!found)
        {
          fprintf (stderr, "acyclic-check: -dotheader: Cannot find file %s\n", cli.dotheader);
          return 2;
        }
    }

  if (run_only != NULL && !opts->run)
    {
      fprintf (stderr, "acyclic-check: %s goes with --run\n", run_only);
      return 2;
    }
  if (opts->run && (compare != NULL || opts->json || opts->judge || opts->suggest_fixes || opts->eval_expr
                    || opts->why || opts->graph_dir || opts->dot_dir || opts->jobs > 1))
    {
      fprintf (stderr, "acyclic-check: --run runs the tests on this machine and prints what litmus7 "
               "prints; it does not combine with --compare, --json, --judge, --suggest-fixes, --eval, "
               "--why, --graph, --dot or -j\n");
      return 2;
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
          fprintf (stderr, "acyclic-check: --fetch-model: unknown model '%s' (known: %s, %s)\n",
                   fetch_model, ACY_LKMM_ID, ACY_HERDLIB_ID);
          return 2;
        }
      return acy_cli_fetch_model (fetch_model, fetch_from, fetch_version, fetch_timeout, opts->quiet);
    }
  if (fetch_from != NULL || fetch_version != NULL || fetch_timeout != 0)
    {
      fprintf (stderr, "acyclic-check: --from, --version TAG and --fetch-timeout go with --fetch-model\n");
      return 2;
    }
  if (opts->speedcheck && (opts->json || opts->graph_dir || opts->dot_dir
                           || (opts->graph_show && !g_str_equal (opts->graph_show, "none"))))
    {
      fprintf (stderr, "acyclic-check: option '-speedcheck true' is not supported with pictures "
               "or --json: they would show executions herd7 leaves out\n");
      return 2;
    }
  if (opts->restrict_to != ACY_CLI_RESTRICT_NONE && (opts->json || opts->judge))
    {
      fprintf (stderr, "acyclic-check: option '-restrict' is not supported with --json or --judge: "
               "it leaves out herd7's output of some tests, which they do not print\n");
      return 2;
    }
  if (cli.nshow && opts->graph_show && !g_str_equal (opts->graph_show, "none"))
    {
      fprintf (stderr, "acyclic-check: option '%s' is not supported with -show: herd7 then stops "
               "at the executions it has drawn, and which ones depends on its enumeration order\n", cli.nshow);
      return 2;
    }
  if (files->len == 0 && compare == NULL && isatty (STDIN_FILENO))
    {
      /* herd7 would wait for test names on the terminal */
      usage (stderr);
      return 2;
    }
  if (opts->jobs > 1 && (opts->json || opts->judge || compare != NULL))
    {
      fprintf (stderr, "acyclic-check: -j does not combine with --json, --judge or --compare; "
               "run one process per part of the batch instead\n");
      return 2;
    }
  for (int i = 1; i < argc; i++)
    if (!not_for_child[i])
      g_ptr_array_add (opts->child_args, g_strdup (argv[i]));
  opts->self = g_file_read_link ("/proc/self/exe", NULL);
  if (opts->self == NULL)
    opts->self = g_strdup (argv[0]);
  if (opts->dumpes && opts->out_dir)
    {
      fprintf (stderr, "acyclic-check: option '-dumpes true' is not supported with -o: herd7 then "
               "writes its event structures there; --json writes the candidates\n");
      return 2;
    }
  if (opts->viewer)
    fprintf (stderr, "acyclic-check: no viewer is started; -o DIR writes herd7's .dot files, --graph DIR draws them\n");

  if (compare != NULL)
    return acy_cli_compare (opts, (const char *const *) compare->pdata, compare->len,
                            (const char *const *) files->pdata, files->len, markdown);
  return acy_cli_run (opts, (const char *const *) files->pdata, files->len);
}
