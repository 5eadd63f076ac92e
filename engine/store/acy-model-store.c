/* acy-model-store.c - models we may not ship: where they are found, how they are fetched
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Linux-kernel memory model is GPL-2.0 and herd's model library
 * CeCILL-B: both stay out of the project. A user has them in a kernel
 * tree or a herdtools7 install, or fetches them once (the kernel's git
 * web front, herdtools7's repository at a release) into their data
 * folder. The search order puts what the user chose (an environment
 * variable, a search folder, the folder they stand in, a copy they
 * fetched) before places guessed (~/linux, /usr/src/linux*).
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "acy-check.h"
#include "acy-config.h"
#include "acy-http.h"
#include "acy-model-store.h"
#include "acy-setup.h"

#define KERNEL_SUBDIR "tools" G_DIR_SEPARATOR_S "memory-model"
#define MAX_FILE_SIZE (1024 * 1024)
#define DEFAULT_TIMEOUT 30

static const char *const lkmm_files[] = {
  "linux-kernel.cfg",
  "linux-kernel.def",
  "linux-kernel.bell",
  "linux-kernel.cat",
  "lock.cat",
  NULL
};

/* herd's files that herd7 runs by default on C, X86 and X86_64 tests,
 * with what they include; herd's rc11.cat beside them */
static const char *const herdlib_files[] = {
  "x86tso.cat",
  "x86tso-mixed.cat",
  "x86fences.cat",
  "filters.cat",
  "cos.cat",
  "cos-opt.cat",
  "cos-ok-opt.cat",
  "cos-no-opt.cat",
  "cross.cat",
  "c11_partialSC.cat",
  "c11_base.cat",
  "c11_cos.cat",
  "c11_los.cat",
  "rc11.cat",
  "aarch64.cat",
  "aarch64hwreqs.cat",
  "aarch64deps.cat",
  "aarch64util.cat",
  "aarch64fences.cat",
  "aarch64bbm.cat",
  "aarch64memattrs.cat",
  "aarch64loc.cat",
  "aarch64show.cat",
  "enumerations.cat",
  NULL
};

/* Written for Acyclic: message passing through a store-release and a
 * load-acquire. The kernel model forbids the reader seeing the flag but
 * not the data; a model that allows it is not the kernel's. */
static const char validation_test[] =
  "C acyclic-fetch-release-acquire\n"
  "\n"
  "{}\n"
  "\n"
  "P0(int *data, int *ready)\n"
  "{\n"
  "\tWRITE_ONCE(*data, 1);\n"
  "\tsmp_store_release(ready, 1);\n"
  "}\n"
  "\n"
  "P1(int *data, int *ready)\n"
  "{\n"
  "\tint r0;\n"
  "\tint r1;\n"
  "\n"
  "\tr0 = smp_load_acquire(ready);\n"
  "\tr1 = READ_ONCE(*data);\n"
  "}\n"
  "\n"
  "exists (1:r0=1 /\\ 1:r1=0)\n";

static gboolean validate_lkmm (const char *tmp, GCancellable *cancellable, GError **error);
static gboolean validate_herdlib (const char *tmp, GCancellable *cancellable, GError **error);

static char *
lkmm_url (const char *version, const char *file)
{
  return g_strdup_printf ("%s/%s?h=%s", ACY_LKMM_WEB_BASE, file, version);
}

static char *
herdlib_url (const char *version, const char *file)
{
  return g_strdup_printf ("%s/%s/herd/libdir/%s", ACY_HERDLIB_WEB_BASE, version, file);
}

/* What can be fetched, and how each is checked */
typedef struct {
  const char         *id;
  const char         *name;
  const char *const  *files;
  const char         *default_version;
  char             *(*url) (const char *version, const char *file);
  const char         *license;       /* when the files' headers name none */
  const char         *authors;
  const char         *checking;      /* what validate() checks, for progress */
  gboolean          (*validate) (const char *tmp, GCancellable *cancellable, GError **error);
} Fetchable;

static const Fetchable fetchables[] = {
  { ACY_LKMM_ID, "Linux-kernel memory model", lkmm_files, ACY_LKMM_DEFAULT_VERSION, lkmm_url,
    "GPL-2.0", "the Linux-kernel memory model's authors (see each file's header)",
    "checking that the files load and forbid release/acquire message passing", validate_lkmm },
  { ACY_HERDLIB_ID, "herd's model library", herdlib_files, ACY_HERDLIB_DEFAULT_VERSION, herdlib_url,
    "CeCILL-B", "Jade Alglave, Luc Maranget and the herdtools7 authors (herdtools7's LICENSE.txt)",
    "checking that the models load and judge store buffering as herd7 does", validate_herdlib },
};

static const Fetchable *
fetchable (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (fetchables); i++)
    if (g_strcmp0 (id, fetchables[i].id) == 0)
      return &fetchables[i];
  return NULL;
}

const char *const *
acy_model_store_files (const char *id)
{
  const Fetchable *f = fetchable (id);

  return f ? f->files : NULL;
}

const char *
acy_model_store_name (const char *id)
{
  const Fetchable *f = fetchable (id);

  return f ? f->name : NULL;
}

const char *
acy_model_store_default_version (const char *id)
{
  const Fetchable *f = fetchable (id);

  return f ? f->default_version : NULL;
}

const char *
acy_model_store_checking (const char *id)
{
  const Fetchable *f = fetchable (id);

  return f ? f->checking : NULL;
}

char *
acy_model_store_user_dir (const char *id)
{
  /* Read the variable each time: GLib caches g_get_user_data_dir(), and
   * tests point XDG_DATA_HOME elsewhere. */
  const char *data = g_getenv ("XDG_DATA_HOME");

  if (data == NULL || !g_path_is_absolute (data))
    data = g_get_user_data_dir ();
  return g_build_filename (data, "acyclic", "models", id, NULL);
}

static void
add_dir (GPtrArray *out, char *dir)
{
  if (g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      for (guint i = 0; i < out->len; i++)
        if (g_str_equal (out->pdata[i], dir))
          {
            g_free (dir);
            return;
          }
      g_ptr_array_add (out, dir);
    }
  else
    g_free (dir);
}

static int
compare_desc (gconstpointer a, gconstpointer b)
{
  return -strcmp (*(const char *const *) a, *(const char *const *) b);
}

char **
acy_model_store_search_dirs (const char *const *dirs)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func (g_free);
  const char *linux_src = g_getenv ("LINUX_SRC");
  const char *home = g_getenv ("HOME");
  const char *const *system_dirs = g_get_system_data_dirs ();

  if (linux_src && *linux_src)
    {
      add_dir (out, g_build_filename (linux_src, KERNEL_SUBDIR, NULL));
      add_dir (out, g_strdup (linux_src));
    }
  for (guint i = 0; dirs && dirs[i]; i++)
    if (*dirs[i])
      add_dir (out, g_build_filename (dirs[i], KERNEL_SUBDIR, NULL));
  add_dir (out, g_strdup (KERNEL_SUBDIR));
  add_dir (out, acy_model_store_user_dir (ACY_LKMM_ID));
  for (guint i = 0; system_dirs[i]; i++)
    add_dir (out, g_build_filename (system_dirs[i], "acyclic", "models", ACY_LKMM_ID, NULL));

  if (home == NULL || *home == '\0')
    home = g_get_home_dir ();
  add_dir (out, g_build_filename (home, "linux", KERNEL_SUBDIR, NULL));
  add_dir (out, g_build_filename (home, "src", "linux", KERNEL_SUBDIR, NULL));
  {
    g_autoptr(GDir) src = g_dir_open ("/usr/src", 0, NULL);
    g_autoptr(GPtrArray) trees = g_ptr_array_new_with_free_func (g_free);
    const char *name;

    while (src && (name = g_dir_read_name (src)) != NULL)
      if (g_str_has_prefix (name, "linux"))
        g_ptr_array_add (trees, g_build_filename ("/usr/src", name, KERNEL_SUBDIR, NULL));
    /* The newest-looking tree first. */
    g_ptr_array_sort (trees, compare_desc);
    for (guint i = 0; i < trees->len; i++)
      add_dir (out, g_strdup (trees->pdata[i]));
  }

  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&out), FALSE);
}

#define HERD_LIBDIR "share" G_DIR_SEPARATOR_S "herdtools7" G_DIR_SEPARATOR_S "herd" \
                    G_DIR_SEPARATOR_S "libdir"

char **
acy_model_store_herd_dirs (const char *const *dirs)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func (g_free);
  const char *herdlib = g_getenv ("HERDLIB");
  const char *const *system_dirs = g_get_system_data_dirs ();
  g_autofree char *herd7 = g_find_program_in_path ("herd7");
  const char *home = g_getenv ("HOME");

  if (herdlib && *herdlib)
    add_dir (out, g_strdup (herdlib));
  for (guint i = 0; dirs && dirs[i]; i++)
    if (*dirs[i])
      {
        add_dir (out, g_strdup (dirs[i]));
        add_dir (out, g_build_filename (dirs[i], "herd", "libdir", NULL));
      }
  add_dir (out, acy_model_store_user_dir (ACY_HERDLIB_ID));
  for (guint i = 0; system_dirs[i]; i++)
    add_dir (out, g_build_filename (system_dirs[i], "acyclic", "models", ACY_HERDLIB_ID, NULL));
  if (herd7 != NULL)
    {
      /* PREFIX/bin/herd7 beside PREFIX/share/herdtools7/herd/libdir */
      g_autofree char *bin = g_path_get_dirname (herd7);
      g_autofree char *prefix = g_path_get_dirname (bin);

      add_dir (out, g_build_filename (prefix, HERD_LIBDIR, NULL));
    }
  add_dir (out, g_build_filename ("/usr/local", HERD_LIBDIR, NULL));
  add_dir (out, g_build_filename ("/usr", HERD_LIBDIR, NULL));
  if (home == NULL || *home == '\0')
    home = g_get_home_dir ();
  {
    g_autofree char *opam = g_build_filename (home, ".opam", NULL);
    g_autoptr(GDir) d = g_dir_open (opam, 0, NULL);
    const char *name;

    while (d && (name = g_dir_read_name (d)) != NULL)
      add_dir (out, g_build_filename (opam, name, HERD_LIBDIR, NULL));
  }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&out), FALSE);
}

char *
acy_model_store_find (const char *id, const char *const *dirs)
{
  const char *const *files = acy_model_store_files (id);
  g_auto(GStrv) places = NULL;

  if (files == NULL)
    return NULL;
  places = acy_model_store_search_dirs (dirs);
  for (guint i = 0; places[i]; i++)
    {
      gboolean all = TRUE;

      for (guint k = 0; all && files[k]; k++)
        {
          g_autofree char *p = g_build_filename (places[i], files[k], NULL);
          all = g_file_test (p, G_FILE_TEST_IS_REGULAR);
        }
      if (all)
        return g_strdup (places[i]);
    }
  return NULL;
}

/* ---- Provenance -------------------------------------------------------- */

void
acy_model_origin_free (AcyModelOrigin *origin)
{
  if (origin == NULL)
    return;
  g_free (origin->name);
  g_free (origin->base_url);
  g_free (origin->version);
  g_free (origin->fetched);
  g_free (origin->license);
  g_strfreev (origin->files);
  g_free (origin);
}

AcyModelOrigin *
acy_model_origin_load (const char *dir, GError **error)
{
  g_autofree char *path = g_build_filename (dir, ACY_MODEL_ORIGIN_FILE, NULL);
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GError) local = NULL;
  AcyModelOrigin *origin;

  if (!g_key_file_load_from_file (kf, path, G_KEY_FILE_NONE, &local))
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: %s", path, local->message);
      return NULL;
    }
  origin = g_new0 (AcyModelOrigin, 1);
  origin->name = g_key_file_get_string (kf, "Model", "Name", NULL);
  origin->base_url = g_key_file_get_string (kf, "Model", "Source", NULL);
  origin->version = g_key_file_get_string (kf, "Model", "Version", NULL);
  origin->fetched = g_key_file_get_string (kf, "Model", "Fetched", NULL);
  origin->license = g_key_file_get_string (kf, "Model", "License", NULL);
  origin->files = g_key_file_get_string_list (kf, "Model", "Files", NULL, NULL);
  return origin;
}

/* The SPDX identifier in the first lines of @text, or NULL. */
static char *
spdx_license (const char *text, gsize len)
{
  const char *key = "SPDX-License-Identifier:";
  g_autofree char *head = g_strndup (text, MIN (len, 512));
  const char *p = strstr (head, key);
  gsize n;

  if (p == NULL)
    return NULL;
  p += strlen (key);
  p += strspn (p, " \t");
  n = strcspn (p, " \t\r\n*)");
  return n ? g_strndup (p, n) : NULL;
}

static gboolean
write_origin (const char         *dir,
              const AcyFetchSpec *spec,
              const char         *license,
              const char *const  *files,
              GError            **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *when = g_date_time_format_iso8601 (now);
  g_autofree char *path = g_build_filename (dir, ACY_MODEL_ORIGIN_FILE, NULL);
  g_autofree char *base = NULL;
  g_autoptr(GError) local = NULL;

  const Fetchable *what = fetchable (spec->id);

  if (spec->base_url)
    base = g_strdup (spec->base_url);
  else
    {
      /* the address of the first file, without the file's name */
      g_autofree char *url = what->url (spec->version ? spec->version : what->default_version, files[0]);
      char *at = strstr (url, files[0]);

      base = g_strndup (url, (gsize) (at - url - 1));
    }
  g_key_file_set_string (kf, "Model", "Name", what->name);
  g_key_file_set_string (kf, "Model", "Source", base);
  if (spec->base_url == NULL)
    g_key_file_set_string (kf, "Model", "Version",
                           spec->version ? spec->version : what->default_version);
  g_key_file_set_string (kf, "Model", "Fetched", when);
  g_key_file_set_string (kf, "Model", "License", license ? license : what->license);
  g_key_file_set_string (kf, "Model", "Authors", what->authors);
  g_key_file_set_string_list (kf, "Model", "Files", files, g_strv_length ((char **) files));
  if (!g_key_file_save_to_file (kf, path, &local))
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: %s", path, local->message);
      return FALSE;
    }
  return TRUE;
}

/* ---- Fetching ---------------------------------------------------------- */

char *
acy_model_store_file_url (const char *id,
                          const char *base_url,
                          const char *version,
                          const char *file)
{
  const Fetchable *what = fetchable (id);

  if (base_url != NULL)
    return g_strconcat (base_url, g_str_has_suffix (base_url, "/") ? "" : "/", file, NULL);
  g_return_val_if_fail (what != NULL, NULL);
  return what->url (version ? version : what->default_version, file);
}

static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_remove (p);
    }
  g_rmdir (dir);
}

/* Folders a fetch killed outright (SIGKILL, a power cut) left beside
 * @dest: ".NAME-XXXXXX" and ".NAME-old-XXXXXX". Only those untouched for
 * a day go, so that a fetch running alongside keeps its own. */
static void
remove_stale (const char *parent, const char *base)
{
  g_autoptr(GDir) dir = g_dir_open (parent, 0, NULL);
  g_autofree char *prefix = g_strdup_printf (".%s-", base);
  gint64 day_ago = g_get_real_time () / G_USEC_PER_SEC - 24 * 3600;
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      const char *rest;
      GStatBuf st;

      if (!g_str_has_prefix (name, prefix))
        continue;
      rest = name + strlen (prefix);
      if (g_str_has_prefix (rest, "old-"))
        rest += 4;
      if (strlen (rest) != 6)
        continue;
      path = g_build_filename (parent, name, NULL);
      if (g_stat (path, &st) == 0 && S_ISDIR (st.st_mode) && st.st_mtime < day_ago)
        remove_tree (path);
    }
}

typedef struct {
  const AcyFetchSpec *spec;
  AcyFetchProgress    progress;
} FetchState;

static void
http_progress (goffset received, goffset total, gpointer user_data)
{
  FetchState *st = user_data;

  st->progress.received = received;
  st->progress.total = total;
  st->spec->progress (&st->progress, st->spec->progress_data);
}

static void
report_stage (FetchState *st, AcyFetchStage stage)
{
  st->progress.stage = stage;
  st->progress.file = NULL;
  st->progress.received = 0;
  st->progress.total = -1;
  if (st->spec->progress)
    st->spec->progress (&st->progress, st->spec->progress_data);
}

/* Errors name the temporary folder, which is gone when the user reads
 * them: name each file's URL instead. */
static void
error_in_urls (GError            *error,
               const char        *tmp,
               const AcyFetchSpec *spec,
               const char *const *files)
{
  g_autoptr(GString) msg = NULL;

  if (error == NULL)
    return;
  msg = g_string_new (error->message);
  for (guint i = 0; files[i]; i++)
    {
      g_autofree char *path = g_build_filename (tmp, files[i], NULL);
      g_autofree char *url = acy_model_store_file_url (spec->id, spec->base_url, spec->version, files[i]);
      g_string_replace (msg, path, url, 0);
    }
  g_free (error->message);
  error->message = g_strdup (msg->str);
}

/* The files load as herd7 would run them (-conf linux-kernel.cfg), and
 * they forbid release/acquire message passing. */
static gboolean
validate_lkmm (const char *tmp, GCancellable *cancellable, GError **error)
{
  g_autofree char *cfg = g_build_filename (tmp, "linux-kernel.cfg", NULL);
  g_autoptr(AcyConfig) config = NULL;
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) model = NULL;
  g_autoptr(AcyTest) test = NULL;
  g_autoptr(AcyCheckResult) result = NULL;
  const char *const dirs[] = { tmp, NULL };
  AcySetupSpec setup = { 0 };
  AcyCheckOptions options = { 0 };
  struct { const char *name; const AcyLoc *loc; } named[3];

  config = acy_config_load (cfg, error);
  if (config == NULL)
    return FALSE;
  /* Once installed the .cfg's names are looked up beside it: each must
   * be one of the files fetched. */
  named[0].name = config->macros; named[0].loc = &config->macros_loc;
  named[1].name = config->bell;   named[1].loc = &config->bell_loc;
  named[2].name = config->model;  named[2].loc = &config->model_loc;
  for (guint i = 0; i < G_N_ELEMENTS (named); i++)
    if (named[i].name == NULL || !g_strv_contains (lkmm_files, named[i].name))
      {
        if (named[i].name == NULL)
          g_set_error (error, ACY_ERROR, ACY_ERROR_SYNTAX,
                       "%s: names no %s file", cfg, i == 0 ? "macro" : i == 1 ? "bell" : "model");
        else
          acy_set_error_at (error, ACY_ERROR_UNKNOWN_NAME, *named[i].loc,
                            "'%s' is not one of the model's files", named[i].name);
        return FALSE;
      }

  /* Absolute paths, so that files of the same names in the working
   * directory are not taken instead. */
  {
    g_autofree char *cat = g_build_filename (tmp, config->model, NULL);
    g_autofree char *bell = g_build_filename (tmp, config->bell, NULL);
    g_autofree char *def = g_build_filename (tmp, config->macros, NULL);

    setup.conf = cfg;
    setup.cat = cat;
    setup.bell = bell;
    setup.macros = def;
    setup.include_dirs = dirs;
    if (!acy_setup_load (&setup, &model, &macros, error))
      return FALSE;
  }

  test = acy_test_parse (validation_test, -1, "acyclic-fetch-release-acquire.litmus", macros, error);
  if (test == NULL)
    return FALSE;
  options.n_threads = 1;
  result = acy_check_run (test, model, &options, cancellable, error);
  if (result == NULL)
    return FALSE;
  if (acy_check_result_get_observation (result) != ACY_OBSERVATION_NEVER)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                   "%s: these files allow a reader to see a store-release's flag but not "
                   "the data written before it (%s, not Never): not the Linux-kernel model",
                   cfg, acy_observation_to_string (acy_check_result_get_observation (result)));
      return FALSE;
    }
  return TRUE;
}

/* Written for Acyclic: store buffering on X86_64, plain and fenced. */
static const char herd_sb[] =
  "X86_64 acyclic-fetch-sb\n"
  "{\n}\n"
  " P0            | P1            ;\n"
  " movl $1,(x)   | movl $1,(y)   ;\n"
  " %s | %s ;\n"
  " movl (y),%%eax | movl (x),%%eax ;\n"
  "exists (0:rax=0 /\\ 1:rax=0)\n";

/* Store buffering under the fetched model named @cat, with the fences
 * @fence: whether the outcome is @want. */
static gboolean
herd_sb_judged (const char *tmp, const char *cat, const char *fence, AcyObservation want,
                GCancellable *cancellable, GError **error)
{
  g_autofree char *path = g_build_filename (tmp, cat, NULL);
  g_autofree char *text = g_strdup_printf (herd_sb, fence, fence);
  const char *const dirs[] = { tmp, NULL };
  AcyModelSource src = { .cat_path = path, .include_dirs = dirs };
  g_autoptr(AcyModel) model = acy_model_load (&src, error);
  g_autoptr(AcyTest) test = NULL;
  g_autoptr(AcyCheckResult) result = NULL;
  AcyCheckOptions options = { .n_threads = 1 };

  if (model == NULL || (test = acy_test_parse (text, -1, "acyclic-fetch-sb.litmus", NULL, error)) == NULL
      || (result = acy_check_run (test, model, &options, cancellable, error)) == NULL)
    return FALSE;
  if (acy_check_result_get_observation (result) != want)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                   "%s: judges store buffering %s %s, where herd7's says %s: not herd's model",
                   path, *fence == ' ' ? "without fences" : "with mfences",
                   acy_observation_to_string (acy_check_result_get_observation (result)),
                   acy_observation_to_string (want));
      return FALSE;
    }
  return TRUE;
}

/* x86tso-mixed.cat, herd7's model for X86_64, allows store buffering
 * and forbids it fenced; the C models load. */
static gboolean
validate_herdlib (const char *tmp, GCancellable *cancellable, GError **error)
{
  static const char *const loaded[] = { "c11_partialSC.cat", "rc11.cat", "x86tso.cat" };

  if (!herd_sb_judged (tmp, "x86tso-mixed.cat", "      ", ACY_OBSERVATION_SOMETIMES, cancellable, error)
      || !herd_sb_judged (tmp, "x86tso-mixed.cat", "mfence", ACY_OBSERVATION_NEVER, cancellable, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (loaded); i++)
    {
      g_autofree char *path = g_build_filename (tmp, loaded[i], NULL);
      const char *const dirs[] = { tmp, NULL };
      AcyModelSource src = { .cat_path = path, .include_dirs = dirs };
      g_autoptr(AcyModel) model = acy_model_load (&src, error);

      if (model == NULL)
        return FALSE;
    }
  return TRUE;
}

/* Puts @tmp in place of @dest; an older @dest is moved aside first and
 * put back if that fails. */
static gboolean
install (const char *tmp, const char *dest, GError **error)
{
  g_autofree char *parent = g_path_get_dirname (dest);
  g_autofree char *base = g_path_get_basename (dest);
  g_autofree char *old_template = g_strdup_printf ("%s" G_DIR_SEPARATOR_S ".%s-old-XXXXXX", parent, base);
  g_autofree char *old = NULL;
  int saved;

  if (g_file_test (dest, G_FILE_TEST_EXISTS))
    {
      /* Reserve a unique name, then move the old copy onto it. */
      old = g_mkdtemp (g_strdup (old_template));
      if (old == NULL || g_rmdir (old) != 0 || g_rename (dest, old) != 0)
        {
          saved = errno;
          g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: cannot move the older copy aside: %s",
                       dest, g_strerror (saved));
          return FALSE;
        }
    }
  if (g_rename (tmp, dest) != 0)
    {
      saved = errno;
      if (old != NULL)
        g_rename (old, dest);
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: cannot install: %s", dest, g_strerror (saved));
      return FALSE;
    }
  if (old != NULL)
    remove_tree (old);
  return TRUE;
}

char *
acy_model_store_fetch (const AcyFetchSpec *spec,
                       GCancellable       *cancellable,
                       GError            **error)
{
  const char *const *files;
  g_autofree char *dest = NULL;
  g_autofree char *parent = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  g_autofree char *license = NULL;
  GError *local = NULL;
  FetchState st = { 0 };
  int saved;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  files = acy_model_store_files (spec->id);
  if (files == NULL)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME,
                   "%s: no such model to fetch (known: %s, %s)", spec->id ? spec->id : "(none)",
                   ACY_LKMM_ID, ACY_HERDLIB_ID);
      return NULL;
    }
  dest = spec->dest_dir ? g_strdup (spec->dest_dir) : acy_model_store_user_dir (spec->id);
  parent = g_path_get_dirname (dest);
  base = g_path_get_basename (dest);
  if (g_mkdir_with_parents (parent, 0755) != 0)
    {
      saved = errno;
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: %s", parent, g_strerror (saved));
      return NULL;
    }
  remove_stale (parent, base);
  /* Beside the destination, so that the final rename stays on one file
   * system; a leading dot keeps a half-made copy out of every search. */
  tmp = g_strdup_printf ("%s" G_DIR_SEPARATOR_S ".%s-XXXXXX", parent, base);
  if (g_mkdtemp_full (tmp, 0755) == NULL)
    {
      saved = errno;
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: %s", parent, g_strerror (saved));
      return NULL;
    }

  st.spec = spec;
  st.progress.n_files = g_strv_length ((char **) files);
  for (guint i = 0; files[i]; i++)
    {
      g_autofree char *url = acy_model_store_file_url (spec->id, spec->base_url, spec->version, files[i]);
      g_autofree char *path = g_build_filename (tmp, files[i], NULL);
      g_autoptr(GBytes) bytes = NULL;
      gsize len;
      const char *data;

      st.progress.stage = ACY_FETCH_DOWNLOADING;
      st.progress.file = files[i];
      st.progress.index = i;
      st.progress.received = 0;
      st.progress.total = -1;
      if (spec->progress)
        spec->progress (&st.progress, spec->progress_data);
      bytes = acy_http_get (url, spec->timeout ? spec->timeout : DEFAULT_TIMEOUT, MAX_FILE_SIZE,
                            spec->progress ? http_progress : NULL, &st, cancellable, &local);
      if (bytes == NULL)
        goto fail;
      data = g_bytes_get_data (bytes, &len);
      if (license == NULL)
        license = spdx_license (data, len);
      if (!g_file_set_contents_full (path, data, len, G_FILE_SET_CONTENTS_NONE, 0644, &local))
        goto fail;
    }

  report_stage (&st, ACY_FETCH_VALIDATING);
  if (!fetchable (spec->id)->validate (tmp, cancellable, &local))
    {
      error_in_urls (local, tmp, spec, files);
      goto fail;
    }
  if (!write_origin (tmp, spec, license, files, &local))
    goto fail;
  if (g_cancellable_set_error_if_cancelled (cancellable, &local))
    goto fail;
  report_stage (&st, ACY_FETCH_INSTALLING);
  if (!install (tmp, dest, &local))
    goto fail;
  return g_steal_pointer (&dest);

fail:
  remove_tree (tmp);
  if (local->domain == G_IO_ERROR && local->code == G_IO_ERROR_CANCELLED)
    g_set_error (error, ACY_ERROR, ACY_ERROR_CANCELLED, "fetching the %s model: cancelled", spec->id);
  else if (local->domain == ACY_ERROR)
    g_propagate_error (error, g_steal_pointer (&local));
  else
    g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s", local->message);
  g_clear_error (&local);
  return NULL;
}
