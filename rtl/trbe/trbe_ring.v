// Trace byte ring: RING = RW * 2**ROWS_LOG2 bytes of collected trace that
// is not yet written to memory, indexed by the low bits of the byte's
// trace buffer address (docs/trbe.md, "Datapath").  Because the Base and
// Limit pointers are 4 KB aligned and RING <= 4 KB, the byte after the
// Limit pointer minus one (the Base pointer) follows it in the ring too, so
// the bytes of one input beat are always consecutive ring positions.
//
// Write side: up to IN_BYTES consecutive bytes per clock from ring index
// wr_idx_i; byte j of wr_data_i goes to index wr_idx_i + j.  With
// IN_BYTES <= RW every lane takes at most one byte per clock, so each lane
// is one simple dual-port RAM (common_ram_sdp: one write port, one
// registered read port; the ring never reads a byte in the clock it is
// written, so read-during-write needs no bypass).
// Read side: one row of RW bytes (lane i = index row*RW + i), registered:
// rd_data_o is valid the clock after rd_en_i.
`default_nettype none

module trbe_ring #(
  parameter IN_BYTES  = 8,   // bytes per input beat: 4, 8 or 16
  parameter IN_CNT_W  = 4,   // bits of a byte count 0..IN_BYTES: log2(IN_BYTES) + 1
  parameter RW        = 8,   // bytes per ring row: 8 or 16, >= IN_BYTES
  parameter RW_LOG2   = 3,   // log2(RW)
  parameter ROWS_LOG2 = 5    // log2(rows): 2..8
) (
  input  wire                        clk_i,
  input  wire [RW_LOG2+ROWS_LOG2-1:0] wr_idx_i,
  input  wire [IN_CNT_W-1:0]         wr_n_i,
  input  wire [8*IN_BYTES-1:0]       wr_data_i,
  input  wire                        rd_en_i,
  input  wire [ROWS_LOG2-1:0]        rd_row_i,
  output wire [8*RW-1:0]             rd_data_o
);

  generate
    if (IN_BYTES != 4 && IN_BYTES != 8 && IN_BYTES != 16) begin : g_bad_in
      trbe_ring_IN_BYTES_must_be_4_8_or_16 u_bad ();
    end
    if ((RW != 8 && RW != 16) || (1 << RW_LOG2) != RW || RW < IN_BYTES) begin : g_bad_rw
      trbe_ring_RW_must_be_8_or_16_a_power_of_2_not_below_IN_BYTES u_bad ();
    end
    if ((1 << (IN_CNT_W - 1)) != IN_BYTES) begin : g_bad_cnt
      trbe_ring_IN_CNT_W_must_be_log2_IN_BYTES_plus_1 u_bad ();
    end
    if (ROWS_LOG2 < 2 || ROWS_LOG2 > 8) begin : g_bad_rows
      trbe_ring_ROWS_LOG2_must_be_2_to_8 u_bad ();
    end
  endgenerate

  // the byte count, widened to compare with a lane offset
  wire [RW_LOG2:0] n_ext;
  generate
    if (RW_LOG2 + 1 > IN_CNT_W) begin : g_pad
      assign n_ext = {{(RW_LOG2+1-IN_CNT_W){1'b0}}, wr_n_i};
    end else begin : g_same
      assign n_ext = wr_n_i;
    end
  endgenerate

  wire [RW_LOG2-1:0]   lane0 = wr_idx_i[RW_LOG2-1:0];
  wire [ROWS_LOG2-1:0] row0  = wr_idx_i[RW_LOG2+ROWS_LOG2-1:RW_LOG2];

  genvar l;
  generate
    for (l = 0; l < RW; l = l + 1) begin : g_lane
      localparam integer LI = l;
      // input byte j lands in this lane: j = (l - lane0) mod RW; the borrow
      // of that subtraction says the byte is in the row after row0
      wire [RW_LOG2:0]     diff = {1'b0, LI[RW_LOG2-1:0]} - {1'b0, lane0};
      wire [RW_LOG2-1:0]   j    = diff[RW_LOG2-1:0];
      wire                 en   = (n_ext > {1'b0, j});
      wire [ROWS_LOG2-1:0] row  = row0 + {{(ROWS_LOG2-1){1'b0}}, diff[RW_LOG2]};
      reg  [7:0]           byte_w;
      integer k;
      always @* begin
        byte_w = 8'h00;
        for (k = 0; k < IN_BYTES; k = k + 1)
          if (j == k[RW_LOG2-1:0]) byte_w = wr_data_i[8*k +: 8];
      end
      common_ram_sdp #(
        .WIDTH     (8),
        .DEPTH     (1 << ROWS_LOG2),
        .RAM_STYLE (0),
        .OUT_REG   (0)
      ) u_lane (
        .clk_i   (clk_i),
        .we_i    (en),
        .waddr_i (row),
        .wdata_i (byte_w),
        .re_i    (rd_en_i),
        .raddr_i (rd_row_i),
`ifdef FORMAL
        .f_mem_o (),
        .f_rd1_o (),
`endif
        .rdata_o (rd_data_o[8*l +: 8])
      );
    end
  endgenerate

endmodule
