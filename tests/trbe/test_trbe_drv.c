/* Tests of the TRBE driver (sw/trbe) against the model: probing, session
 * checks, the programming order of a start, stop, interrupt handling and
 * restarts, and the classification of TRBSR_EL1 values. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trbe_drv.h"
#include "trbe_model.h"

#define MEM_BASE 0x40000000ull

typedef struct acc {
    int      write;
    uint16_t enc;
    uint64_t value;
} acc;

typedef struct env {
    trbe_model *m;
    acc log[64];
    unsigned n;
    unsigned tsbs, isbs, dsbs;
} env;

static env E;

static uint64_t rd(void *ctx, uint16_t enc)
{
    env *e = ctx;
    uint64_t v = trbe_model_read(e->m, enc);
    if (e->n < 64)
        e->log[e->n++] = (acc){0, enc, v};
    return v;
}

static void wr(void *ctx, uint16_t enc, uint64_t v)
{
    env *e = ctx;
    if (e->n < 64)
        e->log[e->n++] = (acc){1, enc, v};
    trbe_model_write(e->m, enc, v);
}

static void tsb(void *ctx) { env *e = ctx; e->tsbs++; trbe_model_tsb(e->m); }
static void isb(void *ctx) { env *e = ctx; e->isbs++; }
static void dsb(void *ctx) { env *e = ctx; e->dsbs++; }

static const trbe_drv_ops OPS = {rd, wr, tsb, isb, dsb, &E};

static void setup(unsigned prog_na)
{
    memset(&E, 0, sizeof E);
    trbe_model_cfg c = {64, prog_na, NULL, NULL, NULL, NULL};
    char err[128];
    E.m = trbe_model_new(&c, err, sizeof err);
    ck_assert_msg(E.m != NULL, "%s", err);
}

static void teardown(void) { trbe_model_free(E.m); }

static trbe_buf_cfg session(unsigned fm, unsigned tm)
{
    trbe_buf_cfg c;
    memset(&c, 0, sizeof c);
    c.base = MEM_BASE;
    c.limit = MEM_BASE + 8192;
    c.ptr = MEM_BASE + 100;
    c.fill_mode = fm;
    c.trig_mode = tm;
    c.trig_count = 40;
    c.mar = 0x344;
    c.nvm = 1;
    return c;
}

static void feed(size_t n)
{
    uint8_t b[64];
    memset(b, 0xA5, sizeof b);
    while (n) {
        size_t k = n < sizeof b ? n : sizeof b;
        trbe_model_data(E.m, b, k);
        n -= k;
    }
}

START_TEST(test_probe)
{
    char err[160];
    trbe_drv d;
    setup(0);
    ck_assert_int_eq(trbe_drv_probe(&d, &OPS, err, sizeof err), 0);
    ck_assert_uint_eq(d.align, 1);
    ck_assert_uint_eq(d.idr, 0);
    teardown();
    setup(1);
    ck_assert_int_eq(trbe_drv_probe(&d, &OPS, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "P is 1"));
    teardown();
    trbe_drv_ops none = {NULL, NULL, NULL, NULL, NULL, NULL};
    ck_assert_int_eq(trbe_drv_probe(&d, &none, err, sizeof err), -1);
}
END_TEST

START_TEST(test_check)
{
    char err[160];
    trbe_drv d;
    setup(0);
    ck_assert_int_eq(trbe_drv_probe(&d, &OPS, err, sizeof err), 0);
    trbe_buf_cfg ok = session(TRBE_FM_FILL, TRBE_TM_IGNR), c;
    ck_assert_int_eq(trbe_drv_check(&d, &ok, err, sizeof err), 0);
    c = ok; c.base += 8;
    ck_assert_int_eq(trbe_drv_check(&d, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "base"));
    c = ok; c.limit += 1;
    ck_assert_int_eq(trbe_drv_check(&d, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "limit"));
    c = ok; c.limit = c.base;
    ck_assert_int_eq(trbe_drv_check(&d, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "R_MSPSD"));
    c = ok; c.limit |= 1ull << 60;
    ck_assert_int_eq(trbe_drv_check(&d, &c, err, sizeof err), -1);
    c = ok; c.ptr = c.limit;
    ck_assert_int_eq(trbe_drv_check(&d, &c, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "ptr"));
    c = ok; c.fill_mode = TRBE_FM_RSVD;
    ck_assert_int_eq(trbe_drv_check(&d, &c, err, sizeof err), -1);
    c = ok; c.trig_mode = 7;
    ck_assert_int_eq(trbe_drv_check(&d, &c, err, sizeof err), -1);
    c = ok; c.mar = 0x1000;
    ck_assert_int_eq(trbe_drv_check(&d, &c, err, sizeof err), -1);
    /* an invalid session writes nothing */
    unsigned n = E.n;
    ck_assert_int_eq(trbe_drv_start(&d, &c, err, sizeof err), -1);
    ck_assert_uint_eq(E.n, n);
    teardown();
}
END_TEST

START_TEST(test_start_order)
{
    char err[160];
    trbe_drv d;
    setup(0);
    ck_assert_int_eq(trbe_drv_probe(&d, &OPS, err, sizeof err), 0);
    trbe_buf_cfg c = session(TRBE_FM_WRAP, TRBE_TM_STOP);
    c.trg_armed = 1;
    E.n = 0;
    ck_assert_int_eq(trbe_drv_start(&d, &c, err, sizeof err), 0);
    /* read LIMITR (disabled: no disabling write), then S_PKLXF */
    static const uint16_t order[] = {TRBLIMITR_EL1_ENC, TRBSR_EL1_ENC, TRBBASER_EL1_ENC,
                                     TRBPTR_EL1_ENC, TRBTRG_EL1_ENC, TRBMAR_EL1_ENC,
                                     TRBLIMITR_EL1_ENC, TRBLIMITR_EL1_ENC};
    ck_assert_uint_eq(E.n, 8);
    for (unsigned i = 0; i < 8; i++)
        ck_assert_uint_eq(E.log[i].enc, order[i]);
    ck_assert_int_eq(E.log[0].write, 0);
    ck_assert_uint_eq(E.log[1].value, TRBSR_TRG);
    ck_assert(!(E.log[6].value & TRBLIMITR_E));
    ck_assert(E.log[7].value & TRBLIMITR_E);          /* enable last */
    ck_assert_uint_ge(E.isbs, 2);
    uint64_t l = trbe_model_read(E.m, TRBLIMITR_EL1_ENC);
    ck_assert_uint_eq(l, (MEM_BASE + 8192) | TRBLIMITR_NVM | (1u << TRBLIMITR_FM_SHIFT) |
                             TRBLIMITR_E);
    ck_assert_uint_eq(trbe_model_read(E.m, TRBPTR_EL1_ENC), MEM_BASE + 100);
    ck_assert_uint_eq(trbe_model_read(E.m, TRBTRG_EL1_ENC), 40);
    ck_assert_uint_eq(trbe_model_read(E.m, TRBMAR_EL1_ENC), 0x344);
    ck_assert_int_eq(d.running, 1);

    /* starting again while enabled disables first */
    E.n = 0;
    ck_assert_int_eq(trbe_drv_start(&d, &c, err, sizeof err), 0);
    ck_assert_int_eq(E.log[1].write, 1);
    ck_assert_uint_eq(E.log[1].enc, TRBLIMITR_EL1_ENC);
    ck_assert(!(E.log[1].value & TRBLIMITR_E));

    trbe_drv_state st;
    unsigned t0 = E.tsbs;
    feed(10);
    trbe_drv_stop(&d, &st);
    ck_assert_uint_eq(E.tsbs, t0 + 1);
    ck_assert_uint_ge(E.dsbs, 1);
    ck_assert_uint_eq(st.ptr, MEM_BASE + 110);
    ck_assert_uint_eq(st.trg, 30);                     /* armed: counted 10 bytes */
    ck_assert_uint_eq(st.sr, TRBSR_TRG);
    ck_assert(!(trbe_model_read(E.m, TRBLIMITR_EL1_ENC) & TRBLIMITR_E));
    ck_assert_int_eq(d.running, 0);
    teardown();
}
END_TEST

START_TEST(test_irq_full_and_resume)
{
    char err[160];
    trbe_drv d;
    trbe_drv_state st;
    setup(0);
    ck_assert_int_eq(trbe_drv_probe(&d, &OPS, err, sizeof err), 0);
    trbe_buf_cfg c = session(TRBE_FM_FILL, TRBE_TM_IGNR);
    ck_assert_int_eq(trbe_drv_start(&d, &c, err, sizeof err), 0);
    feed(9000);
    trbe_model_out o;
    trbe_model_outputs(E.m, &o);
    ck_assert_int_eq(o.irq, 1);
    enum trbe_drv_event ev = trbe_drv_irq(&d, &st);
    ck_assert_int_eq(ev, TRBE_DRV_FULL);
    ck_assert_uint_eq(st.ptr, MEM_BASE);
    trbe_model_outputs(E.m, &o);
    ck_assert_int_eq(o.irq, 0);                          /* IRQ cleared */
    ck_assert_int_eq(o.enabled, 0);
    ck_assert_int_eq(trbe_drv_resume(&d, &c, &st, ev, err, sizeof err), 0);
    ck_assert_uint_eq(trbe_model_read(E.m, TRBSR_EL1_ENC), 0);
    feed(5);
    trbe_drv_stop(&d, &st);
    ck_assert_uint_eq(st.ptr, MEM_BASE + 5);
    teardown();
}
END_TEST

static unsigned fail_first(void *ctx, uint64_t i)
{
    (void)ctx;
    return i == 0 ? TRBE_RESP_DECERR : TRBE_RESP_OKAY;
}

START_TEST(test_irq_abort_no_resume)
{
    char err[200];
    trbe_drv d;
    trbe_drv_state st;
    memset(&E, 0, sizeof E);
    trbe_model_cfg mc = {64, 0, fail_first, NULL, NULL, NULL};
    E.m = trbe_model_new(&mc, err, sizeof err);
    ck_assert_ptr_nonnull(E.m);
    ck_assert_int_eq(trbe_drv_probe(&d, &OPS, err, sizeof err), 0);
    trbe_buf_cfg c = session(TRBE_FM_CBUF, TRBE_TM_IGNR);
    ck_assert_int_eq(trbe_drv_start(&d, &c, err, sizeof err), 0);
    feed(50);
    enum trbe_drv_event ev = trbe_drv_irq(&d, &st);
    ck_assert_int_eq(ev, TRBE_DRV_ABORT);
    ck_assert_uint_eq(st.ptr, MEM_BASE + 100);            /* the fault address */
    ck_assert_int_eq(trbe_drv_resume(&d, &c, &st, ev, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "fault value"));
    /* a spurious interrupt: IRQ is 0 */
    ck_assert_int_eq(trbe_drv_irq(&d, &st), TRBE_DRV_NONE);
    teardown();
}
END_TEST

START_TEST(test_classify)
{
    struct { uint64_t sr; enum trbe_drv_event ev; } t[] = {
        {0, TRBE_DRV_NONE},
        {TRBSR_WRAP | TRBSR_S, TRBE_DRV_NONE},
        {TRBSR_IRQ | TRBSR_EA | TRBSR_S, TRBE_DRV_ABORT},
        {TRBSR_IRQ | TRBSR_S | (0x24ull << 26) | 0x10, TRBE_DRV_ABORT},
        {TRBSR_IRQ | TRBSR_S | (0x25ull << 26), TRBE_DRV_ABORT},
        {TRBSR_IRQ | TRBSR_S | (0x1Full << 26) | 1, TRBE_DRV_IMPDEF},
        {TRBSR_IRQ | TRBSR_S | TRBSR_WRAP | 1, TRBE_DRV_FULL},
        {TRBSR_IRQ | TRBSR_S | TRBSR_TRG | 2, TRBE_DRV_TRIG_STOP},
        {TRBSR_IRQ | TRBSR_S | 5, TRBE_DRV_OTHER},
        {TRBSR_IRQ | TRBSR_WRAP, TRBE_DRV_WRAP},
        {TRBSR_IRQ | TRBSR_WRAP | TRBSR_TRG, TRBE_DRV_WRAP},
        {TRBSR_IRQ | TRBSR_TRG, TRBE_DRV_TRIG_IRQ},
        {TRBSR_IRQ, TRBE_DRV_OTHER},
        {TRBSR_IRQ | (0x11ull << 26), TRBE_DRV_OTHER},
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        ck_assert_msg(trbe_drv_classify(t[i].sr) == t[i].ev, "case %u: 0x%llx -> %s", i,
                      (unsigned long long)t[i].sr, trbe_drv_event_name(trbe_drv_classify(t[i].sr)));
        ck_assert_str_ne(trbe_drv_event_name(t[i].ev), "?");
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("trbe_drv");
    TCase *t = tcase_create("core");
    tcase_add_test(t, test_probe);
    tcase_add_test(t, test_check);
    tcase_add_test(t, test_start_order);
    tcase_add_test(t, test_irq_full_and_resume);
    tcase_add_test(t, test_irq_abort_no_resume);
    tcase_add_test(t, test_classify);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *r = srunner_create(suite());
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
