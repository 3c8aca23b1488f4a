/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
/* gen_infer_dfa: compiles the rule and gate patterns of modes.yaml into one
 * deterministic automaton over request items (gen/infer_dfa.c).
 *
 * The runtime reads a request once, item by item, through this automaton
 * and collects every pattern that may match; the pattern programs then
 * confirm the candidates in priority order and take the slots. The
 * automaton follows each pattern up to its first gap, free text or quoted
 * text ("how does ... end" up to "how does", "find {text}" up to "find").
 * That keeps it small (a few hundred states), and since it only ever
 * answers "may match" for more requests than match, never fewer, the
 * confirmation step keeps inference exact.
 *
 * Items fall into classes: two items are in one class when every pattern
 * position takes both or neither. Transitions are stored as in yacc and
 * Lemon: the start state's row plus each state's differences from it,
 * packed into one comb vector. */
#include "gen_infer.h"
#include <stdlib.h>
#include <string.h>

#define STATE_MAX 30000
/* Longer patterns are not exact: the runtime looks at most PARL__RING (32)
 * items ahead of where a pattern starts. */
#define EXACT_MAX 16

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) { fputs("parlgen: out of memory\n", stderr); exit(70); }
    return p;
}

/* ------------------------------------------------------------ bit sets */

typedef uint64_t word_t;
#define BIT(s, i) ((s)[(i) / 64] >> ((i) % 64) & 1)
#define SET(s, i) ((s)[(i) / 64] |= (word_t)1 << ((i) % 64))

/* ------------------------------------------------------------ positions */

/* The shape of an item as the reader makes it: a word, a number phrase of
 * one number word, one of several tokens (or digits), or a quote. */
enum { K_WORD, K_CARD1, K_ORD1, K_CARD, K_CARD_DIGITS, K_ORD, K_RANGE, K_LIST, K_BAD, K_QUOTE };

typedef struct {
    const elem *e;       /* NULL: the opening quote of {quoted} */
    int variant;
} position;

typedef struct {
    const infer *I;
    int *idx;            /* word index by id */
    position *pos; int npos;
    int nchain;          /* positions 0..nchain-1 are the automaton's; then NEED ones */
    int scope_pos;       /* positions scope_pos..scope_first-1: words before a {scope} after
                          * text (variant -1); then to nchain-1 the scopes' (variant nvar) */
    int scope_first;
    int *text_scope;     /* by variant: its word before a {scope} after text, 0 if none */
    int *scope_lens;     /* by variant: whose way stops at a {scope}, bit L for each
                          * scope of L elements; 0 for the others */
    int *need_pos;       /* by variant: a position of an element it must find
                          * somewhere beyond what the automaton follows, or -1 */
    int nvar;            /* rule and gate variants */
    int nrules;          /* rule variants: 0..nrules-1 */
    int *first_pos;      /* by variant */
    int pwords, vwords;  /* words of a position set, of a variant set */
    word_t *init, *last;
    word_t *trigger;     /* last positions before a {scope}: they start the scopes */
    word_t *scope_init;  /* the first position of each scope's way */
    /* classes */
    int nclass;
    word_t *takes;       /* nclass x pwords: positions taking the class */
    int *class_word, *class_card1, *class_ord1, class_qty[6][2], class_quote;
} dfa_in;

/* The scopes (modes.yaml scopes:) are followed too, each as a way of its
 * own that begins wherever the way of a pattern stops at its {scope}, or
 * after the word before a {scope} that follows text ("every mention of
 * {text} in {scope}": after "in", a position of variant -1 that accepts
 * nothing); all of them accept one more "variant", nvar: a scope ended
 * here. The runtime passes over a pattern with a {scope} when no scope
 * ends where one of its ways would. */

/* The positions of variant V: its elements up to the first gap or text. */
static void add_positions(dfa_in *D, int v)
{
    const seq *s = &D->I->v[v].s;
    D->first_pos[v] = D->npos;
    for (int i = 0; i < s->n; i++) {
        int op = s->e[i].op;
        if (op == E_GAP || op == E_TEXT || op == E_SCOPE) break;
        D->pos[D->npos++] = (position){ op == E_QUOTED ? NULL : &s->e[i], v };
        if (op == E_QUOTED) break;
    }
}

/* Elements the automaton does not follow: they span several items. */
static int follows_not(int op) { return op == E_GAP || op == E_TEXT || op == E_QUOTED || op == E_SCOPE; }

/* A pattern the automaton follows only in part ("how does ... end" up to
 * "how does") can only match where its next word ("end") occurs: that
 * element becomes a position of its own, so that items fall into classes
 * by it too, and the runtime skips the pattern when no such item occurs. */
static void add_need(dfa_in *D, int v)
{
    const seq *s = &D->I->v[v].s;
    int i = 0;
    D->need_pos[v] = -1;
    while (i < s->n && !follows_not(s->e[i].op)) i++;
    for (i++; i < s->n; i++) {
        int op = s->e[i].op;
        if (follows_not(op)) continue;
        D->need_pos[v] = D->npos;
        D->pos[D->npos++] = (position){ &s->e[i], v };
        return;
    }
}

static int has_word(const elem *e, int w)
{
    for (int i = 0; i < e->n; i++)
        if (e->words[i] == w) return 1;
    return 0;
}

/* Does position P take an item of shape KIND made from word index W (-1:
 * none)? The same tests as take() in runtime/infer_match.c. */
static int takes(const dfa_in *D, const position *p, int kind, int w)
{
    if (!p->e) return kind == K_QUOTE;
    const elem *e = p->e;
    const word *x = w >= 0 ? &D->I->w[w] : NULL;
    int card = kind == K_CARD1 || kind == K_CARD || kind == K_CARD_DIGITS;
    int ord = kind == K_ORD1 || kind == K_ORD;
    switch (e->op) {
    case E_WORD:
    case E_SET: return x && has_word(e, w);
    case E_UNIT: return x && x->unit && (!e->mask || (e->mask >> x->unit & 1));
    case E_SECTION: return x && x->section && (!e->mask || (e->mask >> x->section & 1));
    case E_NUMBER:
    case E_END: return card;
    case E_DIGITS: return kind == K_CARD_DIGITS;
    case E_ORDINAL: return ord;
    case E_NTH: return card || ord;
    case E_RANGE: return kind == K_RANGE;
    case E_LIST: return kind == K_LIST;
    }
    return 0;
}

/* The class of an item shape; a new class when no earlier shape is taken
 * by exactly the same positions. */
static int class_of(dfa_in *D, int kind, int w)
{
    word_t *t = &D->takes[(size_t)D->nclass * D->pwords];
    memset(t, 0, (size_t)D->pwords * sizeof *t);
    for (int p = 0; p < D->npos; p++)
        if (takes(D, &D->pos[p], kind, w)) SET(t, p);
    for (int c = 0; c < D->nclass; c++)
        if (!memcmp(&D->takes[(size_t)c * D->pwords], t, (size_t)D->pwords * sizeof *t)) return c;
    return D->nclass++;
}

static void make_classes(dfa_in *D)
{
    int nw = D->I->nw, kinds = 3 * (nw + 1) + 10;
    D->takes = xcalloc((size_t)kinds * D->pwords, sizeof(word_t));
    D->class_word = xcalloc((size_t)nw + 1, sizeof(int));
    D->class_card1 = xcalloc((size_t)nw + 1, sizeof(int));
    D->class_ord1 = xcalloc((size_t)nw + 1, sizeof(int));
    for (int id = 0; id <= nw; id++) {
        int w = id ? D->idx[id] : -1, q = id ? D->I->w[w].qclass : Q_NONE;
        D->class_word[id] = class_of(D, K_WORD, w);
        /* Only these words make a number phrase alone (gen/quantity.y);
         * the others' entries are never read. */
        int card = q == Q_ZERO || q == Q_ONES || q == Q_TEENS || q == Q_TENS || q == Q_HUNDRED ||
                   q == Q_SCALE || q == Q_QTYWORD;
        int ord = q >= Q_ORD_ONES && q <= Q_ORD_SCALE;
        D->class_card1[id] = card ? class_of(D, K_CARD1, w) : D->class_word[id];
        D->class_ord1[id] = ord ? class_of(D, K_ORD1, w) : D->class_word[id];
    }
    /* Number phrases of several tokens, or digits: no word of their own. */
    static const int qty_kinds[6][2] = { { K_WORD, K_WORD }, { K_CARD, K_CARD_DIGITS },
                                         { K_ORD, K_ORD }, { K_RANGE, K_RANGE }, { K_LIST, K_LIST },
                                         { K_BAD, K_BAD } };
    for (int q = 0; q < 6; q++)
        for (int d = 0; d < 2; d++) D->class_qty[q][d] = class_of(D, qty_kinds[q][d], -1);
    D->class_quote = class_of(D, K_QUOTE, -1);
}

/* ------------------------------------------------------------ subset construction */

/* A state: the positions waiting for their next item, and the variants
 * whose positions were all taken by the item that led here. */
typedef struct {
    int swords;          /* pwords + vwords */
    word_t *sets;        /* nstates x swords */
    int nstates, cap;
    int *hash; int hmask;
    int *next;           /* nstates x nclass */
} dfa;

static uint64_t set_hash(const word_t *s, int n)
{
    uint64_t h = 1469598103934665603u;
    for (int i = 0; i < n; i++) h = (h ^ s[i]) * 1099511628211u;
    return h;
}

static int find_or_add(dfa *A, const word_t *s)
{
    size_t bytes = (size_t)A->swords * sizeof *s;
    uint64_t h = set_hash(s, A->swords);
    for (int i = (int)(h & (uint64_t)A->hmask);; i = (i + 1) & A->hmask) {
        int k = A->hash[i];
        if (k < 0) break;
        if (!memcmp(&A->sets[(size_t)k * A->swords], s, bytes)) return k;
    }
    if (A->nstates == STATE_MAX) return -1;
    if (A->nstates == A->cap) {
        A->cap *= 2;
        A->sets = realloc(A->sets, (size_t)A->cap * bytes);
        if (!A->sets) { fputs("parlgen: out of memory\n", stderr); exit(70); }
    }
    memcpy(&A->sets[(size_t)A->nstates * A->swords], s, bytes);
    for (int i = (int)(h & (uint64_t)A->hmask);; i = (i + 1) & A->hmask)
        if (A->hash[i] < 0) { A->hash[i] = A->nstates; break; }
    return A->nstates++;
}

/* The state after reading an item of class C in state S. */
static void step(const dfa_in *D, const word_t *s, int c, word_t *out)
{
    const word_t *t = &D->takes[(size_t)c * D->pwords];
    word_t *pend = out, *acc = out + D->pwords, carry = 0, trig = 0;
    memset(out, 0, (size_t)(D->pwords + D->vwords) * sizeof *out);
    for (int i = 0; i < D->pwords; i++) {
        word_t x = (s[i] | D->init[i]) & t[i];
        word_t done = x & D->last[i];
        trig |= done & D->trigger[i];
        for (word_t d = done; d; d &= d - 1) {
            int v = D->pos[i * 64 + __builtin_ctzll(d)].variant;
            if (v >= 0) SET(acc, v);
        }
        x &= ~D->last[i];
        pend[i] = x << 1 | carry;   /* a variant's positions are consecutive */
        carry = x >> 63;
    }
    if (trig)   /* a {scope} next: every scope may begin */
        for (int i = 0; i < D->pwords; i++) pend[i] |= D->scope_init[i];
}

static int build(const dfa_in *D, dfa *A)
{
    A->swords = D->pwords + D->vwords;
    A->cap = 256;
    A->sets = xcalloc((size_t)A->cap * A->swords, sizeof(word_t));
    A->hmask = 65535;
    while (A->hmask < 2 * STATE_MAX) A->hmask = A->hmask * 2 + 1;
    A->hash = xcalloc((size_t)A->hmask + 1, sizeof(int));
    memset(A->hash, -1, ((size_t)A->hmask + 1) * sizeof(int));
    word_t *s = xcalloc((size_t)A->swords, sizeof *s), *t = xcalloc((size_t)A->swords, sizeof *t);
    find_or_add(A, s);   /* state 0: nothing under way */
    A->next = NULL;
    size_t rows = 0;
    for (int k = 0; k < A->nstates; k++) {   /* breadth first: reproducible numbering */
        if ((size_t)k == rows) {   /* room for the rows of every state found so far */
            rows = (size_t)A->cap;
            A->next = realloc(A->next, rows * (size_t)D->nclass * sizeof(int));
            if (!A->next) { fputs("parlgen: out of memory\n", stderr); exit(70); }
        }
        memcpy(s, &A->sets[(size_t)k * A->swords], (size_t)A->swords * sizeof *s);
        for (int c = 0; c < D->nclass; c++) {
            step(D, s, c, t);
            int to = find_or_add(A, t);
            if (to < 0) { free(s); free(t); return -1; }
            A->next[(size_t)k * D->nclass + c] = to;
        }
    }
    free(s);
    free(t);
    return 0;
}

/* When the states run out: the variant with the most positions live over
 * all the states made, the pattern that multiplies them (a run of
 * alternatives "(a|b) (a|b) ..." doubles them at each step). */
static int most_under_way(const dfa_in *D, const dfa *A)
{
    size_t *live = xcalloc((size_t)D->nvar + 1, sizeof *live);   /* and the scopes' */
    for (int k = 0; k < A->nstates; k++)
        for (int p = 0; p < D->nchain; p++)
            if (BIT(&A->sets[(size_t)k * A->swords], p) && D->pos[p].variant >= 0) live[D->pos[p].variant]++;
    int best = 0;
    for (int v = 1; v < D->nvar; v++)
        if (live[v] > live[best]) best = v;
    free(live);
    return best;
}

/* ------------------------------------------------------------ emitting */

/* The accepting set of each state, as an index into the distinct sets
 * (0: the empty set), each PARL__DFA_WORDS words; emits the sets. */
static int *emit_accept_sets(const dfa_in *D, const dfa *A, FILE *f, int *rule_sets_out)
{
    int *set_of = xcalloc((size_t)A->nstates, sizeof(int)), nsets = 1;
    int *first = xcalloc((size_t)A->nstates + 1, sizeof(int));   /* state showing set k */
    size_t bytes = (size_t)D->vwords * sizeof(word_t);
    word_t *none = xcalloc((size_t)D->vwords, sizeof(word_t));
    for (int s = 0; s < A->nstates; s++) {
        const word_t *acc = &A->sets[(size_t)s * A->swords + D->pwords];
        if (!memcmp(acc, none, bytes)) continue;
        int k = 1;
        while (k < nsets && memcmp(&A->sets[(size_t)first[k] * A->swords + D->pwords], acc, bytes)) k++;
        if (k == nsets) first[nsets++] = s;
        set_of[s] = k;
    }
    /* The sets in the order of their first variant (stable): those that
     * name a rule come before those of the gate alone, which parl_infer()
     * does not log. */
    int *lowest = xcalloc((size_t)nsets, sizeof(int)), *order = xcalloc((size_t)nsets, sizeof(int));
    int *rank = xcalloc((size_t)nsets, sizeof(int)), *sorted = xcalloc((size_t)nsets + 1, sizeof(int));
    for (int k = 1; k < nsets; k++) {
        const word_t *acc = &A->sets[(size_t)first[k] * A->swords + D->pwords];
        int v = 0;
        while (!BIT(acc, v)) v++;
        lowest[k] = BIT(acc, D->nvar) ? -1 : v;   /* a scope ended: logged as a rule's */
    }
    for (int k = 0; k < nsets; k++) order[k] = k;
    for (int i = 2; i < nsets; i++)   /* insertion sort: stable, and the sets are few */
        for (int j = i; j > 1 && lowest[order[j - 1]] > lowest[order[j]]; j--) {
            int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
        }
    int rule_sets = 1;
    for (int i = 0; i < nsets; i++) {
        rank[order[i]] = i;
        sorted[i] = first[order[i]];
        if (i && lowest[order[i]] < D->nrules) rule_sets = i + 1;
    }
    memcpy(first, sorted, (size_t)nsets * sizeof(int));
    for (int s = 0; s < A->nstates; s++) set_of[s] = rank[set_of[s]];
    free(lowest); free(order); free(rank); free(sorted);
    *rule_sets_out = rule_sets;   /* sets [1, rule_sets) name a rule; the others only the gate's patterns */
    fputs("/* The variants that may have matched on entering a state, by set. */\n", f);
    fprintf(f, "const uint64_t parl__dfa_accept_sets[%d] = {", nsets * D->vwords);
    for (int k = 0; k < nsets; k++)
        for (int w = 0; w < D->vwords; w++) {
            word_t bits = k ? A->sets[(size_t)first[k] * A->swords + D->pwords + w] : 0;
            fprintf(f, "%s0x%016llxu", k || w ? (w ? ", " : ",\n    ") : "\n    ", (unsigned long long)bits);
        }
    fputs("\n};\n", f);
    /* The same sets as lists of variants, ascending, each ended by 0xffff
     * (above every variant): the runtime merges the few it logs in
     * priority order instead of joining the sets word by word. */
    int *off = xcalloc((size_t)nsets, sizeof(int)), nlist = 0;
    int *list = xcalloc((size_t)nsets * ((size_t)D->nvar + 1), sizeof(int));
    for (int k = 0; k < nsets; k++) {
        off[k] = nlist;
        for (int v = 0; k && v < D->nvar; v++)
            if (BIT(&A->sets[(size_t)first[k] * A->swords + D->pwords], v)) list[nlist++] = v;
        list[nlist++] = 0xffff;
    }
    fputs("/* The sets again as lists of variants, ascending, each ended by 0xffff;\n"
          " * where each set's list begins. */\n", f);
    emit_int_array(f, "const uint16_t parl__dfa_accept_list", list, nlist, 0);
    emit_int_array(f, "const uint16_t parl__dfa_accept_off", off, nsets, 0);
    free(off);
    free(list);
    free(first);
    free(none);
    return set_of;
}

/* Steps as { check, next, accept | log << 14 }. LOG: which scans log
 * entering the state (PARL__DFA_LOG_*, by its set: RULE_SETS as
 * emit_accept_sets() says). */
static void emit_steps(FILE *f, const char *decl, const int *check, const int *to, const int *acc,
                       int rule_sets, int n)
{
    fprintf(f, "%s[%d] = {", decl, n);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s{ %d, %d, %d }", !i ? "\n    " : i % 6 ? ", " : ",\n    ",
                check[i], to[i], acc[i] | (!acc[i] ? 0 : acc[i] < rule_sets ? 3 : 2) << 14);
    fputs("\n};\n", f);
}

/* Packs the states' rows into one vector (as in yacc and Lemon): entry
 * s + c belongs to state s when its check is s. The start state's row is
 * there whole, at 0; the others' rows hold only their differences from it,
 * the entries of their other classes are the start state's (entry c). A
 * state is named by where its row begins, so a step reads one entry, or
 * two; no two states begin at the same place. Each entry carries the
 * accepting set of the state it enters. -1 if the vector does not fit
 * 16-bit names. */
static int emit_transitions(const dfa_in *D, const dfa *A, FILE *f)
{
    int nc = D->nclass, cap = A->nstates * (nc + 1) + nc, top = nc;
    int *base = xcalloc((size_t)A->nstates, sizeof(int)), *diff = xcalloc((size_t)nc, sizeof(int));
    int *check = xcalloc((size_t)cap, sizeof(int)), *row_to = xcalloc((size_t)cap, sizeof(int));
    char *taken = xcalloc((size_t)cap, 1);   /* names in use */
    for (int i = 0; i < cap; i++) check[i] = 0xffff;
    taken[0] = 1;   /* the start state, named 0 */
    for (int c = 0; c < nc; c++) {
        check[c] = 0;
        row_to[c] = A->next[c];
    }
    for (int s = 1; s < A->nstates; s++) {
        const int *row = &A->next[(size_t)s * nc];
        int nd = 0, b = 1, k = 0;
        for (int c = 0; c < nc; c++)
            if (row[c] != A->next[c]) diff[nd++] = c;
        for (;; b++) {   /* first fit */
            if (taken[b]) continue;
            for (k = 0; k < nd && check[b + diff[k]] == 0xffff; k++) {}
            if (k == nd) break;
        }
        base[s] = b;
        taken[b] = 1;
        for (k = 0; k < nd; k++) {
            check[b + diff[k]] = b;
            row_to[b + diff[k]] = row[diff[k]];
        }
        if (b + nc > top) top = b + nc;   /* every lookup stays inside */
    }
    int err = top > 0xfffe;
    if (!err) {
        int rule_sets = 0;
        int *set_of = emit_accept_sets(D, A, f, &rule_sets);
        for (int i = 0; i < A->nstates; i++)
            if (set_of[i] >= 1 << 14) err = 1;   /* accept sets share their field with LOG */
        int *to = xcalloc((size_t)top, sizeof(int)), *acc = xcalloc((size_t)top, sizeof(int));
        for (int i = 0; i < top; i++) {   /* unused entries lead to the start */
            to[i] = check[i] == 0xffff ? 0 : base[row_to[i]];
            acc[i] = check[i] == 0xffff ? 0 : set_of[row_to[i]];
        }
        fputs("/* Steps: the comb vector, the start state's row first (also taken\n"
              " * wherever a state has no entry of its own). */\n", f);
        if (!err) emit_steps(f, "const parl__dfa_step parl__dfa_steps", check, to, acc, rule_sets, top);
        free(set_of); free(to); free(acc);
    }
    free(base);
    free(diff);
    free(check);
    free(row_to);
    free(taken);
    return err ? -1 : 0;
}

/* For each variant, the classes of which one must occur in the request:
 * bits of a set of the classes some variant needs, each class's bit in
 * parl__class_need (0 for the others); 0: no condition. Bit 63 is no
 * class's, for a variant that needs an element no class takes. Past 63
 * needed classes, a variant that needs one without a bit has no
 * condition: the condition only spares work. */
static void emit_need(const dfa_in *D, FILE *f)
{
    int *bit = xcalloc((size_t)D->nclass, sizeof(int)), nbits = 0;   /* bit + 1, 0: none */
    word_t *need = xcalloc((size_t)D->nvar, sizeof(word_t));
    for (int v = 0; v < D->nvar; v++) {
        int p = D->need_pos[v], ok = 1;
        if (p < 0) continue;
        word_t set = 0;
        for (int c = 0; c < D->nclass; c++) {
            if (!BIT(&D->takes[(size_t)c * D->pwords], p)) continue;
            if (!bit[c] && nbits < 63) bit[c] = ++nbits;
            if (bit[c]) set |= (word_t)1 << (bit[c] - 1);
            else ok = 0;
        }
        need[v] = !ok ? 0 : set ? set : (word_t)1 << 63;
    }
    fprintf(f, "const uint64_t parl__dfa_need[%d] = {", D->nvar);
    for (int v = 0; v < D->nvar; v++)
        fprintf(f, "%s0x%016llxu", !v ? "\n    " : v % 4 ? ", " : ",\n    ", (unsigned long long)need[v]);
    fputs("\n};\n", f);
    fputs("/* By class: its bit in parl__dfa_need's sets, 0 if no variant needs it. */\n", f);
    fprintf(f, "const uint64_t parl__class_need[%d] = {", D->nclass);
    for (int c = 0; c < D->nclass; c++)
        fprintf(f, "%s0x%016llxu", !c ? "\n    " : c % 4 ? ", " : ",\n    ",
                bit[c] ? (unsigned long long)1 << (bit[c] - 1) : 0ull);
    fputs("\n};\n", f);
    free(bit);
    free(need);
}

int emit_infer_dfa(const infer *I, FILE *h, FILE *f)
{
    dfa_in D = { .I = I };
    D.idx = xcalloc((size_t)I->nw + 1, sizeof(int));
    for (int i = 0; i < I->nw; i++) D.idx[I->w[i].id] = i;
    int nelem = 0;
    while (D.nvar < I->nv && I->v[D.nvar].group < 2) nelem += I->v[D.nvar++].s.n;
    while (D.nrules < D.nvar && I->v[D.nrules].group == G_RULES) D.nrules++;
    int scope_elems = 0;
    for (int k = 0; k < I->nv; k++)
        if (I->v[k].group == G_SCOPES) scope_elems += I->v[k].s.n;
    D.pos = xcalloc((size_t)nelem + (size_t)scope_elems + 2 * (size_t)D.nvar + 1, sizeof *D.pos);
    D.first_pos = xcalloc((size_t)D.nvar + 1, sizeof(int));
    for (int v = 0; v < D.nvar; v++) add_positions(&D, v);
    D.scope_pos = D.npos;
    D.text_scope = xcalloc((size_t)D.nvar + 1, sizeof(int));
    for (int v = 0; v < D.nrules; v++) {   /* "... {text} in {scope}": "in" begins the scopes */
        const seq *sq = &I->v[v].s;
        int i = 0, sc;
        while (i < sq->n && !follows_not(sq->e[i].op)) i++;
        if (i == sq->n || sq->e[i].op == E_SCOPE) continue;
        for (sc = i + 1; sc < sq->n && sq->e[sc].op != E_SCOPE; sc++) {}
        if (sc == sq->n || sc - 1 <= i || (sq->e[sc - 1].op != E_WORD && sq->e[sc - 1].op != E_SET)) continue;
        D.text_scope[v] = D.npos;
        D.pos[D.npos++] = (position){ &sq->e[sc - 1], -1 };
    }
    D.scope_first = D.npos;
    for (int k = 0; k < I->nv; k++) {   /* the scopes' ways */
        if (I->v[k].group != G_SCOPES) continue;
        for (int i = 0; i < I->v[k].s.n; i++) D.pos[D.npos++] = (position){ &I->v[k].s.e[i], D.nvar };
    }
    D.nchain = D.npos;
    D.need_pos = xcalloc((size_t)D.nvar + 1, sizeof(int));
    for (int v = 0; v < D.nvar; v++) add_need(&D, v);
    D.pwords = (D.npos + 1 + 63) / 64;   /* one spare bit: the shift never overflows */
    /* An even number of words: the runtime's loops over a set then take
     * whole 128-bit vectors (5 words cost 50 instructions a request more
     * than 4 did; 6 cost as few). */
    D.vwords = ((D.nvar + 1 + 63) / 64 + 1) & ~1;   /* and the scopes' */
    D.init = xcalloc((size_t)D.pwords, sizeof(word_t));
    D.last = xcalloc((size_t)D.pwords, sizeof(word_t));
    D.trigger = xcalloc((size_t)D.pwords, sizeof(word_t));
    D.scope_init = xcalloc((size_t)D.pwords, sizeof(word_t));
    D.scope_lens = xcalloc((size_t)D.nvar + 1, sizeof(int));
    for (int v = 0; v < D.nvar; v++) {
        int end = v + 1 < D.nvar ? D.first_pos[v + 1] : D.scope_pos;
        SET(D.init, D.first_pos[v]);
        SET(D.last, end - 1);
        const seq *sq = &I->v[v].s;
        int p = end - D.first_pos[v];
        if (p == 0 || p >= sq->n || sq->e[p].op != E_SCOPE) continue;
        SET(D.trigger, end - 1);   /* its way stops at its {scope} */
        for (int k = 0; k < I->nv; k++)
            if (I->v[k].group == G_SCOPES) D.scope_lens[v] |= 1 << I->v[k].s.n;
        if (D.scope_lens[v] > 0xff) D.scope_lens[v] = 0;   /* a scope of 8 items or more: V is
                                                            * always confirmed (lengths are a byte's bits) */
    }
    for (int v = 0; v < D.nvar; v++) {   /* a scope somewhere after V's way */
        if (!D.text_scope[v]) continue;
        SET(D.init, D.text_scope[v]);
        SET(D.last, D.text_scope[v]);
        SET(D.trigger, D.text_scope[v]);
        D.scope_lens[v] = 1;
    }
    for (int k = 0, p = D.scope_first; k < I->nv; k++) {
        if (I->v[k].group != G_SCOPES) continue;
        SET(D.scope_init, p);
        p += I->v[k].s.n;
        SET(D.last, p - 1);
    }
    make_classes(&D);
    dfa A = { 0 };
    int err = 0;
    if (build(&D, &A) < 0) {
        yerr(I->v[most_under_way(&D, &A)].at, "the patterns need more than %d automaton states (the limit);"
             " this one is under way in most of them: write it with fewer alternatives in a row", STATE_MAX);
        err = 1;
    } else if (A.nstates > 0xfffe || D.nclass > 0xffff || D.nvar > 0xffff) {
        yerr(I->v[most_under_way(&D, &A)].at, "the pattern automaton is too large (%d states, %d classes;"
             " at most 65534 and 65535)", A.nstates, D.nclass);
        err = 1;
    }
    if (!err) {
        fprintf(h, "/* The pattern automaton over request items (infer_dfa.c). */\n"
                   "#ifndef PARL_INFER_DFA_H\n#define PARL_INFER_DFA_H\n"
                   "#define PARL__DFA_VARIANTS %d   /* rule and gate variants */\n"
                   "#define PARL__DFA_WORDS %d      /* uint64_t words of a set of them */\n"
                   "#define PARL__DFA_STATES %d\n#define PARL__DFA_CLASSES %d\n"
                   "#define PARL__DFA_NOT_PLAIN 0xffff   /* parl__class_plain: a word the reader joins */\n"
                   "/* parl__dfa_step.accept >> 14: its set names a rule; it is a set. */\n"
                   "#define PARL__DFA_LOG_RULES 1\n#define PARL__DFA_LOG_ALL 2\n#endif\n",
                D.nvar, D.vwords, A.nstates, D.nclass);
        fprintf(f, "/* The pattern automaton: item classes, transitions (the start state's\n"
                   " * row and each state's differences in a comb vector) and, for each state, the\n"
                   " * variants that may have matched on entering it. %d states, %d classes. */\n"
                   "#include \"infer_internal.h\"\n#include \"infer_dfa.h\"\n\n",
                A.nstates, D.nclass);
        fputs("/* Item classes: of a plain word, of a number word standing alone as a\n"
              " * cardinal or an ordinal, by word id; of other number phrases by kind and\n"
              " * whether written in digits; of a quote. */\n", f);
        err += emit_int_array(f, "const uint16_t parl__class_word", D.class_word, I->nw + 1, err);
        /* The scan reads a plain word (no PARL__W_* flag: it makes an item
         * on its own) by this table alone: its class, or PARL__DFA_NOT_PLAIN. */
        int *flags = infer_word_flags(I), *plain = xcalloc((size_t)I->nw + 1, sizeof(int));
        for (int id = 0; id <= I->nw; id++)
            plain[id] = id && flags[D.idx[id]] ? 0xffff : D.class_word[id];
        if (D.nclass >= 0xffff) {
            fprintf(stderr, "parlgen: %d item classes: parl__class_plain keeps 0xffff apart\n", D.nclass);
            err = 1;
        }
        err += emit_int_array(f, "const uint16_t parl__class_plain", plain, I->nw + 1, err);
        free(flags);
        free(plain);
        err += emit_int_array(f, "const uint16_t parl__class_card_word", D.class_card1, I->nw + 1, err);
        err += emit_int_array(f, "const uint16_t parl__class_ord_word", D.class_ord1, I->nw + 1, err);
        fprintf(f, "const uint16_t parl__class_qty[6][2] = {");
        for (int q = 0; q < 6; q++)
            fprintf(f, "%s{ %d, %d }", q ? ", " : " ", D.class_qty[q][0], D.class_qty[q][1]);
        fprintf(f, " };\nconst uint16_t parl__class_quote = %d;\n\n", D.class_quote);
        if (emit_transitions(&D, &A, f) < 0) {
            yerr(I->v[most_under_way(&D, &A)].at, "the pattern automaton's transitions (%d states, %d classes)"
                 " outgrow their 16-bit table (at most 65534 entries, 16383 accept sets); this pattern is"
                 " under way in most states", A.nstates, D.nclass);
            err = 1;
        }
        int *plen = xcalloc((size_t)D.nvar, sizeof(int)), *exact = xcalloc((size_t)D.nvar, sizeof(int));
        for (int v = 0; v < D.nvar; v++) {
            plen[v] = (v + 1 < D.nvar ? D.first_pos[v + 1] : D.scope_pos) - D.first_pos[v];
            exact[v] = plen[v] == I->v[v].s.n && I->v[v].s.e[plen[v] - 1].op != E_QUOTED &&
                       plen[v] <= EXACT_MAX;
        }
        err += emit_int_array(f, "const uint16_t parl__dfa_prefix_len", plen, D.nvar, err);
        fputs("/* By variant whose way stops at its {scope}: bit L for each scope of L\n"
              " * items, one of which must end where its way did plus L (the automaton\n"
              " * logs where a scope ends after such a way in its sets' bit\n"
              " * PARL__DFA_VARIANTS); 1 for a {scope} after text: one must end\n"
              " * somewhere after its way; 0 for the others. */\n", f);
        err += emit_int_array(f, "const uint8_t parl__dfa_scope_lens", D.scope_lens, D.nvar, err);
        emit_need(&D, f);
        fputs("/* 1 where the automaton follows the whole pattern: its candidates always\n"
              " * match, and the slots can be taken where they begin. */\n", f);
        err += emit_int_array(f, "const uint8_t parl__dfa_exact", exact, D.nvar, err);
        /* By variant: its elements that are slots (not words), as bits. */
        int *slots = xcalloc((size_t)D.nvar, sizeof(int));
        for (int v = 0; v < D.nvar; v++)
            for (int i = 0; i < I->v[v].s.n; i++)
                if (I->v[v].s.e[i].op != E_WORD && I->v[v].s.e[i].op != E_SET) {
                    if (i >= 16) {
                        yerr(I->v[v].at, "a pattern of more than 16 elements");
                        err = 1;
                        break;
                    }
                    slots[v] |= 1 << i;
                }
        fputs("/* By variant: its elements that are slots, not words, as bits. */\n", f);
        err += emit_int_array(f, "const uint16_t parl__dfa_slot_mask", slots, D.nvar, err);
        free(slots);
        free(plen);
        free(exact);
    }
    free(A.sets); free(A.hash); free(A.next);
    free(D.idx); free(D.pos); free(D.first_pos); free(D.need_pos); free(D.init); free(D.last); free(D.trigger); free(D.scope_init); free(D.scope_lens); free(D.text_scope); free(D.takes);
    free(D.class_word); free(D.class_card1); free(D.class_ord1);
    return err;
}
