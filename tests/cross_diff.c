/* SPDX-License-Identifier: MIT */
/* cross_diff: the library's JSON on given files and on mutations of them,
 * one line per output (its length and FNV-1a hash), the same bytes on any
 * machine: tests/cross.sh runs it built for the host and under qemu and
 * compares. Per file: the split (bytes, characters, UTF-16 offsets), the
 * profile, answers to a few requests, then each line of the file as a
 * request (parl_infer_json); then MUTATIONS copies of it with quotes,
 * backslashes, control bytes, UTF-8 and invalid bytes, blank lines and
 * sentence ends put in at random places, each split, profiled and
 * answered, and its lines inferred.
 *
 *   cross_diff MUTATIONS FILE... */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parlance.h"

static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void put(const char *tag, const char *b, size_t n)
{
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)b[i]) * 1099511628211u;
    printf("%s %zu %016llx\n", tag, n, (unsigned long long)h);
}

static char *grow(char **buf, size_t *cap, size_t n)
{
    if (n + 1 > *cap) {
        free(*buf);
        *cap = 2 * (n + 1);
        if (!(*buf = malloc(*cap))) { perror("cross_diff"); exit(2); }
    }
    return *buf;
}

static char *out;
static size_t out_cap;
/* CALL with b_ NULL and cap_ 0 for the size, then again into a buffer of
 * that size: its output, NUL excluded. */
#define JSON(tag, CALL) do { \
    char *b_ = NULL; size_t cap_ = 0, n_ = (CALL); \
    b_ = grow(&out, &out_cap, n_); cap_ = n_ + 1; \
    size_t m_ = (CALL); \
    if (m_ != n_) printf("%s: size %zu, then %zu\n", tag, n_, m_); \
    put(tag, b_, m_ < n_ ? m_ : n_); \
} while (0)

static const char *const reqs[] = {
    "the last two sentences", "first paragraph", "every mention of \"the\"", "lines 3 to 9",
    "how many times does caf\xc3\xa9 appear", "sentence 4", "what does it say about \\x\x01 and \"q\"",
    "the third and fifth sentences", "the first sentence of the last paragraph",
};

static void doc(const char *t, size_t n)
{
    static const unsigned flags[] = { 0, PARL_JSON_CHARS, PARL_JSON_UTF16 };
    for (size_t k = 0; k < 3; k++) JSON("split", parl_split_json(t, n, flags[k], b_, cap_));
    size_t size = parl_doc_size(t, n);
    void *mem = malloc(size ? size : 1);
    parl_doc *d = mem ? parl_doc_init(mem, size, t, n, "2026-01-01T00:00:00Z") : NULL;
    if (!d) {
        printf("doc_init failed\n");
        free(mem);
        return;
    }
    for (size_t k = 0; k < 3; k++) JSON("profile", parl_analyze_json(d, flags[k], b_, cap_));
    JSON("profile-short", parl_analyze_json(d, PARL_JSON_NO_SENTENCES, b_, cap_));
    for (size_t r = 0; r < sizeof reqs / sizeof reqs[0]; r++)
        JSON("answer", parl_answer_json(d, reqs[r], strlen(reqs[r]), PARL_JSON_UTF16, b_, cap_));
    free(mem);
    for (size_t a = 0, z; a < n; a = z + 1) {   /* each line a request */
        const char *nl = memchr(t + a, '\n', n - a);
        z = nl ? (size_t)(nl - t) : n;
        JSON("infer", parl_infer_json(t + a, z - a, b_, cap_));
    }
}

static const char *const ins[] = {
    "\"", "\\", "\x01", "\x1f", "\x7f", "\x80", "\xff", "\xc3", "\xc3\xa9", "\xe2\x80\x99",
    "\xf0\x9f\x98\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\n", "\n\n", "\t", ". ", "! ", "? ",
    "\r\n", " \"Quoted.\" ", "Dr. ", "e.g. ", "3.5 ", "the last 3 sentences\n", "",
};

int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: cross_diff MUTATIONS FILE...\n"); return 2; }
    long mutations = atol(argv[1]);
    char *m = NULL;
    size_t m_cap = 0;
    for (int a = 2; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb");
        long len = -1;
        if (!f || fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
            perror(argv[a]);
            return 2;
        }
        size_t n = (size_t)len;
        char *t = malloc(n + 1);
        if (!t || fread(t, 1, n, f) != n) { perror(argv[a]); return 2; }
        fclose(f);
        printf("== %s\n", argv[a]);
        doc(t, n);
        for (long r = 0; r < mutations; r++) {
            size_t w = n > 4096 ? 4096 : n, off = n > w ? rnd() % (n - w + 1) : 0, k = w;
            grow(&m, &m_cap, w + 16 * 32);
            memcpy(m, t + off, w);
            for (int o = 1 + (int)(rnd() % 16); o > 0; o--) {
                size_t i = rnd() % (sizeof ins / sizeof ins[0]), l = ins[i][0] ? strlen(ins[i]) : 1;
                size_t pos = rnd() % (k + 1);   /* "" is a NUL byte */
                memmove(m + pos + l, m + pos, k - pos);
                memcpy(m + pos, ins[i], l);
                k += l;
            }
            doc(m, k);
        }
        free(t);
    }
    free(m);
    free(out);
    return 0;
}
