// S6/S7 of the pipelined ETE core on its ports (formal only,
// formal/ete_pipe_pkt_ports.sby).  With FV_PKT_FREE the descriptor is free (any
// that S5 can hand over) and only the bundle length is checked.  Without
// it, ete_pipe_pkt is fed element descriptors that carry atoms (PD_ATOM,
// PD_TAKEN), overflow markers (PD_MARKER with PD_OVF and PD_SYNC:
// Overflow, A-Sync, Trace Info), a plain A-Sync (the start of trace), the
// finish flush (PD_FIN) and Trace On (PD_TON, the probe for later trace),
// nothing else, with TRCCONFIGR.CCI 0 and no periodic synchronization.
// Then every byte of a bundle at or above 0xC0 is an atom packet (Formats
// 1-6, one byte each, D5.40 - D5.45), 00 05 only an Overflow packet and 04
// only a Trace On packet, so the bundles are read from their bytes.
// Checked:
//   - no atom is invented or duplicated: the atoms out never exceed the
//     atoms in;
//   - no atom is lost without a marker: once the finish flush has been
//     taken and S6/S7 hold nothing, atoms out == atoms in, unless a marker
//     was taken in the session (its Overflow packet stands for the atoms
//     not yet output, ete_model_overflow);
//   - Overflow before any later trace: no Trace On byte of an element fed
//     after a marker leaves before that marker's Overflow packet;
//   - bundles are 1 .. PKT_BYTES bytes.
// The descriptor side obeys valid/ready (assumed); start_i comes only with
// the stage idle.
`default_nettype none

module fv_ete_pipe_pkt_atoms #(
  parameter PKT_BYTES = 20,
  parameter PC_W_FREE = 365   // PC_W of ete_pipe_desc.vh
) (
  input wire                 clk_i,
  input wire                 rst_ni,
  input wire                 start_i,
  input wire [11:0]          cc_thr_i,
  input wire                 in_valid_i,
  input wire [7:0]           in_item_i,
  input wire                 in_marker_i,
  input wire                 in_sync_i,
  input wire                 in_fin_i,
  input wire                 in_atom_i,
  input wire                 in_taken_i,
  input wire                 in_ton_i,         // the probe: a Trace On element
  input wire [PC_W_FREE-1:0] in_desc_free_i,   // FV_PKT_FREE: the whole descriptor
  input wire                 pkt_ready_i
);

  `include "ete_pipe_desc.vh"

  wire                   in_ready, raise, ack, idle, pkt_valid;
  wire [7:0]             raise_item;
  wire [8*PKT_BYTES-1:0] pkt_data;
  wire [5:0]             pkt_len;

  reg [PC_W-1:0] desc;
  always @* begin
    desc = {PC_W{1'b0}};
    desc[PD_ITEM_L +: 8] = in_item_i;
    desc[PD_MARKER_L]    = in_marker_i;
    desc[PD_OVF_L]       = in_marker_i;      // a marker after the start of trace
    desc[PD_SYNC_L]      = in_sync_i;
    desc[PD_FIN_L]       = in_fin_i;
    desc[PD_ATOM_L]      = in_atom_i;
    desc[PD_TAKEN_L]     = in_taken_i;
    desc[PD_TON_L]       = in_ton_i;
`ifdef FV_PKT_FREE
    desc = in_desc_free_i;
`endif
  end

  ete_pipe_pkt #(
    .COMMOPT   (1),
    .PKT_BYTES (PKT_BYTES)
  ) u_pkt (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .start_i       (start_i),
    .sync_period_i (5'd0),
    .cfg_cci_i     (1'b0),
    .cc_thr_i      (cc_thr_i),
    .in_valid_i    (in_valid_i),
    .in_ready_o    (in_ready),
    .in_desc_i     (desc),
    .raise_o       (raise),
    .raise_item_o  (raise_item),
    .sync_ack_o    (ack),
    .idle_o        (idle),
    .pkt_valid_o   (pkt_valid),
    .pkt_ready_i   (pkt_ready_i),
    .pkt_data_o    (pkt_data),
    .pkt_len_o     (pkt_len)
  );

`ifdef FORMAL
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);

`ifdef FV_PKT_FREE
  // any descriptor S5 can hand over: valid/ready; an Overflow only with the
  // marker and the A-Sync (ete_pipe.sby proves this of S4's descriptors,
  // and S5 passes them unchanged)
  fv_vr_check #(.W (PC_W), .ASSUME (1)) f_in_vr (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (in_valid_i), .ready_i (in_ready),
    .data_i (desc)
  );
  always @* if (rst_ni) begin
    if (desc[PD_OVF_L]) assume (desc[PD_MARKER_L] && desc[PD_SYNC_L]);
    if (start_i)        assume (idle && !in_valid_i);
  end
`else
  // the descriptor stream: valid/ready; the element kinds above, one each
  fv_vr_check #(.W (14), .ASSUME (1)) f_in_vr (
    .clk_i (clk_i), .rst_ni (rst_ni), .valid_i (in_valid_i), .ready_i (in_ready),
    .data_i ({in_item_i, in_marker_i, in_sync_i, in_fin_i, in_atom_i, in_taken_i, in_ton_i})
  );
  always @* if (rst_ni) begin
    if (in_marker_i) assume (in_sync_i && !in_fin_i && !in_atom_i);
    if (in_fin_i)    assume (!in_sync_i && !in_atom_i);
    if (in_sync_i)   assume (!in_atom_i);
    if (in_ton_i)    assume (!in_marker_i && !in_sync_i && !in_fin_i && f_trk_q);
    if (start_i)     assume (idle && !in_valid_i);
  end
`endif

  localparam [5:0] F_PB = PKT_BYTES;
  wire f_pkt_go = pkt_valid && pkt_ready_i;
  always @* if (f_past_valid && rst_ni && pkt_valid)
    assert (pkt_len != 6'd0 && pkt_len <= F_PB);   // a bundle is 1 .. PKT_BYTES bytes

`ifndef FV_PKT_FREE
  // atoms in one packet byte (ete_enc_atom: F6 is {11, !last E, n - 4})
  function [4:0] f_natoms;
    input [7:0] b;
    begin
      if (b[7:6] != 2'b11)       f_natoms = 5'd0;
      else if (b[4:0] <= 5'd20)  f_natoms = b[4:0] + 5'd4;            // F6
      else if (b == 8'hF5 || b == 8'hD5 || b == 8'hD6 || b == 8'hD7)
                                 f_natoms = 5'd5;                     // F5
      else if (b[7:1] == 7'b1111011) f_natoms = 5'd1;                 // F1
      else if (b[7:2] == 6'b110110)  f_natoms = 5'd2;                 // F2
      else if (b[7:3] == 5'b11111)   f_natoms = 5'd3;                 // F3
      else                           f_natoms = 5'd4;                 // F4: DC - DF
    end
  endfunction

  reg [9:0] f_bundle_atoms;
  integer   f_i;
  always @* begin
    f_bundle_atoms = 10'd0;
    for (f_i = 0; f_i < PKT_BYTES; f_i = f_i + 1)
      if (f_i < pkt_len)
        f_bundle_atoms = f_bundle_atoms + {5'd0, f_natoms(pkt_data[8*f_i +: 8])};
  end

  // 3. Overflow before any later trace.  In this stream only an Overflow
  // packet holds the bytes 00 05 in a row, and only a Trace On packet a
  // byte 04 (A-Sync 00 .. 00 80, Trace Info 01 00, atoms C0 .. FF).  The
  // solver picks one marker to follow (f_pick); Trace On elements are fed
  // only after S6 has taken it and until its Overflow left, as the later
  // trace; none of their bytes
  // may leave before the followed marker's Overflow packet, or ahead of it
  // in the bundle that carries it.  The Overflow packets still owed for
  // older markers leave first (f_owed_q, f_rank_q).
  (* anyseq *) reg f_pick;
  reg       f_trk_q = 1'b0, f_used_q = 1'b0;   // following a marker; one per run
  reg [3:0] f_owed_q = 4'd0, f_rank_q = 4'd0;
  reg [5:0] f_ovf_at, f_ton_at;          // first 00 05 / first 04 in the bundle, 63: none
  reg [1:0] f_novf;                      // Overflow packets in the bundle
  integer   f_j;
  always @* begin
    f_ovf_at = 6'd63;
    f_ton_at = 6'd63;
    f_novf   = 2'd0;
    for (f_j = PKT_BYTES - 1; f_j >= 0; f_j = f_j - 1) begin
      if (f_j < pkt_len && pkt_data[8*f_j +: 8] == 8'h04)
        f_ton_at = f_j;
      if (f_j + 1 < pkt_len && f_j + 1 < PKT_BYTES &&
          pkt_data[8*f_j +: 8] == 8'h00 && pkt_data[8*(f_j+1-(f_j+1)/PKT_BYTES) +: 8] == 8'h05) begin
        f_ovf_at = f_j;
        f_novf   = f_novf + 2'd1;
      end
    end
  end
  wire [1:0] f_pkt_novf = f_pkt_go ? f_novf : 2'd0;
  wire       f_ovf_in   = in_valid_i && in_ready && in_marker_i;
  always @(posedge clk_i) begin
    if (!rst_ni || start_i) begin
      f_trk_q  <= 1'b0;
      f_used_q <= 1'b0;
      f_owed_q <= 4'd0;
      f_rank_q <= 4'd0;
    end else begin
      f_owed_q <= f_owed_q + {3'b000, f_ovf_in} - {2'b00, f_pkt_novf};
      if (f_trk_q) begin
        if (f_rank_q <= {2'b00, f_pkt_novf}) f_trk_q <= 1'b0;
        f_rank_q <= f_rank_q - {2'b00, f_pkt_novf};
      end else if (f_ovf_in && f_pick && !f_used_q) begin
        f_trk_q  <= 1'b1;
        f_used_q <= 1'b1;
        f_rank_q <= f_owed_q - {2'b00, f_pkt_novf} + 4'd1;
      end
    end
  end
  always @* if (f_past_valid && rst_ni) begin
    assert ({2'b00, f_pkt_novf} <= f_owed_q);      // no Overflow packet but a marker's
    if (f_trk_q) assert (f_rank_q != 4'd0 && f_rank_q <= f_owed_q);
    // no later packet before the followed Overflow: a bundle leaving while
    // it is owed holds no Trace On byte, or only after that Overflow (when
    // the bundle carries it, it is the bundle's only one: rank 1)
    if (f_trk_q && f_pkt_go && f_ton_at != 6'd63)
      assert (f_rank_q == 4'd1 && f_novf == 2'd1 && f_ovf_at < f_ton_at);
  end

  wire      f_in_go  = in_valid_i && in_ready;
  wire      f_out_go = pkt_valid && pkt_ready_i;
  reg [9:0] f_in_q = 10'd0, f_out_q = 10'd0;
  reg       f_mk_q = 1'b0, f_fin_q = 1'b0;
  always @(posedge clk_i) begin
    if (!rst_ni || start_i) begin
      f_in_q  <= 10'd0;
      f_out_q <= 10'd0;
      f_mk_q  <= 1'b0;
      f_fin_q <= 1'b0;
    end else begin
      f_in_q  <= f_in_q + {9'd0, f_in_go && in_atom_i};
      f_out_q <= f_out_q + (f_out_go ? f_bundle_atoms : 10'd0);
      if (f_in_go && in_marker_i) f_mk_q <= 1'b1;
      if (f_in_go) f_fin_q <= in_fin_i;      // the last element taken is the finish flush
    end
  end
  always @* if (f_past_valid && rst_ni) begin
    assert (f_out_q <= f_in_q);
    if (idle && f_fin_q && !f_mk_q) assert (f_out_q == f_in_q);
    // the atom buffer (24) and at most three elements' atom packets held
    assert (f_in_q - f_out_q <= 10'd24 + 10'd3 * 10'd24);
  end

  always @(posedge clk_i) if (f_past_valid && rst_ni) begin
    cover (idle && f_fin_q && !f_mk_q && f_in_q >= 10'd7);   // atoms flushed at the finish
    // every atom format as a bundle's first packet (D5.40 - D5.45)
    cover (f_out_go && pkt_data[7:1] == 7'b1111011);                          // F1
    cover (f_out_go && pkt_data[7:2] == 6'b110110);                           // F2
    cover (f_out_go && pkt_data[7:3] == 5'b11111);                            // F3
    cover (f_out_go && pkt_data[7:2] == 6'b110111);                           // F4
    cover (f_out_go && (pkt_data[7:0] == 8'hF5 || pkt_data[7:0] == 8'hD5 ||
                        pkt_data[7:0] == 8'hD6 || pkt_data[7:0] == 8'hD7));   // F5
    cover (f_out_go && pkt_data[7:6] == 2'b11 && pkt_data[4:0] <= 5'd20);     // F6
    cover (f_out_go && pkt_data[7:6] == 2'b11 && pkt_data[4:0] <= 5'd20 &&
           pkt_data[4:0] >= 5'd3);                                            // F6, 7 atoms or more
    cover (idle && f_fin_q && f_mk_q && f_out_q != f_in_q);   // atoms dropped at a marker
    cover (f_trk_q && f_pkt_go && f_novf != 2'd0 && f_rank_q == 4'd1);   // the followed Overflow leaves
    cover (!f_trk_q && f_pkt_go && f_ton_at != 6'd63 && f_mk_q);          // later trace after it
  end
`else
  always @(posedge clk_i) if (f_past_valid && rst_ni)
    cover (f_pkt_go && pkt_len == F_PB);                      // a full bundle
`endif
`endif

endmodule

`default_nettype wire
