#include "wend_twin.h"
static int32_t quot(int32_t a, int32_t b) { return wdiv(a, b, 0); }
static int32_t rem(int32_t a, int32_t b) { return wmod(a, b, 0); }
int main(void) {
    int32_t m = 0, d = 0;
    m = WEND_INT_MIN;
    d = -1;
    pintln(wdiv(m, d, 0));
    pintln(wmod(m, d, 0));
    pintln(wdiv(WEND_INT_MIN, wneg(1), 0));
    pintln(wmod(WEND_INT_MIN, wneg(1), 0));
    pintln(wdiv(wdiv(m, d, 0), d, 0));
    pintln(quot(m, d));
    pintln(rem(m, d));
    pboolln(quot(m, wneg(1)) == m);
    pintln(wdiv(m, 1, 0));
    pintln(wmod(m, 1, 0));
    pintln(wdiv(m, wneg(2), 0));
    pintln(wmod(m, wneg(2), 0));
    pintln(wdiv(m, 10, 0));
    pintln(wmod(m, 10, 0));
    pintln(wmod(m, wneg(10), 0));
    pintln(wdiv(wadd(m, 1), d, 0));
    pintln(wmod(wadd(m, 1), d, 0));
    d = wsub(0, 1);
    pintln(wmul(wdiv(m, d, 0), d));
    return 0;
}
