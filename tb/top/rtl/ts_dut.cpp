// The thin C++ shim between the Verilated trace subsystem (class
// Vtrace_subsystem) and the C bench: pins, clock, waves.  Compiled once
// per parameter set by mk/top.mk with the set's parameters as TS_DUT_*
// macros (the same values as the -G options given to Verilator).
#include "Vtrace_subsystem.h"
#include "vl_shim.h"

#include "ts_dut.h"

#if !defined(TS_DUT_SET) || !defined(TS_DUT_RETIRE_WIDTH) || !defined(TS_DUT_OUT_BYTES) ||      \
    !defined(TS_DUT_DATA_W) || !defined(TS_DUT_BURST_BEATS) || !defined(TS_DUT_ID_W) ||         \
    !defined(TS_DUT_TRBE_AXI_ID) || !defined(TS_DUT_SPE_AXI_ID) ||                              \
    !defined(TS_DUT_ETE_IN_FIFO_DEPTH) || !defined(TS_DUT_ETE_OUT_FIFO_DEPTH) ||                \
    !defined(TS_DUT_ETE_RS_DEPTH) || !defined(TS_DUT_ETE_NUM_ACPAIRS) ||                        \
    !defined(TS_DUT_ETE_NUM_EVENTS) || !defined(TS_DUT_ETE_NUM_EXTIN) ||                        \
    !defined(TS_DUT_ETE_CCSIZE) || !defined(TS_DUT_ETE_CCITMIN) || !defined(TS_DUT_ETE_COMMOPT) || \
    !defined(TS_DUT_SPE_ALIGN) || !defined(TS_DUT_SPE_MAX_SIZE) || !defined(TS_DUT_SPE_ERND) ||  \
    !defined(TS_DUT_SPE_INFLIGHT_RECORDS) || !defined(TS_DUT_SPE_EXT_HEADERS) ||                \
    !defined(TS_DUT_SPE_MAX_INFLIGHT) ||                                                        \
    !defined(TS_DUT_SPE_SER_DEPTH) || !defined(TS_DUT_BRBE_NUMREC) ||                           \
    !defined(TS_DUT_BRBE_HAS_EL2) || !defined(TS_DUT_BRBE_HAS_EL3) ||                           \
    !defined(TS_DUT_BRBE_V1P1) ||                                                               \
    !defined(TS_DUT_BRBE_RECORD_ISB) || !defined(TS_DUT_BRBE_CAP_PER_CYCLE) ||                  \
    !defined(TS_DUT_BRBE_SER_DEPTH)
#error "mk/top.mk passes the parameter set as TS_DUT_* macros"
#endif

static_assert(TS_DUT_RETIRE_WIDTH <= TS_TB_MAX_RW && TS_DUT_OUT_BYTES <= TS_TB_MAX_OB &&
                  TS_DUT_DATA_W / 8 <= TS_TB_MAX_DB,
              "pin structures too small for the parameter set");

namespace {

using vl_shim::get;
using vl_shim::put;

struct dut {
    ts_tb_dut pub{};
    vl_shim::sim<Vtrace_subsystem> sim{"trace_subsystem"};
};

void drive_pe(Vtrace_subsystem &t, const ts_pins_in *in)
{
    t.pe_valid_i = in->pe_valid & ((1u << TS_DUT_RETIRE_WIDTH) - 1u);
    for (unsigned s = 0; s < TS_DUT_RETIRE_WIDTH; s++) {
        const ts_pe_slot &p = in->pe[s];
        put(t.pe_kind_i, 2 * s, 2, p.kind);
        put(t.pe_iclass_i, 4 * s, 4, p.iclass);
        put(t.pe_isa_i, 2 * s, 2, p.isa);
        put(t.pe_el_i, 2 * s, 2, p.el);
        put(t.pe_from_el_i, 2 * s, 2, p.from_el);
        put(t.pe_exc_type_i, 5 * s, 5, p.exc_type);
        put(t.pe_flags_i, 6 * s, 6, p.flags);
        put(t.pe_pc_i, 64 * s, 64, p.pc);
        put(t.pe_target_i, 64 * s, 64, p.target);
        put(t.pe_cycle_i, 64 * s, 64, p.cycle);
        put(t.pe_timestamp_i, 64 * s, 64, p.timestamp);
        put(t.pe_va_i, 64 * s, 64, p.va);
        put(t.pe_pa_i, 64 * s, 64, p.pa);
        put(t.pe_ls_i, 7 * s, 7, p.ls);
        put(t.pe_lat_total_i, 16 * s, 16, p.lat_total);
        put(t.pe_lat_issue_i, 16 * s, 16, p.lat_issue);
        put(t.pe_lat_xlat_i, 16 * s, 16, p.lat_xlat);
        put(t.pe_spe_events_i, 11 * s, 11, p.spe_events);
        put(t.pe_data_source_i, 16 * s, 16, p.data_source);
        put(t.pe_contextidr_el1_i, 32 * s, 32, p.contextidr_el1);
        put(t.pe_contextidr_el2_i, 32 * s, 32, p.contextidr_el2);
    }
    t.pe_blk_valid_i = in->blk_valid & ((1u << TS_DUT_RETIRE_WIDTH) - 1u);
    for (unsigned s = 0; s < TS_DUT_RETIRE_WIDTH; s++) {
        const ts_blk_slot &b = in->blk[s];
        put(t.pe_blk_kind_i, 3 * s, 3, b.kind);
        put(t.pe_blk_addr_i, 64 * s, 64, b.addr);
        put(t.pe_blk_last_i, 8 * s, 8, b.last);
        put(t.pe_blk_iclass_i, 4 * s, 4, b.iclass);
        put(t.pe_blk_flags_i, 4 * s, 4, b.flags);
        put(t.pe_blk_isa_i, 2 * s, 2, b.isa);
        put(t.pe_blk_el_i, 2 * s, 2, b.el);
        put(t.pe_blk_from_el_i, 2 * s, 2, b.from_el);
        put(t.pe_blk_exc_type_i, 5 * s, 5, b.exc_type);
        put(t.pe_blk_ext_in_i, 8 * s, 8, b.ext_in);
    }
    t.ts_i = in->ts;
}

void step(void *vp, const ts_pins_in *in, ts_pins_out *o)
{
    dut *d = static_cast<dut *>(vp);
    Vtrace_subsystem &t = *d->sim.top;
    t.clk_i = 0;
    t.rst_ni = in->rst_n & 1u;
    drive_pe(t, in);
    t.psel_i = in->psel & 1u;
    t.penable_i = in->penable & 1u;
    t.pwrite_i = in->pwrite & 1u;
    t.paddr_i = in->paddr & 0xFFFu;
    t.pwdata_i = in->pwdata;
    t.sr_valid_i = in->sr_valid & 1u;
    t.sr_write_i = in->sr_write & 1u;
    t.sr_enc_i = in->sr_enc;
    t.sr_el_i = in->sr_el & 3u;
    t.sr_ns_i = in->sr_ns & 1u;
    t.sr_wdata_i = in->sr_wdata;
    t.sr_iall_i = in->sr_iall & 1u;
    t.sr_inj_i = in->sr_inj & 1u;
    t.trbe_trig_i = in->trbe_trig & 1u;
    t.trbe_tsb_req_i = in->trbe_tsb_req & 1u;
    t.trbe_prog_na_i = in->trbe_prog_na & 1u;
    t.spe_psb_valid_i = in->spe_psb_valid & 1u;
    t.spe_have_el2_i = in->spe_have_el2 & 1u;
    t.spe_have_el3_i = in->spe_have_el3 & 1u;
    t.spe_mdcr_el3_nspb_i = in->spe_nspb & 3u;
    t.spe_mdcr_el2_e2pb_i = in->spe_e2pb & 3u;
    t.spe_hcr_el2_tge_i = in->spe_tge & 1u;
    t.spe_tbi0_i = in->spe_tbi0 & 1u;
    t.spe_tbi1_i = in->spe_tbi1 & 1u;
    t.spe_cntvoff_el2_i = in->spe_cntvoff;
    t.brbe_pmu_ovf_i = in->brbe_pmu_ovf & 1u;
    t.brbe_pmu_ovs_i = in->brbe_pmu_ovs & 0x7FFFFFFFu;
    t.brbe_mdcr_el3_sbrbe_i = in->brbe_sbrbe & 3u;
    t.brbe_mdcr_el3_e3brec_i = in->brbe_e3brec & 1u;
    t.brbe_mdcr_el3_e3brew_i = in->brbe_e3brew & 1u;
    t.brbe_hcr_el2_tge_i = in->brbe_tge & 1u;
    t.brbe_hcr_el2_e2h_i = in->brbe_e2h & 1u;
    t.brbe_scr_el3_eel2_i = in->brbe_eel2 & 1u;
    t.brbe_scr_el3_ecven_i = in->brbe_ecven & 1u;
    t.brbe_cnthctl_el2_ecv_i = in->brbe_ecv & 1u;
    t.brbe_cntvoff_el2_i = in->brbe_cntvoff;
    t.brbe_pmcr_n_i = in->brbe_pmcr_n & 31u;
    t.brbe_mdcr_el2_hpmn_i = in->brbe_hpmn & 31u;
    vl_shim::axi_w_drive(t, in, TS_DUT_ID_W);
    t.eval();

    o->pe_stall = t.pe_stall_o & 1u;
    o->pe_drop = t.pe_drop_o & 1u;
    o->spe_pe_drop = t.spe_pe_drop_o & 1u;
    o->brbe_pe_drop = t.brbe_pe_drop_o & 1u;
    o->spe_pe_busy = t.spe_pe_busy_o & 1u;
    o->brbe_pe_busy = t.brbe_pe_busy_o & 1u;
    o->prdata = t.prdata_o;
    o->pready = t.pready_o & 1u;
    o->pslverr = t.pslverr_o & 1u;
    o->ete_idle = t.ete_idle_o & 1u;
    o->ete_trc_en = t.ete_trc_en_o & 1u;
    o->sr_rdata = t.sr_rdata_o;
    o->sr_ready = t.sr_ready_o & 1u;
    o->sr_status = t.sr_status_o & 3u;
    o->trbe_irq = t.trbe_irq_o & 1u;
    o->trbe_enabled = t.trbe_enabled_o & 1u;
    o->trbe_evt_wrap = t.trbe_evt_wrap_o & 1u;
    o->trbe_evt_trig = t.trbe_evt_trig_o & 1u;
    o->trbe_tsb_ack = t.trbe_tsb_ack_o & 1u;
    o->trbe_flush_req = t.trbe_flush_req_o & 1u;
    o->trbe_flush_done = t.trbe_flush_done_o & 1u;
    o->trbe_tsb_go = t.trbe_tsb_go_o & 1u;
    o->tap_valid = t.trc_tap_valid_o & 1u;
    o->tap_keep = static_cast<uint32_t>(get(t.trc_tap_keep_o, 0, TS_DUT_OUT_BYTES));
    for (unsigned i = 0; i < TS_DUT_OUT_BYTES; i++)
        o->tap_data[i] = static_cast<uint8_t>(get(t.trc_tap_data_o, 8u * i, 8));
    o->spe_irq = t.spe_irq_o & 1u;
    o->spe_serror = t.spe_serror_o & 1u;
    o->spe_idle = t.spe_idle_o & 1u;
    o->spe_psb_ready = t.spe_psb_ready_o & 1u;
    o->spe_cti_trig = t.spe_cti_trig_o & 1u;
    o->pmu_event = t.pmu_event_o & 63u;
    vl_shim::axi_w_sample(t, o, TS_DUT_ID_W, TS_DUT_DATA_W / 8);
    d->sim.rise();
}

int waves(void *vp, const char *path, char *err, size_t errlen)
{
    dut *d = static_cast<dut *>(vp);
    return d->sim.waves(path, VL_SHIM_STR(TS_DUT_SET), err, errlen);
}

} // namespace

extern "C" {

ts_tb_dut *ts_dut_new(char *err, size_t errlen)
{
    dut *d = vl_shim::new_dut<dut>(step, err, errlen);
    if (!d)
        return nullptr;
    ts_tb_params &p = d->pub.params;
    d->pub.waves = waves;
    p.set = VL_SHIM_STR(TS_DUT_SET);
    p.retire_width = TS_DUT_RETIRE_WIDTH;
    p.out_bytes = TS_DUT_OUT_BYTES;
    p.data_bytes = TS_DUT_DATA_W / 8;
    p.burst_beats = TS_DUT_BURST_BEATS;
    p.id_w = TS_DUT_ID_W;
    p.trbe_axi_id = TS_DUT_TRBE_AXI_ID;
    p.spe_axi_id = TS_DUT_SPE_AXI_ID;
    p.ete_entry_depth = TS_DUT_ETE_IN_FIFO_DEPTH;
    p.ete_out_fifo_depth = TS_DUT_ETE_OUT_FIFO_DEPTH;
    p.ete_rs_depth = TS_DUT_ETE_RS_DEPTH;
    p.ete_num_acpairs = TS_DUT_ETE_NUM_ACPAIRS;
    p.ete_num_events = TS_DUT_ETE_NUM_EVENTS;
    p.ete_num_extin = TS_DUT_ETE_NUM_EXTIN;
    p.ete_ccsize = TS_DUT_ETE_CCSIZE;
    p.ete_ccitmin = TS_DUT_ETE_CCITMIN;
    p.ete_commopt = TS_DUT_ETE_COMMOPT;
    p.spe_align = TS_DUT_SPE_ALIGN;
    p.spe_max_size = TS_DUT_SPE_MAX_SIZE;
    p.spe_ernd = TS_DUT_SPE_ERND;
    p.spe_inflight_records = TS_DUT_SPE_INFLIGHT_RECORDS;
    p.spe_max_inflight = TS_DUT_SPE_MAX_INFLIGHT;
    p.spe_ext_headers = TS_DUT_SPE_EXT_HEADERS;
    p.spe_ser_depth = TS_DUT_SPE_SER_DEPTH;
    p.brbe_numrec = TS_DUT_BRBE_NUMREC;
    p.brbe_has_el2 = TS_DUT_BRBE_HAS_EL2;
    p.brbe_has_el3 = TS_DUT_BRBE_HAS_EL3;
    p.brbe_v1p1 = TS_DUT_BRBE_V1P1;
    p.brbe_record_isb = TS_DUT_BRBE_RECORD_ISB;
    p.brbe_cap_per_cycle = TS_DUT_BRBE_CAP_PER_CYCLE;
    p.brbe_ser_depth = TS_DUT_BRBE_SER_DEPTH;
    return &d->pub;
}

void ts_dut_free(ts_tb_dut *p)
{
    if (p)
        delete vl_shim::of<dut>(p);
}

int ts_dut_waves(ts_tb_dut *p, const char *path, char *err, size_t errlen)
{
    return waves(p->ctx, path, err, errlen);
}

} // extern "C"
