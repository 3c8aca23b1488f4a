/* SPDX-License-Identifier: MIT */
/* sha256.h: SHA-256 (FIPS 180-4) for the document store's content hashes
 * (tools/sha256.c). No library provides it here: the build has no OpenSSL. */
#ifndef PARL_SHA256_H
#define PARL_SHA256_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t h[8];
    uint64_t bytes;          /* message length so far */
    unsigned char block[64]; /* a partial block */
    size_t fill;
} sha256_ctx;

void sha256_init(sha256_ctx *c);
void sha256_update(sha256_ctx *c, const void *data, size_t n);
void sha256_final(sha256_ctx *c, unsigned char digest[32]);
/* The digest of DATA as 64 lower-case hex digits and a NUL. */
void sha256_hex(const void *data, size_t n, char hex[65]);
#endif
