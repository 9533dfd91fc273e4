/* Tests of the TRBE model (model/trbe): registers, the three trace buffer
 * modes, the trigger modes, External Aborts, the programming rules while
 * enabled and the write transactions. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trbe_model.h"

#define MEM_BASE 0x80000000ull
#define MEM_SIZE 0x10000u

typedef struct env {
    uint8_t  mem[MEM_SIZE];
    uint64_t err_index;          /* transaction that gets err_resp, or ~0 */
    unsigned err_resp;           /* 0: SLVERR */
    uint64_t txn_start[64];
    unsigned txn_len[64], txn_resp[64];
    unsigned ntxn;
    unsigned bad_writes;         /* writes outside the memory window */
} env;

static unsigned resp_cb(void *ctx, uint64_t i)
{
    env *e = ctx;
    return i == e->err_index ? (e->err_resp ? e->err_resp : TRBE_RESP_SLVERR) : TRBE_RESP_OKAY;
}

static void mem_cb(void *ctx, uint64_t addr, const uint8_t *d, size_t n)
{
    env *e = ctx;
    if (addr < MEM_BASE || addr + n > MEM_BASE + MEM_SIZE) {
        e->bad_writes++;
        return;
    }
    memcpy(&e->mem[addr - MEM_BASE], d, n);
}

static void txn_cb(void *ctx, uint64_t index, uint64_t start, unsigned n, unsigned resp)
{
    env *e = ctx;
    ck_assert_uint_eq(index, e->ntxn);
    if (e->ntxn < 64) {
        e->txn_start[e->ntxn] = start;
        e->txn_len[e->ntxn] = n;
        e->txn_resp[e->ntxn] = resp;
    }
    e->ntxn++;
}

static env E;

static trbe_model *mk(unsigned block)
{
    memset(&E, 0, sizeof E);
    E.err_index = ~0ull;
    trbe_model_cfg c = {block, 0, resp_cb, mem_cb, txn_cb, &E};
    char err[128];
    trbe_model *m = trbe_model_new(&c, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    return m;
}

/* Program a buffer of npages pages at MEM_BASE and enable it. */
static void start(trbe_model *m, unsigned npages, uint64_t ptr, unsigned fm, unsigned tm,
                  uint32_t trg, uint64_t sr)
{
    trbe_model_write(m, TRBBASER_EL1_ENC, MEM_BASE);
    trbe_model_write(m, TRBPTR_EL1_ENC, ptr);
    trbe_model_write(m, TRBTRG_EL1_ENC, trg);
    trbe_model_write(m, TRBSR_EL1_ENC, sr);
    trbe_model_write(m, TRBLIMITR_EL1_ENC,
                     (MEM_BASE + npages * 4096ull) | ((uint64_t)tm << TRBLIMITR_TM_SHIFT) |
                         ((uint64_t)fm << TRBLIMITR_FM_SHIFT) | TRBLIMITR_E);
}

static void feed(trbe_model *m, size_t n, uint8_t seed)
{
    uint8_t b[256];
    while (n) {
        size_t k = n < sizeof b ? n : sizeof b;
        for (size_t i = 0; i < k; i++)
            b[i] = (uint8_t)(seed + i);
        trbe_model_data(m, b, k);
        seed = (uint8_t)(seed + k);
        n -= k;
    }
}

static unsigned ec_of(uint64_t sr) { return (unsigned)((sr & TRBSR_EC_MASK) >> TRBSR_EC_SHIFT); }

START_TEST(test_reset_and_masks)
{
    trbe_model *m = mk(64);
    uint16_t regs[] = {TRBLIMITR_EL1_ENC, TRBPTR_EL1_ENC, TRBBASER_EL1_ENC, TRBSR_EL1_ENC,
                       TRBMAR_EL1_ENC, TRBTRG_EL1_ENC, TRBIDR_EL1_ENC, TRBMPAM_EL1_ENC};
    for (unsigned i = 0; i < sizeof regs / sizeof regs[0]; i++)
        ck_assert_uint_eq(trbe_model_read(m, regs[i]), 0);
    ck_assert_uint_eq(TRBLIMITR_EL1_ENC, 0xC4D8);
    ck_assert_uint_eq(TRBIDR_EL1_ENC, 0xC4DF);
    ck_assert_str_eq(trbe_reg_name(TRBSR_EL1_ENC), "TRBSR_EL1");
    ck_assert_ptr_null(trbe_reg_name(0x1234));
    trbe_model_write(m, TRBBASER_EL1_ENC, ~0ull);
    ck_assert_uint_eq(trbe_model_read(m, TRBBASER_EL1_ENC), ~0xFFFull);
    trbe_model_write(m, TRBSR_EL1_ENC, ~0ull);
    ck_assert_uint_eq(trbe_model_read(m, TRBSR_EL1_ENC), TRBSR_RW_MASK);
    ck_assert(!(trbe_model_read(m, TRBSR_EL1_ENC) & (TRBSR_DAT | TRBSR_MSS2_MASK)));
    trbe_model_write(m, TRBTRG_EL1_ENC, ~0ull);
    ck_assert_uint_eq(trbe_model_read(m, TRBTRG_EL1_ENC), 0xFFFFFFFFull);
    trbe_model_write(m, TRBMAR_EL1_ENC, ~0ull);
    ck_assert_uint_eq(trbe_model_read(m, TRBMAR_EL1_ENC), 0xFFF);
    trbe_model_write(m, TRBIDR_EL1_ENC, ~0ull);
    ck_assert_uint_eq(trbe_model_read(m, TRBIDR_EL1_ENC), 0);
    trbe_model_write(m, TRBLIMITR_EL1_ENC, ~0ull & ~TRBLIMITR_E);
    ck_assert_uint_eq(trbe_model_read(m, TRBLIMITR_EL1_ENC), TRBLIMITR_RW_MASK & ~TRBLIMITR_E);
    trbe_model_out o;
    trbe_model_outputs(m, &o);
    ck_assert_int_eq(o.irq, 1);        /* IRQ written as 1 raises the request */
    ck_assert_int_eq(o.enabled, 0);
    trbe_model_free(m);
    ck_assert_uint_eq(trbe_model_idr(1), TRBIDR_P);
}
END_TEST

START_TEST(test_bad_config)
{
    char err[128];
    trbe_model_cfg c = {48, 0, NULL, NULL, NULL, NULL};
    ck_assert_ptr_null(trbe_model_new(&c, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "block_bytes 48"));
    c.block_bytes = 4096;
    ck_assert_ptr_null(trbe_model_new(&c, err, sizeof err));
    c.block_bytes = 64;
    c.prog_na = 2;
    ck_assert_ptr_null(trbe_model_new(&c, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "prog_na"));
}
END_TEST

START_TEST(test_disabled_discards)
{
    trbe_model *m = mk(64);
    feed(m, 100, 0);
    trbe_model_trigger(m);
    trbe_model_out o;
    trbe_model_outputs(m, &o);
    ck_assert_uint_eq(o.bytes_discarded, 100);
    ck_assert_uint_eq(o.bytes_written, 0);
    ck_assert_uint_eq(trbe_model_read(m, TRBSR_EL1_ENC), 0);   /* no TRG while Disabled */
    trbe_model_free(m);
}
END_TEST

START_TEST(test_fill_mode)
{
    trbe_model *m = mk(64);
    start(m, 1, MEM_BASE + 4000, TRBE_FM_FILL, TRBE_TM_IGNR, 0, 0);
    feed(m, 200, 1);
    uint64_t sr = trbe_model_read(m, TRBSR_EL1_ENC);
    ck_assert_uint_eq(trbe_model_read(m, TRBPTR_EL1_ENC), MEM_BASE);   /* R_MBSHC */
    ck_assert(sr & TRBSR_S);
    ck_assert(sr & TRBSR_WRAP);
    ck_assert(sr & TRBSR_IRQ);
    ck_assert_uint_eq(ec_of(sr), TRBSR_EC_OTHER);
    ck_assert_uint_eq(sr & TRBSR_BSC_MASK, TRBSR_BSC_FILLED);
    trbe_model_out o;
    trbe_model_outputs(m, &o);
    ck_assert_uint_eq(o.bytes_written, 96);
    ck_assert_uint_eq(o.bytes_discarded, 104);
    ck_assert_uint_eq(o.wrap_events, 1);
    ck_assert_int_eq(o.irq, 1);
    for (unsigned i = 0; i < 96; i++)
        ck_assert_uint_eq(E.mem[4000 + i], (uint8_t)(1 + i));
    ck_assert_uint_eq(E.mem[0], 0);     /* nothing written after the stop */
    /* blocks of 64: 4000..4031, 4032..4095 */
    ck_assert_uint_eq(E.ntxn, 2);
    ck_assert_uint_eq(E.txn_start[0], MEM_BASE + 4000);
    ck_assert_uint_eq(E.txn_len[0], 32);
    ck_assert_uint_eq(E.txn_len[1], 64);
    trbe_model_free(m);
}
END_TEST

START_TEST(test_wrap_and_circular)
{
    for (unsigned fm = TRBE_FM_WRAP; fm <= TRBE_FM_CBUF; fm += 2) {
        trbe_model *m = mk(128);
        start(m, 1, MEM_BASE + 4090, fm, TRBE_TM_IGNR, 0, 0);
        feed(m, 4096 + 20, 0);
        uint64_t sr = trbe_model_read(m, TRBSR_EL1_ENC);
        ck_assert(!(sr & TRBSR_S));
        ck_assert(sr & TRBSR_WRAP);
        ck_assert_int_eq((sr & TRBSR_IRQ) != 0, fm == TRBE_FM_WRAP);   /* R_VBDJZ, I_GDSTS */
        ck_assert_uint_eq(trbe_model_read(m, TRBPTR_EL1_ENC), MEM_BASE + 14);
        trbe_model_out o;
        trbe_model_outputs(m, &o);
        ck_assert_uint_eq(o.wrap_events, 2);
        ck_assert_uint_eq(o.bytes_written, 4116);
        /* the last 20 bytes overwrote 4090.. after a full lap */
        ck_assert_uint_eq(E.mem[4090], (uint8_t)4096);
        ck_assert_uint_eq(E.mem[4095 - 4096 + 4096], (uint8_t)(4096 + 5));
        trbe_model_free(m);
    }
}
END_TEST

START_TEST(test_trigger_stop)
{
    trbe_model *m = mk(64);
    start(m, 2, MEM_BASE, TRBE_FM_FILL, TRBE_TM_STOP, 100, 0);
    feed(m, 50, 0);
    trbe_model_trigger(m);             /* Detected Trigger: counting starts */
    uint64_t sr = trbe_model_read(m, TRBSR_EL1_ENC);
    ck_assert(sr & TRBSR_TRG);
    feed(m, 99, 0);
    trbe_model_out o;
    trbe_model_outputs(m, &o);
    ck_assert_int_eq(o.flush_req, 0);
    ck_assert_uint_eq(trbe_model_read(m, TRBTRG_EL1_ENC), 1);
    feed(m, 1, 0);                     /* counter reaches 0: Trigger Event */
    trbe_model_outputs(m, &o);
    ck_assert_int_eq(o.flush_req, 1);
    ck_assert_uint_eq(o.trig_events, 1);
    feed(m, 30, 0);                    /* the flush still delivers trace */
    ck_assert(!(trbe_model_read(m, TRBSR_EL1_ENC) & TRBSR_S));
    unsigned before = E.ntxn;
    trbe_model_flush_done(m);          /* R_XRRRWP */
    sr = trbe_model_read(m, TRBSR_EL1_ENC);
    ck_assert(sr & TRBSR_S);
    ck_assert(sr & TRBSR_IRQ);
    ck_assert_uint_eq(sr & TRBSR_BSC_MASK, TRBSR_BSC_TRIGGERED);
    ck_assert_uint_eq(E.ntxn, before + 1);   /* the partial block was closed */
    ck_assert_uint_eq(trbe_model_read(m, TRBPTR_EL1_ENC), MEM_BASE + 180);
    feed(m, 10, 0);
    trbe_model_outputs(m, &o);
    ck_assert_uint_eq(o.bytes_written, 180);
    ck_assert_int_eq(o.flush_req, 0);
    trbe_model_flush_done(m);          /* no flush pending: ignored */
    ck_assert_uint_eq(trbe_model_read(m, TRBSR_EL1_ENC), sr);
    trbe_model_free(m);
}
END_TEST

START_TEST(test_trigger_irq_and_ignore)
{
    trbe_model *m = mk(64);
    /* G3.2 method 2: TRG armed, IRQ on trigger at a watermark */
    start(m, 1, MEM_BASE, TRBE_FM_FILL, TRBE_TM_IRQ, 1000, TRBSR_TRG);
    feed(m, 1000, 0);
    trbe_model_out o;
    trbe_model_outputs(m, &o);
    ck_assert_int_eq(o.flush_req, 1);
    trbe_model_flush_done(m);
    uint64_t sr = trbe_model_read(m, TRBSR_EL1_ENC);
    ck_assert(sr & TRBSR_IRQ);
    ck_assert(!(sr & TRBSR_S));        /* R_XYYPYF: collection continues */
    feed(m, 10, 0);
    trbe_model_outputs(m, &o);
    ck_assert_uint_eq(o.bytes_written, 1010);
    trbe_model_free(m);

    m = mk(64);
    start(m, 1, MEM_BASE, TRBE_FM_FILL, TRBE_TM_IGNR, 0, 0);
    trbe_model_trigger(m);             /* counter 0, TRG 0: immediate Trigger Event */
    trbe_model_outputs(m, &o);
    ck_assert_uint_eq(o.trig_events, 1);
    ck_assert_int_eq(o.flush_req, 0);  /* I_ILMQHK */
    ck_assert_uint_eq(trbe_model_read(m, TRBSR_EL1_ENC), TRBSR_TRG);
    trbe_model_trigger(m);             /* TRG already 1: no second event (I_ZGFSK) */
    trbe_model_outputs(m, &o);
    ck_assert_uint_eq(o.trig_events, 1);
    trbe_model_free(m);
}
END_TEST

START_TEST(test_trigger_at_full)
{
    /* The counter reaches 0 on the byte that fills the buffer: the pointer
     * wraps first (R_PLYXP step 4), so the Trigger Event finds collection
     * stopped and changes nothing (R_MWHM). */
    trbe_model *m = mk(64);
    start(m, 1, MEM_BASE + 4096 - 10, TRBE_FM_FILL, TRBE_TM_STOP, 10, TRBSR_TRG);
    feed(m, 10, 0);
    trbe_model_out o;
    trbe_model_outputs(m, &o);
    ck_assert_uint_eq(o.trig_events, 1);
    ck_assert_int_eq(o.flush_req, 0);
    uint64_t sr = trbe_model_read(m, TRBSR_EL1_ENC);
    ck_assert_uint_eq(sr & TRBSR_BSC_MASK, TRBSR_BSC_FILLED);
    trbe_model_free(m);

    /* one byte earlier: the Trigger Event comes first and requests a flush */
    m = mk(64);
    start(m, 1, MEM_BASE + 4096 - 10, TRBE_FM_FILL, TRBE_TM_STOP, 9, TRBSR_TRG);
    feed(m, 10, 0);
    trbe_model_outputs(m, &o);
    ck_assert_int_eq(o.flush_req, 1);
    trbe_model_flush_done(m);
    sr = trbe_model_read(m, TRBSR_EL1_ENC);
    ck_assert_uint_eq(sr & TRBSR_BSC_MASK, TRBSR_BSC_FILLED);   /* S was already 1 */
    trbe_model_free(m);
}
END_TEST

START_TEST(test_external_abort)
{
    trbe_model *m = mk(64);
    E.err_index = 2;
    start(m, 1, MEM_BASE + 16, TRBE_FM_WRAP, TRBE_TM_STOP, 500, TRBSR_TRG);
    feed(m, 300, 0x40);
    uint64_t sr = trbe_model_read(m, TRBSR_EL1_ENC);
    /* transactions: 16..63 (48), 64..127 (64), then 128.. fails */
    ck_assert_uint_eq(E.ntxn, 3);
    ck_assert_uint_eq(E.txn_resp[2], TRBE_RESP_SLVERR);
    ck_assert_uint_eq(E.txn_start[2], MEM_BASE + 128);
    ck_assert_uint_eq(trbe_model_read(m, TRBPTR_EL1_ENC), MEM_BASE + 128);   /* R_XRLSC */
    ck_assert(sr & TRBSR_EA);
    ck_assert(sr & TRBSR_S);
    ck_assert(sr & TRBSR_IRQ);
    ck_assert_uint_eq(ec_of(sr), TRBSR_EC_S1_ABORT);
    ck_assert_uint_eq(sr & TRBSR_MSS_MASK, TRBSR_FSC_SYNC_EXT_ABORT);
    ck_assert_uint_eq(trbe_model_read(m, TRBTRG_EL1_ENC), 500 - 112);
    ck_assert_uint_eq(E.mem[127], (uint8_t)(0x40 + 111));
    ck_assert_uint_eq(E.mem[128], 0);
    trbe_model_out o;
    trbe_model_outputs(m, &o);
    ck_assert_uint_eq(o.bytes_written, 112);
    ck_assert_uint_eq(o.bytes_discarded, 188);
    trbe_model_free(m);
}
END_TEST

/* DECERR and a response with a wrong BID are External Aborts with the same
 * syndrome as SLVERR (R_XRLSC: EC 0x24, FSC 0b010000) */
START_TEST(test_external_abort_kinds)
{
    static const unsigned kinds[] = {TRBE_RESP_DECERR, TRBE_RESP_BADID};
    for (unsigned k = 0; k < 2; k++) {
        trbe_model *m = mk(64);
        E.err_index = 2;
        E.err_resp = kinds[k];
        start(m, 1, MEM_BASE + 16, TRBE_FM_WRAP, TRBE_TM_STOP, 500, TRBSR_TRG);
        feed(m, 300, 0x40);
        uint64_t sr = trbe_model_read(m, TRBSR_EL1_ENC);
        ck_assert_uint_eq(E.txn_resp[2], kinds[k]);
        ck_assert_uint_eq(trbe_model_read(m, TRBPTR_EL1_ENC), MEM_BASE + 128);
        ck_assert(sr & TRBSR_EA);
        ck_assert(sr & TRBSR_S);
        ck_assert_uint_eq(ec_of(sr), TRBSR_EC_S1_ABORT);
        ck_assert_uint_eq(sr & TRBSR_MSS_MASK, TRBSR_FSC_SYNC_EXT_ABORT);
        ck_assert_uint_eq(E.mem[128], 0);
        trbe_model_free(m);
    }
}
END_TEST

START_TEST(test_programming_while_enabled)
{
    trbe_model *m = mk(64);
    start(m, 1, MEM_BASE, TRBE_FM_CBUF, TRBE_TM_IGNR, 7, 0);
    uint64_t l = trbe_model_read(m, TRBLIMITR_EL1_ENC);
    /* R_DJMDD: ignored while E is 1 */
    trbe_model_write(m, TRBPTR_EL1_ENC, MEM_BASE + 8);
    trbe_model_write(m, TRBBASER_EL1_ENC, 0);
    trbe_model_write(m, TRBSR_EL1_ENC, TRBSR_IRQ);
    trbe_model_write(m, TRBTRG_EL1_ENC, 99);
    trbe_model_write(m, TRBMAR_EL1_ENC, 0x44);
    trbe_model_write(m, TRBLIMITR_EL1_ENC, l + 4096);
    ck_assert_uint_eq(trbe_model_read(m, TRBPTR_EL1_ENC), MEM_BASE);
    ck_assert_uint_eq(trbe_model_read(m, TRBBASER_EL1_ENC), MEM_BASE);
    ck_assert_uint_eq(trbe_model_read(m, TRBSR_EL1_ENC), 0);
    ck_assert_uint_eq(trbe_model_read(m, TRBTRG_EL1_ENC), 7);
    ck_assert_uint_eq(trbe_model_read(m, TRBMAR_EL1_ENC), 0);
    ck_assert_uint_eq(trbe_model_read(m, TRBLIMITR_EL1_ENC), l);
    feed(m, 10, 0);
    ck_assert_uint_eq(E.ntxn, 0);      /* the block is still open */
    /* a write that clears E applies whole and closes the open block */
    trbe_model_write(m, TRBLIMITR_EL1_ENC, (l + 4096) & ~TRBLIMITR_E);
    ck_assert_uint_eq(trbe_model_read(m, TRBLIMITR_EL1_ENC), (l + 4096) & ~TRBLIMITR_E);
    ck_assert_uint_eq(E.ntxn, 1);
    ck_assert_uint_eq(E.txn_len[0], 10);
    trbe_model_write(m, TRBPTR_EL1_ENC, MEM_BASE + 8);
    ck_assert_uint_eq(trbe_model_read(m, TRBPTR_EL1_ENC), MEM_BASE + 8);
    trbe_model_free(m);
}
END_TEST

START_TEST(test_out_of_range)
{
    uint64_t ptrs[] = {MEM_BASE - 1, MEM_BASE + 4096, MEM_BASE | (1ull << 60)};
    for (unsigned i = 0; i < 3; i++) {
        trbe_model *m = mk(64);
        start(m, 1, ptrs[i], TRBE_FM_FILL, TRBE_TM_IGNR, 0, 0);
        feed(m, 5, 0);
        uint64_t sr = trbe_model_read(m, TRBSR_EL1_ENC);
        ck_assert(sr & TRBSR_S);
        ck_assert(sr & TRBSR_IRQ);
        ck_assert_uint_eq(ec_of(sr), TRBSR_EC_IMPDEF);
        ck_assert_uint_eq(sr & TRBSR_MSS_MASK, TRBSR_MSS_IMPDEF_PTR_RANGE);
        ck_assert_uint_eq(trbe_model_read(m, TRBPTR_EL1_ENC), ptrs[i]);
        ck_assert_uint_eq(E.bad_writes, 0);
        ck_assert_uint_eq(E.ntxn, 0);
        trbe_model_free(m);
    }
    /* base not below limit: every pointer is out-of-range */
    trbe_model *m = mk(64);
    trbe_model_write(m, TRBBASER_EL1_ENC, MEM_BASE + 4096);
    trbe_model_write(m, TRBPTR_EL1_ENC, MEM_BASE + 4096);
    trbe_model_write(m, TRBLIMITR_EL1_ENC, (MEM_BASE + 4096) | TRBLIMITR_E);
    feed(m, 1, 0);
    ck_assert_uint_eq(ec_of(trbe_model_read(m, TRBSR_EL1_ENC)), TRBSR_EC_IMPDEF);
    trbe_model_free(m);
}
END_TEST

START_TEST(test_tsb_closes_block)
{
    trbe_model *m = mk(32);
    start(m, 1, MEM_BASE + 5, TRBE_FM_CBUF, TRBE_TM_IGNR, 0, 0);
    feed(m, 3, 0);
    trbe_model_tsb(m);
    trbe_model_tsb(m);                 /* nothing open: no empty transaction */
    feed(m, 40, 0);
    ck_assert_uint_eq(E.ntxn, 2);
    ck_assert_uint_eq(E.txn_start[0], MEM_BASE + 5);
    ck_assert_uint_eq(E.txn_len[0], 3);
    ck_assert_uint_eq(E.txn_start[1], MEM_BASE + 8);
    ck_assert_uint_eq(E.txn_len[1], 24);   /* up to the 32-byte block end */
    trbe_model_free(m);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("trbe_model");
    TCase *t = tcase_create("core");
    tcase_add_test(t, test_reset_and_masks);
    tcase_add_test(t, test_bad_config);
    tcase_add_test(t, test_disabled_discards);
    tcase_add_test(t, test_fill_mode);
    tcase_add_test(t, test_wrap_and_circular);
    tcase_add_test(t, test_trigger_stop);
    tcase_add_test(t, test_trigger_irq_and_ignore);
    tcase_add_test(t, test_trigger_at_full);
    tcase_add_test(t, test_external_abort);
    tcase_add_test(t, test_external_abort_kinds);
    tcase_add_test(t, test_programming_while_enabled);
    tcase_add_test(t, test_out_of_range);
    tcase_add_test(t, test_tsb_closes_block);
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
