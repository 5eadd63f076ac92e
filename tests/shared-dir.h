/* shared-dir.h - where the tests find the reference data (../shared)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The conformance corpus and herd7 are not part of the repository: they
 * are in ../shared beside the source tree, or in $ACYCLIC_SHARED_DIR
 * ($ACYCLIC_CONFORMANCE_DIR names its conformance/ folder alone). Every
 * test and script finds them this one way, so that pointing
 * ACYCLIC_SHARED_DIR at an empty folder shows what a clone without them
 * sees: each test that needs them skips.
 */
#pragma once

#include <glib.h>

/* The shared folder: $ACYCLIC_SHARED_DIR, else ../shared beside the
 * source tree. Free with g_free. */
static inline char *
test_shared_dir (void)
{
  const char *env = g_getenv ("ACYCLIC_SHARED_DIR");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
  return g_canonicalize_filename (SOURCE_MODELSDIR "/../../shared", NULL);
}

/* The conformance corpus: $ACYCLIC_CONFORMANCE_DIR, else the shared
 * folder's conformance/; with @sub, that folder of it. Free with g_free. */
static inline char *
test_conformance_path (const char *sub)
{
  const char *env = g_getenv ("ACYCLIC_CONFORMANCE_DIR");
  g_autofree char *shared = NULL;

  if (env != NULL && *env != '\0')
    return g_build_filename (env, sub, NULL);
  shared = test_shared_dir ();
  return g_build_filename (shared, "conformance", sub, NULL);
}
