/* test-graph-cli.c - acyclic-check --graph, --graph-all, -show and --dot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-graph-cli"
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

static const char mp_mb[] =
  "C C-MP+o-mb-o+o-mb-o\n"
  "{\n}\n"
  "P0(int *x, int *y)\n{\n  WRITE_ONCE(*y, 1);\n  smp_mb();\n  WRITE_ONCE(*x, 1);\n}\n"
  "P1(int *x, int *y)\n{\n  int r1;\n  int r2;\n\n  r1 = READ_ONCE(*x);\n  smp_mb();\n  r2 = READ_ONCE(*y);\n}\n"
  "exists\n(1:r1=1 /\\ 1:r2=0)\n";

static char *tmpdir;
static char *litmus;

/* Runs acyclic-check on the MP test with @extra options; returns stdout
 * without its Time line. */
static char *
run_check (const char *const *extra)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *cat = g_build_filename (SOURCE_MODELSDIR, "coherent-rmo.cat", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  GString *kept = g_string_new (NULL);
  int status = 0;

  g_ptr_array_add (argv, (gpointer) g_getenv ("ACYCLIC_CHECK"));
  g_ptr_array_add (argv, "-I");
  g_ptr_array_add (argv, SOURCE_MODELSDIR);
  g_ptr_array_add (argv, "-cat");
  g_ptr_array_add (argv, cat);
  for (guint i = 0; extra && extra[i]; i++)
    g_ptr_array_add (argv, (gpointer) extra[i]);
  g_ptr_array_add (argv, litmus);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("acyclic-check failed: %s", err);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (!g_str_has_prefix (lines[i], "Time "))
      g_string_append_printf (kept, "%s\n", lines[i]);
  return g_string_free (kept, FALSE);
}

static guint
count_files (const char *dir, const char *suffix)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d && (name = g_dir_read_name (d)))
    if (g_str_has_suffix (name, suffix))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        g_autofree char *contents = NULL;
        gsize len;

        g_assert_true (g_str_has_prefix (name, "C-MP+o-mb-o+o-mb-o-"));
        g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
        if (g_str_equal (suffix, ".svg"))
          g_assert_nonnull (strstr (contents, "<svg"));
        else if (g_str_equal (suffix, ".png"))
          g_assert_true (memcmp (contents, "\x89PNG", 4) == 0);
        else if (g_str_equal (suffix, ".pdf"))
          g_assert_true (memcmp (contents, "%PDF", 4) == 0);
        else if (g_str_equal (suffix, ".dot"))
          g_assert_true (g_str_has_prefix (contents, "digraph G {"));
        n++;
      }
  return n;
}

static void
test_graph_files (void)
{
  g_autofree char *plain = run_check (NULL);
  g_autofree char *dir = g_build_filename (tmpdir, "allowed", NULL);
  const char *const args[] = { "--graph", dir, NULL };
  g_autofree char *with = run_check (args);

  /* herd7's output is the same with or without pictures. */
  g_assert_cmpstr (plain, ==, with);
  g_assert_cmpuint (count_files (dir, ".svg"), ==, 3);
}

static void
test_graph_all (void)
{
  const char *const formats[] = { "png", "pdf", "svg" };

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *dir = g_build_filename (tmpdir, formats[i], NULL);
      g_autofree char *suffix = g_strdup_printf (".%s", formats[i]);
      const char *const args[] = { "--graph", dir, "--graph-format", formats[i], "-show", "all", NULL };
      g_autofree char *out = run_check (args);

      g_assert_cmpuint (count_files (dir, suffix), ==, 4);
    }
}

static void
test_dot (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "dot", NULL);
  const char *const args[] = { "--dot", dir, "--graph-all", NULL };
  g_autofree char *out = run_check (args);

  g_assert_cmpuint (count_files (dir, ".dot"), ==, 4);
}

static void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) d = g_dir_open (path, 0, NULL);
      const char *name;
      while (d && (name = g_dir_read_name (d)))
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_remove (path);
}

/* A graph that cannot be written (here: a folder stands where the file
 * goes) fails the run, names the file and the reason, and leaves no
 * partial or temporary file. */
static void
test_write_error (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "blocked", NULL);
  g_autofree char *blocker = g_build_filename (dir, "C-MP+o-mb-o+o-mb-o-1.svg", NULL);
  g_autofree char *cat = g_build_filename (SOURCE_MODELSDIR, "coherent-rmo.cat", NULL);
  const char *argv[] = { g_getenv ("ACYCLIC_CHECK"), "-cat", cat, "--graph", dir, litmus, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;

  g_assert_cmpint (g_mkdir_with_parents (blocker, 0755), ==, 0);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, "C-MP+o-mb-o+o-mb-o-1.svg: cannot write the file: "));
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    guint n = 0;

    while (d && g_dir_read_name (d))
      n++;
    g_assert_cmpuint (n, ==, 1);   /* the blocker only */
  }
  g_rmdir (blocker);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("ACYCLIC_CHECK") == NULL)
    {
      g_printerr ("ACYCLIC_CHECK is not set\n");
      return 77;
    }
  tmpdir = g_dir_make_tmp ("acy-graph-cli-XXXXXX", NULL);
  litmus = g_build_filename (tmpdir, "C-MP+o-mb-o+o-mb-o.litmus", NULL);
  g_assert_true (g_file_set_contents (litmus, mp_mb, -1, NULL));

  g_test_add_func ("/graph/cli/files", test_graph_files);
  g_test_add_func ("/graph/cli/all", test_graph_all);
  g_test_add_func ("/graph/cli/dot", test_dot);
  g_test_add_func ("/graph/cli/write-error", test_write_error);
  status = g_test_run ();
  remove_tree (tmpdir);
  g_free (tmpdir);
  g_free (litmus);
  return status;
}
