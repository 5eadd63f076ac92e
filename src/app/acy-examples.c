/* acy-examples.c - the built-in litmus tests of the example gallery
 *
 * The tests themselves are resources under examples/; this is their
 * index, in the order the gallery shows them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acyclic"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "acy-examples.h"

#define SECTION_ARTICLE N_("From the Article")
#define SECTION_PATTERNS N_("Classic Shapes")
#define SECTION_KERNEL N_("Kernel Patterns")
#define SECTION_C11 N_("C11 Atomics")
#define SECTION_X86 N_("x86 Assembly")
#define SECTION_ARM N_("Arm Assembly")

static const AcyExample examples[] = {
  { "C-MP+o-mb-o+o-mb-o", N_("Message Passing with Barriers"),
    N_("Full barriers on both sides forbid reading stale data"), SECTION_ARTICLE },
  { "C-MP+o-o+o-o", N_("Message Passing without Barriers"),
    N_("Without barriers the reader may see the flag but old data"), SECTION_ARTICLE },
  { "C-CO+o-o", N_("Write-Write Coherence"),
    N_("Two writes to one variable: can the first one win?"), SECTION_ARTICLE },
  { "C-CO+o-o+o-o", N_("Read-Read Coherence"),
    N_("Two reads of one variable never go back in time"), SECTION_ARTICLE },
  { "C-R+o-wmb-o+o+mb+o", N_("Pattern R with a Write Barrier"),
    N_("Where the kernel model and the toy models disagree"), SECTION_ARTICLE, TRUE },
  { "MP", N_("MP — Message Passing"),
    N_("Write barrier and read barrier pass a message safely"), SECTION_PATTERNS },
  { "SB", N_("SB — Store Buffering"),
    N_("Dekker’s idiom: even TSO needs a full barrier"), SECTION_PATTERNS },
  { "LB", N_("LB — Load Buffering"),
    N_("Can each read see the other thread’s later write?"), SECTION_PATTERNS },
  { "IRIW", N_("IRIW — Independent Reads"),
    N_("Do two readers agree on the order of two writes?"), SECTION_PATTERNS },
  { "WRC", N_("WRC — Write-to-Read Causality"),
    N_("A write seen by one thread, passed on to another"), SECTION_PATTERNS },
  { "2+2W", N_("2+2W — Two Pairs of Writes"),
    N_("Opposite write orders and the final values"), SECTION_PATTERNS },
  { "R", N_("R — Write, then Read"),
    N_("A write racing with a write followed by a read"), SECTION_PATTERNS },
  { "S", N_("S — Release and Acquire"),
    N_("A release–acquire pair orders a later write"), SECTION_KERNEL },
  { "ISA2", N_("ISA2 — Release–Acquire Chain"),
    N_("Ordering carried along three threads"), SECTION_KERNEL },
  { "MP+spin", N_("Waiting for a Flag in a Loop"),
    N_("A spin loop with an acquire load, unrolled as herd7 unrolls it"), SECTION_KERNEL },
  { "RCU-MP", N_("RCU Grace Period"),
    N_("synchronize_rcu() against a reader; needs the kernel model"), SECTION_KERNEL, TRUE },
  { "C11-MP+rel+acq", N_("MP with Release and Acquire"),
    N_("A release store synchronises with the acquire load that reads it"), SECTION_C11, FALSE, "rc11.cat" },
  { "C11-MP+rlx+rlx", N_("MP with Relaxed Atomics"),
    N_("Relaxed atomics do not race, but order nothing"), SECTION_C11, FALSE, "rc11.cat" },
  { "C11-SB+sc+sc", N_("SB with seq_cst"),
    N_("Sequentially consistent atomics forbid store buffering"), SECTION_C11, FALSE, "rc11.cat" },
  { "C11-SB+rel+acq", N_("SB with Release and Acquire"),
    N_("Release/acquire does not order a store before a load"), SECTION_C11, FALSE, "rc11.cat" },
  { "C11-IRIW+acq", N_("IRIW with Acquire Loads"),
    N_("Acquire readers may disagree on the order of two writes"), SECTION_C11, FALSE, "rc11.cat" },
  { "C11-LB+rlx", N_("LB with Relaxed Atomics"),
    N_("The out-of-thin-air question, answered by RC11"), SECTION_C11, FALSE, "rc11.cat" },
  { "C11-CAS-lock", N_("A Compare-Exchange Spinlock"),
    N_("An atomic read-modify-write takes the lock"), SECTION_C11, FALSE, "rc11.cat" },
  { "C11-race", N_("A Data Race"),
    N_("Plain accesses that race: undefined behaviour"), SECTION_C11, FALSE, "rc11.cat" },
  { "C11-mutex", N_("A Counter under a Mutex"),
    N_("mtx_lock and mtx_unlock make two increments exclusive"), SECTION_C11, FALSE, "rc11.cat" },
  { "X86_64-MP", N_("MP on x86"),
    N_("x86 keeps writes and reads in order: no fence needed"), SECTION_X86, FALSE, "x86-tso.cat" },
  { "X86_64-SB", N_("SB on x86"),
    N_("The one reordering x86 allows, and mfence against it"), SECTION_X86, FALSE, "x86-tso.cat" },
  { "AArch64-MP", N_("MP on Arm"),
    N_("Forbidden on x86, allowed on Arm: both pairs may be reordered"), SECTION_ARM, FALSE, "armv8.cat" },
  { "AArch64-MP+dmb.ish", N_("MP on Arm with DMB ISH"),
    N_("A barrier on each side gives the message back its order"), SECTION_ARM, FALSE, "armv8.cat" },
  { "AArch64-MP+rel+acq", N_("MP on Arm with Release and Acquire"),
    N_("STLR and LDAR: what C11's release and acquire compile to"), SECTION_ARM, FALSE, "armv8.cat" },
  { "AArch64-MP+dmb.ish+addr", N_("MP on Arm with an Address Dependency"),
    N_("A read whose address comes from the flag waits for it"), SECTION_ARM, FALSE, "armv8.cat" },
  { "AArch64-SB+dmb.ish", N_("SB on Arm with DMB ISH"),
    N_("Store buffering, and the full barrier that forbids it"), SECTION_ARM, FALSE, "armv8.cat" },
};

const AcyExample *
acy_examples_get (guint *n_examples)
{
  *n_examples = G_N_ELEMENTS (examples);
  return examples;
}

const AcyExample *
acy_examples_find (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    if (g_strcmp0 (examples[i].id, id) == 0)
      return &examples[i];

  return NULL;
}

char *
acy_example_file_name (const AcyExample *example)
{
  return g_strconcat (example->id, ".litmus", NULL);
}

GBytes *
acy_example_load (const AcyExample  *example,
                  GError           **error)
{
  g_autofree char *path = g_strconcat ("/org/acyclic/Acyclic/examples/", example->id, ".litmus", NULL);

  return g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
}
