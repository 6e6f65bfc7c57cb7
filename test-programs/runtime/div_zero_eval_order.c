#include "wend_twin.h"
static int32_t zero;
static int32_t noisy(int32_t v) {
    PSTR("noisy(");
    pint(v);
    PSTR(") ");
    return v;
}
int main(void) {
    PSTR("start: ");
    int32_t t1 = noisy(1);
    int32_t t2 = noisy(2);
    int32_t q = wdiv(t2, zero, 12);
    int32_t t3 = noisy(3);
    pint(wadd(wadd(t1, q), t3));
    PSTRLN("not reached");
    return 0;
}
