/* SPDX-License-Identifier: MIT */
/* parlance failures [--db PATH] COMMAND ...: the parse-failure log.
 *
 *   log [--agent A] [--model M] [--session S] [--at TIME] [--config F] [FILE|-]
 *        parse one agent message and record the actions that failed
 *   unknown-verbs [--since T]               unknown verbs by frequency
 *   by-model [MODEL] [--since T] [--limit N] failures of a model / per model
 *   patterns [--since T]                    common failure patterns
 *   suggest-aliases [--since T] [--min N]   frequent unknown verbs close to a verb
 *
 * TIME and T: "7d", "24h", unix seconds or an ISO date (UTC); --since
 * defaults to 7 days ago. */
#include <stddef.h>
#include <stdlib.h>
#include <time.h>
#include "cli.h"
#include "failure_log.h"

typedef struct {
    const char *db, *agent, *model, *session, *at, *since, *config, *limit, *min;
    const char *pos[2];
    int npos;
} opts;

/* The options, and where each one's value goes. */
static const cli_opt failure_opts[] = {
    { "--db", NULL, 1 }, { "--agent", NULL, 1 }, { "--model", NULL, 1 }, { "--session", NULL, 1 },
    { "--at", NULL, 1 }, { "--since", NULL, 1 }, { "--config", NULL, 1 }, { "--limit", NULL, 1 },
    { "--min", NULL, 1 }, { 0 },
};
static const size_t failure_opt_field[] = {
    offsetof(opts, db), offsetof(opts, agent), offsetof(opts, model), offsetof(opts, session),
    offsetof(opts, at), offsetof(opts, since), offsetof(opts, config), offsetof(opts, limit),
    offsetof(opts, min),
};

/* The subcommands and the arguments each takes after its name. */
static const struct { const char *name; int max_args; } subcommands[] = {
    { "log", 1 }, { "unknown-verbs", 0 }, { "by-model", 1 }, { "patterns", 0 }, { "suggest-aliases", 0 },
};

static int parse_opts(int argc, char **argv, opts *o)
{
    cli_args a;
    if (cli_parse("failures", failure_opts, argc, argv, &a)) return 2;
    for (int k = 0; failure_opts[k].name; k++)
        *(const char **)((char *)o + failure_opt_field[k]) = a.val[k];
    if (a.npos == 0) return cli_usage_error("failures", "%s", "a subcommand is needed");
    for (size_t s = 0; s < sizeof subcommands / sizeof subcommands[0]; s++) {
        if (strcmp(a.pos[0], subcommands[s].name)) continue;
        if (a.npos - 1 > subcommands[s].max_args)
            return cli_usage_error("failures", "unexpected argument '%s'", a.pos[a.npos - 1]);
        o->npos = a.npos;
        for (int i = 0; i < a.npos; i++) o->pos[i] = a.pos[i];
        return 0;
    }
    return cli_usage_error("failures", "unknown subcommand '%s'", a.pos[0]);
}

static int number(const char *s, int dflt, int *v)
{
    if (!s) { *v = dflt; return 0; }
    char *end;
    long x = strtol(s, &end, 10);
    if (!*s || *end || x < 0 || x > 1000000) return 1;
    *v = (int)x;
    return 0;
}

/* The database is opened (and made) once the message is read. */
static int log_message(const parl_dialect_ctx *ctx, const opts *o, long long now)
{
    flog_meta meta = { o->agent, o->model, o->session, now };
    if (o->at && parse_time(o->at, now, &meta.at)) {
        fprintf(stderr, "parlance: bad time '%s'\n", o->at);
        return 2;
    }
    size_t len;
    char *msg = read_file(o->npos > 1 ? o->pos[1] : "-", &len);
    if (!msg) return 1;
    dbc *db = db_open(o->db);
    int n = db && !flog_init(db) ? flog_record(db, ctx, msg, len, &meta) : -1;
    if (n >= 0) printf("{\"logged\":%d}\n", n);
    free(msg);
    db_close(db);
    return n < 0;
}

/* The log to query, read-only; where there is none yet (no file, or no
 * log in it), an empty one in memory answers, so the output has its usual
 * shape and nothing is created. */
static dbc *open_log(const char *dbopt)
{
    char path[4096];
    dbc *db = db_open_read(dbopt);
    int ready = db ? flog_ready(db) : db_is_url(db_path(dbopt, path, sizeof path)) ? -1 : 0;   /* a server said why */
    if (ready == 1) return db;
    db_close(db);
    db = NULL;
    if (ready < 0 || !(db = db_open_memory()) || flog_init(db)) {
        db_close(db);
        return NULL;
    }
    return db;
}

int cmd_failures(int argc, char **argv)
{
    opts o = { 0 };
    if (parse_opts(argc, argv, &o)) return 2;
    const char *cmd = o.pos[0];
    int query = strcmp(cmd, "log") != 0;   /* parse_opts took only known subcommands */
    long long now = (long long)time(NULL), since;
    int limit, min;
    if (parse_time(o.since ? o.since : "7d", now, &since) || number(o.limit, 50, &limit) ||
        number(o.min, 2, &min)) {
        fputs("parlance: bad --since, --limit or --min\n", stderr);
        return 2;
    }
    parl_dialect_config *cfg = NULL;
    if (o.config) {
        cfg = malloc(sizeof *cfg);
        if (!cfg || dialect_config_load(o.config, cfg)) { free(cfg); return 1; }
    }
    parl_dialect_ctx ctx = { .config = cfg };
    dbc *db = query ? open_log(o.db) : NULL;
    int rc = 1;
    if (!query) rc = log_message(&ctx, &o, now);
    else if (db && !strcmp(cmd, "unknown-verbs")) rc = flog_unknown_verbs(db, &ctx, since, stdout);
    else if (db && !strcmp(cmd, "by-model")) rc = flog_by_model(db, o.npos > 1 ? o.pos[1] : NULL, since, limit, stdout);
    else if (db && !strcmp(cmd, "patterns")) rc = flog_patterns(db, since, stdout);
    else if (db) rc = flog_suggest_aliases(db, &ctx, since, min, stdout);
    db_close(db);
    free(cfg);
    return rc;
}
