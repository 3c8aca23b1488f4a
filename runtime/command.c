/* SPDX-License-Identifier: MIT */
/* command.c: stage 3 of the action dialect, command parsing.
 *
 * For one detected action: lex it (gen/dialect_lex.c) into the caller's
 * token buffer, turn every chain head (the first token and the one after
 * each `->`) into a VERB token resolved by the matcher, turn the
 * punctuation at the end of each command into MARKER tokens (or drop a
 * sentence's final period), run the Lemon grammar (gen/dialect_grammar.c)
 * to split the chain, then read each command's verb and markers. The
 * arguments are read by the intents stage (intents.c). */
#include "command.h"
#include <string.h>

typedef struct {
    const parl_dialect_ctx *ctx;
    const char *msg;
    parl__dia_chain *ch;
    int nheads;
    parl_verb_match match[PARL_MAX_CHAIN];   /* by head, in order */
} lexed;

/* Resolves the head at token I (SIGILWORD, or a bare WORD after `->`) and
 * folds the tokens of a multi-word verb ("look up") into it. The action's
 * first verb was resolved by detection already (FIRST). */
static void make_head(lexed *L, int i, size_t lim, const parl_action *first)
{
    parl__dtok *t = &L->ch->tok[i];
    if (t->kind != PARL__DTK_SIGILWORD && t->kind != PARL__DTK_WORD) return;
    size_t from = t->start + (L->msg[t->start] == parl__dia_sigil);
    parl_verb_match m;
    size_t end;
    if (first) {
        m = first->match;
        end = first->verb_text.off + first->verb_text.len;
    } else if (!parl__dia_head(L->ctx, L->msg, from, lim, &end, &m)) return;
    if (end < t->end) return;
    t->kind = PARL__DTK_VERB;
    t->end = end;
    for (int k = i + 1; k < L->ch->ntok && L->ch->tok[k].start < end; k++) L->ch->tok[k].kind = PARL__DTK_SKIP;
    if (L->nheads < PARL_MAX_CHAIN) L->match[L->nheads] = m;
    L->nheads++;
}

/* The marker a symbol stands for ("?" -> ask), or -1. */
static int marker_symbol(const char *s, size_t n)
{
    for (int i = 0; i < parl__dia_nmarker_symbols; i++)
        if (parl__dia_marker_symbols[i].len == n && !memcmp(PARL__S(parl__dia_marker_symbols[i].symbol), s, n))
            return parl__dia_marker_symbols[i].marker;
    return -1;
}

static bool all_dots(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != '.') return false;
    return true;
}

/* Trailing punctuation of the command ending before token END. A marker
 * stands apart (`... ?`), or right after quoted content, a reference or
 * the verb (`"hi"!`, `/halt!`); glued to a word, a final period is the
 * sentence's and is dropped, other punctuation stays content. */
static void make_markers(lexed *L, int end)
{
    parl__dtok *tok = L->ch->tok;
    for (int i = end - 1; i >= 0; i--) {
        parl__dtok *t = &tok[i];
        if (t->kind == PARL__DTK_SKIP) continue;
        if (t->kind == PARL__DTK_QWORD) { t->kind = PARL__DTK_MARKER; continue; }
        if (t->kind != PARL__DTK_PUNCT) return;
        int p = i - 1;
        while (p >= 0 && tok[p].kind == PARL__DTK_SKIP) p--;
        int pk = p >= 0 ? tok[p].kind : PARL__DTK_END;
        bool after_word = !t->space && (pk == PARL__DTK_WORD || pk == PARL__DTK_URL ||
                                        pk == PARL__DTK_MINUSWORD || pk == PARL__DTK_SIGILWORD);
        const char *s = L->msg + t->start;
        size_t n = t->end - t->start;
        if (!after_word && (marker_symbol(s, n) >= 0 || !all_dots(s, n))) t->kind = PARL__DTK_MARKER;
        else if (all_dots(s, n)) t->kind = PARL__DTK_SKIP;
        else return;
    }
}

/* Lexes the action's text. Returns false when it does not fit. */
static bool lex_action(lexed *L, const parl_action *a)
{
    parl__dia_chain *ch = L->ch;
    size_t pos = a->cmd_off, end = a->span.off + a->span.len;
    ch->ntok = 0;
    L->nheads = 0;
    for (;;) {
        parl__dtok t;
        pos = parl__dia_token(L->msg, end, pos, &t);
        if (t.kind == PARL__DTK_END) break;
        if (ch->ntok == PARL__DIA_MAX_TOKENS) return false;
        ch->tok[ch->ntok++] = t;
    }
    int seg_start = 0;
    for (int i = 0; i <= ch->ntok; i++) {
        if (i < ch->ntok && ch->tok[i].kind != PARL__DTK_ARROW) continue;
        if (seg_start < ch->ntok) make_head(L, seg_start, end, seg_start == 0 ? a : NULL);
        make_markers(L, i);
        seg_start = i + 1;
    }
    return true;
}

static void clear_command(parl_command *c)
{
    memset(c, 0, sizeof *c);
    c->match.verb = -1;
    c->intent.verb = -1;
}

static void command_fail(parl_command *c, parl_failure f, parl_hint_kind k)
{
    if (c->hint.failure) return;
    c->hint.failure = f;
    c->hint.kind = k;
}

/* The markers of command PC: named or symbolic markers, or `?word` tags. */
static void read_markers(const lexed *L, const parl__dia_cmd *pc, parl_command *c)
{
    for (int i = pc->mark_first; i >= 0 && i < pc->mark_end; i++) {
        const parl__dtok *t = &L->ch->tok[i];
        if (t->kind != PARL__DTK_MARKER) continue;
        const char *s = L->msg + t->start;
        size_t n = t->end - t->start;
        int mk = marker_symbol(s, n);
        if (mk < 0 && n > 1 && s[0] == '?' && parl__is_alpha((unsigned char)s[1])) {
            const parl__dsense *se = parl__dia_word_sense(s + 1, n - 1, PARL__WC_MARKER);
            if (se) mk = se->value;
            else {
                if (c->ntags < PARL_MAX_TAGS) {
                    c->tags[c->ntags].off = t->start + 1;
                    c->tags[c->ntags++].len = n - 1;
                }
                continue;
            }
        }
        if (mk < 0) {
            command_fail(c, PARL_FAIL_INVALID_MARKER, PARL_HINT_UNKNOWN_MODIFIER);
            c->hint.got.off = t->start;
            c->hint.got.len = n;
            for (int k = 0; k < parl__dia_nmarker_symbols && c->hint.nopts < PARL_MAX_OPTIONS; k++)
                c->hint.opts[c->hint.nopts++] = PARL__S(parl__dia_marker_symbols[k].symbol);
            continue;
        }
        c->marker = (parl_marker)mk;
    }
}

/* The verb did not match: unknown, or a tie between verbs. */
static void verb_failure(const parl_dialect_ctx *ctx, parl_command *c)
{
    const parl_verb_match *m = &c->match;
    if (m->ambiguous) command_fail(c, PARL_FAIL_AMBIGUOUS_VERB, PARL_HINT_AMBIGUOUS);
    else command_fail(c, PARL_FAIL_UNKNOWN_VERB, PARL_HINT_UNKNOWN_VERB);
    c->hint.got = c->verb_text;
    c->hint.verb_opts = true;
    for (int i = 0; i < m->ncandidates; i++) c->hint.opts[c->hint.nopts++] = parl_verb_name(ctx, m->candidates[i]);
}

/* The chain did not parse: one command stands for it, with the first verb
 * and the reason. */
static void chain_failure(const lexed *L, parl_action *a, parl_detail why)
{
    parl_command *c = &a->cmds[a->ncmds++];
    clear_command(c);
    c->span.off = a->cmd_off;
    c->span.len = a->span.off + a->span.len - a->cmd_off;
    if (L->nheads > 0 && L->ch->tok[0].kind == PARL__DTK_VERB) {
        c->verb_text.off = L->ch->tok[0].start + 1;
        c->verb_text.len = L->ch->tok[0].end - L->ch->tok[0].start - 1;
        c->match = L->match[0];
    }
    command_fail(c, PARL_FAIL_MALFORMED, PARL_HINT_MALFORMED);
    c->hint.detail = why;
}

void parl__dia_commands(const parl_dialect_ctx *ctx, const char *msg, parl_action *a,
                        parl__dia_chain *ch)
{
    lexed L = { ctx, msg, ch, 0, { { 0 } } };
    a->ncmds = 0;
    ch->ncmds = 0;
    parl__dia_pstate ps;
    ps.tok = ch->tok;
    ps.ncmds = 0;
    ps.error = PARL_DETAIL_NONE;
    ps.error_tok = 0;
    ps.prev_kind = PARL__DTK_END;
    if (!lex_action(&L, a)) ps.error = PARL_DETAIL_TOO_LONG;
    else {
        ps.ntok = ch->ntok;
        parl__dia_grammar(&ps);
        if (!ps.error && L.nheads > PARL_MAX_CHAIN) ps.error = PARL_DETAIL_CHAIN_TOO_LONG;
    }
    if (ps.error) { chain_failure(&L, a, ps.error); return; }
    ch->ncmds = ps.ncmds;
    for (int k = 0; k < ps.ncmds; k++) {
        const parl__dia_cmd *pc = &ps.cmd[k];
        ch->cmd[k] = *pc;
        parl_command *c = &a->cmds[a->ncmds++];
        clear_command(c);
        const parl__dtok *h = &ch->tok[pc->head];
        size_t last = h->end;
        if (pc->arg_end > pc->arg_first) last = ch->tok[pc->arg_end - 1].end;
        if (pc->mark_end > 0 && ch->tok[pc->mark_end - 1].end > last) last = ch->tok[pc->mark_end - 1].end;
        c->span.off = h->start;
        c->span.len = last - h->start;
        c->verb_text.off = h->start + (msg[h->start] == parl__dia_sigil);
        c->verb_text.len = h->end - c->verb_text.off;
        c->match = L.match[k];
        read_markers(&L, pc, c);
        if (c->match.verb < 0) verb_failure(ctx, c);
    }
}
