/* SPDX-License-Identifier: MIT */
/* json_out: JSON string escaping and whole-file reading for the CLI. */
#include "cli.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Length of the valid UTF-8 sequence at S (at most N bytes), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t k = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (!k || k > n || (k == 2 && c < 0xC2) || (k == 4 && c > 0xF4)) return 0;
    for (size_t i = 1; i < k; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (k == 3 && ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0))) return 0;
    if (k == 4 && ((c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90))) return 0;
    return k;
}

size_t utf8_valid_prefix(const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0, k;
    while (i < n) {
        if (s[i] < 0x80) { i++; continue; }
        if (!(k = utf8_len(s + i, n - i))) return i;
        i += k;
    }
    return n;
}

void json_str(FILE *f, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    putc('"', f);
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        if (c == '"' || c == '\\') { putc('\\', f); putc((int)c, f); i++; }
        else if (c == '\n') { fputs("\\n", f); i++; }
        else if (c == '\r') { fputs("\\r", f); i++; }
        else if (c == '\t') { fputs("\\t", f); i++; }
        else if (c < 0x20 || c == 0x7f) { fprintf(f, "\\u%04x", c); i++; }
        else if (c < 0x80) { putc((int)c, f); i++; }
        else {
            size_t k = utf8_len(s + i, n - i);
            if (k) { fwrite(s + i, 1, k, f); i += k; }
            else { fputs("\\ufffd", f); i++; }
        }
    }
    putc('"', f);
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
