/* SPDX-License-Identifier: MIT */
/* spill.h: output kept to be written later, in memory up to a limit and in
 * an unlinked temporary file beyond it. `parlance profile` writes its lists
 * while the text is read but prints them after the counts, known only at
 * the end: a small document never touches the disk, a large one holds no
 * more than the limit in memory. What is kept is either the output itself
 * (spill_copy) or fixed-size records to write it from (spill_replay). */
#ifndef PARL_SPILL_H
#define PARL_SPILL_H
#include "out_buf.h"

typedef struct spill spill;

/* A spill keeping up to MEM_MAX bytes in memory, written through an
 * out_buf (spill_out); NULL after saying why. */
spill *spill_open(size_t mem_max);
out_buf *spill_out(spill *s);
/* The same as out_put(spill_out(S), REC, K), straight into the memory
 * while it has room (records of a spill written only this way skip the
 * out_buf's copy). */
void spill_put(spill *s, const void *rec, size_t k);
/* Where the next bytes go straight into the memory, *ROOM of them, or
 * NULL (the memory full, or bytes gathered in the out_buf first); after
 * writing K < *ROOM there, spill_wrote(S, K) keeps them. */
char *spill_room(spill *s, size_t *room);
void spill_wrote(spill *s, size_t k);
/* Writes what went in to O and frees S: 0, or 1 after saying why (a full
 * disk, a temporary directory that cannot be written). */
int spill_copy(spill *s, out_buf *o);
/* Calls FN on the records of SIZE bytes that went in, in order, in runs
 * of N records at RECS (all of them at once when they stayed in memory;
 * a record is never cut between runs), and frees S: 0, FN's first non-zero
 * result, or 1 after saying why the temporary file could not be read. */
int spill_replay(spill *s, size_t size, int (*fn)(const void *recs, size_t n, void *arg), void *arg);
void spill_free(spill *s);
#endif
