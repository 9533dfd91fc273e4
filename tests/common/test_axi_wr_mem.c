/* Tests of the benches' AXI write slave (tb/common/axi_wr_mem.h): bursts
 * commit on OKAY and not on an error response or a wrong BID, several
 * bursts outstanding with responses in order, the bursts after a failing
 * one are orphans (committed, marked, not logged, no response index), and
 * every violation of the AXI rules or of the master's contract it checks
 * is reported. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "axi_wr_mem.h"

#define WBASE 0x10000ull

static unsigned resp_pat(void *ctx, uint64_t i, uint64_t first, unsigned n)
{
    (void)ctx;
    (void)first;
    (void)n;
    return i == 1 ? AXI_RESP_SLVERR : i == 3 ? AXI_RESP_BADID : AXI_RESP_OKAY;
}

static axi_wr_mem M;
static axi_wr_mem_in IN;
static axi_wr_mem_out OUT;
static uint64_t CYC;

static void mk(void)
{
    axi_wr_mem_cfg c;
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
    ck_assert_int_eq(axi_wr_mem_init(&M, &c, NULL, err, sizeof err), 0);
    axi_wr_mem_set_range(&M, WBASE + 0x1000, WBASE + 0x3000);
    memset(&IN, 0, sizeof IN);
    memset(&OUT, 0, sizeof OUT);
    CYC = 0;
}

static int clk(void)
{
    axi_wr_mem_drive(&M, &IN);
    return axi_wr_mem_observe(&M, &IN, &OUT, ++CYC);
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
    for (unsigned i = 0; i < sizeof OUT.wdata; i++)
        OUT.wdata[i] = (strb >> i) & 1u ? val : 0;
}

/* wait for the response and take it */
static void b(void)
{
    memset(&OUT, 0, sizeof OUT);
    OUT.bready = 1;
    for (int i = 0; i < 10 && !axi_wr_mem_idle(&M); i++)
        ck_assert_int_eq(clk(), 0);
    ck_assert(axi_wr_mem_idle(&M));
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
    ck_assert_uint_eq(M.log[1].resp, AXI_RESP_SLVERR);
    ck_assert_uint_eq(M.errors, 1);
    ck_assert_uint_eq(M.mem[0x1020], 0);
    ck_assert_int_eq(M.failed, 0);
    axi_wr_mem_free(&M);
}
END_TEST

/* two bursts outstanding; the first fails, the second is an orphan: its
 * bytes are written and marked, it takes no index, and a new burst may
 * only follow its response */
START_TEST(test_outstanding_and_orphans)
{
    mk();
    /* burst 0 OKAY */
    aw(WBASE + 0x1000, 0);
    ck_assert_int_eq(clk(), 0);
    w(0xFF, 1, 0x44);
    ck_assert_int_eq(clk(), 0);
    b();
    /* burst 1 (SLVERR) and burst 2 outstanding together */
    aw(WBASE + 0x1100, 0);
    ck_assert_int_eq(clk(), 0);
    aw(WBASE + 0x1108, 0);
    ck_assert_int_eq(clk(), 0);
    ck_assert_uint_eq(M.max_inflight, 2);
    w(0xFF, 1, 0x55);
    ck_assert_int_eq(clk(), 0);
    w(0xFF, 1, 0x66);
    ck_assert_int_eq(clk(), 0);
    b();
    ck_assert_int_eq(M.failed, 0);
    ck_assert_uint_eq(M.errors, 1);
    ck_assert_uint_eq(M.orphans, 1);
    ck_assert_uint_eq(M.nlog, 2);
    ck_assert_uint_eq(M.mem[0x1100], 0);
    ck_assert_uint_eq(M.mem[0x1108], 0x66);
    ck_assert_uint_eq(M.orph[0x1108], 1);
    /* the model's image without the orphan's bytes compares equal */
    uint8_t *img = calloc(0x4000, 1);
    ck_assert_ptr_nonnull(img);
    memset(&img[0x1000], 0x44, 8);
    size_t first = 0;
    ck_assert_int_eq(axi_wr_mem_cmp(&M, img, &first), 0);
    img[0x1001] = 0;
    ck_assert_int_eq(axi_wr_mem_cmp(&M, img, &first), 1);
    ck_assert_uint_eq(first, 0x1001);
    free(img);
    /* the next burst takes index 2 (OKAY) and clears the mark; index 3 is a wrong BID */
    aw(WBASE + 0x1108, 0);
    ck_assert_int_eq(clk(), 0);
    w(0xFF, 1, 0x77);
    ck_assert_int_eq(clk(), 0);
    b();
    ck_assert_uint_eq(M.nlog, 3);
    ck_assert_uint_eq(M.log[2].resp, AXI_RESP_OKAY);
    ck_assert_uint_eq(M.orph[0x1108], 0);
    aw(WBASE + 0x1110, 0);
    ck_assert_int_eq(clk(), 0);
    w(0xFF, 1, 0x88);
    ck_assert_int_eq(clk(), 0);
    memset(&OUT, 0, sizeof OUT);
    OUT.bready = 1;
    unsigned seen = 0;
    for (int i = 0; i < 10 && !axi_wr_mem_idle(&M); i++) {
        axi_wr_mem_drive(&M, &IN);
        if (IN.bvalid) {
            ck_assert_uint_eq(IN.bresp, AXI_RESP_OKAY);
            ck_assert_uint_ne(IN.bid, 2);
            seen = 1;
        }
        ck_assert_int_eq(axi_wr_mem_observe(&M, &IN, &OUT, ++CYC), 0);
    }
    ck_assert_uint_eq(seen, 1);
    ck_assert_uint_eq(M.log[3].resp, AXI_RESP_BADID);
    ck_assert_uint_eq(M.mem[0x1110], 0);
    axi_wr_mem_free(&M);
}
END_TEST

/* after an error response a new burst before the orphans' responses */
START_TEST(test_issue_after_error)
{
    mk();
    aw(WBASE + 0x1000, 0);
    ck_assert_int_eq(clk(), 0);
    w(0xFF, 1, 1);
    ck_assert_int_eq(clk(), 0);
    b();
    aw(WBASE + 0x1100, 0);              /* index 1: SLVERR */
    ck_assert_int_eq(clk(), 0);
    aw(WBASE + 0x1108, 0);              /* orphan */
    ck_assert_int_eq(clk(), 0);
    w(0xFF, 1, 2);
    ck_assert_int_eq(clk(), 0);
    /* the error response, with the orphan's W still to come */
    memset(&OUT, 0, sizeof OUT);
    OUT.bready = 1;
    for (int i = 0; i < 10 && M.errors == 0; i++)
        ck_assert_int_eq(clk(), 0);
    ck_assert_uint_eq(M.errors, 1);
    aw(WBASE + 0x1110, 0);              /* a new burst: too early */
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "before the bursts in flight drained"));
    axi_wr_mem_free(&M);
}
END_TEST

START_TEST(test_violations)
{
    /* W before AW */
    mk();
    w(0xFF, 1, 1);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "before its AW"));
    axi_wr_mem_free(&M);
    /* a byte below the trace buffer */
    mk();
    aw(WBASE + 0xFF8, 0);
    ck_assert_int_eq(clk(), 0);
    w(0x80, 1, 1);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "outside the allowed range"));
    axi_wr_mem_free(&M);
    /* WLAST early */
    mk();
    aw(WBASE + 0x1000, 1);
    ck_assert_int_eq(clk(), 0);
    w(0xFF, 1, 1);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "WLAST"));
    axi_wr_mem_free(&M);
    /* a burst across 4 KB */
    mk();
    aw(WBASE + 0x1FF8, 1);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "crosses 4 KB"));
    axi_wr_mem_free(&M);
    /* strobes with a hole */
    mk();
    aw(WBASE + 0x1000, 1);
    ck_assert_int_eq(clk(), 0);
    w(0x0F, 0, 1);
    ck_assert_int_eq(clk(), 0);
    w(0xFF, 1, 1);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "not contiguous"));
    axi_wr_mem_free(&M);
    /* a lane without strobe that carries data */
    mk();
    aw(WBASE + 0x1000, 0);
    ck_assert_int_eq(clk(), 0);
    w(0x0F, 1, 1);
    OUT.wdata[7] = 5;
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "not strobed"));
    axi_wr_mem_free(&M);
    /* wrong size, ID, alignment */
    mk();
    aw(WBASE + 0x1004, 0);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "aligned"));
    axi_wr_mem_free(&M);
    mk();
    aw(WBASE + 0x1000, 0);
    OUT.awid = 3;
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "AWID"));
    axi_wr_mem_free(&M);
    mk();
    aw(WBASE + 0x1000, 0);
    OUT.awsize = 4;
    ck_assert_int_eq(clk(), -1);
    axi_wr_mem_free(&M);
    /* a beat with no strobe */
    mk();
    aw(WBASE + 0x1000, 0);
    ck_assert_int_eq(clk(), 0);
    w(0, 1, 1);
    ck_assert_int_eq(clk(), -1);
    ck_assert_ptr_nonnull(strstr(M.err, "no strobe"));
    axi_wr_mem_free(&M);
}
END_TEST

START_TEST(test_bad_config)
{
    axi_wr_mem_cfg c;
    memset(&c, 0, sizeof c);
    c.win_size = 16;
    c.data_bytes = 4;
    char err[128];
    ck_assert_int_eq(axi_wr_mem_init(&M, &c, NULL, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "data_bytes"));
    c.data_bytes = 16;
    c.b_lat_min = 3;
    ck_assert_int_eq(axi_wr_mem_init(&M, &c, NULL, err, sizeof err), -1);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("axi_wr_mem");
    TCase *t = tcase_create("core");
    tcase_add_test(t, test_commit_and_error);
    tcase_add_test(t, test_outstanding_and_orphans);
    tcase_add_test(t, test_issue_after_error);
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
