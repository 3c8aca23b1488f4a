/* SPDX-License-Identifier: MIT */
/* store: the document store's tables and queries (see store.h).
 *
 * The profile is kept as the JSON `parlance profile --no-sentences` prints.
 * The fields the inventory and backfill read are columns of their own,
 * written in the same statement from the same analysis as that JSON: list
 * parses no JSON, and no write makes SQLite parse it either (a document with
 * many paragraphs has a large profile, and SQLite's JSON functions take many
 * times its size in memory). */
#include <stdlib.h>
#include <string.h>
#include "store.h"



int store_init(dbc *db)
{
    return db_migrate(db, "documents");
}

int store_ready(dbc *db)
{
    return db_migrated(db, "documents");
}

/* ------------------------------------------------------------ helpers */

static dbst *prepare(dbc *db, const char *sql)
{
    return db_prepare(db, sql);
}

/* Steps ST to its end and finalizes it: 0, or -1 after printing the error. */
static int finish(dbc *db, dbst *st)
{
    int rc = db_step(st);
    if (rc != DB_DONE && rc != DB_ROW) fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
    db_finalize(st);
    return rc == DB_DONE || rc == DB_ROW ? 0 : -1;
}

/* A transaction of our own (db_begin: SQLite takes the write lock up
 * front, so a concurrent writer waits instead of failing half-way), or a
 * savepoint when the caller already has one open (bulk loads batching
 * documents). */
static int tx_begin(dbc *db, int *own)
{
    *own = !db_in_tx(db);
    return *own ? db_begin(db) : db_exec(db, "SAVEPOINT store_put");
}

/* Inside the transaction: writers of NAME wait for each other (PostgreSQL
 * lets writers of other names go on; SQLite's write lock has them all). */
static int lock_name(dbc *db, const char *name)
{
    dbst *st = db_prepare(db, db->sql->lock_name);
    if (!st) return -1;
    db_bind_text(st, 1, name, -1);
    return db_step_once(db, st) == DB_ERROR ? -1 : 0;
}

static int tx_end(dbc *db, int own, int ok)
{
    if (ok) return db_exec(db, own ? "COMMIT" : "RELEASE store_put") ? (tx_end(db, own, 0), 1) : 0;
    db_exec_quiet(db, own ? "ROLLBACK" : "ROLLBACK TO store_put; RELEASE store_put");
    return 1;
}

/* Parameters ?6 to ?14: the profile and the fields read from it. */
static void bind_profile(dbst *st, const char *text, const doc_profile *dp)
{
    if (!dp) {
        for (int i = 6; i <= 14; i++) db_bind_null(st, i);
        return;
    }
    const parl_profile *p = &dp->p;
    db_bind_static(st, 6, dp->json, dp->len);
    db_bind_int64(st, 7, p->profile_version);
    db_bind_text(st, 8, p->analyzed_at, -1);
    db_bind_int64(st, 9, p->word_count);
    db_bind_int64(st, 10, p->paragraph_count);
    db_bind_int64(st, 11, p->sentence_count);
    db_bind_int64(st, 12, p->non_empty_line_count);
    db_bind_text(st, 13, text + p->first_line.off, (int)p->first_line.len);
    db_bind_text(st, 14, text + p->last_line.off, (int)p->last_line.len);
}

/* Parameters ?2 to ?14: the document. */
static void bind_doc(dbst *st, const store_doc *d)
{
    db_bind_static(st, 2, d->content, d->len);
    db_bind_text(st, 3, d->sha256, 64);
    db_bind_int64(st, 4, d->len);
    db_bind_text(st, 5, d->mime, -1);
    bind_profile(st, d->content, d->profile);
}

/* ------------------------------------------------------------ writing */

static const char *const sql_find = "SELECT id, sha256 FROM documents WHERE name = ?1";
static const char *const sql_keep =
    "INSERT INTO document_versions (document_id, content, sha256, byte_size, mime, profile, created_at, replaced_at)"
    " SELECT id, content, sha256, byte_size, mime, profile, updated_at, " DB_NOW " FROM documents WHERE id = ?1";
#define SET_PROFILE "profile = ?6, profile_version = ?7, analyzed_at = ?8, word_count = ?9," \
    " paragraph_count = ?10, sentence_count = ?11, line_count = ?12, first_line = ?13, last_line = ?14"
static const char *const sql_update =
    "UPDATE documents SET content = ?2, sha256 = ?3, byte_size = ?4, mime = ?5, " SET_PROFILE ","
    " updated_at = " DB_NOW " WHERE id = ?1";
static const char *const sql_insert =
    "INSERT INTO documents (name, content, sha256, byte_size, mime, profile, profile_version, analyzed_at,"
    " word_count, paragraph_count, sentence_count, line_count, first_line, last_line, created_at, updated_at)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, " DB_NOW ", " DB_NOW ")";

/* Inside the transaction: the current id and SHA-256 of D's name. */
static int find(dbc *db, const char *name, long long *id, char sha[65])
{
    dbst *st = prepare(db, sql_find);
    if (!st) return -1;
    db_bind_text(st, 1, name, -1);
    int rc = db_step(st), found = rc == DB_ROW;
    if (found) {
        *id = db_column_int64(st, 0);
        snprintf(sha, 65, "%s", (const char *)db_column_text(st, 1));
    } else if (rc != DB_DONE) {
        fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
        found = -1;
    }
    db_finalize(st);
    return found;
}

static int replace(dbc *db, long long id, const store_doc *d)
{
    dbst *keep = prepare(db, sql_keep), *up = keep ? prepare(db, sql_update) : NULL;
    if (!up) { db_finalize(keep); return -1; }
    db_bind_int64(keep, 1, id);
    db_bind_int64(up, 1, id);
    bind_doc(up, d);
    int rc = finish(db, keep);
    if (rc) db_finalize(up);
    return rc ? rc : finish(db, up);
}

static int insert(dbc *db, const store_doc *d)
{
    dbst *st = prepare(db, sql_insert);
    if (!st) return -1;
    db_bind_text(st, 1, d->name, -1);
    bind_doc(st, d);
    return finish(db, st);
}

long long store_limit(dbc *db)
{
    return db_limit(db);
}

const doc_profile *store_profile_fits(dbc *db, const store_doc *d, const doc_profile *dp)
{
    long long limit = store_limit(db);
    if ((long long)dp->len <= limit || (long long)d->len > limit) return dp;
    fprintf(stderr, "parlance: warning: %s: its profile (%zu bytes of JSON) is larger than the store takes"
                    " (%lld bytes); stored without a profile (ask computes one each time)\n", d->name, dp->len, limit);
    return NULL;
}

store_status store_put(dbc *db, const store_doc *d)
{
    long long limit = store_limit(db);
    if ((long long)d->len > limit) {
        fprintf(stderr, "parlance: %s: too large for the store (%zu bytes; %s's limit is %lld)\n",
                d->name, d->len, db_backend(db), limit);
        return STORE_FAILED;
    }
    if (d->profile && (long long)d->profile->len > limit) {
        fprintf(stderr, "parlance: %s: its profile is too large for the store (%zu bytes of JSON; %s's"
                        " limit is %lld)\n", d->name, d->profile->len, db_backend(db), limit);
        return STORE_FAILED;
    }
    int own;
    if (tx_begin(db, &own)) return STORE_FAILED;
    long long id = 0;
    char sha[65];
    int found = lock_name(db, d->name) ? -1 : find(db, d->name, &id, sha);
    store_status s = found < 0 ? STORE_FAILED
                   : found && !strcmp(sha, d->sha256) ? STORE_UNCHANGED
                   : found ? (replace(db, id, d) ? STORE_FAILED : STORE_REPLACED)
                   : (insert(db, d) ? STORE_FAILED : STORE_ADDED);
    if (tx_end(db, own, s != STORE_FAILED)) return STORE_FAILED;
    return s;
}

int store_sha(dbc *db, const char *name, char sha[65])
{
    long long id;
    return find(db, name, &id, sha);
}

int store_set_profile(dbc *db, long long id, const char *sha, const char *text, const doc_profile *dp)
{
    if ((long long)dp->len > store_limit(db)) {
        fprintf(stderr, "parlance: the profile is too large for the store (%zu bytes of JSON; %s's limit is"
                        " %lld)\n", dp->len, db_backend(db), store_limit(db));
        return -1;
    }
    dbst *st = prepare(db, "UPDATE documents SET " SET_PROFILE " WHERE id = ?1 AND sha256 = ?3");
    if (!st) return -1;
    db_bind_int64(st, 1, id);
    db_bind_text(st, 3, sha, -1);
    bind_profile(st, text, dp);
    if (finish(db, st)) return -1;
    return db_changes(db) == 1;
}

/* Inside the transaction: removes NAME, counting its old versions. */
static int remove_one(dbc *db, const char *name, int *versions)
{
    dbst *st = prepare(db, "SELECT id, (SELECT count(*) FROM document_versions WHERE document_id = d.id)"
                                   " FROM documents d WHERE name = ?1");
    if (!st) return -1;
    db_bind_text(st, 1, name, -1);
    int rc = db_step(st);
    long long id = rc == DB_ROW ? db_column_int64(st, 0) : 0;
    if (rc == DB_ROW) *versions = db_column_int(st, 1);
    if (finish(db, st) || rc != DB_ROW) return rc == DB_DONE ? 1 : -1;
    if (!(st = prepare(db, "DELETE FROM documents WHERE id = ?1"))) return -1;
    db_bind_int64(st, 1, id);
    return finish(db, st);
}

int store_remove(dbc *db, char *const *names, int n, int *versions, int *missing)
{
    int own, rc = 0;
    if (tx_begin(db, &own)) return -1;
    for (int i = 0; i < n && !rc; i++) {
        versions[i] = 0;
        int dup = 0;
        for (int k = 0; k < i && !dup; k++) dup = !strcmp(names[k], names[i]);
        if (!dup && (rc = lock_name(db, names[i]) ? -1 : remove_one(db, names[i], &versions[i])) == 1) *missing = i;
    }
    if (tx_end(db, own, rc == 0)) return rc ? rc : -1;
    return 0;
}

/* ------------------------------------------------------------ reading */

static char *column_copy(dbst *st, int i, size_t *len)
{
    const char *s = db_column_text(st, i);
    size_t n = (size_t)db_column_bytes(st, i);
    if (len) *len = n;
    if (!s) return NULL;
    char *c = malloc(n + 1);
    if (c) { memcpy(c, s, n); c[n] = 0; }
    return c;
}

static int get_row(dbc *db, dbst *st, store_row *r)
{
    memset(r, 0, sizeof *r);
    int rc = db_step(st);
    if (rc == DB_ROW) {
        r->id = db_column_int64(st, 0);
        r->name = column_copy(st, 1, NULL);
        r->content = column_copy(st, 2, &r->len);
        r->mime = column_copy(st, 4, NULL);
        r->profile = column_copy(st, 5, NULL);
        r->profile_version = db_column_int(st, 6);
        snprintf(r->sha256, sizeof r->sha256, "%s", (const char *)db_column_text(st, 3));
        if (!r->name || !r->content || !r->mime || (!r->profile && !db_column_null(st, 5))) {
            fputs("parlance: out of memory\n", stderr);
            store_row_free(r);
            rc = DB_ERROR;
        }
    } else if (rc != DB_DONE) fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
    db_finalize(st);
    return rc == DB_ROW ? 1 : rc == DB_DONE ? 0 : -1;
}

#define ROW_COLUMNS "SELECT id, name, content, sha256, mime, profile, coalesce(profile_version, 0) FROM documents"

int store_get(dbc *db, const char *name, store_row *r)
{
    dbst *st = prepare(db, ROW_COLUMNS " WHERE name = ?1");
    if (!st) return -1;
    db_bind_text(st, 1, name, -1);
    return get_row(db, st, r);
}

int store_get_id(dbc *db, long long id, store_row *r)
{
    dbst *st = prepare(db, ROW_COLUMNS " WHERE id = ?1");
    if (!st) return -1;
    db_bind_int64(st, 1, id);
    return get_row(db, st, r);
}

void store_row_free(store_row *r)
{
    free(r->name);
    free(r->content);
    free(r->mime);
    free(r->profile);
    memset(r, 0, sizeof *r);
}

long long *store_stale(dbc *db, int version, size_t *n)
{
    dbst *st = prepare(db, "SELECT id FROM documents WHERE profile_version IS NULL OR profile_version < ?1"
                                   " ORDER BY id");
    if (!st) return NULL;
    db_bind_int64(st, 1, version);
    return db_select_ids(db, st, n);
}

long long *store_ids(dbc *db, size_t *n)
{
    dbst *st = prepare(db, "SELECT id FROM documents ORDER BY name");
    return st ? db_select_ids(db, st, n) : NULL;
}

/* ------------------------------------------------------------ inventory */

/* The seed's provider lines: counts and first/last line from the profile,
 * or the size in KB (rounded as Math.round(byteSize / 1024)) without one. */
static void list_line(FILE *out, dbst *st)
{
    const char *name = (const char *)db_column_text(st, 0);
    if (db_column_null(st, 8)) {   /* profile_version: NULL exactly when profile is */
        long long kb = (db_column_int64(st, 1) + 512) / 1024;
        fputs("- ", out);
        text_out(out, name, strlen(name));
        fprintf(out, " (%lldKB, no profile available)\n", kb);
        return;
    }
    fputs("- ", out);
    text_out(out, name, strlen(name));
    fprintf(out, " | %lld words, %lld paragraphs, %lld sentences, %lld lines\n  First: \"",
            db_column_int64(st, 2), db_column_int64(st, 3), db_column_int64(st, 4),
            db_column_int64(st, 5));
    text_out(out, (const char *)db_column_text(st, 6), (size_t)db_column_bytes(st, 6));
    fputs("\"\n  Last: \"", out);
    text_out(out, (const char *)db_column_text(st, 7), (size_t)db_column_bytes(st, 7));
    fputs("\"\n", out);
}

static const char *const sql_list_text =
    "SELECT name, byte_size, word_count, paragraph_count, sentence_count, line_count,"
    " coalesce(first_line, ''), coalesce(last_line, ''), profile_version FROM documents ORDER BY name";
/* The profile's summary fields, not the whole profile (`parlance show`
 * prints that), as JSON written here (both backends give the same bytes). */
static const char *const sql_list_json =
    "SELECT name, byte_size, word_count, paragraph_count, sentence_count, line_count, first_line, last_line,"
    " profile_version, mime, sha256, created_at, updated_at, analyzed_at,"
    " (SELECT count(*) FROM document_versions v WHERE v.document_id = d.id)"
    " FROM documents d ORDER BY name";

static void json_field(FILE *out, const char *key, dbst *st, int i)
{
    fprintf(out, ",\"%s\":", key);
    json_str(out, db_column_text(st, i), (size_t)db_column_bytes(st, i));
}

static void list_json(FILE *out, dbst *st)
{
    fputs("{\"name\":", out);
    json_str(out, db_column_text(st, 0), (size_t)db_column_bytes(st, 0));
    json_field(out, "mime", st, 9);
    fprintf(out, ",\"byteSize\":%lld", db_column_int64(st, 1));
    json_field(out, "sha256", st, 10);
    json_field(out, "createdAt", st, 11);
    json_field(out, "updatedAt", st, 12);
    fprintf(out, ",\"olderVersions\":%lld,\"profile\":", db_column_int64(st, 14));
    if (db_column_null(st, 8)) { fputs("null}", out); return; }
    fprintf(out, "{\"profileVersion\":%lld", db_column_int64(st, 8));
    json_field(out, "analyzedAt", st, 13);
    fprintf(out, ",\"wordCount\":%lld,\"paragraphCount\":%lld,\"sentenceCount\":%lld,\"nonEmptyLineCount\":%lld",
            db_column_int64(st, 2), db_column_int64(st, 3), db_column_int64(st, 4), db_column_int64(st, 5));
    json_field(out, "firstLine", st, 6);
    json_field(out, "lastLine", st, 7);
    fputs("}}", out);
}

int store_list(dbc *db, FILE *out, int json)
{
    dbst *st = prepare(db, json ? sql_list_json : sql_list_text);
    if (!st) return 1;
    int rc, n = 0;
    if (json) fputc('[', out);
    for (; (rc = db_step(st)) == DB_ROW; n++) {
        if (!json) { list_line(out, st); continue; }
        fputs(n ? ",\n" : "\n", out);
        list_json(out, st);
    }
    if (json) fputs(n ? "\n]\n" : "]\n", out);
    if (rc != DB_DONE) fprintf(stderr, "parlance: database: %s\n", db_errmsg(db));
    db_finalize(st);
    return rc != DB_DONE;
}
