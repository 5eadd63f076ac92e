/* acy-resources.c - stack and memory left to the engine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every recursion in the engine is bounded by a count (nesting of the
 * input, depth of evaluation), with counts chosen so that an ordinary
 * stack holds them. A smaller stack (`ulimit -s`, a thread made with
 * less) or larger frames (sanitizer builds) could still run out, so the
 * recursions that a model's own recursion drives (evaluation, procedure
 * calls) and the parsers also stop, with their depth error, while a
 * margin of the stack is left.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

#include "acy-error.h"
#include "acy-resources.h"

#define MARGIN_MIN (64 * 1024)
#define MARGIN_MAX (256 * 1024)

__thread guintptr acy_stack_floor;

guintptr
acy_stack_find_floor (void)
{
#if defined(__GLIBC__)
  pthread_attr_t attr;
  void *addr = NULL;
  size_t size = 0;
  gsize margin;

  if (pthread_getattr_np (pthread_self (), &attr) != 0)
    return 1;
  if (pthread_attr_getstack (&attr, &addr, &size) != 0 || addr == NULL || size == 0)
    {
      pthread_attr_destroy (&attr);
      return 1;
    }
  pthread_attr_destroy (&attr);
  margin = CLAMP (size / 8, MARGIN_MIN, MARGIN_MAX);
  if (size <= margin)
    return 1;
  return (guintptr) addr + margin;
#else
  return 1;
#endif
}

guint64
acy_memory_in_use (void)
{
#if defined(__linux__)
  unsigned long long size = 0, resident = 0;
  FILE *f = fopen ("/proc/self/statm", "re");
  int n;

  if (f == NULL)
    return 0;
  n = fscanf (f, "%llu %llu", &size, &resident);
  fclose (f);
  if (n != 2)
    return 0;
  return (guint64) resident * (guint64) sysconf (_SC_PAGESIZE);
#else
  return 0;
#endif
}

guint64
acy_memory_default_bound (void)
{
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
  long pages = sysconf (_SC_PHYS_PAGES), page = sysconf (_SC_PAGESIZE);

  if (pages > 0 && page > 0)
    return (guint64) pages * (guint64) page / 2;
#endif
  return G_GUINT64_CONSTANT (1) << 30;
}

gboolean
acy_halt_now (const char *filename, GCancellable *cancellable, gint64 deadline, GError **error)
{
  /* in the engine's domain, as acy_check_run says it: not GIO's */
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_set_error_literal (error, ACY_ERROR, ACY_ERROR_CANCELLED, "the check was cancelled");
      return TRUE;
    }
  if (deadline > 0 && g_get_monotonic_time () >= deadline)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_LIMIT,
                   "%s: out of time (past the deadline)", filename);
      return TRUE;
    }
  return FALSE;
}

gboolean
acy_halt_tick (AcyHalt *halt, GError **error)
{
  if (halt == NULL || ++halt->ticks % ACY_HALT_TICKS_PER_LOOK != 0)
    return FALSE;
  return acy_halt_now (halt->filename, halt->cancellable, halt->deadline, error);
}
