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
 * "never mind"...) starts within its confirmation window: the first words
 * of prose after it (grammar/verbs.yaml `confirmation_window`; words are
 * runs of non-blank bytes, code is no prose). The window bounds what the
 * future can take back, which is what lets streaming detection (stream.c)
 * run an action before the message ends and agree with this function.
 *
 * All actions are found and decided; the caller gets them a page of
 * PARL_MAX_ACTIONS at a time. */
#include "dialect_lex.h"
#include "verb_match.h"

typedef struct {
    const parl_dialect_ctx *ctx;
    const char *s;
    size_t n;
    parl_dialect_result *out;
    int first;           /* the page: actions [first, first + PARL_MAX_ACTIONS) */
    size_t last_prose;   /* 1 + offset of the last non-blank prose byte; 0: none */
    int seen;            /* actions found, on this page or not */
    int left[PARL_MAX_ACTIONS];   /* words still in each recorded action's window */
} detect_scan;

static bool is_space(char c)
{
    return parl__is_blank((unsigned char)c) || c == '\n';
}

/* Words of [a, b) that start before P (P itself included). */
static int words_upto(const char *s, size_t a, size_t p)
{
    int w = 0;
    for (size_t i = a; i <= p; i++) w += !is_space(s[i]) && (i == a || is_space(s[i - 1]));
    return w;
}

/* A reconsideration phrase at P, word WORD of a prose piece: takes back
 * every recorded action whose window still reaches that word. */
static void take_back(detect_scan *sc, parl_span hit, int word)
{
    for (int i = 0; i < sc->out->nactions; i++) {
        parl_action *act = &sc->out->actions[i];
        if (act->reconsidered || word >= sc->left[i]) continue;
        act->reconsidered = true;
        act->reconsideration = hit;
    }
}

/* Prose [a, b): remembers where the last visible character is, takes back
 * the actions whose window holds a reconsideration phrase, and moves each
 * window past the piece's words. */
static void prose(detect_scan *sc, size_t a, size_t b)
{
    size_t e = b;
    while (e > a && is_space(sc->s[e - 1])) e--;
    if (e == a) return;
    sc->last_prose = e;
    int open = 0;
    for (int i = 0; i < sc->out->nactions; i++) open |= sc->left[i] > 0 && !sc->out->actions[i].reconsidered;
    if (open) {
        parl_span hit;
        for (size_t pos = a; pos < e && parl__dia_reconsider(sc->s + pos, e - pos, &hit);) {
            hit.off += pos;
            take_back(sc, hit, words_upto(sc->s, a, hit.off) - 1);
            pos = hit.off + hit.len;
        }
    }
    int words = words_upto(sc->s, a, e - 1);
    for (int i = 0; i < sc->out->nactions; i++) sc->left[i] = sc->left[i] > words ? sc->left[i] - words : 0;
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
    int index = sc->seen++;
    if (index < sc->first || sc->out->nactions == PARL_MAX_ACTIONS) return end;
    sc->left[sc->out->nactions] = parl__dia_window_words;
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
    a->window_words = 0;
    a->streamed = false;
    a->verdict = PARL_SKIP_NOT_TRAILING;
    a->ncmds = 0;
    return end;
}

static bool may_precede(unsigned char c)
{
    return parl__is_blank(c) || c == '\n' || c == '(';
}

int parl_confirmation_window(void)
{
    return parl__dia_window_words;
}

int parl_detect_page(const parl_dialect_ctx *ctx, const char *msg, size_t len, int first,
                     parl_dialect_result *out)
{
    detect_scan sc = { ctx, msg, len, out, first > 0 ? first : 0, 0, 0, { 0 } };
    out->nactions = 0;
    out->first = sc.first;
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
    out->total = sc.seen;
    out->truncated = sc.seen > sc.first + out->nactions;
    for (int k = 0; k < out->nactions; k++) {
        parl_action *a = &out->actions[k];
        a->window_words = parl__dia_window_words - sc.left[k];
        a->trailing = a->line_start && sc.last_prose <= a->span.off;
        a->verdict = a->reconsidered ? PARL_SKIP_RECONSIDERED
                   : a->trailing || a->has_do ? PARL_RUN
                   : PARL_SKIP_NOT_TRAILING;
    }
    return out->nactions;
}

int parl_detect(const parl_dialect_ctx *ctx, const char *msg, size_t len, parl_dialect_result *out)
{
    return parl_detect_page(ctx, msg, len, 0, out);
}
