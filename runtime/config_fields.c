/* SPDX-License-Identifier: MIT */
/* config_fields.c: the fields of a configured verb by their names in a
 * --config file, so that a loader (YAML in the CLI, a host object in a
 * binding) never needs the struct's layout. */
#include <string.h>
#include "parlance.h"

typedef struct cfg_field {
    const char *name;
    size_t off, cap;   /* a text member of parl_cfg_verb; cap 0: not text */
} cfg_field;

#define CFG_TEXT(key, member) { key, offsetof(parl_cfg_verb, member), sizeof(((parl_cfg_verb *)0)->member) }
static const cfg_field cfg_fields[] = {
    CFG_TEXT("maps_to", maps_to),
    CFG_TEXT("template", template_text),
    CFG_TEXT("description", description),
    CFG_TEXT("example", example),
    CFG_TEXT("target_type", target_type),
    CFG_TEXT("target_id", target_id),
    { "strictness", 0, 0 },
    { "requires_permission", 0, 0 },
};
#undef CFG_TEXT

static bool cfg_is(const char *text, size_t len, const char *word)
{
    return strlen(word) == len && !memcmp(text, word, len);
}

int parl_config_set_field(parl_dialect_config *cfg, int verb, const char *field, const char *text,
                          size_t len)
{
    int i = verb - PARL_VERB_COUNT;
    if (!cfg || !field || !text || i < 0 || i >= cfg->nverbs) return PARL_CFG_INVALID;
    parl_cfg_verb *v = &cfg->verbs[i];
    for (size_t f = 0; f < sizeof cfg_fields / sizeof cfg_fields[0]; f++) {
        const cfg_field *d = &cfg_fields[f];
        if (strcmp(d->name, field)) continue;
        if (d->cap) return parl_config_set((char *)v + d->off, d->cap, text, len);
        if (!strcmp(field, "strictness")) {
            int s = parl_strictness_from_name(text, len);
            if (s < 0) return PARL_CFG_INVALID;
            v->strictness = (parl_strictness)s;
            return 0;
        }
        if (!cfg_is(text, len, "true") && !cfg_is(text, len, "false")) return PARL_CFG_INVALID;
        v->requires_permission = cfg_is(text, len, "true");
        return 0;
    }
    return PARL_CFG_INVALID;
}
