/* SPDX-License-Identifier: MIT */
/* act_tools.h: the executor's built-in tools (tools/act_tools.c), called by
 * tools/act.c for one step of a chain. */
#ifndef PARL_ACT_TOOLS_H
#define PARL_ACT_TOOLS_H
#include "act.h"

#define ACT_MAX_APPROVED 32

typedef struct act_step_ctx {
    const act_env *env;
    const char *text;              /* what the command's spans point into */
    const parl_command *cmd;
    const char *content;           /* its content, resolved (NULL: none) */
    size_t content_len;
    const char *url;               /* fetch: the URL, resolved (NULL: none) */
    bool urgent;                   /* the policy's urgent flag */
    long long queue_id;            /* the approval it runs under, or 0 */
    long long *approved;           /* requests this step approved: run after the commit */
    int *napproved;
} act_step_ctx;

/* Runs one step: 0 with reply->output, 1 with reply->error (the step
 * failed, nothing of it written), -1 when the database failed. */
int act_tool(act_step_ctx *s, act_reply *reply);
/* Does the host run this command (no built-in tool)? */
bool act_host_step(const parl_dialect_ctx *ctx, const parl_command *c);
/* A heap string of printf's output (NULL when out of memory). */
char *act_format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#endif
