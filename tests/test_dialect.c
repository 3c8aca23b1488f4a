/* SPDX-License-Identifier: MIT */
/* test_dialect: action detection and command parsing. The seed's six
 * detection examples, what is not an action (URLs, paths, fractions,
 * dates, code), every intent form, markers, chains, content forms,
 * references, hints and their sentences, run-time config verbs, and that
 * any bytes are safe. */
#include <stdlib.h>
#include "parlance.h"
#include "testlib.h"

static parl_dialect_result R;
static const char *M;

static int parse_ctx(const parl_dialect_ctx *ctx, const char *msg)
{
    M = msg;
    return parl_dialect_parse(ctx, msg, strlen(msg), &R);
}
static int parse(const char *msg) { return parse_ctx(NULL, msg); }

/* Content of T with its quoting removed (a static buffer). */
static const char *txt(const parl_text *t)
{
    static char buf[4][512];
    static int k;
    char *b = buf[k++ % 4];
    if (t->form == PARL_FORM_NONE) return "(none)";
    parl_text_copy(M, t, b, 512);
    return b;
}

static int count_run(void)
{
    int n = 0;
    for (int i = 0; i < R.nactions; i++) n += R.actions[i].verdict == PARL_RUN;
    return n;
}

/* The single action of a one-command message, checked to parse. */
static const parl_command *cmd1(const char *msg, int verb)
{
    parse(msg);
    CHECK(R.nactions == 1 && R.actions[0].ncmds >= 1, "%s: %d actions", msg, R.nactions);
    if (R.nactions < 1 || R.actions[0].ncmds < 1) {
        static parl_command none;
        return &none;
    }
    const parl_command *c = &R.actions[0].cmds[0];
    CHECK(c->match.verb == verb, "%s: verb %d, want %d", msg, c->match.verb, verb);
    CHECK(c->hint.failure == PARL_FAIL_NONE, "%s: failure %d", msg, c->hint.failure);
    CHECK(R.actions[0].verdict == PARL_RUN, "%s: verdict %d", msg, R.actions[0].verdict);
    return c;
}

/* The failure of a one-action message. */
static const parl_command *fails(const char *msg, parl_failure f)
{
    parse(msg);
    CHECK(R.nactions == 1 && R.actions[0].ncmds >= 1, "%s: %d actions", msg, R.nactions);
    static parl_command none;
    if (R.nactions < 1 || R.actions[0].ncmds < 1) return &none;
    const parl_command *c = &R.actions[0].cmds[0];
    for (int k = 0; k < R.actions[0].ncmds; k++)
        if (R.actions[0].cmds[k].hint.failure) c = &R.actions[0].cmds[k];
    CHECK(c->hint.failure == f, "%s: failure %d, want %d", msg, c->hint.failure, f);
    CHECK(R.actions[0].verdict == PARL_SKIP_FAILED, "%s: verdict %d", msg, R.actions[0].verdict);
    return c;
}

static const char *sentence(const parl_command *c)
{
    static char buf[512];
    parl_hint_message(NULL, M, c, buf, sizeof buf);
    return buf;
}

/* ------------------------------------------------------------ detection */

static void test_seed_examples(void)
{
    /* EXECUTED - trailing action, no reconsideration */
    parse("Let me check what we discussed.\n/recall project deadlines");
    CHECK(R.nactions == 1 && R.actions[0].verdict == PARL_RUN && R.actions[0].trailing, "seed 1");
    CHECK_EQ_STR(txt(&R.actions[0].cmds[0].intent.content), "project deadlines");
    /* NOT EXECUTED - reconsideration after */
    parse("Let me check that.\n/recall project deadlines\nActually wait, you just told me. Never mind.");
    CHECK(R.nactions == 1 && R.actions[0].verdict == PARL_SKIP_RECONSIDERED, "seed 2");
    CHECK(R.actions[0].reconsideration.len == 8 && !strncmp(M + R.actions[0].reconsideration.off, "Actually", 8),
          "seed 2 phrase");
    /* EXECUTED - explicit /do marker */
    parse("/do /recall project deadlines\nI'll keep talking while that runs.");
    CHECK(R.nactions == 1 && R.actions[0].verdict == PARL_RUN && R.actions[0].has_do && !R.actions[0].trailing,
          "seed 3");
    CHECK_EQ_INT(R.actions[0].cmd_off, 4);
    /* NOT EXECUTED - mid-message, no marker */
    parse("I could /recall the notes but let's think first...");
    CHECK(R.nactions == 1 && R.actions[0].verdict == PARL_SKIP_NOT_TRAILING && !R.actions[0].line_start, "seed 4");
    /* NOT EXECUTED - /do but then reconsideration */
    parse("/do /recall project deadlines\nHmm, actually scratch that, wrong label.");
    CHECK(R.nactions == 1 && R.actions[0].verdict == PARL_SKIP_RECONSIDERED && R.actions[0].has_do, "seed 5");
    /* EXECUTED - multiple trailing actions */
    parse("Let me gather some context.\n/recall project notes\n/search conversations about deadline");
    CHECK(R.nactions == 2 && count_run() == 2, "seed 6: %d actions, %d run", R.nactions, count_run());
    CHECK_EQ_INT(R.actions[1].cmds[0].intent.scope, PARL_SCOPE_CONVERSATIONS);
    CHECK_EQ_STR(txt(&R.actions[1].cmds[0].intent.content), "deadline");
}

static void test_detection(void)
{
    static const char *const not_actions[] = {
        "see http://example.com/recall for details",
        "it lives in /usr/bin/env",
        "open /notes.txt please",
        "add 1/2 cup of flour",
        "due 12/25/2024 at noon",
        "and/or whatever",
        "saved in /tmp for now",
        "```\n/recall project deadlines\n```",
        "~~~\n/search x\n~~~\nafter",
        "run `/recall notes` to see them",
        "the path is ``/recall x`` here",
        "/do it now",
        "just a / slash",
        "/",
        "",
    };
    for (size_t i = 0; i < sizeof not_actions / sizeof not_actions[0]; i++)
        CHECK(parse(not_actions[i]) == 0, "'%s' has %d actions", not_actions[i], R.nactions);

    /* An unknown verb at a line start is an action (so it can be reported). */
    parse("/tmp");
    CHECK(R.nactions == 1 && R.actions[0].verdict == PARL_SKIP_FAILED, "/tmp at a line start");
    /* A code block after an action is visible text: it is not trailing. */
    parse("/recall notes\n\n```\nx\n```");
    CHECK(R.nactions == 1 && R.actions[0].verdict == PARL_SKIP_NOT_TRAILING, "code after");
    /* Reconsideration only counts after the action, on word boundaries. */
    parse("Actually, let me look.\n/recall project deadlines");
    CHECK(count_run() == 1, "a phrase before the action does not count");
    parse("/recall project deadlines\n/search waiting lists");
    CHECK(count_run() == 2, "phrases inside other actions and inside words do not count");
    parse("/recall notes\n\nNo, that is wrong.");
    CHECK(R.actions[0].verdict == PARL_SKIP_RECONSIDERED, "'no,' reconsiders");
    parse("/recall notes\nI don’t need it after all");
    CHECK(R.actions[0].verdict == PARL_SKIP_RECONSIDERED, "typographic apostrophe");
    parse("/recall notes\n`wait` is a keyword");
    CHECK(R.actions[0].verdict == PARL_SKIP_NOT_TRAILING, "phrases in code do not count");
    /* Indented actions start their line; quoted (`> /x`) ones do not. */
    parse("Sure.\n   /search budget");
    CHECK(count_run() == 1, "indented action");
    parse("You said:\n> /search budget");
    CHECK(R.nactions == 1 && count_run() == 0, "quoted action");
    /* /do anywhere, with text after. */
    parse("OK /do /search budget, then we talk");
    CHECK(count_run() == 1, "/do mid-line");
    /* More actions than fit. */
    char many[400] = "";
    for (int i = 0; i < PARL_MAX_ACTIONS + 3; i++) strcat(many, "/search x\n");
    parse(many);
    CHECK(R.nactions == PARL_MAX_ACTIONS && R.truncated, "truncated: %d", R.nactions);
    /* Detection alone does not parse. */
    M = "/recall notes + \"x\"";
    CHECK(parl_detect(NULL, M, strlen(M), &R) == 1 && R.actions[0].ncmds == 0 &&
              R.actions[0].match.verb == PARL_VERB_RECALL && R.actions[0].verb_text.len == 6,
          "parl_detect");
}

/* --------------------------------------------------------------- intents */

static void test_recall(void)
{
    const char *blocks[] = { "notes", "persona" };
    parl_dialect_ctx ctx = { .blocks = blocks, .nblocks = 2 };
    parse_ctx(&ctx, "/recall notes");
    const parl_dialect_intent *in = &R.actions[0].cmds[0].intent;
    CHECK(in->kind == PARL_INTENT_RECALL && in->op == PARL_OP_READ && in->label_known, "read a listed block");
    CHECK_EQ_STR(txt(&in->label), "notes");
    parse_ctx(&ctx, "/recall Notes");
    CHECK_EQ_INT(R.actions[0].cmds[0].intent.op, PARL_OP_SEARCH);

    in = &cmd1("/recall notes", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_SEARCH && in->label.form == PARL_FORM_NONE, "no block list: search");
    in = &cmd1("/recall + \"meeting moved to friday\"", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_INSERT && in->content.form == PARL_FORM_QUOTED, "insert");
    CHECK_EQ_STR(txt(&in->content), "meeting moved to friday");
    in = &cmd1("/recall + todo \"buy milk\"", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_INSERT && !strcmp(txt(&in->label), "todo"), "insert with a label");
    in = &cmd1("/recall notes + \"call Sam back\"", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_APPEND && !strcmp(txt(&in->label), "notes"), "append");
    CHECK_EQ_STR(txt(&in->content), "call Sam back");
    in = &cmd1("/recall notes + call Sam back", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_APPEND && in->content.form == PARL_FORM_BARE, "unquoted append");
    CHECK_EQ_STR(txt(&in->content), "call Sam back");
    in = &cmd1("/recall -old_notes", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_DELETE && !strcmp(txt(&in->label), "old_notes"), "delete");
    in = &cmd1("/forget old_notes", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_DELETE && !strcmp(txt(&in->label), "old_notes"), "forget");
    in = &cmd1("/remember the meeting moved", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_INSERT && !strcmp(txt(&in->content), "the meeting moved"), "remember");
    in = &cmd1("/store notes \"x y\"", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_INSERT && !strcmp(txt(&in->label), "notes") && !strcmp(txt(&in->content), "x y"),
          "store label content");
    in = &cmd1("/recall patch notes ```diff\n@@ -1 +1 @@\n-a\n+b\n```", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_PATCH && in->content.form == PARL_FORM_FENCED, "patch");
    CHECK_EQ_STR(txt(&in->label), "notes");
    CHECK_EQ_STR(txt(&in->content), "@@ -1 +1 @@\n-a\n+b");
    in = &cmd1("/recall patch notes\n```\n@@ -1 +1 @@\n-a\n+b\n```", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_PATCH && !strcmp(txt(&in->content), "@@ -1 +1 @@\n-a\n+b"), "patch, fence below");
    in = &cmd1("/recall patch notes \"\"\"@@ -2,0 +3 @@\n+x\n\"\"\"", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_PATCH && in->content.form == PARL_FORM_TRIPLE, "patch, triple quotes");
    CHECK_EQ_STR(txt(&in->content), "@@ -2,0 +3 @@\n+x\n");
    in = &cmd1("/recall +\n> line one\n>line two\n  > line three", PARL_VERB_RECALL)->intent;
    CHECK(in->op == PARL_OP_INSERT && in->content.form == PARL_FORM_LINES, "quoted lines");
    CHECK_EQ_STR(txt(&in->content), "line one\nline two\nline three");
    in = &cmd1("/recall + @last.output", PARL_VERB_RECALL)->intent;
    CHECK(in->content.form == PARL_FORM_REF && !strcmp(txt(&in->content), "@last.output"), "reference");
    in = &cmd1("/recall + \"say \\\"hi\\\" \\\\ bye\"", PARL_VERB_RECALL)->intent;
    CHECK_EQ_STR(txt(&in->content), "say \"hi\" \\ bye");

    const parl_command *c = fails("/recall notes \"text\"", PARL_FAIL_AMBIGUOUS_ARGS);
    CHECK(c->hint.kind == PARL_HINT_AMBIGUOUS && c->hint.nopts == 2, "ambiguous args");
    CHECK_EQ_STR(sentence(c), "I couldn't tell if /recall should append or search - which one?");
    c = fails("/recall", PARL_FAIL_MISSING_ARG);
    CHECK_EQ_INT(c->hint.arg, PARL_ARG_QUERY);
    CHECK_EQ_STR(sentence(c), "/recall needs a query - for example: /recall project deadlines");
    c = fails("/recall notes +", PARL_FAIL_MISSING_ARG);
    CHECK_EQ_INT(c->hint.arg, PARL_ARG_CONTENT);
    c = fails("/recall patch notes", PARL_FAIL_MISSING_ARG);
    CHECK_EQ_INT(c->hint.arg, PARL_ARG_PATCH);
    c = fails("/recall + @last.outptu", PARL_FAIL_INVALID_REFERENCE);
    CHECK(c->hint.nopts == 1 && !strcmp(c->hint.opts[0], "output"), "similar field");
    CHECK_EQ_STR(sentence(c), "I don't know the reference 'outptu' - did you mean output?");
    c = fails("/search @thraed", PARL_FAIL_INVALID_REFERENCE);
    CHECK(c->hint.nopts == 1 && !strcmp(c->hint.opts[0], "thread"), "similar reference");
    in = &cmd1("/search @alice notes", PARL_VERB_SEARCH)->intent;
    CHECK_EQ_STR(txt(&in->content), "@alice notes");
}

static void test_context(void)
{
    const parl_dialect_intent *in = &cmd1("/context persona", PARL_VERB_CONTEXT)->intent;
    CHECK(in->kind == PARL_INTENT_CONTEXT && in->op == PARL_OP_READ && !strcmp(txt(&in->label), "persona"), "read");
    in = &cmd1("/context notes + \"partner prefers mornings\"", PARL_VERB_CONTEXT)->intent;
    CHECK(in->op == PARL_OP_APPEND && !strcmp(txt(&in->content), "partner prefers mornings"), "append");
    in = &cmd1("/context append notes \"x\"", PARL_VERB_CONTEXT)->intent;
    CHECK(in->op == PARL_OP_APPEND && !strcmp(txt(&in->label), "notes"), "append subcommand");
    in = &cmd1("/context replace notes \"old text\" with \"new text\"", PARL_VERB_CONTEXT)->intent;
    CHECK(in->op == PARL_OP_REPLACE && !strcmp(txt(&in->old_text), "old text") &&
              !strcmp(txt(&in->content), "new text"), "replace with");
    in = &cmd1("/context replace notes \"a\" \"b\"", PARL_VERB_CONTEXT)->intent;
    CHECK(in->op == PARL_OP_REPLACE && !strcmp(txt(&in->old_text), "a") && !strcmp(txt(&in->content), "b"),
          "replace two strings");
    in = &cmd1("/note \"remember the milk\"", PARL_VERB_CONTEXT)->intent;
    CHECK(in->op == PARL_OP_APPEND && in->label.form == PARL_FORM_NONE, "note");
    in = &cmd1("/update persona \"I am helpful\"", PARL_VERB_CONTEXT)->intent;
    CHECK(in->op == PARL_OP_REPLACE && in->old_text.form == PARL_FORM_NONE &&
              !strcmp(txt(&in->content), "I am helpful"), "update");
    in = &cmd1("/context archive notes", PARL_VERB_CONTEXT)->intent;
    CHECK(in->op == PARL_OP_ARCHIVE && !strcmp(txt(&in->label), "notes"), "archive");
    in = &cmd1("/context load notes", PARL_VERB_CONTEXT)->intent;
    CHECK_EQ_INT(in->op, PARL_OP_LOAD);
    in = &cmd1("/context swap notes persona", PARL_VERB_CONTEXT)->intent;
    CHECK(in->op == PARL_OP_SWAP && !strcmp(txt(&in->content), "persona"), "swap");
    fails("/context", PARL_FAIL_MISSING_ARG);
    fails("/context notes \"x\"", PARL_FAIL_AMBIGUOUS_ARGS);
}

static void test_search(void)
{
    static const struct { const char *msg, *query; parl_scope scope; } rows[] = {
        { "/search project deadlines", "project deadlines", PARL_SCOPE_NONE },
        { "/search deadlines in conversations", "deadlines", PARL_SCOPE_CONVERSATIONS },
        { "/search in archival budget", "budget", PARL_SCOPE_ARCHIVAL },
        { "/search budget in constellation", "budget", PARL_SCOPE_CONSTELLATION },
        { "/search budget in all", "budget", PARL_SCOPE_ALL },
        { "/search budget everywhere", "budget", PARL_SCOPE_ALL },
        { "/search everywhere budget", "budget", PARL_SCOPE_ALL },
        { "/search conversations about deadline", "deadline", PARL_SCOPE_CONVERSATIONS },
        { "/search bugs in production", "bugs in production", PARL_SCOPE_NONE },
        { "/find \"exact phrase\" in memory", "exact phrase", PARL_SCOPE_ARCHIVAL },
        { "/look for x", "for x", PARL_SCOPE_NONE },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const parl_dialect_intent *in = &cmd1(rows[i].msg, PARL_VERB_SEARCH)->intent;
        CHECK(in->kind == PARL_INTENT_SEARCH && in->scope == rows[i].scope, "%s: scope %d", rows[i].msg, in->scope);
        CHECK_EQ_STR(txt(&in->content), rows[i].query);
    }
    const parl_command *c = fails("/search budget in archivel", PARL_FAIL_UNKNOWN_MODIFIER);
    CHECK(c->hint.kind == PARL_HINT_UNKNOWN_MODIFIER && c->hint.nopts == 1 && !strcmp(c->hint.opts[0], "archival"),
          "similar scope");
    CHECK_EQ_STR(sentence(c), "/search doesn't know 'archivel' - did you mean archival?");
    fails("/search", PARL_FAIL_MISSING_ARG);
    fails("/search everywhere", PARL_FAIL_MISSING_ARG);
}

static void test_send(void)
{
    static const struct { const char *msg; int verb; const char *domain, *target, *message; } rows[] = {
        { "/send @discord @alice \"the build is green\"", PARL_VERB_SEND, "discord", "@alice", "the build is green" },
        { "/send @alice hello there", PARL_VERB_SEND, "", "@alice", "hello there" },
        { "/send @discord hello", PARL_VERB_SEND, "discord", "(none)", "hello" },
        { "/send @alice @last.output", PARL_VERB_SEND, "", "@alice", "@last.output" },
        { "/reply \"on it\"", PARL_VERB_REPLY, "", "(none)", "on it" },
        { "/reply @thread on it", PARL_VERB_REPLY, "", "@thread", "on it" },
        { "/reply @last.output", PARL_VERB_REPLY, "", "(none)", "@last.output" },
        { "/post @bluesky new release out today", PARL_VERB_POST, "bluesky", "(none)", "new release out today" },
        { "/dm @alice \"are you free?\"", PARL_VERB_DM, "", "@alice", "are you free?" },
        { "/tell anchor partner seems stressed", PARL_VERB_TELL, "", "anchor", "partner seems stressed" },
        { "/tell @anchor \"hi\"", PARL_VERB_TELL, "", "@anchor", "hi" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const parl_dialect_intent *in = &cmd1(rows[i].msg, rows[i].verb)->intent;
        CHECK(in->kind == PARL_INTENT_SEND && in->verb == rows[i].verb, "%s", rows[i].msg);
        CHECK(strlen(rows[i].domain) == in->domain.len && !strncmp(M + in->domain.off, rows[i].domain, in->domain.len),
              "%s: domain", rows[i].msg);
        CHECK_EQ_STR(txt(&in->target), rows[i].target);
        CHECK_EQ_STR(txt(&in->content), rows[i].message);
    }
    const parl_command *c = fails("/dm \"hi\"", PARL_FAIL_MISSING_ARG);
    CHECK_EQ_INT(c->hint.arg, PARL_ARG_TARGET);
    c = fails("/send @discord @alice", PARL_FAIL_MISSING_ARG);
    CHECK_EQ_INT(c->hint.arg, PARL_ARG_MESSAGE);
    CHECK_EQ_STR(sentence(c), "/send needs a message - for example: /send @discord @alice \"the build is green\"");
    fails("/reply", PARL_FAIL_MISSING_ARG);
}

static void test_fetch_web_calc_data(void)
{
    const parl_dialect_intent *in = &cmd1("/fetch https://example.com/docs as markdown", PARL_VERB_FETCH)->intent;
    CHECK(in->kind == PARL_INTENT_FETCH && in->format == PARL_FORMAT_MARKDOWN && !in->cont, "fetch as");
    CHECK_EQ_STR(txt(&in->url), "https://example.com/docs");
    in = &cmd1("/fetch https://example.com/a?b=c.", PARL_VERB_FETCH)->intent;
    CHECK_EQ_STR(txt(&in->url), "https://example.com/a?b=c");
    in = &cmd1("/get example.com html", PARL_VERB_FETCH)->intent;
    CHECK(in->format == PARL_FORMAT_HTML && !strcmp(txt(&in->url), "example.com"), "bare host and format");
    in = &cmd1("/fetch continue", PARL_VERB_FETCH)->intent;
    CHECK(in->cont && in->url.form == PARL_FORM_NONE, "continue");
    in = &cmd1("/fetch @[https://x.y/z]", PARL_VERB_FETCH)->intent;
    CHECK(in->url.form == PARL_FORM_REF && !strcmp(txt(&in->url), "@[https://x.y/z]"), "uri reference");
    const parl_command *c = fails("/fetch example.com as mardown", PARL_FAIL_UNKNOWN_MODIFIER);
    CHECK(c->hint.all_opts && c->hint.nopts == PARL_FORMAT_COUNT - 1 && !strcmp(c->hint.opts[0], "markdown"),
          "every format listed");
    CHECK_EQ_STR(sentence(c), "/fetch doesn't know 'mardown' - it takes markdown, html, text or raw");
    c = fails("/fetch https://x.org as pdf", PARL_FAIL_UNKNOWN_MODIFIER);
    CHECK_EQ_STR(sentence(c), "/fetch doesn't know 'pdf' - it takes markdown, html, text or raw");
    c = fails("/fetch https://x.org please", PARL_FAIL_UNKNOWN_MODIFIER);
    CHECK(c->hint.got.len == 6, "a stray word is not dropped");
    c = fails("/fetch", PARL_FAIL_MISSING_ARG);
    CHECK_EQ_INT(c->hint.arg, PARL_ARG_URL);

    in = &cmd1("/web rust async traits", PARL_VERB_WEB)->intent;
    CHECK(in->kind == PARL_INTENT_WEB && !strcmp(txt(&in->content), "rust async traits"), "web");
    in = &cmd1("/look up the weather in Paris", PARL_VERB_WEB)->intent;
    CHECK(!strcmp(txt(&in->content), "the weather in Paris"), "look up: %s", txt(&in->content));
    CHECK_EQ_INT(R.actions[0].cmds[0].verb_text.len, 7);
    in = &cmd1("/Look   Up cats", PARL_VERB_WEB)->intent;
    CHECK_EQ_STR(txt(&in->content), "cats");
    in = &cmd1("/look for cats", PARL_VERB_SEARCH)->intent;
    CHECK_EQ_STR(txt(&in->content), "for cats");

    in = &cmd1("/calc 17 * 23 + 4", PARL_VERB_CALC)->intent;
    CHECK(in->kind == PARL_INTENT_CALC && !strcmp(txt(&in->content), "17 * 23 + 4"), "calc");
    in = &cmd1("/calculate (2+3)/4 - -1", PARL_VERB_CALC)->intent;
    CHECK_EQ_STR(txt(&in->content), "(2+3)/4 - -1");
    c = fails("/calc", PARL_FAIL_MISSING_ARG);
    CHECK_EQ_INT(c->hint.arg, PARL_ARG_EXPRESSION);

    in = &cmd1("/data list", PARL_VERB_DATA)->intent;
    CHECK(in->kind == PARL_INTENT_DATA && in->op == PARL_OP_LIST, "data list");
    in = &cmd1("/data", PARL_VERB_DATA)->intent;
    CHECK_EQ_INT(in->op, PARL_OP_LIST);
    in = &cmd1("/data bluesky_firehose", PARL_VERB_DATA)->intent;
    CHECK(in->op == PARL_OP_READ && !strcmp(txt(&in->label), "bluesky_firehose"), "data read");
    in = &cmd1("/data search bluesky_firehose rust lang", PARL_VERB_DATA)->intent;
    CHECK(in->op == PARL_OP_SEARCH && !strcmp(txt(&in->content), "rust lang"), "data search");
    in = &cmd1("/data watch feed", PARL_VERB_DATA)->intent;
    CHECK_EQ_INT(in->op, PARL_OP_MONITOR);
    c = fails("/data monitor", PARL_FAIL_MISSING_ARG);
    CHECK_EQ_INT(c->hint.arg, PARL_ARG_SOURCE);
}

static void test_authority(void)
{
    const parl_dialect_intent *in = &cmd1("/approve req-42 always", PARL_VERB_APPROVE)->intent;
    CHECK(in->kind == PARL_INTENT_AUTHORITY && in->always && !strcmp(txt(&in->request), "req-42"), "approve always");
    in = &cmd1("/approve", PARL_VERB_APPROVE)->intent;
    CHECK(in->request.form == PARL_FORM_NONE && in->content.form == PARL_FORM_NONE, "bare approve");
    in = &cmd1("/yes", PARL_VERB_APPROVE)->intent;
    CHECK_EQ_INT(in->verb, PARL_VERB_APPROVE);
    in = &cmd1("/deny req-42 \"not during work hours\"", PARL_VERB_DENY)->intent;
    CHECK(!strcmp(txt(&in->content), "not during work hours") && !in->always, "deny reason");
    in = &cmd1("/deny #42 because it is late", PARL_VERB_DENY)->intent;
    CHECK(!strcmp(txt(&in->request), "#42") && !strcmp(txt(&in->content), "it is late"), "because");
    in = &cmd1("/reject always", PARL_VERB_DENY)->intent;
    CHECK(in->always && in->request.form == PARL_FORM_NONE, "reject always");
    in = &cmd1("/escalate req-42 \"needs a human\"", PARL_VERB_ESCALATE)->intent;
    CHECK_EQ_STR(txt(&in->content), "needs a human");
    const parl_command *c = fails("/escalate req-42", PARL_FAIL_MISSING_ARG);
    CHECK_EQ_INT(c->hint.arg, PARL_ARG_REASON);
    in = &cmd1("/cancel @last", PARL_VERB_CANCEL)->intent;
    CHECK(in->request.form == PARL_FORM_REF, "cancel @last");
    in = &cmd1("/abort", PARL_VERB_CANCEL)->intent;
    CHECK_EQ_INT(in->kind, PARL_INTENT_AUTHORITY);
    in = &cmd1("/halt \"runaway loop\"", PARL_VERB_HALT)->intent;
    CHECK_EQ_STR(txt(&in->content), "runaway loop");
    CHECK_EQ_INT(parl_verb_authority(NULL, PARL_VERB_HALT), PARL_AUTHORITY_SUPERVISOR);
}

/* ------------------------------------------------------- markers, chains */

static void test_markers(void)
{
    static const struct { const char *msg; parl_marker marker; int ntags; const char *last; } rows[] = {
        { "/search x .", PARL_MARKER_CONFIRM, 0, "x" },
        { "/search x ?", PARL_MARKER_ASK, 0, "x" },
        { "/search x ?ask", PARL_MARKER_ASK, 0, "x" },
        { "/search x !", PARL_MARKER_URGENT, 0, "x" },
        { "/search x ?public", PARL_MARKER_NONE, 1, "x" },
        { "/search x ?public ?", PARL_MARKER_ASK, 1, "x" },
        { "/recall + \"hi\"!", PARL_MARKER_URGENT, 0, "hi" },
        { "/halt!", PARL_MARKER_URGENT, 0, "(none)" },
        { "/search project deadlines.", PARL_MARKER_NONE, 0, "project deadlines" },
        { "/search what is up?", PARL_MARKER_NONE, 0, "what is up?" },
        { "/search x ...", PARL_MARKER_NONE, 0, "x" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        parse(rows[i].msg);
        const parl_command *c = &R.actions[0].cmds[0];
        CHECK(c->hint.failure == PARL_FAIL_NONE && c->marker == rows[i].marker && c->ntags == rows[i].ntags,
              "%s: marker %d tags %d failure %d", rows[i].msg, c->marker, c->ntags, c->hint.failure);
        CHECK_EQ_STR(txt(&c->intent.content), rows[i].last);
    }
    parse("/search x ?public");
    CHECK(R.actions[0].cmds[0].tags[0].len == 6 && !strncmp(M + R.actions[0].cmds[0].tags[0].off, "public", 6), "tag");
    const parl_command *c = fails("/search x ?!", PARL_FAIL_INVALID_MARKER);
    CHECK_EQ_STR(sentence(c), "'?!' is not a permission marker - use ., ? or !");
}

static void test_chains(void)
{
    parse("/search deadlines -> /send @discord @alice @last.output");
    const parl_action *a = &R.actions[0];
    CHECK(a->verdict == PARL_RUN && a->ncmds == 2, "chain of two: %d", a->ncmds);
    CHECK(a->cmds[1].match.verb == PARL_VERB_SEND && a->cmds[1].intent.content.form == PARL_FORM_REF, "then send");
    parse("/search deadlines -> send @alice @last ? -> reply done");
    a = &R.actions[0];
    CHECK(a->ncmds == 3 && a->cmds[1].marker == PARL_MARKER_ASK && a->cmds[2].match.verb == PARL_VERB_REPLY,
          "bare verbs after ->");
    parse("/search deadlines\n-> /reply @last.output\nThat is all.");
    CHECK(R.actions[0].ncmds == 2 && R.actions[0].verdict == PARL_SKIP_NOT_TRAILING, "continued chain");
    parse("/search a -> /look up b");
    CHECK(R.actions[0].cmds[1].match.verb == PARL_VERB_WEB, "multi-word verb in a chain");
    const parl_command *c = fails("/search deadlines ->", PARL_FAIL_MALFORMED);
    CHECK_EQ_INT(c->hint.detail, PARL_DETAIL_DANGLING_ARROW);
    CHECK_EQ_STR(sentence(c), "I couldn't read /search: the chain ends with -> and no command after it");
    c = fails("/search a -> b -> c -> d -> e", PARL_FAIL_MALFORMED);
    CHECK(c->hint.detail == PARL_DETAIL_CHAIN_TOO_LONG || c->hint.detail == PARL_DETAIL_SYNTAX, "long chain");
    c = fails("/search a -> /search b -> /search c -> /search d -> /search e", PARL_FAIL_MALFORMED);
    CHECK_EQ_INT(c->hint.detail, PARL_DETAIL_CHAIN_TOO_LONG);
    c = fails("/search a -> \"quoted\"", PARL_FAIL_MALFORMED);
    CHECK_EQ_INT(c->hint.detail, PARL_DETAIL_SYNTAX);
    c = fails("/search \"unterminated", PARL_FAIL_MALFORMED);
    CHECK_EQ_INT(c->hint.detail, PARL_DETAIL_UNTERMINATED);
    c = fails("/recall + ```\nnever closed", PARL_FAIL_MALFORMED);
    CHECK_EQ_INT(c->hint.detail, PARL_DETAIL_UNTERMINATED);
    c = fails("/search a -> /sned b -> /frobnicate c", PARL_FAIL_UNKNOWN_VERB);
    CHECK(R.actions[0].ncmds == 3 && R.actions[0].cmds[1].match.tier == PARL_TIER_PHONETIC, "phonetic in a chain");
}

static void test_verb_failures(void)
{
    const parl_command *c = fails("/dend hello", PARL_FAIL_AMBIGUOUS_VERB);
    CHECK(c->hint.kind == PARL_HINT_AMBIGUOUS && c->hint.verb_opts && c->hint.nopts == 2, "ambiguous verb");
    CHECK_EQ_STR(sentence(c), "I couldn't tell if you meant /send or /deny - which one?");
    c = fails("/hlat now", PARL_FAIL_UNKNOWN_VERB);
    CHECK_EQ_STR(sentence(c), "I don't know /hlat - did you mean /halt?");
    c = fails("/frobnicate now", PARL_FAIL_UNKNOWN_VERB);
    CHECK_EQ_STR(sentence(c), "I don't know /frobnicate.");
    /* The message writer follows snprintf. */
    char small[8];
    size_t n = parl_hint_message(NULL, M, c, small, sizeof small);
    CHECK(n == strlen("I don't know /frobnicate.") && !strcmp(small, "I don't"), "truncated: %s", small);
    CHECK_EQ_INT(parl_hint_message(NULL, M, c, NULL, 0), n);
    /* Fuzzy verbs parse into their intent. */
    const parl_dialect_intent *in = &cmd1("/serch budget", PARL_VERB_SEARCH)->intent;
    CHECK_EQ_STR(txt(&in->content), "budget");
    in = &cmd1("/Remembering \"x\"", PARL_VERB_RECALL)->intent;
    CHECK_EQ_INT(in->op, PARL_OP_INSERT);
}

/* Every example in grammar/verbs.yaml parses into its verb's intent. */
static void test_examples(void)
{
    for (int v = 0; v < PARL_VERB_COUNT; v++)
        for (int i = 0; parl_verb_example(NULL, v, i); i++) {
            const char *ex = parl_verb_example(NULL, v, i);
            parse(ex);
            const parl_command *c = R.nactions ? &R.actions[0].cmds[0] : NULL;
            CHECK(c && R.actions[0].verdict == PARL_RUN && c->match.verb == v &&
                      c->intent.kind == parl_verb_intent(NULL, v),
                  "example '%s' of %s does not parse (failure %d)", ex, parl_verb_name(NULL, v),
                  c ? (int)c->hint.failure : -1);
        }
}

/* ------------------------------------------------------------ config */

static void test_custom(void)
{
    static parl_dialect_config cfg;
    parl_config_init(&cfg);
    int notify = parl_config_add_verb(&cfg, "notify", 6);
    int shame = parl_config_add_verb(&cfg, "shame", 5);
    parl_config_set(cfg.verbs[0].maps_to, sizeof cfg.verbs[0].maps_to, "send_message", 12);
    parl_config_set(cfg.verbs[1].template_text, sizeof cfg.verbs[1].template_text,
                    "shame post template: {content} ({target}, /{verb}) {unknown}", 60);
    cfg.verbs[1].requires_permission = true;
    CHECK_EQ_INT(parl_config_add_alias(&cfg, notify, "heads up", 8, PARL_OP_NONE), 0);
    CHECK_EQ_INT(parl_config_add_alias(&cfg, shame, "call out", 8, PARL_OP_NONE), 0);
    CHECK_EQ_INT(parl_config_add_alias(&cfg, PARL_VERB_RECALL, "note to self", 12, PARL_OP_INSERT), 0);
    parl_dialect_ctx ctx = { .config = &cfg };

    parse_ctx(&ctx, "/notify something weird happened");
    const parl_command *c = &R.actions[0].cmds[0];
    CHECK(c->match.verb == notify && c->intent.kind == PARL_INTENT_CUSTOM, "custom verb");
    CHECK_EQ_STR(txt(&c->intent.content), "something weird happened");
    char buf[200];
    CHECK_EQ_INT(parl_custom_apply(&ctx, M, c, buf, sizeof buf), 0);
    parse_ctx(&ctx, "Noted.\n/heads up partner seems stressed");
    CHECK(count_run() == 1 && R.actions[0].cmds[0].match.verb == notify, "multi-word config alias");
    parse_ctx(&ctx, "/call out @bob spilled coffee");
    c = &R.actions[0].cmds[0];
    CHECK(c->match.verb == shame && !strcmp(txt(&c->intent.target), "@bob"), "custom target");
    parl_custom_apply(&ctx, M, c, buf, sizeof buf);
    CHECK_EQ_STR(buf, "shame post template: spilled coffee (@bob, /shame) {unknown}");
    CHECK_EQ_INT(parl_verb_authority(&ctx, shame), PARL_AUTHORITY_APPROVAL);
    parse_ctx(&ctx, "/note to self buy milk");
    c = &R.actions[0].cmds[0];
    CHECK(c->match.verb == PARL_VERB_RECALL && c->intent.op == PARL_OP_INSERT, "note to self beats note");
    parse_ctx(&ctx, "/note buy milk");
    CHECK_EQ_INT(R.actions[0].cmds[0].match.verb, PARL_VERB_CONTEXT);
    parse_ctx(&ctx, "/notfy hi");
    CHECK(R.actions[0].cmds[0].match.verb == notify && R.actions[0].cmds[0].match.tier == PARL_TIER_TYPO, "typo");
    parse_ctx(&ctx, "/shame");
    CHECK_EQ_INT(R.actions[0].cmds[0].hint.failure, PARL_FAIL_MISSING_ARG);
}

/* ------------------------------------------------------------ any bytes */

static void test_bytes(void)
{
    static const char nul[] = "/search a\0b \"x\0y\"\n/recall \xff\xfe\0";
    M = nul;
    parl_dialect_parse(NULL, nul, sizeof nul - 1, &R);
    CHECK_EQ_INT(R.nactions, 2);
    CHECK(R.actions[0].cmds[0].intent.content.span.len == 9, "NUL bytes are content");
    /* Every prefix of an awkward message, and a long one. */
    static const char tricky[] = "/recall + \"\"\"a\n/do /x -> \n> q\n```\n@[u\n?ask !?.. ->\n/search \"";
    for (size_t n = 0; n <= sizeof tricky - 1; n++) parl_dialect_parse(NULL, tricky, n, &R);
    size_t big = 1 << 16;
    char *s = malloc(big);
    for (size_t i = 0; i < big; i++) s[i] = "/ab -> \"x\n@."[i % 12];
    parl_dialect_parse(NULL, s, big, &R);
    CHECK(R.nactions <= PARL_MAX_ACTIONS, "bounded");
    for (size_t i = 0; i < big; i++) s[i] = i % 3 ? 'w' : ' ';
    memcpy(s, "/search ", 8);
    parl_dialect_parse(NULL, s, big, &R);
    CHECK(R.nactions == 1 && R.actions[0].cmds[0].hint.detail == PARL_DETAIL_TOO_LONG, "too many tokens");
    free(s);
    unsigned seed = 99;
    char buf[96];
    static const char alphabet[] = "/ab\"`>@-+.?!\n \\[]~{}\xe2\x80\x99";
    for (int i = 0; i < 20000; i++) {
        size_t n = (seed = seed * 1103515245u + 12345u) / 65536 % sizeof buf;
        for (size_t k = 0; k < n; k++)
            buf[k] = alphabet[(seed = seed * 1103515245u + 12345u) / 65536 % (sizeof alphabet - 1)];
        parl_dialect_parse(NULL, buf, n, &R);
        for (int a = 0; a < R.nactions; a++) {
            char out[64];
            for (int k = 0; k < R.actions[a].ncmds; k++) {
                const parl_command *c = &R.actions[a].cmds[k];
                M = buf;
                parl_hint_message(NULL, buf, c, out, sizeof out);
                parl_text_copy(buf, &c->intent.content, out, sizeof out);
                CHECK(c->span.off + c->span.len <= n, "span inside the message");
            }
        }
    }
}

int main(void)
{
    test_seed_examples();
    test_detection();
    test_recall();
    test_context();
    test_search();
    test_send();
    test_fetch_web_calc_data();
    test_authority();
    test_markers();
    test_chains();
    test_verb_failures();
    test_examples();
    test_custom();
    test_bytes();
    return TEST_SUMMARY("test_dialect");
}
