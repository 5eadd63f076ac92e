/* acy-diy-edge.c - diy's edges: what they relate, how they print and
 * compare, the table of words that name them, and how the annotations
 * of neighbouring edges merge
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The words are not parsed by a grammar: as diy does, every edge the
 * vocabulary has is printed once into a table, and a word is looked up
 * as its longest prefix in the table followed by annotations ("PodWW"
 * then "Rel" and "Rlx" for "PodWWRelRlx").
 */
#define G_LOG_DOMAIN "acyclic-diy"
#include "config.h"

#include <stdarg.h>
#include <string.h>

#include "acy-error.h"
#include "acy-diy-private.h"

/* ---- errors ---- */

#define PLACE_MARK '\001'

void
acy_diy_fail (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, ACY_ERROR, ACY_ERROR_SYNTAX, msg);
}

void
acy_diy_fail_at (GError **error, guint from, const char *format, ...)
{
  va_list args;
  g_autofree char *msg = NULL;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, ACY_ERROR, ACY_ERROR_SYNTAX, "%c%u%c%s", PLACE_MARK, from, PLACE_MARK, msg);
}

int
acy_diy_error_place (GError *error)
{
  char *end = NULL;
  guint64 from;
  char *rest;

  if (error == NULL || error->message[0] != PLACE_MARK)
    return -1;
  from = g_ascii_strtoull (error->message + 1, &end, 10);
  if (end == NULL || *end != PLACE_MARK)
    return -1;
  rest = g_strdup (end + 1);
  g_free (error->message);
  error->message = rest;
  return (int) from;
}

/* ---- what an edge relates ---- */

static DiyExtr
dir_extr (DiyDir d)
{
  return d == DIY_W ? DIY_DW : DIY_DR;
}

DiyExtr
acy_diy_dir_tgt (const DiyEdge *e)
{
  switch ((DiyKind) e->kind)
    {
    case DIY_PO: case DIY_FENCED: case DIY_DP:
      return e->e2;
    case DIY_HAT:
      return DIY_DR;
    case DIY_RMW:
      return DIY_DW;
    case DIY_COM: case DIY_LEAVE: case DIY_BACK:
      return e->com == DIY_RF ? DIY_DR : DIY_DW;
    case DIY_ID: case DIY_INSERT:
      return DIY_NODIR;
    case DIY_STORE:
      return DIY_DW;
    case DIY_NODE:
      return dir_extr (e->e1);
    }
  g_return_val_if_reached (DIY_NODIR);
}

DiyExtr
acy_diy_dir_src (const DiyEdge *e)
{
  switch ((DiyKind) e->kind)
    {
    case DIY_PO: case DIY_FENCED:
      return e->e1;
    case DIY_DP: case DIY_HAT: case DIY_RMW:
      return DIY_DR;
    case DIY_COM: case DIY_LEAVE: case DIY_BACK:
      return e->com == DIY_FR ? DIY_DR : DIY_DW;
    case DIY_ID: case DIY_INSERT:
      return DIY_NODIR;
    case DIY_STORE:
      return DIY_DW;
    case DIY_NODE:
      return dir_extr (e->e1);
    }
  g_return_val_if_reached (DIY_NODIR);
}

DiySd
acy_diy_loc_sd (const DiyEdge *e)
{
  switch ((DiyKind) e->kind)
    {
    case DIY_PO: case DIY_FENCED: case DIY_DP:
      return e->sd;
    default:
      return DIY_SAME;
    }
}

DiyIe
acy_diy_get_ie (const DiyEdge *e)
{
  switch ((DiyKind) e->kind)
    {
    case DIY_COM:
      return e->ie;
    case DIY_LEAVE: case DIY_BACK: case DIY_HAT:
      return DIY_EXT;
    default:
      return DIY_INT;
    }
}

gboolean
acy_diy_is_insert_store (const DiyEdge *e)
{
  return e->kind == DIY_STORE || e->kind == DIY_INSERT;
}

gboolean
acy_diy_is_non_pseudo (const DiyEdge *e)
{
  return !(e->kind == DIY_STORE || e->kind == DIY_INSERT || e->kind == DIY_ID || e->kind == DIY_NODE);
}

gboolean
acy_diy_is_com (const DiyEdge *e)
{
  return e->kind == DIY_COM || e->kind == DIY_LEAVE || e->kind == DIY_BACK || e->kind == DIY_HAT;
}

gboolean
acy_diy_is_ext (const DiyEdge *e)
{
  return (e->kind == DIY_COM && e->ie == DIY_EXT) || e->kind == DIY_LEAVE || e->kind == DIY_BACK;
}

void
acy_diy_set_tgt (DiyEdge *e, DiyDir d)
{
  if (e->kind == DIY_PO || e->kind == DIY_FENCED || e->kind == DIY_DP)
    e->e2 = dir_extr (d);
}

void
acy_diy_set_src (DiyEdge *e, DiyDir d)
{
  if (e->kind == DIY_PO || e->kind == DIY_FENCED)
    e->e1 = dir_extr (d);
}

static gboolean
can_precede_dirs (const DiyEdge *x, const DiyEdge *y)
{
  DiyExtr d1, d2;

  if (x->kind == DIY_STORE && y->kind == DIY_STORE)
    return FALSE;
  if (x->kind == DIY_ID || y->kind == DIY_ID || x->kind == DIY_STORE || y->kind == DIY_STORE)
    return TRUE;
  if (x->kind == DIY_INSERT && y->kind == DIY_INSERT)
    return FALSE;
  d1 = acy_diy_dir_tgt (x);
  d2 = acy_diy_dir_src (y);
  if (d1 == DIY_IRR && d2 == DIY_IRR)
    return FALSE;
  if (d1 == DIY_IRR || d2 == DIY_IRR || d1 == DIY_NODIR || d2 == DIY_NODIR)
    return TRUE;
  return d1 == d2;
}

gboolean
acy_diy_can_precede (const DiyArch *arch, const DiyEdge *x, const DiyEdge *y)
{
  if (!can_precede_dirs (x, y))
    return FALSE;
  if (x->a2 == DIY_NONE || y->a1 == DIY_NONE)
    return TRUE;
  return arch->merge_atoms (x->a2, y->a1) != DIY_NONE;
}

/* ---- printing ---- */

static const char *
pp_com (guint com)
{
  return com == DIY_RF ? "Rf" : com == DIY_FR ? "Fr" : "Co";
}

static const char *
pp_ie (guint ie)
{
  return ie == DIY_INT ? "i" : ie == DIY_EXT ? "e" : "*";
}

static const char *
pp_sd (guint sd)
{
  return sd == DIY_SAME ? "s" : sd == DIY_DIFF ? "d" : "*";
}

static const char *
pp_extr (guint e)
{
  return e == DIY_DW ? "W" : e == DIY_DR ? "R" : e == DIY_IRR ? "*" : "";
}

void
acy_diy_atom_append (const DiyArch *arch, GString *out, gint atom)
{
  g_string_append (out, atom == DIY_NONE ? arch->plain : arch->atoms[atom]);
}

void
acy_diy_tedge_append (const DiyArch *arch, GString *out, const DiyEdge *e, gboolean compat)
{
  switch ((DiyKind) e->kind)
    {
    case DIY_COM:
      g_string_append (out, e->com == DIY_CO && compat ? "Ws" : pp_com (e->com));
      if (e->ie != DIY_UNSPEC_COM)
        g_string_append (out, pp_ie (e->ie));
      break;
    case DIY_PO:
      if (e->sd == DIY_UNSPEC_LOC && e->e1 == DIY_IRR && e->e2 == DIY_IRR)
        g_string_append (out, "Po");
      else
        g_string_append_printf (out, "Po%s%s%s", pp_sd (e->sd), pp_extr (e->e1), pp_extr (e->e2));
      break;
    case DIY_FENCED:
      g_string_append_printf (out, "%s%s%s%s", arch->fences[e->fence], pp_sd (e->sd),
                              pp_extr (e->e1), pp_extr (e->e2));
      break;
    case DIY_DP:
      if (e->sd == DIY_UNSPEC_LOC && e->e2 == DIY_IRR)
        g_string_append_printf (out, "Dp%s", arch->dps[e->dp]);
      else
        g_string_append_printf (out, "Dp%s%s%s", arch->dps[e->dp], pp_sd (e->sd), pp_extr (e->e2));
      break;
    case DIY_HAT:
      g_string_append (out, "Hat");
      break;
    case DIY_RMW:
      g_string_append (out, compat ? arch->rmws_compat[e->rmw] : arch->rmws[e->rmw]);
      break;
    case DIY_LEAVE:
      g_string_append_printf (out, "%sLeave", pp_com (e->com));
      break;
    case DIY_BACK:
      g_string_append_printf (out, "%sBack", pp_com (e->com));
      break;
    case DIY_ID:
      g_string_append (out, "Id");
      break;
    case DIY_INSERT:
      g_string_append (out, arch->fences[e->fence]);
      break;
    case DIY_STORE:
      g_string_append (out, "Store");
      break;
    case DIY_NODE:
      g_string_append (out, e->e1 == DIY_W ? "Write" : "Read");
      break;
    }
}

void
acy_diy_edge_append (const DiyArch *arch, GString *out, const DiyEdge *e)
{
  if (e->kind != DIY_ID)
    acy_diy_tedge_append (arch, out, e, FALSE);
  if (e->kind == DIY_ID)
    acy_diy_atom_append (arch, out, e->a1);
  else if (e->a1 != DIY_NONE || e->a2 != DIY_NONE)
    {
      acy_diy_atom_append (arch, out, e->a1);
      acy_diy_atom_append (arch, out, e->a2);
    }
}

char *
acy_diy_edges_to_string (const DiyArch *arch, const DiyEdge *es, guint n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      acy_diy_edge_append (arch, out, &es[i]);
    }
  return g_string_free (out, FALSE);
}

/* ---- ordering ---- */

#define CMP(a, b) G_STMT_START { int a_ = (a), b_ = (b); if (a_ != b_) return a_ < b_ ? -1 : 1; } G_STMT_END

static int
tedge_compare (const DiyEdge *a, const DiyEdge *b)
{
  CMP (a->kind, b->kind);
  switch ((DiyKind) a->kind)
    {
    case DIY_COM:
      CMP (a->com, b->com);
      CMP (a->ie, b->ie);
      break;
    case DIY_PO:
      CMP (a->sd, b->sd);
      CMP (a->e1, b->e1);
      CMP (a->e2, b->e2);
      break;
    case DIY_FENCED:
      CMP (a->fence, b->fence);
      CMP (a->sd, b->sd);
      CMP (a->e1, b->e1);
      CMP (a->e2, b->e2);
      break;
    case DIY_DP:
      CMP (a->dp, b->dp);
      CMP (a->sd, b->sd);
      CMP (a->e2, b->e2);
      break;
    case DIY_LEAVE: case DIY_BACK:
      CMP (a->com, b->com);
      break;
    case DIY_INSERT:
      CMP (a->fence, b->fence);
      break;
    case DIY_NODE:
      CMP (a->e1, b->e1);
      break;
    case DIY_RMW:
      CMP (a->rmw, b->rmw);
      break;
    case DIY_ID: case DIY_STORE: case DIY_HAT:
      break;
    }
  return 0;
}

int
acy_diy_edge_poly_compare (const DiyEdge *a, const DiyEdge *b)
{
  int r = tedge_compare (a, b);

  if (r != 0)
    return r;
  CMP (a->a1, b->a1);
  CMP (a->a2, b->a2);
  return 0;
}

gboolean
acy_diy_edge_equal (const DiyEdge *a, const DiyEdge *b)
{
  return acy_diy_edge_poly_compare (a, b) == 0;
}

#undef CMP

/* ---- the table of words ---- */

struct _DiyLexicon {
  const DiyArch *arch;
  GHashTable    *edges;        /* word -> DiyEdge */
  GHashTable    *annotations;  /* word -> atom index + 1 (0 would be NULL): DIY_NONE is 0 */
  GHashTable    *relaxes;      /* word -> GArray of GArray of DiyEdge (a macro) */
};

static DiyEdge
plain (DiyKind kind)
{
  DiyEdge e = { 0 };

  e.kind = kind;
  e.a1 = e.a2 = DIY_NONE;
  e.fence = e.dp = e.rmw = -1;
  return e;
}

static void
add_word (DiyLexicon *lex, char *word, const DiyEdge *e)
{
  /* The first edge a word names stays (diy asserts they agree). */
  if (g_hash_table_contains (lex->edges, word))
    {
      g_free (word);
      return;
    }
  g_hash_table_insert (lex->edges, word, g_memdup2 (e, sizeof *e));
}

static void
add_tedge (DiyLexicon *lex, const DiyEdge *e, gboolean compat)
{
  GString *w = g_string_new (NULL);

  acy_diy_tedge_append (lex->arch, w, e, compat);
  add_word (lex, g_string_free (w, FALSE), e);
}

/* fold_sd, fold_extr with or without the wildcards */
static guint
sds (gboolean wildcard, guint8 *out)
{
  guint n = 0;

  out[n++] = DIY_SAME;
  out[n++] = DIY_DIFF;
  if (wildcard)
    out[n++] = DIY_UNSPEC_LOC;
  return n;
}

static guint
extrs (gboolean wildcard, guint8 *out)
{
  guint n = 0;

  out[n++] = DIY_DR;
  out[n++] = DIY_DW;
  if (wildcard)
    out[n++] = DIY_IRR;
  return n;
}

static void
fill_edges (DiyLexicon *lex, gboolean wildcard)
{
  const DiyArch *arch = lex->arch;
  guint8 sd[3], ex[3];
  guint nsd = sds (wildcard, sd), nex = extrs (wildcard, ex);
  DiyEdge e;

  for (guint c = DIY_RF; c <= DIY_CO; c++)
    for (guint ie = DIY_INT; ie <= (wildcard ? DIY_UNSPEC_COM : DIY_EXT); ie++)
      {
        e = plain (DIY_COM);
        e.com = c;
        e.ie = ie;
        add_tedge (lex, &e, FALSE);
      }
  for (guint r = 0; r < arch->n_rmws; r++)
    {
      e = plain (DIY_RMW);
      e.rmw = r;
      add_tedge (lex, &e, FALSE);
    }
  for (guint s = 0; s < nsd; s++)
    for (guint i = 0; i < nex; i++)
      for (guint j = 0; j < nex; j++)
        {
          e = plain (DIY_PO);
          e.sd = sd[s];
          e.e1 = ex[i];
          e.e2 = ex[j];
          add_tedge (lex, &e, FALSE);
        }
  for (guint f = 0; f < arch->n_fences; f++)
    {
      e = plain (DIY_INSERT);
      e.fence = f;
      add_tedge (lex, &e, FALSE);
    }
  e = plain (DIY_STORE);
  add_tedge (lex, &e, FALSE);
  for (guint f = 0; f < arch->n_fences; f++)
    for (guint s = 0; s < nsd; s++)
      for (guint i = 0; i < nex; i++)
        for (guint j = 0; j < nex; j++)
          {
            e = plain (DIY_FENCED);
            e.fence = f;
            e.sd = sd[s];
            e.e1 = ex[i];
            e.e2 = ex[j];
            add_tedge (lex, &e, FALSE);
          }
  for (guint pass = 0; pass < (wildcard ? 3u : 2u); pass++)
    for (const gint8 *dp = pass == 0 ? arch->dpr : arch->dpw; *dp >= 0; dp++)
      for (guint s = 0; s < nsd; s++)
        {
          e = plain (DIY_DP);
          e.dp = *dp;
          e.sd = sd[s];
          e.e2 = pass == 0 ? DIY_DR : pass == 1 ? DIY_DW : DIY_IRR;
          add_tedge (lex, &e, FALSE);
        }
  e = plain (DIY_ID);
  add_tedge (lex, &e, FALSE);
  for (guint d = DIY_W; d <= DIY_R; d++)
    {
      e = plain (DIY_NODE);
      e.e1 = d;
      add_tedge (lex, &e, FALSE);
    }
  e = plain (DIY_HAT);
  add_tedge (lex, &e, FALSE);
  for (guint pass = 0; pass < 2; pass++)
    for (guint c = DIY_RF; c <= DIY_CO; c++)
      {
        e = plain (pass == 0 ? DIY_LEAVE : DIY_BACK);
        e.com = c;
        add_tedge (lex, &e, FALSE);
      }

  /* "Fence" alone names the strongest fence: FencedWR */
  for (guint s = 0; s < nsd; s++)
    for (guint i = 0; i < nex; i++)
      for (guint j = 0; j < nex; j++)
        {
          e = plain (DIY_FENCED);
          e.fence = arch->strong;
          e.sd = sd[s];
          e.e1 = ex[i];
          e.e2 = ex[j];
          add_word (lex, g_strdup_printf ("Fence%s%s%s", pp_sd (sd[s]), pp_extr (ex[i]), pp_extr (ex[j])), &e);
        }

  /* Dp and Ctrl alone name the arch's default dependencies */
  for (guint s = 0; s < nsd; s++)
    {
      static const struct { const char *tag; guint8 ex; int which; } defaults[] = {
        { "Dp", DIY_IRR, 0 }, { "Ctrl", DIY_IRR, 2 },
        { "Dp", DIY_DR, 0 }, { "Ctrl", DIY_DR, 2 },
        { "Dp", DIY_DW, 1 }, { "Ctrl", DIY_DW, 3 },
      };

      for (guint k = wildcard ? 0 : 2; k < G_N_ELEMENTS (defaults); k++)
        {
          gint dps[] = { arch->ddr_default, arch->ddw_default, arch->ctrlr_default, arch->ctrlw_default };
          gint dp = dps[defaults[k].which];

          if (dp < 0)
            continue;
          e = plain (DIY_DP);
          e.dp = dp;
          e.sd = sd[s];
          e.e2 = defaults[k].ex;
          add_word (lex, g_strdup_printf ("%s%s%s", defaults[k].tag, pp_sd (sd[s]), pp_extr (defaults[k].ex)), &e);
        }
    }
  e = plain (DIY_NODE);
  e.e1 = DIY_R;
  add_word (lex, g_strdup ("R"), &e);
  e.e1 = DIY_W;
  add_word (lex, g_strdup ("W"), &e);

  /* Backward compatibility: Ws for Co, Rmw for the exchange */
  for (guint ie = DIY_INT; ie <= (wildcard ? DIY_UNSPEC_COM : DIY_EXT); ie++)
    {
      e = plain (DIY_COM);
      e.com = DIY_CO;
      e.ie = ie;
      add_tedge (lex, &e, TRUE);
    }
  if (arch->rmw_compat >= 0)
    {
      e = plain (DIY_RMW);
      e.rmw = arch->rmw_compat;
      add_tedge (lex, &e, TRUE);
    }
}

/* diy's cumulativity macros: ACFenceScdWR is [Rfe; FenceScdWR], and
 * allRR, someRR... the lists of edges from a read to a read. */
static void
add_relax (DiyLexicon *lex, const char *prefix, const DiyEdge *es, guint n, const DiyEdge *named)
{
  GString *w = g_string_new (prefix);
  GPtrArray *alts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  GArray *one = g_array_sized_new (FALSE, FALSE, sizeof (DiyEdge), n);

  acy_diy_edge_append (lex->arch, w, named);
  g_array_append_vals (one, es, n);
  g_ptr_array_add (alts, one);
  if (g_hash_table_contains (lex->relaxes, w->str))
    {
      g_string_free (w, TRUE);
      g_ptr_array_unref (alts);
      return;
    }
  g_hash_table_insert (lex->relaxes, g_string_free (w, FALSE), alts);
}

static void
fill_relaxes (DiyLexicon *lex, gboolean wildcard)
{
  const DiyArch *arch = lex->arch;
  guint8 sd[3], ex[3];
  guint nsd = sds (wildcard, sd), nex = extrs (wildcard, ex);
  DiyEdge rf = plain (DIY_COM), f, es[3];

  rf.com = DIY_RF;
  rf.ie = DIY_EXT;
  for (guint fe = 0; fe < arch->n_fences; fe++)
    {
      f = plain (DIY_FENCED);
      f.fence = fe;
      for (guint s = 0; s < nsd; s++)
        {
          static const guint8 abc[2][2] = { { DIY_IRR, DIY_IRR }, { DIY_DR, DIY_DW } };

          f.sd = sd[s];
          for (guint k = 0; k < 2; k++)
            {
              f.e1 = abc[k][0];
              f.e2 = abc[k][1];
              es[0] = rf, es[1] = f, es[2] = rf;
              add_relax (lex, "ABC", es, 3, &f);
            }
          for (guint i = 0; i < nex; i++)
            {
              static const guint8 srcs[2] = { DIY_IRR, DIY_DR };
              static const guint8 tgts[2] = { DIY_IRR, DIY_DW };

              for (guint k = 0; k < 2; k++)
                {
                  f.e1 = srcs[k];
                  f.e2 = ex[i];
                  es[0] = rf, es[1] = f;
                  add_relax (lex, "AC", es, 2, &f);
                  f.e1 = ex[i];
                  f.e2 = tgts[k];
                  es[0] = f, es[1] = rf;
                  add_relax (lex, "BC", es, 2, &f);
                }
            }
        }
    }
  for (const gint8 *dp = arch->dpw; *dp >= 0; dp++)
    for (guint s = 0; s < nsd; s++)
      {
        DiyEdge d = plain (DIY_DP);

        d.dp = *dp;
        d.sd = sd[s];
        d.e2 = DIY_DW;
        es[0] = d, es[1] = rf;
        add_relax (lex, "BC", es, 2, &d);
      }

  /* allRR: po, the dependencies and every fence from a read to a read */
  for (guint k = 0; k < 8; k++)
    {
      static const char *const names[] = { "allRR", "allRW", "allWR", "allWW", "someRR", "someRW", "someWR", "someWW" };
      guint8 src = (k & 2) ? DIY_DW : DIY_DR, tgt = (k & 1) ? DIY_DW : DIY_DR;
      GPtrArray *alts = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
      DiyEdge e = plain (DIY_PO);
      GArray *one;

      e.sd = DIY_DIFF, e.e1 = src, e.e2 = tgt;
      one = g_array_new (FALSE, FALSE, sizeof (DiyEdge));
      g_array_append_val (one, e);
      g_ptr_array_add (alts, one);
      if (src == DIY_DR)
        {
          if (k < 4)
            for (const gint8 *dp = tgt == DIY_DR ? arch->dpr : arch->dpw; *dp >= 0; dp++)
              {
                e = plain (DIY_DP);
                e.dp = *dp, e.sd = DIY_DIFF, e.e2 = tgt;
                one = g_array_new (FALSE, FALSE, sizeof (DiyEdge));
                g_array_append_val (one, e);
                g_ptr_array_add (alts, one);
              }
          else if ((tgt == DIY_DR ? arch->ddr_default : arch->ddw_default) >= 0)
            {
              e = plain (DIY_DP);
              e.dp = tgt == DIY_DR ? arch->ddr_default : arch->ddw_default;
              e.sd = DIY_DIFF, e.e2 = tgt;
              one = g_array_new (FALSE, FALSE, sizeof (DiyEdge));
              g_array_append_val (one, e);
              g_ptr_array_add (alts, one);
            }
        }
      for (guint fe = 0; fe < arch->n_fences; fe++)
        {
          e = plain (DIY_FENCED);
          e.fence = fe, e.sd = DIY_DIFF, e.e1 = src, e.e2 = tgt;
          one = g_array_new (FALSE, FALSE, sizeof (DiyEdge));
          g_array_append_val (one, e);
          g_ptr_array_add (alts, one);
        }
      g_hash_table_insert (lex->relaxes, g_strdup (names[k]), alts);
    }
}

static DiyLexicon *
lexicon_new (const DiyArch *arch, gboolean wildcard)
{
  DiyLexicon *lex = g_new0 (DiyLexicon, 1);

  lex->arch = arch;
  lex->edges = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  lex->annotations = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  lex->relaxes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  fill_edges (lex, wildcard);
  g_hash_table_insert (lex->annotations, g_strdup (arch->plain), GINT_TO_POINTER (0));
  for (guint a = 0; a < arch->n_atoms; a++)
    if (!g_hash_table_contains (lex->annotations, arch->atoms[a]))
      g_hash_table_insert (lex->annotations, g_strdup (arch->atoms[a]), GINT_TO_POINTER (a + 1));
  fill_relaxes (lex, wildcard);
  return lex;
}

DiyLexicon *
acy_diy_lexicon_get (const DiyArch *arch, gboolean wildcard)
{
  static DiyLexicon *lexicons[ACY_DIY_N_ARCHS][2];
  static GMutex lock;
  DiyLexicon *lex;

  /* Made once per arch, then only read. */
  g_mutex_lock (&lock);
  if (lexicons[arch->arch][wildcard != 0] == NULL)
    lexicons[arch->arch][wildcard != 0] = lexicon_new (arch, wildcard);
  lex = lexicons[arch->arch][wildcard != 0];
  g_mutex_unlock (&lock);
  return lex;
}

/* Longest prefix of @word found in @table: its length, 0 if none. */
static gsize
longest_prefix (GHashTable *table, const char *word, gpointer *value)
{
  g_autofree char *buf = g_strdup (word);

  for (gsize i = strlen (word); i > 0; i--)
    {
      buf[i] = '\0';
      if (g_hash_table_lookup_extended (table, buf, NULL, value))
        return i;
    }
  return 0;
}

static gboolean
parse_annotation (DiyLexicon *lex, const char *word, gint *atom)
{
  gpointer v;

  if (!g_hash_table_lookup_extended (lex->annotations, word, NULL, &v))
    return FALSE;
  *atom = GPOINTER_TO_INT (v) - 1;
  return TRUE;
}

gboolean
acy_diy_lexicon_parse_annotations (DiyLexicon *lex, const char *suffix, gint *a1, gint *a2)
{
  gpointer v;
  gsize n = longest_prefix (lex->annotations, suffix, &v);

  if (n == 0)
    return FALSE;
  *a1 = GPOINTER_TO_INT (v) - 1;
  return parse_annotation (lex, suffix + n, a2);
}

gboolean
acy_diy_lexicon_parse_edge (DiyLexicon *lex, const char *word, DiyEdge *out)
{
  gpointer v;
  gsize n = longest_prefix (lex->edges, word, &v);
  gint a;

  if (n > 0)
    {
      gint a1, a2;

      *out = *(const DiyEdge *) v;
      if (word[n] == '\0')
        return TRUE;
      if (acy_diy_lexicon_parse_annotations (lex, word + n, &a1, &a2))
        {
          out->a1 = a1;
          out->a2 = a2;
          return TRUE;
        }
    }
  /* an annotation alone: an Id edge that annotates its neighbours */
  if (!parse_annotation (lex, word, &a))
    return FALSE;
  *out = plain (DIY_ID);
  out->a1 = out->a2 = a;
  return TRUE;
}

/* diy's Relax.find_macro_prefix: the longest prefix naming a macro,
 * with annotations after it for a macro of single edges. */
GPtrArray *
acy_diy_lexicon_macro (DiyLexicon *lex, const char *word)
{
  g_autofree char *buf = g_strdup (word);

  for (gsize i = strlen (word); i > 0; i--)
    {
      GPtrArray *alts;
      gint a1, a2;

      buf[i] = '\0';
      alts = g_hash_table_lookup (lex->relaxes, buf);
      if (alts == NULL)
        continue;
      if (word[i] == '\0')
        return g_ptr_array_ref (alts);
      if (acy_diy_lexicon_parse_annotations (lex, word + i, &a1, &a2))
        {
          GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);

          for (guint k = 0; k < alts->len; k++)
            {
              GArray *src = alts->pdata[k];
              GArray *copy = g_array_copy (src);

              if (copy->len == 1)
                {
                  g_array_index (copy, DiyEdge, 0).a1 = a1;
                  g_array_index (copy, DiyEdge, 0).a2 = a2;
                }
              g_ptr_array_add (out, copy);
            }
          return out;
        }
    }
  return NULL;
}

static int
compare_words (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

GPtrArray *
acy_diy_lexicon_words (DiyLexicon *lex)
{
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter it;
  gpointer k, v;

  g_hash_table_iter_init (&it, lex->edges);
  while (g_hash_table_iter_next (&it, &k, &v))
    {
      const DiyEdge *e = v;

      if (e->a1 == DIY_NONE && e->a2 == DIY_NONE && e->kind != DIY_ID)
        g_ptr_array_add (words, g_strdup (k));
    }
  g_ptr_array_sort (words, compare_words);
  return words;
}

/* ---- expansion of unspecified directions, locations, threads ---- */

/* The alternatives of one edge, in the order diy's expand_edge lists
 * them (a wildcard direction gives W before R). */
static guint
edge_alternatives (const DiyArch *arch, const DiyEdge *e, DiyEdge *out)
{
  guint n = 0;

  switch ((DiyKind) e->kind)
    {
    case DIY_COM:
      if (e->ie == DIY_UNSPEC_COM)
        {
          out[n] = *e, out[n++].ie = DIY_INT;
          out[n] = *e, out[n++].ie = DIY_EXT;
        }
      else
        out[n++] = *e;
      return n;
    case DIY_DP:
      {
        guint8 dirs[2];
        guint nd = 0;

        if (e->e2 == DIY_IRR)
          {
            /* diy folds the dependency's directions left to right */
            if (e->dp == arch->data)
              dirs[nd++] = DIY_DW;
            else
              dirs[nd++] = DIY_DW, dirs[nd++] = DIY_DR;
          }
        else
          dirs[nd++] = e->e2;
        for (guint d = 0; d < nd; d++)
          for (guint s = 0; s < 2; s++)
            {
              if (e->sd != DIY_UNSPEC_LOC && s > 0)
                break;
              out[n] = *e;
              out[n].e2 = dirs[d];
              if (e->sd == DIY_UNSPEC_LOC)
                out[n].sd = s == 0 ? DIY_SAME : DIY_DIFF;
              n++;
            }
        return n;
      }
    case DIY_PO: case DIY_FENCED:
      {
        guint8 d1[2], d2[2];
        guint n1 = 0, n2 = 0;

        if (e->e1 == DIY_IRR)
          d1[n1++] = DIY_DW, d1[n1++] = DIY_DR;
        else
          d1[n1++] = e->e1;
        if (e->e2 == DIY_IRR)
          d2[n2++] = DIY_DW, d2[n2++] = DIY_DR;
        else
          d2[n2++] = e->e2;
        for (guint i = 0; i < n1; i++)
          for (guint j = 0; j < n2; j++)
            for (guint s = 0; s < 2; s++)
              {
                if (e->sd != DIY_UNSPEC_LOC && s > 0)
                  break;
                out[n] = *e;
                out[n].e1 = d1[i];
                out[n].e2 = d2[j];
                if (e->sd == DIY_UNSPEC_LOC)
                  out[n].sd = s == 0 ? DIY_SAME : DIY_DIFF;
                n++;
              }
        return n;
      }
    default:
      out[n++] = *e;
      return n;
    }
}

void
acy_diy_expand_relax (const DiyArch *arch, const DiyEdge *es, guint n, GPtrArray *out)
{
  g_autofree DiyEdge *alts = g_new (DiyEdge, n * 8);
  g_autofree guint *counts = g_new0 (guint, n);
  g_autofree guint *pick = g_new0 (guint, n);

  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    counts[i] = edge_alternatives (arch, &es[i], &alts[i * 8]);
  /* diy expands from the last edge: it varies slowest */
  for (;;)
    {
      gboolean ok = TRUE;

      for (guint i = 0; ok && i + 1 < n; i++)
        ok = acy_diy_can_precede (arch, &alts[i * 8 + pick[i]], &alts[(i + 1) * 8 + pick[i + 1]]);
      if (ok)
        {
          GArray *one = g_array_sized_new (FALSE, FALSE, sizeof (DiyEdge), n);

          for (guint i = 0; i < n; i++)
            g_array_append_val (one, alts[i * 8 + pick[i]]);
          g_ptr_array_add (out, one);
        }
      for (guint i = 0;; i++)
        {
          if (i == n)
            return;
          if (++pick[i] < counts[i])
            break;
          pick[i] = 0;
        }
    }
}

/* ---- annotations merged: diy's Edge.resolve_edges ---- */

static gboolean
can_merge (const DiyEdge *e)
{
  return !acy_diy_is_insert_store (e);
}

static gboolean
is_default (const DiyEdge *e)
{
  return e->kind == DIY_ID && e->a1 == DIY_NONE && e->a2 == DIY_NONE;
}

static void
set_a1 (DiyEdge *e, gint a)
{
  e->a1 = a;
  if (e->kind == DIY_NODE || e->kind == DIY_ID)
    e->a2 = a;
}

static void
set_a2 (DiyEdge *e, gint a)
{
  e->a2 = a;
  if (e->kind == DIY_NODE || e->kind == DIY_ID)
    e->a1 = a;
}

static gboolean
update_annotation (const DiyArch *arch, DiyEdge *e1, DiyEdge *e2)
{
  gint a1 = e1->a2, a2 = e2->a1, m;

  if (a1 == DIY_NONE && a2 == DIY_NONE)
    return FALSE;
  if (a1 == DIY_NONE)
    {
      set_a2 (e1, a2);
      return TRUE;
    }
  if (a2 == DIY_NONE)
    {
      set_a1 (e2, a1);
      return TRUE;
    }
  m = arch->merge_atoms (a1, a2);
  if (m == DIY_NONE)
    return FALSE;
  set_a2 (e1, m);
  set_a1 (e2, m);
  return TRUE;
}

/* Merges the end of @e1 (its direction and annotation) with the start
 * of @e2; FALSE when nothing changed. */
static gboolean
merge_pair (const DiyArch *arch, DiyEdge *e1, DiyEdge *e2)
{
  DiyExtr d1 = acy_diy_dir_tgt (e1), d2 = acy_diy_dir_src (e2);
  gboolean dir = FALSE;

  if (d1 == DIY_IRR && (d2 == DIY_DW || d2 == DIY_DR))
    acy_diy_set_tgt (e1, d2 == DIY_DW ? DIY_W : DIY_R), dir = TRUE;
  else if (d2 == DIY_IRR && (d1 == DIY_DW || d1 == DIY_DR))
    acy_diy_set_src (e2, d1 == DIY_DW ? DIY_W : DIY_R), dir = TRUE;
  return update_annotation (arch, e1, e2) || dir;
}

static int
find_next_merge (GArray *es, guint from)
{
  for (guint i = from; i < es->len; i++)
    if (can_merge (&g_array_index (es, DiyEdge, i)))
      return i;
  return -1;
}

/* diy's merge_left on @e and the edges @es[@from..]: folds the
 * following mergeable edges into @e while they are Id edges. Returns
 * whether a mergeable edge followed; *@kept says whether @e stays (an
 * Id edge is erased once merged). Edges consumed are removed from @es. */
static gboolean
merge_left (const DiyArch *arch, DiyEdge *e, GArray *es, guint from, gboolean *kept)
{
  for (;;)
    {
      int idx = find_next_merge (es, from);
      DiyEdge *next, e2, n2;

      if (idx < 0)
        {
          *kept = TRUE;
          return FALSE;
        }
      next = &g_array_index (es, DiyEdge, idx);
      if (is_default (e))
        {
          *kept = FALSE;
          return TRUE;
        }
      if (is_default (next))
        {
          g_array_remove_index (es, idx);
          continue;
        }
      e2 = *e, n2 = *next;
      if (!merge_pair (arch, &e2, &n2))
        {
          *kept = TRUE;
          return TRUE;
        }
      if (n2.kind == DIY_ID)
        {
          *e = e2;
          g_array_remove_index (es, idx);
          continue;
        }
      *next = n2;
      if (e2.kind == DIY_ID)
        {
          *kept = FALSE;
          return TRUE;
        }
      *e = e2;
      *kept = TRUE;
      return TRUE;
    }
}

static gboolean
validate_edges (const DiyArch *arch, GArray *es, GError **error)
{
  gint prev = DIY_NONE;
  int last = -1;

  for (guint i = 0; i < es->len; i++)
    {
      const DiyEdge *e = &g_array_index (es, DiyEdge, i);

      if (e->kind == DIY_ID)
        {
          g_autofree char *s = acy_diy_edges_to_string (arch, e, 1);

          acy_diy_fail_at (error, e->from, "Invalid extra annotation %s", s);
          return FALSE;
        }
      if (!acy_diy_is_insert_store (e))
        last = i;
    }
  if (last < 0)
    return TRUE;
  prev = g_array_index (es, DiyEdge, last).a2;
  for (guint i = 0; i < es->len; i++)
    {
      const DiyEdge *e = &g_array_index (es, DiyEdge, i);

      if (acy_diy_is_insert_store (e))
        continue;
      if (prev != e->a1)
        {
          GString *a = g_string_new (NULL), *b = g_string_new (NULL);

          acy_diy_atom_append (arch, a, prev);
          acy_diy_atom_append (arch, b, e->a1);
          acy_diy_fail_at (error, e->from, "Annotations mismatch between %s %s.", a->str, b->str);
          g_string_free (a, TRUE);
          g_string_free (b, TRUE);
          return FALSE;
        }
      prev = e->a2;
    }
  return TRUE;
}

GArray *
acy_diy_resolve_edges (const DiyArch *arch, const DiyEdge *in, guint n, GError **error)
{
  g_autoptr(GArray) es = g_array_sized_new (FALSE, FALSE, sizeof (DiyEdge), n);
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (DiyEdge));
  DiyEdge fst;
  guint pos = 0;
  gboolean kept;

  g_array_append_vals (es, in, n);

  /* find_first: the first mergeable edge that stays, the edges before
   * it (stores and inserts) kept in front */
  for (;;)
    {
      int idx = find_next_merge (es, pos);

      if (idx < 0)
        {
          acy_diy_fail (error, "No memory access node in cycle");
          return NULL;
        }
      g_array_append_vals (out, &g_array_index (es, DiyEdge, pos), idx - pos);
      fst = g_array_index (es, DiyEdge, idx);
      pos = idx + 1;
      if (!merge_left (arch, &fst, es, pos, &kept))
        {
          acy_diy_fail (error, "Only one relaxation that is not store nor insert.");
          return NULL;
        }
      if (kept)
        break;
    }
  {
    guint fst_at = out->len;
    g_autoptr(GArray) rest = g_array_new (FALSE, FALSE, sizeof (DiyEdge));

    /* merge_es: the rest of the cycle, the last edge merged with the
     * first again */
    while (pos < es->len)
      {
        DiyEdge e = g_array_index (es, DiyEdge, pos++);

        if (!can_merge (&e))
          {
            g_array_append_val (rest, e);
            continue;
          }
        if (!merge_left (arch, &e, es, pos, &kept))
          {
            merge_pair (arch, &e, &fst);
            g_array_append_val (rest, e);
            g_array_append_vals (rest, &g_array_index (es, DiyEdge, pos), es->len - pos);
            pos = es->len;
            break;
          }
        if (kept)
          g_array_append_val (rest, e);
      }
    g_array_insert_val (out, fst_at, fst);
    g_array_append_vals (out, rest->data, rest->len);
  }
  if (!validate_edges (arch, out, error))
    return NULL;
  return g_steal_pointer (&out);
}
