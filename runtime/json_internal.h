/* SPDX-License-Identifier: MIT */
/* json_internal.h: the one JSON writer of the library (runtime/json_*.c and
 * the answers' JSON in runtime/answer.c). Not part of the public API.
 *
 * A writer fills a caller buffer and counts every byte, written or not, so
 * that a call with too small a buffer still returns the size it needs. */
#ifndef PARL_JSON_INTERNAL_H
#define PARL_JSON_INTERNAL_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "parlance.h"

typedef struct parl__json {
    char *out;
    size_t cap;              /* bytes of OUT, the NUL included */
    size_t n;                /* bytes of JSON so far, written or not */
    unsigned char pend[4];   /* a UTF-8 sequence cut between two string parts */
    unsigned npend;
} parl__json;

/* Inline, as parl__json_end: a sentence's JSON for the CLI is one writer. */
static inline void parl__json_init(parl__json *j, char *out, size_t cap)
{
    j->out = out;
    j->cap = out ? cap : 0;
    j->n = 0;
    j->npend = 0;
}
/* Ends the text with a NUL (within CAP) and returns its full length. */
static inline size_t parl__json_end(parl__json *j)
{
    if (j->cap) j->out[j->n < j->cap ? j->n : j->cap - 1] = 0;
    return j->n;
}

/* Bytes as they are; the part past CAP is counted, not written. Inline:
 * most pieces of JSON are short literals. */
void parl__json_cut(parl__json *j, const char *s);   /* the part of S that fits */
static inline void parl__json_raw(parl__json *j, const char *s, size_t n)
{
    if (j->n <= j->cap && n <= j->cap - j->n) memcpy(j->out + j->n, s, n);
    else parl__json_cut(j, s);
    j->n += n;
}
static inline void parl__json_lit(parl__json *j, const char *s) { parl__json_raw(j, s, strlen(s)); }
void parl__json_uint_slow(parl__json *j, uint64_t v);
/* The digits of any V at P (at most 20 bytes); returns their end. */
char *parl__json_put_uint(char *p, uint64_t v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
    (defined(__GNUC__) || defined(__clang__))
/* V < 10^8 as eight digit values (0-9), leading zeros kept, the first digit
 * in the lowest byte: split 4+4, 2+2, 1+1 in the lanes of one integer, each
 * division by a constant a multiply and a shift (exact in these ranges:
 * 5243 / 2^19 below 43,699, 103 / 2^10 below 179). */
#define PARL__JSON_EIGHT_DIGITS 1
static inline uint64_t parl__json_eight_digits(uint32_t v)
{
    uint64_t x = v / 10000u;
    x |= (uint64_t)(v - (uint32_t)x * 10000u) << 32;
    uint64_t q = ((x * 5243u) >> 19) & 0x0000007F0000007Fu;
    x = q | (x - q * 100u) << 16;
    q = ((x * 103u) >> 10) & 0x000F000F000F000Fu;
    return q | (x - q * 10u) << 8;
}

/* X, eight digit values as parl__json_eight_digits gives them, at P in one
 * store of eight bytes, the leading zeros (the zero bytes at the bottom)
 * shifted out; returns the end of its digits. */
static inline char *parl__json_put_eight(char *p, uint64_t x)
{
    /* the top digit's bit stops the count at 7: "0" keeps one */
    unsigned t = (unsigned)__builtin_ctzll(x | (uint64_t)1 << 56);
    x = (x + 0x3030303030303030u) >> (t & 56);
    memcpy(p, &x, 8);
    return p + 8 - (t >> 3);
}

/* V < 10^8 at P; returns the end of its digits. */
static inline char *parl__json_put_digits(char *p, uint32_t v)
{
    return parl__json_put_eight(p, parl__json_eight_digits(v));
}

/* Numbers below 10^8 (every offset and count of a text under 100 MB) in
 * one step, inline: a profile writes nine numbers a sentence, and the call,
 * the digit count and the checks of the copy this replaced were more than
 * half of each. */
static inline void parl__json_uint(parl__json *j, uint64_t v)
{
    if (v < 100000000u && j->cap >= 8 && j->n <= j->cap - 8)
        j->n = (size_t)(parl__json_put_digits(j->out + j->n, (uint32_t)v) - j->out);
    else parl__json_uint_slow(j, v);
}
#else
static inline void parl__json_uint(parl__json *j, uint64_t v) { parl__json_uint_slow(j, v); }
#endif
void parl__json_int(parl__json *j, int64_t v);
void parl__json_fixed2(parl__json *j, double v);          /* as printf's "%.2f" */
void parl__json_bool(parl__json *j, bool v);
/* A string in pieces: open, any number of parts, close. A UTF-8 sequence
 * may be cut between parts; invalid bytes become \ufffd. */
static inline void parl__json_open(parl__json *j)
{
    j->npend = 0;
    parl__json_raw(j, "\"", 1);
}
void parl__json_part(parl__json *j, const char *s, size_t n);
void parl__json_close(parl__json *j);
void parl__json_str(parl__json *j, const char *s, size_t n);
void parl__json_cstr(parl__json *j, const char *s);      /* NULL: null */
void parl__json_name(parl__json *j, const char *s);      /* NULL or "": null */

/* Length of the valid UTF-8 sequence at S (at most N bytes), 0 if invalid:
 * what JSON strings keep; any other byte becomes \ufffd. */
size_t parl__utf8_len(const unsigned char *s, size_t n);
/* Code point CP (at most U+10FFFF) as UTF-8 into OUT: its length, 1 to 4. */
size_t parl__utf8_put(unsigned cp, char out[4]);

/* Offsets in the unit FLAGS ask for (see PARL_JSON_CHARS). */
static inline size_t parl__offsets_unit(const parl_offsets *c, unsigned flags)
{
    return flags & PARL_JSON_UTF16 ? c->utf16 : flags & PARL_JSON_CHARS ? c->chars : c->byte;
}
/* C moved to OFF and E (C's copy) to END when the bytes from C's to END
 * are ASCII: a code point and a UTF-16 unit each (parl_offsets_advance's
 * count, which this is for such a span). */
static inline void parl__offsets_ascii(parl_offsets *c, parl_offsets *e, size_t off, size_t end)
{
    c->chars += off - c->byte;
    c->utf16 += off - c->byte;
    c->byte = off;
    e->byte = end;
    e->chars = c->chars + (end - off);
    e->utf16 = c->utf16 + (end - off);
}
/* The first byte from I to END of WIN (WIN[0] is byte BASE) that is not
 * ASCII, or END: the bytes up to it count by parl__offsets_ascii. */
size_t parl__ascii_end(const char *win, size_t base, size_t i, size_t end);
/* How far past a sentence ending at END a writer looks for bytes that are
 * not ASCII (the bytes are read again for the sentences, while in the
 * cache): parl__ascii_end from FROM to END + PARL__ASCII_AHEAD, at most
 * to LIM, the end of the text in memory. */
#define PARL__ASCII_AHEAD 4096
static inline size_t parl__ascii_ahead(const char *win, size_t base, size_t from, size_t end, size_t lim)
{
    return parl__ascii_end(win, base, from, end < lim && lim - end > PARL__ASCII_AHEAD ? end + PARL__ASCII_AHEAD : lim);
}
/* parl_sentence_json, the bytes from C's up to ASCII_TO known to be ASCII
 * (parl__ascii_end; 0: none known): `parlance split --jsonl` looks at a
 * stretch of the text once rather than at each sentence and the gap
 * before it. */
size_t parl__sentence_json(const char *win, size_t base, const parl_sentence *s, size_t index,
                           parl_offsets *c, unsigned flags, size_t ascii_to, char *out, size_t cap);
/* C moved to OFF and E (C's copy) to END, as parl_offsets_advance does
 * them one after the other (OFF <= END); one pass over an ASCII span. */
void parl__offsets_span(parl_offsets *c, parl_offsets *e, const char *win, size_t base, size_t off,
                        size_t end);
/* The offset OFF of TEXT in that unit through cursor C, restarted from the
 * text's start when OFF is behind it. */
size_t parl__offsets_at(parl_offsets *c, const char *text, size_t off, unsigned flags);

/* The intent's object, its search text a span of REQ (runtime/json_doc.c). */
void parl__json_intent(parl__json *j, const parl_intent *in, const char *req);

/* Writes the answer's text (as one JSON string's parts) to TEXT and its
 * quotes (as span objects, offsets in FLAGS' unit) to QUOTES; either may be
 * NULL (runtime/answer.c). */
void parl__answer_json(const parl_doc *d, const parl_intent *in, const char *req, size_t req_len,
                       unsigned flags, parl__json *text, parl__json *quotes);

/* The dialect's texts as a JSON string's parts (runtime/dialect_text.c):
 * content without its quoting, the hint's sentence, a verb's template
 * (J NULL: nothing written; returns the text's length). */
void parl__text_json(parl__json *j, const char *msg, const parl_text *t);
void parl__hint_message_json(parl__json *j, const parl_dialect_ctx *ctx, const char *msg,
                             const parl_command *c);
size_t parl__custom_apply_json(parl__json *j, const parl_dialect_ctx *ctx, const char *msg,
                               const parl_command *c);
/* A policy decision's sentence. */
void parl__decision_message_json(parl__json *j, const parl_dialect_ctx *ctx, const parl_decision *d);
#endif
