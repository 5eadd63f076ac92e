/* acy-graph-scene.c - one recorded outcome with the model's relations on it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-graph"
#include "config.h"

#include <string.h>

#include "acy-graph-scene.h"

typedef struct {
  char    *name;
  AcyWord *bits;
  guint    count;
  gboolean expr;     /* typed by the user, not the model's */
} NamedRel;

struct _AcyGraphScene {
  const AcyRecorder *recorder;
  const AcyModel  *model;
  guint            index;
  const AcyRecord *record;
  GArray          *rels;     /* NamedRel */
  GPtrArray       *names;    /* char*, NULL-terminated view of rels' names */
  GHashTable      *witness_labels;  /* pair_key -> char*: the cycle's edges, named */
  AcyWord         *initial_co;      /* co from the initial writes, when the model bound no co */
  char            *tested;          /* the failed check's relation as written, or NULL */
  GArray          *cycle;           /* guint: an irreflexive check's witness as a cycle */
};

static gboolean
is_base (const char *name)
{
  static const char *const base[] = { "po", "rf", "co", "fr", NULL };
  return g_strv_contains (base, name);
}

typedef struct {
  AcyGraphScene  *scene;
  const AcyModel *model;
} Collect;

static guint64
pair_key (guint a, guint b)
{
  return ((guint64) a << 32) | b;
}

/* Whether the definition @d of a name only gathers other names: a union
 * of them, maybe between identities ([Marked] ; (ppo | rfe) ; [Marked]),
 * or another name. Such a name is a family; its members say more. */
static const AcyDerivation *
gathered (const AcyDerivation *d)
{
  for (;;)
    switch (d->kind)
      {
      case ACY_DERIVATION_UNION:
      case ACY_DERIVATION_NAME:
      case ACY_DERIVATION_BASE:
      case ACY_DERIVATION_FIXPOINT:
        return d;
      case ACY_DERIVATION_SEQUENCE:
        {
          const AcyDerivation *step = NULL;

          for (guint i = 0; i < d->children->len; i++)
            {
              const AcyDerivation *c = d->children->pdata[i];
              if (c->kind == ACY_DERIVATION_IDENTITY)
                continue;
              if (step)
                return NULL;
              step = c;
            }
          if (step == NULL)
            return NULL;
          d = step;
        }
        break;
      default:
        return NULL;
      }
}

/* The name a witness edge goes by, as the model writes it: down from the
 * failed check's relation through the names it gathers by union (sc's
 * "po | com", com's "rf | co | fr") to the last one; a name made some
 * other way is kept whole (po-loc as po & loc, fence as fencerel(F)).
 * Below a union, the first part of an intersection or a difference is
 * what the pair is in ("(prop \ id) & int" names prop). */
static const char *
witness_name (const AcyDerivation *d)
{
  const char *label = NULL;

  while (d && d->holds)
    switch (d->kind)
      {
      case ACY_DERIVATION_BASE:
        return d->text;
      case ACY_DERIVATION_NAME:
      case ACY_DERIVATION_FIXPOINT:
        label = d->text;
        if (d->children->len != 1)
          return label;
        d = gathered (d->children->pdata[0]);
        break;
      case ACY_DERIVATION_UNION:
        d = d->children->len == 1 ? d->children->pdata[0] : NULL;
        break;
      case ACY_DERIVATION_INTERSECTION:
      case ACY_DERIVATION_DIFFERENCE:
        d = d->children->len > 0 ? d->children->pdata[0] : NULL;
        break;
      case ACY_DERIVATION_SEQUENCE:
        d = gathered (d);
        if (d && d->kind == ACY_DERIVATION_SEQUENCE)
          return label;
        break;
      default:
        return label;
      }
  return label;
}

/* The steps of a derivation of a pair of the relation @self, in order:
 * a pair of a closure (ob = (obs | dob | ...)+) or of a name defined
 * by composing itself (herd's "let rec ob = ... | ob; ob") is a chain
 * of steps, each in one of its parts; a pair of anything else is one
 * step. */
static void
chain_steps (const AcyDerivation *d, const char *self, GPtrArray *steps)
{
  switch (d->kind)
    {
    case ACY_DERIVATION_NAME:
    case ACY_DERIVATION_FIXPOINT:
      if (g_strcmp0 (d->text, self) == 0 && d->children->len == 1)
        {
          chain_steps (d->children->pdata[0], self, steps);
          return;
        }
      break;
    case ACY_DERIVATION_UNION:
      if (d->children->len == 1)
        {
          chain_steps (d->children->pdata[0], self, steps);
          return;
        }
      break;
    case ACY_DERIVATION_CLOSURE:
      for (guint i = 0; i < d->children->len; i++)
        g_ptr_array_add (steps, d->children->pdata[i]);
      return;
    case ACY_DERIVATION_SEQUENCE:
      {
        guint parts = 0;
        gboolean recursive = TRUE;

        for (guint i = 0; i < d->children->len; i++)
          {
            const AcyDerivation *c = d->children->pdata[i];

            if (c->kind == ACY_DERIVATION_IDENTITY)
              continue;
            parts++;
            recursive = recursive && (c->kind == ACY_DERIVATION_NAME || c->kind == ACY_DERIVATION_FIXPOINT)
                        && g_strcmp0 (c->text, self) == 0;
          }
        if (parts > 1 && recursive)
          {
            for (guint i = 0; i < d->children->len; i++)
              if (((const AcyDerivation *) d->children->pdata[i])->kind != ACY_DERIVATION_IDENTITY)
                chain_steps (d->children->pdata[i], self, steps);
            return;
          }
      }
      break;
    default:
      break;
    }
  g_ptr_array_add (steps, (gpointer) d);
}

/* An irreflexive check's witness, (a, a) in a closure, drawn as herd
 * draws it: the cycle of steps from a back to a, each step named. Kept
 * when the steps join up into a cycle of two events or more. */
static void
find_cycle (AcyGraphScene *scene, const AcyExecution *x, const AcyWord *pairs, const char *expr,
            AcyModelEnv *env)
{
  guint n = x->n_events, a = G_MAXUINT;
  g_autoptr(AcyDerivation) d = NULL;
  g_autoptr(GPtrArray) steps = g_ptr_array_new ();

  /* an event the graph shows, if any is related to itself */
  for (guint i = 0; i < n; i++)
    if (acy_rel_has (pairs, n, i, i) && (a == G_MAXUINT || !acy_graph_event_shown (x, a)))
      a = i;
  if (a == G_MAXUINT || (d = acy_model_env_explain (env, expr, a, a, NULL)) == NULL)
    return;
  chain_steps (d, expr, steps);
  if (steps->len < 2)
    return;
  for (guint i = 0; i < steps->len; i++)
    {
      const AcyDerivation *s = steps->pdata[i];
      const AcyDerivation *next = steps->pdata[(i + 1) % steps->len];

      if (s->b != next->a)
        return;
    }
  for (guint i = 0; i < steps->len; i++)
    {
      const AcyDerivation *s = steps->pdata[i];
      const char *name = witness_name (s);

      g_array_append_val (scene->cycle, s->a);
      if (name)
        g_hash_table_insert (scene->witness_labels, g_memdup2 (&(guint64) { pair_key (s->a, s->b) }, sizeof (guint64)),
                             g_strdup (name));
    }
}

/* Names the edges of the witness the graph draws, while the model's
 * environment at the failed check is there. */
static void
name_witness (AcyGraphScene *scene, const AcyExecution *x, const AcyVerdict *v, AcyModelEnv *env)
{
  guint n = x->n_events;
  const char *expr = v->failed_text;
  g_autofree AcyWord *pairs = g_new0 (AcyWord, MAX (acy_rel_words (n), 1));
  g_autofree guint *cycle = g_new (guint, n + 1);

  if (v->allowed || expr == NULL || v->failed_relation == NULL)
    return;
  /* "~acyclic r": the relation is what follows the test */
  expr += strspn (expr, "~ ");
  expr += strcspn (expr, " ");
  expr += strspn (expr, " ");
  g_free (scene->tested);
  scene->tested = g_strdup (expr);
  acy_graph_witness_pairs (v->failed_kind, n, v->failed_relation, pairs, cycle);
  if (g_strcmp0 (v->failed_kind, "irreflexive") == 0)
    {
      find_cycle (scene, x, pairs, expr, env);
      if (scene->cycle->len > 0)
        return;
    }
  for (guint a = 0; a < n; a++)
    ACY_BITS_FOREACH (b, acy_rel_row (pairs, n, a), n)
      {
        g_autoptr(AcyDerivation) d = acy_model_env_explain (env, expr, a, b, NULL);
        const char *name = d ? witness_name (d) : NULL;

        /* An irreflexive check's one edge, (a, a), in no relation the
         * model names ("hb ; eco?"), is the relation as the check writes
         * it, not some named relation that happens to hold (a, a) (rs) */
        if (name == NULL && d != NULL && a == b)
          name = expr;
        if (name)
          g_hash_table_insert (scene->witness_labels, g_memdup2 (&(guint64) { pair_key (a, b) }, sizeof (guint64)),
                               g_strdup (name));
      }
}

static void
on_explain (const AcyExecution *x, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  Collect *c = data;
  const char *const *names = acy_model_get_defined_names (c->model);
  gsize words = acy_rel_words (x->n_events);

  name_witness (c->scene, x, v, env);

  for (guint i = 0; names && names[i]; i++)
    {
      const AcyWord *bits = NULL;
      NamedRel r = { 0 };
      gboolean dup = FALSE;

      if (is_base (names[i]) ||
          acy_model_env_lookup (env, names[i], &bits) != ACY_MODEL_VALUE_RELATION || bits == NULL)
        continue;
      for (guint k = 0; k < c->scene->rels->len && !dup; k++)
        dup = g_str_equal (g_array_index (c->scene->rels, NamedRel, k).name, names[i]);
      if (dup)
        continue;
      r.name = g_strdup (names[i]);
      r.bits = g_memdup2 (bits, MAX (words, 1) * sizeof (AcyWord));
      r.count = acy_bits_count ((guint) words, r.bits);
      g_array_append_val (c->scene->rels, r);
    }
}

static void
named_rel_clear (gpointer data)
{
  NamedRel *r = data;
  g_free (r->name);
  g_free (r->bits);
}

/* A model that judged the outcome before choosing a coherence order (a
 * check of cos-opt.cat's that no order can pass, as the kernel model's
 * ConsCo) binds no co; but whatever order it would have chosen puts each
 * initial write before every other write to its location, and the graph
 * shows that much. */
static AcyWord *
initial_co (const AcyExecution *x)
{
  guint n = x->n_events;
  AcyWord *co = g_new0 (AcyWord, MAX (acy_rel_words (n), 1));

  for (guint i = 0; i < n; i++)
    if (x->events[i].kind & ACY_EV_IW)
      for (guint j = 0; j < n; j++)
        if (!(x->events[j].kind & ACY_EV_IW) && (x->events[j].kind & ACY_EV_W)
            && x->events[j].loc == x->events[i].loc)
          acy_rel_add (co, n, i, j);
  return co;
}

AcyGraphScene *
acy_graph_scene_new (const AcyRecorder *recorder, guint index, const AcyModel *model,
                     GError **error)
{
  g_autoptr(AcyGraphScene) scene = g_new0 (AcyGraphScene, 1);

  scene->recorder = recorder;
  scene->model = model;
  scene->index = index;
  scene->record = acy_recorder_get_record (recorder, index);
  scene->rels = g_array_new (FALSE, TRUE, sizeof (NamedRel));
  g_array_set_clear_func (scene->rels, named_rel_clear);
  scene->names = g_ptr_array_new ();
  scene->witness_labels = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  scene->cycle = g_array_new (FALSE, FALSE, sizeof (guint));
  if (model)
    {
      Collect c = { scene, model };
      if (!acy_recorder_explain (recorder, model, index, on_explain, &c, error))
        return NULL;
    }
  for (guint i = 0; i < scene->rels->len; i++)
    g_ptr_array_add (scene->names, g_array_index (scene->rels, NamedRel, i).name);
  g_ptr_array_add (scene->names, NULL);
  if (scene->record->co == NULL)
    scene->initial_co = initial_co (&scene->record->x);
  return g_steal_pointer (&scene);
}

void
acy_graph_scene_free (AcyGraphScene *scene)
{
  if (scene == NULL)
    return;
  g_clear_pointer (&scene->names, g_ptr_array_unref);
  g_clear_pointer (&scene->rels, g_array_unref);
  g_clear_pointer (&scene->witness_labels, g_hash_table_unref);
  g_clear_pointer (&scene->cycle, g_array_unref);
  g_free (scene->initial_co);
  g_free (scene->tested);
  g_free (scene);
}

const char *
acy_graph_scene_get_tested (const AcyGraphScene *scene)
{
  return scene->tested;
}

const AcyRecord *
acy_graph_scene_get_record (const AcyGraphScene *scene)
{
  return scene->record;
}

const char *const *
acy_graph_scene_get_relation_names (const AcyGraphScene *scene)
{
  return (const char *const *) scene->names->pdata;
}

static const NamedRel *find (const AcyGraphScene *scene, const char *name);

const AcyModel *
acy_graph_scene_get_model (const AcyGraphScene *scene)
{
  return scene->model;
}

typedef struct {
  const char    *relation;
  guint          a, b;
  AcyDerivation *d;
  GError        *error;
} Explain;

static void
on_explain_pair (const AcyExecution *x, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  Explain *e = data;

  e->d = acy_model_env_explain (env, e->relation, e->a, e->b, &e->error);
}

AcyDerivation *
acy_graph_scene_explain (const AcyGraphScene *scene, const char *relation, guint a, guint b,
                         GError **error)
{
  Explain e = { relation, a, b, NULL, NULL };

  if (scene->model == NULL)
    {
      g_set_error_literal (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED, "no model to ask");
      return NULL;
    }
  if (!acy_recorder_explain (scene->recorder, scene->model, scene->index, on_explain_pair, &e, error))
    {
      g_clear_pointer (&e.d, acy_derivation_free);
      g_clear_error (&e.error);
      return NULL;
    }
  if (e.error)
    g_propagate_error (error, e.error);
  return e.d;
}

typedef struct {
  AcyGraphScene     *scene;
  const char *const *texts;
  char             **errors;
} Eval;

static void
on_eval (const AcyExecution *x, const AcyVerdict *v, AcyModelEnv *env, gpointer data)
{
  Eval *e = data;
  guint n = x->n_events;
  gsize words = MAX (acy_rel_words (n), 1);

  for (guint i = 0; e->texts[i]; i++)
    {
      g_autoptr(GError) error = NULL;
      const AcyWord *bits = NULL;
      AcyModelValueKind kind = acy_model_env_eval (env, e->texts[i], &bits, &error);
      NamedRel r = { 0 };

      if (find (e->scene, e->texts[i]))
        continue;
      if (kind == ACY_MODEL_VALUE_OTHER)
        {
          if (e->errors)
            e->errors[i] = g_strdup (error ? error->message : "not a set of events or a relation");
          continue;
        }
      r.name = g_strdup (e->texts[i]);
      r.expr = TRUE;
      r.bits = g_new0 (AcyWord, words);
      if (kind == ACY_MODEL_VALUE_SET)
        {
          for (guint k = 0; k < n; k++)
            if (acy_bits_has (bits, k))
              acy_rel_add (r.bits, n, k, k);
        }
      else
        memcpy (r.bits, bits, words * sizeof (AcyWord));
      r.count = acy_bits_count ((guint) words, r.bits);
      g_array_append_val (e->scene->rels, r);
    }
}

gboolean
acy_graph_scene_add_expressions (AcyGraphScene *scene, const char *const *texts, char **errors,
                                 GError **error)
{
  Eval e = { scene, texts, errors };

  if (texts == NULL || texts[0] == NULL)
    return TRUE;
  if (scene->model == NULL)
    {
      g_set_error_literal (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED, "no model to ask");
      return FALSE;
    }
  if (!acy_recorder_explain (scene->recorder, scene->model, scene->index, on_eval, &e, error))
    return FALSE;
  /* the array may have moved: the view of the model's names is rebuilt */
  g_ptr_array_set_size (scene->names, 0);
  for (guint i = 0; i < scene->rels->len; i++)
    if (!g_array_index (scene->rels, NamedRel, i).expr)
      g_ptr_array_add (scene->names, g_array_index (scene->rels, NamedRel, i).name);
  g_ptr_array_add (scene->names, NULL);
  return TRUE;
}

static const NamedRel *
find (const AcyGraphScene *scene, const char *name)
{
  for (guint i = 0; i < scene->rels->len; i++)
    {
      const NamedRel *r = &g_array_index (scene->rels, NamedRel, i);
      if (g_str_equal (r->name, name))
        return r;
    }
  return NULL;
}

const AcyWord *
acy_graph_scene_lookup (const AcyGraphScene *scene, const char *name)
{
  const NamedRel *r = find (scene, name);
  return r ? r->bits : NULL;
}

static int
compare_by_count (gconstpointer a, gconstpointer b)
{
  const NamedRel *x = *(const NamedRel *const *) a, *y = *(const NamedRel *const *) b;
  if (x->count != y->count)
    return x->count < y->count ? -1 : 1;
  return 0;
}

static gboolean
is_subset (guint words, const AcyWord *a, const AcyWord *b)
{
  for (guint w = 0; w < words; w++)
    if (a[w] & ~b[w])
      return FALSE;
  return TRUE;
}

char *
acy_graph_scene_containing (const AcyGraphScene *scene, guint src, guint dst)
{
  guint n = scene->record->x.n_events;
  guint words = (guint) acy_rel_words (n);
  g_autoptr(GPtrArray) hits = g_ptr_array_new ();
  GString *s;

  for (guint i = 0; i < scene->rels->len; i++)
    {
      const NamedRel *r = &g_array_index (scene->rels, NamedRel, i);
      if (!r->expr && acy_rel_has (r->bits, n, src, dst))
        g_ptr_array_add (hits, (gpointer) r);
    }
  if (hits->len == 0)
    return NULL;
  g_ptr_array_sort (hits, compare_by_count);
  s = g_string_new (NULL);
  for (guint i = 0; i < hits->len; i++)
    {
      const NamedRel *r = hits->pdata[i];
      if (i > 0)
        {
          const NamedRel *prev = hits->pdata[i - 1];
          g_string_append (s, is_subset (words, prev->bits, r->bits) ? " ⊆ " : ", ");
        }
      g_string_append (s, r->name);
    }
  return g_string_free (s, FALSE);
}

char **
acy_graph_scene_holding (const AcyGraphScene *scene, guint src, guint dst)
{
  guint n = scene->record->x.n_events;
  g_autoptr(GPtrArray) hits = g_ptr_array_new ();
  GStrvBuilder *b = g_strv_builder_new ();
  char **out;

  for (guint i = 0; i < scene->rels->len; i++)
    {
      const NamedRel *r = &g_array_index (scene->rels, NamedRel, i);
      if (acy_rel_has (r->bits, n, src, dst))
        g_ptr_array_add (hits, (gpointer) r);
    }
  g_ptr_array_sort (hits, compare_by_count);
  for (guint i = 0; i < hits->len; i++)
    g_strv_builder_add (b, ((const NamedRel *) hits->pdata[i])->name);
  out = g_strv_builder_end (b);
  g_strv_builder_unref (b);
  return out;
}

/* A witness edge goes by the name the model gives it in the failed check
 * (name_witness()). A cycle of pairs of writes to one location, found
 * before the model chose a coherence order (cos-opt.cat's ConsCo), is
 * made of pairs that order must have: co. Failing those, a communication
 * edge is named by its base relation; some other pair by the smallest
 * model relation holding it. */
static char *
witness_label (guint src, guint dst, gpointer data)
{
  const AcyGraphScene *scene = data;
  const AcyRecord *r = scene->record;
  const AcyEvent *es = &r->x.events[src], *ed = &r->x.events[dst];
  guint n = r->x.n_events;
  const char *named = g_hash_table_lookup (scene->witness_labels, &(guint64) { pair_key (src, dst) });
  g_autofree char *base = NULL;
  const NamedRel *best = NULL;
  guint words = (guint) acy_rel_words (n);

  if (r->co == NULL && src != dst && (es->kind & ACY_EV_W) && (ed->kind & ACY_EV_W) && es->loc == ed->loc)
    return g_strdup ("co");
  if (named)
    return g_strdup (named);
  base = acy_graph_base_label (&r->x, r->rf_model, r->co, r->fr, src, dst);
  if (base && (strstr (base, "rf") || strstr (base, "co") || strstr (base, "fr")))
    return g_steal_pointer (&base);
  for (guint i = 0; i < scene->rels->len; i++)
    {
      const NamedRel *nr = &g_array_index (scene->rels, NamedRel, i);
      if (nr->expr || !acy_rel_has (nr->bits, n, src, dst))
        continue;
      /* Only parts of the tested relation explain it. */
      if (r->failed_relation && !is_subset (words, nr->bits, r->failed_relation))
        continue;
      if (r->failed_relation && acy_bits_equal (words, nr->bits, r->failed_relation))
        continue;
      if (best == NULL || nr->count < best->count)
        best = nr;
    }
  if (best && base)
    return g_strdup_printf ("%s (%s)", best->name, base);
  if (best)
    return g_strdup (best->name);
  return g_steal_pointer (&base);
}

AcyGraphLayout *
acy_graph_scene_layout (const AcyGraphScene *scene,
                        const char *const   *shown,
                        const char          *title,
                        const AcyGraphGrid  *grid,
                        PangoContext        *context)
{
  return acy_graph_scene_layout_hiding (scene, shown, NULL, title, grid, FALSE, context);
}

AcyGraphLayout *
acy_graph_scene_layout_hiding (const AcyGraphScene *scene,
                               const char *const   *shown,
                               const char *const   *hidden,
                               const char          *title,
                               const AcyGraphGrid  *grid,
                               gboolean             legend_beside,
                               PangoContext        *context)
{
  const AcyRecord *r = scene->record;
  g_autoptr(GArray) extra = g_array_new (FALSE, TRUE, sizeof (AcyGraphRelationInput));
  AcyGraphInput in = { 0 };

  for (guint i = 0; shown && shown[i]; i++)
    {
      const NamedRel *nr = find (scene, shown[i]);
      if (nr)
        g_array_append_val (extra, ((AcyGraphRelationInput) { nr->name, nr->bits, nr->expr }));
    }
  in.x = &r->x;
  in.rf = r->rf_model;
  in.co = r->co ? r->co : scene->initial_co;
  in.fr = r->fr;
  in.extra = (const AcyGraphRelationInput *) extra->data;
  in.n_extra = extra->len;
  if (!r->allowed && r->failed_relation)
    {
      in.witness_name = r->failed_check;
      in.witness_kind = r->failed_kind;
      in.witness = r->failed_relation;
      in.witness_label = witness_label;
      in.witness_label_data = (gpointer) scene;
      in.witness_cycle = (const guint *) scene->cycle->data;
      in.witness_cycle_len = scene->cycle->len;
    }
  if (hidden)
    {
      in.hide_po = g_strv_contains (hidden, "po");
      in.hide_rf = g_strv_contains (hidden, "rf");
      in.hide_co = g_strv_contains (hidden, "co");
      in.hide_fr = g_strv_contains (hidden, "fr");
    }
  in.title = title;
  in.grid = grid;
  in.legend_beside = legend_beside;
  return acy_graph_layout_new (&in, context);
}
