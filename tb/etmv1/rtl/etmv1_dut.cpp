// The thin C++ shim between the Verilated etmv1_baddr (class Vetmv1_baddr)
// and the C bench: pins, clock, waves.  Built by mk/etmv1.mk.
#include <cstdio>
#include <new>

#include "Vetmv1_baddr.h"
#include "vl_shim.h"

#include "etmv1_dut.h"

namespace {

struct dut {
    etmv1_tb_dut pub{};
    vl_shim::sim<Vetmv1_baddr> sim{"etmv1_baddr"};
};

void step(void *vp, const etmv1_pins_in *in, etmv1_pins_out *o)
{
    dut *d = static_cast<dut *>(vp);
    Vetmv1_baddr &t = *d->sim.top;
    t.clk_i = 0;
    t.rst_ni = in->rst_n & 1u;
    t.in_valid_i = in->in_valid & 1u;
    t.in_addr_i = in->in_addr;
    t.in_thumb_i = in->in_thumb & 1u;
    t.in_exc_i = in->in_exc & 1u;
    t.full_i = in->full & 1u;
    t.out_ready_i = in->out_ready & 1u;
    t.eval();

    o->in_ready = t.in_ready_o & 1u;
    o->out_valid = t.out_valid_o & 1u;
    o->out_cnt = t.out_cnt_o & 7u;
    o->out_data = static_cast<uint64_t>(t.out_data_o) & 0xFFFFFFFFFFull;
    d->sim.rise();
}

} // namespace

extern "C" {

etmv1_tb_dut *etmv1_dut_new(char *err, size_t errlen)
{
    dut *d = new (std::nothrow) dut;
    if (!d) {
        std::snprintf(err, errlen, "out of memory");
        return nullptr;
    }
    d->pub.ctx = d;
    d->pub.step = step;
    Vetmv1_baddr &t = *d->sim.top;
    t.rst_ni = 0;
    t.eval();
    return &d->pub;
}

void etmv1_dut_free(etmv1_tb_dut *p)
{
    if (!p)
        return;
    delete static_cast<dut *>(p->ctx);
}

int etmv1_dut_waves(etmv1_tb_dut *p, const char *path, char *err, size_t errlen)
{
    return static_cast<dut *>(p->ctx)->sim.waves(path, "etmv1", err, errlen);
}

} // extern "C"
