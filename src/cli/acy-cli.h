/* acy-cli.h - what acyclic-check does, apart from parsing its options
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The version of --json's layout, its "schema" member; data/acyclic-check.schema.json
 * describes it. */
#define ACY_CLI_JSON_SCHEMA "acyclic-check/2"

/* herd7's -restrict: which tests' results are printed */
typedef enum {
  ACY_CLI_RESTRICT_NONE,
  ACY_CLI_RESTRICT_OBSERVED,      /* the executions whose reads all end in registers the
                                   * final state shows, and only if there are some */
  ACY_CLI_RESTRICT_NONAMBIGUOUS,  /* only if no two executions end in one state */
  ACY_CLI_RESTRICT_CONDONE,       /* only if no two executions end in one state where the
                                   * condition's proposition holds */
} AcyCliRestrict;

typedef struct {
  AcyConfig *config;         /* every -conf read, in order (NULL: none) */
  char      *cat;
  gboolean   conf_after_cat;   /* a -conf naming a model came after -cat: it wins */
  char      *bell;
  char      *macros;
  GPtrArray *include_dirs;   /* char* */
  GPtrArray *variants;       /* char* */
  gdouble    timeout;
  gboolean   unroll_given;   /* -unroll N */
  guint      unroll;
  guint64    max_candidates;
  guint64    max_memory;       /* bytes; 0: the engine's default */
  int        verbose;
  gboolean   quiet;
  gboolean   json;
  gboolean   judge;
  char      *graph_dir;      /* --graph DIR: one picture per execution */
  char      *graph_format;   /* --graph-format png|svg|pdf (default svg) */
  char      *dot_dir;        /* --dot DIR: one dot file per execution */
  char      *graph_show;     /* herd's -show: all, prop, neg, none (default: allowed) */
  /* herd7's options */
  char      *out_dir;        /* -o DIR: TEST.dot per test */
  gboolean   viewer;         /* -gv, -view ...: none is started */
  GPtrArray *skip_checks;    /* -skipchecks NAMES (char*) */
  gboolean   through;        /* -through all|invalid */
  gboolean   strict_skip;    /* -strictskip true */
  GPtrArray *names_files;    /* -names FILE: only these tests */
  GPtrArray *excl_files;     /* -excl FILE: not these */
  GHashTable *oknames;       /* -oknames A,B */
  GHashTable *nonames;       /* -nonames A,B */
  GPtrArray *kinds_files;    /* -kinds FILE: NAME KIND lines */
  GPtrArray *conds_files;    /* -conds FILE: NAME "CONDITION" lines */
  char      *badflag;        /* -badflag FLAG: executions with it are bad (Undef) */
  gboolean   exit_on_error;  /* -exit true: stop at the first test in error */
  gboolean   hexa;           /* -hexa true: values in hexadecimal */
  gboolean   speedcheck;     /* -speedcheck true: the outcomes bearing on the condition only */
  AcyCliRestrict restrict_to; /* -restrict TAG */
  gboolean   dumpes;         /* -dumpes true (without -o): nothing printed, as herd7 */
  guint      jobs;           /* -j N: tests run at once (0, 1: one) */
  guint      test_threads;   /* worker threads per test (0: every core) */
  char      *self;           /* argv[0], for -j's child processes */
  GPtrArray *child_args;     /* the options, for -j's child processes */
  char      *eval_expr;      /* --eval EXPR: print its pairs per execution */
  char      *why;            /* --why REL:E1,E2: print a derivation of the pair */
  gboolean   suggest_fixes;  /* --suggest-fixes: single changes that forbid the condition */
  /* --run: the tests on this machine (acy-cli-run.c) */
  gboolean   run;
  guint64    run_size;       /* -s: iterations of a run */
  guint64    run_runs;       /* -r: runs */
  guint      run_arch;       /* --arch: AcyHarnessArch */
  char      *run_cc;         /* --cc COMMAND */
  char      *run_emulator;   /* --emulator COMMAND */
  char      *run_keep;       /* --keep DIR: the harness's source and program stay there */
  GPtrArray *run_args;       /* more options for the harness (char*) */
} AcyCliOptions;

AcyCliOptions *acy_cli_options_new  (void);
void           acy_cli_options_free (AcyCliOptions *opts);
/* Say on standard error which candidates @result left out, if any. */
void           acy_cli_warn (const AcyCliOptions *o, const AcyTest *test, const AcyCheckResult *result);
/* Returns the process exit status. */
int            acy_cli_run          (const AcyCliOptions *opts,
                                     const char *const   *files,
                                     guint                n_files);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyCliOptions, acy_cli_options_free)

G_END_DECLS
