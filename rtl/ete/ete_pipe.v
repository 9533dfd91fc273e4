// ETE pipelined encoder core (docs/ete-rtl-pipeline.md): input-FIFO entries
// (blocks, docs/pe-blocks.md) in, one per clock at best, ETE trace packets
// out, byte for byte the C model's block path (ete_model_block,
// ete_model_overflow at the markers, ete_model_finish) with
// ete_params.sync_lag = ETE_SYNC_LAG (ete_pipe_desc.vh, docs/ete-rtl-pipeline.md 3.3).
//
// Stages (every boundary a registered valid/ready interface):
//   S2  here, two register stages (S2a, S2b) and a skid to S3: resources
//       of the entry (ete_enc_res in S2a: EL filter, ViewInst event, Event
//       elements, timestamp event), the address comparators on the run and
//       the branch broadcasting region of its last instruction
//   S4  ete_pipe_elem: the element (trace on/off, P0 element, atoms,
//       exceptions, context, transactions, cycle count, timestamp, sync)
//   S5  ete_pipe_cmpr: return stack, address history, address form
//   S6  ete_pipe_pkt: S6a atom packing and packet bytes into a slot bank,
//       S6b at most two packets per clock out of it, sync byte count
//   S7  ete_pipe_pkt: the bundle register (pkt0 | pkt1 << 8 * len0)
//   S3  ete_pipe_view: ViewInst per sub-run (a run split at the address
//       comparator edges inside it, one sub-run per clock)
// S2 also gives S3 the instruction indices at which each comparator of the
// address filters matches (one subtraction C - A per comparator value, in
// chunks), and A[63:8] + 1 for S3's addresses.
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

  // active-high synchronous reset for the clocked blocks (common_rst_inv)
  wire rst_s;
  common_rst_inv u_rst_inv (.rst_ni (rst_ni), .rst_o (rst_s));

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
    // S4 measures a fresh raise's distance against 127 - ETE_SYNC_LAG
    if (ETE_SYNC_LAG < 1 || ETE_SYNC_LAG > 127) begin : g_bad_lag
      ete_pipe_ETE_SYNC_LAG_must_be_1_to_127 u_bad ();
    end
    if (PKT_BYTES < 20 || PKT_BYTES > 63) begin : g_bad_pkt
      ete_pipe_PKT_BYTES_must_be_20_to_63 u_bad ();
    end
  endgenerate

  localparam [1:0] ISA_T32 = 2'd2;
  localparam [2:0] K_INSN  = 3'd0;
  localparam [2:0] K_EXC   = 3'd1;
  localparam [2:0] K_RESET = 3'd2;
  localparam [2:0] K_TFAIL = 3'd3;
  localparam [2:0] K_CTX   = 3'd4;
  localparam [3:0] IC_B       = 4'd1;
  localparam [3:0] IC_BCOND   = 4'd2;
  localparam [3:0] IC_BL      = 4'd3;
  localparam [3:0] IC_BR      = 4'd4;
  localparam [3:0] IC_BLR     = 4'd5;
  localparam [3:0] IC_RET     = 4'd6;
  localparam [3:0] IC_ERET    = 4'd7;
  localparam [3:0] IC_ISB     = 4'd8;
  localparam [3:0] IC_WFX     = 4'd9;
  localparam [3:0] IC_TSTART  = 4'd11;
  localparam [3:0] IC_TCOMMIT = 4'd12;
  localparam [4:0] EXC_PE_RESET = 5'h00;
  localparam [4:0] EXC_SERROR   = 5'h04;

  // TRCCONFIGR.RS has no effect without a return stack (docs/ete-rtl-encoder.md)
  wire [31:0] cfg_r = (RS_DEPTH > 0) ? trcconfigr_i : (trcconfigr_i & ~32'h0000_1000);
  // TRCSYNCPR.PERIOD: 8..20, the reserved values turn it off (as ete_encoder)
  wire [4:0] sync_period = (trcsyncpr_i[4:0] >= 5'd8 && trcsyncpr_i[4:0] <= 5'd20) ?
                           trcsyncpr_i[4:0] : 5'd0;

  // ==========================================================================
  // S2: the resources and address comparators of the entry, in two register
  // stages, and the skid to S3.
  //
  //   S2a (a_*_q): the entry as taken, with the first half of the
  //     comparisons of each comparator value C = TRCACVR n with the run's
  //     first address A: D = C - A as a low byte (its value d and its
  //     borrow) and four 14-bit chunks of bits [63:8], each subtracted on
  //     its own: its borrow (g), whether its difference is 0 or 1 (zr: bits
  //     [13:1] zero, x0: bit 0); d against L, and d's index forms; npre -
  //     1; which chunks of A[63:8] are all ones; and which comparators
  //     TRCACATR admits in the entry's EL and Security state.
  //   S2b (combinational, into the skid): the chunk borrows resolved, per C:
  //     C < A (neg) and 0 <= C - A <= 255 (inr).  A run is at most 255 bytes
  //     (L = last) and does not wrap the address space (docs/pe-blocks.md
  //     rule 6; the model rejects such a run), so its last address A + L is
  //     compared through the same D: C <= A + L is neg or (inr and d <= L).
  //     From these: the indices S3 needs (D7.4.1, D7.4.2), the static part
  //     of S3's edge filter (an edge inside instructions 1 .. npre-1), I and
  //     the start/stop matches at the run's last instruction (D6.17 - D6.26),
  //     the ARC matches at A + L (for the branch broadcasting region, formed
  //     at S3's input), and A[63:8] + 1 by chunks (S3 forms the sub-run and last addresses with
  //     an 8-bit add and a select).
  //   skid (m_q, s_q): the S2 -> S3 boundary, two entries.  S3 reads m_q; s_q
  //     takes the item S2a hands over in a clock m_q cannot.  S2 moves (adv)
  //     while s_q is empty, a register: no ready from S3 or a later stage
  //     reaches S2a's enables or ent_ready_o.
  //
  // Valid/ready: ent_ready_o depends only on registers (s_valid_q and S4's
  // pending finish); an entry moves when ent_valid_i && ent_ready_o.  To S3:
  // m_valid_q is a register and m_q holds while m_valid_q && !s3_ready.
  // ==========================================================================
  localparam NA = NUM_ACPAIRS;
  localparam NC = 2 * NUM_ACPAIRS;     // comparator values TRCACVR 0 .. NC-1
  localparam CK = 4;                   // 14-bit chunks of bits [63:8]

  wire        s4_ready, s4_en, s4_fin_pend;
  wire        s3_ready, s3_fin;
  reg         s_valid_q;
  wire        adv = !s_valid_q;        // S2 moves: the skid has room
  assign ent_ready_o = adv && !s4_fin_pend;
  wire        s2_go = ent_valid_i && ent_ready_o;

  // ---- S2a: the first half of D = C - A ------------------------------------
  // (and the low byte d = D[7:0] against L and 4 (npre - 1), which only
  // matter when 0 <= D <= 255, and the index forms of d)
  reg [NC-1:0]    a_b_d;               // C[7:0] < A[7:0]
  reg [6*NC-1:0]  a_d6_d;              // d[7:2]
  reg [NC-1:0]    a_dz_d, a_na_d, a_lel_d, a_gel_d, a_eql_d;
  reg [NC-1:0]    a_elok_d;            // TRCACATR admits the entry's EL and Security state
  reg [6*NA-1:0]  a_loc_d;             // ARC k low: ceil(d / 4)
  reg [7*NA-1:0]  a_hip_d;             // ARC k high: d / 4 + 1
  reg [CK*NC-1:0] a_g_d, a_zr_d, a_x0_d;
  reg [CK-1:0]    a_ones_d;
  reg [8:0]       t9;
  reg [14:0]      t15;
  wire [3:0]      ent_c_sh = (ent_flags_i[1] && ent_el_i != 2'd3) ? {2'b11, ent_el_i} :
                                                                    {2'b10, ent_el_i};
  integer         n2, k2;
  always @* begin : p_s2a
    a_b_d = {NC{1'b0}};  a_d6_d = {6*NC{1'b0}};
    a_dz_d = {NC{1'b0}};  a_na_d = {NC{1'b0}};  a_lel_d = {NC{1'b0}};  a_gel_d = {NC{1'b0}};
    a_eql_d = {NC{1'b0}};  a_elok_d = {NC{1'b0}};
    a_loc_d = {6*NA{1'b0}};  a_hip_d = {7*NA{1'b0}};
    a_g_d = {CK*NC{1'b0}};  a_zr_d = {CK*NC{1'b0}};  a_x0_d = {CK*NC{1'b0}};
    t9 = 9'd0;  t15 = 15'd0;
    for (n2 = 0; n2 < NC; n2 = n2 + 1) begin
      t9 = {1'b0, trcacvr_i[64*n2 +: 8]} - {1'b0, ent_addr_i[7:0]};
      a_b_d[n2]         = t9[8];
      a_d6_d[6*n2 +: 6] = t9[7:2];
      a_dz_d[n2]        = t9[7:0] == 8'd0;
      a_na_d[n2]        = t9[1:0] != 2'd0;       // d is not a multiple of 4
      a_lel_d[n2]       = t9[7:0] <= ent_last_i;
      a_gel_d[n2]       = t9[7:0] >= ent_last_i;
      a_eql_d[n2]       = t9[7:0] == ent_last_i;
      // TRCACATR.EXLEVEL_S / EXLEVEL_NS bit of the entry's EL and Security
      // state (D7.4.1, D7.4.2; EL3 is always Secure)
      a_elok_d[n2]      = !trcacatr_i[64*n2 + {28'd0, ent_c_sh}];
      if (n2 % 2 == 0)
        a_loc_d[6*(n2/2) +: 6] = t9[7:2] + {5'd0, |t9[1:0]};
      else
        a_hip_d[7*(n2/2) +: 7] = {1'b0, t9[7:2]} + 7'd1;
      for (k2 = 0; k2 < CK; k2 = k2 + 1) begin
        t15 = {1'b0, trcacvr_i[64*n2 + 8 + 14*k2 +: 14]} - {1'b0, ent_addr_i[8 + 14*k2 +: 14]};
        a_g_d[CK*n2 + k2]  = t15[14];
        a_zr_d[CK*n2 + k2] = (t15[13:1] == 13'd0);
        a_x0_d[CK*n2 + k2] = t15[0];
      end
    end
    for (k2 = 0; k2 < CK; k2 = k2 + 1)
      a_ones_d[k2] = &ent_addr_i[8 + 14*k2 +: 14];
  end

  // the entry's resources (ete_enc_res: none depends on the address): E_i
  // and the Resource Selectors on the entry, registered in S2a with it; the
  // selections (N_i, the Event elements, the timestamp event) on S2a's
  // selectors in S2b, into the skid
  wire        r_el_ok, r_event, r_tsev;
  wire [3:0]  r_ev;
  wire [15:0] r_rs;
  reg  [15:0] a_rs_q;
  ete_enc_res #(
    .NUM_EVENTS  (NUM_EVENTS),
    .NUM_EXTIN   (NUM_EXTIN)
  ) u_res (
    .trcvictlr_i     (trcvictlr_i),
    .trceventctl0r_i (trceventctl0r_i),
    .trceventctl1r_i (trceventctl1r_i),
    .trctsctlr_i     (trctsctlr_i),
    .trcrsctlr_i     (trcrsctlr_i),
    .el_i            (ent_el_i),
    .ns_i            (ent_flags_i[1]),
    .ext_in_i        (ent_ext_in_i),
    .vi_el_ok_o      (r_el_ok),
    .rs_o            (r_rs),
    .rs_i            (a_rs_q),
    .vi_event_o      (r_event),
    .events_o        (r_ev),
    .ts_event_o      (r_tsev)
  );

  // a run of more than one A64/A32 instruction: npre instructions before its last
  wire       multi = (ent_kind_i == K_INSN) && (ent_last_i != 8'd0) && (ent_isa_i != ISA_T32);

  reg         a_valid_q, a_valid_d;
  reg         a_marker_q, a_multi_q;
  reg [2:0]   a_kind_q;
  reg [63:0]  a_addr_q, a_ts_q;
  reg [7:0]   a_last_q;
  reg         a_elok_vi_q;             // the entry's E_i (ete_enc_res)
  reg [5:0]   a_npre_q;
  reg [3:0]   a_iclass_q, a_flags_q;
  reg [1:0]   a_isa_q, a_el_q, a_from_el_q;
  reg [4:0]   a_exc_type_q;
  reg [20:0]  a_cyc_q;
  reg [NC-1:0]    a_b_q;
  reg [6*NC-1:0]  a_d6_q;
  reg [NC-1:0]    a_dz_q, a_na_q, a_lel_q, a_gel_q, a_eql_q, a_elok_q;
  reg [5:0]       a_pm1_q;             // npre - 1 (multi): S2b's d against 4 (npre - 1)
  reg [6*NA-1:0]  a_loc_q;
  reg [7*NA-1:0]  a_hip_q;
  reg [CK*NC-1:0] a_g_q, a_zr_q, a_x0_q;
  reg [CK-1:0]    a_ones_q;

  always @* begin
    a_valid_d = a_valid_q;
    if (adv)
      a_valid_d = s2_go;
    if (start_i)
      a_valid_d = 1'b0;
  end

  always @(posedge clk_i) begin
    if (rst_s)
      a_valid_q <= 1'b0;
    else
      a_valid_q <= a_valid_d;
  end

  // the payload only moves with a handshake (no reset needed)
  always @(posedge clk_i) begin
    if (s2_go) begin
      a_marker_q   <= ent_marker_i;
      a_kind_q     <= ent_kind_i;
      a_addr_q     <= ent_addr_i;
      a_last_q     <= ent_last_i;
      a_multi_q    <= multi;
      a_npre_q     <= multi ? ent_last_i[7:2] : 6'd0;
      a_iclass_q   <= ent_iclass_i;
      a_flags_q    <= ent_flags_i;
      a_isa_q      <= ent_isa_i;
      a_el_q       <= ent_el_i;
      a_from_el_q  <= ent_from_el_i;
      a_exc_type_q <= ent_exc_type_i;
      a_elok_vi_q  <= r_el_ok;
      a_rs_q       <= r_rs;
      a_cyc_q      <= ent_cyc_i;
      a_ts_q       <= ent_ts_i;
      a_b_q        <= a_b_d;
      a_d6_q       <= a_d6_d;
      a_dz_q       <= a_dz_d;
      a_na_q       <= a_na_d;
      a_lel_q      <= a_lel_d;
      a_gel_q      <= a_gel_d;
      a_eql_q      <= a_eql_d;
      a_elok_q     <= a_elok_d;
      a_pm1_q      <= ent_last_i[7:2] - 6'd1;
      a_loc_q      <= a_loc_d;
      a_hip_q      <= a_hip_d;
      a_g_q        <= a_g_d;
      a_zr_q       <= a_zr_d;
      a_x0_q       <= a_x0_d;
      a_ones_q     <= a_ones_d;
    end
  end

  // ---- S2b: the comparisons resolved --------------------------------------
  // per comparator value n: C < A, 0 <= C - A <= 255, and against the last
  // address A + L
  reg [NC-1:0]   b_neg, b_inr, b_le_last, b_ge_last, b_eq_last, b_le_first, b_elok;
  reg [NC-1:0]   b_lep, b_ltp;
  reg [CK-1:0]   rz;
  reg            bin;
  integer        n3, k3;
  always @* begin : p_s2b_cmp
    b_neg = {NC{1'b0}};  b_inr = {NC{1'b0}};  b_le_last = {NC{1'b0}};  b_ge_last = {NC{1'b0}};
    b_eq_last = {NC{1'b0}};  b_le_first = {NC{1'b0}};  b_elok = {NC{1'b0}};
    b_lep = {NC{1'b0}};  b_ltp = {NC{1'b0}};
    rz = {CK{1'b0}};  bin = 1'b0;
    for (n3 = 0; n3 < NC; n3 = n3 + 1) begin
      // the borrow out of the chunks, C < A, as a lookahead: chunk k
      // generates one (g) or passes the one into it when its difference is
      // 0 (zr and !x0): a function of 9 registers, which synthesis
      // flattens (no chunk result is formed first)
      bin = a_b_q[n3];
      for (k3 = 0; k3 < CK; k3 = k3 + 1)
        bin = a_g_q[CK*n3 + k3] || (a_zr_q[CK*n3 + k3] && !a_x0_q[CK*n3 + k3] && bin);
      b_neg[n3] = bin;                                       // C < A
      // 0 <= C - A <= 255: every chunk of the result is zero.  Chunk 0's is
      // zero when its difference is the borrow into it (0 or 1) and not
      // negative (g: a 14-bit difference of 1 - 2^14 also leaves 1 in the
      // low bits, C 2^22 below A + d); then no borrow leaves it, so the
      // chunks above are zero when their differences are 0: no chain
      rz[0] = a_zr_q[CK*n3] && (a_x0_q[CK*n3] == a_b_q[n3]) && !a_g_q[CK*n3];
      for (k3 = 1; k3 < CK; k3 = k3 + 1)
        rz[k3] = a_zr_q[CK*n3 + k3] && !a_x0_q[CK*n3 + k3];
      b_inr[n3]      = &rz;                                  // 0 <= C - A <= 255
      b_le_first[n3] = bin || (b_inr[n3] && a_dz_q[n3]);     // C <= A
      b_le_last[n3]  = bin || (b_inr[n3] && a_lel_q[n3]);    // C <= A + L
      b_ge_last[n3]  = !bin && (!b_inr[n3] || a_gel_q[n3]);  // C >= A + L
      b_eq_last[n3]  = b_inr[n3] && a_eql_q[n3];             // C == A + L
      b_elok[n3]     = a_elok_q[n3];
      // d = D[7:0] against 4 (npre - 1), a multiple of 4 (S2a's npre - 1
      // and d's bits, registers: one carry chain each): d <= 4 (npre - 1)
      // and d < 4 (npre - 1)
      b_lep[n3]      = {a_d6_q[6*n3 +: 6], a_na_q[n3]} <= {a_pm1_q, 1'b0};
      b_ltp[n3]      = a_d6_q[6*n3 +: 6] < a_pm1_q;
    end
  end

  // the indices of the run's instructions where each comparator matches,
  // for S3 (a comparator the filter does not use, or TRCACATR disables in
  // the entry's EL and Security state, gets no index inside the run):
  //   ARC k: instructions lo_idx .. hi_idx - 1 (lo_idx the first >= low, 0
  //   when low <= A, 127 when low > A + L; hi_idx the first > high, 0 when
  //   high < A, 127 when high >= A + L)
  //   SAC n: instruction sac_idx when sac_v
  // and which of them are comparator edges inside instructions 1 .. npre-1
  // (docs/ete-rtl-pipeline.md 3.4: the model's run_edges), S3's candidates:
  //   [k] ARC k's lo_idx, [NA + k] its hi_idx, [NC + n] SAC n's sac_idx,
  //   [2 NC + n] sac_idx + 1
  reg [7*NA-1:0]  b_lo_idx, b_hi_idx;
  reg [NC-1:0]    b_sac_v;
  reg [6*NC-1:0]  b_sac_idx;
  reg [6*NC-1:0]  b_sac_idx1;          // sac_idx + 1 (S3's candidate [2 NC + n])
  reg [3*NC-1:0]  b_cand_v;
  reg [7:0]       b_hit_l;             // ARC matches at the run's last instruction
  reg [15:0]      b_shit_l;            // SAC matches there
  reg [NA-1:0]    b_arc_last;          // ARC k matches A + L (its TRCACATR filter too)
  reg             en;
  integer         k4, n4;
  always @* begin : p_s2b_idx
    b_lo_idx = {7*NA{1'b0}};  b_hi_idx = {7*NA{1'b0}};  b_sac_v = {NC{1'b0}};
    b_sac_idx = {6*NC{1'b0}};  b_sac_idx1 = {6*NC{1'b0}};  b_cand_v = {3*NC{1'b0}};
    b_hit_l = 8'd0;  b_shit_l = 16'd0;  b_arc_last = {NA{1'b0}};
    en = 1'b0;
    for (k4 = 0; k4 < NA; k4 = k4 + 1) begin
      en = (trcviiectlr_i[k4] || trcviiectlr_i[16+k4]) && b_elok[2*k4];
      b_lo_idx[7*k4 +: 7] = !en ? 7'd127 : b_le_first[2*k4] ? 7'd0 : !b_le_last[2*k4] ? 7'd127 :
                            {1'b0, a_loc_q[6*k4 +: 6]};
      b_hi_idx[7*k4 +: 7] = !en ? 7'd0 : b_neg[2*k4+1] ? 7'd0 : b_ge_last[2*k4+1] ? 7'd127 :
                            a_hip_q[7*k4 +: 7];
      // edges inside 1 .. npre-1: low in (A, A + 4 (npre - 1)], high in
      // [A, A + 4 (npre - 1))
      b_cand_v[k4]      = a_multi_q && en && b_inr[2*k4] && !a_dz_q[2*k4] && b_lep[2*k4];
      b_cand_v[NA + k4] = a_multi_q && en && b_inr[2*k4+1] && b_ltp[2*k4+1];
      // at the run's last instruction (npre; the first when npre is 0)
      b_hit_l[k4] = en && (a_multi_q ? (b_le_last[2*k4] && b_ge_last[2*k4+1]) :
                                       (b_le_first[2*k4] && !b_neg[2*k4+1]));
      b_arc_last[k4] = b_le_last[2*k4] && b_ge_last[2*k4+1] && b_elok[2*k4];
    end
    for (n4 = 0; n4 < NC; n4 = n4 + 1) begin
      en = (trcvissctlr_i[n4] || trcvissctlr_i[16+n4]) && b_elok[n4];
      b_sac_v[n4]             = en && b_inr[n4] && a_lel_q[n4] && !a_na_q[n4];
      b_sac_idx[6*n4 +: 6]    = a_d6_q[6*n4 +: 6];
      b_sac_idx1[6*n4 +: 6]   = a_d6_q[6*n4 +: 6] + 6'd1;
      b_cand_v[NC + n4]       = a_multi_q && b_sac_v[n4] && a_d6_q[6*n4 +: 6] != 6'd0 &&
                                b_lep[n4];
      b_cand_v[2*NC + n4]     = a_multi_q && b_sac_v[n4] && b_ltp[n4];
      b_shit_l[n4]            = en && (a_multi_q ? b_eq_last[n4] : (b_inr[n4] && a_dz_q[n4]));
    end
  end

  wire [7:0]  inc_sel = trcviiectlr_i[7:0];
  wire [7:0]  exc_sel = trcviiectlr_i[23:16];
  // an edge lies inside: a candidate above instruction 0 (S3's first
  // sub-run is then not the entry's last; S3 reads this, not its compare).
  // Every candidate is above instruction 0: a low edge has C > A (lo_idx =
  // ceil(d / 4) >= 1), a high edge's index is d / 4 + 1, a SAC's is
  // nonzero by its flag and sac_idx + 1 is; so any candidate will do.  Two
  // flags, the candidates of comparator values below NC / 2 and of the rest
  // (S3 reads their OR beside its own flags, in the gate it had): each is
  // an OR half as wide after S2b's compares, the skid's select last.
  reg  [1:0]  b_hn;
  integer     n6;
  always @* begin : p_s2b_hn
    b_hn = 2'b00;
    for (n6 = 0; n6 < NC; n6 = n6 + 1)
      b_hn[(2*n6) / NC] = b_hn[(2*n6) / NC] ||
                          ((n6 % 2 == 0) ? b_cand_v[n6 / 2] : b_cand_v[NA + n6 / 2]) ||
                          b_cand_v[NC + n6] || b_cand_v[2*NC + n6];
    b_hn = b_hn & {2{(a_kind_q == K_INSN) && !a_marker_q}};
  end

  wire        b_i_last  = ((inc_sel == 8'd0) || |(b_hit_l & inc_sel)) &&
                          !(|(b_hit_l & exc_sel));                   // D6.24 - D6.26
  wire        b_st_last = |(b_shit_l & trcvissctlr_i[15:0]);         // D6.17
  wire        b_sp_last = |(b_shit_l & trcvissctlr_i[31:16]);

  // A[63:8] + 1: chunk k takes the carry when the chunks below are all ones
  reg [55:0] b_ahp1;
  integer    k5;
  always @* begin : p_s2b_ahp1
    b_ahp1 = 56'd0;
    for (k5 = 0; k5 < CK; k5 = k5 + 1)
      b_ahp1[14*k5 +: 14] = a_addr_q[8 + 14*k5 +: 14] +
                            {13'd0, (k5 == 0) ? 1'b1 : &(a_ones_q | ~({CK{1'b1}} >> (CK - k5)))};
  end

  // ---- the skid: S2b's item, S3's input ------------------------------------
  // the entry fields S3 hands on to S4 (EW bits: EW0 from the entry, then
  // its resources: ViewInst's E & N, the branch broadcasting region at A +
  // L, the Event elements, the timestamp event) and S3's own inputs
  localparam EW  = 179 + DC_W;
  localparam EW0 = EW - 7 - DC_W;
  localparam MW  = EW0 + 6 + NA + 3 + 56 + 8 + 6 + 14*NA + NC + 12*NC + 3*NC + 3;
  wire [EW0-1:0] b_ent = {a_marker_q, a_kind_q, a_addr_q, a_iclass_q, a_flags_q, a_isa_q,
                          a_el_q, a_from_el_q, a_exc_type_q, a_cyc_q, a_ts_q};
  // D6.8.1: E, N (uniform in a run)
  wire [MW-1:0] b_item = {b_ent, a_elok_vi_q && r_event, r_ev, r_tsev, b_arc_last,
                          a_kind_q == K_INSN && !a_marker_q, b_hn, b_ahp1, a_last_q, a_npre_q,
                          b_lo_idx, b_hi_idx, b_sac_v, b_sac_idx, b_sac_idx1, b_cand_v,
                          b_i_last, b_st_last, b_sp_last};

  reg           m_valid_q, m_valid_d, s_valid_d;
  reg [MW-1:0]  m_q, m_d, s_q, s_d;
  wire          b_go   = adv && a_valid_q;           // S2a's item leaves
  wire          m_free = !m_valid_q || s3_ready;      // m_q is empty or S3 takes it

  always @* begin : p_skid
    m_valid_d = m_valid_q;
    s_valid_d = s_valid_q;
    m_d = m_q;
    s_d = s_q;
    if (s_valid_q) begin
      if (m_free) begin                  // the held item moves up
        m_valid_d = 1'b1;
        m_d       = s_q;
        s_valid_d = 1'b0;
      end
    end else if (m_free) begin
      m_valid_d = b_go;
      m_d       = b_item;
    end else if (b_go) begin             // S3 holds m_q: the item waits in s_q
      s_valid_d = 1'b1;
      s_d       = b_item;
    end
    if (start_i) begin
      m_valid_d = 1'b0;
      s_valid_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (rst_s) begin
      m_valid_q <= 1'b0;
      s_valid_q <= 1'b0;
    end else begin
      m_valid_q <= m_valid_d;
      s_valid_q <= s_valid_d;
    end
  end

  // the payload (no reset needed)
  always @(posedge clk_i) begin
    m_q <= m_d;
    s_q <= s_d;
  end

  wire [EW0-1:0]     m_ent0;
  wire               m_vi, m_tsev;
  wire [3:0]         m_ev;
  wire [NA-1:0]      m_arc_last;
  wire               m_run;
  wire [1:0]         m_hn;
  wire [55:0]        m_ahp1;
  wire [7:0]         m_last;
  wire [5:0]         m_npre;
  wire [7*NA-1:0]    m_lo_idx, m_hi_idx;
  wire [NC-1:0]      m_sac_v;
  wire [6*NC-1:0]    m_sac_idx, m_sac_idx1;
  wire [3*NC-1:0]    m_cand_v;
  wire               m_i_last, m_st_last, m_sp_last;
  assign {m_ent0, m_vi, m_ev, m_tsev, m_arc_last, m_run, m_hn, m_ahp1, m_last, m_npre, m_lo_idx, m_hi_idx, m_sac_v, m_sac_idx, m_sac_idx1, m_cand_v,
          m_i_last, m_st_last, m_sp_last} = m_q;
  // the branch broadcasting region at the run's last instruction (D6.10.1):
  // exclude mode everywhere but the selected ranges; include mode inside
  // them, and nowhere when no range is selected (CONSTRAINED UNPREDICTABLE;
  // this unit's choice).  S2b's ARC matches at A + L (with TRCACATR's
  // Exception level filter) are registered in the skid.
  reg [7:0]          m_arc8;
  always @* begin : p_bb_hits
    m_arc8 = 8'd0;
    m_arc8[NA-1:0] = m_arc_last;
  end
  wire               m_bb_hit = |(trcbbctlr_i[7:0] & m_arc8);
  wire               m_bb = trcbbctlr_i[8] ? ((trcbbctlr_i[7:0] != 8'd0) && m_bb_hit) : !m_bb_hit;

  // the item's class for S4 (DC_ bits, ete_pipe_desc.vh), registered in S3
  wire               m_marker   = m_ent0[EW0-1];
  wire [2:0]         m_kind     = m_ent0[EW0-2 -: 3];
  wire [3:0]         m_iclass   = m_ent0[EW0-69 -: 4];
  wire [3:0]         m_flags    = m_ent0[EW0-73 -: 4];
  wire [4:0]         m_exc_type = m_ent0[EW0-83 -: 5];
  function [DC_W-1:0] dec_of;
    input       marker;
    input [2:0] kind;
    input [3:0] iclass;
    input       ccfail;                // flags[3]
    input       takenf;                // flags[0]
    input [4:0] exc_type;
    begin
      dec_of = {DC_W{1'b0}};
      dec_of[DC_INSN]    = !marker && kind == K_INSN;
      dec_of[DC_CTX]     = !marker && kind == K_CTX;
      dec_of[DC_TFAIL]   = !marker && kind == K_TFAIL;
      dec_of[DC_RST]     = !marker && (kind == K_RESET ||
                                       (kind == K_EXC && exc_type == EXC_PE_RESET));
      dec_of[DC_EXC]     = !marker && kind == K_EXC && exc_type != EXC_PE_RESET;
      case (iclass)                                  // R_PBVZM, R_GPNRJ, R_DJMQM, D3.4
        IC_B, IC_BCOND, IC_BL, IC_BR, IC_BLR, IC_RET, IC_ERET, IC_ISB, IC_WFX, IC_TSTART:
          dec_of[DC_P0] = 1'b1;
        default:
          dec_of[DC_P0] = 1'b0;
      endcase
      case (iclass)
        IC_ISB, IC_WFX: dec_of[DC_TAKEN] = !ccfail;   // R_CPFBS, R_LMDZV
        IC_TSTART:      dec_of[DC_TAKEN] = 1'b1;        // Table D3.4
        default:        dec_of[DC_TAKEN] = takenf;
      endcase
      dec_of[DC_TSTART]  = iclass == IC_TSTART;
      dec_of[DC_TCOMMIT] = iclass == IC_TCOMMIT;
      dec_of[DC_BLX]     = iclass == IC_BL || iclass == IC_BLR;
      dec_of[DC_BLR]     = iclass == IC_BLR;
      dec_of[DC_IND]     = iclass == IC_BR || iclass == IC_RET || iclass == IC_ERET;
      dec_of[DC_TSIC]    = (iclass == IC_ISB && !ccfail) || iclass == IC_ERET;
      dec_of[DC_SERR]    = exc_type == EXC_SERROR;
    end
  endfunction
  wire [DC_W-1:0]    m_dec = dec_of(m_marker, m_kind, m_iclass, m_flags[3], m_flags[0], m_exc_type);

  // S3's entry: the skid's with its resources and class; the Event
  // elements and the timestamp event go with the entry's last item only
  // (R_WJPTE), S3's in_fin_o (registers), so that S4 reads them from S3's
  // register
  wire [EW-1:0]      m_ent = {m_ent0, m_vi, m_bb, s3_fin ? m_ev : 4'd0, s3_fin && m_tsev, m_dec};
  wire [63:0]        m_addr = m_ent[EW-5 -: 64];
  // S2 holds no entry: a register of its own (s2_empty_q, from the next
  // valid flags), so that S4's finish decision, whose enable drives S4's
  // state, starts at one flip-flop, not at S2's three
  reg                s2_empty_q;
  // (!a_valid_d && !m_valid_d && !s_valid_d written out: with the skid
  // empty S2a's item moves up and m_q keeps a valid item unless S3 takes
  // it, so S3's ready enters in the last gate)
  wire               s2_empty_d = start_i ||
                                  (!s_valid_q && !a_valid_q && !s2_go && (!m_valid_q || s3_ready));
  wire               s2_empty = s2_empty_q;
  always @(posedge clk_i) begin
    if (rst_s)
      s2_empty_q <= 1'b1;
    else
      s2_empty_q <= s2_empty_d;
  end
`ifdef FORMAL
  // the register is the flags' conjunction (an induction invariant)
  always @* if (rst_ni) assert (s2_empty_q == (!a_valid_q && !m_valid_q && !s_valid_q));
`endif

`ifdef FORMAL
  // S2 -> S3 (fv_vr_check, formal/fv_vr_check.v): m_q holds while S3 does
  // not take it; start_i empties the stages and restarts the rule
  fv_vr_check #(.W (MW), .ASSUME (0)) f_s2_vr (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni && !start_i),
    .valid_i (m_valid_q),
    .ready_i (s3_ready),
    .data_i  (m_q)
  );
`endif

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
  wire [EW-1:0] s3_ent;
  wire [20:0]   s3_cyc;
  wire          s3_valid, s3_has_sub, s3_final;
  wire [1:0]    s3_vs, s3_vf, s3_sx;
  wire [63:0]   s3_sub_addr, s3_pc_last;

  // S3 takes the skid's entry: S3's output is free (empty, or S4 takes
  // it: S4's output is empty or S5 takes it) and S3 hands over the entry's
  // last item.  The valid/ready chain S5 -> S4 -> S3 flattened into one
  // expression of flip-flops (S5's ready is its skid flag): the skid's
  // ~390 enables are a few gates from registers, not the chain's depth.
  wire   s3_free  = !s3_valid || !s4_valid || s5_ready;   // S3's output is free
  // S4's in_ready_o (!s4_valid || s5_ready) is formed flat above; the
  // valid/ready checks under FORMAL read it
  wire   unused_s4_ready = s4_ready;
  assign s3_ready = s3_fin && s3_free;

  ete_pipe_view #(
    .NUM_ACPAIRS (NUM_ACPAIRS),
    .EW          (EW)
  ) u_view (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .start_i        (start_i),
    .trcviiectlr_i  (trcviiectlr_i),
    .trcvissctlr_i  (trcvissctlr_i),
    .in_valid_i     (m_valid_q),
    .in_fin_o       (s3_fin),
    .in_ent_i       (m_ent),
    .in_cyc_i       (m_ent[EW-88 -: 21]),        // the entry's cycle field (b_ent)
    .in_run_i       (m_run),
    .in_hn_i        (m_hn),
    .in_addr_i      (m_addr),
    .in_ahp1_i      (m_ahp1),
    .in_last_i      (m_last),
    .in_npre_i      (m_npre),
    .in_lo_idx_i    (m_lo_idx),
    .in_hi_idx_i    (m_hi_idx),
    .in_sac_v_i     (m_sac_v),
    .in_sac_idx_i   (m_sac_idx),
    .in_sac_idx1_i  (m_sac_idx1),
    .in_cand_v_i    (m_cand_v),
    .in_vi_i        (m_vi),
    .in_i_last_i    (m_i_last),
    .in_st_last_i   (m_st_last),
    .in_sp_last_i   (m_sp_last),
    .out_valid_o    (s3_valid),
    .out_free_i     (s3_free),
    .out_ent_o      (s3_ent),
    .out_cyc_o      (s3_cyc),
    .out_pc_last_o  (s3_pc_last),
    .out_has_sub_o  (s3_has_sub),
    .out_final_o    (s3_final),
    .out_sub_addr_o (s3_sub_addr),
    .out_vs_o       (s3_vs),
    .out_vf_o       (s3_vf),
    .out_sx_o       (s3_sx)
  );

  wire        e_marker, e_vi, e_bb, e_tsev;
  wire [DC_W-1:0] e_dec;
  wire [2:0]  e_kind;
  wire [63:0] e_addr, e_ts;
  wire [3:0]  e_iclass, e_flags, e_ev;
  wire [1:0]  e_isa, e_el, e_from_el;
  wire [4:0]  e_exc_type;
  wire [20:0] e_cyc;
  assign {e_marker, e_kind, e_addr, e_iclass, e_flags, e_isa, e_el, e_from_el,
          e_exc_type, e_cyc, e_ts, e_vi, e_bb, e_ev, e_tsev, e_dec} = s3_ent;
  wire [63:0] e_pc_last = s3_pc_last;

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
    .up_empty_i    (s2_empty),                     // an entry taken with finish_i counts
    .in_valid_i    (s3_valid),
    .in_ready_o    (s4_ready),
    .in_marker_i   (e_marker),
    .in_addr_i     (e_addr),
    .in_pc_last_i  (e_pc_last),
    .in_has_sub_i  (s3_has_sub),
    .in_final_i    (s3_final),
    .in_sub_addr_i (s3_sub_addr),
    .in_vs_i       (s3_vs),
    .in_vf_i       (s3_vf),
    .in_sx_i       (s3_sx),
    .in_flags_i    (e_flags),
    .in_isa_i      (e_isa),
    .in_el_i       (e_el),
    .in_from_el_i  (e_from_el),
    .in_exc_type_i (e_exc_type),
    .in_cyc_i      (s3_cyc),                       // the entry's clocks, with its last item
    .in_ts_i       (e_ts),
    .in_bb_i       (e_bb),
    .in_ev_i       (e_ev),                         // R_WJPTE: per entry, at its end
    .in_tsev_i     (e_tsev),                       // (0 but with the entry's last item)
    .in_dec_i      (e_dec),                        // the item's class (DC_ bits)
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

`ifdef FORMAL
  // S3 -> S4 (fv_vr_check): the item holds while S4 does not take it
  fv_vr_check #(.W (EW + 21 + 64 + 64 + 9), .ASSUME (0)) f_s3_vr (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni && !start_i),
    .valid_i (s3_valid),
    .ready_i (s4_ready),
    .data_i  ({s3_ent, s3_cyc, s3_pc_last, s3_sub_addr, s3_has_sub, s3_final, s3_vs, s3_vf,
               s3_sx, 1'b0})
  );
`endif

`ifdef FORMAL
  // S4's decoded class is that of the item's fields
  always @* if (rst_ni && s3_valid) assert (e_dec == dec_of(e_marker, e_kind, e_iclass, e_flags[3], e_flags[0], e_exc_type));
`endif

  assign finish_done_o = !s4_en && !s4_fin_pend && s2_empty && !s3_valid && !s4_valid &&
                         s6_idle;

  // inputs the core does not use (the stall is the shell's; the trace ID the
  // output formatter's)
  wire unused_ok = &{1'b0, trcstallctlr_i, trctraceidr_i, trcsyncpr_i[31:5], CCITMIN[0],
                     trcbbctlr_i[31:9], e_cyc,    // S3 hands S4 the cycles (s3_cyc)
                     e_vi,                        // and E & N with I (s3_vs, s3_vf)
                     e_kind, e_iclass,            // and the class decoded (e_dec)
                     m_flags[2:1]};               // (TAKEN and CCFAIL decoded: m_dec)

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
`ifdef FV_ETE_PIPE_STEER_CFG
  // a cover task for the packet classes that need several entries
  // (formal/ete_pipe.sby cover_atoms, cover_cc, cover_misc): fixed
  // programming registers (TRCCONFIGR = FV_ETE_PIPE_STEER_CFG; ViewInst by
  // resource 1, TRUE, with SSSTATUS 1 and no comparator, filter or event;
  // cycle count threshold 1; no periodic sync) and no overflow marker.  It
  // only narrows the witnesses the solver searches.
  always @* begin
    assume (trcconfigr_i == `FV_ETE_PIPE_STEER_CFG);
    assume (trcvictlr_i == 32'h0000_0201 && trcviiectlr_i == 32'd0 && trcvissctlr_i == 32'd0);
    assume (trceventctl0r_i == 32'd0 && trceventctl1r_i == 32'd0 && trcstallctlr_i == 32'd0);
    assume (trctsctlr_i == 32'd0 && trcsyncpr_i == 32'd0 && trcccctlr_i == 32'd1);
    assume (trcbbctlr_i == 32'd0 && trctraceidr_i == 32'd0 && trcrsctlr_i == {32*32{1'b0}});
    assume (trcacvr_i == {64*16{1'b0}} && trcacatr_i == {64*16{1'b0}});
    assume (!ent_marker_i);
  end
`endif
`endif
  // the entry stream obeys valid/ready
  fv_vr_check #(.W (1 + 3 + 64 + 8 + 4 + 4 + 2 + 2 + 2 + 5 + 8 + 21 + 64), .ASSUME (1)) f_ent_vr (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (ent_valid_i), .ready_i (ent_ready_o),
    .data_i ({ent_marker_i, ent_kind_i, ent_addr_i, ent_last_i, ent_iclass_i, ent_flags_i,
              ent_isa_i, ent_el_i, ent_from_el_i, ent_exc_type_i, ent_ext_in_i, ent_cyc_i,
              ent_ts_i})
  );
`endif

  // b_hn of an item's fields (p_s2b_hn)
  function f_hn;
    input            run;
    input [3*NC-1:0] cand_v;
    begin
      // any candidate: every candidate lies above instruction 0 (a low
      // edge's index is ceil(d / 4) >= 1, a high edge's d / 4 + 1, a SAC's
      // nonzero by its flag), so the indices need not be read
      f_hn = (|cand_v) && run;
    end
  endfunction
  // the fields of the skid's second item (as m_q's)
  wire [EW0-1:0]  f_s_ent0;
  wire [7:0]      f_s_last;
  wire            f_s_vi, f_s_tsev;
  wire [3:0]      f_s_ev;
  wire [NA-1:0]   f_s_arc_last;
  wire [NC-1:0]   f_s_sac_v;
  wire            f_s_run, f_s_i_last, f_s_st_last, f_s_sp_last;
  wire [1:0]      f_s_hn;
  wire [55:0]     f_s_ahp1;
  wire [5:0]      f_s_npre;
  wire [7*NA-1:0] f_s_lo_idx, f_s_hi_idx;
  wire [6*NC-1:0] f_s_sac_idx, f_s_sac_idx1;
  wire [3*NC-1:0] f_s_cand_v;
  assign {f_s_ent0, f_s_vi, f_s_ev, f_s_tsev, f_s_arc_last, f_s_run, f_s_hn, f_s_ahp1, f_s_last,
          f_s_npre, f_s_lo_idx, f_s_hi_idx, f_s_sac_v, f_s_sac_idx, f_s_sac_idx1, f_s_cand_v,
          f_s_i_last, f_s_st_last, f_s_sp_last} = s_q;

  // ---- S2's skid (the S2 -> S3 boundary): the second entry is only ever
  // behind a first one, and S2 is stopped while it is full.  S3's run flag
  // agrees with the entry it travels with (S2b forms both from S2a's kind
  // and marker): S3's final and sub-run flags hang on it (in_run_i).
  always @* if (f_past_valid && rst_ni) begin
    assert (!s_valid_q || m_valid_q);
    assert (!(s_valid_q && ent_ready_o));
    if (m_valid_q) assert (m_run == (!m_q[MW-1] && m_q[MW-2 -: 3] == K_INSN));
    if (s_valid_q) assert (s_q[MW-EW0-6-NA-1] == (!s_q[MW-1] && s_q[MW-2 -: 3] == K_INSN));
    // the edge-inside flag (S3's in_hn_i) is b_hn of the item's own
    // candidate fields: a run with a candidate above instruction 0
    if (m_valid_q) assert ((|m_hn) == f_hn(m_run, m_cand_v));
    if (s_valid_q) assert ((|f_s_hn) == f_hn(f_s_run, f_s_cand_v));
  end
  // a SAC's second edge (sac_idx + 1) is a candidate only inside 1 .. npre-1,
  // so sac_idx + 1 does not wrap in S3's 6 bits: S2a's "below 4 (npre - 1)"
  // (b_ltp, d[7:2] below npre - 1 <= 63) bounds its index (a_d6_q) by 62, and the skid
  // keeps it
  // S3 reads any candidate as an edge above instruction 0 (b_hn) and takes
  // a SAC's second edge as sac_idx1 = sac_idx + 1: every candidate's index
  // (the 6 bits S3 reads) is nonzero, and sac_idx1 is sac_idx + 1, in S2b's
  // item (a function of S2a's registers, the registers of one entry) and in
  // the skid that keeps it
  function f_cand_ok;
    input [7*NA-1:0] lo, hi;
    input [6*NC-1:0] sidx, sidx1;
    input [3*NC-1:0] cv;
    integer          i;
    begin
      f_cand_ok = 1'b1;
      for (i = 0; i < NA; i = i + 1)
        if ((cv[i] && lo[7*i +: 6] == 6'd0) || (cv[NA+i] && hi[7*i +: 6] == 6'd0))
          f_cand_ok = 1'b0;
      for (i = 0; i < NC; i = i + 1)
        if ((cv[NC+i] && sidx[6*i +: 6] == 6'd0) || (sidx1[6*i +: 6] != sidx[6*i +: 6] + 6'd1))
          f_cand_ok = 1'b0;
    end
  endfunction
  always @* if (f_past_valid && rst_ni) begin
    if (a_valid_q) assert (f_cand_ok(b_lo_idx, b_hi_idx, b_sac_idx, b_sac_idx1, b_cand_v));
    if (m_valid_q) assert (f_cand_ok(m_lo_idx, m_hi_idx, m_sac_idx, m_sac_idx1, m_cand_v));
    if (s_valid_q) assert (f_cand_ok(f_s_lo_idx, f_s_hi_idx, f_s_sac_idx, f_s_sac_idx1, f_s_cand_v));
  end
  genvar f_n;
  generate
    for (f_n = 0; f_n < NC; f_n = f_n + 1) begin : g_f_sac1
      always @* if (f_past_valid && rst_ni) begin
        if (a_valid_q && b_ltp[f_n]) assert (a_d6_q[6*f_n +: 6] != 6'h3F);
        if (m_valid_q && m_cand_v[2*NC + f_n]) assert (m_sac_idx[6*f_n +: 6] != 6'h3F);
        if (s_valid_q && f_s_cand_v[2*NC + f_n]) assert (f_s_sac_idx[6*f_n +: 6] != 6'h3F);
      end
    end
  endgenerate

  // ---- 1. valid/ready at every stage boundary: a valid stays until ready,
  // the payload holds while valid && !ready
  // S2 -> S3: f_s2_vr beside S2's skid (above)
  // S3 -> S4: f_s3_vr after the S3 instance (above)
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
  // the entries S2 holds: S2a's register (a_), the skid's m_q (S3's
  // input) and s_q; an entry's marker, kind and class in the EW-bit entry
  // field at the top of m_q / s_q (b_ent)
  wire [EW-1:0] f_s_ent = s_q[MW-1 -: EW];
  wire f_a_p0 = a_valid_q && f_is_p0(a_marker_q, a_kind_q, a_iclass_q);
  wire f_m_p0 = m_valid_q && f_is_p0(m_ent[EW-1], m_ent[EW-2 -: 3], m_ent[EW-69 -: 4]);
  wire f_s_p0 = s_valid_q && f_is_p0(f_s_ent[EW-1], f_s_ent[EW-2 -: 3], f_s_ent[EW-69 -: 4]);
  reg [2:0] f_fly_q = 3'd0, f_fly_mk_q = 3'd0, f_fly_p0_q = 3'd0;   // in S2 .. S3
  always @(posedge clk_i) begin
    if (!rst_ni || start_i) begin
      f_fly_q    <= 3'd0;
      f_fly_mk_q <= 3'd0;
      f_fly_p0_q <= 3'd0;
    end else begin
      f_fly_q    <= f_fly_q + {2'b0, f_ent_go} - {2'b0, f_s4_fin_go};
      f_fly_mk_q <= f_fly_mk_q + {2'b0, f_ent_go && ent_marker_i} -
                    {2'b0, f_s4_fin_go && e_marker};
      f_fly_p0_q <= f_fly_p0_q + {2'b0, f_ent_go && f_is_p0(ent_marker_i, ent_kind_i, ent_iclass_i)} -
                    {2'b0, f_s4_fin_go && f_is_p0(e_marker, e_kind, e_iclass)};
    end
  end
  wire f_s3_fin = s3_valid && s3_final;
  always @* if (f_past_valid && rst_ni) begin
    assert (f_fly_q == {2'b0, a_valid_q} + {2'b0, m_valid_q} + {2'b0, s_valid_q} +
                       {2'b0, f_s3_fin});
    assert (f_fly_mk_q == {2'b0, a_valid_q && a_marker_q} + {2'b0, m_valid_q && m_ent[EW-1]} +
                          {2'b0, s_valid_q && f_s_ent[EW-1]} + {2'b0, f_s3_fin && e_marker});
    assert (f_fly_p0_q == {2'b0, f_a_p0} + {2'b0, f_m_p0} + {2'b0, f_s_p0} +
                          {2'b0, f_s3_fin && f_is_p0(e_marker, e_kind, e_iclass)});
    // a sub-run before the last carries the entry S3 still reads (a run),
    // without its Event elements and timestamp event (the 5 bits of the
    // entry above its DC_W class bits, m_ev and m_tsev): those go with the
    // final item only (R_WJPTE),
    // and m_ent shows them as soon as S3's in_fin_o rises, which it does
    // while the previous sub-run may still wait at S3's output
    if (s3_valid && !s3_final)
      assert (m_valid_q && s3_ent[EW-1:DC_W+5] == m_ent[EW-1:DC_W+5] &&
              s3_ent[DC_W+4:DC_W] == 5'd0 && s3_ent[DC_W-1:0] == m_ent[DC_W-1:0] &&
              !e_marker && e_kind == K_INSN);
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

  // ---- S5: one descriptor out per descriptor in, in order, the S4 fields
  // unchanged: S5 parks a descriptor S6 cannot take in its skid, so the
  // property is S5's own (formal/ete_pipe_cmpr.sby, k-induction at RS_DEPTH
  // 4 and 15), not a one-clock pass-through here

`ifdef FV_ETE_PIPE_BOUNDED
  // ---- bounded checks (bmc task): properties that hang on state a stage
  // keeps inside, which the port wires cannot pin down for induction
  // (a bundle is 1 .. PKT_BYTES bytes: checked on S6's ports,
  // formal/ete_pipe_pkt_ports.sby, task bmc_ovf)
  // S4 loses no P0 element: with no start/stop comparator and SSSTATUS
  // started (TRCVICTLR.SSSTATUS), an enabled INSN run whose last
  // instruction is P0 class and ViewInst (E, I, N) gives an atom (R_XCJGD).
  reg f_it_vi_q;
  always @(posedge clk_i) f_it_vi_q <= s3_vf[1];   // ViewInst there with SSSTATUS 1
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
  // S5 makes a new output, S6 takes a descriptor (into its input FIFO) or
  // a bundle leaves.  The quiet clocks are S3's next-edge search (O1, O2:
  // two) and S6's element moving inside it: the input FIFO into S6a, S6a
  // into the bank, the bank into the chunk, the chunk into the bundle
  // (four in a row after S6 takes a descriptor into an empty S6: the
  // induction's counterexample at F_GAP 4 once S5 wrote S6's two-entry
  // input FIFO, one clock more than S5's old output register, which
  // counted as S5's new output).  docs/ete-formal.md turns this into the
  // drain bound.
  localparam [2:0] F_GAP = 3'd5;
  wire f_s3_new = s3_valid && !f_s3_v_q;
  wire f_work   = a_valid_q || m_valid_q || s_valid_q || s3_valid || s4_valid || !s6_idle || (s4_en && s4_fin_pend);
  wire f_event  = f_ent_go || b_go || (m_valid_q && s3_ready) || f_s3_new || f_s4_new || f_s5_new ||
                  f_s6_go || (pkt_valid_o && pkt_ready_i);
  reg  [2:0] f_gap_q = 3'd0;             // clocks with work and no move
  always @(posedge clk_i) begin
    if (!rst_ni || start_i || !f_work || f_event) f_gap_q <= 3'd0;
    else if (f_gap_q != 3'd7)                     f_gap_q <= f_gap_q + 3'd1;
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
  // the classes this task covers (bit c: class c of f_cls); a cover task
  // may take a subset (formal/ete_pipe.sby)
`ifdef FV_ETE_PIPE_CLS
  localparam [F_NCLS-1:0] F_CLS_SEL = `FV_ETE_PIPE_CLS;
`else
  localparam [F_NCLS-1:0] F_CLS_SEL = {F_NCLS{1'b1}};
`endif
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
  // a three-byte Exception packet first (06, a continued type byte, 70: the
  // Transaction Failure or PE Reset form)
  wire f_ex3 = pkt_len_o >= 6'd4 && f_b0 == 8'h06 && f_b1[7] && pkt_data_o[23:16] == 8'h70;
  wire f_out = f_past_valid && rst_ni && pkt_valid_o && pkt_ready_i;
  genvar gc;
  generate
    for (gc = 0; gc < F_NCLS; gc = gc + 1) begin : g_f_cls
      localparam [4:0] F_C = gc;
      if (F_CLS_SEL[gc]) begin : g_on
        always @(posedge clk_i) if (f_out)
          cover (f_cls(F_C, f_b0, f_b1, pkt_data_o[23:16]) ||
                 (f_one && f_cls(F_C, f_b1, pkt_data_o[23:16], pkt_data_o[31:24])) ||
                 (f_ov && f_cls(F_C, pkt_data_o[23:16], pkt_data_o[31:24], pkt_data_o[39:32])) ||
                 (f_ex3 && f_cls(F_C, pkt_data_o[31:24], pkt_data_o[39:32], pkt_data_o[47:40])) ||
                 (f_as && f_cls(F_C, pkt_data_o[103:96], pkt_data_o[111:104], pkt_data_o[119:112])));
      end
    end
  endgenerate
`endif

endmodule

`default_nettype wire
