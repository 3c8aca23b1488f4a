/* test_golden_rules.c: the English Golden Rules (pragmatic_segmenter/pySBD)
 * against the splitter. The cases are read from the peer file
 * golden_rules_en.json in the shared directory beside the repository
 * (../shared/peers/) or in $PARLANCE_SHARED/peers/; it is not copied here.
 * Prints the pass count; fails below 47 of 48 (pySBD's published result). */
#include "parlance.h"
#include "cli.h"
#include "testlib.h"
#include "minijson.h"
#include <stdlib.h>

#define NEEDED 47
#define PEER "peers/golden_rules_en.json"

static char *load_peer(size_t *len, char *path, size_t n)
{
    const char *dirs[3] = { getenv("PARLANCE_SHARED"), "../shared", "shared" };
    for (int i = 0; i < 3; i++) {
        if (!dirs[i] || !*dirs[i]) continue;
        snprintf(path, n, "%s/%s", dirs[i], PEER);
        FILE *f = fopen(path, "rb");
        if (!f) continue;
        char *text = read_stream(f, path, len);
        fclose(f);
        return text;
    }
    return NULL;
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
    char path[4096];
    size_t len;
    char *doc = load_peer(&len, path, sizeof path);
    CHECK(doc != NULL, "cannot find %s under $PARLANCE_SHARED, ../shared or shared", PEER);
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
