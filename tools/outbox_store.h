/* SPDX-License-Identifier: MIT */
/* outbox_store.h: messages the agent sent (/send, /reply, /post, /dm,
 * /tell), waiting for the host to deliver them (tools/outbox_store.c holds
 * all of its SQL). Delivery is the host's: it reads the pending rows and
 * marks them delivered. Writes run in the caller's transaction. */
#ifndef PARL_OUTBOX_STORE_H
#define PARL_OUTBOX_STORE_H
#include <stdio.h>
#include "db.h"

int outbox_init(dbc *db);   /* its migrations */

typedef struct outbox_msg {
    const char *verb;           /* send, reply, post, dm, tell, or a configured verb */
    const char *domain;         /* the platform (discord), or NULL */
    const char *target;         /* the recipient, or NULL */
    const char *message;
    size_t len;
    const char *requested_by;   /* who wrote the action */
    const char *role;
    long long queue_id;         /* the approval it waited for, or 0 */
    int urgent;
} outbox_msg;

/* The new message's id, or -1 on error (reported). */
long long outbox_put(dbc *db, const outbox_msg *m);
/* One JSON object per line, oldest first; PENDING_ONLY: not yet delivered. */
int outbox_list(dbc *db, int pending_only, FILE *out);
/* Marks message ID delivered: 0, 1 when there is no such pending message, -1. */
int outbox_delivered(dbc *db, long long id);
/* How many messages the outbox holds (tests, the demo). */
long long outbox_count(dbc *db);
#endif
