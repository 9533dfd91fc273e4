/* Golden vectors of the ETMv1 branch address packet (ARM IHI 0014Q 6.7.1),
 * derived by hand from the document, against the model (model/etmv1) and the
 * decoder (sw/etmv1).
 *
 * How a packet is derived (6.7.1 "Branch address generation", Table 6.9):
 *   ARM   byte 0 = {C, A[7:2], 1}   Thumb  byte 0 = {C, A[6:1], 1}
 *         byte 1 = {C, A[14:8]}            byte 1 = {C, A[13:7]}
 *         byte 2 = {C, A[21:15]}           byte 2 = {C, A[20:14]}
 *         byte 3 = {C, A[28:22]}           byte 3 = {C, A[27:21]}
 *         byte 4 = {0, E, 0, 0, 1, A[31:29]}   byte 4 = {0, 0, 0, 1, A[31:28]}
 * (the trailing 1 of step 3 is bit 0 of byte 0; the 1 of step 1 lands on
 * bit 3 (ARM) or bit 4 (Thumb) of byte 4; C = 1 in every byte but the
 * last, step 5).  A packet of n < 5 bytes carries the first n rows and
 * replaces those bits of the last address; its length is the fewest rows
 * that hold every changed bit. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "etmv1_dec.h"
#include "etmv1_model.h"
#include "etmv1_pkt.h"

typedef struct vec {
    const char *what;
    etmv1_branch in;
    unsigned n;
    uint8_t bytes[5];
} vec;

/* One sequence: each packet depends on the one before (the last address). */
static const vec seq[] = {
    /* full ARM 0x12345678 (first address after reset: five bytes):
     *   A[7:2]   = 0x78 >> 2 = 011110     -> {1,011110,1}       = 0xBD
     *   A[14:8]  = 0x56                   -> {1,1010110}        = 0xD6
     *   A[21:15] = (0x12345678>>15)&0x7F = 0x2468&0x7F = 0x68 -> 0xE8
     *   A[28:22] = (0x12345678>>22)&0x7F = 0x48 -> 0xC8
     *   A[31:29] = 000, E = 0 -> b0 0 001 000 = 0x08 */
    { "full ARM", { 0x12345678u, ETMV1_ISA_ARM, 0, 0 }, 5, { 0xBD, 0xD6, 0xE8, 0xC8, 0x08 } },
    /* 1 byte: 0x12345678 -> 0x1234567C, only A[2] changed (in A[7:2]):
     *   {0, A[7:2] = 011111, 1} = 0x3F */
    { "1 byte", { 0x1234567Cu, ETMV1_ISA_ARM, 0, 0 }, 1, { 0x3F } },
    /* 2 bytes: -> 0x12345A7C, A[11:10] changed (0x56 -> 0x5A, in A[14:8]):
     *   {1,011111,1} = 0xBF, {0, A[14:8] = 0x5A} = 0x5A */
    { "2 bytes", { 0x12345A7Cu, ETMV1_ISA_ARM, 0, 0 }, 2, { 0xBF, 0x5A } },
    /* 3 bytes, the example of 6.7.1: -> 0x12385A7C, A[19:18] changed, A[19]
     * the top one, so A[19:0] goes out, "three address packets":
     *   0xBF, {1,0x5A} = 0xDA, {0, A[21:15] = 0x2470&0x7F = 0x70} = 0x70 */
    { "3 bytes (6.7.1 example)", { 0x12385A7Cu, ETMV1_ISA_ARM, 0, 0 }, 3,
      { 0xBF, 0xDA, 0x70 } },
    /* 4 bytes: -> 0x1A385A7C, A[27] changed (in A[28:22]):
     *   0xBF, 0xDA, {1,0x70} = 0xF0, {0, A[28:22] = 0x1A385A7C>>22 = 0x68} = 0x68 */
    { "4 bytes", { 0x1A385A7Cu, ETMV1_ISA_ARM, 0, 0 }, 4, { 0xBF, 0xDA, 0xF0, 0x68 } },
    /* 5 bytes by change: -> 0x3A385A7C, A[29] changed (in the fifth byte):
     *   0xBF 0xDA 0xF0, {1, 0x3A385A7C>>22 & 0x7F = 0xE8&0x7F = 0x68} = 0xE8,
     *   {0,0,0,0,1, A[31:29] = 001} = 0x09 */
    { "5 bytes by change", { 0x3A385A7Cu, ETMV1_ISA_ARM, 0, 0 }, 5,
      { 0xBF, 0xDA, 0xF0, 0xE8, 0x09 } },
    /* E bit: exception branch to 0x00000018 (forces five bytes, E in byte 4):
     *   {1, A[7:2] = 000110, 1} = 0x8D, 0x80, 0x80, 0x80,
     *   {0, E=1, 0, 0, 1, 000} = 0x48 */
    { "E bit", { 0x00000018u, ETMV1_ISA_ARM, 1, 0 }, 5, { 0x8D, 0x80, 0x80, 0x80, 0x48 } },
    /* the same address again, not an exception: nothing changed, the
     * shortest packet: {0, 000110, 1} = 0x0D */
    { "unchanged", { 0x00000018u, ETMV1_ISA_ARM, 0, 0 }, 1, { 0x0D } },
    /* force (sync): 0x0000001C, only A[2] changed, but full requested:
     *   {1, 000111, 1} = 0x8F, 0x80, 0x80, 0x80, 0x08 */
    { "forced full", { 0x0000001Cu, ETMV1_ISA_ARM, 0, 1 }, 5, { 0x8F, 0x80, 0x80, 0x80, 0x08 } },
    /* full Thumb 0x87654322 (state change: the marker moves, five bytes):
     *   A[6:1]   = 0x22 >> 1 = 010001       -> {1,010001,1} = 0xA3
     *   A[13:7]  = (0x87654322>>7)&0x7F = 0x10ECA86&0x7F = 0x06 -> 0x86
     *   A[20:14] = (0x87654322>>14)&0x7F = 0x21D95&0x7F = 0x15  -> 0x95
     *   A[27:21] = (0x87654322>>21)&0x7F = 0x43B&0x7F = 0x3B    -> 0xBB
     *   A[31:28] = 1000 -> b0001 1000 = 0x18 */
    { "full Thumb", { 0x87654322u, ETMV1_ISA_THUMB, 0, 0 }, 5, { 0xA3, 0x86, 0x95, 0xBB, 0x18 } },
    /* Thumb, 1 byte: -> 0x87654324, A[2:1] changed: {0, A[6:1] = 010010, 1} = 0x25 */
    { "Thumb 1 byte", { 0x87654324u, ETMV1_ISA_THUMB, 0, 0 }, 1, { 0x25 } },
    /* Thumb, 2 bytes: -> 0x87654024, A[9:8] changed (in A[13:7]):
     *   {1,010010,1} = 0xA5, {0, (0x87654024>>7)&0x7F = 0x10ECA80&0x7F = 0x00} = 0x00 */
    { "Thumb 2 bytes", { 0x87654024u, ETMV1_ISA_THUMB, 0, 0 }, 2, { 0xA5, 0x00 } },
    /* back to ARM at 0x87654324: the state changed, five bytes:
     *   {1, A[7:2] = 001001, 1} = 0x93, {1, A[14:8] = 0x43} = 0xC3,
     *   {1, 0x10ECA&0x7F = 0x4A} = 0xCA, {1, 0x21D&0x7F = 0x1D} = 0x9D,
     *   {0,0,0,0,1, A[31:29] = 100} = 0x0C */
    { "Thumb to ARM", { 0x87654324u, ETMV1_ISA_ARM, 0, 0 }, 5, { 0x93, 0xC3, 0xCA, 0x9D, 0x0C } },
};
#define NSEQ (sizeof seq / sizeof seq[0])

START_TEST(test_model_vectors)
{
    etmv1_model m;
    char err[200];
    etmv1_model_reset(&m);
    for (size_t i = 0; i < NSEQ; i++) {
        uint8_t out[ETMV1_BA_MAX_LEN] = { 0 };
        int n = etmv1_model_encode(&m, &seq[i].in, out, err, sizeof err);
        ck_assert_msg(n == (int)seq[i].n, "%s: %d bytes, expected %u (%s)", seq[i].what, n,
                      seq[i].n, n < 0 ? err : "");
        for (unsigned k = 0; k < seq[i].n; k++)
            ck_assert_msg(out[k] == seq[i].bytes[k], "%s: byte %u is 0x%02x, expected 0x%02x",
                          seq[i].what, k, out[k], seq[i].bytes[k]);
    }
}
END_TEST

START_TEST(test_decoder_vectors)
{
    uint8_t buf[NSEQ * 5];
    size_t len = 0;
    for (size_t i = 0; i < NSEQ; i++)
        for (unsigned k = 0; k < seq[i].n; k++)
            buf[len++] = seq[i].bytes[k];
    etmv1_dec d;
    etmv1_addr a;
    etmv1_dec_init(&d, buf, len, 0);
    size_t off = 0;
    for (size_t i = 0; i < NSEQ; i++) {
        int rc = etmv1_dec_next(&d, &a);
        ck_assert_msg(rc == ETMV1_DEC_ADDR, "%s: rc %d (%s)", seq[i].what, rc, d.err);
        ck_assert_msg(a.offset == off && a.len == seq[i].n, "%s: offset %llu len %u",
                      seq[i].what, (unsigned long long)a.offset, a.len);
        ck_assert_msg(a.addr == seq[i].in.target, "%s: address 0x%08x, expected 0x%08x",
                      seq[i].what, a.addr, seq[i].in.target);
        ck_assert_msg(a.isa == seq[i].in.isa && a.e == seq[i].in.exc, "%s: isa %u e %u",
                      seq[i].what, a.isa, a.e);
        off += seq[i].n;
    }
    ck_assert_int_eq(etmv1_dec_next(&d, &a), ETMV1_DEC_EOF);
    ck_assert_uint_eq(d.errors, 0);
}
END_TEST

/* Table 6.9: after four bytes with bit 7 set, the fifth byte must be
 * b0E001XXX (ARM: 0x08-0x0F, E set 0x48-0x4F) or b0001XXXX (Thumb:
 * 0x10-0x1F).  All other 224 values are reserved and rejected at offset 4. */
START_TEST(test_fifth_byte_forms)
{
    unsigned legal = 0;
    for (unsigned v = 0; v < 256; v++) {
        uint8_t b[5] = { 0x81, 0x80, 0x80, 0x80, (uint8_t)v };
        int is_arm = (v >= 0x08 && v <= 0x0F) || (v >= 0x48 && v <= 0x4F);
        int is_thumb = v >= 0x10 && v <= 0x1F;
        etmv1_pkt p;
        int n = etmv1_pkt_parse(b, sizeof b, &p);
        if (is_arm || is_thumb) {
            legal++;
            ck_assert_msg(n == 5 && p.full, "fifth byte 0x%02x: rc %d", v, n);
            ck_assert_uint_eq(p.isa, is_thumb ? ETMV1_ISA_THUMB : ETMV1_ISA_ARM);
            ck_assert_uint_eq(p.e, (v & 0x40) ? 1u : 0u);
            uint32_t want = is_thumb ? (uint32_t)(v & 0xF) << 28 : (uint32_t)(v & 7) << 29;
            ck_assert_msg(p.addr == want, "fifth byte 0x%02x: address 0x%08x", v, p.addr);
        } else {
            ck_assert_msg(n == ETMV1_PKT_BAD, "reserved fifth byte 0x%02x accepted", v);
            ck_assert_uint_eq(p.err_off, 4);
            ck_assert_msg(p.err && strstr(p.err, "reserved fifth byte"), "0x%02x: %s", v,
                          p.err ? p.err : "(null)");
            /* the stream decoder names the offset too */
            etmv1_dec d;
            etmv1_addr a;
            uint8_t s[6] = { 0x0D, 0x81, 0x80, 0x80, 0x80, (uint8_t)v };
            etmv1_dec_init(&d, s, sizeof s, 100);
            ck_assert_int_eq(etmv1_dec_next(&d, &a), ETMV1_DEC_ERROR); /* 0x0D: no full yet */
            ck_assert_uint_eq(d.err_off, 100);
            ck_assert_int_eq(etmv1_dec_next(&d, &a), ETMV1_DEC_ERROR);
            ck_assert_uint_eq(d.err_off, 105);
            ck_assert_int_eq(etmv1_dec_next(&d, &a), ETMV1_DEC_EOF);
        }
    }
    ck_assert_uint_eq(legal, 32);
}
END_TEST

/* Truncated packets: every proper prefix of a five-byte packet whose bytes
 * all carry the continuation bit needs more; the stream decoder reports the
 * end offset. */
START_TEST(test_truncated)
{
    const uint8_t full[5] = { 0xBD, 0xD6, 0xE8, 0xC8, 0x08 };
    for (size_t n = 0; n < 5; n++) {
        etmv1_pkt p;
        ck_assert_int_eq(etmv1_pkt_parse(full, n, &p), ETMV1_PKT_NEED_MORE);
        ck_assert_ptr_nonnull(p.err);
        if (n == 0)
            continue;
        etmv1_dec d;
        etmv1_addr a;
        etmv1_dec_init(&d, full, n, 7);
        ck_assert_int_eq(etmv1_dec_next(&d, &a), ETMV1_DEC_ERROR);
        ck_assert_uint_eq(d.err_off, 7 + n);
        ck_assert_msg(strstr(d.err, "truncated") != NULL, "%s", d.err);
        ck_assert_int_eq(etmv1_dec_next(&d, &a), ETMV1_DEC_EOF);
    }
    /* a byte with bit 0 clear cannot start a branch address (step 3) */
    const uint8_t notba[2] = { 0x3F, 0x02 };
    etmv1_dec d;
    etmv1_addr a;
    etmv1_dec_init(&d, notba, 2, 0);
    ck_assert_int_eq(etmv1_dec_next(&d, &a), ETMV1_DEC_ERROR); /* partial, no full yet */
    ck_assert_uint_eq(d.err_off, 0);
    ck_assert_int_eq(etmv1_dec_next(&d, &a), ETMV1_DEC_ERROR);
    ck_assert_uint_eq(d.err_off, 1);
    ck_assert_msg(strstr(d.err, "bit 0") != NULL, "%s", d.err);
}
END_TEST

/* Inputs the model refuses, each with a message. */
START_TEST(test_model_rejects)
{
    etmv1_model m;
    char err[200];
    uint8_t out[5];
    const etmv1_branch bad[] = {
        { 0x1002u, ETMV1_ISA_ARM, 0, 0 },   /* ARM, not word aligned */
        { 0x1001u, ETMV1_ISA_THUMB, 0, 0 }, /* Thumb, odd */
        { 0x1000u, ETMV1_ISA_THUMB, 1, 0 }, /* no E bit for Thumb */
        { 0x1000u, 2u, 0, 0 },              /* no such state */
    };
    etmv1_model_reset(&m);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        ck_assert_int_eq(etmv1_model_encode(&m, &bad[i], out, err, sizeof err), -1);
        ck_assert_msg(strlen(err) > 10, "case %zu: no message", i);
        ck_assert_uint_eq(m.have, 0);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("etmv1_vectors");
    TCase *tc = tcase_create("golden");
    tcase_add_test(tc, test_model_vectors);
    tcase_add_test(tc, test_decoder_vectors);
    tcase_add_test(tc, test_fifth_byte_forms);
    tcase_add_test(tc, test_truncated);
    tcase_add_test(tc, test_model_rejects);
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
