/* SPDX-License-Identifier: MIT */
/* queue_store: the approval-queue component of the tools' database. All of
 * its SQL is here. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "queue_store.h"

#define NOW "strftime('%Y-%m-%dT%H:%M:%fZ','now')"

static const db_migration migrations[] = {
    { 1, "CREATE TABLE action_queue ("
         " id INTEGER PRIMARY KEY,"
         " created_at TEXT NOT NULL,"
         " requested_by TEXT NOT NULL,"
         " role TEXT NOT NULL,"
         " verb TEXT NOT NULL,"
         " command TEXT NOT NULL,"              /* the step and the rest of its chain */
         " intent TEXT NOT NULL,"               /* JSON */
         " content TEXT,"                       /* references resolved */
         " reason TEXT NOT NULL,"
         " last_output TEXT,"
         " last_input TEXT,"
         " config TEXT,"
         " urgent INTEGER NOT NULL DEFAULT 0,"
         " status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'running',"
         "   'done', 'failed', 'denied', 'expired', 'cancelled', 'interrupted')),"
         " updated_at TEXT NOT NULL,"
         " result TEXT);"
         "CREATE INDEX action_queue_status ON action_queue (status, created_at);"
         "CREATE TABLE queue_decisions ("
         " id INTEGER PRIMARY KEY,"
         " queue_id INTEGER NOT NULL REFERENCES action_queue (id),"
         " at TEXT NOT NULL,"
         " decision TEXT NOT NULL,"             /* approve, deny, expire, cancel, escalate, halt, run */
         " decided_by TEXT NOT NULL,"
         " reason TEXT);"
         "CREATE INDEX queue_decisions_item ON queue_decisions (queue_id, id);" },
};

int queue_init(sqlite3 *db)
{
    return db_migrate(db, "action_queue", migrations, sizeof migrations / sizeof migrations[0]);
}

long long queue_put(sqlite3 *db, const queue_item *it)
{
    sqlite3_stmt *st = db_prepare(db, "INSERT INTO action_queue (created_at, requested_by, role, verb, command, intent,"
                                      " content, reason, last_output, last_input, config, urgent, updated_at)"
                                      " VALUES (" NOW ", ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, " NOW ")");
    if (!st) return -1;
    const char *texts[] = { it->requested_by, it->role, it->verb, it->command, it->intent, it->content,
                            it->reason, it->last_output, it->last_input, it->config };
    for (int i = 0; i < 10; i++) db_bind_text_or_null(st, i + 1, texts[i]);
    sqlite3_bind_int(st, 11, it->urgent);
    return db_step_once(db, st) == SQLITE_DONE ? sqlite3_last_insert_rowid(db) : -1;
}

static char *column_dup(sqlite3_stmt *st, int i)
{
    if (sqlite3_column_type(st, i) == SQLITE_NULL) return NULL;
    size_t n = (size_t)sqlite3_column_bytes(st, i);
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, sqlite3_column_text(st, i), n);
        s[n] = 0;
    }
    return s;
}

#define ITEM_COLUMNS "id, created_at, requested_by, role, verb, command, intent, content, reason, last_output," \
                     " last_input, config, status, result, urgent"

static void read_item(sqlite3_stmt *st, queue_item *it)
{
    char **fields[] = { &it->created_at, &it->requested_by, &it->role, &it->verb, &it->command, &it->intent,
                        &it->content, &it->reason, &it->last_output, &it->last_input, &it->config, &it->status,
                        &it->result };
    it->id = sqlite3_column_int64(st, 0);
    for (int i = 0; i < 13; i++) *fields[i] = column_dup(st, i + 1);
    it->urgent = sqlite3_column_int(st, 14);
}

int queue_get(sqlite3 *db, long long id, queue_item *it)
{
    memset(it, 0, sizeof *it);
    sqlite3_stmt *st = db_prepare(db, "SELECT " ITEM_COLUMNS " FROM action_queue WHERE id = ?1");
    if (!st) return -1;
    sqlite3_bind_int64(st, 1, id);
    int rc = sqlite3_step(st), found = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
    if (found > 0) read_item(st, it);
    if (found > 0 && (!it->command || !it->status)) {
        fputs("parlance: out of memory\n", stderr);
        queue_item_free(it);
        found = -1;
    }
    if (found < 0 && rc != SQLITE_ROW) fprintf(stderr, "parlance: database: %s\n", sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return found;
}

void queue_item_free(queue_item *it)
{
    char *fields[] = { it->created_at, it->requested_by, it->role, it->verb, it->command, it->intent, it->content,
                       it->reason, it->last_output, it->last_input, it->config, it->status, it->result };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) free(fields[i]);
    memset(it, 0, sizeof *it);
}

int queue_move(sqlite3 *db, long long id, const char *from, const char *to)
{
    sqlite3_stmt *st = db_prepare(db, "UPDATE action_queue SET status = ?3, updated_at = " NOW
                                      " WHERE id = ?1 AND status = ?2");
    if (!st) return -1;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_text(st, 2, from, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, to, -1, SQLITE_STATIC);
    return db_step_once(db, st) == SQLITE_DONE ? sqlite3_changes(db) > 0 : -1;
}

int queue_decide(sqlite3 *db, long long id, const char *decision, const char *by, const char *reason)
{
    sqlite3_stmt *st = db_prepare(db, "INSERT INTO queue_decisions (queue_id, at, decision, decided_by, reason)"
                                      " VALUES (?1, " NOW ", ?2, ?3, ?4)");
    if (!st) return -1;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_text(st, 2, decision, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, by, -1, SQLITE_TRANSIENT);
    db_bind_text_or_null(st, 4, reason);
    return db_step_once(db, st) == SQLITE_DONE ? 0 : -1;
}

int queue_finish(sqlite3 *db, long long id, const char *status, const char *result)
{
    sqlite3_stmt *st = db_prepare(db, "UPDATE action_queue SET status = ?2, result = ?3, updated_at = " NOW
                                      " WHERE id = ?1");
    if (!st) return -1;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_text(st, 2, status, -1, SQLITE_STATIC);
    db_bind_text_or_null(st, 3, result);
    return db_step_once(db, st) == SQLITE_DONE ? 0 : -1;
}

int queue_set_urgent(sqlite3 *db, long long id)
{
    sqlite3_stmt *st = db_prepare(db, "UPDATE action_queue SET urgent = 1, updated_at = " NOW " WHERE id = ?1");
    if (!st) return -1;
    sqlite3_bind_int64(st, 1, id);
    return db_step_once(db, st) == SQLITE_DONE ? 0 : -1;
}

long long *queue_select(sqlite3 *db, const char *status, long long before, size_t *n)
{
    sqlite3_stmt *st = db_prepare(db, "SELECT id FROM action_queue WHERE status = ?1 AND (?2 = 0 OR"
                                      " created_at < strftime('%Y-%m-%dT%H:%M:%fZ', ?2, 'unixepoch')) ORDER BY id");
    if (!st) return NULL;
    sqlite3_bind_text(st, 1, status, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, before);
    return db_select_ids(db, st, n);
}

long long queue_last_pending(sqlite3 *db, const char *by)
{
    sqlite3_stmt *st = db_prepare(db, "SELECT id FROM action_queue WHERE requested_by = ?1 AND status = 'pending'"
                                      " ORDER BY id DESC LIMIT 1");
    if (!st) return -1;
    sqlite3_bind_text(st, 1, by, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st);
    long long id = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : rc == SQLITE_DONE ? 0 : -1;
    sqlite3_finalize(st);
    return id;
}

static void json_field(FILE *out, const char *key, const char *s)
{
    fprintf(out, ",\"%s\":", key);
    if (s) json_str(out, s, strlen(s));
    else fputs("null", out);
}

static void item_json(FILE *out, const queue_item *it)
{
    fprintf(out, "{\"id\":%lld", it->id);
    json_field(out, "status", it->status);
    json_field(out, "created_at", it->created_at);
    json_field(out, "requested_by", it->requested_by);
    json_field(out, "role", it->role);
    json_field(out, "verb", it->verb);
    fprintf(out, ",\"urgent\":%s,\"intent\":%s", it->urgent ? "true" : "false", it->intent ? it->intent : "null");
    json_field(out, "content", it->content);
    json_field(out, "reason", it->reason);
    json_field(out, "command", it->command);
    if (it->result) fprintf(out, ",\"result\":%s", it->result);
}

int queue_list(sqlite3 *db, int all, FILE *out)
{
    sqlite3_stmt *st = db_prepare(db, all ? "SELECT " ITEM_COLUMNS " FROM action_queue ORDER BY id DESC"
                                          : "SELECT " ITEM_COLUMNS " FROM action_queue WHERE status IN"
                                            " ('pending', 'approved') ORDER BY urgent DESC, id");
    if (!st) return 1;
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        queue_item it;
        memset(&it, 0, sizeof it);
        read_item(st, &it);
        item_json(out, &it);
        fputs("}\n", out);
        queue_item_free(&it);
    }
    if (rc != SQLITE_DONE) fprintf(stderr, "parlance: database: %s\n", sqlite3_errmsg(db));
    sqlite3_finalize(st);
    return rc != SQLITE_DONE;
}

int queue_show(sqlite3 *db, long long id, FILE *out)
{
    queue_item it;
    int found = queue_get(db, id, &it);
    if (found <= 0) return found < 0 ? -1 : 1;
    item_json(out, &it);
    queue_item_free(&it);
    sqlite3_stmt *st = db_prepare(db, "SELECT at, decision, decided_by, reason FROM queue_decisions"
                                      " WHERE queue_id = ?1 ORDER BY id");
    if (!st) return -1;
    sqlite3_bind_int64(st, 1, id);
    fputs(",\"decisions\":[", out);
    int rc;
    for (int k = 0; (rc = sqlite3_step(st)) == SQLITE_ROW; k++) {
        const char *keys[] = { "at", "decision", "by", "reason" };
        fputs(k ? ",{" : "{", out);
        for (int i = 0; i < 4; i++) {
            const char *s = (const char *)sqlite3_column_text(st, i);
            fprintf(out, "%s\"%s\":", i ? "," : "", keys[i]);
            if (s) json_str(out, s, (size_t)sqlite3_column_bytes(st, i));
            else fputs("null", out);
        }
        fputc('}', out);
    }
    fputs("]}\n", out);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}
