/* Caught signals: a load from an unmapped address (SIGSEGV, a data abort)
 * left with siglongjmp, an UNDEFINED instruction (SIGILL) and a BRK
 * (SIGTRAP) whose handlers step over the instruction, and raise()
 * (SIGUSR1 delivered on the return from the kill system call); every
 * handler returns through rt_sigreturn. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <ucontext.h>

static sigjmp_buf env;
static volatile sig_atomic_t segv, ill, trap, usr;

static void on_segv(int sig)
{
    (void)sig;
    segv++;
    siglongjmp(env, 1);
}

/* step over the 4-byte instruction that raised the signal */
static void on_step(int sig, siginfo_t *si, void *uc_)
{
    ucontext_t *uc = uc_;
    (void)si;
    if (sig == SIGILL)
        ill++;
    else
        trap++;
    uc->uc_mcontext.pc += 4;
}

static void on_usr(int sig)
{
    (void)sig;
    usr++;
}

static int install(int sig, void (*h)(int), void (*sa)(int, siginfo_t *, void *))
{
    struct sigaction act;
    memset(&act, 0, sizeof act);
    sigemptyset(&act.sa_mask);
    if (sa) {
        act.sa_sigaction = sa;
        act.sa_flags = SA_SIGINFO;
    } else {
        act.sa_handler = h;
    }
    return sigaction(sig, &act, NULL);
}

int main(void)
{
    if (install(SIGSEGV, on_segv, NULL) || install(SIGILL, NULL, on_step) ||
        install(SIGTRAP, NULL, on_step) || install(SIGUSR1, on_usr, NULL)) {
        perror("sigaction");
        return 1;
    }
    volatile int *bad = (volatile int *)(uintptr_t)0x10;
    volatile int sink = 0;
    for (int i = 0; i < 8; i++) {
        if (!sigsetjmp(env, 1))
            sink += *bad;
        __asm__ volatile("udf #0x77");
        __asm__ volatile("brk #0x5");
        raise(SIGUSR1);
    }
    printf("signal: %d SIGSEGV, %d SIGILL, %d SIGTRAP, %d SIGUSR1\n", (int)segv, (int)ill,
           (int)trap, (int)usr);
    return segv == 8 && ill == 8 && trap == 8 && usr == 8 && sink == 0 ? 0 : 1;
}
