/* acy-setup.h - what to check with: a model and its macros, as herd7's options say
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "acy-config.h"
#include "acy-error.h"
#include "acy-model.h"
#include "acy-test.h"

G_BEGIN_DECLS

/**
 * AcySetupSpec:
 * @conf: a herd7 configuration file (`-conf`), naming macros, bell, model
 *   and variants; files it names are looked for in @include_dirs, beside
 *   it, then in the built-in models folder. The settings herd7 also takes
 *   on its command line (`hexa true`...) are refused unless at herd7's
 *   default (acy_config_refuse_settings)
 * @config: (nullable): configurations already read and merged, used in
 *   place of @conf: acyclic-check reads each -conf where it stands among
 *   its options and takes its settings as options
 * @cat: the cat model (`-cat`): a path, or a built-in model's name ("sc",
 *   "coherent-rmo.cat"); overrides the configuration's. A name ending in
 *   `.cfg` is taken as @conf. With neither, herd7's default model for
 *   @arch (acy_setup_default_model()), found in the working directory,
 *   @include_dirs or herd's library (acy_model_store_herd_dirs()). A
 *   name found nowhere else is looked for in herd's library too.
 * @bell: the bell file (`-bell`), overrides the configuration's
 * @macros: the macro file (`-macros`); default: the configuration's, else
 *   the built-in linux-basic.def (c11.def for the built-in C11 models)
 * @herd_macros: as herd7 (the command line): given no macro file, a model
 *   that is not a built-in one reads tests with none, so READ_ONCE and
 *   the other kernel primitives are unknown there, as they are to herd7
 *   ("Procedure call WRITE_ONCE in CSem"); the built-in models keep the
 *   default above, which herd7 has no counterpart for
 * @include_dirs: (nullable): `-I` directories, NULL-terminated
 * @variants: (nullable): `-variant` names, added to the configuration's
 * @cat_texts: (nullable): canonical path -> text to use instead of that
 *   cat file's contents (an unsaved editor buffer)
 *
 * The one way the CLI, the window and the comparison turn options into a
 * model and a macro file.
 */
typedef struct {
  const char        *conf;
  const AcyConfig   *config;
  const char        *cat;
  const char        *bell;
  const char        *macros;
  gboolean           herd_macros;
  gboolean           conf_model_wins; /* @conf came after @cat: its model, if it names one, wins (herd7 reads options in order) */
  const char *const *include_dirs;
  const char *const *variants;
  GHashTable        *cat_texts;
  const char *const *skip_checks;   /* see AcyModelSource */
  gboolean           through;
  gboolean           strict_skip;
  GCancellable      *cancellable;     /* nullable; see AcyModelSource */
  gint64             deadline;        /* monotonic time, 0: none */
  /* nullable: where a macro file that cannot be found, read or parsed
   * goes, the setup then going on without one; herd7 reads the macro
   * file for each test and reports it so (a warning, exit status 0) */
  GError           **macros_error;
  /* nullable: where an unknown name or a type error of the model goes,
   * the setup then giving no model; herd7 finds these when it runs the
   * model on a test and reports them for each test (exit status 0) */
  GError           **model_error;
  /* The architecture of the tests to check ("X86_64"; NULL: C): with
   * neither @cat nor @conf, herd7's default model for it */
  const char        *arch;
} AcySetupSpec;

#define ACY_DEFAULT_MACROS "linux-basic.def"
/* The macro file of the built-in C11 models (rc11, c11-sc, c11-ra) when
 * none is given: the seq_cst forms of the C11 atomics, no kernel
 * primitives. */
#define ACY_C11_MACROS "c11.def"
/* The model herd7 runs on a C test given no model or configuration. */
#define ACY_DEFAULT_C_MODEL "c11_partialSC.cat"

/**
 * AcySetupPaths:
 * The files a spec resolves to. @include_dirs is the search path for the
 * model's includes (the spec's, then the configuration's folder).
 */
typedef struct {
  char  *conf_path;     /* nullable */
  char  *cat_path;
  char  *bell_path;     /* nullable */
  char  *macros_path;   /* nullable: no macro file (AcySetupSpec.herd_macros) */
  char **include_dirs;
  char **variants;
} AcySetupPaths;

gboolean acy_setup_resolve    (const AcySetupSpec *spec,
                               AcySetupPaths      *paths,
                               GError            **error);
void     acy_setup_paths_clear (AcySetupPaths     *paths);

gboolean acy_setup_load (const AcySetupSpec  *spec,
                         AcyModel           **model,
                         AcyMacros          **macros,
                         GError             **error);

/* Where -conf @conf is, as acy_setup_resolve looks for it: in the working
 * directory, @include_dirs (nullable, NULL-terminated), and where models
 * Acyclic does not ship are kept; NULL and @error (saying where it looked,
 * and how to fetch the kernel's model) when it is nowhere. */
char    *acy_setup_find_conf (const char         *conf,
                              const char *const  *include_dirs,
                              GError            **error);
/* herd7's model for tests of @arch given none ("x86tso.cat" for X86;
 * NULL or "C": %ACY_DEFAULT_C_MODEL), NULL when herd7 has none. */
const char *acy_setup_default_model (const char *arch);

/* The path of a built-in model named @name ("sc" or "sc.cat"), or NULL. */
char    *acy_setup_builtin_model (const char *name);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (AcySetupPaths, acy_setup_paths_clear)

G_END_DECLS
