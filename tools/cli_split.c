/* SPDX-License-Identifier: MIT */
/* cli_split.c: `parlance split [--json|--jsonl] [FILE|-]`
 *
 * A file is mapped and split whole, its pages given back as they are passed
 * (tools/text_map.h). A pipe (standard input or a named FIFO) streams through the splitter in windows of
 * SPLIT_WINDOW bytes, so memory stays bounded whatever its size: after each
 * window the bytes of the unfinished sentence move to the front and the
 * rest is read behind them; a sentence longer than a window is cut (with a
 * warning). */
#include "cli.h"
#include "out_buf.h"
#include "json_internal.h"
#include "text_map.h"
#include "parlance.h"
#include <errno.h>
#include <stdint.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SPLIT_WINDOW (4u << 20)

enum { OUT_TEXT, OUT_JSON, OUT_JSONL };

/* space, tab, line feed, carriage return: one test of a bit set */
static int is_blank(unsigned char c) { return c <= ' ' && (0x100002600u >> c) & 1; }

/* The byte at S[*K] that needed a look, written at D (RUN: where the bytes
 * copied as they are begin): a NUL becomes U+FFFD, a blank run with a line
 * break in it one space. Returns the end of what is written; *K moves past
 * what was read. put_line's and line_wide's one way of doing it. */
static inline char *put_looked(const unsigned char *s, size_t n, size_t *k, char *d, const char *run)
{
    if (s[*k] == 0) {
        memcpy(d, "\xEF\xBF\xBD", 3);
        ++*k;
        return d + 3;
    }
    while (d > run && is_blank((unsigned char)d[-1])) d--;
    while (*k < n && is_blank(s[*k])) ++*k;
    *d++ = ' ';
    return d;
}

/* Index of the first byte from I below 0x0E (NUL, tab, the line ends and
 * other controls: the only bytes put_line changes or looks around), or N.
 * Eight bytes are tested at once: (x - 0x0E..) & ~x & 0x80.. is non-zero
 * exactly when some byte of x is below 0x0E. */
static size_t next_control(const unsigned char *s, size_t i, size_t n)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    for (; i + 8 <= n; i += 8) {
        uint64_t x;
        memcpy(&x, s + i, 8);
        if ((x - ones * 0x0E) & ~x & highs) break;
    }
    while (i < n && s[i] >= 0x0E) i++;
    return i;
}

/* One sentence on one line: blank runs that contain a line break become a
 * single space, NUL bytes become U+FFFD; other bytes are written as they
 * are, a run at a time between the bytes that need a look (for a sentence
 * too long for the output block; put_line does the rest in place). */
static void put_line_long(out_buf *o, const unsigned char *s, size_t n)
{
    size_t from = 0;
    for (size_t i = next_control(s, 0, n); i < n; i = next_control(s, i, n)) {
        if (s[i] == 0) {
            out_put(o, s + from, i - from);
            out_put(o, "\xEF\xBF\xBD", 3);
            from = ++i;
        } else if (s[i] == '\n' || s[i] == '\r') {
            size_t a = i, b = i;
            while (a > from && is_blank(s[a - 1])) a--;
            while (b < n && is_blank(s[b])) b++;
            out_put(o, s + from, a - from);
            out_put(o, " ", 1);
            from = i = b;
        } else {
            i++;
        }
    }
    out_put(o, s + from, n - from);
    out_put(o, "\n", 1);
}

/* STEP bytes of a sentence from S copied to D, each line break with a byte
 * above 0x20 on both sides (most of them) already a space; returns the bit
 * mask (lane 0 the lowest) of the bytes among the first LANES that need a
 * look of their own: NUL, CR, the other line breaks. Reads S[-1] to
 * S[STEP] and stores STEP bytes even when LANES is less: the caller makes
 * sure they are there and keeps room. A line break between two non-blanks
 * becomes a space (put_line_byte), so turning it into one here is the same;
 * treating every byte up to 0x20 as a blank only sends a few more the slow
 * way. */
#ifdef __SSE2__
#define STEP 16u
static inline unsigned copy_block(const unsigned char *s, char *d, size_t lanes)
{
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    __m128i p = _mm_loadu_si128((const __m128i *)(const void *)(s - 1));
    __m128i q = _mm_loadu_si128((const __m128i *)(const void *)(s + 1));
    __m128i sp = _mm_set1_epi8(0x20);
    __m128i nl = _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'));
    __m128i low = _mm_or_si128(_mm_cmpeq_epi8(_mm_min_epu8(p, sp), p), _mm_cmpeq_epi8(_mm_min_epu8(q, sp), q));
    __m128i quiet = _mm_andnot_si128(low, nl);
    _mm_storeu_si128((__m128i *)(void *)d, _mm_xor_si128(v, _mm_and_si128(quiet, _mm_set1_epi8(0x2A))));  /* '\n' ^ 0x2A is ' ' */
    __m128i look = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_setzero_si128()), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r')));
    look = _mm_or_si128(look, _mm_andnot_si128(quiet, nl));
    return (unsigned)_mm_movemask_epi8(look) & (unsigned)((1u << lanes) - 1);
}
#else
#define STEP 8u
static const uint64_t ONES = 0x0101010101010101u, LOWS = 0x7F7F7F7F7F7F7F7Fu;
/* 0x80 in each byte of X equal to C, or (below) under 0x21; exact: no
 * carry crosses bytes */
static uint64_t bytes_eq(uint64_t x, unsigned char c)
{
    uint64_t t = x ^ (ONES * c);
    return ~(((t & LOWS) + LOWS) | t | LOWS);
}
static uint64_t bytes_low(uint64_t x) { return ~(((x & LOWS) + ONES * 0x5F) | x) & ~LOWS; }
static inline unsigned copy_block(const unsigned char *s, char *d, size_t lanes)
{
    uint64_t x, p, q;
    memcpy(&x, s, 8);
    memcpy(&p, s - 1, 8);
    memcpy(&q, s + 1, 8);
    uint64_t nl = bytes_eq(x, '\n'), quiet = nl & ~bytes_low(p) & ~bytes_low(q);
    uint64_t y = x ^ ((quiet >> 7) * 0x2A);   /* '\n' ^ 0x2A is ' ' */
    memcpy(d, &y, 8);
    uint64_t m = bytes_eq(x, 0) | bytes_eq(x, '\r') | (nl & ~quiet);
    m = ((m >> 7) * 0x0102040810204080u) >> 56;   /* the 0x80 bits gathered, byte 0 lowest */
    return (unsigned)m & (unsigned)((1u << lanes) - 1);
}
#endif

#if defined(__x86_64__) && defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(PARL_NO_AVX2)
#include <immintrin.h>
#define WIDE 1
/* Processors with AVX2, known at run time (the program is built for any
 * x86-64): set once by cmd_split. */
static int wide_blocks;

/* copy_block's work 32 bytes a step over whole blocks of S[0..N) with the
 * byte after each inside it, up to a block with a byte that needs a look;
 * returns the bytes done. Reads S[-1]. */
__attribute__((target("avx2"))) static size_t copy_wide(const unsigned char *s, char *d, size_t n)
{
    const __m256i sp = _mm256_set1_epi8(0x20), lf = _mm256_set1_epi8('\n');
    size_t k = 0;
    for (; k + 32 < n; k += 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(s + k));
        __m256i p = _mm256_loadu_si256((const __m256i *)(const void *)(s + k - 1));
        __m256i q = _mm256_loadu_si256((const __m256i *)(const void *)(s + k + 1));
        __m256i nl = _mm256_cmpeq_epi8(v, lf);
        __m256i low = _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_min_epu8(p, sp), p),
                                      _mm256_cmpeq_epi8(_mm256_min_epu8(q, sp), q));
        __m256i quiet = _mm256_andnot_si256(low, nl);
        __m256i look = _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_setzero_si256()),
                                       _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\r')));
        if (_mm256_movemask_epi8(_mm256_or_si256(look, _mm256_andnot_si256(quiet, nl)))) break;
        _mm256_storeu_si256((__m256i *)(void *)(d + k),
                            _mm256_xor_si256(v, _mm256_and_si256(quiet, _mm256_set1_epi8(0x2A))));
    }
    return k;
}

/* copy_block's work on the 32 bytes at S, stored at D: the mask of the
 * bytes that need a look. Reads S[-1] to S[32]. A line break stays one
 * when the smaller of its neighbours is a blank (up to 0x20); NUL and CR
 * are the bytes whose low half picks themselves out of ZCR. */
__attribute__((target("avx2"), always_inline)) static inline unsigned block_wide(const unsigned char *s, char *d)
{
    const __m256i zcr = _mm256_setr_epi8(0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 13, -1, -1,
                                         0, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 13, -1, -1);
    __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)s);
    __m256i pq = _mm256_min_epu8(_mm256_loadu_si256((const __m256i *)(const void *)(s - 1)),
                                 _mm256_loadu_si256((const __m256i *)(const void *)(s + 1)));
    __m256i nl = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\n'));
    __m256i high = _mm256_cmpeq_epi8(_mm256_max_epu8(pq, _mm256_set1_epi8(0x21)), pq);   /* both above 0x20 */
    _mm256_storeu_si256((__m256i *)(void *)d, _mm256_blendv_epi8(v, _mm256_set1_epi8(' '), _mm256_and_si256(nl, high)));
    __m256i look = _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_shuffle_epi8(zcr, v), v), _mm256_andnot_si256(high, nl));
    return (unsigned)_mm256_movemask_epi8(look);
}

/* A whole sentence at S (N bytes) on one line at D, 64 bytes a step (two
 * blocks, one mask), the last step's mask cut to the sentence; returns the
 * end of the line written. Reads S[-1] to S[N + 63] and stores up to
 * 3 * N + 65 bytes from D (a step stores 64 bytes wherever it stops): the
 * caller makes sure of both. put_line's work, the bytes that need a look
 * handled the same way. */
__attribute__((target("avx2,bmi,bmi2"), always_inline)) static inline char *line_wide(const unsigned char *s, size_t n, char *d)
{
    char *run = d;   /* where the bytes copied as they are begin */
    size_t k = 0;
    for (;;) {
        uint64_t m = block_wide(s + k, d) | (uint64_t)block_wide(s + k + 32, d + 32) << 32;
        size_t rest = n - k;
        m = _bzhi_u64(m, (unsigned)(rest < 64 ? rest : 64));
        if (m) {
            size_t lane = _tzcnt_u64(m);
            d += lane;
            k += lane;
            run = d = put_looked(s, n, &k, d, run);
            if (k == n) break;
            continue;
        }
        if (rest <= 64) {
            d += rest;
            break;
        }
        d += 64;
        k += 64;
    }
    *d++ = '\n';
    return d;
}
#endif

/* One sentence on one line: blank runs that contain a line break become a
 * single space, NUL bytes become U+FFFD; other bytes are written as they
 * are. Straight into the output block, a block of STEP bytes a step between
 * the bytes that need a look; the last block of a sentence reads and
 * stores past its end rather than going byte by byte. TEXT and END bound
 * the text in memory: a block is read only inside them, with a byte to
 * spare on each side. */
static void put_line(out_buf *o, const unsigned char *s, size_t n, const unsigned char *text,
                     const unsigned char *end)
{
    if (3 * n + STEP + 1 > OUT_BUF_CAP - o->n) {   /* a NUL grows to three bytes */
        out_flush(o);
        if (3 * n + STEP + 1 > OUT_BUF_CAP) { put_line_long(o, s, n); return; }
    }
    char *d = o->b + o->n, *run = d;   /* RUN: where the bytes copied as they are begin */
    size_t k = 0;
    while (k < n) {
        unsigned m;
        size_t lanes = n - k < STEP ? n - k : STEP;
        if (k + STEP < n && s + k > text) {
            /* whole blocks with the byte after each inside the sentence: no
             * bound to check but the loop's */
#ifdef WIDE
            if (wide_blocks) {
                size_t w = copy_wide(s + k, d, n - k);
                d += w;
                k += w;
                if (k + STEP >= n) continue;
            }
#endif
            do {
                m = copy_block(s + k, d, STEP);
                if (m) break;
                d += STEP;
                k += STEP;
            } while (k + STEP < n);
            if (!m) continue;
        } else if (s + k > text && (size_t)(end - (s + k)) > STEP) {
            m = copy_block(s + k, d, lanes);
        } else {   /* the text's first or last bytes */
            m = 0;
            for (size_t i = 0; i < lanes; i++) {
                unsigned char c = s[k + i];
                d[i] = (char)c;
                m |= (unsigned)(c == 0 || c == '\n' || c == '\r') << i;
            }
        }
        if (!m) { d += lanes; k += lanes; continue; }
        size_t lane = (size_t)__builtin_ctz(m);
        d += lane;
        k += lane;
        run = d = put_looked(s, n, &k, d, run);
    }
    *d++ = '\n';
    o->n = (size_t)(d - o->b);
}

#ifdef WIDE
/* The text form's loop over the sentences parl_split_next finds in the
 * window WIN (HAVE bytes): each through line_wide when it can read a step
 * past the sentence (and the byte before it) inside the window, else
 * through put_line; the output block's end kept in a local, checked once
 * a sentence. M: the mapping whose pages are given back as they are
 * passed (looked at each time the block is written), or NULL. */
__attribute__((target("avx2,bmi,bmi2"))) static void lines_wide(parl_splitter *it, out_buf *o, const unsigned char *win,
                                                             size_t have, text_map *m)
{
    parl_sentence s;
    /* line_wide reads 64 bytes past a sentence; it stores 3 * N + 65 bytes at most */
    const unsigned char *lim = have >= 64 ? win + have - 64 : win;
    char *d = o->b + o->n, *dlim = o->b + OUT_BUF_CAP - 65;
    while (parl_split_next(it, &s)) {
        const unsigned char *p = win + (s.off - it->base);
        size_t n = s.len;
        if (__builtin_expect(3 * n > (size_t)(dlim - d), 0)) {
            o->n = (size_t)(d - o->b);
            out_flush(o);
            d = o->b;
            if (m) text_map_passed(m, s.off);
            if (3 * n > (size_t)(dlim - d)) goto by_line;
        }
        if (__builtin_expect(p == win || p + n > lim, 0)) goto by_line;
        d = line_wide(p, n, d);
        continue;
    by_line:
        o->n = (size_t)(d - o->b);
        put_line(o, p, n, win, win + have);
        d = o->b + o->n;
    }
    o->n = (size_t)(d - o->b);
}
#endif

/* out_json may call a writer more than once: each call starts from the
 * cursor FROM, and TO holds where the last one left it (the sentence's end:
 * each byte counted once). */
typedef struct sentence_req {
    const char *win;
    size_t base, index;
    const parl_sentence *s;
    const parl_offsets *from;
    parl_offsets *to;
} sentence_req;

static size_t sentence_write(const void *arg, char *out, size_t cap)
{
    const sentence_req *r = arg;
    *r->to = *r->from;
    return parl_sentence_json(r->win, r->base, r->s, r->index, r->to, PARL_JSON_CURSOR_END, out, cap);
}

typedef struct text_req {
    const char *s;
    size_t n;
} text_req;

static size_t text_write(const void *arg, char *out, size_t cap)
{
    const text_req *t = arg;
    return parl_json_string(t->s, t->n, out, cap);
}

static void put_sentence(out_buf *o, int mode, const unsigned char *win, size_t base,
                         size_t have, const parl_sentence *s, size_t index, parl_offsets *cc)
{
    const unsigned char *p = win + (s->off - base);
    if (mode == OUT_TEXT) { put_line(o, p, s->len, win, win + have); return; }
    if (mode == OUT_JSON) {
        out_put(o, index ? ",\n  " : "\n  ", index ? 4 : 3);
        text_req t = { (const char *)p, s->len };
        out_json(o, text_write, &t);
        return;
    }
    parl_offsets to = *cc;
    sentence_req r = { (const char *)win, base, index + 1, s, cc, &to };
    out_json(o, sentence_write, &r);
    *cc = to;
    out_put(o, "\n", 1);
}

/* The JSON forms' loop over the sentences parl_split_next finds in the
 * window WIN (HAVE bytes): each written in place when it fits in what is
 * left of the output block (put_sentence's work without its calls through
 * out_put and out_json), else through put_sentence. *INDEX: sentences
 * written so far; M: the mapping whose pages are given back, or NULL. */
static void json_lines(parl_splitter *it, out_buf *o, int mode, const unsigned char *win, size_t have,
                       text_map *m, size_t *index, parl_offsets *cc)
{
    parl_sentence s;
    size_t ascii_from = 0, ascii_to = 0;   /* bytes known to be ASCII (parl__sentence_json) */
    while (parl_split_next(it, &s)) {
        size_t room = OUT_BUF_CAP - o->n, i = (*index)++;
        char *d = o->b + o->n;
        if (mode == OUT_JSON) {
            /* ",\n  " and the string: six bytes a byte at most, the quotes and a NUL */
            if (room > 8 && s.len < (room - 8) / 6) {
                size_t sep = i ? 4 : 3;
                memcpy(d, &",\n  "[i ? 0 : 1], sep);
                o->n += sep + parl_json_string((const char *)win + (s.off - it->base), s.len, d + sep, room - sep);
            } else {
                put_sentence(o, mode, win, it->base, have, &s, i, cc);
            }
        } else {
            parl_offsets to = *cc;
            size_t end = s.off + s.len, win_end = it->base + have;
            if (end > ascii_to || cc->byte < ascii_from) {   /* a stretch ahead looked at once */
                ascii_from = cc->byte;
                ascii_to = ascii_from < it->base ? 0
                                                 : parl__ascii_ahead((const char *)win, it->base, ascii_from, end, win_end);
            }
            if (room < 6 * s.len + 600 && o->n) {   /* room for the longest, no retry */
                out_flush(o);
                room = OUT_BUF_CAP;
                d = o->b;
            }
            size_t k = parl__sentence_json((const char *)win, it->base, &s, i + 1, &to, PARL_JSON_CURSOR_END,
                                           ascii_to, d, room);
            if (k + 1 < room) {   /* the object, its NUL replaced by the line end */
                d[k] = '\n';
                o->n += k + 1;
                *cc = to;
            } else {
                put_sentence(o, mode, win, it->base, have, &s, i, cc);
            }
        }
        if (m) text_map_passed(m, s.off);
    }
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
#ifdef WIDE
    wide_blocks = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
                  __builtin_cpu_supports("bmi2") && !getenv("PARLANCE_NO_AVX2");
#endif
    const char *path = a.npos ? a.pos[0] : "-";
    text_map m;
    int mapped = text_map_file(path, &m);
    if (mapped == 1) return 1;
    FILE *in = mapped == 0 ? NULL : m.fd == 0 ? stdin : fdopen(m.fd, "rb");
    if (mapped && !in) { fprintf(stderr, "parlance: %s: %s\n", path, strerror(errno)); close(m.fd); return 1; }
    unsigned char *buf = in ? malloc(SPLIT_WINDOW) : (unsigned char *)m.text;
    out_buf *o = out_open(stdout);
    if (!buf || !o) {
        if (!buf) fprintf(stderr, "parlance: out of memory\n");
        if (in) free(buf);
        else text_map_close(&m);
        free(o);
        return 1;
    }

    /* a file is mapped and split whole; a pipe is read a window at a time */
    int eof = !in, cuts = 0;
    size_t have = in ? fill(in, buf, 0, SPLIT_WINDOW, &eof) : m.len, index = 0;
    parl_splitter it;
    parl_sentence s;
    parl_offsets cc = { 0, 0, 0 };
    parl_split_init(&it, (const char *)buf, have, eof ? 0 : PARL_SPLIT_MORE);
    if (mode == OUT_JSON) out_put(o, "[", 1);
    for (;;) {
#ifdef WIDE
        if (mode == OUT_TEXT && wide_blocks) lines_wide(&it, o, buf, have, in ? NULL : &m);
        else
#endif
        if (mode != OUT_TEXT) json_lines(&it, o, mode, buf, have, in ? NULL : &m, &index, &cc);
        else
        while (parl_split_next(&it, &s)) {
            put_sentence(o, mode, buf, it.base, have, &s, index++, &cc);
            if (!in) text_map_passed(&m, s.off);
        }
        if (!(it.flags & PARL_SPLIT_MORE)) break;
        size_t keep = parl_split_pending(&it);
        if (keep == 0 && have == SPLIT_WINDOW) {   /* one sentence fills the window */
            if (parl_split_force(&it, &s)) put_sentence(o, mode, buf, it.base, have, &s, index++, &cc);
            cuts++;
            continue;
        }
        if (mode == OUT_JSONL && it.base + keep > cc.byte)   /* count what leaves the window */
            parl_offsets_advance(&cc, (const char *)buf, it.base, it.base + keep);
        memmove(buf, buf + keep, have - keep);
        have = fill(in, buf, have - keep, SPLIT_WINDOW, &eof);
        parl_split_feed(&it, (const char *)buf, have, !eof);
    }
    if (mode == OUT_JSON) out_put(o, index ? "\n]\n" : "]\n", index ? 3 : 2);
    out_close(o);
    int err = in && ferror(in);
    if (in && in != stdin) fclose(in);
    if (in) free(buf);
    else text_map_close(&m);
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
