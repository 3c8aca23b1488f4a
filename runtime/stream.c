/* SPDX-License-Identifier: MIT */
/* stream.c: streaming detection, stage 5 of the action dialect (with the
 * policy). The message so far is kept in the caller's memory; each time a
 * line completes, detection and parsing run again over the complete lines
 * (the same code as for a whole message), and an action fires when
 * nothing after it can change its fate:
 *
 *   - it is `/do`-marked, so whether it is trailing does not matter;
 *   - the confirmation window has passed: detection counted that many
 *     words of prose after it, all on complete lines, and found no
 *     reconsideration phrase among them. Words on complete lines are
 *     final (inline code ends on its line; an unclosed fence hides
 *     everything after it, so nothing there is counted), so
 *     whole-message detection sees the same window and runs it too.
 *     Prose after it also settles its text: a line that could still
 *     join it (`>`, `->`, a fence that closes later) is no prose;
 *   - every command is streaming-safe and the policy runs it.
 *
 * tests/test_stream.c holds this to whole-message detection on random
 * messages cut at random places. */
#include "policy.h"
#include <string.h>

#define STREAM_MAX_FIRED 64

struct parl_stream {
    const parl_dialect_ctx *ctx;
    parl_role role;
    size_t cap, len;
    size_t complete;               /* bytes of complete lines */
    bool overflow;
    int nfired;
    size_t fired[STREAM_MAX_FIRED];    /* cmd_off of each action that ran early */
    int ready_head, ready_count;
    parl_action ready[PARL_MAX_ACTIONS];
    parl_dialect_result work;
    char text[];
};

size_t parl_stream_size(size_t max_len)
{
    return sizeof(parl_stream) + max_len;
}

parl_stream *parl_stream_init(void *mem, size_t size, const parl_dialect_ctx *ctx, parl_role role)
{
    if (!mem || size < sizeof(parl_stream) || (uintptr_t)mem % _Alignof(parl_stream)) return (parl_stream *)0;
    parl_stream *s = mem;
    memset(s, 0, sizeof *s);
    s->ctx = ctx;
    s->role = role;
    s->cap = size - sizeof *s;
    return s;
}

const char *parl_stream_text(const parl_stream *s, size_t *len)
{
    *len = s->len;
    return s->text;
}

bool parl_stream_overflowed(const parl_stream *s)
{
    return s->overflow;
}

static bool stream_fired(const parl_stream *s, size_t cmd_off)
{
    for (int i = 0; i < s->nfired; i++)
        if (s->fired[i] == cmd_off) return true;
    return false;
}

static bool stream_may_fire(const parl_stream *s, const parl_action *a)
{
    if (a->verdict != PARL_RUN || !a->has_do || !a->ncmds || a->window_words < parl__dia_window_words) return false;
    for (int k = 0; k < a->ncmds; k++) {
        parl_decision d;
        if (!parl_stream_safe(s->ctx, &a->cmds[k]) ||
            parl_policy_decide(s->ctx, &a->cmds[k], s->role, &d) != PARL_DECIDE_RUN)
            return false;
    }
    return !stream_fired(s, a->cmd_off);
}

/* Detection over the complete lines: fires what may run now. */
static int stream_scan(parl_stream *s)
{
    int fired = 0;
    for (int first = 0, more = 1; more; first += PARL_MAX_ACTIONS) {
        parl_dialect_parse_page(s->ctx, s->text, s->complete, first, &s->work);
        more = s->work.truncated;
        for (int i = 0; i < s->work.nactions; i++) {
            const parl_action *a = &s->work.actions[i];
            if (s->nfired == STREAM_MAX_FIRED || s->ready_count == PARL_MAX_ACTIONS) return fired;
            if (!stream_may_fire(s, a)) continue;
            s->fired[s->nfired++] = a->cmd_off;
            parl_action *r = &s->ready[(s->ready_head + s->ready_count++) % PARL_MAX_ACTIONS];
            *r = *a;
            r->streamed = true;
            fired++;
        }
    }
    return fired;
}

int parl_stream_feed(parl_stream *s, const char *chunk, size_t n)
{
    if (s->overflow) return -1;
    if (n > s->cap - s->len) {
        s->overflow = true;
        return -1;
    }
    memcpy(s->text + s->len, chunk, n);
    size_t last_nl = s->len + n;
    while (last_nl > s->len && s->text[last_nl - 1] != '\n') last_nl--;
    s->len += n;
    if (last_nl == s->len - n) return 0;   /* no line completed */
    s->complete = last_nl;
    return stream_scan(s);
}

int parl_stream_next(parl_stream *s, parl_action *out)
{
    if (!s->ready_count) return 0;
    *out = s->ready[s->ready_head];
    s->ready_head = (s->ready_head + 1) % PARL_MAX_ACTIONS;
    s->ready_count--;
    return 1;
}

int parl_stream_finish(parl_stream *s, int first, parl_dialect_result *out)
{
    parl_dialect_parse_page(s->ctx, s->text, s->len, first, out);
    for (int i = 0; i < out->nactions; i++) out->actions[i].streamed = stream_fired(s, out->actions[i].cmd_off);
    return out->nactions;
}
