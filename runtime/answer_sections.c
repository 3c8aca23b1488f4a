/* SPDX-License-Identifier: MIT */
/* answer_sections.c: finding the headings of a document, so that "the methods
 * section" can be answered. Four kinds, all decided line by line:
 *   markdown   "## Methods"            (always; level = number of #)
 *   numbered   "2. Methods", "3.1 Data" (a short line standing alone)
 *   capitals   "RESULTS"               (a line standing alone, no lower case)
 *   prefix     "Abstract: We present"  (a paragraph opening with a section name)
 * plus a short stand-alone line that is a section name ("Introduction").
 * Lines inside fenced code blocks are skipped. Which section a heading names
 * comes from the section words of grammar/sections.yaml, looked up with the
 * request reader, so synonyms and multi-word names work the same way. */
#include "answer_internal.h"
#include "infer_internal.h"

#define TITLE_WORDS 10     /* a stand-alone line with more words is prose */
#define PREFIX_BYTES 40    /* "Materials and methods:" fits */

parl_section parl__section_of(const char *text, size_t n)
{
    parl__reader r;
    parl__reader_init(&r, text, n);
    for (size_t i = 0;; i++) {
        const parl__item *it = parl__item_at(&r, i);
        if (it->kind == PARL__IT_END) return PARL_SECTION_NONE;
        if (parl__words[it->word].section) return (parl_section)parl__words[it->word].section;
    }
}

static size_t words_in(const char *d, size_t a, size_t b)
{
    size_t w = 0;
    int sp = 1;
    for (; a < b; a++) {
        int s = d[a] == ' ' || d[a] == '\t';
        if (!s && sp) w++;
        sp = s;
    }
    return w;
}

static int is_fence(const char *d, size_t a, size_t b)
{
    while (a < b && d[a] == ' ') a++;
    return b - a >= 3 && ((d[a] == '`' && d[a + 1] == '`' && d[a + 2] == '`')
                          || (d[a] == '~' && d[a + 1] == '~' && d[a + 2] == '~'));
}

static int ends_like_prose(char c)
{
    return c == '.' || c == '!' || c == '?' || c == ',' || c == ';' || c == ':';
}

void parl_heading_begin(parl_heading_iter *it, const char *doc, size_t len)
{
    it->doc = doc;
    it->len = doc ? len : 0;
    it->pos = 0;
    it->line = 1;
    it->fence = false;
    it->prev_blank = true;
}

/* Classifies the line [a, e) (trimmed of its blanks); 1 if it is a heading. */
static int classify_heading(const char *d, size_t a, size_t e, bool alone, bool starts_para,
                    parl_heading *h)
{
    h->level = 7;
    /* markdown: up to three spaces were trimmed; 1-6 '#' then a blank or the end */
    size_t k = a;
    while (k < e && d[k] == '#' && k - a < 7) k++;
    if (k > a && k - a <= 6 && (k == e || d[k] == ' ' || d[k] == '\t')) {
        h->level = (int)(k - a);
        while (k < e && (d[k] == ' ' || d[k] == '\t')) k++;
        size_t t = e;
        while (t > k && d[t - 1] == '#') t--;
        while (t > k && (d[t - 1] == ' ' || d[t - 1] == '\t')) t--;
        if (t == k) t = e;   /* "## #" keeps its text */
        h->title = (parl_span){ k, t - k };
        h->section = parl__section_of(d + k, t - k);
        return 1;
    }
    bool prose = ends_like_prose(d[e - 1]);
    size_t words = words_in(d, a, e);
    /* numbered: digits, optional .digits, optional '.', blanks, a capital */
    k = a;
    while (k < e && d[k] >= '0' && d[k] <= '9') k++;
    if (k > a && alone && !prose && words <= TITLE_WORDS) {
        while (k < e && (d[k] == '.' || (d[k] >= '0' && d[k] <= '9'))) k++;
        size_t t = k;
        while (t < e && (d[t] == ' ' || d[t] == '\t')) t++;
        if (t > k && t < e && d[t] >= 'A' && d[t] <= 'Z') {
            h->title = (parl_span){ a, e - a };
            h->section = parl__section_of(d + t, e - t);
            return 1;
        }
    }
    /* capitals: at least three letters, none lower case */
    size_t upper = 0, lower = 0;
    for (k = a; k < e; k++) {
        if (d[k] >= 'A' && d[k] <= 'Z') upper++;
        else if (d[k] >= 'a' && d[k] <= 'z') lower++;
    }
    if (alone && upper >= 3 && !lower && words <= TITLE_WORDS && d[e - 1] != '.') {
        h->title = (parl_span){ a, e - a };
        h->section = parl__section_of(d + a, e - a);
        return 1;
    }
    /* prefix: letters and blanks, then ':' */
    if (starts_para) {
        for (k = a; k < e && k - a <= PREFIX_BYTES; k++) {
            char c = d[k];
            if (c == ':') {
                if (k > a && words_in(d, a, k) <= 3) {
                    parl_section s = parl__section_of(d + a, k - a);
                    if (s) {
                        h->title = (parl_span){ a, k - a };
                        h->section = s;
                        return 1;
                    }
                }
                break;
            }
            if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == ' ' || c == '-'))
                break;
        }
    }
    /* a stand-alone section name: "Introduction" */
    if (alone && !prose && words <= 4) {
        parl_section s = parl__section_of(d + a, e - a);
        if (s) {
            h->title = (parl_span){ a, e - a };
            h->section = s;
            return 1;
        }
    }
    return 0;
}

int parl_heading_next(parl_heading_iter *it, parl_heading *h)
{
    const char *d = it->doc;
    while (it->pos < it->len) {
        size_t start = it->pos, next, line = it->line;
        size_t e = parl__line_end(d, it->len, start, &next);
        it->pos = next;
        it->line++;
        size_t a = start;
        while (a < e && (d[a] == ' ' || d[a] == '\t')) a++;
        while (e > a && (d[e - 1] == ' ' || d[e - 1] == '\t')) e--;
        bool blank = a == e, prev_blank = it->prev_blank;
        it->prev_blank = blank;
        if (blank) continue;
        if (is_fence(d, a, e)) {
            it->fence = !it->fence;
            continue;
        }
        if (it->fence || a - start > 3) continue;   /* code, or indented (a quote) */
        size_t n2, e2 = parl__line_end(d, it->len, next, &n2);
        bool next_blank = next >= it->len || parl__all_blank(d, next, e2);
        if (classify_heading(d, a, e, prev_blank && next_blank, prev_blank, h)) {
            h->line = line;
            h->off = start;
            return 1;
        }
    }
    return 0;
}
