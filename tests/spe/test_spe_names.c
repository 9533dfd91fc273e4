/* One name per SPE encoding: the model's encoders (model/spe/spe_enc.h) and
 * the decoder (sw/spe/spe_pkt.h) are written apart but name every packet
 * field value the same way.  This file includes both (a name defined with
 * two different values would not compile: a macro redefinition, an error
 * under -Werror), and checks each shared name through both sides: the
 * model encodes a packet with it, the decoder parses the bytes back and
 * reports the same value under the same name. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "check_util.h"

#include "spe_pkt.h"
#include "spe_enc.h"

static spe_pkt parse(const uint8_t *b, size_t n)
{
    spe_pkt p;
    int r = spe_pkt_parse(b, n, &p);
    ck_assert_int_eq(r, (int)n);
    return p;
}

START_TEST(test_address_index)
{
    static const unsigned idx[] = { SPE_ADDR_PC, SPE_ADDR_TGT, SPE_ADDR_VA, SPE_ADDR_PA };
    for (unsigned i = 0; i < 4; i++) {
        uint8_t b[SPE_PKT_MAX];
        size_t n = spe_enc_address(b, idx[i], spe_addr_data_pa(0x1234, 1), 0);
        spe_pkt p = parse(b, n);
        ck_assert_int_eq(p.type, SPE_PKT_ADDRESS);
        ck_assert_uint_eq(p.index, idx[i]);
        ck_assert_uint_eq(p.status, SPE_PKT_ST_OK);
    }
    ck_assert_uint_eq(SPE_ADDR_PC, 0u);
    ck_assert_uint_eq(SPE_ADDR_TGT, 1u);
    ck_assert_uint_eq(SPE_ADDR_VA, 2u);
    ck_assert_uint_eq(SPE_ADDR_PA, 3u);
}
END_TEST

START_TEST(test_counter_index)
{
    static const unsigned idx[] = { SPE_CNT_TOTAL, SPE_CNT_ISSUE, SPE_CNT_XLAT };
    for (unsigned i = 0; i < 3; i++) {
        uint8_t b[SPE_PKT_MAX];
        size_t n = spe_enc_counter(b, idx[i], 0x12345u, 0);
        spe_pkt p = parse(b, n);
        ck_assert_int_eq(p.type, SPE_PKT_COUNTER);
        ck_assert_uint_eq(p.index, idx[i]);
        /* the model saturates at the value the decoder calls saturated */
        ck_assert_uint_eq(p.payload, SPE_CNT_SATURATED);
    }
}
END_TEST

START_TEST(test_context_index)
{
    static const unsigned idx[] = { SPE_CTX_EL1, SPE_CTX_EL2 };
    for (unsigned i = 0; i < 2; i++) {
        uint8_t b[SPE_PKT_MAX];
        size_t n = spe_enc_context(b, idx[i], 0xCAFEu);
        spe_pkt p = parse(b, n);
        ck_assert_int_eq(p.type, SPE_PKT_CONTEXT);
        ck_assert_uint_eq(p.index, idx[i]);
        ck_assert_uint_eq(p.payload, 0xCAFEu);
    }
}
END_TEST

START_TEST(test_op_type)
{
    static const struct { unsigned cls, sub; } op[] = {
        { SPE_OP_CLASS_OTHER, 0 },
        { SPE_OP_CLASS_OTHER, SPE_OP_OTHER_COND },
        { SPE_OP_CLASS_BRANCH, SPE_OP_BR_COND },
        { SPE_OP_CLASS_BRANCH, SPE_OP_BR_IND },
        { SPE_OP_CLASS_BRANCH, SPE_OP_BR_COND | SPE_OP_BR_IND },
        { SPE_OP_CLASS_LDST, SPE_OP_LDST_ST },
        { SPE_OP_CLASS_LDST, SPE_OP_LDST_SUB_SIMD_FP },
        { SPE_OP_CLASS_LDST, SPE_OP_LDST_SUB_SIMD_FP | SPE_OP_LDST_ST },
        { SPE_OP_CLASS_LDST, SPE_OP_LDST_EXT | SPE_OP_LDST_AT },
        { SPE_OP_CLASS_LDST, SPE_OP_LDST_EXT | SPE_OP_LDST_EXCL | SPE_OP_LDST_ST },
        { SPE_OP_CLASS_LDST, SPE_OP_LDST_EXT | SPE_OP_LDST_AR },
    };
    for (unsigned i = 0; i < sizeof op / sizeof op[0]; i++) {
        uint8_t b[SPE_PKT_MAX];
        size_t n = spe_enc_op_type(b, op[i].cls, op[i].sub);
        spe_pkt p = parse(b, n);
        ck_assert_int_eq(p.type, SPE_PKT_OP_TYPE);
        ck_assert_uint_eq(p.index, op[i].cls);
        ck_assert_uint_eq(p.payload, op[i].sub);
        ck_assert_msg(spe_op_valid(op[i].cls, op[i].sub), "class %u subclass 0x%02x",
                      op[i].cls, op[i].sub);
    }
}
END_TEST

static Suite *names_suite(void)
{
    Suite *s = suite_create("spe_names");
    TCase *tc = tcase_create("model_vs_decoder");
    tcase_add_test(tc, test_address_index);
    tcase_add_test(tc, test_counter_index);
    tcase_add_test(tc, test_context_index);
    tcase_add_test(tc, test_op_type);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return cu_run_suite(names_suite());
}
