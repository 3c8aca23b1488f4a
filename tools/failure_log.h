/* SPDX-License-Identifier: MIT */
/* failure_log.h: the parse-failure log (tools/failure_log.c), a component
 * of the tools' database (tools/db.h). */
#ifndef PARL_FAILURE_LOG_H
#define PARL_FAILURE_LOG_H
#include "db.h"
#include "parlance.h"

int flog_init(dbc *db);   /* its migrations */
int flog_ready(dbc *db);  /* for readers: db_migrated() of its table */

typedef struct {
    const char *agent, *model, *session;
    long long at;                 /* unix seconds */
} flog_meta;

/* Records every command of MSG's actions that would have run but failed
 * (unknown verb, ambiguity, missing argument...), in one transaction.
 * Returns how many, or -1. */
int flog_record(dbc *db, const parl_dialect_ctx *ctx, const char *msg, size_t len, const flog_meta *meta);
/* The failed commands of one action (in the caller's transaction, if any). */
int flog_action(dbc *db, const parl_dialect_ctx *ctx, const char *msg, const parl_action *a,
                const flog_meta *meta);

/* One row of the log: any failure, also one of running an action. */
typedef struct {
    const char *raw_input;    /* the action as written */
    size_t raw_len;
    const char *type;         /* failure_type: unknown_verb, ..., refused, exec_error */
    const char *verb;         /* NULL when none */
    const char *attempted;    /* the word it is about, or NULL */
    const char *details;      /* JSON, or NULL */
} flog_entry;
int flog_add(dbc *db, const flog_meta *meta, const flog_entry *e);   /* 0, or -1 (reported) */

/* The hint of command C as JSON, for json_print/json_alloc (tools/cli.h). */
typedef struct {
    const parl_dialect_ctx *ctx;
    const char *msg;
    const parl_command *c;
} flog_hint;
size_t flog_hint_write(const void *arg, char *out, size_t cap);

/* Queries; each prints one JSON value to OUT and returns 0 (1 on error). */
int flog_unknown_verbs(dbc *db, const parl_dialect_ctx *ctx, long long since, FILE *out);
int flog_by_model(dbc *db, const char *model, long long since, int limit, FILE *out);
int flog_patterns(dbc *db, long long since, FILE *out);
int flog_suggest_aliases(dbc *db, const parl_dialect_ctx *ctx, long long since, int min_count,
                         FILE *out);

/* "7d", "24h", "30m", unix seconds, or an ISO date "2024-05-01[THH:MM[:SS]]"
 * (UTC). 0 and *t on success. */
int parse_time(const char *s, long long now, long long *t);
#endif
