// ETE trace unit: PE retirement port in, trace byte stream out, APB
// programming.  Contract: docs/ete-rtl-interface.md; structure, timing rules
// and resources: docs/ete-rtl.md.
//
//   PE slots --> ete_in_fifo --(window of RETIRE_WIDTH)--> ete_encoder
//                  ^ pe_drop_o, pe_stall_o                  |  (bundles of
//   APB <--> ete_regs --(registers, start/finish)-----------+   1..32 bytes)
//                  ^ idle_o, trc_en_o                       v
//                  +------------- drained ------------- ete_out_fifo --> beats
//
// Port rules (details at each submodule):
//   PE port: no ready.  A valid slot is traced when presented in a clock
//     where trc_en_o is high, idle_o is low (the Running state) and
//     pe_drop_o is low.  All of a clock's records are taken or, with
//     pe_drop_o high, none; a run of dropping clocks (no record accepted
//     between them) becomes one overflow marker (ete_model_overflow())
//     ahead of the next accepted record.  pe_stall_o depends only on
//     registered state; a PE that presents nothing in a clock after one
//     where pe_stall_o was high is never dropped.
//   Output stream: AXI4-Stream style; out_valid_o, out_data_o, out_keep_o
//     are registers that hold while out_valid_o and not out_ready_i.
//   APB: zero wait states, no errors (ete_regs).
`default_nettype none

module ete_top #(
  parameter RETIRE_WIDTH   = 1,    // PE retirement slots per clock: 1, 2, 4
  parameter OUT_BYTES      = 4,    // trace bytes per output beat: 4, 8, 16
  parameter IN_FIFO_DEPTH  = 16 * RETIRE_WIDTH,  // input FIFO entries: power of 2, 4..64, >= 2*RETIRE_WIDTH
  parameter OUT_FIFO_BYTES = 128,  // output byte FIFO: power of 2, 32..1024, >= 4*OUT_BYTES
  parameter RS_DEPTH       = 15,   // return stack entries, 0..15
  parameter NUM_ACPAIRS    = 4,    // address comparator pairs, 1..8
  parameter NUM_EVENTS     = 4,    // event elements, 1..4
  parameter NUM_EXTIN      = 4,    // external inputs, 0..8
  parameter CCSIZE         = 20,   // cycle counter bits, 12..20
  parameter CCITMIN        = 4,    // minimum cycle count threshold, 1..4095
  parameter COMMOPT        = 1     // TRCIDR0.COMMOPT, 0 or 1
) (
  input  wire                       clk_i,
  input  wire                       rst_ni,
  // PE retirement port: slot s at [s*W +: W], slot 0 oldest
  input  wire [RETIRE_WIDTH-1:0]    pe_valid_i,
  input  wire [RETIRE_WIDTH*2-1:0]  pe_kind_i,
  input  wire [RETIRE_WIDTH*4-1:0]  pe_iclass_i,
  input  wire [RETIRE_WIDTH*2-1:0]  pe_isa_i,
  input  wire [RETIRE_WIDTH*2-1:0]  pe_el_i,
  input  wire [RETIRE_WIDTH*2-1:0]  pe_from_el_i,
  input  wire [RETIRE_WIDTH*5-1:0]  pe_exc_type_i,
  input  wire [RETIRE_WIDTH*4-1:0]  pe_flags_i,
  input  wire [RETIRE_WIDTH*64-1:0] pe_pc_i,
  /* verilator lint_off UNUSEDSIGNAL */
  // (not used: a branch's target is traced as the PC of the record after it,
  // an exception's vector likewise; the port keeps the PE contract whole)
  input  wire [RETIRE_WIDTH*64-1:0] pe_target_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [RETIRE_WIDTH*64-1:0] pe_cycle_i,
  input  wire [RETIRE_WIDTH*64-1:0] pe_timestamp_i,
  input  wire [RETIRE_WIDTH*32-1:0] pe_contextidr_el1_i,
  input  wire [RETIRE_WIDTH*32-1:0] pe_contextidr_el2_i,
  input  wire [RETIRE_WIDTH*8-1:0]  pe_ext_in_i,
  output wire                       pe_stall_o,
  output wire                       pe_drop_o,
  // trace byte stream
  output wire [8*OUT_BYTES-1:0]     out_data_o,
  output wire [OUT_BYTES-1:0]       out_keep_o,
  output wire                       out_valid_o,
  input  wire                       out_ready_i,
  // APB3/APB4 slave
  input  wire                       psel_i,
  input  wire                       penable_i,
  input  wire                       pwrite_i,
  input  wire [11:0]                paddr_i,
  input  wire [31:0]                pwdata_i,
  output wire [31:0]                prdata_o,
  output wire                       pready_o,
  output wire                       pslverr_o,
  // status
  output wire                       idle_o,    // TRCSTATR.IDLE
  output wire                       trc_en_o   // TRCPRGCTLR.EN
);

  // The widest bundle the core hands over (its longest packet is 20 bytes;
  // 32 lets it pack several short packets per handshake).  The proofs of
  // formal/ete_top.sby narrow it (with an abstract core) to stay tractable.
`ifdef FV_PKT_BYTES
  localparam PKT_BYTES = `FV_PKT_BYTES;
`else
  localparam PKT_BYTES = 32;
`endif
  // One record as stored in the input FIFO, most significant field first:
  // kind, iclass, isa, el, from_el, exc_type, flags, pc, cycle, timestamp,
  // contextidr_el1, contextidr_el2, ext_in.  The target is not kept: a
  // branch's or an exception's target is the PC of the record after it.
  localparam REC_W = 2 + 4 + 2 + 2 + 2 + 5 + 4 + 64 + 2 * 64 + 2 * 32 + 8;   // 285

  // Checks of the parameters only this level sees; the others are checked
  // where they are used (ete_in_fifo, ete_out_fifo, ete_regs, ete_encoder).
  generate
    if (RETIRE_WIDTH != 1 && RETIRE_WIDTH != 2 && RETIRE_WIDTH != 4) begin : g_bad_rw
      ete_top_RETIRE_WIDTH_must_be_1_2_or_4 u_bad ();
    end
    if (OUT_BYTES != 4 && OUT_BYTES != 8 && OUT_BYTES != 16) begin : g_bad_ob
      ete_top_OUT_BYTES_must_be_4_8_or_16 u_bad ();
    end
  endgenerate

  // ---- registers and programming states ------------------------------------
  wire        start, finish, take, finish_done, in_empty, out_empty;
  wire [31:0] trcconfigr, trceventctl0r, trceventctl1r, trcstallctlr, trctsctlr;
  wire [31:0] trcsyncpr, trcccctlr, trcbbctlr, trctraceidr, trcvictlr;
  wire [31:0] trcviiectlr, trcvissctlr;
  wire [32*32-1:0] trcrsctlr;
  wire [64*16-1:0] trcacvr, trcacatr;

  ete_regs #(
    .RS_DEPTH    (RS_DEPTH),
    .NUM_ACPAIRS (NUM_ACPAIRS),
    .NUM_EVENTS  (NUM_EVENTS),
    .NUM_EXTIN   (NUM_EXTIN),
    .CCSIZE      (CCSIZE),
    .CCITMIN     (CCITMIN),
    .COMMOPT     (COMMOPT)
  ) u_regs (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .psel_i          (psel_i),
    .penable_i       (penable_i),
    .pwrite_i        (pwrite_i),
    .paddr_i         (paddr_i),
    .pwdata_i        (pwdata_i),
    .prdata_o        (prdata_o),
    .pready_o        (pready_o),
    .pslverr_o       (pslverr_o),
    .in_empty_i      (in_empty),
    .finish_done_i   (finish_done),
    .out_empty_i     (out_empty),
    .start_o         (start),
    .finish_o        (finish),
    .take_o          (take),
    .trc_en_o        (trc_en_o),
    .idle_o          (idle_o),
    .trcconfigr_o    (trcconfigr),
    .trceventctl0r_o (trceventctl0r),
    .trceventctl1r_o (trceventctl1r),
    .trcstallctlr_o  (trcstallctlr),
    .trctsctlr_o     (trctsctlr),
    .trcsyncpr_o     (trcsyncpr),
    .trcccctlr_o     (trcccctlr),
    .trcbbctlr_o     (trcbbctlr),
    .trctraceidr_o   (trctraceidr),
    .trcvictlr_o     (trcvictlr),
    .trcviiectlr_o   (trcviiectlr),
    .trcvissctlr_o   (trcvissctlr),
    .trcrsctlr_o     (trcrsctlr),
    .trcacvr_o       (trcacvr),
    .trcacatr_o      (trcacatr)
  );

  // ---- input FIFO ------------------------------------------------------------
  wire [RETIRE_WIDTH*REC_W-1:0] pe_rec;
  genvar gs;
  generate
    for (gs = 0; gs < RETIRE_WIDTH; gs = gs + 1) begin : g_slot
      assign pe_rec[gs*REC_W +: REC_W] = {
        pe_kind_i[gs*2 +: 2], pe_iclass_i[gs*4 +: 4], pe_isa_i[gs*2 +: 2],
        pe_el_i[gs*2 +: 2], pe_from_el_i[gs*2 +: 2], pe_exc_type_i[gs*5 +: 5],
        pe_flags_i[gs*4 +: 4],
        pe_pc_i[gs*64 +: 64], pe_cycle_i[gs*64 +: 64],
        pe_timestamp_i[gs*64 +: 64], pe_contextidr_el1_i[gs*32 +: 32],
        pe_contextidr_el2_i[gs*32 +: 32], pe_ext_in_i[gs*8 +: 8]};
    end
  endgenerate

  // the core's record window: RETIRE_WIDTH lanes, lane 0 the oldest entry
  wire [RETIRE_WIDTH-1:0]       rec_valid, rec_marker;
  wire [2:0]                    rec_take;
  wire [RETIRE_WIDTH*REC_W-1:0] rec;

  ete_in_fifo #(
    .RETIRE_WIDTH (RETIRE_WIDTH),
    .DEPTH        (IN_FIFO_DEPTH),
    .REC_W        (REC_W)
  ) u_in (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .start_i      (start),
    .take_i       (take),
    .stall_en_i   (trcstallctlr[8]),     // TRCSTALLCTLR.ISTALL
    .stall_lvl_i  (trcstallctlr[3:2]),   // TRCSTALLCTLR.LEVEL
    .pe_valid_i   (pe_valid_i),
    .pe_rec_i     (pe_rec),
    .pe_drop_o    (pe_drop_o),
    .pe_stall_o   (pe_stall_o),
    .rec_valid_o  (rec_valid),
    .rec_take_i   (rec_take),
    .rec_marker_o (rec_marker),
    .rec_o        (rec),
    .empty_o      (in_empty)
  );

  // ---- encoder core ------------------------------------------------------------
  // the window's lanes split into the record fields (lane k at [k*W +: W])
  wire [RETIRE_WIDTH*2-1:0]  w_kind, w_isa, w_el, w_from_el;
  wire [RETIRE_WIDTH*4-1:0]  w_iclass, w_flags;
  wire [RETIRE_WIDTH*5-1:0]  w_exc_type;
  wire [RETIRE_WIDTH*64-1:0] w_pc, w_cycle, w_timestamp;
  wire [RETIRE_WIDTH*32-1:0] w_cid1, w_cid2;
  wire [RETIRE_WIDTH*8-1:0]  w_ext_in;
  genvar gw;
  generate
    for (gw = 0; gw < RETIRE_WIDTH; gw = gw + 1) begin : g_lane
      wire [REC_W-1:0] r = rec[gw*REC_W +: REC_W];
      assign w_kind[gw*2 +: 2]       = r[284:283];
      assign w_iclass[gw*4 +: 4]     = r[282:279];
      assign w_isa[gw*2 +: 2]        = r[278:277];
      assign w_el[gw*2 +: 2]         = r[276:275];
      assign w_from_el[gw*2 +: 2]    = r[274:273];
      assign w_exc_type[gw*5 +: 5]   = r[272:268];
      assign w_flags[gw*4 +: 4]      = r[267:264];
      assign w_pc[gw*64 +: 64]       = r[263:200];
      assign w_cycle[gw*64 +: 64]    = r[199:136];
      assign w_timestamp[gw*64 +: 64] = r[135:72];
      assign w_cid1[gw*32 +: 32]     = r[71:40];
      assign w_cid2[gw*32 +: 32]     = r[39:8];
      assign w_ext_in[gw*8 +: 8]     = r[7:0];
    end
  endgenerate

  wire                   pkt_valid, pkt_ready;
  wire [8*PKT_BYTES-1:0] pkt_data;
  wire [5:0]             pkt_len;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [6:0]             pkt_type;    // for coverage in the bench; not needed here
  /* verilator lint_on UNUSEDSIGNAL */

  ete_encoder #(
    .RETIRE_WIDTH (RETIRE_WIDTH),
    .RS_DEPTH    (RS_DEPTH),
    .NUM_ACPAIRS (NUM_ACPAIRS),
    .NUM_EVENTS  (NUM_EVENTS),
    .NUM_EXTIN   (NUM_EXTIN),
    .CCSIZE      (CCSIZE),
    .CCITMIN     (CCITMIN),
    .COMMOPT     (COMMOPT),
    .PKT_BYTES   (PKT_BYTES)
  ) u_enc (
    .clk_i                (clk_i),
    .rst_ni               (rst_ni),
    .trcconfigr_i         (trcconfigr),
    .trceventctl0r_i      (trceventctl0r),
    .trceventctl1r_i      (trceventctl1r),
    .trcstallctlr_i       (trcstallctlr),
    .trctsctlr_i          (trctsctlr),
    .trcsyncpr_i          (trcsyncpr),
    .trcccctlr_i          (trcccctlr),
    .trcbbctlr_i          (trcbbctlr),
    .trctraceidr_i        (trctraceidr),
    .trcvictlr_i          (trcvictlr),
    .trcviiectlr_i        (trcviiectlr),
    .trcvissctlr_i        (trcvissctlr),
    .trcrsctlr_i          (trcrsctlr),
    .trcacvr_i            (trcacvr),
    .trcacatr_i           (trcacatr),
    .start_i              (start),
    .finish_i             (finish),
    .finish_done_o        (finish_done),
    .rec_valid_i          (rec_valid),
    .rec_take_o           (rec_take),
    .rec_marker_i         (rec_marker),
    .rec_kind_i           (w_kind),
    .rec_iclass_i         (w_iclass),
    .rec_isa_i            (w_isa),
    .rec_el_i             (w_el),
    .rec_from_el_i        (w_from_el),
    .rec_exc_type_i       (w_exc_type),
    .rec_flags_i          (w_flags),
    .rec_pc_i             (w_pc),
    .rec_cycle_i          (w_cycle),
    .rec_timestamp_i      (w_timestamp),
    .rec_contextidr_el1_i (w_cid1),
    .rec_contextidr_el2_i (w_cid2),
    .rec_ext_in_i         (w_ext_in),
    .pkt_valid_o          (pkt_valid),
    .pkt_ready_i          (pkt_ready),
    .pkt_data_o           (pkt_data),
    .pkt_len_o            (pkt_len),
    .pkt_type_o           (pkt_type)
  );

  // ---- output byte FIFO --------------------------------------------------------
  ete_out_fifo #(
    .OUT_BYTES (OUT_BYTES),
    .DEPTH     (OUT_FIFO_BYTES),
    .PKT_BYTES (PKT_BYTES)
  ) u_out (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .pkt_valid_i (pkt_valid),
    .pkt_ready_o (pkt_ready),
    .pkt_data_i  (pkt_data),
    .pkt_len_i   (pkt_len),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  (out_data_o),
    .out_keep_o  (out_keep_o),
    .empty_o     (out_empty)
  );

`ifdef FORMAL
  // ---- formal (formal/ete_top.sby, with an abstract core) ------------------
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);

  // The output stream obeys valid/ready.
  fv_vr_check #(.W (9 * OUT_BYTES), .ASSUME (0)) f_out_vr (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .valid_i (out_valid_o), .ready_i (out_ready_i),
    .data_i ({out_keep_o, out_data_o})
  );

  // Records are taken only while running, markers only through the FIFO.
  always @* if (f_past_valid && rst_ni) begin
    if (!take) assert (!pe_drop_o);
    if (pe_drop_o) assert (trc_en_o && !idle_o);
  end

`ifdef FV_ETE_TOP_DATA0
  // Record contents and trace bytes fixed at 0 (live_w1, prove_w4): what
  // these checks are about depends only on valid, take, markers and lengths;
  // the data paths are proved in ete_in_fifo, ete_out_fifo and
  // common_fifo_mw with free data.
  always @* begin
    assume (pe_kind_i == 0 && pe_iclass_i == 0 && pe_isa_i == 0 && pe_el_i == 0 &&
            pe_from_el_i == 0 && pe_exc_type_i == 0 && pe_flags_i == 0 && pe_pc_i == 0 &&
            pe_target_i == 0 && pe_cycle_i == 0 && pe_timestamp_i == 0 &&
            pe_contextidr_el1_i == 0 && pe_contextidr_el2_i == 0 && pe_ext_in_i == 0);
  end
`endif

`ifdef FV_ETE_TOP_LIVE
  // TRCSTATR.IDLE after EN is cleared (bounded): with the abstract core's
  // latencies (formal/fv_ete_encoder_abs.v) and out_ready_i high while
  // disabled, Idle is reached within F_IDLE_BOUND clocks of EN clearing.
  localparam [7:0] F_IDLE_BOUND = 8'd40;
  reg [7:0] f_dis = 8'd0;            // clocks since EN was cleared
  always @(posedge clk_i) begin
    if (!rst_ni || trc_en_o || idle_o) f_dis <= 8'd0;
    else if (f_dis != 8'hFF)           f_dis <= f_dis + 8'd1;
  end
  always @* if (f_past_valid && rst_ni) begin
    if (!trc_en_o) assume (out_ready_i);
    assert (f_dis <= F_IDLE_BOUND);
  end
`endif

  always @(posedge clk_i) if (f_past_valid && rst_ni) begin
    cover (idle_o && $past(!idle_o));                     // a whole session
    cover (pe_stall_o);
    cover (pe_drop_o);
    cover (out_valid_o && out_ready_i && rec_marker[0]);
  end
`endif

endmodule

`default_nettype wire
