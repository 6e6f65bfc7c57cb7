#include "wend_twin.h"
static int32_t counter;
static int32_t step(int32_t by) {
    counter = wadd(counter, by);
    return counter;
}
static bool odd(int32_t n);
static bool even(int32_t n) { if (n == 0) return true; else return odd(wsub(n, 1)); }
static bool odd(int32_t n) { if (n == 0) return false; else return even(wsub(n, 1)); }
int main(void) {
    while (step(3) < 10) { pint(counter); PSTR(" "); }
    pboolln(even(counter));
    pintln(wdiv(WEND_INT_MIN, wneg(1), 12));
    return 0;
}
