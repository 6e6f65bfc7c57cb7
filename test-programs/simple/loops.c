#include "wend_twin.h"
int main(void) {
    int32_t i = 0, sum = 0, n = 0, rev = 0, a = 0, b = 0, t = 0, digits = 0, p = 0;
    while (i <= 100) {
        sum = wadd(sum, i);
        i = wadd(i, 1);
    }
    pintln(sum);
    n = 123456789;
    while (n > 0) {
        rev = wadd(wmul(rev, 10), wmod(n, 10, 0));
        n = wdiv(n, 10, 0);
    }
    pintln(rev);
    a = 1071;
    b = 462;
    while (b != 0) {
        t = wmod(a, b, 0);
        a = b;
        b = t;
    }
    pintln(a);
    n = 2147483647;
    while (n != 0) {
        digits = wadd(digits, 1);
        n = wdiv(n, 10, 0);
    }
    pintln(digits);
    p = 1;
    i = 0;
    while (i <= 31) {
        pint(p);
        PSTR(" ");
        p = wmul(p, 2);
        i = wadd(i, 1);
    }
    PSTRLN("");
    n = 27;
    i = 0;
    while (n != 1) {
        if (wmod(n, 2, 0) == 0) n = wdiv(n, 2, 0);
        else n = wadd(wmul(3, n), 1);
        i = wadd(i, 1);
    }
    PSTR("collatz(27) steps: ");
    pintln(i);
    return 0;
}
