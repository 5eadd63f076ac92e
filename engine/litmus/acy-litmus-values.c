/* acy-litmus-values.c - herd7's arithmetic on the values of C litmus code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The operations of the threads' code on 32-bit integers and on
 * addresses (see ACY_VALUE_PTR in acy-execution.h), as herd7 computes
 * them, and the words that say why one has no value. Used by the
 * symbolic runs of the threads (acy-litmus-exec.c), which fold
 * constants, and by the enumerator, which solves the rest.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-trace.h"

/* herd7's values are 32-bit integers that wrap (OCaml's Int32):
 * arithmetic on two integers is done in 64 bits and brought back into
 * that range; an address (&x, maybe plus an offset) keeps 64 bits. */
static gboolean binop64 (AcyLitOp op, AcyValue a, AcyValue b, AcyValue *out);

#define IS_INT32(v) ((v) >= G_MININT32 && (v) <= G_MAXINT32)

/* Arithmetic on a pointer, as herd7 does it: moving it by an integer
 * (its symbolic "x+k"), the distance between two of one location, and
 * comparing for (in)equality; anything else is herd7's "Illegal
 * operation". */
static gboolean
ptr_binop (const AcyTest *test, AcyLitOp op, AcyValue a, AcyValue b, AcyValue *out)
{
  gboolean pa = ACY_VALUE_IS_PTR (a), pb = ACY_VALUE_IS_PTR (b);
  gint64 k;

  switch (op)
    {
    case ACY_LOP_EQ: *out = a == b; return TRUE;
    case ACY_LOP_NE: *out = a != b; return TRUE;
    case ACY_LOP_OR:
      /* herd7: v | 0 is v, an address too */
      if (a != 0 && b != 0)
        return FALSE;
      *out = a == 0 ? b : a;
      return TRUE;
    case ACY_LOP_XOR:
      /* herd7: v ^ v is 0 */
      if (a != b)
        return FALSE;
      *out = 0;
      return TRUE;
    case ACY_LOP_LT: case ACY_LOP_GT:
      /* herd7 compares an address with 0 only (for x86's flags): it is
       * above */
      if ((pa && b != 0) || (pb && a != 0) || (pa && pb))
        return FALSE;
      *out = (op == ACY_LOP_GT) == pa;
      return TRUE;
    case ACY_LOP_ADD:
      if (pa && pb)
        return FALSE;
      if (pb)
        {
          AcyValue t = a;
          a = b;
          b = t;
        }
      k = (gint64) ACY_VALUE_PTR_OFFSET (a) + b;
      break;
    case ACY_LOP_SUB:
      if (pa && pb)
        {
          /* herd7 subtracts two symbolic addresses by comparing them:
           * by location name, then offset (x - y = -1, (x+3) - (x+1) = 1) */
          gint cmp = ACY_VALUE_PTR_OFFSET (a) - ACY_VALUE_PTR_OFFSET (b);

          if (ACY_VALUE_PTR_LOC (a) != ACY_VALUE_PTR_LOC (b))
            {
              if (test == NULL || (guint) ACY_VALUE_PTR_LOC (a) >= test->loc_names->len
                  || (guint) ACY_VALUE_PTR_LOC (b) >= test->loc_names->len)
                return FALSE;
              cmp = strcmp (test->loc_names->pdata[ACY_VALUE_PTR_LOC (a)],
                            test->loc_names->pdata[ACY_VALUE_PTR_LOC (b)]);
            }
          *out = cmp < 0 ? -1 : cmp > 0;
          return TRUE;
        }
      if (pb)
        return FALSE;
      k = (gint64) ACY_VALUE_PTR_OFFSET (a) - b;
      break;
    default:
      return FALSE;
    }
  if (k < -ACY_VALUE_PTR_MAX_OFFSET || k > ACY_VALUE_PTR_MAX_OFFSET)
    return FALSE;
  *out = ACY_VALUE_PTR (ACY_VALUE_PTR_LOC (a), k);
  return TRUE;
}

gboolean
acy_lit_binop (const AcyTest *test, AcyLitOp op, AcyValue a, AcyValue b, AcyValue *out)
{
  if (test != NULL && test->wide_values)
    {
      /* X86_64: 64-bit values, any shift within 64 bits */
      if (ACY_VALUE_IS_PTR (a) || ACY_VALUE_IS_PTR (b))
        return ptr_binop (test, op, a, b, out);
      return binop64 (op, a, b, out);
    }
  if ((ACY_VALUE_IS_PTR (a) && (IS_INT32 (b) || ACY_VALUE_IS_PTR (b)))
      || (ACY_VALUE_IS_PTR (b) && IS_INT32 (a)))
    return ptr_binop (test, op, a, b, out);
  if (ACY_VALUE_IS_PTR (a) || ACY_VALUE_IS_PTR (b) || a < G_MININT32 || a > G_MAXINT32
      || b < G_MININT32 || b > G_MAXINT32)
    return binop64 (op, a, b, out);
  if ((op == ACY_LOP_DIV || op == ACY_LOP_MOD) && a == G_MININT32 && b == -1)
    {
      *out = op == ACY_LOP_DIV ? G_MININT32 : 0;   /* Int32.div min_int (-1) wraps */
      return TRUE;
    }
  /* a 32-bit value shifted by 32 or more has no meaning (C's undefined
   * behaviour, OCaml's unspecified result); herd7 has no shifts at all */
  if ((op == ACY_LOP_SHL || op == ACY_LOP_SHR) && (b < 0 || b > 31))
    return FALSE;
  if (!binop64 (op, a, b, out))
    return FALSE;
  *out = (gint32) (guint32) (guint64) *out;
  return TRUE;
}

char *
acy_lit_binop_fault (const AcyTest *test, AcyLitOp op, AcyValue a, AcyValue b)
{
  AcyValue r;

  if (acy_lit_binop (test, op, a, b, &r))
    return NULL;
  if (ACY_VALUE_IS_PTR (a) || ACY_VALUE_IS_PTR (b))
    {
      gboolean both = ACY_VALUE_IS_PTR (a) && ACY_VALUE_IS_PTR (b);

      if (op == ACY_LOP_ADD && !both)
        return g_strdup_printf ("an address moved by more than %d", ACY_VALUE_PTR_MAX_OFFSET);
      if (op == ACY_LOP_SUB && ACY_VALUE_IS_PTR (a) && !ACY_VALUE_IS_PTR (b))
        return g_strdup_printf ("an address moved by more than %d", ACY_VALUE_PTR_MAX_OFFSET);
      return g_strdup_printf ("'%s' on an address is an illegal operation, as in herd7", acy_lit_op_text (op));
    }
  if ((op == ACY_LOP_DIV || op == ACY_LOP_MOD) && b == 0)
    return g_strdup ("division by zero");
  if (op == ACY_LOP_SHL || op == ACY_LOP_SHR)
    {
      gboolean small = !ACY_VALUE_IS_ADDR (a) && a >= G_MININT32 && a <= G_MAXINT32;

      if (ACY_VALUE_IS_ADDR (b))
        return g_strdup ("shift by an address");
      return g_strdup_printf ("shift by %" G_GINT64_FORMAT ", out of range 0 to %d", b, small ? 31 : 63);
    }
  return g_strdup ("undefined arithmetic");
}

AcyErrorCode
acy_lit_binop_fault_code (const AcyTest *test, AcyLitOp op, AcyValue a, AcyValue b)
{
  gboolean pa = ACY_VALUE_IS_PTR (a), pb = ACY_VALUE_IS_PTR (b);

  if ((op == ACY_LOP_DIV || op == ACY_LOP_MOD) && b == 0 && !pa)
    return ACY_ERROR_FATAL;   /* herd7's Division_by_zero ends its run */
  /* an address moved beyond what Acyclic's values hold (herd7 goes on) */
  if ((op == ACY_LOP_ADD && (pa != pb)) || (op == ACY_LOP_SUB && pa && !pb))
    return ACY_ERROR_UNSUPPORTED;
  /* herd7's own "Illegal operation" on an address: an error of the test */
  if (pa || pb)
    return ACY_ERROR_TYPE;
  (void) test;
  return ACY_ERROR_UNSUPPORTED;
}

static gboolean
binop64 (AcyLitOp op, AcyValue a, AcyValue b, AcyValue *out)
{
  switch (op)
    {
    case ACY_LOP_ADD: *out = (AcyValue) ((guint64) a + (guint64) b); return TRUE;
    case ACY_LOP_SUB: *out = (AcyValue) ((guint64) a - (guint64) b); return TRUE;
    case ACY_LOP_MUL: *out = (AcyValue) ((guint64) a * (guint64) b); return TRUE;
    case ACY_LOP_DIV:
      if (b == 0 || (a == G_MININT64 && b == -1))
        return FALSE;
      *out = a / b;
      return TRUE;
    case ACY_LOP_MOD:
      if (b == 0 || (a == G_MININT64 && b == -1))
        return FALSE;
      *out = a % b;
      return TRUE;
    case ACY_LOP_AND: *out = a & b; return TRUE;
    case ACY_LOP_OR: *out = a | b; return TRUE;
    case ACY_LOP_XOR: *out = a ^ b; return TRUE;
    case ACY_LOP_ANDNOT: *out = a & ~b; return TRUE;
    case ACY_LOP_SHL:
      if (b < 0 || b > 63)
        return FALSE;
      *out = (AcyValue) ((guint64) a << b);
      return TRUE;
    case ACY_LOP_SHR:
      if (b < 0 || b > 63)
        return FALSE;
      *out = a >> b;
      return TRUE;
    case ACY_LOP_EQ: *out = a == b; return TRUE;
    case ACY_LOP_NE: *out = a != b; return TRUE;
    case ACY_LOP_LT: *out = a < b; return TRUE;
    case ACY_LOP_LE: *out = a <= b; return TRUE;
    case ACY_LOP_GT: *out = a > b; return TRUE;
    case ACY_LOP_GE: *out = a >= b; return TRUE;
    case ACY_LOP_LAND: *out = a != 0 && b != 0; return TRUE;
    case ACY_LOP_LOR: *out = a != 0 || b != 0; return TRUE;
    case ACY_LOP_NOT: *out = a == 0; return TRUE;
    case ACY_LOP_NEG: *out = (AcyValue) (0 - (guint64) a); return TRUE;
    case ACY_LOP_BNOT: *out = ~a; return TRUE;
    case ACY_LOP_NONE:
      break;
    }
  return FALSE;
}
