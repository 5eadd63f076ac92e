/* fuzz-targets.h - what each fuzz harness does with one input
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by the libFuzzer harnesses in tests/fuzz/ and by
 * tests/test-bad-inputs.c, which replays the inputs the fuzzers found
 * through exactly these functions.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Each function feeds @data to the engine's entry points as the CLI does
 * and frees everything. Errors are expected and ignored; the only
 * failures are crashes, hangs, leaks and sanitizer reports. */
void acy_fuzz_litmus (const guint8 *data, gsize size);  /* litmus parser, enumeration */
void acy_fuzz_macros (const guint8 *data, gsize size);  /* macro file, then a test using it */
void acy_fuzz_cat    (const guint8 *data, gsize size);  /* cat parser and resolver */
void acy_fuzz_interp (const guint8 *data, gsize size);  /* cat model run on small tests */

/* Grammar-aware mode (fuzz-grammar.c): @data is a stream of choices
 * that writes a litmus test or a cat model following the grammar, with
 * long lists, long operator chains and deep nesting; the text then goes
 * to acy_fuzz_litmus() or acy_fuzz_interp(). */
char *acy_fuzz_grammar_litmus (const guint8 *data, gsize size);  /* transfer full */
char *acy_fuzz_grammar_cat    (const guint8 *data, gsize size);  /* transfer full */
void  acy_fuzz_litmus_grammar (const guint8 *data, gsize size);
void  acy_fuzz_cat_grammar    (const guint8 *data, gsize size);

/* Picks the function from a file name prefix ("litmus-grammar-",
 * "cat-grammar-", "litmus-", "macros-", "cat-", "interp-"); NULL when there is none. */
typedef void (*AcyFuzzFunc) (const guint8 *data, gsize size);
AcyFuzzFunc acy_fuzz_func_for_name (const char *basename);

G_END_DECLS
