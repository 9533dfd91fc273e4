// Branch Record Buffer Extension (FEAT_BRBE, Part F of the Armv9
// supplement, F1.1, and brbe-chapter-d19.md): watches the PE retirement
// port, makes Branch records, keeps them in the Branch record buffer
// storage (newest at index 0, R_TJGLK) and serves the BRBE System registers
// and BRB IALL / BRB INJ on a system-register port.  It is the RTL twin of
// the C model model/brbe (docs/brbe-model.md fixes every choice the
// specification leaves open; this unit makes the same ones); ports,
// handshakes and ordering: docs/brbe-rtl.md.
//
// Structure: brbe_rec (the filters and record former: in each clock the PE
// record, a held ERET or a Debug state exit first, then the record's own
// Branch record, at most two records per PE record; and the ring of the
// storage), brbe_regs (the System registers, the PMU overflow freeze and the
// system-register request, which brbe_rec applies to the ring in a clock
// without a PE record) and the storage: two common_ram_sdp banks (even and
// odd ring slots), so the two records of one PE record go to different
// banks.  This module checks the parameters and joins them.
`default_nettype none

module brbe_top #(
  parameter NUMREC        = 32, // BRBIDR0_EL1.NUMREC: 8, 16, 32 or 64 records
  parameter RETIRE_WIDTH  = 1,  // PE records per cycle on the PE port: 1 only
  parameter HAS_EL2       = 1,  // EL2 implemented: 0 or 1
  parameter HAS_EL3       = 0,  // EL3 implemented: 0 or 1
  parameter V1P1          = 0,  // FEAT_BRBEv1p1 (EL3 recording): 0 or 1, needs HAS_EL3
  parameter RECORD_ISB    = 0,  // R_FJYDC: ISB recorded as a direct branch: 0 or 1
  parameter CAP_PER_CYCLE = 0   // R_PMRRL: records captured per PE cycle, 0..1000 (0: no limit)
) (
  input  wire        clk_i,
  input  wire        rst_ni,              // synchronous, active low: Cold reset

  // PE retirement port (docs/ete-rtl-interface.md field names, one slot)
  input  wire        pe_valid_i,
  input  wire [1:0]  pe_kind_i,
  input  wire [3:0]  pe_iclass_i,
  input  wire [1:0]  pe_isa_i,
  input  wire [1:0]  pe_el_i,
  input  wire [1:0]  pe_from_el_i,
  input  wire [4:0]  pe_exc_type_i,
  input  wire [3:0]  pe_flags_i,          // TAKEN, NS, TSTATE, MISPRED
  input  wire [63:0] pe_pc_i,
  input  wire [63:0] pe_target_i,
  input  wire [63:0] pe_cycle_i,
  input  wire [63:0] pe_timestamp_i,

  // PMU overflow pulse: the PMOVSCLR_EL0 event counter flags that are set
  input  wire        pmu_ovf_i,
  input  wire [30:0] pmu_ovs_i,

  // PE controls outside BRBE (brbe_model_env)
  input  wire [1:0]  mdcr_el3_sbrbe_i,
  input  wire        mdcr_el3_e3brec_i,
  input  wire        mdcr_el3_e3brew_i,
  input  wire        hcr_el2_tge_i,
  input  wire        hcr_el2_e2h_i,
  input  wire        scr_el3_eel2_i,
  input  wire        scr_el3_ecven_i,
  input  wire        cnthctl_el2_ecv_i,
  input  wire [63:0] cntvoff_el2_i,
  input  wire [4:0]  pmcr_n_i,
  input  wire [4:0]  mdcr_el2_hpmn_i,

  // system-register port: MRS/MSR keyed by {op0,op1,CRn,CRm,op2}, or
  // BRB IALL / BRB INJ (sr_iall_i / sr_inj_i), executed at sr_el_i, sr_ns_i
  input  wire        sr_valid_i,
  input  wire        sr_write_i,
  input  wire        sr_iall_i,
  input  wire        sr_inj_i,
  input  wire [15:0] sr_enc_i,
  input  wire [1:0]  sr_el_i,
  input  wire        sr_ns_i,
  input  wire [63:0] sr_wdata_i,
  output wire [63:0] sr_rdata_o,
  output wire        sr_ready_o,
  output wire [1:0]  sr_status_o,         // 0 OK, 1 UNDEFINED, 2 TRAP_EL3

  // PMU event BRB_FILTERATE (F1.2.1, 0x811F; R_GWMZV): the number of Branch
  // records captured, registered (one clock after the clock of the PE
  // record that captured them).  One PE record can capture two (a held
  // ERET's and its own), so the event is a count, 0..2, not a pulse.
  // F1 defines no CTI trigger for BRBE.
  output wire [1:0]  pmu_event_o
);

  `include "common_clog2.vh"  // clog2()

  localparam PW    = clog2(NUMREC);      // ring pointer bits
  localparam BW    = PW - 1;             // bank address bits
  localparam RECW  = 156;                // {INF compact 28, TGT 64, SRC 64}

  generate
    if (NUMREC != 8 && NUMREC != 16 && NUMREC != 32 && NUMREC != 64) begin : g_bad_numrec
      brbe_top_NUMREC_must_be_8_16_32_or_64 u_bad ();
    end
    if (RETIRE_WIDTH != 1) begin : g_bad_rw
      brbe_top_RETIRE_WIDTH_must_be_1 u_bad ();
    end
    if (HAS_EL2 != 0 && HAS_EL2 != 1) begin : g_bad_el2
      brbe_top_HAS_EL2_must_be_0_or_1 u_bad ();
    end
    if (HAS_EL3 != 0 && HAS_EL3 != 1) begin : g_bad_el3
      brbe_top_HAS_EL3_must_be_0_or_1 u_bad ();
    end
    if ((V1P1 != 0 && V1P1 != 1) || (V1P1 == 1 && HAS_EL3 != 1)) begin : g_bad_v1p1
      brbe_top_V1P1_must_be_0_or_1_and_needs_HAS_EL3 u_bad ();
    end
    if (RECORD_ISB != 0 && RECORD_ISB != 1) begin : g_bad_isb
      brbe_top_RECORD_ISB_must_be_0_or_1 u_bad ();
    end
    if (CAP_PER_CYCLE < 0 || CAP_PER_CYCLE > 1000) begin : g_bad_cap
      brbe_top_CAP_PER_CYCLE_must_be_0_to_1000 u_bad ();
    end
  endgenerate

  // ---- the parts ------------------------------------------------------------
  wire [63:0]     cr1, cr2, fcr, nowts;
  wire            lf, cur_np, hs;
  wire [PW-1:0]   wr;
  wire [PW:0]     nvalid;
  wire            sr_clr, sr_cck_clr, sr_push;
  wire [RECW-1:0] sr_rec;
  wire            we0, we1;
  wire [BW-1:0]   wa0, wa1, raddr;
  wire [RECW-1:0] wd0, wd1, rd0, rd1;

  brbe_rec #(
    .NUMREC        (NUMREC),
    .HAS_EL2       (HAS_EL2),
    .HAS_EL3       (HAS_EL3),
    .V1P1          (V1P1),
    .RECORD_ISB    (RECORD_ISB),
    .CAP_PER_CYCLE (CAP_PER_CYCLE),
    .PW            (PW),
    .RECW          (RECW)
  ) u_rec (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .pe_valid_i        (pe_valid_i),
    .pe_kind_i         (pe_kind_i),
    .pe_iclass_i       (pe_iclass_i),
    .pe_isa_i          (pe_isa_i),
    .pe_el_i           (pe_el_i),
    .pe_from_el_i      (pe_from_el_i),
    .pe_exc_type_i     (pe_exc_type_i),
    .pe_flags_i        (pe_flags_i),
    .pe_pc_i           (pe_pc_i),
    .pe_target_i       (pe_target_i),
    .pe_cycle_i        (pe_cycle_i),
    .pe_timestamp_i    (pe_timestamp_i),
    .mdcr_el3_sbrbe_i  (mdcr_el3_sbrbe_i),
    .mdcr_el3_e3brec_i (mdcr_el3_e3brec_i),
    .mdcr_el3_e3brew_i (mdcr_el3_e3brew_i),
    .hcr_el2_tge_i     (hcr_el2_tge_i),
    .scr_el3_eel2_i    (scr_el3_eel2_i),
    .cr1_i             (cr1),
    .cr2_i             (cr2),
    .fcr_i             (fcr),
    .lf_o              (lf),
    .sr_clr_i          (sr_clr),
    .sr_cck_clr_i      (sr_cck_clr),
    .sr_push_i         (sr_push),
    .sr_rec_i          (sr_rec),
    .wr_o              (wr),
    .nvalid_o          (nvalid),
    .cur_np_o          (cur_np),
    .hs_o              (hs),
    .nowts_o           (nowts),
    .we0_o             (we0),
    .wa0_o             (wa0),
    .wd0_o             (wd0),
    .we1_o             (we1),
    .wa1_o             (wa1),
    .wd1_o             (wd1),
    .filterate_o       (pmu_event_o)
  );

  brbe_regs #(
    .NUMREC  (NUMREC),
    .HAS_EL2 (HAS_EL2),
    .HAS_EL3 (HAS_EL3),
    .PW      (PW),
    .RECW    (RECW)
  ) u_regs (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .pe_valid_i        (pe_valid_i),
    .pmu_ovf_i         (pmu_ovf_i),
    .pmu_ovs_i         (pmu_ovs_i),
    .mdcr_el3_sbrbe_i  (mdcr_el3_sbrbe_i),
    .hcr_el2_e2h_i     (hcr_el2_e2h_i),
    .scr_el3_ecven_i   (scr_el3_ecven_i),
    .cnthctl_el2_ecv_i (cnthctl_el2_ecv_i),
    .cntvoff_el2_i     (cntvoff_el2_i),
    .pmcr_n_i          (pmcr_n_i),
    .mdcr_el2_hpmn_i   (mdcr_el2_hpmn_i),
    .sr_valid_i        (sr_valid_i),
    .sr_write_i        (sr_write_i),
    .sr_iall_i         (sr_iall_i),
    .sr_inj_i          (sr_inj_i),
    .sr_enc_i          (sr_enc_i),
    .sr_el_i           (sr_el_i),
    .sr_ns_i           (sr_ns_i),
    .sr_wdata_i        (sr_wdata_i),
    .sr_rdata_o        (sr_rdata_o),
    .sr_ready_o        (sr_ready_o),
    .sr_status_o       (sr_status_o),
    .lf_i              (lf),
    .wr_i              (wr),
    .nvalid_i          (nvalid),
    .cur_np_i          (cur_np),
    .hs_i              (hs),
    .nowts_i           (nowts),
    .cr1_o             (cr1),
    .cr2_o             (cr2),
    .fcr_o             (fcr),
    .sr_clr_o          (sr_clr),
    .sr_cck_clr_o      (sr_cck_clr),
    .sr_push_o         (sr_push),
    .sr_rec_o          (sr_rec),
    .raddr_o           (raddr),
    .rd0_i             (rd0),
    .rd1_i             (rd1)
  );

  // the storage banks: simple dual-port RAMs read every clock (the read
  // data is used the clock after a record read request; a record is never
  // read in the clock it is written: PE records and register requests take
  // different clocks)
  common_ram_sdp #(.WIDTH(RECW), .DEPTH(NUMREC / 2), .RAM_STYLE(0), .OUT_REG(0)) u_bank0 (
    .clk_i(clk_i), .we_i(we0), .waddr_i(wa0), .wdata_i(wd0), .re_i(1'b1), .raddr_i(raddr),
`ifdef FORMAL
    .f_mem_o(), .f_rd1_o(),
`endif
    .rdata_o(rd0));
  common_ram_sdp #(.WIDTH(RECW), .DEPTH(NUMREC / 2), .RAM_STYLE(0), .OUT_REG(0)) u_bank1 (
    .clk_i(clk_i), .we_i(we1), .waddr_i(wa1), .wdata_i(wd1), .re_i(1'b1), .raddr_i(raddr),
`ifdef FORMAL
    .f_mem_o(), .f_rd1_o(),
`endif
    .rdata_o(rd1));

endmodule

`default_nettype wire
