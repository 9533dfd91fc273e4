/* perf.data writer (sw/perf/perf_data.c) and the mapping finder
 * (sw/perf/perf_maps.c): the files written are parsed back here by a
 * reader of the format written from perf.data-file-format.txt, with its
 * own constants, record by record. */
#define _XOPEN_SOURCE 700
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_read.h"
#include "pe_stream.h"
#include "perf_data.h"
#include "perf_maps.h"

/* ---- the independent reader ------------------------------------------------ */

static uint16_t g16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t g32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t g64(const uint8_t *p) { return (uint64_t)g32(p) | (uint64_t)g32(p + 4) << 32; }

typedef struct rec {
    uint32_t type;
    uint16_t misc, size;
    size_t off;              /* file offset of the header */
} rec;

typedef struct parsed {
    uint8_t *d;
    size_t len;
    uint64_t attr_type, config, sample_type, flags, id;
    rec r[64];
    size_t nr;
    uint64_t feat_bits;
    size_t feat_off[256], feat_size[256];
} parsed;

static char tmpdir[128];

/* named in main (the tests run in child processes) */
static void mk_tmpdir(void)
{
    mkdir(tmpdir, 0777);
}

static void parse(const char *path, parsed *p)
{
    char err[256];
    memset(p, 0, sizeof *p);
    ck_assert_msg(file_read_all(path, &p->d, &p->len, err, sizeof err) == 0, "%s", err);
    const uint8_t *d = p->d;
    ck_assert_uint_ge(p->len, 104);
    ck_assert_int_eq(memcmp(d, "PERFILE2", 8), 0);
    ck_assert_uint_eq(g64(d + 8), 104);                  /* header size */
    uint64_t attr_size = g64(d + 16);
    uint64_t attrs_off = g64(d + 24), attrs_size = g64(d + 32);
    uint64_t data_off = g64(d + 40), data_size = g64(d + 48);
    ck_assert_uint_eq(attrs_size, attr_size);             /* one attr */
    ck_assert_uint_le(attrs_off + attrs_size, p->len);
    ck_assert_uint_le(data_off + data_size, p->len);
    /* perf_file_attr: perf_event_attr (its size field) + ids section */
    const uint8_t *a = d + attrs_off;
    uint32_t asz = g32(a + 4);
    ck_assert_uint_eq(asz + 16, attr_size);
    p->attr_type = g32(a);
    p->config = g64(a + 8);
    p->sample_type = g64(a + 24);
    p->flags = g64(a + 40);
    uint64_t ids_off = g64(a + asz), ids_size = g64(a + asz + 8);
    ck_assert_uint_eq(ids_size, 8);
    ck_assert_uint_le(ids_off + 8, p->len);
    p->id = g64(d + ids_off);
    /* the data records */
    size_t o = (size_t)data_off;
    while (o < data_off + data_size) {
        ck_assert_uint_le(o + 8, data_off + data_size);
        ck_assert_uint_lt(p->nr, 64);
        rec *r = &p->r[p->nr++];
        r->type = g32(d + o);
        r->misc = g16(d + o + 4);
        r->size = g16(d + o + 6);
        r->off = o;
        ck_assert_uint_ge(r->size, 8);
        ck_assert_uint_eq(r->size % 8, 0);
        size_t next = o + r->size;
        if (r->type == 71)                                /* AUXTRACE: data follows */
            next += (size_t)g64(d + o + 8);
        ck_assert_uint_le(next, data_off + data_size);
        o = next;
    }
    ck_assert_uint_eq(o, data_off + data_size);
    /* features: a section per set bit, in bit order, after the data */
    p->feat_bits = g64(d + 72);
    for (unsigned w = 1; w < 4; w++)
        ck_assert_uint_eq(g64(d + 72 + 8 * w), 0);
    size_t t = (size_t)(data_off + data_size);
    for (unsigned b = 0; b < 64; b++) {
        if (!(p->feat_bits >> b & 1))
            continue;
        ck_assert_uint_le(t + 16, p->len);
        p->feat_off[b] = (size_t)g64(d + t);
        p->feat_size[b] = (size_t)g64(d + t + 8);
        ck_assert_uint_le(p->feat_off[b] + p->feat_size[b], p->len);
        t += 16;
    }
}

/* the sample_id trailer: pid, tid, cpu, res, id (sample_type TID|CPU|IDENTIFIER) */
static void check_trailer(const parsed *p, const rec *r, uint32_t pid, uint32_t cpu)
{
    const uint8_t *e = p->d + r->off + r->size - 24;
    ck_assert_uint_eq(g32(e), pid);
    ck_assert_uint_eq(g32(e + 8), cpu);
    ck_assert_uint_eq(g64(e + 16), p->id);
}

/* ---- tests ----------------------------------------------------------------- */

static const uint8_t trace13[13] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x01};

static const perf_data_ete_regs ete_regs = {
    .trcconfigr = 0x41, .trctraceidr = 0x10, .trcidr0 = 0x28000ea1, .trcidr1 = 0xfff0,
    .trcidr2 = 0xd0001088, .trcidr8 = 0, .trcauthstatus = 0xcc, .trcdevarch = 0x47705a13};

START_TEST(ete_file_parses_back)
{
    mk_tmpdir();
    char path[256];
    snprintf(path, sizeof path, "%s/ete.data", tmpdir);
    perf_data_map maps[2] = {{0x400000, 0x2000, 0, "/bin/prog"},
                             {0x7f0000000000, 0x10000, 0x3000, "/lib/libc.so.6"}};
    perf_data_cfg c = {.kind = PERF_DATA_ETE, .pid = 1007, .tid = 1007, .cpu = 0,
                       .comm = "a-very-long-process-name", .ete = &ete_regs, .map = maps,
                       .nmap = 2, .aux = trace13, .aux_len = sizeof trace13};
    c.config = perf_data_ete_config(ete_regs.trcconfigr);
    char err[256] = "";
    ck_assert_msg(perf_data_write(path, &c, err, sizeof err) == 0, "%s", err);
    parsed p;
    parse(path, &p);
    ck_assert_uint_eq(p.attr_type, 8);                  /* default cs_etm type */
    ck_assert(p.sample_type & (1u << 16));               /* IDENTIFIER */
    ck_assert(p.flags & (1u << 18));                     /* sample_id_all */
    ck_assert_uint_eq(p.config, 1u << 14);               /* CID -> ETM_OPT_CTXTID */
    static const uint32_t want[] = {70, 3, 1, 1, 12, 71, 11, 68};
    ck_assert_uint_eq(p.nr, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < p.nr; i++)
        ck_assert_uint_eq(p.r[i].type, want[i]);
    /* AUXTRACE_INFO: CS_ETM (3), header v1, pmu<<32|1 cpu, snapshot 0, ETE block */
    const uint8_t *ai = p.d + p.r[0].off + 8;
    ck_assert_uint_eq(g32(ai), 3);
    const uint8_t *pv = ai + 8;
    ck_assert_uint_eq(g64(pv), 1);
    ck_assert_uint_eq(g64(pv + 8), (8ull << 32) | 1);
    ck_assert_uint_eq(g64(pv + 16), 0);
    ck_assert_uint_eq(g64(pv + 24), 0x5050505050505050ull);
    ck_assert_uint_eq(g64(pv + 32), 0);                  /* cpu */
    ck_assert_uint_eq(g64(pv + 40), 8);                  /* params */
    const uint64_t params[8] = {0x41, 0x10, 0x28000ea1, 0xfff0, 0xd0001088, 0, 0xcc, 0x47705a13};
    for (unsigned i = 0; i < 8; i++)
        ck_assert_uint_eq(g64(pv + 48 + 8 * i), params[i]);
    ck_assert_uint_eq(p.r[0].size, 8 + 8 + 8 * 14);
    /* COMM: exec, pid/tid, the name cut to 15 characters */
    const rec *cm = &p.r[1];
    ck_assert_uint_eq(cm->misc, 1u << 13);
    ck_assert_uint_eq(g32(p.d + cm->off + 8), 1007);
    ck_assert_uint_eq(g32(p.d + cm->off + 12), 1007);
    ck_assert_str_eq((const char *)p.d + cm->off + 16, "a-very-long-pro");
    check_trailer(&p, cm, 1007, 0);
    /* MMAP: user, the addresses and the file names */
    for (unsigned i = 0; i < 2; i++) {
        const rec *m = &p.r[2 + i];
        const uint8_t *e = p.d + m->off + 8;
        ck_assert_uint_eq(m->misc, 2);
        ck_assert_uint_eq(g32(e), 1007);
        ck_assert_uint_eq(g64(e + 8), maps[i].addr);
        ck_assert_uint_eq(g64(e + 16), maps[i].len);
        ck_assert_uint_eq(g64(e + 24), maps[i].pgoff);
        ck_assert_str_eq((const char *)e + 32, maps[i].path);
        check_trailer(&p, m, 1007, 0);
    }
    /* AUXTRACE: 48-byte header, size padded to 8, the bytes then zeros */
    const rec *at = &p.r[5];
    ck_assert_uint_eq(at->size, 48);
    const uint8_t *ae = p.d + at->off + 8;
    ck_assert_uint_eq(g64(ae), 16);
    ck_assert_uint_eq(g64(ae + 8), 0);                   /* offset */
    ck_assert_uint_eq(g32(ae + 28), 1007);               /* tid */
    ck_assert_uint_eq(g32(ae + 32), 0);                  /* cpu */
    ck_assert_int_eq(memcmp(p.d + at->off + 48, trace13, sizeof trace13), 0);
    for (size_t i = sizeof trace13; i < 16; i++)
        ck_assert_uint_eq(p.d[at->off + 48 + i], 0);
    /* AUX: offset 0, the unpadded size, CORESIGHT_FORMAT_RAW */
    const uint8_t *ax = p.d + p.r[6].off + 8;
    ck_assert_uint_eq(g64(ax), 0);
    ck_assert_uint_eq(g64(ax + 8), sizeof trace13);
    ck_assert_uint_eq(g64(ax + 16), 0x100);
    check_trailer(&p, &p.r[6], 1007, 0);
    /* features: ARCH, NRCPUS, AUXTRACE; the index points at the AUXTRACE
     * record and holds its header size */
    ck_assert_uint_eq(p.feat_bits, (1ull << 6) | (1ull << 7) | (1ull << 18));
    ck_assert_uint_ge(g32(p.d + p.feat_off[6]), 8);
    ck_assert_str_eq((const char *)p.d + p.feat_off[6] + 4, "aarch64");
    ck_assert_uint_eq(p.feat_size[18], 24);
    const uint8_t *ix = p.d + p.feat_off[18];
    ck_assert_uint_eq(g64(ix), 1);
    ck_assert_uint_eq(g64(ix + 8), at->off);
    ck_assert_uint_eq(g64(ix + 16), 48);
    free(p.d);
    unlink(path);
}
END_TEST

START_TEST(spe_file_parses_back)
{
    mk_tmpdir();
    char path[256];
    snprintf(path, sizeof path, "%s/spe.data", tmpdir);
    uint8_t buf[64];
    for (unsigned i = 0; i < sizeof buf; i++)
        buf[i] = (uint8_t)(i * 37u + 1);
    perf_data_cfg c = {.kind = PERF_DATA_SPE, .pmu_type = 11, .pid = 42, .tid = 43, .cpu = 2,
                       .aux = buf, .aux_len = sizeof buf};
    char err[256] = "";
    ck_assert_msg(perf_data_write(path, &c, err, sizeof err) == 0, "%s", err);
    parsed p;
    parse(path, &p);
    ck_assert_uint_eq(p.attr_type, 11);
    static const uint32_t want[] = {70, 3, 12, 71, 11, 68};
    ck_assert_uint_eq(p.nr, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < p.nr; i++)
        ck_assert_uint_eq(p.r[i].type, want[i]);
    const uint8_t *ai = p.d + p.r[0].off + 8;
    ck_assert_uint_eq(g32(ai), 4);                       /* ARM_SPE */
    ck_assert_uint_eq(g64(ai + 8), 11);                  /* ARM_SPE_PMU_TYPE */
    ck_assert_uint_eq(p.r[0].size, 32);
    ck_assert_str_eq((const char *)p.d + p.r[1].off + 16, "trace");
    check_trailer(&p, &p.r[1], 42, 2);
    ck_assert_uint_eq(g32(p.d + p.r[1].off + 12), 43);
    const uint8_t *ae = p.d + p.r[3].off + 8;
    ck_assert_uint_eq(g64(ae), 64);
    ck_assert_uint_eq(g32(ae + 28), 43);
    ck_assert_uint_eq(g32(ae + 32), 2);
    ck_assert_int_eq(memcmp(p.d + p.r[3].off + 48, buf, sizeof buf), 0);
    ck_assert_uint_eq(g64(p.d + p.r[4].off + 8 + 16), 0); /* AUX flags */
    const uint8_t *nc = p.d + p.feat_off[7];
    ck_assert_uint_eq(g32(nc), 3);
    free(p.d);
    unlink(path);
}
END_TEST

START_TEST(bad_arguments_are_named)
{
    mk_tmpdir();
    char path[256], err[256];
    snprintf(path, sizeof path, "%s/bad.data", tmpdir);
    perf_data_cfg c = {.kind = 7};
    ck_assert_int_eq(perf_data_write(path, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "kind 7"));
    c.kind = PERF_DATA_ETE;
    ck_assert_int_eq(perf_data_write(path, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "ETE registers"));
    perf_data_map m[2] = {{0x1000, 0x2000, 0, "/a"}, {0x2000, 0x1000, 0, "/b"}};
    c = (perf_data_cfg){.kind = PERF_DATA_SPE, .map = m, .nmap = 2};
    ck_assert_int_eq(perf_data_write(path, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "overlaps"));
    m[1].len = 0;
    ck_assert_int_eq(perf_data_write(path, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "mapping 1 (/b) is empty"));
    c.nmap = 0;
    c.pmu_type = 4;
    ck_assert_int_eq(perf_data_write(path, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "fixed types"));
    c.pmu_type = 0;
    c.cpu = 5000;
    ck_assert_int_eq(perf_data_write(path, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "CPU 5000"));
    c.cpu = 0;
    ck_assert_int_eq(perf_data_write("/nonexistent/dir/x.data", &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/dir/x.data"));
    ck_assert_int_eq(access(path, F_OK), -1);            /* nothing written */
}
END_TEST

/* ---- mappings: a small AArch64 ET_DYN file with one executable segment ---- */

#define CODE_OFF   0x1000u
#define CODE_VADDR 0x10000u
#define CODE_WORDS 256u

static uint32_t code_word(unsigned i)
{
    return 0x91000000u | (i * 2654435761u >> 8 & 0x3FFFFFu);   /* ADD (immediate) forms */
}

static void put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static void put64(uint8_t *p, uint64_t v)
{
    for (unsigned i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void write_elf(const char *path, uint16_t machine)
{
    size_t len = CODE_OFF + CODE_WORDS * 4;
    uint8_t *d = calloc(len, 1);
    ck_assert_ptr_nonnull(d);
    memcpy(d, "\177ELF", 4);
    d[4] = 2;                                            /* ELFCLASS64 */
    d[5] = 1;                                            /* little-endian */
    d[6] = 1;
    put16(d + 16, 3);                                    /* ET_DYN */
    put16(d + 18, machine);
    put32(d + 20, 1);
    put64(d + 32, 64);                                   /* e_phoff */
    put16(d + 52, 64);
    put16(d + 54, 56);
    put16(d + 56, 1);
    uint8_t *ph = d + 64;
    put32(ph, 1);                                        /* PT_LOAD */
    put32(ph + 4, 5);                                    /* R X */
    put64(ph + 8, CODE_OFF);
    put64(ph + 16, CODE_VADDR);
    put64(ph + 24, CODE_VADDR);
    put64(ph + 32, CODE_WORDS * 4);
    put64(ph + 40, CODE_WORDS * 4);
    put64(ph + 48, 0x1000);
    for (unsigned i = 0; i < CODE_WORDS; i++)
        put32(d + CODE_OFF + 4 * i, code_word(i));
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(d, 1, len, f), len);
    fclose(f);
    free(d);
}

/* image segment of words [first, first + n) of the file loaded at bias,
 * the words whose bit in skip is set left zero (not executed) */
static void add_seg(pe_image *img, uint64_t bias, unsigned first, unsigned n, unsigned skip)
{
    uint8_t buf[4 * 64];
    ck_assert_uint_le(n, 64);
    for (unsigned i = 0; i < n; i++)
        put32(buf + 4 * i, (skip >> (i % 32) & 1) && i ? 0 : code_word(first + i));
    ck_assert_int_eq(pe_image_add(img, bias + CODE_VADDR + 4 * first, buf, 4 * n), 0);
}

START_TEST(maps_find_the_load_bias)
{
    mk_tmpdir();
    char elf[256], raw[256], real[4096];
    snprintf(elf, sizeof elf, "%s/lib.so", tmpdir);
    snprintf(raw, sizeof raw, "%s/raw", tmpdir);
    mkdir(raw, 0777);
    write_elf(elf, 183);
    ck_assert_ptr_nonnull(realpath(elf, real));
    const uint64_t bias = 0x5502800000ull;
    pe_image img = {0};
    add_seg(&img, bias, 0, 8, 0);
    add_seg(&img, bias, 40, 20, 0x00F0F0u);
    add_seg(&img, bias, 100, 3, 0);
    add_seg(&img, bias, 200, 30, 0x5u);
    /* code in no file (a trampoline), and an EL1 vector */
    uint8_t tramp[8] = {0xa8, 0x11, 0x80, 0xd2, 0x01, 0x00, 0x00, 0xd4};
    ck_assert_int_eq(pe_image_add(&img, 0x7000000000ull, tramp, sizeof tramp), 0);
    ck_assert_int_eq(pe_image_add(&img, 0xffff800010010400ull, tramp, 4), 0);
    const char *elfs[1] = {elf};
    perf_maps_cfg mc = {.elf = elfs, .nelf = 1, .rawdir = raw};
    perf_maps m;
    char err[512] = "";
    ck_assert_msg(perf_maps_find(&img, &mc, &m, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(m.n, 2);
    ck_assert_uint_eq(m.seg_matched, 4);
    ck_assert_uint_eq(m.seg_raw, 1);
    ck_assert_uint_eq(m.seg_kernel, 1);
    ck_assert_uint_eq(m.map[0].addr, bias + CODE_VADDR);
    ck_assert_uint_eq(m.map[0].len, CODE_WORDS * 4);
    ck_assert_uint_eq(m.map[0].pgoff, CODE_OFF);
    ck_assert_str_eq(m.map[0].path, real);
    ck_assert_uint_eq(m.map[1].addr, 0x7000000000ull);
    ck_assert_uint_eq(m.map[1].len, 8);
    uint8_t *got = NULL;
    size_t gl = 0;
    ck_assert_int_eq(file_read_all(m.map[1].path, &got, &gl, err, sizeof err), 0);
    ck_assert_uint_eq(gl, 8);
    ck_assert_int_eq(memcmp(got, tramp, 8), 0);
    free(got);
    unlink(m.map[1].path);
    perf_maps_free(&m);

    /* without a folder for raw segments the trampoline is an error */
    mc.rawdir = NULL;
    ck_assert_int_eq(perf_maps_find(&img, &mc, &m, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "0x7000000000"));
    pe_image_free(&img);

    /* a segment inside the mapping whose words differ from the file's */
    pe_image img2 = {0};
    add_seg(&img2, bias, 0, 8, 0);
    add_seg(&img2, bias, 10, 8, 0);
    add_seg(&img2, bias, 30, 8, 0);
    uint8_t bad[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    ck_assert_int_eq(pe_image_add(&img2, bias + CODE_VADDR + 0x100, bad, sizeof bad), 0);
    mc.rawdir = raw;
    ck_assert_int_eq(perf_maps_find(&img2, &mc, &m, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "differ"));
    pe_image_free(&img2);
    unlink(elf);
    rmdir(raw);
}
END_TEST

START_TEST(elf_check_names_the_machine)
{
    mk_tmpdir();
    char elf[256], err[512] = "";
    snprintf(elf, sizeof elf, "%s/x86.so", tmpdir);
    write_elf(elf, 62);                                  /* EM_X86_64 */
    ck_assert_int_eq(perf_elf_check(elf, NULL, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "not AArch64"));
    ck_assert_ptr_nonnull(strstr(err, "x86.so"));
    write_elf(elf, 183);
    int dyn = -1;
    ck_assert_msg(perf_elf_check(elf, &dyn, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(dyn, 0);
    FILE *f = fopen(elf, "w");
    ck_assert_ptr_nonnull(f);
    fputs("#!/bin/sh\necho hi\n", f);
    fclose(f);
    ck_assert_int_eq(perf_elf_check(elf, NULL, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "not an ELF file"));
    ck_assert_int_eq(perf_elf_check("/nonexistent/prog", NULL, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "/nonexistent/prog"));
    unlink(elf);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("perf_data");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, ete_file_parses_back);
    tcase_add_test(tc, spe_file_parses_back);
    tcase_add_test(tc, bad_arguments_are_named);
    tcase_add_test(tc, maps_find_the_load_bias);
    tcase_add_test(tc, elf_check_names_the_machine);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_perf_data_%ld", (long)getpid());
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    rmdir(tmpdir);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
