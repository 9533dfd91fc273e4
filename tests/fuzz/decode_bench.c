/* decode-bench: decode time per input byte, for `make bench` (docs/fuzzing.md).
 *
 *   decode-bench entry TARGET FILE...  the fuzz target's entry point (built
 *       without sanitizers) on each file; prints the mean ns/byte of all the
 *       files (each in turn, for at least 0.5 s) and the three slowest per
 *       byte of those of 64 bytes or more
 *   decode-bench ete-raw FILE          the ETE decoder on a raw trace with the
 *       default registers (ete-decode --raw FILE)
 *   decode-bench ete-snapshot DIR      the ETE decoder on a snapshot directory
 *       (trace and program image, ete-decode --snapshot DIR)
 * Each measurement repeats the decode for at least 0.2 s. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ete_decoder.h"
#include "ete_snapshot_read.h"
#include "file_read.h"

#ifndef FUZZ_TARGETS
#error "FUZZ_TARGETS: build with mk/fuzz.mk"
#endif

#define X(n) int fuzz_entry_##n(const uint8_t *data, size_t size);
FUZZ_TARGETS
#undef X

typedef int (*entry_fn)(const uint8_t *, size_t);
static const struct { const char *name; entry_fn fn; } targets[] = {
#define X(n) { #n, fuzz_entry_##n },
    FUZZ_TARGETS
#undef X
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef struct ete_job {
    ete_dec_cfg cfg;
    ete_mem_read_fn mem;
    void *mem_ctx;
} ete_job;

static int no_mem(void *ctx, uint64_t addr, unsigned el, int ns, uint32_t *w)
{
    (void)ctx; (void)addr; (void)el; (void)ns; (void)w;
    return -1;
}

static void quiet(void *ctx, const ete_elem *e)
{
    (void)ctx;
    (void)e;
}

static void ete_once(const ete_job *j, const uint8_t *buf, size_t len)
{
    char err[256];
    size_t used;
    ete_decoder *d = ete_decoder_new(&j->cfg, j->mem, j->mem_ctx, quiet, NULL, err, sizeof err);
    if (!d) {
        fprintf(stderr, "decode-bench: %s\n", err);
        exit(1);
    }
    ete_decoder_feed(d, buf, len, &used);
    ete_decoder_finish(d);
    ete_decoder_free(d);
}

/* ns per byte of fn over buf, repeated for at least min_s seconds */
static double time_ns_per_byte(entry_fn fn, const ete_job *j, const uint8_t *buf, size_t len,
                               double min_s)
{
    unsigned long reps = 0;
    double t0 = now_s(), t;
    do {
        if (fn)
            fn(buf, len);
        else
            ete_once(j, buf, len);
        reps++;
        t = now_s() - t0;
    } while (t < min_s);
    return t * 1e9 / ((double)reps * (double)(len ? len : 1));
}

typedef struct result {
    const char *file;
    size_t len;
} result;

typedef struct rank {
    double ns;
    int i;
} rank;

static int by_ns(const void *a, const void *b)
{
    double x = ((const rank *)a)->ns, y = ((const rank *)b)->ns;
    return x < y ? 1 : x > y ? -1 : 0;
}

static int run_entry(const char *name, int nf, char **files)
{
    entry_fn fn = NULL;
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
        if (strcmp(targets[i].name, name) == 0)
            fn = targets[i].fn;
    if (!fn) {
        fprintf(stderr, "decode-bench: no fuzz target '%s'\n", name);
        return 2;
    }
    result *r = calloc((size_t)nf + 1u, sizeof *r);
    uint8_t **buf = calloc((size_t)nf + 1u, sizeof *buf);
    double total_b = 0;
    if (!r || !buf)
        return 1;
    for (int i = 0; i < nf; i++) {
        char err[256];
        if (file_read_all(files[i], &buf[i], &r[i].len, err, sizeof err) != 0) {
            fprintf(stderr, "decode-bench: %s\n", err);
            return 1;
        }
        r[i].file = files[i];
        total_b += (double)r[i].len;
    }
    /* the mean: every input in turn, for at least 0.5 s */
    unsigned long rounds = 0;
    double t0 = now_s(), t;
    do {
        for (int i = 0; i < nf; i++)
            fn(buf[i], r[i].len);
        rounds++;
        t = now_s() - t0;
    } while (t < 0.5);
    printf("%-13s %5d inputs %8.0f bytes %9.1f ns/byte (mean)\n", name, nf, total_b,
           total_b ? t * 1e9 / ((double)rounds * total_b) : 0.0);
    /* the slowest per byte among inputs of 64 bytes or more (below that
     * the cost of a call, not of the bytes, dominates): a quick pass, then
     * the three slowest timed again */
    rank *c = calloc((size_t)nf + 1u, sizeof *c);
    int m = 0;
    if (!c)
        return 1;
    for (int i = 0; i < nf; i++) {
        if (r[i].len < 64)
            continue;
        c[m].ns = time_ns_per_byte(fn, NULL, buf[i], r[i].len, 0.002);
        c[m].i = i;
        m++;
    }
    qsort(c, (size_t)m, sizeof *c, by_ns);
    if (m > 3)
        m = 3;
    for (int k = 0; k < m; k++)
        c[k].ns = time_ns_per_byte(fn, NULL, buf[c[k].i], r[c[k].i].len, 0.2);
    qsort(c, (size_t)m, sizeof *c, by_ns);
    for (int k = 0; k < m; k++)
        printf("    %9.1f ns/byte %7zu bytes  %s\n", c[k].ns, r[c[k].i].len, r[c[k].i].file);
    for (int i = 0; i < nf; i++)
        free(buf[i]);
    free(c);
    free(r);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "entry") == 0)
        return argc > 3 ? run_entry(argv[2], argc - 3, argv + 3) : 0;
    if (argc == 3 && (strcmp(argv[1], "ete-raw") == 0 || strcmp(argv[1], "ete-snapshot") == 0)) {
        ete_job j;
        ete_snapshot ss;
        uint8_t *buf = NULL;
        size_t len = 0;
        char err[512];
        int snap = strcmp(argv[1], "ete-snapshot") == 0;
        if (snap) {
            if (ete_snapshot_load(argv[2], NULL, &ss, err, sizeof err) != 0) {
                fprintf(stderr, "decode-bench: %s\n", err);
                return 1;
            }
            j.cfg = ss.cfg;
            j.mem = ete_image_read;
            j.mem_ctx = &ss.image;
            buf = ss.trace;
            len = ss.trace_len;
        } else {
            if (file_read_all(argv[2], &buf, &len, err, sizeof err) != 0) {
                fprintf(stderr, "decode-bench: %s\n", err);
                return 1;
            }
            ete_cfg_defaults(&j.cfg);
            j.mem = no_mem;
            j.mem_ctx = NULL;
        }
        double ns = time_ns_per_byte(NULL, &j, buf, len, 0.2);
        double per_call_ms = ns * (double)len * 1e-6;
        printf("ete-decode %-9s %9.1f ns/byte %9zu bytes  %8.3f ms per decode  %s\n",
               snap ? "snapshot" : "raw", ns, len, per_call_ms, argv[2]);
        if (snap)
            ete_snapshot_free(&ss);
        else
            free(buf);
        return 0;
    }
    fprintf(stderr, "usage: decode-bench entry TARGET FILE... | ete-raw FILE | ete-snapshot DIR\n");
    return 2;
}
