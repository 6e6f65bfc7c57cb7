#include "wend_twin.h"
static int32_t n, total, steps; /* main's locals (single activation) */
static void add(int32_t k) { total = wadd(total, wmul(k, n)); }
static void deeper(int32_t *local) {
    total = wadd(total, 1000);
    *local = wadd(*local, 1);
}
static void shrink(int32_t *local) {
    n = wsub(n, 1);
    if (n % 3 == 0) {
        deeper(local);
    }
}
static void grow(void) {
    int32_t local = 0;
    int32_t i = 0;
    while (i < n) {
        add(i);
        shrink(&local);
        i = wadd(i, 1);
    }
    PSTR("grow local = ");
    pintln(local);
}
static void peek(int32_t *seen) { *seen = wadd(*seen, total); }
static int32_t count(int32_t limit) {
    int32_t c = 0, seen = 0;
    while (c < limit) {
        total = wadd(total, c);
        if (c % 4 == 1) {
            peek(&seen);
        }
        steps = wadd(steps, 1);
        c = wadd(c, 1);
    }
    return seen;
}
static void rec(int32_t d) {
    if (d > 0) {
        total = wsub(total, d);
        steps = wadd(steps, 1);
        rec(wsub(d, 1));
        total = wmul(total, 2);
    }
}
int main(void) {
    n = 10;
    total = 1;
    grow();
    pintln(n);
    pintln(total);
    pintln(count(wadd(n, 5)));
    pintln(total);
    rec(6);
    pintln(total);
    pintln(steps);
    add(3);
    add(3);
    pintln(total);
    return 0;
}
