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

/* JSON output helpers (tools/json_out.c). */
void json_str(FILE *f, const char *s, size_t n);   /* quoted, escaped; invalid UTF-8 -> U+FFFD */
/* Reads a whole stream into a heap buffer; returns NULL and prints why on error. */
char *read_stream(FILE *f, const char *name, size_t *len);
char *read_file(const char *path, size_t *len);   /* "-" is stdin */
/* The JSON object of an intent (tools/intent_json.c). */
void intent_json(FILE *f, const parl_intent *in, const char *search, size_t search_len);
#endif
