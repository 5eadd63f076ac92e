/* acy-diy-arch.c - each arch's edge vocabulary: annotations, fences,
 * dependencies and read-modify-writes, as diy names them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-diy"
#include "config.h"

#include "acy-diy-private.h"

/* ---- C: C11 memory orders ----
 * Annotations and fences are memory orders, numbered as diy declares
 * them (Acq, Rel, Acq_Rel, SC, Rlx, Con). */

enum { MO_ACQ, MO_REL, MO_ACQ_REL, MO_SC, MO_RLX, MO_CON };

static const char *const c_atoms[] = { "Acq", "Rel", "AR", "Sc", "Rlx", "Con" };
static const char *const c_fences[] = { "FenceAcq", "FenceRel", "FenceAR", "FenceSc", "FenceRlx", "FenceCon" };
static const char *const c_dps[] = { "Addr", "Data", "Ctrl" };
enum { C_ADDR, C_DATA, C_CTRL };
static const gint8 c_dpr[] = { C_ADDR, C_CTRL, -1 };
static const gint8 c_dpw[] = { C_ADDR, C_DATA, C_CTRL, -1 };
static const char *const c_rmws[] = { "Exch", "Fetch.Add" };
static const char *const c_rmws_compat[] = { "Rmw", "Fetch.Add" };

/* A load cannot release, a store cannot acquire or consume. */
static gboolean
c_applies_atom (gint atom, DiyDir dir)
{
  if (dir == DIY_W)
    return atom != MO_ACQ && atom != MO_ACQ_REL && atom != MO_CON;
  return atom != MO_REL && atom != MO_ACQ_REL;
}

static gint
c_merge_atoms (gint a1, gint a2)
{
  return a1 == a2 ? a1 : DIY_NONE;
}

static const DiyArch arch_c = {
  .arch = ACY_DIY_ARCH_C,
  .name = "C",
  .plain = "Na",
  .n_atoms = G_N_ELEMENTS (c_atoms),
  .atoms = c_atoms,
  .n_fences = G_N_ELEMENTS (c_fences),
  .fences = c_fences,
  .strong = MO_SC,
  .n_dps = G_N_ELEMENTS (c_dps),
  .dps = c_dps,
  .dpr = c_dpr,
  .dpw = c_dpw,
  .ddr_default = C_ADDR,
  .ddw_default = C_DATA,
  .ctrlr_default = C_CTRL,
  .ctrlw_default = C_CTRL,
  .ctrl = C_CTRL,
  .addr = C_ADDR,
  .data = C_DATA,
  .n_rmws = G_N_ELEMENTS (c_rmws),
  .rmws = c_rmws,
  .rmws_compat = c_rmws_compat,
  .rmw_compat = 0,
  .applies_atom = c_applies_atom,
  .merge_atoms = c_merge_atoms,
};

const DiyArch *
acy_diy_arch_get (AcyDiyArch arch)
{
  switch (arch)
    {
    case ACY_DIY_ARCH_C:
      return &arch_c;
    }
  g_return_val_if_reached (&arch_c);
}

const char *
acy_diy_arch_get_name (AcyDiyArch arch)
{
  return acy_diy_arch_get (arch)->name;
}

gboolean
acy_diy_arch_from_name (const char *name, AcyDiyArch *arch)
{
  for (guint a = 0; a < ACY_DIY_N_ARCHS; a++)
    if (g_ascii_strcasecmp (name, acy_diy_arch_get (a)->name) == 0)
      {
        *arch = a;
        return TRUE;
      }
  return FALSE;
}
