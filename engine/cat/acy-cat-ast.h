/* acy-cat-ast.h - syntax tree of cat models
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The parser builds these nodes in the model's arena; the resolver then
 * fills in the slot fields (depth, slot, n_slots), so the interpreter
 * never looks a name up by string.
 */
#pragma once

#include <glib.h>

#include "acy-error.h"

G_BEGIN_DECLS

typedef struct _AcyCatExpr AcyCatExpr;
typedef struct _AcyCatStmt AcyCatStmt;
typedef struct _AcyCatVariantCond AcyCatVariantCond;

/* A condition on variants, as herd7 reads it after `if`: a name in
 * double quotes (after an optional `variant`), `not`, `&&`, `||` and
 * parentheses. */
typedef enum {
  ACY_CAT_VCOND_NAME,
  ACY_CAT_VCOND_NOT,
  ACY_CAT_VCOND_AND,
  ACY_CAT_VCOND_OR,
} AcyCatVariantCondKind;

struct _AcyCatVariantCond {
  AcyCatVariantCondKind kind;
  const char           *name;   /* NAME */
  AcyCatVariantCond    *a, *b;  /* NOT: a; AND, OR: a, b */
};

typedef enum {
  ACY_CAT_E_EMPTY,      /* 0, {} */
  ACY_CAT_E_UNIV,       /* _ */
  ACY_CAT_E_VAR,
  ACY_CAT_E_UNBOUND,    /* a name no scope defines, inside `try` */
  ACY_CAT_E_TAG,        /* 'name */
  ACY_CAT_E_STRING,
  ACY_CAT_E_SET,        /* { e1, ..., en } */
  ACY_CAT_E_TUPLE,      /* (), (e1, ..., en) */
  ACY_CAT_E_BINOP,
  ACY_CAT_E_UNOP,
  ACY_CAT_E_APP,
  ACY_CAT_E_FUN,
  ACY_CAT_E_LET,
  ACY_CAT_E_LETREC,
  ACY_CAT_E_MATCH_SET,
  ACY_CAT_E_MATCH_TAG,
  ACY_CAT_E_TRY,
  ACY_CAT_E_IF,
} AcyCatExprKind;

typedef enum {
  ACY_CAT_OP_UNION,
  ACY_CAT_OP_ADD,       /* ++ */
  ACY_CAT_OP_SEQ,
  ACY_CAT_OP_DIFF,
  ACY_CAT_OP_INTER,
  ACY_CAT_OP_CART,
} AcyCatBinOp;

typedef enum {
  ACY_CAT_OP_COMP,
  ACY_CAT_OP_STAR,
  ACY_CAT_OP_PLUS,
  ACY_CAT_OP_OPT,
  ACY_CAT_OP_INV,
  ACY_CAT_OP_TOID,      /* [e] */
} AcyCatUnOp;

typedef enum {
  ACY_CAT_COND_VARIANT,
  ACY_CAT_COND_EQ,
  ACY_CAT_COND_SUBSET,
  ACY_CAT_COND_IN,
} AcyCatCondKind;

/* A pattern: one name (`x`, `_` as NULL) or a tuple of names. */
typedef struct {
  guint         n;
  gboolean      tuple;
  const char  **names;
  guint        *slots;
} AcyCatPat;

typedef struct {
  AcyLoc       loc;
  AcyCatPat    pat;
  AcyCatExpr  *e;
} AcyCatBinding;

struct _AcyCatExpr {
  AcyCatExprKind kind;
  AcyLoc         loc;
  const char    *near;   /* the token the node starts with, for messages */
  /* Set by acy-cat-deps.c on a subexpression that depends on less than
   * its statement: 1 + its index in the runner's expression memo, and
   * the level it depends on. 0 = evaluate every time. */
  guint          memo;
  guint8         memo_level;
  /* A memo whose level only the run can tell (memo_level is then the
   * statement's): see eval_memo(). */
  guint8         memo_dynamic;
  /* Levels of nodes below and including this one, set by the parser,
   * which refuses trees deeper than ACY_CAT_MAX_NESTING: every walk
   * over an expression recurses at most that deep. */
  guint16        height;
  union {
    struct { const char *name; guint depth; guint slot; } var;
    const char *str;                       /* UNBOUND name, STRING, TAG name */
    struct { guint n; AcyCatExpr **items; } list;
    struct { AcyCatBinOp op; AcyCatExpr *a, *b; } bin;
    struct { AcyCatUnOp op; AcyCatExpr *a; } un;
    struct { AcyCatExpr *f, *arg; } app;
    struct {
      AcyCatPat    pat;
      AcyCatExpr  *body;
      guint        n_slots;
      const char  *name;
    } fun;
    struct { guint n; AcyCatBinding *b; AcyCatExpr *body; } let;
    struct {
      AcyCatExpr *e;
      AcyCatExpr *if_empty;
      const char *elt, *rest;
      guint       elt_slot, rest_slot;
      AcyCatExpr *if_cons;
    } mset;
    struct {
      AcyCatExpr  *e;
      guint        n;
      const char **tags;
      AcyCatExpr **cases;
      AcyCatExpr  *dflt;  /* nullable */
    } mtag;
    struct { AcyCatExpr *e, *fallback; } try_;
    struct {
      AcyCatCondKind cond;
      AcyCatVariantCond *vcond;   /* ACY_CAT_COND_VARIANT */
      AcyCatExpr    *a, *b;
      AcyCatExpr    *then_, *else_;
    } if_;
  } u;
};

typedef struct {
  guint         n;
  AcyCatStmt  **items;
} AcyCatStmtList;

typedef enum {
  ACY_CAT_S_LET,
  ACY_CAT_S_LETREC,
  ACY_CAT_S_CHECK,
  ACY_CAT_S_SHOW,
  ACY_CAT_S_UNSHOW,
  ACY_CAT_S_INCLUDE,
  ACY_CAT_S_PROCEDURE,
  ACY_CAT_S_CALL,
  ACY_CAT_S_WITH,
  ACY_CAT_S_FORALL,
  ACY_CAT_S_ENUM,
  ACY_CAT_S_INSTRUCTIONS,
  ACY_CAT_S_IF_VARIANT,
} AcyCatStmtKind;

typedef enum {
  ACY_CAT_TEST_ACYCLIC,
  ACY_CAT_TEST_IRREFLEXIVE,
  ACY_CAT_TEST_EMPTY,
} AcyCatTest;

typedef enum {
  ACY_CAT_CHECK_PLAIN,
  ACY_CAT_CHECK_FLAG,
  ACY_CAT_CHECK_REQUIRES,
} AcyCatCheckMode;

struct _AcyCatStmt {
  AcyCatStmtKind kind;
  AcyLoc         loc;
  const char    *near;
  union {
    struct { guint n; AcyCatBinding *b; } let;
    struct {
      AcyCatTest      test;
      gboolean        negated;
      AcyCatCheckMode mode;
      AcyCatExpr     *e;
      const char     *name;   /* `as NAME`, nullable */
      const char     *text;   /* the check as written, blanks squeezed */
    } check;
    struct {
      AcyCatExpr  *e;       /* show e as NAME; NULL for a name list */
      guint        n;
      const char **names;
    } show;
    struct {
      const char    *path;      /* as found */
      AcyCatStmtList body;
      gboolean       skipped;   /* already included once */
      gboolean       prelude;   /* from the built-in models directory */
    } include;
    struct {
      const char    *name;
      AcyCatPat      pat;
      AcyCatStmtList body;
      guint          slot;
      guint          n_slots;
    } proc;
    struct {
      const char  *name;
      guint        depth, slot;
      AcyCatExpr  *arg;
      const char  *as;
      /* -strictskip true names it: the body runs as one test, which
       * the outcome must fail (herd7 keeps the outcomes where it does) */
      gboolean     must_fail;
    } call;
    struct { const char *var; guint slot; AcyCatExpr *e; } with;
    struct {
      const char    *var;
      guint          slot;
      AcyCatExpr    *e;
      AcyCatStmtList body;
    } forall;
    struct {
      const char  *name;
      guint        slot;
      guint        n;
      const char **tags;
      guint       *tag_slots;   /* per tag: the set of its events, named as herd7 names it (capitalised) */
    } enum_;
    struct {
      AcyCatVariantCond *vcond;
      AcyCatStmtList     then_, else_;
    } ifv;
  } u;
};

G_END_DECLS

G_BEGIN_DECLS
/* Fully bracketed text of @e, for tests and debugging. */
char *acy_cat_expr_to_string (const AcyCatExpr *e);
/* Whether @c holds when the variants @variants (nullable) are set. */
gboolean acy_cat_variant_cond_holds (const AcyCatVariantCond *c, char **variants);
G_END_DECLS
