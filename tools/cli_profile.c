/* SPDX-License-Identifier: MIT */
/* cli_profile.c: `parlance profile [--at TIME] [FILE|-]`
 *
 * Prints the document profile as JSON with the seed's camelCase names, plus
 * the offsets of every paragraph and sentence: start/end in bytes (UTF-8)
 * and charStart/charEnd in characters (code points). analyzedAt is the current
 * time (ISO 8601, UTC) unless --at gives one (for reproducible output).
 * --no-sentences leaves the sentences out: the form the document store keeps. */
#include "cli.h"
#include "out_buf.h"
#include "spill.h"
#include "text_map.h"
#include "parlance.h"
#include <stdint.h>
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

/* Room for one more entry of SIZE bytes in *ARR (N used of *CAP),
 * doubling; 0 when out of memory. */
static int grow(void **arr, size_t *cap, size_t n, size_t size)
{
    if (n < *cap) return 1;
    size_t c = *cap ? *cap * 2 : 256;
    void *g = realloc(*arr, c * size);
    if (!g) return 0;
    *arr = g;
    *cap = c;
    return 1;
}

/* Every paragraph and, with SENTS, every sentence of TEXT in heap arrays
 * grown as they fill: one pass of the profile in steps (arrays sized from a
 * guess at the length needed a second whole analysis for dense text). The
 * profile is parl_analyze's with arrays of exactly that room. */
static int collect(const char *text, size_t len, const char *at, int sents, parl_doc *d)
{
    parl_analysis a;
    parl_sentence s;
    parl_paragraph q;
    void *pa = NULL, *se = NULL;
    size_t np = 0, ns = 0, pcap = 0, scap = 0;
    int ev, ok = grow(&pa, &pcap, 0, sizeof q) && (!sents || grow(&se, &scap, 0, sizeof s));
    parl_analysis_init(&a, text, len);   /* arrays even when empty: NULL sentences mean "none kept" */
    while (ok && (ev = parl_analysis_next(&a, &s, &q))) {
        if (ev == PARL_ANALYSIS_PARAGRAPH) {
            if ((ok = grow(&pa, &pcap, np, sizeof q))) ((parl_paragraph *)pa)[np++] = q;
        } else if (sents) {
            if ((ok = grow(&se, &scap, ns, sizeof s))) ((parl_sentence *)se)[ns++] = s;
        } else ns++;
    }
    memset(d, 0, sizeof *d);
    d->text = text;
    d->len = len;
    d->paras = pa;
    d->sents = se;
    if (!ok) { doc_analysis_free(d); return 1; }
    parl_analysis_profile(&a, at, &d->p);
    d->p.paragraphs_stored = np;
    d->p.sentences_stored = sents ? ns : 0;
    d->p.truncated = !sents && ns > 0;
    return 0;
}

int doc_analyze(const char *text, size_t len, const char *at, parl_doc *d)
{
    return collect(text, len, at, 1, d);
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
    parl_doc d;
    memset(dp, 0, sizeof *dp);
    if (collect(text, len, at, 0, &d)) return 1;
    profile_req r = { &d, PARL_JSON_NO_SENTENCES };
    dp->json = json_alloc(profile_write, &r, &dp->len);
    dp->p = d.p;
    doc_analysis_free(&d);
    return !dp->json;
}

void doc_profile_free(doc_profile *dp)
{
    free(dp->json);
    dp->json = NULL;
}

/* ---- `parlance profile`: written while the text is read. The counts come
 * first in the JSON but are known only at the end, so the paragraphs'
 * entries and the sentences' records are kept aside as they are found (in
 * memory up to a limit, then in unlinked temporary files) and written out
 * behind the counts, the sentences' entries from their records; the text
 * is mapped and the pages passed are given back. Memory
 * stays under 64 MB whatever the document's size (a 1 GB file in `make
 * bench`). */

#define PARA_MEM (8u << 20)       /* paragraphs' JSON and sentences' records in memory up */
#define SENT_MEM (24u << 20)      /* to 8 and 24 MB, in temporary files beyond (tools/spill.h) */
/* A text up to this size keeps its pages through the first pass, so the
 * replay does not fault them in again (25 MB: about 1,500 more page
 * faults); with the spills' 32 MB it stays under the 64 MB a larger text
 * is held to by giving its pages back. */
#define TEXT_KEEP (24u << 20)

/* out_json may call a writer more than once: each call starts from the
 * cursor *C and leaves its own at the entry's end in TO (each byte counted
 * once); put_entry moves *C there after. */
typedef struct entry_req {
    const char *text;
    const parl_paragraph *q;
    const parl_sentence *s;
    size_t n;
    const parl_offsets *c;
    parl_offsets *to;
} entry_req;

static size_t entry_write(const void *arg, char *out, size_t cap)
{
    const entry_req *r = arg;
    *r->to = *r->c;
    return r->q ? parl_profile_paragraph_json(r->text, r->q, r->n, r->to, PARL_JSON_CURSOR_END, out, cap)
                : parl_profile_sentence_json(r->text, r->s, r->n, r->to, PARL_JSON_CURSOR_END, out, cap);
}

/* A paragraph (Q) or sentence (S) entry, the N-th, its offsets from cursor C. */
static int put_entry(out_buf *o, const char *text, const parl_paragraph *q, const parl_sentence *s,
                     size_t n, parl_offsets *c)
{
    parl_offsets to = *c;
    entry_req r = { text, q, s, n, c, &to };
    int err = out_json(o, entry_write, &r);
    *c = to;
    return err;
}

typedef struct part_req {
    const char *text;
    const parl_profile *p;
    int part;
    size_t entries;
    unsigned flags;
} part_req;

static size_t part_write(const void *arg, char *out, size_t cap)
{
    const part_req *r = arg;
    return parl_profile_json_part(r->text, r->p, r->part, r->entries, r->flags, out, cap);
}

static int put_part(out_buf *o, const text_map *m, const parl_profile *p, int part, size_t entries,
                    unsigned flags)
{
    part_req r = { m->text, p, part, entries, flags };
    return out_json(o, part_write, &r);
}

/* A sentence's record: 4 bytes, its fields as steps from the sentence
 * before it, packed in one word (REC_* below); 99% of the sentences of
 * the fortunes fit. Fewer bytes kept are fewer pages to fault in, each
 * 0.3-1.5 us of system time here (25 MB of fortunes: 1.2 MB of records;
 * 16-byte records made 4.7 MB, parl_sentence 16 MB). A sentence whose
 * steps do not fit goes whole, in the WIDE_WORDS words behind a word
 * whose kind is REC_WIDE. */
#define REC_WIDE 7u                 /* bits 0-2: kind, or REC_WIDE */
#define REC_PARA 3                  /* bit 3: para - the para before */
#define REC_LINE 4                  /* bits 4-5: line - the end_line before */
#define REC_SPAN 6                  /* bits 6-8: end_line - line */
#define REC_GAP 9                   /* bits 9-13: off - the end before */
#define REC_WORDS 14                /* bits 14-20: words */
#define REC_LEN 21                  /* bits 21-31: len */
#define WIDE_WORDS ((sizeof(parl_sentence) + sizeof(uint32_t) - 1) / sizeof(uint32_t))
/* Records are gathered this many words at a time and handed to the spill
 * whole (one spill_put a batch instead of one a sentence). */
#define REC_BATCH 4096

typedef struct rec_prev {
    size_t end, end_line, para;
} rec_prev;

/* Puts S's record at B (room for a wide one), the sentence before it
 * described by *P; the words written. The steps are unsigned: one going
 * back wraps around and fails its test as one too large does, so one test
 * of the ORed excess says whether the record fits. */
static inline size_t put_rec(uint32_t *b, const parl_sentence *s, rec_prev *p)
{
    size_t gap = s->off - p->end, span = s->end_line - s->line, lg = s->line - p->end_line,
           pg = s->para - p->para, kind = (size_t)(unsigned)s->kind, k = 1;
    if (!(pg >> (REC_LINE - REC_PARA) | lg >> (REC_SPAN - REC_LINE) | span >> (REC_GAP - REC_SPAN) |
          gap >> (REC_WORDS - REC_GAP) | s->words >> (REC_LEN - REC_WORDS) | s->len >> (32 - REC_LEN) |
          (kind + 1) >> REC_PARA)) {
        *b = (uint32_t)(kind | pg << REC_PARA | lg << REC_LINE | span << REC_SPAN | gap << REC_GAP |
                        s->words << REC_WORDS | s->len << REC_LEN);
    } else {
        memset(b, 0, (1 + WIDE_WORDS) * sizeof *b);
        b[0] = REC_WIDE;
        memcpy(b + 1, s, sizeof *s);
        k += WIDE_WORDS;
    }
    p->end = s->off + s->len;
    p->end_line = s->end_line;
    p->para = s->para;
    return k;
}

/* The sentences' entries, written from their records once the counts
 * that come before them are out (the text read a second time). */
typedef struct replay {
    out_buf *o;
    text_map *m;
    size_t n;
    parl_offsets c;
    rec_prev prev;
    size_t wide;                                /* words of a whole sentence still to come */
    uint32_t whole[WIDE_WORDS];
} replay;

/* The sentences are written SENT_BATCH at a time (parl_profile_sentences_json),
 * straight into the block while it has room for the longest entries. */
#define SENT_BATCH 64
#define SENT_JSON_MAX 488   /* a sentence's entry at most (json_doc.c's JSON_RECORD_MAX) */

/* The N sentences at S, the first the R->n + 1-th: as many at a time as
 * the block has room for at their longest, the block written out when it
 * has room for none (so it goes out nearly full). */
static int put_sentences(replay *r, const parl_sentence *s, size_t n)
{
    out_buf *o = r->o;
    text_map_passed(r->m, s[0].off);
    while (n) {
        size_t fit = (OUT_BUF_CAP - o->n) / SENT_JSON_MAX;
        if (!fit) {
            out_flush(o);
            continue;
        }
        size_t take = fit < n ? fit : n;
        parl_offsets to = r->c;
        size_t room = OUT_BUF_CAP - o->n, k = parl_profile_sentences_json(r->m->text, s, take, r->n + 1, &to,
                                                                           PARL_JSON_CURSOR_END, o->b + o->n, room);
        if (k < room) {
            o->n += k;
            r->c = to;
            r->n += take;
        } else {   /* longer than an entry can be: one at a time */
            for (size_t i = 0; i < take; i++)
                if (put_entry(o, r->m->text, NULL, &s[i], ++r->n, &r->c)) return 1;
        }
        s += take;
        n -= take;
    }
    return 0;
}

/* A run of COUNT record words (spill_replay): a whole sentence's may be
 * cut between two runs, so what is taken of it is kept in R. */
static int take_recs(const void *recs, size_t count, void *arg)
{
    replay *r = arg;
    const unsigned char *w = recs;
    rec_prev prev = r->prev;
    parl_sentence sb[SENT_BATCH];
    size_t nb = 0, wide = r->wide;
    int err = 0;
    for (size_t i = 0; i < count; i++) {
        parl_sentence *s = &sb[nb];
        uint32_t t;
        memcpy(&t, w + i * sizeof t, sizeof t);   /* the run may be a byte buffer */
        if (!wide && (t & 7) != REC_WIDE) {   /* the steps kept in registers */
            size_t off = prev.end + (t >> REC_GAP & 31), len = t >> REC_LEN,
                   line = prev.end_line + (t >> REC_LINE & 3), end_line = line + (t >> REC_SPAN & 7),
                   para = prev.para + (t >> REC_PARA & 1);
            s->off = off;
            s->len = len;
            s->line = line;
            s->end_line = end_line;
            s->para = para;
            s->words = t >> REC_WORDS & 127;
            s->kind = (parl_sentence_kind)(t & 7);
            prev.end = off + len;
            prev.end_line = end_line;
            prev.para = para;
        } else if (!wide) {
            wide = WIDE_WORDS;
            continue;
        } else {
            r->whole[WIDE_WORDS - wide] = t;
            if (--wide) continue;
            memcpy(s, r->whole, sizeof *s);
            prev.end = s->off + s->len;
            prev.end_line = s->end_line;
            prev.para = s->para;
        }
        if (++nb == SENT_BATCH) {
            if ((err = put_sentences(r, sb, nb))) break;
            nb = 0;
        }
    }
    if (!err && nb) err = put_sentences(r, sb, nb);
    r->prev = prev;
    r->wide = wide;
    return err;
}

static int profile_stream(text_map *m, const char *at, int sentences, parl_profile *p)
{
    out_buf *o = out_open(stdout);
    spill *paras = spill_open(PARA_MEM), *sents = sentences ? spill_open(SENT_MEM) : NULL;
    uint32_t *recs = sentences ? malloc(REC_BATCH * sizeof *recs) : NULL;   /* gathered records */
    if (!o || !paras || (sentences && (!sents || !recs))) {
        if (o && paras && sents) fputs("parlance: out of memory\n", stderr);
        spill_free(paras);
        spill_free(sents);
        free(recs);
        free(o);
        return 1;
    }
    parl_analysis a;
    parl_sentence s;
    parl_paragraph q;
    parl_offsets pc = { 0, 0, 0 };
    size_t np = 0, ns = 0, nr = 0;   /* words in RECS */
    rec_prev prev = { 0, 1, 0 };
    int ev, err = 0, give_back = m->len > TEXT_KEEP;
    parl_analysis_init(&a, m->text, m->len);
    while (!err && (ev = parl_analysis_next(&a, &s, &q))) {
        if (ev == PARL_ANALYSIS_PARAGRAPH) {
            size_t room, k;
            char *at = spill_room(paras, &room);   /* straight into the memory while it has room */
            parl_offsets to = pc;
            np++;
            if (at && (k = parl_profile_paragraph_json(m->text, &q, np, &to, PARL_JSON_CURSOR_END, at, room)) < room) {
                spill_wrote(paras, k);
                pc = to;
            } else {
                err = put_entry(spill_out(paras), m->text, &q, NULL, np, &pc);
            }
        } else {
            if (recs) {   /* a record: a fortieth of its JSON */
                if (nr > REC_BATCH - 1 - WIDE_WORDS) {
                    spill_put(sents, recs, nr * sizeof *recs);
                    nr = 0;
                }
                nr += put_rec(recs + nr, &s, &prev);
            }
            ns++;
            if (give_back) text_map_passed(m, s.off);
        }
    }
    if (nr) spill_put(sents, recs, nr * sizeof *recs);
    free(recs);
    parl_analysis_profile(&a, at, p);
    unsigned flags = sentences ? 0 : PARL_JSON_NO_SENTENCES;
    /* spill_copy and spill_replay free their spill; after a failure the rest are only freed */
    err = err || put_part(o, m, p, PARL_PROFILE_JSON_HEAD, 0, flags);
    err = err ? (spill_free(paras), 1) : spill_copy(paras, o);
    err = err || put_part(o, m, p, PARL_PROFILE_JSON_MIDDLE, np, flags);
    if (sents) {
        replay r = { o, m, 0, { 0, 0, 0 }, { 0, 1, 0 }, 0, { 0 } };
        text_map_rewind(m);
        err = err ? (spill_free(sents), 1) : spill_replay(sents, sizeof(uint32_t), take_recs, &r);
        err = err || put_part(o, m, p, PARL_PROFILE_JSON_TAIL, ns, flags);
    }
    out_close(o);
    return err;
}

int cmd_profile(int argc, char **argv)
{
    static const cli_opt opts[] = { { "--at", NULL, 1 }, { "--no-sentences", NULL, 0 }, { 0 } };
    cli_args args;
    if (cli_parse("profile", opts, argc, argv, &args)) return 2;
    if (args.npos > 1) return cli_usage_error("profile", "one FILE at a time, not also '%s'", args.pos[1]);
    const char *path = args.npos ? args.pos[0] : "-", *at = args.val[0];
    text_map m;
    if (text_map_open(path, &m)) return 1;
    char now[40];
    if (!at) { iso_now(now, sizeof now); at = now; }
    parl_profile p;
    int err = profile_stream(&m, at, !args.val[1], &p);
    if (!err && (p.invalid_utf8_bytes || p.nul_bytes))
        fprintf(stderr, "parlance: warning: %s: %zu invalid UTF-8 byte(s), %zu NUL byte(s)\n",
                path, p.invalid_utf8_bytes, p.nul_bytes);
    text_map_close(&m);
    return err;
}
