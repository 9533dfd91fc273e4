// BRBE forwarding filter of the trace subsystem (docs/trace-subsystem.md,
// "What each unit is forwarded"): which of a clock's PE records go to the
// BRBE lane serializer.  brbe_top takes one record per clock; most retired
// instructions change nothing it can show, so only the records that can
// are queued and a run of straight-line code does not fill the queue.
//
// A record is forwarded when it is
//   - not an instruction (an exception, a PE reset or a transaction
//     failure: Branch records, R_GVCJH LASTFAILED, the held ERET);
//   - a taken B, B.cond, BL, BR, BLR or RET (R_GBCQW: taken branches make
//     Branch records), an ERET (held until the next record), a TSTART
//     (R_GVCJH: the outer transaction starts), an ISB when RECORD_ISB
//     (R_FJYDC);
//   - the record after an ERET or after an exception entering Debug state
//     (it gives the Exception level returned to, or the Debug state exit,
//     R_BRBFP);
//   - the first record with PSTATE.TSTATE after one without (a transaction
//     whose TSTART came before the unit saw records).
// Every other record (an instruction of class OTHER, WFX, EXCGEN, TCOMMIT,
// TCANCEL, an ISB when not recorded, a B.cond not taken) only moves the
// model's notion of the current time and state; that state is the same as
// at the last forwarded record, because the Exception level, Security state
// and TSTATE change only at forwarded records.  So the Branch records and
// the registers equal those of the model (model/brbe) fed every record,
// provided the BRBE registers and controls do not change between two
// forwarded records; a PMU overflow pulse (brbe_pmu_ovf_i) takes the
// timestamp and state of the last record the unit processed.
//
// Records are in slot order (slot 0 oldest); the "record after" rules
// follow the presented stream across slots and clocks.
`default_nettype none

module top_brbe_fwd #(
  parameter LANES      = 1,   // PE retirement slots: 1, 2 or 4
  parameter RECORD_ISB = 0    // brbe_top RECORD_ISB: ISB recorded (0 or 1)
) (
  input  wire               clk_i,
  input  wire               rst_ni,          // synchronous, active low
  input  wire [LANES-1:0]   pe_valid_i,
  input  wire [LANES*2-1:0] pe_kind_i,
  input  wire [LANES*4-1:0] pe_iclass_i,
  input  wire [LANES*5-1:0] pe_exc_type_i,
  input  wire [LANES*6-1:0] pe_flags_i,      // TAKEN NS TSTATE MISPRED COND CCFAIL
  output reg  [LANES-1:0]   fwd_o            // slot s goes to the BRBE serializer
);

  generate
    if (LANES != 1 && LANES != 2 && LANES != 4) begin : g_bad_lanes
      top_brbe_fwd_LANES_must_be_1_2_or_4 u_bad ();
    end
    if (RECORD_ISB != 0 && RECORD_ISB != 1) begin : g_bad_isb
      top_brbe_fwd_RECORD_ISB_must_be_0_or_1 u_bad ();
    end
  endgenerate

  // docs/pe-interface.md: kinds, classes, exception types (common/pe_stream.h), flags
  `include "common_pe_class.vh"
  localparam       F_TAKEN = 0, F_TSTATE = 2;
  localparam       ISB_REC = (RECORD_ISB != 0);

  reg nn_q, nn_d;            // the last record presented needs its successor forwarded
  reg ts_q, ts_d;            // the last record presented had TSTATE

  reg [1:0] kd;
  reg [3:0] ic;
  reg [4:0] et;
  reg [5:0] fl;
  reg       br;
  integer   s;

  always @* begin
    fwd_o = {LANES{1'b0}};
    nn_d  = nn_q;
    ts_d  = ts_q;
    kd    = 2'd0;
    ic    = 4'd0;
    et    = 5'd0;
    fl    = 6'd0;
    br    = 1'b0;
    for (s = 0; s < LANES; s = s + 1) begin
      if (pe_valid_i[s]) begin
        kd = pe_kind_i[s*2 +: 2];
        ic = pe_iclass_i[s*4 +: 4];
        et = pe_exc_type_i[s*5 +: 5];
        fl = pe_flags_i[s*6 +: 6];
        br = (ic == PE_IC_B || ic == PE_IC_BCOND || ic == PE_IC_BL || ic == PE_IC_BR || ic == PE_IC_BLR ||
              ic == PE_IC_RET) && fl[F_TAKEN];
        fwd_o[s] = kd != PE_KIND_INSN || br || ic == PE_IC_ERET || ic == PE_IC_TSTART ||
                   (ic == PE_IC_ISB && ISB_REC) || nn_d || (fl[F_TSTATE] && !ts_d);
        nn_d = (kd == PE_KIND_INSN && ic == PE_IC_ERET) || (kd == PE_KIND_EXC && et == PE_EXC_DEBUG_HALT);
        ts_d = fl[F_TSTATE];
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      nn_q <= 1'b0;
      ts_q <= 1'b0;
    end else begin
      nn_q <= nn_d;
      ts_q <= ts_d;
    end
  end

endmodule

`default_nettype wire
