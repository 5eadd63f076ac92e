/* acy-relation-glossary.c - what a relation means, in one line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The relation console and the edge popover say what a name means. A
 * model's own comment on a definition says it best; Acyclic's glossary,
 * written here in our own words, covers the base relations every model
 * reads and the main relations of the Linux-kernel model.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "acy-relation-glossary.h"

typedef struct {
  const char *name;
  const char *meaning;
  gboolean    kernel;   /* meaning only in the kernel model */
} Entry;

static const Entry glossary[] = {
  { "po", N_("program order: earlier to later events of one thread"), FALSE },
  { "rf", N_("reads-from: a write to each read that takes its value"), FALSE },
  { "co", N_("coherence order: the order writes to one location take effect"), FALSE },
  { "fr", N_("from-read: a read to the writes that overwrite what it read"), FALSE },
  { "po-loc", N_("program order between accesses to the same location"), FALSE },
  { "rfe", N_("reads-from between threads"), FALSE },
  { "rfi", N_("reads-from within a thread"), FALSE },
  { "coe", N_("coherence order between threads"), FALSE },
  { "coi", N_("coherence order within a thread"), FALSE },
  { "fre", N_("from-read between threads"), FALSE },
  { "fri", N_("from-read within a thread"), FALSE },
  { "co0", N_("the initial write first, the final write last, in coherence"), FALSE },
  { "com", N_("communication: rf, co and fr together"), FALSE },
  { "loc", N_("pairs of accesses to the same location"), FALSE },
  { "ext", N_("pairs of events of different threads"), FALSE },
  { "int", N_("pairs of events of one thread"), FALSE },
  { "id", N_("each event to itself"), FALSE },
  { "addr", N_("address dependency: a read gives the address of a later access"), FALSE },
  { "data", N_("data dependency: a read gives the value a later write stores"), FALSE },
  { "ctrl", N_("control dependency: a read decides a branch before later events"), FALSE },
  { "rmw", N_("the read to the write of one atomic read-modify-write"), FALSE },
  { "fence", N_("pairs a fence separates in program order"), FALSE },
  /* the Linux-kernel model */
  { "hb", N_("happens-before: orderings no execution can go back on in time"), TRUE },
  { "pb", N_("propagates-before: what a strong fence forces to reach every CPU first"), TRUE },
  { "rb", N_("RCU-before: ordering from grace periods and read-side critical sections"), TRUE },
  { "ppo", N_("preserved program order: pairs of a thread no CPU reorders"), TRUE },
  { "prop", N_("propagation: a write reaching another CPU before an access follows it"), TRUE },
  { "cumul-fence", N_("fences whose ordering other CPUs see too (cumulative)"), TRUE },
  { "strong-fence", N_("smp_mb() and grace periods: everything before before everything after"), TRUE },
  { "nonrw-fence", N_("strong fences, releases and acquires"), TRUE },
  { "fence", N_("every fence the kernel model orders with, within a thread"), TRUE },
  { "mb", N_("a full barrier (smp_mb() or a fully ordered atomic) between two accesses"), TRUE },
  { "wmb", N_("smp_wmb() between two writes"), TRUE },
  { "rmb", N_("smp_rmb() between two reads"), TRUE },
  { "gp", N_("a grace period (synchronize_rcu()) between two events"), TRUE },
  { "acq-po", N_("an acquire load to what follows it in its thread"), TRUE },
  { "po-rel", N_("what precedes a release store in its thread, to the store"), TRUE },
  { "overwrite", N_("co or fr: a write replaces what an earlier access wrote or read"), TRUE },
  { "to-r", N_("dependencies that end in a read"), TRUE },
  { "to-w", N_("dependencies and overwrites that end in a write"), TRUE },
  { "dep", N_("address or data dependency"), TRUE },
  { "rwdep", N_("a dependency into a write"), TRUE },
  { "xbstar", N_("executes-before, zero or more steps"), TRUE },
  { "rcu-link", N_("what links a grace period to a critical section in RCU ordering"), TRUE },
  { "rcu-fence", N_("ordering RCU enforces, like a strong fence"), TRUE },
  { "rmw-sequence", N_("a chain of atomic read-modify-writes reading one another"), TRUE },
  { "barrier", N_("any barrier or ordering access between two events"), TRUE },
};

struct _AcyGlossary {
  const AcyModel *model;
  gboolean        kernel;
  GHashTable     *files;      /* path -> contents ("" when unreadable) */
  GHashTable     *meanings;   /* name -> meaning or "" */
};

AcyGlossary *
acy_glossary_new (const AcyModel *model)
{
  AcyGlossary *g = g_new0 (AcyGlossary, 1);

  g->model = model;
  g->kernel = model && strstr (acy_model_get_name (model), "Linux-kernel") != NULL;
  g->files = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g->meanings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return g;
}

void
acy_glossary_free (AcyGlossary *glossary)
{
  if (glossary == NULL)
    return;
  g_hash_table_unref (glossary->files);
  g_hash_table_unref (glossary->meanings);
  g_free (glossary);
}

/* "(* Release Acquire *)" to "Release Acquire"; the stars of a boxed
 * comment and the blanks squeezed; the first sentence, not too long. */
static char *
clean_comment (const char *raw)
{
  GString *s = g_string_new (NULL);
  const char *p = raw;

  for (; *p; p++)
    {
      if ((p[0] == '(' && p[1] == '*') || (p[0] == '*' && p[1] == ')'))
        {
          p++;
          g_string_append_c (s, ' ');
        }
      else if (*p == '*' || g_ascii_isspace (*p))
        g_string_append_c (s, ' ');
      else
        g_string_append_c (s, *p);
    }
  {
    g_auto(GStrv) words = g_strsplit_set (s->str, " ", -1);
    GString *out = g_string_new (NULL);

    for (guint i = 0; words[i]; i++)
      if (*words[i])
        g_string_append_printf (out, "%s%s", out->len ? " " : "", words[i]);
    g_string_free (s, TRUE);
    s = out;
  }
  {
    const char *stop = strstr (s->str, ". ");
    if (stop)
      g_string_truncate (s, stop - s->str + 1);
  }
  if (g_utf8_strlen (s->str, -1) > 100)
    {
      const char *cut = g_utf8_offset_to_pointer (s->str, 97);
      g_string_truncate (s, cut - s->str);
      g_string_append (s, "…");
    }
  if (s->len == 0)
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

char *
acy_glossary_comment_at (const char *text, guint line, guint col)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = g_strv_length (lines);
  const char *open, *close;
  g_autofree char *above = NULL;
  gint first;

  if (line == 0 || line > n)
    return NULL;
  /* at the end of the definition's line */
  {
    const char *rest = lines[line - 1];
    if (col > 0 && col - 1 < strlen (rest))
      rest += col - 1;
    open = strstr (rest, "(*");
    close = open ? strstr (open, "*)") : NULL;
    if (open && close)
      {
        g_autofree char *raw = g_strndup (open, close + 2 - open);
        return clean_comment (raw);
      }
  }
  /* just above it: the lines up to the one opening the comment */
  if (line < 2)
    return NULL;
  {
    g_autofree char *prev = g_strstrip (g_strdup (lines[line - 2]));
    if (!g_str_has_suffix (prev, "*)"))
      return NULL;
  }
  for (first = (gint) line - 2; first >= 0; first--)
    if (strstr (lines[first], "(*"))
      break;
  if (first < 0)
    return NULL;
  {
    GString *raw = g_string_new (NULL);
    for (guint i = (guint) first; i <= line - 2; i++)
      g_string_append_printf (raw, "%s\n", lines[i]);
    above = g_string_free (raw, FALSE);
  }
  /* a boxed section title ("(*****)" lines around it) names a part of
   * the file, not this definition */
  if (strstr (above, "(***"))
    return NULL;
  return clean_comment (above);
}

static const char *
from_glossary (AcyGlossary *g, const char *name)
{
  const char *found = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (glossary); i++)
    if (g_str_equal (glossary[i].name, name) && (!glossary[i].kernel || g->kernel))
      found = _(glossary[i].meaning);   /* a kernel entry after a general one wins */
  return found;
}

static char *
from_model (AcyGlossary *g, const char *name)
{
  AcyLoc loc;
  const char *text;

  if (g->model == NULL || !acy_model_get_definition (g->model, name, &loc) || loc.file == NULL)
    return NULL;
  text = g_hash_table_lookup (g->files, loc.file);
  if (text == NULL)
    {
      char *contents = NULL;
      if (!g_file_get_contents (loc.file, &contents, NULL, NULL))
        contents = g_strdup ("");
      g_hash_table_insert (g->files, g_strdup (loc.file), contents);
      text = contents;
    }
  return acy_glossary_comment_at (text, loc.line, loc.col);
}

const char *
acy_glossary_meaning (AcyGlossary *g, const char *name)
{
  const char *meaning = g_hash_table_lookup (g->meanings, name);

  if (meaning == NULL)
    {
      char *found = NULL;

      if (g->kernel && from_glossary (g, name))
        found = g_strdup (from_glossary (g, name));
      if (found == NULL)
        found = from_model (g, name);
      if (found == NULL && from_glossary (g, name))
        found = g_strdup (from_glossary (g, name));
      meaning = found ? found : g_strdup ("");
      g_hash_table_insert (g->meanings, g_strdup (name), (char *) meaning);
    }
  return *meaning ? meaning : NULL;
}
