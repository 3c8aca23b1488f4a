/* SPDX-License-Identifier: MIT */
/* test_golden_rules.c: the English Golden Rules (pragmatic_segmenter/pySBD)
 * against the splitter. The cases are in tests/data/golden_rules_en.json
 * (origin and licence in tests/data/README.md); run from the repository's
 * top directory, as tests/run.sh does.
 * Prints the pass count; fails below 48 of 48 (pySBD publishes 47). */
#include "parlance.h"
#include "cli.h"
#include "testlib.h"
#include "minijson.h"
#include <stdlib.h>

#define NEEDED 48
#define DATA "tests/data/golden_rules_en.json"

static char *load_cases(size_t *len)
{
    FILE *f = fopen(DATA, "rb");
    if (!f) return NULL;
    char *text = read_stream(f, DATA, len);
    fclose(f);
    return text;
}

/* Splits TEXT and compares with the expected sentences; prints a diff. */
static int run_case(size_t no, const jval *c)
{
    const jval *text = json_get(c, "text"), *want = json_get(c, "sentences");
    if (!text || text->kind != J_STR || !want || want->kind != J_ARR) return 0;
    parl_splitter it;
    parl_sentence s;
    parl_split_init(&it, text->str, text->len, 0);
    size_t k = 0;
    int ok = 1;
    while (parl_split_next(&it, &s)) {
        const jval *w = k < want->n ? want->items[k] : NULL;
        if (!w || w->len != s.len || memcmp(w->str, text->str + s.off, s.len)) ok = 0;
        k++;
    }
    if (k != want->n) ok = 0;
    if (!ok) {
        fprintf(stderr, "golden rule %zu fails: %s\n  got:\n", no, text->str);
        parl_split_init(&it, text->str, text->len, 0);
        while (parl_split_next(&it, &s))
            fprintf(stderr, "    [%.*s]\n", (int)s.len, text->str + s.off);
        fputs("  want:\n", stderr);
        for (size_t i = 0; i < want->n; i++) fprintf(stderr, "    [%s]\n", want->items[i]->str);
    }
    return ok;
}

int main(void)
{
    const char *path = DATA;
    size_t len;
    char *doc = load_cases(&len);
    CHECK(doc != NULL, "cannot read %s (run from the repository's top directory)", DATA);
    if (!doc) return TEST_SUMMARY("test_golden_rules");
    jval *root = json_parse(doc, len), *cases = json_get(root, "cases");
    CHECK(cases && cases->kind == J_ARR && cases->n > 0, "%s: no cases", path);
    size_t pass = 0, total = cases ? cases->n : 0;
    for (size_t i = 0; i < total; i++) pass += (size_t)run_case(i + 1, cases->items[i]);
    printf("golden rules: %zu of %zu cases pass (needed %d; pySBD 47, BlingFire 36)\n", pass,
           total, NEEDED);
    CHECK(pass >= NEEDED, "only %zu of %zu golden rules pass", pass, total);
    json_free(root);
    free(doc);
    return TEST_SUMMARY("test_golden_rules");
}
