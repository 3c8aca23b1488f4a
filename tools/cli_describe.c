/* SPDX-License-Identifier: MIT */
/* parlance describe [--json]: the agent guidance of grammar/guidance.yaml
 * (action, description, similes, examples, system prompt modes, retrieval
 * instructions). Each example's answer is produced here and now by running
 * its request on the sample document embedded in gen/guidance.c, so the
 * examples always show what parlance really answers. */
#include <stdlib.h>
#include "cli.h"
#include "guidance.h"

#define N(x) ((size_t)PARL_GUIDE_N_##x)

/* The answer to REQ on the sample, in a heap buffer. */
static char *run_example(const char *req, size_t *len)
{
    const char *doc = parl__guide_sample;
    size_t n = parl__guide_sample_len;
    parl_profile p;
    parl_analyze(doc, n, NULL, &p, NULL, 0, NULL, 0);
    parl_paragraph *pa = malloc((p.paragraph_count + 1) * sizeof *pa);
    parl_sentence *se = malloc((p.sentence_count + 1) * sizeof *se);
    parl_intent in;
    parl_answer_info info;
    char *out = NULL;
    if (pa && se) {
        parl_analyze(doc, n, NULL, &p, pa, p.paragraph_count + 1, se, p.sentence_count + 1);
        parl_infer(req, strlen(req), &in);
        parl_answer(doc, n, &p, pa, se, &in, req, strlen(req), 0, NULL, 0, NULL, 0, &info);
        out = malloc(info.needed);
        if (out)
            parl_answer(doc, n, &p, pa, se, &in, req, strlen(req), 0, out, info.needed, NULL, 0,
                        &info);
        *len = info.len;
    }
    free(pa);
    free(se);
    return out;
}

static void json_list(const char *key, const char *const *v, size_t n)
{
    printf(",\"%s\":[", key);
    for (size_t i = 0; i < n; i++) {
        if (i) putchar(',');
        json_str(stdout, v[i], strlen(v[i]));
    }
    putchar(']');
}

int cmd_describe(int argc, char **argv)
{
    static const cli_opt opts[] = { { "--json", NULL, 0 }, { 0 } };
    cli_args a;
    if (cli_parse("describe", opts, argc, argv, &a)) return 2;
    if (a.npos) return cli_usage_error("describe", "unexpected argument '%s'", a.pos[0]);
    int json = a.val[0] != NULL;
    if (json) {
        fputs("{\"name\":", stdout);
        json_str(stdout, parl__guide_action, strlen(parl__guide_action));
        fputs(",\"description\":", stdout);
        json_str(stdout, parl__guide_description, strlen(parl__guide_description));
        json_list("similes", parl__guide_similes, N(similes));
        fputs(",\"examples\":[", stdout);
    } else {
        printf("%s\n\n%s\n\n", parl__guide_action, parl__guide_description);
        for (size_t i = 0; i < N(similes); i++)
            printf("%s%s", parl__guide_similes[i], i + 1 < N(similes) ? ", " : "\n\n");
    }
    for (size_t i = 0; i < N(examples); i++) {
        const char *q = parl__guide_examples[i];
        size_t len = 0;
        char *a = run_example(q, &len);
        if (!a) { fputs("parlance: out of memory\n", stderr); return 1; }
        if (json) {
            fputs(i ? ",[{\"name\":\"{{name1}}\",\"content\":{\"text\":"
                    : "[{\"name\":\"{{name1}}\",\"content\":{\"text\":", stdout);
            json_str(stdout, q, strlen(q));
            fputs("}},{\"name\":\"{{name2}}\",\"content\":{\"text\":", stdout);
            json_str(stdout, a, len);
            fputs(",\"actions\":[", stdout);
            json_str(stdout, parl__guide_action, strlen(parl__guide_action));
            fputs("]}}]", stdout);
        } else {
            printf("> %s\n", q);
            fwrite(a, 1, len, stdout);
            fputs("\n\n", stdout);
        }
        free(a);
    }
    /* the system prompt and the retrieval instructions, one text each */
    char *sys = NULL, *ret = NULL;
    size_t sl = 0, rl = 0;
    FILE *m = open_memstream(&sys, &sl);
    if (!m) return 1;
    for (size_t i = 0; i < N(system_prompt_head); i++) fprintf(m, "- %s\n", parl__guide_system_prompt_head[i]);
    fprintf(m, "\n%s\n", parl__guide_system_modes_title);
    for (size_t i = 0; i < N(system_modes); i++) fprintf(m, "- %s\n", parl__guide_system_modes[i]);
    fputc('\n', m);
    for (size_t i = 0; i < N(system_prompt_tail); i++) fprintf(m, "%s\n", parl__guide_system_prompt_tail[i]);
    fclose(m);
    m = open_memstream(&ret, &rl);
    if (!m) { free(sys); return 1; }
    fprintf(m, "%s\n", parl__guide_retrieval_title);
    for (size_t i = 0; i < N(retrieval_instructions); i++)
        fprintf(m, "- %s\n", parl__guide_retrieval_instructions[i]);
    fclose(m);
    if (json) {
        printf("],\"system\":");
        json_str(stdout, sys, sl);
        fputs(",\"retrievalInstructions\":", stdout);
        json_str(stdout, ret, rl);
        fputs("}\n", stdout);
    } else {
        fwrite(sys, 1, sl, stdout);
        putchar('\n');
        fwrite(ret, 1, rl, stdout);
    }
    free(sys);
    free(ret);
    return fflush(stdout) ? 1 : 0;
}
