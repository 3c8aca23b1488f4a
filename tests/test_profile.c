/* SPDX-License-Identifier: MIT */
/* test_profile.c: every field of the document profile, with exact values. */
#include "parlance.h"
#include "cli.h"
#include "testlib.h"
#include <stdlib.h>

#define PCAP 16
#define SCAP 64

static parl_profile P;
static parl_paragraph PA[PCAP];
static parl_sentence SE[SCAP];
static const char *T;

static int analyze(const char *text, size_t len)
{
    T = text;
    return parl_analyze(text, len, "2024-05-01T12:00:00.000Z", &P, PA, PCAP, SE, SCAP);
}

/* The text of a span as a NUL-terminated string (static buffer). */
static const char *str(parl_span sp)
{
    static char buf[4][1024];
    static int k;
    char *b = buf[k++ & 3];
    size_t n = sp.len < 1023 ? sp.len : 1023;
    memcpy(b, T + sp.off, n);
    b[n] = 0;
    return b;
}

static void empty_text(void)
{
    CHECK_EQ_INT(analyze("", 0), 0);
    CHECK_EQ_INT(P.char_count, 0);
    CHECK_EQ_INT(P.word_count, 0);
    CHECK_EQ_INT(P.line_count, 0);
    CHECK_EQ_INT(P.non_empty_line_count, 0);
    CHECK_EQ_INT(P.paragraph_count, 0);
    CHECK_EQ_INT(P.sentence_count, 0);
    CHECK_EQ_STR(str(P.first_line), "");
    CHECK_EQ_STR(str(P.last_sentence), "");
    CHECK(!P.has_headings && !P.has_code_blocks && !P.has_list && !P.has_block_quotes, "flags");
    CHECK_EQ_STR(P.language, "en");
    CHECK_EQ_INT(P.profile_version, 3);   /* 3: emoticons after a stop are its sentence's words */
    CHECK_EQ_STR(P.analyzed_at, "2024-05-01T12:00:00.000Z");
    CHECK(P.avg_words_per_sentence == 0 && P.avg_sentences_per_paragraph == 0, "averages");
    CHECK(!P.truncated, "not truncated");
    CHECK_EQ_INT(parl_analyze(NULL, 10, NULL, &P, NULL, 0, NULL, 0), 0);
    CHECK_EQ_STR(P.analyzed_at, "");

    analyze("  \n\t\n", 5);
    CHECK_EQ_INT(P.line_count, 2);
    CHECK_EQ_INT(P.non_empty_line_count, 0);
    CHECK_EQ_INT(P.paragraph_count, 0);
    CHECK_EQ_INT(P.char_count, 5);
}

static void single_line(void)
{
    analyze("Hello world", 11);
    CHECK_EQ_INT(P.char_count, 11);
    CHECK_EQ_INT(P.byte_count, 11);
    CHECK_EQ_INT(P.word_count, 2);
    CHECK_EQ_INT(P.line_count, 1);
    CHECK_EQ_INT(P.non_empty_line_count, 1);
    CHECK_EQ_INT(P.paragraph_count, 1);
    CHECK_EQ_INT(P.sentence_count, 1);
    CHECK_EQ_INT(PA[0].index, 1);
    CHECK_EQ_INT(PA[0].start_line, 1);
    CHECK_EQ_INT(PA[0].end_line, 1);
    CHECK_EQ_INT(PA[0].sentence_count, 1);
    CHECK_EQ_INT(PA[0].word_count, 2);
    CHECK_EQ_STR(str(PA[0].preview), "Hello world");
    CHECK_EQ_STR(str(P.first_line), "Hello world");
    CHECK_EQ_STR(str(P.last_line), "Hello world");
    CHECK_EQ_STR(str(P.first_sentence), "Hello world");
    CHECK_EQ_STR(str(P.last_sentence), "Hello world");
    CHECK(P.avg_words_per_sentence == 2.0, "avg words %g", P.avg_words_per_sentence);
    CHECK(P.avg_sentences_per_paragraph == 1.0, "avg sentences %g", P.avg_sentences_per_paragraph);
}

static void markdown(void)
{
    static const char t[] =
        "# Title\n"                          /* 1 */
        "\n"                                 /* 2 */
        /* a comma: a lower-case word after "!" now starts a sentence (issue 19) */
        "Intro text here. Second one,\n"     /* 3 */
        "  still para two.\n"                /* 4 */
        "\n"                                 /* 5 */
        "- item one\n"                       /* 6 */
        "- item two\n"                       /* 7 */
        "\n"                                 /* 8 */
        "> quoted words\n"                   /* 9 */
        "\n"                                 /* 10 */
        "```\n"                              /* 11 */
        "code here\n"                        /* 12 */
        "```\n"                              /* 13 */
        "Caf\xC3\xA9 na\xC3\xAFve \xE2\x80\x94 ok.\n";   /* 14 */
    CHECK_EQ_INT(analyze(t, sizeof t - 1), 0);
    CHECK_EQ_INT(P.byte_count, 135);
    CHECK_EQ_INT(P.char_count, 131);
    CHECK_EQ_INT(parl_char_count(t, sizeof t - 1), 131);
    CHECK_EQ_INT(P.word_count, 27);
    CHECK_EQ_INT(P.line_count, 14);
    CHECK_EQ_INT(P.non_empty_line_count, 10);
    CHECK_EQ_INT(P.paragraph_count, 5);
    CHECK_EQ_INT(P.sentence_count, 8);
    static const struct { size_t start, end, sentences, words; const char *preview; } want[] = {
        { 1, 1, 1, 2, "# Title" },
        { 3, 4, 2, 8, "Intro text here. Second one,\n  still para two." },
        { 6, 7, 2, 6, "- item one\n- item two" },
        { 9, 9, 1, 3, "> quoted words" },
        { 11, 14, 2, 8, "```\ncode here\n```\nCaf\xC3\xA9 na\xC3\xAFve \xE2\x80\x94 ok." },
    };
    for (size_t i = 0; i < 5; i++) {
        CHECK_EQ_INT(PA[i].index, i + 1);
        CHECK_EQ_INT(PA[i].start_line, want[i].start);
        CHECK_EQ_INT(PA[i].end_line, want[i].end);
        CHECK_EQ_INT(PA[i].sentence_count, want[i].sentences);
        CHECK_EQ_INT(PA[i].word_count, want[i].words);
        CHECK_EQ_STR(str(PA[i].preview), want[i].preview);
        CHECK_EQ_STR(str(PA[i].span), want[i].preview);
    }
    static const struct { const char *text; size_t para, line, words; parl_sentence_kind kind; } ws[] = {
        { "# Title", 1, 1, 2, PARL_SENT_HEADING },
        { "Intro text here.", 2, 3, 3, PARL_SENT_TEXT },
        { "Second one,\n  still para two.", 2, 3, 5, PARL_SENT_TEXT },
        { "- item one", 3, 6, 3, PARL_SENT_ITEM },
        { "- item two", 3, 7, 3, PARL_SENT_ITEM },
        { "> quoted words", 4, 9, 3, PARL_SENT_QUOTE },
        { "```\ncode here\n```", 5, 11, 4, PARL_SENT_CODE },
        { "Caf\xC3\xA9 na\xC3\xAFve \xE2\x80\x94 ok.", 5, 14, 4, PARL_SENT_TEXT },
    };
    for (size_t i = 0; i < 8; i++) {
        parl_span sp = { SE[i].off, SE[i].len };
        CHECK_EQ_STR(str(sp), ws[i].text);   /* offsets extract the sentence directly */
        CHECK_EQ_INT(SE[i].para, ws[i].para);
        CHECK_EQ_INT(SE[i].line, ws[i].line);
        CHECK_EQ_INT(SE[i].words, ws[i].words);
        CHECK_EQ_INT(SE[i].kind, ws[i].kind);
    }
    CHECK_EQ_INT(SE[2].end_line, 4);
    CHECK_EQ_INT(SE[6].end_line, 13);
    CHECK_EQ_INT(PA[1].first_sentence, 1);
    CHECK_EQ_INT(PA[4].first_sentence, 6);
    CHECK_EQ_STR(str(P.first_line), "# Title");
    CHECK_EQ_STR(str(P.last_line), "Caf\xC3\xA9 na\xC3\xAFve \xE2\x80\x94 ok.");
    CHECK_EQ_STR(str(P.first_sentence), "# Title");
    CHECK_EQ_STR(str(P.last_sentence), "Caf\xC3\xA9 na\xC3\xAFve \xE2\x80\x94 ok.");
    CHECK(P.has_headings && P.has_code_blocks && P.has_list && P.has_block_quotes, "flags");
    CHECK(P.avg_words_per_sentence == 27.0 / 8, "avg words %g", P.avg_words_per_sentence);
    CHECK(P.avg_sentences_per_paragraph == 8.0 / 5, "avg sentences %g",
          P.avg_sentences_per_paragraph);
    CHECK_EQ_INT(P.sentences_stored, 8);
    CHECK_EQ_INT(P.paragraphs_stored, 5);
    CHECK(!P.truncated, "not truncated");
}

/* firstLine/lastLine 120, sentences 200, previews 80 characters: counted in
 * characters, never cutting a UTF-8 sequence. */
static void truncation(void)
{
    char t[2048];
    size_t n = 0;
    for (int i = 0; i < 300; i++) { t[n++] = '\xC3'; t[n++] = '\xA9'; }   /* 300 x e-acute */
    memcpy(t + n, " end.\n   Short last line.  \n", 28);
    n += 28;
    analyze(t, n);
    CHECK_EQ_INT(P.first_line.len, 240);
    CHECK(P.first_line_cut, "first line cut");
    CHECK_EQ_INT(P.first_sentence.len, 400);
    CHECK(P.first_sentence_cut, "first sentence cut");
    CHECK_EQ_INT(PA[0].preview.len, 160);
    CHECK_EQ_STR(str(P.last_line), "Short last line.");
    CHECK(!P.last_line_cut, "last line whole");
    CHECK_EQ_STR(str(P.last_sentence), "Short last line.");
    CHECK_EQ_INT(P.char_count, 300 + 28);
    CHECK_EQ_INT(P.word_count, 5);

    parl_span sp = { 0, 7 };
    bool cut;
    CHECK_EQ_INT(parl_utf8_prefix("ab\xE2\x80\x94" "cd", sp, 3, &cut), 5);
    CHECK(cut, "cut");
    CHECK_EQ_INT(parl_utf8_prefix("ab\xE2\x80\x94" "cd", sp, 2, &cut), 2);
    CHECK_EQ_INT(parl_utf8_prefix("ab\xE2\x80\x94" "cd", sp, 9, &cut), 7);
    CHECK(!cut, "not cut");
}

/* Arrays too small: counts stay exact, truncation is reported, nothing is
 * written past the capacities. */
static void capacities(void)
{
    static const char t[] = "One. Two. Three.\n\nFour.\n\nFive. Six.\n\nSeven.";
    parl_paragraph pa[3];
    parl_sentence se[4];
    memset(pa, 0x5A, sizeof pa);
    memset(se, 0x5A, sizeof se);
    int r = parl_analyze(t, sizeof t - 1, NULL, &P, pa, 2, se, 3);
    CHECK_EQ_INT(r, 1);
    CHECK(P.truncated, "truncated");
    CHECK_EQ_INT(P.paragraph_count, 4);
    CHECK_EQ_INT(P.sentence_count, 7);
    CHECK_EQ_INT(P.paragraphs_stored, 2);
    CHECK_EQ_INT(P.sentences_stored, 3);
    CHECK_EQ_INT(pa[1].index, 2);
    CHECK_EQ_INT(pa[1].sentence_count, 1);
    CHECK_EQ_INT(pa[2].index, 0x5A5A5A5A5A5A5A5AULL);
    CHECK_EQ_INT(se[2].off, 10);
    CHECK_EQ_INT(se[3].off, 0x5A5A5A5A5A5A5A5AULL);
    T = t;
    CHECK_EQ_STR(str(P.last_sentence), "Seven.");
    CHECK_EQ_INT(parl_analyze(t, sizeof t - 1, NULL, &P, NULL, 0, NULL, 0), 1);
    CHECK_EQ_INT(P.sentence_count, 7);
}

static void odd_bytes(void)
{
    static const char t[] = "a\xff b\0c.\r\nTwo.\r\n";
    analyze(t, sizeof t - 1);
    CHECK_EQ_INT(P.invalid_utf8_bytes, 1);
    CHECK_EQ_INT(P.nul_bytes, 1);
    CHECK_EQ_INT(P.char_count, 15);
    CHECK_EQ_INT(parl_char_count(t, sizeof t - 1), 15);
    CHECK_EQ_INT(P.word_count, 3);
    CHECK_EQ_INT(P.line_count, 2);
    CHECK_EQ_INT(P.non_empty_line_count, 2);
    CHECK_EQ_INT(P.sentence_count, 2);
    CHECK_EQ_INT(SE[1].line, 2);
    analyze("x\r\r\n", 4);
    CHECK_EQ_INT(P.line_count, 2);
    CHECK_EQ_INT(P.non_empty_line_count, 1);
}

/* Emoticons that stay with their stop are the sentence's words: they were
 * counted with the next sentence, or by nobody at the end of the text, so
 * the sentences' words did not add up to the text's (fuzz_profile found
 * "1.) :D" and a blank line before the last word). */
static void emoticon_words(void)
{
    static const struct { const char *t; size_t words[2]; } cases[] = {
        { "Hi there. :D\n", { 3, 0 } },
        { "Hi there! :) Next one.\n", { 3, 2 } },
        { "Hi there. :D :-) Next one.", { 4, 2 } },
        { "1.) :D\n\n\n\nresults\n", { 2, 1 } },
        { "1. :D\n", { 2, 0 } },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        analyze(cases[i].t, strlen(cases[i].t));
        size_t sum = 0;
        for (size_t k = 0; k < P.sentences_stored; k++) sum += SE[k].words;
        CHECK(sum == P.word_count, "%s: sentences' words %zu, the text's %zu", cases[i].t, sum, P.word_count);
        for (size_t k = 0; k < P.sentences_stored && k < 2; k++)
            CHECK(SE[k].words == cases[i].words[k], "%s: sentence %zu has %zu words, want %zu", cases[i].t,
                  k + 1, SE[k].words, cases[i].words[k]);
        size_t psum = 0;
        for (size_t k = 0; k < P.paragraphs_stored; k++) psum += PA[k].word_count;
        CHECK_EQ_INT(psum, P.word_count);
    }
}

/* The seed's indented document and dialogue. */
static void indented(void)
{
    static const char t[] =
        "        The space factory was quiet. Nobody\n"
        "            moved at all.\n"
        "\n"
        "        \"Vatueil? Captain Vatueil?\" The voice echoed.\n";
    analyze(t, sizeof t - 1);
    CHECK_EQ_INT(P.paragraph_count, 2);
    CHECK_EQ_INT(P.sentence_count, 4);
    CHECK_EQ_INT(P.word_count, 15);
    CHECK_EQ_INT(P.line_count, 4);
    CHECK_EQ_INT(P.non_empty_line_count, 3);
    CHECK_EQ_STR(str(P.first_line), "The space factory was quiet. Nobody");
    CHECK_EQ_STR(str(P.last_line), "\"Vatueil? Captain Vatueil?\" The voice echoed.");
    CHECK_EQ_STR(str(PA[0].preview), "The space factory was quiet. Nobody\n            moved at all.");
    CHECK_EQ_INT(PA[1].start_line, 4);
    CHECK_EQ_STR(str(P.last_sentence), "The voice echoed.");
    parl_span sp = { SE[2].off, SE[2].len };
    CHECK_EQ_STR(str(sp), "\"Vatueil? Captain Vatueil?\"");
}

/* The sample texts, analysed into arrays with room for all. */
static const char *const SAMPLES[] = { "tests/samples/narrative.txt", "tests/samples/report.md",
                                       "tests/samples/letters.txt" };
#define NSAMPLES (sizeof SAMPLES / sizeof SAMPLES[0])

static int load_sample(size_t f, parl_doc *d)
{
    size_t len;
    char *t = read_file(SAMPLES[f], &len);
    CHECK(t != NULL, "%s missing", SAMPLES[f]);
    if (!t) return 0;
    parl_paragraph *pa = malloc(512 * sizeof *pa);
    parl_sentence *se = malloc(2048 * sizeof *se);
    *d = (parl_doc){ t, len, { 0 }, pa, se };
    parl_analyze(t, len, "x", &d->p, pa, 512, se, 2048);
    return 1;
}

static void free_sample(parl_doc *d)
{
    free((void *)d->text);
    free((void *)d->paras);
    free((void *)d->sents);
}

/* On the sample texts the parts add up to the whole. */
static void samples(void)
{
    for (size_t f = 0; f < NSAMPLES; f++) {
        parl_doc d;
        if (!load_sample(f, &d)) continue;
        const char *t = d.text, *const *files = SAMPLES;
        const parl_paragraph *pa = d.paras;
        const parl_sentence *se = d.sents;
        size_t len = d.len;
        P = d.p;
        size_t words = 0, sents = 0;
        for (size_t i = 0; i < P.paragraphs_stored; i++) {
            words += pa[i].word_count;
            sents += pa[i].sentence_count;
        }
        CHECK_EQ_INT(words, P.word_count);
        CHECK_EQ_INT(sents, P.sentence_count);
        size_t ws = 0, prev_end = 0;
        for (size_t i = 0; i < P.sentences_stored; i++) {
            ws += se[i].words;
            CHECK(se[i].off >= prev_end && se[i].len > 0, "%s: sentence %zu overlaps", files[f], i);
            prev_end = se[i].off + se[i].len;
        }
        CHECK_EQ_INT(ws, P.word_count);
        CHECK_EQ_INT(parl_char_count(t, len), P.char_count);
        CHECK(P.paragraph_count > 5 && P.sentence_count > 30, "%s: %zu paragraphs, %zu sentences",
              files[f], P.paragraph_count, P.sentence_count);
        free_sample(&d);
    }
}

/* The profile in steps: each paragraph right after its last sentence, the
 * same entries and profile as parl_analyze, and the JSON in parts the same
 * bytes as parl_analyze_json, with and without sentences. */
static void in_steps(void)
{
    for (size_t f = 0; f < NSAMPLES; f++) {
        parl_doc d;
        if (!load_sample(f, &d)) continue;
        const char *t = d.text, *const *files = SAMPLES;
        const parl_paragraph *pa = d.paras;
        const parl_sentence *se = d.sents;
        size_t len = d.len;
        size_t cap = 1 << 20, n = 0;
        char *whole = malloc(cap), *parts = malloc(cap);
        /* offsets in bytes, code points and UTF-16 units; the step writers move
         * their cursors to an entry's start or (every other entry) its end */
        static const unsigned flag_sets[] = { 0, PARL_JSON_NO_SENTENCES, PARL_JSON_CHARS,
                                              PARL_JSON_UTF16 | PARL_JSON_NO_SENTENCES, PARL_JSON_UTF16 };
        for (size_t fi = 0; fi < sizeof flag_sets / sizeof flag_sets[0]; fi++) {
            unsigned flags = flag_sets[fi];
            size_t wn = parl_analyze_json(&d, flags, whole, cap);
            parl_analysis a;
            parl_sentence s;
            parl_paragraph q;
            parl_profile p;
            parl_offsets pc = { 0, 0, 0 }, sc = { 0, 0, 0 };
            size_t np = 0, ns = 0, in_para = 0, bad = 0;
            char *sj = malloc(cap);
            size_t sn = 0;
            int ev;
            n = 0;
            parl_analysis_init(&a, t, len);
            while ((ev = parl_analysis_next(&a, &s, &q))) {
                if (ev == PARL_ANALYSIS_SENTENCE) {
                    bad += memcmp(&s, &se[ns], sizeof s) != 0 || (in_para && s.para != np + 1);
                    in_para = 1;
                    ns++;
                    sn += parl_profile_sentence_json(t, &s, ns, &sc, flags | (ns & 1 ? PARL_JSON_CURSOR_END : 0),
                                                     sj + sn, cap - sn);
                } else {
                    bad += !in_para || memcmp(&q, &pa[np], sizeof q) != 0 ||
                           q.first_sentence + q.sentence_count != ns;
                    in_para = 0;
                    np++;
                    n += parl_profile_paragraph_json(t, &q, np, &pc, flags | (np & 1 ? PARL_JSON_CURSOR_END : 0),
                                                     parts + 10000 + n, cap - 10000 - n);
                }
            }
            CHECK_EQ_INT(bad, 0);
            CHECK_EQ_INT(ns, d.p.sentence_count);
            CHECK_EQ_INT(np, d.p.paragraph_count);
            parl_analysis_profile(&a, "x", &p);
            p.paragraphs_stored = d.p.paragraphs_stored;
            p.sentences_stored = d.p.sentences_stored;
            CHECK(memcmp(&p, &d.p, sizeof p) == 0, "%s: profile differs", files[f]);
            /* head, paragraphs, middle, sentences, tail, in that order */
            size_t k = parl_profile_json_part(t, &p, PARL_PROFILE_JSON_HEAD, 0, flags, parts, cap);
            memmove(parts + k, parts + 10000, n);
            k += n;
            k += parl_profile_json_part(t, &p, PARL_PROFILE_JSON_MIDDLE, np, flags, parts + k, cap - k);
            if (!(flags & PARL_JSON_NO_SENTENCES)) {
                memcpy(parts + k, sj, sn);
                k += sn;
                k += parl_profile_json_part(t, &p, PARL_PROFILE_JSON_TAIL, ns, flags, parts + k, cap - k);
            }
            CHECK(k == wn && memcmp(parts, whole, k) == 0, "%s: JSON in parts differs (flags %u)",
                  files[f], flags);
            /* the sentences' entries a run at a time: the same bytes, whatever the runs */
            static const size_t runs[] = { 1, 3, 64, (size_t)-1 };
            for (size_t ri = 0; ri < sizeof runs / sizeof runs[0]; ri++) {
                parl_offsets bc = { 0, 0, 0 };
                size_t bn = 0, at = 0;
                while (at < ns) {
                    size_t run = runs[ri] < ns - at ? runs[ri] : ns - at;
                    unsigned rf = flags | (at & 1 ? PARL_JSON_CURSOR_END : 0);
                    parl_offsets zc = bc;
                    size_t need = parl_profile_sentences_json(t, se + at, run, at + 1, &zc, rf, NULL, 0);
                    size_t got = parl_profile_sentences_json(t, se + at, run, at + 1, &bc, rf, parts + bn, cap - bn);
                    CHECK_EQ_INT(need, got);
                    bn += got;
                    at += run;
                }
                CHECK(bn == sn && memcmp(parts, sj, sn) == 0, "%s: sentences in runs of %zu differ (flags %u)",
                      files[f], runs[ri], flags);
            }
            free(sj);
        }
        free(whole);
        free(parts);
        free_sample(&d);
    }
}

int main(void)
{
    empty_text();
    single_line();
    markdown();
    truncation();
    capacities();
    odd_bytes();
    emoticon_words();
    indented();
    samples();
    in_steps();
    return TEST_SUMMARY("test_profile");
}
