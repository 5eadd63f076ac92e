/* ui-test-support.c - what every widget test needs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "ui-test-support.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

void
iterate_until (Condition condition,
               gpointer  data)
{
  iterate_until_within (condition, data, 30);
}

void
iterate_until_within (Condition condition,
                      gpointer  data,
                      guint     seconds)
{
  gint64 deadline = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (!condition (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

gboolean
widget_is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

gboolean
pointer_is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

void
iterate_a_little (void)
{
  for (int i = 0; i < 20; i++)
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_usleep (2000);
    }
}

void
destroy_window (gpointer window)
{
  gpointer weak = window;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_until (pointer_is_null, &weak);
}

GtkWidget *
find_widget (GtkWidget    *root,
             WidgetMatch   match,
             gconstpointer data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget    *widget,
            gconstpointer type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

GtkWidget *
find_widget_of_type (GtkWidget *root,
                     GType      type)
{
  return find_widget (root, is_of_type, GSIZE_TO_POINTER (type));
}

/* GTK logs through the structured API, where a writer function is the
 * only place to drop one message. */
GLogWriterOutput
drop_missing_session_bus (GLogLevelFlags   log_level,
                          const GLogField *fields,
                          gsize            n_fields,
                          gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_strcmp0 (fields[i].key, "MESSAGE") == 0
        && fields[i].length < 0
        && g_str_has_prefix (fields[i].value, "Unable to acquire session bus"))
      return G_LOG_WRITER_HANDLED;

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

gboolean
ui_test_init (int *argc, char ***argv)
{
  g_autofree char *state_dir = g_dir_make_tmp ("acyclic-ui-test-XXXXXX", NULL);

  g_setenv ("XDG_STATE_HOME", state_dir, TRUE);
  g_test_init (argc, argv, NULL);
  g_log_set_writer_func (drop_missing_session_bus, NULL, NULL);
  if (!gtk_init_check ())
    {
      g_printerr ("No display; skipping widget tests\n");
      return FALSE;
    }
  /* Screenshots show where a change lands, not half of a crossfade. */
  if (g_getenv ("ACY_SHOT_DIR") != NULL)
    g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  return TRUE;
}

/* ACY_GRAPH_SCREENSHOT_PAUSE=SECS keeps the window up, to look at it. */
void
ui_test_pause_for_screenshot (void)
{
  const char *secs = g_getenv ("ACY_GRAPH_SCREENSHOT_PAUSE");
  gint64 end;

  if (secs == NULL)
    return;
  end = g_get_monotonic_time () + (gint64) (g_ascii_strtod (secs, NULL) * G_USEC_PER_SEC);
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* ACY_SHOT_DIR=DIR saves what @widget shows, once drawn, as DIR/NAME.png. */
void
ui_test_save_shot (GtkWidget  *widget,
                   const char *name)
{
  const char *dir = g_getenv ("ACY_SHOT_DIR");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  gint64 end;
  int width, height;

  if (dir == NULL)
    return;

  /* Let layout, animations and drawing settle. */
  end = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (5000);

  /* A widget waiting for its layout draws nothing yet. */
  for (int tries = 0; node == NULL && tries < 100; tries++)
    {
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();

      g_clear_object (&paintable);
      width = gtk_widget_get_width (widget);
      height = gtk_widget_get_height (widget);
      paintable = gtk_widget_paintable_new (widget);
      gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      if (node == NULL)
        {
          g_main_context_iteration (NULL, FALSE);
          g_usleep (10000);
        }
    }
  if (node == NULL)
    {
      g_printerr ("Nothing drawn for %s\n", name);
      return;
    }
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  file = g_strconcat (name, ".png", NULL);
  path = g_build_filename (dir, file, NULL);
  if (!gdk_texture_save_to_png (texture, path))
    g_warning ("Could not save %s", path);
}

/* Real key presses, through the X server (xdotool's XTEST), so that
 * they take GTK's whole path: the window's global shortcuts, then the
 * focus widget's bindings. The pointer goes over @window first: with
 * no window manager, the X focus follows it. */
gboolean
ui_test_press_keys (GtkWidget  *window,
                    const char *keys)
{
#ifdef GDK_WINDOWING_X11
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));
  g_autofree char *program = g_find_program_in_path ("xdotool");
  g_autofree char *xid = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (program == NULL || !GDK_IS_X11_SURFACE (surface))
    return FALSE;
  xid = g_strdup_printf ("%lu", (gulong) gdk_x11_surface_get_xid (surface));
  if (!g_spawn_sync (NULL, (char *[]) { program, "mousemove", "--window", xid, "40", "40",
                                        "key", "--delay", "20", (char *) keys, NULL },
                     NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error)
      || !g_spawn_check_wait_status (status, &error))
    g_error ("xdotool: %s", error->message);
  return TRUE;
#else
  return FALSE;
#endif
}
