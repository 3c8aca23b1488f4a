/* SPDX-License-Identifier: MIT */
/* parlance describe [--json]: the agent guidance of grammar/guidance.yaml
 * (action, description, similes, examples, system prompt modes, retrieval
 * instructions). Each example's answer is produced here and now by running
 * its request on the sample document embedded in gen/guidance.c, so the
 * examples always show what parlance really answers. The JSON form is the
 * library's (parl_describe_json); this file prints the text form. */
#include <stdlib.h>
#include "cli.h"
#include "guidance.h"

#define N(x) ((size_t)PARL_GUIDE_N_##x)

static size_t describe_write(const void *work, char *out, size_t cap)
{
    return parl_describe_json((void *)work, parl_describe_work_size(), out, cap);
}

static void lines(const char *prefix, const char *const *v, size_t n)
{
    for (size_t i = 0; i < n; i++) printf("%s%s\n", prefix, v[i]);
}

static int describe_text(const parl_doc *sample)
{
    printf("%s\n\n%s\n\n", parl__guide_action, parl__guide_description);
    for (size_t i = 0; i < N(similes); i++)
        printf("%s%s", parl__guide_similes[i], i + 1 < N(similes) ? ", " : "\n\n");
    for (size_t i = 0; i < N(examples); i++) {
        const char *q = parl__guide_examples[i];
        size_t len;
        char *a = doc_answer(sample, q, strlen(q), 0, &len);
        if (!a) { fputs("parlance: out of memory\n", stderr); return 1; }
        printf("> %s\n%s\n\n", q, a);
        free(a);
    }
    lines("- ", parl__guide_system_prompt_head, N(system_prompt_head));
    printf("\n%s\n", parl__guide_system_modes_title);
    lines("- ", parl__guide_system_modes, N(system_modes));
    putchar('\n');
    lines("", parl__guide_system_prompt_tail, N(system_prompt_tail));
    printf("\n%s\n", parl__guide_retrieval_title);
    lines("- ", parl__guide_retrieval_instructions, N(retrieval_instructions));
    return 0;
}

int cmd_describe(int argc, char **argv)
{
    static const cli_opt opts[] = { { "--json", NULL, 0 }, { 0 } };
    cli_args a;
    if (cli_parse("describe", opts, argc, argv, &a)) return 2;
    if (a.npos) return cli_usage_error("describe", "unexpected argument '%s'", a.pos[0]);
    void *work = malloc(parl_describe_work_size());
    parl_doc *sample = work ? parl_doc_init(work, parl_describe_work_size(), parl__guide_sample,
                                            parl__guide_sample_len, NULL) : NULL;
    if (!sample) { free(work); fputs("parlance: out of memory\n", stderr); return 1; }
    int rc = a.val[0] ? json_print(stdout, describe_write, work) : describe_text(sample);
    free(work);
    return rc || fflush(stdout) ? 1 : 0;
}
