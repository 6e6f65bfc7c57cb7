#include "wend_twin.h"
static int32_t neg(int32_t v) { return wneg(v); }
static int32_t five(void) { return 5; }
int main(void) {
    int32_t x = 0;
    x = 7;
    pintln(wneg(x));
    pintln(x);
    pintln(wneg(x));
    pintln(wneg(wadd(x, 3)));
    pintln(wneg(wneg(x)));
    pintln(wneg(x));
    pintln(wneg(five()));
    pintln(five());
    pintln(wneg(neg(x)));
    pintln(wsub(2, wneg(3)));
    pintln(wadd(2, wneg(3)));
    pintln(wsub(2, 3));
    pintln(wmul(2, wneg(3)));
    pintln(wmul(wneg(2), wneg(3)));
    pintln(wdiv(10, wneg(3), 0));
    pintln(wmod(wneg(10), 3, 0));
    pintln(wneg(0));
    pintln(0);
    pintln(wneg(x));
    pintln(wneg(2147483647));
    pintln(WEND_INT_MIN);
    pintln(2147483647);
    pintln(wsub(wneg(x), wneg(x)));
    { int32_t l = wneg(five()); int32_t r = wneg(neg(2)); pintln(wmul(l, r)); }
    return 0;
}
