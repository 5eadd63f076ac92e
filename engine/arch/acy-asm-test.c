/* acy-asm-test.c - reading an assembly litmus test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * After the first line (read by acy-litmus-parser.c, which sends a test
 * of a known architecture here), an assembly test is read as herd7's
 * front end splits it: the init block, the code up to the first word of
 * the condition (herd's splitter, acy_lit_split_test), then the
 * condition. The init block and the condition are in the litmus
 * format's own syntax (the litmus lexer's tokens, the condition parser
 * shared with C); the code is a table read here with tokens of its own,
 * each cell's instruction read by the architecture.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-asm.h"

const AcyAsmArch *
acy_asm_arch_find (const char *name)
{
  static const AcyAsmArch *const archs[] = { &acy_x86_arch, &acy_x86_64_arch, &acy_aarch64_arch };

  for (guint i = 0; i < G_N_ELEMENTS (archs); i++)
    if (strcmp (archs[i]->name, name) == 0)
      return archs[i];
  return NULL;
}

/* ---- registers and locations of the test being read ---- */

gint
acy_asm_thread_reg (AcyAsmParse *ps, const char *canonical)
{
  AcyLitThread *th = &ps->test->threads[ps->thread];
  const char **names;
  AcyValue *init;

  for (guint i = 0; i < th->n_regs; i++)
    if (strcmp (th->reg_names[i], canonical) == 0)
      return (gint) i;
  names = acy_arena_newv (ps->test->arena, const char *, th->n_regs + 1);
  init = acy_arena_newv0 (ps->test->arena, AcyValue, th->n_regs + 1);
  if (th->n_regs > 0)
    {
      memcpy (names, th->reg_names, th->n_regs * sizeof (char *));
      memcpy (init, th->reg_init, th->n_regs * sizeof (AcyValue));
    }
  names[th->n_regs] = acy_arena_strdup (ps->test->arena, canonical);
  th->reg_names = names;
  th->reg_init = init;
  return (gint) th->n_regs++;
}

gint
acy_asm_location (AcyAsmParse *ps, const char *name)
{
  return acy_lit_test_location (ps->test, name);
}

/* ---- the code table's tokens ---- */

typedef struct {
  const char *text;     /* the test, for line and column */
  const char *p, *end;
  const char *filename;
  guint       line;
  const char *line_start;
} Lexer;

static gboolean
is_name_start (char c)
{
  return g_ascii_isalpha (c) || c == '_';
}

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '/' || c == '.' || c == '-';
}

/* Reads -?digits or 0x... at *pp into @value; FALSE when none is there. */
static gboolean
lex_number (const char **pp, const char *end, gint64 *value, gboolean *overflow)
{
  const char *p = *pp;
  gboolean minus = FALSE;
  guint64 v = 0;
  guint base = 10;

  *overflow = FALSE;
  if (p < end && *p == '-')
    minus = TRUE, p++;
  if (p >= end || !g_ascii_isdigit (*p))
    return FALSE;
  if (p + 1 < end && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && p + 2 < end
      && g_ascii_isxdigit (p[2]))
    base = 16, p += 2;
  for (; p < end && (base == 16 ? g_ascii_isxdigit (*p) : g_ascii_isdigit (*p)); p++)
    {
      guint d = (guint) g_ascii_xdigit_value (*p);

      if (v > (G_MAXUINT64 - d) / base)
        *overflow = TRUE;
      v = v * base + d;
    }
  *value = minus ? (gint64) (0 - v) : (gint64) v;
  *pp = p;
  return TRUE;
}

static gboolean
asm_tokenize (AcyArena *arena, Lexer *lx, GArray *out, GError **error)
{
  for (;;)
    {
      AcyAsmToken t = { ACY_ATOK_EOF, "end of the code", 0, { lx->filename, 0, 0 } };
      const char *s, *q, *p = lx->p;
      gboolean overflow = FALSE;

      while (p < lx->end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        {
          if (*p == '\n')
            lx->line++, lx->line_start = p + 1;
          p++;
        }
      t.loc.line = lx->line;
      t.loc.col = (guint) (p - lx->line_start) + 1;
      if (p >= lx->end)
        {
          lx->p = p;
          g_array_append_val (out, t);
          return TRUE;
        }
      if (p + 1 < lx->end && p[0] == '(' && p[1] == '*')
        {
          AcyLoc open = t.loc;
          guint depth = 0;

          while (p < lx->end)
            {
              if (p + 1 < lx->end && p[0] == '(' && p[1] == '*')
                depth++, p += 2;
              else if (p + 1 < lx->end && p[0] == '*' && p[1] == ')')
                {
                  p += 2;
                  if (--depth == 0)
                    break;
                }
              else
                {
                  if (*p == '\n')
                    lx->line++, lx->line_start = p + 1;
                  p++;
                }
            }
          if (depth > 0)
            {
              acy_set_error_at (error, ACY_ERROR_SYNTAX, open,
                                "this comment is not closed near '(*'");
              return FALSE;
            }
          lx->p = p;
          continue;
        }
      s = p;
      q = p + 1;
      if ((*p == '$' || *p == '#') && lex_number (&q, lx->end, &t.value, &overflow))
        {
          p = q;
          t.kind = ACY_ATOK_IMM;
        }
      else if (lex_number (&p, lx->end, &t.value, &overflow))
        t.kind = ACY_ATOK_NUM;
      else if (*p == '%' && p + 1 < lx->end && is_name_start (p[1]))
        {
          for (p++; p < lx->end && is_name_char (*p); p++)
            ;
          t.kind = ACY_ATOK_REG;
          s++;
        }
      else if (*p == 'P' && p + 1 < lx->end && g_ascii_isdigit (p[1]))
        {
          for (p++; p < lx->end && g_ascii_isdigit (*p); p++)
            t.value = t.value * 10 + (*p - '0');
          t.kind = ACY_ATOK_PROC;
          if (p < lx->end && is_name_char (*p))
            {
              /* P1_r0, P0x: a name */
              for (; p < lx->end && is_name_char (*p); p++)
                ;
              t.kind = ACY_ATOK_NAME;
            }
        }
      else if (is_name_start (*p))
        {
          for (p++; p < lx->end && is_name_char (*p); p++)
            ;
          t.kind = ACY_ATOK_NAME;
        }
      else if (strchr (";,|()[]:+!", *p) != NULL)
        {
          t.kind = ACY_ATOK_PUNCT;
          p++;
        }
      else
        {
          gunichar c = g_utf8_get_char_validated (p, lx->end - p);
          char near[8] = { 0 };

          if (c == (gunichar) -1 || c == (gunichar) -2)
            g_snprintf (near, sizeof near, "\\x%02x", (guchar) *p);
          else
            g_unichar_to_utf8 (c, near);
          acy_set_error_at (error, ACY_ERROR_SYNTAX, t.loc,
                            "unexpected character in the code near '%s'", near);
          return FALSE;
        }
      if (overflow && (t.kind == ACY_ATOK_NUM || t.kind == ACY_ATOK_IMM))
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, t.loc,
                            "number out of range (64 bits) near '%.*s'", (int) (p - s), s);
          return FALSE;
        }
      t.text = acy_arena_strndup (arena, s, (gsize) (p - s));
      lx->p = p;
      g_array_append_val (out, t);
    }
}

/* ---- the code table ---- */

static gboolean
is_prefix (const AcyAsmArch *arch, const AcyAsmToken *t)
{
  if (arch->prefixes == NULL || t->kind != ACY_ATOK_NAME)
    return FALSE;
  for (guint i = 0; arch->prefixes[i]; i++)
    if (strcmp (arch->prefixes[i], t->text) == 0)
      return TRUE;
  return FALSE;
}

/* cell := (NAME ':')* instruction?   of the tokens [from, to) */
static gboolean
parse_cell (AcyAsmParse *ps, const AcyAsmArch *arch, const AcyAsmToken *toks, guint from,
            guint to, GArray *lines, GError **error)
{
  AcyAsmLine line = { NULL, NULL, toks[from].loc, NULL };

  while (from + 1 < to && toks[from].kind == ACY_ATOK_NAME && acy_asm_tok_is (&toks[from + 1], ":"))
    {
      if (line.label != NULL)
        {
          /* a label alone on a line of its own */
          g_array_append_val (lines, line);
          line.instr = NULL;
        }
      line.label = toks[from].text;
      line.loc = toks[from].loc;
      from += 2;
    }
  if (from < to)
    {
      g_autofree char *text = NULL;

      line.instr = arch->parse_instr (ps, toks + from, to - from, error);
      if (line.instr == NULL)
        return FALSE;
      text = arch->dump_instr (line.instr, NULL);
      line.text = acy_arena_strdup (ps->arena, text);
      if (line.label == NULL)
        line.loc = toks[from].loc;
    }
  if (line.label != NULL || line.instr != NULL)
    g_array_append_val (lines, line);
  return TRUE;
}

/* table := ';'? PN ('|' PN)* ';' (cell ('|' cell)* ';')* */
static gboolean
parse_table (AcyTest *test, const AcyAsmArch *arch, const AcyAsmToken *toks, GError **error)
{
  guint i = 0, n = 0;
  GArray *threads = g_array_new (FALSE, TRUE, sizeof (AcyLitThread));
  GArray **lines;
  AcyAsmParse ps = { test, 0, test->arena, test->filename };

  if (acy_asm_tok_is (&toks[i], ";"))
    i++;
  for (;;)
    {
      AcyLitThread th = { 0 };

      if (toks[i].kind == ACY_ATOK_NAME && toks[i].text[0] == 'P'
          && g_str_has_suffix (toks[i].text, ".F"))
        {
          acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, toks[i].loc,
                            "fault handlers (%s, herd's faults) are not supported near '%s'",
                            toks[i].text, toks[i].text);
          g_array_free (threads, TRUE);
          return FALSE;
        }
      if (toks[i].kind != ACY_ATOK_PROC || toks[i].value != n)
        {
          g_autofree char *msg = toks[i].kind == ACY_ATOK_PROC
                                 ? g_strdup_printf ("expected thread P%u here, threads are "
                                                    "numbered from P0 in order", n)
                                 : g_strdup_printf ("expected thread P%u of the code table", n);

          acy_set_error_at (error, ACY_ERROR_SYNTAX, toks[i].loc, "%s near '%s'", msg, toks[i].text);
          g_array_free (threads, TRUE);
          return FALSE;
        }
      th.number = n++;
      th.loc = toks[i].loc;
      g_array_append_val (threads, th);
      i++;
      if (acy_asm_tok_is (&toks[i], ";"))
        {
          i++;
          break;
        }
      if (!acy_asm_tok_is (&toks[i], "|"))
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, toks[i].loc,
                            "expected '|' or ';' after a thread near '%s'", toks[i].text);
          g_array_free (threads, TRUE);
          return FALSE;
        }
      i++;
    }
  test->n_threads = threads->len;
  test->threads = (AcyLitThread *) g_array_free (threads, FALSE);

  lines = g_new (GArray *, n);
  for (guint t = 0; t < n; t++)
    lines[t] = g_array_new (FALSE, TRUE, sizeof (AcyAsmLine));
  while (toks[i].kind != ACY_ATOK_EOF)
    {
      AcyLoc row = toks[i].loc;
      guint cell = 0;

      for (;;)
        {
          guint from = i;

          while (toks[i].kind != ACY_ATOK_EOF && !acy_asm_tok_is (&toks[i], "|")
                 && !(acy_asm_tok_is (&toks[i], ";") && !(i == from + 1 && is_prefix (arch, &toks[from]))))
            i++;
          if (cell >= n)
            {
              acy_set_error_at (error, ACY_ERROR_SYNTAX, toks[from].loc,
                                "this line of code has more cells than the %u threads "
                                "(herd7: mismatch in instruction lines) near '%s'", n, toks[from].text);
              goto fail;
            }
          ps.thread = cell;
          if (!parse_cell (&ps, arch, toks, from, i, lines[cell], error))
            goto fail;
          cell++;
          if (toks[i].kind == ACY_ATOK_EOF)
            {
              acy_set_error_at (error, ACY_ERROR_SYNTAX, toks[i].loc,
                                "expected ';' at the end of the line of code near 'end of the code'");
              goto fail;
            }
          if (acy_asm_tok_is (&toks[i++], ";"))
            break;
        }
      if (cell != n)
        {
          acy_set_error_at (error, ACY_ERROR_SYNTAX, row,
                            "this line of code has %u cells for %u threads "
                            "(herd7: mismatch in instruction lines) near '%s'", cell, n, toks[i - 1].text);
          goto fail;
        }
    }
  for (guint t = 0; t < n; t++)
    {
      AcyAsmCode *code = acy_arena_new0 (test->arena, AcyAsmCode);

      code->n_lines = lines[t]->len;
      code->lines = acy_arena_newv (test->arena, AcyAsmLine, MAX (code->n_lines, 1));
      if (code->n_lines > 0)
        memcpy (code->lines, lines[t]->data, code->n_lines * sizeof (AcyAsmLine));
      test->threads[t].asm_code = code;
      g_array_free (lines[t], TRUE);
    }
  g_free (lines);
  return TRUE;

fail:
  for (guint t = 0; t < n; t++)
    g_array_free (lines[t], TRUE);
  g_free (lines);
  return FALSE;
}

/* Each label jumped to names a line of its thread. */
static gboolean
check_labels (const AcyTest *test, const AcyAsmArch *arch, GError **error)
{
  for (guint t = 0; t < test->n_threads; t++)
    {
      const AcyAsmCode *code = test->threads[t].asm_code;

      for (guint i = 0; i < code->n_lines; i++)
        {
          const char *target = code->lines[i].instr ? arch->jump_label (code->lines[i].instr) : NULL;
          gboolean found = FALSE;

          if (target == NULL)
            continue;
          for (guint j = 0; j < code->n_lines && !found; j++)
            found = code->lines[j].label && strcmp (code->lines[j].label, target) == 0;
          if (!found)
            {
              acy_set_error_at (error, ACY_ERROR_UNKNOWN_NAME, code->lines[i].loc,
                                "P%u has no label %s to jump to near '%s'", t, target, target);
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* ---- the code as herd digests it ---- */

static void
add_label (GPtrArray *labels, const char *label)
{
  for (guint i = 0; i < labels->len; i++)
    if (strcmp (labels->pdata[i], label) == 0)
      return;
  g_ptr_array_add (labels, (gpointer) label);
}

static gint
compare_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* herd prints the threads' code side by side, a line per instruction
 * and per label, each column as wide as its widest line, its labels
 * renamed L00, L01, ... in the order of their names. */
static char *
code_digest (const AcyTest *test, const AcyAsmArch *arch)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_autoptr (GHashTable) renamed = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  GPtrArray **cols = g_new0 (GPtrArray *, MAX (test->n_threads, 1));
  guint *width = g_new0 (guint, MAX (test->n_threads, 1));
  guint rows = 0;
  GString *out = g_string_new (NULL);

  for (guint t = 0; t < test->n_threads; t++)
    for (guint i = 0; i < test->threads[t].asm_code->n_lines; i++)
      {
        const AcyAsmLine *l = &test->threads[t].asm_code->lines[i];
        const char *target = l->instr ? arch->jump_label (l->instr) : NULL;

        if (l->label)
          add_label (labels, l->label);
        if (target)
          add_label (labels, target);
      }
  g_ptr_array_sort (labels, compare_str);
  for (guint i = 0; i < labels->len; i++)
    g_hash_table_insert (renamed, labels->pdata[i], g_strdup_printf ("L%02u", i));
  for (guint t = 0; t < test->n_threads; t++)
    {
      cols[t] = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < test->threads[t].asm_code->n_lines; i++)
        {
          const AcyAsmLine *l = &test->threads[t].asm_code->lines[i];

          if (l->label)
            g_ptr_array_add (cols[t], g_strdup_printf ("%s:", (const char *) g_hash_table_lookup (renamed, l->label)));
          if (l->instr)
            g_ptr_array_add (cols[t], arch->dump_instr (l->instr, renamed));
        }
      for (guint i = 0; i < cols[t]->len; i++)
        width[t] = MAX (width[t], (guint) strlen (cols[t]->pdata[i]));
      rows = MAX (rows, cols[t]->len);
    }
  for (guint r = 0; r < rows; r++)
    {
      for (guint t = 0; t < test->n_threads; t++)
        g_string_append_printf (out, "%s %-*s ", t > 0 ? "|" : "", (int) width[t],
                                r < cols[t]->len ? (const char *) cols[t]->pdata[r] : "");
      g_string_append (out, ";\n");
    }
  for (guint t = 0; t < test->n_threads; t++)
    g_ptr_array_unref (cols[t]);
  g_free (cols);
  g_free (width);
  return g_string_free (out, FALSE);
}

/* ---- the init block ---- */

/* How herd7 reads a value of @type (AcyTest.tracked_bits): its bits,
 * ACY_LIT_UNSIGNED when unsigned; 0 for a 64-bit signed one, whole. */
static guint8
type_bits (const AcyAsmArch *arch, const char *type)
{
  static const struct { const char *name; guint8 code; } types[] = {
    { "int", 32 }, { "int32_t", 32 }, { "uint32_t", 32 | ACY_LIT_UNSIGNED },
    { "unsigned", 32 | ACY_LIT_UNSIGNED }, { "int64_t", 0 }, { "long", 0 }, { "intptr_t", 0 },
    { "uint64_t", 64 | ACY_LIT_UNSIGNED }, { "uintptr_t", 64 | ACY_LIT_UNSIGNED },
    { "int16_t", 16 }, { "short", 16 }, { "uint16_t", 16 | ACY_LIT_UNSIGNED },
    { "int8_t", 8 }, { "char", 8 }, { "uint8_t", 8 | ACY_LIT_UNSIGNED },
  };

  if (!arch->wide_values)
    return 0;
  for (guint i = 0; type && i < G_N_ELEMENTS (types); i++)
    if (strcmp (types[i].name, type) == 0)
      return types[i].code;
  return 32;   /* int */
}

typedef struct {
  GHashTable *bits;     /* "N:reg" or "x" -> its bits + 1 */
} Types;

/* An initial value: '-'? INT | NAME (its address) | '&' NAME */
static gboolean
parse_init_value (AcyLitParser *ps, AcyTest *test, AcyValue *out, GError **error)
{
  const AcyLitToken *t = peek (ps);
  gboolean minus = acy_lit_tok_is (t, "-") && peek_at (ps, 1)->kind == ACY_LTOK_INT;

  if (minus)
    t = peek_at (ps, 1);
  if (t->kind == ACY_LTOK_INT)
    {
      if (!acy_lit_check_state_int (t, minus, error))
        return FALSE;
      if (minus)
        advance (ps);
      advance (ps);
      *out = minus ? (AcyValue) (0 - (guint64) t->value) : t->value;
      if (test->asm_arch->wide_values ? ACY_VALUE_IS_PTR (*out)
                                      : (*out < G_MININT32 || *out > (AcyValue) G_MAXUINT32))
        {
          acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, t->loc,
                            "this value is out of the range Acyclic's values take (%s) near '%s'",
                            test->asm_arch->wide_values ? "64 bits, but for -2^47 .. 3 * 2^47, "
                                                          "where addresses are"
                                                        : "32 bits", t->text);
          return FALSE;
        }
      if (!test->asm_arch->wide_values)
        *out = (gint32) (guint32) *out;
      return TRUE;
    }
  acy_lit_accept (ps, "&");
  t = peek (ps);
  if (t->kind == ACY_LTOK_IDENT && t->tag == NULL)
    {
      advance (ps);
      *out = ACY_VALUE_ADDR_BASE + acy_lit_test_location (test, t->text);
      return TRUE;
    }
  acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, t, "expected an initial value");
  return FALSE;
}

/* init := '{' (entry? ';')* '}'
 * entry := type? ('N:' reg | 'PN:' reg | name | '[' name ']') ('=' value)? */
static gboolean
parse_init (AcyLitParser *ps, AcyTest *test, Types *types, GError **error)
{
  const AcyLitToken *open = advance (ps);
  const AcyAsmArch *arch = test->asm_arch;
  g_autoptr (GHashTable) given = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (;;)
    {
      const AcyLitToken *t = peek (ps), *type = NULL, *name;
      const char *type_name = NULL;
      AcyValue value = 0;
      gint thread = -1;
      g_autofree char *key = NULL;

      if (acy_lit_accept (ps, ";"))
        continue;
      if (acy_lit_accept (ps, "}"))
        return TRUE;
      if (t->kind == ACY_LTOK_EOF)
        return acy_lit_expect_close (ps, "}", open, error);
      if (t->kind == ACY_LTOK_IDENT && (peek_at (ps, 1)->kind == ACY_LTOK_IDENT
                                        || peek_at (ps, 1)->kind == ACY_LTOK_INT
                                        || acy_lit_tok_is (peek_at (ps, 1), "[")
                                        || acy_lit_tok_is (peek_at (ps, 1), "*")))
        {
          type = advance (ps);
          type_name = type->text;
          /* int *p = &x: a location holding an address, 64 bits */
          if (acy_lit_accept (ps, "*"))
            type_name = "int64_t";
        }
      t = peek (ps);
      if ((t->kind == ACY_LTOK_INT || (t->kind == ACY_LTOK_IDENT && t->text[0] == 'P'
                                       && g_ascii_isdigit (t->text[1])))
          && acy_lit_tok_is (peek_at (ps, 1), ":"))
        {
          const char *canonical;

          thread = t->kind == ACY_LTOK_INT ? (gint) t->value : atoi (t->text + 1);
          advance (ps);
          advance (ps);
          name = peek (ps);
          if (name->kind != ACY_LTOK_IDENT)
            {
              acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, name, "expected a register name");
              return FALSE;
            }
          advance (ps);
          if (thread < 0 || (guint) thread >= test->n_threads)
            {
              acy_set_error_at (error, ACY_ERROR_UNKNOWN_NAME, t->loc,
                                "no thread P%d for register near '%s'", thread, name->text);
              return FALSE;
            }
          canonical = arch->reg_canonical (name->text);
          if (canonical == NULL)
            {
              acy_set_error_at (error, ACY_ERROR_UNKNOWN_NAME, name->loc,
                                "%s is not a register of %s (herd7 refuses it) near '%s'",
                                name->text, arch->name, name->text);
              return FALSE;
            }
          key = g_strdup_printf ("%d:%s", thread, canonical);
        }
      else
        {
          gboolean bracket = acy_lit_accept (ps, "[");

          name = peek (ps);
          if (name->kind != ACY_LTOK_IDENT)
            {
              acy_lit_error_near (ps, error, ACY_ERROR_SYNTAX, name, "expected a location in the init block");
              return FALSE;
            }
          advance (ps);
          if (bracket && !acy_lit_expect (ps, "]", "after the location", error))
            return FALSE;
          if (acy_lit_tok_is (peek (ps), "["))
            {
              acy_lit_error_near (ps, error, ACY_ERROR_UNSUPPORTED, peek (ps),
                                  "arrays in an assembly test's init block are not supported");
              return FALSE;
            }
          key = g_strdup (name->text);
          acy_lit_test_location (test, name->text);
        }
      if (acy_lit_accept (ps, "=") && !parse_init_value (ps, test, &value, error))
        return FALSE;
      if (g_hash_table_contains (given, key))
        {
          /* herd7: "Location x is initialized more than once" */
          acy_set_error_at (error, ACY_ERROR_SYNTAX, name->loc,
                            "%s is given twice in the init block (herd7 refuses it) near '%s'",
                            key, name->text);
          return FALSE;
        }
      g_hash_table_insert (types->bits, g_strdup (key), GUINT_TO_POINTER (type_bits (arch, type_name) + 1u));
      if (thread >= 0)
        {
          AcyAsmParse aps = { test, (guint) thread, test->arena, test->filename };
          gint r = acy_asm_thread_reg (&aps, strchr (key, ':') + 1);

          test->threads[thread].reg_init[r] = value;
        }
      else
        {
          /* herd7 puts a location's initial value in its size, zero
           * extended: an int holding -2 holds 4294967294 (a register
           * keeps -2) */
          guint8 code = type_bits (arch, type_name);
          guint bits = code & ~ACY_LIT_UNSIGNED;
          gint l = acy_lit_test_find_location (test, key);

          if (bits > 0 && bits < 64 && !ACY_VALUE_IS_PTR (value))
            value = (AcyValue) ((guint64) value & (((guint64) 1 << bits) - 1));
          g_array_index (test->loc_init, AcyValue, l) = value;
          /* the harness sizes its cells by it (engine/run) */
          acy_lit_set_loc_type (test, (guint) l, code);
        }
      g_hash_table_add (given, g_steal_pointer (&key));
      if (!acy_lit_tok_is (peek (ps), "}") && !acy_lit_expect (ps, ";", "after an init entry", error))
        return FALSE;
    }
}

/* ---- the values of the final state ---- */

/* herd7 reads the final value of a register or a location in its type:
 * int (32 bits) unless the init block gives another. */
static void
set_tracked_bits (AcyTest *test, Types *types)
{
  if (!test->asm_arch->wide_values)
    return;
  test->tracked_bits = g_new0 (guint8, MAX (test->n_tracked, 1));
  for (guint i = 0; i < test->n_tracked; i++)
    {
      const AcyLitVar *v = &test->tracked[i];
      g_autofree char *key = NULL;
      gpointer bits;

      if (v->thread >= (gint) test->n_threads)
        continue;
      key = v->thread >= 0 ? g_strdup_printf ("%d:%s", v->thread, test->threads[v->thread].reg_names[v->index])
                           : g_strdup (g_ptr_array_index (test->loc_names, v->index));
      bits = g_hash_table_lookup (types->bits, key);
      test->tracked_bits[i] = bits ? (guint8) (GPOINTER_TO_UINT (bits) - 1) : type_bits (test->asm_arch, NULL);
    }
  acy_lit_cast_constants (test);
}

guint8
acy_asm_loc_type_bits (const AcyTest *test, guint loc)
{
  guint8 code;

  return acy_lit_loc_type (test, loc, &code) ? code : type_bits (test->asm_arch, NULL);
}

/* ---- what herd's extensions write, refused by name ---- */

static gboolean
refuse (GError **error, AcyLoc at, const char *near, const char *what)
{
  acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, at, "%s are not supported near '%s'", what, near);
  return FALSE;
}

/* The init block's and the condition's tokens (the code blanked) for what
 * herd's architecture extensions add to the litmus format: page tables
 * (PTE(x), pte_x, phy_x, PA(x), (oa:..., valid:0)), memory tags
 * (x:green), faults (Fault(P0:L0,x)), typed page-table entries or
 * instructions (pteval_t, ins_t). Acyclic models none of them: each is
 * refused where it is, with the feature's name, rather than read as
 * something else. */
static gboolean
refuse_extensions (const AcyLitToken *t, GError **error)
{
  for (; t->kind != ACY_LTOK_EOF; t++)
    {
      const AcyLitToken *n = t + 1;

      if (t->kind == ACY_LTOK_IDENT)
        {
          gboolean call = acy_lit_tok_is (n, "(");

          if ((call && (strcmp (t->text, "PTE") == 0 || strcmp (t->text, "PA") == 0
                        || strcmp (t->text, "TTBR0_EL1") == 0))
              || g_str_has_prefix (t->text, "pte_") || g_str_has_prefix (t->text, "phy_")
              || strcmp (t->text, "pteval_t") == 0)
            return refuse (error, t->loc, t->text, "page tables (herd's -variant vmsa)");
          if (call && strcmp (t->text, "Fault") == 0)
            return refuse (error, t->loc, t->text, "faults in a condition (herd's Fault(...))");
          if (strcmp (t->text, "ins_t") == 0)
            return refuse (error, t->loc, t->text,
                           "instructions as values (herd's -variant self)");
        }
      if (acy_lit_tok_is (t, "(") && n->kind == ACY_LTOK_IDENT && acy_lit_tok_is (n + 1, ":"))
        return refuse (error, t->loc, n->text, "page-table entry values (herd's -variant vmsa)");
      if (acy_lit_tok_is (t, "=") && n->kind == ACY_LTOK_IDENT && acy_lit_tok_is (n + 1, ":")
          && (n + 2)->kind == ACY_LTOK_IDENT)
        return refuse (error, (n + 2)->loc, (n + 2)->text,
                       "memory tags (herd's -variant memtag)");
    }
  return TRUE;
}

/* The same in the text of the init block and the condition, for what
 * the litmus lexer does not read: a label or an instruction as a value
 * (label:"P1:L0", instr:"NOP", herd's -variant self); and a page table
 * entry in the init block, before anything after it is read */
static gboolean
refuse_code_values (const AcyTest *test, const char *text, const char *from, const char *init_to,
                    const char *to, GError **error)
{
  static const char *const kinds[] = { "label:\"", "instr:\"", "pte_" };
  static const char *const what[] = {
    "labels and instructions as values (herd's -variant self)",
    "labels and instructions as values (herd's -variant self)",
    "page tables (herd's -variant vmsa)",
  };

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      const char *p = g_strstr_len (from, (k == 2 ? init_to : to) - from, kinds[k]);
      AcyLoc at = { test->filename, 1, 1 };

      if (p == NULL)
        continue;
      for (const char *q = text; q < p; q++)
        if (*q == '\n')
          at.line++, at.col = 1;
        else
          at.col++;
      return refuse (error, at, k == 0 ? "label" : k == 1 ? "instr" : "pte_", what[k]);
    }
  return TRUE;
}

/* ---- the test ---- */

/* Whether a `Variant=` line before the init block names @variant. */
static gboolean
header_variant (const char *text, const char *end, const char *variant)
{
  for (const char *p = text; p < end && *p != '{'; )
    {
      const char *eol = memchr (p, '\n', (gsize) (end - p));
      g_autofree char *line = g_strndup (p, (gsize) ((eol ? eol : end) - p));
      char *eq = strchr (line, '=');

      if (eq != NULL)
        {
          *eq = '\0';
          g_strstrip (line);
          if (g_ascii_strcasecmp (line, "Variant") == 0)
            {
              g_auto (GStrv) words = g_strsplit_set (eq + 1, ", \t\r", -1);

              for (guint i = 0; words[i]; i++)
                if (g_ascii_strcasecmp (words[i], variant) == 0)
                  return TRUE;
            }
        }
      if (eol == NULL)
        break;
      p = eol + 1;
    }
  return FALSE;
}

gboolean
acy_asm_test_parse (AcyTest *test, const AcyAsmArch *arch, const char *text, gsize len,
                    gsize name_end, const AcyTestOverride *override, AcyHalt *halt,
                    GError **error)
{
  const char *init_from, *init_to, *code_from, *code_to;
  g_autofree char *rest = NULL;
  g_autofree char *digest = NULL;
  g_autoptr (GArray) atoks = g_array_new (FALSE, TRUE, sizeof (AcyAsmToken));
  g_autoptr (GPtrArray) locations = g_ptr_array_new ();
  Types types = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL) };
  AcyLitTokens toks;
  AcyLitParser ps = { 0 };
  gboolean ok = FALSE;

  test->asm_arch = arch;
  test->reg_canonical = arch->reg_canonical;
  test->reg_rank = arch->reg_rank;
  test->wide_values = arch->wide_values;
  test->telechat = header_variant (text, text + len, "telechat");
  /* herd7 runs a test whose Variant= says mixed with mixed-size
   * semantics, which Acyclic does not have */
  if (header_variant (text, text + len, "mixed") || header_variant (text, text + len, "DontCheckMixed"))
    {
      const char *v = g_strstr_len (text, len, "\nVariant");
      AcyLoc at = { test->filename, 1, 1 };

      for (const char *q = text; v != NULL && q <= v; q++)
        at.line += *q == '\n';
      acy_set_error_at (error, ACY_ERROR_UNSUPPORTED, at,
                        "mixed-size accesses (the test's Variant=mixed) are not supported near 'Variant'");
      goto out;
    }
  /* the architecture's event sets are the events' tags */
  for (guint i = 0; arch->event_sets && arch->event_sets[i]; i++)
    g_ptr_array_add (test->tag_names, (gpointer) arch->event_sets[i]);
  rest = acy_lit_blank_metadata (text, len, name_end);
  if (!acy_lit_split_test (rest, len, &init_from, &init_to, &code_from, &code_to))
    {
      AcyLoc at = { test->filename, 1, 1 };

      acy_set_error_at (error, ACY_ERROR_SYNTAX, at,
                        "expected the init block '{ ... }' and the code of the threads near '%s'",
                        arch->name);
      goto out;
    }
  /* the code table, read with its own tokens */
  {
    Lexer lx = { text, text + (code_from - rest), text + (code_to - rest), test->filename, 1, text };

    for (const char *p = text; p < lx.p; p++)
      if (*p == '\n')
        lx.line++, lx.line_start = p + 1;
    if (!asm_tokenize (test->arena, &lx, atoks, error))
      goto out;
  }
  /* the init block and the condition, with the litmus lexer; the code
   * is blanked out for it */
  for (char *p = rest + (code_from - rest); p < rest + (code_to - rest); p++)
    if (*p != '\n')
      *p = ' ';
  if (!refuse_code_values (test, rest, init_from, init_to, rest + len, error)
      || !acy_lit_tokenize (test->arena, rest, len, test->filename, 1, halt, &toks, error))
    goto out;
  ps.arena = test->arena;
  ps.toks = toks.tokens;
  ps.filename = test->filename;
  ps.halt = halt;
  test->expected = NULL;

  if (!parse_table (test, arch, (const AcyAsmToken *) atoks->data, error)
      || !check_labels (test, arch, error))
    goto out;
  if (!acy_lit_tok_is (peek (&ps), "{"))
    {
      acy_lit_error_near (&ps, error, ACY_ERROR_SYNTAX, peek (&ps), "expected the init block '{'");
      goto out;
    }
  if (!refuse_extensions (ps.toks, error)
      || !parse_init (&ps, test, &types, error)
      || !acy_lit_parse_final (&ps, test, locations, override, halt, error)
      || !acy_lit_check_read_test (&ps, test, locations, override, error))
    goto out;
  acy_lit_finish_condition (test, locations);
  set_tracked_bits (test, &types);
  digest = code_digest (test, arch);
  test->hash = acy_lit_herd_hash (text, len, digest);
  ok = TRUE;

out:
  acy_lit_parser_clear (&ps);
  g_hash_table_unref (types.bits);
  return ok;
}
