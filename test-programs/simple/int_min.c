#include "wend_twin.h"
static int32_t neg(int32_t x) { return wneg(x); }
int main(void) {
    int32_t m = 0;
    m = WEND_INT_MIN;
    pintln(m);
    pintln(wneg(m));
    pintln(wneg(wneg(m)));
    pintln(wsub(0, m));
    pboolln(wneg(m) == m);
    pintln(wadd(WEND_INT_MIN, 1));
    pintln(wmul(WEND_INT_MIN, wneg(1)));
    pboolln(wadd(2147483647, 1) == WEND_INT_MIN);
    pintln(wsub(wneg(2147483647), 1));
    pintln(wsub(m, 1));
    pintln(wneg(wadd(m, 1)));
    pintln(neg(m));
    pintln(neg(neg(m)));
    pintln(wneg(neg(m)));
    pboolln(m < 0);
    pboolln(wneg(m) < 0);
    pintln(wmul(5, WEND_INT_MIN));
    pintln(wsub(WEND_INT_MIN, WEND_INT_MIN));
    return 0;
}
