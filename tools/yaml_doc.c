/* SPDX-License-Identifier: MIT */
/* yaml_doc: libyaml event stream -> position-tagged tree.
 *
 * Built without recursion: open collections sit on a stack of at most
 * YDOC_MAX_DEPTH frames, so a file of 40,000 '[' is refused with its
 * position instead of overflowing the C stack. Duplicate keys are found by
 * a hash table per mapping, so a mapping of 100,000 keys loads in linear
 * time (a scan per key made it quadratic: 36 s). */
#include "yaml_doc.h"
#include <yaml.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

#ifdef PARL_YAML_DLOPEN
/* The CLI (and check_grammar) opens libyaml with dlopen on the first YAML
 * it reads (a --config file), as the store does libsqlite3 and libpq:
 * loading it at start cost every command about 0.05 ms, split and profile
 * included, which read none; without libyaml-0-2 installed only a command
 * given a YAML file fails, saying so. The generator and the fuzzers link
 * it. */
#include "db.h"
#include <stddef.h>
#define YL_FUNCS(X) \
    X(yaml_parser_initialize) X(yaml_parser_set_input_string) X(yaml_parser_parse) X(yaml_parser_delete) \
    X(yaml_event_delete)
#define YL_FIELD(f) __typeof__(f) *f;
#define YL_SYM(f) { #f, offsetof(struct yl_funcs, f) },
static struct yl_funcs {
    YL_FUNCS(YL_FIELD)
} yl;
static const db_sym yl_syms[] = { YL_FUNCS(YL_SYM) };
static db_lib yl_lib;

/* 0 when libyaml is there, else 1 after saying so. */
static int yl_load(void)
{
    static const char *const names[] = { "libyaml-0.so.2", "libyaml-0.2.dylib", "libyaml.dylib" };
    if (!db_lib_load(&yl_lib, names, sizeof names / sizeof names[0], yl_syms, sizeof yl_syms / sizeof yl_syms[0], &yl))
        return 0;
    fprintf(stderr, "parlance: libyaml-0.so.2 is not installed or lacks a function"
                    " (Debian: apt-get install libyaml-0-2)\n");
    return 1;
}
#define yaml_parser_initialize yl.yaml_parser_initialize
#define yaml_parser_set_input_string yl.yaml_parser_set_input_string
#define yaml_parser_parse yl.yaml_parser_parse
#define yaml_parser_delete yl.yaml_parser_delete
#define yaml_event_delete yl.yaml_event_delete
#else
static int yl_load(void) { return 0; }
#endif

static void *xalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p) { fputs("parlance: out of memory\n", stderr); exit(70); }
    return p;
}

static void vreport(const char *file, int line, int col, const char *fmt, va_list ap)
{
    fprintf(stderr, "%s:%d:%d: ", file, line, col);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int yerr_at(const char *file, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(file, line, col, fmt, ap);
    va_end(ap);
    return 1;
}

int yerr(const ynode *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(at->file, at->line, at->col, fmt, ap);
    va_end(ap);
    return 1;
}

/* An open collection. A mapping's items are keys and values in turn; its
 * keys are also in a hash table (item index + 1, 0 empty) once it has a
 * few of them. */
typedef struct frame {
    ynode *node;
    size_t cap;
    size_t *slots, nslots;
} frame;

typedef struct loader {
    yaml_parser_t p;
    const char *file;
    const unsigned char *text;   /* the whole input, for positions of encoding errors */
    size_t len;
    frame stack[YDOC_MAX_DEPTH];
    int depth;
    size_t nodes;
    ynode *root;
    int failed;
} loader;

static int fail_at(loader *L, yaml_mark_t m, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail_at(loader *L, yaml_mark_t m, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(L->file, (int)m.line + 1, (int)m.column + 1, fmt, ap);
    va_end(ap);
    L->failed = 1;
    return 0;
}

/* The line and column of byte OFF, counted as libyaml does (characters). */
static yaml_mark_t mark_of_offset(const loader *L, size_t off)
{
    yaml_mark_t m = { 0, 0, 0 };
    if (off > L->len) off = L->len;
    for (size_t i = 0; i < off; i++) {
        if (L->text[i] == '\n') { m.line++; m.column = 0; }
        else if ((L->text[i] & 0xC0) != 0x80) m.column++;
    }
    m.index = off;
    return m;
}

/* libyaml's reader errors (bad UTF-8, control characters) carry a byte
 * offset, that of the continuation byte which broke a UTF-8 sequence:
 * reported at the byte which began it. */
static int reader_error(loader *L)
{
    size_t off = L->p.problem_offset < L->len ? L->p.problem_offset : L->len;
    const char *problem = L->p.problem ? L->p.problem : "error";
    if (strstr(problem, "trailing UTF-8"))
        while (off > 0 && (L->text[--off] & 0xC0) == 0x80) {}
    if (strstr(problem, "UTF-8")) problem = "not valid UTF-8";
    yaml_mark_t m = mark_of_offset(L, off);
    if (off == L->len) return fail_at(L, m, "malformed YAML: %s", problem);
    return fail_at(L, m, "malformed YAML: %s (byte 0x%02X)", problem, L->text[off]);
}

static int next_event(loader *L, yaml_event_t *ev)
{
    if (yaml_parser_parse(&L->p, ev)) return 1;
    if (L->p.error == YAML_READER_ERROR) return reader_error(L);
    const char *problem = L->p.problem ? L->p.problem : "error";
    if (L->p.context) return fail_at(L, L->p.problem_mark, "malformed YAML: %s %s", problem, L->p.context);
    return fail_at(L, L->p.problem_mark, "malformed YAML: %s", problem);
}

static uint64_t key_hash(const char *s)
{
    uint64_t h = 1469598103934665603u;   /* FNV-1a */
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

/* Finds KEY among the keys of F's mapping, adding it when absent: the item
 * index of the first key of that name, or SIZE_MAX after adding. */
static size_t key_seen(frame *f, const char *key, size_t index)
{
    ynode *m = f->node;
    if (f->nslots < 2 * (index / 2 + 1)) {   /* keep the table at most half full */
        size_t n = f->nslots ? f->nslots * 2 : 16;
        free(f->slots);
        f->slots = xalloc(n * sizeof *f->slots);
        f->nslots = n;
        for (size_t k = 0; k < index; k += 2)
            key_seen(f, m->items[k]->text, k);
    }
    size_t mask = f->nslots - 1;
    for (size_t s = key_hash(key) & mask;; s = (s + 1) & mask) {
        if (!f->slots[s]) { f->slots[s] = index + 1; return SIZE_MAX; }
        if (!strcmp(m->items[f->slots[s] - 1]->text, key)) return f->slots[s] - 1;
    }
}

static void push_item(frame *f, ynode *child)
{
    ynode *n = f->node;
    if (n->n == f->cap) {
        f->cap = f->cap ? f->cap * 2 : 8;
        ynode **grown = realloc(n->items, f->cap * sizeof *grown);
        if (!grown) { fputs("parlance: out of memory\n", stderr); exit(70); }
        n->items = grown;
    }
    n->items[n->n++] = child;
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

/* Hangs CHILD under the open collection (or makes it the root); 0 and
 * CHILD freed when it cannot go there. While a mapping is open its n
 * counts keys and values both. */
static int attach(loader *L, ynode *child, yaml_mark_t m)
{
    if (!L->depth) {
        if (L->root) { free_node(child); return fail_at(L, m, "only one YAML document per file"); }
        L->root = child;
        return 1;
    }
    frame *f = &L->stack[L->depth - 1];
    if (f->node->n >= (f->node->kind == Y_MAP ? 2u : 1u) * YDOC_MAX_ENTRIES) {
        free_node(child);
        return fail_at(L, m, "more than %d entries in one list or mapping (the limit)", YDOC_MAX_ENTRIES);
    }
    if (f->node->kind == Y_MAP && f->node->n % 2 == 0) {
        if (child->kind != Y_SCALAR) { free_node(child); return fail_at(L, m, "map keys must be plain scalars"); }
        size_t first = key_seen(f, child->text, f->node->n);
        if (first != SIZE_MAX) {
            fail_at(L, m, "duplicate key '%s' (first at line %d)", child->text, f->node->items[first]->line);
            free_node(child);
            return 0;
        }
    }
    push_item(f, child);
    return 1;
}

static ynode *new_node(loader *L, ykind k, yaml_mark_t m)
{
    if (++L->nodes > YDOC_MAX_NODES) {
        fail_at(L, m, "more than %d values in one file (the limit)", YDOC_MAX_NODES);
        return NULL;
    }
    ynode *n = xalloc(sizeof *n);
    n->kind = k;
    n->file = L->file;
    n->line = (int)m.line + 1;
    n->col = (int)m.column + 1;
    return n;
}

static void open_collection(loader *L, ykind k, yaml_mark_t m)
{
    if (L->depth == YDOC_MAX_DEPTH) {
        fail_at(L, m, "nested more than %d levels deep (the limit)", YDOC_MAX_DEPTH);
        return;
    }
    ynode *n = new_node(L, k, m);
    if (!n || !attach(L, n, m)) return;
    L->stack[L->depth++] = (frame){ .node = n };
}

static void close_collection(loader *L)
{
    frame *f = &L->stack[--L->depth];
    if (f->node->kind == Y_MAP) {
        if (f->node->n % 2) free_node(f->node->items[--f->node->n]);   /* a key without a value */
        f->node->n /= 2;
    }
    free(f->slots);
}

static void add_scalar(loader *L, const yaml_event_t *ev)
{
    if (strlen((char *)ev->data.scalar.value) != ev->data.scalar.length) {
        fail_at(L, ev->start_mark, "NUL byte in a YAML scalar");
        return;
    }
    ynode *n = new_node(L, Y_SCALAR, ev->start_mark);
    if (!n) return;
    n->text = xalloc(ev->data.scalar.length + 1);
    memcpy(n->text, ev->data.scalar.value, ev->data.scalar.length);
    n->quoted = ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
    attach(L, n, ev->start_mark);
}

/* One event into the tree; 1 at the end of the stream. */
static int take_event(loader *L, const yaml_event_t *ev)
{
    switch (ev->type) {
    case YAML_STREAM_END_EVENT: return 1;
    case YAML_STREAM_START_EVENT: case YAML_DOCUMENT_START_EVENT: case YAML_DOCUMENT_END_EVENT:
    case YAML_NO_EVENT: break;
    case YAML_SCALAR_EVENT: add_scalar(L, ev); break;
    case YAML_SEQUENCE_START_EVENT: open_collection(L, Y_SEQ, ev->start_mark); break;
    case YAML_MAPPING_START_EVENT: open_collection(L, Y_MAP, ev->start_mark); break;
    case YAML_SEQUENCE_END_EVENT: case YAML_MAPPING_END_EVENT: close_collection(L); break;
    case YAML_ALIAS_EVENT: fail_at(L, ev->start_mark, "YAML aliases are not supported in grammar files"); break;
    }
    return 0;
}

void ydoc_free(ydoc *d)
{
    if (!d) return;
    free_node(d->root);
    free(d->file);
    free(d);
}

ydoc *ydoc_load_mem(const char *name, const char *text, size_t len)
{
    if (yl_load()) return NULL;
    ydoc *d = xalloc(sizeof *d);
    d->file = xalloc(strlen(name) + 1);
    strcpy(d->file, name);
    loader *L = xalloc(sizeof *L);
    L->file = d->file;
    L->text = (const unsigned char *)text;
    L->len = len;
    yaml_parser_initialize(&L->p);
    yaml_parser_set_input_string(&L->p, L->text, len);
    int done = 0;
    yaml_event_t ev;
    while (!done && !L->failed && next_event(L, &ev)) {
        done = take_event(L, &ev);
        yaml_event_delete(&ev);
    }
    while (L->depth) close_collection(L);   /* after a failure: the tree is whole again */
    yaml_parser_delete(&L->p);
    d->root = L->root;
    int ok = done && !L->failed;
    free(L);
    if (!ok) { ydoc_free(d); return NULL; }
    return d;
}

ydoc *ydoc_load(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        yerr_at(path, 1, 1, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, len = 0, k;
    char *text = xalloc(cap);
    while ((k = fread(text + len, 1, cap - len, f)) > 0)
        if ((len += k) == cap) {
            char *grown = realloc(text, cap *= 2);
            if (!grown) { fputs("parlance: out of memory\n", stderr); exit(70); }
            text = grown;
        }
    int bad = ferror(f);
    fclose(f);
    ydoc *d = NULL;
    if (bad) yerr_at(path, 1, 1, "cannot read: %s", strerror(errno));
    else d = ydoc_load_mem(path, text, len);
    free(text);
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

int yonly_keys(const ynode *map, const char *const *keys, size_t n)
{
    int bad = 0;
    for (size_t i = 0; map && map->kind == Y_MAP && i < map->n; i++) {
        const ynode *k = ymap_key(map, i);
        size_t j = 0;
        while (j < n && strcmp(k->text, keys[j])) j++;
        if (j < n) continue;
        fprintf(stderr, "%s:%d:%d: unknown key '%s' (known:", k->file, k->line, k->col, k->text);
        for (j = 0; j < n; j++) fprintf(stderr, "%s %s", j ? "," : "", keys[j]);
        fputs(")\n", stderr);
        bad++;
    }
    return bad;
}

int yis_null(const ynode *n)
{
    if (!n) return 1;
    if (n->kind != Y_SCALAR || n->quoted) return 0;
    return !n->text[0] || !strcmp(n->text, "~") || !strcmp(n->text, "null");
}
