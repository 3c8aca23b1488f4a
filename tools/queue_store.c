/* SPDX-License-Identifier: MIT */
/* queue_store: the approval-queue component of the tools' database. All of
 * its SQL is here. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "queue_store.h"



int queue_init(dbc *db)
{
    return db_migrate(db, "action_queue");
}

long long queue_put(dbc *db, const queue_item *it)
{
    dbst *st = db_prepare(db, "INSERT INTO action_queue (created_at, requested_by, role, verb, command, intent,"
                                      " content, reason, last_output, last_input, config, urgent, updated_at)"
                                      " VALUES (" DB_NOW ", ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, " DB_NOW ") RETURNING id");
    if (!st) return -1;
    const char *texts[] = { it->requested_by, it->role, it->verb, it->command, it->intent, it->content,
                            it->reason, it->last_output, it->last_input, it->config };
    for (int i = 0; i < 10; i++) db_bind_text_or_null(st, i + 1, texts[i]);
    db_bind_int64(st, 11, it->urgent);
    return db_insert_id(db, st);
}

static char *column_dup(dbst *st, int i)
{
    if (db_column_null(st, i)) return NULL;
    size_t n = (size_t)db_column_bytes(st, i);
    char *s = malloc(n + 1);
    if (s) {
        memcpy(s, db_column_text(st, i), n);
        s[n] = 0;
    }
    return s;
}

#define ITEM_COLUMNS "id, created_at, requested_by, role, verb, command, intent, content, reason, last_output," \
                     " last_input, config, status, result, urgent"

static void read_item(dbst *st, queue_item *it)
{
    char **fields[] = { &it->created_at, &it->requested_by, &it->role, &it->verb, &it->command, &it->intent,
                        &it->content, &it->reason, &it->last_output, &it->last_input, &it->config, &it->status,
                        &it->result };
    it->id = db_column_int64(st, 0);
    for (int i = 0; i < 13; i++) *fields[i] = column_dup(st, i + 1);
    it->urgent = db_column_int(st, 14);
}

/* CLAIM: only an approved item, locked for this transaction; one another
 * executor holds is skipped (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite's
 * write transaction has the whole file). */
static int get_item(dbc *db, long long id, queue_item *it, int claim)
{
    char sql[512];
    memset(it, 0, sizeof *it);
    snprintf(sql, sizeof sql, "SELECT " ITEM_COLUMNS " FROM action_queue WHERE id = ?1%s%s",
             claim ? " AND status = 'approved'" : "", claim ? db->sql->claim : "");
    dbst *st = db_prepare(db, sql);
    if (!st) return -1;
    db_bind_int64(st, 1, id);
    int rc = db_step(st), found = rc == DB_ROW ? 1 : rc == DB_DONE ? 0 : -1;
    if (found > 0) read_item(st, it);
    if (found > 0 && (!it->command || !it->status)) {
        fputs("parlance: out of memory\n", stderr);
        queue_item_free(it);
        found = -1;
    }
    if (found < 0 && rc != DB_ROW) fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
    db_finalize(st);
    return found;
}

int queue_get(dbc *db, long long id, queue_item *it) { return get_item(db, id, it, 0); }
int queue_claim(dbc *db, long long id, queue_item *it) { return get_item(db, id, it, 1); }

void queue_item_free(queue_item *it)
{
    char *fields[] = { it->created_at, it->requested_by, it->role, it->verb, it->command, it->intent, it->content,
                       it->reason, it->last_output, it->last_input, it->config, it->status, it->result };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) free(fields[i]);
    memset(it, 0, sizeof *it);
}

int queue_move(dbc *db, long long id, const char *from, const char *to)
{
    dbst *st = db_prepare(db, "UPDATE action_queue SET status = ?3, updated_at = " DB_NOW
                                      " WHERE id = ?1 AND status = ?2");
    if (!st) return -1;
    db_bind_int64(st, 1, id);
    db_bind_text(st, 2, from, -1);
    db_bind_text(st, 3, to, -1);
    return db_step_once(db, st) == DB_DONE ? db_changes(db) > 0 : -1;
}

int queue_decide(dbc *db, long long id, const char *decision, const char *by, const char *reason)
{
    dbst *st = db_prepare(db, "INSERT INTO queue_decisions (queue_id, at, decision, decided_by, reason)"
                                      " VALUES (?1, " DB_NOW ", ?2, ?3, ?4)");
    if (!st) return -1;
    db_bind_int64(st, 1, id);
    db_bind_text(st, 2, decision, -1);
    db_bind_text(st, 3, by, -1);
    db_bind_text_or_null(st, 4, reason);
    return db_step_once(db, st) == DB_DONE ? 0 : -1;
}

int queue_finish(dbc *db, long long id, const char *status, const char *result)
{
    dbst *st = db_prepare(db, "UPDATE action_queue SET status = ?2, result = ?3, updated_at = " DB_NOW
                                      " WHERE id = ?1");
    if (!st) return -1;
    db_bind_int64(st, 1, id);
    db_bind_text(st, 2, status, -1);
    db_bind_text_or_null(st, 3, result);
    return db_step_once(db, st) == DB_DONE ? 0 : -1;
}

int queue_set_urgent(dbc *db, long long id)
{
    dbst *st = db_prepare(db, "UPDATE action_queue SET urgent = 1, updated_at = " DB_NOW " WHERE id = ?1");
    if (!st) return -1;
    db_bind_int64(st, 1, id);
    return db_step_once(db, st) == DB_DONE ? 0 : -1;
}

long long *queue_select(dbc *db, const char *status, long long before, size_t *n)
{
    dbst *st = db_prepare(db, "SELECT id FROM action_queue WHERE status = ?1 AND (CAST(?2 AS TEXT) IS NULL OR created_at < ?2)"
                              " ORDER BY id");
    if (!st) return NULL;
    db_bind_text(st, 1, status, -1);
    char at[40];   /* BEFORE as DB_NOW writes times */
    time_t t = (time_t)before;
    struct tm tm;
    if (before && gmtime_r(&t, &tm) && strftime(at, sizeof at, "%Y-%m-%dT%H:%M:%S.000Z", &tm)) db_bind_text(st, 2, at, -1);
    else db_bind_null(st, 2);
    return db_select_ids(db, st, n);
}

long long queue_last_pending(dbc *db, const char *by)
{
    dbst *st = db_prepare(db, "SELECT id FROM action_queue WHERE requested_by = ?1 AND status = 'pending'"
                                      " ORDER BY id DESC LIMIT 1");
    if (!st) return -1;
    db_bind_text(st, 1, by, -1);
    int rc = db_step(st);
    long long id = rc == DB_ROW ? db_column_int64(st, 0) : rc == DB_DONE ? 0 : -1;
    db_finalize(st);
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

int queue_list(dbc *db, int all, FILE *out)
{
    dbst *st = db_prepare(db, all ? "SELECT " ITEM_COLUMNS " FROM action_queue ORDER BY id DESC"
                                          : "SELECT " ITEM_COLUMNS " FROM action_queue WHERE status IN"
                                            " ('pending', 'approved') ORDER BY urgent DESC, id");
    if (!st) return 1;
    int rc;
    while ((rc = db_step(st)) == DB_ROW) {
        queue_item it;
        memset(&it, 0, sizeof it);
        read_item(st, &it);
        item_json(out, &it);
        fputs("}\n", out);
        queue_item_free(&it);
    }
    if (rc != DB_DONE) fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
    db_finalize(st);
    return rc != DB_DONE;
}

int queue_show(dbc *db, long long id, FILE *out)
{
    queue_item it;
    int found = queue_get(db, id, &it);
    if (found <= 0) return found < 0 ? -1 : 1;
    item_json(out, &it);
    queue_item_free(&it);
    dbst *st = db_prepare(db, "SELECT at, decision, decided_by, reason FROM queue_decisions"
                                      " WHERE queue_id = ?1 ORDER BY id");
    if (!st) return -1;
    db_bind_int64(st, 1, id);
    fputs(",\"decisions\":[", out);
    int rc;
    for (int k = 0; (rc = db_step(st)) == DB_ROW; k++) {
        const char *keys[] = { "at", "decision", "by", "reason" };
        fputs(k ? ",{" : "{", out);
        for (int i = 0; i < 4; i++) {
            const char *s = (const char *)db_column_text(st, i);
            fprintf(out, "%s\"%s\":", i ? "," : "", keys[i]);
            if (s) json_str(out, s, (size_t)db_column_bytes(st, i));
            else fputs("null", out);
        }
        fputc('}', out);
    }
    fputs("]}\n", out);
    db_finalize(st);
    return rc == DB_DONE ? 0 : -1;
}
