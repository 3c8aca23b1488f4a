/* SPDX-License-Identifier: MIT */
/* profile.c: the document profile, in one pass of the counting splitter.
 *
 * The splitter already counts words, code points and lines inside its DFA
 * and reports each sentence with its paragraph number; this file only
 * folds sentences into paragraphs and fills the caller's structures. */
#include "split_internal.h"   /* and parlance.h */
#include "sentence_vocab.h"
#include <stdint.h>
#include <string.h>

/* Eight bytes at S are ASCII: eight characters at once (every paragraph's
 * preview is counted out, mostly in ASCII text). */
static int profile_ascii8(const unsigned char *s)
{
    uint64_t w;
    memcpy(&w, s, 8);
    return !(w & 0x8080808080808080ull);
}

size_t parl_utf8_prefix(const char *text, parl_span span, size_t max, bool *cut)
{
    const unsigned char *s = (const unsigned char *)text + span.off;
    size_t chars = 0, i = 0, n;
    while (i < span.len && chars < max) {
        if (span.len - i >= 8 && max - chars >= 8 && profile_ascii8(s + i)) { i += 8; chars += 8; continue; }
        if (s[i] < 0x80) n = 1;
        else parl__sl_class(s + i, span.len - i, &n);   /* one character; an invalid byte alone */
        i += n;
        chars++;
    }
    if (cut) *cut = i < span.len;
    return i;
}

size_t parl_char_count(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t chars = 0, i = 0, n;
    while (i < len) {
        if (len - i >= 8 && profile_ascii8(s + i)) { i += 8; chars += 8; continue; }
        if (s[i] < 0x80) n = 1;
        else parl__sl_class(s + i, len - i, &n);
        i += n;
        chars++;
    }
    return chars;
}

/* SPAN limited to MAX characters. */
static parl_span truncated(const char *text, parl_span span, size_t max, bool *cut)
{
    span.len = parl_utf8_prefix(text, span, max, cut);
    return span;
}

void parl_analysis_init(parl_analysis *a, const char *text, size_t len)
{
    memset(a, 0, sizeof *a);
    if (!text) { text = ""; len = 0; }
    a->text = text;
    a->len = len;
    parl_split_init(&a->it, text, len, PARL_SPLIT_COUNT);
}

/* Closes the paragraph being read into *PARA (its preview taken now). */
static int paragraph_done(parl_analysis *a, parl_paragraph *para)
{
    bool cut;
    *para = a->cur;
    para->preview = truncated(a->text, para->span, PARL_PREVIEW_CHARS, &cut);
    memset(&a->cur, 0, sizeof a->cur);
    return PARL_ANALYSIS_PARAGRAPH;
}

/* A sentence that opens a paragraph is held back while the paragraph
 * before it is returned, and returned on the next call. */
int parl_analysis_next(parl_analysis *a, parl_sentence *s, parl_paragraph *para)
{
    if (a->held) a->held = 0;
    else if (!parl_split_next(&a->it, &a->next)) {
        a->ended = 1;
        return a->cur.index ? paragraph_done(a, para) : 0;
    } else if (a->next.para != a->cur.index && a->cur.index) {
        a->held = 1;
        return paragraph_done(a, para);
    }
    const parl_sentence *n = &a->next;
    if (a->sentences == 0) a->first_sentence = (parl_span){ n->off, n->len };
    a->last_sentence = (parl_span){ n->off, n->len };
    if (!a->cur.index) {
        a->cur.index = n->para;
        a->cur.start_line = n->line;
        a->cur.first_sentence = a->sentences;
        a->cur.span.off = n->off;
        a->paragraphs = n->para;
    }
    a->cur.end_line = n->end_line;
    a->cur.sentence_count++;
    a->cur.word_count += n->words;
    a->cur.span.len = n->off + n->len - a->cur.span.off;
    a->sentences++;
    *s = *n;
    return PARL_ANALYSIS_SENTENCE;
}

void parl_analysis_profile(const parl_analysis *a, const char *analyzed_at, parl_profile *p)
{
    const char *text = a->text;
    size_t len = a->len, ns = a->sentences;
    const parl_split_state *st = &a->it.s;
    memset(p, 0, sizeof *p);
    p->byte_count = len;
    p->char_count = len - st->sc.cont;
    p->word_count = st->sc.words;
    p->line_count = len == 0 ? 0 : st->line - (text[len - 1] == '\n' || text[len - 1] == '\r');
    p->non_empty_line_count = st->nonempty_lines;
    p->paragraph_count = a->paragraphs;
    p->sentence_count = ns;
    if (st->nonempty_lines) {
        const unsigned char *u = (const unsigned char *)text;
        p->first_line = parl__sl_trim(u, len, st->first_line[0], st->first_line[1]);
        p->last_line = parl__sl_trim(u, len, st->last_line[0], st->last_line[1]);
    }
    p->first_line = truncated(text, p->first_line, PARL_FIRST_LINE_CHARS, &p->first_line_cut);
    p->last_line = truncated(text, p->last_line, PARL_FIRST_LINE_CHARS, &p->last_line_cut);
    p->first_sentence = truncated(text, a->first_sentence, PARL_SENTENCE_CHARS,
                                  &p->first_sentence_cut);
    p->last_sentence = truncated(text, a->last_sentence, PARL_SENTENCE_CHARS,
                                 &p->last_sentence_cut);
    p->has_headings = (st->seen & PARL_SEEN_HEADING) != 0;
    p->has_code_blocks = (st->seen & PARL_SEEN_CODE) != 0;
    p->has_list = (st->seen & PARL_SEEN_LIST) != 0;
    p->has_block_quotes = (st->seen & PARL_SEEN_QUOTE) != 0;
    strncpy(p->language, PARL_SENT_LANGUAGE, sizeof p->language - 1);
    p->profile_version = PARL_PROFILE_VERSION;
    if (analyzed_at) strncpy(p->analyzed_at, analyzed_at, sizeof p->analyzed_at - 1);
    p->avg_words_per_sentence = ns ? (double)p->word_count / (double)ns : 0.0;
    p->avg_sentences_per_paragraph = a->paragraphs ? (double)ns / (double)a->paragraphs : 0.0;
    p->invalid_utf8_bytes = st->sc.bad;
    p->nul_bytes = st->sc.nul;
}

int parl_analyze(const char *text, size_t len, const char *analyzed_at, parl_profile *p,
                 parl_paragraph *paras, size_t pcap, parl_sentence *sents, size_t scap)
{
    parl_analysis a;
    parl_sentence s;
    parl_paragraph q;
    size_t ns = 0, np = 0;
    int ev;
    parl_analysis_init(&a, text, len);
    while ((ev = parl_analysis_next(&a, &s, &q)))
        if (ev == PARL_ANALYSIS_SENTENCE && ns++ < scap) sents[ns - 1] = s;
        else if (ev == PARL_ANALYSIS_PARAGRAPH && np++ < pcap) paras[np - 1] = q;
    parl_analysis_profile(&a, analyzed_at, p);
    p->sentences_stored = ns < scap ? ns : scap;
    p->paragraphs_stored = np < pcap ? np : pcap;
    p->truncated = ns > scap || np > pcap;
    return p->truncated ? 1 : 0;
}
