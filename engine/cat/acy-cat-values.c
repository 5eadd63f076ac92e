/* acy-cat-values.c - making cat values, reading them as sets and
 * relations, equality, hashing and sets of values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sets of values (VSET) are built one element at a time by `x ++ S`,
 * each step a new set that must leave out duplicates. Models build big
 * ones this way (cross.cat's set of all coherence orders can have
 * thousands), so a set that grows past a few elements gets a buffer it
 * shares with the sets it grows into, filled from the end towards the
 * front, with a hash index: adding to the newest set of a buffer is then
 * O(1) instead of a copy and a scan of every element.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-eval.h"

/* ---- making values, and reading them as sets and relations ---- */

AcyCatValue *
acy_cat_value_new (AcyCatEval *ev, AcyCatValueKind kind)
{
  AcyCatValue *v = acy_arena_new0 (ev->arena, AcyCatValue);
  v->kind = kind;
  return v;
}

/* A set or relation with its @words bits right after it: one
 * allocation per result instead of two. The bits are left as they are
 * unless @zero. */
static AcyCatValue *
new_bits (AcyCatEval *ev, AcyCatValueKind kind, gsize words, gboolean zero)
{
  gsize head = (sizeof (AcyCatValue) + 15) & ~(gsize) 15;
  guint8 *p = acy_arena_alloc (ev->arena, head + MAX (words, 1) * sizeof (AcyWord));
  AcyCatValue *v = (AcyCatValue *) p;

  memset (v, 0, sizeof *v);
  v->kind = kind;
  v->u.bits = (AcyWord *) (p + head);
  if (zero)
    memset (v->u.bits, 0, MAX (words, 1) * sizeof (AcyWord));
  return v;
}

AcyCatValue *
acy_cat_new_set (AcyCatEval *ev)
{
  return new_bits (ev, ACY_CAT_V_SET, ev->words, TRUE);
}

AcyCatValue *
acy_cat_new_rel (AcyCatEval *ev)
{
  return new_bits (ev, ACY_CAT_V_REL, ev->rel_words, TRUE);
}

/* For results every word of which is about to be written. */
AcyCatValue *
acy_cat_new_set_raw (AcyCatEval *ev)
{
  return new_bits (ev, ACY_CAT_V_SET, ev->words, FALSE);
}

AcyCatValue *
acy_cat_new_rel_raw (AcyCatEval *ev)
{
  return new_bits (ev, ACY_CAT_V_REL, ev->rel_words, FALSE);
}

const char *
acy_cat_value_kind_name (const AcyCatValue *v)
{
  switch (v->kind)
    {
    case ACY_CAT_V_EMPTY: return "empty set";
    case ACY_CAT_V_UNIV: return "universe";
    case ACY_CAT_V_SET: return "set of events";
    case ACY_CAT_V_REL: return "relation";
    case ACY_CAT_V_EVENT: return "event";
    case ACY_CAT_V_PAIR: return "pair of events";
    case ACY_CAT_V_TAG: return "tag";
    case ACY_CAT_V_STRING: return "string";
    case ACY_CAT_V_TUPLE: return "tuple";
    case ACY_CAT_V_VSET: return "set of values";
    case ACY_CAT_V_CLOSURE: case ACY_CAT_V_PRIM: return "function";
    case ACY_CAT_V_PROC: return "procedure";
    case ACY_CAT_V_STREAM: return "set of values";
    default: return "value";
    }
}

void
acy_cat_type_error (AcyCatEval *ev, const AcyCatExpr *at, const char *what, AcyCatValue *v)
{
  if (ev->error && *ev->error)
    return;
  acy_set_error_at (ev->error, ACY_ERROR_TYPE, at->loc, "%s where %s is expected near '%s'",
                    acy_cat_value_kind_name (v), what, at->near);
}

AcyWord *
acy_cat_to_set (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *v)
{
  AcyWord *bits;

  switch (v->kind)
    {
    case ACY_CAT_V_SET:
      return v->u.bits;
    case ACY_CAT_V_EMPTY:
      return acy_cat_new_set (ev)->u.bits;
    case ACY_CAT_V_UNIV:
      bits = acy_cat_new_set (ev)->u.bits;
      acy_bits_fill (ev->n, bits);
      return bits;
    case ACY_CAT_V_EVENT:
      bits = acy_cat_new_set (ev)->u.bits;
      acy_bits_add (bits, v->u.ev);
      return bits;
    default:
      acy_cat_type_error (ev, at, "a set of events", v);
      return NULL;
    }
}

AcyWord *
acy_cat_to_rel (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *v)
{
  AcyWord *bits;

  switch (v->kind)
    {
    case ACY_CAT_V_REL:
      return v->u.bits;
    case ACY_CAT_V_EMPTY:
      return acy_cat_new_rel (ev)->u.bits;
    case ACY_CAT_V_UNIV:
      bits = acy_cat_new_rel (ev)->u.bits;
      for (guint i = 0; i < ev->n; i++)
        acy_bits_fill (ev->n, acy_rel_row (bits, ev->n, i));
      return bits;
    case ACY_CAT_V_PAIR:
      bits = acy_cat_new_rel (ev)->u.bits;
      acy_rel_add (bits, ev->n, v->u.pair.a, v->u.pair.b);
      return bits;
    default:
      acy_cat_type_error (ev, at, "a relation", v);
      return NULL;
    }
}

AcyCatClass
acy_cat_classify (const AcyCatValue *v)
{
  switch (v->kind)
    {
    case ACY_CAT_V_EMPTY: case ACY_CAT_V_UNIV: return CLS_POLY;
    case ACY_CAT_V_SET: case ACY_CAT_V_EVENT: return CLS_SET;
    case ACY_CAT_V_REL: case ACY_CAT_V_PAIR: return CLS_REL;
    case ACY_CAT_V_VSET: return CLS_VSET;
    default: return CLS_OTHER;
    }
}

/* ---- sets of values ---- */

/* Elements live in items[lo..cap); a set using the buffer is the view
 * items[start..cap) for some start >= lo. table maps hashes to indices
 * (index + 1, 0 = free slot), open addressing, at most half full. */
struct _AcyCatVsetBuf {
  AcyCatValue **items;
  guint64      *hashes;
  guint         lo, cap;
  guint32      *table;
  guint         mask;
};

#define INDEX_FROM 8   /* sets smaller than this are scanned */

guint64
acy_cat_value_hash (AcyCatEval *ev, AcyCatValue *v)
{
  guint64 h = 1469598103934665603ull ^ v->kind;
  gsize words = 0;

  if (v->hash)
    return v->hash;
  switch (v->kind)
    {
    case ACY_CAT_V_SET: words = ev->words; break;
    case ACY_CAT_V_REL: words = ev->rel_words; break;
    case ACY_CAT_V_EVENT: h ^= v->u.ev; break;
    case ACY_CAT_V_PAIR: h ^= ((guint64) v->u.pair.a << 32) | v->u.pair.b; break;
    case ACY_CAT_V_TAG: case ACY_CAT_V_STRING: h ^= g_str_hash (v->u.str); break;
    case ACY_CAT_V_TUPLE: case ACY_CAT_V_VSET: h ^= v->n; break;
    default: h ^= GPOINTER_TO_SIZE (v); break;
    }
  for (gsize w = 0; w < words; w++)
    h = (h ^ v->u.bits[w]) * 1099511628211ull;
  v->hash = h ? h : 1;
  return v->hash;
}

gboolean
acy_cat_is_empty_value (AcyCatEval *ev, AcyCatValue *v)
{
  switch (v->kind)
    {
    case ACY_CAT_V_EMPTY: return TRUE;
    case ACY_CAT_V_SET: return acy_bits_is_empty (ev->words, v->u.bits);
    case ACY_CAT_V_REL: return acy_bits_is_empty ((guint) ev->rel_words, v->u.bits);
    case ACY_CAT_V_VSET: return v->n == 0;
    case ACY_CAT_V_UNIV: return ev->n == 0;
    default: return FALSE;
    }
}

gboolean
acy_cat_value_equal (AcyCatEval *ev, AcyCatValue *a, AcyCatValue *b)
{
  if (a == b)
    return TRUE;
  if (a->kind == ACY_CAT_V_EMPTY || b->kind == ACY_CAT_V_EMPTY)
    return acy_cat_is_empty_value (ev, a) && acy_cat_is_empty_value (ev, b);
  if (a->kind == ACY_CAT_V_UNIV || b->kind == ACY_CAT_V_UNIV)
    {
      AcyCatValue *o = a->kind == ACY_CAT_V_UNIV ? b : a;
      AcyCatValue full = { .kind = o->kind };
      if (o->kind == ACY_CAT_V_UNIV)
        return TRUE;
      if (o->kind == ACY_CAT_V_SET)
        {
          AcyWord *bits = acy_cat_new_set (ev)->u.bits;
          acy_bits_fill (ev->n, bits);
          return acy_bits_equal (ev->words, bits, o->u.bits);
        }
      if (o->kind == ACY_CAT_V_REL)
        {
          full.u.bits = acy_cat_to_rel (ev, NULL, a->kind == ACY_CAT_V_UNIV ? a : b);
          return acy_bits_equal ((guint) ev->rel_words, full.u.bits, o->u.bits);
        }
      return FALSE;
    }
  if (a->kind != b->kind)
    return FALSE;
  if (a->hash && b->hash && a->hash != b->hash)
    return FALSE;
  switch (a->kind)
    {
    case ACY_CAT_V_SET: return acy_bits_equal (ev->words, a->u.bits, b->u.bits);
    case ACY_CAT_V_REL: return acy_bits_equal ((guint) ev->rel_words, a->u.bits, b->u.bits);
    case ACY_CAT_V_EVENT: return a->u.ev == b->u.ev;
    case ACY_CAT_V_PAIR: return a->u.pair.a == b->u.pair.a && a->u.pair.b == b->u.pair.b;
    case ACY_CAT_V_TAG: case ACY_CAT_V_STRING: return g_str_equal (a->u.str, b->u.str);
    case ACY_CAT_V_TUPLE:
      if (a->n != b->n)
        return FALSE;
      for (guint i = 0; i < a->n; i++)
        if (!acy_cat_value_equal (ev, a->u.items[i], b->u.items[i]))
          return FALSE;
      return TRUE;
    case ACY_CAT_V_VSET:
      if (a->n != b->n)
        return FALSE;
      for (guint i = 0; i < a->n; i++)
        if (!acy_cat_vset_contains (ev, b, a->u.items[i]))
          return FALSE;
      return TRUE;
    default:
      return FALSE;
    }
}

/* The buffer of @set, if @set is a view of one. */
static AcyCatVsetBuf *
set_buf (const AcyCatValue *set)
{
  AcyCatVsetBuf *b = set->kind == ACY_CAT_V_VSET ? set->u.vset.buf : NULL;

  if (b && set->n > 0 && set->u.items + set->n == b->items + b->cap)
    return b;
  return NULL;
}

static void
buf_index (AcyCatVsetBuf *b, guint i)
{
  guint slot = (guint) b->hashes[i] & b->mask;

  while (b->table[slot])
    slot = (slot + 1) & b->mask;
  b->table[slot] = i + 1;
}

gboolean
acy_cat_vset_contains (AcyCatEval *ev, AcyCatValue *set, AcyCatValue *v)
{
  guint64 h = acy_cat_value_hash (ev, v);
  AcyCatVsetBuf *b;

  if (set->kind != ACY_CAT_V_VSET)
    return FALSE;
  if ((b = set_buf (set)))
    {
      guint start = (guint) (set->u.items - b->items);
      guint slot = (guint) h & b->mask;

      /* Indices below start belong to sets grown from this one later. */
      for (; b->table[slot]; slot = (slot + 1) & b->mask)
        {
          guint i = b->table[slot] - 1;
          if (i >= start && b->hashes[i] == h && acy_cat_value_equal (ev, b->items[i], v))
            return TRUE;
        }
      return FALSE;
    }
  for (guint i = 0; i < set->n; i++)
    if (acy_cat_value_hash (ev, set->u.items[i]) == h && acy_cat_value_equal (ev, set->u.items[i], v))
      return TRUE;
  return FALSE;
}

AcyCatValue *
acy_cat_vset_new (AcyCatEval *ev, guint cap)
{
  AcyCatValue *v = acy_cat_value_new (ev, ACY_CAT_V_VSET);
  v->u.items = acy_arena_newv (ev->arena, AcyCatValue *, MAX (cap, 1));
  return v;
}

/* A new buffer holding @elt followed by the elements of @set, with room
 * to grow towards the front. */
static AcyCatValue *
buf_new (AcyCatEval *ev, AcyCatValue *set, guint n, AcyCatValue *elt)
{
  AcyCatVsetBuf *b = acy_arena_new0 (ev->arena, AcyCatVsetBuf);
  AcyCatValue *v = acy_cat_value_new (ev, ACY_CAT_V_VSET);
  guint tsize = 16;

  b->cap = MAX (16, 4 * (n + 1));
  while (tsize < 2 * b->cap)
    tsize *= 2;
  b->items = acy_arena_newv (ev->arena, AcyCatValue *, b->cap);
  b->hashes = acy_arena_newv (ev->arena, guint64, b->cap);
  b->table = acy_arena_newv0 (ev->arena, guint32, tsize);
  b->mask = tsize - 1;
  b->lo = b->cap - (n + 1);
  b->items[b->lo] = elt;
  if (n)
    memcpy (b->items + b->lo + 1, set->u.items, n * sizeof (gpointer));
  for (guint i = b->lo; i < b->cap; i++)
    {
      b->hashes[i] = acy_cat_value_hash (ev, b->items[i]);
      buf_index (b, i);
    }
  v->n = n + 1;
  v->u.vset.items = b->items + b->lo;
  v->u.vset.buf = b;
  return v;
}

/* A new set: @set (a VSET or EMPTY) plus @elt, in front. */
AcyCatValue *
acy_cat_vset_add (AcyCatEval *ev, AcyCatValue *set, AcyCatValue *elt)
{
  guint n = set->kind == ACY_CAT_V_VSET ? set->n : 0;
  AcyCatVsetBuf *b = n ? set_buf (set) : NULL;
  AcyCatValue *v;

  if (n && acy_cat_vset_contains (ev, set, elt))
    return set;
  if (b && set->u.items == b->items + b->lo && b->lo > 0)
    {
      /* @set is the newest set of its buffer: grow in place. */
      b->lo--;
      b->items[b->lo] = elt;
      b->hashes[b->lo] = acy_cat_value_hash (ev, elt);
      buf_index (b, b->lo);
      v = acy_cat_value_new (ev, ACY_CAT_V_VSET);
      v->n = n + 1;
      v->u.vset.items = b->items + b->lo;
      v->u.vset.buf = b;
      return v;
    }
  if (n + 1 >= INDEX_FROM)
    return buf_new (ev, set, n, elt);
  v = acy_cat_vset_new (ev, n + 1);
  v->u.items[0] = elt;
  if (n)
    memcpy (v->u.items + 1, set->u.items, n * sizeof (gpointer));
  v->n = n + 1;
  return v;
}
