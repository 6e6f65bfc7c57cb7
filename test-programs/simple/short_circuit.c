#include "wend_twin.h"
static int32_t calls;
static int32_t n;
static bool t(int32_t id) {
    PSTR("t");
    pint(id);
    PSTR(" ");
    calls = wadd(calls, 1);
    return true;
}
static bool f(int32_t id) {
    PSTR("f");
    pint(id);
    PSTR(" ");
    calls = wadd(calls, 1);
    return false;
}
int main(void) {
    n = 0;
    pboolln(f(1) && t(2));
    pboolln(t(1) && t(2));
    pboolln(t(1) && f(2));
    pboolln(t(1) || f(2));
    pboolln(f(1) || t(2));
    pboolln(f(1) || f(2));
    pboolln(f(1) || f(2) || t(3) || t(4));
    pboolln(t(1) && t(2) && f(3) && t(4));
    pboolln((f(1) && t(2)) || t(3));
    pboolln(t(1) || (t(2) && f(3)));
    pboolln((t(1) || t(2)) && f(3));
    pboolln((!f(1)) && t(2));
    pboolln((!t(1)) || f(2));
    if (f(9) && t(10)) PSTRLN("not printed");
    else PSTRLN("else");
    while (t(20) && f(21)) PSTRLN("not printed");
    PSTRLN("");
    pboolln(n != 0 && wdiv(10, n, 0) > 1);
    pboolln(n == 0 || wdiv(10, n, 0) > 1);
    pintln(calls);
    return 0;
}
