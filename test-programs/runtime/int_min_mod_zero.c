#include "wend_twin.h"
int main(void) {
    int32_t m = 0, d = 0;
    m = WEND_INT_MIN;
    d = -1;
    while (d <= 1) {
        PSTR("m % ");
        pint(d);
        PSTR(" = ");
        pintln(wmod(m, d, 11));
        d = wadd(d, 1);
    }
    return 0;
}
