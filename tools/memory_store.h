/* SPDX-License-Identifier: MIT */
/* memory_store.h: memory blocks, the agent's archival memory that /recall
 * reads and writes (tools/memory_store.c holds all of its SQL). A block is
 * a label and its text; every change keeps the replaced text in
 * memory_block_versions, as documents keep theirs. Writes run in the
 * caller's transaction. */
#ifndef PARL_MEMORY_STORE_H
#define PARL_MEMORY_STORE_H
#include <stddef.h>
#include "db.h"

int mem_init(dbc *db);   /* its migrations */

typedef struct mem_block {
    char *label, *content;   /* heap copies: mem_block_free() */
    size_t len;
    int version;             /* 1 when created, +1 per change */
} mem_block;

/* 1 and *B, 0 when there is no such block, -1 on error (reported). */
int mem_get(dbc *db, const char *label, mem_block *b);
void mem_block_free(mem_block *b);
/* A new block: 0, 1 when the label is taken, -1 on error. */
int mem_create(dbc *db, const char *label, const char *content, size_t len);
/* New content for a block, the old one kept as a version replaced by OP
 * ("append", "patch"): 0, 1 when there is no such block, -1 on error. */
int mem_replace(dbc *db, const char *label, const char *content, size_t len, const char *op);
/* Removes a block (its last content kept as a version): 0, 1 none, -1. */
int mem_delete(dbc *db, const char *label);
/* Calls FN on every block, by label, until it returns non-zero (returned). */
int mem_each(dbc *db, int (*fn)(void *user, const char *label, const char *content, size_t len),
             void *user);
#endif
