/* The `brbe-records 1` dump reader (docs/brbe-record-format.md) on good
 * and malformed files, and the text and CSV output of brbe-decode. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_dump_read.h"

/* The example of the format's section 5 */
static const char example[] =
    "brbe-records 1\n"
    "# brbe-record --numrec 8 run.pe\n"
    "snapshot seq=0 pe=20000 numrec=8 brbidr0=0000000000005008 brbcr_el1=0000000000c0001b "
    "brbcr_el2=0000000000000000 brbfcr_el1=0000000000000000 brbts_el1=0000000000000000\n"
    "0 0000000000400048 0000000000400200 0000000c00000203\n"
    "1 ffff800010000404 0000000000400048 0000000000000703\n"
    "2 0000000000400048 ffff800010000400 0000000000002243\n"
    "3 0000000000400040 0000000000400044 0000400000000003\n"
    "4 0000000000000000 0000000000000000 0000000000000000\n"
    "5 0000000000000000 0000000000000000 0000000000000000\n"
    "6 0000000000000000 0000000000000000 0000000000000000\n"
    "7 0000000000000000 0000000000000000 0000000000000000\n"
    "end\n";

static brbe_snapshot snap;

static int parse_all(const char *text, size_t len, brbe_dump_reader *r, unsigned *nsnap)
{
    int rc;

    brbe_dump_init(r, text, len);
    *nsnap = 0;
    while ((rc = brbe_dump_next(r, &snap)) == 1)
        (*nsnap)++;
    return rc;
}

START_TEST(good_example)
{
    brbe_dump_reader r;

    brbe_dump_init(&r, example, strlen(example));
    ck_assert_int_eq(brbe_dump_next(&r, &snap), 1);
    ck_assert_uint_eq(snap.seq, 0);
    ck_assert_uint_eq(snap.pe, 20000);
    ck_assert_uint_eq(snap.numrec, 8);
    ck_assert_uint_eq(snap.nvalid, 4);
    ck_assert_uint_eq(snap.cc_bits, 20);
    ck_assert_uint_eq(snap.line, 3);
    ck_assert_uint_eq(snap.brbidr0, 0x5008);
    ck_assert_uint_eq(snap.brbcr_el1, 0xc0001b);
    ck_assert_uint_eq(snap.rec[1].src, UINT64_C(0xffff800010000404));
    ck_assert_uint_eq(snap.rec[2].tgt, UINT64_C(0xffff800010000400));
    ck_assert_uint_eq(snap.rec[3].inf, UINT64_C(0x0000400000000003));
    ck_assert_uint_eq(snap.rec[7].index, 7);
    ck_assert_int_eq(brbe_dump_next(&r, &snap), 0);
    ck_assert_int_eq(brbe_dump_next(&r, &snap), 0);
}
END_TEST

/* Two snapshots, the second with 64 records, written with every lexical
 * liberty of section 1: CRLF, tabs and runs of spaces, upper-case hex,
 * comments and empty lines between lines, no final newline. */
START_TEST(good_liberties)
{
    char *text = malloc(65536);
    size_t n = 0;
    brbe_dump_reader r;
    unsigned ns;

    ck_assert_ptr_nonnull(text);
    n += (size_t)sprintf(text + n, "brbe-records 1\r\n\r\n# comment\n");
    n += (size_t)sprintf(text + n, "snapshot\tseq=0  pe=0 numrec=8 brbidr0=0000000000005008 "
                         "brbcr_el1=0000000000000000 brbcr_el2=0000000000000000 "
                         "brbfcr_el1=0000000000000080 brbts_el1=00000000000000FF\r\n");
    for (unsigned i = 0; i < 8; i++)
        n += (size_t)sprintf(text + n, "%u\t%016X %016X\t%016X\n# between\n\n", i,
                             0x1000u + i, 0x2000u + i, 0x2E03u);
    n += (size_t)sprintf(text + n, "end\n");
    n += (size_t)sprintf(text + n, "snapshot seq=1 pe=18446744073709551615 numrec=64 "
                         "brbidr0=0000000000005040 brbcr_el1=0000000000000000 "
                         "brbcr_el2=0000000000000000 brbfcr_el1=0000000010000000 "
                         "brbts_el1=0000000000000000\n");
    for (unsigned i = 0; i < 64; i++) {
        if (i < 40)
            n += (size_t)sprintf(text + n, "%u ffff0000%08x 00000000%08x 0000000d00000803\n", i,
                                 i, 0x400000u + i);
        else
            n += (size_t)sprintf(text + n, "%u 0000000000000000 0000000000000000 "
                                 "0000000000000000\n", i);
    }
    n += (size_t)sprintf(text + n, "end");
    ck_assert_int_eq(parse_all(text, n, &r, &ns), 0);
    ck_assert_uint_eq(ns, 2);
    ck_assert_uint_eq(snap.seq, 1);
    ck_assert_uint_eq(snap.pe, UINT64_MAX);
    ck_assert_uint_eq(snap.numrec, 64);
    ck_assert_uint_eq(snap.nvalid, 40);
    ck_assert_uint_eq(snap.rec[39].src, UINT64_C(0xffff000000000027));
    ck_assert_uint_eq(snap.rec[33].tgt, 0x400021u);

    /* first snapshot again: all 8 records valid, upper-case hex read */
    brbe_dump_init(&r, text, n);
    ck_assert_int_eq(brbe_dump_next(&r, &snap), 1);
    ck_assert_uint_eq(snap.nvalid, 8);
    ck_assert_uint_eq(snap.brbts_el1, 0xFF);
    ck_assert_uint_eq(snap.rec[7].inf, 0x2E03);
    free(text);
}
END_TEST

/* Replace the first occurrence of `from` in the example by `to`, parse, and
 * expect an error at `line` whose message contains `msg`. */
static void bad_edit(const char *from, const char *to, unsigned long line, const char *msg)
{
    char text[4096];
    const char *p = strstr(example, from);
    size_t pre, n;
    brbe_dump_reader r;
    unsigned ns;

    ck_assert_msg(p != NULL, "'%s' not in the example", from);
    pre = (size_t)(p - example);
    n = (size_t)snprintf(text, sizeof text, "%.*s%s%s", (int)pre, example, to, p + strlen(from));
    ck_assert_uint_lt(n, sizeof text);
    ck_assert_int_eq(parse_all(text, n, &r, &ns), -1);
    ck_assert_msg(r.err_line == line, "'%s' -> '%s': error at line %lu (%s), expected line %lu",
                  from, to, r.err_line, r.err, line);
    ck_assert_msg(strstr(r.err, msg) != NULL, "'%s' -> '%s': message '%s' lacks '%s'", from,
                  to, r.err, msg);
    ck_assert_uint_le(r.err_off, n);
    /* the error sticks */
    ck_assert_int_eq(brbe_dump_next(&r, &snap), -1);
}

static void bad_text(const char *text, size_t n, unsigned long line, size_t off, const char *msg)
{
    brbe_dump_reader r;
    unsigned ns;

    ck_assert_int_eq(parse_all(text, n, &r, &ns), -1);
    ck_assert_msg(r.err_line == line && r.err_off == off,
                  "error at line %lu offset %zu (%s), expected line %lu offset %zu",
                  r.err_line, r.err_off, r.err, line, off);
    ck_assert_msg(strstr(r.err, msg) != NULL, "message '%s' lacks '%s'", r.err, msg);
}

START_TEST(bad_structure)
{
    bad_text("", 0, 1, 0, "empty file");
    bad_text("brbe-records 2\n", 15, 1, 0, "is not 'brbe-records 1'");
    bad_text("# c\nbrbe-records 1\n", 19, 1, 0, "is not 'brbe-records 1'");
    bad_text("brbe-records 1\n", 15, 1, 15, "no snapshot");
    bad_text("brbe-records 1\n# only a comment\n\n", 33, 3, 33, "no snapshot");
    /* the line numbers of the example: 3 header, 4..11 records, 12 end */
    bad_edit("snapshot seq", "snapshots seq", 3, "expected a 'snapshot' header");
    bad_edit("seq=0", "seq=1", 3, "seq=1, expected 0");
    bad_edit("seq=0 pe=20000", "pe=20000 seq=0", 3, "expected 'seq=VALUE'");
    bad_edit(" brbts_el1=0000000000000000", "", 3, "ends early");
    bad_edit("brbts_el1=0000000000000000", "brbts_el1=0000000000000000 x=1", 3,
             "unexpected token 'x=1'");
    bad_edit("numrec=8", "numrec=12", 3, "not 8, 16, 32 or 64");
    bad_edit("numrec=8", "numrec=16", 3, "differs from BRBIDR0_EL1.NUMREC 8");
    bad_edit("brbidr0=0000000000005008", "brbidr0=0000000000005108", 3, "FORMAT 1");
    bad_edit("3 0000000000400040", "4 0000000000400040", 7, "index 4, expected 3");
    bad_edit("4 0000000000000000 0000000000000000 0000000000000000\n", "", 8,
             "index 5, expected 4");
    bad_edit("7 0000000000000000 0000000000000000 0000000000000000\n", "", 11,
             "'end' after 7 of the 8 records");
    bad_edit("end\n", "", 11, "without 'end'");
    bad_edit("end\n", "end now\n", 12, "expected 'end'");
    bad_edit("end\n", "snapshot\n", 12, "expected 'end'");
    bad_edit("7 0000000000000000 0000000000000000 0000000000000000\nend\n", "", 10,
             "file ends after 7 of the 8 records");
    bad_edit("0000000c00000203", "0000000c00000203 ff", 4, "unexpected token 'ff'");
    bad_edit(" 0000000c00000203", "", 4, "has 3 tokens");
}
END_TEST

START_TEST(bad_lexical)
{
    char t[4096];
    const char *cr;
    size_t n, p;

    bad_edit("seq=0", "seq=00", 3, "not a decimal");
    bad_edit("seq=0", "seq=+0", 3, "not a decimal");
    bad_edit("seq=0", "seq=", 3, "not a decimal");
    bad_edit("pe=20000", "pe=18446744073709551616", 3, "not a decimal");   /* 2^64 */
    bad_edit("pe=20000", "pe=123456789012345678901", 3, "not a decimal");  /* 21 digits */
    bad_edit("brbcr_el1=0000000000c0001b", "brbcr_el1=000000000c0001b", 3, "not 16 hex");
    bad_edit("brbcr_el1=0000000000c0001b", "brbcr_el1=0x00000000c0001b", 3, "not 16 hex");
    bad_edit("brbcr_el1=0000000000c0001b", "brbcr_el1=0000000000g0001b", 3, "not 16 hex");
    bad_edit("0 0000000000400048", "0 00000000004000480", 4, "BRBSRC");
    bad_edit("0000000000400200 0000000c", "000000000040020 0000000c", 4, "BRBTGT");
    bad_edit("0 0000000000400048", "00 0000000000400048", 4, "record index '00'");
    bad_edit("0 0000000000400048", "-0 0000000000400048", 4, "record index");

    /* bytes outside printable ASCII: the offset is the byte's */
    n = strlen(example);
    memcpy(t, example, n);
    p = (size_t)(strstr(example, "0000000000400044") - example) + 3;
    t[p] = '\0';
    bad_text(t, n, 7, p, "byte 0x00");
    t[p] = (char)0xC3;
    bad_text(t, n, 7, p, "byte 0xc3");
    t[p] = '\r';   /* a CR that does not end a line */
    bad_text(t, n, 7, p, "byte 0x0d");
    /* ... also inside a comment */
    memcpy(t, example, n);
    p = (size_t)(strstr(example, "run.pe") - example);
    t[p] = 0x7F;
    bad_text(t, n, 2, p, "byte 0x7f");
    /* offsets of tokens: a bad header value points at the value */
    cr = strstr(example, "brbcr_el2=") + strlen("brbcr_el2=");
    p = (size_t)(cr - example);
    memcpy(t, example, n);
    t[p + 5] = 'z';
    bad_text(t, n, 3, p, "brbcr_el2= '00000z");
}
END_TEST

START_TEST(bad_records)
{
    /* rule 2: valid records contiguous from index 0 */
    bad_edit("5 0000000000000000 0000000000000000 0000000000000000",
             "5 0000000000400040 0000000000400044 0000400000000003", 9,
             "record 5 is valid but record 4");
    /* rule 3: an invalid record is three zeros */
    bad_edit("6 0000000000000000 0000000000000000", "6 0000000000000010 0000000000000000", 10,
             "nonzero registers");
    /* rule 4: RES0 bits (bit 47) */
    bad_edit("0000400000000003", "0000c00000000003", 7, "RES0");
    /* rule 5: Half-source with a target; Half-target with a source */
    bad_edit("0000000000400200 0000000c00000203", "0000000000400200 0000000c00000202", 4,
             "Half-source");
    bad_edit("0000000000400040 0000000000400044 0000400000000003",
             "0000000000400040 0000000000400044 0000400000000001", 7, "Half-target");
    /* rule 6: CCU with a nonzero CC */
    bad_edit("0000400000000003", "0000400100000003", 7, "R_PBJTJ");
    /* rule 7: reserved TYPE 0b000100 */
    bad_edit("0000000000000703", "0000000000000403", 5, "TYPE 0x04 is reserved");
    /* a cycle count beyond the 20-bit counter: E 13 */
    bad_edit("0000000c00000203", "00000d0000000203", 4, "beyond the 20-bit");
    /* the good records around a bad one are not returned as a snapshot */
    {
        char t[8192];
        size_t n = (size_t)snprintf(t, sizeof t, "%s%s", example, example + strlen("brbe-records 1\n"));
        brbe_dump_reader r;
        unsigned ns;
        /* the second copy says seq=0 */
        ck_assert_int_eq(parse_all(t, n, &r, &ns), -1);
        ck_assert_uint_eq(ns, 1);
        ck_assert_uint_eq(r.err_line, 14);
        ck_assert_ptr_nonnull(strstr(r.err, "seq=0, expected 1"));
    }
}
END_TEST

/* ---- output ------------------------------------------------------------------------- */

static char *capture_text(void)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    brbe_dump_reader r;

    ck_assert_ptr_nonnull(f);
    brbe_dump_init(&r, example, strlen(example));
    ck_assert_int_eq(brbe_dump_next(&r, &snap), 1);
    brbe_print_snapshot_header(f, &snap);
    for (unsigned i = 0; i < snap.nvalid; i++)
        brbe_print_record(f, &snap.rec[i], snap.cc_bits);
    fclose(f);
    return buf;
}

START_TEST(text_output)
{
    char *out = capture_text();
    static const char want[] =
        "snapshot seq=0 pe=20000 numrec=8 valid=4 brbcr_el1=0x0000000000c0001b "
        "brbcr_el2=0x0000000000000000 brbfcr_el1=0x0000000000000000 (running) "
        "brbts_el1=0x0000000000000000\n"
        "   0  0x0000000000400048  0x0000000000400200  direct-link    el0  pred     12         -             full\n"
        "   1  0xffff800010000404  0x0000000000400048  eret           el0  pred     0          -             full\n"
        "   2  0x0000000000400048  0xffff800010000400  call           el1  -        0          -             full\n"
        "   3  0x0000000000400040  0x0000000000400044  direct         el0  pred     unknown    -             full\n";

    ck_assert_str_eq(out, want);
    free(out);
}
END_TEST

static char *one_line(const brbe_record *rec, int csv)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);

    ck_assert_ptr_nonnull(f);
    if (csv)
        brbe_csv_record(f, 3, rec, 20);
    else
        brbe_print_record(f, rec, 20);
    fclose(f);
    return buf;
}

START_TEST(text_forms)
{
    char *s;
    /* Half-source ERET, mispredicted, T and LASTFAILED, CC E 2 M 0 = 512
     * rounded (512..513) */
    brbe_record hs = { 9, 0xffff800010000404, 0, UINT64_C(0x0000020000030722) };
    /* Half-target IRQ to EL1 with the count overflowed */
    brbe_record ht = { 10, 0, 0xffff800010000480, UINT64_C(0x00003fff00002e41) };

    s = one_line(&hs, 0);
    ck_assert_str_eq(s, "   9  0xffff800010000404  -                   eret           -    "
                        "mispred  512+       T,LASTFAILED  source\n");
    free(s);
    s = one_line(&ht, 0);
    ck_assert_str_eq(s, "  10  -                   0xffff800010000480  irq            el1  "
                        "-        overflow   -             target\n");
    free(s);
    s = one_line(&hs, 1);
    ck_assert_str_eq(s, "3,9,source,0xffff800010000404,,eret,0x07,,1,512,513,known,1,1,ERET,"
                        "0x0000020000030722\n");
    free(s);
    s = one_line(&ht, 1);
    ck_assert_str_eq(s, "3,10,target,,0xffff800010000480,irq,0x2e,el1,,,,overflow,,0,IRQ,"
                        "0x00003fff00002e41\n");
    free(s);
}
END_TEST

START_TEST(csv_output)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    brbe_dump_reader r;

    ck_assert_ptr_nonnull(f);
    brbe_dump_init(&r, example, strlen(example));
    ck_assert_int_eq(brbe_dump_next(&r, &snap), 1);
    brbe_csv_header(f);
    for (unsigned i = 0; i < snap.nvalid; i++)
        brbe_csv_record(f, snap.seq, &snap.rec[i], snap.cc_bits);
    fclose(f);
    ck_assert_str_eq(buf,
        "seq,index,valid,source,target,type,type_code,el,mispred,cycles,cycles_max,cc_status,"
        "t,lastfailed,perf_type,brbinf\n"
        "0,0,full,0x0000000000400048,0x0000000000400200,direct-link,0x02,el0,0,12,12,known,0,0,"
        "CALL,0x0000000c00000203\n"
        "0,1,full,0xffff800010000404,0x0000000000400048,eret,0x07,el0,0,0,0,known,0,0,ERET,"
        "0x0000000000000703\n"
        "0,2,full,0x0000000000400048,0xffff800010000400,call,0x22,el1,,0,0,known,0,0,SYSCALL,"
        "0x0000000000002243\n"
        "0,3,full,0x0000000000400040,0x0000000000400044,direct,0x00,el0,0,,,unknown,0,0,UNCOND,"
        "0x0000400000000003\n");
    free(buf);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("brbe_dec_dump");
    TCase *tc = tcase_create("dump");

    tcase_add_test(tc, good_example);
    tcase_add_test(tc, good_liberties);
    tcase_add_test(tc, bad_structure);
    tcase_add_test(tc, bad_lexical);
    tcase_add_test(tc, bad_records);
    tcase_add_test(tc, text_output);
    tcase_add_test(tc, text_forms);
    tcase_add_test(tc, csv_output);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
