#include "wend_twin.h"
/* all operands with side effects are evaluated into temporaries in wend order */
static int32_t trace;
static int32_t counter;
static int32_t v(int32_t d) {
    PSTR("[");
    pint(d);
    PSTR("]");
    trace = wadd(wmul(trace, 10), d);
    return d;
}
static int32_t sum3(int32_t a, int32_t b, int32_t c) { return wadd(wadd(wmul(a, 100), wmul(b, 10)), c); }
static int32_t bump(void) {
    counter = wadd(counter, 1);
    return counter;
}
static int32_t setc(int32_t x) {
    counter = x;
    return 0;
}
static bool b(bool x, int32_t d) {
    PSTR("<");
    pint(d);
    PSTR(">");
    return x;
}
int main(void) {
    int32_t t1, t2, t3, t4, t5, t6;
    bool b1, b2;
    t1 = v(1); t2 = v(2); t3 = v(3); pintln(wadd(t1, wmul(t2, t3)));
    t1 = v(1); t2 = v(2); t3 = v(3); pintln(wadd(wmul(t1, t2), t3));
    t1 = v(4); t2 = v(5); t3 = v(6); pintln(wsub(wsub(t1, t2), t3));
    t1 = v(4); t2 = v(5); t3 = v(6); pintln(wsub(t1, wsub(t2, t3)));
    t1 = v(9); t2 = v(3); t3 = v(2); pintln(wmod(wdiv(t1, t2, 0), t3, 0));
    t1 = v(1); t2 = v(2); t3 = v(3); pintln(sum3(t1, t2, t3));
    t1 = v(3); t2 = v(2); t3 = v(1); pintln(sum3(t1, t2, t3));
    t1 = v(7); t2 = v(8); pboolln(t1 < t2);
    t1 = v(1); t2 = v(1);
    if (t1 == t2) { t3 = v(2); t4 = v(3); pboolln(t3 != t4); } else pboolln(false);
    t1 = v(1); t2 = v(2); t3 = v(3); t4 = v(4); t5 = v(5);
    { int32_t inner = sum3(t3, t4, t5); t6 = v(6); pintln(sum3(wadd(t1, t2), inner, t6)); }
    t1 = wneg(v(5)); t2 = wneg(v(6)); pintln(wadd(t1, t2));
    b1 = b(true, 1); b2 = b(false, 2); pboolln(b1 == b2);
    pintln(trace);
    t1 = bump(); t2 = bump(); pintln(wadd(wmul(t1, 10), t2));
    t1 = bump(); t2 = bump(); pintln(wsub(t1, t2));
    t1 = bump(); t2 = bump(); t3 = bump(); pintln(sum3(t1, t2, t3));
    t1 = counter; t2 = bump(); pintln(wadd(t1, t2));
    t1 = bump(); t2 = counter; pintln(wadd(t1, t2));
    t1 = counter; t2 = bump(); t3 = counter; pintln(sum3(t1, t2, t3));
    t1 = counter; t2 = setc(100); t3 = counter; pintln(wadd(wadd(t1, t2), t3));
    t1 = counter; t2 = setc(3); t3 = counter; pintln(wsub(wmul(t1, t2), t3));
    return 0;
}
