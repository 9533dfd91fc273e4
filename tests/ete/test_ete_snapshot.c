/* Tests of the OpenCSD / DS-5 snapshot reader (sw/ete/ete_snapshot_read.c) and
 * the program image (sw/ete/ete_image.c), on directories the test writes. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ete_image.h"
#include "ete_snapshot_read.h"

static char dir[256];

static void wfile(const char *name, const char *text)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void wbin(const char *name, const void *data, size_t n)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, n, f), n);
    fclose(f);
}

static const char *SNAP =
    "; DS-5 snapshot\n"
    "[snapshot]\nversion=1.0\ndescription=test\n\n"
    "[device_list]\ndevice1=cpu_0.ini\ndevice2=ete_0.ini\n\n"
    "[trace]\nmetadata=trace.ini\n";

static const char *CPU =
    "[device]\nname=cpu_0\nclass=core\ntype=ARM-AA64\n\n"
    "[regs]\nPC(size:64)=0x1000\n\n"
    "[dump1]\nfile=\"mem.bin\"\naddress=0x1000\nlength=0x8\n\n"
    "[dump2]\nfile=mem.bin\naddress=0x80000000\noffset=0x8\nspace=EL2N\n";

static const char *ETE =
    "[device]\nname=ete_0\nclass=trace_source\ntype=ETE\n\n"
    "[regs]\n"
    "TRCCONFIGR(0x004)=0x00001001   # with the address suffix\n"
    "trctraceidr=0x10\n"
    "TRCIDR0=0x28000EA1\nTRCIDR2=0x80001088\nTRCIDR8=4\n"
    "TRCDEVARCH=0x47705A13\nTRCAUTHSTATUS=0xFF\n";

static const char *TRC =
    "[trace_buffers]\nbuffers=buffer0\n\n"
    "[buffer0]\nname=ETB_0\nfile=trace.bin\nformat=source_data\n\n"
    "[source_buffers]\nete_0=ETB_0\n\n"
    "[core_trace_sources]\ncpu_0=ete_0\n";

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/ete_snapshot_test_%ld", (long)getpid());
    mkdir(dir, 0700);
    wfile("snapshot.ini", SNAP);
    wfile("cpu_0.ini", CPU);
    wfile("ete_0.ini", ETE);
    wfile("trace.ini", TRC);
    static const uint8_t mem[16] = { 0x1f, 0x20, 0x03, 0xd5, 0xc0, 0x03, 0x5f, 0xd6,
                                     0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88 };
    wbin("mem.bin", mem, sizeof mem);
    static const uint8_t trc[14] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x01, 0x00 };
    wbin("trace.bin", trc, sizeof trc);
}

static void teardown(void)
{
    static const char *const files[] = { "snapshot.ini", "cpu_0.ini", "ete_0.ini", "trace.ini",
                                         "mem.bin", "trace.bin" };
    char p[512];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, files[i]);
        unlink(p);
    }
    rmdir(dir);
}

START_TEST(loads_valid_snapshot)
{
    ete_snapshot ss;
    char err[512];
    int rc = ete_snapshot_load(dir, NULL, &ss, err, sizeof err);
    ck_assert_msg(rc == 0, "%s", err);
    ck_assert_str_eq(ss.source, "ete_0");
    ck_assert_str_eq(ss.core, "cpu_0");
    ck_assert_uint_eq(ss.cfg.trcconfigr, 0x1001);
    ck_assert_uint_eq(ss.cfg.trctraceidr, 0x10);
    ck_assert_uint_eq(ss.cfg.id.trcidr[0], 0x28000EA1);
    ck_assert_uint_eq(ss.cfg.id.trcidr[8], 4);
    ck_assert_uint_eq(ss.cfg.id.trcidr[1], 0x4100FFF0);     /* default */
    ck_assert_uint_eq(ss.cfg.id.trcdevarch, 0x47705A13);
    ck_assert_uint_eq(ss.trace_len, 14);
    ck_assert_uint_eq(ss.trace[11], 0x80);
    ck_assert_uint_eq(ss.image.n, 2);
    uint32_t w;
    ck_assert_int_eq(ete_image_read(&ss.image, 0x1004, 1, 1, &w), 0);
    ck_assert_uint_eq(w, 0xd65f03c0);
    ck_assert_int_eq(ete_image_read(&ss.image, 0x1008, 1, 1, &w), -1);  /* length 8 */
    /* dump2: offset 8, EL2 Non-secure only */
    ck_assert_int_eq(ete_image_read(&ss.image, 0x80000004, 2, 1, &w), 0);
    ck_assert_uint_eq(w, 0x88776655);
    ck_assert_int_eq(ete_image_read(&ss.image, 0x80000004, 1, 1, &w), -1);
    ck_assert_int_eq(ete_image_read(&ss.image, 0x80000004, 2, 0, &w), -1);
    ete_snapshot_free(&ss);

    /* the source by name */
    rc = ete_snapshot_load(dir, "ete_0", &ss, err, sizeof err);
    ck_assert_msg(rc == 0, "%s", err);
    ete_snapshot_free(&ss);
    rc = ete_snapshot_load(dir, "cpu_0", &ss, err, sizeof err);
    ck_assert_int_eq(rc, -1);
    ck_assert_msg(strstr(err, "not ETE") != NULL, "%s", err);
}
END_TEST

/* Replace one file, expect a load error containing 'want'. */
static void expect_error(const char *file, const char *text, const char *want)
{
    wfile(file, text);
    ete_snapshot ss;
    char err[512] = "";
    int rc = ete_snapshot_load(dir, NULL, &ss, err, sizeof err);
    ck_assert_msg(rc == -1, "loaded a bad %s", file);
    ck_assert_msg(strstr(err, want) != NULL, "error '%s' does not contain '%s'", err, want);
    ck_assert_ptr_null(ss.trace);
    ck_assert_uint_eq(ss.image.n, 0);
}

START_TEST(malformed_files)
{
    expect_error("snapshot.ini", "[snapshot]\nversion=2.0\n", "unsupported snapshot version");
    expect_error("snapshot.ini", "version=1.0\n", "snapshot.ini:1: key=value before any [section]");
    expect_error("snapshot.ini", "[snapshot\n", "section header without ']'");
    expect_error("snapshot.ini", "[snapshot]\nversion\n", "snapshot.ini:2: expected key=value");
    expect_error("snapshot.ini", "[snapshot]\nversion=1.0\n[trace]\nmetadata=trace.ini\n",
                 "no devices");
    expect_error("snapshot.ini", "[device_list]\nd=cpu_0.ini\nd2=ete_0.ini\n", "no metadata=");
    expect_error("snapshot.ini", "[device_list]\nd=missing.ini\n", "missing.ini");
    wfile("snapshot.ini", SNAP);

    expect_error("ete_0.ini", "[device]\nname=ete_0\ntype=ETE\n[regs]\nTRCIDR0=0x1\n",
                 "has no TRCIDR2");
    expect_error("ete_0.ini",
                 "[device]\nname=ete_0\ntype=ETE\n[regs]\nTRCIDR0=0x1\nTRCIDR2=zz\n"
                 "TRCCONFIGR=1\nTRCTRACEIDR=1\n", "ete_0.ini:6: register TRCIDR2: 'zz'");
    expect_error("ete_0.ini",
                 "[device]\nname=ete_0\ntype=ETE\n[regs]\nTRCIDR0=0x1\nTRCIDR2=0x100000000\n"
                 "TRCCONFIGR=1\nTRCTRACEIDR=1\n", "not a 32-bit number");
    expect_error("ete_0.ini", "[device]\nclass=trace_source\n", "has no name=");
    expect_error("ete_0.ini", "[device]\nname=ete_0\ntype=ETM4\n", "no ETE trace source");
    wfile("ete_0.ini", ETE);

    expect_error("trace.ini", "[trace_buffers]\nbuffers=buffer0\n[buffer0]\nname=ETB_0\n"
                 "file=trace.bin\nformat=coresight\n[source_buffers]\nete_0=ETB_0\n",
                 "format 'coresight' is not supported");
    expect_error("trace.ini", "[trace_buffers]\nbuffers=buffer0\n[buffer0]\nname=ETB_0\n"
                 "file=nothere.bin\n[source_buffers]\nete_0=ETB_0\n", "nothere.bin");
    expect_error("trace.ini", "[trace_buffers]\nbuffers=b\n[source_buffers]\nete_0=ETB_9\n",
                 "buffer 'ETB_9' is not described");
    expect_error("trace.ini", "[buffer0]\nname=x\n", "no [trace_buffers]");
    wfile("trace.ini", TRC);

    expect_error("cpu_0.ini", "[device]\nname=cpu_0\n[dump]\nfile=mem.bin\n",
                 "needs both file= and address=");
    expect_error("cpu_0.ini", "[device]\nname=cpu_0\n[dump]\nfile=mem.bin\naddress=0x1g\n",
                 "cpu_0.ini:5: bad address '0x1g'");
    expect_error("cpu_0.ini", "[device]\nname=cpu_0\n[dump]\nfile=mem.bin\naddress=0\n"
                 "length=0x100\n", "exceeds the file size");
    expect_error("cpu_0.ini", "[device]\nname=cpu_0\n[dump]\nfile=mem.bin\naddress=0\n"
                 "offset=99\n", "past the end of the file");
    expect_error("cpu_0.ini", "[device]\nname=cpu_0\n[dump]\nfile=mem.bin\naddress=0\n"
                 "space=EL9\n", "unknown memory space 'EL9'");
    expect_error("cpu_0.ini", "[device]\nname=cpu_0\n[dump]\nfile=nomem.bin\naddress=0\n",
                 "nomem.bin");
    wfile("cpu_0.ini", CPU);

    /* binary garbage as an .ini */
    static const char junk[] = "\x01\x02\x03[\xff\xfe=\n\x80\x81";
    expect_error("snapshot.ini", junk, "snapshot.ini:1:");
    wfile("snapshot.ini", SNAP);

    /* a missing directory */
    ete_snapshot ss;
    char err[512];
    ck_assert_int_eq(ete_snapshot_load("/nonexistent/dir", NULL, &ss, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "/nonexistent/dir/snapshot.ini") != NULL, "%s", err);
}
END_TEST

/* Issue 12: an empty file= names the snapshot directory itself, which
 * fopen accepts and which then sizes as 2^63-1 bytes. */
START_TEST(non_regular_files)
{
    char cpu[1024];
    snprintf(cpu, sizeof cpu, "%s", CPU);
    char *f = strstr(cpu, "file=\"mem.bin\"");
    ck_assert_ptr_nonnull(f);
    memmove(f + 5, f + 14, strlen(f + 14) + 1);             /* file= */
    expect_error("cpu_0.ini", cpu, "cpu_0.ini:10: [dump1] file=: '' is a directory, "
                 "not a regular file");
    wfile("cpu_0.ini", CPU);
    char trc[1024];
    snprintf(trc, sizeof trc, "%s", TRC);
    f = strstr(trc, "file=trace.bin");
    ck_assert_ptr_nonnull(f);
    memcpy(f, "file=/dev/null", 14);
    expect_error("trace.ini", trc, "trace.ini:6: [buffer0] file=: '/dev/null' is a special file, "
                 "not a regular file");
    wfile("trace.ini", TRC);
    char snap[512];
    snprintf(snap, sizeof snap, "%s", SNAP);
    f = strstr(snap, "metadata=trace.ini");
    ck_assert_ptr_nonnull(f);
    memcpy(f, "metadata=/tmp\n   ", 18);
    expect_error("snapshot.ini", snap, "[trace] metadata=: '/tmp' is a directory");
    wfile("snapshot.ini", SNAP);

    /* the image API itself */
    ete_image img;
    char err[512];
    ete_image_init(&img);
    ck_assert_int_eq(ete_image_add_file(&img, 0, dir, 0, 0, 0, ETE_SPACE_ANY, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "is a directory, not a regular file") != NULL, "%s", err);
    ete_image_free(&img);
}
END_TEST

/* Lookups scan a file's entries: at most 4096 per file. */
START_TEST(too_many_entries)
{
    size_t cap = strlen(ETE) + 4097 * 24 + 1, n;
    char *big = malloc(cap);
    ck_assert_ptr_nonnull(big);
    n = (size_t)snprintf(big, cap, "%s", ETE);
    for (int i = 0; i < 4097 - 10; i++)          /* ETE has 10 entries */
        n += (size_t)snprintf(big + n, cap - n, "TRCIMSPEC%d=0\n", i);
    expect_error("ete_0.ini", big, "ete_0.ini:4100: more than 4096 key=value entries");
    free(big);
}
END_TEST

START_TEST(registers_and_numbers)
{
    ete_dec_cfg c;
    ete_cfg_defaults(&c);
    ck_assert_int_eq(ete_cfg_set_reg(&c, "TRCIDR13", 7), 0);
    ck_assert_uint_eq(c.id.trcidr[13], 7);
    ck_assert_int_eq(ete_cfg_set_reg(&c, "trcidr0(0x1e0)", 9), 0);
    ck_assert_uint_eq(c.id.trcidr[0], 9);
    ck_assert_int_eq(ete_cfg_set_reg(&c, "TRCIDR14", 1), -1);
    ck_assert_int_eq(ete_cfg_set_reg(&c, "TRCIDR", 1), -1);
    ck_assert_int_eq(ete_cfg_set_reg(&c, "TRCIDR01", 1), -1);
    ck_assert_int_eq(ete_cfg_set_reg(&c, "PC", 1), -1);
    uint64_t v;
    ck_assert_int_eq(ete_parse_u64("0x10", &v), 0);
    ck_assert_uint_eq(v, 16);
    ck_assert_int_eq(ete_parse_u64("42", &v), 0);
    ck_assert_uint_eq(v, 42);
    ck_assert_int_eq(ete_parse_u64("0xFFFFFFFFFFFFFFFF", &v), 0);
    ck_assert_int_eq(ete_parse_u64("0x10000000000000000", &v), -1);
    ck_assert_int_eq(ete_parse_u64("18446744073709551616", &v), -1);
    ck_assert_int_eq(ete_parse_u64("", &v), -1);
    ck_assert_int_eq(ete_parse_u64("0x", &v), -1);
    ck_assert_int_eq(ete_parse_u64("-1", &v), -1);
    unsigned sp;
    ck_assert_int_eq(ete_image_space_from_name("el1n", &sp), 0);
    ck_assert_uint_eq(sp, ETE_SPACE_EL10_N);
    ck_assert_int_eq(ete_image_space_from_name("", &sp), 0);
    ck_assert_uint_eq(sp, ETE_SPACE_ANY);
}
END_TEST

START_TEST(image_edges)
{
    ete_image img;
    char err[256];
    ete_image_init(&img);
    uint8_t b[6] = { 1, 2, 3, 4, 5, 6 };
    ck_assert_int_eq(ete_image_add(&img, 0xFFFFFFFFFFFFFFFCull, b, 4, ETE_SPACE_ANY, err,
                                   sizeof err), 0);
    ck_assert_int_eq(ete_image_add(&img, 0xFFFFFFFFFFFFFFFCull, b, 6, ETE_SPACE_ANY, err,
                                   sizeof err), -1);
    ck_assert_int_eq(ete_image_add(&img, 0x100, b, 6, ETE_SPACE_ANY, err, sizeof err), 0);
    uint32_t w;
    ck_assert_int_eq(ete_image_read(&img, 0xFFFFFFFFFFFFFFFCull, 0, 0, &w), 0);
    ck_assert_uint_eq(w, 0x04030201);
    ck_assert_int_eq(ete_image_read(&img, 0x102, 3, 0, &w), 0);
    ck_assert_uint_eq(w, 0x06050403);
    ck_assert_int_eq(ete_image_read(&img, 0x103, 3, 0, &w), -1);   /* runs past the end */
    ck_assert_int_eq(ete_image_read(&img, 0xFC, 3, 0, &w), -1);
    ete_image_free(&img);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ete_snapshot");
    TCase *tc = tcase_create("snapshot");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, loads_valid_snapshot);
    tcase_add_test(tc, malformed_files);
    tcase_add_test(tc, registers_and_numbers);
    tcase_add_test(tc, non_regular_files);
    tcase_add_test(tc, too_many_entries);
    tcase_add_test(tc, image_edges);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
