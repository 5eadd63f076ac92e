/* acy-model-store.h - models we may not ship: where they are found, how they are fetched
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "acy-error.h"

G_BEGIN_DECLS

/* The Linux-kernel memory model: the files of the kernel's
 * tools/memory-model/ folder that herd7 runs it with. */
#define ACY_LKMM_ID "linux-kernel"
/* The kernel release fetched when no version is given. */
#define ACY_LKMM_DEFAULT_VERSION "v6.15"
/* The kernel's public git web front; a file is BASE/FILE?h=TAG. */
#define ACY_LKMM_WEB_BASE \
  "https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git/plain/tools/memory-model"
/* herd's model library (herdtools7's herd/libdir, CeCILL-B): the models
 * herd7 runs by default on each architecture, and what they include. */
#define ACY_HERDLIB_ID "herd-lib"
/* herdtools7's release fetched when no version is given, and where its
 * repository's files are: BASE/TAG/herd/libdir/FILE */
#define ACY_HERDLIB_DEFAULT_VERSION "7.58"
#define ACY_HERDLIB_WEB_BASE "https://raw.githubusercontent.com/herd/herdtools7"

/* The provenance file written beside an installed copy. */
#define ACY_MODEL_ORIGIN_FILE "ORIGIN"

/* The files of model @id (NULL-terminated), or NULL for an unknown id. */
const char *const *acy_model_store_files (const char *id);
/* Its name ("herd's model library"), the release fetched by default,
 * and what its fetch checks before installing (for progress reports). */
const char        *acy_model_store_name (const char *id);
const char        *acy_model_store_default_version (const char *id);
const char        *acy_model_store_checking (const char *id);

/* Where a fetched copy of @id is installed:
 * $XDG_DATA_HOME/acyclic/models/@id. */
char  *acy_model_store_user_dir (const char *id);

/* The folders where a model we do not ship may be kept, in the order
 * they are searched, existing ones only: $LINUX_SRC/tools/memory-model
 * (or $LINUX_SRC itself), DIR/tools/memory-model for each of @dirs (the
 * -I folders, the preferences' search path), ./tools/memory-model, the
 * user's fetched copy, copies under the system data folders
 * (…/acyclic/models/linux-kernel, as a Flatpak ships them), then
 * ~/linux, ~/src/linux and /usr/src/linux* (…/tools/memory-model). */
char **acy_model_store_search_dirs (const char *const *dirs);

/* The folders where herd's model library may be, in the order they are
 * searched, existing ones only: $HERDLIB, each of @dirs (the -I
 * folders, the preferences' search path) and its herd/libdir, the
 * user's fetched copy, copies under the system data folders, then a
 * herdtools7 install (beside a herd7 on PATH, /usr/local and /usr
 * share/herdtools7/herd/libdir, opam switches under ~/.opam). */
char **acy_model_store_herd_dirs (const char *const *dirs);

/* The first folder of acy_model_store_search_dirs() that holds every
 * file of @id, or NULL. */
char  *acy_model_store_find (const char *id, const char *const *dirs);

/**
 * AcyModelOrigin:
 * Where an installed copy came from, as its ORIGIN file says.
 */
typedef struct {
  char  *name;       /* "Linux-kernel memory model" */
  char  *base_url;   /* where the files were fetched from */
  char  *version;    /* the release tag, or NULL with --from */
  char  *fetched;    /* ISO 8601 date and time, UTC */
  char  *license;    /* SPDX identifier from the files' headers */
  char **files;
} AcyModelOrigin;

AcyModelOrigin *acy_model_origin_load (const char *dir, GError **error);
void            acy_model_origin_free (AcyModelOrigin *origin);

typedef enum {
  ACY_FETCH_DOWNLOADING,
  ACY_FETCH_VALIDATING,
  ACY_FETCH_INSTALLING,
} AcyFetchStage;

/**
 * AcyFetchProgress:
 * @file: the file being downloaded (while downloading)
 * @index: its index among @n_files
 * @received, @total: bytes of it so far, and in all (-1: not known)
 */
typedef struct {
  AcyFetchStage  stage;
  const char    *file;
  guint          index;
  guint          n_files;
  goffset        received;
  goffset        total;
} AcyFetchProgress;

/* Called in the fetching thread. */
typedef void (*AcyFetchProgressFunc) (const AcyFetchProgress *progress,
                                      gpointer                user_data);

/**
 * AcyFetchSpec:
 * @id: the model, %ACY_LKMM_ID or %ACY_HERDLIB_ID
 * @base_url: (nullable): fetch BASE_URL/FILE; default: the kernel's git
 *   web front, herdtools7's repository, at @version
 * @version: (nullable): the release tag; default
 *   acy_model_store_default_version()
 * @dest_dir: (nullable): where to install; default
 *   acy_model_store_user_dir()
 * @timeout: seconds the server may stay silent (0: 30)
 */
typedef struct {
  const char           *id;
  const char           *base_url;
  const char           *version;
  const char           *dest_dir;
  guint                 timeout;
  AcyFetchProgressFunc  progress;
  gpointer              progress_data;
} AcyFetchSpec;

/* Downloads the model's files into a new folder beside the destination,
 * checks that they load and judge a test as the model's authors' tools
 * do (the kernel model: release/acquire message passing "Never"; herd's
 * library: store buffering on X86_64 "Sometimes", fenced "Never"),
 * writes their ORIGIN, and only then puts the folder in place of
 * any older copy. On any error nothing is left behind and an older copy
 * stays as it was. Blocks: run it in a thread.
 * Returns: (transfer full): the folder installed, or NULL */
char *acy_model_store_fetch (const AcyFetchSpec *spec,
                             GCancellable       *cancellable,
                             GError            **error);

/* The URL a file of model @id is fetched from: BASE_URL/FILE, or the
 * model's own source at @version (NULL: its default). */
char *acy_model_store_file_url (const char *id,
                                const char *base_url,
                                const char *version,
                                const char *file);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyModelOrigin, acy_model_origin_free)

G_END_DECLS
