// The trace subsystem of one PE: the ETE trace unit (ete_unit), the Trace
// Buffer Unit it writes through (trbe_top), the Statistical Profiling
// Extension (spe_top) and the Branch Record Buffer Extension (brbe_top)
// behind two PE ports, one APB slave (the ETE's external-debug view), one
// system-register port (TRBE, SPE and BRBE registers by their architectural
// encodings) and one AXI4 write master (TRBE and SPE writes).  Ports,
// parameters, timing rules and the integration guide:
// docs/trace-subsystem.md.
//
// The two PE ports: the ETE takes the PE block port (docs/pe-blocks.md: one
// slot per run of sequential instructions or per PE event, and the system
// timestamp ts_i); SPE and BRBE take the per-instruction record port, since
// a sample or a branch record needs what only a record carries (the
// addresses and latencies of a load, the target and cycle of a branch).
//
//   PE block port + ts_i       PE record port (RETIRE_WIDTH slots)
//               |                 |                          |
//               |          top_spe_fwd (gate)        top_brbe_fwd (filter)
//               |                 |                          |
//               v          top_lane_ser (FIFO)       top_lane_ser (FIFO)
//     APB --> ete_unit            |  1 record/clock          |  1 record/clock
//               | OUT_BYTES beats v                          v
//   hooks <-> trbe_top  <--sr-- spe_top <--sr--+-- sr --> brbe_top
//               | AXI4 W          | AXI4 W     |
//               +--> top_axi_wr_arb <--+     top_sr_decode <-- system-register port
//                         |
//                         v  AXI4 write master
//
// Port rules (details at each submodule and in the document):
//   PE block port: no ready; a slot is taken in the clock it is presented.
//     pe_drop_o: the ETE dropped the clock's slots (ete_unit contract: one
//     overflow marker per run of dropping clocks).
//   PE record port: no ready; a record is taken in the clock it is presented.
//     spe_pe_drop_o / brbe_pe_drop_o: that unit's serializer dropped them.
//   pe_stall_o: the ETE's stall (TRCSTALLCTLR.ISTALL), or a serializer
//     nearly full, or a PSB CSYNC waiting (spe_psb_valid_i); a PE that
//     presents nothing on either port in a clock after one where
//     pe_stall_o was high loses no slot and no record in any unit.
//   APB: ete_unit's (APB3/APB4, zero wait states, no errors).
//   System registers: hold the request until sr_ready_o (top_sr_decode).
//   AXI4: one write master; AW round robin between the TRBE (ID
//     TRBE_AXI_ID) and SPE (SPE_AXI_ID), W in AW order, B by BID.
//   TRBE hooks: the flush and TSB CSYNC complete when the ETE output path
//     has drained (top_trbe_hooks); trbe_trig_i is the Detected Trigger.
`default_nettype none

module trace_subsystem #(
  // PE port and trace path
  parameter RETIRE_WIDTH         = 1,    // PE retirement slots per clock: 1, 2 or 4
  parameter OUT_BYTES            = 8,    // ETE output beat = TRBE input beat, bytes: 4, 8 or 16
  // AXI4 write master
  parameter DATA_W               = 64,   // AXI data width: 64 or 128
  parameter ID_W                 = 4,    // AXI ID width: 1..16
  parameter TRBE_AXI_ID          = 0,    // AWID of the TRBE's writes: 0..2**ID_W-1
  parameter SPE_AXI_ID           = 1,    // AWID of SPE's writes: 0..2**ID_W-1, not TRBE_AXI_ID
  parameter BURST_BEATS          = 16,   // TRBE beats per burst: a power of 2, 4..128, <= 2 KB
  // ETE (ete_unit; docs/ete-rtl-interface.md)
  parameter ETE_IN_FIFO_DEPTH    = 512 * RETIRE_WIDTH,  // entry FIFO (block RAM): power of 2,
                                                      // 8..4096 (ete_unit's default)
  parameter ETE_OUT_FIFO_DEPTH   = 256,  // output FIFO bundles (block RAM): power of 2, 4..1024
  parameter ETE_RS_DEPTH         = 15,   // return stack entries: 0..15
  parameter ETE_NUM_ACPAIRS      = 4,    // address comparator pairs: 1..8
  parameter ETE_NUM_EVENTS       = 4,    // event elements: 1..4
  parameter ETE_NUM_EXTIN        = 4,    // external inputs: 0..8
  parameter ETE_CCSIZE           = 20,   // cycle counter bits: 12..20
  parameter ETE_CCITMIN          = 4,    // minimum cycle count threshold: 1..4095
  parameter ETE_COMMOPT          = 1,    // TRCIDR0.COMMOPT: 0 or 1
  // SPE (spe_top; docs/spe-rtl.md); the others take spe_top's defaults
  parameter SPE_ALIGN            = 0,    // PMBIDR_EL1.Align: 0..SPE_MAX_SIZE
  parameter SPE_MAX_SIZE         = 7,    // PMSIDR_EL1.MaxSize: 6..8
  parameter SPE_ERND             = 0,    // PMSIDR_EL1.ERnd: 0 or 1
  parameter SPE_INFLIGHT_RECORDS = 1,    // a sample completes this many records later: 1..255
  parameter SPE_MAX_INFLIGHT     = 16,   // SPE samples in flight at once: 1..16
  parameter SPE_EXT_HEADERS      = 0,    // 16-bit Address/Counter headers: 0 or 1
  parameter SPE_SER_DEPTH        = 4 * RETIRE_WIDTH,  // SPE serializer entries: power of 2,
                                                      // 2*RETIRE_WIDTH..64
  // BRBE (brbe_top; docs/brbe-rtl.md)
  parameter BRBE_NUMREC          = 32,   // BRBIDR0_EL1.NUMREC: 8, 16, 32 or 64
  parameter BRBE_HAS_EL2         = 1,    // EL2 implemented: 0 or 1
  parameter BRBE_HAS_EL3         = 0,    // EL3 implemented: 0 or 1
  parameter BRBE_V1P1            = 0,    // FEAT_BRBEv1p1: 0 or 1 (needs BRBE_HAS_EL3)
  parameter BRBE_RECORD_ISB      = 0,    // ISB recorded as a branch (R_FJYDC): 0 or 1
  parameter BRBE_CAP_PER_CYCLE   = 0,    // records captured per PE cycle (R_PMRRL): 0..1000
  parameter BRBE_SER_DEPTH       = 4 * RETIRE_WIDTH   // BRBE serializer entries: power of 2,
                                                      // 2*RETIRE_WIDTH..64
) (
  input  wire                       clk_i,
  input  wire                       rst_ni,           // synchronous, active low

  // ---- PE block port (the ETE; docs/pe-blocks.md): slot s at [s*W +: W], slot 0
  //      oldest, valid slots contiguous --------------------------------------------
  input  wire [RETIRE_WIDTH-1:0]    pe_blk_valid_i,
  input  wire [RETIRE_WIDTH*3-1:0]  pe_blk_kind_i,
  input  wire [RETIRE_WIDTH*64-1:0] pe_blk_addr_i,
  input  wire [RETIRE_WIDTH*8-1:0]  pe_blk_last_i,
  input  wire [RETIRE_WIDTH*4-1:0]  pe_blk_iclass_i,
  input  wire [RETIRE_WIDTH*4-1:0]  pe_blk_flags_i,   // TAKEN NS TSTATE CCFAIL
  input  wire [RETIRE_WIDTH*2-1:0]  pe_blk_isa_i,
  input  wire [RETIRE_WIDTH*2-1:0]  pe_blk_el_i,
  input  wire [RETIRE_WIDTH*2-1:0]  pe_blk_from_el_i,
  input  wire [RETIRE_WIDTH*5-1:0]  pe_blk_exc_type_i,
  input  wire [RETIRE_WIDTH*8-1:0]  pe_blk_ext_in_i,
  input  wire [63:0]                ts_i,             // system timestamp (CNTVCT)

  // ---- PE record port (SPE, BRBE): slot s at [s*W +: W], slot 0 oldest ----------
  input  wire [RETIRE_WIDTH-1:0]    pe_valid_i,
  input  wire [RETIRE_WIDTH*2-1:0]  pe_kind_i,
  input  wire [RETIRE_WIDTH*4-1:0]  pe_iclass_i,
  input  wire [RETIRE_WIDTH*2-1:0]  pe_isa_i,
  input  wire [RETIRE_WIDTH*2-1:0]  pe_el_i,
  input  wire [RETIRE_WIDTH*2-1:0]  pe_from_el_i,
  input  wire [RETIRE_WIDTH*5-1:0]  pe_exc_type_i,
  input  wire [RETIRE_WIDTH*6-1:0]  pe_flags_i,       // TAKEN NS TSTATE MISPRED COND CCFAIL
  input  wire [RETIRE_WIDTH*64-1:0] pe_pc_i,
  input  wire [RETIRE_WIDTH*64-1:0] pe_target_i,
  input  wire [RETIRE_WIDTH*64-1:0] pe_cycle_i,
  input  wire [RETIRE_WIDTH*64-1:0] pe_timestamp_i,
  input  wire [RETIRE_WIDTH*64-1:0] pe_va_i,
  input  wire [RETIRE_WIDTH*64-1:0] pe_pa_i,
  input  wire [RETIRE_WIDTH*7-1:0]  pe_ls_i,
  input  wire [RETIRE_WIDTH*16-1:0] pe_lat_total_i,
  input  wire [RETIRE_WIDTH*16-1:0] pe_lat_issue_i,
  input  wire [RETIRE_WIDTH*16-1:0] pe_lat_xlat_i,
  input  wire [RETIRE_WIDTH*11-1:0] pe_spe_events_i,  // SPE Events payload E[10:0]
  input  wire [RETIRE_WIDTH*16-1:0] pe_data_source_i,
  input  wire [RETIRE_WIDTH*32-1:0] pe_contextidr_el1_i,
  input  wire [RETIRE_WIDTH*32-1:0] pe_contextidr_el2_i,
  output wire                       pe_stall_o,       // hold the PE (see above)
  output wire                       pe_drop_o,        // the ETE dropped this clock's slots
  output wire                       spe_pe_drop_o,    // the SPE serializer dropped them
  output wire                       brbe_pe_drop_o,   // the BRBE serializer dropped them
  output wire                       spe_pe_busy_o,    // records wait for SPE
  output wire                       brbe_pe_busy_o,   // records wait for BRBE

  // ---- APB3/APB4 slave: the ETE external-debug register map (D8.4) -------------
  input  wire                       psel_i,
  input  wire                       penable_i,
  input  wire                       pwrite_i,
  input  wire [11:0]                paddr_i,
  input  wire [31:0]                pwdata_i,
  output wire [31:0]                prdata_o,
  output wire                       pready_o,
  output wire                       pslverr_o,
  output wire                       ete_idle_o,       // TRCSTATR.IDLE
  output wire                       ete_trc_en_o,     // TRCPRGCTLR.EN

  // ---- system-register port (top_sr_decode) ------------------------------------
  input  wire                       sr_valid_i,
  input  wire                       sr_write_i,       // MSR (1) or MRS (0)
  input  wire [15:0]                sr_enc_i,         // {op0, op1, CRn, CRm, op2}
  input  wire [1:0]                 sr_el_i,          // Exception level of the access
  input  wire                       sr_ns_i,          // Non-secure
  input  wire [63:0]                sr_wdata_i,
  input  wire                       sr_iall_i,        // BRB IALL
  input  wire                       sr_inj_i,         // BRB INJ
  output wire [63:0]                sr_rdata_o,
  output wire                       sr_ready_o,
  output wire [1:0]                 sr_status_o,      // 0 OK, 1 UNDEFINED, 2 trapped to EL3

  // ---- TRBE side band ------------------------------------------------------------
  output wire                       trbe_irq_o,       // TRBIRQ (R_LRTBP)
  output wire                       trbe_enabled_o,   // TRBLIMITR_EL1.E (RJYTYH)
  output wire                       trbe_evt_wrap_o,  // TRB_WRAP event, one clock
  output wire                       trbe_evt_trig_o,  // TRB_TRIG event, one clock
  input  wire                       trbe_trig_i,      // Detected Trigger, one clock
  input  wire                       trbe_tsb_req_i,   // TSB CSYNC, 4-phase with trbe_tsb_ack_o
  output wire                       trbe_tsb_ack_o,
  input  wire                       trbe_prog_na_i,   // TRBIDR_EL1.P
  output wire                       trbe_flush_req_o, // the TRBE requests a trace unit flush
  output wire                       trbe_flush_done_o,// the flush completed, one clock
  output wire                       trbe_tsb_go_o,    // the TSB CSYNC request the TRBE sees
  // the ETE -> TRBE stream: the beat the TRBE takes in this clock (a tap)
  output wire                       trc_tap_valid_o,
  output wire [8*OUT_BYTES-1:0]     trc_tap_data_o,
  output wire [OUT_BYTES-1:0]       trc_tap_keep_o,

  // ---- SPE side band ---------------------------------------------------------------
  output wire                       spe_irq_o,        // PMBIRQ (PMBSR_EL1.S)
  output wire                       spe_serror_o,     // an external abort taken as SError
  output wire                       spe_idle_o,       // spe_top idle, serializer empty
  input  wire                       spe_psb_valid_i,  // PSB CSYNC, valid/ready
  output wire                       spe_psb_ready_o,
  input  wire                       spe_have_el2_i,
  input  wire                       spe_have_el3_i,
  input  wire [1:0]                 spe_mdcr_el3_nspb_i,
  input  wire [1:0]                 spe_mdcr_el2_e2pb_i,
  input  wire                       spe_hcr_el2_tge_i,
  input  wire                       spe_tbi0_i,
  input  wire                       spe_tbi1_i,
  input  wire [63:0]                spe_cntvoff_el2_i,
  output wire                       spe_cti_trig_o,   // CTI input trigger 2 (SPE 2.7), one clock

  // ---- PMU event bus (docs/trace-subsystem.md, "PMU events") ------------------------
  // registered, one clock per occurrence: [0] SAMPLE_POP 0x4000, [1] SAMPLE_FEED
  // 0x4001, [2] SAMPLE_FILTRATE 0x4002, [3] SAMPLE_COLLISION 0x4003 (SPE 2.6
  // Table 1; one bit, one pulse each); [5:4] BRB_FILTERATE 0x811F (R_GWMZV),
  // the number of Branch records captured, 0..2
  output wire [5:0]                 pmu_event_o,

  // ---- BRBE side band --------------------------------------------------------------
  input  wire                       brbe_pmu_ovf_i,   // PMU overflow pulse
  input  wire [30:0]                brbe_pmu_ovs_i,   // PMOVSCLR_EL0 event counter flags
  input  wire [1:0]                 brbe_mdcr_el3_sbrbe_i,
  input  wire                       brbe_mdcr_el3_e3brec_i,
  input  wire                       brbe_mdcr_el3_e3brew_i,
  input  wire                       brbe_hcr_el2_tge_i,
  input  wire                       brbe_hcr_el2_e2h_i,
  input  wire                       brbe_scr_el3_eel2_i,
  input  wire                       brbe_scr_el3_ecven_i,
  input  wire                       brbe_cnthctl_el2_ecv_i,
  input  wire [63:0]                brbe_cntvoff_el2_i,
  input  wire [4:0]                 brbe_pmcr_n_i,
  input  wire [4:0]                 brbe_mdcr_el2_hpmn_i,

  // ---- AXI4 write master (TRBE and SPE) -----------------------------------------------
  output wire [ID_W-1:0]            m_axi_awid_o,
  output wire [63:0]                m_axi_awaddr_o,
  output wire [7:0]                 m_axi_awlen_o,
  output wire [2:0]                 m_axi_awsize_o,
  output wire [1:0]                 m_axi_awburst_o,
  output wire                       m_axi_awlock_o,
  output wire [3:0]                 m_axi_awcache_o,
  output wire [2:0]                 m_axi_awprot_o,
  output wire                       m_axi_awvalid_o,
  input  wire                       m_axi_awready_i,
  output wire [DATA_W-1:0]          m_axi_wdata_o,
  output wire [DATA_W/8-1:0]        m_axi_wstrb_o,
  output wire                       m_axi_wlast_o,
  output wire                       m_axi_wvalid_o,
  input  wire                       m_axi_wready_i,
  input  wire [ID_W-1:0]            m_axi_bid_i,
  input  wire [1:0]                 m_axi_bresp_i,
  input  wire                       m_axi_bvalid_i,
  output wire                       m_axi_bready_o
);

  // ---- parameters this level sees; the units check their own -------------------------
  generate
    if (RETIRE_WIDTH != 1 && RETIRE_WIDTH != 2 && RETIRE_WIDTH != 4) begin : g_bad_rw
      trace_subsystem_RETIRE_WIDTH_must_be_1_2_or_4 u_bad ();
    end
    if (OUT_BYTES != 4 && OUT_BYTES != 8 && OUT_BYTES != 16) begin : g_bad_ob
      trace_subsystem_OUT_BYTES_must_be_4_8_or_16 u_bad ();
    end
    if (DATA_W != 64 && DATA_W != 128) begin : g_bad_dw
      trace_subsystem_DATA_W_must_be_64_or_128 u_bad ();
    end
    if (TRBE_AXI_ID == SPE_AXI_ID) begin : g_same_id
      trace_subsystem_TRBE_AXI_ID_and_SPE_AXI_ID_must_differ u_bad ();
    end
  endgenerate

  localparam RW = RETIRE_WIDTH;
  // one record as queued for SPE (the fields spe_top uses), first field highest
  localparam SPE_W  = 2 + 4 + 2 + 2 + 2 + 6 + 4 * 64 + 7 + 3 * 16 + 11 + 16 + 2 * 32 + 64;
  // one record as queued for BRBE
  localparam BRBE_W = 2 + 4 + 2 + 2 + 2 + 5 + 4 + 4 * 64;

  // ---- per-slot views of the PE record port ----------------------------------------------
  wire [RW*SPE_W-1:0]  spe_lanes;
  wire [RW*BRBE_W-1:0] brbe_lanes;
  genvar gs;
  generate
    for (gs = 0; gs < RW; gs = gs + 1) begin : g_slot
      assign spe_lanes[gs*SPE_W +: SPE_W] = {
        pe_kind_i[gs*2 +: 2], pe_iclass_i[gs*4 +: 4], pe_isa_i[gs*2 +: 2],
        pe_el_i[gs*2 +: 2], pe_from_el_i[gs*2 +: 2], pe_flags_i[gs*6 +: 6],
        pe_pc_i[gs*64 +: 64], pe_target_i[gs*64 +: 64], pe_va_i[gs*64 +: 64],
        pe_pa_i[gs*64 +: 64], pe_ls_i[gs*7 +: 7], pe_lat_total_i[gs*16 +: 16],
        pe_lat_issue_i[gs*16 +: 16], pe_lat_xlat_i[gs*16 +: 16], pe_spe_events_i[gs*11 +: 11],
        pe_data_source_i[gs*16 +: 16], pe_contextidr_el1_i[gs*32 +: 32],
        pe_contextidr_el2_i[gs*32 +: 32], pe_timestamp_i[gs*64 +: 64]};
      assign brbe_lanes[gs*BRBE_W +: BRBE_W] = {
        pe_kind_i[gs*2 +: 2], pe_iclass_i[gs*4 +: 4], pe_isa_i[gs*2 +: 2],
        pe_el_i[gs*2 +: 2], pe_from_el_i[gs*2 +: 2], pe_exc_type_i[gs*5 +: 5],
        pe_flags_i[gs*6 +: 4], pe_pc_i[gs*64 +: 64], pe_target_i[gs*64 +: 64],
        pe_cycle_i[gs*64 +: 64], pe_timestamp_i[gs*64 +: 64]};
    end
  endgenerate

  // ---- ETE ---------------------------------------------------------------------------------
  wire                   ete_stall;
  wire [8*OUT_BYTES-1:0] ete_data;
  wire [OUT_BYTES-1:0]   ete_keep;
  wire                   ete_valid, trbe_in_ready;

  ete_unit #(
    .RETIRE_WIDTH   (RW),
    .OUT_BYTES      (OUT_BYTES),
    .IN_FIFO_DEPTH  (ETE_IN_FIFO_DEPTH),
    .OUT_FIFO_DEPTH (ETE_OUT_FIFO_DEPTH),
    .RS_DEPTH       (ETE_RS_DEPTH),
    .NUM_ACPAIRS    (ETE_NUM_ACPAIRS),
    .NUM_EVENTS     (ETE_NUM_EVENTS),
    .NUM_EXTIN      (ETE_NUM_EXTIN),
    .CCSIZE         (ETE_CCSIZE),
    .CCITMIN        (ETE_CCITMIN),
    .COMMOPT        (ETE_COMMOPT)
  ) u_ete (
    .clk_i               (clk_i),
    .rst_ni              (rst_ni),
    .pe_valid_i          (pe_blk_valid_i),
    .pe_kind_i           (pe_blk_kind_i),
    .pe_addr_i           (pe_blk_addr_i),
    .pe_last_i           (pe_blk_last_i),
    .pe_iclass_i         (pe_blk_iclass_i),
    .pe_flags_i          (pe_blk_flags_i),
    .pe_isa_i            (pe_blk_isa_i),
    .pe_el_i             (pe_blk_el_i),
    .pe_from_el_i        (pe_blk_from_el_i),
    .pe_exc_type_i       (pe_blk_exc_type_i),
    .pe_ext_in_i         (pe_blk_ext_in_i),
    .ts_i                (ts_i),
    .pe_stall_o          (ete_stall),
    .pe_drop_o           (pe_drop_o),
    .out_data_o          (ete_data),
    .out_keep_o          (ete_keep),
    .out_valid_o         (ete_valid),
    .out_ready_i         (trbe_in_ready),
    .psel_i              (psel_i),
    .penable_i           (penable_i),
    .pwrite_i            (pwrite_i),
    .paddr_i             (paddr_i),
    .pwdata_i            (pwdata_i),
    .prdata_o            (prdata_o),
    .pready_o            (pready_o),
    .pslverr_o           (pslverr_o),
    .idle_o              (ete_idle_o),
    .trc_en_o            (ete_trc_en_o)
  );

  // ---- system-register router ------------------------------------------------------------
  wire        trbe_sr_valid, spe_sr_valid, brbe_sr_valid;
  wire [63:0] trbe_sr_rdata, spe_sr_rdata, brbe_sr_rdata;
  wire        trbe_sr_ready, spe_sr_ready, brbe_sr_ready, spe_sr_err;
  wire [1:0]  brbe_sr_status;

  top_sr_decode u_sr (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .sr_valid_i    (sr_valid_i),
    .sr_write_i    (sr_write_i),
    .sr_enc_i      (sr_enc_i),
    .sr_el_i       (sr_el_i),
    .sr_iall_i     (sr_iall_i),
    .sr_inj_i      (sr_inj_i),
    .sr_rdata_o    (sr_rdata_o),
    .sr_ready_o    (sr_ready_o),
    .sr_status_o   (sr_status_o),
    .trbe_valid_o  (trbe_sr_valid),
    .spe_valid_o   (spe_sr_valid),
    .brbe_valid_o  (brbe_sr_valid),
    .trbe_rdata_i  (trbe_sr_rdata),
    .trbe_ready_i  (trbe_sr_ready),
    .spe_rdata_i   (spe_sr_rdata),
    .spe_ready_i   (spe_sr_ready),
    .spe_err_i     (spe_sr_err),
    .brbe_rdata_i  (brbe_sr_rdata),
    .brbe_ready_i  (brbe_sr_ready),
    .brbe_status_i (brbe_sr_status)
  );

  // ---- TRBE ----------------------------------------------------------------------------------
  wire              trbe_flush_req, trbe_flush_done, trbe_tsb_req;
  wire [ID_W-1:0]   t_awid;
  wire [63:0]       t_awaddr;
  wire [7:0]        t_awlen;
  wire [2:0]        t_awsize, t_awprot;
  wire [1:0]        t_awburst;
  wire              t_awlock, t_awvalid, t_awready, t_wlast, t_wvalid, t_wready;
  wire              t_bvalid, t_bready;
  wire [3:0]        t_awcache;
  wire [DATA_W-1:0] t_wdata;
  wire [DATA_W/8-1:0] t_wstrb;

  trbe_top #(
    .IN_BYTES    (OUT_BYTES),
    .DATA_W      (DATA_W),
    .BURST_BEATS (BURST_BEATS),
    .ID_W        (ID_W),
    .AXI_ID      (TRBE_AXI_ID)
  ) u_trbe (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .sr_valid_i      (trbe_sr_valid),
    .sr_write_i      (sr_write_i),
    .sr_enc_i        (sr_enc_i),
    .sr_wdata_i      (sr_wdata_i),
    .sr_rdata_o      (trbe_sr_rdata),
    .sr_ready_o      (trbe_sr_ready),
    .in_data_i       (ete_data),
    .in_keep_i       (ete_keep),
    .in_valid_i      (ete_valid),
    .in_ready_o      (trbe_in_ready),
    .trig_i          (trbe_trig_i),
    .flush_req_o     (trbe_flush_req),
    .flush_done_i    (trbe_flush_done),
    .tsb_req_i       (trbe_tsb_req),
    .tsb_ack_o       (trbe_tsb_ack_o),
    .prog_na_i       (trbe_prog_na_i),
    .irq_o           (trbe_irq_o),
    .enabled_o       (trbe_enabled_o),
    .evt_wrap_o      (trbe_evt_wrap_o),
    .evt_trig_o      (trbe_evt_trig_o),
    .m_axi_awid_o    (t_awid),
    .m_axi_awaddr_o  (t_awaddr),
    .m_axi_awlen_o   (t_awlen),
    .m_axi_awsize_o  (t_awsize),
    .m_axi_awburst_o (t_awburst),
    .m_axi_awlock_o  (t_awlock),
    .m_axi_awcache_o (t_awcache),
    .m_axi_awprot_o  (t_awprot),
    .m_axi_awvalid_o (t_awvalid),
    .m_axi_awready_i (t_awready),
    .m_axi_wdata_o   (t_wdata),
    .m_axi_wstrb_o   (t_wstrb),
    .m_axi_wlast_o   (t_wlast),
    .m_axi_wvalid_o  (t_wvalid),
    .m_axi_wready_i  (t_wready),
    .m_axi_bid_i     (m_axi_bid_i),
    .m_axi_bresp_i   (m_axi_bresp_i),
    .m_axi_bvalid_i  (t_bvalid),
    .m_axi_bready_o  (t_bready)
  );

  top_trbe_hooks u_hooks (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .ete_out_valid_i   (ete_valid),
    .trbe_flush_req_i  (trbe_flush_req),
    .trbe_flush_done_o (trbe_flush_done),
    .tsb_req_i         (trbe_tsb_req_i),
    .trbe_tsb_req_o    (trbe_tsb_req)
  );

  assign trbe_flush_req_o  = trbe_flush_req;
  assign trbe_flush_done_o = trbe_flush_done;
  assign trbe_tsb_go_o     = trbe_tsb_req;
  assign trc_tap_valid_o   = ete_valid && trbe_in_ready;
  assign trc_tap_data_o    = ete_data;
  assign trc_tap_keep_o    = ete_keep;

  // ---- SPE: forwarding gate, serializer, unit ------------------------------------------------
  wire [RW-1:0]    spe_fwd;
  wire             spe_ser_empty, spe_ser_stall, spe_rec_valid, spe_rec_ready, spe_unit_idle;
  wire [SPE_W-1:0] spe_rec;

  // the queued record's fields
  wire [1:0]  sq_kind, sq_isa, sq_el, sq_from_el;
  wire [3:0]  sq_iclass;
  wire [5:0]  sq_flags;
  wire [63:0] sq_pc, sq_target, sq_va, sq_pa, sq_ts;
  wire [6:0]  sq_ls;
  wire [15:0] sq_lat_total, sq_lat_issue, sq_lat_xlat, sq_ds;
  wire [10:0] sq_ev;
  wire [31:0] sq_cx1, sq_cx2;
  assign {sq_kind, sq_iclass, sq_isa, sq_el, sq_from_el, sq_flags, sq_pc, sq_target, sq_va,
          sq_pa, sq_ls, sq_lat_total, sq_lat_issue, sq_lat_xlat, sq_ev, sq_ds, sq_cx1, sq_cx2,
          sq_ts} = spe_rec;

  top_spe_fwd #(
    .LANES            (RW),
    .INFLIGHT_RECORDS (SPE_INFLIGHT_RECORDS)
  ) u_spe_fwd (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .pe_valid_i   (pe_valid_i),
    .pe_kind_i    (pe_kind_i),
    .ser_empty_i  (spe_ser_empty),
    .sr_valid_i   (spe_sr_valid),
    .sr_ready_i   (spe_sr_ready),
    .sr_write_i   (sr_write_i),
    .sr_enc_i     (sr_enc_i),
    .sr_wdata_e_i (sr_wdata_i[0]),
    .rec_valid_i  (spe_rec_valid),
    .rec_ready_i  (spe_rec_ready),
    .rec_kind_i   (sq_kind),
    .spe_irq_i    (spe_irq_o),
    .spe_idle_i   (spe_unit_idle),
    .fwd_o        (spe_fwd)
  );

  top_lane_ser #(
    .LANES (RW),
    .WIDTH (SPE_W),
    .DEPTH (SPE_SER_DEPTH)
  ) u_spe_ser (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_fwd_i    (spe_fwd),
    .in_data_i   (spe_lanes),
    .in_drop_o   (spe_pe_drop_o),
    .stall_o     (spe_ser_stall),
    .empty_o     (spe_ser_empty),
    .out_valid_o (spe_rec_valid),
    .out_ready_i (spe_rec_ready),
    .out_data_o  (spe_rec)
  );

  wire [ID_W-1:0]     s_awid;
  wire [63:0]         s_awaddr;
  wire [7:0]          s_awlen;
  wire [2:0]          s_awsize, s_awprot;
  wire [1:0]          s_awburst;
  wire                s_awlock, s_awvalid, s_awready, s_wlast, s_wvalid, s_wready;
  wire                s_bvalid, s_bready;
  wire [3:0]          s_awcache;
  wire [DATA_W-1:0]   s_wdata;
  wire [DATA_W/8-1:0] s_wstrb;
  wire                spe_psb_valid = spe_psb_valid_i && spe_ser_empty;

  spe_top #(
    .DATA_W           (DATA_W),
    .ID_W             (ID_W),
    .AXI_ID           (SPE_AXI_ID),
    .ALIGN            (SPE_ALIGN),
    .MAX_SIZE         (SPE_MAX_SIZE),
    .ERND             (SPE_ERND),
    .INFLIGHT_RECORDS (SPE_INFLIGHT_RECORDS),
    .MAX_INFLIGHT     (SPE_MAX_INFLIGHT),
    .EXT_HEADERS      (SPE_EXT_HEADERS)
  ) u_spe (
    .clk_i               (clk_i),
    .rst_ni              (rst_ni),
    .pe_valid_i          (spe_rec_valid),
    .pe_ready_o          (spe_rec_ready),
    .pe_kind_i           (sq_kind),
    .pe_iclass_i         (sq_iclass),
    .pe_isa_i            (sq_isa),
    .pe_el_i             (sq_el),
    .pe_from_el_i        (sq_from_el),
    .pe_flags_i          (sq_flags),
    .pe_pc_i             (sq_pc),
    .pe_target_i         (sq_target),
    .pe_va_i             (sq_va),
    .pe_pa_i             (sq_pa),
    .pe_ls_i             (sq_ls),
    .pe_lat_total_i      (sq_lat_total),
    .pe_lat_issue_i      (sq_lat_issue),
    .pe_lat_xlat_i       (sq_lat_xlat),
    .pe_spe_events_i     ({21'd0, sq_ev}),
    .pe_data_source_i    (sq_ds),
    .pe_contextidr_el1_i (sq_cx1),
    .pe_contextidr_el2_i (sq_cx2),
    .pe_timestamp_i      (sq_ts),
    .psb_valid_i         (spe_psb_valid),
    .psb_ready_o         (spe_psb_ready_o),
    .have_el2_i          (spe_have_el2_i),
    .have_el3_i          (spe_have_el3_i),
    .mdcr_el3_nspb_i     (spe_mdcr_el3_nspb_i),
    .mdcr_el2_e2pb_i     (spe_mdcr_el2_e2pb_i),
    .hcr_el2_tge_i       (spe_hcr_el2_tge_i),
    .tbi0_i              (spe_tbi0_i),
    .tbi1_i              (spe_tbi1_i),
    .cntvoff_el2_i       (spe_cntvoff_el2_i),
    .reg_el_i            (sr_el_i),
    .reg_ns_i            (sr_ns_i),
    .sr_valid_i          (spe_sr_valid),
    .sr_write_i          (sr_write_i),
    .sr_enc_i            (sr_enc_i),
    .sr_wdata_i          (sr_wdata_i),
    .sr_rdata_o          (spe_sr_rdata),
    .sr_ready_o          (spe_sr_ready),
    .sr_err_o            (spe_sr_err),
    .irq_o               (spe_irq_o),
    .serror_o            (spe_serror_o),
    .idle_o              (spe_unit_idle),
    .pmu_event_o         (pmu_event_o[3:0]),
    .cti_trig_o          (spe_cti_trig_o),
    .m_axi_awid_o        (s_awid),
    .m_axi_awaddr_o      (s_awaddr),
    .m_axi_awlen_o       (s_awlen),
    .m_axi_awsize_o      (s_awsize),
    .m_axi_awburst_o     (s_awburst),
    .m_axi_awlock_o      (s_awlock),
    .m_axi_awcache_o     (s_awcache),
    .m_axi_awprot_o      (s_awprot),
    .m_axi_awvalid_o     (s_awvalid),
    .m_axi_awready_i     (s_awready),
    .m_axi_wdata_o       (s_wdata),
    .m_axi_wstrb_o       (s_wstrb),
    .m_axi_wlast_o       (s_wlast),
    .m_axi_wvalid_o      (s_wvalid),
    .m_axi_wready_i      (s_wready),
    .m_axi_bid_i         (m_axi_bid_i),
    .m_axi_bresp_i       (m_axi_bresp_i),
    .m_axi_bvalid_i      (s_bvalid),
    .m_axi_bready_o      (s_bready)
  );

  assign spe_idle_o    = spe_unit_idle && spe_ser_empty;
  assign spe_pe_busy_o = !spe_ser_empty;

  // ---- BRBE: forwarding filter, serializer, unit ------------------------------------------
  wire [RW-1:0]     brbe_fwd;
  wire              brbe_ser_empty, brbe_ser_stall, brbe_rec_valid;
  wire [BRBE_W-1:0] brbe_rec;
  // a register access waits for a clock without a record at brbe_top: hold
  // the serializer while one is presented, so that it is served at once
  wire              brbe_hold = brbe_sr_valid;

  wire [1:0]  bq_kind, bq_isa, bq_el, bq_from_el;
  wire [3:0]  bq_iclass, bq_flags;
  wire [4:0]  bq_exc_type;
  wire [63:0] bq_pc, bq_target, bq_cycle, bq_ts;
  assign {bq_kind, bq_iclass, bq_isa, bq_el, bq_from_el, bq_exc_type, bq_flags, bq_pc,
          bq_target, bq_cycle, bq_ts} = brbe_rec;

  top_brbe_fwd #(
    .LANES      (RW),
    .RECORD_ISB (BRBE_RECORD_ISB)
  ) u_brbe_fwd (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .pe_valid_i    (pe_valid_i),
    .pe_kind_i     (pe_kind_i),
    .pe_iclass_i   (pe_iclass_i),
    .pe_exc_type_i (pe_exc_type_i),
    .pe_flags_i    (pe_flags_i),
    .fwd_o         (brbe_fwd)
  );

  top_lane_ser #(
    .LANES (RW),
    .WIDTH (BRBE_W),
    .DEPTH (BRBE_SER_DEPTH)
  ) u_brbe_ser (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_fwd_i    (brbe_fwd),
    .in_data_i   (brbe_lanes),
    .in_drop_o   (brbe_pe_drop_o),
    .stall_o     (brbe_ser_stall),
    .empty_o     (brbe_ser_empty),
    .out_valid_o (brbe_rec_valid),
    .out_ready_i (!brbe_hold),
    .out_data_o  (brbe_rec)
  );

  brbe_top #(
    .NUMREC        (BRBE_NUMREC),
    .RETIRE_WIDTH  (1),
    .HAS_EL2       (BRBE_HAS_EL2),
    .HAS_EL3       (BRBE_HAS_EL3),
    .V1P1          (BRBE_V1P1),
    .RECORD_ISB    (BRBE_RECORD_ISB),
    .CAP_PER_CYCLE (BRBE_CAP_PER_CYCLE)
  ) u_brbe (
    .clk_i             (clk_i),
    .rst_ni            (rst_ni),
    .pe_valid_i        (brbe_rec_valid && !brbe_hold),
    .pe_kind_i         (bq_kind),
    .pe_iclass_i       (bq_iclass),
    .pe_isa_i          (bq_isa),
    .pe_el_i           (bq_el),
    .pe_from_el_i      (bq_from_el),
    .pe_exc_type_i     (bq_exc_type),
    .pe_flags_i        (bq_flags),
    .pe_pc_i           (bq_pc),
    .pe_target_i       (bq_target),
    .pe_cycle_i        (bq_cycle),
    .pe_timestamp_i    (bq_ts),
    .pmu_ovf_i         (brbe_pmu_ovf_i),
    .pmu_ovs_i         (brbe_pmu_ovs_i),
    .mdcr_el3_sbrbe_i  (brbe_mdcr_el3_sbrbe_i),
    .mdcr_el3_e3brec_i (brbe_mdcr_el3_e3brec_i),
    .mdcr_el3_e3brew_i (brbe_mdcr_el3_e3brew_i),
    .hcr_el2_tge_i     (brbe_hcr_el2_tge_i),
    .hcr_el2_e2h_i     (brbe_hcr_el2_e2h_i),
    .scr_el3_eel2_i    (brbe_scr_el3_eel2_i),
    .scr_el3_ecven_i   (brbe_scr_el3_ecven_i),
    .cnthctl_el2_ecv_i (brbe_cnthctl_el2_ecv_i),
    .cntvoff_el2_i     (brbe_cntvoff_el2_i),
    .pmcr_n_i          (brbe_pmcr_n_i),
    .mdcr_el2_hpmn_i   (brbe_mdcr_el2_hpmn_i),
    .sr_valid_i        (brbe_sr_valid),
    .sr_write_i        (sr_write_i),
    .sr_iall_i         (sr_iall_i),
    .sr_inj_i          (sr_inj_i),
    .sr_enc_i          (sr_enc_i),
    .sr_el_i           (sr_el_i),
    .sr_ns_i           (sr_ns_i),
    .sr_wdata_i        (sr_wdata_i),
    .sr_rdata_o        (brbe_sr_rdata),
    .sr_ready_o        (brbe_sr_ready),
    .sr_status_o       (brbe_sr_status),
    .pmu_event_o       (pmu_event_o[5:4])
  );

  assign brbe_pe_busy_o = !brbe_ser_empty;

  // ---- AXI4 write arbiter ----------------------------------------------------------------------
  top_axi_wr_arb #(
    .DATA_W (DATA_W),
    .ID_W   (ID_W),
    .S0_ID  (TRBE_AXI_ID),
    .S1_ID  (SPE_AXI_ID)
  ) u_arb (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .s0_awid_i       (t_awid),
    .s0_awaddr_i     (t_awaddr),
    .s0_awlen_i      (t_awlen),
    .s0_awsize_i     (t_awsize),
    .s0_awburst_i    (t_awburst),
    .s0_awlock_i     (t_awlock),
    .s0_awcache_i    (t_awcache),
    .s0_awprot_i     (t_awprot),
    .s0_awvalid_i    (t_awvalid),
    .s0_awready_o    (t_awready),
    .s0_wdata_i      (t_wdata),
    .s0_wstrb_i      (t_wstrb),
    .s0_wlast_i      (t_wlast),
    .s0_wvalid_i     (t_wvalid),
    .s0_wready_o     (t_wready),
    .s0_bvalid_o     (t_bvalid),
    .s0_bready_i     (t_bready),
    .s1_awid_i       (s_awid),
    .s1_awaddr_i     (s_awaddr),
    .s1_awlen_i      (s_awlen),
    .s1_awsize_i     (s_awsize),
    .s1_awburst_i    (s_awburst),
    .s1_awlock_i     (s_awlock),
    .s1_awcache_i    (s_awcache),
    .s1_awprot_i     (s_awprot),
    .s1_awvalid_i    (s_awvalid),
    .s1_awready_o    (s_awready),
    .s1_wdata_i      (s_wdata),
    .s1_wstrb_i      (s_wstrb),
    .s1_wlast_i      (s_wlast),
    .s1_wvalid_i     (s_wvalid),
    .s1_wready_o     (s_wready),
    .s1_bvalid_o     (s_bvalid),
    .s1_bready_i     (s_bready),
    .m_axi_awid_o    (m_axi_awid_o),
    .m_axi_awaddr_o  (m_axi_awaddr_o),
    .m_axi_awlen_o   (m_axi_awlen_o),
    .m_axi_awsize_o  (m_axi_awsize_o),
    .m_axi_awburst_o (m_axi_awburst_o),
    .m_axi_awlock_o  (m_axi_awlock_o),
    .m_axi_awcache_o (m_axi_awcache_o),
    .m_axi_awprot_o  (m_axi_awprot_o),
    .m_axi_awvalid_o (m_axi_awvalid_o),
    .m_axi_awready_i (m_axi_awready_i),
    .m_axi_wdata_o   (m_axi_wdata_o),
    .m_axi_wstrb_o   (m_axi_wstrb_o),
    .m_axi_wlast_o   (m_axi_wlast_o),
    .m_axi_wvalid_o  (m_axi_wvalid_o),
    .m_axi_wready_i  (m_axi_wready_i),
    .m_axi_bid_i     (m_axi_bid_i),
    .m_axi_bvalid_i  (m_axi_bvalid_i),
    .m_axi_bready_o  (m_axi_bready_o)
  );

  // ---- stall: every unit's, and a PSB CSYNC waiting for the SPE serializer ---------------------
  assign pe_stall_o = ete_stall || spe_ser_stall || brbe_ser_stall || spe_psb_valid_i;

endmodule

`default_nettype wire
