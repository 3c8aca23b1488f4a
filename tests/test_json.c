/* SPDX-License-Identifier: MIT */
/* test_json: the binding layer in C: every writer returns the size it
 * needs and truncates cleanly, the escaper gives the same bytes however a
 * string is cut into parts, %.2f matches printf, offsets convert to code
 * points and UTF-16 units, documents fit the block parl_doc_size() names,
 * and configurations are read from JSON or refused with a position. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parlance.h"
#include "json_internal.h"
#include "testlib.h"

/* Every writer: with too small a buffer, the same length and a NUL-terminated
 * prefix of the full text. */
static void check_sizes(void)
{
    const char *q = "what does it say about caf\xc3\xa9 \xf0\x9f\x98\x80 \\x\x01";
    char full[512], small[8];
    size_t n = parl_infer_json(q, strlen(q), full, sizeof full);
    CHECK(n < sizeof full && strlen(full) == n, "infer_json fits: %zu", n);
    CHECK_EQ_STR(full, "{\"mode\":\"search\",\"search\":\"caf\xc3\xa9 \xf0\x9f\x98\x80 \\\\x\\u0001\"}");
    CHECK_EQ_INT(parl_infer_json(q, strlen(q), NULL, 0), n);
    for (size_t cap = 1; cap <= n + 1; cap++) {
        char *b = malloc(cap);
        size_t m = parl_infer_json(q, strlen(q), b, cap);
        CHECK(m == n && strlen(b) == (cap > n ? n : cap - 1) && !memcmp(b, full, strlen(b)),
              "cap %zu: %zu \"%s\"", cap, m, b);
        free(b);
    }
    /* the record writers build a record in place only with room for the
     * longest; every smaller buffer (exact, so ASan sees a byte past it) */
    const char *doc = "Dr. Smith arrived at 10:30 PM. Caf\xc3\xa9 \xf0\x9f\x98\x80 closed!\n\nNext one.";
    size_t dn = strlen(doc), jn = parl_split_json(doc, dn, PARL_JSON_UTF16, NULL, 0);
    char *jfull = malloc(jn + 1);
    CHECK_EQ_INT(parl_split_json(doc, dn, PARL_JSON_UTF16, jfull, jn + 1), jn);
    parl_sentence s1 = { .off = 31, .len = 21, .line = 1, .end_line = 1, .para = 1, .words = 4 };
    parl_offsets c0 = { 0, 0, 0 }, c;
    size_t pn = parl_profile_sentence_json(doc, &s1, 2, &c0, 0, NULL, 0);
    char *pfull = malloc(pn + 1);
    c = c0;
    CHECK_EQ_INT(parl_profile_sentence_json(doc, &s1, 2, &c, 0, pfull, pn + 1), pn);
    for (size_t cap = 1; cap <= jn + 1; cap++) {
        char *b = malloc(cap);
        size_t m = parl_split_json(doc, dn, PARL_JSON_UTF16, b, cap);
        CHECK(m == jn && strlen(b) == (cap > jn ? jn : cap - 1) && !memcmp(b, jfull, strlen(b)),
              "split_json cap %zu: %zu \"%s\"", cap, m, b);
        if (cap <= pn + 1) {
            c = c0;
            m = parl_profile_sentence_json(doc, &s1, 2, &c, 0, b, cap);
            CHECK(m == pn && strlen(b) == (cap > pn ? pn : cap - 1) && !memcmp(b, pfull, strlen(b)),
                  "profile_sentence_json cap %zu: %zu \"%s\"", cap, m, b);
        }
        free(b);
    }
    free(jfull);
    free(pfull);
    /* a paragraph (its record has a key longer than 16 bytes) whose preview
     * makes it longer than a record's room, so it is built in place */
    char para[640];
    for (size_t i = 0; i < sizeof para - 1; i++) para[i] = i % 9 == 8 ? ' ' : (char)('a' + i % 26);
    para[sizeof para - 1] = 0;
    parl_paragraph pq = { .index = 3, .start_line = 7, .end_line = 9, .sentence_count = 2,
                         .word_count = 70, .span = { 0, 639 }, .preview = { 0, 560 } };
    parl_offsets c1 = { 0, 0, 0 };
    size_t qn = parl_profile_paragraph_json(para, &pq, 3, &c1, PARL_JSON_UTF16, NULL, 0);
    char *qfull = malloc(qn + 1);
    c = c1;
    CHECK_EQ_INT(parl_profile_paragraph_json(para, &pq, 3, &c, PARL_JSON_UTF16, qfull, qn + 1), qn);
    CHECK(strstr(qfull, "\"sentenceCount\": 2, \"wordCount\": 70, \"start\": 0, \"end\": 639") != NULL,
          "paragraph record: %.120s", qfull);
    for (size_t cap = 1; cap <= qn + 1; cap++) {
        char *b = malloc(cap);
        c = c1;
        size_t m = parl_profile_paragraph_json(para, &pq, 3, &c, PARL_JSON_UTF16, b, cap);
        CHECK(m == qn && strlen(b) == (cap > qn ? qn : cap - 1) && !memcmp(b, qfull, strlen(b)),
              "profile_paragraph_json cap %zu: %zu", cap, m);
        free(b);
    }
    free(qfull);
    CHECK_EQ_INT(parl_split_json("One. Two.", 9, 0, small, sizeof small) >= sizeof small, 1);
    CHECK_EQ_INT(strlen(small), sizeof small - 1);
    CHECK(parl_intent_size() == sizeof(parl_intent) && parl_splitter_size() == sizeof(parl_splitter) &&
          parl_dialect_result_size() == sizeof(parl_dialect_result) &&
          parl_dialect_config_size() == sizeof(parl_dialect_config) &&
          parl_heading_iter_size() == sizeof(parl_heading_iter) && parl_patch_iter_size() == sizeof(parl_patch_iter),
          "size functions");
}

/* S escaped whole, and cut into two and three parts at every place. */
static void check_escaper(const char *s, size_t n, const char *want)
{
    char whole[256];
    parl_json_string(s, n, whole, sizeof whole);
    CHECK_EQ_STR(whole, want);
    for (size_t a = 0; a <= n; a++)
        for (size_t b = a; b <= n; b++) {
            char out[256];
            parl__json j;
            parl__json_init(&j, out, sizeof out);
            parl__json_open(&j);
            parl__json_part(&j, s, a);
            parl__json_part(&j, s + a, b - a);
            parl__json_part(&j, s + b, n - b);
            parl__json_close(&j);
            parl__json_end(&j);
            CHECK(!strcmp(out, want), "parts at %zu, %zu: %s", a, b, out);
        }
}

static void check_escapes(void)
{
    check_escaper("plain", 5, "\"plain\"");
    check_escaper("q\"b\\\n\r\t\x01\x7f", 9, "\"q\\\"b\\\\\\n\\r\\t\\u0001\\u007f\"");
    check_escaper("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 9, "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"");
    /* invalid: a lone continuation, a cut sequence, an overlong, a surrogate, past U+10FFFF */
    check_escaper("a\x80" "b\xe2\x82" "c\xc0\xaf" "d\xed\xa0\x80" "e\xf4\x90\x80\x80", 17,
                  "\"a\\ufffdb\\ufffd\\ufffdc\\ufffd\\ufffdd\\ufffd\\ufffd\\ufffde\\ufffd\\ufffd\\ufffd\\ufffd\"");
    check_escaper("\xf0\x9f\x98", 3, "\"\\ufffd\\ufffd\\ufffd\"");
    check_escaper("x\0y", 3, "\"x\\u0000y\"");
}

/* parl__json_fixed2 against printf's %.2f, ties and all. */
static void check_fixed2(void)
{
    static const double v[] = { 0, 0.005, 0.015, 0.125, 0.375, 2.125, 2.675, 1.005, 0.83, 0.8333333,
                                99.995, 1234567.125, 1e-300, 0.0049999, 17.0 / 8, 33.0 / 16, 1e15 + 0.125 };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        char want[64], out[64];
        snprintf(want, sizeof want, "%.2f", v[i]);
        parl__json j;
        parl__json_init(&j, out, sizeof out);
        parl__json_fixed2(&j, v[i]);
        parl__json_end(&j);
        CHECK(!strcmp(out, want), "%.17g: got %s, want %s", v[i], out, want);
    }
    for (int a = 0; a < 400; a++)
        for (int b = 1; b < 40; b++) {
            char want[64], out[64];
            double x = (double)a / b;
            snprintf(want, sizeof want, "%.2f", x);
            parl__json j;
            parl__json_init(&j, out, sizeof out);
            parl__json_fixed2(&j, x);
            parl__json_end(&j);
            if (strcmp(out, want)) CHECK(0, "%d/%d: got %s, want %s", a, b, out, want);
        }
    t_pass++;
}

/* parl__json_uint against printf's %llu: every digit count, the edges of
 * the eight-digit step (10^8 - 1, 10^8), and every room from none to more
 * than enough (a number that does not fit is counted, not cut into the
 * text; the bytes past the room are never touched). */
static void check_uint(void)
{
    unsigned long long v[2000];
    size_t nv = 0;
    unsigned long long p = 1;
    for (int d = 0; d < 20; d++, p *= 10) {
        v[nv++] = p;
        v[nv++] = p - 1;
        v[nv++] = p + 1;
        v[nv++] = p * 5 + 3;
    }
    v[nv++] = 18446744073709551615ull;
    v[nv++] = 99999999;
    v[nv++] = 100000000;
    unsigned long long x = 88172645463325252ull;
    while (nv < sizeof v / sizeof v[0]) {   /* xorshift: numbers of every length */
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        v[nv++] = x >> (x % 64);
    }
    size_t bad = 0;
    for (size_t i = 0; i < nv; i++) {
        char want[32];
        int len = snprintf(want, sizeof want, "%llu", v[i]);
        for (size_t cap = 0; cap <= 30; cap++) {
            char out[40];
            memset(out, '#', sizeof out);
            parl__json j;
            parl__json_init(&j, cap ? out : NULL, cap);
            parl__json_uint(&j, (uint64_t)v[i]);
            size_t n = parl__json_end(&j);
            int ok = n == (size_t)len && out[cap < sizeof out ? cap : 0] == (cap ? '#' : '#');
            if (cap > (size_t)len) ok = ok && !memcmp(out, want, (size_t)len + 1);
            for (size_t k = cap; k < sizeof out; k++) ok = ok && out[k] == '#';
            if (!ok && bad++ < 5) CHECK(0, "%llu in %zu bytes: got [%.*s] (%zu), want %s", v[i], cap,
                                        (int)(cap < n ? cap : n), out, n, want);
        }
    }
    if (!bad) t_pass++;
}

/* The offsets cursor moved in random steps (ASCII spans take a 16-byte
 * path, the rest go byte by byte) ends where one step from the start ends,
 * and its code points are parl_char_count's. Steps stop on character
 * boundaries, as sentence and paragraph offsets do (a step into the middle
 * of a sequence sees it cut, and counts its bytes as invalid ones). */
static void check_offsets_steps(void)
{
    static const char *const pieces[] = { "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xff", "\xc3" };
    static char t[800];
    unsigned long long x = 0x9E3779B97F4A7C15ull;
    size_t bad = 0;
#define NEXT (x ^= x << 13, x ^= x >> 7, x ^= x << 17)
    for (int round = 0; round < 20000; round++) {
        NEXT;
        size_t n = 0, want = 1 + x % 600;
        unsigned ascii_only = (unsigned)(x >> 20) % 4 == 0;
        while (n < want) {
            NEXT;
            if (ascii_only || x % 100 < 85) { t[n++] = (char)(0x20 + (x >> 8) % 95); continue; }
            const char *p = pieces[(x >> 8) % 5];
            memcpy(t + n, p, strlen(p));
            n += strlen(p);
        }
        parl_offsets whole = { 0, 0, 0 }, step = { 0, 0, 0 };
        parl_offsets_advance(&whole, t, 0, n);
        while (step.byte < n) {
            NEXT;
            size_t off = step.byte + 1 + x % (x & 256 ? 3 : 50);
            while (off < n && ((unsigned char)t[off] & 0xC0) == 0x80) off++;
            parl_offsets_advance(&step, t, 0, off < n ? off : n);
        }
        bad += memcmp(&whole, &step, sizeof whole) != 0 || whole.chars != parl_char_count(t, n);
    }
#undef NEXT
    CHECK_EQ_INT(bad, 0);
}

static void check_offsets(void)
{
    /* "né😀x": n(1) é(2) 😀(4) x(1); an invalid byte counts as one */
    const char *t = "n\xc3\xa9\xf0\x9f\x98\x80x\xff!";
    CHECK_EQ_INT(parl_offset_convert(t, 7, 0), 7);
    CHECK_EQ_INT(parl_offset_convert(t, 7, PARL_JSON_CHARS), 3);
    CHECK_EQ_INT(parl_offset_convert(t, 7, PARL_JSON_UTF16), 4);
    CHECK_EQ_INT(parl_offset_convert(t, 10, PARL_JSON_CHARS), 6);
    CHECK_EQ_INT(parl_offset_convert(t, 10, PARL_JSON_UTF16), 7);
    parl_offsets c = { 0, 0, 0 };
    parl_offsets_advance(&c, t, 0, 3);
    parl_offsets_advance(&c, t + 3, 3, 8);   /* a window from byte 3 on */
    CHECK(c.byte == 8 && c.chars == 4 && c.utf16 == 5, "advance: %zu %zu %zu", c.byte, c.chars, c.utf16);
    char out[1024];
    const char *doc = "Caf\xc3\xa9 ouvert. \xf0\x9f\x98\x80 Emoji ici.";
    parl_split_json(doc, strlen(doc), PARL_JSON_UTF16, out, sizeof out);
    CHECK(strstr(out, "\"index\":2,\"start\":13,\"end\":26,\"charStart\":13,\"charEnd\":25,") != NULL, "utf16 split: %s", out);
    parl_split_json(doc, strlen(doc), PARL_JSON_CHARS, out, sizeof out);
    CHECK(strstr(out, "\"index\":2,\"start\":13,\"end\":25,") != NULL, "chars split: %s", out);
    parl_split_json(doc, strlen(doc), 0, out, sizeof out);
    CHECK(strstr(out, "\"index\":2,\"start\":14,\"end\":29,") != NULL, "bytes split: %s", out);
}

static void check_documents(void)
{
    const char *doc = "# Title\n\nFirst sentence here. Second one about data.\n\nA last paragraph about data.\n";
    size_t size = parl_doc_size(doc, strlen(doc));
    char *mem = malloc(size + 1);
    CHECK(parl_doc_init(mem + 1, size / 2, doc, strlen(doc), NULL) == NULL, "a short block is refused");
    parl_doc *d = parl_doc_init(mem + 1, size, doc, strlen(doc), "now");   /* any alignment */
    CHECK(d != NULL && d->p.sentence_count == 4 && d->p.paragraph_count == 3 && !d->p.truncated, "doc");
    char out[2048];
    const char *req = "every mention of data";
    size_t n = parl_answer_json(d, req, strlen(req), PARL_JSON_UTF16, out, sizeof out);
    CHECK(n < sizeof out && strstr(out, "\"spans\":[{\"start\":47,\"end\":51,\"line\":3},{\"start\":77,\"end\":81,\"line\":5}]"),
          "answer: %s", out);
    CHECK_EQ_INT(parl_answer_json(d, req, strlen(req), PARL_JSON_UTF16, NULL, 0), n);
    n = parl_analyze_json(d, PARL_JSON_NO_SENTENCES, out, sizeof out);
    CHECK(n < sizeof out && !strstr(out, "\"sentences\"") && strstr(out, "\"analyzedAt\": \"now\""), "profile: %s", out);
    free(mem);
    size_t w = parl_describe_work_size();
    void *work = malloc(w);
    CHECK(parl_describe_json(work, w - 1 - sizeof(parl_doc), NULL, 0) == 0, "describe needs its work memory");
    CHECK(parl_describe_json(work, w, NULL, 0) > 1000, "describe");
    free(work);
}

static void check_config(void)
{
    parl_dialect_config *cfg = malloc(parl_dialect_config_size());
    char err[128];
    const char *ok = "{\"dialect\": {\"verbs\": {\"notify\": {\"aliases\": [\"ping\", {\"zap\": \"delete\"}],"
                     " \"maps_to\": \"send_message\", \"requires_permission\": true, \"strictness\": \"strict\","
                     " \"template\": \"\\u00e9 {content} \\ud83d\\ude00\", \"default_target\": {\"type\": \"agent\"}},"
                     " \"recall\": {\"extra_aliases\": [\"scribble down\"]}}}}";
    CHECK_EQ_INT(parl_config_from_json(cfg, ok, strlen(ok), err, sizeof err), 0);
    CHECK(cfg->nverbs == 1 && cfg->naliases == 3 && cfg->verbs[0].requires_permission &&
          cfg->verbs[0].strictness == PARL_STRICTNESS_STRICT && !strcmp(cfg->verbs[0].target_type, "agent") &&
          !strcmp(cfg->verbs[0].template_text, "\xc3\xa9 {content} \xf0\x9f\x98\x80"), "config read");
    static const struct { const char *json, *err; } bad[] = {
        { "[]", "config: byte 0: expected an object" },
        { "{}", "config: byte 2: expected \"verbs\"" },
        { "{\"verbs\": {\"x\": {\"aliases\": [\"a\"]}}}", "a new verb needs maps_to: 'x'" },
        { "{\"verbs\": {\"recall\": {\"maps_to\": \"x\"}}}", "a compiled verb takes extra_aliases only: 'recall'" },
        { "{\"verbs\": {\"x\": {\"maps_to\": \"y\", \"colour\": \"red\"}}}", "unknown key 'colour'" },
        { "{\"verbs\": {\"x\": {\"maps_to\": \"y\", \"strictness\": \"wobbly\"}}}", "not a usable value: 'wobbly'" },
        { "{\"verbs\": {\"x\": {\"maps_to\": \"y\", \"aliases\": [\"find\"]}}}", "already names a verb or alias: 'find'" },
        { "{\"verbs\": {\"x\": {\"maps_to\": \"y\", \"aliases\": [{\"a\": \"fly\"}]}}}", "unknown operation 'fly'" },
        { "{\"verbs\": {\"x\": {\"maps_to\": \"y\"", "expected ',' or the container's end" },
        { "{\"verbs\": {\"x\": {\"maps_to\": \"\\q\"}}}", "bad escape in a string" },
        { "{\"verbs\": {\"x\": {\"maps_to\": \"\\ud800\\u0041\"}}}", "lone surrogate" },
        { "{\"verbs\": {\"x\": {\"maps_to\": \"\\udc00\"}}}", "lone surrogate" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = parl_config_from_json(cfg, bad[i].json, strlen(bad[i].json), err, sizeof err);
        CHECK(rc == -1 && strstr(err, bad[i].err) && cfg->nverbs == 0 && cfg->naliases == 0,
              "%s: %d \"%s\"", bad[i].json, rc, err);
    }
    CHECK_EQ_INT(parl_config_set_field(cfg, PARL_VERB_COUNT, "maps_to", "x", 1), PARL_CFG_INVALID);
    free(cfg);
}

int main(void)
{
    check_sizes();
    check_escapes();
    check_fixed2();
    check_uint();
    check_offsets();
    check_offsets_steps();
    check_documents();
    check_config();
    return TEST_SUMMARY("test_json");
}
