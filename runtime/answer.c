/* SPDX-License-Identifier: MIT */
/* answer.c: turns an intent into the exact answer from a document (the seed's
 * handler, §5): every mode quotes the document verbatim, reports the quoted
 * spans and writes into the caller's buffer.
 * Only mode logic is here: the wording is grammar/answers.yaml. */
#include <stdarg.h>
#include <string.h>
#include "parlance.h"
#include "answer_internal.h"
#include "answer_text.h"
#include "answer_args.h"

/* The wording comes from grammar/answers.yaml (gen/answer_text.c): templates
 * by name, with the directives written there (%s text, %z number, %N number
 * with separators, %U/%S/%C/%P unit nouns, %L lines, %q/%Q quotes, %r
 * request text), and the unit nouns. */
#define T parl__answer_text
#define noun parl__unit_nouns

/* Sections that stand in for a paragraph when missing (as the seed's modes:
 * "conclusion" is the last paragraph); 0 none, 1 first, 2 last. */
static const unsigned char section_fallback[PARL_SECTION__COUNT] = {
    [PARL_SECTION_ABSTRACT] = 1, [PARL_SECTION_INTRODUCTION] = 1,
    [PARL_SECTION_CONCLUSION] = 2, [PARL_SECTION_DISCUSSION] = 2,
};

/* ------------------------------------------------------------------ output */
typedef struct ans_ctx {
    const char *doc;
    size_t len;
    const parl_profile *p;
    const parl_paragraph *paras;
    const parl_sentence *sents;
    size_t npara, nsent;
    const char *req;
    size_t req_len;
    unsigned flags;
    char *out;
    size_t cap, n;           /* n counts every byte, written or not */
    parl_quote *q;
    size_t qcap, nq;
    size_t matches;
    bool found;
} ans_ctx;

static void ans_put(ans_ctx *c, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++, c->n++)
        if (c->n + 1 < c->cap) c->out[c->n] = s[i];
}

static void ans_put_num(ans_ctx *c, size_t v, int sep)
{
    char b[32];
    int k = 0, digits = 0;
    do {
        if (sep && digits && digits % 3 == 0) b[k++] = ',';
        b[k++] = (char)('0' + v % 10);
        digits++;
        v /= 10;
    } while (v);
    while (k) ans_put(c, &b[--k], 1);
}

static void add_quote(ans_ctx *c, size_t off, size_t n, size_t line)
{
    if (c->nq < c->qcap) c->q[c->nq] = (parl_quote){ off, off + n, line };
    c->nq++;
}

/* The arguments of each template, by the list the generator checked the
 * templates against (answer_args.h): they are read by it, not by the
 * template's directives. */
#define PARL__ANSWER_ARG_KINDS(name, kinds) [PARL__ANS_##name] = kinds,
static const char *const say_kinds[PARL__ANS__COUNT] = { PARL__ANSWER_ARGS(PARL__ANSWER_ARG_KINDS) };
#undef PARL__ANSWER_ARG_KINDS

/* One array: a directive's place in it is its kind's place in the kinds. */
static const char say_directives[] = PARL__ANSWER_DIRECTIVES;

typedef struct say_arg {
    char kind;             /* a letter of answer_args.h */
    int u;
    size_t v[3];
    const char *s;
} say_arg;

static int say_take(va_list *ap, const char *kinds, say_arg *a)
{
    int n = 0;
    for (; kinds && kinds[n] && n < PARL__ANSWER_MAX_ARGS; n++) {
        say_arg *x = &a[n];
        x->kind = kinds[n];
        switch (x->kind) {
        case 'u': x->u = va_arg(*ap, int); break;
        case 's': x->s = va_arg(*ap, const char *); break;
        case 'r': x->s = va_arg(*ap, const char *); x->v[0] = va_arg(*ap, size_t); break;
        default:   /* n, l, q: one, two or three size_t */
            for (int i = 0; i < (x->kind == 'q' ? 3 : x->kind == 'l' ? 2 : 1); i++) x->v[i] = va_arg(*ap, size_t);
        }
    }
    return n;
}

/* The writer of the T[] templates (directives above). A directive that
 * does not print the argument that comes (the generator refuses such a
 * template) is written as it stands. */
static void say(ans_ctx *c, int t, ...)
{
    say_arg a[PARL__ANSWER_MAX_ARGS];
    va_list ap;
    va_start(ap, t);
    int n = say_take(&ap, say_kinds[t], a), k = 0;
    va_end(ap);
    size_t last = 0;
    for (const char *f = T[t]; *f; f++) {
        if (*f != '%') { ans_put(c, f, 1); continue; }
        if (*++f == '%') { ans_put(c, f, 1); continue; }
        const char *d = *f ? strchr(say_directives, *f) : NULL;
        if (!d || k == n || a[k].kind != PARL__ANSWER_KINDS[d - say_directives]) {
            ans_put(c, f - 1, *f ? 2 : 1);
            if (!*f) break;
            continue;
        }
        const say_arg *x = &a[k++];
        switch (*f) {
        case 's': ans_put(c, x->s, strlen(x->s)); break;
        case 'z': last = x->v[0]; ans_put_num(c, last, 0); break;
        case 'N': last = x->v[0]; ans_put_num(c, last, 1); break;
        case 'U':
        case 'S':
        case 'C':
        case 'P': {
            int u = x->u < 0 || x->u >= PARL_UNIT__COUNT ? 0 : x->u;
            int plural = *f == 'P' || (*f == 'U' && last != 1);
            const char *s = noun[u][plural];
            if ((*f == 'C' || *f == 'P') && *s >= 'a' && *s <= 'z') {
                char up = (char)(*s - 'a' + 'A');
                ans_put(c, &up, 1);
                s++;
            }
            ans_put(c, s, strlen(s));
            break;
        }
        case 'L': {
            const char *s = noun[PARL_UNIT_LINE][x->v[0] != x->v[1]];
            ans_put(c, s, strlen(s));
            ans_put(c, " ", 1);
            ans_put_num(c, x->v[0], 0);
            if (x->v[0] != x->v[1]) { ans_put(c, "-", 1); ans_put_num(c, x->v[1], 0); }
            break;
        }
        case 'q':
        case 'Q':
            if (*f == 'q') ans_put(c, "\"", 1);
            ans_put(c, c->doc + x->v[0], x->v[1]);
            if (*f == 'q') ans_put(c, "\"", 1);
            add_quote(c, x->v[0], x->v[1], x->v[2]);
            break;
        case 'r': ans_put(c, x->s, x->v[0]); break;
        }
    }
}

static void nl(ans_ctx *c, int k) { ans_put(c, "\n\n", (size_t)k); }

/* ------------------------------------------------------------------ units
 * An item of a unit: its bytes and lines, and for paragraphs its index. */
typedef struct ans_item {
    size_t off, n, line, end_line;
} ans_item;

static int is_eol(char ch) { return ch == '\n' || ch == '\r'; }

/* Skips white space from *pos, counting line breaks into *line. */
static void skip_space(const ans_ctx *c, size_t *pos, size_t *line)
{
    size_t k;
    while (*pos < c->len && (k = parl__space_len(c->doc, c->len, *pos))) {
        if (c->doc[*pos] == '\n' || (c->doc[*pos] == '\r'
                                     && !(*pos + 1 < c->len && c->doc[*pos + 1] == '\n')))
            (*line)++;
        *pos += k;
    }
}

/* A sequential reader of words or lines. */
typedef struct ans_cursor {
    size_t pos, line, k;   /* k: items read */
} ans_cursor;

static int ans_next_word(const ans_ctx *c, ans_cursor *u, ans_item *it)
{
    skip_space(c, &u->pos, &u->line);
    if (u->pos >= c->len) return 0;
    size_t a = u->pos;
    while (u->pos < c->len && !parl__space_len(c->doc, c->len, u->pos)) u->pos++;
    *it = (ans_item){ a, u->pos - a, u->line, u->line };
    u->k++;
    return 1;
}

static int next_line(const ans_ctx *c, ans_cursor *u, ans_item *it)
{
    if (u->pos >= c->len) return 0;
    size_t next, e = parl__line_end(c->doc, c->len, u->pos, &next);
    *it = (ans_item){ u->pos, e - u->pos, u->line, u->line };
    u->pos = next;
    u->line++;
    u->k++;
    return 1;
}

static size_t ans_count_words(const ans_ctx *c)
{
    ans_cursor u = { 0, 1, 0 };
    ans_item it;
    while (ans_next_word(c, &u, &it)) {}
    return u.k;
}

static size_t unit_total(const ans_ctx *c, parl_unit u)
{
    switch (u) {
    case PARL_UNIT_PARAGRAPH: return c->npara;
    case PARL_UNIT_LINE: return c->p->line_count;
    case PARL_UNIT_WORD: return ans_count_words(c);
    case PARL_UNIT_CHARACTER: {   /* a final line break is not a character anyone asks for */
        size_t n = c->len;
        while (n > 0 && parl__space_len(c->doc, c->len, n - 1)) n--;
        return parl_char_count(c->doc, n);
    }
    default: return c->nsent;
    }
}

static size_t line_of(const ans_ctx *c, size_t off)
{
    size_t line = 1;
    for (size_t i = 0; i < off && i < c->len; i++)
        if (c->doc[i] == '\n' || (c->doc[i] == '\r' && !(i + 1 < c->len && c->doc[i + 1] == '\n')))
            line++;
    return line;
}

/* Bytes of the first K characters from OFF. */
static size_t chars_bytes(const ans_ctx *c, size_t off, size_t k)
{
    return parl_utf8_prefix(c->doc, (parl_span){ off, c->len - off }, k, NULL);
}

/* Items A..B (1-based, within the unit's total) of a unit that is quoted as
 * one run of text: words, characters. */
static ans_item run_of(const ans_ctx *c, parl_unit u, size_t a, size_t b)
{
    ans_item r = { 0, 0, 1, 1 };
    if (u == PARL_UNIT_CHARACTER) {
        size_t off = chars_bytes(c, 0, a - 1);
        r.off = off;
        r.n = chars_bytes(c, off, b - a + 1);
    } else {
        ans_cursor w = { 0, 1, 0 };
        ans_item it;
        while (ans_next_word(c, &w, &it)) {
            if (w.k == a) r = it;
            if (w.k == b) { r.n = it.off + it.n - r.off; r.end_line = it.line; break; }
        }
        return r;
    }
    r.line = line_of(c, r.off);
    return r;
}

/* ------------------------------------------------------------------ writing items */
enum { LABEL_NTH, LABEL_FIRST, LABEL_LAST };

static ans_item sentence_item(const ans_ctx *c, size_t k)
{
    const parl_sentence *s = &c->sents[k - 1];
    return (ans_item){ s->off, s->len, s->line, s->end_line };
}

static ans_item line_item(const ans_ctx *c, size_t k)
{
    ans_cursor l = { 0, 1, 0 };
    ans_item it = { c->len, 0, k, k };
    while (next_line(c, &l, &it) && l.k < k) {}
    return it;
}

static void quote(ans_ctx *c, ans_item it) { say(c, PARL__ANS_QUOTE, it.off, it.n, it.line); }

/* "Paragraph 3 (lines 12-18, 4 sentences, 87 words):\n"..."" */
static void para_row(ans_ctx *c, size_t k)
{
    const parl_paragraph *pa = &c->paras[k - 1];
    say(c, PARL__ANS_ROW_PARA, (int)PARL_UNIT_PARAGRAPH, k, pa->start_line, pa->end_line,
        pa->sentence_count, (int)PARL_UNIT_SENTENCE, pa->word_count, (int)PARL_UNIT_WORD,
        pa->span.off, pa->span.len, pa->start_line);
}

/* One item with a label: "Sentence 5 (line 12): "..."", "Last line (line 42):
 * "..."", "Line 5: "..."", "Last paragraph (paragraph 8, lines ...):\n"..."". */
static void one_item(ans_ctx *c, parl_unit u, size_t k, int label)
{
    if (u == PARL_UNIT_PARAGRAPH && label == LABEL_NTH) {
        para_row(c, k);
        return;
    }
    if (label == LABEL_NTH) say(c, PARL__ANS_LABEL_NTH, (int)u, k);
    else say(c, label == LABEL_FIRST ? PARL__ANS_LABEL_FIRST : PARL__ANS_LABEL_LAST, (int)u);
    ans_item it;
    switch (u) {
    case PARL_UNIT_PARAGRAPH: {
        const parl_paragraph *pa = &c->paras[k - 1];
        say(c, PARL__ANS_LOC_NUM_PARA, (int)u, k, pa->start_line, pa->end_line, pa->sentence_count,
            (int)PARL_UNIT_SENTENCE, pa->word_count, (int)PARL_UNIT_WORD);
        ans_put(c, ":\n", 2);
        quote(c, (ans_item){ pa->span.off, pa->span.len, pa->start_line, pa->end_line });
        return;
    }
    case PARL_UNIT_LINE: it = line_item(c, k); break;
    case PARL_UNIT_WORD:
    case PARL_UNIT_CHARACTER: it = run_of(c, u, k, k); break;
    default: it = sentence_item(c, k); break;
    }
    if (label != LABEL_NTH && u == PARL_UNIT_LINE) say(c, PARL__ANS_LOC_LINE, it.line);
    else if (label != LABEL_NTH) say(c, PARL__ANS_LOC_NUM_LINE, (int)u, k, it.line);
    else if (u != PARL_UNIT_LINE) say(c, PARL__ANS_LOC_LINE, it.line);
    ans_put(c, ": ", 2);
    quote(c, it);
}

/* Items A..B as rows; sentences are numbered from A - BASE. */
static void rows(ans_ctx *c, parl_unit u, size_t a, size_t b, size_t base)
{
    if (u == PARL_UNIT_WORD || u == PARL_UNIT_CHARACTER) {
        ans_item it = run_of(c, u, a, b);
        say(c, PARL__ANS_SPAN_ITEMS, it.line);
        quote(c, it);
        return;
    }
    if (u == PARL_UNIT_PARAGRAPH) {
        ans_put(c, ":\n\n", 3);
        for (size_t k = a; k <= b; k++) {
            if (k > a) nl(c, 2);
            para_row(c, k);
        }
        return;
    }
    ans_put(c, ":", 1);
    if (u == PARL_UNIT_LINE) {
        ans_cursor l = { 0, 1, 0 };
        ans_item it;
        while (l.k < b && next_line(c, &l, &it)) {
            if (l.k < a) continue;
            nl(c, 1);
            say(c, PARL__ANS_ROW_LINE, l.k, it.off, it.n, it.line);
        }
        return;
    }
    for (size_t k = a; k <= b; k++) {
        ans_item it = sentence_item(c, k);
        nl(c, 1);
        say(c, PARL__ANS_ROW_SENT, k - base, it.off, it.n, it.line, it.line);
    }
}

static size_t sz(int64_t v) { return v < 0 ? 0 : (size_t)v; }

static parl_unit unit_or(parl_unit u, parl_unit dflt)
{
    return u == PARL_UNIT_NONE ? dflt : u;
}

static void not_found(ans_ctx *c, parl_unit u, size_t k, size_t total)
{
    say(c, PARL__ANS_NOT_FOUND, (int)u, k, total, (int)u);
    c->found = false;
}

static void nth(ans_ctx *c, parl_unit u, size_t k)
{
    size_t total = unit_total(c, u);
    if (k < 1 || k > total) not_found(c, u, k, total);
    else one_item(c, u, k, LABEL_NTH);
}

/* first_n / last_n */
static void ends(ans_ctx *c, parl_unit u, size_t n, int last)
{
    size_t total = unit_total(c, u);
    if (n < 1) {
        say(c, PARL__ANS_NONE_ASKED, (int)u);
        c->found = false;
        return;
    }
    if (total == 0) {
        say(c, PARL__ANS_STAT_ONE, (size_t)0, (int)u);
        c->found = false;
        return;
    }
    size_t m = n < total ? n : total;
    if (n == 1) {
        one_item(c, u, last ? total : 1, last ? LABEL_LAST : LABEL_FIRST);
        return;
    }
    say(c, last ? PARL__ANS_HEAD_LAST : PARL__ANS_HEAD_FIRST, m, (int)u);
    if (n > total) say(c, PARL__ANS_ONLY, total);
    size_t a = last ? total - m + 1 : 1;
    rows(c, u, a, a + m - 1, a - 1);
}

static void range(ans_ctx *c, parl_unit u, const parl_intent *in)
{
    size_t total = unit_total(c, u);
    size_t a = in->has_start ? sz(in->start) : 1;
    size_t b = in->has_end && !in->end_open ? sz(in->end) : total;
    if (!in->has_end && !in->end_open && in->has_start) b = a;
    if (a > b && !in->end_open) { size_t t = a; a = b; b = t; }
    if (a < 1) a = 1;
    if (a > total) {
        if (b > a) say(c, PARL__ANS_RANGE_NOT_FOUND, (int)u, a, b, total, (int)u);
        else say(c, PARL__ANS_NOT_FOUND, (int)u, a, total, (int)u);
        c->found = false;
        return;
    }
    if (b > total) b = total;
    say(c, PARL__ANS_HEAD_RANGE, (int)u, a, b);
    rows(c, u, a, b, 0);
}

static void full(ans_ctx *c)
{
    size_t chars = c->p->char_count;
    if (chars <= PARL_ANSWER_FULL_CHARS) {
        say(c, PARL__ANS_FULL, chars, (size_t)0, c->len, (size_t)1);
        return;
    }
    size_t cut = chars_bytes(c, 0, PARL_ANSWER_FULL_CHARS);
    say(c, PARL__ANS_FULL, chars, (size_t)0, cut, (size_t)1);
    say(c, PARL__ANS_FULL_CUT, (size_t)PARL_ANSWER_FULL_CHARS, chars, line_of(c, cut));
}

static void stats(ans_ctx *c, parl_unit u)
{
    const parl_profile *p = c->p;
    if (u == PARL_UNIT_NONE) {
        say(c, PARL__ANS_STATS, p->word_count, p->sentence_count, p->paragraph_count, p->line_count,
            p->char_count);
        return;
    }
    size_t v = u == PARL_UNIT_SENTENCE ? p->sentence_count
             : u == PARL_UNIT_PARAGRAPH ? p->paragraph_count
             : u == PARL_UNIT_LINE ? p->line_count
             : u == PARL_UNIT_WORD ? p->word_count : p->char_count;
    say(c, PARL__ANS_STAT_ONE, v, (int)u);
}

/* ------------------------------------------------------------------ search */
static int lower(int ch) { return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch; }

static int word_byte(const char *d, size_t i)
{
    unsigned char ch = (unsigned char)d[i];
    return (ch >= '0' && ch <= '9') || (lower(ch) >= 'a' && lower(ch) <= 'z') || ch == '_'
           || ch >= 0x80;
}

/* Does the search text S[0..n) match at AT? White space in S matches a run
 * of white space. Sets *end. */
static int ans_match_at(const ans_ctx *c, size_t at, const char *s, size_t n, size_t *end)
{
    size_t i = 0, j = at;
    while (i < n) {
        if (s[i] == ' ' || s[i] == '\t') {
            while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
            size_t k, j0 = j;
            while (j < c->len && (k = parl__space_len(c->doc, c->len, j))) j += k;
            if (j == j0) return 0;
            continue;
        }
        if (j >= c->len || lower((unsigned char)c->doc[j]) != lower((unsigned char)s[i]))
            return 0;
        i++;
        j++;
    }
    *end = j;
    return 1;
}

/* Next match at or after FROM: [*a, *b). */
static int ans_find(const ans_ctx *c, size_t from, const char *s, size_t n, int whole, size_t *a,
                size_t *b)
{
    int wa = n && word_byte(s, 0), wb = n && word_byte(s, n - 1);
    for (size_t i = from; i < c->len; i++) {
        size_t e;
        if (!ans_match_at(c, i, s, n, &e)) continue;
        if (whole && ((wa && i > 0 && word_byte(c->doc, i - 1))
                      || (wb && e < c->len && word_byte(c->doc, e))))
            continue;
        *a = i;
        *b = e;
        return 1;
    }
    return 0;
}

static int cont_byte(const ans_ctx *c, size_t i)
{
    return i < c->len && ((unsigned char)c->doc[i] & 0xc0) == 0x80;
}

/* "...context..." around the match [a, b) on LINE: up to PARL_ANSWER_CONTEXT
 * bytes each side, within the lines of the match, never cutting a character.
 * The line's ends are looked for no further than the context reaches (past
 * it, LS and LE only say "further"): every mention on one long line was a
 * scan of the whole line each, quadratic (50,000 mentions: 36 s). */
static void ans_context(ans_ctx *c, size_t a, size_t b, size_t line)
{
    size_t ls = a, le = b, x, y;
    while (ls > 0 && a - ls <= PARL_ANSWER_CONTEXT && !is_eol(c->doc[ls - 1])) ls--;
    while (le < c->len && le - b <= PARL_ANSWER_CONTEXT && !is_eol(c->doc[le])) le++;
    x = a - ls > PARL_ANSWER_CONTEXT ? a - PARL_ANSWER_CONTEXT : ls;
    y = le - b > PARL_ANSWER_CONTEXT ? b + PARL_ANSWER_CONTEXT : le;
    /* start and stop at word boundaries when the context is clipped */
    if (x > ls) {
        size_t x0 = x;
        while (x < a && c->doc[x] != ' ' && c->doc[x] != '\t') x++;
        while (x < a && (c->doc[x] == ' ' || c->doc[x] == '\t')) x++;
        if (x == a && x0 < a && c->doc[a - 1] != ' ') x = x0;   /* no blank: keep bytes */
    }
    if (y < le) {
        size_t y0 = y;
        while (y > b && c->doc[y - 1] != ' ' && c->doc[y - 1] != '\t') y--;
        while (y > b && (c->doc[y - 1] == ' ' || c->doc[y - 1] == '\t')) y--;
        if (y == b && y0 > b && c->doc[b] != ' ') y = y0;
    }
    while (x < a && cont_byte(c, x)) x++;
    while (y > b && cont_byte(c, y)) y--;
    ans_put(c, "\"", 1);
    if (x > ls) say(c, PARL__ANS_ELLIPSIS);
    ans_put(c, c->doc + x, a - x);
    ans_put(c, c->doc + a, b - a);
    add_quote(c, a, b - a, line);
    ans_put(c, c->doc + b, y - b);
    if (y < le) say(c, PARL__ANS_ELLIPSIS);
    ans_put(c, "\"", 1);
}

/* Line numbers of increasing offsets, counted incrementally. */
typedef struct ans_liner { size_t pos, line; } ans_liner;
static size_t ans_line_at(const ans_ctx *c, ans_liner *l, size_t off)
{
    for (; l->pos < off; l->pos++)
        if (c->doc[l->pos] == '\n'
            || (c->doc[l->pos] == '\r' && !(l->pos + 1 < c->len && c->doc[l->pos + 1] == '\n')))
            l->line++;
    return l->line;
}

static void ans_search(ans_ctx *c, const parl_intent *in)
{
    const char *s = c->req + in->search.off;
    size_t n = in->search.len, a, b;
    if (!in->has_search || n == 0 || in->search.off + n > c->req_len) {
        say(c, PARL__ANS_NO_SEARCH);
        c->found = false;
        return;
    }
    int whole = !(c->flags & PARL_ANSWER_SUBSTRING);
    ans_liner l = { 0, 1 };
    if (in->mode == PARL_MODE_SEARCH) {
        /* One quote is wanted, so a near miss beats nothing: a whole word,
         * else part of a word, else the text without its last letter
         * ("transformers" finds "transformer"), said as such. */
        int part = 0;
        if (!ans_find(c, 0, s, n, whole, &a, &b)) {
            part = 1;
            if (!(whole && ans_find(c, 0, s, n, 0, &a, &b))
                && !(n >= 4 && lower((unsigned char)s[n - 1]) >= 'a'
                     && lower((unsigned char)s[n - 1]) <= 'z' && ans_find(c, 0, s, n - 1, 0, &a, &b))) {
                say(c, PARL__ANS_NOT_MENTIONED, s, n);
                c->found = false;
                return;
            }
        }
        size_t line = ans_line_at(c, &l, a);
        c->matches = 1;
        say(c, part ? PARL__ANS_FOUND_PART : PARL__ANS_FOUND, line);
        ans_context(c, a, b, line);
        return;
    }
    size_t count = 0;
    for (size_t at = 0; ans_find(c, at, s, n, whole, &a, &b); at = b > a ? b : a + 1) count++;
    c->matches = count;
    if (count == 0) {
        say(c, PARL__ANS_NOT_MENTIONED, s, n);
        c->found = false;
        return;
    }
    if (in->count_only) {
        say(c, PARL__ANS_COUNT, s, n, count, T[count != 1 ? PARL__ANS_TIMES : PARL__ANS_TIME]);
        return;
    }
    say(c, PARL__ANS_ALL_HEAD, count, T[count != 1 ? PARL__ANS_MENTIONS : PARL__ANS_MENTION], s, n);
    size_t i = 0;
    for (size_t at = 0; ans_find(c, at, s, n, whole, &a, &b); at = b > a ? b : a + 1) {
        size_t line = ans_line_at(c, &l, a);
        nl(c, 1);
        say(c, PARL__ANS_ALL_ROW, ++i, line);
        ans_context(c, a, b, line);
    }
}

/* ------------------------------------------------------------------ sections */
static int find_section(const ans_ctx *c, parl_section sec, parl_heading *h, size_t *end)
{
    parl_heading_iter it;
    parl_heading_begin(&it, c->doc, c->len);
    while (parl_heading_next(&it, h)) {
        if (h->section != sec) continue;
        parl_heading nx;
        *end = c->len;
        while (parl_heading_next(&it, &nx))
            if (nx.level <= h->level) { *end = nx.off; break; }
        return 1;
    }
    return 0;
}

static int section(ans_ctx *c, parl_section sec, int quiet)
{
    parl_heading h;
    size_t end;
    if (sec == PARL_SECTION_NONE || sec >= PARL_SECTION__COUNT || !find_section(c, sec, &h, &end)) {
        if (quiet) return 0;
        const char *name = parl_section_name(sec);
        unsigned fb = sec < PARL_SECTION__COUNT ? section_fallback[sec] : 0;
        if (fb && c->npara) {
            say(c, PARL__ANS_SECTION_FALLBACK, name, T[fb == 1 ? PARL__ANS_FIRST : PARL__ANS_LAST]);
            one_item(c, PARL_UNIT_PARAGRAPH, fb == 1 ? 1 : c->npara,
                     fb == 1 ? LABEL_FIRST : LABEL_LAST);
        } else {
            say(c, PARL__ANS_SECTION_MISSING, name);
            c->found = false;
        }
        return 1;
    }
    size_t e = end;
    while (e > h.off && parl__space_len(c->doc, c->len, e - 1)) e--;
    size_t last = line_of(c, e ? e - 1 : 0);
    say(c, PARL__ANS_SECTION, h.title.off, h.title.len, h.line, h.line, last, h.off, e - h.off, h.line);
    return 1;
}

static void section_list(ans_ctx *c)
{
    parl_heading_iter it;
    parl_heading h;
    size_t n = 0;
    parl_heading_begin(&it, c->doc, c->len);
    while (parl_heading_next(&it, &h)) n++;
    if (!n) {
        say(c, PARL__ANS_NO_SECTIONS);
        c->found = false;
        return;
    }
    say(c, PARL__ANS_SECTIONS_HEAD, n);
    parl_heading_begin(&it, c->doc, c->len);
    for (size_t i = 1; parl_heading_next(&it, &h); i++) {
        nl(c, 1);
        say(c, PARL__ANS_SECTIONS_ROW, i, h.title.off, h.title.len, h.line, h.line);
    }
}

/* ------------------------------------------------------------------ modes */
static void compound(ans_ctx *c, const parl_intent *in)
{
    parl_unit u = unit_or(in->unit, PARL_UNIT_SENTENCE);
    int n = in->nparts < PARL_MAX_PARTS ? in->nparts : PARL_MAX_PARTS;
    bool all = true;
    for (int i = 0; i < n; i++) {
        if (i) nl(c, u == PARL_UNIT_PARAGRAPH ? 2 : 1);
        c->found = true;
        nth(c, u, sz(in->parts[i]));
        all = all && c->found;
    }
    c->found = all && n > 0;
}

static void dispatch(ans_ctx *c, const parl_intent *in)
{
    size_t count = in->has_count ? sz(in->count) : 1;
    parl_mode m = in->mode;
    if (m == PARL_MODE_NONE || m >= PARL_MODE__COUNT) {
        say(c, PARL__ANS_HELP);
        c->found = false;
        return;
    }
    if (c->len == 0 && m != PARL_MODE_STATS) {
        say(c, PARL__ANS_EMPTY);
        c->found = false;
        return;
    }
    /* "what's the conclusion": the section when the document has one */
    if (in->section && m != PARL_MODE_SECTION && m != PARL_MODE_SECTION_LIST) {
        if (section(c, in->section, 1)) return;
        say(c, PARL__ANS_SECTION_INSTEAD, parl_section_name(in->section));
    }
    switch (m) {
    case PARL_MODE_STATS: stats(c, in->unit); break;
    case PARL_MODE_LAST_N: ends(c, unit_or(in->unit, PARL_UNIT_SENTENCE), count, 1); break;
    case PARL_MODE_FIRST_N: ends(c, unit_or(in->unit, PARL_UNIT_SENTENCE), count, 0); break;
    case PARL_MODE_NTH: nth(c, unit_or(in->unit, PARL_UNIT_SENTENCE), count); break;
    case PARL_MODE_PARAGRAPH: nth(c, PARL_UNIT_PARAGRAPH, count); break;
    case PARL_MODE_FIRST_PARAGRAPH: ends(c, PARL_UNIT_PARAGRAPH, 1, 0); break;
    case PARL_MODE_LAST_PARAGRAPH: ends(c, PARL_UNIT_PARAGRAPH, 1, 1); break;
    case PARL_MODE_IMPLICIT_START: ends(c, PARL_UNIT_SENTENCE, 3, 0); break;
    case PARL_MODE_IMPLICIT_END: ends(c, PARL_UNIT_SENTENCE, 3, 1); break;
    case PARL_MODE_LINE: nth(c, PARL_UNIT_LINE, in->has_start ? sz(in->start) : count); break;
    case PARL_MODE_RANGE: range(c, unit_or(in->unit, PARL_UNIT_LINE), in); break;
    case PARL_MODE_SENTENCE_RANGE: range(c, PARL_UNIT_SENTENCE, in); break;
    case PARL_MODE_PARAGRAPH_RANGE: range(c, PARL_UNIT_PARAGRAPH, in); break;
    case PARL_MODE_FULL: full(c); break;
    case PARL_MODE_SEARCH:
    case PARL_MODE_SEARCH_ALL: ans_search(c, in); break;
    case PARL_MODE_SECTION: section(c, in->section, 0); break;
    case PARL_MODE_SECTION_LIST: section_list(c); break;
    case PARL_MODE_COMPOUND: compound(c, in); break;
    default: say(c, PARL__ANS_HELP); c->found = false; break;
    }
}

int parl_answer(const char *doc, size_t len, const parl_profile *p,
                const parl_paragraph *paras, const parl_sentence *sents,
                const parl_intent *in, const char *req, size_t req_len, unsigned flags,
                char *out, size_t cap, parl_quote *quotes, size_t qcap,
                parl_answer_info *info)
{
    ans_ctx c = { 0 };
    c.doc = doc ? doc : "";
    c.len = doc ? len : 0;
    c.p = p;
    c.paras = paras;
    c.sents = sents;
    c.npara = paras ? p->paragraphs_stored : 0;
    c.nsent = sents ? p->sentences_stored : 0;
    c.req = req ? req : "";
    c.req_len = req ? req_len : 0;
    c.flags = flags;
    c.out = out;
    c.cap = out ? cap : 0;
    c.q = quotes;
    c.qcap = quotes ? qcap : 0;
    c.found = true;
    dispatch(&c, in);
    if (c.cap) c.out[c.n < c.cap ? c.n : c.cap - 1] = 0;
    parl_answer_info r = { c.n < c.cap ? c.n : (c.cap ? c.cap - 1 : 0), c.n + 1, c.nq,
                           c.matches, c.found };
    if (info) *info = r;
    return c.n + 1 > c.cap || c.nq > c.qcap;
}
