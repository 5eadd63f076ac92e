/* acy-tutorial.h - a short walk through the article's ideas
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "acy-window.h"

G_BEGIN_DECLS

#define ACY_TYPE_TUTORIAL (acy_tutorial_get_type ())

G_DECLARE_FINAL_TYPE (AcyTutorial, acy_tutorial, ACY, TUTORIAL, AdwWindow)

AcyTutorial *acy_tutorial_new          (AcyWindow   *window);
guint        acy_tutorial_get_n_steps  (void);
const char  *acy_tutorial_get_step     (guint        n,
                                        const char **model);
const char  *acy_tutorial_get_text     (guint        n);
guint        acy_tutorial_get_position (AcyTutorial *self);
void         acy_tutorial_set_position (AcyTutorial *self,
                                        guint        n);
void         acy_tutorial_open_example (AcyTutorial *self,
                                        guint        n);

G_END_DECLS
