/* SPDX-License-Identifier: MIT */
/* act.h: the executor, stage 6 of the action dialect (tools/act.c, the
 * tools in tools/act_tools.c). It runs what the policy lets run, in the
 * store's database:
 *
 *   recall              memory blocks (memory_store.h): read, search,
 *                       insert, append, delete, patch
 *   search              stored documents and memory blocks, the search of
 *                       `parlance ask`
 *   calc                parl_calc()
 *   send reply post dm tell (and configured verbs that map to one of them)
 *                       the outbox (outbox_store.h); delivery is the host's
 *   approve deny halt escalate cancel
 *                       the approval queue (queue_store.h)
 *   anything else       the host's act_host.run; without one, an error
 *                       saying no handler is configured
 *
 * Chains run in order, each step seeing @last (@last.output, .input...);
 * a step with no content takes the previous output; the first failed,
 * refused or queued step stops the chain and says where. @thread and
 * @parent come from act_host.resolve.
 *
 * Approvals run exactly once: approving commits the decision, then the
 * item moves approved -> running -> done in the transaction that makes its
 * effects (outbox rows, memory writes), so a process killed in between
 * leaves it approved, and act_run_approved() (parlance queue run, and
 * every approval) runs it later, once. A step handled by the host runs at
 * most once: it is marked running (committed) before the call; one found
 * running after a crash is reported interrupted, never run again.
 * PARLANCE_CRASH_AT=approved|executed makes the process kill itself right
 * after the approval commits or right before the run commits (tests). */
#ifndef PARL_ACT_H
#define PARL_ACT_H
#include <stdio.h>
#include "db.h"
#include "failure_log.h"

/* What the host is asked to run. */
typedef struct act_call {
    const char *verb;           /* the verb's name */
    const char *maps_to;        /* a configured verb's maps_to, or NULL */
    const parl_command *cmd;    /* the parsed command; its spans point into TEXT */
    const char *text;
    const char *content;        /* its content, unquoted, references resolved (NULL: none) */
    size_t content_len;
    const char *requested_by;
    parl_role role;
} act_call;

/* A host's answer: heap strings (malloc) the executor frees. */
typedef struct act_reply {
    char *output;
    char *error;
} act_reply;

typedef struct act_host {
    /* Runs a verb that has no built-in tool. 0 with reply->output, or not 0
     * with reply->error. NULL: no handler (the step fails, saying so). */
    int (*run)(void *user, const act_call *call, act_reply *reply);
    /* The value of @thread or @parent (REF as written, e.g. "@thread"): 0
     * with reply->output, or not 0 with reply->error. NULL: none. */
    int (*resolve)(void *user, const char *ref, size_t len, act_reply *reply);
    void *user;
} act_host;

typedef struct act_env {
    dbc *db;
    const parl_dialect_ctx *ctx;   /* verbs (a --config file's too) */
    const char *config_path;       /* that file, kept with queued actions */
    parl_role role;                /* who wrote the message */
    const char *requester;         /* their name (--agent), kept with queued actions and sends */
    const char *decider;           /* who decides in act_approve/deny/... (--by) */
    flog_meta log;                 /* failures go to the failure log with these */
    const act_host *host;          /* NULL: none */
} act_env;

/* The executor's tables (memory, outbox, queue) and the ones it reads
 * (documents, the failure log): 0, or 1 (reported). */
int act_init(dbc *db);

/* Runs the actions of MSG: one JSON object per action on OUT (action,
 * status ok|queued|refused|failed|skipped, steps, output, error,
 * queue_id). 0, or 1 when the database failed. */
int act_message(const act_env *env, const char *msg, size_t len, FILE *out);

/* Queue decisions by env->decider, each recorded. act_approve then runs
 * the item (printing its result). 0; 1 when ID is no pending item (said
 * on stderr); -1 on a database error. */
int act_approve(const act_env *env, long long id, FILE *out);
int act_deny(const act_env *env, long long id, const char *reason, FILE *out);
/* Pending items created before BEFORE (unix seconds) expire; prints how many. */
int act_expire(const act_env *env, long long before, FILE *out);
/* Runs every approved item not yet run (after a crash); reports running
 * ones as interrupted. Prints each result. 0 or -1. */
int act_run_approved(const act_env *env, FILE *out);
#endif
