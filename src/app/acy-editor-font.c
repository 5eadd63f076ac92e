/* acy-editor-font.c - the editor font of the preferences, applied with CSS
 *
 * GTK 4 has no font property on text views; a style provider for the
 * display sets the font of every editor instead, and follows the
 * `editor-font` setting. An empty setting leaves the system monospace font.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include "acy-editor-font.h"

/* Editors are GtkSourceViews, whose CSS node is textview.sourceview; the
 * plain text views of the results keep the theme's font.
 */
#define EDITOR_SELECTOR "textview.sourceview"

static const char *
style_name (PangoStyle style)
{
  switch (style)
    {
    case PANGO_STYLE_ITALIC:
      return "italic";
    case PANGO_STYLE_OBLIQUE:
      return "oblique";
    case PANGO_STYLE_NORMAL:
    default:
      return "normal";
    }
}

/**
 * acy_editor_font_to_css:
 * @font: (nullable): a Pango font description such as "Monospace Bold 12",
 *   or "" for the system font
 *
 * Returns: (transfer full): a style sheet setting the editors' font; empty
 *   when @font is empty or names no family nor size
 */
char *
acy_editor_font_to_css (const char *font)
{
  g_autoptr(PangoFontDescription) desc = NULL;
  g_autoptr(GString) css = NULL;
  PangoFontMask mask;

  if (font == NULL || font[0] == '\0')
    return g_strdup ("");

  desc = pango_font_description_from_string (font);
  mask = pango_font_description_get_set_fields (desc);
  if ((mask & (PANGO_FONT_MASK_FAMILY | PANGO_FONT_MASK_SIZE)) == 0)
    return g_strdup ("");

  css = g_string_new (EDITOR_SELECTOR " {\n");

  if (mask & PANGO_FONT_MASK_FAMILY)
    {
      g_auto(GStrv) families = g_strsplit (pango_font_description_get_family (desc), ",", -1);

      g_string_append (css, "  font-family: ");
      for (guint i = 0; families[i] != NULL; i++)
        {
          g_autoptr(GString) quoted = g_string_new (g_strstrip (families[i]));

          g_string_replace (quoted, "\\", "\\\\", 0);
          g_string_replace (quoted, "\"", "\\\"", 0);
          g_string_append_printf (css, "%s\"%s\"", i > 0 ? ", " : "", quoted->str);
        }
      g_string_append (css, ";\n");
    }

  if (mask & PANGO_FONT_MASK_SIZE)
    {
      char size[G_ASCII_DTOSTR_BUF_SIZE];
      double value = (double) pango_font_description_get_size (desc) / PANGO_SCALE;

      g_ascii_formatd (size, sizeof size, "%.4g", value);
      g_string_append_printf (css, "  font-size: %s%s;\n", size,
                              pango_font_description_get_size_is_absolute (desc) ? "px" : "pt");
    }

  if (mask & PANGO_FONT_MASK_WEIGHT)
    g_string_append_printf (css, "  font-weight: %d;\n", (int) pango_font_description_get_weight (desc));

  if (mask & PANGO_FONT_MASK_STYLE)
    g_string_append_printf (css, "  font-style: %s;\n", style_name (pango_font_description_get_style (desc)));

  g_string_append (css, "}\n");

  return g_strdup (css->str);
}

static void
acy_editor_font_changed (GtkCssProvider *provider,
                         const char     *key,
                         GSettings      *settings)
{
  g_autofree char *font = g_settings_get_string (settings, "editor-font");
  g_autofree char *css = acy_editor_font_to_css (font);

  gtk_css_provider_load_from_data (provider, css, -1);
}

/**
 * acy_editor_font_install:
 * @settings: the application settings, with an `editor-font` key
 * @display: the display whose editors follow the setting
 *
 * Applies the editor font now and whenever the setting changes.
 */
void
acy_editor_font_install (GSettings  *settings,
                         GdkDisplay *display)
{
  g_autoptr(GtkCssProvider) provider = NULL;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (GDK_IS_DISPLAY (display));

  provider = gtk_css_provider_new ();
  /* The display keeps the provider, and the handler lives as long. */
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_signal_connect_object (settings, "changed::editor-font",
                           G_CALLBACK (acy_editor_font_changed), provider, G_CONNECT_SWAPPED);
  acy_editor_font_changed (provider, "editor-font", settings);
}
