/* OpenCSD as the second ETE decoder: the wrapper on hand-built streams
 * (bytes worked from chapter D5), malformed input, the comparison with our
 * elements, the evidence for each waiver in ocsd_waivers.md, and, when the
 * ETE model is present, model-encoded executions. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_model.h"
#include "ete_regs.h"
#include "harness.h"
#include "ocsd_ete.h"
#include "pe_stream.h"

/* ---- configuration of the hand-built streams --------------------------- */

#define BASE 0x80001000u

#define A64_NOP     0xD503201Fu
#define A64_RET     0xD65F03C0u
#define A64_SVC0    0xD4000001u

/* B/BL imm26 and B.cond imm19 encodings, offsets in bytes. */
static uint32_t a64_b(int32_t off)  { return 0x14000000u | ((uint32_t)(off / 4) & 0x03FFFFFFu); }
static uint32_t a64_bl(int32_t off) { return 0x94000000u | ((uint32_t)(off / 4) & 0x03FFFFFFu); }
static uint32_t a64_bcond(unsigned cond, int32_t off)
{
    return 0x54000000u | (((uint32_t)(off / 4) & 0x7FFFFu) << 5) | (cond & 0xFu);
}

/* A unit with 64-bit timestamps, cycle counting (COMMOPT = 1), a return
 * stack, 4 events, 64-bit addresses, 32-bit context IDs and VMIDs, WFx as
 * P0 instructions (register-fields.md 4.6). */
static void test_idregs(ete_idregs *id)
{
    memset(id, 0, sizeof *id);
    id->trcidr[0] = TRCIDR0_RES1 | TRCIDR0_TRCCCI | TRCIDR0_RETSTACK |
                    (3u << TRCIDR0_NUMEVENT_SHIFT) | (TRCIDR0_TSSIZE_64 << 24) |
                    TRCIDR0_COMMOPT;
    id->trcidr[1] = (0x41u << TRCIDR1_DESIGNER_SHIFT) | TRCIDR1_RES1 |
                    (0xFu << TRCIDR1_TRCARCHMAJ_SHIFT) | (0xFu << TRCIDR1_TRCARCHMIN_SHIFT);
    id->trcidr[2] = 8u | (4u << TRCIDR2_CIDSIZE_SHIFT) | (4u << TRCIDR2_VMIDSIZE_SHIFT) |
                    (1u << TRCIDR2_VMIDOPT_SHIFT) | TRCIDR2_WFXMODE;
    id->trcdevarch = TRCDEVARCH_ARCHITECT_ARM | TRCDEVARCH_PRESENT | TRCDEVARCH_ARCHVER_ETE |
                     TRCDEVARCH_ARCHPART;
}

#define CFG_TS   (TRCCONFIGR_RES1 | TRCCONFIGR_TS)
#define TRACEID  0x10u

/* The image of most tests, at BASE:
 *  +00 nop      +04 nop      +08 b +08     +0C nop      +10 nop
 *  +14 b.eq +08 +18 nop      +1C nop       +20 ret      +24 bl +08
 *  +28 nop      +2C nop      +30 nop       +34 nop      +38 svc #0
 *  +3C nop .. +FC nop  (the image ends at BASE + 0x100) */
static void std_image(pe_image *img)
{
    uint32_t w[64];
    for (unsigned i = 0; i < 64; i++)
        w[i] = A64_NOP;
    w[2] = a64_b(8);
    w[5] = a64_bcond(0, 8);
    w[8] = A64_RET;
    w[9] = a64_bl(8);
    w[14] = A64_SVC0;
    uint8_t b[256];
    for (unsigned i = 0; i < 64; i++)
        for (unsigned k = 0; k < 4; k++)
            b[4 * i + k] = (uint8_t)(w[i] >> (8 * k));
    memset(img, 0, sizeof *img);
    ck_assert_int_eq(pe_image_add(img, BASE, b, sizeof b), 0);
}

/* ---- stream builder: each packet as laid out in chapter D5 -------------- */

typedef struct bbuf {
    uint8_t b[1024];
    size_t n;
} bbuf;

static void put1(bbuf *s, unsigned v)
{
    ck_assert_uint_lt(s->n, sizeof s->b);
    s->b[s->n++] = (uint8_t)v;
}

/* D5.4: eleven zero bytes then 0x80 */
static void put_async(bbuf *s)
{
    for (int i = 0; i < 11; i++)
        put1(s, 0x00);
    put1(s, 0x80);
}

/* D5.7 variant 1: no fields output, all treated as zero */
static void put_trace_info(bbuf *s)
{
    put1(s, 0x01);
    put1(s, 0x00);
}

/* D5.7 variant 6: CC = 1 and the cycle count threshold */
static void put_trace_info_cc(bbuf *s, unsigned cyct)
{
    put1(s, 0x01);
    put1(s, 0x09);
    put1(s, 0x01);                              /* T = 0, CC = 1 */
    put1(s, (cyct > 0x7F ? 0x80u : 0u) | (cyct & 0x7Fu));
    if (cyct > 0x7F)
        put1(s, (cyct >> 7) & 0x1Fu);
}

/* D5.8 */
static void put_trace_on(bbuf *s)
{
    put1(s, 0x04);
}

/* A[8:2], A[15:9], A[23:16] .. A[63:56] of the 64-bit IS0 forms (D5.51) */
static void put_addr64_bytes(bbuf *s, uint64_t a)
{
    put1(s, (a >> 2) & 0x7F);
    put1(s, (a >> 9) & 0x7F);
    for (unsigned sh = 16; sh < 64; sh += 8)
        put1(s, (a >> sh) & 0xFF);
}

/* D5.58 variant 1: Target Address with Context 64-bit IS0, no CONTEXTID or
 * VMID; the info byte is 0 0 NS SF (0) (0) EL */
static void put_addr_ctxt64(bbuf *s, uint64_t a, unsigned el, unsigned ns)
{
    put1(s, 0x85);
    put_addr64_bytes(s, a);
    put1(s, (ns << 5) | (1u << 4) | (el & 3u));
}

/* D5.51 */
static void put_addr64(bbuf *s, uint64_t a)
{
    put1(s, 0x9D);
    put_addr64_bytes(s, a);
}

/* D5.40: Atom Format 1, A = 1 for E */
static void put_atom(bbuf *s, int e)
{
    put1(s, 0xF6 | (e ? 1u : 0u));
}

/* D5.14: Exception Short Address IS0 with one address byte (A[8:2], C0 = 0),
 * info byte 0 E[1] TYPE E[0] */
static void put_exc_short(bbuf *s, unsigned type, unsigned e, uint64_t a)
{
    put1(s, 0x06);
    put1(s, ((e >> 1) & 1u) << 6 | (type & 0x1Fu) << 1 | (e & 1u));
    put1(s, 0x95);
    put1(s, (a >> 2) & 0x7F);
}

/* D5.9 variant 1: TS in 7-bit groups with C0, the ninth byte TS[63:56] */
static void put_timestamp(bbuf *s, uint64_t ts)
{
    put1(s, 0x02);
    for (unsigned i = 0; i < 8; i++) {
        uint64_t rest = ts >> (7 * (i + 1));
        put1(s, ((ts >> (7 * i)) & 0x7F) | (rest ? 0x80u : 0u));
        if (!rest)
            return;
    }
    put1(s, (ts >> 56) & 0xFF);
}

/* The start of every hand-built stream: A-Sync, Trace Info, Trace On and
 * the first address with its context (EL1, Non-secure, AArch64); 25 bytes. */
static void put_start(bbuf *s, uint64_t a)
{
    put_async(s);
    put_trace_info(s);
    put_trace_on(s);
    put_addr_ctxt64(s, a, 1, 1);
}

/* ---- helpers over results ---------------------------------------------- */

static void decode_std(const bbuf *s, uint32_t configr, ocsd_ete_result *r)
{
    ete_idregs id;
    pe_image img;
    char err[256] = "";
    test_idregs(&id);
    std_image(&img);
    int rc = ocsd_ete_decode(&id, configr, TRACEID, &img, s->b, s->n, r, err, sizeof err);
    pe_image_free(&img);
    ck_assert_msg(rc == 0, "ocsd_ete_decode: %s", err);
}

/* The k-th element of the given kind, or NULL. */
static const ocsd_ete_elem *nth(const ocsd_ete_result *r, unsigned kind, size_t k)
{
    for (size_t i = 0; i < r->n; i++)
        if (r->elem[i].kind == kind && k-- == 0)
            return &r->elem[i];
    return NULL;
}

static size_t count_kind(const ocsd_ete_result *r, unsigned kind)
{
    size_t n = 0;
    for (size_t i = 0; i < r->n; i++)
        n += r->elem[i].kind == kind;
    return n;
}

static void check_range(const ocsd_ete_elem *e, uint64_t start, uint64_t end, uint32_t n,
                        int taken)
{
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->kind, OCSD_ETE_RANGE);
    ck_assert_uint_eq(e->start, start);
    ck_assert_uint_eq(e->end, end);
    ck_assert_uint_eq(e->n_insn, n);
    ck_assert_int_eq(e->taken, taken);
}

/* ---- the wrapper on hand-built streams -------------------------------- */

START_TEST(test_ranges_and_context)
{
    bbuf s = { .n = 0 };
    put_start(&s, BASE);
    put_atom(&s, 1);    /* @25: nop nop b+8 taken */
    put_atom(&s, 0);    /* @26: nop b.eq not taken */
    put_atom(&s, 1);    /* @27: nop nop ret taken */
    ocsd_ete_result r;
    decode_std(&s, CFG_TS, &r);

    ck_assert_uint_eq(r.errors, 0);
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_TRACE_ON), 1);
    const ocsd_ete_elem *c = nth(&r, OCSD_ETE_CONTEXT, 0);
    ck_assert_ptr_nonnull(c);
    ck_assert_uint_eq(c->el, 1);
    ck_assert_uint_eq(c->ns, 1);
    ck_assert_uint_eq(c->sf, 1);
    ck_assert_uint_eq(c->offset, 15);
    check_range(nth(&r, OCSD_ETE_RANGE, 0), BASE, BASE + 0x0C, 3, 1);
    check_range(nth(&r, OCSD_ETE_RANGE, 1), BASE + 0x10, BASE + 0x18, 2, 0);
    check_range(nth(&r, OCSD_ETE_RANGE, 2), BASE + 0x18, BASE + 0x24, 3, 1);
    ck_assert_uint_eq(nth(&r, OCSD_ETE_RANGE, 0)->offset, 25);
    ck_assert_uint_eq(nth(&r, OCSD_ETE_RANGE, 2)->offset, 27);
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_RANGE), 3);
    ck_assert_uint_eq(r.insn_count, 8);
    ocsd_ete_result_free(&r);
}
END_TEST

START_TEST(test_exceptions)
{
    bbuf s = { .n = 0 };
    put_start(&s, BASE);
    put_atom(&s, 1);                        /* @25: [+00,+0C) to +10 */
    put_exc_short(&s, PE_EXC_IRQ, 1, BASE + 0x14); /* @26: E=01, return +14 */
    put_addr64(&s, BASE + 0x24);            /* @30: the vector */
    put_atom(&s, 1);                        /* @39: bl +8 taken */
    put_exc_short(&s, PE_EXC_CALL, 1, BASE + 0x3C); /* @40: after the svc at +38 */
    put_addr64(&s, BASE);                   /* @44 */
    put_atom(&s, 1);                        /* @53: [+00,+0C) to +10 */
    put_exc_short(&s, PE_EXC_DATA_FAULT, 2, BASE + 0x10); /* @54: E=10 */
    ocsd_ete_result r;
    decode_std(&s, CFG_TS, &r);

    ck_assert_uint_eq(r.errors, 0);
    check_range(nth(&r, OCSD_ETE_RANGE, 0), BASE, BASE + 0x0C, 3, 1);
    /* D9.5.6: the instructions up to, not including, the return address */
    check_range(nth(&r, OCSD_ETE_RANGE, 1), BASE + 0x10, BASE + 0x14, 1, 1);
    const ocsd_ete_elem *x = nth(&r, OCSD_ETE_EXCEPTION, 0);
    ck_assert_ptr_nonnull(x);
    ck_assert_uint_eq(x->exc_type, PE_EXC_IRQ);
    ck_assert_uint_eq(x->addr_valid, 1);
    ck_assert_uint_eq(x->addr, BASE + 0x14);
    ck_assert_uint_eq(x->offset, 26);
    check_range(nth(&r, OCSD_ETE_RANGE, 2), BASE + 0x24, BASE + 0x28, 1, 1);
    check_range(nth(&r, OCSD_ETE_RANGE, 3), BASE + 0x2C, BASE + 0x3C, 4, 1);
    x = nth(&r, OCSD_ETE_EXCEPTION, 1);
    ck_assert_uint_eq(x->exc_type, PE_EXC_CALL);
    ck_assert_uint_eq(x->addr, BASE + 0x3C);
    check_range(nth(&r, OCSD_ETE_RANGE, 4), BASE, BASE + 0x0C, 3, 1);
    /* E = 0b10: the return address is the previous branch's target, no
     * instruction executed in between (D5.13, D9.2.13.2) */
    x = nth(&r, OCSD_ETE_EXCEPTION, 2);
    ck_assert_uint_eq(x->exc_type, PE_EXC_DATA_FAULT);
    ck_assert_uint_eq(x->addr, BASE + 0x10);
    ck_assert_uint_eq(x->addr_is_tgt, 1);
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_RANGE), 5);
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_EXCEPTION), 3);
    ocsd_ete_result_free(&r);
}
END_TEST

START_TEST(test_timestamp_event_cycle_count)
{
    bbuf s = { .n = 0 };
    put_async(&s);
    put_trace_info_cc(&s, 0x10);            /* CC enabled, threshold 16 */
    put_trace_on(&s);
    put_addr_ctxt64(&s, BASE, 1, 1);
    put_atom(&s, 1);
    put_timestamp(&s, 0x123456789ull);      /* D5.9 */
    put1(&s, 0x70 | 0x0A);                  /* D5.68: events 1 and 3 */
    put1(&s, 0x12);                         /* D5.34: CC F3_1, BB = 2 */
    put_atom(&s, 0);
    put1(&s, 0x0F);                         /* D5.27: CC F1_1, UNKNOWN count */
    ocsd_ete_result r;
    decode_std(&s, CFG_TS | TRCCONFIGR_CCI, &r);

    ck_assert_uint_eq(r.errors, 0);
    const ocsd_ete_elem *t = nth(&r, OCSD_ETE_TIMESTAMP, 0);
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(t->ts, 0x123456789ull);
    /* D9.2.17.2: one Event element per set bit, event 0 first */
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_EVENT), 2);
    ck_assert_uint_eq(nth(&r, OCSD_ETE_EVENT, 0)->event, 1);
    ck_assert_uint_eq(nth(&r, OCSD_ETE_EVENT, 1)->event, 3);
    ck_assert_uint_eq(nth(&r, OCSD_ETE_EVENT, 0)->offset, nth(&r, OCSD_ETE_EVENT, 1)->offset);
    const ocsd_ete_elem *cc = nth(&r, OCSD_ETE_CYCLE_COUNT, 0);
    ck_assert_ptr_nonnull(cc);
    ck_assert_uint_eq(cc->cc, 0x10 + 2);    /* cc_threshold + BB */
    check_range(nth(&r, OCSD_ETE_RANGE, 1), BASE + 0x10, BASE + 0x18, 2, 0);
    /* N2 of ocsd_waivers.md: OpenCSD gives the UNKNOWN count as a known 0 */
    cc = nth(&r, OCSD_ETE_CYCLE_COUNT, 1);
    ck_assert_ptr_nonnull(cc);
    ck_assert_uint_eq(cc->cc_valid, 1);
    ck_assert_uint_eq(cc->cc, 0);
    ocsd_ete_result_free(&r);
}
END_TEST

START_TEST(test_memory_not_accessible)
{
    bbuf s = { .n = 0 };
    put_start(&s, BASE + 0x3C);
    put_atom(&s, 1);        /* nops run off the end of the image at BASE + 0x100 */
    ocsd_ete_result r;
    decode_std(&s, CFG_TS, &r);
    const ocsd_ete_elem *e = nth(&r, OCSD_ETE_ERROR, 0);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->sub, OCSD_ETE_ERR_NACC);
    ck_assert_uint_eq(e->addr, BASE + 0x100);
    ck_assert_uint_eq(r.errors, 1);
    ck_assert_msg(strstr(r.first_error, "offset 25") && strstr(r.first_error, "0x0000000080001100"),
                  "%s", r.first_error);
    ocsd_ete_result_free(&r);
}
END_TEST

/* ---- malformed input --------------------------------------------------- */

START_TEST(test_reserved_header)
{
    bbuf s = { .n = 0 };
    put_start(&s, BASE);
    put_atom(&s, 1);
    put1(&s, 0x87);         /* @26: reserved header (D5.2) */
    put_atom(&s, 0);        /* lost: no sync */
    put_async(&s);          /* @28 */
    put_trace_info(&s);
    put_addr_ctxt64(&s, BASE + 0x24, 1, 1);
    put_atom(&s, 1);        /* decoding resumes */
    ocsd_ete_result r;
    decode_std(&s, CFG_TS, &r);
    ck_assert_uint_ge(r.errors, 1);
    const ocsd_ete_elem *e = nth(&r, OCSD_ETE_ERROR, 0);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->offset, 26);
    ck_assert_uint_eq(e->waiver, OCSD_ETE_WAIVE_NONE);
    ck_assert_msg(strncmp(r.first_error, "offset 26:", 10) == 0, "%s", r.first_error);
    check_range(nth(&r, OCSD_ETE_RANGE, 0), BASE, BASE + 0x0C, 3, 1);
    check_range(nth(&r, OCSD_ETE_RANGE, 1), BASE + 0x24, BASE + 0x28, 1, 1);
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_RANGE), 2);
    ocsd_ete_result_free(&r);
}
END_TEST

START_TEST(test_truncated_packet)
{
    bbuf s = { .n = 0 };
    put_start(&s, BASE);
    put_atom(&s, 1);
    put1(&s, 0x9D);         /* @26: a 64-bit address cut after two of its eight bytes */
    put1(&s, 0x09);
    put1(&s, 0x08);
    ocsd_ete_result r;
    decode_std(&s, CFG_TS, &r);
    ck_assert_uint_eq(r.errors, 1);
    const ocsd_ete_elem *e = nth(&r, OCSD_ETE_ERROR, 0);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->sub, OCSD_ETE_ERR_PACKET);
    ck_assert_uint_eq(e->offset, 26);
    ck_assert_msg(strstr(e->text, "I_INCOMPLETE_EOT") != NULL, "%s", e->text);
    ocsd_ete_result_free(&r);
}
END_TEST

/* Pseudo-random bytes, with and without a valid start: no crash, no hang,
 * and every error names its offset. */
START_TEST(test_garbage)
{
    harness_rng rng;
    harness_rng_init(&rng, (uint64_t)_i, 0);
    bbuf s = { .n = 0 };
    if (_i & 1)
        put_start(&s, BASE);
    while (s.n < sizeof s.b)
        put1(&s, (unsigned)harness_rng_below(&rng, 256));
    ocsd_ete_result r;
    decode_std(&s, CFG_TS | TRCCONFIGR_CCI, &r);
    for (size_t i = 0; i < r.n; i++) {
        if (r.elem[i].kind == OCSD_ETE_ERROR) {
            ck_assert_ptr_nonnull(r.elem[i].text);
            ck_assert_msg(strncmp(r.elem[i].text, "offset ", 7) == 0, "%s", r.elem[i].text);
            ck_assert_uint_lt(r.elem[i].offset, s.n);
        }
    }
    ocsd_ete_result_free(&r);
}
END_TEST

START_TEST(test_bad_configuration)
{
    ete_idregs id;
    pe_image img;
    char err[256] = "";
    ocsd_ete_result r;
    uint64_t n = 99;
    test_idregs(&id);
    std_image(&img);
    id.trcdevarch = (id.trcdevarch & ~0xF000u) | (4u << 12);   /* ETMv4, not ETE */
    uint8_t b[1] = { 0 };
    ck_assert_int_eq(ocsd_ete_decode(&id, CFG_TS, TRACEID, &img, b, 1, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "TRCDEVARCH") != NULL, "%s", err);
    ck_assert_uint_eq(r.n, 0);
    ck_assert_int_eq(ocsd_ete_count(&id, CFG_TS, TRACEID, &img, b, 1, &n, err, sizeof err), -1);
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(ocsd_ete_decode(NULL, CFG_TS, TRACEID, &img, b, 1, &r, err, sizeof err), -1);
    pe_image_free(&img);
}
END_TEST

START_TEST(test_count_and_text)
{
    bbuf s = { .n = 0 };
    put_start(&s, BASE);
    put_atom(&s, 1);
    put_atom(&s, 0);
    put_exc_short(&s, PE_EXC_CALL, 1, BASE + 0x1C);
    ete_idregs id;
    pe_image img;
    char err[256] = "";
    test_idregs(&id);
    std_image(&img);
    uint64_t n = 0;
    ck_assert_int_eq(ocsd_ete_count(&id, CFG_TS, TRACEID, &img, s.b, s.n, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 3 + 2 + 1);

    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(ocsd_ete_packet_text(&id, CFG_TS, TRACEID, &img, s.b, s.n, f, err,
                                          sizeof err), 0);
    rewind(f);
    char text[4096];
    size_t k = fread(text, 1, sizeof text - 1, f);
    text[k] = '\0';
    fclose(f);
    ck_assert_msg(strstr(text, "I_ASYNC") && strstr(text, "I_TRACE_INFO") &&
                  strstr(text, "I_ADDR_CTXT_L_64IS0") && strstr(text, "I_ATOM_F1") &&
                  strstr(text, "I_EXCEPT"), "%s", text);
    ck_assert_msg(strstr(text, "Idx:25;") != NULL, "%s", text);
    pe_image_free(&img);
}
END_TEST

/* ---- ocsd_ete_compare -------------------------------------------------- */

static ocsd_ete_elem o_range(uint64_t off, uint64_t a, uint64_t b)
{
    ocsd_ete_elem e;
    memset(&e, 0, sizeof e);
    e.kind = OCSD_ETE_RANGE;
    e.offset = off;
    e.start = a;
    e.end = b;
    e.n_insn = (uint32_t)((b - a) / 4);
    e.until = UINT64_MAX;
    return e;
}

static ocsd_ete_elem o_exc(uint64_t off, unsigned type, uint64_t ret)
{
    ocsd_ete_elem e;
    memset(&e, 0, sizeof e);
    e.kind = type == PE_EXC_PE_RESET ? OCSD_ETE_PE_RESET : OCSD_ETE_EXCEPTION;
    e.offset = off;
    e.exc_type = (uint8_t)type;
    e.addr_valid = 1;
    e.addr = ret;
    e.until = UINT64_MAX;
    return e;
}

static ocsd_ete_elem o_kind(uint64_t off, unsigned kind, unsigned sub)
{
    ocsd_ete_elem e;
    memset(&e, 0, sizeof e);
    e.kind = (uint8_t)kind;
    e.sub = (uint8_t)sub;
    e.offset = off;
    e.until = UINT64_MAX;
    return e;
}

static ete_elem u_range(uint64_t off, uint64_t a, uint64_t b)
{
    ete_elem e;
    memset(&e, 0, sizeof e);
    e.kind = ETE_ELEM_RANGE;
    e.offset = off;
    e.start = a;
    e.end = b;
    e.n_insn = (uint32_t)((b - a) / 4);
    return e;
}

static ete_elem u_exc(uint64_t off, unsigned type, uint64_t ret)
{
    ete_elem e;
    memset(&e, 0, sizeof e);
    e.kind = ETE_ELEM_EXCEPTION;
    e.offset = off;
    e.exc_type = (uint8_t)type;
    e.addr = ret;
    return e;
}

static ete_elem u_kind(uint64_t off, unsigned kind)
{
    ete_elem e;
    memset(&e, 0, sizeof e);
    e.kind = (uint8_t)kind;
    e.offset = off;
    return e;
}

START_TEST(test_compare)
{
    ocsd_ete_elem oe[6] = {
        o_kind(14, OCSD_ETE_TRACE_ON, 0),
        o_range(25, BASE, BASE + 0x0C),
        o_exc(26, PE_EXC_IRQ, BASE + 0x14),
        o_kind(26, OCSD_ETE_TIMESTAMP, 0),
        o_range(30, BASE + 0x24, BASE + 0x28),
        o_range(31, BASE + 0x2C, BASE + 0x2C),          /* empty: ignored */
    };
    ocsd_ete_result o = { .elem = oe, .n = 6, .cap = 6 };
    ete_elem ue[5] = {
        u_kind(14, ETE_ELEM_TRACE_ON),
        u_range(25, BASE, BASE + 0x0C),
        u_kind(25, ETE_ELEM_CONTEXT),
        u_exc(26, PE_EXC_IRQ, BASE + 0x14),
        u_range(30, BASE + 0x24, BASE + 0x28),
    };
    char msg[512];
    ck_assert_int_eq(ocsd_ete_compare(&o, ue, 5, msg, sizeof msg), 0);
    ck_assert_msg(strstr(msg, "2 ranges, 1 exceptions") != NULL, "%s", msg);

    /* a changed return address: item 1 */
    ue[3].addr += 4;
    ck_assert_int_eq(ocsd_ete_compare(&o, ue, 5, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 1:") && strstr(msg, "0x0000000080001014") &&
                  strstr(msg, "0x0000000080001018"), "%s", msg);
    ue[3].addr -= 4;

    /* a changed exception type */
    ue[3].exc_type = PE_EXC_FIQ;
    ck_assert_int_eq(ocsd_ete_compare(&o, ue, 5, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 1:") && strstr(msg, "irq") && strstr(msg, "fiq"), "%s", msg);
    ue[3].exc_type = PE_EXC_IRQ;

    /* a range split differently: item 2 */
    ete_elem split[6];
    memcpy(split, ue, sizeof ue);
    split[4] = u_range(30, BASE + 0x24, BASE + 0x24 + 0x0);
    split[4].n_insn = 0;
    split[5] = u_range(30, BASE + 0x24, BASE + 0x28);
    ck_assert_int_eq(ocsd_ete_compare(&o, split, 6, msg, sizeof msg), 0);  /* empty is ignored */
    split[4] = u_range(30, BASE + 0x24, BASE + 0x26);
    split[4].n_insn = 1;
    ck_assert_int_eq(ocsd_ete_compare(&o, split, 6, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 2:") != NULL, "%s", msg);

    /* one side ends early */
    ck_assert_int_eq(ocsd_ete_compare(&o, ue, 4, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 2:") && strstr(msg, "end of sequence"), "%s", msg);

    /* a decode error that is not a PE Reset waives nothing */
    oe[3] = o_kind(26, OCSD_ETE_ERROR, OCSD_ETE_ERR_LOG);
    oe[3].until = 100;
    oe[4] = o_kind(27, OCSD_ETE_OTHER, 1);
    ck_assert_int_eq(ocsd_ete_compare(&o, ue, 5, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 2:") != NULL, "%s", msg);

    ck_assert_int_eq(ocsd_ete_compare(NULL, ue, 5, msg, sizeof msg), -1);
}
END_TEST

/* W2 applies only where OpenCSD walked through the failed transaction. */
START_TEST(test_compare_txn_scope)
{
    ocsd_ete_elem oe[5] = {
        o_range(25, BASE, BASE + 0x08),
        o_kind(26, OCSD_ETE_TXN, OCSD_ETE_TXN_START),
        o_kind(27, OCSD_ETE_TXN, OCSD_ETE_TXN_FAIL),
        o_range(30, BASE + 0x08, BASE + 0x10),
        o_range(50, BASE + 0x18, BASE + 0x20),
    };
    oe[2].until = 40;
    ocsd_ete_result o = { .elem = oe, .n = 5, .cap = 5 };
    ete_elem ue[3] = {
        u_range(25, BASE, BASE + 0x08),
        u_range(30, BASE + 0x08, BASE + 0x10),
        u_range(50, BASE + 0x18, BASE + 0x20),
    };
    char msg[512];
    /* nothing executed inside: the range after the failure is compared */
    ck_assert_msg(ocsd_ete_compare(&o, ue, 3, msg, sizeof msg) == 0, "%s", msg);
    ue[1].end += 4;
    ue[1].n_insn++;
    ck_assert_int_eq(ocsd_ete_compare(&o, ue, 3, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 1:") != NULL, "%s", msg);

    /* a range inside: it is skipped, and so are the ranges up to offset 40
     * on both sides; the one at 50 is still compared */
    ocsd_ete_elem oe2[6] = { oe[0], oe[1], o_range(26, BASE + 0x08, BASE + 0x10), oe[2],
                             o_range(30, BASE + 0x10, BASE + 0x20), oe[4] };
    ocsd_ete_result o2 = { .elem = oe2, .n = 6, .cap = 6 };
    ck_assert_msg(ocsd_ete_compare(&o2, ue, 3, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_msg(strstr(msg, "1 OpenCSD items inside failed transactions and 1+1"),
                  "%s", msg);
    ue[2].start -= 4;
    ue[2].n_insn++;
    ck_assert_int_eq(ocsd_ete_compare(&o2, ue, 3, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 1:") != NULL, "%s", msg);
}
END_TEST

/* ---- waiver evidence: the minimal streams of tests/ete/ocsd/ ----------- */

typedef struct wstream {
    ete_idregs id;
    uint32_t configr, traceidr;
    pe_image img;
    uint8_t trace[1024];
    size_t len;
} wstream;

static FILE *open_stream_file(const char *name)
{
    char path[512];
    const char *env = getenv("OCSD_WAIVER_DIR");
    if (env) {
        snprintf(path, sizeof path, "%s/%s", env, name);
        return fopen(path, "r");
    }
    /* next to this source file, then relative to the repository root */
    const char *src = __FILE__;
    const char *slash = strrchr(src, '/');
    snprintf(path, sizeof path, "%.*s/ocsd/%s", slash ? (int)(slash - src) : 1,
             slash ? src : ".", name);
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(path, sizeof path, "tests/ete/ocsd/%s", name);
        f = fopen(path, "r");
    }
    return f;
}

/* Lines: "<register> <value>", "image <base> <word>...", "trace <byte>...";
 * '#' starts a comment. */
static void load_stream(const char *name, wstream *w)
{
    memset(w, 0, sizeof *w);
    FILE *f = open_stream_file(name);
    ck_assert_msg(f != NULL, "cannot open waiver stream %s", name);
    char line[1024];
    unsigned lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *h = strchr(line, '#');
        if (h)
            *h = '\0';
        char *p = line, *end;
        char key[32];
        int used = 0;
        if (sscanf(p, "%31s%n", key, &used) != 1)
            continue;
        p += used;
        if (!strcmp(key, "image")) {
            uint64_t base = strtoull(p, &end, 0);
            ck_assert_msg(end != p, "%s:%u: image without a base", name, lineno);
            p = end;
            uint8_t b[256];
            size_t nb = 0;
            for (;;) {
                unsigned long v = strtoul(p, &end, 16);
                if (end == p)
                    break;
                ck_assert_uint_lt(nb + 4, sizeof b + 1);
                for (unsigned k = 0; k < 4; k++)
                    b[nb++] = (uint8_t)(v >> (8 * k));
                p = end;
            }
            ck_assert_int_eq(pe_image_add(&w->img, base, b, nb), 0);
        } else if (!strcmp(key, "trace")) {
            for (;;) {
                unsigned long v = strtoul(p, &end, 16);
                if (end == p)
                    break;
                ck_assert_msg(v <= 0xFF, "%s:%u: byte 0x%lx", name, lineno, v);
                ck_assert_uint_lt(w->len, sizeof w->trace);
                w->trace[w->len++] = (uint8_t)v;
                p = end;
            }
        } else {
            uint32_t v = (uint32_t)strtoul(p, &end, 0);
            ck_assert_msg(end != p, "%s:%u: %s without a value", name, lineno, key);
            if (!strcmp(key, "trcidr0"))          w->id.trcidr[0] = v;
            else if (!strcmp(key, "trcidr1"))     w->id.trcidr[1] = v;
            else if (!strcmp(key, "trcidr2"))     w->id.trcidr[2] = v;
            else if (!strcmp(key, "trcidr8"))     w->id.trcidr[8] = v;
            else if (!strcmp(key, "trcdevarch"))  w->id.trcdevarch = v;
            else if (!strcmp(key, "trcconfigr"))  w->configr = v;
            else if (!strcmp(key, "trctraceidr")) w->traceidr = v;
            else ck_abort_msg("%s:%u: unknown key %s", name, lineno, key);
        }
    }
    fclose(f);
}

static void decode_stream(wstream *w, ocsd_ete_result *r)
{
    char err[256] = "";
    int rc = ocsd_ete_decode(&w->id, w->configr, w->traceidr, &w->img, w->trace, w->len, r,
                             err, sizeof err);
    ck_assert_msg(rc == 0, "%s", err);
}

/* W1: OpenCSD rejects the PE Reset packet and loses sync until the next
 * A-Sync; the spec gives Exception(PE Reset) and decoding continues. */
START_TEST(test_waiver_pe_reset)
{
    wstream w;
    ocsd_ete_result r;
    load_stream("pe_reset.txt", &w);
    ck_assert_uint_eq(w.len, 66);
    decode_stream(&w, &r);

    /* the evidence */
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_PE_RESET), 0);
    const ocsd_ete_elem *e = nth(&r, OCSD_ETE_ERROR, 0);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->offset, 26);
    ck_assert_uint_eq(e->waiver, OCSD_ETE_WAIVE_PE_RESET);
    ck_assert_msg(strstr(e->text, "OCSD_ERR_BAD_DECODE_PKT") != NULL, "%s", e->text);
    ck_assert_uint_eq(e->until, 54);      /* the context after the next A-Sync */
    ck_assert_uint_eq(r.errors, 1);
    check_range(nth(&r, OCSD_ETE_RANGE, 0), BASE, BASE + 0x0C, 3, 1);
    check_range(nth(&r, OCSD_ETE_RANGE, 1), BASE + 0x20, BASE + 0x28, 2, 1);
    check_range(nth(&r, OCSD_ETE_RANGE, 2), BASE, BASE + 0x0C, 3, 0);
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_RANGE), 3);   /* nothing at offset 39 */

    /* what the specification gives (D9.5.6, R_JRNYF) passes with W1 ... */
    ete_elem ue[7] = {
        u_range(25, BASE, BASE + 0x0C),
        u_kind(26, ETE_ELEM_PE_RESET),
        u_kind(29, ETE_ELEM_CONTEXT),
        u_range(39, BASE + 0x14, BASE + 0x1C),
        u_kind(54, ETE_ELEM_CONTEXT),
        u_range(64, BASE + 0x20, BASE + 0x28),
        u_range(65, BASE, BASE + 0x0C),
    };
    char msg[512];
    ck_assert_msg(ocsd_ete_compare(&r, ue, 7, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_msg(strstr(msg, "2 of our items in PE Reset") != NULL, "%s", msg);
    /* ... and W1 waives nothing outside the resynchronisation window */
    ue[5].end += 4;
    ue[5].n_insn++;
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 7, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 1:") != NULL, "%s", msg);
    ue[5].end -= 4;
    ue[5].n_insn--;
    ue[0].start += 4;
    ue[0].n_insn--;
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 7, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 0:") != NULL, "%s", msg);

    ocsd_ete_result_free(&r);
    pe_image_free(&w.img);
}
END_TEST

/* W1, second form: TYPE PE Reset with an address field. */
START_TEST(test_waiver_pe_reset_addr)
{
    wstream w;
    ocsd_ete_result r;
    load_stream("pe_reset_addr.txt", &w);
    ck_assert_uint_eq(w.len, 67);
    decode_stream(&w, &r);

    /* the evidence: the packet processor splits the packet wrongly */
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_PE_RESET), 0);
    const ocsd_ete_elem *e = nth(&r, OCSD_ETE_ERROR, 0);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->offset, 26);
    ck_assert_uint_eq(e->waiver, OCSD_ETE_WAIVE_PE_RESET);
    ck_assert_uint_eq(e->until, 55);
    e = nth(&r, OCSD_ETE_ERROR, 1);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->offset, 29);
    ck_assert_msg(strstr(e->text, "I_RESERVED") != NULL, "%s", e->text);
    ck_assert_uint_eq(r.errors, 2);
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_RANGE), 3);

    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    char err[256] = "";
    ck_assert_int_eq(ocsd_ete_packet_text(&w.id, w.configr, w.traceidr, &w.img, w.trace, w.len,
                                          f, err, sizeof err), 0);
    rewind(f);
    char text[8192];
    size_t k = fread(text, 1, sizeof text - 1, f);
    text[k] = '\0';
    fclose(f);
    ck_assert_msg(strstr(text, "Idx:26; ID:10; [0x06 0x01 0x95 ];\tI_PE_RESET") &&
                  strstr(text, "Idx:29; ID:10; [0x05 ];\tI_RESERVED"), "%s", text);

    ete_elem ue[7] = {
        u_range(25, BASE, BASE + 0x0C),
        u_kind(26, ETE_ELEM_PE_RESET),
        u_kind(30, ETE_ELEM_CONTEXT),
        u_range(40, BASE + 0x14, BASE + 0x1C),
        u_kind(55, ETE_ELEM_CONTEXT),
        u_range(65, BASE + 0x20, BASE + 0x28),
        u_range(66, BASE, BASE + 0x0C),
    };
    char msg[512];
    ck_assert_msg(ocsd_ete_compare(&r, ue, 7, msg, sizeof msg) == 0, "%s", msg);
    ue[6].start = BASE + 0x04;
    ue[6].n_insn = 2;
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 7, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 2:") != NULL, "%s", msg);

    ocsd_ete_result_free(&r);
    pe_image_free(&w.img);
}
END_TEST

/* W2: OpenCSD reports the execution inside a failed transaction and does
 * not go back to the instruction after the TSTART. */
START_TEST(test_waiver_txn_fail)
{
    wstream w;
    ocsd_ete_result r;
    load_stream("txn_fail.txt", &w);
    ck_assert_uint_eq(w.len, 53);
    decode_stream(&w, &r);

    /* the evidence */
    ck_assert_uint_eq(r.errors, 0);
    check_range(nth(&r, OCSD_ETE_RANGE, 0), BASE, BASE + 0x08, 2, 1);          /* TSTART */
    check_range(nth(&r, OCSD_ETE_RANGE, 1), BASE + 0x08, BASE + 0x10, 2, 0);   /* in the txn */
    check_range(nth(&r, OCSD_ETE_RANGE, 2), BASE + 0x10, BASE + 0x20, 4, 1);   /* not +08 */
    ck_assert_uint_eq(nth(&r, OCSD_ETE_RANGE, 1)->offset, 27);
    const ocsd_ete_elem *f = NULL;
    for (size_t i = 0; i < r.n; i++)
        if (r.elem[i].kind == OCSD_ETE_TXN && r.elem[i].sub == OCSD_ETE_TXN_FAIL)
            f = &r.elem[i];
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(f->offset, 28);
    ck_assert_uint_eq(f->until, 34);     /* the address of the exception packet */
    const ocsd_ete_elem *x = nth(&r, OCSD_ETE_EXCEPTION, 0);
    ck_assert_ptr_nonnull(x);
    ck_assert_uint_eq(x->exc_type, PE_EXC_IRQ);
    ck_assert_uint_eq(x->addr, BASE + 0x1C);
    ck_assert_uint_eq(nth(&r, OCSD_ETE_RANGE, count_kind(&r, OCSD_ETE_RANGE) - 1)->start,
                      BASE + 0x18);

    /* what the specification gives (D9.4.4, I_XHLPG) passes with W2 ... */
    ete_elem ue[8] = {
        u_range(25, BASE, BASE + 0x08),
        u_kind(26, ETE_ELEM_TXN_START),
        u_kind(28, ETE_ELEM_TXN_FAILURE),
        u_range(31, BASE + 0x08, BASE + 0x10),
        u_range(32, BASE + 0x18, BASE + 0x1C),
        u_exc(32, PE_EXC_IRQ, BASE + 0x1C),
        u_range(52, BASE + 0x18, BASE + 0x20),
        u_kind(52, ETE_ELEM_TIMESTAMP),
    };
    char msg[512];
    ck_assert_msg(ocsd_ete_compare(&r, ue, 8, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_msg(strstr(msg, "1 OpenCSD items inside failed") != NULL, "%s", msg);
    /* ... and W2 waives neither the exception nor what follows the address */
    ue[5].addr += 4;
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 8, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 1:") != NULL, "%s", msg);
    ue[5].addr -= 4;
    ue[6].start += 4;
    ue[6].n_insn--;
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 8, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 2:") != NULL, "%s", msg);
    /* ... nor the range before the transaction started */
    ue[6].start -= 4;
    ue[6].n_insn++;
    ue[0].end += 4;
    ue[0].n_insn++;
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 8, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 0:") != NULL, "%s", msg);

    ocsd_ete_result_free(&r);
    pe_image_free(&w.img);
}
END_TEST

/* ---- the ETE model's bytes through OpenCSD ------------------------------ */

/* std_image plus, from +40, a transaction:
 *  +40 tstart x0     +44 cbnz x0, +10  +48 b.ne +08   +4C nop
 *  +50 tcancel #0    +54 nop           +58 b -58 (to +00) */
static void model_image(pe_image *img, uint32_t *w)
{
    for (unsigned i = 0; i < 64; i++)
        w[i] = A64_NOP;
    w[2] = a64_b(8);
    w[5] = a64_bcond(0, 8);
    w[8] = A64_RET;
    w[9] = a64_bl(8);
    w[14] = A64_SVC0;
    w[16] = 0xD5233060u;                        /* TSTART X0 */
    w[17] = 0xB5000000u | (4u << 5);            /* CBNZ X0, +0x10 */
    w[18] = a64_bcond(1, 8);                    /* B.NE +8 */
    w[20] = 0xD4600000u;                        /* TCANCEL #0 */
    w[22] = a64_b(-0x58);
    uint8_t b[256];
    for (unsigned i = 0; i < 64; i++)
        for (unsigned k = 0; k < 4; k++)
            b[4 * i + k] = (uint8_t)(w[i] >> (8 * k));
    memset(img, 0, sizeof *img);
    ck_assert_int_eq(pe_image_add(img, BASE, b, sizeof b), 0);
}

typedef struct recs {
    pe_rec r[64];
    size_t n;
    const uint32_t *w;
} recs;

/* One retired A64 instruction at EL1, Non-secure. */
static void rec_insn(recs *q, uint64_t off, unsigned iclass, int taken, uint64_t target_off,
                     int tstate)
{
    ck_assert_uint_lt(q->n, 64);
    pe_rec *r = &q->r[q->n++];
    memset(r, 0, sizeof *r);
    r->kind = PE_KIND_INSN;
    r->pc = BASE + off;
    r->opcode = q->w[off / 4];
    r->iclass = (uint8_t)iclass;
    r->isa = PE_ISA_A64;
    r->el = 1;
    r->flags = (uint16_t)(PE_F_NS | (taken ? PE_F_TAKEN : 0u) | (tstate ? PE_F_TSTATE : 0u));
    r->target = taken ? BASE + target_off : 0;
}

static void rec_other(recs *q, unsigned kind, uint64_t pc_off, uint64_t target_off,
                      unsigned exc_type)
{
    ck_assert_uint_lt(q->n, 64);
    pe_rec *r = &q->r[q->n++];
    memset(r, 0, sizeof *r);
    r->kind = (uint8_t)kind;
    r->pc = kind == PE_KIND_EXC ? BASE + pc_off : 0;
    r->target = kind == PE_KIND_RESET ? 0 : BASE + target_off;
    r->el = 1;
    r->from_el = 1;
    r->exc_type = (uint8_t)exc_type;
    r->tfail_cause = kind == PE_KIND_TFAIL ? 1 : 0;
    r->flags = PE_F_NS;
}

typedef struct xrange {
    uint32_t start, end, n;     /* offsets from BASE */
} xrange;

/* Encode q with the model (traces everything, TRCCONFIGR |= cfg) and
 * decode with OpenCSD. */
static void model_decode(const recs *q, uint32_t cfg, const pe_image *img, ocsd_ete_result *r,
                         uint8_t *bytes, size_t *nbytes)
{
    ete_params p;
    ete_progregs rg;
    ete_idregs id;
    char err[256] = "";
    ete_params_default(&p);
    ete_progregs_default(&rg);
    rg.trcconfigr |= cfg;
    if (cfg & TRCCONFIGR_CCI)
        rg.trcccctlr = p.ccitmin;       /* THRESHOLD >= TRCIDR3.CCITMIN */
    ete_model_idregs(&p, &id);
    ete_model *m = ete_model_new(&p, &rg, err, sizeof err);
    ck_assert_msg(m != NULL, "ete_model_new: %s", err);
    ete_model_run(m, q->r, q->n);
    ete_model_finish(m);
    ck_assert_msg(ete_model_error(m) == NULL, "%s", ete_model_error(m));
    size_t n;
    const uint8_t *b = ete_model_bytes(m, &n);
    ck_assert_uint_le(n, *nbytes);
    memcpy(bytes, b, n);
    *nbytes = n;
    ete_model_free(m);
    int rc = ocsd_ete_decode(&id, rg.trcconfigr, rg.trctraceidr, img, bytes, n, r, err,
                             sizeof err);
    ck_assert_msg(rc == 0, "%s", err);
}

static void check_ranges(const ocsd_ete_result *r, const xrange *x, size_t nx)
{
    ck_assert_uint_eq(count_kind(r, OCSD_ETE_RANGE), nx);
    for (size_t i = 0; i < nx; i++) {
        const ocsd_ete_elem *e = nth(r, OCSD_ETE_RANGE, i);
        ck_assert_msg(e->start == BASE + x[i].start && e->end == BASE + x[i].end &&
                      e->n_insn == x[i].n, "range %zu: 0x%" PRIx64 "-0x%" PRIx64 " n=%u, "
                      "expected +%" PRIx32 "-+%" PRIx32 " n=%u", i, e->start, e->end,
                      e->n_insn, x[i].start, x[i].end, x[i].n);
    }
}

/* Branches, a return, a call and an SVC exception, under four TRCCONFIGR
 * settings: the same ranges every time. */
START_TEST(test_model_branches)
{
    static const uint32_t cfgs[4] = {
        0, TRCCONFIGR_RS, TRCCONFIGR_TS | TRCCONFIGR_CCI,
        TRCCONFIGR_RS | TRCCONFIGR_BB | TRCCONFIGR_CID | TRCCONFIGR_VMID
    };
    uint32_t w[64];
    pe_image img;
    model_image(&img, w);
    recs q = { .n = 0, .w = w };
    rec_insn(&q, 0x00, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x04, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x08, PE_IC_B, 1, 0x10, 0);
    rec_insn(&q, 0x10, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x14, PE_IC_BCOND, 0, 0, 0);
    rec_insn(&q, 0x18, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x1C, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x20, PE_IC_RET, 1, 0x24, 0);
    rec_insn(&q, 0x24, PE_IC_BL, 1, 0x2C, 0);
    rec_insn(&q, 0x2C, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x30, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x34, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x38, PE_IC_EXCGEN, 0, 0, 0);
    rec_other(&q, PE_KIND_EXC, 0x3C, 0x08, PE_EXC_CALL);
    rec_insn(&q, 0x08, PE_IC_B, 1, 0x10, 0);
    rec_insn(&q, 0x10, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x14, PE_IC_BCOND, 1, 0x1C, 0);
    static const xrange want[] = {
        { 0x00, 0x0C, 3 }, { 0x10, 0x18, 2 }, { 0x18, 0x24, 3 }, { 0x24, 0x28, 1 },
        { 0x2C, 0x3C, 4 }, { 0x08, 0x0C, 1 }, { 0x10, 0x18, 2 },
    };
    for (unsigned c = 0; c < 4; c++) {
        ocsd_ete_result r;
        uint8_t bytes[1024];
        size_t n = sizeof bytes;
        model_decode(&q, cfgs[c], &img, &r, bytes, &n);
        ck_assert_msg(r.errors == 0, "config %u: %s", c, r.first_error);
        check_ranges(&r, want, sizeof want / sizeof want[0]);
        ck_assert_uint_eq(r.insn_count, 16);
        ck_assert_uint_eq(count_kind(&r, OCSD_ETE_EXCEPTION), 1);
        const ocsd_ete_elem *x = nth(&r, OCSD_ETE_EXCEPTION, 0);
        ck_assert_uint_eq(x->exc_type, PE_EXC_CALL);
        ck_assert_uint_eq(x->addr, BASE + 0x3C);
        ocsd_ete_result_free(&r);
    }
    pe_image_free(&img);
}
END_TEST

/* A PE Reset: the model's PE Reset packet meets W1. */
START_TEST(test_model_pe_reset)
{
    uint32_t w[64];
    pe_image img;
    model_image(&img, w);
    recs q = { .n = 0, .w = w };
    rec_insn(&q, 0x00, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x04, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x08, PE_IC_B, 1, 0x10, 0);
    rec_insn(&q, 0x10, PE_IC_OTHER, 0, 0, 0);
    rec_other(&q, PE_KIND_RESET, 0, 0, PE_EXC_PE_RESET);
    rec_insn(&q, 0x24, PE_IC_BL, 1, 0x2C, 0);
    rec_insn(&q, 0x2C, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x30, PE_IC_BCOND, 0, 0, 0);
    ocsd_ete_result r;
    uint8_t bytes[1024];
    size_t n = sizeof bytes;
    model_decode(&q, 0, &img, &r, bytes, &n);
    static const xrange want[] = { { 0x00, 0x0C, 3 } };
    check_ranges(&r, want, 1);
    const ocsd_ete_elem *e = nth(&r, OCSD_ETE_ERROR, 0);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->waiver, OCSD_ETE_WAIVE_PE_RESET);
    ck_assert_uint_lt(e->offset + 1, n);
    ck_assert_uint_eq(bytes[e->offset], 0x06);            /* D5.25 */
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_PE_RESET), 0);
    ocsd_ete_result_free(&r);
    pe_image_free(&img);
}
END_TEST

/* A failed transaction with P0 instructions inside: OpenCSD reports the
 * ranges inside it (W2a); the model re-anchors the address after the
 * failure, so the ranges that follow are the real ones. */
START_TEST(test_model_txn_fail)
{
    uint32_t w[64];
    pe_image img;
    model_image(&img, w);
    recs q = { .n = 0, .w = w };
    rec_insn(&q, 0x3C, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x40, PE_IC_TSTART, 0, 0, 0);
    rec_insn(&q, 0x44, PE_IC_BCOND, 0, 0, 1);             /* cbnz, X0 = 0 */
    rec_insn(&q, 0x48, PE_IC_BCOND, 1, 0x50, 1);          /* b.ne taken */
    rec_insn(&q, 0x50, PE_IC_TCANCEL, 0, 0, 1);
    rec_other(&q, PE_KIND_TFAIL, 0, 0x44, 0);
    rec_insn(&q, 0x44, PE_IC_BCOND, 1, 0x54, 0);          /* cbnz, X0 = cause */
    rec_insn(&q, 0x54, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x58, PE_IC_B, 1, 0x00, 0);
    rec_insn(&q, 0x00, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x04, PE_IC_OTHER, 0, 0, 0);
    rec_insn(&q, 0x08, PE_IC_B, 1, 0x10, 0);
    ocsd_ete_result r;
    uint8_t bytes[1024];
    size_t n = sizeof bytes;
    model_decode(&q, 0, &img, &r, bytes, &n);
    ck_assert_msg(r.errors == 0, "%s", r.first_error);
    static const xrange want[] = {
        { 0x3C, 0x44, 2 },                      /* up to the TSTART */
        { 0x44, 0x48, 1 }, { 0x48, 0x4C, 1 },   /* inside the failed transaction */
        { 0x44, 0x48, 1 }, { 0x54, 0x5C, 2 }, { 0x00, 0x0C, 3 },
    };
    check_ranges(&r, want, sizeof want / sizeof want[0]);
    /* the two inside ranges lie between OpenCSD's Start and Fail */
    size_t is = SIZE_MAX, ifail = SIZE_MAX, ir1 = SIZE_MAX, ir2 = SIZE_MAX, k = 0;
    for (size_t i = 0; i < r.n; i++) {
        const ocsd_ete_elem *e = &r.elem[i];
        if (e->kind == OCSD_ETE_TXN && e->sub == OCSD_ETE_TXN_START)
            is = i;
        if (e->kind == OCSD_ETE_TXN && e->sub == OCSD_ETE_TXN_FAIL)
            ifail = i;
        if (e->kind == OCSD_ETE_RANGE && k++ == 1)
            ir1 = i;
        if (e->kind == OCSD_ETE_RANGE && k == 3)
            ir2 = i;
    }
    ck_assert_uint_ne(ifail, SIZE_MAX);
    ck_assert_msg(is < ir1 && ir2 < ifail, "start %zu, ranges %zu %zu, fail %zu", is, ir1, ir2,
                  ifail);

    /* the specification's ranges pass the comparison with W2 */
    ete_elem ue[4] = {
        u_range(0, BASE + 0x3C, BASE + 0x44),
        u_range(0, BASE + 0x44, BASE + 0x48),
        u_range(0, BASE + 0x54, BASE + 0x5C),
        u_range(0, BASE + 0x00, BASE + 0x0C),
    };
    ue[0].offset = nth(&r, OCSD_ETE_RANGE, 0)->offset;
    for (size_t i = 1; i < 4; i++)
        ue[i].offset = nth(&r, OCSD_ETE_RANGE, i + 2)->offset;
    char msg[512];
    ck_assert_msg(ocsd_ete_compare(&r, ue, 4, msg, sizeof msg) == 0, "%s", msg);
    ocsd_ete_result_free(&r);
    pe_image_free(&img);
}
END_TEST

/* W2 through a Discard (and an Overflow, which contains one) inside a
 * transaction. */
START_TEST(test_waiver_txn_discard)
{
    wstream w;
    ocsd_ete_result r;
    load_stream("txn_discard.txt", &w);
    ck_assert_uint_eq(w.len, 55);
    for (int ovf = 0; ovf < 2; ovf++) {
        if (ovf)
            w.trace[29] = 0x05;             /* D5.6 Overflow instead of D5.5 Discard */
        decode_stream(&w, &r);
        /* the evidence */
        ck_assert_uint_eq(r.errors, 0);
        check_range(nth(&r, OCSD_ETE_RANGE, 1), BASE + 0x08, BASE + 0x10, 2, 0);
        ck_assert_uint_eq(nth(&r, OCSD_ETE_RANGE, 1)->offset, 27);
        const ocsd_ete_elem *d = nth(&r, ovf ? OCSD_ETE_OVERFLOW : OCSD_ETE_DISCARD, 0);
        ck_assert_ptr_nonnull(d);
        ck_assert_uint_eq(d->offset, 28);
        ck_assert_uint_eq(count_kind(&r, OCSD_ETE_RANGE), 3);
        ck_assert_uint_eq(count_kind(&r, OCSD_ETE_TXN), 1);     /* the Start only */

        /* what the specification gives (D9.3.5) passes with W2 ... */
        ete_elem ue[5] = {
            u_range(25, BASE, BASE + 0x08),
            u_kind(26, ETE_ELEM_TXN_START),
            u_kind(28, ovf ? ETE_ELEM_OVERFLOW : ETE_ELEM_TXN_FAILURE),
            u_kind(44, ETE_ELEM_CONTEXT),
            u_range(54, BASE + 0x18, BASE + 0x20),
        };
        char msg[512];
        ck_assert_msg(ocsd_ete_compare(&r, ue, 5, msg, sizeof msg) == 0, "%s", msg);
        /* ... and nothing after the resynchronisation is waived */
        ue[4].end += 4;
        ue[4].n_insn++;
        ck_assert_int_eq(ocsd_ete_compare(&r, ue, 5, msg, sizeof msg), 1);
        ck_assert_msg(strstr(msg, "item 1:") != NULL, "%s", msg);
        ocsd_ete_result_free(&r);
    }

    /* a Commit packet before the Overflow: OpenCSD has not emitted its
     * MEMTRANS(Commit) when the Overflow comes, yet the transaction
     * succeeded and the range inside it is compared */
    memmove(w.trace + 29, w.trace + 28, w.len - 28);
    w.trace[28] = 0x0B;                     /* D5.12 Transaction Commit */
    w.len++;
    decode_stream(&w, &r);
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_TXN), 1);         /* no Commit element */
    ck_assert_ptr_nonnull(nth(&r, OCSD_ETE_OVERFLOW, 0));
    const ocsd_ete_elem *o = nth(&r, OCSD_ETE_TXN, 0);
    ck_assert_uint_eq(o->sub, OCSD_ETE_TXN_START);
    ck_assert_uint_eq(o->until, 28);                 /* the Commit packet resolves it */
    ete_elem uc[4] = {
        u_range(25, BASE, BASE + 0x08),
        u_range(27, BASE + 0x08, BASE + 0x10),
        u_kind(29, ETE_ELEM_OVERFLOW),
        u_range(55, BASE + 0x18, BASE + 0x20),
    };
    char msg[512];
    ck_assert_msg(ocsd_ete_compare(&r, uc, 4, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_msg(strstr(msg, "3 ranges") != NULL, "%s", msg);
    ocsd_ete_result_free(&r);
    pe_image_free(&w.img);
}
END_TEST

/* W2 and W1 together: the transaction fails, then OpenCSD loses sync
 * before it emits the failure. */
START_TEST(test_waiver_txn_fail_reset)
{
    wstream w;
    ocsd_ete_result r;
    load_stream("txn_fail_reset.txt", &w);
    ck_assert_uint_eq(w.len, 70);
    decode_stream(&w, &r);

    /* the evidence */
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_TXN), 1);         /* the Start only */
    check_range(nth(&r, OCSD_ETE_RANGE, 1), BASE + 0x08, BASE + 0x10, 2, 0);
    const ocsd_ete_elem *e = nth(&r, OCSD_ETE_ERROR, 0);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->offset, 31);
    ck_assert_uint_eq(e->waiver, OCSD_ETE_WAIVE_PE_RESET);
    ck_assert_uint_eq(e->until, 59);
    ck_assert_uint_eq(nth(&r, OCSD_ETE_TXN, 0)->until, UINT64_MAX);   /* not committed */

    ete_elem ue[8] = {
        u_range(25, BASE, BASE + 0x08),
        u_kind(26, ETE_ELEM_TXN_START),
        u_kind(28, ETE_ELEM_TXN_FAILURE),
        u_kind(31, ETE_ELEM_PE_RESET),
        u_kind(34, ETE_ELEM_CONTEXT),
        u_range(44, BASE + 0x18, BASE + 0x20),
        u_kind(59, ETE_ELEM_CONTEXT),
        u_range(69, BASE, BASE + 0x08),
    };
    char msg[512];
    ck_assert_msg(ocsd_ete_compare(&r, ue, 8, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_msg(strstr(msg, "2 of our items in PE Reset") &&
                  strstr(msg, "1 OpenCSD items inside failed"), "%s", msg);
    ue[7].end += 4;
    ue[7].n_insn++;
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 8, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 1:") != NULL, "%s", msg);
    ocsd_ete_result_free(&r);
    pe_image_free(&w.img);
}
END_TEST

/* W3: OpenCSD pops its return stack for an indirect branch whose target
 * an E = 0b10 exception packet gives. */
START_TEST(test_waiver_rs_pop)
{
    wstream w;
    ocsd_ete_result r;
    load_stream("rs_pop.txt", &w);
    ck_assert_uint_eq(w.len, 45);
    decode_stream(&w, &r);

    /* the evidence */
    const ocsd_ete_elem *x = nth(&r, OCSD_ETE_EXCEPTION, 0);
    ck_assert_ptr_nonnull(x);
    ck_assert_uint_eq(x->offset, 27);
    ck_assert_uint_eq(x->addr_is_tgt, 1);
    ck_assert_uint_eq(x->waiver, OCSD_ETE_WAIVE_RS_POP);
    ck_assert_uint_eq(x->until, UINT64_MAX);
    check_range(nth(&r, OCSD_ETE_RANGE, 3), BASE + 0x18, BASE + 0x20, 2, 1);
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_RANGE), 4);       /* nothing at 44 */
    const ocsd_ete_elem *e = nth(&r, OCSD_ETE_ERROR, 0);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->offset, 44);
    ck_assert_msg(strstr(e->text, "OCSD_ERR_RET_STACK_OVERFLOW") != NULL, "%s", e->text);
    ck_assert_uint_eq(e->waiver, OCSD_ETE_WAIVE_RS_POP);    /* OpenCSD lost sync */
    ck_assert_uint_eq(e->until, UINT64_MAX);

    /* what the specification gives passes with W3 ... */
    ete_elem ue[6] = {
        u_range(25, BASE, BASE + 0x04),
        u_range(26, BASE + 0x10, BASE + 0x18),
        u_exc(27, PE_EXC_IRQ, BASE + 0x18),
        u_range(40, BASE + 0x20, BASE + 0x24),
        u_range(43, BASE + 0x18, BASE + 0x20),
        u_range(44, BASE + 0x04, BASE + 0x0C),
    };
    char msg[512];
    ck_assert_msg(ocsd_ete_compare(&r, ue, 6, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_msg(strstr(msg, "1 of our items while OpenCSD had lost sync") != NULL, "%s", msg);
    /* ... and W3 waives nothing before the first prediction after it */
    ue[4].end += 4;
    ue[4].n_insn++;
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 6, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 4:") != NULL, "%s", msg);
    ue[4].end -= 4;
    ue[4].n_insn--;
    ocsd_ete_result_free(&r);

    /* without the return stack there is no trigger and nothing is waived */
    w.configr &= ~TRCCONFIGR_RS;
    decode_stream(&w, &r);
    ck_assert_uint_eq(nth(&r, OCSD_ETE_EXCEPTION, 0)->waiver, OCSD_ETE_WAIVE_NONE);
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 6, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 5:") && strstr(msg, "OpenCSD end of sequence"), "%s", msg);
    ocsd_ete_result_free(&r);
    pe_image_free(&w.img);
}
END_TEST

/* W3 with entries left on the stack: OpenCSD follows a wrong return until
 * the next address. */
START_TEST(test_waiver_rs_pop_skip)
{
    wstream w;
    ocsd_ete_result r;
    load_stream("rs_pop_skip.txt", &w);
    ck_assert_uint_eq(w.len, 68);
    decode_stream(&w, &r);

    /* the evidence */
    ck_assert_uint_eq(r.errors, 0);
    const ocsd_ete_elem *x = nth(&r, OCSD_ETE_EXCEPTION, 0);
    ck_assert_uint_eq(x->offset, 28);
    ck_assert_uint_eq(x->waiver, OCSD_ETE_WAIVE_RS_POP);
    check_range(nth(&r, OCSD_ETE_RANGE, 5), BASE + 0x04, BASE + 0x0C, 2, 1);  /* @45 */
    check_range(nth(&r, OCSD_ETE_RANGE, 6), BASE + 0x08, BASE + 0x0C, 1, 1);  /* @46 */
    ck_assert_uint_eq(nth(&r, OCSD_ETE_RANGE, 5)->offset, 45);

    /* what the specification gives passes with W3 ... */
    ete_elem ue[10] = {
        u_range(25, BASE, BASE + 0x04),
        u_range(26, BASE + 0x10, BASE + 0x14),
        u_range(27, BASE + 0x20, BASE + 0x28),
        u_exc(28, PE_EXC_IRQ, BASE + 0x28),
        u_range(41, BASE + 0x30, BASE + 0x34),
        u_range(44, BASE + 0x28, BASE + 0x2C),
        u_range(45, BASE + 0x14, BASE + 0x1C),
        u_range(46, BASE + 0x04, BASE + 0x0C),
        u_exc(47, PE_EXC_IRQ, BASE + 0x08),
        u_range(67, BASE + 0x2C, BASE + 0x34),
    };
    char msg[512];
    ck_assert_msg(ocsd_ete_compare(&r, ue, 10, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_msg(strstr(msg, "2+2 ranges after a return stack pop") != NULL, "%s", msg);
    /* ... the exception inside the skipped stretch is still compared ... */
    ue[8].addr += 4;
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 10, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 6:") != NULL, "%s", msg);
    ue[8].addr -= 4;
    /* ... and so is everything after the address */
    ue[9].start += 4;
    ue[9].n_insn--;
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 10, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 7:") != NULL, "%s", msg);
    ue[9].start -= 4;
    ue[9].n_insn++;
    ocsd_ete_result_free(&r);

    /* without the return stack OpenCSD follows no prediction: no waiver */
    w.configr &= ~TRCCONFIGR_RS;
    decode_stream(&w, &r);
    ck_assert_uint_eq(nth(&r, OCSD_ETE_EXCEPTION, 0)->waiver, OCSD_ETE_WAIVE_NONE);
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 10, msg, sizeof msg), 1);
    ocsd_ete_result_free(&r);
    pe_image_free(&w.img);
}
END_TEST

/* W3 with OpenCSD's return stack empty: OpenCSD crashes, the wrapper's
 * child process dies, the caller gets the elements before it and an error. */
START_TEST(test_waiver_rs_pop_crash)
{
    wstream w;
    ocsd_ete_result r;
    load_stream("rs_pop_crash.txt", &w);
    ck_assert_uint_eq(w.len, 41);
    decode_stream(&w, &r);

    /* the evidence */
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_EXCEPTION), 0);
    ck_assert_uint_eq(count_kind(&r, OCSD_ETE_RANGE), 1);
    const ocsd_ete_elem *e = nth(&r, OCSD_ETE_ERROR, 0);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->offset, 26);
    ck_assert_uint_eq(e->waiver, OCSD_ETE_WAIVE_RS_POP);
    ck_assert_msg(strstr(e->text, "OCSD_ERR_RET_STACK_OVERFLOW") != NULL, "%s", e->text);
    e = nth(&r, OCSD_ETE_ERROR, 1);
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(e->sub, OCSD_ETE_ERR_DATAPATH);
    ck_assert_msg(strstr(e->text, "crashed (signal 11)") != NULL, "%s", e->text);
    ck_assert_uint_eq(r.errors, 2);

    /* what the specification gives passes with W3 */
    ete_elem ue[4] = {
        u_range(25, BASE, BASE + 0x08),
        u_exc(26, PE_EXC_IRQ, BASE + 0x10),
        u_range(39, BASE + 0x10, BASE + 0x18),
        u_range(40, BASE + 0x14, BASE + 0x18),
    };
    char msg[512];
    ck_assert_msg(ocsd_ete_compare(&r, ue, 4, msg, sizeof msg) == 0, "%s", msg);
    ck_assert_msg(strstr(msg, "3 of our items while OpenCSD had lost sync") != NULL, "%s", msg);
    ue[0].end += 4;
    ue[0].n_insn++;
    ck_assert_int_eq(ocsd_ete_compare(&r, ue, 4, msg, sizeof msg), 1);
    ocsd_ete_result_free(&r);

    /* the instruction count and the packet text survive the crash too */
    uint64_t n = 0;
    char err[256] = "";
    ck_assert_int_eq(ocsd_ete_count(&w.id, w.configr, w.traceidr, &w.img, w.trace, w.len, &n,
                                    err, sizeof err), 0);
    ck_assert_uint_eq(n, 2);
    ck_assert_msg(strstr(err, "crashed") && strstr(err, "no A-Sync follows"), "%s", err);
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(ocsd_ete_packet_text(&w.id, w.configr, w.traceidr, &w.img, w.trace, w.len,
                                          f, err, sizeof err), 0);
    rewind(f);
    char text[4096];
    size_t k = fread(text, 1, sizeof text - 1, f);
    text[k] = '\0';
    fclose(f);
    ck_assert_msg(strstr(text, "Idx:26; ID:10; [0x06 0x5c ]") &&
                  strstr(text, "OCSD_ERR_RET_STACK_OVERFLOW") &&
                  strstr(text, "crashed (signal 11)"), "%s", text);

    /* with an A-Sync after the crash, a new OpenCSD takes up from there, as
     * OpenCSD resynchronises after an error */
    bbuf tail = { .n = 0 };
    put_async(&tail);                               /* @41 */
    put_trace_info(&tail);                          /* @53 */
    put_addr_ctxt64(&tail, BASE + 0x10, 1, 1);      /* @55 */
    put_atom(&tail, 1);                             /* @65: nop, b */
    ck_assert_uint_le(w.len + tail.n, sizeof w.trace);
    memcpy(w.trace + w.len, tail.b, tail.n);
    w.len += tail.n;
    decode_stream(&w, &r);
    e = nth(&r, OCSD_ETE_ERROR, 1);
    ck_assert_ptr_nonnull(e);
    ck_assert_msg(strstr(e->text, "restarted at the A-Sync at offset 41") != NULL, "%s", e->text);
    check_range(nth(&r, OCSD_ETE_RANGE, 1), BASE + 0x10, BASE + 0x18, 2, 1);
    ck_assert_uint_eq(nth(&r, OCSD_ETE_RANGE, 1)->offset, 65);
    ck_assert_uint_eq(nth(&r, OCSD_ETE_ERROR, 0)->until, 55);
    ete_elem ut[6] = {
        u_range(25, BASE, BASE + 0x08),
        u_exc(26, PE_EXC_IRQ, BASE + 0x10),
        u_range(39, BASE + 0x10, BASE + 0x18),
        u_range(40, BASE + 0x14, BASE + 0x18),
        u_kind(55, ETE_ELEM_CONTEXT),
        u_range(65, BASE + 0x10, BASE + 0x18),
    };
    ck_assert_msg(ocsd_ete_compare(&r, ut, 6, msg, sizeof msg) == 0, "%s", msg);
    ut[5].end += 4;
    ut[5].n_insn++;
    ck_assert_int_eq(ocsd_ete_compare(&r, ut, 6, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "item 1:") != NULL, "%s", msg);
    ck_assert_int_eq(ocsd_ete_count(&w.id, w.configr, w.traceidr, &w.img, w.trace, w.len, &n,
                                    err, sizeof err), 0);
    ck_assert_uint_eq(n, 4);
    ck_assert_msg(strstr(err, "restarted at the A-Sync at offset 41") != NULL, "%s", err);
    ocsd_ete_result_free(&r);
    pe_image_free(&w.img);
}
END_TEST

static Suite *ocsd_suite(void)
{
    Suite *s = suite_create("ocsd");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_ranges_and_context);
    tcase_add_test(tc, test_exceptions);
    tcase_add_test(tc, test_timestamp_event_cycle_count);
    tcase_add_test(tc, test_memory_not_accessible);
    tcase_add_test(tc, test_reserved_header);
    tcase_add_test(tc, test_truncated_packet);
    tcase_add_loop_test(tc, test_garbage, 0, 16);
    tcase_add_test(tc, test_bad_configuration);
    tcase_add_test(tc, test_count_and_text);
    tcase_add_test(tc, test_compare);
    tcase_add_test(tc, test_compare_txn_scope);
    tcase_add_test(tc, test_waiver_pe_reset);
    tcase_add_test(tc, test_waiver_pe_reset_addr);
    tcase_add_test(tc, test_waiver_txn_fail);
    tcase_add_test(tc, test_waiver_txn_discard);
    tcase_add_test(tc, test_waiver_txn_fail_reset);
    tcase_add_test(tc, test_waiver_rs_pop);
    tcase_add_test(tc, test_waiver_rs_pop_skip);
    tcase_add_test(tc, test_waiver_rs_pop_crash);
    tcase_add_test(tc, test_model_branches);
    tcase_add_test(tc, test_model_pe_reset);
    tcase_add_test(tc, test_model_txn_fail);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(ocsd_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
