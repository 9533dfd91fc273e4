// The thin C++ shim between the Verilated Trace Buffer Unit (class
// Vtrbe_top) and the C bench: pins, clock, waves.  Compiled once per
// parameter set by mk/trbe.mk with the set's parameters as TRBE_DUT_*
// macros (the same values as the -G options given to Verilator).
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>

#include "Vtrbe_top.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

#include "trbe_dut.h"

#if !defined(TRBE_DUT_SET) || !defined(TRBE_DUT_IN_BYTES) || !defined(TRBE_DUT_DATA_W) || \
    !defined(TRBE_DUT_BURST_BEATS) || !defined(TRBE_DUT_ID_W) || !defined(TRBE_DUT_AXI_ID)
#error "mk/trbe.mk passes the parameter set as TRBE_DUT_* macros"
#endif

static_assert(TRBE_DUT_IN_BYTES == 4 || TRBE_DUT_IN_BYTES == 8 || TRBE_DUT_IN_BYTES == 16,
              "IN_BYTES");
static_assert(TRBE_DUT_DATA_W == 64 || TRBE_DUT_DATA_W == 128, "DATA_W");
static_assert(TRBE_DUT_IN_BYTES <= TRBE_TB_MAX_IN && TRBE_DUT_DATA_W / 8 <= TRBE_TB_MAX_DB,
              "pin structures too small");

#define TRBE_DUT_STR2(x) #x
#define TRBE_DUT_STR(x) TRBE_DUT_STR2(x)

namespace {

// ---- bit fields of Verilated signals of any width ----------------------------
template <typename T>
void put(T &sig, unsigned lsb, unsigned w, uint64_t v)
{
    uint64_t mask = w >= 64 ? ~0ull : ((1ull << w) - 1u);
    uint64_t cur = static_cast<uint64_t>(sig);
    cur = (cur & ~(mask << lsb)) | ((v & mask) << lsb);
    sig = static_cast<T>(cur);
}

template <std::size_t N>
void put(VlWide<N> &sig, unsigned lsb, unsigned w, uint64_t v)
{
    for (unsigned i = 0; i < w;) {
        unsigned bit = lsb + i, word = bit / 32u, off = bit % 32u;
        unsigned n = 32u - off < w - i ? 32u - off : w - i;
        uint32_t m = n == 32u ? 0xFFFFFFFFu : ((1u << n) - 1u);
        uint32_t val = static_cast<uint32_t>(v >> i) & m;
        sig[word] = (sig[word] & ~(m << off)) | (val << off);
        i += n;
    }
}

template <typename T>
uint64_t get(const T &sig, unsigned lsb, unsigned w)
{
    uint64_t mask = w >= 64 ? ~0ull : ((1ull << w) - 1u);
    return (static_cast<uint64_t>(sig) >> lsb) & mask;
}

template <std::size_t N>
uint64_t get(const VlWide<N> &sig, unsigned lsb, unsigned w)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < w;) {
        unsigned bit = lsb + i, word = bit / 32u, off = bit % 32u;
        unsigned n = 32u - off < w - i ? 32u - off : w - i;
        uint32_t m = n == 32u ? 0xFFFFFFFFu : ((1u << n) - 1u);
        v |= static_cast<uint64_t>((sig[word] >> off) & m) << i;
        i += n;
    }
    return v;
}

struct dut {
    trbe_tb_dut pub{};
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vtrbe_top> top;
#if VM_TRACE
    std::unique_ptr<VerilatedFstC> fst;
#endif
    uint64_t cycles = 0;
};

void step(void *vp, const trbe_pins_in *in, trbe_pins_out *o)
{
    dut *d = static_cast<dut *>(vp);
    Vtrbe_top &t = *d->top;
    const unsigned db = TRBE_DUT_DATA_W / 8;
    t.clk_i = 0;
    t.rst_ni = in->rst_n & 1u;
    t.sr_valid_i = in->sr_valid & 1u;
    t.sr_write_i = in->sr_write & 1u;
    t.sr_enc_i = in->sr_enc;
    t.sr_wdata_i = in->sr_wdata;
    for (unsigned i = 0; i < TRBE_DUT_IN_BYTES; i++)
        put(t.in_data_i, 8u * i, 8, in->in_data[i]);
    put(t.in_keep_i, 0, TRBE_DUT_IN_BYTES, in->in_keep);
    t.in_valid_i = in->in_valid & 1u;
    t.trig_i = in->trig & 1u;
    t.flush_done_i = in->flush_done & 1u;
    t.tsb_req_i = in->tsb_req & 1u;
    t.prog_na_i = in->prog_na & 1u;
    t.m_axi_awready_i = in->awready & 1u;
    t.m_axi_wready_i = in->wready & 1u;
    put(t.m_axi_bid_i, 0, TRBE_DUT_ID_W, in->bid);
    t.m_axi_bresp_i = in->bresp & 3u;
    t.m_axi_bvalid_i = in->bvalid & 1u;
    t.eval();

    o->sr_rdata = t.sr_rdata_o;
    o->sr_ready = t.sr_ready_o & 1u;
    o->in_ready = t.in_ready_o & 1u;
    o->flush_req = t.flush_req_o & 1u;
    o->tsb_ack = t.tsb_ack_o & 1u;
    o->irq = t.irq_o & 1u;
    o->enabled = t.enabled_o & 1u;
    o->evt_wrap = t.evt_wrap_o & 1u;
    o->evt_trig = t.evt_trig_o & 1u;
    o->awid = static_cast<uint32_t>(get(t.m_axi_awid_o, 0, TRBE_DUT_ID_W));
    o->awaddr = t.m_axi_awaddr_o;
    o->awlen = t.m_axi_awlen_o;
    o->awsize = t.m_axi_awsize_o;
    o->awburst = t.m_axi_awburst_o;
    o->awlock = t.m_axi_awlock_o;
    o->awcache = t.m_axi_awcache_o;
    o->awprot = t.m_axi_awprot_o;
    o->awvalid = t.m_axi_awvalid_o & 1u;
    for (unsigned i = 0; i < db; i++)
        o->wdata[i] = static_cast<uint8_t>(get(t.m_axi_wdata_o, 8u * i, 8));
    o->wstrb = static_cast<uint32_t>(get(t.m_axi_wstrb_o, 0, db));
    o->wlast = t.m_axi_wlast_o & 1u;
    o->wvalid = t.m_axi_wvalid_o & 1u;
    o->bready = t.m_axi_bready_o & 1u;
#if VM_TRACE
    if (d->fst)
        d->fst->dump(d->cycles * 10u);
#endif
    t.clk_i = 1;
    t.eval();
#if VM_TRACE
    if (d->fst)
        d->fst->dump(d->cycles * 10u + 5u);
#endif
    d->cycles++;
    d->ctx->timeInc(10);
}

} // namespace

extern "C" {

trbe_tb_dut *trbe_dut_new(char *err, size_t errlen)
{
    dut *d = new (std::nothrow) dut;
    if (!d) {
        std::snprintf(err, errlen, "out of memory");
        return nullptr;
    }
    d->ctx.reset(new VerilatedContext);
#if VM_TRACE
    d->ctx->traceEverOn(true);
#endif
    d->top.reset(new Vtrbe_top{d->ctx.get(), "trbe_top"});
    d->pub.ctx = d;
    d->pub.step = step;
    d->pub.params.set = TRBE_DUT_STR(TRBE_DUT_SET);
    d->pub.params.in_bytes = TRBE_DUT_IN_BYTES;
    d->pub.params.data_bytes = TRBE_DUT_DATA_W / 8;
    d->pub.params.burst_beats = TRBE_DUT_BURST_BEATS;
    d->pub.params.id_w = TRBE_DUT_ID_W;
    d->pub.params.axi_id = TRBE_DUT_AXI_ID;
    Vtrbe_top &t = *d->top;
    t.clk_i = 0;
    t.rst_ni = 0;
    t.eval();
    return &d->pub;
}

void trbe_dut_free(trbe_tb_dut *p)
{
    if (!p)
        return;
    dut *d = static_cast<dut *>(p->ctx);
    d->top->final();
#if VM_TRACE
    if (d->fst)
        d->fst->close();
#endif
    delete d;
}

int trbe_dut_waves(trbe_tb_dut *p, const char *path, char *err, size_t errlen)
{
    dut *d = static_cast<dut *>(p->ctx);
#if VM_TRACE
    if (d->fst) {
        d->fst->close();
        d->fst.reset();
    }
    if (!path)
        return 0;
    d->fst.reset(new VerilatedFstC);
    d->top->trace(d->fst.get(), 99);
    d->fst->open(path);
    if (!d->fst->isOpen()) {
        d->fst.reset();
        std::snprintf(err, errlen, "cannot open wave file %s", path);
        return -1;
    }
    return 0;
#else
    (void)d;
    if (!path)
        return 0;
    std::snprintf(err, errlen, "parameter set %s was built without --trace-fst: no waves",
                  TRBE_DUT_STR(TRBE_DUT_SET));
    return -1;
#endif
}

} // extern "C"
