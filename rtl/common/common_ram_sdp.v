// Simple dual-port RAM: one write port and one read port on one clock, the
// read registered (block RAM style), optionally followed by an output
// register (OUT_REG).
//
// Write port: when we_i is high, wdata_i is stored at waddr_i at the clock
//   edge.
// Read port: when re_i is high, the word at raddr_i is loaded into the read
//   register at the clock edge; while re_i is low it holds its value, so it
//   can serve as a pipeline stage.  OUT_REG 0: rdata_o is the read register
//   (the word is on rdata_o the clock after re_i).  OUT_REG 1: rdata_o is
//   the read register one clock later, through an output register loaded
//   every clock (the word is on rdata_o two clocks after re_i and holds, as
//   the read register does, until one clock after the next read); the path
//   from the RAM to the logic behind it then starts at a flip-flop, not at
//   the block RAM's clock-to-out (5.8 ns on ECP5's DP16KD without its own
//   output register, which Yosys does not infer; other tools may absorb the
//   output register into the block RAM).
// Read during write to the same address in the same clock: rdata_o gets
//   either word.  Simulation gives the old one (the array as it was before
//   the edge); the array carries Yosys's no_rw_check attribute, so synthesis
//   may give either and adds no collision bypass (without it Yosys 0.23 adds
//   a WIDTH-bit register and multiplexer to emulate the old word).
//   common_fifo_sr never does it: it reads only addresses holding elements
//   and writes only free ones.
//
// Written in the form Yosys maps to block RAM (memory_bram / memory_libmap:
// SB_RAM40_4K on iCE40, DP16KD / PDPW16KD on ECP5; small shallow arrays may
// become distributed RAM, e.g. TRELLIS_DPR16X4) and vendor tools infer: no
// reset on the array nor on the read register, one write and one read
// port in one clocked block.  rdata_o is unknown (X in simulation) until the
// first read.
//
// Under `FORMAL the module has two more outputs, f_mem_o, the whole array
// (word a at [a*WIDTH +: WIDTH]), and f_rd1_o, the read register, for the
// proofs of the modules that use it: they must see the stored words to
// close k-induction.  They are not part of the hardware.
`default_nettype none

module common_ram_sdp #(
  parameter WIDTH     = 8,      // bits per word, >= 1
  parameter DEPTH     = 16,     // words, >= 2 (need not be a power of two)
  parameter RAM_STYLE = 0,      // 0: the synthesis tool chooses (Yosys takes
                                // distributed RAM for shallow arrays on ECP5);
                                // 1: block RAM, 2: distributed RAM (the
                                // array's ram_style attribute asks for it)
  parameter OUT_REG   = 0       // 1: an output register after the read
                                // register (read latency 2), 0: none
) (
  input  wire             clk_i,
  input  wire             we_i,      // write wdata_i at waddr_i this clock
  input  wire [AW-1:0]    waddr_i,   // < DEPTH when we_i
  input  wire [WIDTH-1:0] wdata_i,
  input  wire             re_i,      // load rdata_o from raddr_i this clock
  input  wire [AW-1:0]    raddr_i,   // < DEPTH when re_i
`ifdef FORMAL
  output wire [DEPTH*WIDTH-1:0] f_mem_o,   // formal only: the array
  output wire [WIDTH-1:0] f_rd1_o,   // formal only: the read register
`endif
  output wire [WIDTH-1:0] rdata_o    // word read 1 + OUT_REG clocks after re_i
);

  `include "common_clog2.vh"  // clog2()

  localparam AW = (clog2(DEPTH) < 1) ? 1 : clog2(DEPTH);   // address bits

  // ---- parameter checks (an unknown module stops elaboration) ---------
  generate
    if (WIDTH < 1) begin : g_bad_width
      common_ram_sdp_WIDTH_must_be_at_least_1 u_bad ();
    end
    if (DEPTH < 2) begin : g_bad_depth
      common_ram_sdp_DEPTH_must_be_at_least_2 u_bad ();
    end
    if (RAM_STYLE < 0 || RAM_STYLE > 2) begin : g_bad_style
      common_ram_sdp_RAM_STYLE_must_be_0_1_or_2 u_bad ();
    end
    if (OUT_REG < 0 || OUT_REG > 1) begin : g_bad_out_reg
      common_ram_sdp_OUT_REG_must_be_0_or_1 u_bad ();
    end
  endgenerate

  // ---- storage -----------------------------------------------------------
  // No reset: a block RAM has none, and a reset would make flip-flops of it.
  // Read-during-write collisions are don't-care (no_rw_check, see the
  // header).  One branch per RAM_STYLE: an attribute cannot take a parameter.
  reg [WIDTH-1:0] rdata_q;    // the read register
`ifdef FORMAL
  genvar fa;    // f_mem_o: one assignment per word, in each branch below
  assign f_rd1_o = rdata_q;
`endif

  generate
    if (OUT_REG == 1) begin : g_out_reg
      reg [WIDTH-1:0] rdata2_q;
      always @(posedge clk_i) rdata2_q <= rdata_q;
      assign rdata_o = rdata2_q;
    end else begin : g_no_out_reg
      assign rdata_o = rdata_q;
    end
  endgenerate

  generate
    if (RAM_STYLE == 1) begin : g_mem
      (* no_rw_check, ram_style = "block" *)
      reg [WIDTH-1:0] mem_q [0:DEPTH-1];
      always @(posedge clk_i) begin
        if (we_i) mem_q[waddr_i] <= wdata_i;
        if (re_i) rdata_q <= mem_q[raddr_i];
      end
`ifdef FORMAL
      for (fa = 0; fa < DEPTH; fa = fa + 1) begin : g_f_mem
        assign f_mem_o[fa*WIDTH +: WIDTH] = mem_q[fa];
      end
`endif
    end else if (RAM_STYLE == 2) begin : g_mem
      (* no_rw_check, ram_style = "distributed" *)
      reg [WIDTH-1:0] mem_q [0:DEPTH-1];
      always @(posedge clk_i) begin
        if (we_i) mem_q[waddr_i] <= wdata_i;
        if (re_i) rdata_q <= mem_q[raddr_i];
      end
`ifdef FORMAL
      for (fa = 0; fa < DEPTH; fa = fa + 1) begin : g_f_mem
        assign f_mem_o[fa*WIDTH +: WIDTH] = mem_q[fa];
      end
`endif
    end else begin : g_mem
      (* no_rw_check *)
      reg [WIDTH-1:0] mem_q [0:DEPTH-1];
      always @(posedge clk_i) begin
        if (we_i) mem_q[waddr_i] <= wdata_i;
        if (re_i) rdata_q <= mem_q[raddr_i];
      end
`ifdef FORMAL
      for (fa = 0; fa < DEPTH; fa = fa + 1) begin : g_f_mem
        assign f_mem_o[fa*WIDTH +: WIDTH] = mem_q[fa];
      end
`endif
    end
  endgenerate

endmodule

`default_nettype wire
