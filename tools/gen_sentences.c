/* SPDX-License-Identifier: MIT */
/* gen_sentences.c: compiles grammar/abbreviations.yaml (and, through
 * tools/gen_sentence_rules.c, grammar/sentences.yaml) into the sentence
 * splitter's lexers.
 *
 *   gen/sentence_lex.re  (re2c; the driver turns it into gen/sentence_lex.c)
 *       parl__sl_scan        fast scanner: skips ordinary text, stops at the
 *                            bytes that can matter for a boundary
 *       parl__sl_scan_count  the same, also counting words and code points
 *       parl__sl_abbr        abbreviation kind of a token (the YAML groups)
 *       parl__sl_starter     is a word a sentence starter
 *       parl__sl_class       character class for the boundary rules
 *       parl__sl_line        markdown line starts (heading, fence, list...)
 *       parl__sl_emoticon... the matchers of sentences.yaml (gen_sentence_rules.c)
 *   gen/sentence_vocab.h  the language code
 *   gen/sentence_rules.h  the switches of sentences.yaml
 *
 * The markdown and punctuation rules are part of this template; every word
 * and bullet comes from the YAML. Output depends only on the YAML (entries
 * are sorted), so reruns are byte-identical. */
#include "gen_sentences.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define SRC "grammar/abbreviations.yaml"
#define MAX_WORD SL_MAX_WORD

enum { K_PREFIX = 1, K_SUFFIX, K_CLOSER, K_NUMBER };
static const char *const kind_names[] = { "", "prefix", "suffix", "closer", "number" };
static const char *const kind_enum[] = { "", "PARL__ABBR_PREFIX", "PARL__ABBR_SUFFIX",
                                         "PARL__ABBR_CLOSER", "PARL__ABBR_NUMBER" };

typedef sl_entry entry;
typedef sl_entries entries;

void sl_push(entries *e, entry x)
{
    if (e->n == e->cap) {
        e->cap = e->cap ? e->cap * 2 : 64;
        e->v = realloc(e->v, e->cap * sizeof *e->v);
        if (!e->v) { fputs("parlgen: out of memory\n", stderr); exit(1); }
    }
    e->v[e->n++] = x;
}

int sl_utf8_decode(const unsigned char *s, unsigned *cp)
{
    unsigned c = s[0];
    int k = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (!k) return 0;
    unsigned v = k == 1 ? c : c & (0x7F >> k);
    for (int i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        v = (v << 6) | (s[i] & 0x3F);
    }
    static const unsigned min[] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (v < min[k] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
    *cp = v;
    return k;
}

/* Every character that is not a letter or digit is escaped as \uXXXX. */
void sl_put_re_string(FILE *f, const char *s, int any_case)
{
    char q = any_case ? '\'' : '"';
    putc(q, f);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        unsigned cp;
        int k = sl_utf8_decode(p, &cp);
        if (cp < 0x80 && isalnum((int)cp)) putc((int)cp, f);
        else if (cp <= 0xFFFF) fprintf(f, "\\u%04x", cp);
        else fprintf(f, "\\U%08x", cp);
        p += k;
    }
    putc(q, f);
}

/* Checks a word: valid UTF-8, no white space or quotes, no final period. */
static int check_word(const ynode *n, int ascii_letters_only)
{
    if (!yis_scalar(n) || yis_null(n)) return yerr(n, "expected a word");
    const unsigned char *s = (const unsigned char *)n->text;
    size_t len = strlen(n->text);
    if (len > MAX_WORD) return yerr(n, "'%s' is longer than %d bytes", n->text, MAX_WORD);
    for (size_t i = 0; i < len;) {
        unsigned cp;
        int k = sl_utf8_decode(s + i, &cp);
        if (!k) return yerr(n, "'%s' is not valid UTF-8", n->text);
        if (cp <= ' ' || cp == '"' || cp == '\'' || cp == '\\' || cp == 0x7F)
            return yerr(n, "'%s' contains a blank, a quote or a control character", n->text);
        if (ascii_letters_only && !(cp < 0x80 && isalpha((int)cp)))
            return yerr(n, "'%s' must consist of ASCII letters", n->text);
        i += (size_t)k;
    }
    if (s[len - 1] == '.')
        return yerr(n, "write '%.*s' without its final period", (int)len - 1, n->text);
    return 0;
}

void sl_fold(const char *s, char *out)
{
    size_t i = 0;
    for (; s[i] && i < MAX_WORD; i++) out[i] = (char)tolower((unsigned char)s[i]);
    out[i] = 0;
}

static int by_folded(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    int c = strcmp(x->folded, y->folded);
    return c ? c : strcmp(x->text, y->text);
}

int sl_sort_unique(entries *e, int by_fold)
{
    int bad = 0;
    qsort(e->v, e->n, sizeof *e->v, by_folded);
    for (size_t i = 1; i < e->n; i++)
        if (by_fold ? !strcmp(e->v[i].folded, e->v[i - 1].folded)
                    : !strcmp(e->v[i].text, e->v[i - 1].text))
            bad += yerr(e->v[i].at, "'%s' is already listed at line %d", e->v[i].text,
                        e->v[i - 1].at->line);
    return bad;
}

const ynode *sl_need(const ynode *map, const char *key, ykind kind, const char *what)
{
    const ynode *v = ymap_get(map, key);
    if (!v) { yerr(map, "missing '%s'", key); return NULL; }
    if (v->kind != kind) { yerr(v, "'%s' must be %s", key, what); return NULL; }
    return v;
}

/* A closer group's min_words: 1 to 20 (1 when absent). */
static int read_min_words(const ynode *grp, int kind, int *bad)
{
    const ynode *m = ymap_get(grp, "min_words");
    if (!m) return 1;
    char *end;
    long v = yis_scalar(m) ? strtol(m->text, &end, 10) : 0;
    if (kind != K_CLOSER) *bad += yerr(m, "min_words applies to closer groups only");
    else if (!yis_scalar(m) || *end || v < 1 || v > 20)
        *bad += yerr(m, "min_words must be a number from 1 to 20");
    return (int)v;
}

/* Reads the groups into E; returns the number of errors. */
static int read_groups(const ynode *groups, entries *e)
{
    static const char *const gkeys[] = { "behaviour", "case", "words", "min_words" };
    int bad = 0;
    for (size_t g = 0; g < groups->n; g++) {
        const ynode *name = ymap_key(groups, g), *grp = ymap_val(groups, g);
        if (grp->kind != Y_MAP) { bad += yerr(grp, "group '%s' must be a mapping", name->text); continue; }
        bad += yonly_keys(grp, gkeys, sizeof gkeys / sizeof gkeys[0]);
        const ynode *beh = sl_need(grp, "behaviour", Y_SCALAR, "prefix, suffix, closer or number");
        const ynode *words = sl_need(grp, "words", Y_SEQ, "a list of words");
        const ynode *cs = ymap_get(grp, "case");
        if (!beh || !words) { bad++; continue; }
        int kind = 0;
        for (int k = K_PREFIX; k <= K_NUMBER; k++)
            if (!strcmp(beh->text, kind_names[k])) kind = k;
        if (!kind) {
            bad += yerr(beh, "behaviour must be prefix, suffix, closer or number, not '%s'",
                        beh->text);
            continue;
        }
        int min_words = read_min_words(grp, kind, &bad);
        int any = 1;
        if (cs && yis_scalar(cs) && !strcmp(cs->text, "exact")) any = 0;
        else if (cs && !(yis_scalar(cs) && !strcmp(cs->text, "any")))
            { bad += yerr(cs, "case must be 'any' or 'exact'"); continue; }
        if (words->n == 0) bad += yerr(words, "group '%s' has no words", name->text);
        for (size_t i = 0; i < words->n; i++) {
            const ynode *w = words->items[i];
            if (check_word(w, 0)) { bad++; continue; }
            entry x = { .text = w->text, .kind = kind, .min_words = min_words, .any_case = any,
                        .at = w };
            sl_fold(w->text, x.folded);
            sl_push(e, x);
        }
    }
    return bad ? bad : sl_sort_unique(e, 1);
}

static int read_words(const ynode *seq, entries *e, int ascii_letters)
{
    int bad = 0;
    for (size_t i = 0; i < seq->n; i++) {
        const ynode *w = seq->items[i];
        if (check_word(w, ascii_letters)) { bad++; continue; }
        entry x = { .text = w->text, .at = w };
        sl_fold(w->text, x.folded);
        sl_push(e, x);
    }
    return bad ? bad : sl_sort_unique(e, 0);
}

/* Bullets: exactly one non-ASCII code point each. Returns errors. */
static int read_bullets(const ynode *seq, unsigned *cps, size_t *n, size_t max)
{
    int bad = 0;
    *n = 0;
    for (size_t i = 0; i < seq->n; i++) {
        const ynode *b = seq->items[i];
        unsigned cp = 0;
        int k = yis_scalar(b) ? sl_utf8_decode((const unsigned char *)b->text, &cp) : 0;
        if (!k || b->text[k] || cp < 0x80 || cp == 0x2026) {
            bad += yerr(b, "a bullet must be one non-ASCII character other than U+2026");
            continue;
        }
        if (*n == max) { bad += yerr(b, "too many bullets"); break; }
        cps[(*n)++] = cp;
    }
    /* sort for determinism; duplicates are errors */
    for (size_t i = 1; i < *n; i++)
        for (size_t j = i; j > 0 && cps[j] < cps[j - 1]; j--) {
            unsigned t = cps[j]; cps[j] = cps[j - 1]; cps[j - 1] = t;
        }
    for (size_t i = 1; i < *n; i++)
        if (cps[i] == cps[i - 1]) bad += yerr(seq, "bullet U+%04X is listed twice", cps[i]);
    return bad;
}

/* ---------------------------------------------------------------- output */

const char *const sl_api_conf =
    "    re2c:api = custom;\n"
    "    re2c:api:style = free-form;\n"
    "    re2c:define:YYCTYPE = \"unsigned char\";\n"
    "    re2c:define:YYPEEK = \"(cur < lim ? *cur : 0)\";\n"
    "    re2c:define:YYSKIP = \"++cur;\";\n"
    "    re2c:define:YYBACKUP = \"mar = cur;\";\n"
    "    re2c:define:YYRESTORE = \"cur = mar;\";\n"
    "    re2c:yyfill:enable = 0;\n"
    "    re2c:encoding:utf8 = 1;\n";

/* The tokens of fixed characters the scanners return besides the line
 * break: an ASCII one is CHARS (RUN: a run of them is one token), which the
 * fast scanner takes before its DFA's jump (sentence_lex_fast_tok); another
 * is the re2c expression RE. No other rule may start with an ASCII one's
 * characters: put_rule_tokens' rules do not, and read_bullets() takes
 * non-ASCII bullets only. */
static const struct fixed_tok {
    const char *chars;
    int run;
    const char *re;
    const char *tok;
} fixed_toks[] = {
    { ".!?", 1, NULL, "PARL__T_TERM" },
    { NULL, 0, "[\\u2026]", "PARL__T_ELLIPSIS" },
    { "\"", 0, NULL, "PARL__T_DQ" },
    { NULL, 0, "lq", "PARL__T_LQ" },
    { NULL, 0, "rq", "PARL__T_RQ" },
    { "(", 0, NULL, "PARL__T_LP" },
    { ")", 0, NULL, "PARL__T_RP" },
    { NULL, 0, "bullet", "PARL__T_BULLET" },
};
#define N_FIXED_TOKS (sizeof fixed_toks / sizeof fixed_toks[0])

/* The ASCII characters besides NUL that the scanners must stop at: the
 * fixed tokens' and the line ends (OUT: room for 16). */
static const char *ascii_specials(char out[16])
{
    size_t n = 0;
    for (size_t i = 0; i < N_FIXED_TOKS; i++)
        for (const char *c = fixed_toks[i].chars; c && *c; c++) out[n++] = *c;
    out[n++] = '\n';
    out[n++] = '\r';
    out[n] = 0;
    return out;
}

/* What C needs before it in a C character literal */
static const char *char_esc(char c) { return strchr("'\\", c) ? "\\" : ""; }

/* C as a character of a re2c class */
static void put_class_char(FILE *f, unsigned char c)
{
    if (c == '\n' || c == '\r') fputs(c == '\n' ? "\\n" : "\\r", f);
    else if (c < 0x20) fprintf(f, "\\x%02x", c);
    else if (strchr("\\]^-", c)) fprintf(f, "\\%c", c);
    else fputc(c, f);
}

static void put_defs(FILE *f, const unsigned *bul, size_t nbul)
{
    fputs("    eol     = \"\\r\\n\" | \"\\n\" | \"\\r\";\n"
          "    hs      = [ \\t\\v\\f];\n"
          "    uspace  = [\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff];\n"
          "    bullet  = [", f);
    for (size_t i = 0; i < nbul; i++) fprintf(f, "\\u%04x", bul[i]);
    fputs("];\n"
          "    lq      = [\\u201c\\u201e\\u00ab];\n"
          "    rq      = [\\u201d\\u00bb];\n"
          "    special = [", f);
    char sp[16];
    for (const char *c = ascii_specials(sp); *c; c++) put_class_char(f, (unsigned char)*c);
    fputs("\\x00]", f);
    for (size_t i = 0; i < N_FIXED_TOKS; i++)
        if (!fixed_toks[i].chars) fprintf(f, " | %s", fixed_toks[i].re);
    fputs(";\n", f);
}

/* The ASCII characters the rules of sentences.yaml need the scanners to
 * stop at, besides put_defs' special: a comma before a capital (closings),
 * a clock's colon (time stamps), separator runs. */
static void soft_chars(const sl_rules *r, char *out)
{
    *out = 0;
    if (r->on[SL_CLOSINGS]) strcat(out, ",");
    if (r->on[SL_STAMPS]) strcat(out, ":");
    if (r->on[SL_SEPARATORS]) strcat(out, "*=#_-");
}

/* A soft character can start a token only before certain bytes: the second
 * and third characters of the tokens of put_rule_tokens and
 * sl_put_clock_def that start with it. Elsewhere the DFA would take it
 * alone (rule "soft") and go on, so the scanners' skips pass over it
 * without stopping. The third byte matters most for a comma: a lower-case
 * word follows most commas and their blank, and each such comma entered
 * the DFA for nothing. Must agree with those tokens. */
static const struct {
    int rule;
    const char *chars, *follow, *third;
} soft_groups[] = {
    { SL_CLOSINGS, ",", " \t\v\f", " \t\v\fABCDEFGHIJKLMNOPQRSTUVWXYZ" },   /* "," hs+ [A-Z] */
    { SL_STAMPS, ":", "0123456789", "0123456789" },    /* clock: ":" [0-9]{2} ... */
    { SL_SEPARATORS, "*=#", "*=#", "*=#" },             /* [*=#]{3,} */
    { SL_SEPARATORS, "-", "-", "-" },                   /* "-"{4,} */
    { SL_SEPARATORS, "_", "_", "_" },                   /* "_"{4,} */
};

/* Ordinary text for the scanners' runs: c, ASCII that is neither special
 * nor soft, and w, its characters that are no blank (the counting scanner's
 * runs are words). A soft character is scanned on its own (rule "soft")
 * unless one of the rules' tokens starts there. */
static void put_runs(FILE *f, const sl_rules *r)
{
    char soft[16];
    soft_chars(r, soft);
    if (!*soft) {
        fputs("    c       = [\\x01-\\x7f] \\ special;\n", f);
    } else {
        fputs("    soft    = [", f);
        for (const char *p = soft; *p; p++) fprintf(f, "%s%c", *p == '-' ? "\\" : "", *p);
        fputs("];\n    c       = [\\x01-\\x7f] \\ special \\ soft;\n", f);
    }
    fputs("    w       = c \\ hs;\n", f);
}

/* The lines that start with an ordinary character, most lines, need not
 * run parl__sl_line: the rules of line_body start with (the first bytes of)
 * LINE_RULE_FIRST only, and those of LINE_RULE_PAIR go on with . ) or a
 * blank only (list letters, bullets), never with a letter or '-'. Must agree
 * with line_body. */
#define LINE_RULE_FIRST " \t\v\f\n\r#`~>-*+0123456789abcdefghijklmnopqrstuvwxyz"
#define LINE_RULE_PAIR "-*+abcdefghijklmnopqrstuvwxyz"
enum { LF_TEXT = 1, LF_PAIR = 2, LF_SECOND = 4 };   /* PARL__LF_ in runtime/split_internal.h */

/* parl__sl_line_fast[c]. */
static int line_fast(int c)
{
    int v = 0;
    if (c > 0 && c < 0x80 && !strchr(LINE_RULE_FIRST, c)) v |= LF_TEXT;
    if (c > 0 && strchr(LINE_RULE_PAIR, c)) v |= LF_PAIR;
    if (isalpha(c) || c == '-') v |= LF_SECOND;
    return v;
}

/* AVX2 (vpshufb) tests a byte for a set with two 16-entry tables, one
 * indexed by its low nibble and one by its high nibble: the set is in
 * bytes where their entries share a bit. Each row (a high nibble) whose
 * low nibbles in the set differ from the other rows' gets its own bit, so
 * a set is exact when it has at most 8 such rows. SETS[k] (k < NSETS) are
 * byte sets that share the tables; *MASK[k] gets the bits of set k. Fills
 * LO and HI; 0 when the sets need more than 8 bits (a template error). */
static int nibble_tables(const unsigned char *const *sets, int nsets, unsigned char lo[16],
                         unsigned char hi[16], unsigned *mask, int maxbits)
{
    unsigned rows[8];
    int nbits = 0;
    memset(lo, 0, 16);
    memset(hi, 0, 16);
    for (int k = 0; k < nsets; k++) {
        mask[k] = 0;
        int first = nbits;   /* a set's rows share bits only with its own rows */
        for (int h = 0; h < 16; h++) {
            unsigned row = 0;
            for (int l = 0; l < 16; l++)
                if (sets[k][h << 4 | l]) row |= 1u << l;
            if (!row) continue;
            int b = first;
            while (b < nbits && rows[b] != row) b++;
            if (b == nbits) {
                if (nbits == maxbits) return 0;
                rows[nbits++] = row;
            }
            hi[h] |= (unsigned char)(1u << b);
            mask[k] |= 1u << b;
        }
    }
    for (int b = 0; b < nbits; b++)
        for (int l = 0; l < 16; l++)
            if (rows[b] >> l & 1) lo[l] |= (unsigned char)(1u << b);
    return 1;
}

/* _mm256_setr_epi8 of the 16 bytes of T twice (vpshufb looks up within
 * each 128-bit lane). */
static void put_m256_table(FILE *f, const unsigned char t[16])
{
    fputs("_mm256_setr_epi8(", f);
    for (int i = 0; i < 32; i++) fprintf(f, "%s%d", i ? "," : "", (signed char)t[i & 15]);
    fputs(")", f);
}

/* Emits the function NAME(v): nonzero bytes where V's byte is in one of
 * SETS (per set: and with the bit mask it returns in MASK). */
static void put_nibble_lookup(FILE *f, const char *name, const char *why, const unsigned char lo[16],
                              const unsigned char hi[16]);
static void put_nibble_fn(FILE *f, const char *name, const char *why,
                          const unsigned char *const *sets, int nsets, unsigned *mask)
{
    unsigned char lo[16], hi[16];
    if (!nibble_tables(sets, nsets, lo, hi, mask, 8)) {
        fprintf(stderr, "parlgen: internal error: %s needs more than 8 nibble rows\n", name);
        exit(1);
    }
    put_nibble_lookup(f, name, why, lo, hi);
}

/* Bit B of LO and HI for the bytes whose high nibble is one of SET's and
 * low nibble one of SET's: a superset of SET (one bit, whatever its rows). */
static void nibble_product(const unsigned char *set, int b, unsigned char lo[16], unsigned char hi[16])
{
    for (int c = 0; c < 256; c++)
        if (set[c]) {
            hi[c >> 4] |= (unsigned char)(1u << b);
            lo[c & 15] |= (unsigned char)(1u << b);
        }
}

static void put_nibble_lookup(FILE *f, const char *name, const char *why, const unsigned char lo[16],
                              const unsigned char hi[16])
{
    /* vpshufb gives 0 for an index from 0x80 and looks at the low nibble
     * of the others: when no byte from 0x80 is in the set (HI's entries
     * for those high nibbles are 0), the byte is the low table's index as
     * it stands */
    int high = 0;
    for (int h = 8; h < 16; h++) high |= hi[h];
    fprintf(f, "/* %s */\n"
               "SENTENCE_LEX_AVX2_FN static inline __m256i %s(__m256i v)\n"
               "{\n"
               "    const __m256i nib = _mm256_set1_epi8(0x0F);\n"
               "    __m256i lo = _mm256_shuffle_epi8(", why, name);
    put_m256_table(f, lo);
    fputs(high ? ", _mm256_and_si256(v, nib));\n" : ", v);   /* no byte from 0x80 (see put_nibble_lookup) */\n", f);
    fputs("    __m256i hi = _mm256_shuffle_epi8(", f);
    put_m256_table(f, hi);
    fputs(", _mm256_and_si256(_mm256_srli_epi16(v, 4), nib));\n"
          "    return _mm256_and_si256(lo, hi);\n"
          "}\n\n", f);
}

/* sentence_lex_stop_mask(v), which both skips call: SSE2 compares that set
 * the bytes of v that may be stops: a signed compare below 0x0E (which takes in 0x80-0xFF) and ranges
 * of ASCII. A range may take in one byte that is no stop between two that
 * are (+ >): one compare fewer. Wider ranges took in ' % & $ ; <, and each
 * such candidate costs a check and often a mispredicted branch. */
static void put_sse_candidates(FILE *f, const unsigned char *stop)
{
    fputs("#ifdef SENTENCE_LEX_SSE2\n"
          "/* The bytes of V that may be stops, as a mask (both skips start from it). */\n"
          "static inline __m128i sentence_lex_stop_mask(__m128i v)\n"
          "{\n"
          "    __m128i m = _mm_cmplt_epi8(v, _mm_set1_epi8(0x0E));\n", f);
    for (int c = 0x0E; c < 0x80;) {
        if (!stop[c]) { c++; continue; }
        int e = c;
        for (int k = c + 1; k < 0x80 && k <= e + 2; k++)
            if (stop[k]) e = k;
        if (e == c)
            fprintf(f, "    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x%02X)));\n", c);
        else   /* c <= v <= e: v - c + 0x80 (wrapping) below 0x80 + (e - c + 1), signed */
            fprintf(f, "    m = _mm_or_si128(m, _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8((char)0x%02X)),\n"
                       "                                       _mm_set1_epi8((char)0x%02X)));\n",
                    (0x80 - c) & 0xFF, 0x80 + (e - c + 1));
        c = e + 1;
    }
    fputs("    return m;\n"
          "}\n"
          "#endif\n\n", f);
}

/* The counting scanner's skip: words start where a word's character
 * follows a blank (hs). It may pass the bytes the fast skip passes: a soft
 * character that starts no token is taken alone by the DFA (rule "soft")
 * and counted as a word's character, like the table's 1. With SSE2 a block
 * of sixteen bytes before the first stop gives a mask of its blanks, and
 * the starts are the word bytes whose previous byte is a blank; the table
 * loop, eight bytes a step, does the rest (and everything without SSE2). */
static void put_count_skip(FILE *f)
{
    fputs("#ifdef SENTENCE_LEX_SSE2\n"
          "/* Bits set in a byte (__builtin_popcount, without -mpopcnt, is a\n"
          " * library call). */\n"
          "static const unsigned char sentence_lex_ones[256] = {", f);
    for (int c = 0; c < 256; c++) {
        int k = 0;
        for (int b = c; b; b &= b - 1) k++;
        fprintf(f, "%s%d,", c % 32 ? "" : "\n    ", k);
    }
    fputs("\n};\n"
          "#endif\n\n"
          "/* Words start where a word's character follows a blank (*SP: the byte\n"
          " * before CUR was one). With SSE2, a line break before ordinary text\n"
          " * goes to parl__sl_text_line (when S is not NULL) as the DFA's rule eol\n"
          " * would pass it (TEXT - BASE: the document). */\n"
          "static const unsigned char *sentence_lex_count_skip(const unsigned char *cur,\n"
          "                                                    const unsigned char *lim,\n"
          "                                                    size_t *words, int *sp,\n"
          "                                                    const unsigned char *text, size_t base,\n"
          "                                                    parl_split_state *S)\n"
          "{\n"
          "    unsigned blank = *sp ? 1u : 0u;   /* the byte before CUR */\n"
          "    size_t n = 0;\n"
          "    (void)text; (void)base; (void)S;   /* the table loop leaves line breaks to the DFA */\n"
          "#ifdef SENTENCE_LEX_SSE2\n"
          "    while (lim - cur >= 16) {\n"
          "        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)cur);\n"
          "        __m128i m = sentence_lex_stop_mask(v);\n"
          "        __m128i h = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),\n"
          "                                 _mm_cmpeq_epi8(v, _mm_set1_epi8('\\t')));\n"
          "        h = _mm_or_si128(h, _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8((char)0x75)),\n"
          "                                           _mm_set1_epi8((char)0x82)));   /* \\v \\f */\n"
          "        unsigned hs = (unsigned)_mm_movemask_epi8(h);\n"
          "        unsigned bits = (unsigned)_mm_movemask_epi8(m) & ~hs, i = 16;   /* the first stop */\n"
          "        for (; bits; bits &= bits - 1) {\n"
          "            unsigned j = (unsigned)__builtin_ctz(bits);\n"
          "            if (sentence_lex_stops(cur + j, lim)) { i = j; break; }\n"
          "        }\n"
          "        unsigned starts = ~hs & ((hs << 1) | blank) & ((1u << i) - 1);\n"
          "        n += (size_t)sentence_lex_ones[starts & 255] + sentence_lex_ones[starts >> 8];\n"
          "        if (i < 16) {\n"
          "            const unsigned char *q = sentence_lex_count_line(cur + i, lim, text, base, S, *words + n);\n"
          "            if (q) { blank = 1; cur = q; continue; }\n"
          "            if (i) blank = (hs >> (i - 1)) & 1u;\n"
          "            *words += n;\n"
          "            *sp = (int)blank;\n"
          "            return cur + i;\n"
          "        }\n"
          "        blank = hs >> 15;\n"
          "        cur += 16;\n"
          "    }\n"
          "#endif\n"
          "    const unsigned char *t = sentence_lex_plain;\n"
          "    unsigned prev = blank ? 2u : 1u;\n"
          "    while (lim - cur >= 8) {\n"
          "        unsigned k0 = t[cur[0]], k1 = t[cur[1]], k2 = t[cur[2]], k3 = t[cur[3]];\n"
          "        unsigned k4 = t[cur[4]], k5 = t[cur[5]], k6 = t[cur[6]], k7 = t[cur[7]];\n"
          "        if ((k0 | k1 | k2 | k3 | k4 | k5 | k6 | k7) & 4) break;\n"
          "        /* a start: this byte a word's (1), the one before a blank (2) */\n"
          "        n += ((k0 & (prev >> 1)) + (k1 & (k0 >> 1)) + (k2 & (k1 >> 1)) + (k3 & (k2 >> 1)) +\n"
          "              (k4 & (k3 >> 1)) + (k5 & (k4 >> 1)) + (k6 & (k5 >> 1)) + (k7 & (k6 >> 1)));\n"
          "        prev = k7;\n"
          "        cur += 8;\n"
          "    }\n"
          "    *words += n;\n"
          "    *sp = prev == 2;\n"
          "    return cur;\n"
          "}\n\n", f);
}

/* The fast skip with AVX2, 32 bytes a step. vpshufb makes the candidates
 * exact (SSE2's ranges took in a few bytes that are no stops), and a line
 * break that the skip would pass, before a line that starts with ordinary
 * text known from its next one or two bytes (parl__sl_line_fast: most
 * lines), is found with the rest of the block: it is counted, with the
 * others before the first stop, instead of being checked one by one (64,000
 * of fortunes.txt's 67,000 line breaks are passed). A block needs the two
 * bytes after it for that; the last bytes go to the SSE2 skip. */
static unsigned put_avx2_skip(FILE *f, const unsigned char *stop, const unsigned char *follow,
                              const unsigned char *third)
{
    unsigned char text[256], pair[256], second[256];
    for (int c = 0; c < 256; c++) {
        text[c] = (line_fast(c) & LF_TEXT) != 0;
        pair[c] = (line_fast(c) & LF_PAIR) != 0;
        second[c] = (line_fast(c) & LF_SECOND) != 0;
    }
    const unsigned char *stops[] = { stop }, *first[] = { text, pair }, *next[] = { second };
    unsigned m_stop, m_first[2], m_next;
    fputs("#ifdef SENTENCE_LEX_AVX2\n", f);
    /* the stops' tables, and bit 7 for the line break alone (the block's
     * line breaks are then the lookup's sign bits) */
    unsigned char slo[16], shi[16];
    if (!nibble_tables(stops, 1, slo, shi, &m_stop, 7) || !stop['\n']) {
        fputs("parlgen: internal error: the stops need more than 7 nibble rows\n", stderr);
        exit(1);
    }
    slo['\n' & 15] |= 0x80;
    shi['\n' >> 4] |= 0x80;
    put_nibble_lookup(f, "sentence_lex_stop_set",
                      "Nonzero where a byte may be a stop (sentence_lex_stop); bit 7 set for a line break only.",
                      slo, shi);
    put_nibble_fn(f, "sentence_lex_line_first",
                  "The first byte of a line: PARL__LF_TEXT and PARL__LF_PAIR (the masks below).",
                  first, 2, m_first);
    put_nibble_fn(f, "sentence_lex_line_second", "The second byte of a line: PARL__LF_SECOND.",
                  next, 1, &m_next);
    /* Soft characters (sentence_lex_stop without 0x80) that start no token:
     * group G (bit G of sentence_lex_stop) takes bit 7 - G of three
     * lookups, one of the byte, one of the next and one of the one after,
     * each a superset of the group's (nibble_product); where no group's
     * bit is in all three, the byte is no stop. The first lookup's low bits
     * are the soft characters themselves, exactly. */
    unsigned char soft[256], grp[3][8][256], lo[3][16], hi[3][16];
    int ngroups = 0;
    memset(grp, 0, sizeof grp);
    memset(lo, 0, sizeof lo);
    memset(hi, 0, sizeof hi);
    for (int c = 0; c < 256; c++) {
        soft[c] = stop[c] && !(stop[c] & 0x80);
        for (int g = 0; g < 7; g++) {
            if (stop[c] >> g & 1) { grp[0][g][c] = 1; if (g + 1 > ngroups) ngroups = g + 1; }
            if (follow[c] >> g & 1) grp[1][g][c] = 1;
            if (third[c] >> g & 1) grp[2][g][c] = 1;
        }
    }
    const unsigned char *softs[] = { soft };
    unsigned m_soft;
    if (!nibble_tables(softs, 1, lo[0], hi[0], &m_soft, 8 - ngroups)) {
        fprintf(stderr, "parlgen: internal error: the soft characters need more than %d nibble rows\n",
                8 - ngroups);
        exit(1);
    }
    for (int k = 0; k < 3; k++)
        for (int g = 0; g < ngroups; g++) nibble_product(grp[k][g], 7 - g, lo[k], hi[k]);
    put_nibble_lookup(f, "sentence_lex_soft_first", "Soft characters, exactly (the mask below), and their groups.",
                      lo[0], hi[0]);
    put_nibble_lookup(f, "sentence_lex_soft_follow", "The groups a byte may follow a soft character of.",
                      lo[1], hi[1]);
    put_nibble_lookup(f, "sentence_lex_soft_third", "The groups a byte may be the third byte of.",
                      lo[2], hi[2]);
    fprintf(f,
        "/* The masks of the 32 bytes at CUR (bit i: cur[i]; CUR + 34 <= the\n"
        " * limit): *CAND the candidates, *NL the line breaks, *TEXT where the\n"
        " * next byte starts ordinary text, *HS the blanks. */\n"
        "SENTENCE_LEX_AVX2_FN __attribute__((always_inline)) static inline void\n"
        "sentence_lex_block_avx2(const unsigned char *cur, unsigned *cand, unsigned *nl, unsigned *text,\n"
        "                        unsigned *hs)\n"
        "{\n"
        "    const __m256i zero = _mm256_setzero_si256();\n"
        "    __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)cur);\n"
        "    __m256i v1 = _mm256_loadu_si256((const __m256i *)(const void *)(cur + 1));\n"
        "    __m256i v2 = _mm256_loadu_si256((const __m256i *)(const void *)(cur + 2));\n"
        "    __m256i c = sentence_lex_stop_set(v);\n"
        "    __m256i t = sentence_lex_line_first(v1), s = sentence_lex_line_second(v2);\n"
        "    __m256i g = sentence_lex_soft_first(v);\n"
        "    __m256i may = _mm256_and_si256(_mm256_and_si256(g, sentence_lex_soft_follow(v1)),\n"
        "                                   sentence_lex_soft_third(v2));\n"
        "    /* a soft character that starts no token */\n"
        "    __m256i dead = _mm256_andnot_si256(\n"
        "        _mm256_cmpeq_epi8(_mm256_and_si256(g, _mm256_set1_epi8((char)0x%02X)), zero),\n"
        "        _mm256_cmpeq_epi8(may, zero));\n"
        "    /* no ordinary text: neither a text byte nor a pair (T has pair bits\n"
        "     * only where it is not 0, and then the second byte counts) */\n"
        "    __m256i no = _mm256_cmpeq_epi8(\n"
        "        _mm256_or_si256(_mm256_and_si256(t, _mm256_set1_epi8((char)0x%02X)),\n"
        "                        _mm256_andnot_si256(_mm256_cmpeq_epi8(s, zero), t)),\n"
        "        zero);\n"
        "    /* line breaks (bit i: cur[i]), text starts (bit i: cur[i + 1]), blanks */\n"
        "    *nl = (unsigned)_mm256_movemask_epi8(c);\n"
        "    *text = ~(unsigned)_mm256_movemask_epi8(no);\n"
        "    /* the candidates: the stops but the dead soft characters */\n"
        "    *cand = ~(unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_andnot_si256(dead, c), zero));\n"
        "    /* the blanks: a byte equal to the entry of its low nibble, which\n"
        "     * is ' ' for 0, '\\t' for 9 and 0 for the others (whose low nibble\n"
        "     * is not 0), and a byte from 0x80 meets 0 */\n"
        "    *hs = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(\n"
        "        _mm256_shuffle_epi8(_mm256_setr_epi8(' ', 0, 0, 0, 0, 0, 0, 0, 0, '\\t', 0, 0, 0, 0, 0, 0,\n"
        "                                             ' ', 0, 0, 0, 0, 0, 0, 0, 0, '\\t', 0, 0, 0, 0, 0, 0), v),\n"
        "        v));\n"

        "}\n\n"
        "/* sentence_lex_skip 64 bytes a step (see put_avx2_skip in\n"
        " * tools/gen_sentences.c), from the block: the 64 bytes at *BLK (NULL:\n"
        " * none; *BLK <= CUR), their candidates not yet taken (*BITS, bit i:\n"
        " * blk[i]) and their line breaks passed but not yet counted (*PASSED).\n"
        " * The scanner keeps it in its state (parl__sl.mblk, mbits, mpass), so a\n"
        " * scan that starts where the last one ended goes on from the block's\n"
        " * masks instead of computing them again. With TAKE (the scanner's), a\n"
        " * quote or parenthesis that parl__sl_take takes is taken here, as the\n"
        " * scanner's out: would (TEXT - BASE: the document), and the skip goes\n"
        " * on in the block instead of leaving it and coming back. */\n"
        "SENTENCE_LEX_AVX2_FN static inline const unsigned char *sentence_lex_skip_avx2(const unsigned char *cur,\n"
        "                                                                           const unsigned char *lim,\n"
        "                                                                           size_t *lines,\n"
        "                                                                           parl_splitter *take,\n"
        "                                                                           const unsigned char *text,\n"
        "                                                                           size_t base,\n"
        "                                                                           const unsigned char **Bblk,\n"
        "                                                                           unsigned long long *Bbits,\n"
        "                                                                           unsigned long long *Bpassed)\n"
        "{\n"
        "    const unsigned long long on = lines ? ~0ull : 0;   /* pass line breaks */\n"
        "    size_t none, *passes = lines ? lines : &none;\n"
        "    const unsigned char *blk = *Bblk;\n"
        "    unsigned long long bits = *Bbits, passed = *Bpassed;\n"
        "    for (;;) {\n"
        "        size_t off;\n"
        "        if (blk && (off = (size_t)(cur - blk)) < 64) {\n"
        "            unsigned long long from = ~0ull << off;   /* what lies before CUR is done */\n"
        "            const unsigned char *q = NULL;\n"
        "            bits &= from;\n"
        "            passed &= from;\n"
        "            for (; bits; bits &= bits - 1) {\n"
        "                unsigned j = (unsigned)__builtin_ctzll(bits);\n"
        "                const unsigned char *p = blk + j;\n"
        "                if (!sentence_lex_stops(p, lim)) continue;\n"
        "                /* \" ( ): their tokens are these bytes alone (sentence_lex_fast_tok) */\n"
        "                if (take && sentence_lex_fast_tok[*p] >= PARL__T_DQ &&\n"
        "                    parl__sl_take(take, sentence_lex_fast_tok[*p], base + (size_t)(p - text)))\n"
        "                    continue;\n"
        "                unsigned long long before = (1ull << j) - 1;\n"
        "                if (*p != '\\n' || !lines || !(q = sentence_lex_text_after(p, lim))) {\n"
        "                    *passes += (size_t)__builtin_popcountll(passed & before);\n"
        "                    *Bblk = blk;\n"
        "                    *Bbits = bits;\n"
        "                    *Bpassed = passed & ~before;\n"
        "                    return p;\n"
        "                }\n"
        "                ++*lines;\n"
        "                if (q > p + 1) {   /* go on after the blanks */\n"
        "                    *passes += (size_t)__builtin_popcountll(passed & before);\n"
        "                    passed &= ~before;\n"
        "                    break;\n"
        "                }\n"
        "            }\n"
        "            if (bits) {\n"
        "                cur = q;\n"
        "                continue;\n"
        "            }\n"
        "            *passes += (size_t)__builtin_popcountll(passed);\n"
        "            cur = blk + 64;\n"
        "        }\n"
        "        if (lim - cur < 66) break;\n"
        "        unsigned c0, c1, n0, n1, t0, t1, h0, h1;\n"
        "        sentence_lex_block_avx2(cur, &c0, &n0, &t0, &h0);\n"
        "        sentence_lex_block_avx2(cur + 32, &c1, &n1, &t1, &h1);\n"
        "        unsigned long long nl = (n0 | (unsigned long long)n1 << 32) & on;\n"
        "        unsigned long long text = t0 | (unsigned long long)t1 << 32;\n"
        "        unsigned long long hs = h0 | (unsigned long long)h1 << 32;\n"
        "        /* passed: text after no blank, one or two (an indented line's\n"
        "         * blanks are no candidates: the skip goes on after them) */\n"
        "        passed = nl & (text | ((hs >> 1) & ((text >> 1) | ((hs >> 2) & (text >> 2)))));\n"
        "        blk = cur;\n"
        "        bits = (c0 | (unsigned long long)c1 << 32) & ~passed;\n"
        "    }\n"
        "    *Bblk = NULL;\n"
        "    return sentence_lex_skip(cur, lim, lines);\n"
        "}\n"
        "#endif\n\n", m_soft, m_first[0]);
    (void)m_first[1];   /* every bit of the first byte's lookup is text's or pair's */
    (void)m_stop;
    (void)m_next;
    return m_soft;
}

/* The fast skip of the SSE2 scanner (no AVX2) from a block kept across
 * scans, as the AVX2 one: a block's candidates are the SSE2 skip's
 * (sentence_lex_stop_mask, tabs left out), judged one by one
 * (sentence_lex_fast_stop). */
static void put_sse2_block_skip(FILE *f)
{
    fputs("#ifdef SENTENCE_LEX_SSE2\n"
          "/* sentence_lex_skip 64 bytes a block, from the block the scanner keeps in\n"
          " * its state (see put_sse2_block_skip in tools/gen_sentences.c): the 64\n"
          " * bytes at *BLK (NULL: none; *BLK <= CUR) and their candidates not yet\n"
          " * taken (*BITS, bit i: blk[i]). With TAKE, a quote or parenthesis that\n"
          " * parl__sl_take takes is taken here, as in sentence_lex_skip_avx2. */\n"
          "static inline const unsigned char *sentence_lex_skip_sse2(const unsigned char *cur,\n"
          "                                                          const unsigned char *lim, size_t *lines,\n"
          "                                                          parl_splitter *take,\n"
          "                                                          const unsigned char *text, size_t base,\n"
          "                                                          const unsigned char **Bblk,\n"
          "                                                          unsigned long long *Bbits)\n"
          "{\n"
          "    const unsigned char *blk = *Bblk;\n"
          "    unsigned long long bits = *Bbits;\n"
          "    for (;;) {\n"
          "        size_t off;\n"
          "        if (blk && (off = (size_t)(cur - blk)) < 64) {\n"
          "            const unsigned char *r = NULL;\n"
          "            bits &= ~0ull << off;   /* what lies before CUR is done */\n"
          "            for (; bits; bits &= bits - 1) {\n"
          "                const unsigned char *p = blk + __builtin_ctzll(bits);\n"
          "                r = sentence_lex_fast_stop(p, lim, lines);\n"
          "                if (r == p && take && sentence_lex_fast_tok[*p] >= PARL__T_DQ && p + 1 < lim &&\n"
          "                    parl__sl_take(take, sentence_lex_fast_tok[*p], base + (size_t)(p - text)))\n"
          "                    continue;\n"
          "                if (r == p) {\n"
          "                    *Bblk = blk;\n"
          "                    *Bbits = bits;\n"
          "                    return p;\n"
          "                }\n"
          "                if (r) break;   /* go on after an indented line's blanks */\n"
          "            }\n"
          "            if (bits) {\n"
          "                cur = r;\n"
          "                continue;\n"
          "            }\n"
          "            cur = blk + 64;\n"
          "        }\n"
          "        if (lim - cur < 64) break;\n"
          "        unsigned long long m = 0;\n"
          "        for (int k = 0; k < 4; k++) {\n"
          "            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(cur + 16 * k));\n"
          "            __m128i x = _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\t')), sentence_lex_stop_mask(v));\n"
          "            m |= (unsigned long long)(unsigned)_mm_movemask_epi8(x) << (16 * k);\n"
          "        }\n"
          "        blk = cur;\n"
          "        bits = m;\n"
          "    }\n"
          "    *Bblk = NULL;\n"
          "    return sentence_lex_skip(cur, lim, lines);\n"
          "}\n"
          "#endif\n\n", f);
}

/* The counting skip with AVX2, 32 bytes a step: one vpshufb lookup gives
 * the exact stops and the blanks (hs), the soft lookups of the fast skip
 * (SOFT_MASK: the soft characters' bits) drop the soft characters that
 * start no token, and the word starts of a block are counted with popcnt.
 * The last bytes go to the SSE2 skip. */
static void put_avx2_count_skip(FILE *f, const unsigned char *stop, unsigned soft_mask)
{
    unsigned char hs[256] = { 0 };
    hs[' '] = hs['\t'] = hs['\v'] = hs['\f'] = 1;
    const unsigned char *sets[] = { stop, hs };
    unsigned m[2];
    fputs("#ifdef SENTENCE_LEX_AVX2\n", f);
    put_nibble_fn(f, "sentence_lex_stop_blank", "Stops (sentence_lex_stop) and blanks (hs): the masks below.",
                  sets, 2, m);
    fprintf(f,
        "/* sentence_lex_count_skip 32 bytes a step (see put_avx2_count_skip in\n"
        " * tools/gen_sentences.c). */\n"
        "SENTENCE_LEX_AVX2_FN static inline const unsigned char *\n"
        "sentence_lex_count_skip_avx2(const unsigned char *cur, const unsigned char *lim, size_t *words, int *sp,\n"
        "                             const unsigned char *text, size_t base, parl_split_state *S)\n"
        "{\n"
        "    const __m256i zero = _mm256_setzero_si256();\n"
        "    unsigned blank = *sp ? 1u : 0u;   /* the byte before CUR */\n"
        "    size_t n = 0;\n"
        "    while (lim - cur >= 34) {   /* and the two bytes after the block */\n"
        "        __m256i v = _mm256_loadu_si256((const __m256i *)(const void *)cur);\n"
        "        __m256i c = sentence_lex_stop_blank(v);\n"
        "        __m256i g = sentence_lex_soft_first(v);\n"
        "        __m256i may = _mm256_and_si256(\n"
        "            _mm256_and_si256(g, sentence_lex_soft_follow(_mm256_loadu_si256((const __m256i *)(const void *)(cur + 1)))),\n"
        "            sentence_lex_soft_third(_mm256_loadu_si256((const __m256i *)(const void *)(cur + 2))));\n"
        "        /* a soft character that starts no token (see sentence_lex_skip_avx2) */\n"
        "        unsigned dead = (unsigned)_mm256_movemask_epi8(_mm256_andnot_si256(\n"
        "            _mm256_cmpeq_epi8(_mm256_and_si256(g, _mm256_set1_epi8((char)0x%02X)), zero),\n"
        "            _mm256_cmpeq_epi8(may, zero)));\n"
        "        unsigned hs = ~(unsigned)_mm256_movemask_epi8(\n"
        "            _mm256_cmpeq_epi8(_mm256_and_si256(c, _mm256_set1_epi8((char)0x%02X)), zero));\n"
        "        unsigned bits = ~(unsigned)_mm256_movemask_epi8(\n"
        "            _mm256_cmpeq_epi8(_mm256_and_si256(c, _mm256_set1_epi8((char)0x%02X)), zero)) & ~dead;\n"
        "        unsigned starts = ~hs & ((hs << 1) | blank);\n"
        "        for (; bits; bits &= bits - 1) {\n"
        "            unsigned i = (unsigned)__builtin_ctz(bits);\n"
        "            if (!sentence_lex_stops(cur + i, lim)) continue;\n"
        "            n += (size_t)__builtin_popcount(starts & ((1u << i) - 1));   /* the first stop */\n"
        "            const unsigned char *q = sentence_lex_count_line(cur + i, lim, text, base, S, *words + n);\n"
        "            if (q) { blank = 1; cur = q; goto next; }\n"
        "            if (i) blank = (hs >> (i - 1)) & 1u;\n"
        "            *words += n;\n"
        "            *sp = (int)blank;\n"
        "            return cur + i;\n"
        "        }\n"
        "        n += (size_t)__builtin_popcount(starts);\n"
        "        blank = hs >> 31;\n"
        "        cur += 32;\n"
        "    next:;\n"
        "    }\n"
        "    *words += n;\n"
        "    *sp = (int)blank;\n"
        "    return sentence_lex_count_skip(cur, lim, words, sp, text, base, S);\n"
        "}\n"
        "#endif\n\n", soft_mask, m[1], m[0]);
}

/* 64-bit ARM has NEON, chosen at compile time (every aarch64 processor
 * has it; PARL_NO_NEON leaves it out, to test the portable skips there).
 * Its skips take sixteen bytes a step, as SSE2's do, and leave the rest to
 * the portable skips, which the scanners then no longer call directly (the
 * macros at the end: the scanners' code stays the same for every
 * architecture). A tbl lookup of each nibble (vqtbl1q_u8, like vpshufb)
 * gives the exact stops and the blanks (hs), so there is no range test.
 * NEON has no movemask: shifting each 16-bit lane right by four and
 * narrowing it leaves a 64-bit mask with a nibble a byte, of which the low
 * bit is kept (bit 4j: byte j), so that ctz / 4 is the byte and a popcount
 * counts bytes. The candidates are checked one by one as with SSE2, and
 * the line breaks before ordinary text go on as there. */
static void put_neon_table(FILE *f, const char *name, const unsigned char t[16])
{
    fprintf(f, "static const unsigned char %s[16] = {", name);
    for (int i = 0; i < 16; i++) fprintf(f, "%s%d", i ? "," : "", t[i]);
    fputs("};\n", f);
}

static void put_neon_skips(FILE *f, const unsigned char *stop)
{
    unsigned char hs[256] = { 0 }, lo[16], hi[16];
    hs[' '] = hs['\t'] = hs['\v'] = hs['\f'] = 1;
    const unsigned char *sets[] = { stop, hs };
    unsigned m[2];
    if (!nibble_tables(sets, 2, lo, hi, m, 8)) {
        fputs("parlgen: internal error: the NEON stops and blanks need more than 8 nibble rows\n", stderr);
        exit(1);
    }
    fputs("#ifdef SENTENCE_LEX_NEON\n"
          "/* Stops (sentence_lex_stop) and blanks (hs) by low and high nibble: the\n"
          " * masks in sentence_lex_neon_stops and sentence_lex_neon_blanks. */\n", f);
    put_neon_table(f, "sentence_lex_neon_lo", lo);
    put_neon_table(f, "sentence_lex_neon_hi", hi);
    fprintf(f,
        "\n"
        "/* Bit 4j set where byte j of C (a lookup) has one of the bits of K. */\n"
        "static inline uint64_t sentence_lex_neon_bits(uint8x16_t c, unsigned char k)\n"
        "{\n"
        "    uint8x16_t m = vtstq_u8(c, vdupq_n_u8(k));\n"
        "    return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(m), 4)), 0) &\n"
        "           0x1111111111111111u;\n"
        "}\n\n"
        "static inline uint8x16_t sentence_lex_neon_lookup(const unsigned char *p)\n"
        "{\n"
        "    uint8x16_t v = vld1q_u8(p);\n"
        "    return vandq_u8(vqtbl1q_u8(vld1q_u8(sentence_lex_neon_lo), vandq_u8(v, vdupq_n_u8(0x0F))),\n"
        "                    vqtbl1q_u8(vld1q_u8(sentence_lex_neon_hi), vshrq_n_u8(v, 4)));\n"
        "}\n\n"
        "#define sentence_lex_neon_stops(c) sentence_lex_neon_bits(c, 0x%02X)\n"
        "#define sentence_lex_neon_blanks(c) sentence_lex_neon_bits(c, 0x%02X)\n\n",
        m[0], m[1]);
    fputs("/* sentence_lex_skip sixteen bytes a step (see put_neon_skips in\n"
          " * tools/gen_sentences.c). */\n"
          "static inline const unsigned char *sentence_lex_skip_neon(const unsigned char *cur,\n"
          "                                                          const unsigned char *lim, size_t *lines)\n"
          "{\n"
          "    while (lim - cur >= 16) {\n"
          "        uint64_t bits = sentence_lex_neon_stops(sentence_lex_neon_lookup(cur));\n"
          "        const unsigned char *next = cur + 16;\n"
          "        for (; bits; bits &= bits - 1) {\n"
          "            const unsigned char *p = cur + (__builtin_ctzll(bits) >> 2);\n"
          "            const unsigned char *r = sentence_lex_fast_stop(p, lim, lines);\n"
          "            if (r == p) return p;\n"
          "            if (r) { next = r; break; }\n"
          "        }\n"
          "        cur = next;\n"
          "    }\n"
          "    return sentence_lex_skip(cur, lim, lines);\n"
          "}\n\n"
          "/* sentence_lex_count_skip sixteen bytes a step: the word starts before\n"
          " * the first stop are the word bytes after a blank, counted by popcount\n"
          " * (see put_neon_skips in tools/gen_sentences.c). */\n"
          "static inline const unsigned char *\n"
          "sentence_lex_count_skip_neon(const unsigned char *cur, const unsigned char *lim, size_t *words, int *sp,\n"
          "                             const unsigned char *text, size_t base, parl_split_state *S)\n"
          "{\n"
          "    uint64_t blank = *sp ? 1u : 0u;   /* the byte before CUR */\n"
          "    size_t n = 0;\n"
          "    while (lim - cur >= 16) {\n"
          "        uint8x16_t c = sentence_lex_neon_lookup(cur);\n"
          "        uint64_t hs = sentence_lex_neon_blanks(c), bits = sentence_lex_neon_stops(c);\n"
          "        uint64_t starts = ~hs & ((hs << 4) | blank) & 0x1111111111111111u;\n"
          "        unsigned i = 16;   /* the first stop */\n"
          "        for (; bits; bits &= bits - 1) {\n"
          "            unsigned j = (unsigned)__builtin_ctzll(bits) >> 2;\n"
          "            if (sentence_lex_stops(cur + j, lim)) { i = j; break; }\n"
          "        }\n"
          "        if (i < 16) {\n"
          "            n += (size_t)__builtin_popcountll(starts & (((uint64_t)1 << 4 * i) - 1));\n"
          "            const unsigned char *q = sentence_lex_count_line(cur + i, lim, text, base, S, *words + n);\n"
          "            if (q) { blank = 1; cur = q; continue; }\n"
          "            if (i) blank = (hs >> (4 * (i - 1))) & 1u;\n"
          "            *words += n;\n"
          "            *sp = (int)blank;\n"
          "            return cur + i;\n"
          "        }\n"
          "        n += (size_t)__builtin_popcountll(starts);\n"
          "        blank = hs >> 60;\n"
          "        cur += 16;\n"
          "    }\n"
          "    *words += n;\n"
          "    *sp = (int)blank;\n"
          "    return sentence_lex_count_skip(cur, lim, words, sp, text, base, S);\n"
          "}\n\n"
          "/* The scanners below call the NEON skips. */\n"
          "#define sentence_lex_skip sentence_lex_skip_neon\n"
          "#define sentence_lex_count_skip sentence_lex_count_skip_neon\n"
          "#endif\n\n", f);
}

/* The fast scanner's skip (put_count_skip is the counting one's): a byte stops
 * it when sentence_lex_stop gives it 0x80, or, for a soft character, the
 * group bit that sentence_lex_follow gives the byte after it and
 * sentence_lex_third the one after that (or when one of them lies at the
 * limit: the DFA decides). With SSE2, sixteen bytes are
 * tested at once for a superset of those bytes (signed compares: below
 * 0x0E, which includes 0x80-0xFF, and ranges of ASCII) and the
 * candidates are then checked one by one; without it, the table does it
 * eight bytes a step. */
static void put_fast_skip(FILE *f, const sl_rules *r)
{
    char sp[16];
    const char *special = ascii_specials(sp);
    unsigned char stop[256] = { 0 }, follow[256] = { 0 }, third[256] = { 0 };
    for (int c = 0; c < 256; c++)
        if (c == 0 || c >= 0x80 || strchr(special, c)) stop[c] = 0x80;
    int g = 0;
    for (size_t i = 0; i < sizeof soft_groups / sizeof soft_groups[0]; i++) {
        if (!r->on[soft_groups[i].rule]) continue;
        for (const char *p = soft_groups[i].chars; *p; p++) stop[(unsigned char)*p] |= (unsigned char)(1u << g);
        for (const char *p = soft_groups[i].follow; *p; p++) follow[(unsigned char)*p] |= (unsigned char)(1u << g);
        for (const char *p = soft_groups[i].third; *p; p++) third[(unsigned char)*p] |= (unsigned char)(1u << g);
        g++;
    }
    fputs("/* The fast scanner's stops (see put_fast_skip in tools/gen_sentences.c). */\n"
          "static const unsigned char sentence_lex_stop[256] = {", f);
    for (int c = 0; c < 256; c++) fprintf(f, "%s%d,", c % 32 ? "" : "\n    ", stop[c]);
    fputs("\n};\n\nstatic const unsigned char sentence_lex_follow[256] = {", f);
    for (int c = 0; c < 256; c++) fprintf(f, "%s%d,", c % 32 ? "" : "\n    ", follow[c]);
    fputs("\n};\n\nstatic const unsigned char sentence_lex_third[256] = {", f);
    for (int c = 0; c < 256; c++) fprintf(f, "%s%d,", c % 32 ? "" : "\n    ", third[c]);
    fputs("\n};\n\n"
          "/* The token a byte starts when it starts one rule only, a rule of one\n"
          " * byte or a run of them (the run [.!?]+ for PARL__T_TERM), else 0: the\n"
          " * fast scanner takes those before the DFA's jump (put_scanner). */\n"
          "static const unsigned char sentence_lex_fast_tok[256] = {\n", f);
    for (size_t i = 0; i < N_FIXED_TOKS; i++)
        for (const char *c = fixed_toks[i].chars; c && *c; c++)
            fprintf(f, "    ['%s%c'] = %s,\n", char_esc(*c), *c, fixed_toks[i].tok);
    fputs("};\n\n"
          "/* Must the DFA see the byte at P (< LIM)? */\n"
          "static inline int sentence_lex_stops(const unsigned char *p, const unsigned char *lim)\n"
          "{\n"
          "    unsigned k = sentence_lex_stop[*p];\n"
          "    return (k & 0x80) ||\n"
          "           (k && (p + 1 == lim || ((sentence_lex_follow[p[1]] & k) &&\n"
          "                                   (p + 2 == lim || (sentence_lex_third[p[2]] & k)))));\n"
          "}\n\n"
          "#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))\n"
          "#include <emmintrin.h>\n"
          "#define SENTENCE_LEX_SSE2 1\n"
          "#endif\n\n"
          "/* On 64-bit ARM the skips have NEON variants; PARL_NO_NEON leaves them\n"
          " * out (to test the portable skips there). */\n"
          "#if defined(__ARM_NEON) && defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__)) && \\\n"
          "    !defined(PARL_NO_NEON)\n"
          "#include <arm_neon.h>\n"
          "#define SENTENCE_LEX_NEON 1\n"
          "#endif\n\n"
          "/* On x86-64 the fast skip has an AVX2 variant, chosen on each call when\n"
          " * the compiler was not told that AVX2 is there (-mavx2, -march): a\n"
          " * test of a word the compiler's run time set up. PARL_NO_AVX2 leaves\n"
          " * it out (to test the SSE2 skip on a machine with AVX2). */\n"
          "#if defined(SENTENCE_LEX_SSE2) && defined(__x86_64__) && !defined(PARL_NO_AVX2)\n"
          "#include <immintrin.h>\n"
          "#define SENTENCE_LEX_AVX2 1\n"
          "#define SENTENCE_LEX_AVX2_FN __attribute__((target(\"avx2,popcnt\")))\n"
          "#ifdef __AVX2__\n"
          "#define sentence_lex_has_avx2() 1\n"
          "#else\n"
          "#define sentence_lex_has_avx2() (__builtin_cpu_supports(\"avx2\") && __builtin_cpu_supports(\"popcnt\"))\n"
          "#endif\n"
          "#endif\n\n", f);
    put_sse_candidates(f, stop);
    fputs("/* Does the line at CUR start with ordinary text (parl__sl_line_fast)?\n"
          " * Then the fast scanner may count its line break and go on. */\n"
          "static inline int sentence_lex_text_line(const unsigned char *cur, const unsigned char *lim)\n"
          "{\n"
          "    if (cur >= lim) return 0;\n"
          "    unsigned k = parl__sl_line_fast[cur[0]];\n"
          "    return (k & PARL__LF_TEXT) ||\n"
          "           ((k & PARL__LF_PAIR) && lim - cur > 1 && (parl__sl_line_fast[cur[1]] & PARL__LF_SECOND));\n"
          "}\n\n"
          "/* Where the line after the line break at P starts past its blanks, when\n"
          " * that is ordinary text (sentence_lex_text_line), as the DFA's rule eol\n"
          " * hs* would find it; else NULL. An indented line's break entered the\n"
          " * DFA only to be passed. */\n"
          "static inline const unsigned char *sentence_lex_text_after(const unsigned char *p,\n"
          "                                                           const unsigned char *lim)\n"
          "{\n"
          "    const unsigned char *q = p + 1;\n"
          "    if (sentence_lex_text_line(q, lim)) return q;   /* the usual line */\n"
          "    while (q < lim && (*q == ' ' || *q == '\\t' || *q == '\\v' || *q == '\\f')) q++;\n"
          "    return q > p + 1 && sentence_lex_text_line(q, lim) ? q : NULL;\n"
          "}\n\n"
          "#if defined(SENTENCE_LEX_SSE2) || defined(SENTENCE_LEX_NEON)\n"
          "/* For the fast skips, the candidate at P: P when the DFA must see it;\n"
          " * a line break before ordinary text is counted in *LINES (when not NULL)\n"
          " * and passed: where its line's text starts when blanks come first (the\n"
          " * skip goes on from there), else NULL, as for no stop at all. */\n"
          "static inline const unsigned char *sentence_lex_fast_stop(const unsigned char *p,\n"
          "                                                          const unsigned char *lim,\n"
          "                                                          size_t *lines)\n"
          "{\n"
          "    const unsigned char *q;\n"
          "    if (!sentence_lex_stops(p, lim)) return NULL;\n"
          "    if (*p != '\\n' || !lines || !(q = sentence_lex_text_after(p, lim))) return p;\n"
          "    ++*lines;\n"
          "    return q > p + 1 ? q : NULL;\n"
          "}\n\n"
          "/* For the counting skips: a line break at P before ordinary text goes to\n"
          " * parl__sl_text_line (S: the splitter, NULL when it wants every line\n"
          " * break as a token) with WORDS, the words before it, as the DFA's rule eol\n"
          " * would pass it (TEXT - BASE: the document); returns where the line's text\n"
          " * starts, or NULL when the DFA must see the byte at P. */\n"
          "static inline const unsigned char *sentence_lex_count_line(const unsigned char *p,\n"
          "                                                           const unsigned char *lim,\n"
          "                                                           const unsigned char *text,\n"
          "                                                           size_t base, parl_split_state *S,\n"
          "                                                           size_t words)\n"
          "{\n"
          "    const unsigned char *q;\n"
          "    if (*p != '\\n' || !S || !(q = sentence_lex_text_after(p, lim))) return NULL;\n"
          "    parl__sl_text_line(S, base + (size_t)(p - text), base + (size_t)(q - text), words);\n"
          "    return q;\n"
          "}\n"
          "#endif\n\n"
          "/* The first byte of [CUR, LIM) that the DFA must see. A line break\n"
          " * before ordinary text, after blanks or not, is counted in *LINES (when\n"
          " * not NULL) and passed with the blanks, as the DFA's rule eol hs* would. */\n"
          "static const unsigned char *sentence_lex_skip(const unsigned char *cur,\n"
          "                                              const unsigned char *lim, size_t *lines)\n"
          "{\n"
          "#ifdef SENTENCE_LEX_SSE2\n"
          "    while (lim - cur >= 16) {\n"
          "        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)cur);\n"
          "        __m128i m = sentence_lex_stop_mask(v);\n"
          "        m = _mm_andnot_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\t')), m);   /* a common non-stop */\n"
          "        unsigned bits = (unsigned)_mm_movemask_epi8(m);\n"
          "        const unsigned char *next = cur + 16;\n"
          "        for (; bits; bits &= bits - 1) {\n"
          "            const unsigned char *p = cur + __builtin_ctz(bits), *r = sentence_lex_fast_stop(p, lim, lines);\n"
          "            if (r == p) return p;\n"
          "            if (r) { next = r; break; }\n"
          "        }\n"
          "        cur = next;\n"
          "    }\n"
          "#endif\n"
          "    const unsigned char *t = sentence_lex_plain;   /* 4: a stop or a soft character */\n"
          "    for (;; cur++) {\n"
          "        while (lim - cur >= 8 && !((t[cur[0]] | t[cur[1]] | t[cur[2]] | t[cur[3]] |\n"
          "                                    t[cur[4]] | t[cur[5]] | t[cur[6]] | t[cur[7]]) & 4))\n"
          "            cur += 8;\n"
          "        while (cur < lim && !(t[*cur] & 4)) cur++;\n"
          "        if (cur >= lim) return cur;   /* CUR may start past LIM */\n"
          "        if (!sentence_lex_stops(cur, lim)) continue;\n"
          "        const unsigned char *q;\n"
          "        if (*cur != '\\n' || !lines || !(q = sentence_lex_text_after(cur, lim))) return cur;\n"
          "        ++*lines;\n"
          "        cur = q - 1;\n"
          "    }\n"
          "}\n\n", f);
    put_count_skip(f);
    unsigned soft_mask = put_avx2_skip(f, stop, follow, third);   /* the soft lookups are shared */
    put_avx2_count_skip(f, stop, soft_mask);
    put_neon_skips(f, stop);
    put_sse2_block_skip(f);
}

/* The scanners skip runs of ordinary ASCII text (the rules c+, w+ and
 * hs+; no token starts with such a character) before their DFA, eight
 * bytes a step where SSE2 is missing (put_fast_skip, put_count_skip). The
 * table gives each byte 1 for a word's character, 2 for a blank (hs), 4 for
 * anything the DFA must see. It must agree with put_runs and put_defs
 * (special, hs). */
static void put_plain_table(FILE *f, const sl_rules *r)
{
    char sp[16];
    const char *special = ascii_specials(sp);
    char soft[16];
    soft_chars(r, soft);
    fputs("static const unsigned char sentence_lex_plain[256] = {", f);
    for (int c = 0; c < 256; c++) {
        int plain = c > 0 && c < 0x80 && !strchr(special, c) && !strchr(soft, c);
        int blank = c == ' ' || c == '\t' || c == '\v' || c == '\f';
        fprintf(f, "%s%d,", c % 32 ? "" : "\n    ", plain ? 1 + blank : 4);
    }
    fputs("\n};\n\n", f);
    put_fast_skip(f, r);
}

/* The tokens of sentences.yaml's rules. WORD is the counting action. */
static void put_rule_tokens(FILE *f, const sl_rules *r, const char *word, int counting)
{
    if (r->on[SL_STAMPS])   /* the token is the clock from its colon; split.c looks back */
        fprintf(f, "    clock        { %s%st = PARL__T_STAMP; goto out; }\n", word,
                counting ? "for (const unsigned char *q = tok + 1; q < cur; q++) "
                           "words += q[-1] == ' ' && q[0] != ' '; " : "");
    if (r->on[SL_CLOSINGS])
        fprintf(f, "    \",\" hs+ [A-Z] { %scur = tok + 1; t = PARL__T_COMMA; goto out; }\n", word);
    if (r->on[SL_SEPARATORS])
        fprintf(f, "    [*=#]{3,} | \"-\"{4,} | \"_\"{4,} { %st = PARL__T_SEP; goto out; }\n", word);
    if (r->on[SL_CLOSINGS] || r->on[SL_STAMPS] || r->on[SL_SEPARATORS])
        fprintf(f, "    soft         { %scontinue; }\n", word);
}

/* The two scanners share their punctuation rules; COUNTING adds the word
 * and code point counting rules, which never leave the DFA. */
/* The fast skip's block kept between scans (parl__sl.mmode, mat, mblk,
 * mbits, mpass): taken up when a scan starts where the last one ended
 * (LOAD), left for the next when it returns (KEEP). The AVX2 scanner's modes
 * are 1 and 2 (without and with lines passed) and it keeps the passed line
 * breaks too; the SSE2 scanner's mode is 3. */
static void put_kept_block(FILE *f, int keep, int avx2)
{
    const char *wrap = avx2 ? "" : "#ifdef SENTENCE_LEX_SSE2\n", *end = avx2 ? "" : "#endif\n";
    if (keep)
        fprintf(f,
                "%s    L->mmode = blk ? mode : 0;\n"
                "    L->mat = cur;\n"
                "    L->mblk = blk;\n"
                "    L->mbits = bits;\n"
                "%s%s",
                wrap, avx2 ? "    L->mpass = passed;\n" : "", end);
    else
        fprintf(f,
                "%s    /* the block of the last scan when this one starts where it ended */\n"
                "    const unsigned char mode = %s;\n"
                "    const unsigned char *blk = NULL;\n"
                "    unsigned long long bits = 0%s;\n"
                "    if (L->mmode == mode && L->mat == cur) {\n"
                "        blk = L->mblk;\n"
                "        bits = L->mbits;\n"
                "%s"
                "    }\n"
                "%s",
                wrap, avx2 ? "lines ? 2 : 1" : "3", avx2 ? ", passed = 0" : "",
                avx2 ? "        passed = L->mpass;\n" : "", end);
}

/* A scanner comes in two variants: NAME_avx2, whose skip is the AVX2 one
 * inlined (a call of the skip per token cost 3% of a split's
 * instructions), and NAME_base; the public function (PUBLIC) jumps to the
 * first when the machine has AVX2, else to the second (noinline, so that
 * neither pays the other's saved registers). */
static void put_scanner(FILE *f, const char *name, int counting, int avx2, const unsigned *bul,
                        size_t nbul, const sl_rules *r)
{
    const char *args = counting ? "parl_split_state *S" : "size_t *lines, parl_splitter *take";
    /* The fast scanner takes fixed_toks' ASCII tokens before its DFA
     * (below). */
    if (avx2)
        fprintf(f, "#ifdef SENTENCE_LEX_AVX2\n"
                   "SENTENCE_LEX_AVX2_FN static int %s_avx2(const unsigned char *text, size_t base, size_t limit,\n"
                   "                                   parl__sl *L, %s)\n", name, args);
    else
        fprintf(f, "#if defined(SENTENCE_LEX_AVX2)\n"
                   "__attribute__((noinline))\n"
                   "#endif\n"
                   "static int %s_base(const unsigned char *text, size_t base, size_t limit, parl__sl *L,\n"
                   "              %s)\n", name, args);
    fputs("{\n"
          "    const unsigned char *cur = text + (L->pos - base), *lim = text + limit, *mar = cur, *tok;\n"
          "    int t;\n", f);
    if (counting)
        fputs("    size_t words = L->words, cont = L->cont;\n    int sp = L->sp;\n", f);
    else
        put_kept_block(f, 0, avx2);
    fprintf(f,
        "    for (;;) {\n"
        "%s"
        "        tok = cur;\n"
        "%s",
        counting ? (avx2 ? "        cur = sentence_lex_count_skip_avx2(cur, lim, &words, &sp, text, base, S);   /* w+, hs+ */\n"
                         : "        cur = sentence_lex_count_skip(cur, lim, &words, &sp, text, base, S);   /* w+, hs+ */\n")
        : avx2   ? "        cur = sentence_lex_skip_avx2(cur, lim, lines, take, text, base, &blk, &bits, &passed);   /* c+ */\n"
                 : "#ifdef SENTENCE_LEX_SSE2\n"
                   "        cur = sentence_lex_skip_sse2(cur, lim, lines, take, text, base, &blk, &bits);   /* c+ */\n"
                   "#else\n"
                   "        cur = sentence_lex_skip(cur, lim, lines);   /* c+ */\n"
                   "#endif\n",
        counting ? ""
                 : "        /* the commonest tokens before the DFA's jump (nine tenths of them\n"
                   "         * on fortunes.txt): a terminator run (the rule [.!?]+), a quote\n"
                   "         * (the rule [\"]) and parentheses ([(] and [)]) */\n"
                   "        if (cur < lim && (t = sentence_lex_fast_tok[*cur]) != 0) {\n"
                   "            ++cur;\n");
    for (size_t i = 0; !counting && i < N_FIXED_TOKS; i++) {
        if (!fixed_toks[i].run) continue;
        fprintf(f, "            if (t == %s)\n"
                   "                while (cur < lim && (", fixed_toks[i].tok);
        for (const char *c = fixed_toks[i].chars; *c; c++)
            fprintf(f, "%s*cur == '%s%c'", c == fixed_toks[i].chars ? "" : " || ", char_esc(*c), *c);
        fputs(")) cur++;\n", f);
    }
    if (!counting)
        fputs("            goto out;\n"
              "        }\n", f);
    fputs("    /*!local:re2c\n", f);
    fputs(sl_api_conf, f);
    fputs("    re2c:define:YYLESSTHAN = \"cur >= lim\";\n"
          "    re2c:eof = 0;\n", f);
    put_defs(f, bul, nbul);
    put_runs(f, r);
    sl_put_clock_def(f, r);
    const char *word = counting ? "words += (size_t)sp; sp = 0; " : "";
    const char *mb = counting ? "cont += (size_t)(cur - tok) - 1; " : "";
    fputs("    $            { t = PARL__T_END; goto out; }\n", f);
    fprintf(f, "    *            { %sif (*tok) L->bad++; else L->nul++; continue; }\n", word);
    if (counting)
        fputs("    hs+          { sp = 1; continue; }\n"
              "    uspace       { sp = 1; cont += (size_t)(cur - tok) - 1; continue; }\n"
              "    w+           { words += (size_t)sp; sp = 0; continue; }\n"
              "    [^] \\ [\\x00-\\x7f] \\ special \\ uspace { words += (size_t)sp; sp = 0; "
              "cont += (size_t)(cur - tok) - 1; continue; }\n"
              "    eol hs*      { sp = 1;\n"
              "                   if (S && sentence_lex_text_line(cur, lim)) {\n"
              "                       parl__sl_text_line(S, base + (size_t)(tok - text), base + (size_t)(cur - text), words);\n"
              "                       continue;\n"
              "                   }\n"
              "                   t = PARL__T_EOL; goto out; }\n", f);
    else
        fputs("    c+           { continue; }\n"
              "    [^] \\ [\\x00-\\x7f] \\ special { continue; }\n"
              "    eol hs*      { if (lines && sentence_lex_text_line(cur, lim)) { ++*lines; continue; }\n"
              "                   t = PARL__T_EOL; goto out; }\n", f);
    put_rule_tokens(f, r, word, counting);
    for (size_t i = 0; i < N_FIXED_TOKS; i++) {
        const struct fixed_tok *k = &fixed_toks[i];
        int w = 0;
        fputs("    ", f);
        if (k->chars) {
            fputc('[', f);
            for (const char *c = k->chars; *c; c++) put_class_char(f, (unsigned char)*c), w++;
            w += fprintf(f, "]%s", k->run ? "+" : "") + 1;
        } else {
            w = fprintf(f, "%s", k->re);
        }
        fprintf(f, "%*s { %s%st = %s; goto out; }\n", w < 12 ? 12 - w : 0, "", word, k->chars ? "" : mb, k->tok);
    }
    if (counting)
        fputs("    */\n"
              "    }\n"
              "out:\n", f);
    else   /* quotes and parentheses go to parl__sl_take (TAKE: the splitter, or NULL) */
        fputs("    */\n"
              "    out:\n"
              "        if (!take || t < PARL__T_DQ || t > PARL__T_RP || cur >= lim ||\n"
              "            !parl__sl_take(take, t, base + (size_t)(tok - text)))\n"
              "            break;\n"
              "    }\n", f);
    fputs("    L->tok = base + (size_t)(tok - text);\n"
          "    L->pos = base + (size_t)(cur - text);\n", f);
    if (counting) fputs("    L->words = words; L->cont = cont; L->sp = sp;\n", f);
    else
        put_kept_block(f, 1, avx2);
    fputs("    (void)mar;\n"
          "    return t;\n"
          "}\n", f);
    fputs(avx2 ? "#endif\n\n" : "\n", f);
}

static void put_scanners(FILE *f, const char *name, const char *public, int counting,
                         const unsigned *bul, size_t nbul, const sl_rules *r)
{
    const char *arg = counting ? "S" : "lines, take";
    put_scanner(f, name, counting, 1, bul, nbul, r);
    put_scanner(f, name, counting, 0, bul, nbul, r);
    fprintf(f, "int %s(const unsigned char *text, size_t base, size_t limit, parl__sl *L, %s)\n"
               "{\n"
               "#ifdef SENTENCE_LEX_AVX2\n"
               "    if (sentence_lex_has_avx2()) return %s_avx2(text, base, limit, L, %s);\n"
               "#endif\n"
               "    return %s_base(text, base, limit, L, %s);\n"
               "}\n\n", public, counting ? "parl_split_state *S" : "size_t *lines, parl_splitter *take", name,
            arg, name, arg);
}

/* Most words before a period are no abbreviation and most capitalised
 * words no sentence starter, yet their DFAs' first switch is an indirect
 * jump that mispredicts. A table of the entries' (length, first and last
 * letter, case folded) answers most of them first: a word whose key is not
 * in it matches no entry. Lengths from 15 share a row; a first or last
 * byte that is no ASCII letter (other ASCII shares column 26) or a word
 * longer than MAX_WORD goes to the DFA. */
#define END_ROWS 16
static int end_letter(int c)
{
    c = tolower(c);
    return c >= 'a' && c <= 'z' ? c - 'a' : 26;
}

/* LINKAGE: "static " or "" (parl__sl_abbr_keys is read by the inline test
 * of sentence_vocab.h too). */
static void put_end_keys(FILE *f, const char *linkage, const char *name, const entries *e)
{
    unsigned long keys[END_ROWS][27];
    memset(keys, 0, sizeof keys);
    for (size_t i = 0; i < e->n; i++) {
        const unsigned char *t = (const unsigned char *)e->v[i].text;
        size_t n = strlen(e->v[i].text);
        if (t[0] >= 0x80 || t[n - 1] >= 0x80) continue;   /* such words always see the DFA */
        keys[n < END_ROWS ? n : END_ROWS - 1][end_letter(t[0])] |= 1ul << end_letter(t[n - 1]);
    }
    fprintf(f, "%sconst unsigned long %s[%d][27] = {", linkage, name, END_ROWS);
    for (int r = 0; r < END_ROWS; r++) {
        fputs("\n    {", f);
        for (int c = 0; c < 27; c++) fprintf(f, "%s0x%lx", c ? "," : "", keys[r][c]);
        fputs("},", f);
    }
    fputs("\n};\n\n", f);
}

static const char *const end_key_fn =
    "/* Case-folded letter index of an ASCII byte; 26 for any other. */\n"
    "static unsigned sentence_lex_end_letter(unsigned c)\n"
    "{\n"
    "    c |= 0x20;\n"
    "    return c - 'a' < 26 ? c - 'a' : 26;\n"
    "}\n\n"
    "/* 0 when the word S[0..N) (N >= 1) has no key in KEYS (see put_end_keys\n"
    " * in tools/gen_sentences.c): then it is no entry of theirs. Inline: its\n"
    " * call and return were a third of its cost. */\n"
    "static inline int sentence_lex_end_key(const unsigned long keys[][27], const unsigned char *s, size_t n)\n"
    "{\n"
    "    if (n > SENTENCE_LEX_MAX_WORD || s[0] >= 0x80 || s[n - 1] >= 0x80) return 1;\n"
    "    return (keys[n < SENTENCE_LEX_END_ROWS ? n : SENTENCE_LEX_END_ROWS - 1]\n"
    "                [sentence_lex_end_letter(s[0])] >> sentence_lex_end_letter(s[n - 1])) & 1;\n"
    "}\n\n";

static void put_abbr(FILE *f, const entries *ab)
{
    fprintf(f, "#define SENTENCE_LEX_MAX_WORD %d\n#define SENTENCE_LEX_END_ROWS %d\n\n", MAX_WORD,
            END_ROWS);
    fputs(end_key_fn, f);
    put_end_keys(f, "", "parl__sl_abbr_keys", ab);
    fputs("int parl__sl_abbr(const unsigned char *s, size_t n)\n"
          "{\n"
          "    const unsigned char *cur = s, *lim = s + n, *mar = cur;\n"
          "    int k;\n"
          "    /* a dotted initialism (a period at s[1]) is one without an entry */\n"
          "    if (n && !(n >= 3 && s[1] == '.') && !sentence_lex_end_key(parl__sl_abbr_keys, s, n))\n"
          "        return PARL__ABBR_NONE;\n"
          "    /*!local:re2c\n", f);
    fputs(sl_api_conf, f);
    fputs("    end = [\\x00];\n"
          "    *  { return PARL__ABBR_NONE; }\n", f);
    for (size_t i = 0; i < ab->n; i++) {
        const entry *e = &ab->v[i];
        fputs("    (", f);
        sl_put_re_string(f, e->text, e->any_case);
        if (!e->any_case) {
            char up[MAX_WORD + 1];
            size_t j = 0;
            for (; e->text[j]; j++) up[j] = (char)toupper((unsigned char)e->text[j]);
            up[j] = 0;
            if (strcmp(up, e->text)) { fputs(" | ", f); sl_put_re_string(f, up, 0); }
        }
        if (e->kind == K_CLOSER)
            fprintf(f, ") end { k = %s | %d << 4; goto done; }\n", kind_enum[e->kind], e->min_words);
        else
            fprintf(f, ") end { k = %s; goto done; }\n", kind_enum[e->kind]);
    }
    fputs("    ([a-zA-Z] \".\")+ [a-zA-Z] end { k = PARL__ABBR_SUFFIX; goto done; }\n"
          "    */\n"
          "done:\n"
          "    (void)mar;\n"
          "    return cur == lim + 1 ? k : PARL__ABBR_NONE;   /* the end matched the virtual NUL */\n"
          "}\n\n", f);
}

/* The end-key test of parl__sl_abbr for its callers (runtime/split.c): a
 * word before a period is seldom an abbreviation, and the call to find
 * that out cost more than the test (1.1 M instructions on fortunes.txt). */
static const char *const abbr_test =
    "#include <stddef.h>\n"
    "/* parl__sl_abbr's key table (put_end_keys in tools/gen_sentences.c). */\n"
    "extern const unsigned long parl__sl_abbr_keys[%d][27];\n"
    "/* 0 when the word S[0..N) is no abbreviation (parl__sl_abbr would\n"
    " * return PARL__ABBR_NONE): its (length, first letter, last letter) is no\n"
    " * entry's and it is no dotted initialism; 1 when it may be one. */\n"
    "static inline int parl__sl_maybe_abbr(const unsigned char *s, size_t n)\n"
    "{\n"
    "    if (n < 3 ? n == 0 : s[1] == '.') return 1;\n"
    "    if (n > %d || s[0] >= 0x80 || s[n - 1] >= 0x80) return 1;\n"
    "    unsigned a = (s[0] | 0x20u) - 'a', z = (s[n - 1] | 0x20u) - 'a';\n"
    "    return (parl__sl_abbr_keys[n < %d ? n : %d - 1][a < 26 ? a : 26] >> (z < 26 ? z : 26)) & 1;\n"
    "}\n"
    "/* parl__sl_maybe_abbr for a word of two or more bytes that starts with\n"
    " * an ASCII letter (the word before a plain stop): its tests joined\n"
    " * without a branch. */\n"
    "static inline int parl__sl_maybe_abbr_word(const unsigned char *s, size_t n)\n"
    "{\n"
    "    unsigned a = (s[0] | 0x20u) - 'a', z = (s[n - 1] | 0x20u) - 'a';\n"
    "    return ((n >= 3) & (s[1] == '.')) | (n > %d) | (s[n - 1] >= 0x80) |\n"
    "           (int)((parl__sl_abbr_keys[n < %d ? n : %d - 1][a < 26 ? a : 26] >> (z < 26 ? z : 26)) & 1);\n"
    "}\n";

static void put_starters(FILE *f, const entries *st)
{
    put_end_keys(f, "static ", "sentence_lex_starter_keys", st);
    fputs("int parl__sl_starter(const unsigned char *s, size_t n)\n"
          "{\n"
          "    const unsigned char *cur = s, *lim = s + n, *mar = cur;\n"
          "    if (n && !sentence_lex_end_key(sentence_lex_starter_keys, s, n)) return 0;\n"
          "    /*!local:re2c\n", f);
    fputs(sl_api_conf, f);
    fputs("    *  { return 0; }\n    (", f);
    for (size_t i = 0; i < st->n; i++) {
        char up[MAX_WORD + 1];
        size_t j = 0;
        for (; st->v[i].text[j]; j++) up[j] = (char)toupper((unsigned char)st->v[i].text[j]);
        up[j] = 0;
        if (i) fputs("\n    | ", f);
        sl_put_re_string(f, st->v[i].text, 0);
        if (strcmp(up, st->v[i].text)) { fputs(" | ", f); sl_put_re_string(f, up, 0); }
    }
    fputs(") [\\x00] { (void)mar; return cur == lim + 1; }\n"
          "    */\n"
          "}\n\n", f);
}

/* Character classes for the boundary rules: one list drives both the
 * ASCII table (read inline by runtime/split.c) and the re2c rules for the
 * other characters. */
static const struct {
    const char *cls;
    const char *ascii;   /* members below 0x80 */
    const char *other;   /* re2c expression for the rest, or NULL */
} classes[] = {
    { "PARL__C_LOWER", "abcdefghijklmnopqrstuvwxyz",
      "[\\u00b5\\u00df-\\u00f6\\u00f8-\\u00ff\\u03ac-\\u03ce\\u0430-\\u045f]" },
    { "PARL__C_UPPER", "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
      "[\\u00c0-\\u00d6\\u00d8-\\u00de\\u0386-\\u038f\\u0391-\\u03ab\\u0400-\\u042f]" },
    { "PARL__C_DIGIT", "0123456789", NULL },
    { "PARL__C_SPACE", " \t\v\f", "uspace" },
    { "PARL__C_EOL", "\n\r", NULL },
    { "PARL__C_OPENER", "([{", "[\\u2018\\u00bf\\u00a1] | lq" },
    { "PARL__C_CLOSER", ")]}", "[\\u2019] | rq" },
    { "PARL__C_EITHER", "\"'*_", NULL },
    { "PARL__C_BULLET", "", "bullet" },
};

static void put_classes(FILE *f, const unsigned *bul, size_t nbul)
{
    fputs("const unsigned char parl__sl_ascii[128] = {", f);
    for (int c = 0; c < 128; c++) {
        const char *name = "PARL__C_OTHER";
        for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
            if (c && strchr(classes[i].ascii, c)) name = classes[i].cls;
        fprintf(f, "%s%s,", c % 4 ? " " : "\n    ", name);
    }
    fputs("\n};\n\n"
          "int parl__sl_class(const unsigned char *s, size_t n, size_t *len)\n"
          "{\n"
          "    const unsigned char *cur = s, *lim = s + n, *mar = cur;\n"
          "    int c;\n"
          "    if (n == 0) { *len = 0; return PARL__C_END; }\n"
          "    if (s[0] < 0x80) {\n"
          "        *len = s[0] == '\\r' && n > 1 && s[1] == '\\n' ? 2 : 1;\n"
          "        return parl__sl_ascii[s[0]];\n"
          "    }\n"
          "    /*!local:re2c\n", f);
    fputs(sl_api_conf, f);
    put_defs(f, bul, nbul);
    fputs("    *  { c = PARL__C_OTHER; goto done; }\n", f);
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
        if (classes[i].other)
            fprintf(f, "    %s { c = %s; goto done; }\n", classes[i].other, classes[i].cls);
    fputs("    [^] { c = PARL__C_OTHER; goto done; }\n"   /* any other valid character */
          "    */\n"
          "done:\n"
          "    (void)mar;\n"
          "    if (cur > lim) cur = lim;\n"
          "    *len = (size_t)(cur - s);\n"
          "    return c;\n"
          "}\n\n", f);
}

static const char *const line_head =
    "int parl__sl_line(const unsigned char *s, size_t n, unsigned *val, int *rest)\n"
    "{\n"
    "    const unsigned char *cur = s, *lim = s + n, *mar = cur, *p;\n"
    "    *val = 0;\n"
    "    *rest = 0;\n"
    "    /*!local:re2c\n";
static const char *const line_body =
    "    end = [\\x00];\n"
    "    *                            { return PARL__LS_TEXT; }\n"
    "    (hs | uspace)* (eol | end)   { return cur > lim || cur[-1] ? PARL__LS_BLANK : PARL__LS_TEXT; }\n"
    "    \"#\"{1,6} (hs | uspace | eol | end) { return cur > lim || cur[-1] ? PARL__LS_HEADING : PARL__LS_TEXT; }\n"
    "    \"```\" | \"~~~\"            { goto fence; }\n"
    "    \">\"                        { return PARL__LS_QUOTE; }\n"
    "    [-*+] (hs | uspace) | bullet { return PARL__LS_BULLET; }\n"
    "    [0-9]{1,3} (\".\" | \")\" | \".)\") hs { goto number; }\n"
    "    [a-z] [.)] hs                { *val = s[0]; return PARL__LS_LETTER; }\n"
    "    */\n"
    "fence:\n"
    "    for (p = s; p < lim && *p == s[0] && p - s < 255; p++) {}\n"
    "    *val = (unsigned)s[0] << 8 | (unsigned)(p - s);\n"
    "    while (p < lim && (*p == ' ' || *p == '\\t')) p++;\n"
    "    *rest = p == lim || *p == '\\n' || *p == '\\r';\n"
    "    (void)mar;\n"
    "    return PARL__LS_FENCE;\n"
    "number:\n"
    "    for (p = s; *p >= '0' && *p <= '9'; p++) *val = *val * 10 + (unsigned)(*p - '0');\n"
    "    return PARL__LS_NUMBER;\n"
    "}\n";

static void put_line_fast(FILE *f)
{
    fputs("const unsigned char parl__sl_line_fast[256] = {", f);
    for (int c = 0; c < 256; c++) fprintf(f, "%s%d,", c % 32 ? "" : "\n    ", line_fast(c));
    fputs("\n};\n\n", f);
}

int gen_sentences(gen_ctx *g)
{
    static const char *const top[] = { "language", "groups", "sentence_starters", "list_bullets" };
    ydoc *d = gen_load(g, "abbreviations.yaml");
    if (!d) return 1;
    int bad = yonly_keys(d->root, top, sizeof top / sizeof top[0]);
    const ynode *lang = sl_need(d->root, "language", Y_SCALAR, "a language code");
    const ynode *groups = sl_need(d->root, "groups", Y_MAP, "a mapping of groups");
    const ynode *starters = sl_need(d->root, "sentence_starters", Y_SEQ, "a list of words");
    const ynode *bullets = sl_need(d->root, "list_bullets", Y_SEQ, "a list of characters");
    if (!lang || !groups || !starters || !bullets) bad++;
    if (lang) {
        size_t n = strlen(lang->text);
        int ok = n >= 2 && n <= 8;
        for (size_t i = 0; i < n; i++)
            if (!islower((unsigned char)lang->text[i]) && lang->text[i] != '-') ok = 0;
        if (!ok) bad += yerr(lang, "language must be a lower-case code such as 'en'");
    }
    entries ab = { 0 }, st = { 0 };
    sl_rules rules;
    unsigned bul[32];
    size_t nbul = 0;
    bad += sl_read_rules(g, &rules);
    if (!bad) bad += read_groups(groups, &ab);
    if (!bad) bad += read_words(starters, &st, 1);
    if (!bad) bad += read_bullets(bullets, bul, &nbul, 32);
    if (!bad && st.n == 0) bad += yerr(starters, "sentence_starters is empty");
    if (!bad && nbul == 0) bad += yerr(bullets, "list_bullets is empty");

    FILE *f = bad ? NULL : gen_create(g, "sentence_lex.re", SRC " and grammar/sentences.yaml");
    if (f) {
        fputs("/* The sentence splitter's lexers; see tools/gen_sentences.c. */\n"
              "#include <stddef.h>\n"
              "#include \"split_internal.h\"\n"
              "#include \"sentence_vocab.h\"   /* parl__sl_abbr_keys */\n\n", f);
        put_plain_table(f, &rules);
        put_scanners(f, "sentence_lex_scan", "parl__sl_scan", 0, bul, nbul, &rules);
        put_scanners(f, "sentence_lex_count", "parl__sl_scan_count", 1, bul, nbul, &rules);
        put_abbr(f, &ab);
        put_starters(f, &st);
        sl_put_matchers(f, &rules);
        /* the class and line functions need the shared definitions */
        put_classes(f, bul, nbul);
        put_line_fast(f);
        fputs(line_head, f); fputs(sl_api_conf, f); put_defs(f, bul, nbul); fputs(line_body, f);
        bad += gen_close(g, f);
    }
    FILE *h = bad ? NULL : gen_create(g, "sentence_vocab.h", SRC);
    if (h) {
        fprintf(h, "#ifndef PARL_SENTENCE_VOCAB_H\n#define PARL_SENTENCE_VOCAB_H\n"
                   "#define PARL_SENT_LANGUAGE \"%s\"\n"
                   "#define PARL_SENT_ABBREVIATIONS %zu\n", lang->text, ab.n);
        fprintf(h, abbr_test, END_ROWS, MAX_WORD, END_ROWS, END_ROWS, MAX_WORD, END_ROWS, END_ROWS);
        fputs("#endif\n", h);
        bad += gen_close(g, h);
    }
    if (!bad) bad += sl_put_rules_header(g, &rules);
    sl_rules_free(&rules);
    free(ab.v);
    free(st.v);
    if (bad) gen_fail(g);
    return bad ? 1 : 0;
}
