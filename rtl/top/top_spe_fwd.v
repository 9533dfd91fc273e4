// SPE forwarding gate of the trace subsystem (docs/trace-subsystem.md,
// "What each unit is forwarded"): which of a clock's PE records go to the
// SPE lane serializer.
//
// While profiling runs, spe_top needs every record: each one ages the
// sample in flight (docs/spe-model.md 2.4) and each instruction is counted
// by the interval counter (3.1).  A record is a no-op for the unit (the
// model's spe_model_feed changes nothing visible) when all of these hold:
//   - it is not a PE reset (a reset record reloads the random number
//     generator, 4.2 Table 8);
//   - the Profiling Buffer is disabled or stopped (PMBLIMITR_EL1.E = 0 or
//     PMBSR_EL1.S = 1: StatisticalProfilingEnabled() is FALSE, 3.2.3);
//   - no sample is in flight and the counters already hold (the previous
//     instruction was not profiled, 3.1.3);
//   - the unit is idle.
// Then, when the serializer is empty and no register access is presented
// to the unit in the clock, the clock's records are not queued, up to the
// first PE reset among them.
//
// This block knows the unit's state from its pins only (the unit has no
// such output): PMBLIMITR_EL1.E from the register writes it performs and
// the reset records it takes (a shadow bit), PMBSR_EL1.S from PMBIRQ
// (irq_o, the level of S), idleness from idle_o.  Once the buffer is
// disabled or stopped, INFLIGHT_RECORDS instructions taken by the unit end
// any sample in flight (each record ages it by one) and the first of them
// clears the counters' enable; the count restarts whenever the buffer is
// enabled and running again.
`default_nettype none

module top_spe_fwd #(
  parameter LANES            = 1,   // PE retirement slots: 1, 2 or 4
  parameter INFLIGHT_RECORDS = 1    // spe_top INFLIGHT_RECORDS: 1..255
) (
  input  wire               clk_i,
  input  wire               rst_ni,        // synchronous, active low
  input  wire [LANES-1:0]   pe_valid_i,
  input  wire [LANES*2-1:0] pe_kind_i,
  input  wire               ser_empty_i,   // the SPE serializer holds nothing
  // spe_top's system-register port
  input  wire               sr_valid_i,
  input  wire               sr_ready_i,
  input  wire               sr_write_i,
  input  wire [15:0]        sr_enc_i,
  input  wire               sr_wdata_e_i,  // sr_wdata_i[0]: PMBLIMITR_EL1.E
  // spe_top's PE port
  input  wire               rec_valid_i,
  input  wire               rec_ready_i,
  input  wire [1:0]         rec_kind_i,
  input  wire               spe_irq_i,     // PMBIRQ = PMBSR_EL1.S
  input  wire               spe_idle_i,
  output reg  [LANES-1:0]   fwd_o          // slot s goes to the SPE serializer
);

  generate
    if (LANES != 1 && LANES != 2 && LANES != 4) begin : g_bad_lanes
      top_spe_fwd_LANES_must_be_1_2_or_4 u_bad ();
    end
    if (INFLIGHT_RECORDS < 1 || INFLIGHT_RECORDS > 255) begin : g_bad_ifr
      top_spe_fwd_INFLIGHT_RECORDS_must_be_1_to_255 u_bad ();
    end
  endgenerate

  `include "common_pe_class.vh"  // PE_KIND_* (common/pe_stream.h)
  `include "common_sysreg.vh"    // PMBLIMITR_EL1_ENC (common/spe_regs.h)
  localparam [31:0] K_REC32 = INFLIGHT_RECORDS;
  localparam [7:0]  K_REC = K_REC32[7:0];

  reg       e_q, e_d;              // shadow PMBLIMITR_EL1.E
  reg [7:0] cnt_q, cnt_d;          // instructions taken while off, saturating at K_REC

  reg off, quiet, gate, rst_seen;
  integer s;

  always @* begin
    e_d      = e_q;
    cnt_d    = cnt_q;
    fwd_o    = {LANES{1'b0}};
    off      = !e_q || spe_irq_i;
    quiet    = off && cnt_q == K_REC && spe_idle_i;
    gate     = quiet && ser_empty_i && !sr_valid_i;
    rst_seen = 1'b0;

    // the shadow state follows what the unit takes at this edge (register
    // accesses and records never share an edge: the unit serves one)
    if (!off)
      cnt_d = 8'd0;
    if (sr_valid_i && sr_ready_i && sr_write_i && sr_enc_i == PMBLIMITR_EL1_ENC)
      e_d = sr_wdata_e_i;
    if (rec_valid_i && rec_ready_i) begin
      if (rec_kind_i == PE_KIND_RESET) begin
        e_d   = 1'b0;                                   // 4.2 Table 8
        cnt_d = K_REC;                                  // samples in flight lost
      end else if (off && rec_kind_i == PE_KIND_INSN && cnt_q != K_REC) begin
        cnt_d = cnt_q + 8'd1;
      end
    end

    for (s = 0; s < LANES; s = s + 1) begin
      if (pe_valid_i[s] && pe_kind_i[s*2 +: 2] == PE_KIND_RESET)
        rst_seen = 1'b1;
      fwd_o[s] = pe_valid_i[s] && (!gate || rst_seen);
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      e_q   <= 1'b0;
      cnt_q <= K_REC;              // out of reset: buffer disabled, nothing in flight
    end else begin
      e_q   <= e_d;
      cnt_q <= cnt_d;
    end
  end

endmodule

`default_nettype wire
