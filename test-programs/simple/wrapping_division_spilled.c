#include "wend_twin.h"
static int32_t id(int32_t x) { return x; }
static int32_t mix(int32_t a, int32_t b, int32_t c, int32_t d, int32_t e, int32_t f, int32_t g,
                   int32_t h) {
    int32_t i = 0, q = 0, r = 0, s = 0, divisor = 0, sum = 0;
    while (i < 8) {
        if (wmod(i, 2, 17) == 0) {
            divisor = id(wneg(1));
        } else {
            divisor = id(wsub(i, 4));
        }
        q = wadd(wdiv(a, divisor, 22), wmul(wdiv(b, divisor, 22), id(c)));
        r = wsub(wmod(c, divisor, 23), wmod(d, id(divisor), 23));
        s = wsub(wdiv(wadd(e, f), divisor, 24), wmod(wsub(g, h), divisor, 24));
        pint(q);
        PSTR(" ");
        pint(r);
        PSTR(" ");
        pintln(s);
        sum = wadd(wadd(wadd(wadd(wadd(wadd(wadd(wadd(wadd(wadd(wadd(wadd(sum, q), r), s), id(i)),
                                                  a), b), c), d), e), f), g), h);
        a = wadd(a, 1);
        h = wdiv(h, wneg(1), 31);
        i = wadd(i, 1);
    }
    return sum;
}
int main(void) {
    pintln(mix(WEND_INT_MIN, 2147483647, wneg(7), 13, WEND_INT_MIN, wneg(1), 5, WEND_INT_MIN));
    pintln(mix(100, wneg(100), 3, wneg(3), 1, 2, 3, 4));
    return 0;
}
