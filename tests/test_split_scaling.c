/* SPDX-License-Identifier: MIT */
/* test_split_scaling.c: splitting and profiling take time in proportion to
 * the text on the shapes that once made them quadratic (issue 16: each line
 * of a run of blank lines, or of lines of NBSP, looked ahead to the end of
 * the run). Each shape is timed at doubling sizes; a doubling may cost at
 * most 3x (linear code costs 2x, quadratic 4x). Times are the best of
 * three batches on the thread's CPU clock, each batch repeated to at least
 * 20 ms and the sizes timed in turn, so other work on the machine counts
 * little; a shape gets three tries. */
#include "parlance.h"
#include "testlib.h"
#include <stdlib.h>
#include <time.h>

#define SIZES 4           /* 64 KB to 512 KB */
#define FIRST (64u << 10)
#define BATCH_SECONDS 0.02
#define BATCHES 3
#define MAX_RATIO 3.0
#define TOO_SLOW 0.25     /* seconds for one call: linear ones take a few ms */

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

/* Seconds per call of RUN on TEXT in one batch of at least BATCH_SECONDS. */
static double time_batch(size_t (*run)(const char *, size_t), const char *t, size_t len)
{
    size_t calls = 0;
    double t0 = cpu_seconds(), el;
    do {
        run(t, len);
        calls++;
        el = cpu_seconds() - t0;
    } while (el < BATCH_SECONDS);
    return el / (double)calls;
}

/* One try: the sizes are timed in turn, BATCHES rounds, so that a slow spell
 * of the machine falls on all of them; the best of each size is kept.
 * Returns the worst ratio between a size and half of it, or -1 when one
 * call took longer than TOO_SLOW (no linear run comes near it). */
static double try_shape(size_t (*run)(const char *, size_t), char **text, const size_t *len,
                        double *best)
{
    for (int i = 0; i < SIZES; i++) best[i] = 1e30;
    for (int b = 0; b < BATCHES; b++)
        for (int i = 0; i < SIZES; i++) {
            double s = time_batch(run, text[i], len[i]);
            if (s < best[i]) best[i] = s;
            if (s > TOO_SLOW) return -1;
        }
    double worst = 0;
    for (int i = 1; i < SIZES; i++)
        if (best[i] / best[i - 1] > worst) worst = best[i] / best[i - 1];
    return worst;
}

/* A shape passes when one of three tries stays under MAX_RATIO per doubling:
 * quadratic code fails every try (4x), noise rarely twice. */
static void shape(const char *name, const char *unit)
{
    static const struct { const char *name; size_t (*run)(const char *, size_t); } runs[] = {
        { "split", run_split }, { "profile", run_profile } };
    size_t u = strlen(unit), len[SIZES];
    char *text[SIZES];
    for (int i = 0; i < SIZES; i++) {
        len[i] = (FIRST << i) / u * u;
        text[i] = repeat(unit, len[i]);
    }
    for (size_t r = 0; r < 2; r++) {
        double best[SIZES], worst = MAX_RATIO;
        for (int k = 0; k < 3 && worst >= MAX_RATIO; k++)
            worst = try_shape(runs[r].run, text, len, best);
        if (worst < 0)
            CHECK(0, "%s on %s: one call over %.0f ms (at most %zu KB)", runs[r].name, name,
                  TOO_SLOW * 1e3, len[SIZES - 1] >> 10);
        else
            CHECK(worst < MAX_RATIO, "%s on %s: %.2fx the time per doubling (%.3f ms for %zu KB)",
                  runs[r].name, name, worst, best[SIZES - 1] * 1e3, len[SIZES - 1] >> 10);
    }
    for (int i = 0; i < SIZES; i++) free(text[i]);
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
