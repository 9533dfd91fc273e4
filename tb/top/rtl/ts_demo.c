/* ts-demo: the project's main job (docs/demo.md).  A real program captured
 * with qemu-user (tb/workloads) runs through the trace subsystem RTL
 * (rtl/top/trace_subsystem.v, Verilated) with the bench of tb/top/rtl/ts_rtl_tb.h:
 * the ETE traces it, the TRBE writes the trace into a C memory model
 * behind an AXI4 slave with random backpressure and response latency.
 * Then, each step a PASS/FAIL line:
 *   - the ETE bytes the TRBE received equal the ETE model's (ts_tb, and
 *     the model run again here on the same records);
 *   - the memory image, TRBPTR_EL1 and TRBSR_EL1 equal the TRBE model's
 *     (ts_tb), and the buffer holds the stream's bytes where the trace
 *     buffer mode puts them (E1.2.2);
 *   - the buffer, read as software reads it (Fill mode: TRBBASER_EL1 to
 *     TRBPTR_EL1; Wrap and Circular Buffer mode after a wrap: from the
 *     first A-Sync packet after TRBPTR_EL1, D5.4), decoded by our decoder,
 *     is the captured execution (the round-trip oracle, every traced
 *     instruction of the part of the run the buffer holds);
 *   - an OpenCSD snapshot of that trace is decoded by OpenCSD: in process
 *     (element by element against ours) and by `trc_pkt_lister -ss_dir DIR
 *     -decode` (exit status, instruction count, errors).
 * It prints the figures (instructions, trace bytes, bits per instruction,
 * packet mix, cycles simulated and per second, wall time) and the verdict;
 * the exit status is 0 only on PASS.
 *
 *   ts-demo [--workload NAME|FILE.pe] [--insns N] [--fill-mode fill|wrap|circular]
 *           [--config NAME] [--seed S] [--buf-kb N] [--out DIR] [--waves FILE]
 *           [--no-ocsd] [--quiet]
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ete_decoder.h"
#include "ete_model.h"
#include "ete_oracle.h"
#include "ete_pkt.h"
#include "ete_regs.h"
#include "ete_roundtrip.h"
#include "ete_snapshot_read.h"
#include "harness.h"
#include "ocsd_ete.h"
#include "pe_stream.h"
#include "trbe_regs.h"
#include "ts_dut.h"
#include "ts_rtl_tb.h"

#define DEMO_WL        "gzip"
#define DEMO_INSNS     UINT64_C(3000000)   /* the capture `make demo` makes */
#define DEMO_BUF_BASE  0x80000000ull
#define DEMO_BUF_KB    1024u
#define DEMO_DIR       "build/demo"     /* TS_DEMO_DIR overrides (mk/demo.mk) */
#define DEMO_CONFIG    ETE_RT_ALL

typedef struct demo_opts {
    const char *workload;      /* NAME or FILE.pe */
    uint64_t insns;            /* 0: the whole capture */
    unsigned fill_mode;        /* enum trbe_fm */
    unsigned config;           /* ETE_RT_* */
    uint64_t seed;
    uint64_t buf_kb;
    const char *out;
    const char *waves;
    int ocsd, quiet;
} demo_opts;

static const char *fm_name(unsigned fm)
{
    return fm == TRBE_FM_FILL ? "fill" : fm == TRBE_FM_WRAP ? "wrap"
         : fm == TRBE_FM_CBUF ? "circular" : "?";
}

static const char *fm_title(unsigned fm)
{
    return fm == TRBE_FM_FILL ? "Fill mode" : fm == TRBE_FM_WRAP ? "Wrap mode"
         : "Circular Buffer mode";
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The demo's directory: captures build/demo/NAME-N.pe and the output. */
static const char *demo_dir(void)
{
    const char *d = getenv("TS_DEMO_DIR");
    return d && *d ? d : DEMO_DIR;
}

/* dst = src, cut to cap - 1 bytes */
static void copy_str(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = 0;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ts-demo [--workload NAME|FILE.pe] [--insns N] "
            "[--fill-mode fill|wrap|circular]\n"
            "               [--config NAME] [--seed S] [--buf-kb N] [--out DIR] "
            "[--waves FILE]\n"
            "               [--no-ocsd] [--quiet]\n"
            "  --workload  a capture: NAME is %s/NAME-<insns>.pe (make demo "
            "DEMO_WL=NAME),\n"
            "              else $WL_PE_DIR/NAME.pe (make workloads); default %s\n"
            "  --insns     use the first N instructions of the capture (default: all)\n"
            "  --fill-mode trace buffer mode (default fill)\n"
            "  --config    ETE configuration:", demo_dir(), DEMO_WL);
    for (unsigned c = 0; c < ETE_RT_NUM_CONFIGS; c++)
        if (c != ETE_RT_OVERFLOW)
            fprintf(f, " %s", ete_rt_config_name(c));
    fprintf(f, " (default %s)\n"
            "  --seed      AXI backpressure and latency, address comparators "
            "(default: from the clock)\n"
            "  --buf-kb    trace buffer size in KB, a multiple of 4 (default %u)\n"
            "  --out       directory for the OpenCSD snapshot (default %s)\n"
            "  --waves     write an FST waveform of the run\n"
            "  --no-ocsd   skip the OpenCSD decodes\n"
            "  --quiet     no progress display\n",
            ete_rt_config_name(DEMO_CONFIG), DEMO_BUF_KB, demo_dir());
}

static int parse_args(int argc, char **argv, demo_opts *o)
{
    memset(o, 0, sizeof *o);
    o->workload = DEMO_WL;
    o->fill_mode = TRBE_FM_FILL;
    o->config = DEMO_CONFIG;
    o->seed = (uint64_t)time(NULL) % 1000000u;
    o->buf_kb = DEMO_BUF_KB;
    o->out = demo_dir();
    o->ocsd = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--no-ocsd")) {
            o->ocsd = 0;
            continue;
        }
        if (!strcmp(a, "--quiet")) {
            o->quiet = 1;
            continue;
        }
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            exit(0);
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "ts-demo: %s needs a value\n", a);
            usage(stderr);
            return -1;
        }
        const char *v = argv[++i];
        if (!strcmp(a, "--workload")) {
            o->workload = v;
        } else if (!strcmp(a, "--out")) {
            o->out = v;
        } else if (!strcmp(a, "--waves")) {
            o->waves = v;
        } else if (!strcmp(a, "--seed") || !strcmp(a, "--insns") || !strcmp(a, "--buf-kb")) {
            uint64_t x;
            if (ete_parse_u64(v, &x)) {
                fprintf(stderr, "ts-demo: %s: '%s' is not a number\n", a, v);
                return -1;
            }
            if (!strcmp(a, "--seed")) {
                o->seed = x;
            } else if (!strcmp(a, "--insns")) {
                if (!x) {
                    fprintf(stderr, "ts-demo: --insns must be at least 1\n");
                    return -1;
                }
                o->insns = x;
            } else {
                /* the buffer is 4 KB aligned and a multiple of 4 KB (R_JMPCB) */
                if (!x || x % 4 || x > (1u << 20)) {
                    fprintf(stderr, "ts-demo: --buf-kb must be a multiple of 4 from 4 to "
                                    "1048576, not %s\n", v);
                    return -1;
                }
                o->buf_kb = x;
            }
        } else if (!strcmp(a, "--fill-mode")) {
            if (!strcmp(v, "fill"))
                o->fill_mode = TRBE_FM_FILL;
            else if (!strcmp(v, "wrap"))
                o->fill_mode = TRBE_FM_WRAP;
            else if (!strcmp(v, "circular"))
                o->fill_mode = TRBE_FM_CBUF;
            else {
                fprintf(stderr, "ts-demo: --fill-mode is fill, wrap or circular, not '%s'\n",
                        v);
                return -1;
            }
        } else if (!strcmp(a, "--config")) {
            unsigned c;
            for (c = 0; c < ETE_RT_NUM_CONFIGS; c++)
                if (!strcmp(v, ete_rt_config_name(c)))
                    break;
            if (c == ETE_RT_NUM_CONFIGS || c == ETE_RT_OVERFLOW) {
                /* "overflow" makes the model overflow at chosen points; in
                 * the RTL overflows happen or not, so it is not a choice */
                fprintf(stderr, "ts-demo: unknown --config '%s'\n", v);
                usage(stderr);
                return -1;
            }
            o->config = c;
        } else {
            fprintf(stderr, "ts-demo: unknown option '%s'\n", a);
            usage(stderr);
            return -1;
        }
    }
    return 0;
}

/* ---- the workload ------------------------------------------------------------ */

static int file_exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static int resolve_workload(const demo_opts *o, char *path, size_t len)
{
    const char *w = o->workload;
    size_t n = strlen(w);
    if (strchr(w, '/') || (n > 3 && !strcmp(w + n - 3, ".pe"))) {
        snprintf(path, len, "%s", w);
        if (file_exists(path))
            return 0;
        fprintf(stderr, "ts-demo: %s: no such file (make demo captures %s/%s-%" PRIu64
                ".pe)\n", w, demo_dir(), DEMO_WL, DEMO_INSNS);
        return -1;
    }
    for (const char *c = w; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_')) {
            fprintf(stderr, "ts-demo: '%s' is neither a workload name nor a .pe file\n", w);
            return -1;
        }
    /* the capture of that length, else the default one (cut to --insns) */
    const char *dd = demo_dir();
    snprintf(path, len, "%s/%s-%" PRIu64 ".pe", dd, w, o->insns ? o->insns : DEMO_INSNS);
    if (file_exists(path))
        return 0;
    snprintf(path, len, "%s/%s-%" PRIu64 ".pe", dd, w, DEMO_INSNS);
    if (file_exists(path))
        return 0;
    const char *dir = getenv("WL_PE_DIR");
    snprintf(path, len, "%s/%s.pe", dir && *dir ? dir : "build/workloads", w);
    if (file_exists(path))
        return 0;
    fprintf(stderr, "ts-demo: no capture of '%s': neither %s/%s-%" PRIu64 ".pe nor %s "
            "exists (make demo DEMO_WL=%s DEMO_INSNS=N captures one; make workloads the "
            "others)\n", w, dd, w, o->insns ? o->insns : DEMO_INSNS, path, w);
    return -1;
}

typedef struct wl_info {
    char name[128];
    uint64_t records, insns, el0, exc, calls, truncated_from;
    uint64_t image_bytes;
} wl_info;

static int load_workload(const demo_opts *o, const char *path, pe_stream *s, wl_info *w)
{
    char err[512];
    pe_stream_init(s);
    if (pe_stream_read(s, path, err, sizeof err)) {
        fprintf(stderr, "ts-demo: %s\n", err);
        return -1;
    }
    memset(w, 0, sizeof *w);
    const char *b = strrchr(path, '/');
    copy_str(w->name, sizeof w->name, b ? b + 1 : path);
    size_t nl = strlen(w->name);
    if (nl > 3 && !strcmp(w->name + nl - 3, ".pe"))
        w->name[nl - 3] = 0;
    if (o->insns) {
        uint64_t k = 0;
        for (size_t i = 0; i < s->nrec; i++)
            if (s->rec[i].kind == PE_KIND_INSN && ++k == o->insns) {
                if (i + 1 < s->nrec)
                    w->truncated_from = s->nrec;
                s->nrec = i + 1;
                break;
            }
    }
    w->records = s->nrec;
    for (size_t i = 0; i < s->nrec; i++) {
        const pe_rec *x = &s->rec[i];
        if (x->kind == PE_KIND_INSN) {
            w->insns++;
            w->el0 += x->el == 0;
        } else if (x->kind == PE_KIND_EXC) {
            w->exc++;
            w->calls += x->exc_type == PE_EXC_CALL;
        }
    }
    for (size_t i = 0; i < s->image.nseg; i++)
        w->image_bytes += s->image.seg[i].len;
    if (!w->insns) {
        fprintf(stderr, "ts-demo: %s holds no instructions\n", path);
        return -1;
    }
    return 0;
}

/* ---- the unit the RTL was built as -------------------------------------------- */

/* The ETE implementation choices of the Verilated subsystem: its parameter
 * set's ID registers are those of the model built with these. */
static void dut_ete_params(const ts_tb_dut *dut, ete_params *p)
{
    const ts_tb_params *d = &dut->params;
    p->rs_depth = d->ete_rs_depth;
    p->num_acpairs = d->ete_num_acpairs;
    p->num_events = d->ete_num_events;
    p->num_extin = d->ete_num_extin;
    p->ccsize = d->ete_ccsize;
    p->ccitmin = d->ete_ccitmin;
    p->commopt = d->ete_commopt;
    p->sync_lag = TS_TB_ETE_SYNC_LAG;
}

static const char *dut_set_name(const ts_tb_dut *dut)
{
    return dut->params.set ? dut->params.set : "?";
}

/* ---- progress ------------------------------------------------------------------- */

typedef struct progress {
    int tty, quiet, shown;
    double t0;
    unsigned next_pct;
} progress;

static void on_progress(void *ctx, uint64_t done, uint64_t total, uint64_t cycles)
{
    progress *p = ctx;
    if (p->quiet || !total)
        return;
    double el = now_s() - p->t0, frac = (double)done / (double)total;
    double cps = el > 0 ? (double)cycles / el : 0.0;
    unsigned pct = (unsigned)(100.0 * frac);
    if (p->tty) {
        char bar[33];
        unsigned fill = (unsigned)(32.0 * frac);
        for (unsigned i = 0; i < 32; i++)
            bar[i] = i < fill ? '#' : '.';
        bar[32] = 0;
        double eta = frac > 0.001 ? el * (1.0 - frac) / frac : 0.0;
        fprintf(stderr, "\r  [%s] %3u%%  %.2f M of %.2f M records  %.2f M cycles  "
                "%.0f cycles/s  ETA %.0f s \033[K", bar, pct, (double)done / 1e6,
                (double)total / 1e6, (double)cycles / 1e6, cps, eta);
        p->shown = 1;
    } else if (pct >= p->next_pct) {
        fprintf(stderr, "ts-demo: %3u%% of the records, %" PRIu64 " cycles, %.0f cycles/s\n",
                pct, cycles, cps);
        while (p->next_pct <= pct)
            p->next_pct += 20;
    }
}

static void progress_end(progress *p)
{
    if (p->tty && p->shown)
        fprintf(stderr, "\r\033[K");
    p->shown = 0;
}

/* ---- output ----------------------------------------------------------------------- */

#define OUT_WIDTH 96

/* indent spaces, label padded to labelw, then text word-wrapped at
 * OUT_WIDTH with continuation lines under the text */
static void wrap_text(unsigned indent, const char *label, unsigned labelw, const char *text)
{
    unsigned col = indent + labelw, pos;
    printf("%*s%-*s", (int)indent, "", (int)labelw, label);
    pos = col;
    const char *t = text;
    while (*t) {
        while (*t == ' ')
            t++;
        size_t wl = strcspn(t, " ");
        if (!wl)
            break;
        if (pos > col && pos + 1 + wl > OUT_WIDTH) {
            printf("\n%*s", (int)col, "");
            pos = col;
        } else if (pos > col) {
            putchar(' ');
            pos++;
        }
        fwrite(t, 1, wl, stdout);
        pos += (unsigned)wl;
        t += wl;
    }
    putchar('\n');
}

static void out(const char *label, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out(const char *label, const char *fmt, ...)
{
    char text[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    wrap_text(0, label, 15, text);
}

/* a figure: indented label */
static void fig(const char *label, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fig(const char *label, const char *fmt, ...)
{
    char text[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    wrap_text(2, label, 15, text);
}

/* a line among the checks that is not one */
static void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void note(const char *fmt, ...)
{
    char text[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    wrap_text(2, "----", 6, text);
}

/* ---- verdict items -------------------------------------------------------------- */

typedef struct verdict {
    unsigned items, failed;
    char first[768];
} verdict;

static void item(verdict *v, int ok, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void item(verdict *v, int ok, const char *what, const char *fmt, ...)
{
    char detail[1536];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    v->items++;
    if (!ok && !v->failed++)
        snprintf(v->first, sizeof v->first, "%.200s: %.500s", what, detail);
    char text[2048];
    snprintf(text, sizeof text, "%s: %s", what, detail);
    wrap_text(2, ok ? "PASS" : "FAIL", 6, text);
    fflush(stdout);
}

/* ---- decoding ------------------------------------------------------------------- */

typedef struct decoded {
    ete_elem_list l;
    uint64_t insns, exc, ranges, trace_on;
    unsigned errors;
    char err[512];
} decoded;

static int decode(const ete_dec_cfg *dc, const pe_image *img, const uint8_t *b, size_t len,
                  decoded *d)
{
    memset(d, 0, sizeof *d);
    ete_decoder *dec = ete_decoder_new(dc, ete_rt_mem_read, (void *)img, ete_elem_list_push,
                                       &d->l, d->err, sizeof d->err);
    if (!dec)
        return -1;
    size_t used = 0;
    if (ete_decoder_feed(dec, b, len, &used) != 0 || used != len) {
        snprintf(d->err, sizeof d->err, "decoder stopped after %zu of %zu bytes", used, len);
        ete_decoder_free(dec);
        return -1;
    }
    ete_decoder_finish(dec);
    d->insns = ete_decoder_insn_count(dec);
    d->errors = ete_decoder_errors(dec);
    if (d->errors)
        snprintf(d->err, sizeof d->err, "%s", ete_decoder_last_error(dec));
    ete_decoder_free(dec);
    if (d->l.oom) {
        snprintf(d->err, sizeof d->err, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < d->l.n; i++) {
        d->exc += d->l.e[i].kind == ETE_ELEM_EXCEPTION;
        d->ranges += d->l.e[i].kind == ETE_ELEM_RANGE && d->l.e[i].n_insn;
        d->trace_on += d->l.e[i].kind == ETE_ELEM_TRACE_ON;
    }
    return 0;
}

/* Index of the record after the one that decoded instruction 'count'
 * (1-based) of l is, matched as the oracle matches (ete_oracle.c: each
 * instruction is the next record at its address, records of failed
 * transactions aside); 0 for count 0, SIZE_MAX when unmatched.  Decoded
 * instructions are not simply the traced ones in order: the instruction
 * block that holds an instruction ViewInst traces is traced whole (D6.8.4.2
 * I_VFYXG), which the oracle accepts. */
static size_t after_decoded(const pe_stream *s, const uint8_t *vi, const ete_elem_list *l,
                            uint64_t count)
{
    size_t q = 0;
    uint64_t k = 0;
    for (size_t i = 0; i < l->n && k < count; i++) {
        const ete_elem *e = &l->e[i];
        if (e->kind != ETE_ELEM_RANGE)
            continue;
        for (uint32_t j = 0; j < e->n_insn && k < count; j++, k++) {
            uint64_t a = e->start + 4u * (uint64_t)j;
            while (q < s->nrec && !(s->rec[q].kind == PE_KIND_INSN && s->rec[q].pc == a &&
                                    vi[q] != ETE_VI_DOOMED))
                q++;
            if (q == s->nrec)
                return SIZE_MAX;
            q++;
        }
    }
    return k == count ? q : SIZE_MAX;
}

/* The oracle starts the ViewInst start/stop state of the records it checks
 * at TRCVICTLR.SSSTATUS (D6.8.2).  For records k0.. of s, rv gets the
 * SSSTATUS with which ViewInst of those records alone is ViewInst of the
 * whole run there (vi).  Returns -1 when memory runs out. */
static int tail_ss_state(const pe_stream *s, const ete_progregs *r, unsigned num_acpairs,
                         const uint8_t *vi, size_t k0, ete_progregs *rv)
{
    pe_stream part = *s;
    part.rec = s->rec + k0;
    part.nrec = s->nrec - k0;
    uint8_t *v2 = malloc(part.nrec ? part.nrec : 1);
    if (!v2)
        return -1;
    *rv = *r;
    for (int ss = 1; ss >= 0; ss--) {
        rv->trcvictlr = ss ? r->trcvictlr | TRCVICTLR_SSSTATUS
                           : r->trcvictlr & ~TRCVICTLR_SSSTATUS;
        ete_oracle_viewinst(&part, rv, num_acpairs, v2);
        if (!memcmp(v2, vi + k0, part.nrec))
            break;
    }
    free(v2);
    return 0;
}

/* ---- packets -------------------------------------------------------------------- */

typedef struct pkt_mix {
    uint64_t n[ETE_PKT_TYPE_COUNT];
    uint64_t total;
    size_t parsed;      /* bytes in whole packets */
    int bad;            /* a byte sequence that is no packet */
    size_t bad_off;
    const char *bad_err;
} pkt_mix;

/* Our parser over b[0..len): counts per type; stops at a bad packet, or at
 * a packet the end cuts (parsed < len). */
static void parse_mix(const ete_pkt_cfg *pc, const uint8_t *b, size_t len, pkt_mix *m)
{
    memset(m, 0, sizeof *m);
    size_t i = 0;
    while (i < len) {
        ete_pkt pk;
        int r = ete_pkt_parse(pc, b + i, len - i, &pk);
        if (r == ETE_PKT_BAD) {
            m->bad = 1;
            m->bad_off = i + pk.err_off;
            m->bad_err = pk.err;
            break;
        }
        if (r == ETE_PKT_NEED_MORE)
            break;
        m->n[pk.type]++;
        m->total++;
        i += (size_t)r;
    }
    m->parsed = i;
}

static void print_mix(const pkt_mix *m)
{
    unsigned order[ETE_PKT_TYPE_COUNT], k = 0;
    for (unsigned t = 0; t < ETE_PKT_TYPE_COUNT; t++)
        if (m->n[t])
            order[k++] = t;
    for (unsigned i = 1; i < k; i++)
        for (unsigned j = i; j > 0 && m->n[order[j]] > m->n[order[j - 1]]; j--) {
            unsigned x = order[j];
            order[j] = order[j - 1];
            order[j - 1] = x;
        }
    char text[1024];
    int n = snprintf(text, sizeof text, "%" PRIu64 " of %u types:", m->total, k);
    uint64_t rest = m->total;
    unsigned shown = k < 8 ? k : 8;
    for (unsigned i = 0; i < shown && n > 0 && (size_t)n < sizeof text; i++) {
        n += snprintf(text + n, sizeof text - (size_t)n, "%s %s %.1f%%", i ? "," : "",
                      ete_pkt_name(order[i]),
                      m->total ? 100.0 * (double)m->n[order[i]] / (double)m->total : 0.0);
        rest -= m->n[order[i]];
    }
    if (k > shown && n > 0 && (size_t)n < sizeof text)
        snprintf(text + n, sizeof text - (size_t)n, ", %u other types %.1f%%", k - shown,
                 m->total ? 100.0 * (double)rest / (double)m->total : 0.0);
    wrap_text(2, "packets", 15, text);
}

/* ---- OpenCSD's trc_pkt_lister --------------------------------------------------- */

typedef struct lister {
    int ran, status, signal;
    uint64_t insns, ranges, exc, trace_on, no_sync, nacc, errors, eot;
    uint64_t processed, unsynced, bad_hdr, bad_seq;
    char first_error[256];
} lister;

static void lister_line(lister *L, const char *line)
{
    const char *p;
    if ((p = strstr(line, "OCSD_GEN_TRC_ELEM_INSTR_RANGE(")) ||
        (p = strstr(line, "OCSD_GEN_TRC_ELEM_I_RANGE_NOPATH("))) {
        const char *q = strstr(p, "num_i(");
        if (q)
            L->insns += strtoull(q + 6, NULL, 10);
        L->ranges++;
    } else if (strstr(line, "OCSD_GEN_TRC_ELEM_EXCEPTION(")) {
        L->exc++;
    } else if (strstr(line, "OCSD_GEN_TRC_ELEM_TRACE_ON(")) {
        L->trace_on++;
    } else if (strstr(line, "OCSD_GEN_TRC_ELEM_NO_SYNC(")) {
        L->no_sync++;
    } else if (strstr(line, "OCSD_GEN_TRC_ELEM_ADDR_NACC(")) {
        L->nacc++;
    } else if (strstr(line, "OCSD_GEN_TRC_ELEM_EO_TRACE(")) {
        L->eot++;
    }
    if (strstr(line, "OCSD_ERR_")) {
        if (!L->errors++) {
            copy_str(L->first_error, sizeof L->first_error, line);
            size_t n = strlen(L->first_error);
            while (n && (L->first_error[n - 1] == '\n' || L->first_error[n - 1] == '\r'))
                L->first_error[--n] = 0;
        }
    }
    if ((p = strstr(line, "Trace buffer done, processed ")))
        L->processed = strtoull(p + 29, NULL, 10);
    if ((p = strstr(line, "Unsynced Bytes: ")))
        L->unsynced = strtoull(p + 16, NULL, 10);
    if ((p = strstr(line, "Bad Header Errors: ")))
        L->bad_hdr = strtoull(p + 19, NULL, 10);
    if ((p = strstr(line, "Bad Sequence Errors: ")))
        L->bad_seq = strtoull(p + 21, NULL, 10);
}

/* Start trc_pkt_lister -ss_dir dir -decode -stats -logfilename out_txt (its
 * output, about 180 bytes per trace byte, in a file: much faster than
 * through a pipe; OpenCSD 1.3.3 appends to that file, and with -logstdout
 * it also appends to trc_pkt_lister.ppl in the working directory, so
 * neither is used).  It runs while the demo decodes.  Returns its process
 * id, or -1 with err. */
static pid_t lister_start(const char *dir, const char *out_txt, char *err, size_t errlen)
{
    if (unlink(out_txt) && errno != ENOENT) {
        snprintf(err, errlen, "%.300s: %s", out_txt, strerror(errno));
        return -1;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd < 0)
            _exit(126);
        dup2(fd, 1);
        dup2(fd, 2);
        close(fd);
        execlp("trc_pkt_lister", "trc_pkt_lister", "-ss_dir", dir, "-decode", "-stats",
               "-logfilename", out_txt, (char *)NULL);
        _exit(127);
    }
    return pid;
}

/* Wait for the lister and read its output.  Returns 0 when it ran. */
static int lister_finish(pid_t pid, const char *out_txt, lister *L, char *err, size_t errlen)
{
    int st = 0;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, errlen, "waitpid: %s", strerror(errno));
            return -1;
        }
    L->ran = 1;
    if (WIFEXITED(st)) {
        L->status = WEXITSTATUS(st);
        if (L->status == 126 || L->status == 127) {
            snprintf(err, errlen, "%s", L->status == 126 ? "cannot open /dev/null"
                     : "trc_pkt_lister could not be run (make deps installs libopencsd-bin)");
            return -1;
        }
    } else if (WIFSIGNALED(st)) {
        L->signal = WTERMSIG(st);
    }
    FILE *f = fopen(out_txt, "r");
    if (!f) {
        snprintf(err, errlen, "%.300s: %s", out_txt, strerror(errno));
        return -1;
    }
    char line[4096];
    while (fgets(line, sizeof line, f))
        lister_line(L, line);
    fclose(f);
    return 0;
}

/* ---- files ---------------------------------------------------------------------- */

static int mkdir_p(const char *path)
{
    char tmp[1024];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(tmp, 0755) && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return mkdir(tmp, 0755) && errno != EEXIST ? -1 : 0;
}

/* ---- the replay line ----------------------------------------------------------- */

static void print_replay(const demo_opts *o, const char *path, int fm_given)
{
    char args[512];
    int k = snprintf(args, sizeof args, "--seed %" PRIu64, o->seed);
    if (o->config != DEMO_CONFIG)
        k += snprintf(args + k, sizeof args - (size_t)k, " --config %s",
                      ete_rt_config_name(o->config));
    if (fm_given || o->fill_mode != TRBE_FM_FILL)
        k += snprintf(args + k, sizeof args - (size_t)k, " --fill-mode %s",
                      fm_name(o->fill_mode));
    if (o->buf_kb != DEMO_BUF_KB)
        k += snprintf(args + k, sizeof args - (size_t)k, " --buf-kb %" PRIu64, o->buf_kb);
    if (o->insns)
        snprintf(args + k, sizeof args - (size_t)k, " --insns %" PRIu64, o->insns);
    /* <demo dir>/NAME-N.pe is what `make demo DEMO_WL=NAME DEMO_INSNS=N` uses */
    char name[128] = "";
    uint64_t cap = 0;
    const char *b = strrchr(path, '/');
    const char *dash = strrchr(path, '-');
    size_t dl = strlen(demo_dir());
    if (!strncmp(path, demo_dir(), dl) && path[dl] == '/' && b == path + dl && dash &&
        dash > b && (size_t)(dash - b - 1) < sizeof name) {
        memcpy(name, b + 1, (size_t)(dash - b - 1));
        name[dash - b - 1] = 0;
        char *e;
        cap = strtoull(dash + 1, &e, 10);
        if (strcmp(e, ".pe"))
            name[0] = 0;
    }
    if (name[0]) {
        char mk[256] = "";
        int m = 0;
        if (strcmp(name, DEMO_WL))
            m += snprintf(mk + m, sizeof mk - (size_t)m, " DEMO_WL=%s", name);
        if (cap != DEMO_INSNS)
            snprintf(mk + m, sizeof mk - (size_t)m, " DEMO_INSNS=%" PRIu64, cap);
        printf("replay: make demo%s DEMO_ARGS=\"%s\"\n", mk, args);
    } else {
        printf("replay: make demo DEMO_ARGS=\"--workload %s %s\"\n", path, args);
    }
}

/* ---- one run -------------------------------------------------------------------- */

/* What a run carries from the setup through the checks to the figures. */
typedef struct demo {
    demo_opts o;
    int fm_given;                /* --fill-mode was on the command line */
    double t_start;
    char path[1024];             /* the capture */
    pe_stream s;
    wl_info w;
    ts_tb_dut *dut;              /* the Verilated subsystem, until the run ends */
    ete_params p;                /* the ETE the RTL was built as */
    ete_progregs r;              /* its programming */
    ete_idregs id;
    uint8_t *vi;                 /* ViewInst of each record (D6.8.1) */
    uint64_t traced;             /* instructions ViewInst traces */
    ts_tb_opts to;
    progress pg;
    ts_tb_result res;
    int trc;                     /* ts_tb_run's status: 0 when ts_tb's checks passed */
    verdict v;
    /* the buffer as software reads it (check 3) */
    ete_dec_cfg dc;
    ete_pkt_cfg pc;
    int wrapped;                 /* the buffer filled or wrapped */
    int tail;                    /* Wrap or Circular Buffer mode after a wrap */
    int whole;                   /* the buffer holds the whole run */
    uint8_t *lin;                /* the ring made linear, oldest byte first (tail) */
    size_t valid;                /* bytes software may read */
    size_t async_at;             /* the decode's start in lin (tail) */
    size_t cut;                  /* bytes of a packet the end of a full buffer cut */
    const uint8_t *dec_b;        /* the bytes decoded */
    size_t dec_len;
    pkt_mix mix_buf;             /* their packets */
    uint64_t model_pkts[ETE_ENC_PKT_COUNT];
    decoded dfull;               /* every byte of the RTL's stream (a part in the buffer) */
    decoded dbuf;                /* the buffer */
    pe_stream view;              /* the records the RTL took */
    size_t k0, k1;               /* the records of view the buffer covers */
    int whole_done;              /* the whole run decoded and checked */
    /* the snapshot and OpenCSD (check 4) */
    char ss_dir[1100], ss_txt[1100], ss_err[1024];
    int ss_ok;
    pid_t lister_pid;            /* trc_pkt_lister while it runs, else -1 */
    double t_lister, lister_s;
    lister L;
    int lister_done;
} demo;

/* ---- setup ---------------------------------------------------------------------- */

/* The options, the capture and its line.  Returns 0, else the exit status. */
static int setup_workload(demo *d, int argc, char **argv)
{
    if (parse_args(argc, argv, &d->o))
        return 2;
    for (int i = 1; i < argc; i++)
        d->fm_given |= !strcmp(argv[i], "--fill-mode");
    setvbuf(stdout, NULL, _IOLBF, 0);

    if (resolve_workload(&d->o, d->path, sizeof d->path))
        return 2;
    printf("Trace subsystem demo, seed %" PRIu64 "\n", d->o.seed);
    print_replay(&d->o, d->path, d->fm_given);
    printf("\n");

    if (load_workload(&d->o, d->path, &d->s, &d->w))
        return 2;
    const wl_info *w = &d->w;
    char cut_note[96] = "";
    if (w->truncated_from)
        snprintf(cut_note, sizeof cut_note, " (the first of %" PRIu64 ": --insns)",
                 w->truncated_from);
    out("workload", "%s (%s): %" PRIu64 " records%s, %" PRIu64 " instructions (%" PRIu64
        " at EL0), %" PRIu64 " exceptions (%" PRIu64 " system calls); program image %zu "
        "segments, %" PRIu64 " bytes", w->name, d->path, w->records, cut_note, w->insns,
        w->el0, w->exc, w->calls, d->s.image.nseg, w->image_bytes);
    return 0;
}

/* The subsystem model and the ETE's programming, ViewInst of every record
 * and the ETE line.  Returns 0, else the exit status. */
static int setup_ete(demo *d)
{
    char err[1024];
    d->dut = ts_dut_new(err, sizeof err);
    if (!d->dut) {
        fprintf(stderr, "ts-demo: the subsystem model: %s\n", err);
        return 2;
    }

    /* ETE: the configuration by name, on the unit the RTL was built as;
     * EL1 is not traced (the kernel is not in the capture, only an ERET per
     * entry; docs/workloads.md 2.3): TRCVICTLR.EXLEVEL_NS[1] = 1, D6.8.1
     * R_LWYJR. */
    ete_params *p = &d->p;
    ete_progregs *r = &d->r;
    ete_rt_config(d->o.config, d->o.seed, &d->s, p, r);
    dut_ete_params(d->dut, p);
    if ((r->trcconfigr & TRCCONFIGR_RS) && !p->rs_depth)
        r->trcconfigr &= ~TRCCONFIGR_RS;
    r->trcvictlr |= TRCVICTLR_EXLEVEL_NS(1);
    uint64_t buf_size = d->o.buf_kb * 1024u;
    if (d->o.fill_mode != TRBE_FM_FILL && !p->syncpr_fixed &&
        (!r->trcsyncpr || (1ull << r->trcsyncpr) > buf_size / 4)) {
        /* after a wrap the decode starts at an A-Sync packet in the buffer:
         * periodic synchronisation (D1.9.2 I_YPRYM, R_VMPYW) at least four
         * times per buffer; TRCSYNCPR.PERIOD is log2 of the bytes between
         * synchronisation requests */
        unsigned per = 8;
        while (per < 20 && (2ull << per) <= buf_size / 4)
            per++;
        r->trcsyncpr = per;
    }
    if (ete_params_check(p, err, sizeof err)) {
        fprintf(stderr, "ts-demo: subsystem ETE parameters: %s\n", err);
        return 2;
    }
    ete_model_idregs(p, &d->id);
    /* ViewInst of every record (D6.8.1), as the oracle computes it */
    d->vi = malloc(d->s.nrec ? d->s.nrec : 1);
    if (!d->vi) {
        fprintf(stderr, "ts-demo: out of memory\n");
        return 2;
    }
    ete_oracle_viewinst(&d->s, r, p->num_acpairs, d->vi);
    for (size_t i = 0; i < d->s.nrec; i++)
        d->traced += d->s.rec[i].kind == PE_KIND_INSN && d->vi[i] == ETE_VI_TRACED;
    out("ETE", "config %s: TRCCONFIGR=0x%08" PRIx32 " TRCVICTLR=0x%08" PRIx32
        " (EL1 not traced) TRCSYNCPR=%" PRIu32 " TRCCCCTLR=%" PRIu32,
        ete_rt_config_name(d->o.config), r->trcconfigr, r->trcvictlr, r->trcsyncpr,
        r->trcccctlr);
    return 0;
}

/* The bench's options: the TRBE's mode and buffer, the memory model's
 * backpressure and latency and the PE's idle clocks (drawn from the seed),
 * and their lines. */
static void setup_trbe(demo *d)
{
    ts_tb_opts *to = &d->to;
    ts_tb_opts_default(to);
    to->seed = d->o.seed;
    to->ete = d->r;
    to->trbe_fill_mode = d->o.fill_mode;
    to->buf_base = DEMO_BUF_BASE;
    to->buf_size = d->o.buf_kb * 1024u;
    harness_rng rng;
    harness_rng_init(&rng, d->o.seed, 0x7453444D4Full);   /* "tsDMO" */
    to->p_awready = 0.35 + 0.6 * harness_rng_unit(&rng);
    to->p_wready = 0.35 + 0.6 * harness_rng_unit(&rng);
    to->b_lat_min = (unsigned)harness_rng_below(&rng, 4);
    to->b_lat_max = to->b_lat_min + (unsigned)harness_rng_below(&rng, 30);
    to->pe_idle = 0.05 * harness_rng_unit(&rng);
    to->waves = d->o.waves;
    d->pg = (progress){isatty(2), d->o.quiet, 0, 0.0, 20};
    to->progress = on_progress;
    to->progress_ctx = &d->pg;
    out("TRBE", "%s, %" PRIu64 " KB buffer at 0x%" PRIx64 "; memory model: AWREADY %.0f%%, "
        "WREADY %.0f%% of clocks, write response after %u..%u clocks",
        fm_title(d->o.fill_mode), d->o.buf_kb, to->buf_base, 100.0 * to->p_awready,
        100.0 * to->p_wready, to->b_lat_min, to->b_lat_max);
    out("PE", "%.1f%% idle clocks; stalled by the ETE when its FIFO fills "
        "(TRCSTALLCTLR.ISTALL)", 100.0 * to->pe_idle);
    out("simulating", "trace_subsystem under Verilator, parameter set %s: %u instructions "
        "retired per clock, %u-byte ETE output, %u-bit AXI, %u-beat bursts",
        dut_set_name(d->dut), d->dut->params.retire_width, d->dut->params.out_bytes,
        8 * d->dut->params.data_bytes, d->dut->params.burst_beats);
    fflush(stdout);
}

/* ---- the run -------------------------------------------------------------------- */

/* The subsystem on the records; afterwards each record carries the cycle
 * and timestamp of the slot that carried it into the ETE. */
static void demo_run(demo *d)
{
    ts_tb_result *res = &d->res;
    d->pg.t0 = now_s();
    d->trc = ts_tb_run(d->dut, &d->to, &d->s, res);
    progress_end(&d->pg);
    ts_dut_free(d->dut);
    d->dut = NULL;
    out("", "%" PRIu64 " records in %" PRIu64 " cycles, %.1f s (%.0f cycles/s); %" PRIu64
        " AXI bursts, %" PRIu64 " beats; the PE stalled %" PRIu64 " cycles", res->records,
        res->cycles, res->seconds, res->seconds > 0 ? (double)res->cycles / res->seconds : 0.0,
        res->axi_bursts, res->axi_beats, res->stall_cycles);

    /* what the ETE saw: each record's cycle and timestamp are those of the
     * slot that carries it, the clock it was presented in and ts_i then
     * (docs/pe-blocks.md 1); the oracle follows the records with these */
    if (!res->dropped) {
        size_t ri = 0;
        for (size_t i = 0; i < res->nete_slots; i++) {
            size_t nr = pe_blk_nrecs(&res->ete_slots[i]);
            for (size_t k = 0; k < nr && ri < d->s.nrec; k++, ri++) {
                d->s.rec[ri].cycle = res->ete_slots[i].cycle;
                d->s.rec[ri].timestamp = res->ete_slots[i].timestamp;
            }
        }
    }
}

/* ---- check 1: the RTL's ETE bytes against the model's ---------------------------- */

/* The model's block path run here on the slots the ETE took.  Returns -1
 * when the checks cannot go on. */
static int check_trace_bytes(demo *d)
{
    const ts_tb_result *res = &d->res;
    if (!res->trace && d->trc) {
        item(&d->v, 0, "subsystem run", "%s", res->msg);
        return -1;
    }
    char err[1024];
    ete_model *m = ete_model_new(&d->p, &d->r, err, sizeof err);
    if (!m) {
        item(&d->v, 0, "ETE model", "%s", err);
        return -1;
    }
    ete_model_blocks(m, res->ete_slots, res->nete_slots);
    ete_model_finish(m);
    size_t mlen = 0;
    const uint8_t *mb = ete_model_bytes(m, &mlen);
    memcpy(d->model_pkts, ete_model_pkt_counts(m), sizeof d->model_pkts);
    size_t diff = 0;
    while (diff < mlen && diff < res->ntrace && mb[diff] == res->trace[diff])
        diff++;
    int same = mlen == res->ntrace && diff == mlen;
    if (res->dropped) {
        /* records the ETE dropped (its FIFO overflowed, D6.4) change the
         * bytes; only ts_tb, which fed the model what the RTL took, can
         * compare them */
        item(&d->v, d->trc == 0, "RTL trace bytes == ETE model bytes",
             "%zu bytes; %" PRIu64 " records dropped in %" PRIu64 " overflows (ts_tb: %s)",
             res->ntrace, res->dropped, res->overflows, d->trc ? res->msg : "equal");
    } else if (same) {
        item(&d->v, 1, "RTL trace bytes == ETE model bytes", "%zu bytes, every byte equal",
             res->ntrace);
    } else {
        item(&d->v, 0, "RTL trace bytes == ETE model bytes",
             "RTL %zu bytes, model %zu; first difference at byte %zu%s%s", res->ntrace,
             mlen, diff, d->trc ? "; ts_tb: " : "", d->trc ? res->msg : "");
    }
    ete_model_free(m);
    return 0;
}

/* ---- check 2: the memory image --------------------------------------------------- */

/* ts_tb compared the image and the registers with the TRBE model; here,
 * the bytes must be where the buffer mode puts them (E1.2.2). */
static void check_memory_image(demo *d)
{
    const ts_tb_result *res = &d->res;
    size_t n = res->ntrace;
    uint64_t base = d->to.buf_base, size = d->to.buf_size;
    d->wrapped = (res->trbsr & TRBSR_WRAP) != 0 || n >= size;
    uint64_t want_ptr;
    size_t bad_at = SIZE_MAX;
    if (d->o.fill_mode == TRBE_FM_FILL) {
        /* R_MBSHC: when full, the pointer wraps to the base and collection stops */
        want_ptr = n >= size ? base : base + n;
        for (size_t i = 0; i < n && i < size && bad_at == SIZE_MAX; i++)
            if (res->buf[i] != res->trace[i])
                bad_at = i;
    } else {
        /* R_VBDJZ, I_GDSTS: the pointer wraps and collection goes on */
        want_ptr = base + n % size;
        for (size_t t = n > size ? n - (size_t)size : 0; t < n && bad_at == SIZE_MAX; t++)
            if (res->buf[t % size] != res->trace[t])
                bad_at = (size_t)(t % size);
    }
    int fill_stop_ok = d->o.fill_mode != TRBE_FM_FILL || n < size || (res->trbsr & TRBSR_S);
    int ok = d->trc == 0 && bad_at == SIZE_MAX && res->trbptr == want_ptr && fill_stop_ok;
    char why[1200] = "";
    if (d->trc)
        snprintf(why, sizeof why, "; ts_tb: %s", res->msg);
    else if (bad_at != SIZE_MAX)
        snprintf(why, sizeof why, "; byte at 0x%" PRIx64 " is not the stream's",
                 base + bad_at);
    else if (res->trbptr != want_ptr)
        snprintf(why, sizeof why, "; TRBPTR_EL1 should be 0x%" PRIx64, want_ptr);
    else if (!fill_stop_ok)
        snprintf(why, sizeof why, "; the buffer filled but TRBSR_EL1.S is 0 (R_MBSHC)");
    item(&d->v, ok, "memory image, TRBPTR/TRBSR == TRBE model",
         "TRBPTR_EL1=0x%" PRIx64 " TRBSR_EL1=0x%" PRIx64 "%s%s", res->trbptr, res->trbsr,
         d->wrapped ? (d->o.fill_mode == TRBE_FM_FILL ? " (full: collection stopped)"
                                                      : " (wrapped)") : "", why);
}

/* ---- check 3: the buffer as software reads it, decoded, against the capture ------ */

/* The bytes software reads (dec_b, dec_len) and their packets: Fill mode
 * from TRBBASER_EL1; after a wrap from the first A-Sync packet after
 * TRBPTR_EL1.  Returns -1 when the checks cannot go on. */
static int buffer_window(demo *d)
{
    const ts_tb_result *res = &d->res;
    uint64_t base = d->to.buf_base, size = d->to.buf_size;
    d->valid = d->wrapped ? (size_t)size : (size_t)(res->trbptr - base);
    if (res->trbptr < base || res->trbptr > base + size)
        d->valid = 0;
    d->tail = d->wrapped && d->o.fill_mode != TRBE_FM_FILL;
    if (d->tail) {
        /* the oldest byte is at TRBPTR_EL1: make the ring linear, and start
         * at the first A-Sync packet (D5.4) */
        d->lin = malloc((size_t)size);
        if (!d->lin) {
            item(&d->v, 0, "decode", "out of memory");
            return -1;
        }
        size_t at = (size_t)(res->trbptr - base);
        memcpy(d->lin, res->buf + at, (size_t)size - at);
        memcpy(d->lin + ((size_t)size - at), res->buf, at);
        if (!ete_pkt_find_async(d->lin, d->valid, &d->async_at)) {
            item(&d->v, 0, "buffer decoded == capture", "no A-Sync packet in the %zu bytes "
                 "of the wrapped buffer", d->valid);
            return -1;
        }
        /* the run of zeros may begin with the last bytes of the packet
         * before: the A-Sync packet is the 11 zero bytes before its 0x80
         * (D5.4) */
        size_t end = d->async_at;
        while (end < d->valid && !d->lin[end])
            end++;
        d->async_at = end - ETE_ASYNC_MIN_ZEROS;
        d->dec_b = d->lin + d->async_at;
        d->dec_len = d->valid - d->async_at;
    } else {
        d->dec_b = res->buf;
        d->dec_len = d->valid;
    }
    parse_mix(&d->pc, d->dec_b, d->dec_len, &d->mix_buf);
    if (d->mix_buf.bad) {
        item(&d->v, 0, "buffer decoded == capture", "byte %zu of the buffer%s: %s",
             (size_t)((d->dec_b - (d->tail ? d->lin : res->buf)) + d->mix_buf.bad_off),
             d->tail ? " (from TRBPTR_EL1)" : "", d->mix_buf.bad_err);
        return -1;
    }
    if (d->mix_buf.parsed < d->dec_len) {
        /* only a full buffer may end inside a packet: the rest of it was
         * not collected (R_MBSHC) */
        d->cut = d->dec_len - d->mix_buf.parsed;
        if (!(d->o.fill_mode == TRBE_FM_FILL && d->wrapped)) {
            item(&d->v, 0, "buffer decoded == capture", "the trace ends inside a packet "
                 "(%zu bytes at buffer offset %zu)", d->cut, d->mix_buf.parsed);
            return -1;
        }
        d->dec_len = d->mix_buf.parsed;
    }
    return 0;
}

/* The snapshot of what is decoded, and OpenCSD's lister on it, which runs
 * while the checks after this do. */
static void snapshot_start(demo *d)
{
    snprintf(d->ss_dir, sizeof d->ss_dir, "%s/snapshot", d->o.out);
    snprintf(d->ss_txt, sizeof d->ss_txt, "%s/trc_pkt_lister.txt", d->o.out);
    if (mkdir_p(d->o.out)) {
        snprintf(d->ss_err, sizeof d->ss_err, "cannot create %s: %s", d->o.out,
                 strerror(errno));
    } else if (ete_snapshot_write(d->ss_dir, &d->id, &d->r, &d->s.image, d->dec_b, d->dec_len,
                                  d->ss_err, sizeof d->ss_err) == 0) {
        d->ss_ok = 1;
        if (d->o.ocsd) {
            d->t_lister = now_s();
            d->lister_pid = lister_start(d->ss_dir, d->ss_txt, d->ss_err, sizeof d->ss_err);
        }
    }
}

/* The buffer holds part of the run: the oracle checks the records that
 * part covers (k0..k1 of view).  Decoded instruction i is the i-th traced
 * instruction (the oracle allows no gaps), so the whole stream's decode
 * places the part: a head (Fill mode, full) is the first instructions, a
 * tail (after a wrap) the last ones.  Returns -1 when the checks cannot go
 * on. */
static int place_part(demo *d)
{
    const ts_tb_result *res = &d->res;
    if (decode(&d->dc, &d->s.image, res->trace, res->ntrace, &d->dfull) || d->dfull.errors) {
        item(&d->v, 0, "RTL byte stream decoded == capture",
             "our decoder on all %zu bytes: %u errors: %s", res->ntrace, d->dfull.errors,
             d->dfull.err);
        return -1;
    }
    ete_oracle_stats fst;
    char msg[1024];
    int frc = ete_oracle_check(&d->view, &d->r, d->p.num_acpairs, d->p.ccsize, NULL, 0,
                               d->dfull.l.e, d->dfull.l.n, &fst, msg, sizeof msg);
    if (frc)
        item(&d->v, 0, "RTL byte stream decoded == capture", "oracle: %s", msg);
    else
        item(&d->v, 1, "RTL byte stream decoded == capture", "all %zu bytes: %" PRIu64
             " instructions, %" PRIu64 " exceptions", res->ntrace, fst.insn_checked,
             fst.exc_checked);
    if (d->dbuf.insns > d->dfull.insns) {
        item(&d->v, 0, "buffer decoded == capture", "the buffer decodes to %" PRIu64
             " instructions, the whole stream to %" PRIu64, d->dbuf.insns, d->dfull.insns);
        return -1;
    }
    const pe_stream *view = &d->view;
    if (d->tail) {
        size_t a = after_decoded(view, d->vi, &d->dfull.l, d->dfull.insns - d->dbuf.insns);
        d->k0 = a == SIZE_MAX ? view->nrec : a;
        /* The first Cycle Count element of a decode that starts at an
         * A-Sync packet counts from the Cycle Count element before it
         * (R_BMVKB), which is before the tail: the oracle cannot place it
         * in the records it checks here, so it is checked as UNKNOWN;
         * the whole stream's decode above checked its value.  The
         * Context and Target Address elements after the Trace Info
         * element (D1.9.3 R_SVGNN) start the tail's instruction ranges. */
        for (size_t i = 0; i < d->dbuf.l.n; i++)
            if (d->dbuf.l.e[i].kind == ETE_ELEM_CYCLE_COUNT) {
                d->dbuf.l.e[i].cc_valid = 0;
                break;
            }
    } else {
        /* the records after the head's last instruction that must be
         * traced are not in the buffer */
        size_t a = after_decoded(view, d->vi, &d->dbuf.l, d->dbuf.insns);
        if (a != SIZE_MAX)
            for (d->k1 = a; d->k1 < view->nrec; d->k1++)
                if (view->rec[d->k1].kind == PE_KIND_INSN && d->vi[d->k1] == ETE_VI_TRACED)
                    break;
    }
    return 0;
}

/* The oracle on the records k0..k1 against the buffer's decode, and (the
 * whole run) our packet parser against the model's packet counts.  Returns
 * -1 when the checks cannot go on. */
static int check_part(demo *d)
{
    const pe_stream *view = &d->view;
    pe_stream part = *view;
    part.rec = view->rec + d->k0;
    part.nrec = d->k1 - d->k0;
    ete_progregs rv = d->r;
    if (d->k0 && tail_ss_state(view, &d->r, d->p.num_acpairs, d->vi, d->k0, &rv)) {
        item(&d->v, 0, "buffer decoded == capture", "out of memory");
        return -1;
    }
    ete_oracle_stats st;
    char msg[1024];
    int orc = ete_oracle_check(&part, &rv, d->p.num_acpairs, d->p.ccsize, NULL, 0,
                               d->dbuf.l.e, d->dbuf.l.n, &st, msg, sizeof msg);
    char where[256];
    if (d->whole)
        snprintf(where, sizeof where, "TRBBASER_EL1..TRBPTR_EL1, %zu bytes: the whole run",
                 d->dec_len);
    else if (d->tail)
        snprintf(where, sizeof where, "%zu bytes from the A-Sync %zu bytes after "
                 "TRBPTR_EL1: records %zu..%zu of %zu", d->dec_len, d->async_at, d->k0, d->k1,
                 view->nrec);
    else if (d->cut)
        snprintf(where, sizeof where, "the full buffer, %zu bytes (and %zu of a packet "
                 "the end cut): records 0..%zu of %zu", d->dec_len, d->cut, d->k1, view->nrec);
    else
        snprintf(where, sizeof where, "the full buffer, %zu bytes: records 0..%zu of %zu",
                 d->dec_len, d->k1, view->nrec);
    if (orc)
        item(&d->v, 0, "buffer decoded == capture", "%s; oracle: %s", where, msg);
    else
        item(&d->v, 1, "buffer decoded == capture", "%s; %" PRIu64 " instructions, %" PRIu64
             " exceptions, %" PRIu64 " contexts, %" PRIu64 " timestamps, %" PRIu64
             " cycle counts checked", where, st.insn_checked, st.exc_checked,
             st.ctx_checked, st.ts_checked, st.cc_checked);
    d->whole_done = d->whole && orc == 0;
    if (d->whole) {
        int same = 1;
        for (unsigned t = 0; t < ETE_PKT_TYPE_COUNT && t < ETE_ENC_PKT_COUNT; t++)
            if (d->mix_buf.n[t] != d->model_pkts[t])
                same = 0;
        if (!d->res.dropped)
            item(&d->v, same, "our packet parser == model's packet mix",
                 "%" PRIu64 " packets", d->mix_buf.total);
    }
    return 0;
}

/* Returns -1 when the checks cannot go on. */
static int check_decode(demo *d)
{
    memset(&d->dc, 0, sizeof d->dc);
    d->dc.id = d->id;
    d->dc.trcconfigr = d->r.trcconfigr;
    d->dc.trctraceidr = d->r.trctraceidr;
    ete_pkt_cfg_from_regs(&d->pc, &d->id, d->r.trcconfigr);
    if (buffer_window(d))
        return -1;
    snapshot_start(d);
    if (decode(&d->dc, &d->s.image, d->dec_b, d->dec_len, &d->dbuf) || d->dbuf.errors) {
        item(&d->v, 0, "buffer decoded == capture", "our decoder: %u errors: %s",
             d->dbuf.errors, d->dbuf.err);
        return -1;
    }
    d->whole = !d->tail && !(d->o.fill_mode == TRBE_FM_FILL && d->wrapped);
    d->view = d->s;
    d->view.nrec = (size_t)d->res.records;
    d->k0 = 0;
    d->k1 = d->view.nrec;
    if (!d->whole && place_part(d))
        return -1;
    return check_part(d);
}

/* ---- check 4: the snapshot, and OpenCSD ------------------------------------------ */

/* OpenCSD's library in process, element by element against our decoder. */
static void check_ocsd_library(demo *d)
{
    ocsd_ete_result oc;
    char msg[1024];
    if (ocsd_ete_decode(&d->id, d->r.trcconfigr, d->r.trctraceidr, &d->s.image, d->dec_b,
                        d->dec_len, &oc, msg, sizeof msg)) {
        item(&d->v, 0, "OpenCSD library == our decoder", "%s", msg);
        return;
    }
    int c = ocsd_ete_compare(&oc, d->dbuf.l.e, d->dbuf.l.n, msg, sizeof msg);
    if (c) {
        item(&d->v, 0, "OpenCSD library == our decoder", "%s", msg);
    } else {
        /* the summary ends with the waiver counts: name them only when one
         * was used */
        const char *wv = strstr(msg, "waived:");
        int used = 0;
        for (const char *q = wv; q && *q; q++)
            used |= *q >= '1' && *q <= '9' && q[-1] != 'W';
        item(&d->v, 1, "OpenCSD library == our decoder",
             "%" PRIu64 " instructions in %" PRIu64 " ranges, %" PRIu64
             " exceptions: the same, element by element%s%s",
             oc.insn_count, d->dbuf.ranges, d->dbuf.exc, used ? "; " : " (no waiver used)",
             used ? wv : "");
    }
    ocsd_ete_result_free(&oc);
}

/* trc_pkt_lister's decode of the snapshot: its exit status, instruction and
 * exception counts against ours, errors. */
static void check_lister(demo *d)
{
    lister *L = &d->L;
    int lrc = d->lister_pid < 0 ? -1 : lister_finish(d->lister_pid, d->ss_txt, L, d->ss_err,
                                                     sizeof d->ss_err);
    d->lister_pid = -1;
    d->lister_s = now_s() - d->t_lister;
    if (lrc) {
        item(&d->v, 0, "trc_pkt_lister -ss_dir DIR -decode", "%s", d->ss_err);
        return;
    }
    d->lister_done = 1;
    const decoded *db = &d->dbuf;
    int ok = L->status == 0 && !L->signal && L->errors == 0 && L->nacc == 0 &&
             L->insns == db->insns && L->exc == db->exc && L->eot == 1 &&
             L->processed == d->dec_len && L->unsynced == 0;
    char st[64];
    if (L->signal)
        snprintf(st, sizeof st, "killed by signal %d", L->signal);
    else
        snprintf(st, sizeof st, "exit status %d", L->status);
    char more[160] = "";
    int mk = 0;
    if (L->unsynced)
        mk += snprintf(more + mk, sizeof more - (size_t)mk, "; %" PRIu64
                       " bytes before its first A-Sync", L->unsynced);
    if (L->nacc)
        mk += snprintf(more + mk, sizeof more - (size_t)mk, "; %" PRIu64
                       " reads outside the program image", L->nacc);
    if (L->eot != 1)
        snprintf(more + mk, sizeof more - (size_t)mk, "; %" PRIu64
                 " end-of-trace elements", L->eot);
    item(&d->v, ok, "trc_pkt_lister -ss_dir DIR -decode",
         "%s; %" PRIu64 " of %zu bytes, %" PRIu64 " instructions (ours %" PRIu64
         "), %" PRIu64 " exceptions (ours %" PRIu64 "), %" PRIu64 " errors%s%s%s",
         st, L->processed, d->dec_len, L->insns, db->insns, L->exc, db->exc, L->errors,
         L->errors ? ", first: " : "", L->errors ? L->first_error : "", more);
    note("trc_pkt_lister: %" PRIu64 " Trace On elements (ours %" PRIu64 "), the gaps "
         "%swhere returns from EL1, which is not traced, resume the trace; its "
         "output: %s", L->trace_on, db->trace_on, d->tail ? "" : "at the start and ",
         d->ss_txt);
}

static void check_ocsd(demo *d)
{
    if (!d->ss_ok) {
        item(&d->v, 0, "OpenCSD snapshot", "%s", d->ss_err);
        return;
    }
    note("snapshot %s (also: ete-decode --snapshot %s)", d->ss_dir, d->ss_dir);
    if (!d->o.ocsd)
        return;
    check_ocsd_library(d);
    check_lister(d);
}

/* Checks 1-4, each a PASS/FAIL line; a failure that leaves nothing to
 * check stops them. */
static void demo_checks(demo *d)
{
    printf("\nchecks\n");
    if (!check_trace_bytes(d)) {
        check_memory_image(d);
        if (!check_decode(d))
            check_ocsd(d);
    }
    if (d->lister_pid > 0) {
        /* a check failed before its turn: it is not needed any more */
        kill(d->lister_pid, SIGTERM);
        while (waitpid(d->lister_pid, NULL, 0) < 0 && errno == EINTR)
            ;
        d->lister_pid = -1;
    }
}

/* ---- figures and verdict --------------------------------------------------------- */

static void demo_figures(const demo *d)
{
    printf("\nfigures\n");
    uint64_t dec_insns = d->dbuf.insns;
    char never[160] = "";
    if (d->whole_done && dec_insns < d->traced && d->traced - dec_insns < 64)
        snprintf(never, sizeof never, " (the last %" PRIu64 " follow the last P0 "
                 "instruction: no P0 element ends their range, so they are never output)",
                 d->traced - dec_insns);
    fig("instructions", "%" PRIu64 " executed (%" PRIu64 " at EL0), %" PRIu64 " traced "
        "(ViewInst), %" PRIu64 " decoded from the buffer%s", d->w.insns, d->w.el0, d->traced,
        dec_insns, never);
    fig("trace", "%zu bytes from the ETE, %zu decoded from the buffer; %.3f bits per traced "
        "instruction", d->res.ntrace, d->dec_len,
        d->traced ? 8.0 * (double)d->res.ntrace / (double)d->traced : 0.0);
    if (d->mix_buf.total)
        print_mix(&d->mix_buf);
    fig("cycles", "%" PRIu64 " simulated, %.0f per second", d->res.cycles,
        d->res.seconds > 0 ? (double)d->res.cycles / d->res.seconds : 0.0);
    if (d->lister_done)
        fig("OpenCSD", "trc_pkt_lister %.1f s (while the checks ran)", d->lister_s);
    fig("wall time", "%.1f s", now_s() - d->t_start);
}

/* The verdict line; 1 when every check passed. */
static int demo_verdict(const demo *d)
{
    int pass = d->v.failed == 0 && d->v.items > 0;
    printf("\n");
    if (pass)
        out("verdict", "PASS");
    else
        out("verdict", "FAIL (%u of %u checks failed; first: %s)", d->v.failed, d->v.items,
            d->v.first);
    return pass;
}

static void demo_free(demo *d)
{
    ts_dut_free(d->dut);
    ete_elem_list_free(&d->dbuf.l);
    ete_elem_list_free(&d->dfull.l);
    free(d->vi);
    free(d->lin);
    ts_tb_result_free(&d->res);
    pe_stream_free(&d->s);
}

int main(int argc, char **argv)
{
    static demo d;
    d.t_start = now_s();
    d.lister_pid = -1;
    pe_stream_init(&d.s);
    int rc = setup_workload(&d, argc, argv);
    if (!rc)
        rc = setup_ete(&d);
    if (rc) {
        demo_free(&d);
        return rc;
    }
    setup_trbe(&d);
    demo_run(&d);
    demo_checks(&d);
    demo_figures(&d);
    int pass = demo_verdict(&d);
    demo_free(&d);
    return pass ? 0 : 1;
}
