#include "wend_twin.h"
static bool check(int32_t x, int32_t y, bool d) {
    bool c = x < y;
    if (c) {
        pbool(!c);
        PSTR(" ");
        pbool(c == false);
        PSTR(" ");
        pbool(c && d);
        PSTR(" ");
        pbool(c);
        PSTR(" ");
        if (d) {
            return c || d;
        }
        return !c;
    } else {
        pbool(c || d);
        PSTR(" ");
        pbool(c != d);
        PSTR(" ");
        while (c) {
            PSTR("never");
        }
    }
    return c == d;
}
int main(void) {
    int32_t i = 0;
    while (i < 4) {
        pboolln(check(wdiv(i, 2, 35), 1, wmod(i, 2, 35) == 0));
        i = wadd(i, 1);
    }
    return 0;
}
