/* ete-encode: run the ETE model over a PE retirement stream.
 *
 *   ete-encode IN.pe -o TRACE.bin [--snapshot DIR] [--reg NAME=VALUE ...]
 *              [--param NAME=VALUE ...] [--stats]
 *
 * Registers are named as in the specification (TRCCONFIGR, TRCRSCTLR2,
 * TRCACVR0, ...); unnamed registers keep ete_progregs_default().  --stats
 * prints the packet mix.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_model.h"
#include "pe_stream.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ete-encode IN.pe -o TRACE.bin [--snapshot DIR] [--reg NAME=VALUE ...]\n"
            "                  [--param NAME=VALUE ...] [--stats]\n"
            "  --reg    TRCCONFIGR, TRCEVENTCTL0R, TRCEVENTCTL1R, TRCSTALLCTLR, TRCTSCTLR,\n"
            "           TRCSYNCPR, TRCCCCTLR, TRCBBCTLR, TRCTRACEIDR, TRCVICTLR, TRCVIIECTLR,\n"
            "           TRCVISSCTLR, TRCRSCTLR<n>, TRCACVR<n>, TRCACATR<n>\n"
            "  --param  rs_depth, num_acpairs, num_events, num_extin, ccsize, ccitmin,\n"
            "           commopt, vmidsize, syncpr_fixed\n");
}

/* NAME=VALUE with VALUE in C notation (0x.., decimal). */
static int split_assign(const char *arg, char *name, size_t namelen, uint64_t *value)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || (size_t)(eq - arg) >= namelen || !eq[1])
        return -1;
    memcpy(name, arg, (size_t)(eq - arg));
    name[eq - arg] = 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(eq + 1, &end, 0);
    if (errno || *end || eq[1] == '-')
        return -1;
    *value = v;
    return 0;
}

int main(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *snap = NULL;
    int stats = 0;
    ete_params p;
    ete_progregs r;
    char err[256];
    ete_params_default(&p);
    ete_progregs_default(&r);

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "-o") || !strcmp(a, "--snapshot") || !strcmp(a, "--reg") ||
                   !strcmp(a, "--param")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "ete-encode: %s needs an argument\n", a);
                return 2;
            }
            const char *v = argv[++i];
            if (!strcmp(a, "-o")) {
                out = v;
            } else if (!strcmp(a, "--snapshot")) {
                snap = v;
            } else {
                char name[64];
                uint64_t val;
                if (split_assign(v, name, sizeof name, &val)) {
                    fprintf(stderr, "ete-encode: %s '%s': expected NAME=VALUE\n", a, v);
                    return 2;
                }
                int rc = !strcmp(a, "--reg") ? ete_progregs_set(&r, name, val, err, sizeof err)
                                             : ete_params_set(&p, name, val, err, sizeof err);
                if (rc) {
                    fprintf(stderr, "ete-encode: %s\n", err);
                    return 2;
                }
            }
        } else if (!strcmp(a, "--stats")) {
            stats = 1;
        } else if (a[0] == '-') {
            fprintf(stderr, "ete-encode: unknown option '%s'\n", a);
            usage(stderr);
            return 2;
        } else if (!in) {
            in = a;
        } else {
            fprintf(stderr, "ete-encode: more than one input file ('%s')\n", a);
            return 2;
        }
    }
    if (!in || !out) {
        usage(stderr);
        return 2;
    }

    pe_stream s;
    pe_stream_init(&s);
    if (pe_stream_read(&s, in, err, sizeof err)) {
        fprintf(stderr, "ete-encode: %s\n", err);
        return 1;
    }
    ete_model *m = ete_model_new(&p, &r, err, sizeof err);
    if (!m) {
        fprintf(stderr, "ete-encode: %s\n", err);
        pe_stream_free(&s);
        return 1;
    }
    ete_model_run(m, s.rec, s.nrec);
    ete_model_finish(m);
    int rc = 0;
    if (ete_model_error(m)) {
        fprintf(stderr, "ete-encode: %s: %s\n", in, ete_model_error(m));
        rc = 1;
    }
    size_t len;
    const uint8_t *bytes = ete_model_bytes(m, &len);
    FILE *f = rc ? NULL : fopen(out, "wb");
    if (!rc && !f) {
        fprintf(stderr, "ete-encode: cannot create %s: %s\n", out, strerror(errno));
        rc = 1;
    }
    if (f) {
        int bad = len && fwrite(bytes, 1, len, f) != len;
        if (fclose(f) != 0 || bad) {
            fprintf(stderr, "ete-encode: error writing %s\n", out);
            rc = 1;
        }
    }
    if (!rc && snap) {
        ete_idregs id;
        ete_model_idregs(&p, &id);
        if (ete_snapshot_write(snap, &id, &r, &s.image, bytes, len, err, sizeof err)) {
            fprintf(stderr, "ete-encode: %s\n", err);
            rc = 1;
        }
    }
    if (!rc && stats) {
        const uint64_t *c = ete_model_pkt_counts(m);
        uint64_t npkt = 0;
        for (unsigned t = 0; t < ETE_ENC_PKT_COUNT; t++)
            npkt += c[t];
        printf("records      %llu\n", (unsigned long long)s.nrec);
        printf("trace bytes  %llu\n", (unsigned long long)ete_model_total_bytes(m));
        printf("packets      %llu\n", (unsigned long long)npkt);
        if (s.nrec)
            printf("bits/record  %.3f\n", 8.0 * (double)ete_model_total_bytes(m) / (double)s.nrec);
        for (unsigned t = 0; t < ETE_ENC_PKT_COUNT; t++)
            if (c[t])
                printf("  %-18s %llu\n", ete_enc_pkt_name(t), (unsigned long long)c[t]);
    }
    ete_model_free(m);
    pe_stream_free(&s);
    return rc;
}
