/* SPDX-License-Identifier: MIT */
/* profile.c: the document profile, in one pass of the counting splitter.
 *
 * The splitter already counts words, code points and lines inside its DFA
 * and reports each sentence with its paragraph number; this file only
 * folds sentences into paragraphs and fills the caller's structures. */
#include "split_internal.h"   /* and parlance.h */
#include "sentence_vocab.h"
#include <string.h>

size_t parl_utf8_prefix(const char *text, parl_span span, size_t max, bool *cut)
{
    const unsigned char *s = (const unsigned char *)text + span.off;
    size_t chars = 0, i = 0, n;
    while (i < span.len && chars < max) {
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

static void store_paragraph(const char *text, parl_paragraph *para, parl_paragraph *arr,
                            size_t cap)
{
    bool cut;
    para->preview = truncated(text, para->span, PARL_PREVIEW_CHARS, &cut);
    if (para->index - 1 < cap) arr[para->index - 1] = *para;
}

int parl_analyze(const char *text, size_t len, const char *analyzed_at, parl_profile *p,
                 parl_paragraph *paras, size_t pcap, parl_sentence *sents, size_t scap)
{
    parl_splitter it;
    parl_sentence s;
    parl_paragraph cur;
    memset(p, 0, sizeof *p);
    memset(&cur, 0, sizeof cur);
    if (!text) { text = ""; len = 0; }
    parl_split_init(&it, text, len, PARL_SPLIT_COUNT);
    size_t ns = 0;
    while (parl_split_next(&it, &s)) {
        if (ns < scap) sents[ns] = s;
        if (ns == 0) p->first_sentence = (parl_span){ s.off, s.len };
        p->last_sentence = (parl_span){ s.off, s.len };
        if (s.para != cur.index) {
            if (cur.index) store_paragraph(text, &cur, paras, pcap);
            memset(&cur, 0, sizeof cur);
            cur.index = s.para;
            cur.start_line = s.line;
            cur.first_sentence = ns;
            cur.span.off = s.off;
        }
        cur.end_line = s.end_line;
        cur.sentence_count++;
        cur.word_count += s.words;
        cur.span.len = s.off + s.len - cur.span.off;
        ns++;
    }
    if (cur.index) store_paragraph(text, &cur, paras, pcap);

    const parl_split_state *st = &it.s;
    p->byte_count = len;
    p->char_count = len - st->sc.cont;
    p->word_count = st->sc.words;
    p->line_count = len == 0 ? 0 : st->line - (text[len - 1] == '\n' || text[len - 1] == '\r');
    p->non_empty_line_count = st->nonempty_lines;
    p->paragraph_count = cur.index;
    p->sentence_count = ns;
    if (st->nonempty_lines) {
        const unsigned char *u = (const unsigned char *)text;
        p->first_line = parl__sl_trim(u, len, st->first_line[0], st->first_line[1]);
        p->last_line = parl__sl_trim(u, len, st->last_line[0], st->last_line[1]);
    }
    p->first_line = truncated(text, p->first_line, PARL_FIRST_LINE_CHARS, &p->first_line_cut);
    p->last_line = truncated(text, p->last_line, PARL_FIRST_LINE_CHARS, &p->last_line_cut);
    p->first_sentence = truncated(text, p->first_sentence, PARL_SENTENCE_CHARS,
                                  &p->first_sentence_cut);
    p->last_sentence = truncated(text, p->last_sentence, PARL_SENTENCE_CHARS,
                                 &p->last_sentence_cut);
    p->has_headings = (st->seen & PARL_SEEN_HEADING) != 0;
    p->has_code_blocks = (st->seen & PARL_SEEN_CODE) != 0;
    p->has_list = (st->seen & PARL_SEEN_LIST) != 0;
    p->has_block_quotes = (st->seen & PARL_SEEN_QUOTE) != 0;
    strncpy(p->language, PARL_SENT_LANGUAGE, sizeof p->language - 1);
    p->profile_version = PARL_PROFILE_VERSION;
    if (analyzed_at) strncpy(p->analyzed_at, analyzed_at, sizeof p->analyzed_at - 1);
    p->avg_words_per_sentence = ns ? (double)p->word_count / (double)ns : 0.0;
    p->avg_sentences_per_paragraph = cur.index ? (double)ns / (double)cur.index : 0.0;
    p->invalid_utf8_bytes = st->sc.bad;
    p->nul_bytes = st->sc.nul;
    p->sentences_stored = ns < scap ? ns : scap;
    p->paragraphs_stored = cur.index < pcap ? cur.index : pcap;
    p->truncated = ns > scap || cur.index > pcap;
    return p->truncated ? 1 : 0;
}
