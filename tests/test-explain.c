/* test-explain.c - expressions evaluated on an outcome, and derivations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On the article's tests (../shared/conformance/article) under
 * toy-rmo.cat, coherent-rmo.cat and the kernel model
 * (../shared/conformance/lkmm; each part skips when its files are
 * absent):
 *   - acy_model_env_eval() of an expression gives what the model itself
 *     computes for `let q = EXPR` added at its end;
 *   - every derivation replays: each leaf is a fact of the execution, and
 *     the steps compose back to the pair (replay_derivation());
 *   - hand-worked derivations have the expected shape.
 */
#define G_LOG_DOMAIN "test-explain"
#include "config.h"

#include <string.h>

#include "acyclic.h"
#include "shared-dir.h"

static char *
conformance_dir (const char *sub)
{
  char *dir = test_conformance_path (sub);

  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    g_clear_pointer (&dir, g_free);
  return dir;
}

static const char *const article_tests[] = {
  "C-CO+o-o+o-o.litmus", "C-CO+o-o.litmus", "C-MP+o-mb-o+o-mb-o.litmus",
  "C-MP+o-o+o-o.litmus", "C-R+o-wmb-o+o+mb+o.litmus", NULL
};

typedef enum { TOY_RMO, COHERENT_RMO, LKMM } WhichModel;

/* @model with @extra appended to its cat file; NULL (skipped) when the
 * kernel model is not there. */
static AcyModel *
load_model (WhichModel which, const char *extra, AcyMacros **macros)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) texts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *lkmm = NULL, *cfg = NULL, *cat = NULL, *text = NULL;
  const char *dirs[2] = { NULL, NULL };
  AcySetupSpec spec = { 0 };
  AcyModel *model = NULL;

  if (which == LKMM)
    {
      if (!(lkmm = conformance_dir ("lkmm")))
        return NULL;
      cfg = g_build_filename (lkmm, "linux-kernel.cfg", NULL);
      cat = g_build_filename (lkmm, "linux-kernel.cat", NULL);
      dirs[0] = lkmm;
      spec.conf = cfg;
      spec.include_dirs = dirs;
    }
  else
    {
      cat = g_build_filename (SOURCE_MODELSDIR, which == TOY_RMO ? "toy-rmo.cat" : "coherent-rmo.cat",
                              NULL);
      spec.cat = cat;
    }
  if (extra)
    {
      g_assert_true (g_file_get_contents (cat, &text, NULL, NULL));
      g_hash_table_insert (texts, g_canonicalize_filename (cat, NULL),
                           g_strconcat (text, "\n", extra, "\n", NULL));
      spec.cat_texts = texts;
    }
  g_assert_true (acy_setup_load (&spec, &model, macros, &error));
  g_assert_no_error (error);
  return model;
}

static AcyTest *
load_article_test (const char *name, AcyMacros *macros)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = conformance_dir ("article");
  g_autofree char *path = NULL;
  AcyTest *test;

  if (!dir)
    return NULL;
  path = g_build_filename (dir, name, NULL);
  test = acy_test_load (path, macros, &error);
  g_assert_no_error (error);
  return test;
}

static void
check_all (AcyTest *test, AcyModel *model, AcyCheckOutcomeFunc func, gpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyCheckResult) result = NULL;
  AcyCheckOptions opts = { 0 };

  opts.n_threads = 1;
  opts.outcome = func;
  opts.outcome_data = data;
  result = acy_check_run (test, model, &opts, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
}

/* ---- --eval: the same as the model's own `let` --------------------------- */

static const char *const expressions[] = {
  "po-loc", "fr;rf", "(po;rfe)+", "[W];po;[R] & loc", "co^-1 | rf", "~id & loc",
  "let r = po in r ; r", "domain(rf)", "W \\ IW", "fencerel(F)", "(po | rf)*",
  NULL
};

typedef struct {
  const char *expr;
  guint       compared;
} EvalCheck;

static gboolean
on_eval_outcome (const AcyCandidate *c, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  EvalCheck *check = data;
  g_autoptr(GError) error = NULL;
  const AcyWord *want = NULL, *got = NULL;
  AcyModelValueKind kw, kg;
  guint n = c->x->n_events;

  kw = acy_model_env_lookup (env, "acy_test_q", &want);
  if (kw == ACY_MODEL_VALUE_OTHER)
    return TRUE;   /* a check before the let failed */
  kg = acy_model_env_eval (env, check->expr, &got, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kg, ==, kw);
  g_assert_true (acy_bits_equal (kw == ACY_MODEL_VALUE_SET ? ACY_WORDS (n) : acy_rel_words (n),
                                 want, got));
  check->compared++;
  return TRUE;
}

static void
test_eval_matches_model (gconstpointer data)
{
  WhichModel which = GPOINTER_TO_INT (data);
  g_autofree char *dir = conformance_dir ("article");
  guint compared = 0;

  if (!dir)
    {
      g_test_skip ("the article's tests are not in ../shared/conformance/article");
      return;
    }
  for (guint e = 0; expressions[e]; e++)
    {
      g_autofree char *extra = g_strdup_printf ("let acy_test_q = %s", expressions[e]);
      g_autoptr(AcyMacros) macros = NULL;
      g_autoptr(AcyModel) model = load_model (which, extra, &macros);

      if (!model)
        {
          g_test_skip ("the kernel model is not in ../shared/conformance/lkmm");
          return;
        }
      for (guint t = 0; article_tests[t]; t++)
        {
          g_autoptr(AcyTest) test = load_article_test (article_tests[t], macros);
          EvalCheck check = { expressions[e], 0 };

          check_all (test, model, on_eval_outcome, &check);
          g_assert_cmpuint (check.compared, >, 0);
          compared += check.compared;
        }
    }
  g_test_message ("%u outcomes compared", compared);
}

static void
test_eval_errors (void)
{
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) model = load_model (TOY_RMO, NULL, &macros);
  g_autoptr(GError) error = NULL;

  g_assert_true (acy_model_check_expression (model, "[W];po;[R] & loc", &error));
  g_assert_no_error (error);
  g_assert_false (acy_model_check_expression (model, "po;;", &error));
  g_assert_error (error, ACY_ERROR, ACY_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "<eval>:1:4: "));
  g_clear_error (&error);
  g_assert_false (acy_model_check_expression (model, "po & lok", &error));
  g_assert_error (error, ACY_ERROR, ACY_ERROR_UNKNOWN_NAME);
  g_assert_cmpstr (error->message, ==, "<eval>:1:6: unknown name near 'lok'");
  g_clear_error (&error);
  g_assert_false (acy_model_check_expression (model, "(po | rf", &error));
  g_assert_true (g_str_has_prefix (error->message, "<eval>:1:9: "));
  g_assert_nonnull (strstr (error->message, "opened at 1:1"));
  /* one line, no file: its end is the expression's */
  g_assert_true (g_str_has_suffix (error->message, " at the end of the expression"));
  g_assert_null (strstr (error->message, "end of file"));
  g_clear_error (&error);
  g_assert_false (acy_model_check_expression (model, "", &error));
  g_assert_true (g_str_has_prefix (error->message, "<eval>:1:1: "));
  g_clear_error (&error);
  g_assert_false (acy_model_check_expression (model, "po | rf )", &error));
  g_assert_cmpstr (error->message, ==,
                   "<eval>:1:9: syntax error: expected the end of the expression near ')'");
}

/* ---- derivations replayed ----------------------------------------------- */

static gboolean
env_has (AcyModelEnv *env, guint n, const char *text, guint a, guint b, gboolean is_set,
         gboolean *known)
{
  g_autoptr(GError) error = NULL;
  const AcyWord *bits = NULL;
  AcyModelValueKind k = acy_model_env_eval (env, text, &bits, &error);

  *known = k != ACY_MODEL_VALUE_OTHER;
  if (!*known)
    return FALSE;
  if (k == ACY_MODEL_VALUE_SET)
    return acy_bits_has (bits, a);
  if (is_set)
    {
      *known = FALSE;   /* `_` or 0, read as a relation */
      return FALSE;
    }
  return acy_rel_has (bits, n, a, b);
}

#define CHILD(d, i) ((const AcyDerivation *) (d)->children->pdata[i])

/* Whether the children of @d give its fact: the steps compose back to
 * (a, b), and each leaf is a fact of the execution of @env (its text
 * evaluated there holds or not as the leaf says). Counts the leaves. */
/* The updates of a let rec that a pair's derivation relies on come
 * before the update that added it. */
static gboolean
earlier_updates (const AcyDerivation *d, const char *name, guint iteration)
{
  for (guint i = 0; i < d->children->len; i++)
    {
      const AcyDerivation *c = d->children->pdata[i];

      if (c->kind == ACY_DERIVATION_FIXPOINT && c->holds && g_str_equal (c->text, name)
          && c->iteration >= iteration)
        return FALSE;
      if (!earlier_updates (c, name, iteration))
        return FALSE;
    }
  return TRUE;
}

static gboolean replay_node (const AcyDerivation *d, AcyModelEnv *env, guint n, guint *leaves);

static gboolean
replay_derivation (const AcyDerivation *d, AcyModelEnv *env, guint n, guint *leaves)
{
  if (replay_node (d, env, n, leaves))
    return TRUE;
  g_test_message ("does not replay: %s %s(%u, %u) in %s", acy_derivation_kind_name (d->kind),
                  d->holds ? "" : "not ", d->a, d->b, d->text);
  return FALSE;
}

static gboolean
replay_node (const AcyDerivation *d, AcyModelEnv *env, guint n, guint *leaves)
{
  guint nc = d->children->len;
  gboolean known, has;

  for (guint i = 0; i < nc; i++)
    if (!replay_derivation (CHILD (d, i), env, n, leaves))
      return FALSE;

#define SAME(c, h) ((c)->a == d->a && (c)->b == d->b && (c)->holds == (h))
  switch (d->kind)
    {
    case ACY_DERIVATION_BASE:
      (*leaves)++;
      has = env_has (env, n, d->text, d->a, d->b, d->is_set, &known);
      /* a base name is one of the execution's or the model's choices:
       * always known at the top level */
      return nc == 0 && known && has == d->holds;
    case ACY_DERIVATION_OTHER:
      (*leaves)++;
      /* `_`, a builtin applied: check it when it reads top-level names only */
      has = env_has (env, n, d->text, d->a, d->b, d->is_set, &known);
      return nc == 0 && (!known || has == d->holds);
    case ACY_DERIVATION_NAME:
      has = env_has (env, n, d->text, d->a, d->b, d->is_set, &known);
      return nc == 1 && SAME (CHILD (d, 0), d->holds) && (!known || has == d->holds);
    case ACY_DERIVATION_UNION:
      if (d->holds)
        return nc == 1 && SAME (CHILD (d, 0), TRUE);
      return nc == 2 && SAME (CHILD (d, 0), FALSE) && SAME (CHILD (d, 1), FALSE);
    case ACY_DERIVATION_SEQUENCE:
      if (!d->holds)
        return nc == 0;
      return nc == 2 && !d->is_set
             && CHILD (d, 0)->holds && CHILD (d, 1)->holds
             && CHILD (d, 0)->a == d->a && CHILD (d, 0)->b == d->middle
             && CHILD (d, 1)->a == d->middle && CHILD (d, 1)->b == d->b;
    case ACY_DERIVATION_CLOSURE:
      {
        guint at = d->a;

        if (!d->holds || nc == 0)
          return nc == 0 && (!d->holds || d->a == d->b);
        for (guint i = 0; i < nc; i++)
          {
            if (!CHILD (d, i)->holds || CHILD (d, i)->a != at)
              return FALSE;
            at = CHILD (d, i)->b;
          }
        return at == d->b;
      }
    case ACY_DERIVATION_INTERSECTION:
      if (d->holds)
        return nc == 2 && SAME (CHILD (d, 0), TRUE) && SAME (CHILD (d, 1), TRUE);
      return nc == 1 && SAME (CHILD (d, 0), FALSE);
    case ACY_DERIVATION_DIFFERENCE:
      if (d->holds)
        return nc == 2 && SAME (CHILD (d, 0), TRUE) && SAME (CHILD (d, 1), FALSE);
      return nc == 1 && d->a == CHILD (d, 0)->a && d->b == CHILD (d, 0)->b;
    case ACY_DERIVATION_COMPLEMENT:
      return nc == 1 && SAME (CHILD (d, 0), !d->holds);
    case ACY_DERIVATION_INVERSE:
      return nc == 1 && CHILD (d, 0)->a == d->b && CHILD (d, 0)->b == d->a
             && CHILD (d, 0)->holds == d->holds;
    case ACY_DERIVATION_IDENTITY:
      if (d->a != d->b)
        return !d->holds && nc == 0;
      return nc == 1 && CHILD (d, 0)->is_set && CHILD (d, 0)->a == d->a
             && CHILD (d, 0)->holds == d->holds;
    case ACY_DERIVATION_PRODUCT:
      if (!d->holds)
        return nc == 1 && !CHILD (d, 0)->holds && CHILD (d, 0)->is_set;
      return nc == 2 && CHILD (d, 0)->is_set && CHILD (d, 0)->a == d->a && CHILD (d, 0)->holds
             && CHILD (d, 1)->is_set && CHILD (d, 1)->a == d->b && CHILD (d, 1)->holds;
    case ACY_DERIVATION_FIXPOINT:
      if (!d->holds)
        return nc == 0;
      return nc == 1 && d->iteration >= 1 && SAME (CHILD (d, 0), TRUE)
             && earlier_updates (d, d->text, d->iteration);
    case ACY_DERIVATION_APPLICATION:
      return nc == 1 && SAME (CHILD (d, 0), d->holds);
    }
#undef SAME
  return FALSE;
}

typedef struct {
  const AcyModel *model;
  guint           pairs;
  guint           leaves;
} ReplayCheck;

#define MAX_PAIRS_PER_RELATION 12

static gboolean
on_replay_outcome (const AcyCandidate *c, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  ReplayCheck *check = data;
  const char *const *names = acy_model_get_defined_names (check->model);
  guint n = c->x->n_events;

  for (guint k = 0; names[k]; k++)
    {
      const AcyWord *bits = NULL;
      AcyModelValueKind kind = acy_model_env_lookup (env, names[k], &bits);
      guint done = 0;

      if (kind == ACY_MODEL_VALUE_OTHER)
        continue;
      for (guint a = 0; a < n && done < MAX_PAIRS_PER_RELATION; a++)
        for (guint b = 0; b < n && done < MAX_PAIRS_PER_RELATION; b++)
          {
            g_autoptr(GError) error = NULL;
            g_autoptr(AcyDerivation) d = NULL;

            if (kind == ACY_MODEL_VALUE_SET ? (a != b || !acy_bits_has (bits, a))
                                            : !acy_rel_has (bits, n, a, b))
              continue;
            d = acy_model_env_explain (env, names[k], a, b, &error);
            g_assert_no_error (error);
            g_assert_nonnull (d);
            g_assert_cmpuint (d->a, ==, a);
            g_assert_cmpuint (d->b, ==, b);
            g_assert_true (d->holds);
            if (!replay_derivation (d, env, n, &check->leaves))
              g_error ("derivation of %s (%u, %u) does not replay", names[k], a, b);
            check->pairs++;
            done++;
          }
    }
  return TRUE;
}

static void
test_derivations_replay (gconstpointer data)
{
  WhichModel which = GPOINTER_TO_INT (data);
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) model = load_model (which, NULL, &macros);
  g_autofree char *dir = conformance_dir ("article");
  ReplayCheck check = { model, 0, 0 };

  if (!model || !dir)
    {
      g_test_skip ("the kernel model or the article's tests are not in ../shared/conformance");
      return;
    }
  for (guint t = 0; article_tests[t]; t++)
    {
      g_autoptr(AcyTest) test = load_article_test (article_tests[t], macros);
      check_all (test, model, on_replay_outcome, &check);
    }
  g_assert_cmpuint (check.pairs, >, 100);
  g_test_message ("%u pairs explained, %u leaves checked", check.pairs, check.leaves);
}

/* ---- hand-worked derivations ---------------------------------------------- */

/* Events of C-MP+o-mb-o+o-mb-o by their letters in the graph. */
typedef struct {
  guint init_x, a, b, c, d, e, f;
} MpEvents;

static void
mp_events (const AcyExecution *x, MpEvents *m)
{
  guint next = 0, ids[6];

  /* P0: a W y=1, b mb, c W x=1; P1: d R x, e mb, f R y */
  for (guint t = 0; t < 2; t++)
    for (guint i = 0; i < x->n_events; i++)
      if (x->events[i].thread == t)
        ids[next++] = i;
  g_assert_cmpuint (next, ==, 6);
  m->a = ids[0]; m->b = ids[1]; m->c = ids[2];
  m->d = ids[3]; m->e = ids[4]; m->f = ids[5];
  m->init_x = G_MAXUINT;
  for (guint i = 0; i < x->n_events; i++)
    if ((x->events[i].kind & ACY_EV_IW) && g_str_equal (x->loc_names[x->events[i].loc], "x"))
      m->init_x = i;
}

static const AcyDerivation *
find_node (const AcyDerivation *d, AcyDerivationKind kind, const char *text, guint a, guint b)
{
  if (d->kind == kind && (!text || g_str_equal (d->text, text)) && d->a == a && d->b == b)
    return d;
  for (guint i = 0; i < d->children->len; i++)
    {
      const AcyDerivation *f = find_node (CHILD (d, i), kind, text, a, b);
      if (f)
        return f;
    }
  return NULL;
}

typedef struct {
  WhichModel which;
  gboolean   r1;        /* which execution: 1:r1 (d) read 1 */
  gboolean   r2;        /* 1:r2 (f) read 1 */
  guint      checked;
} HandCase;

static gboolean
read_value (const AcyExecution *x, guint e)
{
  return x->events[e].value == 1;
}

/* Whether @x is the first outcome met (*@checked still 0) in which the
 * reads d and f saw 1 as @r1 and @r2 say; its events in @m. */
static gboolean
first_mp_outcome (const AcyExecution *x,
                  gboolean            r1,
                  gboolean            r2,
                  guint              *checked,
                  MpEvents           *m)
{
  mp_events (x, m);
  if (read_value (x, m->d) != r1 || read_value (x, m->f) != r2 || *checked)
    return FALSE;
  (*checked)++;
  return TRUE;
}

static gboolean
on_hand_outcome (const AcyCandidate *c, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  HandCase *hc = data;
  const AcyExecution *x = c->x;
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyDerivation) d = NULL;
  const AcyDerivation *s, *k;
  guint leaves = 0;
  MpEvents m;

  if (!first_mp_outcome (x, hc->r1, hc->r2, &hc->checked, &m))
    return TRUE;
  switch (hc->which)
    {
    case TOY_RMO:
      /* rmo-order (a, c): fence, i.e. fencerel(F): a po b, b in F, b po c */
      d = acy_model_env_explain (env, "rmo-order", m.a, m.c, &error);
      g_assert_no_error (error);
      g_assert_cmpint (d->kind, ==, ACY_DERIVATION_NAME);
      g_assert_cmpstr (d->text, ==, "rmo-order");
      g_assert_cmpuint (d->children->len, ==, 1);
      g_assert_cmpint (CHILD (d, 0)->kind, ==, ACY_DERIVATION_UNION);
      k = CHILD (CHILD (d, 0), 0);
      g_assert_cmpint (k->kind, ==, ACY_DERIVATION_NAME);
      g_assert_cmpstr (k->text, ==, "fence");
      g_assert_cmpint (CHILD (k, 0)->kind, ==, ACY_DERIVATION_APPLICATION);
      s = CHILD (CHILD (k, 0), 0);
      g_assert_cmpint (s->kind, ==, ACY_DERIVATION_SEQUENCE);
      g_assert_cmpuint (s->middle, ==, m.b);
      g_assert_nonnull (find_node (s, ACY_DERIVATION_BASE, "F", m.b, m.b));
      g_assert_nonnull (find_node (s, ACY_DERIVATION_BASE, "po", m.a, m.b));
      g_assert_nonnull (find_node (s, ACY_DERIVATION_BASE, "po", m.b, m.c));
      /* and (po;rfe)+ (a, d): one step, via c */
      g_clear_pointer (&d, acy_derivation_free);
      d = acy_model_env_explain (env, "(po;rfe)+", m.a, m.d, &error);
      g_assert_no_error (error);
      g_assert_cmpint (d->kind, ==, ACY_DERIVATION_CLOSURE);
      g_assert_cmpuint (d->children->len, ==, 1);
      g_assert_cmpuint (CHILD (d, 0)->middle, ==, m.c);
      g_assert_nonnull (find_node (d, ACY_DERIVATION_BASE, "rf", m.c, m.d));
      g_assert_nonnull (find_node (d, ACY_DERIVATION_BASE, "ext", m.c, m.d));
      break;

    case COHERENT_RMO:
      /* coherence-order (d, c), d reading x=0: com, fr = (rf^-1 ; co) \ id
       * via the initial write of x, and (d, c) not in id */
      d = acy_model_env_explain (env, "coherence-order", m.d, m.c, &error);
      g_assert_no_error (error);
      g_assert_nonnull (find_node (d, ACY_DERIVATION_NAME, "com", m.d, m.c));
      k = find_node (d, ACY_DERIVATION_NAME, "fr", m.d, m.c);
      g_assert_nonnull (k);
      k = CHILD (k, 0);
      g_assert_cmpint (k->kind, ==, ACY_DERIVATION_DIFFERENCE);
      g_assert_cmpint (CHILD (k, 0)->kind, ==, ACY_DERIVATION_SEQUENCE);
      g_assert_cmpuint (CHILD (k, 0)->middle, ==, m.init_x);
      g_assert_nonnull (find_node (k, ACY_DERIVATION_INVERSE, NULL, m.d, m.init_x));
      g_assert_nonnull (find_node (k, ACY_DERIVATION_BASE, "rf", m.init_x, m.d));
      g_assert_nonnull (find_node (k, ACY_DERIVATION_BASE, "co", m.init_x, m.c));
      g_assert_false (CHILD (k, 1)->holds);
      g_assert_cmpstr (CHILD (k, 1)->text, ==, "id");
      break;

    case LKMM:
      /* pb (a, f) with both reads seeing 1: prop (a, a) reflexive, then
       * strong-fence (a, c) by the mb b, then hb* from c to f: rfe (c, d)
       * and the mb e ordering d before f */
      d = acy_model_env_explain (env, "pb", m.a, m.f, &error);
      g_assert_no_error (error);
      g_assert_cmpint (d->kind, ==, ACY_DERIVATION_NAME);
      g_assert_nonnull (find_node (d, ACY_DERIVATION_NAME, "strong-fence", m.a, m.c));
      g_assert_nonnull (find_node (d, ACY_DERIVATION_BASE, "MB", m.b, m.b));
      k = find_node (d, ACY_DERIVATION_CLOSURE, NULL, m.c, m.f);
      g_assert_nonnull (k);
      g_assert_cmpuint (k->children->len, ==, 2);
      g_assert_cmpuint (CHILD (k, 0)->b, ==, m.d);
      g_assert_nonnull (find_node (CHILD (k, 0), ACY_DERIVATION_NAME, "rfe", m.c, m.d));
      g_assert_nonnull (find_node (CHILD (k, 1), ACY_DERIVATION_BASE, "MB", m.e, m.e));
      break;
    }
  g_assert_true (replay_derivation (d, env, x->n_events, &leaves));
  return TRUE;
}

static void
test_hand_worked (gconstpointer data)
{
  HandCase hc = *(const HandCase *) data;
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) model = load_model (hc.which, NULL, &macros);
  g_autoptr(AcyTest) test = NULL;

  if (!model || !(test = load_article_test ("C-MP+o-mb-o+o-mb-o.litmus", macros)))
    {
      g_test_skip ("the kernel model or the article's tests are not in ../shared/conformance");
      return;
    }
  check_all (test, model, on_hand_outcome, &hc);
  g_assert_cmpuint (hc.checked, ==, 1);
}

/* A let rec: reach = rfe | reach;po | po;reach on MP+mb with both reads
 * seeing 1. Update 1 gives rfe: (c, d) and (a, f); update 2 adds po;rfe
 * and rfe;po, among them (b, d) by po (b, c) then (c, d) of update 1;
 * update 3 adds (b, e), from (b, d) of update 2 followed by po (d, e). */
static gboolean
on_fixpoint_outcome (const AcyCandidate *c, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  guint *checked = data;
  const AcyExecution *x = c->x;
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyDerivation) d = NULL;
  const AcyDerivation *u, *s;
  guint leaves = 0;
  MpEvents m;

  if (!first_mp_outcome (x, TRUE, TRUE, checked, &m))
    return TRUE;
  d = acy_model_env_explain (env, "reach", m.b, m.e, &error);
  g_assert_no_error (error);
  g_assert_cmpint (d->kind, ==, ACY_DERIVATION_FIXPOINT);
  g_assert_cmpuint (d->iteration, ==, 3);
  u = CHILD (d, 0);
  g_assert_cmpint (u->kind, ==, ACY_DERIVATION_UNION);
  s = CHILD (u, 0);
  g_assert_cmpint (s->kind, ==, ACY_DERIVATION_SEQUENCE);
  g_assert_cmpuint (s->middle, ==, m.d);
  g_assert_cmpint (CHILD (s, 0)->kind, ==, ACY_DERIVATION_FIXPOINT);
  g_assert_cmpuint (CHILD (s, 0)->iteration, ==, 2);
  g_assert_cmpuint (CHILD (s, 0)->a, ==, m.b);
  g_assert_cmpuint (CHILD (s, 0)->b, ==, m.d);
  /* (b, d) at update 2: po (b, c), then reach (c, d) of update 1, rfe */
  s = CHILD (CHILD (CHILD (s, 0), 0), 0);
  g_assert_cmpint (s->kind, ==, ACY_DERIVATION_SEQUENCE);
  g_assert_cmpuint (s->middle, ==, m.c);
  g_assert_cmpint (CHILD (s, 1)->kind, ==, ACY_DERIVATION_FIXPOINT);
  g_assert_cmpuint (CHILD (s, 1)->iteration, ==, 1);
  g_assert_nonnull (find_node (CHILD (s, 1), ACY_DERIVATION_NAME, "rfe", m.c, m.d));
  g_assert_true (replay_derivation (d, env, x->n_events, &leaves));
  return TRUE;
}

static void
test_fixpoint (void)
{
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) model = load_model (TOY_RMO, "let rec reach = rfe | (reach ; po) | (po ; reach)",
                                          &macros);
  g_autoptr(AcyTest) test = load_article_test ("C-MP+o-mb-o+o-mb-o.litmus", macros);
  guint checked = 0;

  if (!test)
    {
      g_test_skip ("the article's tests are not in ../shared/conformance/article");
      return;
    }
  check_all (test, model, on_fixpoint_outcome, &checked);
  g_assert_cmpuint (checked, ==, 1);
}

/* A name redefined in terms of itself, as lock.cat redefines rf, co and
 * fr: where the pair holds through the earlier binding, the derivation
 * is the earlier binding's, with nothing of the redefinition; where it
 * holds through what the redefinition adds, the redefinition stays. */
static gboolean
on_redefinition_outcome (const AcyCandidate *c, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  guint *checked = data;
  const AcyExecution *x = c->x;
  guint n = x->n_events;

  for (guint a = 0; a < n; a++)
    for (guint b = 0; b < n; b++)
      {
        g_autoptr(AcyDerivation) d = NULL;
        gboolean in_rf = acy_rel_has (x->rf, n, a, b);
        gboolean in_po_loc = acy_rel_has (x->po, n, a, b) && x->events[a].loc == x->events[b].loc;

        if (!in_rf && !in_po_loc)
          continue;
        d = acy_model_env_explain (env, "seen", a, b, NULL);
        g_assert_nonnull (d);
        g_assert_cmpint (d->kind, ==, ACY_DERIVATION_NAME);
        g_assert_cmpstr (d->text, ==, "seen");
        g_assert_cmpuint (d->children->len, ==, 1);
        if (in_rf)
          {
            /* the first `let seen = rf`, straight to rf */
            g_assert_cmpint (CHILD (d, 0)->kind, ==, ACY_DERIVATION_BASE);
            g_assert_cmpstr (CHILD (d, 0)->text, ==, "rf");
          }
        else
          /* the second, through its po-loc branch */
          g_assert_cmpint (CHILD (d, 0)->kind, ==, ACY_DERIVATION_UNION);
        (*checked)++;
      }
  return TRUE;
}

static void
test_idle_redefinition (void)
{
  static const char mp[] =
    "C MP\n{\n}\n"
    "P0(int *x, int *y)\n{\n  WRITE_ONCE(*x, 1);\n  WRITE_ONCE(*x, 2);\n  WRITE_ONCE(*y, 1);\n}\n"
    "P1(int *x, int *y)\n{\n  int r1;\n  int r2;\n\n  r1 = READ_ONCE(*y);\n  r2 = READ_ONCE(*x);\n}\n"
    "exists (1:r1=1 /\\ 1:r2=0)\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(AcyMacros) macros = NULL;
  g_autoptr(AcyModel) model = load_model (TOY_RMO, "let seen = rf\nlet seen = seen | (po & loc)\n"
                                          "let seen = seen | (seen & ~seen)", &macros);
  g_autoptr(AcyTest) test = acy_test_parse (mp, -1, "MP.litmus", macros, &error);
  guint checked = 0;

  g_assert_no_error (error);
  check_all (test, model, on_redefinition_outcome, &checked);
  g_assert_cmpuint (checked, >, 10);
}

int
main (int argc, char **argv)
{
  static const HandCase toy = { TOY_RMO, TRUE, FALSE, 0 };
  static const HandCase coherent = { COHERENT_RMO, FALSE, FALSE, 0 };
  static const HandCase lkmm = { LKMM, TRUE, TRUE, 0 };

  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/explain/eval/toy-rmo", GINT_TO_POINTER (TOY_RMO), test_eval_matches_model);
  g_test_add_data_func ("/explain/eval/coherent-rmo", GINT_TO_POINTER (COHERENT_RMO),
                        test_eval_matches_model);
  g_test_add_data_func ("/explain/eval/lkmm", GINT_TO_POINTER (LKMM), test_eval_matches_model);
  g_test_add_func ("/explain/eval/errors", test_eval_errors);
  g_test_add_data_func ("/explain/replay/toy-rmo", GINT_TO_POINTER (TOY_RMO), test_derivations_replay);
  g_test_add_data_func ("/explain/replay/coherent-rmo", GINT_TO_POINTER (COHERENT_RMO),
                        test_derivations_replay);
  g_test_add_data_func ("/explain/replay/lkmm", GINT_TO_POINTER (LKMM), test_derivations_replay);
  g_test_add_data_func ("/explain/hand/toy-rmo", &toy, test_hand_worked);
  g_test_add_data_func ("/explain/hand/coherent-rmo", &coherent, test_hand_worked);
  g_test_add_data_func ("/explain/hand/lkmm", &lkmm, test_hand_worked);
  g_test_add_func ("/explain/fixpoint", test_fixpoint);
  g_test_add_func ("/explain/idle-redefinition", test_idle_redefinition);
  return g_test_run ();
}
