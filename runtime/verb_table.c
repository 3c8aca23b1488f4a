/* SPDX-License-Identifier: MIT */
/* verb_table.c: the verb table the matcher sees: the compiled verbs of
 * grammar/verbs.yaml, with a caller's parl_dialect_config layered on top
 * (extra aliases, new verbs). Also the names of the generated enums. */
#include "verb_match.h"

/* ------------------------------------------------------------ config */

void parl_config_init(parl_dialect_config *cfg)
{
    cfg->nverbs = 0;
    cfg->naliases = 0;
}

int parl_config_set(char *field, size_t cap, const char *text, size_t len)
{
    if (len >= cap) return PARL_CFG_TOO_LONG;
    for (size_t i = 0; i < len; i++) field[i] = text[i];
    field[len] = 0;
    return 0;
}

/* Stores WORD lower-cased with single blanks between words; 0 on success.
 * Words are the verb-word characters, so a stored alias can be typed. */
static int store_word(char *dst, const char *word, size_t len)
{
    size_t k = 0;
    if (len == 0 || parl__is_blank((unsigned char)word[0]) ||
        parl__is_blank((unsigned char)word[len - 1]))
        return PARL_CFG_INVALID;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)word[i];
        if (parl__is_blank(c)) {
            if (!parl__is_blank((unsigned char)word[i - 1])) {
                if (k + 1 >= PARL_CFG_NAME_MAX) return PARL_CFG_TOO_LONG;
                dst[k++] = ' ';
            }
            continue;
        }
        if (!parl__is_wordch(c) && c != '-') return PARL_CFG_INVALID;
        if (k + 1 >= PARL_CFG_NAME_MAX) return PARL_CFG_TOO_LONG;
        dst[k++] = (char)parl__lower(c);
    }
    if (!parl__is_alpha((unsigned char)dst[0]) && (unsigned char)dst[0] < 0x80) return PARL_CFG_INVALID;
    dst[k] = 0;
    return 0;
}

int parl_config_add_verb(parl_dialect_config *cfg, const char *name, size_t len)
{
    char w[PARL_CFG_NAME_MAX];
    int rc = store_word(w, name, len);
    if (rc) return rc;
    for (const char *p = w; *p; p++)
        if (*p == ' ') return PARL_CFG_INVALID;   /* a verb name is one word */
    parl_dialect_ctx ctx = { .config = cfg };
    size_t wl = 0;
    while (w[wl]) wl++;
    if (parl_verb_lookup(&ctx, w, wl, NULL) >= 0) return PARL_CFG_EXISTS;
    if (cfg->nverbs == PARL_CFG_MAX_VERBS) return PARL_CFG_FULL;
    parl_cfg_verb *v = &cfg->verbs[cfg->nverbs];
    for (size_t i = 0; i <= wl; i++) v->name[i] = w[i];
    v->maps_to[0] = v->target_type[0] = v->target_id[0] = 0;
    v->template_text[0] = v->description[0] = v->example[0] = 0;
    v->strictness = (parl_strictness)parl__dia_default_strictness;
    v->requires_permission = false;
    return PARL_VERB_COUNT + cfg->nverbs++;
}

int parl_config_add_alias(parl_dialect_config *cfg, int verb, const char *word, size_t len,
                          parl_op op)
{
    char w[PARL_CFG_NAME_MAX];
    if (verb < 0 || verb >= PARL_VERB_COUNT + cfg->nverbs || (int)op < 0 || op >= PARL_OP_COUNT)
        return PARL_CFG_INVALID;
    int rc = store_word(w, word, len);
    if (rc) return rc;
    parl_dialect_ctx ctx = { .config = cfg };
    size_t wl = 0;
    while (w[wl]) wl++;
    parl_op have = PARL_OP_NONE;
    int existing = parl_verb_lookup(&ctx, w, wl, &have);
    /* Naming an alias the verb already has (with its operation) changes nothing. */
    if (existing == verb && (op == PARL_OP_NONE || op == have)) return 0;
    if (existing >= 0) return PARL_CFG_EXISTS;
    if (cfg->naliases == PARL_CFG_MAX_ALIASES) return PARL_CFG_FULL;
    parl_cfg_alias *a = &cfg->aliases[cfg->naliases++];
    for (size_t i = 0; i <= wl; i++) a->word[i] = w[i];
    a->verb = verb;
    a->op = op;
    return 0;
}

/* ------------------------------------------------------------ access */

int parl_verb_total(const parl_dialect_ctx *ctx)
{
    return PARL_VERB_COUNT + (ctx && ctx->config ? ctx->config->nverbs : 0);
}

const char *parl_verb_name(const parl_dialect_ctx *ctx, int verb)
{
    if (verb >= 0 && verb < PARL_VERB_COUNT) return PARL__S(parl__dia_verbs[verb].name);
    const parl_cfg_verb *v = parl__dia_cfg_verb(ctx, verb);
    return v ? v->name : NULL;
}

parl_intent_kind parl_verb_intent(const parl_dialect_ctx *ctx, int verb)
{
    if (verb >= 0 && verb < PARL_VERB_COUNT) return (parl_intent_kind)parl__dia_verbs[verb].intent;
    return parl__dia_cfg_verb(ctx, verb) ? PARL_INTENT_CUSTOM : PARL_INTENT_NONE;
}

parl_strictness parl_verb_strictness(const parl_dialect_ctx *ctx, int verb)
{
    if (verb >= 0 && verb < PARL_VERB_COUNT) return (parl_strictness)parl__dia_verbs[verb].strictness;
    const parl_cfg_verb *v = parl__dia_cfg_verb(ctx, verb);
    return v ? v->strictness : (parl_strictness)0;
}

parl_authority parl_verb_authority(const parl_dialect_ctx *ctx, int verb)
{
    if (verb >= 0 && verb < PARL_VERB_COUNT) return (parl_authority)parl__dia_verbs[verb].authority;
    const parl_cfg_verb *v = parl__dia_cfg_verb(ctx, verb);
    return (parl_authority)(v && v->requires_permission ? parl__dia_permission_authority : 0);
}

const char *parl_verb_description(const parl_dialect_ctx *ctx, int verb)
{
    if (verb >= 0 && verb < PARL_VERB_COUNT) return PARL__S(parl__dia_verbs[verb].description);
    const parl_cfg_verb *v = parl__dia_cfg_verb(ctx, verb);
    return v ? v->description : NULL;
}

const char *parl_verb_example(const parl_dialect_ctx *ctx, int verb, int i)
{
    if (verb >= 0 && verb < PARL_VERB_COUNT)
        return i >= 0 && i < parl__dia_verbs[verb].nexamples
                   ? PARL__S(parl__dia_examples[parl__dia_verbs[verb].first_example + i]) : NULL;
    const parl_cfg_verb *v = parl__dia_cfg_verb(ctx, verb);
    return v && i == 0 && v->example[0] ? v->example : NULL;
}

/* Generated enum names. */
#define NAME_OF(table, count, v) ((int)(v) >= 0 && (int)(v) < (count) ? PARL__S(table[v]) : "")
const char *parl_intent_name(parl_intent_kind k) { return NAME_OF(parl__dia_intent_names, PARL_INTENT_COUNT, k); }
const char *parl_op_name(parl_op op) { return NAME_OF(parl__dia_op_names, PARL_OP_COUNT, op); }
const char *parl_scope_name(parl_scope s) { return NAME_OF(parl__dia_scope_names, PARL_SCOPE_COUNT, s); }
const char *parl_format_name(parl_format f) { return NAME_OF(parl__dia_format_names, PARL_FORMAT_COUNT, f); }
const char *parl_marker_name(parl_marker m) { return NAME_OF(parl__dia_marker_names, PARL_MARKER_COUNT, m); }
const char *parl_arg_name(parl_arg a) { return NAME_OF(parl__dia_arg_names, PARL_ARG_COUNT, a); }
const char *parl_strictness_name(parl_strictness s)
{
    return NAME_OF(parl__dia_strictness_names, PARL_STRICTNESS_COUNT, s);
}
const char *parl_authority_name(parl_authority a)
{
    return NAME_OF(parl__dia_authority_names, PARL_AUTHORITY_COUNT, a);
}

static int name_index(const parl__str *table, int count, const char *name, size_t len)
{
    for (int i = 0; i < count; i++) {
        const char *t = PARL__S(table[i]);
        size_t k = 0;
        while (k < len && t[k] && t[k] == name[k]) k++;
        if (k == len && !t[k] && len) return i;
    }
    return -1;
}
int parl_strictness_from_name(const char *name, size_t len)
{
    return name_index(parl__dia_strictness_names, PARL_STRICTNESS_COUNT, name, len);
}
int parl_op_from_name(const char *name, size_t len)
{
    return name_index(parl__dia_op_names, PARL_OP_COUNT, name, len);
}
