/* cli.h: the commands of build/parlance, one file each (tools/cli_*.c). */
#ifndef PARL_CLI_H
#define PARL_CLI_H
#include <stdio.h>
#include <stddef.h>
#include <string.h>
#include "parlance.h"

int cmd_infer(int argc, char **argv);
int cmd_gate(int argc, char **argv);
int cmd_patch(int argc, char **argv);
int cmd_split(int argc, char **argv);     /* and parl_cli_kind_name(), a parl_sentence_kind name */
int cmd_profile(int argc, char **argv);
int cmd_ask(int argc, char **argv);
int cmd_describe(int argc, char **argv);
const char *parl_cli_kind_name(int kind);
/* Character offsets of increasing byte offsets, counted incrementally; WIN
 * holds the document from offset BASE on (tools/cli_split.c). */
typedef struct { size_t byte, chr; } parl_cli_chars;
size_t parl_cli_char_at(parl_cli_chars *c, const char *win, size_t base, size_t off);
int cmd_verb(int argc, char **argv);
int cmd_dialect(int argc, char **argv);
int cmd_failures(int argc, char **argv);

/* JSON output helpers (tools/json_out.c). */
void json_str(FILE *f, const char *s, size_t n);   /* quoted, escaped; invalid UTF-8 -> U+FFFD */
/* Reads a whole stream into a heap buffer; returns NULL and prints why on error. */
char *read_stream(FILE *f, const char *name, size_t *len);
char *read_file(const char *path, size_t *len);   /* "-" is stdin */
/* The JSON object of an intent (tools/intent_json.c). */
void intent_json(FILE *f, const parl_intent *in, const char *search, size_t search_len);

/* The action dialect (tools/dialect_config.c, tools/dialect_json.c). */
/* Loads a --config YAML file (errors as file:line:col); 0 on success. */
int dialect_config_load(const char *path, parl_dialect_config *cfg);
const char *dialect_tier_name(parl_tier t);
const char *dialect_failure_name(parl_failure f);
void verb_match_json(FILE *f, const parl_dialect_ctx *ctx, const char *input, size_t n,
                     const parl_verb_match *m);
void dialect_json(FILE *f, const parl_dialect_ctx *ctx, const char *msg, const parl_dialect_result *r);
void hint_json(FILE *f, const parl_dialect_ctx *ctx, const char *msg, const parl_command *c);
const parl_command *action_failure(const parl_action *a);
#endif
