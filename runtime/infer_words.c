/* infer_words: token text -> vocabulary id, through the hash table the
 * generator built (the way SQLite's tokenizer looks up keywords). */
#include <string.h>
#include "infer_internal.h"

#define WORD_MAX 48

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

uint16_t parl__word_id(const char *text, size_t n)
{
    char buf[WORD_MAX];
    size_t k = 0;
    uint32_t h = 2166136261u;
    const unsigned char *p = (const unsigned char *)text;
    if (n >= WORD_MAX) return 0;   /* longer than any vocabulary word */
    /* Normalize (ASCII lower case, ’ as ') and hash in one pass. */
    for (size_t i = 0; i < n; i++) {
        unsigned char c = p[i];
        if ((unsigned)(c - 'A') < 26u) c = (unsigned char)(c + 32);
        else if (c == 0xE2 && i + 2 < n && p[i + 1] == 0x80 && p[i + 2] == 0x99) { c = '\''; i += 2; }
        buf[k++] = (char)c;
        h = (h ^ c) * 16777619u;
    }
    for (h &= parl__word_hash_mask; parl__word_hash[h]; h = (h + 1) & parl__word_hash_mask) {
        const char *w = parl__word_text[parl__word_hash[h]];
        if (!strncmp(w, buf, k) && !w[k]) return parl__word_hash[h];
    }
    return 0;
}
