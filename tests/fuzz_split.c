/* SPDX-License-Identifier: MIT */
/* fuzz_split.c: libFuzzer target for the sentence splitter.
 * Checks that spans stay in bounds, ordered, trimmed and non-empty, that
 * lines and paragraphs never go backwards, and that splitting in windows
 * (PARL_SPLIT_MORE) gives exactly the sentences of the whole text. */
#include "parlance.h"
#include <stdlib.h>
#include <string.h>

#define MAXS 8192
#define AHEAD 256   /* LOOKAHEAD in runtime/split.c */

static int is_blank(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static size_t whole(const char *t, size_t n, parl_sentence *out, unsigned flags)
{
    parl_splitter it;
    size_t k = 0;
    parl_split_init(&it, t, n, flags);
    while (k < MAXS && parl_split_next(&it, &out[k])) {
        const parl_sentence *s = &out[k];
        if (s->len == 0 || s->off + s->len > n) abort();
        if (is_blank((unsigned char)t[s->off]) || is_blank((unsigned char)t[s->off + s->len - 1]))
            abort();
        if (k && (s->off < out[k - 1].off + out[k - 1].len || s->line < out[k - 1].end_line ||
                  s->para < out[k - 1].para))
            abort();
        if (s->end_line < s->line || s->para == 0) abort();
        k++;
    }
    return k;
}

/* The CLI's loop with a window of WIN bytes; *CUTS counts forced cuts. */
static size_t windows(const char *t, size_t n, size_t win, parl_sentence *out, int *cuts)
{
    char *buf = malloc(win);
    size_t have = n < win ? n : win, pos = have, k = 0;
    *cuts = 0;
    memcpy(buf, t, have);
    parl_splitter it;
    parl_sentence s;
    parl_split_init(&it, buf, have, pos < n ? PARL_SPLIT_MORE : 0);
    for (size_t rounds = 0;; rounds++) {
        if (rounds > 3 * n + 16) abort();   /* every round must make progress */
        while (parl_split_next(&it, &s)) {
            if (s.off < it.base || s.off + s.len > it.base + it.len) abort();
            if (k < MAXS) out[k] = s;
            k++;
        }
        if (!(it.flags & PARL_SPLIT_MORE)) break;
        size_t keep = parl_split_pending(&it);
        if (keep > have) abort();
        if (keep == 0 && have == win) {
            if (parl_split_force(&it, &s)) { if (k < MAXS) out[k] = s; k++; }
            (*cuts)++;
            continue;
        }
        memmove(buf, buf + keep, have - keep);
        have -= keep;
        size_t add = n - pos < win - have ? n - pos : win - have;
        memcpy(buf + have, t + pos, add);
        have += add;
        pos += add;
        parl_split_feed(&it, buf, have, pos < n);
    }
    free(buf);
    return k;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    static parl_sentence a[MAXS], b[MAXS];
    const char *t = (const char *)data;
    size_t n = whole(t, size, a, 0);
    size_t m = whole(t, size, b, PARL_SPLIT_COUNT);
    if (n != m) abort();
    for (size_t i = 0; i < n; i++)
        if (a[i].off != b[i].off || a[i].len != b[i].len || a[i].line != b[i].line) abort();
    /* windows: the same sentences, unless one (with the blanks before it)
     * cannot fit in a window and had to be cut */
    size_t win = PARL_SPLIT_MARGIN + 1 + (size ? data[0] : 0) * 8;
    int cuts;
    size_t w = windows(t, size, win, b, &cuts);
    if (n >= MAXS || w >= MAXS) return 0;
    if (cuts == 0) {
        if (w != n) abort();
        for (size_t i = 0; i < n; i++)
            if (a[i].off != b[i].off || a[i].len != b[i].len || a[i].line != b[i].line ||
                a[i].para != b[i].para || a[i].kind != b[i].kind)
                abort();
    } else {
        /* a cut is allowed when some sentence, with what the splitter must
         * see to end it (the blanks after it, up to the next sentence's
         * start), and the blanks before it, nearly fills the window; plus
         * AHEAD: a boundary put ahead of the scanner (after an e-mail
         * address, at most 256 bytes on) is where a window restarts only
         * once the scanner has stopped past it */
        size_t need = 0;
        for (size_t i = 0; i < n; i++) {
            size_t prev = i ? a[i - 1].off + a[i - 1].len : 0;
            size_t next = i + 1 < n ? a[i + 1].off : size;
            if (next - prev > need) need = next - prev;
        }
        if (n == 0) need = size;
        if (need + PARL_SPLIT_MARGIN + 64 + AHEAD < win) abort();
    }
    return 0;
}
