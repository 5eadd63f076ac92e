/* acy-derivation-view.h - why a pair is in a relation, as a tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "acyclic.h"

G_BEGIN_DECLS

#define ACY_TYPE_DERIVATION_VIEW (acy_derivation_view_get_type ())
G_DECLARE_FINAL_TYPE (AcyDerivationView, acy_derivation_view, ACY, DERIVATION_VIEW, GtkWidget)

GtkWidget           *acy_derivation_view_new            (void);
/* @d: (transfer full) (nullable); @names: the events' names ("a",
 * "init:x"), copied. Facts about pairs are expanded, facts about single
 * events (why a is in Marked) folded. */
void                 acy_derivation_view_set_derivation (AcyDerivationView  *self,
                                                         AcyDerivation      *d,
                                                         const char *const  *names);
const AcyDerivation *acy_derivation_view_get_derivation (AcyDerivationView  *self);
/* The rows as shown (expanded ones only), top to bottom: "(a, c) ∈ hb". */
guint                acy_derivation_view_get_n_rows     (AcyDerivationView  *self);
char                *acy_derivation_view_get_row_text   (AcyDerivationView  *self,
                                                         guint               row);
const AcyDerivation *acy_derivation_view_get_row_node   (AcyDerivationView  *self,
                                                         guint               row);
/* The tallest the tree grows before it scrolls (380 at first). */
void                 acy_derivation_view_set_max_height (AcyDerivationView  *self,
                                                         int                 height);
/* What hovering a row does: ::node-hovered with its node (NULL: none). */
void                 acy_derivation_view_hover_node     (AcyDerivationView   *self,
                                                         const AcyDerivation *node);
/* The pairs of events a node stands on, for drawing its path: its own
 * pair, then the steps its definition goes through (the first named or
 * base relations below it), (a, b) flat in a guint array; a fact about
 * one event as (e, e). */
GArray              *acy_derivation_path_pairs          (const AcyDerivation *node);

G_END_DECLS
