// Place-and-route harness for spe_top (mk/spe_rtl.mk, `make synth-spe`):
// spe_top has over a thousand signal pins, more than any iCE40 package, so
// for nextpnr-ice40 its pins go through common_fpga_pins (one shift-in pin,
// one XOR-folded output pin).  Not part of the unit.
`default_nettype none

module spe_fpga_wrap #(
  parameter DATA_W           = 64,
  parameter ID_W             = 4,
  parameter ALIGN            = 0,
  parameter MAX_SIZE         = 7,
  parameter ERND             = 0,
  parameter EXT_HEADERS      = 0,
  parameter ALIGN_CMD        = 0,
  parameter INFLIGHT_RECORDS = 1,
  parameter MAX_INFLIGHT     = 16,
  parameter EA_REPORT        = 1,
  parameter EA_SYNC          = 1
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire sh_en_i,      // shift the input register by one bit
  input  wire sh_d_i,       // the bit shifted in
  output wire q_o           // XOR of all outputs, two clocks late
);

  localparam IN_W  = 1 + 2 + 4 + 2 + 2 + 2 + 6 + 64 * 4 + 7 + 16 * 3 + 32 + 16 + 32 * 2 + 64 +
                     1 + 1 + 1 + 2 + 2 + 1 + 1 + 1 + 64 + 2 + 1 +
                     1 + 1 + 16 + 64 +
                     1 + 1 + ID_W + 2 + 1;
  localparam OUT_W = 1 + 1 + 64 + 1 + 1 + 1 + 1 + 1 + 4 + 1 +
                     ID_W + 64 + 8 + 3 + 2 + 1 + 4 + 3 + 1 + DATA_W + DATA_W / 8 + 1 + 1 + 1;

  wire [IN_W-1:0]  sh_q;
  wire [OUT_W-1:0] outs;
  common_fpga_pins #(.IN_W (IN_W), .OUT_W (OUT_W)) u_pins (
    .clk_i (clk_i), .sh_en_i (sh_en_i), .sh_d_i (sh_d_i), .in_o (sh_q), .out_i (outs),
    .q_o (q_o)
  );

  wire              pe_valid, psb_valid, have_el2, have_el3, tge, tbi0, tbi1, reg_ns;
  wire              sr_valid, sr_write, awready, wready, bvalid;
  wire [1:0]        pe_kind, pe_isa, pe_el, pe_from_el, nspb, e2pb, reg_el, bresp;
  wire [3:0]        pe_iclass;
  wire [5:0]        pe_flags;
  wire [6:0]        pe_ls;
  wire [63:0]       pe_pc, pe_target, pe_va, pe_pa, pe_ts, cntvoff, sr_wdata;
  wire [15:0]       lat_t, lat_i, lat_x, pe_ds, sr_enc;
  wire [31:0]       pe_ev, cx1, cx2;
  wire [ID_W-1:0]   bid;
  assign {pe_valid, pe_kind, pe_iclass, pe_isa, pe_el, pe_from_el, pe_flags, pe_pc, pe_target,
          pe_va, pe_pa, pe_ls, lat_t, lat_i, lat_x, pe_ev, pe_ds, cx1, cx2, pe_ts,
          psb_valid, have_el2, have_el3, nspb, e2pb, tge, tbi0, tbi1, cntvoff, reg_el, reg_ns,
          sr_valid, sr_write, sr_enc, sr_wdata,
          awready, wready, bid, bresp, bvalid} = sh_q;

  wire              pe_ready, psb_ready, sr_ready, sr_err, irq, serror, idle, cti_trig;
  wire [3:0]        pmu_event;
  wire              awlock, awvalid, wlast, wvalid, bready;
  wire [63:0]       sr_rdata, awaddr;
  wire [ID_W-1:0]   awid;
  wire [7:0]        awlen;
  wire [2:0]        awsize, awprot;
  wire [1:0]        awburst;
  wire [3:0]        awcache;
  wire [DATA_W-1:0] wdata;
  wire [DATA_W/8-1:0] wstrb;

  spe_top #(
    .DATA_W(DATA_W), .ID_W(ID_W), .ALIGN(ALIGN), .MAX_SIZE(MAX_SIZE), .ERND(ERND),
    .EXT_HEADERS(EXT_HEADERS), .ALIGN_CMD(ALIGN_CMD), .INFLIGHT_RECORDS(INFLIGHT_RECORDS),
    .MAX_INFLIGHT(MAX_INFLIGHT), .EA_REPORT(EA_REPORT), .EA_SYNC(EA_SYNC)
  ) u_spe (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .pe_valid_i(pe_valid), .pe_ready_o(pe_ready), .pe_kind_i(pe_kind), .pe_iclass_i(pe_iclass),
    .pe_isa_i(pe_isa), .pe_el_i(pe_el), .pe_from_el_i(pe_from_el), .pe_flags_i(pe_flags),
    .pe_pc_i(pe_pc), .pe_target_i(pe_target), .pe_va_i(pe_va), .pe_pa_i(pe_pa), .pe_ls_i(pe_ls),
    .pe_lat_total_i(lat_t), .pe_lat_issue_i(lat_i), .pe_lat_xlat_i(lat_x),
    .pe_spe_events_i(pe_ev), .pe_data_source_i(pe_ds), .pe_contextidr_el1_i(cx1),
    .pe_contextidr_el2_i(cx2), .pe_timestamp_i(pe_ts),
    .psb_valid_i(psb_valid), .psb_ready_o(psb_ready),
    .have_el2_i(have_el2), .have_el3_i(have_el3), .mdcr_el3_nspb_i(nspb), .mdcr_el2_e2pb_i(e2pb),
    .hcr_el2_tge_i(tge), .tbi0_i(tbi0), .tbi1_i(tbi1), .cntvoff_el2_i(cntvoff),
    .reg_el_i(reg_el), .reg_ns_i(reg_ns),
    .sr_valid_i(sr_valid), .sr_write_i(sr_write), .sr_enc_i(sr_enc), .sr_wdata_i(sr_wdata),
    .sr_rdata_o(sr_rdata), .sr_ready_o(sr_ready), .sr_err_o(sr_err),
    .irq_o(irq), .serror_o(serror), .idle_o(idle),
    .pmu_event_o(pmu_event), .cti_trig_o(cti_trig),
    .m_axi_awid_o(awid), .m_axi_awaddr_o(awaddr), .m_axi_awlen_o(awlen),
    .m_axi_awsize_o(awsize), .m_axi_awburst_o(awburst), .m_axi_awlock_o(awlock),
    .m_axi_awcache_o(awcache), .m_axi_awprot_o(awprot), .m_axi_awvalid_o(awvalid),
    .m_axi_awready_i(awready), .m_axi_wdata_o(wdata), .m_axi_wstrb_o(wstrb),
    .m_axi_wlast_o(wlast), .m_axi_wvalid_o(wvalid), .m_axi_wready_i(wready),
    .m_axi_bid_i(bid), .m_axi_bresp_i(bresp), .m_axi_bvalid_i(bvalid), .m_axi_bready_o(bready)
  );

  assign outs = {pe_ready, psb_ready, sr_rdata, sr_ready, sr_err, irq, serror, idle,
                 pmu_event, cti_trig,
                 awid, awaddr, awlen, awsize, awburst, awlock, awcache, awprot,
                 awvalid, wdata, wstrb, wlast, wvalid, bready};

endmodule
