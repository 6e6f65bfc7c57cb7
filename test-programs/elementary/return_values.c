#include "wend_twin.h"
static int32_t square(int32_t x) { return wmul(x, x); }
static bool isPositive(int32_t x) { return x > 0; }
static int32_t sign(int32_t x) {
    if (x > 0) return 1; else { if (x < 0) return -1; else return 0; }
}
static bool between(int32_t lo, int32_t x, int32_t hi) { return lo <= x && x <= hi; }
static int32_t firstMultiple(int32_t n, int32_t k) {
    int32_t m = 0;
    m = n;
    while (true) {
        if (wmod(m, k, 0) == 0) return m;
        m = wadd(m, 1);
    }
}
static int32_t firstSquareAbove(int32_t n) {
    int32_t r = 0;
    while (true) {
        if (wmul(r, r) > n) return wmul(r, r);
        r = wadd(r, 1);
    }
}
static int32_t early(int32_t x) {
    if (x > 100) return 100;
    return x;
}
static bool not_(bool b) {
    if (b) return false;
    return true;
}
int main(void) {
    pintln(square(12));
    pintln(square(-3));
    pboolln(isPositive(5));
    pboolln(isPositive(-5));
    pintln(sign(42));
    pintln(sign(-42));
    pintln(sign(0));
    pboolln(between(1, 5, 10));
    pboolln(between(1, 11, 10));
    pintln(firstMultiple(22, 7));
    pintln(firstSquareAbove(50));
    pintln(early(5));
    pintln(early(500));
    pboolln(not_(true));
    pboolln(not_(false));
    square(3);
    not_(true);
    pintln(square(square(3)));
    return 0;
}
