// The part every Verilator shim of the benches shares (C++, header only,
// included by tb/<unit>/rtl/<unit>_dut.cpp, which is compiled inside a
// Verilator build): bit fields of Verilated signals of any width, the pins
// of an AXI4 write master, the simulation context with its clock and FST
// waves, and the C bench's handle.  Top is the Verilated
// class (Vtrbe_top, ...); it must have clk_i.  In a coverage build
// (verilator --coverage-line, make coverage-<unit>) each simulation writes
// its line counts when it ends to $VL_SHIM_COVERAGE-<pid>-<n>.dat when that
// prefix is set in the environment (n counts the simulations of the
// process); verilator_coverage merges the files.
#ifndef VL_SHIM_H
#define VL_SHIM_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <new>

#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif
#if VM_COVERAGE
#include <cstdlib>
#include <unistd.h>
#include "verilated_cov.h"
#endif

namespace vl_shim {

// ---- bit fields [lsb +: w] (w <= 64) of a signal --------------------------------
template <typename T>
inline void put(T &sig, unsigned lsb, unsigned w, uint64_t v)
{
    uint64_t mask = w >= 64 ? ~0ull : ((1ull << w) - 1u);
    uint64_t cur = static_cast<uint64_t>(sig);
    cur = (cur & ~(mask << lsb)) | ((v & mask) << lsb);
    sig = static_cast<T>(cur);
}

template <std::size_t N>
inline void put(VlWide<N> &sig, unsigned lsb, unsigned w, uint64_t v)
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
inline uint64_t get(const T &sig, unsigned lsb, unsigned w)
{
    uint64_t mask = w >= 64 ? ~0ull : ((1ull << w) - 1u);
    return (static_cast<uint64_t>(sig) >> lsb) & mask;
}

template <std::size_t N>
inline uint64_t get(const VlWide<N> &sig, unsigned lsb, unsigned w)
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

// ---- an AXI4 write master's pins (ports m_axi_*) -------------------------------------
// The bench's pin structures name them after the ports without m_axi_ and
// the direction: awready, wready, bid, bresp, bvalid in In; awid, awaddr,
// awlen, awsize, awburst, awlock, awcache, awprot, awvalid, wdata[] (bytes),
// wstrb, wlast, wvalid, bready in Out.  id_w is the set's ID_W, data_bytes
// its DATA_W / 8.
template <typename Top, typename In>
inline void axi_w_drive(Top &t, const In *in, unsigned id_w)
{
    t.m_axi_awready_i = in->awready & 1u;
    t.m_axi_wready_i = in->wready & 1u;
    put(t.m_axi_bid_i, 0, id_w, in->bid);
    t.m_axi_bresp_i = in->bresp & 3u;
    t.m_axi_bvalid_i = in->bvalid & 1u;
}

template <typename Top, typename Out>
inline void axi_w_sample(const Top &t, Out *o, unsigned id_w, unsigned data_bytes)
{
    o->awid = static_cast<uint32_t>(get(t.m_axi_awid_o, 0, id_w));
    o->awaddr = t.m_axi_awaddr_o;
    o->awlen = t.m_axi_awlen_o;
    o->awsize = t.m_axi_awsize_o;
    o->awburst = t.m_axi_awburst_o;
    o->awlock = t.m_axi_awlock_o;
    o->awcache = t.m_axi_awcache_o;
    o->awprot = t.m_axi_awprot_o;
    o->awvalid = t.m_axi_awvalid_o & 1u;
    for (unsigned i = 0; i < data_bytes; i++)
        o->wdata[i] = static_cast<uint8_t>(get(t.m_axi_wdata_o, 8u * i, 8));
    o->wstrb = static_cast<uint32_t>(get(t.m_axi_wstrb_o, 0, data_bytes));
    o->wlast = t.m_axi_wlast_o & 1u;
    o->wvalid = t.m_axi_wvalid_o & 1u;
    o->bready = t.m_axi_bready_o & 1u;
}

// ---- the simulation: context, top, waves, clock -----------------------------------
template <typename Top>
struct sim {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Top> top;
#if VM_TRACE
    std::unique_ptr<VerilatedFstC> fst;
#endif
    uint64_t cycles = 0;

    // The model with clk_i low and the given reset input evaluated.
    explicit sim(const char *name)
    {
        ctx.reset(new VerilatedContext);
#if VM_TRACE
        ctx->traceEverOn(true);
#endif
        top.reset(new Top{ctx.get(), name});
        top->clk_i = 0;
    }

    ~sim()
    {
        top->final();
#if VM_COVERAGE
        static unsigned written;
        if (const char *prefix = std::getenv("VL_SHIM_COVERAGE")) {
            char path[4096];
            int n = std::snprintf(path, sizeof path, "%s-%ld-%u.dat", prefix,
                                  static_cast<long>(getpid()), written++);
            if (n > 0 && static_cast<std::size_t>(n) < sizeof path)
                ctx->coveragep()->write(path);
            else
                std::fprintf(stderr, "VL_SHIM_COVERAGE: prefix too long, no coverage written\n");
        }
#endif
#if VM_TRACE
        if (fst)
            fst->close();
#endif
    }

    sim(const sim &) = delete;
    sim &operator=(const sim &) = delete;

    // The inputs are set and evaluated with the clock low (the caller has
    // called top->eval() and sampled the outputs): dump, rising edge, dump.
    void rise()
    {
#if VM_TRACE
        if (fst)
            fst->dump(cycles * 10u);
#endif
        top->clk_i = 1;
        top->eval();
#if VM_TRACE
        if (fst)
            fst->dump(cycles * 10u + 5u);
#endif
        top->clk_i = 0;
        cycles++;
        ctx->timeInc(10);
    }

    // Waves to an FST file (path NULL: stop).  0, or -1 with err.
    int waves(const char *path, const char *set, char *err, std::size_t errlen)
    {
#if VM_TRACE
        (void)set;
        if (fst) {
            fst->close();
            fst.reset();
        }
        if (!path)
            return 0;
        fst.reset(new VerilatedFstC);
        top->trace(fst.get(), 99);
        fst->open(path);
        if (!fst->isOpen()) {
            fst.reset();
            std::snprintf(err, errlen, "cannot open wave file %s", path);
            return -1;
        }
        return 0;
#else
        if (!path)
            return 0;
        std::snprintf(err, errlen, "parameter set %s was built without --trace-fst: no waves",
                      set);
        return -1;
#endif
    }
};

// ---- the C bench's handle ---------------------------------------------------------------
// Dut holds pub (the bench's <unit>_tb_dut with ctx, step and params) and
// sim (a vl_shim::sim).  new_dut: a Dut with pub.ctx and pub.step set and
// the model evaluated with rst_ni low; nullptr with err when memory runs
// out.  of: the Dut behind a handle.
template <typename Dut, typename Step>
inline Dut *new_dut(Step step, char *err, std::size_t errlen)
{
    Dut *d = new (std::nothrow) Dut;
    if (!d) {
        std::snprintf(err, errlen, "out of memory");
        return nullptr;
    }
    d->pub.ctx = d;
    d->pub.step = step;
    d->sim.top->rst_ni = 0;
    d->sim.top->eval();
    return d;
}

template <typename Dut, typename Pub>
inline Dut *of(const Pub *p)
{
    return static_cast<Dut *>(p->ctx);
}

} // namespace vl_shim

// the value of a macro as a string literal (a parameter set's name)
#define VL_SHIM_STR2(x) #x
#define VL_SHIM_STR(x) VL_SHIM_STR2(x)

#endif
