/* SPDX-License-Identifier: MIT */
/* outbox_store: the outbox component of the tools' database. All of its
 * SQL is here. */
#include <string.h>
#include "cli.h"
#include "outbox_store.h"



int outbox_init(dbc *db)
{
    return db_migrate(db, "outbox");
}

long long outbox_put(dbc *db, const outbox_msg *m)
{
    dbst *st = db_prepare(db, "INSERT INTO outbox (created_at, verb, domain, target, message,"
                                          " requested_by, role, queue_id, urgent)"
                                          " VALUES (" DB_NOW ", ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id");
    if (!st) return -1;
    db_bind_text(st, 1, m->verb, -1);
    db_bind_text_or_null(st, 2, m->domain);
    db_bind_text_or_null(st, 3, m->target);
    db_bind_text(st, 4, m->message, (long long)m->len);
    db_bind_text(st, 5, m->requested_by, -1);
    db_bind_text(st, 6, m->role, -1);
    if (m->queue_id) db_bind_int64(st, 7, m->queue_id);
    else db_bind_null(st, 7);
    db_bind_int64(st, 8, m->urgent);
    return db_insert_id(db, st);
}

static void text_field(FILE *out, const char *key, dbst *st, int i)
{
    fprintf(out, ",\"%s\":", key);
    const char *s = db_column_text(st, i);
    if (s) json_str(out, (const char *)s, (size_t)db_column_bytes(st, i));
    else fputs("null", out);
}

int outbox_list(dbc *db, int pending_only, FILE *out)
{
    dbst *st = db_prepare(db, "SELECT id, created_at, verb, domain, target, message, requested_by, role,"
                                          " queue_id, urgent, delivered_at FROM outbox"
                                          " WHERE ?1 = 0 OR delivered_at IS NULL ORDER BY id");
    if (!st) return 1;
    db_bind_int64(st, 1, pending_only);
    int rc;
    while ((rc = db_step(st)) == DB_ROW) {
        fprintf(out, "{\"id\":%lld", db_column_int64(st, 0));
        static const char *const keys[] = { NULL, "created_at", "verb", "domain", "target", "message",
                                            "requested_by", "role" };
        for (int i = 1; i < 8; i++) text_field(out, keys[i], st, i);
        if (db_column_null(st, 8)) fputs(",\"queue_id\":null", out);
        else fprintf(out, ",\"queue_id\":%lld", db_column_int64(st, 8));
        fprintf(out, ",\"urgent\":%s", db_column_int(st, 9) ? "true" : "false");
        text_field(out, "delivered_at", st, 10);
        fputs("}\n", out);
    }
    if (rc != DB_DONE) fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
    db_finalize(st);
    return rc != DB_DONE;
}

int outbox_delivered(dbc *db, long long id)
{
    dbst *st = db_prepare(db, "UPDATE outbox SET delivered_at = " DB_NOW
                                          " WHERE id = ?1 AND delivered_at IS NULL");
    if (!st) return -1;
    db_bind_int64(st, 1, id);
    int rc = db_step(st);
    if (rc != DB_DONE) fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
    db_finalize(st);
    return rc != DB_DONE ? -1 : db_changes(db) ? 0 : 1;
}

long long outbox_count(dbc *db)
{
    dbst *st = db_prepare(db, "SELECT count(*) FROM outbox");
    if (!st) return -1;
    long long n = db_step(st) == DB_ROW ? db_column_int64(st, 0) : -1;
    db_finalize(st);
    return n;
}
