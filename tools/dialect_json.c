/* SPDX-License-Identifier: MIT */
/* dialect_json: the JSON forms of the action dialect, shared by
 * `parlance verb`, `parlance dialect` and `parlance failures`, so tests and
 * the failure log see exactly what users see. */
#include <stdlib.h>
#include "cli.h"

const char *dialect_tier_name(parl_tier t)
{
    static const char *const names[] = { "none", "exact", "case", "morph", "spelling",
                                         "typo", "phonetic", "semantic" };
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "none";
}

const char *dialect_failure_name(parl_failure f)
{
    static const char *const names[] = { "none", "unknown_verb", "ambiguous_verb", "ambiguous_args",
                                         "missing_arg", "unknown_modifier", "invalid_reference",
                                         "invalid_marker", "malformed" };
    return (unsigned)f < sizeof names / sizeof names[0] ? names[f] : "none";
}

static const char *hint_kind_name(parl_hint_kind k)
{
    static const char *const names[] = { "none", "ambiguous", "missing_arg", "unknown_modifier",
                                         "unknown_verb", "malformed" };
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "none";
}

const char *dialect_verdict_name(parl_verdict v)
{
    static const char *const names[] = { "run", "not_trailing", "reconsidered", "failed" };
    return (unsigned)v < sizeof names / sizeof names[0] ? names[v] : "failed";
}

static void json_cstr(FILE *f, const char *s)
{
    if (s) json_str(f, s, strlen(s));
    else fputs("null", f);
}

static void json_name(FILE *f, const char *s)
{
    if (s && *s) json_str(f, s, strlen(s));
    else fputs("null", f);
}

/* Content with its quoting removed; references as {"ref": "@last.output"}. */
static void json_text(FILE *f, const char *msg, const parl_text *t)
{
    if (t->form == PARL_FORM_NONE) { fputs("null", f); return; }
    if (t->form == PARL_FORM_REF) {
        fputs("{\"ref\":", f);
        json_str(f, msg + t->span.off, t->span.len);
        fputc('}', f);
        return;
    }
    size_t n = parl_text_copy(msg, t, NULL, 0);
    char *buf = malloc(n + 1);
    if (!buf) { fputs("null", f); return; }
    parl_text_copy(msg, t, buf, n + 1);
    json_str(f, buf, n);
    free(buf);
}

static void field(FILE *f, const char *key, const char *msg, const parl_text *t)
{
    fprintf(f, ",\"%s\":", key);
    json_text(f, msg, t);
}

/* The content of a chain step that left it out is the previous output. */
static void content_field(FILE *f, const char *key, const char *msg, const parl_dialect_intent *in)
{
    if (in->content_from_last) fprintf(f, ",\"%s\":{\"ref\":\"@last.output\",\"implied\":true}", key);
    else field(f, key, msg, &in->content);
}

void verb_match_json(FILE *f, const parl_dialect_ctx *ctx, const char *input, size_t n,
                     const parl_verb_match *m)
{
    fputs("{\"input\":", f);
    json_str(f, input, n);
    fputs(",\"verb\":", f);
    json_cstr(f, m->verb >= 0 ? parl_verb_name(ctx, m->verb) : NULL);
    fputs(",\"tier\":", f);
    if (m->tier) json_cstr(f, dialect_tier_name(m->tier));
    else fputs("null", f);
    fprintf(f, ",\"distance\":%d,\"confidence\":%.2f,\"ambiguous\":%s", m->distance,
            (double)m->confidence, m->ambiguous ? "true" : "false");
    if (m->op) {
        fputs(",\"op\":", f);
        json_cstr(f, parl_op_name(m->op));
    }
    fputs(",\"candidates\":[", f);
    for (int i = 0; i < m->ncandidates; i++) {
        if (i) fputc(',', f);
        json_cstr(f, parl_verb_name(ctx, m->candidates[i]));
    }
    fputs("]}", f);
}

void dialect_intent_json(FILE *f, const parl_dialect_ctx *ctx, const char *msg,
                             const parl_command *c)
{
    const parl_dialect_intent *in = &c->intent;
    fputs("{\"type\":", f);
    json_name(f, parl_intent_name(in->kind));
    switch (in->kind) {
    case PARL_INTENT_RECALL:
        fputs(",\"op\":", f);
        json_name(f, parl_op_name(in->op));
        if (in->label.form) field(f, "label", msg, &in->label);
        if (in->content.form || in->content_from_last)
            content_field(f, in->op == PARL_OP_SEARCH ? "query" : in->op == PARL_OP_PATCH ? "patch" : "content", msg,
                          in);
        if (in->op == PARL_OP_READ) fprintf(f, ",\"known\":%s", in->label_known ? "true" : "false");
        break;
    case PARL_INTENT_CONTEXT:
        fputs(",\"op\":", f);
        json_name(f, parl_op_name(in->op));
        if (in->label.form) field(f, "label", msg, &in->label);
        if (in->old_text.form) field(f, "old", msg, &in->old_text);
        if (in->content.form || in->content_from_last)
            content_field(f, in->op == PARL_OP_SWAP ? "with" : "content", msg, in);
        break;
    case PARL_INTENT_SEARCH:
        content_field(f, "query", msg, in);
        fputs(",\"scope\":", f);
        json_name(f, parl_scope_name(in->scope));
        break;
    case PARL_INTENT_SEND:
        fputs(",\"mode\":", f);
        json_cstr(f, parl_verb_name(ctx, in->verb));
        fputs(",\"domain\":", f);
        if (in->domain.len) json_str(f, msg + in->domain.off, in->domain.len);
        else fputs("null", f);
        field(f, "target", msg, &in->target);
        content_field(f, "message", msg, in);
        break;
    case PARL_INTENT_FETCH:
        field(f, "url", msg, &in->url);
        fputs(",\"format\":", f);
        json_name(f, parl_format_name(in->format));
        fprintf(f, ",\"continue\":%s", in->cont ? "true" : "false");
        break;
    case PARL_INTENT_WEB:
        content_field(f, "query", msg, in);
        break;
    case PARL_INTENT_CALC:
        content_field(f, "expression", msg, in);
        break;
    case PARL_INTENT_DATA:
        fputs(",\"op\":", f);
        json_name(f, parl_op_name(in->op));
        field(f, "source", msg, &in->label);
        if (in->content.form || in->content_from_last) content_field(f, "query", msg, in);
        break;
    case PARL_INTENT_AUTHORITY:
        fputs(",\"action\":", f);
        json_cstr(f, parl_verb_name(ctx, in->verb));
        field(f, "request", msg, &in->request);
        fprintf(f, ",\"always\":%s", in->always ? "true" : "false");
        field(f, "reason", msg, &in->content);
        break;
    case PARL_INTENT_CUSTOM: {
        const parl_cfg_verb *v = NULL;
        if (ctx && ctx->config && in->verb >= PARL_VERB_COUNT) v = &ctx->config->verbs[in->verb - PARL_VERB_COUNT];
        fputs(",\"verb\":", f);
        json_cstr(f, parl_verb_name(ctx, in->verb));
        fputs(",\"maps_to\":", f);
        json_name(f, v ? v->maps_to : NULL);
        fputs(",\"args\":{\"content\":", f);
        if (in->content_from_last) fputs("{\"ref\":\"@last.output\",\"implied\":true}", f);
        else json_text(f, msg, &in->content);
        if (in->target.form) field(f, "target", msg, &in->target);
        fputs("},\"default_target\":", f);
        if (v && (v->target_type[0] || v->target_id[0])) {
            fputs("{\"type\":", f);
            json_name(f, v->target_type);
            fputs(",\"id\":", f);
            json_name(f, v->target_id);
            fputc('}', f);
        } else fputs("null", f);
        fputs(",\"template_applied\":", f);
        size_t n = parl_custom_apply(ctx, msg, c, NULL, 0);
        char *buf = n ? malloc(n + 1) : NULL;
        if (buf) {
            parl_custom_apply(ctx, msg, c, buf, n + 1);
            json_str(f, buf, n);
            free(buf);
        } else fputs("null", f);
        fprintf(f, ",\"requires_permission\":%s", v && v->requires_permission ? "true" : "false");
        break;
    }
    default:
        break;
    }
    fprintf(f, ",\"authority\":");
    json_name(f, parl_authority_name(parl_verb_authority(ctx, in->verb)));
    fputc('}', f);
}

static void command_json(FILE *f, const parl_dialect_ctx *ctx, const char *msg, const parl_command *c)
{
    fputs("{\"verb\":", f);
    json_cstr(f, parl_verb_name(ctx, c->match.verb));
    if (c->match.tier > PARL_TIER_CASE) {
        fputs(",\"tier\":", f);
        json_cstr(f, dialect_tier_name(c->match.tier));
    }
    fputs(",\"intent\":", f);
    dialect_intent_json(f, ctx, msg, c);
    fputs(",\"marker\":", f);
    json_name(f, parl_marker_name(c->marker));
    fputs(",\"tags\":[", f);
    for (int i = 0; i < c->ntags; i++) {
        if (i) fputc(',', f);
        json_str(f, msg + c->tags[i].off, c->tags[i].len);
    }
    fputc(']', f);
}

/* The hint of a failed command, with the sentence for the agent. */
void hint_json(FILE *f, const parl_dialect_ctx *ctx, const char *msg, const parl_command *c)
{
    const parl_hint *h = &c->hint;
    fputs("{\"type\":", f);
    json_cstr(f, hint_kind_name(h->kind));
    fputs(",\"failure\":", f);
    json_cstr(f, dialect_failure_name(h->failure));
    if (h->got.len) {
        fputs(",\"got\":", f);
        json_str(f, msg + h->got.off, h->got.len);
    }
    if (h->failure == PARL_FAIL_MISSING_ARG) {
        fputs(",\"name\":", f);
        json_name(f, parl_arg_name(h->arg));
        fputs(",\"suggestion\":", f);
        json_cstr(f, h->suggestion);
    }
    if (h->nopts || h->kind == PARL_HINT_AMBIGUOUS || h->kind == PARL_HINT_UNKNOWN_MODIFIER ||
        h->kind == PARL_HINT_UNKNOWN_VERB) {
        fputs(h->kind == PARL_HINT_AMBIGUOUS || h->all_opts ? ",\"options\":[" : ",\"similar\":[", f);
        for (int i = 0; i < h->nopts; i++) {
            if (i) fputc(',', f);
            json_cstr(f, h->opts[i]);
        }
        fputc(']', f);
    }
    size_t n = parl_hint_message(ctx, msg, c, NULL, 0);
    char *buf = malloc(n + 1);
    if (buf) {
        parl_hint_message(ctx, msg, c, buf, n + 1);
        fputs(h->kind == PARL_HINT_AMBIGUOUS ? ",\"question\":" : ",\"message\":", f);
        json_str(f, buf, n);
        free(buf);
    }
    fputc('}', f);
}

/* The first failed command of an action, or NULL. */
const parl_command *action_failure(const parl_action *a)
{
    for (int i = 0; i < a->ncmds; i++)
        if (a->cmds[i].hint.failure) return &a->cmds[i];
    return NULL;
}

const char *decision_name(parl_decision_kind k)
{
    static const char *const names[] = { "run", "queue", "refuse" };
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "refuse";
}

const char *policy_reason_name(parl_policy_reason r)
{
    static const char *const names[] = { "allowed", "asked", "needs_approval", "not_permitted", "unparsed" };
    return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "unparsed";
}

void decision_json(FILE *f, const parl_dialect_ctx *ctx, const parl_decision *d)
{
    fprintf(f, "{\"decision\":\"%s\",\"reason\":\"%s\"", decision_name(d->kind), policy_reason_name(d->reason));
    if (d->urgent) fputs(",\"urgent\":true", f);
    char buf[512];
    size_t n = parl_decision_message(ctx, d, buf, sizeof buf);
    fputs(",\"message\":", f);
    json_str(f, buf, n < sizeof buf ? n : sizeof buf - 1);
    fputc('}', f);
}

static void executed_json(FILE *f, const parl_dialect_ctx *ctx, const char *msg, const parl_action *a,
                          parl_role role)
{
    for (int j = 0; j < a->ncmds; j++) {
        parl_decision d;
        parl_policy_decide(ctx, &a->cmds[j], role, &d);
        if (j == 1) fputs(",\"then\":[", f);
        if (j > 1) fputc(',', f);
        command_json(f, ctx, msg, &a->cmds[j]);
        fputs(",\"policy\":", f);
        decision_json(f, ctx, &d);
        if (j > 0) fputc('}', f);
    }
    fputs(a->ncmds > 1 ? "]}" : ",\"then\":[]}", f);
}

static void skipped_json(FILE *f, const parl_dialect_ctx *ctx, const char *msg, const parl_action *a,
                         const parl_decision *refused)
{
    const parl_command *fc = action_failure(a);
    const parl_command *c0 = a->ncmds ? &a->cmds[0] : NULL;
    fputs("{\"verb\":", f);
    if (c0 && c0->match.verb >= 0) json_cstr(f, parl_verb_name(ctx, c0->match.verb));
    else if (c0) json_str(f, msg + c0->verb_text.off, c0->verb_text.len);
    else fputs("null", f);
    fputs(",\"reason\":", f);
    json_cstr(f, refused ? "refused"
                 : a->verdict == PARL_SKIP_FAILED && fc ? dialect_failure_name(fc->hint.failure)
                 : dialect_verdict_name(a->verdict));
    if (a->verdict == PARL_SKIP_RECONSIDERED) {
        fputs(",\"phrase\":", f);
        json_str(f, msg + a->reconsideration.off, a->reconsideration.len);
    }
    if (refused) {
        fputs(",\"policy\":", f);
        decision_json(f, ctx, refused);
    } else if (fc) {
        fputs(",\"hint\":", f);
        hint_json(f, ctx, msg, fc);
    }
    fputs(",\"text\":", f);
    json_str(f, msg + a->span.off, a->span.len);
    fputc('}', f);
}

/* Runs when detected to run and its first command is not refused (a later
 * refused step shows in its own policy: the chain stops there). */
static bool runs(const parl_dialect_ctx *ctx, const parl_action *a, parl_role role, parl_decision *d)
{
    if (a->verdict != PARL_RUN || !a->ncmds) return false;
    return parl_policy_decide(ctx, &a->cmds[0], role, d) != PARL_DECIDE_REFUSE;
}

int dialect_json(FILE *f, const parl_dialect_ctx *ctx, const char *msg, size_t len, parl_role role)
{
    parl_dialect_result *r = malloc(sizeof *r);
    if (!r) return 1;
    for (int pass = 0; pass < 2; pass++) {
        fputs(pass ? "],\"skipped\":[" : "{\"execute\":[", f);
        int k = 0;
        for (int first = 0, more = 1; more; first += PARL_MAX_ACTIONS) {
            parl_dialect_parse_page(ctx, msg, len, first, r);
            more = r->truncated;
            for (int i = 0; i < r->nactions; i++) {
                const parl_action *a = &r->actions[i];
                parl_decision d;
                bool run = runs(ctx, a, role, &d);
                if (run != !pass) continue;
                if (k++) fputc(',', f);
                if (run) executed_json(f, ctx, msg, a, role);
                else skipped_json(f, ctx, msg, a, a->verdict == PARL_RUN && a->ncmds ? &d : NULL);
            }
        }
    }
    fputs("]}", f);
    free(r);
    return 0;
}
