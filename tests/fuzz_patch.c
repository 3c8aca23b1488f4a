/* SPDX-License-Identifier: MIT */
/* fuzz_patch.c: libFuzzer target for the unified diff parser, apply and diff.
 *
 * Input: one option byte, then two parts split at the first NUL byte (or
 * in the middle when there is none). Properties checked:
 *   - parsing part 1 as a patch never crashes; every span it reports lies
 *     inside the text and the hunk lines agree with the header counts;
 *   - applying it to part 2 either succeeds with exactly the measured size
 *     or fails leaving the output buffer untouched;
 *   - diff(part 1, part 2) parses and applied to part 1 gives part 2. */
#include "parlance.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define REQUIRE(c) do { if (!(c)) __builtin_trap(); } while (0)

static void check_parse(const char *p, size_t n)
{
    parl_patch_iter it;
    parl_hunk h;
    parl_patch_report r;
    parl_patch_begin(&it, p, n);
    int got;
    while ((got = parl_patch_next(&it, &h, &r)) == 1) {
        REQUIRE(h.body.off <= n && h.body.len <= n - h.body.off);
        size_t old = 0, new_ = 0;
        parl_hunk_lines hl;
        parl_patch_line pl;
        parl_hunk_lines_begin(&hl, p, &h);
        while (parl_hunk_lines_next(&hl, &pl)) {
            REQUIRE(pl.text.off >= h.body.off && pl.text.off + pl.text.len <= h.body.off + h.body.len);
            old += pl.op != '+';
            new_ += pl.op != '-';
        }
        REQUIRE(old == h.old_count && new_ == h.new_count);
    }
    REQUIRE(got == 0 || (got == -1 && r.status != PARL_PATCH_OK && r.line > 0));
}

static void check_apply(const char *p, size_t n, const char *src, size_t sn, size_t drift)
{
    parl_patch_opts o = { drift, NULL, 0 };
    parl_patch_report r;
    parl_patch_status st = parl_patch_apply(p, n, src, sn, NULL, 0, &o, &r);
    if (st != PARL_PATCH_E_SPACE && st != PARL_PATCH_OK) {
        REQUIRE(r.status == st && r.line > 0);
        return;
    }
    size_t need = st == PARL_PATCH_OK ? 0 : r.needed;
    char *out = malloc(need + 1);
    memset(out, 'Z', need + 1);
    if (need) {   /* one byte short: nothing written */
        REQUIRE(parl_patch_apply(p, n, src, sn, out, need - 1, &o, &r) == PARL_PATCH_E_SPACE);
        for (size_t i = 0; i <= need; i++) REQUIRE(out[i] == 'Z');
    }
    REQUIRE(parl_patch_apply(p, n, src, sn, out, need, &o, &r) == PARL_PATCH_OK);
    REQUIRE(r.len == need && out[need] == 'Z');
    free(out);
}

static void check_diff(const char *a, size_t an, const char *b, size_t bn, size_t max_cost)
{
    parl_diff_opts o = { PARL_DIFF_CONTEXT, "a", 1, "b", 1, max_cost };
    parl_patch_report r;
    size_t ws = parl_diff_work_size(a, an, b, bn);
    void *work = malloc(ws);
    parl_patch_status st = parl_diff(a, an, b, bn, &o, work, ws, NULL, 0, &r);
    REQUIRE(st == PARL_PATCH_OK || st == PARL_PATCH_E_SPACE);
    size_t dn = st == PARL_PATCH_OK ? 0 : r.needed;
    char *d = malloc(dn + 1);
    REQUIRE(parl_diff(a, an, b, bn, &o, work, ws, d, dn, &r) == PARL_PATCH_OK && r.len == dn);
    if (r.hunks == 0) {
        REQUIRE(dn == 0 && an == bn && memcmp(a, b, an) == 0);
    } else {
        char *res = malloc(bn + 1);
        REQUIRE(parl_patch_check(d, dn, &r) == PARL_PATCH_OK);
        REQUIRE(parl_patch_apply(d, dn, a, an, res, bn, NULL, &r) == PARL_PATCH_OK);
        REQUIRE(r.len == bn && memcmp(res, b, bn) == 0);
        free(res);
    }
    free(d);
    free(work);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    unsigned opt = data[0];
    const char *p = (const char *)data + 1;
    size_t n = size - 1;
    const char *nul = memchr(p, 0, n);
    size_t cut = nul ? (size_t)(nul - p) : n / 2;
    const char *q = nul ? nul + 1 : p + cut;
    size_t qn = n - (size_t)(q - p);

    check_parse(p, cut);
    check_parse(p, n);
    check_apply(p, cut, q, qn, opt & 7 ? (size_t)1 << (opt & 7) : 0);
    check_diff(p, cut, q, qn, opt & 8 ? 1 + (opt >> 4) : 0);
    return 0;
}
