/* SPDX-License-Identifier: MIT */
/* text_map.c: see text_map.h. */
#include "text_map.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Copies what descriptor IN gives (NAME, for messages) into an unlinked
 * temporary file; its descriptor, or -1 after saying why. */
static int spool(int in, const char *name)
{
    FILE *t = tmpfile();
    if (!t) { fprintf(stderr, "parlance: %s: temporary file: %s\n", name, strerror(errno)); return -1; }
    static char buf[1 << 16];
    ssize_t k;
    int err = 0;
    for (;;) {
        k = read(in, buf, sizeof buf);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0) err = errno;
        if (k <= 0 || fwrite(buf, 1, (size_t)k, t) != (size_t)k) break;
    }
    int werr = fflush(t) ? errno : 0;
    if (err || werr || ferror(t)) {
        fprintf(stderr, "parlance: %s: %s: %s\n", name, err ? "read error" : "temporary file",
                strerror(err ? err : werr ? werr : EIO));
        fclose(t);
        return -1;
    }
    int fd = dup(fileno(t));
    fclose(t);
    if (fd < 0) fprintf(stderr, "parlance: %s: %s\n", name, strerror(errno));
    return fd;
}

/* A mapped file cut short while it is read (another program truncating it)
 * raises SIGBUS at the first page past its new end: said, not a crash. */
static void on_sigbus(int sig)
{
    static const char msg[] = "parlance: the input file was truncated while it was read\n";
    (void)sig;
    if (write(2, msg, sizeof msg - 1) < 0) _exit(1);
    _exit(1);
}

static void catch_sigbus(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigbus;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, NULL);
}

static int map_open(const char *path, text_map *m, int spooled)
{
    struct stat st;
    int std = strcmp(path, "-") == 0;
    int fd = std ? 0 : open(path, O_RDONLY);
    memset(m, 0, sizeof *m);
    m->text = "";
    m->fd = -1;
    if (fd < 0) { fprintf(stderr, "parlance: %s: %s\n", path, strerror(errno)); return 1; }
    if (fstat(fd, &st) != 0) {
        fprintf(stderr, "parlance: %s: %s\n", path, strerror(errno));
        if (!std) close(fd);
        return 1;
    }
    if (S_ISDIR(st.st_mode)) {
        fprintf(stderr, "parlance: %s: is a directory\n", path);
        if (!std) close(fd);
        return 1;
    }
    /* standard input read part-way already cannot be mapped from its start */
    if (!S_ISREG(st.st_mode) || (std && lseek(fd, 0, SEEK_CUR) != 0)) {
        if (!spooled) { m->fd = fd; return 2; }
        int copy = spool(fd, std ? "stdin" : path);
        if (!std) close(fd);
        if (copy < 0) return 1;
        fd = copy;
        std = 0;   /* a descriptor of our own now */
        if (fstat(fd, &st) != 0) { fprintf(stderr, "parlance: %s: %s\n", path, strerror(errno)); close(fd); return 1; }
    }
    if (st.st_size > 0) {
        m->map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (m->map == MAP_FAILED) {   /* no address space (ulimit -v): a caller that can read a stream does */
            m->map = NULL;
            if (!spooled) { m->fd = fd; return 2; }
            if (!std) close(fd);
            fprintf(stderr, "parlance: %s: %s\n", path, strerror(errno));
            return 1;
        }
        madvise(m->map, (size_t)st.st_size, MADV_SEQUENTIAL);
        catch_sigbus();
        m->text = m->map;
        m->len = (size_t)st.st_size;
    }
    if (!std) close(fd);
    return 0;
}

int text_map_open(const char *path, text_map *m) { return map_open(path, m, 1); }
int text_map_file(const char *path, text_map *m) { return map_open(path, m, 0); }

void text_map_release(text_map *m, size_t off)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t upto = (off - TEXT_MAP_KEEP) / page * page;
    madvise((char *)m->map + m->released, upto - m->released, MADV_DONTNEED);
    m->released = upto;
}

void text_map_rewind(text_map *m)
{
    /* nothing given back yet (a text up to 9 MB): every page is still
     * there, none to drop and read again */
    if (m->map && m->released) madvise(m->map, m->len, MADV_DONTNEED);
    m->released = 0;
}

void text_map_close(text_map *m)
{
    if (m->map) munmap(m->map, m->len);
    memset(m, 0, sizeof *m);
}
