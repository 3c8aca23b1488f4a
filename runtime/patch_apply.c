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
    for (size_t k = 0; k <= drift; k++) {
        for (int s = 0; s < 2; s++) {
            if (s == 1 && (k == 0 || k > want)) continue;
            size_t pos = s == 0 ? want + k : want - k;
            if (pos < from.line || pos > a->nlines) continue;
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
