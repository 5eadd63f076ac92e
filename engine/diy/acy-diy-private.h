/* acy-diy-private.h - what the parts of the test writer share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine's diy room writes a litmus test from a cycle of edges
 * ("PodWR Fre PodWR Fre"), as herd's diyone7 does: the same name, the
 * same threads, the same condition. Its parts, in the order a cycle goes
 * through them:
 *
 *   acy-diy-arch.c    each arch's vocabulary: annotations, fences,
 *                     dependencies, read-modify-writes
 *   acy-diy-edge.c    edges: printing, ordering, the lexeme table,
 *                     annotation merging (diy's Edge.resolve_edges)
 *   acy-diy-parse.c   the cycle's text, with its positions, to cycles
 *   acy-diy-cycle.c   edges to a ring of events: directions, locations,
 *                     values, threads, coherence
 *   acy-diy-name.c    the family name (SB, MP+po+addr...)
 *   acy-diy-c.c       the ring as a C litmus test
 *   acy-diy.c         the public calls (acy-diy.h), diycross families
 *
 * Values that diy compares with OCaml's structural compare are small
 * integers numbered so that comparing the integers orders them as
 * OCaml does (constant constructors before the others, constructors in
 * declaration order).
 */
#pragma once

#include <glib.h>

#include "acy-diy.h"

G_BEGIN_DECLS

/* Edge kinds: diy's tedge. Constant constructors (Id, Store, Hat) come
 * first, then the others in declaration order, as OCaml compares them. */
typedef enum {
  DIY_ID, DIY_STORE, DIY_HAT,
  DIY_COM, DIY_PO, DIY_FENCED, DIY_DP, DIY_LEAVE, DIY_BACK,
  DIY_INSERT, DIY_NODE, DIY_RMW,
} DiyKind;

typedef enum { DIY_RF, DIY_FR, DIY_CO } DiyCom;
typedef enum { DIY_INT, DIY_EXT, DIY_UNSPEC_COM } DiyIe;
typedef enum { DIY_SAME, DIY_DIFF, DIY_UNSPEC_LOC } DiySd;
/* diy's extr: Irr and NoDir are constants, Dir W < Dir R */
typedef enum { DIY_IRR, DIY_NODIR, DIY_DW, DIY_DR } DiyExtr;
typedef enum { DIY_W, DIY_R } DiyDir;

#define DIY_NONE (-1)   /* no annotation (None) */

/* One edge: diy's { edge; a1; a2 }. @a1/@a2 are annotations (atom
 * indices of the arch) or DIY_NONE. */
typedef struct {
  guint8 kind;    /* DiyKind */
  guint8 com;     /* DIY_COM, DIY_LEAVE, DIY_BACK */
  guint8 ie;      /* DIY_COM */
  guint8 sd;      /* DIY_PO, DIY_FENCED, DIY_DP */
  guint8 e1;      /* DIY_PO, DIY_FENCED: source (DiyExtr); DIY_NODE: DiyDir */
  guint8 e2;      /* DIY_PO, DIY_FENCED, DIY_DP: target (DiyExtr) */
  gint8  fence;   /* DIY_FENCED, DIY_INSERT */
  gint8  dp;      /* DIY_DP */
  gint8  rmw;     /* DIY_RMW */
  gint8  a1, a2;
  guint16 from;   /* the edge of the cycle's text it came from */
} DiyEdge;

/* One arch's vocabulary. Indices of annotations, fences, dependencies
 * and read-modify-writes are numbered in OCaml's compare order. */
typedef struct {
  AcyDiyArch   arch;
  const char  *name;                 /* "C", as the test's first word */
  const char  *plain;                /* pp_plain: the name of no annotation */
  guint        n_atoms;
  const char *const *atoms;          /* pp_atom */
  guint        n_fences;
  const char *const *fences;         /* pp_fence */
  gint         strong;               /* F.strong */
  guint        n_dps;
  const char *const *dps;            /* pp_dp: "Addr" */
  const gint8 *dpr;                  /* fold_dpr, ends with -1 */
  const gint8 *dpw;                  /* fold_dpw, ends with -1 */
  gint         ddr_default, ddw_default, ctrlr_default, ctrlw_default;
  gint         ctrl;                 /* the control dependency, -1 if none */
  gint         addr;                 /* the address dependency */
  gint         data;                 /* the data dependency */
  guint        n_rmws;
  const char *const *rmws;           /* pp_rmw false */
  const char *const *rmws_compat;    /* pp_rmw true */
  gint         rmw_compat;           /* the rmw fold_rmw_compat lists */
  gboolean   (*applies_atom) (gint atom, DiyDir dir);
  gint       (*merge_atoms)  (gint a1, gint a2);   /* DIY_NONE: cannot */
} DiyArch;

const DiyArch *acy_diy_arch_get (AcyDiyArch arch);

/* ---- edges (acy-diy-edge.c) ---- */

typedef struct _DiyLexicon DiyLexicon;

DiyLexicon *acy_diy_lexicon_get (const DiyArch *arch, gboolean wildcard);

int      acy_diy_edge_poly_compare (const DiyEdge *a, const DiyEdge *b);   /* OCaml's compare */
gboolean acy_diy_edge_equal        (const DiyEdge *a, const DiyEdge *b);
void     acy_diy_edge_append       (const DiyArch *arch, GString *out, const DiyEdge *e);   /* pp_edge */
char    *acy_diy_edges_to_string   (const DiyArch *arch, const DiyEdge *es, guint n);     /* pp_edges */
void     acy_diy_tedge_append      (const DiyArch *arch, GString *out, const DiyEdge *e, gboolean compat);
void     acy_diy_atom_append       (const DiyArch *arch, GString *out, gint atom);

DiyExtr  acy_diy_dir_src  (const DiyEdge *e);
DiyExtr  acy_diy_dir_tgt  (const DiyEdge *e);
DiySd    acy_diy_loc_sd   (const DiyEdge *e);
DiyIe    acy_diy_get_ie   (const DiyEdge *e);
gboolean acy_diy_is_insert_store (const DiyEdge *e);
gboolean acy_diy_is_non_pseudo   (const DiyEdge *e);
gboolean acy_diy_is_com   (const DiyEdge *e);
gboolean acy_diy_is_ext   (const DiyEdge *e);
void     acy_diy_set_src  (DiyEdge *e, DiyDir d);
void     acy_diy_set_tgt  (DiyEdge *e, DiyDir d);
gboolean acy_diy_can_precede (const DiyArch *arch, const DiyEdge *x, const DiyEdge *y);

/* diy's relaxation macros (ACFenceScdWR is [Rfe; FenceScdWR], allRR
 * the choice of every edge from a read to a read): the alternatives a
 * word names (GPtrArray of GArray of DiyEdge), or NULL. */
GPtrArray *acy_diy_lexicon_macro (DiyLexicon *lex, const char *word);
/* Parses one word as diy's Edge.parse_edge; FALSE if it is no edge. */
gboolean acy_diy_lexicon_parse_edge (DiyLexicon *lex, const char *word, DiyEdge *out);
gboolean acy_diy_lexicon_parse_annotations (DiyLexicon *lex, const char *suffix, gint *a1, gint *a2);
/* Every printed edge of the vocabulary (no annotation), sorted. */
GPtrArray *acy_diy_lexicon_words (DiyLexicon *lex);

/* diy's Edge.expand_edges of one relaxation: each expansion whose
 * consecutive edges can follow each other, appended to @out (a GPtrArray
 * of GArray of DiyEdge). */
void acy_diy_expand_relax (const DiyArch *arch, const DiyEdge *es, guint n, GPtrArray *out);

/* diy's Edge.resolve_edges: annotations of neighbouring edges merged, Id
 * edges folded into their neighbours. @index maps each edge of the
 * result to the edge of @es it came from (for error positions). */
GArray *acy_diy_resolve_edges (const DiyArch *arch, const DiyEdge *es, guint n, GError **error);

/* ---- the cycle's text (acy-diy-parse.c) ---- */

/* Where a token of the cycle's text is: edges and errors name tokens
 * by their index in a table of these. */
typedef struct {
  guint offset;
  guint length;
} DiyToken;

/* The cycles @text stands for (GPtrArray of GArray of DiyEdge), each
 * edge's `from` the index of its word in @tokens, to which the tokens
 * are added; @base is @text's offset in the whole text. @top_choice:
 * diycross's top level, where commas are choices. */
GPtrArray *acy_diy_parse_cycles (const DiyArch *arch, gboolean wildcard, const char *text, gsize len,
                                 guint base, gboolean top_choice, GArray *tokens, guint max_cycles,
                                 GError **error);

/* Each cycle of @a followed by each of @b, @a's varying slowest. */
GPtrArray *acy_diy_cycles_product (GPtrArray *a, GPtrArray *b);

/* ---- the ring of events (acy-diy-cycle.c) ---- */

typedef struct _DiyNode DiyNode;

typedef struct {
  int      loc;        /* location number (0: x, 1: y, 2: z, 3: a...), -1 none */
  int      v;          /* value read or written */
  gint8    dir;        /* DiyDir, or -1 */
  gint8    atom;
  gboolean rmw;
  int      cell;       /* the location's value after this event */
  int      proc;
} DiyEvent;

struct _DiyNode {
  DiyEvent evt;
  DiyEdge  edge;       /* evt is its source */
  DiyNode *next, *prev, *store;
};

typedef struct {
  const DiyArch *arch;
  DiyNode  *nodes;     /* storage, n of them (and the removed ones) */
  guint     n;
  DiyNode  *start;     /* the ring's first node once finished */
  GPtrArray *procs;    /* GPtrArray of GPtrArray of DiyNode, once split */
} DiyRing;

/* Per-location coherence: writes in order, each with its value. */
typedef struct {
  int     loc;
  GArray *values;      /* int: the cell after each write */
} DiyCoherence;

typedef struct {
  gboolean one_loc;    /* -oneloc: a cycle may have a single location */
} DiyRingOptions;

DiyRing *acy_diy_ring_new  (const DiyArch *arch, const DiyEdge *es, guint n, GError **error);
void     acy_diy_ring_free (DiyRing *ring);
/* C.resolve_edges: the edges read back, directions set */
GArray  *acy_diy_ring_extract_edges (DiyRing *ring);
/* C.finish: locations and values */
gboolean acy_diy_ring_finish (DiyRing *ring, GError **error);
/* C.split_procs */
gboolean acy_diy_ring_split_procs (DiyRing *ring, GError **error);
/* C.coherence: GArray of DiyCoherence sorted by location name */
GArray  *acy_diy_ring_coherence (DiyRing *ring, const DiyRingOptions *options, GError **error);
void     acy_diy_coherence_free (GArray *cos);

char       *acy_diy_loc_name (int loc);
int         acy_diy_loc_compare (int a, int b);   /* by name, as diy sorts */
DiyNode    *acy_diy_find_non_insert_store (DiyNode *m);
DiyNode    *acy_diy_find_non_insert_store_prev (DiyNode *m);

/* Prefetch and Com lines (TopUtils) */
char *acy_diy_ring_prefetch (DiyRing *ring, guint first_proc);
char *acy_diy_ring_coms     (DiyRing *ring);

/* ---- names (acy-diy-name.c) ---- */

/* The test's name, from the resolved edges (diy's normaliser and
 * namer); NULL with @error when diy cannot normalise the cycle. */
char *acy_diy_family_name (const DiyArch *arch, const DiyEdge *es, guint n,
                           gboolean normalise, GArray **normalised, GError **error);

/* ---- writers ---- */

typedef struct {
  const char *name;
  const char *generator;
  const char *cycle_info;   /* diycross's Cycle= line, or NULL */
  gboolean    one_loc;
} DiyWriteOptions;

char *acy_diy_write_c (DiyRing *ring, const GArray *edges, const DiyWriteOptions *options, GError **error);

/* The test for a cycle of edges, as diyone7 writes it (acy-diy.c):
 * annotations merged, named, written. Errors are not placed. */
char *acy_diy_write_edges (const DiyArch *arch, const DiyEdge *edges, guint n, const AcyDiyOptions *options,
                           char **name, GError **error);

/* diy's errors are Warn.fatal: a message. acy_diy_fail_at() names the
 * edge of the text it is about (its `from`); the public calls turn that
 * into the edge's position (acy_diy_error_place()). */
void acy_diy_fail    (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);
void acy_diy_fail_at (GError **error, guint from, const char *format, ...) G_GNUC_PRINTF (3, 4);
/* The edge an error names, -1 if none; strips the mark from its message. */
int  acy_diy_error_place (GError *error);

G_END_DECLS
