/* SPDX-License-Identifier: MIT */
/* fuzz_profile.c: libFuzzer target for parl_analyze(): any bytes, any
 * array capacities; the counts must agree with each other and with the
 * splitter, nothing may be written past the capacities, and the sentences'
 * entries written in one run must be those written one at a time. */
#include "parlance.h"
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    parl_profile p, q;
    parl_paragraph pa[9];
    parl_sentence se[17];
    size_t pcap = size ? data[0] % 9 : 0, scap = size > 1 ? data[1] % 17 : 0;
    memset(pa, 0xA5, sizeof pa);
    memset(se, 0xA5, sizeof se);
    const char *t = (const char *)data;
    int r = parl_analyze(t, size, "fuzz", &p, pa, pcap, se, scap);
    parl_analyze(t, size, NULL, &q, NULL, 0, NULL, 0);
    if (r != (p.paragraph_count > pcap || p.sentence_count > scap)) abort();
    if (p.sentence_count != q.sentence_count || p.word_count != q.word_count) abort();
    if (p.char_count > size || p.byte_count != size || p.non_empty_line_count > p.line_count) abort();
    if (p.paragraph_count > p.sentence_count || p.line_count > size) abort();
    if ((p.sentence_count == 0) != (p.paragraph_count == 0)) abort();
    if (p.invalid_utf8_bytes + p.nul_bytes > size) abort();
    if (parl_char_count(t, size) != p.char_count) abort();
    for (size_t i = pcap; i < 9; i++) if (pa[i].index != (size_t)0xA5A5A5A5A5A5A5A5ULL) abort();
    for (size_t i = scap; i < 17; i++) if (se[i].off != (size_t)0xA5A5A5A5A5A5A5A5ULL) abort();
    size_t words = 0;
    for (size_t i = 0; i < p.paragraphs_stored; i++) {
        const parl_paragraph *x = &pa[i];
        if (x->index != i + 1 || x->start_line > x->end_line || x->sentence_count == 0) abort();
        if (x->span.off + x->span.len > size || x->preview.len > x->span.len) abort();
        words += x->word_count;
    }
    if (p.paragraphs_stored == p.paragraph_count && words != p.word_count) abort();
    parl_span spans[4] = { p.first_line, p.last_line, p.first_sentence, p.last_sentence };
    for (int i = 0; i < 4; i++)
        if (spans[i].off + spans[i].len > size) abort();
    if (p.first_line.len > 4 * PARL_FIRST_LINE_CHARS || p.first_sentence.len > 4 * PARL_SENTENCE_CHARS)
        abort();
    /* the stored sentences' entries in one run: the bytes of one at a time */
    static char one[17 * 512], run[17 * 512];
    parl_offsets c1 = { 0, 0, 0 }, c2 = { 0, 0, 0 };
    unsigned flags = size > 2 ? (data[2] & 1 ? PARL_JSON_UTF16 : data[2] & 2 ? PARL_JSON_CHARS : 0) : 0;
    size_t n1 = 0;
    for (size_t i = 0; i < p.sentences_stored; i++)
        n1 += parl_profile_sentence_json(t, &se[i], i + 1, &c1, flags, one + n1, sizeof one - n1);
    size_t n2 = parl_profile_sentences_json(t, se, p.sentences_stored, 1, &c2, flags, run, sizeof run);
    if (n1 != n2 || memcmp(one, run, n1) != 0 || memcmp(&c1, &c2, sizeof c1) != 0) abort();
    return 0;
}
