/* SPDX-License-Identifier: MIT */
/* json_describe.c: the agent guidance of grammar/guidance.yaml as JSON
 * (`parlance describe --json`): the action's name, description, similes,
 * examples answered by running each request on the embedded sample
 * document, the system prompt and the retrieval instructions. */
#include <string.h>
#include "json_internal.h"
#include "guidance.h"

#define N(x) ((size_t)PARL_GUIDE_N_##x)

size_t parl_describe_work_size(void)
{
    return parl_doc_size(parl__guide_sample, parl__guide_sample_len);
}

static void guide_list(parl__json *j, const char *key, const char *const *v, size_t n)
{
    parl__json_lit(j, ",\"");
    parl__json_lit(j, key);
    parl__json_lit(j, "\":[");
    for (size_t i = 0; i < n; i++) {
        if (i) parl__json_lit(j, ",");
        parl__json_cstr(j, v[i]);
    }
    parl__json_lit(j, "]");
}

/* Lines of one string: PREFIX before each item, a line break after it. */
static void guide_lines(parl__json *j, const char *prefix, const char *const *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        parl__json_part(j, prefix, strlen(prefix));
        parl__json_part(j, v[i], strlen(v[i]));
        parl__json_part(j, "\n", 1);
    }
}

/* A user's request and the agent's answer, as ElizaOS examples are written. */
static void guide_example(parl__json *j, const parl_doc *sample, const char *q)
{
    parl_intent in;
    parl_infer(q, strlen(q), &in);
    parl__json_lit(j, "[{\"name\":\"{{name1}}\",\"content\":{\"text\":");
    parl__json_cstr(j, q);
    parl__json_lit(j, "}},{\"name\":\"{{name2}}\",\"content\":{\"text\":");
    parl__json_open(j);
    parl__answer_json(sample, &in, q, strlen(q), 0, j, NULL);
    parl__json_close(j);
    parl__json_lit(j, ",\"actions\":[");
    parl__json_cstr(j, parl__guide_action);
    parl__json_lit(j, "]}}]");
}

size_t parl_describe_json(void *work, size_t work_size, char *out, size_t cap)
{
    parl__json j;
    parl_doc *sample = parl_doc_init(work, work_size, parl__guide_sample, parl__guide_sample_len, NULL);
    parl__json_init(&j, out, cap);
    if (!sample) return parl__json_end(&j);
    parl__json_lit(&j, "{\"name\":");
    parl__json_cstr(&j, parl__guide_action);
    parl__json_lit(&j, ",\"description\":");
    parl__json_cstr(&j, parl__guide_description);
    guide_list(&j, "similes", parl__guide_similes, N(similes));
    parl__json_lit(&j, ",\"examples\":[");
    for (size_t i = 0; i < N(examples); i++) {
        if (i) parl__json_lit(&j, ",");
        guide_example(&j, sample, parl__guide_examples[i]);
    }
    parl__json_lit(&j, "],\"system\":");
    parl__json_open(&j);
    guide_lines(&j, "- ", parl__guide_system_prompt_head, N(system_prompt_head));
    const char *modes_title = parl__guide_system_modes_title, *retrieval_title = parl__guide_retrieval_title;
    guide_lines(&j, "\n", &modes_title, 1);
    guide_lines(&j, "- ", parl__guide_system_modes, N(system_modes));
    parl__json_part(&j, "\n", 1);
    guide_lines(&j, "", parl__guide_system_prompt_tail, N(system_prompt_tail));
    parl__json_close(&j);
    parl__json_lit(&j, ",\"retrievalInstructions\":");
    parl__json_open(&j);
    guide_lines(&j, "", &retrieval_title, 1);
    guide_lines(&j, "- ", parl__guide_retrieval_instructions, N(retrieval_instructions));
    parl__json_close(&j);
    parl__json_lit(&j, "}\n");
    return parl__json_end(&j);
}
