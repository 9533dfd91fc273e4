/* AXI4 write slave with a byte memory (axi_wr_mem.h). */
#include "axi_wr_mem.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STAGE_BYTES 4096u   /* a burst never crosses 4 KB */

static int fail(axi_wr_mem *m, uint64_t cycle, const char *fmt, ...)
{
    if (m->failed)
        return -1;
    m->failed = 1;
    int k = snprintf(m->err, sizeof m->err, "cycle %" PRIu64 ", AXI burst %" PRIu64 ": ",
                     cycle, m->bursts);
    if (k < 0 || (size_t)k >= sizeof m->err)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->err + k, sizeof m->err - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

static unsigned max_out(const axi_wr_mem *m)
{
    return m->cfg.max_out ? m->cfg.max_out : AXI_WR_MEM_MAX_OUT;
}

int axi_wr_mem_init(axi_wr_mem *m, const axi_wr_mem_cfg *cfg, const uint8_t *init,
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
    if (cfg->max_out > AXI_WR_MEM_MAX_OUT) {
        snprintf(err, errlen, "max_out %u: at most %u", cfg->max_out, AXI_WR_MEM_MAX_OUT);
        return -1;
    }
    m->cfg = *cfg;
    m->mem = malloc(cfg->win_size);
    m->orph = calloc(cfg->win_size, 1);
    int ok = m->mem && m->orph;
    for (unsigned i = 0; ok && i < AXI_WR_MEM_MAX_OUT; i++) {
        m->q[i].stage = malloc(STAGE_BYTES);
        ok = m->q[i].stage != NULL;
    }
    if (!ok) {
        axi_wr_mem_free(m);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (init)
        memcpy(m->mem, init, cfg->win_size);
    else
        memset(m->mem, 0, cfg->win_size);
    harness_rng_init(&m->rng, cfg->seed, 0x4158493Dull);
    m->b_resp = ~0u;
    return 0;
}

void axi_wr_mem_free(axi_wr_mem *m)
{
    free(m->mem);
    free(m->orph);
    for (unsigned i = 0; i < AXI_WR_MEM_MAX_OUT; i++)
        free(m->q[i].stage);
    free(m->log);
    memset(m, 0, sizeof *m);
}

void axi_wr_mem_set_range(axi_wr_mem *m, uint64_t lo, uint64_t hi)
{
    m->lo = lo;
    m->hi = hi;
}

int axi_wr_mem_idle(const axi_wr_mem *m)
{
    return m->qn == 0;
}

int axi_wr_mem_cmp(const axi_wr_mem *m, const uint8_t *model, size_t *first)
{
    for (size_t i = 0; i < m->cfg.win_size; i++)
        if (!m->orph[i] && m->mem[i] != model[i]) {
            *first = i;
            return 1;
        }
    return 0;
}

static axi_wr_burst *head(axi_wr_mem *m)
{
    return &m->q[m->qh];
}

void axi_wr_mem_drive(axi_wr_mem *m, axi_wr_mem_in *in)
{
    in->awready = (uint8_t)(m->qn < max_out(m) && harness_rng_chance(&m->rng, m->cfg.p_awready));
    in->wready  = (uint8_t)harness_rng_chance(&m->rng, m->cfg.p_wready);
    in->bvalid  = 0;
    in->bresp   = 0;
    in->bid     = 0;
    if (m->qn == 0)
        return;
    axi_wr_burst *b = head(m);
    if (!b->w_done || b->b_wait != 0)
        return;
    if (m->b_resp == ~0u) {
        /* the response is chosen when it is first offered; an orphan takes
         * no index */
        if (b->orphan)
            m->b_resp = AXI_RESP_OKAY;
        else
            m->b_resp = m->cfg.resp ? m->cfg.resp(m->cfg.resp_ctx, m->index, b->first, b->nbytes)
                                    : AXI_RESP_OKAY;
        if (m->b_resp > AXI_RESP_BADID)
            m->b_resp = AXI_RESP_SLVERR;
        if (!b->orphan)
            m->index++;
    }
    in->bvalid = 1;
    in->bresp  = (uint8_t)(m->b_resp == AXI_RESP_BADID ? AXI_RESP_OKAY : m->b_resp);
    in->bid    = m->b_resp == AXI_RESP_BADID ? m->cfg.awid ^ 1u : m->cfg.awid;
}

static int log_txn(axi_wr_mem *m, const axi_wr_burst *b, unsigned resp)
{
    if (m->nlog == m->caplog) {
        size_t cap = m->caplog ? 2 * m->caplog : 256;
        axi_wr_txn *n = realloc(m->log, cap * sizeof *n);
        if (!n)
            return -1;
        m->log = n;
        m->caplog = cap;
    }
    axi_wr_txn t = {b->first, b->nbytes, resp};
    m->log[m->nlog++] = t;
    return 0;
}

int axi_wr_mem_observe(axi_wr_mem *m, const axi_wr_mem_in *in, const axi_wr_mem_out *out,
                       uint64_t cycle)
{
    unsigned db = m->cfg.data_bytes;
    unsigned size = db == 16 ? 4u : 3u;
    if (m->failed)
        return -1;

    /* B first: a response belongs to the oldest burst, before any new AW */
    if (in->bvalid && out->bready) {
        axi_wr_burst *b = head(m);
        unsigned resp = m->b_resp;
        int good = resp == AXI_RESP_OKAY || resp == AXI_RESP_EXOKAY;
        if (good) {
            for (unsigned i = 0; i < b->nbytes; i++) {
                size_t o = (size_t)(b->first - m->cfg.win_base) + i;
                m->mem[o] = b->stage[i];
                m->orph[o] = (uint8_t)(b->orphan != 0);
            }
        }
        if (b->orphan) {
            m->orphans++;
        } else {
            if (!good) {
                /* the master stops: what it issued after this burst, and
                 * the AW it presents now, are orphans */
                m->errors++;
                for (unsigned k = 1; k < m->qn; k++)
                    m->q[(m->qh + k) % AXI_WR_MEM_MAX_OUT].orphan = 1;
                m->aw_orphan = out->awvalid != 0;
            }
            if (log_txn(m, b, resp) != 0)
                return fail(m, cycle, "out of memory for the burst log");
        }
        m->qh = (m->qh + 1) % AXI_WR_MEM_MAX_OUT;
        m->qn--;
        m->b_resp = ~0u;
        m->bursts++;
    }
    for (unsigned k = 0; k < m->qn; k++) {
        axi_wr_burst *b = &m->q[(m->qh + k) % AXI_WR_MEM_MAX_OUT];
        if (b->w_done && b->b_wait > 0)
            b->b_wait--;
    }

    if (out->wvalid && in->wready) {
        axi_wr_burst *b = NULL;
        for (unsigned k = 0; k < m->qn && !b; k++) {
            axi_wr_burst *c = &m->q[(m->qh + k) % AXI_WR_MEM_MAX_OUT];
            if (!c->w_done)
                b = c;
        }
        if (!b)
            return fail(m, cycle, "W beat before its AW (the master issues AW first)");
        uint64_t a = b->awaddr + (uint64_t)b->beat * db;
        int last = (b->beat == b->awlen);
        if ((out->wlast != 0) != last)
            return fail(m, cycle, "WLAST %u on beat %u of AWLEN %u", out->wlast, b->beat, b->awlen);
        if (out->wstrb == 0)
            return fail(m, cycle, "beat %u at 0x%" PRIx64 " has no strobe", b->beat, a);
        for (unsigned i = 0; i < db; i++) {
            if (!(out->wstrb & (1u << i))) {
                if (out->wdata[i] != 0)
                    return fail(m, cycle, "lane %u of the beat at 0x%" PRIx64 " is not strobed "
                                "and carries 0x%02x, not zero", i, a, out->wdata[i]);
                continue;
            }
            uint64_t x = a + i;
            if (x < m->lo || x >= m->hi)
                return fail(m, cycle, "byte 0x%" PRIx64 " is outside the allowed range "
                            "[0x%" PRIx64 ", 0x%" PRIx64 ")", x, m->lo, m->hi);
            if (x < m->cfg.win_base || x - m->cfg.win_base >= m->cfg.win_size)
                return fail(m, cycle, "byte 0x%" PRIx64 " is outside the memory window", x);
            if (b->first == ~0ull) {
                b->first = x;
            } else if (x != b->first + b->nbytes) {
                return fail(m, cycle, "strobed bytes not contiguous: 0x%" PRIx64
                            " after 0x%" PRIx64 "+%u", x, b->first, b->nbytes);
            }
            if (b->nbytes >= STAGE_BYTES)
                return fail(m, cycle, "burst longer than 4 KB");
            b->stage[b->nbytes++] = out->wdata[i];
        }
        b->beat++;
        m->beats++;
        if (last) {
            b->w_done = 1;
            b->b_wait = (unsigned)harness_rng_range(&m->rng, m->cfg.b_lat_min, m->cfg.b_lat_max);
        }
    }

    if (out->awvalid && in->awready) {
        if (m->qn >= max_out(m))
            return fail(m, cycle, "AW handshake with %u bursts outstanding", m->qn);
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
        int orphan = m->aw_orphan;
        m->aw_orphan = 0;
        if (!orphan) {
            for (unsigned k = 0; k < m->qn; k++)
                if (m->q[(m->qh + k) % AXI_WR_MEM_MAX_OUT].orphan)
                    return fail(m, cycle, "new burst at 0x%" PRIx64 " issued after an error "
                                "response before the bursts in flight drained", out->awaddr);
        }
        axi_wr_burst *b = &m->q[(m->qh + m->qn) % AXI_WR_MEM_MAX_OUT];
        b->awaddr = out->awaddr;
        b->awlen = out->awlen;
        b->beat = 0;
        b->w_done = 0;
        b->orphan = orphan;
        b->b_wait = 0;
        b->first = ~0ull;
        b->nbytes = 0;
        m->qn++;
        if (m->qn > m->max_inflight)
            m->max_inflight = m->qn;
    }
    return 0;
}
