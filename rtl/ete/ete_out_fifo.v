// ETE output FIFO: takes one packet bundle of pkt_len_i bytes from the
// encoder core per handshake and gives OUT_BYTES-byte beats with a byte
// keep mask.  Contract: docs/ete-rtl-interface.md ("Output stream").
//
// Structure: a bundle FIFO in block RAM (common_fifo_sr, one element per
// bundle: {pkt_len_i, pkt_data_i}, DEPTH bundles, registered read) and the
// gearbox ete_out_gbox behind it, which packs the bundles' bytes densely
// into beats across bundle boundaries.
//
// Bundle side (valid/ready): a bundle transfers when pkt_valid_i and
//   pkt_ready_o are high at a clock edge.  pkt_ready_o is high when the
//   FIFO holds fewer than DEPTH bundles (a register: a bundle leaving in
//   the same clock does not count); it depends on no input.  The writer
//   keeps 1 <= pkt_len_i <= PKT_BYTES while pkt_valid_i is high.
// Beat side (AXI4-Stream style): out_valid_o, out_data_o and out_keep_o are
//   registers; while out_valid_o is high and out_ready_i low they hold.
//   out_keep_o is nonzero and contiguous from byte 0 whenever out_valid_o is
//   high, zero while it is low; byte lanes above the kept ones are zero.
// Beat rule: a beat carries OUT_BYTES bytes, except a partial beat, which
//   is loaded only when no more bytes are coming at once: the FIFO holds no
//   bundle besides the one the gearbox is reading and no bundle is written
//   in the same clock (ete_out_gbox has the cases).
// empty_o: no byte held (the FIFO holds no bundle, the gearbox's residual
//   and beat registers are empty); from registers.
// Rate: one bundle per clock whenever the beats drain at least as fast as
//   the bytes arrive; beats of OUT_BYTES per clock otherwise.  A bundle
//   written in clock t is read by the gearbox from t+3 on.
`default_nettype none

module ete_out_fifo #(
  parameter OUT_BYTES = 4,    // bytes per beat: 4, 8 or 16
  parameter DEPTH     = 256,  // bundles held: a power of two, 4..1024
  parameter PKT_BYTES = 24    // widest bundle from the core: 1..63
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
  output wire                   empty_o      // no byte held
);

  `include "common_clog2.vh"  // clog2()

  localparam AW    = clog2(DEPTH);
  localparam CNT_W = AW + 1;
  localparam EW    = 8 * PKT_BYTES + 6;     // FIFO element: {len, bytes}

  generate
    if (DEPTH < 4 || DEPTH > 1024 || (1 << AW) != DEPTH) begin : g_bad_depth
      ete_out_fifo_DEPTH_must_be_a_power_of_2_from_4_to_1024 u_bad ();
    end
    // OUT_BYTES and PKT_BYTES: checked by ete_out_gbox
  endgenerate

  // ---- bundle FIFO -----------------------------------------------------------
  wire [CNT_W-1:0] count;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [CNT_W-1:0] free;                    // (count_o + free_o == DEPTH: count is used)
  /* verilator lint_on UNUSEDSIGNAL */
  wire             free_ge;                 // free_o >= 1: room for a bundle (a register)
  wire             fv;                      // a bundle presented to the gearbox
  wire             fpop;
  wire [EW-1:0]    fdata;
  assign pkt_ready_o = free_ge;
  wire             wr = pkt_valid_i & pkt_ready_o;

  common_fifo_sr #(
    .WIDTH     (EW),
    .DEPTH     (DEPTH),
    .WR_N      (1),
    .RAM_STYLE (1),
    .OUT_REG   (0)
  ) u_fifo (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .wr_cnt_i   (wr),
    .wr_data_i  ({pkt_len_i, pkt_data_i}),
    .rd_valid_o (fv),
    .rd_data_o  (fdata),
    .rd_ready_i (fpop),
    .count_o    (count),
    .free_o     (free),
    .free_ge_o  (free_ge)
  );

  // ---- gearbox ---------------------------------------------------------------
  // more bytes coming at once: a bundle held besides the presented one, or
  // one written now
  wire more = wr | (count != {{(CNT_W - 1){1'b0}}, fv});
  wire gb_empty;

  ete_out_gbox #(
    .OUT_BYTES (OUT_BYTES),
    .PKT_BYTES (PKT_BYTES)
  ) u_gbox (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (fv),
    .in_ready_o  (fpop),
    .in_data_i   (fdata[8*PKT_BYTES-1:0]),
    .in_len_i    (fdata[EW-1:8*PKT_BYTES]),
    .in_more_i   (more),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  (out_data_o),
    .out_keep_o  (out_keep_o),
    .empty_o     (gb_empty)
  );

  assign empty_o = (count == {CNT_W{1'b0}}) & gb_empty;

`ifndef SYNTHESIS
`ifndef FORMAL
  // Contract check for simulation: bundle lengths are 1..PKT_BYTES.
  always @(posedge clk_i) begin
    if (rst_ni && pkt_valid_i && (pkt_len_i == 6'd0 || {1'b0, pkt_len_i} > PKT_BYTES[6:0]))
      $display("%m: ERROR: pkt_len %0d outside 1..%0d", pkt_len_i, PKT_BYTES);
  end
`endif
`endif

`ifdef FORMAL
  // ---- formal --------------------------------------------------------------
  // Byte order and count through the gearbox: ete_out_gbox's tracked-byte
  // proof (formal/ete_out_fifo.sby, gbox tasks); bundle order and count
  // through the FIFO: common_fifo_sr's two-element proof, whose assertions
  // run here too.  Here: the ports' rules and the glue.
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;

  // The bundle side obeys valid/ready and the length rule (assumed at the
  // proof's top, asserted inside the unit); the beat side is checked in
  // ete_out_gbox.
  wire f_len_ok = (pkt_len_i != 6'd0) && ({1'b0, pkt_len_i} <= PKT_BYTES[6:0]);
`ifdef FV_ETE_OUT_FIFO_TOP
  always @* if (!f_past_valid) assume (!rst_ni);
  always @* if (rst_ni && pkt_valid_i) assume (f_len_ok);
`else
  always @* if (f_past_valid && rst_ni && pkt_valid_i) assert (f_len_ok);
`endif
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

  localparam [CNT_W-1:0] F_DEPTH = DEPTH;
  always @* if (f_past_valid && rst_ni) begin
    // ready is room for one more bundle
    assert (pkt_ready_o == (count < F_DEPTH));
    // a presented bundle is one the FIFO counts
    if (fv) assert (count != {CNT_W{1'b0}});
    // empty_o: no bundle held and none being read, the gearbox empty
    assert (empty_o == (count == {CNT_W{1'b0}} && !fv && gb_empty));
    if (empty_o) assert (!out_valid_o);
  end

  always @(posedge clk_i) if (f_past_valid && rst_ni) begin
    cover (count == F_DEPTH);
    cover (out_valid_o && out_ready_i && out_keep_o != {OUT_BYTES{1'b1}});
    cover ($past(empty_o) && !empty_o && $past(rst_ni));
  end
`endif

endmodule

`default_nettype wire
