/* acy-window.c - the main window: litmus editor beside the results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <glib/gi18n.h>

#include "acy-window.h"

#define EXAMPLE_RESOURCE "/org/acyclic/Acyclic/examples/MP.litmus"

struct _AcyWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template children */
  AdwWindowTitle       *window_title;
  AdwToastOverlay      *toast_overlay;
  GtkSourceView        *source_view;
  GtkSourceBuffer      *buffer;
  GtkStack             *results_stack;
  GtkTextView          *results_view;

  /* The file in the editor, or NULL for the built-in example. */
  GFile                *file;

  /* Cancelled in dispose so that pending loads never touch a dead window;
   * kept until finalize so their callbacks can still ask it.
   */
  GCancellable         *cancellable;
};

G_DEFINE_FINAL_TYPE (AcyWindow, acy_window, ADW_TYPE_APPLICATION_WINDOW)

AcyWindow *
acy_window_new (AcyApplication *application)
{
  g_return_val_if_fail (ACY_IS_APPLICATION (application), NULL);

  return g_object_new (ACY_TYPE_WINDOW,
                       "application", application,
                       NULL);
}

/**
 * acy_window_get_buffer:
 * @self: an #AcyWindow
 *
 * Returns: (transfer none): the buffer holding the litmus test
 */
GtkSourceBuffer *
acy_window_get_buffer (AcyWindow *self)
{
  g_return_val_if_fail (ACY_IS_WINDOW (self), NULL);

  return self->buffer;
}

/**
 * acy_window_get_file:
 * @self: an #AcyWindow
 *
 * Returns: (transfer none) (nullable): the file being edited, or %NULL
 *   when the editor holds the built-in example
 */
GFile *
acy_window_get_file (AcyWindow *self)
{
  g_return_val_if_fail (ACY_IS_WINDOW (self), NULL);

  return self->file;
}

static void
acy_window_toast (AcyWindow  *self,
                  const char *title)
{
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (title));
}

/* Models and tests share the editor; the suffix is all we go by, as the
 * MIME types are only known once the app is installed.
 */
static void
acy_window_update_language (AcyWindow  *self,
                            const char *name)
{
  GtkSourceLanguageManager *languages = gtk_source_language_manager_get_default ();
  const char *id = g_str_has_suffix (name, ".cat") ? "cat" : "litmus";

  gtk_source_buffer_set_language (self->buffer,
                                  gtk_source_language_manager_get_language (languages, id));
}

static void
acy_window_set_file (AcyWindow  *self,
                     GFile      *file,
                     const char *subtitle)
{
  g_set_object (&self->file, file);
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

static void
acy_window_show_empty_results (AcyWindow *self)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->results_view), "", 0);
  gtk_stack_set_visible_child_name (self->results_stack, "empty");
}

/**
 * acy_window_show_output:
 * @self: an #AcyWindow
 * @text: herd-format output of a run
 *
 * Shows @text in the results area, replacing what was there.
 */
void
acy_window_show_output (AcyWindow  *self,
                        const char *text)
{
  g_return_if_fail (ACY_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->results_view), text, -1);
  gtk_stack_set_visible_child_name (self->results_stack, "output");
}

static void
acy_window_editor_loaded (AcyWindow *self)
{
  GtkTextBuffer *buffer = GTK_TEXT_BUFFER (self->buffer);
  GtkTextIter start;

  gtk_text_buffer_get_start_iter (buffer, &start);
  gtk_text_buffer_place_cursor (buffer, &start);
  gtk_text_buffer_set_modified (buffer, FALSE);
  acy_window_show_empty_results (self);
}

/**
 * acy_window_load_example:
 * @self: an #AcyWindow
 *
 * Replaces the editor contents with the built-in message-passing test.
 */
void
acy_window_load_example (AcyWindow *self)
{
  GtkTextBuffer *buffer;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  const char *text;
  gsize len;

  g_return_if_fail (ACY_IS_WINDOW (self));

  bytes = g_resources_lookup_data (EXAMPLE_RESOURCE, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    {
      g_critical ("Built-in example is missing: %s", error->message);
      return;
    }

  text = g_bytes_get_data (bytes, &len);
  /* The buffer keeps the final newline implicit, as the file loader does. */
  if (len > 0 && text[len - 1] == '\n')
    len--;

  buffer = GTK_TEXT_BUFFER (self->buffer);
  /* Loading is not an edit the user could want to undo. */
  gtk_text_buffer_begin_irreversible_action (buffer);
  gtk_text_buffer_set_text (buffer, text, len);
  gtk_text_buffer_end_irreversible_action (buffer);

  acy_window_update_language (self, EXAMPLE_RESOURCE);
  acy_window_set_file (self, NULL, _("Example: Message Passing"));
  acy_window_editor_loaded (self);
}

static void
acy_window_load_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  GtkSourceFileLoader *loader = GTK_SOURCE_FILE_LOADER (object);
  g_autoptr(AcyWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  GFile *file;
  g_autofree char *name = NULL;

  if (!gtk_source_file_loader_load_finish (loader, result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *title = NULL;

          file = gtk_source_file_loader_get_location (loader);
          name = g_file_get_basename (file);
          /* Translators: the first %s is a file name, the second why it failed */
          title = g_strdup_printf (_("Could not open “%s”: %s"), name, error->message);
          acy_window_toast (self, title);
        }
      return;
    }

  if (g_cancellable_is_cancelled (self->cancellable))
    return;

  file = gtk_source_file_loader_get_location (loader);
  name = g_file_get_basename (file);
  acy_window_update_language (self, name);
  acy_window_set_file (self, file, name);
  acy_window_editor_loaded (self);
}

/**
 * acy_window_load_file:
 * @self: an #AcyWindow
 * @file: a litmus test or cat model
 *
 * Starts loading @file into the editor; failures are shown in the window.
 */
void
acy_window_load_file (AcyWindow *self,
                      GFile     *file)
{
  g_autoptr(GtkSourceFile) source_file = NULL;
  g_autoptr(GtkSourceFileLoader) loader = NULL;

  g_return_if_fail (ACY_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  source_file = gtk_source_file_new ();
  gtk_source_file_set_location (source_file, file);
  loader = gtk_source_file_loader_new (self->buffer, source_file);
  gtk_source_file_loader_load_async (loader,
                                     G_PRIORITY_DEFAULT,
                                     self->cancellable,
                                     NULL, NULL, NULL,
                                     acy_window_load_cb,
                                     g_object_ref (self));
}

static void
acy_window_open_response (AcyWindow            *self,
                          int                   response,
                          GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      acy_window_load_file (self, file);
    }

  g_object_unref (native);
}

static void
acy_window_add_filter (GtkFileChooser     *chooser,
                       const char         *name,
                       const char * const *patterns)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; patterns[i] != NULL; i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  gtk_file_chooser_add_filter (chooser, filter);
}

static void
acy_window_open_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);
  GtkFileChooserNative *native;

  /* Owned by the response handler, which drops it. */
  native = gtk_file_chooser_native_new (_("Open"),
                                        GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Open"),
                                        _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  acy_window_add_filter (GTK_FILE_CHOOSER (native), _("Litmus Tests and Models"),
                         (const char *[]) { "*.litmus", "*.cat", NULL });
  acy_window_add_filter (GTK_FILE_CHOOSER (native), _("All Files"),
                         (const char *[]) { "*", NULL });
  g_signal_connect_object (native, "response",
                           G_CALLBACK (acy_window_open_response),
                           self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
acy_window_load_example_action (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  acy_window_load_example (ACY_WINDOW (widget));
}

/* The checker is not wired in yet; say so rather than pretend. */
static void
acy_window_run_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  AcyWindow *self = ACY_WINDOW (widget);

  acy_window_toast (self, _("Checking is not available yet"));
}

static void
acy_window_update_style_scheme (AcyWindow       *self,
                                GParamSpec      *pspec,
                                AdwStyleManager *style_manager)
{
  GtkSourceStyleSchemeManager *schemes = gtk_source_style_scheme_manager_get_default ();
  const char *id = adw_style_manager_get_dark (style_manager) ? "Adwaita-dark" : "Adwaita";

  gtk_source_buffer_set_style_scheme (self->buffer,
                                      gtk_source_style_scheme_manager_get_scheme (schemes, id));
}

static void
acy_window_constructed (GObject *object)
{
  AcyWindow *self = ACY_WINDOW (object);
  GtkApplication *app;
  GSettings *settings = NULL;

  G_OBJECT_CLASS (acy_window_parent_class)->constructed (object);

  app = gtk_window_get_application (GTK_WINDOW (self));
  if (ACY_IS_APPLICATION (app))
    settings = acy_application_get_settings (ACY_APPLICATION (app));

  if (settings != NULL)
    {
      g_settings_bind (settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
    }
}

static void
acy_window_dispose (GObject *object)
{
  AcyWindow *self = ACY_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->file);

  gtk_widget_dispose_template (GTK_WIDGET (self), ACY_TYPE_WINDOW);

  G_OBJECT_CLASS (acy_window_parent_class)->dispose (object);
}

static void
acy_window_finalize (GObject *object)
{
  AcyWindow *self = ACY_WINDOW (object);

  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (acy_window_parent_class)->finalize (object);
}

static void
acy_window_class_init (AcyWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = acy_window_constructed;
  object_class->dispose = acy_window_dispose;
  object_class->finalize = acy_window_finalize;

  g_type_ensure (GTK_SOURCE_TYPE_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/acyclic/Acyclic/acy-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, source_view);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, buffer);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, results_stack);
  gtk_widget_class_bind_template_child (widget_class, AcyWindow, results_view);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, acy_window_open_action);
  gtk_widget_class_install_action (widget_class, "win.run", NULL, acy_window_run_action);
  gtk_widget_class_install_action (widget_class, "win.load-example", NULL, acy_window_load_example_action);

  /* Ctrl+Return for win.run is an application accelerator, set in
   * AcyApplication: the editor would take it before a class shortcut.
   */
  gtk_widget_class_add_shortcut (widget_class,
                                 gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_o, GDK_CONTROL_MASK),
                                                   gtk_named_action_new ("win.open")));
}

static void
acy_window_init (AcyWindow *self)
{
  AdwStyleManager *style_manager = adw_style_manager_get_default ();

  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();

  g_signal_connect_object (style_manager, "notify::dark",
                           G_CALLBACK (acy_window_update_style_scheme),
                           self, G_CONNECT_SWAPPED);
  acy_window_update_style_scheme (self, NULL, style_manager);
}
