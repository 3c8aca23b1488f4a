/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L
/* gen_infer: compiles numbers.yaml, units.yaml, sections.yaml and modes.yaml
 * into the inference runtime's generated sources:
 *
 *   gen/parl_vocab.h     enums: modes, units, sections
 *   gen/infer_lex.re     re2c lexer: tokens, and every vocabulary word named
 *                        by its id on the way; digits, ordinals, quotes
 *   gen/quantity.y       Lemon grammar for number phrases, ranges and lists
 *   gen/infer_tables.c   word meanings, pattern programs, phrases, cleanup
 *                        tails, gate patterns, names
 *   gen/infer_dfa.[ch]   the automaton over items that names the patterns a
 *                        request may match (gen_infer_dfa.c)
 *
 * Like a compiler it refuses what it cannot compile unambiguously: a word
 * with two meanings, numbers out of range, unknown slots, classes, modes,
 * units or sections, and patterns (or literal alternatives in them) that can
 * never win because an earlier rule matches everything they match. */
#include "gen.h"
#include "gen_infer.h"
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>

/* ------------------------------------------------------------------ utilities */

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) { fputs("parlgen: out of memory\n", stderr); exit(70); }
    return p;
}

static void *xrealloc(void *p, size_t size)
{
    p = realloc(p, size ? size : 1);
    if (!p) { fputs("parlgen: out of memory\n", stderr); exit(70); }
    return p;
}

static char *xstrndup(const char *s, size_t n)
{
    char *d = xcalloc(n + 1, 1);
    memcpy(d, s, n);
    return d;
}

#define GROW(arr, n, cap) do { if ((n) == (cap)) { (cap) = (cap) ? 2 * (cap) : 16; \
    (arr) = xrealloc((arr), (cap) * sizeof *(arr)); } } while (0)

/* Lower-cases ASCII, turns the typographic apostrophe into ', collapses
 * runs of blanks into one space. Vocabulary is compared in this form. */
static char *normalize(const char *s)
{
    size_t n = strlen(s);
    char *d = xcalloc(n + 1, 1), *o = d;
    int space = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == ' ' || *p == '\t') { space = o != d; continue; }
        if (space) { *o++ = ' '; space = 0; }
        if (p[0] == 0xE2 && p[1] == 0x80 && p[2] == 0x99) { *o++ = '\''; p += 2; continue; }
        *o++ = (char)tolower(*p);
    }
    *o = 0;
    return d;
}

static int is_wordchar(unsigned char c) { return isalnum(c) || c == '_' || c >= 0x80; }

/* ------------------------------------------------------------------ vocabulary */

/* Lemon terminals of gen/quantity.y, in declaration order (Q_*). */
const char *const qty_terminals[Q_COUNT] = {
    NULL, "ZERO", "ONES", "TEENS", "TENS", "HUNDRED", "SCALE", "ORD_ONES", "ORD_TEENS", "ORD_TENS",
    "ORD_HUNDRED", "ORD_SCALE", "DIGITS", "DIGITORD", "QTYWORD", "QTYPLURAL", "HALF", "NOTWHOLE",
    "ARTICLE", "OF", "AND", "COMMA", "DASH", "TO" };


/* ------------------------------------------------------------------ patterns */

static const char *const elem_names[] = { "", "WORD", "SET", "GAP", "NUMBER", "DIGITS",
    "ORDINAL", "NTH", "RANGE", "LIST", "UNIT", "SECTION", "TEXT", "QUOTED", "END", "SCOPE" };
static const struct { const char *name; int op; } slot_types[] = {
    { "number", E_NUMBER }, { "digits", E_DIGITS }, { "ordinal", E_ORDINAL }, { "nth", E_NTH },
    { "range", E_RANGE }, { "list", E_LIST }, { "unit", E_UNIT }, { "section", E_SECTION },
    { "text", E_TEXT }, { "quoted", E_QUOTED }, { "end", E_END }, { "scope", E_SCOPE },
};

/* ------------------------------------------------------------------ vocabulary building */

static uint64_t text_hash(const char *s)
{
    uint64_t h = 1469598103934665603u;   /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* The vocabulary is found by a hash of its texts (a scan per word made
 * 100,000 words take minutes); the table is rebuilt as it fills. */
static int *word_slot(infer *I, const char *norm)
{
    for (size_t s = text_hash(norm) & I->whmask;; s = (s + 1) & I->whmask)
        if (I->whash[s] < 0 || !strcmp(I->w[I->whash[s]].text, norm)) return &I->whash[s];
}

static int find_word(infer *I, const char *norm)
{
    if (!I->whash) return -1;
    return *word_slot(I, norm);
}

static void index_word(infer *I, int i)
{
    if ((size_t)I->nw * 2 > I->whmask) {
        free(I->whash);
        I->whmask = I->whmask ? I->whmask * 2 + 1 : 255;
        I->whash = xcalloc(I->whmask + 1, sizeof *I->whash);
        memset(I->whash, -1, (I->whmask + 1) * sizeof *I->whash);
        for (int k = 0; k < I->nw; k++)
            if (k != i) *word_slot(I, I->w[k].text) = k;
    }
    *word_slot(I, I->w[i].text) = i;
}

/* Why the lexer could never produce NORM as one token (NULL: it can). A
 * word is letters, digits, '_' and inner apostrophes, not starting with a
 * digit; punctuation is one mark or a run of dots; quotes are quotes. */
static const char *shape_problem(const char *norm)
{
    const unsigned char *p = (const unsigned char *)norm;
    size_t n = strlen(norm);
    if (!n) return "an empty word";
    if (strchr(norm, ' ')) return NULL;   /* a phrase: checked word by word */
    if (isdigit(p[0])) return "a word cannot start with a digit (numbers are read as numbers)";
    if (is_wordchar(p[0])) {
        for (size_t i = 0; i < n; i++)
            if (!is_wordchar(p[i]) && !(p[i] == '\'' && i > 0 && i + 1 < n && is_wordchar(p[i + 1])))
                return "a word is letters, digits and inner apostrophes; write punctuation apart";
        return NULL;
    }
    static const char *const quotes[] = { "\"", "'", "`", "\xe2\x80\x98", "\xe2\x80\x99",
        "\xe2\x80\x9c", "\xe2\x80\x9d", "\xe2\x80\x9e", "\xc2\xab", "\xc2\xbb" };
    for (size_t i = 0; i < sizeof quotes / sizeof quotes[0]; i++)
        if (!strcmp(norm, quotes[i])) return "quote marks are read as quotes, not words";
    if (strspn(norm, ".") == n) return NULL;
    if (n == 1 && p[0] < 0x80) return NULL;
    if (n == 2 && p[0] == 0xC2) return NULL;
    if (n == 3 && p[0] == 0xE2 && (p[1] == 0x80 || p[1] == 0x81)) return NULL;
    return "punctuation is one mark (or a run of dots) per word";
}

/* Words in a vocabulary phrase, at most: well within what the reader can
 * look ahead (PARL__TOKS - PARL__TOK_BACK tokens). */
#define PHRASE_MAX 32
#define WORDS_MAX 65534   /* 16-bit word ids, 0 for none */

/* The index of the word TEXT, added when new (first written at AT). */
static int intern(infer *I, const ynode *at, const char *text)
{
    char *norm = normalize(text);
    int i = find_word(I, norm);
    if (i >= 0) { free(norm); return i; }
    GROW(I->w, I->nw, I->cw);
    memset(&I->w[I->nw], 0, sizeof I->w[0]);
    I->w[I->nw].text = norm;
    I->w[I->nw].at = at;
    i = I->nw++;
    index_word(I, i);
    if (strchr(norm, ' ')) {   /* a phrase: intern its words */
        char *copy = strdup(norm);
        int parts[PHRASE_MAX], np = 0;   /* longer ones are refused (intern_at) */
        for (char *tok = strtok(copy, " "); tok && np < PHRASE_MAX; tok = strtok(NULL, " "))
            parts[np++] = intern(I, at, tok);
        free(copy);
        I->w[i].parts = xcalloc((size_t)np, sizeof(int));
        memcpy(I->w[i].parts, parts, (size_t)np * sizeof(int));
        I->w[i].nparts = np;
    }
    return i;
}

/* intern() for a word written at AT; reports words the lexer cannot see. */
static int intern_at(infer *I, const ynode *at, const char *text)
{
    char *norm = normalize(text);
    char *copy = strdup(norm);
    int nwords = 0;
    for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
        const char *why = shape_problem(tok);
        if (why) { I->err += yerr(at, "'%s' cannot be a vocabulary word: %s", text, why); break; }
        nwords++;
    }
    if (nwords > PHRASE_MAX)   /* the reader looks at most this far ahead */
        I->err += yerr(at, "a phrase of %d words: at most %d", nwords, PHRASE_MAX);
    free(copy);
    free(norm);
    return intern(I, at, text);
}

/* Gives WORD (a scalar node) a meaning; a second, different meaning is an
 * error that names both places. */
static int give_meaning(infer *I, const ynode *at, const char *role, int qclass, int64_t value,
                        int unit, int section)
{
    if (!yis_scalar(at) || !at->text[0]) { I->err += yerr(at, "expected a word"); return -1; }
    int i = intern_at(I, at, at->text);
    word *w = &I->w[i];
    if (w->meaning) {
        if (w->qclass == qclass && w->value == value && w->unit == unit && w->section == section)
            return i;
        I->err += yerr(at, "'%s' given two meanings: %s here, %s at %s:%d:%d", at->text, role,
                       w->role, w->meaning->file, w->meaning->line, w->meaning->col);
        return -1;
    }
    w->meaning = at;
    w->role = role;
    w->qclass = qclass;
    w->value = value;
    w->unit = unit;
    w->section = section;
    return i;
}

static int parse_int(infer *I, const ynode *n, int64_t *out)
{
    if (!yis_scalar(n)) { I->err += yerr(n, "expected a number"); return 0; }
    char *end;
    long long v = strtoll(n->text, &end, 10);
    if (!n->text[0] || *end) { I->err += yerr(n, "expected a whole number, got '%s'", n->text); return 0; }
    if (v < 0 || v > I->max) {
        I->err += yerr(n, "number out of range: %s (allowed 0 to %lld)", n->text, (long long)I->max);
        return 0;
    }
    *out = v;
    return 1;
}

static int card_class(int64_t v)
{
    if (v == 0) return Q_ZERO;
    if (v < 10) return Q_ONES;
    if (v < 20) return Q_TEENS;
    if (v < 100 && v % 10 == 0) return Q_TENS;
    if (v == 100) return Q_HUNDRED;
    if (v == 1000 || v == 1000000 || v == 1000000000) return Q_SCALE;
    return Q_NONE;
}

static int ord_class(int64_t v)
{
    int c = card_class(v);
    static const int map[] = { [Q_ONES] = Q_ORD_ONES, [Q_TEENS] = Q_ORD_TEENS,
        [Q_TENS] = Q_ORD_TENS, [Q_HUNDRED] = Q_ORD_HUNDRED, [Q_SCALE] = Q_ORD_SCALE };
    return c > 0 && c <= Q_SCALE ? map[c] : Q_NONE;
}

static void load_number_map(infer *I, const ynode *map, const char *role, int ordinal)
{
    if (!map) return;
    if (map->kind != Y_MAP) { I->err += yerr(map, "%s: expected word: value pairs", role); return; }
    for (size_t i = 0; i < map->n; i++) {
        int64_t v;
        if (!parse_int(I, ymap_val(map, i), &v)) continue;
        int q = ordinal ? ord_class(v) : card_class(v);
        if (!q) {
            I->err += yerr(ymap_val(map, i),
                           "number out of range: %lld cannot be a single %s word (0-19, tens "
                           "20-90, 100, 1000, 1000000 or 1000000000)",
                           (long long)v, ordinal ? "ordinal" : "cardinal");
            continue;
        }
        if (ordinal && v == 0) { I->err += yerr(ymap_val(map, i), "there is no zeroth ordinal"); continue; }
        give_meaning(I, ymap_key(map, i), role, q, v, 0, 0);
    }
}

static void load_word_list(infer *I, const ynode *list, const char *role, int qclass)
{
    if (!list) return;
    if (list->kind != Y_SEQ) { I->err += yerr(list, "%s: expected a list of words", role); return; }
    for (size_t i = 0; i < list->n; i++) give_meaning(I, list->items[i], role, qclass, 0, 0, 0);
}

/* quantities: "dozen: 12"; quantity_plurals: "dozens: 12". */
static void load_quantities(infer *I, const ynode *q, const char *role, int qclass)
{
    if (!q) return;
    if (q->kind != Y_MAP) { I->err += yerr(q, "%s: expected word: value pairs", role); return; }
    for (size_t i = 0; i < q->n; i++) {
        int64_t v;
        if (!parse_int(I, ymap_val(q, i), &v)) continue;
        if (v == 0) { I->err += yerr(ymap_val(q, i), "%s must be at least 1", role); continue; }
        give_meaning(I, ymap_key(q, i), role, qclass, v, 0, 0);
    }
}

static void load_numbers(infer *I, const ynode *root)
{
    static const char *const known[] = { "max", "cardinals", "ordinals", "ordinal_suffixes",
        "quantities", "quantity_plurals", "half", "not_whole", "articles", "of", "and", "comma",
        "dash", "range" };
    I->err += yonly_keys(root, known, sizeof known / sizeof known[0]);
    I->max = 1000000000;
    const ynode *m = ymap_get(root, "max");
    if (m) {
        int64_t v = 0;
        int64_t saved = I->max;
        I->max = INT32_MAX;
        if (parse_int(I, m, &v)) saved = v;
        I->max = saved;
    }
    load_number_map(I, ymap_get(root, "cardinals"), "a cardinal", 0);
    load_number_map(I, ymap_get(root, "ordinals"), "an ordinal", 1);
    load_quantities(I, ymap_get(root, "quantities"), "a quantity word", Q_QTYWORD);
    load_quantities(I, ymap_get(root, "quantity_plurals"), "a plural quantity word", Q_QTYPLURAL);
    load_word_list(I, ymap_get(root, "half"), "'half'", Q_HALF);
    load_word_list(I, ymap_get(root, "not_whole"), "a word that makes a number not whole", Q_NOTWHOLE);
    load_word_list(I, ymap_get(root, "articles"), "an article", Q_ARTICLE);
    load_word_list(I, ymap_get(root, "of"), "'of'", Q_OF);
    load_word_list(I, ymap_get(root, "and"), "a number joiner", Q_AND);
    load_word_list(I, ymap_get(root, "comma"), "a list separator", Q_COMMA);
    load_word_list(I, ymap_get(root, "dash"), "a dash", Q_DASH);
    load_word_list(I, ymap_get(root, "range"), "a range word", Q_TO);
}

/* units.yaml / sections.yaml: NAME: {words: [...]} */
static void load_named_words(infer *I, const ynode *root, const char *top, named **out, int *nout,
                             int is_unit, int limit)
{
    static const char *const words_key = "words";
    I->err += yonly_keys(root, &top, 1);
    const ynode *map = ymap_get(root, top);
    if (!map || map->kind != Y_MAP) {
        I->err += yerr(map ? map : root, "expected '%s:' with one entry per %s", top,
                       is_unit ? "unit" : "section");
        return;
    }
    if ((int)map->n > limit) { I->err += yerr(map, "at most %d %s", limit, top); return; }
    *out = xcalloc(map->n, sizeof **out);
    for (size_t i = 0; i < map->n; i++) {
        const ynode *k = ymap_key(map, i), *v = ymap_val(map, i);
        (*out)[i].name = normalize(k->text);
        (*out)[i].at = k;
        for (const char *c = k->text; *c; c++)
            if (!islower((unsigned char)*c) && *c != '_') {
                I->err += yerr(k, "names are lower-case letters and '_': '%s'", k->text);
                break;
            }
        const ynode *words = ymap_get(v, "words");
        if (!words || words->kind != Y_SEQ || !words->n) {
            I->err += yerr(v, "%s '%s' needs a non-empty 'words:' list", is_unit ? "unit" : "section", k->text);
            continue;
        }
        I->err += yonly_keys(v, &words_key, 1);
        char role[160];
        snprintf(role, sizeof role, "%s '%s'", is_unit ? "the unit" : "the section", k->text);
        for (size_t j = 0; j < words->n; j++)
            give_meaning(I, words->items[j], strdup(role), 0, 0, is_unit ? (int)i + 1 : 0,
                         is_unit ? 0 : (int)i + 1);
    }
    *nout = (int)map->n;
}

static int find_named(const named *list, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(list[i].name, name)) return i;
    return -1;
}

/* ------------------------------------------------------------------ pattern parsing */

/* A parsed pattern before expansion: a sequence of items, each a literal,
 * a slot, a class, a gap, or a group of alternative sequences. */
typedef struct pnode pnode;
typedef struct { pnode *items; int n; } pseq;
struct pnode {
    int kind;            /* 'w' word, 's' slot, 'c' class, 'g' gap, '(' group, '[' optional */
    int col;
    char *text;          /* word / class name */
    int op; uint32_t mask;
    pseq *alts; int nalts;
};

typedef struct {
    infer *I;
    const ynode *at;
    const char *s;
    size_t pos;
    int failed;
} pparser;

static int pcol(pparser *P, size_t pos) { return P->at->col + (P->at->quoted ? 1 : 0) + (int)pos; }

static void perr(pparser *P, size_t pos, const char *fmt, ...)
{
    if (P->failed) return;
    va_list ap;
    fprintf(stderr, "%s:%d:%d: ", P->at->file, P->at->line, pcol(P, pos));
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    P->failed = 1;
    P->I->err++;
}

static void skip_blanks(pparser *P) { while (P->s[P->pos] == ' ' || P->s[P->pos] == '\t') P->pos++; }

static pseq parse_seq(pparser *P, int depth);

static void parse_slot(pparser *P, pnode *n)
{
    size_t start = ++P->pos;
    while (P->s[P->pos] && P->s[P->pos] != '}') P->pos++;
    if (!P->s[P->pos]) { perr(P, start - 1, "unterminated slot '{'"); return; }
    char *body = xstrndup(P->s + start, P->pos - start);
    P->pos++;
    char *restr = strchr(body, ':');
    if (restr) *restr++ = 0;
    n->kind = 's';
    n->op = 0;
    for (size_t i = 0; i < sizeof slot_types / sizeof slot_types[0]; i++)
        if (!strcmp(body, slot_types[i].name)) n->op = slot_types[i].op;
    if (!n->op) {
        char known[256] = "";
        for (size_t i = 0; i < sizeof slot_types / sizeof slot_types[0]; i++)
            strcat(strcat(known, i ? ", " : ""), slot_types[i].name);
        perr(P, start, "unknown slot '%s' (known: %s)", body, known);
        free(body);
        return;
    }
    if (restr) {
        if (n->op != E_UNIT && n->op != E_SECTION) {
            perr(P, start, "slot '%s' takes no restriction", body);
            free(body);
            return;
        }
        for (char *tok = strtok(restr, "|"); tok; tok = strtok(NULL, "|")) {
            int k = n->op == E_UNIT ? find_named(P->I->units, P->I->nunits, tok)
                                    : find_named(P->I->sections, P->I->nsections, tok);
            if (k < 0) {
                perr(P, (size_t)(tok - body) + start, "unknown %s '%s' in slot restriction",
                     n->op == E_UNIT ? "unit" : "section", tok);
                break;
            }
            n->mask |= 1u << (k + 1);
        }
    }
    free(body);
}

static pnode parse_item(pparser *P, int depth)
{
    pnode n = { .col = pcol(P, P->pos) };
    char c = P->s[P->pos];
    if (c == '(' || c == '[') {
        char close = c == '(' ? ')' : ']';
        size_t open = P->pos++;
        n.kind = c;
        for (;;) {
            pseq alt = parse_seq(P, depth + 1);
            if (P->failed) return n;
            if (!alt.n) { perr(P, P->pos, "empty alternative"); return n; }
            n.alts = xrealloc(n.alts, (size_t)(n.nalts + 1) * sizeof *n.alts);
            n.alts[n.nalts++] = alt;
            if (P->s[P->pos] == '|') { P->pos++; continue; }
            if (P->s[P->pos] == close) { P->pos++; break; }
            perr(P, open, "unclosed '%c'", c);
            return n;
        }
    } else if (c == '{') {
        parse_slot(P, &n);
    } else if (c == '<') {
        size_t start = ++P->pos;
        while (P->s[P->pos] && P->s[P->pos] != '>') P->pos++;
        if (!P->s[P->pos]) { perr(P, start - 1, "unterminated class '<'"); return n; }
        n.kind = 'c';
        n.text = xstrndup(P->s + start, P->pos - start);
        P->pos++;
    } else if (!strncmp(P->s + P->pos, "...", 3)) {
        n.kind = 'g';
        P->pos += 3;
    } else {
        size_t start = P->pos;
        while (P->s[P->pos] && !strchr(" \t()[]|{}<", P->s[P->pos])) P->pos++;
        if (P->pos == start) { perr(P, start, "unexpected '%c'", c); return n; }
        n.kind = 'w';
        n.text = xstrndup(P->s + start, P->pos - start);
    }
    return n;
}

static pseq parse_seq(pparser *P, int depth)
{
    pseq s = { 0 };
    if (depth > 4) { perr(P, P->pos, "groups nested too deeply"); return s; }
    for (;;) {
        skip_blanks(P);
        char c = P->s[P->pos];
        if (!c || c == '|' || c == ')' || c == ']') break;
        pnode n = parse_item(P, depth);
        if (P->failed) break;
        s.items = xrealloc(s.items, (size_t)(s.n + 1) * sizeof *s.items);
        s.items[s.n++] = n;
    }
    return s;
}

/* ------------------------------------------------------------------ expansion */

typedef struct { seq *list; int n, cap; } seqs;

static elem elem_copy(const elem *e)
{
    elem d = *e;
    d.words = xcalloc((size_t)e->n, sizeof *d.words);
    d.cols = xcalloc((size_t)e->n, sizeof *d.cols);
    if (e->n) {   /* a slot has no words, and memcpy no NULL source */
        memcpy(d.words, e->words, (size_t)e->n * sizeof *d.words);
        memcpy(d.cols, e->cols, (size_t)e->n * sizeof *d.cols);
    }
    return d;
}

static seq seq_concat(const seq *a, const seq *b)
{
    seq s = { xcalloc((size_t)(a->n + b->n), sizeof(elem)), a->n + b->n };
    for (int i = 0; i < a->n; i++) s.e[i] = elem_copy(&a->e[i]);
    for (int i = 0; i < b->n; i++) s.e[a->n + i] = elem_copy(&b->e[i]);
    return s;
}

static void seqs_add(seqs *S, seq s)
{
    GROW(S->list, S->n, S->cap);
    S->list[S->n++] = s;
}

static int find_class(infer *I, const char *name)
{
    for (int i = 0; i < I->nclasses; i++)
        if (!strcmp(I->classes[i].name, name)) return i;
    return -1;
}

/* Turns one literal / class / slot / gap into an element. */
static int atom_elem(pparser *P, const pnode *n, elem *e)
{
    memset(e, 0, sizeof *e);
    switch (n->kind) {
    case 'w':
        if (shape_problem(n->text) || strchr(n->text, ' ')) {
            perr(P, (size_t)(n->col - pcol(P, 0)), "'%s' is not one word: %s", n->text,
                 shape_problem(n->text) ? shape_problem(n->text) : "a phrase");
            return 0;
        }
        e->op = E_WORD;
        e->n = 1;
        e->words = xcalloc(1, sizeof(int));
        e->cols = xcalloc(1, sizeof(int));
        e->words[0] = intern(P->I, P->at, n->text);
        e->cols[0] = n->col;
        return 1;
    case 'c': {
        int k = find_class(P->I, n->text);
        if (k < 0) { perr(P, (size_t)(n->col - pcol(P, 0)), "unknown class '<%s>'", n->text); return 0; }
        e->op = E_SET;
        e->n = P->I->classes[k].n;
        e->words = xcalloc((size_t)e->n, sizeof(int));
        e->cols = xcalloc((size_t)e->n, sizeof(int));
        memcpy(e->words, P->I->classes[k].words, (size_t)e->n * sizeof(int));
        for (int i = 0; i < e->n; i++) e->cols[i] = n->col;
        return 1;
    }
    case 's': e->op = n->op; e->mask = n->mask; return 1;
    case 'g': e->op = E_GAP; e->n = 0; return 1;
    }
    return 0;
}

static int is_single_literal(const pseq *alt)
{
    return alt->n == 1 && (alt->items[0].kind == 'w' || alt->items[0].kind == 'c');
}

/* Merges the single-literal alternatives FROM..TO-1 of G into one set
 * element. */
static elem merge_set(pparser *P, const pnode *g, int from, int to)
{
    elem set = { .op = E_SET };
    for (int a = from; a < to; a++) {
        elem e;
        atom_elem(P, &g->alts[a].items[0], &e);
        for (int i = 0; i < e.n; i++) {
            int dup = 0;
            for (int j = 0; j < set.n; j++) dup |= set.words[j] == e.words[i];
            if (dup) continue;
            set.words = xrealloc(set.words, (size_t)(set.n + 1) * sizeof(int));
            set.cols = xrealloc(set.cols, (size_t)(set.n + 1) * sizeof(int));
            set.words[set.n] = e.words[i];
            set.cols[set.n++] = e.cols[i];
        }
        free(e.words);
        free(e.cols);
    }
    return set;
}

#define MAX_VARIANTS 512

static seqs expand_seq(pparser *P, const pseq *ps);

/* All the element sequences one item can stand for. */
static seqs expand_item(pparser *P, const pnode *n)
{
    seqs out = { 0 };
    if (n->kind == '(' || n->kind == '[') {
        if (n->kind == '[') seqs_add(&out, (seq){ 0 });
        /* A run of one-word alternatives becomes one set: "(appear|occur|show
         * up)" is two variants, not three. Runs keep their order. */
        for (int a = 0; a < n->nalts && !P->failed;) {
            int b = a;
            while (b < n->nalts && is_single_literal(&n->alts[b])) b++;
            if (b > a) {
                seq s = { xcalloc(1, sizeof(elem)), 1 };
                s.e[0] = merge_set(P, n, a, b);
                seqs_add(&out, s);
                a = b;
                continue;
            }
            seqs sub = expand_seq(P, &n->alts[a++]);
            for (int i = 0; i < sub.n; i++) seqs_add(&out, sub.list[i]);
            free(sub.list);
        }
    } else {
        seq s = { xcalloc(1, sizeof(elem)), 1 };
        if (atom_elem(P, n, &s.e[0])) seqs_add(&out, s);
    }
    return out;
}

static seqs expand_seq(pparser *P, const pseq *ps)
{
    seqs acc = { 0 };
    seqs_add(&acc, (seq){ 0 });
    for (int i = 0; i < ps->n && !P->failed; i++) {
        seqs item = expand_item(P, &ps->items[i]);
        seqs next = { 0 };
        for (int a = 0; a < acc.n; a++)
            for (int b = 0; b < item.n; b++) {
                if (next.n >= MAX_VARIANTS) {
                    perr(P, 0, "pattern expands to more than %d variants; split it", MAX_VARIANTS);
                    return next;
                }
                seqs_add(&next, seq_concat(&acc.list[a], &item.list[b]));
            }
        acc = next;
    }
    return acc;
}

/* Does GROUP allow element OP? Cleanup heads and tails are words and
 * classes; a scope is words, classes and the slots that name a place. */
static const char *group_refuses(int group, int op)
{
    if (op == E_WORD || op == E_SET) return NULL;
    if (group == G_TAILS || group == G_HEADS) return "cleanup heads and tails are made of words and classes only";
    if (group == G_SCOPES && op != E_UNIT && op != E_SECTION && op != E_NUMBER && op != E_DIGITS &&
        op != E_ORDINAL && op != E_NTH)
        return "a scope is made of words, classes and {unit}, {section}, {number}, {digits}, {ordinal}, {nth}";
    if (group != G_RULES && (op == E_END || op == E_SCOPE)) return "{end} and {scope} belong in rules";
    return NULL;
}

/* Checks one expanded sequence: slots once each ({unit} and {section} may
 * come twice restricted alike: "sentence 3 to sentence 7"), no leading
 * text, gap or scope, gaps, text and scopes not adjacent. */
static int check_seq(pparser *P, const seq *s, int group)
{
    if (!s->n) { perr(P, 0, "pattern matches nothing"); return 0; }
    int seen[E_SCOPE + 1] = { 0 };
    uint32_t mask[E_SCOPE + 1] = { 0 };
    for (int i = 0; i < s->n; i++) {
        int op = s->e[i].op, free = op == E_GAP || op == E_TEXT || op == E_SCOPE;
        const char *why = group_refuses(group, op);
        if (why) { perr(P, 0, "%s", why); return 0; }
        if (op >= E_NUMBER && seen[op]++ &&
            !((op == E_UNIT || op == E_SECTION) && mask[op] && mask[op] == s->e[i].mask)) {
            perr(P, 0, "slot {%s} appears twice in one pattern%s", slot_types[op - E_NUMBER].name,
                 op == E_UNIT || op == E_SECTION ? " (twice only when restricted alike)" : "");
            return 0;
        }
        if (op >= E_NUMBER) mask[op] = s->e[i].mask;
        if (free && i == 0) {
            perr(P, 0, "a pattern cannot start with %s",
                 op == E_GAP ? "'...'" : op == E_TEXT ? "{text}" : "{scope}");
            return 0;
        }
        if (free && i > 0 && (s->e[i - 1].op == E_GAP || s->e[i - 1].op == E_TEXT || s->e[i - 1].op == E_SCOPE)) {
            perr(P, 0, "'...', {text} and {scope} cannot follow each other");
            return 0;
        }
        if (op == E_GAP && i == s->n - 1) { perr(P, 0, "a pattern cannot end with '...'"); return 0; }
    }
    return 1;
}

static void add_pattern(infer *I, const ynode *at, int group, int rule)
{
    if (!yis_scalar(at) || !at->text[0]) { I->err += yerr(at, "expected a pattern string"); return; }
    pparser P = { I, at, at->text, 0, 0 };
    pseq ps = parse_seq(&P, 0);
    if (!P.failed && P.s[P.pos]) perr(&P, P.pos, "unexpected '%c'", P.s[P.pos]);
    if (P.failed) return;
    seqs all = expand_seq(&P, &ps);
    for (int i = 0; i < all.n && !P.failed; i++) {
        if (!check_seq(&P, &all.list[i], group)) break;
        GROW(I->v, I->nv, I->cv);
        I->v[I->nv++] = (variant){ group, rule, at, all.list[i] };
    }
}

/* ------------------------------------------------------------------ modes.yaml */

static void load_classes(infer *I, const ynode *map)
{
    if (!map) return;
    if (map->kind != Y_MAP) { I->err += yerr(map, "classes: expected name: [words]"); return; }
    I->classes = xcalloc(map->n, sizeof *I->classes);
    for (size_t i = 0; i < map->n; i++) {
        const ynode *list = ymap_val(map, i);
        wclass *c = &I->classes[I->nclasses++];
        c->at = ymap_key(map, i);
        c->name = strdup(ymap_key(map, i)->text);
        if (list->kind != Y_SEQ || !list->n) { I->err += yerr(list, "a class is a non-empty list of words"); continue; }
        c->words = xcalloc(list->n, sizeof(int));
        for (size_t j = 0; j < list->n; j++) {
            if (!yis_scalar(list->items[j])) { I->err += yerr(list->items[j], "expected a word"); continue; }
            c->words[c->n++] = intern_at(I, list->items[j], list->items[j]->text);
        }
    }
}

static void load_modes(infer *I, const ynode *map)
{
    if (!map || map->kind != Y_MAP) { I->err += yerr(map ? map : NULL, "expected 'modes:'"); return; }
    I->modes = xcalloc(map->n + 1, sizeof *I->modes);
    I->modes[0].name = strdup("none");
    I->nmodes = 1;
    for (size_t i = 0; i < map->n; i++) {
        const ynode *k = ymap_key(map, i);
        if (!strcmp(k->text, "none")) { I->err += yerr(k, "'none' is built in"); continue; }
        I->modes[I->nmodes].name = strdup(k->text);
        I->modes[I->nmodes++].at = k;
    }
}

/* `set:` values: an integer, a name, `open`, `true`, or $slot[+K]. */
/* `set:` of a scope: the position, counted from the end or not. */
static void load_scope_set(infer *I, rule *r, const ynode *set)
{
    if (!set) return;
    if (set->kind != Y_MAP) { I->err += yerr(set, "set: expected key: value pairs"); return; }
    for (size_t i = 0; i < set->n; i++) {
        const char *key = ymap_key(set, i)->text;
        const ynode *v = ymap_val(set, i);
        if (!yis_scalar(v)) I->err += yerr(v, "expected a value");
        else if (!strcmp(key, "count")) r->has_count = parse_int(I, v, &r->count);
        else if (!strcmp(key, "from_end")) {
            if (strcmp(v->text, "true")) I->err += yerr(v, "from_end: only 'true' can be set");
            r->from_end = 1;
        } else I->err += yerr(ymap_key(set, i), "unknown key '%s' in a scope's set (count, from_end)", key);
    }
}

static void load_set(infer *I, rule *r, const ynode *set)
{
    if (!set) return;
    if (set->kind != Y_MAP) { I->err += yerr(set, "set: expected key: value pairs"); return; }
    for (size_t i = 0; i < set->n; i++) {
        const char *key = ymap_key(set, i)->text;
        const ynode *v = ymap_val(set, i);
        if (!yis_scalar(v)) { I->err += yerr(v, "expected a value"); continue; }
        if (!strcmp(key, "inner")) {
            r->inner = find_named(I->modes, I->nmodes, v->text);
            if (r->inner <= 0 || r->inner == r->mode)
                I->err += yerr(v, "inner: expected a mode other than the rule's own (modes:), got '%s'", v->text);
        } else if (!strcmp(key, "count")) {
            r->has_count = parse_int(I, v, &r->count);
        } else if (!strcmp(key, "unit")) {
            r->unit = find_named(I->units, I->nunits, v->text) + 1;
            if (!r->unit) I->err += yerr(v, "unknown unit '%s'", v->text);
        } else if (!strcmp(key, "section")) {
            r->section = find_named(I->sections, I->nsections, v->text) + 1;
            if (!r->section) I->err += yerr(v, "unknown section '%s'", v->text);
        } else if (!strcmp(key, "end")) {
            if (strcmp(v->text, "open")) I->err += yerr(v, "end: only 'open' can be set");
            r->end_open = 1;
        } else if (!strcmp(key, "count_only")) {
            if (strcmp(v->text, "true")) I->err += yerr(v, "count_only: only 'true' can be set");
            r->count_only = 1;
        } else if (!strcmp(key, "start")) {
            const char *t = v->text;
            if (*t != '$') { I->err += yerr(v, "start: expected $slot or $slot+N"); continue; }
            char name[32];
            size_t n = strcspn(t + 1, "+-");
            snprintf(name, sizeof name, "%.*s", (int)n, t + 1);
            for (size_t k = 0; k < sizeof slot_types / sizeof slot_types[0]; k++)
                if (!strcmp(name, slot_types[k].name)) r->start_slot = slot_types[k].op;
            if (r->start_slot != E_NUMBER && r->start_slot != E_DIGITS && r->start_slot != E_NTH &&
                r->start_slot != E_ORDINAL) {
                I->err += yerr(v, "unknown slot '%s' (start takes number, digits, ordinal or nth)", name);
                continue;
            }
            if (t[1 + n]) {
                char *end;
                r->start_add = strtoll(t + 1 + n, &end, 10);
                if (*end) I->err += yerr(v, "start: expected $slot+N");
            }
        } else {
            I->err += yerr(ymap_key(set, i), "unknown key '%s' in set (count, unit, section, "
                           "start, end, count_only, inner)", key);
        }
    }
}

/* A rule sets `inner` exactly when its patterns have a {scope}: a scoped
 * request answers its inner mode inside the scope. Its variants are
 * FIRST.. of I->v. */
static void check_inner(infer *I, int idx, int first)
{
    const rule *ru = &I->rules[idx];
    for (int k = first; k < I->nv; k++) {
        int scoped = 0;
        for (int i = 0; i < I->v[k].s.n; i++) scoped |= I->v[k].s.e[i].op == E_SCOPE;
        if (scoped == !!ru->inner) continue;
        I->err += yerr(I->v[k].at, scoped ? "a pattern with {scope} needs its rule to set 'inner:' "
                                            "(the mode answered inside the scope)"
                                          : "a rule that sets 'inner:' needs {scope} in every pattern");
        return;
    }
}

static void load_rules(infer *I, const ynode *list)
{
    if (!list || list->kind != Y_SEQ) { I->err += yerr(list ? list : NULL, "expected 'rules:' list"); return; }
    for (size_t i = 0; i < list->n; i++) {
        const ynode *r = list->items[i];
        if (r->kind != Y_MAP) { I->err += yerr(r, "a rule is a mapping with mode and match"); continue; }
        static const char *const rule_keys[] = { "mode", "match", "set" };
        I->err += yonly_keys(r, rule_keys, sizeof rule_keys / sizeof rule_keys[0]);
        const ynode *mode = ymap_get(r, "mode"), *match = ymap_get(r, "match");
        if (!yis_scalar(mode)) { I->err += yerr(r, "rule needs 'mode:'"); continue; }
        GROW(I->rules, I->nrules, I->crules);
        rule *ru = &I->rules[I->nrules];
        memset(ru, 0, sizeof *ru);
        ru->at = r;
        ru->mode = find_named(I->modes, I->nmodes, mode->text);
        if (ru->mode <= 0) { I->err += yerr(mode, "unknown mode '%s' (add it to modes:)", mode->text); continue; }
        load_set(I, ru, ymap_get(r, "set"));
        int idx = I->nrules++, first = I->nv;
        if (yis_scalar(match)) add_pattern(I, match, G_RULES, idx);
        else if (match && match->kind == Y_SEQ)
            for (size_t k = 0; k < match->n; k++) add_pattern(I, match->items[k], G_RULES, idx);
        else I->err += yerr(r, "rule needs 'match:' (a pattern or a list of them)");
        check_inner(I, idx, first);
    }
    I->ncascade = I->nrules;
}

/* Scopes: patterns, or {match: pattern, set: {count, from_end}}. Each is a
 * rule of its own after the cascade's, which only {scope} slots reach. */
static void load_scopes(infer *I, const ynode *list)
{
    if (!list) return;
    if (list->kind != Y_SEQ) { I->err += yerr(list, "scopes: expected a list of patterns"); return; }
    for (size_t i = 0; i < list->n; i++) {
        const ynode *e = list->items[i], *match = e->kind == Y_MAP ? ymap_get(e, "match") : e;
        for (size_t k = 0; e->kind == Y_MAP && k < e->n; k++)
            if (strcmp(ymap_key(e, k)->text, "match") && strcmp(ymap_key(e, k)->text, "set"))
                I->err += yerr(ymap_key(e, k), "unknown key '%s' in a scope (match, set)", ymap_key(e, k)->text);
        if (!match) { I->err += yerr(e, "a scope needs 'match:'"); continue; }
        GROW(I->rules, I->nrules, I->crules);
        rule *ru = &I->rules[I->nrules];
        memset(ru, 0, sizeof *ru);
        ru->at = e;
        if (e->kind == Y_MAP) load_scope_set(I, ru, ymap_get(e, "set"));
        add_pattern(I, match, G_SCOPES, I->nrules++);
    }
}

static void load_list_group(infer *I, const ynode *list, int group, const char *what)
{
    if (!list) return;
    if (list->kind != Y_SEQ) { I->err += yerr(list, "%s: expected a list of patterns", what); return; }
    for (size_t i = 0; i < list->n; i++) add_pattern(I, list->items[i], group, -1);
}

/* ------------------------------------------------------------------ shadowing */

int infer_slot_takes_word(const infer *I, int op, uint32_t mask, int w)
{
    const word *x = &I->w[w];
    int q = x->qclass;
    int card = q == Q_ZERO || q == Q_ONES || q == Q_TEENS || q == Q_TENS || q == Q_HUNDRED ||
               q == Q_SCALE || q == Q_QTYWORD;
    int ord = q >= Q_ORD_ONES && q <= Q_ORD_SCALE;
    switch (op) {
    case E_NUMBER:
    case E_END: return card;
    case E_ORDINAL: return ord;
    case E_NTH: return card || ord;
    case E_UNIT: return x->unit && (!mask || (mask >> x->unit & 1));
    case E_SECTION: return x->section && (!mask || (mask >> x->section & 1));
    }
    return 0;
}

static int has_word(const elem *e, int w)
{
    for (int i = 0; i < e->n; i++)
        if (e->words[i] == w) return 1;
    return 0;
}

/* Does element U match every token that element V matches? */
static int elem_covers(const infer *I, const elem *u, const elem *v)
{
    if (v->op == E_WORD || v->op == E_SET) {
        for (int i = 0; i < v->n; i++) {
            int ok = (u->op == E_WORD || u->op == E_SET) ? has_word(u, v->words[i])
                                                         : infer_slot_takes_word(I, u->op, u->mask, v->words[i]);
            if (!ok) return 0;
        }
        return 1;
    }
    if (u->op == v->op)
        return (u->op != E_UNIT && u->op != E_SECTION) || !u->mask || (v->mask && (v->mask & ~u->mask) == 0);
    if (u->op == E_NTH) return v->op == E_NUMBER || v->op == E_DIGITS || v->op == E_ORDINAL;
    if (u->op == E_NUMBER) return v->op == E_DIGITS;
    return 0;
}

static int single_token(const elem *e)
{
    return e->op != E_GAP && e->op != E_TEXT && e->op != E_QUOTED && e->op != E_SCOPE;
}

/* Does U (from position i) match inside V (from position j) for every
 * request V matches? Conservative: answers "no" when unsure. */
static int covers_from(const infer *I, const seq *u, int i, const seq *v, int j)
{
    if (i == u->n) return 1;
    const elem *ue = &u->e[i];
    if (ue->op == E_GAP) {
        for (int skip = 0; skip <= GAP_MAX && j + skip <= v->n; skip++) {
            if (skip && !single_token(&v->e[j + skip - 1])) break;
            if (covers_from(I, u, i + 1, v, j + skip)) return 1;
        }
        return 0;
    }
    if (ue->op == E_TEXT) {
        if (i == u->n - 1) return j < v->n;
        for (int k = j + 1; k <= v->n; k++)
            if (covers_from(I, u, i + 1, v, k)) return 1;
        return 0;
    }
    return j < v->n && elem_covers(I, ue, &v->e[j]) && covers_from(I, u, i + 1, v, j + 1);
}

static int covers(const infer *I, const seq *u, const seq *v)
{
    for (int off = 0; off < v->n; off++)
        if (covers_from(I, u, 0, v, off)) return 1;
    return 0;
}

/* The earliest variant of an earlier rule that covers S, or -1. */
static int shadowed_by(const infer *I, int upto_rule, const seq *s)
{
    for (int k = 0; k < I->nv && I->v[k].group == G_RULES && I->v[k].rule < upto_rule; k++)
        if (covers(I, &I->v[k].s, s)) return k;
    return -1;
}

static void describe_seq(const infer *I, const seq *s, char *buf, size_t n)
{
    size_t o = 0;
    buf[0] = 0;
    for (int i = 0; i < s->n && o + 40 < n; i++) {
        const elem *e = &s->e[i];
        if (i) buf[o++] = ' ';
        if (e->op == E_WORD || (e->op == E_SET && e->n == 1))
            o += (size_t)snprintf(buf + o, n - o, "%s", I->w[e->words[0]].text);
        else if (e->op == E_SET) o += (size_t)snprintf(buf + o, n - o, "(%s|...)", I->w[e->words[0]].text);
        else if (e->op == E_GAP) o += (size_t)snprintf(buf + o, n - o, "...");
        else o += (size_t)snprintf(buf + o, n - o, "{%s}", slot_types[e->op - E_NUMBER].name);
    }
}

/* Every rule variant must be reachable, and so must every literal word
 * written in it: "opening" in "(first|opening) sentence" is dead when an
 * earlier rule matches a bare "opening". */
static void check_shadowing(infer *I)
{
    for (int k = 0; k < I->nv; k++) {
        variant *v = &I->v[k];
        if (v->group != G_RULES) continue;
        char what[256], by[256];
        int s = shadowed_by(I, v->rule, &v->s);
        if (s >= 0) {
            describe_seq(I, &v->s, what, sizeof what);
            describe_seq(I, &I->v[s].s, by, sizeof by);
            I->err += yerr(v->at, "pattern '%s' can never win: the earlier pattern '%s' at %s:%d:%d "
                           "matches everything it matches", what, by, I->v[s].at->file,
                           I->v[s].at->line, I->v[s].at->col);
            continue;
        }
        for (int p = 0; p < v->s.n; p++) {
            elem *e = &v->s.e[p];
            if (e->op != E_WORD && e->op != E_SET) continue;
            for (int m = 0; m < e->n; m++) {
                elem saved = *e;
                int w = e->words[m], c = e->cols[m];
                e->op = E_WORD; e->words = &w; e->cols = &c; e->n = 1;
                s = shadowed_by(I, v->rule, &v->s);
                if (s >= 0) describe_seq(I, &v->s, what, sizeof what);
                *e = saved;
                if (s < 0) continue;
                /* Dead here; dead everywhere only if no other variant of the
                 * same pattern keeps this literal alive. */
                int alive = 0;
                for (int o = 0; o < I->nv && !alive; o++) {
                    if (o == k || I->v[o].at != v->at) continue;
                    for (int q = 0; q < I->v[o].s.n && !alive; q++) {
                        elem *f = &I->v[o].s.e[q];
                        for (int r = 0; r < f->n; r++)
                            if ((f->op == E_WORD || f->op == E_SET) && f->cols[r] == c && f->words[r] == w) {
                                elem keep = *f;
                                int ww = f->words[r], cc = c;
                                f->op = E_WORD; f->words = &ww; f->cols = &cc; f->n = 1;
                                alive = shadowed_by(I, v->rule, &I->v[o].s) < 0;
                                *f = keep;
                                break;
                            }
                    }
                }
                if (alive) continue;
                describe_seq(I, &I->v[s].s, by, sizeof by);
                I->err += yerr_at(v->at->file, v->at->line, c,
                                  "'%s' in this pattern can never win: '%s' is matched first by "
                                  "the earlier pattern '%s' at %s:%d:%d", I->w[w].text, what, by,
                                  I->v[s].at->file, I->v[s].at->line, I->v[s].at->col);
            }
        }
    }
}

/* ------------------------------------------------------------------ emitting */

static infer *sort_ctx;
static int cmp_word_idx(const void *a, const void *b)
{
    return strcmp(sort_ctx->w[*(const int *)a].text, sort_ctx->w[*(const int *)b].text);
}

static void assign_ids(infer *I)
{
    int *order = xcalloc((size_t)I->nw, sizeof(int));
    for (int i = 0; i < I->nw; i++) order[i] = i;
    sort_ctx = I;
    qsort(order, (size_t)I->nw, sizeof(int), cmp_word_idx);
    for (int i = 0; i < I->nw; i++) I->w[order[i]].id = i + 1;
    free(order);
}

/* Generated files name specs without their directory: the output must not
 * depend on where the grammar was read from. */
static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static void c_comment_safe(FILE *f, const char *s)
{
    for (; *s; s++) fputc(*s == '*' || *s == '/' ? '_' : *s, f);
}

static void emit_vocab_h(infer *I, FILE *f)
{
    fputs("#ifndef PARL_VOCAB_H\n#define PARL_VOCAB_H\n\n", f);
    fputs("/* Retrieval modes (grammar/modes.yaml). */\ntypedef enum parl_mode {\n", f);
    for (int i = 0; i < I->nmodes; i++) {
        fputs("    PARL_MODE_", f);
        for (const char *c = I->modes[i].name; *c; c++) fputc(toupper((unsigned char)*c), f);
        fputs(i == 0 ? " = 0,\n" : ",\n", f);
    }
    fprintf(f, "    PARL_MODE__COUNT\n} parl_mode;\n\n");
    fputs("/* Units (grammar/units.yaml). */\ntypedef enum parl_unit {\n    PARL_UNIT_NONE = 0,\n", f);
    for (int i = 0; i < I->nunits; i++) {
        fputs("    PARL_UNIT_", f);
        for (const char *c = I->units[i].name; *c; c++) fputc(toupper((unsigned char)*c), f);
        fputs(",\n", f);
    }
    fputs("    PARL_UNIT__COUNT\n} parl_unit;\n\n", f);
    fputs("/* Sections (grammar/sections.yaml). */\ntypedef enum parl_section {\n    PARL_SECTION_NONE = 0,\n", f);
    for (int i = 0; i < I->nsections; i++) {
        fputs("    PARL_SECTION_", f);
        for (const char *c = I->sections[i].name; *c; c++) fputc(toupper((unsigned char)*c), f);
        fputs(",\n", f);
    }
    fputs("    PARL_SECTION__COUNT\n} parl_section;\n\n#endif\n", f);
}

/* An ordinal suffix as a case-insensitive re2c string. */
static void emit_re_literal(FILE *f, const char *w)
{
    fputc('\'', f);
    for (const unsigned char *p = (const unsigned char *)w; *p; p++)
        if (*p == '\\' || *p == '\'' || *p == '"') fprintf(f, "\\%c", *p);
        else if (*p < 0x20 || *p >= 0x7f) fprintf(f, "\\x%02x", *p);
        else fputc(*p, f);
    fputc('\'', f);
}

/* A vocabulary word as a case-insensitive re2c string; an apostrophe
 * inside it reads either apostrophe (what's, what’s). */
static void emit_re_word(FILE *f, const char *w)
{
    fputc('\'', f);
    for (const unsigned char *p = (const unsigned char *)w; *p; p++)
        if (*p == '\'') fputs("' apos '", f);
        else if (*p == '\\') fputs("\\\\", f);
        else if (*p < 0x20 || *p >= 0x7f) fprintf(f, "\\x%02x", *p);
        else fputc(*p, f);
    fputc('\'', f);
}

/* Words of the vocabulary shaped like the lexer's general word rule (ASCII
 * letters, digits and _, apostrophes inside) are looked up by a hash of
 * that rule's match, as SQLite's keywordCode() does; the others (marks,
 * dashes, words with other letters) keep re2c rules of their own. */
static int hashable(const char *w)
{
    int apos = 0;
    size_t n = strlen(w);
    if (!n || n > 255 || w[0] == '\'' || w[n - 1] == '\'') return 0;
    for (const char *p = w; *p; p++) {
        if (*p == '\'') {
            if (p[1] == '\'' || ++apos > 3) return 0;
        } else if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
            return 0;
    }
    return 1;
}

typedef struct { char text[264]; size_t len; int id; uint64_t sig; } kw_key;   /* 255 + 3 x 2 */

static uint64_t kw_sig(const char *s, size_t n)
{
    uint64_t x = 0;
    for (size_t j = 0; j < n && j < 8; j++) x |= (uint64_t)(unsigned char)s[j] << (8 * j);
    return x;
}

/* A key's first 8 bytes as the lexer keys them: a key of fewer than 8
 * in the top bytes (byte j of a key of N at bits 8(8 - N + j)), which a
 * shift of the bytes loaded leaves there with no mask. */
static uint64_t kw_sig_first(const char *s, size_t n)
{
    return n < 8 ? kw_sig(s, n) << (8 * (8 - n)) : kw_sig(s, n);
}

/* Adds W's keys: each apostrophe read either way (what's, what’s). */
static int kw_add(kw_key *keys, int nk, const char *w, int id)
{
    int napos = 0;
    for (const char *p = w; *p; p++) napos += *p == '\'';
    for (int mask = 0; mask < 1 << napos; mask++) {
        kw_key *k = &keys[nk++];
        int a = 0;
        k->len = 0;
        for (const char *p = w; *p; p++) {
            if (*p == '\'' && (mask >> a++ & 1)) {
                memcpy(k->text + k->len, "\xe2\x80\x99", 3);
                k->len += 3;
            } else k->text[k->len++] = *p;
        }
        k->id = id;
        k->sig = kw_sig_first(k->text, k->len);
    }
    return nk;
}

/* The element types of generated tables and the values they hold. */
static const struct { const char *type; long long min, max; } table_types[] = {
    { "uint8_t", 0, 255 }, { "uint16_t", 0, 65535 }, { "int16_t", -32768, 32767 },
};

int emit_int_array(FILE *f, const char *decl, const int *v, int n, int reported)
{
    long long min = INT32_MIN, max = INT32_MAX;
    for (size_t t = 0; t < sizeof table_types / sizeof table_types[0]; t++) {
        const char *at = strstr(decl, table_types[t].type);
        if (at && (at == decl || at[-1] == ' ')) { min = table_types[t].min; max = table_types[t].max; }
    }
    fprintf(f, "%s[%d] = {", decl, n ? n : 1);
    int bad = 0;
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s%d", !i ? "\n    " : i % 16 ? ", " : ",\n    ", v[i]);
        if ((v[i] < min || v[i] > max) && !bad++ && !reported)
            fprintf(stderr, "parlgen: %s[%d] = %d does not fit (a defect of the generator's checks)\n", decl, i, v[i]);
    }
    if (!n) fputs("0", f);
    fputs("\n};\n", f);
    return bad != 0;
}

static void emit_u64_array(FILE *f, const char *decl, const uint64_t *v, int n)
{
    fprintf(f, "%s[%d] = {", decl, n ? n : 1);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s0x%016llxu", !i ? "\n    " : i % 4 ? ", " : ",\n    ", (unsigned long long)v[i]);
    if (!n) fputs("0", f);
    fputs("\n};\n", f);
}

/* Phrases by first word, longest first, then by id. */
typedef struct { int first, len, id; } phrase_key;
static int cmp_phrase(const void *a, const void *b)
{
    const phrase_key *x = a, *y = b;
    if (x->first != y->first) return x->first < y->first ? -1 : 1;
    if (x->len != y->len) return x->len > y->len ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

/* The hash of the vocabulary words: buckets by the lower-cased first 8
 * bytes and the length, chained; a key matches on those and the rest. */
/* A table without collisions for the keys of LO to HI - 1 bytes: slot
 * ((X ^ Y) * M) >> (64 - BITS), X a key's first 8 bytes (its sig) and Y
 * the rest (SIG2; NULL for keys of up to 7 bytes, which their first 8 bytes
 * tell apart: no key holds a NUL, so Y tells the length too). Found with
 * one probe: keys of 1 to 7 bytes with no branch, of 8 to 15 with one. The
 * multiplier is searched for, in a fixed order (the output is the same on
 * every run), in tables of growing size. *BITS and the multiplier are
 * returned, SLOT filled (0: no key; a spelling met twice keeps its first
 * key, the chains' order); 0 when no table of up to 16 bits fits (a
 * vocabulary of thousands of such words), and the chains serve. */
static uint64_t kw_perfect(const kw_key *keys, const uint64_t *sig2, int nk, size_t lo, size_t hi, int **slot,
                           int *bits)
{
    int n = 0;
    for (int i = 1; i < nk; i++) n += keys[i].len >= lo && keys[i].len < hi;
    for (*bits = 4; (1 << *bits) < 8 * n; ++*bits) {}
    for (uint64_t m = 0x9E3779B97F4A7C15u; *bits <= 16; ++*bits) {
        *slot = xcalloc((size_t)1 << *bits, sizeof(int));
        for (int tries = 0; tries < 100000; tries++, m = m * 6364136223846793005u + 1442695040888963407u) {
            int i = 1;
            m |= 1;
            memset(*slot, 0, sizeof(int) << *bits);
            for (; i < nk; i++) {
                if (keys[i].len < lo || keys[i].len >= hi) continue;
                uint64_t y = sig2 ? sig2[i] : 0;
                int *e = &(*slot)[((keys[i].sig ^ y) * m) >> (64 - *bits)];
                if (*e && keys[*e].sig == keys[i].sig && (sig2 ? sig2[*e] : 0) == y) continue;   /* the same */
                if (*e) break;
                *e = i;
            }
            if (i == nk) return m;
        }
        free(*slot);
    }
    *slot = NULL;
    return 0;
}

/* The tables the lexer's word loop reads are members of one struct, kw_t:
 * one base address then serves them all, where each table of its own cost
 * the loop an address to make at each use. A macro names each member as
 * the table was named. KW_MEMBER collects a table, emitted as DECL (its
 * type and name) by EMIT into MEMBERS' two texts. */
typedef struct kw_members {
    char *decl, *init, *names;
    size_t ndecl, ninit, nnames;
    FILE *d, *i, *n;
} kw_members;

static void kw_members_open(kw_members *m)
{
    memset(m, 0, sizeof *m);
    m->d = open_memstream(&m->decl, &m->ndecl);
    m->i = open_memstream(&m->init, &m->ninit);
    m->n = open_memstream(&m->names, &m->nnames);
    if (!m->d || !m->i || !m->n) { fputs("parlgen: out of memory\n", stderr); exit(70); }
}

/* TEXT is one table as emit_int_array() writes it ("T NAME[N] = {...};"):
 * its declaration becomes a member, its braces the member's initializer. */
static void kw_member_text(kw_members *m, const char *text)
{
    const char *eq = strstr(text, " = {"), *end = strrchr(text, '}');
    const char *name = eq;
    while (name > text && name[-1] != ' ') name--;
    const char *bracket = strchr(name, '[');
    fprintf(m->d, "    %.*s;\n", (int)(eq - text), text);
    fprintf(m->i, "%s    %.*s", m->ninit ? ",\n" : "", (int)(end + 1 - (eq + 3)), eq + 3);
    fprintf(m->n, "#define %.*s (kw_t.%.*s)\n", (int)(bracket - name), name, (int)(bracket - name), name);
    fflush(m->d); fflush(m->i); fflush(m->n);
}

static int kw_member_ints(kw_members *m, const char *decl, const int *v, int n, int err)
{
    char *text = NULL;
    size_t len = 0;
    FILE *t = open_memstream(&text, &len);
    if (!t) { fputs("parlgen: out of memory\n", stderr); exit(70); }
    err = emit_int_array(t, decl, v, n, err);
    fclose(t);
    kw_member_text(m, text);
    free(text);
    return err;
}

static void kw_member_u64s(kw_members *m, const char *decl, const uint64_t *v, int n)
{
    char *text = NULL;
    size_t len = 0;
    FILE *t = open_memstream(&text, &len);
    if (!t) { fputs("parlgen: out of memory\n", stderr); exit(70); }
    emit_u64_array(t, decl, v, n);
    fclose(t);
    kw_member_text(m, text);
    free(text);
}

/* The struct, then the macros that name its members. */
static void kw_members_emit(kw_members *m, FILE *f)
{
    fclose(m->d); fclose(m->i); fclose(m->n);
    fprintf(f, "/* The tables the word loop reads, members of one struct: one base\n"
               " * address serves them all. kw_class: bytes by their part in the quick\n"
               " * way (kw_words): 1, a word of letters may begin there; 2, one\n"
               " * may end before it; 4, digits may begin there that the word loop\n"
               " * reads. kw_single: ASCII marks that are a token of one byte on their\n"
               " * own, whatever follows: its kind << 16 | its id; 0 for the others\n"
               " * and for every byte past ASCII. */\n"
               "static const struct kw_tables {\n%s} kw_t = {\n%s\n};\n%s\n", m->decl, m->init, m->names);
    free(m->decl); free(m->init); free(m->names);
}

static int emit_keywords(infer *I, FILE *f, const int *order, const int *cls, const unsigned *single)
{
    kw_key *keys = xcalloc((size_t)I->nw * 8 + 1, sizeof *keys);
    int nk = 1, bits = 4;   /* keys[0]: no key */
    for (int id = 1; id <= I->nw; id++) {
        const word *w = &I->w[order[id]];
        if (!w->nparts && hashable(w->text)) nk = kw_add(keys, nk, w->text, id);
    }
    while ((1 << bits) < 2 * nk) bits++;
    int nb = 1 << bits, *bucket = xcalloc((size_t)nb, sizeof(int));
    int *next = xcalloc((size_t)nk, sizeof(int)), *off = xcalloc((size_t)nk, sizeof(int));
    int *len = xcalloc((size_t)nk, sizeof(int)), *ids = xcalloc((size_t)nk, sizeof(int));
    for (int i = nk - 1; i >= 1; i--) {   /* chains in id order */
        unsigned h = (unsigned)(((keys[i].sig ^ keys[i].len) * 0x9E3779B97F4A7C15u) >> (64 - bits));
        next[i] = bucket[h];
        bucket[h] = i;
    }
    fputs("/* The vocabulary's words, found by a hash of the general word rule's\n"
          " * match (SQLite's keywordCode() works so): bucket by the first 8 bytes\n"
          " * in lower case and the length; keys in kw_pool. */\n", f);
    fputs("static const char kw_pool[] =", f);
    int pos = 0;
    for (int i = 1; i < nk; i++) {
        off[i] = pos;
        len[i] = (int)keys[i].len;
        ids[i] = keys[i].id;
        pos += (int)keys[i].len;
        fputs(i % 4 == 1 ? "\n    \"" : "\"", f);
        for (size_t j = 0; j < keys[i].len; j++) {
            unsigned char c = (unsigned char)keys[i].text[j];
            if (c >= 0x80) fprintf(f, "\\x%02x\" \"", c);
            else fputc(c, f);
        }
        fputs(i % 4 == 0 || i == nk - 1 ? "\"" : "\" ", f);
    }
    fputs(";\n", f);
    int err = 0;
    for (int i = 1; i < nk && !err; i++) {   /* the key that goes over, at its word */
        const ynode *at = I->w[order[ids[i]]].at;
        err = !gen_fits(at, off[i], 65535, "the vocabulary's text (bytes, 16-bit offsets kw_off)") ||
              !gen_fits(at, i, 65535, "the vocabulary's spellings (16-bit indices kw_next)");
    }
    err += emit_int_array(f, "static const uint16_t kw_off", off, nk, err);
    err += emit_int_array(f, "static const uint16_t kw_len", len, nk, err);
    kw_members m;
    kw_members_open(&m);
    /* kw_id: each key's token tag, PARL__TK_WORD << 16 | its id (kw_tag()
     * stores it as one); [0], no key: the tag of an unknown word. */
    int *tags = xcalloc((size_t)nk, sizeof(int));
    for (int i = 0; i < nk; i++) tags[i] = 1 << 16 | ids[i];   /* PARL__TK_WORD */
    err += kw_member_ints(&m, "uint32_t kw_id", tags, nk, err);
    free(tags);
    err += emit_int_array(f, "static const uint16_t kw_next", next, nk, err);
    err += emit_int_array(f, "static const uint16_t kw_bucket", bucket, nb, err);
    int *slot, sbits;
    uint64_t mult = kw_perfect(keys, NULL, nk, 0, 8, &slot, &sbits);
    if (mult) err += kw_member_ints(&m, "uint16_t kw_short", slot, 1 << sbits, err);
    free(slot);
    /* kw_find() for a word of 1 to 7 bytes, X (N of them): no key holds a
     * NUL, so its first 8 bytes tell it. */
    char short_find[512];
    if (mult)
        snprintf(short_find, sizeof short_find,
                 "/* The tag (kw_id) of a word of 1 to 7 bytes, X (in its top bytes,\n"
                 " * the others clear): no key holds a NUL, so X tells it, and kw_short\n"
                 " * has no collisions (kw_sig[0] is 0, no word). */\n"
                 "static inline uint32_t kw_find_short(uint64_t x, size_t n)\n{\n"
                 "    unsigned i = kw_short[(x * 0x%016" PRIx64 "u) >> %d];\n"
                 "    (void)n;\n"
                 "    return kw_id[kw_sig[i] == x ? i : 0];\n}\n\n", mult, 64 - sbits);
    else
        snprintf(short_find, sizeof short_find,
                 "/* The tag (kw_id) of a word of 1 to 7 bytes, X (in its top bytes,\n"
                 " * the others clear): no key holds a NUL, so X tells it (N, its\n"
                 " * length, is hashed too). */\n"
                 "static inline uint32_t kw_find_short(uint64_t x, size_t n)\n{\n"
                 "    unsigned i = kw_bucket[((x ^ n) * 0x9E3779B97F4A7C15u) >> %d];\n"
                 "    while (i && kw_sig[i] != x) i = kw_next[i];\n"
                 "    return kw_id[i];\n}\n\n", 64 - bits);
    uint64_t *sig = xcalloc((size_t)nk, sizeof *sig);
    for (int i = 0; i < nk; i++) sig[i] = keys[i].sig;
    kw_member_u64s(&m, "uint64_t kw_sig", sig, nk);
    /* Bytes 8 to 15 of each key, for kw_find_mid(). */
    for (int i = 0; i < nk; i++) sig[i] = keys[i].len > 8 ? kw_sig(keys[i].text + 8, keys[i].len - 8) : 0;
    kw_member_u64s(&m, "uint64_t kw_sig2", sig, nk);
    int *mslot, mbits;
    uint64_t mmult = kw_perfect(keys, sig, nk, 8, 16, &mslot, &mbits);
    if (mmult) err += kw_member_ints(&m, "uint16_t kw_mid", mslot, 1 << mbits, err);
    err += kw_member_ints(&m, "unsigned char kw_class", cls, 256, err);
    int single_ints[256] = { 0 };   /* none past ASCII */
    for (int c = 0; c < 128; c++) single_ints[c] = (int)single[c];
    err += kw_member_ints(&m, "uint32_t kw_single", single_ints, 256, err);
    kw_members_emit(&m, f);
    free(mslot);
    free(sig);
    char mid_find[768];
    if (mmult)
        snprintf(mid_find, sizeof mid_find,
                 "/* The tag (kw_id) of a word of 8 to 15 ASCII letters: X and Y its\n"
                 " * bytes 0 to 7 and 8 to 15 in lower case (bytes past N clear). No key\n"
                 " * holds a NUL, so X and Y tell it, and kw_mid has no collisions: one\n"
                 " * probe, the rest of a key compared as one number (kw_sig2). */\n"
                 "static inline uint32_t kw_find_mid(uint64_t x, uint64_t y, size_t n)\n{\n"
                 "    unsigned i = kw_mid[((x ^ y) * 0x%016" PRIx64 "u) >> %d];\n"
                 "    (void)n;\n"
                 "    return kw_id[kw_sig[i] == x && kw_sig2[i] == y ? i : 0];\n}\n\n", mmult, 64 - mbits);
    else
        snprintf(mid_find, sizeof mid_find,
                 "/* The tag (kw_id) of a word of 8 to 15 ASCII letters: X and Y its\n"
                 " * bytes 0 to 7 and 8 to 15 in lower case (bytes past N clear). The\n"
                 " * rest of a key is compared as one number (kw_sig2), not byte by\n"
                 " * byte. */\n"
                 "static inline uint32_t kw_find_mid(uint64_t x, uint64_t y, size_t n)\n{\n"
                 "    unsigned h = (unsigned)(((x ^ n) * 0x9E3779B97F4A7C15u) >> %d);\n"
                 "    for (unsigned i = kw_bucket[h]; i; i = kw_next[i])\n"
                 "        if (kw_sig[i] == x && kw_len[i] == n && kw_sig2[i] == y) return kw_id[i];\n"
                 "    return kw_id[0];\n}\n\n", 64 - bits);
    fprintf(f, "\n"
          "static unsigned kw_fold(unsigned c) { return c - 'A' < 26 ? c | 0x20 : c; }\n"
          "\n"
          "/* The id of the word Z[0..N) whose first 8 bytes in lower case are X\n"
          " * (a word of fewer than 8 in the top bytes of X), 0 if none. */\n"
          "static unsigned kw_find(uint64_t x, const unsigned char *z, size_t n)\n"
          "{\n"
          "    unsigned h = (unsigned)(((x ^ n) * 0x9E3779B97F4A7C15u) >> %d);\n"
          "    for (unsigned i = kw_bucket[h]; i; i = kw_next[i]) {\n"
          "        if (kw_sig[i] != x || kw_len[i] != n) continue;\n"
          "        size_t j = 8;\n"
          "        while (j < n && kw_fold(z[j]) == (unsigned char)kw_pool[kw_off[i] + j]) j++;\n"
          "        if (j >= n) return (uint16_t)kw_id[i];\n"
          "    }\n"
          "    return 0;\n"
          "}\n"
          "\n"
          "%s%s/* Words are read 8 bytes at a time where the machine is little-endian:\n"
          " * byte j of a word is bits 8j..8j+7. */\n"
          "static int kw_wide(void)\n"
          "{\n"
          "    static const union { uint16_t u; unsigned char b[2]; } order = { 1 };\n"
          "    return order.b[0];\n"
          "}\n"
          "\n"
          "/* The bytes of P[0..LEN) (LEN < 8) in the low bytes of a number, the\n"
          " * others clear: two loads of 4 that overlap, or three of 1. */\n"
          "static uint64_t kw_load_short(const unsigned char *p, size_t len)\n"
          "{\n"
          "    uint32_t a, b;\n"
          "    if (len >= 4) {\n"
          "        memcpy(&a, p, 4);\n"
          "        memcpy(&b, p + len - 4, 4);\n"
          "        return a | (uint64_t)b << (8 * (len - 4));\n"
          "    }\n"
          "    if (!len) return 0;\n"
          "    return p[0] | (uint64_t)p[len / 2] << (8 * (len / 2)) | (uint64_t)p[len - 1] << (8 * (len - 1));\n"
          "}\n"
          "\n"
          "/* The 8 bytes of P[0..LEN) that end at LEN, as a load at LEN - 8 reads\n"
          " * them (those before P clear when LEN < 8). Near the end of a request,\n"
          " * its bytes from A on are kw_tail(P, LEN) >> 8 * (A + 8 - LEN), those\n"
          " * past LEN clear: no byte past LEN is read. */\n"
          "static inline uint64_t kw_tail(const unsigned char *p, size_t len)\n"
          "{\n"
          "    uint64_t x;\n"
          "    if (len < 8) return len ? kw_load_short(p, len) << (8 * (8 - len)) : 0;\n"
          "    memcpy(&x, p + len - 8, 8);\n"
          "    return x;\n"
          "}\n"
          "\n"
          "/* The 8 bytes of P from A on (A < LEN); those past LEN read as 0. */\n"
          "static uint64_t kw_load(const unsigned char *p, size_t a, size_t len)\n"
          "{\n"
          "    uint64_t x;\n"
          "    if (a + 8 > len) return kw_tail(p, len) >> (8 * (a + 8 - len));\n"
          "    memcpy(&x, p + a, 8);\n"
          "    return x;\n"
          "}\n"
          "\n"
          "/* The bytes of X that are ASCII letters, as their top bits: for those,\n"
          " * x | kw_alpha(x) >> 2 is the lower case. */\n"
          "static uint64_t kw_alpha(uint64_t x)\n"
          "{\n"
          "    const uint64_t hi = 0x8080808080808080u, one = 0x0101010101010101u;\n"
          "    uint64_t f = (x & ~hi) | 0x20 * one;   /* no carry leaves a byte below */\n"
          "    return (f + 0x1f * one) & ~(f + 0x05 * one) & ~x & hi;   /* 0x61 <= f <= 0x7a */\n"
          "}\n"
          "\n"
          "/* The id of the word P[A..A+N) (N >= 1) of a request of LEN bytes, 0 if\n"
          " * none. */\n"
          "static unsigned kw_lookup(const unsigned char *p, size_t a, size_t n, size_t len)\n"
          "{\n"
          "    uint64_t x = 0;\n"
          "    if (kw_wide()) {\n"
          "        x = kw_load(p, a, len);\n"
          "        x |= kw_alpha(x) >> 2;   /* lower case */\n"
          "    } else\n"
          "        for (size_t j = 0; j < n && j < 8; j++) x |= (uint64_t)kw_fold(p[a + j]) << (8 * j);\n"
          "    return kw_find(n < 8 ? x << (8 * (8 - n)) : x, p + a, n);\n"
          "}\n"
          "\n", 64 - bits, mid_find, short_find);
    free(keys); free(bucket); free(next); free(off); free(len); free(ids);
    return err;
}

/* The automaton cuts the request into tokens; a match of the general word
 * rule is named by the hash above, the vocabulary's other tokens by rules
 * of their own ahead of it (at equal length, the vocabulary wins). A rule
 * per word made a switch so big that clang took minutes over it. Actions
 * only set the id and jump to one shared exit. */
static int emit_lexer(infer *I, FILE *f, const ynode *suffixes)
{
    fputs("/* The inference lexer: one token per word, number, quote or punctuation\n"
          " * mark. Words and punctuation marks of the vocabulary come out with their\n"
          " * ids, others with id 0. Works on a span: no NUL terminator is needed,\n"
          " * NUL bytes inside are punctuation. */\n"
          "#include <stddef.h>\n#include <string.h>\n#include \"infer_internal.h\"\n\n"
          "/* The kinds the tables below hold (kw_id, kw_single: kind << 16). */\n"
          "_Static_assert(PARL__TK_WORD == 1 && PARL__TK_QUOTE == 4 && PARL__TK_PUNCT == 5, \"token kinds\");\n\n", f);
    int *order = xcalloc((size_t)I->nw + 1, sizeof(int));
    for (int i = 0; i < I->nw; i++) order[I->w[i].id] = i;
    /* Bytes by their part in the quick way (kw_class): 1, a word of
     * letters may begin there (not where a word of the vocabulary with a
     * rule of its own may: there the automaton's longest match decides);
     * 2, a word of letters may end before it (no letter, digit, _,
     * apostrophe or byte past ASCII, which the general rule reads on). */
    int cls[256] = { 0 };
    for (int c = 0; c < 0x80; c++) {
        cls[c] = isalpha(c) ? 1 : isdigit(c) || c == '_' || c == '\'' ? 0 : 2;
    }
    /* 4, digits may begin there that kw_digits() reads: not when an
     * ordinal suffix begins with no letter (the byte after the digits
     * would not tell it), nor where a word with a rule of its own does. */
    int suffixes_lettered = 1;
    for (size_t i = 0; suffixes && i < suffixes->n; i++)
        suffixes_lettered &= isalpha((unsigned char)suffixes->items[i]->text[0]) != 0;
    for (int c = '0'; c <= '9' && suffixes_lettered; c++) cls[c] |= 4;
    for (int id = 1; id <= I->nw; id++) {
        const unsigned char c = (unsigned char)I->w[order[id]].text[0];
        if (I->w[order[id]].nparts || hashable(I->w[order[id]].text)) continue;
        cls[c] &= ~5;
        cls[toupper(c)] &= ~5;
    }
    /* ASCII marks that always make a token of one byte on their own: a
     * word of the vocabulary (its id), a quote or punctuation, as the
     * automaton reads them (no longer rule begins there: not ".", which
     * "..." goes on, nor a mark that begins a longer word of the
     * vocabulary). kw_words() reads them without the automaton: the kind
     * in the top bits, the id in the low 16. */
    unsigned single[128] = { 0 };
    for (int c = 1; c < 0x80; c++) {
        if (isalnum(c) || c == '_' || c == '.' || strchr(" \t\r\n\f\v", c)) continue;
        unsigned v = strchr("\"`'", c) ? 4u << 16 : 5u << 16;   /* PARL__TK_QUOTE, _PUNCT */
        for (int id = 1; id <= I->nw && v; id++) {
            const word *w = &I->w[order[id]];
            if (w->nparts || hashable(w->text) || (unsigned char)w->text[0] != c) continue;
            if (w->text[1]) v = 0;   /* a longer word begins with it */
            else v = 1u << 16 | (unsigned)id;   /* PARL__TK_WORD */
        }
        single[c] = v;
    }
    int err = emit_keywords(I, f, order, cls, single);
    fputs("/* A value of digits so far, X, and the digit D after them: past\n"
          " * PARL__BIG it stays there (digits_end() caps it). */\n"
          "static inline int64_t digits_next(int64_t x, unsigned d)\n"
          "{\n"
          "    return x > PARL__BIG / 10 ? PARL__BIG : x * 10 + d;\n"
          "}\n"
          "static inline int64_t digits_end(int64_t x) { return x > PARL__BIG ? PARL__BIG : x; }\n"
          "\n"
          "/* The value of digits, thousands separators skipped, up to a suffix. */\n"
          "static inline void digits_value(const unsigned char *p, size_t a, size_t b, int64_t *v)\n"
          "{\n"
          "    int64_t x = 0;\n"
          "    for (; a < b; a++) {\n"
          "        unsigned d = p[a] - '0';\n"
          "        if (d < 10) x = digits_next(x, d);\n"
          "        else if (p[a] != ',') break;\n"
          "    }\n"
          "    *v = digits_end(x);\n"
          "}\n"
          "\n"
          "/* Digits from S on (S < N) that are a number token by themselves: the\n"
          " * byte after them goes on with no word or ordinal suffix (kw_class 2)\n"
          " * and is no comma or point with a digit after it (thousands, decimals),\n"
          " * so the automaton's longest match would be the digits rule's. The\n"
          " * token in *O; the position after the digits, or 0 when the automaton\n"
          " * must read them. */\n"
          "static size_t kw_digits(const unsigned char *p, size_t n, size_t s, parl__tok *o)\n"
          "{\n"
          "    size_t e = s + 1;\n"
          "    int64_t x = p[s] - '0';   /* the value as the digits are read */\n"
          "    for (unsigned d; e < n && (d = (unsigned)(p[e] - '0')) < 10; e++)\n"
          "        x = digits_next(x, d);\n"
          "    unsigned after = e < n ? p[e] : 0;\n"
          "    if (!(kw_class[after] & 2)) return 0;\n"
          "    if ((after == ',' || after == '.') && e + 1 < n && (unsigned)(p[e + 1] - '0') < 10) return 0;\n"
          "    o->value = digits_end(x);\n"
          "    o->kind = PARL__TK_DIGITS;\n"
          "    o->word = 0;\n"
          "    o->start = s;\n"
          "    o->end = e;\n"
          "    return e;\n"
          "}\n"
          "\n"
          "/* Stores a token's word and kind as one: TAG, kind << 16 | word, as a\n"
          " * little-endian machine lays them out (only the word loop, kw_words(),\n"
          " * stores so; the padding byte after the kind takes 0). */\n"
          "_Static_assert(offsetof(parl__tok, kind) == offsetof(parl__tok, word) + 2 &&\n"
          "                   sizeof(parl__tok) >= offsetof(parl__tok, word) + 4,\n"
          "               \"parl__tok: the kind right after the word\");\n"
          "static inline void kw_tag(parl__tok *o, uint32_t tag)\n"
          "{\n"
          "    memcpy((unsigned char *)o + offsetof(parl__tok, word), &tag, 4);\n"
          "}\n"
          "\n"
          "static unsigned kw_letter(unsigned c) { return (c | 0x20) - 'a' < 26; }\n"
          "\n"
          "/* The tokens the word loop reads the slow way, from S on (S < N), as\n"
          " * the automaton reads them: digits (kw_digits()), or a word of ASCII\n"
          " * letters with an apostrophe (' or U+2019) inside (what's) or after it,\n"
          " * which is then a closing quote ('data'). The token in *O; the\n"
          " * position after it, or 0 when the automaton must read what is there.\n"
          " * Not inline: kw_words() keeps its registers. */\n"
          "#if defined(__GNUC__)\n"
          "__attribute__((noinline, cold))\n"
          "#endif\n"
          "static size_t kw_slow(const unsigned char *p, size_t n, size_t s, parl__tok *o)\n"
          "{\n"
          "    size_t e = s, a;\n"
          "    if ((unsigned)(p[s] - '0') < 10) return kw_digits(p, n, s, o);\n"
          "    while (e < n && kw_letter(p[e])) e++;\n"
          "    if (e == s || e >= n) return 0;\n"
          "    if (p[e] == '\\'') a = e + 1;   /* an apostrophe, either way */\n"
          "    else if (p[e] == 0xe2 && e + 2 < n && p[e + 1] == 0x80 && p[e + 2] == 0x99) a = e + 3;\n"
          "    else return 0;\n"
          "    size_t b = a;\n"
          "    while (b < n && kw_letter(p[b])) b++;\n"
          "    if (b < n && !(kw_class[p[b]] & 2) && (b > a || p[b] != '\\'')) return 0;\n"
          "    if (b > a) e = b;   /* letters after it: one word (what's) */\n"
          "    /* else a closing quote ('data'): the word ends before it */\n"
          "    o->start = s;\n"
          "    o->end = e;\n"
          "    kw_tag(o, (uint32_t)PARL__TK_WORD << 16 | kw_lookup(p, s, e - s, n));\n"
          "    return e;\n"
          "}\n"
          "\n"
          "/* Letters are most bytes a word loop sees: the branch for others is\n"
          " * laid out of its way. */\n"
          "#if defined(__GNUC__)\n"
          "#define KW_UNLIKELY(x) __builtin_expect((x) != 0, 0)\n"
          "#define KW_LIKELY(x) __builtin_expect((x) != 0, 1)\n"
          "#else\n"
          "#define KW_UNLIKELY(x) (x)\n"
          "#define KW_LIKELY(x) (x)\n"
          "#endif\n"
          "\n", f);
    int letters_begin = 1;   /* kw_class 1 at every ASCII letter */
    for (int c = 'A'; c <= 'z'; c++) if (isalpha(c)) letters_begin &= cls[c] & 1;
    fprintf(f, "/* 1 when an ASCII letter may begin a word of the vocabulary with a\n"
               " * rule of its own (kw_class 1 clear there): the word loop tests the\n"
               " * first byte; 0 when its letter test tells. */\n"
               "#define KW_FIRST_CHECK %d\n\n", !letters_begin);
    /* The ordinal suffixes, when each is two ASCII letters: as the word
     * loop reads two bytes in lower case, the first in the low byte. */
    int ords_ok = suffixes && suffixes->n > 0;
    for (size_t i = 0; suffixes && i < suffixes->n; i++) {
        const unsigned char *sx = (const unsigned char *)suffixes->items[i]->text;
        ords_ok &= strlen((const char *)sx) == 2 && sx[0] < 0x80 && sx[1] < 0x80 && isalpha(sx[0]) && isalpha(sx[1]);
    }
    fputs("/* Is V (two bytes in lower case, the first in the low byte) an ordinal\n"
          " * suffix? 0 when one is not two ASCII letters: the automaton reads\n"
          " * them all. */\n#define KW_ORD(v) (", f);
    for (size_t i = 0; ords_ok && i < suffixes->n; i++) {
        const unsigned char *sx = (const unsigned char *)suffixes->items[i]->text;
        fprintf(f, "%s(v) == 0x%04x", i ? " || " : "", (unsigned)(tolower(sx[0]) | tolower(sx[1]) << 8));
    }
    fputs(ords_ok ? ")\n\n" : "0)\n\n", f);
    fputs("/* Words of 1 to 15 ASCII letters, read 8 bytes at a time, digits alone\n"
          " * or with an ordinal suffix, marks of one byte (kw_single, also right\n"
          " * after a word or digits) and the blanks before them, while they come:\n"
          " * at most ROOM tokens from O on, the position after them in *AT. The\n"
          " * automaton reads what stops them. */\n"
          "#if defined(__GNUC__)\n"
          "__attribute__((always_inline))\n"
          "#endif\n"
          "static inline parl__tok *kw_words(const unsigned char *p, size_t n, size_t *at, parl__tok *o, size_t room)\n"
          "{\n"
          "    /* The letter test's constants, held in registers: compilers would\n"
          "     * make them again for every word. */\n"
          "    uint64_t hi = 0x8080808080808080u, low = 0x2020202020202020u;\n"
          "    uint64_t ka = 0x9e9e9e9e9e9e9e9fu, kb = 0x6666666666666666u;\n"
          "#if defined(__GNUC__)\n"
          "    __asm__(\"\" : \"+r\"(hi), \"+r\"(low), \"+r\"(ka), \"+r\"(kb));\n"
          "#endif\n"
          "    size_t cur = *at;\n"
          "    /* Each token takes a byte at least: below LIM, O stays within ROOM.\n"
          "     * Below LIM8, the 8 bytes from CUR on are in the request; from there\n"
          "     * on they are read from its last 8, TAIL (kw_tail()). */\n"
          "    const size_t lim = cur + room < n ? cur + room : n;   /* (none when CUR is past N) */\n"
          "    const size_t lim8 = n < 8 ? 0 : n - 7 < lim ? n - 7 : lim;\n"
          "    const uint64_t tail = kw_tail(p, n);\n"
          "    for (;;) {\n"
          "        const size_t s = cur;\n"
          "        uint64_t x;\n"
          "        if (KW_LIKELY(s < lim8)) memcpy(&x, p + s, 8);   /* the usual case: no shift */\n"
          "        else if (s < lim) x = tail >> (8 * (s + 8 - n));\n"
          "        else break;\n"
          "        /* F: X in lower case where letters are. V: F - 0x61 in each byte\n"
          "         * (as one subtraction: no byte below the first that is no letter\n"
          "         * borrows), below 0x1a where letters are; V + 0x66 has its top\n"
          "         * bit where V is 0x1a to 0x7f, V where it is more. STOP: the top\n"
          "         * bit of the first byte that is no letter (and maybe of later\n"
          "         * ones). */\n"
          "        uint64_t f = x | low, v = f + ka;\n"
          "        uint64_t stop = (v | (v + kb)) & hi;\n"
          "        unsigned sh, after;\n"
          "        uint32_t id;   /* the word's tag */\n"
          "        size_t e;\n"
          "        if (KW_UNLIKELY(stop & 0x80)) {   /* no word: blanks, digits, a mark, or the automaton */\n"
          "            unsigned c = (unsigned)x & 0xff;\n"
          "            if (c == ' ') {\n"
          "                do {\n"
          "                    if (++cur == n) goto out;\n"
          "                } while (p[cur] == ' ');\n"
          "                continue;\n"
          "            }\n"
          "            if (kw_class[c] & 4) {   /* digits: D, their values in the bytes before ND's first */\n"
          "                uint64_t d = x + 0xcfcfcfcfcfcfcfd0u, nd = (d | (d + 0x7676767676767676u)) & hi;\n"
          "                if (KW_UNLIKELY(!nd))   /* 8 digits or more */\n"
          "                    goto slow;\n"
          "                {\n"
          "                    unsigned dsh = (unsigned)parl__ctz64(nd) & 56;\n"
          "                    int64_t val = (int64_t)(d & 0xff);\n"
          "                    for (unsigned j = 8; j < dsh; j += 8) val = val * 10 + (int64_t)(d >> j & 0xff);\n"
          "                    after = x >> dsh & 0xff;\n"
          "                    e = s + dsh / 8;\n"
          "                    uint32_t tag = (uint32_t)PARL__TK_DIGITS << 16;\n"
          "                    if (KW_UNLIKELY(!(kw_class[after] & 2))) {   /* an ordinal suffix, or the automaton */\n"
          "                        if (dsh > 40 || !KW_ORD((unsigned)(x >> dsh | 0x2020) & 0xffff) ||\n"
          "                            !(kw_class[after = x >> (dsh + 16) & 0xff] & 2))\n"
          "                            break;\n"
          "                        tag = (uint32_t)PARL__TK_DIGITORD << 16;\n"
          "                        e += 2;\n"
          "                    } else if ((after == ',' || after == '.') && e + 1 < n && (unsigned)(p[e + 1] - '0') < 10)\n"
          "                        break;   /* thousands or decimals */\n"
          "                    o->value = val;\n"
          "                    kw_tag(o, tag);\n"
          "                    o->start = s;\n"
          "                    o->end = e;\n"
          "                }\n"
          "                o++;\n"
          "                goto ended;\n"
          "            }\n"
          "            if (!kw_single[c]) break;\n"
          "            kw_tag(o, kw_single[c]);\n"
          "            o->start = s;\n"
          "            o->end = s + 1;\n"
          "            o++;\n"
          "            cur = s + 1 + ((x >> 8 & 0xff) == ' ');\n"
          "            continue;\n"
          "        }\n"
          "        if (KW_FIRST_CHECK && !(kw_class[x & 0xff] & 1)) break;\n"
          "        /* SH: 8 times the letters. Letters are keyed in lower case, which\n"
          "         * for them alone is | 0x20 (LOW); a word of fewer than 8 in the\n"
          "         * top bytes, where a shift leaves them with no mask. */\n"
          "        if (KW_LIKELY(stop)) {\n"
          "            sh = (unsigned)parl__ctz64(stop) & 56;\n"
          "            after = x >> sh & 0xff;\n"
          "            id = kw_find_short(f << ((0u - sh) & 63), sh / 8);\n"
          "        } else {   /* 8 letters or more */\n"
          "            uint64_t y = s + 16 <= n ? (memcpy(&y, p + s + 8, 8), y) : s + 8 < n ? tail >> (8 * (s + 16 - n)) : 0;\n"
          "            uint64_t g = y | low, w = g + ka;\n"
          "            uint64_t more = (w | (w + kb)) & hi;\n"
          "            if (!more) break;   /* 16 or more: the automaton, and kw_find() */\n"
          "            sh = (unsigned)parl__ctz64(more) & 56;\n"
          "            after = y >> sh & 0xff;\n"
          "            id = kw_find_mid(f, g & (((uint64_t)1 << sh) - 1), 8 + sh / 8);\n"
          "            sh += 64;\n"
          "        }\n"
          "        e = s + sh / 8;\n"
          "        if (KW_LIKELY(after == ' ')) {   /* the usual blank, already seen */\n"
          "            cur = e + 1;\n"
          "            o->start = s;\n"
          "            o->end = e;\n"
          "            kw_tag(o, id);\n"
          "            o++;\n"
          "            continue;\n"
          "        }\n"
          "        if (!(kw_class[after] & 2)) goto slow;\n"
          "        o->start = s;\n"
          "        o->end = e;\n"
          "        kw_tag(o, id);\n"
          "        o++;\n"
          "        goto ended;\n"
          "    slow:   /* a token of kw_slow()'s, or the automaton */\n"
          "        if (!(e = kw_slow(p, n, s, o))) break;\n"
          "        after = e < n ? p[e] : 0;\n"
          "        o++;\n"
          "    ended:   /* a token ends at E before AFTER, which ends words */\n"
          "        if (after == ' ') {\n"
          "            cur = e + 1;\n"
          "            continue;\n"
          "        }\n"
          "        cur = e;\n"
          "        if (kw_single[after] && e < lim8) {   /* a mark of one byte after it, and the byte after that */\n"
          "            kw_tag(o, kw_single[after]);\n"
          "            o->start = e;\n"
          "            o->end = e + 1;\n"
          "            o++;\n"
          "            cur = e + 1 + (p[e + 1] == ' ');\n"
          "        }\n"
          "    }\n"
          "out:\n"
          "    *at = cur;\n"
          "    return o;\n"
          "}\n"
          "\n", f);
    fputs("/* Tokens run on in one call: the reader takes them by the dozen. The\n"
          " * automaton's way, from CUR on, tokens from O on. */\n"
          "#if defined(__GNUC__)\n"
          "__attribute__((noinline))\n"
          "#endif\n"
          "static int lex_dfa(const unsigned char *p, size_t n, size_t cur, parl__tok *t, parl__tok *o, parl__tok *const last,\n"
          "                   size_t *next)\n"
          "{\n"
          "    size_t mar = 0, start;\n"
          "    unsigned id, kind;\n"
          "    const int wide = kw_wide();\n"
          "/* Reading past N gives 0, which is the end unless a NUL is there. */\n"
          "#define YYPEEK() (cur < n ? p[cur] : 0)\n"
          "#define YYSKIP() (++cur)\n"
          "#define YYBACKUP() (mar = cur)\n"
          "#define YYRESTORE() (cur = mar)\n"
          "    goto read;\n"
          "again:\n"
          "    if (wide) o = kw_words(p, n, &cur, o, (size_t)(last - o));\n"
          "read:\n"
          "    while (cur < n && p[cur] == ' ') cur++;   /* the usual blank, quickly */\n"
          "    start = cur;\n"
          "    id = 0;\n"
          "    if (cur >= n) {   /* the end, without the automaton */\n"
          "        kind = PARL__TK_END;\n"
          "        goto token;\n"
          "    }\n"
          "    /*!re2c\n"
          "    re2c:api = custom;\n    re2c:yyfill:enable = 0;\n"
          "    re2c:flags:bit-vectors = 1;\n"
          "    re2c:define:YYCTYPE = \"unsigned char\";\n\n"
          "    blank = [ \\t\\r\\n\\f\\v] | \"\\xc2\\xa0\";\n"
          "    apos = \"'\" | \"\\xe2\\x80\\x99\";\n"
          "    letter = [a-zA-Z0-9_]\n"
          "           | [\\xc3-\\xdf][\\x80-\\xbf]\n"
          "           | \"\\xe0\" [\\xa0-\\xbf][\\x80-\\xbf]\n"
          "           | [\\xe1\\xe3-\\xec\\xee\\xef][\\x80-\\xbf][\\x80-\\xbf]\n"
          "           | \"\\xe2\" [\\x82-\\xbf][\\x80-\\xbf]\n"
          "           | \"\\xed\" [\\x80-\\x9f][\\x80-\\xbf]\n"
          "           | \"\\xf0\" [\\x90-\\xbf][\\x80-\\xbf][\\x80-\\xbf]\n"
          "           | [\\xf1-\\xf3][\\x80-\\xbf][\\x80-\\xbf][\\x80-\\xbf]\n"
          "           | \"\\xf4\" [\\x80-\\x8f][\\x80-\\xbf][\\x80-\\xbf];\n"
          "    quote = [\"`'] | \"\\xe2\\x80\" [\\x98\\x99\\x9c\\x9d\\x9e] | \"\\xc2\" [\\xab\\xbb];\n"
          "    punct = \".\" \".\"+ | \"\\xe2\" [\\x80\\x81] [\\x80-\\xbf] | \"\\xc2\" [\\x80-\\xbf] | [^];\n\n"
          "    // Digits: a comma with exactly three digits after it separates\n"
          "    // thousands (1,200; 12,000); glued to more digits, or with a decimal\n"
          "    // point, they are no whole number (1,2000; 3.5; 1.2.3).\n"
          "    grouped = [0-9]{1,3} (\",\" [0-9]{3})+;\n"
          "    digits = [0-9]+ | grouped;\n"
          "    blank+ { goto again; }\n"
          "    digits (", f);
    for (size_t i = 0; suffixes && i < suffixes->n; i++) {
        if (i) fputs(" | ", f);
        emit_re_literal(f, suffixes->items[i]->text);
    }
    fputs(") {\n        digits_value(p, start, cur, &o->value);\n"
          "        kind = PARL__TK_DIGITORD;\n        goto number;\n    }\n"
          "    digits {\n        digits_value(p, start, cur, &o->value);\n"
          "        kind = PARL__TK_DIGITS;\n        goto number;\n    }\n"
          "    // after the digits rules: at equal length, 1,200,300 is a number\n"
          "    grouped ([0-9]+ | \",\" [0-9]+) | [0-9]+ (\".\" [0-9]+)+ {\n"
          "        kind = PARL__TK_BADNUM;\n        goto token;\n    }\n"
          "\n"
          "    // The vocabulary (grammar/*.yaml) that is not word-shaped, by id.\n", f);
    for (int id = 1; id <= I->nw; id++) {
        const word *w = &I->w[order[id]];
        if (w->nparts || hashable(w->text)) continue;
        fputs("    ", f);
        emit_re_word(f, w->text);
        fprintf(f, " { id = %d; goto word; }\n", id);
    }
    free(order);
    fputs("\n    letter+ (apos letter+)* { id = kw_lookup(p, start, cur - start, n); goto word; }\n"
          "    quote { kind = PARL__TK_QUOTE; goto token; }\n"
          "    [\\x00] {\n        if (cur > n) { cur = start = n; kind = PARL__TK_END; goto token; }\n"
          "        kind = PARL__TK_PUNCT;\n        goto token;\n    }\n"
          "    punct { kind = PARL__TK_PUNCT; goto token; }\n    */\n"
          "word:\n    kind = PARL__TK_WORD;\n"
          "token:   /* value is read for numbers only */\n"
          "number:\n    o->kind = (uint8_t)kind;\n    o->word = (uint16_t)id;\n"
          "    o->start = start;\n    o->end = cur;\n"
          "    if (o++ < last && kind != PARL__TK_END) goto again;\n"
          "    *next = cur;\n    return (int)(o - t);\n}\n"
          "\n"
          "int parl__lex_many(const char *text, size_t n, size_t pos, parl__tok *t, int max, size_t *next)\n"
          "{\n"
          "    const unsigned char *p = (const unsigned char *)text;\n"
          "    parl__tok *o = t, *const last = t + max - 1;   /* o: the token being read */\n"
          "    size_t cur = pos;\n"
          "    if (kw_wide()) {   /* most requests: no automaton */\n"
          "        o = kw_words(p, n, &cur, o, (size_t)max - 1);\n"
          "        if (cur >= n) {\n"
          "            kw_tag(o, PARL__TK_END);\n"
          "            o->start = o->end = *next = cur;\n"
          "            return (int)(o + 1 - t);\n"
          "        }\n"
          "    }\n"
          "    return lex_dfa(p, n, cur, t, o, last, next);\n"
          "}\n", f);
    return err;
}

/* The rules of the number-phrase grammar (gen/quantity.y): also read by
 * qty_adjacency() for the pairs of terminals that may meet in a phrase.
 * English cardinals and ordinals up to PARL_NUMBER_MAX, composed: scale
 * words in falling order ("two million three thousand and nineteen"),
 * "N hundred" ("twelve hundred"), ordinals after any scale ("two thousand
 * and fifth"), "a" for one ("a thousand and one"), a bare leading scale
 * ("thousand nine hundred"), quantity words ("two dozen", "three dozens",
 * "half a dozen"). What follows a scale must be smaller than it: the
 * actions check it, so "two thousand three million" is no number at all. */
static const char qty_rules[] =
          "qty ::= num(A).                  { q->kind = PARL__QTY_CARD; q->n = 0; push(q, A); }\n"
          "qty ::= ord(A).                  { q->kind = PARL__QTY_ORD; q->n = 0; push(q, A); }\n"
          "qty ::= num(A) TO num(B).        { q->kind = PARL__QTY_RANGE; q->n = 0; push(q, A); push(q, B); }\n"
          "qty ::= num(A) DASH num(B).      { q->kind = PARL__QTY_RANGE; q->n = 0; push(q, A); push(q, B); }\n"
          "qty ::= ord(A) TO ord(B).        { q->kind = PARL__QTY_RANGE; q->n = 0; push(q, A); push(q, B); }\n"
          "qty ::= ord(A) DASH ord(B).      { q->kind = PARL__QTY_RANGE; q->n = 0; push(q, A); push(q, B); }\n"
          "qty ::= numlist.                 { q->kind = PARL__QTY_LIST; }\n"
          "qty ::= ordlist.                 { q->kind = PARL__QTY_LIST; }\n"
          "sep ::= AND.\nsep ::= COMMA.\nsep ::= COMMA AND.\n"
          "numlist ::= num(A) sep num(B).   { q->n = 0; push(q, A); push(q, B); }\n"
          "numlist ::= numlist sep num(B).  { push(q, B); }\n"
          "ordlist ::= ord(A) sep ord(B).   { q->n = 0; push(q, A); push(q, B); }\n"
          "ordlist ::= ordlist sep ord(B).  { push(q, B); }\n\n"
          "// Cardinals.\n"
          "num(R) ::= DIGITS(A).                      { R = A; }\n"
          "num(R) ::= ZERO.                           { R = 0; }\n"
          "num(R) ::= words(A).                       { R = A; }\n"
          "num(R) ::= dozens(A).                      { R = A; }\n"
          "num(R) ::= dozens(A) OF.                   { R = A; }\n"
          "dozens(R) ::= QTYWORD(A).                  { R = A; }\n"
          "dozens(R) ::= ARTICLE QTYWORD(A).          { R = A; }\n"
          "dozens(R) ::= group(N) QTYWORD(A).         { R = cap(N * A); }\n"
          "dozens(R) ::= group(N) QTYPLURAL(A).       { R = cap(N * A); }\n"
          "dozens(R) ::= DIGITS(N) QTYWORD(A).        { R = cap(N * A); }\n"
          "dozens(R) ::= DIGITS(N) QTYPLURAL(A).      { R = cap(N * A); }\n"
          "dozens(R) ::= HALF ARTICLE QTYWORD(A).     { R = half(q, A); }\n"
          "dozens(R) ::= ARTICLE HALF QTYWORD(A).     { R = half(q, A); }\n"
          "words(R) ::= group(A). [LOW]               { R = A; }\n"
          "words(R) ::= scaled(A).                    { R = A; }\n"
          "words(R) ::= SCALE(S). [LOW]               { R = S; }\n"
          "words(R) ::= SCALE(S) below(B).            { R = scaled(q, 1, S, B); }\n"
          "words(R) ::= SCALE(S) AND below(B).        { R = scaled(q, 1, S, B); }\n"
          "scaled(R) ::= mult(M) SCALE(S). [LOW]      { R = cap(M * S); }\n"
          "scaled(R) ::= mult(M) SCALE(S) below(B).   { R = scaled(q, M, S, B); }\n"
          "scaled(R) ::= mult(M) SCALE(S) AND below(B). { R = scaled(q, M, S, B); }\n"
          "below(R) ::= group(A). [LOW]               { R = A; }\n"
          "below(R) ::= scaled(A).                    { R = A; }\n"
          "mult(R) ::= group(A).                      { R = A; }\n"
          "mult(R) ::= ARTICLE.                       { R = 1; }\n"
          "group(R) ::= below100(A). [LOW]            { R = A; }\n"
          "group(R) ::= hund(A). [LOW]                { R = A; }\n"
          "group(R) ::= hund(A) below100(B).          { R = A + B; }\n"
          "group(R) ::= hund(A) AND below100(B).      { R = A + B; }\n"
          "hund(R) ::= hundreds(A) HUNDRED.           { R = A * 100; }\n"
          "hund(R) ::= HUNDRED.                       { R = 100; }\n"
          "hund(R) ::= ARTICLE HUNDRED.               { R = 100; }\n"
          "// \"two hundred\", \"twelve hundred\", \"twenty-three hundred\".\n"
          "hundreds(R) ::= ONES(A).                   { R = A; }\n"
          "hundreds(R) ::= TEENS(A).                  { R = A; }\n"
          "hundreds(R) ::= TENS(A).                   { R = A; }\n"
          "hundreds(R) ::= TENS(A) ONES(B).           { R = A + B; }\n"
          "hundreds(R) ::= TENS(A) DASH ONES(B).      { R = A + B; }\n"
          "below100(R) ::= ONES(A).                   { R = A; }\n"
          "below100(R) ::= TEENS(A).                  { R = A; }\n"
          "below100(R) ::= TENS(A). [LOW]             { R = A; }\n"
          "below100(R) ::= TENS(A) ONES(B).           { R = A + B; }\n"
          "below100(R) ::= TENS(A) DASH ONES(B).      { R = A + B; }\n\n"
          "// Ordinals: the last word is the ordinal one.\n"
          "ord(R) ::= DIGITORD(A).                    { R = A; }\n"
          "ord(R) ::= ordgroup(A).                    { R = A; }\n"
          "ord(R) ::= ordscaled(A).                   { R = A; }\n"
          "ord(R) ::= ORD_SCALE(S).                   { R = S; }\n"
          "ord(R) ::= SCALE(S) ordbelow(B).           { R = scaled(q, 1, S, B); }\n"
          "ord(R) ::= SCALE(S) AND ordbelow(B).       { R = scaled(q, 1, S, B); }\n"
          "ordscaled(R) ::= group(M) ORD_SCALE(S).    { R = cap(M * S); }\n"
          "ordscaled(R) ::= mult(M) SCALE(S) ordbelow(B).     { R = scaled(q, M, S, B); }\n"
          "ordscaled(R) ::= mult(M) SCALE(S) AND ordbelow(B). { R = scaled(q, M, S, B); }\n"
          "ordbelow(R) ::= ordgroup(A).               { R = A; }\n"
          "ordbelow(R) ::= ordscaled(A).              { R = A; }\n"
          "ordgroup(R) ::= ord100(A).                 { R = A; }\n"
          "ordgroup(R) ::= hund(A) ord100(B).         { R = A + B; }\n"
          "ordgroup(R) ::= hund(A) AND ord100(B).     { R = A + B; }\n"
          "ordgroup(R) ::= hundreds(A) ORD_HUNDRED.   { R = A * 100; }\n"
          "ordgroup(R) ::= ORD_HUNDRED.               { R = 100; }\n"
          "ord100(R) ::= ORD_ONES(A).                 { R = A; }\n"
          "ord100(R) ::= ORD_TEENS(A).                { R = A; }\n"
          "ord100(R) ::= ORD_TENS(A).                 { R = A; }\n"
          "ord100(R) ::= TENS(A) ORD_ONES(B).         { R = A + B; }\n"
          "ord100(R) ::= TENS(A) DASH ORD_ONES(B).    { R = A + B; }\n\n";

/* Which terminals may follow which inside a number phrase, and which may
 * end one, read off qty_rules: two terminals meet only where the last of
 * one symbol meets the first of the next in some rule. The reader stops a
 * run of number tokens at a pair that never meets, and parses a run only
 * up to a terminal that may end it (the parser is the judge; these only
 * spare it phrases it would reject). What may begin one is what gets the
 * reader to try a run. No rule of qty_rules may be empty. */

#define QTY_SYMS 64
typedef struct { char name[16]; uint32_t first, last; } qty_sym;

/* qty_rules is the generator's own text: a fault in it is the generator's. */
static void qty_internal(const char *what)
{
    fprintf(stderr, "parlgen: internal error: qty_rules has %s\n", what);
    exit(70);
}

static int qty_symbol(qty_sym *sym, int *n, const char *s, size_t len)
{
    for (int i = 0; i < *n; i++)
        if (strlen(sym[i].name) == len && !memcmp(sym[i].name, s, len)) return i;
    if (*n == QTY_SYMS || len >= sizeof sym[0].name) qty_internal("too many or too long symbols");
    memcpy(sym[*n].name, s, len);
    sym[*n].name[len] = 0;
    sym[*n].first = sym[*n].last = 0;
    for (int t = 1; t < Q_COUNT; t++)
        if (!strcmp(sym[*n].name, qty_terminals[t])) sym[*n].first = sym[*n].last = 1u << t;
    return (*n)++;
}

/* Reads qty_rules: FOLLOW[t], the terminals that may come right after
 * terminal t in a phrase; INNER[t], those that may inside one number (by
 * the rules that make numbers, not lists or ranges: what can go on a
 * number); the terminals that may begin and end a phrase. */
static void qty_adjacency(uint32_t follow[Q_COUNT], uint32_t inner[Q_COUNT], uint32_t *begins,
                          uint32_t *ends)
{
    qty_sym sym[QTY_SYMS];
    enum { RULES = 128, RHS = 8 };
    int nsym = 0, rhs[RULES][RHS], nrhs[RULES], lhs[RULES], nrule = 0;
    for (const char *line = qty_rules, *eol; (eol = strchr(line, '\n')); line = eol + 1) {
        const char *p = line, *arrow = strstr(line, "::=");
        if (!arrow || arrow > eol) continue;   /* a comment */
        if (nrule == RULES) qty_internal("too many rules");
        size_t len = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789_");
        lhs[nrule] = qty_symbol(sym, &nsym, p, len);
        nrhs[nrule] = 0;
        for (p = arrow + 3; *p != '.';) {
            if (*p == ' ') { p++; continue; }
            if (*p == '(') { p = strchr(p, ')') + 1; continue; }
            len = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
            if (!len || p > eol || nrhs[nrule] == RHS) qty_internal("a rule it cannot read");
            rhs[nrule][nrhs[nrule]++] = qty_symbol(sym, &nsym, p, len);
            p += len;
        }
        if (!nrhs[nrule]) qty_internal("an empty rule");
        nrule++;
    }
    for (int changed = 1; changed;) {   /* FIRST and LAST, to a fixed point */
        changed = 0;
        for (int r = 0; r < nrule; r++) {
            qty_sym *l = &sym[lhs[r]];
            uint32_t f = l->first | sym[rhs[r][0]].first, z = l->last | sym[rhs[r][nrhs[r] - 1]].last;
            changed |= f != l->first || z != l->last;
            l->first = f;
            l->last = z;
        }
    }
    /* The symbols that make one number: num, ord and what they derive. */
    int number[QTY_SYMS] = { 0 };
    for (int i = 0; i < nsym; i++) number[i] = !strcmp(sym[i].name, "num") || !strcmp(sym[i].name, "ord");
    for (int changed = 1; changed;) {
        changed = 0;
        for (int r = 0; r < nrule; r++)
            for (int i = 0; number[lhs[r]] && i < nrhs[r]; i++) {
                changed |= !number[rhs[r][i]];
                number[rhs[r][i]] = 1;
            }
    }
    memset(follow, 0, Q_COUNT * sizeof follow[0]);
    memset(inner, 0, Q_COUNT * sizeof inner[0]);
    for (int r = 0; r < nrule; r++) {
        for (int i = 0; i + 1 < nrhs[r]; i++)
            for (int t = 1; t < Q_COUNT; t++)
                if (sym[rhs[r][i]].last >> t & 1) {
                    follow[t] |= sym[rhs[r][i + 1]].first;
                    if (number[lhs[r]]) inner[t] |= sym[rhs[r][i + 1]].first;
                }
    }
    *begins = sym[lhs[0]].first;   /* the first rule's symbol is the start */
    *ends = sym[lhs[0]].last;
}

/* Terminals by role: words with a value, ordinals, those that begin a
 * cardinal, connectives a phrase may leave behind ("5 to the end"). */
#define QB(t) (1u << (t))
#define QTY_ORDS (QB(Q_ORD_ONES) | QB(Q_ORD_TEENS) | QB(Q_ORD_TENS) | QB(Q_ORD_HUNDRED) | \
                  QB(Q_ORD_SCALE) | QB(Q_DIGITORD))
#define QTY_CARD_START (QB(Q_ZERO) | QB(Q_ONES) | QB(Q_TEENS) | QB(Q_TENS) | QB(Q_HUNDRED) | \
                        QB(Q_SCALE) | QB(Q_DIGITS) | QB(Q_QTYWORD) | QB(Q_HALF))
#define QTY_VALUES (QTY_ORDS | QTY_CARD_START | QB(Q_QTYPLURAL) | QB(Q_NOTWHOLE))
#define QTY_CONNECT (QB(Q_ARTICLE) | QB(Q_OF) | QB(Q_AND) | QB(Q_COMMA) | QB(Q_DASH) | QB(Q_TO))

/* Number words side by side that the grammar never joins still make one
 * run, which then is no phrase: "nineteen eighty-four", "5 10", "three
 * first", "5 percent" are refused, never read as their first number. Words
 * after "a" stay apart ("a second look"), and so does a cardinal after
 * "first" alone ("the first three lines": the reader sees to that). */
static void qty_glue(uint32_t follow[Q_COUNT])
{
    for (int t = 1; t < Q_COUNT; t++) {
        if (QTY_VALUES >> t & 1) follow[t] |= QTY_VALUES;
        if ((QB(Q_TO) | QB(Q_DASH) | QB(Q_AND) | QB(Q_COMMA)) >> t & 1) follow[t] |= QTY_VALUES;
    }
}

static void emit_quantity(FILE *f)
{
    fputs("// Number phrases, ranges and lists. Terminals come from the word\n"
          "// meanings in grammar/numbers.yaml (see infer_tables.c).\n"
          "%name parl__qty_parser\n%token_prefix PARL_Q_\n%token_type {int64_t}\n"
          "%default_type {int64_t}\n%extra_argument {parl__qty *q}\n%stack_size 64\n"
          "%token_destructor { (void)q; (void)yypminor; }\n%syntax_error { (void)yymajor; (void)yyminor; q->error = 1; }\n%parse_failure { q->error = 1; }\n"
          "%stack_overflow { q->error = 1; }\n"
          "%include {\n/* SPDX-License-Identifier: MIT */\n#define NDEBUG 1\n#define YYNOERRORRECOVERY 1\n#include <string.h>\n#include \"infer_internal.h\"\n"
          "#define parl__qty_parser_ENGINEALWAYSONSTACK 1\n"
          "/* The parser takes a token a call, from parl__qty_parse_rules() alone:\n"
          " * static (and inline where the compiler says so), it goes into that loop. */\n"
          "#if defined(__GNUC__)\n"
          "static inline __attribute__((always_inline)) void parl__qty_parser(void *, int, int64_t, parl__qty *);\n"
          "#else\n"
          "static void parl__qty_parser(void *, int, int64_t, parl__qty *);\n"
          "#endif\n"
          "static int64_t cap(int64_t v) { return v > PARL__BIG ? PARL__BIG : v; }\n"
          "/* M times the scale S and then B, which must be smaller than S:\n"
          " * \"two thousand three million\" is no number. */\n"
          "static int64_t scaled(parl__qty *q, int64_t m, int64_t s, int64_t b)\n"
          "{\n    if (b >= s) q->error = 1;\n    return cap(cap(m * s) + b);\n}\n"
          "/* \"half a dozen\": only when the half is whole. */\n"
          "static int64_t half(parl__qty *q, int64_t v)\n"
          "{\n    if (v % 2) q->error = 1;\n    return v / 2;\n}\n"
          "/* Above PARL_NUMBER_MAX a phrase is not a number at all; a list holds\n"
          " * at most PARL__QTY_MAX. Either makes the phrase no quantity, and says why. */\n"
          "static void push(parl__qty *q, int64_t v)\n"
          "{\n    if (q->n == PARL__QTY_MAX) q->error = q->many = 1;\n"
          "    else if (v > PARL_NUMBER_MAX) q->error = q->big = 1;\n"
          "    else q->v[q->n++] = v;\n}\n}\n\n", f);
    fputs("%token", f);   /* in the order of Q_*, so that PARL_Q_* match them */
    for (int t = 1; t < Q_COUNT; t++)
        fprintf(f, "%s%s", t % 10 == 0 ? "\n       " : " ", qty_terminals[t]);
    fputs(".\n\n"
          "// A compound goes on where it can: \"one hundred and five\" is 105, not\n"
          "// the list 100, 5; \"twenty-one\" is 21, not the range 20 to 1.\n"
          "%left LOW.\n%left AND DASH.\n\n", f);
    fputs(qty_rules, f);
    fputs("%code {\n"
          "/* Parses CODES[0..N) (PARL_Q_* terminals with VALUES) as one quantity.\n"
          " * The parser lives on this function's stack: no heap. */\n"
          "int parl__qty_parse_rules(const unsigned char *codes, const int64_t *values, int n, parl__qty *q)\n"
          "{\n    yyParser parser;\n    q->kind = q->n = q->error = q->big = q->many = 0;\n"
          "    parl__qty_parserInit(&parser);\n"
          "    for (int i = 0; i <= n && !q->error; i++)   /* the tokens, then the end (0) */\n"
          "        parl__qty_parser(&parser, i < n ? codes[i] : 0, i < n ? values[i] : 0, q);\n"
          "    parl__qty_parserFinalize(&parser);\n"
          "    return !q->error && q->kind != 0;\n}\n\n"
          "/* What a terminal makes on its own by the rules above (\"a\": nothing).\n"
          " * Most number phrases are one token (\"5\", \"third\"); they skip the parser.\n"
          " * test_infer checks every entry against the parser. */\n"
          "const unsigned char parl__qty_alone[PARL_Q_TO + 1] = {\n"
          "    [PARL_Q_ONES] = PARL__QTY_CARD, [PARL_Q_TEENS] = PARL__QTY_CARD,\n"
          "    [PARL_Q_TENS] = PARL__QTY_CARD, [PARL_Q_SCALE] = PARL__QTY_CARD,\n"
          "    [PARL_Q_DIGITS] = PARL__QTY_CARD, [PARL_Q_QTYWORD] = PARL__QTY_CARD,\n"
          "    [PARL_Q_ORD_ONES] = PARL__QTY_ORD, [PARL_Q_ORD_TEENS] = PARL__QTY_ORD,\n"
          "    [PARL_Q_ORD_TENS] = PARL__QTY_ORD, [PARL_Q_ORD_SCALE] = PARL__QTY_ORD,\n"
          "    [PARL_Q_DIGITORD] = PARL__QTY_ORD,   /* zero and hundred(th) have fixed values */\n"
          "    [PARL_Q_ARTICLE] = PARL__QTY_NONE_ALONE, [PARL_Q_HALF] = PARL__QTY_NONE_ALONE,\n"
          "    [PARL_Q_QTYPLURAL] = PARL__QTY_NONE_ALONE, [PARL_Q_NOTWHOLE] = PARL__QTY_NONE_ALONE,\n"
          "};\n\n"
          "/* A list or a range of numbers of one token each (\"2, 4 and 6\", \"5 to\n"
          " * 10\", \"first and third\"), in CODES[0..N), into *Q: where the tokens\n"
          " * before the connectives cannot go on (parl__qty_inner), the rules\n"
          " * make just that of them; 1. A list one number too long up to a\n"
          " * connective or the end is the rules' failure there (too many): 0.\n"
          " * -1 for anything else, which the parser reads (a list with a value\n"
          " * too large, too). test_infer checks it against the parser. */\n"
          "static int qty_list(const unsigned char *codes, const int64_t *values, int n, parl__qty *q)\n"
          "{\n"
          "    int kind = codes[0] <= PARL_Q_TO ? parl__qty_alone_kind(codes[0], values[0]) : -1;\n"
          "    if (kind <= 0 || n < 3) return -1;\n"
          "    int range = n == 3 && (codes[1] == PARL_Q_TO || codes[1] == PARL_Q_DASH);\n"
          "    q->v[0] = values[0];\n"
          "    q->n = 1;\n"
          "    for (int i = 1; i < n; i++) {\n"
          "        unsigned c = codes[i - 1];\n"
          "        if (!range && codes[i] != PARL_Q_AND && codes[i] != PARL_Q_COMMA) return -1;\n"
          "        if (parl__qty_inner[c] >> codes[i] & 1) return -1;   /* \"hundred and five\" */\n"
          "        i += codes[i] == PARL_Q_COMMA && i + 1 < n && codes[i + 1] == PARL_Q_AND;\n"
          "        if (++i == n || codes[i] > PARL_Q_TO || parl__qty_alone_kind(codes[i], values[i]) != kind)\n"
          "            return -1;\n"
          "        if (q->n == PARL__QTY_MAX) {   /* pushed as the connective after it comes */\n"
          "            if (i + 1 < n && ((codes[i + 1] != PARL_Q_AND && codes[i + 1] != PARL_Q_COMMA) ||\n"
          "                              (parl__qty_inner[codes[i]] >> codes[i + 1] & 1)))\n"
          "                return -1;\n"
          "            q->kind = 0;\n"
          "            q->error = q->many = 1;\n"
          "            q->big = 0;\n"
          "            return 0;\n"
          "        }\n"
          "        q->v[q->n++] = values[i];\n"
          "    }\n"
          "    q->kind = range ? PARL__QTY_RANGE : PARL__QTY_LIST;\n"
          "    q->error = q->big = q->many = 0;\n"
          "    return 1;\n}\n\n"
          "int parl__qty_parse(const unsigned char *codes, const int64_t *values, int n, parl__qty *q)\n"
          "{\n    int kind = n == 1 && codes[0] <= PARL_Q_TO ? parl__qty_alone_kind(codes[0], values[0])\n"
          "                                              : PARL__QTY_NONE;\n"
          "    if (kind == PARL__QTY_NONE) {\n"
          "        int listed = qty_list(codes, values, n, q);\n"
          "        return listed >= 0 ? listed : parl__qty_parse_rules(codes, values, n, q);\n"
          "    }\n"
          "    q->n = q->many = 0;\n    q->error = kind < 0;\n"
          "    q->big = q->error && values[0] > PARL_NUMBER_MAX;\n"
          "    if (q->error) return 0;\n"
          "    q->kind = kind;\n"
          "    push(q, values[0]);\n    return 1;\n}\n}\n", f);
}

static int word_id(const infer *I, int idx) { return I->w[idx].id; }

int *infer_word_flags(const infer *I)
{
    uint32_t follow[Q_COUNT], inner[Q_COUNT], begins, ends;
    qty_adjacency(follow, inner, &begins, &ends);
    int *flags = xcalloc((size_t)I->nw, sizeof(int));
    for (int i = 0; i < I->nw; i++) {
        if (I->w[i].nparts) flags[I->w[i].parts[0]] |= 1;
        /* A run starts at a word of value ("dozens", "percent" too, so that
         * "percent twelve" is refused whole) or at "a"; not at "and", "to". */
        if ((begins | QTY_VALUES) >> I->w[i].qclass & 1) flags[i] |= 2;
        if (I->w[i].qclass == Q_DASH) flags[i] |= 4;   /* a hyphen may join two words */
    }
    return flags;
}

static int emit_tables(infer *I, FILE *f)
{
    fputs("/* Tables of the inference runtime: word meanings, pattern programs and\n"
          " * the phrases of the vocabulary. */\n"
          "#include \"infer_internal.h\"\n#include \"quantity.h\"\n\n", f);
    /* Word meanings, by id. */
    int *order = xcalloc((size_t)I->nw, sizeof(int));
    for (int i = 0; i < I->nw; i++) order[I->w[i].id - 1] = i;
    fprintf(f, "const int parl__nwords = %d;\n", I->nw);
    int err = 0;
    uint32_t follow[Q_COUNT], inner[Q_COUNT], begins, ends;
    qty_adjacency(follow, inner, &begins, &ends);
    int *flags = infer_word_flags(I);
    /* Words that may end a cleanup tail or begin a head: the cleanup looks
     * for tails and heads only behind and before such words. */
    int *fix = xcalloc((size_t)I->nw, sizeof(int));
    for (int k = 0; k < I->nv; k++) {
        const variant *v = &I->v[k];
        if ((v->group != G_TAILS && v->group != G_HEADS) || !v->s.n) continue;
        const elem *e = &v->s.e[v->group == G_TAILS ? v->s.n - 1 : 0];
        for (int m = 0; m < e->n; m++) fix[e->words[m]] |= v->group == G_TAILS ? 1 : 2;
    }
    fprintf(f, "const parl__word parl__words[%d] = {\n    { 0, 0, 0, 0, 0, 0 }, /* unknown */\n", I->nw + 1);
    for (int k = 0; k < I->nw; k++) {
        const word *w = &I->w[order[k]];
        fprintf(f, "    { %s%s, %d, %d, %d, %d, %lld }, /* ", w->qclass ? "PARL_Q_" : "0",
                w->qclass ? qty_terminals[w->qclass] : "", w->unit, w->section, flags[order[k]],
                fix[order[k]], (long long)w->value);
        c_comment_safe(f, w->text);
        fputs(" */\n", f);
    }
    fputs("};\n\n", f);
    free(flags);
    free(fix);
    int *order2 = order;

    /* Pattern elements, sets and variants, grouped: rules, gate, tails. */
    int nelem = 0, nset = 0;
    for (int k = 0; k < I->nv; k++) nelem += I->v[k].s.n;
    fprintf(f, "const parl__elem parl__elems[%d] = {\n", nelem ? nelem : 1);
    int sw = (I->nw + 1 + 63) / 64, cset = 0;   /* words of a set's bitmap */
    uint64_t *setb = NULL, *one = xcalloc((size_t)sw, sizeof *one);
    for (int k = 0, first = 0; k < I->nv; first += I->v[k++].s.n) {
        const seq *s = &I->v[k].s;
        const ynode *at = I->v[k].at;
        if (!gen_fits(at, first, 65535, "the patterns' elements (16-bit parl__variant.first)") ||
            !gen_fits(at, s->n, 255, "the elements of one pattern (8-bit parl__variant.n)") ||
            !gen_fits(at, I->v[k].rule, 32767, "the rules (16-bit parl__variant.rule)"))
            err++;
        fprintf(f, "    /* %d: %s:%d */\n", k, base_name(I->v[k].at->file), I->v[k].at->line);
        for (int i = 0; i < s->n; i++) {
            const elem *e = &s->e[i];
            int arg = 0, cnt = 0;
            if (e->op == E_WORD) arg = word_id(I, e->words[0]);
            else if (e->op == E_SET) {   /* a bitmap by word id, shared by equal sets */
                memset(one, 0, (size_t)sw * sizeof *one);
                for (int m = 0; m < e->n; m++) {
                    int id = word_id(I, e->words[m]);
                    one[id / 64] |= (uint64_t)1 << (id % 64);
                }
                for (arg = 0; arg < nset && memcmp(setb + arg, one, (size_t)sw * sizeof *one); arg += sw) {}
                if (arg == nset) {
                    if (nset + sw > cset) {
                        cset = 2 * (nset + sw);
                        setb = xrealloc(setb, (size_t)cset * sizeof *setb);
                    }
                    memcpy(setb + nset, one, (size_t)sw * sizeof *one);
                    nset += sw;
                }
                cnt = e->n;
                if (!gen_fits(at, cnt, 255, "the words of one set or class in a pattern (8-bit parl__elem.n)") ||
                    !gen_fits(at, arg, 65535, "the patterns' word sets (bitmap words, 16-bit parl__elem.arg)"))
                    err++;
            } else if (e->op == E_GAP) cnt = GAP_MAX;
            fprintf(f, "    { PARL__E_%s, %d, %d, 0x%xu },\n", elem_names[e->op], cnt, arg, e->mask);
        }
    }
    if (!nelem) fputs("    { 0, 0, 0, 0 }\n", f);
    fputs("};\n", f);
    emit_u64_array(f, "const uint64_t parl__set_bits", setb, nset);
    free(one);

    int counts[G_COUNT] = { 0 };
    for (int k = 0; k < I->nv; k++) counts[I->v[k].group]++;
    fprintf(f, "\nconst int parl__nvariants_rules = %d;\nconst int parl__nvariants_gate = %d;\n"
            "const int parl__nvariants_tails = %d;\nconst int parl__nvariants_heads = %d;\n"
            "const int parl__nvariants_scopes = %d;\n",
            counts[G_RULES], counts[G_GATE], counts[G_TAILS], counts[G_HEADS], counts[G_SCOPES]);
    fprintf(f, "const parl__variant parl__variants[%d] = {\n", I->nv ? I->nv : 1);
    for (int k = 0, e = 0; k < I->nv; e += I->v[k].s.n, k++) {
        int slots = 0;
        for (int i = 0; i < I->v[k].s.n; i++) slots += I->v[k].s.e[i].op > E_SET;
        fprintf(f, "    { %d, %d, %d, %d },\n", I->v[k].rule, e,
                I->v[k].s.n, slots);
    }
    fputs("};\n", f);
    /* By word id, the scopes (bit K: the K-th) whose first element may
     * take an item of that word (every scope that may begin with another
     * item: all words), and the longest scope: match_scope() tries those
     * alone. */
    uint32_t *sfirst = xcalloc((size_t)I->nw + 1, sizeof *sfirst);
    int nscope = 0, slongest = 0;
    for (int k = 0; k < I->nv; k++) {
        const seq *s = &I->v[k].s;
        if (I->v[k].group != G_SCOPES) continue;
        if (!gen_fits(I->v[k].at, nscope, 31, "the scopes (32-bit parl__scope_by_word)")) {
            err++;
            break;
        }
        const uint32_t bit = (uint32_t)1 << nscope++;
        if (s->n > slongest) slongest = s->n;
        const elem *e = s->n ? &s->e[0] : NULL;
        if (e && (e->op == E_WORD || e->op == E_SET)) {
            for (int m = 0; m < e->n; m++) sfirst[word_id(I, e->words[m])] |= bit;
        } else if (e && (e->op == E_UNIT || e->op == E_SECTION)) {
            for (int w = 0; w < I->nw; w++)
                if (infer_slot_takes_word(I, e->op, e->mask, w)) sfirst[word_id(I, w)] |= bit;
        } else
            for (int w = 0; w <= I->nw; w++) sfirst[w] |= bit;
    }
    fprintf(f, "const uint32_t parl__scope_by_word[%d] = {", I->nw + 1);
    for (int w = 0; w <= I->nw; w++) fprintf(f, "%s0x%x", !w ? "\n    " : w % 12 ? ", " : ",\n    ", (unsigned)sfirst[w]);
    fputs("\n};\n", f);
    fprintf(f, "const int parl__scope_longest = %d;\n\n", slongest);
    free(sfirst);

    fprintf(f, "const parl__rule parl__rules[%d] = {\n", I->nrules ? I->nrules : 1);
    for (int r = 0; r < I->nrules; r++) {
        const rule *ru = &I->rules[r];
        fprintf(f, "    { %d, PARL__E_%s, %d, %lld, %lld }, /* %s:%d */\n",
                ru->has_count, elem_names[ru->start_slot], ru->from_end, (long long)ru->start_add,
                (long long)ru->count, base_name(ru->at->file), ru->at->line);
    }
    fputs("};\n\n", f);
    /* By rule: the parts of parl_intent that the rule alone decides, the
     * rest cleared (parl_infer() copies it up to parts, then adds what
     * the slots took). */
    fprintf(f, "const parl_intent parl__rule_intents[%d] = {\n", I->nrules ? I->nrules : 1);
    for (int r = 0; r < I->nrules; r++) {
        const rule *ru = &I->rules[r];
        fprintf(f, "    { .mode = (parl_mode)%d, .unit = (parl_unit)%d, .section = (parl_section)%d, "
                   ".count = %lld, .has_count = %d, .has_end = %d, .end_open = %d, .count_only = %d, "
                   ".rule = %d, .inner = (parl_mode)%d },\n",
                ru->mode, ru->unit, ru->section, ru->has_count ? (long long)ru->count : 0LL,
                ru->has_count != 0, ru->end_open != 0, ru->end_open != 0, ru->count_only != 0, r,
                ru->inner);
    }
    if (!I->nrules) fputs("    { .rule = -1 },\n", f);
    fputs("};\n\n", f);

    free(setb);

    /* Phrases by first word, longest first: id, length, offset of words. */
    int *poff = xcalloc((size_t)I->nw + 2, sizeof(int)), *plist = NULL, np = 0, cp = 0;
    int *pwords = NULL, npw = 0, cpw = 0, nph = 0;
    phrase_key *ph = xcalloc((size_t)I->nw + 1, sizeof *ph);
    for (int k = 0; k < I->nw; k++) {
        const word *w = &I->w[order2[k]];
        if (w->nparts >= 2) ph[nph++] = (phrase_key){ I->w[w->parts[0]].id, w->nparts, w->id };
    }
    qsort(ph, (size_t)nph, sizeof *ph, cmp_phrase);
    for (int id = 0, k = 0; id <= I->nw; id++) {
        poff[id] = np;
        for (; k < nph && ph[k].first == id; k++) {
            const word *w = &I->w[order2[ph[k].id - 1]];
            if (!gen_fits(w->at, np + 3, 65535, "the vocabulary's phrases (16-bit parl__phrase_off)") ||
                !gen_fits(w->at, npw + w->nparts, 65535, "the words of phrases (16-bit parl__phrases)"))
                err++;
            GROW(plist, np, cp); plist[np++] = w->id;
            GROW(plist, np, cp); plist[np++] = w->nparts;
            GROW(plist, np, cp); plist[np++] = npw;
            for (int m = 0; m < w->nparts; m++) { GROW(pwords, npw, cpw); pwords[npw++] = I->w[w->parts[m]].id; }
        }
    }
    free(ph);
    poff[I->nw + 1] = np;
    err += emit_int_array(f, "const uint16_t parl__phrase_off", poff, I->nw + 2, err);
    err += emit_int_array(f, "const uint16_t parl__phrases", plist, np, err);
    err += emit_int_array(f, "const uint16_t parl__phrase_words", pwords, npw, err);
    free(poff); free(plist); free(pwords); free(order2);

    /* Names. */
    fprintf(f, "\nconst char *const parl__mode_names[%d] = {", I->nmodes);
    for (int i = 0; i < I->nmodes; i++) fprintf(f, " \"%s\",", I->modes[i].name);
    fprintf(f, " };\nconst char *const parl__unit_names[%d] = { \"none\",", I->nunits + 1);
    for (int i = 0; i < I->nunits; i++) fprintf(f, " \"%s\",", I->units[i].name);
    fprintf(f, " };\nconst char *const parl__section_names[%d] = { \"none\",", I->nsections + 1);
    for (int i = 0; i < I->nsections; i++) fprintf(f, " \"%s\",", I->sections[i].name);
    fputs(" };\n", f);
    uint64_t trim[4] = { 0 };   /* search_cleanup.trim as a set of bytes */
    for (const unsigned char *c = (const unsigned char *)I->trim; *c; c++)
        trim[*c >> 6] |= (uint64_t)1 << (*c & 63);
    qty_glue(follow);
    fputs("/* Number-phrase terminals (PARL_Q_*): which make one run with each (as\n"
          " * they meet in the grammar, or as number words that must not stand side\n"
          " * by side), which may end a phrase, which a phrase may leave behind, and\n"
          " * which after an ordinal begin a phrase of their own (\"first three\"). */\n", f);
    fprintf(f, "const uint32_t parl__qty_follow[%d] = {", Q_COUNT);
    for (int t = 0; t < Q_COUNT; t++) fprintf(f, "%s0x%06xu", !t ? "\n    " : t % 6 ? ", " : ",\n    ", (unsigned)follow[t]);
    fprintf(f, "\n};\nconst uint32_t parl__qty_ends = 0x%06xu;\n", (unsigned)ends);
    fputs("/* By terminal: the terminals that may follow it inside one number. */\n", f);
    fprintf(f, "const uint32_t parl__qty_inner[%d] = {", Q_COUNT);
    for (int t = 0; t < Q_COUNT; t++) fprintf(f, "%s0x%06xu", !t ? "\n    " : t % 6 ? ", " : ",\n    ", (unsigned)inner[t]);
    fputs("\n};\n", f);
    fprintf(f, "const uint32_t parl__qty_connect = 0x%06xu;\nconst uint32_t parl__qty_lead = 0x%06xu;\n"
            "const uint32_t parl__qty_ords = 0x%06xu;\n",
            (unsigned)QTY_CONNECT, (unsigned)QTY_CARD_START, (unsigned)QTY_ORDS);
    fprintf(f, "const uint64_t parl__trim_set[4] = { 0x%llxu, 0x%llxu, 0x%llxu, 0x%llxu };\n",
            (unsigned long long)trim[0], (unsigned long long)trim[1], (unsigned long long)trim[2],
            (unsigned long long)trim[3]);
    return err;
}

/* ------------------------------------------------------------------ driver */

int gen_infer(gen_ctx *g)
{
    infer I = { 0 };
    ydoc *nums = gen_load(g, "numbers.yaml"), *units = gen_load(g, "units.yaml"),
         *secs = gen_load(g, "sections.yaml"), *modes = gen_load(g, "modes.yaml");
    if (!nums || !units || !secs || !modes) return 1;

    load_numbers(&I, nums->root);
    load_named_words(&I, units->root, "units", &I.units, &I.nunits, 1, 15);
    load_named_words(&I, secs->root, "sections", &I.sections, &I.nsections, 0, 31);
    const ynode *root = modes->root;
    static const char *const modes_keys[] = { "modes", "classes", "rules", "search_cleanup", "gate", "scopes" };
    I.err += yonly_keys(root, modes_keys, sizeof modes_keys / sizeof modes_keys[0]);
    load_modes(&I, ymap_get(root, "modes"));
    load_classes(&I, ymap_get(root, "classes"));
    if (!I.err) load_rules(&I, ymap_get(root, "rules"));
    if (!I.err) load_list_group(&I, ymap_get(root, "gate"), G_GATE, "gate");
    const ynode *clean = ymap_get(root, "search_cleanup");
    if (clean && !I.err) {
        static const char *const clean_keys[] = { "trim", "tails", "heads" };
        I.err += yonly_keys(clean, clean_keys, sizeof clean_keys / sizeof clean_keys[0]);
        const ynode *trim = ymap_get(clean, "trim");
        if (trim && yis_scalar(trim)) snprintf(I.trim, sizeof I.trim, "%s", trim->text);
        load_list_group(&I, ymap_get(clean, "tails"), G_TAILS, "tails");
        load_list_group(&I, ymap_get(clean, "heads"), G_HEADS, "heads");
    }
    if (!I.err) load_scopes(&I, ymap_get(root, "scopes"));
    for (int k = 0; k < I.nv && !I.err && I.nrules == I.ncascade; k++)
        for (int i = 0; i < I.v[k].s.n; i++)
            if (I.v[k].s.e[i].op == E_SCOPE) {
                I.err += yerr(I.v[k].at, "{scope} needs a 'scopes:' list in modes.yaml");
                break;
            }
    for (int m = 1; m < I.nmodes && !I.err; m++) {
        int used = 0;
        for (int r = 0; r < I.nrules; r++) used |= I.rules[r].mode == m;
        if (!used) I.err += yerr(I.modes[m].at, "mode '%s' has no rule", I.modes[m].name);
    }
    /* Word ids are 16 bits in tokens and tables (0: no word): the word
     * that goes over is named, in whichever spec it was written. */
    if (I.nw > WORDS_MAX) I.err += !gen_fits(I.w[WORDS_MAX].at, I.nw, WORDS_MAX, "the vocabulary (words, 16-bit ids)");
    if (!I.err) check_shadowing(&I);
    if (I.err) { for (int i = 0; i < I.err; i++) gen_fail(g); return 1; }

    assign_ids(&I);
    FILE *f;
    if ((f = gen_create(g, "parl_vocab.h", "grammar/modes.yaml, units.yaml, sections.yaml"))) {
        emit_vocab_h(&I, f);
        gen_close(g, f);
    }
    if ((f = gen_create(g, "infer_lex.re", "the specs in grammar/"))) {
        if (emit_lexer(&I, f, ymap_get(nums->root, "ordinal_suffixes"))) gen_fail(g);
        gen_close(g, f);
    }
    if ((f = gen_create(g, "quantity.y", "grammar/numbers.yaml"))) {
        emit_quantity(f);
        gen_close(g, f);
    }
    if ((f = gen_create(g, "infer_tables.c", "the specs in grammar/"))) {
        if (emit_tables(&I, f)) gen_fail(g);
        gen_close(g, f);
    }
    FILE *h = gen_create(g, "infer_dfa.h", "grammar/modes.yaml");
    FILE *c = h ? gen_create(g, "infer_dfa.c", "grammar/modes.yaml") : NULL;
    if (h && c && emit_infer_dfa(&I, h, c)) gen_fail(g);
    if (h) gen_close(g, h);
    if (c) gen_close(g, c);
    return gen_failed(g);
}
