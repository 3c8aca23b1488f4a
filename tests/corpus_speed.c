/* SPDX-License-Identifier: MIT */
/* corpus_speed: the library's split and profile speed on files, the
 * figures tests/bench_corpus.sh sets beside the CLI's. Built by that script
 * against this build's library and the previous build's (one source, two
 * libraries), so both are measured by the same loop.
 *
 *   corpus_speed FILE...   prints "split FILE MB/s", "profile FILE MB/s" and
 *                          "profile_json FILE MB/s" (parl_analyze and then
 *                          parl_analyze_json: the work `parlance profile`
 *                          does) and "split_jsonl FILE MB/s" (parl_split_json:
 *                          the objects `split --jsonl` writes, as an array),
 *                          "split_json FILE MB/s" (split and parl_json_string:
 *                          the strings `split --json` writes), and
 *                          "split_mapped FILE MB/s" (the file mapped, split
 *                          and unmapped each run: what the CLI pays to read
 *                          a file from the page cache, faults and teardown
 *                          included), medians of RUNS runs of CPU time. */
#include "parlance.h"
#include "benchlib.h"
#include "text_map.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUNS 7

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return NULL; }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *b = malloc((size_t)n + 1);
    if (!b || fread(b, 1, (size_t)n, f) != (size_t)n) { fclose(f); free(b); return NULL; }
    fclose(f);
    *len = (size_t)n;
    return b;
}

static size_t split_all(const char *text, size_t len)
{
    parl_splitter it;
    parl_sentence s;
    size_t k = 0;
    parl_split_init(&it, text, len, 0);
    while (parl_split_next(&it, &s)) k++;
    return k;
}

/* The file at PATH mapped, split and unmapped, as `parlance split` reads
 * a file (tools/text_map.c, built in by tests/bench_corpus.sh): its pages
 * faulted in from the page cache as the splitter reaches them and given
 * back behind it. */
static size_t split_mapped(const char *path)
{
    text_map m;
    if (text_map_open(path, &m)) return 0;
    parl_splitter it;
    parl_sentence s;
    size_t k = 0;
    parl_split_init(&it, m.text, m.len, 0);
    while (parl_split_next(&it, &s)) {
        text_map_passed(&m, s.off);
        k++;
    }
    text_map_close(&m);
    return k;
}

/* The strings `split --json` writes: each sentence escaped into OUT (room
 * for the worst case, six bytes a byte). */
static size_t split_strings(const char *text, size_t len, char *out, size_t cap)
{
    parl_splitter it;
    parl_sentence s;
    size_t n = 0;
    parl_split_init(&it, text, len, 0);
    while (parl_split_next(&it, &s)) n += parl_json_string(text + s.off, s.len, out + n, cap - n);
    return n;
}

/* As the CLI analyses: arrays with room for every paragraph and sentence. */
static size_t profile_all(const char *text, size_t len, parl_paragraph *pa, size_t pcap,
                          parl_sentence *se, size_t scap)
{
    parl_profile p;
    parl_analyze(text, len, "2000-01-01T00:00:00.000Z", &p, pa, pcap, se, scap);
    return p.sentence_count;
}

int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: corpus_speed FILE...\n"); return 2; }
    for (int a = 1; a < argc; a++) {
        size_t len;
        char *text = slurp(argv[a], &len);
        if (!text) return 1;
        parl_profile p;
        parl_analyze(text, len, NULL, &p, NULL, 0, NULL, 0);
        size_t pcap = p.paragraph_count + 1, scap = p.sentence_count + 1;
        parl_paragraph *pa = malloc(pcap * sizeof *pa);
        parl_sentence *se = malloc(scap * sizeof *se);
        if (!pa || !se) return 1;
        double split[RUNS], prof[RUNS], pjson[RUNS], sjson[RUNS], sstr[RUNS], smap[RUNS];
        size_t jcap = 0, scap_json = parl_split_json(text, len, 0, NULL, 0) + 1;
        size_t strcap = 6 * len + 3 * scap + 1;   /* quotes and the NUL of each string */
        char *json = NULL, *sj = malloc(scap_json), *strs = malloc(strcap);
        if (!sj || !strs) return 1;
        size_t sink = 0;
        for (int r = 0; r < RUNS; r++) {
            double t0 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
            sink += split_all(text, len);
            double t1 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
            sink += profile_all(text, len, pa, pcap, se, scap);
            double t2 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
            parl_doc d = { text, len, { 0 }, pa, se };
            parl_analyze(text, len, "2000-01-01T00:00:00.000Z", &d.p, pa, pcap, se, scap);
            size_t need = parl_analyze_json(&d, 0, json, jcap);
            if (need >= jcap) {   /* sized once, outside the figure */
                free(json);
                jcap = need + 1;
                if (!(json = malloc(jcap))) return 1;
            }
            double t3 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
            parl_analyze(text, len, "2000-01-01T00:00:00.000Z", &d.p, pa, pcap, se, scap);
            sink += parl_analyze_json(&d, 0, json, jcap);
            double t4 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
            sink += parl_split_json(text, len, 0, sj, scap_json);
            double t5 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
            sjson[r] = (double)len / 1e6 / (t5 - t4);
            sink += split_strings(text, len, strs, strcap);
            double t6 = bench_seconds(CLOCK_THREAD_CPUTIME_ID);
            sstr[r] = (double)len / 1e6 / (t6 - t5);
            sink += split_mapped(argv[a]);
            smap[r] = (double)len / 1e6 / (bench_seconds(CLOCK_THREAD_CPUTIME_ID) - t6);
            split[r] = (double)len / 1e6 / (t1 - t0);
            prof[r] = (double)len / 1e6 / (t2 - t1);
            pjson[r] = (double)len / 1e6 / (t4 - t3);
        }
        printf("split %s %.1f\nprofile %s %.1f\nprofile_json %s %.1f\nsplit_jsonl %s %.1f\n"
               "split_json %s %.1f\nsplit_mapped %s %.1f\n", argv[a], bench_median(split, RUNS), argv[a],
               bench_median(prof, RUNS), argv[a], bench_median(pjson, RUNS), argv[a],
               bench_median(sjson, RUNS), argv[a], bench_median(sstr, RUNS), argv[a], bench_median(smap, RUNS));
        free(json);
        free(sj);
        free(strs);
        if (sink == 0) fprintf(stderr, "corpus_speed: %s: no sentences\n", argv[a]);
        free(pa);
        free(se);
        free(text);
    }
    return 0;
}
