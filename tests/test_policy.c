/* SPDX-License-Identifier: MIT */
/* test_policy: parl_policy_decide() as a table over every compiled verb x
 * role x marker, written out by hand from grammar/verbs.yaml's policy (so
 * a change of the YAML shows up here as a deliberate edit); decisions on
 * parsed messages (the seed's misreads: an agent's /ok); configured verbs;
 * streaming safety; the sentences. */
#include "parlance.h"
#include "testlib.h"

/* Per verb, for the roles agent, user, supervisor (separated by blanks),
 * the decision with no marker, `.`, `?` and `!`: R run, Q queue, X refuse. */
static const struct { int verb; const char *want; } table[] = {
    { PARL_VERB_RECALL,   "RRQR RRQR RRQR" },
    { PARL_VERB_CONTEXT,  "RRQR RRQR RRQR" },
    { PARL_VERB_SEARCH,   "RRQR RRQR RRQR" },
    { PARL_VERB_SEND,     "QQQQ RRQR RRQR" },
    { PARL_VERB_REPLY,    "RRQR RRQR RRQR" },
    { PARL_VERB_POST,     "QQQQ RRQR RRQR" },
    { PARL_VERB_DM,       "QQQQ RRQR RRQR" },
    { PARL_VERB_TELL,     "RRQR RRQR RRQR" },
    { PARL_VERB_FETCH,    "RRQR RRQR RRQR" },
    { PARL_VERB_WEB,      "RRQR RRQR RRQR" },
    { PARL_VERB_CALC,     "RRQR RRQR RRQR" },
    { PARL_VERB_DATA,     "RRQR RRQR RRQR" },
    { PARL_VERB_APPROVE,  "XXXX RRQR RRQR" },
    { PARL_VERB_DENY,     "XXXX RRQR RRQR" },
    { PARL_VERB_ESCALATE, "RRQR RRQR RRQR" },
    { PARL_VERB_CANCEL,   "RRQR RRQR RRQR" },
    { PARL_VERB_HALT,     "XXXX RRQR RRQR" },
};

static const parl_marker markers[] = { PARL_MARKER_NONE, PARL_MARKER_CONFIRM, PARL_MARKER_ASK, PARL_MARKER_URGENT };

static char letter(parl_decision_kind k)
{
    return k == PARL_DECIDE_RUN ? 'R' : k == PARL_DECIDE_QUEUE ? 'Q' : 'X';
}

static parl_command command(int verb, parl_marker m)
{
    parl_command c;
    memset(&c, 0, sizeof c);
    c.match.verb = verb;
    c.intent.verb = verb;
    c.marker = m;
    return c;
}

static void test_table(void)
{
    CHECK_EQ_INT(sizeof table / sizeof table[0], PARL_VERB_COUNT);
    CHECK_EQ_INT(PARL_ROLE_COUNT, 3);
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        char got[16] = "";
        int k = 0;
        for (int r = 0; r < PARL_ROLE_COUNT; r++) {
            if (r) got[k++] = ' ';
            for (int m = 0; m < 4; m++) {
                parl_command c = command(table[i].verb, markers[m]);
                parl_decision d;
                parl_decision_kind kind = parl_policy_decide(NULL, &c, (parl_role)r, &d);
                CHECK(kind == d.kind && d.verb == table[i].verb && d.role == (parl_role)r, "decision fields");
                CHECK(d.urgent == (markers[m] == PARL_MARKER_URGENT), "urgent flag");
                got[k++] = letter(kind);
            }
        }
        CHECK(!strcmp(got, table[i].want), "/%s: got %s, want %s", parl_verb_name(NULL, table[i].verb), got,
              table[i].want);
    }
}

/* The reasons behind the letters. */
static void test_reasons(void)
{
    parl_decision d;
    parl_command c = command(PARL_VERB_SEND, PARL_MARKER_CONFIRM);
    parl_policy_decide(NULL, &c, PARL_ROLE_AGENT, &d);
    CHECK(d.reason == PARL_WHY_NEEDS_APPROVAL && d.needs == PARL_AUTHORITY_APPROVAL && d.holds == PARL_AUTHORITY_NONE,
          "an agent's confirmation adds no authority");
    c = command(PARL_VERB_SEND, PARL_MARKER_ASK);
    parl_policy_decide(NULL, &c, PARL_ROLE_USER, &d);
    CHECK_EQ_INT(d.reason, PARL_WHY_ASKED);
    c = command(PARL_VERB_HALT, PARL_MARKER_URGENT);
    parl_policy_decide(NULL, &c, PARL_ROLE_AGENT, &d);
    CHECK(d.kind == PARL_DECIDE_REFUSE && d.reason == PARL_WHY_NOT_PERMITTED, "an agent never halts");
    c = command(PARL_VERB_RECALL, PARL_MARKER_NONE);
    c.hint.failure = PARL_FAIL_MISSING_ARG;
    parl_policy_decide(NULL, &c, PARL_ROLE_SUPERVISOR, &d);
    CHECK(d.kind == PARL_DECIDE_REFUSE && d.reason == PARL_WHY_UNPARSED, "a failed command is refused");
    c = command(-1, PARL_MARKER_NONE);
    CHECK_EQ_INT(parl_policy_decide(NULL, &c, PARL_ROLE_USER, &d), PARL_DECIDE_REFUSE);
    c = command(PARL_VERB_RECALL, PARL_MARKER_NONE);
    CHECK_EQ_INT(parl_policy_decide(NULL, &c, (parl_role)PARL_ROLE_COUNT, &d), PARL_DECIDE_REFUSE);
    CHECK_EQ_INT(parl_policy_decide(NULL, &c, (parl_role)-1, &d), PARL_DECIDE_REFUSE);
    c.marker = (parl_marker)99;   /* out of range: no effect, never a crash */
    CHECK_EQ_INT(parl_policy_decide(NULL, &c, PARL_ROLE_AGENT, &d), PARL_DECIDE_RUN);
}

/* Decisions on parsed messages: what the seed's readers tried. */
static void test_parsed(void)
{
    static parl_dialect_result r;
    static const struct { const char *msg; parl_role role; parl_decision_kind want; } cases[] = {
        { "/ok sounds good", PARL_ROLE_AGENT, PARL_DECIDE_REFUSE },
        { "/approve req-42", PARL_ROLE_AGENT, PARL_DECIDE_REFUSE },
        { "/deny 3 \"no\"", PARL_ROLE_AGENT, PARL_DECIDE_REFUSE },
        { "/halt \"runaway\"", PARL_ROLE_AGENT, PARL_DECIDE_REFUSE },
        { "/approve req-42", PARL_ROLE_USER, PARL_DECIDE_RUN },
        { "/send @discord @alice \"build is green\"", PARL_ROLE_AGENT, PARL_DECIDE_QUEUE },
        { "/send @discord @alice \"build is green\" .", PARL_ROLE_AGENT, PARL_DECIDE_QUEUE },
        { "/send @discord @alice \"build is green\"", PARL_ROLE_USER, PARL_DECIDE_RUN },
        { "/send @discord @alice \"build is green\" ?", PARL_ROLE_USER, PARL_DECIDE_QUEUE },
        { "/recall project deadlines", PARL_ROLE_AGENT, PARL_DECIDE_RUN },
        { "/recall project deadlines ?", PARL_ROLE_AGENT, PARL_DECIDE_QUEUE },
        { "/reply \"on it\"", PARL_ROLE_AGENT, PARL_DECIDE_RUN },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        parl_dialect_parse(NULL, cases[i].msg, strlen(cases[i].msg), &r);
        CHECK(r.nactions == 1 && r.actions[0].ncmds == 1, "%s: parsed", cases[i].msg);
        parl_decision d;
        parl_policy_decide(NULL, &r.actions[0].cmds[0], cases[i].role, &d);
        CHECK(d.kind == cases[i].want, "%s as %s: %d, want %d", cases[i].msg, parl_role_name(cases[i].role), d.kind,
              cases[i].want);
    }
}

static void test_config_verbs(void)
{
    static parl_dialect_config cfg;
    parl_config_init(&cfg);
    int shame = parl_config_add_verb(&cfg, "shame", 5), notify = parl_config_add_verb(&cfg, "notify", 6);
    cfg.verbs[shame - PARL_VERB_COUNT].requires_permission = true;
    parl_dialect_ctx ctx = { .config = &cfg };
    parl_decision d;
    parl_command c = command(shame, PARL_MARKER_NONE);
    CHECK_EQ_INT(parl_policy_decide(&ctx, &c, PARL_ROLE_AGENT, &d), PARL_DECIDE_QUEUE);
    CHECK_EQ_INT(parl_policy_decide(&ctx, &c, PARL_ROLE_USER, &d), PARL_DECIDE_RUN);
    c = command(notify, PARL_MARKER_NONE);
    CHECK_EQ_INT(parl_policy_decide(&ctx, &c, PARL_ROLE_AGENT, &d), PARL_DECIDE_RUN);
    CHECK(!parl_stream_safe(&ctx, &c), "a configured verb never streams");
}

static void test_streaming_safe(void)
{
    static const struct { const char *msg; bool safe; } cases[] = {
        { "/recall project deadlines", true },   /* search */
        { "/recall read notes", true },
        { "/recall + \"x\"", false },            /* insert */
        { "/recall delete notes", false },
        { "/forget notes", false },
        { "/search budget", true },
        { "/calc 1 + 2", true },
        { "/fetch https://x.org", false },
        { "/send @a \"x\"", false },
        { "/web cats", false },
    };
    static parl_dialect_result r;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        parl_dialect_parse(NULL, cases[i].msg, strlen(cases[i].msg), &r);
        CHECK(r.nactions == 1 && parl_stream_safe(NULL, &r.actions[0].cmds[0]) == cases[i].safe, "%s: safe %d",
              cases[i].msg, !cases[i].safe);
    }
}

static void test_messages_and_names(void)
{
    parl_decision d;
    char buf[256];
    parl_command c = command(PARL_VERB_SEND, PARL_MARKER_NONE);
    parl_policy_decide(NULL, &c, PARL_ROLE_AGENT, &d);
    parl_decision_message(NULL, &d, buf, sizeof buf);
    CHECK_EQ_STR(buf, "/send needs approval from a human, which the agent role does not have: queued for approval");
    c = command(PARL_VERB_APPROVE, PARL_MARKER_NONE);
    parl_policy_decide(NULL, &c, PARL_ROLE_AGENT, &d);
    size_t n = parl_decision_message(NULL, &d, buf, 10);
    CHECK(n > 10 && strlen(buf) == 9, "snprintf-style");
    parl_decision_message(NULL, &d, buf, sizeof buf);
    CHECK_EQ_STR(buf, "/approve needs supervisor authority, which the agent role does not have: refused");
    CHECK_EQ_STR(parl_role_name(PARL_ROLE_SUPERVISOR), "supervisor");
    CHECK_EQ_STR(parl_role_name((parl_role)7), "");
    CHECK_EQ_INT(parl_role_from_name("user", 4), PARL_ROLE_USER);
    CHECK_EQ_INT(parl_role_from_name("use", 3), -1);
    CHECK_EQ_INT(parl_role_from_name("", 0), -1);
}

int main(void)
{
    test_table();
    test_reasons();
    test_parsed();
    test_config_verbs();
    test_streaming_safe();
    test_messages_and_names();
    return TEST_SUMMARY("test_policy");
}
