/* SPDX-License-Identifier: MIT */
/* act_tools: the tools behind the verbs the executor runs itself (see
 * act.h): memory blocks for /recall, the store's search for /search,
 * parl_calc for /calc, the outbox for the sends, the approval queue for
 * the authority verbs; anything else goes to the host. Each returns its
 * output or an error sentence for the agent; the caller's transaction
 * makes a failed step's writes vanish. */
#include <stdarg.h>
#include "act_tools.h"
#include "cli.h"
#include "memory_store.h"
#include "outbox_store.h"
#include "queue_store.h"
#include "store.h"

char *act_format(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) {
        va_start(ap, fmt);
        vsnprintf(s, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    return s;
}

#define FAIL(r, ...) ((r)->error = act_format(__VA_ARGS__), 1)
#define DONE(r, ...) ((r)->output = act_format(__VA_ARGS__), 0)

/* A span of the command's text, unquoted, as a heap string ("" for none). */
static char *text_of(const act_step_ctx *s, const parl_text *t)
{
    size_t n = parl_text_copy(s->text, t, NULL, 0);
    char *b = malloc(n + 1);
    if (b) parl_text_copy(s->text, t, b, n + 1);
    return b;
}

static const char *verb_of(const act_step_ctx *s)
{
    return parl_verb_name(s->env->ctx, s->cmd->match.verb);
}

/* ------------------------------------------------------------ searching */

typedef struct {
    const char *query;
    size_t qlen;
    FILE *out;
    int hits, scanned;
    const char *kind;     /* "document", "memory block" */
} search_acc;

/* The answer to "every mention of QUERY" in TEXT, added to the output when
 * it found any. 0, or -1 when out of memory. */
static int search_one(void *user, const char *name, const char *text, size_t len)
{
    search_acc *a = user;
    parl_doc d;
    if (doc_analyze(text, len, NULL, &d)) return -1;
    parl_intent in;
    memset(&in, 0, sizeof in);
    in.mode = PARL_MODE_SEARCH_ALL;
    in.has_search = true;
    in.search.len = a->qlen;
    in.rule = -1;
    parl_answer_info info;
    char *buf = doc_answer_intent(&d, &in, a->query, a->qlen, 0, &info);
    int rc = buf ? 0 : -1;
    if (buf && info.found && info.matches) {
        fprintf(a->out, "%s%s %s: %.*s", a->hits ? "\n" : "", a->kind, name, (int)info.len, buf);
        a->hits++;
    }
    a->scanned++;
    free(buf);
    doc_analysis_free(&d);
    return rc;
}

static int search_memory(dbc *db, search_acc *a)
{
    a->kind = "memory block";
    return mem_each(db, search_one, a) < 0 ? -1 : 0;
}

static int search_documents(dbc *db, search_acc *a)
{
    size_t n;
    long long *ids = store_ids(db, &n);
    if (!ids) return -1;
    a->kind = "document";
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        store_row row;
        if (store_get_id(db, ids[i], &row) == 1) rc = search_one(a, row.name, row.content, row.len);
        store_row_free(&row);
    }
    free(ids);
    return rc;
}

/* /search, /recall search: stored documents and memory blocks (archival
 * scope: memory blocks only). */
static int search_tool(act_step_ctx *s, act_reply *r, bool documents)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = mem_stream(&out, &len);
    if (!f) return -1;
    search_acc a = { s->content, s->content_len, f, 0, 0, NULL };
    int rc = search_memory(s->env->db, &a);
    if (!rc && documents) rc = search_documents(s->env->db, &a);
    if (!a.hits) fprintf(f, "No mention of \"%.*s\" in %d %s.", (int)s->content_len, s->content, a.scanned,
                         documents ? "documents and memory blocks" : "memory blocks");
    if (fclose(f) || rc) { free(out); return -1; }
    r->output = out;
    return 0;
}

/* --------------------------------------------------------------- memory */

/* Text as a block keeps it: ending with a line break (patches need one). */
static char *block_text(const char *s, size_t n, size_t *len)
{
    bool nl = n && s[n - 1] == '\n';
    char *b = malloc(n + 2);
    if (!b) return NULL;
    memcpy(b, s, n);
    if (!nl) b[n++] = '\n';
    b[n] = 0;
    *len = n;
    return b;
}

/* A label for an unlabelled insert: its first words, joined by '-' and
 * made unique with -2, -3... */
static char *new_label(dbc *db, const char *content, size_t n)
{
    char base[40];
    size_t k = 0;
    int words = 0;
    for (size_t i = 0; i < n && k + 1 < sizeof base && words < 4; i++) {
        unsigned char c = (unsigned char)content[i];
        bool w = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z');
        if (w) base[k++] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
        else if (k && base[k - 1] != '-' && (words++, words < 4)) base[k++] = '-';
    }
    while (k && base[k - 1] == '-') k--;
    if (!k) k = (size_t)snprintf(base, sizeof base, "memory");
    base[k] = 0;
    for (int i = 1; i < 10000; i++) {
        char *label = i == 1 ? act_format("%s", base) : act_format("%s-%d", base, i);
        mem_block b;
        int found = label ? mem_get(db, label, &b) : -1;
        mem_block_free(&b);
        if (found == 0) return label;
        free(label);
        if (found < 0) return NULL;
    }
    return NULL;
}

static int patch_failure(act_reply *r, const char *label, const parl_patch_report *rep)
{
    switch (rep->status) {
    case PARL_PATCH_E_MISMATCH:
        return FAIL(r, "the patch does not apply to '%s': hunk %zu (patch line %zu) does not match line %zu of the "
                       "block; nothing was changed", label, rep->hunk, rep->line, rep->src_line);
    case PARL_PATCH_E_EOF:
        return FAIL(r, "the patch does not apply to '%s': hunk %zu (patch line %zu) runs past the end of the block; "
                       "nothing was changed", label, rep->hunk, rep->line);
    case PARL_PATCH_E_NEWLINE:
        return FAIL(r, "the patch does not apply to '%s': hunk %zu disagrees about the final line break; nothing was "
                       "changed", label, rep->hunk);
    default:
        return FAIL(r, "the patch is not a unified diff (patch line %zu, hunk %zu); nothing was changed", rep->line,
                    rep->hunk);
    }
}

static int recall_patch(act_step_ctx *s, act_reply *r, const char *label)
{
    dbc *db = s->env->db;
    mem_block b;
    int found = mem_get(db, label, &b);
    if (found <= 0) return found < 0 ? -1 : FAIL(r, "there is no memory block '%s' to patch", label);
    parl_patch_report rep;
    parl_patch_apply(s->content, s->content_len, b.content, b.len, NULL, 0, NULL, &rep);
    char *out = NULL;
    int rc;
    if (rep.status != PARL_PATCH_OK && rep.status != PARL_PATCH_E_SPACE) rc = patch_failure(r, label, &rep);
    else if (!(out = malloc(rep.needed + 1))) rc = -1;
    else if (parl_patch_apply(s->content, s->content_len, b.content, b.len, out, rep.needed + 1, NULL, &rep))
        rc = patch_failure(r, label, &rep);
    else if (mem_replace(db, label, out, rep.len, "patch")) rc = -1;
    else rc = DONE(r, "patched memory block '%s' (%zu hunk%s)", label, rep.hunks, rep.hunks == 1 ? "" : "s");
    free(out);
    mem_block_free(&b);
    return rc;
}

static int recall_write(act_step_ctx *s, act_reply *r, char *label, parl_op op)
{
    dbc *db = s->env->db;
    size_t n;
    char *text = block_text(s->content, s->content_len, &n);
    if (!text) return -1;
    mem_block b;
    int found = op == PARL_OP_APPEND ? mem_get(db, label, &b) : 0, rc;
    if (found < 0) rc = -1;
    else if (found) {
        char *joined = act_format("%s%s", b.content, text);
        rc = !joined ? -1 : mem_replace(db, label, joined, b.len + n, "append") ? -1
                                                                                : DONE(r, "appended to memory block '%s'", label);
        free(joined);
        mem_block_free(&b);
    } else {
        int made = mem_create(db, label, text, n);
        rc = made < 0 ? -1 : made ? FAIL(r, "memory block '%s' already exists: append to it or patch it", label)
                                  : DONE(r, "stored memory block '%s'", label);
    }
    free(text);
    return rc;
}

static int recall_tool(act_step_ctx *s, act_reply *r)
{
    const parl_dialect_intent *in = &s->cmd->intent;
    dbc *db = s->env->db;
    if (in->op == PARL_OP_SEARCH) return search_tool(s, r, false);
    char *label = in->label.form ? text_of(s, &in->label) : NULL;
    if (!label && in->op == PARL_OP_INSERT) label = new_label(db, s->content, s->content_len);
    if (!label) return -1;
    mem_block b;
    int rc, found;
    switch (in->op) {
    case PARL_OP_READ:
        found = mem_get(db, label, &b);
        rc = found < 0 ? -1 : !found ? FAIL(r, "there is no memory block '%s'", label)
                                     : DONE(r, "%.*s", (int)(b.len - (b.len && b.content[b.len - 1] == '\n')), b.content);
        mem_block_free(&b);
        break;
    case PARL_OP_DELETE:
        found = mem_delete(db, label);
        rc = found < 0 ? -1 : found ? FAIL(r, "there is no memory block '%s'", label)
                                    : DONE(r, "deleted memory block '%s' (its text is kept as a version)", label);
        break;
    case PARL_OP_PATCH: rc = recall_patch(s, r, label); break;
    case PARL_OP_INSERT: case PARL_OP_APPEND: rc = recall_write(s, r, label, in->op); break;
    default: rc = FAIL(r, "/recall cannot %s", parl_op_name(in->op)); break;
    }
    free(label);
    return rc;
}

/* ----------------------------------------------------------------- calc */

static int calc_tool(act_step_ctx *s, act_reply *r)
{
    parl_calc_result c;
    const char *e = s->content;
    parl_calc(e, s->content_len, &c);
    int at = (int)c.at.len, col = (int)c.at.off + 1;
    const char *tok = e + c.at.off;
    switch (c.status) {
    case PARL_CALC_OK: return c.is_int ? DONE(r, "%lld", (long long)c.i) : DONE(r, "%.15g", c.d);
    case PARL_CALC_E_EMPTY: return FAIL(r, "there is nothing to calculate");
    case PARL_CALC_E_CHAR: return FAIL(r, "'%.*s' (column %d) is no part of an expression", at, tok, col);
    case PARL_CALC_E_SYNTAX: return FAIL(r, "'%.*s' cannot stand at column %d", at, tok, col);
    case PARL_CALC_E_END: return FAIL(r, "the expression ends too early");
    case PARL_CALC_E_DIV_ZERO: return FAIL(r, "division by zero (the '%.*s' at column %d)", at, tok, col);
    case PARL_CALC_E_OVERFLOW: return FAIL(r, "the result is too large (the '%.*s' at column %d)", at, tok, col);
    case PARL_CALC_E_DOMAIN: return FAIL(r, "there is no real result (the '%.*s' at column %d)", at, tok, col);
    default: return FAIL(r, "the expression is nested too deeply");
    }
}

/* ---------------------------------------------------------------- sends */

static int outbox_tool(act_step_ctx *s, act_reply *r, const char *verb, const char *domain, const char *target,
                       const char *message, size_t len)
{
    outbox_msg m = { verb, domain, target, message, len, s->env->requester, parl_role_name(s->env->role),
                     s->queue_id, s->urgent };
    long long id = outbox_put(s->env->db, &m);
    if (id < 0) return -1;
    return DONE(r, "outbox message %lld: /%s%s%s for the host to deliver", id, verb, target ? " to " : "",
                target ? target : "");
}

static int send_tool(act_step_ctx *s, act_reply *r)
{
    const parl_dialect_intent *in = &s->cmd->intent;
    char *domain = in->domain.len ? act_format("%.*s", (int)in->domain.len, s->text + in->domain.off) : NULL;
    char *target = in->target.form ? text_of(s, &in->target) : NULL;
    int rc = outbox_tool(s, r, verb_of(s), domain, target, s->content ? s->content : "", s->content_len);
    free(domain);
    free(target);
    return rc;
}

/* A configured verb whose maps_to names a send-like verb posts to the
 * outbox with its template and default target. */
static int custom_send(act_step_ctx *s, act_reply *r, const parl_cfg_verb *v)
{
    const parl_dialect_intent *in = &s->cmd->intent;
    size_t n = parl_custom_apply(s->env->ctx, s->text, s->cmd, NULL, 0);
    char *msg = n ? malloc(n + 1) : NULL, *target = in->target.form ? text_of(s, &in->target) : NULL;
    if (msg) parl_custom_apply(s->env->ctx, s->text, s->cmd, msg, n + 1);
    const char *to = target ? target : v->target_id[0] ? v->target_id : NULL;
    int rc = outbox_tool(s, r, v->name, v->target_type[0] ? v->target_type : NULL, to, msg ? msg : s->content,
                         msg ? n : s->content_len);
    free(msg);
    free(target);
    return rc;
}

/* The configured verb VERB, or NULL. */
static const parl_cfg_verb *config_verb(const parl_dialect_ctx *ctx, int verb)
{
    if (verb < PARL_VERB_COUNT || !ctx || !ctx->config || verb - PARL_VERB_COUNT >= ctx->config->nverbs) return NULL;
    return &ctx->config->verbs[verb - PARL_VERB_COUNT];
}

static const parl_cfg_verb *send_like(const parl_dialect_ctx *ctx, const parl_command *c)
{
    const parl_cfg_verb *cv = config_verb(ctx, c->match.verb);
    if (!cv) return NULL;
    int m = parl_verb_lookup(ctx, cv->maps_to, strlen(cv->maps_to), NULL);
    return m >= 0 && parl_verb_intent(ctx, m) == PARL_INTENT_SEND ? cv : NULL;
}

/* ------------------------------------------------------------ authority */

/* The queue id a request names: "42", "#42", "req-42"; @last is the
 * newest pending request of whoever is cancelling. 0 when none. */
static long long request_id(act_step_ctx *s, act_reply *r)
{
    const parl_dialect_intent *in = &s->cmd->intent;
    if (in->request.form == PARL_FORM_NONE) {
        r->error = act_format("/%s needs a request number (parlance queue list)", verb_of(s));
        return 0;
    }
    if (in->request.form == PARL_FORM_REF) {
        long long id = s->cmd->match.verb == PARL_VERB_CANCEL ? queue_last_pending(s->env->db, s->env->requester) : 0;
        if (id <= 0 && !r->error) r->error = act_format("you have no pending request for @last to name");
        return id;
    }
    const char *t = s->text + in->request.span.off;
    size_t n = in->request.span.len, i = 0;
    while (i < n && !(t[i] >= '0' && t[i] <= '9')) i++;
    long long id = 0;
    for (; i < n && t[i] >= '0' && t[i] <= '9' && id < 1000000000000LL; i++) id = id * 10 + (t[i] - '0');
    if (id <= 0 || i < n) r->error = act_format("'%.*s' names no request: use its number (parlance queue list)", (int)n, t);
    return i < n ? 0 : id;
}

/* Moves request ID from pending to TO and records DECISION. */
static int decide(act_step_ctx *s, act_reply *r, long long id, const char *to, const char *decision, const char *reason)
{
    queue_item it;
    int found = queue_get(s->env->db, id, &it);
    if (found < 0) return -1;
    if (!found) return FAIL(r, "there is no request %lld", id);
    int rc = 0;
    if (strcmp(it.status, "pending")) rc = FAIL(r, "request %lld is %s, not pending", id, it.status);
    else if (!strcmp(decision, "cancel") && strcmp(it.requested_by, s->env->requester))
        rc = FAIL(r, "request %lld was asked by %s: only they may cancel it", id, it.requested_by);
    else if (queue_move(s->env->db, id, "pending", to) != 1 ||
             queue_decide(s->env->db, id, decision, s->env->requester, reason))
        rc = -1;
    queue_item_free(&it);
    return rc;
}

static int authority_tool(act_step_ctx *s, act_reply *r)
{
    int verb = s->cmd->match.verb;
    dbc *db = s->env->db;
    char *reason = s->content ? act_format("%.*s", (int)s->content_len, s->content) : NULL;
    long long id = 0;
    int rc = 0;
    if (verb == PARL_VERB_HALT) {
        size_t n;
        long long *ids = queue_select(db, "pending", 0, &n);
        if (!ids) rc = -1;
        for (size_t i = 0; ids && i < n && !rc; i++) rc = decide(s, r, ids[i], "denied", "halt", reason);
        if (!rc) rc = DONE(r, "halted: %zu pending request%s denied", n, n == 1 ? "" : "s");
        free(ids);
    } else if ((id = request_id(s, r)) <= 0) rc = 1;
    else if (verb == PARL_VERB_APPROVE) {
        if (!(rc = decide(s, r, id, "approved", "approve", reason))) {
            if (*s->napproved < ACT_MAX_APPROVED) s->approved[(*s->napproved)++] = id;
            rc = DONE(r, "approved request %lld", id);
        }
    } else if (verb == PARL_VERB_DENY) {
        if (!(rc = decide(s, r, id, "denied", "deny", reason))) rc = DONE(r, "denied request %lld", id);
    } else if (verb == PARL_VERB_CANCEL) {
        if (!(rc = decide(s, r, id, "cancelled", "cancel", reason))) rc = DONE(r, "cancelled request %lld", id);
    } else {   /* escalate a request */
        queue_item it;
        int found = queue_get(db, id, &it);
        rc = found < 0 ? -1 : !found ? FAIL(r, "there is no request %lld", id)
           : queue_decide(db, id, "escalate", s->env->requester, reason) || queue_set_urgent(db, id) ? -1
           : DONE(r, "escalated request %lld", id);
        if (found > 0) queue_item_free(&it);
    }
    free(reason);
    return rc;
}

/* ----------------------------------------------------------------- host */

bool act_host_step(const parl_dialect_ctx *ctx, const parl_command *c)
{
    switch (c->intent.kind) {
    case PARL_INTENT_RECALL: case PARL_INTENT_CALC: case PARL_INTENT_SEND: case PARL_INTENT_AUTHORITY:
        return false;
    case PARL_INTENT_SEARCH:
        return c->intent.scope == PARL_SCOPE_CONVERSATIONS || c->intent.scope == PARL_SCOPE_CONSTELLATION;
    case PARL_INTENT_CUSTOM: return !send_like(ctx, c);
    default: return true;   /* fetch, web, context, data */
    }
}

static int host_tool(act_step_ctx *s, act_reply *r)
{
    const act_host *h = s->env->host;
    const char *verb = verb_of(s);
    if (!h || !h->run)
        return FAIL(r, "no handler for /%s is configured: parlance runs /recall, /search, /calc, the sends (into the "
                       "outbox) and the approval verbs itself; /%s needs a host (act_host.run, tools/act.h)", verb, verb);
    const parl_cfg_verb *cv = config_verb(s->env->ctx, s->cmd->match.verb);
    act_call call = { verb, cv ? cv->maps_to : NULL, s->cmd, s->text, s->content, s->content_len,
                      s->env->requester, s->env->role };
    if (s->url) { call.content = s->url; call.content_len = strlen(s->url); }
    int rc = h->run(h->user, &call, r);
    if (rc && !r->error) r->error = act_format("the host's handler for /%s failed", verb);
    if (!rc && !r->output) r->output = act_format("%s", "");
    return rc ? 1 : 0;
}

int act_tool(act_step_ctx *s, act_reply *r)
{
    const parl_command *c = s->cmd;
    if (act_host_step(s->env->ctx, c)) return host_tool(s, r);
    switch (c->intent.kind) {
    case PARL_INTENT_RECALL: return recall_tool(s, r);
    case PARL_INTENT_SEARCH: return search_tool(s, r, c->intent.scope != PARL_SCOPE_ARCHIVAL);
    case PARL_INTENT_CALC: return calc_tool(s, r);
    case PARL_INTENT_SEND: return send_tool(s, r);
    case PARL_INTENT_AUTHORITY: return authority_tool(s, r);
    default: return custom_send(s, r, send_like(s->env->ctx, c));
    }
}
