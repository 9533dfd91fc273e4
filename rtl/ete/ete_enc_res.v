// ETE encoder: resources (D7) and the entry-level inputs of filtering (D6.8).
//
// Purely combinational, in two halves with a register between them in the
// user.  For one entry it evaluates, from the programming registers and the
// entry's Exception level, Security state and external inputs:
//   - the ViewInst Exception level filter E_i (TRCVICTLR.EXLEVEL_*, D6.16),
//   - the Resource Selectors on the external inputs (rs_o);
// and from those Resource Selector values as the user registered them
// (rs_i):
//   - the ViewInst event N_i (TRCVICTLR.EVENT, D6.15),
//   - the Event elements (TRCEVENTCTL0R/1R, D6.9.6) and the timestamp event
//     (TRCTSCTLR, D6.9.16).
// None of them depends on the address: the address comparators (the
// include/exclude filter, start/stop, the branch broadcasting region) are
// ete_pipe's, on the run's comparisons (docs/ete-rtl-pipeline.md 5), so
// ete_pipe evaluates E_i and the selectors on the entry as it arrives and
// registers them with it (S2a), and the selections on S2a's registers
// (S2b).  The resources implemented are those of
// docs/ete-model.md section 1: Resource Selectors 0 (FALSE), 1 (TRUE) and
// 2..15 in group 0b0000 (External Input Selectors); no context comparators.
`default_nettype none

module ete_enc_res #(
  parameter NUM_EVENTS  = 4,  // Event elements implemented, 1..4
  parameter NUM_EXTIN   = 4   // external inputs implemented, 0..8
) (
  input  wire [31:0]      trcvictlr_i,
  input  wire [31:0]      trceventctl0r_i,
  input  wire [31:0]      trceventctl1r_i,
  input  wire [31:0]      trctsctlr_i,
  input  wire [32*32-1:0] trcrsctlr_i,    // TRCRSCTLR<n> at [32n +: 32]
  input  wire [1:0]       el_i,           // the entry's Exception level
  input  wire             ns_i,           // the entry's Security state (1 = Non-secure)
  input  wire [7:0]       ext_in_i,       // EXTIN[7:0] asserted for the entry
  output wire             vi_el_ok_o,     // E_i: the Exception level is traced
  output wire [15:0]      rs_o,           // Resource Selector n active for ext_in_i
  // the selections, on rs_o as registered by the user
  input  wire [15:0]      rs_i,
  output wire             vi_event_o,     // N_i: the TRCVICTLR.EVENT resource is active
  output wire [3:0]       events_o,       // Event element n is generated (n < NUM_EVENTS)
  output wire             ts_event_o      // the TRCTSCTLR resource is active
);

  // ---- Exception level filter bit (register-fields.md 4: TRCVICTLR and
  //      TRCACATR): EXLEVEL_NS<n> for Non-secure EL0..EL2, else EXLEVEL_S<n>
  //      (EL3 is always Secure).
  function el_excluded;
    input [3:0] s_bits;    // EXLEVEL_S[3:0]
    input [2:0] ns_bits;   // EXLEVEL_NS[2:0]
    input [1:0] el;
    input       ns;
    begin
      case ({ns && el != 2'd3, el})
        3'b100:  el_excluded = ns_bits[0];
        3'b101:  el_excluded = ns_bits[1];
        3'b110:  el_excluded = ns_bits[2];
        3'b000:  el_excluded = s_bits[0];
        3'b001:  el_excluded = s_bits[1];
        3'b010:  el_excluded = s_bits[2];
        default: el_excluded = s_bits[3];
      endcase
    end
  endfunction

  genvar g;
  generate
    if (NUM_EVENTS < 1 || NUM_EVENTS > 4) begin : g_bad_ev
      ete_enc_res_NUM_EVENTS_must_be_1_to_4 u_bad ();
    end
    if (NUM_EXTIN < 0 || NUM_EXTIN > 8) begin : g_bad_extin
      ete_enc_res_NUM_EXTIN_must_be_0_to_8 u_bad ();
    end
  endgenerate

  // ---- Resource Selectors (D7.3): 0 FALSE (R_NRSGN), 1 TRUE (R_SXSQT),
  //      2..15 External Input Selectors (group 0b0000, R_HVNQG, R_WFGMY):
  //      any selected implemented input asserted, then INV.  Selectors 16..31
  //      are not implemented and read as FALSE.
  localparam [7:0] EXTIN_MASK = (NUM_EXTIN >= 8) ? 8'hFF : ((8'd1 << NUM_EXTIN) - 8'd1);

  wire [15:0] rs_val;
  wire [7:0]  rs_pairinv;   // PAIRINV of the lower selector of pair p (p >= 1)
  assign rs_val[0] = 1'b0;
  assign rs_val[1] = 1'b1;
  assign rs_pairinv[0] = 1'b0;   // pair 0 is FALSE/TRUE, no PAIRINV
  generate
    for (g = 2; g < 16; g = g + 1) begin : g_rs
      wire [31:0] ctl = trcrsctlr_i[32*g +: 32];
      // GROUP [19:16] must be 0b0000 (the only group implemented)
      wire hit = (ctl[19:16] == 4'd0) && ((ext_in_i & ctl[7:0] & EXTIN_MASK) != 8'd0);
      assign rs_val[g] = hit ^ ctl[20];                    // INV
      // SELECT [15:8] names inputs beyond the eight on the port; [31:22] RES0;
      // PAIRINV [21] of an odd selector does not exist (used for even ones)
      /* verilator lint_off UNUSED */
      wire unused_ctl = ^{ctl[31:21], ctl[15:8]};
      /* verilator lint_on UNUSED */
      if ((g % 2) == 0) begin : g_pinv
        assign rs_pairinv[g/2] = ctl[21];                  // PAIRINV
      end
    end
  endgenerate

  // The generic event selector (D7.3.1, Table D7.2): TYPE 0 selects Resource
  // Selector SEL; TYPE 1 selects pair SEL[3:0]: (A AND B) XOR PAIRINV.
  function sel_event;
    input [4:0]  sel;
    input        typ;
    input [15:0] rsv;
    input [7:0]  pinv;
    reg   [7:0]  pair;
    integer      n;
    begin
      for (n = 0; n < 8; n = n + 1)
        pair[n] = (rsv[2*n] & rsv[2*n+1]) ^ pinv[n];
      if (sel[4])
        sel_event = 1'b0;                                  // 16..31: not implemented
      else if (!typ)
        sel_event = rsv[sel[3:0]];
      else
        sel_event = !sel[3] && pair[sel[2:0]];             // pairs 8..15: not implemented
    end
  endfunction

  // ---- ViewInst (D6.8.1) -----------------------------------------------------
  assign vi_el_ok_o = !el_excluded(trcvictlr_i[19:16], trcvictlr_i[22:20], el_i, ns_i);   // D6.16

  assign rs_o = rs_val;
  // the selections read selectors 0 and 1 as the constants they are
  wire [15:0] rs_k = {rs_i[15:2], 2'b10};

  assign vi_event_o = sel_event(trcvictlr_i[4:0], trcvictlr_i[7], rs_k, rs_pairinv);   // D6.15

  // ---- Event elements (D6.9.6): event n from TRCEVENTCTL0R.EVENT<n>
  //      (TYPE [8n+7], SEL [8n+4:8n]) when TRCEVENTCTL1R.INSTEN[n] (R_KKLYB).
  generate
    for (g = 0; g < 4; g = g + 1) begin : g_ev
      if (g < NUM_EVENTS) begin : g_impl
        assign events_o[g] = trceventctl1r_i[g] &&
                             sel_event(trceventctl0r_i[8*g +: 5], trceventctl0r_i[8*g+7],
                                       rs_k, rs_pairinv);
      end else begin : g_none
        assign events_o[g] = 1'b0;
      end
    end
  endgenerate

  // ---- timestamp event (TRCTSCTLR.EVENT, R_YYWTR)
  assign ts_event_o = sel_event(trctsctlr_i[4:0], trctsctlr_i[7], rs_k, rs_pairinv);

  // TRCRSCTLR<0,1> and <16..31> and the unused bits of the control
  // registers are not read: selectors 0 and 1 are fixed and 16..31 are not
  // implemented.
  /* verilator lint_off UNUSED */
  wire unused_ok = ^{trcvictlr_i[31:23], trcvictlr_i[15:8], trcvictlr_i[6:5],
                     trceventctl0r_i, trceventctl1r_i, trctsctlr_i[31:8], trctsctlr_i[6:5],
                     trcrsctlr_i, rs_i[1:0]};
  /* verilator lint_on UNUSED */

endmodule

`default_nettype wire
