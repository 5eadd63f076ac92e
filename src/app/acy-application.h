/* acy-application.h - the Acyclic application object
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ACY_TYPE_APPLICATION (acy_application_get_type ())

G_DECLARE_FINAL_TYPE (AcyApplication, acy_application, ACY, APPLICATION, AdwApplication)

AcyApplication *acy_application_new          (void);
GSettings      *acy_application_get_settings (AcyApplication *self);

G_END_DECLS
