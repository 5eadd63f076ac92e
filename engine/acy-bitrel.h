/* acy-bitrel.h - event sets as bit rows, relations as bit matrices
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

/* Events are numbered densely 0..n-1. A set of events is a row of
 * `words = ACY_WORDS (n)` 64-bit words; a relation is n such rows, row i
 * holding the successors of event i. None of these functions allocate;
 * callers provide the storage (typically from an AcyArena). Unless stated,
 * destination and sources may alias. */
typedef guint64 AcyWord;

#define ACY_WORDS(n) (((n) + 63u) / 64u)
#define ACY_MAX_EVENTS 4096

static inline void
acy_bits_add (AcyWord *s, guint i)
{
  s[i >> 6] |= (AcyWord) 1 << (i & 63);
}

static inline void
acy_bits_remove (AcyWord *s, guint i)
{
  s[i >> 6] &= ~((AcyWord) 1 << (i & 63));
}

static inline gboolean
acy_bits_has (const AcyWord *s, guint i)
{
  return (s[i >> 6] >> (i & 63)) & 1;
}

static inline void
acy_bits_clear (guint words, AcyWord *s)
{
  memset (s, 0, words * sizeof (AcyWord));
}

static inline void
acy_bits_copy (guint words, AcyWord *d, const AcyWord *s)
{
  memmove (d, s, words * sizeof (AcyWord));
}

static inline gboolean
acy_bits_is_empty (guint words, const AcyWord *s)
{
  guint w = 0;

  /* four words a test: a relation's first rows are often empty */
  for (; w + 4 <= words; w += 4)
    if (s[w] | s[w + 1] | s[w + 2] | s[w + 3])
      return FALSE;
  for (; w < words; w++)
    if (s[w])
      return FALSE;
  return TRUE;
}

static inline gboolean
acy_bits_equal (guint words, const AcyWord *a, const AcyWord *b)
{
  return memcmp (a, b, words * sizeof (AcyWord)) == 0;
}

/* Iterate over the members of a set: for (i = acy_bits_next (s, n, 0); i < n; i = acy_bits_next (s, n, i + 1)) */
static inline guint
acy_bits_next (const AcyWord *s, guint n, guint from)
{
  guint w = from >> 6;
  AcyWord cur;

  if (from >= n)
    return n;
  cur = s[w] & (~(AcyWord) 0 << (from & 63));
  for (;;)
    {
      if (cur)
        {
          guint i = (w << 6) + (guint) __builtin_ctzll (cur);
          return i < n ? i : n;
        }
      w++;
      if ((w << 6) >= n)
        return n;
      cur = s[w];
    }
}

#define ACY_BITS_FOREACH(i, s, n) \
  for (guint i = acy_bits_next ((s), (n), 0); i < (n); i = acy_bits_next ((s), (n), i + 1))

guint    acy_bits_count      (guint words, const AcyWord *s);
void     acy_bits_union      (guint words, AcyWord *d, const AcyWord *a, const AcyWord *b);
void     acy_bits_inter      (guint words, AcyWord *d, const AcyWord *a, const AcyWord *b);
void     acy_bits_diff       (guint words, AcyWord *d, const AcyWord *a, const AcyWord *b);
void     acy_bits_complement (guint n, AcyWord *d, const AcyWord *a);  /* within 0..n-1 */
void     acy_bits_fill       (guint n, AcyWord *d);                    /* all of 0..n-1 */

/* Relations: n rows of ACY_WORDS (n) words. */
static inline AcyWord *
acy_rel_row (AcyWord *r, guint n, guint i)
{
  return r + (gsize) i * ACY_WORDS (n);
}

static inline gboolean
acy_rel_has (const AcyWord *r, guint n, guint i, guint j)
{
  return acy_bits_has (r + (gsize) i * ACY_WORDS (n), j);
}

static inline void
acy_rel_add (AcyWord *r, guint n, guint i, guint j)
{
  acy_bits_add (r + (gsize) i * ACY_WORDS (n), j);
}

static inline gsize
acy_rel_words (guint n)
{
  return (gsize) n * ACY_WORDS (n);
}

/* d = a ; b (sequential composition). d must not alias a or b. */
void     acy_rel_compose      (guint n, AcyWord *d, const AcyWord *a, const AcyWord *b);
/* d = [dom] ; a ; [ran] (NULL for no restriction). d may alias a. */
void     acy_rel_restrict     (guint n, AcyWord *d, const AcyWord *a,
                               const AcyWord *dom, const AcyWord *ran);
/* d = a^-1. d must not alias a. */
void     acy_rel_transpose    (guint n, AcyWord *d, const AcyWord *a);
/* r = r+ in place. */
void     acy_rel_closure      (guint n, AcyWord *r);
/* r = r* in place (adds the identity on all n events). */
void     acy_rel_closure_refl (guint n, AcyWord *r);
void     acy_rel_identity     (guint n, AcyWord *d, const AcyWord *set); /* [set]; set NULL = all */
void     acy_rel_cartesian    (guint n, AcyWord *d, const AcyWord *a, const AcyWord *b);
void     acy_rel_domain       (guint n, AcyWord *set, const AcyWord *r);
void     acy_rel_range        (guint n, AcyWord *set, const AcyWord *r);
gboolean acy_rel_is_irreflexive (guint n, const AcyWord *r);
gboolean acy_rel_is_acyclic   (guint n, const AcyWord *r);
/* The same, given a strict order kept from an earlier test: @order has
 * 64 words, order[i] the events after i (all zero is the empty order).
 * When r lies within it, r is acyclic, and nothing else is looked at;
 * otherwise r is searched, and, when n <= 64, @order becomes an order
 * that r lies within as far as the search went (all of r when acyclic).
 * The relations a check tests on sibling executions (one per coherence
 * order) lie within the last one's order about two times in five. */
gboolean acy_rel_is_acyclic_in (guint n, const AcyWord *r, AcyWord *order);
/* If r has a cycle, write one (as event indices, each related to the next
 * and the last to the first) into cycle[0..*len-1] (cycle has room for n)
 * and return TRUE. */
gboolean acy_rel_find_cycle   (guint n, const AcyWord *r, guint *cycle, guint *len);

G_END_DECLS
