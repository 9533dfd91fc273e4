/* Unit tests of the ETE trace analyzer (sw/ete/ete_decoder.c, chapter D9)
 * and the A64 classifier (sw/ete/ete_a64.c).  The packet streams are
 * written byte by byte from the layouts of chapter D5; the program image is
 * a few hand-encoded A64 instructions. */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_a64.h"
#include "ete_decoder.h"
#include "ete_snapshot_read.h"

/* ---- the program image at 0x1000 ------------------------------------------
 *   1000 nop            1020 nop            1040 nop
 *   1004 nop            1024 cbz x0, 1008   1044 nop
 *   1008 b.ne 1020      1028 isb            1048 ret
 *   100c bl 1040        102c..103c nop      104c tstart x0
 *   1010 nop                                1050 cbnz x0, 1060
 *   1014 br x1                              1054 bl 1040
 *   1018 nop                                1058 tcommit
 *   101c b 1000                             105c b 1000
 *                                           1060 nop
 *                                           1064 ret
 */
#define BASE 0x1000u
static const uint32_t image[] = {
    0xd503201f, 0xd503201f, 0x540000c1, 0x9400000d, 0xd503201f, 0xd61f0020, 0xd503201f,
    0x17fffff9, 0xd503201f, 0xb4ffff20, 0xd5033fdf, 0xd503201f, 0xd503201f, 0xd503201f,
    0xd503201f, 0xd503201f, 0xd503201f, 0xd503201f, 0xd65f03c0,
    0xd5233060, 0xb5000080, 0x97fffffb, 0xd503307f, 0x17ffffe9, 0xd503201f, 0xd65f03c0,
};

static uint64_t mem_end = BASE + sizeof image;   /* a test may map less */

static int mem_read(void *ctx, uint64_t addr, unsigned el, int ns, uint32_t *w)
{
    (void)ctx;
    (void)el;
    (void)ns;
    if (addr < BASE || addr >= mem_end || (addr & 3))
        return -1;
    *w = image[(addr - BASE) / 4];
    return 0;
}

/* ---- collected output ----------------------------------------------------- */

#define MAXE 256
typedef struct sink {
    ete_elem e[MAXE];
    char line[MAXE][128];
    int n;
} sink;

static void on_elem(void *ctx, const ete_elem *e)
{
    sink *s = ctx;
    if (s->n < MAXE) {
        s->e[s->n] = *e;
        ete_elem_format(e, s->line[s->n], sizeof s->line[0]);
        s->n++;
    }
}

/* ---- stream builder -------------------------------------------------------- */

typedef struct bld {
    uint8_t b[2048];
    size_t n;
} bld;

static void put(bld *t, int count, ...)
{
    va_list ap;
    va_start(ap, count);
    for (int i = 0; i < count; i++)
        t->b[t->n++] = (uint8_t)va_arg(ap, int);
    va_end(ap);
}

static void async(bld *t)               /* D5.4 */
{
    for (int i = 0; i < 11; i++)
        t->b[t->n++] = 0x00;
    t->b[t->n++] = 0x80;
}

static void addr64(bld *t, uint64_t a)  /* D5.51 Target Address 64-bit IS0 */
{
    t->b[t->n++] = 0x9D;
    t->b[t->n++] = (uint8_t)((a >> 2) & 0x7F);
    t->b[t->n++] = (uint8_t)((a >> 9) & 0x7F);
    for (int s = 16; s < 64; s += 8)
        t->b[t->n++] = (uint8_t)(a >> s);
}

static void uleb(bld *t, uint64_t v)
{
    do {
        uint8_t b = v & 0x7F;
        v >>= 7;
        t->b[t->n++] = (uint8_t)(b | (v ? 0x80 : 0));
    } while (v);
}

/* A-Sync, Trace Info (no sections), Trace On, Context EL1 NS AArch64,
 * Target Address 0x1000. */
static void prologue(bld *t)
{
    async(t);
    put(t, 2, 0x01, 0x00);              /* D5.7 variant 1 */
    put(t, 1, 0x04);                    /* D5.8 */
    put(t, 2, 0x81, 0x31);              /* D5.55: EL1, SF, NS */
    addr64(t, 0x1000);
}

static ete_dec_cfg base_cfg(void)
{
    ete_dec_cfg c;
    ete_cfg_defaults(&c);
    c.trcconfigr = 0x1001;              /* RES1 | RS */
    return c;
}

static ete_decoder *run_cfg(const ete_dec_cfg *cfg, const bld *t, sink *s, int bytewise)
{
    char err[256];
    memset(s, 0, sizeof *s);
    ete_decoder *d = ete_decoder_new(cfg, mem_read, NULL, on_elem, s, err, sizeof err);
    ck_assert_msg(d != NULL, "%s", err);
    size_t used = 0;
    if (bytewise) {
        for (size_t i = 0; i < t->n; i++) {
            ck_assert_int_eq(ete_decoder_feed(d, t->b + i, 1, &used), 0);
            ck_assert_uint_eq(used, 1);
        }
    } else {
        ck_assert_int_eq(ete_decoder_feed(d, t->b, t->n, &used), 0);
        ck_assert_uint_eq(used, t->n);
    }
    ete_decoder_finish(d);
    return d;
}

static ete_decoder *run(const bld *t, sink *s)
{
    ete_dec_cfg c = base_cfg();
    return run_cfg(&c, t, s, 0);
}

static void expect(const sink *s, const char *const *lines, int n)
{
    for (int i = 0; i < s->n && i < n; i++)
        ck_assert_msg(strcmp(s->line[i], lines[i]) == 0, "element %d: got '%s', want '%s'", i,
                      s->line[i], lines[i]);
    ck_assert_msg(s->n == n, "got %d elements, want %d (last '%s')", s->n, n,
                  s->n ? s->line[s->n - 1] : "");
}

#define EXPECT(s, ...) do { \
        static const char *const want_[] = { __VA_ARGS__ }; \
        expect((s), want_, (int)(sizeof want_ / sizeof want_[0])); \
    } while (0)

static sink S;      /* large: not on the stack */

/* ---- A64 classifier ---------------------------------------------------------- */

START_TEST(a64_classes)
{
    static const struct { uint32_t w; int cls, link, cond; int64_t off; } c[] = {
        { 0x14000002, ETE_A64_BR_DIRECT, 0, 0, 8 },         /* b .+8 */
        { 0x97ffffff, ETE_A64_BR_DIRECT, 1, 0, -4 },        /* bl .-4 */
        { 0x54000081, ETE_A64_BR_DIRECT, 0, 1, 16 },        /* b.ne .+16 */
        { 0x54000090, ETE_A64_BR_DIRECT, 0, 1, 16 },        /* bc.eq .+16 */
        { 0xb4000041, ETE_A64_BR_DIRECT, 0, 1, 8 },         /* cbz x1, .+8 */
        { 0x35ffffc2, ETE_A64_BR_DIRECT, 0, 1, -8 },        /* cbnz w2, .-8 */
        { 0xb6400063, ETE_A64_BR_DIRECT, 0, 1, 12 },        /* tbz x3, #40, .+12 */
        { 0x371fffa4, ETE_A64_BR_DIRECT, 0, 1, -12 },       /* tbnz w4, #3, .-12 */
        { 0x17ffffff, ETE_A64_BR_DIRECT, 0, 0, -4 },
        { 0x16000000, ETE_A64_BR_DIRECT, 0, 0, -(1LL << 27) },   /* b: most negative */
        { 0x15ffffff, ETE_A64_BR_DIRECT, 0, 0, (1LL << 27) - 4 },
        { 0x54800000, ETE_A64_BR_DIRECT, 0, 1, -(1LL << 20) },   /* b.eq: most negative */
        { 0x36040000, ETE_A64_BR_DIRECT, 0, 1, -(1LL << 15) },   /* tbz: most negative */
        { 0xd61f00a0, ETE_A64_BR_INDIRECT, 0, 0, 0 },       /* br x5 */
        { 0xd63f00c0, ETE_A64_BR_INDIRECT, 1, 0, 0 },       /* blr x6 */
        { 0xd65f03c0, ETE_A64_BR_INDIRECT, 0, 0, 0 },       /* ret */
        { 0xd65f00e0, ETE_A64_BR_INDIRECT, 0, 0, 0 },       /* ret x7 */
        { 0xd71f0909, ETE_A64_BR_INDIRECT, 0, 0, 0 },       /* braa x8, x9 */
        { 0xd61f095f, ETE_A64_BR_INDIRECT, 0, 0, 0 },       /* braaz x10 */
        { 0xd71f0d7f, ETE_A64_BR_INDIRECT, 0, 0, 0 },       /* brab x11, sp */
        { 0xd61f0d9f, ETE_A64_BR_INDIRECT, 0, 0, 0 },       /* brabz x12 */
        { 0xd73f09ae, ETE_A64_BR_INDIRECT, 1, 0, 0 },       /* blraa x13, x14 */
        { 0xd63f09ff, ETE_A64_BR_INDIRECT, 1, 0, 0 },       /* blraaz x15 */
        { 0xd73f0e11, ETE_A64_BR_INDIRECT, 1, 0, 0 },       /* blrab x16, x17 */
        { 0xd63f0e5f, ETE_A64_BR_INDIRECT, 1, 0, 0 },       /* blrabz x18 */
        { 0xd65f0bff, ETE_A64_BR_INDIRECT, 0, 0, 0 },       /* retaa */
        { 0xd65f0fff, ETE_A64_BR_INDIRECT, 0, 0, 0 },       /* retab */
        { 0xd69f03e0, ETE_A64_BR_INDIRECT, 0, 0, 0 },       /* eret */
        { 0xd69f0bff, ETE_A64_BR_INDIRECT, 0, 0, 0 },       /* eretaa */
        { 0xd69f0fff, ETE_A64_BR_INDIRECT, 0, 0, 0 },       /* eretab */
        { 0xd5033fdf, ETE_A64_ISB, 0, 0, 0 },               /* isb */
        { 0xd50335df, ETE_A64_ISB, 0, 0, 0 },               /* isb #5 */
        { 0xd503207f, ETE_A64_WFX, 0, 0, 0 },               /* wfi */
        { 0xd503205f, ETE_A64_WFX, 0, 0, 0 },               /* wfe */
        { 0xd5031021, ETE_A64_WFX, 0, 0, 0 },               /* wfit x1 */
        { 0xd5031002, ETE_A64_WFX, 0, 0, 0 },               /* wfet x2 */
        { 0xd5233063, ETE_A64_TSTART, 0, 0, 0 },            /* tstart x3 */
        { 0xd503307f, ETE_A64_OTHER, 0, 0, 0 },             /* tcommit */
        { 0xd5233164, ETE_A64_OTHER, 0, 0, 0 },             /* ttest x4 */
        { 0xd6bf03e0, ETE_A64_OTHER, 0, 0, 0 },             /* drps */
        { 0xd503201f, ETE_A64_OTHER, 0, 0, 0 },             /* nop */
        { 0xd503209f, ETE_A64_OTHER, 0, 0, 0 },             /* sev */
        { 0xd69f03c0, ETE_A64_OTHER, 0, 0, 0 },             /* eret with Rn != 31: unallocated */
        { 0xd61f0001, ETE_A64_OTHER, 0, 0, 0 },             /* br with op4 != 0: unallocated */
        { 0x8b020020, ETE_A64_OTHER, 0, 0, 0 },             /* add x0, x1, x2 */
        { 0xf9400020, ETE_A64_OTHER, 0, 0, 0 },             /* ldr x0, [x1] */
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        ete_a64_insn in;
        ete_a64_classify(c[i].w, 1, &in);
        ck_assert_msg(in.cls == c[i].cls, "0x%08x: class %d want %d", c[i].w, in.cls, c[i].cls);
        ck_assert_msg(in.is_link == c[i].link, "0x%08x: link", c[i].w);
        if (c[i].cls == ETE_A64_BR_DIRECT) {
            ck_assert_msg(in.is_cond == c[i].cond, "0x%08x: cond", c[i].w);
            ck_assert_msg(in.offset == c[i].off, "0x%08x: offset %lld want %lld", c[i].w,
                          (long long)in.offset, (long long)c[i].off);
        }
    }
    /* WFx are P0 only when TRCIDR2.WFXMODE is 1 */
    ete_a64_insn in;
    ete_a64_classify(0xd503207f, 0, &in);
    ck_assert_int_eq(in.cls, ETE_A64_OTHER);
    ete_a64_classify(0xd5031021, 0, &in);
    ck_assert_int_eq(in.cls, ETE_A64_OTHER);
    /* direct targets wrap modulo 2^64 */
    ete_a64_classify(0x17ffffff, 1, &in);
    ck_assert_uint_eq(ete_a64_direct_target(0, &in), 0xFFFFFFFFFFFFFFFCull);
    ck_assert_uint_eq(ete_a64_direct_target(0x1000, &in), 0xFFCu);
}
END_TEST

/* ---- atoms, branches, return stack ----------------------------------------- */

START_TEST(atoms_direct_indirect_return_stack)
{
    bld t = { .n = 0 };
    prologue(&t);
    put(&t, 4, 0xF6, 0xF7, 0xF7, 0xF7);    /* N E E E: b.ne, bl, ret (pop), br */
    put(&t, 2, 0x95, 0x08);                /* D5.47 short IS0: 0x1020 */
    put(&t, 1, 0xD8 | 3);                  /* D5.41 format 2: E E */
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1000 0x100c 3",      /* N on b.ne */
           "range 0x100c 0x1010 1",      /* E on bl: push 0x1010 */
           "range 0x1040 0x104c 3",      /* E on ret: target from the return stack */
           "range 0x1010 0x1018 2",      /* E on br x1: target 0x1020 traced */
           "range 0x1020 0x1028 2",      /* E on cbz -> 0x1008 */
           "range 0x1008 0x100c 1");     /* E on b.ne -> 0x1020 */
    ck_assert_int_eq(S.e[3].p0_class, ETE_P0_BR_DIRECT);
    ck_assert_int_eq(S.e[3].taken, 0);
    ck_assert_int_eq(S.e[4].is_link, 1);
    ck_assert_int_eq(S.e[5].p0_class, ETE_P0_BR_INDIRECT);
    ck_assert_int_eq(S.e[5].taken, 1);
    ck_assert_uint_eq(ete_decoder_insn_count(d), 12);
    ck_assert_uint_eq(ete_decoder_errors(d), 0);
    ete_decoder_free(d);

    /* the same stream one byte at a time gives the same elements */
    sink *s2 = malloc(sizeof *s2);
    ete_dec_cfg c = base_cfg();
    d = run_cfg(&c, &t, s2, 1);
    ck_assert_int_eq(s2->n, S.n);
    for (int i = 0; i < S.n; i++)
        ck_assert_str_eq(s2->line[i], S.line[i]);
    ete_decoder_free(d);
    free(s2);

    /* with TRCCONFIGR.RS = 0 there is no return stack: the target after
     * ret is unknown and the next atom cannot be analysed */
    c.trcconfigr = 0x1;
    d = run_cfg(&c, &t, &S, 0);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1000 0x100c 3", "range 0x100c 0x1010 1", "range 0x1040 0x104c 3",
           "range 0x1020 0x1028 2", "range 0x1008 0x100c 1");
    ete_decoder_free(d);
}
END_TEST

START_TEST(return_stack_depth_15)
{
    /* 16 calls without a return: the oldest entry is lost (R_ZSDVQ); the
     * analyzer stack holds 15 (R_XSVZC).  Then a ret and 16 br x1, each
     * taken with no Target Address: every one pops an entry. */
    bld t = { .n = 0 };
    prologue(&t);
    for (int i = 0; i < 16; i++) {
        addr64(&t, 0x100c);
        put(&t, 1, 0xF7);                   /* E on bl: push 0x1010 */
    }
    addr64(&t, 0x1040);
    for (int i = 0; i < 17; i++)
        put(&t, 1, 0xF7);
    ete_decoder *d = run(&t, &S);
    int calls = 0, rets = 0, pops = 0;
    for (int i = 0; i < S.n; i++) {
        calls += strcmp(S.line[i], "range 0x100c 0x1010 1") == 0;
        rets += strcmp(S.line[i], "range 0x1040 0x104c 3") == 0;
        pops += strcmp(S.line[i], "range 0x1010 0x1018 2") == 0;
    }
    ck_assert_int_eq(calls, 16);
    ck_assert_int_eq(rets, 1);
    ck_assert_int_eq(pops, 15);
    ete_decoder_free(d);
}
END_TEST

START_TEST(address_history_exact_match)
{
    bld t = { .n = 0 };
    prologue(&t);                           /* history: 0x1000 */
    put(&t, 2, 0x95, 0x10);                 /* short: 0x1040; history 0x1040, 0x1000 */
    put(&t, 2, 0x95, 0x08);                 /* short: 0x1020; 0x1020, 0x1040, 0x1000 */
    put(&t, 1, 0x92);                       /* D5.53 exact QE=2: 0x1000 */
    put(&t, 1, 0xF6);                       /* N on b.ne */
    put(&t, 1, 0x91);                       /* exact QE=1: the entry before is 0x1020 */
    put(&t, 1, 0xF7);                       /* E on cbz -> 0x1008 */
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1000 0x100c 3", "range 0x1020 0x1028 2");
    ete_decoder_free(d);
}
END_TEST

START_TEST(exception_then_target)
{
    bld t = { .n = 0 };
    prologue(&t);
    /* D5.18 Exception 64-bit IS0, E=01, TYPE=IRQ (0b01110): return 0x1008 */
    put(&t, 2, 0x06, (0x0E << 1) | 1);
    addr64(&t, 0x1008);
    addr64(&t, 0x1040);                     /* the vector */
    put(&t, 1, 0xF7);                       /* E on ret: the return stack is empty */
    /* Exception exact match E=10 (target = return address), TYPE Call: the
     * target address is the preferred return address, nothing executed */
    addr64(&t, 0x1020);
    put(&t, 3, 0x06, 0x40 | (0x02 << 1), 0x90);
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1000 0x1008 2", "exception 14 0x1008",
           "range 0x1040 0x104c 3",
           "exception 2 0x1020");
    ck_assert_int_eq(S.e[3].p0_class, ETE_P0_NONE);
    ck_assert_int_eq(S.e[4].exc_type, 14);
    ete_decoder_free(d);
}
END_TEST

START_TEST(pe_reset_and_events)
{
    bld t = { .n = 0 };
    prologue(&t);
    put(&t, 1, 0x75);                       /* D5.68: events 0 and 2 */
    put(&t, 3, 0x06, 0x01, 0x70);           /* D5.25 PE Reset, E=01 */
    put(&t, 1, 0xF6);                       /* address unknown: not analysed */
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "event 0", "event 2", "pe-reset");
    ete_decoder_free(d);
}
END_TEST

START_TEST(context_changes)
{
    bld t = { .n = 0 };
    async(&t);
    put(&t, 2, 0x01, 0x00);
    /* D5.55 variant 4: EL2, NS, SF, VMID 0x22, CONTEXTID 0x11223344 */
    put(&t, 10, 0x81, 0xC0 | 0x20 | 0x10 | 0x02, 0x22, 0, 0, 0, 0x44, 0x33, 0x22, 0x11);
    addr64(&t, 0x1000);
    put(&t, 1, 0xF6);
    put(&t, 1, 0x80);                       /* D5.54 Context Same: no change */
    put(&t, 2, 0x81, 0x01);                 /* EL1 Secure AArch32: ids kept */
    put(&t, 1, 0xF6);                       /* AArch32: not decoded */
    /* D5.58 Target Address with Context 64-bit IS0: EL1 NS AArch64 */
    put(&t, 1, 0x85);
    put(&t, 8, (0x1020 >> 2) & 0x7F, (0x1020 >> 9) & 0x7F, 0, 0, 0, 0, 0, 0);
    put(&t, 1, 0x31);
    put(&t, 1, 0xF7);
    ete_dec_cfg c = base_cfg();
    c.trcconfigr |= 0xC0;                   /* CID and VMID traced */
    ete_decoder *d = run_cfg(&c, &t, &S, 0);
    EXPECT(&S, "trace-info", "context el2 ns=1 cid=0x11223344 vmid=0x22",
           "range 0x1000 0x100c 3",
           "context el1 ns=0 cid=0x11223344 vmid=0x22",
           "mem-nacc 0x100c",
           "context el1 ns=1 cid=0x11223344 vmid=0x22",
           "range 0x1020 0x1028 2");
    ck_assert_int_eq(S.e[1].sf, 1);
    ck_assert_int_eq(S.e[1].cid_valid, 1);
    ck_assert_int_eq(S.e[1].vmid_valid, 1);
    ck_assert_int_eq(S.e[3].sf, 0);
    ete_decoder_free(d);
}
END_TEST

START_TEST(timestamps_compressed)
{
    bld t = { .n = 0 };
    prologue(&t);
    put(&t, 4, 0x02, 0xC5, 0xC6, 0x04);     /* D5.9: TS = 0x12345 */
    put(&t, 2, 0x02, 0x10);                 /* bits [6:0] replaced: 0x12310 */
    put(&t, 4, 0x03, 0x81, 0x01, 0x07);     /* bits [13:0] = 0x81, COUNT 7 */
    /* 9-byte form: the full 64 bits */
    put(&t, 10, 0x02, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xAB);
    put(&t, 2, 0x01, 0x00);                 /* Trace Info: last timestamp = 0 (R_GFQQ) */
    put(&t, 2, 0x02, 0x05);
    put(&t, 1, 0x88);                       /* D5.10 marker */
    ete_dec_cfg c = base_cfg();
    c.id.trcidr[0] |= 1u << 23;             /* TRCIDR0.TSMARK */
    ete_decoder *d = run_cfg(&c, &t, &S, 0);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "timestamp 0x12345", "timestamp 0x12310", "timestamp 0x10081 cc 7",
           "timestamp 0xabffffffffffffff", "trace-info", "timestamp 0x5", "ts-marker");
    ete_decoder_free(d);
}
END_TEST

START_TEST(cycle_counts)
{
    bld t = { .n = 0 };
    async(&t);
    /* D5.7 variant 6: INFO with CC, CYCT = 0x10 */
    put(&t, 4, 0x01, 0x09, 0x01, 0x10);
    put(&t, 2, 0x0E, 0x05);                 /* D5.29 F1_1: 5 + threshold */
    put(&t, 1, 0x0F);                       /* D5.27 F1_1 unknown */
    put(&t, 2, 0x0D, 0xF3);                 /* D5.32 F2_1: BBBB 3 */
    put(&t, 1, 0x12);                       /* D5.34 F3_1: BB 2 */
    put(&t, 1, 0x0E);
    uleb(&t, 0x4000);                       /* 3-byte count: 0x4000 */
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "cc 21", "cc unknown", "cc 19", "cc 18", "cc 16400");
    ck_assert_int_eq(S.e[2].cc_valid, 0);
    ete_decoder_free(d);
}
END_TEST

START_TEST(cycle_counts_commit_mode_0)
{
    /* COMMOPT 0: Cycle Count packets carry commits (D5.26-D5.33) */
    bld t = { .n = 0 };
    async(&t);
    put(&t, 4, 0x01, 0x09, 0x01, 0x04);     /* CC on, threshold 4 */
    put(&t, 1, 0x04);
    put(&t, 2, 0x81, 0x31);
    addr64(&t, 0x1000);
    put(&t, 1, 0xF6);                       /* N on b.ne (speculative) */
    put(&t, 1, 0xF7);                       /* E on bl */
    put(&t, 2, 0x0C, 0x03);                 /* D5.30 F2_0 small: commit AAAA+1 = 1, BBBB 3 */
    put(&t, 1, 0x10 | (0 << 2) | 1);        /* D5.33 F3_0: commit 1, BB 1 */
    ete_dec_cfg c = base_cfg();
    c.id.trcidr[0] &= ~(1u << 29);
    c.id.trcidr[8] = 4;
    ete_decoder *d = run_cfg(&c, &t, &S, 0);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1000 0x100c 3", "cc 7", "range 0x100c 0x1010 1", "cc 5");
    ck_assert_uint_eq(ete_decoder_errors(d), 0);
    ete_decoder_free(d);
}
END_TEST

/* ---- speculation (D9.3) ---------------------------------------------------- */

static ete_dec_cfg spec_cfg(void)
{
    ete_dec_cfg c = base_cfg();
    c.id.trcidr[8] = 8;                     /* TRCIDR8.MAXSPEC */
    return c;
}

START_TEST(speculation_commit_cancel)
{
    bld t = { .n = 0 };
    prologue(&t);
    put(&t, 2, 0xF6, 0xF7);                 /* N b.ne, E bl: speculative */
    put(&t, 2, 0x2D, 0x01);                 /* D5.35 commit 1 */
    put(&t, 2, 0x2E, 0x01);                 /* D5.36 cancel 1, M=0: the bl is gone */
    put(&t, 1, 0xF7);                       /* E on bl again */
    put(&t, 2, 0x2D, 0x01);
    ete_dec_cfg c = spec_cfg();
    ete_decoder *d = run_cfg(&c, &t, &S, 0);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1000 0x100c 3", "range 0x100c 0x1010 1");
    ck_assert_uint_eq(ete_decoder_errors(d), 0);
    ete_decoder_free(d);

    /* nothing speculative is shown before its commit */
    bld u = { .n = 0 };
    prologue(&u);
    put(&u, 2, 0xF6, 0xF7);
    char err[128];
    d = ete_decoder_new(&c, mem_read, NULL, on_elem, &S, err, sizeof err);
    memset(&S, 0, sizeof S);
    size_t used;
    ete_decoder_feed(d, u.b, u.n, &used);
    ck_assert_int_eq(S.n, 3);
    uint8_t commit2[] = { 0x2D, 0x02 };
    ete_decoder_feed(d, commit2, 2, &used);
    ete_decoder_finish(d);
    ck_assert_int_eq(S.n, 5);
    ete_decoder_free(d);

    /* implied commits: a depth above MAXSPEC commits the oldest (D9.2.18.3) */
    bld v = { .n = 0 };
    prologue(&v);
    for (int i = 0; i < 10; i++)
        put(&v, 1, 0xF6);                   /* ten N atoms on b.ne */
    d = ete_decoder_new(&c, mem_read, NULL, on_elem, &S, err, sizeof err);
    memset(&S, 0, sizeof S);
    ete_decoder_feed(d, v.b, v.n, &used);
    /* two committed by depth > 8; the newest RANGE is held for a
     * possible Mispredict until the next P0 element */
    ck_assert_int_eq(S.n, 4);
    ck_assert_str_eq(S.line[3], "range 0x1000 0x100c 3");
    ete_decoder_free(d);
}
END_TEST

START_TEST(speculation_mispredict)
{
    bld t = { .n = 0 };
    prologue(&t);
    put(&t, 1, 0xF7);                       /* E on b.ne -> 0x1020 */
    put(&t, 1, 0x30);                       /* D5.39 mispredict, no atoms: now N */
    put(&t, 1, 0xF7);                       /* E on bl at 0x100c */
    put(&t, 2, 0x2D, 0x02);
    /* Cancel format 2 with an E atom: the atom, cancel 1, then a Mispredict
     * of the most recent non-canceled atom (D2.5.4): the bl becomes N */
    put(&t, 1, 0x34 | 1);                   /* D5.37 A=01 */
    put(&t, 1, 0xF7);                       /* E on br x1 at 0x1014 */
    put(&t, 2, 0x2D, 0x01);
    ete_dec_cfg c = spec_cfg();
    ete_decoder *d = run_cfg(&c, &t, &S, 0);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1000 0x100c 3", "range 0x100c 0x1010 1", "range 0x1010 0x1018 2");
    ck_assert_int_eq(S.e[3].taken, 0);      /* corrected by the first Mispredict */
    ck_assert_int_eq(S.e[4].taken, 0);      /* corrected after the Cancel */
    ck_assert_uint_eq(ete_decoder_errors(d), 0);
    ete_decoder_free(d);
}
END_TEST

START_TEST(speculation_discard)
{
    bld t = { .n = 0 };
    prologue(&t);
    put(&t, 2, 0xF6, 0xF7);
    put(&t, 2, 0x2D, 0x01);                 /* commit the N */
    put(&t, 2, 0x02, 0x09);                 /* timestamp: kept by the Discard */
    put(&t, 2, 0x00, 0x03);                 /* D5.5 Discard: the bl E is dropped */
    put(&t, 1, 0x04);
    addr64(&t, 0x1020);
    put(&t, 1, 0xF7);
    put(&t, 2, 0x2D, 0x01);
    ete_dec_cfg c = spec_cfg();
    ete_decoder *d = run_cfg(&c, &t, &S, 0);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1000 0x100c 3", "timestamp 0x9", "trace-on", "range 0x1020 0x1028 2");
    ck_assert_uint_eq(ete_decoder_errors(d), 0);
    ete_decoder_free(d);
}
END_TEST

START_TEST(speculation_trace_info_depth)
{
    /* R_JKLZY: a first Trace Info with SPEC 2: the first two committed P0
     * elements were before the trace start */
    bld t = { .n = 0 };
    async(&t);
    put(&t, 3, 0x01, 0x04, 0x02);           /* D5.7 variant 3: SPEC 2 */
    put(&t, 2, 0x81, 0x31);
    addr64(&t, 0x1000);
    put(&t, 1, 0xF6);
    put(&t, 2, 0x2D, 0x02);                 /* commits the two unseen elements */
    ete_dec_cfg c = spec_cfg();
    ete_decoder *d = run_cfg(&c, &t, &S, 0);
    /* the N atom is still speculative at the end, and committed by finish */
    EXPECT(&S, "trace-info", "context el1 ns=1 cid=0x0 vmid=0x0", "range 0x1000 0x100c 3");
    ck_assert_uint_eq(ete_decoder_errors(d), 0);
    ete_decoder_free(d);
}
END_TEST

START_TEST(speculation_errors_reported)
{
    bld t = { .n = 0 };
    prologue(&t);
    put(&t, 1, 0xF6);
    put(&t, 2, 0x2D, 0x03);                 /* commit 3, only 1 uncommitted */
    ete_dec_cfg c = spec_cfg();
    ete_decoder *d = run_cfg(&c, &t, &S, 0);
    ck_assert_uint_eq(ete_decoder_errors(d), 1);
    ck_assert_msg(strstr(ete_decoder_last_error(d), "offset 0x1b") != NULL, "%s",
                  ete_decoder_last_error(d));
    ete_decoder_free(d);
}
END_TEST

/* Issue 12: a Trace Info whose SPEC (2^32-1) exceeds TRCIDR8.MAXSPEC, then
 * an atom and a reserved byte that forces a resync, 50 times.  Each Trace
 * Info is bad input (R_GLQPL) reported at its offset; the work stays a
 * small multiple of the bytes (it was 2^32 per copy). */
START_TEST(speculation_trace_info_above_maxspec)
{
    static const uint8_t one[21] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80,
                                     0x01, 0x04, 0xff, 0xff, 0xff, 0xff, 0x0f, 0xf7, 0x40 };
    bld t = { .n = 0 };
    for (int i = 0; i < 50; i++) {
        memcpy(t.b + t.n, one, sizeof one);
        t.n += sizeof one;
    }
    ete_dec_cfg c = base_cfg();                 /* TRCIDR8.MAXSPEC 0 */
    ete_decoder *d = run_cfg(&c, &t, &S, 0);
    ck_assert_uint_eq(ete_decoder_errors(d), 50);
    ck_assert_msg(strstr(ete_decoder_last_error(d), "offset 0x411: bad packet (header 0x01): "
                         "Trace Info SPEC 4294967295 exceeds TRCIDR8.MAXSPEC 0") != NULL,
                  "%s", ete_decoder_last_error(d));
    ck_assert_uint_le(ete_decoder_work(d), 4 * t.n);
    ete_decoder_free(d);
    /* the same stream byte by byte */
    d = run_cfg(&c, &t, &S, 1);
    ck_assert_uint_eq(ete_decoder_errors(d), 50);
    ck_assert_uint_le(ete_decoder_work(d), 4 * t.n);
    ete_decoder_free(d);

    /* with MAXSPEC 2^32-1 the SPEC is legal: the P0 elements before the
     * trace start are resolved in one step, not one by one */
    c.id.trcidr[8] = 0xFFFFFFFFu;
    d = run_cfg(&c, &t, &S, 0);
    ck_assert_uint_le(ete_decoder_work(d), 4 * t.n);
    ete_decoder_free(d);
}
END_TEST

/* An image built to defeat the walk cache: two runs of 60 000 instructions
 * that branch to each other, at start addresses that share a cache slot at
 * every cache size.  Each E atom would read 60 000 words; the walk budget
 * (WORK_PER_BYTE per trace byte) stops it with one error. */
#define THRASH_RUN 60001u
static uint64_t thrash_a, thrash_b;

static int thrash_read(void *ctx, uint64_t addr, unsigned el, int ns, uint32_t *w)
{
    (void)ctx;
    (void)el;
    (void)ns;
    for (int r = 0; r < 2; r++) {
        uint64_t base = r ? thrash_b : thrash_a, other = r ? thrash_a : thrash_b;
        if (addr >= base && addr < base + 4u * THRASH_RUN && !(addr & 3)) {
            if (addr == base + 4u * (THRASH_RUN - 1u))     /* B other */
                *w = 0x14000000u | (uint32_t)(((other - addr) >> 2) & 0x3FFFFFFu);
            else
                *w = 0xd503201f;                            /* NOP */
            return 0;
        }
    }
    return -1;
}

START_TEST(walk_budget_stops_cache_thrash)
{
    thrash_a = 0x100000;
    uint64_t ha = ((thrash_a >> 2) * 0x9E3779B97F4A7C15ull) >> 49;
    for (thrash_b = thrash_a + 4u * (THRASH_RUN + 16u);; thrash_b += 4) {
        if ((((thrash_b >> 2) * 0x9E3779B97F4A7C15ull) >> 49) == ha)
            break;
    }
    bld t = { .n = 0 };
    async(&t);
    put(&t, 2, 0x01, 0x00);
    put(&t, 2, 0x81, 0x31);
    addr64(&t, thrash_a);
    for (int i = 0; i < 1000; i++)
        put(&t, 1, 0xF7);                       /* E atom (Format 1) */
    ete_dec_cfg c = base_cfg();
    char err[256];
    memset(&S, 0, sizeof S);
    ete_decoder *d = ete_decoder_new(&c, thrash_read, NULL, on_elem, &S, err, sizeof err);
    ck_assert_ptr_nonnull(d);
    size_t used;
    ck_assert_int_eq(ete_decoder_feed(d, t.b, t.n, &used), 0);
    ete_decoder_finish(d);
    /* the first walks are exact */
    ck_assert_msg(strcmp(S.line[2], "range 0x100000 0x13a984 60001") == 0, "%s", S.line[2]);
    ck_assert_uint_eq(S.e[3].start, thrash_b);
    /* then the budget: 4096 per byte + 2^22, exceeded by one walk at most */
    ck_assert_uint_le(ete_decoder_work(d), 4096u * (t.n + 1) + (1u << 22) + (1u << 16));
    ck_assert_uint_eq(ete_decoder_errors(d), 1);
    ck_assert_msg(strstr(ete_decoder_last_error(d), "program-image walk over its budget of "
                         "4096 steps per trace byte") != NULL, "%s", ete_decoder_last_error(d));
    ete_decoder_free(d);
}
END_TEST

/* ---- transactions (D9.4) --------------------------------------------------- */

START_TEST(transactions)
{
    bld t = { .n = 0 };
    prologue(&t);
    put(&t, 1, 0x0A);                       /* D5.11 start */
    put(&t, 1, 0xF6);                       /* N on b.ne */
    put(&t, 1, 0x0B);                       /* D5.12 commit */
    put(&t, 1, 0x0A);
    put(&t, 1, 0xF7);                       /* E on bl: dropped by the failure */
    put(&t, 2, 0x02, 0x03);                 /* timestamp: kept */
    put(&t, 3, 0x06, 0x31, 0x70);           /* D5.24 failure E=01 */
    addr64(&t, 0x1020);
    put(&t, 1, 0xF7);
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "txn-start", "range 0x1000 0x100c 3", "txn-commit",
           "txn-start", "timestamp 0x3", "txn-failure",
           "range 0x1020 0x1028 2");
    ck_assert_uint_eq(ete_decoder_insn_count(d), 5);
    ete_decoder_free(d);
}
END_TEST

/* The Transaction Failure packet (D5.24): header 0x06, then
 * 0 E[1] 1 1 0 0 0 E[0], then the Unknown address byte 0x70. */
#define TXN_FAIL_E01 0x06, 0x31, 0x70
#define TXN_FAIL_E10 0x06, 0x70, 0x70

/* R_HVFD, D9.4.4: without a Target Address element after the failure, the
 * analysis goes on from the instruction after the outer TSTART, with the
 * return stack as it was at the Transaction Start. */
START_TEST(txn_failure_restarts_after_tstart)
{
    bld t = { .n = 0 };
    prologue(&t);                           /* 0x1000 */
    put(&t, 1, 0xF6);                       /* D5.41: N on b.ne 1008 */
    put(&t, 1, 0xF7);                       /* E on bl 100c: push 1010 (R_HYMQH) */
    put(&t, 1, 0xF7);                       /* E on ret 1048 ... */
    addr64(&t, 0x104c);                     /* ... to 104c: no pop (R_WGHSB) */
    put(&t, 1, 0xF7);                       /* E on tstart 104c (R_LLCQG) */
    put(&t, 1, 0x0A);                       /* D5.11 Transaction Start (R_CYHKB) */
    put(&t, 1, 0xF6);                       /* N on cbnz 1050: dropped */
    put(&t, 1, 0xF7);                       /* E on bl 1054, push 1058: dropped */
    put(&t, 3, TXN_FAIL_E01);
    put(&t, 1, 0xF7);                       /* E on cbnz 1050 (restart) -> 1060 */
    put(&t, 1, 0xF7);                       /* E on ret 1064: pops 1010, not 1058 */
    /* D5.18 Exception 64-bit IS0: header 0x06, then 0 E[1] TYPE E[0] with
     * E = 0b01 and TYPE IRQ 0b01110 = 0x1D, then the 64-bit address form:
     * preferred return 0x1014 */
    put(&t, 2, 0x06, 0x1D);
    addr64(&t, 0x1014);
    for (int bytewise = 0; bytewise < 2; bytewise++) {
        ete_dec_cfg c = base_cfg();
        ete_decoder *d = run_cfg(&c, &t, &S, bytewise);
        EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
               "range 0x1000 0x100c 3", "range 0x100c 0x1010 1", "range 0x1040 0x104c 3",
               "range 0x104c 0x1050 1", "txn-start", "txn-failure",
               "range 0x1050 0x1054 1", "range 0x1060 0x1068 2",
               "range 0x1010 0x1014 1", "exception 14 0x1014");
        ck_assert_int_eq(S.e[6].p0_class, ETE_P0_TSTART);
        ck_assert_uint_eq(S.e[9].offset, 45);       /* the atom after the failure */
        ck_assert_int_eq(S.e[9].taken, 1);
        ck_assert_uint_eq(ete_decoder_errors(d), 0);
        ete_decoder_free(d);
    }
}
END_TEST

/* E = 0b10 (D5.24): a Target Address element (UNKNOWN), then the failure.
 * That element belongs to the failed transaction; the restart is still
 * after the TSTART.  A Target Address element after the failure (I_FRTGM)
 * gives the address instead. */
START_TEST(txn_failure_e10_and_target)
{
    bld t = { .n = 0 };
    prologue(&t);
    addr64(&t, 0x104c);
    put(&t, 2, 0xF7, 0x0A);                 /* tstart, Transaction Start */
    put(&t, 3, 0xF6, 0xF7, 0xF7);           /* cbnz N, bl E, ret E: dropped */
    put(&t, 3, TXN_FAIL_E10);
    put(&t, 1, 0xF7);                       /* cbnz 1050 E -> 1060 */
    put(&t, 1, 0xF7);                       /* ret 1064 E ... */
    addr64(&t, 0x104c);                     /* ... to 104c */
    put(&t, 3, 0xF7, 0x0A, 0xF6);           /* tstart, Transaction Start, cbnz N */
    put(&t, 3, TXN_FAIL_E10);
    addr64(&t, 0x1020);                     /* the trace unit gives the address */
    put(&t, 1, 0xF7);                       /* cbz 1024 E */
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x104c 0x1050 1", "txn-start", "txn-failure",
           "range 0x1050 0x1054 1", "range 0x1060 0x1068 2",
           "range 0x104c 0x1050 1", "txn-start", "txn-failure",
           "range 0x1020 0x1028 2");
    ck_assert_uint_eq(ete_decoder_errors(d), 0);
    ete_decoder_free(d);
}
END_TEST

/* R_RKGLY: tracing becomes active inside a transaction, so the TSTART is
 * not traced and the restart address is not known: nothing is decoded
 * after the failure until a Target Address element. */
START_TEST(txn_failure_restart_unknown)
{
    bld t = { .n = 0 };
    prologue(&t);                           /* Trace On, Context, Target 0x1000 */
    put(&t, 1, 0x0A);                       /* Transaction Start after the Trace On */
    put(&t, 1, 0xF6);                       /* b.ne N: dropped */
    put(&t, 3, TXN_FAIL_E01);
    put(&t, 1, 0xF7);                       /* address unknown: not analysed */
    addr64(&t, 0x1020);
    put(&t, 1, 0xF7);
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "txn-start", "txn-failure", "range 0x1020 0x1028 2");
    ete_decoder_free(d);
}
END_TEST

/* R_QWGXIL, D9.2.13.2: a PE Reset in Transactional state implies the
 * failure.  R_JRNYF, ExceptionWithUnknownAddress (D15): nothing is executed
 * up to the reset, even when the packet carries an address, and the next
 * address comes from a Target Address element. */
START_TEST(txn_failure_pe_reset)
{
    bld t = { .n = 0 };
    prologue(&t);
    addr64(&t, 0x104c);
    put(&t, 3, 0xF7, 0x0A, 0xF6);           /* tstart, Transaction Start, cbnz N */
    /* D5.18 Exception 64-bit IS0, E = 0b01, TYPE PE Reset: payload 0x01,
     * address 0x1060 (an address history buffer update only) */
    put(&t, 2, 0x06, 0x01);
    addr64(&t, 0x1060);
    put(&t, 1, 0xF7);                       /* address unknown: not analysed */
    addr64(&t, 0x104c);
    put(&t, 3, 0xF7, 0x0A, 0xF6);
    /* D5.25 PE Reset, E = 0b10: 0 E[1] 0 0 0 0 0 E[0] = 0x40, then 0x70 */
    put(&t, 3, 0x06, 0x40, 0x70);
    put(&t, 1, 0xF7);                       /* address unknown: not analysed */
    addr64(&t, 0x1020);
    put(&t, 1, 0xF7);
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x104c 0x1050 1", "txn-start", "txn-failure", "pe-reset",
           "range 0x104c 0x1050 1", "txn-start", "txn-failure", "pe-reset",
           "range 0x1020 0x1028 2");
    ck_assert_uint_eq(ete_decoder_errors(d), 0);
    ete_decoder_free(d);
}
END_TEST

/* D9.2.4.1, D9.2.5.1: a Discard or an Overflow packet in Transactional
 * state implies the failure, but tracing stopped and the outcome is
 * UNKNOWN (R_NMWPJ): no restart after the TSTART (D9.5.13, D9.5.14). */
START_TEST(txn_failure_discard_overflow)
{
    for (int ovf = 0; ovf < 2; ovf++) {
        bld t = { .n = 0 };
        prologue(&t);
        addr64(&t, 0x104c);
        put(&t, 3, 0xF7, 0x0A, 0xF6);       /* tstart, Transaction Start, cbnz N */
        put(&t, 2, 0x00, ovf ? 0x05 : 0x03);    /* D5.6 Overflow / D5.5 Discard */
        put(&t, 1, 0xF7);                   /* address unknown: not analysed */
        put(&t, 1, 0x04);                   /* Trace On */
        addr64(&t, 0x1020);
        put(&t, 1, 0xF7);
        ete_decoder *d = run(&t, &S);
        if (ovf)
            EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
                   "range 0x104c 0x1050 1", "txn-start", "txn-failure", "overflow",
                   "trace-on", "range 0x1020 0x1028 2");
        else
            EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
                   "range 0x104c 0x1050 1", "txn-start", "txn-failure",
                   "trace-on", "range 0x1020 0x1028 2");
        ck_assert_uint_eq(ete_decoder_errors(d), 0);
        ete_decoder_free(d);
    }
}
END_TEST

/* ---- Q elements, source addresses ----------------------------------------- */

START_TEST(q_elements)
{
    bld t = { .n = 0 };
    prologue(&t);
    put(&t, 2, 0xAC, 0x05);                 /* D5.70 Q with count 5 */
    addr64(&t, 0x1040);
    put(&t, 1, 0xF7);                       /* E on ret */
    put(&t, 1, 0xAF);                       /* D5.69 Q without count */
    put(&t, 1, 0xF6);                       /* address unknown: not analysed */
    put(&t, 3, 0xA5, 0x08, 0x02);           /* D5.72 Q short IS0: 0x1020, count 2 */
    put(&t, 1, 0xF7);                       /* E on cbz at 0x1024? no: from 0x1020 */
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1000 0x1014 5", "range 0x1040 0x104c 3",
           "range 0x1020 0x1028 2");
    ck_assert_int_eq(S.e[3].p0_class, ETE_P0_NONE);
    ete_decoder_free(d);
}
END_TEST

START_TEST(source_address)
{
    bld t = { .n = 0 };
    prologue(&t);
    /* D5.64 Source Address 64-bit IS0: 0x1008 (b.ne) taken */
    put(&t, 9, 0xB8, (0x1008 >> 2) & 0x7F, (0x1008 >> 9) & 0x7F, 0, 0, 0, 0, 0, 0);
    put(&t, 1, 0xF7);                       /* E on cbz -> 0x1008 */
    put(&t, 1, 0xB0);                       /* D5.66 source exact QE=0: 0x1008 again */
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1000 0x100c 3", "range 0x1020 0x1028 2", "range 0x1008 0x100c 1");
    ck_assert_int_eq(S.e[3].taken, 1);
    ck_assert_int_eq(S.e[3].p0_class, ETE_P0_BR_DIRECT);
    ete_decoder_free(d);
}
END_TEST

/* ---- synchronisation, overflow, errors -------------------------------------- */

START_TEST(needs_async_then_trace_info)
{
    bld t = { .n = 0 };
    put(&t, 3, 0xF7, 0x81, 0x31);           /* before any A-Sync: skipped */
    async(&t);
    put(&t, 2, 0x81, 0x31);                 /* before Trace Info: ignored (D9.1.1) */
    addr64(&t, 0x1000);
    put(&t, 1, 0xF6);
    put(&t, 2, 0x01, 0x00);
    put(&t, 2, 0x81, 0x31);
    addr64(&t, 0x1000);
    put(&t, 1, 0xF6);
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "context el1 ns=1 cid=0x0 vmid=0x0", "range 0x1000 0x100c 3");
    ck_assert_uint_eq(ete_decoder_errors(d), 0);
    ete_decoder_free(d);
}
END_TEST

START_TEST(overflow_and_resync)
{
    bld t = { .n = 0 };
    prologue(&t);
    put(&t, 1, 0xF6);
    put(&t, 2, 0x00, 0x05);                 /* D5.6 overflow */
    put(&t, 1, 0xF7);                       /* address lost: not analysed */
    async(&t);
    put(&t, 2, 0x01, 0x00);
    put(&t, 1, 0x04);
    addr64(&t, 0x1020);
    put(&t, 1, 0xF7);
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1000 0x100c 3", "overflow", "trace-info", "trace-on",
           "range 0x1020 0x1028 2");
    ck_assert_uint_eq(ete_decoder_errors(d), 0);
    ete_decoder_free(d);
}
END_TEST

START_TEST(bad_packet_then_async)
{
    bld t = { .n = 0 };
    prologue(&t);                           /* 26 bytes */
    put(&t, 1, 0xF6);                       /* offset 0x1a */
    put(&t, 1, 0x08);                       /* offset 0x1b: reserved header */
    put(&t, 4, 0xF7, 0xF7, 0x95, 0x08);     /* skipped */
    async(&t);
    put(&t, 2, 0x01, 0x00);
    put(&t, 2, 0x81, 0x31);
    addr64(&t, 0x1020);
    put(&t, 1, 0xF7);
    for (int bytewise = 0; bytewise < 2; bytewise++) {
        ete_dec_cfg c = base_cfg();
        ete_decoder *d = run_cfg(&c, &t, &S, bytewise);
        EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
               "range 0x1000 0x100c 3", "no-sync 0x1b",
               "trace-info", "context el1 ns=1 cid=0x0 vmid=0x0", "range 0x1020 0x1028 2");
        ck_assert_uint_eq(ete_decoder_errors(d), 1);
        ck_assert_msg(strstr(ete_decoder_last_error(d), "offset 0x1b") != NULL, "%s",
                      ete_decoder_last_error(d));
        ck_assert_uint_eq(S.e[4].offset, 0x1b);
        ete_decoder_free(d);
    }
}
END_TEST

START_TEST(truncated_packet_at_end)
{
    bld t = { .n = 0 };
    prologue(&t);
    put(&t, 3, 0x9D, 0x00, 0x08);           /* 64-bit address cut short */
    ete_decoder *d = run(&t, &S);
    ck_assert_uint_eq(ete_decoder_errors(d), 1);
    ck_assert_msg(strstr(ete_decoder_last_error(d), "offset 0x1a") != NULL, "%s",
                  ete_decoder_last_error(d));
    ete_decoder_free(d);
}
END_TEST

START_TEST(image_missing_and_aarch32)
{
    bld t = { .n = 0 };
    prologue(&t);
    addr64(&t, 0x1034);                     /* 0x1034..0x1048: nops then ret */
    put(&t, 1, 0xF7);
    addr64(&t, 0x2000);                     /* no image there */
    put(&t, 1, 0xF7);
    put(&t, 1, 0xF7);                       /* address unknown now: nothing */
    addr64(&t, 0x0ff8);                     /* two words before the image */
    put(&t, 1, 0xF7);
    ete_decoder *d = run(&t, &S);
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1034 0x104c 6", "mem-nacc 0x2000", "mem-nacc 0xff8");
    ete_decoder_free(d);
}
END_TEST

/* An exception whose preferred return address is the first word the image
 * does not hold: the instructions before it are all readable, so the range
 * is complete and nothing is inaccessible (D9.5.6: analysis stops before the
 * return address). */
START_TEST(exception_at_image_end)
{
    bld t = { .n = 0 };
    prologue(&t);
    /* D5.18 Exception 64-bit IS0, E=01, TYPE=Call (0b00010): return 0x1008 */
    put(&t, 2, 0x06, (0x02 << 1) | 1);
    addr64(&t, 0x1008);
    mem_end = BASE + 8;                     /* only the two nops at 0x1000 */
    ete_decoder *d = run(&t, &S);
    mem_end = BASE + sizeof image;
    EXPECT(&S, "trace-info", "trace-on", "context el1 ns=1 cid=0x0 vmid=0x0",
           "range 0x1000 0x1008 2", "exception 2 0x1008");
    ete_decoder_free(d);
}
END_TEST

START_TEST(not_ete_rejected)
{
    ete_dec_cfg c = base_cfg();
    char err[256];
    c.id.trcdevarch = 0x47724A13;           /* ETMv4 */
    ck_assert_ptr_null(ete_decoder_new(&c, mem_read, NULL, on_elem, &S, err, sizeof err));
    ck_assert_msg(strstr(err, "TRCDEVARCH") != NULL, "%s", err);
}
END_TEST

START_TEST(elem_format)
{
    ete_elem e;
    char b[128];
    memset(&e, 0, sizeof e);
    e.kind = ETE_ELEM_TIMESTAMP;
    e.ts = 0x10;
    ete_elem_format(&e, b, sizeof b);
    ck_assert_str_eq(b, "timestamp 0x10");
    e.cc_valid = 1;
    e.cc = 12;
    ete_elem_format(&e, b, sizeof b);
    ck_assert_str_eq(b, "timestamp 0x10 cc 12");
    e.kind = ETE_ELEM_CYCLE_COUNT;
    e.cc_valid = 0;
    ete_elem_format(&e, b, sizeof b);
    ck_assert_str_eq(b, "cc unknown");
    e.kind = ETE_ELEM_EVENT;
    e.event = 3;
    ete_elem_format(&e, b, sizeof b);
    ck_assert_str_eq(b, "event 3");
    static const char *const simple[] = { "trace-on", "overflow", "trace-info", NULL,
                                          "txn-start", "txn-commit", "txn-failure", "pe-reset" };
    for (unsigned k = ETE_ELEM_TRACE_ON; k <= ETE_ELEM_PE_RESET; k++) {
        if (!simple[k - ETE_ELEM_TRACE_ON])
            continue;
        e.kind = (uint8_t)k;
        ete_elem_format(&e, b, sizeof b);
        ck_assert_str_eq(b, simple[k - ETE_ELEM_TRACE_ON]);
    }
    ck_assert_str_eq(ete_elem_kind_name(ETE_ELEM_KIND_COUNT), "?");
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("ete_decoder");
    TCase *tc = tcase_create("decoder");
    tcase_add_test(tc, a64_classes);
    tcase_add_test(tc, atoms_direct_indirect_return_stack);
    tcase_add_test(tc, return_stack_depth_15);
    tcase_add_test(tc, address_history_exact_match);
    tcase_add_test(tc, exception_then_target);
    tcase_add_test(tc, pe_reset_and_events);
    tcase_add_test(tc, context_changes);
    tcase_add_test(tc, timestamps_compressed);
    tcase_add_test(tc, cycle_counts);
    tcase_add_test(tc, cycle_counts_commit_mode_0);
    tcase_add_test(tc, speculation_commit_cancel);
    tcase_add_test(tc, speculation_mispredict);
    tcase_add_test(tc, speculation_discard);
    tcase_add_test(tc, speculation_trace_info_depth);
    tcase_add_test(tc, speculation_errors_reported);
    tcase_add_test(tc, speculation_trace_info_above_maxspec);
    tcase_add_test(tc, walk_budget_stops_cache_thrash);
    tcase_add_test(tc, transactions);
    tcase_add_test(tc, txn_failure_restarts_after_tstart);
    tcase_add_test(tc, txn_failure_e10_and_target);
    tcase_add_test(tc, txn_failure_restart_unknown);
    tcase_add_test(tc, txn_failure_pe_reset);
    tcase_add_test(tc, txn_failure_discard_overflow);
    tcase_add_test(tc, q_elements);
    tcase_add_test(tc, source_address);
    tcase_add_test(tc, needs_async_then_trace_info);
    tcase_add_test(tc, overflow_and_resync);
    tcase_add_test(tc, bad_packet_then_async);
    tcase_add_test(tc, truncated_packet_at_end);
    tcase_add_test(tc, image_missing_and_aarch32);
    tcase_add_test(tc, exception_at_image_end);
    tcase_add_test(tc, not_ete_rejected);
    tcase_add_test(tc, elem_format);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
