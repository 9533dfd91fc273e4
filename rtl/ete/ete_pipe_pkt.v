// ETE pipeline S6 (packets) and S7 (packer), docs/ete-rtl-pipeline.md 3.1.
//
// S6 is two registered steps.  S6a (form) owns the atom buffer (D6.11.2)
// and the last Timestamp value output (D6.11.5): for the element in S5's
// output register it lays out the packets of the slots of
// docs/ete-rtl-encoder.md ("Packet slots", step slots 0..15) with the
// existing byte formers (ete_enc_atom, ete_enc_ctx, ete_enc_addr,
// ete_enc_cc, ete_enc_ts) into the slot bank, one element per clock.  S6b
// (pick) owns the byte count since the last A-Sync (D1.9.2) and hands out
// the bank's packets, at most two per clock, lowest slot first; an element
// with more packets holds the bank, and so S6a and the stages before it.
//
// The byte count raises the periodic synchronization request (R_SVGNN):
// raise_o is a registered pulse naming the item whose packets crossed the
// 2^PERIOD boundary; S4 services it SYNC_LAG items later (3.3).
//
// S7: a chunk register holds the two packets; the bundle is
// pkt0 | pkt1 << 8 * len0 (one shifter, no adder chain) into the registered
// pkt_* outputs.
`default_nettype none

module ete_pipe_pkt #(
  parameter COMMOPT   = 1,   // TRCIDR0.COMMOPT (ete_enc_cc)
  parameter PKT_BYTES = 32   // bytes of pkt_data_o, 20..63 (checked by ete_pipe)
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  input  wire                   start_i,       // ete_model_new
  input  wire [4:0]             sync_period_i, // TRCSYNCPR.PERIOD in force, 0 = none
  input  wire                   cfg_cci_i,     // TRCCONFIGR.CCI
  input  wire [11:0]            cc_thr_i,      // TRCCCCTLR.THRESHOLD
  input  wire                   in_valid_i,
  output wire                   in_ready_o,
  input  wire [PC_W-1:0]   in_desc_i,
  output wire                   raise_o,
  output wire [7:0]             raise_item_o,
  output wire                   sync_ack_o,    // an element with an A-Sync has left
  output wire                   idle_o,        // no element, chunk or bundle held
  output wire                   pkt_valid_o,
  input  wire                   pkt_ready_i,
  output wire [8*PKT_BYTES-1:0] pkt_data_o,
  output wire [5:0]             pkt_len_o
);

  // the element descriptor S4 -> S5 -> S6 (PD_/PC_ fields)
  `include "ete_pipe_desc.vh"

  localparam NS = 16;                                  // slots
  localparam CW = (PKT_BYTES > 40) ? 8 * PKT_BYTES : 320;
  /* verilator lint_off WIDTH */
  localparam [5:0] PB = PKT_BYTES;
  /* verilator lint_on WIDTH */
  localparam [7:0] ETE_HDR_TRACE_INFO = 8'h01;         // D5.7
  localparam [7:0] ETE_HDR_TRACE_ON   = 8'h04;         // D5.8
  localparam [7:0] ETE_HDR_EXCEPTION  = 8'h06;         // D5.13, D5.24
  localparam [7:0] ETE_HDR_TXN_START  = 8'h0A;         // D5.11
  localparam [7:0] ETE_HDR_TXN_COMMIT = 8'h0B;         // D5.12
  localparam [7:0] ETE_HDR_CTXT_SAME  = 8'h80;         // D5.54
  localparam [7:0] ETE_HDR_CTXT       = 8'h81;         // D5.55
  localparam [4:0] ETE_EXC_TYPE_TXN_FAILURE = 5'h18;   // D5.24

  // ---- atoms (D6.11.2), as ete_encoder ------------------------------------
  function atoms_valid4;
    input [3:0] b;
    begin
      atoms_valid4 = (b == 4'hE) || (b == 4'h0) || (b == 4'hA) || (b == 4'h5) ||
                     (b == 4'hF) || (b == 4'h7);
    end
  endfunction

  function atoms_valid5;
    input [4:0] b;
    begin
      atoms_valid5 = (b == 5'h1E) || (b == 5'h00) || (b == 5'h0A) || (b == 5'h15) ||
                     (b == 5'h1F) || (b == 5'h0F);
    end
  endfunction

  // the longest valid pattern at the start of n atoms b (greedy packing), as
  // ete_encoder's atoms_take; the E atoms at the start of b are counted
  // without a chain: run[i] = b[0] & .. & b[i], and the first 0 is one-hot
  function [4:0] atoms_take;
    input [23:0] b;
    input [4:0]  n;
    reg   [23:0] run, fz, bk;
    reg   [4:0]  ones;
    integer      i, k;
    begin
      for (i = 0; i < 24; i = i + 1)
        run[i] = &(b | ~((24'd2 << i) - 24'd1));
      fz = ~run & {run[22:0], 1'b1};
      for (k = 0; k < 5; k = k + 1) begin
        for (i = 0; i < 24; i = i + 1)
          bk[i] = i[k];
        ones[k] = |(fz & bk);
      end
      if (run[23])
        ones = 5'd24;
      if (n <= 5'd3)
        atoms_take = n;
      else if (n >= 5'd6 && ones >= 5'd5)
        atoms_take = (n <= ones + 5'd1) ? n : ones + 5'd1;
      else if (n >= 5'd5 && atoms_valid5(b[4:0]))
        atoms_take = 5'd5;
      else if (atoms_valid4(b[3:0]))
        atoms_take = 5'd4;
      else
        atoms_take = 5'd3;
    end
  endfunction

  // nothing is output yet: b is a proper prefix of a longer valid pattern
  function atoms_wait;
    input [4:0]  b;
    input [4:0]  n;
    input        e;
    begin
      case (n)
        5'd1, 5'd2: atoms_wait = 1'b1;
        5'd3:       atoms_wait = (b[2:0] == 3'd0) || (b[2:0] == 3'd2) || (b[2:0] == 3'd5) ||
                                 (b[2:0] == 3'd6) || (b[2:0] == 3'd7);
        5'd4:       atoms_wait = (b[3:0] == 4'h0) || (b[3:0] == 4'h5) || (b[3:0] == 4'hA) ||
                                 (b[3:0] == 4'hE) || (b[3:0] == 4'hF);
        5'd5:       atoms_wait = (b[4:0] == 5'h1F);
        default:    atoms_wait = e && (n < 5'd24);
      endcase
    end
  endfunction

  // ---- state ---------------------------------------------------------------
  reg [23:0]   atoms_q, atoms_d;
  reg [4:0]    natoms_q, natoms_d;
  reg [63:0]   last_ts_q, last_ts_d;
  reg [21:0]   sb_q, sb_d;                 // bytes since the last A-Sync (saturating)
  reg          req_q, req_d;               // a periodic request is pending (D1.9.2)
  reg          raise_q, raise_d;
  reg          ack_q, ack_d;
  reg [7:0]    raise_item_q, raise_item_d;
  reg [NS-1:0] done_q, done_d;             // slots of this element already handed out
  reg [21:0]   pmask_q, pmask_d;           // the byte counts >= 2^PERIOD (0: none)
  // S6a -> S6b: the slot bank of one element
  reg          b_valid_q, b_valid_d;
  reg [NS-1:0] b_pres_q, b_pres_d;         // slots present
  reg [160*NS-1:0] b_data_q, b_data_d;     // their bytes (constant-zero bits are pruned)
  reg [5*NS-1:0]   b_len_q, b_len_d;
  reg [7:0]    b_item_q, b_item_d;
  reg          b_sync_q, b_sync_d;         // the element has an A-Sync
  reg          c_valid_q, c_valid_d;       // S7 chunk: two packets
  reg [159:0]  c_d0_q, c_d0_d, c_d1_q, c_d1_d;
  reg [4:0]    c_l0_q, c_l0_d, c_l1_q, c_l1_d;
  reg          p_valid_q, p_valid_d;       // the bundle
  reg [8*PKT_BYTES-1:0] p_data_q, p_data_d;
  reg [5:0]    p_len_q, p_len_d;

  assign raise_o      = raise_q;
  assign sync_ack_o   = ack_q;
  assign raise_item_o = raise_item_q;
  assign pkt_valid_o  = p_valid_q;
  assign pkt_data_o   = p_data_q;
  assign pkt_len_o    = p_len_q;
  assign idle_o       = !in_valid_i && !b_valid_q && !c_valid_q && !p_valid_q;

  wire p_free = !p_valid_q || pkt_ready_i;
  wire c_free = !c_valid_q || p_free;

  // ---- descriptor fields ---------------------------------------------------
  wire        d_marker = in_desc_i[PD_MARKER_L];
  wire        d_ovf    = in_desc_i[PD_OVF_L];
  wire        d_fin    = in_desc_i[PD_FIN_L];
  wire        d_sync   = in_desc_i[PD_SYNC_L];
  wire        d_atom   = in_desc_i[PD_ATOM_L];
  wire        d_taken  = in_desc_i[PD_TAKEN_L];
  wire [3:0]  d_ev     = in_desc_i[PD_EV_L +: 4];
  wire [63:0] d_ts     = in_desc_i[PD_TS_VAL_L +: 64];

  // ---- slot presence and the atoms -------------------------------------------
  reg [NS-1:0] pres;
  reg [23:0]   a1, ab, rest;
  reg [4:0]    n1, an, k8, nr;
  reg          flush0, wait8;
  integer      j;
  always @* begin : p_atoms
    pres     = {NS{1'b0}};
    pres[1]  = d_sync;
    pres[2]  = d_sync;
    pres[3]  = in_desc_i[PD_TXF_L];
    pres[4]  = in_desc_i[PD_TON_L];
    pres[5]  = in_desc_i[PC_S5_L];
    pres[6]  = in_desc_i[PC_S6_L];
    pres[7]  = in_desc_i[PD_TXS7_L];
    pres[10] = in_desc_i[PD_CC_L];
    pres[11] = in_desc_i[PD_TX11_L];
    pres[12] = (d_ev != 4'd0);
    pres[13] = in_desc_i[PD_TS_L];
    pres[14] = in_desc_i[PD_TXF14_L];
    pres[15] = in_desc_i[PD_DISC_L];
    // slot 0: Overflow, or the atoms pending, flushed by any later packet
    // before the P0 element (R_ZRYPK) or by the finish (R_ZDTLK)
    flush0  = !d_marker && (natoms_q != 5'd0) && (d_fin || (pres[7:1] != 7'd0));
    pres[0] = d_ovf || flush0;
    a1 = (flush0 || d_marker) ? 24'd0 : atoms_q;
    n1 = (flush0 || d_marker) ? 5'd0 : natoms_q;
    // slot 8: the atom (R_XCJGD); a packet as soon as no further atom can
    // extend the pattern
    ab = a1;
    for (j = 0; j < 24; j = j + 1)
      if (n1 == j[4:0])
        ab[j] = d_taken;
    an    = n1 + 5'd1;
    wait8 = atoms_wait(ab[4:0], an, d_taken);
    k8    = atoms_take(ab, an);
    rest  = a1;
    nr    = n1;
    if (d_atom) begin
      if (wait8) begin
        rest = ab;
        nr   = an;
      end else begin
        pres[8] = 1'b1;
        rest = ab >> k8;
        nr   = an - k8;
      end
    end
    // slot 9: the atoms left, before a later packet of the element
    pres[9] = (nr != 5'd0) && (pres[15:10] != 6'd0);
  end

  // ---- the packets ------------------------------------------------------------
  wire [7:0]   at0_byte, at8_byte, at9_byte;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [6:0]   at0_type, at8_type, at9_type;   // packet types: not part of the bundle
  wire [6:0]   ad_type, cc_type, ts_type;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [71:0]  cx_data;
  wire [3:0]   cx_len;
  wire [159:0] ad_data;
  wire [4:0]   ad_len;
  wire [39:0]  cc_data;
  wire [2:0]   cc_len;
  wire [103:0] ts_data;
  wire [3:0]   ts_len;

  ete_enc_atom u_atom0 (.atoms_i(atoms_q), .k_i(natoms_q), .byte_o(at0_byte), .type_o(at0_type));
  ete_enc_atom u_atom8 (.atoms_i(ab), .k_i(k8), .byte_o(at8_byte), .type_o(at8_type));
  ete_enc_atom u_atom9 (.atoms_i(rest), .k_i(nr), .byte_o(at9_byte), .type_o(at9_type));

  ete_enc_ctx u_ctx5 (
    .el_i        (in_desc_i[PD_CX_EL_L +: 2]),
    .ns_i        (in_desc_i[PD_CX_NS_L]),
    .sf_i        (in_desc_i[PD_CX_SF_L]),
    .c_i         (in_desc_i[PD_CX_C_L]),
    .v_i         (in_desc_i[PD_CX_V_L]),
    .contextid_i (in_desc_i[PD_CX_CID_L +: 32]),
    .vmid_i      (in_desc_i[PD_CX_VMID_L +: 32]),
    .data_o      (cx_data),
    .len_o       (cx_len)
  );

  ete_enc_addr u_addr6 (
    .exc_i      (in_desc_i[PD_EXC_L] || in_desc_i[PD_RST_L]),
    .e_i        (in_desc_i[PC_E_L +: 2]),
    .etype_i    (in_desc_i[PD_ETYPE_L +: 5]),
    .unk_i      (in_desc_i[PD_RST_L]),
    .form_i     (in_desc_i[PC_FORM_L +: 2]),
    .q_i        (in_desc_i[PC_Q_L +: 2]),
    .nb2_i      (in_desc_i[PC_NB2_L]),
    .is1_i      (in_desc_i[PD_IS1_L]),
    .addr_i     (in_desc_i[PD_A_L +: 64]),
    .ctx_i      (in_desc_i[PC_WCTX_L]),
    .ctx_el_i   (in_desc_i[PD_CX_EL_L +: 2]),
    .ctx_ns_i   (in_desc_i[PD_CX_NS_L]),
    .ctx_sf_i   (in_desc_i[PD_CX_SF_L]),
    .ctx_c_i    (in_desc_i[PD_CX_C_L]),
    .ctx_v_i    (in_desc_i[PD_CX_V_L]),
    .ctx_cid_i  (in_desc_i[PD_CX_CID_L +: 32]),
    .ctx_vmid_i (in_desc_i[PD_CX_VMID_L +: 32]),
    .data_o     (ad_data),
    .len_o      (ad_len),
    .type_o     (ad_type)
  );

  ete_enc_cc #(.COMMOPT(COMMOPT)) u_cc10 (
    .known_i (in_desc_i[PD_CC_KNOWN_L]),
    .count_i (in_desc_i[PD_CC_COUNT_L +: 20]),
    .data_o  (cc_data),
    .len_o   (cc_len),
    .type_o  (cc_type)
  );

  ete_enc_ts u_ts13 (
    .ts_i        (d_ts),
    .prev_i      (d_sync ? 64'd0 : last_ts_q),       // R_GFQQ
    .has_count_i (in_desc_i[PD_TS_HAS_L]),
    .count_i     (in_desc_i[PD_TS_COUNT_L +: 20]),
    .data_o      (ts_data),
    .len_o       (ts_len),
    .type_o      (ts_type)
  );

  // Trace Info (D5.7, D9.2.6.1): PLCTL {CYCT, 00, INFO}; INFO {0, T, 00000,
  // CC}; CYCT the threshold as unsigned LE128
  wire        ti_t = in_desc_i[PD_TI_T_L];
  reg  [39:0] ti_data;
  reg  [2:0]  ti_len;
  always @* begin
    ti_data = 40'd0;
    ti_len  = 3'd2;
    ti_data[7:0]  = ETE_HDR_TRACE_INFO;
    ti_data[15:8] = {4'd0, cfg_cci_i, 2'b00, (cfg_cci_i || ti_t)};
    if (cfg_cci_i || ti_t) begin
      ti_data[23:16] = {1'b0, ti_t, 5'd0, cfg_cci_i};
      ti_len = 3'd3;
      if (cfg_cci_i) begin
        if (cc_thr_i[11:7] == 5'd0) begin
          ti_data[31:24] = {1'b0, cc_thr_i[6:0]};
          ti_len = 3'd4;
        end else begin
          ti_data[31:24] = {1'b1, cc_thr_i[6:0]};
          ti_data[39:32] = {3'd0, cc_thr_i[11:7]};
          ti_len = 3'd5;
        end
      end
    end
  end

  // Transaction Failure (D5.24): 06 {0, E[1], 11000, E[0]} 70
  wire [1:0] txf_e   = in_desc_i[PD_TXF_E_L +: 2];
  wire [1:0] txf14_e = in_desc_i[PD_TXF14_E_L +: 2];

  // the slots: data (byte i at [8i +: 8]) and length
  reg [160*NS-1:0] sl_data;
  reg [5*NS-1:0]   sl_len;
  always @* begin : p_slots
    sl_data = {160*NS{1'b0}};
    sl_len  = {5*NS{1'b0}};
    if (d_ovf) begin
      sl_data[0*160 +: 16] = 16'h0500;                 // Overflow (D5.6)
      sl_len[0*5 +: 5]     = 5'd2;
    end else begin
      sl_data[0*160 +: 8]  = at0_byte;
      sl_len[0*5 +: 5]     = 5'd1;
    end
    sl_data[1*160 +: 96] = {8'h80, 88'd0};             // A-Sync (D5.4)
    sl_len[1*5 +: 5]     = 5'd12;
    sl_data[2*160 +: 40] = ti_data;
    sl_len[2*5 +: 5]     = {2'b00, ti_len};
    sl_data[3*160 +: 24] = {8'h70, 1'b0, txf_e[1], ETE_EXC_TYPE_TXN_FAILURE, txf_e[0],
                            ETE_HDR_EXCEPTION};
    sl_len[3*5 +: 5]     = 5'd3;
    sl_data[4*160 +: 8]  = ETE_HDR_TRACE_ON;
    sl_len[4*5 +: 5]     = 5'd1;
    if (in_desc_i[PD_CX_SAME_L]) begin
      sl_data[5*160 +: 8]  = ETE_HDR_CTXT_SAME;
      sl_len[5*5 +: 5]     = 5'd1;
    end else begin
      sl_data[5*160 +: 80] = {cx_data, ETE_HDR_CTXT};
      sl_len[5*5 +: 5]     = 5'd1 + {1'b0, cx_len};
    end
    sl_data[6*160 +: 160] = ad_data;
    sl_len[6*5 +: 5]      = ad_len;
    sl_data[7*160 +: 8]   = ETE_HDR_TXN_START;
    sl_len[7*5 +: 5]      = 5'd1;
    sl_data[8*160 +: 8]   = at8_byte;
    sl_len[8*5 +: 5]      = 5'd1;
    sl_data[9*160 +: 8]   = at9_byte;
    sl_len[9*5 +: 5]      = 5'd1;
    sl_data[10*160 +: 40] = cc_data;
    sl_len[10*5 +: 5]     = {2'b00, cc_len};
    sl_data[11*160 +: 8]  = in_desc_i[PD_TX11_C_L] ? ETE_HDR_TXN_COMMIT : ETE_HDR_TXN_START;
    sl_len[11*5 +: 5]     = 5'd1;
    sl_data[12*160 +: 8]  = {4'h7, d_ev};              // Event (D5.68)
    sl_len[12*5 +: 5]     = 5'd1;
    sl_data[13*160 +: 104] = ts_data;
    sl_len[13*5 +: 5]      = {1'b0, ts_len};
    sl_data[14*160 +: 24] = {8'h70, 1'b0, txf14_e[1], ETE_EXC_TYPE_TXN_FAILURE, txf14_e[0],
                             ETE_HDR_EXCEPTION};
    sl_len[14*5 +: 5]     = 5'd3;
    sl_data[15*160 +: 16] = 16'h0300;                  // Discard (D5.5)
    sl_len[15*5 +: 5]     = 5'd2;
  end

  // ---- the two packets of this clock: one-hot selects, no priority chain ----
  reg [NS-1:0] rem, oh0, oh1, rem1;
  reg [159:0]  d0, d1;
  reg [4:0]    l0, l1;
  reg          two, last, has0, has1;
  reg [5:0]    l01;
  integer      i;
  always @* begin : p_sel
    rem  = b_valid_q ? (b_pres_q & ~done_q) : {NS{1'b0}};
    oh0  = rem & (~rem + {{NS-1{1'b0}}, 1'b1});
    rem1 = rem & ~oh0;
    oh1  = rem1 & (~rem1 + {{NS-1{1'b0}}, 1'b1});
    d0 = 160'd0;  d1 = 160'd0;  l0 = 5'd0;  l1 = 5'd0;
    for (i = 0; i < NS; i = i + 1) begin
      d0 = d0 | (b_data_q[i*160 +: 160] & {160{oh0[i]}});
      l0 = l0 | (b_len_q[i*5 +: 5] & {5{oh0[i]}});
      d1 = d1 | (b_data_q[i*160 +: 160] & {160{oh1[i]}});
      l1 = l1 | (b_len_q[i*5 +: 5] & {5{oh1[i]}});
    end
    // bytes beyond a packet's length are not the packet's (the byte formers
    // leave other forms' bytes there)
    for (i = 0; i < 20; i = i + 1) begin
      if (i[4:0] >= l0)
        d0[i*8 +: 8] = 8'd0;
      if (i[4:0] >= l1)
        d1[i*8 +: 8] = 8'd0;
    end
    has0 = (rem != {NS{1'b0}});
    has1 = (rem1 != {NS{1'b0}});
    l01  = {1'b0, l0} + {1'b0, l1};
    /* verilator lint_off CMPCONST */
    two  = has1 && (l01 <= PB);                        // constant when PKT_BYTES >= 40
    /* verilator lint_on CMPCONST */
    last = two ? ((rem1 & ~oh1) == {NS{1'b0}}) : !has1;
  end

  // the element leaves S6 when its last packets go into the chunk register
  // S6b: the bank's element is done when its last packets go into the chunk
  // register; S6a takes the next element into the bank then (or when empty)
  wire b_done = b_valid_q && (!has0 || (c_free && last));
  assign in_ready_o = !b_valid_q || b_done;
  wire s6a_go = in_valid_i && in_ready_o;
  wire chunk = has0 && c_free;

  /* verilator lint_off UNUSEDSIGNAL */
  reg [CW-1:0] cat;                                    // bytes past PKT_BYTES are zero
  /* verilator lint_on UNUSEDSIGNAL */
  reg [22:0]   sbs;
  always @* begin : p_state
    atoms_d = atoms_q;  natoms_d = natoms_q;  last_ts_d = last_ts_q;
    sb_d = sb_q;  req_d = req_q;  raise_d = 1'b0;  ack_d = 1'b0;  raise_item_d = raise_item_q;
    done_d = done_q;
    c_valid_d = c_valid_q;  c_d0_d = c_d0_q;  c_d1_d = c_d1_q;  c_l0_d = c_l0_q;
    c_l1_d = c_l1_q;
    p_valid_d = p_free ? 1'b0 : p_valid_q;
    p_data_d = p_data_q;  p_len_d = p_len_q;
    sbs = 23'd0;
    cat = {CW{1'b0}};

    // S7: the bundle from the chunk
    if (p_free && c_valid_q) begin
      cat = {{CW-160{1'b0}}, c_d0_q} | ({{CW-160{1'b0}}, c_d1_q} << {c_l0_q, 3'b000});
      p_valid_d = 1'b1;
      p_data_d  = cat[8*PKT_BYTES-1:0];
      p_len_d   = {1'b0, c_l0_q} + {1'b0, c_l1_q};
    end
    if (c_free)
      c_valid_d = 1'b0;

    if (chunk) begin
      c_valid_d = 1'b1;
      c_d0_d = d0;
      c_l0_d = l0;
      c_d1_d = two ? d1 : 160'd0;
      c_l1_d = two ? l1 : 5'd0;
      done_d = done_q | oh0 | (two ? oh1 : {NS{1'b0}});
      // D1.9.2: the byte count restarts at an A-Sync (slot 1)
      if (oh0[1])
        sbs = {17'd0, l01};
      else if (two && oh1[1])
        sbs = {18'd0, l1};
      else
        sbs = {1'b0, sb_q} + {17'd0, two ? l01 : {1'b0, l0}};
      sb_d = sbs[22] ? 22'h3FFFFF : sbs[21:0];
      if (oh0[1] || (two && oh1[1])) begin
        req_d = 1'b0;
      end else if ((sb_d & pmask_q) != 22'd0) begin
        req_d = 1'b1;
        if (!req_q) begin
          raise_d      = 1'b1;
          raise_item_d = b_item_q;
        end
      end
    end
    b_valid_d = b_valid_q;  b_pres_d = b_pres_q;  b_data_d = b_data_q;  b_len_d = b_len_q;
    b_item_d = b_item_q;  b_sync_d = b_sync_q;
    if (b_done) begin
      done_d    = {NS{1'b0}};
      ack_d     = b_sync_q;
      b_valid_d = 1'b0;
    end
    // S6a: the element's packets into the bank; the atoms and the last
    // timestamp after it
    if (s6a_go) begin
      b_valid_d = 1'b1;
      b_pres_d  = pres;
      b_data_d  = sl_data;
      b_len_d   = sl_len;
      b_item_d  = in_desc_i[PD_ITEM_L +: 8];
      b_sync_d  = d_sync;
      atoms_d   = pres[9] ? 24'd0 : rest;
      natoms_d  = pres[9] ? 5'd0 : nr;
      last_ts_d = pres[13] ? d_ts : (d_sync ? 64'd0 : last_ts_q);   // R_GFQQ
    end
    pmask_d = pmask_q;
    if (start_i) begin
      pmask_d = (sync_period_i == 5'd0) ? 22'd0 : ~((22'd1 << sync_period_i) - 22'd1);
      atoms_d = 24'd0;  natoms_d = 5'd0;  last_ts_d = 64'd0;  sb_d = 22'd0;
      req_d = 1'b0;  raise_d = 1'b0;  ack_d = 1'b0;  done_d = {NS{1'b0}};
      c_valid_d = 1'b0;  p_valid_d = 1'b0;  b_valid_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      atoms_q <= 24'd0;  natoms_q <= 5'd0;  last_ts_q <= 64'd0;  sb_q <= 22'd0;
      req_q <= 1'b0;  raise_q <= 1'b0;  ack_q <= 1'b0;  pmask_q <= 22'd0;  raise_item_q <= 8'd0;  done_q <= {NS{1'b0}};
      c_valid_q <= 1'b0;  c_d0_q <= 160'd0;  c_d1_q <= 160'd0;  c_l0_q <= 5'd0;
      c_l1_q <= 5'd0;  p_valid_q <= 1'b0;  p_data_q <= {8*PKT_BYTES{1'b0}};  p_len_q <= 6'd0;
      b_valid_q <= 1'b0;  b_pres_q <= {NS{1'b0}};  b_data_q <= {160*NS{1'b0}};
      b_len_q <= {5*NS{1'b0}};  b_item_q <= 8'd0;  b_sync_q <= 1'b0;
    end else begin
      atoms_q <= atoms_d;  natoms_q <= natoms_d;  last_ts_q <= last_ts_d;  sb_q <= sb_d;
      req_q <= req_d;  raise_q <= raise_d;  ack_q <= ack_d;  pmask_q <= pmask_d;  raise_item_q <= raise_item_d;  done_q <= done_d;
      c_valid_q <= c_valid_d;  c_d0_q <= c_d0_d;  c_d1_q <= c_d1_d;  c_l0_q <= c_l0_d;
      c_l1_q <= c_l1_d;  p_valid_q <= p_valid_d;  p_data_q <= p_data_d;  p_len_q <= p_len_d;
      b_valid_q <= b_valid_d;  b_pres_q <= b_pres_d;  b_data_q <= b_data_d;  b_len_q <= b_len_d;
      b_item_q <= b_item_d;  b_sync_q <= b_sync_d;
    end
  end

endmodule

`default_nettype wire
