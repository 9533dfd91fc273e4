// Abstract ETE encoder core for the proofs of ete_top (formal only).  It
// has the port list of rtl/ete/ete_encoder.v and replaces it in
// formal/ete_top.sby, so that the shell is proved for every core that keeps
// the core's interface rules (docs/ete-rtl-encoder.md):
//   - rec_ready_o and the bundles are chosen freely by the solver;
//   - pkt_* obey valid/ready (payload holds while valid and not ready) and
//     pkt_len_o is 1..PKT_BYTES;
//   - bundles are offered only between start_i and finish_done_o;
//   - finish_done_o is low from start_i until, after finish_i, everything
//     has been handed out; at most F_FIN_PKTS bundles follow finish_i and
//     finish_done_o rises within F_FIN_LAT clocks of the last one (so that
//     the bounded liveness proof of ete_top has a bound to work with);
//   - the record window: rec_take_o lanes (no more than are valid) are
//     consumed per clock, chosen freely; the oldest record is taken within
//     F_REC_LAT clocks of being offered.
`default_nettype none

module ete_encoder #(
  parameter RETIRE_WIDTH = 1,
  parameter RS_DEPTH = 15, NUM_ACPAIRS = 4, NUM_EVENTS = 4, NUM_EXTIN = 4,
  parameter CCSIZE = 20, CCITMIN = 4, COMMOPT = 1,
  parameter PKT_BYTES = 32
) (
  input  wire clk_i, input wire rst_ni,
  input  wire [31:0] trcconfigr_i, trceventctl0r_i, trceventctl1r_i, trcstallctlr_i,
                     trctsctlr_i, trcsyncpr_i, trcccctlr_i, trcbbctlr_i, trctraceidr_i,
                     trcvictlr_i, trcviiectlr_i, trcvissctlr_i,
  input  wire [32*32-1:0] trcrsctlr_i,
  input  wire [64*16-1:0] trcacvr_i, trcacatr_i,
  input  wire start_i,
  input  wire finish_i,
  output wire finish_done_o,
  input  wire [RETIRE_WIDTH-1:0] rec_valid_i, output wire [2:0] rec_take_o,
  input  wire [RETIRE_WIDTH-1:0] rec_marker_i,
  input  wire [RETIRE_WIDTH*2-1:0] rec_kind_i, input wire [RETIRE_WIDTH*4-1:0] rec_iclass_i,
  input  wire [RETIRE_WIDTH*2-1:0] rec_isa_i, input wire [RETIRE_WIDTH*2-1:0] rec_el_i,
  input  wire [RETIRE_WIDTH*2-1:0] rec_from_el_i,
  input  wire [RETIRE_WIDTH*5-1:0] rec_exc_type_i, input wire [RETIRE_WIDTH*4-1:0] rec_flags_i,
  input  wire [RETIRE_WIDTH*64-1:0] rec_pc_i, rec_cycle_i, rec_timestamp_i,
  input  wire [RETIRE_WIDTH*32-1:0] rec_contextidr_el1_i, rec_contextidr_el2_i,
  input  wire [RETIRE_WIDTH*8-1:0] rec_ext_in_i,
  output wire pkt_valid_o, input wire pkt_ready_i,
  output wire [8*PKT_BYTES-1:0] pkt_data_o, output wire [5:0] pkt_len_o,
  output wire [6:0] pkt_type_o
);

  localparam F_FIN_PKTS = 2;   // bundles after finish_i
  localparam F_FIN_LAT  = 3;   // clocks from the last of them to finish_done_o
  localparam F_REC_LAT  = 2;   // clocks a record may wait at rec_valid_i
  localparam [5:0] F_PB = PKT_BYTES;

  (* anyseq *) reg [2:0]         f_rec_take;
  (* anyseq *) reg               f_pkt_valid;
  (* anyseq *) reg [8*PKT_BYTES-1:0] f_pkt_data;
  (* anyseq *) reg [5:0]         f_pkt_len;
  (* anyseq *) reg               f_done_now;

  assign rec_take_o  = f_rec_take;
  assign pkt_valid_o = f_pkt_valid;
  assign pkt_data_o  = f_pkt_data;
  assign pkt_len_o   = f_pkt_len;
  assign pkt_type_o  = 7'd0;

  // session state: 0 idle/done, 1 enabled, 2 finishing
  reg [1:0] f_st = 2'd0;
  reg [2:0] f_fin_pkts = 3'd0;   // bundles handed out since finish_i
  reg [2:0] f_quiet = 3'd0;      // clocks since finish_i or the last bundle after it
  reg [2:0] f_wait = 3'd0;       // clocks the oldest record has waited
  // lanes held: valid lanes are contiguous from lane 0
  reg [2:0] f_held;
  integer   fl;
  always @* begin
    f_held = 3'd0;
    for (fl = 0; fl < RETIRE_WIDTH; fl = fl + 1)
      if (rec_valid_i[fl]) f_held = f_held + 3'd1;
  end
  wire      f_xfer = f_pkt_valid && pkt_ready_i;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_st <= 2'd0;
    end else if (start_i) begin
      f_st <= 2'd1;
    end else if (finish_i) begin
      f_st <= 2'd2;
      f_fin_pkts <= 3'd0;
      f_quiet <= 3'd0;
    end else if (f_st == 2'd2) begin
      if (f_xfer) begin
        f_fin_pkts <= f_fin_pkts + 3'd1;
        f_quiet <= 3'd0;
      end else if (f_quiet != 3'd7) begin
        f_quiet <= f_quiet + 3'd1;
      end
      if (f_done_now && !f_pkt_valid) f_st <= 2'd0;
    end
    if (!rst_ni || !rec_valid_i[0] || rec_take_o != 3'd0) f_wait <= 3'd0;
    else if (f_wait != 3'd7)                              f_wait <= f_wait + 3'd1;
  end

  assign finish_done_o = (f_st == 2'd0);

  fv_vr_check #(.W (8 * PKT_BYTES + 6), .ASSUME (1)) f_pkt_vr (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .valid_i (pkt_valid_o), .ready_i (pkt_ready_i),
    .data_i ({pkt_len_o, pkt_data_o})
  );

  always @* begin
    if (f_pkt_valid) assume (f_pkt_len != 6'd0 && f_pkt_len <= F_PB);
    if (f_st == 2'd0) assume (!f_pkt_valid);
    if (f_st == 2'd2) begin
      if (f_fin_pkts >= F_FIN_PKTS) assume (!f_pkt_valid);
      if (f_quiet >= F_FIN_LAT && !f_pkt_valid) assume (f_done_now);
    end
    assume (f_rec_take <= f_held);
    if (f_wait >= F_REC_LAT) assume (f_rec_take != 3'd0);
`ifdef FV_ETE_TOP_DATA0
    assume (f_pkt_data == 0);   // (ete_top.v, FV_ETE_TOP_DATA0)
`endif
  end

endmodule

`default_nettype wire
