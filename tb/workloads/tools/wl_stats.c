/* wl-stats: one line per workload PE stream: instructions, branches,
 * system calls and other exceptions, loads and stores; with --ete also the
 * ETE trace size with EL1 excluded (the round trip of tb/ete: model,
 * decoder, oracle) in bits per instruction (docs/workloads.md). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "ete_regs.h"
#include "ete_roundtrip.h"
#include "pe_stream.h"

static const char *base_name(const char *path, char *buf, size_t len)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    snprintf(buf, len, "%s", b);
    char *dot = strrchr(buf, '.');
    if (dot && !strcmp(dot, ".pe"))
        *dot = 0;
    return buf;
}

int main(int argc, char **argv)
{
    int ete = 0, first = 1, bad = 0;
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (!strcmp(argv[first], "--ete")) {
            ete = 1;
        } else {
            fprintf(stderr, "usage: wl-stats [--ete] FILE.pe...\n");
            return 2;
        }
    }
    if (first == argc) {
        fprintf(stderr, "usage: wl-stats [--ete] FILE.pe...\n");
        return 2;
    }
    printf("%-10s %9s %9s %8s %8s %6s %6s %8s %8s", "workload", "records", "EL0 insns",
           "branches", "taken", "calls", "other", "loads", "stores");
    if (ete)
        printf(" %9s %9s %6s", "traced", "ETE bytes", "bits/i");
    printf("\n");
    for (int a = first; a < argc; a++) {
        pe_stream s;
        pe_stream_init(&s);
        char err[600], name[256];
        if (pe_stream_read(&s, argv[a], err, sizeof err)) {
            fprintf(stderr, "wl-stats: %s\n", err);
            bad = 1;
            continue;
        }
        uint64_t insns = 0, br = 0, taken = 0, calls = 0, other = 0, loads = 0, stores = 0;
        for (size_t k = 0; k < s.nrec; k++) {
            const pe_rec *r = &s.rec[k];
            if (r->kind == PE_KIND_EXC) {
                if (r->exc_type == PE_EXC_CALL)
                    calls++;
                else
                    other++;
                continue;
            }
            if (r->kind != PE_KIND_INSN || r->el != 0)
                continue;
            insns++;
            if (r->iclass >= PE_IC_B && r->iclass <= PE_IC_RET) {
                br++;
                taken += (r->flags & PE_F_TAKEN) != 0;
            }
            unsigned c = r->ls & PE_LS_MASK;
            if (c == PE_LS_STORE || (r->ls & PE_LS_STORE_F) || c == PE_LS_ATOMIC)
                stores++;
            if (c && c != PE_LS_STORE && !(r->ls & PE_LS_STORE_F))
                loads++;
        }
        printf("%-10s %9zu %9" PRIu64 " %8" PRIu64 " %8" PRIu64 " %6" PRIu64 " %6" PRIu64
               " %8" PRIu64 " %8" PRIu64, base_name(argv[a], name, sizeof name), s.nrec, insns,
               br, taken, calls, other, loads, stores);
        if (ete) {
            ete_params p;
            ete_progregs r;
            ete_rt_config(ETE_RT_PLAIN, 1, &s, &p, &r);
            r.trcvictlr |= TRCVICTLR_EXLEVEL_NS(1);   /* EL1 not traced: D6.8.1 R_LWYJR */
            ete_rt_result res;
            if (ete_rt_run(&s, &p, &r, 0, 0, &res, NULL, NULL, err, sizeof err)) {
                printf("\n");
                fprintf(stderr, "wl-stats: %s: ETE round trip: %s\n", argv[a], err);
                bad = 1;
            } else {
                printf(" %9" PRIu64 " %9" PRIu64 " %6.3f", res.st.insn_checked, res.bytes,
                       res.st.insn_checked
                           ? 8.0 * (double)res.bytes / (double)res.st.insn_checked
                           : 0.0);
            }
        }
        printf("\n");
        pe_stream_free(&s);
    }
    return bad;
}
