/* AXI4 write slave with a byte memory (trbe_axi_mem.h). */
#include "trbe_axi_mem.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STAGE_BYTES 4096u   /* a burst never crosses 4 KB */

static int fail(trbe_axi_mem *m, uint64_t cycle, const char *fmt, ...)
{
    if (m->failed)
        return -1;
    m->failed = 1;
    int k = snprintf(m->err, sizeof m->err, "cycle %" PRIu64 ", AXI transaction %" PRIu64 ": ",
                     cycle, m->bursts);
    if (k < 0 || (size_t)k >= sizeof m->err)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->err + k, sizeof m->err - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

int trbe_axi_mem_init(trbe_axi_mem *m, const trbe_axi_mem_cfg *cfg, const uint8_t *init,
                      char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    if (cfg->data_bytes != 8 && cfg->data_bytes != 16) {
        snprintf(err, errlen, "data_bytes %u: must be 8 or 16", cfg->data_bytes);
        return -1;
    }
    if (cfg->win_size == 0 || cfg->b_lat_max < cfg->b_lat_min) {
        snprintf(err, errlen, "empty window or latency range");
        return -1;
    }
    m->cfg = *cfg;
    m->mem = malloc(cfg->win_size);
    m->stage = malloc(STAGE_BYTES);
    if (!m->mem || !m->stage) {
        free(m->mem);
        free(m->stage);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (init)
        memcpy(m->mem, init, cfg->win_size);
    else
        memset(m->mem, 0, cfg->win_size);
    harness_rng_init(&m->rng, cfg->seed, 0x4158493Dull);
    m->first = ~0ull;
    return 0;
}

void trbe_axi_mem_free(trbe_axi_mem *m)
{
    free(m->mem);
    free(m->stage);
    free(m->log);
    memset(m, 0, sizeof *m);
}

void trbe_axi_mem_set_range(trbe_axi_mem *m, uint64_t lo, uint64_t hi)
{
    m->lo = lo;
    m->hi = hi;
}

int trbe_axi_mem_idle(const trbe_axi_mem *m)
{
    return !m->aw_have;
}

void trbe_axi_mem_drive(trbe_axi_mem *m, trbe_pins_in *in)
{
    in->awready = (uint8_t)harness_rng_chance(&m->rng, m->cfg.p_awready);
    in->wready  = (uint8_t)harness_rng_chance(&m->rng, m->cfg.p_wready);
    in->bvalid  = (uint8_t)(m->aw_have && m->w_last_seen && m->b_wait == 0);
    in->bresp   = in->bvalid ? (uint8_t)m->resp : 0;
    in->bid     = in->bvalid ? m->cfg.awid : 0;
}

static int log_txn(trbe_axi_mem *m)
{
    if (m->nlog == m->caplog) {
        size_t cap = m->caplog ? 2 * m->caplog : 256;
        trbe_axi_txn *n = realloc(m->log, cap * sizeof *n);
        if (!n)
            return -1;
        m->log = n;
        m->caplog = cap;
    }
    trbe_axi_txn t = {m->first, m->nbytes, m->resp};
    m->log[m->nlog++] = t;
    return 0;
}

int trbe_axi_mem_observe(trbe_axi_mem *m, const trbe_pins_in *in, const trbe_pins_out *out,
                         uint64_t cycle)
{
    unsigned db = m->cfg.data_bytes;
    unsigned size = db == 16 ? 4u : 3u;
    if (m->failed)
        return -1;

    /* B first: a response belongs to the transaction before any new AW */
    if (in->bvalid && out->bready) {
        if (m->resp == TRBE_RESP_OKAY || m->resp == TRBE_RESP_EXOKAY) {
            for (unsigned i = 0; i < m->nbytes; i++)
                m->mem[m->first - m->cfg.win_base + i] = m->stage[i];
        } else {
            m->errors++;
        }
        if (log_txn(m) != 0)
            return fail(m, cycle, "out of memory for the transaction log");
        m->aw_have = 0;
        m->w_last_seen = 0;
        m->bursts++;
    } else if (m->aw_have && m->w_last_seen && m->b_wait > 0) {
        m->b_wait--;
    }

    if (out->wvalid && in->wready) {
        if (!m->aw_have)
            return fail(m, cycle, "W beat before its AW (the TRBE issues AW first)");
        if (m->w_last_seen)
            return fail(m, cycle, "W beat after WLAST");
        uint64_t a = m->awaddr + (uint64_t)m->beat * db;
        int last = (m->beat == m->awlen);
        if ((out->wlast != 0) != last)
            return fail(m, cycle, "WLAST %u on beat %u of AWLEN %u", out->wlast, m->beat, m->awlen);
        if (out->wstrb == 0)
            return fail(m, cycle, "beat %u at 0x%" PRIx64 " has no strobe", m->beat, a);
        for (unsigned i = 0; i < db; i++) {
            if (!(out->wstrb & (1u << i)))
                continue;
            uint64_t b = a + i;
            if (b < m->lo || b >= m->hi)
                return fail(m, cycle, "byte 0x%" PRIx64 " is outside the trace buffer "
                            "[0x%" PRIx64 ", 0x%" PRIx64 ")", b, m->lo, m->hi);
            if (b < m->cfg.win_base || b - m->cfg.win_base >= m->cfg.win_size)
                return fail(m, cycle, "byte 0x%" PRIx64 " is outside the memory window", b);
            if (m->first == ~0ull) {
                m->first = b;
            } else if (b != m->first + m->nbytes) {
                return fail(m, cycle, "strobed bytes not contiguous: 0x%" PRIx64
                            " after 0x%" PRIx64 "+%u", b, m->first, m->nbytes);
            }
            if (m->nbytes >= STAGE_BYTES)
                return fail(m, cycle, "burst longer than 4 KB");
            m->stage[m->nbytes++] = out->wdata[i];
        }
        m->beat++;
        m->beats++;
        if (last) {
            m->w_last_seen = 1;
            m->b_wait = (unsigned)harness_rng_range(&m->rng, m->cfg.b_lat_min, m->cfg.b_lat_max);
        }
    }

    if (out->awvalid && in->awready) {
        if (m->aw_have)
            return fail(m, cycle, "AW while a transaction is outstanding (the TRBE issues one "
                        "at a time)");
        if (out->awburst != 1 || out->awsize != size || out->awlock != 0)
            return fail(m, cycle, "AWBURST %u AWSIZE %u AWLOCK %u: want INCR, %u, 0",
                        out->awburst, out->awsize, out->awlock, size);
        if (out->awaddr % db != 0)
            return fail(m, cycle, "AWADDR 0x%" PRIx64 " not aligned to the bus width",
                        out->awaddr);
        if (out->awid != m->cfg.awid)
            return fail(m, cycle, "AWID %u, want %u", out->awid, m->cfg.awid);
        uint64_t end = out->awaddr + (uint64_t)(out->awlen + 1u) * db;
        if ((out->awaddr >> 12) != ((end - 1) >> 12))
            return fail(m, cycle, "burst 0x%" PRIx64 "+%u beats crosses 4 KB", out->awaddr,
                        out->awlen + 1u);
        m->aw_have = 1;
        m->w_last_seen = 0;
        m->awaddr = out->awaddr;
        m->awlen = out->awlen;
        m->beat = 0;
        m->first = ~0ull;
        m->nbytes = 0;
        m->resp = m->cfg.resp ? m->cfg.resp(m->cfg.resp_ctx, m->bursts) & 3u : TRBE_RESP_OKAY;
    }
    return 0;
}
