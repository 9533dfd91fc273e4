// Place-and-route harness for ete_unit (fpga/ete_synth.sh, `make synth-ete`):
// ete_unit's block port, timestamp bus, APB and output stream are more
// signal pins than an FPGA package has, so they go through common_fpga_pins
// (one shift-in pin, one XOR-folded output pin; IN_W + OUT_W + OUT_W / 16 + 2
// flip-flops of its own, which fpga/ete_synth.sh subtracts).  Not part of
// the unit.
`default_nettype none

module ete_unit_fpga_wrap #(
  parameter RETIRE_WIDTH = 1,   // ete_unit's RETIRE_WIDTH: 1, 2, 4
  parameter OUT_BYTES    = 8    // ete_unit's OUT_BYTES: 4, 8, 16
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire sh_en_i,          // shift the input register by one bit
  input  wire sh_d_i,           // the bit shifted in
  output wire q_o               // XOR of all outputs, two clocks late
);

  localparam RW    = RETIRE_WIDTH;
  // one block-port slot (docs/pe-blocks.md section 1): 103 bits
  localparam SLOT  = 1 + 3 + 64 + 8 + 4 + 4 + 2 + 2 + 2 + 5 + 8;
  localparam IN_W  = RW * SLOT + 64 + 1 + 3 + 12 + 32;
  localparam OUT_W = 2 + 9 * OUT_BYTES + 1 + 32 + 2 + 2;

  wire [IN_W-1:0]  sh_q;
  wire [OUT_W-1:0] outs;
  common_fpga_pins #(.IN_W (IN_W), .OUT_W (OUT_W)) u_pins (
    .clk_i (clk_i), .sh_en_i (sh_en_i), .sh_d_i (sh_d_i), .in_o (sh_q), .out_i (outs),
    .q_o (q_o)
  );

  wire [RW-1:0]    pe_valid;
  wire [RW*3-1:0]  pe_kind;
  wire [RW*64-1:0] pe_addr;
  wire [RW*8-1:0]  pe_last;
  wire [RW*5-1:0]  pe_exc_type;
  wire [RW*4-1:0]  pe_iclass, pe_flags;
  wire [RW*2-1:0]  pe_isa, pe_el, pe_from_el;
  wire [RW*8-1:0]  pe_ext_in;
  wire [63:0]      ts;
  wire             out_ready, psel, penable, pwrite;
  wire [11:0]      paddr;
  wire [31:0]      pwdata;
  assign {pe_valid, pe_kind, pe_addr, pe_last, pe_iclass, pe_flags, pe_isa, pe_el, pe_from_el,
          pe_exc_type, pe_ext_in, ts, out_ready, psel, penable, pwrite, paddr, pwdata} = sh_q;

  wire                   pe_stall, pe_drop, out_valid, pready, pslverr, idle, trc_en;
  wire [8*OUT_BYTES-1:0] out_data;
  wire [OUT_BYTES-1:0]   out_keep;
  wire [31:0]            prdata;

  ete_unit #(
    .RETIRE_WIDTH (RETIRE_WIDTH),
    .OUT_BYTES    (OUT_BYTES)
  ) u_ete (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .pe_valid_i (pe_valid), .pe_kind_i (pe_kind), .pe_addr_i (pe_addr), .pe_last_i (pe_last),
    .pe_iclass_i (pe_iclass), .pe_flags_i (pe_flags), .pe_isa_i (pe_isa), .pe_el_i (pe_el),
    .pe_from_el_i (pe_from_el), .pe_exc_type_i (pe_exc_type), .pe_ext_in_i (pe_ext_in),
    .ts_i (ts), .pe_stall_o (pe_stall), .pe_drop_o (pe_drop),
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
