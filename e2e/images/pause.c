/* pause: the sandbox ("infra") container of every Pod. It holds the Pod's
 * namespaces open, reaps zombies when it is PID 1 of a shared PID namespace,
 * and exits on SIGINT/SIGTERM. Same job as Kubernetes' build/pause/linux/pause.c. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void on_term(int sig) { (void)sig; _exit(0); }
static void on_chld(int sig) {
    (void)sig;
    while (waitpid(-1, NULL, WNOHANG) > 0) {}
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "-v") == 0) { puts("pause (kuppet e2e)"); return 0; }
    if (getpid() != 1) fprintf(stderr, "Warning: pause should be the first process\n");
    struct sigaction sa = {0};
    sa.sa_handler = on_term;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sa.sa_handler = on_chld;
    sa.sa_flags = SA_NOCLDSTOP;
    sigaction(SIGCHLD, &sa, NULL);
    for (;;) pause();
    return 42;
}
