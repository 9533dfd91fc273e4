/* perf-data-write: write a perf.data file (docs/perf-data.md) holding an
 * ETE trace (from an OpenCSD snapshot: its registers and trace buffer) or
 * an SPE Profiling Buffer, with the COMM and MMAP records of the traced
 * process, so that `perf report -D`, `perf script` and `perf report` read
 * it. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "ete_snapshot_read.h"
#include "file_read.h"
#include "pe_stream.h"
#include "perf_data.h"
#include "perf_maps.h"

#define EXIT_USAGE 2
#define MAX_ELF    32
#define ETE_AUTHSTATUS 0xCCu   /* rtl/ete/ete_regs.v: NSNID and SNID = 0b11 */

static const char *prog = "perf-data-write";

static void usage(FILE *f)
{
    fprintf(f,
        "usage: perf-data-write (--ete SNAPSHOT_DIR | --spe BUFFER) -o PERF.DATA\n"
        "                       [--pe CAPTURE.pe] [--elf FILE]... [--sysroot DIR]\n"
        "                       [--raw-dir DIR] [--pid N] [--tid N] [--comm NAME] [--cpu N]\n"
        "  --ete DIR      OpenCSD snapshot (ETE_0.ini registers, trace.bin): the ETE\n"
        "                 trace, written as CS_ETM AUXTRACE data (unformatted)\n"
        "  --spe FILE     SPE Profiling Buffer bytes, written as ARM_SPE AUXTRACE data\n"
        "  -o FILE        the perf.data file to write\n"
        "  --pe FILE      the capture whose program image places the mappings (the\n"
        "                 image segments it executes at EL0)\n"
        "                 (default for --ete: the snapshot's memory dumps)\n"
        "  --elf FILE     an ELF file of the process, the program first (repeatable)\n"
        "  --sysroot DIR  also map the program's interpreter and DT_NEEDED libraries\n"
        "                 found under DIR\n"
        "  --raw-dir DIR  folder for code no ELF file holds, mapped from raw files\n"
        "                 (default: PERF.DATA's folder/perf-image)\n"
        "  --pid N        process ID of the COMM/MMAP records (default: CONTEXTIDR_EL1\n"
        "                 of the capture's first record, else 1)\n"
        "  --tid N        thread ID (default: the pid)\n"
        "  --comm NAME    process name (default: the program's file name)\n"
        "  --cpu N        CPU number (default 0)\n"
        "       perf-data-write --elf-info FILE\n"
        "  prints 'aarch64 static' or 'aarch64 dynamic', or names what FILE is\n"
        "  instead (exit 1)\n");
}

static int parse_u32(const char *s, uint32_t *v)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-')
        return -1;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end || x > UINT32_MAX)
        return -1;
    *v = (uint32_t)x;
    return 0;
}

static int need_arg(int i, int argc, const char *opt)
{
    if (i + 1 >= argc) {
        fprintf(stderr, "%s: %s needs a value\n", prog, opt);
        return -1;
    }
    return 0;
}

static int mkdir_p(const char *path)
{
    char tmp[PATH_MAX];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof tmp)
        return -1;
    memcpy(tmp, path, n + 1);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

int main(int argc, char **argv)
{
    const char *ete_dir = NULL, *spe_file = NULL, *out = NULL, *pe_file = NULL;
    const char *sysroot = NULL, *rawdir = NULL, *comm = NULL;
    const char *elf[MAX_ELF];
    size_t nelf = 0;
    uint32_t pid = 0, tid = 0, cpu = 0;
    int pid_set = 0, tid_set = 0;

    if (argc == 3 && !strcmp(argv[1], "--elf-info")) {
        char e[1024];
        int dyn = 0;
        if (perf_elf_check(argv[2], &dyn, e, sizeof e)) {
            fprintf(stderr, "%s: %s\n", prog, e);
            return 1;
        }
        printf("aarch64 %s\n", dyn ? "dynamic" : "static");
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        }
        const char **str = !strcmp(a, "--ete") ? &ete_dir : !strcmp(a, "--spe") ? &spe_file
                         : !strcmp(a, "-o") ? &out : !strcmp(a, "--pe") ? &pe_file
                         : !strcmp(a, "--sysroot") ? &sysroot
                         : !strcmp(a, "--raw-dir") ? &rawdir : !strcmp(a, "--comm") ? &comm
                         : NULL;
        if (str) {
            if (need_arg(i, argc, a))
                return EXIT_USAGE;
            *str = argv[++i];
        } else if (!strcmp(a, "--elf")) {
            if (need_arg(i, argc, a))
                return EXIT_USAGE;
            if (nelf == MAX_ELF) {
                fprintf(stderr, "%s: more than %d --elf files\n", prog, MAX_ELF);
                return EXIT_USAGE;
            }
            elf[nelf++] = argv[++i];
        } else if (!strcmp(a, "--pid") || !strcmp(a, "--tid") || !strcmp(a, "--cpu")) {
            if (need_arg(i, argc, a))
                return EXIT_USAGE;
            uint32_t *v = a[2] == 'p' ? &pid : a[2] == 't' ? &tid : &cpu;
            if (parse_u32(argv[++i], v) || (a[2] != 'c' && *v == 0)) {
                fprintf(stderr, "%s: %s: '%s' is not a %s number\n", prog, a, argv[i],
                        a[2] == 'c' ? "CPU" : "positive");
                return EXIT_USAGE;
            }
            if (a[2] == 'p')
                pid_set = 1;
            else if (a[2] == 't')
                tid_set = 1;
        } else {
            fprintf(stderr, "%s: unknown argument '%s' (--help for usage)\n", prog, a);
            return EXIT_USAGE;
        }
    }
    if (!!ete_dir + !!spe_file != 1) {
        fprintf(stderr, "%s: give exactly one of --ete DIR and --spe FILE\n", prog);
        return EXIT_USAGE;
    }
    if (!out) {
        fprintf(stderr, "%s: no output file (-o PERF.DATA)\n", prog);
        return EXIT_USAGE;
    }
    if (sysroot && nelf == 0) {
        fprintf(stderr, "%s: --sysroot needs the program (--elf FILE)\n", prog);
        return EXIT_USAGE;
    }

    char err[1024] = "";
    int rc = 1;
    ete_snapshot ss;
    int have_ss = 0;
    pe_stream s;
    pe_stream_init(&s);
    perf_maps maps = {0};
    uint8_t *buf = NULL;
    size_t len = 0;
    perf_data_ete_regs regs = {0};
    perf_data_cfg cfg = {0};

    if (ete_dir) {
        if (ete_snapshot_load(ete_dir, NULL, &ss, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", prog, err);
            goto done;
        }
        have_ss = 1;
        regs.trcconfigr = ss.cfg.trcconfigr;
        regs.trctraceidr = ss.cfg.trctraceidr;
        regs.trcidr0 = ss.cfg.id.trcidr[0];
        regs.trcidr1 = ss.cfg.id.trcidr[1];
        regs.trcidr2 = ss.cfg.id.trcidr[2];
        regs.trcidr8 = ss.cfg.id.trcidr[8];
        regs.trcauthstatus = ETE_AUTHSTATUS;
        regs.trcdevarch = ss.cfg.id.trcdevarch;
        cfg.kind = PERF_DATA_ETE;
        cfg.ete = &regs;
        cfg.config = perf_data_ete_config(regs.trcconfigr);
        cfg.aux = ss.trace;
        cfg.aux_len = ss.trace_len;
    } else {
        if (file_read_all(spe_file, &buf, &len, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", prog, err);
            goto done;
        }
        cfg.kind = PERF_DATA_SPE;
        cfg.aux = buf;
        cfg.aux_len = len;
    }

    if (pe_file) {
        if (pe_stream_read(&s, pe_file, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", prog, err);
            goto done;
        }
        for (size_t i = 0; i < s.nrec && !pid_set; i++)
            if (s.rec[i].kind == PE_KIND_INSN && s.rec[i].el == 0) {
                pid = s.rec[i].contextidr_el1;
                pid_set = pid != 0;
                break;
            }
    } else if (have_ss) {
        for (size_t i = 0; i < ss.image.n; i++)
            if (pe_image_add(&s.image, ss.image.r[i].addr, ss.image.r[i].data,
                             ss.image.r[i].len)) {
                fprintf(stderr, "%s: out of memory\n", prog);
                goto done;
            }
    }
    if (!pid_set)
        pid = 1;
    if (!tid_set)
        tid = pid;

    /* only the code the process ran at EL0 is the process's: a segment of
     * the image with no EL0 instruction (a kernel or hypervisor at a low
     * address, as in a pe-gen program) is not mapped into it */
    pe_image el0 = {0};
    if (pe_file) {
        unsigned char *used = calloc(s.image.nseg ? s.image.nseg : 1, 1);
        if (!used) {
            fprintf(stderr, "%s: out of memory\n", prog);
            goto done;
        }
        size_t last = 0;
        for (size_t i = 0; i < s.nrec; i++) {
            const pe_rec *r = &s.rec[i];
            if (r->kind != PE_KIND_INSN || r->el != 0)
                continue;
            const pe_segment *g = s.image.nseg ? &s.image.seg[last] : NULL;
            if (g && r->pc - g->base < g->len)
                continue;
            for (size_t k = 0; k < s.image.nseg; k++)
                if (r->pc - s.image.seg[k].base < s.image.seg[k].len) {
                    used[k] = 1;
                    last = k;
                    break;
                }
        }
        for (size_t k = 0; k < s.image.nseg; k++)
            if (used[k] && pe_image_add(&el0, s.image.seg[k].base, s.image.seg[k].data,
                                        s.image.seg[k].len)) {
                free(used);
                pe_image_free(&el0);
                fprintf(stderr, "%s: out of memory\n", prog);
                goto done;
            }
        free(used);
    }
    const pe_image *img = pe_file ? &el0 : &s.image;

    if (img->nseg || nelf) {
        char rawbuf[PATH_MAX];
        if (!rawdir) {
            const char *slash = strrchr(out, '/');
            int dl = slash ? (int)(slash - out) : 1;
            snprintf(rawbuf, sizeof rawbuf, "%.*s/perf-image", dl, slash ? out : ".");
            rawdir = rawbuf;
        }
        if (mkdir_p(rawdir)) {
            fprintf(stderr, "%s: cannot create folder %s: %s\n", prog, rawdir, strerror(errno));
            goto done;
        }
        perf_maps_cfg mc = {.elf = elf, .nelf = nelf, .sysroot = sysroot, .rawdir = rawdir};
        if (perf_maps_find(img, &mc, &maps, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", prog, err);
            pe_image_free(&el0);
            goto done;
        }
    }

    pe_image_free(&el0);
    const char *name = comm;
    if (!name && nelf) {
        const char *slash = strrchr(elf[0], '/');
        name = slash ? slash + 1 : elf[0];
    }
    cfg.pid = pid;
    cfg.tid = tid;
    cfg.cpu = cpu;
    cfg.comm = name;
    cfg.map = maps.map;
    cfg.nmap = maps.n;
    if (perf_data_write(out, &cfg, err, sizeof err)) {
        fprintf(stderr, "%s: %s\n", prog, err);
        goto done;
    }
    printf("%s: %s, %zu trace bytes, pid %" PRIu32 ", %zu mappings (%zu image segments in "
           "files, %zu raw, %zu EL1 left out)\n",
           out, ete_dir ? "ETE (CS_ETM)" : "SPE (ARM_SPE)", cfg.aux_len, pid, maps.n,
           maps.seg_matched, maps.seg_raw, maps.seg_kernel);
    rc = 0;
done:
    perf_maps_free(&maps);
    pe_stream_free(&s);
    if (have_ss)
        ete_snapshot_free(&ss);
    free(buf);
    return rc;
}
