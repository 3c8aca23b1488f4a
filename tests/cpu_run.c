/* SPDX-License-Identifier: MIT */
/* cpu_run: runs a command with its output to /dev/null and prints its CPU
 * time (user + system, seconds, microsecond resolution) and peak resident
 * memory (KB), from getrusage: the shell's `times` and GNU time count in
 * hundredths of a second, a tenth of what the 2.5 MB corpus takes.
 *
 *   cpu_run CMD [ARG...]   prints "SECONDS KB"; exits 1 when CMD fails */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: cpu_run CMD [ARG...]\n"); return 2; }
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); return 1; }
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) { dup2(fd, 1); dup2(fd, 2); }
        execvp(argv[1], argv + 1);
        _exit(127);
    }
    int st;
    struct rusage ru;
    if (wait4(pid, &st, 0, &ru) < 0) { perror("wait4"); return 1; }
    double t = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
               (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    printf("%.6f %ld\n", t, ru.ru_maxrss);
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 1;
}
