#include "wend_twin.h"
static int32_t f_b(bool b) {
    if (b) return 1;
    return 0;
}
static int32_t f_i(int32_t n) {
    if (n <= 0) return f_b(true);
    return wmul(n, f_i(wsub(n, 1)));
}
static void count_0(int32_t *c) { *c = wadd(*c, 1); }
static void count_i(int32_t n) {
    int32_t c = 0;
    while (n > 0) {
        count_0(&c);
        n = wsub(n, 1);
    }
    PSTR("count(int) counted ");
    pintln(c);
}
static int32_t g_i(int32_t x);
static int32_t g_ii(int32_t x, int32_t y) {
    int32_t a = g_i(x);
    int32_t b = g_i(y);
    return wadd(a, b);
}
static int32_t g_i(int32_t x) {
    if (x > 100) return x;
    return g_ii(wmul(x, 10), wmul(x, 20));
}
int main(void) {
    pintln(f_i(5));
    pintln(f_i(0));
    count_i(4);
    pintln(g_i(7));
    return 0;
}
