/* SPDX-License-Identifier: MIT */
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
    r->tbase = 0;
    r->itok = 0;
    r->count = 0;
    r->done = 0;
    r->ntok = parl__lex_many(text, n, 0, r->toks, PARL__TOKS, &r->lex_pos);
}

void parl__reader_rewind(parl__reader *r)
{
    if (r->tbase) parl__reader_init(r, r->text, r->n);   /* the first tokens are gone */
    r->itok = 0;
    r->count = 0;
    r->done = 0;
}

void parl__reader_refill(parl__reader *r)
{
    int from = r->itok > PARL__TOK_BACK ? r->itok - PARL__TOK_BACK : 0;
    if (from > 0 && from < r->ntok) {   /* always, when FROM: the bound helps -O3's checks */
        memmove(r->toks, r->toks + from, (size_t)(r->ntok - from) * sizeof r->toks[0]);
        r->tbase += (size_t)from;
        r->itok -= from;
        r->ntok -= from;
    }
    if (r->ntok < PARL__TOKS)
        r->ntok += parl__lex_many(r->text, r->n, r->lex_pos, r->toks + r->ntok,
                                  PARL__TOKS - r->ntok, &r->lex_pos);
}

const parl__tok *parl__reader_tok_more(parl__reader *r, int ahead)
{
    static const parl__tok beyond = { 0, 0, 0, 0, PARL__TK_END };
    while (r->itok + ahead >= r->ntok) {
        if (r->ntok && r->toks[r->ntok - 1].kind == PARL__TK_END) return &r->toks[r->ntok - 1];
        size_t had = r->tbase + (size_t)r->ntok;   /* tokens lexed so far */
        parl__reader_refill(r);
        if (r->tbase + (size_t)r->ntok == had) return &beyond;
    }
    return &r->toks[r->itok + ahead];
}

static const parl__tok *peek_token(parl__reader *r) { return parl__reader_tok(r, 0); }
static void take_token(parl__reader *r) { r->itok++; }

static unsigned qclass_of(const parl__tok *t)
{
    if (t->kind == PARL__TK_WORD) return parl__words[t->word].qclass;
    if (t->kind == PARL__TK_DIGITS) return PARL_Q_DIGITS;
    if (t->kind == PARL__TK_DIGITORD) return PARL_Q_DIGITORD;
    return 0;
}

static int64_t value_of(const parl__tok *t)
{
    return t->kind == PARL__TK_WORD ? parl__words[t->word].value : t->value;
}

/* Tries the longest number phrase starting with IT's token (terminal CODE,
 * VALUE), which has been taken; on success IT becomes that phrase. */
static void read_quantity(parl__reader *r, parl__item *it, unsigned code, int64_t value,
                          int64_t *list)
{
    parl__qty q;
    unsigned char codes[RUN_MAX];
    int64_t values[RUN_MAX];
    size_t ends[RUN_MAX], first = r->tbase + (size_t)r->itok;   /* token after IT's */
    int k = 1, run;
    codes[0] = (unsigned char)code;
    values[0] = value;
    ends[0] = it->end;
    while (k < RUN_MAX) {   /* the run: number tokens that may meet */
        const parl__tok *t = peek_token(r);
        unsigned c = qclass_of(t);
        if (!(parl__qty_follow[codes[k - 1]] >> c & 1)) break;
        codes[k] = (unsigned char)c;
        values[k] = value_of(t);
        ends[k++] = t->end;
        take_token(r);
    }
    run = k;
    int alone = run == 1 ? parl__qty_alone_kind(code, value) : PARL__QTY_NONE;
    if (alone != PARL__QTY_NONE) {   /* one token, digits or a number word: no parser */
        k = alone > 0;
        q.kind = alone;
        q.n = 1;
        q.v[0] = value;
    } else {
        for (; k > 0; k--)   /* the run's longest prefix that is a phrase */
            if ((parl__qty_ends >> codes[k - 1] & 1) && parl__qty_parse(codes, values, k, &q)) break;
    }
    if (!k) {   /* no phrase ("a" alone): give back what the run took */
        r->itok = (int)(first - r->tbase);
        return;
    }
    it->kind = PARL__IT_QTY;
    it->qkind = (uint8_t)q.kind;
    it->v0 = q.v[0];
    it->v1 = q.n > 1 ? q.v[1] : 0;
    it->nlist = (uint8_t)q.n;
    if (q.kind == PARL__QTY_LIST) memcpy(list, q.v, (size_t)q.n * sizeof q.v[0]);
    it->digits = k == 1 && code == PARL_Q_DIGITS;
    it->end = ends[k - 1];
    if (k > 1) it->word = 0;   /* several words: no longer that one word */
    if (k < run) r->itok = (int)(first + (size_t)k - 1 - r->tbase);   /* give back the rest */
}

/* Joins a phrase of the vocabulary ("related work") starting with IT's
 * word, which has been taken. */
static void join_phrase(parl__reader *r, parl__item *it)
{
    for (int i = parl__phrase_off[it->word]; i < parl__phrase_off[it->word + 1]; i += 3) {
        const uint16_t *words = parl__phrase_words + parl__phrases[i + 2];
        int k = 1, n = parl__phrases[i + 1];
        for (; k < n; k++) {
            const parl__tok *u = parl__reader_tok(r, k - 1);
            if (u->kind != PARL__TK_WORD || u->word != words[k]) break;
        }
        if (k == n) {
            it->word = parl__phrases[i];
            it->end = parl__reader_tok(r, n - 2)->end;
            r->itok += n - 1;
            return;
        }
    }
}

const parl__item *parl__read_item(parl__reader *r)
{
    size_t k = r->count++ % PARL__RING;
    parl__item *it = &r->ring[k];
    if (r->done) {   /* past the end: more END items, no lexing */
        it->kind = PARL__IT_END;
        it->word = 0;
        it->start = it->end = r->n;
        return it;
    }
    const parl__tok *t = peek_token(r);
    while (t->kind == PARL__TK_PUNCT) {   /* patterns do not see it */
        take_token(r);
        t = peek_token(r);
    }
    if (t->kind != PARL__TK_END) take_token(r);
    it->start = t->start;
    it->end = t->end;
    it->word = t->word;
    if (t->kind == PARL__TK_WORD) {
        it->kind = PARL__IT_WORD;
        unsigned flags = parl__words[t->word].flags;
        if (!flags) return it;   /* most words */
        unsigned code = parl__words[t->word].qclass;
        int64_t value = parl__words[t->word].value;
        if (flags & PARL__W_PHRASE) {
            join_phrase(r, it);
            flags = parl__words[it->word].flags;
            code = parl__words[it->word].qclass;
            value = parl__words[it->word].value;
        }
        if (flags & PARL__W_NUMBER) read_quantity(r, it, code, value, r->lists[k]);
        return it;
    }
    if (t->kind == PARL__TK_DIGITS || t->kind == PARL__TK_DIGITORD) {
        it->kind = PARL__IT_WORD;
        read_quantity(r, it, t->kind == PARL__TK_DIGITS ? PARL_Q_DIGITS : PARL_Q_DIGITORD, t->value,
                      r->lists[k]);
        return it;
    }
    if (t->kind == PARL__TK_QUOTE) it->kind = PARL__IT_QUOTE;
    else {
        it->kind = PARL__IT_END;
        r->done = 1;
    }
    return it;
}

const int64_t *parl__item_list(const parl__reader *r, size_t i)
{
    return r->lists[i % PARL__RING];
}
