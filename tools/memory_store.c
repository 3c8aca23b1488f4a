/* SPDX-License-Identifier: MIT */
/* memory_store: the memory_blocks component of the tools' database. All of
 * its SQL is here (a later backend replaces this file). */
#include <stdlib.h>
#include <string.h>
#include "memory_store.h"

int mem_init(dbc *db)
{
    return db_migrate(db, "memory_blocks");
}

int mem_get(dbc *db, const char *label, mem_block *b)
{
    memset(b, 0, sizeof *b);
    dbst *st = db_prepare(db, "SELECT label, content, version FROM memory_blocks WHERE label = ?1");
    if (!st) return -1;
    db_bind_text(st, 1, label, -1);
    int rc = db_step(st), found = 0;
    if (rc == DB_ROW) {
        size_t n = (size_t)db_column_bytes(st, 1);
        b->label = strdup((const char *)db_column_text(st, 0));
        b->content = malloc(n + 1);
        if (b->label && b->content) {
            memcpy(b->content, db_column_text(st, 1), n);
            b->content[n] = 0;
            b->len = n;
            b->version = db_column_int(st, 2);
            found = 1;
        } else found = -1;
    } else if (rc != DB_DONE) found = -1;
    if (found < 0) {
        fprintf(stderr, "parlance: database: %s\n", rc == DB_ROW ? "out of memory" : db_errmsg(db));
        mem_block_free(b);
    }
    db_finalize(st);
    return found;
}

void mem_block_free(mem_block *b)
{
    free(b->label);
    free(b->content);
    memset(b, 0, sizeof *b);
}

int mem_create(dbc *db, const char *label, const char *content, size_t len)
{
    /* a label taken is no error (PostgreSQL would abort the caller's
     * transaction on one): nothing inserted says it */
    dbst *st = db_prepare(db, "INSERT INTO memory_blocks (label, content, created_at, updated_at)"
                              " VALUES (?1, ?2, " DB_NOW ", " DB_NOW ") ON CONFLICT (label) DO NOTHING");
    if (!st) return -1;
    db_bind_text(st, 1, label, -1);
    db_bind_text(st, 2, content, (long long)len);
    return db_step_once(db, st) != DB_DONE ? -1 : db_changes(db) ? 0 : 1;
}

/* Copies the block's current content into the versions, replaced by OP. */
static int keep_version(dbc *db, const char *label, const char *op)
{
    dbst *st = db_prepare(db, "INSERT INTO memory_block_versions (label, version, content, replaced_by, replaced_at)"
                                       " SELECT label, version, content, ?2, " DB_NOW " FROM memory_blocks WHERE label = ?1");
    if (!st) return -1;
    db_bind_text(st, 1, label, -1);
    db_bind_text(st, 2, op, -1);
    if (db_step_once(db, st) != DB_DONE) return -1;
    return db_changes(db) ? 0 : 1;
}

int mem_replace(dbc *db, const char *label, const char *content, size_t len, const char *op)
{
    int kept = keep_version(db, label, op);
    if (kept) return kept;
    dbst *st = db_prepare(db, "UPDATE memory_blocks SET content = ?2, version = version + 1,"
                                       " updated_at = " DB_NOW " WHERE label = ?1");
    if (!st) return -1;
    db_bind_text(st, 1, label, -1);
    db_bind_text(st, 2, content, (long long)len);
    return db_step_once(db, st) == DB_DONE ? 0 : -1;
}

int mem_delete(dbc *db, const char *label)
{
    int kept = keep_version(db, label, "delete");
    if (kept) return kept;
    dbst *st = db_prepare(db, "DELETE FROM memory_blocks WHERE label = ?1");
    if (!st) return -1;
    db_bind_text(st, 1, label, -1);
    return db_step_once(db, st) == DB_DONE ? 0 : -1;
}

int mem_each(dbc *db, int (*fn)(void *user, const char *label, const char *content, size_t len), void *user)
{
    dbst *st = db_prepare(db, "SELECT label, content FROM memory_blocks ORDER BY label");
    if (!st) return -1;
    int rc, stop = 0;
    while (!stop && (rc = db_step(st)) == DB_ROW)
        stop = fn(user, (const char *)db_column_text(st, 0), (const char *)db_column_text(st, 1),
                  (size_t)db_column_bytes(st, 1));
    if (!stop && rc != DB_DONE) {
        fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
        stop = -1;
    }
    db_finalize(st);
    return stop;
}
