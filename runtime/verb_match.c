/* SPDX-License-Identifier: MIT */
/* verb_match.c: forgiving but safe verb matching. Tiers, in order:
 *   exact, case-insensitive   the generated re2c lookup, then config words
 *   morphological             irregular forms and suffix rules -> exact
 *   spelling                  ise/ize, our/or... -> exact
 *   typo                      Levenshtein within the verb's strictness and
 *                             the word-length caps; a tie between two verbs
 *                             is an ambiguity, never a guess
 *   phonetic                  Soundex and Metaphone both equal; never for
 *                             strict verbs
 *   semantic                  the host's callback, off by default
 * A miss lists up to PARL_MAX_CANDIDATES "did you mean" verbs. Nothing is
 * allocated: candidate words live in small stack buffers. */
#include "verb_match.h"
#include <string.h>

/* Room for a rewritten word: rules may add a few letters. */
#define WORD_BUF (PARL_VERB_MAX_LEN + 16)
/* Verbs a match can name (compiled + configured). */
#define MAX_VERBS (PARL_VERB_COUNT + PARL_CFG_MAX_VERBS)

/* Small compares inline: these strings are a few bytes long. */
static inline bool bytes_eq(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return false;
    return true;
}

/* Does TEXT (any case, any run of blanks between words) spell the stored
 * phrase W (lower case, single blanks)? *exact: byte for byte. */
static bool phrase_eq(const char *w, const char *text, size_t n, bool *exact)
{
    size_t i = 0, k = 0;
    bool same = true;
    while (i < n && w[k]) {
        unsigned char c = (unsigned char)text[i];
        if (w[k] == ' ') {
            size_t run = i;
            while (i < n && parl__is_blank((unsigned char)text[i])) i++;
            if (i == run) return false;
            if (i - run != 1 || c != ' ') same = false;
            k++;
            continue;
        }
        if (parl__lower(c) != (unsigned char)w[k]) return false;
        if (c != (unsigned char)w[k]) same = false;
        i++;
        k++;
    }
    if (exact) *exact = same;
    return i == n && !w[k];
}

/* Exact (case-insensitive) lookup among compiled and configured names and
 * aliases. Returns the verb id or -1; *op gets the implied operation. */
static int lookup(const parl_dialect_ctx *ctx, const char *text, size_t n, parl_op *op, bool *exact)
{
    int w = parl__dia_lookup(text, n);
    const parl__dsense *s = parl__dia_sense(w, PARL__WC_VERB);
    if (s) {
        if (op) *op = (parl_op)s->op;
        if (exact) phrase_eq(PARL__S(parl__dia_words[w].text), text, n, exact);
        return s->value;
    }
    const parl_dialect_config *cfg = ctx ? ctx->config : NULL;
    if (!cfg) return -1;
    for (int i = 0; i < cfg->nverbs; i++)
        if (phrase_eq(cfg->verbs[i].name, text, n, exact)) {
            if (op) *op = PARL_OP_NONE;
            return PARL_VERB_COUNT + i;
        }
    for (int i = 0; i < cfg->naliases; i++)
        if (phrase_eq(cfg->aliases[i].word, text, n, exact)) {
            if (op) *op = cfg->aliases[i].op;
            return cfg->aliases[i].verb;
        }
    return -1;
}

int parl_verb_lookup(const parl_dialect_ctx *ctx, const char *word, size_t len, parl_op *op)
{
    if (len > PARL_VERB_MAX_LEN * 2) return -1;
    return lookup(ctx, word, len, op, NULL);
}

/* --------------------------------------------------------------- tiers */

static size_t cstrlen(const char *s)
{
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

static bool found(parl_verb_match *m, int verb, parl_tier tier, parl_op op, float conf)
{
    if (verb < 0) return false;
    m->verb = verb;
    m->tier = tier;
    m->op = op;
    m->confidence = conf;
    return true;
}

/* Tier 3: irregular forms, then each suffix rule's candidate stem. */
static bool morph_tier(const parl_dialect_ctx *ctx, const char *w, size_t n, parl_verb_match *m)
{
    parl_op op = PARL_OP_NONE;
    for (int i = 0; i < parl__dia_nirregulars; i++) {
        const parl__irregular *r = &parl__dia_irregulars[i];
        if (r->word_len == n && bytes_eq(PARL__S(r->word), w, n)) {
            int v = lookup(ctx, PARL__S(r->base), r->base_len, &op, NULL);
            return found(m, v, PARL_TIER_MORPH, op, 1.0f);
        }
    }
    char buf[WORD_BUF];
    for (int i = 0; i < parl__dia_nsuffixes; i++) {
        const parl__rewrite *r = &parl__dia_suffixes[i];
        if (n <= r->from_len || !bytes_eq(w + n - r->from_len, PARL__S(r->from), r->from_len)) continue;
        size_t stem = n - r->from_len;
        if (r->undouble) {
            if (stem < 2 || w[stem - 1] != w[stem - 2]) continue;
            stem--;
        }
        if ((int)stem < parl__dia_min_stem) continue;
        memcpy(buf, w, stem);
        memcpy(buf + stem, PARL__S(r->to), r->to_len);
        int v = lookup(ctx, buf, stem + r->to_len, &op, NULL);
        if (found(m, v, PARL_TIER_MORPH, op, 1.0f)) return true;
    }
    return false;
}

/* Tier 4: every occurrence of a rule's `from` replaced by its `to`. */
static bool spelling_tier(const parl_dialect_ctx *ctx, const char *w, size_t n, parl_verb_match *m)
{
    char buf[PARL_VERB_MAX_LEN * 2 + 1];
    parl_op op = PARL_OP_NONE;
    for (int i = 0; i < parl__dia_nspellings; i++) {
        const parl__rewrite *r = &parl__dia_spellings[i];
        size_t k = 0;
        bool changed = false, fits = true;
        for (size_t j = 0; j < n && fits;) {
            if (j + r->from_len <= n && bytes_eq(w + j, PARL__S(r->from), r->from_len)) {
                if (k + r->to_len > sizeof buf) { fits = false; break; }
                memcpy(buf + k, PARL__S(r->to), r->to_len);
                k += r->to_len;
                j += r->from_len;
                changed = true;
            } else {
                if (k + 1 > sizeof buf) { fits = false; break; }
                buf[k++] = w[j++];
            }
        }
        if (!changed || !fits) continue;
        int v = lookup(ctx, buf, k, &op, NULL);
        if (found(m, v, PARL_TIER_SPELLING, op, 1.0f)) return true;
    }
    return false;
}

/* The largest edit distance a known word of LEN bytes tolerates. */
static int length_cap(size_t len)
{
    int d = 0;
    while (d < 3 && len >= parl__dia_min_len_for_distance[d + 1]) d++;
    return d;
}

/* Letters present, one bit each (others share a few bits): a word within
 * distance d of another differs in at most d present letters each way. */
static unsigned letter_mask(const char *w, size_t n)
{
    unsigned mask = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)w[i];
        mask |= 1u << (c >= 'a' && c <= 'z' ? c - 'a' : 26 + (c & 3));
    }
    return mask;
}

/* Every single-word name or alias, compiled then configured, visited with
 * a cursor (phrases such as "look up" only ever match exactly). */
typedef struct {
    const char *text;
    size_t len;
    int verb;
    parl_op op;
} entry;

typedef struct {
    const parl_dialect_config *cfg;
    int i;
} entry_cursor;

static inline entry_cursor entries(const parl_dialect_ctx *ctx)
{
    entry_cursor c = { ctx ? ctx->config : NULL, 0 };
    return c;
}

static inline bool next_entry(entry_cursor *c, entry *e)
{
    if (c->i < parl__dia_nverb_words) {
        const parl__verb_word *v = &parl__dia_verb_words[c->i++];
        e->text = PARL__S(v->text);
        e->len = v->len;
        e->verb = v->verb;
        e->op = (parl_op)v->op;
        return true;
    }
    for (const parl_dialect_config *cfg = c->cfg; cfg;) {
        int i = c->i++ - parl__dia_nverb_words;
        if (i >= cfg->nverbs + cfg->naliases) return false;
        if (i < cfg->nverbs) *e = (entry){ cfg->verbs[i].name, cstrlen(cfg->verbs[i].name), PARL_VERB_COUNT + i, PARL_OP_NONE };
        else {
            const parl_cfg_alias *a = &cfg->aliases[i - cfg->nverbs];
            *e = (entry){ a->word, cstrlen(a->word), a->verb, a->op };
        }
        size_t k = 0;
        while (k < e->len && e->text[k] != ' ') k++;
        if (k == e->len) return true;
    }
    return false;
}

static inline const parl__strict_spec *strictness_of(const parl_dialect_ctx *ctx, int verb)
{
    if (verb < PARL_VERB_COUNT) return &parl__dia_strict[parl__dia_verbs[verb].strictness];
    return &parl__dia_strict[parl_verb_strictness(ctx, verb)];
}

static inline int bits(unsigned x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

/* Cheap lower bounds of the edit distance: the length difference, and the
 * letters present in one word but not the other. */
static inline bool within(size_t n, unsigned wmask, const entry *e, int d)
{
    if ((n > e->len ? n - e->len : e->len - n) > (size_t)d) return false;
    unsigned em = letter_mask(e->text, e->len);
    return bits(wmask & ~em) <= d && bits(em & ~wmask) <= d;
}

/* Keeps, per verb, the best score; then the verbs with the lowest score
 * (up to PARL_MAX_CANDIDATES, lowest id first) go to m->candidates.
 * Returns how many verbs share the lowest score. */
static int best_verbs(const unsigned char *score, int nverbs, parl_verb_match *m, int *low)
{
    int best = 255, ties = 0;
    for (int v = 0; v < nverbs; v++)
        if (score[v] < best) best = score[v];
    m->ncandidates = 0;
    if (best == 255) return 0;
    for (int v = 0; v < nverbs; v++)
        if (score[v] == best) {
            ties++;
            if (m->ncandidates < PARL_MAX_CANDIDATES) m->candidates[m->ncandidates++] = v;
        }
    *low = best;
    return ties;
}

static void set_ambiguous(parl_verb_match *m, parl_tier tier)
{
    m->verb = -1;
    m->ambiguous = true;
    m->tier = tier;
}

int parl_verb_word_distance(const parl_dialect_ctx *ctx, int verb, const char *word, size_t len,
                            int max)
{
    int best = max + 1;
    if (len > PARL_VERB_MAX_LEN) return best;
    parl__peq q;
    parl__dia_peq_init(&q, word, len);
    entry_cursor c = entries(ctx);
    entry e;
    while (best > 0 && next_entry(&c, &e)) {
        if (e.verb != verb) continue;
        int d = parl__dia_peq_distance(&q, e.text, e.len, best - 1);
        if (d < best) best = d;
    }
    return best;
}

/* Tier 5: edit distance within each verb's allowance. */
static bool typo_tier(const parl_dialect_ctx *ctx, const char *w, size_t n, parl_verb_match *m)
{
    unsigned char score[MAX_VERBS], ops[MAX_VERBS];
    int nverbs = parl_verb_total(ctx);
    memset(score, 255, (size_t)nverbs);
    unsigned wmask = letter_mask(w, n);
    parl__peq q;
    parl__dia_peq_init(&q, w, n);
    entry_cursor c = entries(ctx);
    entry e;
    while (next_entry(&c, &e)) {
        int allow = strictness_of(ctx, e.verb)->typo;
        int cap = length_cap(e.len);
        if (cap < allow) allow = cap;
        if (allow == 0 || !within(n, wmask, &e, allow)) continue;
        int d = parl__dia_peq_distance(&q, e.text, e.len, allow);
        if (d <= allow && d < score[e.verb]) {
            score[e.verb] = (unsigned char)d;
            ops[e.verb] = (unsigned char)e.op;   /* "remembr" still means insert */
        }
    }
    int low, ties = best_verbs(score, nverbs, m, &low);
    if (!ties) return false;
    m->distance = low;
    if (ties > 1) { set_ambiguous(m, PARL_TIER_TYPO); return true; }
    m->ncandidates = 0;
    int v = m->candidates[0];
    return found(m, v, PARL_TIER_TYPO, (parl_op)ops[v], 1.0f - (float)low / (float)(n + 1));
}

/* Tier 6: Soundex and Metaphone codes both equal. Soundex keeps the first
 * letter, so only words starting with the same letter can match. */
static bool phonetic_tier(const parl_dialect_ctx *ctx, const char *w, size_t n, parl_verb_match *m)
{
    char sx[5], mp[12], esx[5], emp[12];
    if (n < parl__dia_min_len_for_distance[1] || !parl_soundex(w, n, sx)) return false;
    unsigned char score[MAX_VERBS];
    int nverbs = parl_verb_total(ctx);
    memset(score, 255, (size_t)nverbs);
    bool have_mp = false;
    entry_cursor c = entries(ctx);
    entry e;
    while (next_entry(&c, &e)) {
        if (e.len < parl__dia_min_len_for_distance[1] || e.text[0] != w[0]) continue;
        if (!strictness_of(ctx, e.verb)->phonetic) continue;
        if (!parl_soundex(e.text, e.len, esx) || !bytes_eq(sx, esx, 4)) continue;
        if (!have_mp) { parl_metaphone(w, n, mp, sizeof mp); have_mp = true; }
        parl_metaphone(e.text, e.len, emp, sizeof emp);
        size_t k = 0;
        while (mp[k] && mp[k] == emp[k]) k++;
        if (mp[k] || emp[k]) continue;
        score[e.verb] = 0;
    }
    int low, ties = best_verbs(score, nverbs, m, &low);
    if (!ties) return false;
    if (ties > 1) { set_ambiguous(m, PARL_TIER_PHONETIC); return true; }
    m->ncandidates = 0;
    return found(m, m->candidates[0], PARL_TIER_PHONETIC, PARL_OP_NONE, parl__dia_phonetic_confidence);
}

/* Tier 7: the host's embedding lookup. */
static bool semantic_tier(const parl_dialect_ctx *ctx, const char *w, size_t n, parl_verb_match *m)
{
    if (!ctx || !ctx->semantic) return false;
    float conf = 0;
    int v = ctx->semantic(ctx->semantic_user, w, n, &conf);
    float need = ctx->semantic_threshold > 0 ? ctx->semantic_threshold : parl__dia_semantic_threshold;
    if (v < 0 || v >= parl_verb_total(ctx) || !(conf >= need) || conf > 1.0f) return false;
    if (!parl__dia_strict[parl_verb_strictness(ctx, v)].semantic) return false;
    return found(m, v, PARL_TIER_SEMANTIC, PARL_OP_NONE, conf);
}

/* A miss: the verbs closest by edit distance (any strictness, since these
 * are only suggestions), Soundex-equal words counting as a near typo. */
static void suggest(const parl_dialect_ctx *ctx, const char *w, size_t n, parl_verb_match *m)
{
    unsigned char score[MAX_VERBS];
    int nverbs = parl_verb_total(ctx);
    memset(score, 255, (size_t)nverbs);
    char sx[5], esx[5];
    bool have_sx = parl_soundex(w, n, sx) > 0;
    int far = parl__dia_suggest_distance;
    unsigned wmask = letter_mask(w, n);
    parl__peq q;
    parl__dia_peq_init(&q, w, n);
    entry_cursor c = entries(ctx);
    entry e;
    while (next_entry(&c, &e)) {
        int half = e.len / 2 > 1 ? (int)e.len / 2 : 1;
        int limit = far < half ? far : half;
        int d = within(n, wmask, &e, limit) ? parl__dia_peq_distance(&q, e.text, e.len, limit) : 255;
        if (d > limit) d = 255;
        if (d > far && have_sx && e.text[0] == w[0] && e.len >= parl__dia_min_len_for_distance[1] &&
            parl_soundex(e.text, e.len, esx) && bytes_eq(sx, esx, 4))
            d = far;
        if (d < score[e.verb]) score[e.verb] = (unsigned char)d;
    }
    m->ncandidates = 0;
    for (int d = 0; d <= far; d++)
        for (int v = 0; v < nverbs && m->ncandidates < PARL_MAX_CANDIDATES; v++)
            if (score[v] == d) m->candidates[m->ncandidates++] = v;
}

static void clear(parl_verb_match *m)
{
    m->verb = -1;
    m->tier = PARL_TIER_NONE;
    m->distance = 0;
    m->confidence = 0;
    m->op = PARL_OP_NONE;
    m->ambiguous = false;
    m->ncandidates = 0;
}

int parl_match_verb(const parl_dialect_ctx *ctx, const char *word, size_t len, parl_verb_match *m)
{
    clear(m);
    if (len == 0 || len > PARL_VERB_MAX_LEN) return -1;
    bool exact = false;
    parl_op op = PARL_OP_NONE;
    int v = lookup(ctx, word, len, &op, &exact);
    if (found(m, v, exact ? PARL_TIER_EXACT : PARL_TIER_CASE, op, 1.0f)) return v;
    char w[PARL_VERB_MAX_LEN];
    for (size_t i = 0; i < len; i++) w[i] = (char)parl__lower((unsigned char)word[i]);
    if (morph_tier(ctx, w, len, m) || spelling_tier(ctx, w, len, m) || typo_tier(ctx, w, len, m) ||
        phonetic_tier(ctx, w, len, m) || semantic_tier(ctx, w, len, m))
        return m->verb;
    suggest(ctx, w, len, m);
    return -1;
}

/* ------------------------------------------------------- command heads */

static bool verb_char(unsigned char c)
{
    return parl__is_wordch(c) || c == '-';
}

/* After a verb word: end of text, a blank or line break, or closing
 * punctuation. A slash or a dot before a letter means a path or a file
 * name (/usr/bin, /notes.txt), not a command. */
static bool verb_boundary(const char *t, size_t i, size_t lim)
{
    if (i >= lim) return true;
    unsigned char c = (unsigned char)t[i];
    if (parl__is_blank(c) || c == '\n') return true;
    if (c == '.' && i + 1 < lim && parl__is_wordch((unsigned char)t[i + 1])) return false;
    return c == '.' || c == '?' || c == '!' || c == ',' || c == ';' || c == ':' || c == ')' ||
           c == '"';
}

size_t parl__dia_word_end(const char *text, size_t from, size_t lim)
{
    size_t i = from;
    unsigned char c0 = i < lim ? (unsigned char)text[i] : 0;
    if (!(parl__is_alpha(c0) || c0 >= 0x80)) return from;
    while (i < lim && verb_char((unsigned char)text[i])) i++;
    return i;
}

int parl__dia_head(const parl_dialect_ctx *ctx, const char *text, size_t from, size_t lim,
                   size_t *end, parl_verb_match *m)
{
    size_t i = parl__dia_word_end(text, from, lim);
    if (i == from || !verb_boundary(text, i, lim)) return 0;
    /* Longest multi-word alias on this line first ("look up" before "look"). */
    size_t ends[5];
    int nw = 0, maxw = parl__dia_max_phrase_words;
    if (ctx && ctx->config) maxw = 4;
    if (maxw > 5) maxw = 5;
    ends[nw++] = i;
    for (size_t j = i; nw < maxw;) {
        size_t k = j;
        while (k < lim && parl__is_blank((unsigned char)text[k])) k++;
        if (k == j || k >= lim || !verb_char((unsigned char)text[k])) break;
        while (k < lim && verb_char((unsigned char)text[k])) k++;
        if (!verb_boundary(text, k, lim)) break;
        ends[nw++] = j = k;
    }
    for (int k = nw - 1; k > 0; k--) {
        bool exact = false;
        parl_op op = PARL_OP_NONE;
        int v = lookup(ctx, text + from, ends[k] - from, &op, &exact);
        if (v >= 0) {
            clear(m);
            found(m, v, exact ? PARL_TIER_EXACT : PARL_TIER_CASE, op, 1.0f);
            *end = ends[k];
            return 1;
        }
    }
    parl_match_verb(ctx, text + from, i - from, m);
    *end = i;
    return 1;
}

/* Names of class CLS within a small edit distance of TEXT (unknown
 * modifiers: "archivel" -> archival). */
int parl__dia_similar(const char *text, size_t n, parl__wclass cls, const char **names)
{
    int k = 0;
    if (n > PARL_VERB_MAX_LEN) return 0;
    parl__peq q;
    parl__dia_peq_init(&q, text, n);
    for (int d = 1; d <= 2 && k == 0; d++)
        for (int w = 0; w < parl__dia_nwords && k < PARL_MAX_CANDIDATES; w++) {
            const parl__dword *wd = &parl__dia_words[w];
            if (!parl__dia_sense(w, cls) || length_cap(wd->len) < d) continue;
            if (parl__dia_peq_distance(&q, PARL__S(wd->text), wd->len, d) == d) names[k++] = PARL__S(wd->text);
        }
    return k;
}
