/* SPDX-License-Identifier: MIT */
/* test_split_scaling.c: splitting and profiling take time in proportion to
 * the text on the shapes that once made them quadratic (issue 16: each line
 * of a run of blank lines, or of lines of NBSP, looked ahead to the end of
 * the run). Each shape is timed at doubling sizes; a doubling may cost at
 * most 3x (linear code costs 2x, quadratic 4x). Times are the best of
 * three batches on the thread's CPU clock, each batch repeated to at least
 * 20 ms, so other work on the machine does not count. */
#include "parlance.h"
#include "testlib.h"
#include <stdlib.h>
#include <time.h>

#define SIZES 4           /* 64 KB to 512 KB */
#define FIRST (64u << 10)
#define BATCH_SECONDS 0.02
#define BATCHES 3
#define MAX_RATIO 3.0

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* TEXT[0..LEN): UNIT repeated (a whole number of times). */
static char *repeat(const char *unit, size_t len)
{
    size_t u = strlen(unit);
    char *t = malloc(len);
    for (size_t i = 0; i + u <= len; i += u) memcpy(t + i, unit, u);
    return t;
}

static size_t run_split(const char *t, size_t len)
{
    parl_splitter it;
    parl_sentence s;
    size_t n = 0;
    parl_split_init(&it, t, len, 0);
    while (parl_split_next(&it, &s)) n++;
    return n;
}

static size_t run_profile(const char *t, size_t len)
{
    parl_profile p;
    parl_analyze(t, len, NULL, &p, NULL, 0, NULL, 0);
    return p.sentence_count;
}

/* Seconds per call of RUN on TEXT: best of BATCHES batches. */
static double time_one(size_t (*run)(const char *, size_t), const char *t, size_t len)
{
    double best = 1e30;
    for (int b = 0; b < BATCHES; b++) {
        size_t calls = 0;
        double t0 = cpu_seconds(), el;
        do {
            run(t, len);
            calls++;
            el = cpu_seconds() - t0;
        } while (el < BATCH_SECONDS);
        if (el / (double)calls < best) best = el / (double)calls;
        if (el > 1.0) break;   /* already far too slow: one batch tells */
    }
    return best;
}

static void shape(const char *name, const char *unit)
{
    static const struct { const char *name; size_t (*run)(const char *, size_t); } runs[] = {
        { "split", run_split }, { "profile", run_profile } };
    size_t u = strlen(unit);
    for (size_t r = 0; r < 2; r++) {
        double prev = 0;
        for (int i = 0; i < SIZES; i++) {
            size_t len = (FIRST << i) / u * u;
            char *t = repeat(unit, len);
            double s = time_one(runs[r].run, t, len);
            free(t);
            if (i > 0) {
                double ratio = s / prev;
                CHECK(ratio < MAX_RATIO, "%s on %s: %zu KB took %.2fx the time of half as much "
                      "(%.3f ms)", runs[r].name, name, len >> 10, ratio, s * 1e3);
                if (ratio >= MAX_RATIO) break;
            }
            prev = s;
        }
    }
}

int main(void)
{
    shape("blank lines", "\n");
    shape("CRLF blank lines", "\r\n");
    shape("CR blank lines", "\r");
    shape("lines of spaces", "   \n");
    shape("lines of NBSP", "\xC2\xA0\n");
    shape("lines of NBSP and tabs", "\xC2\xA0\t\xE2\x80\x83\r\n");
    shape("one NBSP run", "\xC2\xA0");
    shape("paragraphs of one word", "word\n\n");
    shape("short sentences", "Go. ");
    shape("list items", "- a\n");
    return TEST_SUMMARY("test_split_scaling");
}
