/* The ETE driver (sw/ete/ete_driver.h) against a register model of the
 * external-debug interface: the D8.3 programming states with delays, ID
 * registers of ete_model_idregs(), bus errors, writes outside Idle. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ete_driver.h"
#include "ete_model.h"

/* ---- the register model ------------------------------------------------ */
typedef struct fake {
    uint32_t reg[1024];          /* by offset / 4 */
    ete_idregs id;
    int en;                      /* TRCPRGCTLR.EN */
    int idle;                    /* TRCSTATR.IDLE */
    int pmstable_bad;            /* report IDLE with PMSTABLE = 0 */
    unsigned delay;              /* TRCSTATR reads before a state change shows */
    unsigned countdown;
    int never_idle;              /* the unit never becomes idle */
    uint32_t err_off;            /* bus error on this offset (0: none) */
    unsigned writes, reads, bad_writes; /* bad: trace register written while not Idle */
    uint32_t res1_mask;          /* bits of TRCCONFIGR that read as 1 */
} fake;

static int is_id(uint32_t off)
{
    return (off >= TRCIDR8 && off <= TRCIDR13) || (off >= TRCIDR0 && off <= TRCIDR7) ||
           off == TRCDEVARCH;
}

static int f_write(void *ctx, uint32_t off, uint32_t v)
{
    fake *f = ctx;
    f->writes++;
    if (f->err_off && off == f->err_off)
        return -1;
    if (off == TRCPRGCTLR) {
        int en = (int)(v & TRCPRGCTLR_EN);
        if (en != f->en)
            f->countdown = f->delay;
        f->en = en;
        return 0;
    }
    if (!f->idle || f->en) {
        f->bad_writes++;
        return 0;                /* ignored (R_RWYQD) */
    }
    if (!is_id(off) && off < 4096)
        f->reg[off / 4] = v;
    return 0;
}

static int f_read(void *ctx, uint32_t off, uint32_t *v)
{
    fake *f = ctx;
    f->reads++;
    if (f->err_off && off == f->err_off)
        return -1;
    if (off == TRCSTATR) {
        /* Idle <-> Running after `delay` reads */
        int want_idle = !f->en;
        if (f->idle != want_idle && !(want_idle && f->never_idle)) {
            if (f->countdown)
                f->countdown--;
            else
                f->idle = want_idle;
        }
        *v = (f->idle ? TRCSTATR_IDLE : 0) |
             (f->idle && !f->en && !f->pmstable_bad ? TRCSTATR_PMSTABLE : 0);
        return 0;
    }
    if (off == TRCPRGCTLR) {
        *v = (uint32_t)f->en;
        return 0;
    }
    for (unsigned i = 0; i < 14; i++) {
        static const uint32_t o[14] = {TRCIDR0, TRCIDR1, TRCIDR2, TRCIDR3, TRCIDR4,
                                       TRCIDR5, TRCIDR6, TRCIDR7, TRCIDR8, TRCIDR9,
                                       TRCIDR10, TRCIDR11, TRCIDR12, TRCIDR13};
        if (off == o[i]) {
            *v = f->id.trcidr[i];
            return 0;
        }
    }
    if (off == TRCDEVARCH) {
        *v = f->id.trcdevarch;
        return 0;
    }
    *v = off < 4096 ? f->reg[off / 4] : 0;
    if (off == TRCCONFIGR)
        *v |= f->res1_mask;
    return 0;
}

static fake F;
static ete_drv_bus B = {&F, f_write, f_read};

static void setup(void)
{
    memset(&F, 0, sizeof F);
    ete_params p;
    ete_params_default(&p);
    ete_model_idregs(&p, &F.id);
    F.idle = 1;
    F.delay = 3;
}

static void regs_all(ete_progregs *r)
{
    ete_progregs_default(r);
    r->trcconfigr |= TRCCONFIGR_CCI | TRCCONFIGR_TS | TRCCONFIGR_BB;
    r->trcccctlr = 100;
    r->trctsctlr = 2;
    r->trcsyncpr = 10;
    r->trcbbctlr = 1;
    r->trceventctl0r = 0x0302;
    r->trceventctl1r = 3;
    r->trcviiectlr = TRCVIIECTLR_INCLUDE(0);
    r->trcrsctlr[2] = 1;
    r->trcrsctlr[15] = 0x20002;
    for (unsigned k = 0; k < 8; k++) {
        r->trcacvr[k] = 0x1000000000ull * (k + 1) + 0x40u * k;
        r->trcacatr[k] = 0x100000000ull + k;
    }
}

START_TEST(test_start_programs_everything)
{
    ete_idregs id;
    char err[300];
    ck_assert_int_eq(ete_drv_probe(&B, &id, err, sizeof err), 0);
    ck_assert_mem_eq(&id, &F.id, sizeof id);
    ete_progregs r;
    regs_all(&r);
    ck_assert_msg(ete_drv_start(&B, &id, &r, 0, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(F.en, 1);
    ck_assert_int_eq(F.idle, 0);
    ck_assert_uint_eq(F.bad_writes, 0);
    /* TRCIDR2.VMIDOPT = 0b10: VMIDOPT written as 1 (RES1) */
    ck_assert_uint_eq(F.reg[TRCCONFIGR / 4], r.trcconfigr | TRCCONFIGR_VMIDOPT);
    ck_assert_uint_eq(F.reg[TRCCCCTLR / 4], 100);
    ck_assert_uint_eq(F.reg[TRCTSCTLR / 4], 2);
    ck_assert_uint_eq(F.reg[TRCSYNCPR / 4], 10);
    ck_assert_uint_eq(F.reg[TRCBBCTLR / 4], 1);
    ck_assert_uint_eq(F.reg[TRCEVENTCTL0R / 4], 0x0302);
    ck_assert_uint_eq(F.reg[TRCEVENTCTL1R / 4], 3);
    ck_assert_uint_eq(F.reg[TRCVICTLR / 4], r.trcvictlr);
    ck_assert_uint_eq(F.reg[TRCVIIECTLR / 4], TRCVIIECTLR_INCLUDE(0));
    ck_assert_uint_eq(F.reg[TRCTRACEIDR / 4], 0x10);
    ck_assert_uint_eq(F.reg[TRCRSCTLR(2) / 4], 1);
    ck_assert_uint_eq(F.reg[TRCRSCTLR(15) / 4], 0x20002);
    for (unsigned k = 0; k < 8; k++) {   /* default: 4 pairs = 8 comparators */
        ck_assert_uint_eq(F.reg[TRCACVR(k) / 4], (uint32_t)r.trcacvr[k]);
        ck_assert_uint_eq(F.reg[TRCACVR(k) / 4 + 1], (uint32_t)(r.trcacvr[k] >> 32));
        ck_assert_uint_eq(F.reg[TRCACATR(k) / 4], (uint32_t)r.trcacatr[k]);
        ck_assert_uint_eq(F.reg[TRCACATR(k) / 4 + 1], (uint32_t)(r.trcacatr[k] >> 32));
    }
    ck_assert_uint_eq(F.reg[TRCACVR(8) / 4], 0);
    /* TRCSTALLCTLR as programmed (stall control: TRCIDR3.STALLCTL) */
    ck_assert(id.trcidr[3] & TRCIDR3_STALLCTL);
    ck_assert_uint_eq(F.reg[TRCSTALLCTLR / 4], 0);

    char msg[400];
    /* once enabled the trace registers ignore writes; verify reads back */
    ck_assert_int_eq(ete_drv_verify(&B, &id, &r, msg, sizeof msg), 0);
    unsigned polls = 0;
    ck_assert_int_eq(ete_drv_disable(&B, 0, &polls, err, sizeof err), 0);
    ck_assert_uint_eq(polls, 4);          /* 3 reads before the change shows */
    ck_assert_int_eq(F.idle, 1);
}
END_TEST

START_TEST(test_verify_lists_differences)
{
    ete_idregs id;
    char err[300], msg[400];
    ck_assert_int_eq(ete_drv_probe(&B, &id, err, sizeof err), 0);
    ete_progregs r;
    ete_progregs_default(&r);
    ck_assert_int_eq(ete_drv_program(&B, &id, &r, err, sizeof err), 0);
    ck_assert_int_eq(ete_drv_verify(&B, &id, &r, msg, sizeof msg), 0);
    F.res1_mask = 1u << 5;          /* a unit whose RES0 bit 5 reads 1 */
    ck_assert_int_eq(ete_drv_verify(&B, &id, &r, msg, sizeof msg), 1);
    ck_assert_msg(strstr(msg, "TRCCONFIGR wrote 0x00008001 read 0x00008021") != NULL, "%s",
                  msg);
}
END_TEST

START_TEST(test_check_rejects)
{
    ete_idregs id;
    char err[300];
    ck_assert_int_eq(ete_drv_probe(&B, &id, err, sizeof err), 0);
    ete_progregs r;

    ete_progregs_default(&r);
    r.trcacvr[8] = 0x1000;          /* comparator 8: only 8 (0..7) exist */
    ck_assert_int_eq(ete_drv_check(&id, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "TRCACVR8") != NULL, "%s", err);

    ete_progregs_default(&r);
    r.trcrsctlr[1] = 5;
    ck_assert_int_eq(ete_drv_check(&id, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "TRCRSCTLR1") != NULL, "%s", err);

    ete_progregs_default(&r);
    r.trcrsctlr[16] = 5;            /* NUMRSPAIR 7: selectors 0..15 */
    ck_assert_int_eq(ete_drv_check(&id, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "TRCRSCTLR16") != NULL, "%s", err);

    /* a unit without stall control (TRCIDR3.STALLCTL = 0) */
    ete_progregs_default(&r);
    r.trcstallctlr = TRCSTALLCTLR_ISTALL;
    id.trcidr[3] &= ~TRCIDR3_STALLCTL;
    ck_assert_int_eq(ete_drv_check(&id, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "STALLCTL") != NULL, "%s", err);

    ete_progregs_default(&r);
    r.trcconfigr |= TRCCONFIGR_CCI;
    r.trcccctlr = 2;                /* CCITMIN 4 */
    ck_assert_int_eq(ete_drv_check(&id, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "CCITMIN") != NULL, "%s", err);
    /* ete_drv_start refuses before touching the unit */
    unsigned w = F.writes;
    ck_assert_int_eq(ete_drv_start(&B, &id, &r, 0, err, sizeof err), -1);
    ck_assert_uint_eq(F.writes, w);

    /* with stall control the same TRCSTALLCTLR is accepted and written */
    ete_progregs_default(&r);
    r.trcstallctlr = TRCSTALLCTLR_ISTALL | (2u << TRCSTALLCTLR_LEVEL_SHIFT);
    id.trcidr[3] |= TRCIDR3_STALLCTL;
    F.id.trcidr[3] |= TRCIDR3_STALLCTL;
    ck_assert_int_eq(ete_drv_start(&B, &id, &r, 0, err, sizeof err), 0);
    ck_assert_uint_eq(F.reg[TRCSTALLCTLR / 4], r.trcstallctlr);
}
END_TEST

START_TEST(test_probe_not_ete)
{
    ete_idregs id;
    char err[300];
    F.id.trcdevarch = TRCDEVARCH_ARCHITECT_ARM | TRCDEVARCH_PRESENT | (4u << 12) | 0xA13u;
    ck_assert_int_eq(ete_drv_probe(&B, &id, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not an ETE") != NULL && strstr(err, "ARCHVER 4") != NULL, "%s",
                  err);
    setup();
    F.id.trcidr[0] = 0;
    ck_assert_int_eq(ete_drv_probe(&B, &id, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "RES1") != NULL, "%s", err);
}
END_TEST

START_TEST(test_timeouts_and_states)
{
    ete_idregs id;
    char err[300];
    ck_assert_int_eq(ete_drv_probe(&B, &id, err, sizeof err), 0);
    ete_progregs r;
    ete_progregs_default(&r);
    ck_assert_int_eq(ete_drv_start(&B, &id, &r, 0, err, sizeof err), 0);
    /* programming while Running is refused */
    ck_assert_int_eq(ete_drv_program(&B, &id, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "not Idle") != NULL, "%s", err);
    ck_assert_uint_eq(F.bad_writes, 0);
    /* a unit that never becomes idle: bounded wait, clear message */
    F.never_idle = 1;
    unsigned polls = 0;
    ck_assert_int_eq(ete_drv_disable(&B, 50, &polls, err, sizeof err), -1);
    ck_assert_uint_eq(polls, 50);
    ck_assert_msg(strstr(err, "IDLE did not become 1 after 50 reads") != NULL, "%s", err);
    /* Idle without PMSTABLE contradicts Table D8.2 */
    F.never_idle = 0;
    F.pmstable_bad = 1;
    ck_assert_int_eq(ete_drv_disable(&B, 50, NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "PMSTABLE = 0") != NULL, "%s", err);
}
END_TEST

START_TEST(test_bus_errors)
{
    ete_idregs id;
    char err[300];
    ck_assert_int_eq(ete_drv_probe(&B, &id, err, sizeof err), 0);
    ete_progregs r;
    regs_all(&r);
    F.err_off = TRCACVR(3) + 4u;
    ck_assert_int_eq(ete_drv_start(&B, &id, &r, 0, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "TRCACVR3+4") != NULL && strstr(err, "offset 0x41c") != NULL,
                  "%s", err);
    F.err_off = TRCIDR5;
    ck_assert_int_eq(ete_drv_probe(&B, &id, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "reading TRCIDR5") != NULL, "%s", err);
    F.err_off = TRCSTATR;
    ck_assert_int_eq(ete_drv_enable(&B, 0, NULL, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "TRCSTATR") != NULL, "%s", err);
}
END_TEST

START_TEST(test_syncpr_fixed)
{
    ete_idregs id;
    char err[300];
    F.id.trcidr[3] |= TRCIDR3_SYNCPR;
    F.reg[TRCSYNCPR / 4] = 12;       /* read-only, fixed at 2^12 */
    ck_assert_int_eq(ete_drv_probe(&B, &id, err, sizeof err), 0);
    ete_progregs r;
    ete_progregs_default(&r);
    r.trcsyncpr = 10;
    ck_assert_int_eq(ete_drv_program(&B, &id, &r, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "fixed at 12") != NULL, "%s", err);
    r.trcsyncpr = 12;
    unsigned w = F.writes;
    ck_assert_int_eq(ete_drv_program(&B, &id, &r, err, sizeof err), 0);
    ck_assert_uint_eq(F.reg[TRCSYNCPR / 4], 12);
    ck_assert_uint_gt(F.writes, w);
}
END_TEST

START_TEST(test_reg_names)
{
    char b[32];
    ck_assert_str_eq(ete_drv_reg_name(TRCCONFIGR, b, sizeof b), "TRCCONFIGR");
    ck_assert_str_eq(ete_drv_reg_name(TRCRSCTLR(7), b, sizeof b), "TRCRSCTLR7");
    ck_assert_str_eq(ete_drv_reg_name(TRCACATR(15) + 4u, b, sizeof b), "TRCACATR15+4");
    ck_assert_str_eq(ete_drv_reg_name(TRCDEVARCH, b, sizeof b), "TRCDEVARCH");
    ck_assert_ptr_null(ete_drv_reg_name(0xE00, b, sizeof b));
    ck_assert_ptr_null(ete_drv_reg_name(TRCRSCTLR(3) + 1u, b, sizeof b));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ete_driver");
    TCase *tc = tcase_create("driver");
    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, test_start_programs_everything);
    tcase_add_test(tc, test_verify_lists_differences);
    tcase_add_test(tc, test_check_rejects);
    tcase_add_test(tc, test_probe_not_ete);
    tcase_add_test(tc, test_timeouts_and_states);
    tcase_add_test(tc, test_bus_errors);
    tcase_add_test(tc, test_syncpr_fixed);
    tcase_add_test(tc, test_reg_names);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
