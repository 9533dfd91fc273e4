// ETE output byte FIFO: takes one packet bundle of pkt_len_i bytes from the
// encoder core per handshake and gives OUT_BYTES-byte beats with a byte
// keep mask.  Contract: docs/ete-rtl-interface.md ("Output stream").
//
// Bundle side (valid/ready): a bundle transfers when pkt_valid_i and
//   pkt_ready_o are high at a clock edge.  pkt_ready_o is high when the
//   FIFO has room for the whole bundle (registered free space, so a beat
//   leaving in the same clock does not count) and 1 <= pkt_len_i <=
//   PKT_BYTES; a bundle with an illegal length is never taken.  pkt_ready_o
//   depends on pkt_len_i, never on out_ready_i.
// Beat side (AXI4-Stream style): out_valid_o, out_data_o and out_keep_o are
//   registers; while out_valid_o is high and out_ready_i low they hold.
//   out_keep_o is nonzero and contiguous from byte 0 whenever out_valid_o is
//   high; byte lanes above the kept ones are zero.
// Beat rule: the beat register is (re)loaded when it is empty or its beat
//   transfers.  It takes OUT_BYTES bytes when the FIFO holds at least that
//   many; otherwise it takes everything held (a partial beat) when the FIFO
//   is not empty and no bundle is written in the same clock, i.e. when no
//   more bytes are coming at once.
`default_nettype none

module ete_out_fifo #(
  parameter OUT_BYTES = 4,    // bytes per beat: 4, 8 or 16
  parameter DEPTH     = 128,  // FIFO bytes: a power of two, 32..1024, >= 4*OUT_BYTES, >= PKT_BYTES
  parameter PKT_BYTES = 32    // widest bundle from the core
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  input  wire                   pkt_valid_i,
  output wire                   pkt_ready_o,
  input  wire [8*PKT_BYTES-1:0] pkt_data_i,  // byte 0 first
  input  wire [5:0]             pkt_len_i,
  output wire                   out_valid_o,
  input  wire                   out_ready_i,
  output wire [8*OUT_BYTES-1:0] out_data_o,  // byte 0 oldest
  output wire [OUT_BYTES-1:0]   out_keep_o,
  output wire                   empty_o      // no byte held (FIFO and beat register)
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

  localparam CNT_W = clog2(DEPTH) + 1;
  localparam [CNT_W-1:0] OB = OUT_BYTES[CNT_W-1:0];
  localparam [6:0]       PB = PKT_BYTES[6:0];

  generate
    if (OUT_BYTES != 4 && OUT_BYTES != 8 && OUT_BYTES != 16) begin : g_bad_ob
      ete_out_fifo_OUT_BYTES_must_be_4_8_or_16 u_bad ();
    end
    if (DEPTH < 32 || DEPTH > 1024 || (1 << clog2(DEPTH)) != DEPTH) begin : g_bad_depth
      ete_out_fifo_DEPTH_must_be_a_power_of_2_from_32_to_1024 u_bad ();
    end
    if (DEPTH < 4 * OUT_BYTES) begin : g_bad_ratio
      ete_out_fifo_DEPTH_must_be_at_least_4xOUT_BYTES u_bad ();
    end
    if (PKT_BYTES < 1 || PKT_BYTES > 63 || PKT_BYTES > DEPTH) begin : g_bad_pkt
      ete_out_fifo_PKT_BYTES_must_be_1_to_63_and_fit_the_FIFO u_bad ();
    end
  endgenerate

  // ---- FIFO ----------------------------------------------------------------
  wire [CNT_W-1:0]       count;
  wire [CNT_W-1:0]       free;
  wire [8*OUT_BYTES-1:0] window;     // the OUT_BYTES oldest bytes
  wire                   len_ok = (pkt_len_i != 6'd0) && ({1'b0, pkt_len_i} <= PB);
  wire [CNT_W-1:0]       len_c;
  generate
    if (CNT_W > 6) begin : g_len_wide
      assign len_c = {{(CNT_W-6){1'b0}}, pkt_len_i};
    end else begin : g_len_same               // DEPTH = 32
      assign len_c = pkt_len_i;
    end
  endgenerate
  wire                   room   = (free >= len_c);
  assign pkt_ready_o = len_ok & room;
  wire                   wr = pkt_valid_i & pkt_ready_o;

  // ---- beat register ---------------------------------------------------------
  reg                    bv_q, bv_d;
  reg [8*OUT_BYTES-1:0]  bdata_q, bdata_d;
  reg [OUT_BYTES-1:0]    bkeep_q, bkeep_d;
  reg [CNT_W-1:0]        take;
  integer i;

  always @* begin
    bv_d    = bv_q;
    bdata_d = bdata_q;
    bkeep_d = bkeep_q;
    take    = {CNT_W{1'b0}};
    if (!bv_q || out_ready_i) begin
      if (count >= OB)           take = OB;
      else if (count != 0 && !wr) take = count;   // partial beat: nothing more arriving now
      bv_d = (take != 0);
      for (i = 0; i < OUT_BYTES; i = i + 1) begin
        bkeep_d[i]          = (i < take);
        bdata_d[8*i +: 8]   = (i < take) ? window[8*i +: 8] : 8'h00;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      bv_q    <= 1'b0;
      bdata_q <= {8*OUT_BYTES{1'b0}};
      bkeep_q <= {OUT_BYTES{1'b0}};
    end else begin
      bv_q    <= bv_d;
      bdata_q <= bdata_d;
      bkeep_q <= bkeep_d;
    end
  end

  common_fifo_mw #(
    .WIDTH (8),
    .DEPTH (DEPTH),
    .WR_N  (PKT_BYTES),
    .RD_N  (OUT_BYTES)
  ) u_fifo (
    .clk_i     (clk_i),
    .rst_ni    (rst_ni),
    .wr_cnt_i  (wr ? len_c : {CNT_W{1'b0}}),
    .wr_data_i (pkt_data_i),
    .rd_cnt_i  (take),
    .rd_data_o (window),
    .count_o   (count),
    .free_o    (free)
  );

  assign out_valid_o = bv_q;
  assign out_data_o  = bdata_q;
  assign out_keep_o  = bkeep_q;
  assign empty_o     = (count == 0) & ~bv_q;

`ifndef SYNTHESIS
`ifndef FORMAL
  // Contract check for simulation: bundle lengths are 1..PKT_BYTES.
  always @(posedge clk_i) begin
    if (rst_ni && pkt_valid_i && !len_ok)
      $display("%m: ERROR: pkt_len %0d outside 1..%0d: bundle not taken", pkt_len_i, PKT_BYTES);
  end
`endif
`endif

`ifdef FORMAL
  // ---- formal --------------------------------------------------------------
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);

  // The bundle side obeys valid/ready (assumed at the proof's top); the
  // beat side is checked.
  fv_vr_check #(
    .W (8 * PKT_BYTES + 6)
`ifdef FV_ETE_OUT_FIFO_TOP
    , .ASSUME (1)
`else
    , .ASSUME (0)
`endif
  ) f_pkt_vr (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .valid_i (pkt_valid_i), .ready_i (pkt_ready_o),
    .data_i ({pkt_len_i, pkt_data_i})
  );
  fv_vr_check #(
    .W (9 * OUT_BYTES), .ASSUME (0)
  ) f_out_vr (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .valid_i (out_valid_o), .ready_i (out_ready_i),
    .data_i ({out_keep_o, out_data_o})
  );

  localparam [CNT_W-1:0] F_DEPTH = DEPTH[CNT_W-1:0];

  // Beats: keep nonzero and contiguous from byte 0, unkept bytes zero.
  always @* if (f_past_valid && rst_ni) begin
    if (out_valid_o) begin
      assert (out_keep_o != 0);
      assert ((out_keep_o & (out_keep_o + 1'b1)) == 0);
    end else begin
      assert (out_keep_o == 0);
    end
  end
  genvar gf;
  generate
    for (gf = 0; gf < OUT_BYTES; gf = gf + 1) begin : g_f_byte
      localparam [CNT_W-1:0] F_GF = gf;
      always @* if (f_past_valid && rst_ni) begin
        if (!out_keep_o[gf]) assert (out_data_o[8*gf +: 8] == 8'h00);
        if (F_GF < take) assert (bdata_d[8*gf +: 8] == window[8*gf +: 8] && bkeep_d[gf]);
      end
    end
  endgenerate

  // Lane mapping around the FIFO (whose own proof covers order inside it):
  // a bundle enters lanes 0..len-1 whole, and a loaded beat is exactly the
  // `take` oldest bytes, which leave the FIFO in the same clock.
  always @* if (f_past_valid && rst_ni) begin
    if (wr) assert (len_c != 0 && {1'b0, pkt_len_i} <= PB && len_c <= free);
    assert (take <= count && take <= OB);
    if (take != 0) assert (!bv_q || out_ready_i);
    // no byte is stranded: bytes held with an empty beat slot and nothing
    // arriving are always moved out
    if (count != 0 && !bv_q && !wr) assert (take != 0);
  end

  always @(posedge clk_i) if (f_past_valid && rst_ni) begin
    cover (out_valid_o && out_ready_i && out_keep_o != {OUT_BYTES{1'b1}});
    cover (out_valid_o && out_ready_i && out_keep_o == {OUT_BYTES{1'b1}});
    cover (count == F_DEPTH);
  end
`endif

endmodule

`default_nettype wire
