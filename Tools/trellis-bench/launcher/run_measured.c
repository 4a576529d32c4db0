/*
 * run_measured REPORT LIMIT PROGRAM [ARGUMENT...]
 *
 * Runs PROGRAM to completion and writes one line to the file REPORT:
 *
 *     <wall seconds> <peak resident kilobytes> <wait status> <stopped: 0 or 1>
 *
 * The benchmark starts its children through this small process so that each child's peak
 * resident memory is its own. Linux keeps a process's peak (`ru_maxrss`) across `exec`, and a
 * child made by `posix_spawn` (which shares its parent's memory until it execs) or by `fork`
 * (which copies it) starts with its parent's peak. Started from the benchmark, whose own resident
 * memory is tens of megabytes, every small scene would report the benchmark's peak instead of
 * its own. From here the inherited part is this program's, well under a megabyte.
 *
 * The wall time runs from just before the fork to the return of `wait4`. A child still running
 * after LIMIT seconds is killed and reported as stopped; the child is killed as well if this
 * process dies first. Standard input, output and error are the ones this process was given.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t child_pid = 0;
static volatile sig_atomic_t stopped = 0;

static void on_alarm(int signal_number) {
    (void)signal_number;
    if (child_pid > 0) {
        stopped = 1;
        kill(child_pid, SIGKILL);
    }
}

static double seconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: run_measured REPORT LIMIT PROGRAM [ARGUMENT...]\n");
        return 2;
    }
    const char *report_path = argv[1];
    char *end = NULL;
    double limit = strtod(argv[2], &end);
    if (end == argv[2] || *end != '\0' || !(limit > 0)) {
        fprintf(stderr, "run_measured: LIMIT must be a positive number of seconds, not '%s'\n",
                argv[2]);
        return 2;
    }
    pid_t parent = getpid();

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_alarm;
    sigemptyset(&action.sa_mask);
    sigaction(SIGALRM, &action, NULL);

    double start = seconds_now();
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "run_measured: fork failed: %s\n", strerror(errno));
        return 2;
    }
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127);
        execv(argv[3], argv + 3);
        fprintf(stderr, "run_measured: cannot run %s: %s\n", argv[3], strerror(errno));
        _exit(127);
    }
    child_pid = pid;

    struct itimerval timer;
    memset(&timer, 0, sizeof timer);
    timer.it_value.tv_sec = (time_t)limit;
    timer.it_value.tv_usec = (suseconds_t)((limit - (double)(time_t)limit) * 1e6);
    setitimer(ITIMER_REAL, &timer, NULL);

    int status = 0;
    struct rusage usage;
    memset(&usage, 0, sizeof usage);
    pid_t waited;
    do {
        waited = wait4(pid, &status, 0, &usage);
    } while (waited < 0 && errno == EINTR);
    double seconds = seconds_now() - start;
    if (waited != pid) {
        fprintf(stderr, "run_measured: waiting for %s failed: %s\n", argv[3], strerror(errno));
        return 2;
    }

    FILE *report = fopen(report_path, "w");
    if (report == NULL) {
        fprintf(stderr, "run_measured: cannot write %s: %s\n", report_path, strerror(errno));
        return 2;
    }
    fprintf(report, "%.9f %ld %d %d\n", seconds, usage.ru_maxrss, status, (int)stopped);
    if (fclose(report) != 0) {
        fprintf(stderr, "run_measured: cannot write %s: %s\n", report_path, strerror(errno));
        return 2;
    }
    return 0;
}
