/* runner.c - the fixed last part of a harness: runs the test's threads and counts final states
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One worker thread per thread of the test, each pinned to a core of its
 * own. A run is -s iterations; before each run the memory is set to the
 * initial state, the test's threads are dealt out to the workers (and
 * cores) at random, and the cells are preloaded into caches at random;
 * each iteration starts at once on every worker (-sync), on locations of
 * its own, each in a cache line of its own (-mem lines) or in arrays
 * (-mem packed), iterations visited with stride -st. After the run the
 * first worker reads each iteration's final state and counts it.
 *
 * What it prints (read by engine/run/acy-run-result.c), one item a line:
 *   acyclic-harness 1
 *   mapping NAME
 *   cpus ONLINE PINNED           (cores the threads are pinned to, 0: none)
 *   progress RUN RUNS            (with -progress, after each run)
 *   state COUNT V1 ... Vn        (one per final state seen)
 *   time SECONDS
 *   end
 * or `error WORDS` (exit status 3), `fault KIND THREAD` (exit status 4).
 */

enum { ACY_SYNC_USER, ACY_SYNC_USERFENCE, ACY_SYNC_TIMEBASE, ACY_SYNC_PTHREAD, ACY_SYNC_NONE };
enum { ACY_AFF_NONE, ACY_AFF_INCR, ACY_AFF_RANDOM };
enum { ACY_MEM_LINES, ACY_MEM_PACKED };
enum { ACY_PRELOAD_NONE, ACY_PRELOAD_RANDOM, ACY_PRELOAD_ALL };

typedef struct {
  long size, runs, stride;
  int avail, affinity, incr, mem, line, sync, preload, progress, tb_auto;
  long tb_delay;
  double timeout;
  uint64_t seed;
  int cpus[1024];
  int n_cpus;
} acy_params;

typedef struct {
  int id;
  int role;               /* the test's thread this worker runs in this run */
  int cpu;                /* -1: not pinned */
  int pinned;             /* the core it is pinned to, -1 none */
  uint64_t rng;
  long late;              /* iterations it joined after their start time (-sync timebase) */
  pthread_t thread;
} acy_worker;

static acy_params P;
static acy_worker W[ACY_N_THREADS];
static unsigned char *acy_mem;
static acy_val *acy_outs;
static volatile int64_t *acy_go;
static size_t acy_step_iter, acy_step_loc;   /* cell (i, L) at i * step_iter + L * step_loc */
static pthread_barrier_t acy_pbarrier;

static __thread double acy_wait_start;

static double
acy_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void
acy_error (const char *what)
{
  printf ("error %s\n", what);
  fflush (stdout);
  _exit (3);
}

static void
acy_waited_too_long (const char *what)
{
  char line[256];

  snprintf (line, sizeof line, "waited more than %.0f s for %s", P.timeout, what);
  acy_error (line);
}

static const char acy_other_threads[] = "the other threads";

/* A spin that lasts: yield the core (another worker may need it on a
 * busy machine), and give up after -timeout seconds. A thread waiting
 * for the others gives up a second later than one waiting in the
 * test's own code (a lock), so that the wait that never ends is the one
 * reported, not the threads that finished and wait for it. */
__attribute__ ((noinline, cold)) static void
acy_wait_slow (unsigned long n, const char *what)
{
  sched_yield ();
  if (n == 1024)
    acy_wait_start = acy_now ();
  else if ((n & 0xffff) == 0
           && acy_now () - acy_wait_start > P.timeout + (what == acy_other_threads ? 1.0 : 0.0))
    acy_waited_too_long (what);
}

#define ACY_WAIT_UNTIL(cond, what)                                         \
  do {                                                                     \
    unsigned long acy_n_ = 0;                                              \
    while (!(cond))                                                        \
      {                                                                    \
        acy_cpu_relax ();                                                  \
        if (__builtin_expect ((++acy_n_ & 1023) == 0, 0))                  \
          acy_wait_slow (acy_n_, what);                                    \
      }                                                                    \
  } while (0)

/* ---- randomness (xorshift64*) ---- */

static uint64_t
acy_rand (uint64_t *s)
{
  uint64_t x = *s;

  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *s = x;
  return x * UINT64_C (2685821657736338717);
}

static void
acy_shuffle (int *a, int n, uint64_t *s)
{
  for (int i = n - 1; i > 0; i--)
    {
      int j = (int) (acy_rand (s) % (uint64_t) (i + 1));
      int t = a[i];

      a[i] = a[j];
      a[j] = t;
    }
}

/* ---- time base, for -sync timebase ---- */

static inline uint64_t
acy_ticks (void)
{
#if defined(__x86_64__)
  uint32_t lo, hi;

  __asm__ __volatile__ ("rdtsc" : "=a" (lo), "=d" (hi));
  return ((uint64_t) hi << 32) | lo;
#else
  uint64_t t;

  __asm__ __volatile__ ("isb; mrs %0, cntvct_el0" : "=r" (t) :: "memory");
  return t;
#endif
}

/* ---- barriers between runs: all workers ---- */

static volatile int acy_bar_count;
static volatile int acy_bar_sense;

static void
acy_barrier (int *sense)
{
  *sense = !*sense;
  if (__atomic_add_fetch (&acy_bar_count, 1, __ATOMIC_ACQ_REL) == ACY_N_THREADS)
    {
      acy_bar_count = 0;
      __atomic_store_n (&acy_bar_sense, *sense, __ATOMIC_RELEASE);
    }
  else
    ACY_WAIT_UNTIL (__atomic_load_n (&acy_bar_sense, __ATOMIC_ACQUIRE) == *sense, acy_other_threads);
}

/* ---- one run ---- */

static inline unsigned char *
acy_cell (long i, int l)
{
  return acy_mem + (size_t) i * acy_step_iter + (size_t) l * acy_step_loc;
}

static void
acy_pin (acy_worker *w)
{
  cpu_set_t set;

  if (w->cpu < 0 || w->cpu == w->pinned)
    return;
  CPU_ZERO (&set);
  CPU_SET (w->cpu, &set);
  if (pthread_setaffinity_np (pthread_self (), sizeof set, &set) == 0)
    w->pinned = w->cpu;
}

static void
acy_preload (acy_worker *w)
{
  uint64_t bits = 0;
  int left = 0;

  if (P.preload == ACY_PRELOAD_NONE)
    return;
  for (long i = P.size - 1; i >= 0; i--)
    for (int l = 0; l < ACY_N_LOCS; l++)
      {
        if (P.preload == ACY_PRELOAD_RANDOM)
          {
            if (left == 0)
              {
                bits = acy_rand (&w->rng);
                left = 64;
              }
            left--;
            if (!((bits >> left) & 1))
              continue;
          }
        (void) *(volatile int32_t *) acy_cell (i, l);
      }
}

static void
acy_iterations (acy_worker *w)
{
  const int role = w->role;
  const acy_thread_fn fn = acy_threads[role];

  for (long j = P.stride; j > 0; j--)
    for (long i = P.size - j; i >= 0; i -= P.stride)
      {
        void *locs[ACY_DIM (ACY_N_LOCS)];
        volatile int64_t *go = &acy_go[i];

        for (int l = 0; l < ACY_N_LOCS; l++)
          locs[l] = acy_cell (i, l);
        switch (P.sync)
          {
          case ACY_SYNC_USER:
          case ACY_SYNC_USERFENCE:
            if (i % ACY_N_THREADS == role)
              *go = 1;
            else
              ACY_WAIT_UNTIL (*go != 0, acy_other_threads);
            if (P.sync == ACY_SYNC_USERFENCE)
              __atomic_thread_fence (__ATOMIC_SEQ_CST);
            break;
          case ACY_SYNC_TIMEBASE:
            {
              uint64_t t;

              if (i % ACY_N_THREADS == role)
                {
                  t = acy_ticks () + (uint64_t) P.tb_delay;
                  *go = (int64_t) t;
                }
              else
                {
                  ACY_WAIT_UNTIL (*go != 0, acy_other_threads);
                  t = (uint64_t) *go;
                  if (acy_ticks () >= t)
                    w->late++;
                }
              while (acy_ticks () < t)
                ;
            }
            break;
          case ACY_SYNC_PTHREAD:
            pthread_barrier_wait (&acy_pbarrier);
            break;
          default:
            break;
          }
        fn ((void *const *) locs, &acy_outs[(size_t) i * ACY_DIM (ACY_N_OUTS)]);
      }
}

static void
acy_reset (void)
{
  for (long i = 0; i < P.size; i++)
    {
      for (int l = 0; l < ACY_N_LOCS; l++)
        {
          if (acy_loc_wide[l])
            *(int64_t *) acy_cell (i, l) = acy_loc_init[l];
          else
            *(int32_t *) acy_cell (i, l) = (int32_t) acy_loc_init[l];
        }
      acy_go[i] = 0;
    }
}

/* -sync timebase: the start of an iteration is set that far ahead that
 * the other workers see it in time, and no further (the wait is most of
 * an iteration's time): the delay doubles while more than one start in
 * 20 is missed, and shrinks while fewer than one in 200 are. */
static void
acy_tune_delay (void)
{
  long late = 0, joins = P.size * (ACY_N_THREADS - 1) / ACY_N_THREADS;

  for (int t = 0; t < ACY_N_THREADS; t++)
    {
      late += W[t].late;
      W[t].late = 0;
    }
  if (late * 20 > joins && P.tb_delay < (1L << 20))
    P.tb_delay *= 2;
  else if (late * 200 < joins && P.tb_delay > 32)
    P.tb_delay -= P.tb_delay / 4;
}

/* The leader deals the test's threads (and cores) out for the next run. */
static void
acy_deal (void)
{
  int roles[ACY_N_THREADS];

  for (int t = 0; t < ACY_N_THREADS; t++)
    roles[t] = t;
  if (P.affinity == ACY_AFF_RANDOM)
    {
      acy_shuffle (roles, ACY_N_THREADS, &W[0].rng);
      if (P.n_cpus > ACY_N_THREADS)
        acy_shuffle (P.cpus, P.n_cpus, &W[0].rng);
    }
  /* -affinity incr: each worker -i cores after the one before, the next
   * free one when that is taken (there are at least as many cores) */
  {
    unsigned char taken[1024] = { 0 };
    int next = 0;

    for (int t = 0; t < ACY_N_THREADS; t++)
      {
        W[t].role = roles[t];
        if (P.affinity == ACY_AFF_NONE || P.n_cpus < ACY_N_THREADS)
          W[t].cpu = -1;
        else if (P.affinity == ACY_AFF_RANDOM)
          W[t].cpu = P.cpus[t];
        else
          {
            while (taken[next])
              next = (next + 1) % P.n_cpus;
            taken[next] = 1;
            W[t].cpu = P.cpus[next];
            next = (next + P.incr) % P.n_cpus;
          }
      }
  }
}

/* ---- final states ---- */

typedef struct {
  uint64_t count;
  acy_val v[ACY_DIM (ACY_N_TRACKED)];
} acy_entry;

static acy_entry *acy_hist;
static size_t acy_hist_cap, acy_hist_len;

static size_t
acy_hash (const acy_val *v)
{
  uint64_t h = UINT64_C (14695981039346656037);

  for (int k = 0; k < ACY_N_TRACKED; k++)
    h = (h ^ (uint64_t) v[k]) * UINT64_C (1099511628211);
  return (size_t) (h ^ (h >> 29));
}

static void
acy_count (const acy_val *v, uint64_t n)
{
  size_t i;

  if (2 * (acy_hist_len + 1) > acy_hist_cap)
    {
      acy_entry *old = acy_hist;
      size_t old_cap = acy_hist_cap;

      acy_hist_cap = old_cap ? old_cap * 2 : 64;
      acy_hist = calloc (acy_hist_cap, sizeof *acy_hist);
      if (acy_hist == NULL)
        acy_error ("out of memory for the final states");
      acy_hist_len = 0;
      for (size_t k = 0; k < old_cap; k++)
        if (old[k].count > 0)
          acy_count (old[k].v, old[k].count);
      free (old);
    }
  for (i = acy_hash (v) & (acy_hist_cap - 1);; i = (i + 1) & (acy_hist_cap - 1))
    {
      if (acy_hist[i].count == 0)
        {
          memcpy (acy_hist[i].v, v, sizeof acy_hist[i].v);
          acy_hist[i].count = n;
          acy_hist_len++;
          return;
        }
      if (memcmp (acy_hist[i].v, v, sizeof (acy_val) * ACY_N_TRACKED) == 0)
        {
          acy_hist[i].count += n;
          return;
        }
    }
}

static void
acy_collect (void)
{
  acy_val v[ACY_DIM (ACY_N_TRACKED)] = { 0 };

  for (long i = 0; i < P.size; i++)
    {
      const acy_val *out = &acy_outs[(size_t) i * ACY_DIM (ACY_N_OUTS)];

      for (int k = 0; k < ACY_N_TRACKED; k++)
        {
          int x = acy_track_index[k];

          switch (acy_track_kind[k])
            {
            case 0:
              v[k] = out[x];
              break;
            case 1:
              v[k] = acy_loc_wide[x] ? *(int64_t *) acy_cell (i, x) : *(int32_t *) acy_cell (i, x);
              break;
            default:
              v[k] = 0;
              break;
            }
        }
      acy_count (v, 1);
    }
}

static void
acy_check_faults (void)
{
  static const char *const names[] = { "none", "not-address", "division-by-zero", "shift" };

  for (int t = 0; t < ACY_N_THREADS; t++)
    if (acy_fault_kind[t] != ACY_FAULT_NONE)
      {
        printf ("fault %s %d\n", names[acy_fault_kind[t]], t);
        fflush (stdout);
        _exit (4);
      }
}

/* ---- the workers ---- */

static void
acy_work (acy_worker *w)
{
  int sense = 0;

  for (long run = 0; run < P.runs; run++)
    {
      if (w->id == 0)
        {
          acy_reset ();
          acy_deal ();
        }
      acy_barrier (&sense);
      acy_pin (w);
      acy_preload (w);
      acy_barrier (&sense);
      acy_iterations (w);
      acy_barrier (&sense);
      if (w->id == 0)
        {
          acy_check_faults ();
          acy_collect ();
          if (P.sync == ACY_SYNC_TIMEBASE && P.tb_auto)
            acy_tune_delay ();
          if (P.progress)
            {
              printf ("progress %ld %ld\n", run + 1, P.runs);
              fflush (stdout);
            }
        }
    }
}

static void *
acy_worker_main (void *data)
{
  acy_work (data);
  return NULL;
}

/* ---- options ---- */

static long
acy_number (const char *s, long lo, long hi, const char *opt)
{
  char *end = NULL;
  long v;

  errno = 0;
  v = s ? strtol (s, &end, 10) : 0;
  if (s == NULL || *s == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi)
    {
      char line[128];

      snprintf (line, sizeof line, "option %s wants a number from %ld to %ld", opt, lo, hi);
      acy_error (line);
    }
  return v;
}

static int
acy_word (const char *s, const char *const *words, const char *opt)
{
  for (int k = 0; s && words[k]; k++)
    if (strcmp (s, words[k]) == 0)
      return k;
  {
    char line[128];

    snprintf (line, sizeof line, "option %s: unknown value", opt);
    acy_error (line);
  }
  return 0;
}

static void
acy_cpu_list (const char *s)
{
  const char *p = s;

  P.n_cpus = 0;
  while (*p)
    {
      char *end = NULL;
      long c = strtol (p, &end, 10);

      if (end == p || c < 0 || c >= CPU_SETSIZE || P.n_cpus >= 1024)
        acy_error ("option -p wants a list of core numbers, as 0,1,2");
      P.cpus[P.n_cpus++] = (int) c;
      p = *end == ',' ? end + 1 : end;
      if (*end != ',' && *end != '\0')
        acy_error ("option -p wants a list of core numbers, as 0,1,2");
    }
}

static void
acy_options (int argc, char **argv)
{
  static const char *const syncs[] = { "user", "userfence", "timebase", "pthread", "none", NULL };
  static const char *const affs[] = { "none", "incr", "random", NULL };
  static const char *const mems[] = { "lines", "packed", NULL };
  static const char *const preloads[] = { "none", "random", "all", NULL };
  const char *cpus = NULL;

  P.size = 1000;
  P.runs = 10;
  P.stride = 1;
  P.affinity = ACY_AFF_RANDOM;
  P.incr = 1;
  P.line = 64;
  P.sync = ACY_SYNC_TIMEBASE;
  P.preload = ACY_PRELOAD_RANDOM;
  P.tb_delay = 256;
  P.tb_auto = 1;
  P.timeout = 60;
  P.seed = (uint64_t) time (NULL) ^ ((uint64_t) getpid () << 32);
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (a, "-progress") == 0)
        {
          P.progress = 1;
          continue;
        }
      i++;
      if (strcmp (a, "-s") == 0)
        P.size = acy_number (v, 1, 100000000, a);
      else if (strcmp (a, "-r") == 0)
        P.runs = acy_number (v, 1, 1000000000, a);
      else if (strcmp (a, "-a") == 0)
        P.avail = (int) acy_number (v, 0, 1024, a);
      else if (strcmp (a, "-p") == 0)
        cpus = v ? v : "";
      else if (strcmp (a, "-i") == 0)
        P.incr = (int) acy_number (v, 1, 1024, a);
      else if (strcmp (a, "-st") == 0)
        P.stride = acy_number (v, 1, 1000000, a);
      else if (strcmp (a, "-line") == 0)
        P.line = (int) acy_number (v, 8, 4096, a);
      else if (strcmp (a, "-tb") == 0)
        {
          P.tb_delay = acy_number (v, 0, 100000000, a);
          P.tb_auto = 0;
        }
      else if (strcmp (a, "-timeout") == 0)
        P.timeout = (double) acy_number (v, 1, 1000000, a);
      else if (strcmp (a, "-seed") == 0)
        P.seed = (uint64_t) acy_number (v, 1, 0x7fffffffffffffffL, a);
      else if (strcmp (a, "-sync") == 0)
        P.sync = acy_word (v, syncs, a);
      else if (strcmp (a, "-affinity") == 0)
        P.affinity = acy_word (v, affs, a);
      else if (strcmp (a, "-mem") == 0)
        P.mem = acy_word (v, mems, a);
      else if (strcmp (a, "-preload") == 0)
        P.preload = acy_word (v, preloads, a);
      else
        acy_error ("unknown option");
    }
  if (P.line & (P.line - 1))
    acy_error ("option -line wants a power of two");

  /* the cores: -p's, else those this process may run on; -a of them */
  if (cpus != NULL)
    acy_cpu_list (cpus);
  else
    {
      cpu_set_t set;

      if (sched_getaffinity (0, sizeof set, &set) != 0)
        CPU_SET (0, &set);
      for (int c = 0; c < CPU_SETSIZE && P.n_cpus < 1024; c++)
        if (CPU_ISSET (c, &set))
          P.cpus[P.n_cpus++] = c;
    }
  if (P.avail > 0 && P.avail < P.n_cpus)
    P.n_cpus = P.avail;
}

int
main (int argc, char **argv)
{
  size_t cells;
  double start;

  acy_options (argc, argv);
  /* the cores the threads are pinned to: none when fewer than threads */
  printf ("acyclic-harness 1\nmapping %s\ncpus %ld %d\n", ACY_MAPPING, sysconf (_SC_NPROCESSORS_ONLN),
          P.affinity == ACY_AFF_NONE || P.n_cpus < ACY_N_THREADS ? 0 : ACY_N_THREADS);
  fflush (stdout);

  if (P.mem == ACY_MEM_LINES)
    {
      acy_step_loc = (size_t) P.line;
      acy_step_iter = (size_t) ACY_DIM (ACY_N_LOCS) * P.line;
    }
  else
    {
      acy_step_iter = sizeof (int64_t);
      acy_step_loc = ((size_t) P.size * sizeof (int64_t) + 127) & ~(size_t) 127;
    }
  cells = (size_t) P.size * acy_step_iter + (size_t) ACY_DIM (ACY_N_LOCS) * acy_step_loc;
  if ((double) P.size * (ACY_DIM (ACY_N_LOCS) * (double) P.line + 8.0 * (ACY_N_OUTS + 1)) > 4e9)
    acy_error ("-s is too large: the memory of a run passes 4 GB");
  acy_mem = aligned_alloc (4096, (cells + 4095) & ~(size_t) 4095);
  acy_outs = calloc ((size_t) P.size * ACY_DIM (ACY_N_OUTS), sizeof *acy_outs);
  acy_go = calloc ((size_t) P.size, sizeof *acy_go);
  if (acy_mem == NULL || acy_outs == NULL || acy_go == NULL)
    acy_error ("out of memory");
  memset (acy_mem, 0, (cells + 4095) & ~(size_t) 4095);
  if (P.sync == ACY_SYNC_PTHREAD)
    pthread_barrier_init (&acy_pbarrier, NULL, ACY_N_THREADS);

  start = acy_now ();
  for (int t = 0; t < ACY_N_THREADS; t++)
    {
      W[t].id = t;
      W[t].pinned = -1;
      W[t].rng = P.seed * (uint64_t) (2 * t + 1) | 1;
    }
  for (int t = 1; t < ACY_N_THREADS; t++)
    if (pthread_create (&W[t].thread, NULL, acy_worker_main, &W[t]) != 0)
      acy_error ("cannot start a thread");
  acy_work (&W[0]);
  for (int t = 1; t < ACY_N_THREADS; t++)
    pthread_join (W[t].thread, NULL);

  for (size_t k = 0; k < acy_hist_cap; k++)
    if (acy_hist[k].count > 0)
      {
        printf ("state %" PRIu64, acy_hist[k].count);
        for (int j = 0; j < ACY_N_TRACKED; j++)
          printf (" %" PRId64, acy_hist[k].v[j]);
        printf ("\n");
      }
  printf ("time %.6f\nend\n", acy_now () - start);
  return fflush (stdout) == 0 ? 0 : 3;
}
