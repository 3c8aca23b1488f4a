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
#include "casefold.h"
#include "json_internal.h"

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
    size_t len;              /* the end of what is answered from */
    size_t lo, line_lo;      /* its start and that start's line: a scope narrows them */
    const parl_region *scope;   /* NULL: the whole document */
    size_t scope_k;          /* the scope's unit number */
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
    parl__json *text_json;   /* not NULL: the text goes there as a JSON string's parts */
    parl__json *quote_json;  /* not NULL: the quotes go there as span objects */
    parl_offsets quote_at;   /* their offsets in the unit of json_flags */
    unsigned json_flags;
} ans_ctx;

static void ans_put(ans_ctx *c, const char *s, size_t n)
{
    if (c->text_json) { parl__json_part(c->text_json, s, n); return; }
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
    parl__json *j = c->quote_json;
    if (j) {
        parl__json_lit(j, c->nq ? ",{\"start\":" : "{\"start\":");
        parl__json_uint(j, parl__offsets_at(&c->quote_at, c->doc, off, c->json_flags));
        parl__json_lit(j, ",\"end\":");
        parl__json_uint(j, parl__offsets_at(&c->quote_at, c->doc, off + n, c->json_flags));
        parl__json_lit(j, ",\"line\":");
        parl__json_uint(j, line);
        parl__json_lit(j, "}");
    }
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
static void where(ans_ctx *c, int cap);

static void say(ans_ctx *c, int t, ...)
{
    say_arg a[PARL__ANSWER_MAX_ARGS];
    va_list ap;
    va_start(ap, t);
    const char *kinds = say_kinds[t];
    int bare = !kinds || *kinds != '-';   /* may it say where it answers from? */
    int n = say_take(&ap, kinds && *kinds == '-' ? kinds + 1 : kinds, a), k = 0;
    va_end(ap);
    size_t last = 0;
    for (const char *f = T[t]; *f; f++) {
        if (*f != '%') { ans_put(c, f, 1); continue; }
        if (*++f == '%') { ans_put(c, f, 1); continue; }
        if (bare && (*f == 'd' || *f == 'D')) { where(c, *f == 'D'); continue; }   /* no argument */
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
        case 'p':
        case 'P': {
            int u = x->u < 0 || x->u >= PARL_UNIT__COUNT ? 0 : x->u;
            int plural = *f == 'P' || *f == 'p' || (*f == 'U' && last != 1);
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

/* What is answered from, for %d and %D: "the document", "paragraph 4", "the
 * methods section"; capitalised for %D. */
static void where(ans_ctx *c, int cap)
{
    const parl_region *s = c->scope;
    if (!s) say(c, cap ? PARL__ANS_THE_DOCUMENT_CAP : PARL__ANS_THE_DOCUMENT);
    else if (s->section)
        say(c, cap ? PARL__ANS_SCOPE_SECTION_CAP : PARL__ANS_SCOPE_SECTION, parl_section_name(s->section));
    else say(c, cap ? PARL__ANS_SCOPE_UNIT_CAP : PARL__ANS_SCOPE_UNIT, (int)s->unit, c->scope_k);
}

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

/* A cursor at the start of what is answered from. */
static ans_cursor ans_from(const ans_ctx *c) { return (ans_cursor){ c->lo, c->line_lo, 0 }; }

static int line_blank(const ans_ctx *c, const ans_item *it)
{
    size_t k;
    for (size_t i = it->off; i < it->off + it->n; i += k)
        if (!(k = parl__space_len(c->doc, c->len, i))) return 0;
    return 1;
}

/* Lines of what is answered from, and the non-empty ones among them. */
static size_t ans_count_lines(const ans_ctx *c, size_t *nonempty)
{
    if (!c->scope) {
        *nonempty = c->p->non_empty_line_count;
        return c->p->line_count;
    }
    ans_cursor l = ans_from(c);
    ans_item it;
    *nonempty = 0;
    while (next_line(c, &l, &it)) *nonempty += !line_blank(c, &it);
    return l.k;
}

static size_t ans_count_words(const ans_ctx *c)
{
    ans_cursor u = ans_from(c);
    ans_item it;
    while (ans_next_word(c, &u, &it)) {}
    return u.k;
}

static size_t unit_total(const ans_ctx *c, parl_unit u)
{
    size_t ne;
    switch (u) {
    case PARL_UNIT_PARAGRAPH: return c->npara;
    case PARL_UNIT_LINE: return ans_count_lines(c, &ne);
    case PARL_UNIT_WORD: return ans_count_words(c);
    case PARL_UNIT_CHARACTER: {   /* a final line break is not a character anyone asks for */
        size_t n = c->len;
        while (n > c->lo && parl__space_len(c->doc, c->len, n - 1)) n--;
        return parl_char_count(c->doc + c->lo, n - c->lo);
    }
    default: return c->nsent;
    }
}

static size_t line_of(const ans_ctx *c, size_t off)
{
    size_t line = c->line_lo;
    for (size_t i = c->lo; i < off && i < c->len; i++)
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
    ans_item r = { c->lo, 0, c->line_lo, c->line_lo };
    if (u == PARL_UNIT_CHARACTER) {
        size_t off = chars_bytes(c, c->lo, a - 1);
        r.off = off;
        r.n = chars_bytes(c, off, b - a + 1);
    } else {
        ans_cursor w = ans_from(c);
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
    ans_cursor l = ans_from(c);
    ans_item it = { c->len, 0, k, k };
    while (next_line(c, &l, &it) && l.k < k) {}
    return it;
}

/* The K-th non-empty line (1-based); *RAW gets its number among all lines. */
static ans_item nonempty_line(const ans_ctx *c, size_t k, size_t *raw)
{
    ans_cursor l = ans_from(c);
    ans_item it = { c->len, 0, k, k };
    size_t seen = 0;
    while (next_line(c, &l, &it))
        if (!line_blank(c, &it) && ++seen == k) break;
    *raw = l.k;
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
    else if (u != PARL_UNIT_LINE || c->scope) say(c, PARL__ANS_LOC_LINE, it.line);
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
        ans_cursor l = ans_from(c);
        ans_item it;
        while (l.k < b && next_line(c, &l, &it)) {
            if (l.k < a) continue;
            nl(c, 1);
            say(c, PARL__ANS_ROW_LINE, it.line, it.off, it.n, it.line);
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

static void zero(ans_ctx *c, parl_unit u)
{
    say(c, PARL__ANS_ZERO, (int)u, (int)u);
    c->found = false;
}

static void nth(ans_ctx *c, parl_unit u, size_t k)
{
    size_t total = unit_total(c, u);
    if (k < 1) zero(c, u);
    else if (k > total) not_found(c, u, k, total);
    else one_item(c, u, k, LABEL_NTH);
}

/* The first or last N non-empty lines: a blank line is nothing anyone asks
 * for. The answer says "non-empty" when blank lines were passed over. */
static void ends_lines(ans_ctx *c, size_t n, int last)
{
    size_t total, raw = ans_count_lines(c, &total), m = n < total ? n : total, at, end;
    if (!total) {
        say(c, PARL__ANS_STAT_LINES, raw, (int)PARL_UNIT_LINE, total);
        c->found = false;
        return;
    }
    size_t a = last ? total - m + 1 : 1;
    ans_item first = nonempty_line(c, a, &at), final = nonempty_line(c, a + m - 1, &end);
    int skipped = last ? raw - at + 1 != m : end != m;
    if (n == 1) {
        say(c, last ? (skipped ? PARL__ANS_LABEL_LAST_NONEMPTY : PARL__ANS_LABEL_LAST)
                    : (skipped ? PARL__ANS_LABEL_FIRST_NONEMPTY : PARL__ANS_LABEL_FIRST),
            (int)PARL_UNIT_LINE);
        say(c, PARL__ANS_LOC_LINE, first.line);
        ans_put(c, ": ", 2);
        quote(c, first);
        return;
    }
    int head = last ? (skipped ? PARL__ANS_HEAD_LAST_NONEMPTY : PARL__ANS_HEAD_LAST)
                    : (skipped ? PARL__ANS_HEAD_FIRST_NONEMPTY : PARL__ANS_HEAD_FIRST);
    say(c, head, m, (int)PARL_UNIT_LINE);
    if (n > total) say(c, PARL__ANS_ONLY_NONEMPTY, total);
    ans_put(c, ":", 1);
    ans_cursor l = ans_from(c);
    ans_item it;
    while (l.pos <= final.off && next_line(c, &l, &it)) {
        if (it.off < first.off || line_blank(c, &it)) continue;
        nl(c, 1);
        say(c, PARL__ANS_ROW_LINE, it.line, it.off, it.n, it.line);
    }
}

/* first_n / last_n */
static void ends(ans_ctx *c, parl_unit u, size_t n, int last)
{
    if (n < 1) {
        say(c, PARL__ANS_NONE_ASKED, (int)u);
        c->found = false;
        return;
    }
    if (u == PARL_UNIT_LINE) {
        ends_lines(c, n, last);
        return;
    }
    size_t total = unit_total(c, u);
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
    if (a < 1 || (in->has_end && !in->end_open && b < 1)) {
        zero(c, u);
        return;
    }
    if (a > b && !in->end_open) {
        say(c, PARL__ANS_REVERSED, (int)u, a, b, (int)u, b, a);
        c->found = false;
        return;
    }
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
    size_t nonempty, lines = ans_count_lines(c, &nonempty);
    if (u == PARL_UNIT_LINE) {
        say(c, PARL__ANS_STAT_LINES, lines, (int)u, nonempty);
        return;
    }
    if (u != PARL_UNIT_NONE) {
        say(c, PARL__ANS_STAT_ONE, c->scope ? unit_total(c, u)
                                  : u == PARL_UNIT_SENTENCE ? p->sentence_count
                                  : u == PARL_UNIT_PARAGRAPH ? p->paragraph_count
                                  : u == PARL_UNIT_WORD ? p->word_count : p->char_count, (int)u);
        return;
    }
    if (c->scope)
        say(c, PARL__ANS_SCOPE_STATS, ans_count_words(c), c->nsent, c->npara, lines, nonempty,
            unit_total(c, PARL_UNIT_CHARACTER));
    else
        say(c, PARL__ANS_STATS, p->word_count, p->sentence_count, p->paragraph_count, lines,
            nonempty, p->char_count);
}

/* ------------------------------------------------------------------ search */
static int lower(int ch) { return ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch; }

static int word_byte(const char *d, size_t i)
{
    unsigned char ch = (unsigned char)d[i];
    return (ch >= '0' && ch <= '9') || (lower(ch) >= 'a' && lower(ch) <= 'z') || ch == '_'
           || ch >= 0x80;
}

/* The code point at P[I..N), folded (Unicode simple case folding), and its
 * bytes in *K. A byte that begins no valid sequence stands for itself, above
 * every code point, so that it matches only the same byte. */
static uint32_t ans_fold_at(const char *p, size_t i, size_t n, size_t *k)
{
    const unsigned char *u = (const unsigned char *)p + i;
    uint32_t c = u[0];
    *k = 1;
    if (c < 0x80) return c - 'A' < 26 ? c | 0x20 : c;
    size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
    if (c > 0xf4 || !len || i + len > n) return 0x110000 + c;
    uint32_t cp = c & (0x7f >> len);
    for (size_t j = 1; j < len; j++) {
        if ((u[j] & 0xc0) != 0x80) return 0x110000 + c;
        cp = cp << 6 | (u[j] & 0x3f);
    }
    static const uint32_t least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (cp < least[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0x110000 + c;
    *k = len;
    return parl__casefold(cp);
}

/* Does the search text S[0..n) match at AT, folding case? White space in S
 * matches a run of white space. Sets *end. */
static int ans_match_at(const ans_ctx *c, size_t at, const char *s, size_t n, size_t *end)
{
    size_t i = 0, j = at, ki, kj;
    while (i < n) {
        if (s[i] == ' ' || s[i] == '\t') {
            while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
            size_t k, j0 = j;
            while (j < c->len && (k = parl__space_len(c->doc, c->len, j))) j += k;
            if (j == j0) return 0;
            continue;
        }
        if (j >= c->len || ans_fold_at(c->doc, j, c->len, &kj) != ans_fold_at(s, i, n, &ki))
            return 0;
        i += ki;
        j += kj;
    }
    *end = j;
    return 1;
}

/* Next match at or after FROM: [*a, *b). */
static int ans_find(const ans_ctx *c, size_t from, const char *s, size_t n, int whole, size_t *a,
                size_t *b)
{
    int wa = n && word_byte(s, 0), wb = n && word_byte(s, n - 1);
    size_t k;
    uint32_t first = n ? ans_fold_at(s, 0, n, &k) : 0;
    for (size_t i = from; i < c->len; i++) {
        size_t e;
        if (((unsigned char)c->doc[i] & 0xc0) == 0x80) continue;   /* inside a character */
        if (n && s[0] != ' ' && s[0] != '\t' && ans_fold_at(c->doc, i, c->len, &k) != first) continue;
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
    ans_liner l = { 0, 1 };   /* lines keep the document's numbers in a scope */
    if (in->mode == PARL_MODE_SEARCH) {
        /* One quote is wanted, so a near miss beats nothing: a whole word,
         * else part of a word, else the text without its last letter
         * ("transformers" finds "transformer"), said as such. */
        int part = 0;
        if (!ans_find(c, c->lo, s, n, whole, &a, &b)) {
            part = 1;
            if (!(whole && ans_find(c, c->lo, s, n, 0, &a, &b))
                && !(n >= 4 && lower((unsigned char)s[n - 1]) >= 'a'
                     && lower((unsigned char)s[n - 1]) <= 'z' && ans_find(c, c->lo, s, n - 1, 0, &a, &b))) {
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
    /* Every mention: all are counted, at most PARL_ANSWER_MAX_MATCHES listed
     * from the line asked for (IN's start) on, and the answer says how to
     * ask for the rest. */
    size_t from = in->has_start && in->start > 1 ? sz(in->start) : 1;
    size_t count = 0, before = 0;
    for (size_t at = c->lo; ans_find(c, at, s, n, whole, &a, &b); at = b > a ? b : a + 1) {
        count++;
        before += ans_line_at(c, &l, a) < from;
    }
    c->matches = count;
    if (count == before) {
        say(c, PARL__ANS_NOT_MENTIONED, s, n);
        c->found = false;
        return;
    }
    if (in->count_only) {
        say(c, PARL__ANS_COUNT, s, n, count, T[count != 1 ? PARL__ANS_TIMES : PARL__ANS_TIME]);
        return;
    }
    size_t shown = count - before;
    const char *noun = T[shown != 1 ? PARL__ANS_MENTIONS : PARL__ANS_MENTION];
    if (from > 1) say(c, PARL__ANS_ALL_HEAD_FROM, shown, noun, s, n, from, count);
    else say(c, PARL__ANS_ALL_HEAD, shown, noun, s, n);
    size_t i = 0, first_line = 0;
    l = (ans_liner){ 0, 1 };
    for (size_t at = c->lo; ans_find(c, at, s, n, whole, &a, &b); at = b > a ? b : a + 1) {
        size_t line = ans_line_at(c, &l, a);
        if (line < from) { i++; continue; }
        if (i - before == PARL_ANSWER_MAX_MATCHES) {   /* the next ones start here */
            say(c, PARL__ANS_ALL_MORE, count - i, s, n, line > first_line ? line : line + 1, s, n);
            return;
        }
        if (!first_line) first_line = line;
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

/* Mode none: why the request was refused, or what can be asked. */
static void refusal(ans_ctx *c, const parl_intent *in)
{
    const char *r = c->req + in->refused.off;
    size_t n = in->refused.off + in->refused.len <= c->req_len ? in->refused.len : 0;
    switch (in->refusal) {
    case PARL_REFUSE_NUMBER: say(c, PARL__ANS_REFUSED_NUMBER, r, n); break;
    case PARL_REFUSE_TOO_LARGE: say(c, PARL__ANS_REFUSED_TOO_LARGE, r, n, (size_t)PARL_NUMBER_MAX); break;
    case PARL_REFUSE_TOO_MANY:
        say(c, PARL__ANS_REFUSED_TOO_MANY, (size_t)PARL_MAX_PARTS, (size_t)PARL_MAX_PARTS);
        break;
    default: say(c, PARL__ANS_HELP); break;
    }
    c->found = false;
}

static void dispatch(ans_ctx *c, const parl_intent *in);

/* The item of SCOPE's unit it names (1-based), or 0 with the message
 * said when the document has no such item. */
static size_t scope_item(ans_ctx *c, const parl_region *sc)
{
    size_t total = unit_total(c, sc->unit), k = sz(sc->count);
    if (sc->from_end) k = k <= total ? total - k + 1 : 0;
    if (k < 1 && !sc->from_end) zero(c, sc->unit);
    else if (k < 1 || k > total) not_found(c, sc->unit, sz(sc->count), total);
    return k >= 1 && k <= total ? k : 0;
}

/* Narrows C to the scope of IN into *S (the answer goes on in C); 0, with
 * the message said, when the document has no such scope. */
static int narrow(ans_ctx *c, const parl_intent *in, ans_ctx *s)
{
    const parl_region *sc = &in->scope;
    size_t lo, hi, k = 0;
    *s = *c;
    if (sc->section) {
        parl_heading h;
        if (!find_section(c, sc->section, &h, &hi)) {
            say(c, PARL__ANS_SECTION_MISSING, parl_section_name(sc->section));
            c->found = false;
            return 0;
        }
        size_t next, e = parl__line_end(c->doc, c->len, h.off, &next);
        size_t t = h.title.off + h.title.len;   /* "Abstract: We ..." keeps its line */
        while (t < e && (c->doc[t] == ' ' || c->doc[t] == '\t' || c->doc[t] == '#')) t++;
        lo = t < e ? h.off : next;
    } else {
        parl_unit u = sc->unit == PARL_UNIT_NONE ? PARL_UNIT_PARAGRAPH : sc->unit;
        if (!(k = scope_item(c, &(parl_region){ u, PARL_SECTION_NONE, sc->count, sc->from_end })))
            return 0;
        ans_item it = u == PARL_UNIT_LINE ? line_item(c, k)
                    : u == PARL_UNIT_SENTENCE ? sentence_item(c, k)
                    : (ans_item){ c->paras[k - 1].span.off, c->paras[k - 1].span.len, 0, 0 };
        lo = it.off;
        hi = it.off + it.n;
    }
    while (hi > lo && parl__space_len(c->doc, c->len, hi - 1)) hi--;
    s->scope = sc;
    s->scope_k = k;
    s->line_lo = line_of(c, lo);
    s->lo = lo;
    s->len = hi;
    s->paras = c->paras;
    s->sents = c->sents;
    while (s->npara && s->paras->span.off < lo) s->paras++, s->npara--;
    while (s->nsent && s->sents->off < lo) s->sents++, s->nsent--;
    for (s->npara = 0; s->paras + s->npara < c->paras + c->npara && s->paras[s->npara].span.off < hi;) s->npara++;
    for (s->nsent = 0; s->sents + s->nsent < c->sents + c->nsent && s->sents[s->nsent].off < hi;) s->nsent++;
    return 1;
}

/* Units a scope is made of: a section holds everything, a paragraph all
 * but paragraphs, a sentence or a line only words and characters. */
static int scope_holds(const parl_region *sc, parl_unit u)
{
    return sc->section || u == PARL_UNIT_WORD || u == PARL_UNIT_CHARACTER ||
           (sc->unit == PARL_UNIT_PARAGRAPH && u != PARL_UNIT_PARAGRAPH);
}

/* "the first sentence of paragraph 4": the inner request, answered from
 * the scope alone. Positions inside it count from its start; lines keep
 * the document's numbers. */
static void scoped(ans_ctx *c, const parl_intent *in)
{
    ans_ctx s;
    parl_intent inner = *in;
    inner.mode = in->inner;
    inner.inner = PARL_MODE_NONE;
    inner.section = PARL_SECTION_NONE;
    if (!narrow(c, in, &s)) return;
    parl_unit u = unit_or(in->unit, PARL_UNIT_SENTENCE);
    int search = inner.mode == PARL_MODE_SEARCH || inner.mode == PARL_MODE_SEARCH_ALL;
    if (inner.mode == PARL_MODE_SCOPED || (!search && !scope_holds(&in->scope, u))) {
        say(&s, PARL__ANS_SCOPE_HOLDS, (int)u);
        s.found = false;
    } else {
        if (inner.mode != PARL_MODE_STATS)   /* stats name their scope themselves */
            say(&s, PARL__ANS_SCOPE_HEAD, s.line_lo, line_of(&s, s.len > s.lo ? s.len - 1 : s.lo));
        dispatch(&s, &inner);
    }
    c->n = s.n;
    c->nq = s.nq;
    c->matches = s.matches;
    c->found = s.found;
}

static void dispatch(ans_ctx *c, const parl_intent *in)
{
    size_t count = in->has_count ? sz(in->count) : 1;
    parl_mode m = in->mode;
    if (m == PARL_MODE_NONE || m >= PARL_MODE__COUNT) {
        refusal(c, in);
        return;
    }
    if (m == PARL_MODE_SCOPED) {
        scoped(c, in);
        return;
    }
    if (c->len == c->lo && m != PARL_MODE_STATS) {
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

static void ans_begin(ans_ctx *c, const char *doc, size_t len, const parl_profile *p,
                      const parl_paragraph *paras, const parl_sentence *sents, const char *req,
                      size_t req_len, unsigned flags)
{
    memset(c, 0, sizeof *c);
    c->doc = doc ? doc : "";
    c->len = doc ? len : 0;
    c->p = p;
    c->paras = paras;
    c->sents = sents;
    c->npara = paras ? p->paragraphs_stored : 0;
    c->nsent = sents ? p->sentences_stored : 0;
    c->req = req ? req : "";
    c->req_len = req ? req_len : 0;
    c->flags = flags;
    c->found = true;
    c->line_lo = 1;
}

int parl_answer(const char *doc, size_t len, const parl_profile *p,
                const parl_paragraph *paras, const parl_sentence *sents,
                const parl_intent *in, const char *req, size_t req_len, unsigned flags,
                char *out, size_t cap, parl_quote *quotes, size_t qcap,
                parl_answer_info *info)
{
    ans_ctx c;
    ans_begin(&c, doc, len, p, paras, sents, req, req_len, flags);
    c.out = out;
    c.cap = out ? cap : 0;
    c.q = quotes;
    c.qcap = quotes ? qcap : 0;
    dispatch(&c, in);
    if (c.cap) c.out[c.n < c.cap ? c.n : c.cap - 1] = 0;
    parl_answer_info r = { c.n < c.cap ? c.n : (c.cap ? c.cap - 1 : 0), c.n + 1, c.nq,
                           c.matches, c.found };
    if (info) *info = r;
    return c.n + 1 > c.cap || c.nq > c.qcap;
}

void parl__answer_json(const parl_doc *d, const parl_intent *in, const char *req, size_t req_len,
                       unsigned flags, parl__json *text, parl__json *quotes)
{
    ans_ctx c;
    ans_begin(&c, d->text, d->len, &d->p, d->paras, d->sents, req, req_len, flags);
    c.text_json = text;
    c.quote_json = quotes;
    c.json_flags = flags;
    dispatch(&c, in);
}
