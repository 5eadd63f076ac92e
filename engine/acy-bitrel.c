/* acy-bitrel.c - event sets as bit rows, relations as bit matrices
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include "acy-bitrel.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

guint
acy_bits_count (guint words, const AcyWord *s)
{
  guint c = 0;
  for (guint w = 0; w < words; w++)
    c += (guint) __builtin_popcountll (s[w]);
  return c;
}

/* d = a OP b, word by word; with SSE2 (part of x86-64) four words per
 * step: a relation of 40 events is 40 words, and these run at every
 * union, intersection and difference the models make. d may be a or b:
 * each step loads before it stores. */
#ifdef __SSE2__
#define BITS_BINOP(name, sse, scalar)                                          \
  void                                                                         \
  name (guint words, AcyWord *d, const AcyWord *a, const AcyWord *b)           \
  {                                                                            \
    guint w = 0;                                                               \
                                                                               \
    for (; w + 4 <= words; w += 4)                                             \
      {                                                                        \
        __m128i x0 = _mm_loadu_si128 ((const __m128i *) (a + w));              \
        __m128i x1 = _mm_loadu_si128 ((const __m128i *) (a + w + 2));          \
        __m128i y0 = _mm_loadu_si128 ((const __m128i *) (b + w));              \
        __m128i y1 = _mm_loadu_si128 ((const __m128i *) (b + w + 2));          \
                                                                               \
        _mm_storeu_si128 ((__m128i *) (d + w), sse (x0, y0));                  \
        _mm_storeu_si128 ((__m128i *) (d + w + 2), sse (x1, y1));              \
      }                                                                        \
    for (; w < words; w++)                                                     \
      d[w] = scalar (a[w], b[w]);                                              \
  }
#define SSE_OR(x, y)   _mm_or_si128 (x, y)
#define SSE_AND(x, y)  _mm_and_si128 (x, y)
#define SSE_DIFF(x, y) _mm_andnot_si128 (y, x)
#else
#define BITS_BINOP(name, sse, scalar)                                          \
  void                                                                         \
  name (guint words, AcyWord *d, const AcyWord *a, const AcyWord *b)           \
  {                                                                            \
    for (guint w = 0; w < words; w++)                                          \
      d[w] = scalar (a[w], b[w]);                                              \
  }
#endif
#define W_OR(x, y)   ((x) | (y))
#define W_AND(x, y)  ((x) & (y))
#define W_DIFF(x, y) ((x) & ~(y))

BITS_BINOP (acy_bits_union, SSE_OR, W_OR)
BITS_BINOP (acy_bits_inter, SSE_AND, W_AND)
BITS_BINOP (acy_bits_diff, SSE_DIFF, W_DIFF)

static inline AcyWord
last_word_mask (guint n)
{
  return (n & 63) ? (((AcyWord) 1 << (n & 63)) - 1) : ~(AcyWord) 0;
}

void
acy_bits_complement (guint n, AcyWord *d, const AcyWord *a)
{
  guint words = ACY_WORDS (n);
  for (guint w = 0; w < words; w++)
    d[w] = ~a[w];
  if (words)
    d[words - 1] &= last_word_mask (n);
}

void
acy_bits_fill (guint n, AcyWord *d)
{
  guint words = ACY_WORDS (n);
  for (guint w = 0; w < words; w++)
    d[w] = ~(AcyWord) 0;
  if (words)
    d[words - 1] &= last_word_mask (n);
}

/* One word per row (n <= 64): row i of a ; b is the union of the rows of
 * b picked by the bits of a[i]. */
static void
compose1 (guint n, AcyWord *d, const AcyWord *a, const AcyWord *b)
{
  for (guint i = 0; i < n; i++)
    {
      AcyWord bits = a[i], acc = 0;
      while (bits)
        {
          acc |= b[__builtin_ctzll (bits)];
          bits &= bits - 1;
        }
      d[i] = acc;
    }
}

void
acy_rel_compose (guint n, AcyWord *d, const AcyWord *a, const AcyWord *b)
{
  guint words = ACY_WORDS (n);

  g_assert (d != a && d != b);
  if (words == 1)
    {
      compose1 (n, d, a, b);
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      const AcyWord *arow = a + (gsize) i * words;
      AcyWord *drow = d + (gsize) i * words;

      for (guint v = 0; v < words; v++)
        drow[v] = 0;
      for (guint w = 0; w < words; w++)
        {
          AcyWord bits = arow[w];
          while (bits)
            {
              guint k = (w << 6) + (guint) __builtin_ctzll (bits);
              const AcyWord *brow = b + (gsize) k * words;
              bits &= bits - 1;
              for (guint v = 0; v < words; v++)
                drow[v] |= brow[v];
            }
        }
    }
}

void
acy_rel_restrict (guint n, AcyWord *d, const AcyWord *a,
                  const AcyWord *dom, const AcyWord *ran)
{
  guint words = ACY_WORDS (n);

  if (words == 1)
    {
      /* branch-free on single-word rows: most relations of most tests */
      AcyWord rows = dom ? dom[0] : ~(AcyWord) 0, cols = ran ? ran[0] : ~(AcyWord) 0;

      for (guint i = 0; i < n; i++)
        d[i] = a[i] & cols & (AcyWord) -(gint64) ((rows >> i) & 1);
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      const AcyWord *arow = a + (gsize) i * words;
      AcyWord *drow = d + (gsize) i * words;

      if (dom && !acy_bits_has (dom, i))
        for (guint v = 0; v < words; v++)
          drow[v] = 0;
      else if (ran)
        for (guint v = 0; v < words; v++)
          drow[v] = arow[v] & ran[v];
      else if (drow != arow)
        for (guint v = 0; v < words; v++)
          drow[v] = arow[v];
    }
}

void
acy_rel_transpose (guint n, AcyWord *d, const AcyWord *a)
{
  guint words = ACY_WORDS (n);

  g_assert (d != a);
  if (words == 1)
    {
      for (guint j = 0; j < n; j++)
        d[j] = 0;
      for (guint i = 0; i < n; i++)
        {
          AcyWord bits = a[i];
          while (bits)
            {
              d[__builtin_ctzll (bits)] |= (AcyWord) 1 << i;
              bits &= bits - 1;
            }
        }
      return;
    }
  memset (d, 0, acy_rel_words (n) * sizeof (AcyWord));
  for (guint i = 0; i < n; i++)
    {
      const AcyWord *row = a + (gsize) i * words;
      ACY_BITS_FOREACH (j, row, n)
        acy_bits_add (d + (gsize) j * words, i);
    }
}

/* Depth-first search over single-word rows (n <= 64), iterative, with
 * the grey (on the stack) and unvisited events as bit masks. An edge into
 * a grey event closes a cycle; the search stops there and returns FALSE.
 * With @close (r itself, or NULL), each event's row becomes everything it
 * reaches when the event leaves the stack: its successors have all left
 * it by then (none is grey, or there would be a cycle), so their rows are
 * closed already, and a successor reached through another adds nothing. O(n + e)
 * word operations, against O(n^2) for Warshall or for peeling sinks. */
static gboolean
dfs1 (guint n, const AcyWord *r, AcyWord *close, AcyWord *later)
{
  guint8 stack[64];
  AcyWord unvisited = 0, grey = 0, done;

  /* Events with no successor are never worth a visit: they close no
   * cycle and add nothing to what reaches them. Most events of most
   * relations are such. */
  for (guint i = 0; i < n; i++)
    unvisited |= (AcyWord) (r[i] != 0) << i;
  /* (with @later: the events that leave the stack before one, and those
   * with no successor, come after it in an order r keeps) */
  done = ~unvisited & (n == 64 ? ~(AcyWord) 0 : ((AcyWord) 1 << n) - 1);
  if (later)
    for (guint i = 0; i < n; i++)
      later[i] = 0;

  while (unvisited)
    {
      guint sp = 0;
      guint root = (guint) __builtin_ctzll (unvisited);

      unvisited &= unvisited - 1;
      grey |= (AcyWord) 1 << root;
      stack[sp++] = (guint8) root;
      while (sp)
        {
          guint v = stack[sp - 1];
          AcyWord row = r[v], next;

          if (row & grey)
            return FALSE;
          next = row & unvisited;
          if (next)
            {
              guint u = (guint) __builtin_ctzll (next);
              unvisited &= ~((AcyWord) 1 << u);
              grey |= (AcyWord) 1 << u;
              stack[sp++] = (guint8) u;
              continue;
            }
          sp--;
          grey &= ~((AcyWord) 1 << v);
          if (later)
            {
              later[v] = done;
              done |= (AcyWord) 1 << v;
            }
          if (close)
            {
              AcyWord acc = row, bits = row;
              while (bits)
                {
                  AcyWord u = r[__builtin_ctzll (bits)];
                  acc |= u;
                  bits &= bits - 1;
                  bits &= ~u;
                }
              close[v] = acc;
            }
        }
    }
  return TRUE;
}

void
acy_rel_closure (guint n, AcyWord *r)
{
  guint words = ACY_WORDS (n);

  if (words == 1)
    {
      AcyWord cols = 0;

      /* Acyclic, as most relations closed are: closed on the way. */
      if (dfs1 (n, r, r, NULL))
        return;

      /* A cycle: Warshall, branch-free on single-word rows, over the k
       * that are some row's successor (the others change nothing, and
       * the union of the rows never grows). The rows the search closed
       * lie between r and its closure, so the closure is the same. */
      for (guint i = 0; i < n; i++)
        cols |= r[i];
      while (cols)
        {
          guint k = (guint) __builtin_ctzll (cols), i = 0;
          AcyWord krow = r[k];

          cols &= cols - 1;
          if (!krow)
            continue;
#ifdef __SSE2__
          /* two rows at a time (SSE2 is part of x86-64): half the time
           * of the closures of the bounds' upper sides, which have cycles */
          {
            __m128i kr = _mm_set1_epi64x ((long long) krow), one = _mm_set1_epi64x (1);
            __m128i zero = _mm_setzero_si128 (), shift = _mm_cvtsi32_si128 ((int) k);

            for (; i + 2 <= n; i += 2)
              {
                __m128i v = _mm_loadu_si128 ((const __m128i *) (r + i));
                __m128i has = _mm_sub_epi64 (zero, _mm_and_si128 (_mm_srl_epi64 (v, shift), one));

                _mm_storeu_si128 ((__m128i *) (r + i), _mm_or_si128 (v, _mm_and_si128 (has, kr)));
              }
          }
#endif
          for (; i < n; i++)
            r[i] |= (AcyWord) -(gint64) ((r[i] >> k) & 1) & krow;
        }
      return;
    }
  /* Warshall on bit rows: after step k, i reaches j through 0..k. */
  for (guint k = 0; k < n; k++)
    {
      const AcyWord *krow = r + (gsize) k * words;
      guint kw = k >> 6;
      AcyWord kb = (AcyWord) 1 << (k & 63);

      for (guint i = 0; i < n; i++)
        {
          AcyWord *irow = r + (gsize) i * words;
          if (irow[kw] & kb)
            for (guint v = 0; v < words; v++)
              irow[v] |= krow[v];
        }
    }
}

void
acy_rel_closure_refl (guint n, AcyWord *r)
{
  acy_rel_closure (n, r);
  for (guint i = 0; i < n; i++)
    acy_rel_add (r, n, i, i);
}

void
acy_rel_identity (guint n, AcyWord *d, const AcyWord *set)
{
  guint words = ACY_WORDS (n);

  if (words == 1)
    {
      AcyWord s = set ? set[0] : ~(AcyWord) 0;
      for (guint i = 0; i < n; i++)
        d[i] = s & ((AcyWord) 1 << i);
      return;
    }
  memset (d, 0, acy_rel_words (n) * sizeof (AcyWord));
  for (guint i = 0; i < n; i++)
    if (set == NULL || acy_bits_has (set, i))
      acy_rel_add (d, n, i, i);
}

void
acy_rel_cartesian (guint n, AcyWord *d, const AcyWord *a, const AcyWord *b)
{
  guint words = ACY_WORDS (n);

  if (words == 1)
    {
      for (guint i = 0; i < n; i++)
        d[i] = (AcyWord) -(gint64) ((a[0] >> i) & 1) & b[0];
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      AcyWord *row = d + (gsize) i * words;
      if (acy_bits_has (a, i))
        acy_bits_copy (words, row, b);
      else
        acy_bits_clear (words, row);
    }
}

void
acy_rel_domain (guint n, AcyWord *set, const AcyWord *r)
{
  guint words = ACY_WORDS (n);

  acy_bits_clear (words, set);
  for (guint i = 0; i < n; i++)
    if (!acy_bits_is_empty (words, r + (gsize) i * words))
      acy_bits_add (set, i);
}

void
acy_rel_range (guint n, AcyWord *set, const AcyWord *r)
{
  guint words = ACY_WORDS (n);

  acy_bits_clear (words, set);
  for (guint i = 0; i < n; i++)
    {
      const AcyWord *row = r + (gsize) i * words;
      for (guint w = 0; w < words; w++)
        set[w] |= row[w];
    }
}

gboolean
acy_rel_is_irreflexive (guint n, const AcyWord *r)
{
  for (guint i = 0; i < n; i++)
    if (acy_rel_has (r, n, i, i))
      return FALSE;
  return TRUE;
}

/* Iterative DFS with colours; on finding a back edge, optionally rebuild
 * the cycle from the DFS stack. Uses stack storage only (n is bounded by
 * ACY_MAX_EVENTS). */
static gboolean
dfs_cycle (guint n, const AcyWord *r, guint *cycle, guint *len)
{
  guint words = ACY_WORDS (n);
  guint8 colour[ACY_MAX_EVENTS];     /* 0 white, 1 grey, 2 black */
  guint stack[ACY_MAX_EVENTS];
  guint next_from[ACY_MAX_EVENTS];
  guint sp;

  g_assert (n <= ACY_MAX_EVENTS);
  memset (colour, 0, n);
  for (guint root = 0; root < n; root++)
    {
      if (colour[root])
        continue;
      sp = 0;
      stack[sp] = root;
      next_from[sp] = 0;
      colour[root] = 1;
      sp++;
      while (sp > 0)
        {
          guint v = stack[sp - 1];
          const AcyWord *row = r + (gsize) v * words;
          guint j = acy_bits_next (row, n, next_from[sp - 1]);

          if (j >= n)
            {
              colour[v] = 2;
              sp--;
              continue;
            }
          next_from[sp - 1] = j + 1;
          if (colour[j] == 1)
            {
              if (cycle)
                {
                  guint k = sp;
                  while (k > 0 && stack[k - 1] != j)
                    k--;
                  *len = 0;
                  for (guint m = k - 1; m < sp; m++)
                    cycle[(*len)++] = stack[m];
                }
              return TRUE;
            }
          if (colour[j] == 0)
            {
              colour[j] = 1;
              stack[sp] = j;
              next_from[sp] = 0;
              sp++;
            }
        }
    }
  return FALSE;
}

gboolean
acy_rel_is_acyclic (guint n, const AcyWord *r)
{
  if (n <= 64)
    return dfs1 (n, r, NULL, NULL);
  return !dfs_cycle (n, r, NULL, NULL);
}

gboolean
acy_rel_is_acyclic_in (guint n, const AcyWord *r, AcyWord *order)
{
  AcyWord out = 0;

  if (n > 64)
    return !dfs_cycle (n, r, NULL, NULL);
  /* within the order: acyclic, as the order is */
  for (guint i = 0; i < n; i++)
    out |= r[i] & ~order[i];
  if (out == 0)
    return TRUE;
  return dfs1 (n, r, NULL, order);
}

gboolean
acy_rel_find_cycle (guint n, const AcyWord *r, guint *cycle, guint *len)
{
  return dfs_cycle (n, r, cycle, len);
}
