/* browser-test-support.c - stepping the execution browser in graph tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "browser-test-support.h"

gboolean
browser_goto_forbidden_condition (AcyExecutionBrowser *browser)
{
  acy_execution_browser_set_filter (browser, ACY_BROWSE_ALL);
  do
    {
      const AcyRecord *r = acy_execution_browser_get_record (browser);
      if (!r->allowed && r->condition)
        return TRUE;
    }
  while (acy_execution_browser_next (browser));
  return FALSE;
}
