/* acy-examples.h - the built-in litmus tests of the example gallery
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char *id;        /* resource name without .litmus */
  const char *title;     /* translatable, with N_() */
  const char *summary;   /* translatable, with N_() */
  const char *section;   /* translatable, with N_() */
  gboolean    kernel_model;  /* opens with the Linux-kernel model when there */
  const char *model;     /* or a built-in model's file it opens with, or NULL */
} AcyExample;

const AcyExample *acy_examples_get      (guint            *n_examples);
const AcyExample *acy_examples_find     (const char       *id);
GBytes           *acy_example_load      (const AcyExample *example,
                                         GError          **error);
char             *acy_example_file_name (const AcyExample *example);

G_END_DECLS
