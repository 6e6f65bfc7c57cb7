#include "wend_twin.h"
static int32_t magnitude(int32_t f) {
    if (f < 0) {
        return wadd(wadd(f, 1073741824), 1073741824);
    }
    return f;
}
static int32_t fields(int32_t f) {
    int32_t mag = magnitude(f);
    return wadd(wadd(wmul(wdiv(mag, 8388608, 0), 10000), wdiv(wmod(mag, 8388608, 0), 4096, 0)),
                wmod(wmod(mag, 4096, 0), 7, 0));
}
static int32_t halvings(int32_t m) {
    int32_t k = 0;
    while (m >= 16777216) {
        m = wdiv(m, 2, 0);
        k = wadd(k, 1);
    }
    return wadd(wadd(wmul(k, 100000000), wdiv(m, 4, 0)), wmod(m, 8, 0));
}
int main(void) {
    pintln(fields(0));
    pintln(fields(-1));
    pintln(fields(WEND_INT_MIN));
    pintln(fields(2147483647));
    pintln(fields(1065353216));
    pintln(fields(-1082130432));
    pintln(halvings(2147483647));
    pintln(halvings(16777216));
    pintln(halvings(16777215));
    pintln(halvings(-5));
    pintln(halvings(WEND_INT_MIN));
    for (int32_t i = -6; i <= 6; i = wadd(i, 3)) {
        int32_t x = i;
        if (x >= 0) {
            pint(wdiv(x, 4, 0));
            PSTR(" ");
            pint(wmod(x, 4, 0));
            PSTR(" ");
        }
        pint(wdiv(x, 4, 0));
        PSTR(" ");
        pintln(wmod(x, 4, 0));
    }
    int32_t m = 10;
    for (int32_t n = 0; n < 6; n = wadd(n, 1)) {
        pint(wdiv(m, 2, 0));
        PSTR(" ");
        pintln(wmod(m, 2, 0));
        m = wsub(m, 3);
    }
    for (int32_t x = 5; x > -10; x = wsub(x, 7)) {
        pint(wadd(wadd(x, 1073741824), 1073741824));
        PSTR(" ");
        pboolln(wsub(wsub(x, 1073741824), 1073741824) < 0);
    }
    return 0;
}
