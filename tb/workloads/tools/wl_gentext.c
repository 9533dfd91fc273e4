/* wl-gentext: deterministic English-like text, the input of the gzip
 * workload (docs/workloads.md).  The generator is the one the guest
 * programs use (guest/wl_text.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guest/wl_text.h"

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: wl-gentext BYTES SEED > FILE\n");
        return 2;
    }
    char *end;
    errno = 0;
    unsigned long long n = strtoull(argv[1], &end, 0);
    if (errno || *end || end == argv[1] || argv[1][0] == '-' || n > (1ull << 30)) {
        fprintf(stderr, "wl-gentext: bad size '%s' (at most 1 GiB)\n", argv[1]);
        return 2;
    }
    unsigned long long seed = strtoull(argv[2], &end, 0);
    if (errno || *end || end == argv[2] || argv[2][0] == '-' || seed > UINT32_MAX) {
        fprintf(stderr, "wl-gentext: bad seed '%s'\n", argv[2]);
        return 2;
    }
    char *buf = malloc(n ? (size_t)n : 1u);
    if (!buf) {
        fprintf(stderr, "wl-gentext: out of memory\n");
        return 1;
    }
    size_t len = wl_text(buf, (size_t)n, (uint32_t)seed);
    int bad = fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0;
    free(buf);
    if (bad) {
        fprintf(stderr, "wl-gentext: write error: %s\n", strerror(errno));
        return 1;
    }
    return 0;
}
