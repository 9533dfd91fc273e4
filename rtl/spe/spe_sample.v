// SPE sampling decision (SPE supplement 3.1, 3.2.3; docs/spe-model.md 2.1
// to 2.3): StatisticalProfilingEnabled() for the record considered, the
// interval counter PMSICR_EL1 with its random perturbation (PMSIRR_EL1.RND,
// PMSIDR_EL1.ERnd) and the random number generator.  Part of spe_top.
//
// The record considered (rec_*_i: spe_top's sm_rec, the record on the PE
// port or the one held) is checked every clock: sel_o says that, were it
// counted now, it would be selected (an instruction, profiling enabled, the
// interval expired).  step_i counts it (spe_top's do_sample, taken with the
// record): the generator and the enable history update and, when profiling
// is enabled, icr_ld_o loads the new PMSICR_EL1 value icr_o into spe_regs
// in the same clock.  pe_rst_i (a PE reset record taken) reseeds the
// generator.  sel_o depends on registers and rec_*_i only, never on
// step_i.
`default_nettype none

module spe_sample #(
  parameter ERND      = 0,        // PMSIDR_EL1.ERnd: 0 or 1
  parameter LFSR_SEED = 16'hACE1  // reset state of the generator, nonzero (spe_top checks)
) (
  input  wire        clk_i,
  input  wire        rst_ni,            // synchronous, active low

  // PE-side controls (spe_top's ports; stable while profiling)
  input  wire        have_el2_i,
  input  wire        have_el3_i,
  input  wire        mdcr_el3_nspb1_i,  // MDCR_EL3.NSPB[1]
  input  wire [1:0]  mdcr_el2_e2pb_i,
  input  wire        hcr_el2_tge_i,

  // the record considered (docs/pe-interface.md fields)
  input  wire [1:0]  rec_kind_i,
  input  wire [1:0]  rec_isa_i,
  input  wire [1:0]  rec_el_i,
  input  wire        rec_ns_i,          // pe_flags NS

  // registers (spe_regs)
  input  wire [63:0] pmscr1_e_i,
  input  wire [63:0] pmscr2_e_i,
  input  wire        buf_e_i,           // PMBLIMITR_EL1.E
  input  wire        buf_s_i,           // PMBSR_EL1.S
  input  wire [63:0] pmsicr_i,
  input  wire [31:0] pmsirr_i,          // PMSIRR_EL1[31:0]: INTERVAL, RND

  input  wire        step_i,            // count the record this clock
  input  wire        pe_rst_i,          // a PE reset record is taken this clock
  output wire        sel_o,             // the record would be selected
  output wire        icr_ld_o,          // load icr_o into PMSICR_EL1 this clock
  output wire [63:0] icr_o
);

  `include "common_pe_class.vh"  // PE_KIND_INSN (common/pe_stream.h)

  localparam [15:0] SEED = LFSR_SEED;

  reg [15:0] lfsr_q, lfsr_d;
  reg        preven_q, preven_d;   // profiling was enabled for the last record counted

  // ---- random number generator (docs/spe-model.md 2.2, 2.2.2) --------------
  // x^16 + x^14 + x^13 + x^11 + 1, Galois form, 8 steps per draw.
  function [15:0] lfsr8;
    input [15:0] s;
    integer i;
    reg [15:0] v;
    begin
      v = s;
      for (i = 0; i < 8; i = i + 1)
        v = v[0] ? ({1'b0, v[15:1]} ^ 16'hB400) : {1'b0, v[15:1]};
      lfsr8 = v;
    end
  endfunction

  // ProfilingBufferOwner() (3.4.6)
  function own_sec;
    input cur_secure;
    own_sec = have_el3_i ? !mdcr_el3_nspb1_i : cur_secure;
  endfunction
  function [1:0] own_el;
    input osec;
    own_el = (!osec && have_el2_i && mdcr_el2_e2pb_i == 2'd0) ? 2'd2 : 2'd1;
  endfunction

  // StatisticalProfilingEnabled() (3.2.3, docs/spe-model.md 2.1)
  reg       en, sec, os, host;
  reg [1:0] oe;
  always @* begin
    sec  = !rec_ns_i;
    os   = own_sec(sec);
    oe   = own_el(os);
    host = !sec && have_el2_i && hcr_el2_tge_i;
    en   = 1'b0;
    if (rec_isa_i == 2'd0 && rec_el_i != 2'd3 && !(rec_el_i == 2'd2 && !have_el2_i) &&
        !(have_el3_i && os != sec) && buf_e_i && !buf_s_i &&
        !(oe < rec_el_i || os != sec || (host && oe == 2'd1))) begin
      case (rec_el_i)
        2'd2:    en = pmscr2_e_i[1];
        2'd1:    en = pmscr1_e_i[1];
        default: en = host ? pmscr2_e_i[0] : pmscr1_e_i[0];
      endcase
    end
  end

  // ---- interval counter (3.1, docs/spe-model.md 2.3) -------------------------
  reg [31:0] iv_cnt;
  reg [7:0]  iv_ecnt;
  reg [15:0] iv_lfsr;
  reg        iv_sel;
  wire       rnd = pmsirr_i[0];
  always @* begin
    iv_lfsr = lfsr_q;
    iv_cnt  = pmsicr_i[31:0];
    iv_ecnt = pmsicr_i[63:56];
    iv_sel  = 1'b0;
    // 3.1.1: load a zero PMSICR_EL1 on moving from disabled to enabled
    if (!preven_q && pmsicr_i == 64'd0) begin
      iv_cnt = {pmsirr_i[31:8], 8'd0};
      if (rnd && ERND == 0) begin
        iv_lfsr = lfsr8(iv_lfsr);
        iv_cnt[7:0] = iv_lfsr[7:0];
      end
      iv_ecnt = 8'd0;
    end
    if (!(rnd && ERND != 0)) begin
      if (iv_cnt == 32'd0) begin
        iv_sel = 1'b1;
        iv_cnt = {pmsirr_i[31:8], 8'd0};
        if (rnd) begin
          iv_lfsr = lfsr8(iv_lfsr);
          iv_cnt[7:0] = iv_lfsr[7:0];
        end
      end else begin
        iv_cnt = iv_cnt - 32'd1;
      end
    end else begin
      if (iv_cnt == 32'd0) begin
        iv_cnt  = {pmsirr_i[31:8], 8'd0};
        iv_lfsr = lfsr8(iv_lfsr);
        iv_ecnt = iv_lfsr[7:0];
        iv_sel  = iv_lfsr[7:0] == 8'd0;
      end else begin
        iv_cnt = iv_cnt - 32'd1;
        if (iv_ecnt != 8'd0) begin
          iv_ecnt = iv_ecnt - 8'd1;
          iv_sel  = iv_ecnt == 8'd0;
        end
      end
    end
    if (ERND == 0)
      iv_ecnt = 8'd0;
  end

  // ---- the count: 3.1.3, counters hold while profiling is disabled ------------
  wire insn = rec_kind_i == PE_KIND_INSN;
  always @* begin
    lfsr_d   = lfsr_q;
    preven_d = preven_q;
    if (step_i && insn) begin
      preven_d = en;
      if (en)
        lfsr_d = iv_lfsr;
    end
    if (pe_rst_i) begin
      lfsr_d   = SEED;
      preven_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      lfsr_q <= SEED; preven_q <= 1'b0;
    end else begin
      lfsr_q <= lfsr_d; preven_q <= preven_d;
    end
  end

  wire unused_ok = &{1'b0, pmscr1_e_i[63:2], pmscr2_e_i[63:2], pmsirr_i[7:1]};

  assign sel_o    = insn && en && iv_sel;
  assign icr_ld_o = step_i && insn && en;
  assign icr_o    = {iv_ecnt, 24'd0, iv_cnt};

endmodule

`default_nettype wire
