/* Golden vectors for the ETE packet parser: one or more per D5 packet, the
 * bytes worked out by hand from the packet layouts of chapter D5 (each with
 * its derivation), then every strict prefix (need-more), reserved headers
 * and reserved field values (bad-packet), configuration checks, the
 * helpers and the text form. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_pkt.h"

/* configurations the vectors are parsed with */
enum { C0, C1 };            /* TRCIDR0.COMMOPT 0 / 1; both MAXSPEC 20, strict */

static void make_cfg(ete_pkt_cfg *c, unsigned commopt)
{
    ete_idregs id;
    memset(&id, 0, sizeof id);
    id.trcidr[0] = TRCIDR0_RES1 | TRCIDR0_TRCCCI | TRCIDR0_TSMARK |
                   (TRCIDR0_TSSIZE_64 << TRCIDR0_TSSIZE_SHIFT) |
                   (commopt ? TRCIDR0_COMMOPT : 0u);
    id.trcidr[2] = (4u << TRCIDR2_CIDSIZE_SHIFT) | (4u << TRCIDR2_VMIDSIZE_SHIFT) |
                   (8u << TRCIDR2_CCSIZE_SHIFT) | 8u;
    id.trcidr[8] = 20;                                /* MAXSPEC */
    ete_pkt_cfg_from_regs(c, &id, TRCCONFIGR_RES1 | TRCCONFIGR_CCI | TRCCONFIGR_TS);
}

static const ete_pkt_cfg *cfg_of(int which)
{
    static ete_pkt_cfg c[2];
    static int done;
    if (!done) {
        make_cfg(&c[0], 0);
        make_cfg(&c[1], 1);
        done = 1;
    }
    return &c[which];
}

typedef struct vec {
    const char *what;
    int cfg;
    uint8_t n;
    uint8_t b[24];
    ete_pkt x;              /* expected; len is n, header is b[0] */
} vec;

#define SHORT0(v, h)   { .form = ETE_ADDR_SHORT, .is = 0, .lo = 2, .hi = (h), .val = (v) }
#define SHORT1(v, h)   { .form = ETE_ADDR_SHORT, .is = 1, .lo = 1, .hi = (h), .val = (v) }
#define A32(s, v)      { .form = ETE_ADDR_32, .is = (s), .lo = (s) ? 1 : 2, .hi = 31, .val = (v) }
#define A64(s, v)      { .form = ETE_ADDR_64, .is = (s), .lo = (s) ? 1 : 2, .hi = 63, .val = (v) }
#define EXACT(q)       { .form = ETE_ADDR_EXACT, .qe = (q) }

static const vec vecs[] = {
    /* D5.4: header 0x00, ten zero payload bytes, 0x80. */
    { "ASYNC", C0, 12, { 0,0,0,0,0,0,0,0,0,0,0, 0x80 },
      { .type = ETE_PKT_ASYNC, .async_zeros = 11 } },
    /* D9.2.3: "a minimum of ten" zero payload bytes; 13 zeros then 0x80. */
    { "ASYNC long", C0, 14, { 0,0,0,0,0,0,0,0,0,0,0,0,0, 0x80 },
      { .type = ETE_PKT_ASYNC, .async_zeros = 13 } },
    /* D5.5: 00000000 00000011 */
    { "DISCARD", C0, 2, { 0x00, 0x03 }, { .type = ETE_PKT_DISCARD } },
    /* D5.6: 00000000 00000101 */
    { "OVERFLOW", C0, 2, { 0x00, 0x05 }, { .type = ETE_PKT_OVERFLOW } },
    /* D5.7 Variant 8: 0x01, PLCTL 00001101 (INFO, SPEC, CYCT);
     * INFO (0) T=1 (0)(0)(0)(0)(0) CC=1 = 0x41;
     * SPEC = 300 = 0b10_0101100: C0=1|0101100 = 0xAC, C0=0|0000010 = 0x02;
     * CYCT = 2048: C1=1|0000000 = 0x80, (0)(0)(0) CYCT[11:7]=10000 = 0x10. */
    { "TRACE_INFO v8", C0, 7, { 0x01, 0x0D, 0x41, 0xAC, 0x02, 0x80, 0x10 },
      { .type = ETE_PKT_TRACE_INFO, .plctl = 0x0D, .info = 0x41, .tinfo_cc = 1,
        .tinfo_t = 1, .spec = 300, .cyct = 2048 } },
    /* D5.7 Variant 1: 0x01, PLCTL 0: nothing follows. */
    { "TRACE_INFO v1", C0, 2, { 0x01, 0x00 }, { .type = ETE_PKT_TRACE_INFO } },
    /* D5.7 Variant 3: PLCTL 00000100; SPEC = 0xFFFFFFFF in the longest form:
     * four C0=1 bytes of 1111111 (0xFF), then (0)x4 SPEC[31:28]=1111 = 0x0F. */
    { "TRACE_INFO v3 max SPEC", C0, 7, { 0x01, 0x04, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F },
      { .type = ETE_PKT_TRACE_INFO, .plctl = 0x04, .spec = 0xFFFFFFFFu } },
    /* D5.7 Variant 2: PLCTL 00000001, INFO with CC only = 0x01. */
    { "TRACE_INFO v2", C0, 3, { 0x01, 0x01, 0x01 },
      { .type = ETE_PKT_TRACE_INFO, .plctl = 0x01, .info = 0x01, .tinfo_cc = 1 } },
    /* D5.8: 00000100 */
    { "TRACE_ON", C0, 1, { 0x04 }, { .type = ETE_PKT_TRACE_ON } },
    /* D5.9 Variant 2 (header 00000011): TS = 0x1234 in two bytes:
     * 0x1234 & 0x7F = 0x34 | C0 = 0xB4; 0x1234 >> 7 = 0x24, C0=0;
     * COUNT = 5: C1=0|0000101 = 0x05. */
    { "TIMESTAMP v2", C0, 4, { 0x03, 0xB4, 0x24, 0x05 },
      { .type = ETE_PKT_TIMESTAMP, .ts = 0x1234, .ts_bits = 14, .count = 5,
        .count_valid = 1 } },
    /* D5.9 Variant 1 (header 00000010), all nine TS bytes: eight C0=1 bytes
     * of 1111111 give TS[55:0], then TS[63:56] = 0x81 as a whole byte. */
    { "TIMESTAMP v1 64-bit", C0, 10, { 0x02, 0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF,0xFF, 0x81 },
      { .type = ETE_PKT_TIMESTAMP, .ts = 0x81FFFFFFFFFFFFFFull, .ts_bits = 64 } },
    /* D5.9 Variant 2, TS = 0 in one byte, COUNT = 0xFFFFF in three bytes:
     * C1=1|1111111, C1=1|1111111, (0)(0) COUNT[19:14]=111111 = 0x3F. */
    { "TIMESTAMP v2 max COUNT", C0, 5, { 0x03, 0x00, 0xFF, 0xFF, 0x3F },
      { .type = ETE_PKT_TIMESTAMP, .ts = 0, .ts_bits = 7, .count = 0xFFFFF,
        .count_valid = 1 } },
    /* D5.10: 10001000 */
    { "TS_MARKER", C0, 1, { 0x88 }, { .type = ETE_PKT_TS_MARKER } },
    /* D5.11: 00001010 */
    { "TXN_START", C0, 1, { 0x0A }, { .type = ETE_PKT_TXN_START } },
    /* D5.12: 00001011 */
    { "TXN_COMMIT", C0, 1, { 0x0B }, { .type = ETE_PKT_TXN_COMMIT } },
    /* D5.13: 0x06; 0 E[1]=0 TYPE=01110 (IRQ) E[0]=1 = 0x1D;
     * 100100 A=01 = 0x91 (history entry 1). */
    { "EXC_EXACT", C0, 3, { 0x06, 0x1D, 0x91 },
      { .type = ETE_PKT_EXC_EXACT, .e = 1, .exc_type = 14, .addr = EXACT(1) } },
    /* D5.14: 0x06; 0 E[1]=1 TYPE=00010 (Call) E[0]=0 = 0x44; 0x95;
     * A = 0x12344: A[8:2] = 0x51, C0=1 -> 0xD1; A[16:9] = 0x91. */
    { "EXC_SHORT_IS0", C0, 5, { 0x06, 0x44, 0x95, 0xD1, 0x91 },
      { .type = ETE_PKT_EXC_SHORT_IS0, .e = 2, .exc_type = 2, .addr = SHORT0(0x12344, 16) } },
    /* D5.15: 0x06; 0 0 TYPE=00011 (Trap) 1 = 0x07; 0x96;
     * A = 0x7E: C0=0 A[7:1]=0111111 = 0x3F. */
    { "EXC_SHORT_IS1", C0, 4, { 0x06, 0x07, 0x96, 0x3F },
      { .type = ETE_PKT_EXC_SHORT_IS1, .e = 1, .exc_type = 3, .addr = SHORT1(0x7E, 7) } },
    /* D5.16: 0x06; 0 0 TYPE=01100 (Data Fault) 1 = 0x19; 0x9A;
     * A = 0x80001234: (0) A[8:2]=0x0D, (0) A[15:9]=0x09, A[23:16]=0x00,
     * A[31:24]=0x80. */
    { "EXC_32_IS0", C0, 7, { 0x06, 0x19, 0x9A, 0x0D, 0x09, 0x00, 0x80 },
      { .type = ETE_PKT_EXC_32_IS0, .e = 1, .exc_type = 12, .addr = A32(0, 0x80001234u) } },
    /* D5.17: 0x06; 0 1 TYPE=01111 (FIQ) 0 = 0x5E; 0x9B;
     * A = 0x12345678: (0) A[7:1]=0x3C, then 0x56 0x34 0x12. */
    { "EXC_32_IS1", C0, 7, { 0x06, 0x5E, 0x9B, 0x3C, 0x56, 0x34, 0x12 },
      { .type = ETE_PKT_EXC_32_IS1, .e = 2, .exc_type = 15, .addr = A32(1, 0x12345678u) } },
    /* D5.18: 0x06; 0 0 TYPE=10111 (IMP DEF 7) 1 = 0x2F; 0x9D;
     * A = 0xFFFF800012345678: A[8:2]=0x1E, A[15:9]=0x2B, then 0x34 0x12
     * 0x00 0x80 0xFF 0xFF. */
    { "EXC_64_IS0", C0, 11, { 0x06, 0x2F, 0x9D, 0x1E, 0x2B, 0x34, 0x12, 0x00, 0x80, 0xFF, 0xFF },
      { .type = ETE_PKT_EXC_64_IS0, .e = 1, .exc_type = 23,
        .addr = A64(0, 0xFFFF800012345678ull) } },
    /* D5.19: 0x06; 0 1 TYPE=00001 (Debug halt) 0 = 0x42; 0x9E;
     * A = 0x4000001002: A[7:1]=0x01, A[15:8]=0x10, 0x00 0x00 0x40 0x00 0x00 0x00. */
    { "EXC_64_IS1", C0, 11, { 0x06, 0x42, 0x9E, 0x01, 0x10, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00 },
      { .type = ETE_PKT_EXC_64_IS1, .e = 2, .exc_type = 1, .addr = A64(1, 0x4000001002ull) } },
    /* D5.20 Variant 1: 0x06; 0 0 TYPE=00100 (System Error) 1 = 0x09; 0x82;
     * A = 0x1000: A[8:2]=0, A[15:9]=0x08, 0x00, 0x00;
     * C=0 V=0 NS=1 SF=0 (0)(0) EL=01 = 0x21. */
    { "EXC_CTXT_32_IS0", C0, 8, { 0x06, 0x09, 0x82, 0x00, 0x08, 0x00, 0x00, 0x21 },
      { .type = ETE_PKT_EXC_CTXT_32_IS0, .e = 1, .exc_type = 4, .addr = A32(0, 0x1000),
        .has_ctxt = 1, .ctxt = { .el = 1, .ns = 1 } } },
    /* D5.21 Variant 2: 0x06; 0 0 TYPE=00110 (Inst debug) 1 = 0x0D; 0x83;
     * A = 0x2: A[7:1]=0x01, 0x00 0x00 0x00; C=1 V=0 NS=0 SF=0 EL=0 = 0x80;
     * CONTEXTID 0xDEADBEEF little-endian EF BE AD DE. */
    { "EXC_CTXT_32_IS1", C0, 12,
      { 0x06, 0x0D, 0x83, 0x01, 0x00, 0x00, 0x00, 0x80, 0xEF, 0xBE, 0xAD, 0xDE },
      { .type = ETE_PKT_EXC_CTXT_32_IS1, .e = 1, .exc_type = 6, .addr = A32(1, 0x2),
        .has_ctxt = 1, .ctxt = { .c = 1, .contextid = 0xDEADBEEFu } } },
    /* D5.22 Variant 3: 0x06; 0 1 TYPE=01010 (Alignment) 0 = 0x54; 0x85;
     * A = 0xFFFF000000000004: A[8:2]=0x01, A[15:9]=0, 0 0 0 0 0xFF 0xFF;
     * C=0 V=1 NS=1 SF=1 EL=10 = 0x72; VMID 0x42 = 42 00 00 00. */
    { "EXC_CTXT_64_IS0", C0, 16,
      { 0x06, 0x54, 0x85, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0x72, 0x42, 0x00, 0x00, 0x00 },
      { .type = ETE_PKT_EXC_CTXT_64_IS0, .e = 2, .exc_type = 10,
        .addr = A64(0, 0xFFFF000000000004ull), .has_ctxt = 1,
        .ctxt = { .el = 2, .sf = 1, .ns = 1, .v = 1, .vmid = 0x42 } } },
    /* D5.23 Variant 4: 0x06; 0 0 TYPE=10000 (IMP DEF 0) 1 = 0x21; 0x86;
     * A = 0x0000FFFFFFFFFFFE: A[7:1]=0x7F, FF FF FF FF FF 00 00;
     * C=1 V=1 NS=1 SF=1 EL=11 = 0xF3; VMID 0x01020304 = 04 03 02 01;
     * CONTEXTID 0x11223344 = 44 33 22 11.  The longest packet (20 bytes). */
    { "EXC_CTXT_64_IS1", C0, 20,
      { 0x06, 0x21, 0x86, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0xF3,
        0x04, 0x03, 0x02, 0x01, 0x44, 0x33, 0x22, 0x11 },
      { .type = ETE_PKT_EXC_CTXT_64_IS1, .e = 1, .exc_type = 16,
        .addr = A64(1, 0x0000FFFFFFFFFFFEull), .has_ctxt = 1,
        .ctxt = { .el = 3, .sf = 1, .ns = 1, .v = 1, .c = 1, .vmid = 0x01020304u,
                  .contextid = 0x11223344u } } },
    /* D5.24: 0x06; 0 E[1]=0 11000 E[0]=1 = 0x31; 01110000. */
    { "TXN_FAILURE", C0, 3, { 0x06, 0x31, 0x70 },
      { .type = ETE_PKT_TXN_FAILURE, .e = 1, .exc_type = 24,
        .addr = { .form = ETE_ADDR_UNKNOWN } } },
    /* D5.25: 0x06; 0 E[1]=1 00000 E[0]=0 = 0x40; 01110000. */
    { "PE_RESET", C0, 3, { 0x06, 0x40, 0x70 },
      { .type = ETE_PKT_PE_RESET, .e = 2, .exc_type = 0,
        .addr = { .form = ETE_ADDR_UNKNOWN } } },
    /* D5.26 (COMMOPT 0): 00001111; COMMIT = 3: C0=0|0000011. */
    { "CC_F1_0_UNKNOWN", C0, 2, { 0x0F, 0x03 },
      { .type = ETE_PKT_CC_F1_0_UNKNOWN, .commit = 3 } },
    /* D5.26 with COMMIT = 0xFFFFFFFF: four C0=1 bytes of ones, then
     * (0)x4 COMMIT[31:28]=1111 = 0x0F. */
    { "CC_F1_0_UNKNOWN max COMMIT", C0, 6, { 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F },
      { .type = ETE_PKT_CC_F1_0_UNKNOWN, .commit = 0xFFFFFFFFu } },
    /* D5.27 (COMMOPT 1): 00001111, no payload. */
    { "CC_F1_1_UNKNOWN", C1, 1, { 0x0F }, { .type = ETE_PKT_CC_F1_1_UNKNOWN } },
    /* D5.28 (COMMOPT 0): 00001110; COMMIT = 0: 0x00; COUNT = 200 = 0b1_1001000:
     * C1=1|1001000 = 0xC8, C1=0|0000001 = 0x01. */
    { "CC_F1_0", C0, 4, { 0x0E, 0x00, 0xC8, 0x01 },
      { .type = ETE_PKT_CC_F1_0, .commit = 0, .count = 200, .count_valid = 1 } },
    /* D5.29 (COMMOPT 1): 00001110; COUNT = 0xFFFFF: 0xFF 0xFF, (0)(0) 111111. */
    { "CC_F1_1", C1, 4, { 0x0E, 0xFF, 0xFF, 0x3F },
      { .type = ETE_PKT_CC_F1_1, .count = 0xFFFFF, .count_valid = 1 } },
    /* D5.30 (COMMOPT 0): 00001100; AAAA=0010 BBBB=0101: commit 3, count 5. */
    { "CC_F2_0_SMALL", C0, 2, { 0x0C, 0x25 },
      { .type = ETE_PKT_CC_F2_0_SMALL, .aaaa = 2, .bbbb = 5, .commit = 3, .count = 5,
        .count_valid = 1 } },
    /* D5.31 (COMMOPT 0): 00001101; AAAA=1111 BBBB=0000:
     * commit = MAXSPEC 20 + 15 - 15 = 20. */
    { "CC_F2_0_LARGE", C0, 2, { 0x0D, 0xF0 },
      { .type = ETE_PKT_CC_F2_0_LARGE, .aaaa = 15, .bbbb = 0, .commit = 20, .count = 0,
        .count_valid = 1 } },
    /* D5.32 (COMMOPT 1): 00001101; 1111 BBBB=0111. */
    { "CC_F2_1", C1, 2, { 0x0D, 0xF7 },
      { .type = ETE_PKT_CC_F2_1, .aaaa = 15, .bbbb = 7, .count = 7, .count_valid = 1 } },
    /* D5.33 (COMMOPT 0): 0001 AA=10 BB=01 = 0x19: commit 3, count 1. */
    { "CC_F3_0", C0, 1, { 0x19 },
      { .type = ETE_PKT_CC_F3_0, .aa = 2, .bb = 1, .commit = 3, .count = 1, .count_valid = 1 } },
    /* D5.34 (COMMOPT 1): 000100 BB=11 = 0x13. */
    { "CC_F3_1", C1, 1, { 0x13 },
      { .type = ETE_PKT_CC_F3_1, .bb = 3, .count = 3, .count_valid = 1 } },
    /* D5.35: 00101101; COMMIT = 1000 = 0b111_1101000: C0=1|1101000 = 0xE8,
     * C0=0|0000111 = 0x07. */
    { "COMMIT", C0, 3, { 0x2D, 0xE8, 0x07 }, { .type = ETE_PKT_COMMIT, .commit = 1000 } },
    /* D5.36: 0010111 M=1 = 0x2F; CANCEL = 4: 0x04. */
    { "CANCEL_F1", C0, 2, { 0x2F, 0x04 }, { .type = ETE_PKT_CANCEL_F1, .m = 1, .cancel = 4 } },
    /* D5.37: 001101 A=10 = 0x36: E, E, Cancel 1, Mispredict. */
    { "CANCEL_F2", C0, 1, { 0x36 },
      { .type = ETE_PKT_CANCEL_F2, .a = 2, .atom_count = 2, .atom_bits = 0x3, .cancel = 1,
        .m = 1 } },
    /* D5.38: 00111 CC=11 A=1 = 0x3F: E, Cancel 5, Mispredict. */
    { "CANCEL_F3", C0, 1, { 0x3F },
      { .type = ETE_PKT_CANCEL_F3, .a = 1, .cancel_cc = 3, .cancel = 5, .atom_count = 1,
        .atom_bits = 0x1, .m = 1 } },
    /* D5.39: 001100 A=11 = 0x33: N, Mispredict. */
    { "MISPREDICT", C0, 1, { 0x33 },
      { .type = ETE_PKT_MISPREDICT, .a = 3, .atom_count = 1, .atom_bits = 0x0, .m = 1 } },
    /* D5.40: 1111011 A=1 = 0xF7: E. */
    { "ATOM_F1", C0, 1, { 0xF7 },
      { .type = ETE_PKT_ATOM_F1, .a = 1, .atom_count = 1, .atom_bits = 0x1 } },
    /* D5.41: 110110 A=01 = 0xD9: E then N. */
    { "ATOM_F2", C0, 1, { 0xD9 },
      { .type = ETE_PKT_ATOM_F2, .a = 1, .atom_count = 2, .atom_bits = 0x1 } },
    /* D5.42: 11111 A=110 = 0xFE: N, E, E. */
    { "ATOM_F3", C0, 1, { 0xFE },
      { .type = ETE_PKT_ATOM_F3, .a = 6, .atom_count = 3, .atom_bits = 0x6 } },
    /* D5.43: 110111 A=00 = 0xDC: N, E, E, E. */
    { "ATOM_F4", C0, 1, { 0xDC },
      { .type = ETE_PKT_ATOM_F4, .a = 0, .atom_count = 4, .atom_bits = 0xE } },
    /* D5.44: 11110101: N, E, E, E, E. */
    { "ATOM_F5_1", C0, 1, { 0xF5 },
      { .type = ETE_PKT_ATOM_F5_1, .atom_count = 5, .atom_bits = 0x1E } },
    /* D5.45: 110101 A=11 = 0xD7: E, N, E, N, E. */
    { "ATOM_F5_2", C0, 1, { 0xD7 },
      { .type = ETE_PKT_ATOM_F5_2, .a = 3, .atom_count = 5, .atom_bits = 0x15 } },
    /* D5.45: 110101 A=10 = 0xD6: N, E, N, E, N. */
    { "ATOM_F5_2 A=10", C0, 1, { 0xD6 },
      { .type = ETE_PKT_ATOM_F5_2, .a = 2, .atom_count = 5, .atom_bits = 0x0A } },
    /* D5.46: 11 A=1 COUNT=00010 = 0xE2: 5 E atoms then N. */
    { "ATOM_F6", C0, 1, { 0xE2 },
      { .type = ETE_PKT_ATOM_F6, .a = 1, .count = 2, .count_valid = 1, .atom_count = 6,
        .atom_bits = 0x1F } },
    /* D5.46: 11 A=0 COUNT=10100 (the largest) = 0xD4: 23 E atoms then E. */
    { "ATOM_F6 max", C0, 1, { 0xD4 },
      { .type = ETE_PKT_ATOM_F6, .a = 0, .count = 20, .count_valid = 1, .atom_count = 24,
        .atom_bits = 0xFFFFFF } },
    /* D5.47: 10010101; C0=0 A[8:2]=1000000 = 0x40: A = 0x100. */
    { "ADDR_SHORT_IS0", C0, 2, { 0x95, 0x40 },
      { .type = ETE_PKT_ADDR_SHORT_IS0, .addr = SHORT0(0x100, 8) } },
    /* D5.48: 10010110; C0=1 A[7:1]=1010101 = 0xD5, A[15:8] = 0xAA:
     * A = 0xAAAA. */
    { "ADDR_SHORT_IS1", C0, 3, { 0x96, 0xD5, 0xAA },
      { .type = ETE_PKT_ADDR_SHORT_IS1, .addr = SHORT1(0xAAAA, 15) } },
    /* D5.49: 10011010; A = 0x400001FC: (0) A[8:2]=0x7F, (0) A[15:9]=0,
     * 0x00, 0x40. */
    { "ADDR_32_IS0", C0, 5, { 0x9A, 0x7F, 0x00, 0x00, 0x40 },
      { .type = ETE_PKT_ADDR_32_IS0, .addr = A32(0, 0x400001FCu) } },
    /* D5.50: 10011011; A = 0xFFFFFFFE: (0) A[7:1]=0x7F, 0xFF 0xFF 0xFF. */
    { "ADDR_32_IS1", C0, 5, { 0x9B, 0x7F, 0xFF, 0xFF, 0xFF },
      { .type = ETE_PKT_ADDR_32_IS1, .addr = A32(1, 0xFFFFFFFEu) } },
    /* D5.51: 10011101; A = 0x0000AAAABBBBCCCC: A[8:2]=0x33, A[15:9]=0x66,
     * BB BB AA AA 00 00. */
    { "ADDR_64_IS0", C0, 9, { 0x9D, 0x33, 0x66, 0xBB, 0xBB, 0xAA, 0xAA, 0x00, 0x00 },
      { .type = ETE_PKT_ADDR_64_IS0, .addr = A64(0, 0x0000AAAABBBBCCCCull) } },
    /* D5.52: 10011110; A = 0x8000000000000002: A[7:1]=0x01, 00 x6, 0x80. */
    { "ADDR_64_IS1", C0, 9, { 0x9E, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80 },
      { .type = ETE_PKT_ADDR_64_IS1, .addr = A64(1, 0x8000000000000002ull) } },
    /* D5.53: 100100 QE=10 = 0x92. */
    { "ADDR_EXACT", C0, 1, { 0x92 }, { .type = ETE_PKT_ADDR_EXACT, .addr = EXACT(2) } },
    /* D5.54: 10000000 */
    { "CTXT_SAME", C0, 1, { 0x80 }, { .type = ETE_PKT_CTXT_SAME } },
    /* D5.55 Variant 2: 10000001; C=1 V=0 NS=1 SF=1 (0)(0) EL=01 = 0xB1;
     * CONTEXTID 0x123 = 23 01 00 00. */
    { "CTXT", C0, 6, { 0x81, 0xB1, 0x23, 0x01, 0x00, 0x00 },
      { .type = ETE_PKT_CTXT, .has_ctxt = 1,
        .ctxt = { .el = 1, .sf = 1, .ns = 1, .c = 1, .contextid = 0x123 } } },
    /* D5.55 Variant 1: 10000001; C=0 V=0 NS=0 SF=1 EL=00 = 0x10. */
    { "CTXT v1", C0, 2, { 0x81, 0x10 },
      { .type = ETE_PKT_CTXT, .has_ctxt = 1, .ctxt = { .sf = 1 } } },
    /* D5.56 Variant 1: 10000010; A = 0x10000: 0x00 0x00 0x01 0x00;
     * C=0 V=0 NS=1 SF=0 EL=10 = 0x22. */
    { "ADDR_CTXT_32_IS0", C0, 6, { 0x82, 0x00, 0x00, 0x01, 0x00, 0x22 },
      { .type = ETE_PKT_ADDR_CTXT_32_IS0, .addr = A32(0, 0x10000), .has_ctxt = 1,
        .ctxt = { .el = 2, .ns = 1 } } },
    /* D5.57 Variant 3: 10000011; A = 0x100: A[7:1]=0, 0x01 0x00 0x00;
     * C=0 V=1 NS=0 SF=0 EL=0 = 0x40; VMID 0xFFFFFFFF. */
    { "ADDR_CTXT_32_IS1", C0, 10, { 0x83, 0x00, 0x01, 0x00, 0x00, 0x40, 0xFF, 0xFF, 0xFF, 0xFF },
      { .type = ETE_PKT_ADDR_CTXT_32_IS1, .addr = A32(1, 0x100), .has_ctxt = 1,
        .ctxt = { .v = 1, .vmid = 0xFFFFFFFFu } } },
    /* D5.58 Variant 4: 10000101; A = 0xFFFFFFFFFFFFFFFC: 0x7F 0x7F FF x6;
     * C=1 V=1 NS=0 SF=1 EL=01 = 0xD1; VMID 1 = 01 00 00 00;
     * CONTEXTID 0x80000000 = 00 00 00 80. */
    { "ADDR_CTXT_64_IS0", C0, 18,
      { 0x85, 0x7F, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xD1,
        0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80 },
      { .type = ETE_PKT_ADDR_CTXT_64_IS0, .addr = A64(0, 0xFFFFFFFFFFFFFFFCull), .has_ctxt = 1,
        .ctxt = { .el = 1, .sf = 1, .v = 1, .c = 1, .vmid = 1, .contextid = 0x80000000u } } },
    /* D5.59 Variant 1: 10000110; A = 0x400000: A[7:1]=0, 0x00, 0x40, 00 x5;
     * C=0 V=0 NS=1 SF=1 EL=0 = 0x30. */
    { "ADDR_CTXT_64_IS1", C0, 10, { 0x86, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00, 0x00, 0x30 },
      { .type = ETE_PKT_ADDR_CTXT_64_IS1, .addr = A64(1, 0x400000), .has_ctxt = 1,
        .ctxt = { .sf = 1, .ns = 1 } } },
    /* D5.60: 10110100; C0=1 A[8:2]=0000001 = 0x81, A[16:9]=0xFF:
     * A = 0x4 | 0xFF << 9 = 0x1FE04. */
    { "SRC_SHORT_IS0", C0, 3, { 0xB4, 0x81, 0xFF },
      { .type = ETE_PKT_SRC_SHORT_IS0, .addr = SHORT0(0x1FE04, 16) } },
    /* D5.61: 10110101; C0=0 A[7:1]=1111111 = 0x7F: A = 0xFE. */
    { "SRC_SHORT_IS1", C0, 2, { 0xB5, 0x7F },
      { .type = ETE_PKT_SRC_SHORT_IS1, .addr = SHORT1(0xFE, 7) } },
    /* D5.62: 10110110; A = 0x400000: 0x00 0x00 0x40 0x00. */
    { "SRC_32_IS0", C0, 5, { 0xB6, 0x00, 0x00, 0x40, 0x00 },
      { .type = ETE_PKT_SRC_32_IS0, .addr = A32(0, 0x400000) } },
    /* D5.63: 10110111; A = 0xA: A[7:1]=0x05, 00 00 00. */
    { "SRC_32_IS1", C0, 5, { 0xB7, 0x05, 0x00, 0x00, 0x00 },
      { .type = ETE_PKT_SRC_32_IS1, .addr = A32(1, 0xA) } },
    /* D5.64: 10111000; A = 0x0000FFFF00000008: A[8:2]=0x02, A[15:9]=0,
     * 00 00 FF FF 00 00. */
    { "SRC_64_IS0", C0, 9, { 0xB8, 0x02, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00 },
      { .type = ETE_PKT_SRC_64_IS0, .addr = A64(0, 0x0000FFFF00000008ull) } },
    /* D5.65: 10111001; A = 0x1122334455667788: A[7:1]=0x44, 77 66 55 44 33 22 11. */
    { "SRC_64_IS1", C0, 9, { 0xB9, 0x44, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11 },
      { .type = ETE_PKT_SRC_64_IS1, .addr = A64(1, 0x1122334455667788ull) } },
    /* D5.66: 101100 QE=00 = 0xB0. */
    { "SRC_EXACT", C0, 1, { 0xB0 }, { .type = ETE_PKT_SRC_EXACT, .addr = EXACT(0) } },
    /* D5.67: 01110000 */
    { "IGNORE", C0, 1, { 0x70 }, { .type = ETE_PKT_IGNORE } },
    /* D5.68: 0111 V3=0 V2=1 V1=0 V0=1 = 0x75. */
    { "EVENT", C0, 1, { 0x75 }, { .type = ETE_PKT_EVENT, .event = 0x5 } },
    /* D5.69: 10101111 */
    { "Q", C0, 1, { 0xAF }, { .type = ETE_PKT_Q } },
    /* D5.70: 10101100; COUNT = 128: C0=1|0000000 = 0x80, 0x01. */
    { "Q_COUNT", C0, 3, { 0xAC, 0x80, 0x01 },
      { .type = ETE_PKT_Q_COUNT, .count = 128, .count_valid = 1 } },
    /* D5.71: 101000 TYPE=01 = 0xA1; COUNT = 7. */
    { "Q_EXACT", C0, 2, { 0xA1, 0x07 },
      { .type = ETE_PKT_Q_EXACT, .addr = EXACT(1), .count = 7, .count_valid = 1 } },
    /* D5.72: 10100101; C0=0 A[8:2]=0010000 = 0x10 (A = 0x40); COUNT = 2. */
    { "Q_SHORT_IS0", C0, 3, { 0xA5, 0x10, 0x02 },
      { .type = ETE_PKT_Q_SHORT_IS0, .addr = SHORT0(0x40, 8), .count = 2, .count_valid = 1 } },
    /* D5.73: 10100110; C0=1 A[7:1]=0 = 0x80, A[15:8]=0x01 (A = 0x100);
     * COUNT = 0xFFFFFFFF: FF FF FF FF, (0)x4 1111 = 0x0F. */
    { "Q_SHORT_IS1", C0, 8, { 0xA6, 0x80, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F },
      { .type = ETE_PKT_Q_SHORT_IS1, .addr = SHORT1(0x100, 15), .count = 0xFFFFFFFFu,
        .count_valid = 1 } },
    /* D5.74: 10101010; A = 0x4: (0) A[8:2]=1, 0x00 0x00 0x00; COUNT = 1. */
    { "Q_32_IS0", C0, 6, { 0xAA, 0x01, 0x00, 0x00, 0x00, 0x01 },
      { .type = ETE_PKT_Q_32_IS0, .addr = A32(0, 0x4), .count = 1, .count_valid = 1 } },
    /* D5.75: 10101011; A = 0x87654322: A[7:1]=0x11, 0x43 0x65 0x87;
     * COUNT = 300: 0xAC 0x02. */
    { "Q_32_IS1", C0, 7, { 0xAB, 0x11, 0x43, 0x65, 0x87, 0xAC, 0x02 },
      { .type = ETE_PKT_Q_32_IS1, .addr = A32(1, 0x87654322u), .count = 300,
        .count_valid = 1 } },
};

#define NVEC (sizeof vecs / sizeof vecs[0])

static void check_fields(const char *w, const ete_pkt *g, const ete_pkt *x)
{
#define EQ(f) ck_assert_msg(g->f == x->f, "%s: field " #f ": got %llu, expected %llu", w, \
                            (unsigned long long)g->f, (unsigned long long)x->f)
    EQ(type); EQ(header); EQ(len); EQ(async_zeros);
    EQ(plctl); EQ(info); EQ(tinfo_cc); EQ(tinfo_t); EQ(spec); EQ(cyct);
    EQ(ts); EQ(ts_bits); EQ(count); EQ(count_valid);
    EQ(commit); EQ(aaaa); EQ(bbbb); EQ(aa); EQ(bb);
    EQ(cancel); EQ(cancel_cc); EQ(m); EQ(a); EQ(atom_count); EQ(atom_bits);
    EQ(e); EQ(exc_type); EQ(event);
    EQ(addr.val); EQ(addr.form); EQ(addr.is); EQ(addr.lo); EQ(addr.hi); EQ(addr.qe);
    EQ(has_ctxt); EQ(ctxt.el); EQ(ctxt.sf); EQ(ctxt.ns); EQ(ctxt.v); EQ(ctxt.c);
    EQ(ctxt.vmid); EQ(ctxt.contextid);
    EQ(err_off);
#undef EQ
    ck_assert_msg(g->err == NULL, "%s: err set: %s", w, g->err ? g->err : "");
}

/* ---- golden vectors ------------------------------------------------------- */

START_TEST(test_golden)
{
    const vec *v = &vecs[_i];
    ete_pkt p, x = v->x;
    uint8_t buf[40];
    int n;

    x.header = v->b[0];
    x.len = v->n;
    n = ete_pkt_parse(cfg_of(v->cfg), v->b, v->n, &p);
    ck_assert_msg(n == v->n, "%s: parse returned %d, expected %u (err %s at %zu)", v->what, n,
                  v->n, p.err ? p.err : "-", p.err_off);
    check_fields(v->what, &p, &x);

    /* the same with bytes after the packet: exactly the packet is consumed */
    memcpy(buf, v->b, v->n);
    memset(buf + v->n, 0xFF, sizeof buf - v->n);
    n = ete_pkt_parse(cfg_of(v->cfg), buf, sizeof buf, &p);
    ck_assert_msg(n == v->n, "%s + trailing bytes: returned %d", v->what, n);
    check_fields(v->what, &p, &x);
}
END_TEST

START_TEST(test_need_more)
{
    const vec *v = &vecs[_i];
    ete_pkt p;

    for (unsigned k = 0; k < v->n; k++) {
        uint8_t *copy = malloc(k ? k : 1);         /* exact size: ASan sees overreads */
        ck_assert_ptr_nonnull(copy);
        memcpy(copy, v->b, k);
        int n = ete_pkt_parse(cfg_of(v->cfg), copy, k, &p);
        ck_assert_msg(n == ETE_PKT_NEED_MORE, "%s: prefix of %u bytes returned %d (%s)",
                      v->what, k, n, p.err ? p.err : "-");
        ck_assert_msg(p.type == 0 && p.len == 0 && p.err == NULL,
                      "%s: prefix of %u bytes left fields set", v->what, k);
        free(copy);
    }
}
END_TEST

START_TEST(test_every_type_covered)
{
    unsigned seen[ETE_PKT_TYPE_COUNT] = { 0 };
    for (size_t i = 0; i < NVEC; i++)
        seen[vecs[i].x.type]++;
    for (unsigned t = 0; t < ETE_PKT_TYPE_COUNT; t++)
        ck_assert_msg(seen[t] > 0, "no golden vector for %s", ete_pkt_name(t));
    ck_assert_uint_eq(ETE_PKT_TYPE_COUNT, 72);
}
END_TEST

/* ---- reserved headers ------------------------------------------------------ */

/* Headers that D5.2 does not list, worked out from the table by hand. */
static const uint8_t reserved_hdrs[] = {
    0x05, 0x07, 0x08, 0x09,
    0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C,
    0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4A, 0x4B, 0x4C, 0x4D, 0x4E, 0x4F,
    0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x5B, 0x5C, 0x5D, 0x5E, 0x5F,
    0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6A, 0x6B, 0x6C, 0x6D, 0x6E, 0x6F,
    0x84, 0x87, 0x89, 0x8A, 0x8B, 0x8C, 0x8D, 0x8E, 0x8F,
    0x93, 0x94, 0x97, 0x98, 0x99, 0x9C, 0x9F,
    0xA3, 0xA4, 0xA7, 0xA8, 0xA9, 0xAD, 0xAE,
    0xB3, 0xBA, 0xBB, 0xBC, 0xBD, 0xBE, 0xBF,
};

static int is_reserved(unsigned h, int commopt)
{
    for (size_t i = 0; i < sizeof reserved_hdrs; i++)
        if (reserved_hdrs[i] == h)
            return 1;
    /* COMMOPT 1: format 2 is only 0x0D (D5.32), format 3 only 0x10-0x13 (D5.34) */
    return commopt && (h == 0x0C || (h >= 0x14 && h <= 0x1F));
}

START_TEST(test_reserved_headers)
{
    for (int c = C0; c <= C1; c++) {
        for (unsigned h = 0; h < 256; h++) {
            uint8_t b[ETE_PKT_MAX_LEN + 4];
            ete_pkt p;
            memset(b, 0, sizeof b);
            b[0] = (uint8_t)h;
            int n = ete_pkt_parse(cfg_of(c), b, 1, &p);
            if (is_reserved(h, c)) {
                ck_assert_msg(n == ETE_PKT_BAD, "header 0x%02x (COMMOPT %d): returned %d", h, c, n);
                ck_assert_msg(p.err_off == 0 && p.err != NULL, "header 0x%02x: error not at 0", h);
            } else {
                ck_assert_msg(n != ETE_PKT_BAD, "header 0x%02x (COMMOPT %d) is not reserved: %s",
                              h, c, p.err ? p.err : "-");
            }
        }
    }
}
END_TEST

/* ---- reserved field values ------------------------------------------------- */

typedef struct badvec {
    const char *what;
    int cfg;
    uint8_t n;
    uint8_t b[16];
    uint8_t off;            /* expected offset of the offending byte */
} badvec;

static const badvec bads[] = {
    /* D9.2.3.1: after 0x00 only 0x00, 0x03, 0x05 */
    { "extension 0x01", C0, 2, { 0x00, 0x01 }, 1 },
    { "extension 0x80", C0, 2, { 0x00, 0x80 }, 1 },
    /* D5.4: too few zeros before 0x80 */
    { "A-Sync 5 zeros", C0, 6, { 0, 0, 0, 0, 0, 0x80 }, 5 },
    { "A-Sync 10 zeros", C0, 11, { 0,0,0,0,0,0,0,0,0,0, 0x80 }, 10 },
    /* D5.4: zeros then something other than 0x80 */
    { "A-Sync bad end", C0, 13, { 0,0,0,0,0,0,0,0,0,0,0,0, 0x01 }, 12 },
    /* D5.7: PLCTL bit 1 (no KEY section in ETE), bit 7 */
    { "Trace Info PLCTL bit 1", C0, 3, { 0x01, 0x02, 0x00 }, 1 },
    { "Trace Info PLCTL bit 7", C0, 3, { 0x01, 0x81, 0x00 }, 1 },
    /* D5.7: INFO (0) bits */
    { "Trace Info INFO bit 1", C0, 3, { 0x01, 0x01, 0x02 }, 2 },
    { "Trace Info INFO bit 7", C0, 3, { 0x01, 0x01, 0x80 }, 2 },
    /* D5.7: SPEC[31:28] byte with (0) bits set */
    { "Trace Info SPEC SBZ", C0, 7, { 0x01, 0x04, 0xFF, 0xFF, 0xFF, 0xFF, 0x10 }, 6 },
    /* D5.7: continuation bit on the fifth SPEC byte: past the field */
    { "Trace Info SPEC too long", C0, 7, { 0x01, 0x04, 0x80, 0x80, 0x80, 0x80, 0x80 }, 6 },
    /* D5.7: CYCT[11:7] byte with (0) bit 5 set */
    { "Trace Info CYCT SBZ", C0, 4, { 0x01, 0x08, 0x80, 0x20 }, 3 },
    /* D5.9: COUNT[19:14] byte with (0) bits */
    { "Timestamp COUNT SBZ", C0, 5, { 0x03, 0x00, 0xFF, 0xFF, 0x40 }, 4 },
    /* D5.13: bit 7 of the exception information byte is 0 */
    { "Exception byte 1 bit 7", C0, 3, { 0x06, 0x9D, 0x91 }, 1 },
    /* D5.13: E = 00 and E = 11 are reserved */
    { "Exception E=00", C0, 3, { 0x06, 0x1C, 0x91 }, 1 },
    { "Exception E=11", C0, 3, { 0x06, 0x5D, 0x91 }, 1 },
    /* D5.13: TYPE 00101, 01000, 01001, 01101, 11001-11111 are reserved */
    { "Exception TYPE 5", C0, 3, { 0x06, 0x0B, 0x91 }, 1 },
    { "Exception TYPE 8", C0, 3, { 0x06, 0x11, 0x91 }, 1 },
    { "Exception TYPE 9", C0, 3, { 0x06, 0x13, 0x91 }, 1 },
    { "Exception TYPE 13", C0, 3, { 0x06, 0x1B, 0x91 }, 1 },
    { "Exception TYPE 25", C0, 3, { 0x06, 0x33, 0x91 }, 1 },
    { "Exception TYPE 31", C0, 3, { 0x06, 0x3F, 0x91 }, 1 },
    /* D5.13: TYPE 11000 only in the Transaction Failure packet */
    { "Exception TF type with address", C0, 4, { 0x06, 0x31, 0x95, 0x00 }, 2 },
    /* D5.24/D5.25: the UNKNOWN address only with TF or PE Reset */
    { "Exception IRQ unknown address", C0, 3, { 0x06, 0x1D, 0x70 }, 2 },
    /* D9.2.13.1: reserved address header 0x93 (QE 11), context only 0x81 */
    { "Exception address 0x93", C0, 3, { 0x06, 0x1D, 0x93 }, 2 },
    { "Exception address 0x81", C0, 3, { 0x06, 0x1D, 0x81 }, 2 },
    { "Exception address 0xA1", C0, 3, { 0x06, 0x1D, 0xA1 }, 2 },
    /* D5.49-D5.52: the (0) bits of the first address bytes */
    { "32-bit IS0 A[8:2] SBZ", C0, 5, { 0x9A, 0x80, 0x00, 0x00, 0x00 }, 1 },
    { "32-bit IS0 A[15:9] SBZ", C0, 5, { 0x9A, 0x00, 0x80, 0x00, 0x00 }, 2 },
    { "64-bit IS1 A[7:1] SBZ", C0, 9, { 0x9E, 0x80 }, 1 },
    { "Q 32-bit IS1 A[7:1] SBZ", C0, 6, { 0xAB, 0x81, 0, 0, 0, 0 }, 1 },
    { "Src 64-bit IS0 A[15:9] SBZ", C0, 9, { 0xB8, 0x00, 0xFF }, 2 },
    /* D5.55: context information byte bits [3:2] are (0) */
    { "Context bit 2", C0, 2, { 0x81, 0x04 }, 1 },
    { "Context bit 3", C0, 2, { 0x81, 0x08 }, 1 },
    { "Address with Context SBZ", C0, 6, { 0x82, 0x00, 0x00, 0x00, 0x00, 0x0C }, 5 },
    /* D5.35: COMMIT[31:28] byte (0) bits; continuation past the field */
    { "Commit SBZ", C0, 6, { 0x2D, 0xFF, 0xFF, 0xFF, 0xFF, 0x10 }, 5 },
    { "Commit too long", C0, 6, { 0x2D, 0x80, 0x80, 0x80, 0x80, 0x80 }, 5 },
    /* D5.36: CANCEL 0 is reserved */
    { "Cancel F1 CANCEL=0", C0, 2, { 0x2E, 0x00 }, 1 },
    /* D5.28: COUNT continuation past the field */
    { "CC F1_0 COUNT too long", C0, 5, { 0x0E, 0x00, 0x80, 0x80, 0x80 }, 4 },
    /* D5.32: the payload's upper four bits are 1111 */
    { "CC F2_1 AAAA", C1, 2, { 0x0D, 0x07 }, 1 },
    /* D5.70: COUNT[31:28] byte (0) bits */
    { "Q COUNT SBZ", C0, 6, { 0xAC, 0xFF, 0xFF, 0xFF, 0xFF, 0x1F }, 5 },
    { "Q exact COUNT too long", C0, 6, { 0xA2, 0x80, 0x80, 0x80, 0x80, 0xF0 }, 5 },
};

START_TEST(test_bad_fields)
{
    const badvec *v = &bads[_i];
    uint8_t *copy = malloc(v->n);
    ete_pkt p;

    ck_assert_ptr_nonnull(copy);
    memcpy(copy, v->b, v->n);
    int n = ete_pkt_parse(cfg_of(v->cfg), copy, v->n, &p);
    ck_assert_msg(n == ETE_PKT_BAD, "%s: returned %d", v->what, n);
    ck_assert_msg(p.err != NULL && p.err[0] != '\0', "%s: no error text", v->what);
    ck_assert_msg(p.err_off == v->off, "%s: error at %zu (%s), expected %u", v->what,
                  p.err_off, p.err, v->off);
    ck_assert_msg(p.type == 0 && p.len == 0, "%s: fields left set", v->what);
    free(copy);
}
END_TEST

/* D5.31: the commit count MAXSPEC + AAAA - 15 must be greater than 0. */
START_TEST(test_cc_large_commit)
{
    ete_pkt_cfg c = *cfg_of(C0);
    ete_pkt p;
    const uint8_t b[] = { 0x0D, 0x05 };   /* AAAA = 0, BBBB = 5 */

    c.maxspec = 15;                       /* 15 + 0 - 15 = 0: not > 0 */
    ck_assert_int_eq(ete_pkt_parse(&c, b, 2, &p), ETE_PKT_BAD);
    ck_assert_uint_eq(p.err_off, 1);
    c.maxspec = 16;                       /* 16 + 0 - 15 = 1 */
    ck_assert_int_eq(ete_pkt_parse(&c, b, 2, &p), 2);
    ck_assert_uint_eq(p.type, ETE_PKT_CC_F2_0_LARGE);
    ck_assert_uint_eq(p.commit, 1);
    ck_assert_uint_eq(p.count, 5);
}
END_TEST

/* ---- configuration ---------------------------------------------------------- */

START_TEST(test_cfg_from_regs)
{
    const ete_pkt_cfg *c0 = cfg_of(C0), *c1 = cfg_of(C1);
    ck_assert_uint_eq(c0->commopt, 0);
    ck_assert_uint_eq(c1->commopt, 1);
    ck_assert_uint_eq(c0->trccci, 1);
    ck_assert_uint_eq(c0->tssize, 8);
    ck_assert_uint_eq(c0->tsmark, 1);
    ck_assert_uint_eq(c0->ccsize, 20);
    ck_assert_uint_eq(c0->cidsize, 4);
    ck_assert_uint_eq(c0->vmidsize, 4);
    ck_assert_uint_eq(c0->iasize, 8);
    ck_assert_uint_eq(c0->maxspec, 20);
    ck_assert_uint_eq(c0->cc_enabled, 1);
    ck_assert_uint_eq(c0->ts_enabled, 1);
    ck_assert_uint_eq(c0->cid_enabled, 0);
    ck_assert_uint_eq(c0->vmid_enabled, 0);
    ck_assert_uint_eq(c0->strict, 1);
}
END_TEST

/* The D5 "Configurations" lines: strict rejects, non-strict accepts. */
START_TEST(test_strict_config)
{
    static const struct { const char *what; uint8_t b[4]; uint8_t n; int field; } cases[] = {
        { "Timestamp needs TSSIZE", { 0x02, 0x00 }, 2, 0 },
        { "TS Marker needs TSSIZE", { 0x88 }, 1, 0 },
        { "TS Marker needs TSMARK", { 0x88 }, 1, 1 },
        { "CC F3 needs TRCCCI", { 0x10 }, 1, 2 },
        { "CC F1 needs TRCCCI", { 0x0F, 0x00 }, 2, 2 },
        { "CC F2 needs TRCCCI", { 0x0C, 0x00 }, 2, 2 },
        { "Commit needs MAXSPEC", { 0x2D, 0x01 }, 2, 3 },
        { "Cancel F1 needs MAXSPEC", { 0x2E, 0x01 }, 2, 3 },
        { "Cancel F2 needs MAXSPEC", { 0x34 }, 1, 3 },
        { "Cancel F3 needs MAXSPEC", { 0x38 }, 1, 3 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ete_pkt_cfg c = *cfg_of(C0);
        ete_pkt p;
        switch (cases[i].field) {
        case 0: c.tssize = 0; break;
        case 1: c.tsmark = 0; break;
        case 2: c.trccci = 0; break;
        default: c.maxspec = 0; break;
        }
        ck_assert_msg(ete_pkt_parse(&c, cases[i].b, cases[i].n, &p) == ETE_PKT_BAD,
                      "%s: strict accepted", cases[i].what);
        ck_assert_uint_eq(p.err_off, 0);
        c.strict = 0;
        ck_assert_msg(ete_pkt_parse(&c, cases[i].b, cases[i].n, &p) == cases[i].n,
                      "%s: non-strict rejected: %s", cases[i].what, p.err ? p.err : "-");
    }
    /* no configuration at all: COMMOPT 0, not strict */
    {
        ete_pkt p;
        const uint8_t b[] = { 0x2D, 0x01 };
        ck_assert_int_eq(ete_pkt_parse(NULL, b, 2, &p), 2);
        ck_assert_uint_eq(p.type, ETE_PKT_COMMIT);
        ck_assert_uint_eq(p.commit, 1);
    }
    /* Mispredict (D5.39) is allowed in every configuration */
    {
        ete_pkt_cfg c = *cfg_of(C0);
        ete_pkt p;
        const uint8_t b[] = { 0x30 };
        c.maxspec = 0;
        ck_assert_int_eq(ete_pkt_parse(&c, b, 1, &p), 1);
        ck_assert_uint_eq(p.type, ETE_PKT_MISPREDICT);
        ck_assert_uint_eq(p.atom_count, 0);
    }
}
END_TEST

/* ---- helpers ------------------------------------------------------------------ */

START_TEST(test_addr_apply)
{
    ete_pkt_addr s0 = SHORT0(0x100, 8), s0l = SHORT0(0x12344, 16), s1 = SHORT1(0xAAAA, 15);
    ete_pkt_addr a32 = A32(0, 0x80001234u), a64 = A64(1, 0x4000001002ull), ex = EXACT(1);

    /* D9.2.14.5: address<AN+1:0> = A:'00', upper bits unchanged */
    ck_assert_uint_eq(ete_pkt_addr_apply(&s0, 0xFFFF0000FFFFFFFFull), 0xFFFF0000FFFFFF00ull);
    ck_assert_uint_eq(ete_pkt_addr_apply(&s0l, 0x123456789ull), 0x123452344ull);
    ck_assert_uint_eq(ete_pkt_addr_apply(&s1, 0xFFFFFFFFFFFFFFFFull), 0xFFFFFFFFFFFFAAAAull);
    /* D9.2.14.3: 32-bit keeps address<63:32> */
    ck_assert_uint_eq(ete_pkt_addr_apply(&a32, 0xAAAAAAAA55555555ull), 0xAAAAAAAA80001234ull);
    ck_assert_uint_eq(ete_pkt_addr_apply(&a64, 0xFFFFFFFFFFFFFFFFull), 0x4000001002ull);
    ck_assert_uint_eq(ete_pkt_addr_apply(&ex, 0x1234), 0x1234);
}
END_TEST

START_TEST(test_ts_apply)
{
    ete_pkt p;
    const uint8_t b[] = { 0x02, 0xB4, 0x24 };   /* TS[13:0] = 0x1234 */
    ck_assert_int_eq(ete_pkt_parse(cfg_of(C0), b, 3, &p), 3);
    ck_assert_uint_eq(ete_pkt_ts_apply(&p, 0xFFFFFFFFFFFFFFFFull), 0xFFFFFFFFFFFFD234ull);
    ck_assert_uint_eq(ete_pkt_ts_apply(&p, 0x100000000ull), 0x100001234ull);
    const uint8_t b64[] = { 0x02, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01 };
    ck_assert_int_eq(ete_pkt_parse(cfg_of(C0), b64, sizeof b64, &p), (int)sizeof b64);
    ck_assert_uint_eq(ete_pkt_ts_apply(&p, 0xFFFFFFFFFFFFFFFFull), 0x0100000000000000ull);
}
END_TEST

START_TEST(test_find_async)
{
    uint8_t b[40];
    size_t pos;

    memset(b, 0x55, sizeof b);
    ck_assert_int_eq(ete_pkt_find_async(b, sizeof b, &pos), 0);
    ck_assert_uint_eq(pos, sizeof b);
    memset(b + 5, 0, 11);
    b[16] = 0x80;
    ck_assert_int_eq(ete_pkt_find_async(b, sizeof b, &pos), 1);
    ck_assert_uint_eq(pos, 5);
    /* ten zeros are not enough */
    b[5] = 0x55;
    ck_assert_int_eq(ete_pkt_find_async(b, sizeof b, &pos), 0);
    ck_assert_uint_eq(pos, sizeof b);
    /* a trailing run of zeros might still become one */
    memset(b, 0x55, sizeof b);
    memset(b + 30, 0, 10);
    ck_assert_int_eq(ete_pkt_find_async(b, sizeof b, &pos), 0);
    ck_assert_uint_eq(pos, 30);
    /* A-Sync at the start, found by the parser too */
    memset(b, 0, 11);
    b[11] = 0x80;
    ck_assert_int_eq(ete_pkt_find_async(b, sizeof b, &pos), 1);
    ck_assert_uint_eq(pos, 0);
    /* a buffer of zeros only is need-more for the parser */
    memset(b, 0, sizeof b);
    {
        ete_pkt p;
        ck_assert_int_eq(ete_pkt_parse(cfg_of(C0), b, sizeof b, &p), ETE_PKT_NEED_MORE);
    }
}
END_TEST

/* ---- names and text form ------------------------------------------------------ */

START_TEST(test_names)
{
    ck_assert_str_eq(ete_pkt_name(ETE_PKT_ASYNC), "ASYNC");
    ck_assert_str_eq(ete_pkt_name(ETE_PKT_EXC_CTXT_64_IS1), "EXC_CTXT_64_IS1");
    ck_assert_str_eq(ete_pkt_name(ETE_PKT_CC_F2_0_LARGE), "CC_F2_0_LARGE");
    ck_assert_str_eq(ete_pkt_name(ETE_PKT_Q_32_IS1), "Q_32_IS1");
    ck_assert_str_eq(ete_pkt_name(ETE_PKT_TYPE_COUNT), "?");
    ck_assert_uint_eq(ETE_PKT_IGNORE, 63);
    ck_assert_uint_eq(ETE_PKT_ATOM_F1, 36);
}
END_TEST

static const char *fmt_of(const uint8_t *b, size_t n, int c)
{
    static char line[256];
    ete_pkt p;
    ck_assert_int_eq(ete_pkt_parse(cfg_of(c), b, n, &p), (int)n);
    ck_assert_int_gt(ete_pkt_format(&p, line, sizeof line), 0);
    return line;
}

START_TEST(test_format)
{
    const uint8_t exc[] = { 0x06, 0x44, 0x95, 0xD1, 0x91 };
    const uint8_t actx[] = { 0x85, 0x7F, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xD1,
                             0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80 };
    const uint8_t ti[] = { 0x01, 0x0D, 0x41, 0xAC, 0x02, 0x80, 0x10 };
    const uint8_t a3[] = { 0xFE };
    const uint8_t qe[] = { 0xA1, 0x07 };
    const uint8_t ts[] = { 0x03, 0xB4, 0x24, 0x05 };
    const uint8_t tr[] = { 0x04 };
    char small[8];
    ete_pkt p;

    ck_assert_str_eq(fmt_of(exc, sizeof exc, C0),
                     "EXC_SHORT_IS0 e=2 type=2 addr=0x12344 bits=16:2 is=0");
    ck_assert_str_eq(fmt_of(actx, sizeof actx, C0),
                     "ADDR_CTXT_64_IS0 addr=0xfffffffffffffffc bits=63:2 is=0 el=1 sf=1 ns=0 "
                     "v=1 c=1 vmid=0x1 contextid=0x80000000");
    ck_assert_str_eq(fmt_of(ti, sizeof ti, C0), "TRACE_INFO plctl=0x0d cc=1 t=1 spec=300 cyct=2048");
    ck_assert_str_eq(fmt_of(a3, sizeof a3, C0), "ATOM_F3 a=6 atoms=NEE");
    ck_assert_str_eq(fmt_of(qe, sizeof qe, C0), "Q_EXACT qe=1 count=7");
    ck_assert_str_eq(fmt_of(ts, sizeof ts, C0), "TIMESTAMP ts=0x1234 ts_bits=14 count=5");
    ck_assert_str_eq(fmt_of(tr, sizeof tr, C0), "TRACE_ON");

    /* truncated output: NUL-terminated, full length returned */
    ck_assert_int_eq(ete_pkt_parse(cfg_of(C0), exc, sizeof exc, &p), 5);
    int n = ete_pkt_format(&p, small, sizeof small);
    ck_assert_int_eq(n, (int)strlen("EXC_SHORT_IS0 e=2 type=2 addr=0x12344 bits=16:2 is=0"));
    ck_assert_str_eq(small, "EXC_SHO");

    /* every golden vector formats to a line that starts with its name */
    for (size_t i = 0; i < NVEC; i++) {
        char line[256];
        ck_assert_int_eq(ete_pkt_parse(cfg_of(vecs[i].cfg), vecs[i].b, vecs[i].n, &p), vecs[i].n);
        n = ete_pkt_format(&p, line, sizeof line);
        ck_assert_int_gt(n, 0);
        ck_assert_int_lt(n, (int)sizeof line);
        ck_assert_msg(strncmp(line, ete_pkt_name(p.type), strlen(ete_pkt_name(p.type))) == 0,
                      "%s: line %s", vecs[i].what, line);
    }
}
END_TEST

/* A stream of back-to-back packets parses into the same packets. */
START_TEST(test_stream)
{
    uint8_t buf[1024];
    size_t n = 0, pos = 0;
    unsigned k = 0;
    ete_pkt p;

    for (size_t i = 0; i < NVEC; i++)
        if (vecs[i].cfg == C0) {
            memcpy(buf + n, vecs[i].b, vecs[i].n);
            n += vecs[i].n;
        }
    ck_assert_uint_lt(n, sizeof buf);
    for (size_t i = 0; i < NVEC; i++) {
        if (vecs[i].cfg != C0)
            continue;
        int r = ete_pkt_parse(cfg_of(C0), buf + pos, n - pos, &p);
        ck_assert_msg(r == vecs[i].n, "stream packet %u (%s) at %zu: returned %d", k,
                      vecs[i].what, pos, r);
        ck_assert_uint_eq(p.type, vecs[i].x.type);
        pos += (size_t)r;
        k++;
    }
    ck_assert_uint_eq(pos, n);
}
END_TEST

static Suite *pkt_suite(void)
{
    Suite *s = suite_create("ete_pkt");
    TCase *t = tcase_create("golden");

    tcase_add_loop_test(t, test_golden, 0, (int)NVEC);
    tcase_add_loop_test(t, test_need_more, 0, (int)NVEC);
    tcase_add_test(t, test_every_type_covered);
    tcase_add_test(t, test_stream);
    suite_add_tcase(s, t);

    t = tcase_create("bad");
    tcase_add_test(t, test_reserved_headers);
    tcase_add_loop_test(t, test_bad_fields, 0, (int)(sizeof bads / sizeof bads[0]));
    tcase_add_test(t, test_cc_large_commit);
    suite_add_tcase(s, t);

    t = tcase_create("config");
    tcase_add_test(t, test_cfg_from_regs);
    tcase_add_test(t, test_strict_config);
    suite_add_tcase(s, t);

    t = tcase_create("helpers");
    tcase_add_test(t, test_addr_apply);
    tcase_add_test(t, test_ts_apply);
    tcase_add_test(t, test_find_async);
    tcase_add_test(t, test_names);
    tcase_add_test(t, test_format);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(pkt_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
