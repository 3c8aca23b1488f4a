/* SPDX-License-Identifier: MIT */
/* parlance act, parlance queue, parlance outbox: the executor (tools/act.h)
 * from the command line.
 *
 *   act --as ROLE [--db PATH] [--config F] [--agent NAME] [--model M]
 *       [--session S] [FILE|-]        runs a message's actions
 *   queue [--db PATH] list [--all] | show ID | approve ID [--by NAME]
 *       [--config F] | deny ID --reason R [--by NAME] | expire
 *       --older-than D | run          the approval queue
 *   outbox [--db PATH] [--all]        messages waiting for delivery
 *
 * The CLI is a host with no handlers: verbs the executor has no tool for
 * (fetch, web, context, data, configured verbs that do not send) fail
 * with a sentence saying no handler is configured, and so does @thread. */
#include <time.h>
#include <unistd.h>
#include "act.h"
#include "cli.h"
#include "outbox_store.h"
#include "queue_store.h"

enum { O_DB, O_AS, O_CONFIG, O_AGENT, O_MODEL, O_SESSION, O_BY, O_REASON, O_OLDER, O_ALL };
static const cli_opt act_opts[] = {
    { "--db", NULL, 1 }, { "--as", NULL, 1 }, { "--config", NULL, 1 }, { "--agent", NULL, 1 },
    { "--model", NULL, 1 }, { "--session", NULL, 1 }, { "--by", NULL, 1 }, { "--reason", NULL, 1 },
    { "--older-than", NULL, 1 }, { "--all", NULL, 0 }, { 0 },
};

/* What every subcommand needs: the database (with the executor's tables)
 * and the verbs. */
typedef struct {
    cli_args a;
    dbc *db;
    parl_dialect_config *cfg;
    parl_dialect_ctx ctx;
    act_env env;
} act_cli;

static void act_cli_close(act_cli *c)
{
    db_close(c->db);
    free(c->cfg);
}

/* Parses the options for CMD and opens what they name. 0, or the exit status. */
static int act_cli_open(const char *cmd, int argc, char **argv, act_cli *c)
{
    memset(c, 0, sizeof *c);
    if (cli_parse(cmd, act_opts, argc, argv, &c->a)) return 2;
    const char *as = c->a.val[O_AS] ? c->a.val[O_AS] : "supervisor";
    int role = parl_role_from_name(as, strlen(as));
    if (role < 0) return cli_usage_error(cmd, "unknown role '%s' (the roles are in grammar/verbs.yaml)", as);
    if (c->a.val[O_CONFIG]) {
        c->cfg = malloc(sizeof *c->cfg);
        if (!c->cfg || dialect_config_load(c->a.val[O_CONFIG], c->cfg)) return 1;
    }
    c->ctx.config = c->cfg;
    if (!(c->db = db_open(c->a.val[O_DB])) || act_init(c->db)) return 1;
    const char *user = getenv("USER");
    act_env *e = &c->env;
    e->db = c->db;
    e->ctx = &c->ctx;
    e->config_path = c->a.val[O_CONFIG];
    e->role = (parl_role)role;
    e->requester = c->a.val[O_AGENT] ? c->a.val[O_AGENT] : parl_role_name(e->role);
    e->decider = c->a.val[O_BY] ? c->a.val[O_BY] : user && *user ? user : "operator";
    e->log.agent = e->requester;
    e->log.model = c->a.val[O_MODEL];
    e->log.session = c->a.val[O_SESSION];
    e->log.at = (long long)time(NULL);
    return 0;
}

int cmd_act(int argc, char **argv)
{
    act_cli c;
    int rc = act_cli_open("act", argc, argv, &c);
    if (!rc && !c.a.val[O_AS]) rc = cli_usage_error("act", "%s", "say who wrote the message: --as agent|user|supervisor");
    if (!rc && c.a.npos > 1) rc = cli_usage_error("act", "one FILE at a time, not also '%s'", c.a.pos[1]);
    size_t len;
    char *msg = rc ? NULL : read_file(c.a.npos ? c.a.pos[0] : "-", &len);
    if (!rc && !msg) rc = 1;
    if (!rc) rc = act_message(&c.env, msg, len, stdout);
    free(msg);
    act_cli_close(&c);
    return rc;
}

/* The request number argument of `queue approve|deny|show`. */
static long long queue_id_arg(const act_cli *c, const char *cmd)
{
    char *end;
    long long id = c->a.npos == 2 ? strtoll(c->a.pos[1], &end, 10) : 0;
    if (c->a.npos != 2 || *end || id <= 0) {
        cli_usage_error("queue", "'%s' needs one request number", cmd);
        return 0;
    }
    return id;
}

static int queue_expire(act_cli *c)
{
    long long now = (long long)time(NULL), before;
    const char *d = c->a.val[O_OLDER];
    if (!d) return cli_usage_error("queue", "%s", "expire needs --older-than D (7d, 24h, 30m, an ISO date)");
    if (parse_time(d, now, &before)) return cli_usage_error("queue", "bad --older-than '%s'", d);
    return act_expire(&c->env, before, stdout) ? 1 : 0;
}

int cmd_queue(int argc, char **argv)
{
    act_cli c;
    int rc = act_cli_open("queue", argc, argv, &c);
    const char *sub = rc ? NULL : c.a.npos ? c.a.pos[0] : "list";
    long long id = 0;
    if (rc) {
    } else if (!strcmp(sub, "list")) rc = queue_list(c.db, c.a.val[O_ALL] != NULL, stdout);
    else if (!strcmp(sub, "run")) rc = act_run_approved(&c.env, stdout) ? 1 : 0;
    else if (!strcmp(sub, "expire")) rc = queue_expire(&c);
    else if (strcmp(sub, "show") && strcmp(sub, "approve") && strcmp(sub, "deny"))
        rc = cli_usage_error("queue", "unknown subcommand '%s' (list, show, approve, deny, expire, run)", sub);
    else if (!(id = queue_id_arg(&c, sub))) rc = 2;
    else if (!strcmp(sub, "show")) {
        int found = queue_show(c.db, id, stdout);
        if (found > 0) fprintf(stderr, "parlance: there is no request %lld\n", id);
        rc = found != 0;
    } else if (!strcmp(sub, "approve")) rc = act_approve(&c.env, id, stdout) ? 1 : 0;
    else if (!c.a.val[O_REASON] || !*c.a.val[O_REASON])
        rc = cli_usage_error("queue", "%s", "deny needs --reason R: the agent is told why");
    else rc = act_deny(&c.env, id, c.a.val[O_REASON], stdout) ? 1 : 0;
    act_cli_close(&c);
    return rc;
}

int cmd_outbox(int argc, char **argv)
{
    act_cli c;
    int rc = act_cli_open("outbox", argc, argv, &c);
    if (!rc && c.a.npos) rc = cli_usage_error("outbox", "unexpected argument '%s'", c.a.pos[0]);
    if (!rc) rc = outbox_list(c.db, c.a.val[O_ALL] == NULL, stdout);
    act_cli_close(&c);
    return rc;
}
