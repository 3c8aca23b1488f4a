/* SPDX-License-Identifier: MIT */
/* schema_sqlite: the SQL of the SQLite backend that is its own: every
 * component's tables (the migrations, in version order per component) and
 * how a writer starts. The components' queries are in their files. */
#include "db.h"

static const db_migration sqlite_migrations[] = {
    /* store.c */
    { "documents", 1, "CREATE TABLE documents ("
         " id INTEGER PRIMARY KEY,"
         " name TEXT NOT NULL UNIQUE,"
         " content TEXT NOT NULL,"
         " sha256 TEXT NOT NULL CHECK (length(sha256) = 64),"
         " byte_size INTEGER NOT NULL CHECK (byte_size = length(CAST(content AS BLOB))),"
         " mime TEXT NOT NULL,"
         " profile TEXT,"                        /* JSON, NULL until profiled */
         " profile_version INTEGER,"             /* profileVersion, wordCount, ... of the profile */
         " analyzed_at TEXT,"
         " word_count INTEGER,"
         " paragraph_count INTEGER,"
         " sentence_count INTEGER,"
         " line_count INTEGER,"                  /* nonEmptyLineCount, as the seed lists it */
         " first_line TEXT,"
         " last_line TEXT,"
         " created_at TEXT NOT NULL,"            /* first added */
         " updated_at TEXT NOT NULL,"            /* this content stored */
         " CHECK ((profile IS NULL) = (profile_version IS NULL)));"
         "CREATE INDEX documents_sha256 ON documents (sha256);"
         "CREATE INDEX documents_profile_version ON documents (profile_version);"
         "CREATE TABLE document_versions ("
         " id INTEGER PRIMARY KEY,"
         " document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,"
         " content TEXT NOT NULL,"
         " sha256 TEXT NOT NULL,"
         " byte_size INTEGER NOT NULL,"
         " mime TEXT NOT NULL,"
         " profile TEXT,"
         " created_at TEXT NOT NULL,"            /* when this content was stored */
         " replaced_at TEXT NOT NULL);"
         "CREATE INDEX document_versions_document ON document_versions (document_id, id);" },
    /* failure_log.c */
    { "parse_failures", 1, "CREATE TABLE parse_failures ("
         " id INTEGER PRIMARY KEY,"
         " created_at INTEGER NOT NULL,"          /* unix seconds, UTC */
         " agent TEXT NOT NULL DEFAULT '',"
         " model TEXT NOT NULL DEFAULT '',"
         " session TEXT,"
         " raw_input TEXT NOT NULL,"              /* the action as written */
         " failure_type TEXT NOT NULL,"           /* unknown_verb, missing_arg, ... */
         " verb TEXT,"                            /* the verb it matched, if any */
         " attempted TEXT,"                       /* unknown word, modifier, missing argument */
         " details TEXT);"                        /* the hint as JSON */
         "CREATE INDEX parse_failures_type_time ON parse_failures (failure_type, created_at);"
         "CREATE INDEX parse_failures_model ON parse_failures (model, created_at);" },
    /* memory_store.c */
    { "memory_blocks", 1, "CREATE TABLE memory_blocks ("
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
    /* outbox_store.c */
    { "outbox", 1, "CREATE TABLE outbox ("
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
    /* queue_store.c */
    { "action_queue", 1, "CREATE TABLE action_queue ("
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

const db_dialect db_dialect_sqlite = {
    .migrations_table = "CREATE TABLE IF NOT EXISTS schema_migrations ("
                        " component TEXT NOT NULL,"
                        " version INTEGER NOT NULL,"
                        " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ','now')),"
                        " PRIMARY KEY (component, version))",
    .has_migrations = "SELECT 1 FROM sqlite_master WHERE name = 'schema_migrations'",
    /* the write lock up front: a concurrent writer waits instead of failing half-way */
    .begin_write = "BEGIN IMMEDIATE",
    .claim = "",   /* the write transaction has the whole file */
    .lock_name = "SELECT ?1",
    .after_import = NULL,   /* INTEGER PRIMARY KEY goes on from the largest */
    .migrations = sqlite_migrations,
    .nmigrations = sizeof sqlite_migrations / sizeof sqlite_migrations[0],
};
