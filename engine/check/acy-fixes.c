/* acy-fixes.c - the single changes to a test that forbid its condition
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A first version, working on the test's text: the thread bodies are cut
 * into statements (comments skipped, parentheses and braces matched), a
 * statement that calls a macro of the .def that is not a fence, or reads
 * through a pointer, is an event. Between two events of a thread that
 * follow each other at the top of its body (nothing in between but
 * declarations and fences) the fences the .def offers are tried;
 * smp_rmb() only between two reads and smp_wmb() only between two writes,
 * which is all they order in the kernel. A WRITE_ONCE() that follows an
 * event can become smp_store_release(), a READ_ONCE() that precedes one
 * smp_load_acquire(). A C11 test (one calling the C11 atomics) is
 * offered memory orders instead of the kernel's macros: a relaxed store
 * after an event made release, a relaxed load before one acquire, any
 * weaker order seq_cst, and atomic_thread_fence(memory_order_seq_cst)
 * between two events. Each changed text is parsed and checked again by
 * the engine as it is; what forbids the state is the check that fails on
 * every execution ending in it. Events inside `if` blocks are left alone.
 */
#define G_LOG_DOMAIN "acyclic"
#include "config.h"

#include <string.h>

#include "acy-files.h"
#include "acy-fixes.h"
#include "acy-litmus-private.h"

struct _AcyFixReport {
  AcyFixesStatus  status;
  GPtrArray      *fixes;      /* AcyFix */
  guint           n_tried;
  guint           n_pairs_tried;
  char           *condition;
};

typedef enum { EV_NONE, EV_READ, EV_WRITE, EV_OTHER } EventKind;

/* A statement at the top of a thread's body. */
typedef struct {
  guint      start, end;        /* bytes; @end is just past its ';' or '}' */
  guint      thread;
  EventKind  kind;
  gboolean   compound;          /* an if / block: events inside are not ours */
  char      *fence;             /* the fence macro it calls, or NULL */
  guint      call;              /* READ_ONCE / WRITE_ONCE: where its name starts */
  guint      call_end;          /* just past its ')' */
  guint      arg_start, arg_end;/* its first argument */
  guint      mo_start, mo_end;  /* a C11 access's memory_order_*, or 0, 0 */
} Stmt;

static void
stmt_clear (gpointer p)
{
  g_free (((Stmt *) p)->fence);
}

/* ---- reading the text ---------------------------------------------------- */

static gboolean
is_ident (char c)
{
  return g_ascii_isalnum (c) || c == '_';
}

/* Past the comment starting at @i, or @i if none starts there. A
 * `(* ... *)` comment is only looked for in the header (@header): in a
 * thread, `(*x)` is C. */
static guint
skip_comment_in (const char *t, guint n, guint i, gboolean header)
{
  if (i + 1 < n && t[i] == '/' && t[i + 1] == '/')
    {
      while (i < n && t[i] != '\n')
        i++;
    }
  else if (i + 1 < n && t[i] == '/' && t[i + 1] == '*')
    {
      i += 2;
      while (i + 1 < n && !(t[i] == '*' && t[i + 1] == '/'))
        i++;
      i = MIN (i + 2, n);
    }
  else if (header && i + 1 < n && t[i] == '(' && t[i + 1] == '*')
    {
      i += 2;
      while (i + 1 < n && !(t[i] == '*' && t[i + 1] == ')'))
        i++;
      i = MIN (i + 2, n);
    }
  return i;
}

static guint
skip_comment (const char *t, guint n, guint i)
{
  return skip_comment_in (t, n, i, FALSE);
}

static gboolean
is_fence_name (const char *name)
{
  return g_str_has_prefix (name, "smp_") && strstr (name, "mb") != NULL
         && strcmp (name, "smp_store_mb") != 0;
}

/* A C11 builtin called at @name_start, its '(' at @open: a fence (the
 * call's text), or an access, with its memory order when it names one
 * in its last argument. */
static void
classify_c11 (const char *t, Stmt *s, const char *name, guint name_start, guint open)
{
  guint depth = 0, last = open + 1, m, a, e;

  for (m = open; m < s->end; m++)
    {
      if (t[m] == '(')
        depth++;
      else if (t[m] == ')' && --depth == 0)
        break;
      else if (t[m] == ',' && depth == 1)
        last = m + 1;
    }
  if (g_str_has_suffix (name, "_fence"))
    {
      if (!s->fence)
        s->fence = g_strndup (t + name_start, MIN (m + 1, s->end) - name_start);
      return;
    }
  if (s->kind != EV_NONE)
    s->kind = EV_OTHER;
  else if (g_str_has_prefix (name, "atomic_load"))
    s->kind = EV_READ;
  else if (g_str_has_prefix (name, "atomic_store"))
    s->kind = EV_WRITE;
  else
    s->kind = EV_OTHER;
  for (a = last; a < m && g_ascii_isspace (t[a]); a++)
    ;
  for (e = m; e > a && g_ascii_isspace (t[e - 1]); e--)
    ;
  if (e - a > 13 && strncmp (t + a, "memory_order_", 13) == 0 && s->kind != EV_OTHER)
    {
      s->mo_start = a;
      s->mo_end = e;
    }
}

/* Classify the statement [s->start, s->end). */
static void
classify (const char *t, Stmt *s, const AcyMacros *macros)
{
  for (guint i = s->start; i < s->end; )
    {
      guint j = skip_comment (t, s->end, i);

      if (j != i)
        {
          i = j;
          continue;
        }
      if (t[i] == '{')
        s->compound = TRUE;
      if (t[i] == '*' && i + 1 < s->end && (is_ident (t[i + 1]) || t[i + 1] == '('))
        {
          if (s->kind == EV_NONE)
            s->kind = EV_OTHER;
        }
      if (is_ident (t[i]) && (i == 0 || !is_ident (t[i - 1])))
        {
          guint k = i;
          g_autofree char *name = NULL;

          while (k < s->end && is_ident (t[k]))
            k++;
          name = g_strndup (t + i, k - i);
          while (k < s->end && g_ascii_isspace (t[k]))
            k++;
          if (k < s->end && t[k] == '(' && (strcmp (name, "if") == 0 || strcmp (name, "while") == 0))
            s->compound = TRUE;
          else if (k < s->end && t[k] == '(' && acy_lit_c11_is_builtin (name))
            classify_c11 (t, s, name, i, k);
          else if (k < s->end && t[k] == '(' && acy_macros_lookup (macros, name))
            {
              if (is_fence_name (name))
                {
                  if (!s->fence)
                    s->fence = g_steal_pointer (&name);
                }
              else
                {
                  gboolean rd = strcmp (name, "READ_ONCE") == 0;
                  gboolean wr = strcmp (name, "WRITE_ONCE") == 0;
                  guint depth = 0, m;

                  s->kind = s->kind == EV_NONE && (rd || wr) ? (rd ? EV_READ : EV_WRITE) : EV_OTHER;
                  s->call = i;
                  s->arg_start = k + 1;
                  s->arg_end = 0;
                  for (m = k; m < s->end; m++)
                    {
                      if (t[m] == '(')
                        depth++;
                      else if (t[m] == ')' && --depth == 0)
                        break;
                      else if (t[m] == ',' && depth == 1 && !s->arg_end)
                        s->arg_end = m;
                    }
                  if (!s->arg_end)
                    s->arg_end = m;
                  s->call_end = MIN (m + 1, s->end);
                }
            }
          i = k;
          continue;
        }
      i++;
    }
}

/* The statements of every thread's body, in order. */
static GArray *
read_statements (const char *t, guint n, const AcyMacros *macros)
{
  GArray *stmts = g_array_new (FALSE, TRUE, sizeof (Stmt));
  guint i = 0, depth = 0;
  gboolean header = TRUE;   /* before the init block */

  g_array_set_clear_func (stmts, stmt_clear);
  while (i < n)
    {
      guint j = skip_comment_in (t, n, i, header);
      guint thread, k, paren = 0;

      if (j != i)
        {
          i = j;
          continue;
        }
      if (t[i] == '{')
        {
          depth++;
          header = FALSE;
        }
      else if (t[i] == '}' && depth > 0)
        depth--;
      if (depth != 0 || t[i] != 'P' || (i > 0 && is_ident (t[i - 1])) || i + 1 >= n
          || !g_ascii_isdigit (t[i + 1]))
        {
          i++;
          continue;
        }
      /* P<n> ( params ) { body } */
      thread = (guint) g_ascii_strtoull (t + i + 1, NULL, 10);
      for (k = i + 1; k < n && is_ident (t[k]); k++)
        ;
      while (k < n && g_ascii_isspace (t[k]))
        k++;
      if (k >= n || t[k] != '(')
        {
          i = k;
          continue;
        }
      for (; k < n; k++)
        if (t[k] == '(')
          paren++;
        else if (t[k] == ')' && --paren == 0)
          break;
      while (k < n && t[k] != '{')
        k++;
      if (k >= n)
        break;
      /* the body: statements end at ';' or at the '}' closing a block */
      {
        guint start = k + 1, bd = 0, pd = 0;

        for (k = k + 1; k < n; )
          {
            guint c = skip_comment (t, n, k);

            if (c != k)
              {
                k = c;
                continue;
              }
            if (t[k] == '(')
              pd++;
            else if (t[k] == ')' && pd > 0)
              pd--;
            else if (t[k] == '{')
              bd++;
            else if (t[k] == '}' && bd == 0)
              break;
            if ((t[k] == ';' && bd == 0 && pd == 0) || (t[k] == '}' && --bd == 0 && pd == 0))
              {
                guint next = k + 1, p = next;

                /* `} else {` continues the statement */
                while (p < n && g_ascii_isspace (t[p]))
                  p++;
                if (t[k] == '}' && p + 4 <= n && strncmp (t + p, "else", 4) == 0
                    && (p + 4 == n || !is_ident (t[p + 4])))
                  {
                    k = p + 4;
                    continue;
                  }
                {
                  Stmt s = { 0 };

                  s.start = start;
                  s.end = next;
                  s.thread = thread;
                  classify (t, &s, macros);
                  g_array_append_val (stmts, s);
                }
                start = next;
              }
            k++;
          }
        i = k + 1;
      }
    }
  return stmts;
}

/* ---- edits ----------------------------------------------------------------- */

static void
locate (const char *t, guint offset, guint *line, guint *column)
{
  const char *nl = t;

  *line = 1;
  for (guint i = 0; i < offset; i++)
    if (t[i] == '\n')
      {
        (*line)++;
        nl = t + i + 1;
      }
  *column = (guint) g_utf8_strlen (nl, (t + offset) - nl) + 1;
}

static guint
line_of (const char *t, guint offset)
{
  guint line, column;

  locate (t, offset, &line, &column);
  return line;
}

static void
set_edit (AcyTextEdit *e, const char *t, guint offset, guint length, char *text)
{
  e->offset = offset;
  e->length = length;
  e->text = text;
  locate (t, offset, &e->line, &e->column);
  locate (t, offset + length, &e->end_line, &e->end_column);
}

void
acy_fix_free (AcyFix *fix)
{
  if (!fix)
    return;
  g_free (fix->label);
  g_free (fix->check);
  for (guint i = 0; i < fix->n_edits; i++)
    g_free (fix->edits[i].text);
  g_free (fix);
}

static AcyFix *
fix_copy (const AcyFix *fix)
{
  AcyFix *c = g_memdup2 (fix, sizeof *fix);

  c->label = g_strdup (fix->label);
  c->check = g_strdup (fix->check);
  for (guint i = 0; i < fix->n_edits; i++)
    c->edits[i].text = g_strdup (fix->edits[i].text);
  return c;
}

/* The whitespace that starts the line @offset is on. */
static char *
indent_at (const char *t, guint offset)
{
  guint b = offset, e;

  while (b > 0 && t[b - 1] != '\n')
    b--;
  for (e = b; g_ascii_isspace (t[e]) && t[e] != '\n'; e++)
    ;
  return g_strndup (t + b, e - b);
}

/* @fence, a call ("smp_mb()"), between @a and @b */
static void
add_fence (GPtrArray *out, const char *t, const Stmt *a, const Stmt *b, const char *fence)
{
  AcyFix *fix = g_new0 (AcyFix, 1);
  g_autofree char *indent = indent_at (t, b->start + strspn (t + b->start, " \t\r\n"));
  gboolean same_line = line_of (t, a->end) == line_of (t, b->end - 1);

  fix->kind = ACY_FIX_FENCE;
  fix->thread = a->thread;
  fix->n_edits = 1;
  set_edit (&fix->edits[0], t, a->end, 0,
            same_line ? g_strdup_printf (" %s;", fence) : g_strdup_printf ("\n%s%s;", indent, fence));
  fix->label = g_strdup_printf ("%s between lines %u and %u of P%u", fence,
                                line_of (t, a->end - 1), line_of (t, b->end - 1), a->thread);
  g_ptr_array_add (out, fix);
}

/* @s's READ_ONCE (X) / WRITE_ONCE (X, V) as @name (&X...) */
static void
add_ordering (GPtrArray *out, const char *t, const Stmt *s, AcyFixKind kind)
{
  AcyFix *fix = g_new0 (AcyFix, 1);
  const char *name = kind == ACY_FIX_RELEASE ? "smp_store_release" : "smp_load_acquire";
  guint a = s->arg_start, e = s->arg_end;
  g_autofree char *arg = NULL;

  while (a < e && g_ascii_isspace (t[a]))
    a++;
  while (e > a && g_ascii_isspace (t[e - 1]))
    e--;
  if (a < e && t[a] == '*')
    arg = g_strndup (t + a + 1, e - a - 1);
  else
    arg = g_strdup_printf ("&%.*s", (int) (e - a), t + a);
  fix->kind = kind;
  fix->thread = s->thread;
  fix->n_edits = 1;
  /* WRITE_ONCE(*x, 1) -> smp_store_release(x, 1): up to the first argument's end */
  set_edit (&fix->edits[0], t, s->call, (kind == ACY_FIX_RELEASE ? s->arg_end : s->call_end) - s->call,
            kind == ACY_FIX_RELEASE ? g_strdup_printf ("%s(%s", name, arg)
                                    : g_strdup_printf ("%s(%s)", name, arg));
  fix->label = g_strdup_printf ("%s() in place of %s() at line %u of P%u", name,
                                kind == ACY_FIX_RELEASE ? "WRITE_ONCE" : "READ_ONCE",
                                line_of (t, s->call), s->thread);
  g_ptr_array_add (out, fix);
}

/* @s's memory order as @order */
static void
add_memory_order (GPtrArray *out, const char *t, const Stmt *s, AcyFixKind kind, const char *order)
{
  AcyFix *fix = g_new0 (AcyFix, 1);
  g_autofree char *was = g_strndup (t + s->mo_start, s->mo_end - s->mo_start);

  fix->kind = kind;
  fix->thread = s->thread;
  fix->n_edits = 1;
  set_edit (&fix->edits[0], t, s->mo_start, s->mo_end - s->mo_start, g_strdup (order));
  fix->label = g_strdup_printf ("%s in place of %s at line %u of P%u", order, was,
                                line_of (t, s->mo_start), s->thread);
  g_ptr_array_add (out, fix);
}

/* A C11 test's changes at event @a: @b the event after it in its thread
 * (or NULL), @prev_event whether one comes before, @has_sc_fence whether
 * an seq_cst fence is already between. */
static void
add_c11 (GPtrArray *out, const char *t, const Stmt *a, const Stmt *b, gboolean prev_event,
         gboolean has_sc_fence)
{
  if (a->mo_end)
    {
      g_autofree char *mo = g_strndup (t + a->mo_start, a->mo_end - a->mo_start);
      gboolean relaxed = strcmp (mo, "memory_order_relaxed") == 0;

      /* release orders what comes before a store, acquire what follows a load */
      if (relaxed && a->kind == EV_WRITE && prev_event)
        add_memory_order (out, t, a, ACY_FIX_RELEASE, "memory_order_release");
      if (relaxed && a->kind == EV_READ && b)
        add_memory_order (out, t, a, ACY_FIX_ACQUIRE, "memory_order_acquire");
      if (strcmp (mo, "memory_order_seq_cst") != 0)
        add_memory_order (out, t, a, ACY_FIX_SEQ_CST, "memory_order_seq_cst");
    }
  if (b && !has_sc_fence)
    add_fence (out, t, a, b, "atomic_thread_fence(memory_order_seq_cst)");
}

GPtrArray *
acy_fixes_candidates (const char      *text,
                      gssize           len,
                      const AcyMacros *macros)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_fix_free);
  guint n = len < 0 ? strlen (text) : (guint) len;
  g_autoptr(GArray) stmts = NULL;
  g_autofree char *t = g_strndup (text, n);
  gboolean mb = acy_macros_lookup (macros, "smp_mb") != NULL;
  gboolean rmb = acy_macros_lookup (macros, "smp_rmb") != NULL;
  gboolean wmb = acy_macros_lookup (macros, "smp_wmb") != NULL;
  gboolean rel = acy_macros_lookup (macros, "smp_store_release") != NULL;
  gboolean acq = acy_macros_lookup (macros, "smp_load_acquire") != NULL;
  gboolean c11 = acy_test_text_uses_c11 (t, n);

  stmts = read_statements (t, n, macros);
  for (guint i = 0; i < stmts->len; i++)
    {
      const Stmt *a = &g_array_index (stmts, Stmt, i);
      const Stmt *b = NULL;
      gboolean has_mb = FALSE, has_rmb = FALSE, has_wmb = FALSE, has_sc = FALSE, prev_event = FALSE;

      if (a->kind == EV_NONE || a->compound)
        continue;
      for (guint j = i; j-- > 0; )
        {
          const Stmt *p = &g_array_index (stmts, Stmt, j);

          if (p->thread != a->thread || p->compound)
            break;
          if (p->kind != EV_NONE)
            {
              prev_event = TRUE;
              break;
            }
        }
      for (guint j = i + 1; j < stmts->len; j++)
        {
          const Stmt *s = &g_array_index (stmts, Stmt, j);

          if (s->thread != a->thread || s->compound)
            break;
          if (s->kind != EV_NONE)
            {
              b = s;
              break;
            }
          if (s->fence)
            {
              has_mb |= strcmp (s->fence, "smp_mb") == 0;
              has_rmb |= strcmp (s->fence, "smp_rmb") == 0;
              has_wmb |= strcmp (s->fence, "smp_wmb") == 0;
              has_sc |= strstr (s->fence, "memory_order_seq_cst") != NULL;
            }
        }
      if (c11)
        {
          add_c11 (out, t, a, b, prev_event, has_sc);
          continue;
        }
      /* release orders what comes before a write, acquire what follows a read */
      if (rel && a->kind == EV_WRITE && prev_event)
        add_ordering (out, t, a, ACY_FIX_RELEASE);
      if (acq && a->kind == EV_READ && b)
        add_ordering (out, t, a, ACY_FIX_ACQUIRE);
      if (!b || has_mb)
        continue;
      if (mb)
        add_fence (out, t, a, b, "smp_mb()");
      if (rmb && !has_rmb && a->kind == EV_READ && b->kind == EV_READ)
        add_fence (out, t, a, b, "smp_rmb()");
      if (wmb && !has_wmb && a->kind == EV_WRITE && b->kind == EV_WRITE)
        add_fence (out, t, a, b, "smp_wmb()");
    }
  return out;
}

char *
acy_fix_apply (const char *text, const AcyFix *fix)
{
  GString *s = g_string_new (text);

  /* from the last edit back, so that offsets stay right */
  for (guint i = fix->n_edits; i-- > 0; )
    {
      const AcyTextEdit *e = &fix->edits[i];

      g_string_erase (s, e->offset, e->length);
      g_string_insert (s, e->offset, e->text);
    }
  return g_string_free (s, FALSE);
}

/* ---- checking -------------------------------------------------------------- */

typedef struct {
  GMutex      lock;
  GHashTable *checks;   /* name -> count of outcomes it forbids in the state */
} Forbidders;

static gboolean
on_outcome (const AcyCandidate *candidate,
            const AcyVerdict   *verdict,
            AcyModelEnv        *env,
            gpointer            user_data)
{
  Forbidders *f = user_data;

  (void) env;
  if (!candidate->condition || !candidate->filter || verdict->allowed || !verdict->failed_check)
    return TRUE;
  g_mutex_lock (&f->lock);
  g_hash_table_insert (f->checks, g_strdup (verdict->failed_check),
                       GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (f->checks,
                                                                                 verdict->failed_check)) + 1));
  g_mutex_unlock (&f->lock);
  return TRUE;
}

static gint
by_count (gconstpointer a, gconstpointer b, gpointer table)
{
  guint ca = GPOINTER_TO_UINT (g_hash_table_lookup (table, *(char **) a));
  guint cb = GPOINTER_TO_UINT (g_hash_table_lookup (table, *(char **) b));

  return ca != cb ? (ca > cb ? -1 : 1) : strcmp (*(char **) a, *(char **) b);
}

/* Check @text: its observation, and with @checks the checks that forbid
 * the executions in the state (most of them first). FALSE with @error on
 * a parse error, limit or cancellation. */
static gboolean
check_text (const char           *text,
            const char           *filename,
            const AcyMacros      *macros,
            const AcyModel       *model,
            const AcyFixOptions  *options,
            AcyObservation       *observation,
            char                **condition,
            char                **checks,
            GCancellable         *cancellable,
            GError              **error)
{
  g_autoptr(AcyTest) test = acy_test_parse (text, -1, filename, macros, error);
  g_autoptr(AcyCheckResult) result = NULL;
  AcyCheckOptions copts = { 0 };
  Forbidders f;

  if (!test)
    return FALSE;
  if (acy_test_get_quantifier (test) == ACY_QUANT_FORALL)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_UNSUPPORTED,
                   "%s: fixes are suggested for an `exists` condition, not `forall`", filename);
      return FALSE;
    }
  g_mutex_init (&f.lock);
  f.checks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  copts.timeout = options ? options->timeout : 0;
  copts.n_threads = 1;
  if (checks)
    {
      copts.outcome = on_outcome;
      copts.outcome_data = &f;
    }
  result = acy_check_run (test, model, &copts, cancellable, error);
  if (result)
    {
      *observation = acy_check_result_get_observation (result);
      if (condition)
        *condition = g_strdup (acy_test_get_condition_text (test));
      if (checks && *observation == ACY_OBSERVATION_NEVER)
        {
          g_autoptr(GPtrArray) names = g_ptr_array_new ();
          GHashTableIter it;
          gpointer key;

          g_hash_table_iter_init (&it, f.checks);
          while (g_hash_table_iter_next (&it, &key, NULL))
            g_ptr_array_add (names, key);

          g_ptr_array_sort_with_data (names, by_count, f.checks);
          g_ptr_array_add (names, NULL);
          *checks = g_strjoinv (", ", (char **) names->pdata);
        }
    }
  g_hash_table_unref (f.checks);
  g_mutex_clear (&f.lock);
  return result != NULL;
}

static gboolean
edits_clash (const AcyFix *a, const AcyFix *b)
{
  const AcyTextEdit *x = &a->edits[0], *y = &b->edits[0];

  if (x->offset == y->offset)
    return TRUE;
  return x->offset < y->offset ? x->offset + x->length > y->offset : y->offset + y->length > x->offset;
}

static AcyFix *
fix_pair (const AcyFix *a, const AcyFix *b)
{
  AcyFix *p = g_new0 (AcyFix, 1);
  const AcyFix *first = a->edits[0].offset < b->edits[0].offset ? a : b;
  const AcyFix *second = first == a ? b : a;

  p->kind = a->kind;
  p->thread = a->thread;
  p->n_edits = 2;
  p->edits[0] = first->edits[0];
  p->edits[0].text = g_strdup (first->edits[0].text);
  p->edits[1] = second->edits[0];
  p->edits[1].text = g_strdup (second->edits[0].text);
  p->label = g_strdup_printf ("%s, and %s", a->label, b->label);
  return p;
}

typedef enum { SIDE_WRITE, SIDE_READ, SIDE_FULL } Side;

/* What a single change orders: the writes before a write (smp_wmb(), a
 * release), the reads after a read (smp_rmb(), an acquire), or all. */
static Side
fix_side (const AcyFix *fix)
{
  if (fix->kind == ACY_FIX_RELEASE || (fix->kind == ACY_FIX_FENCE && strstr (fix->edits[0].text, "smp_wmb")))
    return SIDE_WRITE;
  if (fix->kind == ACY_FIX_ACQUIRE || (fix->kind == ACY_FIX_FENCE && strstr (fix->edits[0].text, "smp_rmb")))
    return SIDE_READ;
  return SIDE_FULL;
}

/* The pairs a programmer writes come first: a write side in one thread
 * with a read side in another, alike (smp_wmb() with smp_rmb(), a
 * release with an acquire), then mixed (smp_wmb() with an acquire), then
 * the other pairs without a full fence, then the rest. They came last,
 * after every pair with smp_mb(), and past the limit not at all. */
#define N_PAIR_RANKS 4

static guint
pair_rank (const AcyFix *a, const AcyFix *b)
{
  Side x = fix_side (a), y = fix_side (b);

  if (a->thread != b->thread && x != SIDE_FULL && y != SIDE_FULL && x != y)
    return (a->kind == ACY_FIX_FENCE) == (b->kind == ACY_FIX_FENCE) ? 0 : 1;
  return x != SIDE_FULL && y != SIDE_FULL ? 2 : 3;
}

/* Check @fix on @text; add a copy to @found when it forbids the state. */
static gboolean
try_fix (const char *text, const char *filename, const AcyMacros *macros, const AcyModel *model,
         const AcyFixOptions *options, AcyFix *fix, GPtrArray *found,
         GCancellable *cancellable, GError **error)
{
  g_autofree char *changed = acy_fix_apply (text, fix);
  g_autoptr(GError) local = NULL;
  AcyObservation obs;
  char *checks = NULL;

  if (!check_text (changed, filename, macros, model, options, &obs, NULL, &checks, cancellable, &local))
    {
      /* a change the test cannot take (a parse error) is not a fix; a limit
       * or cancellation stops everything */
      if (g_error_matches (local, ACY_ERROR, ACY_ERROR_LIMIT)
          || g_error_matches (local, ACY_ERROR, ACY_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      g_debug ("%s: %s", fix->label, local->message);
      return TRUE;
    }
  if (obs == ACY_OBSERVATION_NEVER)
    {
      AcyFix *copy = fix_copy (fix);

      g_free (copy->check);
      copy->check = checks;
      g_ptr_array_add (found, copy);
    }
  else
    g_free (checks);
  return TRUE;
}

/**
 * acy_fixes_suggest:
 * @text: the litmus test's text
 * @len: its length, or -1 when nul-terminated
 * @filename: for error messages
 * @macros: the macro file the model uses; what it defines is what is tried
 * @model: the model
 * @options: (nullable): pairs, timeout and progress
 * @cancellable: (nullable): stops between and during checks
 * @error: a parse error of @text, a limit, or %ACY_ERROR_CANCELLED
 *
 * Check @text, then every single change acy_fixes_candidates() offers,
 * each on its own, and keep those after which the model never reaches
 * the state the condition names; when none does, pairs of them, at most
 * @options->max_pairs.
 *
 * Returns: (transfer full): the report, or NULL with @error
 */
AcyFixReport *
acy_fixes_suggest (const char           *text,
                   gssize                len,
                   const char           *filename,
                   const AcyMacros      *macros,
                   const AcyModel       *model,
                   const AcyFixOptions  *options,
                   GCancellable         *cancellable,
                   GError              **error)
{
  g_autoptr(AcyFixReport) report = g_new0 (AcyFixReport, 1);
  g_autofree char *t = len < 0 ? g_strdup (text) : g_strndup (text, len);
  g_autoptr(GPtrArray) singles = NULL;
  AcyObservation obs;
  guint max_pairs = options ? options->max_pairs : 0;
  guint total;

  report->fixes = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_fix_free);
  if (!check_text (t, filename, macros, model, options, &obs, &report->condition, NULL, cancellable, error))
    return NULL;
  if (obs == ACY_OBSERVATION_NEVER)
    {
      report->status = ACY_FIXES_ALREADY_FORBIDDEN;
      return g_steal_pointer (&report);
    }
  if (!acy_test_text_uses_c11 (t, -1)
      && !acy_macros_lookup (macros, "smp_mb") && !acy_macros_lookup (macros, "smp_rmb")
      && !acy_macros_lookup (macros, "smp_wmb") && !acy_macros_lookup (macros, "smp_store_release")
      && !acy_macros_lookup (macros, "smp_load_acquire"))
    {
      report->status = ACY_FIXES_NO_FENCES;
      return g_steal_pointer (&report);
    }
  singles = acy_fixes_candidates (t, -1, macros);
  total = singles->len;
  for (guint i = 0; i < singles->len; i++)
    {
      AcyFix *fix = g_ptr_array_index (singles, i);

      if (!try_fix (t, filename, macros, model, options, fix, report->fixes, cancellable, error))
        return NULL;
      report->n_tried++;
      if (options && options->progress)
        options->progress (report->n_tried, total, fix->label, options->progress_data);
    }
  if (report->fixes->len > 0)
    {
      report->status = ACY_FIXES_SINGLE;
      return g_steal_pointer (&report);
    }
  /* no single change: pairs, as many as allowed */
  {
    g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func ((GDestroyNotify) acy_fix_free);

    for (guint rank = 0; rank < N_PAIR_RANKS; rank++)
      for (guint i = 0; i < singles->len && pairs->len < max_pairs; i++)
        for (guint j = i + 1; j < singles->len && pairs->len < max_pairs; j++)
          {
            const AcyFix *a = g_ptr_array_index (singles, i), *b = g_ptr_array_index (singles, j);

            if (pair_rank (a, b) == rank && !edits_clash (a, b))
              g_ptr_array_add (pairs, fix_pair (a, b));
          }
    total += pairs->len;
    for (guint i = 0; i < pairs->len; i++)
      {
        AcyFix *fix = g_ptr_array_index (pairs, i);

        if (!try_fix (t, filename, macros, model, options, fix, report->fixes, cancellable, error))
          return NULL;
        report->n_pairs_tried++;
        if (options && options->progress)
          options->progress (report->n_tried + report->n_pairs_tried, total, fix->label,
                             options->progress_data);
      }
  }
  report->status = report->fixes->len > 0 ? ACY_FIXES_PAIRS : ACY_FIXES_NONE;
  return g_steal_pointer (&report);
}

void
acy_fix_report_free (AcyFixReport *report)
{
  if (!report)
    return;
  g_clear_pointer (&report->fixes, g_ptr_array_unref);
  g_free (report->condition);
  g_free (report);
}

AcyFixesStatus
acy_fix_report_get_status (const AcyFixReport *report)
{
  return report->status;
}

guint
acy_fix_report_get_n_fixes (const AcyFixReport *report)
{
  return report->fixes->len;
}

const AcyFix *
acy_fix_report_get_fix (const AcyFixReport *report, guint i)
{
  g_return_val_if_fail (i < report->fixes->len, NULL);
  return g_ptr_array_index (report->fixes, i);
}

guint
acy_fix_report_get_n_tried (const AcyFixReport *report)
{
  return report->n_tried;
}

guint
acy_fix_report_get_n_pairs_tried (const AcyFixReport *report)
{
  return report->n_pairs_tried;
}

const char *
acy_fix_report_get_condition (const AcyFixReport *report)
{
  return report->condition;
}

/* Says what was tried and what it did, in that order: "2 of the 5
 * changes tried make the model forbid exists (...)" (it said "2 single
 * changes of 5 forbid exists (...)"). */
char *
acy_fix_report_describe (const AcyFixReport *report)
{
  switch (report->status)
    {
    case ACY_FIXES_SINGLE:
      if (report->n_tried == 1)
        return g_strdup_printf ("The one change tried makes the model forbid %s", report->condition);
      return g_strdup_printf (report->fixes->len == 1 ? "%u of the %u changes tried makes the model forbid %s"
                                                      : "%u of the %u changes tried make the model forbid %s",
                              report->fixes->len, report->n_tried, report->condition);
    case ACY_FIXES_PAIRS:
      if (report->n_pairs_tried == 1)
        return g_strdup_printf ("None of the %u changes tried makes the model forbid %s on its own; "
                                "the one pair of them tried does", report->n_tried, report->condition);
      return g_strdup_printf (report->fixes->len == 1
                                ? "None of the %u changes tried makes the model forbid %s on its own; %u of the %u pairs of them tried does"
                                : "None of the %u changes tried makes the model forbid %s on its own; %u of the %u pairs of them tried do",
                              report->n_tried, report->condition, report->fixes->len,
                              report->n_pairs_tried);
    case ACY_FIXES_NONE:
      if (report->n_pairs_tried)
        return g_strdup_printf ("None of the %u changes tried, nor of the %u pairs of them, makes the model forbid %s",
                                report->n_tried, report->n_pairs_tried, report->condition);
      return g_strdup_printf ("None of the %u changes tried makes the model forbid %s", report->n_tried,
                              report->condition);
    case ACY_FIXES_ALREADY_FORBIDDEN:
      return g_strdup_printf ("The model already forbids %s", report->condition);
    case ACY_FIXES_NO_FENCES:
      return g_strdup ("This model offers no fences: its macros define no smp_mb(), smp_rmb(), "
                       "smp_wmb(), smp_store_release() or smp_load_acquire()");
    default:
      g_assert_not_reached ();
    }
}

AcyFixReport *
acy_fixes_suggest_file (const char          *path,
                        const AcyMacros     *macros,
                        const AcyModel      *model,
                        const AcyFixOptions *options,
                        GCancellable        *cancellable,
                        GError             **error)
{
  g_autofree char *text = NULL;
  gsize len;

  if (!acy_file_read (path, &text, &len, error))
    return NULL;
  return acy_fixes_suggest (text, len, path, macros, model, options, cancellable, error);
}
