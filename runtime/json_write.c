/* SPDX-License-Identifier: MIT */
/* json_write.c: the JSON writer every result goes through (strings escaped
 * once, here), and offsets converted between UTF-8 bytes, code points and
 * UTF-16 code units. */
#include <string.h>
#include "json_internal.h"
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define JSON_SSE2 1
#elif defined(__ARM_NEON) && defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#include <arm_neon.h>
#define JSON_NEON 1
#endif
#include "split_internal.h"

void parl__json_cut(parl__json *j, const char *s)
{
    if (j->n < j->cap) memcpy(j->out + j->n, s, j->cap - j->n);
}

/* The digits of V at P, two a step from a table of the hundred pairs;
 * returns their end (at most 20 bytes). */
char *parl__json_put_uint(char *p, uint64_t v)
{
    static const char pairs[201] =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
        "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
        "8081828384858687888990919293949596979899";
    size_t digits = 1;
    for (uint64_t t = v; t >= 10; t /= 10) digits++;
    char *e = p + digits;
    while (v >= 100) {
        unsigned r = (unsigned)(v % 100) * 2;
        v /= 100;
        *--e = pairs[r + 1];
        *--e = pairs[r];
    }
    if (v >= 10) {
        *--e = pairs[v * 2 + 1];
        *--e = pairs[v * 2];
    } else *--e = (char)('0' + v);
    return p + digits;
}

/* Numbers the inline fast path of json_internal.h leaves: 10^8 and over,
 * or too close to the end of OUT. */
void parl__json_uint_slow(parl__json *j, uint64_t v)
{
    char b[20];
    parl__json_raw(j, b, (size_t)(parl__json_put_uint(b, v) - b));
}

void parl__json_int(parl__json *j, int64_t v)
{
    if (v < 0) parl__json_raw(j, "-", 1);
    parl__json_uint(j, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v);
}

void parl__json_bool(parl__json *j, bool v) { parl__json_lit(j, v ? "true" : "false"); }

/* printf's "%.2f" without printf (the runtime has no stdio): V is
 * M * 2^-S exactly, so 100 * V is compared with the halfway points in
 * integers, and a tie goes to the even neighbour as in correctly rounded
 * printf. Values from 2^53 on are integers already. */
void parl__json_fixed2(parl__json *j, double v)
{
    if (!(v == v)) { parl__json_lit(j, "nan"); return; }
    if (v < 0) { parl__json_raw(j, "-", 1); v = -v; }
    uint64_t hundredths;
    if (v >= 9007199254740992.0) hundredths = (uint64_t)v * 100u;   /* beyond any count here */
    else {
        int e = 0;
        double f = v;
        while (f >= 1.0) { f /= 2; e++; }          /* v = f * 2^e, f in [0.5, 1) or 0 */
        while (f != 0 && f < 0.5) { f *= 2; e--; }
        uint64_t m = (uint64_t)(f * 9007199254740992.0);   /* exact: f has 53 bits */
        int s = 53 - e;                                    /* v = m / 2^s */
        if (s <= 0) hundredths = m * 100u;                 /* an integer */
        else if (s >= 62) hundredths = 0;                  /* 100 * v < 1/2 */
        else {
            uint64_t x = m * 100u, half = (uint64_t)1 << (s - 1);
            hundredths = x >> s;
            uint64_t r = x & (((uint64_t)1 << s) - 1);
            if (r > half || (r == half && (hundredths & 1))) hundredths++;
        }
    }
    char b[4] = { '.', (char)('0' + hundredths / 10 % 10), (char)('0' + hundredths % 10), 0 };
    parl__json_uint(j, hundredths / 100);
    parl__json_raw(j, b, 3);
}

size_t parl__utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t k = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (!k || k > n || (k == 2 && c < 0xC2) || (k == 4 && c > 0xF4)) return 0;
    for (size_t i = 1; i < k; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    if (k == 3 && ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0))) return 0;
    if (k == 4 && ((c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90))) return 0;
    return k;
}

/* The JSON form of the ASCII byte C into E (at most 6 bytes); its length.
 * The two-byte escapes from a table: a chain of compares mispredicted on
 * text with line breaks, tabs and quotes in every sentence. */
static inline size_t json_ascii_form(unsigned c, char *e)
{
    static const char hex[] = "0123456789abcdef";
    static const char short_form[128] = { ['"'] = '"', ['\\'] = '\\', ['\n'] = 'n', ['\r'] = 'r', ['\t'] = 't' };
    e[0] = '\\';
    e[1] = short_form[c & 127];
    if (e[1]) return 2;
    if (c < 0x20 || c == 0x7f) {
        e[1] = 'u'; e[2] = '0'; e[3] = '0'; e[4] = hex[c >> 4]; e[5] = hex[c & 15];
        return 6;
    }
    e[0] = (char)c;
    return 1;
}

static void json_ascii(parl__json *j, unsigned c)
{
    char e[6];
    parl__json_raw(j, e, json_ascii_form(c, e));
}

/* Settles the pending bytes: a complete valid sequence is written as it
 * is, an invalid first byte as U+FFFD (the rest is looked at again). An
 * incomplete sequence waits for the next part unless FINAL. */
static void json_settle(parl__json *j, int final)
{
    while (j->npend) {
        unsigned c = j->pend[0];
        if (c < 0x80) {   /* the byte that ended a cut sequence */
            json_ascii(j, c);
            memmove(j->pend, j->pend + 1, --j->npend);
            continue;
        }
        size_t k = (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (k && j->npend < k && !final) return;
        size_t take = k && parl__utf8_len(j->pend, j->npend) == k ? k : 1;
        if (take == k) parl__json_raw(j, (const char *)j->pend, k);
        else parl__json_raw(j, "\\ufffd", 6);
        j->npend -= (unsigned)take;
        memmove(j->pend, j->pend + take, j->npend);
    }
}

/* The end of the run of bytes from I that JSON keeps as they are (printable
 * ASCII but '"' and '\\'). Eight bytes a step: with x the bytes, a byte
 * below 0x20, at 0x7f or above, or equal to '"' or '\\' sets the high bit
 * of its lane in the mask (the borrow of a lane only reaches lanes that
 * are themselves flagged, so the first flagged lane is exact). */
static uint64_t json_special(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    uint64_t q = x ^ (ones * '"'), b = x ^ (ones * '\\');
    return ((((x - ones * 0x20) | (q - ones) | (b - ones) | (x + ones)) & ~x) | x) & highs;
}

static int json_plain(unsigned c) { return c >= 0x20 && c < 0x7f && c != '"' && c != '\\'; }

static size_t json_plain_run(const unsigned char *s, size_t i, size_t n)
{
    for (; i + 8 <= n; i += 8) {
        uint64_t x;
        memcpy(&x, s + i, 8);
        if (json_special(x)) break;
    }
    while (i < n && json_plain(s[i])) i++;
    return i;
}

#if defined(JSON_SSE2) || defined(JSON_NEON)
/* The 16 bytes at S stored at D; the index of the first that JSON does not
 * keep as it is (below 0x20, '"', '\\', 0x7f and up), or 16. */
static size_t plain16(const unsigned char *s, char *d)
{
#ifdef JSON_SSE2
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    _mm_storeu_si128((__m128i *)(void *)d, v);
    __m128i low = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
    __m128i high = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x7F)), v);
    __m128i q = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
    unsigned mk = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(low, high), q));
    return mk ? (size_t)__builtin_ctz(mk) : 16;
#else
    uint8x16_t v = vld1q_u8(s);
    vst1q_u8((uint8_t *)(void *)d, v);
    uint8x16_t m = vorrq_u8(vorrq_u8(vcltq_u8(v, vdupq_n_u8(0x20)), vcgeq_u8(v, vdupq_n_u8(0x7F))),
                            vorrq_u8(vceqq_u8(v, vdupq_n_u8('"')), vceqq_u8(v, vdupq_n_u8('\\'))));
    /* no movemask: narrowing by four bits leaves a nibble per lane */
    uint64_t mk = vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(m), 4)), 0);
    return mk ? (size_t)__builtin_ctzll(mk) / 4 : 16;
#endif
}
#endif

#ifdef JSON_SSE2
/* The 16 bytes at S stored at D but for the first BACK lanes, which keep
 * D's bytes (output already written); the index, from lane BACK, of the
 * first byte JSON does not keep as it is, or 16 - BACK. */
static size_t tail16(const unsigned char *s, char *d, size_t back)
{
    static const unsigned char sel[32] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                           0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                           0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF };
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    __m128i k = _mm_loadu_si128((const __m128i *)(const void *)(sel + 16 - back));
    __m128i old = _mm_loadu_si128((const __m128i *)(const void *)d);
    _mm_storeu_si128((__m128i *)(void *)d, _mm_or_si128(_mm_and_si128(k, v), _mm_andnot_si128(k, old)));
    __m128i low = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v);
    __m128i high = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x7F)), v);
    __m128i q = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
    unsigned mk = (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(low, high), q)) >> back;
    return mk ? (size_t)__builtin_ctz(mk) : 16 - back;
}
#endif

/* parl__json_part when the output has room for the worst case (six bytes
 * a byte, and sixteen more for a step's store): 8 or 16 bytes are stored, then
 * looked at, and the writer's position moves past the plain ones (the
 * lowest flagged lane of the mask is exact: only a flagged lane borrows or
 * carries). Returns where it stopped: N, or a byte that is not part of a
 * whole valid sequence (for the careful loop). */
static size_t json_part_fast(parl__json *j, const unsigned char *s, size_t i, size_t n)
{
    char *d = j->out + j->n;
    while (i < n) {
        uint64_t x, m;
#if defined(JSON_SSE2) || defined(JSON_NEON)
        if (n - i >= 16) {   /* sixteen bytes a step */
            size_t lane = plain16(s + i, d);
            d += lane;
            i += lane;
            if (lane == 16) continue;
        } else
#endif
#ifdef JSON_SSE2
        if (n >= 16 && (size_t)(d - j->out) >= 16 - (n - i)) {
            /* the last bytes: the 16 that end at N, stored to end where
             * they go, the lanes before I keeping what is there */
            size_t back = 16 - (n - i), lane = tail16(s + n - 16, d - back, back);
            d += lane;
            i += lane;
            if (i == n) break;
        } else
#endif
        if (n - i >= 8) {
            memcpy(&x, s + i, 8);
            memcpy(d, &x, 8);
            if (!(m = json_special(x))) { d += 8; i += 8; continue; }
#if (defined(__GNUC__) || defined(__clang__)) && defined(__BYTE_ORDER__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            size_t lane = (size_t)__builtin_ctzll(m) / 8;   /* byte j is lane j */
#else
            /* byte order unknown or big-endian (there byte 0 is the
             * highest lane, and a lane above the first flagged byte may
             * be flagged by its borrow): the first byte that is not plain,
             * which M says is among these 8 */
            size_t lane = 0;
            while (json_plain(s[i + lane])) lane++;
#endif
            d += lane;
            i += lane;
        } else {
            while (i < n && json_plain(s[i])) *d++ = (char)s[i++];
            if (i == n) break;
        }
        if (s[i] < 0x80) { d += json_ascii_form(s[i++], d); continue; }
        size_t k = parl__utf8_len(s + i, n - i);
        if (!k) break;
        memcpy(d, s + i, k);
        d += k;
        i += k;
    }
    j->n = (size_t)(d - j->out);
    return i;
}

void parl__json_part(parl__json *j, const char *str, size_t n)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    if (!j->npend && j->n <= j->cap && j->cap - j->n > 16 && n < (j->cap - j->n - 16) / 6)
        i = json_part_fast(j, s, 0, n);
    for (; i < n;) {
        if (!j->npend && s[i] < 0x80) {   /* runs of plain ASCII in one copy */
            size_t k = json_plain_run(s, i, n);
            if (k > i) { parl__json_raw(j, str + i, k - i); i = k; continue; }
            json_ascii(j, s[i++]);
            continue;
        }
        if (!j->npend) {   /* a whole valid sequence in this part: no detour */
            size_t k = parl__utf8_len(s + i, n - i);
            if (k) { parl__json_raw(j, str + i, k); i += k; continue; }
        }
        j->pend[j->npend++] = s[i++];
        json_settle(j, 0);
    }
}

void parl__json_close(parl__json *j)
{
    if (j->npend) json_settle(j, 1);
    parl__json_raw(j, "\"", 1);
}

void parl__json_str(parl__json *j, const char *s, size_t n)
{
    parl__json_open(j);
    parl__json_part(j, s, n);
    parl__json_close(j);
}

void parl__json_cstr(parl__json *j, const char *s)
{
    if (s) parl__json_str(j, s, strlen(s));
    else parl__json_lit(j, "null");
}

void parl__json_name(parl__json *j, const char *s)
{
    if (s && *s) parl__json_str(j, s, strlen(s));
    else parl__json_lit(j, "null");
}

size_t parl__utf8_put(unsigned v, char out[4])
{
    if (v < 0x80) { out[0] = (char)v; return 1; }
    if (v < 0x800) { out[0] = (char)(0xC0 | v >> 6); out[1] = (char)(0x80 | (v & 63)); return 2; }
    if (v < 0x10000) {
        out[0] = (char)(0xE0 | v >> 12); out[1] = (char)(0x80 | (v >> 6 & 63)); out[2] = (char)(0x80 | (v & 63));
        return 3;
    }
    out[0] = (char)(0xF0 | v >> 18); out[1] = (char)(0x80 | (v >> 12 & 63));
    out[2] = (char)(0x80 | (v >> 6 & 63)); out[3] = (char)(0x80 | (v & 63));
    return 4;
}

size_t parl_json_string(const char *s, size_t n, char *out, size_t cap)
{
    parl__json j;
    parl__json_init(&j, out, cap);
    parl__json_str(&j, s ? s : "", s ? n : 0);
    return parl__json_end(&j);
}

/* ------------------------------------------------------------------ offsets */


size_t parl__ascii_end(const char *win, size_t base, size_t i, size_t end)
{
    const unsigned char *w = (const unsigned char *)win, *p = w + (i - base), *e = w + (end - base);
    if (i >= end) return i;
#ifdef JSON_SSE2
    for (; e - p >= 64; p += 64) {   /* four loads, one test */
        __m128i a = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)p),
                                 _mm_loadu_si128((const __m128i *)(const void *)(p + 16)));
        __m128i b = _mm_or_si128(_mm_loadu_si128((const __m128i *)(const void *)(p + 32)),
                                 _mm_loadu_si128((const __m128i *)(const void *)(p + 48)));
        if (_mm_movemask_epi8(_mm_or_si128(a, b))) break;
    }
    for (; e - p >= 16; p += 16)
        if (_mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(const void *)p))) break;
#elif defined(JSON_NEON)
    for (; e - p >= 64; p += 64)
        if (vmaxvq_u8(vorrq_u8(vorrq_u8(vld1q_u8(p), vld1q_u8(p + 16)),
                               vorrq_u8(vld1q_u8(p + 32), vld1q_u8(p + 48)))) >= 0x80) break;
    for (; e - p >= 16; p += 16)
        if (vmaxvq_u8(vld1q_u8(p)) >= 0x80) break;
#endif
    for (; e - p >= 8; p += 8) {   /* the word with the first high byte, found below */
        uint64_t x;
        memcpy(&x, p, 8);
        if (x & 0x8080808080808080u) break;
    }
    while (p < e && *p < 0x80) p++;
    return base + (size_t)(p - w);
}

/* Code points count as parl_char_count() does (an invalid byte as one);
 * a UTF-16 string needs two units for a four-byte sequence (U+10000 on). */
void parl_offsets_advance(parl_offsets *c, const char *win, size_t base, size_t off)
{
    const unsigned char *s = (const unsigned char *)win;
    size_t i = c->byte, chars = 0, extra = 0, n;
    if (i < off && parl__ascii_end(win, base, i, off) == off) {   /* most spans of most texts */
        c->chars += off - i;
        c->utf16 += off - i;
        c->byte = off;
        return;
    }
    while (i < off) {
        if (s[i - base] < 0x80) {   /* ASCII 32 and 8 bytes a step: a character each */
            const uint64_t highs = 0x8080808080808080u;
            uint64_t x[4];
            while (off - i >= 32 && (memcpy(x, s + (i - base), 32),
                                     !((x[0] | x[1] | x[2] | x[3]) & highs))) {
                i += 32;
                chars += 32;
            }
            while (off - i >= 8 && (memcpy(x, s + (i - base), 8), !(x[0] & highs))) {
                i += 8;
                chars += 8;
            }
            if (i < off && s[i - base] < 0x80) { i++; chars++; }
            continue;
        }
        parl__sl_class(s + (i - base), off - i, &n);
        if (n == 0) n = 1;
        extra += n == 4;
        i += n;
        chars++;
    }
    c->byte = i;
    c->chars += chars;
    c->utf16 += chars + extra;
}

void parl__offsets_span(parl_offsets *c, parl_offsets *e, const char *win, size_t base, size_t off,
                        size_t end)
{
    size_t i = c->byte;
    if (i <= off && i < end && parl__ascii_end(win, base, i, end) == end) {
        parl__offsets_ascii(c, e, off, end);
        return;
    }
    parl_offsets_advance(c, win, base, off);
    *e = *c;
    parl_offsets_advance(e, win, base, end);
}

size_t parl__offsets_at(parl_offsets *c, const char *text, size_t off, unsigned flags)
{
    if (!(flags & (PARL_JSON_UTF16 | PARL_JSON_CHARS))) return off;
    if (off < c->byte) *c = (parl_offsets){ 0, 0, 0 };
    parl_offsets_advance(c, text, 0, off);
    return parl__offsets_unit(c, flags);
}

size_t parl_offset_convert(const char *text, size_t off, unsigned flags)
{
    parl_offsets c = { 0, 0, 0 };
    return parl__offsets_at(&c, text, off, flags);
}
