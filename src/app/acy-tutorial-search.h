/* acy-tutorial-search.h - the tutorial's lesson on telling models apart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "acyclic.h"

G_BEGIN_DECLS

#define ACY_TYPE_TUTORIAL_SEARCH (acy_tutorial_search_get_type ())
G_DECLARE_FINAL_TYPE (AcyTutorialSearch, acy_tutorial_search, ACY, TUTORIAL_SEARCH, GtkBox)

GtkWidget         *acy_tutorial_search_new         (void);
/* Searches every pair again, on a worker; rows fill in as it goes. */
void               acy_tutorial_search_run         (AcyTutorialSearch *self);
gboolean           acy_tutorial_search_get_running (AcyTutorialSearch *self);
guint              acy_tutorial_search_get_n_pairs (void);
/* The first test found for pair @pair, NULL until then or if none. */
const AcyDiyFound *acy_tutorial_search_get_found   (AcyTutorialSearch *self,
                                                    guint              pair);

G_END_DECLS
