/* acy-derivation-view.c - why a pair is in a relation, as a tree
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An AcyDerivation (acy-explain.h) shown in a GtkListView over a
 * GtkTreeListModel: one row per fact, "(a, d) ∈ hb", with how it holds
 * ("via c", "chain a → c → d") and, for a name the model defines, a
 * button naming its line in the .cat file. The tree is kept whole in a
 * shared box the rows' items point into, so a row recycled after the
 * derivation changed never reads freed memory.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include <glib/gi18n.h>

#include "acy-derivation-view.h"

/* ---- one fact as a list item --------------------------------------------- */

typedef struct {
  AcyDerivation *root;
  char         **names;
} Tree;

static void
tree_clear (gpointer data)
{
  Tree *t = data;

  acy_derivation_free (t->root);
  g_strfreev (t->names);
}

#define ACY_TYPE_DERIVATION_NODE (acy_derivation_node_get_type ())
G_DECLARE_FINAL_TYPE (AcyDerivationNode, acy_derivation_node, ACY, DERIVATION_NODE, GObject)

struct _AcyDerivationNode {
  GObject              parent_instance;
  Tree                *tree;   /* g_rc_box */
  const AcyDerivation *d;
};

G_DEFINE_FINAL_TYPE (AcyDerivationNode, acy_derivation_node, G_TYPE_OBJECT)

static void
acy_derivation_node_finalize (GObject *object)
{
  AcyDerivationNode *self = ACY_DERIVATION_NODE (object);

  g_rc_box_release_full (self->tree, tree_clear);
  G_OBJECT_CLASS (acy_derivation_node_parent_class)->finalize (object);
}

static void
acy_derivation_node_class_init (AcyDerivationNodeClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = acy_derivation_node_finalize;
}

static void
acy_derivation_node_init (AcyDerivationNode *self)
{
}

static AcyDerivationNode *
node_new (Tree *tree, const AcyDerivation *d)
{
  AcyDerivationNode *node = g_object_new (ACY_TYPE_DERIVATION_NODE, NULL);

  node->tree = g_rc_box_acquire (tree);
  node->d = d;
  return node;
}

/* ---- texts ------------------------------------------------------------------ */

static const char *
event_name (const Tree *t, guint e)
{
  return t->names && e < g_strv_length (t->names) ? t->names[e] : "?";
}

/* "(a, d) ∈ hb", "b ∉ FailedRMW" */
static char *
fact_text (const Tree *t, const AcyDerivation *d)
{
  const char *rel = d->holds ? "∈" : "∉";

  if (d->is_set)
    return g_strdup_printf ("%s %s %s", event_name (t, d->a), rel, d->text);
  return g_strdup_printf ("(%s, %s) %s %s", event_name (t, d->a), event_name (t, d->b), rel, d->text);
}

/* How the fact holds, in a few words; NULL when the children say it. */
static char *
note_text (const Tree *t, const AcyDerivation *d)
{
  switch (d->kind)
    {
    case ACY_DERIVATION_BASE:
      return g_strdup (_("fact of the execution"));
    case ACY_DERIVATION_OTHER:
      return g_strdup (_("computed"));
    case ACY_DERIVATION_SEQUENCE:
      if (!d->holds)
        return g_strdup (_("no middle event"));
      /* TRANSLATORS: the middle event of a sequence r ; s, e.g. "via c" */
      return g_strdup_printf (_("via %s"), event_name (t, d->middle));
    case ACY_DERIVATION_CLOSURE:
      if (!d->holds)
        return g_strdup (_("no chain"));
      if (d->children->len == 0)
        return g_strdup (_("the same event"));
      {
        GString *s = g_string_new (_("chain"));
        g_string_append_printf (s, " %s", event_name (t, d->a));
        for (guint i = 0; i < d->children->len; i++)
          g_string_append_printf (s, " → %s",
                                  event_name (t, ((AcyDerivation *) d->children->pdata[i])->b));
        return g_string_free (s, FALSE);
      }
    case ACY_DERIVATION_FIXPOINT:
      if (!d->holds)
        return NULL;
      /* TRANSLATORS: a `let rec` definition; %u counts its updates */
      return g_strdup_printf (_("let rec, added by update %u"), d->iteration);
    case ACY_DERIVATION_UNION:
      return g_strdup (d->holds ? _("this branch holds") : _("no branch holds"));
    case ACY_DERIVATION_DIFFERENCE:
      return d->holds ? g_strdup (_("in the first, not in the second")) : NULL;
    case ACY_DERIVATION_NAME:
    case ACY_DERIVATION_COMPLEMENT:
    case ACY_DERIVATION_INVERSE:
    case ACY_DERIVATION_IDENTITY:
    case ACY_DERIVATION_PRODUCT:
    case ACY_DERIVATION_INTERSECTION:
    case ACY_DERIVATION_APPLICATION:
    default:
      return NULL;
    }
}

static gboolean
has_location (const AcyDerivation *d)
{
  return d->loc.file != NULL &&
         (d->kind == ACY_DERIVATION_NAME || d->kind == ACY_DERIVATION_FIXPOINT);
}

/* The steps of a fact are the named relations (or base ones) its
 * definition goes through: prop (f, d) is overwrite (f, a), cumul-fence
 * (a, c), rfe (c, d). Going below them would light up every rf and co
 * that makes up an fr, and bury the chain. */
static void
collect_pairs (const AcyDerivation *d, GArray *pairs, gboolean top)
{
  gboolean step = d->kind == ACY_DERIVATION_BASE || d->kind == ACY_DERIVATION_NAME
                  || d->kind == ACY_DERIVATION_FIXPOINT;

  if (top || (step && d->holds && !d->is_set))
    {
      guint pair[2] = { d->a, d->is_set ? d->a : d->b };
      g_array_append_vals (pairs, pair, 2);
      if (!top)
        return;
    }
  for (guint i = 0; i < d->children->len; i++)
    {
      const AcyDerivation *c = d->children->pdata[i];
      /* what makes an event what it is is not a path */
      if (!c->is_set && c->holds)
        collect_pairs (c, pairs, FALSE);
    }
}

GArray *
acy_derivation_path_pairs (const AcyDerivation *node)
{
  GArray *pairs = g_array_new (FALSE, FALSE, sizeof (guint));

  if (node)
    collect_pairs (node, pairs, TRUE);
  return pairs;
}

/* ---- the widget ------------------------------------------------------------- */

struct _AcyDerivationView {
  GtkWidget            parent_instance;

  GtkWidget           *scroller;
  GtkWidget           *list_view;
  GtkTreeListModel    *tree_model;
  Tree                *tree;          /* g_rc_box, nullable */
  const AcyDerivation *hovered;
};

G_DEFINE_FINAL_TYPE (AcyDerivationView, acy_derivation_view, GTK_TYPE_WIDGET)

enum {
  SIGNAL_NODE_HOVERED,
  SIGNAL_LOCATION_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static GListModel *
children_of (gpointer item, gpointer data)
{
  AcyDerivationNode *node = item;
  GListStore *store;

  if (node->d->children->len == 0)
    return NULL;
  store = g_list_store_new (ACY_TYPE_DERIVATION_NODE);
  for (guint i = 0; i < node->d->children->len; i++)
    {
      g_autoptr(AcyDerivationNode) child = node_new (node->tree, node->d->children->pdata[i]);
      g_list_store_append (store, child);
    }
  return G_LIST_MODEL (store);
}

/* Facts about pairs open, down to the base relations; facts about what
 * an event is (a ∈ Marked, [M]) stay folded: they are true of every
 * event of that kind and would bury the path. */
static gboolean
opens_by_default (const AcyDerivation *d)
{
  return !d->is_set && d->kind != ACY_DERIVATION_IDENTITY;
}

static void
expand_defaults (AcyDerivationView *self)
{
  GListModel *model = G_LIST_MODEL (self->tree_model);

  /* Expanding row i inserts its children right after it: the loop
   * walks into them. */
  for (guint i = 0; i < g_list_model_get_n_items (model) && i < 2000; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (model, i);
      g_autoptr(AcyDerivationNode) node = gtk_tree_list_row_get_item (row);

      if (opens_by_default (node->d))
        gtk_tree_list_row_set_expanded (row, TRUE);
    }
}

void
acy_derivation_view_set_derivation (AcyDerivationView *self,
                                    AcyDerivation     *d,
                                    const char *const *names)
{
  GListStore *root = g_list_store_new (ACY_TYPE_DERIVATION_NODE);
  g_autoptr(GtkSingleSelection) selection = NULL;

  g_return_if_fail (ACY_IS_DERIVATION_VIEW (self));

  acy_derivation_view_hover_node (self, NULL);
  if (self->tree)
    g_rc_box_release_full (self->tree, tree_clear);
  self->tree = NULL;
  if (d)
    {
      g_autoptr(AcyDerivationNode) top = NULL;

      self->tree = g_rc_box_new0 (Tree);
      self->tree->root = d;
      self->tree->names = g_strdupv ((char **) names);
      top = node_new (self->tree, d);
      g_list_store_append (root, top);
    }
  g_clear_object (&self->tree_model);
  self->tree_model = gtk_tree_list_model_new (G_LIST_MODEL (root), FALSE, FALSE,
                                              children_of, NULL, NULL);
  selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->tree_model)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_list_view_set_model (GTK_LIST_VIEW (self->list_view), GTK_SELECTION_MODEL (selection));
  expand_defaults (self);
}

const AcyDerivation *
acy_derivation_view_get_derivation (AcyDerivationView *self)
{
  g_return_val_if_fail (ACY_IS_DERIVATION_VIEW (self), NULL);
  return self->tree ? self->tree->root : NULL;
}

guint
acy_derivation_view_get_n_rows (AcyDerivationView *self)
{
  return self->tree_model ? g_list_model_get_n_items (G_LIST_MODEL (self->tree_model)) : 0;
}

const AcyDerivation *
acy_derivation_view_get_row_node (AcyDerivationView *self, guint row)
{
  g_autoptr(GtkTreeListRow) r = NULL;
  g_autoptr(AcyDerivationNode) node = NULL;

  if (row >= acy_derivation_view_get_n_rows (self))
    return NULL;
  r = g_list_model_get_item (G_LIST_MODEL (self->tree_model), row);
  node = gtk_tree_list_row_get_item (r);
  return node->d;
}

char *
acy_derivation_view_get_row_text (AcyDerivationView *self, guint row)
{
  const AcyDerivation *d = acy_derivation_view_get_row_node (self, row);

  return d ? fact_text (self->tree, d) : NULL;
}

void
acy_derivation_view_set_max_height (AcyDerivationView *self, int height)
{
  g_return_if_fail (ACY_IS_DERIVATION_VIEW (self));
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scroller), height);
}

void
acy_derivation_view_hover_node (AcyDerivationView *self, const AcyDerivation *node)
{
  if (node == self->hovered)
    return;
  self->hovered = node;
  g_signal_emit (self, signals[SIGNAL_NODE_HOVERED], 0, node);
}

/* ---- rows ------------------------------------------------------------------- */

static void
on_row_enter (GtkEventControllerMotion *motion, double x, double y, AcyDerivationView *self)
{
  GtkWidget *expander = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion));
  GtkTreeListRow *row = gtk_tree_expander_get_list_row (GTK_TREE_EXPANDER (expander));
  g_autoptr(AcyDerivationNode) node = row ? gtk_tree_list_row_get_item (row) : NULL;

  acy_derivation_view_hover_node (self, node ? node->d : NULL);
}

static void
on_list_leave (GtkEventControllerMotion *motion, AcyDerivationView *self)
{
  acy_derivation_view_hover_node (self, NULL);
}

static void
on_location_clicked (GtkButton *button, AcyDerivationView *self)
{
  GtkWidget *expander = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_TREE_EXPANDER);
  GtkTreeListRow *row = expander ? gtk_tree_expander_get_list_row (GTK_TREE_EXPANDER (expander)) : NULL;
  g_autoptr(AcyDerivationNode) node = row ? gtk_tree_list_row_get_item (row) : NULL;

  if (node && has_location (node->d))
    g_signal_emit (self, signals[SIGNAL_LOCATION_ACTIVATED], 0,
                   node->d->loc.file, node->d->loc.line, node->d->loc.col);
}

static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *item, AcyDerivationView *self)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *fact = gtk_label_new (NULL);
  GtkWidget *note = gtk_label_new (NULL);
  GtkWidget *link = gtk_button_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  gtk_label_set_xalign (GTK_LABEL (fact), 0);
  gtk_label_set_ellipsize (GTK_LABEL (fact), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (fact), 48);
  gtk_label_set_xalign (GTK_LABEL (note), 0);
  gtk_widget_add_css_class (note, "dim-label");
  gtk_widget_add_css_class (note, "caption");
  gtk_widget_add_css_class (link, "flat");
  gtk_widget_add_css_class (link, "caption");
  gtk_widget_set_valign (link, GTK_ALIGN_CENTER);
  g_signal_connect_object (link, "clicked", G_CALLBACK (on_location_clicked), self, 0);
  gtk_box_append (GTK_BOX (box), fact);
  gtk_box_append (GTK_BOX (box), note);
  gtk_box_append (GTK_BOX (box), link);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  g_signal_connect_object (motion, "enter", G_CALLBACK (on_row_enter), self, 0);
  gtk_widget_add_controller (expander, motion);
  g_object_set_data (G_OBJECT (expander), "fact", fact);
  g_object_set_data (G_OBJECT (expander), "note", note);
  g_object_set_data (G_OBJECT (expander), "link", link);
  gtk_list_item_set_child (item, expander);
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *item, AcyDerivationView *self)
{
  GtkWidget *expander = gtk_list_item_get_child (item);
  GtkTreeListRow *row = gtk_list_item_get_item (item);
  g_autoptr(AcyDerivationNode) node = gtk_tree_list_row_get_item (row);
  const AcyDerivation *d = node->d;
  GtkWidget *fact = g_object_get_data (G_OBJECT (expander), "fact");
  GtkWidget *note = g_object_get_data (G_OBJECT (expander), "note");
  GtkWidget *link = g_object_get_data (G_OBJECT (expander), "link");
  g_autofree char *text = fact_text (node->tree, d);
  g_autofree char *how = note_text (node->tree, d);

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  /* The row, and the expander in it, which takes the focus (its keys
   * fold and unfold) and would read as an unnamed panel. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (expander), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  if (gtk_widget_get_parent (expander) != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_parent (expander)),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  gtk_label_set_text (GTK_LABEL (fact), text);
  gtk_widget_set_tooltip_text (fact, text);
  /* A name the model defines is what a reader looks up: in bold. */
  if (d->kind == ACY_DERIVATION_NAME || d->kind == ACY_DERIVATION_FIXPOINT)
    gtk_widget_add_css_class (fact, "heading");
  else
    gtk_widget_remove_css_class (fact, "heading");
  if (d->holds)
    gtk_widget_remove_css_class (fact, "dim-label");
  else
    gtk_widget_add_css_class (fact, "dim-label");
  gtk_label_set_text (GTK_LABEL (note), how ? how : "");
  gtk_widget_set_visible (note, how != NULL);
  if (has_location (d))
    {
      g_autofree char *base = g_filename_display_basename (d->loc.file);
      g_autofree char *where = g_strdup_printf ("%s:%u", base, d->loc.line);
      g_autofree char *tip = NULL;

      /* TRANSLATORS: the tooltip of a button naming where a relation is defined */
      tip = g_strdup_printf (_("Show the definition: %s:%u:%u"), d->loc.file, d->loc.line, d->loc.col);
      gtk_button_set_label (GTK_BUTTON (link), where);
      gtk_widget_set_tooltip_text (link, tip);
      gtk_widget_set_visible (link, TRUE);
    }
  else
    gtk_widget_set_visible (link, FALSE);
}

static void
unbind_row (GtkSignalListItemFactory *factory, GtkListItem *item, AcyDerivationView *self)
{
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (gtk_list_item_get_child (item)), NULL);
}

/* ---- life ------------------------------------------------------------------- */

GtkWidget *
acy_derivation_view_new (void)
{
  return g_object_new (ACY_TYPE_DERIVATION_VIEW, NULL);
}

static void
acy_derivation_view_dispose (GObject *object)
{
  AcyDerivationView *self = ACY_DERIVATION_VIEW (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_object (&self->tree_model);
  G_OBJECT_CLASS (acy_derivation_view_parent_class)->dispose (object);
}

static void
acy_derivation_view_finalize (GObject *object)
{
  AcyDerivationView *self = ACY_DERIVATION_VIEW (object);

  if (self->tree)
    g_rc_box_release_full (self->tree, tree_clear);
  G_OBJECT_CLASS (acy_derivation_view_parent_class)->finalize (object);
}

static void
acy_derivation_view_class_init (AcyDerivationViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_derivation_view_dispose;
  object_class->finalize = acy_derivation_view_finalize;

  /**
   * AcyDerivationView::node-hovered:
   * @node: (nullable): the fact under the pointer (an AcyDerivation),
   *   NULL when the pointer left
   */
  signals[SIGNAL_NODE_HOVERED] =
    g_signal_new ("node-hovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * AcyDerivationView::location-activated:
   * The definition of a name was asked for: its file, line and column.
   */
  signals[SIGNAL_LOCATION_ACTIVATED] =
    g_signal_new ("location-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "acyderivationview");
}

static void
acy_derivation_view_init (AcyDerivationView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  g_signal_connect_object (factory, "setup", G_CALLBACK (setup_row), self, 0);
  g_signal_connect_object (factory, "bind", G_CALLBACK (bind_row), self, 0);
  g_signal_connect_object (factory, "unbind", G_CALLBACK (unbind_row), self, 0);
  self->list_view = gtk_list_view_new (NULL, factory);
  gtk_widget_add_css_class (self->list_view, "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Why the pair is in the relation"), -1);
  g_signal_connect_object (motion, "leave", G_CALLBACK (on_list_leave), self, 0);
  gtk_widget_add_controller (self->list_view, motion);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scroller), 380);
  gtk_scrolled_window_set_max_content_width (GTK_SCROLLED_WINDOW (self->scroller), 720);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->list_view);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  acy_derivation_view_set_derivation (self, NULL, NULL);
}
