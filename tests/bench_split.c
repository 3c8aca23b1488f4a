/* SPDX-License-Identifier: MIT */
/* bench_split.c: throughput of the sentence splitter and the profiler on one
 * core, over >= 100 MB of English prose built by repeating the sample texts
 * in tests/samples/. Prints the median MB/s of RUNS runs each, measured
 * on the thread's CPU clock (the figure for one core even when other work
 * shares the machine), with the wall-clock median beside it.
 * Targets (issue 3): split >= 500 MB/s, profile >= 300 MB/s. */
#include "parlance.h"
#include "cli.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "benchlib.h"

#define TARGET_BYTES (100u << 20)
#define RUNS 7

static char *build_corpus(size_t *len)
{
    static const char *const files[] = { "tests/samples/narrative.txt", "tests/samples/report.md",
                                         "tests/samples/letters.txt" };
    char *part[3];
    size_t plen[3], unit = 0;
    for (int i = 0; i < 3; i++) {
        part[i] = read_file(files[i], &plen[i]);
        if (!part[i]) exit(1);
        unit += plen[i] + 1;
    }
    size_t copies = TARGET_BYTES / unit + 1, n = 0;
    char *all = malloc(copies * unit);
    if (!all) exit(1);
    for (size_t c = 0; c < copies; c++)
        for (int i = 0; i < 3; i++) {
            memcpy(all + n, part[i], plen[i]);
            n += plen[i];
            all[n++] = '\n';
        }
    for (int i = 0; i < 3; i++) free(part[i]);
    *len = n;
    return all;
}

int main(void)
{
    size_t len;
    char *text = build_corpus(&len);
    double mb = (double)len / 1e6, split[RUNS], prof[RUNS], wsplit[RUNS], wprof[RUNS];
    size_t nsent = 0;
    for (int r = 0; r < RUNS; r++) {
        parl_splitter it;
        parl_sentence s;
        size_t n = 0, check = 0;
        double t0 = bench_seconds(CLOCK_THREAD_CPUTIME_ID), w0 = bench_seconds(CLOCK_MONOTONIC);
        parl_split_init(&it, text, len, 0);
        while (parl_split_next(&it, &s)) { n++; check += s.len; }
        split[r] = mb / (bench_seconds(CLOCK_THREAD_CPUTIME_ID) - t0);
        wsplit[r] = mb / (bench_seconds(CLOCK_MONOTONIC) - w0);
        if (check == 0) return 1;
        nsent = n;
    }
    size_t pcap = nsent, scap = nsent;
    parl_paragraph *pa = malloc(pcap * sizeof *pa);
    parl_sentence *se = malloc(scap * sizeof *se);
    parl_profile p;
    for (int r = 0; r < RUNS; r++) {
        double t0 = bench_seconds(CLOCK_THREAD_CPUTIME_ID), w0 = bench_seconds(CLOCK_MONOTONIC);
        parl_analyze(text, len, "bench", &p, pa, pcap, se, scap);
        prof[r] = mb / (bench_seconds(CLOCK_THREAD_CPUTIME_ID) - t0);
        wprof[r] = mb / (bench_seconds(CLOCK_MONOTONIC) - w0);
    }
    /* sorted, for the minimum, median and maximum below */
    bench_median(split, RUNS);
    bench_median(prof, RUNS);
    bench_median(wsplit, RUNS);
    bench_median(wprof, RUNS);
    printf("corpus: %.1f MB, %zu sentences, %zu paragraphs, %zu words\n", mb, nsent,
           p.paragraph_count, p.word_count);
    printf("split:   %7.0f MB/s per core (median of %d; min %.0f, max %.0f; target 500)"
           "  wall %.0f MB/s\n", split[RUNS / 2], RUNS, split[0], split[RUNS - 1], wsplit[RUNS / 2]);
    printf("profile: %7.0f MB/s per core (median of %d; min %.0f, max %.0f; target 300)"
           "  wall %.0f MB/s\n", prof[RUNS / 2], RUNS, prof[0], prof[RUNS - 1], wprof[RUNS / 2]);
    free(pa);
    free(se);
    free(text);
    return 0;
}
