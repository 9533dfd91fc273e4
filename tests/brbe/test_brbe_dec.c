/* BRBINF<n>_EL1 decoding: golden vectors worked by hand from
 * brbinf-register.md (field table and CC formula) and the bit positions of
 * register-fields.md section 3: VALID [1:0], MPRED [5], EL [7:6],
 * TYPE [13:8], T [16], LASTFAILED [17], CC [45:32] = E [45:40] : M [39:32],
 * CCU [46]; RES0 [63:47], [31:18], [15:14], [4:2]. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "brbe_dec.h"

#define CC(e, m) ((((uint64_t)(e) << 8) | (uint64_t)(m)) << 32)

/* ---- TYPE ------------------------------------------------------------------ */

/* The TYPE table of brbinf-register.md, with the perf type Linux's driver
 * assigns (arm_brbe.c brbe_type_to_perf_type_map; unlisted types are
 * PERF_BR_UNKNOWN = 0).  perf values: UNCOND 2, IND 3, CALL 4, IND_CALL 5,
 * RET 6, SYSCALL 7, ERET 11, IRQ 12, SERROR 13, EXTEND_ABI 15 with new_type
 * FAULT_ALGN 0, FAULT_DATA 1, FAULT_INST 2. */
static const struct {
    unsigned code;
    const char *name;
    unsigned perf, perf_new;
    const char *perf_name;
} types[] = {
    { 0x00, "direct",        2, 0, "UNCOND" },     /* 0b000000 */
    { 0x01, "indirect",      3, 0, "IND" },        /* 0b000001 */
    { 0x02, "direct-link",   4, 0, "CALL" },       /* 0b000010 */
    { 0x03, "indirect-link", 5, 0, "IND_CALL" },   /* 0b000011 */
    { 0x05, "return",        6, 0, "RET" },        /* 0b000101 */
    { 0x07, "eret",         11, 0, "ERET" },       /* 0b000111 */
    { 0x08, "cond-direct",   1, 0, "COND" },       /* 0b001000 */
    { 0x21, "debug-halt",    0, 0, "UNKNOWN" },    /* 0b100001 */
    { 0x22, "call",          7, 0, "SYSCALL" },    /* 0b100010 */
    { 0x23, "trap",         12, 0, "IRQ" },        /* 0b100011 */
    { 0x24, "serror",       13, 0, "SERROR" },     /* 0b100100 */
    { 0x26, "inst-debug",    0, 0, "UNKNOWN" },    /* 0b100110 */
    { 0x27, "data-debug",    0, 0, "UNKNOWN" },    /* 0b100111 */
    { 0x2A, "alignment",    15, 0, "FAULT_ALGN" }, /* 0b101010 */
    { 0x2B, "inst-fault",   15, 2, "FAULT_INST" }, /* 0b101011 */
    { 0x2C, "data-fault",   15, 1, "FAULT_DATA" }, /* 0b101100 */
    { 0x2E, "irq",          12, 0, "IRQ" },        /* 0b101110 */
    { 0x2F, "fiq",           0, 0, "UNKNOWN" },    /* 0b101111 */
    { 0x30, "impdef-el3",    0, 0, "UNKNOWN" },    /* 0b110000 */
    { 0x39, "debug-exit",    0, 0, "UNKNOWN" },    /* 0b111001 */
};
#define NTYPES (sizeof types / sizeof types[0])

START_TEST(every_type)
{
    unsigned defined = 0;

    for (unsigned code = 0; code < 64; code++) {
        int k = -1;
        for (unsigned i = 0; i < NTYPES; i++)
            if (types[i].code == code)
                k = (int)i;
        /* TYPE sits at [13:8]: a Full record (VALID 0b11) of this type */
        uint64_t inf = ((uint64_t)code << 8) | 3u;
        brbe_info in;
        brbe_record r = { 0, 0x1000, 0x2000, inf };
        char err[256];
        unsigned pt, pn;

        brbe_info_decode(inf, 20, &in);
        ck_assert_uint_eq(in.type, code);
        ck_assert_uint_eq(in.valid, 3);
        brbe_perf_type(code, &pt, &pn);
        if (k < 0) {
            /* "All other values are reserved." */
            ck_assert_ptr_null(brbe_type_name(code));
            ck_assert_ptr_null(brbe_type_desc(code));
            ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), -1);
            ck_assert_ptr_nonnull(strstr(err, "reserved"));
            ck_assert_uint_eq(pt, 0);
            continue;
        }
        defined++;
        ck_assert_str_eq(brbe_type_name(code), types[k].name);
        ck_assert_ptr_nonnull(brbe_type_desc(code));
        ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), 0);
        ck_assert_uint_eq(pt, types[k].perf);
        ck_assert_uint_eq(pn, types[k].perf_new);
        ck_assert_str_eq(brbe_perf_type_name(pt, pn), types[k].perf_name);
        /* bit 5 of TYPE separates exceptions/debug (0b1xxxxx) from branches */
        ck_assert_int_eq(brbe_type_is_exception(code), code >= 0x20);
    }
    ck_assert_uint_eq(defined, 20);
    ck_assert_str_eq(brbe_type_desc(0x08), "Conditional direct branch");
}
END_TEST

/* ---- VALID forms (R_XRHTY, R_LPLYK, R_RPVXK, R_GSMRH) ----------------------- */

START_TEST(valid_forms)
{
    brbe_info in;

    /* 0x0000000000000000: VALID 00, invalid */
    brbe_info_decode(0, 20, &in);
    ck_assert_uint_eq(in.valid, 0);
    ck_assert_str_eq(brbe_valid_name(in.valid), "invalid");
    ck_assert_uint_eq(in.has_source, 0);
    ck_assert_uint_eq(in.has_target, 0);

    /* 0x2E41 = 0b10_1110_0100_0001: TYPE [13:8] = 0b101110 IRQ, EL [7:6] = 01,
     * VALID 01: a Half-target record (IRQ taken from a prohibited region to
     * EL1, R_YBJDJ) */
    brbe_info_decode(0x2E41, 20, &in);
    ck_assert_uint_eq(in.valid, 1);
    ck_assert_str_eq(brbe_valid_name(in.valid), "target");
    ck_assert_uint_eq(in.type, 0x2E);
    ck_assert_uint_eq(in.el, 1);
    ck_assert_uint_eq(in.has_source, 0);
    ck_assert_uint_eq(in.has_target, 1);

    /* 0x0722 = 0b111_0010_0010: TYPE 0b000111 ERET, MPRED [5] = 1, EL 00,
     * VALID 10: a Half-source record (ERET to a prohibited region, R_ZTGMW) */
    brbe_info_decode(0x0722, 20, &in);
    ck_assert_uint_eq(in.valid, 2);
    ck_assert_str_eq(brbe_valid_name(in.valid), "source");
    ck_assert_uint_eq(in.type, 7);
    ck_assert_uint_eq(in.mpred, 1);
    ck_assert_uint_eq(in.has_source, 1);
    ck_assert_uint_eq(in.has_target, 0);

    /* docs/brbe-record-format.md example, record 2: 0x2243 =
     * 0b10_0010_0100_0011: TYPE 0b100010 Call, EL 01, MPRED 0, VALID 11 */
    brbe_info_decode(0x2243, 20, &in);
    ck_assert_uint_eq(in.valid, 3);
    ck_assert_str_eq(brbe_valid_name(in.valid), "full");
    ck_assert_uint_eq(in.type, 0x22);
    ck_assert_uint_eq(in.el, 1);
    ck_assert_uint_eq(in.mpred, 0);
    ck_assert_uint_eq(in.has_source, 1);
    ck_assert_uint_eq(in.has_target, 1);
    ck_assert_uint_eq(in.cc_status, BRBE_CC_KNOWN);
    ck_assert_uint_eq(in.cycles, 0);
}
END_TEST

START_TEST(flag_bits)
{
    brbe_info in;

    /* T [16] and LASTFAILED [17] of a Full conditional branch at EL2 that
     * mispredicted: 0x30000 | 0x0800 (TYPE 0b001000) | 0x80 (EL 10) | 0x20
     * (MPRED) | 3 = 0x308A3 */
    brbe_info_decode(0x308A3, 20, &in);
    ck_assert_uint_eq(in.t, 1);
    ck_assert_uint_eq(in.lastfailed, 1);
    ck_assert_uint_eq(in.type, 8);
    ck_assert_uint_eq(in.el, 2);
    ck_assert_str_eq(brbe_el_name(in.el), "el2");
    ck_assert_uint_eq(in.mpred, 1);
    ck_assert_uint_eq(in.res0, 0);
    /* T alone: 0x10003; LASTFAILED alone: 0x20003 */
    brbe_info_decode(0x10003, 20, &in);
    ck_assert_uint_eq(in.t, 1);
    ck_assert_uint_eq(in.lastfailed, 0);
    brbe_info_decode(0x20003, 20, &in);
    ck_assert_uint_eq(in.t, 0);
    ck_assert_uint_eq(in.lastfailed, 1);
    /* EL 11 (EL3, FEAT_BRBEv1p1) */
    brbe_info_decode(0xC3, 20, &in);
    ck_assert_str_eq(brbe_el_name(in.el), "el3");
    ck_assert_str_eq(brbe_el_name(0), "el0");
    ck_assert_str_eq(brbe_el_name(1), "el1");
}
END_TEST

START_TEST(res0_bits)
{
    /* Each RES0 range, one bit each: 47, 63, 18, 31, 14, 15, 2, 4 */
    static const unsigned bits[] = { 47, 63, 18, 31, 14, 15, 2, 4 };
    brbe_info in;
    char err[256];

    for (unsigned i = 0; i < sizeof bits / sizeof bits[0]; i++) {
        uint64_t inf = (UINT64_C(1) << bits[i]) | 3u;
        brbe_record r = { 0, 0x10, 0x20, inf };
        brbe_info_decode(inf, 20, &in);
        ck_assert_uint_eq(in.res0, UINT64_C(1) << bits[i]);
        ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), -1);
        ck_assert_ptr_nonnull(strstr(err, "RES0"));
    }
    /* every defined bit set at once is not RES0: CCU, CC, LASTFAILED, T,
     * TYPE, EL, MPRED, VALID = 0x00007FFF00033FE3 */
    brbe_info_decode(UINT64_C(0x00007FFF00033FE3), 20, &in);
    ck_assert_uint_eq(in.res0, 0);
    ck_assert_uint_eq(in.ccu, 1);
    ck_assert_uint_eq(in.cc, 0x3FFF);
}
END_TEST

/* ---- cycle count ------------------------------------------------------------- */

static void cyc(uint64_t inf, unsigned bits, enum brbe_cc_status st, uint64_t v, uint64_t span)
{
    brbe_info in;

    brbe_info_decode(inf, bits, &in);
    ck_assert_msg(in.cc_status == st, "BRBINF 0x%016llx: status %d, expected %d",
                  (unsigned long long)inf, (int)in.cc_status, (int)st);
    ck_assert_msg(in.cycles == v, "BRBINF 0x%016llx: %llu cycles, expected %llu",
                  (unsigned long long)inf, (unsigned long long)in.cycles, (unsigned long long)v);
    ck_assert_msg(in.cycles_span == span, "BRBINF 0x%016llx: span %llu, expected %llu",
                  (unsigned long long)inf, (unsigned long long)in.cycles_span,
                  (unsigned long long)span);
}

START_TEST(cycle_small)
{
    /* E = 0: the count is M (0..255), exact */
    cyc(CC(0, 0) | 3, 20, BRBE_CC_KNOWN, 0, 0);
    cyc(CC(0, 1) | 3, 20, BRBE_CC_KNOWN, 1, 0);
    cyc(CC(0, 12) | 3, 20, BRBE_CC_KNOWN, 12, 0);  /* format example record 0 */
    cyc(CC(0, 255) | 3, 20, BRBE_CC_KNOWN, 255, 0);
    /* E = 1: '1':M:Zeros(0) = 256 + M, still exact (step 2^0) */
    cyc(CC(1, 0) | 3, 20, BRBE_CC_KNOWN, 256, 0);
    cyc(CC(1, 0x55) | 3, 20, BRBE_CC_KNOWN, 0x155, 0);
    cyc(CC(1, 255) | 3, 20, BRBE_CC_KNOWN, 511, 0);
}
END_TEST

START_TEST(cycle_rounding)
{
    /* E = 2: '1':M:'0' = (256 + M) * 2.  Counts are rounded towards zero
     * to a multiple of 2^(E-1) = 2: 512 and 513 both encode as E 2, M 0. */
    cyc(CC(2, 0) | 3, 20, BRBE_CC_KNOWN, 512, 1);
    cyc(CC(2, 1) | 3, 20, BRBE_CC_KNOWN, 514, 1);
    cyc(CC(2, 255) | 3, 20, BRBE_CC_KNOWN, 1022, 1);   /* 1022..1023 */
    /* E = 3: '1':M:'00', step 4: 1024 = 0x100 << 2 */
    cyc(CC(3, 0) | 3, 20, BRBE_CC_KNOWN, 1024, 3);
    /* E = 9, M = 0x80: '1':10000000:Zeros(8) = 0x180 << 8 = 98304, step 256 */
    cyc(CC(9, 0x80) | 3, 20, BRBE_CC_KNOWN, 98304, 255);
    /* E = 12, M = 255: '1':11111111:Zeros(11) = 0x1FF << 11 = 1046528, the
     * largest count a 20-bit counter encodes; it stands for 1046528..1048575
     * (2^20 - 1) */
    cyc(CC(12, 255) | 3, 20, BRBE_CC_KNOWN, 1046528, 2047);
}
END_TEST

START_TEST(cycle_saturation)
{
    /* R_XGSSZ: CCU 0 and CC all ones (E 63, M 255) = exceeded the counter */
    cyc(CC(63, 255) | 3, 20, BRBE_CC_OVERFLOW, 0, 0);
    cyc(CC(63, 255) | 3, 0, BRBE_CC_OVERFLOW, 0, 0);
    /* E = 13, M = 0: 0x100 << 12 = 2^20, one past a 20-bit counter: no
     * implementation writes it (R_JZWPG encodes only counts that fit) */
    cyc(CC(13, 0) | 3, 20, BRBE_CC_BAD, 0, 0);
    /* ... but with an unknown counter width it decodes */
    cyc(CC(13, 0) | 3, 0, BRBE_CC_KNOWN, 1048576, 4095);
    /* E = 56: '1':M:Zeros(55) is 64 bits wide: 0x100 << 55 = 2^63 */
    cyc(CC(56, 0) | 3, 0, BRBE_CC_KNOWN, UINT64_C(1) << 63, (UINT64_C(1) << 55) - 1);
    /* E = 57 needs 65 bits; E = 63 with M != 255 is not the overflow code */
    cyc(CC(57, 0) | 3, 0, BRBE_CC_BAD, 0, 0);
    cyc(CC(63, 254) | 3, 0, BRBE_CC_BAD, 0, 0);
    cyc(CC(63, 254) | 3, 20, BRBE_CC_BAD, 0, 0);
}
END_TEST

START_TEST(cycle_unknown)
{
    brbe_record r = { 0, 0x10, 0x20, 0 };
    char err[256];

    /* R_PBJTJ: CCU [46] = 1 and CC = 0.  0x0000400000000003 is record 3 of
     * the format example. */
    cyc(UINT64_C(0x0000400000000003), 20, BRBE_CC_UNKNOWN, 0, 0);
    /* CCU = 1 with CC != 0 never happens */
    cyc((UINT64_C(1) << 46) | CC(0, 5) | 3, 20, BRBE_CC_BAD, 0, 0);
    r.inf = (UINT64_C(1) << 46) | CC(0, 5) | 3;
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "R_PBJTJ"));
    r.inf = CC(13, 0) | 3;
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "20-bit"));
    ck_assert_str_eq(brbe_cc_status_name(BRBE_CC_UNKNOWN), "unknown");
    ck_assert_str_eq(brbe_cc_status_name(BRBE_CC_OVERFLOW), "overflow");
}
END_TEST

/* Reference encoder, written from the CC description: a count below 256 is
 * M with E = 0; otherwise E - 1 is the number of low bits dropped so that
 * the count's leading one is the implicit '1' above an 8-bit M. */
static unsigned encode(uint32_t n)
{
    unsigned msb = 0, e;

    if (n < 256)
        return n;
    while ((n >> msb) > 1u)
        msb++;
    e = msb - 7u;                /* msb = 8 + (E - 1) */
    return (e << 8) | ((n >> (e - 1u)) & 0xFFu);
}

START_TEST(cycle_every_20bit_count)
{
    /* Every count of a 20-bit counter: the decoded value is the count
     * rounded towards zero, and the span covers the count. */
    for (uint32_t n = 0; n < (UINT32_C(1) << 20); n++) {
        uint64_t v, span;
        unsigned cc = encode(n);
        enum brbe_cc_status st = brbe_cc_decode(0, cc, 20, &v, &span);
        if (st != BRBE_CC_KNOWN || v > n || n > v + span)
            ck_abort_msg("count %u: CC 0x%04x decodes to %llu+%llu (status %d)", n, cc,
                         (unsigned long long)v, (unsigned long long)span, (int)st);
    }
    ck_assert_uint_eq(brbe_cc_counter_bits(0x5008), 20);
    ck_assert_uint_eq(brbe_cc_counter_bits(0x4008), 0);
}
END_TEST

/* ---- perf view (Linux arm_brbe.c) ------------------------------------------------ */

START_TEST(perf_cycles)
{
    brbe_info in;

    brbe_info_decode(CC(1, 0) | 3, 20, &in);
    ck_assert_uint_eq(brbe_perf_cycles(&in), 256);
    /* E 8, M 255: 0x1FF << 7 = 65408 fits in 16 bits */
    brbe_info_decode(CC(8, 255) | 3, 20, &in);
    ck_assert_uint_eq(brbe_perf_cycles(&in), 65408);
    /* E 9, M 0: 0x100 << 8 = 65536 saturates to U16_MAX */
    brbe_info_decode(CC(9, 0) | 3, 20, &in);
    ck_assert_uint_eq(brbe_perf_cycles(&in), 65535);
    brbe_info_decode(CC(63, 255) | 3, 20, &in);
    ck_assert_uint_eq(brbe_perf_cycles(&in), 65535);
    /* unknown counts are reported as 0 */
    brbe_info_decode(UINT64_C(0x0000400000000003), 20, &in);
    ck_assert_uint_eq(brbe_perf_cycles(&in), 0);
}
END_TEST

START_TEST(perf_entry)
{
    brbe_perf_entry e;
    /* Full, cond-direct, EL0, MPRED, CC 300 = E 1 M 44 */
    brbe_record full = { 0, 0x400000, 0x400100, CC(1, 44) | 0x0800 | 0x20 | 3 };
    /* Half-source ERET (0x0722: MPRED 1) */
    brbe_record hs = { 1, 0xffff800010000404, 0, 0x0722 };
    /* Half-target IRQ to EL1 (0x2E41) */
    brbe_record ht = { 2, 0, 0xffff800010000480, 0x2E41 };
    /* Full data fault to EL2 (0x2C83: TYPE 0b101100, EL 10) */
    brbe_record df = { 3, 0x400200, 0xffff800010000800, 0x2C83 };

    brbe_perf_entry_from(&full, 0, 0, &e);
    ck_assert_uint_eq(e.from, 0x400000);
    ck_assert_uint_eq(e.to, 0x400100);
    ck_assert_uint_eq(e.type, BRBE_PERF_BR_COND);
    ck_assert_uint_eq(e.cycles, 300);
    ck_assert_uint_eq(e.mispred, 1);
    ck_assert_uint_eq(e.predicted, 0);
    ck_assert_uint_eq(e.priv, BRBE_PERF_BR_PRIV_USER);
    brbe_perf_entry_from(&full, BRBE_PERF_SAMPLE_BRANCH_NO_CYCLES |
                         BRBE_PERF_SAMPLE_BRANCH_NO_FLAGS, 0, &e);
    ck_assert_uint_eq(e.cycles, 0);
    ck_assert_uint_eq(e.mispred, 0);
    ck_assert_uint_eq(e.predicted, 0);

    brbe_perf_entry_from(&hs, 0, 0, &e);
    ck_assert_uint_eq(e.from, 0xffff800010000404);
    ck_assert_uint_eq(e.to, 0);
    ck_assert_uint_eq(e.type, BRBE_PERF_BR_ERET);
    ck_assert_uint_eq(e.mispred, 1);
    ck_assert_uint_eq(e.priv, BRBE_PERF_BR_PRIV_UNKNOWN);   /* no EL without a target */

    brbe_perf_entry_from(&ht, 0, 0, &e);
    ck_assert_uint_eq(e.from, 0);
    ck_assert_uint_eq(e.to, 0xffff800010000480);
    ck_assert_uint_eq(e.type, BRBE_PERF_BR_IRQ);
    ck_assert_uint_eq(e.mispred, 0);
    ck_assert_uint_eq(e.predicted, 0);                      /* no MPRED without a source */
    ck_assert_uint_eq(e.priv, BRBE_PERF_BR_PRIV_KERNEL);

    brbe_perf_entry_from(&df, 0, 0, &e);
    ck_assert_uint_eq(e.type, BRBE_PERF_BR_EXTEND_ABI);
    ck_assert_uint_eq(e.new_type, BRBE_PERF_BR_NEW_FAULT_DATA);
    ck_assert_uint_eq(e.priv, BRBE_PERF_BR_PRIV_HV);
    brbe_perf_entry_from(&df, 0, 1, &e);
    ck_assert_uint_eq(e.priv, BRBE_PERF_BR_PRIV_KERNEL);    /* VHE kernel at EL2 */
    ck_assert_uint_eq(brbe_perf_priv(3, 0), BRBE_PERF_BR_PRIV_UNKNOWN);
}
END_TEST

START_TEST(record_check_forms)
{
    char err[256];
    brbe_record r;

    /* invalid record: all zero is fine, anything else is not */
    r = (brbe_record){ 5, 0, 0, 0 };
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), 0);
    r = (brbe_record){ 5, 0x40, 0, 0 };
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), -1);
    r = (brbe_record){ 5, 0, 0, 0x0800 };   /* TYPE set but VALID 00 */
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), -1);
    /* Half-source with a target address or an EL */
    r = (brbe_record){ 0, 0x40, 0x80, 0x0702 };
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "Half-source"));
    r = (brbe_record){ 0, 0x40, 0, 0x0742 };
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), -1);
    r = (brbe_record){ 0, 0x40, 0, 0x0702 };
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), 0);
    /* Half-target with a source address, MPRED or T */
    r = (brbe_record){ 0, 0x40, 0x80, 0x2E41 };
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "Half-target"));
    r = (brbe_record){ 0, 0, 0x80, 0x2E61 };
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), -1);
    r = (brbe_record){ 0, 0, 0x80, 0x12E41 };
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), -1);
    r = (brbe_record){ 0, 0, 0x80, 0x2E41 };
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), 0);
    /* LASTFAILED is valid in every valid form */
    r = (brbe_record){ 0, 0, 0x80, 0x22E41 };
    ck_assert_int_eq(brbe_record_check(&r, 20, err, sizeof err), 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("brbe_dec");
    TCase *tc = tcase_create("brbinf");

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, every_type);
    tcase_add_test(tc, valid_forms);
    tcase_add_test(tc, flag_bits);
    tcase_add_test(tc, res0_bits);
    tcase_add_test(tc, cycle_small);
    tcase_add_test(tc, cycle_rounding);
    tcase_add_test(tc, cycle_saturation);
    tcase_add_test(tc, cycle_unknown);
    tcase_add_test(tc, cycle_every_20bit_count);
    tcase_add_test(tc, perf_cycles);
    tcase_add_test(tc, perf_entry);
    tcase_add_test(tc, record_check_forms);
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
