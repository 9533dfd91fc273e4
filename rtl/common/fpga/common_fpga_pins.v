// Pin harness for place-and-route runs of a unit with more signal pins than
// any FPGA package (rtl/<unit>/fpga/<unit>_fpga_wrap.v): the unit's inputs
// come from a shift register loaded through one pin, and its outputs are
// registered and folded by XOR, in two registered stages, into one pin.
// Every input bit is a flip-flop of its own (synthesis cannot merge two
// inputs) and every output reaches the pin, so the timing the tools report
// is the unit's own register-to-register paths, plus the clock-to-out of an
// input flip-flop where a path starts at a port.  The harness holds
// IN_W + OUT_W + OUT_W / 16 + 2 flip-flops.  Not part of any unit.
`default_nettype none

module common_fpga_pins #(
  parameter IN_W  = 8,   // input bits loaded through sh_d_i, >= 2
  parameter OUT_W = 8    // output bits folded into q_o, >= 1
) (
  input  wire             clk_i,
  input  wire             sh_en_i,   // shift the input register by one bit
  input  wire             sh_d_i,    // the bit shifted in
  output wire [IN_W-1:0]  in_o,      // the unit's inputs
  input  wire [OUT_W-1:0] out_i,     // the unit's outputs
  output reg              q_o        // XOR of out_i, two clocks late
);

  localparam NG = OUT_W / 16 + 1;    // 16-bit groups of the first XOR stage

  generate
    if (IN_W < 2) begin : g_bad_in_w
      common_fpga_pins_IN_W_must_be_at_least_2 u_bad ();
    end
    if (OUT_W < 1) begin : g_bad_out_w
      common_fpga_pins_OUT_W_must_be_at_least_1 u_bad ();
    end
  endgenerate

  reg [IN_W-1:0] sh_q;
  always @(posedge clk_i) begin
    if (sh_en_i)
      sh_q <= {sh_q[IN_W-2:0], sh_d_i};
  end
  assign in_o = sh_q;

  reg [16*NG-1:0] out_q;
  reg [NG-1:0]    grp_q;
  integer         g;
  always @(posedge clk_i) begin
    out_q <= {{(16*NG-OUT_W){1'b0}}, out_i};
    for (g = 0; g < NG; g = g + 1)
      grp_q[g] <= ^out_q[16*g +: 16];
    q_o <= ^grp_q;
  end

endmodule

`default_nettype wire
