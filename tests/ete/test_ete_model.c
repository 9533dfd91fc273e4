/* ETE model: golden vectors of the packet encoders (bytes worked out by
 * hand from chapter D5; the derivation is next to each vector), the ID
 * registers, parameter and register checking. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_enc.h"
#include "ete_model.h"
#include "ete_pkt.h"

static void expect(const uint8_t *got, size_t n, const uint8_t *want, size_t wn,
                   const char *what)
{
    char g[256] = "", w[256] = "";
    for (size_t i = 0; i < n && i < 60; i++)
        snprintf(g + strlen(g), sizeof g - strlen(g), "%02x ", got[i]);
    for (size_t i = 0; i < wn && i < 60; i++)
        snprintf(w + strlen(w), sizeof w - strlen(w), "%02x ", want[i]);
    ck_assert_msg(n == wn && memcmp(got, want, n) == 0, "%s: got [%s] want [%s]", what, g, w);
}

#define GOLD(what, call, ...)                                                   \
    do {                                                                        \
        uint8_t out_[ETE_ENC_MAX_PKT + 8];                                      \
        memset(out_, 0xEE, sizeof out_);                                        \
        size_t n_ = (call);                                                     \
        static const uint8_t want_[] = {__VA_ARGS__};                           \
        expect(out_, n_, want_, sizeof want_, what);                            \
        ck_assert_msg(n_ <= ETE_ENC_MAX_PKT, "%s longer than ETE_ENC_MAX_PKT", what); \
    } while (0)

/* ---- D5.4 - D5.12 ------------------------------------------------------ */
START_TEST(gold_sync_and_control)
{
    /* D5.4, D9.2.3: header 0x00, ten zero payload bytes, final 0x80 */
    GOLD("ASYNC", ete_enc_async(out_), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80);
    /* D5.5: 0b00000000 0b00000011 */
    GOLD("DISCARD", ete_enc_discard(out_), 0x00, 0x03);
    /* D5.6: 0b00000000 0b00000101 */
    GOLD("OVERFLOW", ete_enc_overflow(out_), 0x00, 0x05);
    /* D5.8: 0b00000100 */
    GOLD("TRACE_ON", ete_enc_trace_on(out_), 0x04);
    /* D5.11, D5.12: 0b00001010, 0b00001011 */
    GOLD("TXN_START", ete_enc_txn_start(out_), 0x0A);
    GOLD("TXN_COMMIT", ete_enc_txn_commit(out_), 0x0B);
}
END_TEST

START_TEST(gold_trace_info)
{
    /* Variant 1 (D5.4): no section present, PLCTL = 0 */
    GOLD("TRACE_INFO plain", ete_enc_trace_info(out_, 0, 0, 0, 0), 0x01, 0x00);
    /* Variant 6: PLCTL = INFO(bit 0) | CYCT(bit 3) = 0x09; INFO = CC(bit 0);
     * CYCT = 0x100 as LE128: 0x00|C=0x80, then 0x100>>7 = 0x02 */
    GOLD("TRACE_INFO cc", ete_enc_trace_info(out_, 1, 0x100, 0, 0), 0x01, 0x09, 0x01, 0x80,
         0x02);
    /* Variant 2: PLCTL = INFO; INFO = T(bit 6) = 0x40 */
    GOLD("TRACE_INFO T", ete_enc_trace_info(out_, 0, 0, 1, 0), 0x01, 0x01, 0x40);
    /* Variant 6 with T and CC: INFO = 0x41, CYCT = 4 */
    GOLD("TRACE_INFO cc T", ete_enc_trace_info(out_, 1, 4, 1, 0), 0x01, 0x09, 0x41, 0x04);
    /* Variant 3: PLCTL = SPEC(bit 2); SPEC = 3 */
    GOLD("TRACE_INFO spec", ete_enc_trace_info(out_, 0, 0, 0, 3), 0x01, 0x04, 0x03);
}
END_TEST

START_TEST(gold_timestamp)
{
    /* Variant 1, header 0x02.  0x1234 against 0: 13 bits change, two 7-bit
     * groups: 0x34|C = 0xB4, 0x1234>>7 = 0x24 */
    GOLD("TIMESTAMP 2 groups", ete_enc_timestamp(out_, 0x1234, 0, 0, 0), 0x02, 0xB4, 0x24);
    /* Variant 2, header 0x03.  0x1235 against 0x1234: only bit 0 changes,
     * one group 0x35; COUNT = 5 */
    GOLD("TIMESTAMP count", ete_enc_timestamp(out_, 0x1235, 0x1234, 1, 5), 0x03, 0x35,
         0x05);
    /* Bits 63:56 change: eight groups with C set, then TS[63:56] = 0xFF */
    GOLD("TIMESTAMP 9 bytes", ete_enc_timestamp(out_, 0xFF00000000000000ull, 0, 0, 0), 0x02,
         0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0xFF);
    /* Highest change in bit 55: eight groups, the last without C */
    GOLD("TIMESTAMP 8 bytes", ete_enc_timestamp(out_, 0x0080000000000000ull, 0, 0, 0), 0x02,
         0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40);
    /* COUNT 0x12345: 0x45|C = 0xC5, 0x246&0x7F|C = 0xC6, 0x12345>>14 = 0x04 */
    GOLD("TIMESTAMP count 3 bytes", ete_enc_timestamp(out_, 7, 7, 1, 0x12345), 0x03, 0x07,
         0xC5, 0xC6, 0x04);
}
END_TEST

/* ---- D5.13 - D5.25 ----------------------------------------------------- */
START_TEST(gold_exceptions)
{
    /* information byte: bit 7 = 0, bit 6 = E[1], bits 5:1 = TYPE, bit 0 = E[0] */
    /* E=01 IRQ(0x0E): 0x0E<<1|1 = 0x1D; exact match QE=2: 0b100100_10 = 0x92 */
    GOLD("EXC_EXACT", ete_enc_exc_exact(out_, 1, 0x0E, 2), 0x06, 0x1D, 0x92);
    /* E=10 Call(2): 0x40|0x04 = 0x44; 0x95, A[8:2] = (0x1234>>2)&0x7F = 0x0D with
     * C, A[16:9] = 0x1234>>9 = 0x09 */
    GOLD("EXC_SHORT_IS0 2", ete_enc_exc_short_is0(out_, 2, 2, 0x1234, 2), 0x06, 0x44, 0x95,
         0x8D, 0x09);
    GOLD("EXC_SHORT_IS0 1", ete_enc_exc_short_is0(out_, 2, 2, 0x1234, 1), 0x06, 0x44, 0x95,
         0x0D);
    /* E=01 Trap(3): 0x07; 0x96, A[7:1] = (0x2346>>1)&0x7F = 0x23 with C,
     * A[15:8] = 0x23 */
    GOLD("EXC_SHORT_IS1", ete_enc_exc_short_is1(out_, 1, 3, 0x2346, 2), 0x06, 0x07, 0x96,
         0xA3, 0x23);
    /* E=01 Data fault(0xC): 0x19; 0x9A, A[8:2] = 0x1E, A[15:9] = 0x2B,
     * A[23:16] = 0x34, A[31:24] = 0x12 for 0x12345678 */
    GOLD("EXC_32_IS0", ete_enc_exc_32_is0(out_, 1, 0xC, 0x12345678), 0x06, 0x19, 0x9A, 0x1E,
         0x2B, 0x34, 0x12);
    /* E=10 Inst fault(0xB): 0x40|0x16 = 0x56; 0x9B, A[7:1] = 0x3C, A[15:8] =
     * 0x56, A[23:16] = 0x34, A[31:24] = 0x12 */
    GOLD("EXC_32_IS1", ete_enc_exc_32_is1(out_, 2, 0xB, 0x12345678), 0x06, 0x56, 0x9B, 0x3C,
         0x56, 0x34, 0x12);
    /* E=01 FIQ(0xF): 0x1F; 0x9D, 0xFFFF800010000400: A[8:2] = 0x00,
     * A[15:9] = 0x02, then bytes 16.. = 00 10 00 80 FF FF */
    GOLD("EXC_64_IS0", ete_enc_exc_64_is0(out_, 1, 0xF, 0xFFFF800010000400ull), 0x06, 0x1F,
         0x9D, 0x00, 0x02, 0x00, 0x10, 0x00, 0x80, 0xFF, 0xFF);
    /* E=01 IMPDEF 0 (0x10): 0x21; 0x9E, 0x123456789ABC: A[7:1] = 0x5E, then
     * A[15:8] = 0x9A, 78 56 34 12 00 00 */
    GOLD("EXC_64_IS1", ete_enc_exc_64_is1(out_, 1, 0x10, 0x123456789ABCull), 0x06, 0x21,
         0x9E, 0x5E, 0x9A, 0x78, 0x56, 0x34, 0x12, 0x00, 0x00);
}
END_TEST

START_TEST(gold_exceptions_ctxt)
{
    /* E=01 Call: 0x05; 0x82, 0x80008: A[8:2] = 0x02, A[15:9] = 0x00,
     * 08 00; context byte C|NS|SF|EL1 = 0x80|0x20|0x10|1 = 0xB1; CONTEXTID */
    ete_enc_ctx c1 = {.el = 1, .ns = 1, .sf = 1, .c = 1, .contextid = 0x42};
    GOLD("EXC_CTXT_32_IS0", ete_enc_exc_ctxt_32_is0(out_, 1, 2, 0x80008, &c1), 0x06, 0x05,
         0x82, 0x02, 0x00, 0x08, 0x00, 0xB1, 0x42, 0x00, 0x00, 0x00);
    /* E=10 IRQ: 0x40|0x1C = 0x5C; 0x83, 0x8000: A[7:1] = 0, A[15:8] = 0x80,
     * 00 00; V|NS|EL0 = 0x60; VMID 0x1234 in the 4-byte VMID field (D5.55) */
    ete_enc_ctx c2 = {.el = 0, .ns = 1, .sf = 0, .v = 1, .vmid = 0x1234};
    GOLD("EXC_CTXT_32_IS1", ete_enc_exc_ctxt_32_is1(out_, 2, 0xE, 0x8000, &c2), 0x06, 0x5C,
         0x83, 0x00, 0x80, 0x00, 0x00, 0x60, 0x34, 0x12, 0x00, 0x00);
    /* E=01 System Error(4): 0x09; 0x85, 0xFFFF000000001000: A[8:2] = 0,
     * A[15:9] = 0x08, 00 00 00 00 FF FF; C|V|SF|EL2 = 0xD2; VMID 07 00 00 00
     * before CONTEXTID EF BE AD DE (D5.55 variant 4) */
    ete_enc_ctx c3 = {.el = 2, .ns = 0, .sf = 1, .c = 1, .v = 1, .contextid = 0xDEADBEEF,
                      .vmid = 7};
    GOLD("EXC_CTXT_64_IS0", ete_enc_exc_ctxt_64_is0(out_, 1, 4, 0xFFFF000000001000ull, &c3),
         0x06, 0x09, 0x85, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xD2, 0x07, 0x00,
         0x00, 0x00, 0xEF, 0xBE, 0xAD, 0xDE);
    /* E=01 Inst debug(6): 0x0D; 0x86, 0x100000002: A[7:1] = 1, then 00 00 00
     * 01 00 00 00; NS|EL1 = 0x21 */
    ete_enc_ctx c4 = {.el = 1, .ns = 1, .sf = 0};
    GOLD("EXC_CTXT_64_IS1", ete_enc_exc_ctxt_64_is1(out_, 1, 6, 0x100000002ull, &c4), 0x06,
         0x0D, 0x86, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x21);
}
END_TEST

START_TEST(gold_reset_txn_failure)
{
    /* D5.24: TYPE 0b11000: 0x18<<1 = 0x30, E=01 -> 0x31, E=10 -> 0x70; address
     * byte 0b01110000 */
    GOLD("TXN_FAILURE e1", ete_enc_txn_failure(out_, 1), 0x06, 0x31, 0x70);
    GOLD("TXN_FAILURE e2", ete_enc_txn_failure(out_, 2), 0x06, 0x70, 0x70);
    /* D5.25: TYPE 0: E=01 -> 0x01, E=10 -> 0x40 */
    GOLD("PE_RESET e1", ete_enc_pe_reset(out_, 1), 0x06, 0x01, 0x70);
    GOLD("PE_RESET e2", ete_enc_pe_reset(out_, 2), 0x06, 0x40, 0x70);
}
END_TEST

/* ---- D5.26 - D5.34 ----------------------------------------------------- */
START_TEST(gold_cycle_count)
{
    /* D5.26: 0b00001111, COMMIT = 0 as LE128 */
    GOLD("CC_F1_0_UNKNOWN", ete_enc_cc_f1_0_unknown(out_, 0), 0x0F, 0x00);
    /* D5.27: 0b00001111 alone */
    GOLD("CC_F1_1_UNKNOWN", ete_enc_cc_f1_1_unknown(out_), 0x0F);
    /* D5.28: 0b00001110, COMMIT 0, COUNT 300 = 0x12C: 0x2C|C = 0xAC, 0x02 */
    GOLD("CC_F1_0", ete_enc_cc_f1_0(out_, 0, 300), 0x0E, 0x00, 0xAC, 0x02);
    /* D5.29: 0b00001110, COUNT 16 */
    GOLD("CC_F1_1", ete_enc_cc_f1_1(out_, 16), 0x0E, 0x10);
    /* D5.32: 0b00001101, 0b1111:BBBB = 9 */
    GOLD("CC_F2_1", ete_enc_cc_f2_1(out_, 9), 0x0D, 0xF9);
    /* D5.34: 0b000100:BB = 2 */
    GOLD("CC_F3_1", ete_enc_cc_f3_1(out_, 2), 0x12);
}
END_TEST

/* ---- D5.40 - D5.46 ----------------------------------------------------- */
START_TEST(gold_atoms)
{
    /* F1 0b1111011:A */
    GOLD("ATOM_F1 E", ete_enc_atom_f1(out_, 1), 0xF7);
    GOLD("ATOM_F1 N", ete_enc_atom_f1(out_, 0), 0xF6);
    /* F2 0b110110:A, A<0> first: N then E = 0b10 */
    GOLD("ATOM_F2 NE", ete_enc_atom_f2(out_, 2), 0xDA);
    /* F3 0b11111:A: E N E = 0b101 */
    GOLD("ATOM_F3 ENE", ete_enc_atom_f3(out_, 5), 0xFD);
    /* F4 0b110111:A, A = 0b11 is E N E N */
    GOLD("ATOM_F4 ENEN", ete_enc_atom_f4(out_, 3), 0xDF);
    /* F5.1 0b11110101 = N E E E E */
    GOLD("ATOM_F5_1", ete_enc_atom_f5_1(out_), 0xF5);
    /* F5.2 0b110101:A, A = 0b10 is N E N E N */
    GOLD("ATOM_F5_2 NENEN", ete_enc_atom_f5_2(out_, 2), 0xD6);
    /* F6 0b11:A:COUNT: 3+4 = 7 E then N (A=1): 0xC0|0x20|4 */
    GOLD("ATOM_F6 E7N", ete_enc_atom_f6(out_, 4, 1), 0xE4);
    /* 23 E then E (A=0): COUNT 20 = 0b10100 */
    GOLD("ATOM_F6 E24", ete_enc_atom_f6(out_, 20, 0), 0xD4);
}
END_TEST

/* ---- D5.47 - D5.59 ----------------------------------------------------- */
START_TEST(gold_addresses)
{
    /* D5.47: 0b10010101, C0:A[8:2] ((0x80040>>2)&0x7F = 0x10) */
    GOLD("ADDR_SHORT_IS0 1", ete_enc_addr_short_is0(out_, 0x80040, 1), 0x95, 0x10);
    /* 0x90400: A[8:2] = 0 with C, A[16:9] = 0x482 & 0xFF = 0x82 */
    GOLD("ADDR_SHORT_IS0 2", ete_enc_addr_short_is0(out_, 0x90400, 2), 0x95, 0x80, 0x82);
    /* D5.48: 0b10010110, A[7:1] = 0x1A, A[15:8] = 0x12 for 0x1234 */
    GOLD("ADDR_SHORT_IS1 1", ete_enc_addr_short_is1(out_, 0x1234, 1), 0x96, 0x1A);
    GOLD("ADDR_SHORT_IS1 2", ete_enc_addr_short_is1(out_, 0x1234, 2), 0x96, 0x9A, 0x12);
    /* D5.49: 0b10011010, (0)A[8:2], (0)A[15:9], A[23:16], A[31:24] */
    GOLD("ADDR_32_IS0", ete_enc_addr_32_is0(out_, 0x80000), 0x9A, 0x00, 0x00, 0x08, 0x00);
    /* D5.50: 0b10011011, (0)A[7:1], A[15:8], A[23:16], A[31:24] */
    GOLD("ADDR_32_IS1", ete_enc_addr_32_is1(out_, 0x12345678), 0x9B, 0x3C, 0x56, 0x34, 0x12);
    /* D5.51, D5.52 */
    GOLD("ADDR_64_IS0", ete_enc_addr_64_is0(out_, 0xFFFF800010000400ull), 0x9D, 0x00, 0x02,
         0x00, 0x10, 0x00, 0x80, 0xFF, 0xFF);
    GOLD("ADDR_64_IS1", ete_enc_addr_64_is1(out_, 0x123456789ABCull), 0x9E, 0x5E, 0x9A, 0x78,
         0x56, 0x34, 0x12, 0x00, 0x00);
    /* D5.53: 0b100100:QE */
    GOLD("ADDR_EXACT", ete_enc_addr_exact(out_, 1), 0x91);
    /* D5.54 */
    GOLD("CTXT_SAME", ete_enc_ctxt_same(out_), 0x80);
}
END_TEST

START_TEST(gold_context)
{
    /* D5.55 variant 1: 0x81, 0 0 NS SF (0) (0) EL = NS|SF|EL1 = 0x31 */
    ete_enc_ctx c = {.el = 1, .ns = 1, .sf = 1};
    GOLD("CTXT el1", ete_enc_ctxt(out_, &c), 0x81, 0x31);
    /* variant 2: C = 1, CONTEXTID 0x5E92 little-endian */
    c.c = 1;
    c.contextid = 0x5E92;
    GOLD("CTXT cid", ete_enc_ctxt(out_, &c), 0x81, 0xB1, 0x92, 0x5E, 0x00, 0x00);
    /* variant 4: C and V, VMID[31:0] before CONTEXTID[31:0] */
    c.v = 1;
    c.vmid = 0xA100006D;
    GOLD("CTXT cid vmid", ete_enc_ctxt(out_, &c), 0x81, 0xF1, 0x6D, 0x00, 0x00, 0xA1, 0x92,
         0x5E, 0x00, 0x00);
    /* variant 3: V only, VMID[31:0] */
    c.c = 0;
    GOLD("CTXT vmid", ete_enc_ctxt(out_, &c), 0x81, 0x71, 0x6D, 0x00, 0x00, 0xA1);
    /* D5.56: 0x82, address bytes of 0x80000 (00 00 08 00), C|NS|SF|EL0 = 0xB0 */
    ete_enc_ctx a = {.el = 0, .ns = 1, .sf = 1, .c = 1, .contextid = 0x42};
    GOLD("ADDR_CTXT_32_IS0", ete_enc_addr_ctxt_32_is0(out_, 0x80000, &a), 0x82, 0x00, 0x00,
         0x08, 0x00, 0xB0, 0x42, 0x00, 0x00, 0x00);
    /* D5.57: 0x83, 0x8002: A[7:1] = 0x01, A[15:8] = 0x80, 00 00; V|NS|EL0 =
     * 0x60, VMID 4 bytes */
    ete_enc_ctx b = {.el = 0, .ns = 1, .v = 1, .vmid = 0x12345678};
    GOLD("ADDR_CTXT_32_IS1", ete_enc_addr_ctxt_32_is1(out_, 0x8002, &b), 0x83, 0x01, 0x80,
         0x00, 0x00, 0x60, 0x78, 0x56, 0x34, 0x12);
    /* D5.58: 0x85, address of 0xFFFF800010000400, NS|SF|EL1 = 0x31 */
    ete_enc_ctx d = {.el = 1, .ns = 1, .sf = 1};
    GOLD("ADDR_CTXT_64_IS0", ete_enc_addr_ctxt_64_is0(out_, 0xFFFF800010000400ull, &d), 0x85,
         0x00, 0x02, 0x00, 0x10, 0x00, 0x80, 0xFF, 0xFF, 0x31);
    /* D5.59: 0x86, 0x100000002: 01 00 00 00 01 00 00 00; C|EL0 (Secure,
     * AArch32) = 0x80, CONTEXTID 1 */
    ete_enc_ctx e = {.c = 1, .contextid = 1};
    GOLD("ADDR_CTXT_64_IS1", ete_enc_addr_ctxt_64_is1(out_, 0x100000002ull, &e), 0x86, 0x01,
         0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x80, 0x01, 0x00, 0x00, 0x00);
}
END_TEST

START_TEST(gold_event)
{
    /* D5.68: 0b0111:V3..V0, events 0 and 2 */
    GOLD("EVENT", ete_enc_event(out_, 0x5), 0x75);
}
END_TEST

START_TEST(compression_helpers)
{
    /* Short IS0 one byte replaces A[8:2]; two bytes A[16:2] (D9.2.14.4) */
    ck_assert_uint_eq(ete_short_bytes_is0(0x10001FC, 0x1000000), 1);
    ck_assert_uint_eq(ete_short_bytes_is0(0x1000200, 0x1000000), 2);
    ck_assert_uint_eq(ete_short_bytes_is0(0x101FFFC, 0x1000000), 2);
    ck_assert_uint_eq(ete_short_bytes_is0(0x1020000, 0x1000000), 0);
    ck_assert_uint_eq(ete_short_bytes_is1(0x10000FE, 0x1000000), 1);
    ck_assert_uint_eq(ete_short_bytes_is1(0x1000100, 0x1000000), 2);
    ck_assert_uint_eq(ete_short_bytes_is1(0x1010000, 0x1000000), 0);
    ck_assert(ete_addr_fits32(0x1FFFFFFFF, 0x100000000));
    ck_assert(!ete_addr_fits32(0x200000000, 0x100000000));
    ck_assert_uint_eq(ete_ts_bytes(5, 5), 1);
    ck_assert_uint_eq(ete_ts_bytes(0x7F, 0), 1);
    ck_assert_uint_eq(ete_ts_bytes(0x80, 0), 2);
    ck_assert_uint_eq(ete_ts_bytes(1ull << 55, 0), 8);
    ck_assert_uint_eq(ete_ts_bytes(1ull << 56, 0), 9);
    ck_assert_uint_eq(ete_uleb_bytes(0), 1);
    ck_assert_uint_eq(ete_uleb_bytes(127), 1);
    ck_assert_uint_eq(ete_uleb_bytes(128), 2);
    ck_assert_uint_eq(ete_uleb_bytes(0xFFFFF), 3);
}
END_TEST

/* ---- names, ID registers, checking ------------------------------------- */
START_TEST(packet_names)
{
    ck_assert_str_eq(ete_enc_pkt_name(ETE_ENC_ASYNC), "ASYNC");
    ck_assert_str_eq(ete_enc_pkt_name(ETE_ENC_EXC_CTXT_64_IS1), "EXC_CTXT_64_IS1");
    ck_assert_str_eq(ete_enc_pkt_name(ETE_ENC_ATOM_F5_2), "ATOM_F5_2");
    ck_assert_str_eq(ete_enc_pkt_name(ETE_ENC_Q_32_IS1), "Q_32_IS1");
    ck_assert_int_eq(ETE_ENC_PKT_COUNT, 72);
    ck_assert_str_eq(ete_enc_pkt_name(ETE_ENC_PKT_COUNT), "UNKNOWN");
    /* the decoder's enumeration (sw/ete/ete_pkt.h), written apart, gives
     * every index the same docs/ete-packets.md name: benches and tests pass
     * indices between the two */
    ck_assert_int_eq(ETE_PKT_TYPE_COUNT, ETE_ENC_PKT_COUNT);
    for (unsigned t = 0; t < ETE_ENC_PKT_COUNT; t++)
        ck_assert_str_eq(ete_pkt_name(t), ete_enc_pkt_name(t));
}
END_TEST

START_TEST(idregs_default)
{
    ete_params p;
    ete_idregs id;
    ete_params_default(&p);
    ete_model_idregs(&p, &id);
    /* TRCIDR0: RES1 | TRCBB | TRCCCI | RETSTACK | NUMEVENT=3 | TSSIZE=0b01000
     * | COMMOPT = 0x1 | 0x20 | 0x80 | 0x200 | 0xC00 | 0x08000000 | 0x20000000 */
    ck_assert_uint_eq(id.trcidr[0], 0x28000EA1u);
    ck_assert_uint_eq(id.trcidr[0] & TRCIDR0_COMMTRANS, 0);
    ck_assert_uint_eq(id.trcidr[0] & TRCIDR0_QSUPP_MASK, 0);
    /* TRCIDR1: ARCHMAJ = ARCHMIN = 0xF, RES1 [15:12] */
    ck_assert_uint_eq(id.trcidr[1], 0x0000FFF0u);
    /* TRCIDR2: IASIZE 0b01000, CIDSIZE 0b00100 << 5, VMIDSIZE 0b00100 << 10
     * (32 bits, R_PTVTD), CCSIZE 8 << 25 (20 bits), VMIDOPT 0b10 << 29 (no
     * selection, D6.10.9; TRCCONFIGR.VMIDOPT RES1), WFXMODE 1 << 31 */
    ck_assert_uint_eq(id.trcidr[2], 0x08u | 0x80u | 0x1000u | (8u << 25) | (2u << 29) |
                                         (1u << 31));
    /* TRCIDR3: CCITMIN 4, EXLEVEL_S 0xF<<16, EXLEVEL_NS 0x7<<20, TRCERR [24],
     * STALLCTL [26] (register-fields.md) */
    ck_assert_uint_eq(id.trcidr[3], 4u | 0xF0000u | 0x700000u | (1u << 24) | (1u << 26));
    /* TRCIDR4: NUMACPAIRS 4, NUMRSPAIR 7 (eight pairs) */
    ck_assert_uint_eq(id.trcidr[4], 0x00070004u);
    /* TRCIDR5: NUMEXTIN 4, NUMEXTINSEL 4, TRACEIDSIZE 7 */
    ck_assert_uint_eq(id.trcidr[5], 4u | (4u << 9) | (7u << 16));
    ck_assert_uint_eq(id.trcidr[8], 0);   /* MAXSPEC */
    /* TRCDEVARCH: ARCHITECT 0x23B, PRESENT, ARCHVER 5, ARCHPART 0xA13 */
    ck_assert_uint_eq(id.trcdevarch, 0x47705A13u);
}
END_TEST

START_TEST(idregs_params)
{
    ete_params p;
    ete_idregs id;
    ete_params_default(&p);
    p.rs_depth = 0;
    p.num_events = 1;
    p.commopt = 0;
    p.vmidsize = 32;
    p.ccsize = 12;
    p.ccitmin = 0x100;
    p.syncpr_fixed = 10;
    p.num_acpairs = 8;
    p.num_extin = 2;
    ete_model_idregs(&p, &id);
    ck_assert_uint_eq(id.trcidr[0] & TRCIDR0_RETSTACK, 0);
    ck_assert_uint_eq(id.trcidr[0] & TRCIDR0_NUMEVENT_MASK, 0);
    ck_assert_uint_eq(id.trcidr[0] & TRCIDR0_COMMOPT, 0);
    ck_assert_uint_eq((id.trcidr[2] & TRCIDR2_VMIDSIZE_MASK) >> TRCIDR2_VMIDSIZE_SHIFT, 4);
    ck_assert_uint_eq((id.trcidr[2] & TRCIDR2_VMIDOPT_MASK) >> TRCIDR2_VMIDOPT_SHIFT, 2);
    ck_assert_uint_eq((id.trcidr[2] & TRCIDR2_CCSIZE_MASK) >> TRCIDR2_CCSIZE_SHIFT, 0);
    ck_assert_uint_eq(id.trcidr[3] & TRCIDR3_CCITMIN_MASK, 0x100);
    ck_assert(id.trcidr[3] & TRCIDR3_SYNCPR);
    ck_assert_uint_eq(id.trcidr[4] & TRCIDR4_NUMACPAIRS_MASK, 8);
    ck_assert_uint_eq(id.trcidr[5] & TRCIDR5_NUMEXTIN_MASK, 2);
    ck_assert_uint_eq((id.trcidr[5] >> TRCIDR5_NUMEXTINSEL_SHIFT) & 7u, 2);
}
END_TEST

START_TEST(params_checked)
{
    ete_params p;
    char err[200];
    ete_params_default(&p);
    ck_assert_int_eq(ete_params_check(&p, err, sizeof err), 0);
    struct {
        const char *name;
        uint64_t v;
    } bad[] = {{"rs_depth", 16},  {"num_acpairs", 0}, {"num_acpairs", 9}, {"num_events", 0},
               {"num_events", 5}, {"num_extin", 9},   {"ccsize", 11},     {"ccsize", 21},
               {"ccitmin", 0},    {"commopt", 2},     {"vmidsize", 12},   {"syncpr_fixed", 7},
               /* R_PTVTD: with EL2 the Virtual context identifier is 32 bits */
               {"vmidsize", 0},   {"vmidsize", 8},    {"vmidsize", 16}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ete_params q;
        ete_params_default(&q);
        ck_assert_int_eq(ete_params_set(&q, bad[i].name, bad[i].v, err, sizeof err), 0);
        ck_assert_msg(ete_params_check(&q, err, sizeof err) == -1, "%s=%llu accepted",
                      bad[i].name, (unsigned long long)bad[i].v);
        ck_assert(strstr(err, bad[i].name) != NULL);
    }
    ck_assert_int_eq(ete_params_set(&p, "no_such", 1, err, sizeof err), -1);
    ck_assert(strstr(err, "no_such") != NULL);
}
END_TEST

START_TEST(regs_by_name)
{
    ete_progregs r;
    char err[200];
    ete_progregs_default(&r);
    ck_assert_uint_eq(r.trcconfigr, 1);
    ck_assert_uint_eq(r.trcvictlr, 0x201);
    ck_assert_int_eq(ete_progregs_set(&r, "TRCCONFIGR", 0x1819, err, sizeof err), 0);
    ck_assert_uint_eq(r.trcconfigr, 0x1819);
    ck_assert_int_eq(ete_progregs_set(&r, "TRCRSCTLR5", 0x3, err, sizeof err), 0);
    ck_assert_uint_eq(r.trcrsctlr[5], 3);
    ck_assert_int_eq(ete_progregs_set(&r, "TRCACVR15", 0xFFFF000012345678ull, err, sizeof err),
                     0);
    ck_assert_uint_eq(r.trcacvr[15], 0xFFFF000012345678ull);
    ck_assert_int_eq(ete_progregs_set(&r, "TRCACATR3", 0x100, err, sizeof err), 0);
    ck_assert_uint_eq(r.trcacatr[3], 0x100);
    ck_assert_int_eq(ete_progregs_set(&r, "TRCACVR16", 0, err, sizeof err), -1);
    ck_assert_int_eq(ete_progregs_set(&r, "TRCRSCTLR1", 0, err, sizeof err), -1);
    ck_assert_int_eq(ete_progregs_set(&r, "TRCCONFIGR", 1ull << 32, err, sizeof err), -1);
    ck_assert_int_eq(ete_progregs_set(&r, "TRCFOO", 0, err, sizeof err), -1);
    ck_assert(strstr(err, "TRCFOO") != NULL);
}
END_TEST

/* A register programming the model must refuse, and a word of the message. */
static void refuse(const char *reg, uint64_t v, const char *word)
{
    ete_params p;
    ete_progregs r;
    char err[300];
    ete_params_default(&p);
    ete_progregs_default(&r);
    ck_assert_int_eq(ete_progregs_set(&r, reg, v, err, sizeof err), 0);
    if (!strcmp(reg, "TRCCCCTLR") || !strcmp(reg, "TRCTSCTLR"))
        r.trcconfigr |= TRCCONFIGR_CCI | TRCCONFIGR_TS;
    ete_model *m = ete_model_new(&p, &r, err, sizeof err);
    ck_assert_msg(m == NULL, "%s=0x%llx accepted", reg, (unsigned long long)v);
    ck_assert_msg(strstr(err, word) != NULL, "%s: message '%s' lacks '%s'", reg, err, word);
}

START_TEST(regs_checked)
{
    refuse("TRCCONFIGR", 0x1 | TRCCONFIGR_QE_MASK, "QE");          /* QSUPP = 0 */
    refuse("TRCCONFIGR", 0x1 | (1u << 16), "RES0");                /* DA, ETMv4 only */
    refuse("TRCCCCTLR", 3, "CCITMIN");                             /* R_KJXDK */
    refuse("TRCSYNCPR", 5, "PERIOD");
    refuse("TRCSYNCPR", 21, "PERIOD");
    refuse("TRCVICTLR", 0x200 | 20, "Resource Selector 20");       /* 16 implemented */
    refuse("TRCVICTLR", 0x200 | 0x80 | 9, "pair 9");               /* 8 pairs */
    refuse("TRCEVENTCTL1R", 1u << 11, "TRCEVENTCTL1R");            /* ATB not implemented */
    refuse("TRCVIIECTLR", 1u << 4, "Address Range Comparator 4");  /* 4 pairs */
    refuse("TRCVISSCTLR", 1u << 8, "Single Address Comparator 8");
    refuse("TRCTRACEIDR", 0x80, "TRCTRACEIDR");

    /* Resource selector groups other than External Inputs */
    ete_params p;
    ete_progregs r;
    char err[300];
    ete_params_default(&p);
    ete_progregs_default(&r);
    r.trcvictlr = TRCVICTLR_SSSTATUS | 2;
    r.trcrsctlr[2] = (0x4u << TRCRSCTLR_GROUP_SHIFT) | 1;          /* SAC group */
    ck_assert(ete_model_new(&p, &r, err, sizeof err) == NULL);
    ck_assert(strstr(err, "group 4") != NULL);
    r.trcrsctlr[2] = 1u << 5;                                      /* EXTIN[5] >= 4 */
    ck_assert(ete_model_new(&p, &r, err, sizeof err) == NULL);
    ck_assert(strstr(err, "NUMEXTIN") != NULL);
    /* Context comparison needs a context comparator (none implemented) */
    ete_progregs_default(&r);
    r.trcviiectlr = 1;
    r.trcacatr[0] = r.trcacatr[1] = 1u << TRCACATR_CONTEXTTYPE_SHIFT;
    ck_assert(ete_model_new(&p, &r, err, sizeof err) == NULL);
    ck_assert(strstr(err, "CONTEXTTYPE") != NULL);
    /* A return stack that is not there */
    ete_progregs_default(&r);
    r.trcconfigr |= TRCCONFIGR_RS;
    p.rs_depth = 0;
    ck_assert(ete_model_new(&p, &r, err, sizeof err) == NULL);
    ck_assert(strstr(err, "RS") != NULL);
    /* bad parameters are reported by ete_model_new too */
    ete_params_default(&p);
    p.vmidsize = 7;
    ck_assert(ete_model_new(&p, &r, err, sizeof err) == NULL);
    ck_assert(strstr(err, "vmidsize") != NULL);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ete_model_enc");
    TCase *t = tcase_create("golden");
    tcase_add_test(t, gold_sync_and_control);
    tcase_add_test(t, gold_trace_info);
    tcase_add_test(t, gold_timestamp);
    tcase_add_test(t, gold_exceptions);
    tcase_add_test(t, gold_exceptions_ctxt);
    tcase_add_test(t, gold_reset_txn_failure);
    tcase_add_test(t, gold_cycle_count);
    tcase_add_test(t, gold_atoms);
    tcase_add_test(t, gold_addresses);
    tcase_add_test(t, gold_context);
    tcase_add_test(t, gold_event);
    tcase_add_test(t, compression_helpers);
    suite_add_tcase(s, t);
    TCase *c = tcase_create("config");
    tcase_add_test(c, packet_names);
    tcase_add_test(c, idregs_default);
    tcase_add_test(c, idregs_params);
    tcase_add_test(c, params_checked);
    tcase_add_test(c, regs_by_name);
    tcase_add_test(c, regs_checked);
    suite_add_tcase(s, c);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
