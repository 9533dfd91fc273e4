/* ete-decode: decode an ETE trace (chapter D9) from an OpenCSD/DS-5
 * snapshot directory or a raw byte stream.  See docs/ete-decode.md. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <opencsd/c_api/opencsd_c_api.h>

#include "ete_decoder.h"
#include "ete_image.h"
#include "ete_pkt.h"
#include "ete_snapshot_read.h"
#include "file_read.h"

#define EXIT_BADPKT 1
#define EXIT_USAGE  2

static void usage(FILE *f)
{
    fprintf(f,
        "usage: ete-decode (--snapshot DIR [--source NAME] | --raw FILE [--reg NAME=VALUE]...\n"
        "                  [--image ADDR:FILE]...) [--ranges] [--packets] [--stats]\n"
        "                  [--bench N] [--bench-opencsd N]\n"
        "  --snapshot DIR     OpenCSD/DS-5 snapshot directory (snapshot.ini, trace.ini)\n"
        "  --source NAME      the ETE device of the snapshot to decode (default: first)\n"
        "  --raw FILE         raw ETE byte stream (format source_data)\n"
        "  --reg NAME=VALUE   register for --raw: TRCIDR0..13, TRCDEVARCH, TRCCONFIGR,\n"
        "                     TRCTRACEIDR (defaults in docs/ete-decode.md)\n"
        "  --image ADDR:FILE  program image file loaded at ADDR (repeatable)\n"
        "  --ranges           one line per trace element (default)\n"
        "  --packets          one line per packet: <offset> <packet>\n"
        "  --stats            instructions, trace bytes, elements and errors\n"
        "  --bench N          decode N times without output; report instructions/s\n"
        "  --bench-opencsd N  the same decode with OpenCSD's ETE decoder, for comparison\n");
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- element output ------------------------------------------------------ */

typedef struct out_ctx {
    int print;
    uint64_t elems[ETE_ELEM_KIND_COUNT];
} out_ctx;

static void on_elem(void *ctx, const ete_elem *e)
{
    out_ctx *o = ctx;
    if (e->kind < ETE_ELEM_KIND_COUNT)
        o->elems[e->kind]++;
    if (o->print) {
        char line[160];
        ete_elem_format(e, line, sizeof line);
        fputs(line, stdout);
        fputc('\n', stdout);
    }
}

static void on_elem_quiet(void *ctx, const ete_elem *e)
{
    (void)ctx;
    (void)e;
}

/* ---- packets ----------------------------------------------------------- */

static int list_packets(const ete_dec_cfg *cfg, const uint8_t *buf, size_t len, unsigned *errors)
{
    ete_pkt_cfg pc;
    ete_pkt p;
    size_t pos = 0;
    int synced = 0;
    char line[256];
    ete_pkt_cfg_from_regs(&pc, &cfg->id, cfg->trcconfigr);
    while (pos < len) {
        if (!synced) {
            size_t at;
            if (!ete_pkt_find_async(buf + pos, len - pos, &at))
                break;
            pos += at;
            synced = 1;
        }
        int r = ete_pkt_parse(&pc, buf + pos, len - pos, &p);
        if (r == ETE_PKT_NEED_MORE) {
            size_t z = pos;
            while (z < len && buf[z] == 0)
                z++;
            if (z == len)
                break;          /* a trailing run of zeros: padding or a partial A-Sync */
            fprintf(stderr, "ete-decode: offset 0x%zx: trace ends inside a packet "
                    "(header 0x%02x, %zu bytes)\n", pos, buf[pos], len - pos);
            (*errors)++;
            break;
        }
        if (r < 0) {
            fprintf(stderr, "ete-decode: offset 0x%zx: bad packet (header 0x%02x): %s\n",
                    pos + p.err_off, buf[pos], p.err ? p.err : "invalid encoding");
            (*errors)++;
            printf("%zx NO_SYNC\n", pos + p.err_off);
            synced = 0;
            pos++;
            continue;
        }
        ete_pkt_format(&p, line, sizeof line);
        printf("%zx %s\n", pos, line);
        pos += (size_t)r;
    }
    return 0;
}

/* ---- our decoder --------------------------------------------------------- */

static int run_decoder(const ete_dec_cfg *cfg, ete_image *img, const uint8_t *buf, size_t len,
                       ete_elem_fn fn, void *ctx, uint64_t *insns, unsigned *errors,
                       char *lasterr, size_t lasterrlen)
{
    char err[256];
    ete_decoder *d = ete_decoder_new(cfg, ete_image_read, img, fn, ctx, err, sizeof err);
    if (!d) {
        fprintf(stderr, "ete-decode: %s\n", err);
        return -1;
    }
    size_t used;
    /* fed in blocks, as a streaming client would */
    const size_t block = 1u << 20;
    for (size_t off = 0; off < len; off += block) {
        size_t n = len - off < block ? len - off : block;
        if (ete_decoder_feed(d, buf + off, n, &used) != 0) {
            fprintf(stderr, "ete-decode: out of memory\n");
            ete_decoder_free(d);
            return -1;
        }
    }
    ete_decoder_finish(d);
    *insns = ete_decoder_insn_count(d);
    *errors = ete_decoder_errors(d);
    snprintf(lasterr, lasterrlen, "%s", ete_decoder_last_error(d));
    ete_decoder_free(d);
    return 0;
}

/* ---- OpenCSD, for the speed comparison ----------------------------------- */

typedef struct ocsd_count {
    uint64_t insns;
} ocsd_count;

static ocsd_datapath_resp_t ocsd_on_elem(const void *ctx, const ocsd_trc_index_t index,
                                         const uint8_t chan, const ocsd_generic_trace_elem *e)
{
    (void)index;
    (void)chan;
    ocsd_count *c = (ocsd_count *)(uintptr_t)ctx;
    if (e->elem_type == OCSD_GEN_TRC_ELEM_INSTR_RANGE)
        c->insns += e->num_instr_range;
    return OCSD_RESP_CONT;
}

static int run_opencsd(const ete_dec_cfg *cfg, const ete_image *img, const uint8_t *buf,
                       size_t len, uint64_t *insns)
{
    dcd_tree_handle_t t = ocsd_create_dcd_tree(OCSD_TRC_SRC_SINGLE, 0);
    if (t == C_API_INVALID_TREE_HANDLE) {
        fprintf(stderr, "ete-decode: OpenCSD: cannot create a decode tree\n");
        return -1;
    }
    ocsd_ete_cfg oc;
    memset(&oc, 0, sizeof oc);
    oc.reg_idr0 = cfg->id.trcidr[0];
    oc.reg_idr1 = cfg->id.trcidr[1];
    oc.reg_idr2 = cfg->id.trcidr[2];
    oc.reg_idr8 = cfg->id.trcidr[8];
    oc.reg_devarch = cfg->id.trcdevarch;
    oc.reg_configr = cfg->trcconfigr;
    oc.reg_traceidr = cfg->trctraceidr;
    oc.arch_ver = ARCH_AA64;
    oc.core_prof = profile_CortexA;
    unsigned char csid = 0;
    ocsd_count cnt = { 0 };
    if (ocsd_dt_create_decoder(t, OCSD_BUILTIN_DCD_ETE, OCSD_CREATE_FLG_FULL_DECODER, &oc,
                               &csid) != OCSD_OK ||
        ocsd_dt_set_gen_elem_outfn(t, ocsd_on_elem, &cnt) != OCSD_OK) {
        fprintf(stderr, "ete-decode: OpenCSD: cannot create the ETE decoder\n");
        ocsd_destroy_dcd_tree(t);
        return -1;
    }
    for (size_t i = 0; i < img->n; i++) {
        if (img->r[i].len > UINT32_MAX ||
            ocsd_dt_add_buffer_mem_acc(t, img->r[i].addr, OCSD_MEM_SPACE_ANY, img->r[i].data,
                                       (uint32_t)img->r[i].len) != OCSD_OK) {
            fprintf(stderr, "ete-decode: OpenCSD: cannot add image region 0x%" PRIx64 "\n",
                    img->r[i].addr);
            ocsd_destroy_dcd_tree(t);
            return -1;
        }
    }
    size_t pos = 0;
    while (pos < len) {
        uint32_t n = len - pos > (1u << 20) ? (1u << 20) : (uint32_t)(len - pos);
        uint32_t used = 0;
        ocsd_datapath_resp_t r = ocsd_dt_process_data(t, OCSD_OP_DATA, pos, n, buf + pos, &used);
        if (OCSD_DATA_RESP_IS_FATAL(r)) {
            fprintf(stderr, "ete-decode: OpenCSD: fatal error at offset 0x%zx\n", pos + used);
            break;
        }
        if (used == 0 && OCSD_DATA_RESP_IS_WAIT(r))
            ocsd_dt_process_data(t, OCSD_OP_FLUSH, 0, 0, NULL, NULL);
        pos += used ? used : n;
    }
    uint32_t dummy = 0;
    ocsd_dt_process_data(t, OCSD_OP_EOT, 0, 0, NULL, &dummy);
    ocsd_destroy_dcd_tree(t);
    *insns = cnt.insns;
    return 0;
}

/* ---- main ---------------------------------------------------------------- */

int main(int argc, char **argv)
{
    const char *snapdir = NULL, *rawfile = NULL, *source = NULL;
    int want_ranges = 0, want_packets = 0, want_stats = 0;
    long bench = 0, bench_ocsd = 0;
    ete_dec_cfg cfg;
    ete_image img;
    uint8_t *trace = NULL;
    size_t trace_len = 0;
    ete_snapshot ss;
    int have_ss = 0;
    int rc = 0;
    char err[1024];

    ete_cfg_defaults(&cfg);
    ete_image_init(&img);
    memset(&ss, 0, sizeof ss);

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        int takes = !strcmp(a, "--snapshot") || !strcmp(a, "--raw") || !strcmp(a, "--reg") ||
                    !strcmp(a, "--image") || !strcmp(a, "--source") || !strcmp(a, "--bench") ||
                    !strcmp(a, "--bench-opencsd");
        if (takes && !v) {
            fprintf(stderr, "ete-decode: %s needs a value\n", a);
            rc = EXIT_USAGE;
            goto done;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            goto done;
        } else if (!strcmp(a, "--snapshot")) {
            snapdir = v;
        } else if (!strcmp(a, "--source")) {
            source = v;
        } else if (!strcmp(a, "--raw")) {
            rawfile = v;
        } else if (!strcmp(a, "--reg")) {
            const char *eq = strchr(v, '=');
            uint64_t val;
            char name[64];
            if (!eq || (size_t)(eq - v) >= sizeof name || ete_parse_u64(eq + 1, &val) != 0 ||
                val > 0xFFFFFFFFu) {
                fprintf(stderr, "ete-decode: --reg %s: expected NAME=VALUE with a 32-bit value\n", v);
                rc = EXIT_USAGE;
                goto done;
            }
            memcpy(name, v, (size_t)(eq - v));
            name[eq - v] = 0;
            if (ete_cfg_set_reg(&cfg, name, (uint32_t)val) != 0) {
                fprintf(stderr, "ete-decode: --reg: unknown register '%s'\n", name);
                rc = EXIT_USAGE;
                goto done;
            }
        } else if (!strcmp(a, "--image")) {
            const char *colon = strchr(v, ':');
            uint64_t addr;
            char num[32];
            if (!colon || (size_t)(colon - v) >= sizeof num) {
                fprintf(stderr, "ete-decode: --image %s: expected ADDR:FILE\n", v);
                rc = EXIT_USAGE;
                goto done;
            }
            memcpy(num, v, (size_t)(colon - v));
            num[colon - v] = 0;
            if (ete_parse_u64(num, &addr) != 0) {
                fprintf(stderr, "ete-decode: --image %s: bad address '%s'\n", v, num);
                rc = EXIT_USAGE;
                goto done;
            }
            if (ete_image_add_file(&img, addr, colon + 1, 0, 0, 0, ETE_SPACE_ANY, err,
                                   sizeof err) != 0) {
                fprintf(stderr, "ete-decode: --image: %s\n", err);
                rc = EXIT_USAGE;
                goto done;
            }
        } else if (!strcmp(a, "--ranges")) {
            want_ranges = 1;
        } else if (!strcmp(a, "--packets")) {
            want_packets = 1;
        } else if (!strcmp(a, "--stats")) {
            want_stats = 1;
        } else if (!strcmp(a, "--bench") || !strcmp(a, "--bench-opencsd")) {
            uint64_t n;
            if (ete_parse_u64(v, &n) != 0 || n == 0 || n > 100000) {
                fprintf(stderr, "ete-decode: %s: expected a count 1..100000\n", a);
                rc = EXIT_USAGE;
                goto done;
            }
            if (!strcmp(a, "--bench"))
                bench = (long)n;
            else
                bench_ocsd = (long)n;
        } else {
            fprintf(stderr, "ete-decode: unknown option '%s'\n", a);
            usage(stderr);
            rc = EXIT_USAGE;
            goto done;
        }
        if (takes)
            i++;
    }
    if (!!snapdir + !!rawfile != 1) {
        fprintf(stderr, "ete-decode: give exactly one of --snapshot DIR and --raw FILE\n");
        usage(stderr);
        rc = EXIT_USAGE;
        goto done;
    }
    if (snapdir) {
        if (img.n) {
            fprintf(stderr, "ete-decode: --image is for --raw; a snapshot has its own [dump]s\n");
            rc = EXIT_USAGE;
            goto done;
        }
        if (ete_snapshot_load(snapdir, source, &ss, err, sizeof err) != 0) {
            fprintf(stderr, "ete-decode: %s\n", err);
            rc = EXIT_USAGE;
            goto done;
        }
        have_ss = 1;
        cfg = ss.cfg;
        img = ss.image;             /* owned by ss */
        trace = ss.trace;
        trace_len = ss.trace_len;
    } else if (file_read_all(rawfile, &trace, &trace_len, err, sizeof err) != 0) {
        fprintf(stderr, "ete-decode: %s\n", err);
        rc = EXIT_USAGE;
        goto done;
    }
    if (!want_packets && !want_stats && !bench && !bench_ocsd)
        want_ranges = 1;

    static char obuf[1 << 16];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);

    unsigned errors = 0;
    char lasterr[256] = "";
    if (want_packets)
        list_packets(&cfg, trace, trace_len, &errors);

    if (want_ranges || want_stats) {
        out_ctx oc;
        memset(&oc, 0, sizeof oc);
        oc.print = want_ranges;
        uint64_t insns = 0;
        unsigned derr = 0;
        if (run_decoder(&cfg, &img, trace, trace_len, on_elem, &oc, &insns, &derr, lasterr,
                        sizeof lasterr) != 0) {
            rc = EXIT_USAGE;
            goto done;
        }
        if (derr)
            fprintf(stderr, "ete-decode: %u bad packet%s; last: %s\n", derr, derr == 1 ? "" : "s",
                    lasterr);
        errors += derr;
        if (want_stats) {
            printf("instructions %" PRIu64 "\n", insns);
            printf("bytes %zu\n", trace_len);
            for (unsigned k = 0; k < ETE_ELEM_KIND_COUNT; k++)
                if (oc.elems[k])
                    printf("elements %s %" PRIu64 "\n", ete_elem_kind_name(k), oc.elems[k]);
            printf("errors %u\n", derr);
        }
    }
    if (bench) {
        uint64_t insns = 0;
        unsigned derr = 0;
        double t0 = now_s();
        for (long k = 0; k < bench; k++)
            if (run_decoder(&cfg, &img, trace, trace_len, on_elem_quiet, NULL, &insns, &derr,
                            lasterr, sizeof lasterr) != 0) {
                rc = EXIT_USAGE;
                goto done;
            }
        double t = now_s() - t0;
        printf("bench ete-decode: %ld runs, %" PRIu64 " instructions/run, %.3f s, "
               "%.1f M instructions/s, %.1f MB/s\n", bench, insns, t,
               (double)insns * (double)bench / t / 1e6,
               (double)trace_len * (double)bench / t / 1e6);
    }
    if (bench_ocsd) {
        uint64_t insns = 0;
        double t0 = now_s();
        for (long k = 0; k < bench_ocsd; k++)
            if (run_opencsd(&cfg, &img, trace, trace_len, &insns) != 0) {
                rc = EXIT_USAGE;
                goto done;
            }
        double t = now_s() - t0;
        printf("bench opencsd: %ld runs, %" PRIu64 " instructions/run, %.3f s, "
               "%.1f M instructions/s, %.1f MB/s\n", bench_ocsd, insns, t,
               (double)insns * (double)bench_ocsd / t / 1e6,
               (double)trace_len * (double)bench_ocsd / t / 1e6);
    }
    if (errors)
        rc = EXIT_BADPKT;
done:
    fflush(stdout);
    if (have_ss) {
        ete_snapshot_free(&ss);
    } else {
        ete_image_free(&img);
        free(trace);
    }
    return rc;
}
