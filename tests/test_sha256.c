/* SPDX-License-Identifier: MIT */
/* test_sha256: tools/sha256.c against the FIPS 180-4 examples (FIPS 180-2
 * appendix B and the NIST example values), against sha256sum on the padding
 * boundaries, and incremental updates against one-shot hashing. */
#include <stdlib.h>
#include <unistd.h>
#include "sha256.h"
#include "testlib.h"

static void hex_of(sha256_ctx *c, char hex[65])
{
    unsigned char d[32];
    sha256_final(c, d);
    for (int i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

static void fips_vectors(void)
{
    static const struct { const char *msg, *hex; } v[] = {
        { "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
        { "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
        { "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
        { "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
          "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1" },
    };
    char hex[65];
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        sha256_hex(v[i].msg, strlen(v[i].msg), hex);
        CHECK(!strcmp(hex, v[i].hex), "sha256(\"%s\") = %s, want %s", v[i].msg, hex, v[i].hex);
    }
    /* one million 'a', fed in uneven pieces */
    static char a[1000];
    memset(a, 'a', sizeof a);
    sha256_ctx c;
    sha256_init(&c);
    for (size_t n = 0, k = 1; n < 1000000; n += k, k = k % 997 + 1)
        sha256_update(&c, a, n + k > 1000000 ? 1000000 - n : k);
    hex_of(&c, hex);
    CHECK_EQ_STR(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

/* Any split of the input into updates gives the one-shot digest. */
static void incremental(const unsigned char *buf, size_t n)
{
    char one[65], hex[65];
    sha256_hex(buf, n, one);
    int bad = 0;
    for (size_t step = 1; step <= 130; step++) {
        sha256_ctx c;
        sha256_init(&c);
        for (size_t off = 0; off < n; off += step) sha256_update(&c, buf + off, off + step > n ? n - off : step);
        hex_of(&c, hex);
        bad += strcmp(hex, one) != 0;
    }
    CHECK(bad == 0, "%d incremental splits differ from the one-shot digest", bad);
}

/* Lengths around the 55/56/64-byte padding edges, against sha256sum. */
static void against_sha256sum(const unsigned char *buf)
{
    static const size_t lens[] = { 0, 1, 55, 56, 57, 63, 64, 65, 111, 112, 119, 120, 127, 128, 129, 1000, 4095 };
    char path[] = "/tmp/parl_sha_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) { CHECK(0, "mkstemp failed"); return; }
    close(fd);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        FILE *f = fopen(path, "wb");
        fwrite(buf, 1, lens[i], f);
        fclose(f);
        char cmd[128], want[65] = "", got[65];
        snprintf(cmd, sizeof cmd, "sha256sum %s", path);
        FILE *p = popen(cmd, "r");
        if (!p || fscanf(p, "%64s", want) != 1) want[0] = 0;
        if (p) pclose(p);
        sha256_hex(buf, lens[i], got);
        CHECK(!strcmp(got, want), "length %zu: %s, sha256sum says %s", lens[i], got, want);
    }
    unlink(path);
}

int main(void)
{
    unsigned char buf[4096];
    unsigned x = 12345;
    for (size_t i = 0; i < sizeof buf; i++) buf[i] = (unsigned char)((x = x * 1103515245u + 12345u) >> 16);
    fips_vectors();
    incremental(buf, 1000);
    incremental(buf, 64);
    against_sha256sum(buf);
    return TEST_SUMMARY("test_sha256");
}
