/* acy-cat-lexer.h - tokens of the cat language
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "acy-error.h"

G_BEGIN_DECLS

typedef enum {
  ACY_CAT_TOK_EOF,
  ACY_CAT_TOK_IDENT,
  ACY_CAT_TOK_TAG,        /* 'name (text without the quote) */
  ACY_CAT_TOK_STRING,     /* "text" (text without the quotes) */
  ACY_CAT_TOK_ZERO,       /* 0 */
  ACY_CAT_TOK_UNDERSCORE, /* _ */
  ACY_CAT_TOK_LPAR, ACY_CAT_TOK_RPAR,
  ACY_CAT_TOK_LBRACK, ACY_CAT_TOK_RBRACK,
  ACY_CAT_TOK_LBRACE, ACY_CAT_TOK_RBRACE,
  ACY_CAT_TOK_COMMA,
  ACY_CAT_TOK_EQUAL,
  ACY_CAT_TOK_BAR,        /* | */
  ACY_CAT_TOK_ALT,        /* || */
  ACY_CAT_TOK_PLUSPLUS,   /* ++ */
  ACY_CAT_TOK_SEMI,       /* ; */
  ACY_CAT_TOK_BACKSLASH,  /* \ */
  ACY_CAT_TOK_AMP,        /* & */
  ACY_CAT_TOK_STAR,       /* * */
  ACY_CAT_TOK_PLUS,       /* + */
  ACY_CAT_TOK_QUESTION,   /* ? */
  ACY_CAT_TOK_TILDE,      /* ~ */
  ACY_CAT_TOK_INV,        /* ^-1 */
  ACY_CAT_TOK_HAT_PLUS,   /* ^+ */
  ACY_CAT_TOK_HAT_STAR,   /* ^* */
  ACY_CAT_TOK_ARROW,      /* -> */
  /* keywords */
  ACY_CAT_TOK_LET, ACY_CAT_TOK_REC, ACY_CAT_TOK_AND, ACY_CAT_TOK_IN,
  ACY_CAT_TOK_FUN, ACY_CAT_TOK_MATCH, ACY_CAT_TOK_WITH, ACY_CAT_TOK_END,
  ACY_CAT_TOK_BEGIN, ACY_CAT_TOK_TRY, ACY_CAT_TOK_IF, ACY_CAT_TOK_THEN,
  ACY_CAT_TOK_ELSE, ACY_CAT_TOK_INCLUDE, ACY_CAT_TOK_SHOW, ACY_CAT_TOK_UNSHOW,
  ACY_CAT_TOK_AS, ACY_CAT_TOK_PROCEDURE, ACY_CAT_TOK_CALL,
  ACY_CAT_TOK_ACYCLIC, ACY_CAT_TOK_IRREFLEXIVE, ACY_CAT_TOK_EMPTY,
  ACY_CAT_TOK_FLAG, ACY_CAT_TOK_REQUIRES, ACY_CAT_TOK_ENUM,
  ACY_CAT_TOK_INSTRUCTIONS, ACY_CAT_TOK_DEFAULT, ACY_CAT_TOK_FROM,
  ACY_CAT_TOK_FORALL, ACY_CAT_TOK_DO, ACY_CAT_TOK_SUBSET, ACY_CAT_TOK_NOT,
} AcyCatTokKind;

typedef struct {
  AcyCatTokKind kind;
  const char   *start;   /* into the source text */
  guint         len;
  guint         line;
  guint         col;
} AcyCatToken;

typedef struct {
  const char *file;      /* for positions; not owned */
  const char *text;
  const char *p;
  const char *end;
  guint       line;
  const char *line_start;
} AcyCatLexer;

void     acy_cat_lexer_init (AcyCatLexer *lex,
                             const char  *file,
                             const char  *text,
                             gsize        len);
/* Read the next token. Returns FALSE with @error set on a lexical error
 * (unterminated comment or string, stray character). */
gboolean acy_cat_lexer_next (AcyCatLexer *lex,
                             AcyCatToken *tok,
                             GError     **error);
const char *acy_cat_token_kind_name (AcyCatTokKind kind);

G_END_DECLS
