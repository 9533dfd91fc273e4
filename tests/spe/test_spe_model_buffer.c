/* SPE model: the Profiling Buffer (3.4, 3.5): buffer full, the limit,
 * alignment and padding, faults and external aborts, PE reset, and the
 * write-bound property on random PE streams. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "progen.h"
#include "spe_model.h"
#include "spe_model_testutil.h"

/* tu_insn records at EL0 with every collection off make 20-byte records:
 * PC 9, Operation Type 2, two counters 6, Events 2, End 1. */
#define REC 20u

static void feed_ops(spe_model *m, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        pe_rec r = tu_insn(0x400000 + i * 4, 0);
        spe_model_feed(m, &r);
    }
}

static spe_status status(const spe_model *m)
{
    spe_status st;
    spe_model_status(m, &st);
    return st;
}

static unsigned ec_of(uint64_t sr)
{
    return (unsigned)((sr & PMBSR_EL1_EC_MASK) >> PMBSR_EL1_EC_SHIFT);
}

START_TEST(test_buffer_full)
{
    /* 4KB buffer, MaxSize 128: after record k the pointer is base + 20k;
     * the event comes after the first record that leaves less than 128
     * bytes: 4096 - 20k < 128 -> k = 199 (3.5.2). */
    spe_model *m = tu_model_default();
    tu_set(m, PMBLIMITR_EL1_ENC, (TU_BASE + 4096) | PMBLIMITR_EL1_E);
    tu_bytes *o = malloc(sizeof *o);
    o->n = 0;
    uint64_t next = TU_BASE;
    for (unsigned i = 0; i < 300; i++) {
        pe_rec r = tu_insn(0x400000 + i * 4, 0);
        spe_model_feed(m, &r);
        tu_drain(m, o, &next);
    }
    spe_model_flush(m);
    tu_drain(m, o, &next);
    spe_status st = status(m);
    ck_assert_uint_eq(st.c.written, 199);
    ck_assert_uint_eq(o->n, 199 * REC);
    ck_assert_uint_eq(st.pmbptr, TU_BASE + 199 * REC);
    ck_assert_uint_eq(st.pmbsr, PMBSR_EL1_S | PMBSR_BSC_FILLED);    /* EC 0, DL 0 */
    ck_assert_int_eq(st.irq, 1);
    ck_assert_uint_eq(st.c.mgmt_events, 1);
    /* profiling is disabled while S = 1: no population, counter holds */
    ck_assert_uint_eq(st.c.sample_pop, 199);
    ck_assert_int_eq(tu_check_framing(o->b, o->n, TU_BASE), 199);

    /* the service routine extends the buffer and clears S: collection
     * restarts at the saved pointer (3.4.1) */
    tu_set(m, PMBLIMITR_EL1_ENC, (TU_BASE + 8192) | PMBLIMITR_EL1_E);
    tu_set(m, PMBSR_EL1_ENC, 0);
    ck_assert_int_eq(spe_model_irq(m), 0);
    feed_ops(m, 2);
    spe_model_flush(m);
    o->n = 0;
    tu_drain(m, o, &next);
    ck_assert_uint_eq(o->n, 2 * REC);
    free(o);
    spe_model_free(m);
}
END_TEST

START_TEST(test_record_does_not_fit)
{
    /* A write pointer less than one record below the limit (software
     * broke 3.4.1): nothing is written, buffer full with data loss. */
    spe_model *m = tu_model_default();
    tu_set(m, PMBLIMITR_EL1_ENC, (TU_BASE + 4096) | PMBLIMITR_EL1_E);
    tu_set(m, PMBPTR_EL1_ENC, TU_BASE + 4096 - 10);
    feed_ops(m, 3);
    spe_model_flush(m);
    const spe_write *w;
    ck_assert_uint_eq(spe_model_drain(m, &w), 0);
    spe_status st = status(m);
    ck_assert_uint_eq(st.pmbsr, PMBSR_EL1_S | PMBSR_EL1_DL | PMBSR_BSC_FILLED);
    ck_assert_uint_eq(st.pmbptr, TU_BASE + 4096 - 10);
    ck_assert_uint_eq(st.c.discarded, 1);
    spe_model_free(m);

    /* past the limit */
    m = tu_model_default();
    tu_set(m, PMBLIMITR_EL1_ENC, (TU_BASE + 4096) | PMBLIMITR_EL1_E);
    tu_set(m, PMBPTR_EL1_ENC, TU_BASE + 8192);
    feed_ops(m, 3);
    spe_model_flush(m);
    ck_assert_uint_eq(spe_model_drain(m, &w), 0);
    ck_assert_uint_eq(status(m).pmbsr, PMBSR_EL1_S | PMBSR_EL1_DL | PMBSR_BSC_FILLED);
    spe_model_free(m);

    /* exactly one record of room: written, then full without loss */
    m = tu_model_default();
    tu_set(m, PMBLIMITR_EL1_ENC, (TU_BASE + 4096) | PMBLIMITR_EL1_E);
    tu_set(m, PMBPTR_EL1_ENC, TU_BASE + 4096 - REC);
    feed_ops(m, 3);
    spe_model_flush(m);
    ck_assert_uint_eq(spe_model_drain(m, &w), 1);
    ck_assert_uint_eq(w[0].addr + w[0].len, TU_BASE + 4096);
    ck_assert_uint_eq(status(m).pmbsr, PMBSR_EL1_S | PMBSR_BSC_FILLED);
    ck_assert_uint_eq(status(m).pmbptr, TU_BASE + 4096);
    spe_model_free(m);
}
END_TEST

START_TEST(test_align_padding)
{
    /* PMBIDR_EL1.Align = 4: every record padded with Padding bytes to a
     * multiple of 16 (4.3.1): 20 + 12 = 32 bytes. */
    spe_params p;
    spe_params_default(&p);
    p.align = 4;
    spe_model *m = tu_model(&p, 0, 0);
    tu_bytes *o = malloc(sizeof *o);
    o->n = 0;
    uint64_t next = TU_BASE;
    feed_ops(m, 4);
    spe_model_flush(m);
    tu_drain(m, o, &next);
    ck_assert_uint_eq(o->n, 4 * 32);
    for (unsigned r = 0; r < 4; r++) {
        ck_assert_uint_eq(o->b[32 * r], 0xB0);
        ck_assert_uint_eq(o->b[32 * r + REC - 1], 0x01);
        for (unsigned i = REC; i < 32; i++)
            ck_assert_uint_eq(o->b[32 * r + i], 0x00);
    }
    ck_assert_int_eq(tu_check_framing(o->b, o->n, TU_BASE), 4);
    spe_model_free(m);

    /* With the Alignment command: 0x23 0x00 (SIZE 3 = 16 bytes) and ten
     * bytes to the boundary. */
    p.align_cmd = 1;
    m = tu_model(&p, 0, 0);
    o->n = 0;
    next = TU_BASE;
    feed_ops(m, 4);
    spe_model_flush(m);
    tu_drain(m, o, &next);
    ck_assert_uint_eq(o->n, 4 * 32);
    ck_assert_uint_eq(o->b[REC], 0x23);
    ck_assert_uint_eq(o->b[REC + 1], 0x00);
    ck_assert_int_eq(tu_check_framing(o->b, o->n, TU_BASE), 4);
    spe_model_free(m);

    /* Align = MaxSize = 7: every record exactly 128 bytes (4.3.11) */
    p.align = 7;
    p.align_cmd = 0;
    m = tu_model(&p, 0, 0);
    o->n = 0;
    next = TU_BASE;
    feed_ops(m, 3);
    spe_model_flush(m);
    tu_drain(m, o, &next);
    ck_assert_uint_eq(o->n, 3 * 128);
    ck_assert_uint_eq(status(m).pmbptr, TU_BASE + 3 * 128);
    spe_model_free(m);

    /* Align = 1: a 1-byte gap is always a Padding byte, even with the
     * Alignment command enabled (it needs two bytes and 4-byte units). */
    p.align = 1;
    p.align_cmd = 1;
    m = tu_model(&p, 0, 0);
    pe_rec r = tu_insn(0x400000, 0);
    r.spe_events = 0x102;                   /* halfword Events: 21 bytes */
    o->n = 0;
    ck_assert_uint_eq(tu_record(m, &r, o), 22);
    ck_assert_uint_eq(o->b[21], 0x00);
    spe_model_free(m);
    free(o);
}
END_TEST

START_TEST(test_alignment_fault)
{
    /* A write pointer not aligned to 2^Align: Alignment fault, stage 1
     * Data Abort (3.5.3 Table 6), PMBPTR_EL1 unchanged, nothing written. */
    spe_params p;
    spe_params_default(&p);
    p.align = 4;
    spe_model *m = tu_model(&p, 0, 0);
    tu_set(m, PMBPTR_EL1_ENC, TU_BASE + 4);
    feed_ops(m, 2);
    const spe_write *w;
    ck_assert_uint_eq(spe_model_drain(m, &w), 0);
    spe_status st = status(m);
    ck_assert_uint_eq(ec_of(st.pmbsr), PMBSR_EC_DABT_S1);
    ck_assert_uint_eq(st.pmbsr & PMBSR_EL1_FSC_MASK, PMBSR_FSC_ALIGNMENT);
    ck_assert(st.pmbsr & PMBSR_EL1_S);
    ck_assert(!(st.pmbsr & (PMBSR_EL1_DL | PMBSR_EL1_EA)));
    ck_assert_uint_eq(st.pmbptr, TU_BASE + 4);
    spe_model_free(m);
}
END_TEST

START_TEST(test_external_abort_sync)
{
    spe_model *m = tu_model_default();
    spe_inject inj = { .addr = TU_BASE + REC + 5, .kind = SPE_INJ_EA };
    char err[128];
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), 0);
    feed_ops(m, 4);
    spe_model_flush(m);
    const spe_write *w;
    size_t n = spe_model_drain(m, &w);
    /* the first record, then the 5 bytes of the second before the abort */
    ck_assert_uint_eq(n, 2);
    ck_assert_uint_eq(w[0].addr, TU_BASE);
    ck_assert_uint_eq(w[0].len, REC);
    ck_assert_uint_eq(w[1].addr, TU_BASE + REC);
    ck_assert_uint_eq(w[1].len, 5);
    /* 3.5.4: EA, S, EC stage 1, FSC synchronous external abort on write;
     * PMBPTR_EL1 = the aborted address; DL = 1 (not the record's start) */
    spe_status st = status(m);
    ck_assert_uint_eq(st.pmbsr, PMBSR_EL1_EA | PMBSR_EL1_S | PMBSR_EL1_DL |
                      ((uint64_t)PMBSR_EC_DABT_S1 << PMBSR_EL1_EC_SHIFT) | PMBSR_FSC_SEA_WRITE);
    ck_assert_uint_eq(st.pmbptr, TU_BASE + REC + 5);
    ck_assert_uint_eq(st.c.written, 1);
    spe_model_free(m);

    /* at the first byte of a record: DL unchanged (0), nothing of it written */
    m = tu_model_default();
    inj.addr = TU_BASE + 2 * REC;
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), 0);
    feed_ops(m, 4);
    spe_model_flush(m);
    n = spe_model_drain(m, &w);
    ck_assert_uint_eq(n, 2);
    st = status(m);
    ck_assert_uint_eq(st.pmbsr, PMBSR_EL1_EA | PMBSR_EL1_S |
                      ((uint64_t)PMBSR_EC_DABT_S1 << PMBSR_EL1_EC_SHIFT) | PMBSR_FSC_SEA_WRITE);
    ck_assert_uint_eq(st.pmbptr, TU_BASE + 2 * REC);
    spe_model_free(m);
}
END_TEST

START_TEST(test_external_abort_other)
{
    char err[128];
    const spe_write *w;
    /* asynchronous reporting: PMBPTR_EL1 not moved to the aborted address,
     * DL = 1, FSC asynchronous external abort on write */
    spe_params p;
    spe_params_default(&p);
    p.ea_sync = 0;
    spe_model *m = tu_model(&p, 0, 0);
    spe_inject inj = { .addr = TU_BASE + REC + 5, .kind = SPE_INJ_EA };
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), 0);
    feed_ops(m, 4);
    spe_model_flush(m);
    ck_assert_uint_eq(spe_model_drain(m, &w), 2);
    spe_status st = status(m);
    ck_assert_uint_eq(st.pmbsr, PMBSR_EL1_EA | PMBSR_EL1_S | PMBSR_EL1_DL |
                      ((uint64_t)PMBSR_EC_DABT_S1 << PMBSR_EL1_EC_SHIFT) | PMBSR_FSC_AEA_WRITE);
    ck_assert_uint_eq(st.pmbptr, TU_BASE + REC);
    spe_model_free(m);

    /* abort on a stage 2 walk, level 2: EC 0b100101, FSC 0b010110 */
    m = tu_model_default();
    inj = (spe_inject){ .addr = TU_BASE + 3, .kind = SPE_INJ_EA_WALK, .fsc = 2, .stage2 = 1 };
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), 0);
    feed_ops(m, 2);
    spe_model_flush(m);
    ck_assert_uint_eq(spe_model_drain(m, &w), 1);
    ck_assert_uint_eq(w[0].len, 3);
    st = status(m);
    ck_assert_uint_eq(st.pmbsr, PMBSR_EL1_EA | PMBSR_EL1_S | PMBSR_EL1_DL |
                      ((uint64_t)PMBSR_EC_DABT_S2 << PMBSR_EL1_EC_SHIFT) | 0x16);
    ck_assert_uint_eq(st.pmbptr, TU_BASE + 3);
    spe_model_free(m);

    /* reported as SError: PMBSR_EL1 unchanged, the rest of the record is
     * lost, the SPE carries on after it */
    p.ea_sync = 1;
    p.ea_report = 0;
    m = tu_model(&p, 0, 0);
    inj = (spe_inject){ .addr = TU_BASE + REC + 5, .kind = SPE_INJ_EA };
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), 0);
    feed_ops(m, 4);
    spe_model_flush(m);
    ck_assert_uint_eq(spe_model_drain(m, &w), 4);
    ck_assert_uint_eq(w[1].len, 5);
    ck_assert_uint_eq(w[2].addr, TU_BASE + 2 * REC);
    st = status(m);
    ck_assert_uint_eq(st.pmbsr, 0);
    ck_assert_int_eq(st.serror, 1);
    ck_assert_uint_eq(st.c.serrors, 1);
    ck_assert_uint_eq(st.pmbptr, TU_BASE + 4 * REC);
    spe_model_free(m);
}
END_TEST

START_TEST(test_fault_injection)
{
    char err[128];
    const spe_write *w;
    /* translation fault, level 2, at the start of the second record:
     * PMBPTR_EL1 = faulting address; DL and COLL unchanged (3.5.3) */
    spe_model *m = tu_model_default();
    tu_set(m, PMBSR_EL1_ENC, PMBSR_EL1_DL | PMBSR_EL1_COLL);
    spe_inject inj = { .addr = TU_BASE + REC, .kind = SPE_INJ_FAULT,
                       .fsc = PMBSR_FSC_TRANSLATION(2) };
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), 0);
    feed_ops(m, 3);
    spe_model_flush(m);
    ck_assert_uint_eq(spe_model_drain(m, &w), 1);
    spe_status st = status(m);
    ck_assert_uint_eq(st.pmbsr, PMBSR_EL1_S | PMBSR_EL1_DL | PMBSR_EL1_COLL |
                      ((uint64_t)PMBSR_EC_DABT_S1 << PMBSR_EL1_EC_SHIFT) | 0x06);
    ck_assert_uint_eq(st.pmbptr, TU_BASE + REC);
    spe_model_free(m);

    /* a fault and an abort at the same address: the fault wins (3.5.1);
     * the abort stays armed */
    m = tu_model_default();
    inj = (spe_inject){ .addr = TU_BASE + 7, .kind = SPE_INJ_EA };
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), 0);
    inj = (spe_inject){ .addr = TU_BASE + 7, .kind = SPE_INJ_FAULT,
                        .fsc = PMBSR_FSC_PERMISSION(3), .stage2 = 1 };
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), 0);
    feed_ops(m, 2);
    st = status(m);
    ck_assert_uint_eq(st.pmbsr, PMBSR_EL1_S | PMBSR_EL1_DL |
                      ((uint64_t)PMBSR_EC_DABT_S2 << PMBSR_EL1_EC_SHIFT) | 0x0F);
    /* software restarts at the record start: now the abort */
    tu_set(m, PMBPTR_EL1_ENC, TU_BASE);
    tu_set(m, PMBSR_EL1_ENC, 0);
    feed_ops(m, 2);
    st = status(m);
    ck_assert(st.pmbsr & PMBSR_EL1_EA);
    ck_assert_uint_eq(st.pmbptr, TU_BASE + 7);
    spe_model_free(m);

    /* the lower address first: an abort at +3 before a fault at +9 */
    m = tu_model_default();
    inj = (spe_inject){ .addr = TU_BASE + 9, .kind = SPE_INJ_FAULT, .fsc = 0x05 };
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), 0);
    inj = (spe_inject){ .addr = TU_BASE + 3, .kind = SPE_INJ_EA };
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), 0);
    feed_ops(m, 2);
    ck_assert(status(m).pmbsr & PMBSR_EL1_EA);
    ck_assert_uint_eq(status(m).pmbptr, TU_BASE + 3);
    spe_model_free(m);

    /* bad injections are refused with a message */
    m = tu_model_default();
    inj = (spe_inject){ .addr = 0x1234, .kind = SPE_INJ_FAULT, .fsc = PMBSR_FSC_SEA_WRITE };
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "0x0000000000001234"));
    inj = (spe_inject){ .addr = 0, .kind = SPE_INJ_EA_WALK, .fsc = 4 };
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), -1);
    inj = (spe_inject){ .addr = 0, .kind = 9 };
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), -1);
    inj = (spe_inject){ .addr = 0, .kind = SPE_INJ_EA };
    for (unsigned i = 0; i < SPE_MAX_INJECT; i++)
        ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), 0);
    ck_assert_int_eq(spe_model_inject(m, &inj, err, sizeof err), -1);
    spe_model_free(m);
}
END_TEST

START_TEST(test_pe_reset)
{
    /* A PE Warm reset clears PMBLIMITR_EL1.E (4.2 Table 8), drops the
     * samples in flight and reseeds the generator. */
    spe_params p;
    spe_params_default(&p);
    p.inflight_records = 3;
    p.max_inflight = 2;
    spe_model *m = tu_model(&p, 0, 0);
    /* op 0 with RND: the initial load draws from the generator; then
     * INTERVAL = 0 without RND samples ops 1 and 2 */
    tu_set(m, PMSIRR_EL1_ENC, PMSIRR_EL1_RND);
    feed_ops(m, 1);
    tu_set(m, PMSIRR_EL1_ENC, 0);
    tu_set(m, PMSICR_EL1_ENC, 0);
    feed_ops(m, 2);
    ck_assert_uint_ne(spe_model_lfsr(m), p.lfsr_seed);
    ck_assert_uint_eq(status(m).inflight, 2);
    pe_rec r;
    memset(&r, 0, sizeof r);
    r.kind = PE_KIND_RESET;
    spe_model_feed(m, &r);
    ck_assert_uint_eq(tu_reg(m, PMBLIMITR_EL1_ENC), TU_BASE + TU_SIZE);
    ck_assert_uint_eq(status(m).inflight, 0);
    ck_assert_uint_eq(spe_model_lfsr(m), p.lfsr_seed);
    feed_ops(m, 5);
    spe_model_flush(m);
    const spe_write *w;
    ck_assert_uint_eq(spe_model_drain(m, &w), 0);
    ck_assert_uint_eq(status(m).c.sample_pop, 3);
    spe_model_free(m);
}
END_TEST

/* ---- write bound on random streams --------------------------------------- */

static uint64_t rng_next(harness_rng *s)
{
    return harness_rng_next(s);
}

static unsigned rng_below(harness_rng *s, unsigned n)
{
    return (unsigned)harness_rng_below(s, n);
}

struct bound_run {
    uint64_t floor;        /* the PMBPTR_EL1 value software programmed last */
    uint64_t next;         /* writes since then are in order, from here */
    uint64_t limit;
    uint8_t *mem;          /* [TU_BASE, TU_BASE + 1MB) */
    long records_checked;
};

#define BR_SPAN (1u << 20)

static void br_apply(spe_model *m, struct bound_run *b)
{
    const spe_write *w;
    size_t n = spe_model_drain(m, &w);
    for (size_t i = 0; i < n; i++) {
        /* never below the programmed pointer, never at or above the limit,
         * in increasing address order, no overlap */
        ck_assert_uint_ge(w[i].addr, b->floor);
        ck_assert_uint_ge(w[i].addr, b->next);
        ck_assert_uint_gt(w[i].len, 0);
        ck_assert_uint_le(w[i].addr + w[i].len, b->limit);
        b->next = w[i].addr + w[i].len;
        memcpy(b->mem + (w[i].addr - TU_BASE), w[i].data, w[i].len);
    }
}

/* With no loss (DL = 0, EA = 0), [floor, PMBPTR_EL1) holds whole records. */
static void br_check_segment(spe_model *m, struct bound_run *b)
{
    spe_status st = status(m);
    if (st.pmbsr & (PMBSR_EL1_DL | PMBSR_EL1_EA) || st.serror)
        return;
    ck_assert_uint_ge(st.pmbptr, b->floor);
    ck_assert_uint_le(st.pmbptr, b->limit);
    long k = tu_check_framing(b->mem + (b->floor - TU_BASE), (size_t)(st.pmbptr - b->floor),
                              b->floor);
    ck_assert_int_ge(k, 0);
    b->records_checked += k;
}

static void br_program(spe_model *m, struct bound_run *b, harness_rng *rs, const spe_params *p)
{
    uint64_t ptr = TU_BASE + ((uint64_t)rng_below(rs, 64) << p->align);
    if (rng_below(rs, 16) == 0)
        ptr += rng_below(rs, 8);           /* sometimes misaligned */
    uint64_t limit = TU_BASE + 4096 * (1 + rng_below(rs, 32));
    if (rng_below(rs, 8) == 0)
        limit = (ptr & ~UINT64_C(0xFFF)) + 4096;   /* very little room */
    b->floor = b->next = ptr;
    b->limit = limit;
    tu_set(m, PMBPTR_EL1_ENC, ptr);
    tu_set(m, PMBLIMITR_EL1_ENC, limit | PMBLIMITR_EL1_E);
    tu_set(m, PMBSR_EL1_ENC, 0);
    b->floor = tu_reg(m, PMBPTR_EL1_ENC);
    b->next = b->floor;
    if (rng_below(rs, 2)) {
        char err[128];
        spe_inject inj;
        memset(&inj, 0, sizeof inj);
        inj.addr = ptr + rng_below(rs, 4096);
        inj.kind = rng_below(rs, 3);
        inj.fsc = inj.kind == SPE_INJ_FAULT ? rng_below(rs, 16)
                : inj.kind == SPE_INJ_EA_WALK ? rng_below(rs, 4) : 0;
        inj.stage2 = rng_below(rs, 2);
        spe_model_inject(m, &inj, err, sizeof err);
    }
}

START_TEST(test_write_bound_random)
{
    const unsigned seeds = 60, nrec = 4000;
    uint8_t *mem = calloc(1, BR_SPAN);
    pe_rec *recs = malloc(nrec * sizeof *recs);
    ck_assert_ptr_nonnull(mem);
    ck_assert_ptr_nonnull(recs);
    uint64_t total_written = 0, total_events = 0;
    long total_checked = 0;
    unsigned seeds_written = 0, seeds_events = 0;
    for (unsigned seed = 1; seed <= seeds; seed++) {
        harness_rng rs;
        harness_rng_init(&rs, seed, 0);
        progen_cfg cfg;
        progen_cfg_default(&cfg, seed);
        cfg.n_records = nrec;
        progen *g = progen_new(&cfg, NULL);
        ck_assert_ptr_nonnull(g);
        size_t n = progen_next(g, recs, nrec);
        progen_free(g);
        ck_assert_uint_eq(n, nrec);

        spe_params p;
        spe_params_default(&p);
        p.ext_headers = rng_below(&rs, 2);
        p.have_tme = rng_below(&rs, 2);
        p.lds = rng_below(&rs, 2);
        p.max_size = 7 + rng_below(&rs, 2);
        p.align = rng_below(&rs, p.max_size + 1);
        p.align_cmd = rng_below(&rs, 2);
        p.ernd = rng_below(&rs, 2);
        p.inflight_records = 1 + rng_below(&rs, 5);
        p.max_inflight = 1 + rng_below(&rs, 3);
        p.ea_sync = rng_below(&rs, 2);
        p.ea_report = rng_below(&rs, 4) != 0;
        p.lfsr_seed = (uint16_t)(1 + rng_below(&rs, 0xFFFF));
        char err[200];
        spe_model *m = spe_model_new(&p, err, sizeof err);
        ck_assert_msg(m != NULL, "%s", err);
        spe_pe_ctl ctl;
        spe_pe_ctl_default(&ctl);
        ctl.tbi0 = rng_below(&rs, 2);
        ctl.tge = rng_below(&rs, 4) == 0;
        spe_model_set_pe_ctl(m, &ctl);
        tu_set(m, PMSCR_EL1_ENC, rng_next(&rs) | PMSCR_EL1_E0SPE);
        tu_set(m, PMSCR_EL2_ENC, rng_next(&rs));
        tu_set(m, PMSIRR_EL1_ENC, (uint64_t)rng_below(&rs, 2) << 8 | rng_below(&rs, 2));
        tu_set(m, PMSICR_EL1_ENC, 0);
        tu_set(m, PMSFCR_EL1_ENC, rng_below(&rs, 3) ? 0 : rng_next(&rs));
        tu_set(m, PMSEVFR_EL1_ENC, rng_next(&rs) & 0x22);
        tu_set(m, PMSLATFR_EL1_ENC, rng_below(&rs, 8));

        struct bound_run b = { .mem = mem };
        br_program(m, &b, &rs, &p);
        for (size_t i = 0; i < n; i++) {
            spe_model_feed(m, &recs[i]);
            br_apply(m, &b);
            spe_status st = status(m);
            ck_assert_int_eq(st.irq, !!(st.pmbsr & PMBSR_EL1_S));
            if (recs[i].kind == PE_KIND_RESET)
                tu_set(m, PMBLIMITR_EL1_ENC, b.limit | PMBLIMITR_EL1_E);
            if (st.irq) {
                /* the service routine: check, then program a new buffer */
                br_check_segment(m, &b);
                br_program(m, &b, &rs, &p);
            }
        }
        spe_model_flush(m);
        br_apply(m, &b);
        br_check_segment(m, &b);
        spe_status st = status(m);
        total_written += st.c.written;
        total_events += st.c.mgmt_events;
        seeds_written += st.c.written > 0;
        seeds_events += st.c.mgmt_events > 0;
        total_checked += b.records_checked;
        ck_assert_int_eq(st.log_error, 0);
        spe_model_free(m);
    }
    /* the runs did exercise the buffer: most seeds wrote records, some
     * raised management events, and records were framed */
    ck_assert_uint_ge(2 * seeds_written, seeds);
    ck_assert_uint_gt(seeds_events, 0);
    ck_assert_int_gt(total_checked, 0);
    printf("write bound: %u seeds x %u records: %llu records written (%u seeds), %llu "
           "management events (%u seeds), %ld records framed\n", seeds, nrec,
           (unsigned long long)total_written, seeds_written, (unsigned long long)total_events,
           seeds_events, total_checked);
    free(recs);
    free(mem);
}
END_TEST

static Suite *buffer_suite(void)
{
    Suite *s = suite_create("spe_model_buffer");
    TCase *t = tcase_create("buffer");
    tcase_add_test(t, test_buffer_full);
    tcase_add_test(t, test_record_does_not_fit);
    tcase_add_test(t, test_align_padding);
    tcase_add_test(t, test_alignment_fault);
    tcase_add_test(t, test_external_abort_sync);
    tcase_add_test(t, test_external_abort_other);
    tcase_add_test(t, test_fault_injection);
    tcase_add_test(t, test_pe_reset);
    suite_add_tcase(s, t);
    t = tcase_create("random");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, test_write_bound_random);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(buffer_suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? 0 : 1;
}
