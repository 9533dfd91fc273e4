// SPE record former and record buffer (SPE supplement chapter 5; docs/
// spe-model.md 3): the filters' verdict CollectRecord() (3.2.3), the
// packets of the sample record, one per clock, and the buffer they are
// written into.  Part of spe_top, whose control steps pk_i / n_i.
//
// The record is formed over several clocks, one packet per clock in the
// order of docs/spe-model.md 3.1: pk_i runs through the packets present
// from 0 (PC) to 12 (Timestamp or End), then 13 writes the first 16 bytes
// of the padding (the Alignment command where it applies, else Padding
// bytes) and 14 the rest, 16 bytes per clock.  This module gives, for the
// packet pk_i and the n_i bytes formed so far: pk_n_o (its length), pk_nx_o
// (the next packet present, 13 none), gap_o (padding to 2^ALIGN) and len_o
// (the record's padded length); with wr_en_i it writes the packet's bytes.
// keep_o is CollectRecord() a clock late; the Timestamp payload (with
// CNTVOFF_EL2) also comes from a register.  Both hold still while they are
// used: the sample fields hold from the sample's selection to the end of
// its record, packet 12 comes at least five clocks into the record
// (packets 0, 3, 7, 8 and 10 are always present), and the registers the
// filters read are written only while spe_top is idle.
//
// Record buffer: byte j of row r holds the record byte written to an
// address A with A mod 2^MAX_SIZE = 16 r + j; a record is at most
// 2^MAX_SIZE bytes, so its bytes never share a place, and every byte of it
// is written before it is read.  The packet goes to the address ptr_i +
// n_i: rotated by the address' offset in a row, it covers the lanes from
// that offset in one row and the lanes below it in the next.  16 byte-lane
// common_ram_sdp RAMs of 2^MAX_SIZE / 16 rows (block RAM), each lane
// written at its own row; rd_row_i is read every clock into rdata_o (the
// row a clock later).  The buffer is written only while a record is formed
// and read only while it is written out, so a read never meets a write.
`default_nettype none

module spe_rec #(
  parameter MAX_SIZE    = 7,   // PMSIDR_EL1.MaxSize: 6..8 (spe_top checks)
  parameter ALIGN       = 0,   // PMBIDR_EL1.Align: 0..MAX_SIZE
  parameter LDS         = 1,   // Data Source packets: 0 or 1
  parameter HAVE_TME    = 1,   // FEAT_TME: Events E[16]; 0 or 1
  parameter EXT_HEADERS = 0,   // 16-bit headers for Address and Counter packets: 0 or 1
  parameter ALIGN_CMD   = 0    // pad with the Alignment command where it fits: 0 or 1
) (
  input  wire                clk_i,

  // PE-side controls (spe_top's ports; stable while profiling)
  input  wire                have_el2_i,
  input  wire                have_el3_i,
  input  wire                mdcr_el3_nspb1_i,  // MDCR_EL3.NSPB[1]
  input  wire [1:0]          mdcr_el2_e2pb_i,
  input  wire                hcr_el2_tge_i,
  input  wire                tbi0_i,
  input  wire                tbi1_i,
  input  wire [63:0]         cntvoff_el2_i,

  // the sample in flight (docs/pe-interface.md fields), and the target
  // context of its branch
  input  wire [3:0]          s_iclass_i,
  input  wire [1:0]          s_el_i,
  input  wire [5:0]          s_flags_i,
  input  wire [63:0]         s_pc_i,
  input  wire [63:0]         s_target_i,
  input  wire [63:0]         s_va_i,
  input  wire [63:0]         s_pa_i,
  input  wire [6:0]          s_ls_i,
  input  wire [15:0]         s_lat_total_i,
  input  wire [15:0]         s_lat_issue_i,
  input  wire [15:0]         s_lat_xlat_i,
  input  wire [10:0]         s_spe_events_i,
  input  wire [15:0]         s_data_source_i,
  input  wire [31:0]         s_contextidr_el1_i,
  input  wire [31:0]         s_contextidr_el2_i,
  input  wire [63:0]         s_timestamp_i,
  input  wire [1:0]          tgt_el_i,
  input  wire                tgt_ns_i,

  // registers (spe_regs)
  input  wire [63:0]         pmscr1_e_i,
  input  wire [63:0]         pmscr2_e_i,
  input  wire [18:0]         pmsfcr_i,          // PMSFCR_EL1[18:0]
  input  wire [63:0]         pmsevfr_i,
  input  wire [11:0]         pmslatfr_i,        // PMSLATFR_EL1.MINLAT
  input  wire [MAX_SIZE-1:0] ptr_i,             // PMBPTR_EL1 mod 2^MAX_SIZE

  // formation step (spe_top's control)
  input  wire [3:0]          pk_i,              // the packet formed this clock
  input  wire [MAX_SIZE+1:0] n_i,               // record bytes formed so far
  input  wire                wr_en_i,           // write the packet this clock
  output wire                keep_o,            // CollectRecord(), a clock late
  output reg  [3:0]          pk_nx_o,           // the next packet present (13: none)
  output reg  [4:0]          pk_n_o,            // the packet's length, 1..10, or the padding
  output reg  [MAX_SIZE+1:0] gap_o,             // padding bytes to 2^ALIGN
  output reg  [MAX_SIZE+1:0] len_o,             // n_i + gap_o

  // buffer read (common_axi_wr)
  input  wire [MAX_SIZE-5:0] rd_row_i,          // the row read this clock
  output wire [127:0]        rdata_o            // the row read the clock before
);

  `include "common_pe_class.vh"  // PE_IC_* (common/pe_stream.h)

  localparam NW  = MAX_SIZE + 2;             // record offset and length width
  localparam RRW = MAX_SIZE - 4;             // row index width
  localparam RB  = 1 << MAX_SIZE;            // record buffer bytes
  localparam [63:0] EVF_MASK = HAVE_TME ? 64'h100AA : 64'hAA;        // 4.3.8, R_RHWX
  localparam [63:0] AMASK    = (64'd1 << ALIGN) - 64'd1;
  localparam F_NS = 1, F_TSTATE = 2, F_COND = 4;

  // ProfilingBufferOwner() (3.4.6)
  function own_sec;
    input cur_secure;
    own_sec = have_el3_i ? !mdcr_el3_nspb1_i : cur_secure;
  endfunction
  function [1:0] own_el;
    input osec;
    own_el = (!osec && have_el2_i && mdcr_el2_e2pb_i == 2'd0) ? 2'd2 : 2'd1;
  endfunction

  // load/store kind (docs/pe-interface.md 1.4)
  /* verilator lint_off UNUSEDSIGNAL */
  function [3:0] ls_kind;
    input [3:0] ls;
    ls_kind = (ls <= 4'd5) ? ls : 4'd0;
  endfunction
  function ls_data;   // returns data to a register
    input [6:0] ls;
    reg [3:0] k;
    begin
      k = ls_kind(ls[3:0]);
      ls_data = k == 4'd1 || (k >= 4'd3 && !ls[6]);
    end
  endfunction
  function ls_store;  // 3.2.2: ST collects stores and every atomic
    input [6:0] ls;
    reg [3:0] k;
    begin
      k = ls_kind(ls[3:0]);
      ls_store = k == 4'd2 || k == 4'd3 || ((k == 4'd4 || k == 4'd5) && ls[6]);
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  function is_branch;
    input [3:0] ic;
    is_branch = ic >= PE_IC_B && ic <= PE_IC_ERET;
  endfunction
  function [11:0] sat12;
    input [15:0] c;
    sat12 = (c[15:12] != 4'd0) ? 12'hFFF : c[11:0];
  endfunction

  // ---- the packet pk_i (chapter 5, docs/spe-model.md 3) -----------------------
  reg            fr_keep;       // CollectRecord() (3.2.3)
  reg            keep_q;        // fr_keep a clock late
  reg [16:0]     fr_ev;
  reg [1:0]      fr_cls;
  reg [7:0]      fr_sub;
  reg            fr_sec, fr_os;
  reg [1:0]      fr_oe;
  reg [63:0]     fr_va;
  reg [12:0]     fr_pr;         // packets present, by index
  reg            fr_cmd;        // the padding starts with an Alignment command (pk_i 13)
  reg [4:0]      fr_pad;        // padding bytes written this clock: min(gap_o, 16)
  // the packet pk_i: header (1 or 2 bytes) then the payload
  reg            pk_h2;
  reg [7:0]      pk_h1;
  reg [63:0]     pk_pay;
  reg [79:0]     pk_bytes;      // byte 0 first
  reg [63:0]     tsv_q;         // the sample's timestamp + CNTVOFF_EL2 (a clock late)
  localparam [4:0] N_ADDR = (EXT_HEADERS != 0) ? 5'd10 : 5'd9;   // Address packet
  localparam [4:0] N_CNT  = (EXT_HEADERS != 0) ? 5'd4 : 5'd3;    // Counter packet
  integer        k;

  always @* begin
    fr_sec = !s_flags_i[F_NS];
    fr_os  = own_sec(fr_sec);
    fr_oe  = own_el(fr_os);
    fr_ev  = {(HAVE_TME != 0) && s_flags_i[F_TSTATE], 5'd0, s_spe_events_i};   // R_GJXT
    // Operation Type (5.3.8, docs/spe-model.md 3.2)
    if (ls_kind(s_ls_i[3:0]) != 4'd0) begin
      fr_cls = 2'd1;
      fr_sub = {7'd0, !ls_data(s_ls_i)};
      case (ls_kind(s_ls_i[3:0]))
        4'd3:    fr_sub = fr_sub | 8'h06;
        4'd4:    fr_sub = fr_sub | 8'h0A;
        4'd5:    fr_sub = fr_sub | 8'h12;
        default: fr_sub = fr_sub | ((s_ls_i[4] || s_ls_i[5]) ? 8'h04 : 8'h00);
      endcase
    end else if (is_branch(s_iclass_i)) begin
      fr_cls = 2'd2;
      fr_sub = {6'd0,
                s_iclass_i == PE_IC_BR || s_iclass_i == PE_IC_BLR || s_iclass_i == PE_IC_RET ||
                s_iclass_i == PE_IC_ERET,
                s_iclass_i == PE_IC_BCOND || s_flags_i[F_COND]};
    end else begin
      fr_cls = 2'd0;
      fr_sub = {7'd0, s_flags_i[F_COND]};
    end
    // CollectRecord() (3.2.3, docs/spe-model.md 3.4)
    fr_keep = 1'b1;
    if (pmsfcr_i[0] && ((~{47'd0, fr_ev} & pmsevfr_i & EVF_MASK) != 64'd0))
      fr_keep = 1'b0;
    if (pmsfcr_i[1] &&
        !((pmsfcr_i[16] && ls_kind(s_ls_i[3:0]) == 4'd0 && is_branch(s_iclass_i)) ||
          (pmsfcr_i[17] && ls_data(s_ls_i)) ||
          (pmsfcr_i[18] && ls_store(s_ls_i))))
      fr_keep = 1'b0;
    if (pmsfcr_i[2] && sat12(s_lat_total_i) < pmslatfr_i)
      fr_keep = 1'b0;

    // the packets present (docs/spe-model.md 3.1)
    // always: PC, Operation Type, Counters 8 and 9, Events, Timestamp/End
    fr_pr     = 13'b1_0101_1000_1001;
    // 2, 3 Context (CollectContextIDR1/2, 3.3.1)
    fr_pr[1]  = pmscr1_e_i[3] && s_el_i != 2'd2 && !(have_el2_i && !fr_sec && hcr_el2_tge_i);
    fr_pr[2]  = pmscr2_e_i[3] && have_el2_i && !fr_sec;
    // 5 branch target; 6, 7 data VA and PA (CollectPhysicalAddress, 3.3.1)
    fr_pr[4]  = fr_cls == 2'd2;
    fr_pr[5]  = fr_cls == 2'd1;
    fr_pr[6]  = fr_cls == 2'd1 &&
                ((!fr_os && have_el2_i) ? (pmscr2_e_i[4] && (fr_oe == 2'd2 || pmscr1_e_i[4]))
                                        : pmscr1_e_i[4]);
    // 9 translation latency; 11 Data Source (5.3.5)
    fr_pr[9]  = fr_cls == 2'd1;
    fr_pr[11] = LDS != 0 && fr_cls == 2'd1 && ls_data(s_ls_i);
    pk_nx_o = 4'd13;
    for (k = 12; k >= 0; k = k - 1)
      if (fr_pr[k] && k > {28'd0, pk_i})
        pk_nx_o = k[3:0];

    // padding to 2^Align (4.3.1): Padding bytes (0x00) or an Alignment command
    gap_o  = ({NW{1'b0}} - n_i) & AMASK[NW-1:0];
    fr_cmd = ALIGN_CMD != 0 && ALIGN >= 2 && gap_o >= 2;
    fr_pad = (gap_o > 16) ? 5'd16 : gap_o[4:0];
    len_o  = n_i + gap_o;

    // data VA, TAG when TBI applies (5.3.1)
    fr_va = {((s_va_i[55] ? tbi1_i : tbi0_i) ? s_va_i[63:56] : 8'd0), s_va_i[55:0]};
    // pk_n_o: the header (1 or 2 bytes) and the payload
    pk_h2  = 1'b0;
    pk_h1  = 8'h00;
    pk_pay = 64'd0;
    pk_n_o = 5'd0;
    case (pk_i)
      // 1 PC: VA[55:0], EL byte 7 [6:5], NS byte 7 [7] (5.3.1)
      4'd0: begin
        pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'hB0; pk_n_o = N_ADDR;
        pk_pay = {!fr_sec, s_el_i, 5'd0, s_pc_i[55:0]};
      end
      4'd1: begin pk_h1 = 8'h64; pk_pay = {32'd0, s_contextidr_el1_i}; pk_n_o = 5'd5; end
      4'd2: begin pk_h1 = 8'h65; pk_pay = {32'd0, s_contextidr_el2_i}; pk_n_o = 5'd5; end
      // 4 Operation Type (5.3.8)
      4'd3: begin pk_h1 = {6'b010010, fr_cls}; pk_pay = {56'd0, fr_sub}; pk_n_o = 5'd2; end
      // 5 branch target with the target context
      4'd4: begin
        pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'hB1; pk_n_o = N_ADDR;
        pk_pay = {tgt_ns_i, tgt_el_i, 5'd0, s_target_i[55:0]};
      end
      4'd5: begin pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'hB2; pk_pay = fr_va; pk_n_o = N_ADDR; end
      4'd6: begin
        pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'hB3; pk_n_o = N_ADDR;
        pk_pay = {!fr_sec, 7'd0, s_pa_i[55:0]};
      end
      // 8, 9 Counters, 12-bit saturating (5.3.4)
      4'd7: begin
        pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'h98; pk_n_o = N_CNT;
        pk_pay = {52'd0, sat12(s_lat_total_i)};
      end
      4'd8: begin
        pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'h99; pk_n_o = N_CNT;
        pk_pay = {52'd0, sat12(s_lat_issue_i)};
      end
      4'd9: begin
        pk_h2 = EXT_HEADERS != 0; pk_h1 = 8'h9A; pk_n_o = N_CNT;
        pk_pay = {52'd0, sat12(s_lat_xlat_i)};
      end
      // 10 Events, the smallest payload holding the highest set bit (5.3.7)
      4'd10: begin
        pk_pay = {47'd0, fr_ev};
        if (fr_ev[16]) begin
          pk_h1 = 8'h62; pk_n_o = 5'd5;
        end else if (fr_ev[10:8] != 3'd0) begin
          pk_h1 = 8'h52; pk_n_o = 5'd3;
        end else begin
          pk_h1 = 8'h42; pk_n_o = 5'd2;
        end
      end
      4'd11: begin
        pk_pay = {48'd0, s_data_source_i};
        if (s_data_source_i[15:8] != 8'd0) begin
          pk_h1 = 8'h53; pk_n_o = 5'd3;
        end else begin
          pk_h1 = 8'h43; pk_n_o = 5'd2;
        end
      end
      // 12 Timestamp (CollectTimeStamp, 3.3.1) or End
      4'd12: begin
        if (fr_oe == 2'd2 ? !pmscr2_e_i[5] : !pmscr1_e_i[5]) begin
          pk_h1 = 8'h01; pk_n_o = 5'd1;
        end else begin
          pk_h1 = 8'h71; pk_n_o = 5'd9;
          if ((!fr_os && have_el2_i) ? (pmscr2_e_i[6] && (fr_oe == 2'd2 || pmscr1_e_i[6]))
                                     : pmscr1_e_i[6])
            pk_pay = tsv_q;
          else
            pk_pay = s_timestamp_i;
        end
      end
      // 13 the Alignment command (4.3.1) or a Padding byte, then Padding
      4'd13: begin pk_h1 = fr_cmd ? (8'h20 | (ALIGN[7:0] - 8'd1)) : 8'h00; pk_n_o = fr_pad; end
      default: pk_n_o = fr_pad;
    endcase
    pk_bytes = pk_h2 ? {pk_pay, pk_h1, 8'h20} : {8'd0, pk_pay, pk_h1};
  end

  always @(posedge clk_i) begin
    tsv_q  <= s_timestamp_i + cntvoff_el2_i;
    keep_q <= fr_keep;
  end
  assign keep_o = keep_q;

  // ---- record buffer --------------------------------------------------------------
  wire [MAX_SIZE-1:0] wr_pos  = ptr_i + n_i[MAX_SIZE-1:0];
  wire [3:0]          wr_sh   = wr_pos[3:0];
  wire [RRW-1:0]      wr_row0 = wr_pos[MAX_SIZE-1:4];
  wire [RRW-1:0]      wr_row1 = wr_row0 + 1'b1;
  reg  [127:0]        wr_lane;  // the packet's bytes, rotated to their lanes
  reg  [15:0]         wr_mask;  // the lanes it covers
  reg  [16*RRW-1:0]   wr_row;   // the row of each lane
  integer             b, l;
  always @* begin
    wr_lane = {48'd0, pk_bytes};
    wr_mask = 16'd0;
    for (l = 0; l < 16; l = l + 1)
      wr_mask[l] = pk_n_o > l[4:0];
    for (b = 0; b < 4; b = b + 1)
      if (wr_sh[b]) begin
        wr_lane = (wr_lane << (8 << b)) | (wr_lane >> (128 - (8 << b)));
        wr_mask = (wr_mask << (1 << b)) | (wr_mask >> (16 - (1 << b)));
      end
    for (l = 0; l < 16; l = l + 1)
      wr_row[RRW * l +: RRW] = (l[3:0] >= wr_sh) ? wr_row0 : wr_row1;
  end

  genvar gl;
  generate
    for (gl = 0; gl < 16; gl = gl + 1) begin : g_lane
      common_ram_sdp #(
        .WIDTH     (8),
        .DEPTH     (RB / 16),
        .RAM_STYLE (1),
        .OUT_REG   (0)
      ) u_ram (
        .clk_i   (clk_i),
        .we_i    (wr_en_i && wr_mask[gl]),
        .waddr_i (wr_row[RRW * gl +: RRW]),
        .wdata_i (wr_lane[8 * gl +: 8]),
        .re_i    (1'b1),
        .raddr_i (rd_row_i),
`ifdef FORMAL
        .f_mem_o (),
        .f_rd1_o (),
`endif
        .rdata_o (rdata_o[8 * gl +: 8])
      );
    end
  endgenerate

  wire unused_ok = &{1'b0, s_pc_i[63:56], s_target_i[63:56], s_pa_i[63:56], pmsfcr_i[15:3],
                     pmscr1_e_i[63:7], pmscr1_e_i[2:0], pmscr2_e_i[63:7], pmscr2_e_i[2:0]};

endmodule

`default_nettype wire
