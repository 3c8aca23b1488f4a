/* SPDX-License-Identifier: MIT */
/* parlance: the command-line front end. One table row per command; each
 * command lives in its own tools/cli_*.c. */
#include "cli.h"
#include <string.h>

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *usage;
} commands[] = {
    { "infer", cmd_infer, "infer QUERY | infer --batch    natural-language request -> intent JSON" },
    { "split", cmd_split, "split [--json|--jsonl] [FILE|-]  one sentence per line (or JSON)" },
    { "profile", cmd_profile, "profile [--at TIME] [FILE|-]   document profile as JSON" },
    { "verb", cmd_verb, "verb WORD [--config F]         how a verb word matches (JSON)" },
    { "dialect", cmd_dialect, "dialect [FILE|-] [--config F] the actions of an agent message (JSON)" },
    { "failures", cmd_failures, "failures log|unknown-verbs|by-model|patterns|suggest-aliases  parse-failure log" },
    { "ask", cmd_ask, "ask [--json] [--substring] [--db PATH] NAME|FILE|- [QUERY]  answer a request from a document" },
    { "add", cmd_add, "add [--db PATH] [--name NAME] [-q] FILE...|-  store documents with their profiles" },
    { "list", cmd_list, "list [--db PATH] [--json]      the stored documents (inventory)" },
    { "show", cmd_show, "show [--db PATH] [--content] NAME  a stored profile (or the content)" },
    { "rm", cmd_rm, "rm [--db PATH] NAME...         remove stored documents and their old versions" },
    { "backfill", cmd_backfill, "backfill [--db PATH] [-q]      profile stored documents missing one or with an old one" },
    { "describe", cmd_describe, "describe [--json]              agent guidance: description, similes, live examples" },
    { "gate", cmd_gate, "gate QUERY                     could this be a retrieval request? true/false" },
    { "patch", cmd_patch, "patch apply FILE PATCH [-o OUT] | patch diff OLD NEW | patch check PATCH" },
};

static int usage(FILE *f)
{
    fputs("usage: parlance COMMAND [ARGS]\n\ncommands:\n", f);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %s\n", commands[i].usage);
    return f == stderr ? 2 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) return usage(stderr);
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help"))
        return usage(stdout);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "parlance: unknown command '%s'\n", argv[1]);
    return usage(stderr);
}
