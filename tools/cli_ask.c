/* parlance ask [--json] [--substring] FILE [QUERY...]: answers a request from
 * a document; without QUERY answers each line of stdin. */
#include <stdlib.h>
#include <unistd.h>
#include "cli.h"

typedef struct doc {
    const char *text;
    size_t len;
    parl_profile p;
    parl_paragraph *pa;
    parl_sentence *se;
} doc;

/* Analyses with arrays sized by a first run, so nothing is truncated. */
static int load(doc *d)
{
    if (parl_analyze(d->text, d->len, NULL, &d->p, NULL, 0, NULL, 0) == 0 && !d->p.truncated) {
        d->pa = NULL;
        d->se = NULL;
        return 0;
    }
    d->pa = malloc((d->p.paragraph_count + 1) * sizeof *d->pa);
    d->se = malloc((d->p.sentence_count + 1) * sizeof *d->se);
    if (!d->pa || !d->se) { fputs("parlance: out of memory\n", stderr); return 1; }
    parl_analyze(d->text, d->len, NULL, &d->p, d->pa, d->p.paragraph_count + 1, d->se,
                 d->p.sentence_count + 1);
    return 0;
}

static int answer(const doc *d, const char *q, size_t n, unsigned flags, int json)
{
    parl_intent in;
    parl_infer(q, n, &in);
    size_t cap = 4096, qcap = 64;
    char *out = NULL;
    parl_quote *qs = NULL;
    parl_answer_info info;
    for (;;) {
        char *o = realloc(out, cap);
        parl_quote *s = realloc(qs, qcap * sizeof *qs);
        if (!o || !s) { free(o ? o : out); free(s ? s : qs); fputs("parlance: out of memory\n", stderr); return 1; }
        out = o;
        qs = s;
        if (!parl_answer(d->text, d->len, &d->p, d->pa, d->se, &in, q, n, flags, out, cap, qs,
                         qcap, &info))
            break;
        cap = info.needed;
        qcap = info.nquotes + 1;
    }
    if (json) {
        fputs("{\"intent\":", stdout);
        intent_json(stdout, &in, q + in.search.off, in.search.len);
        fputs(",\"answer\":", stdout);
        json_str(stdout, out, info.len);
        fputs(",\"spans\":[", stdout);
        for (size_t i = 0; i < info.nquotes; i++)
            printf("%s{\"start\":%zu,\"end\":%zu,\"line\":%zu}", i ? "," : "", qs[i].start,
                   qs[i].end, qs[i].line);
        fputs("]}\n", stdout);
    } else {
        fwrite(out, 1, info.len, stdout);
        putchar('\n');
    }
    free(out);
    free(qs);
    return 0;
}

int cmd_ask(int argc, char **argv)
{
    int json = 0, i = 1;
    unsigned flags = 0;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "--json")) json = 1;
        else if (!strcmp(argv[i], "--substring")) flags |= PARL_ANSWER_SUBSTRING;
        else if (!strcmp(argv[i], "--")) { i++; break; }
        else break;
    }
    if (i >= argc) {
        fputs("usage: parlance ask [--json] [--substring] FILE|- [QUERY...]\n", stderr);
        return 2;
    }
    const char *path = argv[i++];
    if (i >= argc && !strcmp(path, "-")) {
        fputs("parlance ask: with FILE '-' the query must be given as arguments\n", stderr);
        return 2;
    }
    doc d = { 0 };
    char *text = read_file(path, &d.len);
    if (!text) return 1;
    d.text = text;
    int rc = load(&d);
    if (!rc && i < argc) {
        /* the words of the query, joined by spaces: no quotes needed */
        size_t n = 0;
        for (int k = i; k < argc; k++) n += strlen(argv[k]) + 1;
        char *q = malloc(n + 1), *o = q;
        if (!q) rc = 1;
        else {
            for (int k = i; k < argc; k++) {
                if (k > i) *o++ = ' ';
                memcpy(o, argv[k], strlen(argv[k]));
                o += strlen(argv[k]);
            }
            *o = 0;
            rc = answer(&d, q, (size_t)(o - q), flags, json);
            free(q);
        }
    } else if (!rc) {
        int tty = isatty(0);
        char *line = NULL;
        size_t lcap = 0;
        ssize_t n;
        for (;;) {
            if (tty) { fputs("ask> ", stdout); fflush(stdout); }
            if ((n = getline(&line, &lcap, stdin)) < 0) break;
            while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
            if (n == 0) continue;
            if ((rc = answer(&d, line, (size_t)n, flags, json))) break;
            if (!json) putchar('\n');
            fflush(stdout);
        }
        free(line);
    }
    free(d.pa);
    free(d.se);
    free(text);
    return rc ? rc : (fflush(stdout) ? 1 : 0);
}
