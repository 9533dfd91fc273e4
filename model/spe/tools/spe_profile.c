/* spe-profile: run the SPE reference model (model/spe) on a PE stream file
 * and write what reached the Profiling Buffer.  Usage: docs/spe-model.md
 * section 6, or spe-profile --help. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pe_stream.h"
#include "spe_model.h"

#define MAX_REGS 32

static void usage(FILE *f)
{
    fprintf(f,
        "usage: spe-profile [options] FILE.pe -o BUF.bin\n"
        "Profiling Buffer and sampling:\n"
        "  --buf-base A      buffer start, PMBPTR_EL1 (default 0x10000000)\n"
        "  --buf-size N      buffer bytes; PMBLIMITR_EL1 = base + N, E = 1 (default 0x100000)\n"
        "  --interval N      PMSIRR_EL1.INTERVAL (default 1: every 257th operation)\n"
        "  --rnd             PMSIRR_EL1.RND = 1\n"
        "  --reg NAME=V      write an SPE register after the defaults (repeatable), e.g.\n"
        "                    --reg PMSFCR_EL1=0x20002 --reg PMSCR_EL1=0x3b\n"
        "  --service         on a buffer-full event save the buffer, rewind PMBPTR_EL1\n"
        "                    and clear PMBSR_EL1 (as the interrupt handler would)\n"
        "  --no-reenable     leave the buffer disabled after a PE reset record\n"
        "Implementation (PMBIDR_EL1, PMSIDR_EL1, model choices):\n"
        "  --align N  --max-size N  --interval-id N  --ernd  --no-lds  --no-tme\n"
        "  --granule N  --inflight N  --max-inflight N  --seed N  --ext-headers\n"
        "  --align-cmd  --ea-async  --ea-serror  --no-flag-updates\n"
        "PE controls:\n"
        "  --no-el2  --no-el3  --nspb N  --e2pb N  --tge  --tbi0  --tbi1  --cntvoff N\n"
        "Injected faults and aborts (one-shot, at a buffer address):\n"
        "  --fault A:FSC[:s2]  --abort A[:s2]  --walk-abort A:LEVEL[:s2]\n"
        "Output:\n"
        "  -o FILE           buffer bytes (each serviced buffer, then [base, PMBPTR_EL1))\n"
        "  --writes FILE     one line per memory write: address, length, bytes in hex\n"
        "  -q                no summary\n"
        "Defaults: PMSCR_EL1 = E1SPE|E0SPE|CX|PA|TS (0x3b), PMSCR_EL2 = CX|PA (0x18).\n");
}

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-')
        return -1;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *v = x;
    return 0;
}

static int parse_uint(const char *s, unsigned *v, unsigned max)
{
    uint64_t x;
    if (parse_u64(s, &x) || x > max)
        return -1;
    *v = (unsigned)x;
    return 0;
}

/* "A:FIELD[:s2]" or "A[:s2]" */
static int parse_inject(const char *arg, unsigned kind, spe_inject *inj)
{
    char buf[128];
    if (strlen(arg) >= sizeof buf)
        return -1;
    strcpy(buf, arg);
    memset(inj, 0, sizeof *inj);
    inj->kind = kind;
    char *save = NULL;
    char *a = strtok_r(buf, ":", &save);
    if (!a || parse_u64(a, &inj->addr))
        return -1;
    char *f = strtok_r(NULL, ":", &save);
    if (kind != SPE_INJ_EA) {
        if (!f || parse_uint(f, &inj->fsc, 63))
            return -1;
        f = strtok_r(NULL, ":", &save);
    }
    if (f) {
        if (strcmp(f, "s2") != 0)
            return -1;
        inj->stage2 = 1;
        if (strtok_r(NULL, ":", &save))
            return -1;
    }
    return 0;
}

struct reg_arg { unsigned enc; uint64_t val; };

struct out_state {
    FILE *bin, *wlog;
    uint64_t base, limit;
    uint8_t *mem;          /* [base, limit) */
    uint64_t serviced;     /* buffers saved by --service */
    int bound_error;
};

/* Apply the model's writes to the buffer image; a write outside
 * [base, limit) is an error of the model. */
static void apply_writes(spe_model *m, struct out_state *o)
{
    const spe_write *w;
    size_t n = spe_model_drain(m, &w);
    for (size_t i = 0; i < n; i++) {
        if (w[i].addr < o->base || w[i].addr > o->limit || o->limit - w[i].addr < w[i].len) {
            fprintf(stderr, "spe-profile: model wrote %zu bytes at 0x%016" PRIx64
                    " outside the buffer [0x%016" PRIx64 ", 0x%016" PRIx64 ")\n",
                    w[i].len, w[i].addr, o->base, o->limit);
            o->bound_error = 1;
            continue;
        }
        memcpy(o->mem + (w[i].addr - o->base), w[i].data, w[i].len);
        if (o->wlog) {
            fprintf(o->wlog, "0x%016" PRIx64 " %zu ", w[i].addr, w[i].len);
            for (size_t k = 0; k < w[i].len; k++)
                fprintf(o->wlog, "%02x", w[i].data[k]);
            fputc('\n', o->wlog);
        }
    }
}

/* Save [base, PMBPTR_EL1) to the output file. */
static int save_buffer(spe_model *m, struct out_state *o)
{
    uint64_t ptr;
    spe_model_read_reg(m, PMBPTR_EL1_ENC, &ptr);
    if (ptr < o->base || ptr > o->limit)
        return 0;
    size_t n = (size_t)(ptr - o->base);
    if (o->bin && n && fwrite(o->mem, 1, n, o->bin) != n)
        return -1;
    return 0;
}

int main(int argc, char **argv)
{
    spe_params p;
    spe_pe_ctl ctl;
    spe_params_default(&p);
    spe_pe_ctl_default(&ctl);
    uint64_t base = 0x10000000u, size = 0x100000u, interval = 1;
    int rnd = 0, service = 0, reenable = 1, quiet = 0;
    const char *in = NULL, *out = NULL, *wlog = NULL;
    struct reg_arg regs[MAX_REGS];
    unsigned nregs = 0;
    spe_inject inj[SPE_MAX_INJECT];
    unsigned ninj = 0;
    char err[256];

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int bad = 0, used = 1;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "-o")) {
            out = v; bad = !v;
        } else if (!strcmp(a, "--writes")) {
            wlog = v; bad = !v;
        } else if (!strcmp(a, "--buf-base")) {
            bad = parse_u64(v, &base);
        } else if (!strcmp(a, "--buf-size")) {
            bad = parse_u64(v, &size);
        } else if (!strcmp(a, "--interval")) {
            bad = parse_u64(v, &interval) || interval > 0xFFFFFF;
        } else if (!strcmp(a, "--reg")) {
            char name[32];
            const char *eq = v ? strchr(v, '=') : NULL;
            bad = !eq || (size_t)(eq - v) >= sizeof name || nregs == MAX_REGS;
            if (!bad) {
                memcpy(name, v, (size_t)(eq - v));
                name[eq - v] = 0;
                int enc = spe_reg_by_name(name);
                bad = enc < 0 || parse_u64(eq + 1, &regs[nregs].val);
                if (!bad)
                    regs[nregs++].enc = (unsigned)enc;
            }
        } else if (!strcmp(a, "--align")) {
            bad = parse_uint(v, &p.align, 15);
        } else if (!strcmp(a, "--max-size")) {
            bad = parse_uint(v, &p.max_size, 15);
        } else if (!strcmp(a, "--interval-id")) {
            bad = parse_uint(v, &p.interval_id, 15);
        } else if (!strcmp(a, "--granule")) {
            bad = parse_uint(v, &p.granule_log2, 63);
        } else if (!strcmp(a, "--inflight")) {
            bad = parse_uint(v, &p.inflight_records, 0xFFFFFFFFu);
        } else if (!strcmp(a, "--max-inflight")) {
            bad = parse_uint(v, &p.max_inflight, 0xFFFFFFFFu);
        } else if (!strcmp(a, "--seed")) {
            unsigned s;
            bad = parse_uint(v, &s, 0xFFFF);
            p.lfsr_seed = (uint16_t)s;
        } else if (!strcmp(a, "--nspb")) {
            bad = parse_uint(v, &ctl.nspb, 3);
        } else if (!strcmp(a, "--e2pb")) {
            bad = parse_uint(v, &ctl.e2pb, 3);
        } else if (!strcmp(a, "--cntvoff")) {
            bad = parse_u64(v, &ctl.cntvoff);
        } else if (!strcmp(a, "--fault") || !strcmp(a, "--abort") || !strcmp(a, "--walk-abort")) {
            unsigned kind = !strcmp(a, "--fault") ? SPE_INJ_FAULT
                          : !strcmp(a, "--abort") ? SPE_INJ_EA : SPE_INJ_EA_WALK;
            bad = !v || ninj == SPE_MAX_INJECT || parse_inject(v, kind, &inj[ninj]);
            if (!bad)
                ninj++;
        } else {
            used = 0;
            if (!strcmp(a, "--rnd")) rnd = 1;
            else if (!strcmp(a, "--service")) service = 1;
            else if (!strcmp(a, "--no-reenable")) reenable = 0;
            else if (!strcmp(a, "-q")) quiet = 1;
            else if (!strcmp(a, "--ernd")) p.ernd = 1;
            else if (!strcmp(a, "--no-lds")) p.lds = 0;
            else if (!strcmp(a, "--no-tme")) p.have_tme = 0;
            else if (!strcmp(a, "--ext-headers")) p.ext_headers = 1;
            else if (!strcmp(a, "--align-cmd")) p.align_cmd = 1;
            else if (!strcmp(a, "--ea-async")) p.ea_sync = 0;
            else if (!strcmp(a, "--ea-serror")) p.ea_report = 0;
            else if (!strcmp(a, "--no-flag-updates")) p.flag_updates = 0;
            else if (!strcmp(a, "--no-el2")) ctl.have_el2 = 0;
            else if (!strcmp(a, "--no-el3")) ctl.have_el3 = 0;
            else if (!strcmp(a, "--tge")) ctl.tge = 1;
            else if (!strcmp(a, "--tbi0")) ctl.tbi0 = 1;
            else if (!strcmp(a, "--tbi1")) ctl.tbi1 = 1;
            else if (a[0] == '-') {
                fprintf(stderr, "spe-profile: unknown option %s\n", a);
                usage(stderr);
                return 2;
            } else if (!in) {
                in = a;
            } else {
                fprintf(stderr, "spe-profile: more than one input file (%s)\n", a);
                return 2;
            }
        }
        if (bad) {
            fprintf(stderr, "spe-profile: bad or missing value for %s%s%s\n", a,
                    v ? ": " : "", v ? v : "");
            return 2;
        }
        i += used;
    }
    if (!in || !out) {
        usage(stderr);
        return 2;
    }
    if (size == 0 || size > (UINT64_C(1) << 30) || (size & 0xFFF) || (base & 0xFFF) ||
        base + size < base) {
        fprintf(stderr, "spe-profile: --buf-base and --buf-size must be 4KB multiples, "
                "the size 4KB..1GB\n");
        return 2;
    }

    spe_model *m = spe_model_new(&p, err, sizeof err);
    if (!m) {
        fprintf(stderr, "spe-profile: %s\n", err);
        return 2;
    }
    spe_model_set_pe_ctl(m, &ctl);
    uint64_t limitr = (base + size) | PMBLIMITR_EL1_E;
    spe_model_write_reg(m, PMSCR_EL1_ENC, PMSCR_EL1_E1SPE | PMSCR_EL1_E0SPE | PMSCR_EL1_CX |
                        PMSCR_EL1_PA | PMSCR_EL1_TS);
    spe_model_write_reg(m, PMSCR_EL2_ENC, PMSCR_EL2_CX | PMSCR_EL2_PA);
    spe_model_write_reg(m, PMSIRR_EL1_ENC, (interval << PMSIRR_EL1_INTERVAL_SHIFT) |
                        (rnd ? PMSIRR_EL1_RND : 0));
    spe_model_write_reg(m, PMSICR_EL1_ENC, 0);
    spe_model_write_reg(m, PMBPTR_EL1_ENC, base);
    spe_model_write_reg(m, PMBSR_EL1_ENC, 0);
    spe_model_write_reg(m, PMBLIMITR_EL1_ENC, limitr);
    for (unsigned i = 0; i < nregs; i++) {
        if (spe_model_write_reg(m, regs[i].enc, regs[i].val)) {
            fprintf(stderr, "spe-profile: %s is read-only\n", spe_reg_name(regs[i].enc));
            spe_model_free(m);
            return 2;
        }
        if (regs[i].enc == PMBLIMITR_EL1_ENC)
            limitr = regs[i].val;
    }
    for (unsigned i = 0; i < ninj; i++)
        if (spe_model_inject(m, &inj[i], err, sizeof err)) {
            fprintf(stderr, "spe-profile: %s\n", err);
            spe_model_free(m);
            return 2;
        }

    pe_stream s;
    pe_stream_init(&s);
    if (pe_stream_read(&s, in, err, sizeof err)) {
        fprintf(stderr, "spe-profile: %s\n", err);
        spe_model_free(m);
        return 1;
    }
    struct out_state o = { 0 };
    o.base = base;
    o.limit = base + size;
    o.mem = calloc(1, (size_t)size);
    o.bin = fopen(out, "wb");
    o.wlog = wlog ? fopen(wlog, "w") : NULL;
    if (!o.mem || !o.bin || (wlog && !o.wlog)) {
        fprintf(stderr, "spe-profile: cannot open output (%s)\n", strerror(errno));
        return 1;
    }

    int rc = 0;
    for (size_t i = 0; i < s.nrec; i++) {
        spe_model_feed(m, &s.rec[i]);
        apply_writes(m, &o);
        if (s.rec[i].kind == PE_KIND_RESET && reenable)
            spe_model_write_reg(m, PMBLIMITR_EL1_ENC, limitr);   /* as boot code would */
        uint64_t sr;
        spe_model_read_reg(m, PMBSR_EL1_ENC, &sr);
        if (service && (sr & PMBSR_EL1_S) && !(sr & (PMBSR_EL1_DL | PMBSR_EL1_EA)) &&
            ((sr & PMBSR_EL1_EC_MASK) >> PMBSR_EL1_EC_SHIFT) == PMBSR_EC_OTHER &&
            (sr & PMBSR_EL1_BSC_MASK) == PMBSR_BSC_FILLED) {
            if (save_buffer(m, &o)) {
                rc = 1;
                break;
            }
            o.serviced++;
            spe_model_write_reg(m, PMBPTR_EL1_ENC, base);
            spe_model_write_reg(m, PMBSR_EL1_ENC, sr & PMBSR_EL1_COLL);
        }
    }
    spe_model_flush(m);
    apply_writes(m, &o);
    if (!rc && save_buffer(m, &o))
        rc = 1;
    if (rc)
        fprintf(stderr, "spe-profile: write error on %s\n", out);
    if (fclose(o.bin))
        rc = 1;
    if (o.wlog && fclose(o.wlog))
        rc = 1;
    if (o.bound_error)
        rc = 1;

    spe_status st;
    spe_model_status(m, &st);
    if (st.log_error) {
        fprintf(stderr, "spe-profile: out of memory: writes were lost\n");
        rc = 1;
    }
    if (!quiet) {
        printf("spe-profile: %s: %" PRIu64 " records, population %" PRIu64 ", sampled %" PRIu64
               ", collisions %" PRIu64 ", filtered out %" PRIu64 "\n",
               in, st.c.records, st.c.sample_pop, st.c.sample_feed, st.c.sample_collision,
               st.c.filtered_out);
        printf("spe-profile: %" PRIu64 " records written (%" PRIu64 " bytes), %" PRIu64
               " discarded, %" PRIu64 " management events, %" PRIu64 " buffers serviced%s\n",
               st.c.written, st.c.bytes, st.c.discarded, st.c.mgmt_events, o.serviced,
               st.serror ? ", SError signalled" : "");
        printf("spe-profile: PMBPTR_EL1=0x%016" PRIx64 " PMBSR_EL1=0x%08" PRIx64
               " (EC=0x%02x MSS=0x%04x%s%s%s%s) PMBIRQ=%d\n",
               st.pmbptr, st.pmbsr,
               (unsigned)((st.pmbsr & PMBSR_EL1_EC_MASK) >> PMBSR_EL1_EC_SHIFT),
               (unsigned)(st.pmbsr & PMBSR_EL1_MSS_MASK),
               (st.pmbsr & PMBSR_EL1_S) ? " S" : "", (st.pmbsr & PMBSR_EL1_DL) ? " DL" : "",
               (st.pmbsr & PMBSR_EL1_EA) ? " EA" : "", (st.pmbsr & PMBSR_EL1_COLL) ? " COLL" : "",
               st.irq);
    }
    free(o.mem);
    pe_stream_free(&s);
    spe_model_free(m);
    return rc;
}
