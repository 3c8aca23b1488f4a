/* SPDX-License-Identifier: MIT */
/* gen_policy: the policy part of the dialect module of the generator.
 *
 * Reads `roles:` and `policy:` of grammar/verbs.yaml (the rest of the file
 * is gen_verbs.c's) and writes the parl_role enum (into parl_dialect.h)
 * and gen/policy_tables.c: each role's authority, what happens when a
 * writer lacks a verb's authority, what each marker asks for, the
 * streaming-safe verbs and operations, and the sentences that explain a
 * decision. It refuses a spec in which a role without authority could
 * run or queue a verb marked `decides: true` (approve, deny, halt): an
 * agent never decides on its own requests. */
#include "gen_verbs.h"
#include <stdlib.h>
#include <string.h>

#define SRC "grammar/verbs.yaml"
#define N(a) (sizeof(a) / sizeof((a)[0]))

/* What a writer lacking an authority gets; in the order of runtime/policy.h. */
static const char *const lacking_names[] = { "run", "queue", "refuse" };
/* What a marker asks for; in the order of runtime/policy.h. */
static const char *const effect_names[] = { "none", "queue", "urgent" };
/* Decision sentences, in the order of parl_policy_reason; and the
 * placeholders they may use. */
static const char *const message_keys[] = { "allowed", "asked", "needs_approval", "not_permitted", "unparsed" };
static const char *const message_placeholders[] = { "verb", "role", "authority" };

struct gen_policy {
    const gen_dialect *d;
    gen_names roles;
    int *role_authority;
    int lacking[32];        /* by authority level */
    int effect[32];         /* by marker (index + 1) */
    unsigned *stream_ops;   /* by verb: bit 0 any operation, bit op+1 that operation */
    const char *messages[N(message_keys)];
    int errors;
};

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) { fputs("parlgen: out of memory\n", stderr); exit(70); }
    return p;
}

static void perr(gen_policy *p, const ynode *at, const char *msg, const char *arg)
{
    p->errors += yerr(at, msg, arg);
}

static int index_of(const char *const *list, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(list[i], s)) return i;
    return -1;
}

/* A scalar naming one of LIST (of COUNT), or -1 (reported). */
static int choice(gen_policy *p, const ynode *n, const char *const *list, int count, const char *what)
{
    int i = yis_scalar(n) ? index_of(list, count, n->text) : -1;
    if (i < 0) {
        char msg[300];
        size_t k = (size_t)snprintf(msg, sizeof msg, "expected %s:", what);
        for (int j = 0; j < count && k < sizeof msg; j++)
            k += (size_t)snprintf(msg + k, sizeof msg - k, " %s", list[j]);
        perr(p, n, "%s", msg);
    }
    return i;
}

static const ynode *section(gen_policy *p, const ynode *map, const char *key, ykind kind, const ynode *where)
{
    const ynode *v = ymap_get(map, key);
    if (!v) perr(p, where, "missing key '%s'", key);
    else if (v->kind != kind) {
        perr(p, v, "'%s' has the wrong shape here", key);
        return NULL;
    }
    return v;
}

static void read_roles(gen_policy *p, const ynode *roles)
{
    const gen_names *auth = p->d->authority;
    p->role_authority = xcalloc(roles->n, sizeof *p->role_authority);
    p->roles.name = xcalloc(roles->n, sizeof *p->roles.name);
    p->roles.at = xcalloc(roles->n, sizeof *p->roles.at);
    for (size_t i = 0; i < roles->n; i++) {
        const ynode *k = ymap_key(roles, i);
        const char *t = k->text;
        int good = *t >= 'a' && *t <= 'z';
        for (; *t; t++) good &= (*t >= 'a' && *t <= 'z') || (*t >= '0' && *t <= '9') || *t == '_';
        if (!good) perr(p, k, "role '%s' must be one lower-case word", k->text);
        p->role_authority[i] = choice(p, ymap_val(roles, i), (const char *const *)auth->name, auth->n,
                                      "an authority level");
        p->roles.name[p->roles.n] = k->text;
        p->roles.at[p->roles.n++] = k;
    }
    if (index_of((const char *const *)p->roles.name, (size_t)p->roles.n, "agent") < 0)
        perr(p, roles, "%s", "the roles must include 'agent': the runtime decides for it by default");
}

/* `lacking:` names every authority level but the lowest. */
static void read_lacking(gen_policy *p, const ynode *l)
{
    const gen_names *auth = p->d->authority;
    if (auth->n > (int)N(p->lacking)) { perr(p, l, "%s", "too many authority levels"); return; }
    for (size_t i = 0; i < l->n; i++) {
        int a = choice(p, ymap_key(l, i), (const char *const *)auth->name, auth->n, "an authority level");
        if (a == 0) perr(p, ymap_key(l, i), "'%s' is the lowest level: nobody lacks it", auth->name[0]);
        if (a > 0) p->lacking[a] = choice(p, ymap_val(l, i), lacking_names + 1, N(lacking_names) - 1,
                                          "what a writer lacking it gets") + 1;
    }
    for (int a = 1; a < auth->n; a++)
        if (!p->lacking[a]) perr(p, l, "'lacking' must say what happens without '%s'", auth->name[a]);
}

static void read_marker_effects(gen_policy *p, const ynode *m)
{
    const gen_names *mk = p->d->markers;
    int seen[32] = { 0 };
    if (mk->n >= (int)N(p->effect)) { perr(p, m, "%s", "too many markers"); return; }
    for (size_t i = 0; i < m->n; i++) {
        int k = choice(p, ymap_key(m, i), (const char *const *)mk->name, mk->n, "a marker name");
        int e = choice(p, ymap_val(m, i), effect_names, N(effect_names), "a marker's effect");
        if (k >= 0 && e >= 0) { p->effect[k + 1] = e; seen[k] = 1; }
    }
    for (int k = 0; k < mk->n; k++)
        if (!seen[k]) perr(p, m, "the markers' effects must include '%s'", mk->name[k]);
}

static void read_streaming(gen_policy *p, const ynode *s)
{
    const gen_dialect *d = p->d;
    p->stream_ops = xcalloc((size_t)d->nverbs, sizeof *p->stream_ops);
    if (d->ops->n >= 31) { perr(p, s, "%s", "too many operations for the streaming table"); return; }
    for (size_t i = 0; i < s->n; i++) {
        int v = choice(p, ymap_key(s, i), d->verb_name, d->nverbs, "a verb");
        const ynode *ops = ymap_val(s, i);
        if (ops->kind != Y_SEQ) { perr(p, ops, "%s", "a list of read-only operations ([] for any)"); continue; }
        unsigned mask = ops->n ? 0 : 1u;
        for (size_t j = 0; j < ops->n; j++) {
            int o = choice(p, ops->items[j], (const char *const *)d->ops->name, d->ops->n, "an operation");
            if (o >= 0) mask |= 1u << (o + 1);
        }
        if (v >= 0) p->stream_ops[v] = mask;
    }
}

static void read_messages(gen_policy *p, const ynode *m)
{
    for (size_t i = 0; i < N(message_keys); i++) {
        const ynode *n = ymap_get(m, message_keys[i]);
        if (!n || !yis_scalar(n)) { perr(p, n ? n : m, "policy messages need '%s'", message_keys[i]); continue; }
        p->messages[i] = n->text;
        for (const char *s = n->text; (s = strchr(s, '{')); s++) {
            const char *e = strchr(s, '}');
            char name[40] = "";
            if (e && e - s - 1 < (long)sizeof name) memcpy(name, s + 1, (size_t)(e - s - 1));
            if (!e || index_of(message_placeholders, N(message_placeholders), name) < 0)
                perr(p, n, "unknown placeholder in '%s' (known: {verb} {role} {authority})", n->text);
        }
    }
    for (size_t i = 0; i < m->n; i++)
        if (index_of(message_keys, N(message_keys), ymap_key(m, i)->text) < 0)
            perr(p, ymap_key(m, i), "unknown policy message '%s'", ymap_key(m, i)->text);
}

/* A verb that decides on requests must be refused, never queued, to a
 * writer without its authority, and the lowest roles must lack it. */
static void check_decides(gen_policy *p)
{
    const gen_dialect *d = p->d;
    for (int v = 0; v < d->nverbs; v++) {
        int a = d->verb_authority[v];
        if (!d->verb_decides[v] || a < 0) continue;
        if (a == 0 || p->lacking[a] != 2)
            perr(p, d->verb_at[v], "'%s' decides on requests: its authority must be one a writer without "
                                   "it is refused (policy.lacking: refuse), so no agent decides on its own requests",
                 d->verb_name[v]);
    }
}

gen_policy *gen_policy_read(const ynode *root, const gen_dialect *d, int *errors)
{
    gen_policy *p = xcalloc(1, sizeof *p);
    p->d = d;
    const ynode *roles = section(p, root, "roles", Y_MAP, root), *pol = section(p, root, "policy", Y_MAP, root);
    if (roles) read_roles(p, roles);
    if (pol) {
        static const char *const keys[] = { "lacking", "markers", "streaming_safe", "messages" };
        for (size_t i = 0; i < pol->n; i++)
            if (index_of(keys, N(keys), ymap_key(pol, i)->text) < 0)
                perr(p, ymap_key(pol, i), "unknown key '%s'", ymap_key(pol, i)->text);
        const ynode *n;
        if ((n = section(p, pol, "lacking", Y_MAP, pol))) read_lacking(p, n);
        if ((n = section(p, pol, "markers", Y_MAP, pol))) read_marker_effects(p, n);
        if ((n = section(p, pol, "streaming_safe", Y_MAP, pol))) read_streaming(p, n);
        if ((n = section(p, pol, "messages", Y_MAP, pol))) read_messages(p, n);
    }
    if (!p->errors) check_decides(p);
    *errors += p->errors;
    if (p->errors) { gen_policy_free(p); return NULL; }
    return p;
}

void gen_policy_enums(FILE *f, const gen_policy *p)
{
    fputs("typedef enum {\n", f);
    for (int i = 0; i < p->roles.n; i++) {
        fputs("    PARL_ROLE_", f);
        gen_upper(f, p->roles.name[i]);
        fputs(",\n", f);
    }
    fputs("    PARL_ROLE_COUNT\n} parl_role;\n\n", f);
}

int gen_policy_tables(gen_ctx *g, const gen_policy *p)
{
    const gen_dialect *d = p->d;
    FILE *f = gen_create(g, "policy_tables.c", SRC);
    if (!f) return 1;
    fputs("/* The policy tables (declared in runtime/policy.h). */\n#include \"policy.h\"\n\n", f);
    fputs("const unsigned char parl__pol_role_authority[PARL_ROLE_COUNT] = {\n", f);
    for (int i = 0; i < p->roles.n; i++) {
        fputs("    PARL_AUTHORITY_", f);
        gen_upper(f, d->authority->name[p->role_authority[i]]);
        fprintf(f, ", /* %s */\n", p->roles.name[i]);
    }
    fputs("};\n\nconst unsigned char parl__pol_lacking[PARL_AUTHORITY_COUNT] = {\n", f);
    for (int a = 0; a < d->authority->n; a++) {
        fputs("    PARL__POL_", f);
        gen_upper(f, lacking_names[p->lacking[a]]);
        fprintf(f, ", /* %s */\n", d->authority->name[a]);
    }
    fputs("};\n\nconst unsigned char parl__pol_marker[PARL_MARKER_COUNT] = {\n    PARL__MARK_NONE, /* no marker */\n", f);
    for (int k = 0; k < d->markers->n; k++) {
        fputs("    PARL__MARK_", f);
        gen_upper(f, effect_names[p->effect[k + 1]]);
        fprintf(f, ", /* %s */\n", d->markers->name[k]);
    }
    fputs("};\n\n/* Bit 0: any operation; bit N: operation N (parl_op). */\n"
          "const uint32_t parl__pol_stream_ops[PARL_VERB_COUNT] = {\n", f);
    for (int v = 0; v < d->nverbs; v++) fprintf(f, "    0x%xu, /* %s */\n", p->stream_ops[v], d->verb_name[v]);
    fputs("};\n\nconst char parl__pol_str[] =", f);
    unsigned off = 0, role_off[64], msg_off[N(message_keys)];
    for (int i = 0; i < p->roles.n && i < 64; i++) {
        role_off[i] = off;
        fputs("\n    ", f);
        gen_cstr(f, p->roles.name[i]);
        fputs(" \"\\000\"", f);
        off += (unsigned)strlen(p->roles.name[i]) + 1;
    }
    for (size_t i = 0; i < N(message_keys); i++) {
        msg_off[i] = off;
        fputs("\n    ", f);
        gen_cstr(f, p->messages[i]);
        fputs(" \"\\000\"", f);
        off += (unsigned)strlen(p->messages[i]) + 1;
    }
    fputs(";\n\nconst unsigned short parl__pol_role_names[PARL_ROLE_COUNT] = {", f);
    for (int i = 0; i < p->roles.n && i < 64; i++) fprintf(f, " %u,", role_off[i]);
    fputs(" };\nconst unsigned short parl__pol_messages[PARL_WHY_COUNT] = {", f);
    for (size_t i = 0; i < N(message_keys); i++) fprintf(f, " %u,", msg_off[i]);
    fputs(" };\n", f);
    if (off > 65535 || p->roles.n > 64) {
        fputs("parlgen: the policy's strings are too long\n", stderr);
        gen_fail(g);
    }
    return gen_close(g, f);
}

void gen_policy_free(gen_policy *p)
{
    if (!p) return;
    free(p->role_authority);
    free(p->roles.name);
    free(p->roles.at);
    free(p->stream_ops);
    free(p);
}
