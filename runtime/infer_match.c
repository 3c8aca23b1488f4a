/* SPDX-License-Identifier: MIT */
/* infer_match: finds the rule a request matches.
 *
 * Every rule's patterns may match anywhere; the earliest rule that matches
 * somewhere wins (seed §4). The request is read once through the generated
 * automaton (gen/infer_dfa.c), which names the patterns that may match;
 * their pattern programs then confirm them in priority order, and the first
 * confirmed takes the slots. */
#include <stddef.h>
#include <string.h>
#include "infer_internal.h"
#include "infer_dfa.h"

typedef struct caps {
    int64_t num, end;
    int64_t r0, r1;
    int64_t list[PARL_MAX_PARTS];
    size_t ta, tb;
    union {   /* what the slots took (0: nothing), cleared at once */
        struct {
            uint8_t num_op, has_range, nlist, has_text, unit, section, has_end, zero_;
        };
        uint64_t flags;
    };
    /* {scope}: its variant (0: none) and what its slots took */
    uint16_t scope;
    uint8_t scope_unit, scope_section, scope_num_op;
    int64_t scope_num;
} caps;

typedef struct matcher {
    parl__reader r;
    size_t start;          /* item where the current attempt began */
    uint64_t no_scope;     /* by item (the first 64): no scope begins there */
    caps c;
} matcher;

static void matcher_init(matcher *m, const char *text, size_t len)
{
    m->no_scope = 0;
    parl__reader_init(&m->r, text, len);
}

static inline const parl__item *item(matcher *m, size_t j)
{
    static const parl__item end_item = { .kind = PARL__IT_END };
    if (j - m->start >= PARL__RING - 1) return &end_item;   /* beyond the window */
    return parl__item_at(&m->r, j);
}

static int qty_is(const parl__item *it, int kind)
{
    return it->kind == PARL__IT_QTY && it->qkind == kind;
}

/* Does item J take the WORD or SET element E? */
static inline int word_at(matcher *m, const parl__elem *e, size_t j)
{
    const parl__item *it = item(m, j);
    return it->kind != PARL__IT_END && parl__elem_takes_word(e, it->word);
}

/* MATCH_BRANCH() in a branch's body keeps it a branch (no conditional move). */
#if defined(__GNUC__)
#define MATCH_INLINE inline __attribute__((always_inline))
#define MATCH_NOINLINE __attribute__((noinline))
#define MATCH_UNLIKELY(x) __builtin_expect((x) != 0, 0)
#define MATCH_BRANCH() __asm__ volatile("")
#else
#define MATCH_UNLIKELY(x) (x)
#define MATCH_BRANCH() ((void)0)
#define MATCH_INLINE inline
#define MATCH_NOINLINE
#endif

/* Does item IT, number J, satisfy element E? Records slot captures. */
static MATCH_INLINE int take_item(matcher *m, const parl__elem *e, const parl__item *it, size_t j)
{
    caps *c = &m->c;
    if (e->op == PARL__E_UNIT) {   /* the most common slot, ahead of the switch */
        unsigned u = parl__words[it->word].unit;
        if (!u || (e->mask && !(e->mask >> u & 1))) return 0;
        c->unit = (uint8_t)u;
        return 1;
    }
    switch (e->op) {
    case PARL__E_WORD:
    case PARL__E_SET: return it->kind != PARL__IT_END && parl__elem_takes_word(e, it->word);
    case PARL__E_SECTION: {
        unsigned s = parl__words[it->word].section;
        if (!s || (e->mask && !(e->mask >> s & 1))) return 0;
        c->section = (uint8_t)s;
        return 1;
    }
    case PARL__E_NUMBER:
    case PARL__E_DIGITS:
    case PARL__E_ORDINAL:
    case PARL__E_NTH:
        if (it->lead) return 0;   /* "first" in "first three": a word here */
        if (!(qty_is(it, PARL__QTY_CARD) && e->op != PARL__E_ORDINAL &&
              (e->op != PARL__E_DIGITS || it->digits)) &&
            !(qty_is(it, PARL__QTY_ORD) && (e->op == PARL__E_ORDINAL || e->op == PARL__E_NTH)))
            return 0;
        c->num = it->v0;
        c->num_op = e->op;
        return 1;
    case PARL__E_END:
        if (!qty_is(it, PARL__QTY_CARD)) return 0;
        c->end = it->v0;
        c->has_end = 1;
        return 1;
    case PARL__E_RANGE:
        if (!qty_is(it, PARL__QTY_RANGE)) return 0;
        c->r0 = it->v0;
        c->r1 = it->v1;
        c->has_range = 1;
        return 1;
    case PARL__E_LIST:
        if (!qty_is(it, PARL__QTY_LIST)) return 0;
        memcpy(c->list, parl__item_list(&m->r, j), (size_t)it->nlist * sizeof c->list[0]);
        c->nlist = it->nlist;
        return 1;
    }
    return 0;
}

/* Item J as item() reads it, straight from the ring when the reader has
 * read it and it is still there. */
static MATCH_INLINE const parl__item *item_fast(matcher *m, size_t j)
{
    const parl__reader *r = &m->r;
    if (j < r->count && r->count - j <= PARL__RING && j - m->start < PARL__RING - 1)
        return &r->ring[j % PARL__RING];
    return item(m, j);
}

/* Does item J satisfy element E? Records slot captures. */
static int take(matcher *m, const parl__elem *e, size_t j)
{
    return take_item(m, e, item(m, j), j);
}

static int match_from(matcher *m, const parl__elem *e, int ne, size_t j);

/* Search text cleanup, on the tokens the reader has lexed when it has them all. */
static int clean(matcher *m, size_t *a, size_t *b)
{
    int n = 0;
    const parl__tok *toks = parl__reader_all_tokens(&m->r, &n);
    return parl__clean_search(m->r.text, a, b, toks, n);
}

/* {text} last: from item J to the end of the request, cleaned. */
static MATCH_INLINE int text_to_end(matcher *m, size_t j)
{
    const parl__item *first = item(m, j);
    if (first->kind == PARL__IT_END) return 0;
    size_t a = first->start, b = m->r.n;
    if (!clean(m, &a, &b)) return 0;
    m->c.ta = a; m->c.tb = b; m->c.has_text = 1;
    return 1;
}

/* {text}: to the end of the request when last, else as few items as let
 * the rest of the pattern match. */
static int match_text(matcher *m, const parl__elem *e, int ne, size_t j)
{
    if (ne == 1) return text_to_end(m, j);
    const parl__item *first = item(m, j);
    if (first->kind == PARL__IT_END) return 0;
    size_t a = first->start;
    const int word_next = e[1].op == PARL__E_WORD || e[1].op == PARL__E_SET;
    /* PREV is item K - 1, read for the step before (the ring keeps it) */
    for (const parl__item *prev = first, *it; prev->kind != PARL__IT_END; prev = it) {
        const size_t k = ++j;   /* the text is items [first, k) */
        it = item(m, k);
        if (word_next && (it->kind == PARL__IT_END || !parl__elem_takes_word(e + 1, it->word)))
            continue;   /* most K: no call */
        if (!match_from(m, e + 1, ne - 1, k)) continue;
        size_t ta = a, tb = prev->end;   /* cleaned only once it fits */
        if (!clean(m, &ta, &tb)) continue;
        m->c.ta = ta; m->c.tb = tb; m->c.has_text = 1;
        return 1;
    }
    return 0;
}

/* {quoted}: a quote, at least one item, the next quote. */
static int match_quoted(matcher *m, const parl__elem *e, int ne, size_t j)
{
    if (item(m, j)->kind != PARL__IT_QUOTE) return 0;
    for (size_t k = j + 2;; k++) {
        const parl__item *it = item(m, k);
        if (it->kind == PARL__IT_END) return 0;
        if (it->kind != PARL__IT_QUOTE) continue;
        size_t a = item(m, j)->end, b = it->start;
        if (!clean(m, &a, &b)) return 0;
        if (!match_from(m, e + 1, ne - 1, k + 1)) return 0;
        m->c.ta = a; m->c.tb = b; m->c.has_text = 1;
        return 1;
    }
}

/* Can item IT take element E? False only where take_item() would refuse
 * it (and then takes nothing); slots of numbers are left to take_item(). */
static MATCH_INLINE int may_begin(const parl__elem *e, const parl__item *it)
{
    unsigned id;
    switch (e->op) {
    case PARL__E_WORD:
    case PARL__E_SET: return it->kind != PARL__IT_END && parl__elem_takes_word(e, it->word);
    case PARL__E_UNIT:
        id = parl__words[it->word].unit;
        return id && (!e->mask || (e->mask >> id & 1));
    case PARL__E_SECTION:
        id = parl__words[it->word].section;
        return id && (!e->mask || (e->mask >> id & 1));
    }
    return 1;
}

/* {scope}: one of the scopes of grammar/modes.yaml from item J (a scope
 * is words and one-item slots: its length is its elements'), then the rest
 * of the pattern. The scope's slots are its own: the request's captures
 * are kept apart. */
static int match_scope(matcher *m, const parl__elem *e, int ne, size_t j)
{
    caps *c = &m->c;
    const int64_t num = c->num;
    const uint8_t num_op = c->num_op, unit = c->unit, section = c->section;
    const int first = parl__nvariants_rules + parl__nvariants_gate + parl__nvariants_tails +
                      parl__nvariants_heads;
    /* Whether a scope begins at J is the same for every pattern that asks
     * (where the window did not cut it short): asked again, the answer is
     * remembered. */
    const uint64_t bit = j < 64 ? (uint64_t)1 << j : 0;
    if (m->no_scope & bit) {
        c->scope = 0;
        return 0;
    }
    /* The scopes whose first element takes item J: the others would
     * fail, leaving the captures as they are. A scope's slots are taken
     * with its words checked, from the ring when its items are there. */
    const parl__item *first_item = item(m, j);
    uint32_t scopes = parl__scope_by_word[first_item->word];
    int taken = 0;
    for (; scopes; scopes &= scopes - 1) {
        const int v = first + parl__ctz64(scopes);
        const parl__variant *pv = &parl__variants[v];
        const parl__elem *se = parl__elems + pv->first;
        const size_t n = pv->n;
        size_t i = 0;
        if (n > 1 && !may_begin(se + 1, item_fast(m, j + 1))) {   /* its second word does not fit */
            c->num = num;
            c->num_op = num_op;
            c->unit = unit;
            c->section = section;
            c->scope = 0;
            continue;
        }
        c->num_op = c->unit = c->section = 0;
        while (i < n && take_item(m, se + i, item_fast(m, j + i), j + i)) i++;
        if (i == n) {
            taken = 1;
            c->scope = (uint16_t)v;
            c->scope_unit = c->unit;
            c->scope_section = c->section;
            c->scope_num_op = c->num_op;
            c->scope_num = c->num;
        }
        c->num = num;
        c->num_op = num_op;
        c->unit = unit;
        c->section = section;
        if (i == n && match_from(m, e + 1, ne - 1, j + n)) return 1;
        c->scope = 0;
    }
    c->scope = 0;
    if (!taken && j - m->start + (size_t)parl__scope_longest < PARL__RING - 1) m->no_scope |= bit;
    return 0;
}

static int match_from(matcher *m, const parl__elem *e, int ne, size_t j)
{
    for (;; e++, ne--, j++) {   /* words and slots in a row: a loop, not a call each */
        if (ne == 0) return 1;
        switch (e->op) {
        case PARL__E_SCOPE: return match_scope(m, e, ne, j);
        case PARL__E_GAP: {
            const int word_next = ne > 1 && (e[1].op == PARL__E_WORD || e[1].op == PARL__E_SET);
            for (size_t k = 0; k <= e->n; k++) {
                if (k && item(m, j + k - 1)->kind == PARL__IT_END) break;
                if (word_next && !word_at(m, e + 1, j + k)) continue;
                if (match_from(m, e + 1, ne - 1, j + k)) return 1;
            }
            return 0;
        }
        case PARL__E_TEXT: return match_text(m, e, ne, j);
        case PARL__E_QUOTED: return match_quoted(m, e, ne, j);
        case PARL__E_WORD:
        case PARL__E_SET:
            if (!word_at(m, e, j)) return 0;
            continue;
        }
        if (!take(m, e, j)) return 0;
    }
}

/* A fresh attempt from item J. Only the captures' flags are cleared: the
 * values behind them are written first. */
static void begin_at(matcher *m, size_t j)
{
    caps *c = &m->c;
    m->start = j;
    c->flags = 0;
    c->scope = 0;
}

static int try_variant(matcher *m, int v, size_t j)
{
    const parl__variant *pv = &parl__variants[v];
    begin_at(m, j);
    return match_from(m, parl__elems + pv->first, pv->n, j);
}

/* The automaton's class of item IT (gen/infer_dfa.c). */
static MATCH_INLINE unsigned item_class(const parl__item *it)
{
    if (it->kind == PARL__IT_WORD) return parl__class_word[it->word];
    if (it->kind == PARL__IT_QUOTE) return parl__class_quote;
    if (it->word && it->qkind == PARL__QTY_CARD) return parl__class_card_word[it->word];
    if (it->word && it->qkind == PARL__QTY_ORD) return parl__class_ord_word[it->word];
    return parl__class_qty[it->qkind][it->digits];
}

/* What the scan found: the candidate variants, and where. Each accepting
 * state entered is logged (item, accept set); a candidate's start is worked
 * out from the log only when it is confirmed, since most never are, and the
 * candidates are the logged sets' lists merged. Once the log is full
 * (LOG_MAX entries), the sets are joined in CAND and later starts recorded
 * eagerly in FROM, marked in LATE. */
#define LOG_MAX 32
typedef struct scan_result {
    uint64_t seen;   /* the classes met, as parl__class_need's bits */
    int nlog;
    uint16_t log_set[LOG_MAX];   /* the accept sets */
    size_t log_item[LOG_MAX];
    uint64_t cand[PARL__DFA_WORDS];   /* only once the log is full */
    uint64_t late[PARL__DFA_WORDS];
    size_t from[PARL__DFA_VARIANTS + 1];   /* only where LATE; and a scope's end */
} scan_result;

/* Accept set SET's bits. */
static inline const uint64_t *accept_bits(unsigned set)
{
    return parl__dfa_accept_sets + (size_t)set * PARL__DFA_WORDS;
}

/* SET |= ADD. With GCC and Clang, 128 bits at a time (PARL__DFA_WORDS is
 * even), unrolled. */
#if defined(__GNUC__)
typedef uint64_t match_pair __attribute__((vector_size(16), aligned(8), may_alias));
static inline void add_set(uint64_t *set, const uint64_t *add)
{
    _Pragma("GCC unroll 8")
    for (int w = 0; w < PARL__DFA_WORDS; w += 2)
        *(match_pair *)(set + w) |= *(const match_pair *)(add + w);
}
#else
static void add_set(uint64_t *set, const uint64_t *add)
{
    for (int w = 0; w < PARL__DFA_WORDS; w++) set[w] |= add[w];
}
#endif

/* The log just filled up: its sets joined in CAND, none late yet. */
static MATCH_NOINLINE void log_full(scan_result *sr)
{
    memset(sr->cand, 0, sizeof sr->cand);
    memset(sr->late, 0, sizeof sr->late);
    for (int k = 0; k < LOG_MAX; k++) add_set(sr->cand, accept_bits(sr->log_set[k]));
}

/* Accept set SET entered at item J after the log filled up. */
static MATCH_NOINLINE void accept_late(scan_result *sr, unsigned set, size_t j)
{
    const uint64_t *acc = accept_bits(set);
    for (int w = 0; w < PARL__DFA_WORDS; w++)
        for (uint64_t fresh = acc[w] & ~sr->cand[w]; fresh; fresh &= fresh - 1) {
            int v = w * 64 + parl__ctz64(fresh);
            sr->from[v] = j + 1 - (v < PARL__DFA_VARIANTS ? parl__dfa_prefix_len[v] : 1);
            sr->late[w] |= fresh & -fresh;
        }
    add_set(sr->cand, acc);
}

/* The automaton's step from state S on class C, item J: the state entered.
 * The classes seen and the log's length are the scan's locals; LOG says
 * which accepting states are logged (PARL__DFA_LOG_*). The entry not the
 * state's (one step in eight) is a branch, not a conditional move
 * (MATCH_BRANCH() keeps compilers from making one): predicted, the next
 * step's load need not wait for the check's (a conditional move cost 3
 * instructions a request less and 5% more time, measured). */
static MATCH_INLINE unsigned scan_step(scan_result *sr, unsigned s, unsigned c, size_t j,
                                       uint64_t *seen, int *nlog, unsigned log)
{
    const parl__dfa_step *st = &parl__dfa_steps[s + c];
    if (MATCH_UNLIKELY(st->check != s)) {
        st = &parl__dfa_steps[c];   /* the start state's row */
        MATCH_BRANCH();
    }
    *seen |= parl__class_need[c];
    if (st->accept & log << 14) {
        const unsigned set = st->accept & 0x3fff;
        if (*nlog < LOG_MAX) {
            sr->log_set[*nlog] = (uint16_t)set;
            sr->log_item[*nlog] = j;
            if (++*nlog == LOG_MAX) log_full(sr);
        } else {
            accept_late(sr, set, j);
        }
    }
    return st->next;
}

/* Reads the whole request through the automaton and logs every accepting
 * state entered whose set LOG names (PARL__DFA_LOG_RULES: the sets that
 * name a rule): their variants are all that match, and a few more. The
 * most common items, plain words, marks, quotes and numbers of one token,
 * are read by the loop itself (as parl__read_item() reads them), the
 * reader's counters and the state in registers; every item then takes the
 * one step (one copy of it: three cost 40 instructions a request more).
 * The reader is fresh: its count of items is the item's index. */
static MATCH_INLINE void scan(matcher *m, scan_result *sr, unsigned log)
{
    parl__reader *r = &m->r;
    unsigned s = 0, c;
    uint64_t seen = 0;
    int nlog = 0;
    const parl__tok *t = r->toks, *end = r->toks + r->ntok;   /* fresh: no token or item read */
    size_t k = 0;
    for (;; k++) {
        if (t < end && t->kind == PARL__TK_WORD &&
            (c = parl__class_plain[t->word]) != PARL__DFA_NOT_PLAIN) {   /* a plain word: one table */
            parl__item *it = &r->ring[k % PARL__RING];
            it->start = t->start;
            it->end = t->end;
            it->word = t->word;
            it->kind = PARL__IT_WORD;
            t++;
        } else {
            parl__item *slot = &r->ring[k % PARL__RING];
            const parl__item *it = slot;
            int taken = 0;
            if (t < end) {
                if (t->kind == PARL__TK_END) break;   /* its item is read when asked for */
                if (t->kind == PARL__TK_PUNCT) {   /* patterns do not see it: no item */
                    t++;
                    k--;
                    continue;
                }
                taken = parl__quick_item(t, end, slot, r->lists[k % PARL__RING]);   /* "5", "5 to 10", a quote */
            }
            if (taken) {
                t += taken;
            } else {
                r->itok = (int)(t - r->toks);
                r->count = k;
                it = parl__read_item(r);
                if (it->kind == PARL__IT_END) goto done;   /* the reader's counters are its own */
                t = r->toks + r->itok;
                end = r->toks + r->ntok;
            }
            c = item_class(it);
        }
        s = scan_step(sr, s, c, k, &seen, &nlog, log);
    }
    r->itok = (int)(t - r->toks);
    r->count = k;
done:
    sr->seen = seen;
    sr->nlog = nlog;
}

/* Where the stretch of the request that log entry K names begins for V. */
static size_t start_at(const scan_result *sr, int k, int v)
{
    return sr->log_item[k] + 1 - (size_t)parl__dfa_prefix_len[v];
}

/* Takes the slots SLOTS (bits by element) among elements E[0..N), which
 * the automaton checked from item J on (their words need no test), from
 * those items. 0 if a slot does not take its item (never expected). */
static MATCH_INLINE int take_slots(matcher *m, const parl__elem *e, int n, unsigned slots, size_t j)
{
    const parl__reader *r = &m->r;
    if (j + (size_t)n <= r->count && r->count - j <= PARL__RING) {
        /* the usual case: the scan read the items and they are in the ring */
        for (; slots; slots &= slots - 1) {
            const int i = parl__ctz64(slots);
            if (!take_item(m, e + i, &r->ring[(j + (size_t)i) % PARL__RING], j + (size_t)i)) return 0;
        }
        return 1;
    }
    for (; slots; slots &= slots - 1) {
        const int i = parl__ctz64(slots);
        if (!take(m, e + i, j + (size_t)i)) return 0;
    }
    return 1;
}

/* Makes sure item J is still in the reader's ring. */
static void keep_in_ring(matcher *m, size_t j)
{
    if (m->r.count > PARL__RING && j < m->r.count - PARL__RING)   /* it left the ring */
        parl__reader_rewind(&m->r);
}

/* Does variant V match from item J, where the automaton followed its
 * first parl__dfa_prefix_len[V] elements? Those are not checked again:
 * only their slots are taken, then the rest of the pattern runs. */
static int try_after_prefix(matcher *m, int v, size_t j)
{
    const parl__variant *pv = &parl__variants[v];
    const parl__elem *e = parl__elems + pv->first;
    int p = parl__dfa_prefix_len[v];
    if (e[p - 1].op == PARL__E_QUOTED) p--;   /* the automaton read its opening quote */
    keep_in_ring(m, j);
    begin_at(m, j);
    if (!take_slots(m, e, p, parl__dfa_slot_mask[v] & ((1u << p) - 1), j)) return try_variant(m, v, j);
    if (pv->n - p == 1 && e[p].op == PARL__E_TEXT) return text_to_end(m, j + (size_t)p);   /* the usual rest */
    return match_from(m, e + p, pv->n - p, j + (size_t)p);
}

/* The first log entry that names V (there is one). */
static int first_logged(const scan_result *sr, int v)
{
    const uint64_t bit = (uint64_t)1 << (v % 64);
    int k = 0;
    while (!(accept_bits(sr->log_set[k])[v / 64] & bit)) k++;
    return k;
}

/* Where the first stretch of the request that may begin candidate V
 * starts: the first log entry that names it (the log names every
 * candidate the automaton met before it filled up), or where it was met
 * after that. */
static size_t first_start(const scan_result *sr, int v)
{
    const uint64_t bit = (uint64_t)1 << (v % 64);
    if (sr->nlog == LOG_MAX && (sr->late[v / 64] & bit)) return sr->from[v];
    return start_at(sr, first_logged(sr, v), v);
}

/* Takes the slots of candidate V, which the automaton followed whole,
 * where it first saw it, item J: such a candidate matches there. 0 if a
 * slot does not take its item (never expected). */
static MATCH_INLINE int capture(matcher *m, int v, size_t j)
{
    const unsigned slots = parl__dfa_slot_mask[v];
    keep_in_ring(m, j);
    begin_at(m, j);
    if (!slots) return 1;
    const parl__variant *pv = &parl__variants[v];
    return take_slots(m, parl__elems + pv->first, pv->n, slots, j);
}

/* Does candidate V match somewhere? A match begins where the automaton
 * saw V's prefix: at the starts the log names while it holds every
 * accepting state entered, else at any item from the first start. Its
 * captures are left in m->c. */
static MATCH_NOINLINE int confirm(matcher *m, const scan_result *sr, int v)
{
    if (sr->nlog < LOG_MAX) {   /* a candidate: some entry names it */
        const uint64_t bit = (uint64_t)1 << (v % 64);
        for (int k = 0; k < sr->nlog; k++)
            if ((accept_bits(sr->log_set[k])[v / 64] & bit) &&
                try_after_prefix(m, v, start_at(sr, k, v)))
                return 1;
        return 0;
    }
    size_t j = first_start(sr, v);
    keep_in_ring(m, j);
    for (; parl__item_at(&m->r, j)->kind != PARL__IT_END; j++)
        if (try_variant(m, v, j)) return 1;
    return 0;
}

/* Does variant V need an item of a class the request does not have? */
static int needs_unseen(int v, uint64_t seen)
{
    const uint64_t need = parl__dfa_need[v];
    return need && !(need & seen);
}

/* Does no scope end where candidate V's {scope} would, V's way having
 * stopped at its {scope} (the log holds every accepting state entered)?
 * The automaton logs a scope's end (bit PARL__DFA_VARIANTS) after such a
 * way; V's scope of L items ends L items after its way did. (LENS 1: a
 * {scope} after text, begun after its word before it: anywhere later.) */
static MATCH_NOINLINE int no_scope_after(const scan_result *sr, int v)
{
    const unsigned lens = parl__dfa_scope_lens[v];
    const uint64_t bit = (uint64_t)1 << (v % 64), end = (uint64_t)1 << (PARL__DFA_VARIANTS % 64);
    for (int k = 0; k < sr->nlog; k++) {
        if (!(accept_bits(sr->log_set[k])[v / 64] & bit)) continue;
        for (int e = k + 1; e < sr->nlog; e++) {
            const size_t d = sr->log_item[e] - sr->log_item[k];
            if ((accept_bits(sr->log_set[e])[PARL__DFA_VARIANTS / 64] & end) && (lens == 1 || (d < 8 && (lens >> d & 1))))
                return 0;
        }
    }
    return 1;
}

/* Candidate V, first seen at log entry K (-1: to be looked up):
 * 1 if it matches, its captures in m->c. */
static MATCH_INLINE int try_candidate(matcher *m, const scan_result *sr, int v, int k)
{
    if (parl__dfa_exact[v]) {
        if (capture(m, v, k >= 0 ? start_at(sr, k, v) : first_start(sr, v))) return 1;
    } else if (needs_unseen(v, sr->seen) ||
               (parl__dfa_scope_lens[v] && sr->nlog < LOG_MAX && no_scope_after(sr, v))) {
        return 0;
    }
    return confirm(m, sr, v);
}

/* The first variant below LIMIT that matches somewhere, or -1: the
 * automaton's candidates confirmed in priority order (one it follows
 * whole by taking its slots, the others by their pattern programs). The
 * winner's captures are in m->c. Out of line, so that the scan is
 * compiled into it whichever caller. */
static MATCH_NOINLINE int best_match(matcher *m, int limit)
{
    scan_result sr;
    scan(m, &sr, limit <= parl__nvariants_rules ? PARL__DFA_LOG_RULES : PARL__DFA_LOG_ALL);
    if (sr.nlog == 0) return -1;
    if (sr.nlog == 1) {   /* one set: its list */
        for (const uint16_t *p = parl__dfa_accept_list + parl__dfa_accept_off[sr.log_set[0]];
             *p < limit; p++)
            if (try_candidate(m, &sr, *p, 0)) return *p;
        return -1;
    }
    if (sr.nlog == 2) {   /* two: their lists merged */
        const uint16_t *a = parl__dfa_accept_list + parl__dfa_accept_off[sr.log_set[0]];
        const uint16_t *b = parl__dfa_accept_list + parl__dfa_accept_off[sr.log_set[1]];
        for (;;) {
            const int v = *a <= *b ? *a : *b, in_a = *a == v;
            if (v >= limit) return -1;
            a += in_a;
            b += *b == v;
            if (try_candidate(m, &sr, v, !in_a)) return v;
        }
    }
    if (sr.nlog < LOG_MAX) {   /* more: their sets joined */
        memset(sr.cand, 0, sizeof sr.cand);
        for (int k = 0; k < sr.nlog; k++) add_set(sr.cand, accept_bits(sr.log_set[k]));
    }
    for (int w = 0; w < PARL__DFA_WORDS; w++)
        for (uint64_t bits = sr.cand[w]; bits; bits &= bits - 1) {
            int v = w * 64 + parl__ctz64(bits);
            if (v >= limit) return -1;
            if (try_candidate(m, &sr, v, -1)) return v;
        }
    return -1;
}

/* What the slots took, on top of rule R's intent (parl__rule_intents),
 * which *OUT holds. */
static void fill(const parl__rule *r, const caps *c, parl_intent *out)
{
    if (c->unit) out->unit = (parl_unit)c->unit;
    if (c->section) out->section = (parl_section)c->section;
    if (c->num_op && r->start_slot) {
        out->start = c->num + r->start_add;
        out->has_start = 1;
    } else if (c->has_end) {   /* "sentence 3 and sentence 7": two parts */
        out->parts[0] = c->num;
        out->parts[1] = c->end;
        out->nparts = 2;
    } else if (c->num_op && !r->has_count) {
        out->count = c->num;
        out->has_count = 1;
    }
    if (c->has_range) {
        out->start = c->r0;
        out->end = c->r1;
        out->has_start = out->has_end = 1;
    }
    if (c->has_end && r->start_slot) {
        out->end = c->end;
        out->has_end = 1;
    }
    if (c->scope) {
        const parl__rule *s = &parl__rules[parl__variants[c->scope].rule];
        out->scope.unit = (parl_unit)c->scope_unit;
        out->scope.section = (parl_section)c->scope_section;
        out->scope.count = c->scope_num_op ? c->scope_num : s->count;
        out->scope.from_end = s->from_end;
    }
    for (int i = 0; i < c->nlist; i++) out->parts[i] = c->list[i];
    if (c->nlist) out->nparts = c->nlist;
    if (c->has_text) {
        out->has_search = 1;
        out->search.off = c->ta;
        out->search.len = c->tb - c->ta;
    }
}

/* *OUT cleared in pieces of 64 bytes, which compilers store inline: a
 * whole-struct clear becomes `rep stos`, slow to start for 200 bytes. */
static void clear_intent(parl_intent *out)
{
    enum { CLEARED = offsetof(parl_intent, parts) };   /* parts past nparts are not read */
    unsigned char *p = (unsigned char *)out;
    size_t i = 0;
    for (; i + 64 <= CLEARED; i += 64) memset(p + i, 0, 64);
    memset(p + i, 0, CLEARED - i);
    out->rule = -1;
}

/* A number phrase that makes no number, outside the matched search text,
 * makes the whole request unreadable: read without it, the request would
 * be answered with confidence and wrongly ("line 3.5" is no line 3). */
static int refused(const matcher *m, int v, parl_intent *out)
{
    const parl__reader *r = &m->r;
    if (!r->nbad) return 0;
    if (v >= 0 && m->c.has_text && r->bad_lo >= m->c.ta && r->bad_hi <= m->c.tb) return 0;
    clear_intent(out);
    out->refusal = r->bad_why;
    out->refused = r->bad_first;
    return 1;
}

/* The winning variant V's intent, or a refusal. */
static inline parl_mode conclude(matcher *m, int v, parl_intent *out)
{
    if (refused(m, v, out)) return out->mode = PARL_MODE_NONE;
    if (v < 0) {
        clear_intent(out);
        return out->mode = PARL_MODE_NONE;
    }
    const int rule = parl__variants[v].rule;
    memcpy(out, &parl__rule_intents[rule], offsetof(parl_intent, parts));
    fill(&parl__rules[rule], &m->c, out);
    return out->mode;
}

/* *OUT is written whole (up to parts) when the request is concluded. */
parl_mode parl_infer(const char *text, size_t len, parl_intent *out)
{
    matcher m;
    matcher_init(&m, text, len);
    return conclude(&m, best_match(&m, parl__nvariants_rules), out);
}

/* The cascade by brute force, without the automaton: every rule variant
 * tried at every item in priority order. Slow; the tests hold parl_infer
 * to it. */
parl_mode parl__infer_exhaustive(const char *text, size_t len, parl_intent *out)
{
    matcher m;
    matcher_init(&m, text, len);
    for (size_t j = 0; parl__item_at(&m.r, j)->kind != PARL__IT_END; j++) {}   /* every item read */
    for (int v = 0; v < parl__nvariants_rules; v++) {
        parl__reader_rewind(&m.r);
        for (size_t j = 0; parl__item_at(&m.r, j)->kind != PARL__IT_END; j++)
            if (try_variant(&m, v, j)) return conclude(&m, v, out);
    }
    return conclude(&m, -1, out);
}

bool parl_is_retrieval_request(const char *text, size_t len)
{
    matcher m;
    matcher_init(&m, text, len);
    return best_match(&m, parl__nvariants_rules + parl__nvariants_gate) >= 0;
}
