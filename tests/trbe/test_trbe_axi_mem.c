/* Tests of the bench's AXI write slave (tb/trbe/rtl/trbe_axi_mem.h): bursts
 * commit on OKAY and not on an error response, and every violation of
 * the AXI rules or of the TRBE contract it checks is reported. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "trbe_axi_mem.h"

#define WBASE 0x10000ull

static unsigned resp_pat(void *ctx, uint64_t i)
{
    (void)ctx;
    return i == 1 ? TRBE_RESP_SLVERR : TRBE_RESP_OKAY;
}

static trbe_axi_mem M;
static trbe_pins_in IN;
static trbe_pins_out OUT;
static uint64_t CYC;

static void mk(void)
{
    trbe_axi_mem_cfg c;
    memset(&c, 0, sizeof c);
    c.win_base = WBASE;
    c.win_size = 0x4000;
    c.data_bytes = 8;
    c.awid = 2;
    c.p_awready = 1;
    c.p_wready = 1;
    c.b_lat_min = 0;
    c.b_lat_max = 3;
    c.resp = resp_pat;
    c.seed = 7;
    char err[128];
    ck_assert_int_eq(trbe_axi_mem_init(&M, &c, NULL, err, sizeof err), 0);
    trbe_axi_mem_set_range(&M, WBASE + 0x1000, WBASE + 0x3000);
    memset(&IN, 0, sizeof IN);
    memset(&OUT, 0, sizeof OUT);
    CYC = 0;
}

static int clk(void)
{
    trbe_axi_mem_drive(&M, &IN);
    return trbe_axi_mem_observe(&M, &IN, &OUT, ++CYC);
}

static void aw(uint64_t addr, unsigned len)
{
    memset(&OUT, 0, sizeof OUT);
    OUT.awvalid = 1;
    OUT.awaddr = addr;
    OUT.awlen = (uint8_t)len;
    OUT.awsize = 3;
    OUT.awburst = 1;
    OUT.awid = 2;
}

static void w(uint32_t strb, int last, uint8_t val)
{
    memset(&OUT, 0, sizeof OUT);
    OUT.wvalid = 1;
    OUT.wstrb = strb;
    OUT.wlast = (uint8_t)last;
    memset(OUT.wdata, val, sizeof OUT.wdata);
}

/* wait for the response and take it */
static void b(void)
{
    memset(&OUT, 0, sizeof OUT);
    OUT.bready = 1;
    for (int i = 0; i < 10 && !trbe_axi_mem_idle(&M); i++)
        ck_assert_int_eq(clk(), 0);
    ck_assert(trbe_axi_mem_idle(&M));
}

START_TEST(test_commit_and_error)
{
    mk();
    aw(WBASE + 0x1008, 1);
    ck_assert_int_eq(clk(), 0);
    w(0xF0, 0, 0x11);
    ck_assert_int_eq(clk(), 0);
    w(0x0F, 1, 0x22);
    ck_assert_int_eq(clk(), 0);
    b();
    ck_assert_uint_eq(M.nlog, 1);
    ck_assert_uint_eq(M.log[0].start, WBASE + 0x100C);
    ck_assert_uint_eq(M.log[0].nbytes, 8);
    ck_assert_uint_eq(M.mem[0x100C], 0x11);
    ck_assert_uint_eq(M.mem[0x1013], 0x22);
    ck_assert_uint_eq(M.mem[0x100B], 0);
    /* transaction 1 gets SLVERR: memory unchanged */
    aw(WBASE + 0x1020, 0);
    ck_assert_int_eq(clk(), 0);
    w(0xFF, 1, 0x33);
    ck_assert_int_eq(clk(), 0);
    b();
    ck_assert_uint_eq(M.nlog, 2);
    ck_assert_uint_eq(M.log[1].resp, TRBE_RESP_SLVERR);
    ck_assert_uint_eq(M.errors, 1);
    ck_assert_uint_eq(M.mem[0x1020], 0);
    ck_assert_int_eq(M.failed, 0);
    trbe_axi_mem_free(&M);
}
END_TEST

START_TEST(test_violations)
{
    /* W before AW */
    mk();
    w(0xFF, 1, 1);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "before its AW"));
    trbe_axi_mem_free(&M);
    /* a byte below the trace buffer */
    mk();
    aw(WBASE + 0xFF8, 0);
    ck_assert_int_eq(clk(), 0);
    w(0x80, 1, 1);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "outside the trace buffer"));
    trbe_axi_mem_free(&M);
    /* WLAST early */
    mk();
    aw(WBASE + 0x1000, 1);
    ck_assert_int_eq(clk(), 0);
    w(0xFF, 1, 1);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "WLAST"));
    trbe_axi_mem_free(&M);
    /* a burst across 4 KB */
    mk();
    aw(WBASE + 0x1FF8, 1);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "crosses 4 KB"));
    trbe_axi_mem_free(&M);
    /* strobes with a hole */
    mk();
    aw(WBASE + 0x1000, 1);
    ck_assert_int_eq(clk(), 0);
    w(0x0F, 0, 1);
    ck_assert_int_eq(clk(), 0);
    w(0xFF, 1, 1);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "not contiguous"));
    trbe_axi_mem_free(&M);
    /* a second AW while one is outstanding */
    mk();
    aw(WBASE + 0x1000, 0);
    ck_assert_int_eq(clk(), 0);
    aw(WBASE + 0x1008, 0);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "outstanding"));
    trbe_axi_mem_free(&M);
    /* wrong size, ID, alignment */
    mk();
    aw(WBASE + 0x1004, 0);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "aligned"));
    trbe_axi_mem_free(&M);
    mk();
    aw(WBASE + 0x1000, 0);
    OUT.awid = 3;
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "AWID"));
    trbe_axi_mem_free(&M);
    mk();
    aw(WBASE + 0x1000, 0);
    OUT.awsize = 4;
    ck_assert_int_eq(clk(), -1);
    trbe_axi_mem_free(&M);
    /* a beat with no strobe */
    mk();
    aw(WBASE + 0x1000, 0);
    ck_assert_int_eq(clk(), 0);
    w(0, 1, 1);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "no strobe"));
    trbe_axi_mem_free(&M);
}
END_TEST

START_TEST(test_bad_config)
{
    trbe_axi_mem_cfg c;
    memset(&c, 0, sizeof c);
    c.win_size = 16;
    c.data_bytes = 4;
    char err[128];
    ck_assert_int_eq(trbe_axi_mem_init(&M, &c, NULL, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "data_bytes"));
    c.data_bytes = 16;
    c.b_lat_min = 3;
    ck_assert_int_eq(trbe_axi_mem_init(&M, &c, NULL, err, sizeof err), -1);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("trbe_axi_mem");
    TCase *t = tcase_create("core");
    tcase_add_test(t, test_commit_and_error);
    tcase_add_test(t, test_violations);
    tcase_add_test(t, test_bad_config);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *r = srunner_create(suite());
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
