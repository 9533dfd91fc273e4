// Bench top of common_fifo_sr for the Verilated C bench: one instance per parameter set,
// side by side in one model (one Verilator build for every set), sharing
// clock and reset.  Set s's ports sit at fixed strides in the flat vectors:
// wr_cnt_i [3*s +: 3], wr_data_i lane i [(4*s + i)*40 +: 40],
// rd_data_o [40*s +: 40], count_o / free_o [8*s +: 8], free_ge_o [4*s +: 4]; unused high bits
// are zero.  The sets must match the table in fifo_sr_dut.h.
`default_nettype none

module fifo_sr_tb_top #(
  parameter NS = 9                     // parameter sets (fifo_sr_dut.h)
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire [NS*3-1:0]   wr_cnt_i,
  input  wire [NS*160-1:0] wr_data_i,
  output wire [NS-1:0]     rd_valid_o,
  output wire [NS*40-1:0]  rd_data_o,
  input  wire [NS-1:0]     rd_ready_i,
  output wire [NS*8-1:0]   count_o,
  output wire [NS*8-1:0]   free_o,
  output wire [NS*4-1:0]   free_ge_o
);

  // per set, 32 bits each, set 0 in the low word: WR_N, DEPTH, WIDTH,
  // OUT_REG, wr_cnt_i bits (clog2(WR_N + 1)), count bits (log2(DEPTH) + 1)
  localparam [NS*32-1:0] P_WR_N  = {32'd4,  32'd2,  32'd1,
                                    32'd4,  32'd4,  32'd2,  32'd2,  32'd1,  32'd1};
  localparam [NS*32-1:0] P_DEPTH = {32'd32, 32'd16, 32'd4,
                                    32'd64, 32'd8,  32'd32, 32'd4,  32'd16, 32'd2};
  localparam [NS*32-1:0] P_WIDTH = {32'd40, 32'd20, 32'd8,
                                    32'd40, 32'd16, 32'd33, 32'd12, 32'd40, 32'd8};
  localparam [NS*32-1:0] P_OUTR  = {32'd1,  32'd1,  32'd1,
                                    32'd0,  32'd0,  32'd0,  32'd0,  32'd0,  32'd0};
  localparam [NS*32-1:0] P_WC_W  = {32'd3,  32'd2,  32'd1,
                                    32'd3,  32'd3,  32'd2,  32'd2,  32'd1,  32'd1};
  localparam [NS*32-1:0] P_CNT_W = {32'd6,  32'd5,  32'd3,
                                    32'd7,  32'd4,  32'd6,  32'd3,  32'd5,  32'd2};

  genvar s, l;
  generate
    for (s = 0; s < NS; s = s + 1) begin : g_set
      localparam integer WR_N  = P_WR_N[32*s +: 32];
      localparam integer DEPTH = P_DEPTH[32*s +: 32];
      localparam integer WIDTH = P_WIDTH[32*s +: 32];
      localparam integer OUTR  = P_OUTR[32*s +: 32];
      localparam integer WC_W  = P_WC_W[32*s +: 32];
      localparam integer CNT_W = P_CNT_W[32*s +: 32];

      wire [WR_N*WIDTH-1:0] wdata;
      for (l = 0; l < WR_N; l = l + 1) begin : g_lane
        assign wdata[l*WIDTH +: WIDTH] = wr_data_i[(4*s + l)*40 +: WIDTH];
      end
      wire [WIDTH-1:0] rdata;
      wire [CNT_W-1:0] count;
      wire [CNT_W-1:0] free;
      wire [WR_N-1:0]  free_ge;

      common_fifo_sr #(
        .WIDTH (WIDTH),
        .DEPTH (DEPTH),
        .WR_N  (WR_N),
        .OUT_REG (OUTR)
      ) u_fifo (
        .clk_i      (clk_i),
        .rst_ni     (rst_ni),
        .wr_cnt_i   (wr_cnt_i[3*s +: WC_W]),
        .wr_data_i  (wdata),
        .rd_valid_o (rd_valid_o[s]),
        .rd_data_o  (rdata),
        .rd_ready_i (rd_ready_i[s]),
        .count_o    (count),
        .free_o     (free),
        .free_ge_o  (free_ge)
      );

      assign rd_data_o[40*s +: 40] = {{(40 - WIDTH){1'b0}}, rdata};
      assign count_o[8*s +: 8]     = {{(8 - CNT_W){1'b0}}, count};
      assign free_o[8*s +: 8]      = {{(8 - CNT_W){1'b0}}, free};
      assign free_ge_o[4*s +: 4]   = {{(4 - WR_N){1'b0}}, free_ge};
    end
  endgenerate

  // (the bits of the flat inputs past each set's lanes and counts)
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_ok = ^{wr_cnt_i, wr_data_i};
  /* verilator lint_on UNUSEDSIGNAL */

endmodule

`default_nettype wire
