/* acy-compare-window.c - compare models on a test or a folder of tests
 *
 * The window and its model toggles. The "This Test" page is an
 * AcyCompareView; the "Folder of Tests" page is in
 * acy-compare-window-batch.c. They share acy-compare-window-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "acy-check-job.h"
#include "acy-compare-window-private.h"
#include "acy-tab-stop.h"

G_DEFINE_FINAL_TYPE (AcyCompareWindow, acy_compare_window, ADW_TYPE_WINDOW)

/* The built-in models and the architectures of the tests each is
 * offered for (the toy models are the article's, for C tests). */
static const struct {
  const char *spec;
  const char *name;
  const char *archs;
} builtin_models[] = {
  { "sc", N_("Sequential Consistency"), "C" },
  { "tso", N_("Total Store Order"), "C" },
  { "coherent-rmo", N_("Coherent RMO"), "C" },
  { "toy-rmo", N_("Toy RMO"), "C" },
  { "rc11", N_("RC11 (C11 Atomics)"), "C" },
  { "c11-sc", N_("SC for C11"), "C" },
  { "c11-ra", N_("Release/Acquire C11"), "C" },
  { "x86-tso", N_("x86-TSO"), "X86 X86_64" },
  { "armv8", N_("Armv8 (AArch64)"), "AArch64" },
};

/* The built-in model a path or name stands for, or NULL. */
static const char *
builtin_spec (const char *spec)
{
  g_autofree char *base = g_path_get_basename (spec);
  g_autofree char *dir = g_path_get_dirname (spec);
  char *dot = strrchr (base, '.');

  if (strchr (spec, G_DIR_SEPARATOR) != NULL && g_strcmp0 (dir, acy_builtin_models_dir ()) != 0)
    return NULL;
  if (dot != NULL && g_str_equal (dot, ".cat"))
    *dot = '\0';
  for (guint i = 0; i < G_N_ELEMENTS (builtin_models); i++)
    if (g_str_equal (base, builtin_models[i].spec))
      return builtin_models[i].spec;
  return NULL;
}

/* ---- choosing models ------------------------------------------------------ */

/* A chip is a check box to a screen reader: GTK 4.8 has no toggle
 * button role, and reads a toggle button as a push button, pressed or
 * not, with no checked state. */
void
acy_compare_window_chip_update_state (GtkToggleButton *toggle)
{
  gtk_accessible_reset_state (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_STATE_PRESSED);
  gtk_accessible_update_state (GTK_ACCESSIBLE (toggle), GTK_ACCESSIBLE_STATE_CHECKED,
                               gtk_toggle_button_get_active (toggle) ? GTK_ACCESSIBLE_TRISTATE_TRUE
                                                                     : GTK_ACCESSIBLE_TRISTATE_FALSE,
                               -1);
}

static void
model_toggled (AcyCompareWindow *self, GtkToggleButton *toggle)
{
  if (gtk_toggle_button_get_active (toggle))
    g_object_set_data (G_OBJECT (toggle), "acy-serial", GUINT_TO_POINTER (++self->toggle_serial));
  acy_compare_window_chip_update_state (toggle);
  acy_compare_window_update_actions (self);
}

static int
by_serial (gconstpointer a, gconstpointer b)
{
  guint sa = GPOINTER_TO_UINT (g_object_get_data (*(GObject *const *) a, "acy-serial"));
  guint sb = GPOINTER_TO_UINT (g_object_get_data (*(GObject *const *) b, "acy-serial"));

  return sa < sb ? -1 : sa > sb;
}

/* The toggle of the model @spec, whose label names it; or NULL. */
GtkWidget *
acy_compare_window_find_toggle (AcyCompareWindow *self, const char *spec)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->models_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (child), "acy-spec"), spec) == 0)
      return child;
  return NULL;
}

/* The Linux-kernel model, wherever it was found, by its file's name */
static gboolean
is_kernel_model (const char *spec)
{
  g_autofree char *base = g_path_get_basename (spec);

  return g_str_equal (base, "linux-kernel.cfg");
}

static GtkWidget *
add_toggle (AcyCompareWindow *self, const char *spec)
{
  const char *builtin = builtin_spec (spec);
  g_autofree char *label = NULL;
  const char *archs = NULL;   /* any architecture's tests */
  GtkWidget *toggle;

  if (builtin != NULL)
    spec = builtin;
  toggle = acy_compare_window_find_toggle (self, spec);
  if (toggle != NULL)
    return toggle;

  if (builtin != NULL)
    {
      for (guint i = 0; i < G_N_ELEMENTS (builtin_models); i++)
        if (g_str_equal (builtin, builtin_models[i].spec))
          {
            label = g_strdup (_(builtin_models[i].name));
            archs = builtin_models[i].archs;
          }
    }
  else if (is_kernel_model (spec))
    {
      label = g_strdup (_("Linux kernel (LKMM)"));
      archs = "C";
    }
  else if (g_str_equal (spec, ACY_COMPARE_MACHINE_SPEC))
    /* Translators: the compare window's chip for a column of what this
     * machine's CPU shows when it runs the test */
    label = g_strdup (_("This Machine (CPU)"));
  else
    label = g_filename_display_basename (spec);
  toggle = g_object_new (GTK_TYPE_TOGGLE_BUTTON,
                         "label", label,
                         "accessible-role", GTK_ACCESSIBLE_ROLE_CHECKBOX,
                         NULL);
  /* Chosen chips are filled with the accent colour, the others outlined */
  gtk_widget_add_css_class (toggle, "model-chip");
  /* A model file's path, which its name alone does not say; a built-in
   * model's tooltip would only repeat its name, and a screen reader
   * would read it twice (the tooltip is its description). */
  if (builtin == NULL)
    {
      g_autofree char *shown = g_filename_display_name (spec);

      if (g_str_equal (spec, ACY_COMPARE_MACHINE_SPEC))
        gtk_widget_set_tooltip_text (toggle, _("Run the test on this machine’s CPU, beside the models"));
      else
        gtk_widget_set_tooltip_text (toggle, shown);
    }
  g_object_set_data_full (G_OBJECT (toggle), "acy-spec", g_strdup (spec), g_free);
  g_object_set_data (G_OBJECT (toggle), "acy-archs", (gpointer) archs);
  g_signal_connect_object (toggle, "toggled", G_CALLBACK (model_toggled), self, G_CONNECT_SWAPPED);
  acy_compare_window_chip_update_state (GTK_TOGGLE_BUTTON (toggle));
  /* the chips in the order added, "Add Model File…" after them */
  acy_wrap_box_insert_before (self->models_box, toggle, self->add_model_button);
  return toggle;
}

char **
acy_compare_window_get_models (AcyCompareWindow *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) active = g_ptr_array_new ();

  g_return_val_if_fail (ACY_IS_COMPARE_WINDOW (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->models_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child) && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child)))
      g_ptr_array_add (active, child);
  g_ptr_array_sort (active, by_serial);
  for (guint i = 0; i < active->len; i++)
    g_strv_builder_add (builder, g_object_get_data (active->pdata[i], "acy-spec"));
  return g_strv_builder_end (builder);
}

void
acy_compare_window_set_models (AcyCompareWindow *self, const char *const *specs)
{
  g_return_if_fail (ACY_IS_COMPARE_WINDOW (self));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->models_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child))
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), FALSE);
  /* a model not offered for the test's architecture stays unchosen */
  for (guint i = 0; specs != NULL && specs[i] != NULL; i++)
    {
      GtkWidget *toggle = add_toggle (self, specs[i]);

      if (gtk_widget_get_visible (toggle))
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
    }
  acy_compare_window_update_actions (self);
}

gboolean
acy_compare_window_chip_has_arch (GtkWidget *toggle, const char *arch)
{
  const char *archs = g_object_get_data (G_OBJECT (toggle), "acy-archs");
  g_auto(GStrv) list = NULL;

  if (archs == NULL || arch == NULL)
    return TRUE;
  list = g_strsplit (archs, " ", -1);
  return g_strv_contains ((const char *const *) list, arch);
}

static void
add_model_response (AcyCompareWindow *self, int response, GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (g_file_peek_path (file) != NULL)
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (add_toggle (self, g_file_peek_path (file))), TRUE);
    }
  g_object_unref (native);
}

static void
add_model_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  AcyCompareWindow *self = ACY_COMPARE_WINDOW (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (_("Add Model"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN, _("_Add"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  gtk_file_filter_set_name (filter, _("Cat Models and herd Configurations"));
  gtk_file_filter_add_pattern (filter, "*.cat");
  gtk_file_filter_add_pattern (filter, "*.cfg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  g_signal_connect_object (native, "response", G_CALLBACK (add_model_response), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* ---- running -------------------------------------------------------------- */

/* Nothing runs until Compare: say what it will check, and what the
 * test's last check cost under one model. */
static void
update_intro (AcyCompareWindow *self)
{
  g_auto(GStrv) specs = acy_compare_window_get_models (self);
  guint n = g_strv_length (specs);
  g_autofree char *what = NULL;
  g_autofree char *cost = NULL;
  g_autofree char *text = NULL;

  if (self->started || self->test_text == NULL)
    return;
  /* Translators: %u is the number of models chosen */
  what = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Compare checks the test under the %u chosen model.",
                                       "Compare checks the test under each of the %u chosen models.", n),
                          n);
  if (self->cost_candidates > 0)
    {
      g_autofree char *candidates = g_strdup_printf ("%'" G_GUINT64_FORMAT, self->cost_candidates);

      /* Translators: a count of candidate executions, the seconds one check took, then the estimate for all */
      cost = g_strdup_printf (_("Its last check judged %s candidate executions in %.1f s: expect about %.1f s in all."),
                              candidates, self->cost_seconds, self->cost_seconds * MAX (n, 1));
    }
  else
    cost = g_strdup (_("Each model judges every candidate execution of the test; a big test can take a while."));
  text = g_strdup_printf ("%s %s %s", what, cost, _("Press Compare (Ctrl+Return) to start; Stop (Escape) cancels."));
  acy_compare_view_show_intro (self->view, text);
}

/**
 * acy_compare_window_set_cost:
 * @candidates: how many candidate executions the test's last check judged
 * @seconds: how long it took
 */
void
acy_compare_window_set_cost (AcyCompareWindow *self,
                             guint64           candidates,
                             double            seconds)
{
  g_return_if_fail (ACY_IS_COMPARE_WINDOW (self));

  self->cost_candidates = candidates;
  self->cost_seconds = seconds;
  update_intro (self);
}

void
acy_compare_window_update_actions (AcyCompareWindow *self)
{
  g_auto(GStrv) specs = acy_compare_window_get_models (self);
  gboolean running = acy_compare_view_get_running (self->view) || self->batch_running || self->search_running;
  const char *page = adw_view_stack_get_visible_child_name (self->view_stack);
  gboolean can_run = g_strv_length (specs) >= 1
                     && (g_strcmp0 (page, "folder") != 0 || self->folder != NULL)
                     && (g_strcmp0 (page, "search") != 0 || g_strv_length (specs) >= 2)
                     && (g_strcmp0 (page, "test") != 0 || self->test_text != NULL);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.run", can_run);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.find-tests",
                                 g_strv_length (specs) >= 2 && !self->search_running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "compare.stop", running);
  gtk_widget_set_visible (self->stop_button, running);
  update_intro (self);
}

static void
on_running_changed (AcyCompareWindow *self)
{
  acy_compare_window_update_actions (self);
}

static void
on_page_changed (AcyCompareWindow *self)
{
  acy_compare_window_update_actions (self);
}

void
acy_compare_window_run (AcyCompareWindow *self)
{
  g_auto(GStrv) specs = NULL;

  g_return_if_fail (ACY_IS_COMPARE_WINDOW (self));

  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "folder") == 0)
    {
      acy_compare_window_run_folder (self, NULL);
      return;
    }
  if (g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "search") == 0)
    {
      acy_compare_window_run_search (self);
      return;
    }
  self->started = TRUE;
  specs = acy_compare_window_get_models (self);
  acy_compare_view_set_test (self->view, self->test_text, self->test_name);
  acy_compare_view_set_models (self->view, (const char *const *) specs);
  acy_compare_window_set_view_forms (self, (const char *const *) specs);
  acy_compare_view_run (self->view);
}

static void
run_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  acy_compare_window_run (ACY_COMPARE_WINDOW (widget));
}

static void
stop_action (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  AcyCompareWindow *self = ACY_COMPARE_WINDOW (widget);

  acy_compare_view_cancel (self->view);
  g_cancellable_cancel (self->batch_cancellable);
  g_cancellable_cancel (self->search_cancellable);
}

/* ---- the rest ------------------------------------------------------------- */

/* The model to set beside @spec by default: the article's pairs. */
static const char *
partner_of (const char *spec)
{
  const char *builtin = spec ? builtin_spec (spec) : NULL;

  if (builtin == NULL)
    return "sc";
  if (g_str_equal (builtin, "sc"))
    return "tso";
  if (g_str_equal (builtin, "tso"))
    return "sc";
  if (g_str_equal (builtin, "toy-rmo"))
    return "coherent-rmo";
  return "toy-rmo";
}

AcyCompareWindow *
acy_compare_window_new (GtkWindow  *parent,
                        const char *test_text,
                        const char *test_name,
                        const char *model)
{
  AcyCompareWindow *self = g_object_new (ACY_TYPE_COMPARE_WINDOW,
                                         "transient-for", parent,
                                         NULL);
  const char *specs[3] = { model ? model : "sc", partner_of (model), NULL };

  self->test_text = g_strdup (test_text);
  self->test_name = g_strdup (test_name);
  adw_view_switcher_title_set_subtitle (self->switcher_title, test_name);
  acy_compare_window_init_forms (self);
  acy_compare_window_set_models (self, specs);
  acy_compare_window_choose_test_model (self);
  update_intro (self);
  return self;
}

AcyCompareView *
acy_compare_window_get_view (AcyCompareWindow *self)
{
  g_return_val_if_fail (ACY_IS_COMPARE_WINDOW (self), NULL);
  return self->view;
}

static void
acy_compare_window_dispose (GObject *object)
{
  AcyCompareWindow *self = ACY_COMPARE_WINDOW (object);

  g_cancellable_cancel (self->batch_cancellable);
  self->batch_generation++;
  acy_compare_window_dispose_search (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), ACY_TYPE_COMPARE_WINDOW);
  G_OBJECT_CLASS (acy_compare_window_parent_class)->dispose (object);
}

static void
acy_compare_window_finalize (GObject *object)
{
  AcyCompareWindow *self = ACY_COMPARE_WINDOW (object);

  g_clear_object (&self->batch_cancellable);
  g_clear_object (&self->batch_items);
  g_clear_object (&self->batch_sorted);
  acy_compare_window_finalize_search (self);
  acy_compare_window_free_forms (self);
  g_free (self->test_text);
  g_free (self->test_name);
  g_free (self->folder);
  G_OBJECT_CLASS (acy_compare_window_parent_class)->finalize (object);
}

static void
acy_compare_window_class_init (AcyCompareWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_compare_window_dispose;
  g_type_ensure (ACY_TYPE_TAB_STOP);
  object_class->finalize = acy_compare_window_finalize;

  g_type_ensure (ACY_TYPE_COMPARE_VIEW);
  g_type_ensure (ACY_TYPE_WRAP_BOX);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-compare-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, view);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, models_box);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, add_model_button);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, forms_bar);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, forms_box);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, compare_button);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, stop_button);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, folder_label);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, batch_summary);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, batch_progress);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, batch_stack);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, batch_view);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, search_summary);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, search_progress);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, search_stack);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, search_list);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, search_threads);
  gtk_widget_class_bind_template_child (widget_class, AcyCompareWindow, search_accesses);
  gtk_widget_class_bind_template_callback (widget_class, on_running_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_page_changed);

  gtk_widget_class_install_action (widget_class, "compare.run", NULL, run_action);
  gtk_widget_class_install_action (widget_class, "compare.stop", NULL, stop_action);
  gtk_widget_class_install_action (widget_class, "compare.add-model", NULL, add_model_action);
  acy_compare_window_class_init_batch (widget_class);
  acy_compare_window_class_init_search (widget_class);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "compare.run", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "compare.stop", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
acy_compare_window_init (AcyCompareWindow *self)
{
  g_autofree char *kernel = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  /* The kernel model first, as in the main window's chooser, when found */
  kernel = acy_check_job_find_kernel_model ();
  if (kernel != NULL)
    add_toggle (self, kernel);
  for (guint i = 0; i < G_N_ELEMENTS (builtin_models); i++)
    add_toggle (self, builtin_models[i].spec);
  add_toggle (self, ACY_COMPARE_MACHINE_SPEC);

  acy_compare_window_init_batch (self);
  acy_compare_window_init_search (self);
  acy_compare_window_update_actions (self);
}
