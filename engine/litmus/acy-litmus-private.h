/* acy-litmus-private.h - shared structures of the litmus front end
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acy-arena.h"
#include "acy-litmus-ast.h"
#include "acy-litmus-lexer.h"
#include "acy-test.h"

G_BEGIN_DECLS

#define ACY_LIT_MAX_DEPTH       1000   /* nesting of expressions and statements */
#define ACY_LIT_MAX_EXPANSION   64     /* macros calling macros */
#define ACY_LIT_MAX_EXPANDED    200000 /* nodes macro expansion may make in one test */
#define ACY_LIT_MAX_TAGS        64
#define ACY_LIT_MAX_THREAD_EVENTS 256
#define ACY_LIT_UNSIGNED        0x80   /* AcyTest.tracked_bits: an unsigned type */

/* ---- parser (acy-litmus-parser.c) ---- */

typedef struct {
  AcyArena          *arena;
  const AcyLitToken *toks;
  guint              pos;
  guint              depth;
  const char        *filename;
  gboolean           herd_c;    /* a test (not a macro file): herd7's C, no `!` */
  gboolean           macro_file; /* a macro file: herd7's C blocks too */
  AcyHalt           *halt;      /* nullable: looked at on entering a statement or operand */
  const AcyLitComment *comments;  /* a test's, for the braces in them (parse_thread) */
  guint              n_comments;
  /* Errors of the test that herd7 finds only once it has read the
   * whole test, after the code's macros and the condition: the first of
   * each kind, raised then (acy_lit_check_read_test). */
  GError            *init_twice;  /* a name given twice */
  GError            *int_range;   /* an integer its 32-bit values cannot hold */
  GError            *new_location; /* the condition's location nothing else names */
  GError            *init_size;   /* a type it cannot size, or one not supported */
  gboolean           s128;        /* herd7's variant S128: 128-bit locations */
} AcyLitParser;

/* Token access shared by the test parser and the condition parser. */
static inline const AcyLitToken *
peek (AcyLitParser *ps)
{
  return &ps->toks[ps->pos];
}

static inline const AcyLitToken *
peek_at (AcyLitParser *ps, guint k)
{
  guint i = ps->pos;

  while (k-- > 0 && ps->toks[i].kind != ACY_LTOK_EOF)
    i++;
  return &ps->toks[i];
}

static inline const AcyLitToken *
advance (AcyLitParser *ps)
{
  const AcyLitToken *t = &ps->toks[ps->pos];

  if (t->kind != ACY_LTOK_EOF)
    ps->pos++;
  return t;
}

AcyLitExpr *acy_lit_parse_expr  (AcyLitParser *ps, GError **error);
/* Sets @e's height from its children's; FALSE (and @error, placed at @e
 * near @near) when the tree is deeper than ACY_LIT_MAX_DEPTH, which
 * bounds every walk over it. */
gboolean    acy_lit_expr_seal   (AcyLitExpr *e, const char *near, GError **error);
/* Statements up to (not including) the closing `}`; @open is the `{`. */
gboolean    acy_lit_parse_block_body (AcyLitParser *ps, const AcyLitToken *open,
                                      AcyLitStmt ***body, guint *n_body,
                                      GError **error);
AcyLitExpr *acy_lit_expr_new    (AcyArena *arena, AcyLitExprKind kind, AcyLoc loc);
AcyLitStmt *acy_lit_stmt_new    (AcyArena *arena, AcyLitStmtKind kind, AcyLoc loc);
gboolean    acy_lit_expect      (AcyLitParser *ps, const char *punct, const char *what, GError **error);
/* TRUE (and the token taken) when the next token is @punct. */
gboolean    acy_lit_accept      (AcyLitParser *ps, const char *punct);
/* @msg at @t, followed by "near '<t>'". */
void        acy_lit_error_near  (AcyLitParser *ps, GError **error, AcyErrorCode code,
                                 const AcyLitToken *t, const char *msg);
/* @punct, or an error naming the @open token it should close. */
gboolean    acy_lit_expect_close (AcyLitParser *ps, const char *punct, const AcyLitToken *open,
                                  GError **error);
/* A type word of C or the kernel's that herd7's C does not know (u32,
 * bool, size_t...), and the error for it, near @at */
gboolean    acy_lit_is_foreign_type_word (const AcyLitToken *t);
gboolean    acy_lit_foreign_type_error (AcyLitParser *ps, const AcyLitToken *type,
                                        const AcyLitToken *at, GError **error);
gboolean    acy_lit_check_c_type (AcyLitParser *ps, guint k, guint *after, guint *stars,
                                  GError **error);
gboolean    acy_lit_check_not_thread_word (AcyLitParser *ps, const AcyLitToken *t, GError **error);
gboolean    acy_lit_check_state_int (const AcyLitToken *t, gboolean minus, GError **error);

/* ---- macros (acy-macros.c) ---- */

typedef struct {
  const char  *name;
  AcyLoc       loc;
  const char **params;
  guint        n_params;
  gboolean     has_parens;
  AcyLitExpr  *body_expr;    /* expression macro, or */
  AcyLitStmt  *body_block;   /* statement macro (a BLOCK) */
} AcyLitMacro;

struct _AcyMacros {
  AcyArena   *arena;
  char       *filename;
  GHashTable *by_name;      /* name -> AcyLitMacro* */
};

const AcyLitMacro *acy_macros_lookup (const AcyMacros *macros, const char *name);

/* ---- the test ---- */

struct _AcyAsmArch;
struct _AcyAsmCode;

typedef struct {
  guint        number;
  AcyLoc       loc;
  AcyLitStmt  *body;         /* a BLOCK, macros expanded after lowering; NULL in assembly */
  const struct _AcyAsmCode *asm_code;   /* an assembly test's code (engine/arch), else NULL */
  guint        n_params;
  const char **param_names;
  gint        *param_locs;   /* location of each parameter */
  guint        n_regs;       /* registers: parameters first */
  const char **reg_names;
  AcyValue    *reg_init;
} AcyLitThread;

/* An entry of the init block: `x=1;`, `int *p=&y;`, `0:r2=a;`. */
typedef struct {
  AcyLitVar var;
  AcyValue  value;
} AcyLitInit;

struct _AcyTest {
  AcyArena     *arena;
  char         *filename;
  char         *name;
  char         *arch;
  char         *expected;
  char         *macros_filename;
  char         *hash;          /* herd7's Hash=, NULL if unknown */

  /* shared locations */
  GPtrArray    *loc_names;     /* char* (arena) */
  GHashTable   *loc_index;     /* name (arena) -> its index + 1 */
  GArray       *loc_init;      /* AcyValue */
  GArray       *inits;         /* AcyLitInit, register entries resolved late */

  guint         n_threads;
  AcyLitThread *threads;
  /* "N:reg" (arena) of the registers the filter or a -conds condition
   * names for a thread the test lacks: herd7 reads them as 0. A
   * variable for one has thread >= n_threads and its index here. */
  GPtrArray    *phantom_regs;

  GPtrArray    *tag_names;     /* char* (arena) */

  /* what the test is read as where herd7 reads it so without a word
   * (AcyTestWarning, arena strings) */
  GArray       *warnings;

  AcyQuantifier quant;
  AcyLitProp   *cond;
  AcyLitProp   *filter;        /* NULL when none */
  char         *cond_text;
  char         *fault_text;   /* " ~Fault(P1,x); ~Fault(P0);" for herd7's states, or NULL */
  AcyLitProp   *location_faults; /* fault(...) in `locations [...]`, chained by ->b */

  /* observed: condition and `locations`, in herd's order; then the
   * variables only the filter mentions (tracked, never printed). */
  guint         n_observed;
  guint         n_tracked;
  AcyLitVar    *tracked;
  char        **observed_names;

  /* while acy_test_parse_full() runs, else NULL: lowering looks at it */
  AcyHalt      *halt;

  /* An assembly test's architecture (engine/arch/acy-asm.h), NULL for C,
   * and the name herd gives a register named in the condition ("rax"
   * for RAX; NULL: none, herd7 refuses it) */
  const struct _AcyAsmArch *asm_arch;
  const char *(*reg_canonical) (const char *name);
  /* and the order herd prints a thread's registers in (NULL: by name) */
  guint       (*reg_rank) (const char *canonical);
  /* values are 64-bit integers (X86_64), else 32-bit ones that wrap */
  gboolean      wide_values;
  /* herd's variant telechat, from the test's Variant= line: `ret` ends
   * the thread */
  gboolean      telechat;
  /* For each tracked variable, the bits its final value is read in
   * (herd7 reads a register or location of type int as a signed 32-bit
   * number, whatever a 64-bit instruction wrote there): 8, 16, 32 or
   * 64, with ACY_LIT_UNSIGNED for an unsigned type; 0 to keep it whole.
   * NULL: every one whole. */
  guint8       *tracked_bits;
  /* The locations the init block gives a type their value is read in:
   * location index + 1 -> its bits + 1, coded as tracked_bits (a C
   * test's only where not whole: an unsigned 32-bit one, atomic_t or a
   * pointer, or one of 8 or 16 bits); NULL: none. acy_lit_set_loc_type */
  GHashTable   *loc_types;
};

/* Index of a location, adding it if new. */
/* The init block (acy-litmus-init.c), at its '{' */
gboolean acy_lit_parse_init (AcyLitParser *ps, AcyTest *test, GError **error);
/* @t, an integer herd7's 32-bit values cannot hold: recorded in
 * ps->int_range (the first one), raised once the whole test is read */
void     acy_lit_out_of_range (AcyLitParser *ps, const AcyLitToken *t);
/* After acy_lit_finish_condition: the final state read in the types
 * the init block gives its locations, where they are of 8 or 16 bits. */
void     acy_lit_init_types (AcyTest *test);
/* AcyTest.loc_types: location @loc's type @code, as tracked_bits codes
 * it; and whether it has one (*code set then) */
void     acy_lit_set_loc_type (AcyTest *test, guint loc, guint8 code);
gboolean acy_lit_loc_type (const AcyTest *test, guint loc, guint8 *code);
gint     acy_lit_test_location (AcyTest *test, const char *name);
gint     acy_lit_test_find_location (const AcyTest *test, const char *name);
/* fault := 'fault' '(' PN [',' location] ')', at the current token
 * (acy-condition.c) */
AcyLitProp *acy_lit_parse_fault (AcyLitParser *ps, AcyTest *test, gboolean check, GError **error);
gint     acy_lit_test_tag (AcyTest *test, const char *name);

/* acy-litmus-lower.c: expand the threads' macros (@macros nullable: then
 * every call must be a builtin), then resolve names and check the
 * threads. */
gboolean acy_lit_expand_macros (AcyTest *test, const AcyMacros *macros, GError **error);
gboolean acy_lit_lower (AcyTest *test, GError **error);

/* acy-litmus-c11.c: the C11 atomics herd7 knows without a macro file. */
gboolean acy_lit_c11_is_builtin (const char *name);
/* mtx_lock, mtx_unlock, lock, unlock: keywords of herd's C, statements only. */
gboolean acy_lit_c11_is_mutex_word (const char *name);
/* Checks a call of a C11 builtin and sets its core, memory orders and
 * operation; the indices of the arguments that are values go into
 * @value_args (at most 3), their number into @n_value_args. */
gboolean acy_lit_c11_check_call (AcyLitExpr *e, guint *value_args, guint *n_value_args,
                                 GError **error);

/* acy-condition.c */
AcyLitProp *acy_lit_parse_prop (AcyLitParser *ps, AcyTest *test, GError **error);
gboolean    acy_lit_check_filter (const AcyTest *test, const AcyLitProp *filter, GError **error);
gboolean    acy_lit_parse_state_var (AcyLitParser *ps, AcyTest *test, AcyLitVar *var,
                                     gboolean allow_bracket, GError **error);
/* herd7's check_regs: no register of a thread the test lacks in the init
 * block, `locations` or the test's own condition (a condition given by
 * -conds, like the filter, reads it as 0); in an assembly test, no name
 * its architecture has no register for. */
gboolean    acy_lit_check_reg_threads (const AcyTest *test, GPtrArray *locations,
                                       gboolean cond_from_command_line, GError **error);
/* Resolves the condition's registers and lists the observed variables;
 * after acy_lit_lower. */
void        acy_lit_finish_condition (AcyTest *test, GPtrArray *locations);
gboolean    acy_lit_prop_eval (const AcyLitProp *p, const AcyTest *test,
                               const AcyValue *tracked_values);
gint        acy_lit_tracked_index (const AcyTest *test, AcyLitVar v);
/* The final value @v of tracked variable @i as herd7 reads it in its
 * type (AcyTest.tracked_bits, which is not NULL). */
AcyValue    acy_lit_tracked_cast (const AcyTest *test, guint i, AcyValue v);
/* @v in the type @code (AcyTest.tracked_bits: bits, ACY_LIT_UNSIGNED):
 * masked, then sign-extended unless unsigned; pointers kept. */
AcyValue    acy_lit_cast_value   (guint8 code, AcyValue v);
/* The condition's and filter's constants cast to the types of what
 * they are compared with; after acy_lit_finish_condition. */
void        acy_lit_cast_constants (AcyTest *test);

/* acy-litmus-hash.c: herd7's Hash= digest of the test's text, NULL when
 * it cannot be computed. @code_digest: the code as herd prints it for
 * the digest (an assembly test's), NULL to take it from the text (C). */
char    *acy_lit_herd_hash (const char *text, gsize len, const char *code_digest);
/* Where herd's splitter finds the test's init block (between its
 * braces), code and condition in @text; FALSE when it does not. */
gboolean acy_lit_split_test (const char *text, gsize len, const char **init_from,
                             const char **init_to, const char **code_from,
                             const char **code_to);

/* acy-litmus-parser.c: blanks the lines before the init block that herd
 * ignores (quoted description, Key=value lines), keeping positions and
 * comments; a copy of @text[0..len) from @first_line_from on. */
char    *acy_lit_blank_metadata (const char *text, gsize len, gsize first_line_from);
/* What follows the code: `locations`, `filter`, the final condition
 * (or @override's), up to the end of the tokens. */
gboolean acy_lit_parse_final (AcyLitParser *ps, AcyTest *test, GPtrArray *locations,
                              const AcyTestOverride *override, AcyHalt *hp, GError **error);
/* The errors herd7 finds once it has read the whole test, in its order
 * (the parser's deferred ones among them). */
gboolean acy_lit_check_read_test (AcyLitParser *ps, AcyTest *test, GPtrArray *locations,
                                  const AcyTestOverride *override, GError **error);
/* Frees the parser's deferred errors. */
void     acy_lit_parser_clear (AcyLitParser *ps);

/* acy-litmus-values.c: C arithmetic on values; FALSE when undefined. */
/* @test (nullable) names the locations, which herd7 compares when it
 * subtracts two addresses. */
gboolean acy_lit_binop (const AcyTest *test, AcyLitOp op, AcyValue a, AcyValue b, AcyValue *out);
/* How @op is written in a test ("<<", "&~", ...). */
const char *acy_lit_op_text (AcyLitOp op);
/* Why acy_lit_binop (@test, @op, @a, @b) is undefined, as "division by
 * zero" or "shift by 40, out of range 0 to 31"; NULL when it is defined. */
char    *acy_lit_binop_fault (const AcyTest *test, AcyLitOp op, AcyValue a, AcyValue b);
/* The error code of that refusal: %ACY_ERROR_FATAL for herd7's
 * Division_by_zero, %ACY_ERROR_TYPE for its Illegal operation on an
 * address (an error of the test), %ACY_ERROR_UNSUPPORTED where herd7
 * would go on (an address moved too far for Acyclic's values). */
AcyErrorCode acy_lit_binop_fault_code (const AcyTest *test, AcyLitOp op, AcyValue a, AcyValue b);

G_END_DECLS
