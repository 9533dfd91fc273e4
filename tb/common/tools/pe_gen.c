/* pe-gen: write the PE retirement stream of a random A64 program to a file.
 *
 *   pe-gen [--seed S] [--records N] [--features LIST] -o FILE.pe
 *   pe-gen [--seed S] [--records N] [--features LIST] --bench
 *   pe-gen [--seed S] [--records N] --branches -o FILE.pe
 *
 * Without --seed a seed is taken from /dev/urandom.  The seed is printed so
 * that any run can be reproduced.  LIST is as for progen_parse_features
 * (e.g. "all", "irq,ldst", "-reset").  --bench streams the records through
 * progen_next into a small buffer and prints the rate instead of writing.
 * --branches writes a branch-only program instead (progen_branches: every
 * record a P0 instruction, for rate measurements).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness.h"
#include "pe_stream.h"
#include "progen.h"

static void usage(FILE *f)
{
    fputs("usage: pe-gen [--seed S] [--records N] [--features LIST] (-o FILE.pe | --bench)\n"
          "       pe-gen [--seed S] [--records N] --branches -o FILE.pe\n"
          "  --seed S        generator seed (decimal or 0x hex); random if omitted\n"
          "  --records N     records to generate (default 20000)\n"
          "  --features LIST comma list of exceptions,irq,context,txn,wfx,isb,reset,\n"
          "                  events,ldst, all, none; -name or no-name removes\n"
          "                  (default all)\n"
          "  --branches      a branch-only program (every instruction a branch)\n"
          "  -o FILE         output stream file\n"
          "  --bench         measure the generation rate, write nothing\n", f);
}

static int parse_u64(const char *opt, const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-') {
        fprintf(stderr, "pe-gen: %s needs a non-negative number\n", opt);
        return -1;
    }
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end) {
        fprintf(stderr, "pe-gen: %s: '%s' is not a number (at character %zu)\n", opt, s,
                (size_t)(end - s));
        return -1;
    }
    *v = x;
    return 0;
}

static int run_bench(const progen_cfg *c)
{
    static pe_rec buf[4096];
    progen_cfg b = *c;
    if (!b.n_records) {
        fprintf(stderr, "pe-gen: --bench needs --records N > 0\n");
        return 2;
    }
    progen *g = progen_new(&b, NULL);
    if (!g) {
        fprintf(stderr, "pe-gen: cannot build the program (out of memory)\n");
        return 1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t last = 0;
    size_t k;
    while ((k = progen_next(g, buf, sizeof buf / sizeof buf[0])) != 0)
        last = buf[k - 1].cycle;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    printf("pe-gen: %" PRIu64 " records in %.3f s: %.1f M records/s (final cycle %" PRIu64
           ")\n", progen_count(g), s, s > 0 ? (double)progen_count(g) / s / 1e6 : 0.0, last);
    progen_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    progen_cfg c;
    progen_cfg_default(&c, 0);
    int have_seed = 0, bench = 0, branches = 0, have_features = 0;
    const char *out = NULL;
    char err[512];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--seed")) {
            if (parse_u64(a, v, &c.seed))
                return 2;
            have_seed = 1;
            i++;
        } else if (!strcmp(a, "--records")) {
            if (parse_u64(a, v, &c.n_records))
                return 2;
            i++;
        } else if (!strcmp(a, "--features")) {
            if (!v) {
                fprintf(stderr, "pe-gen: --features needs a list\n");
                return 2;
            }
            if (progen_parse_features(v, &c.features, err, sizeof err)) {
                fprintf(stderr, "pe-gen: --features: %s\n", err);
                return 2;
            }
            have_features = 1;
            i++;
        } else if (!strcmp(a, "-o")) {
            if (!v) {
                fprintf(stderr, "pe-gen: -o needs a file name\n");
                return 2;
            }
            out = v;
            i++;
        } else if (!strcmp(a, "--bench")) {
            bench = 1;
        } else if (!strcmp(a, "--branches")) {
            branches = 1;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "pe-gen: unknown argument '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (!out && !bench) {
        fprintf(stderr, "pe-gen: no output file (-o FILE.pe) and no --bench\n");
        usage(stderr);
        return 2;
    }
    if (branches && (bench || have_features)) {
        fprintf(stderr, "pe-gen: --branches takes neither --features nor --bench\n");
        return 2;
    }
    if (!have_seed)
        harness_seed_parse(NULL, &c.seed, NULL, 0);   /* never fails for NULL */
    harness_seed_print(stdout, "pe-gen", c.seed);
    if (bench)
        return run_bench(&c);

    pe_stream s;
    if (branches ? progen_branches(c.seed, c.n_records, &s, err, sizeof err)
                 : progen_generate(&c, &s, err, sizeof err)) {
        fprintf(stderr, "pe-gen: %s\n", err);
        return 1;
    }
    int rc = pe_stream_write(&s, out, err, sizeof err);
    if (rc)
        fprintf(stderr, "pe-gen: %s\n", err);
    else if (branches)
        printf("pe-gen: %zu records, %zu image segments, branch-only -> %s\n", s.nrec,
               s.image.nseg, out);
    else
        printf("pe-gen: %zu records, %zu image segments, features 0x%x -> %s\n", s.nrec,
               s.image.nseg, c.features, out);
    pe_stream_free(&s);
    return rc ? 1 : 0;
}
