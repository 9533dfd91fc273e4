/* The SPE record layer (5.1.2 records, 5.1.4 framing and forwards
 * compatibility, 5.3.2 alignment), the perf-format dump of a stream, the
 * CSV records and the profile summary, on streams built by hand. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spe_dec.h"
#include "spe_dump.h"
#include "spe_stats.h"

/* A record as perf's own SPE dump example shows it (perf report -D):
 * PC 0xff80001029d3f4 el1 ns=1, LAT 11 ISSUE, LAT 13 TOT,
 * EV RETIRED L1D-ACCESS TLB-ACCESS, LD, VA 0xff000070d840d0, LAT 1 XLAT,
 * three PAD bytes, TS 86447955877: 44 bytes. */
static const uint8_t perf_rec[44] = {
    0xb0, 0xf4, 0xd3, 0x29, 0x10, 0x00, 0x80, 0xff, 0xa0,
    0x99, 0x0b, 0x00,
    0x98, 0x0d, 0x00,
    0x52, 0x16, 0x00,
    0x49, 0x00,
    0xb2, 0xd0, 0x40, 0xd8, 0x70, 0x00, 0x00, 0xff, 0x00,
    0x9a, 0x01, 0x00,
    0x00, 0x00, 0x00,
    0x71, 0xa5, 0x1f, 0xb3, 0x20, 0x14, 0x00, 0x00, 0x00,
};

/* A short End-terminated record: PC 0x1000 el0 ns=1 (byte 7 = 0x80),
 * B COND (0x4A 0x01), End: 12 bytes. */
#define REC_END_PC1000 0xB0, 0x00, 0x10, 0, 0, 0, 0, 0, 0x80, 0x4A, 0x01, 0x01

typedef struct buf {
    uint8_t b[512];
    size_t n;
} buf;

static void put(buf *s, const uint8_t *b, size_t n)
{
    ck_assert(s->n + n <= sizeof s->b);
    memcpy(s->b + s->n, b, n);
    s->n += n;
}

#define PUT(s, ...)                                                                        \
    do {                                                                                   \
        const uint8_t put_b_[] = { __VA_ARGS__ };                                          \
        put((s), put_b_, sizeof put_b_);                                                   \
    } while (0)

START_TEST(perf_example_record)
{
    spe_dec d;
    spe_record r;

    spe_dec_init(&d, perf_rec, sizeof perf_rec, 0);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 0 && r.size == 44);
    ck_assert(r.packets == 8); /* padding is not a record packet */
    ck_assert_uint_eq(r.present, SPE_REC_ADDR(SPE_ADDR_PC) | SPE_REC_ADDR(SPE_ADDR_VA) |
                                 SPE_REC_LAT(SPE_CNT_TOTAL) | SPE_REC_LAT(SPE_CNT_ISSUE) |
                                 SPE_REC_LAT(SPE_CNT_XLAT) | SPE_REC_EVENTS | SPE_REC_OP |
                                 SPE_REC_TS);
    ck_assert(r.addr[SPE_ADDR_PC] == 0xa0ff80001029d3f4ull);
    ck_assert(spe_addr_value(r.addr[SPE_ADDR_PC]) == 0xff80001029d3f4ull);
    ck_assert_uint_eq(spe_addr_el(r.addr[SPE_ADDR_PC]), 1);
    ck_assert_uint_eq(spe_addr_ns(r.addr[SPE_ADDR_PC]), 1);
    ck_assert(r.addr[SPE_ADDR_VA] == 0x00ff000070d840d0ull);
    ck_assert_uint_eq(r.lat[SPE_CNT_TOTAL], 13);
    ck_assert_uint_eq(r.lat[SPE_CNT_ISSUE], 11);
    ck_assert_uint_eq(r.lat[SPE_CNT_XLAT], 1);
    ck_assert(r.events == 0x16 && r.events_len == 2);
    ck_assert_uint_eq(r.op_class, SPE_OP_CLASS_LDST);
    ck_assert_uint_eq(r.op_sub, 0);
    ck_assert(r.ts == 86447955877ull);
    ck_assert_uint_eq(r.ignored + r.impdef + r.repeated, 0);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);
    ck_assert(d.records == 1 && d.packets == 8 && d.pad_bytes == 3 && d.errors == 0);
}
END_TEST

/* 5.1.2 and 5.1.4: records end with End or Timestamp; Padding lies between
 * records or inside them. */
START_TEST(records_and_padding)
{
    buf s = { .n = 0 };
    spe_dec d;
    spe_record r;

    PUT(&s, 0x00, 0x00);                 /* 0: padding before the first record */
    PUT(&s, REC_END_PC1000);             /* 2..13 */
    PUT(&s, 0x00);                       /* 14 */
    put(&s, perf_rec, sizeof perf_rec);  /* 15..58 */
    PUT(&s, 0x01);                       /* 59: a record that is only an End */
    PUT(&s, 0x00, 0x00, 0x00);           /* 60..62 */
    spe_dec_init(&d, s.b, s.n, 0);

    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 2 && r.size == 12 && r.packets == 3);
    ck_assert_uint_eq(r.present, SPE_REC_ADDR(SPE_ADDR_PC) | SPE_REC_OP);
    ck_assert(spe_addr_value(r.addr[SPE_ADDR_PC]) == 0x1000);
    ck_assert_uint_eq(r.op_class, SPE_OP_CLASS_BRANCH);
    ck_assert_uint_eq(r.op_sub, SPE_OP_BR_COND);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 15 && r.size == 44);
    ck_assert(r.ts == 86447955877ull);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 59 && r.size == 1 && r.packets == 1 && r.present == 0);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);
    ck_assert(d.records == 3 && d.pad_bytes == 2 + 1 + 3 + 3 && d.errors == 0);
}
END_TEST

/* 5.3.2: the bytes between an Alignment command and the next aligned offset
 * are UNKNOWN and never parsed, even when they look like a bad header. */
START_TEST(alignment_skips_unknown_bytes)
{
    buf s = { .n = 0 };
    spe_dec d;
    spe_record r;

    PUT(&s, REC_END_PC1000);             /* 0..11 */
    PUT(&s, 0x23, 0x00);                 /* 12..13: align to 16 -> skip 2 */
    PUT(&s, 0x20, 0x20);                 /* 14..15: would be a bad header */
    PUT(&s, REC_END_PC1000);             /* 16..27 */
    PUT(&s, 0x21, 0x00);                 /* 28..29: align to 4 -> skip 2 */
    PUT(&s, 0x3F, 0x3F);                 /* 30..31 */
    PUT(&s, 0x21, 0x00);                 /* 32..33: align to 4 -> skip 2 */
    PUT(&s, 0xFF, 0xFF);                 /* 34..35 */
    PUT(&s, 0x22, 0x00);                 /* 36..37: align to 8 -> skip 2 */
    PUT(&s, 0x20, 0x3A);                 /* 38..39 */
    PUT(&s, 0x01);                       /* 40: End-only record */
    PUT(&s, 0x21, 0x00);                 /* 41..42: align to 4 -> skip 1 */
    PUT(&s, 0x20);                       /* 43 */
    spe_dec_init(&d, s.b, s.n, 0);

    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 0);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 16 && r.size == 12);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 40 && r.size == 1);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);
    ck_assert(d.errors == 0 && d.align_bytes == 4 + 4 + 4 + 4 + 3);

    /* alignment counts from stream offset 0: with the first byte at offset
     * 16 every skip is as at offset 0; at offset 2 the first command ends at
     * 16, skips nothing, and 0x20 0x20 is parsed, a bad packet. */
    spe_dec_init(&d, s.b, s.n, 16);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 16);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 32);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);
    ck_assert(d.errors == 0);
    spe_dec_init(&d, s.b, 16, 2);
    /* 12..13 at stream offsets 14..15: the next multiple of 16 is 16, skip 0;
     * then 0x20 0x20 is parsed, and it is bad */
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_ERROR);
    ck_assert(d.err_off == 16);
}
END_TEST

/* 5.1.4: unknown packets and reserved values are skipped by size and
 * ignored; IMPLEMENTATION DEFINED addresses and counters (5.4) too. */
START_TEST(reserved_and_impdef_ignored)
{
    buf s = { .n = 0 };
    spe_dec d;
    spe_record r;

    PUT(&s, 0x66, 0x01, 0x00, 0x00, 0x00);             /* Context INDEX 2: reserved */
    PUT(&s, 0x4B, 0x00);                               /* Operation Type CLASS 3 */
    PUT(&s, 0x48, 0x07);                               /* Other, reserved SUBCLASS */
    PUT(&s, 0xB4, 1, 2, 3, 4, 5, 6, 7, 8);             /* Address INDEX 4 */
    PUT(&s, 0x70, 0x01, 0x71, 0x01, 0, 0, 0, 0, 0);    /* unknown, 8 bytes */
    PUT(&s, 0x02);                                     /* unknown, no payload */
    PUT(&s, 0x20, 0x00);                               /* Alignment SIZE 0 */
    PUT(&s, 0x63, 0x01, 0x01, 0x01, 0x01);             /* Data Source SZ 0b10 */
    PUT(&s, 0x20, 0x60, 0x01, 0x01, 0x01, 0x01);       /* unknown extended, 4 bytes */
    PUT(&s, 0xB6, 9, 9, 9, 9, 9, 9, 9, 9);             /* Address INDEX 6: IMP DEF */
    PUT(&s, 0x22, 0x98, 0x01, 0x00);                   /* Counter INDEX 16: IMP DEF */
    PUT(&s, 0x9B, 0x01, 0x00);                         /* Counter INDEX 3: reserved */
    PUT(&s, 0x43, 0x07);                               /* Data Source 7 */
    PUT(&s, 0x01);
    spe_dec_init(&d, s.b, s.n, 0);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 0 && r.size == s.n && r.packets == 14);
    ck_assert_uint_eq(r.present, SPE_REC_DS);
    ck_assert_uint_eq(r.data_source, 7);
    ck_assert_uint_eq(r.ignored, 10);
    ck_assert_uint_eq(r.impdef, 2);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);
    ck_assert(d.ignored == 10 && d.impdef == 2 && d.errors == 0 && d.bad == 0);
}
END_TEST

START_TEST(repeated_packet_last_wins)
{
    buf s = { .n = 0 };
    spe_dec d;
    spe_record r;

    PUT(&s, 0xB0, 0x10, 0, 0, 0, 0, 0, 0, 0);
    PUT(&s, 0xB0, 0x20, 0, 0, 0, 0, 0, 0, 0);
    PUT(&s, 0x65, 0x05, 0, 0, 0);
    PUT(&s, 0x01);
    spe_dec_init(&d, s.b, s.n, 0);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.addr[SPE_ADDR_PC] == 0x20);
    ck_assert_uint_eq(r.repeated, 1);
    ck_assert_uint_eq(r.ctx[SPE_CTX_EL2], 5);
    ck_assert_uint_eq(r.present, SPE_REC_ADDR(SPE_ADDR_PC) | SPE_REC_CTX(SPE_CTX_EL2));
}
END_TEST

/* A bad byte: error at its offset, the record in progress and the packets
 * up to the next End/Timestamp are dropped, decoding carries on. */
START_TEST(bad_byte_resync)
{
    buf s = { .n = 0 };
    spe_dec d;
    spe_record r;

    PUT(&s, REC_END_PC1000);                    /* 0..11: good */
    PUT(&s, 0xB0, 0x00, 0x20, 0, 0, 0, 0, 0, 0); /* 12..20: PC of a record */
    PUT(&s, 0x20, 0x25);                        /* 21: bad (byte 1 reserved) */
    PUT(&s, 0x01);                              /* 23: 25 01 is 2-byte unknown */
    PUT(&s, 0x98, 0x0d, 0x00);                  /* 24: dropped */
    PUT(&s, 0x01);                              /* 27: End, dropped, resync */
    PUT(&s, REC_END_PC1000);                    /* 28..39: good */
    spe_dec_init(&d, s.b, s.n, 0);

    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 0);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_ERROR);
    ck_assert(d.err_off == 21);
    ck_assert_ptr_nonnull(strstr(d.err, "bad packet"));
    ck_assert_ptr_nonnull(strstr(d.err, "record from offset 12"));
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 28 && r.size == 12);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);
    ck_assert(d.records == 2 && d.bad == 1 && d.errors == 1 && d.dropped == 3);

    /* a bad byte between records */
    spe_dec_init(&d, s.b + 21, s.n - 21, 21);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_ERROR);
    ck_assert(d.err_off == 21);
    ck_assert_ptr_null(strstr(d.err, "record from"));
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert(r.offset == 28);
}
END_TEST

START_TEST(truncated_and_unterminated)
{
    const uint8_t trunc[] = { REC_END_PC1000, 0xB0, 0x12, 0x34 };
    const uint8_t unterm[] = { 0x00, 0xB0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x49, 0x00, 0x00 };
    const uint8_t ext1[] = { 0x20 };
    const uint8_t align[] = { REC_END_PC1000, 0x2F, 0x00, 0x00, 0x00 };
    spe_dec d;
    spe_record r;

    /* a packet cut off by the end of the data */
    spe_dec_init(&d, trunc, sizeof trunc, 0);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_ERROR);
    ck_assert(d.err_off == 12);
    ck_assert_ptr_nonnull(strstr(d.err, "truncated ADDR packet"));
    ck_assert_ptr_nonnull(strstr(d.err, "needs 9 bytes, 3 left"));
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);
    ck_assert(d.bad == 1 && d.errors == 1);

    /* a record without End or Timestamp: the error names its start */
    spe_dec_init(&d, unterm, sizeof unterm, 0x1000);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_ERROR);
    ck_assert(d.err_off == 0x1001);
    ck_assert_ptr_nonnull(strstr(d.err, "no End or Timestamp"));
    ck_assert_ptr_nonnull(strstr(d.err, "12 bytes (2 packets)"));
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);

    /* one byte of an extended header */
    spe_dec_init(&d, ext1, sizeof ext1, 0);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_ERROR);
    ck_assert(d.err_off == 0);
    ck_assert_ptr_nonnull(strstr(d.err, "truncated extended header"));
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);

    /* a 64KB Alignment command with 2 of its 65522 skipped bytes */
    spe_dec_init(&d, align, sizeof align, 0);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_RECORD);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_ERROR);
    ck_assert(d.err_off == 12);
    ck_assert_ptr_nonnull(strstr(d.err, "skips 65522 bytes, 2 left"));
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);

    /* nothing at all, and only padding */
    spe_dec_init(&d, NULL, 0, 0);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);
    spe_dec_init(&d, unterm, 1, 0);
    ck_assert_int_eq(spe_dec_next(&d, &r), SPE_DEC_EOF);
    ck_assert(d.pad_bytes == 1 && d.records == 0);
}
END_TEST

/* ---- the dump: perf's layout for a whole stream -------------------------- */

static char *dump_stream(const uint8_t *b, size_t n, int *errors)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    spe_dumper dp;
    spe_dec d;
    spe_record r;
    int rc;

    ck_assert_ptr_nonnull(f);
    spe_dumper_init(&dp, f);
    spe_dec_init(&d, b, n, 0);
    spe_dec_set_hook(&d, spe_dumper_hook, &dp);
    *errors = 0;
    while ((rc = spe_dec_next(&d, &r)) != SPE_DEC_EOF)
        if (rc == SPE_DEC_ERROR)
            (*errors)++;
    spe_dumper_flush(&dp);
    fclose(f);
    return text;
}

START_TEST(dump_text)
{
    buf s = { .n = 0 };
    int errors;
    char *text;

    for (int i = 0; i < 18; i++)
        PUT(&s, 0x00);                          /* 0..17: padding */
    PUT(&s, 0x64, 0x2A, 0x00, 0x00, 0x00);      /* 18: CONTEXT 0x2a el1 */
    PUT(&s, 0x4A, 0x03);                        /* 23: B COND IND */
    PUT(&s, 0xB1, 0x00, 0x20, 0, 0, 0, 0, 0, 0x40); /* 25: TGT 0x2000 el2 ns=0 */
    PUT(&s, 0x43, 0x02);                        /* 34: DATA-SOURCE 2 */
    PUT(&s, 0x01);                              /* 36: END */
    PUT(&s, 0x22, 0x00);                        /* 37: align 8 -> skip 1 */
    PUT(&s, 0xEE);                              /* 39 */
    PUT(&s, 0x23, 0x00);                        /* 40: align 16 -> skip 6 */
    PUT(&s, 1, 2, 3, 4, 5, 6);                  /* 42..47 */
    PUT(&s, 0x3F, 0x21);                        /* 48: bad */
    PUT(&s, 0x01);                              /* 50: 21 01 = unknown (dropped) */
    PUT(&s, 0x01);                              /* 51: END (dropped) */
    PUT(&s, 0xB3, 0x00, 0x10, 0, 0, 0, 0, 0, 0x80); /* 52: PA 0x1000 ns=1 */
    text = dump_stream(s.b, s.n, &errors);
    ck_assert_int_eq(errors, 2); /* the bad byte, the unterminated record */
    ck_assert_str_eq(text,
        ".  00000000:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 PAD\n"
        ".  00000010:  00 00                                           PAD\n"
        ".  00000012:  64 2a 00 00 00                                  CONTEXT 0x2a el1\n"
        ".  00000017:  4a 03                                           B COND IND\n"
        ".  00000019:  b1 00 20 00 00 00 00 00 40                      TGT 0x2000 el2 ns=0\n"
        ".  00000022:  43 02                                           DATA-SOURCE 2\n"
        ".  00000024:  01                                              END\n"
        ".  00000025:  22 00 ee                                        PAD\n"
        ".  00000028:  23 00 01 02 03 04 05 06                         PAD\n"
        ".  00000030:  3f                                              Bad packet!\n"
        ".  00000031:  21 01                                           UNKNOWN 0x0 (hdr 0x21 0x01)\n"
        ".  00000033:  01                                              END\n"
        ".  00000034:  b3 00 10 00 00 00 00 00 80                      PA 0x1000 ns=1 ch=0 pat=0\n");
    free(text);
}
END_TEST

START_TEST(dump_long_alignment_and_truncation)
{
    static uint8_t s[64 + 3];
    int errors;
    char *text;

    /* 25 00: align 64 -> 62 skipped bytes, printed 16 bytes to a line */
    memset(s, 0xAB, sizeof s);
    s[0] = 0x25;
    s[1] = 0x00;
    s[64] = 0x71; /* a Timestamp cut after 2 of its 9 bytes */
    s[65] = 0x01;
    s[66] = 0x02;
    text = dump_stream(s, sizeof s, &errors);
    ck_assert_int_eq(errors, 1);
    ck_assert_str_eq(text,
        ".  00000000:  25 00 ab ab ab ab ab ab ab ab ab ab ab ab ab ab PAD\n"
        ".  00000010:  ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab PAD\n"
        ".  00000020:  ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab PAD\n"
        ".  00000030:  ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab ab PAD\n"
        ".  00000040:  71 01 02                                        Bad packet!\n");
    free(text);
}
END_TEST

START_TEST(csv_lines)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    buf s = { .n = 0 };
    spe_dec d;
    spe_record r;

    put(&s, perf_rec, sizeof perf_rec);
    PUT(&s, 0xB0, 0x00, 0x10, 0, 0, 0, 0, 0, 0xE0,  /* PC 0x1000 el3 ns=1 */
            0xB1, 0x00, 0x20, 0, 0, 0, 0, 0, 0x00,  /* TGT 0x2000 el0 ns=0 */
            0xB3, 0x00, 0x30, 0, 0, 0, 0, 0, 0x80,  /* PA 0x3000 ns=1 */
            0x64, 0x01, 0, 0, 0, 0x65, 0x02, 0, 0, 0,
            0x49, 0x1F, 0x42, 0x00, 0x53, 0x34, 0x12, 0xB6, 0, 0, 0, 0, 0, 0, 0, 0,
            0x66, 0, 0, 0, 0, 0x01);
    ck_assert_ptr_nonnull(f);
    spe_csv_header(f);
    spe_dec_init(&d, s.b, s.n, 0);
    while (spe_dec_next(&d, &r) == SPE_DEC_RECORD)
        spe_csv_record(f, &r);
    fclose(f);
    ck_assert_str_eq(text,
        "offset,size,ts,pc,pc_el,pc_ns,op,tgt,tgt_el,tgt_ns,va,pa,pa_ns,ctx_el1,ctx_el2,"
        "lat_tot,lat_issue,lat_xlat,events,event_names,data_source,ignored,impdef\n"
        "0,44,86447955877,0xff80001029d3f4,1,1,LD GP-REG,,,,0xff000070d840d0,,,,,13,11,1,"
        "0x16,RETIRED L1D-ACCESS TLB-ACCESS,,0,0\n"
        "44,59,,0x1000,3,1,ST AT EXCL AR,0x2000,0,0,,0x3000,1,0x1,0x2,,,,0x0,,4660,1,1\n");
    free(text);
}
END_TEST

START_TEST(stats_summary)
{
    buf s = { .n = 0 };
    spe_dec d;
    spe_record r;
    spe_stats st;
    uint64_t pcs[3], cnt[3];
    char *text = NULL;
    size_t len = 0;
    FILE *f;

    /* PC 0x1000 three times (B COND), the perf record twice, one End-only */
    for (int i = 0; i < 3; i++)
        PUT(&s, REC_END_PC1000);
    put(&s, perf_rec, sizeof perf_rec);
    put(&s, perf_rec, sizeof perf_rec);
    PUT(&s, 0x01);
    spe_stats_init(&st);
    spe_dec_init(&d, s.b, s.n, 0);
    while (spe_dec_next(&d, &r) == SPE_DEC_RECORD)
        ck_assert_int_eq(spe_stats_add(&st, &r), 0);
    ck_assert(st.records == 6 && st.with_ts == 2 && st.no_op == 1 && st.no_pc == 1);
    ck_assert(st.op[SPE_OP_CLASS_BRANCH][SPE_OP_BR_COND] == 3);
    ck_assert(st.op[SPE_OP_CLASS_LDST][0] == 2);
    ck_assert(st.events[SPE_EV_RETIRED] == 2 && st.events[SPE_EV_MISPRED] == 0);
    ck_assert(st.lat_n[SPE_CNT_TOTAL] == 2 && st.lat_sum[SPE_CNT_TOTAL] == 26);
    ck_assert(st.lat_max[SPE_CNT_ISSUE] == 11);
    ck_assert_uint_eq(spe_stats_top_pcs(&st, 3, pcs, cnt), 2);
    ck_assert(spe_addr_value(pcs[0]) == 0x1000 && cnt[0] == 3);
    ck_assert(spe_addr_value(pcs[1]) == 0xff80001029d3f4ull && cnt[1] == 2);
    {
        spe_pc_agg g;
        ck_assert_int_eq(spe_stats_pc_info(&st, pcs[1], &g), 0);
        ck_assert(g.lat_n == 2 && g.lat_sum == 26);
        ck_assert(g.ev[SPE_PC_EV_L1D_REFILL] == 0 && g.ev[SPE_PC_EV_MISPRED] == 0);
        ck_assert_int_eq(spe_stats_pc_info(&st, pcs[0], &g), 0);
        ck_assert(g.lat_n == 0 && g.lat_sum == 0);
        ck_assert_int_eq(spe_stats_pc_info(&st, pcs[0] ^ 0x40, &g), -1);
    }
    ck_assert_uint_eq(spe_stats_top_pcs(&st, 1, pcs, cnt), 1);
    ck_assert(cnt[0] == 3);

    f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    spe_stats_print(&st, &d, f, 5);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(text, "records            6 (2 ended by Timestamp, 4 by End)"));
    ck_assert_ptr_nonnull(strstr(text, "  B COND                              3  50.00%\n"));
    ck_assert_ptr_nonnull(strstr(text, "  LD GP-REG                           2  33.33%\n"));
    ck_assert_ptr_nonnull(strstr(text, "  RETIRED                             2  33.33%\n"));
    ck_assert_ptr_nonnull(strstr(text, "  0x0000000000001000 el0 ns=1        3  50.00%        -"
                                       "       0.0%       0.0%       0.0%       0.0%\n"));
    ck_assert_ptr_nonnull(strstr(text, "  0x00ff80001029d3f4 el1 ns=1        2  33.33%     13.0"));
    free(text);
    spe_stats_free(&st);
}
END_TEST

/* Many distinct PCs: the table grows and the top list stays ordered. */
START_TEST(stats_many_pcs)
{
    spe_stats st;
    spe_record r;
    uint64_t pcs[4], cnt[4];

    spe_stats_init(&st);
    memset(&r, 0, sizeof r);
    r.present = SPE_REC_ADDR(SPE_ADDR_PC);
    for (uint64_t i = 0; i < 5000; i++) {
        r.addr[SPE_ADDR_PC] = 0x400000 + 4 * (i % 2500);
        ck_assert_int_eq(spe_stats_add(&st, &r), 0);
    }
    r.addr[SPE_ADDR_PC] = 0x500000;
    for (int i = 0; i < 7; i++)
        spe_stats_add(&st, &r);
    ck_assert_uint_eq(st.pc_used, 2501);
    ck_assert_uint_eq(spe_stats_top_pcs(&st, 4, pcs, cnt), 4);
    ck_assert(pcs[0] == 0x500000 && cnt[0] == 7);
    ck_assert(pcs[1] == 0x400000 && cnt[1] == 2);
    ck_assert(pcs[2] == 0x400004 && pcs[3] == 0x400008);
    spe_stats_free(&st);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("spe_dec");
    TCase *tc = tcase_create("records");

    tcase_add_test(tc, perf_example_record);
    tcase_add_test(tc, records_and_padding);
    tcase_add_test(tc, alignment_skips_unknown_bytes);
    tcase_add_test(tc, reserved_and_impdef_ignored);
    tcase_add_test(tc, repeated_packet_last_wins);
    tcase_add_test(tc, bad_byte_resync);
    tcase_add_test(tc, truncated_and_unterminated);
    tcase_add_test(tc, dump_text);
    tcase_add_test(tc, dump_long_alignment_and_truncation);
    tcase_add_test(tc, csv_lines);
    tcase_add_test(tc, stats_summary);
    tcase_add_test(tc, stats_many_pcs);
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
