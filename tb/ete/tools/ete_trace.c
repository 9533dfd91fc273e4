/* ete-trace: the ETE model alone on a captured PE stream, for trace-run
 * --model (docs/trace-run.md): the round trip of tb/ete (the model
 * encodes, our decoder decodes, the oracle checks every traced instruction
 * against the capture, OpenCSD decodes the same trace and must agree), then
 * the trace and an OpenCSD snapshot are written.
 *
 *   ete-trace CAPTURE.pe --out DIR [--config NAME] [--no-el1]
 *
 * --config  an ETE configuration of the round trip (default ctxt: Context
 *           ID and VMID tracing)
 * --no-el1  EL1 not traced (TRCVICTLR.EXLEVEL_NS[1], D6.8.1 R_LWYJR)
 * Writes DIR/trace.bin and DIR/snapshot/; prints one PASS or FAIL line with
 * the figures; exit 0 on PASS, 1 on FAIL, 2 on a usage or file error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ete_model.h"
#include "ete_regs.h"
#include "ete_roundtrip.h"
#include "pe_stream.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: ete-trace CAPTURE.pe --out DIR [--config NAME] [--no-el1]\n"
               "  --config  one of:");
    for (unsigned c = 0; c < ETE_RT_NUM_CONFIGS; c++)
        if (c != ETE_RT_OVERFLOW)
            fprintf(f, " %s", ete_rt_config_name(c));
    fprintf(f, " (default ctxt)\n");
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL;
    unsigned cfg = ETE_RT_CTXT;
    int no_el1 = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--out") || !strcmp(a, "--config")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "ete-trace: %s needs a value\n", a);
                return 2;
            }
            const char *v = argv[++i];
            if (a[2] == 'o') {
                out = v;
            } else {
                unsigned c;
                for (c = 0; c < ETE_RT_NUM_CONFIGS; c++)
                    if (c != ETE_RT_OVERFLOW && !strcmp(v, ete_rt_config_name(c)))
                        break;
                if (c == ETE_RT_NUM_CONFIGS) {
                    fprintf(stderr, "ete-trace: unknown configuration '%s'\n", v);
                    usage(stderr);
                    return 2;
                }
                cfg = c;
            }
        } else if (!strcmp(a, "--no-el1")) {
            no_el1 = 1;
        } else if (a[0] == '-' || in) {
            fprintf(stderr, "ete-trace: unexpected argument '%s'\n", a);
            usage(stderr);
            return 2;
        } else {
            in = a;
        }
    }
    if (!in || !out) {
        usage(stderr);
        return 2;
    }
    char err[1024];
    pe_stream s;
    pe_stream_init(&s);
    if (pe_stream_read(&s, in, err, sizeof err)) {
        fprintf(stderr, "ete-trace: %s\n", err);
        return 2;
    }
    ete_params p;
    ete_progregs r;
    /* seed 2: filter-el leaves EL0 traced and EL1 out; the comparators of
     * filter-range and filter-startstop are placed from it */
    ete_rt_config(cfg, 2, &s, &p, &r);
    if (no_el1)
        r.trcvictlr |= TRCVICTLR_EXLEVEL_NS(1);
    ete_rt_result res;
    uint8_t *trace = NULL;
    size_t len = 0;
    int rc = 0;
    if (ete_rt_run(&s, &p, &r, 0, 1, &res, &trace, &len, err, sizeof err)) {
        printf("ete-trace: FAIL: %s\n", err);
        rc = 1;
    } else {
        printf("ete-trace: PASS: configuration %s%s: %" PRIu64 " records, %" PRIu64
               " instructions decoded and checked against the capture, %" PRIu64
               " trace bytes (%.3f bits/instruction), OpenCSD %s\n",
               ete_rt_config_name(cfg), no_el1 ? " (EL1 not traced)" : "", res.records,
               res.st.insn_checked, res.bytes,
               res.st.insn_checked ? 8.0 * (double)res.bytes / (double)res.st.insn_checked : 0.0,
               res.ocsd_checked ? "agrees" : "not compared");
    }
    char path[4096];
    if (mkdir(out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "ete-trace: cannot create %s: %s\n", out, strerror(errno));
        rc = 2;
    } else if (trace || len == 0) {
        snprintf(path, sizeof path, "%s/trace.bin", out);
        FILE *f = fopen(path, "wb");
        int bad = !f || (len && fwrite(trace, 1, len, f) != len);
        if (f && fclose(f) != 0)
            bad = 1;
        if (bad) {
            fprintf(stderr, "ete-trace: error writing %s\n", path);
            rc = 2;
        } else {
            ete_idregs id;
            ete_model_idregs(&p, &id);
            snprintf(path, sizeof path, "%s/snapshot", out);
            if (ete_snapshot_write(path, &id, &r, &s.image, trace, len, err, sizeof err)) {
                fprintf(stderr, "ete-trace: %s\n", err);
                rc = 2;
            }
        }
    }
    free(trace);
    pe_stream_free(&s);
    return rc;
}
