/* SPDX-License-Identifier: MIT */
/* policy.c: stage 5 of the action dialect, the decision on one parsed
 * command: run, queue for a human's approval, or refuse, read off the
 * tables of grammar/verbs.yaml (gen/policy_tables.c). */
#include "policy.h"

static parl_decision_kind decided(parl_decision *d, parl_decision_kind k, parl_policy_reason why)
{
    d->kind = k;
    d->reason = why;
    return k;
}

parl_decision_kind parl_policy_decide(const parl_dialect_ctx *ctx, const parl_command *c, parl_role role,
                                      parl_decision *d)
{
    d->verb = c->match.verb;
    d->role = role;
    d->needs = d->holds = PARL_AUTHORITY_NONE;
    d->urgent = false;
    if ((int)role < 0 || role >= PARL_ROLE_COUNT) return decided(d, PARL_DECIDE_REFUSE, PARL_WHY_NOT_PERMITTED);
    d->holds = (parl_authority)parl__pol_role_authority[role];
    if (c->match.verb < 0 || c->hint.failure) return decided(d, PARL_DECIDE_REFUSE, PARL_WHY_UNPARSED);
    d->needs = parl_verb_authority(ctx, c->match.verb);
    int effect = (int)c->marker >= 0 && c->marker < PARL_MARKER_COUNT ? parl__pol_marker[c->marker] : PARL__MARK_NONE;
    d->urgent = effect == PARL__MARK_URGENT;
    if (d->needs > d->holds)
        return parl__pol_lacking[d->needs] == PARL__POL_QUEUE ? decided(d, PARL_DECIDE_QUEUE, PARL_WHY_NEEDS_APPROVAL)
                                                              : decided(d, PARL_DECIDE_REFUSE, PARL_WHY_NOT_PERMITTED);
    if (effect == PARL__MARK_QUEUE) return decided(d, PARL_DECIDE_QUEUE, PARL_WHY_ASKED);
    return decided(d, PARL_DECIDE_RUN, PARL_WHY_ALLOWED);
}

bool parl_stream_safe(const parl_dialect_ctx *ctx, const parl_command *c)
{
    (void)ctx;   /* configured verbs are never streaming-safe */
    int v = c->match.verb;
    if (v < 0 || v >= PARL_VERB_COUNT || c->hint.failure) return false;
    uint32_t ops = parl__pol_stream_ops[v];
    return (ops & 1u) || ((unsigned)c->intent.op < 32 && (ops >> c->intent.op & 1u));
}

const char *parl_role_name(parl_role r)
{
    return (int)r >= 0 && r < PARL_ROLE_COUNT ? parl__pol_str + parl__pol_role_names[r] : "";
}

int parl_role_from_name(const char *name, size_t len)
{
    for (int r = 0; r < PARL_ROLE_COUNT; r++) {
        const char *s = parl__pol_str + parl__pol_role_names[r];
        size_t k = 0;
        while (k < len && s[k] && s[k] == name[k]) k++;
        if (len && k == len && !s[k]) return r;
    }
    return -1;
}
