/* SPDX-License-Identifier: MIT */
/* parlance: the command-line front end. One table row per command; each
 * command lives in its own tools/cli_*.c. Help, version and the final check
 * that standard output was written are done here, once for all commands. */
#include "cli.h"
#include <errno.h>

static const cli_command commands[] = {
    { "infer", cmd_infer, "natural-language request -> intent JSON",
      "usage: parlance infer [--] REQUEST...\n"
      "       parlance infer --batch [FILE|-]\n"
      "\n"
      "Turns a request about a document (\"the last two sentences\") into its intent,\n"
      "printed as one JSON object. The words of REQUEST need no quotes.\n"
      "\n"
      "  --batch   read one request per line from FILE (default: standard input) and\n"
      "            print one JSON object per line\n" },
    { "gate", cmd_gate, "could this be a retrieval request? true/false",
      "usage: parlance gate [--] MESSAGE...\n"
      "\n"
      "Prints true when MESSAGE could be a request for document content (the\n"
      "generous validate gate), else false.\n" },
    { "split", cmd_split, "one sentence per line (or JSON)",
      "usage: parlance split [--json|--jsonl] [FILE|-]\n"
      "\n"
      "Splits a document (default: standard input) into sentences, one per line;\n"
      "line breaks inside a sentence become a space.\n"
      "\n"
      "  --json    one JSON array of sentence strings\n"
      "  --jsonl   one JSON object per sentence: index, start/end (bytes),\n"
      "            charStart/charEnd (code points), line, endLine, paragraph, kind, text\n" },
    { "profile", cmd_profile, "document profile as JSON",
      "usage: parlance profile [--at TIME] [--no-sentences] [FILE|-]\n"
      "\n"
      "Prints the document profile (counts, paragraphs, first/last line and sentence,\n"
      "structure flags, sentence offsets) as JSON.\n"
      "\n"
      "  --at TIME        the analyzedAt value (default: now)\n"
      "  --no-sentences   leave out the per-sentence offsets (the stored form)\n" },
    { "ask", cmd_ask, "answer a request from a document",
      "usage: parlance ask [--json] [--substring] [--db PATH] NAME|FILE|- [REQUEST...]\n"
      "\n"
      "Answers REQUEST from a stored document NAME or from FILE ('-': standard input,\n"
      "then REQUEST is required), quoting the document verbatim. Without REQUEST,\n"
      "answers each line of standard input. A stored name wins over a file of the\n"
      "same name; write the path another way (./notes.md) to read the file.\n"
      "\n"
      "  --json        print {intent, answer, spans} as JSON\n"
      "  --substring   searches also match inside words\n"
      "  --db PATH     the store (default: $PARLANCE_DB, else\n"
      "                $XDG_DATA_HOME/parlance/parlance.db)\n" },
    { "describe", cmd_describe, "agent guidance: description, similes, live examples",
      "usage: parlance describe [--json]\n"
      "\n"
      "Prints the guidance an agent host gives its model: the action's description,\n"
      "similes, the system prompt's mode list, retrieval instructions and examples\n"
      "answered live on a sample document.\n"
      "\n"
      "  --json   the same as one JSON object\n" },
    { "add", cmd_add, "store documents with their profiles",
      "usage: parlance add [--db PATH] [--name NAME] [-q] FILE...|-\n"
      "\n"
      "Stores each FILE with its SHA-256, size, MIME type and profile, one transaction\n"
      "each. Unchanged content is left alone; new content under a stored name\n"
      "replaces it and keeps the old version. Binary and invalid UTF-8 files are\n"
      "refused with the reason.\n"
      "\n"
      "  --db PATH       the store (default: $PARLANCE_DB, else\n"
      "                  $XDG_DATA_HOME/parlance/parlance.db)\n"
      "  --name NAME     the name to store one FILE (or '-', standard input) under\n"
      "  -q, --quiet     print nothing but problems\n" },
    { "list", cmd_list, "the stored documents (inventory)",
      "usage: parlance list [--db PATH] [--json]\n"
      "\n"
      "Lists the stored documents with their counts and first and last lines.\n"
      "\n"
      "  --db PATH   the store\n"
      "  --json      one JSON array\n" },
    { "show", cmd_show, "a stored profile (or the content)",
      "usage: parlance show [--db PATH] [--content] NAME\n"
      "\n"
      "Prints the stored profile of NAME as JSON.\n"
      "\n"
      "  --db PATH   the store\n"
      "  --content   print the stored text instead, byte for byte\n" },
    { "rm", cmd_rm, "remove stored documents and their old versions",
      "usage: parlance rm [--db PATH] NAME...\n"
      "\n"
      "Removes the documents and their older versions, all or none: an unknown name\n"
      "removes nothing.\n"
      "\n"
      "  --db PATH   the store\n" },
    { "backfill", cmd_backfill, "profile stored documents missing one or with an old one",
      "usage: parlance backfill [--db PATH] [-q]\n"
      "\n"
      "Profiles every stored document whose profile is missing or older than this\n"
      "version, one transaction each; Ctrl-C stops after the document in flight.\n"
      "\n"
      "  --db PATH     the store\n"
      "  -q, --quiet   no progress on standard error\n" },
    { "export", cmd_export, "a whole store as JSON lines (to import elsewhere)",
      "usage: parlance export [--db PATH|URL]\n"
      "\n"
      "Prints every document with its old versions, the failure log, the memory\n"
      "blocks, the approval queue and the outbox as JSON lines, ids and times kept:\n"
      "parlance export --db A | parlance import --db B copies a store between SQLite\n"
      "and PostgreSQL either way.\n"
      "\n"
      "  --db PATH|URL   the store: a file (SQLite) or postgres://... (PostgreSQL)\n" },
    { "import", cmd_import, "load a store written by export",
      "usage: parlance import [--db PATH|URL] [FILE|-]\n"
      "\n"
      "Loads what parlance export wrote into an empty store (made if needed), all or\n"
      "nothing; exporting it again prints the same bytes.\n"
      "\n"
      "  --db PATH|URL   the store: a file (SQLite) or postgres://... (PostgreSQL)\n" },
    { "verb", cmd_verb, "how a verb word matches (JSON)",
      "usage: parlance verb [--config FILE] WORD\n"
      "\n"
      "Matches one verb word of the action dialect through the tiers (exact, case,\n"
      "morphology, spelling, typo, phonetic) and prints the match as JSON.\n"
      "\n"
      "  --config FILE   extra verbs and aliases (YAML)\n" },
    { "dialect", cmd_dialect, "the actions of an agent message (JSON)",
      "usage: parlance dialect [--as ROLE] [--config FILE] [--blocks A,B,...] [FILE|-]\n"
      "\n"
      "Finds the actions in a message (default: standard input), decides which\n"
      "would run and prints them with their intents and the policy's decision\n"
      "(run, queue, refuse) as JSON. Nothing is run: see parlance act.\n"
      "\n"
      "  --as ROLE         who wrote it: agent (default), user, supervisor\n"
      "  --config FILE     extra verbs and aliases (YAML)\n"
      "  --blocks A,B,...  the memory block labels the host has\n" },
    { "failures", cmd_failures, "the parse-failure log",
      "usage: parlance failures [--db PATH] log [--agent A] [--model M] [--session S]\n"
      "                         [--at TIME] [--config F] [FILE|-]\n"
      "       parlance failures [--db PATH] unknown-verbs [--since T]\n"
      "       parlance failures [--db PATH] by-model [MODEL] [--since T] [--limit N]\n"
      "       parlance failures [--db PATH] patterns [--since T]\n"
      "       parlance failures [--db PATH] suggest-aliases [--since T] [--min N] [--config F]\n"
      "\n"
      "log records the actions of one agent message that failed to parse; the other\n"
      "subcommands query the log. TIME and T: \"7d\", \"24h\", unix seconds or an ISO\n"
      "date (UTC); --since defaults to 7 days ago.\n"
      "\n"
      "  --db PATH       the store holding the log\n"
      "  --agent A, --model M, --session S   who wrote the message\n"
      "  --at TIME       when (default: now)\n"
      "  --config F      extra verbs and aliases (YAML)\n"
      "  --since T       only failures since T\n"
      "  --limit N       at most N failures (by-model; default 50)\n"
      "  --min N         suggest aliases seen at least N times (default 2)\n" },
    { "act", cmd_act, "run the actions of a message (memory, search, calc, outbox, queue)",
      "usage: parlance act --as ROLE [--db PATH] [--config FILE] [--agent NAME]\n"
      "                    [--model M] [--session S] [FILE|-]\n"
      "\n"
      "Runs the actions of a message (default: standard input) that the policy lets\n"
      "its writer run, and prints one JSON object per action: status (ok, queued,\n"
      "refused, failed, skipped), its steps, output, error and queue id. /recall\n"
      "works on memory blocks, /search on stored documents and memory blocks, /calc\n"
      "evaluates, sends go to the outbox, approvals wait in the queue. Other verbs\n"
      "need a host (the C API in tools/act.h): here they fail, saying so. Failures\n"
      "go to the failure log.\n"
      "\n"
      "  --as ROLE       who wrote it: agent, user or supervisor (grammar/verbs.yaml)\n"
      "  --db PATH       the store (default: $PARLANCE_DB, else\n"
      "                  $XDG_DATA_HOME/parlance/parlance.db)\n"
      "  --config FILE   extra verbs and aliases (YAML)\n"
      "  --agent NAME    the writer's name, kept with what it queues and sends\n"
      "  --model M, --session S   for the failure log\n" },
    { "queue", cmd_queue, "the approval queue: list, show, approve, deny, expire, run",
      "usage: parlance queue [--db PATH] list [--all]\n"
      "       parlance queue [--db PATH] show ID\n"
      "       parlance queue [--db PATH] approve ID [--by NAME] [--config FILE]\n"
      "       parlance queue [--db PATH] deny ID --reason R [--by NAME]\n"
      "       parlance queue [--db PATH] expire --older-than D\n"
      "       parlance queue [--db PATH] run\n"
      "\n"
      "Actions waiting for a human: list shows the pending (and approved, not yet\n"
      "run) ones, urgent first; approve records the decision and runs the action\n"
      "once; deny records the reason; expire ends those pending since before D\n"
      "(7d, 24h, an ISO date); run runs approved actions a crash left unrun. Every\n"
      "decision is kept (show).\n"
      "\n"
      "  --by NAME       who decides (default: $USER)\n"
      "  --all           list every item, newest first\n" },
    { "outbox", cmd_outbox, "messages sent by actions, waiting for delivery",
      "usage: parlance outbox [--db PATH] [--all]\n"
      "\n"
      "Prints the messages /send, /reply, /post, /dm and /tell put in the outbox,\n"
      "one JSON object per line, oldest first. Delivery is the host's.\n"
      "\n"
      "  --all   also the delivered ones\n" },
    { "patch", cmd_patch, "create, check and apply unified diffs",
      "usage: parlance patch apply [-o OUT] [--drift N] FILE PATCH\n"
      "       parlance patch diff [-U N] OLD NEW\n"
      "       parlance patch check PATCH\n"
      "\n"
      "apply applies a unified diff exactly or not at all; diff writes one (exit 0\n"
      "equal, 1 different, 2 trouble); check prints a patch's hunks as JSON or the\n"
      "first error with its line.\n"
      "\n"
      "  -o OUT      write the result to OUT (default: standard output)\n"
      "  --drift N   also try hunks up to N lines away from their stated line\n"
      "  -U N        lines of context (default 3)\n" },
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const char exit_status_text[] =
    "Exit status: 0 success; 1 the command could not do what was asked (a file\n"
    "could not be read, a document was refused, a name was not found, a patch did\n"
    "not apply, a database error); 2 a usage error, or standard output could not\n"
    "be written. patch diff: 0 equal, 1 different, 2 trouble.\n";

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(commands[i].name, name)) return &commands[i];
    return NULL;
}

static void overview(FILE *f)
{
    fputs("usage: parlance COMMAND [ARGS]\n"
          "       parlance help [COMMAND] | parlance COMMAND --help | parlance --version\n"
          "\ncommands:\n", f);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fputc('\n', f);
    fputs(exit_status_text, f);
}

static int help(const char *name)
{
    if (!name) { overview(stdout); return 0; }
    const cli_command *c = find_command(name);
    if (!c) {
        fprintf(stderr, "parlance: no command '%s'\n", name);
        overview(stderr);
        return 2;
    }
    fputs(c->help, stdout);
    return 0;
}

static int version(void)
{
    printf("parlance %s\ngrammar %s\n", parl_version(), parl_grammar_id());
    return 0;
}

/* --help anywhere before "--" asks for the command's help. */
static int wants_help(int argc, char **argv)
{
    for (int i = 2; i < argc && strcmp(argv[i], "--"); i++)
        if (!strcmp(argv[i], "--help") || (i == 2 && !strcmp(argv[i], "-h"))) return 1;
    return 0;
}

/* Everything a command printed must have reached its destination: a full
 * disk or a closed pipe is an error, said on stderr. */
static int close_stdout(void)
{
    errno = 0;
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int err = errno;
    if (fclose(stdout) != 0 && !bad) { bad = 1; err = errno; }
    if (!bad) return 0;
    fprintf(stderr, "parlance: error writing standard output%s%s\n", err ? ": " : "",
            err ? strerror(err) : "");
    return 1;
}

static int run(int argc, char **argv)
{
    if (argc < 2) { overview(stderr); return 2; }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V") || !strcmp(cmd, "version")) return version();
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h"))
        return help(argc > 2 ? argv[2] : NULL);
    const cli_command *c = find_command(cmd);
    if (!c) {
        fprintf(stderr, "parlance: unknown command '%s'\n", cmd);
        overview(stderr);
        return 2;
    }
    if (wants_help(argc, argv)) return help(cmd);
    return c->run(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
    int rc = run(argc, argv);
    if (close_stdout()) rc = 2;
    return rc;
}
