// ETE pipelined encoder core (docs/ete-rtl-pipeline.md): input-FIFO entries
// (blocks, docs/pe-blocks.md) in, one per clock at best, ETE trace packets
// out, byte for byte the C model's block path (ete_model_block,
// ete_model_overflow at the markers, ete_model_finish) with
// ete_params.sync_lag = 4 (docs/ete-rtl-pipeline.md 3.3).
//
// Stages (every boundary a registered valid/ready interface):
//   S2  here: resources of the entry (ete_enc_res: EL filter, ViewInst
//       event, branch broadcasting region of the last instruction, Event
//       elements, timestamp event), the run's last address
//   S4  ete_pipe_elem: the element (trace on/off, P0 element, atoms,
//       exceptions, context, transactions, cycle count, timestamp, sync)
//   S5  ete_pipe_cmpr: return stack, address history, address form
//   S6  ete_pipe_pkt: S6a atom packing and packet bytes into a slot bank,
//       S6b at most two packets per clock out of it, sync byte count
//   S7  ete_pipe_pkt: the bundle register (pkt0 | pkt1 << 8 * len0)
//   S3  ete_pipe_view: ViewInst per sub-run (a run split at the address
//       comparator edges inside it, one sub-run per clock)
// S2 also gives S3 the instruction indices at which each comparator of the
// address filters matches (2 x NUM_ACPAIRS magnitude comparisons per ARC).
`default_nettype none

module ete_pipe #(
  parameter RS_DEPTH    = 15,  // return stack entries, 0..15 (0: no return stack)
  parameter NUM_ACPAIRS = 4,   // address comparator pairs, 1..8 (TRCIDR4.NUMACPAIRS)
  parameter NUM_EVENTS  = 4,   // Event elements, 1..4 (TRCIDR0.NUMEVENT + 1)
  parameter NUM_EXTIN   = 4,   // external inputs, 0..8 (TRCIDR5.NUMEXTIN)
  parameter CCSIZE      = 20,  // cycle counter bits, 12..20 (TRCIDR2.CCSIZE + 12)
  parameter CCITMIN     = 4,   // minimum cycle count threshold, 1..4095 (TRCIDR3.CCITMIN)
  parameter COMMOPT     = 1,   // TRCIDR0.COMMOPT, 0 or 1: Cycle Count packet format
  parameter PKT_BYTES   = 40   // bytes of pkt_data_o, 20..63 (two packets of up to 20 bytes
                               // leave together when they fit)
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  // programming registers, stable while enabled (ete_progregs fields)
  input  wire [31:0]      trcconfigr_i,
  input  wire [31:0]      trceventctl0r_i,
  input  wire [31:0]      trceventctl1r_i,
  input  wire [31:0]      trcstallctlr_i,
  input  wire [31:0]      trctsctlr_i,
  input  wire [31:0]      trcsyncpr_i,
  input  wire [31:0]      trcccctlr_i,
  input  wire [31:0]      trcbbctlr_i,
  input  wire [31:0]      trctraceidr_i,
  input  wire [31:0]      trcvictlr_i,
  input  wire [31:0]      trcviiectlr_i,
  input  wire [31:0]      trcvissctlr_i,
  input  wire [32*32-1:0] trcrsctlr_i,        // TRCRSCTLR<n> at [32n +: 32]
  input  wire [64*16-1:0] trcacvr_i,          // TRCACVR<n> at [64n +: 64]
  input  wire [64*16-1:0] trcacatr_i,         // TRCACATR<n> at [64n +: 64]
  input  wire             start_i,            // pulse: trace enabled (ete_model_new)
  input  wire             finish_i,           // pulse: ete_model_finish after the entries before it
  output wire             finish_done_o,      // not enabled and everything handed out
  // the entry stream (AXI-stream rules)
  input  wire             ent_valid_i,
  output wire             ent_ready_o,
  input  wire             ent_marker_i,       // an overflow marker (ete_model_overflow)
  input  wire [2:0]       ent_kind_i,         // PE_BLK_INSN 0, EXC 1, RESET 2, TFAIL 3, CTX 4
  input  wire [63:0]      ent_addr_i,
  input  wire [7:0]       ent_last_i,         // byte offset of the run's last instruction
  input  wire [3:0]       ent_iclass_i,
  input  wire [3:0]       ent_flags_i,        // TAKEN, NS, TSTATE, CCFAIL
  input  wire [1:0]       ent_isa_i,
  input  wire [1:0]       ent_el_i,
  input  wire [1:0]       ent_from_el_i,
  input  wire [4:0]       ent_exc_type_i,
  input  wire [7:0]       ent_ext_in_i,
  input  wire [20:0]      ent_cyc_i,          // PE clocks since the previous entry (saturating)
  input  wire [63:0]      ent_ts_i,           // the timestamp in the entry's clock
  // output: one bundle of whole packets per handshake, byte 0 first
  output wire             pkt_valid_o,
  input  wire             pkt_ready_i,
  output wire [8*PKT_BYTES-1:0] pkt_data_o,
  output wire [5:0]       pkt_len_o           // 1 .. PKT_BYTES
);

  // the element descriptor S4 -> S5 -> S6 (PD_/PC_ fields)
  `include "ete_pipe_desc.vh"

  // ==========================================================================
  // Parameter checks: an illegal value instantiates a module that does not
  // exist, named after the problem, which every tool rejects.
  // ==========================================================================
  generate
    if (RS_DEPTH < 0 || RS_DEPTH > 15) begin : g_bad_rs
      ete_pipe_RS_DEPTH_must_be_0_to_15 u_bad ();
    end
    if (NUM_ACPAIRS < 1 || NUM_ACPAIRS > 8) begin : g_bad_ac
      ete_pipe_NUM_ACPAIRS_must_be_1_to_8 u_bad ();
    end
    if (NUM_EVENTS < 1 || NUM_EVENTS > 4) begin : g_bad_ev
      ete_pipe_NUM_EVENTS_must_be_1_to_4 u_bad ();
    end
    if (NUM_EXTIN < 0 || NUM_EXTIN > 8) begin : g_bad_extin
      ete_pipe_NUM_EXTIN_must_be_0_to_8 u_bad ();
    end
    if (CCSIZE < 12 || CCSIZE > 20) begin : g_bad_ccsize
      ete_pipe_CCSIZE_must_be_12_to_20 u_bad ();
    end
    if (CCITMIN < 1 || CCITMIN > 4095) begin : g_bad_ccitmin
      ete_pipe_CCITMIN_must_be_1_to_4095 u_bad ();
    end
    if (COMMOPT != 0 && COMMOPT != 1) begin : g_bad_commopt
      ete_pipe_COMMOPT_must_be_0_or_1 u_bad ();
    end
    if (PKT_BYTES < 20 || PKT_BYTES > 63) begin : g_bad_pkt
      ete_pipe_PKT_BYTES_must_be_20_to_63 u_bad ();
    end
  endgenerate

  localparam [1:0] ISA_T32 = 2'd2;
  localparam [2:0] K_INSN  = 3'd0;

  // TRCCONFIGR.RS has no effect without a return stack (docs/ete-rtl-encoder.md)
  wire [31:0] cfg_r = (RS_DEPTH > 0) ? trcconfigr_i : (trcconfigr_i & ~32'h0000_1000);
  // TRCSYNCPR.PERIOD: 8..20, the reserved values turn it off (as ete_encoder)
  wire [4:0] sync_period = (trcsyncpr_i[4:0] >= 5'd8 && trcsyncpr_i[4:0] <= 5'd20) ?
                           trcsyncpr_i[4:0] : 5'd0;

  // ==========================================================================
  // S2: resources of the entry
  // ==========================================================================
  wire        s4_ready, s4_en, s4_fin_pend;
  reg         s2_valid_q;
  wire        s3_ready;
  wire        s2_ready = !s2_valid_q || s3_ready;
  assign ent_ready_o = s2_ready && !s4_fin_pend;
  wire        s2_go    = ent_valid_i && ent_ready_o;

  wire [63:0] pc_last = ent_addr_i + {56'd0, ent_last_i};
  wire        multi   = (ent_kind_i == K_INSN) && (ent_last_i != 8'd0) && (ent_isa_i != ISA_T32);
  wire        r_el_ok, r_ie_ok, r_ss_start, r_ss_stop, r_event, r_bb, r_tsev;
  wire [3:0]  r_ev;

  ete_enc_res #(
    .NUM_ACPAIRS (NUM_ACPAIRS),
    .NUM_EVENTS  (NUM_EVENTS),
    .NUM_EXTIN   (NUM_EXTIN)
  ) u_res (
    .trcvictlr_i     (trcvictlr_i),
    .trcviiectlr_i   (trcviiectlr_i),
    .trcvissctlr_i   (trcvissctlr_i),
    .trcbbctlr_i     (trcbbctlr_i),
    .trceventctl0r_i (trceventctl0r_i),
    .trceventctl1r_i (trceventctl1r_i),
    .trctsctlr_i     (trctsctlr_i),
    .trcrsctlr_i     (trcrsctlr_i),
    .trcacvr_i       (trcacvr_i),
    .trcacatr_i      (trcacatr_i),
    .pc_i            (pc_last),
    .el_i            (ent_el_i),
    .ns_i            (ent_flags_i[1]),
    .ext_in_i        (ent_ext_in_i),
    .vi_el_ok_o      (r_el_ok),
    .vi_ie_ok_o      (r_ie_ok),
    .ss_start_o      (r_ss_start),
    .ss_stop_o       (r_ss_stop),
    .vi_event_o      (r_event),
    .bb_region_o     (r_bb),
    .events_o        (r_ev),
    .ts_event_o      (r_tsev)
  );

  // ---- the comparators of the address filters on the run (D7.4): the
  // instruction indices where each matches, for S3.  A comparator the filter
  // does not use, or TRCACATR.EXLEVEL disables in the run's EL and Security
  // state (D7.4.1, D7.4.2), gets no index inside the run.
  localparam NA = NUM_ACPAIRS;
  wire [63:0] a_last = pc_last;
  reg  [7*NA-1:0]  lo_idx, hi_idx;
  reg  [2*NA-1:0]  sac_v;
  reg  [12*NA-1:0] sac_idx;
  reg  [63:0]      c_lo, c_hi;
  reg  [7:0]       c_d;
  reg  [3:0]       c_sh;
  reg              c_en;
  integer          ka;
  always @* begin : p_idx
    lo_idx  = {7*NA{1'b0}};
    hi_idx  = {7*NA{1'b0}};
    sac_v   = {2*NA{1'b0}};
    sac_idx = {12*NA{1'b0}};
    c_sh    = (ent_flags_i[1] && ent_el_i != 2'd3) ? {2'b11, ent_el_i} : {2'b10, ent_el_i};
    for (ka = 0; ka < NA; ka = ka + 1) begin
      c_lo = trcacvr_i[64*(2*ka) +: 64];
      c_hi = trcacvr_i[64*(2*ka+1) +: 64];
      c_en = (trcviiectlr_i[ka] || trcviiectlr_i[16+ka]) &&
             !trcacatr_i[64*(2*ka) + {28'd0, c_sh}];
      // first instruction >= low, first instruction > high
      c_d  = c_lo[7:0] - ent_addr_i[7:0] + 8'd3;
      lo_idx[7*ka +: 7] = !c_en ? 7'd127 : (c_lo <= ent_addr_i) ? 7'd0 :
                          (c_lo > a_last) ? 7'd127 : {1'b0, c_d[7:2]};
      c_d  = c_hi[7:0] - ent_addr_i[7:0];
      hi_idx[7*ka +: 7] = !c_en ? 7'd0 : (c_hi < ent_addr_i) ? 7'd0 :
                          (c_hi >= a_last) ? 7'd127 : {1'b0, c_d[7:2]} + 7'd1;
    end
    for (ka = 0; ka < 2 * NA; ka = ka + 1) begin
      c_lo = trcacvr_i[64*ka +: 64];
      c_en = (trcvissctlr_i[ka] || trcvissctlr_i[16+ka]) && !trcacatr_i[64*ka + {28'd0, c_sh}];
      c_d  = c_lo[7:0] - ent_addr_i[7:0];
      sac_v[ka] = c_en && (c_lo >= ent_addr_i) && (c_lo <= a_last) && (c_d[1:0] == 2'd0);
      sac_idx[6*ka +: 6] = c_d[7:2];
    end
  end

  reg [7*NA-1:0]  s2_lo_idx_q, s2_hi_idx_q;
  reg [2*NA-1:0]  s2_sac_v_q;
  reg [12*NA-1:0] s2_sac_idx_q;
  reg [5:0]       s2_npre_q;

  reg         s2_valid_d;
  reg         s2_marker_q, s2_vi_q, s2_bb_q, s2_tsev_q;
  reg [2:0]   s2_kind_q;
  reg [63:0]  s2_addr_q, s2_pc_last_q, s2_ts_q;
  reg [3:0]   s2_iclass_q, s2_flags_q, s2_ev_q;
  reg [1:0]   s2_isa_q, s2_el_q, s2_from_el_q;
  reg [4:0]   s2_exc_type_q;
  reg [20:0]  s2_cyc_q;

  always @* begin
    s2_valid_d = s2_valid_q;
    if (s3_ready)
      s2_valid_d = 1'b0;
    if (s2_go)
      s2_valid_d = 1'b1;
    if (start_i)
      s2_valid_d = 1'b0;
  end

  always @(posedge clk_i) begin
    if (!rst_ni)
      s2_valid_q <= 1'b0;
    else
      s2_valid_q <= s2_valid_d;
  end

  // the payload only moves with a handshake (no reset needed)
  always @(posedge clk_i) begin
    if (s2_go) begin
      s2_marker_q   <= ent_marker_i;
      s2_kind_q     <= ent_kind_i;
      s2_addr_q     <= ent_addr_i;
      s2_pc_last_q  <= pc_last;
      s2_iclass_q   <= ent_iclass_i;
      s2_flags_q    <= ent_flags_i;
      s2_isa_q      <= ent_isa_i;
      s2_el_q       <= ent_el_i;
      s2_from_el_q  <= ent_from_el_i;
      s2_exc_type_q <= ent_exc_type_i;
      s2_cyc_q      <= ent_cyc_i;
      s2_ts_q       <= ent_ts_i;
      s2_vi_q       <= r_el_ok && r_event;   // D6.8.1: E, N (uniform in a run)
      s2_lo_idx_q   <= lo_idx;
      s2_hi_idx_q   <= hi_idx;
      s2_sac_v_q    <= sac_v;
      s2_sac_idx_q  <= sac_idx;
      s2_npre_q     <= multi ? ent_last_i[7:2] : 6'd0;
      s2_bb_q       <= r_bb;
      s2_ev_q       <= r_ev;
      s2_tsev_q     <= r_tsev;
    end
  end

  // ==========================================================================
  // S4 - S7
  // ==========================================================================
  wire                 s6_raise, s6_ack, s6_idle, s4_valid, s5_ready, s5_valid, s6_ready;
  wire [7:0]           s6_raise_item;
  wire [PD_W-1:0] s4_desc;
  wire [PC_W-1:0] s5_desc;

  // ==========================================================================
  // S3: ViewInst per sub-run
  // ==========================================================================
  localparam EW = 243;
  wire [EW-1:0] s2_ent = {s2_marker_q, s2_kind_q, s2_addr_q, s2_pc_last_q, s2_iclass_q,
                          s2_flags_q, s2_isa_q, s2_el_q, s2_from_el_q, s2_exc_type_q, s2_cyc_q,
                          s2_ts_q, s2_vi_q, s2_bb_q, s2_ev_q, s2_tsev_q};
  wire [EW-1:0] s3_ent;
  wire          s3_valid, s3_has_sub, s3_final, s3_i_sub, s3_st_sub, s3_sp_sub;
  wire          s3_i_last, s3_st_last, s3_sp_last;
  wire [63:0]   s3_sub_addr;

  ete_pipe_view #(
    .NUM_ACPAIRS (NUM_ACPAIRS),
    .EW          (EW)
  ) u_view (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .start_i        (start_i),
    .trcviiectlr_i  (trcviiectlr_i),
    .trcvissctlr_i  (trcvissctlr_i),
    .in_valid_i     (s2_valid_q),
    .in_ready_o     (s3_ready),
    .in_ent_i       (s2_ent),
    .in_run_i       (s2_kind_q == K_INSN && !s2_marker_q),
    .in_addr_i      (s2_addr_q),
    .in_npre_i      (s2_npre_q),
    .in_lo_idx_i    (s2_lo_idx_q),
    .in_hi_idx_i    (s2_hi_idx_q),
    .in_sac_v_i     (s2_sac_v_q),
    .in_sac_idx_i   (s2_sac_idx_q),
    .out_valid_o    (s3_valid),
    .out_ready_i    (s4_ready),
    .out_ent_o      (s3_ent),
    .out_has_sub_o  (s3_has_sub),
    .out_final_o    (s3_final),
    .out_sub_addr_o (s3_sub_addr),
    .out_i_sub_o    (s3_i_sub),
    .out_st_sub_o   (s3_st_sub),
    .out_sp_sub_o   (s3_sp_sub),
    .out_i_last_o   (s3_i_last),
    .out_st_last_o  (s3_st_last),
    .out_sp_last_o  (s3_sp_last)
  );

  wire        e_marker, e_vi, e_bb, e_tsev;
  wire [2:0]  e_kind;
  wire [63:0] e_addr, e_pc_last, e_ts;
  wire [3:0]  e_iclass, e_flags, e_ev;
  wire [1:0]  e_isa, e_el, e_from_el;
  wire [4:0]  e_exc_type;
  wire [20:0] e_cyc;
  assign {e_marker, e_kind, e_addr, e_pc_last, e_iclass, e_flags, e_isa, e_el, e_from_el,
          e_exc_type, e_cyc, e_ts, e_vi, e_bb, e_ev, e_tsev} = s3_ent;

  ete_pipe_elem #(
    .CCSIZE   (CCSIZE),
    .SYNC_LAG (ETE_SYNC_LAG)
  ) u_elem (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .trcconfigr_i  (cfg_r),
    .trcccctlr_i   (trcccctlr_i),
    .trcvictlr_i   (trcvictlr_i),
    .start_i       (start_i),
    .finish_i      (finish_i),
    .en_o          (s4_en),
    .fin_pend_o    (s4_fin_pend),
    .up_empty_i    (!s2_valid_q),                  // an entry taken with finish_i counts
    .in_valid_i    (s3_valid),
    .in_ready_o    (s4_ready),
    .in_marker_i   (e_marker),
    .in_kind_i     (e_kind),
    .in_addr_i     (e_addr),
    .in_pc_last_i  (e_pc_last),
    .in_has_sub_i  (s3_has_sub),
    .in_final_i    (s3_final),
    .in_sub_addr_i (s3_sub_addr),
    .in_vi_sub_i   (e_vi && s3_i_sub),
    .in_ss_start_sub_i (s3_st_sub),
    .in_ss_stop_sub_i  (s3_sp_sub),
    .in_iclass_i   (e_iclass),
    .in_flags_i    (e_flags),
    .in_isa_i      (e_isa),
    .in_el_i       (e_el),
    .in_from_el_i  (e_from_el),
    .in_exc_type_i (e_exc_type),
    .in_cyc_i      (s3_final ? e_cyc : 21'd0),     // the entry's clocks, with its last item
    .in_ts_i       (e_ts),
    .in_vi_i       (e_vi && s3_i_last),
    .in_ss_start_i (s3_st_last),
    .in_ss_stop_i  (s3_sp_last),
    .in_bb_i       (e_bb),
    .in_ev_i       (s3_final ? e_ev : 4'd0),        // R_WJPTE: per entry, at its end
    .in_tsev_i     (s3_final && e_tsev),
    .raise_i       (s6_raise),
    .raise_item_i  (s6_raise_item),
    .sync_ack_i    (s6_ack),
    .out_valid_o   (s4_valid),
    .out_ready_i   (s5_ready),
    .out_desc_o    (s4_desc)
  );

  ete_pipe_cmpr #(
    .RS_DEPTH (RS_DEPTH)
  ) u_cmpr (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .start_i     (start_i),
    .in_valid_i  (s4_valid),
    .in_ready_o  (s5_ready),
    .in_desc_i   (s4_desc),
    .out_valid_o (s5_valid),
    .out_ready_i (s6_ready),
    .out_desc_o  (s5_desc)
  );

  ete_pipe_pkt #(
    .COMMOPT   (COMMOPT),
    .PKT_BYTES (PKT_BYTES)
  ) u_pkt (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .start_i       (start_i),
    .sync_period_i (sync_period),
    .cfg_cci_i     (trcconfigr_i[4]),
    .cc_thr_i      (trcccctlr_i[11:0]),
    .in_valid_i    (s5_valid),
    .in_ready_o    (s6_ready),
    .in_desc_i     (s5_desc),
    .raise_o       (s6_raise),
    .raise_item_o  (s6_raise_item),
    .sync_ack_o    (s6_ack),
    .idle_o        (s6_idle),
    .pkt_valid_o   (pkt_valid_o),
    .pkt_ready_i   (pkt_ready_i),
    .pkt_data_o    (pkt_data_o),
    .pkt_len_o     (pkt_len_o)
  );

  assign finish_done_o = !s4_en && !s4_fin_pend && !s2_valid_q && !s3_valid && !s4_valid &&
                         s6_idle;

  // inputs the core does not use (the stall is the shell's; the trace ID the
  // output formatter's)
  wire unused_ok = &{1'b0, trcstallctlr_i, trctraceidr_i, trcsyncpr_i[31:5], CCITMIN[0],
                     r_ie_ok, r_ss_start, r_ss_stop};

`ifdef FORMAL
  // ==========================================================================
  // Formal (formal/ete_pipe.sby, docs/ete-formal.md).  Properties on the
  // ports of ete_pipe and of its stage instances only (the wires below), so
  // that they hold whatever each stage keeps inside.
  // ==========================================================================
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;

  // a trace session: from start_i to finish_i
  reg f_sess_q = 1'b0;
  always @(posedge clk_i) begin
    if (!rst_ni)        f_sess_q <= 1'b0;
    else if (start_i)   f_sess_q <= 1'b1;
    else if (finish_i)  f_sess_q <= 1'b0;
  end

`ifdef FV_ETE_PIPE_TOP
  // ---- the port contract, assumed at the proof's top (ete_unit keeps it:
  // formal/ete_unit.sby asserts the start rule there)
  always @* if (!f_past_valid) assume (!rst_ni);
  // the programming registers are written only while the unit is Idle
  // (R_RWYQD): they change only after a clock with the core finished and
  // no session open
  reg f_quiet_q = 1'b0;
  always @(posedge clk_i) f_quiet_q <= rst_ni && finish_done_o && !f_sess_q && !start_i;
  always @(posedge clk_i) if (f_past_valid && !f_quiet_q) begin
    assume ({trcconfigr_i, trceventctl0r_i, trceventctl1r_i, trcstallctlr_i, trctsctlr_i,
             trcsyncpr_i, trcccctlr_i, trcbbctlr_i, trctraceidr_i, trcvictlr_i,
             trcviiectlr_i, trcvissctlr_i} ==
            $past({trcconfigr_i, trceventctl0r_i, trceventctl1r_i, trcstallctlr_i, trctsctlr_i,
                   trcsyncpr_i, trcccctlr_i, trcbbctlr_i, trctraceidr_i, trcvictlr_i,
                   trcviiectlr_i, trcvissctlr_i}));
    assume (trcrsctlr_i == $past(trcrsctlr_i));
    assume (trcacvr_i == $past(trcacvr_i));
    assume (trcacatr_i == $past(trcacatr_i));
  end
  // start_i only while the core is idle (ete_regs: from Idle through
  // Enabling), never with finish_i; finish_i once per session; entries
  // only inside a session and not in the finish clock (ete_regs raises
  // finish_i once the entry FIFO is empty)
  always @* if (rst_ni) begin
    if (start_i)     assume (finish_done_o && !finish_i);
    if (finish_i)    assume (f_sess_q);
    if (ent_valid_i) assume (f_sess_q && !start_i && !finish_i);
  end
`ifdef FV_ETE_PIPE_COVER
  // covers only (a witness with small values is a witness): timestamps in
  // the low 8 bits, cycle deltas below 64
  always @* begin
    assume (ent_ts_i[63:8] == 56'd0);
    assume (ent_cyc_i[20:6] == 15'd0);
  end
`endif
  // the entry stream obeys valid/ready
  fv_vr_check #(.W (1 + 3 + 64 + 8 + 4 + 4 + 2 + 2 + 2 + 5 + 8 + 21 + 64), .ASSUME (1)) f_ent_vr (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (ent_valid_i), .ready_i (ent_ready_o),
    .data_i ({ent_marker_i, ent_kind_i, ent_addr_i, ent_last_i, ent_iclass_i, ent_flags_i,
              ent_isa_i, ent_el_i, ent_from_el_i, ent_exc_type_i, ent_ext_in_i, ent_cyc_i,
              ent_ts_i})
  );
`endif

  // ---- 1. valid/ready at every stage boundary: a valid stays until ready,
  // the payload holds while valid && !ready
  fv_vr_check #(.W (EW + 6 + 7*NA*2 + 2*NA + 12*NA), .ASSUME (0)) f_s2_vr (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (s2_valid_q), .ready_i (s3_ready),
    .data_i ({s2_ent, s2_npre_q, s2_lo_idx_q, s2_hi_idx_q, s2_sac_v_q, s2_sac_idx_q})
  );
  fv_vr_check #(.W (EW + 72), .ASSUME (0)) f_s3_vr (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (s3_valid), .ready_i (s4_ready),
    .data_i ({s3_ent, s3_has_sub, s3_final, s3_sub_addr, s3_i_sub, s3_st_sub, s3_sp_sub,
              s3_i_last, s3_st_last, s3_sp_last})
  );
  fv_vr_check #(.W (PD_W), .ASSUME (0)) f_s4_vr (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (s4_valid), .ready_i (s5_ready),
    .data_i (s4_desc)
  );
  fv_vr_check #(.W (PC_W), .ASSUME (0)) f_s5_vr (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (s5_valid), .ready_i (s6_ready),
    .data_i (s5_desc)
  );
  fv_vr_check #(.W (8 * PKT_BYTES + 6), .ASSUME (0)) f_pkt_vr (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (pkt_valid_o), .ready_i (pkt_ready_i),
    .data_i ({pkt_len_o, pkt_data_o})
  );

  // handshakes
  wire f_ent_go = ent_valid_i && ent_ready_o;            // S2 takes an entry
  wire f_s4_go  = s3_valid && s4_ready;                   // S4 takes an item
  wire f_s5_go  = s4_valid && s5_ready;                   // S5 takes a descriptor
  wire f_s6_go  = s5_valid && s6_ready;                   // S6 takes a descriptor
  // a stage output holds a new value: valid and not the one of last clock
  reg  f_s3_v_q = 1'b0, f_s4_v_q = 1'b0, f_s5_v_q = 1'b0;
  reg  f_s4_go_q = 1'b0, f_s5_go_q = 1'b0, f_s6_go_q = 1'b0;
  always @(posedge clk_i) begin
    f_s3_v_q  <= rst_ni && s3_valid && !s4_ready;
    f_s4_v_q  <= rst_ni && s4_valid && !s5_ready;
    f_s5_v_q  <= rst_ni && s5_valid && !s6_ready;
    f_s4_go_q <= rst_ni && !start_i && f_s4_go;
    f_s5_go_q <= rst_ni && !start_i && f_s5_go;
    f_s6_go_q <= rst_ni && !start_i && f_s6_go;
  end
  wire f_s4_new = s4_valid && !f_s4_v_q;                  // a descriptor S4 just made
  wire f_s5_new = s5_valid && !f_s5_v_q;

  // ---- 2. counting, S2 .. S4: every entry S2 takes reaches S4 exactly
  // once as its final item (a run split by S3 as sub-runs before it),
  // unchanged; so do its overflow markers and its P0 elements (INSN runs
  // ending in a P0 instruction class, EXC, RESET: what S4 turns into an
  // atom, an Exception or a PE Reset packet).
  function f_is_p0;
    input       mk;
    input [2:0] kind;
    input [3:0] ic;
    begin
      f_is_p0 = !mk && ((kind == 3'd1) || (kind == 3'd2) ||
                        (kind == K_INSN && (ic == 4'd1 || ic == 4'd2 || ic == 4'd3 ||
                         ic == 4'd4 || ic == 4'd5 || ic == 4'd6 || ic == 4'd7 ||
                         ic == 4'd8 || ic == 4'd9 || ic == 4'd11)));
    end
  endfunction
  wire f_s4_fin_go = f_s4_go && s3_final;
  reg [1:0] f_fly_q = 2'd0, f_fly_mk_q = 2'd0, f_fly_p0_q = 2'd0;   // in S2 .. S3
  always @(posedge clk_i) begin
    if (!rst_ni || start_i) begin
      f_fly_q    <= 2'd0;
      f_fly_mk_q <= 2'd0;
      f_fly_p0_q <= 2'd0;
    end else begin
      f_fly_q    <= f_fly_q + {1'b0, f_ent_go} - {1'b0, f_s4_fin_go};
      f_fly_mk_q <= f_fly_mk_q + {1'b0, f_ent_go && ent_marker_i} -
                    {1'b0, f_s4_fin_go && e_marker};
      f_fly_p0_q <= f_fly_p0_q + {1'b0, f_ent_go && f_is_p0(ent_marker_i, ent_kind_i, ent_iclass_i)} -
                    {1'b0, f_s4_fin_go && f_is_p0(e_marker, e_kind, e_iclass)};
    end
  end
  wire f_s3_fin = s3_valid && s3_final;
  always @* if (f_past_valid && rst_ni) begin
    assert (f_fly_q == {1'b0, s2_valid_q} + {1'b0, f_s3_fin});
    assert (f_fly_mk_q == {1'b0, s2_valid_q && s2_marker_q} + {1'b0, f_s3_fin && e_marker});
    assert (f_fly_p0_q == {1'b0, s2_valid_q && f_is_p0(s2_marker_q, s2_kind_q, s2_iclass_q)} +
                          {1'b0, f_s3_fin && f_is_p0(e_marker, e_kind, e_iclass)});
    // a sub-run before the last carries the entry S2 still holds (a run)
    if (s3_valid && !s3_final)
      assert (s2_valid_q && s3_ent == s2_ent && !e_marker && e_kind == K_INSN);
    // every item but a run's sub-run is its entry's final item
    if (s3_valid && (e_marker || e_kind != K_INSN)) assert (s3_final && !s3_has_sub);
  end
  // S2 holds an entry taken once: no entry is taken while S4 owes a finish
  always @* if (f_past_valid && rst_ni && s4_fin_pend) assert (!ent_ready_o);

  // ---- S4: one descriptor per item (and one for the finish flush), made
  // in the clock after the item is taken; at most one P0 element per
  // descriptor, and only from an item of that class.
  reg       f_it_p0ins_q, f_it_exc_q, f_it_rst_q, f_it_mk_q, f_it_en_q;
  always @(posedge clk_i) begin
    f_it_p0ins_q <= !e_marker && e_kind == K_INSN && s3_final && f_is_p0(1'b0, e_kind, e_iclass);
    f_it_exc_q   <= !e_marker && e_kind == 3'd1;
    f_it_rst_q   <= !e_marker && (e_kind == 3'd2 || (e_kind == 3'd1 && e_exc_type == 5'd0));
    f_it_mk_q    <= e_marker;
    f_it_en_q    <= s4_en;
  end
  wire f_d4_atom = s4_desc[PD_ATOM_L];
  wire f_d4_exc  = s4_desc[PD_EXC_L];
  wire f_d4_rst  = s4_desc[PD_RST_L];
  wire f_d4_p0   = f_d4_atom || f_d4_exc || f_d4_rst;
  always @* if (f_past_valid && rst_ni) begin
    if (f_s4_go_q) assert (f_s4_new);
    if (s4_valid) assert ({1'b0, f_d4_atom} + {1'b0, f_d4_exc} + {1'b0, f_d4_rst} <= 2'd1);
    if (f_s4_new && f_s4_go_q) begin
      if (f_d4_atom) assert (f_it_p0ins_q);
      if (f_d4_exc)  assert (f_it_exc_q && !f_it_rst_q);
      if (f_d4_rst)  assert (f_it_rst_q);
      // an overflow marker: the atoms not yet output are dropped, and it
      // makes no trace element of its own (its packets are Overflow,
      // A-Sync, Trace Info)
      if (f_it_mk_q && f_it_en_q)
        assert (s4_desc[PD_MARKER_L] && !f_d4_p0 && !s4_desc[PD_RES_L] && !s4_desc[PD_TON_L] &&
                !s4_desc[PD_TXF_L] && !s4_desc[PD_TXS7_L] && !s4_desc[PD_CC_L] &&
                !s4_desc[PD_TX11_L] && s4_desc[PD_EV_L +: 4] == 4'd0 && !s4_desc[PD_TS_L] &&
                !s4_desc[PD_FIN_L]);
      if (s4_desc[PD_OVF_L]) assert (f_it_mk_q && s4_desc[PD_SYNC_L]);
      if (!f_it_mk_q) assert (!s4_desc[PD_MARKER_L] && !s4_desc[PD_OVF_L]);
      // disabled: the item is ignored
      if (!f_it_en_q) assert (!f_d4_p0 && !s4_desc[PD_MARKER_L]);
    end
    // a descriptor made without an item: the finish flush (or nothing)
    if (f_s4_new && !f_s4_go_q) assert (!f_d4_p0 && !s4_desc[PD_MARKER_L] && !s4_desc[PD_OVF_L]);
  end

  // ---- S5: one descriptor out per descriptor in, the S4 fields unchanged
  // (the P0 element, the marker and the Overflow among them)
  reg [PD_W-1:0] f_s5_in_q;
  always @(posedge clk_i) if (f_s5_go) f_s5_in_q <= s4_desc;
  always @* if (f_past_valid && rst_ni) begin
    if (f_s5_go_q) assert (f_s5_new && s5_desc[PD_W-1:0] == f_s5_in_q);
    if (f_s5_new)  assert (f_s5_go_q);
  end

`ifdef FV_ETE_PIPE_BOUNDED
  // ---- bounded checks (bmc task): properties that hang on state a stage
  // keeps inside, which the port wires cannot pin down for induction
  // (a bundle is 1 .. PKT_BYTES bytes: checked on S6's ports,
  // formal/ete_pipe_pkt_ports.sby, task bmc_ovf)
  // S4 loses no P0 element: with no start/stop comparator and SSSTATUS
  // started (TRCVICTLR.SSSTATUS), an enabled INSN run whose last
  // instruction is P0 class and ViewInst (E, I, N) gives an atom (R_XCJGD).
  reg f_it_vi_q;
  always @(posedge clk_i) f_it_vi_q <= e_vi && s3_i_last;
  always @* if (f_past_valid && rst_ni && f_s4_new && f_s4_go_q && f_it_en_q && f_it_p0ins_q &&
                f_it_vi_q && trcvissctlr_i == 32'd0 && trcvictlr_i[9])
    assert (f_d4_atom);

  // (3. Overflow before any later trace is checked on S6's ports:
  // formal/ete_pipe_pkt_ports.sby, task bmc_ovf)
`endif

`ifdef FV_ETE_PIPE_LIVE
  // ---- 4. progress (live task, pkt_ready_i held high: the fairness the
  // drain needs): while the core holds work (an entry, item, descriptor,
  // packet or bundle in S2 .. S7, or a finish owed), some stage moves it
  // within F_GAP clocks: S2 takes an entry, S3 takes S2's entry, S3, S4 or
  // S5 makes a new output, S6 takes a descriptor or a bundle leaves.  The
  // quiet clocks are S3's first half of a split run's minimum and S6's
  // chunk and bundle registers filling.  docs/ete-formal.md turns this into
  // the drain bound.
  localparam [1:0] F_GAP = 2'd3;
  wire f_s3_new = s3_valid && !f_s3_v_q;
  wire f_work   = s2_valid_q || s3_valid || s4_valid || !s6_idle || (s4_en && s4_fin_pend);
  wire f_event  = f_ent_go || (s2_valid_q && s3_ready) || f_s3_new || f_s4_new || f_s5_new ||
                  f_s6_go || (pkt_valid_o && pkt_ready_i);
  reg  [1:0] f_gap_q = 2'd0;             // clocks with work and no move
  always @(posedge clk_i) begin
    if (!rst_ni || start_i || !f_work || f_event) f_gap_q <= 2'd0;
    else if (f_gap_q != 2'd3)                     f_gap_q <= f_gap_q + 2'd1;
  end
  always @* if (f_past_valid && rst_ni) begin
    assume (pkt_ready_i);
    assert (f_gap_q < F_GAP);
  end
`endif

  // ---- 5. covers: every packet class the core emits, as the first packet
  // of a bundle or as the second after a packet of known length (Trace On,
  // Context Same, a one-byte packet; A-Sync; Overflow)
  localparam F_NCLS = 30;
  function f_cls;                        // packet class c starts with bytes x0 x1 x2
    input [4:0] c;
    input [7:0] x0, x1, x2;
    begin
      case (c)
        5'd0:  f_cls = x0 == 8'h00 && x1 == 8'h05;                          // Overflow
        5'd1:  f_cls = x0 == 8'h00 && x1 == 8'h00;                          // A-Sync
        5'd2:  f_cls = x0 == 8'h00 && x1 == 8'h03;                          // Discard
        5'd3:  f_cls = x0 == 8'h01;                                         // Trace Info
        5'd4:  f_cls = x0 == 8'h04;                                         // Trace On
        5'd5:  f_cls = x0 == 8'h02;                                         // Timestamp
        5'd6:  f_cls = x0 == 8'h03;                                         // ... with cycle count
        5'd7:  f_cls = x0 == 8'h06 && x1[6:2] != 5'h18 && x2 != 8'h70;      // Exception
        5'd8:  f_cls = x0 == 8'h06 && x1[6:2] != 5'h18 && x2 == 8'h70;      // PE Reset
        5'd9:  f_cls = x0 == 8'h06 && x1[6:2] == 5'h18 && x2 == 8'h70;      // Transaction Failure
        5'd10: f_cls = x0 == 8'h0A;                                         // Transaction Start
        5'd11: f_cls = x0 == 8'h0B;                                         // Transaction Commit
        5'd12: f_cls = x0 == 8'h80;                                         // Context Same
        5'd13: f_cls = x0 == 8'h81;                                         // Context
        5'd14: f_cls = x0[7:2] == 6'b100100;                                // Address exact
        5'd15: f_cls = x0 == 8'h95 || x0 == 8'h96;                          // Address short
        5'd16: f_cls = x0 == 8'h9A || x0 == 8'h9B;                          // Address long 32
        5'd17: f_cls = x0 == 8'h9D || x0 == 8'h9E;                          // Address long 64
        5'd18: f_cls = x0 == 8'h82 || x0 == 8'h83 || x0 == 8'h85 || x0 == 8'h86;  // Address + Context
        5'd19: f_cls = (COMMOPT != 0) ? (x0 == 8'h0F) : (x0 == 8'h0F && x1 == 8'h00);  // Cycle Count unknown
        5'd20: f_cls = x0 == 8'h0E;                                         // Cycle Count F1
        5'd21: f_cls = x0 == 8'h0D;                                         // Cycle Count F2
        5'd22: f_cls = x0[7:2] == 6'b000100;                                // Cycle Count F3
        5'd23: f_cls = x0[7:4] == 4'h7 && x0[3:0] != 4'h0;                  // Event
        5'd24: f_cls = x0[7:1] == 7'b1111011;                               // Atom F1
        5'd25: f_cls = x0[7:2] == 6'b110110;                                // Atom F2
        5'd26: f_cls = x0[7:3] == 5'b11111;                                 // Atom F3
        5'd27: f_cls = x0[7:2] == 6'b110111;                                // Atom F4
        5'd28: f_cls = x0 == 8'hF5 || x0 == 8'hD5 || x0 == 8'hD6 || x0 == 8'hD7;  // Atom F5
        default: f_cls = (x0 >= 8'hC0 && x0 <= 8'hD4) || (x0 >= 8'hE0 && x0 <= 8'hF4);  // Atom F6
      endcase
    end
  endfunction
  wire [7:0] f_b0 = pkt_data_o[7:0];
  wire [7:0] f_b1 = pkt_data_o[15:8];
  // the first packet is one byte long: Trace On, Context Same, Transaction
  // Start / Commit, Event, an atom, an exact address, Cycle Count F3 (and
  // unknown with the commit)
  wire f_one = pkt_len_o >= 6'd2 &&
               (f_b0 == 8'h04 || f_b0 == 8'h80 || f_b0 == 8'h0A || f_b0 == 8'h0B ||
                (f_b0[7:4] == 4'h7 && f_b0 != 8'h70) || f_b0 >= 8'hC0 || f_b0[7:2] == 6'b100100 ||
                f_b0[7:2] == 6'b000100 || (COMMOPT != 0 && f_b0 == 8'h0F));
  wire f_as  = pkt_len_o >= 6'd13 && f_cls(5'd1, f_b0, f_b1, 8'h00);   // A-Sync first
  wire f_ov  = pkt_len_o >= 6'd3 && f_cls(5'd0, f_b0, f_b1, 8'h00);    // Overflow first
  wire f_out = f_past_valid && rst_ni && pkt_valid_o && pkt_ready_i;
  genvar gc;
  generate
    for (gc = 0; gc < F_NCLS; gc = gc + 1) begin : g_f_cls
      localparam [4:0] F_C = gc;
      always @(posedge clk_i) if (f_out)
        cover (f_cls(F_C, f_b0, f_b1, pkt_data_o[23:16]) ||
               (f_one && f_cls(F_C, f_b1, pkt_data_o[23:16], pkt_data_o[31:24])) ||
               (f_ov && f_cls(F_C, pkt_data_o[23:16], pkt_data_o[31:24], pkt_data_o[39:32])) ||
               (f_as && f_cls(F_C, pkt_data_o[103:96], pkt_data_o[111:104], pkt_data_o[119:112])));
    end
  endgenerate
`endif

endmodule

`default_nettype wire
