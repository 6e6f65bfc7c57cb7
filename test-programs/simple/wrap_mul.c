#include "wend_twin.h"
int main(void) {
    int32_t max = 0, min = 0, f = 0, p = 0, i = 0, seed = 0;
    max = 2147483647;
    min = WEND_INT_MIN;
    pintln(wmul(65536, 65536));
    pintln(wmul(65536, 32768));
    pintln(wmul(46341, 46341));
    pintln(wmul(max, 2));
    pintln(wmul(max, max));
    pintln(wmul(min, wneg(1)));
    pintln(wmul(min, min));
    pintln(wmul(min, max));
    pintln(wmul(123456789, 987654321));
    pintln(wmul(wneg(123456789), 987654321));
    f = 1;
    i = 1;
    while (i <= 20) {
        f = wmul(f, i);
        pint(i);
        PSTR("! = ");
        pintln(f);
        i = wadd(i, 1);
    }
    p = 1;
    i = 0;
    while (i < 25) {
        p = wmul(p, 3);
        i = wadd(i, 1);
    }
    pintln(p);
    seed = 42;
    i = 0;
    while (i < 8) {
        seed = wadd(wmul(seed, 1103515245), 12345);
        pint(seed);
        PSTR(" ");
        i = wadd(i, 1);
    }
    PSTRLN("");
    return 0;
}
