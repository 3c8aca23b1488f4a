/* SPDX-License-Identifier: MIT */
/* infer_items: the token stream with number phrases parsed. A run of
 * number tokens (those that may meet in a phrase, and number words side by
 * side) is handed to the Lemon quantity grammar and read whole: it may
 * leave only connectives behind ("5 to the end"). A run that makes no
 * number becomes an item no slot takes, and is remembered, so that the
 * request is refused rather than read as a shorter number. */
#include "infer_internal.h"
#include <string.h>
#include "quantity.h"

/* Tokens of one run at most: a list of PARL_MAX_PARTS numbers of several
 * words each fits. Longer runs are read to their end and refused. */
#define RUN_MAX 128

void parl__reader_rewind(parl__reader *r)
{
    if (r->tbase) parl__reader_start(r);   /* the first tokens are gone */
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

/* IT, to byte END, makes no number, for reason WHY; the phrase at fault
 * ends at PHRASE_END. */
static void refuse_item(parl__reader *r, parl__item *it, size_t end, size_t phrase_end,
                        parl_refusal why)
{
    it->kind = PARL__IT_QTY;
    it->qkind = PARL__QTY_BAD;
    it->word = 0;
    it->digits = 0;
    it->end = end;
    if (r->nbad && it->start < r->bad_hi) return;   /* read again after a rewind */
    if (!r->nbad) {
        r->bad_lo = it->start;
        r->bad_first = (parl_span){ it->start, phrase_end - it->start };
        r->bad_why = why;
    }
    r->bad_hi = end;
    r->nbad++;
}

/* Can a run leave CODES[K..N) behind? Connectives only, and not a hyphen
 * glued to the word after it ("twenty-something" is no twenty). AFTER is
 * the token after the run. */
static int droppable(const unsigned char *codes, const size_t *ends, int k, int n,
                     const parl__tok *after)
{
    for (int i = k; i < n; i++)
        if (!(parl__qty_connect >> codes[i] & 1)) return 0;
    return !(k < n && codes[n - 1] == PARL_Q_DASH && after->kind == PARL__TK_WORD &&
             after->start == ends[n - 1] && !parl__words[after->word].qclass);
}

/* Does a run hold a word with a value? "a", "half a" hold none. */
static int has_number(const unsigned char *codes, int n)
{
    for (int i = 0; i < n; i++)
        if (!(parl__qty_connect >> codes[i] & 1) && codes[i] != PARL_Q_HALF) return 1;
    return 0;
}

/* Parses the run CODES[0..N) whole, or leaving connectives behind. Returns
 * the tokens taken; 0 when none, with why and how many tokens the phrase
 * at fault has (*WHY, *BAD). */
static int parse_run(const unsigned char *codes, const int64_t *values, const size_t *ends, int n,
                     const parl__tok *after, parl__qty *q, parl_refusal *why, int *bad)
{
    *why = PARL_REFUSE_NUMBER;
    *bad = n;
    for (int k = n; k > 0; k--) {
        if (k < n && !droppable(codes, ends, k, n, after)) return 0;
        if (!(parl__qty_ends >> codes[k - 1] & 1)) continue;
        if (parl__qty_parse(codes, values, k, q)) return k;
        if (*bad == n && k < n) *bad = k;   /* the longest that was a phrase to try */
        if (*bad == k) *why = q->many ? PARL_REFUSE_TOO_MANY : q->big ? PARL_REFUSE_TOO_LARGE : *why;
    }
    return 0;
}

/* Reads the run of number tokens that starts with IT's token (terminal
 * CODE, VALUE), which has been taken; IT becomes the phrase, or an item
 * that makes no number. */
static void read_quantity(parl__reader *r, parl__item *it, unsigned code, int64_t value,
                          int64_t *list)
{
    parl__qty q;
    unsigned char codes[RUN_MAX];
    int64_t values[RUN_MAX];
    size_t ends[RUN_MAX];
    int k = 1, run = 1, over = 0;
    unsigned last = code;
    codes[0] = (unsigned char)code;
    values[0] = value;
    ends[0] = it->end;
    /* The run: number tokens that may meet. P is the next token, in the
     * buffer up to PEND (r->itok is set from it when the buffer runs out). */
    const parl__tok *p = r->toks + r->itok, *pend = r->toks + r->ntok;
    const int first_apart = value == 1 && (parl__qty_ords >> code & 1);
    for (;; p++) {
        const parl__tok *t = p;
        if (p == pend) {   /* more tokens, which may move those kept */
            r->itok = (int)(p - r->toks);
            t = parl__reader_tok_more(r, 0);
            p = r->toks + r->itok;
            pend = r->toks + r->ntok;
        }
        const unsigned c = parl__tok_qclass(t);
        const int64_t v = parl__tok_value(t);
        if (!(parl__qty_follow[last] >> c & 1) ||
            (run == 1 && first_apart && (parl__qty_lead >> c & 1))) {
            r->itok = (int)(p - r->toks);   /* "first" alone stands apart from a cardinal: "first three" */
            break;
        }
        if (run == RUN_MAX) {   /* read to its end, then refused */
            ends[RUN_MAX - 1] = t->end;
            over = 1;
        } else {
            codes[run] = (unsigned char)c;
            values[run] = v;
            ends[run++] = t->end;
        }
        last = c;
    }
    int alone = run == 1 ? parl__qty_alone_kind(code, value) : PARL__QTY_NONE;
    if (alone > 0) {   /* one token, digits or a number word: no parser */
        q.kind = alone;
        q.n = 1;
        q.v[0] = value;
    } else if (alone < 0) {   /* "a" alone is a word; digits past the maximum are refused */
        if (value > PARL_NUMBER_MAX) refuse_item(r, it, it->end, it->end, PARL_REFUSE_TOO_LARGE);
        return;
    } else {
        parl_refusal why;
        int bad = run;
        if (over) {   /* a list far too long, or a flood of number words */
            why = !parl__qty_parse(codes, values, RUN_MAX, &q) && q.many ? PARL_REFUSE_TOO_MANY
                                                                         : PARL_REFUSE_NUMBER;
            k = 0;
        } else {
            k = parse_run(codes, values, ends, run, peek_token(r), &q, &why, &bad);
        }
        if (!k && !over && !has_number(codes, run) && run <= PARL__TOK_BACK) {
            r->itok -= run - 1;   /* "half a": plain words, given back */
            return;
        }
        if (!k) {
            refuse_item(r, it, ends[run - 1], ends[bad - 1], why);
            return;
        }
        r->itok -= run - k;   /* give back the connectives */
    }
    it->kind = PARL__IT_QTY;
    it->qkind = (uint8_t)q.kind;
    it->v0 = q.v[0];
    it->v1 = q.n > 1 ? q.v[1] : 0;
    it->nlist = (uint8_t)q.n;
    if (q.kind == PARL__QTY_LIST) memcpy(list, q.v, (size_t)q.n * sizeof q.v[0]);
    it->digits = k == 1 && code == PARL_Q_DIGITS;
    it->end = ends[k - 1];
    it->lead = q.kind == PARL__QTY_ORD && (parl__qty_lead >> parl__tok_qclass(peek_token(r)) & 1);
    if (k > 1) it->word = 0;   /* several words: no longer that one word */
}

/* parl__quick_item() for a list: T is a number of one token (terminal
 * CODE, VALUE, of KIND alone) and the token after it a separator. The
 * run, as read_quantity() reads it, must end after a number and hold
 * separators (",", "and", ", and") and numbers of one token of KIND in
 * turn, one that does not go on with the separator after it, and at most
 * PARL__QTY_MAX numbers: then qty_list() makes the list of them, and the
 * parser is never asked. 0 for anything else, left to parl__read_item(). */
int parl__quick_list(const parl__tok *t, const parl__tok *end, parl__item *it, int64_t *list,
                     unsigned code, int64_t value, int kind)
{
    /* The values go straight into LIST: if the run is no such list, the
     * item is read again, and LIST is read only for a list. */
    int n = 1, i = 1;   /* numbers; the token at the separator */
    unsigned last = code;   /* the number before the separator */
    unsigned c = parl__tok_qclass(&t[1]);   /* the separator's terminal */
    list[0] = value;
    for (;;) {   /* t[i] is a separator the run takes */
        if ((c != PARL_Q_AND && c != PARL_Q_COMMA) || (parl__qty_inner[last] >> c & 1)) return 0;
        if (t + i + 1 >= end) return 0;
        unsigned cn = parl__tok_qclass(&t[i + 1]);
        if (!(parl__qty_follow[c] >> cn & 1)) return 0;   /* the run ends on it */
        if (c == PARL_Q_COMMA && cn == PARL_Q_AND) {   /* ", and" */
            i++;
            if (t + i + 1 >= end) return 0;
            c = cn;
            cn = parl__tok_qclass(&t[i + 1]);
            if (!(parl__qty_follow[c] >> cn & 1)) return 0;
        }
        i++;   /* the number */
        const int64_t vn = parl__tok_value(&t[i]);
        if (cn > PARL_Q_TO || parl__qty_alone_kind(cn, vn) != kind || n == PARL__QTY_MAX) return 0;
        list[n++] = vn;
        last = cn;
        if (t + i + 1 >= end) return 0;
        c = parl__tok_qclass(&t[i + 1]);   /* the next separator, if the run goes on */
        if (!(parl__qty_follow[last] >> c & 1)) break;   /* the run ends */
        i++;
    }
    if (!(parl__qty_ends >> last & 1)) return 0;
    it->start = t->start;
    it->end = t[i].end;
    it->word = 0;
    it->kind = PARL__IT_QTY;
    it->qkind = PARL__QTY_LIST;
    it->v0 = list[0];
    it->v1 = list[1];
    it->nlist = (uint8_t)n;
    it->digits = 0;
    it->lead = 0;
    return i + 1;
}

/* read_quantity() for a number token the next token cannot go on with
 * ("line 5", "three sentences": most are so), without a run's buffers. */
static inline void read_number(parl__reader *r, parl__item *it, unsigned code, int64_t value,
                               int64_t *list)
{
    unsigned c = parl__tok_qclass(peek_token(r));
    int alone = parl__qty_alone_kind(code, value);
    if ((parl__qty_follow[code] >> c & 1) || alone <= 0) {
        read_quantity(r, it, code, value, list);
        return;
    }
    parl__number_item(it, code, value, alone, c);
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

/* Does the hyphen that is the next token join two words ("second-to-last",
 * "2nd-to-last")? Then it is no more than a blank to the patterns. */
static int joins(parl__reader *r)
{
    if (!r->itok) return 0;
    const parl__tok *after = parl__reader_tok(r, 1);   /* may move the tokens */
    const parl__tok *t = &r->toks[r->itok], *before = t - 1;
    return (before->kind == PARL__TK_WORD || before->kind == PARL__TK_DIGITORD) &&
           before->end == t->start && after->kind == PARL__TK_WORD && after->start == t->end;
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
    const parl__tok *t;
    for (;;) {   /* marks, and hyphens that join two words: patterns do not see them */
        t = peek_token(r);
        if (t->kind == PARL__TK_WORD && (parl__words[t->word].flags & PARL__W_DASH)) {
            if (!joins(r)) {
                t = peek_token(r);   /* joins() may have moved the tokens under T */
                break;
            }
        } else if (t->kind != PARL__TK_PUNCT) {
            break;
        }
        take_token(r);
    }
    it->start = t->start;
    it->end = t->end;
    it->word = t->word;
    it->lead = 0;
    if (t->kind == PARL__TK_END) {   /* asked for once a request, after the scan */
        it->kind = PARL__IT_END;
        r->done = 1;
        return it;
    }
    take_token(r);
    if (t->kind == PARL__TK_WORD) {
        it->kind = PARL__IT_WORD;
        unsigned flags = parl__words[t->word].flags;
        if (!(flags & (PARL__W_PHRASE | PARL__W_NUMBER))) return it;   /* most words */
        unsigned code = parl__words[t->word].qclass;
        int64_t value = parl__words[t->word].value;
        if (flags & PARL__W_PHRASE) {
            join_phrase(r, it);
            flags = parl__words[it->word].flags;
            code = parl__words[it->word].qclass;
            value = parl__words[it->word].value;
        }
        if (flags & PARL__W_NUMBER) read_number(r, it, code, value, r->lists[k]);
        return it;
    }
    if (t->kind == PARL__TK_DIGITS || t->kind == PARL__TK_DIGITORD) {
        it->kind = PARL__IT_WORD;
        read_number(r, it, t->kind == PARL__TK_DIGITS ? PARL_Q_DIGITS : PARL_Q_DIGITORD, t->value,
                    r->lists[k]);
        return it;
    }
    if (t->kind == PARL__TK_BADNUM) {
        it->kind = PARL__IT_WORD;
        refuse_item(r, it, t->end, t->end, PARL_REFUSE_NUMBER);
        return it;
    }
    it->kind = PARL__IT_QUOTE;   /* the kinds left: a quote */
    return it;
}

const int64_t *parl__item_list(const parl__reader *r, size_t i)
{
    return r->lists[i % PARL__RING];
}
