#include "wend_twin.h"
/* main's locals: main has exactly one activation, so globals are equivalent */
static int32_t a;
static bool b;
static int32_t calls;
static int32_t fresh(void) {
    int32_t local = 0;
    bool flag = false;
    if (flag) PSTRLN("BUG: flag not reset");
    local = wadd(local, 1);
    flag = true;
    (void)flag;
    return local;
}
static int32_t depth(int32_t n) {
    int32_t mine = 0;
    bool seen = false;
    pint(mine);
    PSTR(" ");
    pbool(seen);
    PSTR(" ");
    mine = wmul(n, 10);
    seen = true;
    if (n > 0) {
        calls = wadd(calls, 1);
        depth(wsub(n, 1));
    }
    if (seen) return wadd(mine, 1);
    else return -1;
}
static void count(void) {
    int32_t k = 0;
    while (k < 3) {
        pint(k);
        k = wadd(k, 1);
    }
    PSTRLN("");
}
int main(void) {
    pint(a);
    PSTR(" ");
    pboolln(b);
    pintln(fresh());
    pintln(fresh());
    pintln(fresh());
    pintln(depth(3));
    pintln(calls);
    count();
    count();
    while (a < 2) {
        count();
        a = wadd(a, 1);
    }
    return 0;
}
