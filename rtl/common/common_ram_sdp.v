// Simple dual-port RAM: one write port and one read port on one clock, the
// read registered (block RAM style).
//
// Write port: when we_i is high, wdata_i is stored at waddr_i at the clock
//   edge.
// Read port: when re_i is high, the word at raddr_i is loaded into rdata_o at
//   the clock edge (valid from the next clock); while re_i is low rdata_o
//   holds its value, so the read register can serve as a pipeline stage.
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
// Under `FORMAL the module has one more output, f_mem_o, the whole array
// (word a at [a*WIDTH +: WIDTH]), for the proofs of the modules that use it:
// they must see the stored words to close k-induction.  It is not part of
// the hardware.
`default_nettype none

module common_ram_sdp #(
  parameter WIDTH     = 8,      // bits per word, >= 1
  parameter DEPTH     = 16,     // words, >= 2 (need not be a power of two)
  parameter RAM_STYLE = 0       // 0: the synthesis tool chooses (Yosys takes
                                // distributed RAM for shallow arrays on ECP5);
                                // 1: block RAM, 2: distributed RAM (the
                                // array's ram_style attribute asks for it)
) (
  input  wire             clk_i,
  input  wire             we_i,      // write wdata_i at waddr_i this clock
  input  wire [AW-1:0]    waddr_i,   // < DEPTH when we_i
  input  wire [WIDTH-1:0] wdata_i,
  input  wire             re_i,      // load rdata_o from raddr_i this clock
  input  wire [AW-1:0]    raddr_i,   // < DEPTH when re_i
`ifdef FORMAL
  output wire [DEPTH*WIDTH-1:0] f_mem_o,   // formal only: the array
`endif
  output wire [WIDTH-1:0] rdata_o    // word read by the last clock with re_i
);

  function integer clog2;
    input integer v;
    integer r;
    begin
      r = 0;
      while ((1 << r) < v) r = r + 1;
      clog2 = r;
    end
  endfunction

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
  endgenerate

  // ---- storage -----------------------------------------------------------
  // No reset: a block RAM has none, and a reset would make flip-flops of it.
  // Read-during-write collisions are don't-care (no_rw_check, see the
  // header).  One branch per RAM_STYLE: an attribute cannot take a parameter.
  reg [WIDTH-1:0] rdata_q;
  assign rdata_o = rdata_q;
`ifdef FORMAL
  genvar fa;    // f_mem_o: one assignment per word, in each branch below
`endif

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
