/* acy-renderer.h - which of GTK's renderers draws the windows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The name of the OpenGL renderer of @display ("llvmpipe (LLVM 15.0.6,
 * 256 bits)"...), or NULL when it has none. */
char     *acy_renderer_gl_name        (GdkDisplay *display);

/* Whether @gl_name names an OpenGL that draws on the processor. */
gboolean  acy_renderer_is_software    (const char *gl_name);

/* Before the first window shows: when the display's OpenGL draws on the
 * processor, has GTK draw with cairo instead (unless GSK_RENDERER says
 * otherwise). Returns whether it did. */
gboolean  acy_renderer_choose         (GdkDisplay *display);

G_END_DECLS
