/* SPDX-License-Identifier: MIT */
/* gen_answer_args: checks a template of grammar/answers.yaml against the
 * arguments parl_answer() passes it (runtime/answer_args.h, the list the
 * runtime reads them by): each directive must print the argument that
 * comes there, every argument once, in order. "The document is empty. %s
 * %q" made the runtime read a text and a quote that were never passed. */
#include <ctype.h>
#include <string.h>
#include "gen.h"
#include "answer_args.h"

#define ANSWER_SIG(name, kinds) { #name, kinds },
const answer_sig answer_sigs[] = { PARL__ANSWER_ARGS(ANSWER_SIG) };
#undef ANSWER_SIG
const size_t answer_nsigs = sizeof answer_sigs / sizeof answer_sigs[0];

static const struct { char kind; const char *what; } kind_names[] = {
    { 'n', "a number (%z or %N)" }, { 'u', "a unit (%U, %S, %C or %P)" }, { 'l', "lines (%L)" },
    { 'q', "a quote (%q or %Q)" }, { 's', "a text (%s)" }, { 'r', "the request (%r)" },
};

static const char *kind_name(char k)
{
    for (size_t i = 0; i < sizeof kind_names / sizeof kind_names[0]; i++)
        if (kind_names[i].kind == k) return kind_names[i].what;
    return "nothing";
}

/* The kinds parl_answer() passes to template NAME (as answers.yaml spells
 * it, lower case), or NULL when it has no such template. */
static const char *answer_kinds(const char *name)
{
    for (size_t i = 0; i < answer_nsigs; i++) {
        const char *a = answer_sigs[i].name, *b = name;
        while (*a && tolower((unsigned char)*a) == *b) a++, b++;
        if (!*a && !*b) return answer_sigs[i].kinds;
    }
    return NULL;
}

/* "a unit, a number and lines": KINDS for a message. */
static void list_kinds(const char *kinds, char *buf, size_t n)
{
    size_t o = 0, k = strlen(kinds);
    buf[0] = 0;
    for (size_t i = 0; i < k && o < n; i++)
        o += (size_t)snprintf(buf + o, n - o, "%s%s", i == 0 ? "" : i + 1 == k ? " and " : ", ", kind_name(kinds[i]));
    if (!k) snprintf(buf, n, "none");
}

const char *answer_template_problem(const char *name, const char *text, char *why, size_t n)
{
    const char *kinds = answer_kinds(name);
    char list[400];
    if (!kinds) {
        snprintf(why, n, "parl_answer() has no template '%s' (runtime/answer_args.h lists them)", name);
        return why;
    }
    int scope = *kinds == '-';   /* a template that writes the scope cannot say it */
    kinds += scope;
    list_kinds(kinds, list, sizeof list);
    size_t used = 0, want = strlen(kinds);
    for (const char *p = text; *p; p++) {
        if (*p != '%') continue;
        if (*++p == '%') continue;
        if (*p && strchr(PARL__ANSWER_BARE, *p)) {
            if (!scope) continue;
            snprintf(why, n, "template '%s': '%%%c' would write this template inside itself (it is what %%%c"
                     " writes)", name, *p, *p);
            return why;
        }
        static const char directives[] = PARL__ANSWER_DIRECTIVES;
        const char *d = *p ? strchr(directives, *p) : NULL;
        if (!d) {
            snprintf(why, n, "template '%s': unknown directive '%%%c'", name, *p ? *p : ' ');
            return why;
        }
        char k = PARL__ANSWER_KINDS[d - directives];
        if (used == want) {
            snprintf(why, n, "template '%s': '%%%c' prints %s, but parl_answer() passes no more arguments"
                     " (it passes %s)", name, *p, kind_name(k), list);
            return why;
        }
        if (kinds[used] != k) {
            snprintf(why, n, "template '%s': '%%%c' prints %s, but argument %zu is %s (it passes %s)", name, *p,
                     kind_name(k), used + 1, kind_name(kinds[used]), list);
            return why;
        }
        used++;
    }
    if (used < want) {
        snprintf(why, n, "template '%s' uses %zu of its arguments; parl_answer() passes %s: use each once, in"
                 " order", name, used, list);
        return why;
    }
    return NULL;
}
