/* SPDX-License-Identifier: MIT */
/* fuzz_dialect: libFuzzer over the action dialect (runtime + gen only):
 * detection, the token lexer, the Lemon command grammar, intents, hint
 * sentences and content copies, the verb matcher, with and without a
 * run-time config, the policy, references, and streaming. Checks that
 * every span stays inside the input and that nothing streamed early is
 * an action the whole message would not run. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "parlance.h"

static void check_span(parl_span s, size_t n)
{
    if (s.off > n || s.len > n - s.off) abort();
}

static void check_text(const char *msg, size_t n, const parl_text *t)
{
    char buf[48];
    if (t->form == PARL_FORM_NONE) return;
    check_span(t->span, n);
    size_t len = parl_text_copy(msg, t, buf, sizeof buf);
    if (len > t->span.len || strlen(buf) >= sizeof buf) abort();
}

static void run(const parl_dialect_ctx *ctx, const char *msg, size_t n)
{
    static parl_dialect_result r;
    parl_dialect_parse(ctx, msg, n, &r);
    if (r.nactions < 0 || r.nactions > PARL_MAX_ACTIONS) abort();
    for (int i = 0; i < r.nactions; i++) {
        const parl_action *a = &r.actions[i];
        check_span(a->span, n);
        if (a->ncmds < 1 || a->ncmds > PARL_MAX_CHAIN) abort();
        for (int k = 0; k < a->ncmds; k++) {
            const parl_command *c = &a->cmds[k];
            char buf[64];
            check_span(c->span, n);
            check_span(c->verb_text, n);
            check_span(c->hint.got, n);
            for (int t = 0; t < c->ntags; t++) check_span(c->tags[t], n);
            const parl_dialect_intent *in = &c->intent;
            check_text(msg, n, &in->label);
            check_text(msg, n, &in->content);
            check_text(msg, n, &in->old_text);
            check_text(msg, n, &in->target);
            check_text(msg, n, &in->url);
            check_text(msg, n, &in->request);
            check_span(in->domain, n);
            parl_hint_message(ctx, msg, c, buf, sizeof buf);
            parl_custom_apply(ctx, msg, c, buf, sizeof buf);
            if (strlen(buf) >= sizeof buf) abort();
            for (int role = 0; role < PARL_ROLE_COUNT; role++) {
                parl_decision d;
                parl_decision_kind k = parl_policy_decide(ctx, c, (parl_role)role, &d);
                if (k != d.kind || (k == PARL_DECIDE_RUN && c->hint.failure)) abort();
                parl_decision_message(ctx, &d, buf, sizeof buf);
            }
        }
    }
    parl_ref ref;
    for (size_t pos = 0; parl_ref_next(msg, n, pos, &ref); pos = ref.span.off + ref.span.len) {
        check_span(ref.span, n);
        check_span(ref.uri, n);
        if (!ref.span.len) abort();
    }
}

/* Streams MSG in chunks of STEP bytes: whatever runs early, the whole
 * message runs too. */
static void stream(const char *msg, size_t n, size_t step)
{
    static _Alignas(max_align_t) unsigned char mem[sizeof(parl_dialect_result) * 4 + 70000];
    static parl_dialect_result r;
    static size_t early[64];
    parl_stream *s = parl_stream_init(mem, sizeof mem, NULL, PARL_ROLE_AGENT);
    if (!s) abort();
    int nearly = 0;
    for (size_t i = 0; i < n; i += step) {
        parl_stream_feed(s, msg + i, n - i < step ? n - i : step);
        parl_action a;
        while (parl_stream_next(s, &a))
            if (nearly < 64) early[nearly++] = a.cmd_off;
    }
    int seen = 0;
    for (int first = 0, more = 1; more; first += PARL_MAX_ACTIONS) {
        parl_stream_finish(s, first, &r);
        more = r.truncated;
        for (int i = 0; i < r.nactions; i++) {
            if (!r.actions[i].streamed) continue;
            if (r.actions[i].verdict != PARL_RUN) abort();
            seen++;
        }
    }
    if (!parl_stream_overflowed(s) && seen != nearly) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static parl_dialect_config cfg;
    static int ready;
    if (!ready) {
        parl_config_init(&cfg);
        int v = parl_config_add_verb(&cfg, "notify", 6);
        parl_config_add_alias(&cfg, v, "heads up", 8, PARL_OP_NONE);
        parl_config_add_alias(&cfg, PARL_VERB_RECALL, "note to self", 12, PARL_OP_INSERT);
        parl_config_set(cfg.verbs[0].template_text, sizeof cfg.verbs[0].template_text, "[{content}|{target}]", 20);
        ready = 1;
    }
    const char *msg = (const char *)data;
    static const char *const blocks[] = { "notes", "persona" };
    parl_dialect_ctx plain = { .blocks = blocks, .nblocks = 2 }, with_cfg = { .config = &cfg };
    run(NULL, msg, size);
    run(&plain, msg, size);
    run(&with_cfg, msg, size);
    stream(msg, size, size ? 1 + data[0] % 17 : 1);
    parl_verb_match m;
    size_t w = size < 40 ? size : 40;
    parl_match_verb(&with_cfg, msg, w, &m);
    if (m.ncandidates < 0 || m.ncandidates > PARL_MAX_CANDIDATES) abort();
    if (m.verb >= 0 && parl_verb_strictness(&with_cfg, m.verb) == PARL_STRICTNESS_STRICT &&
        (m.tier == PARL_TIER_PHONETIC || m.tier == PARL_TIER_SEMANTIC || (m.tier == PARL_TIER_TYPO && m.distance > 1)))
        abort();
    char code[16];
    parl_soundex(msg, w, code);
    parl_metaphone(msg, w, code, sizeof code);
    if (size >= 2) parl_levenshtein(msg, w / 2, msg + w / 2, w - w / 2, (int)(data[0] % 8));
    return 0;
}
