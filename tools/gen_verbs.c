/* SPDX-License-Identifier: MIT */
/* gen_verbs: the action-dialect module of the generator.
 *
 * Reads grammar/verbs.yaml, checks it (file:line:col errors) and writes
 *   gen/parl_dialect.h      public enums: verbs, intents, ops, scopes...
 *   gen/dialect_tables.c    vocabulary senses, verb specs, morphology,
 *                           spelling rules, markers, messages
 *   gen/dialect_lex.re      re2c: whole-span vocabulary lookup, the
 *                           reconsideration-phrase scanner, the command
 *                           token lexer
 *   gen/dialect_grammar.y   Lemon: the command syntax (chains, markers,
 *                           references, content forms)
 *   gen/policy_tables.c     roles and decisions (gen_policy.c)
 * The output depends only on the spec, in a fixed order, so a rerun is
 * byte-identical. */
#include "gen_verbs.h"
#include <stdlib.h>
#include <string.h>

#define SPEC "verbs.yaml"
#define SRC "grammar/verbs.yaml"

/* Names the runtime uses as enum constants: the spec must define them. */
static const char *const need_intents[] = { "recall", "context", "search", "send", "fetch",
                                            "web", "calc", "data", "authority", "custom" };
static const char *const need_ops[] = { "read", "search", "insert", "append", "delete", "patch",
                                        "replace", "archive", "load", "swap", "list" };
/* References the executor resolves itself, and their fields. */
static const char *const need_refs[] = { "last", "thread", "parent" };
static const char *const need_fields[] = { "output", "input", "result", "error", "content" };
static const char *const need_args[] = { "label", "content", "query", "message", "target",
                                         "url", "expression", "reason", "source", "patch" };

/* Modifier words: (intent, key) -> word class; `scopes`, `formats` and
 * `domains` are handled apart because they carry values. */
static const struct { const char *intent, *key, *cls; } modifier_keys[] = {
    { "search", "in", "PARL__WC_SEARCH_IN" },
    { "search", "everywhere", "PARL__WC_SEARCH_EVERYWHERE" },
    { "search", "about", "PARL__WC_SEARCH_ABOUT" },
    { "fetch", "as", "PARL__WC_FETCH_AS" },
    { "fetch", "continue", "PARL__WC_FETCH_CONTINUE" },
    { "context", "with", "PARL__WC_CONTEXT_WITH" },
    { "authority", "always", "PARL__WC_AUTH_ALWAYS" },
    { "authority", "because", "PARL__WC_AUTH_BECAUSE" },
};

static const char *const message_keys[] = {
    "ambiguous_verb", "ambiguous_args", "missing_arg", "unknown_modifier", "unknown_verb",
    "unknown_verb_plain", "invalid_reference", "invalid_marker", "malformed", "unknown_choice",
    "list_separator", "list_last",
};
/* In parl_detail order, after PARL_DETAIL_NONE. */
static const char *const detail_keys[] = { "unterminated", "dangling_arrow", "syntax",
                                           "too_long", "chain_too_long", "bad_patch" };
/* Template placeholders: the first six may appear in messages; a config
 * verb's template uses content, target and verb; policy sentences verb,
 * role and authority (gen_policy.c checks those). Each is a PARL__PH_ name. */
static const char *const placeholders[] = { "verb", "got", "arg", "options", "suggestion",
                                            "detail", "content", "target", "role", "authority" };
#define MESSAGE_PLACEHOLDERS 6

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------ the model */
typedef gen_names names;

typedef struct {
    char *text;          /* normalized phrase */
    const char *cls;     /* word class constant */
    int value, op;
    const ynode *at;
} sense;

typedef struct {
    const char *name;
    const ynode *at;
    int intent, strictness, authority;
    unsigned requires;      /* bit (1 << parl_arg) */
    int bare_target;
    int decides;            /* decides on requests (approve, deny, halt) */
    const char *description;
    const ynode *examples;
} verb;

typedef struct {
    char *from, *to;
    int undouble;
} rewrite;

typedef struct {
    gen_ctx *g;
    ydoc *d;
    int errors;
    names intents, ops, args, strict, authority, scopes, formats, markers, refs, fields;
    int strict_typo[16], strict_phon[16], strict_sem[16];
    verb *verbs;
    int nverbs;
    sense *senses;
    int nsenses, csenses;
    rewrite *irregular, *suffixes, *spelling;
    int nirregular, nsuffixes, nspelling, min_stem;
    char sigil;
    int min_len[4], suggest, default_strict, permission_authority, window;
    const char *phon_conf, *sem_thr;
    struct { const char *sym; int marker; } *msyms;
    int nmsyms;
    char **phrases;
    int nphrases, max_words;
    const ynode *messages, *details;
    gen_policy *policy;
} M;

static void *xmalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p) { fputs("parlgen: out of memory\n", stderr); exit(70); }
    return p;
}
static void *xgrow(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p) { fputs("parlgen: out of memory\n", stderr); exit(70); }
    return p;
}
static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

static int err(M *m, const ynode *at, const char *msg, const char *arg)
{
    yerr(at, msg, arg);
    m->errors++;
    return -1;
}

/* ----------------------------------------------------------- YAML access */
static const ynode *get(M *m, const ynode *map, const char *key, ykind kind, int required)
{
    const ynode *v = ymap_get(map, key);
    if (!v) {
        if (required) {
            char msg[160];
            snprintf(msg, sizeof msg, "missing key '%s'", key);
            err(m, map, "%s", msg);
        }
        return NULL;
    }
    if (v->kind != kind) {
        static const char *const kinds[] = { "a scalar", "a list", "a mapping" };
        char msg[200];
        snprintf(msg, sizeof msg, "'%s' must be %s", key, kinds[kind]);
        err(m, v, "%s", msg);
        return NULL;
    }
    return v;
}

static int is_ident(const char *s)
{
    if (!(*s >= 'a' && *s <= 'z')) return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_')) return 0;
    return 1;
}

static int find_name(const names *ns, const char *s)
{
    for (int i = 0; i < ns->n; i++)
        if (!strcmp(ns->name[i], s)) return i;
    return -1;
}

static void add_name(M *m, names *ns, const ynode *at)
{
    if (!yis_scalar(at) || !is_ident(at->text)) {
        err(m, at, "'%s' is not a name (lower-case letters, digits, _)",
            yis_scalar(at) ? at->text : "?");
        return;
    }
    if (find_name(ns, at->text) >= 0) { err(m, at, "'%s' is listed twice", at->text); return; }
    ns->name = xgrow(ns->name, (size_t)(ns->n + 1) * sizeof *ns->name);
    ns->at = xgrow(ns->at, (size_t)(ns->n + 1) * sizeof *ns->at);
    ns->name[ns->n] = at->text;
    ns->at[ns->n++] = at;
}

/* Names from a list, or from the keys of a mapping. */
static void read_names(M *m, const ynode *n, names *ns)
{
    if (!n) return;
    for (size_t i = 0; i < n->n; i++) add_name(m, ns, n->kind == Y_MAP ? ymap_key(n, i) : n->items[i]);
}

static void require_names(M *m, const ynode *at, const names *ns, const char *const *need,
                          size_t nneed, const char *what)
{
    for (size_t i = 0; i < nneed; i++)
        if (find_name(ns, need[i]) < 0) {
            char msg[160];
            snprintf(msg, sizeof msg, "%s must include '%s' (the runtime reads it)", what, need[i]);
            err(m, at, "%s", msg);
        }
}

/* A name that must be one of NS; returns its index or -1 (reported). */
static int name_ref(M *m, const ynode *n, const names *ns, const char *what)
{
    if (!yis_scalar(n)) { err(m, n, "expected %s name", what); return -1; }
    int i = find_name(ns, n->text);
    if (i < 0) {
        char msg[200];
        snprintf(msg, sizeof msg, "unknown %s '%s'", what, n->text);
        err(m, n, "%s", msg);
    }
    return i;
}

static int read_int(M *m, const ynode *n, int lo, int hi)
{
    if (!yis_scalar(n)) { err(m, n, "%s", "expected a number"); return lo; }
    char *end;
    long v = strtol(n->text, &end, 10);
    if (*n->text == 0 || *end || v < lo || v > hi) {
        char msg[120];
        snprintf(msg, sizeof msg, "expected a whole number from %d to %d", lo, hi);
        err(m, n, "%s", msg);
        return lo;
    }
    return (int)v;
}

static int read_bool(M *m, const ynode *n)
{
    if (yis_scalar(n) && !n->quoted && !strcmp(n->text, "true")) return 1;
    if (yis_scalar(n) && !n->quoted && !strcmp(n->text, "false")) return 0;
    err(m, n, "%s", "expected true or false");
    return 0;
}

/* A fraction in [0, 1], kept as written so the output is stable. */
static const char *read_unit_float(M *m, const ynode *n)
{
    if (!yis_scalar(n)) { err(m, n, "%s", "expected a number"); return "0"; }
    char *end;
    double v = strtod(n->text, &end);
    if (!*n->text || *end || !(v >= 0 && v <= 1)) {
        err(m, n, "%s", "expected a number from 0 to 1");
        return "0";
    }
    return n->text;
}

/* --------------------------------------------------------------- phrases */

/* Lower-cases a vocabulary phrase and checks it: words of printable
 * characters separated by single spaces, no quote marks (they delimit
 * content). Returns NULL (reported) when it is not usable. */
static char *norm_phrase(M *m, const ynode *n)
{
    if (!yis_scalar(n)) { err(m, n, "%s", "expected a word or phrase"); return NULL; }
    const unsigned char *s = (const unsigned char *)n->text;
    size_t len = strlen(n->text);
    if (len == 0 || len > 60) { err(m, n, "%s", "a word must have 1 to 60 bytes"); return NULL; }
    if (s[0] == ' ' || s[len - 1] == ' ') { err(m, n, "%s", "a word cannot start or end with a blank"); return NULL; }
    char *out = xmalloc(len + 1);
    size_t k = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = s[i];
        if (c == ' ' && s[i + 1] == ' ') continue;
        if (c < 0x20 || c == 0x7f || c == '"' || c == '`' || c == '\t') {
            err(m, n, "'%s' has a character that cannot be part of a word", n->text);
            free(out);
            return NULL;
        }
        out[k++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    out[k] = 0;
    return out;
}

static int count_words(const char *s)
{
    int w = 1;
    for (; *s; s++) w += *s == ' ';
    return w;
}

static int is_wordch(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

static void add_sense(M *m, const ynode *at, const char *cls, int value, int op)
{
    char *t = norm_phrase(m, at);
    if (!t) return;
    for (int i = 0; i < m->nsenses; i++) {
        sense *o = &m->senses[i];
        /* Subcommands are per verb ("read" for context and for data); any
         * other class gives a word one meaning only. */
        if (strcmp(o->text, t) || strcmp(o->cls, cls)) continue;
        if (!strcmp(cls, "PARL__WC_SUBCOMMAND") && o->value != value) continue;
        char msg[300];
        if (!strcmp(cls, "PARL__WC_VERB") && o->value != value)
            snprintf(msg, sizeof msg, "'%s' already names verb '%s' (line %d)", t,
                     m->verbs[o->value].name, o->at->line);
        else
            snprintf(msg, sizeof msg, "'%s' is already listed here (line %d)", t, o->at->line);
        err(m, at, "%s", msg);
        free(t);
        return;
    }
    if (m->nsenses == m->csenses) {
        m->csenses = m->csenses ? m->csenses * 2 : 64;
        m->senses = xgrow(m->senses, (size_t)m->csenses * sizeof *m->senses);
    }
    int words = count_words(t);
    if (words > m->max_words) m->max_words = words;
    m->senses[m->nsenses++] = (sense){ t, cls, value, op, at };
}

/* Words of a list: each one a sense of class CLS. */
static void add_word_list(M *m, const ynode *list, const char *cls, int value, int op)
{
    if (!list) return;
    if (list->kind != Y_SEQ) { err(m, list, "%s", "expected a list of words"); return; }
    for (size_t i = 0; i < list->n; i++) add_sense(m, list->items[i], cls, value, op);
}

/* -------------------------------------------------------------- reading */
static void read_config_verbs(M *m, const ynode *root)
{
    const ynode *c = get(m, root, "config_verbs", Y_MAP, 1);
    if (!c) return;
    static const char *const keys[] = { "default_strictness", "permission_authority" };
    m->errors += yonly_keys(c, keys, N(keys));
    const ynode *ds = get(m, c, "default_strictness", Y_SCALAR, 1);
    m->default_strict = ds ? name_ref(m, ds, &m->strict, "strictness") : 0;
    const ynode *pa = get(m, c, "permission_authority", Y_SCALAR, 1);
    m->permission_authority = pa ? name_ref(m, pa, &m->authority, "authority level") : 0;
}

static void read_syntax(M *m, const ynode *root)
{
    const ynode *s = get(m, root, "syntax", Y_MAP, 1);
    if (!s) return;
    static const char *const keys[] = { "sigil", "do_marker", "confirmation_window" };
    m->errors += yonly_keys(s, keys, N(keys));
    const ynode *w = get(m, s, "confirmation_window", Y_SCALAR, 1);
    m->window = w ? read_int(m, w, 1, 1000) : 1;
    const ynode *sig = get(m, s, "sigil", Y_SCALAR, 1);
    if (sig) {
        if (strlen(sig->text) != 1 || !strchr("/\\!%&", sig->text[0]))
            err(m, sig, "%s", "the sigil must be one of / \\ ! % &");
        else m->sigil = sig->text[0];
    }
    const ynode *d = get(m, s, "do_marker", Y_SCALAR, 1);
    if (d) {
        if (!is_ident(d->text)) err(m, d, "%s", "the do marker must be one lower-case word");
        else add_sense(m, d, "PARL__WC_DO", 0, 0);
    }
}

static void read_strictness(M *m, const ynode *root)
{
    const ynode *s = get(m, root, "strictness", Y_MAP, 1);
    if (!s) return;
    read_names(m, s, &m->strict);
    if (m->strict.n > 16) { err(m, s, "%s", "at most 16 strictness levels"); return; }
    for (size_t i = 0; i < s->n; i++) {
        const ynode *v = ymap_val(s, i);
        if (v->kind != Y_MAP) { err(m, v, "%s", "expected { typo, phonetic, semantic }"); continue; }
        static const char *const keys[] = { "typo", "phonetic", "semantic" };
        m->errors += yonly_keys(v, keys, N(keys));
        const ynode *t = get(m, v, "typo", Y_SCALAR, 1), *p = get(m, v, "phonetic", Y_SCALAR, 1),
                    *se = get(m, v, "semantic", Y_SCALAR, 1);
        m->strict_typo[i] = t ? read_int(m, t, 0, 3) : 0;
        m->strict_phon[i] = p ? read_bool(m, p) : 0;
        m->strict_sem[i] = se ? read_bool(m, se) : 0;
    }
}

static void read_matching(M *m, const ynode *root)
{
    const ynode *s = get(m, root, "matching", Y_MAP, 1);
    if (!s) return;
    static const char *const keys[] = { "min_length_for_distance", "suggest_distance",
                                        "phonetic_confidence", "semantic_threshold" };
    m->errors += yonly_keys(s, keys, N(keys));
    const ynode *ml = get(m, s, "min_length_for_distance", Y_MAP, 1);
    for (int d = 1; d <= 3; d++) m->min_len[d] = 255;
    for (size_t i = 0; ml && i < ml->n; i++) {
        int d = read_int(m, ymap_key(ml, i), 1, 3);
        m->min_len[d] = read_int(m, ymap_val(ml, i), 1, 32);   /* PARL_VERB_MAX_LEN */
    }
    const ynode *sd = get(m, s, "suggest_distance", Y_SCALAR, 1);
    m->suggest = sd ? read_int(m, sd, 0, 5) : 0;
    const ynode *pc = get(m, s, "phonetic_confidence", Y_SCALAR, 1);
    m->phon_conf = pc ? read_unit_float(m, pc) : "0";
    const ynode *st = get(m, s, "semantic_threshold", Y_SCALAR, 1);
    m->sem_thr = st ? read_unit_float(m, st) : "0";
}

/* `aliases:` items are words, or { word: op } for an implied operation. */
static void read_aliases(M *m, const ynode *list, int v)
{
    if (!list) return;
    for (size_t i = 0; i < list->n; i++) {
        const ynode *it = list->items[i];
        if (it->kind == Y_MAP) {
            if (it->n != 1) { err(m, it, "%s", "an alias with an operation is { word: op }"); continue; }
            int op = name_ref(m, ymap_val(it, 0), &m->ops, "operation");
            if (op >= 0) add_sense(m, ymap_key(it, 0), "PARL__WC_VERB", v, op + 1);
        } else add_sense(m, it, "PARL__WC_VERB", v, 0);
    }
}

static void read_verbs(M *m, const ynode *root)
{
    const ynode *vs = get(m, root, "verbs", Y_MAP, 1);
    if (!vs) return;
    if (vs->n > 250) { err(m, vs, "%s", "at most 250 verbs"); return; }
    m->verbs = xmalloc(vs->n * sizeof *m->verbs);
    for (size_t i = 0; i < vs->n; i++) {
        const ynode *k = ymap_key(vs, i), *e = ymap_val(vs, i);
        verb *v = &m->verbs[m->nverbs];
        if (!is_ident(k->text)) { err(m, k, "verb name '%s' must be one lower-case word", k->text); continue; }
        if (e->kind != Y_MAP) { err(m, e, "%s", "a verb is a mapping"); continue; }
        static const char *const keys[] = { "intent", "strictness", "authority", "aliases",
                                            "subcommands", "description", "examples",
                                            "requires", "bare_target", "decides" };
        m->errors += yonly_keys(e, keys, N(keys));
        v->name = k->text;
        v->at = k;
        const ynode *n;
        v->intent = (n = get(m, e, "intent", Y_SCALAR, 1)) ? name_ref(m, n, &m->intents, "intent") : -1;
        v->strictness = (n = get(m, e, "strictness", Y_SCALAR, 1)) ? name_ref(m, n, &m->strict, "strictness") : -1;
        v->authority = (n = get(m, e, "authority", Y_SCALAR, 1)) ? name_ref(m, n, &m->authority, "authority level") : -1;
        v->description = (n = get(m, e, "description", Y_SCALAR, 1)) ? n->text : "";
        const ynode *req = get(m, e, "requires", Y_SEQ, 0);
        for (size_t j = 0; req && j < req->n; j++) {
            int a = name_ref(m, req->items[j], &m->args, "argument");
            if (a >= 0) v->requires |= 1u << (a + 1);
        }
        v->bare_target = (n = get(m, e, "bare_target", Y_SCALAR, 0)) ? read_bool(m, n) : 0;
        v->decides = (n = get(m, e, "decides", Y_SCALAR, 0)) ? read_bool(m, n) : 0;
        v->examples = get(m, e, "examples", Y_SEQ, 1);
        if (v->examples) {
            if (v->examples->n == 0 || v->examples->n > 20) err(m, v->examples, "%s", "give 1 to 20 examples");
            for (size_t j = 0; j < v->examples->n; j++)
                if (!yis_scalar(v->examples->items[j]) || v->examples->items[j]->text[0] != m->sigil)
                    err(m, v->examples->items[j], "%s", "an example is a command starting with the sigil");
        }
        int id = m->nverbs++;
        add_sense(m, k, "PARL__WC_VERB", id, 0);
        read_aliases(m, get(m, e, "aliases", Y_SEQ, 0), id);
        const ynode *sub = get(m, e, "subcommands", Y_MAP, 0);
        for (size_t j = 0; sub && j < sub->n; j++) {
            int op = name_ref(m, ymap_key(sub, j), &m->ops, "operation");
            if (op >= 0) add_word_list(m, ymap_val(sub, j), "PARL__WC_SUBCOMMAND", id, op + 1);
        }
    }
}

static void read_valued_words(M *m, const ynode *map, names *ns, const char *cls)
{
    if (!map) return;
    read_names(m, map, ns);
    for (size_t i = 0; i < map->n; i++)
        add_word_list(m, ymap_val(map, i), cls, i < (size_t)ns->n ? (int)i + 1 : 0, 0);
}

static void read_modifiers(M *m, const ynode *root)
{
    const ynode *mods = get(m, root, "modifiers", Y_MAP, 1);
    if (!mods) return;
    for (size_t i = 0; i < mods->n; i++) {
        const ynode *k = ymap_key(mods, i), *e = ymap_val(mods, i);
        if (name_ref(m, k, &m->intents, "intent") < 0) continue;
        if (e->kind != Y_MAP) { err(m, e, "%s", "expected a mapping of modifier words"); continue; }
        for (size_t j = 0; j < e->n; j++) {
            const ynode *mk = ymap_key(e, j), *mv = ymap_val(e, j);
            const char *in = k->text, *key = mk->text;
            if (!strcmp(in, "search") && !strcmp(key, "scopes")) {
                if (mv->kind != Y_MAP) err(m, mv, "%s", "scopes: { name: [words] }");
                else read_valued_words(m, mv, &m->scopes, "PARL__WC_SCOPE");
                continue;
            }
            if (!strcmp(in, "fetch") && !strcmp(key, "formats")) {
                if (mv->kind != Y_MAP) err(m, mv, "%s", "formats: { name: [words] }");
                else read_valued_words(m, mv, &m->formats, "PARL__WC_FORMAT");
                continue;
            }
            if (!strcmp(in, "send") && !strcmp(key, "domains")) {
                add_word_list(m, mv, "PARL__WC_DOMAIN", 0, 0);
                continue;
            }
            size_t x = 0;
            while (x < N(modifier_keys) && (strcmp(modifier_keys[x].intent, in) || strcmp(modifier_keys[x].key, key))) x++;
            if (x == N(modifier_keys)) { err(m, mk, "unknown modifier '%s' for this intent", key); continue; }
            add_word_list(m, mv, modifier_keys[x].cls, 0, 0);
        }
    }
    for (size_t x = 0; x < N(modifier_keys); x++) {
        const ynode *e = ymap_get(mods, modifier_keys[x].intent);
        if (!e || e->kind != Y_MAP || !ymap_get(e, modifier_keys[x].key)) {
            char msg[160];
            snprintf(msg, sizeof msg, "modifiers.%s needs '%s'", modifier_keys[x].intent, modifier_keys[x].key);
            err(m, mods, "%s", msg);
        }
    }
}

static void read_markers(M *m, const ynode *root)
{
    const ynode *mk = get(m, root, "markers", Y_MAP, 1);
    if (!mk) return;
    m->msyms = xmalloc(mk->n * sizeof *m->msyms);
    for (size_t i = 0; i < mk->n; i++) {
        const ynode *k = ymap_key(mk, i), *v = ymap_val(mk, i);
        if (!*k->text || strspn(k->text, ".?!") != strlen(k->text) || strlen(k->text) > 3) {
            err(m, k, "marker '%s' must be 1 to 3 of . ? !", k->text);
            continue;
        }
        if (!yis_scalar(v) || !is_ident(v->text)) { err(m, v, "%s", "a marker's name is one lower-case word"); continue; }
        int id = find_name(&m->markers, v->text);
        if (id < 0) {
            add_name(m, &m->markers, v);
            id = m->markers.n - 1;
            add_sense(m, v, "PARL__WC_MARKER", id + 1, 0);
        }
        m->msyms[m->nmsyms].sym = k->text;
        m->msyms[m->nmsyms++].marker = id + 1;
    }
}

static void read_references(M *m, const ynode *root)
{
    const ynode *r = get(m, root, "references", Y_SEQ, 1), *f = get(m, root, "reference_fields", Y_SEQ, 1);
    read_names(m, r, &m->refs);
    read_names(m, f, &m->fields);
    require_names(m, r ? r : root, &m->refs, need_refs, N(need_refs), "references");
    require_names(m, f ? f : root, &m->fields, need_fields, N(need_fields), "reference_fields");
    for (int i = 0; i < m->refs.n; i++) add_sense(m, m->refs.at[i], "PARL__WC_REFERENCE", i, 0);
    for (int i = 0; i < m->fields.n; i++) add_sense(m, m->fields.at[i], "PARL__WC_REF_FIELD", i, 0);
}

/* A single lower-case word (morphology and spelling work on words). */
static char *read_word(M *m, const ynode *n, int allow_empty)
{
    if (!yis_scalar(n)) { err(m, n, "%s", "expected a word"); return NULL; }
    if (!*n->text && allow_empty) return xstrdup("");
    for (const char *s = n->text; *s; s++)
        if (!(*s >= 'a' && *s <= 'z') && *s != '\'') {
            err(m, n, "'%s' must be lower-case letters", n->text);
            return NULL;
        }
    if (!*n->text) { err(m, n, "%s", "expected a word"); return NULL; }
    if (strlen(n->text) > 24) { err(m, n, "%s", "at most 24 letters"); return NULL; }
    return xstrdup(n->text);
}

static void read_morphology(M *m, const ynode *root)
{
    const ynode *mo = get(m, root, "morphology", Y_MAP, 1);
    if (!mo) return;
    static const char *const keys[] = { "irregular", "suffixes", "min_stem" };
    m->errors += yonly_keys(mo, keys, N(keys));
    const ynode *irr = get(m, mo, "irregular", Y_MAP, 1), *suf = get(m, mo, "suffixes", Y_SEQ, 1),
                *ms = get(m, mo, "min_stem", Y_SCALAR, 1);
    m->min_stem = ms ? read_int(m, ms, 1, 10) : 2;
    if (irr) {
        m->irregular = xmalloc(irr->n * sizeof *m->irregular);
        for (size_t i = 0; i < irr->n; i++) {
            char *a = read_word(m, ymap_key(irr, i), 0), *b = read_word(m, ymap_val(irr, i), 0);
            if (a && b) m->irregular[m->nirregular++] = (rewrite){ a, b, 0 };
        }
    }
    if (suf) {
        m->suffixes = xmalloc(suf->n * sizeof *m->suffixes);
        for (size_t i = 0; i < suf->n; i++) {
            const ynode *r = suf->items[i];
            if (r->kind != Y_MAP) { err(m, r, "%s", "a suffix rule is { strip, add, undouble }"); continue; }
            static const char *const rk[] = { "strip", "add", "undouble" };
            m->errors += yonly_keys(r, rk, N(rk));
            const ynode *s = get(m, r, "strip", Y_SCALAR, 1), *a = get(m, r, "add", Y_SCALAR, 1),
                        *u = get(m, r, "undouble", Y_SCALAR, 0);
            char *sw = s ? read_word(m, s, 0) : NULL, *aw = a ? read_word(m, a, 1) : NULL;
            if (sw && aw) m->suffixes[m->nsuffixes++] = (rewrite){ sw, aw, u ? read_bool(m, u) : 0 };
        }
    }
}

static void read_spelling(M *m, const ynode *root)
{
    const ynode *sp = get(m, root, "spelling", Y_SEQ, 1);
    if (!sp) return;
    m->spelling = xmalloc(sp->n * sizeof *m->spelling);
    for (size_t i = 0; i < sp->n; i++) {
        const ynode *r = sp->items[i];
        if (r->kind != Y_MAP) { err(m, r, "%s", "a spelling rule is { from, to }"); continue; }
        static const char *const rk[] = { "from", "to" };
        m->errors += yonly_keys(r, rk, N(rk));
        const ynode *f = get(m, r, "from", Y_SCALAR, 1), *t = get(m, r, "to", Y_SCALAR, 1);
        char *fw = f ? read_word(m, f, 0) : NULL, *tw = t ? read_word(m, t, 0) : NULL;
        if (fw && tw) m->spelling[m->nspelling++] = (rewrite){ fw, tw, 0 };
    }
}

static void read_reconsideration(M *m, const ynode *root)
{
    const ynode *r = get(m, root, "reconsideration", Y_SEQ, 1);
    if (!r) return;
    m->phrases = xmalloc(r->n * sizeof *m->phrases);
    for (size_t i = 0; i < r->n; i++) {
        char *p = norm_phrase(m, r->items[i]);
        if (!p) continue;
        if (!(p[0] >= 'a' && p[0] <= 'z')) { err(m, r->items[i], "%s", "a phrase starts with a letter"); continue; }
        for (int j = 0; j < m->nphrases; j++)
            if (!strcmp(m->phrases[j], p)) err(m, r->items[i], "'%s' is listed twice", p);
        m->phrases[m->nphrases++] = p;
    }
}

/* Placeholders in a message must be known ones. */
static void check_template(M *m, const ynode *n)
{
    for (const char *s = n->text; (s = strchr(s, '{')); s++) {
        const char *e = strchr(s, '}');
        size_t i = 0;
        while (e && i < MESSAGE_PLACEHOLDERS &&
               (strlen(placeholders[i]) != (size_t)(e - s - 1) || strncmp(placeholders[i], s + 1, (size_t)(e - s - 1))))
            i++;
        if (!e || i == MESSAGE_PLACEHOLDERS) { err(m, n, "unknown placeholder in '%s'", n->text); return; }
    }
}

static void read_messages(M *m, const ynode *root)
{
    m->messages = get(m, root, "messages", Y_MAP, 1);
    if (!m->messages) return;
    const char *keys[N(message_keys) + 1];
    for (size_t i = 0; i < N(message_keys); i++) keys[i] = message_keys[i];
    keys[N(message_keys)] = "details";
    m->errors += yonly_keys(m->messages, keys, N(keys));
    for (size_t i = 0; i < N(message_keys); i++) {
        const ynode *n = get(m, m->messages, message_keys[i], Y_SCALAR, 1);
        if (n) check_template(m, n);
    }
    m->details = get(m, m->messages, "details", Y_MAP, 1);
    if (m->details) {
        m->errors += yonly_keys(m->details, detail_keys, N(detail_keys));
        for (size_t i = 0; i < N(detail_keys); i++) get(m, m->details, detail_keys[i], Y_SCALAR, 1);
    }
}

/* The roles and decisions (gen_policy.c), read against the names above. */
static void read_policy(M *m, const ynode *root)
{
    const char **vname = xmalloc((size_t)m->nverbs * sizeof *vname);
    const ynode **vat = xmalloc((size_t)m->nverbs * sizeof *vat);
    int *vauth = xmalloc((size_t)m->nverbs * sizeof *vauth), *vdec = xmalloc((size_t)m->nverbs * sizeof *vdec);
    for (int i = 0; i < m->nverbs; i++) {
        vname[i] = m->verbs[i].name;
        vat[i] = m->verbs[i].at;
        vauth[i] = m->verbs[i].authority;
        vdec[i] = m->verbs[i].decides;
    }
    gen_dialect d = { &m->ops, &m->authority, &m->markers, m->nverbs, vname, vat, vauth, vdec };
    m->policy = gen_policy_read(root, &d, &m->errors);
    if (m->policy && gen_policy_tables(m->g, m->policy)) m->errors++;
    free(vname);
    free(vat);
    free(vauth);
    free(vdec);
}

static void read_spec(M *m)
{
    const ynode *root = m->d->root;
    static const char *const keys[] = {
        "syntax", "strictness", "matching", "config_verbs", "authority_levels", "intents", "ops", "args", "verbs",
        "modifiers", "markers", "references", "reference_fields", "morphology", "spelling",
        "reconsideration", "messages", "roles", "policy",
    };
    m->errors += yonly_keys(root, keys, N(keys));
    read_names(m, get(m, root, "intents", Y_SEQ, 1), &m->intents);
    require_names(m, root, &m->intents, need_intents, N(need_intents), "intents");
    read_names(m, get(m, root, "ops", Y_SEQ, 1), &m->ops);
    require_names(m, root, &m->ops, need_ops, N(need_ops), "ops");
    read_names(m, get(m, root, "args", Y_SEQ, 1), &m->args);
    require_names(m, root, &m->args, need_args, N(need_args), "args");
    const ynode *al = get(m, root, "authority_levels", Y_MAP, 1);
    read_names(m, al, &m->authority);
    read_strictness(m, root);
    read_matching(m, root);
    read_config_verbs(m, root);
    read_syntax(m, root);
    read_verbs(m, root);
    read_modifiers(m, root);
    read_markers(m, root);
    read_references(m, root);
    read_morphology(m, root);
    read_spelling(m, root);
    read_reconsideration(m, root);
    read_messages(m, root);
    if (!m->errors && m->nverbs == 0) err(m, root, "%s", "no verbs");
    if (!m->errors) read_policy(m, root);
}

/* -------------------------------------------------------------- writing */

/* A comment-safe copy of S. */
static void comment(FILE *f, const char *s)
{
    for (; *s; s++) fputc((s[0] == '*' && s[1] == '/') || (unsigned char)*s < 0x20 ? '_' : *s, f);
}

static void emit_enum(FILE *f, const char *type, const char *prefix, const names *ns, int with_none)
{
    fputs("typedef enum {\n", f);
    if (with_none) fprintf(f, "    %s_NONE,\n", prefix);
    for (int i = 0; i < ns->n; i++) {
        fprintf(f, "    %s_", prefix);
        gen_upper(f, ns->name[i]);
        fputs(",\n", f);
    }
    fprintf(f, "    %s_COUNT\n} %s;\n\n", prefix, type);
}

static int emit_header(M *m)
{
    FILE *f = gen_create(m->g, "parl_dialect.h", SRC);
    if (!f) return 1;
    fputs("/* The action dialect's vocabulary as enums (see runtime/parlance.h). */\n"
          "#ifndef PARL_DIALECT_H\n#define PARL_DIALECT_H\n\n", f);
    names verbs = { 0 };
    verbs.n = m->nverbs;
    verbs.name = xmalloc((size_t)m->nverbs * sizeof *verbs.name);
    for (int i = 0; i < m->nverbs; i++) verbs.name[i] = (char *)m->verbs[i].name;
    emit_enum(f, "parl_verb", "PARL_VERB", &verbs, 0);
    free(verbs.name);
    emit_enum(f, "parl_intent_kind", "PARL_INTENT", &m->intents, 1);
    emit_enum(f, "parl_op", "PARL_OP", &m->ops, 1);
    emit_enum(f, "parl_scope", "PARL_SCOPE", &m->scopes, 1);
    emit_enum(f, "parl_format", "PARL_FORMAT", &m->formats, 1);
    emit_enum(f, "parl_marker", "PARL_MARKER", &m->markers, 1);
    emit_enum(f, "parl_arg", "PARL_ARG", &m->args, 1);
    emit_enum(f, "parl_reference", "PARL_REF", &m->refs, 1);
    emit_enum(f, "parl_ref_field", "PARL_FIELD", &m->fields, 1);
    emit_enum(f, "parl_strictness", "PARL_STRICTNESS", &m->strict, 0);
    emit_enum(f, "parl_authority", "PARL_AUTHORITY", &m->authority, 0);
    gen_policy_enums(f, m->policy);
    fputs("#endif\n", f);
    return gen_close(m->g, f);
}

/* The string pool: every string of the tables once, referred to by its
 * offset, so the tables hold no pointers. */
typedef struct {
    char *buf;
    size_t len, cap;
} pool;

static unsigned pool_add(M *m, pool *p, const char *s)
{
    size_t n = strlen(s);
    for (size_t off = 0; off < p->len; off += strlen(p->buf + off) + 1)
        if (!strcmp(p->buf + off, s)) return (unsigned)off;
    if (p->len + n + 1 > p->cap) {
        p->cap = (p->len + n + 1) * 2;
        p->buf = xgrow(p->buf, p->cap);
    }
    memcpy(p->buf + p->len, s, n + 1);
    size_t off = p->len;
    p->len += n + 1;
    if (off > 65535) {
        err(m, m->d->root, "%s", "the dialect's strings exceed 64 KiB");
        return 0;
    }
    return (unsigned)off;
}

static void emit_pool(FILE *f, const pool *p)
{
    fputs("const char parl__dia_str[] =", f);
    if (!p->len) fputs(" \"\"", f);
    for (size_t off = 0; off < p->len; off += strlen(p->buf + off) + 1) {
        fprintf(f, "\n    /* %5zu */ ", off);
        gen_cstr(f, p->buf + off);
        fputs(" \"\\000\"", f);
    }
    fputs(";\n", f);
}

static void emit_names(M *m, pool *p, FILE *f, const char *var, const char *count, const names *ns, int with_none)
{
    fprintf(f, "const parl__str %s[%s] = {", var, count);
    if (with_none) fprintf(f, " %u,", pool_add(m, p, ""));
    for (int i = 0; i < ns->n; i++) fprintf(f, " %u,", pool_add(m, p, ns->name[i]));
    fputs(" };\n", f);
}

/* Distinct phrases in byte order, each with its senses. */
typedef struct {
    const char *text;
    int first, n;
} wordent;

static int cmp_sense(const void *a, const void *b)
{
    const sense *x = a, *y = b;
    int c = strcmp(x->text, y->text);
    if (!c) c = strcmp(x->cls, y->cls);
    if (!c) c = x->value - y->value;
    if (!c) c = x->op - y->op;
    return c;
}

static wordent *group_words(M *m, int *nw)
{
    qsort(m->senses, (size_t)m->nsenses, sizeof *m->senses, cmp_sense);
    wordent *w = xmalloc((size_t)(m->nsenses + 1) * sizeof *w);
    int n = 0;
    for (int i = 0; i < m->nsenses; i++) {
        if (n && !strcmp(w[n - 1].text, m->senses[i].text)) { w[n - 1].n++; continue; }
        w[n++] = (wordent){ m->senses[i].text, i, 1 };
    }
    *nw = n;
    return w;
}

static void emit_rewrites(M *m, pool *p, FILE *f, const char *var, const rewrite *r, int n)
{
    fprintf(f, "const parl__rewrite %s[] = {\n", var);
    for (int i = 0; i < n; i++) {
        /* one call each, in turn: the order of a call's arguments is the
         * compiler's, and the pool's offsets must not be */
        unsigned from = pool_add(m, p, r[i].from), to = pool_add(m, p, r[i].to);
        fprintf(f, "    { %u, %u, %zu, %zu, %s }, /* %s -> %s */\n", from, to, strlen(r[i].from),
                strlen(r[i].to), r[i].undouble ? "true" : "false", r[i].from, r[i].to);
    }
    if (!n) fputs("    { 0, 0, 0, 0, false },\n", f);
    fputs("};\n", f);
}

static unsigned msg_text(M *m, pool *p, const char *key)
{
    const ynode *n = ymap_get(m->messages, key);
    return pool_add(m, p, n && n->kind == Y_SCALAR ? n->text : "");
}

static int emit_tables(M *m, const wordent *w, int nw)
{
    FILE *f = gen_create(m->g, "dialect_tables.c", SRC);
    if (!f) return 1;
    pool p = { 0 };
    fputs("/* The action dialect's tables (declared in runtime/dialect_vocab.h).\n"
          " * Strings are offsets into parl__dia_str, at the end. */\n"
          "#include \"dialect_vocab.h\"\n\n", f);

    fputs("const parl__dsense parl__dia_senses[] = {\n", f);
    for (int i = 0; i < m->nsenses; i++) {
        const sense *s = &m->senses[i];
        fprintf(f, "    { %s, %d, %d }, /* ", s->cls, s->op, s->value);
        comment(f, s->text);
        fputs(" */\n", f);
    }
    fputs("};\n\nconst parl__dword parl__dia_words[] = {\n", f);
    for (int i = 0; i < nw; i++) {
        fprintf(f, "    { %u, %zu, %d, %d, %d }, /* ", pool_add(m, &p, w[i].text), strlen(w[i].text),
                count_words(w[i].text), w[i].first, w[i].n);
        comment(f, w[i].text);
        fputs(" */\n", f);
    }
    fprintf(f, "};\nconst int parl__dia_nwords = %d;\nconst int parl__dia_max_phrase_words = %d;\n\n",
            nw, m->max_words);

    /* Single-word verb names and aliases for the typo and phonetic tiers. */
    fputs("const parl__verb_word parl__dia_verb_words[] = {\n", f);
    int nvw = 0;
    for (int i = 0; i < m->nsenses; i++) {
        const sense *s = &m->senses[i];
        if (strcmp(s->cls, "PARL__WC_VERB") || strchr(s->text, ' ')) continue;
        fprintf(f, "    { %u, %zu, %d, %d }, /* ", pool_add(m, &p, s->text), strlen(s->text), s->op, s->value);
        comment(f, s->text);
        fputs(" */\n", f);
        nvw++;
    }
    fprintf(f, "};\nconst int parl__dia_nverb_words = %d;\n\n", nvw);

    fputs("const parl__str parl__dia_examples[] = {\n", f);
    int nex = 0;
    int *first = xmalloc((size_t)m->nverbs * sizeof *first);
    for (int i = 0; i < m->nverbs; i++) {
        const verb *v = &m->verbs[i];
        first[i] = nex;
        for (size_t j = 0; v->examples && j < v->examples->n; j++, nex++) {
            fprintf(f, "    %u, /* ", pool_add(m, &p, v->examples->items[j]->text));
            comment(f, v->examples->items[j]->text);
            fputs(" */\n", f);
        }
    }
    if (!nex) fputs("    0,\n", f);
    fputs("};\n\nconst parl__verb_spec parl__dia_verbs[PARL_VERB_COUNT] = {\n", f);
    for (int i = 0; i < m->nverbs; i++) {
        const verb *v = &m->verbs[i];
        fprintf(f, "    { %u, PARL_INTENT_", pool_add(m, &p, v->name));
        gen_upper(f, m->intents.name[v->intent]);
        fputs(", PARL_STRICTNESS_", f);
        gen_upper(f, m->strict.name[v->strictness]);
        fputs(", PARL_AUTHORITY_", f);
        gen_upper(f, m->authority.name[v->authority]);
        fprintf(f, ", %zu, 0x%xu, %s, %u, %d }, /* %s */\n", v->examples ? v->examples->n : 0, v->requires,
                v->bare_target ? "true" : "false", pool_add(m, &p, v->description), first[i], v->name);
    }
    free(first);
    fputs("};\n\nconst parl__strict_spec parl__dia_strict[PARL_STRICTNESS_COUNT] = {\n", f);
    for (int i = 0; i < m->strict.n; i++)
        fprintf(f, "    { %d, %s, %s }, /* %s */\n", m->strict_typo[i], m->strict_phon[i] ? "true" : "false",
                m->strict_sem[i] ? "true" : "false", m->strict.name[i]);
    fprintf(f, "};\n\nconst unsigned char parl__dia_min_len_for_distance[4] = { 0, %d, %d, %d };\n",
            m->min_len[1], m->min_len[2], m->min_len[3]);
    fprintf(f, "const int parl__dia_suggest_distance = %d;\n", m->suggest);
    fprintf(f, "const int parl__dia_window_words = %d;\n", m->window);
    fprintf(f, "const int parl__dia_default_strictness = %d; /* %s */\n", m->default_strict,
            m->strict.name[m->default_strict]);
    fprintf(f, "const int parl__dia_permission_authority = %d; /* %s */\n", m->permission_authority,
            m->authority.name[m->permission_authority]);
    fprintf(f, "const float parl__dia_phonetic_confidence = %sf;\n", m->phon_conf);
    fprintf(f, "const float parl__dia_semantic_threshold = %sf;\n", m->sem_thr);
    fputs("const char parl__dia_sigil = '", f);
    if (m->sigil == '\\') fputc('\\', f);
    fprintf(f, "%c';\n\n", m->sigil);

    fputs("const parl__irregular parl__dia_irregulars[] = {\n", f);
    for (int i = 0; i < m->nirregular; i++) {
        unsigned from = pool_add(m, &p, m->irregular[i].from), to = pool_add(m, &p, m->irregular[i].to);
        fprintf(f, "    { %u, %u, %zu, %zu }, /* %s -> %s */\n", from, to, strlen(m->irregular[i].from),
                strlen(m->irregular[i].to), m->irregular[i].from, m->irregular[i].to);
    }
    if (!m->nirregular) fputs("    { 0, 0, 0, 0 },\n", f);
    fprintf(f, "};\nconst int parl__dia_nirregulars = %d;\n\n", m->nirregular);
    emit_rewrites(m, &p, f, "parl__dia_suffixes", m->suffixes, m->nsuffixes);
    fprintf(f, "const int parl__dia_nsuffixes = %d;\nconst int parl__dia_min_stem = %d;\n\n", m->nsuffixes, m->min_stem);
    emit_rewrites(m, &p, f, "parl__dia_spellings", m->spelling, m->nspelling);
    fprintf(f, "const int parl__dia_nspellings = %d;\n\n", m->nspelling);

    fputs("const parl__marker_symbol parl__dia_marker_symbols[] = {\n", f);
    for (int i = 0; i < m->nmsyms; i++)
        fprintf(f, "    { %u, %zu, %d }, /* %s */\n", pool_add(m, &p, m->msyms[i].sym), strlen(m->msyms[i].sym),
                m->msyms[i].marker, m->msyms[i].sym);
    if (!m->nmsyms) fputs("    { 0, 0, 0 },\n", f);
    fprintf(f, "};\nconst int parl__dia_nmarker_symbols = %d;\n\n", m->nmsyms);

    fputs("const parl__messages parl__dia_messages = {\n   ", f);
    for (size_t i = 0; i < N(message_keys); i++) fprintf(f, " %u,", msg_text(m, &p, message_keys[i]));
    fprintf(f, "\n    { %u", pool_add(m, &p, ""));
    for (size_t i = 0; i < N(detail_keys); i++) {
        const ynode *n = m->details ? ymap_get(m->details, detail_keys[i]) : NULL;
        fprintf(f, ", %u", pool_add(m, &p, n && n->kind == Y_SCALAR ? n->text : ""));
    }
    fputs(" },\n};\n\n", f);

    fputs("const parl__str parl__dia_placeholders[PARL__PH_COUNT] = {\n", f);
    for (size_t i = 0; i < N(placeholders); i++) {
        fputs("    [PARL__PH_", f);
        gen_upper(f, placeholders[i]);
        fprintf(f, "] = %u,\n", pool_add(m, &p, placeholders[i]));
    }
    fputs("};\n", f);
    emit_names(m, &p, f, "parl__dia_intent_names", "PARL_INTENT_COUNT", &m->intents, 1);
    emit_names(m, &p, f, "parl__dia_op_names", "PARL_OP_COUNT", &m->ops, 1);
    emit_names(m, &p, f, "parl__dia_scope_names", "PARL_SCOPE_COUNT", &m->scopes, 1);
    emit_names(m, &p, f, "parl__dia_format_names", "PARL_FORMAT_COUNT", &m->formats, 1);
    emit_names(m, &p, f, "parl__dia_marker_names", "PARL_MARKER_COUNT", &m->markers, 1);
    emit_names(m, &p, f, "parl__dia_arg_names", "PARL_ARG_COUNT", &m->args, 1);
    emit_names(m, &p, f, "parl__dia_strictness_names", "PARL_STRICTNESS_COUNT", &m->strict, 0);
    emit_names(m, &p, f, "parl__dia_authority_names", "PARL_AUTHORITY_COUNT", &m->authority, 0);
    fputc('\n', f);
    emit_pool(f, &p);
    free(p.buf);
    return gen_close(m->g, f);
}

/* A phrase as a case-insensitive re2c expression: blanks between words
 * match any run of blanks, an apostrophe also the typographic one. */
static void re_phrase(FILE *f, const char *w)
{
    int open = 0;
    for (const unsigned char *p = (const unsigned char *)w; *p; p++) {
        if (*p == ' ' || *p == '\'') {
            if (open) { fputs("' ", f); open = 0; }
            fputs(*p == ' ' ? "blank+ " : "apos ", f);
            continue;
        }
        if (!open) { fputc('\'', f); open = 1; }
        if (*p == '\\' || *p == '\'' || *p == '"') fprintf(f, "\\%c", *p);
        else if (*p < 0x20 || *p >= 0x7f) fprintf(f, "\\x%02x", *p);
        else fputc(*p, f);
    }
    if (open) fputs("' ", f);
}

static int emit_lexer(M *m, const wordent *w, int nw)
{
    FILE *f = gen_create(m->g, "dialect_lex.re", SRC);
    if (!f) return 1;
    fputs("/* The action dialect's lexers. All work on a span (pointer, length):\n"
          " * re2c's end-of-input rule with bounds checks, so NUL bytes inside are\n"
          " * ordinary bytes and nothing past the span is read. */\n"
          "#include \"dialect_lex.h\"\n\n"
          "/*!re2c\n"
          GEN_RE2C_SPAN_API
          "    re2c:define:YYBACKUPCTX = \"ctx = cur;\";\n"
          "    re2c:define:YYRESTORECTX = \"cur = ctx;\";\n"
          "    re2c:define:YYSHIFT = \"cur += @@;\";\n"
          "    re2c:yyfill:enable = 0;\n"
          "    re2c:eof = 0;\n\n"
          "    blank = [ \\t\\r\\f\\v];\n"
          "    nl    = \"\\n\";\n"
          "    apos  = \"'\" | \"\\xe2\\x80\\x99\";\n"
          "    wch   = [a-zA-Z0-9_] | [\\x80-\\xff];\n"
          "*/\n\n", f);

    /* Whole-span vocabulary lookup. */
    fputs("int parl__dia_lookup(const char *text, size_t n)\n{\n"
          "    const unsigned char *cur = (const unsigned char *)text, *lim = cur + n, *mar = cur;\n"
          "    int w;\n    (void)mar;\n"
          "    /*!re2c\n    $ { return -1; }\n    * { return -1; }\n", f);
    for (int i = 0; i < nw; i++) {
        fputs("    ", f);
        re_phrase(f, w[i].text);
        fprintf(f, "{ w = %d; goto found; } /* ", i);
        comment(f, w[i].text);
        fputs(" */\n", f);
    }
    fputs("    */\nfound:\n    return cur == lim ? w : -1;\n}\n\n", f);

    /* Reconsideration phrases on word boundaries. */
    fputs("int parl__dia_reconsider(const char *text, size_t n, parl_span *found)\n{\n"
          "    const unsigned char *base = (const unsigned char *)text, *cur = base, *lim = base + n;\n"
          "    const unsigned char *mar = cur, *tok;\n    (void)mar;\n"
          "    for (;;) {\n        tok = cur;\n"
          "        /*!re2c\n        $ { return 0; }\n", f);
    for (int i = 0; i < m->nphrases; i++) {
        const char *p = m->phrases[i];
        fputs("        ", f);
        re_phrase(f, p);
        fputs("{ goto hit; }\n", f);
        if (is_wordch((unsigned char)p[strlen(p) - 1])) {
            /* Running on into a longer word ("waiting") is no phrase. */
            fputs("        ", f);
            re_phrase(f, p);
            fputs("wch+ { goto word; }\n", f);
        }
    }
    fputs("        wch+ { continue; }\n        * { continue; }\n        */\n"
          "    word:\n"
          "        /* Skip only the first word: a phrase may start at the next. */\n"
          "        for (cur = tok + 1; cur < lim && parl__is_wordch(*cur); cur++) {}\n"
          "        continue;\n"
          "    hit:\n"
          "        found->off = (size_t)(tok - base);\n"
          "        found->len = (size_t)(cur - tok);\n"
          "        return 1;\n"
          "    }\n}\n\n", f);

    /* The command token lexer. */
    fputs("/* Tokens of one action. A line break ends the action unless the next\n"
          " * line continues it: `> ` quoted lines, a fenced block, or `->`. */\n"
          "size_t parl__dia_token(const char *text, size_t n, size_t pos, parl__dtok *t)\n{\n"
          "    const unsigned char *base = (const unsigned char *)text, *lim = base + n;\n"
          "    const unsigned char *cur = base + (pos < n ? pos : n), *mar = cur, *ctx = cur, *tok;\n"
          "    bool space = false;\n    (void)mar;\n    (void)ctx;\n"
          "#define TOK(k) do { t->kind = (k); t->space = space; t->start = (size_t)(tok - base); \\\n"
          "        t->end = (size_t)(cur - base); return t->end; } while (0)\n"
          "again:\n    tok = cur;\n"
          "    /*!re2c\n"
          "    ident = [a-zA-Z0-9_] ([a-zA-Z0-9_-]* [a-zA-Z0-9_])?;\n"
          "    wstart = [^ \\t\\r\\n\\f\\v\"+];\n"
          "    wany = [^ \\t\\r\\n\\f\\v\"];\n"
          "    wend = [^ \\t\\r\\n\\f\\v\".?!,;:];\n"
          "    word = wstart (wany* wend)?;\n"
          "    uend = [^ \\t\\r\\n\\f\\v\"<>.,;:!?')\\]];\n"
          "    fence = \"```\" ([^`] | \"`\" [^`] | \"``\" [^`])* \"```\"\n"
          "          | \"~~~\" ([^~] | \"~\" [^~] | \"~~\" [^~])* \"~~~\";\n"
          "    tbody = ([^\"] | [\"] [^\"] | [\"][\"] [^\"])*;\n"
          "    sbody = ([^\"\\\\\\n] | \"\\\\\" [^\\n])*;\n\n"
          "    $ { t->kind = PARL__DTK_END; t->space = space; t->start = t->end = n; return n; }\n"
          "    blank+ { space = true; goto again; }\n"
          "    nl blank* \">\" [^\\n]* (nl blank* \">\" [^\\n]*)* { space = true; TOK(PARL__DTK_QLINES); }\n"
          "    nl blank* \"->\" { space = true; TOK(PARL__DTK_ARROW); }\n"
          "    nl blank* fence { space = true; TOK(PARL__DTK_FENCE); }\n"
          "    nl { TOK(PARL__DTK_NEWLINE); }\n"
          "    \"->\" { TOK(PARL__DTK_ARROW); }\n"
          "    \"+\" { TOK(PARL__DTK_PLUS); }\n"
          "    [\"][\"][\"] tbody [\"][\"][\"] { TOK(PARL__DTK_TRIPLE); }\n"
          "    [\"][\"][\"] tbody { TOK(PARL__DTK_UNTERMINATED); }\n"
          "    [\"] sbody [\"] { TOK(PARL__DTK_STRING); }\n"
          "    [\"] sbody { TOK(PARL__DTK_UNTERMINATED); }\n"
          "    fence { TOK(PARL__DTK_FENCE); }\n"
          "    \"```\" ([^`] | \"`\" [^`] | \"``\" [^`])* { TOK(PARL__DTK_UNTERMINATED); }\n"
          "    \"~~~\" ([^~] | \"~\" [^~] | \"~~\" [^~])* { TOK(PARL__DTK_UNTERMINATED); }\n"
          "    \"@[\" [^\\]\\n]* \"]\" { TOK(PARL__DTK_REFURI); }\n"
          "    \"@\" ident (\".\" ident)* { TOK(PARL__DTK_REF); }\n"
          "    \"?\" [a-zA-Z] ident? { TOK(PARL__DTK_QWORD); }\n"
          "    [.?!]+ { TOK(PARL__DTK_PUNCT); }\n"
          "    \"-\" [a-zA-Z_] (wany* wend)? { TOK(PARL__DTK_MINUSWORD); }\n", f);
    fprintf(f, "    \"%s%c\" [a-zA-Z] [a-zA-Z0-9_-]* { TOK(PARL__DTK_SIGILWORD); }\n",
            m->sigil == '\\' ? "\\" : "", m->sigil);
    fputs("    [a-zA-Z] [a-zA-Z0-9+.-]* \"://\" (wany* uend)? { TOK(PARL__DTK_URL); }\n"
          "    word { TOK(PARL__DTK_WORD); }\n"
          "    * { TOK(PARL__DTK_PUNCT); }\n"
          "    */\n#undef TOK\n}\n", f);
    return gen_close(m->g, f);
}

static int emit_grammar(M *m)
{
    FILE *f = gen_create(m->g, "dialect_grammar.y", SRC);
    if (!f) return 1;
    fputs("// The command syntax of the action dialect. Terminals come from the\n"
          "// token lexer (dialect_lex.re) after dialect.c has turned each chain\n"
          "// head into VERB and trailing punctuation into MARKER. Values are\n"
          "// token indices; the actions record where each command's arguments\n"
          "// and markers are, and intents.c reads them by shape.\n"
          "%name parl__dia_parser\n"
          "%token_prefix PARL__DT_\n"
          "%token_type {int}\n"
          "%extra_context {parl__dia_pstate *ps}\n"
          "%stack_size 24\n"
          "%stack_overflow { ps->error = PARL_DETAIL_TOO_LONG; }\n"
          "%syntax_error { (void)yyminor; syntax_error(ps, yymajor); }\n"
          "%parse_failure { if (!ps->error) ps->error = PARL_DETAIL_SYNTAX; }\n"
          "%token_destructor { (void)ps; (void)yypminor; }\n"
          "%include {\n"
          "/* SPDX-License-Identifier: MIT */\n"
          "/* The parser's trace hooks are mutable globals; the runtime has none. */\n"
          "#ifndef NDEBUG\n#define NDEBUG 1\n#endif\n"
          "#include \"command.h\"\n"
          "#define parl__dia_parser_ENGINEALWAYSONSTACK 1\n"
          "static void syntax_error(parl__dia_pstate *ps, int major);\n"
          "static void begin(parl__dia_pstate *ps, int tok)\n{\n"
          "    if (ps->ncmds == PARL_MAX_CHAIN) { if (!ps->error) ps->error = PARL_DETAIL_CHAIN_TOO_LONG; return; }\n"
          "    parl__dia_cmd *c = &ps->cmd[ps->ncmds++];\n"
          "    c->head = tok;\n    c->arg_first = c->arg_end = tok + 1;\n"
          "    c->mark_first = c->mark_end = -1;\n}\n"
          "static void arg(parl__dia_pstate *ps, int tok)\n{\n"
          "    if (ps->ncmds && !ps->error) ps->cmd[ps->ncmds - 1].arg_end = tok + 1;\n}\n"
          "static void marker(parl__dia_pstate *ps, int tok)\n{\n"
          "    if (!ps->ncmds || ps->error) return;\n"
          "    parl__dia_cmd *c = &ps->cmd[ps->ncmds - 1];\n"
          "    if (c->mark_first < 0) c->mark_first = tok;\n    c->mark_end = tok + 1;\n}\n"
          "}\n\n"
          "%token VERB WORD PUNCT QWORD MINUSWORD PLUS ARROW STRING TRIPLE FENCE QLINES REF REFURI\n"
          "       URL SIGILWORD MARKER UNTERMINATED.\n\n"
          "input ::= chain.\n"
          "chain ::= command.\n"
          "chain ::= chain ARROW command.\n"
          "command ::= head args markers.\n"
          "head ::= VERB(A).          { begin(ps, A); }\n"
          "args ::= .\n"
          "args ::= args arg.\n"
          "arg ::= WORD(A).           { arg(ps, A); }\n"
          "arg ::= PUNCT(A).          { arg(ps, A); }\n"
          "arg ::= QWORD(A).          { arg(ps, A); }\n"
          "arg ::= MINUSWORD(A).      { arg(ps, A); }\n"
          "arg ::= PLUS(A).           { arg(ps, A); }\n"
          "arg ::= URL(A).            { arg(ps, A); }\n"
          "arg ::= SIGILWORD(A).      { arg(ps, A); }\n"
          "arg ::= content.\n"
          "arg ::= reference.\n"
          "content ::= STRING(A).     { arg(ps, A); }\n"
          "content ::= TRIPLE(A).     { arg(ps, A); }\n"
          "content ::= FENCE(A).      { arg(ps, A); }\n"
          "content ::= QLINES(A).     { arg(ps, A); }\n"
          "reference ::= REF(A).      { arg(ps, A); }\n"
          "reference ::= REFURI(A).   { arg(ps, A); }\n"
          "markers ::= .\n"
          "markers ::= markers MARKER(A). { marker(ps, A); }\n\n"
          "%code {\n"
          "/* Token kinds of the lexer -> terminals of this grammar. */\n"
          "static const unsigned char terminal[PARL__DTK_COUNT] = {\n"
          "    [PARL__DTK_VERB] = PARL__DT_VERB, [PARL__DTK_WORD] = PARL__DT_WORD,\n"
          "    [PARL__DTK_PUNCT] = PARL__DT_PUNCT, [PARL__DTK_QWORD] = PARL__DT_QWORD,\n"
          "    [PARL__DTK_MINUSWORD] = PARL__DT_MINUSWORD, [PARL__DTK_PLUS] = PARL__DT_PLUS,\n"
          "    [PARL__DTK_ARROW] = PARL__DT_ARROW, [PARL__DTK_STRING] = PARL__DT_STRING,\n"
          "    [PARL__DTK_TRIPLE] = PARL__DT_TRIPLE, [PARL__DTK_FENCE] = PARL__DT_FENCE,\n"
          "    [PARL__DTK_QLINES] = PARL__DT_QLINES, [PARL__DTK_REF] = PARL__DT_REF,\n"
          "    [PARL__DTK_REFURI] = PARL__DT_REFURI, [PARL__DTK_URL] = PARL__DT_URL,\n"
          "    [PARL__DTK_SIGILWORD] = PARL__DT_SIGILWORD, [PARL__DTK_MARKER] = PARL__DT_MARKER,\n"
          "    [PARL__DTK_UNTERMINATED] = PARL__DT_UNTERMINATED,\n"
          "};\n\n"
          "static void syntax_error(parl__dia_pstate *ps, int major)\n{\n"
          "    if (ps->error) return;\n"
          "    if (major == PARL__DT_UNTERMINATED) ps->error = PARL_DETAIL_UNTERMINATED;\n"
          "    else if (major == 0 && ps->prev_kind == PARL__DTK_ARROW) ps->error = PARL_DETAIL_DANGLING_ARROW;\n"
          "    else ps->error = PARL_DETAIL_SYNTAX;\n}\n\n"
          "void parl__dia_grammar(parl__dia_pstate *ps)\n{\n"
          "    yyParser p;\n"
          "    parl__dia_parserInit(&p, ps);\n"
          "    for (int i = 0; i < ps->ntok && !ps->error; i++) {\n"
          "        int k = ps->tok[i].kind;\n"
          "        if (k == PARL__DTK_SKIP || !terminal[k]) continue;\n"
          "        ps->error_tok = i;\n"
          "        parl__dia_parser(&p, terminal[k], i);\n"
          "        ps->prev_kind = k;\n"
          "    }\n"
          "    if (!ps->error) {\n"
          "        ps->error_tok = ps->ntok;\n"
          "        parl__dia_parser(&p, 0, 0);\n"
          "    }\n"
          "    parl__dia_parserFinalize(&p);\n"
          "}\n"
          "}\n", f);
    return gen_close(m->g, f);
}

int gen_verbs(gen_ctx *g)
{
    M m = { 0 };
    m.g = g;
    m.d = gen_load(g, SPEC);
    if (!m.d) return 1;
    m.sigil = '/';
    read_spec(&m);
    int rc = m.errors != 0;
    if (!rc) {
        int nw;
        wordent *w = group_words(&m, &nw);
        rc = emit_header(&m) || emit_tables(&m, w, nw) || emit_lexer(&m, w, nw) || emit_grammar(&m) ||
             m.errors;
        free(w);
    }
    gen_policy_free(m.policy);
    return rc;
}
