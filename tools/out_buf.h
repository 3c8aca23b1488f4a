/* SPDX-License-Identifier: MIT */
/* out_buf.h: output gathered in one large block and written with fwrite
 * when full: a stdio call per word, line or sentence cost as much as the
 * work that made it (split, infer --batch). Write errors stay in the FILE's
 * error flag, which every command checks at exit. */
#ifndef PARL_OUT_BUF_H
#define PARL_OUT_BUF_H
#include "cli.h"

#define OUT_BUF_CAP (1u << 16)

typedef struct out_buf {
    FILE *f;
    size_t n;
    int direct;   /* blocks go to F's descriptor with write(2) (standard output) */
    char b[OUT_BUF_CAP];
} out_buf;

out_buf *out_open(FILE *f);          /* NULL (said) when out of memory */
void out_close(out_buf *o);          /* flushes and frees */
void out_flush(out_buf *o);
void out_put(out_buf *o, const void *s, size_t n);
/* What WRITE makes (json_writer: returns the size it needs), written in
 * one call when it fits in what is left of the block. Returns 1 when out
 * of memory (said), else 0. */
int out_json(out_buf *o, json_writer write, const void *arg);
#endif
