/* SPDX-License-Identifier: MIT */
/* act: the executor's flow (see act.h). For each action of a message: the
 * policy decides each command of its chain, references are resolved, the
 * tool runs (tools/act_tools.c), and the action's steps commit as one
 * transaction; what failed goes to the failure log; approvals made on
 * the way run after the commit. Queued steps wait in the approval queue
 * with the rest of their chain; act_approve() runs them once. */
#include <signal.h>
#include "act.h"
#include "act_tools.h"
#include "cli.h"
#include "memory_store.h"
#include "outbox_store.h"
#include "queue_store.h"
#include "store.h"

int act_init(dbc *db)
{
    return store_init(db) || flog_init(db) || mem_init(db) || outbox_init(db) || queue_init(db);
}

/* Tests kill the process at a named point (PARLANCE_CRASH_AT) to prove
 * an approval runs exactly once. */
static void crash_point(const char *name)
{
    const char *at = getenv("PARLANCE_CRASH_AT");
    if (at && !strcmp(at, name)) raise(SIGKILL);
}

enum { STEP_OK, STEP_QUEUED, STEP_REFUSED, STEP_FAILED };
static const char *const step_status[] = { "ok", "queued", "refused", "failed" };

typedef struct {
    const parl_command *cmd;
    parl_decision d;
    bool approved;              /* a human approved it (the queued step) */
    int status;
    char *output, *error;
    long long queue_id;
} act_step;

/* One chain's run: what @last means, and approvals to run after the commit. */
typedef struct {
    const act_env *env;
    const char *text;              /* the message or queued command */
    long long queue_id;            /* the approved item being run, or 0 */
    char *last_output, *last_input;
    bool have_last;
    long long approved[ACT_MAX_APPROVED];
    int napproved;
} act_run;

/* ------------------------------------------------- the runtime's JSON */

/* A command's intent, a decision: the runtime's writers behind json_print
 * and json_alloc. */
typedef struct {
    const parl_dialect_ctx *ctx;
    const char *msg;
    const parl_command *c;
    const parl_decision *d;
} act_json_req;

static size_t intent_write(const void *arg, char *out, size_t cap)
{
    const act_json_req *q = arg;
    return parl_command_intent_json(q->ctx, q->msg, q->c, out, cap);
}

static size_t decision_write(const void *arg, char *out, size_t cap)
{
    const act_json_req *q = arg;
    return parl_decision_json(q->ctx, q->d, out, cap);
}

static void steps_free(act_step *steps, int n)
{
    for (int i = 0; i < n; i++) {
        free(steps[i].output);
        free(steps[i].error);
    }
}

/* ----------------------------------------------------------- references */

/* The value of REF (in TEXT) for the step: a heap string, or NULL and *ERR. */
static char *ref_value(act_run *r, const char *text, const parl_ref *ref, char **err)
{
    int n = (int)ref->span.len;
    const char *s = text + ref->span.off;
    if (ref->ref == PARL_REF_NONE) return act_format("%.*s", (int)ref->uri.len, text + ref->uri.off);
    if (ref->ref == PARL_REF_LAST) {
        if (!r->have_last) { *err = act_format("%.*s: nothing ran before this step", n, s); return NULL; }
        const char *v = ref->field == PARL_FIELD_INPUT || ref->field == PARL_FIELD_CONTENT ? r->last_input
                      : ref->field == PARL_FIELD_ERROR ? "" : r->last_output;
        return act_format("%s", v ? v : "");
    }
    const act_host *h = r->env->host;
    if (!h || !h->resolve) {
        *err = act_format("%.*s needs the host's conversation: no resolver is configured (act_host.resolve)", n, s);
        return NULL;
    }
    act_reply rep = { NULL, NULL };
    if (h->resolve(h->user, s, ref->span.len, &rep)) {
        *err = rep.error ? rep.error : act_format("the host could not resolve %.*s", n, s);
        free(rep.output);
        return NULL;
    }
    free(rep.error);
    return rep.output ? rep.output : act_format("%s", "");
}

/* T's text as the step sees it: quoting removed; in plain words and
 * references, each reference replaced by its value. 0, or 1 with *ERR. */
static int text_value(act_run *r, const parl_text *t, char **out, size_t *len, char **err)
{
    size_t n = parl_text_copy(r->text, t, NULL, 0);
    char *raw = malloc(n + 1), *buf = NULL;
    size_t blen = 0;
    FILE *f = raw ? mem_stream(&buf, &blen) : NULL;
    if (!f) { free(raw); *err = act_format("out of memory"); return 1; }
    parl_text_copy(r->text, t, raw, n + 1);
    size_t pos = 0;
    parl_ref ref;
    bool refs = t->form == PARL_FORM_BARE || t->form == PARL_FORM_REF;
    while (refs && !*err && parl_ref_next(raw, n, pos, &ref)) {
        char *v = ref_value(r, raw, &ref, err);
        fwrite(raw + pos, 1, ref.span.off - pos, f);
        if (v) fputs(v, f);
        free(v);
        pos = ref.span.off + ref.span.len;
    }
    fwrite(raw + pos, 1, n - pos, f);
    free(raw);
    if (fclose(f) && !*err) *err = act_format("out of memory");
    if (*err) { free(buf); return 1; }
    *out = buf;
    *len = blen;
    return 0;
}

/* The step's content: its own (resolved), or the previous output when a
 * later step of a chain left it out. */
static int step_content(act_run *r, const parl_command *c, char **out, size_t *len, char **err)
{
    const parl_dialect_intent *in = &c->intent;
    *out = NULL;
    *len = 0;
    if (in->content_from_last) {
        if (!r->have_last) {
            *err = act_format("/%s has no content and nothing ran before it", parl_verb_name(r->env->ctx, c->match.verb));
            return 1;
        }
        *out = act_format("%s", r->last_output ? r->last_output : "");
        *len = *out ? strlen(*out) : 0;
        return *out ? 0 : (*err = act_format("out of memory"), 1);
    }
    return in->content.form == PARL_FORM_NONE ? 0 : text_value(r, &in->content, out, len, err);
}

/* --------------------------------------------------------------- queuing */

/* Queues step C of A (with the rest of its chain) for approval: its id, or -1. */
static long long enqueue(act_run *r, const parl_action *a, const parl_command *c, const parl_decision *d,
                         const char *content)
{
    const act_env *env = r->env;
    size_t end = a->span.off + a->span.len;
    char sigil = r->text[a->cmd_off];
    bool bare = r->text[c->span.off] != sigil;   /* `-> tell @x`: give it back its sigil */
    queue_item it;
    memset(&it, 0, sizeof it);
    size_t ilen = 0;
    act_json_req q = { env->ctx, r->text, c, NULL };
    it.intent = json_alloc(intent_write, &q, &ilen);
    char reason[512];
    parl_decision_message(env->ctx, d, reason, sizeof reason);
    it.requested_by = act_format("%s", env->requester);
    it.role = act_format("%s", parl_role_name(env->role));
    it.verb = act_format("%s", parl_verb_name(env->ctx, c->match.verb));
    it.command = act_format("%s%.*s", bare ? (char[]){ sigil, 0 } : "", (int)(end - c->span.off), r->text + c->span.off);
    it.content = (char *)content;
    it.reason = reason;
    it.last_output = r->have_last ? r->last_output : NULL;
    it.last_input = r->have_last ? r->last_input : NULL;
    it.config = (char *)env->config_path;
    it.urgent = d->urgent;
    long long id = it.intent && it.requested_by && it.role && it.verb && it.command ? queue_put(env->db, &it) : -1;
    free(it.intent);
    free(it.requested_by);
    free(it.role);
    free(it.verb);
    free(it.command);
    return id;
}

/* ---------------------------------------------------------------- chains */

/* The database failed at step K: nothing of the chain is kept. */
static int chain_abort(act_step *steps, int k)
{
    steps_free(steps, k + 1);
    return -1;
}

/* Runs the commands of A in order; FORCED: the first one was approved.
 * Fills STEPS and returns how many ran (the last may have stopped the
 * chain), or -1 when the database failed. */
static int run_chain(act_run *r, const parl_action *a, bool forced, act_step *steps)
{
    const act_env *env = r->env;
    for (int k = 0; k < a->ncmds; k++) {
        const parl_command *c = &a->cmds[k];
        act_step *st = &steps[k];
        memset(st, 0, sizeof *st);
        st->cmd = c;
        parl_policy_decide(env->ctx, c, env->role, &st->d);
        st->approved = k == 0 && forced;
        if (st->d.kind == PARL_DECIDE_REFUSE && !st->approved) {
            char why[512];
            parl_decision_message(env->ctx, &st->d, why, sizeof why);
            st->error = act_format("%s", why);
            st->status = STEP_REFUSED;
            return k + 1;
        }
        char *content = NULL, *url = NULL;
        size_t clen = 0, ulen = 0;
        if (step_content(r, c, &content, &clen, &st->error) ||
            (c->intent.url.form && text_value(r, &c->intent.url, &url, &ulen, &st->error))) {
            free(content);
            st->status = STEP_FAILED;
            return k + 1;
        }
        if (st->d.kind == PARL_DECIDE_QUEUE && !st->approved) {
            st->queue_id = enqueue(r, a, c, &st->d, content);
            free(content);
            free(url);
            if (st->queue_id < 0) return chain_abort(steps, k);
            st->status = STEP_QUEUED;
            st->output = act_format("waiting for approval as request %lld", st->queue_id);
            return k + 1;
        }
        /* Under an approval, what ran so far commits before the host is
         * called: a host step runs at most once. */
        if (r->queue_id && act_host_step(env->ctx, c) &&
            (db_exec(env->db, "COMMIT") || db_begin(env->db))) {
            free(content);
            free(url);
            return chain_abort(steps, k);
        }
        act_step_ctx s = { env, r->text, c, content, clen, url, st->d.urgent, r->queue_id, r->approved, &r->napproved };
        act_reply rep = { NULL, NULL };
        int rc = act_tool(&s, &rep);
        free(url);
        if (rc < 0 || (rc == 0 && !rep.output)) {
            free(rep.output);
            free(rep.error);
            free(content);
            return chain_abort(steps, k);
        }
        if (rc) {
            st->error = rep.error ? rep.error : act_format("/%s failed", parl_verb_name(env->ctx, c->match.verb));
            free(rep.output);
            free(content);
            st->status = STEP_FAILED;
            return k + 1;
        }
        free(rep.error);
        st->output = rep.output;
        free(r->last_output);
        free(r->last_input);
        r->last_output = act_format("%s", st->output);
        r->last_input = content;
        r->have_last = true;
    }
    return a->ncmds;
}

/* `"status":...,"steps":[...],"output":...,"error":...,"queue_id":...` */
static void chain_json(FILE *f, const act_env *env, const act_step *steps, int n)
{
    const act_step *last = n ? &steps[n - 1] : NULL;
    fprintf(f, "\"status\":\"%s\",\"steps\":[", last ? step_status[last->status] : "ok");
    for (int i = 0; i < n; i++) {
        const act_step *st = &steps[i];
        fputs(i ? ",{\"verb\":" : "{\"verb\":", f);
        const char *verb = parl_verb_name(env->ctx, st->cmd->match.verb);
        json_str(f, verb, strlen(verb));
        if (st->cmd->intent.op) fprintf(f, ",\"op\":\"%s\"", parl_op_name(st->cmd->intent.op));
        fputs(",\"policy\":", f);
        if (st->approved) fputs("{\"decision\":\"run\",\"reason\":\"approved\"}", f);
        else {
            act_json_req q = { env->ctx, NULL, NULL, &st->d };
            json_print(f, decision_write, &q);
        }
        fprintf(f, ",\"status\":\"%s\",\"output\":", step_status[st->status]);
        if (st->output) json_str(f, st->output, strlen(st->output));
        else fputs("null", f);
        if (st->error) {
            fputs(",\"error\":", f);
            json_str(f, st->error, strlen(st->error));
        }
        if (st->queue_id) fprintf(f, ",\"queue_id\":%lld", st->queue_id);
        fputc('}', f);
    }
    fputs("],\"output\":", f);
    if (last && last->status == STEP_OK) json_str(f, last->output, strlen(last->output));
    else fputs("null", f);
    fputs(",\"error\":", f);
    if (last && last->error) {
        /* Say where a chain stopped. */
        char *where = n > 1 ? act_format("step %d (/%s): %s", n, parl_verb_name(env->ctx, last->cmd->match.verb),
                                         last->error)
                            : NULL;
        const char *e = where ? where : last->error;
        json_str(f, e, strlen(e));
        free(where);
    } else fputs("null", f);
    if (last && last->queue_id) fprintf(f, ",\"queue_id\":%lld", last->queue_id);
    else fputs(",\"queue_id\":null", f);
}

/* Refused and failed steps go to the failure log. */
static void log_steps(const act_env *env, const char *text, const parl_action *a, const act_step *steps, int n)
{
    for (int i = 0; i < n; i++) {
        const act_step *st = &steps[i];
        if (st->status != STEP_REFUSED && st->status != STEP_FAILED) continue;
        char *details = NULL;
        size_t dlen = 0;
        FILE *f = mem_stream(&details, &dlen);
        if (f) {
            fputs("{\"error\":", f);
            json_str(f, st->error, strlen(st->error));
            fputc('}', f);
            if (fclose(f)) { free(details); details = NULL; }
        }
        flog_entry e = { text + a->span.off, a->span.len, st->status == STEP_REFUSED ? "refused" : "exec_error",
                         parl_verb_name(env->ctx, st->cmd->match.verb), NULL, details };
        flog_add(env->db, &env->log, &e);
        free(details);
    }
}

static int execute(const act_env *env, long long id, FILE *out);

/* Runs the approvals a chain made, after its commit. */
static int run_approvals(const act_env *env, const act_run *r, FILE *out)
{
    int rc = 0;
    for (int i = 0; i < r->napproved && rc >= 0; i++) rc = execute(env, r->approved[i], out);
    return rc < 0 ? -1 : 0;
}

/* ---------------------------------------------------------------- messages */

static void skipped_json(FILE *out, const act_env *env, const char *msg, const parl_action *a, int index)
{
    const parl_command *fc = NULL;
    for (int k = 0; k < a->ncmds && !fc; k++)
        if (a->cmds[k].hint.failure) fc = &a->cmds[k];
    fprintf(out, "{\"action\":%d,\"text\":", index);
    json_str(out, msg + a->span.off, a->span.len);
    fprintf(out, ",\"status\":\"skipped\",\"reason\":\"%s\"",
            fc && a->verdict == PARL_SKIP_FAILED ? parl_failure_name(fc->hint.failure) : parl_verdict_name(a->verdict));
    if (fc && a->verdict == PARL_SKIP_FAILED) {
        fputs(",\"hint\":", out);
        flog_hint h = { env->ctx, msg, fc };
        json_print(out, flog_hint_write, &h);
    }
    fputs("}\n", out);
}

static int act_one(act_run *r, const parl_action *a, int index, FILE *out)
{
    const act_env *env = r->env;
    if (a->verdict != PARL_RUN) {
        skipped_json(out, env, r->text, a, index);
        if (a->verdict == PARL_SKIP_FAILED) flog_action(env->db, env->ctx, r->text, a, &env->log);
        return 0;
    }
    act_step steps[PARL_MAX_CHAIN];
    r->napproved = 0;
    if (db_begin(env->db)) return 1;
    int n = run_chain(r, a, false, steps);
    if (n < 0 || db_exec(env->db, "COMMIT")) {
        db_exec(env->db, "ROLLBACK");
        if (n > 0) steps_free(steps, n);
        return 1;
    }
    fprintf(out, "{\"action\":%d,\"text\":", index);
    json_str(out, r->text + a->span.off, a->span.len);
    fputc(',', out);
    chain_json(out, env, steps, n);
    fputs("}\n", out);
    log_steps(env, r->text, a, steps, n);
    steps_free(steps, n);
    return run_approvals(env, r, out) ? 1 : 0;
}

int act_message(const act_env *env, const char *msg, size_t len, FILE *out)
{
    parl_dialect_result *res = malloc(sizeof *res);
    if (!res) return 1;
    act_run r;
    memset(&r, 0, sizeof r);
    r.env = env;
    r.text = msg;
    int rc = 0, index = 0;
    for (int first = 0, more = 1; more && !rc; first += PARL_MAX_ACTIONS) {
        parl_dialect_parse_page(env->ctx, msg, len, first, res);
        more = res->truncated;
        for (int i = 0; i < res->nactions && !rc; i++) rc = act_one(&r, &res->actions[i], ++index, out);
    }
    free(r.last_output);
    free(r.last_input);
    free(res);
    return rc;
}

/* ------------------------------------------------------------- approvals */

/* The verbs a queued item was parsed with: the caller's, or its own
 * --config file when the caller has none. NULL with *ERR when that file
 * cannot be read any more. */
static parl_dialect_config *item_config(const act_env *env, const queue_item *it, char **err)
{
    if (!it->config || (env->ctx && env->ctx->config)) return NULL;
    parl_dialect_config *cfg = malloc(sizeof *cfg);
    if (!cfg || dialect_config_load(it->config, cfg)) {
        *err = act_format("the verbs of this request came from %s, which cannot be read now", it->config);
        free(cfg);
        return NULL;
    }
    return cfg;
}

/* Finishes item ID with RESULT (a chain's JSON) and prints it. */
static int finish(const act_env *env, long long id, const char *status, const char *result, FILE *out)
{
    if (queue_finish(env->db, id, status, result)) return -1;
    crash_point("executed");
    if (db_exec(env->db, "COMMIT")) return -1;
    fprintf(out, "{\"request\":%lld,%s\n", id, result + 1);
    return 0;
}

/* A chain that cannot run: the item ends in STATUS with ERR. */
static int finish_error(const act_env *env, long long id, const char *status, char *err, FILE *out)
{
    char *json = NULL;
    size_t n = 0;
    FILE *f = mem_stream(&json, &n);
    int rc = -1;
    if (f) {
        fprintf(f, "{\"status\":\"%s\",\"steps\":[],\"output\":null,\"error\":", status);
        json_str(f, err ? err : "", err ? strlen(err) : 0);
        fputs(",\"queue_id\":null}", f);
        if (!fclose(f)) rc = finish(env, id, status, json, out);
    }
    free(json);
    free(err);
    return rc;
}

/* Runs approved item ID once (see act.h). 0 (also when it was not
 * approved: someone ran it already), -1 on a database error. */
static int execute(const act_env *env, long long id, FILE *out)
{
    dbc *db = env->db;
    if (db_begin(db)) return -1;
    queue_item it;
    int found = queue_claim(db, id, &it);
    if (found <= 0 || strcmp(it.status, "approved") || queue_move(db, id, "approved", "running") != 1) {
        db_exec(db, "ROLLBACK");
        if (found > 0) queue_item_free(&it);
        return found < 0 ? -1 : 0;
    }
    char *err = NULL;
    parl_dialect_config *cfg = item_config(env, &it, &err);
    parl_dialect_ctx ctx = { 0 };
    if (env->ctx) ctx = *env->ctx;
    if (cfg) ctx.config = cfg;
    act_env e = *env;
    e.ctx = &ctx;
    int role = parl_role_from_name(it.role, strlen(it.role));
    e.role = role < 0 ? PARL_ROLE_COUNT : (parl_role)role;   /* an unknown role: every later step refused */
    e.requester = it.requested_by;
    parl_dialect_result *res = err ? NULL : malloc(sizeof *res);
    const parl_action *a = NULL;
    if (res) {
        parl_dialect_parse(&ctx, it.command, strlen(it.command), res);
        a = res->nactions == 1 && res->actions[0].verdict == PARL_RUN ? &res->actions[0] : NULL;
        if (!a) err = act_format("the queued command no longer parses as one action: %s", it.command);
    }
    int rc;
    if (!a) rc = finish_error(&e, id, "failed", err ? err : act_format("out of memory"), out);
    else {
        act_run r;
        memset(&r, 0, sizeof r);
        r.env = &e;
        r.text = it.command;
        r.queue_id = id;
        r.have_last = it.last_output != NULL;
        r.last_output = it.last_output ? act_format("%s", it.last_output) : NULL;
        r.last_input = it.last_input ? act_format("%s", it.last_input) : NULL;
        act_step steps[PARL_MAX_CHAIN];
        int n = run_chain(&r, a, true, steps);
        char *json = NULL;
        size_t jn = 0;
        FILE *f = n >= 0 ? mem_stream(&json, &jn) : NULL;
        rc = -1;
        if (f) {
            fputc('{', f);
            chain_json(f, &e, steps, n);
            fputc('}', f);
            bool ok = n > 0 && steps[n - 1].status != STEP_REFUSED && steps[n - 1].status != STEP_FAILED;
            if (!fclose(f)) rc = finish(&e, id, ok ? "done" : "failed", json, out);
        }
        if (rc == 0) log_steps(&e, it.command, a, steps, n);
        if (rc == 0) rc = run_approvals(&e, &r, out);
        if (n > 0) steps_free(steps, n);
        free(json);
        free(r.last_output);
        free(r.last_input);
    }
    if (rc < 0) db_exec(db, "ROLLBACK");
    free(res);
    free(cfg);
    queue_item_free(&it);
    return rc;
}

/* Moves pending item ID to TO with DECISION by env->decider: 0, 1 when it
 * is not pending (said), -1. In a transaction of its own. */
static int decide_pending(const act_env *env, long long id, const char *to, const char *decision, const char *reason)
{
    dbc *db = env->db;
    if (db_begin(db)) return -1;
    queue_item it;
    int found = queue_get(db, id, &it), rc = found < 0 ? -1 : 1;
    if (found == 0) fprintf(stderr, "parlance: there is no request %lld\n", id);
    else if (found > 0 && strcmp(it.status, "pending"))
        fprintf(stderr, "parlance: request %lld is %s, not pending\n", id, it.status);
    else if (found > 0)
        rc = queue_move(db, id, "pending", to) == 1 && !queue_decide(db, id, decision, env->decider, reason) ? 0 : -1;
    if (found > 0) queue_item_free(&it);
    if (rc || db_exec(db, "COMMIT")) {
        db_exec(db, "ROLLBACK");
        return rc ? rc : -1;
    }
    return 0;
}

int act_approve(const act_env *env, long long id, FILE *out)
{
    int rc = decide_pending(env, id, "approved", "approve", NULL);
    if (rc) return rc;
    crash_point("approved");
    return execute(env, id, out);
}

int act_deny(const act_env *env, long long id, const char *reason, FILE *out)
{
    int rc = decide_pending(env, id, "denied", "deny", reason);
    if (rc == 0) {
        fprintf(out, "{\"request\":%lld,\"status\":\"denied\",\"reason\":", id);
        json_str(out, reason, strlen(reason));
        fputs("}\n", out);
    }
    return rc;
}

int act_expire(const act_env *env, long long before, FILE *out)
{
    size_t n;
    long long *ids = queue_select(env->db, "pending", before, &n);
    if (!ids) return -1;
    int rc = 0;
    size_t done = 0;
    fputs("{\"expired\":[", out);
    for (size_t i = 0; i < n && rc >= 0; i++) {
        rc = decide_pending(env, ids[i], "expired", "expire", "waited too long");
        if (rc == 0) fprintf(out, "%s%lld", done++ ? "," : "", ids[i]);
    }
    fputs("]}\n", out);
    free(ids);
    return rc < 0 ? -1 : 0;
}

int act_run_approved(const act_env *env, FILE *out)
{
    size_t n;
    long long *ids = queue_select(env->db, "running", 0, &n);
    int rc = ids ? 0 : -1;
    /* Started while the host ran a step, never finished: not run again. */
    for (size_t i = 0; ids && i < n && !rc; i++) {
        if (db_begin(env->db)) { rc = -1; break; }
        rc = finish_error(env, ids[i], "interrupted",
                          act_format("interrupted while the host ran a step: not run again"), out);
        if (rc) db_exec(env->db, "ROLLBACK");
    }
    free(ids);
    ids = rc ? NULL : queue_select(env->db, "approved", 0, &n);
    if (!ids) return -1;
    for (size_t i = 0; i < n && !rc; i++) rc = execute(env, ids[i], out);
    free(ids);
    return rc;
}
