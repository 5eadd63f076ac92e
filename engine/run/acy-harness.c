/* acy-harness.c - writing the C program that runs a litmus test on this machine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The harness is made from the parsed and lowered test: each thread
 * becomes a function of core operations mapped to the target's
 * instructions (harness/prelude.h), its registers r0, r1, ... by number,
 * its locations cells given by index, its values decimal literals. No
 * name, value text or comment of the test reaches the program, so a
 * test cannot inject code into it.
 *
 * Before writing, acy-harness-check.c finds which values may be
 * addresses, and refuses what cannot run; the writer refuses the
 * primitives that have no instruction here.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-harness-private.h"
#include "acy-harness-resources.h"
#include "acy-x86.h"
#include "acy-aarch64.h"

typedef AcyHarnessAbs Abs;
typedef AcyHarnessGen Gen;
#define MAX_LOCS ACY_HARNESS_MAX_LOCS

static gboolean
loc_wide (const Gen *g, guint l)
{
  return g->wide[l];
}

static void G_GNUC_PRINTF (2, 3)
line (Gen *g, const char *format, ...)
{
  va_list args;

  for (guint i = 0; i < g->indent; i++)
    g_string_append (g->out, "  ");
  va_start (args, format);
  g_string_append_vprintf (g->out, format, args);
  va_end (args);
  g_string_append_c (g->out, '\n');
}

/* A value as a C literal: no text of the test's, a number or an address. */
static char *
literal (AcyValue v)
{
  if (ACY_VALUE_IS_ADDR (v))
    return g_strdup_printf ("(ACY_ADDR_BASE + %d)", ACY_VALUE_ADDR_LOC (v));
  if (v == G_MININT64)
    return g_strdup ("(-INT64_C (9223372036854775807) - 1)");
  return g_strdup_printf ("INT64_C (%" G_GINT64_FORMAT ")", v);
}

static char *
new_temp (Gen *g, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* Declares a temporary holding the value @format gives; its name. */
static char *
new_temp (Gen *g, const char *format, ...)
{
  va_list args;
  g_autofree char *value = NULL;
  char *name = g_strdup_printf ("t%u", g->temps++);

  va_start (args, format);
  value = g_strdup_vprintf (format, args);
  va_end (args);
  line (g, "acy_val %s = %s;", name, value);
  return name;
}

static char *gen_expr (Gen *g, const AcyLitExpr *e);

/* The location @e's value is when it is known before the run (the
 * address of a location, a register only its initial value sets): -1
 * otherwise. */
static gint
const_loc (Gen *g, const AcyLitExpr *e)
{
  AcyValue v;

  if (e->kind == ACY_LEXPR_ADDROF)
    v = e->value;
  else if (e->kind == ACY_LEXPR_NAME && !g->assigned[e->reg])
    v = g->test->threads[g->thread].reg_init[e->reg];
  else
    return -1;
  return ACY_VALUE_IS_ADDR (v) && (guint) ACY_VALUE_ADDR_LOC (v) < g->test->loc_names->len
         ? ACY_VALUE_ADDR_LOC (v) : -1;
}

/* The cell the address @e names, as a C expression, and its width in
 * bits (32 or 64) in *@width. */
static char *
gen_addr (Gen *g, const AcyLitExpr *e, guint *width)
{
  gint l = const_loc (g, e);
  g_autofree char *v = NULL;
  Abs a;
  gboolean narrow = FALSE, wide = FALSE;

  if (l >= 0)
    {
      *width = loc_wide (g, (guint) l) ? 64 : 32;
      return g_strdup_printf ("locs[%d]", l);
    }
  a = acy_harness_abs_expr (g, e);
  for (guint k = 0; k < MAX_LOCS; k++)
    if (a.ptrs & (G_GUINT64_CONSTANT (1) << k))
      {
        if (loc_wide (g, k))
          wide = TRUE;
        else
          narrow = TRUE;
      }
  if (narrow && wide)
    acy_harness_refuse (g, e->loc, "an access through a pointer that may point to an integer or to a "
            "pointer (the cells differ in size)");
  *width = wide ? 64 : 32;
  v = gen_expr (g, e);
  return g_strdup_printf ("acy_loc (locs, %s, %u)", v, g->thread);
}

static const char *
op_function (AcyLitOp op)
{
  switch (op)
    {
    case ACY_LOP_ADD: return "acy_add";
    case ACY_LOP_SUB: return "acy_sub";
    case ACY_LOP_MUL: return "acy_mul";
    case ACY_LOP_DIV: return "acy_div";
    case ACY_LOP_MOD: return "acy_mod";
    case ACY_LOP_AND: return "acy_and";
    case ACY_LOP_OR: return "acy_or";
    case ACY_LOP_XOR: return "acy_xor";
    case ACY_LOP_ANDNOT: return "acy_andnot";
    case ACY_LOP_SHL: return "acy_shl";
    case ACY_LOP_SHR: return "acy_shr";
    case ACY_LOP_EQ: return "acy_eq";
    case ACY_LOP_NE: return "acy_ne";
    case ACY_LOP_LT: return "acy_lt";
    case ACY_LOP_LE: return "acy_le";
    case ACY_LOP_GT: return "acy_gt";
    case ACY_LOP_GE: return "acy_ge";
    case ACY_LOP_LAND: return "acy_land";
    case ACY_LOP_LOR: return "acy_lor";
    case ACY_LOP_NOT: return "acy_not";
    case ACY_LOP_NEG: return "acy_neg";
    case ACY_LOP_BNOT: return "acy_bnot";
    case ACY_LOP_NONE: break;
    }
  return NULL;
}

/* the operations that may fault take the thread's number */
static gboolean
op_faults (AcyLitOp op)
{
  return op == ACY_LOP_DIV || op == ACY_LOP_MOD || op == ACY_LOP_SHL || op == ACY_LOP_SHR;
}

static const char *
tag_of (const Gen *g, const AcyLitExpr *e)
{
  return e->tag_index >= 0 ? g_ptr_array_index (g->test->tag_names, e->tag_index) : NULL;
}

/* The ordering of a kernel RMW, load or store by its tag (the kernel's
 * macros: ONCE, ACQUIRE, RELEASE, MB; NORETURN for the atomics that
 * return nothing): NULL for a tag with no meaning here. */
static const char *
kernel_order (const char *tag)
{
  if (tag == NULL || g_ascii_strcasecmp (tag, "once") == 0 || g_ascii_strcasecmp (tag, "relaxed") == 0
      || g_ascii_strcasecmp (tag, "noreturn") == 0)
    return "relaxed";
  if (g_ascii_strcasecmp (tag, "acquire") == 0)
    return "acquire";
  if (g_ascii_strcasecmp (tag, "release") == 0)
    return "release";
  if (g_ascii_strcasecmp (tag, "mb") == 0)
    return "mb";
  return NULL;
}

static const char *
c11_order (AcyLitMemOrder mo)
{
  switch (mo)
    {
    case ACY_EV_RLX: return "memory_order_relaxed";
    case ACY_EV_CON: return "memory_order_consume";
    case ACY_EV_ACQ: return "memory_order_acquire";
    case ACY_EV_REL: return "memory_order_release";
    case ACY_EV_ACQ_REL: return "memory_order_acq_rel";
    default: return "memory_order_seq_cst";
    }
}

/* A kernel fence by its tag: the call, or NULL (refused). */
static const char *
kernel_fence (Gen *g, const AcyLitExpr *e)
{
  static const struct { const char *tag, *call; } fences[] = {
    { "mb", "acy_k_mb ()" },
    { "rmb", "acy_k_rmb ()" },
    { "wmb", "acy_k_wmb ()" },
    { "before-atomic", "acy_k_mb_atomic ()" },
    { "after-atomic", "acy_k_mb_atomic ()" },
    { "after-spinlock", "acy_k_mb_spinlock ()" },
    /* smp_mb__after_unlock_lock() is empty but on powerpc */
    { "after-unlock-lock", "ACY_CBAR ()" },
    { "barrier", "ACY_CBAR ()" },
    /* rcu_read_lock() and rcu_read_unlock() without preemption: they
     * only stop the compiler; a grace period is another matter */
    { "rcu-lock", "ACY_CBAR ()" },
    { "rcu-unlock", "ACY_CBAR ()" },
  };
  const char *tag = tag_of (g, e);

  if (tag != NULL && g_ascii_strcasecmp (tag, "sync-rcu") == 0)
    {
      acy_harness_refuse (g, e->loc, "an RCU grace period (synchronize_rcu) is the kernel's; a program "
              "cannot wait for one");
      return NULL;
    }
  for (guint i = 0; tag != NULL && i < G_N_ELEMENTS (fences); i++)
    if (g_ascii_strcasecmp (tag, fences[i].tag) == 0)
      return fences[i].call;
  acy_harness_refuse (g, e->loc, "a fence tagged {%s} has no instruction here", tag ? tag : "");
  return NULL;
}

/* The name of an RMW's operation in the prelude's functions. */
static const char *
rmw_op_name (Gen *g, AcyLitOp op, AcyLoc at)
{
  switch (op)
    {
    case ACY_LOP_ADD: return "add";
    case ACY_LOP_SUB: return "sub";
    case ACY_LOP_AND: return "and";
    case ACY_LOP_OR: return "or";
    case ACY_LOP_XOR: return "xor";
    case ACY_LOP_ANDNOT: return "andnot";
    default:
      acy_harness_refuse (g, at, "an atomic '%s' has no instruction", acy_lit_op_text (op));
      return "add";
    }
}

static gboolean
c11_order_valid (Gen *g, const AcyLitExpr *e)
{
  AcyLitMemOrder mo = e->c11_mo;

  if ((e->core == ACY_CORE_C11_LOAD && (mo == ACY_EV_REL || mo == ACY_EV_ACQ_REL))
      || (e->core == ACY_CORE_C11_STORE && (mo == ACY_EV_ACQ || mo == ACY_EV_CON || mo == ACY_EV_ACQ_REL))
      || (e->core == ACY_CORE_C11_CAS && (e->c11_fail_mo == ACY_EV_REL || e->c11_fail_mo == ACY_EV_ACQ_REL)))
    {
      acy_harness_refuse (g, e->loc, "C11 does not allow %s here (a compiler would make it another order) near '%s'",
              c11_order (e->core == ACY_CORE_C11_CAS ? e->c11_fail_mo : mo), e->name);
      return FALSE;
    }
  return TRUE;
}

static char *
gen_core (Gen *g, const AcyLitExpr *e)
{
  g_autofree char *p = NULL, *v = NULL, *o = NULL;
  const char *ord;
  guint w = 32;

  switch (e->core)
    {
    case ACY_CORE_LOAD:
      p = gen_addr (g, e->args[0]->a, &w);
      ord = kernel_order (tag_of (g, e));
      if (ord != NULL && g_str_equal (ord, "acquire"))
        return new_temp (g, "acy_k_load_acquire%u (%s)", w, p);
      if (ord == NULL || !g_str_equal (ord, "relaxed"))
        acy_harness_refuse (g, e->loc, "a load tagged {%s} has no instruction here", tag_of (g, e));
      return new_temp (g, "acy_ld%u (%s)", w, p);

    case ACY_CORE_STORE:
      p = gen_addr (g, e->args[0]->a, &w);
      v = gen_expr (g, e->args[1]);
      ord = kernel_order (tag_of (g, e));
      if (ord != NULL && g_str_equal (ord, "release"))
        line (g, "acy_k_store_release%u (%s, %s);", w, p, v);
      else
        {
          if (ord == NULL || !g_str_equal (ord, "relaxed"))
            acy_harness_refuse (g, e->loc, "a store tagged {%s} has no instruction here", tag_of (g, e));
          line (g, "acy_st%u (%s, %s);", w, p, v);
        }
      return g_strdup ("0");

    case ACY_CORE_FENCE:
      {
        const char *call = kernel_fence (g, e);

        if (call != NULL)
          line (g, "%s;", call);
        return g_strdup ("0");
      }

    case ACY_CORE_XCHG:
    case ACY_CORE_CMPXCHG:
      p = gen_addr (g, e->args[0], &w);
      v = gen_expr (g, e->args[1]);
      if (e->core == ACY_CORE_CMPXCHG)
        o = gen_expr (g, e->args[2]);
      ord = kernel_order (tag_of (g, e));
      if (ord == NULL)
        {
          acy_harness_refuse (g, e->loc, "'%s' tagged {%s} has no instruction here", e->name, tag_of (g, e));
          ord = "mb";
        }
      if (e->core == ACY_CORE_XCHG)
        return new_temp (g, "acy_k_xchg_%s%u (%s, %s)", ord, w, p, v);
      return new_temp (g, "acy_k_cmpxchg_%s%u (%s, %s, %s)", ord, w, p, v, o);

    case ACY_CORE_ATOMIC_OP:
    case ACY_CORE_ATOMIC_OP_RETURN:
    case ACY_CORE_ATOMIC_FETCH_OP:
      {
        const char *op = rmw_op_name (g, e->args[1]->op, e->loc);
        g_autofree char *old = NULL;

        v = gen_expr (g, e->args[2]);
        p = gen_addr (g, e->args[0], &w);
        if (e->core == ACY_CORE_ATOMIC_OP)
          {
            line (g, "acy_k_%s%u (%s, %s);", op, w, p, v);
            return g_strdup ("0");
          }
        ord = kernel_order (tag_of (g, e));
        if (ord == NULL)
          {
            acy_harness_refuse (g, e->loc, "'%s' tagged {%s} has no instruction here", e->name, tag_of (g, e));
            ord = "mb";
          }
        old = new_temp (g, "acy_k_fetch_%s_%s%u (%s, %s)", op, ord, w, p, v);
        if (e->core == ACY_CORE_ATOMIC_FETCH_OP)
          return g_steal_pointer (&old);
        return new_temp (g, "%s (%s, %s)", op_function (e->args[1]->op), old, v);
      }

    case ACY_CORE_ADD_UNLESS:
      p = gen_addr (g, e->args[0], &w);
      o = gen_expr (g, e->args[2]);
      v = gen_expr (g, e->args[1]);
      return new_temp (g, "acy_k_add_unless%u (%s, %s, %s)", w, p, v, o);

    case ACY_CORE_LOCK:
    case ACY_CORE_C11_LOCK:
      p = gen_addr (g, e->args[0], &w);
      line (g, "acy_k_lock (%s);", p);
      return g_strdup ("0");
    case ACY_CORE_UNLOCK:
      p = gen_addr (g, e->args[0], &w);
      line (g, "acy_k_unlock (%s);", p);
      return g_strdup ("0");
    case ACY_CORE_TRYLOCK:
      p = gen_addr (g, e->args[0], &w);
      return new_temp (g, "acy_k_trylock (%s)", p);
    case ACY_CORE_ISLOCKED:
      p = gen_addr (g, e->args[0], &w);
      return new_temp (g, "acy_k_is_locked (%s)", p);

    case ACY_CORE_C11_LOAD:
      c11_order_valid (g, e);
      p = gen_addr (g, e->args[0], &w);
      return new_temp (g, "acy_c_load%u (%s, %s)", w, p, c11_order (e->c11_mo));
    case ACY_CORE_C11_STORE:
      c11_order_valid (g, e);
      p = gen_addr (g, e->args[0], &w);
      v = gen_expr (g, e->args[1]);
      line (g, "acy_c_store%u (%s, %s, %s);", w, p, v, c11_order (e->c11_mo));
      return g_strdup ("0");
    case ACY_CORE_C11_FENCE:
      line (g, "acy_c_fence (%s);", c11_order (e->c11_mo));
      return g_strdup ("0");
    case ACY_CORE_C11_EXCHANGE:
      v = gen_expr (g, e->args[1]);
      p = gen_addr (g, e->args[0], &w);
      return new_temp (g, "acy_c_exchange%u (%s, %s, %s)", w, p, v, c11_order (e->c11_mo));
    case ACY_CORE_C11_FETCH:
      {
        const char *op = rmw_op_name (g, e->op, e->loc);

        v = gen_expr (g, e->args[1]);
        p = gen_addr (g, e->args[0], &w);
        return new_temp (g, "acy_c_fetch_%s%u (%s, %s, %s)", op, w, p, v, c11_order (e->c11_mo));
      }
    case ACY_CORE_C11_CAS:
      {
        guint ew = 32;
        g_autofree char *ep = gen_addr (g, e->args[1], &ew);
        g_autofree char *expected = NULL;
        char *ok;

        c11_order_valid (g, e);
        p = gen_addr (g, e->args[0], &w);
        v = gen_expr (g, e->args[2]);
        /* "expected" is read plainly, and written back when it fails */
        expected = new_temp (g, "acy_ld%u (%s)", ew, ep);
        ok = new_temp (g, "acy_c_cas%u (%s, &%s, %s, %d, %s, %s)", w, p, expected, v,
                       e->c11_strong ? 1 : 0, c11_order (e->c11_mo), c11_order (e->c11_fail_mo));
        line (g, "if (!%s)", ok);
        line (g, "  acy_st%u (%s, %s);", ew, ep, expected);
        return ok;
      }
    case ACY_CORE_SRCU:
    case ACY_CORE_NONE:
      break;
    }
  acy_harness_refuse (g, e->loc, "'%s' has no instruction here", e->name ? e->name : "");
  return g_strdup ("0");
}

/* Writes the statements computing @e; returns a C expression of its
 * value without side effects (a literal, a register, a temporary). */
static char *
gen_expr (Gen *g, const AcyLitExpr *e)
{
  switch (e->kind)
    {
    case ACY_LEXPR_INT:
    case ACY_LEXPR_ADDROF:
      return literal (e->value);
    case ACY_LEXPR_NAME:
      return g_strdup_printf ("r%d", e->reg);
    case ACY_LEXPR_DEREF:
      {
        guint w = 32;
        g_autofree char *p = gen_addr (g, e->a, &w);

        return new_temp (g, "acy_ld%u (%s)", w, p);
      }
    case ACY_LEXPR_UNARY:
      {
        g_autofree char *a = gen_expr (g, e->a);

        return new_temp (g, "%s (%s)", op_function (e->op), a);
      }
    case ACY_LEXPR_BINARY:
      {
        Abs aa = acy_harness_abs_expr (g, e->a), ab = acy_harness_abs_expr (g, e->b);
        g_autofree char *a = gen_expr (g, e->a);
        g_autofree char *b = gen_expr (g, e->b);

        if (acy_harness_pointer_move (e, aa, ab))
          {
            /* the address first; x - k is x + (-k) */
            if (e->op == ACY_LOP_SUB)
              return new_temp (g, "acy_padd (%s, acy_neg (%s))", a, b);
            return ab.ptrs ? new_temp (g, "acy_padd (%s, %s)", b, a) : new_temp (g, "acy_padd (%s, %s)", a, b);
          }
        if (op_faults (e->op))
          return new_temp (g, "%s (%s, %s, %u)", op_function (e->op), a, b, g->thread);
        return new_temp (g, "%s (%s, %s)", op_function (e->op), a, b);
      }
    case ACY_LEXPR_CALL:
      return gen_core (g, e);
    case ACY_LEXPR_OPARG:
      break;
    }
  return g_strdup ("0");
}

static void
gen_stmt (Gen *g, const AcyLitStmt *s)
{
  switch (s->kind)
    {
    case ACY_LSTMT_EXPR:
      g_free (gen_expr (g, s->expr));
      break;
    case ACY_LSTMT_ASSIGN:
    case ACY_LSTMT_DECL:
      if (s->expr != NULL)
        {
          g_autofree char *v = gen_expr (g, s->expr);

          line (g, "r%d = %s;", s->reg, v);
        }
      break;
    case ACY_LSTMT_STORE:
      {
        guint w = 32;
        g_autofree char *p = gen_addr (g, s->lhs->a, &w);
        g_autofree char *v = gen_expr (g, s->expr);

        line (g, "acy_st%u (%s, %s);", w, p, v);
      }
      break;
    case ACY_LSTMT_IF:
      {
        g_autofree char *c = gen_expr (g, s->expr);

        line (g, "if (%s)", c);
        line (g, "  {");
        g->indent += 2;
        gen_stmt (g, s->then_s);
        g->indent -= 2;
        line (g, "  }");
        if (s->else_s != NULL)
          {
            line (g, "else");
            line (g, "  {");
            g->indent += 2;
            gen_stmt (g, s->else_s);
            g->indent -= 2;
            line (g, "  }");
          }
      }
      break;
    case ACY_LSTMT_BLOCK:
      line (g, "{");
      g->indent++;
      for (guint i = 0; i < s->n_body; i++)
        gen_stmt (g, s->body[i]);
      g->indent--;
      line (g, "}");
      break;
    case ACY_LSTMT_WHILE:
      break;
    }
}

static void
mark_assigned (const AcyLitStmt *s, gboolean *assigned)
{
  switch (s->kind)
    {
    case ACY_LSTMT_ASSIGN:
    case ACY_LSTMT_DECL:
      if (s->expr != NULL)
        assigned[s->reg] = TRUE;
      break;
    case ACY_LSTMT_IF:
    case ACY_LSTMT_WHILE:
      mark_assigned (s->then_s, assigned);
      if (s->else_s != NULL)
        mark_assigned (s->else_s, assigned);
      break;
    case ACY_LSTMT_BLOCK:
      for (guint i = 0; i < s->n_body; i++)
        mark_assigned (s->body[i], assigned);
      break;
    default:
      break;
    }
}

static void
gen_thread (Gen *g, guint t)
{
  const AcyTest *test = g->test;
  const AcyLitThread *th = &test->threads[t];
  g_autofree gboolean *assigned = g_new0 (gboolean, MAX (th->n_regs, 1));

  g->thread = t;
  g->temps = 0;
  g->assigned = assigned;
  mark_assigned (th->body, assigned);
  g_string_append_printf (g->out, "\nstatic void\nacy_p%u (void *const *locs, acy_val *out)\n{\n", t);
  g->indent = 1;
  for (guint r = 0; r < th->n_regs; r++)
    {
      g_autofree char *init = literal (th->reg_init[r]);

      line (g, "acy_val r%u = %s;", r, init);
    }
  line (g, "(void) locs;");
  line (g, "(void) out;");
  gen_stmt (g, th->body);
  for (guint k = 0; k < test->n_tracked; k++)
    if (test->tracked[k].thread == (gint) t && (guint) test->tracked[k].index < th->n_regs)
      line (g, "out[%u] = r%d;", k, test->tracked[k].index);
  g_string_append (g->out, "}\n");
  g->assigned = NULL;
}

/* The end of an assembly thread's asm statement and function: the end
 * label, the operand lists, the clobbers, then the final values of the
 * thread's registers the condition shows (@narrow: per register, a
 * value herd7 keeps in 32 signed bits; @used: per register, an operand,
 * else its initial value). */
void
acy_harness_asm_thread_end (AcyHarnessGen *g, guint t, const char *outputs, const char *inputs,
                            const gboolean *used, const gboolean *narrow)
{
  const AcyTest *test = g->test;
  const AcyLitThread *lt = &test->threads[t];

  g_string_append (g->out, "    \".Lacy%=_end:\\n\"\n");
  g_string_append_printf (g->out, "    : %s\n    : %s\n    : \"memory\", \"cc\");\n", outputs, inputs);
  for (guint k = 0; k < test->n_tracked; k++)
    if (test->tracked[k].thread == (gint) t && (guint) test->tracked[k].index < lt->n_regs)
      {
        gint r = test->tracked[k].index;

        if (used[r])
          g_string_append_printf (g->out, "  out[%u] = (acy_val) %sg%d;\n", k, narrow[r] ? "(int32_t) " : "", r);
        else
          g_string_append_printf (g->out, "  out[%u] = INT64_C (%" G_GINT64_FORMAT ");\n", k, lt->reg_init[r]);
      }
  g_string_append (g->out, "}\n");
}

static gboolean
is_x86 (const AcyTest *test)
{
  return test->asm_arch == &acy_x86_arch || test->asm_arch == &acy_x86_64_arch;
}

static gboolean
is_aarch64 (const AcyTest *test)
{
  return test->asm_arch == &acy_aarch64_arch;
}

/* What the harness runs at all: a C test on x86-64 or arm64, an X86 or
 * X86_64 one on x86-64, an AArch64 one on arm64. */
static gboolean
check_test (const AcyTest *test, AcyHarnessArch arch, GError **error)
{
  AcyLoc at = { test->filename, 1, 1 };

  if (test->asm_arch != NULL && !is_x86 (test) && !is_aarch64 (test))
    {
      /* not even on its own CPU: no harness writes its instructions */
      acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, at,
                        "cannot run on this machine: the harness does not run %s tests (C tests run, "
                        "X86 and X86_64 ones on x86-64, AArch64 ones on arm64)", test->arch);
      return FALSE;
    }
  if (test->asm_arch != NULL && arch != (is_x86 (test) ? ACY_HARNESS_X86_64 : ACY_HARNESS_AARCH64))
    {
      acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, at,
                        "cannot run on this machine: a test for %s runs on %s only (this harness is for %s)",
                        test->arch, is_x86 (test) ? "x86-64" : "arm64", acy_harness_arch_name (arch));
      return FALSE;
    }
  if (test->asm_arch == NULL && g_ascii_strcasecmp (test->arch, "C") != 0)
    {
      acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, at,
                        "cannot run on this machine: a test for %s (C, X86, X86_64 and AArch64 tests run here)",
                        test->arch);
      return FALSE;
    }
  if (test->n_threads == 0)
    {
      acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, at, "cannot run on this machine: the test has no thread");
      return FALSE;
    }
  return TRUE;
}

gboolean
acy_harness_host_arch (AcyHarnessArch *arch)
{
#if defined(__x86_64__)
  *arch = ACY_HARNESS_X86_64;
  return TRUE;
#elif defined(__aarch64__)
  *arch = ACY_HARNESS_AARCH64;
  return TRUE;
#else
  return FALSE;
#endif
}

const char *
acy_harness_arch_name (AcyHarnessArch arch)
{
  return arch == ACY_HARNESS_X86_64 ? "x86_64" : "aarch64";
}

gboolean
acy_harness_arch_from_name (const char *name, AcyHarnessArch *arch)
{
  static const struct { const char *name; AcyHarnessArch arch; } names[] = {
    { "x86_64", ACY_HARNESS_X86_64 }, { "x86-64", ACY_HARNESS_X86_64 }, { "amd64", ACY_HARNESS_X86_64 },
    { "aarch64", ACY_HARNESS_AARCH64 }, { "arm64", ACY_HARNESS_AARCH64 },
  };

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (name, names[i].name) == 0)
      {
        *arch = names[i].arch;
        return TRUE;
      }
  return FALSE;
}

gboolean
acy_harness_mapping_is_asm (const char *mapping)
{
  return g_strcmp0 (mapping, ACY_HARNESS_MAPPING_ASM) == 0
         || g_strcmp0 (mapping, ACY_HARNESS_MAPPING_ASM_AARCH64) == 0;
}

const char *
acy_harness_mapping_description (const char *mapping)
{
  if (g_strcmp0 (mapping, ACY_HARNESS_MAPPING_ASM) == 0)
    return "the test's own x86-64 instructions, as inline assembly (registers and locations "
           "allocated by the compiler)";
  if (g_strcmp0 (mapping, ACY_HARNESS_MAPPING_ASM_AARCH64) == 0)
    return "the test's own AArch64 instructions, as inline assembly (registers allocated by the "
           "compiler, those the init block points at locations holding their cells' addresses)";
  if (g_strcmp0 (mapping, "linux-x86_64") == 0)
    return "Linux x86-64: READ_ONCE/WRITE_ONCE and acquire/release are plain MOVs, smp_mb() a "
           "locked ADD to the stack, smp_rmb()/smp_wmb() compiler barriers, RMWs locked "
           "instructions; C11 atomics as GCC/Clang compile <stdatomic.h>";
  return "Linux arm64 (LL/SC atomics): acquire/release are LDAR/STLR, smp_mb() DMB ISH, "
         "smp_rmb() DMB ISHLD, smp_wmb() DMB ISHST, RMWs LDXR/STXR loops (acquire LDAXR, release "
         "STLXR, fully ordered STLXR then DMB ISH); C11 atomics as GCC/Clang compile <stdatomic.h>";
}

static gboolean
append_resource (GString *out, const char *name, GError **error)
{
  g_autofree char *path = g_strconcat ("/org/acyclic/engine/harness/", name, NULL);
  g_autoptr(GBytes) bytes = g_resource_lookup_data (acy_harness_get_resource (), path,
                                                    G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  gsize len = 0;
  const char *data;

  if (bytes == NULL)
    return FALSE;
  data = g_bytes_get_data (bytes, &len);
  g_string_append_len (out, data, (gssize) len);
  return TRUE;
}

char *
acy_harness_write (const AcyTest *test, AcyHarnessArch arch, GError **error)
{
  g_autoptr(GString) out = NULL;
  Gen g = { 0 };
  guint n_locs;
  gboolean ok;

  g_return_val_if_fail (test != NULL, NULL);

  if (!check_test (test, arch, error))
    return NULL;
  n_locs = test->loc_names->len;
  g.test = test;
  g.arch = arch;
  g.wide = g_new0 (gboolean, MAX (n_locs, 1));
  ok = is_x86 (test) ? acy_harness_x86_check (&g, error)
       : is_aarch64 (test) ? acy_harness_aarch64_check (&g, error) : acy_harness_analyse (&g, error);
  if (ok)
    {
      out = g_string_new (NULL);
      g.out = out;
      g_string_append (out, "/* A harness written by Acyclic " VERSION " to run a litmus test on a CPU.\n"
                       " * Build: cc -O2 -pthread harness.c; run: ./a.out -s SIZE -r RUNS.\n"
                       " * SPDX-License-Identifier: GPL-3.0-or-later */\n");
      g_string_append_printf (out, "#define ACY_N_THREADS %u\n#define ACY_N_LOCS %u\n"
                              "#define ACY_N_OUTS %u\n#define ACY_N_TRACKED %u\n#define %s 1\n",
                              test->n_threads, n_locs, test->n_tracked, test->n_tracked,
                              arch == ACY_HARNESS_X86_64 ? "ACY_TARGET_X86_64" : "ACY_TARGET_AARCH64");
      /* an assembly test runs its own instructions: no mapping */
      if (is_x86 (test))
        g_string_append (out, "#define ACY_MAPPING \"" ACY_HARNESS_MAPPING_ASM "\"\n");
      else if (is_aarch64 (test))
        g_string_append (out, "#define ACY_MAPPING \"" ACY_HARNESS_MAPPING_ASM_AARCH64 "\"\n");
      ok = append_resource (out, "prelude.h", error);
    }
  if (ok)
    {
      g_string_append (out, "\nstatic const acy_val acy_loc_init[ACY_DIM (ACY_N_LOCS)] = {");
      for (guint l = 0; l < MAX (n_locs, 1); l++)
        {
          g_autofree char *v = literal (l < n_locs ? g_array_index (test->loc_init, AcyValue, l) : 0);

          g_string_append_printf (out, "%s %s", l ? "," : "", v);
        }
      g_string_append (out, " };\nstatic const unsigned char acy_loc_wide[ACY_DIM (ACY_N_LOCS)] = {");
      for (guint l = 0; l < MAX (n_locs, 1); l++)
        g_string_append_printf (out, "%s %d", l ? "," : "", l < n_locs && loc_wide (&g, l));
      /* a tracked variable: a thread's register (the out slot it writes),
       * a location, or a register of a thread the test lacks (0) */
      g_string_append (out, " };\nstatic const int acy_track_kind[ACY_DIM (ACY_N_TRACKED)] = {");
      for (guint k = 0; k < MAX (test->n_tracked, 1); k++)
        {
          gint th = k < test->n_tracked ? test->tracked[k].thread : -2;

          g_string_append_printf (out, "%s %d", k ? "," : "",
                                  th == -2 ? 2 : th < 0 ? 1 : th >= (gint) test->n_threads ? 2 : 0);
        }
      g_string_append (out, " };\nstatic const int acy_track_index[ACY_DIM (ACY_N_TRACKED)] = {");
      for (guint k = 0; k < MAX (test->n_tracked, 1); k++)
        g_string_append_printf (out, "%s %d", k ? "," : "",
                                k < test->n_tracked && test->tracked[k].thread < 0 ? test->tracked[k].index
                                : (gint) k);
      g_string_append (out, " };\n");
      for (guint t = 0; t < test->n_threads; t++)
        if (is_x86 (test))
          acy_harness_x86_thread (&g, t);
        else if (is_aarch64 (test))
          acy_harness_aarch64_thread (&g, t);
        else
          gen_thread (&g, t);
      g_string_append (out, "\nstatic const acy_thread_fn acy_threads[ACY_N_THREADS] = {");
      for (guint t = 0; t < test->n_threads; t++)
        g_string_append_printf (out, "%s acy_p%u", t ? "," : "", t);
      g_string_append (out, " };\n\n");
      if (g.error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&g.error));
          ok = FALSE;
        }
    }
  if (ok)
    ok = append_resource (out, "runner.c", error);

  acy_harness_gen_clear (&g);
  return ok ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}
