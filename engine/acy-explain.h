/* acy-explain.h - ask a model about one outcome: any expression, and why
 * a pair is in a relation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both work on the environment of one outcome (an #AcyModelEnv, inside a
 * verdict callback or acy_recorder_explain()), after the model ran on
 * it: nothing here runs while a test is checked unless asked.
 */
#pragma once

#include <glib.h>

#include "acy-model.h"

G_BEGIN_DECLS

/* The file name errors in an expression standing alone carry:
 * "<eval>:1:7: unknown name near 'pox'". */
#define ACY_EXPRESSION_FILE "<eval>"

/* Whether @text parses as one cat expression over the names @model binds
 * (at its end); FALSE with @error positioned inside @text otherwise. */
gboolean          acy_model_check_expression (const AcyModel *model,
                                              const char     *text,
                                              GError        **error);

/* Evaluates @text on the outcome of @env, its names bound as the model
 * bound them there. *@bits (valid during the callback only): one row for
 * a set, n rows for a relation. Returns %ACY_MODEL_VALUE_OTHER with
 * @error set when @text does not parse, names what is not bound, or
 * fails to evaluate; %ACY_MODEL_VALUE_OTHER and no error for a value
 * that is neither a set nor a relation. */
AcyModelValueKind acy_model_env_eval         (AcyModelEnv    *env,
                                              const char     *text,
                                              const AcyWord **bits,
                                              GError        **error);

/**
 * AcyDerivationKind:
 * How one node of a derivation holds, from its children:
 * @ACY_DERIVATION_BASE: a leaf: a relation or set the model does not
 *   define (po, rf, co, addr, F, W, a `with` choice...), @text its name
 * @ACY_DERIVATION_OTHER: a leaf computed some other way (a builtin
 *   function, a literal), @text as written
 * @ACY_DERIVATION_NAME: a name the model defines: one child, its definition
 * @ACY_DERIVATION_UNION: r | s: one child, the branch that holds (absent:
 *   every branch)
 * @ACY_DERIVATION_SEQUENCE: r ; s: (a, m) in r and (m, b) in s, @middle = m
 *   (absent: no child, no middle event exists)
 * @ACY_DERIVATION_CLOSURE: r+, r*, r?: the chain, one child per step (none
 *   for the reflexive case a = b)
 * @ACY_DERIVATION_INTERSECTION: r & s: both (absent: the one that fails)
 * @ACY_DERIVATION_DIFFERENCE: r \ s: (a, b) in r, and not in s (absent:
 *   not in r, or in s)
 * @ACY_DERIVATION_COMPLEMENT: ~r: not in r
 * @ACY_DERIVATION_INVERSE: r^-1: (b, a) in r
 * @ACY_DERIVATION_IDENTITY: [s]: a = b and a in s
 * @ACY_DERIVATION_PRODUCT: s * t: a in s, b in t
 * @ACY_DERIVATION_FIXPOINT: a `let rec` name: @iteration is the update
 *   of the name that added the pair, the child its definition on the
 *   values before that update
 * @ACY_DERIVATION_APPLICATION: f(x) with f a cat function: the child is
 *   its body, the parameters standing for the arguments
 */
typedef enum {
  ACY_DERIVATION_BASE,
  ACY_DERIVATION_OTHER,
  ACY_DERIVATION_NAME,
  ACY_DERIVATION_UNION,
  ACY_DERIVATION_SEQUENCE,
  ACY_DERIVATION_CLOSURE,
  ACY_DERIVATION_INTERSECTION,
  ACY_DERIVATION_DIFFERENCE,
  ACY_DERIVATION_COMPLEMENT,
  ACY_DERIVATION_INVERSE,
  ACY_DERIVATION_IDENTITY,
  ACY_DERIVATION_PRODUCT,
  ACY_DERIVATION_FIXPOINT,
  ACY_DERIVATION_APPLICATION,
} AcyDerivationKind;

typedef struct _AcyDerivation AcyDerivation;

/**
 * AcyDerivation:
 * One fact of a derivation and why it holds.
 * @holds: TRUE: (@a, @b) is in @text; FALSE: it is not (below a
 *   difference or a complement)
 * @is_set: a fact about event @a alone (@b = @a): a in @text
 * @text: the expression as written (fully bracketed), or the name
 * @loc: where @text is written in the model (its definition, for
 *   %ACY_DERIVATION_NAME); file NULL when nowhere
 * @middle: %ACY_DERIVATION_SEQUENCE: the middle event
 * @iteration: %ACY_DERIVATION_FIXPOINT: 1 for the first update
 * @children: (element-type AcyDerivation): see #AcyDerivationKind
 */
struct _AcyDerivation {
  AcyDerivationKind kind;
  gboolean          holds;
  gboolean          is_set;
  guint             a, b;
  char             *text;
  AcyLoc            loc;
  guint             middle;
  guint             iteration;
  GPtrArray        *children;
};

/* Why (@a, @b) is in @relation (a name the model binds at the top level,
 * or any expression) on the outcome of @env: one witness, down to base
 * relations and sets. NULL with @error when the pair is not there or the
 * expression fails. */
AcyDerivation    *acy_model_env_explain      (AcyModelEnv    *env,
                                              const char     *relation,
                                              guint           a,
                                              guint           b,
                                              GError        **error);
void              acy_derivation_free        (AcyDerivation  *d);
/* "sequence", "union"...: the kind as the CLI prints it. */
const char       *acy_derivation_kind_name   (AcyDerivationKind kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyDerivation, acy_derivation_free)

G_END_DECLS
