/* acy-litmus-ast.h - syntax trees of C litmus tests and macro files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Private to engine/litmus. Nodes live in the arena of the test (or of the
 * macro file) and are never freed one by one.
 */
#pragma once

#include <glib.h>

#include "acy-error.h"
#include "acy-execution.h"

G_BEGIN_DECLS

typedef enum {
  ACY_LOP_NONE,
  ACY_LOP_ADD, ACY_LOP_SUB, ACY_LOP_MUL, ACY_LOP_DIV, ACY_LOP_MOD,
  ACY_LOP_AND, ACY_LOP_OR, ACY_LOP_XOR, ACY_LOP_ANDNOT,
  ACY_LOP_SHL, ACY_LOP_SHR,
  ACY_LOP_EQ, ACY_LOP_NE, ACY_LOP_LT, ACY_LOP_LE, ACY_LOP_GT, ACY_LOP_GE,
  ACY_LOP_LAND, ACY_LOP_LOR,
  ACY_LOP_NOT, ACY_LOP_NEG, ACY_LOP_BNOT,   /* unary */
} AcyLitOp;

typedef enum {
  ACY_LEXPR_INT,      /* value */
  ACY_LEXPR_NAME,     /* name; after lowering: reg */
  ACY_LEXPR_DEREF,    /* *a: the location whose address is a */
  ACY_LEXPR_ADDROF,   /* &name: the address of shared location name */
  ACY_LEXPR_UNARY,    /* op a */
  ACY_LEXPR_BINARY,   /* a op b */
  ACY_LEXPR_CALL,     /* name{tag}(args); after lowering: core */
  ACY_LEXPR_OPARG,    /* an operator passed to a macro: `+`, `&~` (op) */
} AcyLitExprKind;

/* The core operations macros expand to. */
typedef enum {
  ACY_CORE_NONE,
  ACY_CORE_LOAD,            /* __load{t}(*A) */
  ACY_CORE_STORE,           /* __store{t}(*A,V) */
  ACY_CORE_FENCE,           /* __fence{t} */
  ACY_CORE_XCHG,            /* __xchg{t}(A,V) */
  ACY_CORE_CMPXCHG,         /* __cmpxchg{t}(A,O,N) */
  ACY_CORE_ATOMIC_OP,       /* __atomic_op{t}(A,op,V) */
  ACY_CORE_ATOMIC_OP_RETURN,
  ACY_CORE_ATOMIC_FETCH_OP,
  ACY_CORE_ADD_UNLESS,      /* __atomic_add_unless{t}(A,V,U) */
  ACY_CORE_LOCK,            /* __lock(A) */
  ACY_CORE_UNLOCK,
  ACY_CORE_TRYLOCK,
  ACY_CORE_ISLOCKED,
  ACY_CORE_SRCU,            /* __srcu{t}(A) */
  /* C11 atomics (acy-litmus-c11.c): the memory orders are in the
   * expression's c11_mo / c11_fail_mo, the operation of a fetch in op */
  ACY_CORE_C11_LOAD,        /* atomic_load_explicit(A,mo) */
  ACY_CORE_C11_STORE,       /* atomic_store_explicit(A,V,mo) */
  ACY_CORE_C11_FENCE,       /* atomic_thread_fence(mo) */
  ACY_CORE_C11_EXCHANGE,    /* atomic_exchange_explicit(A,V,mo) */
  ACY_CORE_C11_FETCH,       /* atomic_fetch_OP_explicit(A,V,mo) */
  ACY_CORE_C11_CAS,         /* atomic_compare_exchange_{strong,weak}[_explicit](A,E,V[,mo,mo]) */
  ACY_CORE_C11_LOCK,        /* mtx_lock(A) or lock(A), a statement; mtx_unlock is ACY_CORE_UNLOCK */
} AcyLitCore;

/* C11 memory orders, as event kinds (ACY_EV_RLX ...), 0 for none. */
typedef guint32 AcyLitMemOrder;

typedef struct _AcyLitExpr AcyLitExpr;
typedef struct _AcyLitStmt AcyLitStmt;

struct _AcyLitExpr {
  AcyLitExprKind kind;
  AcyLoc         loc;
  AcyLitOp       op;
  gint64         value;
  const char    *name;
  const char    *tag;
  gboolean       call_parens;  /* `f()` as opposed to `__fence{mb}` */
  AcyLitExpr    *a, *b;
  AcyLitExpr   **args;
  guint          n_args;
  gint           reg;          /* NAME after lowering */
  AcyLitCore     core;         /* CALL after lowering */
  gint           tag_index;    /* CALL after lowering, -1 none */
  AcyLitMemOrder c11_mo;       /* C11 CALL after lowering: its memory order */
  AcyLitMemOrder c11_fail_mo;  /* a compare-exchange: the order when it fails */
  gboolean       c11_strong;   /* a compare-exchange: strong (fails only on a mismatch) */
  guint          height;       /* levels of nodes below and including this one */
  guint8         symbolic;     /* acy_herd_expr_is_symbolic, once asked: 0 unknown, 1 no, 2 yes */
};

typedef enum {
  ACY_LSTMT_EXPR,     /* expr; */
  ACY_LSTMT_ASSIGN,   /* lhs (NAME) = expr; */
  ACY_LSTMT_STORE,    /* *lhs->a = expr; (plain store) */
  ACY_LSTMT_DECL,     /* type name [= expr]; */
  ACY_LSTMT_IF,       /* if (expr) then_s [else else_s] */
  ACY_LSTMT_BLOCK,    /* { body } */
  ACY_LSTMT_WHILE,    /* while (expr) then_s, unrolled as herd7 does */
} AcyLitStmtKind;

struct _AcyLitStmt {
  AcyLitStmtKind kind;
  AcyLoc         loc;
  AcyLitExpr    *lhs;
  AcyLitExpr    *expr;
  AcyLitStmt    *then_s;
  AcyLitStmt    *else_s;
  AcyLitStmt   **body;
  guint          n_body;
  const char    *name;     /* DECL */
  gint           reg;      /* DECL, ASSIGN after lowering */
};

/* Condition / filter propositions. */
typedef enum {
  ACY_LPROP_TRUE,
  ACY_LPROP_FALSE,
  ACY_LPROP_ATOM,
  ACY_LPROP_NOT,
  ACY_LPROP_AND,
  ACY_LPROP_OR,
  ACY_LPROP_IMPLIES,
} AcyLitPropKind;

/* A state variable: a register (thread >= 0) or a location (thread -1). */
typedef struct {
  gint        thread;
  gint        index;   /* register or location; registers resolved late */
  const char *name;
  AcyLoc      loc;
  gint        slot;    /* position among the tracked variables */
} AcyLitVar;

typedef struct _AcyLitProp AcyLitProp;
struct _AcyLitProp {
  AcyLitPropKind kind;
  AcyLoc         loc;
  AcyLitProp    *a, *b;
  AcyLitVar      lhs;
  gboolean       rhs_is_var;
  AcyLitVar      rhs_var;
  AcyValue       rhs_value;
  guint          height;       /* levels of nodes below and including this one */
  /* FALSE made from herd7's fault(PN) or fault(PN,x): a C test has no
   * fault, so it never holds */
  gboolean       fault;
  guint          fault_thread;
  const char    *fault_loc;    /* nullable */
};

G_END_DECLS
