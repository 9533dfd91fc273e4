/* wl-import: turn a QEMU capture (tb/workloads/plugin/wl_trace.c) into a
 * PE retirement stream file (docs/workloads.md). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pe_stream.h"
#include "wl_import.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: wl-import [options] CAPTURE -o OUT.pe\n"
            "  -o FILE            the PE stream file to write\n"
            "  --name NAME        name printed with the statistics (default: CAPTURE)\n"
            "  --contextidr N     CONTEXTIDR_EL1 of the process (default 1000)\n"
            "  --vbar N           VBAR_EL1 (default 0x%llx)\n"
            "  --syscall-cycles N cycles at EL1 per system call (default 300)\n"
            "  --signal-cycles N  cycles at EL1 per fault or signal (default 2000)\n"
            "  --image-gap N      bytes between executed runs that share a segment\n"
            "                     (default 256)\n"
            "  --quiet            no statistics\n",
            (unsigned long long)WL_VBAR_EL1_DEFAULT);
}

static int num(const char *opt, const char *s, uint64_t max, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || end == s || *end || *s == '-' || x > max) {
        fprintf(stderr, "wl-import: %s: bad value '%s'\n", opt, s);
        return -1;
    }
    *v = x;
    return 0;
}

int main(int argc, char **argv)
{
    wl_import_opts o;
    wl_import_opts_default(&o);
    const char *in = NULL, *out = NULL, *name = NULL;
    int quiet = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        uint64_t v;
        int more = i + 1 < argc;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "-o") && more) {
            out = argv[++i];
        } else if (!strcmp(a, "--name") && more) {
            name = argv[++i];
        } else if (!strcmp(a, "--quiet")) {
            quiet = 1;
        } else if (!strcmp(a, "--contextidr") && more) {
            if (num(a, argv[++i], UINT32_MAX, &v))
                return 2;
            o.contextidr = (uint32_t)v;
        } else if (!strcmp(a, "--vbar") && more) {
            if (num(a, argv[++i], UINT64_MAX, &v))
                return 2;
            if (v & 0x7FFu) {
                fprintf(stderr, "wl-import: --vbar must be 2 KB aligned\n");
                return 2;
            }
            o.vbar_el1 = v;
        } else if (!strcmp(a, "--syscall-cycles") && more) {
            if (num(a, argv[++i], 1000000, &v))
                return 2;
            o.syscall_cycles = (unsigned)v;
        } else if (!strcmp(a, "--signal-cycles") && more) {
            if (num(a, argv[++i], 1000000, &v))
                return 2;
            o.signal_cycles = (unsigned)v;
        } else if (!strcmp(a, "--image-gap") && more) {
            if (num(a, argv[++i], 1u << 20, &v))
                return 2;
            o.image_gap = (unsigned)v;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "wl-import: unknown option or missing value: %s\n", a);
            usage(stderr);
            return 2;
        } else if (!in) {
            in = a;
        } else {
            fprintf(stderr, "wl-import: more than one capture given\n");
            return 2;
        }
    }
    if (!in || !out) {
        usage(stderr);
        return 2;
    }
    pe_stream s;
    pe_stream_init(&s);
    wl_import_stats st;
    char err[600];
    if (wl_import_file(in, &o, &s, &st, err, sizeof err)) {
        fprintf(stderr, "wl-import: %s\n", err);
        pe_stream_free(&s);
        return 1;
    }
    if (pe_stream_write(&s, out, err, sizeof err)) {
        fprintf(stderr, "wl-import: %s\n", err);
        pe_stream_free(&s);
        return 1;
    }
    if (!quiet)
        wl_import_stats_print(stdout, name ? name : in, &st);
    pe_stream_free(&s);
    return 0;
}
