/* ete-model-perf: throughput of the ETE model on a synthetic typical stream.
 *
 *   ete-model-perf [NREC] [REPEAT] [--reg NAME=VALUE ...]
 *
 * The stream: AArch64 EL0 code, about one branch in five instructions (a
 * conditional branch that is taken 3 times in 4, calls with returns,
 * occasional indirect branches), built once in memory and fed REPEAT
 * times through ete_model_run.  Prints records per second.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ete_model.h"

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 33;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void build(pe_rec *rec, size_t n)
{
    uint64_t seed = 12345, pc = 0x400000, cyc = 0, ts = 0;
    uint64_t stack[64];
    unsigned sp = 0;
    for (size_t i = 0; i < n; i++) {
        pe_rec *r = &rec[i];
        memset(r, 0, sizeof *r);
        r->kind = PE_KIND_INSN;
        r->isa = PE_ISA_A64;
        r->el = 0;
        r->flags = PE_F_NS;
        r->contextidr_el1 = 0x1234;
        r->vmid = 3;
        r->pc = pc;
        r->cycle = cyc;
        r->timestamp = ts;
        cyc += 1 + (lcg(&seed) & 1);
        ts += (i & 7) == 0;
        uint64_t x = lcg(&seed);
        if (x % 5 != 4) {                      /* four in five: not a branch */
            r->iclass = PE_IC_OTHER;
            pc += 4;
            continue;
        }
        unsigned kind = (unsigned)((x >> 8) % 8);
        if (kind < 5) {                        /* conditional, taken 3 in 4 */
            r->iclass = PE_IC_BCOND;
            if ((x >> 16) & 3) {
                r->flags |= PE_F_TAKEN;
                r->target = pc - 64;
                pc = r->target;
            } else {
                pc += 4;
            }
        } else if (kind < 7 && sp < 64) {      /* call */
            r->iclass = PE_IC_BL;
            r->flags |= PE_F_TAKEN;
            stack[sp++] = pc + 4;
            r->target = 0x500000 + ((x >> 20) & 0xFF) * 0x100;
            pc = r->target;
        } else if (sp) {                       /* return */
            r->iclass = PE_IC_RET;
            r->flags |= PE_F_TAKEN;
            r->target = stack[--sp];
            pc = r->target;
        } else {                               /* indirect jump */
            r->iclass = PE_IC_BR;
            r->flags |= PE_F_TAKEN;
            r->target = 0x600000 + ((x >> 20) & 0xFFF) * 0x40;
            pc = r->target;
        }
    }
}

int main(int argc, char **argv)
{
    size_t nrec = 1u << 20;
    unsigned repeat = 20;
    ete_params p;
    ete_progregs r;
    char err[256];
    ete_params_default(&p);
    ete_progregs_default(&r);
    int pos = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--reg") && i + 1 < argc) {
            char name[64];
            const char *a = argv[++i], *eq = strchr(a, '=');
            if (!eq || (size_t)(eq - a) >= sizeof name) {
                fprintf(stderr, "ete-model-perf: --reg NAME=VALUE\n");
                return 2;
            }
            memcpy(name, a, (size_t)(eq - a));
            name[eq - a] = 0;
            if (ete_progregs_set(&r, name, strtoull(eq + 1, NULL, 0), err, sizeof err)) {
                fprintf(stderr, "ete-model-perf: %s\n", err);
                return 2;
            }
        } else if (pos == 0) {
            nrec = strtoul(argv[i], NULL, 0);
            pos++;
        } else {
            repeat = (unsigned)strtoul(argv[i], NULL, 0);
        }
    }
    if (!nrec || !repeat) {
        fprintf(stderr, "usage: ete-model-perf [NREC] [REPEAT] [--reg NAME=VALUE ...]\n");
        return 2;
    }
    pe_rec *rec = malloc(nrec * sizeof *rec);
    if (!rec) {
        fprintf(stderr, "ete-model-perf: out of memory\n");
        return 1;
    }
    build(rec, nrec);
    ete_model *m = ete_model_new(&p, &r, err, sizeof err);
    if (!m) {
        fprintf(stderr, "ete-model-perf: %s\n", err);
        free(rec);
        return 1;
    }
    double best = 0, total = 0;
    for (unsigned k = 0; k < repeat; k++) {
        double t0 = now();
        ete_model_run(m, rec, nrec);
        double dt = now() - t0;
        ete_model_take(m);
        double rate = (double)nrec / dt;
        total += dt;
        if (rate > best)
            best = rate;
    }
    printf("records %zu x %u, TRCCONFIGR 0x%x: %.1f M records/s (best %.1f), %.3f bytes/record\n",
           nrec, repeat, r.trcconfigr, (double)nrec * repeat / total / 1e6, best / 1e6,
           (double)ete_model_total_bytes(m) / ((double)nrec * repeat));
    ete_model_free(m);
    free(rec);
    return 0;
}
