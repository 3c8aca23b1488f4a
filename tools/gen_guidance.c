/* SPDX-License-Identifier: MIT */
/* gen_guidance: compiles grammar/guidance.yaml (the agent guidance of the
 * seed's sections 7-9) into gen/guidance.c and gen/guidance.h: the action
 * name, description, similes, example requests, system-prompt lines,
 * retrieval instructions and the sample document the examples run on. The
 * texts are data for `parlance describe`; none of them is written in C. */
#include <stdlib.h>
#include <string.h>
#include "gen.h"

#define SRC "grammar/guidance.yaml"
#define MAX_SAMPLE (1u << 20)

/* A C string literal, one source line per line of TEXT; bytes outside
 * printable ASCII as octal escapes so the output is plain ASCII. */
static void put_literal(FILE *f, const char *s, size_t n)
{
    fputs("\n    \"", f);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs(i + 1 < n ? "\\n\"\n    \"" : "\\n", f);
        else if (c < 0x20 || c >= 0x7f || c == '?') fprintf(f, "\\%03o", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static int need_text(const ynode *n, const char *what)
{
    if (!n) return 1;
    if (!yis_scalar(n) || yis_null(n) || !n->text[0]) return yerr(n, "%s must be non-empty text", what);
    return 0;
}

static int check_list(const ynode *root, const char *key, const ynode **out)
{
    const ynode *v = ymap_get(root, key);
    *out = v;
    if (!v) return yerr(root, "missing '%s'", key);
    if (v->kind != Y_SEQ || v->n == 0) return yerr(v, "'%s' must be a non-empty list", key);
    int bad = 0;
    for (size_t i = 0; i < v->n; i++) bad += need_text(v->items[i], key);
    return bad;
}

static void put_list(FILE *c, FILE *h, const char *name, const ynode *v)
{
    fprintf(h, "extern const char *const parl__guide_%s[];\n#define PARL_GUIDE_N_%s %zu\n", name,
            name, v->n);
    fprintf(c, "\nconst char *const parl__guide_%s[] = {", name);
    for (size_t i = 0; i < v->n; i++) {
        put_literal(c, v->items[i]->text, strlen(v->items[i]->text));
        fputc(',', c);
    }
    fputs("\n};\n", c);
}

static char *read_sample(gen_ctx *g, const ynode *at, size_t *len)
{
    char path[4096];
    gen_grammar_path(g, at->text, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f) { yerr(at, "cannot read the sample '%s'", path); return NULL; }
    char *buf = malloc(MAX_SAMPLE + 1);
    size_t n = buf ? fread(buf, 1, MAX_SAMPLE + 1, f) : 0;
    fclose(f);
    if (!buf || n > MAX_SAMPLE) { yerr(at, "the sample must be under %u bytes", MAX_SAMPLE); free(buf); return NULL; }
    *len = n;
    return buf;
}

/* The single texts; "sample" is a path, the others are emitted. */
static const char *const one[] = { "sample", "action", "description", "system_modes_title",
                                   "retrieval_title" };

int gen_guidance(gen_ctx *g)
{
    static const char *const keys[] = { "action", "description", "similes", "sample", "examples",
        "system_modes_title", "retrieval_title",
        "system_modes", "system_prompt_head", "system_prompt_tail", "retrieval_instructions" };
    static const char *const lists[] = { "similes", "examples", "system_modes",
        "system_prompt_head", "system_prompt_tail", "retrieval_instructions" };
    ydoc *d = gen_load(g, "guidance.yaml");
    if (!d) return 1;
    int bad = 0;
    const ynode *root = d->root, *lv[6] = { 0 };
    if (!root || root->kind != Y_MAP) {
        bad += yerr_at(d->file, 1, 1, "expected a mapping");
    } else {
        bad += yonly_keys(root, keys, sizeof keys / sizeof keys[0]);
        for (int j = 0; j < 5; j++) {
            const ynode *v = ymap_get(root, one[j]);
            bad += v ? need_text(v, one[j]) : yerr(root, "missing '%s'", one[j]);
        }
        for (int j = 0; j < 6; j++) bad += check_list(root, lists[j], &lv[j]);
    }
    size_t slen = 0;
    char *sample = bad ? NULL : read_sample(g, ymap_get(root, "sample"), &slen);
    if (!bad && !sample) bad++;
    FILE *h = bad ? NULL : gen_create(g, "guidance.h", SRC);
    FILE *c = h ? gen_create(g, "guidance.c", SRC) : NULL;
    if (h && c) {
        fputs("#ifndef PARL_GUIDANCE_H\n#define PARL_GUIDANCE_H\n#include <stddef.h>\n"
              "extern const char parl__guide_sample[];\nextern const size_t parl__guide_sample_len;\n",
              h);
        fputs("/* The agent guidance texts and the sample document; see tools/gen_guidance.c. */\n"
              "#include \"guidance.h\"\n", c);
        for (int j = 1; j < 5; j++) {
            const ynode *v = ymap_get(root, one[j]);
            fprintf(h, "extern const char parl__guide_%s[];\n", one[j]);
            fprintf(c, "\nconst char parl__guide_%s[] =", one[j]);
            put_literal(c, v->text, strlen(v->text));
            fputs(";\n", c);
        }
        for (int j = 0; j < 6; j++) put_list(c, h, lists[j], lv[j]);
        fputs("\nconst char parl__guide_sample[] =", c);
        put_literal(c, sample, slen);
        fprintf(c, ";\nconst size_t parl__guide_sample_len = %zu;\n", slen);
        fputs("#endif\n", h);
    }
    if (h) bad += gen_close(g, h);
    if (c) bad += gen_close(g, c);
    else if (h) bad++;
    free(sample);
    if (bad) gen_fail(g);
    return bad ? 1 : 0;
}
