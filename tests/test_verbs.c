/* SPDX-License-Identifier: MIT */
/* test_verbs: fuzzy verb matching against the generated table of
 * grammar/verbs.yaml: the tier matrix, strictness (approve, deny, halt never
 * beyond distance 1, never phonetic), ambiguity, "did you mean", the
 * semantic callback, run-time config verbs, and the string measures. */
#include <stdlib.h>
#include "parlance.h"
#include "testlib.h"

static const char *name(const parl_dialect_ctx *ctx, int v)
{
    const char *n = v >= 0 ? parl_verb_name(ctx, v) : NULL;
    return n ? n : "(none)";
}

static parl_verb_match match(const parl_dialect_ctx *ctx, const char *w)
{
    parl_verb_match m;
    int v = parl_match_verb(ctx, w, strlen(w), &m);
    CHECK(v == m.verb, "%s: return value %d != verb %d", w, v, m.verb);
    return m;
}

/* One row of the tier matrix: WORD matches VERB (NULL: no match) at TIER
 * with edit distance DIST; OP is the implied operation or NULL. */
typedef struct {
    const char *word, *verb;
    parl_tier tier;
    int dist;
    const char *op;
} row;

static const row matrix[] = {
    /* exact: names and aliases */
    { "recall", "recall", PARL_TIER_EXACT, 0, NULL },
    { "remember", "recall", PARL_TIER_EXACT, 0, "insert" },
    { "forget", "recall", PARL_TIER_EXACT, 0, "delete" },
    { "lookup", "search", PARL_TIER_EXACT, 0, NULL },
    { "google", "web", PARL_TIER_EXACT, 0, NULL },
    { "look up", "web", PARL_TIER_EXACT, 0, NULL },
    { "nevermind", "cancel", PARL_TIER_EXACT, 0, NULL },
    { "yes", "approve", PARL_TIER_EXACT, 0, NULL },
    { "no", "deny", PARL_TIER_EXACT, 0, NULL },
    { "get", "fetch", PARL_TIER_EXACT, 0, NULL },
    { "note", "context", PARL_TIER_EXACT, 0, "append" },
    /* case-insensitive */
    { "Recall", "recall", PARL_TIER_CASE, 0, NULL },
    { "SEARCH", "search", PARL_TIER_CASE, 0, NULL },
    { "Look  Up", "web", PARL_TIER_CASE, 0, NULL },
    { "HALT", "halt", PARL_TIER_CASE, 0, NULL },
    /* morphology: irregulars and suffixes (the seed's bug fixed: queries -> query) */
    { "sent", "send", PARL_TIER_MORPH, 0, NULL },
    { "told", "tell", PARL_TIER_MORPH, 0, NULL },
    { "found", "search", PARL_TIER_MORPH, 0, NULL },
    { "forgot", "recall", PARL_TIER_MORPH, 0, "delete" },
    { "got", "fetch", PARL_TIER_MORPH, 0, NULL },
    { "queries", "search", PARL_TIER_MORPH, 0, NULL },
    { "queried", "search", PARL_TIER_MORPH, 0, NULL },
    { "searches", "search", PARL_TIER_MORPH, 0, NULL },
    { "searching", "search", PARL_TIER_MORPH, 0, NULL },
    { "searched", "search", PARL_TIER_MORPH, 0, NULL },
    { "saved", "recall", PARL_TIER_MORPH, 0, "insert" },
    { "saving", "recall", PARL_TIER_MORPH, 0, "insert" },
    { "stopping", "cancel", PARL_TIER_MORPH, 0, NULL },
    { "stopped", "cancel", PARL_TIER_MORPH, 0, NULL },
    { "cancelled", "cancel", PARL_TIER_MORPH, 0, NULL },
    { "replies", "reply", PARL_TIER_MORPH, 0, NULL },
    { "replied", "reply", PARL_TIER_MORPH, 0, NULL },
    { "denied", "deny", PARL_TIER_MORPH, 0, NULL },
    { "approved", "approve", PARL_TIER_MORPH, 0, NULL },
    { "calculating", "calc", PARL_TIER_MORPH, 0, NULL },
    { "fetches", "fetch", PARL_TIER_MORPH, 0, NULL },
    { "posting", "post", PARL_TIER_MORPH, 0, NULL },
    { "dms", "dm", PARL_TIER_MORPH, 0, NULL },
    /* spelling variants */
    { "memember", "recall", PARL_TIER_SPELLING, 0, "insert" },
    /* typos within the strictness limits */
    { "serch", "search", PARL_TIER_TYPO, 1, NULL },
    { "recal", "recall", PARL_TIER_TYPO, 1, NULL },
    { "rcal", "recall", PARL_TIER_TYPO, 2, NULL },
    { "remembr", "recall", PARL_TIER_TYPO, 1, "insert" },
    { "rmembr", "recall", PARL_TIER_TYPO, 2, "insert" },
    { "calclate", "calc", PARL_TIER_TYPO, 1, NULL },
    { "fecth", "fetch", PARL_TIER_TYPO, 2, NULL },
    { "escalte", "escalate", PARL_TIER_TYPO, 1, NULL },
    { "aprove", "approve", PARL_TIER_TYPO, 1, NULL },
    { "hallt", "halt", PARL_TIER_TYPO, 1, NULL },
    { "deyn", "deny", PARL_TIER_NONE, 0, NULL },       /* strict: a transposition is 2 */
    { "hlat", "halt", PARL_TIER_NONE, 0, NULL },
    /* phonetic: Soundex and Metaphone agree, beyond the typo limit */
    { "sned", "send", PARL_TIER_PHONETIC, 0, NULL },
    { "reekawl", "recall", PARL_TIER_PHONETIC, 0, NULL },
    { "aproov", "approve", PARL_TIER_NONE, 0, NULL },   /* strict: never phonetic */
    /* misses */
    { "retrieve", NULL, PARL_TIER_NONE, 0, NULL },
    { "xyzzy", NULL, PARL_TIER_NONE, 0, NULL },
    { "do", NULL, PARL_TIER_NONE, 0, NULL },
};

static void test_matrix(void)
{
    for (size_t i = 0; i < sizeof matrix / sizeof matrix[0]; i++) {
        const row *r = &matrix[i];
        parl_verb_match m = match(NULL, r->word);
        if (r->tier == PARL_TIER_NONE) {
            CHECK(m.verb < 0 && m.tier == PARL_TIER_NONE, "%s: want no match, got %s tier %d", r->word,
                  name(NULL, m.verb), m.tier);
            if (r->verb) {   /* a miss still suggests it */
                int found = 0;
                for (int k = 0; k < m.ncandidates; k++) found |= !strcmp(name(NULL, m.candidates[k]), r->verb);
                CHECK(found, "%s: want %s among the candidates", r->word, r->verb);
            }
            continue;
        }
        CHECK(!strcmp(name(NULL, m.verb), r->verb) && m.tier == r->tier && m.distance == r->dist,
              "%s: want %s tier %d distance %d, got %s tier %d distance %d", r->word, r->verb, r->tier,
              r->dist, name(NULL, m.verb), m.tier, m.distance);
        CHECK_EQ_STR(parl_op_name(m.op), r->op ? r->op : "");
        CHECK(!m.ambiguous && m.confidence > 0 && m.confidence <= 1, "%s: confidence %f", r->word,
              (double)m.confidence);
    }
}

/* Ties between verbs are ambiguities, never guesses. */
static void test_ambiguity(void)
{
    static const struct { const char *word, *a, *b; } ties[] = {
        { "dend", "send", "deny" }, { "calt", "calc", "halt" }, { "stor", "recall", "cancel" },
        { "fend", "search", "send" },
    };
    for (size_t i = 0; i < sizeof ties / sizeof ties[0]; i++) {
        parl_verb_match m = match(NULL, ties[i].word);
        CHECK(m.verb < 0 && m.ambiguous && m.tier == PARL_TIER_TYPO && m.ncandidates == 2,
              "%s: want an ambiguity, got %s amb %d", ties[i].word, name(NULL, m.verb), m.ambiguous);
        if (m.ncandidates == 2) {
            const char *x = name(NULL, m.candidates[0]), *y = name(NULL, m.candidates[1]);
            CHECK((!strcmp(x, ties[i].a) && !strcmp(y, ties[i].b)) || (!strcmp(x, ties[i].b) && !strcmp(y, ties[i].a)),
                  "%s: tied %s and %s", ties[i].word, x, y);
        }
    }
}

/* Strict verbs: every word matched to one is its name or alias, a
 * morphological or spelling form of one, or a typo of distance 1. Checked
 * on every one- and two-edit variant of their words and on random words. */
static const char *const strict_words[] = { "approve", "allow", "permit", "ok", "yes",
                                            "deny", "reject", "block", "no", "halt" };

static void check_strict(const char *w, size_t n, int *violations)
{
    parl_verb_match m;
    parl_match_verb(NULL, w, n, &m);
    if (m.verb < 0 || parl_verb_strictness(NULL, m.verb) != PARL_STRICTNESS_STRICT) return;
    bool ok = m.tier == PARL_TIER_EXACT || m.tier == PARL_TIER_CASE || m.tier == PARL_TIER_MORPH ||
              m.tier == PARL_TIER_SPELLING || (m.tier == PARL_TIER_TYPO && m.distance <= 1);
    if (!ok && (*violations)++ < 5)
        fprintf(stderr, "strict verb %s matched '%.*s' at tier %d distance %d\n", name(NULL, m.verb),
                (int)n, w, m.tier, m.distance);
}

static void edits(const char *w, size_t n, int depth, int *violations, long *tried)
{
    static const char letters[] = "aeiouynmrstplkdbhgwv";
    char buf[PARL_VERB_MAX_LEN + 4];
    for (size_t i = 0; i <= n; i++)
        for (int op = 0; op < 3; op++)
            for (size_t c = 0; c < (op == 1 ? 1 : sizeof letters - 1); c++) {
                size_t k = 0;
                if (op == 1 && i == n) continue;
                memcpy(buf, w, i);
                k = i;
                if (op == 0) buf[k++] = letters[c];                 /* insert */
                else if (op == 2 && i < n) buf[k++] = letters[c];   /* substitute */
                else if (op == 2) continue;
                size_t from = op == 0 ? i : i + 1;                   /* delete skips one */
                memcpy(buf + k, w + from, n - from);
                k += n - from;
                (*tried)++;
                check_strict(buf, k, violations);
                if (depth > 1) edits(buf, k, depth - 1, violations, tried);
            }
}

static void test_strictness(void)
{
    int violations = 0;
    long tried = 0;
    for (size_t i = 0; i < sizeof strict_words / sizeof strict_words[0]; i++)
        edits(strict_words[i], strlen(strict_words[i]), 2, &violations, &tried);
    CHECK(violations == 0, "%d strict-verb violations in %ld variants", violations, tried);
    CHECK(tried > 100000, "only %ld variants tried", tried);
    /* Phonetic look-alikes of strict verbs never match them. */
    static const char *const alikes[] = { "aproov", "apruv", "dinai", "hawwlt", "reejekt", "purrmmit" };
    for (size_t i = 0; i < sizeof alikes / sizeof alikes[0]; i++) {
        parl_verb_match m = match(NULL, alikes[i]);
        CHECK(m.verb < 0 || parl_verb_strictness(NULL, m.verb) != PARL_STRICTNESS_STRICT,
              "%s matched strict %s at tier %d", alikes[i], name(NULL, m.verb), m.tier);
    }
    /* Random words. */
    unsigned seed = 12345;
    char w[8];
    for (int i = 0; i < 200000; i++) {
        size_t n = 2 + (seed = seed * 1103515245u + 12345u) % 6;
        for (size_t k = 0; k < n; k++) w[k] = (char)('a' + (seed = seed * 1103515245u + 12345u) / 65536 % 26);
        check_strict(w, n, &violations);
    }
    CHECK(violations == 0, "%d strict-verb violations on random words", violations);
}

/* Tier 6: the host callback, off by default. */
static int embed(void *user, const char *word, size_t len, float *conf)
{
    (void)user;
    if (len == 8 && !memcmp(word, "retrieve", 8)) { *conf = 0.91f; return PARL_VERB_RECALL; }
    if (len == 5 && !memcmp(word, "agree", 5)) { *conf = 0.95f; return PARL_VERB_APPROVE; }
    if (len == 4 && !memcmp(word, "skim", 4)) { *conf = 0.5f; return PARL_VERB_SEARCH; }
    return -1;
}

static void test_semantic(void)
{
    parl_dialect_ctx ctx = { 0 };
    CHECK(match(&ctx, "retrieve").verb < 0, "semantic tier must be off by default");
    ctx.semantic = embed;
    parl_verb_match m = match(&ctx, "retrieve");
    CHECK(m.verb == PARL_VERB_RECALL && m.tier == PARL_TIER_SEMANTIC && m.confidence > 0.9f,
          "retrieve: got %s tier %d", name(&ctx, m.verb), m.tier);
    CHECK(match(&ctx, "agree").verb < 0, "strict verbs are never semantic matches");
    CHECK(match(&ctx, "skim").verb < 0, "below the default threshold");
    ctx.semantic_threshold = 0.4f;
    CHECK(match(&ctx, "skim").verb == PARL_VERB_SEARCH, "threshold from the context");
}

static void test_candidates(void)
{
    parl_verb_match m = match(NULL, "hlat");
    CHECK(m.verb < 0 && m.ncandidates >= 1 && !strcmp(name(NULL, m.candidates[0]), "halt"),
          "hlat: first candidate %s", m.ncandidates ? name(NULL, m.candidates[0]) : "-");
    m = match(NULL, "qqqqqqq");
    CHECK_EQ_INT(m.ncandidates, 0);
    /* Too long: no match, no candidates, no crash. */
    char big[PARL_VERB_MAX_LEN + 2];
    memset(big, 'r', sizeof big);
    m = (parl_verb_match){ 0 };
    parl_match_verb(NULL, big, sizeof big, &m);
    CHECK(m.verb < 0 && m.ncandidates == 0, "a too-long word must not match");
    parl_match_verb(NULL, big, 0, &m);
    CHECK(m.verb < 0, "empty word");
}

static void test_config(void)
{
    static parl_dialect_config cfg;
    parl_config_init(&cfg);
    int notify = parl_config_add_verb(&cfg, "notify", 6);
    CHECK_EQ_INT(notify, PARL_VERB_COUNT);
    CHECK_EQ_INT(parl_config_add_verb(&cfg, "notify", 6), PARL_CFG_EXISTS);
    CHECK_EQ_INT(parl_config_add_verb(&cfg, "Recall", 6), PARL_CFG_EXISTS);
    CHECK_EQ_INT(parl_config_add_verb(&cfg, "two words", 9), PARL_CFG_INVALID);
    CHECK_EQ_INT(parl_config_add_alias(&cfg, notify, "Heads  Up", 9, PARL_OP_NONE), 0);
    CHECK_EQ_STR(cfg.aliases[0].word, "heads up");
    CHECK_EQ_INT(parl_config_add_alias(&cfg, PARL_VERB_RECALL, "memorize", 8, PARL_OP_INSERT), 0);
    CHECK_EQ_INT(parl_config_add_alias(&cfg, PARL_VERB_RECALL, "find", 4, PARL_OP_NONE), PARL_CFG_EXISTS);
    CHECK_EQ_INT(parl_config_add_alias(&cfg, 999, "zzz", 3, PARL_OP_NONE), PARL_CFG_INVALID);
    char longw[PARL_CFG_NAME_MAX + 5];
    memset(longw, 'x', sizeof longw);
    CHECK_EQ_INT(parl_config_add_alias(&cfg, notify, longw, sizeof longw, PARL_OP_NONE), PARL_CFG_TOO_LONG);
    parl_dialect_ctx ctx = { .config = &cfg };
    CHECK_EQ_STR(parl_verb_name(&ctx, notify), "notify");
    CHECK_EQ_INT(parl_verb_intent(&ctx, notify), PARL_INTENT_CUSTOM);
    CHECK_EQ_INT(parl_verb_total(&ctx), PARL_VERB_COUNT + 1);
    parl_verb_match m = match(&ctx, "Memorize");
    CHECK(m.verb == PARL_VERB_RECALL && m.tier == PARL_TIER_CASE && m.op == PARL_OP_INSERT, "memorize");
    m = match(&ctx, "memorise");
    CHECK(m.verb == PARL_VERB_RECALL && m.tier == PARL_TIER_SPELLING, "memorise: %s %d", name(&ctx, m.verb), m.tier);
    m = match(&ctx, "notifying");
    CHECK(m.verb == notify && m.tier == PARL_TIER_MORPH, "notifying");
    m = match(&ctx, "notfy");
    CHECK(m.verb == notify && m.tier == PARL_TIER_TYPO, "notfy");
    m = match(&ctx, "heads up");
    CHECK(m.verb == notify && m.tier == PARL_TIER_EXACT, "heads up");
    CHECK_EQ_INT(parl_config_add_alias(&cfg, PARL_VERB_RECALL, "memorize", 8, PARL_OP_NONE), 0);
    CHECK_EQ_INT(parl_config_add_alias(&cfg, PARL_VERB_RECALL, "memorize", 8, PARL_OP_DELETE), PARL_CFG_EXISTS);
    CHECK_EQ_INT(parl_config_add_alias(&cfg, PARL_VERB_RECALL, "stash", 5, PARL_OP_INSERT), 0);
    m = match(&ctx, "stash");
    CHECK(m.verb == PARL_VERB_RECALL && m.op == PARL_OP_INSERT, "stash");
    CHECK(match(NULL, "stash").verb < 0, "config words stay out of the compiled table");
    parl_op op;
    CHECK_EQ_INT(parl_verb_lookup(&ctx, "HEADS UP", 8, &op), notify);
    /* Capacity. */
    static parl_dialect_config full;
    parl_config_init(&full);
    char w[8];
    int rc = 0;
    for (int i = 0; i <= PARL_CFG_MAX_VERBS && rc >= 0; i++) {
        snprintf(w, sizeof w, "zv%c%c", 'a' + i / 26, 'a' + i % 26);
        rc = parl_config_add_verb(&full, w, strlen(w));
    }
    CHECK_EQ_INT(rc, PARL_CFG_FULL);
}

/* Reference edit distance: the textbook table. */
static int dp(const char *a, size_t na, const char *b, size_t nb)
{
    int d[40][40];
    for (size_t i = 0; i <= na; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= nb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= na; i++)
        for (size_t j = 1; j <= nb; j++) {
            int c = (a[i - 1] | 32) != (b[j - 1] | 32);
            int v = d[i - 1][j - 1] + c;
            if (d[i - 1][j] + 1 < v) v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
            d[i][j] = v;
        }
    return d[na][nb];
}

static void test_measures(void)
{
    unsigned seed = 7;
    int bad = 0;
    for (int i = 0; i < 20000; i++) {
        char a[33], b[33];
        size_t na = (seed = seed * 1103515245u + 12345u) / 65536 % 33;
        size_t nb = (seed = seed * 1103515245u + 12345u) / 65536 % 33;
        for (size_t k = 0; k < na; k++) a[k] = (char)('a' + (seed = seed * 1103515245u + 12345u) / 65536 % 4);
        for (size_t k = 0; k < nb; k++) b[k] = (char)('a' + (seed = seed * 1103515245u + 12345u) / 65536 % 4);
        int want = dp(a, na, b, nb), max = (int)(seed % 40);
        int got = parl_levenshtein(a, na, b, nb, max);
        if (got != (want <= max ? want : max + 1) && bad++ < 3)
            fprintf(stderr, "levenshtein(%.*s, %.*s, %d) = %d, want %d\n", (int)na, a, (int)nb, b, max, got, want);
    }
    CHECK(bad == 0, "%d edit distances differ from the reference", bad);
    CHECK_EQ_INT(parl_levenshtein("Recall", 6, "recal", 5, 3), 1);
    CHECK_EQ_INT(parl_levenshtein("abc", 3, "xyzxyz", 6, 2), 3);

    static const char *const sx[][2] = {
        { "Robert", "R163" }, { "Rupert", "R163" }, { "Rubin", "R150" }, { "Ashcraft", "A261" },
        { "Tymczak", "T522" }, { "Pfister", "P236" }, { "Honeyman", "H555" }, { "send", "S530" },
        { "sned", "S530" }, { "a", "A000" },
    };
    char code[5];
    for (size_t i = 0; i < sizeof sx / sizeof sx[0]; i++) {
        parl_soundex(sx[i][0], strlen(sx[i][0]), code);
        CHECK_EQ_STR(code, sx[i][1]);
    }
    CHECK_EQ_INT(parl_soundex("123", 3, code), 0);
    static const char *const mp[][2] = {
        { "recall", "RKL" }, { "search", "SRX" }, { "send", "SNT" }, { "sned", "SNT" }, { "phone", "FN" },
        { "knife", "NF" }, { "wright", "RT" }, { "thumb", "0M" }, { "Xavier", "SFR" }, { "school", "SKL" },
        { "approve", "APRF" }, { "aproov", "APRF" },
    };
    char mcode[12];
    for (size_t i = 0; i < sizeof mp / sizeof mp[0]; i++) {
        parl_metaphone(mp[i][0], strlen(mp[i][0]), mcode, sizeof mcode);
        CHECK_EQ_STR(mcode, mp[i][1]);
    }
    parl_metaphone("approve", 7, mcode, 3);
    CHECK_EQ_STR(mcode, "AP");
}

/* The generated table agrees with itself: every verb has a name, a
 * description and examples; names round-trip through lookup. */
static void test_table(void)
{
    for (int v = 0; v < PARL_VERB_COUNT; v++) {
        const char *n = parl_verb_name(NULL, v);
        parl_op op;
        CHECK(n && parl_verb_lookup(NULL, n, strlen(n), &op) == v, "verb %d", v);
        CHECK(parl_verb_description(NULL, v)[0], "%s has no description", n);
        CHECK(parl_verb_example(NULL, v, 0) != NULL, "%s has no example", n);
        CHECK(parl_verb_intent(NULL, v) != PARL_INTENT_NONE, "%s has no intent", n);
    }
    CHECK_EQ_INT(parl_verb_strictness(NULL, PARL_VERB_HALT), PARL_STRICTNESS_STRICT);
    CHECK_EQ_INT(parl_verb_strictness(NULL, PARL_VERB_APPROVE), PARL_STRICTNESS_STRICT);
    CHECK_EQ_INT(parl_verb_strictness(NULL, PARL_VERB_DENY), PARL_STRICTNESS_STRICT);
    CHECK_EQ_INT(parl_verb_strictness(NULL, PARL_VERB_RECALL), PARL_STRICTNESS_LOOSE);
    CHECK_EQ_INT(parl_verb_strictness(NULL, PARL_VERB_SEARCH), PARL_STRICTNESS_LOOSE);
    CHECK_EQ_INT(parl_verb_strictness(NULL, PARL_VERB_SEND), PARL_STRICTNESS_NORMAL);
    CHECK_EQ_STR(parl_op_name(PARL_OP_PATCH), "patch");
    CHECK_EQ_INT(parl_op_from_name("append", 6), PARL_OP_APPEND);
    CHECK_EQ_INT(parl_strictness_from_name("loose", 5), PARL_STRICTNESS_LOOSE);
    CHECK_EQ_STR(parl_op_name((parl_op)999), "");
    CHECK(parl_verb_name(NULL, 999) == NULL && parl_verb_name(NULL, -1) == NULL, "out of range");
}

int main(void)
{
    test_matrix();
    test_ambiguity();
    test_strictness();
    test_semantic();
    test_candidates();
    test_config();
    test_measures();
    test_table();
    return TEST_SUMMARY("test_verbs");
}
