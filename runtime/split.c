/* SPDX-License-Identifier: MIT */
/* split.c: sentence boundaries over the caller's text.
 *
 * The generated scanner (gen/sentence_lex.c) runs through ordinary text in
 * its DFA and stops only at line breaks, terminators (. ! ? U+2026), quotes,
 * parentheses and bullets. At each stop the rules below decide, looking a
 * bounded distance around the token, whether a sentence ends. The
 * vocabulary (abbreviations, sentence starters, bullets) comes from
 * grammar/abbreviations.yaml through the generated functions.
 *
 * A boundary is a position B: the current sentence is the text between the
 * previous boundary and B with its outer white space removed. Every lookahead
 * is bounded (LOOKAHEAD), so when a document is fed in windows
 * (PARL_SPLIT_MORE) decisions near the end of a window wait for more input
 * and never depend on where the window ends. */
#include "split_internal.h"   /* and parlance.h */
#include "sentence_rules.h"
#include "sentence_vocab.h"   /* parl__sl_maybe_abbr */
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define SPLIT_SSE2 1
#endif
/* SL_HOT: the few helpers of the commonest path, which gcc would otherwise
 * call (a call there costs a fifth of the helper); SL_COLD: the rarer paths
 * beside it, which inlined there would cost it registers to save. */
#if defined(__GNUC__) || defined(__clang__)
#define SL_HOT inline __attribute__((always_inline))
#define SL_COLD __attribute__((noinline))
#else
#define SL_HOT inline
#define SL_COLD
#endif

/* SL_SWAR: eight bytes in a 64-bit word, the first in the low byte. */
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
    UINTPTR_MAX > 0xFFFFFFFFu
#define SL_SWAR 1
#ifndef SPLIT_SSE2   /* plain_stop's blanks take sixteen bytes with SSE2 */
/* The high bit of each byte of W that is zero, exactly (no borrow between bytes). */
static inline uint64_t sl_zero_bytes(uint64_t w)
{
    return ~(((w & 0x7F7F7F7F7F7F7F7Full) + 0x7F7F7F7F7F7F7F7Full) | w) & 0x8080808080808080ull;
}
#endif
#else
#define SL_SWAR 0
#endif

#define LOOKAHEAD 256     /* blanks skipped when looking for the next word */
#define TOKEN_MAX 64      /* bytes looked back for the word before a period */
#define QUOTE_SPAN 1500   /* an open quote protects at most this many bytes... */
#define PAREN_SPAN 600    /* ...and an open parenthesis this many */
#define FORCE_BACK 256    /* how far a forced cut looks back for a blank */
#define NAME_BACK 40      /* bytes looked back for a name with "!" or a closing */

typedef parl_split_state state;

/* ---------------------------------------------------------------- bytes */

static size_t wend(const parl_splitter *it) { return it->base + it->len; }

static int byte_at(const parl_splitter *it, size_t p)
{
    size_t i = p - it->base;   /* wraps above len when P lies before the window */
    return i < it->len ? it->text[i] : -1;
}

/* One shift and test: it runs for nearly every byte looked at around a stop.
 * Bits 9-13 are \t \n \v \f \r, bit 32 the space; -1 (no byte) is none. */
static int is_blank_byte(int c)
{
    return ((unsigned)c <= ' ') & (int)((0x100003E00ull >> (c & 63)) & 1);   /* no branch of its own */
}

/* Start of the run of non-blank bytes that ends at P, not below LO nor
 * below the window. The loop's exit, after a word's length, is a
 * mispredicted branch per call: with SSE2 the last blank among sixteen
 * bytes is found at once. */
static inline size_t word_start(const parl_splitter *it, size_t lo, size_t p)
{
    if (p <= lo) return p;   /* also when LO wrapped below 0 */
    /* A token before the sentence's start (a window fed again behind a
     * boundary) can put LO before the window, whose bytes are the caller's
     * memory, which the loop would read. */
    if (lo < it->base) lo = it->base;
#ifdef SPLIT_SSE2
    if (p - it->base >= 16) {
        const unsigned char *q = it->text + (p - 16 - it->base);
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)q);
        __m128i b = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),   /* and 9-13: */
                                 _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8((char)0x77)),
                                                _mm_set1_epi8((char)0x85)));
        unsigned m = (unsigned)_mm_movemask_epi8(b);   /* bit i: the byte at p - 16 + i */
        if (m) {   /* after the last blank, or LO when it lies before LO */
            size_t q = p - 16 + (size_t)(32 - __builtin_clz(m));
            return q > lo ? q : lo;
        }
        if (p - lo <= 16) return lo;
        p -= 16;
    }
#endif
    while (p > lo && !is_blank_byte(it->text[p - 1 - it->base])) p--;
    return p;
}

/* Class of the character at P (see split_internal.h), *LEN its length. */
static inline int cls(const parl_splitter *it, size_t p, size_t *len)
{
    size_t e = wend(it);
    if (p < e) {
        unsigned c = it->text[p - it->base];
        if (c < 0x80) {
            *len = c == '\r' && p + 1 < e && it->text[p + 1 - it->base] == '\n' ? 2 : 1;
            return parl__sl_ascii[c];
        }
    }
    return parl__sl_class(it->text + (p - it->base), p < e ? e - p : 0, len);
}

static int is_space_at(const parl_splitter *it, size_t p, size_t *len)
{
    int c = cls(it, p, len);
    return c == PARL__C_SPACE || c == PARL__C_EOL;
}

/* Whether the byte at P of T (a window at offset 0 of the document, its end
 * at E) is a line break: LF, or CR not followed by LF. */
static int eol_at(const unsigned char *t, size_t p, size_t e)
{
    return t[p] == '\n' || (t[p] == '\r' && !(p + 1 < e && t[p + 1] == '\n'));
}

/* skip_blank from a byte that is no ASCII blank on: the unicode spaces,
 * rare, out of the inlined loop, whose registers their call would take. */
static size_t skip_unicode_blank(const parl_splitter *it, size_t p, size_t lim, size_t *eols)
{
    const unsigned char *t = it->text - it->base;   /* t[p]: the byte at offset p */
    size_t n, e = wend(it);
    while (p < lim) {
        if (is_blank_byte(t[p])) { *eols += (size_t)eol_at(t, p, e); p++; }
        else if (t[p] < 0x80 || !is_space_at(it, p, &n)) break;
        else p += n;
    }
    return p < lim ? p : lim;
}

/* The ASCII blanks for the loops that count line breaks as they pass
 * them: 2 a line feed, 3 a carriage return (a line break unless a line feed
 * follows), 1 the others, 0 no blank. One look-up decides both. */
static const unsigned char sl_blank_kind[256] = {
    [' '] = 1, ['\t'] = 1, ['\v'] = 1, ['\f'] = 1, ['\n'] = 2, ['\r'] = 3
};

/* First non-blank position in [P, LIM), or LIM; *EOLS gets the line breaks
 * passed (emit needs them, and a second loop over the bytes cost more).
 * Between sentences there are one to three ASCII blanks: they have a loop
 * of their own over a local window pointer, which adds each blank's
 * kind / 2 and takes the CR of a CRLF back in a branch that text with LF
 * line breaks never takes. */
static inline size_t skip_blank(const parl_splitter *it, size_t p, size_t lim, size_t *eols)
{
    const unsigned char *t = it->text - it->base;   /* t[p]: the byte at offset p */
    size_t k = 0, e = wend(it);
    for (unsigned c; p < lim && (c = sl_blank_kind[t[p]]) != 0; p++) {
        k += c >> 1;
        if (c == 3 && p + 1 < e && t[p + 1] == '\n') k--;
    }
    if (p < lim && t[p] >= 0x80) p = skip_unicode_blank(it, p, lim, &k);
    *eols = k;
    return p;
}

/* First position in [P, LIM) that is not a blank of this line (line breaks
 * stop it: each line's start looks at its own blanks only, so a run of
 * blank lines costs time in proportion to its length). */
static size_t skip_line_blank(const parl_splitter *it, size_t p, size_t lim)
{
    size_t n;
    while (p < lim) {
        int c = it->text[p - it->base];
        if (c == ' ' || c == '\t' || c == '\v' || c == '\f') p++;
        else if (c < 0x80 || cls(it, p, &n) != PARL__C_SPACE) break;
        else p += n;
    }
    return p;
}

/* trim_back over blanks before P. */
static size_t trim_blank_back(const parl_splitter *it, size_t lo, size_t p, size_t *eols)
{
    const unsigned char *t = it->text - it->base;   /* t[p]: the byte at offset p */
    size_t k = 0, e = wend(it);
    for (;;) {
        while (p > lo && is_blank_byte(t[p - 1])) p--, k += (size_t)eol_at(t, p, e);
        if (p <= lo || t[p - 1] < 0x80) break;
        size_t q = p - 1, n;   /* find the start of the multi-byte character */
        while (q > lo && p - q < 4 && (t[q] & 0xC0) == 0x80) q--;
        if (is_space_at(it, q, &n) && q + n == p) p = q;
        else break;
    }
    *eols = k;
    return p;
}

/* Last position Q in [LO, P] such that [Q, P) is blank; *EOLS gets the
 * line breaks in it. A sentence mostly ends at its stop, no blank. */
static inline size_t trim_back(const parl_splitter *it, size_t lo, size_t p, size_t *eols)
{
    if (p > lo) {
        int c = it->text[p - 1 - it->base];
        if (c < 0x80 && !is_blank_byte(c)) { *eols = 0; return p; }
    }
    return trim_blank_back(it, lo, p, eols);
}

/* Line breaks in [A, B): LF, and CR not followed by LF. */
static size_t count_eols(const parl_splitter *it, size_t a, size_t b)
{
    const unsigned char *t = it->text - it->base;   /* t[p]: the byte at offset p */
    size_t n = 0, e = wend(it);
    for (size_t p = a; p < b; p++)
        if (t[p] <= '\r' && (t[p] == '\n' || (t[p] == '\r' && !(p + 1 < e && t[p + 1] == '\n'))))
            n++;
    return n;
}

/* Line number at position P, from the scanner's line at its position. */
static size_t split_line_at(const parl_splitter *it, size_t p)
{
    const state *s = &it->s;
    return p <= s->sc.pos ? s->line - count_eols(it, p, s->sc.pos)
                          : s->line + count_eols(it, s->sc.pos, p);
}

/* Word starts in [A, B) (for the rare boundary placed behind the scanner). */
static size_t split_count_words(const parl_splitter *it, size_t a, size_t b)
{
    size_t n = 0;
    int sp = a == 0 || is_blank_byte(byte_at(it, a - 1));
    for (size_t p = a; p < b; p++) {
        int bl = is_blank_byte(it->text[p - it->base]);
        n += sp && !bl;
        sp = bl;
    }
    return n;
}

/* ---------------------------------------------------------------- emission */

static void save(parl_splitter *it)
{
    if (it->flags & PARL_SPLIT_MORE) it->saved = it->s;
}

/* *OUT: the sentence [START, END) on lines LINE to END_LINE, the words
 * before its end WORDS (emit and emit_at_stop). */
static SL_HOT void sentence_out(state *s, parl_sentence *out, size_t start, size_t end, size_t line,
                                size_t end_line, size_t words)
{
    out->off = start;
    out->len = end - start;
    out->line = line;
    out->end_line = end_line;
    s->para += s->para_break;   /* 1 before the first sentence too (parl_split_init) */
    s->para_break = 0;
    out->para = s->para;
    out->words = words - s->bnd_words;
    out->kind = (parl_sentence_kind)s->kind;
}

/* The next sentence starts at B (on LINE, WORDS before it): a fresh state,
 * the one a window restarts from. */
static SL_HOT void sentence_done(parl_splitter *it, size_t b, size_t line, size_t words)
{
    state *s = &it->s;
    s->bnd = b;
    s->bnd_line = line;
    s->bnd_words = words;
    s->first = SIZE_MAX;
    s->kind = PARL_SENT_TEXT;
    s->dq = 0;
    s->paren = 0;
    save(it);
}

/* Puts a boundary at B. ADJ words of the scanner's count lie after B. If the
 * sentence before B is not blank, fills *OUT and returns 1. A boundary
 * ahead of the scanner (after emoticons that stay with their stop) takes
 * the words up to it, which the scanner counts again when it gets there:
 * they were the next sentence's, or nobody's at the end of the text. */
static int emit(parl_splitter *it, size_t b, size_t adj, parl_sentence *out)
{
    state *s = &it->s;
    size_t lead, trail;
    size_t counted = s->sc.words;   /* the words before B (all 0 without PARL_SPLIT_COUNT) */
    if (b > s->sc.pos && (it->flags & PARL_SPLIT_COUNT)) counted += split_count_words(it, s->sc.pos, b);
    size_t start = s->first, line = s->bnd_line;   /* known: bnd_line is its line */
    if (start >= b) {
        start = skip_blank(it, s->bnd, b, &lead);
        line += lead;
    }
    size_t lb = b == s->sc.pos ? s->line : split_line_at(it, b);   /* mostly there */
    int found = start < b;
    if (found) {
        size_t end = trim_back(it, start, b, &trail);
        sentence_out(s, out, start, end, line, lb - trail, counted - adj);   /* ADJ: 0 too without counting */
    }
    sentence_done(it, b, lb, counted - adj);
    return found;
}

/* emit() for a boundary B just after a stop that the scanner has just
 * passed, and the closing quotes and brackets after it (absorb_closers):
 * no word starts in those, no line break either, so the words before B and
 * its line are the scanner's, and the sentence ends at B, no blank to trim. */
static SL_HOT int emit_at_stop(parl_splitter *it, size_t b, parl_sentence *out)
{
    state *s = &it->s;
    size_t lead, start = s->first, line = s->bnd_line;
    if (start >= b) {
        start = skip_blank(it, s->bnd, b, &lead);
        line += lead;
    }
    int found = start < b;
    if (found) sentence_out(s, out, start, b, line, s->line, s->sc.words);
    sentence_done(it, b, s->line, s->sc.words);
    return found;
}

/* A boundary before a list item: the next sentence is an item. */
static int emit_item(parl_splitter *it, size_t b, size_t adj, parl_sentence *out)
{
    int r = emit(it, b, adj, out);
    it->s.kind = PARL_SENT_ITEM;
    save(it);
    return r;
}

/* First non-blank byte of the current sentence. It is cached in s->first,
 * and s->bnd_line is then its line (emit needs no second look at the
 * blanks before it). */
static size_t sentence_first(parl_splitter *it, size_t upto)
{
    state *s = &it->s;
    if (s->first == SIZE_MAX || s->first > upto) {
        size_t eols, f = skip_blank(it, s->bnd, upto, &eols);
        if (f < upto) {   /* then the cache was empty: the first byte lies after UPTO */
            s->first = f;
            s->bnd_line += eols;
        }
        return f;
    }
    return s->first;
}

/* Does the token at TS begin the sentence, bullets and list markers aside? */
static int at_sentence_start(parl_splitter *it, size_t ts)
{
    size_t p = sentence_first(it, ts), n;
    if (ts - p > 8) return 0;
    while (p < ts) {
        int c = byte_at(it, p);
        if (c == '-' || c == '*' || c == '+' || is_blank_byte(c)) { p++; continue; }
        int k = cls(it, p, &n);
        if (k != PARL__C_BULLET && k != PARL__C_SPACE) return 0;
        p += n;
    }
    return 1;
}

static int in_quote(const state *s, size_t p) { return s->dq && p - s->dq_at < QUOTE_SPAN; }
static int in_paren(const state *s, size_t p) { return s->paren && p - s->paren_at < PAREN_SPAN; }
static int is_protected(const state *s, size_t p) { return in_quote(s, p) || in_paren(s, p); }

static int sl_is_lower(int c) { return c >= 'a' && c <= 'z'; }
static int sl_is_upper(int c) { return c >= 'A' && c <= 'Z'; }
static int sl_is_letter(int c) { return (unsigned)(c | 0x20) - 'a' < 26; }   /* one test, c = -1 too */
static int sl_is_digit(int c) { return c >= '0' && c <= '9'; }

/* Sets of a few ASCII punctuation marks, as bit masks of the characters
 * 0-63 and 64-127: a set test is one bit test, where a loop over the set's
 * characters ended in a mispredicted branch. SL_SET takes up to twelve
 * characters (-1 for none). */
typedef struct { uint64_t m[2]; } sl_set;
#define SL_HALF(c, h) ((c) >= 64 * (h) && (c) < 64 * (h) + 64 ? (uint64_t)1 << ((c) & 63) : 0)
#define SL_SET_H(h, a, b, c, d, e, f, g, i, j, k, l, m) \
    (SL_HALF(a, h) | SL_HALF(b, h) | SL_HALF(c, h) | SL_HALF(d, h) | SL_HALF(e, h) | SL_HALF(f, h) | \
     SL_HALF(g, h) | SL_HALF(i, h) | SL_HALF(j, h) | SL_HALF(k, h) | SL_HALF(l, h) | SL_HALF(m, h))
#define SL_SET(...) { { SL_SET_H(0, __VA_ARGS__), SL_SET_H(1, __VA_ARGS__) } }
static const sl_set sl_marks = SL_SET('?', '!', ',', ';', ':', -1, -1, -1, -1, -1, -1, -1);
static const sl_set sl_spaced = SL_SET('>', '.', '?', '!', ',', ';', ':', -1, -1, -1, -1, -1);   /* sl_marks, '>', '.' */
static const sl_set sl_pauses = SL_SET(',', ';', ':', -1, -1, -1, -1, -1, -1, -1, -1, -1);
static const sl_set sl_openers = SL_SET('(', '<', '[', '"', '\'', -1, -1, -1, -1, -1, -1, -1);
static const sl_set sl_trailing = SL_SET('.', ',', ';', ':', '!', '?', ')', ']', '}', '>', '"', '\'');
static const sl_set sl_stops = SL_SET('.', '!', '?', ',', ';', ':', -1, -1, -1, -1, -1, -1);
static const sl_set sl_before_word = SL_SET('(', '"', -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
static const sl_set sl_after_word = SL_SET(',', ';', ':', '!', '?', ')', '"', -1, -1, -1, -1, -1);
/* a quote after these (the blanks of is_blank_byte, and opening brackets) opens */
static const sl_set sl_before_quote = SL_SET(' ', '\t', '\n', '\v', '\f', '\r', '(', '[', '{', -1, -1, -1);

/* Is C (a byte or -1) in SET? */
static int sl_one_of(const sl_set *set, int c)
{
    unsigned u = (unsigned)c;
    return u < 128 && ((set->m[u >> 6] >> (u & 63)) & 1);
}

/* ---------------------------------------------------------------- looking around */

/* absorb_closers from the closer at P on. */
static size_t absorb_closer_run(parl_splitter *it, size_t p)
{
    state *s = &it->s;
    size_t n;
    for (int i = 0; i < 16 && p < wend(it); i++) {
        int c = it->text[p - it->base], k;
        if (c < 0x80) { k = parl__sl_ascii[c]; n = 1; }   /* a CR (CRLF: 2) is no closer */
        else k = cls(it, p, &n);
        if (k == PARL__C_CLOSER) {
            if (c == ')' && s->paren) s->paren--;
            if (c >= 0x80) s->dq = 0;          /* U+201D, U+00BB; U+2019 is harmless */
        } else if (k == PARL__C_EITHER) {
            if (c == '"') s->dq = 0;
        } else {
            break;
        }
        p += n;
    }
    return p;
}

/* Consumes closing quotes and brackets after a terminator, updating the
 * quote and parenthesis state; returns the position after them. */
static inline size_t absorb_closers(parl_splitter *it, size_t p)
{
    /* nearly every stop is followed by a blank: one table look-up */
    if (p < wend(it)) {
        int c = it->text[p - it->base];
        if (c < 0x80 && parl__sl_ascii[c] != PARL__C_CLOSER && parl__sl_ascii[c] != PARL__C_EITHER)
            return p;
    }
    return absorb_closer_run(it, p);
}

typedef struct {
    int cls;       /* PARL__C_*, END also for a blank line */
    const unsigned char *at;   /* a capitalised word: its first letter (see starter()) */
    int initial;   /* the next word is a capital initial ("R." in J. R. Hale) */
    int caps;      /* it starts with two capitals (EST, THE) */
    int url;       /* it is a web address */
    int mark;      /* it is a mark: one of ? ! , ; : ("? ? ?", ", 2000"), else 0 */
    size_t len;    /* letters in a capitalised word */
} next_word;

/* Is the next word W a sentence starter? Asked only by the few rules that
 * need it (after an abbreviation, an initial, a name with "!"): most
 * sentences end after an ordinary word, and looking it up for every one of
 * them cost more than a tenth of look_next. */
static int starter(const next_word *w)
{
    return w->len > 0 && parl__sl_starter(w->at, w->len);
}

/* ASCII letters at the start of S[0..N), at most 32. With SSE2 the first
 * sixteen bytes are tested at once: the loop's exit, after a word's length,
 * would be a mispredicted branch. */
static size_t sl_letters(const unsigned char *s, size_t n)
{
    size_t q = 0;
#ifdef SPLIT_SSE2
    if (n >= 16) {
        __m128i v = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)s),
                                 _mm_set1_epi8(0x20));   /* a-z: the letters, case folded */
        __m128i l = _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8((char)(0x80 - 'a'))),
                                   _mm_set1_epi8((char)(0x80 + 26)));
        unsigned m = (unsigned)_mm_movemask_epi8(l);
        if (m != 0xFFFFu) return (size_t)__builtin_ctz(~m);
        q = 16;
    }
#endif
    while (q < n && q < 32 && sl_is_letter(s[q])) q++;
    return q;
}

/* What follows a terminator that ends at E: skips blanks (a blank line
 * counts as the end) and opening quotes and brackets. */
static next_word look_next(parl_splitter *it, size_t e)
{
    next_word w = { PARL__C_END, NULL, 0, 0, 0, 0, 0 };
    size_t p = e, lim = wend(it), n;
    if (lim - p > LOOKAHEAD) lim = p + LOOKAHEAD;
    int eols = 0, c = PARL__C_END;
    while (p < lim) {
        int b = it->text[p - it->base];
        if (b == ' ' || b == '\t') { p++; continue; }   /* the usual blank: no cls() */
        c = cls(it, p, &n);
        if (c == PARL__C_EOL) { if (++eols == 2) return w; }
        else if (c != PARL__C_SPACE && !(eols && byte_at(it, p) == '>')) break;
        p += n;   /* a block quote's '>' after a line break is not the next word */
    }
    if (p >= wend(it)) return w;
    if (p >= lim) { w.cls = PARL__C_OTHER; return w; }
    if (c == PARL__C_OTHER) {   /* ? ! , ; : are of that class */
        int b = byte_at(it, p);
        w.mark = sl_one_of(&sl_marks, b) ? b : 0;
    }
    for (int i = 0; i < 8 && (c == PARL__C_OPENER || c == PARL__C_EITHER); i++) {
        p += n;
        c = cls(it, p, &n);
    }
    w.cls = c;
    const unsigned char *at = it->text + (p - it->base);
    size_t avail = wend(it) - p;
    if (c == PARL__C_UPPER) {
        size_t q = sl_letters(at, avail);
        w.at = at;
        w.initial = q == 1 && avail > 1 && at[1] == '.';
        w.caps = q > 1 && sl_is_upper(at[1]);
        w.len = q;
    }
    if (c == PARL__C_LOWER) w.url = parl__sl_web_first[*at] && parl__sl_web(at, avail) > 0;
    return w;
}

/* Start of the word before position T0, within the current sentence,
 * without its opening quotes, brackets or bullets; T0 when the word is
 * longer than TOKEN_MAX. Inline for plain_stop, which asks it for most
 * sentences. */
static SL_HOT size_t word_before_start(const parl_splitter *it, size_t t0)
{
    size_t lo = it->s.bnd, p, n, d = t0 - lo;
    /* lo = max(lo, t0 - TOKEN_MAX) without a branch: a sentence's length
     * so far is no pattern to predict */
    lo += (d - TOKEN_MAX) & ((size_t)0 - (size_t)(d > TOKEN_MAX));
    p = word_start(it, lo, t0);   /* lo >= base */
    if (p == lo && p > it->s.bnd) return t0;   /* too long: a URL or the like */
    while (p < t0) {   /* one bit test a character: the classes to skip as a set */
        int c = it->text[p - it->base];
        int k = c < 0x80 ? parl__sl_ascii[c] : cls(it, p, &n);
        if (!((1u << k) & (1u << PARL__C_OPENER | 1u << PARL__C_EITHER | 1u << PARL__C_BULLET)))
            break;
        p += c < 0x80 ? 1 : n;   /* no CR here: the word has no blank */
    }
    return p;
}

/* The word [*TS, *TE) before position T0 (see word_before_start). */
static void word_before(parl_splitter *it, size_t t0, size_t *ts, size_t *te)
{
    *ts = word_before_start(it, t0);
    *te = t0;
}

/* Is the capital initial at TS part of a name (Jonas E. Smith, J. K.)? */
static int in_name(parl_splitter *it, size_t ts)
{
    if (at_sentence_start(it, ts)) return 1;
    size_t lo = it->s.bnd, p = ts, ws, we;
    while (p > lo && is_blank_byte(byte_at(it, p - 1))) p--;
    if (p == ts || p == lo) return 0;
    word_before(it, p, &ws, &we);
    int c = byte_at(it, ws);
    return ws < we && c >= 'A' && c <= 'Z';
}

/* ---------------------------------------------------------------- decisions */

/* A list marker (1-3 digits or one lower-case letter) at [TS, TE): at the
 * start of a sentence it is remembered; the next one in sequence starts a
 * new sentence ("1. The first item 2. The second item"). Returns 1 when a
 * sentence was emitted, 0 when it was a marker, -1 when it is none. */
static int list_marker(parl_splitter *it, size_t ts, size_t te, parl_sentence *out)
{
    state *s = &it->s;
    unsigned val = 0, kind;
    int c = byte_at(it, ts);
    if (te - ts == 1 && c >= 'a' && c <= 'z') { kind = 2; val = (unsigned)c; }
    else {
        if (te - ts > 3) return -1;
        for (size_t p = ts; p < te; p++) {
            int d = byte_at(it, p);
            if (d < '0' || d > '9') return -1;
            val = val * 10 + (unsigned)(d - '0');
        }
        kind = 1;
    }
    if (at_sentence_start(it, ts)) {
        s->mark_kind = (unsigned char)kind;
        s->mark_val = val;
        return 0;
    }
    int b = byte_at(it, ts - 1);
    if (s->mark_kind == kind && val == s->mark_val + 1 && (b == ' ' || b == '\t')) {
        s->mark_val = val;
        return emit_item(it, ts, (it->flags & PARL_SPLIT_COUNT) ? 1 : 0, out);
    }
    return -1;
}

static int boundary(parl_splitter *it, size_t e, parl_sentence *out)
{
    return emit(it, e, 0, out);
}

/* A run of two or more periods or U+2026 at [T0, T1): ends a sentence only
 * before a capitalised word; "[...]" never does. */
static int on_ellipsis(parl_splitter *it, size_t t0, size_t t1, parl_sentence *out)
{
    state *s = &it->s;
    int prev = byte_at(it, t0 - 1);
    if (t0 > 0 && (prev == '[' || prev == '(')) { s->quiet = t1; return 0; }
    size_t e = absorb_closers(it, t1);
    s->quiet = e;
    size_t n;
    if (is_protected(s, t0)) return 0;
    next_word w = look_next(it, e);
    if (e < wend(it) && !is_space_at(it, e, &n))   /* "country....Iguazu is" */
        return PARL__SR_NO_SPACE && e == t1 && t0 > s->bnd &&
               (sl_is_lower(prev) || prev == ')') && w.cls == PARL__C_UPPER &&
               (starter(&w) || (w.len > 1 && !w.caps)) ? boundary(it, e, out) : 0;
    return w.cls == PARL__C_UPPER ? boundary(it, e, out) : 0;
}

/* Spaced ellipsis ". . ." starting with the period at T0, K periods up to
 * GE. Three detached periods are an omission; four end the sentence before a
 * capital; a word's own period followed by ". . ." ends the sentence at the
 * word, the ellipsis opening the next ("compounds. . . . The practice"). */
static int on_spaced(parl_splitter *it, size_t t0, size_t ge, int k, parl_sentence *out)
{
    state *s = &it->s;
    int attached = t0 > it->s.bnd && !is_blank_byte(byte_at(it, t0 - 1));
    size_t e = absorb_closers(it, ge);
    s->quiet = e;
    if (is_protected(s, t0)) return 0;
    size_t n;
    if (e < wend(it) && !is_space_at(it, e, &n)) return 0;
    next_word w = look_next(it, e);
    if (w.cls != PARL__C_UPPER) return 0;
    if (!attached) return k >= 4 ? boundary(it, e, out) : 0;
    return k == 4 ? boundary(it, t0 + 1, out) : 0;
}

/* Ends the sentence at B like emit() and has the current token TOK handled
 * again: a time stamp or separator that ends the sentence before it is then
 * looked at for the one after it. */
static int boundary_redo(parl_splitter *it, size_t b, size_t adj, int tok, parl_sentence *out)
{
    state *s = &it->s;
    s->redo = (unsigned char)tok;
    int r = emit(it, b, adj, out);
    if (!r) { s->redo = 0; save(it); }
    return r;
}

/* Are there at least K words in the current sentence before UPTO? */
static int sl_has_words(parl_splitter *it, size_t upto, size_t k)
{
    size_t p = sentence_first(it, upto), n = 0;
    for (int sp = 1; p < upto && n < k; p++) {
        int bl = is_blank_byte(byte_at(it, p));
        n += sp && !bl;
        sp = bl;
    }
    return n >= k;
}

/* Does the sentence end in a name with "!" before the "!" at T0 (Yahoo!,
 * Democracy Now!)? Tries the last one, two and three words. */
static int bang_name_before(parl_splitter *it, size_t t0)
{
    size_t lo = t0 - it->s.bnd > NAME_BACK ? t0 - NAME_BACK : it->s.bnd, p = t0;
    if (p > lo && !parl__sl_bang_name_last[it->text[p - 1 - it->base]]) return 0;   /* every try ends there */
    for (int words = 0; words < 3 && p > lo; words++) {
        p = word_start(it, lo, p);   /* lo >= bnd >= base */
        if (parl__sl_bang_name(it->text + (p - it->base), t0 - p)) return 1;
        while (p > lo && (byte_at(it, p - 1) == ' ' || byte_at(it, p - 1) == '\t')) p--;
    }
    return 0;
}

/* Emoticons after a stop that ends at E stay with its sentence ("so far!
 * :)"); returns the position after the last one (E when there is none). */
static size_t absorb_emoticons(parl_splitter *it, size_t e)
{
    const unsigned char *t = it->text - it->base;   /* t[p]: the byte at offset p */
    size_t p = e, end = wend(it);
    for (int i = 0; i < 4; i++) {
        size_t q = p;
        while (q < end && q - p < 8 && (t[q] == ' ' || t[q] == '\t')) q++;
        size_t k = parl__sl_emoticon(t + q, end - q);
        if (!k || (q + k < end && !is_blank_byte(t[q + k]))) break;
        p = q + k;
    }
    if (p > e) it->s.quiet = p;   /* their brackets are no parentheses */
    return p;
}

/* A period at E after the word [TS, TE), followed by W. */
static int after_word(parl_splitter *it, size_t ts, size_t te, size_t e, const next_word *w,
                      parl_sentence *out)
{
    const unsigned char *word = it->text + (ts - it->base);
    int abbr = parl__sl_maybe_abbr(word, te - ts) ? parl__sl_abbr(word, te - ts) : PARL__ABBR_NONE;
    int kind = PARL__ABBR_KIND(abbr), lower = w->cls == PARL__C_LOWER && !w->url;
    if (kind == PARL__ABBR_PREFIX) return 0;
    if (kind == PARL__ABBR_NUMBER && (w->cls == PARL__C_DIGIT || lower)) return 0;
    if (kind == PARL__ABBR_SUFFIX) return starter(w) ? boundary(it, e, out) : 0;
    if (kind == PARL__ABBR_CLOSER)   /* etc., p.m.: before a capitalised word, in a sentence */
        return starter(w) || (w->cls == PARL__C_UPPER && !w->caps &&
                              sl_has_words(it, te, PARL__ABBR_MIN_WORDS(abbr)))
                   ? boundary(it, e, out) : 0;
    int c = byte_at(it, ts);
    if (te - ts == 1 && sl_is_upper(c))
        return (!lower && !in_name(it, ts) && !w->initial) || starter(w) ? boundary(it, e, out) : 0;
    if (te - ts == 1 && lower) return 0;
    int r = te - ts <= 3 ? list_marker(it, ts, te, out) : -1;   /* markers are short */
    return r >= 0 ? r : boundary(it, e, out);
}

/* A web or e-mail address that the terminator at T0 is part of: when the
 * address ends before a capitalised word or another address, a sentence
 * ends after it (links and signatures run together). Returns 1 when a
 * sentence was emitted, 0 when T0 is in an address and nothing ends, -1
 * when it is in none. The address's other terminators are skipped. */
static int web_address(parl_splitter *it, size_t t0, parl_sentence *out)
{
    state *s = &it->s;
    const unsigned char *t = it->text - it->base;   /* t[p]: the byte at document offset p */
    size_t a = t0, lo = t0 - s->bnd > LOOKAHEAD ? t0 - LOOKAHEAD : s->bnd, n;
    a = word_start(it, lo, a);   /* lo >= base */
    while (a < t0 && sl_one_of(&sl_openers, t[a])) a++;
    size_t z = t0, hi = wend(it) - t0 > LOOKAHEAD ? t0 + LOOKAHEAD : wend(it);
#if SL_SWAR
    /* eight bytes at a time past ASCII above the blank (no byte of them a
     * blank), then byte by byte from the first that may be one */
    while (hi - z >= 8) {
        uint64_t w;
        memcpy(&w, t + z, 8);
        /* the high bit of the bytes from 0x80 or below 0x21, exact up to
         * the first (a borrow changes only the bytes after it) */
        uint64_t m = (((w - 0x2121212121212121ull) & ~w) | w) & 0x8080808080808080ull;
        if (m) { z += (unsigned)__builtin_ctzll(m) >> 3; break; }
        z += 8;
    }
#endif
    while (z < hi && (t[z] < 0x80 ? !is_blank_byte(t[z]) : !is_space_at(it, z, &n))) z++;
    if (!parl__sl_web(t + a, t0 - a) && !memchr(t + a, '@', z - a)) return -1;
    if (z == hi && hi < wend(it)) return 0;   /* too long to see its end */
    size_t end = z;                           /* trailing punctuation is not the address */
    while (end > t0 && sl_one_of(&sl_trailing, byte_at(it, end - 1))) end--;
    s->quiet = end;
    for (size_t p = end; p < z; p++)
        if (sl_one_of(&sl_stops, byte_at(it, p))) return 0;   /* its stop (or comma) decides */
    if (is_protected(s, t0)) return 0;
    next_word w = look_next(it, z);
    return w.cls == PARL__C_UPPER || w.url ? boundary(it, z, out) : 0;
}

/* A stop [T0, T1) with a word right after it: "service.There", "bad?what".
 * Both sides must be words of letters, the first ending in two lower-case
 * letters and no abbreviation, the second capitalised after a period and
 * no domain ("Newsfeed.Com"). */
static int no_space(parl_splitter *it, size_t t0, size_t t1, int bang, parl_sentence *out)
{
    state *s = &it->s;
    if ((!bang && t1 - t0 != 1) || is_protected(s, t0)) return 0;
    if (t0 - s->bnd < 2 || !sl_is_lower(byte_at(it, t0 - 1)) || !sl_is_lower(byte_at(it, t0 - 2)))
        return 0;
    size_t ts = t0, te = t1;
    while (ts > s->bnd && t0 - ts < TOKEN_MAX && (sl_is_letter(byte_at(it, ts - 1)) ||
                                                 byte_at(it, ts - 1) == '\'')) ts--;
    int before = ts > s->bnd ? byte_at(it, ts - 1) : ' ';
    if (!is_blank_byte(before) && !sl_one_of(&sl_before_word, before)) return 0;
    const unsigned char *word = it->text + (ts - it->base);
    if (parl__sl_maybe_abbr(word, t0 - ts) && parl__sl_abbr(word, t0 - ts)) return 0;
    while (te < wend(it) && te - t1 < TOKEN_MAX && (sl_is_letter(byte_at(it, te)) ||
                                                    byte_at(it, te) == '\'')) te++;
    int after = te < wend(it) ? byte_at(it, te) : ' ';
    if (te == t1 || (!is_blank_byte(after) && !sl_one_of(&sl_after_word, after))) return 0;
    if (!bang && (!sl_is_upper(byte_at(it, t1)) || te - t1 < 2 ||
                  parl__sl_domain(it->text + (t1 - it->base), te - t1)))
        return 0;
    return boundary(it, t1, out);
}

/* A terminator run [T0, T1) of . ! ? that is not an ellipsis, the closing
 * quotes and brackets after it absorbed up to E (on_stop). */
static int decide_stop(parl_splitter *it, size_t t0, size_t t1, size_t e, int bang,
                       parl_sentence *out)
{
    state *s = &it->s;
    size_t n;
    int closed = e > t1;
    if (bang && t0 > s->bnd && sl_one_of(&sl_pauses, byte_at(it, t0 - 1))) return 0;   /* "Dial:? 20" */
    if (e < wend(it) && !is_space_at(it, e, &n)) {   /* 3.14, e.g., Yahoo!'s, addresses */
        int r = PARL__SR_WEB ? web_address(it, t0, out) : -1;
        if (r >= 0) return r;
        return PARL__SR_NO_SPACE && !closed ? no_space(it, t0, t1, bang, out) : 0;
    }
    if (in_paren(s, t0)) return 0;
    int quoted = in_quote(s, t0);   /* still open after the closers */
    if (quoted && (bang || !PARL__SR_QUOTES)) return 0;
    next_word w = look_next(it, e);
    if (PARL__SR_EMOTICONS && w.cls == PARL__C_OTHER) {   /* every emoticon opens with a mark */
        size_t k = absorb_emoticons(it, e);
        if (k > e) { e = k; w = look_next(it, e); }
    }
    /* no sentence starts with , ; : and a ! or ? after one is the same stop spaced
     * out ("? ? ?"); after a period it opens the next ("Contract. ? Do not") */
    if ((w.mark && (bang || sl_one_of(&sl_pauses, w.mark))) || (quoted && w.cls != PARL__C_UPPER))
        return 0;
    if (w.cls == PARL__C_LOWER && !w.url && (closed || !PARL__SR_LOWER_CASE)) return 0;
    if (w.cls == PARL__C_END) return boundary(it, e, out);
    if (bang) return bang_name_before(it, t0) && !starter(&w) ? 0 : boundary(it, e, out);

    size_t ts, te;
    word_before(it, t0, &ts, &te);
    int r = ts == te ? boundary(it, e, out) : after_word(it, ts, te, e, &w, out);
    if (r && quoted) {   /* the quotation goes on, in the state a window restarts from too */
        s->dq = 1;
        s->dq_at = t0;
        save(it);
    }
    return r;
}

/* A comma before a capitalised word: a closing that opens the sentence
 * ("Best regards, Anne") ends it at the comma. */
static int on_comma(parl_splitter *it, size_t tok, parl_sentence *out)
{
    size_t f = sentence_first(it, tok);
    if (f >= tok || tok - f > NAME_BACK || is_protected(&it->s, tok)) return 0;
    if (!parl__sl_closing(it->text + (f - it->base), tok - f)) return 0;
    return boundary(it, tok + 1, out);
}

/* Digits in [P - MAX, P) down from P, not below LO: where they start. */
static size_t sl_digits_back(parl_splitter *it, size_t p, size_t lo, size_t max)
{
    size_t q = p;
    while (q > lo && p - q < max && sl_is_digit(byte_at(it, q - 1))) q--;
    return q;
}

/* Where the time stamp whose clock's colon is at COLON begins: its hour's
 * digits, or the date before them ("08/16/2000 12:05 PM"; *DATED is then
 * 1). COLON when no hour stands before it. */
static size_t stamp_start(parl_splitter *it, size_t colon, int *dated)
{
    size_t lo = it->s.bnd, h = sl_digits_back(it, colon, lo, 2), q = h;
    *dated = 0;
    if (h == colon || (h > lo && sl_is_letter(byte_at(it, h - 1)))) return colon;
    while (q > lo && byte_at(it, q - 1) == ' ') q--;
    size_t y = sl_digits_back(it, q, lo, 4);   /* year, then month or day twice */
    if (q == h || q - y < 2 || byte_at(it, y - 1) != '/') return h;
    size_t m = sl_digits_back(it, y - 1, lo, 2);
    if (m == y - 1 || byte_at(it, m - 1) != '/') return h;
    size_t d = sl_digits_back(it, m - 1, lo, 2);
    int before = d > lo ? byte_at(it, d - 1) : ' ';
    if (d == m - 1 || sl_is_digit(before) || sl_is_letter(before)) return h;
    *dated = 1;
    return d;
}

/* A clock whose colon is at COLON, ending at END ("12:05 PM"): a dated
 * time stamp begins a sentence unless a lower-case word leads into it ("on
 * 08/16/2000 ..."), and a sentence ends after a stamp before a capitalised
 * word that is not a time zone. */
static int on_stamp(parl_splitter *it, size_t colon, size_t end, parl_sentence *out)
{
    int after = byte_at(it, end), dated;
    if (sl_is_letter(after) || sl_is_digit(after) || is_protected(&it->s, colon)) return 0;
    size_t start = stamp_start(it, colon, &dated), f = sentence_first(it, start);
    if (start == colon) return 0;
    if (dated && f < start) {
        size_t ws, we, p = start;
        while (p > f && is_blank_byte(byte_at(it, p - 1))) p--;
        word_before(it, p, &ws, &we);
        int lower = ws < we;
        for (size_t q = ws; q < we; q++) lower &= sl_is_lower(byte_at(it, q));
        if (!lower) {
            size_t adj = (it->flags & PARL_SPLIT_COUNT) ? split_count_words(it, start, end) : 0;
            return boundary_redo(it, start, adj, PARL__T_STAMP, out);
        }
    }
    next_word w = look_next(it, end);
    return w.cls == PARL__C_UPPER && !w.caps ? boundary(it, end, out) : 0;
}

/* A separator run [TOK, END) standing alone (*** ==== ----) is a sentence of
 * its own. */
static int on_separator(parl_splitter *it, size_t tok, size_t end, parl_sentence *out)
{
    /* at the sentence's start it was seen standing alone before (boundary_redo),
     * and the byte before may lie outside the window */
    if (tok > it->s.bnd && !is_blank_byte(byte_at(it, tok - 1))) return 0;
    if (end < wend(it) && !is_blank_byte(byte_at(it, end))) return 0;
    if (sentence_first(it, tok) < tok) {
        size_t adj = (it->flags & PARL_SPLIT_COUNT) ? 1 : 0;
        return boundary_redo(it, tok, adj, PARL__T_SEP, out);
    }
    return boundary(it, end, out);
}

/* Would absorb_emoticons find an emoticon after E? Its first try, where
 * the blanks after E end, starts none unless it starts with one of
 * parl__sl_emoticon_first. */
static int emoticon_after(parl_splitter *it, size_t e)
{
    const unsigned char *t = it->text - it->base;   /* t[p]: the byte at offset p */
    size_t q = e, end = wend(it);
    while (q < end && q - e < 8 && (t[q] == ' ' || t[q] == '\t')) q++;
    return q < end && parl__sl_emoticon_first[t[q]] && absorb_emoticons(it, e) != e;
}

/* Does the stop that starts at T0 (BANG: ! or ? in it, else a period),
 * its closing quotes and brackets absorbed up to E, plainly end its
 * sentence? Outside parentheses, followed by blanks and then a blank line
 * or the end of the text, or with at most one line break among them the
 * next word: a capital or digit, after opening quotes or brackets or not,
 * or a mark that opens no emoticon and is none of . ? ! , ; :; and, for a
 * period, after a word of two or more characters that starts with a letter
 * and is no abbreviation, for ! or ? after no name with "!" and no pause:
 * decide_stop ends the sentence at E after such a stop (look_next finds what
 * follows, after_word no abbreviation, initial or list marker). Inside a
 * quotation only a period before a capital does ("period inside quotes"),
 * and the quotation goes on: then 2. Most sentences end so, and this asks
 * only what they need; 0 leaves the decision to decide_stop. *NEXT gets
 * the next sentence's first byte (SIZE_MAX: not seen), *NL the line breaks
 * before it. */
static SL_HOT int plain_stop(parl_splitter *it, size_t t0, size_t e, int bang, size_t *next,
                             int *nl)
{
    const unsigned char *t = it->text - it->base;   /* t[p]: the byte at offset p */
    size_t p = e, end = wend(it), lim = end - e > 64 ? e + 64 : end;
    *next = SIZE_MAX;
    if (in_paren(&it->s, t0) || (bang && t0 > it->s.bnd && sl_one_of(&sl_pauses, t[t0 - 1])))
        return 0;
    int quoted = in_quote(&it->s, t0);
    if (quoted && (bang || !PARL__SR_QUOTES)) return 0;
    int eols = 0;
#ifdef SPLIT_SSE2
    if (lim - p >= 16) {   /* the blanks of sixteen bytes at once: no loop exit to mispredict */
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(t + p));
        __m128i lf = _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'));
        __m128i bl = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),
                                               _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))), lf);
        unsigned other = (unsigned)_mm_movemask_epi8(bl) ^ 0xFFFFu;
        if (other) {
            unsigned i = (unsigned)__builtin_ctz(other);
            unsigned nl = (unsigned)_mm_movemask_epi8(lf) & ((1u << i) - 1);   /* the line breaks before it */
            if (nl & (nl - 1)) return !quoted;   /* a blank line, as below */
            eols = nl != 0;
            p += i;
            goto blanks_done;
        }
    }
#elif SL_SWAR
    if (lim - p >= 8) {   /* the blanks of eight bytes at once: no loop exit to mispredict */
        uint64_t w, nl;
        memcpy(&w, t + p, 8);
        nl = sl_zero_bytes(w ^ 0x0A0A0A0A0A0A0A0Aull);
        uint64_t other = ~(sl_zero_bytes(w ^ 0x2020202020202020ull) |
                           sl_zero_bytes(w ^ 0x0909090909090909ull) | nl) &
                         0x8080808080808080ull;
        if (other) {
            unsigned i = (unsigned)__builtin_ctzll(other) >> 3;
            nl &= (1ull << (8 * i)) - 1;   /* the line breaks before it */
            if (nl & (nl - 1)) return !quoted;   /* a blank line, as below */
            eols = nl != 0;
            p += i;
            goto blanks_done;
        }
    }
#endif
    for (; p < lim; p++) {
        if (t[p] == ' ' || t[p] == '\t') continue;
        if (t[p] != '\n') break;
        if (++eols == 2) return p > e && !quoted;   /* a blank line: look_next's END */
    }
#if defined(SPLIT_SSE2) || SL_SWAR
blanks_done:
#endif
    if (p == e) return 0;
    if (p >= lim) return p >= end && !quoted;   /* the end of the text: END too */
    *next = p;
    *nl = eols;
    int k = t[p] < 0x80 ? parl__sl_ascii[t[p]] : PARL__C_END;
    if (k != PARL__C_UPPER) {   /* most sentences start with a capital: one test for them */
        /* emoticon_after stops at P after up to 8 spaces and tabs, else at
         * a space, tab or line break (the one before P) */
        if (k == PARL__C_OTHER &&
            (sl_one_of(&sl_spaced, t[p]) ||
             (PARL__SR_EMOTICONS &&
              (eols == 0 && p - e <= 8
                   ? parl__sl_emoticon_first[t[p]] && absorb_emoticons(it, e) != e
                   : (parl__sl_emoticon_first[' '] | parl__sl_emoticon_first['\t'] |
                      parl__sl_emoticon_first['\n']) &&
                         emoticon_after(it, e)))))
            return 0;   /* '.': a spaced ellipsis (on_single) or a stop spaced out */
        for (int i = 0; i < 8 && (k == PARL__C_OPENER || k == PARL__C_EITHER); i++) {
            if (++p >= end || t[p] >= 0x80) return 0;
            k = parl__sl_ascii[t[p]];
            if (k == PARL__C_OTHER) return 0;   /* emoticons are looked for after no opener */
        }
        if (k != PARL__C_UPPER && (quoted || (k != PARL__C_DIGIT && k != PARL__C_OTHER))) return 0;
    }
    if (bang) return !bang_name_before(it, t0);
    /* word_before_start, whose loop over opening quotes and brackets stops
     * at once at a letter (most words): only the others take it */
    size_t lo = it->s.bnd, d = t0 - lo, ts;
    lo += (d - TOKEN_MAX) & ((size_t)0 - (size_t)(d > TOKEN_MAX));
    ts = word_start(it, lo, t0);   /* lo >= base */
    if (ts == lo && ts > it->s.bnd) return 0;   /* too long: no word (ts = t0) */
    if (!sl_is_letter(t[ts])) ts = word_before_start(it, t0);
    if (t0 - ts < 2 || !sl_is_letter(t[ts])) return 0;
    /* most words are ruled out without the call */
    return !parl__sl_maybe_abbr_word(t + ts, t0 - ts) ||
                   PARL__ABBR_KIND(parl__sl_abbr(t + ts, t0 - ts)) == PARL__ABBR_NONE
               ? 1 + quoted : 0;
}

/* The boundary at E after a plain stop at T0 (PLAIN: what plain_stop said),
 * with the state decide_stop leaves, and then what sentence_first would find
 * for the next sentence, which plain_stop saw: its first byte NEXT
 * (SIZE_MAX: not seen) after NL line breaks. */
static SL_HOT int plain_end(parl_splitter *it, size_t t0, size_t e, int plain, size_t next,
                            int nl, parl_sentence *out)
{
    state *s = &it->s;
    s->quiet = e;
    int r = emit_at_stop(it, e, out);   /* after the stop run [T0, scanner) and its closers */
    if (r && plain == 2) {   /* as decide_stop: the quotation goes on */
        s->dq = 1;
        s->dq_at = t0;
        save(it);
    }
    if (next != SIZE_MAX) {
        s->first = next;
        s->bnd_line += (size_t)nl;
    }
    return r;
}

#ifdef PARL_SPLIT_SELFCHECK
#include <stdlib.h>
/* A terminator run [T0, T1) of . ! ? that is not an ellipsis, decided the
 * long way. */
static int on_stop(parl_splitter *it, size_t t0, size_t t1, int bang, parl_sentence *out)
{
    size_t e = absorb_closers(it, t1);
    it->s.quiet = e;
    return decide_stop(it, t0, t1, e, bang, out);
}

/* Test builds (the ASan+UBSan library): plain_stop is a short cut through
 * on_stop, so where it ended a sentence, on_stop run on a copy of the state
 * before (BEFORE) must give the same answer R and sentence *OUT and leave
 * IT's state, the cached first byte NEXT included; a grammar change that
 * makes them differ stops the tests here instead of splitting differently. */
static void plain_stop_check(const parl_splitter *before, size_t t0, size_t t1, int bang,
                             size_t next, const parl_splitter *it, int r, const parl_sentence *out)
{
    parl_splitter b = *before;
    parl_sentence sb;
    memset(&sb, 0, sizeof sb);
    int rb = on_stop(&b, t0, t1, bang, &sb);
    if (next != SIZE_MAX && sentence_first(&b, next + 1) != next) abort();
    int same = !r || (out->off == sb.off && out->len == sb.len && out->line == sb.line &&
                      out->end_line == sb.end_line && out->para == sb.para &&
                      out->words == sb.words && out->kind == sb.kind);   /* not the padding */
    if (rb != r || !same || memcmp(&it->s, &b.s, sizeof b.s) != 0 ||
        memcmp(&it->saved, &b.saved, sizeof b.saved) != 0)
        abort();
}
#define SL_BEFORE parl_splitter before_ = *it;
#define SL_CHECK(t0, t1, bang, next, r) plain_stop_check(&before_, t0, t1, bang, next, it, r, out)
#else
#define SL_BEFORE
#define SL_CHECK(t0, t1, bang, next, r) ((void)0)
#endif

/* A stop [T0, T1) of one byte that plain_stop did not take as it stands,
 * or a run of them (?! !!): after the closing quotes and brackets that
 * follow it (a quotation's last sentence, '."'), plain_stop looks again,
 * and else decide_stop decides. */
static SL_COLD int on_stop_closed(parl_splitter *it, size_t t0, size_t t1, int bang,
                                  parl_sentence *out)
{
    SL_BEFORE
    size_t e = absorb_closers(it, t1), next;
    int nl = 0, plain = 0;
    it->s.quiet = e;
    if (e > t1 || t1 > t0 + 1) plain = plain_stop(it, t0, e, bang, &next, &nl);
    if (!plain) return decide_stop(it, t0, t1, e, bang, out);
    int r = plain_end(it, t0, e, plain, next, nl, out);
    SL_CHECK(t0, t1, bang, next, r);
    return r;
}

/* Periods of a spaced ellipsis (". . .") that starts with the period at T0,
 * 1 when none follows; *GE gets the position after the last. */
static int spaced_periods(const parl_splitter *it, size_t t0, size_t *ge)
{
    size_t p = t0 + 1;
    int k = 1;
    while (k < 16 && byte_at(it, p) == ' ' && byte_at(it, p + 1) == '.' &&
           byte_at(it, p + 2) != '.') { k++; p += 2; }
    *ge = p;
    return k;
}

/* A stop of one byte at T0 (nearly every terminator token): no run to look
 * through, and mostly a plain stop. */
static int on_single(parl_splitter *it, size_t t0, parl_sentence *out)
{
    size_t t1 = t0 + 1, ge, next;
    int bang = it->text[t0 - it->base] != '.', k, nl = 0;
    SL_BEFORE
    int plain = plain_stop(it, t0, t1, bang, &next, &nl);   /* none before " . ." */
    if (plain) {
        int r = plain_end(it, t0, t1, plain, next, nl, out);
        SL_CHECK(t0, t1, bang, next, r);
        return r;
    }
    if (!bang && byte_at(it, t1) == ' ' && byte_at(it, t1 + 1) == '.' &&   /* ". . ." */
        (k = spaced_periods(it, t0, &ge)) >= 3)
        return on_spaced(it, t0, ge, k, out);
    return on_stop_closed(it, t0, t1, bang, out);
}

/* A terminator token at [T0, T1). A run of periods is an ellipsis; a run
 * with ! or ? in it (?! !!) a stop that is never plain. */
static int on_term(parl_splitter *it, int tok, size_t t0, size_t t1, parl_sentence *out)
{
    if (tok == PARL__T_ELLIPSIS) return on_ellipsis(it, t0, t1, out);
    if (t1 == t0 + 1) return on_single(it, t0, out);
    for (size_t p = t0; p < t1; p++)   /* the token lies in the window */
        if (it->text[p - it->base] != '.') return on_stop_closed(it, t0, t1, 1, out);
    return on_ellipsis(it, t0, t1, out);
}

/* A closing parenthesis outside any parenthetical may end a list marker:
 * "1) The first item 2) The second item". */
static int on_rparen(parl_splitter *it, size_t tok, parl_sentence *out)
{
    state *s = &it->s;
    if (s->paren) { s->paren--; return 0; }
    int after = byte_at(it, tok + 1);
    if (after != ' ' && after != '\t') return 0;
    size_t ts, te;
    word_before(it, tok, &ts, &te);
    if (ts == te) return 0;
    int r = list_marker(it, ts, te, out);
    return r > 0 ? r : 0;
}

static void on_dquote(parl_splitter *it, size_t tok)
{
    state *s = &it->s;
    int prev = byte_at(it, tok - 1);
    size_t n;
    int opening = tok == it->base || sl_one_of(&sl_before_quote, prev);   /* tok 0: base 0 */
    if (!opening && prev >= 0x80) {
        size_t q = tok - 1;
        while (q > it->base && tok - q < 4 && (it->text[q - it->base] & 0xC0) == 0x80) q--;
        int k = cls(it, q, &n);
        opening = k == PARL__C_SPACE || k == PARL__C_OPENER;
    }
    if (opening) { s->dq = 1; s->dq_at = tok; }
    else s->dq = 0;
}

static void on_lparen(parl_splitter *it, size_t tok)
{
    state *s = &it->s;
    int prev = byte_at(it, tok - 1);
    if (tok > 0 && (prev == ':' || prev == ';')) return;   /* an emoticon */
    if (s->paren == 0) s->paren_at = tok;
    if (s->paren < 0xFFFF) s->paren++;
}

/* What parl_split_next does with a quote or parenthesis token T at TOK
 * when it only changes the state: done here for the fast scanner, which
 * then goes on (1); 0: the scanner returns the token. */
int parl__sl_take(parl_splitter *it, int t, size_t tok)
{
    state *s = &it->s;
    if (tok < s->quiet || (s->in_block & 1)) return 1;   /* in a fence or heading */
    switch (t) {
    case PARL__T_DQ:
        on_dquote(it, tok);
        return 1;
    case PARL__T_LQ:
        s->dq = 1;
        s->dq_at = tok;
        return 1;
    case PARL__T_RQ:
        s->dq = 0;
        return 1;
    case PARL__T_LP:
        on_lparen(it, tok);
        return 1;
    default:   /* PARL__T_RP: a list marker's may end a sentence */
        if (!s->paren) return 0;
        s->paren--;
        return 1;
    }
}

/* ---------------------------------------------------------------- lines */

/* Counting mode: the line [line_at, END) is complete, WORDS words counted
 * up to its end. */
static void line_done(state *s, size_t end, size_t words)
{
    if (words > s->line_words) {
        if (s->nonempty_lines++ == 0) { s->first_line[0] = s->line_at; s->first_line[1] = end; }
        s->last_line[0] = s->line_at;
        s->last_line[1] = end;
    }
}

static void on_eol(parl_splitter *it, size_t tok)
{
    state *s = &it->s;
    if (it->flags & PARL_SPLIT_COUNT) {
        line_done(s, tok, s->sc.words);
        s->line_words = s->sc.words;
        s->line_at = s->sc.pos;
    }
    s->eol_at = tok;
    s->line++;
    s->ls_pending = 1;
}

/* Counting mode: what on_eol and line_start do for a line break at EOL
 * before an ordinary line at NEXT, which the counting scanner passes over
 * (the line start's eol_at is never read: only a line that needs
 * line_start's rules uses it, and the scanner returns those breaks). */
void parl__sl_text_line(state *s, size_t eol, size_t next, size_t words)
{
    line_done(s, eol, words);
    s->line_words = words;
    s->line_at = next;
    s->line++;
}

/* Markdown structure at the start of a line. Returns 1 when a sentence was
 * emitted; it is then called again for the same line (every step is
 * idempotent once the sentence before the line is empty). */
static int line_start_rules(parl_splitter *it, parl_sentence *out)
{
    state *s = &it->s;
    if (!s->fence && !s->heading && !s->quote_line && s->sc.pos < wend(it)) {
        /* an ordinary line: nothing to do (the default case below) */
        const unsigned char *at = it->text + (s->sc.pos - it->base);
        unsigned k = parl__sl_line_fast[at[0]];
        if ((k & PARL__LF_TEXT) ||
            ((k & PARL__LF_PAIR) && s->sc.pos + 1 < wend(it) &&
             (parl__sl_line_fast[at[1]] & PARL__LF_SECOND))) {
            s->ls_pending = 0;
            return 0;
        }
    }
    size_t e = wend(it), p = skip_line_blank(it, s->sc.pos, e);
    size_t b = s->line > 1 ? s->eol_at : s->sc.pos;   /* after a line break: line 1 has none */
    unsigned val = 0;
    int rest = 0, ls = PARL__LS_BLANK;
    if (p < e) {
        size_t n = e - p < LOOKAHEAD ? e - p : LOOKAHEAD;
        ls = parl__sl_line(it->text + (p - it->base), n, &val, &rest);
    }
    if (s->fence) {
        if (!s->fence_end) {
            if (ls == PARL__LS_FENCE && rest && (val >> 8) == (s->fence >> 8) &&
                (val & 255) >= (s->fence & 255))
                s->fence_end = 1;
            s->ls_pending = 0;
            return 0;
        }
        s->fence = 0;
        s->fence_end = 0;
        if (emit(it, b, 0, out)) return 1;
    }
    if (s->heading) {
        s->heading = 0;
        if (emit(it, b, 0, out)) return 1;
    }
    switch (ls) {
    case PARL__LS_BLANK:
        if (emit(it, b, 0, out)) return 1;
        s->para_break = 1;   /* for the next sentence, not the one just closed */
        s->mark_kind = 0;
        break;
    case PARL__LS_HEADING:
        if (emit(it, b, 0, out)) return 1;
        s->heading = 1;
        s->kind = PARL_SENT_HEADING;
        s->seen |= PARL_SEEN_HEADING;
        break;
    case PARL__LS_FENCE:
        if (emit(it, b, 0, out)) return 1;
        s->fence = val;
        s->kind = PARL_SENT_CODE;
        s->seen |= PARL_SEEN_CODE;
        break;
    case PARL__LS_QUOTE:
        if (!s->quote_line) {
            if (emit(it, b, 0, out)) return 1;
            s->kind = PARL_SENT_QUOTE;
        }
        s->seen |= PARL_SEEN_QUOTE;
        break;
    case PARL__LS_BULLET:
    case PARL__LS_NUMBER:
    case PARL__LS_LETTER:
        if (emit(it, b, 0, out)) return 1;
        s->kind = PARL_SENT_ITEM;
        s->seen |= PARL_SEEN_LIST;
        if (ls != PARL__LS_BULLET) {
            s->mark_kind = ls == PARL__LS_NUMBER ? 1 : 2;
            s->mark_val = val;
        }
        break;
    default:
        if (s->quote_line && emit(it, b, 0, out)) return 1;
        break;
    }
    s->quote_line = ls == PARL__LS_QUOTE;
    s->ls_pending = 0;
    return 0;
}

/* line_start_rules, and then in_block, which parl_split_next tests for a
 * token (bit 0: in a fence or heading, bit 1: on a quote line; only the
 * rules change them, and a window's restart restores them together). */
static int line_start(parl_splitter *it, parl_sentence *out)
{
    state *s = &it->s;
    int r = line_start_rules(it, out);
    s->in_block = (unsigned char)((s->fence || s->heading) | (s->quote_line ? 2 : 0));
    return r;
}

/* ---------------------------------------------------------------- iterator */

static void set_limit(parl_splitter *it)
{
    size_t lim = it->len;
    /* the scanner's block was read within the old limit and window */
    it->s.sc.mmode = 0;
    it->saved.sc.mmode = 0;
    if (it->flags & PARL_SPLIT_MORE) {
        lim = lim > PARL_SPLIT_MARGIN ? lim - PARL_SPLIT_MARGIN : 0;
        for (int i = 0; i < 3 && lim > 0 && (it->text[lim] & 0xC0) == 0x80; i++)
            lim--;                                                    /* whole characters */
        if (lim > 0 && it->text[lim - 1] == '\r') lim--;            /* whole CRLF */
    }
    it->lim = lim;
}

void parl_split_init(parl_splitter *it, const char *text, size_t len, unsigned flags)
{
    memset(it, 0, sizeof *it);
    it->text = (const unsigned char *)(text ? text : "");   /* no arithmetic on NULL */
    it->len = text ? len : 0;
    it->flags = flags;
    state *s = &it->s;
    s->sc.sp = 1;
    s->line = s->bnd_line = 1;
    s->first = SIZE_MAX;
    s->ls_pending = 1;
    s->para_break = 1;
    set_limit(it);
    it->saved = it->s;
}

/* End of a window that is not the end of the document: go back to the state
 * after the last sentence, or cut a sentence that fills the whole window. */
static int window_end(parl_splitter *it, parl_sentence *out)
{
    state *s = &it->s;
    if (!it->force) {
        it->s = it->saved;
        return 0;
    }
    it->force = 0;
    size_t p = s->sc.pos, q = p;
    while (q > s->bnd && p - q < FORCE_BACK && !is_blank_byte(byte_at(it, q - 1))) q--;
    if (q == s->bnd || p - q >= FORCE_BACK) q = p;
    unsigned char kind = s->kind;   /* the rest of a cut code block is still code */
    int r = emit(it, q, (it->flags & PARL_SPLIT_COUNT) ? split_count_words(it, q, p) : 0, out);
    s->kind = kind;
    save(it);
    if (!r) it->s = it->saved;
    return r;
}

int parl_split_next(parl_splitter *it, parl_sentence *out)
{
    state *s = &it->s;
    const int more = (it->flags & PARL_SPLIT_MORE) != 0;
    const size_t lim = it->base + it->lim;
    if (s->done) return 0;
    for (;;) {
        /* A boundary put ahead of the scanner (after a run glued to its stop,
         * or emoticons) was saved with the scanner behind it, so a window
         * would have to keep the bytes in between and could fill up with
         * them. Once the scanner has passed it, this is as good a place to
         * come back to: nothing has happened since but what the next window
         * would redo. */
        if (more && s->sc.pos >= s->bnd && it->saved.sc.pos < it->saved.bnd) save(it);
        if (s->ls_pending) {
            if (more && s->sc.pos >= lim) return window_end(it, out);
            if (line_start(it, out)) return 1;
            continue;
        }
        /* outside fences, headings and quotes an ordinary line's start does
         * nothing (see line_start): the scanner only counts those lines, in
         * s->line itself */
        int t;
        if (s->redo) {
            t = s->redo;
            s->redo = 0;
        } else {
            t = (it->flags & PARL_SPLIT_COUNT)
                    ? parl__sl_scan_count(it->text, it->base, it->lim, &s->sc,
                                          s->in_block ? NULL : s)
                    : parl__sl_scan(it->text, it->base, it->lim, &s->sc,
                                    s->in_block ? NULL : &s->line,
                                    more ? NULL : it);
        }
        size_t tok = s->sc.tok;
        if (more && (t == PARL__T_END || s->sc.pos >= lim)) return window_end(it, out);
        if (t == PARL__T_TERM) {   /* most tokens: tested first, a direct branch, not the switch's jump */
            if (tok >= s->quiet && !(s->in_block & 1) && on_term(it, t, tok, s->sc.pos, out)) return 1;
            continue;
        }
        if (t == PARL__T_EOL) { on_eol(it, tok); continue; }
        if (t == PARL__T_END) {
            if (it->flags & PARL_SPLIT_COUNT) line_done(s, wend(it), s->sc.words);
            s->done = 1;
            return emit(it, wend(it), 0, out);
        }
        if (tok < s->quiet || (s->in_block & 1)) continue;   /* in a fence or heading */
        switch (t) {
        case PARL__T_TERM:
        case PARL__T_ELLIPSIS:
            if (on_term(it, t, tok, s->sc.pos, out)) return 1;
            break;
        case PARL__T_DQ:
        case PARL__T_LQ:
        case PARL__T_RQ:
        case PARL__T_LP:
            parl__sl_take(it, t, tok);   /* a change of state only, as in the fast scanner */
            break;
        case PARL__T_RP:
            if (on_rparen(it, tok, out)) return 1;
            break;
        case PARL__T_BULLET: {
            s->seen |= PARL_SEEN_LIST;
            if (at_sentence_start(it, tok)) break;
            int prev = byte_at(it, tok - 1);
            size_t adj = (it->flags & PARL_SPLIT_COUNT) && is_blank_byte(prev) ? 1 : 0;
            if (emit_item(it, tok, adj, out)) return 1;
            break;
        }
        case PARL__T_COMMA:
            if (on_comma(it, tok, out)) return 1;
            break;
        case PARL__T_STAMP:
            if (on_stamp(it, tok, s->sc.pos, out)) return 1;
            break;
        case PARL__T_SEP:
            if (on_separator(it, tok, s->sc.pos, out)) return 1;
            break;
        default:
            break;
        }
    }
}

size_t parl_split_pending(const parl_splitter *it)
{
    const state *s = &it->s;
    size_t p = s->sc.pos < s->bnd ? s->sc.pos : s->bnd;
    return p - it->base;
}

void parl_split_feed(parl_splitter *it, const char *text, size_t len, bool more)
{
    const state *s = &it->s;
    it->base = s->sc.pos < s->bnd ? s->sc.pos : s->bnd;
    it->text = (const unsigned char *)(text ? text : "");
    if (!text) len = 0;
    it->len = len;
    if (more) it->flags |= PARL_SPLIT_MORE;
    else it->flags &= ~PARL_SPLIT_MORE;
    set_limit(it);
    it->saved = it->s;
}

int parl_split_force(parl_splitter *it, parl_sentence *out)
{
    if (!(it->flags & PARL_SPLIT_MORE) || it->s.done) return 0;
    /* scan the whole window (decisions near its end see less lookahead: the
     * price of a window too small for its sentence), then cut */
    it->force = 1;
    it->lim = it->len;
    int r = parl_split_next(it, out);
    it->force = 0;
    set_limit(it);
    return r;
}

size_t parl_split_invalid_bytes(const parl_splitter *it) { return it->s.sc.bad; }
size_t parl_split_nul_bytes(const parl_splitter *it) { return it->s.sc.nul; }

parl_span parl__sl_trim(const unsigned char *text, size_t len, size_t a, size_t b)
{
    parl_splitter t;
    t.text = text;
    t.len = len;
    t.base = 0;
    size_t eols;
    a = skip_blank(&t, a, b, &eols);
    b = trim_back(&t, a, b, &eols);
    parl_span sp = { a, b - a };
    return sp;
}
