/* acy-cat-eval.h - the cat evaluator's private interface, layer by layer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Private to engine/cat (and acy-model.c, which drives it). A model is
 * parsed once, its names resolved to frame slots (acy-cat-resolve.c) and
 * the level each statement depends on computed (acy-cat-deps.c); then it
 * is evaluated once per candidate with every value allocated from the
 * runner's arena. The evaluator is built in layers, lowest first:
 *
 *   values    acy-cat-values.c    making values, reading them as sets and
 *                                 relations, equality, hashing, sets of values
 *   stream    acy-cat-stream.c    sets of relations made one at a time
 *                                 (co-orders, lazy-cross, linearisations)
 *   builtins  acy-cat-builtins.c  the predefined names bound per structure
 *                                 and per candidate (po, rf, fencerel...)
 *   interp    acy-cat-interp.c    expressions: operators, functions, patterns
 *   bounds    acy-cat-bounds.c    judging a partial choice on lower and upper
 *                                 bounds of the relations it leaves open
 *   plan      acy-cat-plan.c      the checks under the innermost `with` as a
 *                                 graph of operators, run once per choice
 *   exec      acy-cat-exec.c      top-level statements, `with`, checks, flags,
 *                                 the caches per level
 *
 * beside them acy-cat-judge.c, bookkeeping of which checks are worth
 * judging on a partial choice, which calls none of them.
 *
 * The rule: a layer calls only the layers below it. Two calls go up, each
 * said again where it is made:
 *   - interp -> exec, acy_cat_force_slot: with pruning on, a top-level let
 *     runs when a name it binds is first read, from inside an expression;
 *   - bounds -> exec, acy_cat_exec_top_stmt and acy_cat_force_slot: judging
 *     a prefix runs the top-level lets between the `with` and its checks
 *     exactly as exec would, which is the point of sharing them;
 * (stream sits below builtins rather than above interp: it needs only
 * values, and builtins binds its primitives to predefined names.)
 */
#pragma once

#include "acy-arena.h"
#include "acy-cat-ast.h"
#include "acy-model.h"

G_BEGIN_DECLS

typedef enum {
  ACY_CAT_V_EMPTY,     /* 0 / {}: the empty set, relation or set of values */
  ACY_CAT_V_UNIV,      /* _: all events, or all pairs of events */
  ACY_CAT_V_SET,       /* event set, bits */
  ACY_CAT_V_REL,       /* relation, n x n bits */
  ACY_CAT_V_EVENT,
  ACY_CAT_V_PAIR,      /* element of a relation */
  ACY_CAT_V_TAG,
  ACY_CAT_V_STRING,
  ACY_CAT_V_TUPLE,
  ACY_CAT_V_VSET,      /* set of values */
  ACY_CAT_V_CLOSURE,
  ACY_CAT_V_PRIM,
  ACY_CAT_V_PROC,
  ACY_CAT_V_STREAM,    /* set of relations made one at a time (acy-cat-stream.c) */
} AcyCatValueKind;

typedef enum {
  ACY_CAT_STREAM_ORDERS,
  ACY_CAT_STREAM_CROSS,
} AcyCatStreamKind;

typedef struct _AcyCatStream AcyCatStream;
typedef struct _AcyCatStreamIter AcyCatStreamIter;
typedef struct _AcyCatJudge AcyCatJudge;

typedef struct _AcyCatValue AcyCatValue;
typedef struct _AcyCatFrame AcyCatFrame;
typedef struct _AcyCatEval  AcyCatEval;
typedef struct _AcyCatVsetBuf AcyCatVsetBuf;

typedef AcyCatValue *(*AcyCatPrimFunc) (AcyCatEval        *ev,
                                        const AcyCatExpr  *at,
                                        AcyCatValue       *arg);

struct _AcyCatValue {
  guint8   kind;
  guint8   closed;     /* REL: known transitive, its own closure (a coherence order, r+) */
  guint    n;          /* TUPLE / VSET size */
  guint64  hash;       /* 0 = not computed yet */
  union {
    AcyWord        *bits;
    guint           ev;
    struct { guint a, b; } pair;
    const char     *str;   /* TAG name, STRING text */
    AcyCatValue   **items;
    struct { AcyCatValue **items; AcyCatVsetBuf *buf; } vset;  /* items as above */
    struct { const AcyCatExpr *fun; AcyCatFrame *env; } clo;
    AcyCatPrimFunc  prim;
    struct { const AcyCatStmt *proc; AcyCatFrame *env; } proc;
    AcyCatStream   *stream;
  } u;
};

struct _AcyCatFrame {
  AcyCatFrame  *parent;
  AcyCatValue  *slots[];
};

/* The predefined names, bound to root slots 0..ACY_CAT_N_PREDEF-1. */
typedef enum {
  ACY_CAT_P_R, ACY_CAT_P_W, ACY_CAT_P_M, ACY_CAT_P_F, ACY_CAT_P_IW,
  ACY_CAT_P_FW, ACY_CAT_P_RMW_SET, ACY_CAT_P_LKR, ACY_CAT_P_LKW, ACY_CAT_P_UL,
  ACY_CAT_P_LF, ACY_CAT_P_RL, ACY_CAT_P_RU, ACY_CAT_P_SRCU, ACY_CAT_P_B,
  ACY_CAT_P_A, ACY_CAT_P_NA, ACY_CAT_P_X, ACY_CAT_P_RLX, ACY_CAT_P_CON, ACY_CAT_P_ACQ,
  ACY_CAT_P_REL, ACY_CAT_P_ACQ_REL, ACY_CAT_P_SC, ACY_CAT_P_LK, ACY_CAT_P_LS,
  ACY_CAT_P_ANNOT,
  ACY_CAT_P_PO, ACY_CAT_P_ADDR, ACY_CAT_P_DATA, ACY_CAT_P_CTRL, ACY_CAT_P_RMW,
  ACY_CAT_P_RF, ACY_CAT_P_ID, ACY_CAT_P_LOC, ACY_CAT_P_INT, ACY_CAT_P_EXT,
  ACY_CAT_P_AMO,
  ACY_CAT_P_DOMAIN, ACY_CAT_P_RANGE, ACY_CAT_P_CLASSES_LOC,
  ACY_CAT_P_LINEARISATIONS, ACY_CAT_P_DIFFERENT_VALUES,
  ACY_CAT_P_TAG2EVENTS, ACY_CAT_P_CO_ORDERS, ACY_CAT_P_LAZY_CROSS,
  /* herd's si (same instance of a memory access: id on them, sizes not
   * mixed) and the architectures' event sets, which events carry as
   * tags of those names (engine/arch) */
  ACY_CAT_P_SI,
  ACY_CAT_P_MFENCE, ACY_CAT_P_SFENCE, ACY_CAT_P_LFENCE, ACY_CAT_P_NT,
  /* what herd gives a model that computes dependencies itself (catdep:
   * aarch64.cat): intra-instruction causality, the events of one
   * instance of an instruction, explicit and implicit accesses */
  ACY_CAT_P_IICO_DATA, ACY_CAT_P_IICO_CTRL, ACY_CAT_P_IICO_ORDER, ACY_CAT_P_SAME_INSTANCE,
  ACY_CAT_P_EXP, ACY_CAT_P_NEXP,
  /* AArch64's event sets (engine/arch/aarch64): register events and
   * their ports, branches, annotations, barriers; then the sets of the
   * features not supported here (page tables, caches, tags), empty */
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
  ACY_CAT_P_TLBI, ACY_CAT_P_DC_CVAU, ACY_CAT_P_IC_IALLU, ACY_CAT_P_IC_IALLUIS,
  ACY_CAT_P_IC_IVAU, ACY_CAT_P_TAG,
  ACY_CAT_P_EXC_ENTRY, ACY_CAT_P_EXC_RET, ACY_CAT_P_FAULT, ACY_CAT_P_SPURIOUS, ACY_CAT_P_SVC,
  ACY_CAT_P_TLBIIS, ACY_CAT_P_TLBINXS, ACY_CAT_P_TAGCHECK, ACY_CAT_P_PTE, ACY_CAT_P_D_PTE,
  ACY_CAT_P_I_PTE, ACY_CAT_P_PTEV, ACY_CAT_P_PTEINV, ACY_CAT_P_PTEAF0,
  ACY_CAT_P_RESTRICTED_CMODX, ACY_CAT_P_PTE_NORMAL, ACY_CAT_P_PTE_TAGGED_NORMAL,
  ACY_CAT_P_PTE_DEVICE_GRE, ACY_CAT_P_PTE_DEVICE_NGRE, ACY_CAT_P_PTE_DEVICE_NGNRE,
  ACY_CAT_P_PTE_DEVICE_NGNRNE, ACY_CAT_P_PTE_ISH, ACY_CAT_P_PTE_NSH, ACY_CAT_P_PTE_OSH,
  ACY_CAT_P_PTE_INC, ACY_CAT_P_PTE_IWB, ACY_CAT_P_PTE_IWT, ACY_CAT_P_PTE_ONC,
  ACY_CAT_P_PTE_OWB, ACY_CAT_P_PTE_OWT,
  /* ... and their relations, empty, and functions, that give nothing */
  ACY_CAT_P_PTE_TO_PA, ACY_CAT_P_SAME_TAG_LOC, ACY_CAT_P_RF_REG, ACY_CAT_P_ISB_REL,
  ACY_CAT_P_SAME_OA, ACY_CAT_P_AT_LEAST_ONE_WRITABLE,
  /* herd's sm: si */
  ACY_CAT_P_SM,
  ACY_CAT_N_PREDEF
} AcyCatPredef;

extern const char *const acy_cat_predef_names[ACY_CAT_N_PREDEF];

struct _AcyModel {
  AcyArena        *arena;         /* AST and names */
  char            *name;
  char            *arch;          /* herd's architecture of the model (its title's first word), or NULL */
  char           **variants;
  GPtrArray       *program;       /* flat top-level statements */
  guint            n_root_slots;
  GArray          *slot_valid_from; /* guint per root slot: first stmt index after its definition */
  GHashTable      *top_names;     /* name -> GArray of root slots, in order */
  GPtrArray       *defined_names; /* NULL-terminated */
  GPtrArray       *shown_names;   /* NULL-terminated */
  guint            max_linearisations;
  /* acy-cat-deps.c: what each statement and root slot depends on */
  guint8          *stmt_level;    /* per program statement */
  guint8          *slot_level;    /* per root slot */
  guint            n_withs;
  guint            n_levels;      /* 2 + n_withs */
  guint            n_expr_memos;  /* subexpressions with a memo */
};

#define ACY_CAT_LEVEL_STRUCTURE 0
#define ACY_CAT_LEVEL_CANDIDATE 1
#define ACY_CAT_LEVEL_NOCACHE   255
#define ACY_CAT_MAX_WITHS       200

/* What a top-level statement computed last, kept while nothing it
 * depends on changes. Values live in the arena of the statement's level. */
typedef struct {
  guint64       stamp;     /* cache tick of the computation, 0 = never */
  gboolean      holds;     /* check: the test's outcome (before negation) */
  AcyWord      *rel;       /* check: the relation tested, for the verdict */
  AcyWord      *order;     /* acyclic check: the order its relation kept last
                            * (acy_rel_is_acyclic_in), 64 words, or NULL */
  AcyCatValue **elts;      /* with: the choices */
  guint         count;
  AcyCatValue  *stream;    /* with: the choices, when made one at a time */
  AcyCatJudge  *judge;     /* with: which checks judge prefixes (acy-cat-judge.c) */
  struct _AcyCatPlan *plan; /* innermost with: its checks as a plan (acy-cat-plan.c) */
  guint8        plan_made; /* with: plan is as it will stay (NULL: none) */
  guint8        level;     /* let: the level its value turned out to depend on */
} AcyCatMemo;

typedef struct {
  guint64       stamp;
  AcyCatValue  *value;
  guint8        level;     /* the level value is kept at */
} AcyCatExprMemo;

/* Per-runner evaluation state that outlives one candidate: one arena per
 * level (level 0 reset when the structure changes, level 1 per
 * candidate, level 2 + i per choice of the i-th `with`), the root frame
 * and the statement memo. */
typedef struct {
  guint          n_levels;
  AcyArena     **arenas;
  guint64       *epoch;       /* per level: tick of the last change at or below it */
  guint64        tick;
  AcyCatMemo    *memo;        /* per program statement */
  AcyCatExprMemo *expr_memo;  /* per memoised subexpression */
  AcyCatFrame   *root;
  guint          n_dynamic;
  guint         *dynamic_slots; /* root slots of level >= 1, cleared per candidate */
  gboolean       have_structure;
  guint64        structure_id;
  guint          structure_n;
  const char   **flags;       /* flags raised in the current outcome, NULL-terminated */
  guint          cap_flags;
  gboolean       prune;       /* skip orders a check rejects whatever their completion */
  gboolean       no_plans;    /* with pruning: run the innermost with's checks in the interpreter */
  struct _AcyCatPlan *plan_now; /* the plan running the current choice's checks, or NULL */
  AcyArena      *scratch;     /* acy-cat-bounds.c, reset at each prefix judged */
  gpointer      *pending;     /* acy-cat-bounds.c: per statement, its top-level let's
                               * bindings as not yet evaluated (made once, read only) */
  AcyWord       *widest[4];   /* acy-cat-bounds.c: no event, every event, no pair, every pair */
  guint          widest_n;    /* ... on this many events */
  /* With pruning on, top-level lets run when a name they bind is first
   * read rather than where they stand (each runs where it stands the
   * first time, so that a faulty one is reported as before), and flags
   * are raised only for allowed outcomes. */
  const AcyModel *model;
  guint         *slot_def;    /* per root slot: the top-level let binding it, or G_MAXUINT */
  gboolean      *evaluated;   /* per statement: has run at least once */
  gboolean      *let_failed;  /* per statement: a top-level let whose last run was a type error,
                               * run again (and the error raised) when its name is read */
  guint         *flag_stmts;  /* top-level flag and undefined checks, in order */
  guint          n_flag_stmts;
  guint          n_unevaluated; /* top-level lets that have never run */
  guint          n_lazy;
  guint         *lazy_slots;  /* dynamic slots top-level lets bind, highest level first */
  /* per level, and one more for values never kept (NOCACHE): the lazy
   * slots bound at it since it last changed, all that cache_bump() has
   * to clear; a list that overflowed makes it look at every lazy slot */
  guint        **bound;
  guint         *n_bound;
  gboolean      *bound_lost;
  guint64        branches;    /* with choices taken and prefixes judged for this candidate */
  guint64        max_branches;
  /* acy_model_runner_set_halt (), looked at by acy_cat_halted () */
  GCancellable  *cancellable;
  gint64         deadline;
  guint64        max_memory;
  gint64         next_memory_look;  /* monotonic time of the next look at the memory in use */
  AcyCatJudge   *rf_judge;    /* which checks judge partial rfs (acy_model_runner_rf_hopeless) */
  AcyCatJudge   *rf_shared_judge; /* the same, for those all workers judge (shared) */
  gboolean       values_read; /* different-values was given a pair (acy_model_runner_read_values) */
  guint         *skip_to;     /* per statement: the first at or after it that runs where it stands */
  /* per root slot: the level its value depends on, as it turned out
   * when computed (a let's static level, or lower when the parts that
   * depend on more were not needed: `r ; s` with s empty) */
  guint8        *slot_eff;
} AcyCatCache;

/* Whether the subexpression memo @m holds a value still good: nothing
 * at or below the level it is kept at changed since (never set: stamp 0). */
static inline gboolean
acy_cat_expr_memo_kept (const AcyCatCache *c, const AcyCatExprMemo *m)
{
  return m->stamp > c->epoch[m->level];
}

struct _AcyModelEnv {
  AcyCatEval *ev;
  guint       upto;    /* statements before this index have run */
};

struct _AcyCatEval {
  const AcyModel      *model;
  const AcyExecution  *x;
  guint                n;
  guint                words;
  gsize                rel_words;
  AcyArena            *arena;
  guint                depth;
  GError             **error;
  AcyCatFrame         *root;
  AcyCatCache         *cache;
  guint                cur_level;   /* the innermost level in effect: 1 + withs entered */
  guint                reached;     /* top-level statements before this one have been reached */
  guint                eager;       /* > 0: run lets and flags now (see AcyCatCache) */
  guint8               read_level;  /* the highest level of the top-level names read so far */
  guint                trial;       /* > 0: in the body of a call run as one test (-strictskip) */
  /* the outermost application being evaluated: an error inside the
   * function (in stdlib.cat, say) also names this call */
  const AcyCatExpr    *call_site;
  /* outcome state */
  guint                n_flags;
  AcyVerdictFunc       func;
  gpointer             user_data;
};

/* Choices of `with` (coherence orders...) per candidate, nested ones
 * multiplying: beyond this, the candidate ends with a limit error. */
#define ACY_CAT_MAX_BRANCHES 4000000

#define ACY_CAT_MAX_EVAL_DEPTH 10000
/* acy_cat_eval looks at the clock every this many evaluations */
#define ACY_CAT_EVALS_PER_LOOK 1024
#define ACY_CAT_MAX_TAIL_CALLS 1000000   /* calls in tail position, in a row */
#define ACY_CAT_MAX_FIXPOINT_ROUNDS 100000

/* ---- before evaluation: acy-cat-resolve.c, acy-cat-deps.c ---- */
gboolean     acy_cat_resolve (AcyModel             *model,
                              const AcyCatStmtList *const *files,
                              const gboolean       *file_is_prelude,
                              guint                 n_files,
                              GError              **error);

gboolean     acy_cat_compute_levels (AcyModel *model, GError **error);

/* An expression standing alone (acy-cat-query.c), against the top-level
 * names bound before statement @upto; its locals live in a frame of
 * *@n_slots slots under the root. */
gboolean     acy_cat_resolve_expression (const AcyModel *model,
                                         AcyCatExpr     *e,
                                         guint           upto,
                                         guint          *n_slots,
                                         GError        **error);

/* ---- values: acy-cat-values.c ---- */
AcyCatValue *acy_cat_value_new    (AcyCatEval *ev, AcyCatValueKind kind);
AcyCatValue *acy_cat_new_set      (AcyCatEval *ev);   /* zeroed */
AcyCatValue *acy_cat_new_rel      (AcyCatEval *ev);   /* zeroed */
AcyWord     *acy_cat_to_set       (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *v);
AcyWord     *acy_cat_to_rel       (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *v);
void         acy_cat_type_error   (AcyCatEval *ev, const AcyCatExpr *at, const char *what, AcyCatValue *v);
const char  *acy_cat_value_kind_name (const AcyCatValue *v);
AcyCatValue *acy_cat_new_rel_raw  (AcyCatEval *ev);   /* uninitialised bits */
AcyCatValue *acy_cat_new_set_raw  (AcyCatEval *ev);

typedef enum { CLS_POLY, CLS_SET, CLS_REL, CLS_VSET, CLS_OTHER } AcyCatClass;
AcyCatClass  acy_cat_classify     (const AcyCatValue *v);

guint64      acy_cat_value_hash    (AcyCatEval *ev, AcyCatValue *v);
gboolean     acy_cat_value_equal   (AcyCatEval *ev, AcyCatValue *a, AcyCatValue *b);
gboolean     acy_cat_vset_contains (AcyCatEval *ev, AcyCatValue *set, AcyCatValue *v);
AcyCatValue *acy_cat_vset_new      (AcyCatEval *ev, guint cap);
AcyCatValue *acy_cat_vset_add      (AcyCatEval *ev, AcyCatValue *set, AcyCatValue *elt);
gboolean     acy_cat_is_empty_value (AcyCatEval *ev, AcyCatValue *v);

/* ---- stream: acy-cat-stream.c ---- */
/* @depth: positions placed (0 before any); the bounds of the prefix
 * from acy_cat_stream_iter_bounds(), worked out only if asked for */
typedef gboolean (*AcyCatPruneFunc) (gpointer data, guint depth, AcyCatStreamIter *it);

AcyCatStreamIter *acy_cat_stream_iter_new  (AcyCatEval *ev, const AcyCatStream *s);
/* ORDERS streams: skip every order extending a prefix for which @func,
 * given the pairs every completion has (lo) and may have (hi), says so.
 * Before the first order: the blocks with the most orders then come
 * first, so the orders come in another sequence (the same ones). */
void              acy_cat_stream_iter_set_prune (AcyCatStreamIter *it, AcyCatPruneFunc func,
                                                 gpointer data);
/* In the prune function: the pairs every completion of the prefix has
 * (lo) and may have (hi), valid until it returns. */
void              acy_cat_stream_iter_bounds (AcyCatStreamIter *it, const AcyWord **lo,
                                              const AcyWord **hi);
AcyCatValue      *acy_cat_stream_iter_next (AcyCatStreamIter *it, AcyCatEval *ev);
void              acy_cat_stream_iter_free (AcyCatStreamIter *it);
gboolean          acy_cat_co_hint_applies  (AcyCatEval *ev, const AcyWord *set);
void              acy_cat_stream_bounds    (AcyCatEval *ev, const AcyCatStream *s,
                                            AcyWord *lo, AcyWord *hi);
AcyCatValue      *acy_cat_force            (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *v);
AcyCatValue      *acy_cat_prim_linearisations (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg);
AcyCatValue      *acy_cat_prim_co_orders   (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg);
AcyCatValue      *acy_cat_prim_lazy_cross  (AcyCatEval *ev, const AcyCatExpr *at, AcyCatValue *arg);

/* ---- builtins: acy-cat-builtins.c ---- */
void         acy_cat_bind_structure  (AcyCatEval *ev);  /* level 0 predefined names */
void         acy_cat_bind_candidate  (AcyCatEval *ev);  /* rf and FW */
AcyWord     *acy_cat_tag_events      (AcyCatEval *ev, const char *tag);

/* ---- interp: acy-cat-interp.c ---- */
AcyCatValue *acy_cat_eval         (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatExpr *e);
/* A copy of @v in the arena of @level, for a value found to depend on
 * no more than that level (settle_let(), eval_memo()): sets, relations,
 * empty, universe, and functions made in the root frame; NULL for
 * values of other kinds, which are not kept. */
AcyCatValue *acy_cat_keep_at      (AcyCatEval *ev, AcyCatValue *v, guint8 level);
/* TRUE (and ev->error, placed at @loc near @near) when the caller asked
 * evaluation to stop: cancelled, past the deadline, over the memory
 * bound (see acy_model_runner_set_halt ()). */
gboolean     acy_cat_halted       (AcyCatEval *ev, AcyLoc loc, const char *near);
AcyCatValue *acy_cat_binop        (AcyCatEval *ev, const AcyCatExpr *e, AcyCatValue *a, AcyCatValue *b);
AcyCatValue *acy_cat_unop         (AcyCatEval *ev, const AcyCatExpr *e, AcyCatValue *a);
AcyCatFrame *acy_cat_frame_new    (AcyCatEval *ev, AcyCatFrame *parent, guint n_slots);
gboolean     acy_cat_bind_pattern (AcyCatEval *ev, AcyCatFrame *fr, const AcyCatPat *pat,
                                   AcyCatValue *v, const AcyCatExpr *at);
gboolean     acy_cat_bind_let     (AcyCatEval *ev, AcyCatFrame *fr, guint n, const AcyCatBinding *b);
gboolean     acy_cat_bind_rec     (AcyCatEval *ev, AcyCatFrame *fr, guint n, const AcyCatBinding *b,
                                   const AcyCatExpr *at);

/* ---- bounds: acy-cat-bounds.c ---- */
/* Whether some check among @items[with_index + 1 .. upto - 1] fails for
 * every relation between @lo and @hi bound by the with @items[with_index]
 * (of level @wlevel): 1 + the index of the first that does, or 0. @lo
 * is transitive (a coherence order's prefix,
 * acy_cat_stream_iter_bounds()). */
guint        acy_cat_bounds_fail  (AcyCatEval *ev, AcyCatFrame *fr, AcyCatStmt *const *items,
                                   guint with_index, guint upto, guint wlevel,
                                   AcyCatJudge *judge, const AcyWord *lo, const AcyWord *hi);
/* Whether some check fails for every candidate of the structure of
 * ev->x whose rf lies between @rf_lo and @rf_hi (its final writes being
 * any), judging statements before @upto: 1 + the index of the first that
 * does, or 0. The structure must be bound (acy_cat_start_structure).
 * @own: only this runner judges these choices (no other worker must
 * decide alike), so what its own candidates left may be read. */
guint        acy_cat_bounds_candidate_fail (AcyCatEval *ev, const AcyWord *rf_lo,
                                            const AcyWord *rf_hi, guint upto,
                                            AcyCatJudge *judge, gboolean own);
/* One past the last check worth judging on bounds after the with
 * @items[with_index], 0 if none. */
guint        acy_cat_bounds_last_check (const AcyModel *m, AcyCatStmt *const *items, guint n,
                                        guint with_index, guint wlevel);

/* ---- exec: acy-cat-exec.c ---- */
AcyCatCache *acy_cat_cache_new    (const AcyModel *model);
void         acy_cat_cache_free   (AcyCatCache *cache);
gboolean     acy_cat_run          (AcyCatEval *ev);
/* Binds what depends on the event structure of ev->x, unless bound for
 * it already. */
void         acy_cat_start_structure (AcyCatEval *ev);
/* The value of root slot @slot if a top-level let reached but not run
 * yet binds it (running it now), else NULL. */
AcyCatValue *acy_cat_force_slot  (AcyCatEval *ev, guint slot);
/* Runs the top-level let, enum or procedure @items[i] as acy_cat_run
 * would, at its level and keeping its result; FALSE on error. */
gboolean     acy_cat_exec_top_stmt (AcyCatEval *ev, AcyCatFrame *fr, AcyCatStmt *const *items, guint i);

/* ---- beside the layers: acy-cat-judge.c ---- */
/* Which checks judge a partial choice (a prefix of a coherence order, part of an rf), from what judging them at the same
 * depth has saved so far. The plain checks among statements @from ..
 * @upto - 1 of level >= @wlevel take part. A judgement: begin() at a
 * depth gives one past the last check wanted (0: judge nothing), the
 * walk asks wants() of each check (which notes when it starts) and
 * reports ran(), end() says whether the choice was rejected. close()
 * once the choices are all made.
 * @by_clock: time by the clock, else in units (see acy-cat-judge.c). */
AcyCatJudge *acy_cat_judge_new    (const AcyModel *m, guint from, guint upto, guint wlevel,
                                   gboolean by_clock);
void         acy_cat_judge_add    (AcyCatJudge *j, guint units);
void         acy_cat_judge_free   (AcyCatJudge *j);
guint        acy_cat_judge_begin  (AcyCatJudge *j, guint depth);
gboolean     acy_cat_judge_wants  (const AcyCatJudge *j, guint stmt, gint64 *start);
void         acy_cat_judge_ran    (AcyCatJudge *j, guint stmt, gboolean failed, gint64 start);
void         acy_cat_judge_end    (AcyCatJudge *j, gboolean failed);
void         acy_cat_judge_close  (AcyCatJudge *j);

G_END_DECLS
