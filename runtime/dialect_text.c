/* SPDX-License-Identifier: MIT */
/* dialect_text.c: text the dialect writes into caller buffers: content
 * with its quoting removed, the sentences of grammar/verbs.yaml `messages`
 * for failed commands, the sentences of `policy.messages` for decisions,
 * and the templates of configured verbs. All writers
 * follow snprintf: at most CAP-1 bytes and a NUL, the full length returned. */
#include "policy.h"
#include "json_internal.h"
#include <string.h>

typedef struct {
    char *buf;
    size_t cap, len;
    parl__json *json;   /* not NULL: the text goes there, as a JSON string's parts */
} text_out;

static void text_put(text_out *o, const char *s, size_t n)
{
    if (o->json) { parl__json_part(o->json, s, n); o->len += n; return; }
    for (size_t i = 0; i < n; i++, o->len++)
        if (o->len + 1 < o->cap) o->buf[o->len] = s[i];
}
static void puts0(text_out *o, const char *s) { if (s) text_put(o, s, strlen(s)); }
static size_t done(text_out *o)
{
    if (o->cap) o->buf[o->len < o->cap ? o->len : o->cap - 1] = 0;
    return o->len;
}

/* "..." content: \" and \\ lose their backslash. */
static void unescape(text_out *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n && (s[i + 1] == '"' || s[i + 1] == '\\')) i++;
        text_put(o, s + i, 1);
    }
}

/* `> ` quoted lines: each line without its blanks, `>` and one space. */
static void unquote_lines(text_out *o, const char *s, size_t n)
{
    size_t i = 0;
    bool first = true;
    while (i < n) {
        size_t e = i;
        while (e < n && s[e] != '\n') e++;
        size_t k = i;
        while (k < e && parl__is_blank((unsigned char)s[k])) k++;
        if (k < e && s[k] == '>') k++;
        if (k < e && s[k] == ' ') k++;
        if (!first) text_put(o, "\n", 1);
        text_put(o, s + k, e - k);
        first = false;
        i = e + 1;
    }
}

static void text(text_out *o, const char *msg, const parl_text *t)
{
    const char *s = msg + t->span.off;
    if (t->form == PARL_FORM_QUOTED) unescape(o, s, t->span.len);
    else if (t->form == PARL_FORM_LINES) unquote_lines(o, s, t->span.len);
    else text_put(o, s, t->span.len);
}

size_t parl_text_copy(const char *msg, const parl_text *t, char *buf, size_t cap)
{
    text_out o = { buf, cap, 0, NULL };
    if (t && t->form != PARL_FORM_NONE) text(&o, msg, t);
    return done(&o);
}

void parl__text_json(parl__json *j, const char *msg, const parl_text *t)
{
    text_out o = { NULL, 0, 0, j };
    text(&o, msg, t);
}

/* ------------------------------------------------------------- templates */

/* The placeholder named S[0..n), or -1. */
static int placeholder(const char *s, size_t n)
{
    for (int i = 0; i < PARL__PH_COUNT; i++) {
        const char *p = PARL__S(parl__dia_placeholders[i]);
        if (strlen(p) == n && !memcmp(p, s, n)) return i;
    }
    return -1;
}

typedef void (*fill_fn)(text_out *o, int ph, const void *ctx);

/* Copies TMPL, replacing each known {placeholder} through FILL. */
static void expand(text_out *o, const char *tmpl, fill_fn fill, const void *ctx)
{
    for (const char *p = tmpl; *p;) {
        const char *e = *p == '{' ? strchr(p, '}') : NULL;
        int ph = e ? placeholder(p + 1, (size_t)(e - p - 1)) : -1;
        if (ph < 0) { text_put(o, p++, 1); continue; }
        fill(o, ph, ctx);
        p = e + 1;
    }
}

typedef struct {
    const parl_dialect_ctx *ctx;
    const char *msg;
    const parl_command *c;
} hint_ctx;

static void options(text_out *o, const parl_hint *h)
{
    for (int i = 0; i < h->nopts; i++) {
        if (i) puts0(o, PARL__S(i + 1 == h->nopts ? parl__dia_messages.list_last : parl__dia_messages.list_separator));
        if (h->verb_opts) text_put(o, &parl__dia_sigil, 1);
        puts0(o, h->opts[i]);
    }
}

static void fill_hint(text_out *o, int ph, const void *vctx)
{
    const hint_ctx *x = vctx;
    const parl_hint *h = &x->c->hint;
    switch (ph) {
    case PARL__PH_VERB:
        if (x->c->match.verb >= 0) puts0(o, parl_verb_name(x->ctx, x->c->match.verb));
        else text_put(o, x->msg + x->c->verb_text.off, x->c->verb_text.len);
        break;
    case PARL__PH_GOT: text_put(o, x->msg + h->got.off, h->got.len); break;
    case PARL__PH_ARG: puts0(o, parl_arg_name(h->arg)); break;
    case PARL__PH_OPTIONS: options(o, h); break;
    case PARL__PH_SUGGESTION: puts0(o, h->suggestion); break;
    case PARL__PH_DETAIL: puts0(o, PARL__S(parl__dia_messages.details[h->detail])); break;
    default: break;
    }
}

static void hint_message(text_out *o, const parl_dialect_ctx *ctx, const char *msg,
                         const parl_command *c)
{
    const parl__messages *M = &parl__dia_messages;
    int tmpl = -1;
    switch (c->hint.failure) {
    case PARL_FAIL_UNKNOWN_VERB: tmpl = c->hint.nopts ? M->unknown_verb : M->unknown_verb_plain; break;
    case PARL_FAIL_AMBIGUOUS_VERB: tmpl = M->ambiguous_verb; break;
    case PARL_FAIL_AMBIGUOUS_ARGS: tmpl = M->ambiguous_args; break;
    case PARL_FAIL_MISSING_ARG: tmpl = M->missing_arg; break;
    case PARL_FAIL_UNKNOWN_MODIFIER: tmpl = c->hint.all_opts ? M->unknown_choice : M->unknown_modifier; break;
    case PARL_FAIL_INVALID_REFERENCE: tmpl = M->invalid_reference; break;
    case PARL_FAIL_INVALID_MARKER: tmpl = M->invalid_marker; break;
    case PARL_FAIL_MALFORMED: tmpl = M->malformed; break;
    default: break;
    }
    if (tmpl >= 0) {
        hint_ctx x = { ctx, msg, c };
        expand(o, PARL__S(tmpl), fill_hint, &x);
    }
}

size_t parl_hint_message(const parl_dialect_ctx *ctx, const char *msg, const parl_command *c,
                         char *buf, size_t cap)
{
    text_out o = { buf, cap, 0, NULL };
    hint_message(&o, ctx, msg, c);
    return done(&o);
}

void parl__hint_message_json(parl__json *j, const parl_dialect_ctx *ctx, const char *msg,
                             const parl_command *c)
{
    text_out o = { NULL, 0, 0, j };
    hint_message(&o, ctx, msg, c);
}

static void fill_custom(text_out *o, int ph, const void *vctx)
{
    const hint_ctx *x = vctx;
    const parl_dialect_intent *in = &x->c->intent;
    if (ph == PARL__PH_CONTENT) text(o, x->msg, &in->content);
    else if (ph == PARL__PH_TARGET) {
        const parl_cfg_verb *v = parl__dia_cfg_verb(x->ctx, in->verb);
        if (in->target.form != PARL_FORM_NONE) text(o, x->msg, &in->target);
        else if (v) puts0(o, v->target_id[0] ? v->target_id : v->target_type);
    } else if (ph == PARL__PH_VERB) puts0(o, parl_verb_name(x->ctx, in->verb));
}

static void custom_apply(text_out *o, const parl_dialect_ctx *ctx, const char *msg,
                         const parl_command *c)
{
    const parl_cfg_verb *v = parl__dia_cfg_verb(ctx, c->intent.verb);
    if (v && v->template_text[0]) {
        hint_ctx x = { ctx, msg, c };
        expand(o, v->template_text, fill_custom, &x);
    }
}

size_t parl_custom_apply(const parl_dialect_ctx *ctx, const char *msg, const parl_command *c,
                         char *buf, size_t cap)
{
    text_out o = { buf, cap, 0, NULL };
    custom_apply(&o, ctx, msg, c);
    return done(&o);
}

size_t parl__custom_apply_json(parl__json *j, const parl_dialect_ctx *ctx, const char *msg,
                               const parl_command *c)
{
    text_out o = { NULL, 0, 0, j };
    custom_apply(&o, ctx, msg, c);
    return o.len;
}

typedef struct {
    const parl_dialect_ctx *ctx;
    const parl_decision *d;
} decision_ctx;

static void fill_decision(text_out *o, int ph, const void *vctx)
{
    const decision_ctx *x = vctx;
    const parl_decision *d = x->d;
    if (ph == PARL__PH_VERB) puts0(o, d->verb >= 0 ? parl_verb_name(x->ctx, d->verb) : "");
    else if (ph == PARL__PH_ROLE) puts0(o, parl_role_name(d->role));
    else if (ph == PARL__PH_AUTHORITY) puts0(o, parl_authority_name(d->needs));
}

static void decision_message(text_out *o, const parl_dialect_ctx *ctx, const parl_decision *d)
{
    if ((int)d->reason < 0 || d->reason >= PARL_WHY_COUNT) return;
    decision_ctx x = { ctx, d };
    expand(o, parl__pol_str + parl__pol_messages[d->reason], fill_decision, &x);
}

size_t parl_decision_message(const parl_dialect_ctx *ctx, const parl_decision *d, char *buf, size_t cap)
{
    text_out o = { buf, cap, 0, NULL };
    decision_message(&o, ctx, d);
    return done(&o);
}

void parl__decision_message_json(parl__json *j, const parl_dialect_ctx *ctx, const parl_decision *d)
{
    text_out o = { NULL, 0, 0, j };
    decision_message(&o, ctx, d);
}
