// ETE output gearbox (ete_out_gbox): the beat's lanes and the residual's
// from the window of the presented bundle shifted up by r bytes.  Lane k of
// the beat is residual byte k below r (th_i[k] = k < r), else window byte
// k - r; the lanes above the beat are window bytes OUT_BYTES - r ..
// 2 OUT_BYTES - 2 - r.  A module of its own so that synthesis with the
// hierarchy kept maps the shift as the select it is, apart from the
// gearbox's control (docs/ete-rtl-pipeline.md 8.1).
`default_nettype none

module ete_out_shift #(
  parameter OUT_BYTES = 8,   // bytes per beat: 4, 8 or 16
  parameter SW        = 3    // bits of r: log2(OUT_BYTES)
) (
  input  wire [8*(2*OUT_BYTES-1)-1:0] win_i,   // the window
  input  wire [SW-1:0]                r_i,     // residual bytes
  input  wire [OUT_BYTES-1:0]         th_i,    // thermometer of r_i
  input  wire [8*OUT_BYTES-1:0]       res_i,   // the residual, lanes 0 .. r-1
  output reg  [8*OUT_BYTES-1:0]       lo_o,    // the beat's lanes
  output wire [8*OUT_BYTES-1:0]       hi_o     // the lanes above it (top lane 0)
);

  generate
    if ((OUT_BYTES != 4 && OUT_BYTES != 8 && OUT_BYTES != 16) || (1 << SW) != OUT_BYTES) begin : g_bad
      ete_out_shift_OUT_BYTES_must_be_4_8_or_16_and_SW_its_log2 u_bad ();
    end
  endgenerate

  localparam WL = 2 * OUT_BYTES - 1;
  wire [8*WL-1:0] sh = win_i << {r_i, 3'b000};
  integer k;
  always @*
    for (k = 0; k < OUT_BYTES; k = k + 1)
      lo_o[8*k +: 8] = th_i[k] ? res_i[8*k +: 8] : sh[8*k +: 8];
  assign hi_o = {8'd0, sh[8*WL-1:8*OUT_BYTES]};

endmodule

`default_nettype wire
