/* SPDX-License-Identifier: MIT */
/* answer_internal.h: byte-level helpers shared by runtime/answer*.c. Not part
 * of the public API. Lines end at CRLF, LF or a lone CR, as everywhere in
 * parlance; white space is what the sentence lexer treats as white space. */
#ifndef PARL_ANSWER_INTERNAL_H
#define PARL_ANSWER_INTERNAL_H
#include <stddef.h>
#include "parlance.h"

/* End of the line starting at POS (its content is [POS, end)); *NEXT gets
 * the start of the following line (LEN at the end). */
static inline size_t parl__line_end(const char *d, size_t len, size_t pos, size_t *next)
{
    size_t e = pos;
    while (e < len && d[e] != '\n' && d[e] != '\r') e++;
    size_t n = e;
    if (n < len) n += (d[n] == '\r' && n + 1 < len && d[n + 1] == '\n') ? 2 : 1;
    *next = n;
    return e;
}

/* Bytes of the white space character at POS, 0 if none. Line breaks count
 * (the caller tells them apart); Unicode spaces as in gen/sentence_lex.re. */
static inline size_t parl__space_len(const char *d, size_t len, size_t pos)
{
    unsigned char c = (unsigned char)d[pos];
    if (c == ' ' || (c >= '\t' && c <= '\r')) return 1;
    if (c < 0xc2) return 0;
    unsigned cp;
    size_t n;
    if (c < 0xe0) {
        if (pos + 1 >= len || ((unsigned char)d[pos + 1] & 0xc0) != 0x80) return 0;
        cp = ((c & 0x1fu) << 6) | ((unsigned char)d[pos + 1] & 0x3fu);
        n = 2;
    } else if (c < 0xf0) {
        if (pos + 2 >= len || ((unsigned char)d[pos + 1] & 0xc0) != 0x80
            || ((unsigned char)d[pos + 2] & 0xc0) != 0x80) return 0;
        cp = ((c & 0x0fu) << 12) | (((unsigned char)d[pos + 1] & 0x3fu) << 6)
             | ((unsigned char)d[pos + 2] & 0x3fu);
        n = 3;
    } else {
        return 0;
    }
    if (cp == 0xa0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028
        || cp == 0x2029 || cp == 0x202f || cp == 0x205f || cp == 0x3000 || cp == 0xfeff)
        return n;
    return 0;
}

static inline int parl__all_blank(const char *d, size_t a, size_t b)
{
    for (; a < b; a++)
        if (d[a] != ' ' && d[a] != '\t') return 0;
    return 1;
}

/* The section a heading's words name (grammar/sections.yaml), or NONE. */
parl_section parl__section_of(const char *text, size_t n);
#endif
