/* slow-shapes.c - litmus tests that are slow to enumerate on purpose
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "slow-shapes.h"

char *
slow_shape_sum_pinned (guint n_reads)
{
  GString *s = g_string_new ("C sum-pinned\n{}\nP0(int *x, int *y)\n{\n");

  for (guint i = 0; i < n_reads; i++)
    g_string_append_printf (s, "  int r%u = READ_ONCE(*x);\n", i);
  g_string_append (s, "  int a = r0");
  for (guint i = 1; i < n_reads; i++)
    g_string_append_printf (s, " + r%u", i);
  /* herd7 makes the filter's 0:a=100 an equation on the sum, which no
   * choice of rf solves (the sum is at most 3 * n_reads) */
  g_string_append (s, ";\n}\n\n"
                   "P1(int *x)\n{\n  WRITE_ONCE(*x, 1);\n  WRITE_ONCE(*x, 2);\n  WRITE_ONCE(*x, 3);\n}\n\n"
                   "filter (0:a=100)\nexists (0:r0=0)\n");
  return g_string_free (s, FALSE);
}

char *
slow_shape_doubling (guint depth)
{
  GString *s = g_string_new ("C doubling\n{}\nP0(int *x, int *y)\n{\n  int r0 = READ_ONCE(*x);\n");

  for (guint i = 1; i <= depth; i++)
    g_string_append_printf (s, "  int r%u = r%u + r%u;\n", i, i - 1, i - 1);
  g_string_append_printf (s, "  if (r%u == 7)\n    WRITE_ONCE(*y, 1);\n}\n\n"
                          "P1(int *x)\n{\n  WRITE_ONCE(*x, 1);\n}\n\nexists (0:r0=0)\n", depth);
  return g_string_free (s, FALSE);
}

char *
slow_shape_many_paths (guint n_ifs, guint tail)
{
  GString *s = g_string_new ("C many-paths\n{}\nP0(int *x, int *y)\n{\n"
                             "  int r0;\n  int r1 = 0;\n  int z = 5;\n");

  for (guint i = 0; i < n_ifs; i++)
    g_string_append_printf (s, "  r0 = READ_ONCE(*x);\n  if (r0 == %u)\n    WRITE_ONCE(*y, %u);\n",
                            i + 10, i);
  for (guint i = 0; i < tail; i++)
    g_string_append (s, "  r1 = r1 + 1;\n");
  /* Each path ended once in a load through the integer z; herd7 refuses
   * that ("Non symbolic address") and so do we now, at the first path.
   * The paths live on instead: as many, and as slow to build. */
  g_string_append (s, "  int w = READ_ONCE(*y) + r1 + z;\n}\n\n"
                   "P1(int *x)\n{\n  WRITE_ONCE(*x, 1);\n}\n\nexists (0:r0=0)\n");
  return g_string_free (s, FALSE);
}

char *
slow_shape_sb_ring (guint n_threads)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "C SB-ring-%u\n{}\n", n_threads);
  for (guint i = 0; i < n_threads; i++)
    {
      guint next = (i + 1) % n_threads;

      g_string_append_printf (s, "P%u(int *x%u, int *x%u)\n{\n  int r0;\n\n"
                              "  WRITE_ONCE(*x%u, 1);\n  r0 = READ_ONCE(*x%u);\n}\n\n",
                              i, MIN (i, next), MAX (i, next), i, next);
    }
  g_string_append (s, "exists (");
  for (guint i = 0; i < n_threads; i++)
    g_string_append_printf (s, "%s%u:r0=0", i ? " /\\ " : "", i);
  g_string_append (s, ")\n");
  return g_string_free (s, FALSE);
}
