/* SPDX-License-Identifier: MIT */
/* spill.c: see spill.h. The out_buf writes into a stdio stream of our own
 * (fopencookie) whose writes go to memory until the limit, then to the
 * temporary file with the memory's bytes first. */
#include "spill.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

struct spill {
    char *mem;      /* MAX bytes reserved at the first write, touched as they fill */
    size_t n, max;
    FILE *tmp;      /* NULL until the memory is full */
    int err;        /* errno of the first failure */
    out_buf *o;
};

static int to_tmp(spill *s)
{
    if (!(s->tmp = tmpfile())) return s->err = errno, -1;
    if (s->n && fwrite(s->mem, 1, s->n, s->tmp) != s->n) return s->err = errno, -1;
    if (s->mem) munmap(s->mem, s->max);
    s->mem = NULL;
    s->n = 0;
    return 0;
}

/* The memory reserved whole rather than grown by doubling: a realloc chain
 * copied 16 MB of records for a 25 MB text; untouched pages cost nothing.
 * No huge pages: asked for, each first touch zeroes 2 MB (a 50 KB text's
 * profile took 1.45 ms instead of 1.09, and 6.1 MB of memory instead of
 * 2.3), and where the kernel must compact memory to find them (as after
 * another large program) the 25 MB fortunes took 95 ms instead of 80. */
static int reserve(spill *s)
{
    void *m = mmap(NULL, s->max, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return s->err = ENOMEM, -1;
    s->mem = m;
    return 0;
}

static ssize_t spill_write(void *cookie, const char *buf, size_t k)
{
    spill *s = cookie;
    if (s->err) return -1;
    if (!s->tmp && s->n + k > s->max && to_tmp(s)) return -1;
    if (s->tmp) return fwrite(buf, 1, k, s->tmp) == k ? (ssize_t)k : (s->err = errno, -1);
    if (!s->mem && reserve(s)) return -1;
    memcpy(s->mem + s->n, buf, k);
    s->n += k;
    return (ssize_t)k;
}

void spill_put(spill *s, const void *rec, size_t k)
{
    if (!s->tmp && !s->o->n && !s->err && k <= s->max - s->n && (s->mem || !reserve(s))) {
        memcpy(s->mem + s->n, rec, k);   /* straight into the memory */
        s->n += k;
    } else {
        out_put(s->o, rec, k);
    }
}

char *spill_room(spill *s, size_t *room)
{
    if (s->tmp || s->o->n || s->err || (!s->mem && reserve(s))) return NULL;
    *room = s->max - s->n;
    return s->mem + s->n;
}

void spill_wrote(spill *s, size_t k) { s->n += k; }

spill *spill_open(size_t mem_max)
{
    spill *s = calloc(1, sizeof *s);
    cookie_io_functions_t io = { .write = spill_write };
    FILE *f = s ? fopencookie(s, "w", io) : NULL;
    if (f) setvbuf(f, NULL, _IONBF, 0);   /* the out_buf gathers */
    if (!f || !(s->o = out_open(f))) {
        if (f) fclose(f);
        else fputs("parlance: out of memory\n", stderr);
        free(s);
        return NULL;
    }
    s->max = mem_max;
    return s;
}

out_buf *spill_out(spill *s) { return s->o; }

static void spill_close(spill *s)
{
    if (s->o) {
        FILE *f = s->o->f;
        free(s->o);
        fclose(f);
        s->o = NULL;
    }
}

void spill_free(spill *s)
{
    if (!s) return;
    spill_close(s);
    if (s->tmp) fclose(s->tmp);
    if (s->mem) munmap(s->mem, s->max);
    free(s);
}

/* Flushes what is still gathered into memory or the file; 0, or 1. */
static int spill_end(spill *s)
{
    out_flush(s->o);
    int err = fflush(s->o->f) != 0 || s->err;
    spill_close(s);
    if (!err && s->tmp) err = fflush(s->tmp) != 0 || fseek(s->tmp, 0, SEEK_SET) != 0;
    return err;
}

static int spill_said(spill *s)
{
    fprintf(stderr, "parlance: temporary file: %s\n", strerror(s->err ? s->err : errno ? errno : EIO));
    spill_free(s);
    return 1;
}

int spill_replay(spill *s, size_t size, int (*fn)(const void *recs, size_t n, void *arg), void *arg)
{
    if (spill_end(s)) return spill_said(s);
    int r = 0;
    if (!s->tmp) {
        if (s->n >= size) r = fn(s->mem, s->n / size, arg);
    } else {
        char buf[OUT_BUF_CAP];
        size_t per = sizeof buf / size, k;
        while (!r && (k = fread(buf, size, per, s->tmp)) > 0) r = fn(buf, k, arg);
        if (!r && ferror(s->tmp)) return spill_said(s);
    }
    spill_free(s);
    return r;
}

int spill_copy(spill *s, out_buf *o)
{
    int err = spill_end(s);
    out_flush(o);
    if (!err && s->tmp) {
        size_t k;
        while (!err && (k = fread(o->b, 1, OUT_BUF_CAP, s->tmp)) > 0) {
            o->n = k;
            out_flush(o);
        }
        err = err || ferror(s->tmp);
    } else if (!err && s->n) {
        fwrite(s->mem, 1, s->n, o->f);
    }
    if (err) return spill_said(s);
    spill_free(s);
    return 0;
}
