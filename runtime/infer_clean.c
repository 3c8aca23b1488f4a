/* SPDX-License-Identifier: MIT */
/* infer_clean: search-text cleanup (seed §4a). Trailing punctuation,
 * surrounding quotes and filler tails ("in the document", "please") come off
 * until nothing more does. The tails are patterns of grammar/modes.yaml. */
#include <string.h>
#include "infer_internal.h"

#define TAIL_MAX 8

/* ' ', '\t', '\n', '\v', '\f', '\r' as bits by byte: one test, not six. */
#define CLEAN_BLANKS ((UINT64_C(1) << ' ') | (UINT64_C(1) << '\t') | (UINT64_C(1) << '\n') | \
                      (UINT64_C(1) << '\v') | (UINT64_C(1) << '\f') | (UINT64_C(1) << '\r'))
static int clean_is_blank(unsigned char c) { return c <= ' ' && (CLEAN_BLANKS >> c & 1); }
static int trims(unsigned char c) { return clean_is_blank(c) || (parl__trim_set[c >> 6] >> (c & 63) & 1); }

/* Length of the longest pattern in variants [from, from+count) matching the
 * tokens TOKS[0..nt) read from the end (AT_END) or the start. A pattern
 * never takes every token: something must remain. */
static int longest_fix(const parl__tok *const *toks, int nt, int from, int count, int at_end)
{
    int longest = 0;
    for (int v = from; v < from + count; v++) {
        const parl__variant *pv = &parl__variants[v];
        if (pv->n >= nt || pv->n <= longest) continue;
        const parl__tok *const *t = at_end ? toks + nt - pv->n : toks;
        int ok = 1;
        for (int i = 0; i < pv->n && ok; i++)
            ok = t[i]->kind == PARL__TK_WORD && parl__elem_takes_word(&parl__elems[pv->first + i], t[i]->word);
        if (ok) longest = pv->n;
    }
    return longest;
}

/* May token T end a tail (WHICH = PARL__FIX_TAIL) or begin a head? */
static int fixes(const parl__tok *t, unsigned which)
{
    return t->kind == PARL__TK_WORD && (parl__words[t->word].fix & which);
}

/* What a round looks at: the first and final tokens of the span, the first
 * and the last TAIL_MAX tokens that are not punctuation, and their count. */
typedef struct view {
    const parl__tok *first, *final;
    const parl__tok *const *head;   /* the first ones */
    const parl__tok *const *last;   /* the last ones, oldest first */
    int nh, nl, total;
    const parl__tok *heads[TAIL_MAX], *ring[TAIL_MAX];   /* see(): where head and last are */
} view;

/* Takes token T into the view. KEEP, when T will not stay put (lexed on
 * the fly), is where the view keeps its copies: first, final, head, ring. */
static void see(view *v, const parl__tok *t, parl__tok *keep)
{
    if (!v->total++) v->first = keep ? (keep[0] = *t, &keep[0]) : t;
    v->final = keep ? (keep[1] = *t, &keep[1]) : t;
    if (t->kind == PARL__TK_PUNCT) return;
    if (v->nh < TAIL_MAX) {
        v->heads[v->nh] = keep ? (keep[2 + v->nh] = *t, &keep[2 + v->nh]) : t;
        v->nh++;
    }
    int r = v->nl++ % TAIL_MAX;   /* a ring: the last TAIL_MAX */
    v->ring[r] = keep ? (keep[2 + TAIL_MAX + r] = *t, &keep[2 + TAIL_MAX + r]) : t;
}

/* The request's tokens in [a, b), lexed once (or lent by the reader): each
 * round then reads those inside its narrower span. N < 0 when there were
 * too many to keep: rounds lex their span again. */
#define KEEP 48
typedef struct tokens {
    const parl__tok *t;
    int n;
    parl__tok own[KEEP];
    parl__tok keep[2 + 2 * TAIL_MAX];
} tokens;

static void see_span(const char *text, size_t a, size_t b, tokens *all, view *v)
{
    v->nh = v->nl = v->total = 0;
    if (all->n >= 0) {
        for (int i = 0; i < all->n; i++)
            if (all->t[i].start >= a && all->t[i].end <= b) see(v, &all->t[i], NULL);
    } else {
        parl__tok t;
        for (size_t pos = a; (pos = parl__lex(text, b, pos, &t)), t.kind != PARL__TK_END;)
            see(v, &t, all->keep);
    }
    v->head = v->heads;
    v->last = v->ring;
    if (v->nl > TAIL_MAX) {   /* the ring, oldest first */
        const parl__tok *ring[TAIL_MAX];
        for (int i = 0; i < TAIL_MAX; i++) ring[i] = v->ring[(v->nl + i) % TAIL_MAX];
        memcpy(v->ring, ring, sizeof ring);
        v->nl = TAIL_MAX;
    }
}

/* What a round takes off the span [*A, *B) (trimmed, not empty) that V
 * shows: a surrounding quote, else a filler tail, else a filler head.
 * Returns 1 if it took something. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int cut(const view *v, size_t *a, size_t *b)
{
    const size_t a1 = *a, b1 = *b;
    if (v->total && v->first->kind == PARL__TK_QUOTE) *a = v->first->end;
    if (v->total && v->final->kind == PARL__TK_QUOTE && v->final->start >= *a) *b = v->final->start;
    if (*a != a1 || *b != b1) return 1;   /* a quote came off */
    int tails = parl__nvariants_rules + parl__nvariants_gate, nt = v->nl;
    if (nt && fixes(v->last[nt - 1], PARL__FIX_TAIL)) {
        int k = longest_fix(v->last, nt, tails, parl__nvariants_tails, 1);
        if (k && v->last[nt - k]->start > *a) { *b = v->last[nt - k]->start; return 1; }
    }
    if (nt && fixes(v->head[0], PARL__FIX_HEAD)) {
        int k = longest_fix(v->head, v->nh < nt ? v->nh : nt, tails + parl__nvariants_tails,
                            parl__nvariants_heads, 0);
        if (k && k < nt) { *a = v->head[k - 1]->end; return 1; }
    }
    return 0;
}

/* One round; returns 1 if it removed something. */
static int clean_once(const char *text, size_t *a, size_t *b, tokens *all)
{
    const unsigned char *p = (const unsigned char *)text;
    while (*a < *b && clean_is_blank(p[*a])) (*a)++;
    while (*b > *a && trims(p[*b - 1])) (*b)--;
    if (*a == *b) return 0;
    /* Trimming again would change nothing: when only the trim did, the
     * fillers are looked for on this round's view, not on the next's. */
    view v;
    see_span(text, *a, *b, all, &v);
    return cut(&v, a, b);
}

/* The first of TOKS[0..n) (in order) that starts at or after A (by START)
 * or ends after A (by END). */
static int first_from(const parl__tok *toks, int n, size_t a, int by_end)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if ((by_end ? toks[mid].end > a : toks[mid].start >= a)) hi = mid; else lo = mid + 1;
    }
    return lo;
}

/* parl__clean_search() on the request's tokens TOKS[0..N) (N <= PARL__TOKS):
 * clean_once()'s rounds, each cut() on a view of the span's tokens, which
 * are kept as the range [lo, hi) of TOKS, which only narrows as the span
 * does (tokens neither overlap nor go back, so those inside a span are a
 * range). The tokens of [lo, hi) that are not punctuation are listed once,
 * in WORDS: a round's first and last TAIL_MAX of them are a range of it. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int clean_rounds(const char *text, size_t *pa, size_t *pb, const parl__tok *toks, int lo, int hi)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t a = *pa, b = *pb;
    const parl__tok *words[PARL__TOKS];
    int wlo = 0, whi = 0;
    for (int i = lo; i < hi; i++)
        if (toks[i].kind != PARL__TK_PUNCT) words[whi++] = &toks[i];
    for (;;) {
        while (a < b && clean_is_blank(p[a])) a++;
        while (b > a && trims(p[b - 1])) b--;
        if (a == b) break;
        while (lo < hi && toks[lo].start < a) lo++;
        while (hi > lo && toks[hi - 1].end > b) hi--;
        if (lo == hi) break;
        while (wlo < whi && words[wlo] < toks + lo) wlo++;
        while (whi > wlo && words[whi - 1] >= toks + hi) whi--;
        /* the view of the span's tokens: the first and the last TAIL_MAX
         * that are not punctuation, oldest first */
        view v;
        v.first = &toks[lo];
        v.final = &toks[hi - 1];
        v.total = hi - lo;
        v.nl = v.nh = whi - wlo < TAIL_MAX ? whi - wlo : TAIL_MAX;
        v.last = words + whi - v.nl;
        v.head = words + wlo;
        if (!cut(&v, &a, &b) || a >= b) break;
    }
    *pa = a;
    *pb = b;
    return a < b;
}

/* The span's tokens as a range of TOKS[0..N); most spans lose nothing: no
 * blank or mark at either end, no quote, and words at both ends that end
 * no tail and begin no head. The others go through the rounds. */
static int clean_tokens(const char *text, size_t *pa, size_t *pb, const parl__tok *toks, int n)
{
    const unsigned char *p = (const unsigned char *)text;
    const size_t a = *pa, b = *pb;
    int lo, hi;
    if (n <= 16) {   /* a short request: a few steps back from its end (the span is
                      * mostly near it, and short) */
        for (hi = n; hi > 0 && toks[hi - 1].end > b; hi--) {}
        for (lo = hi; lo > 0 && toks[lo - 1].start >= a; lo--) {}
    } else {
        lo = first_from(toks, n, a, 0);
        hi = lo + first_from(toks + lo, n - lo, b, 1);
    }
    if (a < b && lo < hi && !clean_is_blank(p[a]) && !trims(p[b - 1]) &&
        toks[lo].kind == PARL__TK_WORD && toks[hi - 1].kind == PARL__TK_WORD &&
        !(parl__words[toks[hi - 1].word].fix & PARL__FIX_TAIL) &&
        !(parl__words[toks[lo].word].fix & PARL__FIX_HEAD))
        return 1;
    return clean_rounds(text, pa, pb, toks, lo, hi);
}

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int clean_lexed(const char *text, size_t *a, size_t *b)
{
    tokens all;
    size_t next;
    all.t = all.own;
    all.n = parl__lex_many(text, *b, *a, all.own, KEEP, &next);
    if (all.own[all.n - 1].kind == PARL__TK_END) all.n--;
    else all.n = -1;
    while (clean_once(text, a, b, &all) && *a < *b) {}
    return *a < *b;
}

int parl__clean_search(const char *text, size_t *a, size_t *b, const parl__tok *toks, int ntok)
{
    if (toks && ntok <= PARL__TOKS)   /* END is last: no lexing */
        return clean_tokens(text, a, b, toks, ntok - 1);
    return clean_lexed(text, a, b);
}
