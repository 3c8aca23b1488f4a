/* SPDX-License-Identifier: MIT */
/* parlance infer REQUEST... | infer --batch [FILE|-] ; parlance gate MESSAGE... */
#include <fcntl.h>
#include <unistd.h>
#include "cli.h"
#include "out_buf.h"

typedef struct infer_req {
    const char *q;
    size_t n;
} infer_req;

static size_t infer_write(const void *arg, char *out, size_t cap)
{
    const infer_req *r = arg;
    return parl_infer_json(r->q, r->n, out, cap);
}

static void infer_line(const char *q, size_t n)
{
    infer_req r = { q, n };
    json_print(stdout, infer_write, &r);
    putchar('\n');
}

/* The request Q[0..N) as a JSON line, its line ends dropped. */
static int batch_line(out_buf *o, const char *q, size_t n)
{
    while (n > 0 && (q[n - 1] == '\n' || q[n - 1] == '\r')) n--;
    infer_req r = { q, n };
    if (out_json(o, infer_write, &r)) return 1;
    out_put(o, "\n", 1);
    return 0;
}

/* The whole lines in IN[0..N): answered; returns where the rest begins
 * (-1 when out of memory). */
static ssize_t batch_block(out_buf *o, const char *in, size_t n)
{
    const char *p = in, *nl;
    for (; (nl = memchr(p, '\n', (size_t)(in + n - p))); p = nl + 1)
        if (batch_line(o, p, (size_t)(nl - p))) return -1;
    return p - in;
}

/* Reads FD in large blocks and infers every line; a line may span blocks.
 * What was read so far is answered before a read that may wait (a short
 * read: the writer has paused), so a request at a time still works. */
static int batch_lines(int fd, const char *path, out_buf *o)
{
    size_t cap = 1 << 16, have = 0;
    char *in = NULL;
    for (;;) {
        if (have == cap || !in) {   /* the first block, or one line longer than the buffer */
            char *g = realloc(in, in ? cap *= 2 : cap);
            if (!g) { fputs("parlance: out of memory\n", stderr); break; }
            in = g;
        }
        size_t want = cap - have;
        ssize_t got = read(fd, in + have, want), done;
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) { fprintf(stderr, "parlance: %s: read error: %s\n", path, strerror(errno)); break; }
        if (got == 0) {   /* the last line, without its newline */
            int rc = have ? batch_line(o, in, have) : 0;
            free(in);
            return rc;
        }
        if ((done = batch_block(o, in, have + (size_t)got)) < 0) break;
        have += (size_t)got - (size_t)done;
        memmove(in, in + done, have);
        if ((size_t)got < want) {   /* the writer paused, or the file ends */
            out_flush(o);
            fflush(stdout);
        }
    }
    free(in);
    return 1;
}

/* One request per line of PATH ("-": stdin), one JSON object per line. */
static int infer_batch(const char *path)
{
    int fd = strcmp(path, "-") ? open(path, O_RDONLY) : STDIN_FILENO;
    if (fd < 0) { fprintf(stderr, "parlance: %s: %s\n", path, strerror(errno)); return 1; }
    out_buf *o = out_open(stdout);
    int rc = o ? batch_lines(fd, path, o) : 1;
    out_close(o);
    if (fd != STDIN_FILENO) close(fd);
    return rc ? 1 : 0;
}

int cmd_infer(int argc, char **argv)
{
    static const cli_opt opts[] = { { "--batch", NULL, 0 }, { 0 } };
    cli_args a;
    if (cli_parse("infer", opts, argc, argv, &a)) return 2;
    if (a.val[0]) {
        if (a.npos > 1) return cli_usage_error("infer", "--batch takes one FILE, not '%s'", a.pos[1]);
        return infer_batch(a.npos ? a.pos[0] : "-");
    }
    if (a.npos == 0) return cli_usage_error("infer", "%s", "a REQUEST is needed (or --batch)");
    size_t n;
    char *q = cli_join(a.pos, a.npos, &n);
    if (!q) return 1;
    infer_line(q, n);
    free(q);
    return 0;
}

int cmd_gate(int argc, char **argv)
{
    cli_args a;
    if (cli_parse("gate", NULL, argc, argv, &a)) return 2;
    if (a.npos == 0) return cli_usage_error("gate", "%s", "a MESSAGE is needed");
    size_t n;
    char *q = cli_join(a.pos, a.npos, &n);
    if (!q) return 1;
    puts(parl_is_retrieval_request(q, n) ? "true" : "false");
    free(q);
    return 0;
}
