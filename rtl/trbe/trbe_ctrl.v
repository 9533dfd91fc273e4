// TRBE control: the registers, the system-register port, the collection of
// trace bytes and the management events (Part E), the write-transaction
// queue and the External Abort rollback.  docs/trbe.md describes the
// contract; the model (model/trbe) is the same machine one byte at a time.
//
// Every clock edge applies, in this order (docs/trbe.md, "Order within a
// clock edge"):
//   1. the write response of the transaction in service: OKAY retires it;
//      an error response is an External Abort (R_XRLSC) that rolls the
//      state back to the transaction's first byte and purges what follows;
//      a transaction that the queue could not take at a drain point is
//      pushed now;
//   2. the input beat handshaken at this edge (R_PLYXP steps 2-5);
//   3. the system-register access whose handshake is at this edge;
//   4. a Detected Trigger (trig_i);
//   5. the completion of a trace unit flush (flush_done_i);
//   6. the start of a TSB CSYNC (tsb_req_i rising).
//
// Write transactions: collected bytes are grouped per aligned block of
// 2**BLK_LOG2 bytes.  The open transaction (otx_*) gets the bytes; it is
// closed into the 2-entry queue (q0_*, q1_*) when the pointer reaches the
// block end (every wrap included: the Limit pointer is block-aligned) or at
// a drain point (TSB CSYNC, disabling write, flush that stops collection).
// The AXI master (common_axi_wr) takes the queued transactions in order as
// requests (rq_*: the oldest one not yet taken), up to two in flight; the
// queue head leaves the queue with its write response.  After an error
// response the master drains the transactions it had taken after the
// failing one (wr_halt_i); register accesses wait for that.  Each transaction keeps the
// Trigger Counter and TRBSR_EL1.WRAP as they were before its first byte,
// for the rollback.
`default_nettype none

module trbe_ctrl #(
  parameter IN_BYTES = 8,   // bytes per input beat: 4, 8 or 16
  parameter IN_CNT_W = 4,   // log2(IN_BYTES) + 1
  parameter BLK_LOG2 = 7,   // log2 of the transaction block (bytes): 5..11
  parameter RW_LOG2  = 3    // log2 of the ring row (bytes): 3 or 4
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,

  // system-register port (docs/trbe.md, "System-register port")
  input  wire                    sr_valid_i,
  input  wire                    sr_write_i,
  input  wire [15:0]             sr_enc_i,
  input  wire [63:0]             sr_wdata_i,
  output wire [63:0]             sr_rdata_o,
  output wire                    sr_ready_o,

  // trace bytes from the trace unit
  input  wire [8*IN_BYTES-1:0]   in_data_i,
  input  wire [IN_BYTES-1:0]     in_keep_i,
  input  wire                    in_valid_i,
  output wire                    in_ready_o,

  // trace unit hooks
  input  wire                    trig_i,        // Detected Trigger, one clock
  output wire                    flush_req_o,   // trace unit flush requested
  input  wire                    flush_done_i,  // the flush completed, one clock
  input  wire                    tsb_req_i,     // TSB CSYNC (4-phase with tsb_ack_o)
  output wire                    tsb_ack_o,
  input  wire                    prog_na_i,     // TRBIDR_EL1.P

  output wire                    irq_o,         // TRBIRQ (R_LRTBP)
  output wire                    enabled_o,     // TRBLIMITR_EL1.E (R_YCHKJ)
  output wire                    evt_wrap_o,    // TRB_WRAP event, one clock
  output wire                    evt_trig_o,    // TRB_TRIG event, one clock

  // ring write port (trbe_ring)
  output wire [BLK_LOG2:0]       rg_idx_o,
  output wire [IN_CNT_W-1:0]     rg_n_o,
  output wire [8*IN_BYTES-1:0]   rg_data_o,

  // request to the AXI master (valid/ready; the payload holds while
  // rq_valid_o && !rq_ready_i): the oldest queued transaction not yet taken
  output wire                    rq_valid_o,
  input  wire                    rq_ready_i,
  output wire [63:0]             rq_start_o,
  output wire [BLK_LOG2:0]       rq_len_o,
  input  wire                    w_done_i,      // a transaction's last W beat was accepted
  input  wire [BLK_LOG2:0]       w_bytes_i,     // its bytes
  input  wire                    b_ok_i,        // the head's write response: OKAY/EXOKAY
  input  wire                    b_err_i,       // the head's write response: SLVERR/DECERR
                                                // or a protocol error (wrong BID)
  input  wire                    wr_halt_i,     // the master drains after an error
`ifdef FORMAL
  input  wire [4:0]              f_nreq_i,      // formal only: requests the master holds
`endif

  output wire [11:0]             mar_o,         // TRBMAR_EL1 (bus attributes)
  output wire [63:0]             base_o,        // Base pointer
  output wire [63:0]             limit_o        // Limit pointer
);

  localparam BLOCK     = 1 << BLK_LOG2;
  localparam LEN_W     = BLK_LOG2 + 1;         // 0..BLOCK
  localparam RING_LOG2 = BLK_LOG2 + 1;         // the ring holds two blocks
  localparam RU_W      = RING_LOG2 + 1;        // 0..RING

  `include "common_sysreg.vh"  // TRB*_EL1_ENC (common/trbe_regs.h)

  localparam [5:0]  EC_OTHER   = 6'h00;        // TRBSR_EC_* (trbe_regs.h)
  localparam [5:0]  EC_IMPDEF  = 6'h1F;
  localparam [5:0]  EC_S1ABORT = 6'h24;
  localparam [15:0] MSS_FILLED = 16'h0001;     // BSC buffer filled
  localparam [15:0] MSS_TRIG   = 16'h0002;     // BSC Trigger Event
  localparam [15:0] MSS_FSC_EA = 16'h0010;     // TRBSR_FSC_SYNC_EXT_ABORT
  localparam [15:0] MSS_RANGE  = 16'h0001;     // TRBSR_MSS_IMPDEF_PTR_RANGE

  localparam [LEN_W-1:0] BLOCK_L = BLOCK;
  localparam [RU_W-1:0]  RING_U  = 2 * BLOCK;
  localparam [RU_W-1:0]  INB_U   = IN_BYTES[RU_W-1:0];
  localparam [LEN_W-1:0] INB_L   = IN_BYTES[LEN_W-1:0];

  generate
    if (IN_BYTES != 4 && IN_BYTES != 8 && IN_BYTES != 16) begin : g_bad_in
      trbe_ctrl_IN_BYTES_must_be_4_8_or_16 u_bad ();
    end
    if ((1 << (IN_CNT_W - 1)) != IN_BYTES) begin : g_bad_cnt
      trbe_ctrl_IN_CNT_W_must_be_log2_IN_BYTES_plus_1 u_bad ();
    end
    if (BLK_LOG2 < 5 || BLK_LOG2 > 11) begin : g_bad_blk
      trbe_ctrl_BLK_LOG2_must_be_5_to_11 u_bad ();
    end
    if (RW_LOG2 != 3 && RW_LOG2 != 4) begin : g_bad_rw
      trbe_ctrl_RW_LOG2_must_be_3_or_4 u_bad ();
    end
  endgenerate

  // ---- state ------------------------------------------------------------------
  reg         alive_q;                 // out of reset
  // registers (E1.2.1.1)
  reg  [63:0] ptr_q,   ptr_d;          // TRBPTR_EL1
  reg  [51:0] base_q,  base_d;         // TRBBASER_EL1.BASE
  reg  [51:0] limit_q, limit_d;        // TRBLIMITR_EL1.LIMIT
  reg         nvm_q,   nvm_d;
  reg  [1:0]  tm_q,    tm_d;
  reg  [1:0]  fm_q,    fm_d;
  reg         e_q,     e_d;
  reg         irq_q,   irq_d;          // TRBSR_EL1
  reg         trg_q,   trg_d;
  reg         wrap_q,  wrap_d;
  reg         ea_q,    ea_d;
  reg         s_q,     s_d;
  reg  [5:0]  ec_q,    ec_d;
  reg  [15:0] mss_q,   mss_d;
  reg  [11:0] mar_q,   mar_d;          // TRBMAR_EL1
  reg  [31:0] cnt_q,   cnt_d;          // TRBTRG_EL1.TRG, the Trigger Counter
  reg         oor_q,   oor_d;          // the pointer was out-of-range at enable
  reg         flush_q, flush_d;        // a trace unit flush is pending
  reg         evw_q,   evw_d;          // TRB_WRAP pulse
  reg         evt_q,   evt_d;          // TRB_TRIG pulse
  // TSB CSYNC
  reg         sync_q,  sync_d;         // waiting for transactions to complete
  reg  [1:0]  srem_q,  srem_d;         // transactions still to complete
  reg         tack_q,  tack_d;         // tsb_ack_o
  // system-register access in progress
  reg         srb_q,   srb_d;          // request taken
  reg         srr_q,   srr_d;          // sr_ready_o: completes at the next edge
  reg         srw_q,   srw_d;
  reg  [15:0] sre_q,   sre_d;
  reg  [63:0] srv_q,   srv_d;
  // open transaction
  reg         ov_q,    ov_d;
  reg         ocl_q,   ocl_d;          // closing: push when the queue has room
  reg  [63:0] os_q,    os_d;           // first byte address
  reg  [LEN_W-1:0] ol_q, ol_d;         // bytes
  reg  [31:0] oc_q,    oc_d;           // Trigger Counter before its first byte
  reg         ow_q,    ow_d;           // TRBSR_EL1.WRAP before its first byte
  // queue of closed transactions (two entries, head q_rd)
  reg  [63:0] q0s_q, q0s_d, q1s_q, q1s_d;
  reg  [LEN_W-1:0] q0l_q, q0l_d, q1l_q, q1l_d;
  reg  [31:0] q0c_q, q0c_d, q1c_q, q1c_d;
  reg         q0w_q, q0w_d, q1w_q, q1w_d;
  reg         qrd_q,   qrd_d;
  reg  [1:0]  qn_q,    qn_d;
  reg  [1:0]  qis_q,   qis_d;          // entries taken by the AXI master (the oldest ones)
  // ring bytes collected and not yet sent on W
  reg  [RU_W-1:0] ru_q, ru_d;

  // ---- combinational helpers -----------------------------------------------------
  wire [63:0] base_p  = {base_q, 12'h000};
  wire [63:0] limit_p = {limit_q, 12'h000};

  // bytes in the beat: the keep bits set from byte 0 up to the first clear one
  reg  [IN_CNT_W-1:0] n_in;
  reg                 run;
  integer i;
  always @* begin
    n_in = {IN_CNT_W{1'b0}};
    run  = 1'b1;
    for (i = 0; i < IN_BYTES; i = i + 1) begin
      run = run & in_keep_i[i];
      if (run) n_in = n_in + {{(IN_CNT_W-1){1'b0}}, 1'b1};
    end
  end

  // queue head and tail
  wire [63:0]      hd_s   = qrd_q ? q1s_q : q0s_q;
  wire [31:0]      hd_c   = qrd_q ? q1c_q : q0c_q;
  wire             hd_w   = qrd_q ? q1w_q : q0w_q;
  wire             q_room = (qn_q != 2'd2);
  // the oldest entry the AXI master has not taken
  wire             rq_v   = (qis_q < qn_q);
  wire             rq_sel = qrd_q ^ qis_q[0];
  wire [63:0]      rq_s   = rq_sel ? q1s_q : q0s_q;
  wire [LEN_W-1:0] rq_l   = rq_sel ? q1l_q : q0l_q;
  wire             rq_hs  = rq_v & rq_ready_i;

  // bytes to the end of the pointer's block
  wire [LEN_W-1:0] to_blk   = BLOCK_L - {1'b0, ptr_q[BLK_LOG2-1:0]};
  wire             near_end = (to_blk <= INB_L);
  // the pointer's block is the last one before the Limit pointer
  wire             last_blk = (ptr_q[63:12] + 52'd1 == limit_q) & (&ptr_q[11:BLK_LOG2]);

  // a disabling write is waiting for the drain (R_DJMDD allows no other
  // write to take effect while E is 1)
  wire dis_req  = srb_q & srw_q & (sre_q == TRBLIMITR_EL1_ENC) & e_q & ~srv_q[0];
  wire drained  = ~ov_q & (qn_q == 2'd0);
  wire sr_can   = (~dis_req | drained) & ~wr_halt_i;

  wire in_rdy   = alive_q & ~srb_q & ~ocl_q & (ru_q + INB_U <= RING_U) & (~near_end | q_room);
  wire in_fire  = in_valid_i & in_rdy;
  wire tsb_go   = alive_q & tsb_req_i & ~sync_q & ~tack_q;

  // R_MSPSD, evaluated when the unit is enabled (the pointers cannot change
  // while E is 1): out-of-range against the Limit pointer being written
  function oor_f;
    input [63:0] p;
    input [51:0] b;
    input [51:0] l;
    begin
      oor_f = ({b, 12'h000} > p) | ({l, 12'h000} <= p) | (b[51:44] != l[51:44]);
    end
  endfunction

  // ---- next state ------------------------------------------------------------------
  reg              push;
  reg  [63:0]      push_s;
  reg  [LEN_W-1:0] push_l;
  reg  [31:0]      push_c;
  reg              push_w;
  reg  [BLK_LOG2:0]   rg_idx;
  reg  [IN_CNT_W-1:0] rg_n;
  // beat processing
  reg  [LEN_W-1:0] nb, n1, n2, t_len;
  reg              crosses, wrapx, fill, stop_full, dec1, hit1, dec2, hit2;
  reg  [63:0]      p_mid, t_start;
  reg  [31:0]      cnt1, t_cnt;
  reg              t_wrap;

  always @* begin
    ptr_d = ptr_q;   base_d = base_q; limit_d = limit_q; nvm_d = nvm_q; tm_d = tm_q;
    fm_d = fm_q;     e_d = e_q;       irq_d = irq_q;     trg_d = trg_q; wrap_d = wrap_q;
    ea_d = ea_q;     s_d = s_q;       ec_d = ec_q;       mss_d = mss_q; mar_d = mar_q;
    cnt_d = cnt_q;   oor_d = oor_q;   flush_d = flush_q; evw_d = 1'b0;  evt_d = 1'b0;
    sync_d = sync_q; srem_d = srem_q; tack_d = tack_q;
    srb_d = srb_q;   srr_d = srr_q;   srw_d = srw_q;     sre_d = sre_q; srv_d = srv_q;
    ov_d = ov_q;     ocl_d = ocl_q;   os_d = os_q;       ol_d = ol_q;   oc_d = oc_q;
    ow_d = ow_q;
    q0s_d = q0s_q;   q0l_d = q0l_q;   q0c_d = q0c_q;     q0w_d = q0w_q;
    q1s_d = q1s_q;   q1l_d = q1l_q;   q1c_d = q1c_q;     q1w_d = q1w_q;
    qrd_d = qrd_q;   qn_d = qn_q;     ru_d = ru_q;
    qis_d = qis_q + {1'b0, rq_hs} - {1'b0, b_ok_i};
    push = 1'b0;     push_s = os_q;   push_l = ol_q;     push_c = oc_q; push_w = ow_q;
    rg_idx = ptr_q[BLK_LOG2:0];
    rg_n   = {IN_CNT_W{1'b0}};
    nb = {LEN_W{1'b0}}; n1 = {LEN_W{1'b0}}; n2 = {LEN_W{1'b0}}; t_len = {LEN_W{1'b0}};
    crosses = 1'b0; wrapx = 1'b0; fill = 1'b0; stop_full = 1'b0;
    dec1 = 1'b0; hit1 = 1'b0; dec2 = 1'b0; hit2 = 1'b0;
    p_mid = ptr_q; t_start = ptr_q; cnt1 = cnt_q; t_cnt = cnt_q; t_wrap = wrap_q;

    // ---- 1. the transaction in service; a deferred close ----------------------------
    if (w_done_i)
      ru_d = ru_d - {{(RU_W-LEN_W){1'b0}}, w_bytes_i};  // its bytes left the ring
    if (b_ok_i) begin
      qrd_d = ~qrd_q;
      qn_d  = qn_q - 2'd1;
      if (srem_q != 2'd0) srem_d = srem_q - 2'd1;
    end
    if (b_err_i) begin
      // R_XRLSC, handled synchronously (R_NZTKV): the External Abort is
      // taken on the transaction's first byte.  TRBPTR_EL1 is its address;
      // the Trigger Counter is not decremented for the failed write
      // (R_BQTGW leaves that UNPREDICTABLE) and WRAP is as before it; S
      // was 0 then, so IRQ, S, EC and FSC are set (MSS holds FSC).  Bytes
      // collected after it are discarded, as collection stopped there.
      ptr_d  = hd_s;
      cnt_d  = hd_c;
      wrap_d = hd_w;
      ea_d   = 1'b1;
      s_d    = 1'b1;
      irq_d  = 1'b1;                                  // R_HLKSG
      ec_d   = EC_S1ABORT;
      mss_d  = MSS_FSC_EA;
      qn_d   = 2'd0;
      qis_d  = 2'd0;
      ov_d   = 1'b0;
      ocl_d  = 1'b0;
      ru_d   = {RU_W{1'b0}};
      srem_d = 2'd0;
    end else if (ocl_q & ov_q & q_room) begin
      push  = 1'b1;                                   // deferred close (no beat now)
      ov_d  = 1'b0;
      ocl_d = 1'b0;
    end

    // ---- 2. the input beat (R_PLYXP) ---------------------------------------------------
    if (in_fire && n_in != {IN_CNT_W{1'b0}} && e_q && !s_d) begin
      if (oor_q) begin
        // R_MGZWR: a write at an out-of-range pointer.  Nothing is written;
        // an IMPLEMENTATION DEFINED management event stops collection
        // (R_CHNSL), the beat is discarded.
        irq_d = 1'b1;
        s_d   = 1'b1;
        ec_d  = EC_IMPDEF;
        mss_d = MSS_RANGE;
      end else begin
        nb        = {{(LEN_W-IN_CNT_W){1'b0}}, n_in};
        crosses   = (nb >= to_blk);
        n1        = crosses ? to_blk : nb;
        wrapx     = crosses & last_blk;                 // RVMNTF: wrapped
        fill      = ~fm_q[0];                           // Fill, or reserved 0b10 as Fill
        stop_full = wrapx & fill;
        n2        = (crosses & ~stop_full) ? nb - n1 : {LEN_W{1'b0}};
        // the ring takes every byte written (step 3)
        rg_n      = n1[IN_CNT_W-1:0] + n2[IN_CNT_W-1:0];
        ru_d      = ru_d + {{(RU_W-IN_CNT_W){1'b0}}, rg_n};
        // step 4: the pointer after the first part (wrapped to Base)
        p_mid     = wrapx ? base_p : ptr_q + {{(64-LEN_W){1'b0}}, n1};
        ptr_d     = p_mid + {{(64-LEN_W){1'b0}}, n2};
        // step 5: the Trigger Counter over the first part (R_BQTGW)
        dec1      = trg_q & (cnt_q != 32'd0);
        hit1      = dec1 & (cnt_q <= {{(32-LEN_W){1'b0}}, n1});
        cnt1      = dec1 ? (hit1 ? 32'd0 : cnt_q - {{(32-LEN_W){1'b0}}, n1}) : cnt_q;
        // the transaction of the first part
        t_start   = ov_q ? os_q : ptr_q;
        t_len     = (ov_q ? ol_q : {LEN_W{1'b0}}) + n1;
        t_cnt     = ov_q ? oc_q : cnt_q;
        t_wrap    = ov_q ? ow_q : wrap_q;
        if (crosses) begin
          push   = 1'b1;                                // block end reached
          push_s = t_start;
          push_l = t_len;
          push_c = t_cnt;
          push_w = t_wrap;
          ov_d   = 1'b0;
        end else begin
          ov_d = 1'b1;
          os_d = t_start;
          ol_d = t_len;
          oc_d = t_cnt;
          ow_d = t_wrap;
        end
        if (wrapx) begin
          wrap_d = 1'b1;
          evw_d  = 1'b1;                                // TRB_WRAP
          if (fill) begin
            irq_d = 1'b1;                               // R_MBSHC: buffer full
            s_d   = 1'b1;
            ec_d  = EC_OTHER;
            mss_d = MSS_FILLED;
          end else if (!fm_q[1]) begin
            irq_d = 1'b1;                               // R_VBDJZ: Wrap mode
          end                                           // I_GDSTS: Circular
        end
        if (hit1) begin
          evt_d = 1'b1;                                 // TRB_TRIG (R_DHLQG)
          // the pointer wraps before the counter reaches 0 on the same
          // byte, so a full buffer stops collection first (R_MWHM)
          if (!tm_q[1] && !(stop_full && cnt_q == {{(32-LEN_W){1'b0}}, n1}))
            flush_d = 1'b1;                             // R_XRRRWP, R_XYYPYF
        end
        cnt_d = cnt1;
        if (n2 != {LEN_W{1'b0}}) begin
          // the second part opens the next block's transaction
          ov_d  = 1'b1;
          os_d  = p_mid;
          ol_d  = n2;
          oc_d  = cnt1;
          ow_d  = wrap_q | wrapx;
          dec2  = trg_q & (cnt1 != 32'd0);
          hit2  = dec2 & (cnt1 <= {{(32-LEN_W){1'b0}}, n2});
          cnt_d = dec2 ? (hit2 ? 32'd0 : cnt1 - {{(32-LEN_W){1'b0}}, n2}) : cnt1;
          if (hit2) begin
            evt_d = 1'b1;
            if (!tm_q[1]) flush_d = 1'b1;
          end
        end
      end
    end

    // ---- 3. the system-register access completing at this edge ------------------------
    if (!srb_q && sr_valid_i && alive_q) begin
      srb_d = 1'b1;                                     // take the request
      srw_d = sr_write_i;
      sre_d = sr_enc_i;
      srv_d = sr_wdata_i;
    end
    if (srb_q && !srr_q && sr_can)
      srr_d = 1'b1;
    if (srr_q) begin
      srb_d = 1'b0;
      srr_d = 1'b0;
      if (srw_q) begin
        if (e_q) begin
          if (dis_req) begin
            // R_DJMDD: the write that clears E applies; the queue is empty.
            limit_d = srv_q[63:12];
            nvm_d   = srv_q[5];
            tm_d    = srv_q[4:3];
            fm_d    = srv_q[2:1];
            e_d     = 1'b0;
            flush_d = 1'b0;                             // a pending flush is dropped
          end
        end else begin
          case (sre_q)
            TRBLIMITR_EL1_ENC: begin
              limit_d = srv_q[63:12];
              nvm_d   = srv_q[5];
              tm_d    = srv_q[4:3];
              fm_d    = srv_q[2:1];
              e_d     = srv_q[0];
              oor_d   = oor_f(ptr_q, base_q, srv_q[63:12]);
            end
            TRBPTR_EL1_ENC:   ptr_d  = srv_q;
            TRBBASER_EL1_ENC: base_d = srv_q[63:12];
            TRBSR_EL1_ENC: begin
              ec_d   = srv_q[31:26];
              irq_d  = srv_q[22];
              trg_d  = srv_q[21];
              wrap_d = srv_q[20];
              ea_d   = srv_q[18];
              s_d    = srv_q[17];
              mss_d  = srv_q[15:0];
            end
            TRBMAR_EL1_ENC:   mar_d  = srv_q[11:0];
            TRBTRG_EL1_ENC:   cnt_d  = srv_q[31:0];
            default: ;                                  // TRBIDR_EL1 read-only; others absent
          endcase
        end
      end
    end

    // ---- 4. Detected Trigger ------------------------------------------------------------
    if (trig_i && e_d) begin
      if (cnt_d == 32'd0 && !trg_d) begin               // R_DHLQG
        evt_d = 1'b1;
        if (!s_d && !tm_d[1]) flush_d = 1'b1;           // R_MWHM when stopped
      end
      trg_d = 1'b1;                                     // R_KSQJW
    end

    // ---- 5. trace unit flush completed ------------------------------------------------
    if (flush_done_i && flush_d) begin
      flush_d = 1'b0;
      irq_d   = 1'b1;                                   // management event
      if (tm_d == 2'b00) begin                          // Stop on trigger
        if (!s_d) begin
          s_d   = 1'b1;
          ec_d  = EC_OTHER;
          mss_d = MSS_TRIG;
        end
        if (ov_d) ocl_d = 1'b1;                         // drain what was collected
      end
    end

    // ---- 6. TSB CSYNC -----------------------------------------------------------------
    if (tsb_go) begin
      if (ov_d) ocl_d = 1'b1;
      sync_d = 1'b1;
      srem_d = qn_d + {1'b0, ov_d};
    end
    if (sync_q && srem_q == 2'd0) begin
      sync_d = 1'b0;
      tack_d = 1'b1;
    end
    if (tack_q && !tsb_req_i)
      tack_d = 1'b0;

    // a disabling write drains the open transaction
    if (dis_req && ov_d) ocl_d = 1'b1;

    // ---- queue push ---------------------------------------------------------------------
    if (push) begin
      if (qrd_q ^ qn_q[0]) begin
        q1s_d = push_s; q1l_d = push_l; q1c_d = push_c; q1w_d = push_w;
      end else begin
        q0s_d = push_s; q0l_d = push_l; q0c_d = push_c; q0w_d = push_w;
      end
      qn_d = qn_d + 2'd1;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      alive_q <= 1'b0;
      ptr_q <= 64'd0;  base_q <= 52'd0; limit_q <= 52'd0; nvm_q <= 1'b0; tm_q <= 2'd0;
      fm_q <= 2'd0;    e_q <= 1'b0;     irq_q <= 1'b0;    trg_q <= 1'b0; wrap_q <= 1'b0;
      ea_q <= 1'b0;    s_q <= 1'b0;     ec_q <= 6'd0;     mss_q <= 16'd0; mar_q <= 12'd0;
      cnt_q <= 32'd0;  oor_q <= 1'b0;   flush_q <= 1'b0;  evw_q <= 1'b0; evt_q <= 1'b0;
      sync_q <= 1'b0;  srem_q <= 2'd0;  tack_q <= 1'b0;
      srb_q <= 1'b0;   srr_q <= 1'b0;   srw_q <= 1'b0;    sre_q <= 16'd0; srv_q <= 64'd0;
      ov_q <= 1'b0;    ocl_q <= 1'b0;   os_q <= 64'd0;    ol_q <= {LEN_W{1'b0}};
      oc_q <= 32'd0;   ow_q <= 1'b0;
      q0s_q <= 64'd0;  q0l_q <= {LEN_W{1'b0}}; q0c_q <= 32'd0; q0w_q <= 1'b0;
      q1s_q <= 64'd0;  q1l_q <= {LEN_W{1'b0}}; q1c_q <= 32'd0; q1w_q <= 1'b0;
      qrd_q <= 1'b0;   qn_q <= 2'd0;    qis_q <= 2'd0;  ru_q <= {RU_W{1'b0}};
    end else begin
      alive_q <= 1'b1;
      ptr_q <= ptr_d;  base_q <= base_d; limit_q <= limit_d; nvm_q <= nvm_d; tm_q <= tm_d;
      fm_q <= fm_d;    e_q <= e_d;       irq_q <= irq_d;     trg_q <= trg_d; wrap_q <= wrap_d;
      ea_q <= ea_d;    s_q <= s_d;       ec_q <= ec_d;       mss_q <= mss_d; mar_q <= mar_d;
      cnt_q <= cnt_d;  oor_q <= oor_d;   flush_q <= flush_d; evw_q <= evw_d; evt_q <= evt_d;
      sync_q <= sync_d; srem_q <= srem_d; tack_q <= tack_d;
      srb_q <= srb_d;  srr_q <= srr_d;   srw_q <= srw_d;     sre_q <= sre_d; srv_q <= srv_d;
      ov_q <= ov_d;    ocl_q <= ocl_d;   os_q <= os_d;       ol_q <= ol_d;
      oc_q <= oc_d;    ow_q <= ow_d;
      q0s_q <= q0s_d;  q0l_q <= q0l_d;   q0c_q <= q0c_d;     q0w_q <= q0w_d;
      q1s_q <= q1s_d;  q1l_q <= q1l_d;   q1c_q <= q1c_d;     q1w_q <= q1w_d;
      qrd_q <= qrd_d;  qn_q <= qn_d;     qis_q <= qis_d; ru_q <= ru_d;
    end
  end

  // ---- read data ------------------------------------------------------------------------
  reg [63:0] rdata;
  always @* begin
    rdata = 64'd0;
    if (srr_q && !srw_q) begin
      case (sre_q)
        TRBLIMITR_EL1_ENC: rdata = {limit_q, 6'd0, nvm_q, tm_q, fm_q, e_q};  // XE RES0
        TRBPTR_EL1_ENC:    rdata = ptr_q;
        TRBBASER_EL1_ENC:  rdata = base_p;
        TRBSR_EL1_ENC:     rdata = {32'd0, ec_q, 3'd0, irq_q, trg_q, wrap_q, 1'b0, ea_q, s_q,
                             1'b0, mss_q};                        // MSS2, DAT RES0
        TRBMAR_EL1_ENC:    rdata = {52'd0, mar_q};
        TRBTRG_EL1_ENC:    rdata = {32'd0, cnt_q};
        TRBIDR_EL1_ENC:    rdata = {59'd0, prog_na_i, 4'd0};              // Align 0, F 0, EA 0, MPAM 0
        default:    rdata = 64'd0;
      endcase
    end
  end

  assign sr_rdata_o  = rdata;
  assign sr_ready_o  = srr_q;
  assign in_ready_o  = in_rdy;
  assign flush_req_o = flush_q;
  assign tsb_ack_o   = tack_q;
  assign irq_o       = irq_q;
  assign enabled_o   = e_q;
  assign evt_wrap_o  = evw_q;
  assign evt_trig_o  = evt_q;
  assign rg_idx_o    = rg_idx;
  assign rg_n_o      = rg_n;
  assign rg_data_o   = in_data_i;
  assign rq_valid_o  = rq_v;
  assign rq_start_o  = rq_s;
  assign rq_len_o    = rq_l;
  assign mar_o       = mar_q;
  assign base_o      = base_p;
  assign limit_o     = limit_p;

`ifdef FORMAL
  // ---- invariants (formal/trbe/trbe.sby proves them with the bound in
  //      trbe_top by k-induction) ----------------------------------------------------
  reg f_past;
  initial f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;

  wire [64:0] f_base  = {1'b0, base_p};
  wire [64:0] f_limit = {1'b0, limit_p};
  wire [64:0] f_o_end = {1'b0, os_q} + {{(65-LEN_W){1'b0}}, ol_q};
  wire [64:0] f_0_end = {1'b0, q0s_q} + {{(65-LEN_W){1'b0}}, q0l_q};
  wire [64:0] f_1_end = {1'b0, q1s_q} + {{(65-LEN_W){1'b0}}, q1l_q};
  wire        f_q0_v  = (qn_q == 2'd2) | ((qn_q == 2'd1) & ~qrd_q);
  wire        f_q1_v  = (qn_q == 2'd2) | ((qn_q == 2'd1) &  qrd_q);

  always @* begin
    if (f_past && alive_q) begin
      assert (qn_q != 2'd3);
      assert (qis_q <= qn_q);
      // the master holds exactly the taken entries; while it drains after
      // an error it holds none of them and the unit stays enabled (so the
      // buffer bounds cannot change: a disabling write waits for the drain)
      if (!wr_halt_i) assert ({3'd0, qis_q} == f_nreq_i);
      else assert (qis_q == 2'd0 && e_q);
      if (srr_q && dis_req) assert (drained);
      // the pointer stays in the buffer while enabled
      if (e_q && !oor_q) begin
        assert (base_p < limit_p);
        assert (base_q[51:44] == limit_q[51:44]);
        assert ({1'b0, ptr_q} >= f_base && {1'b0, ptr_q} < f_limit);
      end
      // nothing is collected or in flight while disabled or out-of-range
      if (!e_q || oor_q) begin
        assert (!ov_q);
        assert (qn_q == 2'd0);
      end
      // the open transaction: inside the buffer and its block, ends at ptr
      if (ov_q) begin
        assert (ol_q != {LEN_W{1'b0}});
        assert ({1'b0, os_q} >= f_base && f_o_end <= f_limit);
        assert (os_q[63:BLK_LOG2] == ptr_q[63:BLK_LOG2]);
        assert (f_o_end == {1'b0, ptr_q});
      end
      if (ocl_q) assert (ov_q);
      // queued transactions: inside the buffer and inside one block
      if (f_q0_v) begin
        assert (q0l_q != {LEN_W{1'b0}} && q0l_q <= BLOCK_L);
        assert ({1'b0, q0s_q} >= f_base && f_0_end <= f_limit);
        assert (f_0_end[64:BLK_LOG2] == {1'b0, q0s_q[63:BLK_LOG2]} ||
                (f_0_end[BLK_LOG2-1:0] == {BLK_LOG2{1'b0}} &&
                 f_0_end[64:BLK_LOG2] == {1'b0, q0s_q[63:BLK_LOG2]} + 1'b1));
      end
      if (f_q1_v) begin
        assert (q1l_q != {LEN_W{1'b0}} && q1l_q <= BLOCK_L);
        assert ({1'b0, q1s_q} >= f_base && f_1_end <= f_limit);
        assert (f_1_end[64:BLK_LOG2] == {1'b0, q1s_q[63:BLK_LOG2]} ||
                (f_1_end[BLK_LOG2-1:0] == {BLK_LOG2{1'b0}} &&
                 f_1_end[64:BLK_LOG2] == {1'b0, q1s_q[63:BLK_LOG2]} + 1'b1));
      end
      if (sync_q) assert (!tack_q);
      if (srr_q) assert (srb_q);
    end
  end

  // the buffer bounds change only while nothing is collected or in flight
  always @(posedge clk_i) begin
    if (f_past && $past(alive_q) && alive_q && rst_ni && $past(rst_ni)) begin
      if (base_q != $past(base_q) || limit_q != $past(limit_q))
        assert ($past(qn_q) == 2'd0 && !$past(ov_q));
    end
  end
`endif

endmodule
