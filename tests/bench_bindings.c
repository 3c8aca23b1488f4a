/* SPDX-License-Identifier: MIT */
/* bench_bindings: the C figures the bindings are measured against
 * (tests/bench_bindings.sh): one parl_infer(), one parl_infer_json() over
 * the requests in REQUESTS (one a line), one parl_split_json() of the text
 * in DOC; mean ns per call on the process's CPU clock (as the bindings'
 * benches measure), median of 5 runs. Prints
 * "infer NS infer_json NS split NS". */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include "parlance.h"
#include "benchlib.h"
#include "cli.h"

#define RUNS 5

static volatile size_t sink;

static double measure(int which, char **q, size_t *len, int nq, const char *doc, size_t dlen, char *out,
                      size_t cap, long calls)
{
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double t0 = bench_seconds(CLOCK_PROCESS_CPUTIME_ID);
        for (long k = 0; k < calls; k++) {
            int i = (int)(k % nq);
            parl_intent in;
            if (which == 0) sink += parl_infer(q[i], len[i], &in);
            else if (which == 1) sink += parl_infer_json(q[i], len[i], out, cap);
            else sink += parl_split_json(doc, dlen, 0, out, cap);
        }
        t[r] = (bench_seconds(CLOCK_PROCESS_CPUTIME_ID) - t0) * 1e9 / (double)calls;
    }
    return bench_median(t, RUNS);
}

int main(int argc, char **argv)
{
    if (argc != 3) { fprintf(stderr, "usage: bench_bindings REQUESTS DOC\n"); return 2; }
    size_t rlen, dlen;
    char *reqs = read_file(argv[1], &rlen), *doc = read_file(argv[2], &dlen);
    if (!reqs || !doc) return 1;
    char *q[1024];
    size_t len[1024];
    int nq = 0;
    for (char *p = reqs, *e; *p && nq < 1024; p = e + 1) {
        e = strchr(p, '\n');
        if (!e) break;
        q[nq] = p;
        len[nq++] = (size_t)(e - p);
    }
    static char out[1 << 20];
    size_t need = parl_split_json(doc, dlen, 0, NULL, 0);
    if (!nq || need >= sizeof out) return 1;
    printf("infer %.1f", measure(0, q, len, nq, doc, dlen, out, sizeof out, 3000000));
    printf(" infer_json %.1f", measure(1, q, len, nq, doc, dlen, out, sizeof out, 2000000));
    printf(" split %.1f\n", measure(2, q, len, nq, doc, dlen, out, sizeof out, 20000));
    free(reqs);
    free(doc);
    return 0;
}
