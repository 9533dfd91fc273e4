// The thin C++ shim between the Verilated SPE unit (class Vspe_top) and the
// C bench: pins, clock, waves.  Compiled once per parameter set by
// mk/spe_rtl.mk with the set's parameters as SPE_DUT_* macros (the same
// values as the -G options given to Verilator).
#include <cstdio>
#include <new>

#include "Vspe_top.h"
#include "vl_shim.h"

#include "spe_dut.h"

#if !defined(SPE_DUT_SET) || !defined(SPE_DUT_DATA_W) || !defined(SPE_DUT_ALIGN) ||         \
    !defined(SPE_DUT_MAX_SIZE) || !defined(SPE_DUT_ERND) || !defined(SPE_DUT_EXT_HEADERS) || \
    !defined(SPE_DUT_ALIGN_CMD) || !defined(SPE_DUT_INFLIGHT_RECORDS) ||                    \
    !defined(SPE_DUT_MAX_INFLIGHT) ||                                                        \
    !defined(SPE_DUT_EA_REPORT) || !defined(SPE_DUT_EA_SYNC)
#error "mk/spe_rtl.mk passes the parameter set as SPE_DUT_* macros"
#endif

#define SPE_DUT_STR2(x) #x
#define SPE_DUT_STR(x) SPE_DUT_STR2(x)

namespace {

struct dut {
    spe_tb_dut pub{};
    vl_shim::sim<Vspe_top> sim{"spe_top"};
};

template <typename W> void get_wide(const W &w, uint8_t *out, unsigned nbytes)
{
    for (unsigned i = 0; i < nbytes; i++)
        out[i] = (uint8_t)(w[i / 4] >> (8 * (i % 4)));
}
void get_wide(uint64_t w, uint8_t *out, unsigned nbytes)
{
    for (unsigned i = 0; i < nbytes; i++)
        out[i] = (uint8_t)(w >> (8 * i));
}

void step(void *vp, const spe_pins_in *in, spe_pins_out *o)
{
    dut *d = static_cast<dut *>(vp);
    Vspe_top &t = *d->sim.top;
    t.clk_i = 0;
    t.rst_ni = in->rst_n & 1u;
    t.pe_valid_i = in->pe_valid & 1u;
    t.pe_kind_i = in->pe_kind & 3u;
    t.pe_iclass_i = in->pe_iclass & 15u;
    t.pe_isa_i = in->pe_isa & 3u;
    t.pe_el_i = in->pe_el & 3u;
    t.pe_from_el_i = in->pe_from_el & 3u;
    t.pe_flags_i = in->pe_flags & 63u;
    t.pe_pc_i = in->pe_pc;
    t.pe_target_i = in->pe_target;
    t.pe_va_i = in->pe_va;
    t.pe_pa_i = in->pe_pa;
    t.pe_ls_i = in->pe_ls & 127u;
    t.pe_lat_total_i = in->pe_lat_total;
    t.pe_lat_issue_i = in->pe_lat_issue;
    t.pe_lat_xlat_i = in->pe_lat_xlat;
    t.pe_spe_events_i = in->pe_spe_events;
    t.pe_data_source_i = in->pe_data_source;
    t.pe_contextidr_el1_i = in->pe_ctx1;
    t.pe_contextidr_el2_i = in->pe_ctx2;
    t.pe_timestamp_i = in->pe_timestamp;
    t.psb_valid_i = in->psb_valid & 1u;
    t.have_el2_i = in->have_el2 & 1u;
    t.have_el3_i = in->have_el3 & 1u;
    t.mdcr_el3_nspb_i = in->nspb & 3u;
    t.mdcr_el2_e2pb_i = in->e2pb & 3u;
    t.hcr_el2_tge_i = in->tge & 1u;
    t.tbi0_i = in->tbi0 & 1u;
    t.tbi1_i = in->tbi1 & 1u;
    t.cntvoff_el2_i = in->cntvoff;
    t.reg_el_i = in->reg_el & 3u;
    t.reg_ns_i = in->reg_ns & 1u;
    t.sr_valid_i = in->sr_valid & 1u;
    t.sr_write_i = in->sr_write & 1u;
    t.sr_enc_i = in->sr_enc;
    t.sr_wdata_i = in->sr_wdata;
    t.m_axi_awready_i = in->awready & 1u;
    t.m_axi_wready_i = in->wready & 1u;
    t.m_axi_bvalid_i = in->bvalid & 1u;
    t.m_axi_bresp_i = in->bresp & 3u;
    t.m_axi_bid_i = in->bid;
    t.eval();

    o->pe_ready = t.pe_ready_o & 1u;
    o->psb_ready = t.psb_ready_o & 1u;
    o->sr_ready = t.sr_ready_o & 1u;
    o->sr_err = t.sr_err_o & 1u;
    o->sr_rdata = t.sr_rdata_o;
    o->irq = t.irq_o & 1u;
    o->serror = t.serror_o & 1u;
    o->idle = t.idle_o & 1u;
    o->pmu_event = t.pmu_event_o & 15u;
    o->cti_trig = t.cti_trig_o & 1u;
    o->awid = t.m_axi_awid_o;
    o->awaddr = t.m_axi_awaddr_o;
    o->awlen = t.m_axi_awlen_o;
    o->awsize = t.m_axi_awsize_o;
    o->awburst = t.m_axi_awburst_o;
    o->awvalid = t.m_axi_awvalid_o & 1u;
    o->wvalid = t.m_axi_wvalid_o & 1u;
    o->wlast = t.m_axi_wlast_o & 1u;
    o->bready = t.m_axi_bready_o & 1u;
    o->wstrb = t.m_axi_wstrb_o;
    get_wide(t.m_axi_wdata_o, o->wdata, SPE_DUT_DATA_W / 8);
    d->sim.rise();
}

}  // namespace

extern "C" spe_tb_dut *spe_dut_new(char *err, size_t errlen)
{
    dut *d = new (std::nothrow) dut;
    if (!d) {
        if (err && errlen)
            std::snprintf(err, errlen, "spe dut: out of memory");
        return nullptr;
    }
    d->pub.ctx = d;
    d->pub.step = step;
    spe_tb_params &p = d->pub.params;
    p.set = SPE_DUT_STR(SPE_DUT_SET);
    p.data_w = SPE_DUT_DATA_W;
    p.align = SPE_DUT_ALIGN;
    p.max_size = SPE_DUT_MAX_SIZE;
    p.ernd = SPE_DUT_ERND;
    p.lds = 1;
    p.have_tme = 1;
    p.inflight_records = SPE_DUT_INFLIGHT_RECORDS;
    p.max_inflight = SPE_DUT_MAX_INFLIGHT;
    p.ext_headers = SPE_DUT_EXT_HEADERS;
    p.align_cmd = SPE_DUT_ALIGN_CMD;
    p.ea_report = SPE_DUT_EA_REPORT;
    p.ea_sync = SPE_DUT_EA_SYNC;
    return &d->pub;
}

extern "C" void spe_dut_free(spe_tb_dut *p)
{
    if (p)
        delete static_cast<dut *>(p->ctx);
}

extern "C" int spe_dut_waves(spe_tb_dut *p, const char *path, char *err, size_t errlen)
{
    return static_cast<dut *>(p->ctx)->sim.waves(path, SPE_DUT_STR(SPE_DUT_SET), err, errlen);
}
