/* sigaltstack and sigaction are POSIX, outside -std=c11. */
#define _XOPEN_SOURCE 700
#include "wend_twin.h"
#include <signal.h>
#include <unistd.h>

/* The stack-overflow contract: flush stdout, one line on stderr, exit 3.
 * The handler runs on an alternate stack: the normal one is exhausted. */
static void woverflow(int sig) {
    static const char message[] = "runtime error: stack overflow\n";
    (void)sig;
    fflush(stdout);
    if (write(2, message, sizeof message - 1) < 0) _exit(3);
    _exit(3);
}

static void wstackguard(void) {
    static char alternate[65536];
    stack_t ss = {.ss_sp = alternate, .ss_size = sizeof alternate, .ss_flags = 0};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = woverflow;
    sa.sa_flags = SA_ONSTACK;
    sigaltstack(&ss, NULL);
    sigaction(SIGSEGV, &sa, NULL);
}

static int32_t dive(int32_t n) {
    int32_t deeper = 0;
    if (n < 0) return 0;
    deeper = dive(wadd(n, 1));
    if (deeper == n) PSTRLN("never printed");
    return deeper;
}

int main(void) {
    wstackguard();
    PSTRLN("before the overflow");
    PSTR("a partial line: ");
    pint(42);
    pintln(dive(1));
    PSTRLN("not reached");
    return 0;
}
