/* etmv1-decode: print the branch addresses of an ETMv1 branch address
 * packet stream (ARM IHI 0014Q 6.7.1; docs/etmv1.md), one line per packet:
 *   <offset> <bytes> <len>  <address> ARM|Thumb [E]
 * and one line per error:
 *   error at offset <offset>: <problem>
 * Exit status: 0 clean, 1 bad input, 2 usage or file error. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etmv1_dec.h"
#include "file_read.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: etmv1-decode FILE\n"
               "  FILE  ETMv1 branch address packets (binary); - for standard input\n"
               "exit status: 0 clean, 1 bad input (each error printed with its byte\n"
               "             offset), 2 usage or file error\n");
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "etmv1-decode: unknown option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else if (path) {
            fprintf(stderr, "etmv1-decode: more than one FILE\n");
            usage(stderr);
            return 2;
        } else {
            path = argv[i];
        }
    }
    if (!path) {
        usage(stderr);
        return 2;
    }
    uint8_t *data = NULL;
    size_t len = 0;
    char err[512];
    if (file_read_all(path, &data, &len, err, sizeof err) != 0) {
        fprintf(stderr, "etmv1-decode: %s\n", err);
        return 2;
    }
    etmv1_dec d;
    etmv1_addr a;
    int rc;
    etmv1_dec_init(&d, data, len, 0);
    while ((rc = etmv1_dec_next(&d, &a)) != ETMV1_DEC_EOF) {
        if (rc == ETMV1_DEC_ERROR) {
            printf("error at offset %" PRIu64 ": %s\n", d.err_off, d.err);
            continue;
        }
        char hex[3 * ETMV1_BA_MAX_LEN + 1];
        size_t h = 0;
        for (unsigned k = 0; k < a.len; k++)
            h += (size_t)snprintf(hex + h, sizeof hex - h, "%s%02x", k ? " " : "",
                                  data[a.offset + k]);
        printf("%8" PRIu64 "  %-14s %u  0x%08" PRIx32 " %s%s\n", a.offset, hex, a.len, a.addr,
               a.isa == ETMV1_ISA_THUMB ? "Thumb" : "ARM", a.e ? " E" : "");
    }
    printf("%" PRIu64 " addresses, %" PRIu64 " errors\n", d.addrs, d.errors);
    free(data);
    return d.errors ? 1 : 0;
}
