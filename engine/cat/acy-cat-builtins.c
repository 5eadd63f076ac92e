/* acy-cat-builtins.c - herd's predefined sets, relations and functions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-cat-eval.h"

const char *const acy_cat_predef_names[ACY_CAT_N_PREDEF] = {
  [ACY_CAT_P_R] = "R", [ACY_CAT_P_W] = "W", [ACY_CAT_P_M] = "M", [ACY_CAT_P_F] = "F",
  [ACY_CAT_P_IW] = "IW", [ACY_CAT_P_FW] = "FW", [ACY_CAT_P_RMW_SET] = "RMW",
  [ACY_CAT_P_LKR] = "LKR", [ACY_CAT_P_LKW] = "LKW", [ACY_CAT_P_UL] = "UL",
  [ACY_CAT_P_LF] = "LF", [ACY_CAT_P_RL] = "RL", [ACY_CAT_P_RU] = "RU",
  [ACY_CAT_P_SRCU] = "SRCU", [ACY_CAT_P_B] = "B",
  [ACY_CAT_P_A] = "A", [ACY_CAT_P_NA] = "NA", [ACY_CAT_P_X] = "X",
  [ACY_CAT_P_RLX] = "RLX", [ACY_CAT_P_CON] = "CON", [ACY_CAT_P_ACQ] = "ACQ",
  [ACY_CAT_P_REL] = "REL", [ACY_CAT_P_ACQ_REL] = "ACQ_REL", [ACY_CAT_P_SC] = "SC",
  [ACY_CAT_P_LK] = "LK", [ACY_CAT_P_LS] = "LS", [ACY_CAT_P_ANNOT] = "annot",
  [ACY_CAT_P_PO] = "po", [ACY_CAT_P_ADDR] = "addr", [ACY_CAT_P_DATA] = "data",
  [ACY_CAT_P_CTRL] = "ctrl", [ACY_CAT_P_RMW] = "rmw", [ACY_CAT_P_RF] = "rf",
  [ACY_CAT_P_ID] = "id", [ACY_CAT_P_LOC] = "loc", [ACY_CAT_P_INT] = "int",
  [ACY_CAT_P_EXT] = "ext", [ACY_CAT_P_AMO] = "amo",
  [ACY_CAT_P_DOMAIN] = "domain", [ACY_CAT_P_RANGE] = "range",
  [ACY_CAT_P_CLASSES_LOC] = "classes-loc",
  [ACY_CAT_P_LINEARISATIONS] = "linearisations",
  [ACY_CAT_P_DIFFERENT_VALUES] = "different-values",
  [ACY_CAT_P_TAG2EVENTS] = "tag2events",
  [ACY_CAT_P_CO_ORDERS] = "co-orders",
  [ACY_CAT_P_LAZY_CROSS] = "lazy-cross",
  [ACY_CAT_P_SI] = "si",
  [ACY_CAT_P_MFENCE] = "MFENCE", [ACY_CAT_P_SFENCE] = "SFENCE", [ACY_CAT_P_LFENCE] = "LFENCE",
  [ACY_CAT_P_NT] = "NT",
  [ACY_CAT_P_IICO_DATA] = "iico_data", [ACY_CAT_P_IICO_CTRL] = "iico_ctrl",
  [ACY_CAT_P_IICO_ORDER] = "iico_order", [ACY_CAT_P_SAME_INSTANCE] = "same-instance",
  [ACY_CAT_P_EXP] = "Exp", [ACY_CAT_P_NEXP] = "NExp",
  [ACY_CAT_P_RREG] = "Rreg", [ACY_CAT_P_WREG] = "Wreg", [ACY_CAT_P_ADDR_PORT] = "ADDR",
  [ACY_CAT_P_DATA_PORT] = "DATA", [ACY_CAT_P_BCC] = "BCC", [ACY_CAT_P_PRED] = "PRED",
  [ACY_CAT_P_Q] = "Q", [ACY_CAT_P_L] = "L", [ACY_CAT_P_EX] = "EX", [ACY_CAT_P_NORET] = "NoRet",
  [ACY_CAT_P_DMB_SY] = "DMB.SY", [ACY_CAT_P_DMB_ST] = "DMB.ST", [ACY_CAT_P_DMB_LD] = "DMB.LD",
  [ACY_CAT_P_DMB_ISH] = "DMB.ISH", [ACY_CAT_P_DMB_ISHST] = "DMB.ISHST",
  [ACY_CAT_P_DMB_ISHLD] = "DMB.ISHLD", [ACY_CAT_P_DMB_NSH] = "DMB.NSH",
  [ACY_CAT_P_DMB_NSHST] = "DMB.NSHST", [ACY_CAT_P_DMB_NSHLD] = "DMB.NSHLD",
  [ACY_CAT_P_DMB_OSH] = "DMB.OSH", [ACY_CAT_P_DMB_OSHST] = "DMB.OSHST",
  [ACY_CAT_P_DMB_OSHLD] = "DMB.OSHLD",
  [ACY_CAT_P_DSB_SY] = "DSB.SY", [ACY_CAT_P_DSB_ST] = "DSB.ST", [ACY_CAT_P_DSB_LD] = "DSB.LD",
  [ACY_CAT_P_DSB_ISH] = "DSB.ISH", [ACY_CAT_P_DSB_ISHST] = "DSB.ISHST",
  [ACY_CAT_P_DSB_ISHLD] = "DSB.ISHLD", [ACY_CAT_P_DSB_NSH] = "DSB.NSH",
  [ACY_CAT_P_DSB_NSHST] = "DSB.NSHST", [ACY_CAT_P_DSB_NSHLD] = "DSB.NSHLD",
  [ACY_CAT_P_DSB_OSH] = "DSB.OSH", [ACY_CAT_P_DSB_OSHST] = "DSB.OSHST",
  [ACY_CAT_P_DSB_OSHLD] = "DSB.OSHLD", [ACY_CAT_P_ISB] = "ISB",
  [ACY_CAT_P_TLBI] = "TLBI", [ACY_CAT_P_DC_CVAU] = "DC.CVAU", [ACY_CAT_P_IC_IALLU] = "IC.IALLU",
  [ACY_CAT_P_IC_IALLUIS] = "IC.IALLUIS", [ACY_CAT_P_IC_IVAU] = "IC.IVAU", [ACY_CAT_P_TAG] = "T",
  [ACY_CAT_P_EXC_ENTRY] = "EXC-ENTRY", [ACY_CAT_P_EXC_RET] = "EXC-RET", [ACY_CAT_P_FAULT] = "FAULT",
  [ACY_CAT_P_SPURIOUS] = "SPURIOUS", [ACY_CAT_P_SVC] = "SVC", [ACY_CAT_P_TLBIIS] = "TLBIIS",
  [ACY_CAT_P_TLBINXS] = "TLBInXS", [ACY_CAT_P_TAGCHECK] = "TagCheck", [ACY_CAT_P_PTE] = "PTE",
  [ACY_CAT_P_D_PTE] = "D-PTE", [ACY_CAT_P_I_PTE] = "I-PTE", [ACY_CAT_P_PTEV] = "PTEV",
  [ACY_CAT_P_PTEINV] = "PTEINV", [ACY_CAT_P_PTEAF0] = "PTEAF0",
  [ACY_CAT_P_RESTRICTED_CMODX] = "Restricted-CMODX", [ACY_CAT_P_PTE_NORMAL] = "PTENormal",
  [ACY_CAT_P_PTE_TAGGED_NORMAL] = "PTETaggedNormal", [ACY_CAT_P_PTE_DEVICE_GRE] = "PTEDevice-GRE",
  [ACY_CAT_P_PTE_DEVICE_NGRE] = "PTEDevice-nGRE", [ACY_CAT_P_PTE_DEVICE_NGNRE] = "PTEDevice-nGnRE",
  [ACY_CAT_P_PTE_DEVICE_NGNRNE] = "PTEDevice-nGnRnE", [ACY_CAT_P_PTE_ISH] = "PTEISH",
  [ACY_CAT_P_PTE_NSH] = "PTENSH", [ACY_CAT_P_PTE_OSH] = "PTEOSH", [ACY_CAT_P_PTE_INC] = "PTEiNC",
  [ACY_CAT_P_PTE_IWB] = "PTEiWB", [ACY_CAT_P_PTE_IWT] = "PTEiWT", [ACY_CAT_P_PTE_ONC] = "PTEoNC",
  [ACY_CAT_P_PTE_OWB] = "PTEoWB", [ACY_CAT_P_PTE_OWT] = "PTEoWT",
  [ACY_CAT_P_PTE_TO_PA] = "PTEtoPA", [ACY_CAT_P_SAME_TAG_LOC] = "same-tag-loc",
  [ACY_CAT_P_RF_REG] = "rf-reg", [ACY_CAT_P_ISB_REL] = "isb", [ACY_CAT_P_SAME_OA] = "same-oa",
  [ACY_CAT_P_AT_LEAST_ONE_WRITABLE] = "at-least-one-writable", [ACY_CAT_P_SM] = "sm",
};

/* The event sets of the architectures: the events tagged so; herd's B
 * (branches) too, empty but in assembly tests */
static const AcyCatPredef arch_sets[] = {
  ACY_CAT_P_MFENCE, ACY_CAT_P_SFENCE, ACY_CAT_P_LFENCE, ACY_CAT_P_NT, ACY_CAT_P_B,
  ACY_CAT_P_RREG, ACY_CAT_P_WREG, ACY_CAT_P_ADDR_PORT, ACY_CAT_P_DATA_PORT,
  ACY_CAT_P_BCC, ACY_CAT_P_PRED, ACY_CAT_P_Q, ACY_CAT_P_L, ACY_CAT_P_EX, ACY_CAT_P_NORET,
  ACY_CAT_P_DMB_SY, ACY_CAT_P_DMB_ST, ACY_CAT_P_DMB_LD,
  ACY_CAT_P_DMB_ISH, ACY_CAT_P_DMB_ISHST, ACY_CAT_P_DMB_ISHLD,
  ACY_CAT_P_DMB_NSH, ACY_CAT_P_DMB_NSHST, ACY_CAT_P_DMB_NSHLD,
  ACY_CAT_P_DMB_OSH, ACY_CAT_P_DMB_OSHST, ACY_CAT_P_DMB_OSHLD,
  ACY_CAT_P_DSB_SY, ACY_CAT_P_DSB_ST, ACY_CAT_P_DSB_LD,
  ACY_CAT_P_DSB_ISH, ACY_CAT_P_DSB_ISHST, ACY_CAT_P_DSB_ISHLD,
  ACY_CAT_P_DSB_NSH, ACY_CAT_P_DSB_NSHST, ACY_CAT_P_DSB_NSHLD,
  ACY_CAT_P_DSB_OSH, ACY_CAT_P_DSB_OSHST, ACY_CAT_P_DSB_OSHLD,
  ACY_CAT_P_ISB,
};

/* herd's sets of what is not supported here (page tables, cache
 * maintenance, memory tags): no event is in them */
static const AcyCatPredef empty_sets[] = {
  ACY_CAT_P_NEXP, ACY_CAT_P_TLBI, ACY_CAT_P_DC_CVAU, ACY_CAT_P_IC_IALLU, ACY_CAT_P_IC_IALLUIS,
  ACY_CAT_P_IC_IVAU, ACY_CAT_P_TAG,
  ACY_CAT_P_EXC_ENTRY, ACY_CAT_P_EXC_RET, ACY_CAT_P_FAULT, ACY_CAT_P_SPURIOUS, ACY_CAT_P_SVC,
  ACY_CAT_P_TLBIIS, ACY_CAT_P_TLBINXS, ACY_CAT_P_TAGCHECK, ACY_CAT_P_PTE, ACY_CAT_P_D_PTE,
  ACY_CAT_P_I_PTE, ACY_CAT_P_PTEV, ACY_CAT_P_PTEINV, ACY_CAT_P_PTEAF0,
  ACY_CAT_P_RESTRICTED_CMODX, ACY_CAT_P_PTE_NORMAL, ACY_CAT_P_PTE_TAGGED_NORMAL,
  ACY_CAT_P_PTE_DEVICE_GRE, ACY_CAT_P_PTE_DEVICE_NGRE, ACY_CAT_P_PTE_DEVICE_NGNRE,
  ACY_CAT_P_PTE_DEVICE_NGNRNE, ACY_CAT_P_PTE_ISH, ACY_CAT_P_PTE_NSH, ACY_CAT_P_PTE_OSH,
  ACY_CAT_P_PTE_INC, ACY_CAT_P_PTE_IWB, ACY_CAT_P_PTE_IWT, ACY_CAT_P_PTE_ONC,
  ACY_CAT_P_PTE_OWB, ACY_CAT_P_PTE_OWT,
};

/* ... their relations */
static const AcyCatPredef empty_rels[] = {
  ACY_CAT_P_PTE_TO_PA, ACY_CAT_P_SAME_TAG_LOC, ACY_CAT_P_RF_REG, ACY_CAT_P_ISB_REL,
};

/* domain and range: the events on one side of the pairs of @arg. */
static AcyCatValue *
rel_side (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg,
          void (*side) (guint n, AcyWord *set, const AcyWord *r))
{
  AcyWord *r;
  AcyCatValue *s;

  if (arg->kind == ACY_CAT_V_EMPTY)
    return arg;
  if (!(r = acy_cat_to_rel (ev, at, arg)))
    return NULL;
  s = acy_cat_new_set (ev);
  side (ev->n, s->u.bits, r);
  return s;
}

static AcyCatValue *
prim_domain (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg)
{
  return rel_side (ev, at, arg, acy_rel_domain);
}

static AcyCatValue *
prim_range (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg)
{
  return rel_side (ev, at, arg, acy_rel_range);
}

/* The events of @arg grouped by location: a set of event sets, in
 * location order, leaving out events without a location. */
static AcyCatValue *
prim_classes_loc (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg)
{
  AcyWord *s = acy_cat_to_set (ev, at, arg);
  AcyCatValue *out;
  const AcyExecution *x = ev->x;

  if (!s)
    return NULL;
  out = acy_cat_value_new (ev, ACY_CAT_V_VSET);
  out->u.items = acy_arena_newv (ev->arena, AcyCatValue *, MAX (x->n_locs, 1));
  for (guint l = 0; l < x->n_locs; l++)
    {
      AcyCatValue *c = NULL;
      ACY_BITS_FOREACH (i, s, ev->n)
        if (x->events[i].loc == (gint32) l)
          {
            if (!c)
              c = acy_cat_new_set (ev);
            acy_bits_add (c->u.bits, i);
          }
      if (c)
        out->u.items[out->n++] = c;
    }
  return out;
}

/* The pairs of @arg whose events have different values (herd7 has no
 * same-values: "unbound var"). */
static AcyCatValue *
prim_different_values (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg)
{
  AcyWord *r;
  AcyCatValue *out;
  guint n = ev->n;

  if (arg->kind == ACY_CAT_V_EMPTY)
    return arg;
  if (!(r = acy_cat_to_rel (ev, at, arg)))
    return NULL;
  out = acy_cat_new_rel (ev);
  for (guint i = 0; i < n; i++)
    ACY_BITS_FOREACH (j, acy_rel_row (r, n, i), n)
      {
        ev->cache->values_read = TRUE;
        if (ev->x->events[i].value != ev->x->events[j].value)
          acy_rel_add (out->u.bits, n, i, j);
      }
  return out;
}

AcyWord *
acy_cat_tag_events (AcyCatEval *ev, const char *tag)
{
  AcyWord *s = acy_cat_new_set (ev)->u.bits;
  const AcyExecution *x = ev->x;
  guint64 mask = 0;

  for (guint t = 0; t < x->n_tags && t < 64; t++)
    if (strcmp (x->tag_names[t], tag) == 0)   /* exact, as herd7 */
      mask |= (guint64) 1 << t;
  if (mask)
    for (guint i = 0; i < ev->n; i++)
      if (x->events[i].tags & mask)
        acy_bits_add (s, i);
  return s;
}

static AcyCatValue *
prim_tag2events (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg)
{
  AcyCatValue *v;

  if (arg->kind != ACY_CAT_V_TAG)
    {
      acy_cat_type_error (ev, at, "a tag", arg);
      return NULL;
    }
  v = acy_cat_value_new (ev, ACY_CAT_V_SET);
  v->u.bits = acy_cat_tag_events (ev, arg->u.str);
  return v;
}

/* The kinds of events in each predefined set of events; 0 for the
 * names that are not such a set. */
static const guint32 predef_kinds[ACY_CAT_N_PREDEF] = {
  [ACY_CAT_P_R] = ACY_EV_R, [ACY_CAT_P_W] = ACY_EV_W | ACY_EV_IW,
  [ACY_CAT_P_M] = ACY_EV_R | ACY_EV_W | ACY_EV_IW, [ACY_CAT_P_F] = ACY_EV_F,
  [ACY_CAT_P_IW] = ACY_EV_IW, [ACY_CAT_P_RMW_SET] = ACY_EV_RMW,
  [ACY_CAT_P_LKR] = ACY_EV_LKR, [ACY_CAT_P_LKW] = ACY_EV_LKW, [ACY_CAT_P_UL] = ACY_EV_UL,
  [ACY_CAT_P_LF] = ACY_EV_LF | ACY_EV_LKC, [ACY_CAT_P_RL] = ACY_EV_RL, [ACY_CAT_P_RU] = ACY_EV_RU,
  [ACY_CAT_P_SRCU] = ACY_EV_SRCU,
  /* herd's C sets: atomic accesses, the memory orders; X is herd's
   * other name for RMW; LK: every lock event (herd builds no successful
   * C11 lock, so LS is empty) */
  [ACY_CAT_P_A] = ACY_EV_A, [ACY_CAT_P_X] = ACY_EV_RMW,
  [ACY_CAT_P_RLX] = ACY_EV_RLX, [ACY_CAT_P_CON] = ACY_EV_CON, [ACY_CAT_P_ACQ] = ACY_EV_ACQ,
  [ACY_CAT_P_REL] = ACY_EV_REL, [ACY_CAT_P_ACQ_REL] = ACY_EV_ACQ_REL, [ACY_CAT_P_SC] = ACY_EV_SC,
  [ACY_CAT_P_LK] = ACY_EV_LKR | ACY_EV_LKW | ACY_EV_LKC,
  /* every access is explicit here (herd's implicit ones are page-table
   * walks and tag checks) */
  [ACY_CAT_P_EXP] = ACY_EV_R | ACY_EV_W | ACY_EV_IW,
};

static AcyCatValue *
kind_set (AcyCatEval *ev, guint32 mask)
{
  AcyCatValue *v = acy_cat_new_set (ev);

  for (guint i = 0; i < ev->n; i++)
    if (ev->x->events[i].kind & mask)
      acy_bits_add (v->u.bits, i);
  return v;
}

/* The candidate's matrices may change or go away before the next
 * candidate of the same structure: copy them into the arena. */
static AcyCatValue *
copy_rel (AcyCatEval *ev, const AcyWord *bits)
{
  AcyCatValue *v;

  if (!bits)
    return acy_cat_new_rel (ev);
  v = acy_cat_new_rel_raw (ev);
  acy_bits_copy ((guint) ev->rel_words, v->u.bits, bits);
  return v;
}

/* The predefined functions, bound per structure, and per candidate for
 * those that read the values of events (which depend on rf). */
typedef struct {
  AcyCatPredef   slot;
  AcyCatPrimFunc func;
} Prim;

/* herd's functions on page-table entries (same-oa, ...): no event is
 * one here, so they give nothing */
static AcyCatValue *
prim_nothing (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg)
{
  (void) at;
  (void) arg;
  return acy_cat_new_rel (ev);
}

static const Prim structure_prims[] = {
  { ACY_CAT_P_SAME_OA, prim_nothing },
  { ACY_CAT_P_AT_LEAST_ONE_WRITABLE, prim_nothing },
  { ACY_CAT_P_DOMAIN, prim_domain },
  { ACY_CAT_P_RANGE, prim_range },
  { ACY_CAT_P_CLASSES_LOC, prim_classes_loc },
  /* the stream primitives, from the layer below (acy-cat-stream.c) */
  { ACY_CAT_P_LINEARISATIONS, acy_cat_prim_linearisations },
  { ACY_CAT_P_CO_ORDERS, acy_cat_prim_co_orders },
  { ACY_CAT_P_LAZY_CROSS, acy_cat_prim_lazy_cross },
  { ACY_CAT_P_TAG2EVENTS, prim_tag2events },
};

static const Prim candidate_prims[] = {
  { ACY_CAT_P_DIFFERENT_VALUES, prim_different_values },
};

static void
bind_prims (AcyCatEval *ev, const Prim *prims, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      AcyCatValue *v = acy_cat_value_new (ev, ACY_CAT_V_PRIM);

      v->u.prim = prims[i].func;
      ev->root->slots[prims[i].slot] = v;
    }
}

static gint
event_loc (const AcyEvent *e)
{
  return e->loc;
}

static gint
event_thread (const AcyEvent *e)
{
  return e->thread;
}

/* A register event's register: its location (herd's same-gpr), -1 for
 * the others */
static gint
event_reg (const AcyEvent *e)
{
  return e->reg ? (gint) (e->thread * 65536u + e->reg) : -1;
}

static gint
event_instr (const AcyEvent *e)
{
  return e->instr;
}

/* Row i of @rel: the events with the same @key as event i, copied from
 * the row of the first such event when there is one before i. */
static void
same_key_row (AcyCatEval *ev, AcyWord *rel, guint i, gint (*key) (const AcyEvent *))
{
  const AcyExecution *x = ev->x;
  guint n = ev->n, first;
  gint k = key (&x->events[i]);
  AcyWord *row = acy_rel_row (rel, n, i);

  for (first = 0; first < i; first++)
    if (key (&x->events[first]) == k)
      break;
  if (first < i)
    acy_bits_copy (ev->words, row, acy_rel_row (rel, n, first));
  else
    for (guint j = 0; j < n; j++)
      if (key (&x->events[j]) == k)
        acy_bits_add (row, j);
}

/* Binds the predefined names that depend on the event structure only. */
void
acy_cat_bind_structure (AcyCatEval *ev)
{
  const AcyExecution *x = ev->x;
  AcyCatValue **s = ev->root->slots;
  AcyCatValue *v;
  guint n = ev->n, words = ev->words;

  for (guint p = 0; p < ACY_CAT_N_PREDEF; p++)
    if (predef_kinds[p])
      s[p] = kind_set (ev, predef_kinds[p]);
  s[ACY_CAT_P_LS] = acy_cat_new_set (ev);
  for (guint a = 0; a < G_N_ELEMENTS (empty_sets); a++)
    s[empty_sets[a]] = acy_cat_new_set (ev);
  for (guint a = 0; a < G_N_ELEMENTS (empty_rels); a++)
    s[empty_rels[a]] = acy_cat_new_rel (ev);
  for (guint a = 0; a < G_N_ELEMENTS (arch_sets); a++)
    {
      v = acy_cat_value_new (ev, ACY_CAT_V_SET);
      v->u.bits = acy_cat_tag_events (ev, acy_cat_predef_names[arch_sets[a]]);
      s[arch_sets[a]] = v;
    }
  /* NA: herd's events that are not atomic, fences and initial writes too */
  v = acy_cat_new_set (ev);
  for (guint i = 0; i < n; i++)
    if (!(x->events[i].kind & ACY_EV_A))
      acy_bits_add (v->u.bits, i);
  s[ACY_CAT_P_NA] = v;
  /* annot: herd's events with an annotation, {once}, {mb}... */
  v = acy_cat_new_set (ev);
  for (guint i = 0; i < n; i++)
    if (x->events[i].tags != 0)
      acy_bits_add (v->u.bits, i);
  s[ACY_CAT_P_ANNOT] = v;

  s[ACY_CAT_P_PO] = copy_rel (ev, x->po);
  s[ACY_CAT_P_ADDR] = copy_rel (ev, x->addr);
  s[ACY_CAT_P_DATA] = copy_rel (ev, x->data);
  s[ACY_CAT_P_CTRL] = copy_rel (ev, x->ctrl);
  s[ACY_CAT_P_RMW] = copy_rel (ev, x->rmw);
  /* herd's amo relates the read and write of an atomic read-modify-write;
   * C has no load-reserve/store-conditional pairs, so it is rmw */
  s[ACY_CAT_P_AMO] = copy_rel (ev, x->rmw);
  s[ACY_CAT_P_IICO_DATA] = copy_rel (ev, x->iico_data);
  s[ACY_CAT_P_IICO_CTRL] = copy_rel (ev, x->iico_ctrl);
  s[ACY_CAT_P_IICO_ORDER] = copy_rel (ev, x->iico_order);
  /* same-instance: the events of one instance of an instruction */
  v = acy_cat_new_rel (ev);
  for (guint i = 0; i < n; i++)
    if (x->events[i].instr >= 0)
      same_key_row (ev, v->u.bits, i, event_instr);
    else
      acy_rel_add (v->u.bits, n, i, i);
  s[ACY_CAT_P_SAME_INSTANCE] = v;

  v = acy_cat_new_rel_raw (ev);
  acy_rel_identity (n, v->u.bits, NULL);
  s[ACY_CAT_P_ID] = v;
  /* si: each memory access is an instance of its own (no mixed sizes) */
  v = acy_cat_new_rel (ev);
  for (guint i = 0; i < n; i++)
    if (x->events[i].kind & (ACY_EV_R | ACY_EV_W | ACY_EV_IW))
      acy_rel_add (v->u.bits, n, i, i);
  s[ACY_CAT_P_SI] = v;
  s[ACY_CAT_P_SM] = v;

  {
    AcyCatValue *loc = acy_cat_new_rel (ev);
    AcyCatValue *in = acy_cat_new_rel (ev);
    AcyCatValue *ext = acy_cat_new_rel (ev);
    AcyWord *all = acy_cat_new_set (ev)->u.bits;

    /* Row i of loc is the set of events at i's location, row i of int
     * the events of i's thread (and i itself): build each set once. */
    acy_bits_fill (n, all);
    for (guint i = 0; i < n; i++)
      {
        const AcyEvent *a = &x->events[i];
        AcyWord *irow = acy_rel_row (in->u.bits, n, i);

        if (a->loc >= 0)
          same_key_row (ev, loc->u.bits, i, event_loc);
        else if (a->reg)
          same_key_row (ev, loc->u.bits, i, event_reg);
        else if (a->kind & (ACY_EV_R | ACY_EV_W))
          /* an access through a value that is no address: in herd7 a
           * location of its own, so in loc with itself (a test with two
           * accesses through one such value is refused) */
          acy_rel_add (loc->u.bits, n, i, i);
        if (a->thread != ACY_THREAD_INIT)
          same_key_row (ev, in->u.bits, i, event_thread);
        else
          acy_bits_add (irow, i);
        acy_bits_diff (words, acy_rel_row (ext->u.bits, n, i), all, irow);
      }
    s[ACY_CAT_P_LOC] = loc;
    s[ACY_CAT_P_INT] = in;
    s[ACY_CAT_P_EXT] = ext;
  }

  bind_prims (ev, structure_prims, G_N_ELEMENTS (structure_prims));
}

/* Binds what differs between candidates of one structure. */
void
acy_cat_bind_candidate (AcyCatEval *ev)
{
  const AcyExecution *x = ev->x;
  AcyCatValue **s = ev->root->slots;
  AcyCatValue *v;

  /* Values are never modified in place, so the candidate's own rf can
   * be shared: it lives as long as this candidate. */
  if (x->rf)
    {
      v = acy_cat_value_new (ev, ACY_CAT_V_REL);
      v->u.bits = (AcyWord *) x->rf;
    }
  else
    v = acy_cat_new_rel (ev);
  s[ACY_CAT_P_RF] = v;
  v = acy_cat_new_set (ev);
  if (x->fw)
    acy_bits_copy (ev->words, v->u.bits, x->fw);
  s[ACY_CAT_P_FW] = v;
  bind_prims (ev, candidate_prims, G_N_ELEMENTS (candidate_prims));
}
