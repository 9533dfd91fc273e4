/* Test-bench harness: seeds, PRNG, byte-stream comparison, options. */
#include "harness.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- numbers and seeds -------------------------------------------------- */

int harness_parse_u64(const char *s, uint64_t *out, char *err, size_t errlen)
{
    if (!s || !*s) {
        snprintf(err, errlen, "empty number");
        return -1;
    }
    unsigned base = 10;
    size_t i = 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        i = 2;
        if (!s[i]) {
            snprintf(err, errlen, "'%s': no hex digits after 0x (character 2)", s);
            return -1;
        }
    }
    uint64_t v = 0;
    for (; s[i]; i++) {
        unsigned d;
        char c = s[i];
        if (c >= '0' && c <= '9')
            d = (unsigned)(c - '0');
        else if (base == 16 && c >= 'a' && c <= 'f')
            d = (unsigned)(c - 'a') + 10u;
        else if (base == 16 && c >= 'A' && c <= 'F')
            d = (unsigned)(c - 'A') + 10u;
        else {
            snprintf(err, errlen, "'%s' is not a %s number (character %zu '%c')", s,
                     base == 16 ? "hexadecimal" : "decimal", i, c);
            return -1;
        }
        if (v > (UINT64_MAX - d) / base) {
            snprintf(err, errlen, "'%s' does not fit in 64 bits (character %zu)", s, i);
            return -1;
        }
        v = v * base + d;
    }
    *out = v;
    return 0;
}

int harness_parse_prob(const char *s, double *out, char *err, size_t errlen)
{
    if (!s || !*s) {
        snprintf(err, errlen, "empty probability");
        return -1;
    }
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || errno) {
        snprintf(err, errlen, "'%s' is not a number (character 0)", s);
        return -1;
    }
    if (*end == '%') {
        v /= 100.0;
        end++;
    }
    if (*end) {
        snprintf(err, errlen, "'%s': unexpected '%c' at character %zu", s, *end,
                 (size_t)(end - s));
        return -1;
    }
    if (!(v >= 0.0 && v <= 1.0)) {
        snprintf(err, errlen, "'%s' is not a probability between 0 and 1", s);
        return -1;
    }
    *out = v;
    return 0;
}

int harness_seed_parse(const char *s, uint64_t *seed, char *err, size_t errlen)
{
    if (s && strcmp(s, "random") != 0)
        return harness_parse_u64(s, seed, err, errlen);
    uint64_t v = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        if (fread(&v, sizeof v, 1, f) != 1)
            v = 0;
        fclose(f);
    }
    if (!v) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        v = harness_mix64((uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec) ^
            harness_mix64((uint64_t)getpid());
    }
    /* keep random seeds short enough to type: 32 bits, never 0 */
    v &= 0xFFFFFFFFull;
    *seed = v ? v : 1;
    return 0;
}

void harness_seed_print(FILE *f, const char *tool, uint64_t seed)
{
    fprintf(f, "%s: seed %" PRIu64 " (0x%" PRIx64 ")\n", tool, seed, seed);
    fflush(f);
}

/* ---- PRNG ---------------------------------------------------------------- */

uint64_t harness_mix64(uint64_t x)
{
    uint64_t z = x + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void harness_rng_init(harness_rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = harness_mix64(seed) ^ harness_mix64(stream * 0xD1B54A32D192ED03ull + 1u);
    for (int i = 0; i < 4; i++) {
        x += 0x9E3779B97F4A7C15ull;
        r->s[i] = harness_mix64(x);
    }
    if (!(r->s[0] | r->s[1] | r->s[2] | r->s[3]))
        r->s[0] = 1; /* the all-zero state is a fixed point */
}

static uint64_t rotl(uint64_t x, unsigned k)
{
    return (x << k) | (x >> (64u - k));
}

uint64_t harness_rng_next(harness_rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5u, 7) * 9u;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

uint64_t harness_rng_below(harness_rng *r, uint64_t n)
{
    if (n == 0)
        return 0;
    /* reject the top partial copy of [0, n) */
    uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1u) % n;
    uint64_t v;
    do
        v = harness_rng_next(r);
    while (v > limit);
    return v % n;
}

uint64_t harness_rng_range(harness_rng *r, uint64_t lo, uint64_t hi)
{
    if (hi < lo)
        return lo;
    if (lo == 0 && hi == UINT64_MAX)
        return harness_rng_next(r);
    return lo + harness_rng_below(r, hi - lo + 1u);
}

double harness_rng_unit(harness_rng *r)
{
    return (double)(harness_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

int harness_rng_chance(harness_rng *r, double p)
{
    if (!(p > 0.0))
        return 0;
    if (p >= 1.0)
        return 1;
    return harness_rng_unit(r) < p;
}

/* ---- byte streams ---------------------------------------------------------- */

int harness_bytes_cmp(const uint8_t *exp, size_t nexp, const uint8_t *act, size_t nact,
                      size_t *first)
{
    size_t n = nexp < nact ? nexp : nact;
    for (size_t i = 0; i < n; i++) {
        if (exp[i] != act[i]) {
            *first = i;
            return 1;
        }
    }
    if (nexp != nact) {
        *first = n;
        return 1;
    }
    return 0;
}

static void context_line(FILE *f, const char *indent, const char *label, const uint8_t *b,
                         size_t n, size_t lo, size_t hi, size_t off)
{
    fprintf(f, "%s%s @0x%zx:", indent, label, lo);
    for (size_t i = lo; i <= hi; i++) {
        fputs(i == off ? " [" : " ", f);
        if (i < n)
            fprintf(f, "%02x", b[i]);
        else
            fputs(" .", f);
        if (i == off)
            fputc(']', f);
    }
    fputc('\n', f);
}

void harness_bytes_context(FILE *f, const char *indent, const uint8_t *exp, size_t nexp,
                           const uint8_t *act, size_t nact, size_t off, unsigned ctx)
{
    size_t lo = off > ctx ? off - ctx : 0;
    size_t longest = nexp > nact ? nexp : nact;
    size_t hi = off + ctx;
    if (longest == 0)
        hi = off;
    else if (hi > longest - 1)
        hi = longest - 1 > off ? longest - 1 : off;
    context_line(f, indent, "expected", exp, nexp, lo, hi, off);
    context_line(f, indent, "actual  ", act, nact, lo, hi, off);
}

/* ---- options -------------------------------------------------------------- */

static const harness_opt *find_opt(const harness_opt *opts, size_t nopts, const char *a,
                                   size_t alen)
{
    for (size_t k = 0; k < nopts; k++)
        if (strlen(opts[k].name) == alen && strncmp(opts[k].name, a, alen) == 0)
            return &opts[k];
    return NULL;
}

int harness_args_parse(int argc, char **argv, const harness_opt *opts, size_t nopts,
                       char *err, size_t errlen)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) != 0) {
            snprintf(err, errlen, "argument %d '%s': expected an option (--name)", i, a);
            return -1;
        }
        const char *eq = strchr(a, '=');
        size_t alen = eq ? (size_t)(eq - a) : strlen(a);
        const harness_opt *o = find_opt(opts, nopts, a, alen);
        if (!o) {
            snprintf(err, errlen, "argument %d '%s': unknown option", i, a);
            return -1;
        }
        if (o->seen)
            *o->seen = 1;
        if (o->kind == HARNESS_OPT_FLAG) {
            if (eq) {
                snprintf(err, errlen, "argument %d '%s': %s takes no value", i, a, o->name);
                return -1;
            }
            *(int *)o->dst = 1;
            continue;
        }
        const char *v;
        if (eq)
            v = eq + 1;
        else if (i + 1 < argc)
            v = argv[++i];
        else {
            snprintf(err, errlen, "argument %d '%s': missing value %s", i, a,
                     o->arg ? o->arg : "");
            return -1;
        }
        char inner[200];
        int rc = 0;
        switch (o->kind) {
        case HARNESS_OPT_U64: {
            uint64_t x;
            rc = harness_parse_u64(v, &x, inner, sizeof inner);
            if (!rc && (x < o->min || (o->max && x > o->max))) {
                if (o->max)
                    snprintf(inner, sizeof inner, "%" PRIu64 " is outside %" PRIu64
                             "..%" PRIu64, x, o->min, o->max);
                else
                    snprintf(inner, sizeof inner, "%" PRIu64 " is below %" PRIu64, x,
                             o->min);
                rc = -1;
            }
            if (!rc)
                *(uint64_t *)o->dst = x;
            break;
        }
        case HARNESS_OPT_PROB:
            rc = harness_parse_prob(v, (double *)o->dst, inner, sizeof inner);
            break;
        case HARNESS_OPT_SEED:
            rc = harness_seed_parse(v, (uint64_t *)o->dst, inner, sizeof inner);
            break;
        case HARNESS_OPT_STR:
            if (!*v) {
                snprintf(inner, sizeof inner, "empty value");
                rc = -1;
            } else
                *(const char **)o->dst = v;
            break;
        default:
            snprintf(inner, sizeof inner, "option table: bad kind %u", o->kind);
            rc = -1;
            break;
        }
        if (rc) {
            snprintf(err, errlen, "argument %d: %s: %s", i, o->name, inner);
            return -1;
        }
    }
    return 0;
}

void harness_args_usage(FILE *f, const char *prog, const char *synopsis,
                        const harness_opt *opts, size_t nopts)
{
    fprintf(f, "usage: %s %s\n", prog, synopsis ? synopsis : "[options]");
    for (size_t k = 0; k < nopts; k++) {
        char left[64];
        snprintf(left, sizeof left, "%s%s%s", opts[k].name,
                 opts[k].kind == HARNESS_OPT_FLAG ? "" : " ",
                 opts[k].kind == HARNESS_OPT_FLAG ? "" : (opts[k].arg ? opts[k].arg : "V"));
        fprintf(f, "  %-22s %s\n", left, opts[k].help ? opts[k].help : "");
    }
}

int harness_buf_add(harness_buf *x, const uint8_t *p, size_t n)
{
    if (n > SIZE_MAX - x->n)
        return -1;
    if (x->n + n > x->cap) {
        size_t nc = x->cap ? x->cap : 4096;
        while (nc < x->n + n) {
            if (nc > SIZE_MAX / 2)
                return -1;
            nc *= 2;
        }
        uint8_t *nb = realloc(x->b, nc);
        if (!nb)
            return -1;
        x->b = nb;
        x->cap = nc;
    }
    if (n)
        memcpy(x->b + x->n, p, n);
    x->n += n;
    return 0;
}

int harness_bench_main(int argc, char **argv, const harness_bench *b)
{
    uint64_t seeds = 1;
    const char *waves = NULL;
    const harness_opt common[] = {
        { "--seed", HARNESS_OPT_SEED, b->seed, "S", "first seed (decimal, 0x hex or 'random')",
          0, 0, NULL },
        { "--seeds", HARNESS_OPT_U64, &seeds, "N", "number of seeds, from S up (default 1)", 1,
          0, NULL },
        { "--waves", HARNESS_OPT_STR, &waves, "F.fst",
          (b->flags & HARNESS_BENCH_WAVES_FIRST) ? "FST waves of the first seed"
                                                 : "write an FST wave file", 0, 0, NULL },
    };
    const size_t ncommon = sizeof common / sizeof common[0];
    size_t n = ncommon + b->nopts;
    harness_opt *opts = calloc(n, sizeof *opts);
    if (!opts) {
        fprintf(stderr, "%s: out of memory\n", b->prog);
        return 1;
    }
    memcpy(opts, common, sizeof common);
    if (b->nopts)
        memcpy(opts + ncommon, b->opts, b->nopts * sizeof *opts);
    char err[256];
    int pr = harness_args_parse(argc, argv, opts, n, err, sizeof err);
    if (pr != 0) {
        if (pr < 0)
            fprintf(stderr, "%s: %s\n", b->prog, err);
        harness_args_usage(pr < 0 ? stderr : stdout, b->prog, "[options]", opts, n);
        free(opts);
        return pr < 0 ? 2 : 0;
    }
    free(opts);
    uint64_t first = *b->seed, failed = 0;
    const size_t msglen = 16384;
    char *msg = malloc(msglen);
    if (!msg) {
        fprintf(stderr, "%s: out of memory\n", b->prog);
        return 1;
    }
    for (uint64_t i = 0; i < seeds; i++) {
        void *d = b->dut_new(err, sizeof err);
        if (!d) {
            fprintf(stderr, "%s: %s\n", b->prog, err);
            free(msg);
            return 1;
        }
        if (i == 0 && b->describe)
            b->describe(b->ctx, d, stdout);
        if (waves && (i == 0 || !(b->flags & HARNESS_BENCH_WAVES_FIRST)) &&
            b->dut_waves(d, waves, err, sizeof err) != 0) {
            fprintf(stderr, "%s: %s\n", b->prog, err);
            b->dut_free(d);
            free(msg);
            return 1;
        }
        uint64_t seed = first + i;
        *b->seed = seed;
        harness_seed_print(stdout, b->prog, seed);
        fflush(stdout);
        msg[0] = '\0';
        int rc = b->run(b->ctx, d, seed, msg, msglen);
        b->dut_free(d);
        if (rc != 0) {
            printf("FAIL seed %" PRIu64 ": %s\n", seed, msg[0] ? msg : "no message");
            failed++;
            if (!(b->flags & HARNESS_BENCH_KEEP_GOING)) {
                seeds = i + 1;
                break;
            }
        }
    }
    free(msg);
    if (b->summary)
        b->summary(b->ctx, first, seeds, failed, stdout);
    else
        printf("%" PRIu64 " seeds, %" PRIu64 " failed\n", seeds, failed);
    return failed ? 1 : 0;
}
