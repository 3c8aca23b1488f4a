/* SPDX-License-Identifier: MIT */
/* file_replace: how the tools write a user's file. The bytes go to a
 * temporary file beside the target, are flushed to disk (fsync) and only
 * then renamed over it: a full disk, a size limit, a crash or a signal
 * leaves either the old file or the new one, never a truncated mix
 * (`patch apply F P -o F` wrote F in place and lost it on a full disk). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cli.h"

/* The file to replace: a symbolic link's target (the link stays a link),
 * else PATH itself. */
static int replace_target(const char *path, char *buf, size_t n)
{
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        char *real = realpath(path, NULL);
        if (real) {
            int ok = snprintf(buf, n, "%s", real) < (int)n;
            free(real);
            return ok ? 0 : -1;
        }
    }
    return snprintf(buf, n, "%s", path) < (int)n ? 0 : -1;
}

/* The directory part of PATH ("." when it has none), for the temporary
 * file and the fsync that makes the rename durable. */
static void dir_of(const char *path, char *buf, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(buf, n, ".");
    else if (slash == path) snprintf(buf, n, "/");
    else snprintf(buf, n, "%.*s", (int)(slash - path), path);
}

static int write_fully(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) { if (k == 0) errno = ENOSPC; return -1; }
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* The new file gets the old one's permissions, or what a plain create
 * would give (0666 less the umask). */
static mode_t new_mode(const char *target)
{
    struct stat st;
    if (stat(target, &st) == 0) return st.st_mode & 07777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

static int write_temp(int fd, const char *target, const char *data, size_t n)
{
    if (write_fully(fd, data, n) || fchmod(fd, new_mode(target)) || fsync(fd)) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return close(fd);
}

static void sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) { fsync(fd); close(fd); }
}

int file_replace(const char *path, const char *data, size_t n)
{
    char target[PATH_MAX], dir[PATH_MAX], tmp[2 * PATH_MAX + 16];
    if (replace_target(path, target, sizeof target)) {
        fprintf(stderr, "parlance: %s: path too long\n", path);
        return -1;
    }
    dir_of(target, dir, sizeof dir);
    const char *base = strrchr(target, '/');
    snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, base ? base + 1 : target);
    /* Signals wait until the temporary file is renamed or removed; a size
     * limit (ulimit -f) is an error to report, not a SIGXFSZ that kills. */
    sigset_t stops, old;
    sigemptyset(&stops);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGHUP);
    sigprocmask(SIG_BLOCK, &stops, &old);
    struct sigaction ign = { .sa_handler = SIG_IGN }, old_xfsz;
    sigaction(SIGXFSZ, &ign, &old_xfsz);
    int fd = mkstemp(tmp), rc = -1;
    if (fd < 0)
        fprintf(stderr, "parlance: %s: cannot create a temporary file in %s: %s\n", path, dir, strerror(errno));
    else if (write_temp(fd, target, data, n) || rename(tmp, target)) {
        fprintf(stderr, "parlance: %s: write failed: %s; the file is unchanged\n", path, strerror(errno));
        unlink(tmp);
    } else {
        sync_dir(dir);
        rc = 0;
    }
    sigaction(SIGXFSZ, &old_xfsz, NULL);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return rc;
}
