/* prelude.h - the fixed first part of a harness Acyclic writes for a litmus test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A harness is one C file: the test's sizes (#defines written by
 * engine/run/acy-harness.c), this prelude, the test's threads as
 * functions calling the primitives below, then runner.c. Nothing of the
 * test's text is in it: its names became numbers, its values literals.
 *
 * Values are 64-bit. An integer of the test is a 32-bit one that wraps
 * (as herd7's), kept sign-extended; the address of location L is
 * ACY_ADDR_BASE + L (as in the engine), so that a final state reads the
 * same here as in a check, and a pointer goes through acy_loc() to the
 * cell of this iteration. A location that only ever holds integers has a
 * 32-bit cell, one that may hold an address a 64-bit one.
 *
 * The kernel's primitives are mapped to what Linux compiles them to on
 * the target (arch/x86/include/asm/{barrier,cmpxchg,atomic}.h; for
 * arm64 arch/arm64/include/asm/{barrier,cmpxchg,atomic_ll_sc}.h, the
 * load/store-exclusive forms Linux runs on CPUs without LSE atomics);
 * the C11 atomics go through <stdatomic.h>.
 */

#define _GNU_SOURCE 1
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <stdatomic.h>

#if !defined(__x86_64__) && !defined(__aarch64__)
#error "this harness runs on x86-64 or arm64 only"
#endif
#if defined(ACY_TARGET_X86_64) && !defined(__x86_64__)
#error "this harness was written for x86-64: build it with a compiler for x86-64"
#endif
#if defined(ACY_TARGET_AARCH64) && !defined(__aarch64__)
#error "this harness was written for arm64: build it with a compiler for arm64"
#endif

typedef int64_t acy_val;
#define ACY_ADDR_BASE (INT64_C (1) << 48)
#define ACY_INLINE static inline __attribute__ ((always_inline))
#define ACY_CBAR() __asm__ __volatile__ ("" ::: "memory")
/* an array of n things, n possibly 0 */
#define ACY_DIM(n) ((n) > 0 ? (n) : 1)

/* ---- faults: what the test's code does that has no value ---- */

enum {
  ACY_FAULT_NONE,
  ACY_FAULT_NOT_ADDRESS,   /* an access through a value that is no address */
  ACY_FAULT_DIV_ZERO,
  ACY_FAULT_SHIFT,
};

/* One slot per thread of the test, written by that thread only. */
static volatile int acy_fault_kind[ACY_N_THREADS];
static int64_t acy_scratch[ACY_N_THREADS][8];

__attribute__ ((noinline, cold)) static void
acy_fault (int thread, int kind)
{
  if (acy_fault_kind[thread] == ACY_FAULT_NONE)
    acy_fault_kind[thread] = kind;
}

/* The cell of this iteration that address value @v names. An index
 * made opaque to the compiler keeps the access dependent on @v, as the
 * test's address dependency asks. */
ACY_INLINE void *
acy_loc (void *const *locs, acy_val v, int thread)
{
  uint64_t i = (uint64_t) (v - ACY_ADDR_BASE);

  __asm__ ("" : "+r" (i));
  if (__builtin_expect (i >= ACY_N_LOCS, 0))
    {
      acy_fault (thread, ACY_FAULT_NOT_ADDRESS);
      return acy_scratch[thread];
    }
  return locs[i];
}

/* ---- the test's arithmetic, as herd7's on 32-bit integers ---- */

#define ACY_W32(x) ((acy_val) (int32_t) (uint32_t) (uint64_t) (x))

ACY_INLINE acy_val acy_add (acy_val a, acy_val b) { return ACY_W32 ((uint64_t) a + (uint64_t) b); }
ACY_INLINE acy_val acy_sub (acy_val a, acy_val b) { return ACY_W32 ((uint64_t) a - (uint64_t) b); }
ACY_INLINE acy_val acy_mul (acy_val a, acy_val b) { return ACY_W32 ((uint64_t) a * (uint64_t) b); }
ACY_INLINE acy_val acy_and (acy_val a, acy_val b) { return a & b; }
ACY_INLINE acy_val acy_or (acy_val a, acy_val b) { return a | b; }
ACY_INLINE acy_val acy_xor (acy_val a, acy_val b) { return a ^ b; }
ACY_INLINE acy_val acy_andnot (acy_val a, acy_val b) { return a & ~b; }
ACY_INLINE acy_val acy_eq (acy_val a, acy_val b) { return a == b; }
ACY_INLINE acy_val acy_ne (acy_val a, acy_val b) { return a != b; }
ACY_INLINE acy_val acy_lt (acy_val a, acy_val b) { return a < b; }
ACY_INLINE acy_val acy_le (acy_val a, acy_val b) { return a <= b; }
ACY_INLINE acy_val acy_gt (acy_val a, acy_val b) { return a > b; }
ACY_INLINE acy_val acy_ge (acy_val a, acy_val b) { return a >= b; }
/* both operands are evaluated first, as herd7 makes the events of both */
ACY_INLINE acy_val acy_land (acy_val a, acy_val b) { return a != 0 && b != 0; }
ACY_INLINE acy_val acy_lor (acy_val a, acy_val b) { return a != 0 || b != 0; }
ACY_INLINE acy_val acy_not (acy_val a) { return a == 0; }
ACY_INLINE acy_val acy_neg (acy_val a) { return ACY_W32 (0 - (uint64_t) a); }
ACY_INLINE acy_val acy_bnot (acy_val a) { return ~a; }

/* An address moved by k: itself when k is 0, else herd7's x+k, which
 * names no location (acy_loc() faults on it), encoded as the engine does */
ACY_INLINE acy_val acy_padd (acy_val p, acy_val k) { return k == 0 ? p : p + (acy_val) ((uint64_t) k << 32); }

ACY_INLINE acy_val
acy_div (acy_val a, acy_val b, int thread)
{
  if (b == 0)
    {
      acy_fault (thread, ACY_FAULT_DIV_ZERO);
      return 0;
    }
  if (a == INT32_MIN && b == -1)
    return INT32_MIN;
  return ACY_W32 (a / b);
}

ACY_INLINE acy_val
acy_mod (acy_val a, acy_val b, int thread)
{
  if (b == 0)
    {
      acy_fault (thread, ACY_FAULT_DIV_ZERO);
      return 0;
    }
  if (a == INT32_MIN && b == -1)
    return 0;
  return ACY_W32 (a % b);
}

ACY_INLINE acy_val
acy_shl (acy_val a, acy_val b, int thread)
{
  if (b < 0 || b > 31)
    {
      acy_fault (thread, ACY_FAULT_SHIFT);
      return 0;
    }
  return ACY_W32 ((uint64_t) a << b);
}

ACY_INLINE acy_val
acy_shr (acy_val a, acy_val b, int thread)
{
  if (b < 0 || b > 31)
    {
      acy_fault (thread, ACY_FAULT_SHIFT);
      return 0;
    }
  return ACY_W32 (a >> b);
}

/* ---- plain accesses: what a C compiler makes of a volatile one ---- */

ACY_INLINE acy_val acy_ld32 (void *p) { return *(volatile int32_t *) p; }
ACY_INLINE acy_val acy_ld64 (void *p) { return *(volatile int64_t *) p; }
ACY_INLINE void acy_st32 (void *p, acy_val v) { *(volatile int32_t *) p = (int32_t) v; }
ACY_INLINE void acy_st64 (void *p, acy_val v) { *(volatile int64_t *) p = v; }

/* ---- the Linux kernel's primitives ---- */

#if defined(__x86_64__)
/* x86-64: TSO. smp_mb() is a locked add to the stack (since 4.15),
 * smp_rmb()/smp_wmb() and acquire/release only stop the compiler, and
 * every RMW is a locked instruction, a full barrier. */
#ifndef ACY_MAPPING   /* an assembly test's harness names its own */
#define ACY_MAPPING "linux-x86_64"
#endif
#define acy_cpu_relax() __asm__ __volatile__ ("pause" ::: "memory")

ACY_INLINE void acy_k_mb (void) { __asm__ __volatile__ ("lock; addl $0,-4(%%rsp)" ::: "memory", "cc"); }
ACY_INLINE void acy_k_rmb (void) { ACY_CBAR (); }
ACY_INLINE void acy_k_wmb (void) { ACY_CBAR (); }
ACY_INLINE void acy_k_mb_atomic (void) { ACY_CBAR (); }      /* smp_mb__{before,after}_atomic */
ACY_INLINE void acy_k_mb_spinlock (void) { ACY_CBAR (); }    /* smp_mb__after_spinlock */

#define ACY_X86_W(W, T, S)                                                              \
ACY_INLINE acy_val acy_k_load_acquire##W (void *p) { acy_val v = acy_ld##W (p); ACY_CBAR (); return v; } \
ACY_INLINE void acy_k_store_release##W (void *p, acy_val v) { ACY_CBAR (); acy_st##W (p, v); } \
ACY_INLINE acy_val acy_k_xchg##W (void *p, acy_val v)                                   \
{                                                                                       \
  T x = (T) v;                                                                          \
  __asm__ __volatile__ ("xchg" S " %0, %1" : "+r" (x), "+m" (*(volatile T *) p) :: "memory"); \
  return x;                                                                             \
}                                                                                       \
ACY_INLINE acy_val acy_k_cmpxchg##W (void *p, acy_val o, acy_val n)                     \
{                                                                                       \
  T old = (T) o;                                                                        \
  __asm__ __volatile__ ("lock; cmpxchg" S " %2, %1"                                     \
                        : "+a" (old), "+m" (*(volatile T *) p) : "r" ((T) n) : "memory", "cc"); \
  return old;                                                                           \
}                                                                                       \
ACY_INLINE acy_val acy_k_fetch_add##W (void *p, acy_val v)                              \
{                                                                                       \
  T x = (T) v;                                                                          \
  __asm__ __volatile__ ("lock; xadd" S " %0, %1" : "+r" (x), "+m" (*(volatile T *) p) :: "memory", "cc"); \
  return x;                                                                             \
}                                                                                       \
ACY_INLINE void acy_k_add##W (void *p, acy_val v)                                       \
{ __asm__ __volatile__ ("lock; add" S " %1, %0" : "+m" (*(volatile T *) p) : "er" ((T) v) : "memory", "cc"); } \
ACY_INLINE void acy_k_and##W (void *p, acy_val v)                                       \
{ __asm__ __volatile__ ("lock; and" S " %1, %0" : "+m" (*(volatile T *) p) : "er" ((T) v) : "memory", "cc"); } \
ACY_INLINE void acy_k_or##W (void *p, acy_val v)                                        \
{ __asm__ __volatile__ ("lock; or" S " %1, %0" : "+m" (*(volatile T *) p) : "er" ((T) v) : "memory", "cc"); } \
ACY_INLINE void acy_k_xor##W (void *p, acy_val v)                                       \
{ __asm__ __volatile__ ("lock; xor" S " %1, %0" : "+m" (*(volatile T *) p) : "er" ((T) v) : "memory", "cc"); }

ACY_X86_W (32, int32_t, "l")
ACY_X86_W (64, int64_t, "q")

/* one form for every ordering: the locked instruction orders fully */
#define ACY_X86_ORDERS(W)                                                                \
ACY_INLINE acy_val acy_k_xchg_relaxed##W (void *p, acy_val v) { return acy_k_xchg##W (p, v); } \
ACY_INLINE acy_val acy_k_xchg_acquire##W (void *p, acy_val v) { return acy_k_xchg##W (p, v); } \
ACY_INLINE acy_val acy_k_xchg_release##W (void *p, acy_val v) { return acy_k_xchg##W (p, v); } \
ACY_INLINE acy_val acy_k_xchg_mb##W (void *p, acy_val v) { return acy_k_xchg##W (p, v); }  \
ACY_INLINE acy_val acy_k_cmpxchg_relaxed##W (void *p, acy_val o, acy_val n) { return acy_k_cmpxchg##W (p, o, n); } \
ACY_INLINE acy_val acy_k_cmpxchg_acquire##W (void *p, acy_val o, acy_val n) { return acy_k_cmpxchg##W (p, o, n); } \
ACY_INLINE acy_val acy_k_cmpxchg_release##W (void *p, acy_val o, acy_val n) { return acy_k_cmpxchg##W (p, o, n); } \
ACY_INLINE acy_val acy_k_cmpxchg_mb##W (void *p, acy_val o, acy_val n) { return acy_k_cmpxchg##W (p, o, n); } \
ACY_INLINE acy_val acy_k_fetch_add_relaxed##W (void *p, acy_val v) { return acy_k_fetch_add##W (p, v); } \
ACY_INLINE acy_val acy_k_fetch_add_acquire##W (void *p, acy_val v) { return acy_k_fetch_add##W (p, v); } \
ACY_INLINE acy_val acy_k_fetch_add_release##W (void *p, acy_val v) { return acy_k_fetch_add##W (p, v); } \
ACY_INLINE acy_val acy_k_fetch_add_mb##W (void *p, acy_val v) { return acy_k_fetch_add##W (p, v); }

ACY_X86_ORDERS (32)
ACY_X86_ORDERS (64)

#elif defined(__aarch64__)
/* arm64: smp_mb() is dmb ish, smp_rmb() dmb ishld, smp_wmb() dmb ishst,
 * acquire/release are ldar/stlr; RMWs are load/store-exclusive loops,
 * acquire on the load (ldaxr), release on the store (stlxr), a fully
 * ordered one with a release store and a dmb ish after it. */
#ifndef ACY_MAPPING   /* an assembly test's harness names its own */
#define ACY_MAPPING "linux-arm64-llsc"
#endif
#define acy_cpu_relax() __asm__ __volatile__ ("yield" ::: "memory")

ACY_INLINE void acy_k_mb (void) { __asm__ __volatile__ ("dmb ish" ::: "memory"); }
ACY_INLINE void acy_k_rmb (void) { __asm__ __volatile__ ("dmb ishld" ::: "memory"); }
ACY_INLINE void acy_k_wmb (void) { __asm__ __volatile__ ("dmb ishst" ::: "memory"); }
ACY_INLINE void acy_k_mb_atomic (void) { acy_k_mb (); }
ACY_INLINE void acy_k_mb_spinlock (void) { acy_k_mb (); }

/* W: width, T: type, R: register prefix ("w" or "x") */
#define ACY_A64_W(W, T, R)                                                               \
ACY_INLINE acy_val acy_k_load_acquire##W (void *p)                                      \
{ T v; __asm__ __volatile__ ("ldar %" R "0, %1" : "=r" (v) : "Q" (*(volatile T *) p) : "memory"); return v; } \
ACY_INLINE void acy_k_store_release##W (void *p, acy_val v)                              \
{ __asm__ __volatile__ ("stlr %" R "1, %0" : "=Q" (*(volatile T *) p) : "r" ((T) v) : "memory"); }

ACY_A64_W (32, int32_t, "w")
ACY_A64_W (64, int64_t, "x")

/* xchg: LD ldxr or ldaxr, ST stxr or stlxr, MB "dmb ish" or "" */
#define ACY_A64_XCHG(W, T, R, NAME, LD, ST, MB)                                          \
ACY_INLINE acy_val acy_k_xchg_##NAME##W (void *p, acy_val v)                             \
{                                                                                       \
  T old; uint32_t tmp;                                                                  \
  __asm__ __volatile__ ("1: " LD " %" R "0, %2\n"                                       \
                        "   " ST " %w1, %" R "3, %2\n"                                  \
                        "   cbnz %w1, 1b\n"                                             \
                        "   " MB "\n"                                                   \
                        : "=&r" (old), "=&r" (tmp), "+Q" (*(volatile T *) p)            \
                        : "r" ((T) v) : "memory");                                      \
  return old;                                                                           \
}

#define ACY_A64_CMPXCHG(W, T, R, NAME, LD, ST, MB)                                       \
ACY_INLINE acy_val acy_k_cmpxchg_##NAME##W (void *p, acy_val o, acy_val n)               \
{                                                                                       \
  T old; uint64_t tmp;                                                                  \
  __asm__ __volatile__ ("1: " LD " %" R "0, %2\n"                                       \
                        "   eor %" R "1, %" R "0, %" R "3\n"                            \
                        "   cbnz %" R "1, 2f\n"                                         \
                        "   " ST " %w1, %" R "4, %2\n"                                  \
                        "   cbnz %w1, 1b\n"                                             \
                        "   " MB "\n"                                                   \
                        "2:\n"                                                          \
                        : "=&r" (old), "=&r" (tmp), "+Q" (*(volatile T *) p)            \
                        : "r" ((T) o), "r" ((T) n) : "memory");                         \
  return old;                                                                           \
}

#define ACY_A64_FETCH(W, T, R, OP, INSN, NAME, LD, ST, MB)                               \
ACY_INLINE acy_val acy_k_fetch_##OP##_##NAME##W (void *p, acy_val v)                     \
{                                                                                       \
  T old, res; uint32_t tmp;                                                             \
  __asm__ __volatile__ ("1: " LD " %" R "0, %3\n"                                       \
                        "   " INSN " %" R "1, %" R "0, %" R "4\n"                       \
                        "   " ST " %w2, %" R "1, %3\n"                                  \
                        "   cbnz %w2, 1b\n"                                             \
                        "   " MB "\n"                                                   \
                        : "=&r" (old), "=&r" (res), "=&r" (tmp), "+Q" (*(volatile T *) p) \
                        : "r" ((T) v) : "memory");                                      \
  return old;                                                                           \
}

#define ACY_A64_FETCHES(W, T, R, OP, INSN)                                                \
  ACY_A64_FETCH (W, T, R, OP, INSN, relaxed, "ldxr", "stxr", "")                        \
  ACY_A64_FETCH (W, T, R, OP, INSN, acquire, "ldaxr", "stxr", "")                       \
  ACY_A64_FETCH (W, T, R, OP, INSN, release, "ldxr", "stlxr", "")                       \
  ACY_A64_FETCH (W, T, R, OP, INSN, mb, "ldxr", "stlxr", "dmb ish")

#define ACY_A64_ORDERS(W, T, R)                                                          \
  ACY_A64_XCHG (W, T, R, relaxed, "ldxr", "stxr", "")                                   \
  ACY_A64_XCHG (W, T, R, acquire, "ldaxr", "stxr", "")                                  \
  ACY_A64_XCHG (W, T, R, release, "ldxr", "stlxr", "")                                  \
  ACY_A64_XCHG (W, T, R, mb, "ldxr", "stlxr", "dmb ish")                                \
  ACY_A64_CMPXCHG (W, T, R, relaxed, "ldxr", "stxr", "")                                \
  ACY_A64_CMPXCHG (W, T, R, acquire, "ldaxr", "stxr", "")                               \
  ACY_A64_CMPXCHG (W, T, R, release, "ldxr", "stlxr", "")                               \
  ACY_A64_CMPXCHG (W, T, R, mb, "ldxr", "stlxr", "dmb ish")                             \
  ACY_A64_FETCHES (W, T, R, add, "add")                                                 \
  ACY_A64_FETCHES (W, T, R, and, "and")                                                 \
  ACY_A64_FETCHES (W, T, R, or, "orr")                                                  \
  ACY_A64_FETCHES (W, T, R, xor, "eor")

ACY_A64_ORDERS (32, int32_t, "w")
ACY_A64_ORDERS (64, int64_t, "x")

/* atomic_add() and friends: relaxed, no value returned */
#define ACY_A64_NORETURN(W)                                                              \
ACY_INLINE void acy_k_add##W (void *p, acy_val v) { (void) acy_k_fetch_add_relaxed##W (p, v); } \
ACY_INLINE void acy_k_and##W (void *p, acy_val v) { (void) acy_k_fetch_and_relaxed##W (p, v); } \
ACY_INLINE void acy_k_or##W (void *p, acy_val v) { (void) acy_k_fetch_or_relaxed##W (p, v); }   \
ACY_INLINE void acy_k_xor##W (void *p, acy_val v) { (void) acy_k_fetch_xor_relaxed##W (p, v); }

ACY_A64_NORETURN (32)
ACY_A64_NORETURN (64)
#endif

#if defined(__x86_64__)
/* fetch-and-{and,or,xor}: a cmpxchg loop from a READ_ONCE, as Linux's
 * arch_atomic_fetch_and() and friends on x86 */
#define ACY_CAS_FETCH(W, OP, EXPR, NAME)                                                 \
ACY_INLINE acy_val acy_k_fetch_##OP##_##NAME##W (void *p, acy_val v)                     \
{                                                                                       \
  acy_val old = acy_ld##W (p);                                                          \
  for (;;)                                                                              \
    {                                                                                   \
      acy_val seen = acy_k_cmpxchg_##NAME##W (p, old, (EXPR));                           \
      if (seen == old)                                                                  \
        return old;                                                                     \
      old = seen;                                                                       \
    }                                                                                   \
}
#define ACY_X86_CAS_FETCHES(W, NAME)                                                     \
  ACY_CAS_FETCH (W, and, old & v, NAME)                                                 \
  ACY_CAS_FETCH (W, or, old | v, NAME)                                                  \
  ACY_CAS_FETCH (W, xor, old ^ v, NAME)
ACY_X86_CAS_FETCHES (32, relaxed) ACY_X86_CAS_FETCHES (32, acquire)
ACY_X86_CAS_FETCHES (32, release) ACY_X86_CAS_FETCHES (32, mb)
ACY_X86_CAS_FETCHES (64, relaxed) ACY_X86_CAS_FETCHES (64, acquire)
ACY_X86_CAS_FETCHES (64, release) ACY_X86_CAS_FETCHES (64, mb)
#endif

/* sub is an add of the negation, andnot an and of the complement (x86:
 * lock xadd, arm64: the same exclusive loop as Linux's sub and bic) */
#define ACY_DERIVED(W, NAME)                                                             \
ACY_INLINE acy_val acy_k_fetch_sub_##NAME##W (void *p, acy_val v)                        \
{ return acy_k_fetch_add_##NAME##W (p, acy_neg (v)); }                                   \
ACY_INLINE acy_val acy_k_fetch_andnot_##NAME##W (void *p, acy_val v)                     \
{ return acy_k_fetch_and_##NAME##W (p, ~v); }
ACY_DERIVED (32, relaxed) ACY_DERIVED (32, acquire) ACY_DERIVED (32, release) ACY_DERIVED (32, mb)
ACY_DERIVED (64, relaxed) ACY_DERIVED (64, acquire) ACY_DERIVED (64, release) ACY_DERIVED (64, mb)

ACY_INLINE void acy_k_sub32 (void *p, acy_val v) { acy_k_add32 (p, acy_neg (v)); }
ACY_INLINE void acy_k_sub64 (void *p, acy_val v) { acy_k_add64 (p, acy_neg (v)); }
ACY_INLINE void acy_k_andnot32 (void *p, acy_val v) { acy_k_and32 (p, ~v); }
ACY_INLINE void acy_k_andnot64 (void *p, acy_val v) { acy_k_and64 (p, ~v); }

/* atomic_add_unless(): Linux's atomic_fetch_add_unless(), a READ_ONCE
 * then fully ordered cmpxchg until it either adds or reads @u */
#define ACY_ADD_UNLESS(W)                                                                \
ACY_INLINE acy_val acy_k_add_unless##W (void *p, acy_val a, acy_val u)                    \
{                                                                                       \
  acy_val c = acy_ld##W (p);                                                            \
  for (;;)                                                                              \
    {                                                                                   \
      acy_val seen;                                                                     \
      if (c == u)                                                                       \
        return 0;                                                                       \
      seen = acy_k_cmpxchg_mb##W (p, c, acy_add (c, a));                                 \
      if (seen == c)                                                                    \
        return 1;                                                                       \
      c = seen;                                                                         \
    }                                                                                   \
}
ACY_ADD_UNLESS (32)
ACY_ADD_UNLESS (64)

/* Spinlocks, as the queued spinlock's uncontended path: an acquire
 * cmpxchg from 0 to 1, a release store of 0 (its spinning on a
 * contended lock is a plain read loop here). A long wait yields the
 * core and gives up after -timeout seconds of wall time, as every wait
 * of the harness does (acy_wait_slow() in runner.c): a count of spins
 * is no measure of time, under an emulator or on a busy machine the
 * holder may be off its core for millions of them. */
static void acy_wait_slow (unsigned long n, const char *what);

ACY_INLINE void
acy_k_lock (void *p)
{
  unsigned long spins = 0;

  while (acy_k_cmpxchg_acquire32 (p, 0, 1) != 0)
    while (acy_ld32 (p) != 0)
      {
        acy_cpu_relax ();
        if (__builtin_expect ((++spins & 1023) == 0, 0))
          acy_wait_slow (spins, "a spin_lock() that is never released");
      }
}

ACY_INLINE void acy_k_unlock (void *p) { acy_k_store_release32 (p, 0); }

ACY_INLINE acy_val
acy_k_trylock (void *p)
{
  if (acy_ld32 (p) != 0)
    return 0;
  return acy_k_cmpxchg_acquire32 (p, 0, 1) == 0;
}

ACY_INLINE acy_val acy_k_is_locked (void *p) { return acy_ld32 (p) != 0; }

/* ---- C11 atomics ---- */

#define ACY_C11_W(W, T)                                                                  \
ACY_INLINE acy_val acy_c_load##W (void *p, memory_order mo)                              \
{ return atomic_load_explicit ((_Atomic T *) p, mo); }                                   \
ACY_INLINE void acy_c_store##W (void *p, acy_val v, memory_order mo)                     \
{ atomic_store_explicit ((_Atomic T *) p, (T) v, mo); }                                  \
ACY_INLINE acy_val acy_c_exchange##W (void *p, acy_val v, memory_order mo)               \
{ return atomic_exchange_explicit ((_Atomic T *) p, (T) v, mo); }                        \
ACY_INLINE acy_val acy_c_fetch_add##W (void *p, acy_val v, memory_order mo)              \
{ return atomic_fetch_add_explicit ((_Atomic T *) p, (T) v, mo); }                       \
ACY_INLINE acy_val acy_c_fetch_sub##W (void *p, acy_val v, memory_order mo)              \
{ return atomic_fetch_sub_explicit ((_Atomic T *) p, (T) v, mo); }                       \
ACY_INLINE acy_val acy_c_fetch_and##W (void *p, acy_val v, memory_order mo)              \
{ return atomic_fetch_and_explicit ((_Atomic T *) p, (T) v, mo); }                       \
ACY_INLINE acy_val acy_c_fetch_or##W (void *p, acy_val v, memory_order mo)               \
{ return atomic_fetch_or_explicit ((_Atomic T *) p, (T) v, mo); }                        \
ACY_INLINE acy_val acy_c_fetch_xor##W (void *p, acy_val v, memory_order mo)              \
{ return atomic_fetch_xor_explicit ((_Atomic T *) p, (T) v, mo); }                       \
ACY_INLINE acy_val acy_c_cas##W (void *p, acy_val *expected, acy_val v, int strong,      \
                                 memory_order mo, memory_order fail)                    \
{                                                                                       \
  T e = (T) *expected;                                                                  \
  _Bool ok = strong                                                                     \
    ? atomic_compare_exchange_strong_explicit ((_Atomic T *) p, &e, (T) v, mo, fail)    \
    : atomic_compare_exchange_weak_explicit ((_Atomic T *) p, &e, (T) v, mo, fail);     \
  *expected = e;                                                                        \
  return ok;                                                                            \
}

ACY_C11_W (32, int32_t)
ACY_C11_W (64, int64_t)

ACY_INLINE void acy_c_fence (memory_order mo) { atomic_thread_fence (mo); }

/* mtx_lock() and mtx_unlock() as the kernel's spinlock */
ACY_INLINE void acy_c_lock (void *p) { acy_k_lock (p); }
ACY_INLINE void acy_c_unlock (void *p) { acy_k_unlock (p); }

/* A thread of the test: the cells of this iteration's locations, and
 * where its registers the final state shows go. */
typedef void (*acy_thread_fn) (void *const *locs, acy_val *out);
