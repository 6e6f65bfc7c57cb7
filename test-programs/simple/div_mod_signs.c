#include "wend_twin.h"
static void show(int32_t a, int32_t b) {
    pint(a);
    PSTR(" / ");
    pint(b);
    PSTR(" = ");
    pint(wdiv(a, b, 0));
    PSTR(", ");
    pint(a);
    PSTR(" % ");
    pint(b);
    PSTR(" = ");
    pint(wmod(a, b, 0));
    PSTR(", check: ");
    pboolln(wadd(wmul(wdiv(a, b, 0), b), wmod(a, b, 0)) == a);
}
int main(void) {
    show(7, 2);
    show(-7, 2);
    show(7, -2);
    show(-7, -2);
    show(6, 3);
    show(-6, 3);
    show(6, -3);
    show(-6, -3);
    show(1, 5);
    show(-1, 5);
    show(1, -5);
    show(-1, -5);
    show(0, 3);
    show(0, -3);
    show(2147483647, 1);
    show(2147483647, -1);
    show(2147483647, 2);
    show(2147483647, -2);
    show(WEND_INT_MIN, 2);
    show(WEND_INT_MIN, -2);
    show(WEND_INT_MIN, 3);
    show(WEND_INT_MIN, -3);
    show(WEND_INT_MIN, 2147483647);
    show(2147483647, WEND_INT_MIN);
    show(WEND_INT_MIN, WEND_INT_MIN);
    show(-2147483647, WEND_INT_MIN);
    show(100, 7);
    show(-100, 7);
    show(100, -7);
    show(-100, -7);
    return 0;
}
