#include "wend_twin.h"
int main(void) {
    int32_t d = 0, total = 0;
    d = 4;
    while (d > -4) {
        total = wadd(total, wdiv(120, d, 7));
        PSTR("d = ");
        pint(d);
        PSTR(", total = ");
        pintln(total);
        d = wsub(d, 1);
    }
    PSTRLN("not reached");
    return 0;
}
