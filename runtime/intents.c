/* SPDX-License-Identifier: MIT */
/* intents.c: reads a command's arguments into an intent by their shape.
 *
 *   recall   LABEL (read, when the host lists the block) | QUERY (search)
 *            + CONTENT (insert) | LABEL + CONTENT (append) | -LABEL (delete)
 *            OP ... with an operation word first (`/recall delete notes`):
 *            read LABEL, search QUERY, insert [LABEL] CONTENT,
 *            append LABEL CONTENT, delete LABEL, patch LABEL DIFF (a
 *            unified diff in """...""" or a fence, checked here);
 *            aliases may imply an operation (`/memorize X` inserts)
 *   context  LABEL (read) | LABEL + CONTENT | SUBCOMMAND LABEL ...
 *   search   QUERY [in SCOPE | everywhere] | SCOPE about QUERY
 *   send     [@domain] [@target] MESSAGE (reply, post, dm, tell alike)
 *   fetch    URL [as FORMAT] | continue (any other word is an error)
 *   web      QUERY          calc EXPRESSION
 *   data     [SUBCOMMAND] SOURCE [QUERY]
 *   authority [REQUEST] [always] [because] [REASON]
 *   custom   [@target] CONTENT (verbs from a config file)
 * Content is "...", """...""", a fenced block, `>` quoted lines, a
 * reference, or the remaining words as written. A later step of a chain
 * may leave its content out: it takes the previous step's output. Every word with a meaning
 * here (subcommands, scopes, formats, `in`, `always`...) comes from
 * grammar/verbs.yaml through the generated lookup. */
#include "intents.h"
#include <string.h>

typedef struct {
    const parl_dialect_ctx *ctx;
    const char *msg;
    const parl__dtok *tok;
    int at[PARL__DIA_MAX_TOKENS];   /* argument token indices, SKIP ones left out */
    int n;
    int step;                       /* place in the chain */
    parl_command *c;
    parl_dialect_intent *in;
} intent_args;

static const parl__dtok *T(const intent_args *a, int i) { return &a->tok[a->at[i]]; }
static int K(const intent_args *a, int i) { return i >= 0 && i < a->n ? T(a, i)->kind : PARL__DTK_END; }

static bool is_content(int k)
{
    return k == PARL__DTK_STRING || k == PARL__DTK_TRIPLE || k == PARL__DTK_FENCE || k == PARL__DTK_QLINES;
}
static bool is_ref(int k) { return k == PARL__DTK_REF || k == PARL__DTK_REFURI; }

/* The sense of class CLS of the bare word at I. */
static const parl__dsense *sense_at(const intent_args *a, int i, parl__wclass cls)
{
    if (K(a, i) != PARL__DTK_WORD) return NULL;
    return parl__dia_word_sense(a->msg + T(a, i)->start, T(a, i)->end - T(a, i)->start, cls);
}

/* The subcommand of the command's verb that the bare word at I names. */
static const parl__dsense *subcommand_at(const intent_args *a, int i)
{
    if (K(a, i) != PARL__DTK_WORD) return NULL;
    return parl__dia_subcommand(parl__dia_lookup(a->msg + T(a, i)->start, T(a, i)->end - T(a, i)->start),
                                a->in->verb);
}

/* A fenced block's lines: after the opening line (its info string), up to
 * the line of the closing fence. One-line fences keep what is between. */
static parl_span fence_inside(const char *msg, size_t s, size_t e)
{
    while (s < e && msg[s] != '`' && msg[s] != '~') s++;   /* a continuation starts with \n */
    size_t a = s + 3, b = e - 3;
    size_t nl = a;
    while (nl < b && msg[nl] != '\n') nl++;
    if (nl < b) {
        a = nl + 1;
        if (b > a && msg[b - 1] == '\n') b--;
    }
    parl_span sp = { a, b > a ? b - a : 0 };
    return sp;
}

/* The text of token I as content. */
static parl_text text_at(const intent_args *a, int i)
{
    const parl__dtok *t = T(a, i);
    parl_text x = { { t->start, t->end - t->start }, PARL_FORM_BARE };
    switch (t->kind) {
    case PARL__DTK_STRING: x.form = PARL_FORM_QUOTED; x.span.off += 1; x.span.len -= 2; break;
    case PARL__DTK_TRIPLE: x.form = PARL_FORM_TRIPLE; x.span.off += 3; x.span.len -= 6; break;
    case PARL__DTK_FENCE: x.form = PARL_FORM_FENCED; x.span = fence_inside(a->msg, t->start, t->end); break;
    case PARL__DTK_QLINES:   /* starts with the line break before the first `>` */
        x.form = PARL_FORM_LINES;
        while (x.span.len && (a->msg[x.span.off] == '\n' || parl__is_blank((unsigned char)a->msg[x.span.off]))) {
            x.span.off++;
            x.span.len--;
        }
        break;
    case PARL__DTK_REF: case PARL__DTK_REFURI: x.form = PARL_FORM_REF; break;
    case PARL__DTK_MINUSWORD: x.span.off += 1; x.span.len -= 1; break;
    default: break;
    }
    return x;
}

/* Arguments [i, j) as one piece of content: a single quoted/fenced/...
 * token is that content, anything else the words as written. */
static parl_text span_of(const intent_args *a, int i, int j)
{
    parl_text x = { { 0, 0 }, PARL_FORM_NONE };
    if (i >= j) return x;
    if (j - i == 1) return text_at(a, i);
    x.form = PARL_FORM_BARE;
    x.span.off = T(a, i)->start;
    x.span.len = T(a, j - 1)->end - x.span.off;
    return x;
}

/* Does the verb declare ARG as required (grammar/verbs.yaml `requires`)? */
static bool requires(const intent_args *a, parl_arg arg)
{
    int v = a->in->verb;
    return v >= 0 && v < PARL_VERB_COUNT && (parl__dia_verbs[v].requires >> arg & 1u);
}

static bool intent_fail(intent_args *a, parl_failure f, parl_hint_kind k)
{
    if (!a->c->hint.failure) {
        a->c->hint.failure = f;
        a->c->hint.kind = k;
    }
    return false;
}

/* Arguments a later chain step may leave out: the previous output fills them. */
static bool takes_last(parl_arg arg)
{
    return arg == PARL_ARG_CONTENT || arg == PARL_ARG_QUERY || arg == PARL_ARG_MESSAGE ||
           arg == PARL_ARG_EXPRESSION || arg == PARL_ARG_PATCH;
}

static bool missing(intent_args *a, parl_arg arg)
{
    if (a->step > 0 && takes_last(arg) && a->in->content.form == PARL_FORM_NONE) {
        a->in->content_from_last = true;
        return false;
    }
    intent_fail(a, PARL_FAIL_MISSING_ARG, PARL_HINT_MISSING_ARG);
    a->c->hint.arg = arg;
    a->c->hint.suggestion = parl_verb_example(a->ctx, a->in->verb, 0);
    return false;
}

/* An unknown modifier close to words of class CLS; returns true when it
 * was one (and the failure is recorded). */
static bool unknown_modifier(intent_args *a, int i, parl__wclass cls)
{
    const parl__dtok *t = T(a, i);
    const char **opts = a->c->hint.opts;
    int k = parl__dia_similar(a->msg + t->start, t->end - t->start, cls, opts);
    if (!k) return false;
    if (a->c->hint.failure) return true;
    intent_fail(a, PARL_FAIL_UNKNOWN_MODIFIER, PARL_HINT_UNKNOWN_MODIFIER);
    a->c->hint.nopts = k;
    a->c->hint.got.off = t->start;
    a->c->hint.got.len = t->end - t->start;
    return true;
}

/* A word where only the names of NAMES[1..COUNT) may stand (a format
 * after `as`): the error lists them all. */
static void unknown_choice(intent_args *a, int i, const parl__str *names, int count)
{
    if (a->c->hint.failure) return;
    intent_fail(a, PARL_FAIL_UNKNOWN_MODIFIER, PARL_HINT_UNKNOWN_MODIFIER);
    parl_hint *h = &a->c->hint;
    h->all_opts = true;
    h->got.off = T(a, i)->start;
    h->got.len = T(a, i)->end - T(a, i)->start;
    for (int k = 1; k < count && h->nopts < PARL_MAX_OPTIONS; k++) h->opts[h->nopts++] = PARL__S(names[k]);
}

static void ambiguous(intent_args *a, parl_op x, parl_op y)
{
    intent_fail(a, PARL_FAIL_AMBIGUOUS_ARGS, PARL_HINT_AMBIGUOUS);
    a->c->hint.nopts = 2;
    a->c->hint.opts[0] = parl_op_name(x);
    a->c->hint.opts[1] = parl_op_name(y);
}

static int find_kind(const intent_args *a, int from, int kind)
{
    for (int i = from; i < a->n; i++)
        if (K(a, i) == kind) return i;
    return -1;
}

/* ------------------------------------------------------------ references */

/* `@name(.field)*`: the name must be a reference (or, where @words name
 * people and platforms, anything), each field a known field. */
static bool check_ref(intent_args *a, int i, bool mentions_ok)
{
    const parl__dtok *t = T(a, i);
    if (t->kind != PARL__DTK_REF) return true;
    const char *s = a->msg + t->start + 1;
    size_t n = t->end - t->start - 1, dot = 0;
    while (dot < n && s[dot] != '.') dot++;
    bool known = parl__dia_word_sense(s, dot, PARL__WC_REFERENCE) != NULL;
    parl_span bad = { 0, 0 };
    parl__wclass cls = PARL__WC_REFERENCE;
    if (!known && (!mentions_ok || dot < n)) {
        if (mentions_ok && dot < n) return true;   /* a mention with a dot: an address */
        bad.off = t->start + 1;
        bad.len = dot;
    } else if (known) {
        for (size_t f = dot; f < n && !bad.len;) {
            size_t g = f + 1;
            while (g < n && s[g] != '.') g++;
            if (!parl__dia_word_sense(s + f + 1, g - f - 1, PARL__WC_REF_FIELD)) {
                bad.off = t->start + 1 + f + 1;
                bad.len = g - f - 1;
                cls = PARL__WC_REF_FIELD;
            }
            f = g;
        }
    }
    if (!bad.len) return true;
    const char **opts = a->c->hint.opts;
    int k = parl__dia_similar(a->msg + bad.off, bad.len, cls, opts);
    if (!k && cls == PARL__WC_REFERENCE) return true;   /* @alice in a query: just text */
    intent_fail(a, PARL_FAIL_INVALID_REFERENCE, PARL_HINT_UNKNOWN_MODIFIER);
    a->c->hint.nopts = k;
    a->c->hint.got = bad;
    return false;
}

static void check_refs(intent_args *a, bool mentions_ok)
{
    for (int i = 0; i < a->n; i++) check_ref(a, i, mentions_ok);
}

/* ---------------------------------------------------------------- kinds */

static bool block_listed(const intent_args *a, parl_text label)
{
    const parl_dialect_ctx *ctx = a->ctx;
    if (!ctx || !ctx->blocks || label.form == PARL_FORM_NONE) return false;
    for (size_t b = 0; b < ctx->nblocks; b++) {
        const char *name = ctx->blocks[b];
        if (!name) continue;
        size_t k = 0;
        while (k < label.span.len && name[k] && name[k] == a->msg[label.span.off + k]) k++;
        if (k == label.span.len && !name[k]) return true;
    }
    return false;
}

/* A label is one word or one quoted name. */
static bool label_like(const intent_args *a, int i)
{
    int k = K(a, i);
    return k == PARL__DTK_WORD || k == PARL__DTK_STRING || k == PARL__DTK_MINUSWORD;
}

/* The patch of `/recall patch LABEL DIFF` must be a unified diff: one in
 * """...""" or a fence is checked now, a reference when it is resolved. */
static void check_patch(intent_args *a)
{
    parl_text t = a->in->content;
    if (t.form == PARL_FORM_REF) return;
    parl_patch_report rep;
    if ((t.form == PARL_FORM_TRIPLE || t.form == PARL_FORM_FENCED) &&
        parl_patch_check(a->msg + t.span.off, t.span.len, &rep) == PARL_PATCH_OK)
        return;
    intent_fail(a, PARL_FAIL_MALFORMED, PARL_HINT_MALFORMED);
    a->c->hint.detail = PARL_DETAIL_BAD_PATCH;
    a->c->hint.got = t.span;
    if ((t.form != PARL_FORM_TRIPLE && t.form != PARL_FORM_FENCED) || rep.status == PARL_PATCH_E_EMPTY) return;
    /* Name the patch line at fault. */
    size_t p = t.span.off, end = t.span.off + t.span.len;
    for (size_t line = 1; line < rep.line && p < end; p++)
        line += a->msg[p] == '\n';
    size_t q = p;
    while (q < end && a->msg[q] != '\n') q++;
    if (q == p) return;
    a->c->hint.got.off = p;
    a->c->hint.got.len = q - p;
}

/* insert [LABEL] CONTENT from argument I on (a leading `+` is skipped). */
static void recall_insert(intent_args *a, int i)
{
    parl_dialect_intent *in = a->in;
    int n = a->n;
    in->op = PARL_OP_INSERT;
    if (K(a, i) == PARL__DTK_PLUS) i++;
    if (i >= n) { missing(a, PARL_ARG_CONTENT); return; }
    if (n - i == 2 && K(a, i) == PARL__DTK_WORD && (is_content(K(a, i + 1)) || is_ref(K(a, i + 1)))) {
        in->label = text_at(a, i);
        in->content = text_at(a, i + 1);
    } else in->content = span_of(a, i, n);
}

/* append LABEL [+] CONTENT from argument I on. */
static void recall_append(intent_args *a, int i)
{
    parl_dialect_intent *in = a->in;
    int n = a->n, plus = find_kind(a, i, PARL__DTK_PLUS);
    in->op = PARL_OP_APPEND;
    if (plus == i || i >= n) { missing(a, PARL_ARG_LABEL); return; }
    int label_end = plus > i ? plus : i + 1;
    in->label = span_of(a, i, label_end);
    int from = plus > i ? plus + 1 : i + 1;
    if (from >= n) { missing(a, PARL_ARG_CONTENT); return; }
    in->content = span_of(a, from, n);
}

/* An operation named by a subcommand word or implied by the alias, with
 * its arguments from I on. */
static void recall_op(intent_args *a, parl_op op, int i)
{
    parl_dialect_intent *in = a->in;
    int n = a->n;
    in->op = op;
    switch (op) {
    case PARL_OP_INSERT: recall_insert(a, i); return;
    case PARL_OP_APPEND: recall_append(a, i); return;
    case PARL_OP_SEARCH:
        if (i >= n) { missing(a, PARL_ARG_QUERY); return; }
        in->content = span_of(a, i, n);
        return;
    case PARL_OP_PATCH:
        if (i >= n) { missing(a, PARL_ARG_LABEL); return; }
        in->label = text_at(a, i);
        if (i + 1 >= n) { missing(a, PARL_ARG_PATCH); return; }
        in->content = span_of(a, i + 1, n);
        check_patch(a);
        return;
    default:   /* read, delete: a label */
        if (i >= n) { missing(a, PARL_ARG_LABEL); return; }
        in->label = span_of(a, i, n);
        in->label_known = op == PARL_OP_READ && block_listed(a, in->label);
        return;
    }
}

static void recall(intent_args *a)
{
    parl_dialect_intent *in = a->in;
    int n = a->n;
    const parl__dsense *sub = subcommand_at(a, 0);
    if (sub) { recall_op(a, (parl_op)sub->op, 1); return; }
    if (a->c->match.op != PARL_OP_NONE) { recall_op(a, a->c->match.op, 0); return; }
    /* No operation word: the shape decides. */
    int plus = find_kind(a, 0, PARL__DTK_PLUS);
    if (plus == 0) { recall_insert(a, 0); return; }
    if (plus > 0) { recall_append(a, 0); return; }
    if (n == 1 && K(a, 0) == PARL__DTK_MINUSWORD) { recall_op(a, PARL_OP_DELETE, 0); return; }
    if (n == 0) { in->op = PARL_OP_SEARCH; missing(a, PARL_ARG_QUERY); return; }
    if (n == 1 && label_like(a, 0) && block_listed(a, text_at(a, 0))) { recall_op(a, PARL_OP_READ, 0); return; }
    if (n == 2 && K(a, 0) == PARL__DTK_WORD && is_content(K(a, 1))) {
        /* `/recall notes "text"`: add the text to notes, or search for both? */
        recall_append(a, 0);
        ambiguous(a, PARL_OP_APPEND, PARL_OP_SEARCH);
        return;
    }
    recall_op(a, PARL_OP_SEARCH, 0);
}

static void intent_context(intent_args *a)
{
    parl_dialect_intent *in = a->in;
    int i = 0, n = a->n;
    parl_op op = a->c->match.op;
    const parl__dsense *sub = subcommand_at(a, 0);
    if (sub && n > 1) { op = (parl_op)sub->op; i = 1; }
    int plus = find_kind(a, i, PARL__DTK_PLUS);
    if (plus >= 0 && (op == PARL_OP_NONE || op == PARL_OP_APPEND)) {
        in->op = PARL_OP_APPEND;
        in->label = span_of(a, i, plus);
        if (plus + 1 >= n) { missing(a, PARL_ARG_CONTENT); return; }
        in->content = span_of(a, plus + 1, n);
        return;
    }
    switch (op) {
    case PARL_OP_APPEND:
        in->op = op;
        if (i >= n) { missing(a, PARL_ARG_CONTENT); return; }
        if (n - i >= 2 && K(a, i) == PARL__DTK_WORD) {
            in->label = text_at(a, i);
            in->content = span_of(a, i + 1, n);
        } else in->content = span_of(a, i, n);
        return;
    case PARL_OP_REPLACE: {
        in->op = op;
        if (i >= n) { missing(a, PARL_ARG_LABEL); return; }
        in->label = text_at(a, i++);
        int with = -1;
        for (int k = i; k < n && with < 0; k++)
            if (sense_at(a, k, PARL__WC_CONTEXT_WITH)) with = k;
        if (with > i) {
            in->old_text = span_of(a, i, with);
            if (with + 1 >= n) { missing(a, PARL_ARG_CONTENT); return; }
            in->content = span_of(a, with + 1, n);
        } else if (n - i == 2 && is_content(K(a, i)) && is_content(K(a, i + 1))) {
            in->old_text = text_at(a, i);
            in->content = text_at(a, i + 1);
        } else if (i < n) in->content = span_of(a, i, n);
        else missing(a, PARL_ARG_CONTENT);
        return;
    }
    case PARL_OP_ARCHIVE: case PARL_OP_LOAD: case PARL_OP_READ:
        in->op = op;
        if (i >= n) { missing(a, PARL_ARG_LABEL); return; }
        in->label = span_of(a, i, n);
        return;
    case PARL_OP_SWAP:
        in->op = op;
        if (n - i < 2) { missing(a, PARL_ARG_LABEL); return; }
        in->label = text_at(a, i);
        in->content = span_of(a, i + 1, n);
        return;
    default:
        break;
    }
    if (n == 0) { in->op = PARL_OP_READ; missing(a, PARL_ARG_LABEL); return; }
    if (n == 1) { in->op = PARL_OP_READ; in->label = text_at(a, 0); return; }
    in->op = PARL_OP_APPEND;
    in->label = text_at(a, 0);
    in->content = span_of(a, 1, n);
    ambiguous(a, PARL_OP_APPEND, PARL_OP_REPLACE);
}

/* `in SCOPE` at I (I+1 must exist); true when it names a scope. An unknown
 * word close to a scope is an unknown modifier. */
static bool scope_at(intent_args *a, int i)
{
    if (!sense_at(a, i, PARL__WC_SEARCH_IN) || i + 1 >= a->n) return false;
    const parl__dsense *s = sense_at(a, i + 1, PARL__WC_SCOPE);
    if (s) { a->in->scope = (parl_scope)s->value; return true; }
    if (K(a, i + 1) == PARL__DTK_WORD && unknown_modifier(a, i + 1, PARL__WC_SCOPE)) return true;
    return false;
}

static void intent_search(intent_args *a)
{
    parl_dialect_intent *in = a->in;
    int i = 0, j = a->n;
    in->op = PARL_OP_SEARCH;
    for (int changed = 1; changed && i < j;) {
        changed = 0;
        if (sense_at(a, i, PARL__WC_SEARCH_EVERYWHERE)) { in->scope = PARL_SCOPE_ALL; i++; changed = 1; }
        else if (j - i >= 2 && sense_at(a, j - 1, PARL__WC_SEARCH_EVERYWHERE)) { in->scope = PARL_SCOPE_ALL; j--; changed = 1; }
        else if (j - i >= 3 && scope_at(a, j - 2)) { j -= 2; changed = 1; }
        else if (j - i >= 3 && scope_at(a, i)) { i += 2; changed = 1; }
        else if (j - i >= 3 && sense_at(a, i, PARL__WC_SCOPE) && sense_at(a, i + 1, PARL__WC_SEARCH_ABOUT)) {
            in->scope = (parl_scope)sense_at(a, i, PARL__WC_SCOPE)->value;
            i += 2;
            changed = 1;
        }
    }
    if (i >= j) { missing(a, PARL_ARG_QUERY); return; }
    in->content = span_of(a, i, j);
}

/* `@domain @target`: two @words are platform then target; one is the
 * platform when it names one, else the target. */
static void send(intent_args *a)
{
    parl_dialect_intent *in = a->in;
    int i = 0, n = a->n, nat = 0, at[2];
    /* Mentions (@alice, @discord) address the message; a reference
     * (@thread, @last.output) does too when more follows, else it is the
     * message. */
    while (i < n && nat < 2 && is_ref(K(a, i))) {
        const parl__dtok *t = T(a, i);
        size_t len = 0;
        while (t->start + 1 + len < t->end && a->msg[t->start + 1 + len] != '.') len++;
        bool reference = t->kind == PARL__DTK_REFURI ||
                         parl__dia_word_sense(a->msg + t->start + 1, len, PARL__WC_REFERENCE);
        if (reference && i + 1 >= n) break;
        at[nat++] = i++;
    }
    check_refs(a, true);
    if (nat == 2) {
        in->domain.off = T(a, at[0])->start + 1;
        in->domain.len = T(a, at[0])->end - in->domain.off;
        in->target = text_at(a, at[1]);
    } else if (nat == 1) {
        const parl__dtok *t = T(a, at[0]);
        if (t->kind == PARL__DTK_REF && parl__dia_word_sense(a->msg + t->start + 1, t->end - t->start - 1, PARL__WC_DOMAIN)) {
            in->domain.off = t->start + 1;
            in->domain.len = t->end - in->domain.off;
        } else in->target = text_at(a, at[0]);
    }
    bool bare = in->verb < PARL_VERB_COUNT && parl__dia_verbs[in->verb].bare_target;
    if (bare && in->target.form == PARL_FORM_NONE && n - i >= 2 && K(a, i) == PARL__DTK_WORD)
        in->target = text_at(a, i++);
    if (i >= n) { missing(a, PARL_ARG_MESSAGE); return; }
    in->content = span_of(a, i, n);
    if (requires(a, PARL_ARG_TARGET) && in->target.form == PARL_FORM_NONE) missing(a, PARL_ARG_TARGET);
}

static bool looks_like_host(const intent_args *a, int i)
{
    if (K(a, i) != PARL__DTK_WORD) return false;
    const parl__dtok *t = T(a, i);
    size_t dots = 0;
    for (size_t k = t->start; k < t->end; k++) dots += a->msg[k] == '.';
    return dots > 0 && parl__is_wordch((unsigned char)a->msg[t->start]);
}

static void fetch(intent_args *a)
{
    parl_dialect_intent *in = a->in;
    for (int i = 0; i < a->n; i++) {
        int k = K(a, i);
        const parl__dsense *s;
        if (sense_at(a, i, PARL__WC_FETCH_CONTINUE)) in->cont = true;
        else if (in->url.form == PARL_FORM_NONE && (k == PARL__DTK_URL || is_ref(k) || looks_like_host(a, i))) {
            in->url = text_at(a, i);
            if (k == PARL__DTK_REF) check_ref(a, i, false);
        } else if (sense_at(a, i, PARL__WC_FETCH_AS) && i + 1 < a->n) {
            if ((s = sense_at(a, i + 1, PARL__WC_FORMAT))) in->format = (parl_format)s->value;
            else unknown_choice(a, i + 1, parl__dia_format_names, PARL_FORMAT_COUNT);
            i++;
        } else if ((s = sense_at(a, i, PARL__WC_FORMAT))) in->format = (parl_format)s->value;
        else unknown_choice(a, i, parl__dia_format_names, PARL_FORMAT_COUNT);
    }
    if (in->url.form == PARL_FORM_NONE && !in->cont) missing(a, PARL_ARG_URL);
}

static void text_intent(intent_args *a, parl_arg need, bool raw)
{
    if (a->n == 0) { missing(a, need); return; }
    check_refs(a, false);
    if (raw && a->n > 1) {
        a->in->content.form = PARL_FORM_BARE;
        a->in->content.span.off = T(a, 0)->start;
        a->in->content.span.len = T(a, a->n - 1)->end - T(a, 0)->start;
    } else a->in->content = span_of(a, 0, a->n);
}

static void data(intent_args *a)
{
    parl_dialect_intent *in = a->in;
    int i = 0, n = a->n;
    const parl__dsense *sub = subcommand_at(a, 0);
    if (sub) { in->op = (parl_op)sub->op; i = 1; }
    if (in->op == PARL_OP_NONE) in->op = n == 0 ? PARL_OP_LIST : n == 1 ? PARL_OP_READ : PARL_OP_SEARCH;
    if (in->op == PARL_OP_LIST) return;
    if (i >= n) { missing(a, PARL_ARG_SOURCE); return; }
    in->label = text_at(a, i++);
    if (in->op == PARL_OP_SEARCH) {
        if (i >= n) { missing(a, PARL_ARG_QUERY); return; }
        in->content = span_of(a, i, n);
    } else if (i < n) in->content = span_of(a, i, n);
}

static bool request_like(const intent_args *a, int i)
{
    int k = K(a, i);
    if (is_ref(k)) return true;
    if (k != PARL__DTK_WORD) return false;
    const parl__dtok *t = T(a, i);
    if (a->msg[t->start] == '#') return true;
    for (size_t p = t->start; p < t->end; p++)
        if (a->msg[p] >= '0' && a->msg[p] <= '9') return true;
    return false;
}

static void authority(intent_args *a)
{
    parl_dialect_intent *in = a->in;
    int i = 0, j = a->n;
    if (request_like(a, 0)) {
        in->request = text_at(a, 0);
        check_ref(a, 0, false);
        i = 1;
    }
    if (i < j && sense_at(a, i, PARL__WC_AUTH_ALWAYS)) { in->always = true; i++; }
    if (j > i && sense_at(a, j - 1, PARL__WC_AUTH_ALWAYS)) { in->always = true; j--; }
    if (i < j && sense_at(a, i, PARL__WC_AUTH_BECAUSE)) i++;
    if (i < j) in->content = span_of(a, i, j);
    else if (requires(a, PARL_ARG_REASON)) missing(a, PARL_ARG_REASON);
}

static void custom(intent_args *a)
{
    parl_dialect_intent *in = a->in;
    int i = 0;
    check_refs(a, true);
    if (is_ref(K(a, 0)) && a->n > 1) in->target = text_at(a, i++);
    if (i >= a->n) { missing(a, PARL_ARG_CONTENT); return; }
    in->content = span_of(a, i, a->n);
}

void parl__dia_intent(const parl_dialect_ctx *ctx, const char *msg, const parl__dtok *tok,
                      const parl__dia_cmd *pc, int step, parl_command *c)
{
    intent_args a;
    a.step = step;
    a.ctx = ctx;
    a.msg = msg;
    a.tok = tok;
    a.n = 0;
    a.c = c;
    a.in = &c->intent;
    for (int i = pc->arg_first; i < pc->arg_end; i++)
        if (tok[i].kind != PARL__DTK_SKIP) a.at[a.n++] = i;
    parl_dialect_intent *in = &c->intent;
    in->verb = c->match.verb;
    in->kind = parl_verb_intent(ctx, in->verb);
    switch (in->kind) {
    case PARL_INTENT_RECALL: check_refs(&a, false); recall(&a); break;
    case PARL_INTENT_CONTEXT: check_refs(&a, false); intent_context(&a); break;
    case PARL_INTENT_SEARCH: check_refs(&a, false); intent_search(&a); break;
    case PARL_INTENT_SEND: send(&a); break;
    case PARL_INTENT_FETCH: fetch(&a); break;
    case PARL_INTENT_WEB: text_intent(&a, PARL_ARG_QUERY, false); break;
    case PARL_INTENT_CALC: text_intent(&a, PARL_ARG_EXPRESSION, true); break;
    case PARL_INTENT_DATA: data(&a); break;
    case PARL_INTENT_AUTHORITY: authority(&a); break;
    case PARL_INTENT_CUSTOM: custom(&a); break;
    default: break;
    }
}
