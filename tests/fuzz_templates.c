/* SPDX-License-Identifier: MIT */
/* fuzz_templates.c: libFuzzer target for the answer-template checker
 * (tools/gen_answer_args.c), which stands between a wording edit in
 * grammar/answers.yaml and the runtime reading arguments by it.
 *
 * Input: one byte choosing a template (of those parl_answer() fills, or a
 * name it has none of), one byte for the size of the message buffer, then
 * the template's text. Properties checked:
 *   - the checker never crashes and its message fits the buffer given;
 *   - a template it accepts prints, directive by directive, exactly the
 *     kinds runtime/answer_args.h lists (counted here independently), so the
 *     runtime can never read an argument that was not passed, and a
 *     template that writes the scope (%d) never asks for it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "gen.h"
#include "answer_args.h"

#define REQUIRE(c) do { if (!(c)) __builtin_trap(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2) return 0;
    size_t pick = data[0] % (answer_nsigs + 1), cap = (size_t)data[1] % 200 + 1;
    char name[64] = "no_such_template", *text = malloc(size - 1), *why = malloc(cap);
    REQUIRE(text && why);
    memcpy(text, data + 2, size - 2);
    text[size - 2] = 0;
    const char *kinds = NULL;
    if (pick < answer_nsigs) {
        size_t k = 0;
        for (; answer_sigs[pick].name[k] && k + 1 < sizeof name; k++)
            name[k] = (char)(answer_sigs[pick].name[k] | 0x20 * (answer_sigs[pick].name[k] >= 'A' && answer_sigs[pick].name[k] <= 'Z'));
        name[k] = 0;
        kinds = answer_sigs[pick].kinds;
    }
    const char *problem = answer_template_problem(name, text, why, cap);
    if (problem) REQUIRE(problem == why && strlen(why) < cap);
    else {
        static const char directives[] = PARL__ANSWER_DIRECTIVES;
        REQUIRE(kinds != NULL);
        int scope = *kinds == '-';   /* writes %d itself: may not use it */
        kinds += scope;
        size_t used = 0;
        for (const char *p = text; *p; p++) {
            if (*p != '%') continue;
            if (*++p == '%') continue;
            if (*p && strchr(PARL__ANSWER_BARE, *p)) { REQUIRE(!scope); continue; }
            const char *d = strchr(directives, *p);
            REQUIRE(*p && d && kinds[used] == PARL__ANSWER_KINDS[d - directives]);
            used++;
        }
        REQUIRE(used == strlen(kinds));
    }
    free(text);
    free(why);
    return 0;
}
