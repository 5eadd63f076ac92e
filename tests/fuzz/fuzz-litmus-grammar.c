/* fuzz-litmus-grammar.c - libFuzzer entry point: acy_fuzz_litmus_grammar()
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-fuzz"
#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "fuzz-targets.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  acy_fuzz_litmus_grammar (data, size);
  return 0;
}
