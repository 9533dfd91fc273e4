/* SPE model: packet encodings and whole records against golden bytes
 * worked out by hand from chapter 5 of the SPE supplement, and the
 * register file (chapter 4). */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "spe_enc.h"
#include "spe_model.h"
#include "spe_model_testutil.h"

static void expect_bytes(const uint8_t *got, size_t ngot, const uint8_t *want, size_t nwant)
{
    char g[512] = "", w[512] = "";
    for (size_t i = 0; i < ngot && i < 120; i++)
        snprintf(g + strlen(g), sizeof g - strlen(g), "%02x", got[i]);
    for (size_t i = 0; i < nwant && i < 120; i++)
        snprintf(w + strlen(w), sizeof w - strlen(w), "%02x", want[i]);
    ck_assert_msg(ngot == nwant && memcmp(got, want, nwant) == 0,
                  "bytes\n got  %s (%zu)\n want %s (%zu)", g, ngot, w, nwant);
}

#define EXPECT(got, ngot, ...) do {                                  \
        static const uint8_t want_[] = { __VA_ARGS__ };              \
        expect_bytes((got), (ngot), want_, sizeof want_);            \
    } while (0)

/* ---- packets ------------------------------------------------------------ */

START_TEST(test_enc_framing)
{
    uint8_t b[SPE_PKT_MAX];
    size_t n;
    /* Padding 0b00000000, End 0b00000001 (5.2.1 Figure 5) */
    n = spe_enc_padding(b); EXPECT(b, n, 0x00);
    n = spe_enc_end(b);     EXPECT(b, n, 0x01);
    /* Timestamp: 0b01 11 0001 = 0x71, 8 payload bytes little-endian */
    n = spe_enc_timestamp(b, UINT64_C(0x0123456789ABCDEF));
    EXPECT(b, n, 0x71, 0xEF, 0xCD, 0xAB, 0x89, 0x67, 0x45, 0x23, 0x01);
    /* Alignment command: 0b0010 SIZE, 0x00; SIZE 1 = 4 bytes, 15 = 64KB */
    n = spe_enc_alignment(b, 1);  EXPECT(b, n, 0x21, 0x00);
    n = spe_enc_alignment(b, 15); EXPECT(b, n, 0x2F, 0x00);
}
END_TEST

START_TEST(test_enc_address)
{
    uint8_t b[SPE_PKT_MAX];
    size_t n;
    /* PC 0x400100 at EL0 Non-secure: short header 0b10 11 0 000 = 0xB0;
     * payload ADDR[55:0] = 0x400100, byte 7 = NS<<7 | EL<<5 = 0x80. */
    n = spe_enc_address(b, SPE_ADDR_PC, spe_addr_insn(0x400100, 0, 1), 0);
    EXPECT(b, n, 0xB0, 0x00, 0x01, 0x40, 0x00, 0x00, 0x00, 0x00, 0x80);
    /* Branch target 0xFFFF800010000200 at EL1 Secure: header 0xB1; ADDR =
     * bits [55:0] = 0xFF800010000200; byte 7 = 0<<7 | 1<<5 = 0x20 (the
     * top byte 0xFF is not carried). */
    n = spe_enc_address(b, SPE_ADDR_TGT, spe_addr_insn(UINT64_C(0xFFFF800010000200), 1, 0), 0);
    EXPECT(b, n, 0xB1, 0x00, 0x02, 0x00, 0x10, 0x00, 0x80, 0xFF, 0x20);
    /* EL2 and EL3 in byte 7 bits [6:5]: 0x40, 0x60 (+ NS 0x80) */
    n = spe_enc_address(b, SPE_ADDR_PC, spe_addr_insn(0, 2, 1), 0);
    ck_assert_uint_eq(b[8], 0xC0);
    n = spe_enc_address(b, SPE_ADDR_PC, spe_addr_insn(0, 3, 0), 0);
    ck_assert_uint_eq(b[8], 0x60);
    /* Data VA 0x5A00FFFF12345678: header 0xB2; TAG byte 7 = 0x5A with TBI,
     * 0x00 without. */
    n = spe_enc_address(b, SPE_ADDR_VA, spe_addr_data_va(UINT64_C(0x5A00FFFF12345678), 1), 0);
    EXPECT(b, n, 0xB2, 0x78, 0x56, 0x34, 0x12, 0xFF, 0xFF, 0x00, 0x5A);
    n = spe_enc_address(b, SPE_ADDR_VA, spe_addr_data_va(UINT64_C(0x5A00FFFF12345678), 0), 0);
    EXPECT(b, n, 0xB2, 0x78, 0x56, 0x34, 0x12, 0xFF, 0xFF, 0x00, 0x00);
    /* Data PA 0x87654678 Non-secure: header 0xB3, byte 7 = NS<<7 = 0x80,
     * bits [6:0] of byte 7 zero. */
    n = spe_enc_address(b, SPE_ADDR_PA, spe_addr_data_pa(0x87654678, 1), 0);
    EXPECT(b, n, 0xB3, 0x78, 0x46, 0x65, 0x87, 0x00, 0x00, 0x00, 0x80);
    /* Extended header (5.2.2 Figure 6): byte 0 = 0b001000 INDEX[4:3],
     * byte 1 = 0b10 11 0 INDEX[2:0].  INDEX 0: 0x20 0xB0; INDEX 0b11010 (26,
     * an IMPLEMENTATION DEFINED address): 0x23 0xB2. */
    n = spe_enc_address(b, SPE_ADDR_PC, spe_addr_insn(0x400100, 0, 1), 1);
    EXPECT(b, n, 0x20, 0xB0, 0x00, 0x01, 0x40, 0x00, 0x00, 0x00, 0x00, 0x80);
    n = spe_enc_address(b, 26, 0x1122, 0);   /* INDEX >= 8 forces the extended form */
    EXPECT(b, n, 0x23, 0xB2, 0x22, 0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00);
}
END_TEST

START_TEST(test_enc_counter)
{
    uint8_t b[SPE_PKT_MAX];
    size_t n;
    /* Short header 0b10 01 1 INDEX = 0x98 | INDEX; 16-bit payload */
    n = spe_enc_counter(b, SPE_CNT_TOTAL, 20, 0); EXPECT(b, n, 0x98, 0x14, 0x00);
    n = spe_enc_counter(b, SPE_CNT_ISSUE, 0x123, 0); EXPECT(b, n, 0x99, 0x23, 0x01);
    /* 12-bit saturating: 5000 > 0xFFF gives 0xFFF; 0xFFF itself stays */
    n = spe_enc_counter(b, SPE_CNT_XLAT, 5000, 0); EXPECT(b, n, 0x9A, 0xFF, 0x0F);
    n = spe_enc_counter(b, SPE_CNT_XLAT, 0xFFF, 0); EXPECT(b, n, 0x9A, 0xFF, 0x0F);
    n = spe_enc_counter(b, SPE_CNT_XLAT, 0xFFE, 0); EXPECT(b, n, 0x9A, 0xFE, 0x0F);
    /* Extended: 0x20 | INDEX[4:3], 0x98 | INDEX[2:0]; INDEX 9 = 0b01001 */
    n = spe_enc_counter(b, SPE_CNT_ISSUE, 7, 1); EXPECT(b, n, 0x20, 0x99, 0x07, 0x00);
    n = spe_enc_counter(b, 9, 7, 0); EXPECT(b, n, 0x21, 0x99, 0x07, 0x00);
}
END_TEST

START_TEST(test_enc_context_optype_source)
{
    uint8_t b[SPE_PKT_MAX];
    size_t n;
    /* Context: 0b01 10 01 INDEX, 32-bit payload */
    n = spe_enc_context(b, SPE_CTX_EL1, 0x1234); EXPECT(b, n, 0x64, 0x34, 0x12, 0x00, 0x00);
    n = spe_enc_context(b, SPE_CTX_EL2, 0xABCD0001u); EXPECT(b, n, 0x65, 0x01, 0x00, 0xCD, 0xAB);
    /* Operation Type: 0b01 00 10 CLASS, 8-bit SUBCLASS */
    n = spe_enc_op_type(b, SPE_OP_CLASS_OTHER, 0); EXPECT(b, n, 0x48, 0x00);
    n = spe_enc_op_type(b, SPE_OP_CLASS_LDST, 0x07); EXPECT(b, n, 0x49, 0x07);
    n = spe_enc_op_type(b, SPE_OP_CLASS_BRANCH, 0x03); EXPECT(b, n, 0x4A, 0x03);
    /* Data Source: 0b01 SZ 0011: byte 0x43, halfword 0x53 */
    n = spe_enc_data_source(b, 0x0D); EXPECT(b, n, 0x43, 0x0D);
    n = spe_enc_data_source(b, 0x1234); EXPECT(b, n, 0x53, 0x34, 0x12);
}
END_TEST

START_TEST(test_enc_events)
{
    uint8_t b[SPE_PKT_MAX];
    size_t n;
    /* 0b01 SZ 0010; the smallest payload holding the highest set bit */
    n = spe_enc_events(b, 0); EXPECT(b, n, 0x42, 0x00);
    n = spe_enc_events(b, 0x82); EXPECT(b, n, 0x42, 0x82);
    /* E[8] (LLC access) needs byte 1: halfword, SZ 0b01 */
    n = spe_enc_events(b, 0x102); EXPECT(b, n, 0x52, 0x02, 0x01);
    /* E[16] (Transactional, byte 2 bit 0) needs a word, SZ 0b10 */
    n = spe_enc_events(b, 0x10002); EXPECT(b, n, 0x62, 0x02, 0x00, 0x01, 0x00);
    /* E[48] (IMPLEMENTATION DEFINED, byte 6): doubleword, SZ 0b11 */
    n = spe_enc_events(b, (UINT64_C(1) << 48) | 2);
    EXPECT(b, n, 0x72, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00);
}
END_TEST

/* ---- whole records -------------------------------------------------------- */

/* A general-purpose load at EL0, every collection enabled. */
static pe_rec load_rec(void)
{
    pe_rec r = tu_insn(0x400100, 0);
    r.ls = PE_LS_LOAD;
    r.size_log2 = 3;
    r.va = UINT64_C(0x0000FFFF12345678);
    r.pa = UINT64_C(0x87654678);
    r.lat_total = 20;
    r.lat_issue = 5;
    r.lat_xlat = 7;
    r.spe_events = 0x1E;         /* retired, L1D access, L1D refill, TLB access */
    r.data_source = 0x0D;
    r.contextidr_el1 = 0x1234;
    r.contextidr_el2 = 0xABCD0001u;
    r.timestamp = UINT64_C(0x1122334455);
    return r;
}

START_TEST(test_record_load)
{
    spe_params p;
    spe_params_default(&p);
    /* PMSCR_EL1 = E0SPE|E1SPE|CX|PA|TS, PMSCR_EL2 = CX|PA: owner Non-secure
     * EL1 (NSPB 0b11, E2PB 0b11); PA needs both PA bits (3.3); PCT = 0 in
     * PMSCR_EL2: virtual time (the record's timestamp). */
    spe_model *m = tu_model(&p, PMSCR_EL1_CX | PMSCR_EL1_PA | PMSCR_EL1_TS,
                            PMSCR_EL2_CX | PMSCR_EL2_PA);
    pe_rec r = load_rec();
    tu_bytes *o = malloc(sizeof *o);
    size_t n = tu_record(m, &r, o);
    EXPECT(o->b, n,
           /* PC: 0xB0, ADDR 0x400100, byte 7 NS = 0x80 (EL0) */
           0xB0, 0x00, 0x01, 0x40, 0x00, 0x00, 0x00, 0x00, 0x80,
           /* CONTEXTIDR_EL1 (EL0, TGE = 0): 0x64, 0x00001234 */
           0x64, 0x34, 0x12, 0x00, 0x00,
           /* CONTEXTIDR_EL2 (Non-secure): 0x65, 0xABCD0001 */
           0x65, 0x01, 0x00, 0xCD, 0xAB,
           /* Operation Type load/store 0x49, general-purpose load: 0x00 */
           0x49, 0x00,
           /* data VA: 0xB2, TBI0 = 0 so TAG byte 7 = 0 */
           0xB2, 0x78, 0x56, 0x34, 0x12, 0xFF, 0xFF, 0x00, 0x00,
           /* data PA: 0xB3, NS byte 7 = 0x80 */
           0xB3, 0x78, 0x46, 0x65, 0x87, 0x00, 0x00, 0x00, 0x80,
           /* total 20, issue 5, translation 7 */
           0x98, 0x14, 0x00, 0x99, 0x05, 0x00, 0x9A, 0x07, 0x00,
           /* Events 0x1E fits a byte: 0x42 */
           0x42, 0x1E,
           /* Data Source (LDS, a load): 0x43, 0x0D */
           0x43, 0x0D,
           /* Timestamp (virtual) */
           0x71, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00, 0x00, 0x00);
    ck_assert_uint_le(n, spe_max_record_len(&p));

    /* In Transactional state with FEAT_TME: E[16] makes the Events
     * payload a word (0x62, 1E 00 01 00). */
    r.flags |= PE_F_TSTATE;
    n = tu_record(m, &r, o);
    ck_assert_uint_eq(n, 61 + 3);
    EXPECT(o->b + 48, 5, 0x62, 0x1E, 0x00, 0x01, 0x00);
    free(o);
    spe_model_free(m);
}
END_TEST

START_TEST(test_record_branches)
{
    spe_model *m = tu_model_default();   /* no CX, PA, TS: End packet */
    tu_bytes *o = malloc(sizeof *o);
    /* B.cond not taken at EL1: Branch class 0x4A, COND = 1, direct:
     * SUBCLASS 0x01; target address 0xB1 with the target's EL1/NS
     * (byte 7 = 0x80 | 1<<5 = 0xA0); Events retired + not taken = 0x42. */
    pe_rec r = tu_insn(UINT64_C(0xFFFF800010000100), 1);
    r.iclass = PE_IC_BCOND;
    r.flags |= PE_F_COND | PE_F_CCFAIL;
    r.target = UINT64_C(0xFFFF800010000200);
    r.spe_events = 0x42;
    r.lat_total = 2;
    r.lat_issue = 0;
    size_t n = tu_record(m, &r, o);
    EXPECT(o->b, n,
           0xB0, 0x00, 0x01, 0x00, 0x10, 0x00, 0x80, 0xFF, 0xA0,
           0x4A, 0x01,
           0xB1, 0x00, 0x02, 0x00, 0x10, 0x00, 0x80, 0xFF, 0xA0,
           0x98, 0x02, 0x00, 0x99, 0x00, 0x00,
           0x42, 0x42,
           0x01);

    /* BLR mispredicted: indirect, unconditional: SUBCLASS 0x02; E[7]. */
    r = tu_insn(0x400200, 0);
    r.iclass = PE_IC_BLR;
    r.flags |= PE_F_TAKEN | PE_F_MISPRED;
    r.target = UINT64_C(0x7F0000001000);
    r.spe_events = 0x82;
    n = tu_record(m, &r, o);
    EXPECT(o->b, n,
           0xB0, 0x00, 0x02, 0x40, 0x00, 0x00, 0x00, 0x00, 0x80,
           0x4A, 0x02,
           0xB1, 0x00, 0x10, 0x00, 0x00, 0x00, 0x7F, 0x00, 0x80,
           0x98, 0x03, 0x00, 0x99, 0x01, 0x00,
           0x42, 0x82,
           0x01);

    /* B and BL: direct unconditional, SUBCLASS 0x00; RET, BR: 0x02 */
    static const struct { unsigned ic; unsigned sub; } kinds[] = {
        { PE_IC_B, 0x00 }, { PE_IC_BL, 0x00 }, { PE_IC_BR, 0x02 }, { PE_IC_RET, 0x02 },
    };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        r = tu_insn(0x400300, 0);
        r.iclass = (uint8_t)kinds[k].ic;
        r.flags |= PE_F_TAKEN;
        r.target = 0x400400;
        tu_record(m, &r, o);
        ck_assert_uint_eq(o->b[9], 0x4A);
        ck_assert_uint_eq(o->b[10], kinds[k].sub);
    }
    free(o);
    spe_model_free(m);
}
END_TEST

START_TEST(test_record_eret)
{
    /* ERET at EL1 returning to EL0: the branch target carries the
     * target's EL and NS (5.3.1), taken from the next record.  ERET is an
     * unconditional indirect branch (2.3.1): SUBCLASS 0x02. */
    spe_model *m = tu_model_default();
    tu_bytes *o = malloc(sizeof *o);
    pe_rec r = tu_insn(UINT64_C(0xFFFF800010000400), 1);
    r.iclass = PE_IC_ERET;
    r.flags |= PE_F_TAKEN;
    r.target = 0x400500;
    spe_model_feed(m, &r);
    o->n = 0;
    ck_assert_uint_eq(tu_drain(m, o, NULL), 0);      /* still in flight */
    pe_rec next = tu_insn(0x400500, 0);
    ck_assert_int_eq(spe_model_write_reg(m, PMSCR_EL1_ENC, PMSCR_EL1_E1SPE), 0); /* no EL0 sample */
    spe_model_feed(m, &next);
    size_t n = tu_drain(m, o, NULL);
    EXPECT(o->b, n,
           0xB0, 0x00, 0x04, 0x00, 0x10, 0x00, 0x80, 0xFF, 0xA0,
           0x4A, 0x02,
           /* target at EL0 Non-secure: byte 7 = 0x80 */
           0xB1, 0x00, 0x05, 0x40, 0x00, 0x00, 0x00, 0x00, 0x80,
           0x98, 0x03, 0x00, 0x99, 0x01, 0x00,
           0x42, 0x02,
           0x01);
    /* An ERET followed by an exception record (an interrupt taken at
     * once): the target context is the EL the exception was taken from. */
    ck_assert_int_eq(spe_model_write_reg(m, PMSCR_EL1_ENC, PMSCR_EL1_E1SPE | PMSCR_EL1_E0SPE), 0);
    spe_model_feed(m, &r);
    pe_rec exc;
    memset(&exc, 0, sizeof exc);
    exc.kind = PE_KIND_EXC;
    exc.el = 1;
    exc.from_el = 0;
    exc.flags = PE_F_NS;
    o->n = 0;
    spe_model_feed(m, &exc);
    tu_drain(m, o, NULL);
    ck_assert_uint_eq(o->n, 29);
    ck_assert_uint_eq(o->b[19], 0x80);
    free(o);
    spe_model_free(m);
}
END_TEST

START_TEST(test_record_ldst_subclasses)
{
    /* SUBCLASS per access kind (spe_enc.h): general-purpose form bits
     * [7:1] 0 (GP) or 0b0000010 (SIMD&FP), ST bit 0; extended form bit 1
     * set with AT [2], EXCL [3], AR [4].  Data Source only for accesses
     * that return data. */
    static const struct { unsigned ls; unsigned sub; int src; } t[] = {
        { PE_LS_LOAD, 0x00, 1 },
        { PE_LS_STORE, 0x01, 0 },
        { PE_LS_LOAD | PE_LS_SIMDFP, 0x04, 1 },
        { PE_LS_STORE | PE_LS_SIMDFP, 0x05, 0 },
        { PE_LS_LOAD | PE_LS_SVE, 0x04, 1 },
        { PE_LS_ATOMIC, 0x06, 1 },                   /* LDADD, SWP, CAS */
        { PE_LS_ATOMIC | PE_LS_STORE_F, 0x07, 0 },   /* STADD */
        { PE_LS_EXCL, 0x0A, 1 },                     /* LDXR */
        { PE_LS_EXCL | PE_LS_STORE_F, 0x0B, 0 },     /* STXR */
        { PE_LS_ACQREL, 0x12, 1 },                   /* LDAR */
        { PE_LS_ACQREL | PE_LS_STORE_F, 0x13, 0 },   /* STLR */
    };
    spe_model *m = tu_model_default();
    tu_bytes *o = malloc(sizeof *o);
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        pe_rec r = tu_insn(0x400000, 0);
        r.ls = (uint8_t)t[i].ls;
        r.va = 0x1000;
        r.data_source = 9;
        size_t n = tu_record(m, &r, o);
        /* PC 9, optype 2, VA 9, three counters 9, events 2, [source 2], end 1 */
        ck_assert_uint_eq(o->b[9], 0x49);
        ck_assert_msg(o->b[10] == t[i].sub, "ls 0x%x: subclass 0x%02x, want 0x%02x",
                      t[i].ls, o->b[10], t[i].sub);
        ck_assert_uint_eq(n, t[i].src ? 34u : 32u);
        if (t[i].src)
            EXPECT(o->b + 31, 2, 0x43, 0x09);
    }
    /* Without PMSIDR_EL1.LDS no Data Source packet */
    spe_params p;
    spe_params_default(&p);
    p.lds = 0;
    spe_model *m2 = tu_model(&p, 0, 0);
    pe_rec r = tu_insn(0x400000, 0);
    r.ls = PE_LS_LOAD;
    ck_assert_uint_eq(tu_record(m2, &r, o), 32);
    spe_model_free(m2);
    free(o);
    spe_model_free(m);
}
END_TEST

START_TEST(test_record_other)
{
    spe_model *m = tu_model_default();
    tu_bytes *o = malloc(sizeof *o);
    /* Unconditional other: 0x48 0x00 */
    pe_rec r = tu_insn(0x400000, 0);
    size_t n = tu_record(m, &r, o);
    EXPECT(o->b, n,
           0xB0, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00, 0x80,
           0x48, 0x00,
           0x98, 0x03, 0x00, 0x99, 0x01, 0x00,
           0x42, 0x02,
           0x01);
    /* CSEL that failed its condition: conditional select 0x48 0x01, E[6] */
    r.flags |= PE_F_COND | PE_F_CCFAIL;
    r.spe_events = 0x42;
    n = tu_record(m, &r, o);
    EXPECT(o->b + 9, 2, 0x48, 0x01);
    EXPECT(o->b + 17, 2, 0x42, 0x42);
    /* SVC: generated exception E[0] with retired E[1]; class Other, no
     * branch target (2.3: not treated as a branch). */
    r = tu_insn(0x400004, 0);
    r.iclass = PE_IC_EXCGEN;
    r.spe_events = 0x3;
    n = tu_record(m, &r, o);
    ck_assert_uint_eq(n, 20);
    EXPECT(o->b + 9, 2, 0x48, 0x00);
    EXPECT(o->b + 17, 2, 0x42, 0x03);
    /* Event bits the implementation does not report (E[11], E[12..15])
     * are dropped; E[8..10] make a halfword. */
    r.spe_events = 0xF902;
    n = tu_record(m, &r, o);
    ck_assert_uint_eq(n, 21);
    EXPECT(o->b + 17, 3, 0x52, 0x02, 0x01);
    free(o);
    spe_model_free(m);
}
END_TEST

START_TEST(test_record_ext_headers)
{
    spe_params p;
    spe_params_default(&p);
    p.ext_headers = 1;
    spe_model *m = tu_model(&p, 0, 0);
    tu_bytes *o = malloc(sizeof *o);
    pe_rec r = tu_insn(0x400000, 0);
    r.ls = PE_LS_STORE;
    r.va = 0x2000;
    r.lat_xlat = 1;
    size_t n = tu_record(m, &r, o);
    EXPECT(o->b, n,
           0x20, 0xB0, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00, 0x80,
           0x49, 0x01,
           0x20, 0xB2, 0x00, 0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
           0x20, 0x98, 0x03, 0x00, 0x20, 0x99, 0x01, 0x00, 0x20, 0x9A, 0x01, 0x00,
           0x42, 0x02,
           0x01);
    free(o);
    spe_model_free(m);
}
END_TEST

START_TEST(test_record_collection_controls)
{
    tu_bytes *o = malloc(sizeof *o);
    spe_params p;
    spe_params_default(&p);
    pe_rec r = load_rec();

    /* PA only in PMSCR_EL1 with a Non-secure EL1 owner and EL2: not
     * collected (CollectPhysicalAddress needs PMSCR_EL2.PA too). */
    spe_model *m = tu_model(&p, PMSCR_EL1_PA, 0);
    size_t n = tu_record(m, &r, o);
    ck_assert_uint_eq(n, 61 - 5 - 5 - 9 - 9 + 1);   /* no contexts, PA; End not Timestamp */
    /* Without EL2 the PE behaves as if PMSCR_EL2.PA = 1 (3.3) */
    spe_pe_ctl c;
    spe_pe_ctl_default(&c);
    c.have_el2 = 0;
    spe_model_set_pe_ctl(m, &c);
    n = tu_record(m, &r, o);
    ck_assert_uint_eq(n, 61 - 5 - 5 - 9 + 1);
    ck_assert_uint_eq(o->b[20], 0xB3);
    spe_model_free(m);

    /* Physical time: PMSCR_EL1.PCT and PMSCR_EL2.PCT with a Non-secure EL1
     * owner (3.3): timestamp + CNTVOFF_EL2. */
    m = tu_model(&p, PMSCR_EL1_TS | PMSCR_EL1_PCT, PMSCR_EL2_PCT);
    spe_pe_ctl_default(&c);
    c.cntvoff = 0x1000;
    spe_model_set_pe_ctl(m, &c);
    n = tu_record(m, &r, o);
    EXPECT(o->b + n - 9, 9, 0x71, 0x55, 0x54, 0x33, 0x22, 0x11, 0x00, 0x00, 0x00);
    /* PMSCR_EL2.PCT = 0: virtual time */
    tu_set(m, PMSCR_EL2_ENC, 0);
    n = tu_record(m, &r, o);
    EXPECT(o->b + n - 9, 9, 0x71, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00, 0x00, 0x00);
    spe_model_free(m);

    /* Buffer owned by EL2 (E2PB 0b00): PMSCR_EL2.TS decides, PMSCR_EL1.TS
     * is ignored; PMSCR_EL2.PCT alone selects physical time. */
    m = tu_model(&p, PMSCR_EL1_TS, PMSCR_EL2_E0HSPE | PMSCR_EL2_E2SPE);
    spe_pe_ctl_default(&c);
    c.e2pb = 0;
    c.cntvoff = 0x1000;
    spe_model_set_pe_ctl(m, &c);
    n = tu_record(m, &r, o);
    ck_assert_uint_eq(o->b[n - 1], 0x01);
    tu_set(m, PMSCR_EL2_ENC, PMSCR_EL2_TS | PMSCR_EL2_PCT);
    n = tu_record(m, &r, o);
    EXPECT(o->b + n - 9, 9, 0x71, 0x55, 0x54, 0x33, 0x22, 0x11, 0x00, 0x00, 0x00);
    spe_model_free(m);

    /* CONTEXTIDR_EL1 is not collected at EL2, nor at EL0 with TGE = 1;
     * CONTEXTIDR_EL2 not in Secure state (3.3.1). */
    m = tu_model(&p, PMSCR_EL1_CX, PMSCR_EL2_CX | PMSCR_EL2_E2SPE | PMSCR_EL2_E0HSPE);
    spe_pe_ctl_default(&c);
    c.e2pb = 0;
    spe_model_set_pe_ctl(m, &c);
    pe_rec e2 = tu_insn(0x40000000, 2);
    n = tu_record(m, &e2, o);
    ck_assert_uint_eq(o->b[9], 0x65);              /* EL2 context only */
    ck_assert_uint_eq(o->b[14], 0x48);
    c.tge = 1;
    spe_model_set_pe_ctl(m, &c);
    pe_rec e0 = tu_insn(0x400000, 0);
    n = tu_record(m, &e0, o);
    ck_assert_uint_eq(o->b[9], 0x65);
    ck_assert_uint_eq(o->b[14], 0x48);
    spe_model_free(m);

    m = tu_model(&p, PMSCR_EL1_CX, PMSCR_EL2_CX);
    spe_pe_ctl_default(&c);
    c.nspb = 1;                                    /* Secure EL1 owner */
    spe_model_set_pe_ctl(m, &c);
    pe_rec s1 = tu_insn(0x400000, 1);
    s1.flags = 0;                                  /* Secure */
    n = tu_record(m, &s1, o);
    ck_assert_uint_eq(o->b[8], 0x20);              /* PC byte 7: EL1, NS = 0 */
    ck_assert_uint_eq(o->b[9], 0x64);
    ck_assert_uint_eq(o->b[14], 0x48);             /* no CONTEXTIDR_EL2 */
    spe_model_free(m);

    /* TBI1 for an address with bit 55 set keeps the tag byte */
    m = tu_model(&p, 0, 0);
    spe_pe_ctl_default(&c);
    c.tbi1 = 1;
    spe_model_set_pe_ctl(m, &c);
    r = tu_insn(0x400000, 0);
    r.ls = PE_LS_LOAD;
    r.va = UINT64_C(0xF2FF800000001000);
    tu_record(m, &r, o);
    ck_assert_uint_eq(o->b[11], 0xB2);
    ck_assert_uint_eq(o->b[19], 0xF2);
    r.va = UINT64_C(0xF27F800000001000);           /* bit 55 clear: TBI0 = 0 */
    tu_record(m, &r, o);
    ck_assert_uint_eq(o->b[19], 0x00);
    spe_model_free(m);
    free(o);
}
END_TEST

/* ---- registers ------------------------------------------------------------ */

START_TEST(test_registers)
{
    spe_params p;
    spe_params_default(&p);
    p.align = 3;
    p.max_size = 7;
    p.interval_id = 4;
    p.ernd = 1;
    char err[128];
    spe_model *m = spe_model_new(&p, err, sizeof err);
    ck_assert_ptr_nonnull(m);

    /* encodings: (op0, op1, CRn, CRm, op2) in bits [15:0] */
    ck_assert_uint_eq(PMSCR_EL1_ENC, 0xC4C8);
    ck_assert_uint_eq(PMSCR_EL2_ENC, 0xE4C8);
    ck_assert_uint_eq(PMSCR_EL12_ENC, 0xECC8);
    ck_assert_uint_eq(PMBIDR_EL1_ENC, 0xC4D7);
    ck_assert_uint_eq(SYSREG_CRM(PMBSR_EL1_ENC), 10);
    ck_assert_uint_eq(SYSREG_OP2(PMSFCR_EL1_ENC), 4);
    ck_assert_uint_eq(SYSREG_OP2(PMSEVFR_EL1_ENC), 5);

    /* PMSIDR_EL1: CountSize 0b0010, MaxSize 7, Interval 4, ERnd, LDS,
     * ArchInst, FL, FT, FE = 0x27400 | 0x3F */
    ck_assert_uint_eq(tu_reg(m, PMSIDR_EL1_ENC), 0x2743F);
    /* PMBIDR_EL1: F | Align 3; owner Non-secure EL1, access from NS EL1: P = 0 */
    ck_assert_uint_eq(tu_reg(m, PMBIDR_EL1_ENC), 0x23);
    spe_pe_ctl c;
    spe_pe_ctl_default(&c);
    c.e2pb = 0;                       /* owned by EL2: P = 1 from NS EL1 */
    spe_model_set_pe_ctl(m, &c);
    ck_assert_uint_eq(tu_reg(m, PMBIDR_EL1_ENC), 0x33);
    c.reg_el = 2;                     /* ... and 0 from EL2 */
    spe_model_set_pe_ctl(m, &c);
    ck_assert_uint_eq(tu_reg(m, PMBIDR_EL1_ENC), 0x23);
    c.nspb = 0;                       /* Secure owner: 1 from EL2 */
    spe_model_set_pe_ctl(m, &c);
    ck_assert_uint_eq(tu_reg(m, PMBIDR_EL1_ENC), 0x33);
    c.reg_el = 1;
    c.reg_ns = 0;                     /* ... 0 from Secure EL1 */
    spe_model_set_pe_ctl(m, &c);
    ck_assert_uint_eq(tu_reg(m, PMBIDR_EL1_ENC), 0x23);
    c.nspb = 3;                       /* Non-secure owner: 1 from Secure EL1 */
    spe_model_set_pe_ctl(m, &c);
    ck_assert_uint_eq(tu_reg(m, PMBIDR_EL1_ENC), 0x33);
    spe_pe_ctl_default(&c);
    spe_model_set_pe_ctl(m, &c);

    /* read-only and unknown encodings */
    ck_assert_int_eq(spe_model_write_reg(m, PMSIDR_EL1_ENC, 0), -1);
    ck_assert_int_eq(spe_model_write_reg(m, PMBIDR_EL1_ENC, 0), -1);
    ck_assert_int_eq(spe_model_write_reg(m, SYSREG_ENC(3, 0, 9, 10, 2), 0), -1);
    uint64_t v;
    ck_assert_int_eq(spe_model_read_reg(m, SYSREG_ENC(3, 0, 9, 9, 1), &v), -1);

    /* RES0 bits read as zero */
    tu_set(m, PMSCR_EL1_ENC, ~UINT64_C(0));
    ck_assert_uint_eq(tu_reg(m, PMSCR_EL1_ENC), 0x7B);
    ck_assert_uint_eq(tu_reg(m, PMSCR_EL12_ENC), 0x7B);
    tu_set(m, PMSCR_EL12_ENC, 0x1);
    ck_assert_uint_eq(tu_reg(m, PMSCR_EL1_ENC), 0x1);
    tu_set(m, PMSCR_EL2_ENC, ~UINT64_C(0));
    ck_assert_uint_eq(tu_reg(m, PMSCR_EL2_ENC), 0x7B);
    tu_set(m, PMSFCR_EL1_ENC, ~UINT64_C(0));
    ck_assert_uint_eq(tu_reg(m, PMSFCR_EL1_ENC), 0x70007);
    tu_set(m, PMSIRR_EL1_ENC, ~UINT64_C(0));
    ck_assert_uint_eq(tu_reg(m, PMSIRR_EL1_ENC), 0xFFFFFF01);
    tu_set(m, PMSLATFR_EL1_ENC, ~UINT64_C(0));
    ck_assert_uint_eq(tu_reg(m, PMSLATFR_EL1_ENC), 0xFFF);
    tu_set(m, PMSICR_EL1_ENC, ~UINT64_C(0));          /* ERnd: ECOUNT kept */
    ck_assert_uint_eq(tu_reg(m, PMSICR_EL1_ENC), UINT64_C(0xFF000000FFFFFFFF));
    /* PMSEVFR_EL1: E[1,3,5,7] and E[16] (TME); E[1] RES1 */
    tu_set(m, PMSEVFR_EL1_ENC, ~UINT64_C(0));
    ck_assert_uint_eq(tu_reg(m, PMSEVFR_EL1_ENC), 0x100AA);
    tu_set(m, PMSEVFR_EL1_ENC, 0);
    ck_assert_uint_eq(tu_reg(m, PMSEVFR_EL1_ENC), 0x2);
    tu_set(m, PMBSR_EL1_ENC, ~UINT64_C(0));
    ck_assert_uint_eq(tu_reg(m, PMBSR_EL1_ENC), 0xFC0FFFFF);
    ck_assert_int_eq(spe_model_irq(m), 1);            /* S written to 1 asserts PMBIRQ */
    tu_set(m, PMBSR_EL1_ENC, 0);
    ck_assert_int_eq(spe_model_irq(m), 0);
    /* PMBLIMITR_EL1: LIMIT, FM (reserved values kept for reads), E */
    tu_set(m, PMBLIMITR_EL1_ENC, ~UINT64_C(0));
    ck_assert_uint_eq(tu_reg(m, PMBLIMITR_EL1_ENC), ~UINT64_C(0xFF8));
    /* PMBPTR_EL1 keeps its low bits (synchronous external aborts) */
    tu_set(m, PMBPTR_EL1_ENC, 0x1003);
    ck_assert_uint_eq(tu_reg(m, PMBPTR_EL1_ENC), 0x1003);
    spe_model_free(m);

    /* 64KB granule: LIMIT[15:12] RES0; asynchronous aborts only: PMBPTR_EL1
     * bits [Align-1:0] RES0; without EL2 PMSCR_EL1.PCT is RES1 and
     * PMSCR_EL2 RES0; without ERnd PMSICR_EL1[63:56] RES0; without TME
     * PMSEVFR_EL1.E[16] RES0. */
    p.granule_log2 = 16;
    p.ea_sync = 0;
    p.ernd = 0;
    p.have_tme = 0;
    m = spe_model_new(&p, err, sizeof err);
    ck_assert_ptr_nonnull(m);
    tu_set(m, PMBLIMITR_EL1_ENC, UINT64_C(0x12345F001));
    ck_assert_uint_eq(tu_reg(m, PMBLIMITR_EL1_ENC), UINT64_C(0x123450001));
    tu_set(m, PMBPTR_EL1_ENC, 0x1007);
    ck_assert_uint_eq(tu_reg(m, PMBPTR_EL1_ENC), 0x1000);
    tu_set(m, PMSICR_EL1_ENC, ~UINT64_C(0));
    ck_assert_uint_eq(tu_reg(m, PMSICR_EL1_ENC), 0xFFFFFFFF);
    tu_set(m, PMSEVFR_EL1_ENC, ~UINT64_C(0));
    ck_assert_uint_eq(tu_reg(m, PMSEVFR_EL1_ENC), 0xAA);
    spe_pe_ctl_default(&c);
    c.have_el2 = 0;
    spe_model_set_pe_ctl(m, &c);
    tu_set(m, PMSCR_EL1_ENC, 0);
    ck_assert_uint_eq(tu_reg(m, PMSCR_EL1_ENC), 0x40);
    tu_set(m, PMSCR_EL2_ENC, 0x7B);
    ck_assert_uint_eq(tu_reg(m, PMSCR_EL2_ENC), 0);
    spe_model_free(m);

    /* names */
    ck_assert_str_eq(spe_reg_name(PMBLIMITR_EL1_ENC), "PMBLIMITR_EL1");
    ck_assert_int_eq(spe_reg_by_name("PMSEVFR_EL1"), (int)PMSEVFR_EL1_ENC);
    ck_assert_int_eq(spe_reg_by_name("PMSEVFR"), -1);
    ck_assert_ptr_null(spe_reg_name(0));
}
END_TEST

START_TEST(test_params_check)
{
    spe_params p;
    char err[200];
    spe_params_default(&p);
    ck_assert_int_eq(spe_params_check(&p, err, sizeof err), 0);
    /* short headers, no TME, no LDS: 60 bytes, fits 64 */
    p.have_tme = 0;
    p.lds = 0;
    ck_assert_uint_eq(spe_max_record_len(&p), 60);
    p.max_size = 6;
    ck_assert_int_eq(spe_params_check(&p, err, sizeof err), 0);
    p.lds = 1;                       /* 63 */
    ck_assert_int_eq(spe_params_check(&p, err, sizeof err), 0);
    p.have_tme = 1;                  /* 65: needs 128 */
    ck_assert_int_eq(spe_params_check(&p, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "max_size"));
    spe_params_default(&p);
    p.ext_headers = 1;
    ck_assert_uint_eq(spe_max_record_len(&p), 71);
    spe_params_default(&p);
    p.align = 8;                     /* more than MaxSize 7 */
    ck_assert_int_eq(spe_params_check(&p, err, sizeof err), -1);
    spe_params_default(&p);
    p.lfsr_seed = 0;
    ck_assert_int_eq(spe_params_check(&p, err, sizeof err), -1);
    ck_assert_ptr_null(spe_model_new(&p, err, sizeof err));
    spe_params_default(&p);
    p.inflight_records = 0;
    ck_assert_int_eq(spe_params_check(&p, err, sizeof err), -1);
    spe_params_default(&p);
    p.max_inflight = SPE_MAX_INFLIGHT + 1;
    ck_assert_int_eq(spe_params_check(&p, err, sizeof err), -1);
    spe_params_default(&p);
    p.interval_id = 1;
    ck_assert_int_eq(spe_params_check(&p, err, sizeof err), -1);
    spe_params_default(&p);
    p.granule_log2 = 13;
    ck_assert_int_eq(spe_params_check(&p, err, sizeof err), -1);
}
END_TEST

static Suite *spe_model_suite(void)
{
    Suite *s = suite_create("spe_model");
    TCase *t = tcase_create("packets");
    tcase_add_test(t, test_enc_framing);
    tcase_add_test(t, test_enc_address);
    tcase_add_test(t, test_enc_counter);
    tcase_add_test(t, test_enc_context_optype_source);
    tcase_add_test(t, test_enc_events);
    suite_add_tcase(s, t);
    t = tcase_create("records");
    tcase_add_test(t, test_record_load);
    tcase_add_test(t, test_record_branches);
    tcase_add_test(t, test_record_eret);
    tcase_add_test(t, test_record_ldst_subclasses);
    tcase_add_test(t, test_record_other);
    tcase_add_test(t, test_record_ext_headers);
    tcase_add_test(t, test_record_collection_controls);
    suite_add_tcase(s, t);
    t = tcase_create("registers");
    tcase_add_test(t, test_registers);
    tcase_add_test(t, test_params_check);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(spe_model_suite());
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? 0 : 1;
}
