/* SPDX-License-Identifier: MIT */
/* json_dialect.c: the action dialect as JSON: how a verb word matched
 * (`parlance verb`), which actions of a message run with their intents and
 * the policy's decisions and which are skipped with hints or refusals
 * (`parlance dialect`), and the hint of a failed command (what `parlance
 * failures` stores). */
#include <string.h>
#include "json_internal.h"

const char *parl_tier_name(parl_tier t)
{
    static const char *const names[] = { "none", "exact", "case", "morph", "spelling",
                                         "typo", "phonetic", "semantic" };
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "none";
}

const char *parl_failure_name(parl_failure f)
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

const char *parl_verdict_name(parl_verdict v)
{
    static const char *const names[] = { "run", "not_trailing", "reconsidered", "failed" };
    return (unsigned)v < sizeof names / sizeof names[0] ? names[v] : "failed";
}

const char *parl_decision_name(parl_decision_kind k)
{
    static const char *const names[] = { "run", "queue", "refuse" };
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "refuse";
}

const char *parl_policy_reason_name(parl_policy_reason r)
{
    static const char *const names[] = { "allowed", "asked", "needs_approval", "not_permitted", "unparsed" };
    return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "unparsed";
}

static void dj_key(parl__json *j, const char *key)
{
    parl__json_lit(j, ",\"");
    parl__json_lit(j, key);
    parl__json_lit(j, "\":");
}

/* Content with its quoting removed; references as {"ref": "@last.output"}. */
static void dj_text(parl__json *j, const char *msg, const parl_text *t)
{
    if (t->form == PARL_FORM_NONE) { parl__json_lit(j, "null"); return; }
    if (t->form == PARL_FORM_REF) {
        parl__json_lit(j, "{\"ref\":");
        parl__json_str(j, msg + t->span.off, t->span.len);
        parl__json_lit(j, "}");
        return;
    }
    parl__json_open(j);
    parl__text_json(j, msg, t);
    parl__json_close(j);
}

static void dj_field(parl__json *j, const char *key, const char *msg, const parl_text *t)
{
    dj_key(j, key);
    dj_text(j, msg, t);
}

/* The content of a chain step that left it out is the previous output. */
static void dj_content(parl__json *j, const char *key, const char *msg, const parl_dialect_intent *in)
{
    if (!in->content_from_last) { dj_field(j, key, msg, &in->content); return; }
    dj_key(j, key);
    parl__json_lit(j, "{\"ref\":\"@last.output\",\"implied\":true}");
}

static void dj_named(parl__json *j, const char *key, const char *name)
{
    dj_key(j, key);
    parl__json_name(j, name);
}

static void dj_flag(parl__json *j, const char *key, bool v)
{
    dj_key(j, key);
    parl__json_bool(j, v);
}

static void dj_verb_match(parl__json *j, const parl_dialect_ctx *ctx, const char *input, size_t n,
                          const parl_verb_match *m)
{
    parl__json_lit(j, "{\"input\":");
    parl__json_str(j, input, n);
    dj_key(j, "verb");
    parl__json_cstr(j, m->verb >= 0 ? parl_verb_name(ctx, m->verb) : NULL);
    dj_key(j, "tier");
    parl__json_cstr(j, m->tier ? parl_tier_name(m->tier) : NULL);
    dj_key(j, "distance");
    parl__json_int(j, m->distance);
    dj_key(j, "confidence");
    parl__json_fixed2(j, (double)m->confidence);
    dj_flag(j, "ambiguous", m->ambiguous);
    if (m->op) { dj_key(j, "op"); parl__json_cstr(j, parl_op_name(m->op)); }
    parl__json_lit(j, ",\"candidates\":[");
    for (int i = 0; i < m->ncandidates; i++) {
        if (i) parl__json_lit(j, ",");
        parl__json_cstr(j, parl_verb_name(ctx, m->candidates[i]));
    }
    parl__json_lit(j, "]}");
}

size_t parl_verb_json(const parl_dialect_config *cfg, const char *word, size_t len, char *out, size_t cap)
{
    parl_dialect_ctx ctx = { .config = cfg };
    parl_verb_match m;
    parl__json j;
    if (!word) { word = ""; len = 0; }
    parl_match_verb(&ctx, word, len, &m);
    parl__json_init(&j, out, cap);
    dj_verb_match(&j, &ctx, word, len, &m);
    return parl__json_end(&j);
}

/* A configured verb's own intent: what it maps to, its arguments, its
 * default target and its template applied. */
static void dj_custom(parl__json *j, const parl_dialect_ctx *ctx, const char *msg, const parl_command *c)
{
    const parl_dialect_intent *in = &c->intent;
    const parl_cfg_verb *v = NULL;
    if (ctx && ctx->config && in->verb >= PARL_VERB_COUNT) v = &ctx->config->verbs[in->verb - PARL_VERB_COUNT];
    dj_key(j, "verb");
    parl__json_cstr(j, parl_verb_name(ctx, in->verb));
    dj_named(j, "maps_to", v ? v->maps_to : NULL);
    parl__json_lit(j, ",\"args\":{\"content\":");
    if (in->content_from_last) parl__json_lit(j, "{\"ref\":\"@last.output\",\"implied\":true}");
    else dj_text(j, msg, &in->content);
    if (in->target.form) dj_field(j, "target", msg, &in->target);
    parl__json_lit(j, "},\"default_target\":");
    if (v && (v->target_type[0] || v->target_id[0])) {
        parl__json_lit(j, "{\"type\":");
        parl__json_name(j, v->target_type);
        dj_named(j, "id", v->target_id);
        parl__json_lit(j, "}");
    } else parl__json_lit(j, "null");
    dj_key(j, "template_applied");
    if (parl__custom_apply_json(NULL, ctx, msg, c)) {
        parl__json_open(j);
        parl__custom_apply_json(j, ctx, msg, c);
        parl__json_close(j);
    } else parl__json_lit(j, "null");
    dj_flag(j, "requires_permission", v && v->requires_permission);
}

/* The keys of each kind of intent; a new field is one line here. */
static void dj_intent(parl__json *j, const parl_dialect_ctx *ctx, const char *msg, const parl_command *c)
{
    const parl_dialect_intent *in = &c->intent;
    parl__json_lit(j, "{\"type\":");
    parl__json_name(j, parl_intent_name(in->kind));
    switch (in->kind) {
    case PARL_INTENT_RECALL:
        dj_named(j, "op", parl_op_name(in->op));
        if (in->label.form) dj_field(j, "label", msg, &in->label);
        if (in->content.form || in->content_from_last)
            dj_content(j, in->op == PARL_OP_SEARCH ? "query" : in->op == PARL_OP_PATCH ? "patch" : "content", msg,
                       in);
        if (in->op == PARL_OP_READ) dj_flag(j, "known", in->label_known);
        break;
    case PARL_INTENT_CONTEXT:
        dj_named(j, "op", parl_op_name(in->op));
        if (in->label.form) dj_field(j, "label", msg, &in->label);
        if (in->old_text.form) dj_field(j, "old", msg, &in->old_text);
        if (in->content.form || in->content_from_last) dj_content(j, in->op == PARL_OP_SWAP ? "with" : "content", msg, in);
        break;
    case PARL_INTENT_SEARCH:
        dj_content(j, "query", msg, in);
        dj_named(j, "scope", parl_scope_name(in->scope));
        break;
    case PARL_INTENT_SEND:
        dj_key(j, "mode");
        parl__json_cstr(j, parl_verb_name(ctx, in->verb));
        dj_key(j, "domain");
        if (in->domain.len) parl__json_str(j, msg + in->domain.off, in->domain.len);
        else parl__json_lit(j, "null");
        dj_field(j, "target", msg, &in->target);
        dj_content(j, "message", msg, in);
        break;
    case PARL_INTENT_FETCH:
        dj_field(j, "url", msg, &in->url);
        dj_named(j, "format", parl_format_name(in->format));
        dj_flag(j, "continue", in->cont);
        break;
    case PARL_INTENT_WEB: dj_content(j, "query", msg, in); break;
    case PARL_INTENT_CALC: dj_content(j, "expression", msg, in); break;
    case PARL_INTENT_DATA:
        dj_named(j, "op", parl_op_name(in->op));
        dj_field(j, "source", msg, &in->label);
        if (in->content.form || in->content_from_last) dj_content(j, "query", msg, in);
        break;
    case PARL_INTENT_AUTHORITY:
        dj_key(j, "action");
        parl__json_cstr(j, parl_verb_name(ctx, in->verb));
        dj_field(j, "request", msg, &in->request);
        dj_flag(j, "always", in->always);
        dj_field(j, "reason", msg, &in->content);
        break;
    case PARL_INTENT_CUSTOM: dj_custom(j, ctx, msg, c); break;
    default: break;
    }
    dj_named(j, "authority", parl_authority_name(parl_verb_authority(ctx, in->verb)));
    parl__json_lit(j, "}");
}

/* A command without its closing brace (an action's first command goes on
 * with "then"). */
static void dj_command(parl__json *j, const parl_dialect_ctx *ctx, const char *msg, const parl_command *c)
{
    parl__json_lit(j, "{\"verb\":");
    parl__json_cstr(j, parl_verb_name(ctx, c->match.verb));
    if (c->match.tier > PARL_TIER_CASE) { dj_key(j, "tier"); parl__json_cstr(j, parl_tier_name(c->match.tier)); }
    dj_key(j, "intent");
    dj_intent(j, ctx, msg, c);
    dj_named(j, "marker", parl_marker_name(c->marker));
    parl__json_lit(j, ",\"tags\":[");
    for (int i = 0; i < c->ntags; i++) {
        if (i) parl__json_lit(j, ",");
        parl__json_str(j, msg + c->tags[i].off, c->tags[i].len);
    }
    parl__json_lit(j, "]");
}

static void dj_hint(parl__json *j, const parl_dialect_ctx *ctx, const char *msg, const parl_command *c)
{
    const parl_hint *h = &c->hint;
    parl__json_lit(j, "{\"type\":");
    parl__json_cstr(j, hint_kind_name(h->kind));
    dj_key(j, "failure");
    parl__json_cstr(j, parl_failure_name(h->failure));
    if (h->got.len) { dj_key(j, "got"); parl__json_str(j, msg + h->got.off, h->got.len); }
    if (h->failure == PARL_FAIL_MISSING_ARG) {
        dj_named(j, "name", parl_arg_name(h->arg));
        dj_key(j, "suggestion");
        parl__json_cstr(j, h->suggestion);
    }
    if (h->nopts || h->kind == PARL_HINT_AMBIGUOUS || h->kind == PARL_HINT_UNKNOWN_MODIFIER ||
        h->kind == PARL_HINT_UNKNOWN_VERB) {
        parl__json_lit(j, h->kind == PARL_HINT_AMBIGUOUS || h->all_opts ? ",\"options\":[" : ",\"similar\":[");
        for (int i = 0; i < h->nopts; i++) {
            if (i) parl__json_lit(j, ",");
            parl__json_cstr(j, h->opts[i]);
        }
        parl__json_lit(j, "]");
    }
    dj_key(j, h->kind == PARL_HINT_AMBIGUOUS ? "question" : "message");
    parl__json_open(j);
    parl__hint_message_json(j, ctx, msg, c);
    parl__json_close(j);
    parl__json_lit(j, "}");
}

size_t parl_hint_json(const parl_dialect_ctx *ctx, const char *msg, const parl_command *c, char *out,
                      size_t cap)
{
    parl__json j;
    parl__json_init(&j, out, cap);
    dj_hint(&j, ctx, msg, c);
    return parl__json_end(&j);
}

static const parl_command *dj_failure(const parl_action *a)
{
    for (int i = 0; i < a->ncmds; i++)
        if (a->cmds[i].hint.failure) return &a->cmds[i];
    return NULL;
}

static void dj_decision(parl__json *j, const parl_dialect_ctx *ctx, const parl_decision *d)
{
    parl__json_lit(j, "{\"decision\":");
    parl__json_cstr(j, parl_decision_name(d->kind));
    dj_key(j, "reason");
    parl__json_cstr(j, parl_policy_reason_name(d->reason));
    if (d->urgent) dj_flag(j, "urgent", true);
    dj_key(j, "message");
    parl__json_open(j);
    parl__decision_message_json(j, ctx, d);
    parl__json_close(j);
    parl__json_lit(j, "}");
}

size_t parl_decision_json(const parl_dialect_ctx *ctx, const parl_decision *d, char *out, size_t cap)
{
    parl__json j;
    parl__json_init(&j, out, cap);
    dj_decision(&j, ctx, d);
    return parl__json_end(&j);
}

size_t parl_command_intent_json(const parl_dialect_ctx *ctx, const char *msg, const parl_command *c,
                                char *out, size_t cap)
{
    parl__json j;
    parl__json_init(&j, out, cap);
    dj_intent(&j, ctx, msg, c);
    return parl__json_end(&j);
}

/* A command with the policy's decision for ROLE, still open. */
static void dj_decided(parl__json *j, const parl_dialect_ctx *ctx, const char *msg, const parl_command *c,
                       parl_role role)
{
    parl_decision d;
    parl_policy_decide(ctx, c, role, &d);
    dj_command(j, ctx, msg, c);
    dj_key(j, "policy");
    dj_decision(j, ctx, &d);
}

static void dj_run(parl__json *j, const parl_dialect_ctx *ctx, const char *msg, const parl_action *a,
                   parl_role role)
{
    dj_decided(j, ctx, msg, &a->cmds[0], role);
    parl__json_lit(j, ",\"then\":[");
    for (int k = 1; k < a->ncmds; k++) {
        if (k > 1) parl__json_lit(j, ",");
        dj_decided(j, ctx, msg, &a->cmds[k], role);
        parl__json_lit(j, "}");
    }
    parl__json_lit(j, "]}");
}

/* REFUSED: the decision that refused its first command, or NULL. */
static void dj_skipped(parl__json *j, const parl_dialect_ctx *ctx, const char *msg, const parl_action *a,
                       const parl_decision *refused)
{
    const parl_command *fc = dj_failure(a), *c0 = a->ncmds ? &a->cmds[0] : NULL;
    parl__json_lit(j, "{\"verb\":");
    if (c0 && c0->match.verb >= 0) parl__json_cstr(j, parl_verb_name(ctx, c0->match.verb));
    else if (c0) parl__json_str(j, msg + c0->verb_text.off, c0->verb_text.len);
    else parl__json_lit(j, "null");
    dj_key(j, "reason");
    parl__json_cstr(j, refused ? "refused"
                       : a->verdict == PARL_SKIP_FAILED && fc ? parl_failure_name(fc->hint.failure)
                       : parl_verdict_name(a->verdict));
    if (a->verdict == PARL_SKIP_RECONSIDERED) {
        dj_key(j, "phrase");
        parl__json_str(j, msg + a->reconsideration.off, a->reconsideration.len);
    }
    if (refused) { dj_key(j, "policy"); dj_decision(j, ctx, refused); }
    else if (fc) { dj_key(j, "hint"); dj_hint(j, ctx, msg, fc); }
    dj_key(j, "text");
    parl__json_str(j, msg + a->span.off, a->span.len);
    parl__json_lit(j, "}");
}

size_t parl_dialect_actions_json(const parl_dialect_ctx *ctx, parl_role role, const char *msg, size_t len,
                                 parl_dialect_result *work, char *out, size_t cap)
{
    parl__json j;
    parl__json_init(&j, out, cap);
    if (!msg) { msg = ""; len = 0; }
    for (int pass = 0; pass < 2; pass++) {   /* the actions that run, then the others */
        parl__json_lit(&j, pass ? "],\"skipped\":[" : "{\"execute\":[");
        int k = 0;
        for (int first = 0, more = 1; more; first += PARL_MAX_ACTIONS) {
            parl_dialect_parse_page(ctx, msg, len, first, work);
            more = work->truncated;
            for (int i = 0; i < work->nactions; i++) {
                const parl_action *a = &work->actions[i];
                /* It runs when detected to run and its first command is not
                 * refused (a later refused step shows in its own policy). */
                parl_decision d;
                bool runs = a->verdict == PARL_RUN && a->ncmds &&
                            parl_policy_decide(ctx, &a->cmds[0], role, &d) != PARL_DECIDE_REFUSE;
                if (runs == (pass == 1)) continue;
                if (k++) parl__json_lit(&j, ",");
                if (runs) dj_run(&j, ctx, msg, a, role);
                else dj_skipped(&j, ctx, msg, a, a->verdict == PARL_RUN && a->ncmds ? &d : NULL);
            }
        }
    }
    parl__json_lit(&j, "]}");
    return parl__json_end(&j);
}

size_t parl_dialect_json(const parl_dialect_config *cfg, const char *msg, size_t len,
                         parl_dialect_result *work, char *out, size_t cap)
{
    parl_dialect_ctx ctx = { .config = cfg };
    return parl_dialect_actions_json(&ctx, PARL_ROLE_AGENT, msg, len, work, out, cap);
}
