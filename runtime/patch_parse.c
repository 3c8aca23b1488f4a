/* SPDX-License-Identifier: MIT */
/* patch_parse.c: a strict, zero-allocation parser of unified diffs.
 *
 * The patch is read line by line with no copies: hunks and their lines are
 * spans of the caller's text. A hunk's body is delimited by the counts in
 * its "@@ -a,b +c,d @@" header, never by guessing from line prefixes, so
 * a removed line that starts with "-- " (written "--- ...") is body, and any
 * disagreement between counts and body is reported at the exact line. */
#include "patch_internal.h"

enum { ST_PREAMBLE, ST_HEADERS, ST_BETWEEN, ST_DONE, ST_FAILED };

/* A line of the patch: content [start, end) without its line end (and
 * without the '\r' when the patch came with CRLF line ends), next line at
 * NEXT. */
typedef struct pline {
    size_t start, end, next;
} pline;

static pline read_line(const char *t, size_t len, size_t pos, bool crlf)
{
    pline l;
    l.start = pos;
    l.next = text_line_end(t, len, pos);
    l.end = l.next;
    if (l.end > pos && t[l.end - 1] == '\n') l.end--;
    if (crlf && l.end > pos && t[l.end - 1] == '\r') l.end--;
    return l;
}

static bool starts_with(const char *t, const pline *l, const char *lit)
{
    size_t n = strlen(lit);
    return l->end - l->start >= n && memcmp(t + l->start, lit, n) == 0;
}

/* Blank: empty, or a lone '\r' from a CRLF line end. */
static bool line_is_blank(const char *t, const pline *l)
{
    return l->end == l->start || (l->end - l->start == 1 && t[l->start] == '\r');
}

/* A patch "came with CRLF" when every line end is CRLF: then the '\r' is
 * transport, not content. A diff of CRLF files written by diff(1) has LF
 * header lines and so is not mistaken for one. */
static bool all_crlf(const char *t, size_t len)
{
    size_t n = 0;
    if (!len) return false;   /* T may be NULL then: no pointer arithmetic on it */
    for (const char *p = t, *end = t + len; p < end; p++) {
        p = memchr(p, '\n', (size_t)(end - p));
        if (!p) break;
        if (p == t || p[-1] != '\r') return false;
        n++;
    }
    return n > 0;
}

static int parse_fail(parl_patch_iter *it, parl_patch_report *rep, parl_patch_status st,
                size_t line, size_t col)
{
    it->state = ST_FAILED;
    if (rep) {
        report_clear(rep);
        rep->status = st;
        rep->line = line;
        rep->col = col;
        rep->hunk = it->nhunks;
    }
    return -1;
}

void parl_patch_begin(parl_patch_iter *it, const char *patch, size_t len)
{
    memset(it, 0, sizeof *it);
    it->text = patch;
    it->len = patch ? len : 0;
    it->line = 1;
    it->crlf = all_crlf(it->text, it->len);
    it->state = ST_PREAMBLE;
}

/* ---------------------------------------------------------------- headers */

/* The name of a "--- name\tdate" line: after the 4-byte prefix, up to a tab
 * or the end (a trailing '\r' dropped). */
static parl_span header_name(const char *t, const pline *l)
{
    size_t s = l->start + 4, e = s;
    while (e < l->end && t[e] != '\t') e++;
    if (e == l->end && e > s && t[e - 1] == '\r') e--;
    return (parl_span){ s, e - s };
}

/* "--- " then "+++ " on the next line. */
static int file_headers(parl_patch_iter *it, const pline *l, parl_patch_report *rep)
{
    pline l2 = read_line(it->text, it->len, l->next, it->crlf);
    if (l->next >= it->len || !starts_with(it->text, &l2, "+++ "))
        return parse_fail(it, rep, PARL_PATCH_E_FILE_HEADER, it->line + 1, 1);
    it->old_name = header_name(it->text, l);
    it->new_name = header_name(it->text, &l2);
    it->pos = l2.next;
    it->line += 2;
    it->state = ST_HEADERS;
    return 0;
}

/* ---------------------------------------------------------------- hunk header */

/* The largest line number or count accepted: sums of two stay far from
 * overflow. */
#define NUM_MAX (SIZE_MAX / 4)

static bool parse_num(const char *s, size_t n, size_t *i, size_t *v)
{
    size_t k = *i, x = 0;
    if (k >= n || s[k] < '0' || s[k] > '9') return false;
    while (k < n && s[k] >= '0' && s[k] <= '9') {
        size_t d = (size_t)(s[k] - '0');
        if (x > (NUM_MAX - d) / 10) return false;
        x = x * 10 + d;
        k++;
    }
    *i = k;
    *v = x;
    return true;
}

static bool parse_lit(const char *s, size_t n, size_t *i, const char *lit)
{
    size_t m = strlen(lit);
    if (n - *i < m || memcmp(s + *i, lit, m) != 0) return false;
    *i += m;
    return true;
}

/* "START[,COUNT]" with COUNT 1 when omitted; START 0 only with COUNT 0. */
static bool parse_range(const char *s, size_t n, size_t *i, size_t *start, size_t *count)
{
    size_t at = *i;
    if (!parse_num(s, n, i, start)) return false;
    *count = 1;
    if (*i < n && s[*i] == ',') {
        (*i)++;
        if (!parse_num(s, n, i, count)) return false;
    }
    if (*start == 0 && *count != 0) { *i = at; return false; }
    return true;
}

/* "@@ -a[,b] +c[,d] @@" followed by nothing or anything (diff -p puts a
 * function name there). Returns 0, or the 1-based column of the fault. */
static size_t parse_hunk_header(const char *s, size_t n, parl_hunk *h)
{
    size_t i = 0;
    if (!parse_lit(s, n, &i, "@@ -")) return i + 1;
    if (!parse_range(s, n, &i, &h->old_start, &h->old_count)) return i + 1;
    if (!parse_lit(s, n, &i, " +")) return i + 1;
    if (!parse_range(s, n, &i, &h->new_start, &h->new_count)) return i + 1;
    if (!parse_lit(s, n, &i, " @@")) return i + 1;
    if (h->old_count == 0 && h->new_count == 0) return 5;   /* an empty hunk */
    return 0;
}

/* ---------------------------------------------------------------- hunk body */

/* A '\' line after a line with operation OP: legal only after the last line
 * of the side(s) the operation belongs to. */
static bool take_marker(parl_hunk *h, char op, size_t old_due, size_t new_due)
{
    bool old_side = op == ' ' || op == '-', new_side = op == ' ' || op == '+';
    if (!op) return false;
    if ((old_side && old_due) || (new_side && new_due)) return false;
    if (old_side) h->old_no_newline = true;
    if (new_side) h->new_no_newline = true;
    return true;
}

static int hunk_body(parl_patch_iter *it, parl_hunk *h, parl_patch_report *rep)
{
    const char *t = it->text;
    size_t old_due = h->old_count, new_due = h->new_count;
    char last = 0;   /* operation of the previous line; 0 after a marker */

    h->body.off = it->pos;
    while (old_due || new_due) {
        if (it->pos >= it->len) {
            parse_fail(it, rep, PARL_PATCH_E_SHORT, it->line, 0);
            if (rep) { rep->old_due = old_due; rep->new_due = new_due; }
            return -1;
        }
        pline l = read_line(t, it->len, it->pos, it->crlf);
        char op = l.end > l.start ? t[l.start] : ' ';
        if (op == ' ' && (!old_due || !new_due)) return parse_fail(it, rep, PARL_PATCH_E_LONG, it->line, 1);
        if (op == '-' && !old_due) return parse_fail(it, rep, PARL_PATCH_E_LONG, it->line, 1);
        if (op == '+' && !new_due) return parse_fail(it, rep, PARL_PATCH_E_LONG, it->line, 1);
        if (op == '\\') {
            if (!take_marker(h, last, old_due, new_due))
                return parse_fail(it, rep, PARL_PATCH_E_MARKER, it->line, 1);
            op = 0;
        } else if (op != ' ' && op != '-' && op != '+') {
            parse_fail(it, rep, PARL_PATCH_E_SHORT, it->line, 1);
            if (rep) { rep->old_due = old_due; rep->new_due = new_due; }
            return -1;
        }
        if (op == ' ' || op == '-') old_due--;
        if (op == ' ' || op == '+') new_due--;
        last = op;
        it->pos = l.next;
        it->line++;
    }
    /* The marker for the hunk's last line comes after the counts are met. */
    if (it->pos < it->len && t[it->pos] == '\\') {
        if (!take_marker(h, last, 0, 0))
            return parse_fail(it, rep, PARL_PATCH_E_MARKER, it->line, 1);
        it->pos = read_line(t, it->len, it->pos, it->crlf).next;
        it->line++;
    }
    h->body.len = it->pos - h->body.off;
    return 0;
}

static int hunk(parl_patch_iter *it, const pline *l, parl_hunk *h, parl_patch_report *rep)
{
    memset(h, 0, sizeof *h);
    it->nhunks++;
    h->line = it->line;
    h->crlf = it->crlf;
    size_t col = parse_hunk_header(it->text + l->start, l->end - l->start, h);
    if (col) return parse_fail(it, rep, PARL_PATCH_E_HUNK_HEADER, it->line, col);
    if (it->ended || hunk_lo(h) < it->next_lo)
        return parse_fail(it, rep, PARL_PATCH_E_ORDER, it->line, 0);
    it->pos = l->next;
    it->line++;
    if (hunk_body(it, h, rep)) return -1;
    it->next_lo = hunk_lo(h) + h->old_count;
    it->ended = h->old_no_newline || h->new_no_newline;
    it->state = ST_BETWEEN;
    return 1;
}

/* ---------------------------------------------------------------- driver */

int parl_patch_next(parl_patch_iter *it, parl_hunk *h, parl_patch_report *rep)
{
    const char *t = it->text;
    if (it->state == ST_FAILED) return -1;
    if (it->state == ST_DONE) goto done;
    while (it->pos < it->len) {
        pline l = read_line(t, it->len, it->pos, it->crlf);
        if (starts_with(t, &l, "@@")) return hunk(it, &l, h, rep);
        if (starts_with(t, &l, "--- ")) {
            if (it->state == ST_HEADERS) return parse_fail(it, rep, PARL_PATCH_E_FILE_HEADER, it->line, 1);
            if (it->state == ST_BETWEEN) {
                pline l2 = read_line(t, it->len, l.next, it->crlf);
                bool second_file = l.next < it->len && starts_with(t, &l2, "+++ ");
                return parse_fail(it, rep, second_file ? PARL_PATCH_E_MULTIFILE : PARL_PATCH_E_LONG,
                            it->line, 1);
            }
            if (file_headers(it, &l, rep)) return -1;
            continue;
        }
        if (starts_with(t, &l, "+++ ") && it->state != ST_BETWEEN)
            return parse_fail(it, rep, PARL_PATCH_E_FILE_HEADER, it->line, 1);
        if (it->state != ST_PREAMBLE && !line_is_blank(t, &l)) {
            char c = t[l.start];
            parl_patch_status st = PARL_PATCH_E_GARBAGE;
            if (it->state == ST_BETWEEN && (c == ' ' || c == '-' || c == '+')) st = PARL_PATCH_E_LONG;
            if (it->state == ST_BETWEEN && c == '\\') st = PARL_PATCH_E_MARKER;
            return parse_fail(it, rep, st, it->line, 1);
        }
        it->pos = l.next;
        it->line++;
    }
    if (it->nhunks == 0) return parse_fail(it, rep, PARL_PATCH_E_EMPTY, it->line, 0);
    it->state = ST_DONE;
done:
    if (rep) { report_clear(rep); rep->hunks = it->nhunks; }
    return 0;
}

parl_patch_status parl_patch_check(const char *patch, size_t len, parl_patch_report *rep)
{
    parl_patch_iter it;
    parl_hunk h;
    parl_patch_report local;
    int r;
    if (!rep) rep = &local;
    parl_patch_begin(&it, patch, len);
    while ((r = parl_patch_next(&it, &h, rep)) == 1) {}
    return r == 0 ? PARL_PATCH_OK : rep->status;
}

/* ---------------------------------------------------------------- hunk lines */

void parl_hunk_lines_begin(parl_hunk_lines *c, const char *patch, const parl_hunk *h)
{
    c->text = patch;
    c->pos = h->body.off;
    c->end = h->body.off + h->body.len;
    c->line = h->line + 1;
    c->crlf = h->crlf;
}

bool parl_hunk_lines_next(parl_hunk_lines *c, parl_patch_line *out)
{
    if (c->pos >= c->end) return false;
    pline l = read_line(c->text, c->end, c->pos, c->crlf);
    memset(out, 0, sizeof *out);
    out->line = c->line;
    if (l.end == l.start) {              /* a blank line: empty context */
        out->op = ' ';
        out->text = (parl_span){ l.start, 0 };
    } else {
        out->op = c->text[l.start];
        out->text = (parl_span){ l.start + 1, l.end - l.start - 1 };
    }
    c->pos = l.next;
    c->line++;
    if (c->pos < c->end && c->text[c->pos] == '\\') {
        out->no_newline = true;
        c->pos = read_line(c->text, c->end, c->pos, c->crlf).next;
        c->line++;
    }
    return true;
}
