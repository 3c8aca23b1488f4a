/* infer_words: token text -> vocabulary id (the lookup itself is inline in
 * infer_internal.h, for the lexer), and pattern word sets. */
#include "infer_internal.h"

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
    return n ? parl__word_at(text, n, 0, n) : 0;
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
