#include "wend_twin.h"
static int32_t divisor;
static int32_t innermost(int32_t k) {
    PSTR("innermost(");
    pint(k);
    PSTRLN(")");
    return wdiv(1000, wsub(k, divisor), 10);
}
static int32_t inner(int32_t m) { return innermost(wadd(m, 1)); }
static int32_t outer(int32_t n) { return inner(wmul(n, 2)); }
int main(void) {
    divisor = 5;
    pintln(outer(1));
    pintln(outer(3));
    divisor = 9;
    pintln(outer(4));
    PSTRLN("not reached");
    return 0;
}
