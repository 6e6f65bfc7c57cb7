#include "wend_twin.h"
static int32_t bump(int32_t n) {
    n = wadd(n, 1);
    return n;
}
static void flip(bool b) {
    b = !b;
    PSTR("flipped: ");
    pboolln(b);
}
static int32_t countDown(int32_t n) {
    int32_t steps = 0;
    while (n > 0) {
        n = wsub(n, 1);
        steps = wadd(steps, 1);
    }
    return steps;
}
static int32_t sumDown(int32_t n) {
    int32_t before = 0;
    if (n == 0) return 0;
    before = n;
    n = wsub(n, 1);
    int32_t r = sumDown(n);
    return wsub(wadd(wadd(before, r), n), n);
}
int main(void) {
    int32_t x = 0;
    bool flag = false;
    x = 5;
    flag = true;
    pintln(bump(x));
    pintln(x);
    pintln(countDown(x));
    pintln(x);
    flip(flag);
    pboolln(flag);
    pintln(sumDown(x));
    pintln(x);
    pintln(bump(bump(x)));
    pintln(x);
    return 0;
}
