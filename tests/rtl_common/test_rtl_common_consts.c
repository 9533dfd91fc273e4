/* The RTL include files of rtl/common against the C contract in common/:
 * every constant of common_pe_class.vh and common_sysreg.vh, as Icarus
 * elaborates it (scripts/rtl_consts.sh writes the generated header
 * rtl_common_consts.h), equals the C enum or macro of the same name, and
 * common_clog2.vh's clog2 gives the smallest r with 2^r >= v for v = 1 ..
 * 4097.  A value typed wrong on either side fails a check; a name the RTL
 * has and C lacks fails to compile. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>

#include "brbe_regs.h"
#include "pe_stream.h"
#include "rtl_common_consts.h"
#include "spe_regs.h"
#include "sysreg.h"
#include "trbe_regs.h"

struct rtl_const {
    const char *name;
    unsigned long rtl;
    unsigned long c;
};

#define RTL_CONST(n, v) { #n, (unsigned long)(v), (unsigned long)(n) },
static const struct rtl_const consts[] = { RTL_CONSTS };
#undef RTL_CONST

struct rtl_clog2 {
    unsigned v;
    unsigned r;
};

#define RTL_CLOG2(v, r) { (v), (r) },
static const struct rtl_clog2 clog2s[] = { RTL_CLOG2S };
#undef RTL_CLOG2

#define N_CONSTS (sizeof consts / sizeof consts[0])
#define N_CLOG2S (sizeof clog2s / sizeof clog2s[0])

START_TEST(test_consts_equal)
{
    for (size_t i = 0; i < N_CONSTS; i++)
        ck_assert_msg(consts[i].rtl == consts[i].c, "%s: RTL 0x%lx, C 0x%lx", consts[i].name,
                      consts[i].rtl, consts[i].c);
}
END_TEST

/* every localparam line of the .vh files reached the list */
START_TEST(test_consts_complete)
{
    ck_assert_uint_eq(N_CONSTS, RTL_CONSTS_DECLARED);
    ck_assert_uint_ge(N_CONSTS, 60);
}
END_TEST

/* the register encodings are SYSREG_ENC's packing: op0 2 or 3 (system
 * registers), CRn 9 (the trace and profiling group) */
START_TEST(test_sysreg_fields)
{
    unsigned n = 0;
    for (size_t i = 0; i < N_CONSTS; i++) {
        const char *s = consts[i].name;
        size_t l = 0;
        while (s[l] != '\0') l++;
        if (l < 4 || s[l - 4] != '_' || s[l - 3] != 'E' || s[l - 2] != 'N' || s[l - 1] != 'C')
            continue;
        unsigned e = (unsigned)consts[i].rtl;
        ck_assert_msg(e <= 0xFFFFu, "%s: 0x%x wider than 16 bits", s, e);
        ck_assert_msg(SYSREG_OP0(e) >= 2u && SYSREG_CRN(e) == 9u, "%s: 0x%x", s, e);
        ck_assert_uint_eq(SYSREG_ENC(SYSREG_OP0(e), SYSREG_OP1(e), SYSREG_CRN(e), SYSREG_CRM(e),
                                     SYSREG_OP2(e)), e);
        n++;
    }
    ck_assert_uint_eq(n, 8u + 13u + 9u);
}
END_TEST

START_TEST(test_clog2)
{
    ck_assert_uint_eq(N_CLOG2S, 4097);
    for (size_t i = 0; i < N_CLOG2S; i++) {
        unsigned v = clog2s[i].v, r = 0;
        while ((1ul << r) < v) r++;
        ck_assert_msg(clog2s[i].r == r, "clog2(%u): RTL %u, C %u", v, clog2s[i].r, r);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rtl_common_consts");
    TCase *tc = tcase_create("consts");
    tcase_add_test(tc, test_consts_equal);
    tcase_add_test(tc, test_consts_complete);
    tcase_add_test(tc, test_sysreg_fields);
    tcase_add_test(tc, test_clog2);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int nf = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nf == 0 ? 0 : 1;
}
