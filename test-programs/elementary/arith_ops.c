#include "wend_twin.h"
int main(void) {
    int32_t a = 0, b = 0;
    a = 17;
    b = 5;
    pintln(wadd(a, b));
    pintln(wsub(a, b));
    pintln(wsub(b, a));
    pintln(wmul(a, b));
    pintln(wdiv(a, b, 0));
    pintln(wmod(a, b, 0));
    pintln(wsub(0, a));
    pintln(wmul(1000000, 1000));
    pintln(wadd(12345, 0));
    pintln(wdiv(7, 7, 0));
    pintln(wdiv(0, 5, 0));
    pintln(wmod(0, 5, 0));
    pintln(wmod(4, 2, 0));
    pintln(wdiv(99, 100, 0));
    pintln(wmod(99, 100, 0));
    pintln(wadd(wsub(wmul(a, b), wdiv(a, b, 0)), wmod(a, b, 0)));
    return 0;
}
