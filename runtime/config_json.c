/* SPDX-License-Identifier: MIT */
/* config_json.c: a host's verbs and aliases as JSON, the form of a
 * --config file that bindings pass (JSON.stringify of an object, a dict):
 *
 *   {"verbs": {VERB: {"extra_aliases": [ALIAS, {ALIAS: OPERATION}]},
 *              NEW_VERB: {"aliases": [ALIAS], "maps_to": ACTION,
 *                         "default_target": {"type": TYPE, "id": ID},
 *                         "description": "...", "examples": ["/VERB ..."],
 *                         "template": "{content}", "requires_permission": true,
 *                         "strictness": "strict"}}}
 *
 * A compiled verb takes extra_aliases only; a new verb needs maps_to. New
 * verbs are added first, so aliases may name them in any order. The reader
 * walks the caller's text twice and copies nothing but names and values. */
#include <string.h>
#include "json_internal.h"

typedef struct cj {
    const char *s;
    size_t n, pos;
    char *err;
    size_t errcap;
    bool failed;
} cj;

/* Writes "config: byte N: WHAT[ 'WORD']" once; returns false. */
static bool cj_fail(cj *c, const char *what, const char *word)
{
    if (c->failed) return false;
    c->failed = true;
    char num[24];
    size_t k = sizeof num, at = c->pos, o = 0;
    num[--k] = 0;
    do num[--k] = (char)('0' + at % 10); while (at /= 10);
    const char *parts[] = { "config: byte ", num + k, ": ", what, word ? " '" : "", word ? word : "",
                            word ? "'" : "" };
    for (size_t p = 0; p < sizeof parts / sizeof parts[0]; p++)
        for (const char *q = parts[p]; *q; q++, o++)
            if (o + 1 < c->errcap) c->err[o] = *q;
    if (c->errcap) c->err[o < c->errcap ? o : c->errcap - 1] = 0;
    return false;
}

static void cj_ws(cj *c)
{
    while (c->pos < c->n && (c->s[c->pos] == ' ' || c->s[c->pos] == '\t' || c->s[c->pos] == '\n' ||
                             c->s[c->pos] == '\r'))
        c->pos++;
}

static bool cj_eat(cj *c, char ch)
{
    cj_ws(c);
    if (c->pos < c->n && c->s[c->pos] == ch) { c->pos++; return true; }
    return false;
}

static int cj_hex(char ch)
{
    return ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
         : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
}

/* A \uXXXX escape (a surrogate pair when it is one) as UTF-8 into OUT. */
static size_t cj_unicode(cj *c, char out[4])
{
    unsigned v = 0;
    for (int pair = 0; pair < 2; pair++) {
        unsigned u = 0;
        for (int i = 0; i < 4; i++) {
            int h = c->pos < c->n ? cj_hex(c->s[c->pos]) : -1;
            if (h < 0) return cj_fail(c, "bad \\u escape", NULL), 0;
            u = u * 16 + (unsigned)h;
            c->pos++;
        }
        if (pair && (u < 0xDC00 || u > 0xDFFF)) return cj_fail(c, "lone surrogate in \\u escape", NULL), 0;
        if (pair) v = 0x10000 + ((v - 0xD800) << 10) + (u - 0xDC00);
        else v = u;
        if (!pair && v >= 0xDC00 && v <= 0xDFFF) return cj_fail(c, "lone surrogate in \\u escape", NULL), 0;
        if (pair || v < 0xD800 || v > 0xDBFF) break;
        if (c->pos + 2 > c->n || c->s[c->pos] != '\\' || c->s[c->pos + 1] != 'u')
            return cj_fail(c, "lone surrogate in \\u escape", NULL), 0;
        c->pos += 2;
    }
    return parl__utf8_put(v, out);
}

/* A string into BUF (NUL-terminated, at most CAP-1 bytes): *LEN its length. */
static bool cj_string(cj *c, char *buf, size_t cap, size_t *len)
{
    if (!cj_eat(c, '"')) return cj_fail(c, "expected a string", NULL);
    size_t k = 0;
    while (c->pos < c->n && c->s[c->pos] != '"') {
        char one[4] = { c->s[c->pos++] };
        size_t m = 1;
        if ((unsigned char)one[0] < 0x20) return cj_fail(c, "control character in a string", NULL);
        if (one[0] == '\\') {
            if (c->pos >= c->n) break;
            char e = c->s[c->pos++];
            const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t", *f = strchr(from, e);
            if (e == 'u') { if (!(m = cj_unicode(c, one))) return false; }
            else if (e && f) one[0] = to[f - from];
            else return cj_fail(c, "bad escape in a string", NULL);
        }
        if (k + m >= cap) return cj_fail(c, "text too long", NULL);
        memcpy(buf + k, one, m);
        k += m;
    }
    if (!cj_eat(c, '"')) return cj_fail(c, "unterminated string", NULL);
    buf[k] = 0;
    *len = k;
    return true;
}

/* Steps through a container: true while another member or item follows
 * (after its comma). *FIRST starts true. */
static bool cj_next(cj *c, char close, bool *first)
{
    if (c->failed) return false;
    if (cj_eat(c, close)) return false;
    if (!*first && !cj_eat(c, ',')) return cj_fail(c, "expected ',' or the container's end", NULL);
    *first = false;
    return true;
}

/* The key of the next member of an object, and its colon. */
static bool cj_key(cj *c, char *key, size_t cap)
{
    size_t len;
    return cj_string(c, key, cap, &len) && (cj_eat(c, ':') || cj_fail(c, "expected ':'", NULL));
}

/* Skips any value (members of verbs the other pass reads). */
static bool cj_skip(cj *c)
{
    cj_ws(c);
    if (c->pos >= c->n) return cj_fail(c, "unexpected end", NULL);
    char ch = c->s[c->pos];
    if (ch == '"') {
        for (c->pos++; c->pos < c->n && c->s[c->pos] != '"'; c->pos++)
            if (c->s[c->pos] == '\\') c->pos++;
        return cj_eat(c, '"') || cj_fail(c, "unterminated string", NULL);
    }
    if (ch == '{' || ch == '[') {
        char close = ch == '{' ? '}' : ']';
        bool first = true;
        c->pos++;
        while (cj_next(c, close, &first)) {
            char key[PARL_CFG_TEXT_MAX];
            if (ch == '{' && !cj_key(c, key, sizeof key)) return false;
            if (!cj_skip(c)) return false;
        }
        return !c->failed;
    }
    while (c->pos < c->n && strchr("-+.0123456789eEtruefalsn", c->s[c->pos])) c->pos++;
    return true;
}

static bool cj_cfg_rc(cj *c, int rc, const char *word)
{
    switch (rc) {
    case 0: return true;
    case PARL_CFG_EXISTS: return cj_fail(c, "already names a verb or alias:", word);
    case PARL_CFG_FULL: return cj_fail(c, "too many verbs or aliases at", word);
    case PARL_CFG_TOO_LONG: return cj_fail(c, "too long:", word);
    default: return cj_fail(c, "not a usable value:", word);
    }
}

/* "word" or {"word": "operation"}, for verb VERB. */
static bool cj_alias(cj *c, parl_dialect_config *cfg, int verb)
{
    char word[PARL_CFG_TEXT_MAX], opname[PARL_CFG_NAME_MAX];
    size_t len, oplen;
    int op = PARL_OP_NONE;
    cj_ws(c);
    if (cj_eat(c, '{')) {
        if (!cj_key(c, word, sizeof word) || !cj_string(c, opname, sizeof opname, &oplen)) return false;
        op = parl_op_from_name(opname, oplen);
        if (op <= 0) return cj_fail(c, "unknown operation", opname);
        if (!cj_eat(c, '}')) return cj_fail(c, "an alias is \"word\" or {\"word\": \"operation\"}", NULL);
        len = strlen(word);
    } else if (!cj_string(c, word, sizeof word, &len)) return false;
    return cj_cfg_rc(c, parl_config_add_alias(cfg, verb, word, len, (parl_op)op), word);
}

static bool cj_aliases(cj *c, parl_dialect_config *cfg, int verb)
{
    bool first = true;
    if (!cj_eat(c, '[')) return cj_fail(c, "expected a list of aliases", NULL);
    while (cj_next(c, ']', &first))
        if (!cj_alias(c, cfg, verb)) return false;
    return !c->failed;
}

static bool cj_set(cj *c, parl_dialect_config *cfg, int verb, const char *field)
{
    char text[PARL_CFG_TEXT_MAX];
    size_t len;
    cj_ws(c);
    if (!strcmp(field, "requires_permission")) {   /* a JSON boolean */
        bool t = c->n - c->pos >= 4 && !memcmp(c->s + c->pos, "true", 4);
        bool f = c->n - c->pos >= 5 && !memcmp(c->s + c->pos, "false", 5);
        if (!t && !f) return cj_fail(c, "requires_permission: true or false", NULL);
        c->pos += t ? 4 : 5;
        return cj_cfg_rc(c, parl_config_set_field(cfg, verb, field, t ? "true" : "false", t ? 4 : 5), field);
    }
    return cj_string(c, text, sizeof text, &len) &&
           cj_cfg_rc(c, parl_config_set_field(cfg, verb, field, text, len), text);
}

/* The members of a new verb (first pass); aliases wait for the second. */
static bool cj_new_verb(cj *c, parl_dialect_config *cfg, int verb)
{
    bool first = true;
    char key[PARL_CFG_NAME_MAX];
    while (cj_next(c, '}', &first)) {
        if (!cj_key(c, key, sizeof key)) return false;
        if (!strcmp(key, "aliases") || !strcmp(key, "extra_aliases")) { if (!cj_skip(c)) return false; }
        else if (!strcmp(key, "examples")) {
            bool f2 = true;
            if (!cj_eat(c, '[')) return cj_fail(c, "examples: a list of commands", NULL);
            for (int i = 0; cj_next(c, ']', &f2); i++)
                if (!(i ? cj_skip(c) : cj_set(c, cfg, verb, "example"))) return false;
        } else if (!strcmp(key, "default_target")) {
            bool f2 = true;
            char sub[PARL_CFG_NAME_MAX], field[PARL_CFG_NAME_MAX + 8] = "target_";
            if (!cj_eat(c, '{')) return cj_fail(c, "default_target: {\"type\", \"id\"}", NULL);
            while (cj_next(c, '}', &f2)) {
                if (!cj_key(c, sub, sizeof sub)) return false;
                if (strcmp(sub, "type") && strcmp(sub, "id")) return cj_fail(c, "unknown key", sub);
                strcpy(field + 7, sub);
                if (!cj_set(c, cfg, verb, field)) return false;
            }
        } else if (!strcmp(key, "template") || !strcmp(key, "maps_to") || !strcmp(key, "description") ||
                   !strcmp(key, "requires_permission") || !strcmp(key, "strictness")) {
            if (!cj_set(c, cfg, verb, key)) return false;
        } else return cj_fail(c, "unknown key", key);
    }
    if (c->failed) return false;
    if (!cfg->verbs[verb - PARL_VERB_COUNT].maps_to[0])
        return cj_fail(c, "a new verb needs maps_to:", cfg->verbs[verb - PARL_VERB_COUNT].name);
    return true;
}

/* One pass over the verbs' object: PASS 0 adds new verbs, 1 the aliases. */
static bool cj_verbs(cj *c, parl_dialect_config *cfg, int pass)
{
    bool first = true;
    parl_dialect_ctx ctx = { .config = cfg };
    char name[PARL_CFG_TEXT_MAX], key[PARL_CFG_NAME_MAX];
    if (!cj_eat(c, '{')) return cj_fail(c, "verbs: an object of verb names", NULL);
    while (cj_next(c, '}', &first)) {
        if (!cj_key(c, name, sizeof name)) return false;
        int verb = parl_verb_lookup(&ctx, name, strlen(name), NULL);
        if (!cj_eat(c, '{')) return cj_fail(c, "a verb is an object:", name);
        if (pass == 0 && verb >= PARL_VERB_COUNT) return cj_fail(c, "a verb named twice:", name);
        if (pass == 0 && verb < 0) {
            if ((verb = parl_config_add_verb(cfg, name, strlen(name))) < 0) return cj_cfg_rc(c, verb, name);
            if (!cj_new_verb(c, cfg, verb)) return false;
            continue;
        }
        bool f2 = true;
        while (cj_next(c, '}', &f2)) {
            if (!cj_key(c, key, sizeof key)) return false;
            bool alias = !strcmp(key, "extra_aliases") || (verb >= PARL_VERB_COUNT && !strcmp(key, "aliases"));
            if (pass == 0 && !alias) return cj_fail(c, "a compiled verb takes extra_aliases only:", name);
            if (!(pass == 1 && alias ? cj_aliases(c, cfg, verb) : cj_skip(c))) return false;
        }
    }
    return !c->failed;
}

int parl_config_from_json(parl_dialect_config *cfg, const char *json, size_t len, char *err, size_t errcap)
{
    cj c = { json ? json : "", json ? len : 0, 0, err, err ? errcap : 0, false };
    char key[PARL_CFG_NAME_MAX];
    size_t verbs = 0;
    bool first = true, in_dialect = false;
    parl_config_init(cfg);
    if (errcap && err) err[0] = 0;
    if (!cj_eat(&c, '{')) return cj_fail(&c, "expected an object", NULL), -1;
    while (!verbs && cj_next(&c, '}', &first)) {   /* find "verbs", perhaps within "dialect" */
        if (!cj_key(&c, key, sizeof key)) break;
        if (!strcmp(key, "verbs")) { cj_ws(&c); verbs = c.pos; }
        else if (!strcmp(key, "dialect") && !in_dialect && cj_eat(&c, '{')) { first = in_dialect = true; }
        else if (!cj_skip(&c)) break;
    }
    if (!c.failed && !verbs) cj_fail(&c, "expected \"verbs\" (or \"dialect\": {\"verbs\"})", NULL);
    for (int pass = 0; pass < 2 && !c.failed; pass++) {
        c.pos = verbs;
        cj_verbs(&c, cfg, pass);
    }
    if (c.failed) parl_config_init(cfg);
    return c.failed ? -1 : 0;
}
