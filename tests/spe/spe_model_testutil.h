/* Helpers shared by the SPE model suites (tests/spe/test_spe_model*.c). */
#ifndef SPE_MODEL_TESTUTIL_H
#define SPE_MODEL_TESTUTIL_H

#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pe_stream.h"
#include "spe_model.h"

#define TU_BASE  UINT64_C(0x80000000)
#define TU_SIZE  UINT64_C(0x10000)

/* A model with p, the default PE controls, sampling of every operation
 * (INTERVAL = 0, PMSICR_EL1 = 0), PMSCR_EL1 = E0SPE|E1SPE (plus extra1),
 * PMSCR_EL2 = extra2 and an enabled 64KB buffer at TU_BASE. */
static inline spe_model *tu_model(const spe_params *p, uint64_t extra1, uint64_t extra2)
{
    char err[200];
    spe_model *m = spe_model_new(p, err, sizeof err);
    ck_assert_msg(m != NULL, "%s", err);
    ck_assert_int_eq(spe_model_write_reg(m, PMSCR_EL1_ENC,
                                         PMSCR_EL1_E0SPE | PMSCR_EL1_E1SPE | extra1), 0);
    ck_assert_int_eq(spe_model_write_reg(m, PMSCR_EL2_ENC, extra2), 0);
    ck_assert_int_eq(spe_model_write_reg(m, PMSIRR_EL1_ENC, 0), 0);
    ck_assert_int_eq(spe_model_write_reg(m, PMSICR_EL1_ENC, 0), 0);
    ck_assert_int_eq(spe_model_write_reg(m, PMBPTR_EL1_ENC, TU_BASE), 0);
    ck_assert_int_eq(spe_model_write_reg(m, PMBSR_EL1_ENC, 0), 0);
    ck_assert_int_eq(spe_model_write_reg(m, PMBLIMITR_EL1_ENC,
                                         (TU_BASE + TU_SIZE) | PMBLIMITR_EL1_E), 0);
    return m;
}

static inline spe_model *tu_model_default(void)
{
    spe_params p;
    spe_params_default(&p);
    return tu_model(&p, 0, 0);
}

/* An A64 instruction that retired at pc in elN, Non-secure, with the
 * retired event and small latencies. */
static inline pe_rec tu_insn(uint64_t pc, unsigned el)
{
    pe_rec r;
    memset(&r, 0, sizeof r);
    r.kind = PE_KIND_INSN;
    r.iclass = PE_IC_OTHER;
    r.isa = PE_ISA_A64;
    r.pc = pc;
    r.el = (uint8_t)el;
    r.flags = PE_F_NS;
    r.spe_events = 0x2;
    r.lat_total = 3;
    r.lat_issue = 1;
    return r;
}

/* All bytes written since the last drain, concatenated (checks that the
 * writes are contiguous from *next_addr, which is advanced). */
typedef struct tu_bytes {
    uint8_t b[1 << 16];
    size_t n;
} tu_bytes;

static inline size_t tu_drain(spe_model *m, tu_bytes *out, uint64_t *next_addr)
{
    const spe_write *w;
    size_t n = spe_model_drain(m, &w);
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        if (next_addr) {
            ck_assert_uint_eq(w[i].addr, *next_addr);
            *next_addr += w[i].len;
        }
        ck_assert_uint_le(out->n + w[i].len, sizeof out->b);
        memcpy(out->b + out->n, w[i].data, w[i].len);
        out->n += w[i].len;
        total += w[i].len;
    }
    return total;
}

/* Feed one record, flush, and return the bytes written for it. */
static inline size_t tu_record(spe_model *m, const pe_rec *r, tu_bytes *out)
{
    out->n = 0;
    spe_model_feed(m, r);
    spe_model_flush(m);
    return tu_drain(m, out, NULL);
}

static inline uint64_t tu_reg(const spe_model *m, unsigned enc)
{
    uint64_t v = 0;
    ck_assert_int_eq(spe_model_read_reg(m, enc, &v), 0);
    return v;
}

static inline void tu_set(spe_model *m, unsigned enc, uint64_t v)
{
    ck_assert_int_eq(spe_model_write_reg(m, enc, v), 0);
}

/* Length of the packet at p (n bytes available) from its header alone
 * (5.2: payload size from SZ), or 0 if the header is not one this
 * implementation emits or the packet is cut short. */
static inline size_t tu_pkt_len(const uint8_t *p, size_t n)
{
    if (n == 0)
        return 0;
    uint8_t h = p[0];
    size_t hl = 1;
    if ((h & 0xE0u) == 0x20u) {               /* 16-bit header */
        if (n < 2)
            return 0;
        if (p[1] == 0x00)                     /* Alignment command */
            return (h & 0x10u) ? 0 : 2;
        if ((h & 0x1Cu) != 0)
            return 0;
        h = p[1];
        hl = 2;
        if ((h & 0xF8u) != 0xB0u && (h & 0xF8u) != 0x98u)
            return 0;
    }
    size_t len;
    if (h == 0x00 || h == 0x01)
        len = 1;
    else if ((h & 0xC0u) == 0x40u || (h & 0xC0u) == 0x80u)
        len = hl + ((size_t)1 << ((h >> 4) & 3u));
    else
        return 0;
    return len <= n ? len : 0;
}

/* Check that buf holds whole records: each a run of packets ending in
 * End (0x01) or Timestamp (0x71), with only Padding and Alignment
 * commands between records (5.1.2, 5.1.4).  Returns the record count, or
 * -1 at the first error.  Alignment commands skip to the boundary they
 * name, relative to base. */
static inline long tu_check_framing(const uint8_t *buf, size_t n, uint64_t base)
{
    size_t i = 0;
    long records = 0;
    int in_rec = 0;
    while (i < n) {
        if (!in_rec && buf[i] == 0x00) {
            i++;
            continue;
        }
        if (!in_rec && (buf[i] & 0xF0u) == 0x20u && i + 1 < n && buf[i + 1] == 0x00) {
            uint64_t unit = UINT64_C(1) << ((buf[i] & 15u) + 1);
            uint64_t a = base + i + 2;
            i += 2 + (size_t)((unit - (a & (unit - 1))) & (unit - 1));
            continue;
        }
        size_t l = tu_pkt_len(buf + i, n - i);
        uint8_t h = buf[i];
        if (l == 0 || h == 0x00)              /* no padding inside a record */
            return -1;
        in_rec = 1;
        if (h == 0x01 || h == 0x71) {
            in_rec = 0;
            records++;
        }
        i += l;
    }
    return in_rec ? -1 : records;
}

#endif
