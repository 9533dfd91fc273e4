/* Golden vectors for the SPE packet parser (SPE supplement chapter 5): every
 * packet type in every header form, bytes worked out by hand from the
 * figures of 5.2 and the layouts of 5.3 (derivation beside each vector),
 * parsed field by field; every strict prefix is need-more; reserved and
 * unknown encodings are skipped by their size (5.1.4) or bad when no size is
 * encoded; the text is perf's (perf report -D). */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spe_pkt.h"

#define OK  SPE_PKT_ST_OK
#define IMP SPE_PKT_ST_IMPDEF
#define RSV SPE_PKT_ST_RESERVED

typedef struct golden {
    uint8_t n;
    uint8_t b[SPE_PKT_MAX_LEN];
    spe_pkt_type type;
    uint8_t hdr_len;
    uint8_t index;
    uint8_t status;
    uint64_t payload;
    const char *text;
} golden;

static const golden goldens[] = {
    /* ---- 5.3.9 Padding: 0000 0000, no payload */
    { 1, { 0x00 }, SPE_PKT_PAD, 1, 0, OK, 0, "PAD" },
    /* ---- 5.3.6 End: 0000 0001, no payload */
    { 1, { 0x01 }, SPE_PKT_END, 1, 0, OK, 0, "END" },
    /* ---- 5.3.10 Timestamp: 0111 0001 (SZ = 0b11, 8 bytes), TS little-endian
     * 0x1122334455667788 -> 88 77 66 55 44 33 22 11 */
    { 9, { 0x71, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11 }, SPE_PKT_TIMESTAMP, 1, 0, OK,
      0x1122334455667788ull, "TS 1234605616436508552" },

    /* ---- 5.3.1 Address, short: 10 SZ=11 0 INDEX -> 1011 0iii = 0xB0 + INDEX.
     * PC (INDEX 0) 0xFFFF12345678 at EL1 Non-secure: byte 7 = NS<<7 | EL<<5
     * = 0x80 | 0x20 = 0xA0; bytes <6:0> = 78 56 34 12 FF FF 00 */
    { 9, { 0xB0, 0x78, 0x56, 0x34, 0x12, 0xFF, 0xFF, 0x00, 0xA0 }, SPE_PKT_ADDRESS, 1, 0, OK,
      0xA000FFFF12345678ull, "PC 0xffff12345678 el1 ns=1" },
    /* TGT (INDEX 1 -> 0xB1) 0x400000 at EL2 Secure: byte 7 = 0 | 2<<5 = 0x40 */
    { 9, { 0xB1, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x00, 0x40 }, SPE_PKT_ADDRESS, 1, 1, OK,
      0x4000000000400000ull, "TGT 0x400000 el2 ns=0" },
    /* TGT at EL3 Non-secure: byte 7 = 0x80 | 3<<5 = 0xE0; address 0 */
    { 9, { 0xB1, 0, 0, 0, 0, 0, 0, 0, 0xE0 }, SPE_PKT_ADDRESS, 1, 1, OK,
      0xE000000000000000ull, "TGT 0x0 el3 ns=1" },
    /* VA (INDEX 2 -> 0xB2) with TAG byte 0xAB: 0xAB00FFFF00001000, whole
     * payload printed (byte 7 is the top-byte tag) */
    { 9, { 0xB2, 0x00, 0x10, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0xAB }, SPE_PKT_ADDRESS, 1, 2, OK,
      0xAB00FFFF00001000ull, "VA 0xab00ffff00001000" },
    /* PA (INDEX 3 -> 0xB3) 0x80001000 Non-secure: byte 7 = NS<<7 = 0x80 */
    { 9, { 0xB3, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0x00, 0x80 }, SPE_PKT_ADDRESS, 1, 3, OK,
      0x8000000080001000ull, "PA 0x80001000 ns=1 ch=0 pat=0" },
    /* INDEX 0b00110 = 6, IMPLEMENTATION DEFINED: 0xB6; perf's raw form */
    { 9, { 0xB6, 0x01, 0, 0, 0, 0, 0, 0, 0 }, SPE_PKT_ADDRESS, 1, 6, IMP, 1, "ADDR 0x1 (6)" },
    /* INDEX 0b00111 = 7, IMPLEMENTATION DEFINED: 0xB7 */
    { 9, { 0xB7, 0x02, 0, 0, 0, 0, 0, 0, 0 }, SPE_PKT_ADDRESS, 1, 7, IMP, 2, "ADDR 0x2 (7)" },
    /* INDEX 0b00100 = 4, reserved: 0xB4 */
    { 9, { 0xB4, 0x03, 0, 0, 0, 0, 0, 0, 0 }, SPE_PKT_ADDRESS, 1, 4, RSV, 3, "ADDR 0x3 (4)" },
    /* INDEX 0b00101 = 5, reserved: 0xB5 */
    { 9, { 0xB5, 0x04, 0, 0, 0, 0, 0, 0, 0 }, SPE_PKT_ADDRESS, 1, 5, RSV, 4, "ADDR 0x4 (5)" },
    /* ---- 5.3.1 Address, extended: byte 0 = 001 000 INDEX[4:3], byte 1 =
     * 10 11 0 INDEX[2:0].  PC (INDEX 0): 20 B0, same payload as above */
    { 10, { 0x20, 0xB0, 0x78, 0x56, 0x34, 0x12, 0xFF, 0xFF, 0x00, 0xA0 }, SPE_PKT_ADDRESS, 2, 0,
      OK, 0xA000FFFF12345678ull, "PC 0xffff12345678 el1 ns=1" },
    /* PA (INDEX 3) extended: 20 B3, Secure 0x1000 */
    { 10, { 0x20, 0xB3, 0x00, 0x10, 0, 0, 0, 0, 0, 0 }, SPE_PKT_ADDRESS, 2, 3, OK, 0x1000,
      "PA 0x1000 ns=0 ch=0 pat=0" },
    /* INDEX 0b10101 = 21 (0b1xxxx: IMPLEMENTATION DEFINED): INDEX[4:3] = 0b10
     * -> byte 0 = 0x22, INDEX[2:0] = 0b101 -> byte 1 = 0xB5 */
    { 10, { 0x22, 0xB5, 0xEF, 0xBE, 0, 0, 0, 0, 0, 0 }, SPE_PKT_ADDRESS, 2, 21, IMP, 0xBEEF,
      "ADDR 0xbeef (21)" },
    /* INDEX 0b11111 = 31: byte 0 = 0x23, byte 1 = 0xB7 */
    { 10, { 0x23, 0xB7, 0, 0, 0, 0, 0, 0, 0, 0x01 }, SPE_PKT_ADDRESS, 2, 31, IMP,
      0x0100000000000000ull, "ADDR 0x100000000000000 (31)" },
    /* INDEX 0b01001 = 9, reserved: byte 0 = 0x21, byte 1 = 0xB1 */
    { 10, { 0x21, 0xB1, 0x05, 0, 0, 0, 0, 0, 0, 0 }, SPE_PKT_ADDRESS, 2, 9, RSV, 5,
      "ADDR 0x5 (9)" },

    /* ---- 5.3.4 Counter, short: 10 SZ=01 1 INDEX -> 1001 1iii = 0x98 + INDEX,
     * 16-bit payload.  Total latency 13 = 0x000D -> 0D 00 */
    { 3, { 0x98, 0x0D, 0x00 }, SPE_PKT_COUNTER, 1, 0, OK, 13, "LAT 13 TOT" },
    /* Issue latency (0x99) 11 */
    { 3, { 0x99, 0x0B, 0x00 }, SPE_PKT_COUNTER, 1, 1, OK, 11, "LAT 11 ISSUE" },
    /* Translation latency (0x9A) 0xFFF = 4095, saturated 12-bit count */
    { 3, { 0x9A, 0xFF, 0x0F }, SPE_PKT_COUNTER, 1, 2, OK, 4095, "LAT 4095 XLAT" },
    /* INDEX 7 (0x9F) IMPLEMENTATION DEFINED: perf prints "LAT n " */
    { 3, { 0x9F, 0x2A, 0x00 }, SPE_PKT_COUNTER, 1, 7, IMP, 42, "LAT 42 " },
    /* INDEX 3 (0x9B) reserved */
    { 3, { 0x9B, 0x01, 0x00 }, SPE_PKT_COUNTER, 1, 3, RSV, 1, "LAT 1 " },
    /* ---- 5.3.4 Counter, extended: byte 0 = 0010 00 INDEX[4:3], byte 1 =
     * 10 01 1 INDEX[2:0].  Translation latency 5: 20 9A 05 00 */
    { 4, { 0x20, 0x9A, 0x05, 0x00 }, SPE_PKT_COUNTER, 2, 2, OK, 5, "LAT 5 XLAT" },
    /* INDEX 0b10000 = 16 (IMPLEMENTATION DEFINED): 22 98, count 0x0102 = 258 */
    { 4, { 0x22, 0x98, 0x02, 0x01 }, SPE_PKT_COUNTER, 2, 16, IMP, 258, "LAT 258 " },
    /* INDEX 0b01000 = 8, reserved: 21 98 */
    { 4, { 0x21, 0x98, 0x00, 0x00 }, SPE_PKT_COUNTER, 2, 8, RSV, 0, "LAT 0 " },

    /* ---- 5.3.3 Context: 01 SZ=10 01 INDEX -> 0110 01ii = 0x64 + INDEX,
     * 32-bit payload.  CONTEXTIDR_EL1 = 0x12345678 -> 78 56 34 12 */
    { 5, { 0x64, 0x78, 0x56, 0x34, 0x12 }, SPE_PKT_CONTEXT, 1, 0, OK, 0x12345678,
      "CONTEXT 0x12345678 el1" },
    /* CONTEXTIDR_EL2 (0x65) = 0x2A */
    { 5, { 0x65, 0x2A, 0x00, 0x00, 0x00 }, SPE_PKT_CONTEXT, 1, 1, OK, 0x2A, "CONTEXT 0x2a el2" },
    /* INDEX 0b10 (0x66) and 0b11 (0x67) reserved */
    { 5, { 0x66, 0x01, 0x00, 0x00, 0x00 }, SPE_PKT_CONTEXT, 1, 2, RSV, 1, "CONTEXT 0x1 (2)" },
    { 5, { 0x67, 0x00, 0x00, 0x00, 0x80 }, SPE_PKT_CONTEXT, 1, 3, RSV, 0x80000000u,
      "CONTEXT 0x80000000 (3)" },

    /* ---- 5.3.8 Operation Type: 01 SZ=00 10 CLASS -> 0100 10cc = 0x48 + CLASS,
     * 8-bit SUBCLASS.  Other (0x48): 0x00 unconditional, 0x01 conditional */
    { 2, { 0x48, 0x00 }, SPE_PKT_OP_TYPE, 1, 0, OK, 0x00, "OTHER INSN-OTHER" },
    { 2, { 0x48, 0x01 }, SPE_PKT_OP_TYPE, 1, 0, OK, 0x01, "OTHER COND-SELECT" },
    /* Other, SUBCLASS 0x02: reserved */
    { 2, { 0x48, 0x02 }, SPE_PKT_OP_TYPE, 1, 0, RSV, 0x02, "OP-TYPE 0x2 (0)" },
    /* Load/store (0x49), general-purpose: SUBCLASS[7:1] 0b0000000 GP
     * registers, 0b0000010 SIMD&FP; bit 0 ST */
    { 2, { 0x49, 0x00 }, SPE_PKT_OP_TYPE, 1, 1, OK, 0x00, "LD GP-REG" },
    { 2, { 0x49, 0x01 }, SPE_PKT_OP_TYPE, 1, 1, OK, 0x01, "ST GP-REG" },
    { 2, { 0x49, 0x04 }, SPE_PKT_OP_TYPE, 1, 1, OK, 0x04, "LD SIMD-FP" },
    { 2, { 0x49, 0x05 }, SPE_PKT_OP_TYPE, 1, 1, OK, 0x05, "ST SIMD-FP" },
    /* Load/store, extended: 0 0 0 AR EXCL AT 1 ST.  0b00000010 plain load */
    { 2, { 0x49, 0x02 }, SPE_PKT_OP_TYPE, 1, 1, OK, 0x02, "LD" },
    /* 0b00011111: AR EXCL AT, store */
    { 2, { 0x49, 0x1F }, SPE_PKT_OP_TYPE, 1, 1, OK, 0x1F, "ST AT EXCL AR" },
    /* 0b00001011: EXCL, store (store-exclusive) */
    { 2, { 0x49, 0x0B }, SPE_PKT_OP_TYPE, 1, 1, OK, 0x0B, "ST EXCL" },
    /* 0b00010110: AR AT, load (load-acquire atomic) */
    { 2, { 0x49, 0x16 }, SPE_PKT_OP_TYPE, 1, 1, OK, 0x16, "LD AT AR" },
    /* 0b00001000: general-purpose form with SUBCLASS[7:1] = 0b0000100, reserved */
    { 2, { 0x49, 0x08 }, SPE_PKT_OP_TYPE, 1, 1, RSV, 0x08, "OP-TYPE 0x8 (1)" },
    /* 0b00100010: extended form with bit 5 set, reserved */
    { 2, { 0x49, 0x22 }, SPE_PKT_OP_TYPE, 1, 1, RSV, 0x22, "OP-TYPE 0x22 (1)" },
    /* Branch (0x4A): bit 0 COND, SUBCLASS[7:1] 0 direct, 1 indirect */
    { 2, { 0x4A, 0x00 }, SPE_PKT_OP_TYPE, 1, 2, OK, 0x00, "B" },
    { 2, { 0x4A, 0x01 }, SPE_PKT_OP_TYPE, 1, 2, OK, 0x01, "B COND" },
    { 2, { 0x4A, 0x02 }, SPE_PKT_OP_TYPE, 1, 2, OK, 0x02, "B IND" },
    { 2, { 0x4A, 0x03 }, SPE_PKT_OP_TYPE, 1, 2, OK, 0x03, "B COND IND" },
    /* Branch, SUBCLASS[7:1] = 0b0000010: reserved */
    { 2, { 0x4A, 0x04 }, SPE_PKT_OP_TYPE, 1, 2, RSV, 0x04, "OP-TYPE 0x4 (2)" },
    /* CLASS 0b11 (0x4B): reserved */
    { 2, { 0x4B, 0x00 }, SPE_PKT_OP_TYPE, 1, 3, RSV, 0x00, "OP-TYPE 0x0 (3)" },

    /* ---- 5.3.7 Events: 01 SZ 0010 -> 0x42 | SZ<<4.  Byte (0x42): 0x16 =
     * E[1] RETIRED, E[2] L1D-ACCESS, E[4] TLB-ACCESS */
    { 2, { 0x42, 0x16 }, SPE_PKT_EVENTS, 1, 0, OK, 0x16, "EV RETIRED L1D-ACCESS TLB-ACCESS" },
    /* Halfword (0x52): 0x07FF = E[10:0], every architected event */
    { 3, { 0x52, 0xFF, 0x07 }, SPE_PKT_EVENTS, 1, 0, OK, 0x07FF,
      "EV EXCEPTION-GEN RETIRED L1D-ACCESS L1D-REFILL TLB-ACCESS TLB-REFILL NOT-TAKEN MISPRED "
      "LLC-ACCESS LLC-REFILL REMOTE-ACCESS" },
    /* Word (0x62): 0x80000208 = E[31] (IMPLEMENTATION DEFINED, no name),
     * E[9] LLC-REFILL, E[3] L1D-REFILL */
    { 5, { 0x62, 0x08, 0x02, 0x00, 0x80 }, SPE_PKT_EVENTS, 1, 0, OK, 0x80000208u,
      "EV L1D-REFILL LLC-REFILL" },
    /* Doubleword (0x72): 0x01000000000000C0 = E[56], E[7] MISPRED, E[6]
     * NOT-TAKEN */
    { 9, { 0x72, 0xC0, 0, 0, 0, 0, 0, 0, 0x01 }, SPE_PKT_EVENTS, 1, 0, OK,
      0x01000000000000C0ull, "EV NOT-TAKEN MISPRED" },
    /* Byte, no event */
    { 2, { 0x42, 0x00 }, SPE_PKT_EVENTS, 1, 0, OK, 0, "EV" },

    /* ---- 5.3.5 Data Source: 01 SZ 0011 -> 0x43 | SZ<<4.  Byte (0x43) 5 */
    { 2, { 0x43, 0x05 }, SPE_PKT_DATA_SOURCE, 1, 0, OK, 5, "DATA-SOURCE 5" },
    /* Halfword (0x53) 0x1234 = 4660 */
    { 3, { 0x53, 0x34, 0x12 }, SPE_PKT_DATA_SOURCE, 1, 0, OK, 0x1234, "DATA-SOURCE 4660" },
    /* SZ 0b10 (0x63, 4 bytes) and 0b11 (0x73, 8 bytes): reserved */
    { 5, { 0x63, 0x01, 0x00, 0x00, 0x00 }, SPE_PKT_DATA_SOURCE, 1, 0, RSV, 1,
      "DATA-SOURCE 0x1 (0)" },
    { 9, { 0x73, 0x02, 0, 0, 0, 0, 0, 0, 0 }, SPE_PKT_DATA_SOURCE, 1, 0, RSV, 2,
      "DATA-SOURCE 0x2 (0)" },

    /* ---- 5.3.2 Alignment: byte 0 = 001 0 SIZE, byte 1 = 0x00.  SIZE 0b0001
     * (4 bytes) -> 21 00; perf prints it as PAD */
    { 2, { 0x21, 0x00 }, SPE_PKT_ALIGNMENT, 2, 1, OK, 0, "PAD" },
    /* SIZE 0b1111 (64KB) -> 2F 00 */
    { 2, { 0x2F, 0x00 }, SPE_PKT_ALIGNMENT, 2, 15, OK, 0, "PAD" },
    /* SIZE 0b0000 -> 20 00: reserved */
    { 2, { 0x20, 0x00 }, SPE_PKT_ALIGNMENT, 2, 0, RSV, 0, "ALIGN 0x0 (0)" },

    /* ---- unknown headers: skipped by the size in the header (5.1.1, 5.1.4).
     * 0x02-0x1F: 8-bit header, no payload */
    { 1, { 0x02 }, SPE_PKT_UNKNOWN, 1, 0, RSV, 0, "UNKNOWN 0x0 (hdr 0x02)" },
    { 1, { 0x1F }, SPE_PKT_UNKNOWN, 1, 0, RSV, 0, "UNKNOWN 0x0 (hdr 0x1f)" },
    /* 0x40 = 01 00 0000: no Figure 5 kind, SZ 0b00 -> 1 payload byte */
    { 2, { 0x40, 0xAA }, SPE_PKT_UNKNOWN, 1, 0, RSV, 0xAA, "UNKNOWN 0xaa (hdr 0x40)" },
    /* 0x70 = 01 11 0000 (not Timestamp 0x71), SZ 0b11 -> 8 bytes */
    { 9, { 0x70, 1, 2, 3, 4, 5, 6, 7, 8 }, SPE_PKT_UNKNOWN, 1, 0, RSV, 0x0807060504030201ull,
      "UNKNOWN 0x807060504030201 (hdr 0x70)" },
    /* 0x90 = 10 01 0 000 (Counter needs bit 3 set), SZ 0b01 -> 2 bytes */
    { 3, { 0x90, 0x34, 0x12 }, SPE_PKT_UNKNOWN, 1, 0, RSV, 0x1234, "UNKNOWN 0x1234 (hdr 0x90)" },
    /* 0xA8 = 10 10 1 000 (Address needs SZ 0b11, bit 3 clear), SZ 0b10 -> 4 */
    { 5, { 0xA8, 0, 0, 0, 0 }, SPE_PKT_UNKNOWN, 1, 0, RSV, 0, "UNKNOWN 0x0 (hdr 0xa8)" },
    /* 0xB8 = 10 11 1 000 (Address needs bit 3 clear), SZ 0b11 -> 8 */
    { 9, { 0xB8, 0, 0, 0, 0, 0, 0, 0, 0 }, SPE_PKT_UNKNOWN, 1, 0, RSV, 0,
      "UNKNOWN 0x0 (hdr 0xb8)" },
    /* 0xC0 = 11 00 0000, SZ 0b00 -> 1 byte */
    { 2, { 0xC0, 0x00 }, SPE_PKT_UNKNOWN, 1, 0, RSV, 0, "UNKNOWN 0x0 (hdr 0xc0)" },
    /* 16-bit headers (Figure 2): byte 1 0x00-0x1F, no payload: 20 01 */
    { 2, { 0x20, 0x01 }, SPE_PKT_UNKNOWN, 2, 0, RSV, 0, "UNKNOWN 0x0 (hdr 0x20 0x01)" },
    /* 0x30 0x00: byte 0 bit 4 set, so not an Alignment command (0010 SIZE) */
    { 2, { 0x30, 0x00 }, SPE_PKT_UNKNOWN, 2, 0, RSV, 0, "UNKNOWN 0x0 (hdr 0x30 0x00)" },
    /* 24 B0: byte 0 bits [4:2] not zero, so not an extended Address; byte 1
     * SZ 0b11 -> 8 bytes */
    { 10, { 0x24, 0xB0, 1, 0, 0, 0, 0, 0, 0, 0 }, SPE_PKT_UNKNOWN, 2, 0, RSV, 1,
      "UNKNOWN 0x1 (hdr 0x24 0xb0)" },
    /* 20 42: an extended Events header is not defined; SZ 0b00 -> 1 byte */
    { 3, { 0x20, 0x42, 0x07 }, SPE_PKT_UNKNOWN, 2, 0, RSV, 7, "UNKNOWN 0x7 (hdr 0x20 0x42)" },
    /* 20 60: byte 1 SZ 0b10 -> 4 bytes */
    { 6, { 0x20, 0x60, 0x04, 0x03, 0x02, 0x01 }, SPE_PKT_UNKNOWN, 2, 0, RSV, 0x01020304,
      "UNKNOWN 0x1020304 (hdr 0x20 0x60)" },
    /* 3F 5F: byte 1 SZ 0b01 -> 2 bytes */
    { 4, { 0x3F, 0x5F, 0x01, 0x02 }, SPE_PKT_UNKNOWN, 2, 0, RSV, 0x0201,
      "UNKNOWN 0x201 (hdr 0x3f 0x5f)" },
};

#define NGOLDEN (sizeof goldens / sizeof goldens[0])

static unsigned payload_len_of(const golden *g)
{
    return (unsigned)g->n - g->hdr_len;
}

START_TEST(golden_fields)
{
    const golden *g = &goldens[_i];
    spe_pkt p;
    char text[SPE_PKT_DESC_MAX];
    int n = spe_pkt_parse(g->b, g->n, &p);

    ck_assert_msg(n == g->n, "vector %d (%s): parse returned %d, want %u", _i, g->text, n, g->n);
    ck_assert_int_eq(p.type, g->type);
    ck_assert_uint_eq(p.len, g->n);
    ck_assert_uint_eq(p.hdr_len, g->hdr_len);
    ck_assert_uint_eq(p.payload_len, payload_len_of(g));
    ck_assert_uint_eq(p.hdr[0], g->b[0]);
    if (g->hdr_len == 2)
        ck_assert_uint_eq(p.hdr[1], g->b[1]);
    ck_assert_uint_eq(p.index, g->index);
    ck_assert_msg(p.status == g->status, "vector %d (%s): status %u, want %u", _i, g->text,
                  p.status, g->status);
    ck_assert_msg(p.payload == g->payload, "vector %d (%s): payload 0x%llx, want 0x%llx", _i,
                  g->text, (unsigned long long)p.payload, (unsigned long long)g->payload);
    /* reserved and unknown packets say what is reserved */
    ck_assert(g->status != RSV || p.err != NULL);
    ck_assert_int_eq(spe_pkt_desc(&p, text, sizeof text), (int)strlen(g->text));
    ck_assert_str_eq(text, g->text);
}
END_TEST

START_TEST(golden_prefixes_need_more)
{
    const golden *g = &goldens[_i];
    spe_pkt p;

    for (unsigned m = 0; m < g->n; m++) {
        int n = spe_pkt_parse(g->b, m, &p);
        ck_assert_msg(n == SPE_PKT_NEED_MORE, "vector %d (%s): prefix %u returned %d", _i,
                      g->text, m, n);
        /* once the header is known, the length needed is too */
        if (m >= g->hdr_len)
            ck_assert_uint_eq(p.need, g->n);
        ck_assert_ptr_nonnull(p.err);
    }
}
END_TEST

START_TEST(golden_trailing_bytes_ignored)
{
    const golden *g = &goldens[_i];
    uint8_t buf[SPE_PKT_MAX_LEN + 4];
    spe_pkt p, q;

    memcpy(buf, g->b, g->n);
    memset(buf + g->n, 0xB0, sizeof buf - g->n);
    ck_assert_int_eq(spe_pkt_parse(buf, sizeof buf, &p), g->n);
    ck_assert_int_eq(spe_pkt_parse(g->b, g->n, &q), g->n);
    ck_assert_int_eq(p.type, q.type);
    ck_assert(p.payload == q.payload);
    ck_assert_uint_eq(p.index, q.index);
    ck_assert_uint_eq(p.status, q.status);
}
END_TEST

/* Every header type of spe_pkt_type appears among the vectors, and every
 * possible packet length: 1 or 2 header bytes + 0, 1, 2, 4 or 8 payload
 * bytes = 1, 2, 3, 4, 5, 6, 9, 10. */
START_TEST(golden_coverage)
{
    unsigned types = 0, lens = 0;
    for (size_t i = 0; i < NGOLDEN; i++) {
        types |= 1u << goldens[i].type;
        lens |= 1u << goldens[i].n;
    }
    ck_assert_uint_eq(types, (1u << SPE_PKT_TYPE_COUNT) - 1u);
    ck_assert_uint_eq(lens, 0x67Eu);
}
END_TEST

/* Figure 2: an extended header whose byte 1 is 0x20-0x3F is reserved and
 * carries no size: bad, with the offending byte's offset. */
START_TEST(reserved_extended_byte1_is_bad)
{
    for (unsigned h0 = 0x20; h0 <= 0x3F; h0++)
        for (unsigned h1 = SPE_HDR1_RESERVED_MIN; h1 <= SPE_HDR1_RESERVED_MAX; h1++) {
            uint8_t b[12] = { (uint8_t)h0, (uint8_t)h1, 0x01 };
            spe_pkt p;
            ck_assert_int_eq(spe_pkt_parse(b, sizeof b, &p), SPE_PKT_BAD);
            ck_assert_uint_eq(p.err_off, 1);
            ck_assert_ptr_nonnull(p.err);
            ck_assert_int_eq(spe_pkt_parse(b, 1, &p), SPE_PKT_NEED_MORE);
            ck_assert_uint_eq(p.need, 0);
        }
}
END_TEST

/* Every two-byte start parses to a known size, is bad (reserved extended
 * byte 1 only), or asks for more bytes; never more than SPE_PKT_MAX_LEN. */
START_TEST(all_headers)
{
    uint8_t b[SPE_PKT_MAX_LEN];
    unsigned bad = 0, unknown = 0;

    memset(b, 0x5A, sizeof b);
    for (unsigned h0 = 0; h0 < 256; h0++)
        for (unsigned h1 = 0; h1 < 256; h1++) {
            spe_pkt p;
            int n, want;
            unsigned plen;
            b[0] = (uint8_t)h0;
            b[1] = (uint8_t)h1;
            n = spe_pkt_parse(b, sizeof b, &p);
            if ((h0 & 0xE0u) == 0x20u) {
                if (h1 >= 0x20 && h1 <= 0x3F) {
                    ck_assert_int_eq(n, SPE_PKT_BAD);
                    bad++;
                    continue;
                }
                plen = h1 < 0x20 ? 0 : 1u << ((h1 >> 4) & 3u);
                want = 2 + (int)plen;
            } else {
                plen = h0 < 0x20 ? 0 : 1u << ((h0 >> 4) & 3u);
                want = 1 + (int)plen;
            }
            ck_assert_int_eq(n, want);
            ck_assert_uint_eq(p.payload_len, plen);
            if (p.type == SPE_PKT_UNKNOWN && h1 == 0)
                unknown++;
        }
    ck_assert_uint_eq(bad, 32u * 32u);
    /* 8-bit headers of no Figure 5 kind, counted once (h1 == 0):
     * 0x02-0x1F (30), 0x40-0xFF outside the kinds: 192 - (Events 4 +
     * Data Source 4 + Context 4 + Operation Type 4 + Timestamp 1 +
     * Address 8 + Counter 8) = 159; 16-bit headers with byte 1 == 0 that
     * are not Alignment: 0x30-0x3F (16). */
    ck_assert_uint_eq(unknown, 30u + 159u + 16u);
}
END_TEST

START_TEST(align_skip)
{
    spe_pkt p;
    const uint8_t a4[2] = { 0x21, 0x00 }, a16[2] = { 0x23, 0x00 }, a64k[2] = { 0x2F, 0x00 };
    const uint8_t rsv[2] = { 0x20, 0x00 }, pad[1] = { 0x00 };

    /* SIZE 1: 4-byte alignment.  Command at 0..1 -> next byte at 4: skip 2 */
    spe_pkt_parse(a4, 2, &p);
    ck_assert_uint_eq(SPE_ALIGN_BYTES(p.index), 4);
    ck_assert_uint_eq(spe_align_skip(&p, 2), 2);
    ck_assert_uint_eq(spe_align_skip(&p, 4), 0);
    ck_assert_uint_eq(spe_align_skip(&p, 7), 1);
    /* SIZE 3: 16 bytes.  Command ending at 18 -> next byte at 32: skip 14 */
    spe_pkt_parse(a16, 2, &p);
    ck_assert_uint_eq(spe_align_skip(&p, 18), 14);
    ck_assert_uint_eq(spe_align_skip(&p, 0x100000), 0);
    /* SIZE 15: 64KB; fewer than 64K bytes are ever skipped (5.3.2 Note) */
    spe_pkt_parse(a64k, 2, &p);
    ck_assert_uint_eq(SPE_ALIGN_BYTES(p.index), 65536);
    ck_assert_uint_eq(spe_align_skip(&p, 2), 65534);
    ck_assert_uint_eq(spe_align_skip(&p, 65536), 0);
    ck_assert_uint_eq(spe_align_skip(&p, UINT64_C(0xFFFFFFFFFFFFFFFF)), 1);
    /* reserved SIZE and other packets skip nothing */
    spe_pkt_parse(rsv, 2, &p);
    ck_assert_uint_eq(spe_align_skip(&p, 2), 0);
    spe_pkt_parse(pad, 1, &p);
    ck_assert_uint_eq(spe_align_skip(&p, 1), 0);
}
END_TEST

/* perf report -D line layout: ".  %08x: " then " %02x" per byte, padded to
 * 16 byte columns, then " " and the text; the examples are perf's own. */
START_TEST(dump_lines)
{
    char line[256];
    const uint8_t ts[9] = { 0x71, 0xa5, 0x1f, 0xb3, 0x20, 0x14, 0x00, 0x00, 0x00 };
    const uint8_t pc[9] = { 0xb0, 0xf4, 0xd3, 0x29, 0x10, 0x00, 0x80, 0xff, 0xa0 };
    const uint8_t pad[3] = { 0, 0, 0 };
    const uint8_t ld[2] = { 0x49, 0x00 };
    const uint8_t bad[1] = { 0x20 };
    uint8_t sixteen[16];
    spe_pkt p;
    char desc[SPE_PKT_DESC_MAX];

    ck_assert_int_eq(spe_pkt_parse(ts, sizeof ts, &p), 9);
    spe_pkt_desc(&p, desc, sizeof desc);
    ck_assert_int_gt(spe_dump_line(0x23, ts, sizeof ts, desc, line, sizeof line), 0);
    ck_assert_str_eq(line, ".  00000023:  71 a5 1f b3 20 14 00 00 00"
                           "                      TS 86447955877");
    ck_assert_int_eq(spe_pkt_parse(pc, sizeof pc, &p), 9);
    spe_pkt_desc(&p, desc, sizeof desc);
    spe_dump_line(0, pc, sizeof pc, desc, line, sizeof line);
    ck_assert_str_eq(line, ".  00000000:  b0 f4 d3 29 10 00 80 ff a0"
                           "                      PC 0xff80001029d3f4 el1 ns=1");
    spe_dump_line(0x20, pad, sizeof pad, "PAD", line, sizeof line);
    ck_assert_str_eq(line, ".  00000020:  00 00 00"
                           "                                        PAD");
    ck_assert_int_eq(spe_pkt_parse(ld, sizeof ld, &p), 2);
    spe_pkt_desc(&p, desc, sizeof desc);
    spe_dump_line(0x12, ld, sizeof ld, desc, line, sizeof line);
    ck_assert_str_eq(line, ".  00000012:  49 00"
                           "                                           LD GP-REG");
    spe_dump_line(0x1234, bad, 1, NULL, line, sizeof line);
    ck_assert_str_eq(line, ".  00001234:  20"
                           "                                              Bad packet!");
    memset(sixteen, 0, sizeof sixteen);
    spe_dump_line(0x100000000ull, sixteen, 16, "PAD", line, sizeof line);
    ck_assert_str_eq(line, ".  100000000:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 PAD");
}
END_TEST

/* Text that does not fit: -1 and a NUL-terminated prefix; never overflow. */
START_TEST(desc_truncation)
{
    const golden *g = NULL;
    spe_pkt p;
    char small[20];
    char line[40];

    /* the Events halfword with every event: the longest text */
    for (size_t i = 0; i < NGOLDEN && !g; i++)
        if (strncmp(goldens[i].text, "EV EXCEPTION-GEN", 16) == 0)
            g = &goldens[i];
    ck_assert_ptr_nonnull(g);
    spe_pkt_parse(g->b, g->n, &p);
    memset(small, 'x', sizeof small);
    ck_assert_int_eq(spe_pkt_desc(&p, small, sizeof small), -1);
    ck_assert(memchr(small, '\0', sizeof small) != NULL);
    ck_assert(strncmp(small, "EV EXCEPTION-GEN", 16) == 0);
    ck_assert_int_eq(spe_pkt_desc(&p, small, 0), -1);
    ck_assert_int_eq(spe_dump_line(0, g->b, g->n, "X", line, sizeof line), -1);
    ck_assert(memchr(line, '\0', sizeof line) != NULL);
    ck_assert_int_eq(spe_events_desc(0x7FF, small, sizeof small), -1);
    ck_assert_int_eq(spe_op_desc(1, 0x1F, small, sizeof small), (int)strlen("ST AT EXCL AR"));
}
END_TEST

START_TEST(names_and_fields)
{
    static const char *const names[SPE_PKT_TYPE_COUNT] = {
        "PAD", "END", "TS", "ADDR", "LAT", "CONTEXT", "OP-TYPE", "EVENTS", "DATA-SOURCE",
        "ALIGN", "UNKNOWN"
    };
    for (unsigned t = 0; t < SPE_PKT_TYPE_COUNT; t++)
        ck_assert_str_eq(spe_pkt_type_name((spe_pkt_type)t), names[t]);
    ck_assert_str_eq(spe_pkt_type_name(SPE_PKT_TYPE_COUNT), "?");
    ck_assert_str_eq(spe_event_name(SPE_EV_TLB_WALK), "TLB-REFILL");
    ck_assert_str_eq(spe_event_name(SPE_EV_LLC_MISS), "LLC-REFILL");
    ck_assert_ptr_null(spe_event_name(11));
    ck_assert_ptr_null(spe_event_name(63));
    /* 5.3.1: NS byte 7 bit 7, EL byte 7 bits [6:5], ADDR bytes <6:0> */
    ck_assert_uint_eq(spe_addr_ns(0x8000000000000000ull), 1);
    ck_assert_uint_eq(spe_addr_el(0x6000000000000000ull), 3);
    ck_assert_uint_eq(spe_addr_el(0x9F00000000000000ull), 0);
    ck_assert(spe_addr_value(0xFFFFFFFFFFFFFFFFull) == 0x00FFFFFFFFFFFFFFull);
    /* IMPLEMENTATION DEFINED INDEX values: 0b0011x and 0b1xxxx */
    for (unsigned i = 0; i < 32; i++)
        ck_assert_int_eq(SPE_ADDR_IS_IMPDEF(i) != 0, i == 6 || i == 7 || i >= 16);
    ck_assert(spe_op_valid(3, 0) == 0);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("spe_pkt");
    TCase *tc = tcase_create("golden");

    tcase_add_loop_test(tc, golden_fields, 0, (int)NGOLDEN);
    tcase_add_loop_test(tc, golden_prefixes_need_more, 0, (int)NGOLDEN);
    tcase_add_loop_test(tc, golden_trailing_bytes_ignored, 0, (int)NGOLDEN);
    tcase_add_test(tc, golden_coverage);
    tcase_add_test(tc, reserved_extended_byte1_is_bad);
    tcase_add_test(tc, all_headers);
    tcase_add_test(tc, align_skip);
    tcase_add_test(tc, dump_lines);
    tcase_add_test(tc, desc_truncation);
    tcase_add_test(tc, names_and_fields);
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
