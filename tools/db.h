/* SPDX-License-Identifier: MIT */
/* db.h: the tools' SQLite file (tools/db.c): opening and per-component
 * migrations. Components (the parse-failure log, ...) bring their tables. */
#ifndef PARL_DB_H
#define PARL_DB_H
#include <stdio.h>
#include <sqlite3.h>

/* The database path: OPT, $PARLANCE_DB, $XDG_DATA_HOME/parlance/parlance.db
 * or ~/.local/share/parlance/parlance.db, written into BUF. */
const char *db_path(const char *opt, char *buf, size_t n);
/* Opens (creating directories and the file), WAL mode. NULL (reported) on
 * failure. */
sqlite3 *db_open(const char *opt);
/* The same, but only when the file exists already: NULL, silently, when it
 * does not (commands that merely look things up create no database). */
sqlite3 *db_open_existing(const char *opt);
/* The same, silent also when it cannot be written: for work that may be
 * skipped (saving a profile computed by a reader). */
sqlite3 *db_open_writable(const char *opt);
/* Read-only, for commands that only read: NULL, silently, when the file
 * does not exist; nothing is created or changed, and a database without
 * write access (file or directory) is read. Components are not migrated:
 * see db_migrated(). */
sqlite3 *db_open_read(const char *opt);
/* Runs SQL; 0, or 1 after printing the error. */
int db_exec(sqlite3 *db, const char *sql);

/* A component's schema: migrations in version order; each is applied once
 * and recorded in schema_migrations (component, version), which is made
 * when missing. Idempotent. */
typedef struct {
    int version;
    const char *sql;
} db_migration;
int db_migrate(sqlite3 *db, const char *component, const db_migration *m, int n);
/* Are a component's N migrations all applied? 1; 0 when none is (its tables
 * are not there: nothing stored yet); -1 when only some are, or on error
 * (reported). For readers, which migrate nothing. */
int db_migrated(sqlite3 *db, const char *component, const db_migration *m, int n);

/* A prepared statement, or NULL after printing the error. */
sqlite3_stmt *db_prepare(sqlite3 *db, const char *sql);
/* Steps ST once and finalizes it; the sqlite3_step code (errors other than
 * a constraint printed). */
int db_step_once(sqlite3 *db, sqlite3_stmt *st);
/* Binds S to parameter I, or NULL when S is NULL. */
void db_bind_text_or_null(sqlite3_stmt *st, int i, const char *s);
/* The first column of every row ST selects, as a heap array of *N (ST is
 * finalized); NULL after printing the error. */
long long *db_select_ids(sqlite3 *db, sqlite3_stmt *st, size_t *n);

#endif
