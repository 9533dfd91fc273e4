/* The block stream derivation (common/pe_block.h, docs/pe-blocks.md):
 * hand-made records -> the slots the rules give, and malformed input. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "pe_block.h"

static pe_rec insn(uint64_t pc, unsigned ic)
{
    pe_rec r;
    memset(&r, 0, sizeof r);
    r.pc = pc;
    r.kind = PE_KIND_INSN;
    r.iclass = (uint8_t)ic;
    r.flags = PE_F_NS | (ic != PE_IC_OTHER && ic != PE_IC_BCOND && ic < PE_IC_EXCGEN
                             ? PE_F_TAKEN : 0);
    r.el = 0;
    r.contextidr_el1 = 0x11;
    r.contextidr_el2 = 0x22;
    r.cycle = pc & 0xFFFF;
    r.timestamp = 1000 + (pc & 0xFFFF);
    return r;
}

static long derive(const pe_rec *r, size_t n, unsigned cap, pe_blk *b)
{
    size_t bad = 99;
    char err[160];
    long k = pe_blk_from_recs(r, n, cap, b, &bad, err, sizeof err);
    ck_assert_msg(k >= 0, "%s", err);
    ck_assert_uint_le((size_t)k, pe_blk_max_slots(n));
    return k;
}

static void expect_run(const pe_blk *b, uint64_t addr, unsigned last, unsigned ic)
{
    ck_assert_uint_eq(b->kind, PE_BLK_INSN);
    ck_assert_uint_eq(b->addr, addr);
    ck_assert_uint_eq(b->last, last);
    ck_assert_uint_eq(b->iclass, ic);
}

START_TEST(test_ctx_first_and_bl)
{
    pe_rec r[6] = {insn(0x1000, 0), insn(0x1004, 0), insn(0x1008, PE_IC_BL),
                   insn(0x2000, 0), insn(0x2004, 0), insn(0x2008, 0)};
    pe_blk b[16];
    long k = derive(r, 6, 0, b);
    ck_assert_int_eq(k, 3);
    ck_assert_uint_eq(b[0].kind, PE_BLK_CTX);               /* rule 1 */
    ck_assert_uint_eq(b[0].addr, 0x22ull << 32 | 0x11);
    expect_run(&b[1], 0x1000, 8, PE_IC_BL);                 /* rule 3 */
    ck_assert(b[1].flags & PE_F_TAKEN);
    ck_assert_uint_eq(b[1].cycle, r[2].cycle);              /* the last record's */
    ck_assert_uint_eq(b[1].timestamp, r[2].timestamp);
    expect_run(&b[2], 0x2000, 8, PE_IC_OTHER);              /* ends with the stream */
    ck_assert_uint_eq(pe_blk_nrecs(&b[1]), 3);
    pe_blk_stats st;
    memset(&st, 0, sizeof st);
    pe_blk_stats_add(&st, b, (size_t)k);
    ck_assert_uint_eq(st.records, 6);
    ck_assert_uint_eq(st.runs_multi, 2);
    ck_assert_uint_eq(st.runs_p0, 1);
    /* caps: 1, 2 */
    ck_assert_int_eq(derive(r, 6, 1, b), 7);
    ck_assert_int_eq(derive(r, 6, 2, b), 5);
    expect_run(&b[1], 0x1000, 4, PE_IC_OTHER);
    expect_run(&b[2], 0x1008, 0, PE_IC_BL);
}
END_TEST

START_TEST(test_splits)
{
    pe_rec r[12];
    r[0] = insn(0x1000, 0);
    r[1] = insn(0x1004, 0);
    r[1].el = 1;                           /* rule 4: el change */
    r[2] = insn(0x1008, 0);
    r[2].el = 1;
    r[3] = insn(0x100C, 0);
    r[3].el = 1;
    r[3].ext_in = 1;                       /* rule 4: a run of its own */
    r[4] = insn(0x1010, 0);
    r[4].el = 1;
    r[5] = insn(0x1014, 0);
    r[5].el = 1;
    r[5].contextidr_el1 = 0x33;            /* rule 1: CTX, ends the run */
    r[6] = insn(0x1018, PE_IC_TCOMMIT);    /* rule 3 */
    r[6].el = 1;
    r[6].contextidr_el1 = 0x33;
    r[7] = insn(0x2000, 0);
    r[7].isa = PE_ISA_T32;                 /* rule 5: one per run */
    r[8] = insn(0x2002, 0);
    r[8].isa = PE_ISA_T32;
    r[9] = insn(0x3000, 0);
    r[10] = insn(0x3008, 0);               /* rule 6: not sequential */
    r[11] = insn(0x300C, 0);
    r[11].flags |= PE_F_TSTATE;            /* rule 4: Transactional state */
    for (int i = 7; i < 12; i++)
        r[i].contextidr_el1 = 0x33;
    pe_blk b[32];
    long k = derive(r, 12, 0, b);
    ck_assert_int_eq(k, 12);
    ck_assert_uint_eq(b[0].kind, PE_BLK_CTX);
    expect_run(&b[1], 0x1000, 0, 0);
    expect_run(&b[2], 0x1004, 4, 0);
    ck_assert_uint_eq(b[2].el, 1);
    expect_run(&b[3], 0x100C, 0, 0);
    ck_assert_uint_eq(b[3].ext_in, 1);
    expect_run(&b[4], 0x1010, 0, 0);
    ck_assert_uint_eq(b[5].kind, PE_BLK_CTX);
    ck_assert_uint_eq(b[5].addr, 0x22ull << 32 | 0x33);
    expect_run(&b[6], 0x1014, 4, PE_IC_TCOMMIT);
    expect_run(&b[7], 0x2000, 0, 0);
    ck_assert_uint_eq(b[7].isa, PE_ISA_T32);
    expect_run(&b[8], 0x2002, 0, 0);
    expect_run(&b[9], 0x3000, 0, 0);
    expect_run(&b[10], 0x3008, 0, 0);
    expect_run(&b[11], 0x300C, 0, 0);      /* TSTATE differs */
    ck_assert(b[11].flags & PE_F_TSTATE);
    /* the same with cap 1: one slot per record, the CTX slots as before */
    ck_assert_int_eq(derive(r, 12, 1, b), 14);
}
END_TEST

START_TEST(test_events)
{
    pe_rec r[6] = {insn(0x1000, 0), insn(0x1004, PE_IC_EXCGEN), insn(0, 0),
                   insn(0x8000, PE_IC_TCANCEL), insn(0, 0), insn(0x9000, 0)};
    r[2].kind = PE_KIND_EXC;
    r[2].pc = 0x1008;
    r[2].iclass = 0;
    r[2].exc_type = PE_EXC_CALL;
    r[2].from_el = 0;
    r[2].el = 1;
    r[2].contextidr_el2 = 0x44;            /* a CTX slot before the EXC too */
    r[3].el = 1;
    r[3].contextidr_el2 = 0x44;
    r[3].flags |= PE_F_TSTATE;
    r[4].kind = PE_KIND_TFAIL;
    r[4].pc = 0x8004;
    r[4].el = 1;
    r[4].contextidr_el2 = 0x44;
    r[4].tfail_cause = 1;
    r[5].kind = PE_KIND_RESET;
    r[5].pc = 0x1234;
    r[5].el = 1;
    r[5].contextidr_el1 = 0;               /* R_HTYGF: zero after reset */
    r[5].contextidr_el2 = 0;
    pe_blk b[16];
    long k = derive(r, 6, 0, b);
    ck_assert_int_eq(k, 8);
    expect_run(&b[1], 0x1000, 4, PE_IC_EXCGEN);
    ck_assert_uint_eq(b[2].kind, PE_BLK_CTX);
    ck_assert_uint_eq(b[3].kind, PE_BLK_EXC);
    ck_assert_uint_eq(b[3].addr, 0x1008);
    ck_assert_uint_eq(b[3].exc_type, PE_EXC_CALL);
    expect_run(&b[4], 0x8000, 0, PE_IC_TCANCEL);
    ck_assert_uint_eq(b[5].kind, PE_BLK_TFAIL);
    ck_assert_uint_eq(b[5].addr, 0x8004);
    ck_assert_uint_eq(b[6].kind, PE_BLK_CTX);   /* identifiers 0 after the reset */
    ck_assert_uint_eq(b[7].kind, PE_BLK_RESET);
    ck_assert_uint_eq(b[7].addr, 0);
}
END_TEST

START_TEST(test_malformed)
{
    pe_rec r[3] = {insn(0x1000, 0), insn(0x1004, 0), insn(0x1008, 0)};
    pe_blk b[8];
    size_t bad = 0;
    char err[160];
    r[1].kind = 7;
    ck_assert_int_eq(pe_blk_from_recs(r, 3, 0, b, &bad, err, sizeof err), -1);
    ck_assert_uint_eq(bad, 1);
    ck_assert_ptr_nonnull(strstr(err, "record 1"));
    r[1].kind = PE_KIND_INSN;
    r[2].iclass = PE_IC_COUNT;
    ck_assert_int_eq(pe_blk_from_recs(r, 3, 0, b, &bad, err, sizeof err), -1);
    ck_assert_uint_eq(bad, 2);
    r[2].iclass = 0;
    r[0].isa = 3;
    ck_assert_int_eq(pe_blk_from_recs(r, 3, 0, b, &bad, err, sizeof err), -1);
    ck_assert_uint_eq(bad, 0);
    r[0].isa = 0;
    r[0].el = 4;
    ck_assert_int_eq(pe_blk_from_recs(r, 3, 0, b, &bad, err, sizeof err), -1);
    r[0].el = 0;
    ck_assert_int_eq(pe_blk_from_recs(r, 3, 0, b, NULL, NULL, 0), 2);
    ck_assert_int_eq(pe_blk_from_recs(r, 0, 0, b, NULL, NULL, 0), 0);
}
END_TEST

/* The port's flags field: one bit per PE_F_ flag, the others dropped. */
START_TEST(test_port_flags)
{
    static const struct { uint16_t f; uint8_t port; } t[] = {
        {0, 0}, {PE_F_TAKEN, 1}, {PE_F_NS, 2}, {PE_F_TSTATE, 4}, {PE_F_CCFAIL, 8},
        {PE_F_TAKEN | PE_F_CCFAIL, 9}, {PE_BLK_FLAGS, 15},
        {(uint16_t)(0xFFFFu & ~PE_BLK_FLAGS), 0},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        pe_blk b;
        memset(&b, 0, sizeof b);
        b.flags = t[i].f;
        ck_assert_uint_eq(pe_blk_port_flags(&b), t[i].port);
    }
}
END_TEST

START_TEST(test_long_run)
{
    /* the 8-bit offset: a run ends at 64 instructions */
    enum { N = 200 };
    pe_rec *r = calloc(N, sizeof *r);
    pe_blk *b = calloc(pe_blk_max_slots(N), sizeof *b);
    ck_assert_ptr_nonnull(r);
    ck_assert_ptr_nonnull(b);
    for (unsigned i = 0; i < N; i++)
        r[i] = insn(0x10000 + 4u * i, 0);
    long k = derive(r, N, 0, b);
    ck_assert_int_eq(k, 1 + 4);
    expect_run(&b[1], 0x10000, PE_BLK_LAST_MAX, 0);
    expect_run(&b[4], 0x10000 + 3u * 256u, 7u * 4u, 0);
    free(r);
    free(b);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("pe_block");
    TCase *tc = tcase_create("derive");
    tcase_add_test(tc, test_ctx_first_and_bl);
    tcase_add_test(tc, test_splits);
    tcase_add_test(tc, test_events);
    tcase_add_test(tc, test_malformed);
    tcase_add_test(tc, test_long_run);
    tcase_add_test(tc, test_port_flags);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
