/* SPDX-License-Identifier: MIT */
/* store_io.h: a whole store as JSON lines (tools/store_io.c), to move it
 * between databases (SQLite <-> PostgreSQL): documents and their versions,
 * the failure log, memory blocks, the approval queue and the outbox, ids
 * and times kept. export | import | export prints the same bytes. */
#ifndef PARL_STORE_IO_H
#define PARL_STORE_IO_H
#include <stdio.h>
#include "db.h"

/* Every row of DB as a line {"table":T,"col":value,...}, after a first line
 * naming the format. 0, or 1 (reported). */
int store_export(dbc *db, FILE *out);
/* Reads what store_export wrote into DB, which must hold none of those rows
 * yet; all or nothing (one transaction). 0, or 1 (reported with the line). */
int store_import(dbc *db, FILE *in);
#endif
