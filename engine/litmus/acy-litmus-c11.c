/* acy-litmus-c11.c - the C11 atomics of herd's C dialect
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * herd7 reads `atomic_load_explicit`, `atomic_store_explicit`, the
 * RMWs, `atomic_thread_fence` and the compare-exchanges as part of the
 * language, whatever macro file is loaded: they are keywords, not macros.
 * `atomic_load`, `atomic_store` and `atomic_signal_fence` are not: herd7
 * rejects them unless a macro file defines them, and so do we.
 *
 * Lowering turns a call into one of the ACY_CORE_C11_* operations, with
 * its memory orders resolved; acy-litmus-exec.c runs them as herd's C
 * semantics does:
 *  - a load or store with a memory order is an atomic access (herd's A)
 *    carrying that order (the sets RLX, CON, ACQ, REL, ACQ_REL, SC);
 *  - a fence carries its order (and is not in A);
 *  - exchange and fetch-op are one event, both a read and a write, in
 *    RMW and A, with the order as written (acq_rel stays ACQ_REL);
 *  - a compare-exchange first reads the "expected" location plainly;
 *    success is one RMW event with the success order that reads the
 *    expected value; failure is an atomic read with the failure order
 *    (a strong one only when the values differ), then a plain write of
 *    the value read into the expected location.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-litmus-private.h"

static const struct {
  const char *name;
  AcyLitCore  core;
  AcyLitOp    op;        /* fetch */
  guint       n_args;
  guint       n_values;  /* leading arguments that are values */
  gboolean    strong;    /* compare-exchange */
} builtins[] = {
  { "atomic_load_explicit", ACY_CORE_C11_LOAD, ACY_LOP_NONE, 2, 1, FALSE },
  { "atomic_store_explicit", ACY_CORE_C11_STORE, ACY_LOP_NONE, 3, 2, FALSE },
  { "atomic_thread_fence", ACY_CORE_C11_FENCE, ACY_LOP_NONE, 1, 0, FALSE },
  { "atomic_exchange_explicit", ACY_CORE_C11_EXCHANGE, ACY_LOP_NONE, 3, 2, FALSE },
  { "atomic_fetch_add_explicit", ACY_CORE_C11_FETCH, ACY_LOP_ADD, 3, 2, FALSE },
  { "atomic_fetch_sub_explicit", ACY_CORE_C11_FETCH, ACY_LOP_SUB, 3, 2, FALSE },
  { "atomic_fetch_and_explicit", ACY_CORE_C11_FETCH, ACY_LOP_AND, 3, 2, FALSE },
  { "atomic_fetch_or_explicit", ACY_CORE_C11_FETCH, ACY_LOP_OR, 3, 2, FALSE },
  { "atomic_fetch_xor_explicit", ACY_CORE_C11_FETCH, ACY_LOP_XOR, 3, 2, FALSE },
  { "atomic_compare_exchange_strong", ACY_CORE_C11_CAS, ACY_LOP_NONE, 3, 3, TRUE },
  { "atomic_compare_exchange_weak", ACY_CORE_C11_CAS, ACY_LOP_NONE, 3, 3, FALSE },
  { "atomic_compare_exchange_strong_explicit", ACY_CORE_C11_CAS, ACY_LOP_NONE, 5, 3, TRUE },
  { "atomic_compare_exchange_weak_explicit", ACY_CORE_C11_CAS, ACY_LOP_NONE, 5, 3, FALSE },
  /* herd's own short names of the two */
  { "SCAS", ACY_CORE_C11_CAS, ACY_LOP_NONE, 3, 3, TRUE },
  { "WCAS", ACY_CORE_C11_CAS, ACY_LOP_NONE, 3, 3, FALSE },
  /* the mutexes, statements only (see acy_lit_c11_is_mutex_word) */
  { "mtx_lock", ACY_CORE_C11_LOCK, ACY_LOP_NONE, 1, 1, FALSE },
  { "lock", ACY_CORE_C11_LOCK, ACY_LOP_NONE, 1, 1, FALSE },
  { "mtx_unlock", ACY_CORE_UNLOCK, ACY_LOP_NONE, 1, 1, FALSE },
  { "unlock", ACY_CORE_UNLOCK, ACY_LOP_NONE, 1, 1, FALSE },
};

static const struct {
  const char    *name;
  AcyLitMemOrder mo;
} orders[] = {
  { "memory_order_relaxed", ACY_EV_RLX },
  { "memory_order_consume", ACY_EV_CON },
  { "memory_order_acquire", ACY_EV_ACQ },
  { "memory_order_release", ACY_EV_REL },
  { "memory_order_acq_rel", ACY_EV_ACQ_REL },
  { "memory_order_seq_cst", ACY_EV_SC },
};

gboolean
acy_lit_c11_is_mutex_word (const char *name)
{
  return strcmp (name, "mtx_lock") == 0 || strcmp (name, "mtx_unlock") == 0
         || strcmp (name, "lock") == 0 || strcmp (name, "unlock") == 0;
}

static gint
builtin_index (const char *name)
{
  if (strncmp (name, "atomic_", 7) != 0 && strcmp (name, "SCAS") != 0
      && strcmp (name, "WCAS") != 0 && !acy_lit_c11_is_mutex_word (name))
    return -1;
  for (guint i = 0; i < G_N_ELEMENTS (builtins); i++)
    if (strcmp (builtins[i].name, name) == 0)
      return (gint) i;
  return -1;
}

gboolean
acy_lit_c11_is_builtin (const char *name)
{
  return builtin_index (name) >= 0;
}

#define C11_SCAN_BYTES (256 * 1024)

gboolean
acy_test_text_uses_c11 (const char *text, gssize len)
{
  g_autoptr(AcyArena) arena = acy_arena_new (0);
  AcyLitTokens toks;

  g_return_val_if_fail (text != NULL, FALSE);
  if (len < 0)
    len = (gssize) strlen (text);
  /* every C11 builtin's name has one of these in it; most tests have
   * none, and are not lexed at all */
  if (g_strstr_len (text, len, "atomic_") == NULL && g_strstr_len (text, len, "mtx_") == NULL
      && g_strstr_len (text, len, "CAS") == NULL)
    return FALSE;
  /* the window asks this on its main thread as it opens a file, and a
   * test's primitives come early: only its first lines are lexed (the
   * whole of a 20 MB test took 3 s) */
  if (len > C11_SCAN_BYTES)
    {
      const char *nl = g_strrstr_len (text, C11_SCAN_BYTES, "\n");

      len = nl != NULL ? nl - text : C11_SCAN_BYTES;
    }
  /* a text that does not lex is looked at up to nothing: the check will
   * say what is wrong with it */
  if (!acy_lit_tokenize (arena, text, (gsize) len, "", 1, NULL, &toks, NULL))
    return FALSE;
  /* mtx_lock and mtx_unlock count; the short lock and unlock do not, as
   * a word of a test's name may lex as one of them */
  for (guint i = 0; i < toks.n_tokens; i++)
    if (toks.tokens[i].kind == ACY_LTOK_IDENT && acy_lit_c11_is_builtin (toks.tokens[i].text)
        && strcmp (toks.tokens[i].text, "lock") != 0 && strcmp (toks.tokens[i].text, "unlock") != 0)
      return TRUE;
  return FALSE;
}

static gboolean
memory_order (const AcyLitExpr *e, const char *call, AcyLitMemOrder *out, GError **error)
{
  if (e->kind == ACY_LEXPR_NAME)
    for (guint i = 0; i < G_N_ELEMENTS (orders); i++)
      if (strcmp (orders[i].name, e->name) == 0)
        {
          *out = orders[i].mo;
          return TRUE;
        }
  acy_set_error_at (error, ACY_ERROR_SYNTAX, e->loc,
                    "'%s' needs a memory order (memory_order_relaxed, _consume, _acquire, "
                    "_release, _acq_rel or _seq_cst) here near '%s'",
                    call, e->kind == ACY_LEXPR_NAME ? e->name : call);
  return FALSE;
}

gboolean
acy_lit_c11_check_call (AcyLitExpr *e, guint *value_args, guint *n_value_args, GError **error)
{
  gint i = builtin_index (e->name);

  g_return_val_if_fail (i >= 0, FALSE);
  if (e->n_args != builtins[i].n_args)
    {
      acy_set_error_at (error, ACY_ERROR_SYNTAX, e->loc,
                        "'%s' takes %u argument%s, given %u near '%s'", e->name,
                        builtins[i].n_args, builtins[i].n_args == 1 ? "" : "s", e->n_args, e->name);
      return FALSE;
    }
  if (e->tag != NULL)
    {
      acy_set_error_at (error, ACY_ERROR_SYNTAX, e->loc,
                        "'%s' takes a memory order argument, not a {tag} near '%s'",
                        e->name, e->tag);
      return FALSE;
    }
  e->core = builtins[i].core;
  e->op = builtins[i].op;
  e->c11_strong = builtins[i].strong;
  /* the forms without _explicit are sequentially consistent; a mutex
   * operation has no order */
  e->c11_mo = e->c11_fail_mo = acy_lit_c11_is_mutex_word (e->name) ? 0 : ACY_EV_SC;
  if (builtins[i].n_args > builtins[i].n_values
      && !memory_order (e->args[builtins[i].n_values], e->name, &e->c11_mo, error))
    return FALSE;
  if (builtins[i].n_args > builtins[i].n_values + 1
      && !memory_order (e->args[builtins[i].n_values + 1], e->name, &e->c11_fail_mo, error))
    return FALSE;
  *n_value_args = builtins[i].n_values;
  for (guint k = 0; k < builtins[i].n_values; k++)
    value_args[k] = k;
  return TRUE;
}
