/* acy-enumerate-private.h - the enumerator's state, shared by its files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * acy-enumerate.c searches candidates (combinations of traces, rf, final
 * writes), acy-enumerate-locks.c the orders of writes taken in turn
 * (locks, RMWs); acy-enumerate-values.c drops the paths and the
 * combinations that no value of the locations can follow;
 * acy-enumerate-symmetry.c finds the symmetries of a test
 * (two alike threads, classes of interchangeable threads, a ring of
 * threads) and says, per candidate, whether it is the first of its
 * images; acy-enumerate-images.c works out the states of the images of
 * a class's permutations. Private to engine/core.
 */
#pragma once

#include "acy-trace.h"

typedef struct _EnumValues EnumValues;

typedef struct {
  const AcyTest             *test;
  const AcyTraceSet         *set;
  guint64                    max_candidates;
  AcyCandidateFunc           func;
  gpointer                   user_data;
  GCancellable              *cancellable;
  gint64                     deadline;    /* monotonic time, 0 = none */
  guint64                    count;
  guint64                    n_structures;
  gboolean                   stop;
  gboolean                   halted;      /* cancelled or out of time */
  gint64                     steps_left;  /* until the next look at both */
  AcyRfPruneFunc             prune;
  gpointer                   prune_data;
  AcyClaimFunc               claim;
  gpointer                   claim_data;
  GError                    *error;

  const AcyTrace           **chosen;
  guint                     *chosen_index;  /* per thread: index of its chosen trace */
  AcyArena                  *arena;     /* per combination */

  /* Symmetry: threads a < b whose paths are alike (-1 none); swapping
   * them maps a candidate to another, allowed or not alike. */
  gint                       sym_a, sym_b;
  guint                     *sym_var;   /* per tracked variable: its image */
  AcyValue                  *mirror;    /* the image's tracked values */
  gboolean                   mirror_condition;

  /* Interchangeable threads: per thread, its class of threads that run
   * alike (-1 none, else the class's first thread); NULL when there is
   * no class of two or more. See acy_enum_find_interchangeable. */
  gint                      *group;
  gboolean                   values_unseen;  /* AcyEnumerateOptions.values_unseen */
  /* The image classes (their permutations give states of their own):
   * class k has threads img_threads[img_first[k] .. img_first[k + 1]),
   * in order; img_order is the number of their permutations */
  guint                      n_img_classes, n_img_threads;
  guint                     *img_first;
  guint                     *img_threads;
  gint                      *img_class;      /* per thread: its image class, or -1 */
  guint64                    img_order;
  gboolean                   consts_differ;  /* threads of an image class compute with constants of their own */
  guint64                    combo_weight;   /* the combinations of paths the chosen one stands for */
  guint64                    combo_img_weight;  /* of which those of image classes */
  /* what acy_enum_group_images works with: an image (thread t's part
   * taken by img_to[t], img_from its inverse), an arrangement of paths
   * over image classes' threads (img_paths, in img_threads' order) and
   * where it takes each thread (img_move), the distinct states of the
   * images with their counts (keys: their number, n_tracked values, the
   * count), and its answer */
  guint                     *img_to, *img_from, *img_move, *img_paths;
  gint                      *img_var;        /* [v * n_threads + t]: the tracked variable of
                                              * thread t's register that v shows of its own */
  GHashTable                *img_states;     /* key -> count (guint64 *) */
  GPtrArray                 *img_keys;       /* the keys, in order found */
  AcyValue                  *img_scratch;
  const AcyValue           **img_out;
  gboolean                  *img_out_conditions;
  guint64                   *img_out_weights;
  guint                      img_out_cap;

  /* Rotation: the threads turned one place (t to t + 1, the last to the
   * first) with their locations renamed, as a ring of threads that run
   * alike up to the locations they touch (0 none, else the number of
   * threads). Per power k of it (k < rot_n): rot_thread[k * n_threads
   * + t] is the image of thread t, rot_loc[k * n_locs + l] of location
   * l, rot_var[k * n_tracked + v] of tracked variable v. */
  guint                      rot_n;
  guint                     *rot_thread;
  guint                     *rot_loc;
  guint                     *rot_var;
  AcyValue                  *rot_values;     /* the images' tracked values, one array each */
  const AcyValue           **rot_images;
  gboolean                  *rot_conditions;
  gboolean                   rot_early;      /* no thin air: judge partial rfs by the rotation */

  /* Choose the order in which each lock is taken (AcyExecution.co_hint) */
  gboolean                   order_locks;
  gboolean                   co_hint_used;

  /* What the paths write and need (acy-enumerate-values.c), NULL when
   * no combination is to be looked at */
  EnumValues                *vals;

  AcyLoopCut                *loop_cut;     /* where to note a loop cut off, or NULL */
  guint                      unroll;       /* herd's -unroll, as the paths were run */
  gboolean                   cut_probe;    /* this combination has a path cut off */
  gboolean                   observed_only;  /* AcyEnumerateOptions.observed_only */
  gboolean                   unobserved;   /* this combination has an unobserved path */
  gboolean                   combo_done;   /* stop this combination, not the search */
} Enum;

#define VALUE_UNKNOWN (G_MININT64 + 1)   /* depends on a read without rf yet */
#define VALUE_FAULT   (G_MININT64 + 2)   /* an operation on it faulted (see Combo.saw_fault) */

/* A step (an operation solved, an rf choice tried, an event set up)
 * takes a few ns to a few hundred, so looks come well within a ms; an
 * emitted candidate counts as a 256th of the steps, as the caller's
 * work on it is unknown. */
#define STEPS_PER_LOOK 16384

/* ---- one combination of traces ---- */

typedef struct {
  Enum      *en;
  guint      n;
  AcyEvent  *events;
  const AcyTraceEvent **tev;  /* per event: its trace event (NULL for initial writes) */
  guint     *offset;          /* per thread: index of its first event */
  AcyWord   *po, *addr, *data, *ctrl, *rmw, *rf, *fw;
  AcyWord   *iico_data, *iico_ctrl, *iico_order;   /* NULL when no trace has iico */
  AcyWord   *rf_hi;           /* scratch: rf and every edge still possible */
  const AcyTraceEvent **tev_image;  /* scratch: tev of an image (acy_enum_image_values) */
  gint      *rf_of;           /* per event: the write it reads from, -1 none yet */
  guint8    *state;           /* solver: 0 unknown, 1 being computed, 2 done */
  /* per event: for a read that an equation pins (AcyConstraint.pin), the
   * value it is equal to; NULL when no read of the combination has one.
   * Per solving pass (pins_propagate): pin_root[g] is the read that
   * stands for g's class of reads that copy one another through rf, and
   * pin_set/pin_value say what an equation gave the class */
  const AcyConstraint **pin;
  guint     *pin_root;
  gboolean  *pin_set;
  AcyValue  *pin_value;
  const AcyConstraint **pin_from;   /* per class: the equation that gave its value */
  /* operations a filter's equation gives a value (register = number
   * where the register holds an operation's result): herd solves them
   * as equations too, and pins_hold checks the operation agrees */
  guint      n_op_pins;
  const AcySym **op_pin_sym;
  AcyValue  *op_pin_value;
  guint     *op_pin_thread;
  gboolean   pin_contradiction;
  AcyValue  *value;           /* solver: value of each event */
  gboolean   saw_unknown;     /* solver: some value this pass was VALUE_UNKNOWN */
  gboolean   saw_unsolved;    /* solver: some event this pass was unsolved */
  /* An operation that faults (division by zero, '*' on an address) makes
   * VALUE_FAULT; the test is refused only when a candidate whose path
   * conditions all hold needs it, as herd7 never builds the others */
  gboolean   saw_fault;       /* solver: some value this pass was VALUE_FAULT */
  gboolean   fault_pending;   /* the last pass of constraints_hold that held saw one */
  const AcySym *fault_op;     /* the first faulting operation, its operands, its thread */
  AcyValue   fault_a, fault_b;
  guint      fault_thread;
  guint      n_reads;
  guint     *reads;           /* events that need an rf */
  guint    **rf_cands;        /* per read: candidate writes */
  guint     *n_rf_cands;
  guint      n_fw;            /* tracked locations */
  gint      *fw_loc;
  guint    **fw_cands;
  guint     *n_fw_cands;
  guint     *fw_choice;
  AcyValue  *values;          /* tracked values */
  guint     *used;            /* per thread: rf edges chosen from its writes */
  guint64    weight;          /* candidates each one here stands for */
  /* Lock orders: the lock writes (LKW), location by location; those of
   * one location are lock_ev[i] for i in [lock_lo[i], lock_hi[i]). */
  guint      n_lock_ev;
  guint     *lock_ev;
  guint     *lock_lo, *lock_hi;
  gboolean  *lock_placed;
  guint     *lock_seq;        /* per position: the index placed there */
  AcyWord   *co_hint;         /* placed before placed in order, and before unplaced */
  /* The choices made so far that stand for others in an image class
   * (fresh_weight, lock_weight): the i-th took thread img_took[i] where
   * any of img_alts[i * IMAGE_CLASS_MAX ..][0 .. img_n_alts[i]) (it
   * among them) would do. img_weight is what they and the arrangements
   * of paths over image classes stand for (acy_enum_group_images). */
  guint      n_img_choices;
  guint     *img_took, *img_alts, *img_n_alts;
  guint64    img_weight;
  AcyWord   *co_hint_set;
  /* Accesses through a value that is no address (see through_int_check):
   * whether the paths have any, and per candidate the first load or RMW
   * that goes through an integer, with that integer */
  gboolean   has_through_int;
  gboolean   may_fault;       /* a chosen path divides by a value (AcyTrace.may_fault) */
  const AcyConstraint *nonsym;
  AcyValue   nonsym_value;
  /* with AcyEnumerateOptions.claim: the choices at reads 0 .. claim_depth - 1
   * are made by every worker, and each takes what some of them lead to
   * (G_MAXUINT: no claim) */
  guint      claim_depth;
  guint64    part_size;       /* the candidates below a claim, about */
  AcyExecution x;
} Combo;

G_GNUC_INTERNAL gboolean acy_enum_look_for_halt (Enum *en);
G_GNUC_INTERNAL gboolean acy_enum_rf_hopeless (Enum *en, Combo *c, guint next);
G_GNUC_INTERNAL gboolean acy_enum_assign_rf (Enum *en, Combo *c, guint k, gboolean thin_air);

/* Count @steps of work: TRUE when the enumeration was cancelled or ran
 * out of time. */
static inline gboolean
halted_after (Enum *en, gint64 steps)
{
  en->steps_left -= steps;
  return G_UNLIKELY (en->steps_left <= 0) && acy_enum_look_for_halt (en);
}

/* ---- writes taken in turn (acy-enumerate-locks.c) ---- */

G_GNUC_INTERNAL gboolean acy_enum_setup_lock_order (Enum *en, Combo *c);
G_GNUC_INTERNAL gboolean acy_enum_choose_lock_order (Enum *en, Combo *c, guint p);

/* ---- the values locations can hold (acy-enumerate-values.c) ---- */

G_GNUC_INTERNAL void acy_enum_values_setup (Enum *en, AcyTraceSet *set);
G_GNUC_INTERNAL guint acy_enum_values_hopeless_from (Enum *en);
G_GNUC_INTERNAL void acy_enum_values_free (EnumValues *ev);

/* ---- symmetry (acy-enumerate-symmetry.c, acy-enumerate-images.c) ---- */

G_GNUC_INTERNAL void acy_enum_find_symmetry (Enum *en);
G_GNUC_INTERNAL gboolean acy_enum_find_interchangeable (Enum *en);
G_GNUC_INTERNAL void acy_enum_find_rotation (Enum *en);
G_GNUC_INTERNAL gint acy_enum_mirror_order (Enum *en, Combo *c);
G_GNUC_INTERNAL guint acy_enum_rotation_period (Enum *en, Combo *c);
G_GNUC_INTERNAL gboolean acy_enum_rotation_hopeless (Enum *en, Combo *c, guint done);
G_GNUC_INTERNAL void acy_enum_rotation_images (Enum *en, Combo *c, guint period);
G_GNUC_INTERNAL guint64 acy_enum_class_arrangements (Enum *en);
G_GNUC_INTERNAL void acy_enum_group_images (Enum *en, Combo *c, AcyCandidate *cand);
G_GNUC_INTERNAL void acy_enum_image_values (Enum *en, Combo *c, AcyValue *out);
G_GNUC_INTERNAL void acy_enum_symmetry_free (Enum *en);
G_GNUC_INTERNAL void acy_enum_push_image_choice (Enum *en, Combo *c, guint t, guint from, guint weight);

/* An image class has at most this many threads, and the image classes
 * of a test this many permutations in all (8!): each allowed candidate
 * goes through them all */
#define IMAGE_CLASS_MAX 8
#define IMAGE_PERMUTATIONS_MAX 40320

/* How many fresh threads of @t's class, from @from on, follow @t's path:
 * 0 when one of them comes before @t (then @t's choice is the image of
 * that one's). */
static inline guint
class_weight (Enum *en, Combo *c, guint t, guint from)
{
  guint m = 0;

  for (guint j = from; j < en->test->n_threads; j++)
    if (en->group[j] == en->group[t] && c->used[j] == 0
        && en->chosen_index[j] == en->chosen_index[t])
      {
        if (j < t)
          return 0;
        m++;
      }
  return m;
}

/* Interchangeable threads, read by read: a thread of a class is fresh
 * while none of its reads has an rf yet (it comes after @reader, as
 * reads get theirs in thread order) and no rf chosen comes from its
 * writes. Any permutation of fresh threads of a class that follow the
 * same path leaves the choices so far as they are, so reading from a
 * write of one of them leads to the images of what reading from the same
 * write of another leads to: only the first is read from, and stands
 * for them all. Returns how many choices reading from @w stands for, 0
 * when it is the image of another. */
static inline guint
fresh_weight (Enum *en, Combo *c, guint reader, guint w)
{
  guint t = c->events[w].thread;

  if (t == ACY_THREAD_INIT || en->group[t] < 0 || t <= reader || c->used[t] > 0)
    return 1;
  return class_weight (en, c, t, reader + 1);
}

static inline void
image_choice (Enum *en, Combo *c, guint t, guint from, guint weight)
{
  if (weight > 1 && en->img_class[t] >= 0)
    acy_enum_push_image_choice (en, c, t, from, weight);
}

static inline void
image_choice_undo (Enum *en, Combo *c, guint t, guint weight)
{
  if (weight > 1 && en->img_class[t] >= 0)
    {
      c->n_img_choices--;
      c->img_weight /= weight;
    }
}
