/* ui-app-support.h - the application object of the window tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acy-application.h"
#include "acy-document.h"
#include "acy-window.h"

G_BEGIN_DECLS

/* A registered AcyApplication that never hands its work to an Acyclic
 * the developer is running. */
AcyApplication *ui_test_create_application (void);

/* Runs the check of @window's document (win.run) and the main context
 * until the check is over; returns the document. */
AcyDocument    *ui_test_run                (AcyWindow  *window);
/* Loads example @name (win.load-example), then ui_test_run. */
AcyDocument    *ui_test_run_example        (AcyWindow  *window,
                                            const char *name);

G_END_DECLS
