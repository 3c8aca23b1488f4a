/* SPDX-License-Identifier: MIT */
/* json_doc.c: requests, sentences, profiles and answers as JSON (what the
 * CLI prints and the bindings parse), documents laid out in one caller
 * block, and the sizes of the states callers allocate. */
#include <string.h>
#include "json_internal.h"

/* ------------------------------------------------------------------ intents */

/* ,"scope":{"unit":UNIT,"count":N} or {"section":SECTION} (names from
 * grammar/), with "from_end":true for a scope counted from the end. */
static void json_scope(parl__json *j, const parl_region *s)
{
    if (s->section) {
        parl__json_lit(j, ",\"scope\":{\"section\":");
        parl__json_cstr(j, parl_section_name(s->section));
    } else {
        parl__json_lit(j, ",\"scope\":{\"unit\":");
        parl__json_cstr(j, parl_unit_name(s->unit));
        parl__json_lit(j, ",\"count\":");
        parl__json_int(j, s->count);
    }
    if (s->from_end) parl__json_lit(j, ",\"from_end\":true");
    parl__json_lit(j, "}");
}

/* Keys of absent values are left out; a new intent field is one line here. */
void parl__json_intent(parl__json *j, const parl_intent *in, const char *req)
{
    parl__json_lit(j, "{\"mode\":");
    parl__json_cstr(j, parl_mode_name(in->mode));
    if (in->inner) { parl__json_lit(j, ",\"inner\":"); parl__json_cstr(j, parl_mode_name(in->inner)); }
    if (in->unit) { parl__json_lit(j, ",\"unit\":"); parl__json_cstr(j, parl_unit_name(in->unit)); }
    if (in->has_count) { parl__json_lit(j, ",\"count\":"); parl__json_int(j, in->count); }
    if (in->has_start) { parl__json_lit(j, ",\"start\":"); parl__json_int(j, in->start); }
    if (in->has_end && in->end_open) parl__json_lit(j, ",\"end\":null");
    else if (in->has_end) { parl__json_lit(j, ",\"end\":"); parl__json_int(j, in->end); }
    if (in->has_search) {
        parl__json_lit(j, ",\"search\":");
        parl__json_str(j, req + in->search.off, in->search.len);
    }
    if (in->section) {
        parl__json_lit(j, ",\"section\":");
        parl__json_cstr(j, parl_section_name(in->section));
    }
    if (in->scope.unit || in->scope.section) json_scope(j, &in->scope);
    if (in->count_only) parl__json_lit(j, ",\"count_only\":true");
    if (in->nparts) {
        parl__json_lit(j, ",\"parts\":[");
        for (int i = 0; i < in->nparts; i++) {
            parl__json_lit(j, i ? ",{\"count\":" : "{\"count\":");
            parl__json_int(j, in->parts[i]);
            parl__json_lit(j, "}");
        }
        parl__json_lit(j, "]");
    }
    if (in->refusal) {
        parl__json_lit(j, ",\"refused\":");
        parl__json_cstr(j, parl_refusal_name(in->refusal));
        parl__json_lit(j, ",\"phrase\":");
        parl__json_str(j, req + in->refused.off, in->refused.len);
    }
    parl__json_lit(j, "}");
}

size_t parl_intent_json(const parl_intent *in, const char *req, char *out, size_t cap)
{
    parl__json j;
    parl__json_init(&j, out, cap);
    parl__json_intent(&j, in, req);
    return parl__json_end(&j);
}

size_t parl_infer_json(const char *text, size_t len, char *out, size_t cap)
{
    parl_intent in;
    parl_infer(text, len, &in);
    return parl_intent_json(&in, text, out, cap);
}

/* ------------------------------------------------------------------ sentences */


/* The four offsets of [OFF, END): bytes or UTF-16 units as FLAGS ask, then
 * code points. C is moved to OFF (to END with PARL_JSON_CURSOR_END); the end
 * is counted on a copy, so that a retry finds C where it was. The bytes
 * from C's up to ASCII_TO are known to be ASCII (0: none are known). */
static inline void offset_values(const char *win, size_t base, size_t off, size_t end, parl_offsets *c,
                                 unsigned flags, size_t ascii_to, size_t v[4])
{
    parl_offsets e;
    if (c->byte <= off && end <= ascii_to) parl__offsets_ascii(c, &e, off, end);
    else parl__offsets_span(c, &e, win, base, off, end);
    v[0] = parl__offsets_unit(c, flags);
    v[1] = parl__offsets_unit(&e, flags);
    v[2] = c->chars;
    v[3] = e.chars;
    if (flags & PARL_JSON_CURSOR_END) *c = e;
}

/* A sentence's or paragraph's record is keys and numbers of bounded length,
 * written in one go without a room check a piece: straight into OUT when the
 * longest record fits, else into a block copied with the usual checks. Each
 * key is a row stored whole (put_row), the pointer moved by its length; the
 * checked writer spent more on its checks and on reloading its position
 * after every store than on the bytes (half of a profile's JSON). */
typedef struct json_row {
    char s[24];
    unsigned char n;
} json_row;
#define JSON_ROW(lit) { lit, sizeof lit - 1 }
#define JSON_RECORD_MAX (24 * 12 + 20 * 10)   /* rows and numbers of the longest record */
/* A row in one 16-byte store, and a second of 8 bytes for the keys longer
 * than that (paragraphs' ", \"sentenceCount\": "; sentences have none). */
#if defined(__GNUC__) || defined(__clang__)
#define JSON_INLINE __attribute__((always_inline)) inline   /* each caller's rows are constants */
#else
#define JSON_INLINE inline
#endif
static JSON_INLINE char *put_row(char *p, const json_row *r)
{
    memcpy(p, r->s, 16);
    if (r->n > 16) memcpy(p + 16, r->s + 16, 8);
    return p + r->n;
}

/* inline: three callers made gcc call it, 2% more instructions for --jsonl */
static inline char *put_uint(char *p, uint64_t v)
{
#ifdef PARL__JSON_EIGHT_DIGITS
    if (v < 100000000u) return parl__json_put_digits(p, (uint32_t)v);
#endif
    return parl__json_put_uint(p, v);
}

#if defined(PARL__JSON_EIGHT_DIGITS) && defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#define JSON_DIGITS_SSE2 1
/* parl__json_eight_digits of the two numbers in X's 64-bit lanes (each
 * below 2^26, so below 10^8), the same bytes: each split 4+4 (v / 10000 as
 * (v * 0xD1B71759) >> 45, exact below 2^32), the halves split 2+2 (x / 100
 * as (x * 5243) >> 19, in 16-bit lanes), the pairs 1+1 ((x * 103) >> 10,
 * as the high half of x * (103 << 6)). The upper lanes of A and B: the
 * two numbers' pairs of halves, for the last step. */
static inline __m128i halves2(__m128i x)
{
    __m128i q = _mm_srli_epi64(_mm_mul_epu32(x, _mm_set1_epi64x(0xD1B71759)), 45);
    __m128i r = _mm_sub_epi32(x, _mm_mul_epu32(q, _mm_set1_epi64x(10000)));
    return _mm_or_si128(q, _mm_slli_epi64(r, 32));   /* 32-bit lanes: q0 r0 q1 r1 */
}

/* 16-bit lanes below 10^4: two digit pairs as bytes, h | (x - 100 h) << 8
 * written as (x << 8) + h (1 - 25600) modulo 2^16: one multiply (gcc
 * spelled a multiply by 100 out in shifts and adds). */
static inline __m128i pairs4(__m128i x)
{
    __m128i h = _mm_srli_epi16(_mm_mulhi_epu16(x, _mm_set1_epi16(5243)), 3);
    return _mm_add_epi16(_mm_slli_epi16(x, 8), _mm_mullo_epi16(h, _mm_set1_epi16(1 - 25600)));
}

/* 16-bit lanes below 100: two digits as bytes, (x << 8) + h K, K the
 * lanes 1 - 2560 */
static inline __m128i digits2(__m128i x, __m128i k)
{
    __m128i h = _mm_mulhi_epu16(x, _mm_set1_epi16(103 << 6));
    return _mm_add_epi16(_mm_slli_epi16(x, 8), _mm_mullo_epi16(h, k));
}

/* X[i] = parl__json_eight_digits(V[i]) for eight V[i] below 2^26. */
static inline void eight_digits8(const size_t *v, uint64_t *x)
{
    const __m128i zero = _mm_setzero_si128();
    __m128i k10 = _mm_set1_epi16(1 - 2560);
    /* a value gcc cannot see: it spelled the multiply by this one out in
     * four shifts and adds (16 instructions a record) */
    __asm__("" : "+x"(k10));
    for (int k = 0; k < 8; k += 4) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(v + k));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(v + k + 2));
        __m128i p = pairs4(_mm_packs_epi32(halves2(a), halves2(b)));
        _mm_storeu_si128((__m128i *)(void *)(x + k), digits2(_mm_unpacklo_epi8(p, zero), k10));
        _mm_storeu_si128((__m128i *)(void *)(x + k + 2), digits2(_mm_unpackhi_epi8(p, zero), k10));
    }
}
#endif

/* Rows KEYS[i] each followed by V[i], eight of them. Inline, the loops
 * unrolled: each caller's rows are constants. */
static JSON_INLINE char *put_members(char *p, const json_row *keys, const size_t *v)
{
#ifdef JSON_DIGITS_SSE2
    if ((v[0] | v[1] | v[2] | v[3] | v[4] | v[5] | v[6] | v[7]) < (size_t)1 << 26) {
        uint64_t x[8];
        eight_digits8(v, x);
        p = parl__json_put_eight(put_row(p, &keys[0]), x[0]);
        p = parl__json_put_eight(put_row(p, &keys[1]), x[1]);
        p = parl__json_put_eight(put_row(p, &keys[2]), x[2]);
        p = parl__json_put_eight(put_row(p, &keys[3]), x[3]);
        p = parl__json_put_eight(put_row(p, &keys[4]), x[4]);
        p = parl__json_put_eight(put_row(p, &keys[5]), x[5]);
        p = parl__json_put_eight(put_row(p, &keys[6]), x[6]);
        return parl__json_put_eight(put_row(p, &keys[7]), x[7]);
    }
#endif
    for (int i = 0; i < 8; i++) p = put_uint(put_row(p, &keys[i]), v[i]);
    return p;
}

/* The sentence kinds as JSON strings with what follows them in a record:
 * the names need no escaping, so each is a row. */
static const json_row kinds_line[] = { JSON_ROW("\"text\","), JSON_ROW("\"heading\","),
                                       JSON_ROW("\"item\","), JSON_ROW("\"quote\","),
                                       JSON_ROW("\"code\",") };
static const json_row kinds_profile[] = { JSON_ROW("\"text\"}"), JSON_ROW("\"heading\"}"),
                                          JSON_ROW("\"item\"}"), JSON_ROW("\"quote\"}"),
                                          JSON_ROW("\"code\"}") };

static const json_row *kind_row(const json_row *rows, parl_sentence_kind k)
{
    return &rows[(unsigned)k < 5 ? k : 0];
}

/* Where a record is built: OUT at its position when there is room for the
 * longest, else BLOCK (finished by record_done). */
static char *record_start(parl__json *j, char *block)
{
    return j->n <= j->cap && j->cap - j->n >= JSON_RECORD_MAX ? j->out + j->n : block;
}

static void record_done(parl__json *j, char *block, char *start, char *end)
{
    if (start == block) parl__json_raw(j, block, (size_t)(end - block));
    else j->n += (size_t)(end - start);
}

static JSON_INLINE void json_sentence_line(parl__json *j, const char *win, size_t base, const parl_sentence *s,
                               size_t index, parl_offsets *c, unsigned flags, size_t ascii_to)
{
    static const json_row keys[] = { JSON_ROW("{\"index\":"), JSON_ROW(",\"start\":"),
                                     JSON_ROW(",\"end\":"), JSON_ROW(",\"charStart\":"),
                                     JSON_ROW(",\"charEnd\":"), JSON_ROW(",\"line\":"),
                                     JSON_ROW(",\"endLine\":"), JSON_ROW(",\"paragraph\":"),
                                     JSON_ROW(",\"kind\":") };
    size_t v[8] = { index };
    offset_values(win, base, s->off, s->off + s->len, c, flags, ascii_to, v + 1);
    v[5] = s->line;
    v[6] = s->end_line;
    v[7] = s->para;
    char block[JSON_RECORD_MAX], *start = record_start(j, block);
    static const json_row text = JSON_ROW("\"text\":");
    char *p = put_row(put_members(start, keys, v), &keys[8]);
    p = put_row(put_row(p, kind_row(kinds_line, s->kind)), &text);
    record_done(j, block, start, p);
    /* parl__json_str's open, part and close, the close joined with the
     * brace when no cut sequence is left to settle */
    parl__json_open(j);
    parl__json_part(j, win + (s->off - base), s->len);
    if (j->npend) {
        parl__json_close(j);
        parl__json_lit(j, "}");
    } else parl__json_lit(j, "\"}");
}

size_t parl__sentence_json(const char *win, size_t base, const parl_sentence *s, size_t index,
                           parl_offsets *c, unsigned flags, size_t ascii_to, char *out, size_t cap)
{
    parl__json j;
    parl__json_init(&j, out, cap);
    json_sentence_line(&j, win, base, s, index, c, flags, ascii_to);
    return parl__json_end(&j);
}

size_t parl_sentence_json(const char *win, size_t base, const parl_sentence *s, size_t index,
                          parl_offsets *c, unsigned flags, char *out, size_t cap)
{
    return parl__sentence_json(win, base, s, index, c, flags, 0, out, cap);
}

size_t parl_split_json(const char *text, size_t len, unsigned flags, char *out, size_t cap)
{
    parl__json j;
    parl_splitter it;
    parl_sentence s;
    parl_offsets c = { 0, 0, 0 };
    size_t index = 0;
    parl__json_init(&j, out, cap);
    if (!text) { text = ""; len = 0; }
    parl_split_init(&it, text, len, 0);
    flags |= PARL_JSON_CURSOR_END;   /* a cursor of this call's own */
    parl__json_lit(&j, "[");
    size_t ascii_to = 0;
    while (parl_split_next(&it, &s)) {
        if (index) parl__json_lit(&j, ",");
        if (s.off + s.len > ascii_to)   /* the text looked at a stretch at a time */
            ascii_to = parl__ascii_ahead(text, 0, c.byte, s.off + s.len, len);
        json_sentence_line(&j, text, 0, &s, ++index, &c, flags, ascii_to);
    }
    parl__json_lit(&j, "]");
    return parl__json_end(&j);
}

/* ------------------------------------------------------------------ documents */

/* The arrays follow the struct, whose alignment covers theirs. Each
 * sentence is in one paragraph, so room for as many paragraphs as sentences
 * always suffices and the block is filled in one pass. */
#define DOC_ALIGN _Alignof(parl_doc)
#define DOC_PER_SENTENCE (sizeof(parl_paragraph) + sizeof(parl_sentence))

size_t parl_doc_size(const char *text, size_t len)
{
    parl_profile p;
    parl_analyze(text, len, NULL, &p, NULL, 0, NULL, 0);
    return DOC_ALIGN - 1 + sizeof(parl_doc) + (p.sentence_count + 1) * DOC_PER_SENTENCE;
}

parl_doc *parl_doc_init(void *mem, size_t size, const char *text, size_t len, const char *analyzed_at)
{
    size_t pad = (DOC_ALIGN - (size_t)((uintptr_t)mem % DOC_ALIGN)) % DOC_ALIGN;
    if (!mem || size < pad + sizeof(parl_doc)) return NULL;
    parl_doc *d = (parl_doc *)(void *)((char *)mem + pad);
    size_t n = (size - pad - sizeof(parl_doc)) / DOC_PER_SENTENCE;
    parl_paragraph *pa = (parl_paragraph *)(void *)(d + 1);
    parl_sentence *se = (parl_sentence *)(void *)(pa + n);
    d->text = text ? text : "";
    d->len = text ? len : 0;
    if (parl_analyze(d->text, d->len, analyzed_at, &d->p, pa, n, se, n)) return NULL;
    d->paras = pa;
    d->sents = se;
    return d;
}

/* ---- profile */

static void json_key(parl__json *j, const char *key)
{
    parl__json_lit(j, ",\n  \"");
    parl__json_lit(j, key);
    parl__json_lit(j, "\": ");
}

static void json_count(parl__json *j, const char *key, size_t v)
{
    json_key(j, key);
    parl__json_uint(j, v);
}

static void json_span(parl__json *j, const char *key, const char *text, parl_span sp)
{
    json_key(j, key);
    parl__json_str(j, text + sp.off, sp.len);
}

/* How an entry of the profile's lists opens: the first, and the others. */
static const json_row entry_open[2] = { JSON_ROW("\n    {\"index\": "), JSON_ROW(",\n    {\"index\": ") };

/* The N-th entry (1-based) of the list of paragraphs. */
static void json_paragraph(parl__json *j, const char *text, const parl_paragraph *q, size_t n,
                           parl_offsets *c, unsigned flags)
{
    static const json_row keys[] = { JSON_ROW(", \"startLine\": "), JSON_ROW(", \"endLine\": "),
                                     JSON_ROW(", \"sentenceCount\": "), JSON_ROW(", \"wordCount\": "),
                                     JSON_ROW(", \"start\": "), JSON_ROW(", \"end\": "),
                                     JSON_ROW(", \"charStart\": "), JSON_ROW(", \"charEnd\": "),
                                     JSON_ROW(", \"preview\": ") };
    size_t v[8] = { q->start_line, q->end_line, q->sentence_count, q->word_count };
    offset_values(text, 0, q->span.off, q->span.off + q->span.len, c, flags, 0, v + 4);
    char block[JSON_RECORD_MAX], *start = record_start(j, block);
    char *p = put_uint(put_row(start, &entry_open[n > 1]), q->index);
    p = put_row(put_members(p, keys, v), &keys[8]);
    record_done(j, block, start, p);
    parl__json_str(j, text + q->preview.off, q->preview.len);
    parl__json_lit(j, "}");
}

/* The N-th entry (1-based) of the list of sentences; ASCII_TO as for
 * offset_values. */
static JSON_INLINE void json_sentence(parl__json *j, const char *text, const parl_sentence *s, size_t n,
                                 parl_offsets *c, unsigned flags, size_t ascii_to)
{
    static const json_row keys[] = { JSON_ROW(", \"paragraph\": "), JSON_ROW(", \"line\": "),
                                     JSON_ROW(", \"endLine\": "), JSON_ROW(", \"start\": "),
                                     JSON_ROW(", \"end\": "), JSON_ROW(", \"charStart\": "),
                                     JSON_ROW(", \"charEnd\": "), JSON_ROW(", \"words\": "),
                                     JSON_ROW(", \"kind\": ") };
    size_t v[8] = { s->para, s->line, s->end_line };
    offset_values(text, 0, s->off, s->off + s->len, c, flags, ascii_to, v + 3);
    v[7] = s->words;
    char block[JSON_RECORD_MAX], *start = record_start(j, block);
    char *p = put_uint(put_row(start, &entry_open[n > 1]), n);
    p = put_row(put_row(put_members(p, keys, v), &keys[8]),
                kind_row(kinds_profile, s->kind));
    record_done(j, block, start, p);
}

/* The COUNT entries at S, the first the N-th, SENT_RUN at a time: the
 * bytes from the cursor to the end of a run's last sentence looked at once
 * (a profile's text is mostly ASCII), each sentence's offsets then counted
 * without a look of its own (a call and a pass each, a quarter of an
 * entry). */
#define SENT_RUN 64
static void json_sentences(parl__json *j, const char *text, const parl_sentence *s, size_t count, size_t n,
                           parl_offsets *c, unsigned flags)
{
    for (size_t i = 0; i < count;) {
        size_t k = count - i < SENT_RUN ? count - i : SENT_RUN, end = s[i + k - 1].off + s[i + k - 1].len;
        size_t to = c->byte < end ? parl__ascii_end(text, 0, c->byte, end) : 0;
        for (k += i; i < k; i++) json_sentence(j, text, &s[i], n + i, c, flags, to);
    }
}

static void json_flag(parl__json *j, const char *key, bool v)
{
    json_key(j, key);
    parl__json_bool(j, v);
}

/* The counts, up to the opening of the paragraphs' list. */
static void json_profile_head(parl__json *j, const parl_profile *p)
{
    parl__json_lit(j, "{\n  \"charCount\": ");
    parl__json_uint(j, p->char_count);
    json_count(j, "wordCount", p->word_count);
    json_count(j, "lineCount", p->line_count);
    json_count(j, "nonEmptyLineCount", p->non_empty_line_count);
    json_count(j, "paragraphCount", p->paragraph_count);
    json_count(j, "sentenceCount", p->sentence_count);
    parl__json_lit(j, ",\n  \"paragraphs\": [");
}

/* From the close of the paragraphs' list (NPARA entries) to the opening of
 * the sentences' list, or to the end without sentences. */
static void json_profile_middle(parl__json *j, const char *text, const parl_profile *p,
                                size_t npara, unsigned flags)
{
    parl__json_lit(j, npara ? "\n  ]" : "]");
    json_span(j, "firstLine", text, p->first_line);
    json_span(j, "lastLine", text, p->last_line);
    json_span(j, "firstSentence", text, p->first_sentence);
    json_span(j, "lastSentence", text, p->last_sentence);
    json_flag(j, "hasHeadings", p->has_headings);
    json_flag(j, "hasCodeBlocks", p->has_code_blocks);
    json_flag(j, "hasList", p->has_list);
    json_flag(j, "hasBlockQuotes", p->has_block_quotes);
    json_key(j, "language");
    parl__json_cstr(j, p->language);
    json_count(j, "profileVersion", (size_t)p->profile_version);
    json_key(j, "analyzedAt");
    parl__json_cstr(j, p->analyzed_at);
    json_key(j, "avgWordsPerSentence");
    parl__json_fixed2(j, p->avg_words_per_sentence);
    json_key(j, "avgSentencesPerParagraph");
    parl__json_fixed2(j, p->avg_sentences_per_paragraph);
    json_count(j, "byteCount", p->byte_count);
    json_count(j, "invalidUtf8Bytes", p->invalid_utf8_bytes);
    json_count(j, "nulBytes", p->nul_bytes);
    if (flags & PARL_JSON_NO_SENTENCES) parl__json_lit(j, "\n}\n");
    else parl__json_lit(j, ",\n  \"sentences\": [");
}

/* The close of the sentences' list (NSENT entries) and of the profile. */
static void json_profile_tail(parl__json *j, size_t nsent)
{
    parl__json_lit(j, nsent ? "\n  ]\n}\n" : "]\n}\n");
}

/* The seed's camelCase profile, one key a line. */
size_t parl_analyze_json(const parl_doc *d, unsigned flags, char *out, size_t cap)
{
    const parl_profile *p = &d->p;
    parl__json j;
    parl_offsets c = { 0, 0, 0 };
    parl__json_init(&j, out, cap);
    flags |= PARL_JSON_CURSOR_END;   /* cursors of this call's own */
    if (!d->sents) flags |= PARL_JSON_NO_SENTENCES;
    json_profile_head(&j, p);
    for (size_t i = 0; i < p->paragraphs_stored; i++)
        json_paragraph(&j, d->text, &d->paras[i], i + 1, &c, flags);
    json_profile_middle(&j, d->text, p, p->paragraphs_stored, flags);
    if (flags & PARL_JSON_NO_SENTENCES) return parl__json_end(&j);
    c = (parl_offsets){ 0, 0, 0 };
    json_sentences(&j, d->text, d->sents, p->sentences_stored, 1, &c, flags);
    json_profile_tail(&j, p->sentences_stored);
    return parl__json_end(&j);
}

size_t parl_profile_json_part(const char *text, const parl_profile *p, int part, size_t entries,
                              unsigned flags, char *out, size_t cap)
{
    parl__json j;
    parl__json_init(&j, out, cap);
    if (part == PARL_PROFILE_JSON_HEAD) json_profile_head(&j, p);
    else if (part == PARL_PROFILE_JSON_MIDDLE) json_profile_middle(&j, text, p, entries, flags);
    else json_profile_tail(&j, entries);
    return parl__json_end(&j);
}

size_t parl_profile_paragraph_json(const char *text, const parl_paragraph *q, size_t n,
                                   parl_offsets *c, unsigned flags, char *out, size_t cap)
{
    parl__json j;
    parl__json_init(&j, out, cap);
    json_paragraph(&j, text, q, n, c, flags);
    return parl__json_end(&j);
}

size_t parl_profile_sentence_json(const char *text, const parl_sentence *s, size_t n,
                                  parl_offsets *c, unsigned flags, char *out, size_t cap)
{
    parl__json j;
    parl__json_init(&j, out, cap);
    json_sentence(&j, text, s, n, c, flags, 0);
    return parl__json_end(&j);
}

size_t parl_profile_sentences_json(const char *text, const parl_sentence *s, size_t count, size_t n,
                                   parl_offsets *c, unsigned flags, char *out, size_t cap)
{
    parl__json j;
    parl__json_init(&j, out, cap);
    json_sentences(&j, text, s, count, n, c, flags);
    return parl__json_end(&j);
}

/* ---- answers: two runs of the answer, one writing its text into the
 * JSON string, the other its quotes into the span list. */
size_t parl_answer_json(const parl_doc *d, const char *req, size_t req_len, unsigned flags, char *out,
                        size_t cap)
{
    parl_intent in;
    parl__json j;
    if (!req) { req = ""; req_len = 0; }
    parl_infer(req, req_len, &in);
    parl__json_init(&j, out, cap);
    parl__json_lit(&j, "{\"intent\":");
    parl__json_intent(&j, &in, req);
    parl__json_lit(&j, ",\"answer\":");
    parl__json_open(&j);
    parl__answer_json(d, &in, req, req_len, flags, &j, NULL);
    parl__json_close(&j);
    parl__json_lit(&j, ",\"spans\":[");
    parl__answer_json(d, &in, req, req_len, flags, NULL, &j);
    parl__json_lit(&j, "]}");
    return parl__json_end(&j);
}

/* ------------------------------------------------------------------ sizes */
size_t parl_intent_size(void) { return sizeof(parl_intent); }
size_t parl_splitter_size(void) { return sizeof(parl_splitter); }
size_t parl_heading_iter_size(void) { return sizeof(parl_heading_iter); }
size_t parl_patch_iter_size(void) { return sizeof(parl_patch_iter); }
size_t parl_dialect_result_size(void) { return sizeof(parl_dialect_result); }
size_t parl_dialect_config_size(void) { return sizeof(parl_dialect_config); }
