/* word_hash.h: the hash under which the generator files vocabulary words
 * (tools/gen_infer.c) and the runtime looks them up (infer_words.c). One
 * definition for both, so they cannot disagree. Like SQLite's keyword hash
 * it reads only a few bytes of the word: the first, the second, the last and
 * the length; a chain of equal hashes is then compared in full. */
#ifndef PARL_WORD_HASH_H
#define PARL_WORD_HASH_H
#include <stddef.h>
#include <stdint.h>

/* No vocabulary word is longer (the generator refuses longer ones). */
#define PARL__WORD_MAX 64

/* Words are compared with ASCII letters folded to lower case. */
static inline unsigned parl__fold(unsigned char c)
{
    return (unsigned)(c - 'A') < 26u ? c + 32u : c;
}

/* The hash of the N bytes at P (N >= 1), folded. */
static inline uint32_t parl__word_hash_of(const unsigned char *p, size_t n)
{
    uint32_t k = parl__fold(p[0]) << 16 | parl__fold(p[n > 1]) << 8 | parl__fold(p[n - 1]);
    uint32_t h = (k ^ (uint32_t)n << 24) * 0x9E3779B1u;
    return h ^ h >> 15;
}
#endif
