// Reset polarity: the active-high synchronous reset a unit's clocked blocks
// use (`if (rst_o) ...`), from the active-low port `rst_ni`.
//
// One inverter per instantiating module.  The module boundary is kept
// (keep_hierarchy) so Yosys sees an active-high reset net: ECP5 and iCE40
// flip-flops then take it on their set/reset pin directly.  With
// `if (!rst_ni)` in the clocked block, Yosys 0.23's synth_ecp5 puts one
// LUT4 inverter in front of every flip-flop's LSR pin instead of one per
// net (3 730 of 17 424 LUT4 of the ETE unit at RETIRE_WIDTH 1, OUT_BYTES 8;
// docs/ete-rtl-pipeline.md 8.1).  In other tools it is a plain inverter.
//
// rst_ni: synchronous, active low.  rst_o: the same reset, active high,
// combinational (no added clock of latency).
`default_nettype none

(* keep_hierarchy *)
module common_rst_inv (
  input  wire rst_ni,   // synchronous reset, active low
  output wire rst_o     // the same reset, active high
);
  assign rst_o = ~rst_ni;
endmodule

`default_nettype wire
