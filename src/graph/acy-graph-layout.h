/* acy-graph-layout.h - where the events and edges of an execution graph go
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Needs Pango (to measure labels) but not GTK: the graph widget and
 * acyclic-check both use it. A layout is computed once per execution and
 * relation choice, then drawn (acy-graph-render.h) and hit-tested as
 * often as needed.
 */
#pragma once

#include <pango/pangocairo.h>

#include "acyclic.h"

G_BEGIN_DECLS

/* Where the columns and rows go, shared by every execution of a test so
 * that stepping through them keeps each event in its place. */
typedef struct {
  guint  n_threads;
  guint  n_rows;       /* most events in one thread */
  guint  n_locs;
  double node_width;   /* widest event label seen */
} AcyGraphGrid;

void acy_graph_grid_add (AcyGraphGrid *grid, const AcyExecution *x);
/* The grid of a whole run, fitted to the executions of its first
 * @max_structures distinct event arrays. Pango only: a worker thread may
 * call it, so that a big run's labels are not measured on the main one. */
void acy_graph_grid_add_run (AcyGraphGrid      *grid,
                             const AcyRecorder *recorder,
                             guint              max_structures);

/* A relation to draw: base (po, rf, co, fr) or named by the model. */
typedef struct {
  const char    *name;
  const AcyWord *bits;     /* n x n */
  gboolean       overlay;  /* asked for by the user: never faded */
} AcyGraphRelationInput;

/**
 * AcyGraphWitnessLabelFunc:
 * Returns (transfer full) the label of a witness edge, or NULL to keep
 * the one the layout makes from the base relations.
 */
typedef char *(*AcyGraphWitnessLabelFunc) (guint src, guint dst, gpointer user_data);

typedef struct {
  const AcyExecution           *x;
  const AcyWord                *rf;   /* nullable; default x->rf */
  const AcyWord                *co;   /* nullable */
  const AcyWord                *fr;   /* nullable */
  /* Model relations to draw besides po, rf, co and fr. */
  const AcyGraphRelationInput  *extra;
  guint                         n_extra;
  /* The failing check, to highlight its witness. */
  const char                   *witness_name;
  const char                   *witness_kind;     /* "acyclic", "irreflexive", "empty" */
  const AcyWord                *witness;          /* nullable */
  /* nullable: the witness as a cycle, its events in order (one the
   * scene found through an irreflexive check of a closure, as ob+);
   * without it an acyclic check's cycle is looked for in @witness */
  const guint                  *witness_cycle;
  guint                         witness_cycle_len;
  AcyGraphWitnessLabelFunc      witness_label;
  gpointer                      witness_label_data;
  const char                   *title;            /* nullable: drawn on top (exports) */
  const AcyGraphGrid           *grid;             /* nullable: this execution alone */
  gboolean                      hide_po;
  gboolean                      hide_rf;
  gboolean                      hide_co;
  gboolean                      hide_fr;
  gboolean                      hide_init_edges;  /* edges from initial writes */
  /* The caption and legend at the right of the graph, not below it: for
   * a view wider than the graph would need. */
  gboolean                      legend_beside;
} AcyGraphInput;

typedef struct {
  guint       event;
  gboolean    init;
  gint        thread;         /* -1 for initial writes */
  guint       row;            /* po_index */
  double      x, y, w, h;     /* box */
  char       *name;           /* "a" (empty for initial writes) */
  char       *label;          /* "a: W[ONCE] x=1" */
  PangoLayout *text;
} AcyGraphNode;

typedef struct {
  guint        src, dst;      /* event indices */
  guint        rel;           /* index into the layout's relations */
  gboolean     witness;       /* part of the failing check's witness */
  gboolean     self_loop;
  double       p[8];          /* cubic Bézier: start, control 1, control 2, end */
  double       mx, my;        /* the curve's midpoint */
  double       lx, ly, lw, lh;/* label box */
  char        *label;
  PangoLayout *text;
} AcyGraphEdge;

/* "P0" over a thread's first event. */
typedef struct {
  gint         thread;
  double       x, y, w, h;
  PangoLayout *text;
} AcyGraphHeader;

typedef struct {
  char        *name;
  double       rgb[3];
  gboolean     base;         /* po, rf, co or fr */
  gboolean     witness;      /* the failing check's relation */
  gboolean     reduced;      /* drawn as its transitive reduction */
  gboolean     overlay;      /* an expression the user asked for: not faded */
  guint        n_edges;
  double       lx, ly;       /* legend entry */
  PangoLayout *text;
} AcyGraphRelationInfo;

typedef struct _AcyGraphLayout AcyGraphLayout;

struct _AcyGraphLayout {
  double        width, height;
  GArray       *nodes;        /* AcyGraphNode */
  GArray       *edges;        /* AcyGraphEdge, drawing order */
  GPtrArray    *relations;    /* AcyGraphRelationInfo*, legend order */
  GArray       *headers;      /* AcyGraphHeader */
  guint         columns;      /* threads side by side; more wrap into bands below */
  gint         *node_of_event; /* -1 for an event not shown */
  guint         n_events;
  gboolean      has_witness;
  char         *witness_text; /* "Forbidden by acyclic rmo-order: cycle a → b → c → a" */
  PangoLayout  *title;
  PangoLayout  *witness_caption;
  double        margin;       /* round the picture; the title starts there */
  double        text_x;       /* where the caption starts */
  double        title_y, witness_y, title_bottom;
  gboolean      legend_beside;
  /* The size with the legend placed the other way (beside, or below) */
  double        other_width, other_height;
  PangoContext *context;
};

/* @context: nullable; a Pango context for measuring (the default cairo
 * font map's when NULL). */
AcyGraphLayout *acy_graph_layout_new  (const AcyGraphInput *input,
                                       PangoContext        *context);
void            acy_graph_layout_free (AcyGraphLayout *layout);

typedef enum {
  ACY_GRAPH_HIT_NONE,
  ACY_GRAPH_HIT_NODE,
  ACY_GRAPH_HIT_EDGE,
} AcyGraphHit;

/* What is at (x, y) in layout coordinates: labels and nodes first, then
 * the curve nearest within a few pixels. *index is into nodes or edges. */
AcyGraphHit     acy_graph_layout_hit  (const AcyGraphLayout *layout,
                                       double                x,
                                       double                y,
                                       guint                *index);

/* "a: W[ONCE] x=1" and the like; also used by the popover and the dot
 * output. @name: nullable, the event's letter. */
char           *acy_graph_event_label (const AcyExecution *x, guint event, const char *name);
/* The letter of each event ("a", "b", ..., "" for initial writes), in
 * (thread, po) order, the events a graph shows first; free with
 * g_strfreev. */
char          **acy_graph_event_names (const AcyExecution *x);
/* The same, an initial write named "init:x": how --why and the
 * window's explanations name events, every one of them. */
char          **acy_graph_event_names_init (const AcyExecution *x);
/* Whether a graph shows @event: accesses, fences and initial writes are
 * shown; an assembly test's register events and branches are not (the
 * dependencies they make are drawn between the accesses). */
gboolean        acy_graph_event_shown (const AcyExecution *x, guint event);
/* Base relations containing (src, dst), for witness labels: "rfe",
 * "po", "co", "fr", "po+data"...; NULL when none. */
char           *acy_graph_base_label  (const AcyExecution *x, const AcyWord *rf,
                                       const AcyWord *co, const AcyWord *fr,
                                       guint src, guint dst);
/* The pairs of @witness a graph draws for a failed check of @kind: one
 * cycle for "acyclic" (its events, in order, into @cycle, of n + 1
 * entries), the events related to themselves for "irreflexive", every
 * pair otherwise; added to @pairs (n x n). Returns how many. */
guint           acy_graph_witness_pairs (const char    *kind,
                                         guint          n,
                                         const AcyWord *witness,
                                         AcyWord       *pairs,
                                         guint         *cycle);
/* The colour used for relation @name: herd's colours for po, rf, co, fr
 * and their internal/external parts ("rfe", "coi"...), one each for an
 * assembly test's addr, data and ctrl, else the i-th of a palette that
 * avoids them ("com" and "co;rf" are not co). */
void            acy_graph_relation_colour (const char *name, guint i, double rgb[3]);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyGraphLayout, acy_graph_layout_free)

G_END_DECLS
