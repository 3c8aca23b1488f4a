/* SPDX-License-Identifier: MIT */
/* consumer.c: a program that uses parlance the way an adopter would, with
 * nothing but <parlance.h> and the library: the installed one (t_install),
 * the amalgamation (t_amalgamation) and the CMake package (t_cmake) each
 * build it, and its output must equal the one built against build/.
 *
 *   consumer DOCUMENT < requests     one block per request, then the
 *                                    document's sentences and a dialect check
 *
 * It allocates only here, for the document and the answer buffers. */
#include "parlance.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0, k;
    char *buf = malloc(cap);
    while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            char *b = realloc(buf, cap *= 2);
            if (!b) { free(buf); buf = NULL; }
            buf = b;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

static void answer(const char *doc, size_t len, const parl_profile *p, const parl_paragraph *pa,
                   const parl_sentence *se, const char *req, size_t rlen)
{
    parl_intent in;
    parl_infer(req, rlen, &in);
    printf("> %.*s\nmode=%s unit=%s", (int)rlen, req, parl_mode_name(in.mode), parl_unit_name(in.unit));
    if (in.has_count) printf(" count=%lld", (long long)in.count);
    if (in.has_start) printf(" start=%lld", (long long)in.start);
    if (in.has_end) printf(" end=%lld", (long long)in.end);
    if (in.has_search) printf(" search=\"%.*s\"", (int)in.search.len, req + in.search.off);
    printf(" gate=%d\n", parl_is_retrieval_request(req, rlen));
    parl_answer_info info;
    parl_answer(doc, len, p, pa, se, &in, req, rlen, 0, NULL, 0, NULL, 0, &info);
    char *out = malloc(info.needed);
    parl_quote *q = malloc((info.nquotes + 1) * sizeof *q);
    if (!out || !q) { free(out); free(q); puts("out of memory"); return; }
    parl_answer(doc, len, p, pa, se, &in, req, rlen, 0, out, info.needed, q, info.nquotes + 1, &info);
    printf("%s\n", out);
    for (size_t i = 0; i < info.nquotes; i++)
        printf("  quote %zu-%zu line %zu\n", q[i].start, q[i].end, q[i].line);
    free(out);
    free(q);
}

int main(int argc, char **argv)
{
    if (argc != 2) { fputs("usage: consumer DOCUMENT < requests\n", stderr); return 2; }
    size_t len;
    char *doc = slurp(argv[1], &len);
    if (!doc) { perror(argv[1]); return 1; }
    printf("parlance %s (%d), grammar %.12s\n", parl_version(), parl_version_number(), parl_grammar_id());

    parl_profile p;
    parl_analyze(doc, len, "2026-01-01T00:00:00Z", &p, NULL, 0, NULL, 0);
    parl_paragraph *pa = malloc((p.paragraph_count + 1) * sizeof *pa);
    parl_sentence *se = malloc((p.sentence_count + 1) * sizeof *se);
    if (!pa || !se) return 1;
    parl_analyze(doc, len, "2026-01-01T00:00:00Z", &p, pa, p.paragraph_count + 1, se,
                 p.sentence_count + 1);
    printf("words=%zu sentences=%zu paragraphs=%zu lines=%zu chars=%zu\n", p.word_count,
           p.sentence_count, p.paragraph_count, p.line_count, p.char_count);

    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        size_t n = strcspn(line, "\r\n");
        if (n) answer(doc, len, &p, pa, se, line, n);
    }

    parl_splitter it;
    parl_sentence s;
    parl_split_init(&it, doc, len, 0);
    for (size_t k = 0; parl_split_next(&it, &s); k++)
        printf("sentence %zu: %zu+%zu line %zu para %zu\n", k + 1, s.off, s.len, s.line, s.para);

    const char msg[] = "Let me check.\n/recall project deadlines\n";
    parl_dialect_result *r = malloc(sizeof *r);
    if (!r) return 1;
    parl_dialect_parse(NULL, msg, sizeof msg - 1, r);
    for (int i = 0; i < r->nactions; i++)
        printf("action %d: verb=%s verdict=%d\n", i, parl_verb_name(NULL, r->actions[i].match.verb),
               (int)r->actions[i].verdict);
    parl_verb_match m;
    parl_match_verb(NULL, "remeber", 7, &m);
    printf("remeber -> %s (tier %d, distance %d)\n", parl_verb_name(NULL, m.verb), (int)m.tier, m.distance);
    free(r);
    free(pa);
    free(se);
    free(doc);
    return 0;
}
