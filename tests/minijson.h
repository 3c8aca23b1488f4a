/* SPDX-License-Identifier: MIT */
/* minijson.h: a small JSON reader for tests (a heap-allocated tree; free it
 * with json_free). Strings are decoded to UTF-8,
 * \uXXXX surrogate pairs included. */
#ifndef PARL_MINIJSON_H
#define PARL_MINIJSON_H
#include <stdlib.h>
#include <string.h>

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jkind;

typedef struct jval {
    jkind kind;
    int b;
    double num;
    char *str;            /* J_STR; NUL-terminated, LEN bytes */
    size_t len;
    size_t n;             /* J_ARR items / J_OBJ pairs */
    struct jval **items;  /* J_OBJ: key (J_STR), value, key, value... */
} jval;

typedef struct { const char *p, *end; int err; } jparser;

static void json_free(jval *v);

static jval *j_new(jkind k)
{
    jval *v = calloc(1, sizeof *v);
    if (!v) exit(2);
    v->kind = k;
    return v;
}

static void j_ws(jparser *P)
{
    while (P->p < P->end && (*P->p == ' ' || *P->p == '\n' || *P->p == '\r' || *P->p == '\t')) P->p++;
}

static void j_push(jval *v, jval *x)
{
    v->items = realloc(v->items, (v->n + 1) * sizeof *v->items);
    if (!v->items) exit(2);
    v->items[v->n++] = x;
}

static unsigned j_hex4(jparser *P)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        if (P->p >= P->end) { P->err = 1; return 0; }
        char c = *P->p++;
        v = v * 16 + (unsigned)(c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                : c >= 'A' && c <= 'F' ? c - 'A' + 10 : (P->err = 1, 0));
    }
    return v;
}

static jval *j_string(jparser *P)
{
    jval *v = j_new(J_STR);
    size_t cap = 16;
    v->str = malloc(cap);
    P->p++;   /* opening quote */
    while (P->p < P->end && *P->p != '"') {
        if (v->len + 5 > cap) { cap *= 2; v->str = realloc(v->str, cap); if (!v->str) exit(2); }
        unsigned char c = (unsigned char)*P->p++;
        if (c != '\\') { v->str[v->len++] = (char)c; continue; }
        if (P->p >= P->end) break;
        c = (unsigned char)*P->p++;
        unsigned cp;
        switch (c) {
        case 'n': v->str[v->len++] = '\n'; continue;
        case 't': v->str[v->len++] = '\t'; continue;
        case 'r': v->str[v->len++] = '\r'; continue;
        case 'b': v->str[v->len++] = '\b'; continue;
        case 'f': v->str[v->len++] = '\f'; continue;
        case 'u':
            cp = j_hex4(P);
            if (cp >= 0xD800 && cp < 0xDC00 && P->p + 6 <= P->end && P->p[0] == '\\' && P->p[1] == 'u') {
                P->p += 2;
                cp = 0x10000 + ((cp - 0xD800) << 10) + (j_hex4(P) - 0xDC00);
            }
            if (cp < 0x80) v->str[v->len++] = (char)cp;
            else if (cp < 0x800) {
                v->str[v->len++] = (char)(0xC0 | cp >> 6);
                v->str[v->len++] = (char)(0x80 | (cp & 63));
            } else if (cp < 0x10000) {
                v->str[v->len++] = (char)(0xE0 | cp >> 12);
                v->str[v->len++] = (char)(0x80 | ((cp >> 6) & 63));
                v->str[v->len++] = (char)(0x80 | (cp & 63));
            } else {
                v->str[v->len++] = (char)(0xF0 | cp >> 18);
                v->str[v->len++] = (char)(0x80 | ((cp >> 12) & 63));
                v->str[v->len++] = (char)(0x80 | ((cp >> 6) & 63));
                v->str[v->len++] = (char)(0x80 | (cp & 63));
            }
            continue;
        default: v->str[v->len++] = (char)c; continue;   /* \" \\ \/ */
        }
    }
    if (P->p >= P->end) P->err = 1;
    else P->p++;
    v->str[v->len] = 0;
    return v;
}

static jval *j_value(jparser *P)
{
    j_ws(P);
    if (P->p >= P->end) { P->err = 1; return j_new(J_NULL); }
    char c = *P->p;
    if (c == '"') return j_string(P);
    if (c == '{' || c == '[') {
        jval *v = j_new(c == '{' ? J_OBJ : J_ARR);
        char close = c == '{' ? '}' : ']';
        P->p++;
        j_ws(P);
        if (P->p < P->end && *P->p == close) { P->p++; return v; }
        for (;;) {
            if (v->kind == J_OBJ) {
                j_ws(P);
                if (P->p >= P->end || *P->p != '"') { P->err = 1; return v; }
                jval *k = j_string(P);
                v->items = realloc(v->items, (v->n * 2 + 2) * sizeof *v->items);
                if (!v->items) exit(2);
                v->items[v->n * 2] = k;
                j_ws(P);
                if (P->p >= P->end || *P->p != ':') { P->err = 1; return v; }
                P->p++;
                v->items[v->n * 2 + 1] = j_value(P);
                v->n++;
            } else {
                j_push(v, j_value(P));
            }
            j_ws(P);
            if (P->p < P->end && *P->p == ',') { P->p++; continue; }
            if (P->p < P->end && *P->p == close) { P->p++; return v; }
            P->err = 1;
            return v;
        }
    }
    if (!strncmp(P->p, "true", 4)) { P->p += 4; jval *v = j_new(J_BOOL); v->b = 1; return v; }
    if (!strncmp(P->p, "false", 5)) { P->p += 5; return j_new(J_BOOL); }
    if (!strncmp(P->p, "null", 4)) { P->p += 4; return j_new(J_NULL); }
    char *e;
    jval *v = j_new(J_NUM);
    v->num = strtod(P->p, &e);
    if (e == P->p) P->err = 1;
    P->p = e;
    return v;
}

/* Parses TEXT[0..LEN); NULL on a syntax error. */
static jval *json_parse(const char *text, size_t len)
{
    jparser P = { text, text + len, 0 };
    jval *v = j_value(&P);
    j_ws(&P);
    if (P.err || P.p != P.end) { json_free(v); return NULL; }
    return v;
}

static void json_free(jval *v)
{
    if (!v) return;
    size_t n = v->kind == J_OBJ ? 2 * v->n : v->kind == J_ARR ? v->n : 0;
    for (size_t i = 0; i < n; i++) json_free(v->items[i]);
    free(v->items);
    free(v->str);
    free(v);
}

static jval *json_get(const jval *obj, const char *key)
{
    if (!obj || obj->kind != J_OBJ) return NULL;
    for (size_t i = 0; i < obj->n; i++)
        if (!strcmp(obj->items[2 * i]->str, key)) return obj->items[2 * i + 1];
    return NULL;
}
#endif
