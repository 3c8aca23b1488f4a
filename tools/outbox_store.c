/* SPDX-License-Identifier: MIT */
/* outbox_store: the outbox component of the tools' database. All of its
 * SQL is here. */
#include <string.h>
#include "cli.h"
#include "outbox_store.h"

#define NOW "strftime('%Y-%m-%dT%H:%M:%fZ','now')"

static const db_migration migrations[] = {
    { 1, "CREATE TABLE outbox ("
         " id INTEGER PRIMARY KEY,"
         " created_at TEXT NOT NULL,"
         " verb TEXT NOT NULL,"
         " domain TEXT,"
         " target TEXT,"
         " message TEXT NOT NULL,"
         " requested_by TEXT NOT NULL,"
         " role TEXT NOT NULL,"
         " queue_id INTEGER,"                   /* the approval it waited for */
         " urgent INTEGER NOT NULL DEFAULT 0,"
         " delivered_at TEXT);"                 /* NULL until the host delivers it */
         "CREATE INDEX outbox_pending ON outbox (delivered_at, id);" },
};

int outbox_init(sqlite3 *db)
{
    return db_migrate(db, "outbox", migrations, sizeof migrations / sizeof migrations[0]);
}

long long outbox_put(sqlite3 *db, const outbox_msg *m)
{
    sqlite3_stmt *st = db_prepare(db, "INSERT INTO outbox (created_at, verb, domain, target, message,"
                                          " requested_by, role, queue_id, urgent)"
                                          " VALUES (" NOW ", ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    if (!st) return -1;
    sqlite3_bind_text(st, 1, m->verb, -1, SQLITE_TRANSIENT);
    db_bind_text_or_null(st, 2, m->domain);
    db_bind_text_or_null(st, 3, m->target);
    sqlite3_bind_text(st, 4, m->message, (int)m->len, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 5, m->requested_by, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 6, m->role, -1, SQLITE_TRANSIENT);
    if (m->queue_id) sqlite3_bind_int64(st, 7, m->queue_id);
    else sqlite3_bind_null(st, 7);
    sqlite3_bind_int(st, 8, m->urgent);
    int rc = sqlite3_step(st);
    if (rc != SQLITE_DONE) fprintf(stderr, "parlance: database: %s\n", sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? sqlite3_last_insert_rowid(db) : -1;
}

static void text_field(FILE *out, const char *key, sqlite3_stmt *st, int i)
{
    fprintf(out, ",\"%s\":", key);
    const unsigned char *s = sqlite3_column_text(st, i);
    if (s) json_str(out, (const char *)s, (size_t)sqlite3_column_bytes(st, i));
    else fputs("null", out);
}

int outbox_list(sqlite3 *db, int pending_only, FILE *out)
{
    sqlite3_stmt *st = db_prepare(db, "SELECT id, created_at, verb, domain, target, message, requested_by, role,"
                                          " queue_id, urgent, delivered_at FROM outbox"
                                          " WHERE ?1 = 0 OR delivered_at IS NULL ORDER BY id");
    if (!st) return 1;
    sqlite3_bind_int(st, 1, pending_only);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        fprintf(out, "{\"id\":%lld", sqlite3_column_int64(st, 0));
        static const char *const keys[] = { NULL, "created_at", "verb", "domain", "target", "message",
                                            "requested_by", "role" };
        for (int i = 1; i < 8; i++) text_field(out, keys[i], st, i);
        if (sqlite3_column_type(st, 8) == SQLITE_NULL) fputs(",\"queue_id\":null", out);
        else fprintf(out, ",\"queue_id\":%lld", sqlite3_column_int64(st, 8));
        fprintf(out, ",\"urgent\":%s", sqlite3_column_int(st, 9) ? "true" : "false");
        text_field(out, "delivered_at", st, 10);
        fputs("}\n", out);
    }
    if (rc != SQLITE_DONE) fprintf(stderr, "parlance: database: %s\n", sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return rc != SQLITE_DONE;
}

int outbox_delivered(sqlite3 *db, long long id)
{
    sqlite3_stmt *st = db_prepare(db, "UPDATE outbox SET delivered_at = " NOW
                                          " WHERE id = ?1 AND delivered_at IS NULL");
    if (!st) return -1;
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st);
    if (rc != SQLITE_DONE) fprintf(stderr, "parlance: database: %s\n", sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return rc != SQLITE_DONE ? -1 : sqlite3_changes(db) ? 0 : 1;
}

long long outbox_count(sqlite3 *db)
{
    sqlite3_stmt *st = db_prepare(db, "SELECT count(*) FROM outbox");
    if (!st) return -1;
    long long n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
    sqlite3_finalize(st);
    return n;
}
