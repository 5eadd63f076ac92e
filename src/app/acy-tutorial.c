/* acy-tutorial.c - a short walk through the article's ideas
 *
 * Six steps after "A formal kernel memory-ordering model": litmus tests,
 * the relations po, rf, co and fr, message passing with and without
 * smp_mb(), and why Coherent RMO forbids what Toy RMO allows; the ladder
 * of models with the smallest tests telling each pair apart, searched
 * live (acy-tutorial-search.c); then a C11
 * chapter: memory orders, seq_cst, thin air and data races. Each step
 * opens its example in the main window with the model it talks about.
 * The steps are a table here rather than copies of a template.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>

#include "acy-accessible.h"
#include "acy-examples.h"
#include "acy-tutorial.h"
#include "acy-tutorial-search.h"

typedef struct
{
  const char *title;
  const char *body;      /* Pango markup */
  const char *code;      /* shown in monospace, not translated; or NULL */
  const char *example;   /* an id of acy-examples.c */
  const char *model;     /* a built-in model's file */
  gboolean    search;    /* the page searches for the tests that tell models apart */
} Step;

static const Step steps[] = {
  { N_("What a Litmus Test Asks"),
    /* Translators: Pango markup; keep the tags */
    N_("A litmus test is a tiny concurrent program with a question about how it may end. "
       "Here P0 writes the data <tt>y</tt>, then the flag <tt>x</tt>; P1 reads the flag, "
       "then the data. The <tt>exists</tt> clause asks: can P1 see the flag set but the "
       "old data?\n\n"
       "Acyclic builds every candidate execution of the test and keeps those the memory "
       "model allows. Run this one and the verdict is <b>Never</b>."),
    "P0: WRITE_ONCE(*y, 1); smp_mb(); WRITE_ONCE(*x, 1);\n"
    "P1: r1 = READ_ONCE(*x); smp_mb(); r2 = READ_ONCE(*y);\n"
    "exists (1:r1=1 /\\ 1:r2=0)",
    "C-MP+o-mb-o+o-mb-o", "coherent-rmo.cat" },
  { N_("Executions Are Relations"),
    /* Translators: Pango markup; keep the tags and the relation names */
    N_("A model sees an execution as events joined by relations:\n\n"
       "• <tt>po</tt>, program order: one thread’s accesses in the order written.\n"
       "• <tt>rf</tt>, reads-from: from a write to each read that takes its value.\n"
       "• <tt>co</tt>, coherence order: the order of the writes to one variable, "
       "the initial value first.\n"
       "• <tt>fr</tt>, from-read: from a read to the writes that came too late for it.\n\n"
       "Under Sequential Consistency every thread runs in program order, so the "
       "stale read is <b>Never</b> seen, even without barriers."),
    NULL,
    "C-MP+o-o+o-o", "sc.cat" },
  { N_("Forbidden Outcomes Are Cycles"),
    /* Translators: Pango markup; keep the tags and the relation names */
    N_("The stale read needs this cycle: P0 writes <tt>x</tt>, P1 reads it (<tt>rf</tt>), "
       "P1 then reads <tt>y</tt> (<tt>po</tt>), too early to see P0’s write of "
       "<tt>y</tt> (<tt>fr</tt>), which came before the write of <tt>x</tt> "
       "(<tt>po</tt>).\n\n"
       "Time has no cycles, so a model forbids an outcome by naming relations that must "
       "be <i>acyclic</i>. Toy RMO keeps <tt>po</tt> only across a fence; with no "
       "barriers its cycle is broken and the outcome is allowed: <b>Sometimes</b>."),
    "let rmo-order = fence | rfe | co | fr\n"
    "acyclic rmo-order",
    "C-MP+o-o+o-o", "toy-rmo.cat" },
  { N_("Why smp_mb() Forbids It"),
    /* Translators: Pango markup; keep the tags and the relation names */
    N_("<tt>smp_mb()</tt> is a full barrier: <tt>fencerel(F)</tt> links every access "
       "before it to every access after it. With a barrier in each thread, both "
       "<tt>po</tt> edges of the cycle become <tt>fence</tt> edges, the whole cycle is "
       "in <tt>rmo-order</tt>, and Toy RMO says <b>Never</b>.\n\n"
       "That is barrier pairing, made precise: each barrier supplies one edge of the "
       "cycle it rules out."),
    "let fence = fencerel(F)",
    "C-MP+o-mb-o+o-mb-o", "toy-rmo.cat" },
  { N_("A Toy Model Forgets Coherence"),
    /* Translators: Pango markup; keep the tags */
    N_("One thread writes 3, then 4, to <tt>x</tt>. Can <tt>x</tt> end up 3?\n\n"
       "Toy RMO says <b>Sometimes</b>: nothing in it stops the coherence order from "
       "putting 4 before 3. What is not forbidden is allowed, and real processors keep "
       "the accesses to one variable in order — a property called cache coherence."),
    "P0: *x = 3; *x = 4;\n"
    "exists (x=3)",
    "C-CO+o-o", "toy-rmo.cat" },
  { N_("Coherent RMO"),
    /* Translators: Pango markup; keep the tags and the relation names */
    N_("Coherent RMO adds one check: program order between accesses to the same "
       "variable (<tt>po-loc</tt>) together with <tt>rf</tt>, <tt>co</tt> and "
       "<tt>fr</tt> must be acyclic. Ending with 3 needs <tt>co</tt> from 4 to 3 "
       "against <tt>po-loc</tt> from 3 to 4: a cycle, so <b>Never</b>.\n\n"
       "Next, try the read-read coherence test and the other examples of the "
       "Examples menu."),
    "let com = rf | co | fr\n"
    "let coherence-order = po-loc | com\n"
    "acyclic coherence-order",
    "C-CO+o-o", "coherent-rmo.cat" },
  { N_("A Ladder of Models, Told Apart"),
    /* Translators: Pango markup; keep the tags */
    N_("Each model here allows what the one before it allows, and more: Sequential "
       "Consistency, Total Store Order, Coherent RMO, Toy RMO. A test that one model "
       "allows and the next forbids shows the step between them.\n\n"
       "Acyclic finds such tests as herd’s <i>diy</i> writes them, from cycles of "
       "edges (<tt>PodWR Fre PodWR Fre</tt>: a write then a read in each thread, each "
       "read missing the other’s write), smallest first. Press the button to find the "
       "smallest test for each pair now, and open one to see both models’ graphs."),
    NULL,
    "SB", "tso.cat", TRUE },
  { N_("C11 Atomics: Memory Orders"),
    /* Translators: Pango markup; keep the tags and the C names */
    N_("C and C++ give every atomic access a <i>memory order</i>. A "
       "<tt>memory_order_release</tt> store <i>synchronises with</i> a "
       "<tt>memory_order_acquire</tt> load that reads it: what the writer did before "
       "<i>happens before</i> what the reader does after. RC11, the repaired C11 model, "
       "forbids the stale read: <b>Never</b>.\n\n"
       "Make both accesses to the flag <tt>memory_order_relaxed</tt> and it is allowed."),
    "let sw = [REL] ; rs ; rf ; [R] ; [ACQ]   (simplified)\n"
    "let hb = (sb | sw)+",
    "C11-MP+rel+acq", "rc11.cat" },
  { N_("seq_cst Is More Than Release/Acquire"),
    /* Translators: Pango markup; keep the tags and the C names */
    N_("Store buffering with release stores and acquire loads is allowed, "
       "<b>Sometimes</b>: release orders what comes <i>before</i> a store, acquire what "
       "comes <i>after</i> a load, and nothing orders a store before a later load. With "
       "<tt>memory_order_seq_cst</tt> everywhere, RC11 asks the order <tt>psc</tt> of "
       "seq_cst events to be acyclic and says Never.\n\n"
       "Compare this test under RC11 and <i>SC for C11</i>."),
    "acyclic psc",
    "C11-SB+rel+acq", "rc11.cat" },
  { N_("Out of Thin Air"),
    /* Translators: Pango markup; keep the tags and the relation names */
    N_("Can each relaxed load read the other thread’s later store? The original C11 "
       "allowed it, and with dependencies even values that justify themselves “out of "
       "thin air”. RC11 forbids any cycle of program order and reads-from: "
       "<b>Never</b>."),
    "acyclic sb | rf",
    "C11-LB+rlx", "rc11.cat" },
  { N_("Data Races Are Undefined"),
    /* Translators: Pango markup; keep the tags */
    N_("Two plain accesses to one variable, one a write, from two threads, with "
       "nothing ordering them by happens-before: a <i>data race</i>. C11 gives such a "
       "program no meaning. The outcome is still reached, so the verdict is "
       "<b>Sometimes</b>, but the racy executions are flagged: under the verdict "
       "the window says <tt>Flags: *undef*</tt>, as herd7 prints <tt>Flag *undef*</tt>.\n\n"
       "Memory models are contracts: the examples of the C11 section of the Examples "
       "menu explore the rest of it."),
    "undefined_unless empty race",
    "C11-race", "rc11.cat" },
};

struct _AcyTutorial
{
  AdwWindow        parent_instance;

  /* Template children */
  AdwCarousel     *carousel;
  GtkButton       *next_button;

  /* The step being shown or scrolled to, so that quick presses of Next
   * each move one step even while the carousel is still moving.
   */
  guint            target;

  /* The main window the examples open in; weak, it may close first. */
  GWeakRef         window;
};

G_DEFINE_FINAL_TYPE (AcyTutorial, acy_tutorial, ADW_TYPE_WINDOW)

/**
 * acy_tutorial_new:
 * @window: the main window the examples open in
 *
 * Returns: (transfer floating): a tutorial window beside @window
 */
AcyTutorial *
acy_tutorial_new (AcyWindow *window)
{
  AcyTutorial *self;

  g_return_val_if_fail (ACY_IS_WINDOW (window), NULL);

  self = g_object_new (ACY_TYPE_TUTORIAL,
                       "transient-for", window,
                       "application", gtk_window_get_application (GTK_WINDOW (window)),
                       NULL);
  g_weak_ref_set (&self->window, window);

  return self;
}

static void acy_tutorial_update_buttons (AcyTutorial *self);

guint
acy_tutorial_get_n_steps (void)
{
  return G_N_ELEMENTS (steps);
}

/**
 * acy_tutorial_get_step:
 * @n: a step
 * @model: (out) (optional): the built-in model the step uses
 *
 * Returns: (nullable): the example the @n-th step opens, or %NULL past the last
 */
const char *
acy_tutorial_get_step (guint        n,
                       const char **model)
{
  if (n >= G_N_ELEMENTS (steps))
    return NULL;
  if (model != NULL)
    *model = steps[n].model;
  return steps[n].example;
}

/**
 * acy_tutorial_get_text:
 * @n: a step
 *
 * Returns: (nullable): the @n-th step's text as written (Pango markup,
 *   untranslated), or %NULL past the last
 */
const char *
acy_tutorial_get_text (guint n)
{
  return n < G_N_ELEMENTS (steps) ? steps[n].body : NULL;
}

guint
acy_tutorial_get_position (AcyTutorial *self)
{
  g_return_val_if_fail (ACY_IS_TUTORIAL (self), 0);

  return self->target;
}

void
acy_tutorial_set_position (AcyTutorial *self,
                           guint        n)
{
  g_return_if_fail (ACY_IS_TUTORIAL (self));
  g_return_if_fail (n < G_N_ELEMENTS (steps));

  self->target = n;
  acy_tutorial_update_buttons (self);
  adw_carousel_scroll_to (self->carousel,
                          adw_carousel_get_nth_page (self->carousel, n),
                          gtk_widget_get_mapped (GTK_WIDGET (self)));
}

/**
 * acy_tutorial_open_example:
 * @n: a step
 *
 * Opens the step's example in a tab of the main window and selects the
 * step's model for it.
 */
void
acy_tutorial_open_example (AcyTutorial *self,
                           guint        n)
{
  g_autoptr(AcyWindow) window = NULL;
  g_autofree char *model = NULL;

  g_return_if_fail (ACY_IS_TUTORIAL (self));
  g_return_if_fail (n < G_N_ELEMENTS (steps));

  window = g_weak_ref_get (&self->window);
  if (window == NULL)
    return;

  acy_window_load_example (window, steps[n].example);
  model = acy_window_get_builtin_model (steps[n].model);
  acy_window_set_model (window, model);
}

static const char *
model_title (const char *file)
{
  const char *title;

  for (guint i = 0; acy_window_get_builtin_model_info (i, &title) != NULL; i++)
    if (g_str_equal (acy_window_get_builtin_model_info (i, NULL), file))
      return title;
  return file;
}

static GtkWidget *
step_page_new (guint n)
{
  const Step *step = &steps[n];
  const AcyExample *example = acy_examples_find (step->example);
  g_autofree char *counter = NULL;
  g_autofree char *what = NULL;
  g_autofree char *example_markup = NULL;
  g_autofree char *model_markup = NULL;
  GtkWidget *scrolled, *clamp, *box, *label, *button, *frame;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);

  /* Translators: above a step of the tutorial, e.g. "Step 2 of 6" */
  counter = g_strdup_printf (_("Step %u of %u"), n + 1, (guint) G_N_ELEMENTS (steps));
  label = gtk_label_new (counter);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption-heading");
  gtk_box_append (GTK_BOX (box), label);

  label = gtk_label_new (_(step->title));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "title-2");
  gtk_accessible_update_property (GTK_ACCESSIBLE (label),
                                  GTK_ACCESSIBLE_PROPERTY_LEVEL, 2, -1);
  gtk_box_append (GTK_BOX (box), label);

  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), _(step->body));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_set_can_focus (label, FALSE);
  gtk_box_append (GTK_BOX (box), label);

  if (step->code != NULL)
    {
      label = gtk_label_new (step->code);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_widget_set_can_focus (label, FALSE);
      gtk_widget_add_css_class (label, "monospace");
      gtk_widget_set_margin_top (label, 8);
      gtk_widget_set_margin_bottom (label, 8);
      gtk_widget_set_margin_start (label, 12);
      gtk_widget_set_margin_end (label, 12);
      frame = gtk_frame_new (NULL);
      gtk_frame_set_child (GTK_FRAME (frame), label);
      gtk_box_append (GTK_BOX (box), frame);
    }

  if (step->search)
    gtk_box_append (GTK_BOX (box), acy_tutorial_search_new ());

  example_markup = g_markup_printf_escaped ("<b>%s</b>", example ? _(example->title) : step->example);
  model_markup = g_markup_printf_escaped ("<b>%s</b>", model_title (step->model));
  /* Translators: the first %s is an example's title, the second a model's name */
  what = g_strdup_printf (_("Opens %s and checks it with %s when you press Run."),
                          example_markup, model_markup);
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), what);
  gtk_label_set_xalign (GTK_LABEL (label), 0.5);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (box), label);

  button = gtk_button_new_with_mnemonic (_("_Open This Example"));
  gtk_widget_set_halign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "pill");
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "tutorial.open-example");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_uint32 (n));
  gtk_box_append (GTK_BOX (box), button);

  clamp = adw_clamp_new ();
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 520);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);

  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_widget_set_hexpand (scrolled, TRUE);
  gtk_widget_set_vexpand (scrolled, TRUE);

  return scrolled;
}

static void
acy_tutorial_update_buttons (AcyTutorial *self)
{
  guint index = self->target;
  gboolean last = index + 1 >= G_N_ELEMENTS (steps);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tutorial.previous", index > 0);
  gtk_button_set_label (self->next_button, last ? _("_Finish") : _("_Next"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->next_button),
                                  last ? "window.close" : "tutorial.next");
  if (last)
    gtk_widget_add_css_class (GTK_WIDGET (self->next_button), "suggested-action");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->next_button), "suggested-action");
}

/* Swiping or the dots moved the carousel. */
static void
acy_tutorial_page_changed (AcyTutorial *self,
                           guint        index,
                           AdwCarousel *carousel)
{
  self->target = index;
  acy_tutorial_update_buttons (self);
}

static void
acy_tutorial_move_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  AcyTutorial *self = ACY_TUTORIAL (widget);
  guint position = acy_tutorial_get_position (self);

  if (g_str_equal (action_name, "tutorial.next") && position + 1 < G_N_ELEMENTS (steps))
    acy_tutorial_set_position (self, position + 1);
  else if (g_str_equal (action_name, "tutorial.previous") && position > 0)
    acy_tutorial_set_position (self, position - 1);
}

static void
acy_tutorial_open_example_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  acy_tutorial_open_example (ACY_TUTORIAL (widget), g_variant_get_uint32 (parameter));
}

static void
acy_tutorial_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ACY_TYPE_TUTORIAL);

  G_OBJECT_CLASS (acy_tutorial_parent_class)->dispose (object);
}

static void
acy_tutorial_finalize (GObject *object)
{
  AcyTutorial *self = ACY_TUTORIAL (object);

  g_weak_ref_clear (&self->window);

  G_OBJECT_CLASS (acy_tutorial_parent_class)->finalize (object);
}

static void
acy_tutorial_class_init (AcyTutorialClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_tutorial_dispose;
  object_class->finalize = acy_tutorial_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-tutorial.ui");
  gtk_widget_class_bind_template_child (widget_class, AcyTutorial, carousel);
  gtk_widget_class_bind_template_child (widget_class, AcyTutorial, next_button);
  gtk_widget_class_bind_template_callback (widget_class, acy_tutorial_page_changed);

  gtk_widget_class_install_action (widget_class, "tutorial.next", NULL, acy_tutorial_move_action);
  gtk_widget_class_install_action (widget_class, "tutorial.previous", NULL, acy_tutorial_move_action);
  gtk_widget_class_install_action (widget_class, "tutorial.open-example", "u", acy_tutorial_open_example_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "tutorial.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "tutorial.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "tutorial.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "tutorial.previous", NULL);
}

static void
acy_tutorial_init (AcyTutorial *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_weak_ref_init (&self->window, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    adw_carousel_append (self->carousel, step_page_new (i));
  acy_tutorial_update_buttons (self);
  acy_accessible_fix_mnemonics (GTK_WIDGET (self));
}
