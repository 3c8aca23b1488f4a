/* SPDX-License-Identifier: MIT */
/* cli_split.c: `parlance split [--json|--jsonl] [FILE|-]`
 *
 * Streams the input through the splitter in windows of SPLIT_WINDOW bytes,
 * so memory stays bounded whatever the file size: after each window the
 * bytes of the unfinished sentence move to the front and the rest is read
 * behind them. A sentence longer than a window is cut (with a warning). */
#include "cli.h"
#include "parlance.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define SPLIT_WINDOW (4u << 20)

enum { OUT_TEXT, OUT_JSON, OUT_JSONL };

/* One sentence on one line: blank runs that contain a line break become a
 * single space, NUL bytes become U+FFFD; other bytes are written as they are. */
static void put_line(FILE *f, const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
            size_t j = i;
            int eol = 0;
            while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r'))
                eol |= s[j] == '\n' || s[j] == '\r', j++;
            if (eol) putc(' ', f);
            else fwrite(s + i, 1, j - i, f);
            i = j;
        } else if (s[i] == 0) {
            fputs("\xEF\xBF\xBD", f);
            i++;
        } else {
            size_t j = i;
            while (j < n && s[j] && s[j] != ' ' && s[j] != '\t' && s[j] != '\n' && s[j] != '\r') j++;
            fwrite(s + i, 1, j - i, f);
            i = j;
        }
    }
    putc('\n', f);
}

typedef struct sentence_req {
    const char *win;
    size_t base, index;
    const parl_sentence *s;
    parl_offsets *cc;
} sentence_req;

static size_t sentence_write(const void *arg, char *out, size_t cap)
{
    const sentence_req *r = arg;
    return parl_sentence_json(r->win, r->base, r->s, r->index, r->cc, 0, out, cap);
}

static void put_sentence(int mode, const unsigned char *win, size_t base, const parl_sentence *s,
                         size_t index, parl_offsets *cc)
{
    const unsigned char *p = win + (s->off - base);
    if (mode == OUT_TEXT) { put_line(stdout, p, s->len); return; }
    if (mode == OUT_JSON) {
        fputs(index ? ",\n  " : "\n  ", stdout);
        json_str(stdout, (const char *)p, s->len);
        return;
    }
    sentence_req r = { (const char *)win, base, index + 1, s, cc };
    json_print(stdout, sentence_write, &r);
    putchar('\n');
}

/* Reads until BUF holds CAP bytes or the input ends. */
static size_t fill(FILE *in, unsigned char *buf, size_t have, size_t cap, int *eof)
{
    while (have < cap && !*eof) {
        size_t k = fread(buf + have, 1, cap - have, in);
        have += k;
        if (k == 0) *eof = 1;
    }
    return have;
}

int cmd_split(int argc, char **argv)
{
    static const cli_opt opts[] = { { "--json", NULL, 0 }, { "--jsonl", NULL, 0 }, { 0 } };
    cli_args a;
    if (cli_parse("split", opts, argc, argv, &a)) return 2;
    if (a.npos > 1) return cli_usage_error("split", "one FILE at a time, not also '%s'", a.pos[1]);
    if (a.val[0] && a.val[1]) return cli_usage_error("split", "%s", "--json or --jsonl, not both");
    int mode = a.val[0] ? OUT_JSON : a.val[1] ? OUT_JSONL : OUT_TEXT;
    const char *path = a.npos ? a.pos[0] : "-";
    FILE *in = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!in) { fprintf(stderr, "parlance: %s: %s\n", path, strerror(errno)); return 1; }
    unsigned char *buf = malloc(SPLIT_WINDOW);
    if (!buf) { fprintf(stderr, "parlance: out of memory\n"); return 1; }

    int eof = 0, cuts = 0;
    size_t have = fill(in, buf, 0, SPLIT_WINDOW, &eof), index = 0;
    parl_splitter it;
    parl_sentence s;
    parl_offsets cc = { 0, 0, 0 };
    parl_split_init(&it, (const char *)buf, have, eof ? 0 : PARL_SPLIT_MORE);
    if (mode == OUT_JSON) putchar('[');
    for (;;) {
        while (parl_split_next(&it, &s)) put_sentence(mode, buf, it.base, &s, index++, &cc);
        if (!(it.flags & PARL_SPLIT_MORE)) break;
        size_t keep = parl_split_pending(&it);
        if (keep == 0 && have == SPLIT_WINDOW) {   /* one sentence fills the window */
            if (parl_split_force(&it, &s)) put_sentence(mode, buf, it.base, &s, index++, &cc);
            cuts++;
            continue;
        }
        if (mode == OUT_JSONL && it.base + keep > cc.byte)   /* count what leaves the window */
            parl_offsets_advance(&cc, (const char *)buf, it.base, it.base + keep);
        memmove(buf, buf + keep, have - keep);
        have = fill(in, buf, have - keep, SPLIT_WINDOW, &eof);
        parl_split_feed(&it, (const char *)buf, have, !eof);
    }
    if (mode == OUT_JSON) fputs(index ? "\n]\n" : "]\n", stdout);
    int err = ferror(in);
    if (in != stdin) fclose(in);
    free(buf);
    if (err) { fprintf(stderr, "parlance: %s: read error\n", path); return 1; }
    if (cuts)
        fprintf(stderr, "parlance: warning: %s: %d sentence(s) longer than %u bytes were cut\n",
                path, cuts, SPLIT_WINDOW - PARL_SPLIT_MARGIN);
    size_t bad = parl_split_invalid_bytes(&it), nul = parl_split_nul_bytes(&it);
    if (bad || nul)
        fprintf(stderr, "parlance: warning: %s: %zu invalid UTF-8 byte(s), %zu NUL byte(s)\n",
                path, bad, nul);
    return 0;
}
