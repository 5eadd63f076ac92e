/* acy-tutorial-search.c - the tutorial's lesson on telling models apart: the
 * smallest tests that separate each pair of models, found live
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The ladder SC, TSO, Coherent RMO, Toy RMO (each allows what the one
 * before allows, and more), then the C11 models: for each neighbouring
 * pair the search of acy_diy_search() runs in a GTask worker, smallest
 * cycles first, and stops at the first test one model allows and the
 * other forbids. Each row fills in as its test is found; activating it
 * opens the test in the comparison window under both models, with both
 * graphs.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include <glib/gi18n.h>

#include "acyclic.h"
#include "acy-compare-window.h"
#include "acy-tutorial-search.h"

static const struct {
  const char *a, *b;            /* built-in models: the stronger first */
  const char *title;
  const char *annotations;      /* C11 memory orders, or NULL */
} pairs[] = {
  { "sc", "tso", N_("Sequential Consistency and Total Store Order") },
  { "tso", "coherent-rmo", N_("Total Store Order and Coherent RMO") },
  { "coherent-rmo", "toy-rmo", N_("Coherent RMO and Toy RMO") },
  { "c11-sc", "rc11", N_("SC for C11 and RC11"), "Rlx,Acq,Rel,Sc" },
  { "c11-ra", "rc11", N_("Release/Acquire C11 and RC11"), "Rlx,Acq,Rel,Sc" },
};

struct _AcyTutorialSearch
{
  GtkBox        parent_instance;

  GtkListBox   *list;
  GtkWidget    *button;
  GtkWidget    *rows[G_N_ELEMENTS (pairs)];
  AcyDiyFound  *found[G_N_ELEMENTS (pairs)];
  GCancellable *cancellable;
  gboolean      running;
};

G_DEFINE_FINAL_TYPE (AcyTutorialSearch, acy_tutorial_search, GTK_TYPE_BOX)

typedef struct {
  AcyTutorialSearch *self;     /* main thread only */
  guint              pair;
  AcyDiyFound       *found;    /* NULL: none within the bounds */
  gdouble            seconds;
  guint64            tests;
} Push;

static void
show_pair (AcyTutorialSearch *self, guint i, const AcyDiyFound *f, guint64 tests, gdouble seconds)
{
  g_autofree char *subtitle = NULL;

  if (f != NULL)
    {
      g_autofree char *tested = g_strdup_printf ("%'" G_GUINT64_FORMAT, tests);

      /* TRANSLATORS: a test's name, its cycle of edges, how many tests were checked, the seconds it took */
      subtitle = g_strdup_printf (_("%s: %s — the first of %s tests checked, found in %.2f s"),
                                  f->name, f->cycle, tested, seconds);
    }
  else
    subtitle = g_strdup (_("No test found within 4 threads and 5 accesses"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->rows[i]), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->rows[i]), f != NULL);
}

static gboolean
push_idle (gpointer data)
{
  Push *push = data;
  AcyTutorialSearch *self = push->self;

  if (push->pair < G_N_ELEMENTS (pairs))
    {
      g_clear_pointer (&self->found[push->pair], acy_diy_found_free);
      self->found[push->pair] = g_steal_pointer (&push->found);
      show_pair (self, push->pair, self->found[push->pair], push->tests, push->seconds);
    }
  else
    {
      self->running = FALSE;
      gtk_widget_set_sensitive (self->button, TRUE);
    }
  acy_diy_found_free (push->found);
  g_object_unref (self);
  g_free (push);
  return G_SOURCE_REMOVE;
}

static void
push (AcyTutorialSearch *self, guint pair, AcyDiyFound *found, const AcyDiySearchProgress *p)
{
  Push *x = g_new0 (Push, 1);

  x->self = g_object_ref (self);
  x->pair = pair;
  x->found = found;
  x->seconds = p ? p->elapsed : 0;
  x->tests = p ? p->tests : 0;
  g_idle_add (push_idle, x);
}

static void
keep_first (const AcyDiyFound *found, gpointer data)
{
  AcyDiyFound **first = data;

  if (*first == NULL)
    *first = acy_diy_found_copy (found);
}

static void
search_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  AcyTutorialSearch *self = ACY_TUTORIAL_SEARCH (source);

  for (guint i = 0; i < G_N_ELEMENTS (pairs) && !g_cancellable_is_cancelled (cancellable); i++)
    {
      AcyMacros *macros[2] = { NULL, NULL };
      AcyModel *models[2] = { NULL, NULL };
      AcyDiySearchOptions o = { ACY_DIY_ARCH_C, 4, 5, NULL, pairs[i].annotations, 0, 1 };
      AcyDiySearchProgress p = { 0 };
      AcyDiyFound *first = NULL;

      o.n_workers = MIN (g_get_num_processors (), 2);
      models[0] = acy_comparison_load_model (pairs[i].a, NULL, &macros[0], NULL);
      models[1] = acy_comparison_load_model (pairs[i].b, NULL, &macros[1], NULL);
      if (models[0] != NULL && models[1] != NULL
          && acy_diy_search ((const AcyModel *const *) models, macros[0], &o, keep_first, NULL, &first,
                             &p, cancellable, NULL))
        push (self, i, first, &p);
      else
        acy_diy_found_free (first);
      for (guint m = 0; m < 2; m++)
        {
          g_clear_pointer (&models[m], acy_model_free);
          g_clear_pointer (&macros[m], acy_macros_free);
        }
    }
  push (self, G_N_ELEMENTS (pairs), NULL, NULL);
  g_task_return_boolean (task, TRUE);
}

void
acy_tutorial_search_run (AcyTutorialSearch *self)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (ACY_IS_TUTORIAL_SEARCH (self));
  if (self->running)
    return;
  self->running = TRUE;
  gtk_widget_set_sensitive (self->button, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->rows[i]), _("Searching…"));
  task = g_task_new (self, self->cancellable, NULL, NULL);
  g_task_set_source_tag (task, acy_tutorial_search_run);
  g_task_set_name (task, "[acyclic] tutorial: tests telling models apart");
  g_task_run_in_thread (task, search_thread);
}

gboolean
acy_tutorial_search_get_running (AcyTutorialSearch *self)
{
  return self->running;
}

const AcyDiyFound *
acy_tutorial_search_get_found (AcyTutorialSearch *self, guint pair)
{
  return pair < G_N_ELEMENTS (pairs) ? self->found[pair] : NULL;
}

guint
acy_tutorial_search_get_n_pairs (void)
{
  return G_N_ELEMENTS (pairs);
}

static void
on_row_activated (GtkListBox *list, GtkListBoxRow *row, AcyTutorialSearch *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "acy-pair"));
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWindow *parent = GTK_IS_WINDOW (root) ? gtk_window_get_transient_for (GTK_WINDOW (root)) : NULL;
  const char *specs[3] = { pairs[i].a, pairs[i].b, NULL };
  AcyCompareWindow *cw;

  if (self->found[i] == NULL)
    return;
  cw = acy_compare_window_new (parent ? parent : GTK_WINDOW (root), self->found[i]->text,
                               self->found[i]->name, pairs[i].a);
  acy_compare_window_set_models (cw, specs);
  gtk_window_present (GTK_WINDOW (cw));
  acy_compare_window_run (cw);
}

static void
on_button_clicked (AcyTutorialSearch *self)
{
  acy_tutorial_search_run (self);
}

static void
acy_tutorial_search_dispose (GObject *object)
{
  AcyTutorialSearch *self = ACY_TUTORIAL_SEARCH (object);

  g_cancellable_cancel (self->cancellable);
  G_OBJECT_CLASS (acy_tutorial_search_parent_class)->dispose (object);
}

static void
acy_tutorial_search_finalize (GObject *object)
{
  AcyTutorialSearch *self = ACY_TUTORIAL_SEARCH (object);

  g_clear_object (&self->cancellable);
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    acy_diy_found_free (self->found[i]);
  G_OBJECT_CLASS (acy_tutorial_search_parent_class)->finalize (object);
}

static void
acy_tutorial_search_class_init (AcyTutorialSearchClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = acy_tutorial_search_dispose;
  G_OBJECT_CLASS (klass)->finalize = acy_tutorial_search_finalize;
}

static void
acy_tutorial_search_init (AcyTutorialSearch *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 12);
  self->cancellable = g_cancellable_new ();
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("The smallest test that tells each pair of models apart"), -1);
  g_signal_connect_object (self->list, "row-activated", G_CALLBACK (on_row_activated), self, 0);
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(pairs[i].title));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Not searched yet"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      g_object_set_data (G_OBJECT (row), "acy-pair", GUINT_TO_POINTER (i));
      gtk_list_box_append (self->list, row);
      self->rows[i] = row;
    }
  self->button = gtk_button_new_with_mnemonic (_("_Find the Smallest Tests"));
  gtk_widget_set_halign (self->button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->button, "pill");
  g_signal_connect_object (self->button, "clicked", G_CALLBACK (on_button_clicked), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->list));
  gtk_box_append (GTK_BOX (self), self->button);
}

GtkWidget *
acy_tutorial_search_new (void)
{
  return g_object_new (ACY_TYPE_TUTORIAL_SEARCH, NULL);
}
