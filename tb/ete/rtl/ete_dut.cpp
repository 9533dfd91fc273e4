// The thin C++ shim between the Verilated ETE unit (class Vete_top) and the
// C bench: pins, clock, APB transfers, waves, coverage.  Compiled once per
// parameter set by mk/tb.mk, with the set's parameters as ETE_DUT_* macros
// (the same values as the -G options given to Verilator).
#include <cstdio>
#include <cstring>
#include <memory>
#include <utility>

#include "Vete_top.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

#include "ete_dut.h"

#if !defined(ETE_DUT_SET) || !defined(ETE_DUT_RETIRE_WIDTH) || !defined(ETE_DUT_OUT_BYTES) || \
    !defined(ETE_DUT_RS_DEPTH) || !defined(ETE_DUT_NUM_ACPAIRS) ||                           \
    !defined(ETE_DUT_NUM_EVENTS) || !defined(ETE_DUT_NUM_EXTIN) || !defined(ETE_DUT_CCSIZE) || \
    !defined(ETE_DUT_CCITMIN) || !defined(ETE_DUT_COMMOPT) || !defined(ETE_DUT_IN_FIFO_DEPTH)
#error "mk/tb.mk passes the parameter set as ETE_DUT_* macros"
#endif

static_assert(ETE_DUT_RETIRE_WIDTH == 1 || ETE_DUT_RETIRE_WIDTH == 2 || ETE_DUT_RETIRE_WIDTH == 4,
              "RETIRE_WIDTH");
static_assert(ETE_DUT_OUT_BYTES == 4 || ETE_DUT_OUT_BYTES == 8 || ETE_DUT_OUT_BYTES == 16,
              "OUT_BYTES");

#define ETE_DUT_STR2(x) #x
#define ETE_DUT_STR(x) ETE_DUT_STR2(x)

namespace {

// ---- bit fields of Verilated signals of any width --------------------------
// Integer ports (CData, SData, IData, QData): lsb + w <= the type's width.
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

// pe_from_el_i is not in the contract's port table; drive it when the RTL
// has it (the model uses pe_rec.from_el for an exception's context).
template <typename T>
auto put_from_el(T &t, unsigned slot, unsigned v, int) -> decltype(t.pe_from_el_i, void())
{
    put(t.pe_from_el_i, slot * 2u, 2, v);
}
template <typename T>
void put_from_el(T &, unsigned, unsigned, long)
{
}
template <typename T>
constexpr auto has_from_el(int) -> decltype(std::declval<T &>().pe_from_el_i, bool())
{
    return true;
}
template <typename T>
constexpr bool has_from_el(long)
{
    return false;
}

} // namespace

struct ete_dut {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vete_top> top;
#if VM_TRACE
    std::unique_ptr<VerilatedFstC> fst;
#endif
    ete_dut_hook_fn hook = nullptr;
    void *hook_ctx = nullptr;
    ete_dut_out out{};
    uint64_t cycles = 0;
};

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
    p->has_from_el = has_from_el<Vete_top>(0) ? 1 : 0;
    p->waves = VM_TRACE ? 1 : 0;
    p->coverage = VM_COVERAGE ? 1 : 0;
}

static void sample(ete_dut *d)
{
    Vete_top &t = *d->top;
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
    d->ctx.reset(new VerilatedContext);
#if VM_TRACE
    d->ctx->traceEverOn(true);
#endif
    d->top.reset(new Vete_top{d->ctx.get(), "ete_top"});
    Vete_top &t = *d->top;
    t.clk_i = 0;
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
    if (!d)
        return;
    d->top->final();
#if VM_TRACE
    if (d->fst)
        d->fst->close();
#endif
    delete d;
}

int ete_dut_waves(ete_dut *d, const char *path, char *err, size_t errlen)
{
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
                  ETE_DUT_STR(ETE_DUT_SET));
    return -1;
#endif
}

int ete_dut_coverage_write(ete_dut *d, const char *path, char *err, size_t errlen)
{
#if VM_COVERAGE
    d->ctx->coveragep()->write(path);
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
    d->top->rst_ni = asserted ? 0 : 1;
}

void ete_dut_set_pe(ete_dut *d, unsigned slot, const ete_dut_pe *r)
{
    if (slot >= ETE_DUT_RETIRE_WIDTH)
        return;
    Vete_top &t = *d->top;
    if (!r) {
        put(t.pe_valid_i, slot, 1, 0);
        return;
    }
    // docs/ete-rtl-interface.md: slot s of each port at [s*W +: W]
    put(t.pe_valid_i, slot, 1, 1);
    put(t.pe_kind_i, slot * 2u, 2, r->kind);
    put(t.pe_iclass_i, slot * 4u, 4, r->iclass);
    put(t.pe_isa_i, slot * 2u, 2, r->isa);
    put(t.pe_el_i, slot * 2u, 2, r->el);
    put(t.pe_exc_type_i, slot * 5u, 5, r->exc_type);
    put(t.pe_flags_i, slot * 4u, 4, r->flags & 0xFu);
    put(t.pe_pc_i, slot * 64u, 64, r->pc);
    put(t.pe_target_i, slot * 64u, 64, r->target);
    put(t.pe_cycle_i, slot * 64u, 64, r->cycle);
    put(t.pe_timestamp_i, slot * 64u, 64, r->timestamp);
    put(t.pe_contextidr_el1_i, slot * 32u, 32, r->contextidr_el1);
    put(t.pe_contextidr_el2_i, slot * 32u, 32, r->contextidr_el2);
    put(t.pe_ext_in_i, slot * 8u, 8, r->ext_in);
    put_from_el(t, slot, r->from_el, 0);
}

void ete_dut_clear_pe(ete_dut *d)
{
    for (unsigned s = 0; s < ETE_DUT_RETIRE_WIDTH; s++)
        ete_dut_set_pe(d, s, nullptr);
}

void ete_dut_set_out_ready(ete_dut *d, int ready)
{
    d->top->out_ready_i = ready ? 1 : 0;
}

void ete_dut_set_apb(ete_dut *d, int psel, int penable, int pwrite, uint32_t paddr,
                     uint32_t pwdata)
{
    Vete_top &t = *d->top;
    t.psel_i = psel ? 1 : 0;
    t.penable_i = penable ? 1 : 0;
    t.pwrite_i = pwrite ? 1 : 0;
    t.paddr_i = static_cast<uint16_t>(paddr & 0xFFFu);
    t.pwdata_i = pwdata;
}

void ete_dut_eval(ete_dut *d)
{
    d->top->clk_i = 0;
    d->top->eval();
    sample(d);
}

void ete_dut_cycle(ete_dut *d)
{
    Vete_top &t = *d->top;
    if (d->hook)
        d->hook(d->hook_ctx, d, ETE_DUT_DRIVE);
    t.clk_i = 0;
    t.eval();
    sample(d);
#if VM_TRACE
    if (d->fst)
        d->fst->dump(d->cycles * 10u);
#endif
    if (d->hook)
        d->hook(d->hook_ctx, d, ETE_DUT_SAMPLE);
    t.clk_i = 1;
    t.eval();
#if VM_TRACE
    if (d->fst)
        d->fst->dump(d->cycles * 10u + 5u);
#endif
    d->cycles++;
    d->ctx->timeInc(10);
}

const ete_dut_out *ete_dut_outputs(const ete_dut *d)
{
    return &d->out;
}

uint64_t ete_dut_cycles(const ete_dut *d)
{
    return d->cycles;
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
