/* SPDX-License-Identifier: MIT */
/* cli.h: the commands of build/parlance, one file each (tools/cli_*.c). */
#ifndef PARL_CLI_H
#define PARL_CLI_H
#include <stdio.h>
#include <stddef.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "parlance.h"

/* ---- options (tools/cli_args.c) */
#define CLI_MAX_OPTS 16
typedef struct cli_opt {
    const char *name;   /* "--json" */
    const char *alt;    /* another spelling ("-q"), or NULL */
    int value;          /* 1: the option takes a value */
} cli_opt;
typedef struct cli_args {
    const char *val[CLI_MAX_OPTS];   /* by option: its value, the option's name for a
                                        flag, NULL when absent (the last one wins) */
    char **pos;                      /* the other arguments, in order (in argv) */
    int npos;
} cli_args;
/* Reads ARGV[1..ARGC) against OPTS (ended by a zero entry). 0, or 2 after
 * printing a usage error for CMD. */
int cli_parse(const char *cmd, const cli_opt *opts, int argc, char **argv, cli_args *a);
/* Prints "parlance CMD: <FMT with WHAT>" and where to get help; returns 2. */
int cli_usage_error(const char *cmd, const char *fmt, const char *what);
/* ARGS joined by spaces (heap; NULL when out of memory, reported). */
char *cli_join(char *const *args, int n, size_t *len);

/* ---- the commands: parlance.c's table; `parlance help NAME` prints HELP */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;   /* one line for `parlance help` */
    const char *help;      /* usage, description and options */
} cli_command;

int cmd_infer(int argc, char **argv);
int cmd_gate(int argc, char **argv);
int cmd_patch(int argc, char **argv);
int cmd_split(int argc, char **argv);
int cmd_profile(int argc, char **argv);
int cmd_ask(int argc, char **argv);
int cmd_describe(int argc, char **argv);
int cmd_verb(int argc, char **argv);
int cmd_dialect(int argc, char **argv);
int cmd_failures(int argc, char **argv);
int cmd_act(int argc, char **argv);        /* the executor (tools/cli_act.c) */
int cmd_queue(int argc, char **argv);
int cmd_outbox(int argc, char **argv);
int cmd_add(int argc, char **argv);        /* the document store (tools/cli_store.c) */
int cmd_list(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_rm(int argc, char **argv);
int cmd_backfill(int argc, char **argv);
int cmd_export(int argc, char **argv);     /* a whole store as JSON lines (tools/cli_transfer.c) */
int cmd_import(int argc, char **argv);

/* A document's profile with every paragraph and sentence, in heap arrays
 * sized to fit (tools/cli_profile.c); 0, or 1 when out of memory. */
int doc_analyze(const char *text, size_t len, const char *at, parl_doc *d);
void doc_analysis_free(parl_doc *d);
/* The answer to Q[0..N) (parsed here) from D, in a heap string of *LEN bytes;
 * NULL when out of memory. */
char *doc_answer(const parl_doc *d, const char *q, size_t n, unsigned flags, size_t *len);
/* The same for an intent of the caller's (its search text a span of Q). */
char *doc_answer_intent(const parl_doc *d, const parl_intent *in, const char *q, size_t n, unsigned flags,
                        parl_answer_info *info);
/* The profile the document store keeps: JSON as `parlance profile
 * --no-sentences` prints it, and the parl_profile it was written from (its
 * spans point into TEXT). 0, or 1 when out of memory. */
typedef struct doc_profile {
    parl_profile p;
    char *json;
    size_t len;
} doc_profile;
int doc_profile_build(const char *text, size_t len, const char *at, doc_profile *dp);
void doc_profile_free(doc_profile *dp);
void iso_now(char *buf, size_t n);   /* "2024-05-01T10:30:00.123Z" */

/* Text from a document to F, its control characters made visible when F is
 * a terminal (tools/text_out.c). */
void text_out(FILE *f, const char *text, size_t n);

/* JSON output (tools/json_out.c). */
void json_str(FILE *f, const char *s, size_t n);   /* quoted, escaped; invalid UTF-8 -> U+FFFD */
/* Prints what WRITE (one of the runtime's parl_*_json writers, through a
 * closure) produces: a stack buffer first, the heap when it is longer. */
typedef size_t (*json_writer)(const void *arg, char *out, size_t cap);
int json_print(FILE *f, json_writer write, const void *arg);
/* The same, writing into a block of GUESS bytes first (one call when it fits). */
int json_print_sized(FILE *f, json_writer write, const void *arg, size_t guess);
/* The same into a heap string (*LEN bytes, NUL-terminated); NULL when out of memory. */
char *json_alloc(json_writer write, const void *arg, size_t *len);
/* Offset of the first byte of S that is not valid UTF-8 (N: all valid). */
size_t utf8_valid_prefix(const char *s, size_t n);
/* Reads a whole stream into a heap buffer; returns NULL and prints why on error. */
char *read_stream(FILE *f, const char *name, size_t *len);
char *read_file(const char *path, size_t *len);   /* "-" is stdin */
/* Replaces the file PATH with N bytes of DATA all at once: a temporary file
 * beside it, fsync'd, renamed over it (tools/file_replace.c). 0, or -1 after
 * printing why, with PATH as it was. Every command writing a user's file
 * writes it with this. */
int file_replace(const char *path, const char *data, size_t n);
/* A stream writing into a heap buffer (*BUF, *LEN, NUL-terminated), like
 * open_memstream(), except that running out of memory sets the stream's
 * error flag: glibc's memstream then drops output silently, which left
 * truncated profiles. Check ferror() and fclose() before using *BUF. */
FILE *mem_stream(char **buf, size_t *len);

/* The action dialect (tools/dialect_config.c). */
/* Loads a --config YAML file (errors as file:line:col); 0 on success. */
int dialect_config_load(const char *path, parl_dialect_config *cfg);
/* The same from a loaded YAML tree (CFG initialised by the caller). */
struct ydoc;
int dialect_config_apply(const struct ydoc *d, parl_dialect_config *cfg);
#endif
