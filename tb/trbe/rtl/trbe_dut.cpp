// The thin C++ shim between the Verilated Trace Buffer Unit (class
// Vtrbe_top) and the C bench: pins, clock, waves.  Compiled once per
// parameter set by mk/trbe.mk with the set's parameters as TRBE_DUT_*
// macros (the same values as the -G options given to Verilator).
#include "Vtrbe_top.h"
#include "vl_shim.h"

#include "trbe_dut.h"

#if !defined(TRBE_DUT_SET) || !defined(TRBE_DUT_IN_BYTES) || !defined(TRBE_DUT_DATA_W) || \
    !defined(TRBE_DUT_BURST_BEATS) || !defined(TRBE_DUT_ID_W) || !defined(TRBE_DUT_AXI_ID) || \
    !defined(TRBE_DUT_AXI_OUT)
#error "mk/trbe.mk passes the parameter set as TRBE_DUT_* macros"
#endif

static_assert(TRBE_DUT_IN_BYTES == 4 || TRBE_DUT_IN_BYTES == 8 || TRBE_DUT_IN_BYTES == 16,
              "IN_BYTES");
static_assert(TRBE_DUT_DATA_W == 64 || TRBE_DUT_DATA_W == 128, "DATA_W");
static_assert(TRBE_DUT_IN_BYTES <= TRBE_TB_MAX_IN && TRBE_DUT_DATA_W / 8 <= TRBE_TB_MAX_DB,
              "pin structures too small");

namespace {

using vl_shim::put;

struct dut {
    trbe_tb_dut pub{};
    vl_shim::sim<Vtrbe_top> sim{"trbe_top"};
};

void step(void *vp, const trbe_pins_in *in, trbe_pins_out *o)
{
    dut *d = static_cast<dut *>(vp);
    Vtrbe_top &t = *d->sim.top;
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
    vl_shim::axi_w_drive(t, in, TRBE_DUT_ID_W);
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
    vl_shim::axi_w_sample(t, o, TRBE_DUT_ID_W, TRBE_DUT_DATA_W / 8);
    d->sim.rise();
}

} // namespace

extern "C" {

trbe_tb_dut *trbe_dut_new(char *err, size_t errlen)
{
    dut *d = vl_shim::new_dut<dut>(step, err, errlen);
    if (!d)
        return nullptr;
    d->pub.params.set = VL_SHIM_STR(TRBE_DUT_SET);
    d->pub.params.in_bytes = TRBE_DUT_IN_BYTES;
    d->pub.params.data_bytes = TRBE_DUT_DATA_W / 8;
    d->pub.params.burst_beats = TRBE_DUT_BURST_BEATS;
    d->pub.params.id_w = TRBE_DUT_ID_W;
    d->pub.params.axi_id = TRBE_DUT_AXI_ID;
    d->pub.params.axi_out = TRBE_DUT_AXI_OUT;
    return &d->pub;
}

void trbe_dut_free(trbe_tb_dut *p)
{
    if (p)
        delete vl_shim::of<dut>(p);
}

int trbe_dut_waves(trbe_tb_dut *p, const char *path, char *err, size_t errlen)
{
    return vl_shim::of<dut>(p)->sim.waves(path, VL_SHIM_STR(TRBE_DUT_SET), err, errlen);
}

} // extern "C"
