/* infer_clean: search-text cleanup (seed §4a). Trailing punctuation,
 * surrounding quotes and filler tails ("in the document", "please") come off
 * until nothing more does. The tails are patterns of grammar/modes.yaml. */
#include <string.h>
#include "infer_internal.h"

#define TAIL_MAX 8

static int is_blank(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

/* Length of the longest pattern in variants [from, from+count) matching the
 * tokens TOKS[0..nt) read from the end (AT_END) or the start. A pattern
 * never takes every token: something must remain. */
static int longest_fix(const parl__tok *toks, int nt, int from, int count, int at_end)
{
    int longest = 0;
    for (int v = from; v < from + count; v++) {
        const parl__variant *pv = &parl__variants[v];
        if (pv->n >= nt || pv->n <= longest) continue;
        const parl__tok *t = at_end ? toks + nt - pv->n : toks;
        int ok = 1;
        for (int i = 0; i < pv->n && ok; i++)
            ok = t[i].kind == PARL__TK_WORD && parl__elem_takes_word(&parl__elems[pv->first + i], t[i].word);
        if (ok) longest = pv->n;
    }
    return longest;
}

/* One round; returns 1 if it removed something. */
static int clean_once(const char *text, size_t *a, size_t *b)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t a0 = *a, b0 = *b;
    while (*a < *b && is_blank(p[*a])) (*a)++;
    while (*b > *a && (is_blank(p[*b - 1]) || (p[*b - 1] && strchr(parl__trim_chars, p[*b - 1])))) (*b)--;
    if (*a == *b) return 0;

    parl__tok t, last[TAIL_MAX], head[TAIL_MAX];
    int nt = 0, nh = 0, total = 0;
    size_t pos = *a;
    parl__tok first = { 0, 0, 0, 0, 0 }, final = { 0, 0, 0, 0, 0 };
    for (;;) {
        pos = parl__lex(text, *b, pos, &t);
        if (t.kind == PARL__TK_END) break;
        if (!total++) first = t;
        final = t;
        if (t.kind == PARL__TK_PUNCT) continue;
        if (nh < TAIL_MAX) head[nh++] = t;
        if (nt == TAIL_MAX) memmove(last, last + 1, sizeof last - sizeof last[0]), nt--;
        last[nt++] = t;
    }
    if (first.kind == PARL__TK_QUOTE) *a = first.end;
    if (final.kind == PARL__TK_QUOTE && final.start >= *a) *b = final.start;
    if (*a != a0 || *b != b0) return 1;
    int tails = parl__nvariants_rules + parl__nvariants_gate;
    int k = longest_fix(last, nt, tails, parl__nvariants_tails, 1);
    if (k && last[nt - k].start > *a) { *b = last[nt - k].start; return 1; }
    k = longest_fix(head, nh < nt ? nh : nt, tails + parl__nvariants_tails, parl__nvariants_heads, 0);
    if (k && k < nt) { *a = head[k - 1].end; return 1; }
    return 0;
}

int parl__clean_search(const char *text, size_t *a, size_t *b)
{
    while (clean_once(text, a, b) && *a < *b) {}
    return *a < *b;
}
