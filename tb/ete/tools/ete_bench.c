/* ete-bench: model encode speed, our decoder's and OpenCSD's full-decode
 * speed, and bits per instruction, measured in one run on one trace.
 *   ete-bench [--records N] [--seed S] [--config NAME]
 * The workload is the random A64 generator's, without transactions and PE
 * resets so that OpenCSD reconstructs the same instructions as ours.
 * Timing is wall-clock on one core; compare the ratios, not the absolute
 * figures, across machines. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ete_roundtrip.h"
#include "ocsd_ete.h"
#include "progen.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void count_insn(void *ctx, const ete_elem *e)
{
    (void)ctx;
    (void)e;
}

int main(int argc, char **argv)
{
    uint64_t nrec = 50000000, seed = 1;
    unsigned cfg = ETE_RT_PLAIN;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--records"))
            nrec = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--seed"))
            seed = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--config")) {
            unsigned c;
            for (c = 0; c < ETE_RT_NUM_CONFIGS; c++)
                if (!strcmp(argv[i + 1], ete_rt_config_name(c)))
                    break;
            if (c == ETE_RT_NUM_CONFIGS) {
                fprintf(stderr, "ete-bench: unknown config '%s'\n", argv[i + 1]);
                return 2;
            }
            cfg = c;
        } else {
            fprintf(stderr, "usage: ete-bench [--records N] [--seed S] [--config NAME]\n");
            return 2;
        }
    }
    char err[512];
    progen_cfg pc;
    progen_cfg_default(&pc, seed);
    /* No transactions and no PE resets: OpenCSD 1.3.3 decodes those
     * differently (tests/ete/ocsd_waivers.md W1, W2), and the comparison
     * is only fair on a trace both decoders reconstruct in full. */
    pc.features &= ~(PROGEN_F_TXN | PROGEN_F_RESET);
    pc.n_records = nrec;
    pe_stream small;     /* a prefix, for choosing comparator addresses */
    pe_stream_init(&small);
    pc.n_records = 20000;
    if (progen_generate(&pc, &small, err, sizeof err)) {
        fprintf(stderr, "ete-bench: %s\n", err);
        return 1;
    }
    ete_params p;
    ete_progregs r;
    ete_rt_config(cfg, seed, &small, &p, &r);
    pe_stream_free(&small);

    pc.n_records = nrec;
    pe_image img = {0};
    progen *g = progen_new(&pc, &img);
    ete_model *m = ete_model_new(&p, &r, err, sizeof err);
    if (!g || !m) {
        fprintf(stderr, "ete-bench: %s\n", m ? "generator failed" : err);
        return 1;
    }
    enum { CHUNK = 1 << 16 };
    pe_rec *buf = malloc(CHUNK * sizeof *buf);
    size_t cap = 1 << 24, len = 0;
    uint8_t *trace = malloc(cap);
    if (!buf || !trace)
        return 1;
    double t_gen = 0, t_enc = 0;
    uint64_t total = 0, insns = 0;
    for (;;) {
        double t0 = now();
        size_t n = progen_next(g, buf, CHUNK);
        double t1 = now();
        if (!n)
            break;
        ete_model_run(m, buf, n);
        double t2 = now();
        t_gen += t1 - t0;
        t_enc += t2 - t1;
        total += n;
        for (size_t i = 0; i < n; i++)
            insns += buf[i].kind == PE_KIND_INSN;
        size_t bl;
        const uint8_t *b = ete_model_bytes(m, &bl);
        if (len + bl > cap) {
            while (len + bl > cap)
                cap *= 2;
            uint8_t *nt = realloc(trace, cap);
            if (!nt)
                return 1;
            trace = nt;
        }
        memcpy(trace + len, b, bl);
        len += bl;
        ete_model_take(m);
    }
    ete_model_finish(m);
    {
        size_t bl;
        const uint8_t *b = ete_model_bytes(m, &bl);
        if (len + bl > cap) {
            uint8_t *nt = realloc(trace, len + bl);
            if (!nt)
                return 1;
            trace = nt;
        }
        memcpy(trace + len, b, bl);
        len += bl;
    }

    ete_dec_cfg dc;
    memset(&dc, 0, sizeof dc);
    ete_model_idregs(&p, &dc.id);
    dc.trcconfigr = r.trcconfigr;
    dc.trctraceidr = r.trctraceidr;
    ete_decoder *d = ete_decoder_new(&dc, ete_rt_mem_read, &img, count_insn, NULL, err,
                                     sizeof err);
    if (!d) {
        fprintf(stderr, "ete-bench: %s\n", err);
        return 1;
    }
    double t3 = now();
    size_t used;
    ete_decoder_feed(d, trace, len, &used);
    ete_decoder_finish(d);
    double t4 = now();
    uint64_t ours = ete_decoder_insn_count(d);
    unsigned derr = ete_decoder_errors(d);
    ete_decoder_free(d);

    uint64_t theirs = 0;
    double t5 = now();
    int orc = ocsd_ete_count(&dc.id, r.trcconfigr, r.trctraceidr, &img, trace, len, &theirs,
                             err, sizeof err);
    double t6 = now();

    printf("ete-bench: seed %" PRIu64 ", config %s, %" PRIu64 " records (%" PRIu64
           " instructions)\n", seed, ete_rt_config_name(cfg), total, insns);
    printf("  generator          %8.1f M records/s\n", (double)total / t_gen / 1e6);
    printf("  model encode       %8.1f M instructions/s   (%.3f s)\n",
           (double)insns / t_enc / 1e6, t_enc);
    printf("  trace              %8zu bytes, %.3f bits/instruction\n", len,
           8.0 * (double)len / (double)insns);
    printf("  ete-decode (ours)  %8.1f M instructions/s   (%.3f s, %" PRIu64
           " instructions, %u errors)\n", (double)ours / (t4 - t3) / 1e6, t4 - t3, ours, derr);
    if (orc == 0) {
        printf("  OpenCSD 1.3.3      %8.1f M instructions/s   (%.3f s, %" PRIu64
               " instructions)\n", (double)theirs / (t6 - t5) / 1e6, t6 - t5, theirs);
        printf("  ours / OpenCSD     %8.2f x (time ratio on the same trace)\n",
               (t6 - t5) / (t4 - t3));
        if (theirs != ours)
            printf("  note: OpenCSD reconstructed %" PRIu64 " instructions, ours %" PRIu64
                   " (see tests/ete/ocsd_waivers.md)\n", theirs, ours);
    } else {
        printf("  OpenCSD: %s\n", err);
    }
    free(buf);
    free(trace);
    progen_free(g);
    pe_image_free(&img);
    ete_model_free(m);
    return 0;
}
