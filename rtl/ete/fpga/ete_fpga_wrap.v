// Place-and-route harness for ete_top (fpga/ete_synth.sh, `make synth-ete`):
// ete_top has several hundred signal pins per PE slot, more than any FPGA
// package, so its pins go through common_fpga_pins (one shift-in pin, one
// XOR-folded output pin; IN_W + OUT_W + OUT_W / 16 + 2 flip-flops of its
// own).  Not part of the unit.
`default_nettype none

module ete_fpga_wrap #(
  parameter RETIRE_WIDTH = 1,   // ete_top's RETIRE_WIDTH: 1, 2, 4
  parameter OUT_BYTES    = 4    // ete_top's OUT_BYTES: 4, 8, 16
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire sh_en_i,          // shift the input register by one bit
  input  wire sh_d_i,           // the bit shifted in
  output wire q_o               // XOR of all outputs, two clocks late
);

  localparam RW    = RETIRE_WIDTH;
  localparam SLOT  = 1 + 2 + 4 + 2 + 2 + 2 + 5 + 4 + 4 * 64 + 2 * 32 + 8;  // 350 bits a slot
  localparam IN_W  = RW * SLOT + 1 + 3 + 12 + 32;
  localparam OUT_W = 2 + 9 * OUT_BYTES + 1 + 32 + 2 + 2;

  wire [IN_W-1:0]  sh_q;
  wire [OUT_W-1:0] outs;
  common_fpga_pins #(.IN_W (IN_W), .OUT_W (OUT_W)) u_pins (
    .clk_i (clk_i), .sh_en_i (sh_en_i), .sh_d_i (sh_d_i), .in_o (sh_q), .out_i (outs),
    .q_o (q_o)
  );

  wire [RW-1:0]      pe_valid;
  wire [RW*2-1:0]    pe_kind, pe_isa, pe_el, pe_from_el;
  wire [RW*4-1:0]    pe_iclass, pe_flags;
  wire [RW*5-1:0]    pe_exc_type;
  wire [RW*64-1:0]   pe_pc, pe_target, pe_cycle, pe_ts;
  wire [RW*32-1:0]   pe_cid1, pe_cid2;
  wire [RW*8-1:0]    pe_ext_in;
  wire               out_ready, psel, penable, pwrite;
  wire [11:0]        paddr;
  wire [31:0]        pwdata;
  assign {pe_valid, pe_kind, pe_iclass, pe_isa, pe_el, pe_from_el, pe_exc_type, pe_flags, pe_pc,
          pe_target, pe_cycle, pe_ts, pe_cid1, pe_cid2, pe_ext_in,
          out_ready, psel, penable, pwrite, paddr, pwdata} = sh_q;

  wire                   pe_stall, pe_drop, out_valid, pready, pslverr, idle, trc_en;
  wire [8*OUT_BYTES-1:0] out_data;
  wire [OUT_BYTES-1:0]   out_keep;
  wire [31:0]            prdata;

  ete_top #(
    .RETIRE_WIDTH (RETIRE_WIDTH),
    .OUT_BYTES    (OUT_BYTES)
  ) u_ete (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .pe_valid_i (pe_valid), .pe_kind_i (pe_kind), .pe_iclass_i (pe_iclass), .pe_isa_i (pe_isa),
    .pe_el_i (pe_el), .pe_from_el_i (pe_from_el), .pe_exc_type_i (pe_exc_type),
    .pe_flags_i (pe_flags), .pe_pc_i (pe_pc), .pe_target_i (pe_target), .pe_cycle_i (pe_cycle),
    .pe_timestamp_i (pe_ts), .pe_contextidr_el1_i (pe_cid1), .pe_contextidr_el2_i (pe_cid2),
    .pe_ext_in_i (pe_ext_in), .pe_stall_o (pe_stall), .pe_drop_o (pe_drop),
    .out_data_o (out_data), .out_keep_o (out_keep), .out_valid_o (out_valid),
    .out_ready_i (out_ready),
    .psel_i (psel), .penable_i (penable), .pwrite_i (pwrite), .paddr_i (paddr),
    .pwdata_i (pwdata), .prdata_o (prdata), .pready_o (pready), .pslverr_o (pslverr),
    .idle_o (idle), .trc_en_o (trc_en)
  );

  assign outs = {pe_stall, pe_drop, out_data, out_keep, out_valid, prdata, pready, pslverr,
                 idle, trc_en};

endmodule

`default_nettype wire
