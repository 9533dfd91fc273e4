// ETE encoder core: PE retirement records in, ETE trace packets out.
//
// The RTL counterpart of the C model in model/ete (ete_model.c, ete_enc.c),
// byte for byte: for the same parameters, programming registers and record
// sequence, the concatenation of the bundles on pkt_* equals
// ete_model_bytes().  docs/ete-model.md gives every choice the specification
// leaves open; docs/ete-rtl-encoder.md describes this implementation.
//
// Structure
//   - The record window (docs/ete-rtl-encoder.md, "Record window"): the
//     RETIRE_WIDTH oldest records of the input FIFO.  Records whose whole
//     effect is `uncovered |= active` (the model's fast path: step_fast,
//     ete_model_run) are absorbed before and after the step, and the target
//     of a traced indirect branch is resolved without a step (a Target
//     Address packet or a return stack match); rec_take_o says how many
//     lanes were consumed.
//   - ete_enc_res evaluates the resources and filter comparators for the
//     record of the step lane (D6.8, D7).
//   - The step block (p_step) performs one operation per cycle: a record, an
//     overflow marker, or the finish (disable) flush.  It follows the model's
//     per-record algorithm (slow_step) with the trace unit state in *_q
//     registers, and places each packet the operation emits in a fixed slot.
//     The slots are in the order the model emits packets within one record:
//        0  atoms pending from earlier records (or Overflow at a marker)
//        1  A-Sync          2  Trace Info       3  Transaction Failure
//        4  Trace On        5  Context          6  address / exception / PE Reset
//        7  Transaction Start (before the P0 element)
//        8  atom packet completed by this record's atom
//        9  the rest of the atoms, before a later packet of this record
//       10  Cycle Count    11  Transaction Start / Commit   12  Event
//       13  Timestamp      14  Transaction Failure at disable
//       15  Discard
//     The target resolutions before and after the step have two slots each
//     (pending atoms, Target Address) around those sixteen.
//   - Packet encoders (ete_enc_atom, ete_enc_addr, ete_enc_taddr, ete_enc_ctx, ete_enc_cc,
//     ete_enc_ts) turn the slot descriptors into bytes; the slots are
//     registered in a bank, and the packer hands out the leading packets
//     that fit in PKT_BYTES as one bundle.
//   - A new operation is taken when the bank is empty or its last packets
//     are being handed out, so a record whose packets fit in one bundle
//     takes one cycle.  The step computes the operation on offer whatever
//     the bank holds; the bank only enables the state registers (step_en)
//     and the pops.
`default_nettype none

module ete_encoder #(
  parameter RETIRE_WIDTH = 1,  // record lanes presented per clock: 1, 2 or 4
  parameter RS_DEPTH    = 15,  // return stack entries, 0..15 (0: no return stack)
  parameter NUM_ACPAIRS = 4,   // address comparator pairs, 1..8 (TRCIDR4.NUMACPAIRS)
  parameter NUM_EVENTS  = 4,   // Event elements, 1..4 (TRCIDR0.NUMEVENT + 1)
  parameter NUM_EXTIN   = 4,   // external inputs, 0..8 (TRCIDR5.NUMEXTIN)
  parameter CCSIZE      = 20,  // cycle counter bits, 12..20 (TRCIDR2.CCSIZE + 12)
  parameter CCITMIN     = 4,   // minimum cycle count threshold, 1..4095 (TRCIDR3.CCITMIN)
  parameter COMMOPT     = 1,   // TRCIDR0.COMMOPT, 0 or 1: Cycle Count packet format
  parameter PKT_BYTES   = 32   // bytes of pkt_data_o, 20..63 (the longest packet is 20 bytes)
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  // programming registers, stable while enabled (ete_progregs fields)
  input  wire [31:0]      trcconfigr_i,
  input  wire [31:0]      trceventctl0r_i,
  input  wire [31:0]      trceventctl1r_i,
  input  wire [31:0]      trcstallctlr_i,
  input  wire [31:0]      trctsctlr_i,
  input  wire [31:0]      trcsyncpr_i,
  input  wire [31:0]      trcccctlr_i,
  input  wire [31:0]      trcbbctlr_i,
  input  wire [31:0]      trctraceidr_i,
  input  wire [31:0]      trcvictlr_i,
  input  wire [31:0]      trcviiectlr_i,
  input  wire [31:0]      trcvissctlr_i,
  input  wire [32*32-1:0] trcrsctlr_i,        // TRCRSCTLR<n> at [32n +: 32]
  input  wire [64*16-1:0] trcacvr_i,          // TRCACVR<n> at [64n +: 64]
  input  wire [64*16-1:0] trcacatr_i,         // TRCACATR<n> at [64n +: 64]
  input  wire             start_i,            // pulse: trace enabled (ete_model_new)
  input  wire             finish_i,           // pulse: trace disabled (ete_model_finish)
  output wire             finish_done_o,      // not enabled and everything handed out
  // the record window (docs/ete-rtl-encoder.md, "Record window"): lane k at
  // [k*W +: W], lane 0 the oldest; valid lanes are contiguous from lane 0
  // and a lane not consumed is presented again, as lane k - take, next clock
  input  wire [RETIRE_WIDTH-1:0]    rec_valid_i,
  output wire [2:0]                 rec_take_o,         // lanes 0 .. take-1 consumed this clock
  input  wire [RETIRE_WIDTH-1:0]    rec_marker_i,       // an overflow marker (ete_model_overflow)
  input  wire [RETIRE_WIDTH*2-1:0]  rec_kind_i,
  input  wire [RETIRE_WIDTH*4-1:0]  rec_iclass_i,
  input  wire [RETIRE_WIDTH*2-1:0]  rec_isa_i,
  input  wire [RETIRE_WIDTH*2-1:0]  rec_el_i,
  input  wire [RETIRE_WIDTH*2-1:0]  rec_from_el_i,      // EXC: the EL the exception was taken from
  input  wire [RETIRE_WIDTH*5-1:0]  rec_exc_type_i,
  input  wire [RETIRE_WIDTH*4-1:0]  rec_flags_i,        // TAKEN, NS, TSTATE, MISPRED
  input  wire [RETIRE_WIDTH*64-1:0] rec_pc_i,
  input  wire [RETIRE_WIDTH*64-1:0] rec_cycle_i,
  input  wire [RETIRE_WIDTH*64-1:0] rec_timestamp_i,
  input  wire [RETIRE_WIDTH*32-1:0] rec_contextidr_el1_i,
  input  wire [RETIRE_WIDTH*32-1:0] rec_contextidr_el2_i,
  input  wire [RETIRE_WIDTH*8-1:0]  rec_ext_in_i,
  // output: one bundle of whole packets per handshake, byte 0 first
  output wire             pkt_valid_o,
  input  wire             pkt_ready_i,
  output wire [8*PKT_BYTES-1:0] pkt_data_o,
  output wire [5:0]       pkt_len_o,          // 1 .. PKT_BYTES
  output wire [6:0]       pkt_type_o          // docs/ete-packets.md index of byte 0's packet
);

  // ==========================================================================
  // Parameter checks: an illegal value instantiates a module that does not
  // exist, named after the problem, which every tool rejects.
  // ==========================================================================
  generate
    if (RETIRE_WIDTH != 1 && RETIRE_WIDTH != 2 && RETIRE_WIDTH != 4) begin : g_bad_rw
      ete_encoder_RETIRE_WIDTH_must_be_1_2_or_4 u_bad ();
    end
    if (RS_DEPTH < 0 || RS_DEPTH > 15) begin : g_bad_rs
      ete_encoder_RS_DEPTH_must_be_0_to_15 u_bad ();
    end
    if (NUM_ACPAIRS < 1 || NUM_ACPAIRS > 8) begin : g_bad_ac
      ete_encoder_NUM_ACPAIRS_must_be_1_to_8 u_bad ();
    end
    if (NUM_EVENTS < 1 || NUM_EVENTS > 4) begin : g_bad_ev
      ete_encoder_NUM_EVENTS_must_be_1_to_4 u_bad ();
    end
    if (NUM_EXTIN < 0 || NUM_EXTIN > 8) begin : g_bad_extin
      ete_encoder_NUM_EXTIN_must_be_0_to_8 u_bad ();
    end
    if (CCSIZE < 12 || CCSIZE > 20) begin : g_bad_ccsize
      ete_encoder_CCSIZE_must_be_12_to_20 u_bad ();
    end
    if (CCITMIN < 1 || CCITMIN > 4095) begin : g_bad_ccitmin
      ete_encoder_CCITMIN_must_be_1_to_4095 u_bad ();
    end
    if (COMMOPT != 0 && COMMOPT != 1) begin : g_bad_commopt
      ete_encoder_COMMOPT_must_be_0_or_1 u_bad ();
    end
    if (PKT_BYTES < 20 || PKT_BYTES > 63) begin : g_bad_pkt
      ete_encoder_PKT_BYTES_must_be_20_to_63 u_bad ();
    end
  endgenerate

  // ==========================================================================
  // Constants
  // ==========================================================================
  // packet types (docs/ete-packets.md)
  localparam [6:0] ETE_PKT_ASYNC       = 7'd0;
  localparam [6:0] ETE_PKT_DISCARD     = 7'd1;
  localparam [6:0] ETE_PKT_OVERFLOW    = 7'd2;
  localparam [6:0] ETE_PKT_TRACE_INFO  = 7'd3;
  localparam [6:0] ETE_PKT_TRACE_ON    = 7'd4;
  localparam [6:0] ETE_PKT_TXN_START   = 7'd7;
  localparam [6:0] ETE_PKT_TXN_COMMIT  = 7'd8;
  localparam [6:0] ETE_PKT_TXN_FAILURE = 7'd20;
  localparam [6:0] ETE_PKT_CTXT_SAME   = 7'd50;
  localparam [6:0] ETE_PKT_CTXT        = 7'd51;
  localparam [6:0] ETE_PKT_EVENT       = 7'd64;

  // header bytes of the fixed packets (chapter D5)
  localparam [7:0] ETE_HDR_TRACE_INFO  = 8'h01;   // D5.7
  localparam [7:0] ETE_HDR_TRACE_ON    = 8'h04;   // D5.8
  localparam [7:0] ETE_HDR_EXCEPTION   = 8'h06;   // D5.13, D5.24, D5.25
  localparam [7:0] ETE_HDR_TXN_START   = 8'h0A;   // D5.11
  localparam [7:0] ETE_HDR_TXN_COMMIT  = 8'h0B;   // D5.12
  localparam [7:0] ETE_HDR_CTXT_SAME   = 8'h80;   // D5.54
  localparam [7:0] ETE_HDR_CTXT        = 8'h81;   // D5.55
  localparam [4:0] ETE_EXC_TYPE_TXN_FAILURE = 5'h18;  // D5.24

  // record kinds, instruction classes, instruction sets (sw/common/pe_stream.h)
  localparam [1:0] KIND_INSN  = 2'd0;
  localparam [3:0] IC_OTHER   = 4'd0;
  localparam [3:0] IC_EXCGEN  = 4'd10;
  localparam [3:0] IC_TCANCEL = 4'd13;
  localparam [1:0] KIND_EXC   = 2'd1;
  localparam [1:0] KIND_RESET = 2'd2;
  localparam [1:0] KIND_TFAIL = 2'd3;
  localparam [3:0] IC_B       = 4'd1;
  localparam [3:0] IC_BCOND   = 4'd2;
  localparam [3:0] IC_BL      = 4'd3;
  localparam [3:0] IC_BR      = 4'd4;
  localparam [3:0] IC_BLR     = 4'd5;
  localparam [3:0] IC_RET     = 4'd6;
  localparam [3:0] IC_ERET    = 4'd7;
  localparam [3:0] IC_ISB     = 4'd8;
  localparam [3:0] IC_WFX     = 4'd9;
  localparam [3:0] IC_TSTART  = 4'd11;
  localparam [3:0] IC_TCOMMIT = 4'd12;
  localparam [1:0] ISA_A64    = 2'd0;
  localparam [1:0] ISA_T32    = 2'd2;
  localparam [4:0] EXC_PE_RESET = 5'h00;
  localparam [4:0] EXC_SERROR   = 5'h04;

  // address forms (ete_enc_addr)
  localparam [1:0] FORM_EXACT = 2'd0;
  localparam [1:0] FORM_SHORT = 2'd1;
  localparam [1:0] FORM_32    = 2'd2;
  localparam [1:0] FORM_64    = 2'd3;

  localparam RW    = RETIRE_WIDTH;
  localparam NSLOT = 16;                         // slots of the step
  localparam NBANK = NSLOT + 4;                  // and of the target resolutions before and after it
  localparam SLOTB = 20;                         // bytes per slot (the longest packet)
  localparam RSD   = (RS_DEPTH > 0) ? RS_DEPTH : 1;
  localparam [63:0] CC_MAX = (64'd1 << CCSIZE) - 64'd1;   // R_TYNZR

  // ==========================================================================
  // Static configuration (TRCCONFIGR, register-fields.md 4)
  // ==========================================================================
  wire cfg_bb   = trcconfigr_i[3];
  wire cfg_cci  = trcconfigr_i[4];
  wire cfg_cid  = trcconfigr_i[6];
  wire cfg_vmid = trcconfigr_i[7];
  wire cfg_ts   = trcconfigr_i[11];
  wire cfg_rs   = trcconfigr_i[12] && (RS_DEPTH > 0);
  wire [11:0] cc_threshold = trcccctlr_i[11:0];
  // TRCSYNCPR.PERIOD: 0 = no periodic synchronization, 8..20 = every 2^PERIOD
  // bytes (D1.9.2); the reserved values also turn it off.
  wire [4:0] sync_period = (trcsyncpr_i[4:0] >= 5'd8 && trcsyncpr_i[4:0] <= 5'd20) ?
                           trcsyncpr_i[4:0] : 5'd0;
  // ViewInst depends on the instruction address (model addr_filter): no
  // fast path
  wire addr_filter = (trcviiectlr_i != 32'd0) || (trcvissctlr_i != 32'd0);

  // ==========================================================================
  // Helper functions
  // ==========================================================================
  // R_F5WRC: address bits [1:0] (IS0) or [0] (IS1) are traced as zero
  function [63:0] addr_of;
    input [63:1] pc;
    input        is1;
    begin
      addr_of = {pc[63:2], is1 & pc[1], 1'b0};
    end
  endfunction

  // D9.2.14.4: a Short IS0 packet replaces bits [8:2] or [16:2] of history
  // entry 0, IS1 bits [7:1] or [15:1]; 0 when no Short form fits.
  function [1:0] short_bytes;
    input [63:8] a;
    input [63:8] ref_a;
    input        is1;
    reg   [63:8] d;
    begin
      d = a ^ ref_a;
      if (is1)
        short_bytes = (d[63:8] == 56'd0) ? 2'd1 : (d[63:16] == 48'd0) ? 2'd2 : 2'd0;
      else
        short_bytes = (d[63:9] == 55'd0) ? 2'd1 : (d[63:17] == 47'd0) ? 2'd2 : 2'd0;
    end
  endfunction

  // R_PBVZM, R_GPNRJ, R_DJMQM, D3.4: the P0 instructions
  function is_p0;
    input [3:0] ic;
    begin
      case (ic)
        IC_B, IC_BCOND, IC_BL, IC_BR, IC_BLR, IC_RET, IC_ERET, IC_ISB, IC_WFX, IC_TSTART:
          is_p0 = 1'b1;
        default:
          is_p0 = 1'b0;
      endcase
    end
  endfunction

  // exception types defined by D5.13 (the others are reserved)
  function exc_type_ok;
    input [4:0] t;
    begin
      case (t)
        5'h00, 5'h01, 5'h02, 5'h03, 5'h04, 5'h06, 5'h07, 5'h0A, 5'h0B, 5'h0C, 5'h0E, 5'h0F,
        5'h10, 5'h11, 5'h12, 5'h13, 5'h14, 5'h15, 5'h16, 5'h17:
          exc_type_ok = 1'b1;
        default:
          exc_type_ok = 1'b0;
      endcase
    end
  endfunction

  // ---- atoms (D6.11.2) ------------------------------------------------------
  // Valid patterns of 4 and 5 atoms (bit i = atom i, 1 = E): Format 4 NEEE
  // NNNN NENE ENEN, Format 6 EEEE EEEN; Format 5.1 NEEEE, Format 5.2 NNNNN
  // NENEN ENENE, Format 6 EEEEE EEEEN.  6..24 atoms: E...E then E or N.
  function atoms_valid4;
    input [3:0] b;
    begin
      atoms_valid4 = (b == 4'hE) || (b == 4'h0) || (b == 4'hA) || (b == 4'h5) ||
                     (b == 4'hF) || (b == 4'h7);
    end
  endfunction

  function atoms_valid5;
    input [4:0] b;
    begin
      atoms_valid5 = (b == 5'h1E) || (b == 5'h00) || (b == 5'h0A) || (b == 5'h15) ||
                     (b == 5'h1F) || (b == 5'h0F);
    end
  endfunction

  // The length of the longest valid pattern at the start of n atoms b: the
  // packet greedy packing outputs (optimal: every suffix of a valid pattern
  // is valid).
  function [4:0] atoms_take;
    input [23:0] b;
    input [4:0]  n;
    reg   [4:0]  ones;      // E atoms at the start of b
    reg          stop;
    integer      i;
    begin
      ones = 5'd0;
      stop = 1'b0;
      for (i = 0; i < 24; i = i + 1) begin
        if (!stop && b[i])
          ones = ones + 5'd1;
        else
          stop = 1'b1;
      end
      if (n <= 5'd3)
        atoms_take = n;
      else if (n >= 5'd6 && ones >= 5'd5)
        atoms_take = (n <= ones + 5'd1) ? n : ones + 5'd1;
      else if (n >= 5'd5 && atoms_valid5(b[4:0]))
        atoms_take = 5'd5;
      else if (atoms_valid4(b[3:0]))
        atoms_take = 5'd4;
      else
        atoms_take = 5'd3;
    end
  endfunction

  // With n atoms b buffered (the newest atom e), nothing is output yet: b is
  // a proper prefix of a longer valid pattern (ENN, EEN, NNE are complete at
  // three atoms; NNNN ENEN NENE NEEE EEEE wait at four; EEEEE at five; E^k
  // waits while k < 24).
  function atoms_wait;
    input [4:0]  b;
    input [4:0]  n;
    input        e;
    begin
      case (n)
        5'd1, 5'd2: atoms_wait = 1'b1;
        5'd3:       atoms_wait = (b[2:0] == 3'd0) || (b[2:0] == 3'd2) || (b[2:0] == 3'd5) ||
                                 (b[2:0] == 3'd6) || (b[2:0] == 3'd7);
        5'd4:       atoms_wait = (b[3:0] == 4'h0) || (b[3:0] == 4'h5) || (b[3:0] == 4'hA) ||
                                 (b[3:0] == 4'hE) || (b[3:0] == 4'hF);
        5'd5:       atoms_wait = (b[4:0] == 5'h1F);
        default:    atoms_wait = e && (n < 5'd24);
      endcase
    end
  endfunction

  // ==========================================================================
  // State
  // ==========================================================================
  // operation control
  reg        en_q, en_d;                   // enabled: between start and the finish flush
  reg        fin_pend_q, fin_pend_d;       // finish requested, not yet performed
  // synchronization
  reg        started_q, started_d;         // the first A-Sync has been output
  reg        need_sync_q, need_sync_d;     // A-Sync + Trace Info due before the first packet
  reg [21:0] sync_bytes_q, sync_bytes_d;   // bytes since the start of the last A-Sync (saturating)
  // analyzer mirror: address history buffer (D6.11.3), context, timestamp
  reg [63:0] ahb0_q, ahb0_d, ahb1_q, ahb1_d, ahb2_q, ahb2_d;
  reg [2:0]  ahb_is1_q, ahb_is1_d;
  reg [1:0]  octx_el_q, octx_el_d;
  reg        octx_ns_q, octx_ns_d;
  reg        octx_sf_q, octx_sf_d;
  reg [31:0] octx_cid_q, octx_cid_d;
  reg [31:0] octx_vmid_q, octx_vmid_d;
  reg        octx_valid_q, octx_valid_d;   // a Context element was output since Trace Info
  reg [63:0] last_ts_q, last_ts_d;
  // tracing state
  reg        active_q, active_d;           // TRCRSR.TA: the last record was traced
  reg        uncovered_q, uncovered_d;     // traced instructions wait for a P0 element
  reg        need_addr_q, need_addr_d;     // a Target Address element is pending
  reg        pend_rs_ok_q, pend_rs_ok_d;   // ... and a return stack match may remove it
  reg        force_ctx_q, force_ctx_d;     // a Context element is due even if unchanged
  reg        ss_q, ss_d;                   // TRCVICTLR.SSSTATUS
  reg        ss_tstart_q, ss_tstart_d;     // SSSTATUS after the outer TSTART (R_CVQEV)
  reg        ss_tstart_valid_q, ss_tstart_valid_d;
  reg        ta_tstart_q, ta_tstart_d;     // TRCRSR.TA after the outer TSTART (R_CJTJM)
  reg        bb_prev_q, bb_prev_d;         // the last P0 instruction was in a broadcasting region
  reg        cur_ns_q, cur_ns_d;           // Security state last observed
  // return stack (D6.11.4): entry 0 is the top
  reg [64*RSD-1:0] rs_addr_q, rs_addr_d;
  reg [RSD-1:0]    rs_is1_q, rs_is1_d;
  reg [4:0]        rs_n_q, rs_n_d;
  // atoms waiting to be packed: bit i = atom i, 1 = E
  reg [23:0] atoms_q, atoms_d;
  reg [4:0]  natoms_q, natoms_d;
  // cycle counting (D6.9.18)
  reg        cc_valid_q, cc_valid_d;       // a reference commit exists
  reg [63:0] cc_ref_q, cc_ref_d;           // cycle of the reference commit
  // timestamps (D6.9.16)
  reg        ts_req_q, ts_req_d;
  reg        elem_since_ts_q, elem_since_ts_d;
  reg [63:0] elem_ts_q, elem_ts_d;         // record of the most recent P0/Event element
  reg [63:0] elem_cycle_q, elem_cycle_d;
  // transactions (D6.9.9 - D6.9.11)
  reg [7:0]  tx_depth_q, tx_depth_d;
  reg        tx_traced_q, tx_traced_d;     // a Transaction Start element was output
  // the fast path (model: quiet, pv_*, extin_used)
  reg        qx_q, qx_d;                   // quiet but for need_addr (see the window)
  reg        quiet_d;                      // the model's quiet after the step
  reg [1:0]  pv_el_q, pv_el_d;             // inputs of the last stepped record
  reg [1:0]  pv_isa_q, pv_isa_d;
  reg        pv_ns_q, pv_ns_d;
  reg [31:0] pv_cid1_q, pv_cid1_d;
  reg [31:0] pv_cid2_q, pv_cid2_d;
  reg [7:0]  pv_ext_q, pv_ext_d;           // ... its external inputs that a resource reads
  reg [7:0]  ext_used_q, ext_used_d;       // the external inputs some resource reads
  reg        uncovered_fin;                // uncovered_d with the records absorbed after the step
  // the packet bank
  reg [NBANK-1:0]         bank_vld_q, bank_vld_d;
  reg [NBANK*8*SLOTB-1:0] bank_data_q, bank_data_d;
  reg [NBANK*5-1:0]       bank_len_q, bank_len_d;
  reg [NBANK*7-1:0]       bank_type_q, bank_type_d;
  // the output packer (computed from the bank, below)
  reg [NBANK-1:0]         pk_incl;         // slots that leave in the bundle on offer
  reg                     bank_last;       // ... and they are all the bank holds
  reg                     sync_req_step;   // the bytes up to the step's raise a synchronization request
  // the resolution of an indirect branch's target at lane 0, and the state
  // the step sees after it (*_pre)
  reg                     lr;              // lane 0 is a target resolved this clock
  reg [1:0]               lr_vld;          // its slots: 0 atoms, 1 Target Address
  reg                     need_addr_pre, pend_rs_ok_pre, uncovered_pre;
  reg [63:0]              ahb0_pre, ahb1_pre, ahb2_pre;
  reg [2:0]               ahb_is1_pre;
  reg [64*RSD-1:0]        rs_addr_pre;
  reg [RSD-1:0]           rs_is1_pre;
  reg [4:0]               rs_n_pre;
  reg [23:0]              atoms_pre;
  reg [4:0]               natoms_pre;
  // the resolution of the stepped branch's target (lane n_lead + 1), and
  // the state after it (*_fin)
  reg                     er;              // lane n_lead + 1 is a target resolved this clock
  reg [1:0]               er_vld;          // its slots: atoms, Target Address
  reg                     need_addr_fin, pend_rs_ok_fin, quiet_fin;
  reg [63:0]              ahb0_fin, ahb1_fin, ahb2_fin;
  reg [2:0]               ahb_is1_fin;
  reg [64*RSD-1:0]        rs_addr_fin;
  reg [RSD-1:0]           rs_is1_fin;
  reg [4:0]               rs_n_fin;
  reg [23:0]              atoms_fin;
  reg [4:0]               natoms_fin;

  // ==========================================================================
  // The record window: leading absorption, the step lane, trailing
  // absorption (docs/ete-rtl-encoder.md, "Record window")
  // ==========================================================================
  // The model's fast path (ete_model.c: step_fast, ete_model_run) proves
  // that a record is fully accounted for by `uncovered |= active` when the
  // state is quiet (the flag slow_step computes at its end) and the record
  // is a PE_KIND_INSN of class PE_IC_OTHER with the inputs of the record
  // before it (same_inputs: EL, instruction set, Security state,
  // CONTEXTIDR_EL1/EL2, the external inputs some resource reads), unless it
  // is in Transactional state outside a known transaction.  The model's
  // quiet is qx_q && !need_addr_q && !sync_req here: qx_q is the rest of
  // slow_step's condition, registered at the end of every step.  The
  // synchronization request matters only at a record with no traced
  // instruction waiting for its P0 element (R_SVGNN: slow_step services it
  // there first); at a record where uncovered is set, slow_step of such an
  // instruction does nothing but `uncovered |= active` either, so it is
  // absorbed whatever sync_req (ete_model_run leaves such records to
  // slow_step, with the same result).  Likewise force_ctx only matters
  // while tracing, and classes EXCGEN and TCANCEL are, in do_insn, what
  // OTHER is (not P0, no transaction, timestamp or context effect), so they
  // are absorbed as well.
  //
  // With qx_q set but a Target Address element due (need_addr_q: the
  // stepped instruction was a traced indirect branch), such a record is the
  // branch's target, and slow_step would only resolve() it: the context is
  // the one just output (same inputs, force_ctx clear), so it is removed by
  // a return stack match or gets a Target Address packet (after the pending
  // atoms), and it becomes uncovered.  ete_model_run's batched path does
  // exactly this after a fast indirect branch.  Lane 0 is resolved so (lr)
  // from the registered history and stack, beside the window logic, and
  // the step sees the state after it (*_pre).  Likewise the lane after
  // the stepped record, when the step leaves the state so (er: its form and
  // return stack match computed beside the step, from the history and stack
  // as the step finds them, so it is done only when the step changes
  // neither: no address, Transaction Failure or synchronization packet, no
  // return stack pop).
  //
  // Per clock the core consumes: the leading records absorbable with the
  // registered state (lane 0 possibly resolved), then steps the next record
  // or marker (lane n_lead, the only lane the full step sees), then absorbs
  // the records after it that are absorbable with the state after the step.
  wire bank_any  = (bank_vld_q != {NBANK{1'b0}});
  wire pkt_hand  = bank_any && pkt_ready_i;
  wire bank_free = !bank_any || (pkt_hand && bank_last);

  // D1.9.2: a periodic synchronization request is pending (2^PERIOD bytes
  // since the last A-Sync; ete_model.c sync_req)
  reg     sync_req;
  integer sj;
  always @* begin
    sync_req = 1'b0;
    for (sj = 8; sj <= 20; sj = sj + 1)
      if (sync_period == sj[4:0] && (sync_bytes_q >> sj) != 22'd0)
        sync_req = 1'b1;
  end

  // lane k: absorbable class (an instruction of class OTHER, EXCGEN or
  // TCANCEL, not a marker),
  // the same inputs as lane k - 1 (lane 0: as the last stepped record, pv_*),
  // and its TSTATE flag
  reg [RW-1:0] ln_other, ln_same, ln_tst;
  reg [RW-1:0] ln_valid;                   // lanes held, contiguous from lane 0
  integer      lk;
  always @* begin
    for (lk = 0; lk < RW; lk = lk + 1) begin
      ln_valid[lk] = rec_valid_i[lk];
      ln_other[lk] = !rec_marker_i[lk] && rec_kind_i[2*lk +: 2] == KIND_INSN &&
                     (rec_iclass_i[4*lk +: 4] == IC_OTHER || rec_iclass_i[4*lk +: 4] == IC_EXCGEN ||
                      rec_iclass_i[4*lk +: 4] == IC_TCANCEL);
      ln_tst[lk]   = rec_flags_i[4*lk + 2];
      if (lk == 0)
        ln_same[lk] = rec_el_i[1:0] == pv_el_q && rec_isa_i[1:0] == pv_isa_q &&
                      rec_flags_i[1] == pv_ns_q &&
                      rec_contextidr_el1_i[31:0] == pv_cid1_q &&
                      rec_contextidr_el2_i[31:0] == pv_cid2_q &&
                      (rec_ext_in_i[7:0] & ext_used_q) == pv_ext_q;
      else
        ln_same[lk] = rec_el_i[2*lk +: 2] == rec_el_i[2*(lk-1) +: 2] &&
                      rec_isa_i[2*lk +: 2] == rec_isa_i[2*(lk-1) +: 2] &&
                      rec_flags_i[4*lk + 1] == rec_flags_i[4*(lk-1) + 1] &&
                      rec_contextidr_el1_i[32*lk +: 32] == rec_contextidr_el1_i[32*(lk-1) +: 32] &&
                      rec_contextidr_el2_i[32*lk +: 32] == rec_contextidr_el2_i[32*(lk-1) +: 32] &&
                      ((rec_ext_in_i[8*lk +: 8] ^ rec_ext_in_i[8*(lk-1) +: 8]) & ext_used_q) == 8'd0;
    end
  end

  // (a) leading absorption, with the registered state; lane 0 may be a
  //     target to resolve (lr: only without a synchronization request, as
  //     the model's quiet, and with the first A-Sync out, so that it emits
  //     no synchronization of its own, which always holds after a traced
  //     branch).  lead_unc: uncovered at the lane.
  reg [2:0] n_lead;                        // lanes consumed before the step lane
  reg       lead_run, lead_unc;
  always @* begin
    n_lead   = 3'd0;
    lr       = 1'b0;
    lead_run = !start_i && en_q && qx_q;
    lead_unc = uncovered_q;
    for (lk = 0; lk < RW; lk = lk + 1) begin
      lead_run = lead_run && ln_valid[lk] && ln_other[lk] && ln_same[lk] &&
                 !(ln_tst[lk] && tx_depth_q == 8'd0);
      if (lk == 0 && need_addr_q) begin
        lead_run = lead_run && !sync_req && !need_sync_q && !force_ctx_q;
        lr       = lead_run;
      end else begin
        lead_run = lead_run && (!sync_req || lead_unc);
      end
      if (lead_run)
        n_lead = n_lead + 3'd1;
      lead_unc = lead_unc || active_q;
    end
  end

  // (b) the step lane: lane n_lead, a RETIRE_WIDTH:1 multiplexer in front
  //     of the step (a lane index computed from registered state and lane
  //     comparisons only)
  reg        st_valid, st_marker;
  reg [1:0]  st_kind, st_isa, st_el, st_from_el;
  reg [3:0]  st_iclass, st_flags;
  reg [4:0]  st_exc_type;
  reg [63:0] st_pc, st_cycle, st_timestamp;
  reg [31:0] st_contextidr_el1, st_contextidr_el2;
  reg [7:0]  st_ext_in;
  always @* begin
    st_valid          = 1'b0;
    st_marker         = 1'b0;
    st_kind           = 2'd0;
    st_iclass         = 4'd0;
    st_isa            = 2'd0;
    st_el             = 2'd0;
    st_from_el        = 2'd0;
    st_exc_type       = 5'd0;
    st_flags          = 4'd0;
    st_pc             = 64'd0;
    st_cycle          = 64'd0;
    st_timestamp      = 64'd0;
    st_contextidr_el1 = 32'd0;
    st_contextidr_el2 = 32'd0;
    st_ext_in         = 8'd0;
    for (lk = 0; lk < RW; lk = lk + 1) begin
      if (n_lead == lk[2:0]) begin
        st_valid          = rec_valid_i[lk];
        st_marker         = rec_marker_i[lk];
        st_kind           = rec_kind_i[2*lk +: 2];
        st_iclass         = rec_iclass_i[4*lk +: 4];
        st_isa            = rec_isa_i[2*lk +: 2];
        st_el             = rec_el_i[2*lk +: 2];
        st_from_el        = rec_from_el_i[2*lk +: 2];
        st_exc_type       = rec_exc_type_i[5*lk +: 5];
        st_flags          = rec_flags_i[4*lk +: 4];
        st_pc             = rec_pc_i[64*lk +: 64];
        st_cycle          = rec_cycle_i[64*lk +: 64];
        st_timestamp      = rec_timestamp_i[64*lk +: 64];
        st_contextidr_el1 = rec_contextidr_el1_i[32*lk +: 32];
        st_contextidr_el2 = rec_contextidr_el2_i[32*lk +: 32];
        st_ext_in         = rec_ext_in_i[8*lk +: 8];
      end
    end
  end

  // records with a reserved kind, class, instruction set or exception type
  // are skipped (ete_model_error)
  wire rec_ok = (st_isa != 2'd3) &&
                !(st_kind == KIND_INSN && st_iclass >= 4'd14) &&
                !(st_kind == KIND_EXC && !exc_type_ok(st_exc_type));

  // The step computes the operation on offer (try_*); it takes place (op_*)
  // when the bank is free, which only enables the registers.
  wire try_rec    = !start_i && en_q && st_valid && !st_marker;
  wire try_marker = !start_i && en_q && st_valid && st_marker;
  // the finish flush waits until every record presented before it is taken
  wire try_finish = !start_i && en_q && (finish_i || fin_pend_q) && !rec_valid_i[0];
  wire op_rec     = try_rec && bank_free;
  wire op_marker  = try_marker && bank_free;
  wire op_finish  = try_finish && bank_free;
  wire op_any     = op_rec || op_marker || op_finish;
  wire op_absorb  = !start_i && en_q && bank_free && (n_lead != 3'd0);
  // the trace unit state takes the step's result
  wire step_en    = start_i || op_any || op_absorb;

  // (c) trailing absorption, with the state after the step and the target
  //     resolution after it (quiet_fin, tx_depth_d, uncovered; the
  //     synchronization request the bytes up to the step's raise: after a
  //     resolution the lanes are uncovered, so its bytes do not matter)
  reg [2:0] n_trail;
  reg       trail_run, trail_unc;
  always @* begin
    n_trail   = 3'd0;
    trail_run = try_rec && quiet_fin;
    trail_unc = uncovered_d || (er && active_d);
    for (lk = 1; lk < RW; lk = lk + 1) begin
      if (lk[2:0] > n_lead + {2'b00, er}) begin
        trail_run = trail_run && ln_valid[lk] && ln_other[lk] && ln_same[lk] &&
                    !(ln_tst[lk] && tx_depth_d == 8'd0) && (!sync_req_step || trail_unc);
        if (trail_run)
          n_trail = n_trail + 3'd1;
        trail_unc = trail_unc || active_d;
      end
    end
  end

  // While not enabled, records are taken and ignored (like the model after
  // finish); while enabled, the lanes absorbed and stepped when the bank is
  // free.
  reg [2:0] n_held;
  always @* begin
    n_held = 3'd0;
    for (lk = 0; lk < RW; lk = lk + 1)
      if (ln_valid[lk])
        n_held = n_held + 3'd1;
  end
  assign rec_take_o = start_i  ? 3'd0 :
                      !en_q    ? n_held :
                      bank_free ? n_lead + {2'b00, try_rec || try_marker} + {2'b00, er} + n_trail :
                                  3'd0;

  // the previous record's inputs (model pv_*), for lane 0's comparison, and
  // the uncovered flag with the absorbed records' effect
  // (m->uncovered |= m->active)
  always @* begin
    pv_el_d   = pv_el_q;
    pv_isa_d  = pv_isa_q;
    pv_ns_d   = pv_ns_q;
    pv_cid1_d = pv_cid1_q;
    pv_cid2_d = pv_cid2_q;
    pv_ext_d  = pv_ext_q;
    if (try_rec) begin
      pv_el_d   = st_el;
      pv_isa_d  = st_isa;
      pv_ns_d   = st_flags[1];
      pv_cid1_d = st_contextidr_el1;
      pv_cid2_d = st_contextidr_el2;
      pv_ext_d  = st_ext_in & ext_used_q;
    end
    uncovered_fin = uncovered_d | ((er || n_trail != 3'd0) && active_d);
  end

  // External inputs some resource reads (model configure(): extin_used):
  // the SELECT bits of the group 0b0000 Resource Selectors that the
  // ViewInst event, the enabled Event elements and (with TRCCONFIGR.TS) the
  // timestamp event select; fixed while enabled, registered at start.
  localparam [7:0] EXTIN_MASK = (NUM_EXTIN >= 8) ? 8'hFF : ((8'd1 << NUM_EXTIN) - 8'd1);
  function [7:0] sel_ext;
    input [4:0]       sel;
    input             typ;
    input [32*32-1:0] rs;
    integer           n;
    begin
      sel_ext = 8'd0;
      for (n = 2; n < 16; n = n + 1)
        if (rs[32*n + 16 +: 4] == 4'd0 &&
            ((!typ && sel == n[4:0]) || (typ && sel[3:0] == n[4:1] && sel[4] == 1'b0)))
          sel_ext = sel_ext | rs[32*n +: 8];
    end
  endfunction
  reg [7:0] ext_used_cfg;
  integer   ue;
  always @* begin
    ext_used_cfg = sel_ext(trcvictlr_i[4:0], trcvictlr_i[7], trcrsctlr_i);
    for (ue = 0; ue < NUM_EVENTS; ue = ue + 1)
      if (trceventctl1r_i[ue])
        ext_used_cfg = ext_used_cfg | sel_ext(trceventctl0r_i[8*ue +: 5],
                                              trceventctl0r_i[8*ue + 7], trcrsctlr_i);
    if (cfg_ts)
      ext_used_cfg = ext_used_cfg | sel_ext(trctsctlr_i[4:0], trctsctlr_i[7], trcrsctlr_i);
    ext_used_d = start_i ? (ext_used_cfg & EXTIN_MASK) : ext_used_q;
  end

  always @* begin
    fin_pend_d = fin_pend_q;
    if (start_i || op_finish)
      fin_pend_d = 1'b0;
    else if (finish_i && en_q)
      fin_pend_d = 1'b1;
  end

  assign finish_done_o = !en_q && !fin_pend_q && !bank_any;

  // ==========================================================================
  // Resources and filter comparators for the record on the input
  // ==========================================================================
  wire       res_vi_el_ok, res_vi_ie_ok, res_ss_start, res_ss_stop, res_vi_event;
  wire       res_bb_region, res_ts_event;
  wire [3:0] res_events;

  ete_enc_res #(
    .NUM_ACPAIRS (NUM_ACPAIRS),
    .NUM_EVENTS  (NUM_EVENTS),
    .NUM_EXTIN   (NUM_EXTIN)
  ) u_res (
    .trcvictlr_i     (trcvictlr_i),
    .trcviiectlr_i   (trcviiectlr_i),
    .trcvissctlr_i   (trcvissctlr_i),
    .trcbbctlr_i     (trcbbctlr_i),
    .trceventctl0r_i (trceventctl0r_i),
    .trceventctl1r_i (trceventctl1r_i),
    .trctsctlr_i     (trctsctlr_i),
    .trcrsctlr_i     (trcrsctlr_i),
    .trcacvr_i       (trcacvr_i),
    .trcacatr_i      (trcacatr_i),
    .pc_i            (st_pc),
    .el_i            (st_el),
    .ns_i            (st_flags[1]),
    .ext_in_i        (st_ext_in),
    .arc_hit_i       (8'd0),                // PC_CMP 1: compared with pc_i
    .sac_hit_i       (16'd0),
    .vi_el_ok_o      (res_vi_el_ok),
    .vi_ie_ok_o      (res_vi_ie_ok),
    .ss_start_o      (res_ss_start),
    .ss_stop_o       (res_ss_stop),
    .vi_event_o      (res_vi_event),
    .bb_region_o     (res_bb_region),
    .events_o        (res_events),
    .ts_event_o      (res_ts_event)
  );

  // ==========================================================================
  // The step: one operation (record, overflow marker, finish).  It computes
  // the operation on offer (try_*); the state registers keep the result and
  // the bank takes the packets only when the operation takes place.
  // ==========================================================================
  // slot descriptors
  reg [NSLOT-1:0] s_vld;
  reg        s0_ovf;                       // slot 0: Overflow instead of atoms
  reg        s2_t;                         // Trace Info: T (R_WJJKK)
  reg [1:0]  s3_e;                         // Transaction Failure: E
  reg [1:0]  s14_e;                        // Transaction Failure at disable: E
  reg        s5_same;                      // Context Same instead of Context
  reg        s6_exc, s6_unk, s6_nb2, s6_is1, s6_ctx;
  reg [1:0]  s6_e, s6_form, s6_q;
  reg [4:0]  s6_type;
  reg [63:0] s6_addr;
  reg [1:0]  cx_el;                        // context fields of slots 5 and 6
  reg        cx_ns, cx_sf, cx_c, cx_v;
  reg [31:0] cx_cid, cx_vmid;
  reg [23:0] s8_atoms, s9_atoms;
  reg [4:0]  s8_k, s9_k;
  reg        s10_known;
  reg [19:0] s10_count;
  reg        s11_commit;
  reg [3:0]  s12_ev;
  reg [63:0] s13_ts, s13_prev;
  reg        s13_has;
  reg [19:0] s13_count;
  reg        sync_fire;                    // this operation output an A-Sync

  // step working variables
  reg        full_sync, pushed, p0_done, traced, p0, taken, bb, rs_ok, forced;
  reg        vi, s_ok, was_traced, abort;
  reg        need_a, need_c, site, sep, ctx_same, fits32, exc_site;
  reg [1:0]  c_el, from_el;
  reg        c_ns, c_sf;
  reg [31:0] c_cid, c_vmid;
  reg        a_is1;
  reg [63:0] a_addr, ret_addr, cc_d;
  reg [1:0]  f_form, f_q, f_nb;
  reg [3:0]  f_size, cpay, csz, comb;
  reg [23:0] ab;
  reg [4:0]  an, ak;
  reg        rs_pop, rs_push, rs_push_is1;
  reg [63:0] rs_push_addr;
  reg        ts_emit;
  reg [63:0] ts_val, ts_cyc;
  reg [3:0]  ev;
  integer    j;

  always @* begin : p_step
    // ---- defaults: hold the state
    en_d              = en_q;
    started_d         = started_q;
    need_sync_d       = need_sync_q;
    ahb0_d            = ahb0_pre;
    ahb1_d            = ahb1_pre;
    ahb2_d            = ahb2_pre;
    ahb_is1_d         = ahb_is1_pre;
    octx_el_d         = octx_el_q;
    octx_ns_d         = octx_ns_q;
    octx_sf_d         = octx_sf_q;
    octx_cid_d        = octx_cid_q;
    octx_vmid_d       = octx_vmid_q;
    octx_valid_d      = octx_valid_q;
    last_ts_d         = last_ts_q;
    active_d          = active_q;
    uncovered_d       = uncovered_pre;
    qx_d              = qx_q;
    quiet_d           = 1'b0;
    need_addr_d       = need_addr_pre;
    pend_rs_ok_d      = pend_rs_ok_pre;
    force_ctx_d       = force_ctx_q;
    ss_d              = ss_q;
    ss_tstart_d       = ss_tstart_q;
    ss_tstart_valid_d = ss_tstart_valid_q;
    ta_tstart_d       = ta_tstart_q;
    bb_prev_d         = bb_prev_q;
    cur_ns_d          = cur_ns_q;
    rs_addr_d         = rs_addr_pre;
    rs_is1_d          = rs_is1_pre;
    rs_n_d            = rs_n_pre;
    atoms_d           = atoms_pre;
    natoms_d          = natoms_pre;
    cc_valid_d        = cc_valid_q;
    cc_ref_d          = cc_ref_q;
    ts_req_d          = ts_req_q;
    elem_since_ts_d   = elem_since_ts_q;
    elem_ts_d         = elem_ts_q;
    elem_cycle_d      = elem_cycle_q;
    tx_depth_d        = tx_depth_q;
    tx_traced_d       = tx_traced_q;

    // ---- defaults: no packet
    s_vld      = {NSLOT{1'b0}};
    s0_ovf     = 1'b0;
    s2_t       = 1'b0;
    s3_e       = 2'd0;
    s14_e      = 2'd0;
    s5_same    = 1'b0;
    s6_exc     = 1'b0;
    s6_unk     = 1'b0;
    s6_nb2   = 1'b0;
    s6_is1     = 1'b0;
    s6_ctx     = 1'b0;
    s6_e       = 2'd0;
    s6_form    = FORM_EXACT;
    s6_q       = 2'd0;
    s6_type    = 5'd0;
    s6_addr    = 64'd0;
    cx_el      = 2'd0;
    cx_ns      = 1'b0;
    cx_sf      = 1'b0;
    cx_c       = 1'b0;
    cx_v       = 1'b0;
    cx_cid     = 32'd0;
    cx_vmid    = 32'd0;
    s8_atoms   = 24'd0;
    s8_k       = 5'd0;
    s9_atoms   = 24'd0;
    s9_k       = 5'd0;
    s10_known  = 1'b0;
    s10_count  = 20'd0;
    s11_commit = 1'b0;
    s12_ev     = 4'd0;
    s13_ts     = 64'd0;
    s13_prev   = 64'd0;
    s13_has    = 1'b0;
    s13_count  = 20'd0;
    sync_fire  = 1'b0;

    // ---- defaults: working variables
    full_sync    = 1'b0;
    pushed       = 1'b0;
    p0_done      = 1'b0;
    traced       = 1'b0;
    p0           = 1'b0;
    taken        = 1'b0;
    bb           = 1'b0;
    rs_ok        = 1'b0;
    forced       = 1'b0;
    vi           = 1'b0;
    s_ok         = 1'b0;
    was_traced   = 1'b0;
    abort        = 1'b0;
    need_a       = 1'b0;
    need_c       = 1'b0;
    site         = 1'b0;
    sep          = 1'b0;
    ctx_same     = 1'b0;
    fits32       = 1'b0;
    exc_site     = 1'b0;
    c_el         = 2'd0;
    from_el      = 2'd0;
    c_ns         = 1'b0;
    c_sf         = 1'b0;
    c_cid        = 32'd0;
    c_vmid       = 32'd0;
    a_is1        = 1'b0;
    a_addr       = 64'd0;
    ret_addr     = 64'd0;
    cc_d         = 64'd0;
    f_form       = FORM_EXACT;
    f_q          = 2'd0;
    f_nb         = 2'd0;
    f_size       = 4'd0;
    cpay         = 4'd0;
    csz          = 4'd0;
    comb         = 4'd0;
    ab           = 24'd0;
    an           = 5'd0;
    ak           = 5'd0;
    rs_pop       = 1'b0;
    rs_push      = 1'b0;
    rs_push_is1  = 1'b0;
    rs_push_addr = 64'd0;
    ts_emit      = 1'b0;
    ts_val       = 64'd0;
    ts_cyc       = 64'd0;
    ev           = 4'd0;

    if (start_i) begin
      // ---- ete_model_new: trace enabled with the registers on the inputs
      en_d              = 1'b1;
      started_d         = 1'b0;
      need_sync_d       = 1'b1;            // R_QZRMQ: becoming operative
      ahb0_d            = 64'd0;
      ahb1_d            = 64'd0;
      ahb2_d            = 64'd0;
      ahb_is1_d         = 3'd0;
      octx_el_d         = 2'd0;
      octx_ns_d         = 1'b0;
      octx_sf_d         = 1'b0;
      octx_cid_d        = 32'd0;
      octx_vmid_d       = 32'd0;
      octx_valid_d      = 1'b0;
      last_ts_d         = 64'd0;
      active_d          = 1'b0;
      uncovered_d       = 1'b0;
      need_addr_d       = 1'b0;
      pend_rs_ok_d      = 1'b0;
      force_ctx_d       = 1'b0;
      ss_d              = trcvictlr_i[9];  // TRCVICTLR.SSSTATUS
      ss_tstart_d       = 1'b0;
      ss_tstart_valid_d = 1'b0;
      ta_tstart_d       = 1'b0;
      bb_prev_d         = 1'b0;
      cur_ns_d          = 1'b0;
      rs_n_d            = 5'd0;
      atoms_d           = 24'd0;
      natoms_d          = 5'd0;
      cc_valid_d        = 1'b0;
      cc_ref_d          = 64'd0;
      ts_req_d          = 1'b0;
      elem_since_ts_d   = 1'b0;
      elem_ts_d         = 64'd0;
      elem_cycle_d      = 64'd0;
      tx_depth_d        = 8'd0;
      tx_traced_d       = 1'b0;
      qx_d              = 1'b0;
    end else begin
      // ---- overflow marker (ete_model_overflow, D6.4)
      if (try_marker) begin
        qx_d            = 1'b0;
        atoms_d         = 24'd0;           // trace not yet output is lost
        natoms_d        = 5'd0;
        active_d        = 1'b0;            // R_QZPJ: TRCRSR.TA = 0
        uncovered_d     = 1'b0;
        need_addr_d     = 1'b0;
        pend_rs_ok_d    = 1'b0;
        force_ctx_d     = 1'b0;
        ts_req_d        = 1'b0;
        elem_since_ts_d = 1'b0;
        if (started_q) begin               // before any output nothing is lost
          s_vld[0]    = 1'b1;              // R_HRYKY: Overflow packet
          s0_ovf      = 1'b1;
          tx_traced_d = 1'b0;              // R_YTKLN: implied by the Overflow packet
          cc_valid_d  = 1'b0;              // R_HQKWH
          full_sync   = 1'b1;              // R_DQBDDH, I_YYNRQ
        end
      end

      // ---- periodic synchronization, serviced at the start of a record at
      //      which no traced instruction waits for its P0 element (R_SVGNN)
      if (try_rec && rec_ok && sync_req && !uncovered_d) begin
        if (natoms_d != 5'd0) begin
          s_vld[0] = 1'b1;
          atoms_d  = 24'd0;
          natoms_d = 5'd0;
        end
        full_sync = 1'b1;
      end

      // ---- A-Sync and Trace Info (D5.4, D5.7, D6.9.1)
      if (full_sync) begin
        s_vld[1]     = 1'b1;               // R_RTLJJC, R_VMPYW
        s_vld[2]     = 1'b1;
        s2_t         = tx_traced_d;        // R_WJJKK, R_QMTSR
        sync_fire    = 1'b1;
        need_sync_d  = 1'b0;
        started_d    = 1'b1;
        ahb0_d       = 64'd0;              // R_BTWGD
        ahb1_d       = 64'd0;
        ahb2_d       = 64'd0;
        ahb_is1_d    = 3'd0;
        last_ts_d    = 64'd0;              // R_GFQQ
        octx_el_d    = 2'd0;               // D9.2.6.2
        octx_ns_d    = 1'b0;
        octx_sf_d    = 1'b0;
        octx_cid_d   = 32'd0;
        octx_vmid_d  = 32'd0;
        octx_valid_d = 1'b0;               // R_PGHPW
        rs_n_d       = 5'd0;               // R_SBJB
        if (cfg_ts)
          ts_req_d = 1'b1;                 // R_YYWTR
        if (try_rec && active_d) begin     // R_SVGNN
          need_addr_d  = 1'b1;
          pend_rs_ok_d = 1'b0;
        end
      end

      // ---- one record (slow_step); a skipped record clears quiet as well
      if (try_rec)
        qx_d = 1'b0;
      if (try_rec && rec_ok) begin
        // the record's context (R_MKKZN; R_PTVTD: the VMID is CONTEXTIDR_EL2)
        c_el   = st_el;
        c_ns   = st_flags[1];
        c_sf   = (st_isa == ISA_A64);
        c_cid  = cfg_cid ? st_contextidr_el1 : 32'd0;
        c_vmid = cfg_vmid ? st_contextidr_el2 : 32'd0;
        a_is1  = (st_isa == ISA_T32);
        a_addr = addr_of(st_pc[63:1], a_is1);

        // -- outer transaction failure (D6.9.11): a TFAIL record, or an
        //    exception or PE Reset in Transactional state
        abort = (st_kind == KIND_TFAIL) ||
                ((st_kind == KIND_EXC || st_kind == KIND_RESET) &&
                 (tx_depth_d != 8'd0 || st_flags[2]));
        was_traced = tx_traced_d;
        if (abort) begin
          if (tx_depth_d != 8'd0 && ss_tstart_valid_d) begin
            ss_d     = ss_tstart_d;        // R_CVQEV
            // R_CJTJM: the failed transaction's instructions are undone, so
            // TRCRSR.TA is what it was after the outer TSTART
            active_d = ta_tstart_d;
          end
          if (tx_traced_d) begin
            s_vld[3]  = 1'b1;              // R_MHBCC
            s3_e      = need_addr_d ? 2'b10 : 2'b01;
            ahb2_d    = ahb1_d;            // R_FPDJF: 0, IS0
            ahb1_d    = ahb0_d;
            ahb0_d    = 64'd0;
            ahb_is1_d = {ahb_is1_d[1:0], 1'b0};
            // the analyzer drops every element since the Transaction Start
            // (I_XHLPG), return stack pushes and pops included
            rs_n_d       = 5'd0;
            force_ctx_d  = 1'b1;
            need_addr_d  = active_d;       // I_FRTGM
            pend_rs_ok_d = 1'b0;
            uncovered_d  = 1'b0;
          end
          tx_depth_d        = 8'd0;
          tx_traced_d       = 1'b0;
          ss_tstart_valid_d = 1'b0;
        end

        if (st_kind == KIND_INSN) begin
          // ---- an instruction (D6.8, D6.9)
          p0 = is_p0(st_iclass);
          // D6.8.1: ViewInst = E & I & S & N; SSSTATUS follows the start/stop
          // comparators on every instruction (D6.17, R_MVFYN)
          if (trcvissctlr_i != 32'd0) begin
            s_ok = ss_d || res_ss_start;
            ss_d = s_ok && !res_ss_stop;
          end else begin
            s_ok = ss_d;
          end
          vi = res_vi_el_ok && res_vi_ie_ok && s_ok && res_vi_event;
          // X_N5MSV: traced through the next P0 instruction
          traced = vi || uncovered_d;

          if (st_flags[2] && tx_depth_d == 8'd0 && st_iclass != IC_TSTART)
            tx_depth_d = 8'd1;             // trace started inside a transaction
          // R_YYWTR: an ISB, an exception return; R_NGXNQ: traced or not
          if (cfg_ts && (st_iclass == IC_ISB || st_iclass == IC_ERET))
            ts_req_d = 1'b1;

          if (!traced) begin
            active_d     = 1'b0;
            need_addr_d  = 1'b0;           // R_ZRYSN
            pend_rs_ok_d = 1'b0;
          end else begin
            if (!active_d) begin
              s_vld[4]     = 1'b1;         // R_LMLSN: Trace On
              rs_n_d       = 5'd0;         // R_SBJB
              active_d     = 1'b1;
              uncovered_d  = 1'b0;
              need_addr_d  = 1'b1;         // R_KMEKP
              pend_rs_ok_d = 1'b0;
            end
            // resolve the Target Address / Context elements due (R_ZRYSN,
            // R_BDFDQ)
            need_c = force_ctx_d || !octx_valid_d ||
                     !(c_el == octx_el_d && c_ns == octx_ns_d && c_sf == octx_sf_d &&
                       c_cid == octx_cid_d && c_vmid == octx_vmid_d);
            need_a = need_addr_d;
            site   = 1'b1;
            if (!p0) begin
              uncovered_d = 1'b1;
            end else begin
              bb = cfg_bb && res_bb_region;
            end
          end
        end else if (st_kind == KIND_EXC && st_exc_type != EXC_PE_RESET) begin
          // ---- an exception (D6.9.4)
          forced = (st_exc_type == EXC_SERROR) && trcvictlr_i[11];   // R_LTLEB
          traced = active_d || forced;                                   // R_DPMBQ
          if (cfg_ts)
            ts_req_d = 1'b1;               // R_YYWTR, R_NGXNQ
          if (!traced) begin
            need_addr_d  = 1'b0;
            pend_rs_ok_d = 1'b0;
            uncovered_d  = 1'b0;
          end else begin
            if (!active_d) begin
              s_vld[4]     = 1'b1;         // R_BBBBT: Trace On
              rs_n_d       = 5'd0;
              active_d     = 1'b1;
              uncovered_d  = 1'b0;
              need_addr_d  = 1'b1;
              pend_rs_ok_d = 1'b0;
            end
            // The preferred return address's context (R_YGXKK): the EL taken
            // from, Secure when taken from EL3, the Security state before the
            // exception when taken to EL3.
            from_el = st_from_el;
            if (from_el == 2'd3)
              c_ns = 1'b0;
            else if (st_el == 2'd3)
              c_ns = cur_ns_d;
            c_el = from_el;
            need_c = force_ctx_d || !octx_valid_d ||
                     !(c_el == octx_el_d && c_ns == octx_ns_d && c_sf == octx_sf_d &&
                       c_cid == octx_cid_d && c_vmid == octx_vmid_d);
            need_a   = need_addr_d;
            site     = 1'b1;
            exc_site = 1'b1;
          end
        end else if (st_kind == KIND_RESET || st_kind == KIND_EXC) begin
          // ---- PE Reset (D6.9.5)
          forced = trcvictlr_i[10];        // R_GPKSH: TRCVICTLR.TRCRESET
          traced = active_d || forced;
          if (cfg_ts)
            ts_req_d = 1'b1;               // R_YYWTR, R_NGXNQ
          if (traced) begin
            if (!active_d) begin
              s_vld[4]     = 1'b1;         // R_BBBBT: Trace On
              rs_n_d       = 5'd0;
              active_d     = 1'b1;
              uncovered_d  = 1'b0;
              need_addr_d  = 1'b1;
              pend_rs_ok_d = 1'b0;
            end
            s_vld[6]  = 1'b1;              // PE Reset packet
            s6_exc    = 1'b1;
            s6_unk    = 1'b1;
            s6_e      = need_addr_d ? 2'b10 : 2'b01;
            s6_type   = EXC_PE_RESET;
            ahb2_d    = ahb1_d;            // R_FPDJF
            ahb1_d    = ahb0_d;
            ahb0_d    = 64'd0;
            ahb_is1_d = {ahb_is1_d[1:0], 1'b0};
            p0_done   = 1'b1;
            active_d  = 1'b1;
            need_addr_d = 1'b1;
          end else begin
            active_d    = 1'b0;
            need_addr_d = 1'b0;
          end
          // R_JRNYF: no execution since the previous P0 element; the context
          // is UNKNOWN until a Context element
          pend_rs_ok_d = 1'b0;
          force_ctx_d  = 1'b1;
          uncovered_d  = 1'b0;
          cur_ns_d     = st_flags[1];
        end else begin
          // ---- TFAIL: the failure itself is handled above
          if (!was_traced && active_d) begin
            need_addr_d  = 1'b1;           // execution restarts elsewhere
            pend_rs_ok_d = 1'b0;
            uncovered_d  = 1'b0;
          end
        end

        // ---- Target Address / Context / Exception elements of a traced
        //      instruction or exception
        if (site) begin
          if (need_a && pend_rs_ok_d && rs_n_d != 5'd0 &&
              rs_addr_d[63:0] == a_addr && rs_is1_d[0] == a_is1) begin
            rs_pop = 1'b1;                 // R_QHSBN, R_HTKJS: removed by the return stack
            rs_n_d = rs_n_d - 5'd1;
            need_a = 1'b0;
          end
          need_addr_d  = 1'b0;
          pend_rs_ok_d = 1'b0;
          if (exc_site || need_a || need_c) begin
            // R_BPRDC, R_YLXFK: exact match with the lowest history entry,
            // else the shortest form relative to entry 0
            if (ahb0_d == a_addr && ahb_is1_d[0] == a_is1) begin
              f_form = FORM_EXACT;
              f_q    = 2'd0;
            end else if (ahb1_d == a_addr && ahb_is1_d[1] == a_is1) begin
              f_form = FORM_EXACT;
              f_q    = 2'd1;
            end else if (ahb2_d == a_addr && ahb_is1_d[2] == a_is1) begin
              f_form = FORM_EXACT;
              f_q    = 2'd2;
            end else begin
              f_nb = short_bytes(a_addr[63:8], ahb0_d[63:8], a_is1);
              if (f_nb != 2'd0)
                f_form = FORM_SHORT;
              else if (a_addr[63:32] == ahb0_d[63:32])
                f_form = FORM_32;
              else
                f_form = FORM_64;
            end
            fits32 = (a_addr[63:32] == ahb0_d[63:32]);   // D9.2.14.3
            case (f_form)
              FORM_EXACT: f_size = 4'd1;
              FORM_SHORT: f_size = 4'd1 + {2'b00, f_nb};
              FORM_32:    f_size = 4'd5;
              default:    f_size = 4'd9;
            endcase
            // D5.55: CONTEXTID and VMID only when traced and changed
            ctx_same = (c_el == octx_el_d && c_ns == octx_ns_d && c_sf == octx_sf_d &&
                        c_cid == octx_cid_d && c_vmid == octx_vmid_d);
            cx_el   = c_el;
            cx_ns   = c_ns;
            cx_sf   = c_sf;
            cx_c    = cfg_cid && (c_cid != octx_cid_d);
            cx_v    = cfg_vmid && (c_vmid != octx_vmid_d);
            cx_cid  = c_cid;
            cx_vmid = c_vmid;
            cpay    = 4'd1 + (cx_v ? 4'd4 : 4'd0) + (cx_c ? 4'd4 : 4'd0);
            csz     = ctx_same ? 4'd1 : 4'd1 + cpay;
            comb    = (fits32 ? 4'd5 : 4'd9) + cpay;
            // whichever is shorter of {Context, Target Address / Exception}
            // and the single "with Context" packet; on a tie the single one
            sep = need_c && (!(exc_site || need_a) || ({1'b0, csz} + {1'b0, f_size} < {1'b0, comb}));
            if (sep) begin
              s_vld[5]     = 1'b1;
              s5_same      = ctx_same;
              octx_el_d    = c_el;
              octx_ns_d    = c_ns;
              octx_sf_d    = c_sf;
              octx_cid_d   = c_cid;
              octx_vmid_d  = c_vmid;
              octx_valid_d = 1'b1;
            end
            if (exc_site || need_a) begin
              s_vld[6] = 1'b1;
              s6_exc   = exc_site;
              // I_PCMYT: E = 0b10 gives the pending Target Address element
              // with the exception
              s6_e     = need_a ? 2'b10 : 2'b01;
              s6_type  = st_exc_type;
              s6_is1   = a_is1;
              s6_addr  = a_addr;
              s6_q     = f_q;
              s6_nb2 = (f_nb == 2'd2);
              if (need_c && !sep) begin
                s6_ctx       = 1'b1;
                s6_form      = fits32 ? FORM_32 : FORM_64;
                octx_el_d    = c_el;
                octx_ns_d    = c_ns;
                octx_sf_d    = c_sf;
                octx_cid_d   = c_cid;
                octx_vmid_d  = c_vmid;
                octx_valid_d = 1'b1;
              end else begin
                s6_form = f_form;
              end
              // R_LMHFW, R_CMCRT; an exact match pushes the matched entry,
              // which is this address (D9.2.14.7)
              ahb2_d    = ahb1_d;
              ahb1_d    = ahb0_d;
              ahb0_d    = a_addr;
              ahb_is1_d = {ahb_is1_d[1:0], a_is1};
            end
          end
          force_ctx_d = 1'b0;

          if (exc_site) begin
            p0_done     = 1'b1;            // R_YPPRPH
            uncovered_d = 1'b0;
            active_d    = 1'b1;            // R_NZNDM
            need_addr_d = 1'b1;            // the target of the exception
          end
        end

        if (st_kind == KIND_EXC && st_exc_type != EXC_PE_RESET)
          cur_ns_d = st_flags[1];

        // ---- the P0 element of a traced P0 instruction
        if (st_kind == KIND_INSN && traced && p0) begin
          if (bb && !bb_prev_q)
            rs_n_d = 5'd0;                 // R_SBJB: entering a broadcasting region
          bb_prev_d = bb;
          // R_RKGLY, R_CRPJZ, R_WXQS: Transaction Start before the first P0
          // element traced in Transactional state
          if (tx_depth_d != 8'd0 && !tx_traced_d) begin
            s_vld[7]    = 1'b1;
            tx_traced_d = 1'b1;
          end
          case (st_iclass)
            IC_ISB, IC_WFX, IC_TSTART: taken = 1'b1;   // D3.1.4, Table D3.4
            default:                   taken = st_flags[0];
          endcase
          // earlier atoms go out before any other packet of this record
          // (R_ZRYPK: elements stay in order)
          if (s_vld[7:3] != 5'd0 && natoms_d != 5'd0) begin
            s_vld[0] = 1'b1;
            atoms_d  = 24'd0;
            natoms_d = 5'd0;
          end
          // R_XCJGD, R_SRYKV: the atom; a packet as soon as no further atom
          // can extend the pattern (D6.11.2)
          ab = atoms_d;
          for (j = 0; j < 24; j = j + 1)
            if (natoms_d == j[4:0])
              ab[j] = taken;
          an = natoms_d + 5'd1;
          pushed = 1'b1;
          if (atoms_wait(ab[4:0], an, taken)) begin
            atoms_d  = ab;
            natoms_d = an;
          end else begin
            ak       = atoms_take(ab, an);
            s_vld[8] = 1'b1;
            s8_atoms = ab;
            s8_k     = ak;
            for (j = 1; j <= 24; j = j + 1)
              if (ak == j[4:0])
                atoms_d = ab >> j;
            natoms_d = an - ak;
          end
          uncovered_d = 1'b0;
          p0_done     = 1'b1;

          if (taken) begin
            rs_ok = cfg_rs && !bb;         // R_QVTVR, R_WRXCW
            case (st_iclass)
              IC_BL, IC_BLR: begin
                if (rs_ok) begin
                  // R_SLDXR, R_HFCTC: push the return address; T32 BLX
                  // <register> is 16 bits, every other link branch 32
                  ret_addr = st_pc + ((a_is1 && st_iclass == IC_BLR) ? 64'd2 : 64'd4);
                  if (st_isa != ISA_A64)
                    ret_addr = {32'd0, ret_addr[31:0]};
                  rs_push      = 1'b1;
                  rs_push_addr = addr_of(ret_addr[63:1], a_is1);
                  rs_push_is1  = a_is1;
                  if ({27'd0, rs_n_d} != RS_DEPTH)  // R_ZSDVQ: when full the oldest is lost
                    rs_n_d = rs_n_d + 5'd1;
                end
                if (st_iclass == IC_BLR) begin
                  need_addr_d  = 1'b1;
                  pend_rs_ok_d = rs_ok;
                end else if (bb) begin
                  need_addr_d  = 1'b1;     // R_BNVFP
                end
              end
              IC_BR, IC_RET, IC_ERET: begin
                need_addr_d  = 1'b1;       // R_HLRZJ
                pend_rs_ok_d = rs_ok;
              end
              default: begin
                if (bb)
                  need_addr_d = 1'b1;      // R_BNVFP
              end
            endcase
          end
        end

        if (st_kind == KIND_INSN) begin
          // ---- transactions (D6.9.9, D6.9.10)
          if (st_iclass == IC_TSTART) begin
            if (tx_depth_d == 8'd0) begin
              ss_tstart_d       = ss_d;
              ss_tstart_valid_d = 1'b1;
              ta_tstart_d       = traced;
              if (traced) begin
                s_vld[11]   = 1'b1;        // R_CYHKB: after the TSTART's atom
                s11_commit  = 1'b0;
                tx_traced_d = 1'b1;
              end
            end
            if (tx_depth_d != 8'hFF)
              tx_depth_d = tx_depth_d + 8'd1;
          end else if (st_iclass == IC_TCOMMIT && tx_depth_d != 8'd0) begin
            tx_depth_d = tx_depth_d - 8'd1;
            if (tx_depth_d == 8'd0) begin
              if (tx_traced_d) begin
                s_vld[11]  = 1'b1;         // R_BGMXL, R_PCKKS
                s11_commit = 1'b1;
              end
              tx_traced_d       = 1'b0;
              ss_tstart_valid_d = 1'b0;
            end
          end
          cur_ns_d = c_ns;
        end

        // ---- the implied Commit element and its Cycle Count (D6.9.18)
        if (p0_done && cfg_cci) begin
          if (!cc_valid_d) begin
            s_vld[10]  = 1'b1;             // R_YFMBW, R_HQKWH: UNKNOWN
            s10_known  = 1'b0;
            cc_valid_d = 1'b1;
            cc_ref_d   = st_cycle;
          end else begin
            cc_d = st_cycle - cc_ref_d;
            if (cc_d >= {52'd0, cc_threshold}) begin      // R_GWQGS
              s_vld[10] = 1'b1;
              s10_known = (cc_d <= CC_MAX);                // R_YVWJW
              s10_count = s10_known ? cc_d[19:0] - {8'd0, cc_threshold} : 20'd0;
              cc_ref_d  = st_cycle;
            end
          end
        end

        // ---- Event elements: every record, whatever ViewInst (R_WJPTE),
        //      after its P0 element (R_SPYTT)
        ev = res_events;
        if (ev != 4'd0) begin
          s_vld[12] = 1'b1;
          s12_ev    = ev;
        end
        if (cfg_ts && res_ts_event)
          ts_req_d = 1'b1;                 // R_YYWTR: the timestamp event

        // ---- the first packet of the trace: A-Sync and Trace Info before it
        //      (R_QZRMQ, R_RTLJJC, I_MQNBT).  Nothing was output before, so
        //      the Trace Info resets leave the state as it is; only its
        //      timestamp request matters.
        if (need_sync_d && s_vld[NSLOT-1:3] != {(NSLOT-3){1'b0}}) begin
          s_vld[1]    = 1'b1;
          s_vld[2]    = 1'b1;
          s2_t        = tx_traced_q;
          sync_fire   = 1'b1;
          need_sync_d = 1'b0;
          started_d   = 1'b1;
          if (cfg_ts)
            ts_req_d = 1'b1;               // R_YYWTR
        end

        // ---- the Timestamp element follows the P0 or Event element whose
        //      record's timestamp it carries (R_CWHHW, I_SDPZZ)
        if (p0_done || ev != 4'd0) begin
          elem_since_ts_d = 1'b1;
          elem_ts_d       = st_timestamp;
          elem_cycle_d    = st_cycle;
          if (ts_req_d) begin
            ts_emit = 1'b1;
            ts_val  = st_timestamp;
            ts_cyc  = st_cycle;
          end
        end

        // ---- the model's quiet flag (end of slow_step) but for need_addr
        //      and sync_req, which are checked where it is used: an
        //      instruction, no address filtering, traced exactly when its
        //      ViewInst was high, no event and no timestamp event, and no
        //      Context element forced while tracing (while not tracing,
        //      need_addr is clear and an instruction with the same inputs
        //      is not traced either, whatever force_ctx)
        qx_d    = (st_kind == KIND_INSN) && !addr_filter && (vi == active_d) &&
                  !(force_ctx_d && active_d) && (ev == 4'd0) && !(cfg_ts && res_ts_event);
        quiet_d = qx_d && !need_addr_d;
      end

      // ---- finish (ete_model_finish, D6.2.2)
      if (try_finish) begin
        if (natoms_d != 5'd0) begin        // R_ZDTLK
          s_vld[0] = 1'b1;
          atoms_d  = 24'd0;
          natoms_d = 5'd0;
        end
        if (started_q && cfg_ts && elem_since_ts_q) begin
          ts_emit = 1'b1;                  // R_YYWTR: trace unit flush
          ts_val  = elem_ts_q;
          ts_cyc  = elem_cycle_q;
        end
        if (tx_traced_q) begin
          // R_ZJXHP: disabled in Transactional state after a Transaction
          // Start element: a Transaction Failure element; R_WDGV: the
          // outcome is not traced, so a Discard element, after all other
          // elements (R_PHQDX)
          s_vld[14]   = 1'b1;
          s14_e       = need_addr_d ? 2'b10 : 2'b01;
          s_vld[15]   = 1'b1;
          tx_traced_d = 1'b0;
        end
        en_d = 1'b0;
        qx_d = 1'b0;
      end

      // ---- Timestamp packet (D6.11.5): R_ZMQLT cycles since the last Cycle
      //      Count element; R_JNSWM, R_NPYKS: UNKNOWN before any, or beyond
      //      the counter size
      if (ts_emit) begin
        s_vld[13] = 1'b1;
        s13_ts    = ts_val;
        s13_prev  = last_ts_d;
        cc_d      = ts_cyc - cc_ref_d;
        s13_has   = cfg_cci && cc_valid_d && (ts_cyc >= cc_ref_d) && (cc_d <= CC_MAX);
        s13_count = s13_has ? cc_d[19:0] : 20'd0;
        last_ts_d       = ts_val;
        ts_req_d        = 1'b0;
        elem_since_ts_d = 1'b0;
      end

      // ---- atoms left by this record's atom go out before a later packet
      //      of the record; without an atom, pending atoms go before any
      //      packet (R_ZRYPK)
      if (try_rec) begin
        if (pushed) begin
          if (s_vld[NSLOT-1:10] != {(NSLOT-10){1'b0}} && natoms_d != 5'd0) begin
            s_vld[9] = 1'b1;
            s9_atoms = atoms_d;
            s9_k     = natoms_d;
            atoms_d  = 24'd0;
            natoms_d = 5'd0;
          end
        end else if (s_vld[NSLOT-1:1] != {(NSLOT-1){1'b0}} && natoms_d != 5'd0) begin
          s_vld[0] = 1'b1;
          atoms_d  = 24'd0;
          natoms_d = 5'd0;
        end
      end

      // ---- return stack update (D6.11.4): a pop, then a push
      if (rs_pop && rs_push) begin
        rs_addr_d[63:0] = rs_push_addr;
        rs_is1_d[0]     = rs_push_is1;
      end else if (rs_pop) begin
        for (j = 0; j < RSD - 1; j = j + 1) begin
          rs_addr_d[64*j +: 64] = rs_addr_pre[64*(j+1) +: 64];
          rs_is1_d[j]           = rs_is1_pre[j+1];
        end
      end else if (rs_push) begin
        for (j = RSD - 1; j > 0; j = j - 1) begin
          rs_addr_d[64*j +: 64] = rs_addr_pre[64*(j-1) +: 64];
          rs_is1_d[j]           = rs_is1_pre[j-1];
        end
        rs_addr_d[63:0] = rs_push_addr;
        rs_is1_d[0]     = rs_push_is1;
      end
    end
  end

  // ==========================================================================
  // Packet encoders: slot descriptors to bytes
  // ==========================================================================
  wire [7:0]   s0_atom_byte, s8_byte, s9_byte;
  wire [6:0]   s0_atom_type, s8_type, s9_type;
  wire [159:0] s6_data;
  wire [4:0]   s6_len;
  wire [6:0]   s6_ptype;
  wire [71:0]  s5_ctx_data;
  wire [3:0]   s5_ctx_len;
  wire [39:0]  s10_data;
  wire [2:0]   s10_len;
  wire [6:0]   s10_type;
  wire [103:0] s13_data;
  wire [3:0]   s13_len;
  wire [6:0]   s13_type;

  // slot 0 always flushes the atoms held before the operation: nothing
  // changes them before the first packet of an operation
  ete_enc_atom u_atom0 (.atoms_i(atoms_pre), .k_i(natoms_pre), .byte_o(s0_atom_byte),
                        .type_o(s0_atom_type));
  ete_enc_atom u_atom8 (.atoms_i(s8_atoms), .k_i(s8_k), .byte_o(s8_byte), .type_o(s8_type));
  ete_enc_atom u_atom9 (.atoms_i(s9_atoms), .k_i(s9_k), .byte_o(s9_byte), .type_o(s9_type));

  ete_enc_ctx u_ctx5 (
    .el_i        (cx_el),
    .ns_i        (cx_ns),
    .sf_i        (cx_sf),
    .c_i         (cx_c),
    .v_i         (cx_v),
    .contextid_i (cx_cid),
    .vmid_i      (cx_vmid),
    .data_o      (s5_ctx_data),
    .len_o       (s5_ctx_len)
  );

  ete_enc_addr u_addr6 (
    .exc_i      (s6_exc),
    .e_i        (s6_e),
    .etype_i    (s6_type),
    .unk_i      (s6_unk),
    .form_i     (s6_form),
    .q_i        (s6_q),
    .nb2_i      (s6_nb2),
    .is1_i      (s6_is1),
    .addr_i     (s6_addr),
    .ctx_i      (s6_ctx),
    .ctx_el_i   (cx_el),
    .ctx_ns_i   (cx_ns),
    .ctx_sf_i   (cx_sf),
    .ctx_c_i    (cx_c),
    .ctx_v_i    (cx_v),
    .ctx_cid_i  (cx_cid),
    .ctx_vmid_i (cx_vmid),
    .data_o     (s6_data),
    .len_o      (s6_len),
    .type_o     (s6_ptype)
  );

  ete_enc_cc #(
    .COMMOPT (COMMOPT)
  ) u_cc10 (
    .known_i (s10_known),
    .count_i (s10_count),
    .data_o  (s10_data),
    .len_o   (s10_len),
    .type_o  (s10_type)
  );

  ete_enc_ts u_ts13 (
    .ts_i        (s13_ts),
    .prev_i      (s13_prev),
    .has_count_i (s13_has),
    .count_i     (s13_count),
    .data_o      (s13_data),
    .len_o       (s13_len),
    .type_o      (s13_type)
  );

  // Trace Info (D5.7, D9.2.6.1): PLCTL bit 0 INFO, bit 3 CYCT (no SPEC
  // section: MAXSPEC 0); INFO = {0, T, 00000, CC}; CYCT = the threshold as
  // unsigned LE128.
  reg [39:0] ti_data;
  reg [2:0]  ti_len;
  always @* begin
    ti_data = 40'd0;
    ti_len  = 3'd2;
    ti_data[7:0]  = ETE_HDR_TRACE_INFO;
    ti_data[15:8] = {4'd0, cfg_cci, 2'b00, (cfg_cci || s2_t)};
    if (cfg_cci || s2_t) begin
      ti_data[23:16] = {1'b0, s2_t, 5'd0, cfg_cci};
      ti_len = 3'd3;
      if (cfg_cci) begin
        if (cc_threshold[11:7] == 5'd0) begin
          ti_data[31:24] = {1'b0, cc_threshold[6:0]};
          ti_len = 3'd4;
        end else begin
          ti_data[31:24] = {1'b1, cc_threshold[6:0]};
          ti_data[39:32] = {3'd0, cc_threshold[11:7]};
          ti_len = 3'd5;
        end
      end
    end
  end

  // the slots: data, length and type
  reg [NSLOT*8*SLOTB-1:0] sl_data;
  reg [NSLOT*5-1:0]       sl_len;
  reg [NSLOT*7-1:0]       sl_type;
  always @* begin
    sl_data = {NSLOT*8*SLOTB{1'b0}};
    sl_len  = {NSLOT*5{1'b0}};
    sl_type = {NSLOT*7{1'b0}};
    // 0: atoms, or Overflow 00 05 (D5.6)
    if (s0_ovf) begin
      sl_data[0*160 +: 16] = 16'h0500;
      sl_len[0*5 +: 5]     = 5'd2;
      sl_type[0*7 +: 7]    = ETE_PKT_OVERFLOW;
    end else begin
      sl_data[0*160 +: 8]  = s0_atom_byte;
      sl_len[0*5 +: 5]     = 5'd1;
      sl_type[0*7 +: 7]    = s0_atom_type;
    end
    // 1: A-Sync, 00 x 11 then 80 (D5.4, D9.2.3)
    sl_data[1*160 +: 96] = {8'h80, 88'd0};
    sl_len[1*5 +: 5]     = 5'd12;
    sl_type[1*7 +: 7]    = ETE_PKT_ASYNC;
    // 2: Trace Info
    sl_data[2*160 +: 40] = ti_data;
    sl_len[2*5 +: 5]     = {2'b00, ti_len};
    sl_type[2*7 +: 7]    = ETE_PKT_TRACE_INFO;
    // 3: Transaction Failure, 06 {0 E[1] 11000 E[0]} 70 (D5.24)
    sl_data[3*160 +: 24] = {8'h70, 1'b0, s3_e[1], ETE_EXC_TYPE_TXN_FAILURE, s3_e[0],
                            ETE_HDR_EXCEPTION};
    sl_len[3*5 +: 5]     = 5'd3;
    sl_type[3*7 +: 7]    = ETE_PKT_TXN_FAILURE;
    // 4: Trace On
    sl_data[4*160 +: 8]  = ETE_HDR_TRACE_ON;
    sl_len[4*5 +: 5]     = 5'd1;
    sl_type[4*7 +: 7]    = ETE_PKT_TRACE_ON;
    // 5: Context Same, or Context 81 and the context field
    if (s5_same) begin
      sl_data[5*160 +: 8]  = ETE_HDR_CTXT_SAME;
      sl_len[5*5 +: 5]     = 5'd1;
      sl_type[5*7 +: 7]    = ETE_PKT_CTXT_SAME;
    end else begin
      sl_data[5*160 +: 80] = {s5_ctx_data, ETE_HDR_CTXT};
      sl_len[5*5 +: 5]     = 5'd1 + {1'b0, s5_ctx_len};
      sl_type[5*7 +: 7]    = ETE_PKT_CTXT;
    end
    // 6: address, exception or PE Reset
    sl_data[6*160 +: 160] = s6_data;
    sl_len[6*5 +: 5]      = s6_len;
    sl_type[6*7 +: 7]     = s6_ptype;
    // 7: Transaction Start
    sl_data[7*160 +: 8]  = ETE_HDR_TXN_START;
    sl_len[7*5 +: 5]     = 5'd1;
    sl_type[7*7 +: 7]    = ETE_PKT_TXN_START;
    // 8, 9: atoms
    sl_data[8*160 +: 8]  = s8_byte;
    sl_len[8*5 +: 5]     = 5'd1;
    sl_type[8*7 +: 7]    = s8_type;
    sl_data[9*160 +: 8]  = s9_byte;
    sl_len[9*5 +: 5]     = 5'd1;
    sl_type[9*7 +: 7]    = s9_type;
    // 10: Cycle Count
    sl_data[10*160 +: 40] = s10_data;
    sl_len[10*5 +: 5]     = {2'b00, s10_len};
    sl_type[10*7 +: 7]    = s10_type;
    // 11: Transaction Start or Commit
    sl_data[11*160 +: 8] = s11_commit ? ETE_HDR_TXN_COMMIT : ETE_HDR_TXN_START;
    sl_len[11*5 +: 5]    = 5'd1;
    sl_type[11*7 +: 7]   = s11_commit ? ETE_PKT_TXN_COMMIT : ETE_PKT_TXN_START;
    // 12: Event, 70 | EVENT[3:0] (D5.68)
    sl_data[12*160 +: 8] = {4'h7, s12_ev};
    sl_len[12*5 +: 5]    = 5'd1;
    sl_type[12*7 +: 7]   = ETE_PKT_EVENT;
    // 13: Timestamp
    sl_data[13*160 +: 104] = s13_data;
    sl_len[13*5 +: 5]      = {1'b0, s13_len};
    sl_type[13*7 +: 7]     = s13_type;
    // 14: Transaction Failure at disable
    sl_data[14*160 +: 24] = {8'h70, 1'b0, s14_e[1], ETE_EXC_TYPE_TXN_FAILURE, s14_e[0],
                             ETE_HDR_EXCEPTION};
    sl_len[14*5 +: 5]     = 5'd3;
    sl_type[14*7 +: 7]    = ETE_PKT_TXN_FAILURE;
    // 15: Discard 00 03 (D5.5)
    sl_data[15*160 +: 16] = 16'h0300;
    sl_len[15*5 +: 5]     = 5'd2;
    sl_type[15*7 +: 7]    = ETE_PKT_DISCARD;
  end

  // ==========================================================================
  // Resolution of an indirect branch's target at lane 0 (see the window)
  // ==========================================================================
  wire        t_is1  = (rec_isa_i[1:0] == ISA_T32);
  wire [63:0] t_addr = addr_of(rec_pc_i[63:1], t_is1);
  // its Target Address form against the address history (R_BPRDC, R_YLXFK),
  // as the step chooses it
  reg [1:0]   t_form, t_q, t_nb;
  always @* begin
    t_q  = 2'd0;
    t_nb = 2'd0;
    if (ahb0_q == t_addr && ahb_is1_q[0] == t_is1) begin
      t_form = FORM_EXACT;
    end else if (ahb1_q == t_addr && ahb_is1_q[1] == t_is1) begin
      t_form = FORM_EXACT;
      t_q    = 2'd1;
    end else if (ahb2_q == t_addr && ahb_is1_q[2] == t_is1) begin
      t_form = FORM_EXACT;
      t_q    = 2'd2;
    end else begin
      t_nb = short_bytes(t_addr[63:8], ahb0_q[63:8], t_is1);
      if (t_nb != 2'd0)
        t_form = FORM_SHORT;
      else if (t_addr[63:32] == ahb0_q[63:32])
        t_form = FORM_32;
      else
        t_form = FORM_64;
    end
  end
  // R_QHSBN, R_HTKJS: removed by a return stack match
  wire t_match = pend_rs_ok_q && (rs_n_q != 5'd0) && (rs_addr_q[63:0] == t_addr) &&
                 (rs_is1_q[0] == t_is1);

  wire [7:0]   lr_atom_byte;
  wire [6:0]   lr_atom_type;
  wire [71:0]  lr_data;                 // the longest Target Address is 9 bytes
  wire [4:0]   lr_len;
  wire [6:0]   lr_type;

  // bank slot 0: the atoms pending (R_ZRYPK: they go before the address)
  ete_enc_atom u_atom_lr (.atoms_i(atoms_q), .k_i(natoms_q), .byte_o(lr_atom_byte),
                          .type_o(lr_atom_type));

  // bank slot 1: the Target Address packet (D5.47 - D5.53)
  ete_enc_taddr u_addr_lr (
    .form_i (t_form), .q_i (t_q), .nb2_i (t_nb == 2'd2), .is1_i (t_is1), .addr_i (t_addr),
    .data_o (lr_data), .len_o (lr_len), .type_o (lr_type)
  );

  // the state the step sees
  integer jr;
  always @* begin : p_lr
    lr_vld[0] = lr && !t_match && (natoms_q != 5'd0);
    lr_vld[1] = lr && !t_match;
    need_addr_pre  = lr ? 1'b0 : need_addr_q;
    pend_rs_ok_pre = lr ? 1'b0 : pend_rs_ok_q;
    // m->uncovered |= m->active for the records absorbed (and the target)
    uncovered_pre  = uncovered_q | ((n_lead != 3'd0) && active_q);
    atoms_pre      = lr_vld[0] ? 24'd0 : atoms_q;
    natoms_pre     = lr_vld[0] ? 5'd0 : natoms_q;
    ahb0_pre       = ahb0_q;
    ahb1_pre       = ahb1_q;
    ahb2_pre       = ahb2_q;
    ahb_is1_pre    = ahb_is1_q;
    if (lr_vld[1]) begin                   // R_LMHFW, R_CMCRT
      ahb2_pre    = ahb1_q;
      ahb1_pre    = ahb0_q;
      ahb0_pre    = t_addr;
      ahb_is1_pre = {ahb_is1_q[1:0], t_is1};
    end
    rs_addr_pre = rs_addr_q;
    rs_is1_pre  = rs_is1_q;
    rs_n_pre    = rs_n_q;
    if (lr && t_match) begin
      for (jr = 0; jr < RSD - 1; jr = jr + 1) begin
        rs_addr_pre[64*jr +: 64] = rs_addr_q[64*(jr+1) +: 64];
        rs_is1_pre[jr]           = rs_is1_q[jr+1];
      end
      rs_n_pre = rs_n_q - 5'd1;
    end
  end

  // ==========================================================================
  // Resolution of the stepped branch's target at lane n_lead + 1 (see the
  // window): the same as at lane 0, with the state after the step
  // ==========================================================================
  reg        e_ok, e_tst;                  // the lane: absorbable, same inputs as the
  reg [63:1] e_pc;                         // stepped lane; TSTATE; pc; instruction set
  reg [1:0]  e_isa;
  always @* begin
    e_ok  = 1'b0;
    e_tst = 1'b0;
    e_pc  = 63'd0;
    e_isa = 2'd0;
    for (lk = 1; lk < RW; lk = lk + 1) begin
      if (lk[2:0] == n_lead + 3'd1) begin
        e_ok  = ln_valid[lk] && ln_other[lk] && ln_same[lk];
        e_tst = ln_tst[lk];
        e_pc  = rec_pc_i[64*lk + 1 +: 63];
        e_isa = rec_isa_i[2*lk +: 2];
      end
    end
  end

  wire        e_is1  = (e_isa == ISA_T32);
  wire [63:0] e_addr = addr_of(e_pc, e_is1);
  // the form against the history the step finds (after the resolution at
  // lane 0), which it leaves unchanged when er
  reg [1:0]   e_form, e_q, e_nb;
  always @* begin
    e_q  = 2'd0;
    e_nb = 2'd0;
    if (ahb0_pre == e_addr && ahb_is1_pre[0] == e_is1) begin
      e_form = FORM_EXACT;
    end else if (ahb1_pre == e_addr && ahb_is1_pre[1] == e_is1) begin
      e_form = FORM_EXACT;
      e_q    = 2'd1;
    end else if (ahb2_pre == e_addr && ahb_is1_pre[2] == e_is1) begin
      e_form = FORM_EXACT;
      e_q    = 2'd2;
    end else begin
      e_nb = short_bytes(e_addr[63:8], ahb0_pre[63:8], e_is1);
      if (e_nb != 2'd0)
        e_form = FORM_SHORT;
      else if (e_addr[63:32] == ahb0_pre[63:32])
        e_form = FORM_32;
      else
        e_form = FORM_64;
    end
  end
  // the return stack's top after the step: the entry it pushed, or the one
  // it found (it popped none when er)
  wire e_m_push = (rs_push_addr == e_addr) && (rs_push_is1 == e_is1);
  wire e_m_top  = (rs_addr_pre[63:0] == e_addr) && (rs_is1_pre[0] == e_is1);

  wire [7:0]   er_atom_byte;
  wire [6:0]   er_atom_type;
  wire [71:0]  er_data;
  wire [4:0]   er_len;
  wire [6:0]   er_type;

  // bank slot 18: the atoms pending after the step
  ete_enc_atom u_atom_er (.atoms_i(atoms_d), .k_i(natoms_d), .byte_o(er_atom_byte),
                          .type_o(er_atom_type));

  // bank slot 19: the Target Address packet
  ete_enc_taddr u_addr_er (
    .form_i (e_form), .q_i (e_q), .nb2_i (e_nb == 2'd2), .is1_i (e_is1), .addr_i (e_addr),
    .data_o (er_data), .len_o (er_len), .type_o (er_type)
  );

  reg e_match;                             // R_QHSBN, R_HTKJS
  integer je;
  always @* begin : p_er
    // the step left a Target Address element due and the state otherwise
    // quiet (qx_d, no request from this clock's bytes so far), and changed
    // neither the address history nor the return stack's top by a pop
    er = try_rec && e_ok && !(e_tst && tx_depth_d == 8'd0) && need_addr_d && qx_d &&
         !force_ctx_d && !sync_req_step && !need_sync_d && !s_vld[6] && !s_vld[3] &&
         !full_sync && !rs_pop;
    e_match   = pend_rs_ok_d && (rs_n_d != 5'd0) && (rs_push ? e_m_push : e_m_top);
    er_vld[0] = er && !e_match && (natoms_d != 5'd0);
    er_vld[1] = er && !e_match;

    need_addr_fin  = er ? 1'b0 : need_addr_d;
    pend_rs_ok_fin = er ? 1'b0 : pend_rs_ok_d;
    quiet_fin      = er ? qx_d : quiet_d;
    atoms_fin      = er_vld[0] ? 24'd0 : atoms_d;
    natoms_fin     = er_vld[0] ? 5'd0 : natoms_d;
    ahb0_fin       = ahb0_d;
    ahb1_fin       = ahb1_d;
    ahb2_fin       = ahb2_d;
    ahb_is1_fin    = ahb_is1_d;
    if (er_vld[1]) begin                   // R_LMHFW, R_CMCRT
      ahb2_fin    = ahb1_d;
      ahb1_fin    = ahb0_d;
      ahb0_fin    = e_addr;
      ahb_is1_fin = {ahb_is1_d[1:0], e_is1};
    end
    rs_addr_fin = rs_addr_d;
    rs_is1_fin  = rs_is1_d;
    rs_n_fin    = rs_n_d;
    if (er && e_match) begin               // a pop after the step's update
      for (je = 0; je < RSD - 1; je = je + 1) begin
        rs_addr_fin[64*je +: 64] = rs_addr_d[64*(je+1) +: 64];
        rs_is1_fin[je]           = rs_is1_d[je+1];
      end
      rs_n_fin = rs_n_d - 5'd1;
    end
  end

  // ==========================================================================
  // Synchronization byte count: the bytes since the start of the last A-Sync
  // ==========================================================================
  // lengths of the packets emitted this clock: the target resolution's,
  // then the step's (at most 16 x 20 bytes) summed as a tree
  reg [5*NSLOT-1:0] ml;
  reg [8:0]  sum_from1, sum_all, lr_bytes;
  reg [21:0] sb_step;
  integer    k;
  always @* begin
    for (k = 0; k < NSLOT; k = k + 1)
      ml[5*k +: 5] = s_vld[k] ? sl_len[5*k +: 5] : 5'd0;
    sum_from1 = ((({4'd0, ml[5*1 +: 5]}  + {4'd0, ml[5*2 +: 5]})  + ({4'd0, ml[5*3 +: 5]}  + {4'd0, ml[5*4 +: 5]})) +
                 (({4'd0, ml[5*5 +: 5]}  + {4'd0, ml[5*6 +: 5]})  + ({4'd0, ml[5*7 +: 5]}  + {4'd0, ml[5*8 +: 5]}))) +
                ((({4'd0, ml[5*9 +: 5]}  + {4'd0, ml[5*10 +: 5]}) + ({4'd0, ml[5*11 +: 5]} + {4'd0, ml[5*12 +: 5]})) +
                 (({4'd0, ml[5*13 +: 5]} + {4'd0, ml[5*14 +: 5]}) +  {4'd0, ml[5*15 +: 5]}));
    lr_bytes  = {4'd0, lr_vld[1] ? lr_len : 5'd0} + {8'd0, lr_vld[0]};
    sum_all   = sum_from1 + {4'd0, ml[4:0]} + lr_bytes;
    // the count only has to reach 2^20 (the longest period); it saturates.
    // A synchronization of the step starts the count at its A-Sync.
    sb_step = sync_fire ? {13'd0, sum_from1} : sync_bytes_q + {13'd0, sum_all};
    if (sb_step[21] || (!sync_fire && sync_bytes_q[21]))
      sb_step = 22'h200000;
    // the request the model's commit_pkt() raises with these bytes,
    // compared with the distance to the threshold (sync_gap, from the
    // registers) rather than through the count: an A-Sync restarts the
    // count at fewer bytes than the shortest period
    sync_req_step = (sync_period != 5'd0) && !sync_fire && ({4'd0, sum_all} >= sync_gap);
  end

  // bytes left before the periodic request (0 when it is pending), 13 bits
  // at most (larger distances read as 8191: a clock emits fewer bytes)
  reg [12:0] sync_gap;
  reg [21:0] sg_full;
  integer    kg;
  always @* begin
    sync_gap = 13'h1FFF;
    sg_full  = 22'd0;
    for (kg = 8; kg <= 20; kg = kg + 1) begin
      if (sync_period == kg[4:0]) begin
        sg_full = (22'd1 << kg) - sync_bytes_q;
        if (sync_req)
          sync_gap = 13'd0;
        else if (sg_full[21:13] == 9'd0)
          sync_gap = sg_full[12:0];
      end
    end
  end

  // ... and with those of the resolution after the step
  reg [21:0] sb_next;
  always @* begin
    sb_next = sb_step + {17'd0, er_vld[1] ? er_len : 5'd0} + {21'd0, er_vld[0]};
    if (sb_next[21] || sb_step[21])
      sb_next = 22'h200000;
    sync_bytes_d = sync_bytes_q;
    if (start_i)
      sync_bytes_d = 22'd0;
    else if (op_any || op_absorb)
      sync_bytes_d = sb_next;
  end

  // ==========================================================================
  // The packet bank and the output packer
  // ==========================================================================
  // Each bundle holds the leading packets of the bank (in slot order, the
  // model's order) whose lengths add up to at most PKT_BYTES: slot k's
  // bytes start at the sum of the lengths of the valid slots before it.  A
  // slot's bytes beyond its length are masked (the encoders leave don't-care
  // bytes there), and beyond the longest packet the slot can hold
  // (slot_maxb) they are constant zero, which keeps the shifters narrow.
  // Bank slots 0 and 1 hold the atoms and Target Address of the
  // resolution at lane 0, bank slot 2 + s the step's slot s, bank slots 18
  // and 19 those of the resolution after the step.
  function integer slot_maxb;
    input integer sk;
    begin
      case (sk)
        1, 19:   slot_maxb = 9;            // Target Address, 64-bit
        2 + 0:   slot_maxb = 2;            // atoms, Overflow
        2 + 1:   slot_maxb = 12;           // A-Sync
        2 + 2:   slot_maxb = 5;            // Trace Info
        2 + 3,
        2 + 14:  slot_maxb = 3;            // Transaction Failure
        2 + 5:   slot_maxb = 10;           // Context
        2 + 6:   slot_maxb = 20;           // Exception with Context, 64-bit
        2 + 10:  slot_maxb = 5;            // Cycle Count
        2 + 13:  slot_maxb = 13;           // Timestamp with COUNT
        2 + 15:  slot_maxb = 2;            // Discard
        default: slot_maxb = 1;            // atoms, Trace On, Transaction Start/Commit, Event
      endcase
    end
  endfunction

  localparam [8:0] PB9 = PKT_BYTES;
  reg [NBANK-1:0]       first_oh;          // the lowest valid slot
  reg [8*PKT_BYTES-1:0] pk_data;
  reg [5:0]             pk_len;
  reg [6:0]             pk_type;
  reg [8:0]             pk_at, pk_end;     // byte offset of slot k, of its end
  reg [4:0]             pk_slen;
  reg [8*SLOTB-1:0]     pk_sd;             // slot k's bytes, masked
  reg [8*PKT_BYTES-1:0] pk_wide;
  integer               kb;
  always @* begin
    first_oh = bank_vld_q & (~bank_vld_q + {{(NBANK-1){1'b0}}, 1'b1});
    pk_incl  = {NBANK{1'b0}};
    pk_data  = {8*PKT_BYTES{1'b0}};
    pk_len   = 6'd0;
    pk_type  = 7'd0;
    pk_at    = 9'd0;
    pk_end   = 9'd0;
    pk_slen  = 5'd0;
    pk_sd    = {8*SLOTB{1'b0}};
    pk_wide  = {8*PKT_BYTES{1'b0}};
    for (k = 0; k < NBANK; k = k + 1) begin
      pk_slen = bank_vld_q[k] ? bank_len_q[5*k +: 5] : 5'd0;
      pk_end  = pk_at + {4'd0, pk_slen};
      if (bank_vld_q[k] && pk_end <= PB9) begin
        pk_incl[k] = 1'b1;
        pk_len     = pk_end[5:0];
        for (kb = 0; kb < SLOTB; kb = kb + 1)
          pk_sd[8*kb +: 8] = (kb < slot_maxb(k) && kb < pk_slen) ?
                             bank_data_q[8*SLOTB*k + 8*kb +: 8] : 8'd0;
        pk_wide = {{(8*PKT_BYTES-8*SLOTB){1'b0}}, pk_sd};
        pk_data = pk_data | (pk_wide << {pk_at[5:0], 3'b000});
      end
      if (first_oh[k])
        pk_type = bank_type_q[7*k +: 7];
      pk_at = pk_end;
    end
    bank_last = bank_any && (pk_incl == bank_vld_q);
  end

  always @* begin
    bank_vld_d  = bank_vld_q;
    bank_data_d = bank_data_q;
    bank_len_d  = bank_len_q;
    bank_type_d = bank_type_q;
    if (pkt_hand)
      bank_vld_d = bank_vld_q & ~pk_incl;
    if ((op_any || op_absorb) && {er_vld, s_vld, lr_vld} != {NBANK{1'b0}}) begin
      bank_vld_d  = {er_vld, s_vld, lr_vld};
      bank_data_d = {{(8*SLOTB-72){1'b0}}, er_data, {(8*SLOTB-8){1'b0}}, er_atom_byte,
                     sl_data,
                     {(8*SLOTB-72){1'b0}}, lr_data, {(8*SLOTB-8){1'b0}}, lr_atom_byte};
      bank_len_d  = {er_len, 5'd1, sl_len, lr_len, 5'd1};
      bank_type_d = {er_type, er_atom_type, sl_type, lr_type, lr_atom_type};
    end
  end

  assign pkt_valid_o = bank_any;
  assign pkt_data_o  = pk_data;
  assign pkt_len_o   = pk_len;
  assign pkt_type_o  = pk_type;

  // ==========================================================================
  // Registers
  // ==========================================================================
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      en_q              <= 1'b0;
      fin_pend_q        <= 1'b0;
      started_q         <= 1'b0;
      need_sync_q       <= 1'b0;
      sync_bytes_q      <= 22'd0;
      ahb0_q            <= 64'd0;
      ahb1_q            <= 64'd0;
      ahb2_q            <= 64'd0;
      ahb_is1_q         <= 3'd0;
      octx_el_q         <= 2'd0;
      octx_ns_q         <= 1'b0;
      octx_sf_q         <= 1'b0;
      octx_cid_q        <= 32'd0;
      octx_vmid_q       <= 32'd0;
      octx_valid_q      <= 1'b0;
      last_ts_q         <= 64'd0;
      active_q          <= 1'b0;
      uncovered_q       <= 1'b0;
      qx_q              <= 1'b0;
      pv_el_q           <= 2'd0;
      pv_isa_q          <= 2'd0;
      pv_ns_q           <= 1'b0;
      pv_cid1_q         <= 32'd0;
      pv_cid2_q         <= 32'd0;
      pv_ext_q          <= 8'd0;
      ext_used_q        <= 8'd0;
      need_addr_q       <= 1'b0;
      pend_rs_ok_q      <= 1'b0;
      force_ctx_q       <= 1'b0;
      ss_q              <= 1'b0;
      ss_tstart_q       <= 1'b0;
      ss_tstart_valid_q <= 1'b0;
      ta_tstart_q       <= 1'b0;
      bb_prev_q         <= 1'b0;
      cur_ns_q          <= 1'b0;
      rs_addr_q         <= {64*RSD{1'b0}};
      rs_is1_q          <= {RSD{1'b0}};
      rs_n_q            <= 5'd0;
      atoms_q           <= 24'd0;
      natoms_q          <= 5'd0;
      cc_valid_q        <= 1'b0;
      cc_ref_q          <= 64'd0;
      ts_req_q          <= 1'b0;
      elem_since_ts_q   <= 1'b0;
      elem_ts_q         <= 64'd0;
      elem_cycle_q      <= 64'd0;
      tx_depth_q        <= 8'd0;
      tx_traced_q       <= 1'b0;
      bank_vld_q        <= {NBANK{1'b0}};
      bank_data_q       <= {NBANK*8*SLOTB{1'b0}};
      bank_len_q        <= {NBANK*5{1'b0}};
      bank_type_q       <= {NBANK*7{1'b0}};
    end else begin
      fin_pend_q        <= fin_pend_d;
      ext_used_q        <= ext_used_d;
      sync_bytes_q      <= sync_bytes_d;
      bank_vld_q        <= bank_vld_d;
      bank_data_q       <= bank_data_d;
      bank_len_q        <= bank_len_d;
      bank_type_q       <= bank_type_d;
      if (step_en) begin
        en_q              <= en_d;
        started_q         <= started_d;
        need_sync_q       <= need_sync_d;
        ahb0_q            <= ahb0_fin;
        ahb1_q            <= ahb1_fin;
        ahb2_q            <= ahb2_fin;
        ahb_is1_q         <= ahb_is1_fin;
        octx_el_q         <= octx_el_d;
        octx_ns_q         <= octx_ns_d;
        octx_sf_q         <= octx_sf_d;
        octx_cid_q        <= octx_cid_d;
        octx_vmid_q       <= octx_vmid_d;
        octx_valid_q      <= octx_valid_d;
        last_ts_q         <= last_ts_d;
        active_q          <= active_d;
        uncovered_q       <= uncovered_fin;
        qx_q              <= qx_d;
        pv_el_q           <= pv_el_d;
        pv_isa_q          <= pv_isa_d;
        pv_ns_q           <= pv_ns_d;
        pv_cid1_q         <= pv_cid1_d;
        pv_cid2_q         <= pv_cid2_d;
        pv_ext_q          <= pv_ext_d;
        need_addr_q       <= need_addr_fin;
        pend_rs_ok_q      <= pend_rs_ok_fin;
        force_ctx_q       <= force_ctx_d;
        ss_q              <= ss_d;
        ss_tstart_q       <= ss_tstart_d;
        ss_tstart_valid_q <= ss_tstart_valid_d;
        ta_tstart_q       <= ta_tstart_d;
        bb_prev_q         <= bb_prev_d;
        cur_ns_q          <= cur_ns_d;
        rs_addr_q         <= rs_addr_fin;
        rs_is1_q          <= rs_is1_fin;
        rs_n_q            <= rs_n_fin;
        atoms_q           <= atoms_fin;
        natoms_q          <= natoms_fin;
        cc_valid_q        <= cc_valid_d;
        cc_ref_q          <= cc_ref_d;
        ts_req_q          <= ts_req_d;
        elem_since_ts_q   <= elem_since_ts_d;
        elem_ts_q         <= elem_ts_d;
        elem_cycle_q      <= elem_cycle_d;
        tx_depth_q        <= tx_depth_d;
        tx_traced_q       <= tx_traced_d;
      end
    end
  end

  // Inputs the encoder does not use: TRCSTALLCTLR (stalling is the shell's,
  // docs/ete-rtl-interface.md) and TRCTRACEIDR (the trace ID is attached by
  // the trace sink, not in the byte stream); the MISPRED flag; CCITMIN only
  // documents the unit (TRCIDR3).
  /* verilator lint_off UNUSED */
  wire unused_ok = ^{trcstallctlr_i, trctraceidr_i, trcconfigr_i, trcccctlr_i[31:12],
                     trcsyncpr_i[31:5], st_flags[3]};
  /* verilator lint_on UNUSED */

endmodule

`default_nettype wire
