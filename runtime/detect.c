/* SPDX-License-Identifier: MIT */
/* detect.c: finds the actions in an agent's message and decides which
 * would run.
 *
 * An action starts with the sigil before a verb-like word, at the start of
 * the text or after a blank ("1/2", "http://x/y" and "and/or" are not
 * actions; neither are paths such as /usr/bin or /notes.txt). Mid-line, only
 * words that match a verb count (so "saved in /tmp" is prose); at a line
 * start any word does, so an unknown verb can be reported. `/do /verb`
 * marks an action to run even when text follows. Fenced and inline code is
 * skipped. The action runs to the end of its line plus the lines the token
 * lexer attaches (`> ` quoted lines, a fenced block, a `->` continuation).
 *
 * It runs when it is trailing (starts a line and only other actions or
 * blanks follow) or marked `/do`, and no reconsideration phrase ("actually",
 * "never mind"...) appears in the prose after it. */
#include "dialect_internal.h"

typedef struct {
    const parl_dialect_ctx *ctx;
    const char *s;
    size_t n;
    parl_dialect_result *out;
    size_t last_prose;   /* 1 + offset of the last non-blank prose byte; 0: none */
    int seen;            /* actions found, also those past the capacity */
} detect_scan;

/* Prose [a, b): remembers where the last visible character is, and takes
 * back every earlier action when it holds a reconsideration phrase. */
static void prose(detect_scan *sc, size_t a, size_t b)
{
    size_t e = b;
    while (e > a && (parl__is_blank((unsigned char)sc->s[e - 1]) || sc->s[e - 1] == '\n')) e--;
    if (e == a) return;
    sc->last_prose = e;
    bool open = false;
    for (int i = 0; i < sc->out->nactions; i++) open |= !sc->out->actions[i].reconsidered;
    parl_span hit;
    if (!open || !parl__dia_reconsider(sc->s + a, b - a, &hit)) return;
    hit.off += a;
    for (int i = 0; i < sc->out->nactions; i++) {
        parl_action *act = &sc->out->actions[i];
        if (act->reconsidered) continue;
        act->reconsidered = true;
        act->reconsideration = hit;
    }
}

/* A code fence line (``` or ~~~) at I, only blanks before it on its line:
 * returns the end of the block (after its closing line), or 0. */
static size_t fence_end(const char *s, size_t n, size_t i)
{
    char f = s[i];
    if ((f != '`' && f != '~') || i + 2 >= n || s[i + 1] != f || s[i + 2] != f) return 0;
    size_t j = i + 3;
    for (;;) {
        while (j < n && s[j] != '\n') j++;
        if (j >= n) return n;
        j++;
        size_t k = j;
        while (k < n && parl__is_blank((unsigned char)s[k])) k++;
        if (k + 2 < n && s[k] == f && s[k + 1] == f && s[k + 2] == f) {
            while (k < n && s[k] != '\n') k++;
            return k;
        }
    }
}

/* Inline code `...` (or ``...``) at I on one line: the end, or 0. */
static size_t inline_code_end(const char *s, size_t n, size_t i)
{
    size_t run = 0;
    while (i + run < n && s[i + run] == '`') run++;
    for (size_t j = i + run; j < n && s[j] != '\n';) {
        if (s[j] != '`') { j++; continue; }
        size_t r = 0;
        while (j + r < n && s[j + r] == '`') r++;
        if (r == run) return j + r;
        j += r;
    }
    return 0;
}

/* The end of the action whose verb ends at POS: its tokens up to a line
 * break that nothing continues. */
static size_t action_end(const char *s, size_t n, size_t pos)
{
    size_t end = pos;
    parl__dtok t;
    for (;;) {
        pos = parl__dia_token(s, n, pos, &t);
        if (t.kind == PARL__DTK_END || t.kind == PARL__DTK_NEWLINE) return end;
        end = t.end;
    }
}

/* The sigil at I: records an action and returns its end, or returns 0
 * when it is not one. */
static size_t try_action(detect_scan *sc, size_t i, bool line_start, size_t prose_from)
{
    const char *s = sc->s;
    size_t n = sc->n, vend, cmd = i;
    parl_verb_match m;
    bool has_do = false;
    size_t w = parl__dia_word_end(s, i + 1, n);
    if (w > i + 1 && parl__dia_word_sense(s + i + 1, w - i - 1, PARL__WC_DO)) {
        size_t j = w;
        while (j < n && parl__is_blank((unsigned char)s[j])) j++;
        if (j == w || j >= n || s[j] != parl__dia_sigil) return 0;
        has_do = true;
        cmd = j;
    }
    if (!parl__dia_head(sc->ctx, s, cmd + 1, n, &vend, &m)) return 0;
    if (m.verb < 0 && !m.ambiguous && !line_start) return 0;
    size_t end = action_end(s, n, vend);
    prose(sc, prose_from, i);
    sc->seen++;
    if (sc->out->nactions == PARL_MAX_ACTIONS) {
        sc->out->truncated = true;
        return end;
    }
    parl_action *a = &sc->out->actions[sc->out->nactions++];
    a->span.off = i;
    a->span.len = end - i;
    a->cmd_off = cmd;
    a->verb_text.off = cmd + 1;
    a->verb_text.len = vend - cmd - 1;
    a->match = m;
    a->line_start = line_start;
    a->trailing = false;
    a->has_do = has_do;
    a->reconsidered = false;
    a->reconsideration.off = a->reconsideration.len = 0;
    a->verdict = PARL_SKIP_NOT_TRAILING;
    a->ncmds = 0;
    return end;
}

static bool may_precede(unsigned char c)
{
    return parl__is_blank(c) || c == '\n' || c == '(';
}

int parl_detect(const parl_dialect_ctx *ctx, const char *msg, size_t len, parl_dialect_result *out)
{
    detect_scan sc = { ctx, msg, len, out, 0, 0 };
    out->nactions = 0;
    out->truncated = false;
    size_t i = 0, prose_from = 0;
    bool bol = true;   /* only blanks so far on this line */
    while (i < len) {
        unsigned char c = (unsigned char)msg[i];
        if (c == '\n') { bol = true; i++; continue; }
        if (parl__is_blank(c)) { i++; continue; }
        size_t skip = 0;
        if (bol && (c == '`' || c == '~')) skip = fence_end(msg, len, i);
        if (!skip && c == '`') skip = inline_code_end(msg, len, i);
        if (skip) {
            /* Code is visible text but neither actions nor reconsideration. */
            prose(&sc, prose_from, i);
            sc.last_prose = skip;
            prose_from = i = skip;
            bol = false;
            continue;
        }
        if (c == (unsigned char)parl__dia_sigil && (i == 0 || may_precede((unsigned char)msg[i - 1]))) {
            size_t end = try_action(&sc, i, bol, prose_from);
            if (end) {
                prose_from = i = end;
                bol = false;
                continue;
            }
        }
        bol = false;
        i++;
    }
    prose(&sc, prose_from, len);
    for (int k = 0; k < out->nactions; k++) {
        parl_action *a = &out->actions[k];
        a->trailing = a->line_start && sc.last_prose <= a->span.off;
        a->verdict = a->reconsidered ? PARL_SKIP_RECONSIDERED
                   : a->trailing || a->has_do ? PARL_RUN
                   : PARL_SKIP_NOT_TRAILING;
    }
    return out->nactions;
}
