/* SPDX-License-Identifier: MIT */
/* test_stream: streaming detection (parl_stream_*). Fixed cases (the
 * confirmation window, reconsideration inside and outside it, unsafe and
 * unmarked actions, continuations, capacity), and the property: for
 * random messages cut into random chunks, every action that fires early
 * is one whole-message detection runs, with the same text and parse, and
 * parl_stream_finish marks exactly those. */
#include <stdlib.h>
#include "parlance.h"
#include "testlib.h"

static unsigned long long rng = 0x9E3779B97F4A7C15ULL;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

#define CAP 8192
static _Alignas(max_align_t) unsigned char MEM[sizeof(max_align_t) * 4 + CAP + 200000];
static parl_dialect_result FINAL;

typedef struct {
    int fired;
    parl_action act[64];
} fired_set;

/* Streams MSG in chunks (SIZES cycles through chunk lengths; 0: random
 * 1..16) and collects what fires. Returns the stream. */
static parl_stream *stream_msg(const char *msg, size_t len, unsigned chunk, fired_set *f, parl_role role)
{
    parl_stream *s = parl_stream_init(MEM, parl_stream_size(CAP), NULL, role);
    f->fired = 0;
    for (size_t i = 0; s && i < len;) {
        size_t n = chunk ? chunk : 1 + rnd(16);
        if (n > len - i) n = len - i;
        parl_stream_feed(s, msg + i, n);
        i += n;
        parl_action a;
        while (parl_stream_next(s, &a))
            if (f->fired < 64) f->act[f->fired++] = a;
    }
    return s;
}

/* The words "w1 w2 ... wN" with a phrase at word AT (0: none). */
static void words(char *b, int n, int at, const char *phrase)
{
    size_t k = strlen(b);
    for (int i = 1; i <= n; i++) {
        if (i == at) k += (size_t)sprintf(b + k, "%s ", phrase);
        else k += (size_t)sprintf(b + k, "word%d%s", i, i % 7 ? " " : "\n");
    }
    sprintf(b + k, "\n");
}

static int count_fired(const char *msg, unsigned chunk, parl_role role)
{
    fired_set f;
    stream_msg(msg, strlen(msg), chunk, &f, role);
    return f.fired;
}

static void test_window(void)
{
    int W = parl_confirmation_window();
    CHECK(W > 0, "a window");
    char m[4096];
    strcpy(m, "Let me check.\n/do /recall project deadlines\n");
    words(m, W + 3, 0, "");
    fired_set f;
    parl_stream *s = stream_msg(m, strlen(m), 1, &f, PARL_ROLE_AGENT);
    CHECK(f.fired == 1, "fires once the window passed: %d", f.fired);
    size_t tl;
    const char *t = parl_stream_text(s, &tl);
    CHECK(f.fired == 1 && f.act[0].cmds[0].intent.op == PARL_OP_SEARCH && f.act[0].streamed &&
              !strncmp(t + f.act[0].cmd_off, "/recall project deadlines", 25), "the action and its intent");
    parl_stream_finish(s, 0, &FINAL);
    CHECK(FINAL.nactions == 1 && FINAL.actions[0].verdict == PARL_RUN && FINAL.actions[0].streamed,
          "whole-message detection runs it too, marked streamed");

    /* Fewer words than the window: only the end runs it. */
    strcpy(m, "/do /recall project deadlines\nI'll keep talking while that runs.\n");
    s = stream_msg(m, strlen(m), 3, &f, PARL_ROLE_AGENT);
    CHECK(f.fired == 0, "window not passed");
    parl_stream_finish(s, 0, &FINAL);
    CHECK(FINAL.actions[0].verdict == PARL_RUN && !FINAL.actions[0].streamed, "runs at the end");

    /* Taken back inside the window: never runs. */
    strcpy(m, "/do /recall project deadlines\n");
    words(m, W + 5, 4, "actually scratch that");
    s = stream_msg(m, strlen(m), 2, &f, PARL_ROLE_AGENT);
    parl_stream_finish(s, 0, &FINAL);
    CHECK(f.fired == 0 && FINAL.actions[0].verdict == PARL_SKIP_RECONSIDERED, "reconsidered within the window");
    /* A reconsideration past the window takes nothing back, streaming or not. */
    strcpy(m, "/do /recall project deadlines\n");
    words(m, W + 5, W + 2, "actually");
    s = stream_msg(m, strlen(m), 5, &f, PARL_ROLE_AGENT);
    parl_stream_finish(s, 0, &FINAL);
    CHECK(f.fired == 1 && FINAL.actions[0].verdict == PARL_RUN, "past the window it stands");

    /* Not /do, not safe, not the writer's to run: only at the end, if at all. */
    strcpy(m, "/recall project deadlines\n");
    words(m, W + 2, 0, "");
    CHECK_EQ_INT(count_fired(m, 4, PARL_ROLE_AGENT), 0);
    strcpy(m, "/do /recall + \"meeting moved\"\n");
    words(m, W + 2, 0, "");
    CHECK_EQ_INT(count_fired(m, 4, PARL_ROLE_AGENT), 0);
    strcpy(m, "/do /search deadlines -> /send @discord @alice @last.output\n");
    words(m, W + 2, 0, "");
    CHECK_EQ_INT(count_fired(m, 4, PARL_ROLE_USER), 0);
    strcpy(m, "/do /search deadlines -> /calc 2 * 3\n");
    words(m, W + 2, 0, "");
    CHECK_EQ_INT(count_fired(m, 4, PARL_ROLE_AGENT), 1);
    strcpy(m, "/do /calc 2 * 3 ?\n");
    words(m, W + 2, 0, "");
    CHECK_EQ_INT(count_fired(m, 4, PARL_ROLE_AGENT), 0);   /* `?` asks for approval */
    /* A fence after it may still join it: wait for the end. */
    strcpy(m, "/do /recall notes\n```\n");
    words(m, W + 2, 0, "");
    CHECK_EQ_INT(count_fired(m, 1, PARL_ROLE_AGENT), 0);
}

static void test_memory(void)
{
    CHECK(parl_stream_init(MEM, sizeof(max_align_t), NULL, PARL_ROLE_AGENT) == NULL, "too small");
    CHECK(parl_stream_init(MEM + 1, parl_stream_size(16), NULL, PARL_ROLE_AGENT) == NULL, "misaligned");
    parl_stream *s = parl_stream_init(MEM, parl_stream_size(10), NULL, PARL_ROLE_AGENT);
    CHECK(s && parl_stream_feed(s, "/calc 1+1\n", 10) == 0, "fits");
    CHECK(parl_stream_feed(s, "x", 1) == -1 && parl_stream_overflowed(s), "overflow");
    CHECK(parl_stream_feed(s, "", 0) == -1, "stays overflowed");
    CHECK(parl_stream_finish(s, 0, &FINAL) == 1, "the part that fit");
}

/* --------------------------------------------------------------- random */

/* Fragments of messages, by kind: actions, reconsideration, prose, and
 * the things that move boundaries (code, quotes, continuations). */
static const char *const actions[] = {
    "/do /recall project notes", "/do /search deadlines", "/do /calc 1 + 2", "/do /recall read notes",
    "/do /recall + \"a note\"", "/do /send @discord @alice \"hi\"", "/recall project notes", "/search budget",
    "/do /recall a -> /search b", "/do /search x -> /send @a @last.output", "/do /frobnicate x",
    "/do /recall notes\n> quoted line", "/do /recall x\n```\ncode\n```", "/do /calc (1 + 2",
    "/do /recall \"unterminated", "/do /search x ?", "/do /calc 2 ^ 8 !",
};
static const char *const takebacks[] = { "actually", "never mind", "wait", "no, not that", "scratch that", "hold on" };
static const char *const prose[] = {
    "the", "notes", "later", "fine", "waiting", "nowhere", "ok then", "I'll", "check", "it", "again", "nopes",
    "(", "/usr/bin", "1/2", "and/or", "thewait",
};
static const char *const breakers[] = {
    "`/do /recall inline code`", "```\n/do /recall in a fence\n```", "-> /search trailing", "> a quote", "~~~",
    "```", "`open code",
};

static const char *fragment(void)
{
    unsigned k = rnd(100);
#define PICK(list) list[rnd(sizeof list / sizeof list[0])]
    return k < 12 ? PICK(actions) : k < 16 ? PICK(takebacks) : k < 20 ? PICK(breakers) : PICK(prose);
#undef PICK
}

static void random_message(char *b, size_t cap, size_t *len)
{
    size_t k = 0;
    int n = 5 + (int)rnd(120);
    for (int i = 0; i < n; i++) {
        const char *f = fragment();
        size_t fl = strlen(f);
        if (k + fl + 2 >= cap) break;
        memcpy(b + k, f, fl);
        k += fl;
        b[k++] = rnd(3) ? (rnd(4) ? '\n' : ' ') : ' ';
        if (!rnd(8)) b[k++] = '\n';
    }
    *len = k;
}

static bool same_action(const parl_action *x, const parl_action *y)
{
    if (x->span.off != y->span.off || x->span.len != y->span.len || x->ncmds != y->ncmds) return false;
    for (int k = 0; k < x->ncmds; k++) {
        const parl_command *a = &x->cmds[k], *b = &y->cmds[k];
        if (a->match.verb != b->match.verb || a->intent.op != b->intent.op || a->marker != b->marker ||
            a->intent.content.span.off != b->intent.content.span.off ||
            a->intent.content.span.len != b->intent.content.span.len || a->hint.failure != b->hint.failure)
            return false;
    }
    return true;
}

static void test_property(void)
{
    int messages = 3000, early = 0, bad = 0;
    char m[CAP];
    for (int it = 0; it < messages && bad < 5; it++) {
        size_t len;
        random_message(m, sizeof m, &len);
        parl_role role = (parl_role)rnd(PARL_ROLE_COUNT);
        for (int cut = 0; cut < 3; cut++) {
            fired_set f;
            parl_stream *s = stream_msg(m, len, cut == 0 ? 1 : cut == 1 ? 0 : (unsigned)len, &f, role);
            early += f.fired;
            int streamed = 0;
            for (int first = 0, more = 1; more; first += PARL_MAX_ACTIONS) {
                parl_stream_finish(s, first, &FINAL);
                more = FINAL.truncated;
                for (int i = 0; i < FINAL.nactions; i++) streamed += FINAL.actions[i].streamed;
                for (int j = 0; j < f.fired; j++) {
                    const parl_action *e = &f.act[j];
                    for (int i = 0; i < FINAL.nactions; i++) {
                        const parl_action *a = &FINAL.actions[i];
                        if (a->cmd_off != e->cmd_off) continue;
                        bool ok = a->verdict == PARL_RUN && a->streamed && same_action(a, e);
                        for (int k = 0; ok && k < a->ncmds; k++) {
                            parl_decision d;
                            ok = parl_stream_safe(NULL, &a->cmds[k]) &&
                                 parl_policy_decide(NULL, &a->cmds[k], role, &d) == PARL_DECIDE_RUN;
                        }
                        if (!ok && bad++ < 5)
                            CHECK(0, "fired early, whole-message detection disagrees (verdict %d): [%.*s] in [%.*s]",
                                  a->verdict, (int)a->span.len, m + a->span.off, (int)len, m);
                    }
                }
            }
            if (streamed != f.fired && bad++ < 5)
                CHECK(0, "%d fired, %d marked streamed: [%.*s]", f.fired, streamed, (int)len, m);
        }
    }
    CHECK(bad == 0, "%d messages x 3 cuttings: every early action is one the whole message runs", messages);
    CHECK(early > 200, "the property is not vacuous: %d actions fired early", early);
    printf("test_stream: %d actions fired early in %d streamed messages\n", early, messages * 3);
}

int main(void)
{
    test_window();
    test_memory();
    test_property();
    return TEST_SUMMARY("test_stream");
}
