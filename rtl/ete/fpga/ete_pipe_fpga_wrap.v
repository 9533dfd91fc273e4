// Place-and-route harness for ete_pipe (fpga/ete_pipe_synth.sh, `make
// synth-ete-pipe`): the core's programming registers, entry and output
// pins go through common_fpga_pins (one shift-in pin, one XOR-folded output
// pin; IN_W + OUT_W + OUT_W / 16 + 2 flip-flops of its own).  The
// programming registers, which ete_regs holds in the unit, are flip-flops
// of the harness here.  Not part of the unit.
`default_nettype none

module ete_pipe_fpga_wrap #(
  parameter PKT_BYTES = 40      // ete_pipe's PKT_BYTES, 20..63
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire sh_en_i,          // shift the input register by one bit
  input  wire sh_d_i,           // the bit shifted in
  output wire q_o               // XOR of all outputs, two clocks late
);

  localparam REGS  = 12 * 32 + 32 * 32 + 64 * 16 + 64 * 16;
  localparam ENT   = 1 + 1 + 3 + 64 + 8 + 4 + 4 + 2 + 2 + 2 + 5 + 8 + 21 + 64;
  localparam IN_W  = REGS + ENT + 3;
  localparam OUT_W = 1 + 1 + 1 + 8 * PKT_BYTES + 6;

  wire [IN_W-1:0]  sh_q;
  wire [OUT_W-1:0] outs;
  common_fpga_pins #(.IN_W (IN_W), .OUT_W (OUT_W)) u_pins (
    .clk_i (clk_i), .sh_en_i (sh_en_i), .sh_d_i (sh_d_i), .in_o (sh_q), .out_i (outs),
    .q_o (q_o)
  );

  wire [31:0]      configr, eventctl0r, eventctl1r, stallctlr, tsctlr, syncpr, ccctlr;
  wire [31:0]      bbctlr, traceidr, victlr, viiectlr, vissctlr;
  wire [32*32-1:0] rsctlr;
  wire [64*16-1:0] acvr, acatr;
  wire             ent_valid, ent_marker, start, finish, pkt_ready;
  wire [2:0]       ent_kind;
  wire [63:0]      ent_addr, ent_ts;
  wire [7:0]       ent_last, ent_ext_in;
  wire [3:0]       ent_iclass, ent_flags;
  wire [1:0]       ent_isa, ent_el, ent_from_el;
  wire [4:0]       ent_exc_type;
  wire [20:0]      ent_cyc;
  assign {configr, eventctl0r, eventctl1r, stallctlr, tsctlr, syncpr, ccctlr, bbctlr,
          traceidr, victlr, viiectlr, vissctlr, rsctlr, acvr, acatr,
          ent_valid, ent_marker, ent_kind, ent_addr, ent_last, ent_iclass, ent_flags, ent_isa,
          ent_el, ent_from_el, ent_exc_type, ent_ext_in, ent_cyc, ent_ts,
          start, finish, pkt_ready} = sh_q;

  wire                   ent_ready, pkt_valid, finish_done;
  wire [8*PKT_BYTES-1:0] pkt_data;
  wire [5:0]             pkt_len;

  ete_pipe #(
    .PKT_BYTES (PKT_BYTES)
  ) u_pipe (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .trcconfigr_i (configr), .trceventctl0r_i (eventctl0r), .trceventctl1r_i (eventctl1r),
    .trcstallctlr_i (stallctlr), .trctsctlr_i (tsctlr), .trcsyncpr_i (syncpr),
    .trcccctlr_i (ccctlr), .trcbbctlr_i (bbctlr), .trctraceidr_i (traceidr),
    .trcvictlr_i (victlr), .trcviiectlr_i (viiectlr), .trcvissctlr_i (vissctlr),
    .trcrsctlr_i (rsctlr), .trcacvr_i (acvr), .trcacatr_i (acatr),
    .start_i (start), .finish_i (finish), .finish_done_o (finish_done),
    .ent_valid_i (ent_valid), .ent_ready_o (ent_ready), .ent_marker_i (ent_marker),
    .ent_kind_i (ent_kind), .ent_addr_i (ent_addr), .ent_last_i (ent_last),
    .ent_iclass_i (ent_iclass), .ent_flags_i (ent_flags), .ent_isa_i (ent_isa),
    .ent_el_i (ent_el), .ent_from_el_i (ent_from_el), .ent_exc_type_i (ent_exc_type),
    .ent_ext_in_i (ent_ext_in), .ent_cyc_i (ent_cyc), .ent_ts_i (ent_ts),
    .pkt_valid_o (pkt_valid), .pkt_ready_i (pkt_ready), .pkt_data_o (pkt_data),
    .pkt_len_o (pkt_len)
  );

  assign outs = {ent_ready, pkt_valid, finish_done, pkt_data, pkt_len};

endmodule

`default_nettype wire
