/* test-renderer.c - the window draws with cairo where OpenGL is software
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under Xvfb, as in CI, OpenGL is Mesa's llvmpipe: the application must
 * then have GTK draw with cairo (src/app/acy-renderer.c), and leave a
 * renderer the user chose alone. On a display with a hardware OpenGL,
 * GTK's own choice must stand.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "acy-renderer.h"

static void
test_names (void)
{
  g_assert_true (acy_renderer_is_software ("llvmpipe (LLVM 15.0.6, 256 bits)"));
  g_assert_true (acy_renderer_is_software ("softpipe"));
  g_assert_true (acy_renderer_is_software ("Software Rasterizer (swrast)"));
  g_assert_false (acy_renderer_is_software ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
  g_assert_false (acy_renderer_is_software ("AMD Radeon RX 6600 (navi23, LLVM 15.0.6, DRM 3.49)"));
  g_assert_false (acy_renderer_is_software ("NVIDIA GeForce GTX 1650/PCIe/SSE2"));
  g_assert_false (acy_renderer_is_software (NULL));
}

/* A renderer the user chose is left as it is. */
static void
test_user_choice (void)
{
  g_setenv ("GSK_RENDERER", "gl", TRUE);
  g_assert_false (acy_renderer_choose (gdk_display_get_default ()));
  g_assert_cmpstr (g_getenv ("GSK_RENDERER"), ==, "gl");
  g_unsetenv ("GSK_RENDERER");
}

/* Runs before any window is realised: GTK reads GSK_RENDERER once. */
static void
test_choice (void)
{
  GdkDisplay *display = gdk_display_get_default ();
  g_autofree char *name = acy_renderer_gl_name (display);
  gboolean software = acy_renderer_is_software (name);
  GtkWidget *window;
  GskRenderer *renderer;

  g_test_message ("OpenGL: %s", name ? name : "(none)");
  g_assert_null (g_getenv ("GSK_RENDERER"));
  g_assert_cmpint (acy_renderer_choose (display), ==, software);
  if (software)
    g_assert_cmpstr (g_getenv ("GSK_RENDERER"), ==, "cairo");
  else
    g_assert_null (g_getenv ("GSK_RENDERER"));

  window = gtk_window_new ();
  gtk_widget_realize (window);
  renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  g_assert_nonnull (renderer);
  g_test_message ("renderer: %s", G_OBJECT_TYPE_NAME (renderer));
  if (software)
    g_assert_true (GSK_IS_CAIRO_RENDERER (renderer));
  else if (name != NULL)
    g_assert_false (GSK_IS_CAIRO_RENDERER (renderer));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_unsetenv ("GSK_RENDERER");
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/renderer/names", test_names);
  g_test_add_func ("/renderer/user-choice", test_user_choice);
  g_test_add_func ("/renderer/choice", test_choice);
  return g_test_run ();
}
