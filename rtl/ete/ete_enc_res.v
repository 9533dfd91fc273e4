// ETE encoder: resources (D7) and the record-level inputs of filtering (D6.8).
//
// Purely combinational.  For one PE retirement record it evaluates, from the
// programming registers and the record's pc, Exception level, Security state
// and external inputs (PC_CMP 1; with PC_CMP 0 the caller compares the
// address with the comparators itself and gives the matches on arc_hit_i
// and sac_hit_i, and pc_i is not read: ete_pipe derives them from its
// comparisons on the run's first address, docs/ete-rtl-pipeline.md 5):
//   - the ViewInst Exception level filter E_i (TRCVICTLR.EXLEVEL_*, D6.16),
//   - the include/exclude filter I_i (TRCVIIECTLR with the Address Range
//     Comparators, D6.24 - D6.26),
//   - the start/stop Single Address Comparator hits (TRCVISSCTLR, D6.17),
//   - the ViewInst event N_i (TRCVICTLR.EVENT, D6.15),
//   - whether the address is in a branch broadcasting region (TRCBBCTLR,
//     D6.10.1),
//   - the Event elements (TRCEVENTCTL0R/1R, D6.9.6) and the timestamp event
//     (TRCTSCTLR, D6.9.16).
// The SSSTATUS state itself lives in ete_encoder; this block only reports the
// comparator hits.  The resources implemented are those of docs/ete-model.md
// section 1: Resource Selectors 0 (FALSE), 1 (TRUE) and 2..15 in group 0b0000
// (External Input Selectors); 2*NUM_ACPAIRS Single Address Comparators and
// NUM_ACPAIRS Address Range Comparators with the TRCACATR Exception level
// filters; no context comparators.
`default_nettype none

module ete_enc_res #(
  parameter NUM_ACPAIRS = 4,  // address comparator pairs implemented, 1..8
  parameter NUM_EVENTS  = 4,  // Event elements implemented, 1..4
  parameter NUM_EXTIN   = 4,  // external inputs implemented, 0..8
  parameter PC_CMP      = 1   // 1: compare pc_i with TRCACVR here; 0: take arc_hit_i and
                              // sac_hit_i (the address matches, before the TRCACATR
                              // Exception level filters, which are applied here)
) (
  input  wire [31:0]      trcvictlr_i,
  input  wire [31:0]      trcviiectlr_i,
  input  wire [31:0]      trcvissctlr_i,
  input  wire [31:0]      trcbbctlr_i,
  input  wire [31:0]      trceventctl0r_i,
  input  wire [31:0]      trceventctl1r_i,
  input  wire [31:0]      trctsctlr_i,
  input  wire [32*32-1:0] trcrsctlr_i,    // TRCRSCTLR<n> at [32n +: 32]
  input  wire [64*16-1:0] trcacvr_i,      // TRCACVR<n> at [64n +: 64]
  input  wire [64*16-1:0] trcacatr_i,     // TRCACATR<n> at [64n +: 64]
  input  wire [63:0]      pc_i,           // the record's pc (full address)
  input  wire [1:0]       el_i,           // the record's Exception level
  input  wire             ns_i,           // the record's Security state (1 = Non-secure)
  input  wire [7:0]       ext_in_i,       // EXTIN[7:0] asserted for the record
  input  wire [7:0]       arc_hit_i,      // PC_CMP 0: TRCACVR 2k <= address <= TRCACVR 2k+1
  input  wire [15:0]      sac_hit_i,      // PC_CMP 0: TRCACVR n == address
  output wire             vi_el_ok_o,     // E_i: the Exception level is traced
  output wire             vi_ie_ok_o,     // I_i: include/exclude filter passes
  output wire             ss_start_o,     // a TRCVISSCTLR start comparator matches
  output wire             ss_stop_o,      // a TRCVISSCTLR stop comparator matches
  output wire             vi_event_o,     // N_i: the TRCVICTLR.EVENT resource is active
  output wire             bb_region_o,    // pc is in a branch broadcasting region
  output wire [3:0]       events_o,       // Event element n is generated (n < NUM_EVENTS)
  output wire             ts_event_o      // the TRCTSCTLR resource is active
);

  localparam NUM_SAC = 2 * NUM_ACPAIRS;

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

  // ---- Single Address Comparators (D7.4.1) --------------------------------
  wire [15:0] sac_hit;
  // ---- Address Range Comparators (D7.4.2): ARC k = [TRCACVR 2k, TRCACVR 2k+1]
  //      inclusive with the filters of TRCACATR 2k (R_XYJLC).
  wire [7:0]  arc_hit;

  genvar g;
  generate
    if (PC_CMP != 0 && PC_CMP != 1) begin : g_bad_pc_cmp
      ete_enc_res_PC_CMP_must_be_0_or_1 u_bad ();
    end
    for (g = 0; g < 16; g = g + 1) begin : g_sac
      if (g < NUM_SAC) begin : g_impl
        wire [63:0] acvr  = trcacvr_i[64*g +: 64];
        wire [6:0]  acatr = trcacatr_i[64*g + 8 +: 7];   // EXLEVEL_S [11:8], EXLEVEL_NS [14:12]
        wire        match = (PC_CMP == 1) ? (acvr == pc_i) : sac_hit_i[g];
        assign sac_hit[g] = match && !el_excluded(acatr[3:0], acatr[6:4], el_i, ns_i);
      end else begin : g_none
        assign sac_hit[g] = 1'b0;
      end
    end
    for (g = 0; g < 8; g = g + 1) begin : g_arc
      if (g < NUM_ACPAIRS) begin : g_impl
        wire [63:0] lo    = trcacvr_i[64*(2*g) +: 64];
        wire [63:0] hi    = trcacvr_i[64*(2*g+1) +: 64];
        wire [6:0]  acatr = trcacatr_i[64*(2*g) + 8 +: 7];
        wire        match = (PC_CMP == 1) ? ((pc_i >= lo) && (pc_i <= hi)) : arc_hit_i[g];
        assign arc_hit[g] = match && !el_excluded(acatr[3:0], acatr[6:4], el_i, ns_i);
      end else begin : g_none
        assign arc_hit[g] = 1'b0;
      end
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

  wire [7:0] inc_sel = trcviiectlr_i[7:0];
  wire [7:0] exc_sel = trcviiectlr_i[23:16];
  // D6.24: no INCLUDE comparator selected = include everything
  wire inc_ok = (inc_sel == 8'd0) || ((inc_sel & arc_hit) != 8'd0);
  wire exc_hit = (exc_sel & arc_hit) != 8'd0;
  assign vi_ie_ok_o = inc_ok && !exc_hit;

  assign ss_start_o = (trcvissctlr_i[15:0]  & sac_hit) != 16'd0;
  assign ss_stop_o  = (trcvissctlr_i[31:16] & sac_hit) != 16'd0;

  assign vi_event_o = sel_event(trcvictlr_i[4:0], trcvictlr_i[7], rs_val, rs_pairinv); // D6.15

  // ---- branch broadcasting region (D6.10.1): exclude mode everywhere but the
  //      selected ranges; include mode inside them, and nowhere when no range
  //      is selected (CONSTRAINED UNPREDICTABLE; this unit's choice).
  wire [7:0] bb_range = trcbbctlr_i[7:0];
  wire       bb_hit   = (bb_range & arc_hit) != 8'd0;
  assign bb_region_o = trcbbctlr_i[8] ? ((bb_range != 8'd0) && bb_hit) : !bb_hit;

  // ---- Event elements (D6.9.6): event n from TRCEVENTCTL0R.EVENT<n>
  //      (TYPE [8n+7], SEL [8n+4:8n]) when TRCEVENTCTL1R.INSTEN[n] (R_KKLYB).
  generate
    for (g = 0; g < 4; g = g + 1) begin : g_ev
      if (g < NUM_EVENTS) begin : g_impl
        assign events_o[g] = trceventctl1r_i[g] &&
                             sel_event(trceventctl0r_i[8*g +: 5], trceventctl0r_i[8*g+7],
                                       rs_val, rs_pairinv);
      end else begin : g_none
        assign events_o[g] = 1'b0;
      end
    end
  endgenerate

  // ---- timestamp event (TRCTSCTLR.EVENT, R_YYWTR)
  assign ts_event_o = sel_event(trctsctlr_i[4:0], trctsctlr_i[7], rs_val, rs_pairinv);

  // TRCACATR bits [63:32], TRCRSCTLR<0,1> and <16..31> and the unused bits of
  // the control registers are not read: the comparators have no context or
  // data match, selectors 0 and 1 are fixed and 16..31 are not implemented.
  /* verilator lint_off UNUSED */
  wire unused_ok = ^{trcvictlr_i[31:21], trcvictlr_i[15:8], trcvictlr_i[6:5],
                     trcviiectlr_i[31:24], trcviiectlr_i[15:8], trcbbctlr_i[31:9],
                     trceventctl0r_i, trceventctl1r_i, trctsctlr_i[31:8], trctsctlr_i[6:5],
                     trcrsctlr_i, trcacatr_i, trcacvr_i, pc_i, arc_hit_i, sac_hit_i};
  /* verilator lint_on UNUSED */

endmodule

`default_nettype wire
