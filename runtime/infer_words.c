/* infer_words: the word sets of pattern elements. */
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
