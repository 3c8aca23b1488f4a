/* SPDX-License-Identifier: MIT */
/* test_answer: the parl_answer() API contract: sizes reported when the
 * buffer or the quote array is short, prefix output, quotes that point at
 * the quoted bytes, and every mode on hostile input without a crash. */
#include <stdlib.h>
#include "parlance.h"
#include "testlib.h"
#include "casefold.h"

static const char doc[] =
    "# Notes\n\nAlpha beta gamma. Delta data epsilon.\r\nZeta database eta.\n\n"
    "## Results\n\nTheta iota data.\n";

typedef struct an {
    parl_profile p;
    parl_paragraph pa[32];
    parl_sentence se[64];
} an;

static void analyze(an *a, const char *t, size_t n)
{
    parl_analyze(t, n, NULL, &a->p, a->pa, 32, a->se, 64);
}

static int ask(const an *a, const char *t, size_t n, const char *q, char *out, size_t cap,
               parl_quote *qs, size_t qcap, parl_answer_info *info)
{
    parl_intent in;
    parl_infer(q, strlen(q), &in);
    return parl_answer(t, n, &a->p, a->pa, a->se, &in, q, strlen(q), 0, out, cap, qs, qcap,
                       info);
}

static void sizes(void)
{
    an a;
    size_t n = sizeof doc - 1;
    analyze(&a, doc, n);
    char big[512], small[10];
    parl_quote qs[8];
    parl_answer_info i1, i2, i3;
    CHECK_EQ_INT(ask(&a, doc, n, "every mention of data", big, sizeof big, qs, 8, &i1), 0);
    CHECK_EQ_INT(i1.matches, 2);           /* whole words: not "database" */
    CHECK_EQ_INT(i1.nquotes, 2);
    CHECK_EQ_INT(i1.needed, strlen(big) + 1);
    CHECK(i1.found, "found");
    for (size_t k = 0; k < i1.nquotes; k++)
        CHECK(qs[k].end - qs[k].start == 4 && !memcmp(doc + qs[k].start, "data", 4),
              "quote %zu points at the match", k);
    CHECK_EQ_INT(qs[1].line, 8);
    /* too small: a NUL-terminated prefix and the size needed */
    CHECK_EQ_INT(ask(&a, doc, n, "every mention of data", small, sizeof small, qs, 8, &i2), 1);
    CHECK_EQ_INT(i2.needed, i1.needed);
    CHECK_EQ_INT(strlen(small), sizeof small - 1);
    CHECK(!memcmp(small, big, sizeof small - 1), "prefix");
    /* sizes only */
    CHECK_EQ_INT(ask(&a, doc, n, "every mention of data", NULL, 0, NULL, 0, &i3), 1);
    CHECK_EQ_INT(i3.needed, i1.needed);
    CHECK_EQ_INT(i3.nquotes, 2);
    /* quote array short: the answer is whole, the count tells */
    CHECK_EQ_INT(ask(&a, doc, n, "every mention of data", big, sizeof big, qs, 1, &i3), 1);
    CHECK_EQ_INT(i3.nquotes, 2);
    /* CRLF: the line end is no part of the quoted line */
    CHECK_EQ_INT(ask(&a, doc, n, "line 3", big, sizeof big, qs, 8, &i1), 0);
    CHECK_EQ_STR(big, "Line 3: \"Alpha beta gamma. Delta data epsilon.\"");
    CHECK_EQ_INT(ask(&a, doc, n, "sentence 9", big, sizeof big, qs, 8, &i1), 0);
    CHECK(!i1.found && i1.nquotes == 0, "out of range quotes nothing");
    CHECK_EQ_STR(big, "Sentence 9 not found. The document has 6 sentences.");
    CHECK_EQ_INT(ask(&a, doc, n, "the results section", big, sizeof big, qs, 8, &i1), 0);
    CHECK(!strncmp(big, "Section \"Results\" (lines 6-8):", 30), "section: %s", big);
}

/* Every mode and a spread of numbers on random bytes and on empty text. */
static void hostile(void)
{
    static const char *const reqs[] = {
        "how long is it", "how many words", "last 3 sentences", "first 2 paragraphs",
        "last 4 words", "first 5 characters", "last 7 characters", "the 3rd word", "line 2",
        "lines 2 to 9", "from line 3 to the end", "sentences 2 to 5", "paragraphs 1 to 3",
        "paragraph 2", "first paragraph", "last paragraph", "how does it start",
        "how does it end", "the full document", "every mention of a", "find b",
        "how many times does c appear", "list the sections", "the methods section",
        "what's the conclusion", "first and third sentences", "lines 0 and 99", "hello",
        "sentence 1000000000", "line 0", "last 1000000000 lines", "lines 9 to 2",
        "the first sentence of paragraph 2", "the last line of the results section",
        "how many words in paragraph 1", "the 2nd word of the last line", "line 3.5",
        "every mention of data from line 2", "the third word of sentence 1",
    };
    an a;
    char text[4096], out[64];
    parl_quote qs[4];
    unsigned seed = 12345;
    for (int round = 0; round < 40; round++) {
        size_t n = round == 0 ? 0 : (size_t)(seed % sizeof text);
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = (seed >> 16) & 0xff;
            text[i] = (char)(r < 160 ? " \n\r.#A a:0\"-`\xe2\x80\xa6"[r % 16] : (int)r);
        }
        seed = seed * 1103515245u + 12345u;
        analyze(&a, text, n);
        for (size_t k = 0; k < sizeof reqs / sizeof reqs[0]; k++) {
            parl_answer_info info;
            ask(&a, text, n, reqs[k], out, sizeof out, qs, 4, &info);
            int ok = info.needed >= 1 && strlen(out) < sizeof out;
            for (size_t j = 0; j < info.nquotes && j < 4; j++)
                ok = ok && qs[j].start <= qs[j].end && qs[j].end <= n;
            CHECK(ok, "round %d '%s'", round, reqs[k]);
        }
    }
}

/* The generated folding table against Unicode's own file: every simple
 * folding (C and S) it lists, and nothing else folds. */
static void casefold(void)
{
    FILE *f = fopen("/usr/share/unicode/CaseFolding.txt", "r");
    if (!f) {
        printf("test_answer: skipping the case folding check: /usr/share/unicode/CaseFolding.txt "
               "is missing (make deps installs unicode-data)\n");
        return;
    }
    static unsigned char listed[0x110000];
    char line[512];
    long folds = 0, bad = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned from, to;
        char status;
        if (line[0] == '#' || sscanf(line, "%x; %c; %x;", &from, &status, &to) != 3) continue;
        if (status != 'C' && status != 'S') continue;
        listed[from] = 1;
        folds++;
        if (parl__casefold(from) != to && bad++ < 5) CHECK(0, "U+%04X folds to U+%04X, not U+%04X", from, parl__casefold(from), to);
    }
    fclose(f);
    for (unsigned cp = 0; cp < 0x110000; cp++)
        if (!listed[cp] && parl__casefold(cp) != cp && bad++ < 10) CHECK(0, "U+%04X folds but is not listed", cp);
    CHECK(bad == 0 && folds > 1000, "%ld of %ld foldings wrong", bad, folds);
}

/* "every mention" lists PARL_ANSWER_MAX_MATCHES and says how to ask for the rest. */
static void many_mentions(void)
{
    static char text[20000];
    size_t n = 0;
    for (int i = 0; i < 300; i++) n += (size_t)snprintf(text + n, sizeof text - n, "the Data point %d\n", i);
    an a;
    static parl_paragraph pa[8];
    static parl_sentence se[400];
    parl_analyze(text, n, NULL, &a.p, pa, 8, se, 400);
    char out[20000];
    parl_intent in;
    const char *q = "every mention of DATA";
    parl_infer(q, strlen(q), &in);
    parl_answer_info info;
    parl_answer(text, n, &a.p, pa, se, &in, q, strlen(q), 0, out, sizeof out, NULL, 0, &info);
    size_t rows = 0;
    for (const char *p = out; (p = strstr(p, ". Line ")); p++) rows++;
    CHECK_EQ_INT(info.matches, 300);
    CHECK_EQ_INT(rows, PARL_ANSWER_MAX_MATCHES);
    CHECK(strstr(out, "[250 more. Ask for \"every mention of DATA from line 51\"") != NULL, "%s", strrchr(out, '['));
}

int main(void)
{
    sizes();
    hostile();
    casefold();
    many_mentions();
    return TEST_SUMMARY("test_answer");
}
