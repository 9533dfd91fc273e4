// ETE pipeline S6 (packets) and S7 (packer), docs/ete-rtl-pipeline.md 3.1, 5.
//
// Registers in order, each a valid/ready boundary (one element per clock
// through each on the common path):
//
//   S6s  input FIFO, two entries: S5's descriptor (S5 is logic on S4's
//        register, ete_pipe_cmpr) is written into it as it is made, and
//        in_ready_o is a register (!q_full_q), so nothing after it reaches
//        S5's or S4's ready; S6a reads the head.
//   S6a  atoms: owns the atom buffer (D6.11.2) and packs the element's atom
//        (R_XCJGD): which of slots 0, 8, 9 are present and the atoms each
//        holds; the element's descriptor is copied alongside.
//   S6p  packet bytes: owns the last Timestamp value output (D6.11.5); lays
//        out the packets of the slots of docs/ete-rtl-encoder.md ("Packet
//        slots", step slots 0..15) with the byte formers (ete_enc_atom,
//        ete_enc_ctx, ete_enc_addr, ete_enc_cc, ete_enc_ts) into the slot
//        bank.
//   S6b  pick: hands out the bank's packets lowest slot first, two in a
//        clock when one of them is at most SMALL bytes (and, PKT_BYTES < 24,
//        both fit), into the chunk register; an element with more packets
//        holds the bank, and so S6p and S6a.
//   S7   bundle: pkt0 | pkt1 << 8 * len0 (the shorter packet placed by a
//        one-hot offset, no adder) into the registered pkt_* outputs; owns
//        the byte count since the last A-Sync (D1.9.2), counted here.
//
// The byte count raises the periodic synchronization request (R_SVGNN):
// raise_o is a registered pulse naming the item whose packets crossed the
// 2^PERIOD boundary, counted as its chunk enters the bundle register; S4
// services it ETE_SYNC_LAG items later (3.3): S5b, S6s (two), S6a, S6p (the
// bank) and the chunk hold items between S5 and that count.
`default_nettype none

module ete_pipe_pkt #(
  parameter COMMOPT   = 1,   // TRCIDR0.COMMOPT (ete_enc_cc)
  parameter PKT_BYTES = 32   // bytes of pkt_data_o, 20..63 (checked by ete_pipe); a
                             // bundle is at most 24 bytes (20 + SMALL)
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  input  wire                   start_i,       // ete_model_new
  input  wire [4:0]             sync_period_i, // TRCSYNCPR.PERIOD in force, 0 = none
  input  wire                   cfg_cci_i,     // TRCCONFIGR.CCI
  input  wire [11:0]            cc_thr_i,      // TRCCCCTLR.THRESHOLD
  // S5 -> S6 (valid/ready): in_desc_i holds while in_valid_i && !in_ready_o;
  // in_ready_o is a register and does not depend on in_valid_i
  input  wire                   in_valid_i,
  output wire                   in_ready_o,
  input  wire [PC_W-1:0]        in_desc_i,
  output wire                   raise_o,
  output wire [7:0]             raise_item_o,
  output wire                   sync_ack_o,    // an A-Sync has been counted (one per element with one)
  output wire                   idle_o,        // no element, chunk or bundle held
  // S7 -> output FIFO (valid/ready): pkt_* are registers and hold while
  // pkt_valid_o && !pkt_ready_i
  output wire                   pkt_valid_o,
  input  wire                   pkt_ready_i,
  output wire [8*PKT_BYTES-1:0] pkt_data_o,
  output wire [5:0]             pkt_len_o
);

  // active-high synchronous reset for the clocked blocks (common_rst_inv)
  wire rst_s;
  common_rst_inv u_rst_inv (.rst_ni (rst_ni), .rst_o (rst_s));

  // the element descriptor S4 -> S5 -> S6 (PD_/PC_ fields)
  `include "ete_pipe_desc.vh"

  localparam NS    = 16;                               // slots
  // bytes: a packet this short pairs with the next.  4: a Cycle Count of
  // COMMOPT 0 (3 or 4 bytes) pairs with the Timestamp or Event after it,
  // which one P0 element per clock needs (ete_unit set W2_O16_MIN, branch
  // programs, TRCCONFIGR.TS); 1 would save about 430 LUT4 at W1_O8
  localparam SMALL = 4;
  localparam [4:0] SMALL_L = SMALL;
  localparam BW    = 20 + SMALL;                       // bytes of the widest bundle
  localparam OW    = (PKT_BYTES < BW) ? PKT_BYTES : BW;   // bundle bytes that can be nonzero
  // PKT_BYTES >= BW: every pair with a SMALL packet fits; else the other
  // packet must be at most PKT_BYTES - SMALL bytes
  localparam FIT_ALL = (PKT_BYTES >= BW) ? 1 : 0;
  /* verilator lint_off WIDTH */
  localparam [5:0] PB_FIT = (PKT_BYTES >= BW) ? 6'd20 : PKT_BYTES - SMALL;
  /* verilator lint_on WIDTH */
  localparam [7:0] ETE_HDR_TRACE_INFO = 8'h01;         // D5.7
  localparam [7:0] ETE_HDR_TRACE_ON   = 8'h04;         // D5.8
  localparam [7:0] ETE_HDR_EXCEPTION  = 8'h06;         // D5.13, D5.24
  localparam [7:0] ETE_HDR_TXN_START  = 8'h0A;         // D5.11
  localparam [7:0] ETE_HDR_TXN_COMMIT = 8'h0B;         // D5.12
  localparam [7:0] ETE_HDR_CTXT_SAME  = 8'h80;         // D5.54
  localparam [7:0] ETE_HDR_CTXT       = 8'h81;         // D5.55
  localparam [4:0] ETE_EXC_TYPE_TXN_FAILURE = 5'h18;   // D5.24

  // ---- atoms (D6.11.2) -------------------------------------------------------
  // The buffer waits only while it is a proper prefix of a longer valid
  // pattern, so it is always either at most 5 atoms, or 5 to 23 atoms all E
  // (the prefixes of Format 6): S6a keeps the count and 5 atom bits (all 1
  // from 5 atoms on), and packs on 5 bits.
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

  // the longest valid pattern at the start of n <= 5 atoms b (greedy
  // packing; ete_encoder's atoms_take for n <= 5)
  function [2:0] atoms_take5;
    input [4:0] b;
    input [2:0] n;
    begin
      if (n <= 3'd3)
        atoms_take5 = n;
      else if (n == 3'd5 && atoms_valid5(b))
        atoms_take5 = 3'd5;
      else if (atoms_valid4(b[3:0]))
        atoms_take5 = 3'd4;
      else
        atoms_take5 = 3'd3;
    end
  endfunction

  // the atoms left after atoms_take5 and their count, as tables on b and n
  // (no subtraction or shift after atoms_take5)
  function [7:0] atoms_rest5;              // {count (3 bits), atoms (5 bits)}
    input [4:0] b;
    input [2:0] n;
    begin
      if (n <= 3'd3)
        atoms_rest5 = {3'd0, (n == 3'd0) ? b : (n == 3'd1) ? {1'b0, b[4:1]} :
                             (n == 3'd2) ? {2'b0, b[4:2]} : {3'b0, b[4:3]}};
      else if (n == 3'd5 && atoms_valid5(b))
        atoms_rest5 = 8'd0;
      else if (atoms_valid4(b[3:0]))
        atoms_rest5 = {(n == 3'd5) ? 3'd1 : 3'd0, 4'b0, b[4]};
      else
        atoms_rest5 = {(n == 3'd5) ? 3'd2 : 3'd1, 3'b0, b[4:3]};
    end
  endfunction

  // nothing is output yet: n <= 5 atoms b are a proper prefix of a longer
  // valid pattern
  function atoms_wait5;
    input [4:0] b;
    input [2:0] n;
    begin
      case (n)
        3'd1, 3'd2: atoms_wait5 = 1'b1;
        3'd3:       atoms_wait5 = (b[2:0] == 3'd0) || (b[2:0] == 3'd2) || (b[2:0] == 3'd5) ||
                                  (b[2:0] == 3'd6) || (b[2:0] == 3'd7);
        3'd4:       atoms_wait5 = (b[3:0] == 4'h0) || (b[3:0] == 4'h5) || (b[3:0] == 4'hA) ||
                                  (b[3:0] == 4'hE) || (b[3:0] == 4'hF);
        3'd5:       atoms_wait5 = (b == 5'h1F);
        default:    atoms_wait5 = 1'b0;
      endcase
    end
  endfunction

  // ==========================================================================
  // S6s: the input FIFO (two entries, a write and a read pointer)
  // ==========================================================================
  // It takes the place of S5's output register and a skid register behind
  // it: one copy of the descriptor fewer.  An entry is written only from
  // S5 (no select in front of it, and its enable is S5's valid and the
  // write pointer: nothing of S6a's take, so S6's ready chain does not
  // reach its 367 enables); S6a reads the head through one 2:1 select on
  // the registered read pointer.  The entries are not reset: read only
  // while q_ne_q.
  reg              q_ne_q, q_ne_d;           // not empty
  reg              q_full_q, q_full_d;       // both entries held
  reg              q_wp_q, q_rp_q;           // the entry written next, the head
  /* verilator lint_off UNUSEDSIGNAL */
  reg [PC_W-1:0]   q_desc0_q, q_desc1_q;     // S4/S5-only fields are not read
  /* verilator lint_on UNUSEDSIGNAL */
  assign in_ready_o = !q_full_q;
  wire             q_push = in_valid_i && !q_full_q;

  // what S6a is offered: the head
  wire             x_valid = q_ne_q;
  wire [PC_W-1:0]  x_desc  = q_rp_q ? q_desc1_q : q_desc0_q;

  // ==========================================================================
  // S6a: the atom buffer and the element's atom slots
  // ==========================================================================
  reg [4:0]        an_q, an_d;               // atoms held, 0..23
  reg [4:0]        ap_q, ap_d;               // the first 5 (all 1 from 5 atoms on)
  reg              a_valid_q, a_valid_d;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [PC_W-1:0]   a_desc_q, a_desc_d;       // S4/S5-only fields are not read
  /* verilator lint_on UNUSEDSIGNAL */
  reg [NS-1:0]     a_pres_q, a_pres_d;       // slots present
  reg [4:0]        a_n0_q, a_n0_d;           // slot 0: the buffer flushed (count, atoms)
  reg [4:0]        a_b0_q, a_b0_d;
  reg [4:0]        a_k8_q, a_k8_d;           // slot 8: atoms in the packet, the atoms,
  reg [4:0]        a_b8_q, a_b8_d;           //   the last one (from 6 atoms on)
  reg              a_e8_q, a_e8_d;
  reg [4:0]        a_n9_q, a_n9_d;           // slot 9: the atoms left
  reg [4:0]        a_b9_q, a_b9_d;
  reg [8:1]        a_tsb_q, a_tsb_d;         // slot 13: the TS bytes present (ete_enc_ts)

  wire       x_marker = x_desc[PD_MARKER_L];
  wire       x_ovf    = x_desc[PD_OVF_L];
  wire       x_fin    = x_desc[PD_FIN_L];
  wire       x_sync   = x_desc[PD_SYNC_L];
  wire       x_atom   = x_desc[PD_ATOM_L];
  wire       x_taken  = x_desc[PD_TAKEN_L];
  wire [3:0] x_ev     = x_desc[PD_EV_L +: 4];

  reg [NS-1:0] pres;
  reg          flush0, clr, big, wait_k, emit;
  reg [4:0]    ab5, ank, nb_n, nb_b, kk, rest5, nr5;
  reg [2:0]    k5, n5;
  integer      j;
  always @* begin : p_atoms
    pres     = {NS{1'b0}};
    pres[1]  = x_sync;
    pres[2]  = x_sync;
    pres[3]  = x_desc[PD_TXF_L];
    pres[4]  = x_desc[PD_TON_L];
    pres[5]  = x_desc[PC_S5_L];
    pres[6]  = x_desc[PC_S6_L];
    pres[7]  = x_desc[PD_TXS7_L];
    pres[10] = x_desc[PD_CC_L];
    pres[11] = x_desc[PD_TX11_L];
    pres[12] = (x_ev != 4'd0);
    pres[13] = x_desc[PD_TS_L];
    pres[14] = x_desc[PD_TXF14_L];
    pres[15] = x_desc[PD_DISC_L];
    // slot 0: Overflow, or the atoms pending, flushed by any later packet
    // before the P0 element (R_ZRYPK) or by the finish (R_ZDTLK); a marker
    // drops them
    flush0  = !x_marker && (an_q != 5'd0) && (x_fin || (pres[7:1] != 7'd0));
    clr     = flush0 || x_marker;
    pres[0] = x_ovf || flush0;
    // the atom appended to the buffer as held (used when it is not
    // cleared first; computed beside the cleared case, not after it)
    big = (an_q >= 5'd5);
    k5  = 3'd0;
    ank = an_q + 5'd1;
    for (j = 0; j < 5; j = j + 1)
      ab5[j] = (an_q == j[4:0]) ? x_taken : ap_q[j];
    // ank[2:0] below 5 atoms as a table on an_q (no carry chain before
    // the packing tables)
    case (an_q[2:0])
      3'd0:    n5 = 3'd1;
      3'd1:    n5 = 3'd2;
      3'd2:    n5 = 3'd3;
      3'd3:    n5 = 3'd4;
      default: n5 = 3'd5;
    endcase
    if (big) begin
      // Format 6: E...E then E waits below 24 atoms, else all go out
      wait_k = x_taken && (an_q != 5'd23);
      kk     = ank;
      rest5  = 5'd0;
      nr5    = 5'd0;
    end else begin
      wait_k = atoms_wait5(ab5, n5);
      k5     = atoms_take5(ab5, n5);
      kk     = {2'b00, k5};
      {nr5[2:0], rest5} = atoms_rest5(ab5, n5);
      nr5[4:3] = 2'b00;
    end
    // slot 8: the atom (R_XCJGD), a packet as soon as no further atom can
    // extend the pattern; the buffer after it
    emit = x_atom && !clr && !wait_k;
    pres[8] = emit;
    if (!x_atom) begin
      nb_n = clr ? 5'd0 : an_q;
      nb_b = clr ? 5'd0 : ap_q;
    end else if (clr) begin
      nb_n = 5'd1;                                       // one atom waits after a flush
      nb_b = {4'd0, x_taken};
    end else if (wait_k) begin
      nb_n = big ? ank : {2'b00, n5};
      nb_b = big ? 5'h1F : ab5;
    end else begin
      nb_n = nr5;
      nb_b = rest5;
    end
    // slot 9: the atoms left, before a later packet of the element
    pres[9] = (nb_n != 5'd0) && (pres[15:10] != 6'd0);
  end

  // ==========================================================================
  // S6p: the packet bytes into the bank
  // ==========================================================================
  // S6a, for slot 13 (D6.11.5): the TS bytes of the Timestamp packet, from
  // which 7-bit groups differ from the last timestamp output before the
  // element (0 after its own Trace Info, R_GFQQ).  a_lts_q is that value
  // after every element S6a has taken: the timestamp of the last one with
  // a Timestamp packet, else 0 after a Trace Info since, cleared by
  // start_i; the elements leave S6a, the bank and the chunk in the order
  // S6a takes them, so it is the last Timestamp value output before the
  // element S6a takes next.  One comparison; bits [6:0] always go out.
  reg [63:0]   a_lts_q;

  function [8:1] ts_grp;
    input [63:0] x;
    integer      gi;
    begin
      for (gi = 1; gi <= 7; gi = gi + 1)
        ts_grp[gi] = (x[7*gi +: 7] != 7'd0);
      ts_grp[8] = (x[63:56] != 8'd0);
    end
  endfunction
  function [8:1] ts_bytes;                 // byte k: group k or a higher one differs
    input [8:1] g;
    integer     gi;
    begin
      for (gi = 1; gi <= 8; gi = gi + 1)
        ts_bytes[gi] = |(g >> (gi - 1));
    end
  endfunction
  wire [63:0] x_ts     = x_desc[PD_TS_VAL_L +: 64];
  wire [8:1]  xg       = ts_grp(x_ts ^ (x_sync ? 64'd0 : a_lts_q));

  wire        d_ovf   = a_desc_q[PD_OVF_L];
  wire [3:0]  d_ev    = a_desc_q[PD_EV_L +: 4];
  wire [63:0] d_ts    = a_desc_q[PD_TS_VAL_L +: 64];

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

  // atoms held as 5 bits and a count: from 6 atoms on only the last one
  // (E: 1, N: 0) is read, the others are E; slots 0 and 9 end in E there
  ete_enc_atom u_atom0 (.atoms_i(a_b0_q), .last_i(1'b1), .k_i(a_n0_q),
                        .byte_o(at0_byte), .type_o(at0_type));
  ete_enc_atom u_atom8 (.atoms_i(a_b8_q), .last_i(a_e8_q), .k_i(a_k8_q),
                        .byte_o(at8_byte), .type_o(at8_type));
  ete_enc_atom u_atom9 (.atoms_i(a_b9_q), .last_i(1'b1), .k_i(a_n9_q),
                        .byte_o(at9_byte), .type_o(at9_type));

  ete_enc_ctx u_ctx5 (
    .el_i        (a_desc_q[PD_CX_EL_L +: 2]),
    .ns_i        (a_desc_q[PD_CX_NS_L]),
    .sf_i        (a_desc_q[PD_CX_SF_L]),
    .c_i         (a_desc_q[PD_CX_C_L]),
    .v_i         (a_desc_q[PD_CX_V_L]),
    .contextid_i (a_desc_q[PD_CX_CID_L +: 32]),
    .vmid_i      (a_desc_q[PD_CX_VMID_L +: 32]),
    .data_o      (cx_data),
    .len_o       (cx_len)
  );

  ete_enc_addr u_addr6 (
    .exc_i      (a_desc_q[PD_EXC_L] || a_desc_q[PD_RST_L]),
    .e_i        (a_desc_q[PC_E_L +: 2]),
    .etype_i    (a_desc_q[PD_ETYPE_L +: 5]),
    .unk_i      (a_desc_q[PD_RST_L]),
    .form_i     (a_desc_q[PC_FORM_L +: 2]),
    .q_i        (a_desc_q[PC_Q_L +: 2]),
    .nb2_i      (a_desc_q[PC_NB2_L]),
    .is1_i      (a_desc_q[PD_IS1_L]),
    .addr_i     (a_desc_q[PD_A_L +: 64]),
    .ctx_i      (a_desc_q[PC_WCTX_L]),
    .ctx_data_i (cx_data),                           // u_ctx5's: the same context
    .ctx_len_i  (cx_len),
    .data_o     (ad_data),
    .len_o      (ad_len),
    .type_o     (ad_type)
  );

  ete_enc_cc #(.COMMOPT(COMMOPT)) u_cc10 (
    .known_i (a_desc_q[PD_CC_KNOWN_L]),
    .count_i (a_desc_q[PD_CC_COUNT_L +: 20]),
    .data_o  (cc_data),
    .len_o   (cc_len),
    .type_o  (cc_type)
  );

  ete_enc_ts u_ts13 (
    .ts_i        (d_ts),
    .tsb_i       (a_tsb_q),                          // R_GFQQ: against 0 after Trace Info
    .has_count_i (a_desc_q[PD_TS_HAS_L]),
    .count_i     (a_desc_q[PD_TS_COUNT_L +: 20]),
    .data_o      (ts_data),
    .len_o       (ts_len),
    .type_o      (ts_type)
  );

  // Trace Info (D5.7, D9.2.6.1): PLCTL {CYCT, 00, INFO}; INFO {0, T, 00000,
  // CC}; CYCT the threshold as unsigned LE128
  wire        ti_t = a_desc_q[PD_TI_T_L];
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
  wire [1:0] txf_e   = a_desc_q[PD_TXF_E_L +: 2];
  wire [1:0] txf14_e = a_desc_q[PD_TXF14_E_L +: 2];

  // the slots: data (byte i at [8i +: 8], zero past the length) and length
  reg [160*NS-1:0] sl_data;
  reg [5*NS-1:0]   sl_len;
  reg [NS-1:0]     sl_sm, sl_fit;
  integer          s;
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
    if (a_desc_q[PD_CX_SAME_L]) begin
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
    sl_data[11*160 +: 8]  = a_desc_q[PD_TX11_C_L] ? ETE_HDR_TXN_COMMIT : ETE_HDR_TXN_START;
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
    // per slot: short enough to pair with any packet (sl_sm: below, from
    // the descriptor), and short enough to pair with a SMALL one
    for (s = 0; s < NS; s = s + 1)
      sl_fit[s] = (FIT_ALL != 0) || ({1'b0, sl_len[s*5 +: 5]} <= PB_FIT);
  end

  // Which slots are at most SMALL (4) bytes, named from the descriptor and
  // the TS bytes beside the formers rather than compared from their lengths
  // (the formers' length adders are not on the path into b_sm_q): Trace
  // Info is 5 bytes only with CCI and a threshold above 127; a Context
  // packet 2 bytes with neither CONTEXTIDR nor VMID (else 6 or 10), 1 when
  // the same; slot 6 (ete_enc_addr) at most 4 bytes for the unknown
  // address, an exact match, or a short form that is not both 3 bytes and
  // behind the 2-byte Exception head; a Cycle Count of COMMOPT 0 is 5 bytes
  // with a known count of 2^14 or more (COMMOPT 1: at most 4); a Timestamp
  // is 1 + TS bytes + COUNT bytes (TS bytes: 1 + the TS-byte flags set,
  // a thermometer).  The others have one length.
  wire       sm2  = !(cfg_cci_i && (cc_thr_i[11:7] != 5'd0));
  wire       sm5  = a_desc_q[PD_CX_SAME_L] || !(a_desc_q[PD_CX_C_L] || a_desc_q[PD_CX_V_L]);
  wire [1:0] fm6  = a_desc_q[PC_FORM_L +: 2];
  wire       sm6  = a_desc_q[PD_RST_L] || (fm6 == 2'd0) ||
                    ((fm6 == 2'd1) && !(a_desc_q[PD_EXC_L] && a_desc_q[PC_NB2_L]));
  wire [5:0] cc_hi  = a_desc_q[PD_CC_COUNT_L + 14 +: 6];    // COUNT[19:14]
  wire       sm10 = (COMMOPT != 0) || !(a_desc_q[PD_CC_KNOWN_L] && (cc_hi != 6'd0));
  wire [12:0] ts_hi = a_desc_q[PD_TS_COUNT_L + 7 +: 13];    // COUNT[19:7]
  wire       sm13 = !a_desc_q[PD_TS_HAS_L] ? !a_tsb_q[3] :
                    (ts_hi == 13'd0)       ? !a_tsb_q[2] :
                    (ts_hi[12:7] == 6'd0)  ? !a_tsb_q[1] : 1'b0;
  generate
    if (SMALL == 4) begin : g_sm4
      always @* sl_sm = {2'b11, sm13, 2'b11, sm10, 3'b111, sm6, sm5, 2'b11, sm2, 2'b01};
    end else begin : g_sm_len
      integer sg;
      always @*
        for (sg = 0; sg < NS; sg = sg + 1)
          sl_sm[sg] = (sl_len[sg*5 +: 5] <= SMALL_L);
    end
  endgenerate

  // the bank (S6p -> S6b): one element's slots
  reg          b_valid_q, b_valid_d;
  reg [NS-1:0] b_rem_q, b_rem_d;           // slots present and not yet handed out
  reg [NS-1:0] b_oh0_q, b_oh0_d;           // the lowest of them (one-hot)
  reg [NS-1:0] b_oh1_q, b_oh1_d;           // the next (one-hot, 0 when none)
  // the pick's inputs as flags, formed one clock ahead, so that S6b's
  // decision (two packets, the element's last chunk) is one LUT level and
  // the ready chain S7 -> S6b -> S6p -> S6a -> S6s starts at flip-flops
  reg [NS:1]   b_t_q, b_t_d;               // thermometer: bit j, at least j slots left
  reg          b_sm0_q, b_sm0_d;           // the lowest is at most SMALL bytes
  reg          b_fit1_q, b_fit1_d;         // the next fits after a SMALL one
  reg [160*NS-1:0] b_data_q, b_data_d;     // their bytes (constant-zero bits are pruned)
  reg [5*NS-1:0]   b_len_q, b_len_d;
  reg [NS-1:0] b_sm_q, b_sm_d;             // length <= SMALL
  reg [NS-1:0] b_fit_q, b_fit_d;           // length <= PKT_BYTES - SMALL
  reg [7:0]    b_item_q, b_item_d;

  // ==========================================================================
  // S6b: the lowest slot left, after a SMALL one when one leads, into the chunk
  // ==========================================================================
  reg          c_valid_q, c_valid_d;       // the chunk: one or two packets of one element
  reg [8*SMALL-1:0] c_pre_q, c_pre_d;      // a SMALL packet before the main one (or none)
  reg [159:0]  c_main_q, c_main_d;         // the main packet
  reg [SMALL:0] c_at_q, c_at_d;            // one-hot: the main packet starts at byte i
  reg [5:0]    c_len_q, c_len_d;           // bytes of both
  reg [4:0]    c_lm_q, c_lm_d;             // bytes of the main packet
  reg          c_as_q, c_as_d;             // the main packet is the A-Sync (slot 1)
  reg [7:0]    c_item_q, c_item_d;

  // S7: the bundle and the byte count
  reg          p_valid_q, p_valid_d;
  reg [8*PKT_BYTES-1:0] p_data_q, p_data_d;
  reg [5:0]    p_len_q, p_len_d;
  // D1.9.2: the bytes left before 2^PERIOD bytes since the last A-Sync (a
  // down count, so that the request is a short compare: the count is below
  // 64, registered, and the chunk's length reaches it; values after the
  // request are never read: it stays until the next A-Sync)
  reg [20:0]   left_q, left_d;
  reg          near_q, near_d;             // left_q < 64
  // (pw_q and per_q follow sync_period_i every clock, reset or not:
  // TRCSYNCPR changes only while the unit is idle, so at start_i they hold
  // its value, and the count restarts from a register)
  reg [20:0]   pw_q, pw_d;                 // 2^PERIOD
  reg          per_q, per_d;               // a period is set (PERIOD != 0)
  reg          req_q, req_d;               // a periodic request is pending (D1.9.2)
  reg          raise_q, raise_d;
  reg          ack_q, ack_d;
  reg [7:0]    raise_item_q, raise_item_d;

  assign raise_o      = raise_q;
  assign sync_ack_o   = ack_q;
  assign raise_item_o = raise_item_q;
  assign pkt_valid_o  = p_valid_q;
  assign pkt_data_o   = p_data_q;
  assign pkt_len_o    = p_len_q;
  assign idle_o       = !in_valid_i && !q_ne_q && !a_valid_q && !b_valid_q && !c_valid_q &&
                        !p_valid_q;

  // S6b reads the lowest two slots left as registered one-hots (b_oh0_q,
  // b_oh1_q) and the pick's flags (b_t_q, b_sm0_q, b_fit1_q), so that the
  // pick is one level: two go when the lowest is SMALL and the next fits
  // after it (the A-Sync is never SMALL, so it is always the main packet).
  // The one-hots after a chunk are the second and third, or third and
  // fourth, lowest slots left: a count of the slots below each slot
  // saturating at 3, as independent OR terms.
  reg [NS-1:0] ge1, ge2, ge3, oh2, oh3, sel;
  reg [159:0]  dm;
  reg [8*SMALL-1:0] dp;
  reg [4:0]    l0, l1, lm;
  reg [5:0]    l01;
  reg          sm0, fit1, two, last, sm0_c, fit1_c;
  reg [SMALL:0] at;
  integer      i, m;
  always @* begin : p_sel
    sm0  = b_sm0_q;
    fit1 = b_fit1_q;
    two  = b_t_q[2] && sm0 && fit1;
    // the element's last chunk: no slot left after the lowest (one packet)
    // or after the lowest two (two packets)
    last = !b_t_q[2] || (two && !b_t_q[3]);
    sel  = two ? b_oh1_q : b_oh0_q;
    dm = 160'd0;  dp = {8*SMALL{1'b0}};  l0 = 5'd0;  l1 = 5'd0;
    for (i = 0; i < NS; i = i + 1) begin
      dm = dm | (b_data_q[i*160 +: 160] & {160{sel[i]}});
      dp = dp | (b_data_q[i*160 +: 8*SMALL] & {8*SMALL{b_oh0_q[i]}});
      l0 = l0 | (b_len_q[i*5 +: 5] & {5{b_oh0_q[i]}});
      l1 = l1 | (b_len_q[i*5 +: 5] & {5{b_oh1_q[i]}});
    end
    // the lengths of the lowest two from the registered one-hots, their
    // sum beside two (selected after it, not added after it)
    lm  = two ? l1 : l0;
    l01 = {1'b0, l0} + {1'b0, l1};
    at = {SMALL+1{1'b0}};
    for (i = 0; i <= SMALL; i = i + 1)
      at[i] = two ? (l0 == i[4:0]) : (i == 0);
    // geK[i]: at least K slots left below slot i
    for (i = 0; i < NS; i = i + 1) begin
      ge1[i] = 1'b0;  ge2[i] = 1'b0;  ge3[i] = 1'b0;
      for (m = 0; m < i; m = m + 1)
        ge1[i] = ge1[i] | b_rem_q[m];
    end
    for (i = 0; i < NS; i = i + 1)
      for (m = 1; m < i; m = m + 1)
        ge2[i] = ge2[i] | (b_rem_q[m] & ge1[m]);
    for (i = 0; i < NS; i = i + 1)
      for (m = 2; m < i; m = m + 1)
        ge3[i] = ge3[i] | (b_rem_q[m] & ge2[m]);
    oh2 = b_rem_q & ge2 & ~ge3;
    oh3 = b_rem_q & ge3;
    for (i = 0; i < NS; i = i + 1)
      for (m = 3; m < i; m = m + 1)
        oh3[i] = oh3[i] & !(b_rem_q[m] & ge3[m]);
    // the pick's flags after this chunk: the new lowest two are the second
    // and third, or the third and fourth, lowest slots left
    sm0_c  = two ? ((oh2 & b_sm_q) != {NS{1'b0}}) : ((b_oh1_q & b_sm_q) != {NS{1'b0}});
    fit1_c = (FIT_ALL != 0) ||
             (two ? ((oh3 & b_fit_q) != {NS{1'b0}}) : ((oh2 & b_fit_q) != {NS{1'b0}}));
  end

  // the lowest two slots of S6a's element, for the bank
  reg [NS-1:0] pg1, pg2, poh0, poh1;
  reg [19:0]   q4;                         // four thermometers of four slots, bits 0 .. 4
  reg [17:0]   q8;                         // two of eight slots, bits 0 .. 8
  reg [NS:1]   pth;                        // the slots present, a thermometer
  integer      t, u, v;
  always @* begin : p_pcnt
    for (t = 0; t < NS; t = t + 1) begin
      pg1[t] = 1'b0;  pg2[t] = 1'b0;
      for (u = 0; u < t; u = u + 1)
        pg1[t] = pg1[t] | a_pres_q[u];
    end
    for (t = 0; t < NS; t = t + 1)
      for (u = 1; u < t; u = u + 1)
        pg2[t] = pg2[t] | (a_pres_q[u] & pg1[u]);
    poh0 = a_pres_q & ~pg1;
    poh1 = a_pres_q & pg1 & ~pg2;
    // the thermometer of the slots present, by merging (NS = 16: four
    // groups of four): at least k of four slots (one LUT level each), then
    // two merges (bit j of a merge: some i <= j with at least i in one half
    // and j - i in the other), a few levels instead of a counter's carry
    // chains
    for (t = 0; t < 4; t = t + 1) begin
      q4[t*5] = 1'b1;
      for (u = 1; u <= 4; u = u + 1)
        q4[t*5 + u] = ({2'd0, a_pres_q[4*t]} + {2'd0, a_pres_q[4*t+1]} +
                       {2'd0, a_pres_q[4*t+2]} + {2'd0, a_pres_q[4*t+3]}) >= u[2:0];
    end
    for (t = 0; t < 2; t = t + 1) begin
      q8[t*9] = 1'b1;
      for (u = 1; u <= 8; u = u + 1) begin
        q8[t*9 + u] = 1'b0;
        for (v = 0; v <= 4; v = v + 1)
          if (u - v >= 0 && u - v <= 4)
            q8[t*9 + u] = q8[t*9 + u] | (q4[(2*t)*5 + v] & q4[(2*t+1)*5 + u - v]);
      end
    end
    for (u = 1; u <= NS; u = u + 1) begin
      pth[u] = 1'b0;
      for (v = 0; v <= 8; v = v + 1)
        if (u - v >= 0 && u - v <= 8)
          pth[u] = pth[u] | (q8[v] & q8[9 + u - v]);
    end
  end

  wire p_free = !p_valid_q || pkt_ready_i;
  wire c_free = !c_valid_q || p_free;
  // S6b: the bank's element is done when its last packets go into the chunk
  // register; one without packets also waits for the chunk to be free, so
  // that no element passes a chunk not yet counted (the sync_lag bound)
  wire b_done = b_valid_q && c_free && last;
  wire b_free = !b_valid_q || b_done;
  wire a_free = !a_valid_q || b_free;
  wire a_go   = x_valid && a_free;                      // S6a takes an element
  wire b_go   = a_valid_q && b_free;                    // S6p takes S6a's element into the bank
  wire chunk  = b_valid_q && b_t_q[1] && c_free;       // S6b hands packets to the chunk
  wire bundle = c_valid_q && p_free;                    // S7 takes the chunk into the bundle

  // S7: the main packet placed after the SMALL one (at byte 0 when none)
  reg [8*PKT_BYTES-1:0] cat;               // bytes OW and above stay zero
  integer        o, l, k;
  always @* begin : p_cat
    cat = {8*PKT_BYTES{1'b0}};
    for (o = 0; o < OW; o = o + 1) begin
      if (o < SMALL)
        cat[8*o +: 8] = c_pre_q[8*o +: 8];
      for (l = 0; l <= SMALL; l = l + 1) begin
        k = o - l;
        if (k >= 0 && k < 20)
          cat[8*o +: 8] = cat[8*o +: 8] | (c_main_q[8*k +: 8] & {8{c_at_q[l]}});
      end
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  reg [6:0] lft7;                          // the low 7 bits of left_q - length: bit 6 is read
  /* verilator lint_on UNUSEDSIGNAL */
  always @* begin : p_state
    q_ne_d = q_ne_q;  q_full_d = q_full_q;
    an_d = an_q;  ap_d = ap_q;
    a_valid_d = a_valid_q;  a_desc_d = a_desc_q;  a_pres_d = a_pres_q;
    a_n0_d = a_n0_q;  a_b0_d = a_b0_q;  a_k8_d = a_k8_q;  a_b8_d = a_b8_q;  a_e8_d = a_e8_q;
    a_n9_d = a_n9_q;  a_b9_d = a_b9_q;  a_tsb_d = a_tsb_q;
    b_valid_d = b_valid_q;  b_rem_d = b_rem_q;  b_data_d = b_data_q;
    b_oh0_d = b_oh0_q;  b_oh1_d = b_oh1_q;
    b_t_d = b_t_q;  b_sm0_d = b_sm0_q;  b_fit1_d = b_fit1_q;
    b_len_d = b_len_q;
    b_sm_d = b_sm_q;  b_fit_d = b_fit_q;  b_item_d = b_item_q;
    c_valid_d = c_valid_q;  c_pre_d = c_pre_q;  c_main_d = c_main_q;  c_at_d = c_at_q;
    c_len_d = c_len_q;  c_lm_d = c_lm_q;  c_as_d = c_as_q;
    c_item_d = c_item_q;
    p_valid_d = p_free ? 1'b0 : p_valid_q;
    p_data_d = p_data_q;  p_len_d = p_len_q;
    left_d = left_q;  near_d = near_q;  req_d = req_q;
    per_d = (sync_period_i != 5'd0);
    pw_d  = 21'd1 << sync_period_i;
    raise_d = 1'b0;  ack_d = 1'b0;  raise_item_d = raise_item_q;
    lft7 = left_q[6:0] - {1'b0, c_len_q};

    // S6s: S5's element in, S6a's out of entry 0
    if (q_push && !a_go) begin
      q_ne_d   = 1'b1;
      q_full_d = q_ne_q;
    end else if (!q_push && a_go) begin
      q_ne_d   = q_full_q;
      q_full_d = 1'b0;
    end

    // S6a
    if (b_go)
      a_valid_d = 1'b0;
    if (a_go) begin
      a_valid_d = 1'b1;
      a_desc_d  = x_desc;
      a_pres_d  = pres;
      a_n0_d    = an_q;
      a_b0_d    = ap_q;
      a_k8_d    = kk;
      a_b8_d    = ab5;
      a_e8_d    = x_taken;
      a_n9_d    = nb_n;
      a_b9_d    = nb_b;
      a_tsb_d   = ts_bytes(xg);
      // slot 9 empties the buffer (with no atom left it is empty anyway)
      an_d      = (pres[15:10] != 6'd0) ? 5'd0 : nb_n;
      ap_d      = (pres[15:10] != 6'd0) ? 5'd0 : nb_b;
    end

    // S6p: the element's packets into the bank; the last timestamp after it
    if (b_done)
      b_valid_d = 1'b0;
    if (chunk) begin
      b_rem_d = b_rem_q & ~b_oh0_q & (two ? ~b_oh1_q : {NS{1'b1}});
      b_oh0_d = two ? oh2 : b_oh1_q;
      b_oh1_d = two ? oh3 : oh2;
      b_t_d   = two ? (b_t_q >> 2) : (b_t_q >> 1);
      b_sm0_d = sm0_c;
      b_fit1_d = fit1_c;
    end
    if (b_go) begin
      b_valid_d = 1'b1;
      b_rem_d   = a_pres_q;
      b_oh0_d   = poh0;
      b_oh1_d   = poh1;
      b_t_d     = pth;
      b_sm0_d   = ((poh0 & sl_sm) != {NS{1'b0}});
      b_fit1_d  = (FIT_ALL != 0) || ((poh1 & sl_fit) != {NS{1'b0}});
      b_data_d  = sl_data;
      b_len_d   = sl_len;
      b_sm_d    = sl_sm;
      b_fit_d   = sl_fit;
      b_item_d  = a_desc_q[PD_ITEM_L +: 8];
    end

    // S6b: one or two packets into the chunk
    if (c_free)
      c_valid_d = 1'b0;
    if (chunk) begin
      c_valid_d = 1'b1;
      c_pre_d   = two ? dp : {8*SMALL{1'b0}};
      c_main_d  = dm;
      c_at_d    = at;
      c_len_d   = two ? l01 : {1'b0, l0};
      c_lm_d    = lm;
      c_as_d    = sel[1];
      c_item_d  = b_item_q;
    end

    // S7: the bundle; the byte count restarts at an A-Sync (slot 1, D1.9.2)
    // and raises the request when it reaches 2^PERIOD (counts at and above
    // it are never read: the request stays until the next A-Sync)
    if (bundle) begin
      p_valid_d = 1'b1;
      p_data_d  = cat;
      p_len_d   = c_len_q;
      // the count restarts with the A-Sync's bytes (2^PERIOD >= 256 > 64 + 20)
      if (c_as_q) begin
        left_d = pw_q - {16'd0, c_lm_q};
        near_d = 1'b0;
      end else begin
        left_d = left_q - {15'd0, c_len_q};
        near_d = (left_q[20:7] == 14'd0) && !lft7[6];
      end
      if (c_as_q) begin
        req_d = 1'b0;
        ack_d = 1'b1;
      end else if (per_q && near_q && {1'b0, left_q[5:0]} <= {1'b0, c_len_q}) begin
        req_d = 1'b1;
        if (!req_q) begin
          raise_d      = 1'b1;
          raise_item_d = c_item_q;
        end
      end
    end

    if (start_i) begin
      left_d = pw_q;
      near_d = 1'b0;
      an_d = 5'd0;  ap_d = 5'd0;
      req_d = 1'b0;  raise_d = 1'b0;  ack_d = 1'b0;
      q_ne_d = 1'b0;  q_full_d = 1'b0;  a_valid_d = 1'b0;  b_valid_d = 1'b0;  c_valid_d = 1'b0;
      p_valid_d = 1'b0;  b_rem_d = {NS{1'b0}};  b_oh0_d = {NS{1'b0}};
      b_oh1_d = {NS{1'b0}};  b_t_d = {NS{1'b0}};
    end
  end

  always @(posedge clk_i) begin
    if (rst_s) begin
      q_ne_q <= 1'b0;  q_full_q <= 1'b0;  q_wp_q <= 1'b0;  q_rp_q <= 1'b0;
      an_q <= 5'd0;  ap_q <= 5'd0;
      a_valid_q <= 1'b0;  a_pres_q <= {NS{1'b0}};
      b_valid_q <= 1'b0;  b_rem_q <= {NS{1'b0}};
      b_oh0_q <= {NS{1'b0}};  b_oh1_q <= {NS{1'b0}};  b_t_q <= {NS{1'b0}};
      c_valid_q <= 1'b0;
      p_valid_q <= 1'b0;
      left_q <= 21'd0;  near_q <= 1'b0;  req_q <= 1'b0;  raise_q <= 1'b0;  ack_q <= 1'b0;
      raise_item_q <= 8'd0;
    end else begin
      q_ne_q <= q_ne_d;  q_full_q <= q_full_d;
      if (start_i) begin
        q_wp_q <= 1'b0;  q_rp_q <= 1'b0;
      end else begin
        q_wp_q <= q_wp_q ^ q_push;  q_rp_q <= q_rp_q ^ a_go;
      end
      an_q <= an_d;  ap_q <= ap_d;
      a_valid_q <= a_valid_d;  a_pres_q <= a_pres_d;
      b_valid_q <= b_valid_d;  b_rem_q <= b_rem_d;
      b_oh0_q <= b_oh0_d;  b_oh1_q <= b_oh1_d;  b_t_q <= b_t_d;
      c_valid_q <= c_valid_d;
      p_valid_q <= p_valid_d;
      left_q <= left_d;  near_q <= near_d;  req_q <= req_d;  raise_q <= raise_d;  ack_q <= ack_d;
      raise_item_q <= raise_item_d;
    end
  end

  // The data of S6a, the bank, the chunk and the bundle: no reset, read
  // only while their stage's valid flag (or the bank's slots left) is set.
  // Without a reset, a bit every load sets to a constant (the packets'
  // fixed bytes and lengths, the pairing flags of fixed-length slots) is
  // that constant in the netlist, not a flip-flop ANDed into the selects.
  always @(posedge clk_i) begin
    a_desc_q <= a_desc_d;
    b_sm0_q <= b_sm0_d;  b_fit1_q <= b_fit1_d;
    a_n0_q <= a_n0_d;  a_b0_q <= a_b0_d;  a_k8_q <= a_k8_d;  a_b8_q <= a_b8_d;  a_e8_q <= a_e8_d;
    a_n9_q <= a_n9_d;  a_b9_q <= a_b9_d;  a_tsb_q <= a_tsb_d;
    b_data_q <= b_data_d;  b_len_q <= b_len_d;  b_sm_q <= b_sm_d;  b_fit_q <= b_fit_d;
    b_item_q <= b_item_d;
    c_pre_q <= c_pre_d;  c_main_q <= c_main_d;  c_at_q <= c_at_d;
    c_len_q <= c_len_d;  c_lm_q <= c_lm_d;  c_as_q <= c_as_d;  c_item_q <= c_item_d;
    p_data_q <= p_data_d;  p_len_q <= p_len_d;
  end

  // the last timestamp after S6a's elements (above): the element's
  // timestamp, else 0 after its Trace Info (R_GFQQ), else held; cleared by
  // start_i.  The clear is the flip-flops' synchronous reset (no other
  // reset), so the register costs no LUT4 per bit.
  always @(posedge clk_i) begin
    if (start_i || (a_go && !pres[13] && x_sync))
      a_lts_q <= 64'd0;
    else if (a_go && pres[13])
      a_lts_q <= x_ts;
  end

  // the period: no reset (it follows sync_period_i, also during reset)
  always @(posedge clk_i) begin
    pw_q  <= pw_d;
    per_q <= per_d;
  end

  // the input FIFO's entries (no reset)
  always @(posedge clk_i) begin
    if (q_push && !q_wp_q)
      q_desc0_q <= in_desc_i;
    if (q_push && q_wp_q)
      q_desc1_q <= in_desc_i;
  end

`ifdef FORMAL
  // ---- formal ------------------------------------------------------------
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
`ifdef FV_ETE_PIPE_PKT_TOP
  always @* if (!f_past_valid) assume (!rst_ni);
`endif
  // start_i empties every register: the handshake rules restart after it
  wire f_run = rst_ni && !start_i;

  // S5 -> S6: S5's rule (assumed when this module is the proof's top)
  fv_vr_check #(
    .W (PC_W)
`ifdef FV_ETE_PIPE_PKT_TOP
    , .ASSUME (1)
`else
    , .ASSUME (0)
`endif
  ) f_in_vr (
    .clk_i (clk_i), .rst_ni (f_run),
    .valid_i (in_valid_i), .ready_i (in_ready_o), .data_i (in_desc_i)
  );
  // S6s -> S6a, S6a -> S6p, S7 chunk -> bundle, and the bundle out
  fv_vr_check #(.W (PC_W), .ASSUME (0)) f_x_vr (
    .clk_i (clk_i), .rst_ni (f_run),
    .valid_i (x_valid), .ready_i (a_free), .data_i (x_desc)
  );
  fv_vr_check #(.W (PC_W + NS + 39), .ASSUME (0)) f_a_vr (
    .clk_i (clk_i), .rst_ni (f_run),
    .valid_i (a_valid_q), .ready_i (b_free),
    .data_i ({a_desc_q, a_pres_q, a_n0_q, a_b0_q, a_k8_q, a_b8_q, a_e8_q, a_n9_q, a_b9_q, a_tsb_q})
  );
  fv_vr_check #(.W (8 * SMALL + 160 + SMALL + 1 + 6 + 5 + 1 + 8), .ASSUME (0)) f_c_vr (
    .clk_i (clk_i), .rst_ni (f_run),
    .valid_i (c_valid_q), .ready_i (p_free),
    .data_i ({c_pre_q, c_main_q, c_at_q, c_len_q, c_lm_q, c_as_q, c_item_q})
  );
  fv_vr_check #(.W (8 * PKT_BYTES + 6), .ASSUME (0)) f_pkt_vr (
    .clk_i (clk_i), .rst_ni (f_run),
    .valid_i (pkt_valid_o), .ready_i (pkt_ready_i), .data_i ({pkt_len_o, pkt_data_o})
  );

  // invariants
  reg [4:0] f_cnt;
  integer   f_i;
  always @* begin
    f_cnt = 5'd0;
    for (f_i = 0; f_i < NS; f_i = f_i + 1)
      f_cnt = f_cnt + {4'd0, b_rem_q[f_i]};
  end
  always @* if (f_past_valid && rst_ni) begin
    // the atom buffer: at most 23 atoms; from 5 on all E; none past the count
    assert (an_q <= 5'd23);
    if (an_q >= 5'd5) assert (ap_q == 5'h1F);
    else              assert ((ap_q >> an_q) == 5'd0);
    // the input FIFO: full only when not empty
    if (q_full_q) assert (q_ne_q);
    // ... the pointers part when it holds one entry, meet otherwise
    assert ((q_wp_q != q_rp_q) == (q_ne_q && !q_full_q));
    // S6a's TS bytes (slot 13) are a thermometer, bytes 1 .. k (ts_bytes):
    // sm13 reads one flag of it for the length
    if (a_valid_q) assert ((a_tsb_q & (a_tsb_q + 8'd1)) == 8'd0);
    // the bank: empty when not valid (below)
    // the one-hots are the lowest two slots left
    assert ((b_oh0_q & (b_oh0_q - 1'b1)) == {NS{1'b0}} && (b_oh0_q & ~b_rem_q) == {NS{1'b0}});
    assert ((b_oh1_q & (b_oh1_q - 1'b1)) == {NS{1'b0}} && (b_oh1_q & ~b_rem_q) == {NS{1'b0}});
    assert ((b_oh0_q != {NS{1'b0}}) == (b_rem_q != {NS{1'b0}}));
    assert ((b_oh1_q != {NS{1'b0}}) == (f_cnt >= 5'd2));
    assert (((b_oh0_q - 1'b1) & b_rem_q) == {NS{1'b0}});
    assert (b_oh1_q == {NS{1'b0}} || (((b_oh1_q - 1'b1) & b_rem_q) == b_oh0_q));
    if (!b_valid_q) assert (b_rem_q == {NS{1'b0}});
    // the pick's flags are those of the one-hots and the slots left
    for (f_i = 1; f_i <= NS; f_i = f_i + 1)
      assert (b_t_q[f_i] == ({27'd0, f_cnt} >= f_i));
    if (b_oh0_q != {NS{1'b0}}) assert (b_sm0_q == ((b_oh0_q & b_sm_q) != {NS{1'b0}}));
    if (b_oh1_q != {NS{1'b0}})
      assert (b_fit1_q == ((FIT_ALL != 0) || ((b_oh1_q & b_fit_q) != {NS{1'b0}})));
    // a chunk and a bundle hold 1 .. PKT_BYTES bytes
    if (c_valid_q) assert (c_len_q != 6'd0 && {1'b0, c_len_q} <= PKT_BYTES[6:0]);
    if (pkt_valid_o) assert (pkt_len_o != 6'd0 && {1'b0, pkt_len_o} <= PKT_BYTES[6:0]);
  end
  // a packet's bytes past its length are zero (packets are ORed together);
  // a slot of S6a's element and of the bank holds 1 .. 20 bytes, and the
  // bank's pairing flags agree with its length (the chunk's length rests on
  // these: formal/ete_pipe.sby's induction)
  genvar f_s, f_b;
  generate
    for (f_s = 0; f_s < NS; f_s = f_s + 1) begin : g_f_slot
      wire [4:0] f_al = sl_len[f_s*5 +: 5];
      wire [4:0] f_bl = b_len_q[f_s*5 +: 5];
      always @* if (f_past_valid && rst_ni) begin
        if (a_valid_q && a_pres_q[f_s]) assert (f_al != 5'd0 && f_al <= 5'd20);
        // S6a's "at most SMALL bytes" flags, named from the descriptor and
        // the TS bytes (sl_sm), are the length compare the bank keeps
        if (a_valid_q && a_pres_q[f_s]) assert (sl_sm[f_s] == (f_al <= SMALL_L));
        if (b_rem_q[f_s])
          assert (f_bl != 5'd0 && f_bl <= 5'd20 && b_sm_q[f_s] == (f_bl <= SMALL_L) &&
                  b_fit_q[f_s] == ((FIT_ALL != 0) || ({1'b0, f_bl} <= PB_FIT)));
      end
      for (f_b = 0; f_b < 20; f_b = f_b + 1) begin : g_f_byte
        always @* if (f_past_valid && rst_ni && b_rem_q[f_s] && {1'b0, f_bl} <= f_b)
          assert (b_data_q[f_s*160 + 8*f_b +: 8] == 8'd0);
        always @* if (f_past_valid && rst_ni && a_valid_q && a_pres_q[f_s] && {1'b0, f_al} <= f_b)
          assert (sl_data[f_s*160 + 8*f_b +: 8] == 8'd0);
      end
    end
  endgenerate

`ifndef FV_CLS_ONLY
  // (FV_CLS_ONLY: a packet-class cover task of ete_pipe.sby leaves them out)
  always @(posedge clk_i) if (f_past_valid && f_run) begin
    cover (q_full_q && a_free);                   // both FIFO entries used
    cover (bundle && c_at_q[1]);                  // two packets in one bundle
    cover (chunk && f_cnt >= 5'd3);             // an element over several clocks
  end
`endif
`ifdef FV_ETE_PIPE_PKT_TOP
  // a periodic A-Sync request (D1.9.2): this module's own cover task only
  // (sync_period_i free: reached at step 8 with a small period).  The port
  // harness ties sync_period_i to 0 (formal/ete_pipe_pkt_ports.sby), and in
  // the core 2^PERIOD >= 256 bytes must leave first.
  always @(posedge clk_i) if (f_past_valid && f_run) cover (raise_q);
`endif
`endif

endmodule

`default_nettype wire
