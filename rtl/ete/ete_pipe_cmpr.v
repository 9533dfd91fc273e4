// ETE pipeline S5, the compression stage (docs/ete-rtl-pipeline.md 3.1, 3.2):
// the return stack (D6.11.4) and the address history buffer (D6.11.3) and
// every decision that reads them: whether a return stack match removes the
// Target Address element (R_QHSBN, R_HTKJS; I_PCMYT for the E field of an
// Exception packet), the address form (R_BPRDC, R_YLXFK) and the choice
// between a Context packet + Target Address and a Target Address with
// Context packet (docs/ete-model.md: the shorter, the single packet on a
// tie).  The stack is registered here and updated once per element, so the
// next element, one clock behind, sees it; the history is written one clock
// after its element, and the next element compares against the entries as
// that pending update leaves them (w0_q .. w2_q, pa_q, below).
//
// S5 is two steps.  S5a is logic on S4's output register: the comparisons
// read it directly, and S5a handles the offered descriptor (go) in a clock
// S5b's register is free or S6 takes S5b's element; it updates the history
// and the stack, and registers the element with the comparisons' results
// (the equalities with the history, the Short and 32-bit forms against 0,
// the pending address and entry 0, the return stack match) into S5b.  S5b
// decides the packet forms from those flip-flops (a few gates) into S6's
// input FIFO (ete_pipe_pkt's S6s).  Ports: in_ready_o = !out_valid_o ||
// out_ready_i (out_ready_i is S6's ready, a register: no combinational path
// from S6's logic to S4 nor into this stage's state); out_valid_o is S5b's
// register and out_desc_o is formed from S5b's registers only, so it holds
// while out_valid_o && !out_ready_i.
//
// Return stack: the top entry in registers, the entries below it in a
// 16-word distributed RAM (one write port, read at a registered pointer),
// so a push or a pop moves one word, not the whole stack.  An entry is the
// BL / BLR instruction's address, its length (2: T32 BLX <reg>, 4 others)
// and whether the link address is truncated to 32 bits (AArch32); the
// match of a target against the link address (R_QHSBN) is evaluated
// without the addition (a carry check per bit, rs_ok).
`default_nettype none

module ete_pipe_cmpr #(
  parameter RS_DEPTH = 15    // return stack entries, 0..15 (checked by ete_pipe)
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 start_i,      // ete_model_new: empty history and stack
  input  wire                 in_valid_i,
  output wire                 in_ready_o,   // out_ready_i
  input  wire [PD_W-1:0]      in_desc_i,
  output wire                 out_valid_o,
  input  wire                 out_ready_i,
  output wire [PC_W-1:0]      out_desc_o
);

  // active-high synchronous reset for the clocked blocks (common_rst_inv)
  wire rst_s;
  common_rst_inv u_rst_inv (.rst_ni (rst_ni), .rst_o (rst_s));

  // the element descriptor S4 -> S5 -> S6 (PD_/PC_ fields)
  `include "ete_pipe_desc.vh"

  // ---- parameter check (an unknown module stops elaboration) -------------
  generate
    if (RS_DEPTH < 0 || RS_DEPTH > 15) begin : g_bad_rs_depth
      ete_pipe_cmpr_RS_DEPTH_must_be_0_to_15 u_bad ();
    end
  endgenerate

  /* verilator lint_off WIDTH */
  localparam [4:0] RS_MAX = RS_DEPTH;
  /* verilator lint_on WIDTH */
  localparam [1:0] FORM_EXACT = 2'd0;
  localparam [1:0] FORM_SHORT = 2'd1;
  localparam [1:0] FORM_32    = 2'd2;
  localparam [1:0] FORM_64    = 2'd3;
  localparam       RSE_W      = 67;   // a stack entry: {pc, inc2, a32, is1}

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

  // R_QHSBN: does target t (sub_isa t1) equal the link address of entry e,
  // {S[63:2], is1 & S[1], 0} with S = pc + (inc2 ? 2 : 4), its upper half
  // cleared in AArch32 (R_SLDXR, R_HFCTC)?  Bit i of S is pc_i ^ inc_i ^
  // c_i (c_i the carry into bit i), so t names a carry k_i = t_i ^ pc_i ^
  // inc_i per bit, and t == S exactly when every named carry is the one
  // the bit below produces from its own named carry: one term per bit, no
  // carry chain.  Bit 0 of S is pc_0 and produces no carry (inc_0 = 0); the
  // carry out of bit 1 is pc_1 & inc_1.  rs_ok gives the 64 terms; the pop
  // is their AND with the pop's other conditions, the carry out of an
  // increment (rs_and65): one carry chain after the terms' LUT level
  // instead of three levels of AND gates and the pop's gate after them.
  function [63:0] rs_ok;
    input [RSE_W-1:0] e;
    input [63:0]      t;
    reg   [63:0]      pc, inc, k, ok;
    reg               inc2, a32, is1;
    integer           i;
    begin
      pc   = e[RSE_W-1 -: 64];
      inc2 = e[2];
      a32  = e[1];
      is1  = e[0];
      inc  = {61'd0, !inc2, inc2, 1'b0};
      k    = t ^ pc ^ inc;
      ok   = 64'd0;
      ok[0] = !t[0];
      ok[1] = t[1] == (is1 & (pc[1] ^ inc[1]));
      ok[2] = k[2] == (pc[1] & inc[1]);
      for (i = 3; i < 64; i = i + 1) begin
        if (i >= 32 && a32)
          ok[i] = !t[i];
        else
          ok[i] = k[i] == ((pc[i-1] & inc[i-1]) | (pc[i-1] & k[i-1]) | (inc[i-1] & k[i-1]));
      end
      rs_ok = ok;
    end
  endfunction

  // all 65 bits set: the carry out of x + 1 (a carry chain, CCU2C on ECP5)
  function rs_and65;
    input [64:0] x;
    /* verilator lint_off UNUSEDSIGNAL */
    reg   [65:0] sum;               // only the carry out is read
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      sum      = {1'b0, x} + 66'd1;
      rs_and65 = sum[65];
    end
  endfunction

  // x == y: a compare per two bits (one LUT4 each), the 32 results ANDed
  // as the carry out of their increment
  function eq64;
    input [63:0] x;
    input [63:0] y;
    /* verilator lint_off UNUSEDSIGNAL */
    reg   [32:0] sum;               // only the carry out is read
    /* verilator lint_on UNUSEDSIGNAL */
    reg   [31:0] p;
    integer      j;
    begin
      for (j = 0; j < 32; j = j + 1)
        p[j] = (x[2*j +: 2] == y[2*j +: 2]);
      sum  = {1'b0, p} + 33'd1;
      eq64 = sum[32];
    end
  endfunction

  // ---- state -------------------------------------------------------------
  reg [63:0]       h0_q, h1_q, h2_q;                     // history, entry 0 newest
  reg [2:0]        hi_q;                                 // ... their sub_isa IS1
  // The history is written one clock after the element that changes it:
  // S5 registers the element's update of each entry (clear, load, hold:
  // w*_q) with its address and IS (pa_q, pis_q), and the next element,
  // one clock behind, compares against the entries as they will be after
  // it (the registered entries, the pending address or 0, selected by
  // w*_q).  So the pop and slot 6 decisions end at these few flip-flops,
  // not at the history's 195 enables (docs/ete-rtl-pipeline.md 3.2).
  localparam [1:0] W_HOLD = 2'd0;   // w0: hold h0, w1: hold h1, w2: hold h2
  localparam [1:0] W_CLR  = 2'd1;   // the entry becomes 0 (R_BTWGD, R_FPDJF)
  localparam [1:0] W_NEW  = 2'd2;   // w0: pa_q; w1: h0; w2: h1 (a shift)
  localparam [1:0] W_H0   = 2'd3;   // w2 only: h0 (Transaction Failure then push)
  reg [1:0]        w0_q, w0_d, w1_q, w1_d, w2_q, w2_d;
  reg [63:0]       pa_q;                                 // the pending entry 0 address
  reg              pis_q;                                // ... and its IS1
  reg [RSE_W-1:0]  top_q, top_d;                         // return stack: the top entry
  reg [3:0]        wp_q, wp_d;                           // ... RAM word the next entry
                                                         // pushed below the top takes
  reg [4:0]        rs_n_q, rs_n_d;                       // ... entries, the top included

  // the entries below the top: RAM word wp_q - 1 is the second entry
  reg  [RSE_W-1:0] rs_mem [0:15];
  reg              rs_we;
  wire [3:0]       rs_rp = wp_q - 4'd1;
  wire [RSE_W-1:0] rs_below = rs_mem[rs_rp];
  always @(posedge clk_i) begin
    if (rs_we)
      rs_mem[wp_q] <= top_q;
  end

  // S5a takes the offered descriptor when S5b's register is free or S6
  // takes S5b's (both registers: in_ready_o is flat on flip-flops)
  reg  r_v_q;                                   // S5b holds an element
  assign in_ready_o = !r_v_q || out_ready_i;
  wire go = in_valid_i && in_ready_o;           // S5a handles an element
  wire [PD_W-1:0] cur = in_desc_i;

  wire        d_sync   = cur[PD_SYNC_L];
  wire        d_txf    = cur[PD_TXF_L];
  wire        d_res    = cur[PD_RES_L];
  wire        d_exc    = cur[PD_EXC_L];
  wire        d_rst    = cur[PD_RST_L];
  wire        d_need_a = cur[PD_NEED_A_L];
  wire        d_pend   = cur[PD_PEND_L];
  wire        d_is1    = cur[PD_IS1_L];
  wire [63:0] d_a      = cur[PD_A_L +: 64];
  wire [RSE_W-1:0] d_rse = {cur[PD_RS_A_L +: 64], cur[PD_RS_INC2_L], cur[PD_RS_A32_L],
                            cur[PD_RS_IS1_L]};

  // the address against each registered history entry, the pending entry
  // 0 and against 0 (the entries after a Trace Info or a Transaction
  // Failure), side by side; the flags are then selected by the pending
  // update, not the entries (64-bit equalities as 32 two-bit compares
  // ANDed by a carry chain)
  wire       eq_h0   = eq64(d_a, h0_q) && (hi_q[0] == d_is1);
  wire       eq_h1   = eq64(d_a, h1_q) && (hi_q[1] == d_is1);
  wire       eq_h2   = eq64(d_a, h2_q) && (hi_q[2] == d_is1);
  wire       eq_pa   = eq64(d_a, pa_q) && (pis_q == d_is1);
  wire       eq_z    = (d_a == 64'd0) && !d_is1;
  // Which compare stands for each entry the element's address is matched
  // against (m0 .. m2: the entries after the packets before slot 6, as
  // the pending update leaves them): one-hot masks over {h2, h1, h0, pa,
  // 0}, from registers only, beside the compares; a match is then the
  // AND-OR of a mask with the compares, and any match the AND-OR of their
  // OR (no select chain after the carry chains)
  localparam [4:0] K_Z = 5'b00001, K_PA = 5'b00010, K_H0 = 5'b00100,
                   K_H1 = 5'b01000, K_H2 = 5'b10000;
  reg  [4:0] k_e0, k_e1, k_e2, k_m0, k_m1, k_m2;
  always @* begin
    case (w0_q)                                  // entry 0 as the element sees it
      W_CLR:   k_e0 = K_Z;
      W_NEW:   k_e0 = K_PA;
      default: k_e0 = K_H0;
    endcase
    case (w1_q)
      W_CLR:   k_e1 = K_Z;
      W_NEW:   k_e1 = K_H0;
      default: k_e1 = K_H1;
    endcase
    case (w2_q)
      W_CLR:   k_e2 = K_Z;
      W_NEW:   k_e2 = K_H1;
      W_H0:    k_e2 = K_H0;
      default: k_e2 = K_H2;
    endcase
    // the history after the packets before slot 6: Trace Info resets it
    // (R_BTWGD), a Transaction Failure pushes 0 (R_FPDJF)
    if (d_sync) begin
      k_m0 = K_Z;   k_m1 = K_Z;   k_m2 = K_Z;
    end else if (d_txf) begin
      k_m0 = K_Z;   k_m1 = k_e0;  k_m2 = k_e1;
    end else begin
      k_m0 = k_e0;  k_m1 = k_e1;  k_m2 = k_e2;
    end
  end
  wire [4:0] eqv = {eq_h2, eq_h1, eq_h0, eq_pa, eq_z};
  // entry 0's address as the element sees it, for the Short and 32-bit
  // forms (its clear selects the forms against 0 instead)
  // (against the pending address and the registered entry side by side,
  // like the equalities: w0_q selects the result, not the operand)
  wire       e0_z    = (w0_q == W_CLR);
  wire       e0_pa   = (w0_q == W_NEW);
  wire [1:0] nb_z    = short_bytes(d_a[63:8], 56'd0, d_is1);
  wire [1:0] nb_pa   = short_bytes(d_a[63:8], pa_q[63:8], d_is1);
  wire [1:0] nb_h0   = short_bytes(d_a[63:8], h0_q[63:8], d_is1);
  wire       fits_z  = (d_a[63:32] == 32'd0);
  wire       fits_pa = (d_a[63:32] == pa_q[63:32]);   // D9.2.14.3
  wire       fits_h0 = (d_a[63:32] == h0_q[63:32]);
  // the stack count after the clear before the pop check (Trace On, Trace
  // Info, Transaction Failure: R_SBJB, I_XHLPG) and the counts after a pop
  // or a push, from the registered count alone: beside the match, not after it
  wire       push      = cur[PD_RS_PUSH_L];
  wire [4:0] n_clr     = cur[PD_RS_CLR_L] ? 5'd0 : rs_n_q;
  wire       n_clr_nz  = (n_clr != 5'd0);
  wire       n_clr_ge2 = (n_clr > 5'd1);
  wire [4:0] n_dec     = n_clr - 5'd1;                          // a pop
  wire [4:0] n_inc     = (n_clr == RS_MAX) ? n_clr : n_clr + 5'd1;   // a push, the
                                                                // oldest dropped when full
  wire [4:0] n_one     = (RS_MAX == 5'd0) ? 5'd0 : 5'd1;         // a push on an empty stack

  reg        pop, need_a, s6, under;
  reg [4:0]  n;

  always @* begin : p_cmpr
    top_d = top_q;  wp_d = wp_q;  rs_n_d = rs_n_q;  rs_we = 1'b0;

    // return stack: the pop check, then a clear on entering a broadcasting
    // region; under: entries stay below the top before a push
    pop = rs_and65({(d_res || d_exc) && d_need_a && d_pend && n_clr_nz &&   // R_QHSBN
                    (top_q[0] == d_is1), rs_ok(top_q, d_a)});
    need_a = d_need_a && !pop;                                             // R_HTKJS
    if (cur[PD_RS_CLRBB_L]) begin                                          // R_SBJB
      n     = push ? n_one : 5'd0;
      under = 1'b0;
    end else if (pop) begin
      n     = push ? n_clr : n_dec;
      under = n_clr_ge2;
    end else begin
      n     = push ? n_inc : n_clr;
      under = n_clr_nz;
    end

    // slot 6 (an address, an Exception or a PE Reset packet): its
    // history push below; the packets' forms are S5b's
    s6 = d_res ? need_a : (d_exc || d_rst);

    // the history's update by the element, written in the next clock:
    // the packets before slot 6 clear it (Trace Info, R_BTWGD) or push 0
    // (Transaction Failure, R_FPDJF), then slot 6 pushes its address
    // (R_LMHFW, R_CMCRT, D9.2.14.7; 0 for a PE Reset)
    w0_d = W_HOLD;  w1_d = W_HOLD;  w2_d = W_HOLD;
    if (go) begin
      if (s6) begin
        w0_d = d_rst ? W_CLR : W_NEW;
        w1_d = (d_sync || d_txf) ? W_CLR : W_NEW;
        w2_d = d_sync ? W_CLR : d_txf ? W_H0 : W_NEW;
      end else if (d_sync) begin
        w0_d = W_CLR;  w1_d = W_CLR;  w2_d = W_CLR;
      end else if (d_txf) begin
        w0_d = W_CLR;  w1_d = W_NEW;  w2_d = W_NEW;
      end
      // the stack after the element: a pop makes the second entry the
      // top; a push (R_ZKTHK, R_ZSDVQ) moves the top below it unless the
      // stack is empty or the pop just removed it, and the oldest entry
      // drops out of a full stack (its RAM word is beyond the count)
      if (push) begin
        top_d = d_rse;
        if (under && !pop) begin
          rs_we = 1'b1;
          wp_d  = wp_q + 4'd1;
        end
      end else if (pop) begin
        top_d = rs_below;
        wp_d  = rs_rp;
      end
      rs_n_d  = n;
    end
    if (start_i) begin
      w0_d = W_HOLD;  w1_d = W_HOLD;  w2_d = W_HOLD;                // R_BTWGD: below
      rs_n_d  = 5'd0;
      rs_we   = 1'b0;
    end
  end

  // ---- S5b: the element and its compares, registered (S5a's go), and the
  // packet forms from them into S6's input FIFO.  The compares' carry
  // chains end at these flip-flops; the forms are a few gates on them.
  reg [PD_W-1:0] r_cur_q;
  reg [4:0]      r_eqv_q, r_km0_q, r_km1_q, r_kany_q;
  reg [1:0]      r_nbz_q, r_nbpa_q, r_nbh0_q;
  reg            r_fz_q, r_fpa_q, r_fh0_q;
  reg            r_z_q, r_pa_q;                // the forms against 0 (a Trace Info or a
                                               // Transaction Failure before slot 6, or entry
                                               // 0 cleared), else the pending address's
  reg            r_need_a_q, r_s6_q;
  always @(posedge clk_i) begin
    if (rst_s || start_i)
      r_v_q <= 1'b0;
    else if (go)
      r_v_q <= 1'b1;
    else if (out_ready_i)
      r_v_q <= 1'b0;
  end
  always @(posedge clk_i) begin
    if (go) begin
      r_cur_q  <= cur;
      r_eqv_q  <= eqv;
      r_km0_q  <= k_m0;
      r_km1_q  <= k_m1;
      r_kany_q <= k_m0 | k_m1 | k_m2;
      r_nbz_q  <= nb_z;   r_nbpa_q <= nb_pa;   r_nbh0_q <= nb_h0;
      r_fz_q   <= fits_z; r_fpa_q  <= fits_pa; r_fh0_q  <= fits_h0;
      r_z_q    <= d_sync || d_txf || e0_z;
      r_pa_q   <= e0_pa;
      r_need_a_q <= need_a;
      r_s6_q   <= s6;
    end
  end
  assign out_valid_o = r_v_q;

  wire        b_res    = r_cur_q[PD_RES_L];
  wire        b_exc    = r_cur_q[PD_EXC_L];
  wire        b_rst    = r_cur_q[PD_RST_L];
  wire        b_need_c = r_cur_q[PD_NEED_C_L];
  wire        b_same   = r_cur_q[PD_CX_SAME_L];
  wire        b_c      = r_cur_q[PD_CX_C_L];
  wire        b_v      = r_cur_q[PD_CX_V_L];
  reg         m0, m1, m_any;   // the address equals history entry 0, 1, any of 0 .. 2
                               // after the packets before slot 6
  reg  [1:0]  form, q, nb, e_fld;
  reg         fits, sep, s5, wctx, cv;
  reg  [PC_W-1:0] res_desc;    // the element's descriptor for S6
  always @* begin : p_forms
    // the address against entries 0 .. 2 after the packets before slot 6
    m0    = (r_km0_q & r_eqv_q) != 5'd0;
    m1    = (r_km1_q & r_eqv_q) != 5'd0;
    m_any = (r_kany_q & r_eqv_q) != 5'd0;
    if (r_z_q) begin
      nb = r_nbz_q;   fits = r_fz_q;
    end else if (r_pa_q) begin
      nb = r_nbpa_q;  fits = r_fpa_q;
    end else begin
      nb = r_nbh0_q;  fits = r_fh0_q;
    end
    // address form (R_BPRDC, R_YLXFK): exact match, lowest entry first
    q = m0 ? 2'd0 : m1 ? 2'd1 : 2'd2;
    if (m_any)
      form = FORM_EXACT;
    else if (nb != 2'd0)
      form = FORM_SHORT;
    else
      form = fits ? FORM_32 : FORM_64;

    // Context + Target Address, or Target Address with Context: the shorter
    // (sep: the two packets are shorter).  With the address size asz (1
    // exact, 2 or 3 short, 5 32-bit, 9 64-bit), the Context payload cpay =
    // 1 + 4C + 4V (D5.55), csz = 1 (same) or 1 + cpay and comb = (fits ? 5
    // : 9) + cpay, csz + asz < comb reduces to asz < (fits ? 4 : 8) when the
    // context differs and to asz < (fits ? 5 : 9) + 4 (C + V) when it is the
    // same; asz <= 9, a 32-bit form only when fits, a 64-bit one only when
    // not.  So sep holds for an exact or Short form whatever fits is, never
    // for the full form when the context differs, and for any form when it
    // is the same with C or V: the flags, not the form, decide
    cv  = b_c || b_v;
    sep = (b_same && cv) || m_any || (nb != 2'd0);
    s5 = 1'b0;  wctx = 1'b0;  e_fld = 2'b01;
    if (b_res) begin
      s5   = b_need_c && (!r_need_a_q || sep);
      wctx = r_need_a_q && b_need_c && !sep;
    end else if (b_exc) begin
      s5    = b_need_c && sep;
      wctx  = b_need_c && !sep;
      e_fld = r_need_a_q ? 2'b10 : 2'b01;                    // I_PCMYT
    end else if (b_rst) begin
      e_fld = r_cur_q[PD_RST_E_L +: 2];
    end

    // the element's descriptor for S6 (S6's input FIFO registers it)
    res_desc[PD_W-1:0] = r_cur_q;
    res_desc[PC_S5_L]   = s5;
    res_desc[PC_S6_L]   = r_s6_q;
    // (with Context, slot 6 takes the full form: wctx implies !sep, so no
    // exact match and no Short form, and form is already FORM_32 or
    // FORM_64 as fits says)
    res_desc[PC_FORM_L +: 2] = form;
    res_desc[PC_Q_L +: 2]    = q;
    res_desc[PC_NB2_L]  = (nb == 2'd2);
    res_desc[PC_WCTX_L] = wctx;
    res_desc[PC_E_L +: 2]    = e_fld;
  end
  assign out_desc_o = res_desc;

  always @(posedge clk_i) begin
    if (rst_s) begin
      w0_q <= W_HOLD;  w1_q <= W_HOLD;  w2_q <= W_HOLD;
      top_q <= {RSE_W{1'b0}};  wp_q <= 4'd0;  rs_n_q <= 5'd0;
    end else begin
      w0_q <= w0_d;  w1_q <= w1_d;  w2_q <= w2_d;
      top_q <= top_d;  wp_q <= wp_d;  rs_n_q <= rs_n_d;
    end
  end

  // The history after the element of the clock before: each entry is
  // cleared, loaded from one source or held as w*_q says.  The clear is the
  // flip-flops' synchronous reset (start_i clears them too, so they need no
  // other reset): an entry costs no LUT4 per bit (h2 one, a 2:1 select).
  // The pending address is loaded every clock (read only after a go).
  wire        h0_clr = rst_s || start_i || (w0_q == W_CLR);
  wire        h0_ld  = (w0_q == W_NEW);
  wire        h1_clr = rst_s || start_i || (w1_q == W_CLR);
  wire        h1_ld  = (w1_q == W_NEW);
  wire        h2_clr = rst_s || start_i || (w2_q == W_CLR);
  wire        h2_ld  = w2_q[1];
  wire [63:0] h2_src = w2_q[0] ? h0_q : h1_q;
  always @(posedge clk_i) begin
    pa_q  <= d_a;
    pis_q <= d_is1;
    if (h0_clr)     begin h0_q <= 64'd0; hi_q[0] <= 1'b0;  end
    else if (h0_ld) begin h0_q <= pa_q;  hi_q[0] <= pis_q; end
    if (h1_clr)     begin h1_q <= 64'd0; hi_q[1] <= 1'b0;    end
    else if (h1_ld) begin h1_q <= h0_q;  hi_q[1] <= hi_q[0]; end
    if (h2_clr)     begin h2_q <= 64'd0; hi_q[2] <= 1'b0;    end
    else if (h2_ld) begin h2_q <= h2_src; hi_q[2] <= w2_q[0] ? hi_q[0] : hi_q[1]; end
  end

`ifdef FORMAL
  // ---- formal: valid/ready at both ports (formal/fv_vr_check.v) ----------
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
`ifdef FV_ETE_PIPE_CMPR_TOP
  // alone: S4 obeys valid/ready (in the core, ete_pipe_elem asserts it)
  always @* if (!f_past_valid) assume (!rst_ni);
  fv_vr_check #(.W (PD_W), .ASSUME (1)) f_in_vr (
    .clk_i (clk_i), .rst_ni (rst_ni && !start_i),
    .valid_i (in_valid_i), .ready_i (in_ready_o), .data_i (in_desc_i)
  );
`endif
  // the descriptor for S6 holds until taken
  fv_vr_check #(.W (PC_W), .ASSUME (0)) f_out_vr (
    .clk_i (clk_i), .rst_ni (rst_ni && !start_i),
    .valid_i (out_valid_o), .ready_i (out_ready_i), .data_i (out_desc_o)
  );
  // the stack count stays within RS_DEPTH; each descriptor S5a takes
  // reaches S6 once (taken less handed on is 0 or 1, and 1 exactly while
  // S5b offers one) and S5b's packet fields leave its S4 fields as S5a
  // took them
  reg [PD_W-1:0] f_took_q;
  reg [1:0]      f_held_q = 2'd0;
  always @(posedge clk_i) begin
    if (go) f_took_q <= in_desc_i;
    if (!rst_ni || start_i)
      f_held_q <= 2'd0;
    else
      f_held_q <= f_held_q + {1'b0, go} - {1'b0, out_valid_o && out_ready_i};
  end
  always @* if (f_past_valid && rst_ni) begin
    assert (rs_n_q <= RS_MAX);
    assert (f_held_q == {1'b0, out_valid_o});
    if (out_valid_o) assert (out_desc_o[PD_W-1:0] == f_took_q);
  end
  // S5 held by S6, the RAM below the top and a return stack match are reached
  // (a pop with more left needs two entries: RS_DEPTH 2 or more;
  // FV_CLS_ONLY: a packet-class cover task of ete_pipe.sby leaves them out)
`ifndef FV_CLS_ONLY
  always @(posedge clk_i) if (f_past_valid && rst_ni && !start_i) begin
    cover (in_valid_i && !in_ready_o);         // S5a waits for S5b
    cover (out_valid_o && !out_ready_i);
    cover (go && rs_we);
  end
  generate
    if (RS_DEPTH > 1) begin : g_f_pop
      always @(posedge clk_i) if (f_past_valid && rst_ni && !start_i)
        cover (go && pop && rs_n_q > 5'd1 && !push);
    end
  endgenerate
`endif
`endif

endmodule

`default_nettype wire
