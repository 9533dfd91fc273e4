// The thin C++ shim between the Verilated ETE unit (class Vete_unit, the PE
// block port) and the C bench: pins, clock, APB transfers, waves, coverage.
// Compiled once per parameter set by mk/ete_rtl.mk, with the set's parameters
// as ETE_DUT_* macros (the same values as the -G options given to Verilator).
#include <chrono>
#include <cstdio>
#include <cstring>
#include <new>

#include "Vete_unit.h"
typedef Vete_unit Vtop;      // the block port (docs/ete-rtl-interface.md)
#define ETE_DUT_TOP_NAME "ete_unit"

#include "vl_shim.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

#include "ete_dut.h"

#if !defined(ETE_DUT_SET) || !defined(ETE_DUT_RETIRE_WIDTH) || !defined(ETE_DUT_OUT_BYTES) || \
    !defined(ETE_DUT_RS_DEPTH) || !defined(ETE_DUT_NUM_ACPAIRS) ||                           \
    !defined(ETE_DUT_NUM_EVENTS) || !defined(ETE_DUT_NUM_EXTIN) || !defined(ETE_DUT_CCSIZE) || \
    !defined(ETE_DUT_CCITMIN) || !defined(ETE_DUT_COMMOPT) || !defined(ETE_DUT_IN_FIFO_DEPTH)
#error "mk/ete_rtl.mk passes the parameter set as ETE_DUT_* macros"
#endif

static_assert(ETE_DUT_RETIRE_WIDTH == 1 || ETE_DUT_RETIRE_WIDTH == 2 || ETE_DUT_RETIRE_WIDTH == 4,
              "RETIRE_WIDTH");
static_assert(ETE_DUT_OUT_BYTES == 4 || ETE_DUT_OUT_BYTES == 8 || ETE_DUT_OUT_BYTES == 16,
              "OUT_BYTES");

#define ETE_DUT_STR2(x) #x
#define ETE_DUT_STR(x) ETE_DUT_STR2(x)

using vl_shim::get;
using vl_shim::put;

struct ete_dut {
    vl_shim::sim<Vtop> s{ETE_DUT_TOP_NAME};
    ete_dut_hook_fn hook = nullptr;
    void *hook_ctx = nullptr;
    ete_dut_out out{};
    double sim_s = 0.0;      // seconds inside the model's eval (ete_dut_sim_seconds)
};

static double now_s()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

extern "C" {

void ete_dut_params_get(ete_dut_params *p)
{
    std::memset(p, 0, sizeof *p);
    p->set = ETE_DUT_STR(ETE_DUT_SET);
    p->retire_width = ETE_DUT_RETIRE_WIDTH;
    p->out_bytes = ETE_DUT_OUT_BYTES;
    p->in_fifo_depth = ETE_DUT_IN_FIFO_DEPTH;
    p->rs_depth = ETE_DUT_RS_DEPTH;
    p->num_acpairs = ETE_DUT_NUM_ACPAIRS;
    p->num_events = ETE_DUT_NUM_EVENTS;
    p->num_extin = ETE_DUT_NUM_EXTIN;
    p->ccsize = ETE_DUT_CCSIZE;
    p->ccitmin = ETE_DUT_CCITMIN;
    p->commopt = ETE_DUT_COMMOPT;
    p->waves = VM_TRACE ? 1 : 0;
    p->coverage = VM_COVERAGE ? 1 : 0;
}

static void sample(ete_dut *d)
{
    Vtop &t = *d->s.top;
    ete_dut_out &o = d->out;
    o.pe_stall = static_cast<uint8_t>(t.pe_stall_o & 1u);
    o.pe_drop = static_cast<uint8_t>(t.pe_drop_o & 1u);
    o.out_valid = static_cast<uint8_t>(t.out_valid_o & 1u);
    o.out_keep = static_cast<uint32_t>(get(t.out_keep_o, 0, ETE_DUT_OUT_BYTES));
    for (unsigned i = 0; i < ETE_DUT_OUT_BYTES; i++)
        o.out_data[i] = static_cast<uint8_t>(get(t.out_data_o, 8u * i, 8));
    o.pready = static_cast<uint8_t>(t.pready_o & 1u);
    o.pslverr = static_cast<uint8_t>(t.pslverr_o & 1u);
    o.prdata = static_cast<uint32_t>(t.prdata_o);
    o.idle = static_cast<uint8_t>(t.idle_o & 1u);
    o.trc_en = static_cast<uint8_t>(t.trc_en_o & 1u);
}

ete_dut *ete_dut_new(char *err, size_t errlen)
{
    ete_dut *d = new (std::nothrow) ete_dut;
    if (!d) {
        std::snprintf(err, errlen, "out of memory");
        return nullptr;
    }
    Vtop &t = *d->s.top;
    t.rst_ni = 0;
    t.out_ready_i = 0;
    t.psel_i = 0;
    t.penable_i = 0;
    t.pwrite_i = 0;
    t.paddr_i = 0;
    t.pwdata_i = 0;
    ete_dut_clear_pe(d);
    t.eval();
    sample(d);
    return d;
}

void ete_dut_free(ete_dut *d)
{
    delete d;
}

int ete_dut_waves(ete_dut *d, const char *path, char *err, size_t errlen)
{
    return d->s.waves(path, ETE_DUT_STR(ETE_DUT_SET), err, errlen);
}

int ete_dut_coverage_write(ete_dut *d, const char *path, char *err, size_t errlen)
{
#if VM_COVERAGE
    d->s.ctx->coveragep()->write(path);
    return 0;
#else
    (void)d;
    (void)path;
    std::snprintf(err, errlen, "parameter set %s was built without coverage",
                  ETE_DUT_STR(ETE_DUT_SET));
    return -1;
#endif
}

void ete_dut_set_hook(ete_dut *d, ete_dut_hook_fn fn, void *ctx)
{
    d->hook = fn;
    d->hook_ctx = ctx;
}

void ete_dut_set_reset(ete_dut *d, int asserted)
{
    d->s.top->rst_ni = asserted ? 0 : 1;
}

void ete_dut_set_blk(ete_dut *d, unsigned slot, const ete_dut_blk *b)
{
    if (slot >= ETE_DUT_RETIRE_WIDTH)
        return;
    Vtop &t = *d->s.top;
    if (!b) {
        put(t.pe_valid_i, slot, 1, 0);
        return;
    }
    // docs/ete-rtl-interface.md: slot s of each port at [s*W +: W]
    put(t.pe_valid_i, slot, 1, 1);
    put(t.pe_kind_i, slot * 3u, 3, b->kind);
    put(t.pe_addr_i, slot * 64u, 64, b->addr);
    put(t.pe_last_i, slot * 8u, 8, b->last);
    put(t.pe_iclass_i, slot * 4u, 4, b->iclass);
    put(t.pe_flags_i, slot * 4u, 4, b->flags & 0xFu);
    put(t.pe_isa_i, slot * 2u, 2, b->isa);
    put(t.pe_el_i, slot * 2u, 2, b->el);
    put(t.pe_from_el_i, slot * 2u, 2, b->from_el);
    put(t.pe_exc_type_i, slot * 5u, 5, b->exc_type);
    put(t.pe_ext_in_i, slot * 8u, 8, b->ext_in);
}

void ete_dut_set_ts(ete_dut *d, uint64_t ts)
{
    d->s.top->ts_i = ts;
}

void ete_dut_clear_pe(ete_dut *d)
{
    for (unsigned s = 0; s < ETE_DUT_RETIRE_WIDTH; s++)
        ete_dut_set_blk(d, s, nullptr);
}

void ete_dut_set_out_ready(ete_dut *d, int ready)
{
    d->s.top->out_ready_i = ready ? 1 : 0;
}

void ete_dut_set_apb(ete_dut *d, int psel, int penable, int pwrite, uint32_t paddr,
                     uint32_t pwdata)
{
    Vtop &t = *d->s.top;
    t.psel_i = psel ? 1 : 0;
    t.penable_i = penable ? 1 : 0;
    t.pwrite_i = pwrite ? 1 : 0;
    t.paddr_i = static_cast<uint16_t>(paddr & 0xFFFu);
    t.pwdata_i = pwdata;
}

void ete_dut_eval(ete_dut *d)
{
    double t0 = now_s();
    d->s.top->clk_i = 0;
    d->s.top->eval();
    sample(d);
    d->sim_s += now_s() - t0;
}

void ete_dut_cycle(ete_dut *d)
{
    if (d->hook)
        d->hook(d->hook_ctx, d, ETE_DUT_DRIVE);
    double t0 = now_s();
    d->s.top->clk_i = 0;
    d->s.top->eval();
    sample(d);
    double t1 = now_s();
    if (d->hook)
        d->hook(d->hook_ctx, d, ETE_DUT_SAMPLE);
    double t2 = now_s();
    d->s.rise();
    d->sim_s += (t1 - t0) + (now_s() - t2);
}

double ete_dut_sim_seconds(const ete_dut *d)
{
    return d->sim_s;
}

const ete_dut_out *ete_dut_outputs(const ete_dut *d)
{
    return &d->out;
}

uint64_t ete_dut_cycles(const ete_dut *d)
{
    return d->s.cycles;
}

static int apb(ete_dut *d, int write, uint32_t addr, uint32_t wdata, uint32_t *rdata,
               unsigned max_wait, char *err, size_t errlen)
{
    if (!max_wait)
        max_wait = 16;
    ete_dut_set_apb(d, 1, 0, write, addr, wdata); // setup phase
    ete_dut_cycle(d);
    ete_dut_set_apb(d, 1, 1, write, addr, wdata); // access phase
    unsigned n = 0;
    for (;;) {
        ete_dut_cycle(d);
        if (d->out.pready)
            break;
        if (++n >= max_wait) {
            ete_dut_set_apb(d, 0, 0, 0, 0, 0);
            std::snprintf(err, errlen, "APB %s 0x%03x: PREADY low for %u cycles",
                          write ? "write" : "read", addr, max_wait);
            return -1;
        }
    }
    int slverr = d->out.pslverr;
    if (rdata)
        *rdata = d->out.prdata;
    ete_dut_set_apb(d, 0, 0, 0, 0, 0);
    if (slverr) {
        std::snprintf(err, errlen, "APB %s 0x%03x: PSLVERR", write ? "write" : "read", addr);
        return -1;
    }
    return 0;
}

int ete_dut_apb_write(ete_dut *d, uint32_t addr, uint32_t data, unsigned max_wait, char *err,
                      size_t errlen)
{
    return apb(d, 1, addr, data, nullptr, max_wait, err, errlen);
}

int ete_dut_apb_read(ete_dut *d, uint32_t addr, uint32_t *data, unsigned max_wait, char *err,
                     size_t errlen)
{
    return apb(d, 0, addr, 0, data, max_wait, err, errlen);
}

} // extern "C"
