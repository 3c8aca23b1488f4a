/* SPDX-License-Identifier: MIT */
/* bench_infer: mean time of one parl_infer() over the requests of the test
 * matrix (grammar/tests.yaml, infer section), at least 1M calls per run,
 * median of 7 runs. Also the gate and parl_parse_number. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "parlance.h"
#include "yaml_doc.h"
#include "benchlib.h"

#define RUNS 7

static volatile int sink;

/* Median over RUNS of the mean ns per call of WHICH over all queries. */
static double measure(int which, char **q, size_t *len, int nq, long calls)
{
    double t[RUNS];
    long rounds = (calls + nq - 1) / nq;
    for (int r = 0; r < RUNS; r++) {
        double t0 = bench_seconds(CLOCK_MONOTONIC) * 1e9;
        for (long k = 0; k < rounds; k++)
            for (int i = 0; i < nq; i++) {
                parl_intent in;
                int64_t v;
                if (which == 0) sink += parl_infer(q[i], len[i], &in);
                else if (which == 1) sink += parl_is_retrieval_request(q[i], len[i]);
                else sink += parl_parse_number(q[i], len[i], &v, NULL);
            }
        t[r] = (bench_seconds(CLOCK_MONOTONIC) * 1e9 - t0) / (double)(rounds * nq);
    }
    double median = bench_median(t, RUNS);
    printf("    runs (ns/call):");
    for (int r = 0; r < RUNS; r++) printf(" %.1f", t[r]);
    printf("\n");
    return median;
}

int main(void)
{
    ydoc *d = ydoc_load("grammar/tests.yaml");
    if (!d) return 1;
    const ynode *list = ymap_get(d->root, "infer");
    int nq = (int)list->n;
    char **q = malloc((size_t)nq * sizeof *q);
    size_t *len = malloc((size_t)nq * sizeof *len), total = 0;
    for (int i = 0; i < nq; i++) {
        q[i] = ymap_get(list->items[i], "q")->text;
        len[i] = strlen(q[i]);
        total += len[i];
    }
    printf("bench_infer: %d requests of the matrix, %.1f bytes on average, >= 1M calls per run\n",
           nq, (double)total / nq);
    double infer = measure(0, q, len, nq, 1000000);
    printf("  parl_infer:                 median %.1f ns per request (target <= 100)\n", infer);
    double gate = measure(1, q, len, nq, 1000000);
    printf("  parl_is_retrieval_request:  median %.1f ns per request\n", gate);
    double num = measure(2, q, len, nq, 1000000);
    printf("  parl_parse_number:          median %.1f ns per request\n", num);
    free(q);
    free(len);
    ydoc_free(d);
    return 0;
}
