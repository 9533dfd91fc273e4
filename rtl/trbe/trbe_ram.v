// One byte lane of the trace byte ring: a simple dual-port RAM with one
// write port and one registered read port (read data appears the clock
// after the read), the shape block RAMs have (iCE40 EBR, SRAM macros).
// Reading and writing one address in the same clock returns the old or the
// new data; the ring never reads a byte in the clock it is written.
`default_nettype none

module trbe_ram #(
  parameter WIDTH  = 8,   // bits per word, 1..64
  parameter ADDR_W = 5    // words = 2**ADDR_W, ADDR_W 1..12
) (
  input  wire              clk_i,
  input  wire              we_i,
  input  wire [ADDR_W-1:0] waddr_i,
  input  wire [WIDTH-1:0]  wdata_i,
  input  wire              re_i,
  input  wire [ADDR_W-1:0] raddr_i,
  output wire [WIDTH-1:0]  rdata_o
);

  generate
    if (WIDTH < 1 || WIDTH > 64) begin : g_bad_width
      trbe_ram_WIDTH_must_be_1_to_64 u_bad ();
    end
    if (ADDR_W < 1 || ADDR_W > 12) begin : g_bad_addr
      trbe_ram_ADDR_W_must_be_1_to_12 u_bad ();
    end
  endgenerate

  reg [WIDTH-1:0] mem [0:(1 << ADDR_W)-1];
  reg [WIDTH-1:0] rdata_q;

  // Storage: the write port and the read register, the one clocked block a
  // memory needs (there is no reset: contents are don't care until written).
  always @(posedge clk_i) begin
    if (we_i) mem[waddr_i] <= wdata_i;
    if (re_i) rdata_q <= mem[raddr_i];
  end

  assign rdata_o = rdata_q;

endmodule
