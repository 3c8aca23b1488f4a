/* SPDX-License-Identifier: MIT */
/* gen_sentence_rules.c: compiles grammar/sentences.yaml, the sentence
 * splitter's boundary rules (issue 19), for tools/gen_sentences.c:
 *
 *   gen/sentence_rules.h   PARL__SR_*: 1 for each rule that is on, 0 off
 *   gen/sentence_lex.re    the clock definition of the scanners and
 *                          the matchers of the rules' vocabulary:
 *       parl__sl_emoticon   length of an emoticon at the start of a span
 *       parl__sl_bang_name  is a span a name that ends in "!" (Yahoo)
 *       parl__sl_closing    is a span a letter's closing (Best regards)
 *       parl__sl_web        length of a web address prefix (http://)
 *       parl__sl_domain     is a span a top-level domain (com)
 *
 * What each rule does is written in the YAML and in runtime/split.c; this
 * file checks the spec and turns the lists into re2c matchers. */
#include "gen_sentences.h"
#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define SRC "grammar/sentences.yaml"
#define MAX_TOKEN 16

static const struct { const char *key, *macro; } rule_names[SL_RULES] = {
    [SL_LOWER] = { "lower_case_after_stop", "PARL__SR_LOWER_CASE" },
    [SL_QUOTES] = { "period_inside_quotes", "PARL__SR_QUOTES" },
    [SL_EMOTICONS] = { "emoticons_after_stop", "PARL__SR_EMOTICONS" },
    [SL_NOSPACE] = { "missing_space_after_stop", "PARL__SR_NO_SPACE" },
    [SL_CLOSINGS] = { "closings", "PARL__SR_CLOSINGS" },
    [SL_STAMPS] = { "time_stamps", "PARL__SR_TIME_STAMPS" },
    [SL_WEB] = { "web_addresses", "PARL__SR_WEB" },
    [SL_SEPARATORS] = { "separators", "PARL__SR_SEPARATORS" },
};

/* What a list's items may be. */
enum {
    L_TOKEN,    /* printable ASCII without blanks (":-)", "http://") */
    L_PHRASE,   /* words of letters and apostrophes, one space apart */
    L_LETTERS   /* ASCII letters */
};

static const struct {
    const char *key;
    int kind, any_case;
    size_t off;
} lists[] = {
    { "emoticons", L_TOKEN, 0, offsetof(sl_rules, emoticons) },
    { "names_with_bang", L_PHRASE, 0, offsetof(sl_rules, bang_names) },
    { "closings", L_PHRASE, 1, offsetof(sl_rules, closings) },
    { "clock_suffixes", L_LETTERS, 0, offsetof(sl_rules, clock) },
    { "web_prefixes", L_TOKEN, 1, offsetof(sl_rules, web) },
    { "domains", L_LETTERS, 1, offsetof(sl_rules, domains) },
};

static sl_entries *list_of(sl_rules *r, size_t i)
{
    return (sl_entries *)((char *)r + lists[i].off);
}

/* Checks one item of a list of KIND. */
static int check_item(const ynode *n, int kind)
{
    if (!yis_scalar(n) || yis_null(n)) return yerr(n, "expected a string");
    const char *s = n->text;
    size_t len = strlen(s), max = kind == L_PHRASE ? SL_MAX_WORD : kind == L_TOKEN ? MAX_TOKEN : 8;
    if (len > max) return yerr(n, "'%s' is longer than %zu bytes", s, max);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        int ok = kind == L_TOKEN     ? c > ' ' && c < 0x7F
               : kind == L_LETTERS   ? isalpha(c) != 0
               : /* L_PHRASE */        isalpha(c) || c == '\'' ||
                                       (c == ' ' && i > 0 && i + 1 < len && s[i - 1] != ' ');
        if (!ok)
            return yerr(n, "'%s': %s", s, kind == L_TOKEN ? "printable ASCII without blanks"
                                         : kind == L_LETTERS ? "ASCII letters only"
                                         : "ASCII words of letters, one space apart");
    }
    return 0;
}

/* An emoticon opens with a mark (the splitter looks for one only after a
 * stop followed by such a character): not a letter, digit, quote, bracket,
 * stop or emphasis mark. */
static int check_emoticon(const ynode *n)
{
    unsigned char c = (unsigned char)n->text[0];
    if (ispunct(c) && !strchr("([{\"'*_)]}.!?", c)) return 0;
    return yerr(n, "emoticon '%s' must open with a mark such as : ; = ^ < >", n->text);
}

static int read_list(const ynode *seq, sl_entries *e, int kind, int any_case, int emoticons)
{
    int bad = 0;
    for (size_t i = 0; i < seq->n; i++) {
        const ynode *w = seq->items[i];
        if (check_item(w, kind) || (emoticons && check_emoticon(w))) { bad++; continue; }
        sl_entry x = { .text = w->text, .any_case = any_case, .at = w };
        sl_fold(w->text, x.folded);
        sl_push(e, x);
    }
    return bad ? bad : sl_sort_unique(e, any_case);
}

static int read_switches(const ynode *rules, int *on)
{
    int bad = 0;
    const char *keys[SL_RULES];
    for (int i = 0; i < SL_RULES; i++) keys[i] = rule_names[i].key;
    bad += yonly_keys(rules, keys, SL_RULES);
    for (int i = 0; i < SL_RULES; i++) {
        const ynode *v = sl_need(rules, rule_names[i].key, Y_SCALAR, "true or false");
        if (!v) { bad++; continue; }
        if (!strcmp(v->text, "true")) on[i] = 1;
        else if (!strcmp(v->text, "false")) on[i] = 0;
        else bad += yerr(v, "'%s' must be true or false, not '%s'", rule_names[i].key, v->text);
    }
    return bad;
}

int sl_read_rules(gen_ctx *g, sl_rules *r)
{
    memset(r, 0, sizeof *r);
    r->doc = gen_load(g, "sentences.yaml");
    if (!r->doc) return 1;
    const ynode *root = r->doc->root;
    const char *keys[sizeof lists / sizeof lists[0] + 1];
    keys[0] = "rules";
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) keys[i + 1] = lists[i].key;
    int bad = yonly_keys(root, keys, sizeof keys / sizeof keys[0]);
    const ynode *rules = sl_need(root, "rules", Y_MAP, "a mapping of rule: true or false");
    bad += rules ? read_switches(rules, r->on) : 1;
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        const ynode *seq = sl_need(root, lists[i].key, Y_SEQ, "a list");
        bad += seq ? read_list(seq, list_of(r, i), lists[i].kind, lists[i].any_case,
                               list_of(r, i) == &r->emoticons) : 1;
    }
    if (!bad && r->on[SL_STAMPS] && r->clock.n == 0)
        bad += yerr(ymap_get(root, "clock_suffixes"), "time_stamps needs clock_suffixes");
    return bad;
}

void sl_rules_free(sl_rules *r)
{
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) free(list_of(r, i)->v);
}

/* ---------------------------------------------------------------- output */

/* An entry as re2c: a phrase's spaces match any run of blanks. */
static void put_alternative(FILE *f, const sl_entry *e)
{
    char word[SL_MAX_WORD + 1];
    const char *s = e->text;
    for (int first = 1; *s; first = 0) {
        size_t k = strcspn(s, " ");
        memcpy(word, s, k);
        word[k] = 0;
        if (!first) fputs(" [ \\t\\r\\n]+ ", f);
        sl_put_re_string(f, word, e->any_case);
        s += k + (s[k] == ' ');
    }
}

static void put_alternatives(FILE *f, const sl_entries *e)
{
    for (size_t i = 0; i < e->n; i++) {
        fputs(i ? "\n    | " : "(", f);
        put_alternative(f, &e->v[i]);
    }
    fputs(")", f);
}

/* NAME_last: the bytes the entries of E end with (a phrase's spaces are
 * its own: a trailing one ends nothing), both cases of a letter of an
 * entry of any case; every byte when an entry is empty (it matches an
 * empty span, whatever the byte before). */
static void put_last_bytes(FILE *f, const char *name, const sl_entries *e)
{
    unsigned char last[256] = { 0 };
    for (size_t i = 0; i < e->n; i++) {
        size_t k = strlen(e->v[i].text);
        while (k > 0 && e->v[i].text[k - 1] == ' ') k--;
        if (!k) memset(last, 1, sizeof last);
        if (!k) continue;
        int c = (unsigned char)e->v[i].text[k - 1];
        last[c] = 1;
        if (e->v[i].any_case && c < 0x80 && isalpha(c)) last[tolower(c)] = last[toupper(c)] = 1;
    }
    fprintf(f, "const unsigned char %s_last[256] = {", name);
    for (int c = 0; c < 256; c++) fprintf(f, "%s%d,", c % 32 ? "" : "\n    ", last[c]);
    fputs("\n};\n\n", f);
}

/* NAME_first: the bytes the entries of E start with, both cases of a
 * letter of an entry of any case; every byte when an entry is empty. */
static void put_first_bytes(FILE *f, const char *name, const sl_entries *e)
{
    unsigned char first[256] = { 0 };
    for (size_t i = 0; i < e->n; i++) {
        int c = (unsigned char)e->v[i].text[0];
        if (!c) memset(first, 1, sizeof first);
        first[c] = 1;
        if (e->v[i].any_case && c < 0x80 && isalpha(c)) first[tolower(c)] = first[toupper(c)] = 1;
    }
    fprintf(f, "const unsigned char %s_first[256] = {", name);
    for (int c = 0; c < 256; c++) fprintf(f, "%s%d,", c % 32 ? "" : "\n    ", first[c]);
    fputs("\n};\n\n", f);
}

/* NAME(S, N): 1 when S[0..N) is one of E (WHOLE), or the length of the
 * entry S starts with, 0 for none. A whole entry ends with a byte of
 * NAME_last, an entry at the start of S starts with one of NAME_first:
 * callers may test them first. */
static void put_matcher(FILE *f, const char *name, const sl_entries *e, int whole)
{
    if (whole) put_last_bytes(f, name, e);
    else put_first_bytes(f, name, e);
    fprintf(f, "%s %s(const unsigned char *s, size_t n)\n{\n", whole ? "int" : "size_t", name);
    if (e->n == 0) {
        fputs("    (void)s;\n    (void)n;\n    return 0;\n}\n\n", f);
        return;
    }
    if (whole) fprintf(f, "    if (n && !%s_last[s[n - 1]]) return 0;\n", name);
    fputs("    const unsigned char *cur = s, *lim = s + n, *mar = cur;\n"
          "    /*!local:re2c\n", f);
    fputs(sl_api_conf, f);
    fputs("    *  { return 0; }\n    ", f);
    put_alternatives(f, e);
    fputs(whole ? " [\\x00] { (void)mar; return cur == lim + 1; }\n"
                : " { (void)mar; return (size_t)(cur - s); }\n", f);
    fputs("    */\n}\n\n", f);
}

void sl_put_clock_def(FILE *f, const sl_rules *r)
{
    if (!r->on[SL_STAMPS]) return;
    fputs("    clock   = \":\" [0-9]{2} (\":\" [0-9]{2})? \" \"? ", f);
    put_alternatives(f, &r->clock);
    fputs(";\n", f);
}

void sl_put_matchers(FILE *f, const sl_rules *r)
{
    put_matcher(f, "parl__sl_emoticon", &r->emoticons, 0);
    put_matcher(f, "parl__sl_bang_name", &r->bang_names, 1);
    put_matcher(f, "parl__sl_closing", &r->closings, 1);
    put_matcher(f, "parl__sl_web", &r->web, 0);
    put_matcher(f, "parl__sl_domain", &r->domains, 1);
}

int sl_put_rules_header(gen_ctx *g, const sl_rules *r)
{
    FILE *h = gen_create(g, "sentence_rules.h", SRC);
    if (!h) return 1;
    fputs("#ifndef PARL_SENTENCE_RULES_H\n#define PARL_SENTENCE_RULES_H\n"
          "/* The boundary rules of grammar/sentences.yaml: 1 on, 0 off. */\n", h);
    for (int i = 0; i < SL_RULES; i++)
        fprintf(h, "#define %-24s %d   /* %s */\n", rule_names[i].macro, r->on[i],
                rule_names[i].key);
    fputs("#endif\n", h);
    return gen_close(g, h);
}
