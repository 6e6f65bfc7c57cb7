#include "wend_twin.h"
int main(void) {
    int32_t zero = 0, x = 0;
    PSTRLN("before the error");
    x = 10;
    pint(x);
    PSTR(" / ");
    pint(zero);
    PSTR(" = ");
    pint(wdiv(x, zero, 11));
    PSTRLN("not reached");
    return 0;
}
