/* SPDX-License-Identifier: MIT */
/* gen_answers: compiles grammar/answers.yaml, the wording of parl_answer(),
 * into gen/answer_text.h (an enum PARL__ANS_<NAME> per template, in file order)
 * and gen/answer_text.c (the templates and the unit nouns). Each template
 * must take exactly the arguments parl_answer() passes it (as
 * runtime/answer_args.h lists them; tools/gen_answer_args.c checks), and
 * every template it fills must be there; nouns must cover every unit of
 * grammar/units.yaml. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "gen.h"

#define SRC "grammar/answers.yaml"

static void put_literal(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (c < 0x20 || c >= 0x7f || c == '?') fprintf(f, "\\%03o", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

static int check_template(const ynode *k, const ynode *v)
{
    int bad = 0;
    const char *n = k->text;
    if (!n[0] || !islower((unsigned char)n[0])) bad += yerr(k, "template names are lower-case words");
    for (; *n; n++)
        if (!islower((unsigned char)*n) && !isdigit((unsigned char)*n) && *n != '_')
            return bad + yerr(k, "template name '%s': use a-z, 0-9 and _", k->text);
    if (!yis_scalar(v) || !v->text[0]) return bad + yerr(v, "template '%s' must be text", k->text);
    char why[600];
    if (answer_template_problem(k->text, v->text, why, sizeof why)) bad += yerr(v, "%s", why);
    return bad;
}

int gen_answers(gen_ctx *g)
{
    ydoc *d = gen_load(g, "answers.yaml");
    if (!d) return 1;
    ydoc *u = gen_load(g, "units.yaml");
    if (!u) return 1;
    int bad = 0;
    const ynode *root = d->root, *tm = NULL, *nouns = NULL;
    const ynode *units = u->root && u->root->kind == Y_MAP ? ymap_get(u->root, "units") : NULL;
    if (!root || root->kind != Y_MAP) bad += yerr_at(d->file, 1, 1, "expected a mapping");
    else {
        static const char *const keys[] = { "templates", "nouns" };
        bad += yonly_keys(root, keys, 2);
        tm = ymap_get(root, "templates");
        nouns = ymap_get(root, "nouns");
        if (!tm || tm->kind != Y_MAP || !tm->n) { bad += yerr(tm ? tm : root, "'templates' must be a mapping of texts"); tm = NULL; }
        if (!nouns || nouns->kind != Y_MAP) { bad += yerr(nouns ? nouns : root, "'nouns' must be a mapping of units"); nouns = NULL; }
    }
    if (!units || units->kind != Y_MAP) bad += yerr_at(u->file, 1, 1, "no 'units' mapping");
    if (tm) {
        for (size_t i = 0; i < tm->n; i++) bad += check_template(ymap_key(tm, i), ymap_val(tm, i));
        for (size_t i = 0; i < answer_nsigs; i++) {
            char name[64];
            size_t k = 0;
            for (; answer_sigs[i].name[k] && k + 1 < sizeof name; k++) name[k] = (char)tolower((unsigned char)answer_sigs[i].name[k]);
            name[k] = 0;
            if (!ymap_get(tm, name)) bad += yerr(tm, "no template '%s': parl_answer() uses it", name);
        }
    }
    if (nouns && units && units->kind == Y_MAP) {
        for (size_t i = 0; i < nouns->n; i++) {
            const ynode *k = ymap_key(nouns, i), *v = ymap_val(nouns, i);
            if (strcmp(k->text, "none") && !ymap_get(units, k->text))
                bad += yerr(k, "unknown unit '%s' (grammar/units.yaml)", k->text);
            if (v->kind != Y_SEQ || v->n != 2 || !yis_scalar(v->items[0]) || !yis_scalar(v->items[1])
                || !v->items[0]->text[0] || !v->items[1]->text[0])
                bad += yerr(v, "nouns of '%s': [singular, plural]", k->text);
        }
        for (size_t i = 0; i < units->n; i++)
            if (!ymap_get(nouns, ymap_key(units, i)->text))
                bad += yerr(nouns, "no nouns for the unit '%s'", ymap_key(units, i)->text);
        if (!ymap_get(nouns, "none")) bad += yerr(nouns, "no nouns for 'none'");
    }
    FILE *h = bad ? NULL : gen_create(g, "answer_text.h", SRC);
    FILE *c = h ? gen_create(g, "answer_text.c", SRC) : NULL;
    if (h && c) {
        fputs("#ifndef PARL_ANSWER_TEXT_H\n#define PARL_ANSWER_TEXT_H\n#include \"parl_vocab.h\"\n\n"
              "/* Templates of grammar/answers.yaml, by name. */\nenum {\n", h);
        for (size_t i = 0; i < tm->n; i++) {
            fputs("    PARL__ANS_", h);
            for (const char *p = ymap_key(tm, i)->text; *p; p++) fputc(toupper((unsigned char)*p), h);
            fputs(",\n", h);
        }
        fputs("    PARL__ANS__COUNT\n};\n"
              "extern const char *const parl__answer_text[PARL__ANS__COUNT];\n"
              "/* Singular and plural noun of each unit. */\n"
              "extern const char *const parl__unit_nouns[PARL_UNIT__COUNT][2];\n#endif\n", h);
        fputs("/* The wording of parl_answer(); see tools/gen_answers.c. */\n"
              "#include \"answer_text.h\"\n\nconst char *const parl__answer_text[PARL__ANS__COUNT] = {\n", c);
        for (size_t i = 0; i < tm->n; i++) {
            fputs("    ", c);
            put_literal(c, ymap_val(tm, i)->text);
            fputs(",\n", c);
        }
        fputs("};\n\nconst char *const parl__unit_nouns[PARL_UNIT__COUNT][2] = {\n", c);
        for (size_t i = 0; i < nouns->n; i++) {
            const ynode *k = ymap_key(nouns, i), *v = ymap_val(nouns, i);
            fputs("    [PARL_UNIT_", c);
            for (const char *p = k->text; *p; p++) fputc(toupper((unsigned char)*p), c);
            fputs("] = { ", c);
            put_literal(c, v->items[0]->text);
            fputs(", ", c);
            put_literal(c, v->items[1]->text);
            fputs(" },\n", c);
        }
        fputs("};\n", c);
    }
    if (h) bad += gen_close(g, h);
    if (c) bad += gen_close(g, c);
    else if (h) bad++;
    if (bad) gen_fail(g);
    return bad ? 1 : 0;
}
