// ETE encoder: a plain Target Address packet (D5.47 - D5.53), without
// context or exception head: ete_enc_addr with those inputs tied off.  The
// core places one in the bank slot before its step (the resolution of the
// window's leading branch) and one after it (the trailing resolution).
`default_nettype none

module ete_enc_taddr (
  input  wire [1:0]  form_i,       // 0 exact match, 1 short, 2 32-bit, 3 64-bit
  input  wire [1:0]  q_i,          // exact match: history entry
  input  wire        nb2_i,        // short: two address bytes
  input  wire        is1_i,        // sub_isa IS1
  input  wire [63:0] addr_i,
  output wire [71:0] data_o,       // byte i at [8i +: 8]; the longest form is 9 bytes
  output wire [4:0]  len_o,
  output wire [6:0]  type_o        // docs/ete-packets.md index
);

  /* verilator lint_off UNUSEDSIGNAL */
  // (bytes 9..19 are those of Exception packets and context fields)
  wire [159:0] data;
  /* verilator lint_on UNUSEDSIGNAL */

  ete_enc_addr u_addr (
    .exc_i      (1'b0),
    .e_i        (2'b00),
    .etype_i    (5'd0),
    .unk_i      (1'b0),
    .form_i     (form_i),
    .q_i        (q_i),
    .nb2_i      (nb2_i),
    .is1_i      (is1_i),
    .addr_i     (addr_i),
    .ctx_i      (1'b0),
    .ctx_data_i (72'd0),
    .ctx_len_i  (4'd0),
    .data_o     (data),
    .len_o      (len_o),
    .type_o     (type_o)
  );
  assign data_o = data[71:0];

endmodule

`default_nettype wire
