/* acy-config.h - herd7 configuration files (`-conf linux-kernel.cfg`)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "acy-error.h"

G_BEGIN_DECLS

/**
 * AcyConfigSetting:
 * A line of a `.cfg` file that herd7 also takes on its command line as
 * `-KEY VALUE` (`hexa true`, `unroll 3`, `skipchecks hb`...): acyclic-check
 * takes it as that option, where -conf stands among its options.
 */
typedef struct {
  char  *key;
  char  *value;      /* as written, to the end of the line */
  AcyLoc value_loc;
} AcyConfigSetting;

/**
 * AcyConfig:
 * The settings of a `.cfg` file, read as herd7 reads them: a line is
 * `KEY VALUE` or `KEY = VALUE` from its first column, or a `#` comment,
 * or blank. Graph and drawing settings (`graph`, `squished`, `edgeattr`,
 * ...) are checked as herd7 checks them and ignored. `conf NAME` and
 * `local-conf NAME` read another file there. File names are as written;
 * resolve them with acy_config_resolve(), beside the file that names them
 * (the `file` of their location).
 */
typedef struct {
  char  *path;       /* the .cfg file itself */
  char  *macros;     /* `macros NAME` */
  char  *bell;       /* `bell NAME` */
  char  *model;      /* `model NAME` */
  char **variants;   /* `variant a,b` (NULL-terminated, possibly empty) */
  /* Where each name is written, for "not found" errors; the file is
   * @path or one it read (`conf`, or acy_config_merge()). */
  AcyLoc macros_loc;
  AcyLoc bell_loc;
  AcyLoc model_loc;
  /* `dotheader NAME`: a picture setting, but herd7 stops when it cannot
   * find the file (nullable) */
  char  *dotheader;
  AcyLoc dotheader_loc;
  char **include_dirs;   /* `include DIR`, searched after -I (NULL-terminated) */
  GPtrArray *settings;   /* AcyConfigSetting, in the file's order */
  GPtrArray *sources;    /* the names of the files read, which the locations point into */
} AcyConfig;

AcyConfig *acy_config_load   (const char *path, GError **error);
AcyConfig *acy_config_parse  (const char *text, const char *filename, GError **error);
void       acy_config_free   (AcyConfig *config);
/* Reads @from's settings after @into's, as herd7 reads a second -conf:
 * the files it names replace @into's, its variants, folders and other
 * settings come after them. @from is emptied. */
void       acy_config_merge  (AcyConfig *into, AcyConfig *from);
/* For a program that takes no other option than the model's (the window,
 * --compare's models): FALSE, @error at the line, for the first setting
 * that changes what herd7 answers or prints unless it gives herd7's
 * default; those settings are options of acyclic-check. */
gboolean   acy_config_refuse_settings (const AcyConfig *config, GError **error);

/* Find @name as herd does: as given if absolute or present relative to
 * the working directory, then in @dirs (NULL-terminated, may be NULL) in
 * order, then next to @relative_to (a file path, may be NULL), then in
 * the built-in models directory, then where models we do not ship are
 * kept (acy_model_store_search_dirs(): kernel trees, a fetched copy).
 * Returns a newly allocated path or NULL. */
char      *acy_config_resolve (const char        *name,
                               const char *const *dirs,
                               const char        *relative_to);

/* acy_config_resolve(), reporting a name that is not found as an
 * %ACY_ERROR_IO error: "@loc: model file 'NAME' not found" for a name
 * written in a .cfg file, "NAME: model file not found" when @loc is NULL
 * (a name from the command line). @what is "model", "bell" or "macro". */
char      *acy_config_resolve_at (const char        *name,
                                  const char *const *dirs,
                                  const char        *relative_to,
                                  const char        *what,
                                  const AcyLoc      *loc,
                                  GError           **error);

/* The directory of the built-in models and preludes: $ACYCLIC_MODELSDIR
 * if set, else the installed one if present, else the source tree's
 * models/ (for running from the build tree). */
const char *acy_builtin_models_dir (void);

/* The short name of a model given by name or by file, for a table
 * column or a menu: "sc" for sc, sc.cat or models/sc.cat,
 * "linux-kernel" for linux-kernel.cfg. Newly allocated. */
char       *acy_model_spec_name   (const char *spec);
/* Whether @tag is one of herd7's -variant tags (herd7 refuses any other,
 * listing them: ACY_VARIANT_TAGS) */
gboolean    acy_variant_tag_valid (const char *tag);
/* Whether @value is one herd7 takes for its picture or diagnostics
 * option @option ("-graph", "-xscale", "-initpos", "-debug", "-squished"...,
 * on the command line or, without the dash, as a .cfg key): FALSE with
 * herd7's reason in *@message (newly allocated) when herd7 refuses it
 * (it stops, exit status 2). Options whose value herd7 does not check,
 * and options that are not picture ones, are TRUE. */
gboolean    acy_config_picture_value_ok (const char *option, const char *value, char **message);
#define ACY_VARIANT_TAGS "success,instr,specialx0,normw,acqrelasfence,backcompat,FullScDepend," \
  "SplittedRMW,SwitchDepScWrite,SwitchDepScResult,LrScDiffOk,NotWeakPredicated,lkmmv1,lkmmv2," \
  "CutOff,Morello,Deps,Instances,OptRfRMW,ConstrainedUnpredictable,exp,cos-opt,test,T[0-9][0-9]," \
  "ASL,ASL+AArch64,ASLv0,ASLv1,S128,strict,warn,ASLType+Warn,ASLType+Silence,ASLType+Check," \
  "ASL+AArch64+UDF,telechat,OldSolver,oota,ets,ets2,ets3,exs,eis,eos,dic,idc,NV2,mixed,unaligned," \
  "DontCheckMixed,ifetch,vmsa,NoPteBranch,pte-squared,d128,Neon,sve,sve:128,sme,sme:128,pauth1," \
  "pauth2,const-pac-field,fpac,memtag,store-only,shadowstack,no-key-da,no-key-db,no-key-ia," \
  "no-key-ib,synchronous,asynchronous,asymmetric,handled,fatal,faultToNext"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyConfig, acy_config_free)

G_END_DECLS
