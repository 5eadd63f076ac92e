/* acy-litmus-lexer.h - tokens of C litmus tests and herd macro files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "acy-arena.h"
#include "acy-error.h"
#include "acy-resources.h"

G_BEGIN_DECLS

typedef enum {
  ACY_LTOK_EOF,
  ACY_LTOK_IDENT,   /* text; a core operation may carry a {tag} */
  ACY_LTOK_INT,     /* value */
  ACY_LTOK_PUNCT,   /* text: "(", "==", "/\\", ... */
} AcyLitTokenKind;

typedef struct {
  AcyLitTokenKind kind;
  const char     *text;    /* arena string (the punctuation for PUNCT) */
  const char     *tag;     /* `__op{tag}`: the tag, else NULL */
  gint64          value;
  AcyLoc          loc;
  gboolean        newline_before;  /* a line break precedes the token */
} AcyLitToken;

/* A comment seen while lexing, kept for the `Result:` line. */
typedef struct {
  const char *text;
  AcyLoc      loc;
} AcyLitComment;

typedef struct {
  AcyLitToken   *tokens;     /* ends with an ACY_LTOK_EOF token */
  guint          n_tokens;
  AcyLitComment *comments;
  guint          n_comments;
  /* 1 + the index of the first integer of the code or the condition that
   * herd7's 32-bit values cannot hold, 0 when none: herd7 stops on it once
   * it has read the test, so the parser reports it then */
  guint          out_of_range;
} AcyLitTokens;

/* Tokenise @text[0..len) starting at @line (1-based). Comments are
 * `(* ... *)` (nesting; in C code `(*x` is a dereference, so a comment
 * opener must be followed by a space, a newline or `*`), `/ * ... * /` and
 * `//` to the end of the line. */
gboolean acy_lit_tokenize (AcyArena     *arena,
                           const char   *text,
                           gsize         len,
                           const char   *filename,
                           guint         line,
                           AcyHalt      *halt,
                           AcyLitTokens *out,
                           GError      **error);

/* The same for C alone (a macro file): only C comments. */
gboolean acy_lit_tokenize_c (AcyArena     *arena,
                             const char   *text,
                             gsize         len,
                             const char   *filename,
                             AcyLitTokens *out,
                             GError      **error);

/* Whether integer literal @text, of value @v, is a hexadecimal one that
 * needs all 32 bits (0x80000000 to 0xFFFFFFFF): herd7 reads it as a
 * negative 32-bit value. */
gboolean acy_lit_int_is_hex32 (const char *text, guint64 v);

/* Whether integer literal @text ends in a C suffix (1L, 2UL), or is
 * hexadecimal (0x10): herd7 reads neither in a test's code, and no
 * suffix anywhere in a test. */
gboolean acy_lit_int_has_suffix (const char *text);

/* Where the name ends on a test's first line [@line, @eol) (`C NAME`,
 * blanks before C allowed): as herd7 reads it, the name is the longest
 * run of letters, digits and `_ / . - + [ ]` after the blanks (`C x(y)`
 * names the test x); the name is empty when none follows. */
const char *acy_lit_header_name_end (const char *line, const char *eol);
gboolean    acy_lit_is_test_name_char (char c);
gboolean acy_lit_int_is_hex (const char *text);

static inline gboolean
acy_lit_tok_is (const AcyLitToken *t, const char *punct)
{
  return t->kind == ACY_LTOK_PUNCT && strcmp (t->text, punct) == 0;
}

static inline gboolean
acy_lit_tok_is_ident (const AcyLitToken *t, const char *word)
{
  return t->kind == ACY_LTOK_IDENT && t->tag == NULL && strcmp (t->text, word) == 0;
}

/* The token's text as shown in an error ("near 'x'"). */
const char *acy_lit_token_describe (const AcyLitToken *t);

G_END_DECLS
