/* word_hash.h: how vocabulary words are filed (by the generator,
 * tools/gen_infer.c) and found (by the runtime, infer_words.c). One
 * definition for both, so they cannot disagree.
 *
 * A word is read as 8-byte chunks, each a number with the first byte
 * lowest and ASCII letters lower-cased, so a lookup compares 8 bytes at a
 * time whatever the case. The first chunk and the length pick the hash
 * chain. */
#ifndef PARL_WORD_HASH_H
#define PARL_WORD_HASH_H
#include <stddef.h>
#include <stdint.h>

/* No vocabulary word is longer (the generator refuses longer ones). */
#define PARL__WORD_MAX 64

/* Lower-cases the ASCII letters among the 8 bytes of X, all at once. */
static inline uint64_t parl__fold8(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101u;
    uint64_t low = x & 0x7f * ones;           /* no byte can carry into the next */
    uint64_t from_a = low + (0x80 - 'A') * ones;   /* high bit: byte >= 'A' */
    uint64_t past_z = low + (0x7f - 'Z') * ones;   /* high bit: byte > 'Z' */
    return x | (from_a & ~past_z & ~x & 0x80 * ones) >> 2;
}

/* The N (1..8) bytes at P as a chunk. */
static inline uint64_t parl__word_chunk(const unsigned char *p, size_t n)
{
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) x |= (uint64_t)p[i] << (8 * i);
    return parl__fold8(x);
}

static inline uint32_t parl__word_hash_of(uint64_t first_chunk, size_t n)
{
    return (uint32_t)(((first_chunk ^ n) * 0x9E3779B97F4A7C15u) >> 32);
}
#endif
