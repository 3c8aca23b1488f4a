/* SPDX-License-Identifier: MIT */
/* patch_diff.c: creates a unified diff between two texts.
 *
 * Lines are compared whole, line end included, so "x" at the end of a text
 * without a newline differs from "x\n" (that is what the "\ No newline"
 * marker records). Each distinct line gets a class number through a hash
 * table, then Myers' O(ND) algorithm in linear space (the middle-snake
 * divide and conquer, as in GNU diff's analyze.c) marks the changed lines,
 * and the hunks are written from the marks with N lines of context.
 *
 * All memory is the caller's WORK block, carved as:
 *   size_t start_a[na + 1], start_b[nb + 1]   line offsets
 *   size_t cls_a[na], cls_b[nb]               line classes
 *   size_t table[T]                           hash table, then reused as the
 *                                             two diagonal vectors (T >= 2 (na + nb + 3))
 *   unsigned char chg_a[na], chg_b[nb]        change marks */
#include "patch_internal.h"

/* The unified diff format's marker for a last line without newline. This
 * is file syntax that patch(1) and git recognise, not vocabulary. */
static const char NO_NEWLINE[] = "\\ No newline at end of file\n";

/* Below this edit cost the search is always exact (GNU diff's floor). */
#define MIN_MAX_COST 4096

typedef struct differ {
    const char *a, *b;
    size_t na, nb;
    size_t *start_a, *start_b;
    size_t *cls_a, *cls_b;
    ptrdiff_t *fd, *bd;          /* diagonal k at index k + nb + 1 */
    unsigned char *chg_a, *chg_b;
    size_t max_cost;
} differ;

/* ---------------------------------------------------------------- sizing */

static size_t table_size(size_t lines)
{
    size_t t = 16;
    while (t < 2 * lines + 6) t *= 2;
    return t;
}

/* Work bytes for NA + NB lines, or SIZE_MAX when that cannot be. */
static size_t work_bytes(size_t na, size_t nb)
{
    size_t lines = na + nb;
    if (lines < na || lines > SIZE_MAX / (8 * sizeof(size_t)) - 16) return SIZE_MAX;
    size_t words = (na + 1) + (nb + 1) + lines + table_size(lines);
    return words * sizeof(size_t) + lines + sizeof(size_t);   /* + alignment slack */
}

size_t parl_diff_work_size(const char *old_text, size_t old_len,
                           const char *new_text, size_t new_len)
{
    if (!old_text) old_len = 0;
    if (!new_text) new_len = 0;
    return work_bytes(text_line_count(old_text, old_len), text_line_count(new_text, new_len));
}

static void carve(differ *d, void *work)
{
    _Static_assert(sizeof(ptrdiff_t) == sizeof(size_t), "diagonals share the table's words");
    uintptr_t p = (uintptr_t)work, al = sizeof(size_t);
    size_t *w = (size_t *)((p + al - 1) / al * al);
    size_t lines = d->na + d->nb;
    d->start_a = w;            w += d->na + 1;
    d->start_b = w;            w += d->nb + 1;
    d->cls_a = w;              w += d->na;
    d->cls_b = w;              w += d->nb;
    d->fd = (ptrdiff_t *)w;
    d->bd = d->fd + lines + 3;
    w += table_size(lines);
    d->chg_a = (unsigned char *)w;
    d->chg_b = d->chg_a + d->na;
    memset(d->chg_a, 0, lines);
}

/* ---------------------------------------------------------------- line classes */

static void index_lines(const char *t, size_t len, size_t *start, size_t n)
{
    size_t pos = 0;
    for (size_t i = 0; i < n; i++) {
        start[i] = pos;
        pos = text_line_end(t, len, pos);
    }
    start[n] = len;
}

/* Global line G: lines of A, then lines of B. */
static const char *line_ptr(const differ *d, size_t g, size_t *n)
{
    if (g < d->na) {
        *n = d->start_a[g + 1] - d->start_a[g];
        return d->a + d->start_a[g];
    }
    g -= d->na;
    *n = d->start_b[g + 1] - d->start_b[g];
    return d->b + d->start_b[g];
}

static uint64_t hash_bytes(const char *p, size_t n)
{
    uint64_t h = 1469598103934665603ULL;          /* FNV-1a */
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 1099511628211ULL;
    return h ^ (h >> 29);
}

/* Equal lines get equal classes: the global index of the first such line. */
static void classify_lines(differ *d)
{
    size_t lines = d->na + d->nb, mask = table_size(lines) - 1;
    size_t *table = (size_t *)d->fd;    /* slot: 1 + global line, 0 empty */
    memset(table, 0, (mask + 1) * sizeof *table);
    for (size_t g = 0; g < lines; g++) {
        size_t n, m;
        const char *p = line_ptr(d, g, &n);
        size_t s = (size_t)hash_bytes(p, n) & mask, cls = g;
        for (; table[s]; s = (s + 1) & mask) {
            const char *q = line_ptr(d, table[s] - 1, &m);
            if (m == n && memcmp(p, q, n) == 0) { cls = table[s] - 1; break; }
        }
        if (cls == g) table[s] = g + 1;
        if (g < d->na) d->cls_a[g] = cls; else d->cls_b[g - d->na] = cls;
    }
}

/* ---------------------------------------------------------------- Myers */

/* Finds a point (xmid, ymid) on a shortest edit path of the box
 * [xoff, xlim) x [yoff, ylim) by searching from both corners at once; past
 * max_cost it settles for the furthest-reaching point found. Both ends of
 * the box are known to differ. */
static void split(const differ *d, ptrdiff_t xoff, ptrdiff_t xlim, ptrdiff_t yoff,
                  ptrdiff_t ylim, ptrdiff_t *xmid, ptrdiff_t *ymid)
{
    ptrdiff_t *fd = d->fd + d->nb + 1, *bd = d->bd + d->nb + 1;
    const size_t *xv = d->cls_a, *yv = d->cls_b;
    const ptrdiff_t dmin = xoff - ylim, dmax = xlim - yoff;
    const ptrdiff_t fmid = xoff - yoff, bmid = xlim - ylim;
    ptrdiff_t fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid;
    const bool odd = (fmid - bmid) & 1;

    fd[fmid] = xoff;
    bd[bmid] = xlim;
    for (size_t c = 1;; c++) {
        ptrdiff_t k;
        /* One more edit for every forward diagonal. */
        if (fmin > dmin) fd[--fmin - 1] = -1; else fmin++;
        if (fmax < dmax) fd[++fmax + 1] = -1; else fmax--;
        for (k = fmax; k >= fmin; k -= 2) {
            ptrdiff_t lo = fd[k - 1], hi = fd[k + 1];
            ptrdiff_t x = lo >= hi ? lo + 1 : hi, y = x - k;
            while (x < xlim && y < ylim && xv[x] == yv[y]) x++, y++;
            fd[k] = x;
            if (odd && bmin <= k && k <= bmax && bd[k] <= x) { *xmid = x; *ymid = y; return; }
        }
        /* And for every backward one. */
        if (bmin > dmin) bd[--bmin - 1] = PTRDIFF_MAX; else bmin++;
        if (bmax < dmax) bd[++bmax + 1] = PTRDIFF_MAX; else bmax--;
        for (k = bmax; k >= bmin; k -= 2) {
            ptrdiff_t lo = bd[k - 1], hi = bd[k + 1];
            ptrdiff_t x = lo < hi ? lo : hi - 1, y = x - k;
            while (x > xoff && y > yoff && xv[x - 1] == yv[y - 1]) x--, y--;
            bd[k] = x;
            if (!odd && fmin <= k && k <= fmax && x <= fd[k]) { *xmid = x; *ymid = y; return; }
        }
        if (c <= d->max_cost) continue;

        /* Too expensive: take the forward point furthest from the start or
         * the backward point furthest from the end, whichever went further. */
        ptrdiff_t fxy = -1, fx = xoff, bxy = PTRDIFF_MAX, bx = xlim;
        for (k = fmax; k >= fmin; k -= 2) {
            ptrdiff_t x = fd[k] < xlim ? fd[k] : xlim, y = x - k;
            if (y > ylim) x = ylim + k, y = ylim;
            if (x + y > fxy) fxy = x + y, fx = x;
        }
        for (k = bmax; k >= bmin; k -= 2) {
            ptrdiff_t x = bd[k] > xoff ? bd[k] : xoff, y = x - k;
            if (y < yoff) x = yoff + k, y = yoff;
            if (x + y < bxy) bxy = x + y, bx = x;
        }
        if ((xlim + ylim) - bxy < fxy - (xoff + yoff)) { *xmid = fx; *ymid = fxy - fx; }
        else { *xmid = bx; *ymid = bxy - bx; }
        return;
    }
}

static void mark(unsigned char *chg, ptrdiff_t from, ptrdiff_t to)
{
    for (ptrdiff_t i = from; i < to; i++) chg[i] = 1;
}

/* Marks the changed lines of the box. Recursion goes into the smaller half
 * and the loop continues with the larger, so the depth stays below
 * log2(na + nb). */
static void compare(const differ *d, ptrdiff_t xoff, ptrdiff_t xlim, ptrdiff_t yoff, ptrdiff_t ylim)
{
    const size_t *xv = d->cls_a, *yv = d->cls_b;
    for (;;) {
        while (xoff < xlim && yoff < ylim && xv[xoff] == yv[yoff]) xoff++, yoff++;
        while (xoff < xlim && yoff < ylim && xv[xlim - 1] == yv[ylim - 1]) xlim--, ylim--;
        if (xoff == xlim) { mark(d->chg_b, yoff, ylim); return; }
        if (yoff == ylim) { mark(d->chg_a, xoff, xlim); return; }
        ptrdiff_t xm, ym;
        split(d, xoff, xlim, yoff, ylim, &xm, &ym);
        if ((xm == xoff && ym == yoff) || (xm == xlim && ym == ylim) ||
            xm < xoff || xm > xlim || ym < yoff || ym > ylim) {
            /* No progress (cannot happen on an exact split): all changed. */
            mark(d->chg_a, xoff, xlim);
            mark(d->chg_b, yoff, ylim);
            return;
        }
        if ((xm - xoff) + (ym - yoff) <= (xlim - xm) + (ylim - ym)) {
            compare(d, xoff, xm, yoff, ym);
            xoff = xm, yoff = ym;
        } else {
            compare(d, xm, xlim, ym, ylim);
            xlim = xm, ylim = ym;
        }
    }
}

/* ---------------------------------------------------------------- hunks */

/* A change: old lines [i0, i1) replaced by new lines [j0, j1). */
typedef struct change {
    size_t i0, i1, j0, j1;
} change;

/* The first change at or after the matched position (i, j). */
static bool next_change(const differ *d, size_t i, size_t j, change *c)
{
    while (i < d->na || j < d->nb) {
        if ((i < d->na && d->chg_a[i]) || (j < d->nb && d->chg_b[j])) {
            c->i0 = i, c->j0 = j;
            while (i < d->na && d->chg_a[i]) i++;
            while (j < d->nb && d->chg_b[j]) j++;
            c->i1 = i, c->j1 = j;
            return true;
        }
        i++, j++;
    }
    return false;
}

static void diff_put_num(parl_sink *out, size_t v)
{
    char buf[24];
    size_t n = sizeof buf;
    do buf[--n] = (char)('0' + v % 10); while ((v /= 10));
    sink_put(out, buf + n, sizeof buf - n);
}

/* "START,COUNT" as diff(1) writes it: COUNT 1 omitted, and for COUNT 0 the
 * line before the (empty) range. */
static void put_range(parl_sink *out, size_t lo, size_t count)
{
    diff_put_num(out, count ? lo + 1 : lo);
    if (count == 1) return;
    sink_byte(out, ',');
    diff_put_num(out, count);
}

static void put_line(const differ *d, parl_sink *out, char op, size_t g)
{
    size_t n;
    const char *p = line_ptr(d, g, &n);
    sink_byte(out, op);
    sink_put(out, p, n);
    if (n == 0 || p[n - 1] != '\n') {
        sink_byte(out, '\n');
        sink_put(out, NO_NEWLINE, sizeof NO_NEWLINE - 1);
    }
}

/* Writes the hunk spanning old [i, i_end) and new [j, j_end). */
static void diff_put_hunk(const differ *d, parl_sink *out, size_t i, size_t i_end, size_t j,
                     size_t j_end)
{
    sink_put(out, "@@ -", 4);
    put_range(out, i, i_end - i);
    sink_put(out, " +", 2);
    put_range(out, j, j_end - j);
    sink_put(out, " @@\n", 4);
    while (i < i_end || j < j_end) {
        if ((i < i_end && d->chg_a[i]) || (j < j_end && d->chg_b[j])) {
            while (i < i_end && d->chg_a[i]) put_line(d, out, '-', i++);
            while (j < j_end && d->chg_b[j]) put_line(d, out, '+', d->na + j++);
        } else {
            put_line(d, out, ' ', i++);
            j++;
        }
    }
}

static void put_header(parl_sink *out, const char *prefix, const char *name, size_t n)
{
    sink_put(out, prefix, 4);
    sink_put(out, name, n);
    sink_byte(out, '\n');
}

/* Writes the whole diff; returns the number of hunks. Changes closer than
 * twice the context share a hunk, as in diff(1). */
static size_t put_diff(const differ *d, parl_sink *out, const parl_diff_opts *o)
{
    size_t ctx = o->context, hunks = 0;
    if (ctx > d->na + d->nb) ctx = d->na + d->nb;   /* keeps 2 * ctx finite */
    change first = { 0, 0, 0, 0 }, last, next = { 0, 0, 0, 0 };   /* gcc -O3 cannot see next_change() sets them */
    bool more = next_change(d, 0, 0, &first);
    if (more && o->old_name) {
        put_header(out, "--- ", o->old_name, o->old_name_len);
        put_header(out, "+++ ", o->new_name ? o->new_name : "", o->new_name ? o->new_name_len : 0);
    }
    while (more) {
        last = first;
        while ((more = next_change(d, last.i1, last.j1, &next)) && next.i0 - last.i1 <= 2 * ctx)
            last = next;
        size_t lead = first.i0 < ctx ? first.i0 : ctx;
        size_t gap = more ? next.i0 - last.i1 : d->na - last.i1;
        size_t trail = gap < ctx ? gap : ctx;
        diff_put_hunk(d, out, first.i0 - lead, last.i1 + trail, first.j0 - lead, last.j1 + trail);
        hunks++;
        first = next;
    }
    return hunks;
}

parl_patch_status parl_diff(const char *old_text, size_t old_len,
                            const char *new_text, size_t new_len,
                            const parl_diff_opts *opts,
                            void *work, size_t work_size,
                            char *out, size_t out_cap, parl_patch_report *rep)
{
    parl_patch_report local;
    parl_diff_opts defaults = { PARL_DIFF_CONTEXT, NULL, 0, NULL, 0, 0 };
    if (!rep) rep = &local;
    if (!opts) opts = &defaults;
    if (!old_text) old_text = "", old_len = 0;
    if (!new_text) new_text = "", new_len = 0;
    report_clear(rep);

    differ d = { .a = old_text, .b = new_text,
                 .na = text_line_count(old_text, old_len),
                 .nb = text_line_count(new_text, new_len) };
    size_t need = work_bytes(d.na, d.nb);
    if (!work || work_size < need) {
        rep->status = PARL_PATCH_E_WORK;
        rep->needed = need;
        return rep->status;
    }
    carve(&d, work);
    index_lines(old_text, old_len, d.start_a, d.na);
    index_lines(new_text, new_len, d.start_b, d.nb);
    classify_lines(&d);
    /* GNU diff's bound: about the square root of the diagonals, at least
     * MIN_MAX_COST. */
    d.max_cost = opts->max_cost;
    if (!d.max_cost) {
        size_t diags = d.na + d.nb + 3;
        d.max_cost = 1;
        for (; diags; diags >>= 2) d.max_cost <<= 1;
        if (d.max_cost < MIN_MAX_COST) d.max_cost = MIN_MAX_COST;
    }
    compare(&d, 0, (ptrdiff_t)d.na, 0, (ptrdiff_t)d.nb);

    parl_sink measure = { NULL, 0 };
    rep->hunks = put_diff(&d, &measure, opts);
    if (measure.len > out_cap || (!out && measure.len)) {
        rep->status = PARL_PATCH_E_SPACE;
        rep->needed = measure.len;
        return rep->status;
    }
    parl_sink write = { out, 0 };
    put_diff(&d, &write, opts);
    rep->len = write.len;
    return PARL_PATCH_OK;
}
