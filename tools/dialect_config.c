/* SPDX-License-Identifier: MIT */
/* dialect_config: loads a user's --config YAML file into a caller-owned
 * parl_dialect_config, layered over the compiled verbs at run time (no
 * regeneration). The seed's TOML section, in YAML:
 *
 *   dialect:                 # optional; `verbs:` may also be at the top
 *     verbs:
 *       recall:              # a compiled verb: only extra_aliases
 *         extra_aliases: [memorize, jot down, note to self]
 *       notify:              # a new verb
 *         aliases: [alert, ping, heads up]
 *         maps_to: send_message
 *         default_target: { type: agent, id: anchor }
 *         description: Quick notification to the coordinator
 *         examples: ["/notify something weird happened"]
 *         template: "shame post template: {content}"
 *         requires_permission: true
 *         strictness: normal
 *
 * An alias is a word or { word: operation } (`memorize: insert`). Errors
 * are reported as file:line:col. */
#include "cli.h"
#include "yaml_doc.h"

static int cfg_error(const ynode *at, int rc, const char *word)
{
    switch (rc) {
    case PARL_CFG_EXISTS: return yerr(at, "'%s' already names a verb or alias", word);
    case PARL_CFG_FULL: return yerr(at, "too many verbs or aliases (at most %d verbs, %d aliases)",
                                    PARL_CFG_MAX_VERBS, PARL_CFG_MAX_ALIASES);
    case PARL_CFG_TOO_LONG: return yerr(at, "'%s' is too long", word);
    default: return yerr(at, "'%s' is not a usable verb word", word);
    }
}

/* Sets FIELD of configured verb VERB from node N (parl_config_set_field
 * knows the fields by these names). */
static int set_field(parl_dialect_config *cfg, int verb, const char *field, const ynode *n)
{
    if (!yis_scalar(n)) return yerr(n, "expected text");
    switch (parl_config_set_field(cfg, verb, field, n->text, strlen(n->text))) {
    case 0: return 0;
    case PARL_CFG_TOO_LONG: return yerr(n, "%s: text too long", field);
    default:
        if (!strcmp(field, "strictness")) return yerr(n, "unknown strictness '%s'", n->text);
        return yerr(n, "%s: true or false", field);
    }
}

/* Aliases of VERB from LIST. Capacity reached is said once (*FULL), not
 * once per alias of a long list. */
static int add_aliases(parl_dialect_config *cfg, int verb, const ynode *list, int *full)
{
    int errors = 0;
    if (!list) return 0;
    if (list->kind != Y_SEQ) return yerr(list, "expected a list of aliases");
    for (size_t i = 0; i < list->n && !*full; i++) {
        const ynode *it = list->items[i], *word = it;
        parl_op op = PARL_OP_NONE;
        if (it->kind == Y_MAP && it->n == 1) {
            word = ymap_key(it, 0);
            const ynode *opn = ymap_val(it, 0);
            int o = yis_scalar(opn) ? parl_op_from_name(opn->text, strlen(opn->text)) : -1;
            if (o <= 0) { errors += yerr(opn, "unknown operation '%s'", yis_scalar(opn) ? opn->text : "?"); continue; }
            op = (parl_op)o;
        }
        if (!yis_scalar(word)) { errors += yerr(it, "an alias is a word or { word: operation }"); continue; }
        int rc = parl_config_add_alias(cfg, verb, word->text, strlen(word->text), op);
        if (rc) errors += cfg_error(word, rc, word->text);
        *full = rc == PARL_CFG_FULL;
    }
    return errors;
}

static int new_verb(parl_dialect_config *cfg, const ynode *name, const ynode *e)
{
    static const char *const keys[] = { "aliases", "extra_aliases", "maps_to", "default_target",
                                        "description", "examples", "template",
                                        "requires_permission", "strictness" };
    int errors = yonly_keys(e, keys, sizeof keys / sizeof keys[0]);
    const ynode *maps = ymap_get(e, "maps_to");
    if (!maps) return errors + yerr(name, "new verb '%s' needs maps_to", name->text);
    int id = parl_config_add_verb(cfg, name->text, strlen(name->text));
    if (id < 0) return errors + cfg_error(name, id, name->text);
    static const char *const fields[] = { "maps_to", "description", "template",
                                          "requires_permission", "strictness" };
    const ynode *n;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if ((n = ymap_get(e, fields[i]))) errors += set_field(cfg, id, fields[i], n);
    if ((n = ymap_get(e, "examples"))) {
        if (n->kind != Y_SEQ) errors += yerr(n, "examples: a list of commands");
        else if (n->n) errors += set_field(cfg, id, "example", n->items[0]);
    }
    if ((n = ymap_get(e, "default_target"))) {
        if (n->kind != Y_MAP) errors += yerr(n, "default_target: { type, id }");
        else {
            const ynode *t = ymap_get(n, "type"), *i = ymap_get(n, "id");
            if (t) errors += set_field(cfg, id, "target_type", t);
            if (i) errors += set_field(cfg, id, "target_id", i);
        }
    }
    return errors;
}

int dialect_config_load(const char *path, parl_dialect_config *cfg)
{
    parl_config_init(cfg);
    ydoc *d = ydoc_load(path);
    if (!d) return 1;
    int errors = dialect_config_apply(d, cfg);
    ydoc_free(d);
    return errors;
}

int dialect_config_apply(const ydoc *d, parl_dialect_config *cfg)
{
    int errors = 0;
    const ynode *root = d->root, *verbs = NULL;
    if (!root) goto out;
    if (root->kind != Y_MAP) { errors += yerr(root, "expected a mapping"); goto out; }
    const ynode *dia = ymap_get(root, "dialect");
    verbs = ymap_get(dia && dia->kind == Y_MAP ? dia : root, "verbs");
    if (!verbs) { errors += yerr(root, "expected 'verbs:' (or 'dialect: verbs:')"); goto out; }
    if (verbs->kind != Y_MAP) { errors += yerr(verbs, "verbs: a mapping of verb names"); goto out; }
    parl_dialect_ctx ctx = { .config = cfg };
    int full = 0;
    /* New verbs first, so aliases may name them in any order. */
    for (size_t i = 0; i < verbs->n && !full; i++) {
        const ynode *k = ymap_key(verbs, i), *e = ymap_val(verbs, i);
        if (e->kind != Y_MAP) { errors += yerr(e, "a verb is a mapping"); continue; }
        int v = parl_verb_lookup(&ctx, k->text, strlen(k->text), NULL);
        if (v >= 0 && v < PARL_VERB_COUNT) {
            for (size_t j = 0; j < e->n; j++)
                if (strcmp(ymap_key(e, j)->text, "extra_aliases"))
                    errors += yerr(ymap_key(e, j), "'%s' is a compiled verb: only extra_aliases may be added",
                                   k->text);
        } else {
            full = cfg->nverbs == PARL_CFG_MAX_VERBS;
            errors += new_verb(cfg, k, e);
        }
    }
    for (size_t i = 0; !errors && i < verbs->n; i++) {
        const ynode *k = ymap_key(verbs, i), *e = ymap_val(verbs, i);
        int v = parl_verb_lookup(&ctx, k->text, strlen(k->text), NULL);
        errors += add_aliases(cfg, v, ymap_get(e, "extra_aliases"), &full);
        errors += add_aliases(cfg, v, ymap_get(e, "aliases"), &full);
    }
out:
    return errors != 0;
}
