/* acy-diy.c - tests from cycles: the public calls (acy-diy.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The path of a cycle, as diyone7 takes it: the text to edges
 * (acy-diy-parse.c), the annotations of neighbouring edges merged
 * (acy-diy-edge.c), the name from the cycle's normal form
 * (acy-diy-name.c), the ring of events with their directions,
 * locations and values (acy-diy-cycle.c), and the test written for the
 * arch (acy-diy-c.c).
 */
#define G_LOG_DOMAIN "acyclic-diy"
#include "config.h"

#include <string.h>

#include "acy-error.h"
#include "acy-diy-private.h"

#define MAX_CYCLES 100000   /* what one text may stand for */

struct _AcyDiyCycle {
  const DiyArch *arch;
  char   *filename;
  char   *text;
  GArray *tokens;   /* DiyToken */
  GArray *edges;    /* DiyEdge, as parsed */
};

/* An error that names a token gets the token's place: file:line:col. */
static void
place_error (GError **error, GError *err, const char *filename, const char *text, const GArray *tokens)
{
  int token = acy_diy_error_place (err);
  guint line = 1, col = 1;
  g_autofree char *near = NULL;

  if (token >= 0 && (guint) token < tokens->len)
    {
      const DiyToken *t = &g_array_index (tokens, DiyToken, token);

      for (guint i = 0; i < t->offset && text[i]; i++)
        {
          if (text[i] == '\n')
            line++, col = 1;
          else if (((guchar) text[i] & 0xc0) != 0x80)
            col++;
        }
      if (t->length > 0)
        near = g_strndup (text + t->offset, t->length);
    }
  if (near != NULL)
    g_set_error (error, ACY_ERROR, err->code, "%s:%u:%u: %s near '%s'", filename, line, col, err->message, near);
  else
    g_set_error (error, ACY_ERROR, err->code, "%s:%u:%u: %s", filename, line, col, err->message);
  g_error_free (err);
}

void
acy_diy_cycle_free (AcyDiyCycle *cycle)
{
  if (cycle == NULL)
    return;
  g_free (cycle->filename);
  g_free (cycle->text);
  g_array_unref (cycle->tokens);
  g_clear_pointer (&cycle->edges, g_array_unref);
  g_free (cycle);
}

/* Where two of the cycles a text stands for first differ: the token
 * that made the choice. */
static guint
first_choice (GPtrArray *cycles)
{
  GArray *a = cycles->pdata[0], *b = cycles->pdata[1];

  for (guint i = 0; i < MIN (a->len, b->len); i++)
    if (!acy_diy_edge_equal (&g_array_index (a, DiyEdge, i), &g_array_index (b, DiyEdge, i))
        || g_array_index (a, DiyEdge, i).from != g_array_index (b, DiyEdge, i).from)
      return g_array_index (a, DiyEdge, i).from;
  return a->len > b->len ? g_array_index (a, DiyEdge, b->len).from
    : b->len > 0 ? g_array_index (b, DiyEdge, a->len < b->len ? a->len : 0).from : 0;
}

/* Checks what the window checks as the user types: the directions
 * meet all round, the annotations agree. */
static gboolean
check_cycle (const DiyArch *arch, const GArray *edges, GError **error)
{
  g_autoptr(GArray) es = acy_diy_resolve_edges (arch, (const DiyEdge *) edges->data, edges->len, error);
  DiyRing *ring;

  if (es == NULL)
    return FALSE;
  ring = acy_diy_ring_new (arch, (const DiyEdge *) es->data, es->len, error);
  acy_diy_ring_free (ring);
  return ring != NULL;
}

AcyDiyCycle *
acy_diy_cycle_parse (AcyDiyArch arch, const char *text, const char *filename, GError **error)
{
  g_autoptr(AcyDiyCycle) cycle = g_new0 (AcyDiyCycle, 1);
  g_autoptr(GPtrArray) cycles = NULL;
  GError *err = NULL;
  gsize start = 0, end = strlen (text);

  cycle->arch = acy_diy_arch_get (arch);
  cycle->filename = g_strdup (filename ? filename : "<cycle>");
  cycle->text = g_strdup (text);
  cycle->tokens = g_array_new (FALSE, FALSE, sizeof (DiyToken));
  /* diy trims its arguments */
  while (start < end && g_ascii_isspace (text[start]))
    start++;
  while (end > start && g_ascii_isspace (text[end - 1]))
    end--;
  cycles = acy_diy_parse_cycles (cycle->arch, FALSE, text + start, end - start, start, FALSE,
                                 cycle->tokens, MAX_CYCLES, &err);
  if (cycles != NULL && cycles->len != 1)
    {
      if (cycles->len == 0)
        acy_diy_fail (&err, "no cycle");
      else
        acy_diy_fail_at (&err, first_choice (cycles),
                         "this stands for %u cycles, and one is wanted", cycles->len);
    }
  else if (cycles != NULL && ((GArray *) cycles->pdata[0])->len == 0)
    acy_diy_fail (&err, "the cycle is empty");
  if (err == NULL)
    {
      cycle->edges = g_array_ref (cycles->pdata[0]);
      check_cycle (cycle->arch, cycle->edges, &err);
    }
  if (err != NULL)
    {
      place_error (error, err, cycle->filename, text, cycle->tokens);
      return NULL;
    }
  return g_steal_pointer (&cycle);
}

/* The test for resolved edges @es, named @name (or diy's name). */
static char *
write_test (const DiyArch *arch, const GArray *es, const AcyDiyOptions *options,
            const char *cycle_info, char **name_out, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *generator = NULL;
  g_autoptr(GArray) edges = NULL;
  DiyWriteOptions wopts = { 0 };
  DiyRing *ring;
  char *text = NULL;

  /* diyone7 counts the threads of the cycle first (for scopes), which
   * refuses what cannot be normalised */
  if (cycle_info == NULL)
    {
      g_autofree char *n = acy_diy_family_name (arch, (const DiyEdge *) es->data, es->len, FALSE, NULL, error);

      if (n == NULL)
        return NULL;
    }
  if (options->name != NULL)
    name = g_strdup (options->name);
  else
    {
      DiyRing *r0 = acy_diy_ring_new (arch, (const DiyEdge *) es->data, es->len, error);
      g_autoptr(GArray) ex = NULL;

      if (r0 == NULL)
        return NULL;
      ex = acy_diy_ring_extract_edges (r0);
      acy_diy_ring_free (r0);
      name = acy_diy_family_name (arch, (const DiyEdge *) ex->data, ex->len, TRUE, NULL, error);
      if (name == NULL)
        return NULL;
    }

  ring = acy_diy_ring_new (arch, (const DiyEdge *) es->data, es->len, error);
  if (ring == NULL)
    return NULL;
  edges = acy_diy_ring_extract_edges (ring);
  generator = g_strdup (options->generator ? options->generator : "acyclic-check (version " VERSION ")");
  wopts.name = name;
  wopts.generator = generator;
  wopts.cycle_info = cycle_info;
  wopts.one_loc = options->one_loc;
  if (acy_diy_ring_finish (ring, error))
    {
      switch (arch->arch)
        {
        case ACY_DIY_ARCH_C:
          text = acy_diy_write_c (ring, edges, &wopts, error);
          break;
        }
    }
  acy_diy_ring_free (ring);
  if (text != NULL && name_out != NULL)
    *name_out = g_steal_pointer (&name);
  return text;
}

char *
acy_diy_write_edges (const DiyArch *arch, const DiyEdge *edges, guint n, const AcyDiyOptions *options,
                     char **name, GError **error)
{
  g_autoptr(GArray) es = acy_diy_resolve_edges (arch, edges, n, error);

  return es != NULL ? write_test (arch, es, options, NULL, name, error) : NULL;
}

char *
acy_diy_cycle_write_test (const AcyDiyCycle *cycle, const AcyDiyOptions *options, char **name, GError **error)
{
  GError *err = NULL;
  g_autoptr(GArray) es = NULL;
  char *text = NULL;

  g_return_val_if_fail (options->arch == cycle->arch->arch, NULL);
  es = acy_diy_resolve_edges (cycle->arch, (const DiyEdge *) cycle->edges->data, cycle->edges->len, &err);
  if (es != NULL)
    text = write_test (cycle->arch, es, options, NULL, name, &err);
  if (text == NULL)
    place_error (error, err, cycle->filename, cycle->text, cycle->tokens);
  return text;
}

/* ---- diycross ---- */

void
acy_diy_family_test_free (AcyDiyFamilyTest *test)
{
  if (test == NULL)
    return;
  g_free (test->name);
  g_free (test->text);
  g_free (test);
}

/* One cycle of the family, as diycross's check_dump makes it: the
 * cycle in its normal form, its test named from its family. NULL when
 * diy leaves it out. */
static AcyDiyFamilyTest *
family_test (const DiyArch *arch, const GArray *cycle, const AcyDiyOptions *options,
             GHashTable *seen_cycles, GHashTable *seen_names)
{
  g_autoptr(GArray) es = NULL, norm = NULL, again = NULL, ex = NULL;
  g_autofree char *key = NULL, *base = NULL, *cy = NULL, *text = NULL;
  AcyDiyOptions o = *options;
  AcyDiyFamilyTest *t;
  DiyRing *r0;

  es = acy_diy_resolve_edges (arch, (const DiyEdge *) cycle->data, cycle->len, NULL);
  if (es == NULL)
    return NULL;
  g_free (acy_diy_family_name (arch, (const DiyEdge *) es->data, es->len, TRUE, &norm, NULL));
  if (norm == NULL)
    return NULL;
  again = acy_diy_resolve_edges (arch, (const DiyEdge *) norm->data, norm->len, NULL);
  if (again == NULL)
    return NULL;
  key = acy_diy_edges_to_string (arch, (const DiyEdge *) again->data, again->len);
  if (g_hash_table_contains (seen_cycles, key))
    return NULL;
  g_hash_table_add (seen_cycles, g_steal_pointer (&key));

  r0 = acy_diy_ring_new (arch, (const DiyEdge *) again->data, again->len, NULL);
  if (r0 == NULL)
    return NULL;
  ex = acy_diy_ring_extract_edges (r0);
  acy_diy_ring_free (r0);
  cy = acy_diy_edges_to_string (arch, (const DiyEdge *) ex->data, ex->len);
  base = acy_diy_family_name (arch, (const DiyEdge *) ex->data, ex->len, FALSE, NULL, NULL);
  if (base == NULL || g_hash_table_contains (seen_names, base))
    return NULL;
  o.name = base;
  text = write_test (arch, again, &o, cy, NULL, NULL);
  if (text == NULL)
    return NULL;
  g_hash_table_add (seen_names, g_strdup (base));
  t = g_new0 (AcyDiyFamilyTest, 1);
  t->name = g_steal_pointer (&base);
  t->text = g_steal_pointer (&text);
  return t;
}

GPtrArray *
acy_diy_cross (const AcyDiyOptions *options, const char *const *args, guint n_args,
               guint *skipped, GError **error)
{
  const DiyArch *arch = acy_diy_arch_get (options->arch);
  g_autoptr(GArray) tokens = g_array_new (FALSE, FALSE, sizeof (DiyToken));
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) cycles = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GHashTable) seen_cycles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) seen_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *tests;
  guint left_out = 0;

  g_ptr_array_add (cycles, g_array_new (FALSE, FALSE, sizeof (DiyEdge)));
  for (guint a = 0; a < n_args; a++)
    {
      gsize start = 0, end = strlen (args[a]);
      GError *err = NULL;
      g_autoptr(GPtrArray) alts = NULL;
      g_autoptr(GPtrArray) next = NULL;
      guint base;

      if (text->len > 0)
        g_string_append_c (text, ' ');
      base = text->len;
      g_string_append (text, args[a]);
      while (start < end && g_ascii_isspace (args[a][start]))
        start++;
      while (end > start && g_ascii_isspace (args[a][end - 1]))
        end--;
      if (start == end)
        continue;
      alts = acy_diy_parse_cycles (arch, TRUE, args[a] + start, end - start, base + start, TRUE,
                                   tokens, MAX_CYCLES, &err);
      if (alts != NULL && (guint64) alts->len * cycles->len > MAX_CYCLES)
        acy_diy_fail_at (&err, tokens->len - 1, "this stands for more than %u cycles", MAX_CYCLES);
      if (err != NULL)
        {
          /* the whole text is known only now: place it in what there is */
          for (guint b = a + 1; b < n_args; b++)
            g_string_append_printf (text, " %s", args[b]);
          place_error (error, err, "<cycle>", text->str, tokens);
          return NULL;
        }
      next = acy_diy_cycles_product (cycles, alts);
      g_ptr_array_unref (cycles);
      cycles = g_steal_pointer (&next);
    }

  tests = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_diy_family_test_free);
  for (guint i = 0; i < cycles->len; i++)
    {
      AcyDiyFamilyTest *t = family_test (arch, cycles->pdata[i], options, seen_cycles, seen_names);

      if (t != NULL)
        g_ptr_array_add (tests, t);
      else
        left_out++;
    }
  if (skipped != NULL)
    *skipped = left_out;
  return tests;
}

GPtrArray *
acy_diy_list_vocabulary (AcyDiyArch arch, const char *what)
{
  const DiyArch *a = acy_diy_arch_get (arch);
  GPtrArray *words;

  if (g_str_equal (what, "edges"))
    return acy_diy_lexicon_words (acy_diy_lexicon_get (a, FALSE));
  words = g_ptr_array_new_with_free_func (g_free);
  if (g_str_equal (what, "fences"))
    for (guint f = 0; f < a->n_fences; f++)
      g_ptr_array_add (words, g_strdup (a->fences[f]));
  else
    {
      /* diy lists the plain annotation, then the others last first */
      g_ptr_array_add (words, g_strdup (a->plain));
      for (guint k = a->n_atoms; k > 0; k--)
        g_ptr_array_add (words, g_strdup (a->atoms[k - 1]));
    }
  return words;
}
