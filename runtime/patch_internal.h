/* SPDX-License-Identifier: MIT */
/* patch_internal.h: helpers shared by patch_parse.c, patch_apply.c and
 * patch_diff.c. Not public API. */
#ifndef PARL_PATCH_INTERNAL_H
#define PARL_PATCH_INTERNAL_H
#include "parlance.h"
#include <string.h>

/* An output sink that writes when it has a buffer and always counts, so one
 * routine both measures (buf NULL) and writes (buf large enough). */
typedef struct parl_sink {
    char *buf;
    size_t len;
} parl_sink;

static inline void sink_put(parl_sink *s, const char *p, size_t n)
{
    if (s->buf && n) memcpy(s->buf + s->len, p, n);
    s->len += n;
}

static inline void sink_byte(parl_sink *s, char c)
{
    if (s->buf) s->buf[s->len] = c;
    s->len++;
}

/* Lines of a text: each ends with '\n' except perhaps the last one. */
static inline size_t text_line_count(const char *t, size_t len)
{
    size_t n = 0;
    const char *p = t, *end = t + len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        n++;
        if (!nl) break;
        p = nl + 1;
    }
    return n;
}

/* End of the line starting at POS (the offset after its '\n', or LEN). */
static inline size_t text_line_end(const char *t, size_t len, size_t pos)
{
    const char *nl = memchr(t + pos, '\n', len - pos);
    return nl ? (size_t)(nl - t) + 1 : len;
}

/* Old-text range of a hunk as 0-based [lo, lo + old_count): with count 0
 * the start names the line after which the hunk applies. */
static inline size_t hunk_lo(const parl_hunk *h)
{
    return h->old_count ? h->old_start - 1 : h->old_start;
}

static inline void report_clear(parl_patch_report *rep)
{
    memset(rep, 0, sizeof *rep);
}
#endif
