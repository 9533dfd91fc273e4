// SPE System registers (SPE supplement chapter 4): the sampling controls
// PMSCR_EL1/EL2, PMSICR_EL1, PMSIRR_EL1, PMSFCR_EL1, PMSEVFR_EL1,
// PMSLATFR_EL1, the Profiling Buffer registers PMBLIMITR_EL1, PMBPTR_EL1,
// PMBSR_EL1 and the read-only PMSIDR_EL1, PMBIDR_EL1.  Part of spe_top
// (rtl/spe/spe_top.v joins it with spe_sample, spe_rec and common_axi_wr).
//
// System-register port: an access taken in a clock (sr_go_i, the unit idle)
// writes the register named by sr_enc_i (SYSREG_ENC, common_sysreg.vh) at
// the clock edge; sr_rdata_o / sr_err_o are combinational from sr_enc_i
// and the registers (the read answers in the clock it is taken).
// Unit updates: the sampler's interval counter (icr_ld_i), the control's
// PE reset (lim_e_clr_i: PMBLIMITR_EL1.E), the write pointer (ptr_ld_i)
// and PMBSR_EL1 (bsr_ld_i: management events, collisions).  They are never
// taken in the clock of a register write (the control takes a register
// access only while idle and then makes no update).
`default_nettype none

module spe_regs #(
  parameter MAX_SIZE     = 7,   // PMSIDR_EL1.MaxSize: 6..8 (spe_top checks)
  parameter ALIGN        = 0,   // PMBIDR_EL1.Align: 0..MAX_SIZE
  parameter FLAG_UPDATES = 1,   // PMBIDR_EL1.F: 0 or 1
  parameter INTERVAL_ID  = 0,   // PMSIDR_EL1.Interval: 0 or 2..8
  parameter ERND         = 0,   // PMSIDR_EL1.ERnd: 0 or 1
  parameter LDS          = 1,   // PMSIDR_EL1.LDS: 0 or 1
  parameter HAVE_TME     = 1,   // FEAT_TME: PMSEVFR_EL1.E[16] writable; 0 or 1
  parameter GRANULE_LOG2 = 12,  // smallest translation granule: 12, 14 or 16
  parameter EA_SYNC      = 1    // 1: PMBPTR_EL1 keeps its low bits (synchronous aborts)
) (
  input  wire        clk_i,
  input  wire        rst_ni,            // synchronous, active low

  // PE-side controls (spe_top's ports; stable while profiling)
  input  wire        have_el2_i,
  input  wire        have_el3_i,
  input  wire        mdcr_el3_nspb1_i,  // MDCR_EL3.NSPB[1]
  input  wire [1:0]  mdcr_el2_e2pb_i,
  input  wire [1:0]  reg_el_i,          // EL of register accesses (PMBIDR_EL1.P)
  input  wire        reg_ns_i,

  // system-register port: sr_go_i takes the access this clock
  input  wire        sr_go_i,
  input  wire        sr_write_i,
  input  wire [15:0] sr_enc_i,
  input  wire [63:0] sr_wdata_i,
  output reg  [63:0] sr_rdata_o,
  output reg         sr_err_o,          // not an SPE register / write to RO

  // updates by the unit (never in a clock with sr_go_i)
  input  wire        icr_ld_i,          // PMSICR_EL1 <= icr_i (the interval counter)
  input  wire [63:0] icr_i,
  input  wire        lim_e_clr_i,       // PMBLIMITR_EL1.E <= 0 (PE reset, 4.2 Table 8)
  input  wire        ptr_ld_i,          // PMBPTR_EL1 <= ptr_i
  input  wire [63:0] ptr_i,
  input  wire        bsr_ld_i,          // PMBSR_EL1 <= bsr_i
  input  wire [63:0] bsr_i,

  // the registers (PMSCR_EL1/EL2 as read: their effective values)
  output wire [63:0] pmscr1_e_o,
  output wire [63:0] pmscr2_e_o,
  output wire [63:0] pmsicr_o,
  output wire [63:0] pmsirr_o,
  output wire [63:0] pmsfcr_o,
  output wire [63:0] pmsevfr_o,
  output wire [63:0] pmslatfr_o,
  output wire [63:0] pmblimitr_o,
`ifdef FORMAL
  output wire [63:0] f_pmbptr_d_o,      // formal only: PMBPTR_EL1's next value
`endif
  output wire [63:0] pmbptr_o,
  output wire [63:0] pmbsr_o
);

  `include "common_sysreg.vh"   // PMS*_EL1_ENC, PMB*_EL1_ENC (common/spe_regs.h)

  localparam [63:0] LIMIT_MASK = ~((64'd1 << GRANULE_LOG2) - 64'd1);  // 4.3.2 [L1449]
  localparam [63:0] EVF_MASK   = HAVE_TME ? 64'h100AA : 64'hAA;        // 4.3.8, R_RHWX
  localparam [63:0] AMASK      = (64'd1 << ALIGN) - 64'd1;

  reg [63:0] pmscr1_q, pmscr1_d, pmscr2_q, pmscr2_d, pmsicr_q, pmsicr_d, pmsirr_q, pmsirr_d;
  reg [63:0] pmsfcr_q, pmsfcr_d, pmsevfr_q, pmsevfr_d, pmslatfr_q, pmslatfr_d;
  reg [63:0] pmblimitr_q, pmblimitr_d, pmbptr_q, pmbptr_d, pmbsr_q, pmbsr_d;

  // ---- effective control registers ------------------------------------------
  wire [63:0] pmscr1_e = pmscr1_q | (have_el2_i ? 64'd0 : 64'h40);   // 4.3.5: PCT RES1 w/o EL2
  wire [63:0] pmscr2_e = have_el2_i ? pmscr2_q : 64'd0;               // 4.3.7

  // ProfilingBufferOwner() (3.4.6) for PMBIDR_EL1.P
  function own_sec;
    input cur_secure;
    own_sec = have_el3_i ? !mdcr_el3_nspb1_i : cur_secure;
  endfunction
  function [1:0] own_el;
    input osec;
    own_el = (!osec && have_el2_i && mdcr_el2_e2pb_i == 2'd0) ? 2'd2 : 2'd1;
  endfunction

  // ---- register read ------------------------------------------------------------
  wire [63:0] pmsidr = {44'd0, 4'd2, MAX_SIZE[3:0], INTERVAL_ID[3:0], 2'd0, ERND[0], LDS[0],
                        4'b1111};                                     // 4.3.11
  reg         rd_own_s;
  reg [1:0]   rd_own_e;
  reg [63:0]  pmbidr;
  always @* begin
    rd_own_s = own_sec(!reg_ns_i);
    rd_own_e = own_el(rd_own_s);
    pmbidr   = {58'd0, FLAG_UPDATES[0], 1'b0, ALIGN[3:0]};             // 4.3.1
    if (reg_el_i != 2'd3 && (rd_own_s != !reg_ns_i || rd_own_e > reg_el_i))
      pmbidr[4] = 1'b1;                                               // P [L1383]
    sr_err_o   = 1'b0;
    sr_rdata_o = 64'd0;
    case (sr_enc_i)
      PMSCR_EL1_ENC, PMSCR_EL12_ENC: sr_rdata_o = pmscr1_e;
      PMSCR_EL2_ENC:     sr_rdata_o = pmscr2_e;
      PMSICR_EL1_ENC:    sr_rdata_o = pmsicr_q;
      PMSIRR_EL1_ENC:    sr_rdata_o = pmsirr_q;
      PMSFCR_EL1_ENC:    sr_rdata_o = pmsfcr_q;
      PMSEVFR_EL1_ENC:   sr_rdata_o = pmsevfr_q;
      PMSLATFR_EL1_ENC:  sr_rdata_o = pmslatfr_q;
      PMSIDR_EL1_ENC:    begin sr_rdata_o = pmsidr; sr_err_o = sr_write_i; end
      PMBLIMITR_EL1_ENC: sr_rdata_o = pmblimitr_q;
      PMBPTR_EL1_ENC:    sr_rdata_o = pmbptr_q;
      PMBSR_EL1_ENC:     sr_rdata_o = pmbsr_q;
      PMBIDR_EL1_ENC:    begin sr_rdata_o = pmbidr; sr_err_o = sr_write_i; end
      default:           sr_err_o = 1'b1;
    endcase
  end

  // ---- register write -------------------------------------------------------------
  always @* begin
    pmscr1_d = pmscr1_q; pmscr2_d = pmscr2_q; pmsicr_d = pmsicr_q; pmsirr_d = pmsirr_q;
    pmsfcr_d = pmsfcr_q; pmsevfr_d = pmsevfr_q; pmslatfr_d = pmslatfr_q;
    pmblimitr_d = pmblimitr_q; pmbptr_d = pmbptr_q; pmbsr_d = pmbsr_q;
    if (sr_go_i && sr_write_i) begin
      case (sr_enc_i)
        PMSCR_EL1_ENC, PMSCR_EL12_ENC: pmscr1_d = sr_wdata_i & 64'h7B;
        PMSCR_EL2_ENC:     pmscr2_d = sr_wdata_i & 64'h7B;
        PMSICR_EL1_ENC:    pmsicr_d = sr_wdata_i & ((ERND != 0) ? 64'hFF000000FFFFFFFF
                                                         : 64'h00000000FFFFFFFF);
        PMSIRR_EL1_ENC:    pmsirr_d = sr_wdata_i & 64'hFFFFFF01;
        PMSFCR_EL1_ENC:    pmsfcr_d = sr_wdata_i & 64'h70007;
        PMSEVFR_EL1_ENC:   pmsevfr_d = (sr_wdata_i & EVF_MASK) | 64'h2;  // E[1] RES1
        PMSLATFR_EL1_ENC:  pmslatfr_d = sr_wdata_i & 64'hFFF;
        PMBLIMITR_EL1_ENC: pmblimitr_d = sr_wdata_i & (LIMIT_MASK | 64'h7);
        PMBPTR_EL1_ENC:    pmbptr_d = (EA_SYNC != 0) ? sr_wdata_i : (sr_wdata_i & ~AMASK);
        PMBSR_EL1_ENC:     pmbsr_d = sr_wdata_i & 64'hFC0FFFFF;
        default: ;
      endcase
    end
    if (icr_ld_i)    pmsicr_d = icr_i;
    if (lim_e_clr_i) pmblimitr_d[0] = 1'b0;
    if (ptr_ld_i)    pmbptr_d = ptr_i;
    if (bsr_ld_i)    pmbsr_d = bsr_i;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      pmscr1_q <= 64'd0; pmscr2_q <= 64'd0; pmsicr_q <= 64'd0; pmsirr_q <= 64'd0;
      pmsfcr_q <= 64'd0; pmsevfr_q <= 64'd0; pmslatfr_q <= 64'd0;
      pmblimitr_q <= 64'd0; pmbptr_q <= 64'd0; pmbsr_q <= 64'd0;
    end else begin
      pmscr1_q <= pmscr1_d; pmscr2_q <= pmscr2_d; pmsicr_q <= pmsicr_d; pmsirr_q <= pmsirr_d;
      pmsfcr_q <= pmsfcr_d; pmsevfr_q <= pmsevfr_d; pmslatfr_q <= pmslatfr_d;
      pmblimitr_q <= pmblimitr_d; pmbptr_q <= pmbptr_d; pmbsr_q <= pmbsr_d;
    end
  end

  assign pmscr1_e_o  = pmscr1_e;
  assign pmscr2_e_o  = pmscr2_e;
  assign pmsicr_o    = pmsicr_q;
  assign pmsirr_o    = pmsirr_q;
  assign pmsfcr_o    = pmsfcr_q;
  assign pmsevfr_o   = pmsevfr_q;
  assign pmslatfr_o  = pmslatfr_q;
  assign pmblimitr_o = pmblimitr_q;
  assign pmbptr_o    = pmbptr_q;
  assign pmbsr_o     = pmbsr_q;
`ifdef FORMAL
  assign f_pmbptr_d_o = pmbptr_d;
`endif

  wire unused_ok = &{1'b0, pmsidr[63:20]};

endmodule

`default_nettype wire
