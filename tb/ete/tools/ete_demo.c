/* ete-demo: a random A64 program and its execution from a seed, traced by
 * the ETE model, decoded by our decoder and by OpenCSD, checked against
 * what ran.
 *   ete-demo [--seed S] [--records N] [--config NAME] [--out DIR] */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "ete_roundtrip.h"
#include "progen.h"

int main(int argc, char **argv)
{
    uint64_t seed = (uint64_t)time(NULL) % 1000000, nrec = 200000;
    unsigned cfg = ETE_RT_ALL;
    const char *out = "build/demo";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seed"))
            seed = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--records"))
            nrec = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--out"))
            out = argv[i + 1];
        else if (!strcmp(argv[i], "--config")) {
            unsigned c;
            for (c = 0; c < ETE_RT_NUM_CONFIGS; c++)
                if (!strcmp(argv[i + 1], ete_rt_config_name(c)))
                    break;
            if (c == ETE_RT_NUM_CONFIGS) {
                fprintf(stderr, "ete-demo: unknown config '%s'\n", argv[i + 1]);
                return 2;
            }
            cfg = c;
        } else {
            fprintf(stderr, "usage: ete-demo [--seed S] [--records N] [--config NAME] "
                            "[--out DIR]\n");
            return 2;
        }
    }
    printf("ETE demo, seed %" PRIu64 " (replay: make demo DEMO_ARGS=\"--seed %" PRIu64
           "\")\n\n", seed, seed);
    char err[1024];
    progen_cfg pc;
    progen_cfg_default(&pc, seed);
    pc.n_records = nrec;
    pe_stream s;
    pe_stream_init(&s);
    if (progen_generate(&pc, &s, err, sizeof err)) {
        fprintf(stderr, "ete-demo: %s\n", err);
        return 1;
    }
    uint64_t insn = 0, br = 0, exc = 0, el1 = 0, txn = 0;
    for (size_t i = 0; i < s.nrec; i++) {
        const pe_rec *x = &s.rec[i];
        insn += x->kind == PE_KIND_INSN;
        br += x->kind == PE_KIND_INSN && x->iclass >= PE_IC_B && x->iclass <= PE_IC_ERET;
        exc += x->kind == PE_KIND_EXC;
        el1 += x->kind == PE_KIND_INSN && x->el == 1;
        txn += x->kind == PE_KIND_INSN && x->iclass == PE_IC_TSTART;
    }
    uint64_t image = 0;
    for (size_t i = 0; i < s.image.nseg; i++)
        image += s.image.seg[i].len;
    printf("workload   random A64 program, %zu segments, %" PRIu64 " bytes of code\n",
           s.image.nseg, image);
    printf("execution  %" PRIu64 " instructions (%" PRIu64 " branches, %" PRIu64
           " at EL1), %" PRIu64 " exceptions, %" PRIu64 " TSTART\n", insn, br, el1, exc, txn);

    ete_params p;
    ete_progregs r;
    ete_rt_config(cfg, seed, &s, &p, &r);
    printf("config     %s: TRCCONFIGR=0x%08" PRIx32 " TRCSYNCPR=%" PRIu32
           " TRCCCCTLR=%" PRIu32 " TRCEVENTCTL0R=0x%" PRIx32 " TRCIDR0.COMMOPT=%u\n",
           ete_rt_config_name(cfg), r.trcconfigr, r.trcsyncpr, r.trcccctlr, r.trceventctl0r,
           p.commopt);

    ete_rt_result res;
    uint8_t *trace = NULL;
    size_t len = 0;
    int rc = ete_rt_run(&s, &p, &r, 0, 1, &res, &trace, &len, err, sizeof err);
    printf("trace      %zu bytes, %.3f bits per instruction\n", len,
           insn ? 8.0 * (double)len / (double)insn : 0.0);
    uint64_t npk = 0;
    for (unsigned t = 0; t < ETE_ENC_PKT_COUNT; t++)
        npk += res.pkt[t];
    printf("packets    %" PRIu64 ":", npk);
    for (unsigned t = 0, k = 0; t < ETE_ENC_PKT_COUNT; t++) {
        if (!res.pkt[t])
            continue;
        printf("%s%s %" PRIu64 " (%.1f%%)", k++ % 4 ? ", " : "\n             ",
               ete_enc_pkt_name(t), res.pkt[t], 100.0 * (double)res.pkt[t] / (double)npk);
    }
    printf("\n");
    printf("ours       %" PRIu64 " instructions reconstructed; checked %" PRIu64
           " instructions, %" PRIu64 " exceptions, %" PRIu64 " contexts, %" PRIu64
           " timestamps, %" PRIu64 " cycle counts against the execution\n", res.insns,
           res.st.insn_checked, res.st.exc_checked, res.st.ctx_checked, res.st.ts_checked,
           res.st.cc_checked);
    printf("OpenCSD    %s\n", res.ocsd_checked ? "instruction ranges and exceptions agree"
                                                 : "not compared (see verdict)");

    char dir[512];
    snprintf(dir, sizeof dir, "%s/snapshot", out);
    mkdir(out, 0755);
    ete_idregs id;
    ete_model_idregs(&p, &id);
    char serr[512];
    if (trace && ete_snapshot_write(dir, &id, &r, &s.image, trace, len, serr, sizeof serr) == 0)
        printf("snapshot   %s  (build/bin/ete-decode --snapshot %s; "
               "trc_pkt_lister -ss_dir %s -decode)\n", dir, dir, dir);
    else
        printf("snapshot   not written: %s\n", serr);
    printf("\nverdict    %s%s%s\n", rc == 0 ? "PASS" : "FAIL", rc ? ": " : "", rc ? err : "");
    free(trace);
    pe_stream_free(&s);
    return rc == 0 ? 0 : 1;
}
