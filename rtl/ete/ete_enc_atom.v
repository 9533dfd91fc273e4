// ETE encoder: Atom packets (D5.40 - D5.46).
//
// Encodes the first k atoms of a buffer (bit i = atom i, 1 = E, 0 = N) as one
// packet; the caller chooses k (the longest valid pattern, D6.11.2):
//   k = 1..3          Format 1 F6|A, Format 2 D8|A, Format 3 F8|A
//   k = 4  NEEE NNNN NENE ENEN           Format 4   DC|A (A = 0..3)
//   k = 5  NEEEE                         Format 5.1 F5
//          NNNNN NENEN ENENE             Format 5.2 D4|A (A = 1..3)
//   k = 4..24  E...E then E or N         Format 6   C0 | N<<5 | (k-4)
`default_nettype none

module ete_enc_atom (
  input  wire [23:0] atoms_i,   // bit i = atom i, 1 = E
  input  wire [4:0]  k_i,       // atoms in the packet, 1..24
  output reg  [7:0]  byte_o,
  output reg  [6:0]  type_o     // docs/ete-packets.md index
);

  `include "ete_pkt_types.vh"

  wire [3:0] b4 = atoms_i[3:0];
  wire [4:0] b5 = atoms_i[4:0];
  // the last atom of the packet
  reg        last_e;
  integer    i;
  always @* begin
    last_e = 1'b0;
    for (i = 0; i < 24; i = i + 1)
      if (k_i == i[4:0] + 5'd1)
        last_e = atoms_i[i];
  end

  always @* begin
    byte_o = 8'h00;
    type_o = ETE_PKT_ATOM_F6;
    if (k_i == 5'd1) begin
      byte_o = {7'b1111011, atoms_i[0]};                 // D5.40
      type_o = ETE_PKT_ATOM_F1;
    end else if (k_i == 5'd2) begin
      byte_o = {6'b110110, atoms_i[1:0]};                // D5.41
      type_o = ETE_PKT_ATOM_F2;
    end else if (k_i == 5'd3) begin
      byte_o = {5'b11111, atoms_i[2:0]};                 // D5.42
      type_o = ETE_PKT_ATOM_F3;
    end else if (k_i == 5'd4 && b4 != 4'hF && b4 != 4'h7) begin
      type_o = ETE_PKT_ATOM_F4;                          // D5.43
      case (b4)
        4'hE:    byte_o = 8'hDC;                         // NEEE
        4'h0:    byte_o = 8'hDD;                         // NNNN
        4'hA:    byte_o = 8'hDE;                         // NENE
        default: byte_o = 8'hDF;                         // ENEN
      endcase
    end else if (k_i == 5'd5 && b5 == 5'h1E) begin
      byte_o = 8'hF5;                                    // D5.44 NEEEE
      type_o = ETE_PKT_ATOM_F5_1;
    end else if (k_i == 5'd5 && b5 != 5'h1F && b5 != 5'h0F) begin
      type_o = ETE_PKT_ATOM_F5_2;                        // D5.45
      case (b5)
        5'h00:   byte_o = 8'hD5;                         // NNNNN
        5'h0A:   byte_o = 8'hD6;                         // NENEN
        default: byte_o = 8'hD7;                         // ENENE
      endcase
    end else begin
      // D5.46: COUNT = k - 4, bit 5 = the last atom is N
      byte_o = {2'b11, !last_e, k_i - 5'd4};
      type_o = ETE_PKT_ATOM_F6;
    end
  end

endmodule

`default_nettype wire
