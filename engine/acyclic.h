/* acyclic.h - the engine's public API, for the app, the CLI and tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "acy-error.h"
#include "acy-files.h"
#include "acy-arena.h"
#include "acy-bitrel.h"
#include "acy-execution.h"
#include "acy-config.h"
#include "acy-model.h"
#include "acy-explain.h"
#include "acy-test.h"
#include "acy-check.h"
#include "acy-recorder.h"
#include "acy-compare.h"
#include "acy-fixes.h"
#include "acy-setup.h"
#include "acy-model-store.h"
#include "acy-harness.h"
#include "acy-diy.h"
#include "acy-diy-search.h"
#include "acy-diy-sketch.h"
