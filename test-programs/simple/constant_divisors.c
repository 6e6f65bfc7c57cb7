#include "wend_twin.h"
static int32_t quotients, remainders, multiples;
#define D(c) wdiv(x, c, 0)
#define R(c) wmod(x, c, 0)
#define H(a, b, c, d) wadd(wadd(wadd(a, wmul(b, 3)), wmul(c, 5)), wmul(d, 7))
static int32_t divide(int32_t x) {
    int32_t h = H(D(2), D(4), D(32768), D(65536));
    h = wadd(wmul(h, 31), H(D(3), D(5), D(7), D(6)));
    h = wadd(wmul(h, 31), H(D(10), D(12), D(100), D(150)));
    h = wadd(wmul(h, 31), H(D(120), D(1000), D(641), D(24)));
    h = wadd(wmul(h, 31), H(D(-3), D(-100), D(-32768), D(1000000007)));
    return h;
}
static int32_t remainder_(int32_t x) {
    int32_t h = H(R(2), R(4), R(32768), R(65536));
    h = wadd(wmul(h, 31), H(R(3), R(5), R(7), R(6)));
    h = wadd(wmul(h, 31), H(R(10), R(12), R(100), R(150)));
    h = wadd(wmul(h, 31), H(R(120), R(1000), R(641), R(24)));
    h = wadd(wmul(h, 31), H(R(-3), R(-100), R(-32768), R(1000000007)));
    return h;
}
static int32_t divisible(int32_t x) {
    int32_t bits = 0;
    if (R(3) == 0) bits += 1;
    if (R(5) == 0) bits += 2;
    if (R(7) != 0) bits += 4;
    if (R(9) == 0) bits += 8;
    if (R(15) != 0) bits += 16;
    if (R(641) == 0) bits += 32;
    if (R(-3) == 0) bits += 64;
    if (R(1000000007) == 0) bits += 128;
    if (R(2147483647) == 0) bits += 256;
    if (R(12) == 0) bits += 512;
    return bits;
}
static void check(int32_t x) {
    quotients = wadd(wmul(quotients, 17), divide(x));
    remainders = wadd(wmul(remainders, 17), remainder_(x));
    multiples = wadd(wmul(multiples, 3), divisible(x));
}
static void show(void) {
    pintln(quotients);
    pintln(remainders);
    pintln(multiples);
}
int main(void) {
    for (int32_t i = -3000; i <= 3000; i++) check(i);
    show();
    for (int32_t i = 0; i < 20011; i++) check(wsub(wsub(wmul(i, 214620), 2147483647), 1));
    show();
    for (int32_t i = 0; i < 8; i++) {
        check(wadd(WEND_INT_MIN, i));
        check(wsub(WEND_INT_MAX, i));
        check(wmul(1000000007, i - 4));
        check(wadd(wmul(641, 6700417), i - 4));
    }
    show();
    return 0;
}
