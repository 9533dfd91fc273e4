/* A guest program that crashes: trace-run must report it (tests/perf/
 * test_trace_run.c).  It stores through a null pointer after a little work,
 * so that the capture has instructions before the fault. */
#include <stdio.h>

int main(int argc, char **argv)
{
    (void)argv;
    volatile unsigned sum = 0;
    for (unsigned i = 0; i < 1000u; i++)
        sum += i * (unsigned)argc;
    printf("%u\n", sum);
    volatile int *volatile p = NULL;
    *p = (int)sum;
    return 0;
}
