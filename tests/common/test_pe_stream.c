/* Tests of the PE stream file (common/pe_stream.h): round trips, and
 * truncated or corrupted files are rejected with the offset of the problem. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "pe_stream.h"
#include "progen.h"

static char *tmpname(void)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/test_pe_stream_XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    return path;
}

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    ck_assert_int_ge(n, 0);
    rewind(f);
    uint8_t *b = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(b);
    ck_assert_uint_eq(fread(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return b;
}

static void spill(const char *path, const uint8_t *b, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(b, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
}

/* a small stream with awkward segment lengths and arbitrary record bytes */
static void make_stream(pe_stream *s, size_t nrec)
{
    pe_stream_init(s);
    static const uint64_t lens[] = {0, 5, 8, 13};
    uint8_t data[16];
    for (unsigned k = 0; k < 4; k++) {
        for (unsigned j = 0; j < sizeof data; j++)
            data[j] = (uint8_t)(k * 31 + j * 7 + 1);
        ck_assert_int_eq(pe_image_add(&s->image, 0x1000ull * (k + 1), data, lens[k]), 0);
    }
    harness_rng rng;
    harness_rng_init(&rng, 1, 0);
    for (size_t i = 0; i < nrec; i++) {
        pe_rec r;
        uint8_t *p = (uint8_t *)&r;
        for (size_t j = 0; j < sizeof r; j++)
            p[j] = (uint8_t)harness_rng_below(&rng, 256);
        ck_assert_int_eq(pe_stream_push(s, &r), 0);
    }
    s->seed = 0xFEEDFACE12345678ull;
}

static void assert_same(const pe_stream *a, const pe_stream *b)
{
    ck_assert_uint_eq(a->nrec, b->nrec);
    ck_assert(a->seed == b->seed);
    ck_assert_uint_eq(a->image.nseg, b->image.nseg);
    for (size_t k = 0; k < a->image.nseg; k++) {
        ck_assert(a->image.seg[k].base == b->image.seg[k].base);
        ck_assert(a->image.seg[k].len == b->image.seg[k].len);
        ck_assert(memcmp(a->image.seg[k].data, b->image.seg[k].data,
                         (size_t)a->image.seg[k].len) == 0);
    }
    if (a->nrec)
        ck_assert(memcmp(a->rec, b->rec, a->nrec * sizeof(pe_rec)) == 0);
}

START_TEST(test_round_trip)
{
    char err[256];
    char *path = tmpname();
    for (size_t n = 0; n < 40; n += 13) {
        pe_stream a, b;
        make_stream(&a, n);
        ck_assert_msg(pe_stream_write(&a, path, err, sizeof err) == 0, "%s", err);
        size_t len;
        uint8_t *raw = slurp(path, &len);
        /* 64 header + segments (16 + padded data each) + records */
        ck_assert_uint_eq(len, 64 + (16 + 0) + (16 + 8) + (16 + 8) + (16 + 16) + 96 * n);
        ck_assert(memcmp(raw, "PESTREAM", 8) == 0);
        free(raw);
        ck_assert_msg(pe_stream_read(&b, path, err, sizeof err) == 0, "%s", err);
        assert_same(&a, &b);
        pe_stream_free(&a);
        pe_stream_free(&b);
    }
    unlink(path);
}
END_TEST

START_TEST(test_generated_round_trip)
{
    progen_cfg c;
    progen_cfg_default(&c, 99);
    c.n_records = 5000;
    pe_stream a, b;
    char err[256];
    ck_assert_msg(progen_generate(&c, &a, err, sizeof err) == 0, "%s", err);
    char *path = tmpname();
    ck_assert_msg(pe_stream_write(&a, path, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(pe_stream_read(&b, path, err, sizeof err) == 0, "%s", err);
    assert_same(&a, &b);
    ck_assert(b.seed == 99);
    pe_stream_free(&a);
    pe_stream_free(&b);
    unlink(path);
}
END_TEST

/* every truncation of a valid file is rejected, naming an offset */
START_TEST(test_truncated)
{
    char err[256];
    char *path = tmpname();
    pe_stream a;
    make_stream(&a, 3);
    ck_assert_msg(pe_stream_write(&a, path, err, sizeof err) == 0, "%s", err);
    size_t len;
    uint8_t *raw = slurp(path, &len);
    for (size_t cut = 0; cut < len; cut++) {
        spill(path, raw, cut);
        pe_stream b;
        err[0] = 0;
        ck_assert_msg(pe_stream_read(&b, path, err, sizeof err) == -1,
                      "truncated at %zu of %zu accepted", cut, len);
        ck_assert_msg(strstr(err, "offset ") != NULL, "cut %zu: no offset in '%s'", cut, err);
        ck_assert_ptr_null(b.rec);
        ck_assert_uint_eq(b.image.nseg, 0);
    }
    /* one byte too many is rejected as well */
    uint8_t *more = malloc(len + 1);
    ck_assert_ptr_nonnull(more);
    memcpy(more, raw, len);
    more[len] = 0;
    spill(path, more, len + 1);
    pe_stream b;
    ck_assert_int_eq(pe_stream_read(&b, path, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "offset "), "%s", err);
    free(more);
    free(raw);
    pe_stream_free(&a);
    unlink(path);
}
END_TEST

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* a corrupted header or segment table names the offset of the bad field */
START_TEST(test_corrupted)
{
    char err[256];
    char *path = tmpname();
    pe_stream a;
    make_stream(&a, 2);
    ck_assert_msg(pe_stream_write(&a, path, err, sizeof err) == 0, "%s", err);
    size_t len;
    uint8_t *raw = slurp(path, &len);
    uint8_t *bad = malloc(len);
    ck_assert_ptr_nonnull(bad);
    struct {
        size_t off;
        int width;
        uint64_t val;
        const char *want;
    } cases[] = {
        {0, 1, 'X', "offset 0:"},                    /* magic */
        {8, 4, 2, "offset 8:"},                      /* version */
        {12, 4, 64, "offset 12:"},                   /* record size */
        {16, 8, 3, "offset "},                       /* one record too many */
        {16, 8, UINT64_MAX, "offset "},              /* absurd record count */
        {24, 4, 5, "offset "},                       /* one segment too many */
        {24, 4, 0xFFFFFFFFu, "offset "},             /* absurd segment count */
        {64 + 8, 8, UINT64_MAX, "offset 72:"},       /* segment 0 length */
        {64 + 16 + 8, 8, 1u << 20, "offset 88:"},    /* segment 1 past the end */
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        memcpy(bad, raw, len);
        if (cases[k].width == 1)
            bad[cases[k].off] = (uint8_t)cases[k].val;
        else if (cases[k].width == 4)
            put32(bad + cases[k].off, (uint32_t)cases[k].val);
        else
            put64(bad + cases[k].off, cases[k].val);
        spill(path, bad, len);
        pe_stream b;
        err[0] = 0;
        ck_assert_msg(pe_stream_read(&b, path, err, sizeof err) == -1, "case %u accepted", k);
        ck_assert_msg(strstr(err, cases[k].want) != NULL, "case %u: '%s' lacks '%s'", k, err,
                      cases[k].want);
        ck_assert_msg(strstr(err, path) != NULL, "case %u: '%s' lacks the path", k, err);
    }
    pe_stream b;
    ck_assert_int_eq(pe_stream_read(&b, "/nonexistent/dir/x.pe", err, sizeof err), -1);
    ck_assert(strstr(err, "/nonexistent/dir/x.pe") != NULL);
    free(bad);
    free(raw);
    pe_stream_free(&a);
    unlink(path);
}
END_TEST

START_TEST(test_image_access)
{
    pe_image img = {0, NULL};
    const uint8_t d[8] = {0x1F, 0x20, 0x03, 0xD5, 0xC0, 0x03, 0x5F, 0xD6};
    ck_assert_int_eq(pe_image_add(&img, 0x400000, d, 8), 0);
    uint32_t w = 0;
    ck_assert_int_eq(pe_image_read32(&img, 0x400000, &w), 0);
    ck_assert_uint_eq(w, 0xD503201Fu);
    ck_assert_int_eq(pe_image_read32(&img, 0x400004, &w), 0);
    ck_assert_uint_eq(w, 0xD65F03C0u);
    ck_assert_int_eq(pe_image_read32(&img, 0x400006, &w), -1);  /* runs off the end */
    ck_assert_int_eq(pe_image_read32(&img, 0x3FFFFC, &w), -1);  /* unmapped */
    uint8_t buf[16];
    ck_assert_uint_eq(pe_image_read(&img, 0x400005, buf, sizeof buf), 3);
    ck_assert_uint_eq(buf[0], 0x03);
    ck_assert_uint_eq(pe_image_read(&img, 0x500000, buf, sizeof buf), 0);
    pe_image_free(&img);
    ck_assert_uint_eq(img.nseg, 0);
}
END_TEST

/* the dump line of docs/pe-interface.md section 4 */
START_TEST(test_print_format)
{
    pe_rec r;
    memset(&r, 0, sizeof r);
    r.kind = PE_KIND_INSN;
    r.pc = 0x400024;
    r.el = 0;
    r.flags = PE_F_NS;
    r.cycle = 71427;
    r.timestamp = 597883127204ull;
    r.opcode = 0xD4000061u;
    r.iclass = PE_IC_EXCGEN;
    r.contextidr_el1 = 0xF8DD;
    r.contextidr_el2 = 0xF40DD055u;
    r.vmid = 0x61;
    char *out = NULL;
    size_t olen = 0;
    FILE *f = open_memstream(&out, &olen);
    ck_assert_ptr_nonnull(f);
    pe_rec_print(f, &r);
    r.kind = PE_KIND_EXC;
    r.pc = 0x400028;
    r.el = 1;
    r.from_el = 0;
    r.exc_type = PE_EXC_CALL;
    r.target = 0xFFFF800010000400ull;
    r.cycle = 71445;
    r.timestamp = 597883127206ull;
    r.opcode = 0;
    r.iclass = 0;
    pe_rec_print(f, &r);
    fclose(f);
    ck_assert_str_eq(out,
        "insn  pc=0x0000000000400024 el0ns cyc=71427 ts=597883127204 op=d4000061 excgen N "
        "tgt=0x0 cid1=f8dd cid2=f40dd055 vmid=61\n"
        "exc   pc=0x0000000000400028 el1ns cyc=71445 ts=597883127206 type=call(2) from=el0 "
        "vec=0xffff800010000400 cid1=f8dd cid2=f40dd055 vmid=61\n");
    free(out);
}
END_TEST

static Suite *pe_stream_suite(void)
{
    Suite *s = suite_create("pe_stream");
    TCase *t = tcase_create("pe_stream");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, test_round_trip);
    tcase_add_test(t, test_generated_round_trip);
    tcase_add_test(t, test_truncated);
    tcase_add_test(t, test_corrupted);
    tcase_add_test(t, test_image_access);
    tcase_add_test(t, test_print_format);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(pe_stream_suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? 0 : 1;
}
