/* infer_items: the token stream with number phrases parsed. A run of
 * number-like tokens is handed to the Lemon quantity grammar; the longest
 * prefix it accepts becomes one item. */
#include "infer_internal.h"
#include <string.h>
#include "quantity.h"

#define RUN_MAX 16

void parl__reader_init(parl__reader *r, const char *text, size_t n)
{
    r->text = text;
    r->n = n;
    r->pos = 0;
    r->count = 0;
    r->done = 0;
    r->la_at = (size_t)-1;
}

/* The token at POS; its end is in r->la_next. */
static const parl__tok *lex(parl__reader *r, size_t pos)
{
    if (pos != r->la_at) {
        r->la_next = parl__lex(r->text, r->n, pos, &r->la);
        r->la_at = pos;
    }
    return &r->la;
}

static unsigned qclass_of(const parl__tok *t)
{
    if (t->kind == PARL__TK_WORD) return parl__words[t->word].qclass;
    if (t->kind == PARL__TK_DIGITS) return PARL_Q_DIGITS;
    if (t->kind == PARL__TK_DIGITORD) return PARL_Q_DIGITORD;
    return 0;
}

/* Terminals that can begin a number phrase: connectives only continue one. */
#define STARTERS (~(1u | 1u << PARL_Q_OF | 1u << PARL_Q_AND | 1u << PARL_Q_COMMA | \
                    1u << PARL_Q_DASH | 1u << PARL_Q_TO))

static int64_t token_value(const parl__tok *t)
{
    return t->kind == PARL__TK_WORD ? parl__words[t->word].value : t->value;
}

/* Tries the longest number phrase starting with FIRST (which ends at
 * AFTER); on success IT becomes that phrase. */
static int read_quantity(parl__reader *r, parl__tok first, size_t after, parl__item *it,
                         int64_t *list)
{
    parl__qty q;
    unsigned char codes[RUN_MAX];
    int64_t values[RUN_MAX];
    size_t ends[RUN_MAX];
    int k = 0;
    const parl__tok *t = &first;
    size_t pos = after;
    for (;;) {
        codes[k] = (unsigned char)qclass_of(t);
        values[k] = token_value(t);
        ends[k++] = t->end;
        if (k == RUN_MAX) break;
        t = lex(r, pos);
        if (!qclass_of(t)) break;
        pos = r->la_next;
    }
    for (; k > 0; k--)
        if (parl__qty_parse(codes, values, k, &q)) {
            it->kind = PARL__IT_QTY;
            it->qkind = (uint8_t)q.kind;
            it->v0 = q.v[0];
            it->v1 = q.n > 1 ? q.v[1] : 0;
            it->nlist = (uint8_t)q.n;
            if (q.kind == PARL__QTY_LIST) memcpy(list, q.v, (size_t)q.n * sizeof q.v[0]);
            it->end = ends[k - 1];
            it->digits = k == 1 && first.kind == PARL__TK_DIGITS;
            if (k > 1) it->word = 0;   /* several words: no longer that one word */
            r->pos = ends[k - 1];
            return 1;
        }
    return 0;
}

/* Joins a phrase of the vocabulary ("related work") starting with *T into
 * one token; returns the position after what it took. */
static size_t join_phrase(parl__reader *r, parl__tok *t, size_t after)
{
    for (int i = parl__phrase_off[t->word]; i < parl__phrase_off[t->word + 1]; i += 3) {
        const uint16_t *words = parl__phrase_words + parl__phrases[i + 2];
        size_t pos = after, end = t->end;
        int k = 1, n = parl__phrases[i + 1];
        for (; k < n; k++) {
            const parl__tok *u = lex(r, pos);
            if (u->kind != PARL__TK_WORD || u->word != words[k]) break;
            end = u->end;
            pos = r->la_next;
        }
        if (k == n) {
            t->word = parl__phrases[i];
            t->end = end;
            return pos;
        }
    }
    return after;
}

static void read_item(parl__reader *r, parl__item *it, int64_t *list)
{
    const parl__tok *t = lex(r, r->pos);
    while (t->kind == PARL__TK_PUNCT) t = lex(r, r->la_next);   /* patterns skip it */
    size_t after = r->la_next;
    it->start = t->start;
    it->end = t->end;
    it->word = t->word;
    r->pos = after;
    if (t->kind == PARL__TK_END) {
        it->kind = PARL__IT_END;
        r->done = 1;
        return;
    }
    if (t->kind == PARL__TK_QUOTE) { it->kind = PARL__IT_QUOTE; return; }
    it->kind = PARL__IT_WORD;
    parl__tok joined;
    if (t->word && parl__phrase_off[t->word] != parl__phrase_off[t->word + 1]) {
        joined = *t;   /* lexing on overwrites *t */
        r->pos = after = join_phrase(r, &joined, after);
        it->word = joined.word;
        it->end = joined.end;
        t = &joined;
    }
    if (STARTERS >> qclass_of(t) & 1) read_quantity(r, *t, after, it, list);
}

const parl__item *parl__item_at(parl__reader *r, size_t i)
{
    while (r->count <= i) {
        size_t k = r->count % PARL__RING;
        parl__item *slot = &r->ring[k];
        if (r->done) {   /* past the end: more END items, no lexing */
            slot->kind = PARL__IT_END;
            slot->word = 0;
            slot->start = slot->end = r->n;
        } else {
            read_item(r, slot, r->lists[k]);
        }
        r->count++;
    }
    return &r->ring[i % PARL__RING];
}

const int64_t *parl__item_list(const parl__reader *r, size_t i)
{
    return r->lists[i % PARL__RING];
}
