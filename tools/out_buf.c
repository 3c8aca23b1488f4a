/* SPDX-License-Identifier: MIT */
/* out_buf.c: the CLI's buffered output (see out_buf.h). */
#include "out_buf.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

out_buf *out_open(FILE *f)
{
    out_buf *o = malloc(sizeof *o);
    if (!o) { fputs("parlance: out of memory\n", stderr); return NULL; }
    o->f = f;
    o->n = 0;
    o->direct = f == stdout;
    return o;
}

void out_close(out_buf *o)
{
    if (!o) return;
    out_flush(o);
    free(o);
}

/* A block for standard output goes to its descriptor with write(2): fwrite
 * made two system calls of it and a copy (stdio first fills what is left
 * of its own buffer, writes that, then the rest). What stdio still holds
 * goes first. When a write fails (or is cut short) the rest goes through
 * fwrite after all, which fails as it would have and leaves the stream's
 * error for the check at exit (parlance.c), and so do the blocks after. */
void out_flush(out_buf *o)
{
    const char *p = o->b;
    size_t n = o->n;
    o->n = 0;
    if (!n) return;
    if (o->direct) {
        ssize_t k = 0;
        if (fflush(o->f) == 0)
            while (n && (k = write(fileno(o->f), p, n)) > 0) {
                p += k;
                n -= (size_t)k;
            }
        if (!n) return;
        o->direct = 0;
    }
    fwrite(p, 1, n, o->f);
}

void out_put(out_buf *o, const void *s, size_t n)
{
    if (o->n + n > OUT_BUF_CAP) {
        out_flush(o);
        if (n > OUT_BUF_CAP) { fwrite(s, 1, n, o->f); return; }
    }
    memcpy(o->b + o->n, s, n);
    o->n += n;
}

/* Into what is left of the block; else after a flush; a result larger
 * than the block from a block of its own size, known from the first call
 * (a 2 MB code block was escaped five times by the sizing calls). */
int out_json(out_buf *o, json_writer write, const void *arg)
{
    size_t k = write(arg, o->b + o->n, OUT_BUF_CAP - o->n);
    if (k < OUT_BUF_CAP - o->n) { o->n += k; return 0; }
    out_flush(o);
    if (k < OUT_BUF_CAP) { o->n = write(arg, o->b, OUT_BUF_CAP); return 0; }
    return json_print_sized(o->f, write, arg, k + 1);
}
