/* SPDX-License-Identifier: MIT */
/* fuzz_json: libFuzzer over the binding layer (runtime + gen only): every
 * JSON writer on any input, at a capacity that cuts it and at the size it
 * asked for, must return the same length, stay NUL-terminated within its
 * buffer and, given room, write valid UTF-8 with no raw control byte; the
 * JSON configuration reader takes any bytes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "parlance.h"

/* Each writer under test, on the input D[0..N). */
typedef size_t (*writer)(const char *d, size_t n, char *out, size_t cap);

static size_t w_infer(const char *d, size_t n, char *out, size_t cap) { return parl_infer_json(d, n, out, cap); }
static size_t w_split(const char *d, size_t n, char *out, size_t cap)
{
    return parl_split_json(d, n, PARL_JSON_UTF16, out, cap);
}
static size_t w_verb(const char *d, size_t n, char *out, size_t cap) { return parl_verb_json(NULL, d, n, out, cap); }
static size_t w_dialect(const char *d, size_t n, char *out, size_t cap)
{
    static parl_dialect_result r;
    return parl_dialect_json(NULL, d, n, &r, out, cap);
}
static size_t w_string(const char *d, size_t n, char *out, size_t cap) { return parl_json_string(d, n, out, cap); }

/* Valid UTF-8 without a byte below 0x20: what a JSON parser accepts. */
static void check_json_text(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] < 0x20) abort();
        if (s[i] < 0x80) continue;
        size_t k = (s[i] >> 5) == 6 ? 2 : (s[i] >> 4) == 14 ? 3 : (s[i] >> 3) == 30 ? 4 : 0;
        if (!k || i + k > n) abort();
        for (size_t j = 1; j < k; j++)
            if ((s[i + j] & 0xC0) != 0x80) abort();
        i += k - 1;
    }
}

static void check(writer w, const char *d, size_t n, size_t small)
{
    size_t need = w(d, n, NULL, 0);
    char *cut = malloc(small + 1), *full = malloc(need + 1);
    if (w(d, n, cut, small + 1) != need || strlen(cut) != (need < small + 1 ? need : small)) abort();
    if (w(d, n, full, need + 1) != need || strlen(full) != need) abort();
    if (memcmp(cut, full, strlen(cut))) abort();
    check_json_text((const unsigned char *)full, need);
    free(cut);
    free(full);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *d = (const char *)data;
    size_t small = size ? data[0] % 64 : 0;
    static const writer writers[] = { w_infer, w_split, w_verb, w_dialect, w_string };
    for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++) check(writers[i], d, size, small);
    size_t dsize = parl_doc_size(d, size);
    void *mem = malloc(dsize);
    parl_doc *doc = parl_doc_init(mem, dsize, d, size, NULL);
    if (!doc) abort();
    char out[256];
    if (parl_answer_json(doc, d, size < 64 ? size : 64, PARL_JSON_CHARS, out, sizeof out) < strlen(out)) abort();
    if (parl_analyze_json(doc, PARL_JSON_UTF16, out, sizeof out) < strlen(out)) abort();
    free(mem);
    parl_dialect_config *cfg = malloc(parl_dialect_config_size());
    char err[64];
    if (parl_config_from_json(cfg, d, size, err, sizeof err) == 0) {
        static parl_dialect_result r;
        parl_dialect_json(cfg, "/ping x", 7, &r, out, sizeof out);
    } else if (strncmp(err, "config: byte ", 13)) abort();
    free(cfg);
    return 0;
}
