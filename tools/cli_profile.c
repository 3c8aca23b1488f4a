/* SPDX-License-Identifier: MIT */
/* cli_profile.c: `parlance profile [--at TIME] [FILE|-]`
 *
 * Prints the document profile as JSON with the seed's camelCase names, plus
 * the offsets of every paragraph and sentence: start/end in bytes (UTF-8)
 * and charStart/charEnd in characters (code points). analyzedAt is the current
 * time (ISO 8601, UTC) unless --at gives one (for reproducible output).
 * --no-sentences leaves the sentences out: the form the document store keeps. */
#include "cli.h"
#include "parlance.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

void iso_now(char *buf, size_t n)
{
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t k = strftime(buf, n, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(buf + k, n - k, ".%03ldZ", ts.tv_nsec / 1000000);
}

/* A first guess at the array sizes from the length (a sentence every 64
 * bytes, a paragraph every 512: one pass for all but the densest text);
 * when it is short, the exact counts from the first pass size the second. */
int doc_analyze(const char *text, size_t len, const char *at, parl_doc *d)
{
    size_t pcap = 256 + len / 512, scap = 1024 + len / 64;
    memset(d, 0, sizeof *d);
    d->text = text;
    d->len = len;
    for (int run = 0; run < 2; run++) {
        parl_paragraph *pa = malloc(pcap * sizeof *pa);
        parl_sentence *se = malloc(scap * sizeof *se);
        d->paras = pa;
        d->sents = se;
        if (!pa || !se) { doc_analysis_free(d); return 1; }
        if (!parl_analyze(text, len, at, &d->p, pa, pcap, se, scap)) return 0;
        doc_analysis_free(d);
        pcap = d->p.paragraph_count + 1;
        scap = d->p.sentence_count + 1;
    }
    return 1;   /* not reached: the second pass has room for every count */
}

void doc_analysis_free(parl_doc *d)
{
    free((void *)d->paras);
    free((void *)d->sents);
    d->paras = NULL;
    d->sents = NULL;
}

char *doc_answer_intent(const parl_doc *d, const parl_intent *in, const char *q, size_t n, unsigned flags,
                        parl_answer_info *info)
{
    parl_answer(d->text, d->len, &d->p, d->paras, d->sents, in, q, n, flags, NULL, 0, NULL, 0, info);
    char *out = malloc(info->needed);
    if (out) parl_answer(d->text, d->len, &d->p, d->paras, d->sents, in, q, n, flags, out, info->needed, NULL, 0,
                         info);
    return out;
}

char *doc_answer(const parl_doc *d, const char *q, size_t n, unsigned flags, size_t *len)
{
    parl_intent in;
    parl_answer_info info;
    parl_infer(q, n, &in);
    char *out = doc_answer_intent(d, &in, q, n, flags, &info);
    *len = info.len;
    return out;
}

typedef struct profile_req {
    const parl_doc *d;
    unsigned flags;
} profile_req;

static size_t profile_write(const void *arg, char *out, size_t cap)
{
    const profile_req *r = arg;
    return parl_analyze_json(r->d, r->flags, out, cap);
}

/* Without sentence offsets: at ~160 bytes a sentence they would make the
 * profile larger than most documents, and answers re-derive them in
 * milliseconds. Only the paragraphs are kept, so only they need room. */
int doc_profile_build(const char *text, size_t len, const char *at, doc_profile *dp)
{
    parl_doc d = { .text = text, .len = len };
    size_t pcap = 256 + len / 512;
    memset(dp, 0, sizeof *dp);
    for (int run = 0; run < 2 && !d.paras; run++) {
        parl_paragraph *pa = malloc(pcap * sizeof *pa);
        if (!pa) return 1;
        parl_analyze(text, len, at, &d.p, pa, pcap, NULL, 0);
        d.paras = pa;
        if (d.p.paragraphs_stored < d.p.paragraph_count) {
            doc_analysis_free(&d);
            pcap = d.p.paragraph_count + 1;
        }
    }
    profile_req r = { &d, PARL_JSON_NO_SENTENCES };
    if (d.paras) dp->json = json_alloc(profile_write, &r, &dp->len);
    dp->p = d.p;
    doc_analysis_free(&d);
    return !dp->json;
}

void doc_profile_free(doc_profile *dp)
{
    free(dp->json);
    dp->json = NULL;
}

int cmd_profile(int argc, char **argv)
{
    static const cli_opt opts[] = { { "--at", NULL, 1 }, { "--no-sentences", NULL, 0 }, { 0 } };
    cli_args args;
    if (cli_parse("profile", opts, argc, argv, &args)) return 2;
    if (args.npos > 1) return cli_usage_error("profile", "one FILE at a time, not also '%s'", args.pos[1]);
    const char *path = args.npos ? args.pos[0] : "-", *at = args.val[0];
    int sentences = !args.val[1];
    size_t len;
    char *text = read_file(path, &len);
    if (!text) return 1;
    char now[40];
    if (!at) { iso_now(now, sizeof now); at = now; }
    parl_doc a = { 0 };
    doc_profile dp = { 0 };
    if (sentences ? doc_analyze(text, len, at, &a) : doc_profile_build(text, len, at, &dp)) {
        fprintf(stderr, "parlance: out of memory\n");
        free(text);
        return 1;
    }
    profile_req r = { &a, 0 };
    /* a paragraph or sentence takes 150-250 bytes of JSON: one pass for most */
    if (sentences)
        json_print_sized(stdout, profile_write, &r,
                         4096 + 320 * (a.p.paragraph_count + a.p.sentence_count));
    else fwrite(dp.json, 1, dp.len, stdout);
    const parl_profile *p = sentences ? &a.p : &dp.p;
    if (p->invalid_utf8_bytes || p->nul_bytes)
        fprintf(stderr, "parlance: warning: %s: %zu invalid UTF-8 byte(s), %zu NUL byte(s)\n",
                path, p->invalid_utf8_bytes, p->nul_bytes);
    doc_analysis_free(&a);
    doc_profile_free(&dp);
    free(text);
    return 0;
}
