/* SPDX-License-Identifier: MIT */
/* store.h: the document store (tools/store.c, tools/doc_type.c), a component
 * of the tools' database (tools/db.h). Documents are kept by name with their
 * content, SHA-256, size, MIME type and profile JSON; a replaced version
 * moves to document_versions. Every write is one transaction, so a reader
 * sees a document whole (content and profile together) or not at all. */
#ifndef PARL_STORE_H
#define PARL_STORE_H
#include "cli.h"
#include "db.h"

int store_init(dbc *db);   /* its migrations */
int store_ready(dbc *db);  /* for readers: db_migrated() of its tables */

/* What a document is: its MIME type from NAME's extension or a sniff of
 * TEXT, or NULL with the reason in WHY (empty, binary, not UTF-8). */
const char *doc_type(const char *name, const char *text, size_t len, char *why, size_t n);
/* Why TEXT is no text (a binary format's signature, a NUL byte, control
 * bytes), in WHY ("is a PDF document, not text"); NULL when it is text.
 * add (through doc_type) and ask refuse the same files by it. */
const char *doc_binary(const char *text, size_t len, char *why, size_t n);
/* Why TEXT is not UTF-8 (the first bad byte, its offset and line), or NULL. */
const char *doc_not_utf8(const char *text, size_t len, char *why, size_t n);
/* NULL when NAME can name a document, else what is wrong with it. */
const char *doc_name_problem(const char *name);

typedef struct store_doc {
    const char *name;
    const char *content;
    size_t len;
    const char *mime;
    char sha256[65];
    const doc_profile *profile;   /* NULL: stored without a profile */
} store_doc;

typedef enum { STORE_FAILED = -1, STORE_ADDED, STORE_UNCHANGED, STORE_REPLACED } store_status;

/* The largest content or profile the store takes, in bytes (SQLite's
 * length limit). */
long long store_limit(dbc *db);
/* DP, the profile of D, or NULL when it is larger than the store takes
 * (said; D is then stored without one, and a file of 500 MB whose profile
 * JSON is 1.1 GB is not refused for the size of its profile). */
const doc_profile *store_profile_fits(dbc *db, const store_doc *d, const doc_profile *dp);
/* Stores D under its name: new (ADDED), same SHA-256 (UNCHANGED, nothing
 * written) or new content (REPLACED: the old version moves to
 * document_versions). One transaction, or a savepoint inside the caller's. */
store_status store_put(dbc *db, const store_doc *d);
/* The SHA-256 stored for NAME: 1, 0 when there is none, -1 on error. */
int store_sha(dbc *db, const char *name, char sha[65]);

/* One stored document, read by one statement (content and profile of the
 * same version). Strings are heap copies: store_row_free(). */
typedef struct store_row {
    long long id;
    char *name, *content, *mime, *profile;
    size_t len;
    char sha256[65];
    int profile_version;   /* 0 without a profile */
} store_row;
int store_get(dbc *db, const char *name, store_row *r);   /* 1, 0 none, -1 error */
int store_get_id(dbc *db, long long id, store_row *r);
void store_row_free(store_row *r);

/* Saves PROFILE for document ID if its content is still SHA: 1, 0 when it
 * was replaced or removed meanwhile, -1 on error. */
int store_set_profile(dbc *db, long long id, const char *sha, const char *text, const doc_profile *dp);
/* Ids (ascending, heap array of *N) of the documents whose profile is
 * missing or older than VERSION; NULL on error. */
long long *store_stale(dbc *db, int version, size_t *n);
/* Ids of every document, by name (heap array of *N); NULL on error. */
long long *store_ids(dbc *db, size_t *n);
/* Removes the N documents named and their old versions, all or none.
 * VERSIONS[i] gets how many old versions went with NAMES[i]. Returns 0; 1
 * with *MISSING the index of a name not stored (nothing removed); -1. */
int store_remove(dbc *db, char *const *names, int n, int *versions, int *missing);
/* For `parlance ask NAME`: NAME in the store at DBOPT (--db, else
 * $PARLANCE_DB, else XDG), which is never created here. 1 with the document
 * in *R, its profile computed and saved first when missing or old; 0 when
 * there is no such document (or no store); -1 on error (reported).
 * (tools/cli_store.c) */
int store_lookup(const char *dbopt, const char *name, store_row *r);
/* The inventory, by name: the seed's provider lines, or a JSON array. */
int store_list(dbc *db, FILE *out, int json);
#endif
