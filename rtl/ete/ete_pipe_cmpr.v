// ETE pipeline S5, the compression stage (docs/ete-rtl-pipeline.md 3.1, 3.2):
// the return stack (D6.11.4) and the address history buffer (D6.11.3) and
// every decision that reads them: whether a return stack match removes the
// Target Address element (R_QHSBN, R_HTKJS; I_PCMYT for the E field of an
// Exception packet), the address form (R_BPRDC, R_YLXFK) and the choice
// between a Context packet + Target Address and a Target Address with
// Context packet (docs/ete-model.md: the shorter, the single packet on a
// tie).  The history and the stack are registered here and updated once
// per element, so the next element, one clock behind, sees them.
`default_nettype none

module ete_pipe_cmpr #(
  parameter RS_DEPTH = 15    // return stack entries, 0..15 (checked by ete_pipe)
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 start_i,      // ete_model_new: empty history and stack
  input  wire                 in_valid_i,
  output wire                 in_ready_o,
  input  wire [PD_W-1:0] in_desc_i,
  output wire                 out_valid_o,
  input  wire                 out_ready_i,
  output wire [PC_W-1:0] out_desc_o
);

  // the element descriptor S4 -> S5 -> S6 (PD_/PC_ fields)
  `include "ete_pipe_desc.vh"

  localparam RSD = (RS_DEPTH > 0) ? RS_DEPTH : 1;
  /* verilator lint_off WIDTH */
  localparam [4:0] RS_MAX = RS_DEPTH;
  /* verilator lint_on WIDTH */
  localparam [1:0] FORM_EXACT = 2'd0;
  localparam [1:0] FORM_SHORT = 2'd1;
  localparam [1:0] FORM_32    = 2'd2;
  localparam [1:0] FORM_64    = 2'd3;

  // D9.2.14.4: Short IS0 replaces bits [8:2] or [16:2] of entry 0, IS1
  // bits [7:1] or [15:1]; 0 when no Short form fits
  function [1:0] short_bytes;
    input [63:8] x;
    input [63:8] r;
    input        s1;
    reg   [63:8] d;
    begin
      d = x ^ r;
      if (s1)
        short_bytes = (d[63:8] == 56'd0) ? 2'd1 : (d[63:16] == 48'd0) ? 2'd2 : 2'd0;
      else
        short_bytes = (d[63:9] == 55'd0) ? 2'd1 : (d[63:17] == 47'd0) ? 2'd2 : 2'd0;
    end
  endfunction

  reg [63:0]       h0_q, h0_d, h1_q, h1_d, h2_q, h2_d;   // history, entry 0 newest
  reg [2:0]        hi_q, hi_d;                           // ... their sub_isa IS1
  reg [64*RSD-1:0] rs_a_q, rs_a_d;                       // return stack, entry 0 the top
  reg [RSD-1:0]    rs_i_q, rs_i_d;
  reg [4:0]        rs_n_q, rs_n_d;
  reg              valid_q, valid_d;
  reg [PC_W-1:0] desc_q, desc_d;

  assign out_valid_o = valid_q;
  assign out_desc_o  = desc_q;
  wire out_free = !valid_q || out_ready_i;
  assign in_ready_o = out_free;
  wire go = out_free && in_valid_i;

  wire        d_sync   = in_desc_i[PD_SYNC_L];
  wire        d_txf    = in_desc_i[PD_TXF_L];
  wire        d_res    = in_desc_i[PD_RES_L];
  wire        d_exc    = in_desc_i[PD_EXC_L];
  wire        d_rst    = in_desc_i[PD_RST_L];
  wire        d_need_a = in_desc_i[PD_NEED_A_L];
  wire        d_pend   = in_desc_i[PD_PEND_L];
  wire        d_need_c = in_desc_i[PD_NEED_C_L];
  wire        d_is1    = in_desc_i[PD_IS1_L];
  wire        d_same   = in_desc_i[PD_CX_SAME_L];
  wire        d_c      = in_desc_i[PD_CX_C_L];
  wire        d_v      = in_desc_i[PD_CX_V_L];
  wire [63:0] d_a      = in_desc_i[PD_A_L +: 64];

  reg [63:0] e0, e1, e2;        // the history the element's address sees
  reg [2:0]  ei;
  reg [1:0]  form, q, nb;
  reg        fits, pop, need_a, sep, s5, s6, wctx;
  reg [4:0]  asz, csz, comb, cpay, n;
  reg [64*RSD-1:0] ra;
  reg [RSD-1:0]    ri;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [64*RSD+63:0] ra_w;                // a push: the oldest entry drops out
  reg [RSD:0]      ri_w;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [1:0]  e_fld;

  always @* begin : p_cmpr
    h0_d = h0_q;  h1_d = h1_q;  h2_d = h2_q;  hi_d = hi_q;
    rs_a_d = rs_a_q;  rs_i_d = rs_i_q;  rs_n_d = rs_n_q;
    valid_d = out_free ? 1'b0 : valid_q;
    desc_d  = desc_q;

    // the history after the packets before slot 6: Trace Info resets it
    // (R_BTWGD), a Transaction Failure pushes 0 (R_FPDJF)
    e0 = d_sync ? 64'd0 : h0_q;
    e1 = d_sync ? 64'd0 : h1_q;
    e2 = d_sync ? 64'd0 : h2_q;
    ei = d_sync ? 3'd0 : hi_q;
    if (d_txf) begin
      e2 = e1;  e1 = e0;  e0 = 64'd0;
      ei = {ei[1:0], 1'b0};
    end
    // address form (R_BPRDC, R_YLXFK): exact match, lowest entry first
    q  = 2'd0;
    nb = short_bytes(d_a[63:8], e0[63:8], d_is1);
    fits = (d_a[63:32] == e0[63:32]);           // D9.2.14.3
    if (e0 == d_a && ei[0] == d_is1) begin
      form = FORM_EXACT;
    end else if (e1 == d_a && ei[1] == d_is1) begin
      form = FORM_EXACT;
      q    = 2'd1;
    end else if (e2 == d_a && ei[2] == d_is1) begin
      form = FORM_EXACT;
      q    = 2'd2;
    end else if (nb != 2'd0) begin
      form = FORM_SHORT;
    end else begin
      form = fits ? FORM_32 : FORM_64;
    end
    case (form)
      FORM_EXACT: asz = 5'd1;
      FORM_SHORT: asz = 5'd1 + {3'd0, nb};
      FORM_32:    asz = 5'd5;
      default:    asz = 5'd9;
    endcase

    // return stack: cleared before the pop check (Trace On, Trace Info,
    // Transaction Failure: R_SBJB, I_XHLPG)
    ra = rs_a_q;
    ri = rs_i_q;
    ra_w = {64*RSD+64{1'b0}};
    ri_w = {RSD+1{1'b0}};
    n  = in_desc_i[PD_RS_CLR_L] ? 5'd0 : rs_n_q;
    pop = (d_res || d_exc) && d_need_a && d_pend && (n != 5'd0) &&
          (ra[63:0] == d_a) && (ri[0] == d_is1);         // R_QHSBN
    need_a = d_need_a && !pop;                           // R_HTKJS
    if (pop) begin
      ra = ra >> 64;
      ri = ri >> 1;
      n  = n - 5'd1;
    end
    if (in_desc_i[PD_RS_CLRBB_L])
      n = 5'd0;                                          // R_SBJB
    if (in_desc_i[PD_RS_PUSH_L]) begin                // R_ZKTHK, R_ZSDVQ
      ra_w = {ra, in_desc_i[PD_RS_A_L +: 64]};
      ri_w = {ri, in_desc_i[PD_RS_IS1_L]};
      ra   = ra_w[64*RSD-1:0];
      ri   = ri_w[RSD-1:0];
      if (n != RS_MAX)
        n = n + 5'd1;
    end

    // Context + Target Address, or Target Address with Context: the shorter
    cpay = 5'd1 + (d_c ? 5'd4 : 5'd0) + (d_v ? 5'd4 : 5'd0);   // D5.55
    csz  = d_same ? 5'd1 : 5'd1 + cpay;
    comb = (fits ? 5'd5 : 5'd9) + cpay;
    sep  = (csz + asz) < comb;
    s5 = 1'b0;  s6 = 1'b0;  wctx = 1'b0;  e_fld = 2'b01;
    if (d_res) begin
      s5   = d_need_c && (!need_a || sep);
      s6   = need_a;
      wctx = need_a && d_need_c && !sep;
    end else if (d_exc) begin
      s5    = d_need_c && sep;
      s6    = 1'b1;
      wctx  = d_need_c && !sep;
      e_fld = need_a ? 2'b10 : 2'b01;                    // I_PCMYT
    end else if (d_rst) begin
      s6    = 1'b1;
      e_fld = in_desc_i[PD_RST_E_L +: 2];
    end

    if (go) begin
      // the history after the element
      h0_d = e0;  h1_d = e1;  h2_d = e2;  hi_d = ei;
      if (s6) begin                                      // R_LMHFW, R_CMCRT, D9.2.14.7
        h2_d = e1;
        h1_d = e0;
        h0_d = d_rst ? 64'd0 : d_a;
        hi_d = {ei[1:0], d_rst ? 1'b0 : d_is1};
      end
      rs_a_d = ra;
      rs_i_d = ri;
      rs_n_d = n;
      valid_d = 1'b1;
      desc_d  = {PC_W{1'b0}};
      desc_d[PD_W-1:0] = in_desc_i;
      desc_d[PC_S5_L]   = s5;
      desc_d[PC_S6_L]   = s6;
      desc_d[PC_FORM_L +: 2] = wctx ? (fits ? FORM_32 : FORM_64) : form;
      desc_d[PC_Q_L +: 2]    = q;
      desc_d[PC_NB2_L]  = (nb == 2'd2);
      desc_d[PC_WCTX_L] = wctx;
      desc_d[PC_E_L +: 2]    = e_fld;
    end
    if (start_i) begin
      h0_d = 64'd0;  h1_d = 64'd0;  h2_d = 64'd0;  hi_d = 3'd0;   // R_BTWGD
      rs_n_d  = 5'd0;
      valid_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      h0_q <= 64'd0;  h1_q <= 64'd0;  h2_q <= 64'd0;  hi_q <= 3'd0;
      rs_a_q <= {64*RSD{1'b0}};  rs_i_q <= {RSD{1'b0}};  rs_n_q <= 5'd0;
      valid_q <= 1'b0;  desc_q <= {PC_W{1'b0}};
    end else begin
      h0_q <= h0_d;  h1_q <= h1_d;  h2_q <= h2_d;  hi_q <= hi_d;
      rs_a_q <= rs_a_d;  rs_i_q <= rs_i_d;  rs_n_q <= rs_n_d;
      valid_q <= valid_d;  desc_q <= desc_d;
    end
  end

endmodule

`default_nettype wire
