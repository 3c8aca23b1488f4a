/* SPDX-License-Identifier: MIT */
/* yaml_doc: load a YAML file into a small tree that remembers where every
 * node came from, so the generator can report file:line:col errors.
 * Tools-side only (uses the heap and libyaml). */
#ifndef PARL_YAML_DOC_H
#define PARL_YAML_DOC_H
#include <stddef.h>

typedef enum { Y_SCALAR, Y_SEQ, Y_MAP } ykind;

typedef struct ynode ynode;
struct ynode {
    ykind kind;
    const char *file;   /* shared, owned by the document */
    int line, col;      /* 1-based */
    char *text;         /* Y_SCALAR: value (NUL-terminated, may contain no NUL) */
    int quoted;         /* Y_SCALAR: was written with quotes */
    size_t n;           /* Y_SEQ: items; Y_MAP: pairs */
    ynode **items;      /* Y_SEQ: n items; Y_MAP: 2n nodes, key then value */
};

typedef struct ydoc {
    char *file;
    ynode *root;        /* NULL for an empty document */
} ydoc;

/* Limits: beyond them a file is refused (file:line:col, the limit named),
 * never a crash or a long wait. */
#define YDOC_MAX_DEPTH   100        /* collections nested in each other */
#define YDOC_MAX_ENTRIES 1000000    /* items of a list, keys of a mapping */
#define YDOC_MAX_NODES   4000000    /* values in one file */

/* Loads PATH. On error prints "path:line:col: message" to stderr and
 * returns NULL. Duplicate map keys and aliases are errors. */
ydoc *ydoc_load(const char *path);
/* The same from LEN bytes of TEXT, NAME naming it in messages. */
ydoc *ydoc_load_mem(const char *name, const char *text, size_t len);
void ydoc_free(ydoc *d);

/* Helpers. ymap_get returns the value for KEY or NULL. */
ynode *ymap_get(const ynode *map, const char *key);
ynode *ymap_key(const ynode *map, size_t i);
ynode *ymap_val(const ynode *map, size_t i);
int yis_scalar(const ynode *n);
int yis_null(const ynode *n);   /* scalar ~ / null / empty, unquoted */
/* Reports each key of MAP that is none of the N KEYS ("unknown key 'x'
 * (known: a, b)"); returns how many. Every spec refuses keys it does not
 * know: a misspelt key is an error, never silently ignored. */
int yonly_keys(const ynode *map, const char *const *keys, size_t n);

/* Prints "file:line:col: message\n" to stderr. Returns 1 (for counting). */
int yerr(const ynode *at, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
int yerr_at(const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
#endif
