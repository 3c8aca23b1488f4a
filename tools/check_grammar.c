/* SPDX-License-Identifier: MIT */
/* check_grammar: runs the test matrix of grammar/tests.yaml against the
 * generated runtime. The generator runs it on every regeneration (a case
 * the grammar does not produce is a compile error), and `make test` runs it
 * on the committed gen/.
 *
 *   check_grammar [--grammar DIR] [--quiet]
 *
 * Sections of tests.yaml:
 *   infer:   - {q: "last two sentences", mode: last_n, count: 2, unit: sentence}
 *            every key absent from a case must be absent from the intent;
 *            scope: {unit: paragraph, count: 4}, refused: number, phrase: "3.5"
 *   numbers: - {q: "twenty-one", value: 21}        (value: null = not a number)
 *   gate:    - {q: "show me the doc", gate: true} */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdlib.h>
#include "cli.h"
#include "yaml_doc.h"

static int pass, fail, quiet;

static int64_t to_int(const ynode *n, int *ok)
{
    char *end;
    long long v = n && n->kind == Y_SCALAR ? strtoll(n->text, &end, 10) : 0;
    *ok = n && n->kind == Y_SCALAR && n->text[0] && !*end;
    return v;
}

/* The scope of a case: {unit: paragraph, count: 4} or {section: methods},
 * with from_end: true. */
static int expected_scope(const ynode *v, parl_region *s)
{
    if (v->kind != Y_MAP) return 0;
    int ok = 1;
    for (size_t i = 0; i < v->n && ok; i++) {
        const char *k = ymap_key(v, i)->text, *t = ymap_val(v, i)->text;
        int id;
        if (!strcmp(k, "unit")) { id = parl_unit_from_name(t); ok = id > 0; s->unit = (parl_unit)id; }
        else if (!strcmp(k, "section")) { id = parl_section_from_name(t); ok = id > 0; s->section = (parl_section)id; }
        else if (!strcmp(k, "count")) s->count = to_int(ymap_val(v, i), &ok);
        else if (!strcmp(k, "from_end")) { ok = !strcmp(t, "true"); s->from_end = 1; }
        else ok = 0;
    }
    return ok;
}

/* Builds the expected intent from a case; 0 (reported) on a bad case. Its
 * search text and refused phrase are written to TEXT (CAP bytes), which
 * its spans point into. */
static int expected_intent(const ynode *c, parl_intent *in, char *text, size_t cap)
{
    static const char *const keys[] = { "q", "mode", "unit", "count", "start", "end", "search",
                                        "section", "count_only", "parts", "note", "inner", "scope",
                                        "refused", "phrase" };
    memset(in, 0, sizeof *in);
    size_t used = 0;
    for (size_t i = 0; i < c->n; i++) {
        const ynode *k = ymap_key(c, i), *v = ymap_val(c, i);
        size_t j = 0;
        while (j < sizeof keys / sizeof keys[0] && strcmp(keys[j], k->text)) j++;
        if (j == sizeof keys / sizeof keys[0]) return !yerr(k, "unknown key '%s' in a test case", k->text);
        int ok = 1, id;
        const char *t = v->kind == Y_SCALAR ? v->text : "";
        parl_span *span = j == 6 ? &in->search : j == 14 ? &in->refused : NULL;
        switch (j) {
        case 1: id = parl_mode_from_name(t); ok = id >= 0; in->mode = (parl_mode)id; break;
        case 2: id = parl_unit_from_name(t); ok = id > 0; in->unit = (parl_unit)id; break;
        case 3: in->count = to_int(v, &ok); in->has_count = 1; break;
        case 4: in->start = to_int(v, &ok); in->has_start = 1; break;
        case 5:
            in->has_end = 1;
            if (yis_null(v)) in->end_open = 1;
            else in->end = to_int(v, &ok);
            break;
        case 6: in->has_search = 1; break;
        case 7: id = parl_section_from_name(t); ok = id > 0; in->section = (parl_section)id; break;
        case 8: ok = !strcmp(t, "true"); in->count_only = 1; break;
        case 9:
            ok = v->kind == Y_SEQ && v->n <= PARL_MAX_PARTS;
            for (size_t p = 0; ok && p < v->n; p++) in->parts[in->nparts++] = to_int(v->items[p], &ok);
            break;
        case 11: id = parl_mode_from_name(t); ok = id > 0; in->inner = (parl_mode)id; break;
        case 12: ok = expected_scope(v, &in->scope); break;
        case 13: id = parl_refusal_from_name(t); ok = id > 0; in->refusal = (parl_refusal)id; break;
        }
        if (span) {
            size_t n = strlen(t);
            ok = used + n < cap;
            if (ok) {
                memcpy(text + used, t, n);
                *span = (parl_span){ used, n };
                used += n;
            }
        }
        if (!ok) return !yerr(v, "bad value for '%s'", k->text);
    }
    return 1;
}

typedef struct rendering {
    const parl_intent *in;
    const char *req;
} rendering;

static size_t render_write(const void *arg, char *out, size_t cap)
{
    const rendering *r = arg;
    return parl_intent_json(r->in, r->req, out, cap);
}

/* The intent's JSON; its search text is a span of REQ. */
static char *render(const parl_intent *in, const char *req)
{
    rendering r = { in, req };
    size_t len;
    return json_alloc(render_write, &r, &len);
}

static void check_infer(const ynode *list)
{
    for (size_t i = 0; list && i < list->n; i++) {
        const ynode *c = list->items[i], *q = ymap_get(c, "q");
        if (c->kind != Y_MAP || !yis_scalar(q)) { fail += yerr(c, "a case needs q:"); continue; }
        parl_intent want, got;
        char text[4096];
        if (!expected_intent(c, &want, text, sizeof text)) { fail++; continue; }
        parl_infer(q->text, strlen(q->text), &got);
        char *w = render(&want, text);
        char *g = render(&got, q->text);
        if (strcmp(w, g)) {
            fail += yerr(c, "\"%s\": the grammar gives %s, the test expects %s", q->text, g, w);
        } else {
            pass++;
            if (!quiet) printf("ok %s -> %s\n", q->text, g);
        }
        free(w);
        free(g);
    }
}

static void check_numbers(const ynode *list)
{
    for (size_t i = 0; list && i < list->n; i++) {
        const ynode *c = list->items[i], *q = ymap_get(c, "q"), *v = ymap_get(c, "value");
        const ynode *o = ymap_get(c, "ordinal");
        if (c->kind != Y_MAP || !yis_scalar(q) || !v) { fail += yerr(c, "a case needs q: and value:"); continue; }
        int64_t got = 0;
        bool ord = false;
        int ok = parl_parse_number(q->text, strlen(q->text), &got, &ord);
        int want_ok, good;
        int64_t want = yis_null(v) ? 0 : to_int(v, &want_ok);
        if (yis_null(v)) good = !ok;
        else good = ok && got == want && (!o || (!strcmp(o->text, "true")) == ord);
        if (good) { pass++; if (!quiet) printf("ok number %s\n", q->text); }
        else if (ok) fail += yerr(c, "\"%s\": parsed as %lld%s, the test expects %s", q->text,
                                  (long long)got, ord ? " (ordinal)" : "", v->text);
        else fail += yerr(c, "\"%s\": not a number, the test expects %s", q->text, v->text);
    }
}

static void check_gate(const ynode *list)
{
    for (size_t i = 0; list && i < list->n; i++) {
        const ynode *c = list->items[i], *q = ymap_get(c, "q"), *g = ymap_get(c, "gate");
        if (c->kind != Y_MAP || !yis_scalar(q) || !yis_scalar(g)) { fail += yerr(c, "a case needs q: and gate:"); continue; }
        int want = !strcmp(g->text, "true");
        int got = parl_is_retrieval_request(q->text, strlen(q->text));
        if (got == want) { pass++; if (!quiet) printf("ok gate %s\n", q->text); }
        else fail += yerr(c, "\"%s\": the gate says %s, the test expects %s", q->text,
                          got ? "true" : "false", g->text);
    }
}

int main(int argc, char **argv)
{
    const char *dir = "grammar";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--grammar") && i + 1 < argc) dir = argv[++i];
        else if (!strcmp(argv[i], "--quiet")) quiet = 1;
        else { fprintf(stderr, "usage: check_grammar [--grammar DIR] [--quiet]\n"); return 2; }
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/tests.yaml", dir);
    ydoc *d = ydoc_load(path);
    if (!d) return 1;
    if (!d->root || d->root->kind != Y_MAP) { yerr_at(path, 1, 1, "expected a mapping"); return 1; }
    for (size_t i = 0; i < d->root->n; i++) {
        const ynode *k = ymap_key(d->root, i), *v = ymap_val(d->root, i);
        if (v->kind != Y_SEQ) { fail += yerr(v, "expected a list of cases"); continue; }
        if (!strcmp(k->text, "infer")) check_infer(v);
        else if (!strcmp(k->text, "numbers")) check_numbers(v);
        else if (!strcmp(k->text, "gate")) check_gate(v);
        else fail += yerr(k, "unknown test section '%s' (infer, numbers, gate)", k->text);
    }
    printf("check_grammar: %d passed, %d failed\n", pass, fail);
    ydoc_free(d);
    return fail ? 1 : 0;
}
