// Reusable valid/ready handshake checker (formal only).
//
// Rules (AXI4-Stream style, docs/ete-rtl-interface.md "Output stream"):
//   - while valid_i is high and ready_i low, valid_i stays high and data_i
//     holds at the next clock;
//   - nothing is required of a source whose valid_i is low.
// "valid does not depend combinationally on ready" is structural: check it
// where the source is built (a registered valid), not here.
//
// ASSUME = 1 turns the rules into assumptions, to constrain a source that
// is an input of the proof; ASSUME = 0 asserts them about a source the
// design drives.  After reset (rst_ni low) the rules restart.
`default_nettype none

module fv_vr_check #(
  parameter W      = 8,  // payload bits
  parameter ASSUME = 0   // 1: assume the rules, 0: assert them
) (
  input wire         clk_i,
  input wire         rst_ni,
  input wire         valid_i,
  input wire         ready_i,
  input wire [W-1:0] data_i
);

`ifdef FORMAL
  reg         f_past_valid = 1'b0;
  reg         f_stall_q = 1'b0;   // last clock: valid and not ready
  reg [W-1:0] f_data_q;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    f_stall_q    <= rst_ni && valid_i && !ready_i;
    f_data_q     <= data_i;
  end

  wire f_rule = !(f_past_valid && rst_ni && f_stall_q) || (valid_i && data_i == f_data_q);

  generate
    if (ASSUME) begin : g_assume
      always @* assume (f_rule);
    end else begin : g_assert
      always @* assert (f_rule);
    end
  endgenerate

`ifndef FV_CLS_ONLY
  // (FV_CLS_ONLY: a packet-class cover task of ete_pipe.sby leaves it out)
  always @(posedge clk_i) if (f_past_valid && rst_ni) begin
    cover (f_stall_q && valid_i && ready_i);   // a held transfer completes
  end
`endif
`endif

endmodule

`default_nettype wire
