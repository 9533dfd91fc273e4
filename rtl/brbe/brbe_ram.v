// One bank of the Branch record buffer storage: a simple dual-port RAM
// (one write port, one registered read port, no reset, no read-during-write
// forwarding), written so that synthesis tools infer block RAM where the
// target has it.  brbe_top uses two banks (even and odd ring slots) so that
// the two records one PE record can produce land in different banks.
`default_nettype none

module brbe_ram #(
  parameter DEPTH = 16,   // entries: a power of 2 from 4 to 32
  parameter WIDTH = 156   // bits per entry: 1 or more
) (
  input  wire                     clk_i,
  input  wire                     we_i,
  input  wire [clog2(DEPTH)-1:0]  waddr_i,
  input  wire [WIDTH-1:0]         wdata_i,
  input  wire [clog2(DEPTH)-1:0]  raddr_i,
  output wire [WIDTH-1:0]         rdata_o
);

  `include "common_clog2.vh"  // clog2()

  generate
    if (DEPTH < 4 || DEPTH > 32 || (1 << clog2(DEPTH)) != DEPTH) begin : g_bad_depth
      brbe_ram_DEPTH_must_be_a_power_of_2_from_4_to_32 u_bad ();
    end
    if (WIDTH < 1) begin : g_bad_width
      brbe_ram_WIDTH_must_be_at_least_1 u_bad ();
    end
  endgenerate

  reg [WIDTH-1:0] mem [0:DEPTH-1];
  reg [WIDTH-1:0] rdata_q;

  always @(posedge clk_i) begin
    if (we_i) mem[waddr_i] <= wdata_i;
    rdata_q <= mem[raddr_i];
  end

  assign rdata_o = rdata_q;

endmodule

`default_nettype wire
