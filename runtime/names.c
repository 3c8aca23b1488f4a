/* SPDX-License-Identifier: MIT */
/* names: the generated names of modes, units and sections, and numbers
 * parsed on their own (parl_parse_number). */
#include <string.h>
#include "infer_internal.h"
#include "quantity.h"

const char *parl_mode_name(parl_mode m)
{
    return (unsigned)m < PARL_MODE__COUNT ? parl__mode_names[m] : "none";
}

const char *parl_unit_name(parl_unit u)
{
    return (unsigned)u < PARL_UNIT__COUNT ? parl__unit_names[u] : "none";
}

const char *parl_section_name(parl_section s)
{
    return (unsigned)s < PARL_SECTION__COUNT ? parl__section_names[s] : "none";
}

static int name_find(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], name)) return i;
    return -1;
}

/* Why a request was refused, as the JSON of an intent names it. */
static const char *const refusal_names[] = { "none", "number", "too_large", "too_many_parts" };

const char *parl_refusal_name(parl_refusal r)
{
    return (unsigned)r < sizeof refusal_names / sizeof refusal_names[0] ? refusal_names[r] : "none";
}

int parl_refusal_from_name(const char *name)
{
    return name_find(refusal_names, (int)(sizeof refusal_names / sizeof refusal_names[0]), name);
}

int parl_mode_from_name(const char *name) { return name_find(parl__mode_names, PARL_MODE__COUNT, name); }
int parl_unit_from_name(const char *name) { return name_find(parl__unit_names, PARL_UNIT__COUNT, name); }
int parl_section_from_name(const char *name) { return name_find(parl__section_names, PARL_SECTION__COUNT, name); }

/* Tokens of a number phrase at most: "seven hundred seventy-seven million seven
 * hundred seventy-seven thousand seven hundred and seventy-seven" is 16. */
#define NUMBER_TOKENS 64

int parl__number_terminals(const char *text, size_t len, unsigned char *codes, int64_t *values,
                           int max)
{
    int k = 0;
    parl__tok t;
    for (size_t pos = parl__lex(text, len, 0, &t); t.kind != PARL__TK_END;
         pos = parl__lex(text, len, pos, &t)) {
        if (k == max) return -1;
        if (t.kind == PARL__TK_DIGITS) codes[k] = PARL_Q_DIGITS, values[k] = t.value;
        else if (t.kind == PARL__TK_DIGITORD) codes[k] = PARL_Q_DIGITORD, values[k] = t.value;
        else if (t.kind == PARL__TK_WORD && parl__words[t.word].qclass)
            codes[k] = parl__words[t.word].qclass, values[k] = parl__words[t.word].value;
        else return -1;
        k++;
    }
    return k;
}

int parl_parse_number(const char *text, size_t len, int64_t *value, bool *is_ordinal)
{
    unsigned char codes[NUMBER_TOKENS];
    int64_t values[NUMBER_TOKENS];
    int k = parl__number_terminals(text, len, codes, values, NUMBER_TOKENS);
    parl__qty q;
    if (k <= 0 || !parl__qty_parse(codes, values, k, &q)) return 0;
    if (q.kind != PARL__QTY_CARD && q.kind != PARL__QTY_ORD) return 0;
    if (q.v[0] > PARL_NUMBER_MAX) return 0;
    *value = q.v[0];
    if (is_ordinal) *is_ordinal = q.kind == PARL__QTY_ORD;
    return 1;
}
