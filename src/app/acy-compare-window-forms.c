/* acy-compare-window-forms.c - the models offered for the test's architecture, and its other forms
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A C test is compared under the C models (the kernel's, C11's, the
 * article's toy ones), an X86_64 test under x86-TSO, an AArch64 test
 * under Armv8: the chips offered are those of the test's architecture
 * (and model files, which may be for any). The examples writing the
 * same shape for another architecture (C MP, X86_64 MP, AArch64 MP:
 * the same name on the first line) are offered as the test's forms;
 * chosen, the chips of their architecture are offered too, and each
 * model checks the form of its architecture, all in one table whose
 * rows are the window's test's final states.
 */
#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "acy-compare-window-private.h"
#include "acy-examples.h"

struct _AcyCompareForm {
  char      *arch;     /* "X86_64" */
  char      *title;    /* its first line, "X86_64 MP" */
  char      *text;
  GtkWidget *toggle;
};

static void
form_free (gpointer data)
{
  AcyCompareForm *form = data;

  g_free (form->arch);
  g_free (form->title);
  g_free (form->text);
  g_free (form);
}

/* The architecture and name a litmus test's first line gives ("X86_64",
 * "MP"); FALSE when it names no architecture. */
static gboolean
read_header (const char *text, char **arch, char **name)
{
  g_autofree char *line = NULL;
  g_auto(GStrv) words = NULL;

  if (text == NULL)
    return FALSE;
  text += strspn (text, " \t\r\n");
  line = g_strndup (text, strcspn (text, "\r\n"));
  words = g_strsplit_set (g_strstrip (line), " \t", 3);
  if (words[0] == NULL || words[1] == NULL || !acy_model_is_arch_name (words[0]))
    return FALSE;
  *arch = g_strdup (words[0]);
  *name = g_strdup (g_strstrip (words[1]));
  return TRUE;
}

/* Whether the architecture @arch is in play: the test's, or a chosen form's. */
static gboolean
arch_in_play (AcyCompareWindow *self, GtkWidget *toggle)
{
  if (self->test_arch == NULL || acy_compare_window_chip_has_arch (toggle, self->test_arch))
    return TRUE;
  for (guint i = 0; i < self->forms->len; i++)
    {
      const AcyCompareForm *form = self->forms->pdata[i];

      if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (form->toggle))
          && acy_compare_window_chip_has_arch (toggle, form->arch))
        return TRUE;
    }
  return FALSE;
}

void
acy_compare_window_update_chips (AcyCompareWindow *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->models_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      gboolean shown;

      if (!GTK_IS_TOGGLE_BUTTON (child))
        continue;
      shown = arch_in_play (self, child);
      if (!shown)
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (child), FALSE);
      gtk_widget_set_visible (child, shown);
    }
}

/* Chooses the first model offered for @arch's tests, unless one of
 * them is chosen. */
static void
choose_arch_model (AcyCompareWindow *self, const char *arch)
{
  GtkWidget *first = NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->models_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_TOGGLE_BUTTON (child) && g_object_get_data (G_OBJECT (child), "acy-archs") != NULL
        && acy_compare_window_chip_has_arch (child, arch))
      {
        if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (child)))
          return;
        first = first ? first : child;
      }
  if (first != NULL)
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (first), TRUE);
}

/* A form chosen: its architecture's chips are offered, and its first
 * model chosen unless one of them is. */
static void
form_toggled (AcyCompareWindow *self, GtkToggleButton *toggle)
{
  const AcyCompareForm *form = g_object_get_data (G_OBJECT (toggle), "acy-form");

  acy_compare_window_chip_update_state (toggle);
  acy_compare_window_update_chips (self);
  if (gtk_toggle_button_get_active (toggle))
    choose_arch_model (self, form->arch);
  acy_compare_window_update_actions (self);
}

void
acy_compare_window_choose_test_model (AcyCompareWindow *self)
{
  if (self->test_arch != NULL)
    choose_arch_model (self, self->test_arch);
}

static void
add_form (AcyCompareWindow *self, const char *arch, const char *name, const char *text,
          const char *file)
{
  AcyCompareForm *form = g_new0 (AcyCompareForm, 1);
  g_autofree char *tooltip = NULL;

  form->arch = g_strdup (arch);
  form->title = g_strdup_printf ("%s %s", arch, name);
  form->text = g_strdup (text);
  form->toggle = g_object_new (GTK_TYPE_TOGGLE_BUTTON,
                               "label", form->title,
                               "accessible-role", GTK_ACCESSIBLE_ROLE_CHECKBOX,
                               NULL);
  gtk_widget_add_css_class (form->toggle, "model-chip");
  /* TRANSLATORS: the tooltip of a chip choosing another architecture's
   * form of the test: "Compare X86_64-MP.litmus (an example) under its
   * architecture's models, in the same table" */
  tooltip = g_strdup_printf (_("Compare %s (an example) under its architecture’s models, in the same table"), file);
  gtk_widget_set_tooltip_text (form->toggle, tooltip);
  g_object_set_data (G_OBJECT (form->toggle), "acy-form", form);
  g_signal_connect_object (form->toggle, "toggled", G_CALLBACK (form_toggled), self, G_CONNECT_SWAPPED);
  acy_compare_window_chip_update_state (GTK_TOGGLE_BUTTON (form->toggle));
  acy_wrap_box_append (self->forms_box, form->toggle);
  g_ptr_array_add (self->forms, form);
}

void
acy_compare_window_init_forms (AcyCompareWindow *self)
{
  g_autofree char *name = NULL;
  guint n = 0;
  const AcyExample *examples = acy_examples_get (&n);

  self->forms = g_ptr_array_new_with_free_func (form_free);
  if (!read_header (self->test_text, &self->test_arch, &name))
    {
      acy_compare_window_update_chips (self);
      return;
    }
  /* one form per other architecture, the gallery's first */
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GBytes) bytes = acy_example_load (&examples[i], NULL);
      g_autofree char *text = bytes ? g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes)) : NULL;
      g_autofree char *arch = NULL, *other = NULL;
      gboolean seen = FALSE;

      if (!read_header (text, &arch, &other) || !g_str_equal (other, name) || g_str_equal (arch, self->test_arch))
        continue;
      for (guint k = 0; k < self->forms->len && !seen; k++)
        seen = g_str_equal (((AcyCompareForm *) self->forms->pdata[k])->arch, arch);
      if (!seen)
        {
          g_autofree char *file = acy_example_file_name (&examples[i]);
          add_form (self, arch, name, text, file);
        }
    }
  gtk_widget_set_visible (self->forms_bar, self->forms->len > 0);
  acy_compare_window_update_chips (self);
}

void
acy_compare_window_free_forms (AcyCompareWindow *self)
{
  g_clear_pointer (&self->forms, g_ptr_array_unref);
  g_clear_pointer (&self->test_arch, g_free);
}

void
acy_compare_window_set_view_forms (AcyCompareWindow *self, const char *const *specs)
{
  for (guint i = 0; specs[i] != NULL; i++)
    {
      GtkWidget *toggle = acy_compare_window_find_toggle (self, specs[i]);

      if (toggle == NULL || self->test_arch == NULL || acy_compare_window_chip_has_arch (toggle, self->test_arch))
        continue;
      for (guint k = 0; k < self->forms->len; k++)
        {
          const AcyCompareForm *form = self->forms->pdata[k];

          if (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (form->toggle))
              && acy_compare_window_chip_has_arch (toggle, form->arch))
            {
              acy_compare_view_set_model_test (self->view, i, form->text, form->title);
              break;
            }
        }
    }
}
