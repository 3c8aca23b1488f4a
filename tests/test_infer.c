/* SPDX-License-Identifier: MIT */
/* Unit tests of the inference API beyond the data-driven matrix: the
 * contract of spans, lengths, odd bytes and very long requests. */
#include <stdlib.h>
#include "testlib.h"
#include "parlance.h"
#include "infer_internal.h"
#include "quantity.h"

static parl_intent infer_s(const char *q)
{
    parl_intent in;
    parl_infer(q, strlen(q), &in);
    return in;
}

static void test_search_span(void)
{
    const char *q = "what does it say about Neural Networks in the document?";
    parl_intent in = infer_s(q);
    CHECK_EQ_STR(parl_mode_name(in.mode), "search");
    CHECK(in.has_search && in.search.off + in.search.len <= strlen(q), "span inside the request");
    CHECK(in.search.len == 15 && !memcmp(q + in.search.off, "Neural Networks", 15), "span text");
}

static void test_not_nul_terminated(void)
{
    /* The request is a span: bytes past LEN must not be read or matter. */
    char buf[32];
    memcpy(buf, "last two sentencesXXXXXXXXXXXXX", 32);
    parl_intent in;
    parl_infer(buf, 18, &in);
    CHECK_EQ_STR(parl_mode_name(in.mode), "last_n");
    CHECK_EQ_INT(in.count, 2);
    parl_infer(buf, 9, &in);   /* "last two " */
    CHECK_EQ_STR(parl_mode_name(in.mode), "none");
}

static void test_nul_and_invalid_utf8(void)
{
    const char q[] = "last\0two \xff\xfe sentences \xc3";
    parl_intent in;
    parl_infer(q, sizeof q - 1, &in);
    CHECK(in.mode == PARL_MODE_NONE || in.mode == PARL_MODE_LAST_N, "no crash, sane mode");
    const char q2[] = "paragraph \xe2\x80 3";
    parl_infer(q2, sizeof q2 - 1, &in);
    CHECK(in.rule >= -1, "truncated UTF-8 handled");
    parl_infer("", 0, &in);
    CHECK_EQ_STR(parl_mode_name(in.mode), "none");
    CHECK_EQ_INT(in.rule, -1);
    parl_infer(NULL, 0, &in);
    CHECK_EQ_STR(parl_mode_name(in.mode), "none");
    CHECK(!parl_is_retrieval_request(NULL, 0), "empty request is not a retrieval request");
}

static void test_long_requests(void)
{
    /* 4 MB of filler with the request at the very end: still found. */
    size_t n = 4u << 20;
    char *q = malloc(n + 64);
    for (size_t i = 0; i < n; i++) q[i] = "lorem ipsum dolor "[i % 18];
    strcpy(q + n, " give me lines 5 to 10");
    parl_intent in;
    parl_infer(q, strlen(q), &in);
    CHECK_EQ_STR(parl_mode_name(in.mode), "range");
    CHECK_EQ_INT(in.start, 5);
    CHECK_EQ_INT(in.end, 10);
    /* A search whose text runs to the end of a huge request. */
    memcpy(q, "find ", 5);
    parl_infer(q, strlen(q), &in);
    CHECK_EQ_STR(parl_mode_name(in.mode), "range");   /* range beats search */
    q[n] = 0;
    parl_infer(q, n, &in);
    CHECK_EQ_STR(parl_mode_name(in.mode), "search");
    CHECK(in.search.off == 6 && in.search.off + in.search.len <= n, "search span covers the rest");
    CHECK(parl_is_retrieval_request(q, n), "gate on a huge request");
    /* Many number words in a row never overflow anything. */
    for (size_t i = 0; i + 6 < n; i += 6) memcpy(q + i, "three ", 6);
    parl_infer(q, n, &in);
    CHECK(in.mode == PARL_MODE_NONE, "a flood of numbers is no request");
    /* A run of words of no value ("a half a half ..."), longer than the
     * tokens the reader keeps behind: refused, nothing read out of bounds. */
    size_t k = 0;
    for (int i = 0; i < 60; i++) k += (size_t)sprintf(q + k, "a half ");
    k += (size_t)sprintf(q + k, "line 5");
    parl_infer(q, k, &in);
    CHECK(in.mode == PARL_MODE_NONE && in.refusal == PARL_REFUSE_NUMBER, "a half a half ... is refused");
    parl_infer("half a line 5", 13, &in);
    CHECK(in.mode == PARL_MODE_LINE && in.start == 5, "half a: plain words");
    free(q);
}

static void test_parse_number_api(void)
{
    int64_t v = -1;
    bool ord = true;
    CHECK(parl_parse_number("twenty-first", 12, &v, &ord) && v == 21 && ord, "twenty-first");
    CHECK(parl_parse_number("42", 2, &v, NULL) && v == 42, "ordinal pointer may be NULL");
    CHECK(parl_parse_number("4200", 2, &v, NULL) && v == 42, "length respected");
    CHECK(!parl_parse_number("4\0002", 3, &v, NULL), "NUL inside is not a number");
    CHECK(!parl_parse_number(NULL, 0, &v, NULL), "empty");
    char big[64];
    memset(big, '9', sizeof big);
    CHECK(!parl_parse_number(big, sizeof big, &v, NULL), "huge digits are out of range");
    CHECK(parl_parse_number("1000000000", 10, &v, NULL) && v == PARL_NUMBER_MAX, "the maximum");
    CHECK(!parl_parse_number("one one one one one one one one one one one one one one one one one", 67, &v, NULL),
          "long runs rejected");
}

static void test_names(void)
{
    for (int m = 0; m < PARL_MODE__COUNT; m++)
        CHECK_EQ_INT(parl_mode_from_name(parl_mode_name((parl_mode)m)), m);
    for (int u = 1; u < PARL_UNIT__COUNT; u++)
        CHECK_EQ_INT(parl_unit_from_name(parl_unit_name((parl_unit)u)), u);
    for (int s = 1; s < PARL_SECTION__COUNT; s++)
        CHECK_EQ_INT(parl_section_from_name(parl_section_name((parl_section)s)), s);
    CHECK_EQ_STR(parl_mode_name((parl_mode)9999), "none");
    CHECK_EQ_INT(parl_mode_from_name("nope"), -1);
}

static void test_determinism(void)
{
    /* Same input, same result, every time: no hidden state. */
    parl_intent a, b;
    const char *q = "the first and third sentences";
    parl_infer(q, strlen(q), &a);
    parl_infer("hello", 5, &b);
    parl_infer(q, strlen(q), &b);
    CHECK(a.mode == b.mode && a.nparts == b.nparts && a.parts[1] == b.parts[1] && a.rule == b.rule,
          "repeatable");
}

/* One-token number phrases skip the Lemon parser (parl__qty_alone); the
 * shortcut must give what the parser gives, for every terminal and for
 * values inside and beyond PARL_NUMBER_MAX. */
static void test_qty_shortcut(void)
{
    static const int64_t values[] = { 0, 1, 7, 100, PARL_NUMBER_MAX, PARL_NUMBER_MAX + 1 };
    int shortcuts = 0;
    for (unsigned code = 1; code <= PARL_Q_TO; code++)
        for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
            unsigned char c = (unsigned char)code;
            parl__qty a, b;
            int ra = parl__qty_parse(&c, &values[i], 1, &a);
            int rb = parl__qty_parse_rules(&c, &values[i], 1, &b);
            shortcuts += parl__qty_alone[code] != 0;
            CHECK(ra == rb, "terminal %u value %lld: shortcut %d, parser %d", code,
                  (long long)values[i], ra, rb);
            if (ra && rb)
                CHECK(a.kind == b.kind && a.n == b.n && a.v[0] == b.v[0],
                      "terminal %u value %lld: same quantity", code, (long long)values[i]);
            /* the reader's inline form of the shortcut */
            int k = parl__qty_alone_kind(code, values[i]);
            CHECK(k == PARL__QTY_NONE || (k < 0 ? !rb : rb && b.kind == k && b.v[0] == values[i]),
                  "terminal %u value %lld: alone kind %d, parser %d", code, (long long)values[i], k, rb);
        }
    CHECK(shortcuts > 0, "the shortcut is used");
}

/* Does parl__qty_parse (with its shortcuts) read CODES[0..N) as the
 * parser does: the same quantity, or the same failure and reason? */
static int qty_same(const unsigned char *codes, const int64_t *values, int n)
{
    parl__qty a, b;
    int ra = parl__qty_parse(codes, values, n, &a), rb = parl__qty_parse_rules(codes, values, n, &b);
    if (ra != rb) return 0;
    if (!ra) return a.big == b.big && a.many == b.many;
    if (a.kind != b.kind || a.n != b.n) return 0;
    for (int i = 0; i < a.n; i++)
        if (a.v[i] != b.v[i]) return 0;
    return 1;
}

/* Lists and ranges of one-token numbers skip the parser too (qty_list in
 * gen/quantity.y): every phrase of up to 4 terminals and of 5 number
 * terminals and connectives, with small values and with one past
 * PARL_NUMBER_MAX, and long random lists (past PARL_MAX_PARTS too), read
 * as the parser reads them. */
static void test_qty_list_shortcut(void)
{
    static const unsigned char syms[] = { PARL_Q_ZERO, PARL_Q_ONES, PARL_Q_TEENS, PARL_Q_TENS,
        PARL_Q_HUNDRED, PARL_Q_SCALE, PARL_Q_ORD_ONES, PARL_Q_ORD_TENS, PARL_Q_ORD_SCALE,
        PARL_Q_DIGITS, PARL_Q_DIGITORD, PARL_Q_QTYWORD, PARL_Q_ARTICLE, PARL_Q_AND, PARL_Q_COMMA,
        PARL_Q_DASH, PARL_Q_TO };
    static const int64_t small[5] = { 3, 20, 5, 7, 100 }, big[5] = { 3, PARL_NUMBER_MAX + 1, 5, 7, 9 };
    long phrases = 0, bad = 0;
    for (int n = 1; n <= 5; n++) {
        int ns = n < 5 ? PARL_Q_TO : (int)sizeof syms;   /* every terminal up to 4 */
        long lim = 1;
        for (int i = 0; i < n; i++) lim *= ns;
        for (long x = 0; x < lim; x++) {
            unsigned char c[5];
            long y = x;
            for (int i = 0; i < n; i++, y /= ns) c[i] = n < 5 ? (unsigned char)(1 + y % ns) : syms[y % ns];
            int ok = qty_same(c, small, n) && qty_same(c, big, n);
            phrases++;
            if (!ok && bad++ < 5) CHECK(0, "a phrase of %d terminals (%u %u %u ...) read unlike the parser", n, c[0], c[1], c[2]);
        }
    }
    CHECK(bad == 0, "%ld of %ld phrases read unlike the parser", bad, phrases);
    static const unsigned char atoms[] = { PARL_Q_ONES, PARL_Q_TEENS, PARL_Q_TENS, PARL_Q_DIGITS,
                                           PARL_Q_ORD_ONES, PARL_Q_DIGITORD, PARL_Q_SCALE };
    unsigned seed = 22;
    bad = 0;
    for (int t = 0; t < 20000; t++) {
        unsigned char c[64];
        int64_t v[64];
        int n = 0;
        seed = seed * 1103515245u + 12345u;
        int parts = 2 + (int)(seed >> 16) % 20;
        for (int k = 0; k < parts; k++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 8;
            if (k) {
                c[n] = r % 8 == 0 ? PARL_Q_TO : r % 3 ? PARL_Q_COMMA : PARL_Q_AND;
                v[n++] = 0;
                if (c[n - 1] == PARL_Q_COMMA && r % 5 == 0) { c[n] = PARL_Q_AND; v[n++] = 0; }
            }
            c[n] = atoms[(r >> 4) % (r % 11 ? 2 : sizeof atoms)];   /* now and then a mixed list */
            v[n++] = r % 97 == 0 ? PARL_NUMBER_MAX + 1 : (int64_t)(r >> 12) % 50;
        }
        if (!qty_same(c, v, n) && bad++ < 5) CHECK(0, "a random list of %d terminals read unlike the parser", n);
    }
    CHECK(bad == 0, "%ld random lists read unlike the parser", bad);
}

/* The reader cuts number runs with parl__qty_follow and parl__qty_ends;
 * they must never cut a phrase the parser takes: every phrase of up to 4
 * terminals that parses has each adjacent pair in follow and its last
 * terminal in ends. Some that do not parse are cut (else they are useless). */
static void test_qty_adjacency(void)
{
    static const int64_t values[4] = { 3, 20, 5, 7 };
    long phrases = 0, cut = 0, bad = 0;
    for (int n = 1; n <= 4; n++) {
        long lim = 1;
        for (int i = 0; i < n; i++) lim *= PARL_Q_TO;
        for (long x = 0; x < lim; x++) {
            unsigned char c[4];
            long y = x;
            for (int i = 0; i < n; i++, y /= PARL_Q_TO) c[i] = (unsigned char)(y % PARL_Q_TO + 1);
            int allowed = parl__qty_ends >> c[n - 1] & 1;
            for (int i = 0; i + 1 < n; i++) allowed &= parl__qty_follow[c[i]] >> c[i + 1] & 1;
            parl__qty q;
            if (parl__qty_parse_rules(c, values, n, &q)) {
                phrases++;
                if (!allowed && bad++ < 5)
                    CHECK(0, "a phrase of %d terminals (first %u, last %u) is cut", n, c[0], c[n - 1]);
            } else cut += !allowed;
        }
    }
    CHECK(bad == 0, "no phrase is cut (%ld of %ld are)", bad, phrases);
    CHECK(phrases > 1000 && cut > 100000, "%ld phrases, %ld non-phrases cut", phrases, cut);
}

static int same_intent(const parl_intent *a, const parl_intent *b)
{
    if (a->mode != b->mode || a->rule != b->rule || a->unit != b->unit || a->section != b->section ||
        a->has_count != b->has_count || a->has_start != b->has_start || a->has_end != b->has_end ||
        a->end_open != b->end_open || a->count_only != b->count_only ||
        a->has_search != b->has_search || a->nparts != b->nparts)
        return 0;
    if ((a->has_count && a->count != b->count) || (a->has_start && a->start != b->start) ||
        (a->has_end && !a->end_open && a->end != b->end))
        return 0;
    if (a->has_search && (a->search.off != b->search.off || a->search.len != b->search.len)) return 0;
    for (int i = 0; i < a->nparts; i++)
        if (a->parts[i] != b->parts[i]) return 0;
    return 1;
}

/* parl_infer reads a request once through the generated automaton and
 * confirms only its candidates; it must agree with trying every pattern at
 * every word, on requests made of the grammar's own words in random order
 * (so that patterns half match, overlap and compete). */
static void test_against_exhaustive(void)
{
    static const char *const bits[] = {
        "the", "a", "last", "first", "final", "opening", "two", "three", "twenty", "one",
        "hundred", "and", "5", "10", "3rd", "21st", "to", "through", "-", ",", "of", "sentence",
        "sentences", "line", "lines", "paragraph", "paragraphs", "word", "words", "how", "many",
        "times", "does", "is", "it", "say", "about", "what", "what's", "find", "every", "mention",
        "mentions", "all", "occurrences", "in", "document", "please", "\"", "'", "data", "model",
        "end", "start", "begin", "conclusion", "introduction", "methods", "section", "from",
        "after", "everything", "full", "entire", "read", "me", "show", "count", "long", "stats",
        "penultimate", "next", "second", "dozen", "couple", "number", "?", ".", "!", "table",
        "contents", "tell", "where", "mentioned", "talk", "search", "for", "look", "up", "each",
        "between", "onwards", "the end", "beginning", "ending", "length", "x", "y", "neural",
    };
    const int nbits = (int)(sizeof bits / sizeof bits[0]);
    unsigned seed = 12345;
    int differ = 0, cases = 100000;
    char q[2048];
    for (int c = 0; c < cases; c++) {
        size_t n = 0;
        seed = seed * 1103515245u + 12345u;
        /* one in 50 is long: past the item ring, the token buffer and the
         * automaton's log of accepting states */
        int words = 1 + (int)(seed >> 16) % (c % 50 ? 12 : 300);
        for (int w = 0; w < words; w++) {
            seed = seed * 1103515245u + 12345u;
            const char *b = bits[(seed >> 16) % (unsigned)nbits];
            size_t k = strlen(b);
            if (n + k + 1 >= sizeof q) break;
            memcpy(q + n, b, k);
            n += k;
            if ((seed >> 8) % 5) q[n++] = ' ';
        }
        parl_intent fast, slow;
        parl_infer(q, n, &fast);
        parl__infer_exhaustive(q, n, &slow);
        if (!same_intent(&fast, &slow) && differ++ < 5)
            fprintf(stderr, "differ on \"%.*s\": %s rule %d vs %s rule %d\n", (int)n, q,
                    parl_mode_name(fast.mode), fast.rule, parl_mode_name(slow.mode), slow.rule);
    }
    CHECK(differ == 0, "%d of %d random requests infer differently from the exhaustive search",
          differ, cases);
}

/* Where a request starts does not matter: behind 0 to 150 filler words
 * (so that the reader's token buffer refills at every point of it and the
 * item ring is left behind), each request infers as it does alone, its
 * search span moved by the filler's length. */
static void test_position_independence(void)
{
    static const char *const reqs[] = {
        "sentences 2, 4 and 6", "paragraphs twenty-one to twenty-five", "the first and third sentences",
        "one hundred and five lines", "show me the related work section", "the 1st, 2nd and 3rd lines",
        "what does it say about \"the fox\"?", "how many times is the word model mentioned",
        "tell me what the document says about taxes, please", "first three sentences of the document",
        "lines five to ten", "a couple of paragraphs", "every mention of data in the document",
    };
    char q[2048];
    int bad = 0, cases = 0;
    for (size_t r = 0; r < sizeof reqs / sizeof reqs[0]; r++) {
        parl_intent alone;
        parl_infer(reqs[r], strlen(reqs[r]), &alone);
        for (int f = 0; f <= 150; f++) {
            size_t n = 0;
            for (int w = 0; w < f; w++) {   /* words and marks the patterns skip */
                const char *b = w % 7 == 3 ? "; " : w % 5 == 1 ? "zork " : "qux ";
                memcpy(q + n, b, strlen(b));
                n += strlen(b);
            }
            size_t lead = n, k = strlen(reqs[r]);
            memcpy(q + n, reqs[r], k);
            n += k;
            parl_intent in;
            parl_infer(q, n, &in);
            in.search.off -= in.has_search ? lead : 0;
            cases++;
            if (!same_intent(&in, &alone) && bad++ < 5)
                fprintf(stderr, "differs behind %d filler words: %s\n", f, reqs[r]);
        }
    }
    CHECK(bad == 0, "%d of %d requests behind filler infer differently", bad, cases);
}

/* Found by fuzz_answer (tests/corpus/answer_stale_token): a hyphen that
 * joins nothing, read as the last token lexed, made joins() refill (move)
 * the tokens under the reader's pointer; the item became a token 47 places
 * on, and its number phrase a span of negative length. */
static void test_stale_token(void)
{
    FILE *f = fopen("tests/corpus/answer_stale_token", "rb");
    CHECK(f != NULL, "tests/corpus/answer_stale_token opens");
    if (!f) return;
    static char q[4096];
    size_t n = fread(q, 1, sizeof q, f);
    fclose(f);
    parl_intent in;
    parl_infer(q, n, &in);
    CHECK(in.refused.off + in.refused.len <= n && in.refused.len <= n, "refused span %zu+%zu in %zu bytes",
          in.refused.off, in.refused.len, n);
    CHECK(!in.has_search || (in.search.off + in.search.len <= n && in.search.len <= n),
          "search span %zu+%zu in %zu bytes", in.search.off, in.search.len, n);
    char out[8192];
    CHECK(parl_infer_json(q, n, out, sizeof out) < sizeof out, "its JSON is no larger than the request allows");
}

/* A run of number words that is no phrase at all ("a" before "third")
 * gives back every token it read: "third" is still an ordinal. */
static void test_run_gives_back(void)
{
    static const struct { const char *q; parl_mode mode; int64_t count; } cases[] = {
        { "a third sentence", PARL_MODE_NTH, 3 },
        { "show me a second paragraph", PARL_MODE_NTH, 2 },
        { "a first and third sentences", PARL_MODE_COMPOUND, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        parl_intent in;
        parl_infer(cases[i].q, strlen(cases[i].q), &in);
        CHECK(in.mode == cases[i].mode && (!cases[i].count || in.count == cases[i].count),
              "%s: mode %s count %lld", cases[i].q, parl_mode_name(in.mode), (long long)in.count);
    }
}

int main(void)
{
    test_qty_shortcut();
    test_qty_list_shortcut();
    test_qty_adjacency();
    test_run_gives_back();
    test_stale_token();
    test_against_exhaustive();
    test_position_independence();
    test_search_span();
    test_not_nul_terminated();
    test_nul_and_invalid_utf8();
    test_long_requests();
    test_parse_number_api();
    test_names();
    test_determinism();
    return TEST_SUMMARY("test_infer");
}
