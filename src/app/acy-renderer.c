/* acy-renderer.c - which of GTK's renderers draws the windows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4 draws with OpenGL wherever it finds it, including Mesa's
 * software rasterisers (llvmpipe, softpipe): a virtual machine, a
 * remote desktop, a machine without its GPU driver. There each frame
 * of the window is rasterised by threads of the process on the same
 * cores as the checker: measured under Xvfb on 2 cores while a check
 * runs (bench/results-fill), a frame held the main loop 55 to 95 ms,
 * and the check itself took 1.4 s instead of 1.1 s, as the rasteriser
 * took its share. Acyclic's windows are text, tables and a graph drawn
 * with cairo, which GTK's cairo renderer draws in a few ms: with it the
 * longest stall was 13 to 47 ms. So when OpenGL is software, cairo
 * draws, unless the user chose a renderer (GSK_RENDERER). GTK reads
 * that variable when it makes its first renderer, so this runs before
 * the first window is realised.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include <epoxy/gl.h>
#include <string.h>

#include "acy-renderer.h"

char *
acy_renderer_gl_name (GdkDisplay *display)
{
  g_autoptr(GdkGLContext) context = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  char *copy;

  context = gdk_display_create_gl_context (display, &error);
  if (context == NULL || !gdk_gl_context_realize (context, &error))
    {
      g_debug ("no OpenGL: %s", error ? error->message : "(no reason given)");
      return NULL;
    }
  gdk_gl_context_make_current (context);
  name = (const char *) glGetString (GL_RENDERER);
  copy = g_strdup (name);
  gdk_gl_context_clear_current ();
  return copy;
}

gboolean
acy_renderer_is_software (const char *gl_name)
{
  static const char *const software[] = { "llvmpipe", "softpipe", "swrast", "SWR", NULL };

  if (gl_name == NULL)
    return FALSE;
  for (guint i = 0; software[i]; i++)
    if (strstr (gl_name, software[i]))
      return TRUE;
  return FALSE;
}

gboolean
acy_renderer_choose (GdkDisplay *display)
{
  g_autofree char *name = NULL;

  if (display == NULL || g_getenv ("GSK_RENDERER") != NULL)
    return FALSE;
  name = acy_renderer_gl_name (display);
  if (!acy_renderer_is_software (name))
    return FALSE;
  g_debug ("OpenGL draws on the processor (%s): drawing with cairo", name);
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  return TRUE;
}
