/* SPDX-License-Identifier: MIT */
/* infer_internal.h: what the inference runtime (runtime/infer_*.c) and its
 * generated parts (gen/infer_lex.c, gen/quantity.c, gen/infer_tables.c)
 * share. Not part of the public API. */
#ifndef PARL_INFER_INTERNAL_H
#define PARL_INFER_INTERNAL_H
#include <stddef.h>
#include <stdint.h>
#include "parlance.h"
#include "quantity.h"   /* the number terminals, PARL_Q_* */

/* Values saturate here: far above any document, far below overflow. */
#define PARL__BIG ((int64_t)1 << 50)

/* The index of the lowest set bit of X (not 0). */
static inline int parl__ctz64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    for (; !(x & 1); x >>= 1) n++;
    return n;
#endif
}

/* ---- lexing (gen/infer_lex.c) */
enum { PARL__TK_END, PARL__TK_WORD, PARL__TK_DIGITS, PARL__TK_DIGITORD, PARL__TK_QUOTE,
       PARL__TK_PUNCT,
       PARL__TK_BADNUM };  /* digits that are no whole number: 3.5, 1,2000 */

typedef struct parl__tok {
    size_t start, end;     /* byte span in the request */
    int64_t value;         /* DIGITS, DIGITORD */
    uint16_t word;         /* vocabulary id, 0 = unknown word */
    uint8_t kind;          /* PARL__TK_* */
} parl__tok;

/* Reads up to MAX (>= 1) tokens from POS on (blanks skipped) into T and
 * returns how many; *NEXT is the position after the last. An END token
 * (at n) is stored and ends the run. */
int parl__lex_many(const char *text, size_t n, size_t pos, parl__tok *t, int max, size_t *next);
/* One token: returns the position after it. */
static inline size_t parl__lex(const char *text, size_t n, size_t pos, parl__tok *t)
{
    size_t next;
    parl__lex_many(text, n, pos, t, 1, &next);
    return next;
}

/* ---- number phrases (gen/quantity.c, a Lemon parser) */
enum { PARL__QTY_NONE, PARL__QTY_CARD, PARL__QTY_ORD, PARL__QTY_RANGE, PARL__QTY_LIST,
       PARL__QTY_BAD,      /* an item: number words that make no number ("3.5") */
       PARL__QTY_NONE_ALONE = 7 /* parl__qty_alone: no quantity on its own */ };
#define PARL__QTY_MAX PARL_MAX_PARTS
typedef struct parl__qty {
    int kind;              /* PARL__QTY_* */
    int n;                 /* values in v */
    int error;
    int big, many;         /* why: a value above PARL_NUMBER_MAX, a list too long */
    int64_t v[PARL__QTY_MAX];
} parl__qty;
int parl__qty_parse(const unsigned char *codes, const int64_t *values, int n, parl__qty *q);
/* The number terminals (PARL_Q_*) and values of the whole of TEXT, at most
 * MAX; -1 when a token is no number word or there are more. */
int parl__number_terminals(const char *text, size_t len, unsigned char *codes, int64_t *values,
                           int max);
/* The same without the shortcut for one-token phrases (for tests). */
int parl__qty_parse_rules(const unsigned char *codes, const int64_t *values, int n, parl__qty *q);
extern const unsigned char parl__qty_alone[];
/* What terminal CODE of value VALUE makes on its own, by parl__qty_alone:
 * PARL__QTY_CARD or _ORD; -1 when nothing ("a", a value above
 * PARL_NUMBER_MAX); PARL__QTY_NONE when the parser must say. */
static inline int parl__qty_alone_kind(unsigned code, int64_t value)
{
    unsigned kind = parl__qty_alone[code];
    if (kind == PARL__QTY_NONE_ALONE || (kind && value > PARL_NUMBER_MAX)) return -1;
    return (int)kind;
}
/* By terminal: the terminals that may follow it in a phrase (bits); the
 * terminals that may end one (gen/infer_tables.c, read off quantity.y). */
extern const uint32_t parl__qty_follow[], parl__qty_ends;
/* By terminal: the terminals that may follow it inside one number ("and"
 * after "hundred", "-" after "twenty"), not as a list or range goes on. */
extern const uint32_t parl__qty_inner[];
/* Terminals a phrase may leave behind at its end ("to", "and"); terminals
 * that, right after "first" alone, begin a phrase of their own ("first
 * three"; after any other ordinal they make one run, and no number); the
 * ordinals. */
extern const uint32_t parl__qty_connect, parl__qty_lead, parl__qty_ords;

/* ---- tables (gen/infer_tables.c) */
enum { PARL__W_PHRASE = 1,   /* first word of a phrase of the vocabulary */
       PARL__W_NUMBER = 2,   /* can begin a number phrase */
       PARL__W_DASH = 4 };   /* a hyphen: between two words it joins them */
enum { PARL__FIX_TAIL = 1, PARL__FIX_HEAD = 2 };
typedef struct parl__word {
    uint8_t qclass;        /* PARL_Q_* terminal of quantity.y, 0 = none */
    uint8_t unit;          /* parl_unit, 0 = none */
    uint8_t section;       /* parl_section, 0 = none */
    uint8_t flags;         /* PARL__W_*: a plain word has none */
    uint8_t fix;           /* PARL__FIX_*: may end a cleanup tail, begin a head */
    int64_t value;
} parl__word;
extern const int parl__nwords;
extern const parl__word parl__words[];
/* Phrases ("related work"): for each first word id, [off[id], off[id+1])
 * indexes triples (phrase id, length, offset in parl__phrase_words). */
extern const uint16_t parl__phrase_off[], parl__phrases[], parl__phrase_words[];

/* Pattern elements (see grammar/modes.yaml for the slot meanings). */
enum { PARL__E_ = 0, PARL__E_WORD, PARL__E_SET, PARL__E_GAP, PARL__E_NUMBER, PARL__E_DIGITS,
       PARL__E_ORDINAL, PARL__E_NTH, PARL__E_RANGE, PARL__E_LIST, PARL__E_UNIT,
       PARL__E_SECTION, PARL__E_TEXT, PARL__E_QUOTED, PARL__E_END, PARL__E_SCOPE };
typedef struct parl__elem {
    uint8_t op;
    uint8_t n;             /* SET: words; GAP: most words skipped */
    uint16_t arg;          /* WORD: id; SET: where its bitmap by word id begins in parl__set_bits */
    uint32_t mask;         /* UNIT / SECTION: allowed ids as bits, 0 = any */
} parl__elem;
typedef struct parl__variant {
    int16_t rule;          /* its rule (a scope's own for scopes); -1 for gate and cleanup */
    uint16_t first;        /* first element */
    uint8_t n;             /* elements */
    uint8_t slots;         /* elements that are slots, not words */
} parl__variant;
/* What a rule's slots are read with (its mode, unit, section, count and
 * the rest that the rule alone decides are in parl__rule_intents). */
typedef struct parl__rule {
    uint8_t has_count;     /* the rule fixes the count (then a number is start) */
    uint8_t start_slot;    /* PARL__E_* feeding start (0: the default mapping) */
    uint8_t from_end;      /* scopes: counted from the end */
    int64_t start_add;
    int64_t count;         /* scopes: the count when no slot gives one */
} parl__rule;

extern const parl__elem parl__elems[];
extern const uint64_t parl__set_bits[];
/* Does a WORD or SET element accept vocabulary word W (never word 0)? */
static inline int parl__elem_takes_word(const parl__elem *e, uint16_t w)
{
    if (!w) return 0;
    if (e->op == PARL__E_WORD) return e->arg == w;
    return parl__set_bits[e->arg + w / 64] >> (w % 64) & 1;
}
extern const parl__variant parl__variants[];   /* rules, gate, tails, heads, scopes */
extern const int parl__nvariants_rules, parl__nvariants_gate, parl__nvariants_tails,
                 parl__nvariants_heads, parl__nvariants_scopes;
extern const parl__rule parl__rules[];
/* By rule: the intent it makes before its slots (mode, unit, section,
 * count, end_open, inner, rule), everything else cleared. */
extern const parl_intent parl__rule_intents[];
/* By word id: the scopes (bit K: scope variant K) whose first element may
 * take an item of that word, all that may begin with another item among
 * them. The most elements of a scope. */
extern const uint32_t parl__scope_by_word[];
extern const int parl__scope_longest;
/* The pattern automaton (gen/infer_dfa.c): item classes, transitions,
 * and the variants (rules, then gate) that may have matched on entering a
 * state. */
extern const uint16_t parl__class_word[], parl__class_card_word[], parl__class_ord_word[];
/* By word id: its class when the word is an item on its own (no
 * PARL__W_* flag), else PARL__DFA_NOT_PLAIN (gen/infer_dfa.h). */
extern const uint16_t parl__class_plain[];
extern const uint16_t parl__class_qty[6][2], parl__class_quote;
/* A step: states are named by where their row begins in the comb vector
 * parl__dfa_steps; entry s + c is state s's step on class c when its check
 * is s, else entry c (of the start state, 0) is. */
typedef struct parl__dfa_step {
    uint16_t check;        /* the state the entry belongs to, 0xffff none */
    uint16_t next;         /* the state entered */
    uint16_t accept;       /* its set in parl__dfa_accept_sets (0 = none), and
                            * << 14 the scans that log it (PARL__DFA_LOG_*) */
} parl__dfa_step;
extern const parl__dfa_step parl__dfa_steps[];
extern const uint64_t parl__dfa_accept_sets[];  /* PARL__DFA_WORDS words each */
/* The same sets as ascending lists of variants, each ended by 0xffff, and
 * where each set's list begins in parl__dfa_accept_list. */
extern const uint16_t parl__dfa_accept_list[], parl__dfa_accept_off[];
extern const uint16_t parl__dfa_prefix_len[];   /* items the automaton follows, by variant */
extern const uint8_t parl__dfa_exact[];         /* 1: it follows the whole pattern */
extern const uint8_t parl__dfa_scope_lens[];    /* its way stops at a {scope}: bit L for a
                                                 * scope of L items */
extern const uint16_t parl__dfa_slot_mask[];    /* by variant: its slots (not words), as bits */
/* By variant: classes of which one must occur, as bits of parl__class_need
 * (by class: its bit, 0 if no variant needs it); 0: no condition. */
extern const uint64_t parl__dfa_need[], parl__class_need[];
extern const char *const parl__mode_names[];
extern const char *const parl__unit_names[];
extern const char *const parl__section_names[];
extern const uint64_t parl__trim_set[4];   /* search_cleanup.trim, by byte */

/* ---- items (runtime/infer_items.c): tokens with number phrases merged.
 * "one hundred and five", "5 to 10" and "first and third" become one item. */
enum { PARL__IT_END, PARL__IT_WORD, PARL__IT_QTY, PARL__IT_QUOTE };
typedef struct parl__item {
    size_t start, end;
    int64_t v0, v1;        /* PARL__IT_QTY: the value, or a range's ends */
    uint16_t word;         /* vocabulary id of a one-token item */
    uint8_t kind;          /* PARL__IT_* */
    uint8_t qkind;         /* PARL__QTY_* */
    uint8_t nlist;         /* PARL__QTY_LIST: values in the reader's lists[] */
    uint8_t digits;        /* a cardinal written in digits */
    uint8_t lead;          /* an ordinal right before a number ("first" in "first
                              three"): a word of a pattern, never a slot */
    uint8_t pad_[24];      /* 64 bytes: a ring slot's address is a shift */
} parl__item;                  /* its unit and section are its word's */

/* Patterns see at most this many items from where they start. */
#define PARL__RING 32
/* Tokens the reader lexes ahead; it keeps PARL__TOK_BACK read ones, since
 * a number phrase may give back tokens it read past its end. */
#define PARL__TOKS 64
#define PARL__TOK_BACK 16
typedef struct parl__reader {
    const char *text;
    size_t n;
    size_t count;          /* items read so far */
    int done;
    /* toks[0..ntok) are lexed, toks[itok] is the next to read; toks[0] is
     * token number tbase of the request. */
    int ntok, itok;
    size_t tbase;
    size_t lex_pos;        /* where lexing goes on */
    /* Number phrases that make no number ("3.5", "twelve hundred thousand
     * million"): how many, the first (its span and why), and the bytes all
     * of them cover. Kept across rewinds. */
    int nbad;
    parl_refusal bad_why;
    parl_span bad_first;
    size_t bad_lo, bad_hi;
    parl__tok toks[PARL__TOKS];
    parl__item ring[PARL__RING];
    int64_t lists[PARL__RING][PARL__QTY_MAX];   /* list values, by ring slot */
} parl__reader;

/* Lexes the first tokens; no item read. */
static inline void parl__reader_start(parl__reader *r)
{
    r->tbase = 0;
    r->itok = 0;
    r->count = 0;
    r->done = 0;
    r->ntok = parl__lex_many(r->text, r->n, 0, r->toks, PARL__TOKS, &r->lex_pos);
}
/* Inline: parl_infer() calls it for every request. */
static inline void parl__reader_init(parl__reader *r, const char *text, size_t n)
{
    r->text = text;
    r->n = n;
    r->nbad = 0;
    parl__reader_start(r);
}
/* Back to the first item, keeping the tokens lexed if they start there. */
void parl__reader_rewind(parl__reader *r);
/* Lexes more tokens, keeping PARL__TOK_BACK read ones. */
void parl__reader_refill(parl__reader *r);
/* Every token of the request with END last, or NULL when they did not all
 * fit in toks[]. */
static inline const parl__tok *parl__reader_all_tokens(const parl__reader *r, int *n)
{
    if (r->tbase || !r->ntok || r->toks[r->ntok - 1].kind != PARL__TK_END) return NULL;
    *n = r->ntok;
    return r->toks;
}
/* The token at itok + AHEAD, lexing more if needed: the END token when
 * past the end, or when AHEAD reaches beyond what the buffer holds (more
 * than PARL__TOKS - PARL__TOK_BACK tokens: never for number runs, only for
 * a phrase of the vocabulary that long, which then does not join). */
const parl__tok *parl__reader_tok_more(parl__reader *r, int ahead);
static inline const parl__tok *parl__reader_tok(parl__reader *r, int ahead)
{
    if (r->itok + ahead < r->ntok) return &r->toks[r->itok + ahead];
    return parl__reader_tok_more(r, ahead);
}
/* The number terminal (PARL_Q_*) of token T, 0 if none; its value. */
static inline unsigned parl__tok_qclass(const parl__tok *t)
{
    return t->kind == PARL__TK_WORD       ? parl__words[t->word].qclass
           : t->kind == PARL__TK_DIGITS   ? PARL_Q_DIGITS
           : t->kind == PARL__TK_DIGITORD ? PARL_Q_DIGITORD
                                          : 0;
}
static inline int64_t parl__tok_value(const parl__tok *t)
{
    return t->kind == PARL__TK_WORD ? parl__words[t->word].value : t->value;
}
/* IT is the number of one token, terminal CODE of VALUE, of KIND
 * (PARL__QTY_CARD or _ORD) alone; NEXT is the terminal after it. */
static inline void parl__number_item(parl__item *it, unsigned code, int64_t value, int kind,
                                     unsigned next)
{
    it->kind = PARL__IT_QTY;
    it->qkind = (uint8_t)kind;
    it->v0 = value;
    it->v1 = 0;
    it->nlist = 1;
    it->digits = code == PARL_Q_DIGITS;
    it->lead = kind == PARL__QTY_ORD && (parl__qty_lead >> next & 1);
}
/* parl__read_item()'s item from token T on, the next to read, when it is
 * simple and the tokens it needs lie before END: a quote; a number of one
 * token ("5", "third", "first" in "first three") that the next token
 * cannot go on with, or that only "to" and a token that cannot go on
 * with that follow ("5 to the end": the "to" is given back); a range of
 * two such numbers of one kind ("5 to 10", "3-7"); a list of such numbers
 * (parl__quick_list(), its values into LIST). As read_quantity() reads
 * those runs. Returns the tokens it takes, 0 (and *IT untouched; LIST
 * may have been written, and is read only for a list) when
 * parl__read_item() is to read it. */
int parl__quick_list(const parl__tok *t, const parl__tok *end, parl__item *it, int64_t *list,
                     unsigned code, int64_t value, int kind);
static inline int parl__quick_item(const parl__tok *t, const parl__tok *end, parl__item *it,
                                   int64_t *list)
{
    unsigned code;
    int64_t value;
    if (t + 1 >= end) return 0;
    if (t->kind == PARL__TK_WORD) {
        const parl__word *w = &parl__words[t->word];
        if (w->flags != PARL__W_NUMBER) return 0;   /* a plain word, a phrase's, a hyphen */
        code = w->qclass;
        value = w->value;
    } else if (t->kind == PARL__TK_DIGITS || t->kind == PARL__TK_DIGITORD) {
        code = t->kind == PARL__TK_DIGITS ? PARL_Q_DIGITS : PARL_Q_DIGITORD;
        value = t->value;
    } else if (t->kind == PARL__TK_QUOTE) {
        it->start = t->start;
        it->end = t->end;
        it->word = t->word;
        it->lead = 0;
        it->kind = PARL__IT_QUOTE;
        return 1;
    } else {
        return 0;
    }
    const unsigned c = parl__tok_qclass(t + 1);
    const int alone = parl__qty_alone_kind(code, value);
    if (alone <= 0) return 0;   /* refused, or the parser's to say */
    if ((parl__qty_follow[code] >> c & 1) &&   /* a run, unless "first" stands apart: "first three" */
        !(value == 1 && (parl__qty_lead >> c & 1) && (parl__qty_ords >> code & 1))) {
        if (c == PARL_Q_AND || c == PARL_Q_COMMA)   /* "2, 4 and 6" */
            return parl__quick_list(t, end, it, list, code, value, alone);
        /* "to" or a dash after it ("to" and "-" are never lead) */
        if ((c != PARL_Q_TO && c != PARL_Q_DASH) || t + 2 >= end) return 0;
        const unsigned c2 = parl__tok_qclass(t + 2);
        if (!(parl__qty_follow[c] >> c2 & 1)) {   /* the run "5 to": the number alone */
            if (c != PARL_Q_TO || !(parl__qty_connect >> PARL_Q_TO & 1) ||
                !(parl__qty_ends >> code & 1))
                return 0;
        } else {   /* "5 to 10": a range, when the run ends there and no number goes on */
            if (t + 3 >= end || c2 > PARL_Q_TO || (parl__qty_inner[code] >> c & 1) ||
                !(parl__qty_ends >> c2 & 1))
                return 0;
            const int64_t v2 = parl__tok_value(t + 2);
            if (parl__qty_alone_kind(c2, v2) != alone ||
                (parl__qty_follow[c2] >> parl__tok_qclass(t + 3) & 1))
                return 0;
            it->start = t->start;
            it->end = t[2].end;
            it->word = 0;
            it->kind = PARL__IT_QTY;
            it->qkind = PARL__QTY_RANGE;
            it->v0 = value;
            it->v1 = v2;
            it->nlist = 2;
            it->digits = 0;
            it->lead = 0;
            return 3;
        }
    }
    it->start = t->start;
    it->end = t->end;
    it->word = t->word;
    parl__number_item(it, code, value, alone, c);
    return 1;
}
/* Reads the next item, number r->count. Past the end: END items. */
const parl__item *parl__read_item(parl__reader *r);
/* Item I (0-based). I must be within PARL__RING of the newest item read. */
static inline const parl__item *parl__item_at(parl__reader *r, size_t i)
{
    while (r->count <= i) parl__read_item(r);
    return &r->ring[i % PARL__RING];
}
/* The values of a PARL__QTY_LIST item I. */
const int64_t *parl__item_list(const parl__reader *r, size_t i);

/* ---- matching (runtime/infer_match.c) */
/* parl_infer() without the automaton: every variant at every item. */
parl_mode parl__infer_exhaustive(const char *text, size_t len, parl_intent *out);

/* ---- search text (runtime/infer_clean.c) */
/* Narrows [*a, *b) per grammar/modes.yaml search_cleanup; 0 if nothing is
 * left. TOKS (NTOK of them, END last), when not NULL, are all the tokens of
 * TEXT, which saves lexing the span again. */
int parl__clean_search(const char *text, size_t *a, size_t *b, const parl__tok *toks, int ntok);
#endif
