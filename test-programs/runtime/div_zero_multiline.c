#include "wend_twin.h"
int main(void) {
    int32_t a = 0, b = 0, zero = 0;
    a = 6;
    b = 3;
    pintln(wadd(a, wdiv(b, b, 10)));
    pintln(wadd(a, wmul(wdiv(b, zero, 13), 2)));
    PSTRLN("not reached");
    return 0;
}
