// ETE encoder: the context information field shared by the Context packet
// (D5.55) and the "with Context" Target Address and Exception packets (D5.56 -
// D5.59, D5.20 - D5.23).
//
// Byte 0 is the information byte: C [7], V [6], NS [5], SF [4], EL [1:0]
// (D9.2.15).  The VMID field (4 bytes: TRCIDR2.VMIDSIZE is 32 bits, R_PTVTD)
// follows when V is 1, then the CONTEXTID field (4 bytes) when C is 1; both
// little-endian.
`default_nettype none

module ete_enc_ctx (
  input  wire [1:0]  el_i,
  input  wire        ns_i,
  input  wire        sf_i,
  input  wire        c_i,          // CONTEXTID field present
  input  wire        v_i,          // VMID field present
  input  wire [31:0] contextid_i,
  input  wire [31:0] vmid_i,
  output reg  [71:0] data_o,       // byte i at [8i +: 8]
  output reg  [3:0]  len_o         // 1, 5 or 9
);

  always @* begin
    data_o = 72'd0;
    data_o[7:0] = {c_i, v_i, ns_i, sf_i, 2'b00, el_i};
    len_o = 4'd1;
    if (v_i) begin
      data_o[8 +: 32] = vmid_i;
      len_o = 4'd5;
    end
    if (c_i) begin
      if (v_i) begin
        data_o[40 +: 32] = contextid_i;
        len_o = 4'd9;
      end else begin
        data_o[8 +: 32] = contextid_i;
        len_o = 4'd5;
      end
    end
  end

endmodule

`default_nettype wire
