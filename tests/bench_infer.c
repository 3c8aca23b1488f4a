/* SPDX-License-Identifier: MIT */
/* bench_infer: mean time of one parl_infer() over the requests of the test
 * matrix (grammar/tests.yaml, infer section), at least 1M calls per run,
 * median of 7 runs. Also the gate, parl_parse_number, and `parlance infer
 * --batch` per line on the same requests (build/parlance, or the CLI named
 * by the first argument: tests/bench_corpus.sh measures the previous build
 * with it). */
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

/* `CLI infer --batch` over the requests written ROUNDS times to a
 * file, one a line: median over RUNS of the wall time per line; 0 when the
 * CLI cannot be run. */
static double measure_batch(const char *cli, char **q, int nq, int rounds)
{
    char path[] = "/tmp/parl_bench_inferXXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) return 0;
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < nq; i++) {
            for (const char *c = q[i]; *c; c++) fputc(*c == '\n' ? ' ' : *c, f);
            fputc('\n', f);
        }
    fclose(f);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' infer --batch %s > /dev/null", cli, path);
    double t[RUNS];
    int ok = 1;
    for (int r = 0; r < RUNS && ok; r++) {
        double t0 = bench_seconds(CLOCK_MONOTONIC);
        ok = system(cmd) == 0;
        t[r] = (bench_seconds(CLOCK_MONOTONIC) - t0) * 1e9 / ((double)rounds * nq);
    }
    remove(path);
    return ok ? bench_median(t, RUNS) : 0;
}

int main(int argc, char **argv)
{
    const char *cli = argc > 1 ? argv[1] : "build/parlance";
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
    printf("  parl_infer:                 median %.1f ns per request (target <= 50)\n", infer);
    double gate = measure(1, q, len, nq, 1000000);
    printf("  parl_is_retrieval_request:  median %.1f ns per request\n", gate);
    double num = measure(2, q, len, nq, 1000000);
    printf("  parl_parse_number:          median %.1f ns per request\n", num);
    double batch = measure_batch(cli, q, nq, 2000);
    if (batch > 0)
        printf("  infer --batch (the CLI):    median %.1f ns per line, %.2fx parl_infer (target <= 2x;\n"
               "                              JSON written, lines read and written)\n", batch, batch / infer);
    else
        printf("  infer --batch: %s could not be run\n", cli);
    free(q);
    free(len);
    ydoc_free(d);
    return 0;
}
