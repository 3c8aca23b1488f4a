/* SPDX-License-Identifier: MIT */
/* cli_transfer.c: parlance export and import (tools/store_io.c): a store
 * moved between databases as JSON lines. */
#include "cli.h"
#include "store_io.h"

static const cli_opt transfer_opts[] = { { "--db", NULL, 1 }, { 0 } };

int cmd_export(int argc, char **argv)
{
    cli_args a;
    if (cli_parse("export", transfer_opts, argc, argv, &a)) return 2;
    if (a.npos) return cli_usage_error("export", "unexpected argument '%s'", a.pos[0]);
    char path[4096];
    dbc *db = db_open_read(a.val[0]);
    if (!db) {   /* no file: an empty store, exported as such */
        if (db_is_url(db_path(a.val[0], path, sizeof path))) return 1;
        if (!(db = db_open_memory())) return 1;
    }
    int rc = store_export(db, stdout);
    db_close(db);
    return rc;
}

int cmd_import(int argc, char **argv)
{
    cli_args a;
    if (cli_parse("import", transfer_opts, argc, argv, &a)) return 2;
    if (a.npos > 1) return cli_usage_error("import", "takes %s", "one FILE (or '-')");
    const char *file = a.npos ? a.pos[0] : "-";
    FILE *in = strcmp(file, "-") ? fopen(file, "r") : stdin;
    if (!in) {
        fprintf(stderr, "parlance import: %s: %s\n", file, strerror(errno));
        return 1;
    }
    dbc *db = db_open(a.val[0]);
    int rc = db ? store_import(db, in) : 1;
    db_close(db);
    if (in != stdin) fclose(in);
    return rc;
}
