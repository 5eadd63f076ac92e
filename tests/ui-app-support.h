/* ui-app-support.h - the application object of the window tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acy-application.h"

G_BEGIN_DECLS

/* A registered AcyApplication that never hands its work to an Acyclic
 * the developer is running. */
AcyApplication *ui_test_create_application (void);

G_END_DECLS
