/* SPDX-License-Identifier: MIT */
/* bench_patch.c: diff, parse and apply timings on a 2000-line text with
 * scattered edits (medians of several runs). */
#define _POSIX_C_SOURCE 199309L
#include "parlance.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "benchlib.h"

#define RUNS 15

int main(void)
{
    enum { LINES = 2000 };
    size_t cap = LINES * 64;
    char *a = malloc(cap), *b = malloc(cap);
    size_t an = 0, bn = 0;
    unsigned seed = 12345;
    for (int i = 0; i < LINES; i++) {
        seed = seed * 1103515245u + 12345u;
        int len = snprintf(a + an, cap - an, "line %d: value %u\n", i, (seed >> 16) % 1000);
        an += (size_t)len;
        if (i % 50 == 7) bn += (size_t)snprintf(b + bn, cap - bn, "changed line %d\n", i);
        else if (i % 97 == 3) continue;
        else { memcpy(b + bn, a + an - (size_t)len, (size_t)len); bn += (size_t)len; }
        if (i % 131 == 5) bn += (size_t)snprintf(b + bn, cap - bn, "inserted after %d\n", i);
    }
    size_t ws = parl_diff_work_size(a, an, b, bn);
    void *work = malloc(ws);
    char *d = malloc(cap), *out = malloc(cap);
    parl_patch_report r;
    double t_diff[RUNS], t_parse[RUNS], t_apply[RUNS];
    size_t dn = 0;
    for (int k = 0; k < RUNS; k++) {
        double t0 = bench_seconds(CLOCK_MONOTONIC) * 1e6;
        if (parl_diff(a, an, b, bn, NULL, work, ws, d, cap, &r) != PARL_PATCH_OK) return 1;
        dn = r.len;
        double t1 = bench_seconds(CLOCK_MONOTONIC) * 1e6;
        if (parl_patch_check(d, dn, &r) != PARL_PATCH_OK) return 1;
        double t2 = bench_seconds(CLOCK_MONOTONIC) * 1e6;
        if (parl_patch_apply(d, dn, a, an, out, cap, NULL, &r) != PARL_PATCH_OK) return 1;
        double t3 = bench_seconds(CLOCK_MONOTONIC) * 1e6;
        if (r.len != bn || memcmp(out, b, bn)) return 1;
        t_diff[k] = t1 - t0, t_parse[k] = t2 - t1, t_apply[k] = t3 - t2;
    }
    printf("patch: %d lines (%zu bytes), diff %zu bytes in %zu hunks, work %zu bytes\n", LINES, an,
           dn, r.hunks, ws);
    printf("patch: diff  median %8.1f us\n", bench_median(t_diff, RUNS));
    printf("patch: parse median %8.1f us\n", bench_median(t_parse, RUNS));
    printf("patch: apply median %8.1f us (validate + measure + write)\n", bench_median(t_apply, RUNS));
    free(a); free(b); free(work); free(d); free(out);
    return 0;
}
