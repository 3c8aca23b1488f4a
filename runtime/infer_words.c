/* infer_words: token text -> vocabulary id, through the hash table the
 * generator built (the way SQLite's tokenizer looks up keywords). */
#include <string.h>
#include "infer_internal.h"

#define WORD_MAX 48

uint16_t parl__word_id(const char *text, size_t n)
{
    char buf[WORD_MAX];
    size_t k = 0;
    const unsigned char *p = (const unsigned char *)text;
    for (size_t i = 0; i < n; i++) {
        if (k == WORD_MAX - 1) return 0;   /* longer than any vocabulary word */
        unsigned char c = p[i];
        if (c == 0xE2 && i + 2 < n && p[i + 1] == 0x80 && p[i + 2] == 0x99) { c = '\''; i += 2; }
        else if (c >= 'A' && c <= 'Z') c = (unsigned char)(c + 32);
        buf[k++] = (char)c;
    }
    buf[k] = 0;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < k; i++) h = (h ^ (unsigned char)buf[i]) * 16777619u;
    for (h &= parl__word_hash_mask; parl__word_hash[h]; h = (h + 1) & parl__word_hash_mask)
        if (!strcmp(parl__word_text[parl__word_hash[h]], buf)) return parl__word_hash[h];
    return 0;
}
