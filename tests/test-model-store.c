/* test-model-store.c - finding the kernel model, fetching it over HTTP, installing it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything runs offline against a server on 127.0.0.1 in this process,
 * with XDG_DATA_HOME and HOME pointed at a temporary folder. The model's
 * files come from ../shared/conformance/lkmm; the tests that need them
 * skip with a message when it is absent.
 */
#define G_LOG_DOMAIN "test-model-store"
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <utime.h>

#include <glib/gstdio.h>

#include "acyclic.h"
#include "cli-test-support.h"
#include "http-test-server.h"
#include "store-test-support.h"

static char *
fixture_text (const char *name)
{
  g_autofree char *path = g_build_filename (fixtures, name, NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* ---- Finding ----------------------------------------------------------- */

/* With no copy anywhere, -conf linux-kernel.cfg says how to get one. */
static void
test_not_found_says_how (void)
{
  g_autoptr(GError) error = NULL;
  g_auto(AcySetupPaths) paths = { 0 };
  g_autofree char *found = NULL;
  AcySetupSpec spec = { .conf = "linux-kernel.cfg" };

  clear_store ();
  found = acy_model_store_find (ACY_LKMM_ID, NULL);
  if (found != NULL)
    {
      g_autofree char *why = g_strdup_printf ("this machine has the kernel model in %s", found);
      g_test_skip (why);
      return;
    }
  g_assert_false (acy_setup_resolve (&spec, &paths, &error));
  g_assert_error (error, ACY_ERROR, ACY_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "linux-kernel.cfg: configuration file not found"));
  g_assert_nonnull (strstr (error->message, "--fetch-model linux-kernel"));
}

static void
write_model (const char *dir, const char *title)
{
  g_autofree char *cfg = g_build_filename (dir, "linux-kernel.cfg", NULL);
  g_autofree char *cat = g_build_filename (dir, "linux-kernel.cat", NULL);
  g_autofree char *def = g_build_filename (dir, "linux-kernel.def", NULL);
  g_autofree char *text = g_strdup_printf ("\"%s\"\nacyclic po | rf\n", title);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  /* as the kernel's names its macros: without them, acyclic-check knows
   * no WRITE_ONCE, as herd7 does not */
  g_assert_true (g_file_set_contents (cfg, "macros linux-kernel.def\nmodel linux-kernel.cat\nvariant lkmmv2\n",
                                      -1, NULL));
  g_assert_true (g_file_set_contents (def, "WRITE_ONCE(X,V) { __store{once}(X,V); }\n", -1, NULL));
  g_assert_true (g_file_set_contents (cat, text, -1, NULL));
}

/* A kernel tree named by $LINUX_SRC, or one in a search folder, is found
 * wherever acyclic-check runs; $LINUX_SRC comes first. */
static void
test_kernel_tree (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *tree = g_build_filename (home, "kernel-a", NULL);
  g_autofree char *mm = g_build_filename (tree, "tools", "memory-model", NULL);
  g_autofree char *search = g_build_filename (home, "search", NULL);
  g_autofree char *search_mm = g_build_filename (search, "tools", "memory-model", NULL);
  g_autofree char *want = g_build_filename (mm, "linux-kernel.cat", NULL);
  g_autofree char *want_search = g_build_filename (search_mm, "linux-kernel.cat", NULL);
  const char *const dirs[] = { search, NULL };

  clear_store ();
  write_model (mm, "From LINUX_SRC");
  write_model (search_mm, "From the search path");

  g_setenv ("LINUX_SRC", tree, TRUE);
  {
    g_auto(AcySetupPaths) paths = { 0 };
    AcySetupSpec spec = { .conf = "linux-kernel.cfg", .include_dirs = dirs };

    g_assert_true (acy_setup_resolve (&spec, &paths, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (paths.cat_path, ==, want);
  }
  g_unsetenv ("LINUX_SRC");
  {
    g_auto(AcySetupPaths) paths = { 0 };
    AcySetupSpec spec = { .conf = "linux-kernel.cfg", .include_dirs = dirs };

    g_assert_true (acy_setup_resolve (&spec, &paths, &error));
    g_assert_no_error (error);
    g_assert_cmpstr (paths.cat_path, ==, want_search);
  }
  remove_tree (tree);
  remove_tree (search);
}

/* The working directory's tools/memory-model, as in a kernel tree's root. */
static void
test_cwd_tree (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_build_filename (home, "kernel-root", NULL);
  g_autofree char *mm = g_build_filename (root, "tools", "memory-model", NULL);
  g_autofree char *cwd = g_get_current_dir ();
  g_auto(AcySetupPaths) paths = { 0 };
  AcySetupSpec spec = { .conf = "linux-kernel.cfg" };

  clear_store ();
  write_model (mm, "From the working directory");
  g_assert_cmpint (g_chdir (root), ==, 0);
  g_assert_true (acy_setup_resolve (&spec, &paths, &error));
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (paths.cat_path, "tools/memory-model/linux-kernel.cat"));
  remove_tree (root);
}

/* A copy under ~/linux is found when nothing else is. */
static void
test_home_tree (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *mm = g_build_filename (home, "linux", "tools", "memory-model", NULL);
  g_autofree char *want = g_build_filename (mm, "linux-kernel.cat", NULL);
  g_autofree char *linux_dir = g_build_filename (home, "linux", NULL);
  g_auto(AcySetupPaths) paths = { 0 };
  AcySetupSpec spec = { .conf = "linux-kernel.cfg" };

  clear_store ();
  write_model (mm, "From ~/linux");
  g_assert_true (acy_setup_resolve (&spec, &paths, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (paths.cat_path, ==, want);
  remove_tree (linux_dir);
}

/* ---- Fetching ---------------------------------------------------------- */

typedef struct {
  guint downloads;
  guint validating;
  guint installing;
  GCancellable *cancel_at_file;   /* cancelled when lock.cat starts */
} Progress;

static void
on_progress (const AcyFetchProgress *p, gpointer user_data)
{
  Progress *pr = user_data;

  if (p->stage == ACY_FETCH_DOWNLOADING && p->received == 0)
    {
      pr->downloads++;
      if (pr->cancel_at_file && g_str_equal (p->file, "lock.cat"))
        g_cancellable_cancel (pr->cancel_at_file);
    }
  else if (p->stage == ACY_FETCH_VALIDATING)
    pr->validating++;
  else if (p->stage == ACY_FETCH_INSTALLING)
    pr->installing++;
}

/* Fetches the kernel model from @url into the store; @pr (may be NULL)
 * counts the progress reports. */
static char *
fetch_from (const char    *url,
            guint          timeout,
            Progress      *pr,
            GCancellable  *cancellable,
            GError       **error)
{
  AcyFetchSpec spec = { 0 };

  spec.id = ACY_LKMM_ID;
  spec.base_url = url;
  spec.timeout = timeout;
  if (pr != NULL)
    {
      spec.progress = on_progress;
      spec.progress_data = pr;
    }
  return acy_model_store_fetch (&spec, cancellable, error);
}

static char *
fetch (TestServer *server, guint timeout, GError **error)
{
  return fetch_from (test_server_get_url (server), timeout, NULL, NULL, error);
}

/* A server of the kernel model's files, the store empty; NULL, with the
 * test skipped, when the files are absent. */
static TestServer *
serve_fixtures (void)
{
  if (!need_fixtures ())
    return NULL;
  clear_store ();
  return test_server_new (fixtures);
}

/* A fetch that failed with @code and left the store's folder listing
 * @listing: nothing of its own, neither files nor a temporary folder. */
static void
assert_fetch_failed (const char   *dir,
                     const GError *error,
                     gint          code,
                     const char   *listing)
{
  g_autofree char *got = store_listing ();

  g_assert_null (dir);
  g_assert_error (error, ACY_ERROR, code);
  g_assert_cmpstr (got, ==, listing);
}

/* Content-Length, chunked, ended by the close, through a redirect: all
 * five files arrive as served, with their provenance, and then
 * -conf linux-kernel.cfg loads from anywhere. */
static void
test_fetch_installs (void)
{
  g_autoptr(TestServer) server = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *want_dir = NULL;
  g_autofree char *listing = NULL;
  g_autoptr(AcyModelOrigin) origin = NULL;
  Progress pr = { 0 };

  if (!(server = serve_fixtures ()))
    return;
  dir = fetch_from (test_server_get_url (server), 0, &pr, NULL, &error);
  g_assert_no_error (error);
  want_dir = acy_model_store_user_dir (ACY_LKMM_ID);
  g_assert_cmpstr (dir, ==, want_dir);
  g_assert_cmpuint (pr.downloads, ==, 5);
  g_assert_cmpuint (pr.validating, ==, 1);
  g_assert_cmpuint (pr.installing, ==, 1);

  for (const char *const *f = acy_model_store_files (ACY_LKMM_ID); *f; f++)
    {
      g_autofree char *got_path = g_build_filename (dir, *f, NULL);
      g_autofree char *want = fixture_text (*f);
      g_autofree char *got = NULL;

      g_assert_true (g_file_get_contents (got_path, &got, NULL, NULL));
      g_assert_cmpstr (got, ==, want);
    }
  listing = store_listing ();
  g_assert_cmpstr (listing, ==, "linux-kernel");

  origin = acy_model_origin_load (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (origin->base_url, ==, test_server_get_url (server));
  g_assert_null (origin->version);
  g_assert_cmpstr (origin->license, ==, "GPL-2.0+");
  g_assert_nonnull (origin->fetched);
  g_assert_cmpuint (g_strv_length (origin->files), ==, 5);

  {
    g_autofree char *found = acy_model_store_find (ACY_LKMM_ID, NULL);
    AcySetupSpec setup = { .conf = "linux-kernel.cfg" };
    g_autoptr(AcyModel) model = NULL;
    g_autoptr(AcyMacros) macros = NULL;

    g_assert_cmpstr (found, ==, dir);
    g_assert_true (acy_setup_load (&setup, &model, &macros, &error));
    g_assert_no_error (error);
  }
}

/* What a fetch killed outright left behind a day ago goes; what a fetch
 * running alongside is making stays. */
static void
test_fetch_removes_stale (void)
{
  g_autoptr(TestServer) server = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *listing = NULL;
  g_autofree char *stale = NULL;
  g_autofree char *stale_old = NULL;
  g_autofree char *fresh = NULL;
  g_autofree char *stale_file = NULL;
  struct utimbuf two_days_ago;

  if (!(server = serve_fixtures ()))
    return;
  stale = g_build_filename (store_parent (), ".linux-kernel-Ab12Cd", NULL);
  stale_old = g_build_filename (store_parent (), ".linux-kernel-old-Ef34Gh", NULL);
  fresh = g_build_filename (store_parent (), ".linux-kernel-Ij56Kl", NULL);
  stale_file = g_build_filename (stale, "linux-kernel.cat", NULL);
  g_assert_cmpint (g_mkdir_with_parents (stale, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (stale_old, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (fresh, 0755), ==, 0);
  g_assert_true (g_file_set_contents (stale_file, "half", -1, NULL));
  two_days_ago.actime = two_days_ago.modtime = g_get_real_time () / G_USEC_PER_SEC - 2 * 24 * 3600;
  g_assert_cmpint (g_utime (stale, &two_days_ago), ==, 0);
  g_assert_cmpint (g_utime (stale_old, &two_days_ago), ==, 0);

  dir = fetch (server, 0, &error);
  g_assert_no_error (error);
  listing = store_listing ();
  g_assert_cmpstr (listing, ==, ".linux-kernel-Ij56Kl linux-kernel");
}

/* A file that does not parse: a file:line:col error at its URL, and
 * neither the new files nor a temporary folder are left; an older copy
 * stays as it was. */
static void
test_fetch_broken_file (void)
{
  g_autoptr(TestServer) server = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *cat = NULL;
  g_autofree char *broken = NULL;
  g_autofree char *want = NULL;
  g_autofree char *origin_before = NULL;
  g_autofree char *origin_after = NULL;
  g_autofree char *origin_path = NULL;

  if (!(server = serve_fixtures ()))
    return;

  /* A bad file with nothing installed before. */
  cat = fixture_text ("linux-kernel.cat");
  broken = g_strconcat (cat, "\nlet broken = (po |\n", NULL);
  test_server_set_body (server, "linux-kernel.cat", broken);
  dir = fetch (server, 0, &error);
  assert_fetch_failed (dir, error, ACY_ERROR_SYNTAX, "");
  want = g_strdup_printf ("%slinux-kernel.cat:", test_server_get_url (server));
  g_assert_true (g_str_has_prefix (error->message, want));
  g_clear_error (&error);

  /* A good copy, then a bad one: the good one stays. */
  test_server_set_body (server, "linux-kernel.cat", NULL);
  dir = fetch (server, 0, &error);
  g_assert_no_error (error);
  origin_path = g_build_filename (dir, ACY_MODEL_ORIGIN_FILE, NULL);
  g_assert_true (g_file_get_contents (origin_path, &origin_before, NULL, NULL));
  g_clear_pointer (&dir, g_free);
  test_server_set_body (server, "linux-kernel.cat", broken);
  dir = fetch (server, 0, &error);
  assert_fetch_failed (dir, error, ACY_ERROR_SYNTAX, "linux-kernel");
  g_assert_true (g_file_get_contents (origin_path, &origin_after, NULL, NULL));
  g_assert_cmpstr (origin_after, ==, origin_before);
}

/* Files that load but are not the kernel's model (they allow everything)
 * are refused. */
static void
test_fetch_not_lkmm (void)
{
  g_autoptr(TestServer) server = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;

  if (!(server = serve_fixtures ()))
    return;
  test_server_set_body (server, "linux-kernel.cat", "\"Allows everything\"\nlet nothing = 0\n");
  dir = fetch (server, 0, &error);
  assert_fetch_failed (dir, error, ACY_ERROR_IO, "");
  g_assert_nonnull (strstr (error->message, "not the Linux-kernel model"));
}

/* A missing file: the server's status in the error. Needs no fixtures. */
static void
test_fetch_not_found (void)
{
  g_autoptr(TestServer) server = test_server_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *want = NULL;

  clear_store ();
  dir = fetch (server, 0, &error);
  assert_fetch_failed (dir, error, ACY_ERROR_IO, "");
  want = g_strdup_printf ("%slinux-kernel.cfg: the server answered HTTP 404 Not Found",
                          test_server_get_url (server));
  g_assert_cmpstr (error->message, ==, want);
}

/* A server that takes the request and never answers: the fetch gives up
 * after the timeout, says so, and leaves nothing behind. */
static void
test_fetch_stall (void)
{
  g_autoptr(TestServer) server = test_server_new (fixtures);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;

  clear_store ();
  test_server_set_stall (server, TRUE);
  dir = fetch (server, 1, &error);
  assert_fetch_failed (dir, error, ACY_ERROR_IO, "");
  g_assert_nonnull (strstr (error->message, "linux-kernel.cfg: the server stalled: nothing came for 1 s"));
  g_assert_cmpuint (test_server_get_n_requests (server), ==, 1);
}

/* Nobody listening: "could not connect", named. */
static void
test_fetch_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *url = NULL;

  /* A port that was just free. */
  {
    g_autoptr(TestServer) server = test_server_new (NULL);
    url = g_strdup (test_server_get_url (server));
  }
  clear_store ();
  dir = fetch_from (url, 5, NULL, NULL, &error);
  assert_fetch_failed (dir, error, ACY_ERROR_IO, "");
  g_assert_nonnull (strstr (error->message, "linux-kernel.cfg: could not connect"));
  g_assert_nonnull (strstr (error->message, "refused"));
}

/* https:// to a server that speaks plain HTTP: a TLS error (or, without
 * glib-networking, a word on what to install), named, nothing left. */
static void
test_fetch_tls_error (void)
{
  g_autoptr(TestServer) server = test_server_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *url = NULL;

  clear_store ();
  g_assert_true (g_str_has_prefix (test_server_get_url (server), "http://"));
  url = g_strconcat ("https://", test_server_get_url (server) + strlen ("http://"), NULL);
  dir = fetch_from (url, 2, NULL, NULL, &error);
  assert_fetch_failed (dir, error, ACY_ERROR_IO, "");
  g_assert_true (g_str_has_prefix (error->message, url));
}

/* Cancelling in the middle leaves nothing behind. */
static void
test_fetch_cancel (void)
{
  g_autoptr(TestServer) server = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  Progress pr = { 0 };

  if (!(server = serve_fixtures ()))
    return;
  pr.cancel_at_file = cancellable;
  dir = fetch_from (test_server_get_url (server), 0, &pr, cancellable, &error);
  assert_fetch_failed (dir, error, ACY_ERROR_CANCELLED, "");
  g_assert_cmpuint (pr.installing, ==, 0);
}

/* ---- The command line -------------------------------------------------- */

static char *
without_time_and_hash (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; lines[i]; i++)
    if (!g_str_has_prefix (lines[i], "Time ") && !g_str_has_prefix (lines[i], "Hash="))
      g_string_append_printf (out, "%s\n", lines[i]);
  return g_strdup (out->str);
}

/* acyclic-check --fetch-model linux-kernel --from URL, then
 * -conf linux-kernel.cfg from another folder gives herd7's output. */
static void
test_cli_fetch_then_check (void)
{
  g_autoptr(TestServer) server = NULL;
  const char *tests[] = {
    "kernel/MP+pooncerelease+poacquireonce",
    "kernel/MP+porevlocks",
    "kernel/SB+fencembonceonces",
  };

  if (!(server = serve_fixtures ()))
    return;

  {
    g_auto(Run) r = { 0 };
    run_check (&r, "-conf", "linux-kernel.cfg", "x.litmus", NULL);
    g_assert_cmpint (r.status, !=, 0);
  }
  {
    g_auto(Run) r = { 0 };
    run_check (&r, "--fetch-model", "linux-kernel", "--from", test_server_get_url (server), NULL);
    if (r.status != 0)
      g_printerr ("%s", r.err);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "Installed the Linux-kernel memory model"));
  }
  for (guint i = 0; i < G_N_ELEMENTS (tests); i++)
    {
      g_autofree char *litmus = g_strdup_printf ("%s/tests/%s.litmus", corpus, tests[i]);
      g_autofree char *expected_path = g_strconcat (litmus, ".expected", NULL);
      g_autofree char *expected = NULL;
      g_autofree char *want = NULL;
      g_autofree char *got = NULL;
      g_auto(Run) r = { 0 };

      if (!g_file_get_contents (expected_path, &expected, NULL, NULL))
        {
          g_test_message ("%s: not in the corpus", expected_path);
          continue;
        }
      run_check (&r, "-conf", "linux-kernel.cfg", litmus, NULL);
      g_assert_cmpint (r.status, ==, 0);
      want = without_time_and_hash (expected);
      got = without_time_and_hash (r.out);
      g_assert_cmpstr (got, ==, want);
    }
}

/* A copy shipped under a system data folder (as the Flatpak does, in
 * /app/share) is found by acyclic-check. */
static void
test_cli_system_copy (void)
{
  g_autofree char *share = g_build_filename (home, "share", NULL);
  g_autofree char *mm = g_build_filename (share, "acyclic", "models", "linux-kernel", NULL);
  g_autofree char *litmus = g_build_filename (home, "t.litmus", NULL);
  g_auto(Run) r = { 0 };

  clear_store ();
  write_model (mm, "Shipped");
  g_assert_true (g_file_set_contents (litmus, "C t\n{}\nP0(int *x) { WRITE_ONCE(*x, 1); }\nexists (x=1)\n", -1, NULL));
  g_setenv ("XDG_DATA_DIRS", share, TRUE);
  run_check (&r, "-conf", "linux-kernel.cfg", litmus, NULL);
  g_unsetenv ("XDG_DATA_DIRS");
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Observation t Always 1 0"));
  remove_tree (share);
  g_remove (litmus);
}

/* Options that go only with --fetch-model. */
static void
test_cli_usage (void)
{
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  g_auto(Run) c = { 0 };

  run_check (&a, "--from", "http://127.0.0.1:1/", "x.litmus", NULL);
  g_assert_cmpint (a.status, ==, 2);
  g_assert_nonnull (strstr (a.err, "go with --fetch-model"));
  run_check (&b, "--fetch-model", "linux-kernel", "x.litmus", NULL);
  g_assert_cmpint (b.status, ==, 2);
  g_assert_nonnull (strstr (b.err, "takes no tests"));
  /* Without --fetch-model, --version is still the program's. */
  run_check (&c, "--version", NULL);
  g_assert_cmpint (c.status, ==, 0);
  g_assert_true (g_str_has_prefix (c.out, "acyclic-check "));
}

/* The command line's errors: a stalled server, a broken file. */
static void
test_cli_errors (void)
{
  g_autoptr(TestServer) server = NULL;
  g_autofree char *listing = NULL;

  if (!(server = serve_fixtures ()))
    return;
  test_server_set_body (server, "linux-kernel.bell", "enum Nope = 'a ||\n");
  {
    g_auto(Run) r = { 0 };
    g_autofree char *want = g_strdup_printf ("acyclic-check: %slinux-kernel.bell:2:1: ",
                                             test_server_get_url (server));
    run_check (&r, "--fetch-model", "linux-kernel", "--from", test_server_get_url (server), "-q", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_true (g_str_has_prefix (r.err, want));
    g_assert_nonnull (strstr (r.err, "nothing was installed"));
  }
  test_server_set_stall (server, TRUE);
  {
    g_auto(Run) r = { 0 };
    run_check (&r, "--fetch-model", "linux-kernel", "--from", test_server_get_url (server),
               "--fetch-timeout", "1", "-q", NULL);
    g_assert_cmpint (r.status, ==, 1);
    g_assert_nonnull (strstr (r.err, "the server stalled"));
  }
  {
    g_auto(Run) r = { 0 };
    run_check (&r, "--fetch-model", "linux-kernel-9", NULL);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "unknown model 'linux-kernel-9'"));
  }
  listing = store_listing ();
  g_assert_cmpstr (listing, ==, "");
}

/* Ctrl+C while the server stalls: the fetch is cancelled, the temporary
 * folder removed. */
static void
test_cli_interrupt (void)
{
  g_autoptr(TestServer) server = test_server_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  g_autofree char *listing = NULL;
  const char *argv[] = { check_path, "--fetch-model", "linux-kernel", "--from", NULL, "-q", NULL };
  GPid pid;
  int err_fd, wait_status = 0;

  clear_store ();
  test_server_set_stall (server, TRUE);
  argv[4] = test_server_get_url (server);
  g_spawn_async_with_pipes (cli_dir, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                            &pid, NULL, NULL, &err_fd, &error);
  g_assert_no_error (error);
  /* Wait for the request to arrive: the fetch is then under way. */
  while (test_server_get_n_requests (server) == 0)
    g_usleep (10000);
  kill (pid, SIGINT);
  g_assert_cmpint (waitpid (pid, &wait_status, 0), ==, pid);
  g_spawn_close_pid (pid);
  {
    g_autoptr(GIOChannel) ch = g_io_channel_unix_new (err_fd);
    g_io_channel_set_close_on_unref (ch, TRUE);
    g_io_channel_read_to_end (ch, &err, NULL, NULL);
  }
  g_assert_true (WIFEXITED (wait_status));
  g_assert_cmpint (WEXITSTATUS (wait_status), ==, 1);
  g_assert_nonnull (strstr (err, "cancelled"));
  listing = store_listing ();
  g_assert_cmpstr (listing, ==, "");
}

/* ---- herd's model library ---------------------------------------------- */

/* A server of herd's library (the oracle's copy beside the corpus), the
 * store empty; NULL, with the test skipped, when it is absent. */
static TestServer *
serve_herdlib (void)
{
  g_autofree char *lib = g_build_filename (corpus, "..", "oracle", "herdlib", NULL);
  g_autofree char *x86 = g_build_filename (lib, "x86tso-mixed.cat", NULL);

  if (!g_file_test (x86, G_FILE_TEST_IS_REGULAR))
    {
      g_test_skip ("herd's library is not beside the corpus (../shared/oracle/herdlib)");
      return NULL;
    }
  clear_store ();
  g_unsetenv ("HERDLIB");
  return test_server_new (lib);
}

/* Fetched from a mirror: herd's files, with their origin and licence;
 * then herd7's default model for an X86_64 test is found there. */
static void
test_fetch_herdlib (void)
{
  g_autoptr(TestServer) server = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyModelOrigin) origin = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *want_dir = NULL;
  g_autofree char *want_cat = NULL;
  g_autofree char *listing = NULL;
  g_auto(AcySetupPaths) paths = { 0 };
  AcySetupSpec setup = { .arch = "X86_64" };
  AcyFetchSpec spec = { .id = ACY_HERDLIB_ID };

  if (!(server = serve_herdlib ()))
    return;
  spec.base_url = test_server_get_url (server);
  dir = acy_model_store_fetch (&spec, NULL, &error);
  g_assert_no_error (error);
  want_dir = acy_model_store_user_dir (ACY_HERDLIB_ID);
  g_assert_cmpstr (dir, ==, want_dir);
  listing = store_listing ();
  g_assert_cmpstr (listing, ==, "herd-lib");
  origin = acy_model_origin_load (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (origin->name, ==, "herd's model library");
  g_assert_cmpstr (origin->license, ==, "CeCILL-B");
  g_assert_null (origin->version);
  g_assert_cmpuint (g_strv_length (origin->files), ==,
                    g_strv_length ((char **) acy_model_store_files (ACY_HERDLIB_ID)));

  g_assert_true (acy_setup_resolve (&setup, &paths, &error));
  g_assert_no_error (error);
  want_cat = g_build_filename (dir, "x86tso-mixed.cat", NULL);
  g_assert_cmpstr (paths.cat_path, ==, want_cat);
}

/* A library whose x86tso-mixed.cat is another model (sequential
 * consistency: store buffering never seen) is not installed. */
static void
test_fetch_herdlib_not_herd (void)
{
  g_autoptr(TestServer) server = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  AcyFetchSpec spec = { .id = ACY_HERDLIB_ID };

  if (!(server = serve_herdlib ()))
    return;
  test_server_set_body (server, "x86tso-mixed.cat", "\"SC\"\ninclude \"cos.cat\"\nacyclic po | rf | co | fr\n");
  spec.base_url = test_server_get_url (server);
  dir = acy_model_store_fetch (&spec, NULL, &error);
  assert_fetch_failed (dir, error, ACY_ERROR_IO, "");
  g_assert_nonnull (strstr (error->message, "judges store buffering without fences Never"));
}

/* acyclic-check --fetch-model herd-lib, then an X86_64 test with no
 * model from another folder: herd7's answer */
static void
test_cli_herdlib_then_check (void)
{
  g_autoptr(TestServer) server = NULL;
  g_autofree char *litmus = g_build_filename (home, "sb.litmus", NULL);
  g_auto(Run) fetch = { 0 };
  g_auto(Run) r = { 0 };

  if (!(server = serve_herdlib ()))
    return;
  run_check (&fetch, "--fetch-model", "herd-lib", "--from", test_server_get_url (server), NULL);
  g_assert_cmpint (fetch.status, ==, 0);
  g_assert_nonnull (strstr (fetch.out, "Installed herd's model library"));
  g_assert_true (g_file_set_contents (litmus,
                                      "X86_64 SB\n{ }\n P0 | P1 ;\n movl $1,(x) | movl $1,(y) ;\n"
                                      " movl (y),%eax | movl (x),%eax ;\nexists (0:rax=0 /\\ 1:rax=0)\n",
                                      -1, NULL));
  run_check (&r, litmus, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Observation SB Sometimes 1 3"));
  g_remove (litmus);
}

int
main (int argc, char **argv)
{
  g_autofree char *other = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  store_test_init ("acy-store-XXXXXX");
  other = g_build_filename (home, "elsewhere", NULL);
  g_mkdir_with_parents (other, 0755);
  check_path = g_getenv ("ACYCLIC_CHECK");
  cli_dir = other;

  g_test_add_func ("/store/find/not-found-says-how", test_not_found_says_how);
  g_test_add_func ("/store/find/kernel-tree", test_kernel_tree);
  g_test_add_func ("/store/find/home-tree", test_home_tree);
  g_test_add_func ("/store/find/working-directory", test_cwd_tree);
  g_test_add_func ("/store/fetch/installs", test_fetch_installs);
  g_test_add_func ("/store/fetch/broken-file", test_fetch_broken_file);
  g_test_add_func ("/store/fetch/removes-stale", test_fetch_removes_stale);
  g_test_add_func ("/store/fetch/not-lkmm", test_fetch_not_lkmm);
  g_test_add_func ("/store/fetch/not-found", test_fetch_not_found);
  g_test_add_func ("/store/fetch/stall", test_fetch_stall);
  g_test_add_func ("/store/fetch/refused", test_fetch_refused);
  g_test_add_func ("/store/fetch/cancel", test_fetch_cancel);
  g_test_add_func ("/store/fetch/tls-error", test_fetch_tls_error);
  g_test_add_func ("/store/fetch/herd-lib", test_fetch_herdlib);
  g_test_add_func ("/store/fetch/herd-lib-not-herd", test_fetch_herdlib_not_herd);
  if (check_path != NULL)
    {
      g_test_add_func ("/store/cli/fetch-then-check", test_cli_fetch_then_check);
      g_test_add_func ("/store/cli/errors", test_cli_errors);
      g_test_add_func ("/store/cli/interrupt", test_cli_interrupt);
      g_test_add_func ("/store/cli/system-copy", test_cli_system_copy);
      g_test_add_func ("/store/cli/usage", test_cli_usage);
      g_test_add_func ("/store/cli/herd-lib-then-check", test_cli_herdlib_then_check);
    }

  status = g_test_run ();
  store_test_clear ();
  return status;
}
