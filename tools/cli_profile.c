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

/* A sentence's record: 16 bytes, its fields as steps from the sentence
 * before it (25 MB of fortunes: 4.7 MB of records instead of 16 MB of
 * parl_sentence: fewer pages to fault in, or huge pages to find, whose
 * compaction cost a run that followed another program up to 40 ms).
 * A sentence whose steps do not fit goes whole, in the WIDE_SLOTS slots
 * behind a slot tagged SLOT_WIDE. */
typedef struct sent_slot {
    uint32_t gap, len, words;   /* off - the end of the sentence before; len; words */
    uint16_t span;              /* end_line - line */
    uint8_t line_gap;           /* line - the end_line of the sentence before */
    uint8_t tag;                /* kind | (para - the para before) << 3, or SLOT_WIDE */
} sent_slot;
#define SLOT_WIDE 0xff
#define WIDE_SLOTS ((sizeof(parl_sentence) + sizeof(sent_slot) - 1) / sizeof(sent_slot))

typedef struct slot_prev {
    size_t end, end_line, para;
} slot_prev;

static void slot_step(slot_prev *p, const parl_sentence *s)
{
    p->end = s->off + s->len;
    p->end_line = s->end_line;
    p->para = s->para;
}

static void put_slot(spill *sp, const parl_sentence *s, slot_prev *p)
{
    if (s->off >= p->end && s->off - p->end <= UINT32_MAX && s->len <= UINT32_MAX && s->words <= UINT32_MAX &&
        s->end_line >= s->line && s->end_line - s->line <= UINT16_MAX && s->line >= p->end_line &&
        s->line - p->end_line <= UINT8_MAX && s->para >= p->para && s->para - p->para <= 31 &&
        (unsigned)s->kind <= 7) {
        sent_slot t = { (uint32_t)(s->off - p->end), (uint32_t)s->len, (uint32_t)s->words,
                        (uint16_t)(s->end_line - s->line), (uint8_t)(s->line - p->end_line),
                        (uint8_t)((unsigned)s->kind | (s->para - p->para) << 3) };
        spill_put(sp, &t, sizeof t);
    } else {
        sent_slot w[1 + WIDE_SLOTS];
        memset(w, 0, sizeof w);
        w[0].tag = SLOT_WIDE;
        memcpy(w + 1, s, sizeof *s);
        spill_put(sp, w, sizeof w);
    }
    slot_step(p, s);
}

/* The sentences' entries, written from their records once the counts
 * that come before them are out (the text read a second time). */
typedef struct replay {
    out_buf *o;
    text_map *m;
    size_t n;
    parl_offsets c;
    slot_prev prev;
    size_t wide;                                /* slots of a whole sentence still to come */
    unsigned char whole[WIDE_SLOTS * sizeof(sent_slot)];
} replay;

static int put_sentence(replay *r, const parl_sentence *s)
{
    text_map_passed(r->m, s->off);
    /* in place when it fits in what is left of the block (put_entry's work
     * without the calls through out_json) */
    out_buf *o = r->o;
    parl_offsets to = r->c;
    size_t room = OUT_BUF_CAP - o->n,
           k = parl_profile_sentence_json(r->m->text, s, r->n + 1, &to, PARL_JSON_CURSOR_END, o->b + o->n, room);
    if (k < room) {
        o->n += k;
        r->c = to;
        r->n++;
        return 0;
    }
    return put_entry(o, r->m->text, NULL, s, ++r->n, &r->c);
}

static int take_slot(const void *rec, void *arg)
{
    replay *r = arg;
    parl_sentence s;
    sent_slot t;
    memcpy(&t, rec, sizeof t);
    if (r->wide) {
        memcpy(r->whole + (WIDE_SLOTS - r->wide) * sizeof t, &t, sizeof t);
        if (--r->wide) return 0;
        memcpy(&s, r->whole, sizeof s);
    } else if (t.tag == SLOT_WIDE) {
        r->wide = WIDE_SLOTS;
        return 0;
    } else {
        s.off = r->prev.end + t.gap;
        s.len = t.len;
        s.line = r->prev.end_line + t.line_gap;
        s.end_line = s.line + t.span;
        s.para = r->prev.para + (t.tag >> 3);
        s.words = t.words;
        s.kind = (parl_sentence_kind)(t.tag & 7);
    }
    slot_step(&r->prev, &s);
    return put_sentence(r, &s);
}

static int profile_stream(text_map *m, const char *at, int sentences, parl_profile *p)
{
    out_buf *o = out_open(stdout);
    spill *paras = spill_open(PARA_MEM), *sents = sentences ? spill_open(SENT_MEM) : NULL;
    if (!o || !paras || (sentences && !sents)) {
        spill_free(paras);
        spill_free(sents);
        free(o);
        return 1;
    }
    parl_analysis a;
    parl_sentence s;
    parl_paragraph q;
    parl_offsets pc = { 0, 0, 0 };
    size_t np = 0, ns = 0;
    slot_prev prev = { 0, 1, 0 };
    int ev, err = 0;
    parl_analysis_init(&a, m->text, m->len);
    while (!err && (ev = parl_analysis_next(&a, &s, &q))) {
        if (ev == PARL_ANALYSIS_PARAGRAPH) {
            err = put_entry(spill_out(paras), m->text, &q, NULL, ++np, &pc);
        } else {
            if (sents) put_slot(sents, &s, &prev);   /* a record: a tenth of its JSON */
            ns++;
            if (m->len > TEXT_KEEP) text_map_passed(m, s.off);
        }
    }
    parl_analysis_profile(&a, at, p);
    unsigned flags = sentences ? 0 : PARL_JSON_NO_SENTENCES;
    /* spill_copy and spill_replay free their spill; after a failure the rest are only freed */
    err = err || put_part(o, m, p, PARL_PROFILE_JSON_HEAD, 0, flags);
    err = err ? (spill_free(paras), 1) : spill_copy(paras, o);
    err = err || put_part(o, m, p, PARL_PROFILE_JSON_MIDDLE, np, flags);
    if (sents) {
        replay r = { o, m, 0, { 0, 0, 0 }, { 0, 1, 0 }, 0, { 0 } };
        text_map_rewind(m);
        err = err ? (spill_free(sents), 1) : spill_replay(sents, sizeof(sent_slot), take_slot, &r);
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
