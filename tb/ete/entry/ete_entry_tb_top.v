// Bench top of ete_entry for the Verilated C bench (tb/ete/entry): one
// instance per parameter set, side by side in one model (one Verilator
// build for every set), sharing clock, reset and the timestamp bus.  Set
// s's ports sit at fixed strides in the flat vectors, four slots per set
// (slot k of set s is slot 4*s + k; a set with fewer slots ignores the
// rest): pe_valid_i [4*s +: 4], pe_kind_i [3*(4*s + k) +: 3], ... and one
// bit per set for the controls and the 1-bit outputs; the entry fields at
// [W*s +: W].  The sets must match the table in ete_entry_dut.h.
`default_nettype none

module ete_entry_tb_top #(
  parameter NS = 5                          // parameter sets (ete_entry_dut.h)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire [NS-1:0]     start_i,
  input  wire [NS-1:0]     take_i,
  input  wire [NS-1:0]     stall_en_i,
  input  wire [NS*2-1:0]   stall_lvl_i,
  input  wire [NS*4-1:0]   pe_valid_i,
  input  wire [NS*4*3-1:0] pe_kind_i,
  input  wire [NS*4*64-1:0] pe_addr_i,
  input  wire [NS*4*8-1:0] pe_last_i,
  input  wire [NS*4*4-1:0] pe_iclass_i,
  input  wire [NS*4*4-1:0] pe_flags_i,
  input  wire [NS*4*2-1:0] pe_isa_i,
  input  wire [NS*4*2-1:0] pe_el_i,
  input  wire [NS*4*2-1:0] pe_from_el_i,
  input  wire [NS*4*5-1:0] pe_exc_type_i,
  input  wire [NS*4*8-1:0] pe_ext_in_i,
  input  wire [63:0]       ts_i,
  output wire [NS-1:0]     pe_drop_o,
  output wire [NS-1:0]     pe_stall_o,
  output wire [NS-1:0]     empty_o,
  output wire [NS-1:0]     ent_valid_o,
  input  wire [NS-1:0]     ent_ready_i,
  output wire [NS-1:0]     ent_marker_o,
  output wire [NS*3-1:0]   ent_kind_o,
  output wire [NS*64-1:0]  ent_addr_o,
  output wire [NS*8-1:0]   ent_last_o,
  output wire [NS*4-1:0]   ent_iclass_o,
  output wire [NS*4-1:0]   ent_flags_o,
  output wire [NS*2-1:0]   ent_isa_o,
  output wire [NS*2-1:0]   ent_el_o,
  output wire [NS*2-1:0]   ent_from_el_o,
  output wire [NS*5-1:0]   ent_exc_type_o,
  output wire [NS*8-1:0]   ent_ext_in_o,
  output wire [NS*21-1:0]  ent_cyc_o,
  output wire [NS*64-1:0]  ent_ts_o
);

  // per set, 32 bits each, set 0 in the low word: RETIRE_WIDTH, DEPTH, OUT_REG
  localparam [NS*32-1:0] P_RW    = {32'd2,  32'd4,   32'd4,  32'd2,  32'd1};
  localparam [NS*32-1:0] P_DEPTH = {32'd8,  32'd256, 32'd16, 32'd16, 32'd8};
  localparam [NS*32-1:0] P_OUTR  = {32'd1,  32'd0,   32'd1,  32'd0,  32'd0};

  genvar s;
  generate
    for (s = 0; s < NS; s = s + 1) begin : g_set
      localparam integer RW    = P_RW[32*s +: 32];
      localparam integer DEPTH = P_DEPTH[32*s +: 32];
      localparam integer OUTR  = P_OUTR[32*s +: 32];
      localparam integer B     = 4 * s;          // first slot of the set

      ete_entry #(
        .RETIRE_WIDTH (RW),
        .DEPTH        (DEPTH),
        .OUT_REG      (OUTR)
      ) u_entry (
        .clk_i          (clk_i),
        .rst_ni         (rst_ni),
        .start_i        (start_i[s]),
        .take_i         (take_i[s]),
        .stall_en_i     (stall_en_i[s]),
        .stall_lvl_i    (stall_lvl_i[2*s +: 2]),
        .pe_valid_i     (pe_valid_i[B +: RW]),
        .pe_kind_i      (pe_kind_i[3*B +: 3*RW]),
        .pe_addr_i      (pe_addr_i[64*B +: 64*RW]),
        .pe_last_i      (pe_last_i[8*B +: 8*RW]),
        .pe_iclass_i    (pe_iclass_i[4*B +: 4*RW]),
        .pe_flags_i     (pe_flags_i[4*B +: 4*RW]),
        .pe_isa_i       (pe_isa_i[2*B +: 2*RW]),
        .pe_el_i        (pe_el_i[2*B +: 2*RW]),
        .pe_from_el_i   (pe_from_el_i[2*B +: 2*RW]),
        .pe_exc_type_i  (pe_exc_type_i[5*B +: 5*RW]),
        .pe_ext_in_i    (pe_ext_in_i[8*B +: 8*RW]),
        .ts_i           (ts_i),
        .pe_drop_o      (pe_drop_o[s]),
        .pe_stall_o     (pe_stall_o[s]),
        .ent_valid_o    (ent_valid_o[s]),
        .ent_ready_i    (ent_ready_i[s]),
        .ent_marker_o   (ent_marker_o[s]),
        .ent_kind_o     (ent_kind_o[3*s +: 3]),
        .ent_addr_o     (ent_addr_o[64*s +: 64]),
        .ent_last_o     (ent_last_o[8*s +: 8]),
        .ent_iclass_o   (ent_iclass_o[4*s +: 4]),
        .ent_flags_o    (ent_flags_o[4*s +: 4]),
        .ent_isa_o      (ent_isa_o[2*s +: 2]),
        .ent_el_o       (ent_el_o[2*s +: 2]),
        .ent_from_el_o  (ent_from_el_o[2*s +: 2]),
        .ent_exc_type_o (ent_exc_type_o[5*s +: 5]),
        .ent_ext_in_o   (ent_ext_in_o[8*s +: 8]),
        .ent_cyc_o      (ent_cyc_o[21*s +: 21]),
        .ent_ts_o       (ent_ts_o[64*s +: 64]),
        .empty_o        (empty_o[s])
      );
    end
  endgenerate

  // (the slots past each set's RETIRE_WIDTH)
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_ok = ^{pe_valid_i, pe_kind_i, pe_addr_i, pe_last_i, pe_iclass_i, pe_flags_i,
                     pe_isa_i, pe_el_i, pe_from_el_i, pe_exc_type_i, pe_ext_in_i};
  /* verilator lint_on UNUSEDSIGNAL */

endmodule

`default_nettype wire
