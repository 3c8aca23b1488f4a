/* SPDX-License-Identifier: MIT */
/* queue_store.h: the approval queue (tools/queue_store.c holds all of its
 * SQL). A queued action waits with who asked, when, the intent and why;
 * every decision on it (approve, deny, expire, cancel, escalate, halt) is
 * a row of queue_decisions. An item moves pending -> approved -> running
 * -> done | failed, or pending -> denied | expired | cancelled; a move is
 * a compare-and-set on the status, so two processes never both run an
 * approved item. Writes run in the caller's transaction. */
#ifndef PARL_QUEUE_STORE_H
#define PARL_QUEUE_STORE_H
#include <stdio.h>
#include "db.h"

int queue_init(dbc *db);   /* its migrations */

typedef struct queue_item {
    long long id;
    char *created_at;
    char *requested_by, *role;  /* who asked */
    char *verb;
    char *command;              /* the queued step and the rest of its chain, as written */
    char *intent;               /* the step's intent (JSON, for people) */
    char *content;              /* its content with references resolved, or NULL */
    char *reason;               /* why it waits */
    char *last_output, *last_input;   /* what @last means for it, or NULL */
    char *config;               /* the --config file its verbs came from, or NULL */
    char *status;
    char *result;               /* JSON once it ran, or NULL */
    int urgent;
} queue_item;

/* A new pending item from IT (id, created_at, status and result are
 * ignored): its id, or -1 (reported). */
long long queue_put(dbc *db, const queue_item *it);
/* 1 and *IT (heap strings: queue_item_free), 0 when there is none, -1. */
int queue_get(dbc *db, long long id, queue_item *it);
/* Inside a write transaction: ID when it is approved and no other executor
 * holds it, locked until the transaction ends; 1, 0 (not approved, or
 * taken), -1. */
int queue_claim(dbc *db, long long id, queue_item *it);
void queue_item_free(queue_item *it);
/* Moves ID from status FROM to TO: 1 moved, 0 when it was not FROM, -1. */
int queue_move(dbc *db, long long id, const char *from, const char *to);
/* Records a decision on ID (BY: who; REASON may be NULL): 0 or -1. */
int queue_decide(dbc *db, long long id, const char *decision, const char *by, const char *reason);
/* The end of a run: status and result JSON. 0 or -1. */
int queue_finish(dbc *db, long long id, const char *status, const char *result);
int queue_set_urgent(dbc *db, long long id);
/* Ids of the items in STATUS created before BEFORE (unix seconds; 0: any
 * time), oldest first; heap array of *N, NULL on error. */
long long *queue_select(dbc *db, const char *status, long long before, size_t *n);
/* The newest pending item BY asked for: its id, 0 when none, -1. */
long long queue_last_pending(dbc *db, const char *by);
/* One JSON object per line: pending and approved items, urgent first
 * (ALL: every item, newest first). */
int queue_list(dbc *db, int all, FILE *out);
/* Item ID as one JSON object with its decisions: 0, 1 none, -1. */
int queue_show(dbc *db, long long id, FILE *out);
#endif
