// Place-and-route harness of common_fifo_sr (fpga/common_synth.sh): the
// FIFO's inputs come from common_fpga_pins's shift register and its outputs
// are folded into one pin, so the reported timing is the FIFO's own
// register-to-register paths (block RAM ones included).  Not part of any
// unit.
`default_nettype none

module common_fifo_sr_fpga_wrap #(
  parameter WIDTH = 160,  // common_fifo_sr's WIDTH
  parameter DEPTH = 64,   // common_fifo_sr's DEPTH
  parameter WR_N  = 4,    // common_fifo_sr's WR_N
  parameter RAM_STYLE = 1, // common_fifo_sr's RAM_STYLE
  parameter OUT_REG   = 0  // common_fifo_sr's OUT_REG
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire sh_en_i,    // shift the input register by one bit
  input  wire sh_d_i,     // the bit shifted in
  output wire q_o         // XOR of all outputs, two clocks late
);

  `include "common_clog2.vh"  // clog2()

  localparam WC_W  = clog2(WR_N + 1);
  localparam CNT_W = clog2(DEPTH) + 1;
  localparam IN_W  = WC_W + WR_N * WIDTH + 1;
  localparam OUT_W = 1 + WIDTH + 2 * CNT_W + WR_N;

  wire [IN_W-1:0]  sh_q;
  wire [OUT_W-1:0] outs;
  common_fpga_pins #(.IN_W (IN_W), .OUT_W (OUT_W)) u_pins (
    .clk_i (clk_i), .sh_en_i (sh_en_i), .sh_d_i (sh_d_i), .in_o (sh_q), .out_i (outs),
    .q_o (q_o)
  );

  wire [WC_W-1:0]       wr_cnt;
  wire [WR_N*WIDTH-1:0] wr_data;
  wire                  rd_ready;
  assign {wr_cnt, wr_data, rd_ready} = sh_q;

  wire                  rd_valid;
  wire [WIDTH-1:0]      rd_data;
  wire [CNT_W-1:0]      count, free;
  wire [WR_N-1:0]       free_ge;

  common_fifo_sr #(
    .WIDTH (WIDTH),
    .DEPTH (DEPTH),
    .WR_N  (WR_N),
    .RAM_STYLE (RAM_STYLE),
    .OUT_REG   (OUT_REG)
  ) u_fifo (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .wr_cnt_i (wr_cnt), .wr_data_i (wr_data),
    .rd_valid_o (rd_valid), .rd_data_o (rd_data), .rd_ready_i (rd_ready),
    .count_o (count), .free_o (free), .free_ge_o (free_ge)
  );

  assign outs = {rd_valid, rd_data, count, free, free_ge};

endmodule

`default_nettype wire
