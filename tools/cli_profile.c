/* cli_profile.c: `parlance profile [--at TIME] [FILE|-]`
 *
 * Prints the document profile as JSON with the seed's camelCase names, plus
 * the offsets of every paragraph and sentence: start/end in bytes (UTF-8)
 * and charStart/charEnd in characters (code points). analyzedAt is the current
 * time (ISO 8601, UTC) unless --at gives one (for reproducible output). */
#include "cli.h"
#include "parlance.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void iso_now(char *buf, size_t n)
{
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t k = strftime(buf, n, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(buf + k, n - k, ".%03ldZ", ts.tv_nsec / 1000000);
}

static void field_str(const char *name, const char *text, parl_span sp)
{
    printf("  \"%s\": ", name);
    json_str(stdout, text + sp.off, sp.len);
    fputs(",\n", stdout);
}

static void print_profile(const char *text, const parl_profile *p, const parl_paragraph *pa,
                          const parl_sentence *se)
{
    parl_cli_chars cp = { 0, 0 };
    printf("{\n  \"charCount\": %zu,\n  \"wordCount\": %zu,\n  \"lineCount\": %zu,\n"
           "  \"nonEmptyLineCount\": %zu,\n  \"paragraphCount\": %zu,\n  \"sentenceCount\": %zu,\n"
           "  \"paragraphs\": [",
           p->char_count, p->word_count, p->line_count, p->non_empty_line_count,
           p->paragraph_count, p->sentence_count);
    for (size_t i = 0; i < p->paragraphs_stored; i++) {
        const parl_paragraph *q = &pa[i];
        size_t c0 = parl_cli_char_at(&cp, text, 0, q->span.off);
        size_t c1 = parl_cli_char_at(&cp, text, 0, q->span.off + q->span.len);
        printf("%s\n    {\"index\": %zu, \"startLine\": %zu, \"endLine\": %zu, "
               "\"sentenceCount\": %zu, \"wordCount\": %zu, \"start\": %zu, \"end\": %zu, "
               "\"charStart\": %zu, \"charEnd\": %zu, \"preview\": ",
               i ? "," : "", q->index, q->start_line, q->end_line, q->sentence_count,
               q->word_count, q->span.off, q->span.off + q->span.len, c0, c1);
        json_str(stdout, text + q->preview.off, q->preview.len);
        putchar('}');
    }
    fputs(p->paragraphs_stored ? "\n  ],\n" : "],\n", stdout);
    field_str("firstLine", text, p->first_line);
    field_str("lastLine", text, p->last_line);
    field_str("firstSentence", text, p->first_sentence);
    field_str("lastSentence", text, p->last_sentence);
    printf("  \"hasHeadings\": %s,\n  \"hasCodeBlocks\": %s,\n  \"hasList\": %s,\n"
           "  \"hasBlockQuotes\": %s,\n  \"language\": ",
           p->has_headings ? "true" : "false", p->has_code_blocks ? "true" : "false",
           p->has_list ? "true" : "false", p->has_block_quotes ? "true" : "false");
    json_str(stdout, p->language, strlen(p->language));
    printf(",\n  \"profileVersion\": %d,\n  \"analyzedAt\": ", p->profile_version);
    json_str(stdout, p->analyzed_at, strlen(p->analyzed_at));
    printf(",\n  \"avgWordsPerSentence\": %.2f,\n  \"avgSentencesPerParagraph\": %.2f,\n"
           "  \"byteCount\": %zu,\n  \"invalidUtf8Bytes\": %zu,\n  \"nulBytes\": %zu,\n"
           "  \"sentences\": [",
           p->avg_words_per_sentence, p->avg_sentences_per_paragraph, p->byte_count,
           p->invalid_utf8_bytes, p->nul_bytes);
    cp.byte = cp.chr = 0;
    for (size_t i = 0; i < p->sentences_stored; i++) {
        const parl_sentence *s = &se[i];
        size_t c0 = parl_cli_char_at(&cp, text, 0, s->off);
        size_t c1 = parl_cli_char_at(&cp, text, 0, s->off + s->len);
        printf("%s\n    {\"index\": %zu, \"paragraph\": %zu, \"line\": %zu, \"endLine\": %zu, "
               "\"start\": %zu, \"end\": %zu, \"charStart\": %zu, \"charEnd\": %zu, "
               "\"words\": %zu, \"kind\": \"%s\"}",
               i ? "," : "", i + 1, s->para, s->line, s->end_line, s->off, s->off + s->len, c0, c1,
               s->words, parl_cli_kind_name(s->kind));
    }
    fputs(p->sentences_stored ? "\n  ]\n}\n" : "]\n}\n", stdout);
}

int cmd_profile(int argc, char **argv)
{
    const char *path = "-", *at = NULL;
    int npath = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--at") && i + 1 < argc) at = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1]) npath = 99;
        else { path = argv[i]; npath++; }
    }
    if (npath > 1) { fprintf(stderr, "usage: parlance profile [--at TIME] [FILE|-]\n"); return 2; }
    size_t len;
    char *text = read_file(path, &len);
    if (!text) return 1;
    char now[40];
    if (!at) { iso_now(now, sizeof now); at = now; }

    /* A first guess at the array sizes; when it is short, the exact counts
     * from the first run size the second. */
    parl_profile p;
    size_t pcap = 256, scap = 1024;
    parl_paragraph *pa = NULL;
    parl_sentence *se = NULL;
    for (int run = 0; run < 2; run++) {
        pa = malloc(pcap * sizeof *pa);
        se = malloc(scap * sizeof *se);
        if (!pa || !se) { fprintf(stderr, "parlance: out of memory\n"); free(text); return 1; }
        if (!parl_analyze(text, len, at, &p, pa, pcap, se, scap)) break;
        free(pa);
        free(se);
        pa = NULL;
        se = NULL;
        pcap = p.paragraph_count + 1;
        scap = p.sentence_count + 1;
    }
    print_profile(text, &p, pa, se);
    if (p.invalid_utf8_bytes || p.nul_bytes)
        fprintf(stderr, "parlance: warning: %s: %zu invalid UTF-8 byte(s), %zu NUL byte(s)\n",
                path, p.invalid_utf8_bytes, p.nul_bytes);
    free(pa);
    free(se);
    free(text);
    return fflush(stdout) ? 1 : 0;
}
