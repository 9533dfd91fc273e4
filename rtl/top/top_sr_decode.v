// System-register router of the trace subsystem (docs/trace-subsystem.md,
// "System-register port"): one MRS/MSR port keyed by the architectural
// encoding {op0[1:0], op1[2:0], CRn[3:0], CRm[3:0], op2[2:0]}, executed at
// sr_el_i / sr_ns_i, plus BRB IALL / BRB INJ, routed to the unit that owns
// the encoding:
//
//   TRBE  (trbe_regs.h)  S3_0_C9_C11_{0,1,2,3,4,6,7}: TRBLIMITR, TRBPTR,
//                        TRBBASER, TRBSR, TRBMAR, TRBTRG, TRBIDR (read only)
//   SPE   (spe_regs.h)   S3_0_C9_C9_{0,2,3,4,5,6,7}, S3_0_C9_C10_{0,1,3,7},
//                        S3_4_C9_C9_0 (PMSCR_EL2), S3_5_C9_C9_0 (PMSCR_EL12)
//   BRBE  (brbe_regs.h)  op0 2 with op1 1 and CRn 8 or 9 (BRBINF/SRC/TGT<n>,
//                        BRBCR_EL1 ... BRBIDR0_EL1), S2_4_C9_C0_0 (BRBCR_EL2),
//                        S2_5_C9_C0_0 (BRBCR_EL12), and every BRB IALL /
//                        BRB INJ; brbe_top checks the Exception level and
//                        Security state itself
//
// Everything else, and these accesses to the TRBE and SPE encodings, is
// answered here: rdata 0, status UNDEFINED (1), nothing performed:
//   - any access at EL0 (the TRBE and SPE registers are EL1 and above);
//   - an access to an op1 4 (_EL2) or op1 5 (_EL12) encoding below EL2;
//   - a write to TRBIDR_EL1 (read only).
// (SPE reports writes to PMSIDR_EL1 and PMBIDR_EL1 itself: sr_err_o.)
// Traps to EL2/EL3 of the TRBE and SPE registers (MDCR_EL2.E2TB/E2PB,
// MDCR_EL3.NSTB/NSPB) are not modelled here.
//
// Handshake (every unit's rule, and this block's): the requester raises
// sr_valid_i with the request and holds it unchanged until sr_ready_o is
// high at a rising edge; that edge completes it, with sr_rdata_o (reads)
// and sr_status_o (0 OK, 1 UNDEFINED, 2 trapped to EL3) valid in that clock.
// The next request may follow in the next clock.  An access answered here
// takes two clocks (sr_ready_o is a register).
`default_nettype none

module top_sr_decode (
  input  wire        clk_i,
  input  wire        rst_ni,            // synchronous, active low

  // the subsystem's port
  input  wire        sr_valid_i,
  input  wire        sr_write_i,
  input  wire [15:0] sr_enc_i,
  input  wire [1:0]  sr_el_i,
  input  wire        sr_iall_i,
  input  wire        sr_inj_i,
  output wire [63:0] sr_rdata_o,
  output wire        sr_ready_o,
  output wire [1:0]  sr_status_o,

  // requests to the units (payload: the subsystem's port, unchanged)
  output wire        trbe_valid_o,
  output wire        spe_valid_o,
  output wire        brbe_valid_o,

  // the units' answers
  input  wire [63:0] trbe_rdata_i,
  input  wire        trbe_ready_i,
  input  wire [63:0] spe_rdata_i,
  input  wire        spe_ready_i,
  input  wire        spe_err_i,         // not an SPE register, or a write to a read-only one
  input  wire [63:0] brbe_rdata_i,
  input  wire        brbe_ready_i,
  input  wire [1:0]  brbe_status_i
);

  localparam [1:0] ST_OK = 2'd0, ST_UNDEF = 2'd1;

  wire [1:0] op0 = sr_enc_i[15:14];
  wire [2:0] op1 = sr_enc_i[13:11];
  wire [3:0] crn = sr_enc_i[10:7];
  wire [3:0] crm = sr_enc_i[6:3];
  wire [2:0] op2 = sr_enc_i[2:0];

  reg is_trbe, is_spe, is_brbe, el_ok;
  reg to_trbe, to_spe, to_brbe, to_self;
  reg own_d;

  reg own_q;                            // the UNDEFINED answer of this block

  always @* begin
    is_trbe = 1'b0;
    is_spe  = 1'b0;
    is_brbe = 1'b0;
    el_ok   = 1'b0;
    to_trbe = 1'b0;
    to_spe  = 1'b0;
    to_brbe = 1'b0;
    to_self = 1'b0;
    own_d   = 1'b0;

    // TRBE: S3_0_C9_C11_<op2>, op2 5 (TRBMPAM_EL1) not implemented
    if (op0 == 2'd3 && op1 == 3'd0 && crn == 4'd9 && crm == 4'd11 && op2 != 3'd5)
      is_trbe = !(sr_write_i && op2 == 3'd7);                  // TRBIDR_EL1 is read only
    // SPE: the registers spe_top implements
    if (op0 == 2'd3 && crn == 4'd9) begin
      if (op1 == 3'd0 && crm == 4'd9 && op2 != 3'd1)
        is_spe = 1'b1;                                           // PMSCR ... PMSIDR_EL1
      if (op1 == 3'd0 && crm == 4'd10 &&
          (op2 == 3'd0 || op2 == 3'd1 || op2 == 3'd3 || op2 == 3'd7))
        is_spe = 1'b1;                                           // PMBLIMITR, PTR, SR, IDR
      if ((op1 == 3'd4 || op1 == 3'd5) && crm == 4'd9 && op2 == 3'd0)
        is_spe = 1'b1;                                           // PMSCR_EL2, PMSCR_EL12
    end
    // BRBE: its whole encoding space and the BRB instructions
    if (sr_iall_i || sr_inj_i)
      is_brbe = 1'b1;
    else if (op0 == 2'd2 && op1 == 3'd1 && (crn == 4'd8 || crn == 4'd9))
      is_brbe = 1'b1;
    else if (op0 == 2'd2 && (op1 == 3'd4 || op1 == 3'd5) && crn == 4'd9 && crm == 4'd0 &&
             op2 == 3'd0)
      is_brbe = 1'b1;

    // the TRBE and SPE registers: EL1 and above; _EL2 and _EL12 forms at EL2 and above
    el_ok = (sr_el_i != 2'd0) && !((op1 == 3'd4 || op1 == 3'd5) && sr_el_i < 2'd2);

    if (is_brbe)                  to_brbe = 1'b1;
    else if (is_trbe && el_ok)    to_trbe = 1'b1;
    else if (is_spe && el_ok)     to_spe  = 1'b1;
    else                          to_self = 1'b1;

    // answered here: taken at the first edge, ready in the next clock
    own_d = sr_valid_i && to_self && !own_q;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) own_q <= 1'b0;
    else         own_q <= own_d;
  end

  assign trbe_valid_o = sr_valid_i && to_trbe;
  assign spe_valid_o  = sr_valid_i && to_spe;
  assign brbe_valid_o = sr_valid_i && to_brbe;

  assign sr_ready_o  = trbe_ready_i || spe_ready_i || brbe_ready_i || own_q;
  assign sr_rdata_o  = trbe_ready_i ? trbe_rdata_i :
                       spe_ready_i  ? spe_rdata_i  :
                       brbe_ready_i ? brbe_rdata_i : 64'd0;
  assign sr_status_o = brbe_ready_i ? brbe_status_i :
                       spe_ready_i  ? (spe_err_i ? ST_UNDEF : ST_OK) :
                       own_q        ? ST_UNDEF : ST_OK;

endmodule

`default_nettype wire
