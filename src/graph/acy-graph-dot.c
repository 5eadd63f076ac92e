/* acy-graph-dot.c - execution graphs as Graphviz dot text, as herd7 writes them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Uses the same layout as the pictures (positions pinned with `pos`, so
 * `neato -n` draws the same columns) and the same edges and colours.
 */
#define G_LOG_DOMAIN "acyclic-graph"
#include "config.h"

#include "acy-graph-dot.h"

static void
append_escaped (GString *s, const char *text)
{
  for (const char *p = text; *p; p++)
    {
      if (*p == '\n')
        {
          /* a node's second line, its instruction: dot's own escape */
          g_string_append (s, "\\n");
          continue;
        }
      if (*p == '"' || *p == '\\')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *p);
    }
}

char *
acy_graph_dot (const AcyGraphScene *scene, const char *const *shown, const char *title)
{
  g_autoptr(AcyGraphLayout) layout = acy_graph_scene_layout (scene, shown, NULL, NULL, NULL);
  GString *s = g_string_new ("digraph G {\n");
  gint max_thread = -1;

  g_string_append (s, "  splines=spline;\n  pad=\"0.0\";\n  nodesep=\"0.5\";\n");
  if (title)
    {
      g_string_append (s, "  label=\"");
      append_escaped (s, title);
      g_string_append (s, "\";\n  labelloc=\"t\";\n");
    }
  for (guint i = 0; i < layout->nodes->len; i++)
    max_thread = MAX (max_thread, g_array_index (layout->nodes, AcyGraphNode, i).thread);
  /* Initial writes first, then a cluster per thread. */
  for (gint pass = -1; pass <= max_thread; pass++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < layout->nodes->len; i++)
        {
          const AcyGraphNode *n = &g_array_index (layout->nodes, AcyGraphNode, i);
          if (n->thread != pass)
            continue;
          if (!any && pass >= 0)
            g_string_append_printf (s, "  subgraph cluster_proc%d {\n    label=\"Thread %d\";\n"
                                    "    color=magenta;\n", pass, pass);
          any = TRUE;
          g_string_append_printf (s, "%s  eiid%u [label=\"", pass >= 0 ? "  " : "", n->event);
          append_escaped (s, n->label);
          g_string_append_printf (s, "\", shape=\"none\", fontsize=10, pos=\"%.2f,%.2f!\"];\n",
                                  (n->x + n->w / 2) / 72.0, -(n->y + n->h / 2) / 72.0);
        }
      if (any && pass >= 0)
        g_string_append (s, "  }\n");
    }
  for (guint i = 0; i < layout->edges->len; i++)
    {
      const AcyGraphEdge *e = &g_array_index (layout->edges, AcyGraphEdge, i);
      const AcyGraphRelationInfo *info = g_ptr_array_index (layout->relations, e->rel);
      g_autofree char *colour = g_strdup_printf ("#%02x%02x%02x", (guint) (info->rgb[0] * 255),
                                                 (guint) (info->rgb[1] * 255), (guint) (info->rgb[2] * 255));

      g_string_append_printf (s, "  eiid%u -> eiid%u [label=\"", e->src, e->dst);
      append_escaped (s, e->label);
      g_string_append_printf (s, "\", color=\"%s\", fontcolor=\"%s\"%s];\n", colour, colour,
                              e->witness ? ", penwidth=\"3.0\"" : info->base ? "" : ", style=\"dashed\"");
    }
  g_string_append (s, "}\n");
  return g_string_free (s, FALSE);
}
