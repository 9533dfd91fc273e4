// clog2(v): the number of bits that count v values, the smallest r with
// 2**r >= v (clog2(1) = 0, clog2(2) = 1, clog2(5) = 3).  A constant
// function for parameter arithmetic (Verilog-2005 has no $clog2).
//
// Included inside a module body (`include "common_clog2.vh"), once per
// module; every build reads it through -I<repo>/rtl/common.  No include
// guard: each module that includes it needs its own copy of the function.
// tests/rtl_common/test_rtl_common_consts.c checks its values.
  function integer clog2;
    input integer v;
    integer r;
    begin
      r = 0;
      while ((1 << r) < v) r = r + 1;
      clog2 = r;
    end
  endfunction
