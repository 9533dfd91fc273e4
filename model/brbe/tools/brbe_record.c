/* brbe-record: run the BRBE reference model (model/brbe) over a PE stream
 * file and write the Branch record buffer as record triples in the format
 * of docs/brbe-record-format.md.  Usage: docs/brbe-model.md section 6, or
 * brbe-record --help. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_model.h"
#include "pe_stream.h"

static void usage(FILE *f)
{
    fprintf(f,
        "usage: brbe-record [options] FILE.pe [-o OUT.txt]\n"
        "Implementation:\n"
        "  --numrec N          BRBIDR0_EL1.NUMREC: 8, 16, 32 or 64 (default 32)\n"
        "  --no-el2            EL2 not implemented\n"
        "  --el3               EL3 implemented\n"
        "  --v1p1              FEAT_BRBEv1p1 (implies --el3)\n"
        "  --record-isb        record ISB as an unconditional direct branch\n"
        "  --cap-per-cycle N   records captured per PE cycle, 0 = no limit (default 0)\n"
        "Registers (hex or decimal values):\n"
        "  --brbcr-el1 V       default 0xc0013b: EXCEPTION|ERTN|FZP|TS=virtual|MPRED|CC|E1BRE|E0BRE\n"
        "  --brbcr-el2 V       default 0xc0001b: EXCEPTION|ERTN|MPRED|CC|E2BRE|E0HBRE\n"
        "  --brbfcr V          BRBFCR_EL1, default 0x10000 (EnI: every branch type)\n"
        "PE controls:\n"
        "  --sbrbe N  --e3brec  --e3brew  --tge  --e2h  --cntvoff V\n"
        "Run:\n"
        "  --every N           also take a snapshot after every N PE records\n"
        "  --overflow-every N  PMU overflow on counter 0 after every N PE records\n"
        "  --resume            after each snapshot clear BRBFCR_EL1.PAUSED\n"
        "Output:\n"
        "  -o FILE             dump file (default standard output)\n"
        "  -q                  no summary on standard error\n");
}

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-' || *s == '+')
        return -1;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *v = x;
    return 0;
}

static int need(int argc, char **argv, int i)
{
    if (i + 1 >= argc) {
        fprintf(stderr, "brbe-record: %s needs a value\n", argv[i]);
        return -1;
    }
    return 0;
}

/* Byte offset of record i in the .pe file (docs/pe-interface.md section 3). */
static uint64_t rec_offset(const pe_stream *s, size_t i)
{
    uint64_t off = 64;
    for (size_t k = 0; k < s->image.nseg; k++)
        off += 16u + ((s->image.seg[k].len + 7u) & ~UINT64_C(7));
    return off + (uint64_t)i * sizeof(pe_rec);
}

int main(int argc, char **argv)
{
    brbe_model_cfg p;
    brbe_model_env env;
    brbe_model_cfg_default(&p);
    brbe_model_env_default(&env);
    uint64_t cr1 = 0xC0013Bu, cr2 = 0xC0001Bu, fcr = 0x10000u;
    uint64_t every = 0, ovf_every = 0;
    int resume = 0, quiet = 0;
    const char *in = NULL, *out = NULL;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        uint64_t v = 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--no-el2")) {
            p.has_el2 = 0;
        } else if (!strcmp(a, "--el3")) {
            p.has_el3 = 1;
        } else if (!strcmp(a, "--v1p1")) {
            p.has_el3 = 1;
            p.v1p1 = 1;
        } else if (!strcmp(a, "--record-isb")) {
            p.record_isb = 1;
        } else if (!strcmp(a, "--e3brec")) {
            env.mdcr_el3_e3brec = 1;
        } else if (!strcmp(a, "--e3brew")) {
            env.mdcr_el3_e3brew = 1;
        } else if (!strcmp(a, "--tge")) {
            env.hcr_el2_tge = 1;
        } else if (!strcmp(a, "--e2h")) {
            env.hcr_el2_e2h = 1;
        } else if (!strcmp(a, "--resume")) {
            resume = 1;
        } else if (!strcmp(a, "-q")) {
            quiet = 1;
        } else if (!strcmp(a, "--numrec") || !strcmp(a, "--cap-per-cycle") ||
                   !strcmp(a, "--brbcr-el1") || !strcmp(a, "--brbcr-el2") ||
                   !strcmp(a, "--brbfcr") || !strcmp(a, "--sbrbe") || !strcmp(a, "--cntvoff") ||
                   !strcmp(a, "--every") || !strcmp(a, "--overflow-every") || !strcmp(a, "-o")) {
            if (need(argc, argv, i))
                return 2;
            const char *val = argv[++i];
            if (!strcmp(a, "-o")) {
                out = val;
                continue;
            }
            if (parse_u64(val, &v)) {
                fprintf(stderr, "brbe-record: %s: bad number '%s'\n", a, val);
                return 2;
            }
            if (!strcmp(a, "--numrec")) {
                if (v > 64) {
                    fprintf(stderr, "brbe-record: --numrec %s: must be 8, 16, 32 or 64\n", val);
                    return 2;
                }
                p.numrec = (unsigned)v;
            } else if (!strcmp(a, "--cap-per-cycle")) {
                if (v > 1000) {
                    fprintf(stderr, "brbe-record: --cap-per-cycle %s: at most 1000\n", val);
                    return 2;
                }
                p.cap_per_cycle = (unsigned)v;
            } else if (!strcmp(a, "--brbcr-el1")) {
                cr1 = v;
            } else if (!strcmp(a, "--brbcr-el2")) {
                cr2 = v;
            } else if (!strcmp(a, "--brbfcr")) {
                fcr = v;
            } else if (!strcmp(a, "--sbrbe")) {
                if (v > 3) {
                    fprintf(stderr, "brbe-record: --sbrbe %s: 0..3\n", val);
                    return 2;
                }
                env.mdcr_el3_sbrbe = (unsigned)v;
            } else if (!strcmp(a, "--cntvoff")) {
                env.cntvoff_el2 = v;
            } else if (!strcmp(a, "--every")) {
                every = v;
            } else {
                ovf_every = v;
            }
        } else if (a[0] == '-') {
            fprintf(stderr, "brbe-record: unknown option %s\n", a);
            usage(stderr);
            return 2;
        } else if (in) {
            fprintf(stderr, "brbe-record: more than one input file (%s, %s)\n", in, a);
            return 2;
        } else {
            in = a;
        }
    }
    if (!in) {
        usage(stderr);
        return 2;
    }

    char err[256];
    brbe_model *m = brbe_model_new(&p, err, sizeof err);
    if (!m) {
        fprintf(stderr, "brbe-record: %s\n", err);
        return 2;
    }
    brbe_model_set_env(m, &env);
    unsigned top = brbe_model_top_el(m);
    /* Register set-up at the highest EL, Non-secure for EL1/EL2 */
    if (brbe_model_write(m, BRBCR_EL1_ENC, top == 2u && env.hcr_el2_e2h ? 1u : top, 1, cr1) ||
        (p.has_el2 && brbe_model_write(m, BRBCR_EL2_ENC, top, 1, cr2)) ||
        brbe_model_write(m, BRBFCR_EL1_ENC, top, 1, fcr)) {
        fprintf(stderr, "brbe-record: register set-up refused (check --sbrbe)\n");
        brbe_model_free(m);
        return 2;
    }

    pe_stream s;
    pe_stream_init(&s);
    if (pe_stream_read(&s, in, err, sizeof err) != 0) {
        fprintf(stderr, "brbe-record: %s\n", err);
        pe_stream_free(&s);
        brbe_model_free(m);
        return 1;
    }
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        fprintf(stderr, "brbe-record: %s: %s\n", out, strerror(errno));
        pe_stream_free(&s);
        brbe_model_free(m);
        return 1;
    }
    int rc = 0, werr = 0;
    uint64_t seq = 0;
    if (brbe_model_dump_header(f) || fprintf(f, "# brbe-record %s\n", in) < 0)
        werr = 1;
    for (size_t i = 0; i < s.nrec && rc == 0 && !werr; i++) {
        if (brbe_model_step(m, &s.rec[i], err, sizeof err) != 0) {
            fprintf(stderr, "brbe-record: %s: byte offset %" PRIu64 ": %s\n", in,
                    rec_offset(&s, i), err);
            rc = 1;
            break;
        }
        uint64_t done = (uint64_t)i + 1u;
        if (ovf_every && done % ovf_every == 0)
            brbe_model_pmu_overflow(m, 1u);
        if (every && done % every == 0 && done != s.nrec) {
            if (brbe_model_dump_snapshot(f, m, seq++, done))
                werr = 1;
            if (resume) {
                uint64_t v = 0;
                if (brbe_model_read(m, BRBFCR_EL1_ENC, top, 1, &v) == BRBE_MODEL_ACCESS_OK)
                    brbe_model_write(m, BRBFCR_EL1_ENC, top, 1, v & ~BRBFCR_PAUSED);
            }
        }
    }
    if (rc == 0 && !werr && brbe_model_dump_snapshot(f, m, seq++, (uint64_t)s.nrec))
        werr = 1;
    if (ferror(f))
        werr = 1;
    if (out && fclose(f) != 0)
        werr = 1;
    if (werr) {
        fprintf(stderr, "brbe-record: %s: write error\n", out ? out : "standard output");
        rc = 1;
    }
    if (!quiet && rc == 0) {
        brbe_model_counts st;
        brbe_model_stats(m, &st);
        fprintf(stderr,
                "brbe-record: %" PRIu64 " PE records, %" PRIu64 " snapshots, %" PRIu64
                " records captured (full %" PRIu64 ", source %" PRIu64 ", target %" PRIu64
                "), filtered %" PRIu64 ", prohibited %" PRIu64 ", paused %" PRIu64
                ", lost %" PRIu64 ", invalidations %" PRIu64 ", freezes %" PRIu64 "\n",
                st.pe_records, seq, st.captured, st.by_valid[3], st.by_valid[2], st.by_valid[1],
                st.filtered, st.prohibited, st.paused, st.lost, st.invalidations, st.freezes);
    }
    pe_stream_free(&s);
    brbe_model_free(m);
    return rc;
}
