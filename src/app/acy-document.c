/* acy-document.c - one tab: the editor page, its file, its model and errors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The widget itself: the source view and the results beside it, the
 * error bar and marks, and jumping to a line. Running a check is in
 * acy-document-run.c, loading, saving and autosave in
 * acy-document-save.c; they share the struct through
 * acy-document-private.h.
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "acy-accessible.h"
#include "acy-document-private.h"

/* How long the line of an event clicked in a graph stays highlighted. */
#define EVENT_FLASH_MSEC 1500

enum {
  ERROR_ELSEWHERE,
  LOCATION_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (AcyDocument, acy_document, GTK_TYPE_WIDGET)

void
acy_document_notify (AcyDocument     *self,
                     AcyDocumentProp  prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* The highlighting of a litmus test's architecture, the first word of
 * its first line; C's for any other. An architecture's room in the
 * engine comes with its language here. */
static const struct {
  const char *arch;
  const char *language;
} arch_languages[] = {
  { "X86", "litmus-x86" },
  { "X86_64", "litmus-x86" },
  { "AArch64", "litmus-aarch64" },
};

static const char *
language_for_arch (const char *arch)
{
  for (guint i = 0; i < G_N_ELEMENTS (arch_languages); i++)
    if (g_str_equal (arch, arch_languages[i].arch))
      return arch_languages[i].language;
  return "litmus";
}

/* Follows the first line of a litmus test: an X86_64 test is
 * highlighted as x86 assembly, an AArch64 test as Arm's, a C test as C. */
static void
acy_document_update_language (AcyDocument *self)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkSourceLanguage *current = gtk_source_buffer_get_language (self->buffer);
  GtkTextIter start, end;
  g_autofree char *line = NULL;
  const char *id;
  gsize n;

  gtk_text_buffer_get_start_iter (buffer, &start);
  end = start;
  gtk_text_iter_forward_to_line_end (&end);
  line = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  g_strchug (line);
  n = strcspn (line, " \t");
  line[n] = '\0';
  id = language_for_arch (line);
  if (current == NULL || !g_str_equal (gtk_source_language_get_id (current), id))
    gtk_source_buffer_set_language (self->buffer,
                                    gtk_source_language_manager_get_language (
                                      gtk_source_language_manager_get_default (), id));
}

AcyDocument *
acy_document_new (AcyDocumentKind  kind,
                  const char      *untitled_name)
{
  AcyDocument *self = g_object_new (ACY_TYPE_DOCUMENT, NULL);
  GtkSourceLanguageManager *languages = gtk_source_language_manager_get_default ();

  self->kind = kind;
  self->title = g_strdup (untitled_name);
  gtk_source_buffer_set_language (self->buffer,
                                  gtk_source_language_manager_get_language (languages,
                                                                            kind == ACY_DOCUMENT_CAT ? "cat" : "litmus"));
  /* A model has no results of its own: it is checked through the tests. */
  gtk_widget_set_visible (GTK_WIDGET (self->results_view), kind == ACY_DOCUMENT_LITMUS);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->source_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  kind == ACY_DOCUMENT_CAT ? _("Cat model") : _("Litmus test"),
                                  -1);
  /* Tab indents, as in GNOME Text Editor and Builder; say how to leave. */
  acy_accessible_set_description (GTK_WIDGET (self->source_view),
                                  _("Tab indents; Ctrl+Tab or F6 moves out of the editor"));

  return self;
}

AcyDocumentKind
acy_document_get_kind (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), ACY_DOCUMENT_LITMUS);

  return self->kind;
}

GtkSourceBuffer *
acy_document_get_buffer (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), NULL);

  return self->buffer;
}

GtkSourceView *
acy_document_get_view (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), NULL);

  return self->source_view;
}

AcyResultsView *
acy_document_get_results_view (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), NULL);

  return self->results_view;
}

const char *
acy_document_get_id (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), NULL);

  return self->id;
}

/**
 * acy_document_get_file:
 *
 * Returns: (transfer none) (nullable): the file, or %NULL when untitled
 */
GFile *
acy_document_get_file (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), NULL);

  return self->file;
}

void
acy_document_set_file (AcyDocument *self,
                       GFile       *file)
{
  g_return_if_fail (ACY_IS_DOCUMENT (self));

  if (!g_set_object (&self->file, file))
    return;

  self->disk_known = FALSE;

  if (file != NULL)
    {
      g_autofree char *parse_name = g_file_peek_path (file) ? NULL : g_file_get_parse_name (file);

      /* UTF-8 whatever the file system's bytes (a byte that is not is
       * shown as U+FFFD): a title is shown, read out, and passed to GTK,
       * which takes nothing else */
      g_free (self->title);
      self->title = parse_name ? g_path_get_basename (parse_name)
                               : g_filename_display_basename (g_file_peek_path (file));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

const char *
acy_document_get_title (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), NULL);

  return self->title;
}

/**
 * acy_document_get_source_name:
 *
 * Returns: (transfer full): the name error messages give this text: the
 *   file's path, or the title while untitled
 */
char *
acy_document_get_source_name (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), NULL);

  if (self->file != NULL && g_file_peek_path (self->file) != NULL)
    return g_strdup (g_file_peek_path (self->file));
  return g_strdup (self->title);
}

char *
acy_document_get_text (AcyDocument *self)
{
  GtkTextIter start, end;

  g_return_val_if_fail (ACY_IS_DOCUMENT (self), NULL);

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  return gtk_text_buffer_get_text (GTK_TEXT_BUFFER (self->buffer), &start, &end, TRUE);
}

gboolean
acy_document_get_modified (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), FALSE);

  return gtk_text_buffer_get_modified (GTK_TEXT_BUFFER (self->buffer));
}

/* A fresh untitled tab that can be reused instead of adding another. */
gboolean
acy_document_is_pristine (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), FALSE);

  return self->file == NULL
         && !acy_document_get_modified (self)
         && (self->skeleton || gtk_text_buffer_get_char_count (GTK_TEXT_BUFFER (self->buffer)) == 0)
         && self->run_cancellable == NULL
         && self->loading == 0;
}

const char *
acy_document_get_model (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), NULL);

  return self->model;
}

void
acy_document_set_model (AcyDocument *self,
                        const char  *model_path)
{
  g_return_if_fail (ACY_IS_DOCUMENT (self));

  if (g_strcmp0 (self->model, model_path) == 0)
    return;

  g_free (self->model);
  self->model = g_strdup (model_path);
  acy_document_update_stale (self);
}

/**
 * acy_document_get_copy_of:
 *
 * Returns: (nullable): the model file this untitled model copies, or
 *   %NULL
 */
const char *
acy_document_get_copy_of (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), NULL);

  return self->copy_of;
}

void
acy_document_set_copy_of (AcyDocument *self,
                          const char  *path)
{
  g_return_if_fail (ACY_IS_DOCUMENT (self));

  g_free (self->copy_of);
  self->copy_of = g_strdup (path);
}

gboolean
acy_document_get_running (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), FALSE);

  return self->run_cancellable != NULL;
}

/* Errors */

const char *
acy_document_get_error_message (AcyDocument *self)
{
  g_return_val_if_fail (ACY_IS_DOCUMENT (self), NULL);

  return gtk_revealer_get_reveal_child (self->error_revealer) ? self->error_message : NULL;
}

gboolean
acy_document_get_error_line (AcyDocument *self,
                             guint       *line)
{
  GtkTextIter iter;

  g_return_val_if_fail (ACY_IS_DOCUMENT (self), FALSE);

  gtk_text_buffer_get_start_iter (GTK_TEXT_BUFFER (self->buffer), &iter);
  if (!gtk_text_iter_starts_tag (&iter, self->error_tag)
      && !gtk_text_iter_forward_to_tag_toggle (&iter, self->error_tag))
    return FALSE;

  if (line != NULL)
    *line = gtk_text_iter_get_line (&iter) + 1;
  return TRUE;
}

static void
iter_at_line_col (GtkTextBuffer *buffer,
                  GtkTextIter   *iter,
                  guint          line,
                  guint          col)
{
  GtkTextIter end;

  /* Positions come from the text as it was checked; it may be shorter now. */
  gtk_text_buffer_get_iter_at_line (buffer, iter, line > 0 ? (int) line - 1 : 0);
  end = *iter;
  if (!gtk_text_iter_ends_line (&end))
    gtk_text_iter_forward_to_line_end (&end);
  if (col > 1)
    {
      int offset = MIN ((int) col - 1, gtk_text_iter_get_line_offset (&end));

      gtk_text_iter_set_line_offset (iter, offset);
    }
}

void
acy_document_clear_error (AcyDocument *self)
{
  GtkTextIter start, end;

  g_return_if_fail (ACY_IS_DOCUMENT (self));

  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  gtk_text_buffer_remove_tag (GTK_TEXT_BUFFER (self->buffer), self->error_tag, &start, &end);
  self->error_marked = FALSE;
  gtk_revealer_set_reveal_child (self->error_revealer, FALSE);
}

/**
 * acy_document_mark_error:
 *
 * Underlines the word at @line:@col (1-based), or the rest of the line
 * when no word starts there.
 */
void
acy_document_mark_error (AcyDocument *self,
                         guint        line,
                         guint        col)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_if_fail (ACY_IS_DOCUMENT (self));

  buffer = GTK_TEXT_BUFFER (self->buffer);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  gtk_text_buffer_remove_tag (buffer, self->error_tag, &start, &end);

  iter_at_line_col (buffer, &start, line, col);
  end = start;
  while (!gtk_text_iter_ends_line (&end)
         && (g_unichar_isalnum (gtk_text_iter_get_char (&end))
             || gtk_text_iter_get_char (&end) == '_'))
    gtk_text_iter_forward_char (&end);
  /* an operator ('%', '<<', '&&'): its characters only */
  while (!gtk_text_iter_ends_line (&end) && g_unichar_ispunct (gtk_text_iter_get_char (&end))
         && gtk_text_iter_get_char (&end) != '_' && gtk_text_iter_get_char (&end) != '('
         && gtk_text_iter_get_char (&end) != ')' && gtk_text_iter_get_char (&end) != ';'
         && gtk_text_iter_get_line_offset (&end) - gtk_text_iter_get_line_offset (&start) < 3)
    gtk_text_iter_forward_char (&end);
  if (gtk_text_iter_equal (&start, &end) && !gtk_text_iter_ends_line (&end))
    gtk_text_iter_forward_char (&end);
  if (gtk_text_iter_equal (&start, &end))
    {
      /* An error at the end of a line: underline the line before it. */
      gtk_text_iter_set_line_offset (&start, 0);
    }

  gtk_text_buffer_apply_tag (buffer, self->error_tag, &start, &end);
  self->error_marked = TRUE;
}

void
acy_document_goto (AcyDocument *self,
                   guint        line,
                   guint        col)
{
  GtkTextIter iter;

  g_return_if_fail (ACY_IS_DOCUMENT (self));

  iter_at_line_col (GTK_TEXT_BUFFER (self->buffer), &iter, line, col);
  gtk_text_buffer_place_cursor (GTK_TEXT_BUFFER (self->buffer), &iter);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->source_view), &iter, 0.25, FALSE, 0, 0);
  gtk_widget_grab_focus (GTK_WIDGET (self->source_view));
}

static char *
display_name_of (AcyDocument *self,
                 const char  *file)
{
  g_autofree char *own = acy_document_get_source_name (self);

  if (g_strcmp0 (own, file) == 0)
    return g_strdup (self->title);
  return g_path_get_basename (file);
}

static void acy_document_scroll_to_error (AcyDocument *self);

/**
 * acy_document_show_error:
 * @message: an error as the engine gives it, "file:line:col: message"
 *
 * Shows @message above the editor and, when it is about this document,
 * underlines its place; errors in other files are passed on through
 * #AcyDocument::error-elsewhere.
 */
void
acy_document_show_error (AcyDocument *self,
                         const char  *message)
{
  g_autofree char *file = NULL;
  g_autofree char *text = NULL;
  g_autofree char *own = NULL;
  g_autofree char *shown = NULL;
  guint line = 0, col = 0;

  g_return_if_fail (ACY_IS_DOCUMENT (self));

  acy_document_clear_error (self);
  g_clear_pointer (&self->error_file, g_free);
  g_clear_pointer (&self->error_message, g_free);
  self->error_line = self->error_col = 0;

  own = acy_document_get_source_name (self);
  if (acy_parse_error_location (message, &file, &line, &col, &text))
    {
      g_autofree char *where = display_name_of (self, file);

      self->error_file = g_strdup (file);
      self->error_line = line;
      self->error_col = col;
      /* Translators: a file name, a line and a column, then an error message */
      shown = g_strdup_printf (_("%s, line %u, column %u: %s"), where, line, col, text);

      if (g_strcmp0 (file, own) == 0)
        {
          GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
          GtkTextIter at;

          acy_document_mark_error (self, line, col);
          /* bring the place into view, the cursor staying where it is */
          iter_at_line_col (buffer, &at, line, col);
          gtk_text_buffer_move_mark (buffer, self->error_mark, &at);
          self->error_scroll = TRUE;
        }
      else
        g_signal_emit (self, signals[ERROR_ELSEWHERE], 0, file, line, col);
    }
  else
    shown = g_strdup (message);

  self->error_message = g_strdup (shown);
  gtk_label_set_text (self->error_label, shown);
  gtk_revealer_set_reveal_child (self->error_revealer, TRUE);
  if (gtk_revealer_get_child_revealed (self->error_revealer))
    acy_document_scroll_to_error (self);
}

/* The bar above the editor takes its height from the editor as it
 * slides in: scrolled to before, an error on the last lines in view
 * ended under the editor's bottom edge. Scrolled to once the bar is in,
 * with a margin, and at once: gtk_text_view_scroll_to_mark() leaves the
 * scroll pending while any of the buffer is still to be measured (text
 * just loaded), and a pending scroll is made only after a later change
 * to the text (seen on a loaded machine: the line never came into view). */
static void
acy_document_scroll_to_error (AcyDocument *self)
{
  GtkTextIter at;

  if (!self->error_scroll || !gtk_revealer_get_child_revealed (self->error_revealer))
    return;
  self->error_scroll = FALSE;
  gtk_text_buffer_get_iter_at_mark (GTK_TEXT_BUFFER (self->buffer), &at, self->error_mark);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->source_view), &at, 0.15, FALSE, 0, 0);
}

static void
acy_document_goto_error_action (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  AcyDocument *self = ACY_DOCUMENT (widget);
  g_autofree char *own = acy_document_get_source_name (self);

  if (self->error_file == NULL)
    return;

  if (g_strcmp0 (self->error_file, own) == 0)
    acy_document_goto (self, self->error_line, self->error_col);
  else
    g_signal_emit (self, signals[LOCATION_ACTIVATED], 0,
                   self->error_file, self->error_line, self->error_col);
}

/* A relation's definition, clicked in an explanation of the graph. */
static void
acy_document_open_location (AcyDocument *self,
                            const char  *file,
                            guint        line,
                            guint        col)
{
  g_signal_emit (self, signals[LOCATION_ACTIVATED], 0, file, line, col);
}

static void
acy_document_dismiss_error_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  gtk_revealer_set_reveal_child (ACY_DOCUMENT (widget)->error_revealer, FALSE);
}

static gboolean
acy_document_flash_done (gpointer user_data)
{
  AcyDocument *self = user_data;
  GtkTextIter start, end;

  self->flash_id = 0;
  gtk_text_buffer_get_bounds (GTK_TEXT_BUFFER (self->buffer), &start, &end);
  gtk_text_buffer_remove_tag (GTK_TEXT_BUFFER (self->buffer), self->flash_tag, &start, &end);
  return G_SOURCE_REMOVE;
}

/**
 * acy_document_show_line:
 * @line: 1-based; 0 (an initial write) does nothing
 *
 * Selects @line, scrolls to it and highlights it for a moment, leaving
 * the focus where it is: an event clicked in a graph names its line.
 */
void
acy_document_show_line (AcyDocument *self,
                        guint        line,
                        guint        col)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_if_fail (ACY_IS_DOCUMENT (self));

  if (line == 0 || (int) line > gtk_text_buffer_get_line_count (GTK_TEXT_BUFFER (self->buffer)))
    return;
  buffer = GTK_TEXT_BUFFER (self->buffer);
  iter_at_line_col (buffer, &start, line, 1);
  end = start;
  if (!gtk_text_iter_ends_line (&end))
    gtk_text_iter_forward_to_line_end (&end);
  gtk_text_buffer_select_range (buffer, &end, &start);

  acy_document_flash_done (self);
  gtk_text_buffer_apply_tag (buffer, self->flash_tag, &start, &end);
  self->flash_id = g_timeout_add (EVENT_FLASH_MSEC, acy_document_flash_done, self);
  gtk_text_view_scroll_to_iter (GTK_TEXT_VIEW (self->source_view), &start, 0.2, FALSE, 0, 0);
}


static void
acy_document_buffer_changed (AcyDocument   *self,
                             GtkTextBuffer *buffer)
{
  GtkTextIter start, end;

  if (self->error_marked)
    {
      gtk_text_buffer_get_bounds (buffer, &start, &end);
      gtk_text_buffer_remove_tag (buffer, self->error_tag, &start, &end);
      self->error_marked = FALSE;
    }

  acy_document_update_stale (self);
  if (self->kind == ACY_DOCUMENT_LITMUS)
    acy_document_update_language (self);

  if (gtk_text_buffer_get_modified (buffer))
    acy_document_schedule_autosave (self);
}

static void
acy_document_modified_changed (AcyDocument   *self,
                               GtkTextBuffer *buffer)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

static void
acy_document_update_style_scheme (AcyDocument     *self,
                                  GParamSpec      *pspec,
                                  AdwStyleManager *style_manager)
{
  GtkSourceStyleSchemeManager *schemes = gtk_source_style_scheme_manager_get_default ();
  const char *id = adw_style_manager_get_dark (style_manager) ? "Adwaita-dark" : "Adwaita";

  gtk_source_buffer_set_style_scheme (self->buffer,
                                      gtk_source_style_scheme_manager_get_scheme (schemes, id));
}

static void
acy_document_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  AcyDocument *self = ACY_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, acy_document_get_modified (self));
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, acy_document_get_running (self));
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
acy_document_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (ACY_DOCUMENT (widget)->source_view));
}

static void
acy_document_dispose (GObject *object)
{
  AcyDocument *self = ACY_DOCUMENT (object);
  GtkWidget *child;

  if (self->run_cancellable != NULL)
    g_cancellable_cancel (self->run_cancellable);
  g_clear_object (&self->run_cancellable);
  acy_document_cancel_machine (self);
  g_clear_object (&self->machine_cancellable);
  g_clear_handle_id (&self->flash_id, g_source_remove);
  acy_document_unwatch_file (self);
  acy_document_clear_run (self);
  /* An unsaved copy stays on disk only if the document is still
   * modified: the window asks before it lets that happen.
   */
  g_clear_handle_id (&self->autosave_id, g_source_remove);
  g_clear_object (&self->autosave_writing);
  self->autosave_again = FALSE;

  gtk_widget_dispose_template (GTK_WIDGET (self), ACY_TYPE_DOCUMENT);
  /* The box around the editor is not a bound child, so it is ours to drop. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (acy_document_parent_class)->dispose (object);
}

static void
acy_document_finalize (GObject *object)
{
  AcyDocument *self = ACY_DOCUMENT (object);

  g_free (self->id);
  g_clear_object (&self->file);
  g_free (self->title);
  g_free (self->model);
  g_free (self->ran_text);
  g_free (self->machine_text);
  g_free (self->ran_model);
  g_free (self->copy_of);
  g_free (self->error_file);
  g_free (self->error_message);

  G_OBJECT_CLASS (acy_document_parent_class)->finalize (object);
}

static void
acy_document_class_init (AcyDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = acy_document_get_property;
  object_class->dispose = acy_document_dispose;
  object_class->finalize = acy_document_finalize;
  widget_class->grab_focus = acy_document_grab_focus;

  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * AcyDocument::error-elsewhere:
   * A run failed on an error in another file (the model), at @line:@col.
   */
  signals[ERROR_ELSEWHERE] =
    g_signal_new ("error-elsewhere", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT);
  /**
   * AcyDocument::location-activated:
   * The user asked to see an error in another file.
   */
  signals[LOCATION_ACTIVATED] =
    g_signal_new ("location-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_UINT, G_TYPE_UINT);

  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  g_type_ensure (ACY_TYPE_RESULTS_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-document.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_bind_template_child (widget_class, AcyDocument, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, AcyDocument, error_label);
  gtk_widget_class_bind_template_child (widget_class, AcyDocument, paned);
  gtk_widget_class_bind_template_child (widget_class, AcyDocument, source_view);
  gtk_widget_class_bind_template_child (widget_class, AcyDocument, buffer);
  gtk_widget_class_bind_template_child (widget_class, AcyDocument, results_view);

  gtk_widget_class_install_action (widget_class, "document.cancel", NULL, acy_document_cancel_action);
  acy_document_machine_class_init (widget_class);
  gtk_widget_class_install_action (widget_class, "document.suggest-fixes", NULL,
                                   acy_document_suggest_fixes_action);
  gtk_widget_class_install_action (widget_class, "document.goto-error", NULL, acy_document_goto_error_action);
  gtk_widget_class_install_action (widget_class, "document.dismiss-error", NULL, acy_document_dismiss_error_action);
}

static void
acy_document_init (AcyDocument *self)
{
  AdwStyleManager *style_manager = adw_style_manager_get_default ();

  gtk_widget_init_template (GTK_WIDGET (self));

  self->id = g_uuid_string_random ();
  self->error_tag = gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (self->buffer), "error",
                                                "underline", PANGO_UNDERLINE_ERROR,
                                                NULL);
  {
    GtkTextIter start;

    gtk_text_buffer_get_start_iter (GTK_TEXT_BUFFER (self->buffer), &start);
    self->error_mark = gtk_text_buffer_create_mark (GTK_TEXT_BUFFER (self->buffer), NULL, &start, TRUE);
  }

  g_signal_connect_object (self->buffer, "changed",
                           G_CALLBACK (acy_document_buffer_changed),
                           self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (self->error_revealer, "notify::child-revealed",
                           G_CALLBACK (acy_document_scroll_to_error), self, G_CONNECT_SWAPPED);
  self->flash_tag = gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (self->buffer), "event-flash",
                                                "paragraph-background-rgba",
                                                &(GdkRGBA) { 0.96f, 0.83f, 0.18f, 0.35f },
                                                NULL);
  g_signal_connect_object (self->results_view, "location-activated",
                           G_CALLBACK (acy_document_open_location),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->results_view, "event-activated",
                           G_CALLBACK (acy_document_show_line),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->buffer, "modified-changed",
                           G_CALLBACK (acy_document_modified_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (style_manager, "notify::dark",
                           G_CALLBACK (acy_document_update_style_scheme),
                           self, G_CONNECT_SWAPPED);
  acy_document_update_style_scheme (self, NULL, style_manager);
}