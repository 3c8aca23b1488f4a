/* SPDX-License-Identifier: MIT */
/* Number phrases (issue 18). A writer of English numbers, independent of
 * the grammar, writes every value from 1 to 10,000 as cardinal and ordinal
 * words in several styles ("one hundred and five", "one hundred five",
 * "twenty-one", "twenty one", "twelve hundred", "a thousand and one"), and
 * random values up to PARL_NUMBER_MAX; each must parse back, alone and
 * inside a request. Then the property of no partial reads: requests made
 * from templates and random number phrases, valid or not, carry the
 * phrase's true value or are none, never another value. */
#include <stdlib.h>
#include "testlib.h"
#include "parlance.h"
#include "infer_internal.h"
#include "quantity.h"

/* ------------------------------------------------------------------ the writer */
static const char *const ones[20] = {
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen" };
static const char *const tens[10] = { "", "", "twenty", "thirty", "forty", "fifty", "sixty",
                                      "seventy", "eighty", "ninety" };
/* Cardinal word -> ordinal word, for the last word of an ordinal. */
static const char *const ordinal_of[][2] = {
    { "one", "first" }, { "two", "second" }, { "three", "third" }, { "four", "fourth" },
    { "five", "fifth" }, { "six", "sixth" }, { "seven", "seventh" }, { "eight", "eighth" },
    { "nine", "ninth" }, { "ten", "tenth" }, { "eleven", "eleventh" }, { "twelve", "twelfth" },
    { "thirteen", "thirteenth" }, { "fourteen", "fourteenth" }, { "fifteen", "fifteenth" },
    { "sixteen", "sixteenth" }, { "seventeen", "seventeenth" }, { "eighteen", "eighteenth" },
    { "nineteen", "nineteenth" }, { "twenty", "twentieth" }, { "thirty", "thirtieth" },
    { "forty", "fortieth" }, { "fifty", "fiftieth" }, { "sixty", "sixtieth" },
    { "seventy", "seventieth" }, { "eighty", "eightieth" }, { "ninety", "ninetieth" },
    { "hundred", "hundredth" }, { "thousand", "thousandth" }, { "million", "millionth" },
    { "billion", "billionth" } };

typedef struct style {
    int and_;      /* "one hundred and five" (else "one hundred five") */
    int hyphen;    /* "twenty-one" (else "twenty one") */
    int nhundred;  /* "twelve hundred thirty-four" for 1,100-9,999 */
    int article;   /* "a hundred", "a thousand" for a leading one */
} style;

static void put(char *b, size_t *n, const char *s)
{
    if (*n) b[(*n)++] = ' ';
    size_t k = strlen(s);
    memcpy(b + *n, s, k);
    *n += k;
    b[*n] = 0;
}

static void below100(char *b, size_t *n, int v, const style *st)
{
    if (v < 20) { put(b, n, ones[v]); return; }
    put(b, n, tens[v / 10]);
    if (v % 10) {
        if (st->hyphen) { b[(*n)++] = '-'; b[*n] = 0; size_t z = 0; char w[16]; put(w, &z, ones[v % 10]); memcpy(b + *n, w, z + 1); *n += z; }
        else put(b, n, ones[v % 10]);
    }
}

/* V (1..9999 with nhundred, else 1..999); LEAD: nothing written before. */
static void group(char *b, size_t *n, int v, const style *st, int lead, int more_before,
                  int ordinal)
{
    int h = v / 100, r = v % 100;
    if (h && (h < 10 || (st->nhundred && h < 100))) {
        if (h == 1 && lead && st->article && !(ordinal && v == 100)) put(b, n, "a");
        else if (h < 20) put(b, n, ones[h]);
        else below100(b, n, h, st);
        put(b, n, "hundred");
        if (r && st->and_) put(b, n, "and");
    } else if (r && more_before && st->and_) {
        put(b, n, "and");
    }
    if (r) below100(b, n, r, st);
}

/* Writes V (1..PARL_NUMBER_MAX) in words. */
static void write_number(char *b, int64_t v, const style *st, int ordinal)
{
    static const struct { int64_t value; const char *word; } scales[] = {
        { 1000000000, "billion" }, { 1000000, "million" }, { 1000, "thousand" } };
    size_t n = 0;
    b[0] = 0;
    int64_t rest = v;
    if (st->nhundred && v >= 1100 && v < 10000 && v % 1000 >= 100 && (v / 100) % 10) {
        group(b, &n, (int)v, st, 1, 0, ordinal);
        rest = 0;
    }
    for (size_t i = 0; i < sizeof scales / sizeof scales[0] && rest; i++) {
        int64_t q = rest / scales[i].value;
        if (!q) continue;
        if (q == 1 && !n && st->article && !(ordinal && rest == scales[i].value)) put(b, &n, "a");
        else group(b, &n, (int)q, st, !n, n > 0, 0);
        put(b, &n, scales[i].word);
        rest %= scales[i].value;
    }
    if (rest) group(b, &n, (int)rest, st, !n, n > 0, ordinal);
    if (!ordinal) return;
    char *last = strrchr(b, ' '), *dash = strrchr(b, '-');
    if (dash && (!last || dash > last)) last = dash;
    last = last ? last + 1 : b;
    for (size_t i = 0; i < sizeof ordinal_of / sizeof ordinal_of[0]; i++)
        if (!strcmp(last, ordinal_of[i][0])) { strcpy(last, ordinal_of[i][1]); return; }
}

/* ------------------------------------------------------------------ parse back */
static int parses_to(const char *s, int64_t want, bool ordinal)
{
    int64_t v = -1;
    bool ord = !ordinal;
    return parl_parse_number(s, strlen(s), &v, &ord) && v == want && ord == ordinal;
}

static int64_t request_value(const char *fmt, const char *phrase, parl_mode *mode)
{
    char q[512];
    snprintf(q, sizeof q, fmt, phrase);
    parl_intent in;
    *mode = parl_infer(q, strlen(q), &in);
    return in.has_start ? in.start : in.has_count ? in.count : -1;
}

static void test_words_1_to_10000(void)
{
    long cases = 0, bad = 0;
    char b[512];
    for (int v = 1; v <= 10000; v++)
        for (int s = 0; s < 16; s++) {
            style st = { s & 1, s >> 1 & 1, s >> 2 & 1, s >> 3 & 1 };
            for (int ord = 0; ord < 2; ord++) {
                write_number(b, v, &st, ord);
                cases++;
                if (!parses_to(b, v, ord) && bad++ < 10) CHECK(0, "\"%s\" does not parse to %d", b, v);
            }
        }
    CHECK(bad == 0, "%ld of %ld written numbers do not parse back", bad, cases);
    /* inside requests: the line, the Nth sentence */
    long rbad = 0;
    for (int v = 1; v <= 10000; v++) {
        style st = { v & 1, v >> 1 & 1, v >> 2 & 1, 0 };
        parl_mode m;
        write_number(b, v, &st, 0);
        int64_t got = request_value("show line %s", b, &m);
        if (got != v && rbad++ < 5) CHECK(0, "\"show line %s\": %lld", b, (long long)got);
        write_number(b, v, &st, 1);
        got = request_value("the %s sentence", b, &m);   /* "the first sentence" is first_n 1 */
        if ((got != v || (m != PARL_MODE_NTH && v != 1)) && rbad++ < 5) CHECK(0, "\"the %s sentence\": %lld", b, (long long)got);
    }
    CHECK(rbad == 0, "%ld requests with numbers 1..10000 read wrong", rbad);
}

static unsigned long long rng = 88172645463325252ull;
static unsigned long long next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void test_large_numbers(void)
{
    char b[512];
    long bad = 0;
    for (int i = 0; i < 20000; i++) {
        int64_t v = 1 + (int64_t)(next_rand() % PARL_NUMBER_MAX);
        if (i % 4 == 0) v = (v / 1000000) * 1000000 + 1 + (int64_t)(next_rand() % 100);
        style st = { i & 1, i >> 1 & 1, 0, i >> 2 & 1 };
        int ord = i >> 3 & 1;
        write_number(b, v, &st, ord);
        if (!parses_to(b, v, ord) && bad++ < 5) CHECK(0, "\"%s\" does not parse to %lld", b, (long long)v);
    }
    CHECK(bad == 0, "%ld of 20000 large numbers do not parse back", bad);
    CHECK(parses_to("one billion", PARL_NUMBER_MAX, 0) && !parses_to("one billion and one", 1000000001, 0),
          "PARL_NUMBER_MAX is the largest");
}

/* ------------------------------------------------------------------ no partial reads */

/* The true reading of PHRASE alone, as the quantity grammar reads a whole
 * phrase (0: it is no number phrase). */
static int truth(const char *phrase, parl__qty *q)
{
    unsigned char codes[128];
    int64_t values[128];
    int k = parl__number_terminals(phrase, strlen(phrase), codes, values, 128);
    return k > 0 && parl__qty_parse_rules(codes, values, k, q);
}

/* Does IN carry exactly the reading Q, and nothing else? */
static int carries(const parl_intent *in, const parl__qty *q)
{
    if (q->kind == PARL__QTY_LIST) {
        if (in->nparts != q->n || in->has_count || in->has_start) return 0;
        for (int i = 0; i < q->n; i++)
            if (in->parts[i] != q->v[i]) return 0;
        return 1;
    }
    if (in->nparts) return 0;
    if (q->kind == PARL__QTY_RANGE)
        return in->has_start && in->start == q->v[0] && in->has_end && !in->end_open &&
               in->end == q->v[1] && !in->has_count;
    return (in->has_count && in->count == q->v[0] && !in->has_start && !in->has_end) ||
           (in->has_start && in->start == q->v[0] && !in->has_count && !in->has_end);
}

/* Words a random phrase is made of: values, and connectives inside. */
static const char *const value_words[] = {
    "zero", "one", "two", "five", "nine", "ten", "twelve", "nineteen", "twenty", "forty", "ninety",
    "hundred", "thousand", "million", "billion", "first", "second", "fifth", "twelfth", "twentieth",
    "hundredth", "thousandth", "millionth", "dozen", "dozens", "half", "point", "percent", "5",
    "12", "1,200", "3rd", "21st", "999999999999", "1000000001", "3.5" };
static const char *const inner_words[] = { "and", ",", "-", "to" };

static int is_ordinal_word(const char *w)
{
    static const char *const ords[] = { "first", "second", "fifth", "twelfth", "twentieth",
                                        "hundredth", "thousandth", "millionth", "3rd", "21st" };
    for (size_t i = 0; i < sizeof ords / sizeof ords[0]; i++)
        if (!strcmp(w, ords[i])) return 1;
    return 0;
}

/* A random number phrase: written out by the writer (valid), or random
 * number words, joined by connectives inside, starting and ending with a
 * word of value (mostly no number at all). An ordinal followed by a cardinal
 * is left out: "the first three sentences" is two phrases, read rightly. */
static void random_phrase(char *b)
{
    unsigned r = (unsigned)(next_rand() % 100);
    if (r < 40) {
        int64_t v = (int64_t)(next_rand() % (r < 20 ? 10001 : (unsigned long long)PARL_NUMBER_MAX + 2));
        style st = { r & 1, r >> 1 & 1, r >> 2 & 1, r >> 3 & 1 };
        if (!v) { strcpy(b, "zero"); return; }
        write_number(b, v, &st, r % 3 == 0);
        return;
    }
    if (r < 50) {
        snprintf(b, 64, "%llu", (unsigned long long)(next_rand() % 3000000000ull));
        return;
    }
    size_t n = 0;
    int words = 2 + (int)(next_rand() % 4);
    const int nv = (int)(sizeof value_words / sizeof value_words[0]);
    const char *prev = NULL;
    b[0] = 0;
    for (int i = 0; i < words; i++) {
        const char *w = value_words[next_rand() % (unsigned)nv];
        if (!i && (!strcmp(w, "point") || !strcmp(w, "percent") || !strcmp(w, "dozens") ||
                   !strcmp(w, "half")))
            w = "ten";   /* no number by itself: a phrase does not start with it */
        if (i == 1 && prev && !strcmp(prev, "first") && !is_ordinal_word(w)) w = "second";
        if (i && next_rand() % 3 == 0) put(b, &n, inner_words[next_rand() % 4]);
        put(b, &n, w);
        prev = w;
    }
}

static void test_no_partial_reads(void)
{
    static const char *const templates[] = { "show line %s", "the %s sentence", "the last %s lines",
                                             "lines %s to %s", "give me paragraph %s please" };
    long cases = 0, read = 0, bad = 0;
    char x[512], y[512], phrase[1100], q[1400];
    for (int i = 0; i < 120000; i++) {
        int t = i % 5;
        random_phrase(x);
        random_phrase(y);
        if (t == 3) snprintf(phrase, sizeof phrase, "%s to %s", x, y);
        else snprintf(phrase, sizeof phrase, "%s", x);
        if (t == 3) snprintf(q, sizeof q, templates[t], x, y);
        else snprintf(q, sizeof q, templates[t], x);
        parl__qty tq;
        int valid = truth(phrase, &tq);
        parl_intent in;
        parl_infer(q, strlen(q), &in);
        cases++;
        if (in.mode == PARL_MODE_NONE) continue;
        read++;
        if (valid && carries(&in, &tq)) continue;
        if (bad++ < 10)
            CHECK(0, "\"%s\": %s count %lld start %lld end %lld parts %d, but the phrase \"%s\" is %s",
                  q, parl_mode_name(in.mode), (long long)in.count, (long long)in.start,
                  (long long)in.end, in.nparts, phrase, valid ? "something else" : "no number");
    }
    CHECK(bad == 0, "%ld of %ld random requests carry a value their number phrase does not have", bad, cases);
    CHECK(cases >= 100000 && read > cases / 5, "%ld requests, %ld read (the rest refused)", cases, read);
}

int main(void)
{
    test_words_1_to_10000();
    test_large_numbers();
    test_no_partial_reads();
    return TEST_SUMMARY("test_numbers");
}
