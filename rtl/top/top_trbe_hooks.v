// The trace unit side of the TRBE hooks in the trace subsystem
// (docs/trace-subsystem.md, "Flush, trigger and TSB CSYNC"): the trace unit
// flush the TRBE requests after a Trigger Event (R_XRRRWP, R_XYYPYF), and
// the TSB CSYNC handshake, both completed when the ETE's output path has
// drained.
//
// The trace unit defines when its flush completes (I_IMCGFL).  The ETE
// has no flush input and no FIFO level output, so the subsystem judges from
// its output stream: the output path has drained when the ETE presents no
// output beat (out_valid_o low) in two consecutive clocks.  Its byte FIFO
// loads the beat register whenever it holds OUT_BYTES bytes, or any byte
// while no bundle arrives, so the ETE then holds at most the bytes of the
// bundles of those two clocks.  Elements the encoder has not yet put into
// packets (D6.2.3, RHGIGL step 1: an Atom packet still collecting atoms)
// stay in the ETE until later records or the disable (TRCPRGCTLR.EN = 0)
// emit them.  The Detected Trigger comes from a pin (the ETE has no event
// output), so no trace operation is tied to it and R_XRRRWP puts no further
// condition on the completion.
//
// Flush: trbe_flush_done_o pulses for one clock in a clock where
//   trbe_flush_req_i is high and the output path has drained; not in two
//   consecutive clocks (the TRBE drops its request at the completion).
// TSB CSYNC (4-phase, as trbe_top's tsb_req_i/tsb_ack_o): the PE's request
//   tsb_req_i reaches the TRBE (trbe_tsb_req_o, a register) in the clock
//   after one where the output path has drained and stays until the PE
//   drops it; the TRBE's acknowledge goes straight back to the PE.  So the
//   TSB CSYNC also writes the bytes the ETE had ready when it was executed.
`default_nettype none

module top_trbe_hooks (
  input  wire clk_i,
  input  wire rst_ni,              // synchronous, active low
  input  wire ete_out_valid_i,     // the ETE presents an output beat
  input  wire trbe_flush_req_i,    // trbe_top flush_req_o
  output wire trbe_flush_done_o,   // to trbe_top flush_done_i
  input  wire tsb_req_i,           // the PE's TSB CSYNC request
  output wire trbe_tsb_req_o       // to trbe_top tsb_req_i
);

  reg ov_q, ov_d;                  // ete_out_valid_i in the previous clock
  reg fd_q, fd_d;                  // flush completion given in the previous clock
  reg tsb_q, tsb_d;                // the TSB CSYNC request passed to the TRBE
  reg drained;

  always @* begin
    ov_d    = ete_out_valid_i;
    drained = !ete_out_valid_i && !ov_q;
    fd_d    = trbe_flush_req_i && drained && !fd_q;
    tsb_d   = tsb_req_i && (tsb_q || drained);
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ov_q  <= 1'b0;
      fd_q  <= 1'b0;
      tsb_q <= 1'b0;
    end else begin
      ov_q  <= ov_d;
      fd_q  <= fd_d;
      tsb_q <= tsb_d;
    end
  end

  assign trbe_flush_done_o = fd_d;
  assign trbe_tsb_req_o    = tsb_q;

endmodule

`default_nettype wire
