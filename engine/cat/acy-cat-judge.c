/* acy-cat-judge.c - which checks are worth judging a partial choice on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Judging a partial choice on bounds (acy-cat-bounds.c) costs a walk of
 * the model; a check that fails there saves every choice below. How much
 * that is worth depends on the check and on how deep the choice is: the
 * kernel model's happens-before check rejects three rfs in four before
 * any coherence order is tried, and next to nothing once most writes are
 * placed, where atomic still rejects half; coherence never rejects a
 * prefix that extends cos-opt.cat's pairs. So statistics are kept per
 * check and per depth (writes placed, reads given an rf): how often the
 * check ran, how often it failed, the time it took, and the time spent
 * below a choice that passed. A check is judged at a depth while
 *
 *     failures x time below a choice  >=  time spent judging it,
 *
 * that is while what it saves pays for it, and on its first runs and
 * one time in RESAMPLE in any case, so that a check that starts to
 * matter comes back. Counts are halved now and then so recent runs
 * weigh most. None of this changes an outcome: it only decides what is
 * skipped early rather than rejected one choice at a time.
 *
 * Time is measured by the clock, or, where two workers must make the
 * same decisions (both enumerate every rf and must skip the same ones:
 * acy-check.c deals out what comes out), in units: a judgement is one,
 * a check run one, and the caller adds what a choice that came out is
 * worth (acy_cat_judge_add()).
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <time.h>

#include "acy-cat-eval.h"

#define DEPTHS   64     /* deeper choices share the last row */
#define WARMUP   32     /* runs before statistics decide */
#define RESAMPLE 64     /* a skipped check runs once in this many */
#define HALVE_AT 4096   /* runs (or subtrees) beyond which counts are halved */

typedef struct {
  guint32 tried, ran, failed;
  gint64  ns;      /* time spent running it: ns, or units */
} CheckStats;

struct _AcyCatJudge {
  gboolean    by_clock;
  gint64      units;      /* the time when not by clock */
  guint       n_checks;
  guint      *stmt;       /* statement of each check */
  gint       *check_of;   /* per statement below upto: its check, or -1 */
  guint       upto;
  CheckStats *stats;      /* [depth * n_checks + check] */
  gint64      sub_ns[DEPTHS];
  guint32     sub_n[DEPTHS];
  gint64      open[DEPTHS];   /* when a choice at this depth passed, or -1 */
  guint       n_open;         /* open[] is -1 from here on */
  /* the judgement in progress */
  guint       depth;
  gboolean   *want;           /* per check */
};

/* Now, in ns or in units. */
static gint64
judge_time (const AcyCatJudge *j)
{
  struct timespec ts;

  if (!j->by_clock)
    return j->units;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * G_GINT64_CONSTANT (1000000000) + ts.tv_nsec;
}

AcyCatJudge *
acy_cat_judge_new (const AcyModel *m, guint from, guint upto, guint wlevel, gboolean by_clock)
{
  AcyCatStmt *const *items = (AcyCatStmt *const *) m->program->pdata;
  AcyCatJudge *j = g_new0 (AcyCatJudge, 1);

  j->by_clock = by_clock;
  j->upto = upto;
  j->check_of = g_new (gint, MAX (upto, 1));
  j->stmt = g_new (guint, MAX (upto, 1));
  for (guint i = 0; i < upto; i++)
    {
      const AcyCatStmt *st = items[i];

      j->check_of[i] = -1;
      if (i >= from && st->kind == ACY_CAT_S_CHECK && st->u.check.mode == ACY_CAT_CHECK_PLAIN
          && m->stmt_level[i] >= wlevel && m->stmt_level[i] != ACY_CAT_LEVEL_NOCACHE)
        {
          j->check_of[i] = (gint) j->n_checks;
          j->stmt[j->n_checks++] = i;
        }
    }
  j->stats = g_new0 (CheckStats, (gsize) DEPTHS * MAX (j->n_checks, 1));
  j->want = g_new0 (gboolean, MAX (j->n_checks, 1));
  for (guint d = 0; d < DEPTHS; d++)
    j->open[d] = -1;
  return j;
}

void
acy_cat_judge_free (AcyCatJudge *j)
{
  if (j == NULL)
    return;
  g_free (j->check_of);
  g_free (j->stmt);
  g_free (j->stats);
  g_free (j->want);
  g_free (j);
}

/* Choices at @depth or deeper that passed are behind us: count the time
 * spent below them. */
static void
close_from (AcyCatJudge *j, guint depth, gint64 now)
{
  for (guint d = depth; d < j->n_open; d++)
    if (j->open[d] >= 0)
      {
        j->sub_ns[d] += now - j->open[d];
        if (++j->sub_n[d] >= HALVE_AT)
          {
            j->sub_n[d] /= 2;
            j->sub_ns[d] /= 2;
          }
        j->open[d] = -1;
      }
  j->n_open = MIN (j->n_open, depth);
}

void
acy_cat_judge_close (AcyCatJudge *j)
{
  close_from (j, 0, judge_time (j));
}

void
acy_cat_judge_add (AcyCatJudge *j, guint units)
{
  j->units += units;
}

guint
acy_cat_judge_begin (AcyCatJudge *j, guint depth)
{
  guint upto = 0;

  depth = MIN (depth, DEPTHS - 1);
  j->units++;
  close_from (j, depth, judge_time (j));
  j->depth = depth;
  for (guint k = 0; k < j->n_checks; k++)
    {
      CheckStats *s = &j->stats[depth * j->n_checks + k];
      gboolean want;

      s->tried++;
      if (s->ran < WARMUP || s->tried % RESAMPLE == 0 || j->sub_n[depth] == 0)
        want = TRUE;
      else
        /* failures x mean time below >= time judging */
        want = (double) s->failed * ((double) j->sub_ns[depth] / j->sub_n[depth]) >= (double) s->ns;
      j->want[k] = want;
      if (want)
        upto = j->stmt[k] + 1;
    }
  return upto;
}

gboolean
acy_cat_judge_wants (const AcyCatJudge *j, guint stmt, gint64 *start)
{
  gint k = stmt < j->upto ? j->check_of[stmt] : -1;

  if (k >= 0 && !j->want[k])
    return FALSE;
  *start = judge_time (j);
  return TRUE;
}

void
acy_cat_judge_ran (AcyCatJudge *j, guint stmt, gboolean failed, gint64 start)
{
  gint k = stmt < j->upto ? j->check_of[stmt] : -1;
  CheckStats *s;

  if (k < 0)
    return;
  if (!j->by_clock)
    j->units++;   /* a check run costs one unit */
  s = &j->stats[j->depth * j->n_checks + (guint) k];
  s->ran++;
  s->failed += failed;
  s->ns += judge_time (j) - start;
  if (s->ran >= HALVE_AT)
    {
      s->ran /= 2;
      s->failed /= 2;
      s->ns /= 2;
    }
}

void
acy_cat_judge_end (AcyCatJudge *j, gboolean failed)
{
  if (failed)
    return;
  j->open[j->depth] = judge_time (j);
  j->n_open = MAX (j->n_open, j->depth + 1);
}
