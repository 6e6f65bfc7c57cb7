#include "wend_twin.h"
int main(void) {
    int32_t max = 0, min = 0, x = 0, i = 0;
    max = 2147483647;
    min = WEND_INT_MIN;
    pintln(wadd(max, 1));
    pintln(wsub(min, 1));
    pintln(wadd(max, max));
    pintln(wadd(min, min));
    pintln(wadd(min, max));
    pintln(wsub(0, min));
    pintln(wsub(max, min));
    pintln(wsub(min, max));
    pintln(wsub(wadd(max, 1), 1));
    pintln(wsub(max, wneg(1)));
    pintln(wadd(min, wneg(1)));
    x = wsub(max, 3);
    while (i < 7) {
        pint(x);
        PSTR(" ");
        x = wadd(x, 1);
        i = wadd(i, 1);
    }
    PSTRLN("");
    i = 0;
    while (i < 7) {
        pint(x);
        PSTR(" ");
        x = wsub(x, 1);
        i = wadd(i, 1);
    }
    PSTRLN("");
    x = 2000000000;
    pintln(wadd(x, x));
    pintln(wsub(wneg(x), x));
    return 0;
}
