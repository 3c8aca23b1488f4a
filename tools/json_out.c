/* SPDX-License-Identifier: MIT */
/* json_out: printing the runtime's JSON (the library writes every JSON form;
 * the CLI only finds room for it) and whole-file reading. */
#include "cli.h"
#include "json_internal.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

size_t utf8_valid_prefix(const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0, k;
    while (i < n) {
        if (s[i] < 0x80) { i++; continue; }
        if (!(k = parl__utf8_len(s + i, n - i))) return i;
        i += k;
    }
    return n;
}

char *json_alloc(json_writer write, const void *arg, size_t *len)
{
    size_t n = write(arg, NULL, 0);
    char *buf = malloc(n + 1);
    if (buf) write(arg, buf, n + 1);
    *len = n;
    return buf;
}

int json_print_sized(FILE *f, json_writer write, const void *arg, size_t guess)
{
    char *buf = malloc(guess);
    size_t n = buf ? write(arg, buf, guess) : 0;
    if (buf && n >= guess) {   /* short: the first call measured it, one more writes it */
        free(buf);
        buf = malloc(n + 1);
        if (buf) write(arg, buf, n + 1);
    }
    if (!buf) { fputs("parlance: out of memory\n", stderr); return 1; }
    int rc = fwrite(buf, 1, n, f) == n ? 0 : 1;
    free(buf);
    return rc;
}

int json_print(FILE *f, json_writer write, const void *arg)
{
    char stack[2048];
    size_t n = write(arg, stack, sizeof stack);
    if (n < sizeof stack) return fwrite(stack, 1, n, f) == n ? 0 : 1;
    return json_print_sized(f, write, arg, n + 1);   /* measured by the first call */
}

typedef struct json_text {
    const char *s;
    size_t n;
} json_text;

static size_t json_text_write(const void *arg, char *out, size_t cap)
{
    const json_text *t = arg;
    return parl_json_string(t->s, t->n, out, cap);
}

void json_str(FILE *f, const char *s, size_t n)
{
    json_text t = { s, n };
    json_print(f, json_text_write, &t);
}

/* mem_stream: the cookie behind the FILE. */
typedef struct mem_sink {
    char **buf;
    size_t *len, cap;
} mem_sink;

static ssize_t mem_write(void *cookie, const char *data, size_t n)
{
    mem_sink *m = cookie;
    if (*m->len + n + 1 > m->cap) {
        size_t cap = m->cap ? m->cap : 4096;
        while (cap < *m->len + n + 1) cap *= 2;
        char *g = realloc(*m->buf, cap);
        if (!g) return -1;   /* stdio sets the stream's error flag */
        *m->buf = g;
        m->cap = cap;
    }
    memcpy(*m->buf + *m->len, data, n);
    *m->len += n;
    (*m->buf)[*m->len] = 0;
    return (ssize_t)n;
}

static int mem_close(void *cookie)
{
    free(cookie);
    return 0;
}

FILE *mem_stream(char **buf, size_t *len)
{
    mem_sink *m = malloc(sizeof *m);
    FILE *f = m ? fopencookie(m, "w", (cookie_io_functions_t){ .write = mem_write, .close = mem_close }) : NULL;
    if (!f) { free(m); return NULL; }
    *buf = NULL;
    *len = 0;
    *m = (mem_sink){ buf, len, 0 };
    return f;
}

char *read_stream(FILE *f, const char *name, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) { fprintf(stderr, "parlance: %s: out of memory\n", name); return NULL; }
    for (;;) {
        if (n == cap) {
            char *g = realloc(buf, cap * 2 + 1);
            if (!g) { free(buf); fprintf(stderr, "parlance: %s: out of memory\n", name); return NULL; }
            buf = g;
            cap *= 2;
        }
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (k == 0) break;
    }
    if (ferror(f)) {
        fprintf(stderr, "parlance: %s: read error: %s\n", name, strerror(errno));
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

char *read_file(const char *path, size_t *len)
{
    if (!strcmp(path, "-")) return read_stream(stdin, "stdin", len);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "parlance: %s: is a directory\n", path);
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f) { fprintf(stderr, "parlance: %s: %s\n", path, strerror(errno)); return NULL; }
    char *buf = read_stream(f, path, len);
    fclose(f);
    return buf;
}
