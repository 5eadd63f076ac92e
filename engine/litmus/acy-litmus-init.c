/* acy-litmus-init.c - the init block of a C litmus test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * init  := '{' (entry ';')* ';'? '}'
 * entry := a location (`x`, `int x`, `int *x`, `_Atomic int x`, `[x]`)
 *          or a thread's register (`0:r0`, `int *0:r0`), '=' value
 *          optional
 * Read as herd7 reads it: the types it can size, the values its 32-bit
 * (or, with the variant S128, 128-bit) integers hold, the errors it
 * reports once the whole test is read kept for then.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-litmus-private.h"

/* An integer herd7's 32-bit values cannot hold: herd7 stops on it once
 * it has read the test (exit status 2). With the variant S128 herd7 holds
 * it in 128 bits, and reads and writes locations of C types masked to
 * their size, which Acyclic does not model: refused then. */
void
acy_lit_out_of_range (AcyLitParser *ps, const AcyLitToken *t)
{
  if (ps->int_range != NULL)
    return;
  if (ps->s128)
    acy_set_error_at (&ps->int_range, ACY_ERROR_UNSUPPORTED, t->loc,
                      "an integer beyond 32 bits: with the variant S128 herd7 holds it in "
                      "128 bits, which Acyclic does not model near '%s'", t->text);
  else
    acy_set_error_at (&ps->int_range, ACY_ERROR_FATAL, t->loc,
                      "integer out of range (herd7's values are 32-bit, -2147483648 to "
                      "2147483647) near '%s'", t->text);
}

/* value := '-'? INT | IDENT | '&' IDENT | 'ATOMIC_INIT' '(' value ')' */
static gboolean
parse_init_value (AcyLitParser *ps, AcyTest *test, gboolean pointer, AcyValue *out,
                  GError **error)
{
  const AcyLitToken *t = peek (ps);

  gboolean minus = acy_lit_tok_is (t, "-") && peek_at (ps, 1)->kind == ACY_LTOK_INT;

  if (minus)
    t = peek_at (ps, 1);
  if (t->kind == ACY_LTOK_INT)
    {
      if (!acy_lit_check_state_int (t, minus, error))
        return FALSE;
      /* as in the program: herd7's values are 32-bit, and a
       * hexadecimal literal may use all 32 bits (0xFFFFFFFF is -1) */
      if (acy_lit_int_is_hex32 (t->text, (guint64) t->value))
        {
          AcyValue v = (gint32) (guint32) t->value;

          if (minus)
            advance (ps);
          advance (ps);
          *out = minus ? (gint32) (0u - (guint32) v) : v;
          return TRUE;
        }
      if (t->value > (AcyValue) G_MAXINT32 + (minus ? 1 : 0))
        acy_lit_out_of_range (ps, t);
      if (minus)
        advance (ps);
      *out = minus ? -advance (ps)->value : advance (ps)->value;
      return TRUE;
    }
  if (acy_lit_tok_is (t, "&"))
    {
      /* herd7: "unexpected '&' (in init)" */
      if (!pointer)
        {
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t,
                              "an address with '&' needs a pointer type, as herd7 reads it: "
                              "'int *x = &y'");
          return FALSE;
        }
      advance (ps);
    }
  t = peek (ps);
  if (t->kind == ACY_LTOK_IDENT && t->tag == NULL)
    {
      advance (ps);
      if (strcmp (t->text, "ATOMIC_INIT") == 0 && acy_lit_tok_is (peek (ps), "("))
        {
          const AcyLitToken *open = advance (ps);

          return parse_init_value (ps, test, FALSE, out, error)
                 && acy_lit_expect_close (ps, ")", open, error);
        }
      *out = ACY_VALUE_ADDR_BASE + acy_lit_test_location (test, t->text);
      return TRUE;
    }
  acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t, "expected an initial value");
  return FALSE;
}

/* entry := N ':' IDENT '=' value
 *        | type? '*'* IDENT ('=' value)? */
/* A location's type in the init block, as herd7 sizes it: the 32-bit
 * integers Acyclic's values are (int, long, int32_t, intptr_t signed;
 * atomic_t, uint32_t, uintptr_t, pteval_t unsigned) are taken, and the 128-bit ones, and
 * those of 8 and 16 bits (narrow_bits); those of 64 bits herd7 cannot
 * hold its 32-bit values in, and a type it cannot size, it refuses.
 * (spinlock_t and mtx_t are refused apart.) */
static gboolean
is_128_bit (const char *type)
{
  static const char *const wide[] = { "__int128_t", "__uint128_t", "__int128", "__uint128",
                                      "int128_t", "uint128_t", NULL };

  return g_strv_contains (wide, type);
}

/* A location of 8 or 16 bits, as herd7 holds it: its initial value
 * masked to its size (a char's 300 is 44, a uint8_t's -1 is 255, read
 * so); what the threads write goes in whole (a read after a char's 256
 * reads 256), and the final value is read in the type (0), signed
 * unless the type is unsigned (char is signed). The code of
 * AcyTest.loc_types, 0 for another type. */
static guint8
narrow_bits (const char *type)
{
  static const struct { const char *name; guint8 code; } narrow[] = {
    { "char", 8 }, { "int8_t", 8 }, { "uint8_t", 8 | ACY_LIT_UNSIGNED },
    { "short", 16 }, { "int16_t", 16 }, { "uint16_t", 16 | ACY_LIT_UNSIGNED },
  };

  for (guint i = 0; i < G_N_ELEMENTS (narrow); i++)
    if (strcmp (type, narrow[i].name) == 0)
      return narrow[i].code;
  return 0;
}

static gboolean
init_type_supported (AcyLitParser *ps, const AcyLitToken *type, GError **error)
{
  static const char *const word[] = { "int", "long", "int32_t", "intptr_t", "atomic_t", "uint32_t",
                                      "uintptr_t", "pteval_t", "spinlock_t", "mtx_t" };
  static const char *const other[] = { "int64_t", "uint64_t", "parel1_t" };
  g_autofree char *msg = NULL;

  /* the 128-bit ones with the variant S128 (checked with the value),
   * where the values a test writes fit (herd's C05, C06) */
  if (is_128_bit (type->text) || narrow_bits (type->text) != 0)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (word); i++)
    if (strcmp (type->text, word[i]) == 0)
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (other); i++)
    if (strcmp (type->text, other[i]) == 0)
      {
        msg = g_strdup_printf ("a location of type %s is not supported: herd7 holds it in 64 "
                               "bits, where its 32-bit values do not go (herd7: mask 32 bit value "
                               "with quad mask)", type->text);
        acy_lit_error_near (ps, error, ACY_ERROR_UNSUPPORTED, type, msg);
        return FALSE;
      }
  /* herd7: "Cannot find the size of type u32" */
  msg = g_strdup_printf ("herd7 cannot find the size of type %s (int, long, int32_t, intptr_t, "
                         "atomic_t, uint32_t, uintptr_t, char, short, int8_t to uint16_t or a "
                         "pointer)", type->text);
  acy_lit_error_near (ps, error, ACY_ERROR_UNSUPPORTED, type, msg);
  return FALSE;
}

gboolean
acy_lit_parse_init (AcyLitParser *ps, AcyTest *test, GError **error)
{
  const AcyLitToken *open = advance (ps);
  g_autoptr(GHashTable) given = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (;;)
    {
      const AcyLitToken *t = peek (ps);
      AcyLitInit init = { { -1, -1, NULL, t->loc }, 0 };
      gboolean has_value = FALSE, pointer = FALSE, atomic;
      const AcyLitToken *wide = NULL;   /* a location of a 128-bit type */
      guint8 bits = 0;                  /* its type, for AcyTest.loc_types */

      /* herd7 takes one ';' more at the end ({ ; }, { x=0;; }), and no
       * empty entry elsewhere */
      if (acy_lit_tok_is (t, ";") && !acy_lit_tok_is (peek_at (ps, 1), "}"))
        {
          acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, peek_at (ps, 1),
                              "expected '}' after an empty entry ';' in the init block");
          return FALSE;
        }
      if (acy_lit_accept (ps, ";"))
        continue;
      if (acy_lit_accept (ps, "}"))
        return TRUE;
      if (t->kind == ACY_LTOK_EOF)
        return acy_lit_expect_close (ps, "}", open, error);

      /* `int 0:r1 = z;`, `int * 1:r1;`: a typed register. herd7 takes
       * `0:r0 = &y` and `int *0:r0 = &y`, not `int 0:r0 = &y` */
      pointer = TRUE;
      {
        guint k = 0;

        while (peek_at (ps, k)->kind == ACY_LTOK_IDENT || acy_lit_tok_is (peek_at (ps, k), "*"))
          k++;
        if (k > 0 && peek_at (ps, k)->kind == ACY_LTOK_INT && acy_lit_tok_is (peek_at (ps, k + 1), ":"))
          {
            pointer = FALSE;
            for (guint i = 0; i < k; i++)
              pointer = pointer || acy_lit_tok_is (peek_at (ps, i), "*");
            ps->pos += k;
            t = peek (ps);
          }
      }
      if (t->kind == ACY_LTOK_INT && acy_lit_tok_is (peek_at (ps, 1), ":"))
        {
          const AcyLitToken *r;


          if (t->value < 0 || t->value > G_MAXINT16)
            {
              /* (a thread that does not exist is found later, by name) */
              acy_lit_error_near (ps, error, ACY_ERROR_UNKNOWN_NAME, t, "no thread has this number");
              return FALSE;
            }
          advance (ps);
          advance (ps);
          r = peek (ps);
          if (r->kind != ACY_LTOK_IDENT)
            {
              acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, r, "expected a register name");
              return FALSE;
            }
          advance (ps);
          init.var.thread = (gint) t->value;
          init.var.name = r->text;
        }
      else
        {
          const AcyLitToken *name = NULL, *type = NULL;

          pointer = FALSE;

          /* `_Atomic TYPE x`, herd7's atomic location (no '*') */
          atomic = acy_lit_tok_is_ident (peek (ps), "_Atomic");
          if (atomic)
            advance (ps);
          /* a type word, a star, then the name, as herd7 reads them:
           * `x`, `int x`, `int *x`; herd's C tests also write a location
           * `[x]`. Two type words or two stars: herd7 stops there. */
          while (peek (ps)->kind == ACY_LTOK_IDENT || acy_lit_tok_is (peek (ps), "*"))
            {
              const AcyLitToken *w = peek (ps);

              if (atomic && w->kind != ACY_LTOK_IDENT)
                {
                  acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, w,
                                      "herd7 reads '_Atomic TYPE x' in the init block, no '*'");
                  return FALSE;
                }
              if (w->kind == ACY_LTOK_IDENT ? type != NULL && name != NULL
                                            : name == NULL || pointer || type != NULL)
                {
                  acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, w,
                                      "herd7 reads one type word and at most one '*' before a "
                                      "location in the init block");
                  return FALSE;
                }
              advance (ps);
              if (w->kind == ACY_LTOK_IDENT)
                {
                  type = name;
                  name = w;
                }
              else
                {
                  /* `int *x`: the type word becomes the type now */
                  pointer = TRUE;
                  type = name;
                  name = NULL;
                }
            }
          if (type && (strcmp (type->text, "spinlock_t") == 0 || strcmp (type->text, "mtx_t") == 0)
              && ps->init_size == NULL)
            {
              /* herd7: "Cannot find the size of type spinlock_t" (mtx_t alike) */
              g_autofree char *msg = g_strdup_printf ("herd7 cannot size a %s in the init block; "
                                                      "leave it out (a %s parameter is enough)",
                                                      type->text, type->text);

              acy_lit_error_near (ps, &ps->init_size, ACY_ERROR_UNSUPPORTED, type, msg);
            }
          if (name == NULL && acy_lit_tok_is (peek (ps), "[")
              && peek_at (ps, 1)->kind == ACY_LTOK_IDENT && acy_lit_tok_is (peek_at (ps, 2), "]"))
            {
              advance (ps);
              name = advance (ps);
              advance (ps);
            }
          if (name == NULL || (atomic && type == NULL))
            {
              acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, peek (ps), "expected a location in the init block");
              return FALSE;
            }
          if (type && !pointer && is_128_bit (type->text))
            wide = name;
          init.var.name = name->text;
          init.var.loc = name->loc;
          init.var.index = acy_lit_test_location (test, name->text);
          if (type && !pointer && ps->init_size == NULL)
            init_type_supported (ps, type, &ps->init_size);
          /* herd7 prints the integer in a location of an unsigned type or
           * of a pointer type as unsigned 32 bits (-3 is 4294967293) */
          if (pointer || (type && (strcmp (type->text, "atomic_t") == 0
                                   || strcmp (type->text, "uint32_t") == 0
                                   || strcmp (type->text, "uintptr_t") == 0
                                   || strcmp (type->text, "pteval_t") == 0)))
            bits = 32 | ACY_LIT_UNSIGNED;
          else if (type)
            bits = narrow_bits (type->text);
          if (bits != 0)
            acy_lit_set_loc_type (test, (guint) init.var.index, bits);
        }

      {
        /* herd7 stops on a name given twice (an assertion of its own) */
        g_autofree char *key = g_strdup_printf ("%d:%s", init.var.thread, init.var.name);

        if (!g_hash_table_add (given, g_steal_pointer (&key)) && ps->init_twice == NULL)
          acy_set_error_at (&ps->init_twice, ACY_ERROR_FATAL, init.var.loc,
                            "'%s' is given twice in the init block (herd7 stops on it) near '%s'",
                            init.var.name, init.var.name);
      }
      if (acy_lit_accept (ps, "="))
        {
          if (!parse_init_value (ps, test, pointer, &init.value, error))
            return FALSE;
          has_value = TRUE;
        }
      if (wide != NULL && !ps->s128 && ps->init_size == NULL)
        acy_set_error_at (&ps->init_size, ACY_ERROR_TYPE, wide->loc,
                          "herd7 holds a 128-bit location with the variant S128 only (-variant "
                          "S128, or Variant=S128 in the test); herd7: mask 32 bit value 0x%x "
                          "value with s128 mask near '%s'", (guint32) init.value, wide->text);
      /* an initial value in 8 or 16 bits, zero extended (a char's -1
       * reads 255) */
      if ((bits & ~ACY_LIT_UNSIGNED) < 32)
        init.value = acy_lit_cast_value (bits | ACY_LIT_UNSIGNED, init.value);
      if (init.var.thread < 0 && has_value)
        g_array_index (test->loc_init, AcyValue, init.var.index) = init.value;
      else if (init.var.thread >= 0)
        g_array_append_val (test->inits, init);

      if (!acy_lit_tok_is (peek (ps), "}") && !acy_lit_expect (ps, ";", "after an init entry", error))
        return FALSE;
    }
}

/* The final values of a test with a location of 8 or 16 bits, read in
 * their types (AcyTest.tracked_bits), and the condition's constants
 * compared so (a char's 256 is 0, and so is its 512). Others keep
 * tracked_bits NULL: their values are whole. */
void
acy_lit_init_types (AcyTest *test)
{
  GHashTableIter iter;
  gpointer bits;
  gboolean narrow = FALSE;

  if (test->loc_types == NULL)
    return;
  g_hash_table_iter_init (&iter, test->loc_types);
  while (!narrow && g_hash_table_iter_next (&iter, NULL, &bits))
    narrow = ((GPOINTER_TO_UINT (bits) - 1) & ~ACY_LIT_UNSIGNED) < 32;
  if (!narrow)
    return;
  test->tracked_bits = g_new0 (guint8, MAX (test->n_tracked, 1));
  for (guint i = 0; i < test->n_tracked; i++)
    if (test->tracked[i].thread < 0 && test->tracked[i].index >= 0)
      acy_lit_loc_type (test, (guint) test->tracked[i].index, &test->tracked_bits[i]);
  acy_lit_cast_constants (test);
}

void
acy_lit_set_loc_type (AcyTest *test, guint loc, guint8 code)
{
  if (test->loc_types == NULL)
    test->loc_types = g_hash_table_new (NULL, NULL);
  g_hash_table_insert (test->loc_types, GUINT_TO_POINTER (loc + 1), GUINT_TO_POINTER (code + 1u));
}

gboolean
acy_lit_loc_type (const AcyTest *test, guint loc, guint8 *code)
{
  gpointer bits = test->loc_types ? g_hash_table_lookup (test->loc_types, GUINT_TO_POINTER (loc + 1)) : NULL;

  if (bits == NULL)
    return FALSE;
  *code = (guint8) (GPOINTER_TO_UINT (bits) - 1);
  return TRUE;
}
