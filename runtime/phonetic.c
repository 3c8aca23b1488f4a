/* SPDX-License-Identifier: MIT */
/* phonetic.c: the string measures behind fuzzy verb matching: bounded
 * Levenshtein distance, American Soundex and (original) Metaphone. All work
 * on ASCII letters, fold case, and use small fixed stack buffers: inputs
 * are verbs, so anything longer than PARL_VERB_MAX_LEN is cut or refused. */
#include "verb_match.h"
#include <string.h>

static unsigned char upper(unsigned char c)
{
    return c >= 'a' && c <= 'z' ? (unsigned char)(c - 32) : c;
}

/* Bit-parallel edit distance (Myers 1999, in Hyyro's formulation): the
 * pattern's positions are the bits of a word, each byte of the other
 * string is one step of a few logic operations. The pattern table is built
 * once per query word and reused against every verb word. */
void parl__dia_peq_init(parl__peq *q, const char *p, size_t m)
{
    memset(q->eq, 0, sizeof q->eq);
    q->m = m > PARL_VERB_MAX_LEN ? 0 : m;
    for (size_t i = 0; i < q->m; i++) q->eq[parl__lower((unsigned char)p[i])] |= 1u << i;
}

int parl__dia_peq_distance(const parl__peq *q, const char *t, size_t n, int max)
{
    size_t m = q->m;
    if (max < 0) return 0;
    if ((m > n ? m - n : n - m) > (size_t)max) return max + 1;
    if (m == 0) return (int)n;
    uint32_t last = 1u << (m - 1), vp = ~0u, vn = 0;
    int score = (int)m;
    for (size_t j = 0; j < n; j++) {
        uint32_t eq = q->eq[parl__lower((unsigned char)t[j])];
        uint32_t x = eq | vn;
        uint32_t d0 = (((x & vp) + vp) ^ vp) | x;
        uint32_t hp = vn | ~(d0 | vp), hn = vp & d0;
        if (hp & last) score++;
        else if (hn & last) score--;
        hp = (hp << 1) | 1u;   /* the top row grows by one per byte */
        hn <<= 1;
        vp = hn | ~(d0 | hp);
        vn = hp & d0;
        /* Each remaining byte lowers the score by one at most. */
        if (score - (int)(n - j - 1) > max) return max + 1;
    }
    return score <= max ? score : max + 1;
}

int parl_levenshtein(const char *a, size_t na, const char *b, size_t nb, int max)
{
    if (max < 0) return 0;
    if (na > PARL_VERB_MAX_LEN || nb > PARL_VERB_MAX_LEN) return max + 1;
    parl__peq q;
    parl__dia_peq_init(&q, a, na);
    return parl__dia_peq_distance(&q, b, nb, max);
}

/* Soundex digit of an upper-case letter: 0 for vowels (they separate equal
 * digits), -1 for H and W (they do not). */
static int soundex_digit(unsigned char c)
{
    static const signed char d[26] = {
        /* A  B  C  D  E  F  G   H  I  J  K  L  M  N  O  P  Q  R  S  T  U  V   W  X  Y  Z */
           0, 1, 2, 3, 0, 1, 2, -1, 0, 2, 2, 4, 5, 5, 0, 1, 2, 6, 2, 3, 0, 1, -1, 2, 0, 2,
    };
    return d[c - 'A'];
}

size_t parl_soundex(const char *s, size_t n, char out[5])
{
    size_t i = 0, k = 0;
    out[0] = 0;
    while (i < n && !parl__is_alpha((unsigned char)s[i])) i++;
    if (i == n) return 0;
    unsigned char first = upper((unsigned char)s[i++]);
    out[k++] = (char)first;
    int last = soundex_digit(first);
    for (; i < n && k < 4; i++) {
        unsigned char c = (unsigned char)s[i];
        if (!parl__is_alpha(c)) continue;
        int d = soundex_digit(upper(c));
        if (d < 0) continue;
        if (d > 0 && d != last) out[k++] = (char)('0' + d);
        last = d;
    }
    while (k < 4) out[k++] = '0';
    out[4] = 0;
    return 4;
}

static bool vowel(unsigned char c)
{
    return c == 'A' || c == 'E' || c == 'I' || c == 'O' || c == 'U';
}

/* Lawrence Philips' original Metaphone rules. */
size_t parl_metaphone(const char *s, size_t n, char *out, size_t cap)
{
    unsigned char w[PARL_VERB_MAX_LEN];
    size_t len = 0, k = 0;
    for (size_t i = 0; i < n && len < sizeof w; i++)
        if (parl__is_alpha((unsigned char)s[i])) w[len++] = upper((unsigned char)s[i]);
    if (cap == 0) return 0;
#define EMIT(c) do { if (k + 1 < cap) out[k++] = (char)(c); } while (0)
    /* START: where the word effectively begins (a vowel there is kept). */
    size_t i = 0, start = 0;
    if (len >= 2) {
        unsigned char a = w[0], b = w[1];
        if (((a == 'K' || a == 'G' || a == 'P') && b == 'N') || (a == 'A' && b == 'E') ||
            (a == 'W' && b == 'R'))
            i = start = 1;
        else if (a == 'W' && b == 'H') { EMIT('W'); i = 2; }
    }
    if (len && w[0] == 'X') { EMIT('S'); i = 1; }
    for (; i < len; i++) {
        unsigned char c = w[i], prev = i ? w[i - 1] : 0;
        unsigned char next = i + 1 < len ? w[i + 1] : 0, next2 = i + 2 < len ? w[i + 2] : 0;
        if (c == prev && c != 'C' && i > 0) continue;
        switch (c) {
        case 'A': case 'E': case 'I': case 'O': case 'U':
            if (i == start) EMIT(c);
            break;
        case 'B':
            if (!(prev == 'M' && i + 1 == len)) EMIT('B');
            break;
        case 'C':
            if (next == 'I' && next2 == 'A') EMIT('X');
            else if (next == 'H') { EMIT(prev == 'S' ? 'K' : 'X'); i++; }
            else if (next == 'I' || next == 'E' || next == 'Y') { if (prev != 'S') EMIT('S'); }
            else EMIT('K');
            break;
        case 'D':
            if (next == 'G' && (next2 == 'E' || next2 == 'Y' || next2 == 'I')) { EMIT('J'); i++; }
            else EMIT('T');
            break;
        case 'G':
            if (next == 'H' && i + 2 < len && !vowel(next2)) break;
            if (next == 'N' && (i + 2 == len || (i + 4 == len && w[i + 2] == 'E' && w[i + 3] == 'D')))
                break;
            if ((next == 'I' || next == 'E' || next == 'Y') && prev != 'G') EMIT('J');
            else EMIT('K');
            break;
        case 'H':
            if (prev == 'C' || prev == 'G' || prev == 'P' || prev == 'S' || prev == 'T') break;
            if (vowel(prev) && !vowel(next)) break;
            EMIT('H');
            break;
        case 'K':
            if (prev != 'C') EMIT('K');
            break;
        case 'P':
            if (next == 'H') { EMIT('F'); i++; }
            else EMIT('P');
            break;
        case 'Q': EMIT('K'); break;
        case 'S':
            if (next == 'H') { EMIT('X'); i++; }
            else if (next == 'I' && (next2 == 'O' || next2 == 'A')) EMIT('X');
            else EMIT('S');
            break;
        case 'T':
            if (next == 'I' && (next2 == 'O' || next2 == 'A')) EMIT('X');
            else if (next == 'H') { EMIT('0'); i++; }
            else if (!(next == 'C' && next2 == 'H')) EMIT('T');
            break;
        case 'V': EMIT('F'); break;
        case 'W': case 'Y':
            if (vowel(next)) EMIT(c);
            break;
        case 'X': EMIT('K'); EMIT('S'); break;
        case 'Z': EMIT('S'); break;
        default: EMIT(c); break;   /* F J L M N R */
        }
    }
#undef EMIT
    out[k] = 0;
    return k;
}
