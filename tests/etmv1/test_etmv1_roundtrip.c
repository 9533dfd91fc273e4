/* Round trip of the ETMv1 branch address packets (ARM IHI 0014Q 6.7.1):
 * random branch target sequences through the model (model/etmv1) and back
 * through the decoder (sw/etmv1); every address, state and E bit must come
 * back, and every packet must be the fewest bytes covering the changed bits
 * (checked against the last address independently of the model's code:
 * the bytes one shorter must not suffice).  Sequences mix locality (small
 * offsets, which give 1-4 byte packets) with jumps, state changes, exception
 * branches, forced full addresses and resets. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etmv1_dec.h"
#include "etmv1_model.h"
#include "etmv1_pkt.h"
#include "harness.h"

#define SEQUENCES 12000u
/* Check reports every passing ck_assert to its parent: too slow here. */
#define REQUIRE(cond, ...)             \
    do {                               \
        if (!(cond))                   \
            ck_abort_msg(__VA_ARGS__); \
    } while (0)
#define MAX_BRANCHES 64u

/* A random next target near or far from the last one. */
static etmv1_branch next_branch(harness_rng *r, uint32_t last)
{
    etmv1_branch b;
    memset(&b, 0, sizeof b);
    unsigned kind = (unsigned)harness_rng_below(r, 100);
    uint32_t t;
    if (kind < 55) /* local: within +-2^k, k in 2..28 */
        t = last + (uint32_t)(harness_rng_below(r, 2) ? 1 : -1) *
                       (uint32_t)harness_rng_below(r, 1u << harness_rng_range(r, 2, 28));
    else if (kind < 85) /* jump: anywhere */
        t = (uint32_t)harness_rng_next(r);
    else if (kind < 92) /* the same address again */
        t = last;
    else /* an exception vector */
        t = (uint32_t)harness_rng_below(r, 8) * 4u | (harness_rng_below(r, 2) ? 0xFFFF0000u : 0u);
    b.isa = kind >= 92 ? ETMV1_ISA_ARM
                       : (harness_rng_chance(r, 0.15) ? !harness_rng_below(r, 2) : 2u);
    b.exc = kind >= 92 && harness_rng_chance(r, 0.7);
    b.full = harness_rng_chance(r, 0.03);
    b.target = t;
    return b;
}

/* The fewest bytes for a target after the last one, from the document's
 * rows (6.7.1; tests/etmv1/test_etmv1_vectors.c): byte 0 carries 6 address
 * bits above the alignment (A[7:2] ARM, A[6:1] Thumb), bytes 1-3 seven more
 * each, byte 4 the rest and the state.  A state change needs byte 4. */
static unsigned min_bytes(uint32_t prev_a, unsigned prev_isa, uint32_t a, unsigned isa)
{
    if (prev_isa != isa)
        return 5;
    unsigned s = isa == ETMV1_ISA_THUMB ? 1u : 2u;
    uint32_t diff = (prev_a ^ a) >> s;   /* address bits A[31:s] as bits [31-s:0] */
    for (unsigned n = 1; n < 5; n++) {
        unsigned carried = 6u + 7u * (n - 1u); /* A bits in n bytes */
        if ((diff >> carried) == 0)
            return n;
    }
    return 5;
}

START_TEST(test_roundtrip)
{
    uint64_t seed = 0xE7A1u + (uint64_t)_i;
    harness_rng r;
    harness_rng_init(&r, seed, 0);
    uint64_t by_len[6] = { 0 }, addrs = 0, e_count = 0, thumb = 0, resets = 0;
    uint8_t *buf = malloc(MAX_BRANCHES * 5u);
    etmv1_branch *in = malloc(MAX_BRANCHES * sizeof *in);
    ck_assert(buf && in);
    for (unsigned s = 0; s < SEQUENCES; s++) {
        etmv1_model m;
        char err[200];
        etmv1_model_reset(&m);
        unsigned nb = (unsigned)harness_rng_range(&r, 1, MAX_BRANCHES);
        size_t len = 0;
        uint32_t last = (uint32_t)harness_rng_next(&r);
        uint32_t prev_a = 0;
        unsigned prev_isa = 0, have = 0;
        for (unsigned i = 0; i < nb; i++) {
            etmv1_branch b = next_branch(&r, last);
            if (b.isa == 2u) /* keep the state of the last branch */
                b.isa = prev_isa;
            b.target &= b.isa == ETMV1_ISA_THUMB ? ~1u : ~3u;
            if (b.isa == ETMV1_ISA_THUMB)
                b.exc = 0;
            in[i] = b;
            int n = etmv1_model_encode(&m, &b, buf + len, err, sizeof err);
            REQUIRE(n >= 1 && n <= 5, "seed %" PRIu64 " seq %u branch %u: %s", seed, s, i,
                          err);
            unsigned want = (!have || b.full || b.exc)
                                ? 5u
                                : min_bytes(prev_a, prev_isa, b.target, b.isa);
            REQUIRE((unsigned)n == want,
                          "seed %" PRIu64 " seq %u branch %u: 0x%08" PRIx32 " after 0x%08" PRIx32
                          ": %d bytes, the fewest is %u",
                          seed, s, i, b.target, prev_a, n, want);
            by_len[n]++;
            len += (size_t)n;
            prev_a = b.target;
            prev_isa = b.isa;
            have = 1;
            last = b.target;
        }
        etmv1_dec d;
        etmv1_addr a;
        etmv1_dec_init(&d, buf, len, 0);
        for (unsigned i = 0; i < nb; i++) {
            int rc = etmv1_dec_next(&d, &a);
            REQUIRE(rc == ETMV1_DEC_ADDR, "seed %" PRIu64 " seq %u branch %u: %s", seed, s,
                          i, d.err);
            REQUIRE(a.addr == in[i].target && a.isa == in[i].isa && a.e == in[i].exc,
                          "seed %" PRIu64 " seq %u branch %u: decoded 0x%08" PRIx32
                          " isa %u e %u, sent 0x%08" PRIx32 " isa %u e %u",
                          seed, s, i, a.addr, a.isa, a.e, in[i].target, in[i].isa, in[i].exc);
            addrs++;
            e_count += a.e;
            thumb += a.isa == ETMV1_ISA_THUMB;
        }
        REQUIRE(etmv1_dec_next(&d, &a) == ETMV1_DEC_EOF, "seed %" PRIu64 " seq %u: bytes left over", seed, s);
        resets++;
    }
    free(buf);
    free(in);
    printf("etmv1 roundtrip seed %" PRIu64 ": %" PRIu64 " sequences, %" PRIu64
           " addresses (%" PRIu64 " Thumb, %" PRIu64 " E); packets of 1..5 bytes: %" PRIu64
           " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
           seed, resets, addrs, thumb, e_count, by_len[1], by_len[2], by_len[3], by_len[4],
           by_len[5]);
    for (unsigned n = 1; n <= 5; n++)
        ck_assert_msg(by_len[n] > 100, "only %" PRIu64 " packets of %u bytes", by_len[n], n);
    ck_assert_uint_gt(e_count, 100);
    ck_assert_uint_gt(thumb, 1000);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("etmv1_roundtrip");
    TCase *tc = tcase_create("random");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_roundtrip, 0, 1);
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
