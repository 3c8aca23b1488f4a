/* SPDX-License-Identifier: MIT */
/* patch_apply.c: applies a unified diff to a text, verifying every context
 * and removed line.
 *
 * Three passes over caller memory only: the patch is validated as a whole,
 * then applied into a counting sink (this finds every mismatch and the exact
 * output size), and only then applied again into the caller's buffer. A
 * failing patch therefore never leaves a partial result behind. Positions
 * are found by walking the text line by line; nothing is indexed. */
#include "patch_internal.h"

/* How the patch's line ends relate to the text's. */
typedef enum eol_mode {
    EOL_KEEP,       /* compare and insert bytes as they are */
    EOL_ADD_CR,     /* text is CRLF throughout, patch lines are LF */
    EOL_STRIP_CR    /* text is LF throughout, patch lines are CRLF */
} eol_mode;

typedef struct applier {
    const char *patch;
    size_t patch_len;
    const char *src;
    size_t src_len;
    size_t nlines;      /* lines of src */
    bool src_open;      /* src's last line has no newline */
    eol_mode eol;
    size_t max_drift;
} applier;

/* A position in src: 0-based line and the offset of its first byte. */
typedef struct apply_cursor {
    size_t line, off;
} apply_cursor;

/* Why a hunk does not fit at a position. */
typedef struct miss {
    parl_patch_status st;
    size_t line;        /* patch line */
    size_t src_line;    /* 1-based src line */
} miss;

static void cur_fwd(const applier *a, apply_cursor *c)
{
    c->off = text_line_end(a->src, a->src_len, c->off);
    c->line++;
}

/* Requires c->line > 0: the previous line ends with the '\n' at off - 1. */
static void cur_back(const applier *a, apply_cursor *c)
{
    size_t p = c->off - 1;
    while (p > 0 && a->src[p - 1] != '\n') p--;
    c->off = p;
    c->line--;
}

static void cur_seek(const applier *a, apply_cursor *c, size_t line)
{
    while (c->line < line) cur_fwd(a, c);
    while (c->line > line) cur_back(a, c);
}

/* ---------------------------------------------------------------- line ends */

static bool ends_cr(const char *p, size_t n)
{
    return n > 0 && p[n - 1] == '\r';
}

/* Adapt only when each side is consistent and they disagree: a text or
 * patch that mixes line ends is taken byte for byte. */
static eol_mode choose_eol(const applier *a)
{
    size_t src_cr = 0, src_lf = 0, p_cr = 0, p_lf = 0;
    for (const char *p = a->src, *end = a->src + a->src_len; p < end; p++) {
        p = memchr(p, '\n', (size_t)(end - p));
        if (!p) break;
        if (p > a->src && p[-1] == '\r') src_cr++; else src_lf++;
    }
    parl_patch_iter it;
    parl_hunk h;
    parl_patch_begin(&it, a->patch, a->patch_len);
    while (parl_patch_next(&it, &h, NULL) == 1) {
        parl_hunk_lines hl;
        parl_patch_line pl;
        parl_hunk_lines_begin(&hl, a->patch, &h);
        while (parl_hunk_lines_next(&hl, &pl)) {
            if (pl.no_newline) continue;
            if (ends_cr(a->patch + pl.text.off, pl.text.len)) p_cr++; else p_lf++;
        }
    }
    if (src_cr && !src_lf && p_lf && !p_cr) return EOL_ADD_CR;
    if (src_lf && !src_cr && p_cr && !p_lf) return EOL_STRIP_CR;
    return EOL_KEEP;
}

/* Does patch line PL equal src line S (content [s, s + n))? Lines with a
 * newline on both sides compare under the line-end adaptation. */
static bool same_text(const applier *a, const parl_patch_line *pl, const char *s, size_t n,
                      eol_mode eol)
{
    const char *p = a->patch + pl->text.off;
    size_t m = pl->text.len;
    switch (eol) {
    case EOL_ADD_CR:   return n == m + 1 && s[m] == '\r' && memcmp(p, s, m) == 0;
    case EOL_STRIP_CR: return m == n + 1 && p[n] == '\r' && memcmp(p, s, n) == 0;
    default:           return n == m && memcmp(p, s, n) == 0;
    }
}

static parl_patch_status line_matches(const applier *a, const apply_cursor *c,
                                      const parl_patch_line *pl)
{
    size_t next = text_line_end(a->src, a->src_len, c->off);
    bool has_nl = next > c->off && a->src[next - 1] == '\n';
    size_t n = next - c->off - (has_nl ? 1 : 0);
    const char *s = a->src + c->off;
    if (has_nl == !pl->no_newline)
        return same_text(a, pl, s, n, has_nl ? a->eol : EOL_KEEP) ? PARL_PATCH_OK
                                                                 : PARL_PATCH_E_MISMATCH;
    return same_text(a, pl, s, n, EOL_KEEP) || same_text(a, pl, s, n, a->eol)
               ? PARL_PATCH_E_NEWLINE : PARL_PATCH_E_MISMATCH;
}

/* ---------------------------------------------------------------- drift search
 * With a drift of N, a hunk of H old lines may be tried at 2N + 1 places;
 * compared line by line that is O(N x H) (--drift 40000 with a hunk of
 * 20,000 lines took 10 s). Instead each place is summed up as a rolling
 * hash of its H lines' hashes, moved a line at a time up or down, and only
 * a place whose sum equals the hunk's is compared: O(N + H) lines read.
 * Hashes are polynomials modulo 2^61 - 1 with bases drawn for each call
 * (from a stack address): equal lines always hash alike, and crafted
 * collisions cannot be planned; a collision only costs a comparison. */

#define DRIFT_MOD ((UINT64_C(1) << 61) - 1)
#define DRIFT_HASH_MIN 8    /* fewer old lines: comparing is as cheap */

static uint64_t drift_mul(uint64_t a, uint64_t b)
{
    uint64_t ah = a >> 32, al = a & 0xffffffffu, bh = b >> 32, bl = b & 0xffffffffu;
    uint64_t lo = al * bl, mid = ah * bl + al * bh, hi = ah * bh;
    /* 2^61 = 1 and 2^64 = 8 modulo 2^61 - 1 */
    uint64_t r = (hi << 3) + (mid >> 29) + ((mid & ((UINT64_C(1) << 29) - 1)) << 32) + (lo >> 61) +
                 (lo & DRIFT_MOD);
    r = (r & DRIFT_MOD) + (r >> 61);
    r = (r & DRIFT_MOD) + (r >> 61);
    return r == DRIFT_MOD ? 0 : r;
}

static uint64_t drift_add(uint64_t a, uint64_t b)
{
    uint64_t r = a + b;
    return r >= DRIFT_MOD ? r - DRIFT_MOD : r;
}

static uint64_t drift_sub(uint64_t a, uint64_t b) { return drift_add(a, DRIFT_MOD - b); }

static uint64_t drift_pow(uint64_t b, uint64_t e)
{
    uint64_t r = 1;
    for (; e; e >>= 1, b = drift_mul(b, b))
        if (e & 1) r = drift_mul(r, b);
    return r;
}

typedef struct drift_hash {
    uint64_t byte_base, line_base, line_inv, top;   /* top: line_base^(H - 1) */
    size_t k;                                       /* H, the hunk's old lines */
    uint64_t want;                                  /* the hunk's own sum */
} drift_hash;

/* A line's hash: its bytes without the line end, CRs adapted as
 * line_matches() compares them, and whether it has a newline. */
static uint64_t drift_line(const drift_hash *d, const char *s, size_t n, bool nl)
{
    uint64_t h = 0;
    for (size_t i = 0; i < n; i++) h = drift_add(drift_mul(h, d->byte_base), (unsigned char)s[i] + 1);
    return drift_add(drift_mul(h, d->byte_base), nl ? 258 : 257);
}

static uint64_t drift_src_line(const applier *a, const drift_hash *d, const apply_cursor *c)
{
    size_t next = text_line_end(a->src, a->src_len, c->off);
    bool nl = next > c->off && a->src[next - 1] == '\n';
    size_t n = next - c->off - (nl ? 1 : 0);
    if (nl && a->eol == EOL_ADD_CR && ends_cr(a->src + c->off, n)) n--;
    return drift_line(d, a->src + c->off, n, nl);
}

static uint64_t drift_patch_line(const applier *a, const drift_hash *d, const parl_patch_line *pl)
{
    size_t m = pl->text.len;
    if (!pl->no_newline && a->eol == EOL_STRIP_CR && ends_cr(a->patch + pl->text.off, m)) m--;
    return drift_line(d, a->patch + pl->text.off, m, !pl->no_newline);
}

static uint64_t drift_mix(uint64_t x)   /* splitmix64 */
{
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
    return x ^ (x >> 31);
}

static void drift_init(const applier *a, const parl_hunk *h, drift_hash *d)
{
    uint64_t seed = drift_mix((uint64_t)(uintptr_t)d ^ (uint64_t)(uintptr_t)a->src);
    d->byte_base = (seed % (DRIFT_MOD - 512)) + 300;
    d->line_base = (drift_mix(seed) % (DRIFT_MOD - 512)) + 300;
    d->line_inv = drift_pow(d->line_base, DRIFT_MOD - 2);
    d->k = h->old_count;
    d->top = drift_pow(d->line_base, d->k - 1);
    d->want = 0;
    parl_hunk_lines hl;
    parl_patch_line pl;
    parl_hunk_lines_begin(&hl, a->patch, h);
    while (parl_hunk_lines_next(&hl, &pl))
        if (pl.op != '+') d->want = drift_add(drift_mul(d->want, d->line_base), drift_patch_line(a, d, &pl));
}

/* The H lines from line POS on, summed; FIRST and END at lines POS and
 * POS + H. */
typedef struct drift_window {
    size_t pos;
    uint64_t sum;
    apply_cursor first, end;
} drift_window;

static void drift_window_at(const applier *a, const drift_hash *d, apply_cursor c, drift_window *w)
{
    w->pos = c.line;
    w->first = c;
    w->sum = 0;
    for (size_t i = 0; i < d->k; i++, cur_fwd(a, &c))
        w->sum = drift_add(drift_mul(w->sum, d->line_base), drift_src_line(a, d, &c));
    w->end = c;
}

/* Could the hunk's old lines stand at POS? Moves W there a line at a time
 * (only away from where it began: one window goes up, one down). */
static bool drift_may_match(const applier *a, const drift_hash *d, drift_window *w, size_t pos)
{
    if (pos + d->k > a->nlines) return false;
    while (w->pos < pos) {
        uint64_t out = drift_mul(drift_src_line(a, d, &w->first), d->top);
        w->sum = drift_add(drift_mul(drift_sub(w->sum, out), d->line_base), drift_src_line(a, d, &w->end));
        cur_fwd(a, &w->first);
        cur_fwd(a, &w->end);
        w->pos++;
    }
    while (w->pos > pos) {
        cur_back(a, &w->first);
        cur_back(a, &w->end);
        uint64_t out = drift_src_line(a, d, &w->end), in = drift_mul(drift_src_line(a, d, &w->first), d->top);
        w->sum = drift_add(drift_mul(drift_sub(w->sum, out), d->line_inv), in);
        w->pos--;
    }
    return w->sum == d->want;
}

/* ---------------------------------------------------------------- locating */

/* Do the hunk's old lines stand at C? */
static bool apply_match_at(const applier *a, const parl_hunk *h, apply_cursor c, miss *m)
{
    parl_hunk_lines hl;
    parl_patch_line pl;
    parl_hunk_lines_begin(&hl, a->patch, h);
    while (parl_hunk_lines_next(&hl, &pl)) {
        if (pl.op == '+') continue;
        if (c.line >= a->nlines) {
            *m = (miss){ PARL_PATCH_E_EOF, pl.line, c.line + 1 };
            return false;
        }
        parl_patch_status st = line_matches(a, &c, &pl);
        if (st) {
            *m = (miss){ st, pl.line, c.line + 1 };
            return false;
        }
        cur_fwd(a, &c);
    }
    /* A new last line without newline must end the text, and new lines
     * cannot follow a last line that has no newline. */
    bool at_end = c.line == a->nlines;
    if ((h->new_no_newline && !at_end) ||
        (at_end && a->src_open && h->old_count == 0 && h->new_count > 0)) {
        *m = (miss){ PARL_PATCH_E_NEWLINE, h->line, c.line + 1 };
        return false;
    }
    return true;
}

/* Tries the stated line WANT, then WANT+1, WANT-1, ... within the drift,
 * never before FROM (the end of the previous hunk). The miss reported is
 * the one at the stated line. */
static bool locate(const applier *a, const parl_hunk *h, apply_cursor from, size_t want,
                   apply_cursor *at, miss *first)
{
    apply_cursor up = from, down = from;
    bool recorded = false;
    size_t drift = a->max_drift;
    if (want > a->nlines) {   /* stated past the end: only drift back can help */
        *first = (miss){ PARL_PATCH_E_EOF, h->line, a->nlines + 1 };
        recorded = true;
        if (want - a->nlines > drift) return false;
        drift -= want - a->nlines;
        want = a->nlines;
    }
    /* Past the first place tried, places are compared only where their
     * rolling hash says they may match. */
    drift_hash d;
    drift_window win[2];
    bool hashed = drift > 0 && h->old_count >= DRIFT_HASH_MIN && h->old_count <= a->nlines;
    if (hashed) {
        drift_init(a, h, &d);
        apply_cursor c = from;
        cur_seek(a, &c, want + d.k <= a->nlines ? want : a->nlines - d.k);
        drift_window_at(a, &d, c, &win[0]);
        win[1] = win[0];
    }
    for (size_t k = 0; k <= drift; k++) {
        for (int s = 0; s < 2; s++) {
            if (s == 1 && (k == 0 || k > want)) continue;
            size_t pos = s == 0 ? want + k : want - k;
            if (pos < from.line || pos > a->nlines) continue;
            if (recorded && hashed && !drift_may_match(a, &d, &win[s], pos)) continue;
            apply_cursor *c = s == 0 ? &up : &down;
            miss m;
            cur_seek(a, c, pos);
            if (apply_match_at(a, h, *c, &m)) { *at = *c; return true; }
            if (!recorded) { *first = m; recorded = true; }
        }
        bool more_up = k < a->nlines - want;
        bool more_down = want >= from.line && k < want - from.line;
        if (!more_up && !more_down) break;
    }
    if (!recorded) *first = (miss){ PARL_PATCH_E_EOF, h->line, a->nlines + 1 };
    return false;
}

/* ---------------------------------------------------------------- writing */

static void put_inserted(const applier *a, parl_sink *out, const parl_patch_line *pl)
{
    const char *p = a->patch + pl->text.off;
    size_t n = pl->text.len;
    if (pl->no_newline) { sink_put(out, p, n); return; }
    if (a->eol == EOL_STRIP_CR) n--;
    sink_put(out, p, n);
    if (a->eol == EOL_ADD_CR) sink_byte(out, '\r');
    sink_byte(out, '\n');
}

/* Writes the hunk's new lines for a hunk located at C; returns the
 * position after its old lines. Context lines are copied from the text. */
static apply_cursor apply_put_hunk(const applier *a, parl_sink *out, const parl_hunk *h, apply_cursor c)
{
    parl_hunk_lines hl;
    parl_patch_line pl;
    parl_hunk_lines_begin(&hl, a->patch, h);
    while (parl_hunk_lines_next(&hl, &pl)) {
        if (pl.op == '+') { put_inserted(a, out, &pl); continue; }
        size_t start = c.off;
        cur_fwd(a, &c);
        if (pl.op == ' ') sink_put(out, a->src + start, c.off - start);
    }
    return c;
}

/* One full application into OUT (a counting sink when OUT->buf is NULL). */
static parl_patch_status run(const applier *a, parl_sink *out, const parl_patch_opts *opts,
                             parl_patch_report *rep)
{
    parl_patch_iter it;
    parl_hunk h;
    apply_cursor done = { 0, 0 };
    ptrdiff_t offset = 0;
    size_t nh = 0;
    rep->drifted = 0;
    parl_patch_begin(&it, a->patch, a->patch_len);
    while (parl_patch_next(&it, &h, NULL) == 1) {
        size_t lo = hunk_lo(&h);
        size_t want = (size_t)((ptrdiff_t)lo + offset);
        apply_cursor at;
        miss m;
        nh++;
        if (!locate(a, &h, done, want, &at, &m)) {
            rep->status = m.st;
            rep->hunk = nh;
            rep->line = m.line;
            rep->src_line = m.src_line;
            return m.st;
        }
        sink_put(out, a->src + done.off, at.off - done.off);
        done = apply_put_hunk(a, out, &h, at);
        offset = (ptrdiff_t)at.line - (ptrdiff_t)lo;
        if (offset) rep->drifted++;
        if (opts && opts->offsets && nh <= opts->offsets_cap) opts->offsets[nh - 1] = offset;
    }
    sink_put(out, a->src + done.off, a->src_len - done.off);
    return PARL_PATCH_OK;
}

parl_patch_status parl_patch_apply(const char *patch, size_t patch_len,
                                   const char *src, size_t src_len,
                                   char *out, size_t out_cap,
                                   const parl_patch_opts *opts, parl_patch_report *rep)
{
    parl_patch_report local;
    if (!rep) rep = &local;
    if (!patch) patch = "", patch_len = 0;
    if (!src) src = "", src_len = 0;
    if (parl_patch_check(patch, patch_len, rep) != PARL_PATCH_OK) return rep->status;
    size_t hunks = rep->hunks;

    applier a = { patch, patch_len, src, src_len, text_line_count(src, src_len),
                  src_len > 0 && src[src_len - 1] != '\n', EOL_KEEP,
                  opts ? opts->max_drift : 0 };
    a.eol = choose_eol(&a);

    parl_sink measure = { NULL, 0 };
    report_clear(rep);
    if (run(&a, &measure, opts, rep) != PARL_PATCH_OK) return rep->status;
    rep->hunks = hunks;
    rep->eol_adapted = a.eol != EOL_KEEP;
    if (measure.len > out_cap || (!out && measure.len)) {
        rep->status = PARL_PATCH_E_SPACE;
        rep->needed = measure.len;
        return rep->status;
    }
    parl_sink write = { out, 0 };
    run(&a, &write, opts, rep);
    rep->len = write.len;
    return PARL_PATCH_OK;
}
