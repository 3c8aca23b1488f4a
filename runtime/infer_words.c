/* infer_words: token text -> vocabulary id, through the hash table the
 * generator built (the way SQLite's tokenizer looks up keywords; the hash
 * is in word_hash.h). */
#include "infer_internal.h"
#include "word_hash.h"
#include <string.h>

int parl__elem_takes_word(const parl__elem *e, uint16_t w)
{
    if (!w) return 0;
    if (e->op == PARL__E_WORD) return e->arg == w;
    const uint16_t *s = parl__set_words + e->arg;   /* sorted by the generator */
    int lo = 0, hi = e->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (s[mid] == w) return 1;
        if (s[mid] < w) lo = mid + 1; else hi = mid - 1;
    }
    return 0;
}

/* The chunk of the K (1..8) bytes at P + A, where P[0..N) may be read:
 * one 8-byte load where the buffer allows it and the byte order is known. */
static uint64_t chunk_at(const unsigned char *p, size_t n, size_t a, size_t k)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t x;
    if (a + 8 <= n) {
        memcpy(&x, p + a, 8);
        return parl__fold8(x & (~(uint64_t)0 >> (64 - 8 * k)));
    }
    if (a + k >= 8) {   /* the 8 bytes ending with the chunk */
        memcpy(&x, p + a + k - 8, 8);
        return parl__fold8(x >> (64 - 8 * k));
    }
#else
    (void)n;
#endif
    return parl__word_chunk(p + a, k);
}

uint16_t parl__word_at(const char *text, size_t n, size_t a, size_t b)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t len = b - a;
    if (len == 0 || len > PARL__WORD_MAX) return 0;
    uint64_t first = chunk_at(p, n, a, len < 8 ? len : 8);
    uint32_t h = parl__word_hash_of(first, len) & parl__word_hash_mask;
    for (unsigned id = parl__word_hash[h]; id; id = parl__word_next[id]) {
        const uint64_t *w = parl__word_chunks + parl__word_chunk_off[id];
        if (parl__word_len[id] != len || w[0] != first) continue;
        size_t i = 8;
        while (i < len && chunk_at(p, n, a + i, len - i < 8 ? len - i : 8) == w[i / 8]) i += 8;
        if (i >= len) return (uint16_t)id;
    }
    return 0;
}

uint16_t parl__word_id(const char *text, size_t n)
{
    return parl__word_at(text, n, 0, n);
}

/* A word written with the typographic apostrophe (what’s) is filed under
 * the plain one (what's). */
uint16_t parl__word_id_typographic(const char *text, size_t n)
{
    char buf[PARL__WORD_MAX];
    size_t k = 0;
    const unsigned char *p = (const unsigned char *)text;
    for (size_t i = 0; i < n; i++) {
        if (k == sizeof buf) return 0;   /* longer than any vocabulary word */
        if (p[i] == 0xE2 && i + 2 < n && p[i + 1] == 0x80 && p[i + 2] == 0x99) {
            buf[k++] = '\'';
            i += 2;
        } else {
            buf[k++] = (char)p[i];
        }
    }
    return parl__word_id(buf, k);
}
