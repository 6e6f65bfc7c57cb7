#include "wend_twin.h"
int main(void) {
    int32_t x = 0;
    bool b = false;
    x = 3;
    b = true;
    pintln(x);
    pintln(wadd(1, 2));
    pintln(7);
    pboolln(b);
    pintln(wmul(x, x));
    if (b) PSTRLN("if (b)");
    while (x > 0) x = wsub(x, 1);
    pintln(x);
    pboolln((x == 0) && b);
    return 0;
}
