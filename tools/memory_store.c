/* SPDX-License-Identifier: MIT */
/* memory_store: the memory_blocks component of the tools' database. All of
 * its SQL is here (a later backend replaces this file). */
#include <stdlib.h>
#include <string.h>
#include "memory_store.h"

#define NOW "strftime('%Y-%m-%dT%H:%M:%fZ','now')"

static const db_migration migrations[] = {
    { 1, "CREATE TABLE memory_blocks ("
         " id INTEGER PRIMARY KEY,"
         " label TEXT NOT NULL UNIQUE,"
         " content TEXT NOT NULL,"
         " version INTEGER NOT NULL DEFAULT 1,"
         " created_at TEXT NOT NULL,"
         " updated_at TEXT NOT NULL);"
         "CREATE TABLE memory_block_versions ("
         " id INTEGER PRIMARY KEY,"
         " label TEXT NOT NULL,"                 /* kept after the block is deleted */
         " version INTEGER NOT NULL,"
         " content TEXT NOT NULL,"
         " replaced_by TEXT NOT NULL,"           /* append, patch, delete */
         " replaced_at TEXT NOT NULL);"
         "CREATE INDEX memory_block_versions_label ON memory_block_versions (label, version);" },
};

int mem_init(sqlite3 *db)
{
    return db_migrate(db, "memory_blocks", migrations, sizeof migrations / sizeof migrations[0]);
}

int mem_get(sqlite3 *db, const char *label, mem_block *b)
{
    memset(b, 0, sizeof *b);
    sqlite3_stmt *st = db_prepare(db, "SELECT label, content, version FROM memory_blocks WHERE label = ?1");
    if (!st) return -1;
    sqlite3_bind_text(st, 1, label, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st), found = 0;
    if (rc == SQLITE_ROW) {
        size_t n = (size_t)sqlite3_column_bytes(st, 1);
        b->label = strdup((const char *)sqlite3_column_text(st, 0));
        b->content = malloc(n + 1);
        if (b->label && b->content) {
            memcpy(b->content, sqlite3_column_text(st, 1), n);
            b->content[n] = 0;
            b->len = n;
            b->version = sqlite3_column_int(st, 2);
            found = 1;
        } else found = -1;
    } else if (rc != SQLITE_DONE) found = -1;
    if (found < 0) {
        fprintf(stderr, "parlance: database: %s\n", rc == SQLITE_ROW ? "out of memory" : sqlite3_errmsg(db));
        mem_block_free(b);
    }
    sqlite3_finalize(st);
    return found;
}

void mem_block_free(mem_block *b)
{
    free(b->label);
    free(b->content);
    memset(b, 0, sizeof *b);
}

int mem_create(sqlite3 *db, const char *label, const char *content, size_t len)
{
    sqlite3_stmt *st = db_prepare(db, "INSERT INTO memory_blocks (label, content, created_at, updated_at)"
                                       " VALUES (?1, ?2, " NOW ", " NOW ")");
    if (!st) return -1;
    sqlite3_bind_text(st, 1, label, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, content, (int)len, SQLITE_TRANSIENT);
    int rc = db_step_once(db, st);
    return rc == SQLITE_DONE ? 0 : rc == SQLITE_CONSTRAINT ? 1 : -1;
}

/* Copies the block's current content into the versions, replaced by OP. */
static int keep_version(sqlite3 *db, const char *label, const char *op)
{
    sqlite3_stmt *st = db_prepare(db, "INSERT INTO memory_block_versions (label, version, content, replaced_by, replaced_at)"
                                       " SELECT label, version, content, ?2, " NOW " FROM memory_blocks WHERE label = ?1");
    if (!st) return -1;
    sqlite3_bind_text(st, 1, label, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, op, -1, SQLITE_TRANSIENT);
    if (db_step_once(db, st) != SQLITE_DONE) return -1;
    return sqlite3_changes(db) ? 0 : 1;
}

int mem_replace(sqlite3 *db, const char *label, const char *content, size_t len, const char *op)
{
    int kept = keep_version(db, label, op);
    if (kept) return kept;
    sqlite3_stmt *st = db_prepare(db, "UPDATE memory_blocks SET content = ?2, version = version + 1,"
                                       " updated_at = " NOW " WHERE label = ?1");
    if (!st) return -1;
    sqlite3_bind_text(st, 1, label, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, content, (int)len, SQLITE_TRANSIENT);
    return db_step_once(db, st) == SQLITE_DONE ? 0 : -1;
}

int mem_delete(sqlite3 *db, const char *label)
{
    int kept = keep_version(db, label, "delete");
    if (kept) return kept;
    sqlite3_stmt *st = db_prepare(db, "DELETE FROM memory_blocks WHERE label = ?1");
    if (!st) return -1;
    sqlite3_bind_text(st, 1, label, -1, SQLITE_TRANSIENT);
    return db_step_once(db, st) == SQLITE_DONE ? 0 : -1;
}

int mem_each(sqlite3 *db, int (*fn)(void *user, const char *label, const char *content, size_t len), void *user)
{
    sqlite3_stmt *st = db_prepare(db, "SELECT label, content FROM memory_blocks ORDER BY label");
    if (!st) return -1;
    int rc, stop = 0;
    while (!stop && (rc = sqlite3_step(st)) == SQLITE_ROW)
        stop = fn(user, (const char *)sqlite3_column_text(st, 0), (const char *)sqlite3_column_text(st, 1),
                  (size_t)sqlite3_column_bytes(st, 1));
    if (!stop && rc != SQLITE_DONE) {
        fprintf(stderr, "parlance: database: %s\n", sqlite3_errmsg(db));
        stop = -1;
    }
    sqlite3_finalize(st);
    return stop;
}
