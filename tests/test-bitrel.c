/* test-bitrel.c - bit sets and bit-matrix relations; the engine's arenas, errors and file writing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "test-bitrel"
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "acyclic.h"

#define N 70   /* more than one word per row */

static AcyWord *
rel_new (void)
{
  return g_new0 (AcyWord, acy_rel_words (N));
}

static void
test_sets (void)
{
  guint words = ACY_WORDS (N);
  g_autofree AcyWord *a = g_new0 (AcyWord, words);
  g_autofree AcyWord *b = g_new0 (AcyWord, words);
  g_autofree AcyWord *c = g_new0 (AcyWord, words);
  guint seen = 0, last = 0;

  acy_bits_add (a, 3);
  acy_bits_add (a, 64);
  acy_bits_add (a, 69);
  acy_bits_add (b, 64);
  g_assert_cmpuint (acy_bits_count (words, a), ==, 3);
  acy_bits_inter (words, c, a, b);
  g_assert_cmpuint (acy_bits_count (words, c), ==, 1);
  g_assert_true (acy_bits_has (c, 64));
  acy_bits_diff (words, c, a, b);
  g_assert_false (acy_bits_has (c, 64));
  g_assert_true (acy_bits_has (c, 69));
  acy_bits_complement (N, c, a);
  g_assert_cmpuint (acy_bits_count (words, c), ==, N - 3);
  acy_bits_fill (N, c);
  g_assert_cmpuint (acy_bits_count (words, c), ==, N);
  ACY_BITS_FOREACH (i, a, N)
    {
      g_assert_true (i == 3 || i == 64 || i == 69);
      g_assert_cmpuint (i, >=, last);
      last = i;
      seen++;
    }
  g_assert_cmpuint (seen, ==, 3);
}

static void
test_compose_transpose (void)
{
  g_autofree AcyWord *a = rel_new ();
  g_autofree AcyWord *b = rel_new ();
  g_autofree AcyWord *c = rel_new ();

  acy_rel_add (a, N, 0, 65);
  acy_rel_add (b, N, 65, 2);
  acy_rel_add (b, N, 1, 3);
  acy_rel_compose (N, c, a, b);
  g_assert_true (acy_rel_has (c, N, 0, 2));
  g_assert_false (acy_rel_has (c, N, 1, 3));
  g_assert_cmpuint (acy_bits_count (acy_rel_words (N), c), ==, 1);
  acy_rel_transpose (N, c, a);
  g_assert_true (acy_rel_has (c, N, 65, 0));
  g_assert_false (acy_rel_has (c, N, 0, 65));
}

static void
test_closure_and_cycles (void)
{
  g_autofree AcyWord *r = rel_new ();
  guint cycle[N], len = 0;

  /* A chain 0 -> 1 -> ... -> 69 is acyclic; its closure relates 0 to 69. */
  for (guint i = 0; i + 1 < N; i++)
    acy_rel_add (r, N, i, i + 1);
  g_assert_true (acy_rel_is_acyclic (N, r));
  g_assert_false (acy_rel_find_cycle (N, r, cycle, &len));

  /* Closing it with 69 -> 10 makes the cycle 10 .. 69. */
  acy_rel_add (r, N, 69, 10);
  g_assert_false (acy_rel_is_acyclic (N, r));
  g_assert_true (acy_rel_find_cycle (N, r, cycle, &len));
  g_assert_cmpuint (len, ==, 60);
  for (guint k = 0; k < len; k++)
    g_assert_true (acy_rel_has (r, N, cycle[k], cycle[(k + 1) % len]));

  acy_rel_closure (N, r);
  g_assert_true (acy_rel_has (r, N, 0, 69));
  g_assert_true (acy_rel_has (r, N, 10, 10));
  g_assert_false (acy_rel_has (r, N, 5, 5));
  g_assert_false (acy_rel_is_irreflexive (N, r));
}

/* One word per row (n <= 64) has its own closure and cycle search:
 * checked against the definition on random relations of every size, sparse
 * and dense, with and without cycles. */
static void
test_closure_single_word (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261204);
  guint cyclic = 0, acyclic = 0;

  for (guint round = 0; round < 3000; round++)
    {
      guint n = 1 + round % 64;
      /* Edges forward only (a DAG) in half the rounds, anywhere otherwise */
      gboolean dag = (round / 64) % 2 == 0;
      gdouble density = g_rand_double_range (rand, 0.0, round % 3 == 0 ? 0.5 : 0.08);
      AcyWord r[64] = { 0 }, closed[64], expect[64];
      gboolean changed = TRUE, has_cycle = FALSE;

      for (guint i = 0; i < n; i++)
        for (guint j = dag ? i + 1 : 0; j < n; j++)
          if (g_rand_double (rand) < density)
            acy_rel_add (r, n, i, j);
      /* The closure by definition: add r ; closure until nothing changes */
      memcpy (expect, r, sizeof r);
      while (changed)
        {
          changed = FALSE;
          for (guint i = 0; i < n; i++)
            for (guint k = 0; k < n; k++)
              if (acy_rel_has (expect, n, i, k) && (expect[i] | r[k]) != expect[i])
                {
                  expect[i] |= r[k];
                  changed = TRUE;
                }
        }
      for (guint i = 0; i < n; i++)
        has_cycle = has_cycle || acy_rel_has (expect, n, i, i);

      g_assert_cmpint (acy_rel_is_acyclic (n, r), ==, !has_cycle);
      memcpy (closed, r, sizeof r);
      acy_rel_closure (n, closed);
      for (guint i = 0; i < n; i++)
        g_assert_cmphex (closed[i], ==, expect[i]);
      if (has_cycle)
        cyclic++;
      else
        acyclic++;
    }
  /* Both kinds were met, often */
  g_assert_cmpuint (cyclic, >, 500);
  g_assert_cmpuint (acyclic, >, 500);
}

/* [dom] ; a ; [ran], with either side missing, against the definition,
 * on one word per row (its own branch-free path) and on several. */
static void
test_restrict (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261205);

  for (guint round = 0; round < 400; round++)
    {
      guint n = 1 + round % 130, words = ACY_WORDS (n);
      g_autofree AcyWord *a = g_new0 (AcyWord, acy_rel_words (n));
      g_autofree AcyWord *d = g_new0 (AcyWord, acy_rel_words (n));
      g_autofree AcyWord *dom = g_new0 (AcyWord, words);
      g_autofree AcyWord *ran = g_new0 (AcyWord, words);
      gboolean with_dom = round % 4 != 1, with_ran = round % 4 != 2;

      for (guint i = 0; i < n; i++)
        {
          if (g_rand_boolean (rand))
            acy_bits_add (dom, i);
          if (g_rand_boolean (rand))
            acy_bits_add (ran, i);
          for (guint j = 0; j < n; j++)
            if (g_rand_int_range (rand, 0, 4) == 0)
              acy_rel_add (a, n, i, j);
        }
      acy_rel_restrict (n, d, a, with_dom ? dom : NULL, with_ran ? ran : NULL);
      for (guint i = 0; i < n; i++)
        for (guint j = 0; j < n; j++)
          g_assert_cmpint (acy_rel_has (d, n, i, j), ==,
                           acy_rel_has (a, n, i, j) && (!with_dom || acy_bits_has (dom, i))
                           && (!with_ran || acy_bits_has (ran, j)));
      /* in place */
      acy_rel_restrict (n, a, a, with_dom ? dom : NULL, with_ran ? ran : NULL);
      g_assert_true (acy_bits_equal ((guint) acy_rel_words (n), a, d));
    }
}

/* Union, intersection and difference word by word, and emptiness, on
 * every length from 0 to 19 words (the vector steps and the words left
 * after them), into a fresh array and in place on either operand,
 * against the definition; the words past the length are not touched. */
static void
test_word_ops (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261204);
  void (*ops[]) (guint, AcyWord *, const AcyWord *, const AcyWord *) = {
    acy_bits_union, acy_bits_inter, acy_bits_diff,
  };

  for (guint words = 0; words < 20; words++)
    for (guint op = 0; op < G_N_ELEMENTS (ops); op++)
      for (guint into = 0; into < 3; into++)
        {
          AcyWord a[21], b[21], d[21], want[20];

          for (guint w = 0; w < 21; w++)
            {
              a[w] = ((AcyWord) g_rand_int (rand) << 32) | g_rand_int (rand);
              b[w] = ((AcyWord) g_rand_int (rand) << 32) | g_rand_int (rand);
              d[w] = 0x5a5a5a5a5a5a5a5aull;
            }
          for (guint w = 0; w < words; w++)
            want[w] = op == 0 ? a[w] | b[w] : op == 1 ? a[w] & b[w] : a[w] & ~b[w];
          {
            AcyWord *dst = into == 0 ? d : into == 1 ? a : b;
            AcyWord past = dst[words];

            ops[op] (words, dst, a, b);
            for (guint w = 0; w < words; w++)
              g_assert_cmphex (dst[w], ==, want[w]);
            g_assert_cmphex (dst[words], ==, past);
          }
        }
  for (guint words = 0; words < 20; words++)
    for (guint at = 0; at <= words; at++)
      {
        AcyWord s[21] = { 0 };

        s[words] = 1;   /* past the length: not looked at */
        if (at < words)
          s[at] = (AcyWord) 1 << (at * 7 % 64);
        g_assert_cmpint (acy_bits_is_empty (words, s), ==, at == words);
      }
}

/* acy_rel_is_acyclic_in() with one order kept across a run of random
 * relations, cyclic or not, each a small change of the one before (as a
 * check's relation is from one coherence order to the next), agrees
 * with acy_rel_is_acyclic(); and an acyclic relation lies within the
 * order its test leaves. */
static gboolean
within_order (guint n, const AcyWord *r, const AcyWord *order)
{
  AcyWord out = 0;

  for (guint i = 0; i < n; i++)
    out |= r[i] & ~order[i];
  return out == 0;
}

/* acy_rel_is_acyclic_in() with one order kept across runs of random
 * relations, cyclic or not, each a small change of the one before (as a
 * check's relation is from one coherence order to the next), agrees
 * with acy_rel_is_acyclic(); a relation within the order is taken as
 * it is (the order stays); an acyclic one lies within the order its
 * test leaves; and the order stays a strict order. */
static void
test_acyclic_in (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261206);
  AcyWord order[64] = { 0 }, r[64] = { 0 }, before[64];
  guint fast = 0, searched = 0;

  for (guint round = 0; round < 20000; round++)
    {
      guint n = 1 + (round / 300) % 64, flips = 1 + g_rand_int_range (rand, 0, 3);
      gboolean acyclic, was_within;

      if (round % 50 == 0)
        memset (r, 0, sizeof r);
      /* an edge or two in or out, mostly forward */
      for (guint f = 0; f < flips; f++)
        {
          guint i = g_rand_int_range (rand, 0, (gint) n), j = g_rand_int_range (rand, 0, (gint) n);

          if (g_rand_int_range (rand, 0, 8) != 0 && i > j)
            {
              guint t = i;
              i = j;
              j = t;
            }
          r[i] ^= (AcyWord) 1 << j;
        }
      acyclic = acy_rel_is_acyclic (n, r);
      was_within = within_order (n, r, order);
      memcpy (before, order, sizeof order);
      g_assert_cmpint (acy_rel_is_acyclic_in (n, r, order), ==, acyclic);
      if (was_within)
        {
          g_assert_true (acyclic);
          g_assert_cmpmem (before, sizeof before, order, sizeof order);
          fast++;
        }
      else
        searched++;
      if (acyclic)
        g_assert_true (within_order (n, r, order));
      for (guint i = 0; i < n; i++)
        {
          g_assert_false ((order[i] >> i) & 1);
          ACY_BITS_FOREACH (j, &order[i], n)
            g_assert_cmphex (order[j] & ~order[i], ==, 0);
        }
    }
  g_assert_cmpuint (fast, >, 1000);
  g_assert_cmpuint (searched, >, 1000);
}

static void
test_domain_range_cartesian (void)
{
  guint words = ACY_WORDS (N);
  g_autofree AcyWord *r = rel_new ();
  g_autofree AcyWord *s = g_new0 (AcyWord, words);
  g_autofree AcyWord *t = g_new0 (AcyWord, words);

  acy_rel_add (r, N, 1, 66);
  acy_rel_add (r, N, 67, 2);
  acy_rel_domain (N, s, r);
  g_assert_true (acy_bits_has (s, 1) && acy_bits_has (s, 67));
  g_assert_cmpuint (acy_bits_count (words, s), ==, 2);
  acy_rel_range (N, t, r);
  g_assert_true (acy_bits_has (t, 66) && acy_bits_has (t, 2));
  acy_rel_cartesian (N, r, s, t);
  g_assert_cmpuint (acy_bits_count (acy_rel_words (N), r), ==, 4);
  acy_rel_identity (N, r, s);
  g_assert_true (acy_rel_has (r, N, 67, 67));
  g_assert_cmpuint (acy_bits_count (acy_rel_words (N), r), ==, 2);
}

static void
test_arena (void)
{
  g_autoptr(AcyArena) arena = acy_arena_new (4096);
  gsize before;
  char *p;

  for (guint i = 0; i < 1000; i++)
    {
      p = acy_arena_alloc (arena, 100);
      g_assert_cmpuint (GPOINTER_TO_SIZE (p) % 16, ==, 0);
      memset (p, 1, 100);
    }
  before = acy_arena_size (arena);
  acy_arena_reset (arena);
  for (guint i = 0; i < 1000; i++)
    acy_arena_alloc (arena, 100);
  /* A reset arena reuses its chunks: steady state allocates nothing. */
  g_assert_cmpuint (acy_arena_size (arena), ==, before);
  g_assert_cmpstr (acy_arena_strdup (arena, "po-loc"), ==, "po-loc");
}

static void
test_error_position (void)
{
  g_autoptr(GError) error = NULL;
  AcyLoc loc = { "t.cat", 3, 7 };

  acy_set_error_at (&error, ACY_ERROR_SYNTAX, loc, "unexpected %s near '%s'", "token", ")");
  g_assert_error (error, ACY_ERROR, ACY_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "t.cat:3:7: unexpected token near ')'");
}

/* No file is left in the folder but the one written */
static guint
files_in (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  g_assert_nonnull (d);
  while (g_dir_read_name (d))
    n++;
  return n;
}

static void
assert_contents (const char *path, const char *expect)
{
  g_autofree char *got = NULL;

  g_assert_true (g_file_get_contents (path, &got, NULL, NULL));
  g_assert_cmpstr (got, ==, expect);
}

/* acy_file_write: the whole file or nothing, through links, keeping
 * the mode; a write that fails leaves the old file as it was. */
static void
test_file_write (void)
{
  g_autofree char *dir = g_dir_make_tmp ("acy-write-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "t.litmus", NULL);
  g_autofree char *link = g_build_filename (dir, "link.litmus", NULL);
  g_autofree char *big = g_strnfill (64 * 1024, 'x');
  g_autoptr(GError) error = NULL;
  struct rlimit saved, small;
  GStatBuf st;

  g_assert_nonnull (dir);
  g_assert_true (acy_file_write (path, "C one\n", 6, &error));
  g_assert_no_error (error);
  assert_contents (path, "C one\n");

  /* an existing file keeps its mode */
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_true (acy_file_write (path, "C two\n", 6, &error));
  g_assert_no_error (error);
  assert_contents (path, "C two\n");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpuint (st.st_mode & 07777, ==, 0640);

  /* through a symbolic link: the file it names is written, the link stays */
  g_assert_cmpint (symlink ("t.litmus", link), ==, 0);
  g_assert_true (acy_file_write (link, "C three\n", 8, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  assert_contents (path, "C three\n");
  g_assert_cmpuint (files_in (dir), ==, 2);

  /* a write that fails midway (files larger than 4 KiB refused, as a full
   * disk would) leaves the old contents and no stray file */
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  small = saved;
  small.rlim_cur = 4096;
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  g_assert_false (acy_file_write (path, big, strlen (big), &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, SIG_DFL);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "the file on disk is unchanged"));
  g_clear_error (&error);
  assert_contents (path, "C three\n");
  g_assert_cmpuint (files_in (dir), ==, 2);

  /* a folder in the way is named, not written into */
  g_assert_false (acy_file_write (dir, "x", 1, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_assert_cmpstr (error->message, ==, "it is a directory");
  g_clear_error (&error);

  g_assert_cmpint (g_unlink (link), ==, 0);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/bitrel/sets", test_sets);
  g_test_add_func ("/engine/bitrel/compose-transpose", test_compose_transpose);
  g_test_add_func ("/engine/bitrel/closure-cycles", test_closure_and_cycles);
  g_test_add_func ("/engine/bitrel/closure-single-word", test_closure_single_word);
  g_test_add_func ("/engine/bitrel/restrict", test_restrict);
  g_test_add_func ("/engine/bitrel/word-ops", test_word_ops);
  g_test_add_func ("/engine/bitrel/acyclic-in", test_acyclic_in);
  g_test_add_func ("/engine/bitrel/domain-range-cartesian", test_domain_range_cartesian);
  g_test_add_func ("/engine/arena/reuse", test_arena);
  g_test_add_func ("/engine/files/write", test_file_write);
  g_test_add_func ("/engine/error/position", test_error_position);
  return g_test_run ();
}
