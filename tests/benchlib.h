/* SPDX-License-Identifier: MIT */
/* benchlib.h: what the benches share: a clock and a median. Static inline
 * functions in a header, like testlib.h: each bench is one program. */
#ifndef PARL_BENCHLIB_H
#define PARL_BENCHLIB_H
#include <stdlib.h>
#include <time.h>

/* Seconds on CLOCK: CLOCK_MONOTONIC for wall time, CLOCK_THREAD_CPUTIME_ID
 * for this thread's CPU time (steadier on a shared machine). */
static inline double bench_seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static inline int bench_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Sorts V[0..N) and returns its median. */
static inline double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, bench_cmp);
    return v[n / 2];
}
#endif
