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

static void field_str(FILE *f, const char *name, const char *text, parl_span sp)
{
    fprintf(f, "  \"%s\": ", name);
    json_str(f, text + sp.off, sp.len);
    fputs(",\n", f);
}

static void sentences_write(FILE *f, const char *text, const parl_profile *p, const parl_sentence *se)
{
    parl_cli_chars cp = { 0, 0 };
    fputs(",\n  \"sentences\": [", f);
    for (size_t i = 0; i < p->sentences_stored; i++) {
        const parl_sentence *s = &se[i];
        size_t c0 = parl_cli_char_at(&cp, text, 0, s->off);
        size_t c1 = parl_cli_char_at(&cp, text, 0, s->off + s->len);
        fprintf(f, "%s\n    {\"index\": %zu, \"paragraph\": %zu, \"line\": %zu, \"endLine\": %zu, "
               "\"start\": %zu, \"end\": %zu, \"charStart\": %zu, \"charEnd\": %zu, "
               "\"words\": %zu, \"kind\": \"%s\"}",
               i ? "," : "", i + 1, s->para, s->line, s->end_line, s->off, s->off + s->len, c0, c1,
               s->words, parl_cli_kind_name(s->kind));
    }
    fputs(p->sentences_stored ? "\n  ]" : "]", f);
}

void profile_write(FILE *f, const char *text, const doc_analysis *a)
{
    const parl_profile *p = &a->p;
    const parl_paragraph *pa = a->pa;
    parl_cli_chars cp = { 0, 0 };
    fprintf(f, "{\n  \"charCount\": %zu,\n  \"wordCount\": %zu,\n  \"lineCount\": %zu,\n"
           "  \"nonEmptyLineCount\": %zu,\n  \"paragraphCount\": %zu,\n  \"sentenceCount\": %zu,\n"
           "  \"paragraphs\": [",
           p->char_count, p->word_count, p->line_count, p->non_empty_line_count,
           p->paragraph_count, p->sentence_count);
    for (size_t i = 0; i < p->paragraphs_stored; i++) {
        const parl_paragraph *q = &pa[i];
        size_t c0 = parl_cli_char_at(&cp, text, 0, q->span.off);
        size_t c1 = parl_cli_char_at(&cp, text, 0, q->span.off + q->span.len);
        fprintf(f, "%s\n    {\"index\": %zu, \"startLine\": %zu, \"endLine\": %zu, "
               "\"sentenceCount\": %zu, \"wordCount\": %zu, \"start\": %zu, \"end\": %zu, "
               "\"charStart\": %zu, \"charEnd\": %zu, \"preview\": ",
               i ? "," : "", q->index, q->start_line, q->end_line, q->sentence_count,
               q->word_count, q->span.off, q->span.off + q->span.len, c0, c1);
        json_str(f, text + q->preview.off, q->preview.len);
        putc('}', f);
    }
    fputs(p->paragraphs_stored ? "\n  ],\n" : "],\n", f);
    field_str(f, "firstLine", text, p->first_line);
    field_str(f, "lastLine", text, p->last_line);
    field_str(f, "firstSentence", text, p->first_sentence);
    field_str(f, "lastSentence", text, p->last_sentence);
    fprintf(f, "  \"hasHeadings\": %s,\n  \"hasCodeBlocks\": %s,\n  \"hasList\": %s,\n"
           "  \"hasBlockQuotes\": %s,\n  \"language\": ",
           p->has_headings ? "true" : "false", p->has_code_blocks ? "true" : "false",
           p->has_list ? "true" : "false", p->has_block_quotes ? "true" : "false");
    json_str(f, p->language, strlen(p->language));
    fprintf(f, ",\n  \"profileVersion\": %d,\n  \"analyzedAt\": ", p->profile_version);
    json_str(f, p->analyzed_at, strlen(p->analyzed_at));
    fprintf(f, ",\n  \"avgWordsPerSentence\": %.2f,\n  \"avgSentencesPerParagraph\": %.2f,\n"
           "  \"byteCount\": %zu,\n  \"invalidUtf8Bytes\": %zu,\n  \"nulBytes\": %zu",
           p->avg_words_per_sentence, p->avg_sentences_per_paragraph, p->byte_count,
           p->invalid_utf8_bytes, p->nul_bytes);
    if (a->se) sentences_write(f, text, p, a->se);
    fputs("\n}\n", f);
}

/* A first guess at the array sizes (one pass for most documents); when it
 * is short, the exact counts from the first pass size the second. */
int doc_analyze(const char *text, size_t len, const char *at, doc_analysis *a)
{
    size_t pcap = 256, scap = 1024;
    for (int run = 0; run < 2; run++) {
        a->pa = malloc(pcap * sizeof *a->pa);
        a->se = malloc(scap * sizeof *a->se);
        if (!a->pa || !a->se) { doc_analysis_free(a); return 1; }
        if (!parl_analyze(text, len, at, &a->p, a->pa, pcap, a->se, scap)) return 0;
        doc_analysis_free(a);
        pcap = a->p.paragraph_count + 1;
        scap = a->p.sentence_count + 1;
    }
    return 1;   /* not reached: the second pass has room for every count */
}

void doc_analysis_free(doc_analysis *a)
{
    free(a->pa);
    free(a->se);
    a->pa = NULL;
    a->se = NULL;
}

/* Without sentence offsets: at ~160 bytes a sentence they would make the
 * profile larger than most documents, and answers re-derive them in
 * milliseconds. Only the paragraphs are kept, so only they need room. */
int doc_profile_build(const char *text, size_t len, const char *at, doc_profile *dp)
{
    doc_analysis a = { 0 };
    size_t pcap = 256;
    memset(dp, 0, sizeof *dp);
    for (int run = 0; run < 2 && !a.pa; run++) {
        if (!(a.pa = malloc(pcap * sizeof *a.pa))) return 1;
        parl_analyze(text, len, at, &a.p, a.pa, pcap, NULL, 0);
        if (a.p.paragraphs_stored < a.p.paragraph_count) {
            doc_analysis_free(&a);
            pcap = a.p.paragraph_count + 1;
        }
    }
    FILE *f = a.pa ? mem_stream(&dp->json, &dp->len) : NULL;
    if (f) {
        profile_write(f, text, &a);
        if (ferror(f) | fclose(f) || !dp->json) { free(dp->json); dp->json = NULL; }
    }
    dp->p = a.p;
    doc_analysis_free(&a);
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
    doc_analysis a = { 0 };
    doc_profile dp = { 0 };
    if (sentences ? doc_analyze(text, len, at, &a) : doc_profile_build(text, len, at, &dp)) {
        fprintf(stderr, "parlance: out of memory\n");
        free(text);
        return 1;
    }
    if (sentences) profile_write(stdout, text, &a);
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
