// The thin C++ shim between the Verilated BRBE unit (class Vbrbe_top) and
// the C bench: pins, clock, waves.  Compiled once per parameter set by
// mk/brbe.mk with the set's parameters as BRBE_DUT_* macros (the same
// values as the -G options given to Verilator).
#include <cstdio>
#include <new>

#include "Vbrbe_top.h"
#include "vl_shim.h"

#include "brbe_dut.h"

#if !defined(BRBE_DUT_SET) || !defined(BRBE_DUT_NUMREC) || !defined(BRBE_DUT_HAS_EL2) ||      \
    !defined(BRBE_DUT_HAS_EL3) || !defined(BRBE_DUT_V1P1) || !defined(BRBE_DUT_RECORD_ISB) || \
    !defined(BRBE_DUT_CAP_PER_CYCLE)
#error "mk/brbe.mk passes the parameter set as BRBE_DUT_* macros"
#endif

#define BRBE_DUT_STR2(x) #x
#define BRBE_DUT_STR(x) BRBE_DUT_STR2(x)

namespace {

struct dut {
    brbe_tb_dut pub{};
    vl_shim::sim<Vbrbe_top> sim{"brbe_top"};
};

void step(void *vp, const brbe_pins_in *in, brbe_pins_out *o)
{
    dut *d = static_cast<dut *>(vp);
    Vbrbe_top &t = *d->sim.top;
    t.clk_i = 0;
    t.rst_ni = in->rst_n & 1u;
    t.pe_valid_i = in->pe_valid & 1u;
    t.pe_kind_i = in->pe_kind & 3u;
    t.pe_iclass_i = in->pe_iclass & 15u;
    t.pe_isa_i = in->pe_isa & 3u;
    t.pe_el_i = in->pe_el & 3u;
    t.pe_from_el_i = in->pe_from_el & 3u;
    t.pe_exc_type_i = in->pe_exc_type & 31u;
    t.pe_flags_i = in->pe_flags & 15u;
    t.pe_pc_i = in->pe_pc;
    t.pe_target_i = in->pe_target;
    t.pe_cycle_i = in->pe_cycle;
    t.pe_timestamp_i = in->pe_timestamp;
    t.pmu_ovf_i = in->pmu_ovf & 1u;
    t.pmu_ovs_i = in->pmu_ovs & 0x7FFFFFFFu;
    t.mdcr_el3_sbrbe_i = in->sbrbe & 3u;
    t.mdcr_el3_e3brec_i = in->e3brec & 1u;
    t.mdcr_el3_e3brew_i = in->e3brew & 1u;
    t.hcr_el2_tge_i = in->tge & 1u;
    t.hcr_el2_e2h_i = in->e2h & 1u;
    t.scr_el3_eel2_i = in->eel2 & 1u;
    t.scr_el3_ecven_i = in->ecven & 1u;
    t.cnthctl_el2_ecv_i = in->ecv & 1u;
    t.cntvoff_el2_i = in->cntvoff;
    t.pmcr_n_i = in->pmcr_n & 31u;
    t.mdcr_el2_hpmn_i = in->hpmn & 31u;
    t.sr_valid_i = in->sr_valid & 1u;
    t.sr_write_i = in->sr_write & 1u;
    t.sr_iall_i = in->sr_iall & 1u;
    t.sr_inj_i = in->sr_inj & 1u;
    t.sr_enc_i = in->sr_enc;
    t.sr_el_i = in->sr_el & 3u;
    t.sr_ns_i = in->sr_ns & 1u;
    t.sr_wdata_i = in->sr_wdata;
    t.eval();

    o->sr_rdata = t.sr_rdata_o;
    o->sr_ready = t.sr_ready_o & 1u;
    o->sr_status = t.sr_status_o & 3u;
    o->pmu_event = t.pmu_event_o & 3u;
    d->sim.rise();
}

} // namespace

extern "C" {

brbe_tb_dut *brbe_dut_new(char *err, size_t errlen)
{
    dut *d = new (std::nothrow) dut;
    if (!d) {
        std::snprintf(err, errlen, "out of memory");
        return nullptr;
    }
    d->pub.ctx = d;
    d->pub.step = step;
    d->pub.params.set = BRBE_DUT_STR(BRBE_DUT_SET);
    d->pub.params.numrec = BRBE_DUT_NUMREC;
    d->pub.params.has_el2 = BRBE_DUT_HAS_EL2;
    d->pub.params.has_el3 = BRBE_DUT_HAS_EL3;
    d->pub.params.v1p1 = BRBE_DUT_V1P1;
    d->pub.params.record_isb = BRBE_DUT_RECORD_ISB;
    d->pub.params.cap_per_cycle = BRBE_DUT_CAP_PER_CYCLE;
    Vbrbe_top &t = *d->sim.top;
    t.rst_ni = 0;
    t.eval();
    return &d->pub;
}

void brbe_dut_free(brbe_tb_dut *p)
{
    if (!p)
        return;
    delete static_cast<dut *>(p->ctx);
}

int brbe_dut_waves(brbe_tb_dut *p, const char *path, char *err, size_t errlen)
{
    return static_cast<dut *>(p->ctx)->sim.waves(path, BRBE_DUT_STR(BRBE_DUT_SET), err, errlen);
}

} // extern "C"
