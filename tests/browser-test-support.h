/* browser-test-support.h - stepping the execution browser in graph tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acy-execution-browser.h"

G_BEGIN_DECLS

/* Shows every candidate and steps from the current one to the first
 * forbidden execution whose final state satisfies the condition; FALSE
 * when there is none. */
gboolean browser_goto_forbidden_condition (AcyExecutionBrowser *browser);

G_END_DECLS
