/* acy-enumerate-images.c - a candidate's images under the permutations of a class of threads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Threads that run alike (acy_enum_find_interchangeable) are taken in
 * one order only: a candidate stands for its images under the
 * permutations of each class. Where those images have states of their
 * own (image classes: the state shows the threads' registers, or they
 * write constants of their own), the candidate the model allows goes
 * through them here, and gives each distinct state with its count.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-enumerate-private.h"

/* Taking thread @t, with @weight > 1 (fresh_weight, lock_weight: any
 * fresh thread of its class on its path from @from on would do), when
 * its class is an image class: noted, for the images' states
 * (Combo.img_took). */
void
acy_enum_push_image_choice (Enum *en, Combo *c, guint t, guint from, guint weight)
{
  guint i = c->n_img_choices++, m = 0;

  for (guint j = from; j < en->test->n_threads; j++)
    if (en->group[j] == en->group[t] && c->used[j] == 0 && en->chosen_index[j] == en->chosen_index[t])
      c->img_alts[i * IMAGE_CLASS_MAX + m++] = j;
  c->img_took[i] = t;
  c->img_n_alts[i] = m;
  c->img_weight *= weight;
}

/* How many combinations of paths the chosen one stands for: within each
 * class, threads take paths in the order of the path index (a thread
 * never on a later path than the next one of its class), and each
 * arrangement of those paths over the class's threads is the image of
 * this one under a permutation of the class (n! / (m1! m2! ...) of
 * them). 0 when the chosen combination is not in that order: it is the
 * image of one that is. Classes of more than 20 threads keep every
 * combination (their count would overflow). en->combo_img_weight gets
 * the part of image classes. */
guint64
acy_enum_class_arrangements (Enum *en)
{
  guint n = en->test->n_threads;
  guint64 w = 1;

  en->combo_img_weight = 1;
  for (guint a = 0; a < n; a++)
    {
      guint size = 0, run = 0, last = 0;
      guint64 cw = 1;

      if (en->group[a] != (gint) a)
        continue;
      for (guint b = a; b < n; b++)
        size += en->group[b] == (gint) a;
      if (size > 20)
        continue;
      /* n! / (m1! m2! ...) as a product of binomials, one thread at a time */
      size = 0;
      for (guint b = a; b < n; b++)
        {
          if (en->group[b] != (gint) a)
            continue;
          if (size > 0 && en->chosen_index[b] < last)
            return 0;
          run = size > 0 && en->chosen_index[b] == last ? run + 1 : 1;
          last = en->chosen_index[b];
          size++;
          cw = cw * size / run;
        }
      w *= cw;
      if (en->img_class[a] >= 0)
        en->combo_img_weight *= cw;
    }
  return w;
}

static guint
image_hash (gconstpointer key)
{
  const AcyValue *v = key;
  guint64 h = 1469598103934665603ull;

  for (AcyValue i = 0; i <= v[0]; i++)
    h = (h ^ (guint64) v[i]) * 1099511628211ull;
  return (guint) (h ^ (h >> 32));
}

static gboolean
image_equal (gconstpointer a, gconstpointer b)
{
  const AcyValue *x = a, *y = b;

  return memcmp (x, y, (gsize) (x[0] + 1) * sizeof (AcyValue)) == 0;
}

/* The next arrangement of @p (@n numbers, some equal) in lexicographic
 * order; FALSE, with @p sorted again, after the last. */
static gboolean
next_arrangement (guint *p, guint n)
{
  guint i, j, t;
  gboolean more;

  if (n < 2)
    return FALSE;
  for (i = n - 1; i > 0 && p[i - 1] >= p[i]; i--)
    ;
  more = i > 0;
  if (more)
    {
      for (j = n - 1; p[j] <= p[i - 1]; j--)
        ;
      t = p[i - 1], p[i - 1] = p[j], p[j] = t;
    }
  for (j = n - 1; i < j; i++, j--)
    t = p[i], p[i] = p[j], p[j] = t;
  return more;
}

/* en->img_move: where the current arrangement of paths over the image
 * classes (en->img_paths) takes each thread of theirs: the r-th thread
 * of a class on some path in the candidate to the r-th on that path in
 * the arrangement. */
static void
arrangement_moves (Enum *en)
{
  for (guint k = 0; k < en->n_img_classes; k++)
    for (guint i = en->img_first[k]; i < en->img_first[k + 1]; i++)
      {
        guint path = en->chosen_index[en->img_threads[i]], rank = 0, j;

        for (j = en->img_first[k]; j < i; j++)
          rank += en->chosen_index[en->img_threads[j]] == path;
        for (j = en->img_first[k]; j < en->img_first[k + 1]; j++)
          if (en->img_paths[j] == path && rank-- == 0)
            break;
        en->img_move[en->img_threads[i]] = en->img_threads[j];
      }
}

static void
images_reset (Enum *en)
{
  guint n = en->test->n_threads, nt = en->test->n_tracked;

  if (en->img_states == NULL)
    {
      en->img_states = g_hash_table_new (image_hash, image_equal);
      en->img_keys = g_ptr_array_new_with_free_func (g_free);
      en->img_to = g_new (guint, n);
      en->img_from = g_new (guint, n);
      en->img_move = g_new (guint, n);
      en->img_paths = g_new (guint, MAX (en->n_img_threads, 1));
      en->img_scratch = g_new (AcyValue, nt + 1);
      /* per shown register of an image class's thread, the same register of
       * each thread of its class */
      en->img_var = g_new (gint, (gsize) MAX (nt, 1) * n);
      for (guint v = 0; v < nt; v++)
        for (guint t = 0; t < n; t++)
          {
            AcyLitVar other = en->test->tracked[v];

            if (other.thread < 0 || other.thread >= (gint) n || en->group[other.thread] < 0
                || en->group[t] != en->group[other.thread])
              {
                en->img_var[v * n + t] = -1;
                continue;
              }
            other.thread = (gint) t;
            en->img_var[v * n + t] = acy_lit_tracked_index (en->test, other);
          }
    }
  g_hash_table_remove_all (en->img_states);
  g_ptr_array_set_size (en->img_keys, 0);
  for (guint t = 0; t < n; t++)
    en->img_to[t] = en->img_from[t] = en->img_move[t] = t;
  for (guint i = 0; i < en->n_img_threads; i++)
    en->img_paths[i] = en->chosen_index[en->img_threads[i]];
}

/* The next image: the next alternative at the choices that stand for
 * others, then the next arrangement of paths. FALSE after the last. */
static gboolean
next_image (Enum *en, Combo *c, guint *digit)
{
  for (guint i = 0; i < c->n_img_choices; i++)
    {
      if (++digit[i] < c->img_n_alts[i])
        return TRUE;
      digit[i] = 0;
    }
  for (guint k = 0; k < en->n_img_classes; k++)
    {
      gboolean more = next_arrangement (en->img_paths + en->img_first[k],
                                        en->img_first[k + 1] - en->img_first[k]);

      arrangement_moves (en);
      if (more)
        return TRUE;
    }
  return FALSE;
}

/* The candidate stands for cand->weight candidates: its images under
 * the permutations of classes of threads that run alike that the
 * search did not go through (Combo.img_took: taking one thread that
 * nothing involved yet, where any of some others would do; and the
 * arrangements of paths over a class's threads: see
 * acy_enum_class_arrangements). Those of image classes have states of
 * their own: goes through each of those images once (each a distinct
 * candidate), counts their states, and gives the candidate the number
 * of its own state (cand->weight) and the others as its images, each
 * with its number. What plain classes stand for multiplies them all. */
void
acy_enum_group_images (Enum *en, Combo *c, AcyCandidate *cand)
{
  const AcyTest *test = en->test;
  guint nt = test->n_tracked, n_out = 0;
  guint64 plain = cand->weight / c->img_weight, own = 0;
  guint *digit = g_newa (guint, c->n_img_choices + 1);

  images_reset (en);
  memset (digit, 0, (c->n_img_choices + 1) * sizeof (guint));
  do
    {
      AcyValue *count;

      /* thread t's part taken by: the alternatives chosen, the last
       * choice's first, then the arrangement's move */
      for (guint i = 0; i < en->n_img_threads; i++)
        {
          guint t = en->img_threads[i], x = t;

          for (guint k = c->n_img_choices; k-- > 0;)
            {
              guint took = c->img_took[k], alt = c->img_alts[k * IMAGE_CLASS_MAX + digit[k]];

              x = x == took ? alt : x == alt ? took : x;
            }
          x = en->img_move[x];
          en->img_to[t] = x;
          en->img_from[x] = t;
        }
      en->img_scratch[0] = nt;
      acy_enum_image_values (en, c, en->img_scratch + 1);
      count = g_hash_table_lookup (en->img_states, en->img_scratch);
      if (count == NULL)
        {
          AcyValue *key = g_new (AcyValue, nt + 2);

          memcpy (key, en->img_scratch, (nt + 1) * sizeof (AcyValue));
          key[nt + 1] = 0;
          count = &key[nt + 1];
          g_ptr_array_add (en->img_keys, key);
          g_hash_table_insert (en->img_states, key, count);
        }
      (*count)++;
    }
  while (next_image (en, c, digit));

  if (en->img_keys->len > en->img_out_cap)
    {
      en->img_out_cap = en->img_keys->len;
      en->img_out = g_renew (const AcyValue *, en->img_out, en->img_out_cap);
      en->img_out_conditions = g_renew (gboolean, en->img_out_conditions, en->img_out_cap);
      en->img_out_weights = g_renew (guint64, en->img_out_weights, en->img_out_cap);
    }
  for (guint i = 0; i < en->img_keys->len; i++)
    {
      const AcyValue *key = g_ptr_array_index (en->img_keys, i);
      guint64 w = (guint64) key[nt + 1] * plain;

      if (memcmp (key + 1, cand->final, nt * sizeof (AcyValue)) == 0)
        {
          own = w;
          continue;
        }
      en->img_out[n_out] = key + 1;
      en->img_out_conditions[n_out] = acy_lit_prop_eval (test->cond, test, key + 1);
      en->img_out_weights[n_out++] = w;
    }
  cand->weight = own;
  cand->images = en->img_out;
  cand->image_conditions = en->img_out_conditions;
  cand->image_weights = en->img_out_weights;
  cand->n_images = n_out;
}
