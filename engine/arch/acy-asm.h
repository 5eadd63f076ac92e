/* acy-asm.h - assembly litmus tests: what the arch rooms share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * herd's assembly tests (X86, X86_64, AArch64, ...) share the litmus
 * format of C tests (first line, Key=value lines, init block, final
 * condition: engine/litmus) but for their code: a table of columns, one
 * per thread,
 *
 *    P0          | P1          ;
 *    MOV [x],$1  | MOV EAX,[y] ;
 *
 * each cell an instruction, maybe after a label. What every architecture
 * shares is here: reading the table (acy-asm-test.c), a thread's
 * registers, and running a thread's code with its labels, branches and
 * loops unrolled as herd does (acy-asm-exec.c). An architecture (a room
 * of its own, engine/arch/x86, ...) gives an AcyAsmArch: how its cells
 * read, how herd prints its instructions, what each one does.
 */
#pragma once

#include <string.h>

#include "acy-litmus-private.h"
#include "acy-trace-run.h"

G_BEGIN_DECLS

typedef struct _AcyAsmArch AcyAsmArch;
typedef struct _AcyAsmCode AcyAsmCode;

/* A token of the code table. */
typedef enum {
  ACY_ATOK_EOF,
  ACY_ATOK_NAME,    /* letters, digits, _ . / - (instructions, labels, registers, locations) */
  ACY_ATOK_NUM,     /* -?digits, or 0x... (value) */
  ACY_ATOK_IMM,     /* $N or #N: an immediate (value) */
  ACY_ATOK_REG,     /* %name (text without the %) */
  ACY_ATOK_PROC,    /* PN (value N) */
  ACY_ATOK_PUNCT,   /* ; , | ( ) [ ] : + ! */
} AcyAsmTokenKind;

typedef struct {
  AcyAsmTokenKind kind;
  const char     *text;
  gint64          value;
  AcyLoc          loc;
} AcyAsmToken;

static inline gboolean
acy_asm_tok_is (const AcyAsmToken *t, const char *punct)
{
  return t->kind == ACY_ATOK_PUNCT && strcmp (t->text, punct) == 0;
}

/* One cell of the code table: an instruction (the architecture's own
 * structure), maybe after a label; an empty cell has neither. */
typedef struct {
  const char   *label;
  gconstpointer instr;
  AcyLoc        loc;
  const char   *text;   /* the instruction as herd prints it (graphs), or NULL */
} AcyAsmLine;

/* A thread's code, the cells of its column in order. */
struct _AcyAsmCode {
  guint       n_lines;
  AcyAsmLine *lines;
};

/* What a cell's parser needs from the test around it. */
typedef struct {
  AcyTest      *test;
  guint         thread;
  AcyArena     *arena;
  const char   *filename;
} AcyAsmParse;

/* The register @canonical of the thread being parsed (made, holding 0,
 * when new): its index in the thread's registers. */
gint acy_asm_thread_reg (AcyAsmParse *ps, const char *canonical);
/* The location named @name (made when new). */
gint acy_asm_location   (AcyAsmParse *ps, const char *name);

/* What an instruction does to the rest of the path. */
typedef enum {
  ACY_ASM_NEXT,        /* the next cell */
  ACY_ASM_JUMP,        /* to @label, always */
  ACY_ASM_BRANCH,      /* to @label when @cond is not 0, else the next */
  ACY_ASM_EXIT,        /* the thread stops */
} AcyAsmFlow;

typedef struct {
  AcyAsmFlow    flow;
  const char   *label;
  AcyVal        cond;
  /* the condition is known when the code is built (herd's registers'
   * environment, AArch64's): a jump back on it is not counted against
   * -unroll */
  gboolean      known;
} AcyAsmNext;

struct _AcyAsmArch {
  const char *name;             /* "X86_64", as the test's first line says */
  const char *default_model;    /* herd7's model for the arch when none is given */
  gboolean    wide_values;      /* 64-bit values (else 32-bit, as C's) */
  /* The name herd prints for register @name of a state ("rax" for RAX),
   * NULL when it is none (herd7: "eax is not a register"). */
  const char *(*reg_canonical) (const char *name);
  /* Where a register (by that name) comes in herd's order of a state's
   * registers */
  guint       (*reg_rank) (const char *canonical);
  /* Parses the instruction of a cell, its tokens @toks[0..n) (n > 0);
   * NULL with @error when it cannot. */
  gconstpointer (*parse_instr) (AcyAsmParse *ps, const AcyAsmToken *toks, guint n,
                                GError **error);
  /* Words after which a ';' stays in the cell (x86's `lock; addl ...`),
   * NULL-terminated, or NULL. */
  const char *const *prefixes;
  /* The instruction as herd prints it (in Hash= and in graphs), its
   * labels renamed by @labels (old name -> new) when not NULL. */
  char *(*dump_instr) (gconstpointer instr, GHashTable *labels);
  /* The label the instruction jumps to, or NULL. */
  const char *(*jump_label) (gconstpointer instr);
  /* Runs the instruction: its events on @run, its effect on the path in
   * @next; FALSE when the path died (run->dead, maybe run->error). */
  gboolean (*exec_instr) (AcyRun *run, gconstpointer instr, AcyLoc at, AcyAsmNext *next);
  /* The names of the architecture's event sets that events carry as
   * tags ("MFENCE", ...), NULL-terminated: tag i is the i-th. */
  const char *const *event_sets;
};

/* The architecture of the test's first line (@name), NULL when none. */
const AcyAsmArch *acy_asm_arch_find (const char *name);

/* acy-asm-test.c: reads the rest of an assembly test after its first
 * line: init block, code table, condition (acy_lit_parse_final). @text
 * is the test's text from the first line's start, @name_end where the
 * test's name ends on it. */
gboolean acy_asm_test_parse (AcyTest *test, const AcyAsmArch *arch, const char *text, gsize len,
                             gsize name_end, const AcyTestOverride *override, AcyHalt *halt,
                             GError **error);

/* How the init block types location @loc (bits coded as
 * AcyTest.tracked_bits): int when it does not say. */
guint8   acy_asm_loc_type_bits (const AcyTest *test, guint loc);

/* The architectures */
extern const AcyAsmArch acy_x86_arch;
extern const AcyAsmArch acy_x86_64_arch;
extern const AcyAsmArch acy_aarch64_arch;

G_END_DECLS
