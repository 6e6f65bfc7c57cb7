#include "wend_twin.h"
int main(void) {
    int32_t and_ = 1, or_ = 2, xor_ = 3, main_ = 4, u = 5, x1 = 6, camelCase = 7, UPPER_2 = 8,
            i0123456789 = 9, iffy = 10, whilex = 11, returned = 12, println_ = 13, integer = 14,
            Int = 15, elsewhere = 16, printer = 17;
    bool not_ = true, boolean = true, trueish = false, false_ = true;
    int32_t s = and_;
    s = wadd(s, or_); s = wadd(s, xor_); s = wadd(s, main_); s = wadd(s, u); s = wadd(s, x1);
    s = wadd(s, camelCase); s = wadd(s, UPPER_2); s = wadd(s, i0123456789);
    pintln(s);
    s = iffy;
    s = wadd(s, whilex); s = wadd(s, returned); s = wadd(s, println_); s = wadd(s, integer);
    s = wadd(s, Int); s = wadd(s, elsewhere); s = wadd(s, printer);
    pintln(s);
    pboolln(not_ && boolean && !trueish && false_);
    return 0;
}
