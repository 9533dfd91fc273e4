// ETE pipeline S4, the element stage (docs/ete-rtl-pipeline.md 3, 3.1):
// the model's do_insn / do_exc / do_reset / do_tfail / service_sync /
// ete_model_overflow / ete_model_finish on one item per clock, producing
// the element descriptor (the PD_ table) for S5.
//
// State owned here (read and written only by this stage): enable and finish
// control, active (TRCRSR.TA), uncovered, need_addr, pend_rs_ok, force_ctx,
// bb_prev, cur_ns, SSSTATUS and its TSTART copy, the transaction depth,
// tx_traced, ta_tstart, ts_req, the context the analyzer holds (out_ctx),
// the CONTEXTIDR values of the last CTX item, cycle counting (cc_valid and
// the cycles since the Cycle Count reference as a saturating sum), the last
// element's timestamp, the item counter and the periodic synchronization
// request as reported by S6 (sync_lag rule, 3.3).
//
// An item is one entry (INSN run without a comparator edge inside, EXC,
// RESET, TFAIL, CTX, overflow marker) or the finish flush; every item is
// handed to S5, CTX items with an empty descriptor, so that elements occupy
// one stage each and the sync_lag rule holds whatever the bubbles.
`default_nettype none

module ete_pipe_elem #(
  parameter CCSIZE   = 20,  // cycle counter bits, 12..20 (checked by ete_pipe)
  parameter SYNC_LAG = 4    // items from a synchronization request to its service, 1..127
                            // (checked by ete_pipe):
                            // the stages from S4 to S6b (docs/ete-rtl-pipeline.md 3.3)
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire [31:0] trcconfigr_i,
  input  wire [31:0] trcccctlr_i,
  input  wire [31:0] trcvictlr_i,
  input  wire        start_i,        // ete_model_new
  input  wire        finish_i,       // ete_model_finish after the items before it
  output wire        en_o,           // enabled (between start and the finish flush)
  output wire        fin_pend_o,     // a finish waits for the items before it
  input  wire        up_empty_i,     // no item is on its way to this stage
  // the item from S2
  input  wire        in_valid_i,
  output wire        in_ready_o,
  input  wire        in_marker_i,
  input  wire [63:0] in_addr_i,      // INSN: first instruction; EXC, TFAIL: pc; CTX: ids
  input  wire [63:0] in_pc_last_i,   // INSN: the last instruction
  input  wire        in_has_sub_i,   // INSN: a sub-run of the run's first instructions (S3)
  input  wire        in_final_i,     // INSN: the item carries the run's last instruction
  input  wire [63:0] in_sub_addr_i,  // the sub-run's first instruction
  // ViewInst (D6.8.1: E & I & S & N) and SSSTATUS (D6.17) resolved by S3
  // for each value s of SSSTATUS before the item, bit s (S4 selects with ss_q)
  input  wire [1:0]  in_vs_i,        // ViewInst at the sub-run's first instruction
  input  wire [1:0]  in_vf_i,        // ViewInst at the run's last instruction
  input  wire [1:0]  in_sx_i,        // SSSTATUS after the item
  input  wire [3:0]  in_flags_i,     // TAKEN, NS, TSTATE, CCFAIL
  input  wire [1:0]  in_isa_i,
  input  wire [1:0]  in_el_i,
  input  wire [1:0]  in_from_el_i,
  input  wire [4:0]  in_exc_type_i,
  input  wire [20:0] in_cyc_i,       // PE clocks since the previous entry (saturating);
                                     // 0 while in_valid_i is low
  input  wire [63:0] in_ts_i,
  input  wire        in_bb_i,        // the last instruction is in a broadcasting region
  input  wire [3:0]  in_ev_i,        // Event elements of the item (R_WJPTE)
  input  wire        in_tsev_i,      // the TRCTSCTLR event is active
  input  wire [13:0] in_dec_i,       // the item's class from its fields (DC_ bits of
                                     // ete_pipe_desc.vh), registered in S3
  // the synchronization request S6 raised (registered there)
  input  wire        raise_i,
  input  wire [7:0]  raise_item_i,
  input  wire        sync_ack_i,     // S6 has handed out an A-Sync S4 issued (registered)
  // the descriptor to S5
  output wire        out_valid_o,
  input  wire        out_ready_i,
  output wire [PD_W-1:0] out_desc_o
);

  // active-high synchronous reset for the clocked blocks (common_rst_inv)
  wire rst_s;
  common_rst_inv u_rst_inv (.rst_ni (rst_ni), .rst_o (rst_s));

  // the element descriptor S4 -> S5 -> S6 (PD_/PC_ fields)
  `include "ete_pipe_desc.vh"

  // (the item's kind and instruction class arrive decoded: in_dec_i)
  localparam [1:0] ISA_A64    = 2'd0;
  localparam [1:0] ISA_T32    = 2'd2;
  localparam [1:0] E_EXC      = 2'b01;   // ETE_EXC_E_EXC
  localparam [1:0] E_ADDR_EXC = 2'b10;   // ETE_EXC_E_ADDR_EXC
  localparam [20:0] CC_MAX   = (21'd1 << CCSIZE) - 21'd1;   // R_TYNZR
  localparam [20:0] CNT_SAT  = 21'h1FFFFF;
  localparam [7:0]  LAG      = SYNC_LAG;

  // static configuration (TRCCONFIGR)
  wire        cfg_bb   = trcconfigr_i[3];
  wire        cfg_cci  = trcconfigr_i[4];
  wire        cfg_cid  = trcconfigr_i[6];
  wire        cfg_vmid = trcconfigr_i[7];
  wire        cfg_ts   = trcconfigr_i[11];
  wire        cfg_rs   = trcconfigr_i[12];
  wire [11:0] cc_thr   = trcccctlr_i[11:0];
  // register bits this stage does not read
  // (TAKEN and CCFAIL arrive decoded in in_dec_i)
  wire unused_ok = &{1'b0, in_sub_addr_i[1:0], in_flags_i[3], in_flags_i[0],
                     trcconfigr_i[31:13], trcconfigr_i[10:8], trcconfigr_i[5],
                     trcconfigr_i[2:0], trcccctlr_i[31:12], trcvictlr_i[31:12], trcvictlr_i[8:0]};

  // ---- state -------------------------------------------------------------
  reg        en_q, en_d;
  reg        fin_pend_q, fin_pend_d;
  reg        started_q, started_d;         // the first A-Sync has been output
  reg        active_q, active_d;
  reg        uncovered_q, uncovered_d;
  reg        need_addr_q, need_addr_d;
  reg        pend_q, pend_d;               // pend_rs_ok
  reg        force_ctx_q, force_ctx_d;
  reg        bb_prev_q, bb_prev_d;
  reg        cur_ns_q, cur_ns_d;
  reg        ss_q, ss_d;                   // TRCVICTLR.SSSTATUS
  reg        ss_ts_q, ss_ts_d;             // SSSTATUS after the outer TSTART
  reg        ss_tsv_q, ss_tsv_d;
  reg        ta_ts_q, ta_ts_d;             // TRCRSR.TA after the outer TSTART (R_CJTJM)
  reg [7:0]  txd_q, txd_d;                 // transaction depth (saturating)
  // txd is 0, 1, 0xFF: flags beside the value, registers (txz_q, tx1_q,
  // txf_q) and set where the item sets the depth, so that the decisions on
  // the depth wait on no compare of it; an increment or decrement selects
  // among txd_q + 1, txd_q - 1 and constants formed beside the decisions
  // (the depth before it is txd_q, or 1 after tx_one), and sets the flags
  // from the registered compares txd_q == 2 and txd_q == 0xFE
  reg        txz_q, tx1_q, txf_q;
  reg        txz_d, tx1_d, txf_d;
  wire [7:0] txd_p1 = txd_q + 8'd1;
  wire [7:0] txd_m1 = txd_q - 8'd1;
  wire       txd_2  = (txd_q == 8'd2);
  wire       txd_fe = (txd_q == 8'hFE);
  reg        txt_q, txt_d;                 // tx_traced
  reg        ts_req_q, ts_req_d;
  reg        octx_v_q, octx_v_d;           // out_ctx_valid
  reg [1:0]  octx_el_q, octx_el_d;
  reg        octx_ns_q, octx_ns_d;
  reg        octx_sf_q, octx_sf_d;
  // out_ctx's identifiers are written one clock after the item that sets
  // them (oc_op_q: hold, clear at a Trace Info reset, or load the item's
  // identifiers, which its descriptor carries in the clock after it): the
  // item's decision ends at two flip-flops, not at 64 selects; the next
  // item compares against them as the pending operation leaves them
  reg [31:0] octx_cid_q;
  reg [31:0] octx_vmid_q;
  localparam [1:0] OC_HOLD = 2'd0;
  localparam [1:0] OC_CLR  = 2'd1;
  localparam [1:0] OC_LD   = 2'd2;
  reg [1:0]  oc_op_q, oc_op_d;
  reg [31:0] cid1_q, cid1_d;               // CONTEXTIDR_EL1 / EL2 of the last CTX item
  reg [31:0] cid2_q, cid2_d;
  reg        cc_valid_q, cc_valid_d;
  reg [20:0] ccnt_q, ccnt_d;               // cycles since the Cycle Count reference
  reg        est_q, est_d;                 // elem_since_ts
  // elem_ts and the cycles since the reference at that element: written one
  // clock after the element that sets them (el_q), from its descriptor's
  // timestamp and the cycle count register, so the item's decision ends at
  // one flip-flop, not at 85 enables; the finish reads them as the pending
  // load leaves them (ets_e, ecc_e)
  reg [63:0] ets_q;
  reg [20:0] ecc_q;
  reg        el_q, el_d;
  reg [7:0]  item_q, item_d;               // index of the next item
  reg        rq_q, rq_d;                   // a synchronization request is pending
  reg [7:0]  rq_item_q, rq_item_d;         // ... raised by this item
  reg        rq_ripe_q, rq_ripe_d;         // ... and serviceable (sync_lag reached)
  reg [2:0]  infl_q, infl_d;               // A-Syncs issued, not yet handed out by S6
  reg        sy_iss;                       // this item issues one
  reg        valid_q, valid_d;
  reg [PD_W-1:0] desc_q, desc_d;
  wire [63:0] ets_e = el_q ? desc_q[PD_TS_VAL_L +: 64] : ets_q;
  wire [20:0] ecc_e = el_q ? ccnt_q : ecc_q;

  assign en_o        = en_q;
  assign fin_pend_o  = fin_pend_q;
  assign out_valid_o = valid_q;
  assign out_desc_o  = desc_q;

  wire out_free  = !valid_q || out_ready_i;
  // the finish is performed once no item before it is on its way (R_ZDTLK)
  wire fin_op    = en_q && fin_pend_q && !in_valid_i && up_empty_i;
  assign in_ready_o = out_free;
  wire go        = out_free && (in_valid_i || fin_op);

  // ---- the step --------------------------------------------------------------
  reg        sync, ti_t, txf, ton, res, exc, rst, need_a, pend, need_c, is1, is1_l;
  reg [1:0]  txf_e, rst_e, txf14_e;
  reg [1:0]  cx_el;
  reg        cx_ns, cx_sf, cx_c, cx_v, cx_same;
  reg [63:0] a;
  reg        txs7, atom, taken, cc, cc_known, tx11, tx11_c, ts, ts_has, txf14, disc;
  reg        rs_clr, rs_clrbb, rs_push, rs_is1, marker, ovf, fin;
  reg [19:0] ts_count;
  reg        rs_inc2, rs_a32;
  reg [3:0]  ev;
  reg        traced, p0, bb, p0_done, rs_ok, forced, was, pre13;
  reg        ccnt_z;                       // the item reset the count (ccnt_d is 0)

  // The cycles since the Cycle Count reference with this item's, ccnt_now
  // (a saturating sum: exact for every comparison with THRESHOLD and
  // 2^CCSIZE - 1, CCSIZE <= 20), and the comparisons of that sum the
  // decisions take, each one carry chain beside the sum's, not after it:
  // S4 keeps ccnt_q - THRESHOLD and ccnt_q - 2^CCSIZE (kthr_q, klim_q,
  // 24-bit two's complement) beside ccnt_q, so ccnt_now - k is a register
  // plus the item's cycles.
  localparam [20:0] CC_LIM = CC_MAX + 21'd1;
  wire [20:0] cyc_in   = in_cyc_i;              // 0 without an item (S3 registers it so)
  wire [21:0] csum     = {1'b0, ccnt_q} + {1'b0, cyc_in};
  wire [20:0] ccnt_now = csum[21] ? CNT_SAT : csum[20:0];
  reg  [23:0] kthr_q, klim_q;
  wire [23:0] d_thr    = kthr_q + {3'd0, cyc_in};
  wire [23:0] d_lim    = klim_q + {3'd0, cyc_in};
  wire [23:0] k0_thr   = 24'd0 - {12'd0, cc_thr};          // a count of 0
  wire [23:0] k0_lim   = 24'd0 - {3'd0, CC_LIM};
  wire [20:0] sat_over = CNT_SAT - {9'd0, cc_thr};
  wire        ccnt_ge  = !d_thr[23];                 // ccnt_now >= THRESHOLD
  wire        ccnt_le  = d_lim[23];                  // ccnt_now <= 2^CCSIZE - 1
  wire [19:0] cc_over  = csum[21] ? sat_over[19:0] : d_thr[19:0];   // ccnt_now - THRESHOLD
  // The identifiers an element carries (R_MKKZN, R_PTVTD; the same for
  // every element kind) against those the analyzer holds and against 0 (its
  // values after a Trace Info reset), from registers: a resolve selects the
  // flag, it does not compare after the reset decision.  Every resolve of
  // an item sees out_ctx as registered or as reset by ctx_reset (cid_eq and
  // vm_eq follow it): an item resolves at most once.
  wire [31:0] cx_cid_w  = cfg_cid ? cid1_q : 32'd0;
  wire [31:0] cx_vmid_w = cfg_vmid ? cid2_q : 32'd0;
  // The flags are registers kept with the identifiers: cz_q / vz_q say
  // the identifiers are 0, ce_q / ve_q that they equal out_ctx's (after
  // its pending operation).  A CTX item loads new identifiers and compares
  // them (registers: S3's in_addr_i, out_ctx as the pending operation
  // leaves it); an item that loads out_ctx (OC_LD) leaves them equal, one
  // that clears it (OC_CLR) leaves them equal when they are 0; others keep
  // the flags.  TRCCONFIGR is static while the unit is enabled.
  reg         cz_q, ce_q, vz_q, ve_q;
  reg         cz_d, ce_d, vz_d, ve_d;
  reg         ctx_ld;                      // this item is a CTX item (p_step)
  wire [31:0] xn_cid    = cfg_cid ? in_addr_i[31:0] : 32'd0;
  wire [31:0] xn_vmid   = cfg_vmid ? in_addr_i[63:32] : 32'd0;
  wire        xn_cz     = (xn_cid == 32'd0);
  wire        xn_vz     = (xn_vmid == 32'd0);
  wire        xn_ce     = (oc_op_q == OC_CLR) ? xn_cz :
                          (oc_op_q == OC_LD)  ? (xn_cid == desc_q[PD_CX_CID_L +: 32]) :
                                                (xn_cid == octx_cid_q);
  wire        xn_ve     = (oc_op_q == OC_CLR) ? xn_vz :
                          (oc_op_q == OC_LD)  ? (xn_vmid == desc_q[PD_CX_VMID_L +: 32]) :
                                                (xn_vmid == octx_vmid_q);
  reg         cid_eq, vm_eq;

  wire        unused_sum = &{1'b0, d_thr[22:20], d_lim[22:0], sat_over[20]};   // only the signs and the low bits
  reg        rq_v, sync_due;
  reg [7:0]  rq_i;
  // items from the kept request and from a raise of this clock to this item
  // (the kept request's distance is registered: far_q is the distance of
  // item_q and rq_item_q, formed from their next values in the clock
  // before, so the decision starts at a flip-flop)
  reg        far_q;
  wire       far_d;
  // The raise and the acknowledgement of S7 are registered here (rs_q,
  // rs_item_q, ack_q: one clock after S7 makes them, so that S4's decision
  // starts at flip-flops; ETE_SYNC_LAG counts this register, 3.3), and with
  // the raise the flag "its distance to the item S4 holds in the next clock
  // is in LAG .. 127" (frs_q): that item is item_q + go, and item_q -
  // raise_item_i is in LAG .. 127 when e = (item_q - LAG) - raise_item_i is
  // in 0 .. 127 - LAG (item_q - LAG is a register, ilag_q, beside item_q),
  // e + 1 when e is 255 or in 0 .. 126 - LAG: one subtraction, compares
  // with constants and the late go last
  reg  [7:0] ilag_q, ilag_d;
  reg        rs_q, ack_q, frs_q;
  reg  [7:0] rs_item_q;
  wire [7:0] e_r    = ilag_q - raise_item_i;
  wire       far_r0 = (e_r <= 8'd127 - LAG);
  wire       far_r1 = ((LAG < 8'd127) && (e_r <= 8'd126 - LAG)) || (e_r == 8'hFF);

  // An INSN item's ViewInst and SSSTATUS (S3's flags selected by ss_q: no
  // item step before this one in the clock changes SSSTATUS), and the
  // sub-run's and the last instruction's traced decisions (X_N5MSV) as
  // flat terms of registers: the sub-run is traced when it is viewed or
  // uncovered; the last instruction when it is viewed, uncovered before
  // the item, or after a traced sub-run (which leaves it uncovered)
  wire       vs_w     = in_vs_i[ss_q];
  wire       vf_w     = in_vf_i[ss_q];
  wire       sx_w     = in_sx_i[ss_q];
  wire       sub_t_w  = vs_w || uncovered_q;
  wire       traced_w = vf_w || uncovered_q || (in_has_sub_i && vs_w);

  // Outer transaction failure (D6.9.11): model tx_abort
  task tx_abort;
    begin
      if (!txz_d && ss_tsv_d) begin
        ss_d     = ss_ts_d;                // R_CVQEV
        active_d = ta_ts_d;                // R_CJTJM
      end
      if (txt_d) begin
        txf         = 1'b1;                // R_MHBCC; history push 0 (R_FPDJF) in S5
        txf_e       = need_addr_d ? E_ADDR_EXC : E_EXC;
        rs_clr      = 1'b1;                // I_XHLPG: the stack pushes are dropped
        force_ctx_d = 1'b1;
        need_addr_d = active_d;            // I_FRTGM
        pend_d      = 1'b0;
        uncovered_d = 1'b0;
      end
      txd_d    = 8'd0;
      txz_d    = 1'b1;
      tx1_d    = 1'b0;
      txf_d    = 1'b0;
      txt_d    = 1'b0;
      ss_tsv_d = 1'b0;
    end
  endtask

  // an inner or outer TSTART: the depth + 1 (not at 0xFF: saturating)
  task tx_inc;
    begin
      txd_d = tx1_d ? 8'd2 : txd_p1;
      txf_d = !tx1_d && txd_fe;
      tx1_d = txz_d;
      txz_d = 1'b0;
    end
  endtask

  // a TCOMMIT inside a transaction (not at 0): the depth - 1
  task tx_dec;
    begin
      txd_d = tx1_d ? 8'd0 : txd_m1;
      txz_d = tx1_d;
      tx1_d = !tx1_d && txd_2;
      txf_d = 1'b0;
    end
  endtask

  // a transaction known from here: depth 1
  task tx_one;
    begin
      txd_d = 8'd1;
      txz_d = 1'b0;
      tx1_d = 1'b1;
      txf_d = 1'b0;
    end
  endtask

  // D2.3.1 R_NHDCF: Trace On (R_KMEKP)
  task trace_on;
    begin
      ton         = 1'b1;
      rs_clr      = 1'b1;                  // R_SBJB
      active_d    = 1'b1;
      uncovered_d = 1'b0;
      need_addr_d = 1'b1;
      pend_d      = 1'b0;
    end
  endtask

  // Target Address / Context elements due before the P0 element of a traced
  // instruction at a (R_ZRYSN, R_BDFDQ, R_RHDMW): ete_m_resolve; the return
  // stack match (R_HTKJS) and the packet forms are S5's
  task resolve;
    begin
      res     = 1'b1;
      cx_same = octx_v_d && octx_el_d == cx_el && octx_ns_d == cx_ns &&
                octx_sf_d == cx_sf && cid_eq && vm_eq;
      cx_c    = cfg_cid && !cid_eq;
      cx_v    = cfg_vmid && !vm_eq;
      need_c  = force_ctx_d || !octx_v_d || !cx_same;
      need_a  = need_addr_d;
      pend    = pend_d;
      need_addr_d = 1'b0;
      pend_d      = 1'b0;
      force_ctx_d = 1'b0;
      if (need_c) begin
        octx_v_d = 1'b1;  octx_el_d = cx_el;  octx_ns_d = cx_ns;  octx_sf_d = cx_sf;
        oc_op_d = OC_LD;
      end
    end
  endtask

  // The implied Commit element of a P0 element (D6.11.1): cc_commit
  task cc_commit;
    begin
      if (cfg_cci) begin
        if (!cc_valid_d) begin
          cc         = 1'b1;               // R_YFMBW, R_HQKWH: UNKNOWN
          cc_known   = 1'b0;
          cc_valid_d = 1'b1;
          ccnt_d     = 21'd0;
          ccnt_z     = 1'b1;
        end else if (ccnt_ge) begin                     // R_GWQGS
          cc         = 1'b1;
          cc_known   = ccnt_le;                         // R_YVWJW, R_BMVKB
          ccnt_d     = 21'd0;
          ccnt_z     = 1'b1;
        end
      end
    end
  endtask

  // Trace Info resets (D5.7): the context the analyzer holds (D9.2.6.2)
  task ctx_reset;
    begin
      cid_eq      = cz_q;                  // against 0
      vm_eq       = vz_q;
      octx_v_d    = 1'b0;                  // R_PGHPW
      octx_el_d   = 2'd0;
      octx_ns_d   = 1'b0;
      octx_sf_d   = 1'b0;
      oc_op_d     = OC_CLR;
    end
  endtask

  // A-Sync and Trace Info issued: R_YYWTR; the request is serviced
  task sync_resets;
    begin
      if (cfg_ts)
        ts_req_d = 1'b1;
      started_d = 1'b1;
      sy_iss    = 1'b1;
      rq_d      = 1'b0;
      rq_ripe_d = 1'b0;
    end
  endtask

  always @* begin : p_step
    // defaults: the state holds
    en_d = en_q;             fin_pend_d = fin_pend_q;   started_d = started_q;
    active_d = active_q;     uncovered_d = uncovered_q; need_addr_d = need_addr_q;
    pend_d = pend_q;         force_ctx_d = force_ctx_q; bb_prev_d = bb_prev_q;
    cur_ns_d = cur_ns_q;     ss_d = ss_q;               ss_ts_d = ss_ts_q;
    ss_tsv_d = ss_tsv_q;     ta_ts_d = ta_ts_q;         txd_d = txd_q;
    txz_d = txz_q;           tx1_d = tx1_q;             txf_d = txf_q;
    txt_d = txt_q;           ts_req_d = ts_req_q;       octx_v_d = octx_v_q;
    octx_el_d = octx_el_q;   octx_ns_d = octx_ns_q;     octx_sf_d = octx_sf_q;
    oc_op_d = OC_HOLD;       cid1_d = cid1_q;
    cid2_d = cid2_q;         cc_valid_d = cc_valid_q;   ccnt_d = ccnt_q;
    est_d = est_q;           el_d = 1'b0;
    item_d = item_q;         rq_d = rq_q;               rq_item_d = rq_item_q;
    ilag_d = ilag_q;
    rq_ripe_d = rq_ripe_q;   infl_d = infl_q;           sy_iss = 1'b0;
    valid_d = out_free ? 1'b0 : valid_q;
    desc_d  = desc_q;
    // descriptor defaults
    sync = 1'b0; ti_t = 1'b0; txf = 1'b0; ton = 1'b0; res = 1'b0; exc = 1'b0; rst = 1'b0;
    need_a = 1'b0; pend = 1'b0; need_c = 1'b0; is1 = 1'b0; is1_l = 1'b0;
    txf_e = 2'd0; rst_e = 2'd0; txf14_e = 2'd0;
    cx_el = 2'd0; cx_ns = 1'b0; cx_sf = 1'b0; cx_c = 1'b0; cx_v = 1'b0; cx_same = 1'b0;
    a = 64'd0;
    txs7 = 1'b0; atom = 1'b0; taken = 1'b0; cc = 1'b0; cc_known = 1'b0; tx11 = 1'b0;
    tx11_c = 1'b0; ts = 1'b0; ts_has = 1'b0; txf14 = 1'b0; disc = 1'b0;
    rs_clr = 1'b0; rs_clrbb = 1'b0; rs_push = 1'b0; rs_is1 = 1'b0; marker = 1'b0;
    ovf = 1'b0; fin = 1'b0; ts_count = 20'd0;
    rs_inc2 = 1'b0; rs_a32 = 1'b0; ev = 4'd0;
    traced = 1'b0; p0 = 1'b0; bb = 1'b0; p0_done = 1'b0; rs_ok = 1'b0;
    forced = 1'b0; was = 1'b0; pre13 = 1'b0;

    ccnt_z = 1'b0;
    cid_eq = ce_q;  vm_eq = ve_q;
    ctx_ld = 1'b0;

    // the periodic synchronization request (sync_lag rule, 3.3): a request
    // raised by item r is serviceable from item r + SYNC_LAG on; a raise by
    // an item before the last synchronization issued here is stale (that
    // synchronization restarted the byte count)
    // a raise while an A-Sync issued here is on its way to S6 comes from an
    // item before it: stale (that A-Sync restarts the byte count)
    // (a kept request and a fresh raise are measured side by side; a ripe
    // request is a kept one)
    rq_v  = rq_q || (rs_q && infl_q == {2'b00, ack_q});
    rq_i  = rq_q ? rq_item_q : rs_item_q;
    sync_due = rq_q ? (rq_ripe_q || far_q) : (rq_v && frs_q);

    if (ack_q)
      infl_d = infl_q - 3'd1;
    if (start_i) begin
      // ete_model_new (R_QZRMQ: the first packet is preceded by A-Sync)
      en_d = 1'b1;            fin_pend_d = 1'b0;      started_d = 1'b0;
      active_d = 1'b0;        uncovered_d = 1'b0;     need_addr_d = 1'b0;
      pend_d = 1'b0;          force_ctx_d = 1'b0;     bb_prev_d = 1'b0;
      cur_ns_d = 1'b0;        ss_d = trcvictlr_i[9];  ss_ts_d = 1'b0;
      ss_tsv_d = 1'b0;        ta_ts_d = 1'b0;         txd_d = 8'd0;
      txz_d = 1'b1;           tx1_d = 1'b0;           txf_d = 1'b0;
      txt_d = 1'b0;           ts_req_d = 1'b0;        octx_v_d = 1'b0;
      octx_el_d = 2'd0;       octx_ns_d = 1'b0;       octx_sf_d = 1'b0;
      oc_op_d = OC_CLR;       cid1_d = 32'd0;
      cid2_d = 32'd0;         cc_valid_d = 1'b0;      ccnt_d = 21'd0;
      est_d = 1'b0;           el_d = 1'b0;
      item_d = 8'd0;          rq_d = 1'b0;            rq_item_d = 8'd0;
      ilag_d = 8'd0 - LAG;
      rq_ripe_d = 1'b0;       infl_d = 3'd0;
      valid_d = 1'b0;
    end else begin
      if (finish_i && en_q)
        fin_pend_d = 1'b1;
      // a raise seen while no item goes is kept
      if (rq_v && !rq_q) begin
        rq_d      = 1'b1;
        rq_item_d = rq_i;
      end
      if (go) begin
        item_d    = item_q + 8'd1;
        ilag_d    = ilag_q + 8'd1;
        ccnt_d    = ccnt_now;
        if (rq_v && sync_due)
          rq_ripe_d = 1'b1;
        if (!en_q) begin
          // disabled: the item is ignored (the model ignores records after finish)
        end else if (fin_op) begin
          // ---- ete_model_finish (D6.2.2)
          fin        = 1'b1;               // R_ZDTLK: the atoms
          fin_pend_d = 1'b0;
          en_d       = 1'b0;
          if (started_q && cfg_ts && est_q) begin
            ts       = 1'b1;               // R_YYWTR: trace unit flush
            ts_has   = cfg_cci && cc_valid_q && (ecc_e <= CC_MAX);   // R_ZMQLT
            ts_count = ecc_e[19:0];
          end
          if (txt_q) begin
            txf14   = 1'b1;                // R_ZJXHP
            txf14_e = need_addr_q ? E_ADDR_EXC : E_EXC;
            disc    = 1'b1;                // R_WDGV, R_PHQDX
          end
        end else if (in_marker_i) begin
          // ---- ete_model_overflow
          marker      = 1'b1;              // the atoms are lost
          active_d    = 1'b0;              // R_QZPJ
          uncovered_d = 1'b0;
          need_addr_d = 1'b0;
          pend_d      = 1'b0;
          force_ctx_d = 1'b0;
          ts_req_d    = 1'b0;
          est_d       = 1'b0;
          if (started_q) begin
            ovf        = 1'b1;             // R_HRYKY
            txt_d      = 1'b0;             // R_YTKLN
            cc_valid_d = 1'b0;             // R_HQKWH
            sync       = 1'b1;             // R_DQBDDH, I_YYNRQ
            ti_t       = 1'b0;
            rs_clr     = 1'b1;
            ctx_reset;
            sync_resets;
          end
        end else if (in_dec_i[DC_CTX]) begin
          // the identifiers of the following items (D2.3.3)
          ctx_ld = 1'b1;
          cid1_d = in_addr_i[31:0];
          cid2_d = in_addr_i[63:32];
        end else begin
          // ---- periodic synchronization at the item boundary (D1.9.2,
          // R_SVGNN: no traced instruction waits for its P0 element)
          if (sync_due && !uncovered_q) begin
            sync = 1'b1;
            ti_t = txt_q;                  // R_WJJKK, R_WMKVM, R_QMTSR
            rs_clr = 1'b1;                 // R_SBJB
            ctx_reset;
            sync_resets;
            if (active_q) begin
              need_addr_d = 1'b1;          // R_MDTYL
              pend_d      = 1'b0;
            end
          end

          if (in_dec_i[DC_INSN]) begin
            ss_d    = sx_w;                // SSSTATUS after the item (S3, D6.17)
            cx_el   = in_el_i;
            cx_ns   = in_flags_i[1];
            cx_sf   = (in_isa_i == ISA_A64);
            // ---- a sub-run of the run's first instructions, on its first
            // instruction (docs/pe-blocks.md 3: run_prefix)
            if (in_has_sub_i) begin
              if (in_flags_i[2] && txz_d)
                tx_one;                    // a transaction known from here
              // D6.8.1 ViewInst = E & I & S & N; D6.17 SSSTATUS (S3: vs_w)
              if (sub_t_w) begin           // vi || uncovered: X_N5MSV
                if (!active_d)
                  trace_on;                // R_LMLSN
                is1 = 1'b0;
                a   = {in_sub_addr_i[63:2], 2'b00};   // R_F5WRC
                resolve;
                uncovered_d = 1'b1;
              end else begin
                active_d    = 1'b0;
                need_addr_d = 1'b0;        // R_ZRYSN
                pend_d      = 1'b0;
              end
              cur_ns_d = cx_ns;
            end
          end
          if (in_dec_i[DC_INSN] && in_final_i) begin
            // ---- do_insn on the run's last instruction
            is1_l  = (in_isa_i == ISA_T32);
            traced = traced_w;             // ViewInst (vf_w) || uncovered: X_N5MSV
            p0     = in_dec_i[DC_P0];
            if (in_flags_i[2] && txz_d && !in_dec_i[DC_TSTART])
              tx_one;                      // trace started inside a transaction
            // R_YYWTR: an ISB that synchronizes context, an exception return
            if (cfg_ts && in_dec_i[DC_TSIC])
              ts_req_d = 1'b1;
            if (!traced) begin
              active_d    = 1'b0;
              need_addr_d = 1'b0;          // R_ZRYSN
              pend_d      = 1'b0;
              if (in_dec_i[DC_TSTART]) begin
                if (txz_d) begin
                  ss_ts_d  = ss_d;
                  ss_tsv_d = 1'b1;
                  ta_ts_d  = 1'b0;
                end
                if (!txf_d)
                  tx_inc;
              end else if (in_dec_i[DC_TCOMMIT] && !txz_d) begin
                if (tx1_d) begin
                  if (txt_d) begin
                    tx11   = 1'b1;         // R_BGMXL, R_PCKKS
                    tx11_c = 1'b1;
                  end
                  txt_d    = 1'b0;
                  ss_tsv_d = 1'b0;
                end
                tx_dec;
              end
            end else begin
              if (!active_d)
                trace_on;                  // R_LMLSN
              // after a traced sub-run of this run nothing is due here
              if (!res) begin
                is1 = is1_l;
                a   = {in_pc_last_i[63:2], is1_l & in_pc_last_i[1], 1'b0};   // R_F5WRC
                resolve;
              end
              if (!p0) begin
                uncovered_d = 1'b1;
                if (in_dec_i[DC_TCOMMIT] && !txz_d) begin
                  if (tx1_d) begin
                    if (txt_d) begin
                      tx11   = 1'b1;
                      tx11_c = 1'b1;
                    end
                    txt_d    = 1'b0;
                    ss_tsv_d = 1'b0;
                  end
                  tx_dec;
                end
              end else begin
                bb = cfg_bb && in_bb_i;
                if (bb && !bb_prev_q)
                  rs_clrbb = 1'b1;         // R_SBJB: entering a broadcasting region
                bb_prev_d = bb;
                if (!txz_d && !txt_d) begin
                  txs7  = 1'b1;            // R_RKGLY, R_CRPJZ, R_WXQS
                  txt_d = 1'b1;
                end
                taken       = in_dec_i[DC_TAKEN];   // R_CPFBS, R_LMDZV, Table D3.4
                atom        = 1'b1;        // R_XCJGD, R_SRYKV
                uncovered_d = 1'b0;
                p0_done     = 1'b1;
                cc_commit;
                if (taken) begin
                  rs_ok = cfg_rs && !bb;   // R_QVTVR, R_WRXCW
                  if (in_dec_i[DC_BLX]) begin
                      if (rs_ok) begin
                        // the link address (R_SLDXR, R_HFCTC) is this
                        // instruction's address plus its length, T32 BLX
                        // <reg> 16 bits, others 32, the upper half 0 in
                        // AArch32: S5 stores the three and never adds
                        rs_push = 1'b1;
                        rs_inc2 = is1_l && in_dec_i[DC_BLR];
                        rs_a32  = in_isa_i != ISA_A64;
                        rs_is1  = is1_l;
                      end
                      if (in_dec_i[DC_BLR]) begin
                        need_addr_d = 1'b1;
                        pend_d      = rs_ok;
                      end else if (bb) begin
                        need_addr_d = 1'b1;   // R_BNVFP
                      end
                  end else if (in_dec_i[DC_IND]) begin   // BR, RET, ERET
                      need_addr_d = 1'b1;     // R_HLRZJ
                      pend_d      = rs_ok;
                  end else begin
                      if (bb)
                        need_addr_d = 1'b1;   // R_BNVFP
                  end
                end
                if (in_dec_i[DC_TSTART]) begin
                  if (txz_d) begin            // outer TSTART: R_CYHKB
                    tx11     = 1'b1;
                    tx11_c   = 1'b0;
                    txt_d    = 1'b1;
                    ss_ts_d  = ss_d;
                    ss_tsv_d = 1'b1;
                    ta_ts_d  = 1'b1;
                  end
                  if (!txf_d)
                    tx_inc;
                end
              end
            end
            cur_ns_d = cx_ns;
          end else if (in_dec_i[DC_TFAIL]) begin
            // ---- do_tfail
            was = txt_d;
            tx_abort;
            if (!was && active_d) begin
              need_addr_d = 1'b1;
              pend_d      = 1'b0;
              uncovered_d = 1'b0;
            end
          end else if (in_dec_i[DC_RST]) begin
            // ---- do_reset
            if (!txz_d || in_flags_i[2])
              tx_abort;                    // R_QWGXIL
            forced = trcvictlr_i[10];      // R_GPKSH
            if (cfg_ts)
              ts_req_d = 1'b1;             // R_YYWTR, R_NGXNQ
            if (active_d || forced) begin
              if (!active_d)
                trace_on;                  // R_BBBBT
              rst         = 1'b1;          // history push 0 in S5 (R_FPDJF)
              rst_e       = need_addr_d ? E_ADDR_EXC : E_EXC;
              p0_done     = 1'b1;
              cc_commit;
              active_d    = 1'b1;
              need_addr_d = 1'b1;
            end else begin
              active_d    = 1'b0;
              need_addr_d = 1'b0;
            end
            pend_d      = 1'b0;            // R_JRNYF
            force_ctx_d = 1'b1;
            uncovered_d = 1'b0;
            cur_ns_d    = in_flags_i[1];
          end else if (in_dec_i[DC_EXC]) begin
            // ---- do_exc
            if (!txz_d || in_flags_i[2])
              tx_abort;
            forced = in_dec_i[DC_SERR] && trcvictlr_i[11];   // R_LTLEB
            if (cfg_ts)
              ts_req_d = 1'b1;             // R_YYWTR, R_NGXNQ
            if (!(active_d || forced)) begin   // R_DPMBQ
              need_addr_d = 1'b0;
              pend_d      = 1'b0;
              uncovered_d = 1'b0;
            end else begin
              if (!active_d)
                trace_on;                  // R_BBBBT
              is1     = (in_isa_i == ISA_T32);
              a       = {in_addr_i[63:2], is1 & in_addr_i[1], 1'b0};
              // the context of the preferred return address (R_YGXKK)
              cx_el   = in_from_el_i;
              cx_ns   = (in_from_el_i == 2'd3) ? 1'b0 :
                        (in_el_i == 2'd3) ? cur_ns_d : in_flags_i[1];
              cx_sf   = (in_isa_i == ISA_A64);
              cx_same = octx_v_d && octx_el_d == cx_el && octx_ns_d == cx_ns &&
                        octx_sf_d == cx_sf && cid_eq && vm_eq;
              cx_c    = cfg_cid && !cid_eq;
              cx_v    = cfg_vmid && !vm_eq;
              need_c  = force_ctx_d || !octx_v_d || !cx_same;
              need_a  = need_addr_d;       // I_PCMYT: E decided in S5
              pend    = pend_d;
              exc     = 1'b1;
              need_addr_d = 1'b0;
              pend_d      = 1'b0;
              if (need_c) begin
                octx_v_d = 1'b1;  octx_el_d = cx_el;  octx_ns_d = cx_ns;  octx_sf_d = cx_sf;
                oc_op_d = OC_LD;
              end
              force_ctx_d = 1'b0;
              p0_done     = 1'b1;          // R_YPPRPH
              uncovered_d = 1'b0;
              cc_commit;
              active_d    = 1'b1;
              need_addr_d = 1'b1;          // the target of the exception
            end
            cur_ns_d = in_flags_i[1];
          end

          // ---- events and timestamps of the item (R_WJPTE, R_SPYTT, R_CWHHW)
          ev = in_ev_i;
          if (cfg_ts && in_tsev_i)
            ts_req_d = 1'b1;               // R_YYWTR: the timestamp event
          // the first packet of the trace is preceded by A-Sync and Trace
          // Info (R_QZRMQ), whose timestamp request counts for this item
          pre13 = txf || ton || res || exc || rst || txs7 || cc || tx11 || (ev != 4'd0);
          if (!started_q && !sync &&
              (pre13 || ((p0_done || ev != 4'd0) && ts_req_d))) begin
            sync       = 1'b1;
            ti_t       = 1'b0;
            sync_resets;                   // nothing was output: no other reset matters
          end
          if (p0_done || ev != 4'd0) begin
            est_d = 1'b1;
            el_d  = 1'b1;                  // elem_ts = in_ts_i, its cycles ccnt_d
            if (ts_req_d) begin
              ts       = 1'b1;             // I_SDPZZ
              ts_has   = cfg_cci && cc_valid_d && (ccnt_z || ccnt_le);   // R_ZMQLT
              ts_count = ccnt_z ? 20'd0 : ccnt_now[19:0];
              ts_req_d = 1'b0;
              est_d    = 1'b0;
            end
          end
        end

        valid_d = 1'b1;
        // the A-Syncs in flight: the three values side by side, the
        // item's decision selects (ack_q's decrement is above)
        if (sy_iss)
          infl_d = ack_q ? infl_q : infl_q + 3'd1;
        desc_d  = {PD_W{1'b0}};
        desc_d[PD_ITEM_L +: 8]     = item_q;
        desc_d[PD_MARKER_L]   = marker;
        desc_d[PD_OVF_L]      = ovf;
        desc_d[PD_FIN_L]      = fin;
        desc_d[PD_SYNC_L]     = sync;
        desc_d[PD_TI_T_L]     = ti_t;
        desc_d[PD_TXF_L]      = txf;
        desc_d[PD_TXF_E_L +: 2]    = txf_e;
        desc_d[PD_TON_L]      = ton;
        desc_d[PD_RES_L]      = res;
        desc_d[PD_EXC_L]      = exc;
        desc_d[PD_RST_L]      = rst;
        desc_d[PD_RST_E_L +: 2]    = rst_e;
        desc_d[PD_NEED_A_L]   = need_a;
        desc_d[PD_PEND_L]     = pend;
        desc_d[PD_NEED_C_L]   = need_c;
        desc_d[PD_IS1_L]      = is1;
        desc_d[PD_CX_EL_L +: 2]    = cx_el;
        desc_d[PD_CX_NS_L]    = cx_ns;
        desc_d[PD_CX_SF_L]    = cx_sf;
        desc_d[PD_CX_C_L]     = cx_c;
        desc_d[PD_CX_V_L]     = cx_v;
        desc_d[PD_CX_SAME_L]  = cx_same;
        desc_d[PD_ETYPE_L +: 5]    = in_exc_type_i;
        desc_d[PD_TXS7_L]     = txs7;
        desc_d[PD_ATOM_L]     = atom;
        desc_d[PD_TAKEN_L]    = taken;
        desc_d[PD_CC_L]       = cc;
        desc_d[PD_CC_KNOWN_L] = cc_known;
        desc_d[PD_TX11_L]     = tx11;
        desc_d[PD_TX11_C_L]   = tx11_c;
        desc_d[PD_EV_L +: 4]       = ev;
        desc_d[PD_TS_L]       = ts;
        desc_d[PD_TS_HAS_L]   = ts_has;
        desc_d[PD_TXF14_L]    = txf14;
        desc_d[PD_TXF14_E_L +: 2]  = txf14_e;
        desc_d[PD_DISC_L]     = disc;
        desc_d[PD_RS_CLR_L]   = rs_clr;
        desc_d[PD_RS_CLRBB_L] = rs_clrbb;
        desc_d[PD_RS_PUSH_L]  = rs_push;
        desc_d[PD_RS_IS1_L]   = rs_is1;
        // payload fields are read only with their flag (a Cycle Count
        // packet, R_MKKZN / R_PTVTD's identifiers with a Context packet, a
        // push, a Timestamp packet): not masked by the decisions, so the
        // late decisions drive a few flags, not the wide fields
        desc_d[PD_CC_COUNT_L +: 20] = cc_over;            // read with cc_known only
        desc_d[PD_TS_COUNT_L +: 20] = ts_count;
        desc_d[PD_CX_CID_L +: 32]   = cx_cid_w;
        desc_d[PD_CX_VMID_L +: 32]  = cx_vmid_w;
        desc_d[PD_A_L +: 64]        = a;
        desc_d[PD_RS_A_L +: 64]     = in_pc_last_i;       // the BL / BLR instruction
        desc_d[PD_TS_VAL_L +: 64]   = fin_op ? ets_e : in_ts_i;
        desc_d[PD_RS_INC2_L]  = rs_inc2;
        desc_d[PD_RS_A32_L]   = rs_a32;
      end
    end
  end

  // the identifier flags after the item (cz_q .. ve_q above)
  always @* begin : p_ctx_flags
    cz_d = cz_q;  ce_d = ce_q;  vz_d = vz_q;  ve_d = ve_q;
    if (start_i) begin
      cz_d = 1'b1;  ce_d = 1'b1;  vz_d = 1'b1;  ve_d = 1'b1;   // all 0
    end else if (ctx_ld) begin
      cz_d = xn_cz;  ce_d = xn_ce;  vz_d = xn_vz;  ve_d = xn_ve;
    end else if (oc_op_d == OC_LD) begin
      ce_d = 1'b1;  ve_d = 1'b1;
    end else if (oc_op_d == OC_CLR) begin
      ce_d = cz_q;  ve_d = vz_q;
    end
  end
  always @(posedge clk_i) begin
    if (rst_s) begin
      cz_q <= 1'b1;  ce_q <= 1'b1;  vz_q <= 1'b1;  ve_q <= 1'b1;
    end else begin
      cz_q <= cz_d;  ce_q <= ce_d;  vz_q <= vz_d;  ve_q <= ve_d;
    end
  end

  // far_d is far(item_d - rq_item_d), with item_d item_q or item_q + 1
  // (go) and rq_item_d rq_item_q or rs_item_q (a raise kept now), 0
  // after start_i: the distances from registers side by side (far_q is
  // far(item_q - rq_item_q) itself, frs_q far(item_q - rs_item_q)), the
  // late go and keep only select among them
  // (item_q + 1 - r in LAG .. 127 when e = ilag_q - r is 0xFF or in 0 ..
  // 126 - LAG, as far_r1: one subtraction and compares with constants)
  wire [7:0] e_q1    = ilag_q - rq_item_q;
  wire [7:0] e_s1    = ilag_q - rs_item_q;
  wire       far_q1  = ((LAG < 8'd127) && (e_q1 <= 8'd126 - LAG)) || (e_q1 == 8'hFF);
  wire       far_s1  = ((LAG < 8'd127) && (e_s1 <= 8'd126 - LAG)) || (e_s1 == 8'hFF);
  wire       rq_keep = rq_v && !rq_q;              // rq_item_d = rs_item_q
  assign far_d  = start_i ? (LAG == 8'd0) :                 // both are 0
                  go      ? (rq_keep ? far_s1 : far_q1) :
                            (rq_keep ? frs_q  : far_q);

  // ccnt_q - THRESHOLD and ccnt_q - 2^CCSIZE as ccnt_q moves: 0 (start, a
  // Cycle Count reference: ccnt_z), ccnt_now (go, saturating), or held;
  // the late go and ccnt_z select last
  wire [23:0] kthr_now = csum[21] ? {3'd0, sat_over} : d_thr;
  wire [23:0] klim_now = csum[21] ? ({3'd0, CNT_SAT} + k0_lim) : d_lim;
  always @(posedge clk_i) begin
    if (rst_s || start_i || (go && ccnt_z)) begin
      kthr_q <= k0_thr;
      klim_q <= k0_lim;
    end else if (go) begin
      kthr_q <= kthr_now;
      klim_q <= klim_now;
    end
  end

  // S7's raise and acknowledgement, registered (start_i empties S6 and S7:
  // nothing they made before it counts)
  always @(posedge clk_i) begin
    if (rst_s || start_i) begin
      rs_q  <= 1'b0;
      ack_q <= 1'b0;
    end else begin
      rs_q  <= raise_i;
      ack_q <= sync_ack_i;
    end
  end
  always @(posedge clk_i) begin
    rs_item_q <= raise_item_i;
    frs_q     <= go ? far_r1 : far_r0;
  end

  always @(posedge clk_i) begin
    if (rst_s) begin
      en_q <= 1'b0;        fin_pend_q <= 1'b0;   started_q <= 1'b0;   active_q <= 1'b0;
      uncovered_q <= 1'b0; need_addr_q <= 1'b0;  pend_q <= 1'b0;      force_ctx_q <= 1'b0;
      bb_prev_q <= 1'b0;   cur_ns_q <= 1'b0;     ss_q <= 1'b0;        ss_ts_q <= 1'b0;
      ss_tsv_q <= 1'b0;    ta_ts_q <= 1'b0;      txd_q <= 8'd0;       txt_q <= 1'b0;
      txz_q <= 1'b1;       tx1_q <= 1'b0;        txf_q <= 1'b0;
      ts_req_q <= 1'b0;    octx_v_q <= 1'b0;     octx_el_q <= 2'd0;   octx_ns_q <= 1'b0;
      octx_sf_q <= 1'b0;   oc_op_q <= OC_HOLD;   cid1_q <= 32'd0;
      cid2_q <= 32'd0;     cc_valid_q <= 1'b0;   ccnt_q <= 21'd0;     est_q <= 1'b0;
      el_q <= 1'b0;        item_q <= 8'd0;       rq_q <= 1'b0;
      rq_item_q <= 8'd0;   rq_ripe_q <= 1'b0;    infl_q <= 3'd0;      far_q <= 1'b0;
      ilag_q <= 8'd0 - LAG;
      valid_q <= 1'b0;     desc_q <= {PD_W{1'b0}};
    end else begin
      en_q <= en_d;               fin_pend_q <= fin_pend_d;   started_q <= started_d;
      active_q <= active_d;       uncovered_q <= uncovered_d; need_addr_q <= need_addr_d;
      pend_q <= pend_d;           force_ctx_q <= force_ctx_d; bb_prev_q <= bb_prev_d;
      cur_ns_q <= cur_ns_d;       ss_q <= ss_d;               ss_ts_q <= ss_ts_d;
      ss_tsv_q <= ss_tsv_d;       ta_ts_q <= ta_ts_d;         txd_q <= txd_d;
      txz_q <= txz_d;             tx1_q <= tx1_d;             txf_q <= txf_d;
      txt_q <= txt_d;             ts_req_q <= ts_req_d;       octx_v_q <= octx_v_d;
      octx_el_q <= octx_el_d;     octx_ns_q <= octx_ns_d;     octx_sf_q <= octx_sf_d;
      oc_op_q <= oc_op_d;         cid1_q <= cid1_d;
      cid2_q <= cid2_d;           cc_valid_q <= cc_valid_d;   ccnt_q <= ccnt_d;
      est_q <= est_d;             el_q <= el_d;
      item_q <= item_d;           rq_q <= rq_d;               rq_item_q <= rq_item_d;
      ilag_q <= ilag_d;
      rq_ripe_q <= rq_ripe_d;     infl_q <= infl_d;           far_q <= far_d;
      valid_q <= valid_d;         desc_q <= desc_d;
    end
  end

  // elem_ts and its cycles after the element of the clock before (el_q):
  // that element's timestamp is its descriptor's (not a finish), its cycle
  // count is ccnt_q's value after it
  always @(posedge clk_i) begin
    if (rst_s || start_i) begin
      ets_q <= 64'd0;
      ecc_q <= 21'd0;
    end else if (el_q) begin
      ets_q <= desc_q[PD_TS_VAL_L +: 64];
      ecc_q <= ccnt_q;
    end
  end

  // out_ctx's identifiers after the item of the clock before (oc_op_q)
  always @(posedge clk_i) begin
    if (rst_s || oc_op_q == OC_CLR) begin
      octx_cid_q  <= 32'd0;
      octx_vmid_q <= 32'd0;
    end else if (oc_op_q == OC_LD) begin
      octx_cid_q  <= desc_q[PD_CX_CID_L +: 32];
      octx_vmid_q <= desc_q[PD_CX_VMID_L +: 32];
    end
  end

`ifdef FORMAL
  // item_q - LAG beside item_q (an induction invariant), from the first
  // reset on: this module's own proof (formal/ete_pipe_elem.sby) leaves
  // rst_ni free in the first clock, where the registers hold any value
  reg f_rst_seen_q = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_rst_seen_q <= 1'b1;
  always @* if (rst_ni && f_rst_seen_q) assert (ilag_q == item_q - LAG);
  // the depth's flags follow it
  always @* if (rst_ni && f_rst_seen_q)
    assert (txz_q == (txd_q == 8'd0) && tx1_q == (txd_q == 8'd1) && txf_q == (txd_q == 8'hFF));
  // ---- formal: the descriptor for S5 holds until taken (formal/fv_vr_check.v);
  // S5's ready is a register (ete_pipe_cmpr), so nothing here waits on S6
  fv_vr_check #(.W (PD_W), .ASSUME (0)) f_out_vr (
    .clk_i (clk_i), .rst_ni (rst_ni && !start_i),
    .valid_i (out_valid_o), .ready_i (out_ready_i), .data_i (out_desc_o)
  );
`endif

endmodule

`default_nettype wire
