/* acy-relation-console.c - the model's relations, and any expression
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the Relations button of the execution browser opens: one field
 * that filters the model's relations (each with a line saying what it
 * means, acy-relation-glossary.c) and, on Enter, takes anything else as
 * a cat expression to draw over the shown execution. An expression that
 * does not parse is underlined in the field where the parser stopped,
 * with the message below. The base relations po, rf, co and fr can be
 * hidden, and po-loc drawn. ::changed says what to draw changed; the
 * browser evaluates the expressions on each execution it shows.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "acy-relation-console.h"
#include "acy-relation-glossary.h"

typedef struct {
  char     *text;
  gboolean  active;
} Expr;

static void
expr_free (gpointer data)
{
  Expr *e = data;

  g_free (e->text);
  g_free (e);
}

/* po-loc is not a base relation, but a learner looks for it beside po. */
static const char *const base_names[] = { "po", "rf", "co", "fr", "po-loc" };
#define N_BASE G_N_ELEMENTS (base_names)

struct _AcyRelationConsole {
  GtkWidget       parent_instance;

  GtkWidget      *entry;
  GtkWidget      *error_label;
  GtkWidget      *hint_label;
  GtkWidget      *base_box;
  GtkWidget      *expr_heading;
  GtkWidget      *expr_list;
  GtkWidget      *model_heading;
  GtkWidget      *relation_list;
  GtkWidget      *base_checks[N_BASE];

  const AcyModel *model;
  AcyGlossary    *glossary;
  GPtrArray      *names;        /* char*: listed, in the model's order */
  GHashTable     *checked;      /* names checked */
  GPtrArray      *exprs;        /* Expr* */
  gboolean        base_on[N_BASE];
  GPtrArray      *shown_out;    /* char*, NULL-terminated */
  GPtrArray      *hidden_out;   /* const char*, NULL-terminated */
  char           *error;
  guint           err_start, err_end;
  gboolean        has_error;
  guint           quiet;        /* > 0 while rebuilding: no ::changed */
  AcyRelationConsoleCheck check;
  gpointer        check_data;
};

G_DEFINE_FINAL_TYPE (AcyRelationConsole, acy_relation_console, GTK_TYPE_WIDGET)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
update_outputs (AcyRelationConsole *self)
{
  g_ptr_array_set_size (self->shown_out, 0);
  g_ptr_array_set_size (self->hidden_out, 0);
  for (guint i = 0; i < self->names->len; i++)
    if (g_hash_table_contains (self->checked, self->names->pdata[i]))
      g_ptr_array_add (self->shown_out, g_strdup (self->names->pdata[i]));
  if (self->base_on[4])
    g_ptr_array_add (self->shown_out, g_strdup ("po-loc"));
  for (guint i = 0; i < self->exprs->len; i++)
    {
      Expr *e = self->exprs->pdata[i];
      if (e->active)
        g_ptr_array_add (self->shown_out, g_strdup (e->text));
    }
  g_ptr_array_add (self->shown_out, NULL);
  for (guint i = 0; i < 4; i++)
    if (!self->base_on[i])
      g_ptr_array_add (self->hidden_out, (gpointer) base_names[i]);
  g_ptr_array_add (self->hidden_out, NULL);
}

static void
changed (AcyRelationConsole *self)
{
  update_outputs (self);
  if (self->quiet == 0)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* ---- errors in the field ---------------------------------------------------- */

static void
clear_error (AcyRelationConsole *self)
{
  self->has_error = FALSE;
  g_clear_pointer (&self->error, g_free);
  gtk_entry_set_attributes (GTK_ENTRY (self->entry), NULL);
  gtk_widget_remove_css_class (self->entry, "error");
  gtk_widget_set_visible (self->error_label, FALSE);
}

/* "<eval>:1:5: unknown name near 'pox'": underline from column 5 over
 * 'pox' (one character when the parser names no token, or the end). */
static void
show_error (AcyRelationConsole *self, const char *text, const GError *error)
{
  const char *msg = error->message;
  const char *prefix = ACY_EXPRESSION_FILE ":";
  guint line = 1, col = 1, n_chars = (guint) g_utf8_strlen (text, -1);
  const char *near, *rest = msg;
  guint len = 1;

  if (g_str_has_prefix (msg, prefix))
    {
      char *end;
      line = (guint) g_ascii_strtoull (msg + strlen (prefix), &end, 10);
      if (*end == ':')
        col = (guint) g_ascii_strtoull (end + 1, &end, 10);
      rest = *end == ':' ? end + 1 : end;
      while (*rest == ' ')
        rest++;
    }
  near = strstr (rest, "near '");
  if (near)
    {
      const char *q = strchr (near + 6, '\'');
      if (q && q > near + 6)
        len = (guint) g_utf8_strlen (near + 6, q - (near + 6));
    }
  (void) line;   /* the field holds one line */
  self->has_error = TRUE;
  self->err_start = MIN (col > 0 ? col - 1 : 0, n_chars);
  self->err_end = MIN (self->err_start + len, n_chars);
  if (self->err_end == self->err_start && self->err_start > 0)
    self->err_start--;   /* at the end: mark the last character */
  g_free (self->error);
  self->error = g_strdup_printf ("%u:%u: %s", line, col, rest);

  {
    PangoAttrList *attrs = pango_attr_list_new ();
    PangoAttribute *u = pango_attr_underline_new (PANGO_UNDERLINE_ERROR);
    PangoAttribute *c = pango_attr_underline_color_new (0xe000, 0x1b00, 0x2400);
    const char *s = g_utf8_offset_to_pointer (text, self->err_start);
    const char *e = g_utf8_offset_to_pointer (text, MAX (self->err_end, self->err_start + 1));

    u->start_index = c->start_index = (guint) (s - text);
    u->end_index = c->end_index = (guint) MIN ((gsize) (e - text), strlen (text));
    pango_attr_list_insert (attrs, u);
    pango_attr_list_insert (attrs, c);
    gtk_entry_set_attributes (GTK_ENTRY (self->entry), attrs);
    pango_attr_list_unref (attrs);
  }
  {
    /* the text again with a caret under the column, as a compiler would */
    GString *caret = g_string_new (NULL);
    g_autofree char *label = NULL;

    for (guint i = 0; i < self->err_start; i++)
      g_string_append_c (caret, ' ');
    g_string_append (caret, "^");
    label = g_strdup_printf ("%s\n%s\n%s", text, caret->str, self->error);
    g_string_free (caret, TRUE);
    gtk_label_set_text (GTK_LABEL (self->error_label), label);
  }
  gtk_widget_set_visible (self->error_label, TRUE);
  gtk_list_box_invalidate_filter (GTK_LIST_BOX (self->relation_list));
  gtk_widget_add_css_class (self->entry, "error");
  gtk_editable_set_position (GTK_EDITABLE (self->entry), (int) self->err_start);
}

const char *
acy_relation_console_get_error (AcyRelationConsole *self)
{
  g_return_val_if_fail (ACY_IS_RELATION_CONSOLE (self), NULL);
  return self->has_error ? self->error : NULL;
}

gboolean
acy_relation_console_get_error_range (AcyRelationConsole *self, guint *start, guint *end)
{
  g_return_val_if_fail (ACY_IS_RELATION_CONSOLE (self), FALSE);
  *start = self->err_start;
  *end = self->err_end;
  return self->has_error;
}

/* ---- the lists -------------------------------------------------------------- */

static gboolean
filter_row (GtkListBoxRow *row, gpointer data)
{
  AcyRelationConsole *self = data;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  const char *name = g_object_get_data (G_OBJECT (row), "name");
  const char *meaning;
  g_autofree char *needle = NULL, *hay = NULL;

  if (text == NULL || *text == '\0' || self->has_error)
    return TRUE;
  needle = g_utf8_casefold (text, -1);
  meaning = acy_glossary_meaning (self->glossary, name);
  hay = g_utf8_casefold (meaning ? meaning : "", -1);
  return strstr (name, needle) != NULL || strstr (hay, needle) != NULL;
}

static void
on_relation_toggled (GtkCheckButton *check, AcyRelationConsole *self)
{
  const char *name = g_object_get_data (G_OBJECT (check), "name");

  if (gtk_check_button_get_active (check))
    g_hash_table_add (self->checked, g_strdup (name));
  else
    g_hash_table_remove (self->checked, name);
  changed (self);
}

static GtkWidget *
relation_row (AcyRelationConsole *self, const char *name)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *label = gtk_label_new (name);
  const char *meaning = acy_glossary_meaning (self->glossary, name);

  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), g_hash_table_contains (self->checked, name));
  g_object_set_data_full (G_OBJECT (check), "name", g_strdup (name), g_free);
  g_signal_connect_object (check, "toggled", G_CALLBACK (on_relation_toggled), self, 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "monospace");
  gtk_box_append (GTK_BOX (texts), label);
  if (meaning)
    {
      GtkWidget *m = gtk_label_new (meaning);
      gtk_label_set_xalign (GTK_LABEL (m), 0);
      gtk_label_set_ellipsize (GTK_LABEL (m), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (m), 52);
      gtk_widget_set_tooltip_text (m, meaning);
      gtk_widget_add_css_class (m, "dim-label");
      gtk_widget_add_css_class (m, "caption");
      gtk_box_append (GTK_BOX (texts), m);
    }
  gtk_box_append (GTK_BOX (box), check);
  gtk_box_append (GTK_BOX (box), texts);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "name", g_strdup (name), g_free);
  g_object_set_data (G_OBJECT (row), "check", check);
  {
    g_autofree char *label = meaning ? g_strdup_printf ("%s: %s", name, meaning) : g_strdup (name);
    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  }
  return row;
}

static void rebuild_exprs (AcyRelationConsole *self);

static void
on_expr_toggled (GtkCheckButton *check, AcyRelationConsole *self)
{
  Expr *e = g_object_get_data (G_OBJECT (check), "expr");

  e->active = gtk_check_button_get_active (check);
  changed (self);
}

static void
on_expr_removed (GtkButton *button, AcyRelationConsole *self)
{
  Expr *e = g_object_get_data (G_OBJECT (button), "expr");

  g_ptr_array_remove (self->exprs, e);
  rebuild_exprs (self);
  changed (self);
}

static void
rebuild_exprs (AcyRelationConsole *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->expr_list)))
    gtk_list_box_remove (GTK_LIST_BOX (self->expr_list), child);
  for (guint i = 0; i < self->exprs->len; i++)
    {
      Expr *e = self->exprs->pdata[i];
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *check = gtk_check_button_new ();
      GtkWidget *label = gtk_label_new (e->text);
      GtkWidget *remove = gtk_button_new_from_icon_name ("window-close-symbolic");

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), e->active);
      g_object_set_data (G_OBJECT (check), "expr", e);
      g_signal_connect_object (check, "toggled", G_CALLBACK (on_expr_toggled), self, 0);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, e->text, -1);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_add_css_class (label, "monospace");
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, _("Remove the expression"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Remove the expression"), -1);
      g_object_set_data (G_OBJECT (remove), "expr", e);
      g_signal_connect_object (remove, "clicked", G_CALLBACK (on_expr_removed), self, 0);
      gtk_box_append (GTK_BOX (box), check);
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), remove);
      gtk_widget_set_margin_start (box, 6);
      gtk_widget_set_margin_end (box, 6);
      gtk_list_box_append (GTK_LIST_BOX (self->expr_list), box);
    }
  gtk_widget_set_visible (self->expr_list, self->exprs->len > 0);
  gtk_widget_set_visible (self->expr_heading, self->exprs->len > 0);
}

static void
on_base_toggled (GtkCheckButton *check, AcyRelationConsole *self)
{
  guint i = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "index"));

  self->base_on[i] = gtk_check_button_get_active (check);
  changed (self);
}

/* ---- API -------------------------------------------------------------------- */

void
acy_relation_console_set_model (AcyRelationConsole *self,
                                const AcyModel     *model,
                                const char *const  *names,
                                const char *const  *shown)
{
  GtkWidget *child;

  g_return_if_fail (ACY_IS_RELATION_CONSOLE (self));

  self->quiet++;
  self->model = model;
  g_clear_pointer (&self->glossary, acy_glossary_free);
  self->glossary = acy_glossary_new (model);
  g_ptr_array_set_size (self->names, 0);
  g_hash_table_remove_all (self->checked);
  while ((child = gtk_widget_get_first_child (self->relation_list)))
    gtk_list_box_remove (GTK_LIST_BOX (self->relation_list), child);
  for (guint i = 0; names && names[i]; i++)
    {
      gboolean base = FALSE;
      for (guint k = 0; k < N_BASE; k++)
        base |= g_str_equal (names[i], base_names[k]);
      if (!base)
        g_ptr_array_add (self->names, g_strdup (names[i]));
    }
  for (guint i = 0; shown && shown[i]; i++)
    g_hash_table_add (self->checked, g_strdup (shown[i]));
  for (guint i = 0; i < self->names->len; i++)
    gtk_list_box_append (GTK_LIST_BOX (self->relation_list), relation_row (self, self->names->pdata[i]));
  gtk_widget_set_visible (self->model_heading, self->names->len > 0);
  gtk_widget_set_visible (gtk_widget_get_parent (gtk_widget_get_parent (self->relation_list)),
                          self->names->len > 0);
  /* Expressions typed against the last model stay if this one has
   * their names. */
  for (guint i = self->exprs->len; i-- > 0;)
    {
      Expr *e = self->exprs->pdata[i];
      if (model == NULL || !acy_model_check_expression (model, e->text, NULL))
        g_ptr_array_remove_index (self->exprs, i);
    }
  rebuild_exprs (self);
  clear_error (self);
  self->quiet--;
  update_outputs (self);
}

const char *const *
acy_relation_console_get_shown (AcyRelationConsole *self)
{
  g_return_val_if_fail (ACY_IS_RELATION_CONSOLE (self), NULL);
  return (const char *const *) self->shown_out->pdata;
}

const char *const *
acy_relation_console_get_hidden (AcyRelationConsole *self)
{
  g_return_val_if_fail (ACY_IS_RELATION_CONSOLE (self), NULL);
  return (const char *const *) self->hidden_out->pdata;
}

void
acy_relation_console_set_active (AcyRelationConsole *self, const char *name, gboolean active)
{
  g_return_if_fail (ACY_IS_RELATION_CONSOLE (self));

  for (guint k = 0; k < N_BASE; k++)
    if (g_str_equal (name, base_names[k]))
      {
        gtk_check_button_set_active (GTK_CHECK_BUTTON (self->base_checks[k]), active);
        return;
      }
  for (GtkWidget *row = gtk_widget_get_first_child (self->relation_list); row;
       row = gtk_widget_get_next_sibling (row))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (row), "name"), name) == 0)
      {
        gtk_check_button_set_active (g_object_get_data (G_OBJECT (row), "check"), active);
        return;
      }
  for (guint i = 0; i < self->exprs->len; i++)
    {
      Expr *e = self->exprs->pdata[i];
      if (g_str_equal (e->text, name) && e->active != active)
        {
          e->active = active;
          rebuild_exprs (self);
          changed (self);
          return;
        }
    }
}

void
acy_relation_console_set_check (AcyRelationConsole     *self,
                                AcyRelationConsoleCheck check,
                                gpointer                data)
{
  g_return_if_fail (ACY_IS_RELATION_CONSOLE (self));
  self->check = check;
  self->check_data = data;
}

gboolean
acy_relation_console_submit (AcyRelationConsole *self, const char *text)
{
  g_autofree char *t = g_strstrip (g_strdup (text));
  g_autoptr(GError) error = NULL;
  Expr *e;

  g_return_val_if_fail (ACY_IS_RELATION_CONSOLE (self), FALSE);

  clear_error (self);
  if (*t == '\0')
    return TRUE;
  for (guint k = 0; k < N_BASE; k++)
    if (g_str_equal (t, base_names[k]))
      {
        acy_relation_console_set_active (self, t, TRUE);
        gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
        return TRUE;
      }
  for (guint i = 0; i < self->names->len; i++)
    if (g_str_equal (t, self->names->pdata[i]))
      {
        acy_relation_console_set_active (self, t, TRUE);
        gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
        return TRUE;
      }
  if (self->model == NULL)
    {
      g_set_error_literal (&error, ACY_ERROR, ACY_ERROR_UNSUPPORTED, _("no model to evaluate it with"));
      show_error (self, t, error);
      return FALSE;
    }
  if (!acy_model_check_expression (self->model, t, &error)
      || (self->check && !self->check (t, &error, self->check_data)))
    {
      gtk_editable_set_text (GTK_EDITABLE (self->entry), t);
      show_error (self, t, error);
      return FALSE;
    }
  for (guint i = 0; i < self->exprs->len; i++)
    if (g_str_equal (((Expr *) self->exprs->pdata[i])->text, t))
      {
        acy_relation_console_set_active (self, t, TRUE);
        gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
        return TRUE;
      }
  e = g_new0 (Expr, 1);
  e->text = g_steal_pointer (&t);
  e->active = TRUE;
  g_ptr_array_add (self->exprs, e);
  rebuild_exprs (self);
  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
  changed (self);
  return TRUE;
}

GStrv
acy_relation_console_list_visible (AcyRelationConsole *self)
{
  GStrvBuilder *b = g_strv_builder_new ();
  GStrv out;

  for (GtkWidget *row = gtk_widget_get_first_child (self->relation_list); row;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && filter_row (GTK_LIST_BOX_ROW (row), self))
      {
        const char *name = g_object_get_data (G_OBJECT (row), "name");
        const char *meaning = acy_glossary_meaning (self->glossary, name);
        g_strv_builder_add (b, name);
        g_strv_builder_add (b, meaning ? meaning : "");
      }
  out = g_strv_builder_end (b);
  g_strv_builder_unref (b);
  return out;
}

GtkEditable *
acy_relation_console_get_entry (AcyRelationConsole *self)
{
  return GTK_EDITABLE (self->entry);
}

/* ---- callbacks and life ----------------------------------------------------- */

static void
on_entry_activate (AcyRelationConsole *self)
{
  acy_relation_console_submit (self, gtk_editable_get_text (GTK_EDITABLE (self->entry)));
}

static void
on_entry_changed (AcyRelationConsole *self)
{
  /* Typing again: the old error no longer points at the right place. */
  if (self->has_error)
    clear_error (self);
  gtk_list_box_invalidate_filter (GTK_LIST_BOX (self->relation_list));
}

GtkWidget *
acy_relation_console_new (void)
{
  return g_object_new (ACY_TYPE_RELATION_CONSOLE, NULL);
}

static void
acy_relation_console_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), ACY_TYPE_RELATION_CONSOLE);
  /* the template's unnamed children (headings, the scroller) too */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (acy_relation_console_parent_class)->dispose (object);
}

static void
acy_relation_console_finalize (GObject *object)
{
  AcyRelationConsole *self = ACY_RELATION_CONSOLE (object);

  g_clear_pointer (&self->glossary, acy_glossary_free);
  g_ptr_array_unref (self->names);
  g_hash_table_unref (self->checked);
  g_ptr_array_unref (self->exprs);
  g_ptr_array_unref (self->shown_out);
  g_ptr_array_unref (self->hidden_out);
  g_free (self->error);
  G_OBJECT_CLASS (acy_relation_console_parent_class)->finalize (object);
}

static void
acy_relation_console_class_init (AcyRelationConsoleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_relation_console_dispose;
  object_class->finalize = acy_relation_console_finalize;

  /**
   * AcyRelationConsole::changed:
   * What to draw changed: see acy_relation_console_get_shown() and
   * acy_relation_console_get_hidden().
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-relation-console.ui");
  gtk_widget_class_bind_template_child (widget_class, AcyRelationConsole, entry);
  gtk_widget_class_bind_template_child (widget_class, AcyRelationConsole, error_label);
  gtk_widget_class_bind_template_child (widget_class, AcyRelationConsole, hint_label);
  gtk_widget_class_bind_template_child (widget_class, AcyRelationConsole, base_box);
  gtk_widget_class_bind_template_child (widget_class, AcyRelationConsole, expr_heading);
  gtk_widget_class_bind_template_child (widget_class, AcyRelationConsole, expr_list);
  gtk_widget_class_bind_template_child (widget_class, AcyRelationConsole, model_heading);
  gtk_widget_class_bind_template_child (widget_class, AcyRelationConsole, relation_list);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_changed);
  gtk_widget_class_set_css_name (widget_class, "acyrelationconsole");
}

static void
acy_relation_console_init (AcyRelationConsole *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->checked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->exprs = g_ptr_array_new_with_free_func (expr_free);
  self->shown_out = g_ptr_array_new_with_free_func (g_free);
  self->hidden_out = g_ptr_array_new ();
  self->glossary = acy_glossary_new (NULL);
  for (guint k = 0; k < N_BASE; k++)
    {
      GtkWidget *check = gtk_check_button_new_with_label (base_names[k]);
      const char *meaning;

      self->base_on[k] = k < 4;
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), self->base_on[k]);
      meaning = acy_glossary_meaning (self->glossary, base_names[k]);
      gtk_widget_set_tooltip_text (check, meaning);
      g_object_set_data (G_OBJECT (check), "index", GUINT_TO_POINTER (k));
      g_signal_connect_object (check, "toggled", G_CALLBACK (on_base_toggled), self, 0);
      gtk_box_append (GTK_BOX (self->base_box), check);
      self->base_checks[k] = check;
    }
  gtk_list_box_set_filter_func (GTK_LIST_BOX (self->relation_list), filter_row, self, NULL);
  {
    GtkWidget *none = gtk_label_new (_("No relation matches: Enter draws the text as an expression"));

    gtk_label_set_wrap (GTK_LABEL (none), TRUE);
    gtk_widget_add_css_class (none, "dim-label");
    gtk_widget_set_margin_top (none, 8);
    gtk_widget_set_margin_bottom (none, 8);
    gtk_list_box_set_placeholder (GTK_LIST_BOX (self->relation_list), none);
  }
  update_outputs (self);
}
