/* OpenCSD's ETMv3 packet processor (libopencsd, Debian 1.3.3) as a second,
 * independent decoder of the ETMv1 branch address packets (ARM IHI 0014Q
 * 6.7.1; docs/etmv1.md, "Independent check").
 *
 * In its original (non-alternative) branch address format, ETMv3 keeps the
 * ETMv1 layout: byte 0 {C, A[7:2] or A[6:1], 1}, then 7 bits per byte, the
 * fifth byte b0?001XXX (ARM) or b0?01XXXX (Thumb), the state of a partial
 * address that of the last full one.  It differs in two places, both
 * checked below so that docs/etmv1.md stays true:
 *   - bit 6 of the fifth byte: ETMv1's E bit; for ETMv3 "exception bytes
 *     follow", so OpenCSD takes the next packet's bytes as exception data;
 *   - a fifth byte with bit 7 set: reserved in ETMv1 (Table 6.9); ETMv3's
 *     deprecated ARM exception form, which OpenCSD accepts.
 * So the model's streams without exception branches go through OpenCSD, and
 * every address and state it reports must equal the model's input. */
#include <check.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <opencsd/c_api/opencsd_c_api.h>
#include <opencsd/etmv3/trc_pkt_types_etmv3.h>

#include "etmv1_model.h"
#include "harness.h"

#define REQUIRE(cond, ...)             \
    do {                               \
        if (!(cond))                   \
            ck_abort_msg(__VA_ARGS__); \
    } while (0)

#define MAXP 4096u

typedef struct got {
    unsigned n, other, bad;
    uint32_t addr[MAXP];
    unsigned isa[MAXP];
    unsigned exc[MAXP];
    uint64_t idx[MAXP];
} got;

static ocsd_datapath_resp_t pkt_cb(const void *ctx, const ocsd_datapath_op_t op,
                                   const ocsd_trc_index_t index_sop, const void *pkt_in)
{
    got *g = (got *)(uintptr_t)ctx;
    if (op != OCSD_OP_DATA || !pkt_in)
        return OCSD_RESP_CONT;
    const ocsd_etmv3_pkt *p = pkt_in;
    if (p->type == ETM3_PKT_BRANCH_ADDRESS && g->n < MAXP) {
        g->addr[g->n] = (uint32_t)p->addr.val;
        g->isa[g->n] = p->curr_isa == ocsd_isa_thumb2 ? ETMV1_ISA_THUMB
                       : p->curr_isa == ocsd_isa_arm  ? ETMV1_ISA_ARM
                                                      : 9u;
        g->exc[g->n] = p->exception.bits.present;
        g->idx[g->n] = index_sop;
        g->n++;
    } else if (p->type == ETM3_PKT_A_SYNC || p->type == ETM3_PKT_NOTSYNC ||
               p->type == ETM3_PKT_INCOMPLETE_EOT) {
        /* the leading A-sync; the end of the data */
    } else if (p->type >= ETM3_PKT_BAD_SEQUENCE) {
        g->bad++;
    } else {
        g->other++;
    }
    return OCSD_RESP_CONT;
}

/* The ETMv3 packet processor alone on A-sync (5 x 0x00, 0x80) + data. */
static void ocsd_run(const uint8_t *data, size_t len, got *g)
{
    static uint8_t buf[6 + MAXP * 5];
    static const uint8_t async[6] = { 0, 0, 0, 0, 0, 0x80 };
    ck_assert_uint_le(len, sizeof buf - 6);
    memcpy(buf, async, 6);
    memcpy(buf + 6, data, len);
    memset(g, 0, sizeof *g);

    dcd_tree_handle_t t = ocsd_create_dcd_tree(OCSD_TRC_SRC_SINGLE, 0);
    ck_assert(t != C_API_INVALID_TREE_HANDLE);
    ocsd_etmv3_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.reg_idr = 0x4100F230u;   /* ETMv3.3: no alternative branch format (IDR bit 20 clear) */
    cfg.reg_ctrl = 0;            /* instruction trace only, no cycle accuracy, no timestamps */
    cfg.reg_trc_id = 0x10;
    cfg.arch_ver = ARCH_V7;
    cfg.core_prof = profile_CortexA;
    unsigned char csid = 0;
    ck_assert_int_eq(ocsd_dt_create_decoder(t, OCSD_BUILTIN_DCD_ETMV3, OCSD_CREATE_FLG_PACKET_PROC,
                                            &cfg, &csid), OCSD_OK);
    ck_assert_int_eq(ocsd_dt_attach_packet_callback(t, csid, OCSD_C_API_CB_PKT_SINK,
                                                    (void *)(uintptr_t)pkt_cb, g), OCSD_OK);
    uint32_t done = 0;
    size_t total = len + 6;
    while (done < total) {
        uint32_t used = 0;
        ocsd_datapath_resp_t r = ocsd_dt_process_data(t, OCSD_OP_DATA, done,
                                                      (uint32_t)(total - done), buf + done, &used);
        ck_assert_msg(!OCSD_DATA_RESP_IS_FATAL(r), "OpenCSD: fatal response %d at %u", (int)r,
                      done);
        ck_assert_msg(used > 0, "OpenCSD consumed nothing at %u", done);
        done += used;
    }
    ocsd_dt_process_data(t, OCSD_OP_EOT, 0, 0, NULL, NULL);
    ocsd_destroy_dcd_tree(t);
}

START_TEST(test_ocsd_agrees)
{
    harness_rng r;
    harness_rng_init(&r, 0x0C5Du, 0);
    static uint8_t buf[MAXP * 5];
    static uint32_t tgt[MAXP];
    static unsigned isa_in[MAXP];
    static unsigned offs[MAXP];
    static got g;
    uint64_t by_len[6] = { 0 }, checked = 0;
    for (unsigned run = 0; run < 40; run++) {
        etmv1_model m;
        char err[200];
        size_t len = 0;
        unsigned nb = 1000, isa = ETMV1_ISA_ARM;
        uint32_t last = (uint32_t)harness_rng_next(&r);
        etmv1_model_reset(&m);
        for (unsigned i = 0; i < nb; i++) {
            etmv1_branch b;
            memset(&b, 0, sizeof b);
            if (harness_rng_chance(&r, 0.08))
                isa ^= 1u;
            b.isa = isa;
            b.full = harness_rng_chance(&r, 0.02);
            b.target = harness_rng_chance(&r, 0.25)
                           ? (uint32_t)harness_rng_next(&r)
                           : last + (uint32_t)harness_rng_below(&r, 1u << harness_rng_range(&r, 2, 29));
            b.target &= isa ? ~1u : ~3u;
            offs[i] = (unsigned)len;
            int n = etmv1_model_encode(&m, &b, buf + len, err, sizeof err);
            REQUIRE(n > 0, "%s", err);
            by_len[n]++;
            len += (size_t)n;
            tgt[i] = b.target;
            isa_in[i] = isa;
            last = b.target;
        }
        ocsd_run(buf, len, &g);
        REQUIRE(g.bad == 0 && g.other == 0, "run %u: OpenCSD: %u bad, %u other packets", run,
                g.bad, g.other);
        REQUIRE(g.n == nb, "run %u: OpenCSD reports %u branch addresses, the model sent %u", run,
                g.n, nb);
        for (unsigned i = 0; i < nb; i++) {
            REQUIRE(g.idx[i] == 6u + offs[i], "run %u branch %u: OpenCSD packet at %" PRIu64
                    ", model's at %u", run, i, g.idx[i], 6u + offs[i]);
            REQUIRE(g.addr[i] == tgt[i] && g.isa[i] == isa_in[i],
                    "run %u branch %u (offset %u): OpenCSD 0x%08" PRIx32 " isa %u, model input "
                    "0x%08" PRIx32 " isa %u",
                    run, i, offs[i], g.addr[i], g.isa[i], tgt[i], isa_in[i]);
            checked++;
        }
    }
    printf("etmv1 vs OpenCSD ETMv3: %" PRIu64 " addresses agree; packets of 1..5 bytes: %" PRIu64
           " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
           checked, by_len[1], by_len[2], by_len[3], by_len[4], by_len[5]);
    for (unsigned n = 1; n <= 5; n++)
        ck_assert_uint_gt(by_len[n], 100);
}
END_TEST

/* Where ETMv3 reads the same bytes differently (docs/etmv1.md). */
START_TEST(test_ocsd_differs_on_e_bit)
{
    static got g;
    /* ARM exception branch to 0x18 (E set: 8D 80 80 80 48), then a one-byte
     * packet for 0x1C (0x0F... {0, 000111, 1} = 0x0F): two ETMv1 addresses.
     * ETMv3 reads bit 6 of the fifth byte as "exception data follows" and
     * takes 0x0F as that data: one branch address, with an exception. */
    const uint8_t s[] = { 0x8D, 0x80, 0x80, 0x80, 0x48, 0x0F };
    ocsd_run(s, sizeof s, &g);
    ck_assert_uint_eq(g.n, 1);
    ck_assert_uint_eq(g.exc[0], 1);
    ck_assert_uint_eq(g.addr[0], 0x18);
}
END_TEST

START_TEST(test_ocsd_accepts_reserved_fifth_byte)
{
    static got g;
    /* fifth byte 0x88 (b10001000): reserved in ETMv1, an ARM address with
     * a deprecated exception number in ETMv3 */
    const uint8_t s[] = { 0x8D, 0x80, 0x80, 0x80, 0x88 };
    ocsd_run(s, sizeof s, &g);
    ck_assert_uint_eq(g.n, 1);
    ck_assert_uint_eq(g.bad, 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("etmv1_ocsd");
    TCase *tc = tcase_create("opencsd_etmv3");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_ocsd_agrees);
    tcase_add_test(tc, test_ocsd_differs_on_e_bit);
    tcase_add_test(tc, test_ocsd_accepts_reserved_fifth_byte);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? 0 : 1;
}
