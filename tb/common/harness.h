/* Small reusable test-bench harness: seeds, a PRNG for stimulus
 * randomisation, byte-stream comparison with first-mismatch reporting and
 * context, and command-line option parsing.  Used by the RTL benches
 * (tb/<unit>/rtl) and their Check suites; depends on nothing but libc. */
#ifndef HARNESS_H
#define HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- numbers and seeds -------------------------------------------------- */

/* Parse an unsigned 64-bit number: decimal, or hexadecimal with 0x.  The
 * whole string must be the number.  Returns 0, or -1 with a message in err
 * naming the character position of the problem. */
int harness_parse_u64(const char *s, uint64_t *out, char *err, size_t errlen);

/* Parse a probability: a decimal fraction 0 <= p <= 1 ("0.25", "1", ".5")
 * or a percentage ("25%").  Returns 0, or -1 with a message. */
int harness_parse_prob(const char *s, double *out, char *err, size_t errlen);

/* A seed from the command line: a number as for harness_parse_u64, or
 * "random" (or NULL) for a fresh one from /dev/urandom (falling back to
 * the clock and process id).  Never returns seed 0 for "random". */
int harness_seed_parse(const char *s, uint64_t *seed, char *err, size_t errlen);

/* "<tool>: seed <decimal> (0x<hex>)" and a newline, flushed: the line that
 * makes any run reproducible; printed before anything else happens. */
void harness_seed_print(FILE *f, const char *tool, uint64_t seed);

/* ---- PRNG: xoshiro256** seeded through splitmix64 ----------------------- */
typedef struct harness_rng {
    uint64_t s[4];
} harness_rng;

/* Same seed, same sequence, on every platform.  stream separates
 * independent sequences derived from one seed (stimulus, backpressure...). */
void harness_rng_init(harness_rng *r, uint64_t seed, uint64_t stream);
uint64_t harness_rng_next(harness_rng *r);
/* Uniform in [0, n) without modulo bias; 0 when n is 0. */
uint64_t harness_rng_below(harness_rng *r, uint64_t n);
/* Uniform in [lo, hi] (inclusive); lo when hi < lo. */
uint64_t harness_rng_range(harness_rng *r, uint64_t lo, uint64_t hi);
/* 1 with probability p (p <= 0: never, p >= 1: always). */
int harness_rng_chance(harness_rng *r, double p);
/* Uniform double in [0, 1). */
double harness_rng_unit(harness_rng *r);

/* The splitmix64 step, for deriving sub-seeds. */
uint64_t harness_mix64(uint64_t x);

/* ---- byte-stream comparison --------------------------------------------- */

/* Compare expected exp[0..nexp) with actual act[0..nact).  Returns 0 when
 * they are identical; otherwise 1 with *first = the offset of the first
 * differing byte, or the length of the shorter one when it is a proper
 * prefix of the other. */
int harness_bytes_cmp(const uint8_t *exp, size_t nexp, const uint8_t *act, size_t nact,
                      size_t *first);

/* Print both streams around offset off, ctx bytes either side (clipped to
 * the streams), one line each, the byte at off in brackets and a '.'
 * where a stream has ended:
 *     expected @0x1234: 00 01 02 [03] 04 05
 *     actual   @0x1234: 00 01 02 [ff] 04 05
 * indent is printed at the start of each line. */
void harness_bytes_context(FILE *f, const char *indent, const uint8_t *exp, size_t nexp,
                           const uint8_t *act, size_t nact, size_t off, unsigned ctx);

/* ---- a growable byte buffer --------------------------------------------- */
typedef struct harness_buf {
    uint8_t *b;            /* malloc'ed, NULL while empty; free() it */
    size_t n, cap;
} harness_buf;

/* Append n bytes; 0, or -1 when memory ran out (the buffer is unchanged). */
int harness_buf_add(harness_buf *x, const uint8_t *p, size_t n);

/* ---- command-line options ----------------------------------------------- */
enum harness_opt_kind {
    HARNESS_OPT_FLAG = 0,  /* no value: *(int *)dst = 1 */
    HARNESS_OPT_U64,       /* *(uint64_t *)dst, within [min, max] */
    HARNESS_OPT_PROB,      /* *(double *)dst, 0..1 */
    HARNESS_OPT_STR,       /* *(const char **)dst = the argument */
    HARNESS_OPT_SEED       /* *(uint64_t *)dst via harness_seed_parse */
};

typedef struct harness_opt {
    const char *name;      /* "--seed" */
    unsigned    kind;      /* enum harness_opt_kind */
    void       *dst;
    const char *arg;       /* name of the value in the usage text ("S") */
    const char *help;      /* one line */
    uint64_t    min, max;  /* HARNESS_OPT_U64 bounds (max 0: no upper bound) */
    int        *seen;      /* optional: set to 1 when the option was given */
} harness_opt;

/* Parse argv[1..argc) against opts.  Options take "--name value" or
 * "--name=value".  Returns 0; 1 when --help or -h was given (nothing else
 * is checked); -1 with a message naming the argument for an unknown
 * option, a missing or bad value, or a positional argument. */
int harness_args_parse(int argc, char **argv, const harness_opt *opts, size_t nopts,
                       char *err, size_t errlen);

/* "usage: <prog> <synopsis>" then one line per option. */
void harness_args_usage(FILE *f, const char *prog, const char *synopsis,
                        const harness_opt *opts, size_t nopts);

/* ---- the bench main ------------------------------------------------------
 * Every command-line RTL bench (tb/<unit>/rtl/<unit>_rtl_bench.c and the
 * FIFO and entry benches) is this loop: the options --seed S (a number or
 * 'random'), --seeds N and --waves F.fst, then the unit's own; per seed a
 * fresh device, the seed printed first (harness_seed_print), the run, the
 * device freed; then the unit's totals.  The device is opaque here (the
 * unit's dut_new / dut_waves / dut_free behind void pointers). */
enum {
    HARNESS_BENCH_KEEP_GOING  = 1u << 0,  /* run every seed after a failure */
    HARNESS_BENCH_WAVES_FIRST = 1u << 1   /* waves of the first seed only */
};

typedef struct harness_bench {
    const char        *prog;   /* "brbe-rtl-bench": messages and usage */
    const harness_opt *opts;   /* the unit's options, after the three common ones */
    size_t             nopts;
    uint64_t          *seed;   /* --seed writes here; holds the default (first seed) */
    unsigned           flags;  /* HARNESS_BENCH_* */
    void              *ctx;    /* the unit's options and totals, passed back */
    void *(*dut_new)(char *err, size_t errlen);
    int   (*dut_waves)(void *dut, const char *path, char *err, size_t errlen);
    void  (*dut_free)(void *dut);
    /* optional: after the first device is made, before any seed (the
     * parameter set the device was built with) */
    void  (*describe)(void *ctx, void *dut, FILE *f);
    /* one seed on a fresh device: 0 when it matched the model; otherwise
     * msg holds the first difference (printed as "FAIL seed S: msg") */
    int   (*run)(void *ctx, void *dut, uint64_t seed, char *msg, size_t msglen);
    /* the totals over the seeds run (failed of seeds failed); NULL:
     * "N seeds, M failed" */
    void  (*summary)(void *ctx, uint64_t first, uint64_t seeds, uint64_t failed, FILE *f);
} harness_bench;

/* Parse argv, run the seeds.  Exit status: 0 every seed matched, 1 a
 * difference or a bench error, 2 bad options (0 for --help). */
int harness_bench_main(int argc, char **argv, const harness_bench *b);

#endif
