/* SPDX-License-Identifier: MIT */
/* gen_sentences.c: compiles grammar/abbreviations.yaml into the sentence
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
 *   gen/sentence_vocab.h  the language code
 *
 * The markdown and punctuation rules are part of this template; every word
 * and bullet comes from the YAML. Output depends only on the YAML (entries
 * are sorted), so reruns are byte-identical. */
#include "gen.h"
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define SRC "grammar/abbreviations.yaml"
#define MAX_WORD 32

enum { K_PREFIX = 1, K_SUFFIX, K_NUMBER };
static const char *const kind_names[] = { "", "prefix", "suffix", "number" };
static const char *const kind_enum[] = { "", "PARL__ABBR_PREFIX", "PARL__ABBR_SUFFIX",
                                         "PARL__ABBR_NUMBER" };

typedef struct {
    const char *text;    /* as written in the YAML */
    char folded[MAX_WORD + 1];
    int kind;
    int any_case;
    const ynode *at;
} entry;

typedef struct {
    entry *v;
    size_t n, cap;
} entries;

static void push(entries *e, entry x)
{
    if (e->n == e->cap) {
        e->cap = e->cap ? e->cap * 2 : 64;
        e->v = realloc(e->v, e->cap * sizeof *e->v);
        if (!e->v) { fputs("parlgen: out of memory\n", stderr); exit(1); }
    }
    e->v[e->n++] = x;
}

/* Decodes one UTF-8 code point; returns its length, 0 when invalid. */
static int utf8_decode(const unsigned char *s, unsigned *cp)
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

/* Writes S as a re2c string: "..." (exact) or '...' (any case), every
 * character that is not a letter or digit escaped as \uXXXX. */
static void put_re_string(FILE *f, const char *s, int any_case)
{
    char q = any_case ? '\'' : '"';
    putc(q, f);
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        unsigned cp;
        int k = utf8_decode(p, &cp);
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
        int k = utf8_decode(s + i, &cp);
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

static void fold(const char *s, char *out)
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

static const ynode *need(const ynode *map, const char *key, ykind kind, const char *what)
{
    const ynode *v = ymap_get(map, key);
    if (!v) { yerr(map, "missing '%s'", key); return NULL; }
    if (v->kind != kind) { yerr(v, "'%s' must be %s", key, what); return NULL; }
    return v;
}

/* Reads the groups into E; returns the number of errors. */
static int read_groups(const ynode *groups, entries *e)
{
    static const char *const gkeys[] = { "behaviour", "case", "words" };
    int bad = 0;
    for (size_t g = 0; g < groups->n; g++) {
        const ynode *name = ymap_key(groups, g), *grp = ymap_val(groups, g);
        if (grp->kind != Y_MAP) { bad += yerr(grp, "group '%s' must be a mapping", name->text); continue; }
        bad += yonly_keys(grp, gkeys, sizeof gkeys / sizeof gkeys[0]);
        const ynode *beh = need(grp, "behaviour", Y_SCALAR, "prefix, suffix or number");
        const ynode *words = need(grp, "words", Y_SEQ, "a list of words");
        const ynode *cs = ymap_get(grp, "case");
        if (!beh || !words) { bad++; continue; }
        int kind = 0;
        for (int k = K_PREFIX; k <= K_NUMBER; k++)
            if (!strcmp(beh->text, kind_names[k])) kind = k;
        if (!kind) { bad += yerr(beh, "behaviour must be prefix, suffix or number, not '%s'", beh->text); continue; }
        int any = 1;
        if (cs && yis_scalar(cs) && !strcmp(cs->text, "exact")) any = 0;
        else if (cs && !(yis_scalar(cs) && !strcmp(cs->text, "any")))
            { bad += yerr(cs, "case must be 'any' or 'exact'"); continue; }
        if (words->n == 0) bad += yerr(words, "group '%s' has no words", name->text);
        for (size_t i = 0; i < words->n; i++) {
            const ynode *w = words->items[i];
            if (check_word(w, 0)) { bad++; continue; }
            entry x = { .text = w->text, .kind = kind, .any_case = any, .at = w };
            fold(w->text, x.folded);
            push(e, x);
        }
    }
    if (bad) return bad;
    qsort(e->v, e->n, sizeof *e->v, by_folded);
    for (size_t i = 1; i < e->n; i++)
        if (!strcmp(e->v[i].folded, e->v[i - 1].folded))
            bad += yerr(e->v[i].at, "'%s' is already listed at line %d", e->v[i].text,
                        e->v[i - 1].at->line);
    return bad;
}

static int read_words(const ynode *seq, entries *e, int ascii_letters)
{
    int bad = 0;
    for (size_t i = 0; i < seq->n; i++) {
        const ynode *w = seq->items[i];
        if (check_word(w, ascii_letters)) { bad++; continue; }
        entry x = { .text = w->text, .at = w };
        fold(w->text, x.folded);
        push(e, x);
    }
    if (bad) return bad;
    qsort(e->v, e->n, sizeof *e->v, by_folded);
    for (size_t i = 1; i < e->n; i++)
        if (!strcmp(e->v[i].text, e->v[i - 1].text))
            bad += yerr(e->v[i].at, "'%s' is already listed at line %d", e->v[i].text,
                        e->v[i - 1].at->line);
    return bad;
}

/* Bullets: exactly one non-ASCII code point each. Returns errors. */
static int read_bullets(const ynode *seq, unsigned *cps, size_t *n, size_t max)
{
    int bad = 0;
    *n = 0;
    for (size_t i = 0; i < seq->n; i++) {
        const ynode *b = seq->items[i];
        unsigned cp = 0;
        int k = yis_scalar(b) ? utf8_decode((const unsigned char *)b->text, &cp) : 0;
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

static const char *const api_conf =
    "    re2c:api = custom;\n"
    "    re2c:api:style = free-form;\n"
    "    re2c:define:YYCTYPE = \"unsigned char\";\n"
    "    re2c:define:YYPEEK = \"(cur < lim ? *cur : 0)\";\n"
    "    re2c:define:YYSKIP = \"++cur;\";\n"
    "    re2c:define:YYBACKUP = \"mar = cur;\";\n"
    "    re2c:define:YYRESTORE = \"cur = mar;\";\n"
    "    re2c:yyfill:enable = 0;\n"
    "    re2c:encoding:utf8 = 1;\n";

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
          "    special = [.!?\\n\\r\"()\\x00\\u2026] | lq | rq | bullet;\n", f);
}

/* The two scanners share their punctuation rules; COUNTING adds the word
 * and code point counting rules, which never leave the DFA. */
static void put_scanner(FILE *f, const char *name, int counting, const unsigned *bul, size_t nbul)
{
    fprintf(f,
        "int %s(const unsigned char *text, size_t base, size_t limit, parl__sl *L)\n"
        "{\n"
        "    const unsigned char *cur = text + (L->pos - base), *lim = text + limit, *mar = cur, *tok;\n"
        "    int t;\n"
        "%s"
        "    for (;;) {\n"
        "        tok = cur;\n"
        "    /*!local:re2c\n", name,
        counting ? "    size_t words = L->words, cont = L->cont;\n    int sp = L->sp;\n" : "");
    fputs(api_conf, f);
    fputs("    re2c:define:YYLESSTHAN = \"cur >= lim\";\n"
          "    re2c:eof = 0;\n", f);
    put_defs(f, bul, nbul);
    const char *word = counting ? "words += (size_t)sp; sp = 0; " : "";
    const char *mb = counting ? "cont += (size_t)(cur - tok) - 1; " : "";
    fputs("    $            { t = PARL__T_END; goto out; }\n", f);
    fprintf(f, "    *            { %sif (*tok) L->bad++; else L->nul++; continue; }\n", word);
    if (counting)
        fputs("    hs+          { sp = 1; continue; }\n"
              "    uspace       { sp = 1; cont += (size_t)(cur - tok) - 1; continue; }\n"
              "    ([\\x01-\\x7f] \\ special \\ hs)+ { words += (size_t)sp; sp = 0; continue; }\n"
              "    [^] \\ [\\x00-\\x7f] \\ special \\ uspace { words += (size_t)sp; sp = 0; "
              "cont += (size_t)(cur - tok) - 1; continue; }\n"
              "    eol hs*      { sp = 1; t = PARL__T_EOL; goto out; }\n", f);
    else
        fputs("    ([\\x01-\\x7f] \\ special)+ { continue; }\n"
              "    [^] \\ [\\x00-\\x7f] \\ special { continue; }\n"
              "    eol hs*      { t = PARL__T_EOL; goto out; }\n", f);
    static const struct { const char *re; const char *tok; int multibyte; } toks[] = {
        { "[.!?]+      ", "PARL__T_TERM", 0 },
        { "[\\u2026]    ", "PARL__T_ELLIPSIS", 1 },
        { "[\"]         ", "PARL__T_DQ", 0 },
        { "lq          ", "PARL__T_LQ", 1 },
        { "rq          ", "PARL__T_RQ", 1 },
        { "[(]         ", "PARL__T_LP", 0 },
        { "[)]         ", "PARL__T_RP", 0 },
        { "bullet      ", "PARL__T_BULLET", 1 },
    };
    for (size_t i = 0; i < sizeof toks / sizeof toks[0]; i++)
        fprintf(f, "    %s { %s%st = %s; goto out; }\n", toks[i].re, word, toks[i].multibyte ? mb : "",
                toks[i].tok);
    fputs("    */\n"
          "    }\n"
          "out:\n"
          "    L->tok = base + (size_t)(tok - text);\n"
          "    L->pos = base + (size_t)(cur - text);\n", f);
    if (counting) fputs("    L->words = words; L->cont = cont; L->sp = sp;\n", f);
    fputs("    (void)mar;\n"
          "    return t;\n"
          "}\n\n", f);
}

static void put_abbr(FILE *f, const entries *ab)
{
    fputs("int parl__sl_abbr(const unsigned char *s, size_t n)\n"
          "{\n"
          "    const unsigned char *cur = s, *lim = s + n, *mar = cur;\n"
          "    int k;\n"
          "    /*!local:re2c\n", f);
    fputs(api_conf, f);
    fputs("    end = [\\x00];\n"
          "    *  { return PARL__ABBR_NONE; }\n", f);
    for (size_t i = 0; i < ab->n; i++) {
        const entry *e = &ab->v[i];
        fputs("    (", f);
        put_re_string(f, e->text, e->any_case);
        if (!e->any_case) {
            char up[MAX_WORD + 1];
            size_t j = 0;
            for (; e->text[j]; j++) up[j] = (char)toupper((unsigned char)e->text[j]);
            up[j] = 0;
            if (strcmp(up, e->text)) { fputs(" | ", f); put_re_string(f, up, 0); }
        }
        fprintf(f, ") end { k = %s; goto done; }\n", kind_enum[e->kind]);
    }
    fputs("    ([a-zA-Z] \".\")+ [a-zA-Z] end { k = PARL__ABBR_SUFFIX; goto done; }\n"
          "    */\n"
          "done:\n"
          "    (void)mar;\n"
          "    return cur == lim + 1 ? k : PARL__ABBR_NONE;   /* the end matched the virtual NUL */\n"
          "}\n\n", f);
}

static void put_starters(FILE *f, const entries *st)
{
    fputs("int parl__sl_starter(const unsigned char *s, size_t n)\n"
          "{\n"
          "    const unsigned char *cur = s, *lim = s + n, *mar = cur;\n"
          "    /*!local:re2c\n", f);
    fputs(api_conf, f);
    fputs("    *  { return 0; }\n    (", f);
    for (size_t i = 0; i < st->n; i++) {
        char up[MAX_WORD + 1];
        size_t j = 0;
        for (; st->v[i].text[j]; j++) up[j] = (char)toupper((unsigned char)st->v[i].text[j]);
        up[j] = 0;
        if (i) fputs("\n    | ", f);
        put_re_string(f, st->v[i].text, 0);
        if (strcmp(up, st->v[i].text)) { fputs(" | ", f); put_re_string(f, up, 0); }
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
    fputs(api_conf, f);
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

int gen_sentences(gen_ctx *g)
{
    static const char *const top[] = { "language", "groups", "sentence_starters", "list_bullets" };
    ydoc *d = gen_load(g, "abbreviations.yaml");
    if (!d) return 1;
    int bad = yonly_keys(d->root, top, sizeof top / sizeof top[0]);
    const ynode *lang = need(d->root, "language", Y_SCALAR, "a language code");
    const ynode *groups = need(d->root, "groups", Y_MAP, "a mapping of groups");
    const ynode *starters = need(d->root, "sentence_starters", Y_SEQ, "a list of words");
    const ynode *bullets = need(d->root, "list_bullets", Y_SEQ, "a list of characters");
    if (!lang || !groups || !starters || !bullets) bad++;
    if (lang) {
        size_t n = strlen(lang->text);
        int ok = n >= 2 && n <= 8;
        for (size_t i = 0; i < n; i++)
            if (!islower((unsigned char)lang->text[i]) && lang->text[i] != '-') ok = 0;
        if (!ok) bad += yerr(lang, "language must be a lower-case code such as 'en'");
    }
    entries ab = { 0 }, st = { 0 };
    unsigned bul[32];
    size_t nbul = 0;
    if (!bad) bad += read_groups(groups, &ab);
    if (!bad) bad += read_words(starters, &st, 1);
    if (!bad) bad += read_bullets(bullets, bul, &nbul, 32);
    if (!bad && st.n == 0) bad += yerr(starters, "sentence_starters is empty");
    if (!bad && nbul == 0) bad += yerr(bullets, "list_bullets is empty");

    FILE *f = bad ? NULL : gen_create(g, "sentence_lex.re", SRC);
    if (f) {
        fputs("/* The sentence splitter's lexers; see tools/gen_sentences.c. */\n"
              "#include <stddef.h>\n"
              "#include \"split_internal.h\"\n\n", f);
        put_scanner(f, "parl__sl_scan", 0, bul, nbul);
        put_scanner(f, "parl__sl_scan_count", 1, bul, nbul);
        put_abbr(f, &ab);
        put_starters(f, &st);
        /* the class and line functions need the shared definitions */
        put_classes(f, bul, nbul);
        fputs(line_head, f); fputs(api_conf, f); put_defs(f, bul, nbul); fputs(line_body, f);
        bad += gen_close(g, f);
    }
    FILE *h = bad ? NULL : gen_create(g, "sentence_vocab.h", SRC);
    if (h) {
        fprintf(h, "#ifndef PARL_SENTENCE_VOCAB_H\n#define PARL_SENTENCE_VOCAB_H\n"
                   "#define PARL_SENT_LANGUAGE \"%s\"\n"
                   "#define PARL_SENT_ABBREVIATIONS %zu\n"
                   "#endif\n", lang->text, ab.n);
        bad += gen_close(g, h);
    }
    free(ab.v);
    free(st.v);
    if (bad) gen_fail(g);
    return bad ? 1 : 0;
}
