/* SPDX-License-Identifier: MIT */
/* eval_split.c: scores the sentence splitter on a paragraph-level benchmark
 * made by tests/ud_bench.sh (make eval), side by side with other splitters'
 * boundaries (tests/split_peers.js writes them in the same format).
 *
 *   eval_split BENCH.tsv [NAME=PEER.tsv ...] [--errors[=KIND]]
 *
 * Prints boundary precision, recall and F1, exact-sentence accuracy, each
 * peer's F1 as a ratio to parlance's, and recall by kind of boundary.
 * --errors lists parlance's misses and false splits with their context (all,
 * or those of one kind). Only boundaries inside a paragraph count: each
 * paragraph is split on its own. */
#include "parlance.h"
#include "cli.h"
#include <stdlib.h>
#include <string.h>

#define MAX_PEERS 8

typedef struct {
    const char *doc;
    const char *text;
    size_t len;
    size_t *gold, ngold;   /* byte offsets where sentences 2..n begin */
} para;

typedef struct {
    para *p;
    size_t n;
    char *buf;
} bench;

/* ---------------------------------------------------------------- kinds */

enum { K_NOSPACE, K_EMOTICON, K_NOSTOP, K_ELLIPSIS, K_QUOTE, K_LOWER, K_BRACKET, K_BANG,
       K_PERIOD, K_COUNT };
static const char *const kind_name[K_COUNT] = {
    "no space", "emoticon", "no stop", "ellipsis", "stop+quote", "lower-case",
    "bracket", "! or ?", "period" };
static const char *const kind_key[K_COUNT] = {
    "nospace", "emoticon", "nostop", "ellipsis", "quote", "lower", "bracket", "bang", "period" };

static int is_blank(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Does the last word of T[0..E) look like an emoticon (":)", ";-P", "^^")? */
static int emoticon_before(const char *t, size_t e)
{
    size_t s = e;
    while (s > 0 && !is_blank((unsigned char)t[s - 1])) s--;
    if (e - s < 2 || e - s > 6) return 0;
    int eyes = 0, mouth = 0;
    for (size_t i = s; i < e; i++) {
        char c = t[i];
        if (strchr(":;=^<", c)) eyes = 1;
        else if (strchr(")(DPpO/\\|][3*^", c)) mouth = 1;
        else if (!strchr("-'o", c)) return 0;
    }
    return eyes && mouth;
}

/* Kind of a boundary at byte B of P's text, from what surrounds it. */
static int kind_at(const para *p, size_t b)
{
    const char *t = p->text;
    if (b == 0 || !is_blank((unsigned char)t[b - 1])) return K_NOSPACE;
    size_t e = b;
    while (e > 0 && is_blank((unsigned char)t[e - 1])) e--;
    if (emoticon_before(t, e)) return K_EMOTICON;
    size_t s = e;   /* skip closing quotes and brackets (ASCII and U+201D, U+2019) */
    int closed = 0;
    for (;;) {
        if (s > 0 && strchr("\"')]", t[s - 1]) && t[s - 1]) { s--; closed = 1; continue; }
        if (s >= 3 && !memcmp(t + s - 3, "\xE2\x80", 2) &&
            ((unsigned char)t[s - 1] == 0x9D || (unsigned char)t[s - 1] == 0x99)) {
            s -= 3; closed = 1; continue;
        }
        break;
    }
    if (s >= 3 && !memcmp(t + s - 3, "\xE2\x80\xA6", 3)) return K_ELLIPSIS;
    if (s == 0 || !strchr(".!?", t[s - 1])) return K_NOSTOP;
    if (s >= 2 && t[s - 1] == '.' && t[s - 2] == '.') return K_ELLIPSIS;
    if (closed) return K_QUOTE;
    size_t n = b;
    while (n < p->len && strchr("\"'", t[n])) n++;
    if (n < p->len && t[n] >= 'a' && t[n] <= 'z') return K_LOWER;
    if (n < p->len && (t[n] == '(' || t[n] == '[')) return K_BRACKET;
    return t[s - 1] == '.' ? K_PERIOD : K_BANG;
}

/* ---------------------------------------------------------------- reading */

/* Byte offset of code point CP in T[0..LEN). */
static size_t cp_to_byte(const char *t, size_t len, size_t cp)
{
    size_t i = 0;
    for (; i < len; i++)
        if (((unsigned char)t[i] & 0xC0) != 0x80 && cp-- == 0) break;
    return i;
}

/* Parses "DOC\tB1,B2\tTEXT" lines; returns 0 on a malformed line. */
static int load(const char *path, bench *b)
{
    size_t len;
    b->buf = read_file(path, &len);
    if (!b->buf) return 0;
    size_t cap = 1024;
    b->p = malloc(cap * sizeof *b->p);
    b->n = 0;
    char *line = b->buf, *end = b->buf + len;
    for (size_t no = 1; line < end; no++) {
        char *nl = memchr(line, '\n', (size_t)(end - line));
        if (!nl) nl = end;
        *nl = 0;
        char *t1 = strchr(line, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
        if (!t2) { fprintf(stderr, "%s:%zu: expected DOC<TAB>BOUNDARIES<TAB>TEXT\n", path, no); return 0; }
        *t1 = *t2 = 0;
        if (b->n == cap) b->p = realloc(b->p, (cap *= 2) * sizeof *b->p);
        para *p = &b->p[b->n++];
        p->doc = line;
        p->text = t2 + 1;
        p->len = (size_t)(nl - p->text);
        p->ngold = 0;
        p->gold = malloc((strlen(t1 + 1) / 2 + 1) * sizeof *p->gold);
        for (char *q = t1 + 1; *q && *q != '-';) {
            p->gold[p->ngold++] = cp_to_byte(p->text, p->len, strtoul(q, &q, 10));
            if (*q == ',') q++;
        }
        line = nl + 1;
    }
    return 1;
}

static void release(bench *b)
{
    for (size_t i = 0; i < b->n; i++) free(b->p[i].gold);
    free(b->p);
    free(b->buf);
}

/* ---------------------------------------------------------------- scoring */

typedef struct {
    const char *name;
    size_t tp, fp, fn, exact, sentences;
    size_t kind_gold[K_COUNT], kind_found[K_COUNT];
} score;

static int has(const size_t *v, size_t n, size_t x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] < x) lo = mid + 1;
        else hi = mid;
    }
    return lo < n && v[lo] == x;
}

/* Prints the text around byte B of P, the boundary marked with " | ". */
static void context(const char *what, int kind, const para *p, size_t b)
{
    size_t lo = b > 60 ? b - 60 : 0, hi = p->len - b > 60 ? b + 60 : p->len;
    while (lo > 0 && ((unsigned char)p->text[lo] & 0xC0) == 0x80) lo--;
    while (hi < p->len && ((unsigned char)p->text[hi] & 0xC0) == 0x80) hi++;
    printf("%-5s %-10s %s%.*s | %.*s%s\n", what, kind_key[kind], lo ? "..." : "",
           (int)(b - lo), p->text + lo, (int)(hi - b), p->text + b, hi < p->len ? "..." : "");
}

/* Scores the sorted boundaries PRED[0..NP) of paragraph P; lists errors of
 * kind ERRORS (K_COUNT: all, -1: none). */
static void score_para(score *s, const para *p, const size_t *pred, size_t np, int errors)
{
    for (size_t i = 0; i < p->ngold; i++) {
        int k = kind_at(p, p->gold[i]);
        s->kind_gold[k]++;
        if (has(pred, np, p->gold[i])) { s->tp++; s->kind_found[k]++; continue; }
        s->fn++;
        if (errors == K_COUNT || errors == k) context("miss", k, p, p->gold[i]);
    }
    for (size_t i = 0; i < np; i++) {
        if (has(p->gold, p->ngold, pred[i])) continue;
        s->fp++;
        int k = kind_at(p, pred[i]);
        if (errors == K_COUNT || errors == k) context("extra", k, p, pred[i]);
    }
    for (size_t i = 0; i <= p->ngold; i++) {   /* gold sentence [lo, hi) */
        size_t lo = i ? p->gold[i - 1] : 0, hi = i < p->ngold ? p->gold[i] : p->len;
        int ok = (i == 0 || has(pred, np, lo)) && (i == p->ngold || has(pred, np, hi));
        for (size_t j = 0; ok && j < np; j++) ok = !(pred[j] > lo && pred[j] < hi);
        s->exact += (size_t)ok;
        s->sentences++;
    }
}

/* Splits each paragraph with parlance and scores it. */
static void score_parlance(score *s, const bench *b, int errors)
{
    for (size_t i = 0; i < b->n; i++) {
        const para *p = &b->p[i];
        size_t *pred = malloc((p->len + 1) * sizeof *pred), np = 0, k = 0;
        parl_splitter it;
        parl_sentence sent;
        parl_split_init(&it, p->text, p->len, 0);
        while (parl_split_next(&it, &sent))
            if (k++ > 0) pred[np++] = sent.off;
        score_para(s, p, pred, np, errors);
        free(pred);
    }
}

/* Scores a peer's boundaries, read from PATH (the benchmark's lines with
 * the peer's offsets); returns 0 when its lines are not the benchmark's. */
static int score_peer(score *s, const bench *b, const char *path)
{
    bench pb;
    int ok = load(path, &pb) && pb.n == b->n;
    for (size_t i = 0; ok && i < b->n; i++) {
        ok = pb.p[i].len == b->p[i].len && !memcmp(pb.p[i].text, b->p[i].text, b->p[i].len);
        if (ok) score_para(s, &b->p[i], pb.p[i].gold, pb.p[i].ngold, -1);
    }
    if (!ok) fprintf(stderr, "eval_split: %s does not hold the benchmark's paragraphs\n", path);
    if (pb.buf) release(&pb);
    return ok;
}

static double ratio(size_t a, size_t b) { return b ? (double)a / (double)b : 0.0; }

static double f1(const score *s)
{
    double p = ratio(s->tp, s->tp + s->fp), r = ratio(s->tp, s->tp + s->fn);
    return p + r > 0 ? 2 * p * r / (p + r) : 0.0;
}

static void report(const char *path, const bench *b, const score *sc, size_t n)
{
    printf("sentence boundaries in %s: %zu paragraphs, %zu sentences, %zu boundaries inside "
           "paragraphs\n", path, b->n, sc[0].sentences, sc[0].tp + sc[0].fn);
    printf("%-18s %9s %7s %7s %7s %9s %12s\n", "splitter", "precision", "recall", "F1", "exact",
           "F1 ratio", "(extra/miss)");
    for (size_t i = 0; i < n; i++)
        printf("%-18s %9.3f %7.3f %7.3f %7.3f %9.3f %6zu/%zu\n", sc[i].name,
               ratio(sc[i].tp, sc[i].tp + sc[i].fp), ratio(sc[i].tp, sc[i].tp + sc[i].fn),
               f1(&sc[i]), ratio(sc[i].exact, sc[i].sentences), f1(&sc[0]) / f1(&sc[i]),
               sc[i].fp, sc[i].fn);
    printf("(F1 ratio: parlance's F1 / the splitter's; exact: gold sentences found whole)\n"
           "recall by kind of boundary:\n%-12s %6s", "kind", "gold");
    for (size_t i = 0; i < n; i++) printf(" %10.10s", sc[i].name);
    putchar('\n');
    for (int k = 0; k < K_COUNT; k++) {
        printf("%-12s %6zu", kind_name[k], sc[0].kind_gold[k]);
        for (size_t i = 0; i < n; i++)
            printf(" %10.3f", ratio(sc[i].kind_found[k], sc[i].kind_gold[k]));
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    int errors = -1;
    const char *path = NULL, *peer[MAX_PEERS];
    size_t npeer = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--errors")) { errors = K_COUNT; continue; }
        if (!strncmp(a, "--errors=", 9)) {
            for (int k = 0; k < K_COUNT; k++)
                if (!strcmp(a + 9, kind_key[k])) errors = k;
            if (errors < 0) { fprintf(stderr, "eval_split: unknown kind '%s'\n", a + 9); return 2; }
            continue;
        }
        if (strchr(a, '=') && npeer < MAX_PEERS) { peer[npeer++] = a; continue; }
        if (path) { path = NULL; break; }   /* two benchmarks: usage */
        path = a;
    }
    if (!path) {
        fputs("usage: eval_split BENCH.tsv [NAME=PEER.tsv ...] [--errors[=KIND]]\n", stderr);
        return 2;
    }
    bench b;
    if (!load(path, &b)) return 1;
    score sc[MAX_PEERS + 1];
    memset(sc, 0, sizeof sc);
    sc[0].name = "parlance";
    score_parlance(&sc[0], &b, errors);
    size_t n = 1;
    for (size_t i = 0; i < npeer; i++) {
        const char *eq = strchr(peer[i], '=');
        static char names[MAX_PEERS][32];
        snprintf(names[i], sizeof names[i], "%.*s", (int)(eq - peer[i]), peer[i]);
        sc[n].name = names[i];
        if (score_peer(&sc[n], &b, eq + 1)) n++;
        else memset(&sc[n], 0, sizeof sc[n]);
    }
    report(path, &b, sc, n);
    release(&b);
    return 0;
}
