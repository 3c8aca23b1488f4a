/* SPDX-License-Identifier: MIT */
/* yaml_doc: libyaml event stream -> position-tagged tree. */
#include "yaml_doc.h"
#include <yaml.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

static void *xalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p) { fputs("parlance: out of memory\n", stderr); exit(70); }
    return p;
}

int yerr_at(const char *file, int line, int col, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%d:%d: ", file, line, col);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 1;
}

int yerr(const ynode *at, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%d:%d: ", at->file, at->line, at->col);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return 1;
}

typedef struct {
    yaml_parser_t p;
    const char *file;
    int failed;
} loader;

static ynode *new_node(loader *L, ykind k, yaml_mark_t m)
{
    ynode *n = xalloc(sizeof *n);
    n->kind = k;
    n->file = L->file;
    n->line = (int)m.line + 1;
    n->col = (int)m.column + 1;
    return n;
}

static void push(ynode *parent, ynode *child, size_t *cap)
{
    if (parent->n == *cap) {
        *cap = *cap ? *cap * 2 : 8;
        ynode **grown = realloc(parent->items, *cap * sizeof *grown);
        if (!grown) { fputs("parlance: out of memory\n", stderr); exit(70); }
        parent->items = grown;
    }
    parent->items[parent->n++] = child;
}

static int next_event(loader *L, yaml_event_t *ev)
{
    if (yaml_parser_parse(&L->p, ev)) return 1;
    yaml_mark_t m = L->p.problem_mark;
    if (L->p.context)
        yerr_at(L->file, (int)m.line + 1, (int)m.column + 1, "malformed YAML: %s %s",
                L->p.problem ? L->p.problem : "error", L->p.context);
    else
        yerr_at(L->file, (int)m.line + 1, (int)m.column + 1, "malformed YAML: %s",
                L->p.problem ? L->p.problem : "error");
    L->failed = 1;
    return 0;
}

static ynode *parse_node(loader *L, yaml_event_t *ev);

/* Parses items until the matching end event. */
static ynode *parse_collection(loader *L, ynode *n, yaml_event_type_t end)
{
    size_t cap = 0;
    for (;;) {
        yaml_event_t ev;
        if (!next_event(L, &ev)) return NULL;
        if (ev.type == end) { yaml_event_delete(&ev); break; }
        ynode *child = parse_node(L, &ev);
        yaml_event_delete(&ev);
        if (!child) return NULL;
        if (n->kind == Y_MAP && (n->n % 2) == 0) {
            if (child->kind != Y_SCALAR) {
                yerr(child, "map keys must be plain scalars");
                L->failed = 1;
                return NULL;
            }
            for (size_t i = 0; i < n->n; i += 2)
                if (strcmp(n->items[i]->text, child->text) == 0) {
                    yerr(child, "duplicate key '%s' (first at line %d)", child->text,
                         n->items[i]->line);
                    L->failed = 1;
                    return NULL;
                }
        }
        push(n, child, &cap);
    }
    if (n->kind == Y_MAP) n->n /= 2;
    return n;
}

static ynode *parse_node(loader *L, yaml_event_t *ev)
{
    ynode *n;
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        n = new_node(L, Y_SCALAR, ev->start_mark);
        if (strlen((char *)ev->data.scalar.value) != ev->data.scalar.length) {
            yerr(n, "NUL byte in a YAML scalar");
            L->failed = 1;
            return NULL;
        }
        n->text = xalloc(ev->data.scalar.length + 1);
        memcpy(n->text, ev->data.scalar.value, ev->data.scalar.length);
        n->quoted = ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
        return n;
    case YAML_SEQUENCE_START_EVENT:
        n = new_node(L, Y_SEQ, ev->start_mark);
        return parse_collection(L, n, YAML_SEQUENCE_END_EVENT);
    case YAML_MAPPING_START_EVENT:
        n = new_node(L, Y_MAP, ev->start_mark);
        return parse_collection(L, n, YAML_MAPPING_END_EVENT);
    case YAML_ALIAS_EVENT:
        yerr_at(L->file, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
                "YAML aliases are not supported in grammar files");
        L->failed = 1;
        return NULL;
    default:
        yerr_at(L->file, (int)ev->start_mark.line + 1, (int)ev->start_mark.column + 1,
                "unexpected YAML event");
        L->failed = 1;
        return NULL;
    }
}

static void free_node(ynode *n)
{
    if (!n) return;
    size_t k = n->kind == Y_MAP ? 2 * n->n : n->n;
    for (size_t i = 0; i < k; i++) free_node(n->items[i]);
    free(n->items);
    free(n->text);
    free(n);
}

void ydoc_free(ydoc *d)
{
    if (!d) return;
    free_node(d->root);
    free(d->file);
    free(d);
}

ydoc *ydoc_load(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        yerr_at(path, 1, 1, "cannot open: %s", strerror(errno));
        return NULL;
    }
    ydoc *d = xalloc(sizeof *d);
    d->file = xalloc(strlen(path) + 1);
    strcpy(d->file, path);
    loader L = { .file = d->file };
    yaml_parser_initialize(&L.p);
    yaml_parser_set_input_file(&L.p, f);
    yaml_event_t ev;
    int done = 0;
    while (!done && !L.failed && next_event(&L, &ev)) {
        switch (ev.type) {
        case YAML_STREAM_END_EVENT: done = 1; break;
        case YAML_STREAM_START_EVENT: case YAML_DOCUMENT_START_EVENT:
        case YAML_DOCUMENT_END_EVENT: break;
        default:
            if (d->root) {
                yerr_at(path, (int)ev.start_mark.line + 1, (int)ev.start_mark.column + 1,
                        "only one YAML document per file");
                L.failed = 1;
            } else {
                d->root = parse_node(&L, &ev);
            }
        }
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&L.p);
    fclose(f);
    if (L.failed || !done) { ydoc_free(d); return NULL; }
    return d;
}

ynode *ymap_key(const ynode *map, size_t i) { return map->items[2 * i]; }
ynode *ymap_val(const ynode *map, size_t i) { return map->items[2 * i + 1]; }

ynode *ymap_get(const ynode *map, const char *key)
{
    if (!map || map->kind != Y_MAP) return NULL;
    for (size_t i = 0; i < map->n; i++)
        if (strcmp(map->items[2 * i]->text, key) == 0) return map->items[2 * i + 1];
    return NULL;
}

int yis_scalar(const ynode *n) { return n && n->kind == Y_SCALAR; }

int yis_null(const ynode *n)
{
    if (!n) return 1;
    if (n->kind != Y_SCALAR || n->quoted) return 0;
    return !n->text[0] || !strcmp(n->text, "~") || !strcmp(n->text, "null");
}
