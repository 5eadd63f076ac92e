/* acy-wrap-box.c - children side by side, wrapping into lines
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The compare window's model chips: as many on a line as its width
 * holds, the rest on the lines below, so that a narrow window still
 * shows them all (GTK 4.8 has no wrapping box but GtkFlowBox, whose
 * children are selectable cells, not buttons). Children keep their
 * natural width, in the order appended, which is the Tab order too.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include "acy-wrap-box.h"

#define SPACING      6
#define LINE_SPACING 6

struct _AcyWrapBox
{
  GtkWidget parent_instance;
};

static GtkBuildableIface *parent_buildable_iface;

static void acy_wrap_box_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AcyWrapBox, acy_wrap_box, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, acy_wrap_box_buildable_init))

static int
child_width (GtkWidget *child, int *minimum)
{
  int min = 0, nat = 0;

  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  if (minimum)
    *minimum = min;
  return nat;
}

static int
child_height (GtkWidget *child, int width)
{
  int nat = 0;

  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &nat, NULL, NULL);
  return nat;
}

/* Lays the children out in lines no wider than @width (each at least on
 * a line of its own); allocates them when @allocate. Returns the height. */
static int
flow (AcyWrapBox *self, int width, gboolean allocate)
{
  int x = 0, y = 0, line_h = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      int w, h;

      if (!gtk_widget_should_layout (child))
        continue;
      w = MIN (child_width (child, NULL), MAX (width, 1));
      if (x > 0 && x + w > width)
        {
          x = 0;
          y += line_h + LINE_SPACING;
          line_h = 0;
        }
      h = child_height (child, w);
      if (allocate)
        gtk_widget_size_allocate (child, &(GtkAllocation) { x, y, w, h }, -1);
      line_h = MAX (line_h, h);
      x += w + SPACING;
    }
  return y + line_h;
}

static GtkSizeRequestMode
acy_wrap_box_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
acy_wrap_box_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  AcyWrapBox *self = ACY_WRAP_BOX (widget);

  int widest = 0, all = 0;

  /* at least the widest child; at best all on one line */
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      int min;

      if (!gtk_widget_should_layout (child))
        continue;
      all += (all > 0 ? SPACING : 0) + child_width (child, &min);
      widest = MAX (widest, min);
    }
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = widest;
      *natural = MAX (all, widest);
    }
  else
    *minimum = *natural = flow (self, for_size < 0 ? widest : for_size, FALSE);
}

static void
acy_wrap_box_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  flow (ACY_WRAP_BOX (widget), width, TRUE);
}

GtkWidget *
acy_wrap_box_new (void)
{
  return g_object_new (ACY_TYPE_WRAP_BOX, NULL);
}

void
acy_wrap_box_append (AcyWrapBox *self, GtkWidget *child)
{
  acy_wrap_box_insert_before (self, child, NULL);
}

/* @sibling: (nullable): a child of @self, or NULL to append */
void
acy_wrap_box_insert_before (AcyWrapBox *self, GtkWidget *child, GtkWidget *sibling)
{
  g_return_if_fail (ACY_IS_WRAP_BOX (self));
  gtk_widget_insert_before (child, GTK_WIDGET (self), sibling);
}

/* Children in a .ui file are appended. */
static void
acy_wrap_box_add_child (GtkBuildable *buildable, GtkBuilder *builder, GObject *child, const char *type)
{
  if (GTK_IS_WIDGET (child))
    acy_wrap_box_append (ACY_WRAP_BOX (buildable), GTK_WIDGET (child));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
acy_wrap_box_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = acy_wrap_box_add_child;
}

static void
acy_wrap_box_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (acy_wrap_box_parent_class)->dispose (object);
}

static void
acy_wrap_box_class_init (AcyWrapBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = acy_wrap_box_dispose;
  widget_class->get_request_mode = acy_wrap_box_get_request_mode;
  widget_class->measure = acy_wrap_box_measure;
  widget_class->size_allocate = acy_wrap_box_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "acywrapbox");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
acy_wrap_box_init (AcyWrapBox *self)
{
}
