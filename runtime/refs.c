/* SPDX-License-Identifier: MIT */
/* refs.c: references inside content (@last.output, @thread, @[uri]), found
 * with the dialect's token lexer and named from its vocabulary, so a host
 * (or tools/act.c) can put the values in. Stage 4 of the dialect. */
#include "dialect_lex.h"

/* The reference token T (@name(.field)?), or 0. */
static int ref_of(const char *text, const parl__dtok *t, parl_ref *out)
{
    const char *s = text + t->start + 1;
    size_t n = t->end - t->start - 1, dot = 0;
    while (dot < n && s[dot] != '.') dot++;
    const parl__dsense *name = parl__dia_word_sense(s, dot, PARL__WC_REFERENCE);
    if (!name) return 0;
    out->ref = (parl_reference)(name->value + 1);
    out->field = PARL_FIELD_NONE;
    if (dot < n) {
        const parl__dsense *f = parl__dia_word_sense(s + dot + 1, n - dot - 1, PARL__WC_REF_FIELD);
        if (!f) return 0;   /* two fields, or an unknown one */
        out->field = (parl_ref_field)(f->value + 1);
    }
    return 1;
}

int parl_ref_next(const char *text, size_t len, size_t from, parl_ref *out)
{
    for (size_t i = from; i < len; i++) {
        if (text[i] != '@' || (i > 0 && (parl__is_wordch((unsigned char)text[i - 1]) || text[i - 1] == '.')))
            continue;
        parl__dtok t;
        parl__dia_token(text, len, i, &t);
        if (t.start != i) continue;
        out->span.off = t.start;
        out->span.len = t.end - t.start;
        out->uri.off = out->uri.len = 0;
        if (t.kind == PARL__DTK_REFURI) {
            out->ref = PARL_REF_NONE;
            out->field = PARL_FIELD_NONE;
            out->uri.off = t.start + 2;
            out->uri.len = t.end - t.start - 3;
            return 1;
        }
        if (t.kind == PARL__DTK_REF && ref_of(text, &t, out)) return 1;
    }
    return 0;
}
